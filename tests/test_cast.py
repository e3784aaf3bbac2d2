"""One set of example players per language (issue 23): scenario files seat the English cast,
a walkthrough shows each language's own names everywhere, with Hungarian suffixes that fit."""
import re
from pathlib import Path

import pytest
import yaml

from beannb.i18n import hu
from beannb.i18n.cast import CAST_MESSAGES, CAST_SIZE, cast, name_map, rename_data, rename_text
from beannb.render.lesson import choice_label, step_words
from beannb.scenario_format import load_scenario
from beannb.walkthrough import Walkthrough

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))
EN, HU = cast("en"), cast("hu")
#: Keys of a scenario file whose text is English (or Hungarian) wording.
EN_WORDING = {"say", "ask", "explain", "title", "description"}


def _raw(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _words(names) -> "re.Pattern[str]":
    return re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")(?!\w)")


def test_each_language_has_its_own_cast_from_the_catalogue():
    assert len(EN) == len(HU) == CAST_SIZE and len(set(EN)) == len(set(HU)) == CAST_SIZE
    assert EN[:4] == ["Ann", "Bob", "Cid", "Dora"] and HU[:4] == ["Anna", "Balázs", "Károly", "Dóra"]
    assert not set(EN) & set(HU)
    assert [CAST_MESSAGES.text(f"cast-{i}", "hu") for i in range(1, 4)] == HU[:3]
    assert name_map("en", "hu")["Cid"] == "Károly" and name_map("hu", "en")["Károly"] == "Cid"
    assert cast("xx") == EN and cast("hu", 2) == ["Anna", "Balázs"]


def test_renaming_takes_whole_names_only():
    names = name_map("en", "hu")
    assert rename_text("Ann offer Bob 2 chili; Ann.coins", names) == "Anna offer Balázs 2 chili; Anna.coins"
    assert rename_text("Anna, Annie, Even and Eve", names) == "Anna, Annie, Even and Emese"
    assert rename_data({"Ann.coins": 3, "scores": {"Cid": [1, "Bob"]}}, names) == \
        {"Anna.coins": 3, "scores": {"Károly": [1, "Balázs"]}}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_scenario_seats_the_english_cast(path):
    """``players:`` are the first names of the English cast in seat order; a file may seat them
    in another order only with a comment on that line saying why."""
    players = _raw(path)["players"]
    assert set(players) <= set(EN), f"{path.name}: {players} are not all of the cast {EN}"
    if players != EN[:len(players)]:
        line = next(ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith("players:"))
        assert re.search(r"#\s*\w+.{20,}", line), f"{path.name}: {players} out of the cast's order with no reason given"


