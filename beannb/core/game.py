"""The user-facing game object: play, undo/redo, log, observe, save/load, replay.

>>> import beannb
>>> g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
>>> g.to_move
['Ann']
>>> "Ann reveal" in g.legal_actions()   # the front card must be planted first (B-09)
False
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from .actions import Action
from .errors import SaveFileError
from .events import Event
from .ruleset import LegalActions, Ruleset

GameState = Any

SAVE_FORMAT = "beannb-game"
SAVE_VERSION = 1


class Step:
    """One played action with the state before it and the events it caused."""

    __slots__ = ("action", "before", "after", "events")

    def __init__(self, action: Action, before: GameState, after: GameState, events: list[Event]):
        self.action, self.before, self.after, self.events = action, before, after, events


class Game:
    """A game in progress. The rules live in ``ruleset``; this object keeps the history."""

    def __init__(self, ruleset: Ruleset, state: GameState, *, players: Sequence[str], seed: Optional[int],
                 options: dict[str, Any], custom_start: bool = False):
        self.ruleset = ruleset
        self.initial = state
        self.players = list(players)
        self.seed = seed
        self.options = dict(options)
        self.custom_start = custom_start
        self.steps: list[Step] = []
        self._redo: list[Action] = []
        self.lang = "en"

    @classmethod
    def new(cls, ruleset: Ruleset, players: Sequence[str], seed: int = 0, options: Optional[dict] = None) -> "Game":
        """A new game of ``ruleset``: options checked, the table set up from the seed."""
        opts = ruleset.check_options(dict(options or {}))
        state = ruleset.setup(list(players), seed, opts)
        return cls(ruleset, state, players=list(players), seed=seed, options=opts)

    # -- state -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.steps[-1].after if self.steps else self.initial

    @property
    def game(self) -> str:
        return self.ruleset.name

    @property
    def to_move(self) -> list[str]:
        """Names of the players whose decision the game waits for, most urgent first."""
        s = self.state
        return [s.players[i].name for i in self.ruleset.to_move(s)]

    def is_over(self) -> bool:
        return self.ruleset.is_over(self.state)

    @property
    def scores(self) -> Optional[dict[str, int]]:
        s = self.state
        return dict(zip(self.players, s.scores)) if s.scores else None

    @property
    def winners(self) -> Optional[list[str]]:
        s = self.state
        return [s.players[i].name for i in s.winners] if s.winners else None

    def table(self) -> dict[str, Any]:
        return self.ruleset.table(self.state)

    # -- acting ----------------------------------------------------------------------------
    def legal_actions(self, player: Optional[str] = None) -> LegalActions:
        return self.ruleset.legal_actions(self.state, player)

    def explain(self, action: Union[str, Action]):
        """The refusal an action would get now (an ``IllegalAction``), or None if it is legal."""
        return self.ruleset.why_not(self.state, self.ruleset.parse(action))

    def play(self, action: Union[str, Action]) -> list[Event]:
        """Play one action (object or text). Illegal or malformed input raises a
        ``ValueError`` subclass and leaves the game exactly as it was."""
        act = self.ruleset.parse(action)
        before = self.state
        after, events = self.ruleset.apply(before, act)
        self.steps.append(Step(act, before, after, events))
        self._redo.clear()
        return events

    def play_all(self, actions: Iterable[Union[str, Action]]) -> list[Event]:
        out: list[Event] = []
        for a in actions:
            out.extend(self.play(a))
        return out

    def undo(self) -> Action:
        if not self.steps:
            raise IndexError("nothing to undo")
        step = self.steps.pop()
        self._redo.append(step.action)
        return step.action

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IndexError("nothing to redo")
        act = self._redo.pop()
        redo = self._redo
        self._redo = []
        try:
            return self.play(act)
        finally:
            self._redo = redo

    @property
    def can_undo(self) -> bool:
        return bool(self.steps)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- history -----------------------------------------------------------------------------
    @property
    def actions(self) -> list[Action]:
        return [st.action for st in self.steps]

    @property
    def log(self) -> list[Event]:
        """Every event so far, in order; ``event.text("hu")`` narrates in Hungarian."""
        return [e for st in self.steps for e in st.events]

    def narration(self, lang: str = "en", last: Optional[int] = None) -> list[str]:
        """The log as sentences; ``last`` keeps only the most recent ones (cheap for views)."""
        if last is None:
            return [e.text(lang) for e in self.log]
        events: list[Event] = []
        for st in reversed(self.steps):
            events[:0] = st.events
            if len(events) >= last:
                break
        return [e.text(lang) for e in events[-last:]]

    def log_size(self) -> int:
        return sum(len(st.events) for st in self.steps)

    def observe(self, player: Optional[str] = None) -> "Observation":
        """What ``player`` may see; None is the whole table (teacher view)."""
        s = self.state
        seat = None
        if player is not None:
            seat = s.seat_of(player)
            if seat is None:
                raise ValueError(f"no player called {player!r}; players are {', '.join(self.players)}")
        return Observation(self.ruleset.observe(s, seat), self.lang, self.ruleset)

    # -- records -------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game, "players": self.players,
            "seed": self.seed, "options": self.options, "actions": [str(a) for a in self.actions],
            "final": {"turn": self.state.turn, "phase": self.state.phase,
                      "cards": self.state.card_total(), "scores": self.scores},
        }
        if self.custom_start:
            rec["initial"] = self.initial.to_dict()
        return rec

    def save(self, path: Union[str, Path]) -> None:
        Path(path).write_text(json.dumps(self.record(), ensure_ascii=False, indent=1), encoding="utf-8")

    def copy(self) -> "Game":
        g = Game(self.ruleset, self.initial, players=self.players, seed=self.seed, options=self.options,
                 custom_start=self.custom_start)
        g.steps = list(self.steps)
        g._redo = list(self._redo)
        g.lang = self.lang
        return g

    # -- display -------------------------------------------------------------------------------
    def _repr_html_(self) -> str:
        return self.observe(None)._repr_html_()

    def __repr__(self) -> str:
        s = self.state
        return (f"<Game {self.game} turn {s.turn}, {s.phase}, active {s.players[s.active].name}, "
                f"{len(self.steps)} actions>")


class Observation(dict):
    """A seat's view of the table (a dict) that renders itself as HTML in Jupyter."""

    def __init__(self, data: dict, lang: str = "en", ruleset: Optional[Ruleset] = None):
        super().__init__(data)
        self.lang = lang
        self.ruleset = ruleset

    def _repr_html_(self) -> str:
        if self.ruleset is None:
            return "<pre>" + repr(dict(self)) + "</pre>"
        return self.ruleset.view.table_html(self, self.lang)


