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
from .core.game import Game
from .i18n.messages import BEANNB_LOCALE, NC_, Messages
from .scenario_format import MAX_SCENARIO_BYTES, TOP_KEYS, Scenario, file_keys, load_scenario  # noqa: F401 (API)
from .scenario_play import Failure, Step, _as_list, _is_action, play
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


def _known_rules(game: str) -> set[str]:
    """The rule ids a file of ``game`` may cite (an expansion may cite the base game's)."""
    from .i18n.catalogue import catalogue

    return set(catalogue(game)) | set(catalogue("bohnanza"))


def check_rule_ids(sc: Scenario) -> list[str]:
    """Every rule id the file cites (``rules``, a step's ``rule`` and ``expect_error``) must
    be in the game's catalogue (an expansion may cite the base game's ``B-`` rules)."""
    known = _known_rules(sc.game)
    if not known:
        return []
    out: list[str] = []

    def check(rid: Any, where: str, line: Optional[int]) -> None:
        if str(rid) not in known:
            out.append(Failure(f"{where}: {rid!r} is not a rule id of {sc.game} (see beannb rules {sc.game})", line))

    for j, rid in enumerate(sc.raw.get("rules") or []):
        check(rid, "rules", sc.line("rules", j))
    steps = [(("steps", i), st) for i, st in enumerate(sc.steps)]
    for vi, v in enumerate(sc.raw.get("variants") or []):
        for j, rid in enumerate(v.get("rules") or [] if isinstance(v, dict) else []):
            check(rid, f"variant {v.get('name') or vi + 1}: rules", sc.line("variants", vi, "rules", j))
        steps += [(("variants", vi, "steps", i), st) for i, st in enumerate(v.get("steps") or [])]
    for path, st in steps:
        where = ("step " + str(path[-1] + 1)) if path[0] == "steps" else f"variant {path[1] + 1}, step {path[-1] + 1}"
        for rid in _as_list(st.get("rule") or []):
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
            key = "options" if sc.line("options") else "setup"  # the key the option was given under
            self.setup.append(Failure(f"{key}: {exc}", sc.line(key)))
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
        return sc.line(*parts) or sc.line("setup")
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
    failures += trunk.run.failures()
    if not failures:
        kept: list = []
        failures += check_shown(sc, trunk, len(sc.steps), keep=kept)
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

#: The words a lesson recorded from play is written with (its file holds them in every language
#: of the lesson: ``say``/``say_hu`` …, with each language's example players).
RECORDED = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: the title of a lesson recorded from play when the teacher gives none.
    NC_("recorded-title", "{game}: a lesson from play"),
    # TRANSLATORS: the introduction of a lesson recorded from play when the teacher gives none;
    # players are the names, between commas.
    NC_("recorded-intro", "{game}, players: {players}. A game replayed move by move, with questions on the way."),
    # TRANSLATORS: sets the scene of a question: whose turn, the phase (as "phase 1: plant from the hand").
    NC_("recorded-scene", "{player}'s turn — {phase}."),
    # TRANSLATORS: sets the scene of a question about a move made in another player's turn.
    NC_("recorded-scene-other", "{active}'s turn — {phase}. Now {player} decides."),
    NC_("recorded-question", "Which of these may {player} do now?"),
    # TRANSLATORS: move is a move refused while the lesson was recorded, in words ("Ann plants Chili in field 1").
    NC_("recorded-why-not", "{move}: why is that not allowed?"),
    # TRANSLATORS: move is the move played, in words ("Ann plants Blue in field 1").
    NC_("recorded-played", "The move played: {move}."),
    # TRANSLATORS: move is a refused choice in words, reason why the rules refuse it.
    NC_("recorded-refused", "Not allowed: {move} — {reason}."),
])

