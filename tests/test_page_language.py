"""One language for the whole page: the page language, the lesson tables, the prose widget
and the figures the notebooks show (widget text nbval can no longer compare)."""
from __future__ import annotations

import importlib
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")
import ipywidgets as W
import traitlets

GAMES = ("bohnanza", "takeover", "rabohnzel", "bohnaparte")
from beannb.scenarios import find, load_scenario
from beannb.widgets import GameController, PlayApp, TableApp, WalkthroughApp, new_controller
from beannb.widgets.explorer import MapExplorer
from beannb.widgets.lab import SimReport, StrategyLab, report_html
from beannb.widgets.landing import (GAMES as LANDING_GAMES, TEXT as LANDING_TEXT, Landing, ScenarioBrowser, game_card,
                                    landing_html)
from beannb.widgets.page import PageHTML, PageSwitch, Prose, markdown_html, page_language, pick
from beannb.widgets.fields import FieldLab

#: English function words. "is", "be" and "a" are left out: they are Hungarian words too
#: ("also", "into", "the").
ENGLISH = {"the", "and", "of", "to", "you", "your", "with", "are", "for", "it", "its", "when", "what",
           "which", "each", "every", "may", "this", "that", "from", "by", "or", "on", "in", "at", "one"}
#: Hungarian function words ("a" and "is" are left out: they are English words too).
HUNGARIAN = {"és", "hogy", "az", "egy", "nem", "vagy", "ha", "de", "minden", "amely", "amit", "ezt", "csak",
             "még", "már", "után", "között", "mert", "kell", "lehet", "te", "meg"}


def words(markdown: str) -> list[str]:
    """The prose words of a lesson text: code spans and link targets removed."""
    text = re.sub(r"`[^`]*`", " ", markdown)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return re.findall(r"[^\W\d_]+", text.lower())


def lesson_tables():
    for game in GAMES:
        mod = importlib.import_module(f"beannb.games.{game}.lessons")
        yield game, mod.LESSONS


@pytest.fixture(autouse=True)
def fresh_page():
    page_language().reset()
    yield
    page_language().reset()


# -- the page language --------------------------------------------------------------


class Follower(W.HTML):
    """A widget written elsewhere: only a ``lang`` trait, no registration."""

    lang = traitlets.Unicode("en")


class Plain:
    """Not a widget at all: follows once registered."""

    def __init__(self):
        self.lang = "en"

    def set_lang(self, lang):
        self.lang = lang


def test_switching_the_page_switches_every_widget():
    table = TableApp(new_controller(seed=5))
    play = PlayApp(seed=1, bots=2)
    walk = WalkthroughApp(find("bohnanza/lesson_01_first_turn"))
    land = Landing()
    browser = ScenarioBrowser("bohnanza", prefix="e")
    lab = StrategyLab(players=4)
    strength = FieldLab("takeover")
    explorer = MapExplorer(str(find("bohnaparte/x02_river_chain")), player="Ann")
    prose = Prose({"en": "The **end**.", "hu": "A **vége**."})
    html = PageHTML(lambda lang: f"<i>{lang}</i>")
    other = Follower()
    plain = page_language().follow(Plain())

    page_language().set("hu")

    assert table.c.lang == "hu" and "Visszavonás" in table.undo_b.description
    assert play.table.c.lang == "hu" and play.n_bots.description == "Gépi játékosok"
    assert walk.lang == "hu" and walk.next_b.description.startswith("Tovább") and walk.lang_tb.value == "hu"
    assert land.lang == "hu" and "Megnyitás" in land.body.value
    assert browser.lang == "hu" and browser.area.children[0].lang == "hu"
    assert any("betakarítása" in label for label in browser.pick._options_labels)
    assert lab.lang == "hu" and lab.run_b.description == "Szimuláció"
    assert strength.lang == "hu" and strength.t2.description == "Megtámadott"
    assert explorer.lang == "hu" and explorer.place.description == "Terület"
    assert "vége" in prose.value and html.value == "<i>hu</i>"
    assert other.lang == "hu" and plain.lang == "hu"

    page_language().set("en")
    assert table.c.lang == "en" and walk.lang == "en" and "Open" in land.body.value and "end" in prose.value


def test_a_widgets_own_switch_still_works_and_follows_the_page():
    walk = WalkthroughApp(find("bohnanza/lesson_01_first_turn"))
    walk.lang_tb.value = "hu"
    assert walk.lang == "hu"
    page_language().set("en")
    assert walk.lang == "en" and walk.lang_tb.value == "en"


def test_widgets_made_after_the_page_chose_start_in_its_language():
    page_language().set("hu")
    assert Prose({"en": "x", "hu": "y"}).lang == "hu"
    assert "Megnyitás" in Landing().body.value
    assert page_language().follow(Plain()).lang == "hu"


