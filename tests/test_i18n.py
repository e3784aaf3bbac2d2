"""The message catalogues: in step with the code, complete in every language, filled with
correct Hungarian grammar, and visible in the pseudo-language wherever they are used."""
from __future__ import annotations

import pickle
import re
import string

import pytest

import beannb
from beannb.core.errors import IllegalAction
from beannb.games import available
from beannb.i18n import LANGS, extract, hu
from beannb.i18n.core import CORE
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, Message, Messages, Named, fill, pseudo
from helpers import all_messages


def fields_of(template: str) -> dict[str, str]:
    """{field name: format spec} of a template."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(template) if name is not None}


# -- Hungarian grammar ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, article", [
    (0, "a"), (1, "az"), (2, "a"), (5, "az"), (7, "a"), (10, "a"), (11, "a"), (15, "a"), (50, "az"), (51, "az"),
    (100, "a"), (500, "az"), (1000, "az"), (1999, "az"), (2000, "a"), (5000, "az"), (1_000_000, "az"),
    ("1.", "az"), ("5.", "az"), ("3.", "a"), ("01", "a"), ("05-ös", "a"), ("12", "a"), ("alma", "az"), ("Ödön", "az"), ("babföld", "a"), ("Écs", "az"),
    ("tűzbab", "a"), ("ültetés", "az"),
])
def test_the_article_follows_the_sound_of_the_next_word(value, article) -> None:
    assert hu.article(value) == article


@pytest.mark.parametrize("name, nak, val, hoz, t", [
    ("Anna", "Annának", "Annával", "Annához", "Annát"),
    ("Bob", "Bobnak", "Bobbal", "Bobhoz", "Bobot"),
    ("Cid", "Cidnek", "Ciddel", "Cidhez", "Cidet"),
    ("Ödön", "Ödönnek", "Ödönnel", "Ödönhöz", "Ödönt"),
    ("Péter", "Péternek", "Péterrel", "Péterhez", "Pétert"),
    ("Kati", "Katinak", "Katival", "Katihoz", "Katit"),
    ("Kovács", "Kovácsnak", "Kováccsal", "Kovácshoz", "Kovácsot"),
    ("Balázs", "Balázsnak", "Balázzsal", "Balázshoz", "Balázst"),
    ("Ann", "Ann-nak", "Ann-nal", "Annhoz", "Annt"),
    (1, "1-nek", "1-gyel", "1-hez", "1-et"),
    (2, "2-nek", "2-vel", "2-höz", "2-t"),
    (3, "3-nak", "3-mal", "3-hoz", "3-ot"),
    (10, "10-nek", "10-zel", "10-hez", "10-et"),
    ("kordé", "kordénak", "kordéval", "kordéhoz", "kordét"),
    ("Erős átvétel", "Erős átvételnek", "Erős átvétellel", "Erős átvételhez", "Erős átvételt"),
    ("Kémiai kísérlet", "Kémiai kísérletnek", "Kémiai kísérlettel", "Kémiai kísérlethez", "Kémiai kísérletet"),
    ("Erős babföld", "Erős babföldnek", "Erős babfölddel", "Erős babföldhöz", "Erős babföldet"),
    ("tűzbab", "tűzbabnak", "tűzbabbal", "tűzbabhoz", "tűzbabot"),
])
def test_names_and_numbers_take_their_suffixes(name, nak, val, hoz, t) -> None:
    assert (hu.dative(name), hu.instrumental(name), hu.allative(name), hu.accusative(name)) == (nak, val, hoz, t)


def test_grammar_specs_apply_in_hungarian_only() -> None:
    assert fill("{f:az}. babföld, {p:nak}", "hu", {"f": 1, "p": "Bob"}) == "az 1. babföld, Bobnak"
    assert fill("{f:Az}. babföld", "hu", {"f": 2}) == "A 2. babföld"
    assert fill("field {f:az} for {p:nak}", "en", {"f": 1, "p": "Bob"}) == "field 1 for Bob"
    assert fill("elülteti {b:az+t}", "hu", {"b": "kékbab"}) == "elülteti a kékbabot"
    assert fill("{b:Az+t}", "hu", {"b": "ördögbab"}) == "Az ördögbabot"
    assert not hu.valid_spec("az+az") and not hu.valid_spec("xyz") and hu.valid_spec("az+val")


# -- the catalogues --------------------------------------------------------------------------------------------
def test_the_catalogues_are_in_step_with_the_code_and_complete() -> None:
    """What `make translations` would write is what the repository holds, and no language lacks a
    message or keeps a fuzzy guess."""
    out_of_step, todo = [], []
    for domain in extract.domains():
        for path, data in extract.planned(domain).items():
            if not path.exists() or path.read_bytes() != data:
                out_of_step.append(str(path))
        todo += extract.problems(domain)
    assert not out_of_step, f"run 'make translations': {out_of_step}"
    assert not todo, todo[:20]


#: Names the Hungarian rule book spells as the English do (a word left in English otherwise
#: means a forgotten translation).
SAME_IN_BOTH = {"potion-teleport", "game-title", "rule-R-62-title"}


@pytest.mark.parametrize("messages", all_messages(), ids=lambda m: m.domain)
def test_every_message_exists_in_every_language_with_the_same_fields(messages: Messages) -> None:
    for code in messages.entries:
        english = {**fields_of(messages.template(code, "en", 1)), **fields_of(messages.template(code, "en", 2))}
        assert all(spec == "" for spec in english.values()), (code, "grammar specs belong to the translations")
        for lang in LANGS:
            for n in (1, 2):
                text = messages.template(code, lang, n)
                assert text.strip(), (code, lang)
                mine = fields_of(text)
                assert set(mine) == set(english) or set(mine) <= set(english) and lang != "en", (code, lang, mine)
                for name, spec in mine.items():
                    assert spec == "" or hu.valid_spec(spec), (code, lang, name, spec)
                if lang != "en" and code not in SAME_IN_BOTH:
                    assert text != messages.template(code, "en", n) or not re.search(r"[a-z]{4}", text), \
                        (code, lang, "left in English")
                assert "a(z)" not in text.lower(), (code, lang, text)


@pytest.mark.parametrize("messages", all_messages(), ids=lambda m: m.domain)
def test_the_pseudo_language_shows_every_message_bracketed_and_filled(messages: Messages) -> None:
    for code in messages.entries:
        data = {name: 2 for name in fields_of(messages.template(code, "en", 2))}
        shown = messages.text(code, PSEUDO, data)
        assert shown.startswith(PSEUDO_OPEN) and shown.endswith(PSEUDO_CLOSE), (code, shown)
        assert "{" not in shown, (code, shown)


def test_pseudo_keeps_fields_and_accents_words() -> None:
    shown = pseudo("field {field} is empty")
    assert shown == "⟦fîéld {field} îš émpty⟧".replace("émpty", "émptý")
    assert fill(shown, "en", {"field": 3}) == "⟦fîéld 3 îš émptý⟧"


def test_a_refusal_is_a_code_with_data_worded_in_the_readers_language() -> None:
    game = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    before = game.state
    with pytest.raises(IllegalAction) as info:
        game.play("Ann harvest 1")
    exc = info.value
    assert game.state is before
    assert exc.rule == "B-32" and exc.code == "field-empty"
    assert exc.reason_text("en") == "field 1 is empty"
    assert exc.reason_text("hu") == "az 1. babföld üres"
    assert exc.text("hu").startswith("Nem szabályos: ") and "a(z)" not in exc.text("hu")
    assert exc.reason_text(PSEUDO).startswith(PSEUDO_OPEN)
    again = pickle.loads(pickle.dumps(exc.reason))
    assert isinstance(again, Message) and again.text("hu") == "az 1. babföld üres"


def test_a_named_card_reads_in_each_language() -> None:
    from beannb.games.bohnanza.cards import CARDS

    chili = Named(CARDS, "chili")
    assert chili.text("en") == CARDS.name("chili", "en") and chili.text("hu") == CARDS.name("chili", "hu")
    assert fill("{bean:az} lapot", "hu", {"bean": chili}).startswith(hu.article(CARDS.name("chili", "hu")) + " ")


def test_an_unknown_code_fails_where_it_is_written() -> None:
    with pytest.raises(KeyError):
        CORE.message("no-such-code")


# -- the interface words outside the games (the beannb domain) ------------------------------------------------
#: The keys of the interface words before they moved into the catalogue: each still answers.
OLD_UI_KEYS = (
    "next back step start undo redo try try_placeholder try_heading actions no_actions log seat teacher language "
    "trade partner give get from_faceup send_offer refused rule allowed ok check correct wrong your_seat bots "
    "bot_kind new_game waiting_for game_over changed question exercise seed variant players profile "
    "nothing_changed play_bots choose_all_legal pick_one answer none_of_them bot_greedy bot_random bot_trader "
    "bot_strong pick_first").split()
OLD_PATH_HEADS = ("hand fields coins pending third_field deck discard faceup offer_zone offers active phase turn "
                  "exhausted over scores winners removed texts text_count protected").split()
OLD_TOUCH_KEYS = ("field choose cancel next_then options deck_chip pick picked log you map_hint camp_hint cavalry "
                  "fight_with hand_n meter in_deck").split()


def outside_brackets(text: str) -> str:
    """``text`` without its pseudo-translated parts (brackets may nest: a message inside a message)."""
    out, depth = [], 0
    for ch in text:
        if ch == PSEUDO_OPEN:
            depth += 1
        elif ch == PSEUDO_CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def bracketed(text: str) -> bool:
    return text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE)


def test_every_old_interface_word_answers_in_every_language() -> None:
    from beannb.i18n.ui import t

    for key in OLD_UI_KEYS:
        en, hu = t(key, "en"), t(key, "hu")
        assert en and hu and en != key and hu != en, (key, en, hu)  # t gives an unknown key back as it is
        assert "a(z)" not in hu
        assert bracketed(t(key, PSEUDO)), key
        assert t(key, "de") == en  # a language the package does not speak reads English
    assert t("no-such-word", "hu") == "no-such-word"
    assert t("next", "en") == "Next ▶" and t("next", "hu") == "Tovább ▶"


def test_table_paths_read_as_words_in_every_language() -> None:
    from beannb.i18n.ui import path_word

    for head in OLD_PATH_HEADS:
        for path in (head, f"{head}.size"):
            assert path_word(path, "en") and path_word(path, "hu") and bracketed(path_word(path, PSEUDO)), path
    assert path_word("Ann.hand_size", "hu") == path_word("hand", "hu") == "kéz"
    assert path_word("coins", "hu") == "babtallérok"
    assert path_word("planted", "en") == path_word("planted", PSEUDO) == ""


def test_the_touchable_tables_words_come_from_the_catalogue() -> None:
    from beannb.render import touch

    for lang in (*LANGS, PSEUDO):
        words = touch.ui_words(lang)
        assert set(words) == set(OLD_TOUCH_KEYS) | {"field_n"}
        assert words["hand_n"].format(n=2) and words["field_n"].format(n=2)  # templates: the widget fills {n}
        assert set(words.items()) <= set(touch.labels(lang).items())
    assert all(bracketed(v) for v in touch.ui_words(PSEUDO).values())
    assert touch.ui_words("hu")["hand_n"].format(n=2) == "2. lap a kezedben"
    assert touch.ui_words("hu")["field_n"].format(n=2) == "2. babföld"
    for game in ("bohnanza", "takeover"):
        tips = [tip for _, _, _, tip in touch.card_table(game, PSEUDO).values()]
        assert any(PSEUDO_OPEN in tip for tip in tips)
        hu = touch.card_table(game, "hu")
        assert all("lap a játékban" in tip for b, (_, _, _, tip) in hu.items()
                   if b in beannb.get_ruleset(game).view.VIEW.cards.beans)


def test_the_table_models_info_line_reads_in_each_language() -> None:
    from beannb.render import touch

    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    obs = g.ruleset.observe(g.state, 0)
    hu = touch.table_model(obs, "hu")["info"]
    assert hu.startswith(f"{g.state.turn}. kör") and "Húzópakli: " in hu
    info = touch.table_model(obs, PSEUDO)["info"]
    assert info.startswith(PSEUDO_OPEN) and "Turn" not in outside_brackets(info) and "Deck" not in outside_brackets(info)


def test_the_hex_maps_words_and_tips_come_from_the_catalogue() -> None:
    from beannb.games.bohnaparte.hexmap import map_model

    g = beannb.new_game("bohnaparte", players=["Ann", "Bob", "Cid"], seed=1)
    obs = g.ruleset.observe(g.state, None)
    m = map_model(obs["map"], "Ann", PSEUDO)
    assert all(bracketed(w) for w in m["words"].values())
    assert all(bracketed(h["cav"]["lab"]) and bracketed(h["cav"]["tip"]) for h in m["hexes"] if "cav" in h)
    for h in m["hexes"]:
        rest = outside_brackets(h["tip"])
        assert not re.search(r"\b(victory|owner|neutral|minimum|defence)\b", rest), h["tip"]
    hu = map_model(obs["map"], "Ann", "hu")
    tips = " ".join(h["tip"] for h in hu["hexes"])
    assert "győzelmi pont" in tips and "victory" not in tips
    en = {h["t"]: h["tip"] for h in map_model(obs["map"], "Ann", "en")["hexes"]}
    assert "· 1 victory point ·" in en["village"] and "· 3 victory points ·" in en["city"]
    assert "minimum defence 18 (P-24)" in en["city"]


def test_the_hint_in_the_pseudo_language_is_all_catalogued() -> None:
    from beannb.bots.hint import Hint

    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    g.play(g.legal_actions()[0])  # past the forced first planting: a choice now
    h = g.hint("Ann", iterations=12)
    assert isinstance(h, Hint) and h.alternatives
    shown = h.text(PSEUDO)
    rest = outside_brackets(shown)
    for o in [h.best, *h.alternatives]:  # the moves are the game's words (its own catalogue)
        for text in (o.label[PSEUDO], o.sentence[PSEUDO]):
            rest = rest.replace(text, "")
    assert PSEUDO_OPEN in shown
    assert not re.sub(r"[\s\d.,:;%()\-–—→⟦⟧]", "", rest.replace("Ann", "")), (rest, shown)
    assert all(bracketed(line.strip()) for line in shown.splitlines())
    assert bracketed(h.why[PSEUDO]) and PSEUDO not in h.to_dict()["why"]
    assert h.text("hu").startswith("Javaslat: ") and "babtallér" in h.text("hu")


def test_the_review_reads_in_every_language_with_hungarian_articles() -> None:
    from beannb.bots.hint import Mistake, Option, Review

    def opt(win: float, said: str) -> Option:
        return Option(None, {"en": said, "hu": said + " (hu)", PSEUDO: pseudo(said)},
                      {"en": said + ".", "hu": said + " (hu).", PSEUDO: pseudo(said + ".")}, win, 5.0, 100)

    m = Mistake(7, 3, opt(0.5, "Ann plants Soy"), opt(0.62, "Harvest field 1"), 0.12)
    assert m.text("en") == ("Turn 3 (step 7): Ann plants Soy. Better: Harvest field 1 "
                            "(estimated win chance 62% instead of 50%).")
    assert "3. kör (7. lépés)" in m.text("hu") and "az 50% helyett" in m.text("hu")
    assert not outside_brackets(m.text(PSEUDO)).strip()
    r = Review("Ann", [m], 12)
    assert r.text("en").startswith("Ann's costliest moves (of 12 reviewed decisions):")
    assert r.text("hu").startswith("Ann legköltségesebb lépései (12 átnézett döntésből):")
    assert all(bracketed(line.removeprefix("- ")) for line in r.text(PSEUDO).splitlines())
    assert Review("Ann", [], 1).text("en") == "None of Ann's 1 reviewed move looks costly."
    assert bracketed(Review("Ann", [], 4).text(PSEUDO))


def test_a_lessons_words_and_notes_come_from_the_catalogue() -> None:
    from beannb.render.lesson import rule_citation
    from beannb.walkthrough import Walkthrough

    assert rule_citation(["B-32"], "hu").startswith("B-32 szabály")
    assert rule_citation(["B-32"], "en").startswith("Rule B-32")
    assert rule_citation(["B-32"], PSEUDO).startswith(PSEUDO_OPEN)
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    note = Walkthrough._legal_note({"expect_legal": ["Ann plant stink 1"], "expect_not_legal": "Bob harvest 1"}, g)
    assert note["en"].startswith("Allowed now: ") and " Not allowed now: " in note["en"]
    assert note["hu"].startswith("Most szabályos: ") and " Most nem szabályos: " in note["hu"]
    assert note[PSEUDO].startswith(PSEUDO_OPEN) and not re.search(r"[A-Za-z]", outside_brackets(note[PSEUDO]))
    played = Walkthrough.from_game(g)
    assert played.titles["hu"] == "Egy játszma: Bohnanza" and played.title == "A game of Bohnanza"
    assert played[0].narration(PSEUDO) == [pseudo("Start")]


def test_a_recorded_lesson_is_worded_in_both_languages() -> None:
    from beannb.scenarios import lesson_from_game

    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    g.play(g.legal_actions()[0])
    sc = lesson_from_game(g, "x", ask=[0])
    (asked,) = [st for st in sc["steps"] if "ask" in st]
    # Hungarian wording names the Hungarian players (and says what the move was, in words).
    assert asked["ask"] == "Which of these may Ann do now?" and asked["ask_hu"] == "Mit tehet most Anna ezek közül?"
    assert asked["say"] == "Ann's turn — phase 1: plant from the hand."
    assert asked["say_hu"] == "Anna köre — 1. fázis: ültetés a kézből."
    assert asked["explain_hu"].startswith("A megtett lépés: Anna elülteti ")


def test_button_group_headings_come_from_each_games_catalogue() -> None:
    for game in available():
        rs = beannb.get_ruleset(game)
        verbs = {type(a).VERB for a in beannb.new_game(game, players=["Ann", "Bob", "Cid"], seed=2).legal_actions()}
        for verb in verbs:
            shown = rs.group_label(verb, PSEUDO)
            assert shown.startswith(PSEUDO_OPEN), (game, verb, shown)
            assert rs.group_label(verb, "hu") != rs.group_label(verb, "en"), (game, verb)


def test_a_message_declared_where_it_is_used_reads_as_a_mapping_of_languages() -> None:
    from beannb.i18n.messages import NC_

    table = Messages("beannb", CORE.localedir, [])
    said = table.say(NC_("refusal-rule", "rule {rule}"), rule="B-29").by_lang()
    assert dict(said) == {"en": "rule B-29", "hu": "B-29 szabály"} and said[PSEUDO].startswith(PSEUDO_OPEN)
    with pytest.raises(KeyError):
        said["de"]
    with pytest.raises(ValueError):
        table.say(NC_("refusal-rule", "another text"))


def test_the_catalogues_are_read_when_the_package_is_imported_from_a_zip(tmp_path) -> None:
    """The browser-only site imports beannb from a zip: its catalogues are read through the
    package's resources there, not as files."""
    import os
    import subprocess
    import sys
    import zipfile
    from pathlib import Path

    root = Path(beannb.__file__).resolve().parent
    archive = tmp_path / "modules.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for p in root.rglob("*"):
            if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith((".so", ".c", ".pyd")):
                zf.write(p, p.relative_to(root.parent).as_posix())
    code = (f"import sys; sys.path.insert(0, {str(archive)!r}); import beannb.i18n.messages as m; "
            "assert '.zip' in m.__file__, m.__file__; "
            "from beannb.games.takeover.text import MESSAGES; print(MESSAGES.text('field-empty', 'hu', field=1)); "
            "from beannb.games.takeover.cards import CARDS; print(CARDS.name('snap', 'hu')); "
            "from beannb.i18n.catalogue import rule; print(rule('B-27').title['hu'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": ""})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines() == ["az 1. babföld üres", "metszőbab", "Babtallérok a betakarításért"]


