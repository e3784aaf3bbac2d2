"""Words for people, notation for files: actions in sentences, and the defects found in what
the tables and narration showed (one regression test each).

The sweep over seeded games and every scenario is in ``test_shown.py`` (``words_only``); the
patterns it uses are in ``notation_patterns.py`` and are checked here against the notation
the pages used to show.
"""
import re

import pytest

import beannb
from beannb.core.game import Game
from beannb.core.ruleset import Ruleset
from beannb.games import available, get_ruleset
from beannb.i18n.cast import cast, name_map
from beannb.scenarios import load_scenario, scenario_files
from beannb.walkthrough import Walkthrough

from conftest import ROOT
from notation_patterns import raw_notation, visible_text

LANGS = ("en", "hu")


def setup_game(game: str, setup: dict, players=("Ann", "Bob", "Cid"), seed=1, **options) -> Game:
    rs = get_ruleset(game)
    state = rs.state_from_setup(list(players), seed, options, setup)
    return Game(rs, state, players=list(players), seed=seed, options=state.options, custom_start=True)


# -- the patterns catch what the pages used to show -----------------------------------------------
@pytest.mark.parametrize("shown", [
    "Bob offer Ann green@2 for up:soy",
    "Anna takeover Balázs 3 +mighty-field",
    "(2) Bob offer Ann chasm@1 for mean",
    "Nyitott ajánlatok: (1) Ann offer Cid soy@1 garden@2 for garden soy",
    "Allowed now: Ann plant stink 1, Ann plant stink 2",
    "Ann attack 14 deck",
    "Ann — activate (enchant-players)",
    "turn-up by Ann: asking Bob (0/1 copies)",
])
def test_the_patterns_see_the_old_notation(shown):
    assert raw_notation(shown, ("Ann", "Bob", "Cid", "Anna", "Balázs")), shown


@pytest.mark.parametrize("words", [
    "Bob offers Ann two Green for the face-up Soy.",
    "Anna attempts a hostile takeover of Balázs's field 3, playing Mighty Field.",
    "Bob ajánlatot tesz Ann számára: két zöldbabot ad a felfordított szójababért.",
    "Ann plants the front card of the hand.",
    "The discard pile is shuffled into a new deck of 69 cards.",
    "Ann counter-attacks.",
    "Black-eyed, face-up Chili",
])
def test_the_patterns_leave_words_alone(words):
    assert not raw_notation(words, ("Ann", "Bob", "Cid", "Anna", "Balázs")), raw_notation(words)


# -- the hook -----------------------------------------------------------------------------------
def test_describe_is_a_declared_hook_with_a_default():
    assert "describe" in vars(Ruleset) and Ruleset.describe.__doc__
    for game in available():
        assert type(get_ruleset(game)).describe is not Ruleset.describe, game


@pytest.mark.parametrize("game,text,en,hu", [
    ("bohnanza", "Bob offer Ann green@2 green@4 for up:soy", "Bob offers Ann two Green for the face-up Soy.",
     "Bob ajánlatot tesz Ann számára: két zöldbabot ad a felfordított szójababért."),
    ("bohnanza", "Bob offer Ann stink@1 for nothing", "Bob offers Ann a Stink for nothing.",
     "Bob ajánlatot tesz Ann számára: egy disznóbabot ajándékoz."),
    ("bohnanza", "Ann plant soy 1", "Ann plants Soy in field 1.", "Ann elülteti a szójababot az 1. babföldre."),
    ("takeover", "Anna takeover Balázs 3 +mighty-field", "Anna attempts a hostile takeover of Balázs's field 3, playing Mighty Field.",
     "Anna ellenséges átvételt kísérel meg Balázs 3. babföldje ellen (szöveges kártya: Erős babföld)."),
    ("rabohnzel", "Bob offer Ann chasm@1 for mean", "Bob offers Ann a Chasm for a Mean.",
     "Bob ajánlatot tesz Ann számára: egy szakadékbabot ad egy aljasbabért."),
    ("rabohnzel", "Ann use 1 on Bob with attack", "Ann uses the ability of field 1 against Bob, with the attack spell.",
     "Ann használja az 1. babföld képességét Bob ellen, támadóvarázzsal."),
    ("bohnaparte", "Ann attack 14 deck", "Ann attacks territory 14 with the top card of the deck.",
     "Ann megtámadja a 14-es mezőt a húzópakli felső lapjával."),
])
def test_actions_in_sentences(game, text, en, hu):
    rs = get_ruleset(game)
    a = rs.parse(text)
    assert rs.describe(a, "en") == en
    assert rs.describe(a, "hu") == hu
    assert str(a) == text  # the notation stays what the API and files use


