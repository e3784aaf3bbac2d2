"""Scenario files: run their steps, check what they show, report (the format and loading
are :mod:`beannb.scenario_format`).

The format is described in ``docs/scenarios.md``. A scenario sets a table (anything it
leaves out is dealt from its seed, with the fixed cards taken out of the supply first),
plays actions in the ruleset's notation and states what must happen. :func:`run_scenario`
makes every check of a file (and of its variants) and returns each failure with the line it
concerns; :func:`write_stub` and :func:`write_preview` are ``beannb new-lesson`` and
``beannb check --show``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Union

from .core.paths import installed_data_dirs
from .core.errors import IllegalAction, OptionError, ScenarioError, clip
from .core.actions import Action
from .core.game import Game
from .core.ruleset import Ruleset
from .games import get_ruleset
from .i18n.messages import BEANNB_LOCALE, NC_, Messages
from .scenario_format import (  # noqa: F401  (the format is part of this module's API)
    FORMAT_VERSIONS, MAX_PLAYED_STEPS, MAX_SCENARIO_BYTES, MAX_SCENARIO_DEPTH, SETUP_KEYS, STEP_KEYS, TOP_KEYS,
    VARIANT_KEYS, Scenario,
    ScenarioLoader, _check_data, _fail, _keys, _read, file_keys, load_scenario,
)
from .scenario_play import (  # noqa: F401  (the checks are part of this module's API)
    COMPARISONS, Failure, Step, _as_list, check_events, check_exercise, check_expect, compare, play,
)
from .walkthrough import Frame, Walkthrough, first_frame, step_frame
from .i18n import LANGS


@dataclass
class Result:
    path: str
    title: str
    game: str
    rules: list[str]
    failures: list[str]
    #: The walkthroughs the check opened, when asked to keep them (``beannb check --show``
    #: draws them): {None for the file, or a variant's index: {language: walkthrough}}.
    walks: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def passed(self) -> bool:
        return not self.failures

    def messages(self) -> list[str]:
        """Each failure as ``file:line: message`` (``file: message`` when no line is known)."""
        out = []
        for f in self.failures:
            line = getattr(f, "line", None)
            text = str(f)
            if text.startswith(self.path + ":"):  # a loader message already names the file
                out.append(text)
            else:
                out.append(f"{self.path}:{line}: {text}" if line else f"{self.path}: {text}")
        return out


def iter_steps(sc: Scenario, game: Game, start: int = 0,
               stopped: Optional[list[int]] = None) -> Iterator[tuple[int, dict, list[str]]]:
    """Run a scenario step by step on ``game`` (:func:`beannb.scenario_play.play`, checked);
    yields (step number, step, failures). ``stopped`` (a list) is given the number of the
    step the run stopped at, if it stops."""
    for step in play(sc, game, start):
        if step.stop and stopped is not None:
            stopped.append(step.index)
        yield step.index, step.step, step.failures


def check_rule_ids(sc: Scenario) -> list[str]:
    """Every rule id the file cites (``rules``, a step's ``rule`` and ``expect_error``) must
    be in the game's catalogue (an expansion may cite the base game's ``B-`` rules)."""
    from .i18n.catalogue import catalogue

    known = set(catalogue(sc.game)) | set(catalogue("bohnanza"))
    if not known:
        return []
    out: list[str] = []

    def check(rid: Any, where: str, line: Optional[int]) -> None:
        if str(rid) not in known:
            out.append(Failure(f"{where}: {rid!r} is not a rule id of {sc.game} (see beannb rules {sc.game})", line))

    for j, rid in enumerate(sc.raw.get("rules") or []):
        check(rid, "rules", sc.line("rules", j))
    for vi, v in enumerate(sc.raw.get("variants") or []):
        for j, rid in enumerate(v.get("rules") or [] if isinstance(v, dict) else []):
            check(rid, f"variant {v.get('name') or vi + 1}: rules", sc.line("variants", vi, "rules", j))
    steps = [(("steps", i), st) for i, st in enumerate(sc.steps)]
    for vi, v in enumerate(sc.raw.get("variants") or []):
        steps += [(("variants", vi, "steps", i), st) for i, st in enumerate(v.get("steps") or [])]
    for path, st in steps:
        where = ("step " + str(path[-1] + 1)) if path[0] == "steps" else f"variant {path[1] + 1}, step {path[-1] + 1}"
        for j, rid in enumerate(_as_list(st.get("rule") or [])):
            check(rid, where + ": rule", sc.line(*path, "rule"))
        for rid in _as_list(st.get("expect_error") or []):
            if rid != "syntax":
                check(rid, where + ": expect_error", sc.line(*path, "expect_error"))
    return out


class _Run:
    """A scenario played once in the file's own names for ``beannb check``
    (:func:`beannb.scenario_play.play`): the failures of each step, the step the run stopped
    at, copies of the table after the steps variants branch from (``points``), and the
    frames of its walkthrough, made from the same play (None when one of them could not be
    made: the walkthrough is then opened on its own, as a reader opens it, and says why)."""

    def __init__(self, sc: Scenario, points: Iterable[int] = ()):
        self.sc, self.points = sc, set(points)
        self.before: list[str] = []  # the failures of the steps before the first played (a variant's shared steps)
        self.setup: list[str] = []   # a refused setup (or scenario)
        self.per: list[list[str]] = [[] for _ in range(len(sc.steps) + 1)]  # the failures of each step
        self.stop: Optional[int] = None  # the step after which the run stopped (-1: at the setup)
        self.games: dict[int, Game] = {}
        self.frames: Optional[list[Frame]] = None

    def start(self, frames: bool = True) -> "_Run":
        """Play from the start: a refused setup (or a malformed scenario) is a failure."""
        sc = self.sc
        try:
            game = sc.new_game()
            if 0 in self.points:
                self.games[0] = game.copy()
            self.play(game, 0, _frames(lambda: [first_frame(sc, game)]) if frames else None)
        except ScenarioError as exc:
            self.setup.append(Failure(str(exc), _setup_line(sc, str(exc))))
            self.stop = -1
        except OptionError as exc:
            self.setup.append(Failure(f"setup: {exc}", sc.line("options") or sc.line("setup")))
            self.stop = -1
        return self

    def play(self, game: Game, start: int, frames: Optional[list[Frame]]) -> None:
        """Play and check the steps after ``start`` on ``game``, framing each after ``frames``."""
        for step in play(self.sc, game, start, before=frames is not None):
            self.per[step.index] += step.failures
            if step.stop:
                self.stop = step.index
            elif step.index in self.points and step.index not in self.games:
                self.games[step.index] = game.copy()
            frames = _add_frame(frames, step)
        self.frames = frames

    def failures(self, setup_last: bool = False) -> list[str]:
        steps = [f for fails in self.per for f in fails]
        return self.before + (steps + self.setup if setup_last else self.setup + steps)

    def walk(self) -> Optional[Walkthrough]:
        """The walkthrough in the file's own names made from this run (None: none was made)."""
        if self.frames is None or self.stop is not None:  # a stopped run did not play every step
            return None
        return Walkthrough.of_frames(self.sc, self.sc, "en", self.frames)  # the file's names are the English


