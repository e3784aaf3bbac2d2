"""Scenario files: run their steps, check what they show, report (the format and loading
are :mod:`beannb.scenario_format`).

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

from .core.paths import installed_data_dirs
from .core.errors import IllegalAction, OptionError, ScenarioError, clip
from .core.game import Game
from .core.ruleset import Ruleset
from .games import get_ruleset
from .scenario_format import (  # noqa: F401  (the format is part of this module's API)
    MAX_SCENARIO_BYTES, MAX_SCENARIO_DEPTH, SETUP_KEYS, STEP_KEYS, TOP_KEYS, Scenario, ScenarioLoader, _check_data,
    _fail, _keys, _read, load_scenario,
)
from .walkthrough import Walkthrough


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
    hu = st.get("choices_hu")
    if hu is not None and (not isinstance(hu, list) or len(hu) != len(choices)):
        return [f"{where}: choices_hu must list one Hungarian wording per choice, in the same order"]
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
                  Path.cwd() / "scenarios", Path.cwd().parent / "scenarios",
                  *installed_data_dirs("scenarios")]   # a wheel installs the built-in lessons here
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
    """Load and run every scenario file under ``paths``, one :class:`Result` each. Nothing
    stops the run: a missing path, a file that cannot be read or loaded, or a scenario whose
    run crashes is a failed result naming the reason, and the other files still run."""
    results = []
    for path in paths:
        try:
            files = scenario_files([path])
        except OSError as exc:  # FileNotFoundError, or a folder that cannot be listed
            results.append(Result(str(path), Path(path).stem, "?", [], [str(exc)]))
            continue
        for f in files:
            try:
                sc = load_scenario(f)
            except ScenarioError as exc:
                results.append(Result(str(f), f.stem, "?", [], [str(exc)]))
                continue
            except Exception as exc:  # noqa: BLE001 - load_scenario refuses with ScenarioError; a last resort
                results.append(Result(str(f), f.stem, "?", [], [f"{f}: the loader failed: {type(exc).__name__}: {clip(exc, 200)}"]))
                continue
            try:
                results.append(run_scenario(sc))
            except Exception as exc:  # noqa: BLE001 - one crashing scenario must not stop the others
                results.append(Result(str(f), sc.title, sc.game, sc.rules, [f"the run crashed: {type(exc).__name__}: {clip(exc, 200)}"]))
    return results


def uncovered(results: list[Result]) -> dict[str, list[str]]:
    """Per game: catalogue rule ids that no passing scenario cites."""
    from .i18n.catalogue import catalogue

    games = sorted({r.game for r in results if r.game != "?"})
    cited = {r for res in results if res.passed for r in res.rules}
    return {g: [rid for rid in catalogue(g) if rid not in cited] for g in games}
