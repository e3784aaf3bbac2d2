"""The controller: holds a game, dispatches actions, runs bot seats. No widgets, no rules.

Views read from it and call its methods; it tells listeners when something changed.
Because it imports no ipywidgets, its behaviour is tested like any other Python object.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from ..bots import Bot, bots_answer, make_bot
from ..core.actions import Action
from ..core.errors import BeannbError, NotYourSeat
from ..core.events import Event
from ..core.game import Game
from ..i18n import LANGS
from ..i18n.cast import cast as cast_names
from ..i18n.cast import rename_text


@dataclass
class Outcome:
    """What one attempt produced: the events, or the refusal."""

    action: str
    events: list[Event] = field(default_factory=list)
    error: Optional[ValueError] = None

    @property
    def ok(self) -> bool:
        return self.error is None

    own_events: int = -1  # how many of ``events`` the action itself caused (the rest: bots)

    def message(self, lang: str = "en", own_only: bool = False) -> str:
        if self.error is None:
            events = self.events[: self.own_events] if own_only and self.own_events >= 0 else self.events
            return " ".join(e.text(lang) for e in events)
        if isinstance(self.error, BeannbError):
            return self.error.text(lang)
        return str(self.error)


class GameController:
    """A game plus who plays each seat. ``bots`` maps seat names to bots; other seats are
    people, who act through :meth:`play`. ``seats`` are the seats this page acts for (by
    default every seat no bot plays): an action for any other seat is refused before the
    game sees it, so its refusal cannot describe cards that are hidden from this page.

    ``cast``: the language whose example players (:mod:`beannb.i18n.cast`) sit at this table
    (a scenario's table: English; a game against bots: its page's language). A language
    switch then calls them as the new language does, in the middle of the game too; the
    names in ``keep`` (a player's own) stay as they are; a table made in a language other than
    ``cast`` plays a renamed copy of ``game`` from the start. Without ``cast`` no name changes."""

    def __init__(self, game: Game, bots: Optional[dict[str, Bot]] = None, viewer: Optional[str] = None,
                 lang: str = "en", seats: Optional[Sequence[str]] = None, cast: Optional[str] = None,
                 keep: Iterable[str] = ()):
        self.game = game
        self.bots: dict[str, Bot] = dict(bots or {})
        self.seats: list[str] = list(seats) if seats is not None else [p for p in game.players if p not in self.bots]
        self.viewer = viewer
        self.lang = lang
        self.cast = None if cast is None else cast if cast in LANGS else "en"
        self.keep = set(keep)
        here = cast_names(self.cast) if self.cast is not None else []
        #: Seat -> its place in the cast, for each example player (kept through renamings).
        self._cast_seats = {i: here.index(p) for i, p in enumerate(game.players) if p in here and p not in self.keep}
        self.last: Optional[Outcome] = None
        self._listeners: list[Callable[["GameController"], None]] = []
        if self.cast is not None:  # a table made in another language: its names at once
            self._recast(lang if lang in LANGS else "en")

    # -- observers -------------------------------------------------------------------
    def on_change(self, fn: Callable[["GameController"], None]) -> None:
        self._listeners.append(fn)

    def changed(self) -> None:
        for fn in list(self._listeners):
            fn(self)

    # -- reading -----------------------------------------------------------------------
    def observation(self):
        obs = self.game.observe(self.viewer)
        obs.lang = self.lang
        return obs

    def legal_for(self, player: Optional[str]) -> list[Action]:
        return list(self.game.legal_actions(player))

    def offer_partners(self, player: str) -> tuple[str, ...]:
        return self.game.legal_actions(player).offer_partners.get(player, ())

    # -- acting --------------------------------------------------------------------------
    def _checked(self, action: Union[str, Action]) -> Action:
        """``action`` read, and refused unless one of this page's seats plays it."""
        act = self.game.ruleset.parse(action)
        if act.player not in self.seats:
            raise NotYourSeat(act.player, self.seats)
        return act

    def play(self, action: Union[str, Action], notify: bool = True) -> Outcome:
        """Try an action; a refusal is kept in ``last`` (and returned), never raised."""
        text = str(action)
        try:
            events = self.game.play(self._checked(action))
            out = Outcome(text, events)
        except BeannbError as exc:  # refusals, unreadable text, another seat's move: all explain themselves
            out = Outcome(text, error=exc)
        self.last = out
        out.own_events = len(out.events)
        if out.ok and self.bots:
            out.events = out.events + self.run_bots()
        if notify:
            self.changed()
        return out

    def run_bots(self, max_actions: int = 2000) -> list[Event]:
        """Let bot seats act until a person must decide (or the game ends)."""
        return bots_answer(self.game, self.bots, max_actions)

    def undo(self) -> None:
        """Undo back to the previous decision of a person (bot moves in between go too)."""
        g = self.game
        if not g.can_undo:
            return
        g.undo()
        while g.can_undo and self.bots and g.steps[-1].action.player in self.bots:
            g.undo()
        self.last = None
        self.changed()

    def redo(self) -> None:
        if self.game.can_redo:
            self.game.redo()
            self.last = None
            self.changed()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.cast is not None:
            self._recast(lang if lang in LANGS else "en")
        self.game.lang = lang
        self.changed()

    def cast_names(self, lang: str) -> dict[str, str]:
        """Each example player at the table -> the name ``lang`` gives that seat of the cast
        (names in ``keep`` and names of no example player stay; a cast name a kept one has
        already goes to the first name of ``lang``'s cast nobody else is called)."""
        if self.cast is None:
            return {}
        there, players = cast_names(lang), self.game.players
        taken = {p for i, p in enumerate(players) if i not in self._cast_seats}
        used = set(self._cast_seats.values())
        names: dict[str, str] = {}
        for i, k in sorted(self._cast_seats.items()):
            name = there[k]
            if name in taken:
                name = next(n for j, n in enumerate(there) if j not in used and n not in taken)
            taken.add(name)
            names[players[i]] = name
        return names

    def _recast(self, lang: str) -> None:
        """The example players called as ``lang`` calls them: the game replayed under their
        names, the bots, seats and viewer renamed, and the last outcome said with them."""
        if lang == self.cast:
            return
        names = self.cast_names(lang)
        try:
            game = self.game.renamed(names)
        except ValueError:  # a history that does not replay renamed: the names stay
            return
        old, self.cast = self.game, lang
        if game is old:
            return
        self.game = game
        self.bots = {names.get(p, p): b for p, b in self.bots.items()}
        self.seats = [names.get(p, p) for p in self.seats]
        self.viewer = names.get(self.viewer, self.viewer) if self.viewer else self.viewer
        last = self.last
        if last is None:
            return
        text = rename_text(last.action, names)
        if last.ok:  # the same events, as the replay made them with the new names
            same = {id(e): n for a, b in zip(old.steps, game.steps) for e, n in zip(a.events, b.events)}
            renamed = Outcome(text, [same.get(id(e), e) for e in last.events])
            renamed.own_events = last.own_events
            self.last = renamed
            return
        try:  # the refusal asked again: the table has not changed since
            error = game.explain(self._checked(text))
        except BeannbError as exc:
            error = exc
        self.last = Outcome(text, error=error) if error is not None else None

    def set_viewer(self, viewer: Optional[str]) -> None:
        self.viewer = viewer
        self.changed()


def new_controller(game: str = "bohnanza", players=("You", "Bot1", "Bot2"), seed: int = 1, human: str = "You",
                   bot_kind: str = "trader", lang: str = "en", **options: Any) -> GameController:
    """A game where ``human`` plays and every other seat is a bot of ``bot_kind``."""
    from ..games import new_game

    g = new_game(game, list(players), seed, **options)
    bots = {p: make_bot(bot_kind, seed * 100 + i) for i, p in enumerate(players) if p != human}
    for b in bots.values():
        b.reset()
    c = GameController(g, bots, viewer=human, lang=lang)
    c.run_bots()
    return c
