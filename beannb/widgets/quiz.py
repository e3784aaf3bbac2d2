"""The end-of-page check: 8–10 questions drawn from a game's scenario exercises.

The questions are the exercises of ``scenarios/<game>/``, each asked on the frame the
walkthrough asks it (the same table and narration, so it never shows its answer). The
draw is fixed by ``seed``; the final score goes to the game's progress store.

Example (in a notebook)::

    quiz = PageQuiz("bohnanza", lang="hu", seed=1)
    quiz.answer(quiz.exercise.answer)   # check the current question
    quiz.next()                         # on to the next one; quiz.score, quiz.finished
"""
from __future__ import annotations

import random
from html import escape
from typing import Optional

import ipywidgets as W

from ..i18n.ui import t
from ..walkthrough import Exercise, Frame, Walkthrough
from . import views
from .exercises import feedback_text as _feedback
from .progress import ProgressStore, exercise_ids, progress_store, text
from .onshow import BuiltLater

#: How many questions a check asks (fewer only when a game has fewer exercises).
MIN_QUESTIONS, MAX_QUESTIONS = 8, 10


def feedback_text(ex: Exercise, ok: bool, lang: str, ruleset=None) -> str:
    """The feedback on an answer, choices worded as the learner saw them."""
    return _feedback(ex, ok, lang, lambda c: views.choice_words(ex, c, lang, ruleset))


def draw_questions(game: str, seed: int = 0, n: int = MAX_QUESTIONS) -> list[str]:
    """``n`` exercise ids of ``game`` (8–10, fewer only if the game has fewer), fixed by
    ``seed``; at most two from one scenario file, in the order drawn."""
    n = max(MIN_QUESTIONS, min(MAX_QUESTIONS, n))
    pool = list(exercise_ids(game))
    random.Random(f"{game}:{seed}").shuffle(pool)
    out: list[str] = []
    per_file: dict[str, int] = {}
    for ex_id in pool:
        stem = ex_id.split("#")[0]
        if per_file.get(stem, 0) >= 2:
            continue
        per_file[stem] = per_file.get(stem, 0) + 1
        out.append(ex_id)
        if len(out) == n:
            break
    return out