def test_a_card_played_face_down_is_not_named_to_other_seats():
    rs = get_ruleset("bohnaparte")
    attack = rs.parse("Ann attack 14 blue@2")
    assert "Blue" in rs.describe(attack, "en", {"viewer": "Ann"})
    assert "Blue" in rs.describe(attack, "en")  # the teacher sees the whole table
    for lang in LANGS:
        other = rs.describe(attack, lang, {"viewer": "Bob"})
        assert rs.cards.name("blue", lang) not in other, other
    defend = get_ruleset("takeover").parse("Bob defend pizza-overflow")
    assert "Overflow" not in get_ruleset("takeover").describe(defend, "en", {"viewer": "Ann"})
    to = get_ruleset("takeover")
    seeds = to.parse("Ann seed-trade soy red green blue chili coin soy keep")
    assert "Chili" in to.describe(seeds, "en", {"viewer": "Ann"})
    assert "Chili" not in to.describe(seeds, "en", {"viewer": "Bob"})  # four of them stay in Ann's hand
    assert "tűzbab" not in to.describe(seeds, "hu", {"viewer": "Bob"})
    take = rs.parse("Ann cart-take soy red chili")
    assert "Soy" not in rs.describe(take, "en", {"viewer": "Cid"}) and "3 cards" in rs.describe(take, "en", {"viewer": "Cid"})


# -- where learners read actions -------------------------------------------------------------------
def _trade_state():
    return setup_game("bohnanza", {"active": "Ann", "phase": "trade", "faceup": ["soy", "chili"],
                                   "players": {"Ann": {"hand": ["red"]}, "Bob": {"hand": ["green", "blue", "green"]}}})


def test_open_offers_are_shown_in_words_for_every_seat():
    g = _trade_state()
    g.play("Bob offer Ann green@1 green@3 for up:soy")
    for lang in LANGS:
        for seat in (None, "Ann", "Bob", "Cid"):
            html = g.ruleset.view.table_html(g.observe(seat), lang)
            text = visible_text(html)
            assert not raw_notation(text), raw_notation(text)
        assert "Bob offers Ann two Green for the face-up Soy" in visible_text(g.ruleset.view.table_html(g.observe(None), "en"))
    assert g.table()["offers"] == ["(1) Bob offer Ann green@1 green@3 for up:soy"]  # scenario files keep the notation


def test_refusals_word_the_action_and_what_is_allowed_and_keep_the_notation():
    g = setup_game("bohnanza", {"active": "Ann", "phase": "plant", "players": {"Ann": {"hand": ["stink"]}}})
    err = g.explain("Ann harvest 2")
    assert err.action == "Ann harvest 2" and "Ann plant stink 1" in err.allowed
    en, hu = err.text("en"), err.text("hu")
    assert en.startswith("Not allowed: Ann harvests field 2 — ") and "B-32" in en
    assert "Allowed now: Ann plants Stink in field 1; Ann plants Stink in field 2." in en
    assert "Most ezt teheted: Ann elülteti a disznóbabot az 1. babföldre" in hu
    assert not raw_notation(en) and not raw_notation(hu)


def test_exercise_choices_captions_and_legal_notes_are_words():
    from beannb.render.lesson import choice_label, step_words

    rs = get_ruleset("bohnanza")
    assert choice_label("Ann harvest 1", "en", rs) == "Ann harvests field 1."
    assert choice_label("Ann harvest 1", "hu", rs) == "Ann betakarítja az 1. babföldet."
    assert step_words("Bob offer Ann green@2 for up:soy", "en", rs) == "Bob offers Ann a Green for the face-up Soy."
    assert step_words("Bob offer Ann green@x", "en", rs) == "Bob offer Ann green@x"  # unreadable text shows as typed
    g = _trade_state()
    note = Walkthrough._legal_note({"expect_legal": ["Ann end-trade"], "expect_not_legal": "Bob harvest 1"}, g)
    assert note["en"] == "Allowed now: Ann ends trading. Not allowed now: Bob harvests field 1."
    assert note["hu"] == "Most szabályos: Ann lezárja a kereskedést. Most nem szabályos: Bob betakarítja az 1. babföldet."


