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
import numbers
import os
import stat
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from .actions import Action
from .errors import ActionSyntaxError, OptionError, SaveFileError, clip
from .events import Event
from .ruleset import LegalActions, Ruleset

GameState = Any

SAVE_FORMAT = "beannb-game"
SAVE_VERSION = 1
#: The largest save file :func:`load` reads (a long game's record is a few dozen kilobytes).
MAX_SAVE_BYTES = 5 * 1024 * 1024


#: Who answers :meth:`Game.hint` and :meth:`Game.review`: the package sets the strong
#: player's search (``beannb.bots.hint``) here, so that core imports nothing above it.
ADVISOR: dict[str, Callable[..., Any]] = {}


def set_advisor(hint: Callable[..., Any], review: Callable[..., Any]) -> None:
    """Install the functions ``hint(game, player, **budget)`` and ``review(game, player, **budget)``."""
    ADVISOR["hint"], ADVISOR["review"] = hint, review


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
        # The legal actions of one table, by player: a page asks for them several times per
        # redraw (its buttons, its trade form, its move builder), and a table never changes.
        self._legal_at: Any = None
        self._legal: dict[Optional[str], LegalActions] = {}

    @classmethod
    def new(cls, ruleset: Ruleset, players: Sequence[str], seed: int = 0, options: Optional[dict] = None) -> "Game":
        """A new game of ``ruleset``: options checked, the table set up from the seed. The
        players are a list of names (texts) and the seed a whole number (not a text, a
        fraction, true/false or None): anything else is refused with an ``OptionError``, so
        that every game started can be saved and loaded again."""
        if isinstance(players, (str, bytes)) or not isinstance(players, (list, tuple)):
            raise OptionError(f"players must be a list of names such as ['Ann', 'Bob', 'Cid'], not {_brief(players)}")
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise OptionError(f"the seed must be a whole number such as 1, not {_brief(seed)}")
        seed = int(seed)
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
        """What the rules allow now (``player``: one seat's, by name). Built once per table
        and player: asked again before the next action, the same list answers."""
        s, rs = self.state, self.ruleset
        at = self._legal_at
        if at is None or at[0] is not s or at[1] is not rs:
            self._legal_at, self._legal = (s, rs), {}
        legal = self._legal.get(player)
        if legal is None:
            legal = self._legal[player] = rs.legal_actions(s, player)
        return legal

    def explain(self, action: Union[str, Action]):
        """The refusal an action would get now (an ``IllegalAction``), or None if it is legal.
        A malformed action (text or object) raises ``ActionSyntaxError``."""
        return self.ruleset.validate(self.state, self._parse(action))

    def _parse(self, action: Union[str, Action]) -> Action:
        """``ruleset.parse``; text that names no verb is answered with the forms of the
        actions allowed now (in a battle step: attacks, not planting)."""
        try:
            return self.ruleset.parse(action)
        except ActionSyntaxError as exc:
            if isinstance(action, str) and exc.code in ("syntax-unknown-verb", "syntax-no-verb"):
                try:  # each legal action's first form, once
                    legal = self.ruleset.legal_actions(self.state)
                    forms = list(dict.fromkeys(f for a in legal for f in type(a).FORMS[:1]))
                except Exception:  # noqa: BLE001 - the hint is extra; the refusal stands as it was
                    raise exc from None
                if forms:
                    raise ActionSyntaxError(exc.text_given, exc.reason, forms[:6]) from None
            raise

    def play(self, action: Union[str, Action]) -> list[Event]:
        """Play one action (object or text). Illegal or malformed input raises a
        ``ValueError`` subclass and leaves the game exactly as it was: ``IllegalAction``
        for what the rules forbid now, ``ActionSyntaxError`` for text that is not an action
        and for a malformed action object (a field of the wrong type, another game's
        action class; see ``Ruleset.check_form``). Nothing refused is recorded. A text is
        read once (what the notation has just read is not read back again)."""
        act = self._parse(action)
        before = self.state
        after, events = self.ruleset.apply(before, act)
        self.steps.append(Step(act, before, after, events))
        self._redo.clear()
        return events

    def hint(self, player: Optional[str] = None, **budget: Any) -> Any:
        """The strong player's advice for ``player`` (default: the seat the game waits for),
        computed from that seat's observation only: ``.best`` (the move it would choose),
        ``.alternatives`` (the next best, each with an estimated win chance and points) and
        ``.why`` (a sentence by language); ``.text("hu")`` puts it all in words. ``budget``:
        ``iterations=`` (default 96), ``seconds=``, ``seed=``. A seat that is not to move,
        a finished game, or a budget below 1 is refused with a ``ValueError``."""
        if "hint" not in ADVISOR:
            raise RuntimeError("no hint search is installed (import beannb sets it up)")
        return ADVISOR["hint"](self, player, **budget)

    def review(self, player: str, **budget: Any) -> Any:
        """The moves of ``player`` so far that cost the most against the best move the strong
        player's search finds there (``.mistakes``, worst first; ``.text("hu")``)."""
        if "review" not in ADVISOR:
            raise RuntimeError("no review search is installed (import beannb sets it up)")
        return ADVISOR["review"](self, player, **budget)

    def play_all(self, actions: Iterable[Union[str, Action]]) -> list[Event]:
        return [e for a in actions for e in self.play(a)]

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
            "final": {"moves": len(self.steps), "turn": self.state.turn, "phase": self.state.phase,
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

    def renamed(self, names: Mapping[str, str]) -> "Game":
        """The same game with its players renamed (``names``: a name -> the new one; players not
        in it keep theirs): the starting table, every action played and the actions to redo,
        replayed under the new names, so the log, the events and every sentence say them.
        Without a change: this game itself. A new name that another player has already is
        refused with a ``ValueError``, as is a history that does not replay."""
        from ..i18n.cast import rename_data, rename_text

        pairs = {k: v for k, v in names.items() if k in self.players and k != v}
        if not pairs:
            return self
        players = [pairs.get(p, p) for p in self.players]
        if len(set(players)) != len(players):
            raise ValueError(f"renaming {', '.join(self.players)} would seat one name twice: {', '.join(players)}")
        state = self.ruleset.state_from_dict(rename_data(self.initial.to_dict(), pairs))
        g = Game(self.ruleset, state, players=players, seed=self.seed, options=rename_data(self.options, pairs),
                 custom_start=self.custom_start)
        g.lang = self.lang
        for st in self.steps:
            g.play(rename_text(str(st.action), pairs))
        g._redo = [self.ruleset.parse(rename_text(str(a), pairs)) for a in self._redo]
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


def _kind(value: Any) -> str:
    """A JSON value's kind in words, for a refusal."""
    return {bool: "true/false", int: "a number", float: "a number", str: "a text", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _brief(value: Any, limit: int = 40) -> str:
    """A plain value as written (clipped); a list or object only by its kind."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 40:
        return "a very large number"
    return clip(repr(value), limit) if isinstance(value, (str, int, float, type(None))) else _kind(value)


def _is_int(value: Any) -> bool:
    return type(value) is int  # JSON true/false are bools, and True == 1 in Python


def _check_record(rec: Any) -> None:
    """The record's own shape, before anything is rebuilt from it (SaveFileError if wrong)."""
    if not isinstance(rec, dict):
        raise SaveFileError(f"a saved game is a JSON object, not {_kind(rec)}")
    if rec.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a beannb game record (format is {_brief(rec.get('format'))}, expected {SAVE_FORMAT!r})")
    if not _is_int(rec.get("version")) or rec["version"] != SAVE_VERSION:
        raise SaveFileError(f"save version {_brief(rec.get('version'))} is not supported; this beannb reads version {SAVE_VERSION}")
    for key, kind in (("game", str), ("players", list), ("actions", list), ("options", dict)):
        if not isinstance(rec.get(key), kind):
            raise SaveFileError(f"the record's {key!r} must be {_kind(kind())}, not {_kind(rec.get(key))}")
    if not all(isinstance(p, str) for p in rec["players"]):
        raise SaveFileError("the record's 'players' must be a list of names (texts)")
    for i, text in enumerate(rec["actions"], start=1):
        if not isinstance(text, str):
            raise SaveFileError(f"the record's action {i} must be a text such as 'Ann plant', not {_kind(text)}")
    seed = rec.get("seed")
    if "initial" in rec:
        if seed is not None and not _is_int(seed):
            raise SaveFileError(f"the record's 'seed' must be a whole number or null, not {_kind(seed)}")
        if not isinstance(rec["initial"], dict):
            raise SaveFileError(f"the record's 'initial' table must be an object, not {_kind(rec['initial'])}")
    elif "seed" in rec and not _is_int(seed):
        raise SaveFileError(f"the record's 'seed' must be a whole number, not {_kind(seed)}")
    final = rec.get("final")
    if final is None:
        return
    if not isinstance(final, dict):
        raise SaveFileError(f"the record's 'final' must be an object (moves, turn, phase, cards, scores), not {_kind(final)}")
    for key, ok, what in (("moves", _is_int, "a whole number"), ("turn", _is_int, "a whole number"),
                          ("cards", _is_int, "a whole number"),
                          ("phase", lambda v: isinstance(v, str), "a text")):
        if final.get(key) is not None and not ok(final[key]):
            raise SaveFileError(f"the record's final {key!r} must be {what}, not {_kind(final[key])}")
    scores = final.get("scores")
    if scores is not None and not (isinstance(scores, dict) and all(_is_int(v) for v in scores.values())):
        raise SaveFileError("the record's final 'scores' must be an object of player names to whole numbers, or null")


#: The zones of a base-game-shaped state whose items are cards of the game.
_CARD_ZONES = ("deck", "discard", "faceup", "offer_zone", "removed")
_PLAYER_ZONES = ("hand", "coins", "pending")


def _check_initial(ruleset: Ruleset, state: Any, players: list[str], options: dict) -> None:
    """Refuse (SaveFileError) a recorded starting table the rules cannot work with: plain
    values of another type than a fresh table's (a text for a number ...), other seats than
    the record's players, a seat or phase that does not exist, cards the game does not have,
    more or fewer cards than the game has (B-44), or views and legal actions that cannot be
    computed. Other errors raised here are caught by :func:`from_record`."""
    def need(ok: bool, why: str) -> None:
        if not ok:
            raise SaveFileError(f"the record's initial table is refused: {why}")

    fresh = ruleset.setup(list(players), 0, options)
    given = state.to_dict()
    for key, want in fresh.to_dict().items():
        if type(want) in (bool, int, str, list, dict):
            need(type(given.get(key)) is type(want), f"its {key!r} is {_kind(given.get(key))}, not {_kind(want)}")
    names = [p.name for p in state.players]
    need(names == list(players), f"its seats are {clip(', '.join(map(_brief, names)), 80)}, "
                                 f"the record's players {clip(', '.join(players), 80)}")
    n = len(names)
    for key in ("active", "start_seat"):
        value = getattr(state, key, 0)
        need(_is_int(value) and 0 <= value < n, f"its {key} is {_brief(value)}, not a seat from 0 to {n - 1}")
    for key in ("turn", "exhausted", "planted", "rng"):
        value = getattr(state, key, 0)
        need(_is_int(value) and value >= 0, f"its {key} is {_brief(value)}, not a whole number from 0")
    need(not ruleset.PHASES or state.phase in ruleset.PHASES,
         f"its phase {_brief(state.phase)} is not a phase of {ruleset.name}")
    kept = getattr(state, "options", None)
    need(kept is None or kept == options, f"its options {clip(kept, 80)} are not the record's {clip(options, 80)}")
    problem = ruleset.initial_problem(state)
    need(problem is None, problem or "")
    zones = [(k, getattr(state, k, ())) for k in _CARD_ZONES]
    for p in state.players:
        zones += [(f"{p.name}'s {k}", getattr(p, k, ())) for k in _PLAYER_ZONES]
        zones += [(f"{p.name}'s field {i}", f) for i, f in enumerate(getattr(p, "fields", ()), start=1)]
    for where, cards in zones:
        need(isinstance(cards, tuple), f"its {where} is not a list of cards")
        bad = [c for c in cards if not isinstance(c, str) or c not in ruleset.cards]
        need(not bad, f"its {where} holds {_brief(bad[0]) if bad else ''}, not a card of {ruleset.name}")
    need(state.card_total() == fresh.card_total(), f"it holds {state.card_total()} cards; {ruleset.name} has {fresh.card_total()}")
    ruleset.to_move(state)
    ruleset.legal_actions(state)
    ruleset.table(state)
    for seat in [None, *range(n)]:
        ruleset.observe(state, seat)


#: What a corrupt starting table can make the rules raise while a record is rebuilt.
_CORRUPT = (LookupError, TypeError, AttributeError, ArithmeticError, RecursionError)


def from_record(rec: Any, lookup: Callable[[str], Ruleset]) -> Game:
    """Rebuild a game from a record (as ``Game.record()`` makes) by replaying its actions.

    Anything wrong with the record raises :class:`SaveFileError` saying what: its shape
    (types of every key), a starting table the rules cannot work with, an action that does
    not replay, or a final table or final scores other than the replay's."""
    _check_record(rec)
    try:
        ruleset = lookup(rec["game"])
    except ValueError as exc:
        raise SaveFileError(f"the record's game is refused: {exc}") from None
    initial = False  # rebuilding the record's initial table (else its setup: options, seats, seed)
    try:
        if "initial" in rec:
            options = ruleset.check_options(dict(rec["options"]))
            initial = True
            state = ruleset.state_from_dict(rec["initial"])
            _check_initial(ruleset, state, rec["players"], options)
            initial = False
            g = Game(ruleset, state, players=rec["players"], seed=rec.get("seed"), options=options, custom_start=True)
        else:
            g = Game.new(ruleset, rec["players"], rec.get("seed", 0), rec["options"])
    except SaveFileError:
        raise
    except ValueError as exc:
        raise SaveFileError(f"the record's {'initial table' if initial else 'setup'} is refused: {exc}") from None
    except _CORRUPT as exc:
        raise SaveFileError(f"the record's {'initial ' if initial else ''}table cannot be rebuilt: "
                            f"{type(exc).__name__}: {clip(exc, 120)}") from None
    for i, text in enumerate(rec["actions"], start=1):
        try:
            g.play(text)
        except ValueError as exc:
            raise SaveFileError(f"action {i} ({clip(text, 60)!r}) does not replay: {exc}") from None
        except _CORRUPT as exc:
            # Only a corrupt starting table can make a legal action fail while it is carried out.
            raise SaveFileError(f"action {i} ({clip(text, 60)!r}) cannot be carried out on the record's table: "
                                f"{type(exc).__name__}: {clip(exc, 120)}") from None
    final = rec.get("final")
    if final:
        s = g.state
        if final.get("moves") is not None and final["moves"] != len(rec["actions"]):
            raise SaveFileError(f"the record lists {len(rec['actions'])} moves, but its final table was reached after "
                                f"{_brief(final['moves'])}: moves are missing or added")
        if final.get("cards") is not None and final["cards"] != s.card_total():
            raise SaveFileError(f"the replayed game does not match the record's final table "
                                f"({s.card_total()} cards, the record says {final['cards']})")
        if final.get("turn") is not None and (final["turn"], final.get("phase")) != (s.turn, s.phase):
            raise SaveFileError(f"the replayed game does not end where the record says it does (turn {s.turn}, "
                                f"{s.phase}; the record says turn {final['turn']}, {clip(str(final.get('phase')), 30)})")
        if "scores" in final and final["scores"] != g.scores:
            raise SaveFileError(f"the record's final scores {clip(final['scores'], 80)} are not the replay's "
                                f"({g.scores if g.scores is not None else 'no scores yet'})")
    return g


def _show_path(path: Any) -> str:
    return clip(os.fsdecode(path), 120)


def load(path: Union[str, bytes, Path, Mapping[str, Any]], lookup: Callable[[str], Ruleset]) -> Game:
    """Load a game saved with ``Game.save`` (a versioned JSON record, UTF-8, at most
    :data:`MAX_SAVE_BYTES`); ``path`` is the file's path (a text, bytes or a ``Path``), or
    the record itself (a mapping, as :func:`from_record` takes). Anything wrong with the file
    raises :class:`SaveFileError`, and so does any other ``path``: a number is never taken
    for an open file descriptor, and a pipe or device is never opened."""
    if isinstance(path, Mapping):
        return from_record(dict(path), lookup)
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise SaveFileError(f"a saved game is loaded from a file path (a text or a Path) or a record, not {_brief(path)}")
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
        if regular:
            with open(path, "rb") as fh:
                data = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveFileError(f"cannot read {_show_path(path)}: {exc.strerror or exc}") from None
    except ValueError as exc:  # an embedded NUL character
        raise SaveFileError(f"cannot read {_show_path(path)}: {clip(exc, 80)}") from None
    if not regular:
        raise SaveFileError(f"cannot read {_show_path(path)}: it is not a regular file (a folder, pipe or device)")
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{os.fsdecode(path)} is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB: not a beannb save file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{os.fsdecode(path)} is not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})") from None
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{os.fsdecode(path)} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise SaveFileError(f"{os.fsdecode(path)} is not a beannb save file: its JSON is nested too deeply") from None
    except ValueError as exc:  # e.g. a number of thousands of digits
        raise SaveFileError(f"{os.fsdecode(path)} is not valid JSON: {clip(exc, 80)}") from None
    return from_record(rec, lookup)