#: At most this many table paths are checked after each recorded move (the number of cards
#: taken from the deck comes on top where the move takes any).
MAX_CHECKS = 4
#: Choices of a recorded question: the move played, other legal moves, refused moves.
OTHER_LEGAL, REFUSED = 2, 2
#: Rule titles a "why not?" question offers besides the right one.
OTHER_RULES = 2
#: Table paths a recorded step never checks: the order of the deck (the seed deals it; a
#: lesson relies on what a move takes from it, checked as ``deck.size``), whose move it is.
UNCHECKED = {"deck", "deck.top", "to_move", "cards.total"}
#: A list value longer than this (a discard pile, a deck of potions) is not checked whole.
LONGEST_CHECKED = 8
#: A player's past or next moves tried as the refused choices of a question, at most.
WINDOW_MOVES = 300


def _changed(before: dict, after: dict, mover: str = "") -> dict:
    """What one move changed, as the checks of its step: the mover's own paths first (coins and
    fields before the rest), then the turn, then everyone else's; never the deck's order."""
    def rank(k: str) -> tuple[int, int]:
        own = k.startswith(mover + ".") if mover else False
        return (0 if own else 2 if "." in k and k.split(".")[0] in players else 1,
                0 if k.endswith((".coins", ".fields")) else 1)

    players = {k.split(".")[0] for k in after if k.endswith(".hand")}
    keys = [k for k in after if before.get(k) != after[k] and k not in UNCHECKED and k != "deck.size"
            and not (isinstance(after[k], list) and len(after[k]) > LONGEST_CHECKED)]
    # One check per thing: a short list rather than its size or top card, a hand rather than its size.
    keys = [k for k in keys if not (k.endswith(".hand_size") and k[:-len("_size")] in keys)
            and not (k.endswith((".size", ".top")) and k.rsplit(".", 1)[0] in keys)]
    keys.sort(key=rank)
    out = {k: after[k] for k in keys[:MAX_CHECKS]}
    if isinstance(after.get("deck.size"), int) and after["deck.size"] < (before.get("deck.size") or 0):
        out["deck.size"] = after["deck.size"]  # the move took cards from the deck: how many
    return out


class _Recording:
    """A played game replayed from its seed for a lesson: the state before each move, and the
    table, the moves and the refusals as every language of the lesson words them (each with its
    own example players: "Annának" in Hungarian)."""

    def __init__(self, game: Game):
        from .i18n.cast import name_map

        assert game.seed is not None
        self.replay = Game.new(game.ruleset, game.players, game.seed, game.options)
        self.rs = self.replay.ruleset
        # The file holds each action's text, so the replay plays what that text reads back as
        # (a bot's offer for "green green" reads back as "2 green": the same offer, one text).
        for a in game.actions:
            self.replay.play(self.rs.parse(str(a)))
        self.actions = [str(st.action) for st in self.replay.steps]
        self.known = _known_rules(game.game)
        self.names = {lang: {p: n for p, n in name_map("en", lang).items() if p in game.players} for lang in LANGS}
        if any(len(set(self.local(" ".join(game.players), lang).split())) != len(game.players) for lang in LANGS):
            self.names = {lang: {} for lang in LANGS}  # a cast name already seated: keep the names as they are

    def state(self, i: int) -> Any:
        """The state before move ``i`` (after the last one for ``i`` = the number of moves)."""
        steps = self.replay.steps
        return steps[i].before if i < len(steps) else self.replay.state

    def local(self, text: str, lang: str) -> str:
        from .i18n.cast import rename_text

        return rename_text(text, self.names[lang])

    def local_state(self, i: int, lang: str) -> Any:
        from .i18n.cast import rename_data

        state = self.state(i)
        return self.rs.state_from_dict(rename_data(state.to_dict(), self.names[lang])) if self.names[lang] else state

    def words(self, text: str, lang: str) -> str:
        """A move in words in ``lang`` ("Ann plants Blue in field 1"), with no closing stop."""
        return self.rs.describe(self.rs.parse(self.local(text, lang)), lang).rstrip(".")

    def refusal(self, i: int, text: str, lang: str = "en") -> Optional[IllegalAction]:
        """The refusal move ``text`` gets before move ``i``, if it cites a rule a file may cite."""
        try:
            err = self.rs.validate(self.local_state(i, lang), self.rs.parse(self.local(text, lang)))
        except ValueError:
            return None
        return err if err is not None and err.rule in self.known else None

    def rule(self, i: int, text: str) -> str:
        """The rule refused move ``text`` is refused by before move ``i``."""
        err = self.refusal(i, text)
        assert err is not None, text
        return err.rule

    def why_not(self, i: int, text: str) -> dict[str, str]:
        """Refused move ``text`` and why, before move ``i``, in every language of the lesson."""
        out = {}
        for lang in LANGS:
            err = self.refusal(i, text, lang)
            assert err is not None, text
            out[lang] = RECORDED.text("recorded-refused", lang, move=self.words(text, lang), reason=err.reason_text(lang))
        return out

    def legal(self, state: Any, player: str) -> list[str]:
        return [str(a) for a in self.rs.legal_actions(state, player).to_list()[:WINDOW_MOVES]]

    def rules_of(self, i: int) -> list[str]:
        """The rules move ``i`` applied, in order, each once."""
        return _unique(e.rule for e in self.replay.steps[i].events if getattr(e, "rule", None) in self.known)

    def open_offers(self, i: int) -> set[int]:
        """The numbers of the offers open before move ``i`` (the table's ``offers``: "(1) …")."""
        import re

        return {int(m.group(1)) for o in self.rs.table(self.state(i)).get("offers") or []
                for m in [re.match(r"\((\d+)\)", str(o))] if m}

    def scene(self, i: int, player: str) -> dict[str, str]:
        """Whose turn it is before move ``i``, in which phase, and who decides, in words."""
        table = self.rs.table(self.state(i))
        active, phase = str(table.get("active") or player), str(table.get("phase") or "")
        out = {}
        for lang in LANGS:
            values = dict(player=self.local(player, lang), active=self.local(active, lang),
                          phase=self.rs.narration.phase_name(phase, lang))
            out[lang] = RECORDED.text("recorded-scene" if active == player else "recorded-scene-other", lang, values)
        return out