def test_numbers_are_written_as_each_language_writes_them() -> None:
    """One helper writes every figure: the decimal separator and the percent sign are the
    catalogue's, so Hungarian reads 1,5 and 57% and the pseudo-language keeps English figures."""
    from beannb.i18n.numbers import decimal_separator, localize, number, percent

    assert (number(12.345, 2, "en"), number(12.345, 2, "hu"), number(12.345, 2, PSEUDO)) == ("12.35", "12,35", "12.35")
    assert number(-3, 0, "hu") == "-3"
    assert (percent(0.571, "en"), percent(0.571, "hu"), percent(0.5, PSEUDO)) == ("57%", "57%", "50%")
    assert percent(0.1234, "hu", 1) == "12,3%"
    assert [decimal_separator(lang) for lang in LANGS] == [".", ","]
    assert localize("2.5", "hu") == "2,5" and localize("2.5", "de") == "2.5"  # unknown: English


def test_a_scenario_files_wording_is_read_in_any_language() -> None:
    """``<key>_<lang>`` where the author wrote it, else the English (with the example players
    called as the language calls them, when asked)."""
    from beannb.scenario_format import own_wording, wording, wordings

    step = {"say": "Ann plants.", "say_hu": "Anna ültet.", "ask": "Can Bob trade?", "title": 3, "explain": ["x"]}
    assert wording(step, "say", "hu") == "Anna ültet." and wording(step, "say", "en") == "Ann plants."
    assert wording(step, "say", PSEUDO) == "Ann plants."
    assert wordings(step, "ask") == {"en": "Can Bob trade?", "hu": "Can Bob trade?"}
    assert wordings(step, "ask", cast=True)["hu"] != "Can Bob trade?"  # the Hungarian cast's names
    assert wording(step, "title", "hu") == "3" and wording(step, "explain", "en", "none") == "none"
    assert own_wording(step, "ask", "hu") is None and own_wording("not a mapping", "say", "en") is None