def _texts(value, key=None):
    """(key, text) of every wording text of a scenario's data (the key is the nearest one)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v, key)
    elif isinstance(value, str) and key is not None:
        yield str(key), value


def _hungarian_forms(name: str) -> set:
    """The forms a Hungarian cast name may take in prose: the name, each grammar spec of
    :mod:`beannb.i18n.hu`, and a few more case endings and possessives."""
    def ending(back, front):
        return hu._lengthen(name) + hu._pick(name, back, front)
    own = hu.possessive3(name)
    forms = {name, *(spec(name) for key, spec in hu.SPECS.items() if key not in ("az", "Az"))}
    forms |= {ending(*pair) for pair in (("nál", "nél"), ("ra", "re"), ("ról", "ről"), ("ba", "be"),
                                          ("ban", "ben"), ("ból", "ből"), ("ért", "ért"))}
    forms |= {own + tail for tail in ("t", "n", "k", "i", "it", hu._pick(name, "ban", "ben"))}
    return forms


HU_FORMS = {form: name for name in HU for form in _hungarian_forms(name)}


def _stem(name: str) -> str:
    return name[:-1] if name[-1] in "ae" else name


def test_the_hungarian_forms_are_spelled_right():
    assert {"Annának", "Annával", "Annát", "Balázsnak", "Balázzsal", "Balázst", "Károlynak", "Károllyal",
            "Károlyt", "Dórának", "Annánál", "Balázséban"} <= set(HU_FORMS)
    assert not {"Annnak", "Annanak", "Balázsal", "Károlyal", "Bobnak"} & set(HU_FORMS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_prose_names_the_cast_of_its_language(path):
    """English wording names only the English cast, Hungarian wording only the Hungarian one,
    each name with a suffix Hungarian spells that way (Annának, Balázzsal, Károlyt; no
    "Annnak", "Bobnak", "Károlyal")."""
    en_name, hu_name = _words(HU), _words(EN)
    bad = []
    for key, text in _texts(_raw(path)):
        if key.endswith("_hu"):
            bad += [f"{key}: English name {m.group()!r}" for m in hu_name.finditer(text)]
            for token in re.findall(r"\w+(?:-\w+)?", text):
                stems = [n for n in EN + HU if token.startswith(_stem(n)) and token[:1].isupper()]
                if stems and token not in HU_FORMS:
                    bad.append(f"{key}: {token!r} is no form of {stems[0]}")
        elif key in EN_WORDING:
            bad += [f"{key}: Hungarian name {m.group()!r}" for m in en_name.finditer(text)]
    assert not bad, f"{path.name}: " + "; ".join(bad)


def _walkable(path: Path) -> bool:
    raw = _raw(path)
    return isinstance(raw, dict) and "expect_setup_error" not in raw


def _shown(walk: Walkthrough, lang: str) -> list[str]:
    """Everything a page in ``lang`` shows of ``walk``: the title, each frame's narration,
    moves, table, exercise (question, choices, explanation) and rule texts."""
    out = [walk.titles.get(lang) or walk.title]
    for f in walk.frames:
        rs = f.game.ruleset
        out += f.narration(lang)
        out += [step_words(a, lang, rs) for a in f.actions]
        out.append(rs.view.table_html(rs.observe(f.game.state, None), lang, f.changed))
        ex = f.exercise
        if ex is not None:
            out += [ex.question.get(lang) or ex.question["en"], ex.explain.get(lang) or ""]
            out += [ex.choice_text(c, lang) or choice_label(c, lang, rs) for c in ex.choices]
    return out


@pytest.mark.parametrize("path", [p for p in SCENARIOS if _walkable(p)], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_language_shows_its_own_cast(path):
    sc = load_scenario(path)
    for one in [sc, *sc.variants]:
        en = Walkthrough.from_scenario(one)
        hu_walk = en.in_language("hu")
        hu_names = name_map("en", "hu")
        assert hu_walk.lang == "hu" and list(hu_walk[0].game.players) == [hu_names.get(p, p) for p in one.players]
        for lang, walk, foreign in (("en", en, HU), ("hu", hu_walk, EN)):
            found = {m.group() for text in _shown(walk, lang) for m in _words(foreign).finditer(text)}
            assert not found, f"{path.name} ({one.variant or 'main'}, {lang}): shows {sorted(found)}"


def test_a_language_switch_keeps_the_step_and_renames_the_players():
    from beannb.widgets.apps import WalkthroughApp

    app = WalkthroughApp(str(ROOT / "scenarios" / "bohnanza" / "lesson_03_trading.yaml"), lang="en", progress=False)
    asks = [f.index for f in app.w.frames if f.exercise is not None and f.exercise.multiple]
    app.go(asks[0])
    first = app.w[asks[0]].exercise.choices[0]
    app.picked[asks[0]] = [first]
    before = app.narration_w.value
    assert "Bob" in before + app.exercise_area.children[0].children[1].children[0].description
    app.set_lang("hu")
    assert app.i == asks[0] and app.w.lang == "hu"
    shown = app.narration_w.value + " ".join(b.description for b in app.exercise_area.children[0].children[1].children)
    assert not _words(EN).search(shown) and _words(HU).search(shown)
    assert app.picked[asks[0]] == [rename_text(first, name_map("en", "hu"))]
    assert app.slider.value == asks[0]
    app.set_lang("en")
    assert app.i == asks[0] and app.w.lang == "en" and app.narration_w.value == before
    assert app.picked[asks[0]] == [first]


def test_a_game_against_bots_seats_the_page_languages_cast():
    from beannb.widgets.apps import PlayApp

    hu_app = PlayApp(game="bohnanza", seed=1, bots=2, lang="hu")
    assert list(hu_app.controller.game.players) == HU[:3] and hu_app.you == "Anna"
    en_app = PlayApp(game="bohnanza", seed=1, bots=3, lang="en")
    assert list(en_app.controller.game.players) == EN[:4] and en_app.you == "Ann"
    assert list(PlayApp(game="bohnanza", you="Zoe", seed=1, bots=2, lang="hu").controller.game.players) == ["Zoe", "Balázs", "Károly"]


def test_lesson_pages_name_the_cast_of_their_language():
    from beannb.games.bohnanza.lessons import LESSONS as BOHNANZA
    from beannb.games.takeover.lessons import LESSONS as TAKEOVER

    assert "*Ann*" in BOHNANZA["play"]["en"] and "*Anna*" in BOHNANZA["play"]["hu"]
    assert "Annával, Balázzsal, Károllyal és Dórával" in TAKEOVER["examples"]["hu"]
    assert "Ann, Bob, Cid and Dora" in TAKEOVER["examples"]["en"]


# -- live tables, the map explorer and games against bots follow the page language -------------


def _widget_text(w, seen=None) -> str:
    """Everything a widget tree sends to the browser (values, labels, options, tooltips and a
    front-end table's data), as one text."""
    import json

    import ipywidgets as W

    seen = set() if seen is None else seen
    if id(w) in seen:
        return ""
    seen.add(id(w))
    state = {k: v for k, v in w.get_state().items() if k not in ("layout", "style", "_esm", "_css")}
    out = [json.dumps(state, ensure_ascii=False, default=str)]
    for key in w.keys:
        value = getattr(w, key, None)
        for x in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(x, W.Widget) and key not in ("layout", "style"):
                out.append(_widget_text(x, seen))
    return "\n".join(out)


def _speaks(text: str, lang: str) -> None:
    """``text`` names the example players of ``lang`` and none of the other language's."""
    own, other = (EN, HU) if lang == "en" else (HU, EN)
    assert _words(own).search(text), f"no example player of {lang} is shown"
    found = sorted({m.group() for m in _words(other).finditer(text)})
    assert not found, f"a page in {lang} shows {found}"


def _magic_table():
    """The Rabohnzel page's live table: its lesson's file, Ann's planting and magic played."""
    from beannb.widgets.controller import GameController

    game = load_scenario(ROOT / "scenarios" / "rabohnzel" / "lesson_01_magic_phase.yaml").new_game()
    game.play_all(["Ann plant mage 1", "Ann magic"])
    return GameController(game, cast="en")


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "html"])
def test_a_live_table_of_a_scenario_calls_the_players_as_the_page_does(touch):
    """The table keeps its game (the same steps, table and choices) and renames its seats, its
    log, its buttons, the move builder and the seat selector with the page's language."""
    from beannb.widgets.apps import TableApp
    from beannb.widgets.page import page_language

    c = _magic_table()
    app = TableApp(c, touch=touch)
    c.play("Ann play-mage 9")  # refused: its words name the player
    steps, before = len(c.game.steps), c.game.state.to_dict()
    _speaks(_widget_text(app), "en")
    try:
        page_language().set("hu")
        assert c.game.players == HU[:3] and len(c.game.steps) == steps
        assert c.game.state.to_dict() == rename_data(before, name_map("en", "hu"))
        assert not c.last.ok and "Anna" in c.last.message("hu")
        _speaks(_widget_text(app), "hu")
        if app.seat is not None:  # the seat chosen stays chosen under its new name
            app.seat.value = "Balázs"
            assert c.viewer == "Balázs"
        page_language().set("en")
        assert c.game.players == EN[:3] and c.game.state.to_dict() == before
        assert app.seat is None or c.viewer == "Bob"
        _speaks(_widget_text(app), "en")
    finally:
        page_language().reset()