def test_a_broken_lesson_leaves_no_widget_for_the_language_switch(tmp_path):
    """A walkthrough whose file does not load raises before a widget exists: the page's next
    switch finds nothing half-built (it would warn that it could not switch it)."""
    import warnings

    from beannb.scenario_format import ScenarioError

    bad = tmp_path / "broken.yaml"
    bad.write_text("game: bohnanza\nsteps: [\n", encoding="utf-8")
    before = len(W.Widget.widgets)
    with pytest.raises(ScenarioError):
        WalkthroughApp(str(bad))
    assert len(W.Widget.widgets) == before
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        page_language().set("hu")
        page_language().set("en")


def test_a_widget_may_keep_its_own_language():
    class Pinned(Follower):
        follows_page = False

    pinned = Pinned()
    page_language().set("hu")
    assert pinned.lang == "en"


def test_the_page_switch_and_the_page_language_agree():
    switch = PageSwitch()
    assert switch.lang == "en"
    switch.lang = "hu"  # what the browser does after reading ?lang=hu
    assert page_language().lang == "hu" and page_language().chosen
    page_language().set("en")
    assert switch.lang == "en"
    with pytest.raises(ValueError):
        page_language().set("de")


# -- the lesson tables --------------------------------------------------------------


def test_every_game_has_a_lessons_table_in_both_languages():
    for game, lessons in lesson_tables():
        assert "intro" in lessons, game
        for key, text in lessons.items():
            if callable(text):
                en, hu = text("en"), text("hu")
            else:
                assert set(text) == {"en", "hu"}, (game, key)
                en, hu = text["en"], text["hu"]
            assert en.strip() and hu.strip(), (game, key)
            assert en != hu or len(en) < 30, (game, key)  # a potion's name may be the same
            assert markdown_html(en) and markdown_html(hu)


def test_lesson_prose_has_no_words_of_the_other_language():
    for game, lessons in lesson_tables():
        for key in lessons:
            en, hu = pick(lessons[key], "en"), pick(lessons[key], "hu")
            assert not ENGLISH & set(words(hu)), (game, key, sorted(ENGLISH & set(words(hu))))
            assert not HUNGARIAN & set(words(en)), (game, key, sorted(HUNGARIAN & set(words(en))))


def test_landing_text_exists_in_both_languages():
    assert set(LANDING_TEXT["en"]) == set(LANDING_TEXT["hu"])
    assert all(v.strip() for tx in LANDING_TEXT.values() for v in tx.values())
    for g in LANDING_GAMES:
        assert all(game_card(g["name"], "en")) and all(game_card(g["name"], "hu"))
    assert not ENGLISH & set(words(re.sub(r"<[^>]+>", " ", landing_html("hu"))))


def test_data_driven_lesson_lines_in_both_languages():
    from beannb.games.bohnaparte import river_crossings
    from beannb.games.bohnaparte.lessons import crossings_text
    from beannb.games.takeover.lessons import late_windows_example

    sc = load_scenario(find("takeover/r_t30_copy_past_limit"))
    assert "Cid is not asked, so may do nothing" in late_windows_example(sc, "en")
    hu = late_windows_example(sc, "hu")
    assert "Passz" in hu and "pass " not in hu and "Károly lehetőségei" in hu

    g = load_scenario(find("bohnaparte/x01_river_one")).new_game()
    found = river_crossings(g.ruleset.graph(g.state), "Ann")
    title = {"en": "one river", "hu": "egy folyó"}
    assert sorted(found) == ["06", "11", "15"]
    assert "06 (09 → 10 → 06)" in crossings_text([(title, found)], "en")
    assert "egy folyó" in crossings_text([(title, found)], "hu")


def test_markdown_subset():
    html = markdown_html("# T\n\nA **b** *c* `d*e*` [f](g.ipynb)\n\n* one\n* two\n\n| x | y |\n|---|---|\n| 1 | 2 |")
    assert "<h1>T</h1>" in html and "<b>b</b>" in html and "<i>c</i>" in html
    assert "<code>d*e*</code>" in html and '<a href="g.ipynb">f</a>' in html
    assert "<ul><li>one</li><li>two</li></ul>" in html and "<td>1</td><td>2</td>" in html
    assert "&lt;script&gt;" in markdown_html("<script>")


# -- the figures the notebooks show -------------------------------------------------


