"""The widgets' and the class server's words come from their message catalogues: every table
answers in English and Hungarian, and in the pseudo-language every word is bracketed, so a
widget drawn in it shows no word that did not go through a catalogue."""
from __future__ import annotations

import html
import importlib
import re
import string

import pytest

pytest.importorskip("ipywidgets")

from beannb.i18n import LANGS  # noqa: E402
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, REGISTRY  # noqa: E402

#: Every module's word table, as (module, attribute).
WORD_TABLES = [
    ("beannb.widgets.progress", "TEXT"), ("beannb.widgets.lab", "TEXT"), ("beannb.widgets.hint", "WORDS"),
    ("beannb.widgets.landing", "TEXT"), ("beannb.widgets.folder", "TEXT"), ("beannb.widgets.recorder", "TEXT"),
    ("beannb.widgets.explorer", "TEXT"), ("beannb.widgets.views", "TEXT"),
    ("beannb.widgets.builder", "TEXT"), ("beannb.serve.words", "TEXT"),
]


def word_table(where):
    module, name = where
    return getattr(importlib.import_module(module), name)


def fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def sample(template: str) -> dict:
    return {name: 2 for name in fields(template)}


def stray_words(text: str, allowed=()) -> list[str]:
    """The words of ``text`` (HTML or plain) outside the pseudo-language's brackets, apart from
    the names in ``allowed``."""
    text = html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.S))
    while True:  # a message inside a message: brackets inside brackets
        inner = re.sub(f"{PSEUDO_OPEN}[^{PSEUDO_OPEN}{PSEUDO_CLOSE}]*{PSEUDO_CLOSE}", " ", text)
        if inner == text:
            break
        text = inner
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"[^\W\d_]{2,}", text)


# -- the tables ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("where", WORD_TABLES, ids=lambda w: w[0].split(".", 1)[1])
def test_every_word_table_answers_in_every_language(where) -> None:
    words = word_table(where)
    assert set(words) == set(LANGS) and all(lang in words for lang in (*LANGS, PSEUDO))
    keys = set(words["en"])
    assert keys
    for lang in LANGS:
        assert set(words[lang]) == keys, lang
        for key in keys:
            shown = words.text(key, lang, **sample(words["en"][key]))
            assert shown.strip() and "{" not in shown, (lang, key, shown)
            assert "a(z)" not in shown.lower(), (lang, key, shown)
            if lang == "hu":
                english = words.text(key, "en", **sample(words["en"][key]))
                assert shown != english or not re.search("[a-z]{4}", shown), (key, "left in English")
    for key in keys:
        shown = words.text(key, PSEUDO, **sample(words["en"][key]))
        assert shown.startswith(PSEUDO_OPEN) and shown.endswith(PSEUDO_CLOSE), (key, shown)
        assert not stray_words(shown), (key, shown)


def test_every_table_of_the_two_domains_is_one_of_the_word_tables() -> None:
    for where in WORD_TABLES:
        word_table(where)
    importlib.import_module("beannb.serve.pages")
    declared = {m for m in REGISTRY if m.domain in ("widgets", "serve")}
    read = {word_table(where).messages for where in WORD_TABLES}
    assert {m.domain for m in declared} == {"widgets", "serve"}
    assert declared - read == {importlib.import_module("beannb.serve.pages").MESSAGES}


def test_the_class_pages_get_their_words_with_open_fields_only() -> None:
    """The class page's script fills a text's ``{fields}`` itself: no grammar specs there."""
    from beannb.serve.words import TEXT, page_words, w

    for lang in (*LANGS, PSEUDO):
        words = page_words(lang)
        assert set(words) == set(TEXT["en"])
        for key, text in words.items():
            assert all(spec == "" for _, name, spec, _ in string.Formatter().parse(text) if name), (lang, key)
    assert w("hello", "hu", name="Anna") == "Szia, Anna!"
    assert w("hello", "de", name="Anna") == "Hello, Anna!"  # a language the pages do not speak: English
    assert not stray_words(w("waiting_for", PSEUDO, names="Ann, Bob"), ["Ann", "Bob"])


def test_the_message_pages_are_in_both_languages() -> None:
    from beannb.serve.pages import join_page, message_page

    page = message_page("error", 500)
    assert "Something went wrong" in page and "Hiba történt" in page and page.count("(500)") == 2
    assert "Olvasd be a kódot" in join_page("http://10.0.0.2:8866/beannb/class")


