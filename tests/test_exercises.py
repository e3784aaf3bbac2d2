"""Exercises: every game has them, none shows its answer before it is asked, the end-of-page
check draws and scores them, and the progress store keeps the score."""
from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

import pytest

from beannb.core.errors import BeannbError
from beannb.i18n.catalogue import rule as lookup_rule
from beannb.i18n.ui import t
from beannb.scenario_format import load_scenario
from beannb.scenarios import find, scenario_dir
from beannb.walkthrough import Walkthrough
from beannb.widgets import WalkthroughApp
from beannb.widgets.progress import ProgressStore, exercise_id, exercise_ids, progress_store
from beannb.widgets.quiz import MAX_QUESTIONS, MIN_QUESTIONS, PageQuiz, draw_questions, feedback_text

GAMES = ("bohnanza", "takeover", "rabohnzel", "bohnaparte")
LANGS = ("en", "hu")
#: Rule-book examples that show an outcome with nothing for anyone to decide.
NO_DECISION: set[str] = set()
#: The Bohnaparte examples its game page shows as walkthroughs or maps.
BOHNAPARTE_PAGE = ("x02_river_chain", "x06b_city_taken", "x09_cavalry_rides_again", "x10_second_wave")


def scenario_paths(game: str) -> list[Path]:
    return sorted((scenario_dir() / game).glob("*.yaml"))


@lru_cache(maxsize=None)
def asks(path: Path) -> int:
    return sum(1 for st in load_scenario(path).steps if "ask" in st)


def exercise_files() -> list[Path]:
    return [p for g in GAMES for p in scenario_paths(g) if asks(p)]


# -- every lesson and every example with a decision has one --------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_and_decision_example_asks(game):
    paths = scenario_paths(game)
    wanted = [p for p in paths if p.stem.startswith("lesson_")
              or (p.stem[0] == "e" and p.stem[1:3].isdigit() and p.stem not in NO_DECISION)]
    if game == "bohnaparte":
        wanted += [p for p in paths if p.stem in BOHNAPARTE_PAGE]
    assert wanted, f"no lessons or examples found for {game}"
    missing = [p.stem for p in wanted if not asks(p)]
    assert not missing, f"{game}: no exercise in {missing}"
    assert len(exercise_ids(game)) >= MIN_QUESTIONS  # enough for the end-of-page check


@pytest.mark.parametrize("path", exercise_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_exercises_are_bilingual_and_cite_a_rule(path):
    sc = load_scenario(path)
    for i, st in enumerate(sc.steps, start=1):
        if "ask" not in st:
            continue
        where = f"{path.stem} step {i}"
        assert st.get("ask_hu") and st["ask_hu"] != st["ask"], f"{where}: no Hungarian question"
        assert st.get("explain") and st.get("explain_hu"), f"{where}: feedback must explain, in both languages"
        rules = st.get("rule")
        rules = rules if isinstance(rules, list) else [rules]
        assert rules and all(lookup_rule(str(r)) for r in rules), f"{where}: cite a rule of the catalogue"
        if st.get("answer", "legal") != "legal":
            assert st.get("choices_hu"), f"{where}: worded choices need their Hungarian wording"


# -- the frame that asks does not show the answer ------------------------------------------

_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(_TAG.sub(" ", markup))).strip()


def asking_view(app: WalkthroughApp) -> tuple[str, list[str]]:
    """What the learner sees on the current frame before answering: the page text outside
    the choices, and the choices' labels."""
    ex_box = app.exercise_area.children[0]
    question, inputs = ex_box.children[0], ex_box.children[1]
    if hasattr(inputs, "options"):
        labels = [label for label, _ in inputs.options]
    else:
        labels = [b.description for b in inputs.children]
    parts = [app.title_w.value, app.narration_w.value, app.rules_w.value, app.table_w.value,
             app.changed_w.value, question.value]
    return plain(" ".join(parts)), labels


def is_legal_kind(w: Walkthrough, i: int) -> bool:
    """Whether frame ``i`` asks "which of these are legal now?" (``answer: legal``)."""
    return load_scenario(w.source).steps[i - 1].get("answer", "legal") == "legal"