def test_the_try_box_shows_examples_of_the_notation():
    pytest.importorskip("ipywidgets")
    from beannb.widgets import views

    rs = get_ruleset("rabohnzel")
    ex = views.try_examples(rs, [], "Ann")
    assert 2 <= len(ex) <= 3 and all(e.startswith("Ann ") and rs.parse(e) for e in ex)
    box = views.try_box("hu", lambda _t: None, "Ann", ex)
    help_ = [w for w in box.children if "beannb-try-help" in getattr(w, "value", "")]
    assert help_ and all(e in help_[0].value for e in ex)


# -- defects --------------------------------------------------------------------------------------
def test_rabohnzel_coins_sit_in_the_coins_column_not_under_potions():
    rs = get_ruleset("rabohnzel")
    s = rs.state_from_setup(["Ann", "Bob", "Cid"], 1, {}, {"phase": "magic", "players": {"Bob": {"coins": ["princess"]}},
                                                            "potions": {"Bob": ["up:hand"]}})
    html = rs.view.table_html(rs.observe(s, None), "en")
    bob = re.search(r"<tr[^>]*><th>Bob.*?</tr>", html, re.S).group(0)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", bob, re.S)
    coins, potions = cells[-2], cells[-1]
    assert "Princess" in coins and "Princess" not in potions and "Hand spell" in potions


def test_rabohnzel_turning_up_in_the_magic_phase_is_not_headed_finish_planting():
    rs = get_ruleset("rabohnzel")
    s = rs.state_from_setup(["Ann", "Bob", "Cid"], 1, {}, {"phase": "magic", "active": "Ann"})
    reveal = next(a for a in rs.legal_actions(s, "Ann") if a.VERB == "reveal")
    for lang in LANGS:
        assert rs.group_label("reveal", lang) not in ("Finish planting", "Az ültetés vége")
    assert rs.describe(reveal, "en", rs.observe(s, 0)) == "Ann ends the magic phase and turns up the cards for trading."
    assert "planting" not in rs.describe(reveal, "en")


def test_rabohnzel_potions_turning_down_and_going_back_read_as_sentences():
    from beannb.core.events import Event

    rs = get_ruleset("rabohnzel")

    def say(kind, potions, lang):
        e = Event(kind, "Ann", {"potions": potions})
        object.__setattr__(e, "narration", rs.narration)
        return e.text(lang)

    assert say("potions_down", ["teleport", "attack"], "en") == "End of Ann's turn: the Teleport and the Attack spell turn face down."
    assert say("potions_back", ["attack"], "en") == "The Attack spell goes back into the potion deck, shuffled."
    assert say("potions_down", ["flow"], "hu") == "Ann körének vége: a Mágikus kártyafolyam képpel lefelé fordul."
    assert say("potions_back", ["attack"], "hu") == "A Támadóvarázs visszakerül a bájitalpakliba, megkeverve."


def test_rabohnzel_pending_choice_is_worded():
    rs = get_ruleset("rabohnzel")
    s = rs.state_from_setup(["Ann", "Bob", "Cid"], 1, {}, {"phase": "magic", "players": {"Ann": {"fields": [["thief"], []]},
                                                                                     "Bob": {"hand": ["mage", "sword"]}}})
    s, _ = rs.apply(s, rs.parse("Ann use 1 on Bob"))
    for lang in LANGS:
        text = visible_text(rs.view.table_html(rs.observe(s, 0), lang))
        assert not raw_notation(text) and " place" not in text and "— place" not in text
    assert "where the card goes (Sword)" in visible_text(rs.view.table_html(rs.observe(s, 0), "en"))


def test_the_trade_builder_lists_every_face_up_card():
    pytest.importorskip("ipywidgets")
    from beannb.games.bohnanza.actions import Offer
    from beannb.widgets import views

    rs = get_ruleset("rabohnzel")
    sent = []
    tb = views.TradeBuilder(list(rs.cards.beans), "en", sent.append, rs)
    tb.update("Ann", ["Bob"], ["thief"], ["mage", "mage"], True)
    give = next(w for w in tb.children if "beannb-trade-give" in w._dom_classes)
    ups = [o for o in give.options if "face up" in o[0]]
    assert len(ups) == 2 and ups[0][0] != ups[1][0]
    give.value = tuple(v for _, v in ups)
    next(w for w in tb.children if "beannb-trade-send" in getattr(w, "_dom_classes", ())).click()
    assert isinstance(sent[0], Offer) and [str(c) for c in sent[0].give] == ["up:mage", "up:mage"]


