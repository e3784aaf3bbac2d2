"""A learner's progress per game, kept in the browser's ``localStorage``.

:class:`ProgressStore` is a small front-end widget (anywidget, its JavaScript in ``widgets/front/progress.js``: no
build step, no network). The kernel records answers (``record``) and end-of-page check
results (``record_quiz``); the browser merges them with what it stored before and writes
them back, so the score survives a reload and needs no server (it works the same in a
browser-only build). A score counts an exercise once it was answered right, ever.

    >>> store = ProgressStore("bohnanza", ids=["lesson_02_harvest#1", "lesson_02_harvest#4", "e02#2"])
    >>> store.record("lesson_02_harvest#1", True)
    >>> store.right, store.total
    (1, 3)
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Optional

import anywidget
import traitlets

from ..i18n.messages import NC_
from .front import StaticFront, asset, front_traits
from .words import Words, table

#: Bumped when the stored shape changes; older entries are then ignored.
STORAGE_VERSION = 1
STORAGE_PREFIX = "beannb.progress."

MESSAGES = table([
    NC_("progress-progress", "Your progress"),
    # TRANSLATORS: after "3 / 24": the exercises of the game answered right
    NC_("progress-exercises", "exercises right"),
    NC_("progress-check", "page check"),
    # TRANSLATORS: after a number of exercises: answered, but never right yet
    NC_("progress-wrong", "answered wrong so far"),
    NC_("progress-open", "not answered yet"),
    NC_("progress-rule-after", "The rule behind this question is shown once you have answered."),
    NC_("progress-quiz", "Check yourself"),
    NC_("progress-question-of", "Question {k} of {n}"),
    NC_("progress-next-question", "Next question ▶"),
    NC_("progress-score", "Your score: {right} of {n}"),
    NC_("progress-again", "Start again"),
    # TRANSLATORS: before the title of the lesson a check's question comes from
    NC_("progress-from-scenario", "From the example"),
    NC_("progress-no-questions", "This game has no exercises yet."),
])
TEXT = Words(MESSAGES, "progress-")


def text(key: str, lang: str, **kw) -> str:
    return TEXT.text(key, lang, **kw)


def exercise_id(scenario_path, step: int, variant: Optional[str] = None) -> str:
    """A stable name for the exercise on step ``step`` of a scenario file: ``stem#step``, or
    ``stem~variant#step`` for step ``step`` of a variant's own steps."""
    stem = Path(str(scenario_path)).stem
    return f"{stem}~{variant}#{step}" if variant else f"{stem}#{step}"


@lru_cache(maxsize=None)
def exercise_ids(game: str) -> tuple[str, ...]:
    """Every exercise of a game's scenario files, read from the files (nothing is played).

    Only the steps are looked at, so the built-in files are read with libyaml's fast safe
    loader where PyYAML has it (a page counts its exercises while it opens); a file that
    is too large or does not read is left to `beannb check`.
    """
    import yaml

    from ..scenario_format import MAX_SCENARIO_BYTES
    from ..scenarios import scenario_dir

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    folder = scenario_dir() / game
    out: list[str] = []
    if not folder.is_dir():
        return ()
    for path in sorted(folder.glob("*.yaml")):
        try:
            if path.stat().st_size > MAX_SCENARIO_BYTES:
                continue
            data = yaml.load(path.read_text("utf-8"), Loader=loader)
        except Exception:  # noqa: BLE001 - a broken file is `beannb check`'s business
            continue
        steps = data.get("steps") if isinstance(data, dict) else None
        if isinstance(steps, list):
            out += [exercise_id(path, i) for i, st in enumerate(steps, start=1) if isinstance(st, dict) and "ask" in st]
        variants = data.get("variants") if isinstance(data, dict) else None
        for k, v in enumerate(variants if isinstance(variants, list) else []):
            own = v.get("steps") if isinstance(v, dict) else None
            if isinstance(own, list):  # a variant's name as Scenario.variants gives it
                name = str(v.get("name") or f"variant {k + 1}")
                out += [exercise_id(path, i, name) for i, st in enumerate(own, start=1)
                        if isinstance(st, dict) and "ask" in st]
    return tuple(out)