class PageQuiz(BuiltLater, W.VBox):
    """One question at a time, feedback citing the rule, a final score.

    ``PageQuiz(game, lang="en", seed=0, n=10)``; ``answer(picked)`` checks the current
    question (a choice or a list of them), ``next()`` moves on, ``restart()`` starts
    over, ``set_lang(lang)`` switches the language. ``questions`` are the drawn exercise
    ids, ``score`` the right answers so far, ``finished`` whether the check is over; the
    final score goes to ``progress`` (the game's :class:`ProgressStore`).
    """

    LAZY_HEIGHT = "420px"  # placeholder until built (see BuiltLater)

    def __init__(self, game: str, lang: str = "en", seed: int = 0, n: int = MAX_QUESTIONS,
                 progress: Optional[ProgressStore] = None, **kw):
        super().__init__(**kw)
        self.add_class("beannb-quiz")
        self.game, self.lang, self.seed = game, lang, seed
        self.questions = draw_questions(game, seed, n)
        self.progress = progress if progress is not None else progress_store(game, lang)
        self._walks: dict[str, Walkthrough] = {}
        self.heading = W.HTML()
        self.counter = views.classed(W.HTML(), "beannb-quiz-counter")
        self.context = views.classed(W.HTML(), "beannb-quiz-context")
        self.question_area = W.VBox()
        self.check_b = views.button("beannb-quiz-check", lambda: self.answer(self._pick()), button_style="info")
        self.next_b = views.button("beannb-quiz-next", lambda: self.next(), button_style="primary")
        self.again_b = views.button("beannb-quiz-again", lambda: self.restart())
        self.feedback_w = views.classed(W.HTML(), "beannb-quiz-feedback")
        self.children = [self.heading, self.counter, self.context, self.question_area,
                         W.HBox([self.check_b, self.next_b, self.again_b]), self.feedback_w, self.progress]
        self.restart()

    # -- state ------------------------------------------------------------------------

    def restart(self) -> None:
        self.k = 0
        self.results: list[bool] = []
        self._picked = None
        self._inputs = None
        self.render(rebuild=True)

    @property
    def score(self) -> int:
        return sum(self.results)

    @property
    def finished(self) -> bool:
        return self.k >= len(self.questions)

    @property
    def answered(self) -> bool:
        return len(self.results) > self.k

    def frame(self, k: Optional[int] = None) -> Frame:
        """The walkthrough frame that asks question ``k`` (the current one by default)."""
        ex_id = self.questions[self.k if k is None else k]
        stem, step = ex_id.split("#")
        return self._walk(stem)[int(step)]

    def _walk(self, stem: str) -> Walkthrough:
        """The walkthrough of scenario ``stem``, its example players named in the page's language."""
        from ..scenarios import find

        w = self._walks.get(stem)
        if w is None:
            w = self._walks[stem] = Walkthrough.from_scenario(find(f"{self.game}/{stem}"), self.lang)
        return w.in_language(self.lang)

    @property
    def exercise(self) -> Exercise:
        return self.frame().exercise

    def answer(self, picked) -> bool:
        """Check the current question (once: a second answer is ignored)."""
        if self.finished or self.answered:
            return bool(self.results[self.k]) if self.answered else False
        if self.exercise.blank(picked):  # nothing chosen: not an answer, nothing counted
            self.feedback_w.value = f"<i class='beannb-pick-first'>{escape(t('pick_first', self.lang))}</i>"
            return False
        ok = self.exercise.check(picked)
        self._picked = picked
        self.results.append(ok)
        self.progress.record(self.questions[self.k], ok)
        if len(self.results) == len(self.questions):
            self.progress.record_quiz(self.score, len(self.questions))
        self.render(rebuild=False)
        return ok

    def next(self) -> None:
        if not self.answered:
            return
        self.k += 1
        self._picked = None
        self.render(rebuild=True)

    def set_lang(self, lang: str) -> None:
        if not self.finished and not self.answered:
            self._picked = self._pick()  # keep what is ticked across the switch
        before = self.exercise if not self.finished else None
        self.lang = lang
        if before is not None and self._picked is not None:
            # The choices name the players as the new language does: the same choices, renamed.
            same = dict(zip(before.choices, self.exercise.choices))
            picked = self._picked
            self._picked = ([same.get(c, c) for c in picked] if isinstance(picked, (list, tuple, set))
                            else same.get(picked, picked))
        self.progress.set_lang(lang)
        self.render(rebuild=True)

    # -- drawing ----------------------------------------------------------------------

    def _pick(self):
        return None if self._inputs is None else views.picked_of(self._inputs)

    def render(self, rebuild: bool = True) -> None:
        lang, n = self.lang, len(self.questions)
        self.heading.value = f"<h3 style='margin:4px 0'>{escape(text('quiz', lang))}</h3>"
        self.check_b.description = t("check", lang)
        self.next_b.description = text("next_question", lang)
        self.again_b.description = text("again", lang)
        if not n:
            self.counter.value = f"<i>{escape(text('no_questions', lang))}</i>"
            self.context.value, self.feedback_w.value = "", ""
            self.question_area.children = []
            self.check_b.layout.display = self.next_b.layout.display = self.again_b.layout.display = "none"
            return
        if self.finished:
            self.counter.value = (f"<b class='beannb-quiz-score'>"
                                  f"{escape(text('score', lang, right=self.score, n=n))}</b>")
            self.context.value = ""
            self._replace_inputs([])
            self.feedback_w.value = ""
            self.check_b.layout.display = self.next_b.layout.display = "none"
            self.again_b.layout.display = None
            return
        f = self.frame()
        ex = f.exercise
        self.counter.value = f"<b>{escape(text('question_of', lang, k=self.k + 1, n=n))}</b>"
        walk = self._walk(self.questions[self.k].split("#")[0])
        title = walk.titles.get(lang) or walk.title
        asked = f"{t('question', lang)}:"  # the question is asked just below
        lines = [x for x in f.narration(lang) if not x.startswith(asked)]
        narr = "".join(f"<p style='margin:2px 0'>{escape(x)}</p>" for x in lines)
        self.context.value = (f"<div><i>{escape(text('from_scenario', lang))}: {escape(title)}</i></div>"
                              f"<div style='background:#f7f7f2;padding:6px 10px;border-radius:6px'>{narr}</div>"
                              + views.table_html(f.game.observe(None), lang, f.changed))
        if rebuild or self._inputs is None:
            self._build_inputs(f, ex, lang)
        done = self.answered
        self.check_b.layout.display = "none" if done else None
        self.next_b.layout.display = None if done else "none"
        self.again_b.layout.display = "none"
        self.check_b.disabled = done
        if done:
            ok = self.results[self.k]
            self.feedback_w.value = views.message_html(feedback_text(ex, ok, lang, f.game.ruleset), ok)
            for cls in ("beannb-quiz-right", "beannb-quiz-wrong"):
                self.feedback_w.remove_class(cls)
            self.feedback_w.add_class("beannb-quiz-right" if ok else "beannb-quiz-wrong")
        else:
            self.feedback_w.value = ""

    def _build_inputs(self, f: Frame, ex: Exercise, lang: str) -> None:
        q = ex.question.get(lang) or ex.question["en"]
        hint = t("choose_all_legal" if ex.multiple else "pick_one", lang)
        inputs = views.choice_inputs(ex, lang, f.game.ruleset, self._picked)
        question = views.classed(W.HTML(f"<b>{escape(q)}</b> <i>{escape(hint)}</i>"), "beannb-quiz-question")
        self._replace_inputs([question, inputs])
        self._inputs = inputs

    def _replace_inputs(self, children) -> None:
        old = list(self.question_area.children)
        self.question_area.children = children
        for w in old:
            views.close_tree(w)
        if not children:
            self._inputs = None
