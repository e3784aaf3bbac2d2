"""Scenario files as data: the format's keys, :class:`Scenario`, and :func:`load_scenario`,
which reads a file safely (size cap, no YAML aliases) and checks its shape. Running and
checking scenarios is :mod:`beannb.scenarios`; stepping through them, :mod:`beannb.walkthrough`.
"""
from __future__ import annotations

import dataclasses
import json
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

import yaml

from .core.errors import OptionError, ScenarioError, clip, did_you_mean
from .core.game import Game
from .core.ruleset import Ruleset
from .games import get_ruleset
from .i18n import LANGS
from .i18n.cast import name_map, rename_data, rename_text

TOP_KEYS = {"title", "game", "options", "players", "seed", "rules", "setup", "steps", "description",
            "title_hu", "description_hu", "level", "tags", "expect_setup_error", "format", "variants"}
STEP_KEYS = {"say", "say_hu", "do", "expect", "expect_error", "expect_legal", "expect_not_legal",
             "ask", "ask_hu", "choices", "choices_hu", "answer", "explain", "explain_hu", "rule", "title",
             "name", "expect_events"}
#: Keys of one entry of ``variants`` (format 2): a branch that shares the file's setup and
#: steps up to the step named by ``from`` (``start``: before the first step).
VARIANT_KEYS = {"name", "title", "title_hu", "from", "rules", "steps", "setup", "options", "seed", "description",
                "description_hu"}
#: The format versions this package reads. Version 1 is the base format; version 2 adds
#: variants, more comparisons, event checks and stricter setups; version 3 adds the setup
#: keys each game declares as ``FORMAT3_KEYS`` (the base game: the deck before the deal)
#: and ``default`` as an option's value (docs/scenarios.md).
FORMAT_VERSIONS = (1, 2, 3)
#: An option's value that resets it to the game's default (format 3): a variant that turns
#: back an option the file sets writes ``options: {same_type_fields: default}``.
DEFAULT_OPTION = "default"
#: Step keys whose values are words for the learner (or names of steps), not notation: a
#: walkthrough in another language renames the example players everywhere else.
WORDING_KEYS = {"say", "say_hu", "ask", "ask_hu", "explain", "explain_hu", "title", "title_hu", "choices_hu",
                "name", "from", "description", "description_hu"}
SETUP_KEYS = {"active", "phase", "deck", "deck_size", "discard", "discard_size", "faceup", "offer_zone",
              "exhausted", "players", "turn", "planted", "ending"}


def own_wording(data: Any, key: str, lang: str) -> Optional[str]:
    """What the author of a scenario file wrote for ``key`` (``title``, ``say``, ``ask`` …) in
    ``lang``: ``<key>`` in English, ``<key>_<lang>`` in another language (``say_hu``); None
    where the file (the scenario, a step or a variant, as a mapping) has no such wording."""
    if not isinstance(data, Mapping):
        return None
    value = data.get(key if lang == "en" else f"{key}_{lang}")
    if not isinstance(value, (str, int, float)) or value == "":
        return None  # no wording: missing, empty, or not text (a list, a mapping)
    return str(value)


def wording(data: Any, key: str, lang: str, default: str = "", *, cast: bool = False) -> str:
    """``key`` of a scenario file's mapping in ``lang``: the author's ``<key>_<lang>``, else the
    English ``<key>`` (``default`` when that is missing too). With ``cast`` the English stands
    in with the example players called as ``lang`` calls them (:mod:`beannb.i18n.cast`)."""
    own = own_wording(data, key, lang)
    if own is not None:
        return own
    english = own_wording(data, key, "en")
    if english is None:
        return default
    return rename_text(english, name_map("en", lang)) if cast and lang != "en" else english


def file_keys(key: str, texts: Mapping[str, str]) -> dict[str, str]:
    """A wording by language as a scenario file writes it: ``{"say": …, "say_hu": …}`` from
    ``{"en": …, "hu": …}`` (the inverse of :func:`wordings`): the English always, another
    language where it has text."""
    return {key if lang == "en" else f"{key}_{lang}": texts.get(lang, "") for lang in LANGS
            if lang == "en" or texts.get(lang)}