def test_a_live_table_made_in_hungarian_speaks_hungarian_from_the_start():
    from beannb.widgets.apps import PlayApp, TableApp
    from beannb.widgets.controller import GameController

    game = _magic_table().game
    c = GameController(game, lang="hu", cast="en")
    assert c.game.players == HU[:3] and game.players == EN[:3] and len(c.game.steps) == len(game.steps)
    _speaks(_widget_text(TableApp(c)), "hu")
    _speaks(_widget_text(PlayApp(game="rabohnzel", seed=1, bots=2, lang="hu")), "hu")


def test_a_table_without_a_cast_keeps_its_players_names():
    from beannb.widgets.apps import TableApp
    from beannb.widgets.controller import GameController

    game = load_scenario(ROOT / "scenarios" / "rabohnzel" / "lesson_01_magic_phase.yaml").new_game()
    app = TableApp(GameController(game))
    app.set_lang("hu")
    assert app.c.game is game and game.players == EN[:3]


def test_a_renamed_game_is_the_same_game():
    from beannb.games import new_game

    g = new_game("bohnanza", EN[:3], 5)
    for _ in range(40):
        g.play(g.legal_actions(g.to_move[0])[0])
    g.undo()
    names = name_map("en", "hu")
    h = g.renamed(names)
    assert h.players == HU[:3] and h is not g and g.players == EN[:3]
    assert h.state.to_dict() == rename_data(g.state.to_dict(), names)
    assert [str(a) for a in h.actions] == [rename_text(str(a), names) for a in g.actions]
    assert h.can_redo and str(h._redo[0]) == rename_text(str(g._redo[0]), names)
    assert h.record()["players"] == HU[:3] and g.renamed({"Zoe": "Ann"}) is g
    with pytest.raises(ValueError):
        g.renamed({"Ann": "Bob"})