def from_record(rec: Any, lookup: Callable[[str], Ruleset]) -> Game:
    """Rebuild a game from a record (as ``Game.record()`` makes) by replaying its actions."""
    if not isinstance(rec, dict):
        raise SaveFileError("a saved game is a JSON object")
    if rec.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a beannb game record (format is {rec.get('format')!r}, expected {SAVE_FORMAT!r})")
    if rec.get("version") != SAVE_VERSION:
        raise SaveFileError(f"save version {rec.get('version')!r} is not supported; this beannb reads version {SAVE_VERSION}")
    for key, kind in (("game", str), ("players", list), ("actions", list), ("options", dict)):
        if not isinstance(rec.get(key), kind):
            raise SaveFileError(f"the record's {key!r} must be a {kind.__name__}")
    try:
        ruleset = lookup(rec["game"])
        if "initial" in rec:
            state = ruleset.state_from_dict(rec["initial"])
            g = Game(ruleset, state, players=rec["players"], seed=rec.get("seed"), options=rec["options"],
                     custom_start=True)
        else:
            g = Game.new(ruleset, rec["players"], rec.get("seed", 0), rec["options"])
    except (KeyError, TypeError) as exc:
        raise SaveFileError(f"the record's table cannot be rebuilt: {exc}") from None
    except ValueError as exc:
        raise SaveFileError(f"the record's setup is refused: {exc}") from None
    for i, text in enumerate(rec["actions"], start=1):
        try:
            g.play(text)
        except ValueError as exc:
            raise SaveFileError(f"action {i} ({text!r}) does not replay: {exc}") from None
    final = rec.get("final")
    if final and final.get("cards") is not None and final.get("cards") != g.state.card_total():
        raise SaveFileError("the replayed game does not match the record's final table")
    if final and final.get("turn") is not None and (final.get("turn"), final.get("phase")) != (g.state.turn, g.state.phase):
        raise SaveFileError("the replayed game does not end where the record says it does")
    return g


def load(path: Union[str, Path], lookup: Callable[[str], Ruleset]) -> Game:
    """Load a game saved with ``Game.save`` (a versioned JSON record)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"cannot read {path}: {exc.strerror}") from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    return from_record(rec, lookup)
