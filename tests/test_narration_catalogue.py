"""Narration through the catalogues: every sentence a game tells (what happened, actions in
words, button labels) comes from its message catalogue.

Shown in the pseudo-language, a catalogued text is bracketed (⟦…⟧) from its first character to
its last; a sentence put together in code, or left in English, is not. In English and Hungarian
no sentence keeps an open field, "a(z)", "None", a doubled space or "..".

One function per game (the base game here; each expansion adds its own).
"""
from __future__ import annotations

import random

import pytest

import beannb
from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.core.events import Event, Narration
from beannb.games import get_ruleset
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN

LANGS = ("en", "hu")


def bracketed(text: str) -> bool:
    return text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE)


def flaws(text: str) -> list[str]:
    """What is wrong with an English or Hungarian sentence shown to a learner."""
    return [bad for bad in ("{", "}", "a(z)", "A(z)", "None", "  ", "..") if bad in text] + \
        (["empty"] if not text.strip() else [])


def check_text(where: str, shown: dict[str, str], problems: list[str]) -> None:
    """``shown``: one text in each language and the pseudo-language."""
    if not bracketed(shown[PSEUDO]):
        problems.append(f"{where}: not through the catalogue: {shown[PSEUDO]!r}")
    for lang in LANGS:
        for bad in flaws(shown[lang]):
            problems.append(f"{where} ({lang}): {bad!r} in {shown[lang]!r}")


def check_event(event: Event, problems: list[str], kinds: set) -> None:
    kinds.add(event.kind)
    check_text(f"event {event.kind} {event.data}", {lang: event.text(lang) for lang in (*LANGS, PSEUDO)}, problems)


def check_action(rs, action, obs, problems: list[str], seen: set) -> None:
    key = str(action)
    if key in seen:
        return
    seen.add(key)
    check_text(f"describe {key}", {lang: rs.describe(action, lang, obs) for lang in (*LANGS, PSEUDO)}, problems)
    check_text(f"label {key}", {lang: rs.action_label(action, lang) for lang in (*LANGS, PSEUDO)}, problems)