# -- Hungarian ----------------------------------------------------------------------------------------
def test_hungarian_texts_take_their_articles_and_words() -> None:
    from beannb.scenarios import find, load_scenario
    from beannb.games.bohnaparte.view import explain
    from beannb.widgets.lab import TEXT as LAB
    from beannb.widgets.recorder import TEXT as RECORDER

    g = load_scenario(find("bohnaparte/x02_river_chain")).new_game()
    m = g.ruleset.observe(g.state, None)["map"]
    assert explain(m, "Ann", "03", "hu") == ("A 03 mező a 09 mezőről érhető el a folyón át (10 → 06), "
                                             "mert Ann erdőt birtokol")
    assert explain(m, "Bob", "02", "hu") == "A 02 mező szomszédos a 01 mezővel, amely Bob birtoka"
    assert explain(m, "Ann", "10", "hu") == "A 10 mező folyó: nem támadható"
    assert LAB.text("unit_coins", "hu") == "babtallér"
    worth = LAB.text("worth_head", "hu", name="Szerencsevarázs", n=50)
    assert worth.startswith("Mit ér a Szerencsevarázs? Ugyanaz az 50 ")
    assert LAB.text("seat_n", "hu", n=2) == "2. hely"
    saved = RECORDER.text("saved", "en", path="x.yaml", steps=RECORDER.message("steps", n=1),
                          questions=RECORDER.message("questions", n=2))
    assert saved == "Saved x.yaml: 1 step, 2 questions; beannb check passes."
    assert RECORDER.text("asked", "en", n=1).endswith("(1 question so far)")


# -- widgets drawn in the pseudo-language ----------------------------------------------------------------
def test_the_progress_line_is_catalogued() -> None:
    from beannb.widgets.progress import ProgressStore, exercise_ids

    store = ProgressStore("bohnanza", lang=PSEUDO)
    ids = list(exercise_ids("bohnanza"))
    store.record(ids[0], True)
    store.record(ids[1], False)
    store.record_quiz(3, 10)
    line = store.summary()
    assert line.startswith(PSEUDO_OPEN) and not stray_words(line), line
    assert all(w.startswith(PSEUDO_OPEN) for w in store.words.values())


def test_the_page_check_is_catalogued() -> None:
    from beannb.i18n.ui import t
    from beannb.widgets.progress import ProgressStore
    from beannb.widgets.quiz import PageQuiz

    quiz = PageQuiz("bohnanza", lang=PSEUDO, seed=1, progress=ProgressStore("bohnanza", lang=PSEUDO))
    shown = [quiz.heading.value, quiz.counter.value, quiz.next_b.description, quiz.again_b.description]
    assert not stray_words(" ".join(shown)), shown
    assert quiz.context.value.startswith("<div><i>" + PSEUDO_OPEN)  # "From the example: <its title>"
    for _ in quiz.questions:
        ex = quiz.exercise
        quiz.answer(ex.answer if ex.multiple else ex.answer[0])
        quiz.next()
    assert quiz.finished and not stray_words(quiz.counter.value), quiz.counter.value
    assert quiz.check_b.description == t("check", PSEUDO)


def test_the_lab_reports_are_catalogued() -> None:
    from beannb.i18n.ui import t
    from beannb.sim import simulate, worth
    from beannb.widgets.lab import report_html, worth_html

    bots = ["greedy", "random", "greedy"]
    names = [t("bot_" + b, PSEUDO) for b in bots]
    report = simulate("bohnanza", players=3, games=2, bots=bots, seed=1)
    assert not stray_words(report_html(report, PSEUDO), names)
    study = worth("rabohnzel", "luck", 3, 2, bots, 1)
    from beannb.widgets.lab import removable_name

    assert not stray_words(worth_html(study, PSEUDO), names + [removable_name("rabohnzel", "luck", PSEUDO)])


def test_the_landing_page_and_the_folder_index_are_catalogued(tmp_path) -> None:
    from beannb.widgets.folder import FolderIndex
    from beannb.widgets.landing import GAMES, landing_html

    names = [g["title"] for g in GAMES if g["title"]]
    assert not stray_words(landing_html(PSEUDO), names)
    index = FolderIndex(tmp_path, lang=PSEUDO)
    assert not stray_words(index.head.value) and not stray_words(index.pick.description)


def test_the_map_explorer_the_strength_lab_and_the_hint_are_catalogued() -> None:
    from beannb.games import new_game
    from beannb.scenarios import find, load_scenario
    from beannb.widgets import views
    from beannb.widgets.explorer import MapExplorer
    from beannb.widgets.controller import GameController
    from beannb.widgets.hint import HintPanel
    from beannb.widgets.fields import FieldLab

    g = load_scenario(find("bohnaparte/x02_river_chain")).new_game()
    explorer = MapExplorer(g, player="Ann", lang=PSEUDO)
    explorer.place.value = "03"
    players = list(g.players)
    assert not stray_words(explorer.why.value, players)
    assert not stray_words(explorer.player.description + explorer.place.description)

    lab = FieldLab("takeover", lang=PSEUDO)
    assert not stray_words(" ".join([lab.t1.description, lab.t2.description, lab.n1.description,
                                     lab.flag.description]))

    offers = views._give_options(["chili", "soy"], ["red", "red", "soy"], True, PSEUDO, lambda b, _lang: b)
    assert not stray_words(" ".join(label for label, _ in offers), ["chili", "soy", "red"])
    assert not stray_words(views.try_help_html(PSEUDO, ["Ann harvest 1"]), ["Ann harvest"])

    panel = HintPanel(GameController(new_game("bohnanza", ["Ann", "Bob", "Cid"], 1), seats=[]), lang=PSEUDO)
    panel.ask()  # the page plays no seat: nothing to hint
    shown = [panel.button.description, panel.button.tooltip, panel.review_button.description, panel.answer.value]
    assert not stray_words(" ".join(shown)), shown
