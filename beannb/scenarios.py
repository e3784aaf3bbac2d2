"""Scenario files: load, build the table they describe, run their steps, report.

The format is described in ``docs/scenarios.md``. A scenario sets a table (anything it
leaves out is dealt from its seed, with the fixed cards taken out of the supply first),
plays actions in the ruleset's notation and states what must happen.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional, Union

import yaml

from .core.errors import IllegalAction, OptionError, ScenarioError
from .core.game import Game
from .core.ruleset import Ruleset
from .games import get_ruleset

TOP_KEYS = {"title", "game", "options", "players", "seed", "rules", "setup", "steps", "description",
            "title_hu", "description_hu", "level", "tags", "expect_setup_error"}
STEP_KEYS = {"say", "say_hu", "do", "expect", "expect_error", "expect_legal", "expect_not_legal",
             "ask", "ask_hu", "choices", "answer", "explain", "explain_hu", "rule", "title"}
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


def load_scenario(path: Union[str, Path], data: Optional[dict] = None) -> Scenario:
    """Read and check a scenario file (YAML or JSON). Malformed files raise ``ScenarioError``."""
    p = str(path)
    if data is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise _fail(p, f"cannot read the file ({exc.strerror})") from None
        try:
            data = json.loads(text) if p.endswith(".json") else yaml.safe_load(text)
        except (yaml.YAMLError, json.JSONDecodeError) as exc:
            raise _fail(p, f"not valid YAML/JSON: {exc}") from None
    if not isinstance(data, dict):
        raise _fail(p, "a scenario is a mapping with title, game, players, setup and steps")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise _fail(p, f"unknown key(s) {sorted(unknown)}; allowed: {sorted(TOP_KEYS)}")
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
    steps = data.get("steps") or []
    if not isinstance(steps, list):
        raise _fail(p, "steps must be a list")
    for i, st in enumerate(steps, start=1):
        if not isinstance(st, dict):
            raise _fail(p, f"step {i} must be a mapping (say/do/expect...)")
        bad = set(st) - STEP_KEYS
        if bad:
            raise _fail(p, f"step {i}: unknown key(s) {sorted(bad)}; allowed: {sorted(STEP_KEYS)}")
    setup = data.get("setup") or {}
    if not isinstance(setup, dict):
        raise _fail(p, "setup must be a mapping")
    bad = set(setup) - SETUP_KEYS - set(get_ruleset(data["game"]).SETUP_KEYS)
    if bad:
        raise _fail(p, f"setup: unknown key(s) {sorted(bad)}; allowed: {sorted(SETUP_KEYS)}")
    rules = data.get("rules") or []
    if not isinstance(rules, list):
        raise _fail(p, "rules must be a list of rule ids")
    return Scenario(p, str(data.get("title", Path(p).stem)), data["game"], players, int(data.get("seed", 0)),
                    dict(data.get("options") or {}), [str(r) for r in rules], setup, steps, data)


# --------------------------------------------------------------------------------------
# Building the table
# --------------------------------------------------------------------------------------
# --------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------
@dataclass
class Result:
    path: str
    title: str
    game: str
    rules: list[str]
    failures: list[str]

    @property
    def passed(self) -> bool:
        return not self.failures


def _as_list(value: Any) -> list:
    return value if isinstance(value, list) else [value]


def check_expect(game: Game, expect: dict, where: str) -> list[str]:
    failures = []
    table = game.table()
    if not isinstance(expect, dict):
        return [f"{where}: expect must map table paths to values"]
    for path, want in expect.items():
        if path not in table:
            near = sorted(k for k in table if k.split(".")[-1] == str(path).split(".")[-1])[:5]
            failures.append(f"{where}: unknown table path {path!r}" + (f" (did you mean {', '.join(near)}?)" if near else ""))
            continue
        got = table[path]
        if isinstance(want, list) and got is not None and isinstance(got, (list, tuple)):
            want = _normalise(game, want)
        elif isinstance(want, str) and isinstance(got, str):
            want = _normalise(game, [want])[0]
        if got != want:
            failures.append(f"{where}: {path} is {got!r}, expected {want!r}")
    return failures


def _normalise(game: Game, value: Any) -> Any:
    """Card names in expectations may be aliases (Hungarian names); compare canonical ids."""
    if isinstance(value, list):
        return [_normalise(game, v) for v in value]
    if isinstance(value, str):
        if value in game.players:
            return value
        return game.ruleset.card_id(value) or value
    return value


def iter_steps(sc: Scenario, game: Game) -> Iterator[tuple[int, dict, list[str]]]:
    """Run a scenario step by step on ``game``; yields (step number, step, failures)."""
    for i, st in enumerate(sc.steps, start=1):
        where = f"step {i}"
        failures: list[str] = []
        if "do" in st:
            acts = _as_list(st["do"])
            if "expect_error" in st:
                before = game.state.to_dict()
                try:
                    for a in acts:
                        game.play(a)
                except IllegalAction as exc:
                    if exc.rule != str(st["expect_error"]):
                        failures.append(f"{where}: {acts[-1]!r} was refused citing {exc.rule}, expected {st['expect_error']}: {exc}")
                    if game.state.to_dict() != before:
                        failures.append(f"{where}: the refused action changed the table")
                except ValueError as exc:
                    if str(st["expect_error"]) != "syntax":
                        failures.append(f"{where}: {acts[-1]!r} is not readable: {exc}")
                else:
                    failures.append(f"{where}: {acts[-1]!r} was allowed, expected a refusal citing {st['expect_error']}")
            else:
                for a in acts:
                    try:
                        game.play(a)
                    except ValueError as exc:
                        failures.append(f"{where}: {a!r} was refused: {exc}")
                        break
        for a in _as_list(st.get("expect_legal", [])):
            if a not in game.legal_actions():
                err = None
                try:
                    err = game.explain(a)
                except ValueError as exc:
                    err = exc
                failures.append(f"{where}: {a!r} should be legal but is not: {err}")
        for a in _as_list(st.get("expect_not_legal", [])):
            if a in game.legal_actions():
                failures.append(f"{where}: {a!r} should not be legal but is")
        if "expect" in st:
            failures += check_expect(game, st["expect"], where)
        if "ask" in st:
            failures += check_exercise(game, st, where)
        yield i, st, failures


def check_exercise(game: Game, st: dict, where: str) -> list[str]:
    """An exercise needs choices, and an explicit answer must be one of them."""
    choices = st.get("choices")
    if not isinstance(choices, list) or not choices:
        return [f"{where}: an exercise ('ask') needs a list of choices"]
    answer = st.get("answer", "legal")
    if answer == "legal":
        for c in choices:
            try:
                game.ruleset.parse(str(c))
            except ValueError as exc:
                return [f"{where}: choice {c!r} is not an action: {exc}"]
        return []
    answers = answer if isinstance(answer, list) else [answer]
    missing = [a for a in answers if str(a) not in [str(c) for c in choices]]
    return [f"{where}: answer {missing} is not among the choices"] if missing else []


def run_scenario(sc: Scenario) -> Result:
    failures: list[str] = []
    want = sc.raw.get("expect_setup_error")
    if want is not None:
        try:
            sc.new_game()
        except OptionError as exc:
            if exc.rule != str(want):
                failures.append(f"setup was refused citing {exc.rule or 'no rule'}, expected {want}: {exc}")
        except ScenarioError as exc:
            failures.append(f"setup was refused as a malformed scenario, expected rule {want}: {exc}")
        else:
            failures.append(f"setup was accepted, expected a refusal citing {want}")
        return Result(sc.path, sc.title, sc.game, sc.rules, failures)
    try:
        game = sc.new_game()
        for _, _, fails in iter_steps(sc, game):
            failures += fails
            if fails:
                break
    except ScenarioError as exc:
        failures.append(str(exc))
    except OptionError as exc:
        failures.append(f"setup: {exc}")
    if not failures:
        failures += check_shown(sc)
    return Result(sc.path, sc.title, sc.game, sc.rules, failures)


#: The languages every table, narration and rule text is shown in.
LANGS = ("en", "hu")


def _crash(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def check_shown(sc: Scenario) -> list[str]:
    """What is shown is checked as strictly as the rules: open the scenario as a walkthrough
    and, at every frame (the start and every step) and in every language, narrate every event
    (and refusal), read the rule texts and exercise, and draw the table for the teacher and
    for each seat. Any exception is a failure naming the step, the language and the view."""
    from .walkthrough import Walkthrough  # walkthrough imports this module

    try:
        wt = Walkthrough.from_scenario(sc)
    except Exception as exc:  # noqa: BLE001 - any crash is what this check reports
        return [f"walkthrough: cannot be opened: {_crash(exc)}"]
    failures: list[str] = []
    for fr in wt.frames:
        where = f"step {fr.index}" if fr.index else "the start"
        game = fr.game
        rs, state = game.ruleset, game.state
        for lang in LANGS:
            try:
                for e in fr.events:
                    e.text(lang)
                fr.narration(lang)
            except Exception as exc:  # noqa: BLE001
                failures.append(f"shown: {where} ({lang}): narration failed: {_crash(exc)}")
            try:
                fr.rule_texts(lang)
                if fr.exercise is not None:
                    fr.exercise.question.get(lang)
                    fr.exercise.explain.get(lang)
            except Exception as exc:  # noqa: BLE001
                failures.append(f"shown: {where} ({lang}): rule texts failed: {_crash(exc)}")
            for seat in (None, *range(len(state.players))):
                view = "the teacher's view" if seat is None else f"{state.players[seat].name}'s view"
                try:
                    rs.view.table_html(rs.observe(state, seat), lang, fr.changed if seat is None else ())
                except Exception as exc:  # noqa: BLE001
                    failures.append(f"shown: {where} ({lang}, {view}): table drawing failed: {_crash(exc)}")
        if failures:
            break
    return failures


def scenario_dir() -> Path:
    """The scenarios folder: $BEANNB_SCENARIOS, the checkout beside the package, or ./scenarios."""
    import os

    candidates = [os.environ.get("BEANNB_SCENARIOS"), Path(__file__).resolve().parent.parent / "scenarios",
                  Path.cwd() / "scenarios", Path.cwd().parent / "scenarios"]
    for c in candidates:
        if c and Path(c).is_dir():
            return Path(c)
    raise FileNotFoundError("no scenarios folder found; set BEANNB_SCENARIOS to its path")


def find(name: str) -> Path:
    """A scenario by short name, e.g. ``find("bohnanza/lesson_01_first_turn")``."""
    base = scenario_dir()
    for cand in (base / name, base / f"{name}.yaml", base / f"{name}.yml", base / f"{name}.json"):
        if cand.is_file():
            return cand
    raise FileNotFoundError(f"no scenario {name!r} under {base}")


def scenario_files(paths: Iterable[Union[str, Path]]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml", ".json"))
        elif path.exists():
            out.append(path)
        else:
            raise FileNotFoundError(f"no such scenario file or folder: {p}")
    return out


def check_paths(paths: Iterable[Union[str, Path]]) -> list[Result]:
    results = []
    for f in scenario_files(paths):
        try:
            sc = load_scenario(f)
        except ScenarioError as exc:
            results.append(Result(str(f), f.stem, "?", [], [str(exc)]))
            continue
        results.append(run_scenario(sc))
    return results


def uncovered(results: list[Result]) -> dict[str, list[str]]:
    """Per game: catalogue rule ids that no passing scenario cites."""
    from .i18n.catalogue import catalogue

    games = sorted({r.game for r in results if r.game != "?"})
    cited = {r for res in results if res.passed for r in res.rules}
    return {g: [rid for rid in catalogue(g) if rid not in cited] for g in games}