def test_a_map_position_reads_as_an_adjective_only_through_the_hungarian_spec() -> None:
    """Bohnaparte's positions are plain labels in every language; the Hungarian templates give
    them their adjective ending with the spec ``es`` ("a 14-es mező", "az 5-ös", "a 20-as")."""
    from beannb.games.bohnaparte.text import MESSAGES as P, POSITIONS

    assert [hu.adjective(x) for x in ("14", "05", "20", "100", "3", "09 és 10", "A")] == [
        "14-es", "05-ös", "20-as", "100-as", "3-as", "09-es és 10-es", "A"]
    assert fill("{pos:az+es} mező, {pos:Az+es}", "hu", {"pos": "5"}) == "az 5-ös mező, Az 5-ös"
    assert fill("{pos:az+es} field", "en", {"pos": "5"}) == "5 field"
    assert POSITIONS.name("14", "hu") == POSITIONS.name("14", "en") == "14"
    assert P.text("label-camp", "hu", pos=Named(POSITIONS, "05")) == "Tábor: 05-ös mező"


def test_engine_refusals_and_names_come_from_the_catalogue() -> None:
    from beannb.core.errors import ActionSyntaxError, NotYourSeat
    from beannb.games import get_ruleset
    from beannb.i18n.ui import language_name

    err = ActionSyntaxError("Ann foo", "unknown verb", ["Ann harvest 1"])
    assert str(err) == err.text("en") == "Cannot read action 'Ann foo': unknown verb. Expected one of: Ann harvest 1"
    assert err.text("hu").startswith("Nem olvasható lépés") and "Anna harvest 1" in err.text("hu")
    assert err.text(PSEUDO).startswith(PSEUDO_OPEN)
    seat = NotYourSeat("Bob", ["Ann"])
    assert str(seat).startswith("This page plays Ann only") and seat.text("hu").startswith("Ezen az oldalon")
    assert [language_name(lang) for lang in LANGS] == ["English", "Magyar"]
    assert dict(get_ruleset("takeover").title) == {"en": "Hostile Takeover", "hu": "Ellenséges átvétel"}
    cards = get_ruleset("bohnanza").cards
    assert {cards.aliases[a] for a in ("kékbab", "kék", "kék bab", "blue bean", "blue")} == {"blue"}


