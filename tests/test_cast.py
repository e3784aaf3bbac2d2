"""One set of example players per language (issue 23): scenario files seat the English cast,
a walkthrough shows each language's own names everywhere, with Hungarian suffixes that fit."""
import re
from pathlib import Path

import pytest
import yaml

from beannb.i18n import hu
from beannb.i18n.cast import CAST_MESSAGES, CAST_SIZE, cast, local_names, name_map, rename_data, rename_text
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
    assert local_names(["Ann", "Zoe", "Bob"], "hu") == ["Anna", "Zoe", "Balázs"]


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
        assert hu_walk.lang == "hu" and [p for p in hu_walk[0].game.players] == local_names(one.players, "hu")
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