def test_the_map_explorer_calls_the_players_as_the_page_does():
    from beannb.widgets.explorer import MapExplorer

    path = str(ROOT / "scenarios" / "bohnaparte" / "x02_river_chain.yaml")
    en = MapExplorer(path)
    en.place.value = "02"  # who can attack it, and why: sentences with names
    assert en.player.value == "Ann" and "Ann" in en.why.value
    _speaks(_widget_text(en), "en")
    en.player.value = "Bob"
    en.set_lang("hu")
    assert en.player.value == "Balázs" and en.place.value == "02" and "Anna" in en.why.value
    _speaks(_widget_text(en), "hu")
    en.set_lang("en")
    assert en.player.value == "Bob"
    _speaks(_widget_text(en), "en")
    hu_map = MapExplorer(path, player="Cid", lang="hu")
    assert hu_map.player.value == "Károly" and hu_map.player.options == tuple(HU[:len(hu_map.player.options)])
    _speaks(_widget_text(hu_map), "hu")


def test_a_game_against_bots_renames_its_players_in_the_middle_of_a_game():
    """A language switch keeps the game and its moves; the bots' names and the learner's
    follow it, the bots play on; a name the learner chose stays as it is."""
    from beannb.widgets.apps import PlayApp

    app = PlayApp(game="bohnanza", seed=2, bots=2, lang="en")
    c = app.controller
    for _ in range(6):
        acts = c.legal_for(app.you)
        if acts:
            c.play(acts[-1])
    steps = len(c.game.steps)
    _speaks(_widget_text(app), "en")
    app.set_lang("hu")
    c = app.controller
    assert c.game.players == HU[:3] and app.you == "Anna" and c.viewer == "Anna" and len(c.game.steps) == steps
    assert set(c.bots) == set(HU[1:3]) and c.seats == ["Anna"]
    _speaks(_widget_text(app), "hu")
    c.play(c.legal_for("Anna")[0])  # the bots answer under their new names
    assert len(c.game.steps) > steps and all(a.player in HU[:3] for a in c.game.actions)
    app.set_lang("en")
    assert app.controller.game.players == EN[:3] and app.you == "Ann"
    _speaks(_widget_text(app), "en")

    own = PlayApp(game="bohnaparte", you="Balázs", seed=1, bots=3, lang="en")
    assert own.controller.game.players == ["Balázs", "Bob", "Cid", "Dora"]
    own.set_lang("hu")  # Bob's Hungarian name is the learner's: that seat takes a free one
    assert own.controller.game.players == ["Balázs", "Anna", "Károly", "Dóra"] and own.you == "Balázs"
    own.set_lang("en")
    assert own.controller.game.players == ["Balázs", "Bob", "Cid", "Dora"]


