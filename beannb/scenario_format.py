"""Scenario files as data: the format's keys, :class:`Scenario`, and :func:`load_scenario`,
which reads a file safely (size cap, no YAML aliases) and checks its shape. Running and
checking scenarios is :mod:`beannb.scenarios`; stepping through them, :mod:`beannb.walkthrough`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

import yaml

from .core.errors import IllegalAction, OptionError, ScenarioError, clip
from .core.game import Game
from .core.ruleset import Ruleset
from .games import get_ruleset

TOP_KEYS = {"title", "game", "options", "players", "seed", "rules", "setup", "steps", "description",
            "title_hu", "description_hu", "level", "tags", "expect_setup_error"}
STEP_KEYS = {"say", "say_hu", "do", "expect", "expect_error", "expect_legal", "expect_not_legal",
             "ask", "ask_hu", "choices", "choices_hu", "answer", "explain", "explain_hu", "rule", "title"}
SETUP_KEYS = {"active", "phase", "deck", "deck_size", "discard", "discard_size", "faceup", "offer_zone",
              "exhausted", "players", "turn", "planted", "ending"}


@dataclass
class Scenario:
    path: str
    title: str
    game: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    rules: list[str]
    setup: dict[str, Any]
    steps: list[dict[str, Any]]
    raw: dict[str, Any] = field(default_factory=dict)

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.game)

    def new_game(self) -> Game:
        """A game at the scenario's starting table, before any step."""
        rs = self.ruleset
        state = rs.state_from_setup(self.players, self.seed, self.options, self.setup)
        return Game(rs, state, players=self.players, seed=self.seed, options=state.options,
                    custom_start=bool(self.setup))


def _fail(path: str, msg: str) -> ScenarioError:
    return ScenarioError(f"{path}: {msg}")


#: The largest scenario file read (the longest committed one is a few kilobytes).
MAX_SCENARIO_BYTES = 1024 * 1024
#: The deepest nesting of lists and mappings a scenario file may have.
MAX_SCENARIO_DEPTH = 64


class ScenarioLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses aliases (``*name``): a few lines of aliases to aliases
    expand to billions of nodes ("billion laughs"), and a scenario never needs them. It also
    refuses nesting deeper than :data:`MAX_SCENARIO_DEPTH` before Python's recursion limit
    is reached."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise yaml.composer.ComposerError(None, None, "YAML aliases (*name) are not allowed in scenario files",
                                              self.peek_event().start_mark)
        depth = getattr(self, "_depth", 0)
        if depth >= MAX_SCENARIO_DEPTH:
            raise yaml.composer.ComposerError(None, None, f"nested more than {MAX_SCENARIO_DEPTH} levels deep",
                                              self.peek_event().start_mark)
        self._depth = depth + 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth = depth


def _read(path: Union[str, Path], p: str) -> Any:
    """The data of a scenario file: at most :data:`MAX_SCENARIO_BYTES` of UTF-8 YAML or JSON
    (by the suffix), refused with :class:`ScenarioError` before parsing when larger."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_SCENARIO_BYTES:
            raise _fail(p, f"the file is {size:,} bytes; a scenario file is at most {MAX_SCENARIO_BYTES:,}")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SCENARIO_BYTES + 1)
    except OSError as exc:
        raise _fail(p, f"cannot read the file ({exc.strerror or exc})") from None
    if len(raw) > MAX_SCENARIO_BYTES:  # a file that grew, or one stat cannot size (a pipe)
        raise _fail(p, f"the file is larger than {MAX_SCENARIO_BYTES:,} bytes, the most a scenario file may have")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(p, f"not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start})") from None
    try:
        return json.loads(text) if p.endswith(".json") else yaml.load(text, Loader=ScenarioLoader)  # noqa: S506
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise _fail(p, f"not valid YAML/JSON: {clip(exc, 300)}") from None
    except RecursionError:
        raise _fail(p, "not valid YAML/JSON: nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as exc:  # e.g. a 5,000-digit number, a 30th of February
        raise _fail(p, f"not valid YAML/JSON: {type(exc).__name__}: {clip(exc, 200)}") from None


def _keys(keys) -> str:
    return clip(sorted(map(str, keys)), 200)


def load_scenario(path: Union[str, Path], data: Optional[dict] = None) -> Scenario:
    """Read and check a scenario file (YAML or JSON). Malformed files raise ``ScenarioError``,
    and only that: too large, not UTF-8, not YAML, YAML aliases, values of the wrong type."""
    p = str(path)
    if data is None:
        data = _read(path, p)
    try:
        return _check_data(p, data)
    except ScenarioError:
        raise
    except Exception as exc:  # noqa: BLE001 - a safety net: whatever a file holds, it is refused clearly
        raise _fail(p, f"cannot be loaded: {type(exc).__name__}: {clip(exc, 200)}") from exc


def _check_data(p: str, data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise _fail(p, "a scenario is a mapping with title, game, players, setup and steps")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise _fail(p, f"unknown key(s) {_keys(unknown)}; allowed: {sorted(TOP_KEYS)}")
    for key in ("game", "players"):
        if key not in data:
            raise _fail(p, f"missing {key!r}")
    try:
        get_ruleset(data["game"])
    except OptionError as exc:
        raise _fail(p, str(exc)) from None
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(x, str) for x in players):
        raise _fail(p, "players must be a list of names in seat order")
    seed = data.get("seed", 0)
    if type(seed) is not int:  # not a bool, a float or a text
        raise _fail(p, f"seed must be a whole number, not {clip(repr(seed), 40)}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise _fail(p, "options must be a mapping of option names to values")
    steps = data.get("steps") or []
    if not isinstance(steps, list):
        raise _fail(p, "steps must be a list")
    for i, st in enumerate(steps, start=1):
        if not isinstance(st, dict):
            raise _fail(p, f"step {i} must be a mapping (say/do/expect...)")
        bad = set(st) - STEP_KEYS
        if bad:
            raise _fail(p, f"step {i}: unknown key(s) {_keys(bad)}; allowed: {sorted(STEP_KEYS)}")
    setup = data.get("setup") or {}
    if not isinstance(setup, dict):
        raise _fail(p, "setup must be a mapping")
    bad = set(setup) - SETUP_KEYS - set(get_ruleset(data["game"]).SETUP_KEYS)
    if bad:
        raise _fail(p, f"setup: unknown key(s) {_keys(bad)}; allowed: {sorted(SETUP_KEYS)}")
    rules = data.get("rules") or []
    if not isinstance(rules, list):
        raise _fail(p, "rules must be a list of rule ids")
    return Scenario(p, str(data.get("title", Path(p).stem)), data["game"], players, seed,
                    dict(options), [str(r) for r in rules], setup, steps, data)


# --------------------------------------------------------------------------------------
# Building the table
# --------------------------------------------------------------------------------------
# --------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------