def answer_frame(w: Walkthrough, i: int):
    """The frame whose step answers the question asked on frame ``i``. A prediction asked
    on a step that plays something is answered by that very step (its narration and table
    already show the outcome); otherwise the next step that plays something answers it."""
    if w[i].actions and not is_legal_kind(w, i):
        return w[i]
    return next((f for f in w.frames[i + 1:] if f.actions), None)


def forbidden(w: Walkthrough, i: int, lang: str) -> list[tuple[str, str]]:
    """(what, text) pairs that would give the answer of frame ``i``'s exercise away."""
    f, ex = w[i], w[i].exercise
    out = []
    expl = ex.explain.get(lang)
    if expl:
        out.append(("the explanation", expl))
    ans = answer_frame(w, i)
    if ans is not None:
        out += [("the answer step's narration", line) for line in ans.narration(lang)]
    for rid in list(ex.rules) + list(f.rules):
        r = lookup_rule(rid)
        if r:
            out.append((f"rule {rid}'s text", r.statement(lang)))
    if is_legal_kind(w, i):
        for c in ex.choices:  # what each choice would do, or why it would be refused
            try:
                events = f.game.copy().play(c)
            except BeannbError as exc:
                out.append((f"why {c!r} is refused", exc.text(lang)))
                continue
            out += [(f"what {c!r} does", e.text(lang)) for e in events]
    else:
        for a in ex.answer:
            worded = ex.choice_text(a, lang) or a
            if len(worded) >= 12 and " " in worded:
                out.append(("the answer's wording", worded))
    # the note a step with expect_legal and no narration gets ("Allowed now: ...")
    notes = {"en": ["Allowed now:", "Not allowed now:"], "hu": ["Most szabályos:", "Most nem szabályos:"]}[lang]
    out += [("the legal-actions note", x) for x in notes + [t("allowed", lang)]]
    return [(what, plain(text)) for what, text in out if len(plain(text)) >= 8]


def leaks(path: Path) -> list[str]:
    w = Walkthrough.from_scenario(path)
    found = []
    for lang in LANGS:
        app = WalkthroughApp(w, lang=lang, progress=False)
        for f in w.frames:
            if f.exercise is None:
                continue
            app.go(f.index)
            shown, labels = asking_view(app)
            if f.actions and not is_legal_kind(w, f.index):
                found.append(f"{path.parent.name}/{path.stem} step {f.index} ({lang}): the action the question "
                             f"is about is already played: the table and 'what changed' show its result")
            for what, text in forbidden(w, f.index, lang):
                if text.lower() in shown.lower():
                    found.append(f"{path.parent.name}/{path.stem} step {f.index} ({lang}): {what} is visible: {text!r}")
            for label in labels:
                if re.search(r"\b(il)?legal\b|\bcorrect\b|szabályos|helyes", label, re.I):
                    found.append(f"{path.stem} step {f.index} ({lang}): choice {label!r} says whether it is right")
    return found