# -- the notation reader's complaints ---------------------------------------------------------------------
#: Malformed actions of every game: (game, text, the problem in English as the reader words it).
UNREADABLE = [
    ("bohnanza", "Ann", "an action is a player's name followed by a verb"),
    ("bohnanza", "Ann fly", "unknown verb 'fly'; verbs are accept, buy-field, decline, discard, draw, end-trade, "
                            "harvest, offer, plant, reveal, withdraw"),
    ("bohnanza", "Ann " + "x" * 70, "a word of 70 characters is too long (at most 64)"),
    ("bohnanza", "Ann reveal now", "'reveal' takes nothing after it"),
    ("bohnanza", "Ann plant chili 1 2", "too many words after 'plant'"),
    ("bohnanza", "Ann plant 1 2", "two field numbers"),
    ("bohnanza", "Ann plant 1 chili", "write the bean before the field number"),
    ("bohnanza", "Ann plant tofu", "'tofu' is not a card name in this game"),
    ("bohnanza", "Ann harvest", "say which field to harvest"),
    ("bohnanza", "Ann harvest two", "the field must be a number (1, 2, …), not 'two'"),
    ("bohnanza", "Ann harvest 0", "the field counts from 1, not 0"),
    ("bohnanza", "Ann harvest 12345678", "the field must be a number from 1 to 999999, not 12345678"),
    ("bohnanza", "Ann offer", "say to whom"),
    ("bohnanza", "Ann offer Bob soy@1", "an offer needs 'for' between what you give and what you want"),
    ("bohnanza", "Ann offer Bob soy for blue", "'soy' names no card exactly: write bean@position for a hand card "
                                               "or up:bean for a face-up card"),
    ("bohnanza", "Ann offer Bob soy@x for blue", "the hand position in 'soy@x' must be a number (1, 2, …), not 'x'"),
    ("bohnanza", "Ann offer Bob sky:soy for blue", "unknown zone 'sky' in 'sky:soy'"),
    ("bohnanza", "Ann offer Bob soy@1 for 2 3 blue", "two numbers in a row"),
    ("bohnanza", "Ann offer Bob soy@1 for blue 2", "a count with no bean after it"),
    ("bohnanza", "Ann offer Bob soy@1 for blue@2", "'blue@2': you cannot name positions in the other player's "
                                                   "hand — ask by type and count, e.g. '2 soy'"),
    ("bohnanza", "Bob accept", "say which offer (its number or the proposer's name)"),
    ("bohnanza", "Bob accept #x", "the offer number must be a number (1, 2, …), not 'x'"),
    ("bohnanza", "Bob accept 1 soy@1", "after the offer, write 'with' and the hand cards you give"),
    ("bohnanza", "Ann discard", "say which card"),
    ("takeover", "Ann play red", "write the bean and the field, e.g. 'play 2 red 3'"),
    ("takeover", "Ann play 0 red 1", "the count counts from 1, not 0"),
    ("takeover", "Ann play red 1 +nonsense", "'nonsense' is not a text card; text cards are " + ", ".join(
        __import__("beannb.games.takeover.cards", fromlist=["TEXT_IDS"]).TEXT_IDS)),
    ("takeover", "Ann play red 1 +joker@q", "the field after @ in '+joker@q' must be a number (1, 2, …), not 'q'"),
    ("takeover", "Ann play +joker red 1", "attached text cards (+card) come last"),
    ("takeover", "Ann merge 1", "write the field to move and the field it goes onto"),
    ("takeover", "Ann merge 1 x", "a field must be a number (1, 2, …), not 'x'"),
    ("takeover", "Ann turn-up", "write the empty field to turn a card up onto"),
    ("takeover", "Ann harvest", "write the field to harvest"),
    ("takeover", "Ann takeover Bob", "write the player and their field, e.g. 'takeover Bob 1'"),
    ("takeover", "Ann takeover Bob 1 using x", "your field must be a number (1, 2, …), not 'x'"),
    ("takeover", "Bob pass now", "'pass' takes nothing after it"),
    ("takeover", "Bob defend", "name the text card you lay face down"),
    ("takeover", "Ann swap-fields Bob 1", "write whose fields and the two field numbers"),
    ("takeover", "Ann swap-hands", "write whose hand to swap with"),
    ("takeover", "Ann joker", "write the field for the Joker Bean"),
    ("takeover", "Ann pirate-raid", "write your field"),
    ("takeover", "Ann pirate-raid 2 Bob", "after the field write 'from' and the players"),
    ("takeover", "Ann seed-trade soy", "write five beans, 'coin' and one of them, then keep or redraw"),
    ("rabohnzel", "Ann use", "say which field's ability to use"),
    ("rabohnzel", "Ann use 1 on", "'on' needs a player's name"),
    ("rabohnzel", "Ann use 1 soon", "only 'with attack' may follow"),
    ("rabohnzel", "Ann play-mage", "say the hand position of the mage bean"),
    ("rabohnzel", "Ann play-mage x", "the hand position must be a number (1, 2, …), not 'x'"),
    ("rabohnzel", "Ann activate", "name the potion(s) to activate, or write 'skip' instead"),
    ("rabohnzel", "Ann activate luck luck", "a potion is named twice"),
    ("rabohnzel", "Ann activate beer", "'beer' is not a potion"),
    ("rabohnzel", "Ann place", "say a field number or 'hand'"),
    ("rabohnzel", "Ann resolve", "name the drawn coin to resolve"),
    ("rabohnzel", "Ann flow", "say the field for the front card"),
    ("rabohnzel", "Ann consume", "name the potion to consume"),
    ("rabohnzel", "Ann consume exchange", "exchange takes the co-player's name"),
    ("rabohnzel", "Ann consume beanfield", "beanfield takes the pending bean to plant"),
    ("rabohnzel", "Ann consume enchant-beans mage", "enchant-beans takes the pending bean and the field number"),
    ("rabohnzel", "Ann consume teleport 1", "teleport takes two hand positions (from, to)"),
    ("rabohnzel", "Ann consume teleport 1 x", "the position must be a number (1, 2, …), not 'x'"),
    ("rabohnzel", "Ann consume luck 2", "luck takes nothing after its name"),
    ("bohnaparte", "Cid camp", "say which camp position"),
    ("bohnaparte", "Ann attack", "say which position to attack"),
    ("bohnaparte", "Ann attack 14", "say which card: bean@position from your hand, or deck, or cavalry and its colour"),
    ("bohnaparte", "Bob defend", "say which card: bean@position from your hand, or deck"),
    ("bohnaparte", "Bob defend deck 2", "nothing follows 'deck'"),
    ("bohnaparte", "Bob defend cavalry", "only an attack's first wave can use a cavalry"),
    ("bohnaparte", "Ann attack 14 cavalry bay now", "after 'cavalry' name at most its colour"),
    ("bohnaparte", "Bob defend soy@1 soy@2", "name one card"),
    ("bohnaparte", "Bob defend soy@x", "the hand position in 'soy@x' must be a number (1, 2, …), not 'x'"),
    ("bohnaparte", "Ann cart-play", "name the one cart card to play, e.g. 'chili'"),
    ("bohnaparte", "Ann cart-play chili@1", "a cart card is named by its bean only: the cart has no positions"),
]
#: English words a Hungarian complaint must not hold (outside what it quotes as typed).
ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|of|to|must|not|write|takes|after|before|say|which|name|names|number|numbers|needs|cannot|"
    r"unknown|nothing|only|with|for|from|or|in|no|count|counts|field|card|bean|your|their|potion|offer|"
    r"verbs?|such|as|is|are|may|follow|too|many|words?|e\.g)\b", re.I)