def test_lesson_sections_name_the_cast_of_their_language():
    """Every section of every game's page (its words, the tables worked out from the rules)."""
    import importlib

    for game in ("bohnanza", "takeover", "rabohnzel", "bohnaparte"):
        lessons = importlib.import_module(f"beannb.games.{game}.lessons").LESSONS
        for key, section in lessons.items():
            for lang, other in (("en", HU), ("hu", EN)):
                text = section(lang) if callable(section) else section[lang]
                found = sorted({m.group() for m in _words(other).finditer(text)})
                assert not found, f"{game} {key} ({lang}) names {found}"
    from beannb.games.bohnaparte.lessons import crossings_text

    found = [({"en": "One river", "hu": "Egy folyó"}, {"06": ["13", "10", "06"]})]
    assert "Ann's" in crossings_text(found, "en") and "Anna " in crossings_text(found, "hu")


PROSE_KEYS = ("say", "ask", "explain", "title", "description")


def _untranslated(value, where=()):
    """Where a scenario's data has English prose (``say``, ``title`` …) without its
    Hungarian (``say_hu`` …)."""
    if isinstance(value, dict):
        for key in PROSE_KEYS:
            text = value.get(key)
            if isinstance(text, (str, int, float)) and str(text).strip() and not value.get(f"{key}_hu"):
                yield "/".join(map(str, where + (key,)))
        for key, v in value.items():
            yield from _untranslated(v, where + (key,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _untranslated(v, where + (i,))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_scenario_says_in_hungarian_what_it_says_in_english(path):
    """No shipped file leans on the stand-in (the English with the Hungarian names, no
    suffixes): every prose key it has in English has its Hungarian too."""
    missing = list(_untranslated(_raw(path)))
    assert not missing, f"{path.name}: no Hungarian for {', '.join(missing)}"


def test_a_preview_of_a_step_without_hungarian_names_the_hungarian_cast():
    from beannb.widgets.preview import scenario_texts

    data = {"title": "Ann and Bob", "steps": [{"say": "Ann plants.", "say_hu": "Anna ültet."}, {"ask": "May Bob trade?"}]}
    assert scenario_texts(data, "hu") == ("Anna and Balázs", ["Anna ültet.", "May Balázs trade?"])
    assert scenario_texts(data, "en") == ("Ann and Bob", ["Ann plants.", "May Bob trade?"])


def test_a_hint_or_review_shown_survives_the_language_switch_with_the_new_names():
    """The answer on screen is not lost when the page switches language (the players are
    renamed, the game has not moved on): the same search's figures, worded with the new
    names (no new search), and back again."""
    from beannb.widgets.apps import PlayApp

    app = PlayApp(game="bohnanza", seed=2, bots=2, lang="en")
    c, box = app.controller, app.hint
    for _ in range(20):
        if len(c.legal_for(app.you)) >= 2:
            break
        c.play(c.legal_for(app.you)[0])
    box.iterations = 40
    box.ask()
    asked, before = box._asked, box.hint
    assert box.hint is not None and "Ann" in box.answer.value
    app.set_lang("hu")
    h = box.hint
    assert box._asked == asked and h is not before and h.player == "Anna"
    assert (h.best.win, [o.win for o in h.alternatives]) == (before.best.win, [o.win for o in before.alternatives])
    assert h.best.action.player == "Anna" and str(h.best.action) in {str(a) for a in app.controller.legal_for("Anna")}
    assert "lang='hu'" in box.answer.value and not re.search(r"\b(Ann|Bob|Cid)\b", box.answer.value), box.answer.value
    app.set_lang("en")
    assert box.hint.player == "Ann" and str(box.hint.best.action) == str(before.best.action)
    assert not re.search(r"\b(Anna|Balázs|Károly)\b", box.answer.value)
    # a review of a finished game too
    game = app.controller.game
    while not game.is_over():
        acts = app.controller.legal_for(app.you)
        if not acts:
            break
        app.controller.play(acts[0])
        game = app.controller.game
    if game.is_over():
        box.ask_review()
        assert box.review is not None
        app.set_lang("hu")
        assert box.review is not None and box.review.player == "Anna"
        assert not re.search(r"\b(Ann|Bob|Cid)\b", box.answer.value), box.answer.value