def _unique(items: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(items))


def _by_lang(code: str, rec: _Recording, **values: Callable[[str], Any]) -> dict[str, str]:
    """Message ``code`` in every language of the lesson, each value made for that language."""
    return {lang: RECORDED.text(code, lang, {k: f(lang) for k, f in values.items()}) for lang in LANGS}


def _distinct(rec: _Recording, texts: Iterable[str]) -> list[str]:
    """``texts`` without a move that reads as one before it (in notation or in any language)."""
    seen: set[str] = set()
    out = []
    for t in texts:
        try:
            keys = {t} | {lang + ":" + rec.words(t, lang) for lang in LANGS}
        except ValueError:
            continue
        if not keys & seen:
            seen |= keys
            out.append(t)
    return out


def _near_misses(rec: _Recording, i: int, player: str) -> list[str]:
    """Moves ``player`` might think of before move ``i`` that the rules refuse there, citing a
    rule: the moves the player could make at their decision before this one and right after
    it. A move about an offer that is not open is left out (there is nothing to accept or
    decline)."""
    mine = [k for k in range(len(rec.actions)) if rec.rs.parse(rec.actions[k]).player == player]
    window = [rec.state(k) for k in [k for k in mine if k < i][-1:]]
    if i < len(rec.actions):
        window.append(rec.state(i + 1))
    offers = rec.open_offers(i)
    out = []
    for text in [t for st in window for t in rec.legal(st, player)]:
        a = rec.rs.parse(text)
        offer = getattr(a, "offer", None)
        if a.player != player or (isinstance(offer, int) and offer not in offers):
            continue
        if rec.refusal(i, str(a)) is not None:
            out.append(str(a))
    return _unique(out)