_ESM = (f"const PREFIX = {json.dumps(STORAGE_PREFIX)};\nconst VERSION = {int(STORAGE_VERSION)};\n"
        + asset("progress.js"))

_CSS = asset("progress.css")


class ProgressStore(StaticFront, anywidget.AnyWidget):
    """One game's exercise score, synced with the browser's ``localStorage``.

    ``answers`` maps exercise ids (``stem#step``) to whether they were ever answered
    right; ``quiz`` holds the end-of-page check (``last``, ``best``, ``of``). ``ids`` are
    the game's exercises (the score's denominator). Shown, it is one line such as
    "Your progress: 3 / 24 exercises right · 1 answered wrong so far · 20 not answered yet"
    (a wrong answer and a question not answered yet are counted apart).
    """

    _esm, _css, _anywidget_id = front_traits(_ESM, _CSS, "beannb.widgets.progress.ProgressStore")
    game = traitlets.Unicode("").tag(sync=True)
    ids = traitlets.List(traitlets.Unicode()).tag(sync=True)
    answers = traitlets.Dict().tag(sync=True)
    quiz = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)   # the browser has merged what it stored
    lang = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)

    def __init__(self, game: str, lang: str = "en", ids: Optional[list[str]] = None, **kw):
        if ids is None:
            ids = list(exercise_ids(game))
        super().__init__(game=game, ids=list(ids), lang=lang, **kw)
        self._words()
        self.observe(lambda _ch: self._words(), names="lang")

    def _words(self) -> None:
        self.words = {k: text(k, self.lang) for k in ("progress", "exercises", "check", "wrong", "open")}

    def set_lang(self, lang: str) -> None:
        self.lang = lang

    @property
    def total(self) -> int:
        return len(self.ids)

    @property
    def right(self) -> int:
        """Exercises of this game answered right at least once."""
        known = set(self.ids)
        return sum(1 for k, ok in self.answers.items() if ok and k in known)

    @property
    def wrong(self) -> int:
        """Exercises answered, but never right yet (apart from those not answered at all)."""
        known = set(self.ids)
        return sum(1 for k, ok in self.answers.items() if not ok and k in known)

    @property
    def unanswered(self) -> int:
        return self.total - self.right - self.wrong

    def record(self, exercise: str, ok: bool) -> None:
        """Note an answer; a right answer stays right."""
        self.answers = {**self.answers, exercise: bool(self.answers.get(exercise)) or bool(ok)}

    def record_quiz(self, right: int, of: int) -> None:
        """Note an end-of-page check's score; the best one is kept."""
        best = max(int(self.quiz.get("best", 0)), int(right))
        self.quiz = {"last": int(right), "best": best, "of": int(of)}

    def summary(self, lang: Optional[str] = None) -> str:
        lang = lang or self.lang
        line = f"{text('progress', lang)}: {self.right} / {self.total} {text('exercises', lang)}"
        if self.wrong:
            line += f" · {self.wrong} {text('wrong', lang)}"
        if self.unanswered:
            line += f" · {self.unanswered} {text('open', lang)}"
        if self.quiz.get("of"):
            line += f" · {text('check', lang)}: {self.quiz.get('best', 0)} / {self.quiz['of']}"
        return line


_STORES: dict[str, ProgressStore] = {}


def progress_store(game: str, lang: str = "en") -> ProgressStore:
    """The page's one store for ``game`` (every walkthrough and check of the game shares it)."""
    store = _STORES.get(game)
    if store is None or getattr(store, "comm", True) is None:  # closed: make a new one
        store = _STORES[game] = ProgressStore(game, lang=lang)
    return store