#: What a complaint quotes as typed or in the notation: quoted text, card references and ids.
NOTATION_WORDS = re.compile(r"'[^']*'|\S*[@:+\-]\S*|\b(?:luck|exchange|beanfield|teleport)\b")


def unreadable(game: str, text: str):
    from beannb.core.errors import ActionSyntaxError
    from beannb.games import get_ruleset

    with pytest.raises(ActionSyntaxError) as caught:
        get_ruleset(game).parse(text)
    return caught.value


@pytest.mark.parametrize("game, text, problem", UNREADABLE, ids=[f"{g}:{t[:30]}" for g, t, _ in UNREADABLE])
def test_the_notation_readers_complaints_are_worded_in_the_readers_language(game, text, problem) -> None:
    err = unreadable(game, text)
    # English reads as it always has, and the problem stays English for callers that match on it.
    assert err.problem == problem and err.problem_text("en") == problem
    assert str(err).startswith(f"Cannot read action {err.text_given!r}: {problem}.")
    assert isinstance(err.reason, Message), "a complaint of the package is a catalogue message"
    # Hungarian: the frame and the problem both translated; no English word outside what is quoted.
    said = err.problem_text("hu")
    assert said != problem
    assert err.text("hu").startswith(f"Nem olvasható lépés: {err.text_given!r} — {said}")
    from beannb.games import get_ruleset

    verbs = get_ruleset(game).notation.verbs  # a list of the notation's verbs is notation too
    leftover = [w for w in ENGLISH_WORDS.findall(NOTATION_WORDS.sub(" ", said)) if w not in verbs]
    assert not leftover, f"English in {said!r}: {leftover}"
    assert "a(z)" not in err.text("hu")
    # The pseudo-language brackets the problem (and whatever it is filled with).
    shown = err.problem_text(PSEUDO)
    assert shown.startswith(PSEUDO_OPEN) and shown.endswith(PSEUDO_CLOSE)
    assert shown in err.text(PSEUDO)


def test_a_plain_text_complaint_of_a_game_outside_the_package_is_shown_as_given() -> None:
    from beannb.core.errors import ActionSyntaxError

    err = ActionSyntaxError("Ann hop", "hop takes a number", ["Ann hop 2"])
    assert err.problem == "hop takes a number" and err.code == ""
    assert "— hop takes a number." in err.text("hu") and "hop takes a number" in err.text(PSEUDO)