def _question(rec: _Recording, i: int, tried: Iterable[str], seed: int) -> Optional[dict]:
    """A question "which of these may … do now?" before move ``i``: the move played, up to two
    other moves the rules allow there and up to two they refuse (:func:`_near_misses`, rules
    not cited yet first; none of the moves ``tried`` there, which have a "why not?" of their
    own), each once (none that reads as another). None when fewer than two such choices
    exist."""
    import random

    rng = random.Random(seed)
    played = rec.actions[i]
    player = rec.rs.parse(played).player
    state = rec.state(i)
    legal = [t for t in rec.legal(state, player) if t != played]
    rng.shuffle(legal)
    legal = legal[:OTHER_LEGAL * 10]
    near = [t for t in _near_misses(rec, i, player) if t not in set(tried)]
    rng.shuffle(near)
    refused = _refused_spread(rec, i, _distinct(rec, [played, *near[:REFUSED * 10]])[1:])[:REFUSED]
    others = [t for t in _distinct(rec, [played, *refused, *legal]) if t in legal][:OTHER_LEGAL]
    choices = _distinct(rec, [played, *others, *refused])
    if len(choices) < 2:
        return None
    rng.shuffle(choices)
    rules = _unique([rec.rule(i, t) for t in refused] + rec.rules_of(i))
    why = [rec.why_not(i, t) for t in refused]
    explain = {lang: " ".join([RECORDED.text("recorded-played", lang, move=rec.words(played, lang))]
                              + [w[lang] for w in why]) for lang in LANGS}
    step: dict[str, Any] = file_keys("ask", _by_lang("recorded-question", rec, player=lambda lang: rec.local(player, lang)))
    step.update({"choices": choices, "answer": "legal"})
    step.update(file_keys("explain", explain))
    if rules:
        step["rule"] = rules[0] if len(rules) == 1 else rules
    return step


def _refused_spread(rec: _Recording, i: int, refused: list[str]) -> list[str]:
    """Refused moves, those of a rule not cited yet first (a question shows different rules)."""
    seen: set[str] = set()
    first: list[str] = []
    later: list[str] = []
    for t in refused:
        rule = rec.rule(i, t)
        (later if rule in seen else first).append(t)
        seen.add(rule)
    return first + later


def _rule_title(rid: str, lang: str) -> str:
    from .i18n.catalogue import rule

    r = rule(rid)
    return r.title.get(lang) or r.title["en"] if r else rid


def _why_not(rec: _Recording, i: int, text: str, pool: tuple[list[str], list[str]], seed: int) -> list[dict]:
    """A move refused while recording, before move ``i``, as a "why not?" question (which rule
    forbids it: its rule's title among others, the lesson's rules first, then the game's,
    from ``pool``) and the step that tries it (refused citing that rule). Nothing when the
    replay no longer refuses it."""
    import random

    err = rec.refusal(i, text)
    if err is None:
        return []
    rng = random.Random(seed)
    lesson, rest = ([r for r in part if r != err.rule] for part in pool)
    rng.shuffle(lesson)
    rng.shuffle(rest)
    rules = [err.rule]
    for r in lesson + rest:
        if len(rules) > OTHER_RULES:
            break
        if all(_rule_title(r, lang) not in [_rule_title(x, lang) for x in rules] for lang in LANGS):
            rules.append(r)  # a title of its own in every language
    rng.shuffle(rules)
    ask = file_keys("ask", _by_lang("recorded-why-not", rec, move=lambda lang: rec.words(text, lang)))
    step: dict[str, Any] = {**ask, "choices": [_rule_title(r, "en") for r in rules]}
    for lang in LANGS[1:]:
        step[f"choices_{lang}"] = [_rule_title(r, lang) for r in rules]
    step["answer"] = _rule_title(err.rule, "en")
    step.update(file_keys("explain", rec.why_not(i, text)))
    step["rule"] = err.rule
    return [step, {"do": text, "expect_error": err.rule}]


def _moments(rec: _Recording, asked: set[int], refused: Mapping[int, Iterable[str]], seed: int,
             pool: tuple[list[str], list[str]]) -> Iterator[tuple[int, list[dict]]]:
    """Before each move (and after the last), the questions a lesson asks there: a "why not?"
    for each move refused while recording, then "which may … do now?" for a move asked about."""
    for i in range(len(rec.actions) + 1):
        tried = _unique(str(rec.rs.parse(t)) for t in refused.get(i, ()) if _is_action(rec.replay, t))
        steps = [st for k, t in enumerate(tried) for st in _why_not(rec, i, t, pool, seed + 1000 * i + k)]
        q = _question(rec, i, tried, seed + i) if i in asked and i < len(rec.actions) else None
        if q is not None:
            steps.append(q)
        if steps:
            mover = rec.actions[i] if i < len(rec.actions) else next(st["do"] for st in steps if "do" in st)
            player = rec.rs.parse(mover).player
            steps[0] = {**file_keys("say", rec.scene(i, player)), **steps[0]}
            yield i, steps


