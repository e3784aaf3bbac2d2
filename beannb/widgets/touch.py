"""The touchable table and map: front-end widgets (anywidget) fed with small JSON models.

:class:`TableWidget` draws any game's table (and Bohnaparte's map beside it) from one
seat's observation; a click on a highlighted card, field or territory sends back the index
of one of the legal actions it was given, and the widget calls ``on_action`` with that
action. It never sees the state, and never decides what is legal.

:class:`MapWidget` is the same front end showing only a map: a click on a territory calls
``on_pick`` with its key (``"hex:07"``), e.g. to explain who can attack it.

The front end is a plain ES module and a stylesheet shipped in ``widgets/front``: no
build step and nothing loaded from another host, so it works under Voila and in a
browser-only build alike.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Sequence

import anywidget
import traitlets as T

from ..games import DEFAULT_GAME
from ..render import touch as models
from .front import StaticFront, asset, front_traits


class TableWidget(StaticFront, anywidget.AnyWidget):
    """A table you can touch. Update it with :meth:`show`; only the parts that changed
    travel to the browser (each part is its own synced trait)."""

    _esm, _css, _anywidget_id = front_traits(asset("touch.js"), asset("touch.css"), f"{__name__}.TableWidget")

    table = T.Dict(allow_none=True, default_value=None).tag(sync=True)
    actions = T.Dict().tag(sync=True)
    map = T.Dict(allow_none=True, default_value=None).tag(sync=True)
    msg = T.Dict().tag(sync=True)
    cards = T.Dict().tag(sync=True)
    words = T.Dict().tag(sync=True)
    pick = T.Dict().tag(sync=True)

    def __init__(self, on_action: Optional[Callable[[Any], None]] = None,
                 on_pick: Optional[Callable[[str], None]] = None, **kw: Any):
        super().__init__(**kw)
        self.add_class("beannb-touch")
        self.on_action = on_action
        self.on_pick = on_pick
        self._acts: list = []
        self._rev = 0
        self._cards_key: Optional[tuple] = None
        self._shown: Optional[tuple] = None
        self.on_msg(self._handle)

    # -- kernel side ----------------------------------------------------------------------------
    def show(self, obs: dict, lang: str = "en", actions: Sequence[Any] = (), ruleset: Any = None,
             changed: Iterable[str] = (), show_player: bool = False, msg: Optional[dict] = None,
             pick: Optional[dict] = None, with_table: bool = True, map_player: Optional[str] = None) -> None:
        """Draw ``obs`` (one seat's observation) with ``actions`` (that seat's legal actions)
        as the click targets. ``msg`` carries the message and log HTML shown beside it."""
        game = obs.get("game", DEFAULT_GAME)
        self._shown = (obs, lang, tuple(changed))
        acts = list(actions)
        table = models.table_model(obs, lang, self._shown[2]) if with_table else None
        amodel = models.actions_model(acts, obs, ruleset, lang, show_player) if ruleset is not None else \
            {"acts": [], "targets": {}}
        if amodel != {k: v for k, v in self.actions.items() if k != "rev"}:
            self._rev += 1
        amodel["rev"] = self._rev
        self._acts = acts
        mp = models.map_of(obs, lang, map_player)
        with self.hold_sync():
            if self._cards_key != (game, lang):
                self._cards_key = (game, lang)
                self.cards = models.card_table(game, lang)
                self.words = models.labels(lang)
            self.table = table
            self.actions = amodel
            self.map = mp
            self.msg = msg or {}
            self.pick = pick or {}

    @property
    def value(self) -> str:
        """The table last shown, as the HTML table draws it (for reading in tests and
        scripts; nothing of it is sent to the browser)."""
        if getattr(self, "_shown", None) is None:
            return ""
        from ..render.html import table_html

        obs, lang, changed = self._shown
        return table_html(obs, lang, changed)

    def _handle(self, _widget: Any, content: dict, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("t") == "act":
            i = content.get("i")
            if content.get("r") != self._rev or not isinstance(i, int) or not 0 <= i < len(self._acts):
                return  # a click on a table that has changed since: ignore it
            if self.on_action is not None:
                self.on_action(self._acts[i])
        elif content.get("t") == "pick" and isinstance(content.get("k"), str):
            if content["k"] in self.pick and self.on_pick is not None:
                self.on_pick(content["k"])

    # -- for tests and scripts: what a click on ``key`` offers -----------------------------------
    def offered(self, key: str) -> list:
        """The legal actions a click on ``key`` offers (first or next click)."""
        acts = self.actions.get("acts", [])
        ids = set(self.actions.get("targets", {}).get(key, []))
        ids |= {i for i, a in enumerate(acts) if a[2] == key}
        return [self._acts[i] for i in sorted(ids)]

    def click(self, key: str, then: Optional[str] = None) -> bool:
        """Act as the front end does for a click on ``key`` (then on ``then``); True if an
        action was sent."""
        acts = self.actions.get("acts", [])
        ids = self.actions.get("targets", {}).get(key, [])
        if then is not None:
            ids = [i for i in ids if acts[i][1] == key and acts[i][2] == then]
        if len(ids) != 1:
            return False
        self._handle(self, {"t": "act", "i": ids[0], "r": self._rev}, None)
        return True


class MapWidget(TableWidget):
    """Bohnaparte's map alone; a click on a territory calls ``on_pick("hex:<pos>")``."""

    def __init__(self, on_pick: Optional[Callable[[str], None]] = None, **kw: Any):
        super().__init__(on_pick=on_pick, **kw)
        self.add_class("beannb-touch-map")

    def show_map(self, obs: dict, player: Optional[str], lang: str = "en", selected: Optional[str] = None) -> None:
        positions = obs["map"]["positions"]
        pick = {f"hex:{p}": p == selected for p in positions}
        self.show(obs, lang, with_table=False, pick=pick, map_player=player)