def play_randomly(rs, state, players, seed: int, problems, kinds, actions, steps: int = 400):
    """Random legal actions of any seat; every legal action seen is worded, every event narrated."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            break
        legal = [a for p in players for a in rs.legal_actions(state, p)]
        if not legal:
            break
        obs = rs.observe(state, None)
        for a in legal:
            check_action(rs, a, obs, problems, actions)
        state, events = rs.apply(state, rng.choice(legal))
        for e in events:
            check_event(e, problems, kinds)
    return state


def play_with_bots(rs, state, n: int, seed: int, problems, kinds, actions):
    """Bots that trade (offers, gifts, deals, declines, withdrawals), to the end of the game."""
    bots = [(GreedyBot if i % 2 == 0 else RandomBot)(seed * 10 + i) for i in range(n)]

    def on_step(before, action, after, events):
        check_action(rs, action, rs.observe(before, None), problems, actions)
        for e in events:
            check_event(e, problems, kinds)

    play_out(rs, state, bots, on_step=on_step, max_actions=5000)


def setup(rs, players, setup_data, seed=1, **options):
    return rs.state_from_setup(list(players), seed, options, setup_data)


#: Offers and answers the bots may never make, worded all the same.
BOHNANZA_NOTATION = [
    "Bob offer Ann green@2 green@4 for up:soy", "Bob offer Ann stink@1 for nothing",
    "Bob offer Ann nothing for 2 soy", "Bob offer Ann up:red up:red for 3 soy", "Bob offer Ann coffee@1 for 11 soy",
    "Cid accept 2 with soy@3 soy@4 red@1", "Bob accept Ann", "Bob decline Ann", "Bob decline 3", "Ann withdraw 3",
    "Ann plant", "Ann plant 2", "Ann plant chili", "Ann plant chili 2", "Ann discard blue", "Ann discard blue@4",
    "Ann harvest 1", "Ann buy-field", "Ann reveal", "Ann end-trade", "Ann draw",
]

#: Events the seeded games may never reach, with data as the rules make them.
BOHNANZA_EVENTS = [
    ("skip_plant", "Ann", {}),
    ("buy_field", "Ann", {"price": 2, "to": "box"}),
    ("buy_field", "Ann", {"price": 3, "to": "discard"}),
    ("exhausted", None, {"count": 1, "end_at": 3}),
    ("exhausted", None, {"count": 2, "end_at": 2}),
    ("exhausted", None, {"count": 11, "end_at": 12}),
    ("reshuffle", None, {"cards": 1}),
    ("reveal", "Ann", {"beans": ["chili"]}),
    ("reveal", "Ann", {"beans": []}),
    ("offer", "Bob", {"id": 1, "partner": "Ann", "give": [], "get": ["up:chili", "2 soy"]}),
    ("offer", "Bob", {"id": 2, "partner": "Ann", "give": ["green@1", "green@3", "up:soy"], "get": []}),
    ("deal", "Ann", {"id": 3, "proposer": "Bob", "partner": "Ann", "to_proposer": [],
                     "to_partner": ["soy", "soy", "red"], "gift": True}),
    ("deal", "Ann", {"id": 4, "proposer": "Bob", "partner": "Ann", "to_proposer": ["chili"], "to_partner": [],
                     "gift": True}),
    ("harvest", "Ann", {"bean": "blue", "field": 1, "cards": 6, "coins": 2, "discarded": 4}),
    ("final_sale", "Ann", {"bean": "blue", "field": 3, "cards": 4, "coins": 1, "discarded": 3}),
    ("draw", "Ann", {"count": 1, "beans": ["red"]}),
    ("winner", None, {"winners": ["Ann", "Bob"], "scores": {"Ann": 9, "Bob": 9, "Cid": 4}}),
]


def test_a_narration_is_only_catalogued_messages():
    """An event kind exists only as a message of its game's catalogue with a fill: one
    without its message cannot be declared, one without a fill cannot be narrated."""
    from beannb.games.bohnanza.cards import CARDS
    from beannb.games.bohnanza.text import MESSAGES

    with pytest.raises(KeyError):
        Narration(CARDS, MESSAGES, {"x": lambda d, p, n: {}})
    with pytest.raises(KeyError):
        Event("x", "Ann", {}, narration=get_ruleset("bohnanza").narration).text("en")
    assert flaws("Ann elülteti a(z) kékbabot  .") == ["a(z)", "  "]
    assert flaws("field None is {empty}..") == ["{", "}", "None", ".."]


def test_bohnanza_narration_actions_and_labels_come_from_the_catalogue():
    from beannb.games.bohnanza.text import NARRATION

    rs = get_ruleset("bohnanza")
    assert rs.narration is NARRATION
    problems: list[str] = []
    kinds: set = set()
    actions: set = set()

    for seed in (1, 2, 3):
        for players in (["Ann", "Bob", "Cid"], ["Anna", "Bob", "Cid", "Dora"], ["Ann", "Bob", "Cid", "Dora", "Eve"]):
            g = beannb.new_game("bohnanza", players=players, seed=seed)
            play_randomly(rs, g.state, players, seed, problems, kinds, actions)
    for seed in (1, 2):  # the two-player duel
        g = beannb.new_game("bohnanza", players=["Ann", "Bob"], seed=seed, profile="RIO_GRANDE")
        play_randomly(rs, g.state, ["Ann", "Bob"], seed, problems, kinds, actions, steps=3000)
        play_with_bots(rs, g.state, 2, seed, problems, kinds, actions)
    for seed in (7, 8):
        players = ["Ann", "Bob", "Cid", "Dora"]
        g = beannb.new_game("bohnanza", players=players, seed=seed)
        play_with_bots(rs, g.state, len(players), seed, problems, kinds, actions)

    # a trading table: offers of every shape, answered every way
    state = setup(rs, ["Ann", "Bob", "Cid"], {"active": "Ann", "phase": "trade", "faceup": ["soy", "chili"],
                                              "players": {"Ann": {"hand": ["red", "soy"]},
                                                          "Bob": {"hand": ["green", "blue", "green"]},
                                                          "Cid": {"hand": ["soy", "red"]}}})
    for text in ("Bob offer Ann green@1 green@3 for up:soy", "Ann offer Cid up:chili for nothing",
                 "Cid offer Ann nothing for red", "Ann offer Bob red@1 for blue", "Cid accept 2", "Ann decline 3",
                 "Ann withdraw 4", "Ann accept 1", "Ann end-trade"):
        action = rs.parse(text)
        check_action(rs, action, rs.observe(state, None), problems, actions)
        state, events = rs.apply(state, action)
        for e in events:
            check_event(e, problems, kinds)

    for text in BOHNANZA_NOTATION:
        check_action(rs, rs.parse(text), None, problems, actions)
    for kind, player, data in BOHNANZA_EVENTS:
        check_event(Event(kind, player, data, narration=rs.narration), problems, kinds)

    assert not problems, "\n".join(problems[:30])
    assert set(NARRATION.fills) <= kinds, sorted(set(NARRATION.fills) - kinds)
    assert len(actions) > 100


@pytest.mark.parametrize("lang", ("en", "hu", PSEUDO))
def test_bohnanza_table_words_come_from_the_catalogue(lang):
    from beannb.games.bohnanza.view import LABELS, card_count, cards_word

    assert lang in LABELS and set(LABELS) == {"en", "hu"}
    labels = LABELS[lang]
    assert "hand" in labels and all(text.strip() for text in labels.values())
    if lang == PSEUDO:
        assert all(bracketed(text) for text in labels.values())
        assert bracketed(card_count(3, lang)) and bracketed(cards_word(1, lang))
    assert card_count(1, "en") == "1 card" and card_count(3, "en") == "3 cards" and card_count(3, "hu") == "3 lap"


#: Bohnaparte's events the seeded games seldom reach, with data as its rules make them.
BOHNAPARTE_EVENTS = [
    ("attack", "Ann", {"target": "14", "terrain": "city", "mode": "cavalry", "cavalry": "bay", "via": ["09"],
                       "defender": "Bob"}),
    ("attack", "Ann", {"target": "14", "terrain": "forest", "mode": "hand", "cavalry": None, "via": ["09", "10"],
                       "defender": None}),
    ("attack", "Anna", {"target": "05", "terrain": "steppe", "mode": "deck", "cavalry": None, "via": [],
                        "defender": "Eve"}),
    ("defend", "Bob", {"mode": "hand"}), ("defend", "Bob", {"mode": "deck"}),
    ("second_wave", "Ann", {"mode": "hand"}), ("second_wave", "Ann", {"mode": "deck"}),
    ("battle", "Ann", {"target": "11", "terrain": "steppe", "wave": 1, "a_card": None, "cavalry": "grey", "a": 17,
                       "d_card": "soy", "printed": 6, "minimum": 0, "d": 6, "won": True}),
    ("battle", "Ann", {"target": "16", "terrain": "forest", "wave": 2, "a_card": None, "cavalry": None, "a": 0,
                       "d_card": None, "printed": 0, "minimum": 17, "d": 17, "won": False}),
    ("battle", "Ann", {"target": "01", "terrain": "village", "wave": 1, "a_card": "chili", "cavalry": None, "a": 18,
                       "d_card": None, "printed": 0, "minimum": 0, "d": 0, "won": True}),
    ("battle", "Ann", {"target": "15", "terrain": "city", "wave": 1, "a_card": "red", "cavalry": None, "a": 8,
                       "d_card": "chili", "printed": 18, "minimum": 18, "d": 18, "won": False}),
    ("capture", "Ann", {"target": "11", "terrain": "steppe", "from": "Bob", "cavalry": "bay", "steppe_cavalry": "grey",
                        "ready": False}),
    ("capture", "Ann", {"target": "07", "terrain": "steppe", "from": None, "cavalry": None, "steppe_cavalry": "black",
                        "ready": True}),
    ("capture", "Ann", {"target": "12", "terrain": "city", "from": "Eve", "cavalry": "black", "steppe_cavalry": None,
                        "ready": None}),
    ("repelled", "Ann", {"target": "05", "owner": "Bob"}), ("repelled", "Ann", {"target": "15", "owner": None}),
    ("cavalry_spent", "Ann", {"colour": "bay", "target": "05"}),
    ("burn", "Ann", {"target": "15"}),
    ("cart_buy", "Ann", {"price": 3, "cards": 3}), ("cart_buy", "Ann", {"price": 3, "cards": 1}),
    ("cart_fill", "Ann", {"count": 1}), ("cart_fill", "Ann", {"count": 4}),
    ("cart_battle", "Ann", {"count": 1, "added": False}), ("cart_battle", "Ann", {"count": 3, "added": True}),
    ("cart_play", "Ann", {"side": "attack", "left": 1}), ("cart_play", "Ann", {"side": "defend", "left": 0}),
    ("cart_play", "Ann", {"side": "defend", "left": 2}),
    ("cavalry_ready", "Ann", {"colours": ["bay"]}), ("cavalry_ready", "Ann", {"colours": ["bay", "grey"]}),
    ("gem", "Ann", {"bean": "soy", "coin": True}), ("gem", "Ann", {"bean": "blue", "coin": False}),
    ("battle_step_end", "Ann", {}), ("last_territory", "Eve", {}),
    ("camp", "Dora", {"pos": "01", "colour": "white"}), ("camp", "Anna", {"pos": "05", "colour": "orange"}),
    ("phase", "Ann", {"phase": "camp"}), ("phase", "Ann", {"phase": "battle"}), ("phase", "Ann", {"phase": "cart"}),
    ("draw", "Ann", {"count": 2, "beans": ["soy", "red"], "cart": True}),
]

#: Bohnaparte's actions in every form the notation allows, worded for everyone and for another seat.
BOHNAPARTE_NOTATION = [
    "Ann camp 05", "Ann attack 14 deck", "Ann attack 14 cavalry", "Ann attack 14 cavalry bay", "Ann attack 14 blue@2",
    "Ann attack 14 blue", "Bob defend deck", "Bob defend soy@1", "Bob defend soy", "Ann second-wave deck",
    "Ann second-wave red@3", "Ann second-wave red", "Ann buy-cart", "Ann cart-take soy", "Ann cart-take soy red",
    "Ann cart-take soy red chili", "Ann cart-play chili",
]


def test_bohnaparte_narration_actions_and_labels_come_from_the_catalogue():
    from pathlib import Path

    from beannb.games.bohnaparte.text import FILLS, NARRATION
    from beannb.scenarios import load_scenario, play, scenario_files

    rs = get_ruleset("bohnaparte")
    assert rs.narration is NARRATION
    own = set(FILLS)
    problems: list[str] = []
    kinds: set = set()
    actions: set = set()

    configurations = [({}, 3), ({}, 4), ({}, 5),
                      ({"destruction": True, "gem_reveals": "per_field", "cart_in_battle": True}, 4)]
    for seed in (1, 2, 3):
        for options, n in configurations:
            players = ["Anna", "Bob", "Cid", "Dora", "Eve"][:n]
            g = beannb.new_game("bohnaparte", players=players, seed=seed, **options)
            play_randomly(rs, g.state, players, seed, problems, kinds, actions, steps=600)
            play_with_bots(rs, g.state, n, seed, problems, kinds, actions)

    # the expansion's scenarios reach carts, cavalry, second waves, gem fields and burned cities
    root = Path(__file__).resolve().parent.parent / "scenarios" / "bohnaparte"
    for path in scenario_files([root]):
        sc = load_scenario(path)
        if "expect_setup_error" in sc.raw:
            continue
        for run in (sc, *sc.variants):
            g = run.new_game()
            for _ in play(run, g):
                if not g.is_over():
                    obs = g.ruleset.observe(g.state, None)
                    for a in g.legal_actions():
                        check_action(rs, a, obs, problems, actions)
            for e in g.log:
                check_event(e, problems, kinds)

    for kind, player, data in BOHNAPARTE_EVENTS:
        check_event(Event(kind, player, data, narration=rs.narration), problems, kinds)
    for text in BOHNAPARTE_NOTATION:
        action = rs.parse(text)
        check_action(rs, action, None, problems, actions)
        check_text(f"describe {text} to another seat",
                   {lang: rs.describe(action, lang, {"viewer": "Zed"}) for lang in (*LANGS, PSEUDO)}, problems)

    assert not problems, "\n".join(problems[:30])
    assert own <= kinds, sorted(own - kinds)
    assert {"camp", "attack", "defend", "second-wave", "cart-take", "cart-play", "buy-cart"} <= \
        {rs.parse(a).VERB for a in actions}
    # Hungarian reads with its grammar: articles and suffixes fitted to the names, no English left
    e = Event("capture", "Ann", {"target": "15", "terrain": "steppe", "from": "Cid", "cavalry": "bay",
                                 "steppe_cavalry": "grey", "ready": True}, narration=rs.narration)
    assert e.text("hu") == ("Ann elfoglalja a 15-ös mezőt Cidtől; a pej lovasság bevethető marad; vele jár a "
                            "sztyeppe szürke lovassága is, bevethető állapotban.")
    assert rs.describe(rs.parse("Ann cart-play chili"), "hu") == "Ann kijátssza a kordéról a tűzbabot."


#: Takeover's events the seeded games seldom reach, with data as its rules make them.
TAKEOVER_EVENTS = [
    ("t_play", "Ann", {"bean": "garden", "count": 3, "field": 2, "mutant": True}),
    ("merge", "Ann", {"src": 3, "dst": 1, "size": 7}),
    ("t_harvest", "Ann", {"field": 1, "bean": "snap", "cards": 5, "coins": 1, "texts": 2, "meter": "snap", "final": True}),
    ("t_harvest", "Ann", {"field": 2, "bean": "blue", "cards": 10, "coins": 4, "texts": 0, "meter": "red",
                          "final": False}),
    ("takeover", "Ann", {"target": "Bob", "field": 1, "own": 1, "cards": ["mighty-field", "strong-takeover"]}),
    ("swap", "Ann", {"target": "Bob", "own": 1, "field": 1, "got": 1, "gave": 4}),
    ("overcome", "Ann", {"target": "Bob", "drawn": 0}),
    ("window", "Ann", {"letter": "f", "asked": "Bob"}),
    ("swap_hands", "Ann", {"other": "Bob", "gave": 1, "got": 5}),
    ("pirate_raid", "Ann", {"bean": "chili", "from": ["Bob", "Cid", "Dora"], "field": 2}),
    ("pirate_raid", "Ann", {"bean": "chili", "from": [], "field": 2}),
    ("seed_trade", "Ann", {"coin": "soy", "redraw": True, "drawn": 0}),
    ("seed_trade", "Ann", {"coin": "soy", "redraw": True, "drawn": 1}),
    ("seed_trade", "Ann", {"coin": "soy", "redraw": False, "drawn": 0}),
]

#: Takeover's actions in every form the notation allows (each verb, with text cards attached).
TAKEOVER_NOTATION = [
    "Ann play red 1", "Ann play 2 red 3", "Ann play 12 garden 1 +mutant-bean", "Ann merge 2 1 +mutant-bean",
    "Ann turn-up 2", "Ann harvest 1 +chemistry-set@2 +pizza-big-farm +pizza-overflow", "Ann extra-harvest 2 +pizza-overflow",
    "Ann takeover Bob 1", "Ann takeover Bob 3 using 1 +variable-field", "Ann takeover Bob 1 +mighty-field +strong-takeover",
    "Bob pass", "Bob allow", "Ann overrule", "Ann concede", "Ann end-turn", "Ann extra-card", "Ann final-planting",
    "Bob seven-new-cards", "Bob defend pizza-overflow", "Ann swap-fields Bob 1 3", "Ann swap-hands Bob", "Ann joker 2",
    "Ann pirate-raid 2", "Ann pirate-raid 2 from Bob Cid", "Ann pirate-raid 2 from Bob Cid Dora",
    "Ann seed-trade soy red green blue chili coin soy keep", "Ann seed-trade soy red green blue chili coin blue redraw",
]


def test_takeover_narration_actions_and_labels_come_from_the_catalogue():
    from beannb.games.takeover import actions as ta
    from beannb.games.takeover.text import FILLS, NARRATION

    rs = get_ruleset("takeover")
    assert rs.narration is NARRATION
    own = set(FILLS)
    problems: list[str] = []
    kinds: set = set()
    actions: set = set()

    games = [(2, 1, {}), (3, 2, {}), (4, 3, {"pirate_targets": "subset"}), (5, 4, {"performed_scope": "sequence"}),
             (4, 5, {"late_windows": "pass_only"}), (3, 6, {}), (4, 7, {})]
    for n, seed, options in games:
        players = ["Ann", "Bob", "Cid", "Dora", "Ödön"][:n]
        state = rs.setup(players, seed, options)
        play_randomly(rs, state, players, seed, problems, kinds, actions, steps=1500)
    for seed in (1, 2):
        players = ["Anna", "Bob", "Cid", "Dora"]
        play_with_bots(rs, rs.setup(players, seed, {}), len(players), seed, problems, kinds, actions)

    for kind, player, data in TAKEOVER_EVENTS:
        check_event(Event(kind, player, data, narration=rs.narration), problems, kinds)
    for text in TAKEOVER_NOTATION:
        action = rs.parse(text)
        check_action(rs, action, None, problems, actions)
        check_text(f"describe {text} to another seat",
                   {lang: rs.describe(action, lang, {"viewer": "Zed"}) for lang in (*LANGS, PSEUDO)}, problems)

    assert not problems, "\n".join(problems[:30])
    assert own <= kinds, sorted(own - kinds)
    assert set(ta.VERBS) <= {rs.parse(a).VERB for a in actions}, sorted(set(ta.VERBS) - {rs.parse(a).VERB for a in actions})
    assert len(actions) > 300
    # The Hungarian reads with its grammar: articles and suffixes fitted to the names and numbers.
    e = Event("t_play", "Ann", {"bean": "red", "count": 1, "field": 1, "mutant": False}, narration=rs.narration)
    assert e.text("hu") == "Ann kijátszik egy vörösbabot az 1. babföldjére."
    assert rs.describe(rs.parse("Ann swap-hands Bob"), "hu").startswith("Ann kezet cserél Bobbal")


#: Rabohnzel's events the seeded games seldom reach, with data as its rules make them.
RABOHNZEL_EVENTS = [
    ("ability", "Ann", {"bean": "thief", "field": 1, "target": "Bob", "attack": False}),
    ("ability", "Ann", {"bean": "sword", "field": 2, "target": "Cid", "attack": True}),
    ("ability", "Ann", {"bean": "sword", "field": 2, "target": "Cid", "attack": False}),
    ("ability", "Ann", {"bean": "mean", "field": 1, "target": None, "attack": True}),
    ("ability", "Ann", {"bean": "mean", "field": 1, "target": None, "attack": False}),
    ("ability", "Ann", {"bean": "white", "field": 1, "target": None, "attack": False}),
    ("ability", "Ann", {"bean": "mage", "field": 2, "target": None, "attack": False}),
    ("keep", "Bob", {"public": True, "bean": "sword"}), ("keep", "Bob", {"public": False, "bean": None}),
    ("activate", "Bob", {"potions": ["teleport", "attack"], "off_turn": False}),
    ("activate", "Bob", {"potions": ["luck"], "off_turn": True}),
    ("activation_lost", "Bob", {"lost": 1}), ("activation_lost", "Bob", {"lost": 2}),
    ("skip", "Ann", {"kind": "activate", "rule": "R-12"}), ("skip", "Ann", {"kind": "counter", "rule": "R-38"}),
    ("skip", "Ann", {"kind": "enchant", "rule": "R-61"}),
    ("coin_draw", "Ann", {"defender": "Bob", "beans": ["sword", "thief"]}),
    ("resolve", "Ann", {"bean": "sword", "back": "thief"}), ("resolve", "Ann", {"bean": "mage", "back": None}),
    ("freed", "Ann", {"defender": "Bob"}),
    ("counter", "Bob", {"target": "Ann"}), ("counter_nothing", "Bob", {"target": "Ann"}),
    ("loop_guard", "Bob", {"attacker": "Ann"}), ("thief_nothing", "Bob", {"victim": "Ann"}),
    ("sword_steal", "Bob", {"victim": "Ann", "bean": "chasm", "to_back": 1}),
    ("mage_result", "Ann", {}), ("no_effect", "Ann", {"bean": "white"}),
    ("white_draw", "Cid", {"to_back": 1}), ("white_nothing", "Cid", {}),
    ("mean_reveal", "Ann", {"shown": {}, "lost": []}),
    ("mean_reveal", "Ann", {"shown": {"Bob": "sword"}, "lost": []}),
    ("mean_reveal", "Ann", {"shown": {"Bob": "sword", "Cid": "thief", "Dora": "chasm"}, "lost": ["Cid", "Dora"]}),
    ("trade_reveal", "Ann", {"beans": []}), ("trade_reveal", "Ann", {"beans": ["mage"]}),
    ("trade_discard", "Ann", {"bean": "mage"}), ("discard_take", "Ann", {"bean": "mean"}),
    ("exchange", "Ann", {"target": "Bob"}), ("beanfield", "Ann", {"bean": "sword"}),
    ("enchant_beans", "Ann", {"bean": "mean", "old": "thief", "field": 1}), ("enchant_players", "Ann", {}),
    ("teleport", "Ann", {"src": 3, "dst": 1, "reorders_hand": True}), ("hand_spell", "Ann", {}),
    ("luck", "Ann", {"potion": "enchant-beans"}), ("luck_nothing", "Ann", {}),
    ("flow_start", "Ann", {}), ("flow_end", "Ann", {}), ("consume", "Ann", {"potion": "enchant-players"}),
    ("potions_down", "Ann", {"potions": ["flow"]}), ("potions_down", "Ann", {"potions": ["teleport", "attack"]}),
    ("potions_back", None, {"potions": ["attack"]}), ("potions_back", None, {"potions": ["attack", "luck", "hand"]}),
    ("field_vanish", "Ann", {"field": 3}), ("chasm_potion", "Ann", {}), ("chasm_nothing", "Ann", {}),
    ("phase", "Ann", {"phase": "magic"}), ("phase", "Ann", {"phase": "end"}),
]

#: Rabohnzel's own actions in every form the notation allows.
RABOHNZEL_NOTATION = [
    "Ann magic", "Ann reveal", "Ann use 1", "Ann use 1 on Bob", "Ann use 2 with attack", "Ann use 1 on Bob with attack",
    "Ann play-mage 3", "Ann activate teleport", "Ann activate teleport attack", "Ann place 2", "Ann place hand",
    "Ann resolve sword", "Ann counter", "Ann skip", "Ann flow 1", "Ann end-turn", "Ann consume luck",
    "Ann consume exchange Bob", "Ann consume beanfield princess", "Ann consume enchant-beans princess 1",
    "Ann consume teleport 3 1",
]


def test_rabohnzel_narration_actions_and_labels_come_from_the_catalogue():
    from beannb.games.rabohnzel import text as rtext
    from beannb.games.rabohnzel.view import VIEW, choice_words

    rs = get_ruleset("rabohnzel")
    assert rs.narration is rtext.NARRATION
    own = set(rtext.FILLS)
    assert all(rtext.NARRATION.phase_name(ph, "xx").startswith("⟦") for ph in ("magic", "end"))
    problems: list[str] = []
    kinds: set = set()
    actions: set = set()

    for (options, n), seed in zip(rs.configurations() * 2, range(1, 9)):
        players = ["Ann", "Bob", "Cid", "Dora", "Ödön"][:n]
        g = beannb.new_game("rabohnzel", players=players, seed=seed, **options)
        play_randomly(rs, g.state, players, seed, problems, kinds, actions, steps=600)
        play_with_bots(rs, g.state, n, seed, problems, kinds, actions)

    for kind, player, data in RABOHNZEL_EVENTS:
        check_event(Event(kind, player, data, narration=rs.narration), problems, kinds)
    for text in RABOHNZEL_NOTATION:
        check_action(rs, rs.parse(text), None, problems, actions)
    # a field's ability named with its beans, as a reader who sees the table reads it
    state = setup(rs, ["Ann", "Bob", "Cid"], {"phase": "magic", "players": {"Ann": {"fields": [["thief"], []]},
                                                                          "Bob": {"hand": ["mage", "sword"]}}})
    use = rs.parse("Ann use 1 on Bob")
    check_text("describe Ann use 1 on Bob, the field seen",
               {lang: rs.describe(use, lang, rs.observe(state, 0)) for lang in (*LANGS, PSEUDO)}, problems)

    assert not problems, "\n".join(problems[:30])
    assert own <= kinds, sorted(own - kinds)
    verbs = {rs.parse(a).VERB for a in actions}
    assert set(rtext.GROUPS) <= verbs, sorted(set(rtext.GROUPS) - verbs)
    assert len(actions) > 200

    # the table's own words: the potions' heading, their states, what a pending decision is about
    state, _ = rs.apply(state, use)
    obs = rs.observe(state, None)
    assert bracketed(VIEW.extra_heading.get(PSEUDO, ""))
    assert choice_words(obs["choice"], PSEUDO).startswith(PSEUDO_OPEN)
    shown = VIEW.table_extra(obs, PSEUDO) + "".join(VIEW.player_extra(p, PSEUDO) for p in obs["players"])
    for lang in LANGS:
        words = VIEW.table_extra(obs, lang) + "".join(VIEW.player_extra(p, lang) for p in obs["players"])
        assert words.count(PSEUDO_OPEN) == 0 and shown.count(PSEUDO_OPEN) > words.count(PSEUDO_OPEN)
    for english in ("Round card", "potion deck", "Waiting for", "where the card goes", "face down", "ability used"):
        assert english not in shown, english

    # Hungarian reads with its grammar: articles and suffixes fitted to the names, no "a(z)"
    def hu(kind, player, data):
        return Event(kind, player, data, narration=rs.narration).text("hu")

    assert hu("counter", "Bob", {"target": "Cid"}) == "Bob visszatámadja Cidet."
    assert hu("ability", "Ann", {"bean": "thief", "field": 1, "target": "Dora", "attack": False}) == \
        "Ann használja az 1. babföld (szedőbab) képességét: lop Dorától."
    assert hu("activate", "Bob", {"potions": ["exchange"], "off_turn": False}) == "Bob aktiválja a Cserevarázst."
    assert hu("potions_back", None, {"potions": ["attack", "luck"]}) == \
        "A Támadóvarázs és a Szerencsevarázs visszakerülnek a bájitalpakliba, megkeverve."
    assert rs.describe(rs.parse("Ann consume enchant-beans princess 1"), "hu") == \
        "Ann elfogyasztja a Babok elbájolását, és a hercegnőbabot az 1. babföldre ülteti."