def _frames(make: Callable[[], list[Frame]]) -> Optional[list[Frame]]:
    try:
        return make()
    except Exception:  # noqa: BLE001 - the walkthrough opened on its own reports it
        return None


def _add_frame(frames: Optional[list[Frame]], step: Step) -> Optional[list[Frame]]:
    if frames is not None:
        try:
            frames.append(step_frame(step))
        except Exception:  # noqa: BLE001 - the walkthrough opened on its own reports it
            return None
    return frames


def _run_steps(sc: Scenario) -> list[str]:
    """Every failure of ``sc``'s steps, played from the start."""
    return _Run(sc).start(frames=False).failures(setup_last=True)


def _setup_line(sc: Scenario, msg: str) -> Optional[int]:
    """The line a setup refusal is about, from the path it starts with (``setup.board.17:``,
    ``Ann.fields[2]``), else the ``setup`` key's line."""
    import re

    m = re.match(r"(setup(?:\.[\w-]+)*|[^\s.:]+\.(?:hand|fields|coins|pending))(?:\[(\d+)\])?", msg)
    if m:
        parts: list = m.group(1).split(".")
        if parts[0] != "setup":
            parts = ["setup", "players", *parts]
        if m.group(2) and parts[-1] == "fields":
            parts.append(int(m.group(2)) - 1)
        line = sc.line(*parts)
        if line:
            return line
    return sc.line("setup")


