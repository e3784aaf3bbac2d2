"""The controller: holds a game, dispatches actions, runs bot seats. No widgets, no rules.

Views read from it and call its methods; it tells listeners when something changed.
Because it imports no ipywidgets, its behaviour is tested like any other Python object.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

from ..bots import Bot, bots_answer, make_bot
from ..core.actions import Action
from ..core.errors import BeannbError, NotYourSeat
from ..core.events import Event
from ..core.game import Game


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
    game sees it, so its refusal cannot describe cards that are hidden from this page."""

    def __init__(self, game: Game, bots: Optional[dict[str, Bot]] = None, viewer: Optional[str] = None,
                 lang: str = "en", seats: Optional[Sequence[str]] = None):
        self.game = game
        self.bots: dict[str, Bot] = dict(bots or {})
        self.seats: list[str] = list(seats) if seats is not None else [p for p in game.players if p not in self.bots]
        self.viewer = viewer
        self.lang = lang
        self.last: Optional[Outcome] = None
        self._listeners: list[Callable[["GameController"], None]] = []

    # -- observers -------------------------------------------------------------------
    def on_change(self, fn: Callable[["GameController"], None]) -> None:
        self._listeners.append(fn)

    def changed(self) -> None:
        for fn in list(self._listeners):
            fn(self)

    # -- reading -----------------------------------------------------------------------
    @property
    def humans(self) -> list[str]:
        return [p for p in self.game.players if p not in self.bots]

    def observation(self):
        obs = self.game.observe(self.viewer)
        obs.lang = self.lang
        return obs

    def legal_for(self, player: Optional[str]) -> list[Action]:
        return list(self.game.legal_actions(player))

    def offer_partners(self, player: str) -> tuple[str, ...]:
        return self.game.legal_actions(player).offer_partners.get(player, ())

    # -- acting --------------------------------------------------------------------------
    def play(self, action: Union[str, Action], notify: bool = True) -> Outcome:
        """Try an action; a refusal is kept in ``last`` (and returned), never raised."""
        text = str(action)
        try:
            act = self.game.ruleset.parse(action)
            if act.player not in self.seats:
                raise NotYourSeat(act.player, self.seats)
            events = self.game.play(act)
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
        self.game.lang = lang
        self.changed()

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