def wordings(data: Any, key: str, default: str = "", *, cast: bool = False) -> dict[str, str]:
    """``key`` of a scenario file's mapping in every language the pages speak (see :func:`wording`)."""
    return {lang: wording(data, key, lang, default, cast=cast) for lang in LANGS}


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
    #: The format version the file declares (``format: 2``); 1 when it declares none.
    version: int = 1
    #: Line numbers (1-based) of the file's keys and items, by their path of keys and list
    #: indices, e.g. ``("steps", 2, "answer")``. Empty for JSON files and built data.
    lines: dict[tuple, int] = field(default_factory=dict, repr=False)
    #: Where each step sits in the file (its key path), for line numbers of variants' steps.
    step_paths: list[tuple] = field(default_factory=list, repr=False)
    #: The variant's name when this scenario is one branch of a file's ``variants``.
    variant: Optional[str] = None
    #: For a variant: the file it branches from and how many of the file's steps it shares
    #: (their renaming for another language is the file's, made once for all its variants).
    trunk: Optional[tuple["Scenario", int]] = field(default=None, repr=False, compare=False)
    _renamed: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def line(self, *path: Any) -> Optional[int]:
        """The line of the deepest key of ``path`` the file has (``line("steps", 2, "answer")``
        falls back to the step's line, then to None)."""
        key = tuple(path)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return None

    def step_line(self, index: int, *keys: Any) -> Optional[int]:
        """The line of step ``index`` (1-based), or of its ``keys`` (``"expect", "Ann.coins"``)
        when the file has them."""
        if not 1 <= index <= len(self.step_paths):
            return None
        return self.line(*self.step_paths[index - 1], *keys)

    def title_in(self, lang: str) -> str:
        """The scenario's title in ``lang`` (its English title, with ``lang``'s example players,
        where the file has none in it)."""
        return wording(self.raw, "title", lang, self.title, cast=True)

    @property
    def variants(self) -> list["Scenario"]:
        """The file's variants (format 2), each a scenario of its own: the shared setup and
        steps up to its ``from`` step, then its own steps."""
        return [self._variant(i, v) for i, v in enumerate(self.raw.get("variants") or [])]

    def _variant(self, i: int, v: dict) -> "Scenario":
        start = v.get("from", "start")
        k = _step_index(self.steps, start)
        setup = dict(self.setup, **(v.get("setup") or {}))
        options = reset_options(dict(self.options, **(v.get("options") or {})))
        own = list(v.get("steps") or [])
        name = str(v.get("name") or f"variant {i + 1}")
        title = str(v.get("title") or f"{self.title} ({name})")
        raw = dict(self.raw, title=title, rules=v.get("rules", self.rules), setup=setup, options=options, variants=[])
        for key in v:  # the variant's own title in other languages and its description
            if key.startswith(("title_", "description")):
                raw[key] = v[key]
        paths = self.step_paths[:k] + [("variants", i, "steps", j) for j in range(len(own))]
        return Scenario(self.path, title, self.game, self.players, v.get("seed", self.seed), options,
                        [str(r) for r in (v.get("rules") or self.rules)], setup, self.steps[:k] + own, raw,
                        self.version, self.lines, paths, name, (self, k))

    def in_language(self, lang: str) -> "Scenario":
        """This scenario with the example players called as a page in ``lang`` calls them
        (:mod:`beannb.i18n.cast`): the seats, the setup and every step's notation (actions,
        ``expect`` paths, choices and answers) renamed; the wording (``say``, ``ask_hu`` …)
        is the author's, written for its language. English (the files' own names): itself."""
        names = {k: v for k, v in name_map("en", lang).items() if k != v and k in self.players}
        if not names:
            return self

        def steps(items: list) -> list:
            return [{k: (v if k in WORDING_KEYS else rename_data(v, names)) for k, v in st.items()}
                    if isinstance(st, dict) else st for st in items]

        def variant(v: Any) -> Any:
            if not isinstance(v, dict):
                return v
            out = {k: (val if k in WORDING_KEYS else rename_data(val, names)) for k, val in v.items() if k != "steps"}
            if "steps" in v:
                out["steps"] = steps(list(v["steps"] or []))
            return out

        raw = dict(self.raw, players=rename_data(self.players, names), setup=rename_data(self.setup, names))
        written = None  # the file's steps as written, renamed once for all its variants
        if self.trunk is None:
            own = steps(self.steps)
        else:  # a variant: the shared steps as the file renames them
            base, shared = self.trunk
            if lang not in base._renamed:
                renamed = steps(base.steps)
                listed = base.raw.get("steps")
                base._renamed[lang] = (renamed, renamed if listed is base.steps
                                       else steps(listed) if isinstance(listed, list) else None)
            base_steps, written = base._renamed[lang]
            own = base_steps[:shared] + steps(self.steps[shared:])
            if self.raw.get("steps") is not base.raw.get("steps"):
                written = None
        if written is not None:
            raw["steps"] = written
        elif isinstance(raw.get("steps"), list):
            raw["steps"] = steps(raw["steps"])
        if isinstance(raw.get("variants"), list):
            raw["variants"] = [variant(v) for v in raw["variants"]]
        return dataclasses.replace(self, players=raw["players"], setup=raw["setup"], steps=own, raw=raw,
                                   options=rename_data(self.options, names), trunk=None)

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.game)

    def new_game(self) -> Game:
        """A game at the scenario's starting table, before any step."""
        rs = self.ruleset
        state = rs.state_from_setup(self.players, self.seed, self.options, self.setup)
        return Game(rs, state, players=self.players, seed=self.seed, options=state.options,
                    custom_start=bool(self.setup))