def run_scenario(sc: Scenario, keep_walks: bool = False) -> Result:
    """Every check of ``sc`` and of its variants; with ``keep_walks``, the result keeps the
    walkthroughs the shown-checks opened (:attr:`Result.walks`)."""
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
        failures = [Failure(f, sc.line("expect_setup_error")) for f in failures]
        return Result(sc.path, sc.title, sc.game, sc.rules, failures + check_rule_ids(sc))
    variants, walks = sc.variants, {}  # the walkthroughs the shown-checks opened
    trunk = _Trunk(sc, {k for k in (_shared_steps(sc, i, v) for i, v in enumerate(variants)) if k is not None})
    failures += trunk.failures()
    if not failures:
        kept: list = []
        failures += trunk.shown(kept)
        walks.update(zip([None], kept))
    rules = list(sc.rules)
    for i, v in enumerate(variants):
        label = f"variant {v.variant}: "
        k = _shared_steps(sc, i, v)
        run = trunk.branch(v, k) if k is not None else None
        if run is not None:
            fails = run.failures()
        else:  # a variant on its own table (or past where the file's run stopped) replays
            run = _Run(v).start()
            fails = run.failures(setup_last=True)
        if not fails:
            kept = []
            fails = check_shown(v, trunk, k, run.walk(), kept)
            walks.update(zip([i], kept))
        failures += [Failure(label + f, getattr(f, "line", None)) for f in fails]
        rules += [r for r in v.rules if r not in rules]
    failures += check_rule_ids(sc)
    return Result(sc.path, sc.title, sc.game, rules, failures, walks if keep_walks else {})


