"""The ruleset protocol and registry: one ruleset per game behind one interface."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

from .actions import Action, parse
from .errors import IllegalAction, OptionError
from .events import Event
from .state import GameState


@dataclass(frozen=True)
class Option:
    """A ruleset option: its default, the values allowed (None: any of ``type``) and a doc line."""

    default: Any
    doc: str
    choices: Optional[tuple] = None
    type: type = object

    def check(self, name: str, value: Any, game: str) -> Any:
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"{game}: option {name}={value!r} is not allowed; choose one of "
                              + ", ".join(repr(c) for c in self.choices))
        if self.choices is None and self.type is not object and not isinstance(value, self.type):
            raise OptionError(f"{game}: option {name} must be {self.type.__name__}, not {value!r}")
        return value


class LegalActions(Sequence[Action]):
    """What the rules allow now. Iterate, count, index, or test any action with ``in``.

    Iteration lists every concrete action that can be enumerated cheaply. Trade offers
    are too many to list (any set of own cards for any beans), so they appear as
    ``offer_partners`` (who may propose to whom) and ``in`` validates a concrete one.
    """

    def __init__(self, ruleset: "Ruleset", state: GameState, actions: list[Action],
                 offer_partners: Optional[dict[str, tuple[str, ...]]] = None):
        self._ruleset = ruleset
        self._state = state
        self._actions = actions
        self.offer_partners: dict[str, tuple[str, ...]] = offer_partners or {}

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i):
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        try:
            act = self._ruleset.parse(action) if isinstance(action, str) else action
        except ValueError:
            return False
        if not isinstance(act, Action):
            return False
        return self._ruleset.why_not(self._state, act) is None

    def texts(self) -> list[str]:
        return [str(a) for a in self._actions]

    def by_kind(self) -> dict[str, list[Action]]:
        groups: dict[str, list[Action]] = {}
        for a in self._actions:
            groups.setdefault(a.VERB, []).append(a)
        return groups

    def for_player(self, name: str) -> list[Action]:
        return [a for a in self._actions if a.player == name]

    def __repr__(self) -> str:
        extra = f", offers possible: {self.offer_partners}" if self.offer_partners else ""
        return f"LegalActions({self.texts()}{extra})"


class Ruleset:
    """Base class. A ruleset is stateless; every method takes the state it works on."""

    name: str = ""
    title: dict[str, str] = {}
    rule_prefix: str = ""
    OPTIONS: dict[str, Option] = {}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise OptionError(f"{self.name}: unknown option(s) {', '.join(unknown)}; options are "
                              + ", ".join(f"{k} (default {v.default!r})" for k, v in self.OPTIONS.items()))
        out = {k: opt.default for k, opt in self.OPTIONS.items()}
        for k, v in options.items():
            out[k] = self.OPTIONS[k].check(k, v, self.name)
        return out

    # The protocol ------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> GameState:
        raise NotImplementedError

    def legal_actions(self, state: GameState, player: Optional[str] = None) -> LegalActions:
        raise NotImplementedError

    def why_not(self, state: GameState, action: Action) -> Optional[IllegalAction]:
        raise NotImplementedError

    def apply(self, state: GameState, action: Action, check: bool = True) -> tuple[GameState, list[Event]]:
        raise NotImplementedError

    def to_move(self, state: GameState) -> tuple[int, ...]:
        raise NotImplementedError

    def observe(self, state: GameState, seat: Optional[int]) -> dict[str, Any]:
        raise NotImplementedError

    def table(self, state: GameState) -> dict[str, Any]:
        raise NotImplementedError

    #: The game's own verb table (verb -> Action class); None means the base game's verbs.
    VERBS: Optional[dict] = None

    def parse(self, text):
        """Read an action in this game's notation (objects pass through)."""
        if isinstance(text, Action):
            return text
        return parse(text, self.VERBS)

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def state_from_dict(self, d: dict) -> GameState:
        return GameState.from_dict(d)


RULESETS: dict[str, Callable[[], Ruleset]] = {}
_INSTANCES: dict[str, Ruleset] = {}


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    RULESETS[name] = factory


def get_ruleset(name: str) -> Ruleset:
    from .. import rulesets  # noqa: F401  (registers the built-in rulesets)

    if name not in RULESETS:
        raise OptionError(f"unknown game {name!r}; games are {', '.join(sorted(RULESETS))}")
    if name not in _INSTANCES:
        _INSTANCES[name] = RULESETS[name]()
    return _INSTANCES[name]


def available() -> list[str]:
    from .. import rulesets  # noqa: F401

    return sorted(RULESETS)