def test_after_the_final_sale_no_row_of_empty_fields():
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 4)
    from beannb.bots import RandomBot, play_out

    final, _ = play_out(g.ruleset, g.state, [RandomBot(i) for i in range(3)], max_actions=5000)
    assert final.phase == "over" and not any(f for p in final.players for f in p.fields)
    for lang in LANGS:
        html = g.ruleset.view.table_html(g.ruleset.observe(final, None), lang)
        assert "field muted" not in html and html.count("beannb-sold") == 3


def test_cards_under_a_mixed_field_are_separated():
    rs = get_ruleset("takeover")
    html = rs.view.VIEW.field(["red", "black-eyed"], "en")
    assert "Red ×1Black-eyed" not in visible_text(html)
    assert re.search(r"Red ×1\s+Black-eyed ×1", visible_text(html))


def test_takeover_response_window_is_worded_in_the_page_language():
    from beannb.games.takeover.view import window_words

    w = {"letter": "c", "actor": "Ann", "asked": "Bob", "copies": 0, "limit": 1}
    assert window_words(w, "en") == "Bob may copy Ann's action (c: turn up) or pass — 0 of 1 copies made"
    hu = window_words(w, "hu")
    assert hu.startswith("Bob lemásolhatja Ann cselekedetét (c: felcsapás)") and "turn" not in hu


def test_bohnaparte_battle_narration_reads_plainly():
    from beannb.core.events import Event

    rs = get_ruleset("bohnaparte")
    d = {"wave": 1, "target": "15", "cavalry": None, "a_card": "blue", "a": 20, "d_card": "green", "printed": 14,
         "minimum": 18, "terrain": "city", "won": True, "d": 18}
    e = Event("battle", "Ann", d)
    object.__setattr__(e, "narration", rs.narration)
    assert e.text("en") == ("Battle at 15, wave 1: the attacker's Blue (20) against the defender's Green "
                            "(14; the city's minimum: 18) — 20 > 18, the attack wins.")
    assert e.text("hu") == ("Csata a 15-ös mezőn, 1. hullám: a támadó kékbab (20), a védekező zöldbab "
                            "(14; a város minimuma: 18) — 20 > 18, a támadás sikeres.")


#: Every example player's name, in both languages (the Hungarian page seats the Hungarian cast).
NAMES_SAID = (*cast("en"), *cast("hu"))


@pytest.mark.parametrize("path", [p for p in scenario_files([ROOT / "scenarios" / "bohnaparte"])],
                         ids=lambda p: p.stem)
def test_bohnaparte_scenarios_call_players_by_their_names_in_hungarian(path):
    sc = load_scenario(path)
    hu_names = name_map("en", "hu")
    players = {hu_names.get(p, p) for p in sc.raw.get("players") or []}
    if not players:
        return
    said = " ".join(str(st.get(k, "")) for st in sc.raw.get("steps") or [] for k in ("say_hu", "ask_hu", "explain_hu"))
    said += " " + str(sc.raw.get("description_hu", ""))
    longest_first = sorted(NAMES_SAID, key=len, reverse=True)
    said = re.sub(r"\bAnná", "Anna", said)  # "Annának" is Anna's (a final a lengthens), "Ann-nak" is Ann's
    for name in re.findall(r"\b(" + "|".join(longest_first) + r")(?:[a-záéíóöőúüű]*)\b", said):
        assert name in players, f"{path.name}: Hungarian text names {name!r}; the players there are {sorted(players)}"


@pytest.mark.parametrize("game", available())
def test_refusals_met_in_play_quote_actions_in_words(game):
    """Another seat's move tried by the wrong player, along a seeded game: every refusal words
    the attempted action and the allowed ones, in both languages."""
    import dataclasses

    from beannb.bots import RandomBot

    rs = get_ruleset(game)
    opts, n = rs.configurations()[0]
    names = ["Ann", "Bob", "Cid", "Dora", "Eve"][:n]
    g = beannb.new_game(game, names, 3, **opts)
    bots = [RandomBot(10 + i) for i in range(n)]
    seen = 0
    for step in range(400):
        s = g.state
        if rs.is_over(s):
            break
        if step % 7 == 0:
            for a in list(rs.legal_actions(s))[:6]:
                for other in names:
                    if other == a.player:
                        continue
                    err = rs.validate(s, dataclasses.replace(a, player=other))
                    if err is None:
                        continue
                    seen += 1
                    for lang in LANGS:
                        text = err.text(lang)
                        assert not raw_notation(text, tuple(names)), (game, str(a), other, text)
        seat = rs.to_move(s)[0]
        g.play(bots[seat].act(rs, s, seat))
    assert seen > 10