def _crash(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _shared_steps(sc: Scenario, i: int, v: Scenario) -> Optional[int]:
    """How many of the file's steps variant ``i`` (``v``) shares with the file on the same
    table (its players, seed, options and setup): its checks of them and the table after
    them are the file's. None for a variant that sets its own table (it plays from the start)."""
    if (v.players, v.seed, v.options, v.setup) != (sc.players, sc.seed, sc.options, sc.setup):
        return None
    own = (sc.raw.get("variants") or [])[i].get("steps") or []
    return len(v.steps) - len(own)


class _Trunk:
    """The file's own run, made once for all its variants (:class:`_Run`: the failures of
    each step, the table after each step a variant branches from, ``points``, and its
    walkthrough), its walkthroughs in the other languages and the shown-checks of each frame,
    so that a variant sharing the first k steps plays and draws only its own steps (the work
    of a file is linear in its size, not steps × variants)."""

    def __init__(self, sc: Scenario, points: set[int]):
        self.sc = sc
        self.run = _Run(sc, points).start()
        self._walks: Optional[Union[dict, list[str]]] = None
        self._frames: dict[int, list[str]] = {}
        self._clean = 0  # frames 1.._clean are known to show without a failure

    def failures(self) -> list[str]:
        return self.run.failures()

    def branch(self, v: Scenario, k: int) -> Optional[_Run]:
        """Variant ``v``'s run, branched from the file's after its first ``k`` steps: their
        failures, the table after them and their frames are the file's, and only ``v``'s own
        steps are played. None when the file's run did not get past step ``k`` whole (the
        variant replays)."""
        run = self.run
        if (run.stop is not None and run.stop <= k) or k not in run.games:
            return None
        out = _Run(v)
        out.before = [f for fails in run.per[:k + 1] for f in fails]
        base = run.frames[1:k + 1] if run.frames is not None and len(run.frames) > k else None
        frames = _frames(lambda: [first_frame(v, v.new_game()), *base]) if base is not None else None
        out.play(run.games[k].copy(), k, frames)
        return out

    def walks(self) -> Union[dict, list[str]]:
        """The file's walkthrough in each language (or the failure opening them)."""
        if self._walks is None:
            self._walks = _open_walks(self.sc, made=self.run.walk())
        return self._walks

    def frame(self, k: int) -> list[str]:
        """The shown-checks of the file's frame ``k`` (made once)."""
        if k not in self._frames:
            walks = self.walks()
            assert isinstance(walks, dict)
            self._frames[k] = _check_frame(self.sc, walks, k)
        return self._frames[k]

    def first_shown_failure(self, k: int) -> list[str]:
        """The failures of the first of the file's frames 1..``k`` that has any (none: [])."""
        while self._clean < k:
            failures = self.frame(self._clean + 1)
            if failures:
                return failures
            self._clean += 1
        return []

    def shown(self, keep: Optional[list] = None) -> list[str]:
        return check_shown(self.sc, self, len(self.sc.steps), keep=keep)


def _open_walks(sc: Scenario, trunk: Optional[dict] = None, shared: int = 0,
                made: Optional[Walkthrough] = None) -> Union[dict, list[str]]:
    """``sc``'s walkthrough in each language (``made``: the one in the file's own names,
    English, already made by the check's run), or the failure opening them."""
    walks: dict = {}
    for lang in LANGS:  # each language seats its own example players (beannb.i18n.cast)
        try:
            if lang == "en" and made is not None:
                walks[lang] = made
            else:
                walks[lang] = Walkthrough.from_scenario(sc, lang, (trunk[lang], shared) if trunk else None)
        except Exception as exc:  # noqa: BLE001 - any crash is what this check reports
            return [f"walkthrough: cannot be opened ({lang}): {_crash(exc)}"]
        if len(walks[lang]) != len(walks[LANGS[0]]):
            return [f"walkthrough: {len(walks[lang])} steps in {lang}, {len(walks[LANGS[0]])} in {LANGS[0]}"]
    return walks


def check_shown(sc: Scenario, trunk: Optional[_Trunk] = None, shared: Optional[int] = None,
                made: Optional[Walkthrough] = None, keep: Optional[list] = None) -> list[str]:
    """What is shown is checked as strictly as the rules: open the scenario as a walkthrough
    and, at every frame (the start and every step) and in every language, narrate every event
    (and refusal), read the rule texts and exercise, and draw the table for the teacher and
    for each seat. Any exception is a failure naming the step, the language and the view.

    With ``trunk`` (the file's run) and ``shared`` (the steps ``sc`` shares with the file on
    the same table), the shared steps' frames are the file's, checked once for all variants;
    ``made`` is ``sc``'s walkthrough in the file's own names if the check's run made it;
    ``keep`` (a list) is given the walkthroughs opened ({language: walkthrough})."""
    walks: Union[dict, list[str], None] = None
    if trunk is not None and shared is not None:
        base = trunk.walks()
        if isinstance(base, dict):
            walks = base if sc is trunk.sc else _open_walks(sc, base, shared, made)
        else:
            shared = None
    if walks is None:
        walks = _open_walks(sc, made=made)
    if not isinstance(walks, dict):
        return walks
    if keep is not None:
        keep.append(walks)
    failures = _check_frame(sc, walks, 0)
    k = 1
    if not failures and trunk is not None and shared is not None:
        failures, k = list(trunk.first_shown_failure(shared)), shared + 1  # frames 1..shared: the file's
    while not failures and k < len(walks[LANGS[0]]):
        failures, k = _check_frame(sc, walks, k), k + 1
    return failures


def _check_frame(sc: Scenario, walks: dict, k: int) -> list[str]:
    """The shown-checks of frame ``k`` (0: the start) of ``sc``'s walkthroughs ``walks``."""
    failures: list[str] = []
    where = f"step {k}" if k else "the start"
    line = sc.step_line(k) if k else sc.line("setup")
    for lang in LANGS:
        fr, base = walks[lang][k], walks[LANGS[0]][k]
        rs, state = fr.game.ruleset, fr.game.state
        if (fr.error is None) != (base.error is None) or len(fr.events) != len(base.events):
            failures.append(f"shown: {where} ({lang}): the step plays differently with the players' {lang} names")
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
    return [Failure(f, line) for f in failures]


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


def check_paths(paths: Iterable[Union[str, Path]], keep_walks: bool = False) -> list[Result]:
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
                results.append(run_scenario(sc, keep_walks))
            except Exception as exc:  # noqa: BLE001 - one crashing scenario must not stop the others
                results.append(Result(str(f), sc.title, sc.game, sc.rules, [f"the run crashed: {type(exc).__name__}: {clip(exc, 200)}"]))
    return results


def uncovered(results: list[Result]) -> dict[str, list[str]]:
    """Per game: catalogue rule ids that no passing scenario cites."""
    from .i18n.catalogue import catalogue

    games = sorted({r.game for r in results if r.game != "?"})
    cited = {r for res in results if res.passed for r in res.rules}
    return {g: [rid for rid in catalogue(g) if rid not in cited] for g in games}


# --------------------------------------------------------------------------------------
# Authoring: a lesson stub, and a preview of every step as the walkthrough shows it
# --------------------------------------------------------------------------------------
def stub_text(game: str) -> str:
    """The commented lesson stub of ``game`` (setup, one step, one exercise, one check),
    a file that passes ``beannb check`` as it is."""
    from importlib import resources

    from .games import available

    if game not in available():
        raise ValueError(f"no game {game!r}; games are {', '.join(available())}")
    res = resources.files("beannb").joinpath("data", "stubs", f"{game}.yaml")
    if not res.is_file():
        raise ValueError(f"there is no lesson stub for {game} yet")
    return res.read_text("utf-8")


def write_stub(game: str, path: Union[str, Path], force: bool = False) -> Path:
    """Write :func:`stub_text` to ``path`` (a folder gets ``<game>_lesson.yaml``); an
    existing file is kept unless ``force``."""
    text = stub_text(game)
    out = Path(path)
    if out.is_dir():
        out = out / f"{game}_lesson.yaml"
    if out.suffix not in (".yaml", ".yml"):
        raise ValueError(f"{out}: a lesson file ends in .yaml")
    if out.exists() and not force:
        raise ValueError(f"{out} exists; choose another name or add --force")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return out


def _esc(text: Any) -> str:
    import html

    return html.escape(str(text))


def preview_html(scenarios: Iterable[Scenario], lang: str = "en", walks: Optional[Mapping[str, dict]] = None) -> str:
    """One HTML page showing every step of every scenario (and variant) as the walkthrough
    shows it to the teacher: the title, each frame's narration, its rules, its exercise
    (question, choices, answer, explanation) and the table drawn by the game's own view.
    ``walks`` holds walkthroughs already opened (:attr:`Result.walks` by the file's path)."""
    parts = []
    for sc in scenarios:
        for j, one in enumerate([sc, *sc.variants]):
            made = (walks or {}).get(sc.path, {}).get(j - 1 if j else None, {}).get(lang)
            parts.append(_preview_one(one, lang, made))
    body = "\n".join(parts) or "<p>No scenario to show.</p>"
    return ("<!doctype html><html lang='{0}'><head><meta charset='utf-8'><title>beannb preview</title>"
            "<style>body{{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em}}"
            "section.sc{{border-top:3px solid #888;margin-top:2em}} div.frame{{border:1px solid #ccc;"
            "border-radius:6px;padding:.6em;margin:.8em 0}} .rule{{color:#555;font-size:90%}}"
            ".ex{{background:#fff8e0;padding:.4em;border-radius:4px}} .err{{color:#a00}}"
            "h3 small{{color:#777;font-weight:normal}}</style></head><body>{1}</body></html>").format(lang, body)


def _preview_one(sc: Scenario, lang: str, made: Optional[Walkthrough] = None) -> str:
    head = f"<section class='sc'><h2>{_esc(sc.title_in(lang))}</h2>" \
           f"<p class='rule'>{_esc(sc.path)}" + (f" · variant {_esc(sc.variant)}" if sc.variant else "") + "</p>"
    try:
        wt = made or Walkthrough.from_scenario(sc, lang)
    except Exception as exc:  # noqa: BLE001 - the preview shows what fails
        return head + f"<p class='err'>cannot be opened: {_esc(_crash(exc))}</p></section>"
    out = [head]
    for fr in wt.frames:
        label = "the start" if fr.index == 0 else f"step {fr.index}"
        line = sc.step_line(fr.index) if fr.index else None
        html_parts = [f"<div class='frame' id='step-{fr.index}'><h3>{label}"
                      + (f" <small>line {line}</small>" if line else "") + "</h3>"]
        try:
            html_parts += [f"<p>{_esc(x)}</p>" for x in fr.narration(lang)]
            html_parts += [f"<p class='rule'>{_esc(rid)} {_esc(title)}: {_esc(text)}</p>"
                           for rid, title, text in fr.rule_texts(lang)]
            ex = fr.exercise
            if ex is not None:
                html_parts.append("<div class='ex'><b>" + _esc(ex.question.get(lang) or ex.question["en"]) + "</b><ul>"
                                  + "".join(f"<li>{'✔' if c in ex.answer else '✘'} {_esc(ex.choice_text(c, lang) or c)}</li>"
                                            for c in ex.choices)
                                  + "</ul>" + _esc(ex.explain.get(lang) or ex.explain.get("en", "")) + "</div>")
            rs = fr.game.ruleset
            html_parts.append(rs.view.table_html(rs.observe(fr.game.state, None), lang, fr.changed))
        except Exception as exc:  # noqa: BLE001
            html_parts.append(f"<p class='err'>cannot be shown: {_esc(_crash(exc))}</p>")
        html_parts.append("</div>")
        out.append("".join(html_parts))
    out.append("</section>")
    return "\n".join(out)


def write_preview(paths: Iterable[Union[str, Path]], out: Union[str, Path], lang: str = "en",
                  results: Iterable[Result] = ()) -> Path:
    """Write :func:`preview_html` of every loadable scenario under ``paths`` to ``out``; the
    walkthroughs ``results`` kept (``check_paths(..., keep_walks=True)``) are drawn as they are."""
    scs = []
    for f in scenario_files(paths):
        try:
            sc = load_scenario(f)
        except ScenarioError:
            continue
        if sc.raw.get("expect_setup_error") is None:
            scs.append(sc)
    target = Path(out)
    walks = {r.path: r.walks for r in results if r.walks}
    target.write_text(preview_html(scs, lang, walks), encoding="utf-8")
    return target


# -- lessons recorded from play -------------------------------------------------------------

#: The words a lesson recorded from play is written with (its file holds them in English and
#: Hungarian: ``say``/``say_hu`` …).
RECORDED = Messages("beannb", BEANNB_LOCALE, [
    NC_("recorded-question", "Which of these may {player} do now?"),
    # TRANSLATORS: move is the move played, as its button reads.
    NC_("recorded-explain", "The rules allow exactly the moves marked right; {player} played: {move}"),
    NC_("recorded-scene", "{player} decides."),
])

#: At most this many table paths are checked after each recorded move.
MAX_CHECKS = 4
#: Choices of a recorded question: the move played, other legal moves, refused moves.
OTHER_LEGAL, REFUSED = 2, 2


def _changed(before: dict, after: dict) -> dict:
    keys = [k for k in after if before.get(k) != after[k]]
    # Coins and fields first: what a learner watches; then the rest in table order.
    keys.sort(key=lambda k: (0 if k.endswith((".coins", ".fields")) else 1))
    return {k: after[k] for k in keys[:MAX_CHECKS]}


def _question(game: Game, action: Action, pool: list[Action], seed: int) -> dict:
    """The choices of a question about ``action``: it, up to two other legal moves of the
    same player, and up to two moves of this game the rules refuse now (seeded order)."""
    import random

    rng = random.Random(seed)
    legal = [a for a in game.legal_actions(action.player) if a.player == action.player and a != action]
    rng.shuffle(legal)
    refused = [a for a in pool if a.player == action.player and a != action and a not in legal
               and game.explain(a) is not None]
    rng.shuffle(refused)
    choices = [action, *legal[:OTHER_LEGAL], *refused[:REFUSED]]
    rng.shuffle(choices)
    return {"choices": [str(a) for a in choices]}


def lesson_from_game(game: Game, title: str, *, titles: Optional[Mapping[str, str]] = None,
                     ask: Iterable[int] = (), seed: int = 0) -> dict[str, Any]:
    """A scenario that replays ``game`` from its seed; ``ask`` holds the indexes (from 0)
    of the actions to ask about before they are played. ``titles``: the title in other
    languages too, by language."""
    if game.custom_start or game.seed is None:
        raise ValueError("only a game dealt from its seed can be recorded (Game.new)")
    asked = set(ask)
    actions = list(game.actions)
    replay = Game.new(game.ruleset, game.players, game.seed, game.options)
    rules: list[str] = []
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(actions):
        # The file holds the action's text, so the replay plays what that text reads back as
        # (a bot's offer for "green green" reads back as "2 green": the same offer, one text).
        action = replay.ruleset.parse(str(action))
        if i in asked:
            q = _question(replay, action, actions, seed + i)
            who = action.player
            steps.append({
                **file_keys("say", {lang: RECORDED.text("recorded-scene", lang, player=who) for lang in LANGS}),
                **file_keys("ask", {lang: RECORDED.text("recorded-question", lang, player=who) for lang in LANGS}),
                **q, "answer": "legal",
                **file_keys("explain", {lang: RECORDED.text("recorded-explain", lang, player=who,
                                                            move=replay.ruleset.action_label(action, lang))
                                        for lang in LANGS}),
            })
        before = replay.table()
        events = replay.play(action)
        step: dict[str, Any] = {"do": str(action)}
        checks = _changed(before, replay.table())
        if checks:
            step["expect"] = checks
        ids = [e.rule for e in events if getattr(e, "rule", None)]
        if ids:
            step["rule"] = ids[0] if len(set(ids)) == 1 else sorted(set(ids))
            rules += [r for r in ids if r not in rules]
        steps.append(step)
    # A question's rule is the rule of the move it asks about.
    for k, st in enumerate(steps):
        if "ask" in st and "rule" not in st and k + 1 < len(steps) and "rule" in steps[k + 1]:
            st["rule"] = steps[k + 1]["rule"]
    scenario: dict[str, Any] = file_keys("title", {**(titles or {}), "en": title})
    scenario.update({"game": game.game, "players": list(game.players), "seed": game.seed})
    if game.options:
        scenario["options"] = dict(game.options)
    if rules:
        scenario["rules"] = rules
    scenario["steps"] = steps
    return scenario


def lesson_text(scenario: dict) -> str:
    """A recorded scenario as the text of its file (YAML, no aliases, keys in their order)."""
    import yaml

    class NoAliases(yaml.SafeDumper):
        """Scenario files refuse YAML aliases: write a shared value out each time."""

        def ignore_aliases(self, data: Any) -> bool:
            return True

    text = yaml.dump(scenario, Dumper=NoAliases, sort_keys=False, allow_unicode=True, width=100)
    return "# Recorded from play with beannb's lesson recorder.\n" + text


def save_lesson(scenario: dict, path: Union[str, Path]) -> Path:
    path = Path(path)
    path.write_text(lesson_text(scenario), encoding="utf-8")
    return path