@pytest.mark.parametrize("game, games, digits, unit, means, wins", [
    ("bohnanza", 20, 2, "coins", ["8.25", "9.25", "0.50", "0.50"], ["28%", "72%", "0%", "0%"]),
    ("rabohnzel", 20, 2, "coins", ["7.10", "9.35", "1.05", "0.50"], ["30%", "70%", "0%", "0%"]),
    ("bohnaparte", 10, 1, "vp", ["4.7", "3.5", "0.8", "0.8"], ["60%", "40%", "0%", "0%"]),
])
def test_the_notebooks_simulation_figures(game, games, digits, unit, means, wins):
    """The report cells of the game pages: twenty (ten) seeded games, always the same figures."""
    report = SimReport(game, players=4, games=games, bots=["greedy", "greedy", "random", "random"], seed=1,
                       unit=unit, digits=digits).join()
    shown = re.findall(r"class='beannb-lab-mean'>([\d.]+) ", report.value)
    assert shown == means
    assert re.findall(r"<td [^>]*>(\d+%)</td>", report.value) == wins
    assert "sensible" in report.value and "greedy" not in report.value
    page_language().set("hu")
    assert means[0].replace(".", ",") in report.value and "megfontolt" in report.value
    assert ("győzelmi pont" if unit == "vp" else "babtallér") in report.value


def test_report_plays_in_the_background_and_says_so_meanwhile():
    import threading

    gate = threading.Event()
    import beannb.sim as sim

    real = sim.simulate

    def slow(*a, **kw):
        gate.wait(10)
        return real(*a, **kw)

    sim.simulate = slow
    try:
        r = SimReport("bohnanza", players=4, games=2, bots=["random"], seed=1, lang="hu")
        # Nothing is played until a browser shows the report: the page executes first.
        assert "A játszmák folynak" in r.value and r.report is None and not r._thread.is_alive()
        r.trigger.shown = True                                            # as the front end says
        assert r._thread.is_alive() and "A játszmák folynak" in r.value   # playing meanwhile
        gate.set()
        r.join(30)
    finally:
        sim.simulate = real
    assert r.report is not None and "beannb-lab-mean" in r.value
    bad = SimReport("bohnanza", players=4, games=0, bots=["random"], seed=1, background=False)
    assert "beannb-error" in bad.value and "at least 1" in bad.value


def test_report_names_the_bot_as_the_selector_does():
    from beannb.i18n.ui import t

    r = SimReport("bohnanza", players=4, games=10, bots=["greedy", "greedy", "random", "random"], seed=1).join()
    for lang in ("en", "hu"):
        html = report_html(r.report, lang)
        assert t("bot_greedy", lang) in html and t("bot_random", lang) in html


def test_the_figures_the_lesson_lines_show():
    """What the notebooks' printed cells showed before they became bilingual prose."""
    from beannb.games.bohnanza.lessons import harvest_examples
    from beannb.games.bohnaparte.lessons import graph_facts, territory_table
    from beannb.games.rabohnzel.lessons import potion_table
    from beannb.games.takeover.lessons import strength_cases

    assert "* 5 × Chili: 1 coin, 4 cards to the discard pile" in harvest_examples("en")
    assert "* 2 kertibab: 2 babtallér, 0 lap a dobott lapok közé kerül" in harvest_examples("hu")
    en = strength_cases("en")
    assert "4 Red (handicap 8) may take over 3 Blue" in en and "3 Blue (handicap 20) may not take over 4 Red" in en
    assert "3 Snap (handicap 4) may take over 3 Garden" in en and "3 Soy (handicap 12) may not take over 3 Soy" in en
    assert "**19** positions and **42** edges" in graph_facts("en") and "04, 05, 08, 10, 13, 14" in graph_facts("hu")
    assert "| 10 | Luck spell |" in potion_table("en") and "| 10 | Szerencsevarázs |" in potion_table("hu")
    assert "| city | 3 | 18 |" in territory_table("en") and "| folyó | 0 | – |" in territory_table("hu")


def test_each_page_names_its_tab_after_its_game_in_the_pages_language():
    """The browser tab shows the game's name (the rules catalogue's title) in the page's
    language, not the notebook's file name: the notebook's title for a page still loading,
    then the page switch's title for its language."""
    import json
    from pathlib import Path

    from beannb.render.overview import title
    from beannb.widgets.landing import page_titles

    switch = PageSwitch("takeover")
    assert switch.titles == {"en": "Hostile Takeover", "hu": "Ellenséges átvétel"}
    assert page_titles()["hu"] != page_titles()["en"]
    folder = Path(__file__).resolve().parent.parent / "notebooks"
    for nb_path in sorted(folder.glob("0*.ipynb")):
        nb = json.loads(nb_path.read_text("utf-8"))
        first = "".join(nb["cells"][0]["source"])
        game = nb_path.stem.split("_", 1)[1]
        if game == "start":
            assert "PageSwitch(titles=page_titles())" in first
            assert nb["metadata"]["title"] == page_titles()["en"]
        else:
            assert f"PageSwitch('{game}')" in first, nb_path.name
            assert nb["metadata"]["title"] == title(game, "en"), nb_path.name