def reset_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options`` without those set to ``default`` (format 3): the game gives them its default."""
    return {k: v for k, v in options.items() if not (isinstance(v, str) and v == DEFAULT_OPTION)}


def _fail(path: str, msg: str, line: Optional[int] = None) -> ScenarioError:
    return ScenarioError(f"{path}:{line}: {msg}" if line else f"{path}: {msg}")


def _step_index(steps: list, ref: Any) -> int:
    """How many of ``steps`` a variant shares: ``start`` (none), a step's ``name``, or its
    number (1-based)."""
    if ref == "start":
        return 0
    for k, st in enumerate(steps, start=1):
        if isinstance(st, dict) and "name" in st and str(st["name"]) == str(ref):
            return k
    if type(ref) is int and 1 <= ref <= len(steps):
        return ref
    raise ScenarioError(f"no step named {ref!r} to branch from")


def _line_map(node: Any, path: tuple = (), out: Optional[dict] = None) -> dict[tuple, int]:
    """Key paths of a composed YAML document and the line (1-based) each starts on."""
    out = {} if out is None else out
    if node is None:
        return out
    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = k.value if isinstance(k, yaml.ScalarNode) else None
            if key is None:
                continue
            out.setdefault(path + (key,), k.start_mark.line + 1)
            _line_map(v, path + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _line_map(v, path + (i,), out)
    return out


#: The largest scenario file read (the longest committed one is a few kilobytes).
MAX_SCENARIO_BYTES = 1024 * 1024
#: The deepest nesting of lists and mappings a scenario file may have.
MAX_SCENARIO_DEPTH = 64
#: The most steps checking one file may play: the file's steps, each variant's own steps,
#: and the shared steps again for each variant that sets its own table (``setup``,
#: ``options`` or ``seed``: it replays from the start). A variant on the file's table
#: branches from the file's run and costs only its own steps, so many variants of a long
#: file stay cheap; this bounds the replays.
MAX_PLAYED_STEPS = 50_000


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


def _parse_yaml(text: str) -> tuple[Any, dict[tuple, int]]:
    loader = ScenarioLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return data, _line_map(node)


def _yaml_words(problem: str, context: str, opened: Optional[int]) -> Optional[str]:
    """A YAML parser's problem in plain words (None where there are none for it)."""
    at = f" on line {opened}" if opened else ""
    if "flow sequence" in context:
        return (f"the list opened with '[' {at.strip()} is not closed: a ',' between its items or "
                "the closing ']' is missing (a value with ': ' or '#' in it needs quotes)")
    if "flow mapping" in context:
        return (f"the mapping opened with '{{' {at.strip()} is not closed: a ',' between its entries "
                "or the closing '}' is missing")
    if "quoted scalar" in context:
        return f"the quoted text that starts{at} has no closing quote"
    if "'\\t'" in problem:
        return "a tab character: indent with spaces only"
    if "cannot start any token" in problem:
        char = problem.split("'")[1] if problem.count("'") >= 2 else "this character"
        return f"a value cannot start with {char!r}: put the value in quotes"
    if "mapping values are not allowed" in problem:
        return ("a ':' where no key may start: put a value that holds ': ' in quotes, or indent the line "
                "under its key")
    if "could not find expected ':'" in problem:
        return "this line is neither 'key: value' nor a list item ('- ...'): is a ':' missing?"
    if "expected <block end>" in problem:
        return ("this line is not indented like the lines around it: keys of one mapping, and the items "
                "of one list, start in the same column")
    if "constructor for the tag" in problem:
        return "a tag ('!!...') is not allowed: a scenario holds only text, numbers, lists and mappings"
    return None