@pytest.mark.parametrize("path", exercise_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_exercise_shows_its_answer_before_it_is_asked(path):
    assert leaks(path) == []


def test_the_leak_check_catches_an_answer_shown_above_its_question(tmp_path):
    """The question asked on the step that plays its answer: the narration shows what
    drinking the luck spell did, and the check must say so."""
    leaky = tmp_path / "leaky.yaml"
    leaky.write_text("""
title: leaky
game: rabohnzel
players: [Ann, Bob, Cid]
seed: 50
setup:
  active: Ann
  phase: plant
  deck: [sword, princess, chasm, mean, white, white]
  players:
    Ann: {hand: [mage, white, mage], fields: [[mage, mage], [thief]]}
    Bob: {hand: [princess, sword], coins: [chasm]}
    Cid: {hand: [white], coins: [sword, sword]}
  potions: {Ann: [luck, attack], Bob: [hand], Cid: [trade]}
steps:
  - do: [Ann plant mage 1, Ann magic, Ann use 1, Ann activate luck]
  - ask: What will the luck spell do when Ann drinks it?
    ask_hu: Mit tesz majd a szerencsevarázs, amikor Ann megissza?
    choices: [She activates the top potion of the potion deck, She draws two cards]
    choices_hu: [Felfordítja a bájitalpakli legfelső bájitalát, Húz két lapot]
    answer: She activates the top potion of the potion deck
    explain: The potion deck's top potion becomes hers for the turn.
    explain_hu: A bájitalpakli legfelső bájitala erre a körre az övé lesz.
    rule: R-35
    do: Ann consume luck
""", encoding="utf-8")
    found = leaks(leaky)
    assert any("answer step's narration" in x for x in found), found
    assert any("already played" in x for x in found), found
    # The same question on its own step, before the action, passes.
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(leaky.read_text(encoding="utf-8").replace(
        "    rule: R-35\n    do: Ann consume luck", "    rule: R-64\n  - do: Ann consume luck"), encoding="utf-8")
    assert leaks(fixed) == []


def test_walkthrough_hides_the_rule_until_answered():
    app = WalkthroughApp(find("bohnanza/lesson_02_harvest"), progress=False)
    i = next(f.index for f in app.w.frames if f.exercise is not None and f.exercise.rules)
    app.go(i)
    rid = app.w[i].exercise.rules[0]
    assert rid not in plain(app.rules_w.value)
    app.answer(app.w[i].exercise.answer)
    text = plain(app.exercise_area.children[0].children[-1].value)
    assert rid in text  # the feedback cites the rule


# -- feedback --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_feedback_explains_and_cites_the_rule(lang):
    w = Walkthrough.from_scenario(find("bohnanza/lesson_02_harvest"))
    f = next(f for f in w.frames if f.exercise is not None and not f.exercise.multiple)
    ex = f.exercise
    wrong = feedback_text(ex, False, lang, f.game.ruleset)
    right = feedback_text(ex, True, lang, f.game.ruleset)
    assert right.startswith(t("correct", lang)) and wrong.startswith(t("wrong", lang))
    assert ex.explain[lang] in right and ex.rules[0] in right and t("rule", lang).lower() in right.lower()
    assert (ex.choice_text(ex.answer[0], lang) or ex.answer[0]) in wrong


# -- the end-of-page check -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_quiz_draw_is_fixed_by_the_seed(game):
    a, b = draw_questions(game, seed=3), draw_questions(game, seed=3)
    assert a == b and MIN_QUESTIONS <= len(a) <= MAX_QUESTIONS and len(set(a)) == len(a)
    assert set(a) <= set(exercise_ids(game))
    assert any(draw_questions(game, seed=s) != a for s in range(4, 10))
    assert draw_questions(game, seed=3, n=8) == a[:8]


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_scores_and_reports_to_the_progress_store(lang):
    store = ProgressStore("bohnanza", lang=lang)
    quiz = PageQuiz("bohnanza", lang=lang, seed=5, progress=store)
    n = len(quiz.questions)
    assert text_of(quiz.counter).startswith({"en": "Question 1 of", "hu": "1. kérdés"}[lang])
    for k in range(n):
        ex = quiz.exercise
        good = ex.answer if ex.multiple else ex.answer[0]
        bad = [c for c in ex.choices if c not in ex.answer][:1] if ex.multiple else next(
            c for c in ex.choices if c not in ex.answer)
        ok = quiz.answer(good if k % 3 else bad)
        assert ok == bool(k % 3)
        fb = plain(quiz.feedback_w.value)
        assert t("correct" if ok else "wrong", lang) in fb and t("rule", lang).lower() in fb.lower()
        quiz.next()
    want = sum(1 for k in range(n) if k % 3)
    assert quiz.finished and quiz.score == want
    assert str(want) in text_of(quiz.counter)
    assert store.quiz == {"last": want, "best": want, "of": n}
    assert store.right == want
    quiz.set_lang("hu" if lang == "en" else "en")
    quiz.restart()
    assert quiz.k == 0 and quiz.score == 0 and not quiz.finished


def test_quiz_speaks_both_languages():
    quiz = PageQuiz("rabohnzel", seed=2, progress=ProgressStore("rabohnzel"))
    en = plain(quiz.question_area.children[0].value)
    quiz.set_lang("hu")
    hu = plain(quiz.question_area.children[0].value)
    assert en != hu and quiz.exercise.question["hu"] in hu
    assert quiz.check_b.description == t("check", "hu")


def text_of(w) -> str:
    return plain(w.value)


# -- the progress store (its Python side) ----------------------------------------------------


def test_progress_store_counts_each_exercise_once_and_keeps_it_right():
    store = ProgressStore("takeover")
    ids = list(exercise_ids("takeover"))
    assert store.total == len(ids) and store.right == 0
    store.record(ids[0], False)
    assert store.right == 0
    store.record(ids[0], True)
    store.record(ids[0], False)  # a later slip does not undo a right answer
    store.record(ids[1], True)
    assert store.right == 2 and store.answers[ids[0]] is True
    store.record("not-an-exercise#1", True)
    assert store.right == 2
    store.record_quiz(4, 10)
    store.record_quiz(2, 10)
    assert store.quiz == {"last": 2, "best": 4, "of": 10}
    assert "2 / " in store.summary("en") and "4 / 10" in store.summary("en")
    store.set_lang("hu")
    assert store.words["progress"] == "Haladásod" and "Haladásod" in store.summary()


def test_progress_store_syncs_what_the_browser_stored():
    store = ProgressStore("bohnanza")
    ids = list(exercise_ids("bohnanza"))
    # the browser merges what it had stored and sends the whole state back
    store.set_state({"answers": {ids[0]: True, ids[1]: False}, "loaded": True})
    assert store.loaded and store.right == 1
    assert {"answers", "quiz", "ids", "game"} <= set(store.get_state())
    assert "localStorage" in store._esm and "beannb.progress." in store._esm


def test_walkthrough_reports_answers_to_the_games_store():
    path = find("bohnanza/lesson_02_harvest")
    app = WalkthroughApp(path)
    assert app.progress is progress_store("bohnanza") and app.progress in app.children
    i = next(f.index for f in app.w.frames if f.exercise is not None)
    before = app.progress.right
    app.go(i)
    app.answer(app.w[i].exercise.answer)
    assert app.progress.answers[exercise_id(path, i)] is True
    assert app.progress.right >= before
    app.set_lang("hu")
    assert app.progress.lang == "hu"
    assert WalkthroughApp(path, progress=False).progress is None


# -- a Check with nothing chosen is no answer ---------------------------------------------------


def test_an_empty_check_asks_for_an_answer_and_counts_nothing():
    store = ProgressStore("bohnanza")
    quiz = PageQuiz("bohnanza", lang="hu", seed=5, progress=store)
    assert quiz.answer([] if quiz.exercise.multiple else None) is False
    assert not quiz.answered and quiz.results == [] and store.answers == {}
    assert t("pick_first", "hu") in text_of(quiz.feedback_w)
    assert quiz.answer(quiz.exercise.answer if quiz.exercise.multiple else quiz.exercise.answer[0]) is True
    assert quiz.results == [True]

    path = find("bohnanza/lesson_02_harvest")
    app = WalkthroughApp(path, progress=ProgressStore("bohnanza"))
    i = next(f.index for f in app.w.frames if f.exercise is not None)
    app.go(i)
    before = dict(app.progress.answers)
    assert app.answer([] if app.w[i].exercise.multiple else None) is False
    assert app.progress.answers == before and i not in app.feedback
    box = app.exercise_area.children[0]
    assert any(t("pick_first", "en") in getattr(w, "value", "") for w in box.children)


def test_progress_counts_wrong_answers_apart_from_questions_not_answered():
    store = ProgressStore("takeover")
    ids = list(exercise_ids("takeover"))
    store.record(ids[0], True)
    store.record(ids[1], False)
    assert (store.right, store.wrong, store.unanswered) == (1, 1, len(ids) - 2)
    line = store.summary("en")
    assert f"1 / {len(ids)} exercises right" in line and "1 answered wrong so far" in line
    assert f"{len(ids) - 2} not answered yet" in line
    store.record(ids[1], True)
    assert store.wrong == 0 and "wrong" not in store.summary("en")