def lesson_from_game(game: Game, title: str = "", *, titles: Optional[Mapping[str, str]] = None,
                     ask: Iterable[int] = (), seed: int = 0, refused: Optional[Mapping[int, Iterable[str]]] = None,
                     intro: Optional[Mapping[str, str]] = None,
                     notes: Optional[Mapping[int, Mapping[str, str]]] = None) -> dict[str, Any]:
    """A scenario that replays ``game`` from its seed, ready for YAML (:func:`save_lesson`).

    ``ask`` holds the indexes (from 0) of the moves to ask about before they are played: "which
    of these may … do now?" (see :func:`_question`; a move with fewer than two choices gets no
    question). ``refused`` maps an index to the moves tried and refused before that move (the
    number of moves: after the last one): each becomes a "why not?" question and a step that
    tries it, refused citing its rule. ``title`` (English) and ``titles``, ``intro`` and the
    ``notes`` of each move (by index) are the teacher's words by language; a note is the
    narration of its move's step, before what the move does. Each move's step checks what it
    changed (:func:`_changed`) and cites the rules its events cite."""
    if game.custom_start or game.seed is None:
        raise ValueError("only a game dealt from its seed can be recorded (Game.new)")
    from .i18n.catalogue import catalogue

    rec = _Recording(game)
    lesson_rules = _unique(r for i in range(len(rec.actions)) for r in rec.rules_of(i))
    pool = (lesson_rules, [r for r in catalogue(game.game) if r not in lesson_rules])
    asked = {i for i in ask if 0 <= i < len(rec.actions)}
    moments = dict(_moments(rec, asked, refused or {}, seed, pool))
    steps: list[dict[str, Any]] = []
    for i, text in enumerate(rec.actions):
        steps += moments.get(i, [])
        note = _texts((notes or {}).get(i))
        step: dict[str, Any] = file_keys("say", note) if note else {}
        step["do"] = text
        checks = _changed(rec.rs.table(rec.state(i)), rec.rs.table(rec.state(i + 1)), rec.rs.parse(text).player)
        if checks:
            step["expect"] = checks
        ids = rec.rules_of(i)
        if ids:
            step["rule"] = ids[0] if len(ids) == 1 else ids
        steps.append(step)
    steps += moments.get(len(rec.actions), [])
    return _lesson_head(game, rec, title, titles, intro, steps)


def _texts(texts: Optional[Mapping[str, Any]]) -> dict[str, str]:
    """The teacher's words by language, blanks left out; a file's English is never missing (words
    written in one other language only stand in for it)."""
    out = {lang: str(t).strip() for lang, t in (texts or {}).items() if lang in LANGS and str(t or "").strip()}
    if out and "en" not in out:
        out["en"] = next(iter(out.values()))
    return out


def _lesson_head(game: Game, rec: _Recording, title: str, titles: Optional[Mapping[str, str]],
                 intro: Optional[Mapping[str, str]], steps: list[dict]) -> dict[str, Any]:
    """The scenario around ``steps``: its title and introduction (the teacher's, else worded
    for the game), the game's seed, players and options, and every rule its steps cite."""
    names = {lang: game.ruleset.title.get(lang) or str(game.ruleset.title) for lang in LANGS}
    given = _texts({**(titles or {}), **({"en": title} if str(title or "").strip() else {})})
    scenario: dict[str, Any] = file_keys("title", given or _by_lang("recorded-title", rec, game=names.get))
    words = _texts(intro) or _by_lang("recorded-intro", rec, game=names.get,
                                      players=lambda lang: ", ".join(rec.local(p, lang) for p in game.players))
    scenario.update(file_keys("description", words))
    scenario.update({"game": game.game, "players": list(game.players), "seed": game.seed})
    if game.options:
        scenario["options"] = dict(game.options)
    rules = _unique(r for st in steps for r in _as_list(st.get("rule") or []) + _as_list(st.get("expect_error") or []))
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