def yaml_problem(exc: yaml.YAMLError, text: str = "") -> tuple[Optional[int], str]:
    """The line (1-based) of a YAML error in ``text`` and what is wrong there, in plain words."""
    if isinstance(exc, yaml.reader.ReaderError):
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        line = text.count("\n", 0, exc.position) + 1 if text else None
        return line, f"the character U+{code:04X} (a control character) is not allowed in a YAML file; delete it"
    problem = str(getattr(exc, "problem", None) or "")
    context = str(getattr(exc, "context", None) or "")
    mark = getattr(exc, "problem_mark", None)
    opened = getattr(exc, "context_mark", None)
    words = _yaml_words(problem, context, opened.line + 1 if opened is not None else None)
    if words is None:
        words = clip(problem or exc, 200)
    if "could not find expected ':'" in problem and opened is not None:
        mark = opened  # the key that lacks its ':' is where the scanner started, not where it gave up
    return (mark.line + 1 if mark is not None else None), words


def _read_lines(path: Union[str, Path], p: str) -> tuple[Any, dict[tuple, int]]:
    """The data of a scenario file: at most :data:`MAX_SCENARIO_BYTES` of UTF-8 YAML or JSON
    (by the suffix), refused with :class:`ScenarioError` before parsing when larger; and the
    line of every key path (empty for JSON)."""
    try:
        info = Path(path).stat()
        if not stat.S_ISREG(info.st_mode):  # a pipe or device would block or never end
            raise _fail(p, "it is not a regular file (a folder, pipe or device); a scenario is a YAML or JSON file")
        size = info.st_size
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
        return (json.loads(text), {}) if p.endswith(".json") else _parse_yaml(text)
    except yaml.YAMLError as exc:
        line, words = yaml_problem(exc, text)
        raise _fail(p, f"not valid YAML: {words}", line) from None
    except json.JSONDecodeError as exc:
        raise _fail(p, f"not valid JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise _fail(p, "not valid YAML/JSON: nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as exc:  # e.g. a 5,000-digit number, a 30th of February
        raise _fail(p, f"not valid YAML/JSON: {type(exc).__name__}: {clip(exc, 200)}") from None


def _unknown(bad, allowed) -> str:
    """"unknown key(s) [...]" with a "did you mean" for each misspelled one, and the keys allowed."""
    hints = [(k, did_you_mean(k, allowed)) for k in sorted(map(str, bad))]
    hints = [(k, h) for k, h in hints if h]
    if len(bad) == 1 and hints:
        hint = hints[0][1]
    else:
        hint = " (" + "; ".join(f"{k!r}: {h[2:-1]}" for k, h in hints) + ")" if hints else ""
    return f"unknown key(s) {clip(sorted(map(str, bad)), 200)}{hint}; allowed: {sorted(map(str, allowed))}"


def load_scenario(path: Union[str, Path], data: Optional[dict] = None) -> Scenario:
    """Read and check a scenario file (YAML or JSON). Malformed files raise ``ScenarioError``,
    and only that: too large, not UTF-8, not YAML, YAML aliases, values of the wrong type."""
    p = str(path)
    lines: dict[tuple, int] = {}
    if data is None:
        data, lines = _read_lines(path, p)
    try:
        sc = _check_data(p, data)
        sc.lines = lines
        return sc
    except ScenarioError as exc:
        if lines and str(exc).startswith(p + ": ") and getattr(exc, "key_path", None) is not None:
            key = tuple(exc.key_path)
            while key and key not in lines:
                key = key[:-1]
            if key:
                raise _fail(p, str(exc)[len(p) + 2:], lines[key]) from None
        raise
    except Exception as exc:  # noqa: BLE001 - a safety net: whatever a file holds, it is refused clearly
        raise _fail(p, f"cannot be loaded: {type(exc).__name__}: {clip(exc, 200)}") from exc


def _bad(p: str, msg: str, *path: Any) -> ScenarioError:
    """A refusal of the file's shape; ``path`` (keys and indices) lets the loader add the line."""
    exc = _fail(p, msg)
    exc.key_path = path  # type: ignore[attr-defined]
    return exc


def _check_steps(p: str, steps: Any, where: tuple, label: str = "") -> None:
    if not isinstance(steps, list):
        raise _bad(p, f"{label}steps must be a list", *where)
    names: set[str] = set()
    for i, st in enumerate(steps, start=1):
        at = where + (i - 1,)
        if not isinstance(st, dict):
            raise _bad(p, f"{label}step {i} must be a mapping (say/do/expect...)", *at)
        bad = set(st) - STEP_KEYS
        if bad:
            raise _bad(p, f"{label}step {i}: {_unknown(bad, STEP_KEYS)}", *at, sorted(map(str, bad))[0])
        if "name" in st:
            if not isinstance(st["name"], (str, int)) or isinstance(st["name"], bool) or str(st["name"]) == "start":
                raise _bad(p, f"{label}step {i}: name must be a word (not 'start')", *at, "name")
            if str(st["name"]) in names:
                raise _bad(p, f"{label}step {i}: the name {st['name']!r} is used twice", *at, "name")
            names.add(str(st["name"]))
        if "expect_error" in st:
            err = st["expect_error"]
            alts = err if isinstance(err, list) else [err]
            if not alts or not all(isinstance(e, str) for e in alts):
                raise _bad(p, f"{label}step {i}: expect_error is a rule id or a list of rule ids", *at, "expect_error")
        if "expect_events" in st:
            evs = st["expect_events"]
            if not isinstance(evs, list) or not all(isinstance(e, dict) and isinstance(e.get("event"), str) for e in evs):
                raise _bad(p, f"{label}step {i}: expect_events is a list of mappings, each with an 'event' kind",
                           *at, "expect_events")


def _check_format3(p: str, version: int, rs: Ruleset, setup: dict, options: dict, where: tuple,
                   label: str = "") -> None:
    """In a file older than format 3: refuse the setup keys the game reads only in format 3
    (its ``FORMAT3_KEYS``) and options reset with ``default``, saying to write ``format: 3``."""
    if version >= 3:
        return
    newer = sorted(map(str, set(setup) & rs.format3_keys()))
    if newer:
        raise _bad(p, f"{label}setup.{newer[0]} is new in format 3: write format: 3 at the top of the file",
                   *where, "setup", newer[0])
    reset = sorted(str(k) for k, v in options.items() if isinstance(v, str) and v == DEFAULT_OPTION)
    if reset:
        raise _bad(p, f"{label}options: {reset[0]}: {DEFAULT_OPTION} (the game's default) is new in format 3: "
                      "write format: 3 at the top of the file", *where, "options", reset[0])


def _check_data(p: str, data: Any) -> Scenario:
    if not isinstance(data, dict):
        raise _fail(p, "a scenario is a mapping with title, game, players, setup and steps")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise _bad(p, _unknown(unknown, TOP_KEYS), sorted(map(str, unknown))[0])
    for key in ("game", "players"):
        if key not in data:
            raise _fail(p, f"missing {key!r}")
    try:
        get_ruleset(data["game"])
    except OptionError as exc:
        raise _bad(p, str(exc), "game") from None
    version = data.get("format", 1)
    if type(version) is not int or version not in FORMAT_VERSIONS:
        raise _bad(p, f"format must be one of {', '.join(map(str, FORMAT_VERSIONS))}, not {clip(repr(version), 40)}", "format")
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(x, str) for x in players):
        raise _bad(p, "players must be a list of names in seat order", "players")
    seed = data.get("seed", 0)
    if type(seed) is not int:  # not a bool, a float or a text
        raise _bad(p, f"seed must be a whole number, not {clip(repr(seed), 40)}", "seed")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise _bad(p, "options must be a mapping of option names to values", "options")
    steps = data.get("steps") or []
    _check_steps(p, steps, ("steps",))
    setup = data.get("setup") or {}
    if not isinstance(setup, dict):
        raise _bad(p, "setup must be a mapping", "setup")
    rs = get_ruleset(data["game"])
    allowed = SETUP_KEYS | rs.setup_keys() | rs.format3_keys()
    bad = set(setup) - allowed
    if bad:
        raise _bad(p, f"setup: {_unknown(bad, allowed)}", "setup", sorted(map(str, bad))[0])
    _check_format3(p, version, rs, setup, options, ())
    rules = data.get("rules") or []
    if not isinstance(rules, list):
        raise _bad(p, "rules must be a list of rule ids", "rules")
    variants = data.get("variants") or []
    if variants and version < 2:
        raise _bad(p, "variants need format: 2 at the top of the file", "variants")
    if not isinstance(variants, list):
        raise _bad(p, "variants must be a list of mappings (name, from, steps)", "variants")
    seen: set[str] = set()
    for i, v in enumerate(variants):
        label = f"variant {i + 1}: "
        if not isinstance(v, dict):
            raise _bad(p, f"{label}a variant is a mapping with name, from and steps", "variants", i)
        badv = set(v) - VARIANT_KEYS
        if badv:
            raise _bad(p, f"{label}{_unknown(badv, VARIANT_KEYS)}", "variants", i,
                       sorted(map(str, badv))[0])
        name = str(v.get("name") or f"variant {i + 1}")
        if name in seen:
            raise _bad(p, f"{label}the name {name!r} is used twice", "variants", i, "name")
        seen.add(name)
        try:
            _step_index(steps, v.get("from", "start"))
        except ScenarioError as exc:
            raise _bad(p, f"{label}{exc}; name a step with 'name:' (or write from: start)", "variants", i, "from") from None
        _check_steps(p, v.get("steps") or [], ("variants", i, "steps"), label)
        for key in ("setup", "options"):
            if not isinstance(v.get(key) or {}, dict):
                raise _bad(p, f"{label}{key} must be a mapping", "variants", i, key)
        badv = set(v.get("setup") or {}) - allowed
        if badv:
            raise _bad(p, f"{label}setup: {_unknown(badv, allowed)}", "variants", i, "setup")
        _check_format3(p, version, rs, v.get("setup") or {}, v.get("options") or {}, ("variants", i), label)
        if not isinstance(v.get("rules") or [], list):
            raise _bad(p, f"{label}rules must be a list of rule ids", "variants", i, "rules")
        if "seed" in v and type(v["seed"]) is not int:
            raise _bad(p, f"{label}seed must be a whole number", "variants", i, "seed")
    played = len(steps)
    for i, v in enumerate(variants):
        played += len(v.get("steps") or [])
        if v.get("setup") or v.get("options") or "seed" in v:
            played += _step_index(steps, v.get("from", "start"))
        if played > MAX_PLAYED_STEPS:
            raise _bad(p, f"checking this file would play {played:,} steps by variant {i + 1} (its steps, each variant's "
                          "own steps, and the shared steps again for each variant with its own setup, options or seed); "
                          f"a scenario file may play at most {MAX_PLAYED_STEPS:,} (MAX_PLAYED_STEPS): "
                          "split the file, or let variants share the file's table", "variants", i)
    options = reset_options(options)
    if version >= 2 and not data.get("expect_setup_error"):
        try:
            rs.check_scenario_setup(players, dict(options), setup)
        except ScenarioError as exc:
            raise _bad(p, str(exc), "setup") from None
        for i, v in enumerate(variants):
            if v.get("setup") or v.get("options"):
                try:
                    rs.check_scenario_setup(players, reset_options(dict(options, **(v.get("options") or {}))),
                                            dict(setup, **(v.get("setup") or {})))
                except ScenarioError as exc:
                    raise _bad(p, f"variant {i + 1}: {exc}", "variants", i, "setup") from None
    return Scenario(p, str(data.get("title", Path(p).stem)), data["game"], players, seed,
                    dict(options), [str(r) for r in rules], setup, steps, data, version, {},
                    [("steps", i) for i in range(len(steps))])
