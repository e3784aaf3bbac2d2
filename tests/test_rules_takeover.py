"""Unit tests of the hostile-takeover expansion (spec takeover.md); each names its rules."""
from collections import Counter

import pytest

import beannb
from beannb.games.takeover.rules import field_type, stronger
from beannb.games.takeover.cards import HANDICAP, next_type, overflow_coins, snap_end, snap_in_game

from helpers import refused, table


def tk(names=("Ann", "Bob", "Cid"), players=None, options=None, **setup):
    opts = {"start_seat": 0}
    opts.update(options or {})
    setup.setdefault("turn", 2)
    return table(names=names, game="takeover", options=opts, players=players, **setup)


# -- components and setup --------------------------------------------------------------
@pytest.mark.parametrize("n,fields,texts,deck", [(2, 2, 3, 102), (3, 3, 2, 92), (4, 3, 2, 84), (5, 3, 2, 76)])
def test_t01_t03_t04_t05_t06_setup(n, fields, texts, deck):
    g = beannb.new_game("takeover", [f"P{i}" for i in range(n)], 4)
    s = g.state
    beans = Counter(s.deck) + Counter(s.garden_under)
    for p in s.players:
        assert len(p.fields) == fields and all(len(f) == 1 for f in p.fields)   # T-03, T-05
        assert len(p.hand) == 5 and len(p.texts) == texts                        # T-05, T-06
        beans.update(p.hand)
        for f in p.fields:
            beans.update(f)
    assert sum(beans.values()) == 118 and beans["snap"] == 14 and "coffee" not in beans  # T-01
    assert s.garden_under == ("garden", "garden") and len(s.deck) == deck              # T-04
    assert len(s.text_deck) == 18 - n * texts and s.card_total() == 136


def test_t02_handicaps_and_next_type():
    assert HANDICAP["snap"] == 4 and HANDICAP["garden"] == 6 and HANDICAP["blue"] == 20
    assert next_type("snap") == "garden" and next_type("blue") is None


def test_player_counts_refused():
    with pytest.raises(beannb.OptionError) as exc:
        beannb.new_game("takeover", ["A"] * 1, 1)
    with pytest.raises(beannb.OptionError):
        beannb.new_game("takeover", [f"P{i}" for i in range(6)], 1)


# -- normal actions ---------------------------------------------------------------------
def test_t07_t17_play_any_hand_card_onto_empty_or_matching_field():
    g = tk(players={"Ann": {"hand": ["green", "red", "red"], "fields": [["red"], [], ["soy"]]}})
    assert refused(g, "Ann play red 3").rule == "T-17"
    assert refused(g, "Ann play 3 red 1").rule == "T-17"
    g.play("Ann play 2 red 1")   # not the front card: any hand card may be played (T-07)
    g.play("Bob pass"); g.play("Cid pass")
    g.play("Ann play green 2")
    assert g.table()["Ann.fields"] == [["red", "red", "red"], ["green"], ["soy"]]


def test_t18_t19_merge_e01():
    g = tk(players={"Ann": {"fields": [["soy"] * 5, ["soy"], []]}})
    assert refused(g, "Ann merge 2 3").rule == "T-19"
    g.play("Ann merge 1 2")
    assert g.table()["Ann.fields"] == [[], ["soy"] * 6, []]


def test_t20_turn_up_needs_an_empty_field_e12():
    g = tk(players={"Ann": {"fields": [["red", "red"], ["soy"], ["blue"] * 4]}})
    assert refused(g, "Ann turn-up 2").rule == "T-20"
    g = tk(deck=["red"], players={"Ann": {"fields": [["red", "red"], [], ["blue"] * 4]}})
    g.play("Ann turn-up 2")
    assert g.table()["Ann.fields"][1] == ["red"]


def test_t15_t16_t21_harvest_once_and_single_bean_e10_e11():
    g = tk(players={"Ann": {"fields": [["red"], ["blue"] * 3, []], "hand": []}}, texts={"Ann": ["extra-harvest"]})
    assert refused(g, "Ann harvest 1").rule == "T-21"
    assert refused(g, "Ann harvest 3").rule == "B-32"         # empty: the base rule, not T-21
    assert refused(g, "Ann extra-harvest 3").rule == "B-32"   # nor T-50
    g.play("Ann harvest 2")
    assert g.table()["flipped"] is True
    for _ in range(2):
        g.play(next(a for a in g.legal_actions() if a.VERB == "pass"))
    assert refused(g, "Ann harvest 1").rule == "T-15"
    g.play("Ann extra-harvest 1")  # T-50: no single-bean rule, no flip needed
    assert g.table()["Ann.fields"] == [[], [], []]


def test_t09_t10_snap_tables_e08_e09():
    assert snap_in_game(5) == (2, 1) and snap_in_game(7) == (2, 2) and snap_in_game(2) == (1, 0)
    assert [snap_end(n) for n in (5, 7, 9, 3)] == [1, 3, 4, 0]


def test_e08_snap_harvest_draws_text_cards():
    g = tk(players={"Ann": {"fields": [["snap"] * 5, [], []]}}, texts={"Ann": []})
    g.play("Ann harvest 1")
    t = g.table()
    assert t["Ann.coins"] == 1 and t["Ann.text_count"] == 2 and t["discard.size"] == 4


# -- takeovers ----------------------------------------------------------------------------------
def test_t22_t23_t24_strength_position_and_swap_e02_e03_e13():
    assert stronger(["red"] * 4, ["blue"] * 3) and not stronger(["blue"] * 3, ["red"] * 4)
    assert stronger(["red"] * 4, ["blue"] * 4) and stronger(["snap"] * 3, ["garden"] * 3)
    assert not stronger(["soy"] * 3, ["soy"] * 3)
    g = tk(players={"Ann": {"fields": [["blue"] * 5, ["soy"] * 3, ["red"]]},
                    "Bob": {"fields": [["soy"] * 3, ["red", "red"], []]}}, texts={"Bob": []})
    assert refused(g, "Ann takeover Bob 2 using 1").rule == "T-22"   # position
    assert refused(g, "Ann takeover Bob 3").rule == "T-22"            # empty field
    g.play("Ann takeover Bob 1")
    t = g.table()
    assert t["Ann.fields"][0] == ["soy"] * 3 and t["Bob.fields"][0] == ["blue"] * 5


def test_t25_t26_t27_t46_defence_protection_and_strong_takeover_e14():
    g = tk(players={"Ann": {"fields": [["red"] * 4, [], []]}, "Bob": {"fields": [["blue"] * 3, [], []]}},
           texts={"Ann": ["strong-takeover"], "Bob": ["joker"]})
    g.play("Ann takeover Bob 1")
    assert g.table()["defending"] == "Bob"
    g.play("Bob defend joker")
    assert g.table()["Bob.protected"] == [1] and g.to_move == ["Ann"]
    g.play("Ann concede")
    assert g.table()["Bob.fields"][0] == ["blue"] * 3 and g.table()["performers"] == ["Ann"]   # T-26
    assert g.table()["asked"] == "Bob"        # a repelled takeover still opens the windows
    g.play("Bob pass"); g.play("Cid pass")
    assert refused(g, "Ann takeover Bob 1").rule == "T-27"
    g.play("Ann takeover Bob 1 +strong-takeover")
    t = g.table()
    assert t["Ann.fields"][0] == ["blue"] * 3 and t["Ann.texts"] == ["joker"] and t["Bob.protected"] == []


def test_t28_protection_ends_with_the_turn():
    g = tk(players={"Bob": {"fields": [["blue"] * 3, [], []]}}, protected={"Bob": [1]})
    assert g.table()["Bob.protected"] == [1]
    g.play("Ann end-turn")
    assert g.table()["Bob.protected"] == [] and len(g.table()["text_discard"]) == 1


def test_t29_merging_into_a_protected_field_keeps_protection_e15():
    g = tk(active="Bob", players={"Bob": {"fields": [["red"] * 3, [], ["red"] * 2]}}, protected={"Bob": [1]})
    g.play("Bob merge 3 1")
    assert g.table()["Bob.protected"] == [1]
    g = tk(active="Bob", players={"Bob": {"fields": [["red"] * 3, [], ["red"] * 2]}}, protected={"Bob": [1]})
    g.play("Bob merge 1 3")
    assert g.table()["Bob.protected"] == []


def test_t44_t45_mighty_and_variable_field_e17_e18():
    g = tk(players={"Ann": {"fields": [["red"] * 3, [], []]}, "Bob": {"fields": [["soy"] * 4, [], []]}},
           texts={"Ann": ["mighty-field", "variable-field"], "Bob": ["joker"]})
    assert refused(g, "Ann takeover Bob 1").rule == "T-23"
    g.play("Ann takeover Bob 1 +mighty-field")   # 3+1 Red vs 4 Soy: equal, lower handicap wins
    assert g.table()["Ann.fields"][0] == ["soy"] * 4 and g.table()["defending"] is None
    g = tk(players={"Ann": {"fields": [["blue"] * 5, [], []]},
                    "Bob": {"fields": [["chili"] * 6, ["green"] * 2, ["red"] * 4]}}, texts={"Ann": ["variable-field"]})
    assert refused(g, "Ann takeover Bob 1 using 1 +variable-field").rule == "T-45"
    g.play("Ann takeover Bob 3 using 1 +variable-field")
    assert g.table()["Ann.fields"][0] == ["red"] * 4 and g.table()["Bob.fields"][2] == ["blue"] * 5


# -- copying ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("late", ["none", "pass_only"])
def test_t30_t31_t32_t33_copies_and_their_limit(late):
    g = tk(options={"late_windows": late},
           players={"Ann": {"hand": ["red"], "fields": [["red"], [], []]},
                    "Bob": {"hand": ["soy"], "fields": [["soy"], [], []]},
                    "Cid": {"hand": ["green"], "fields": [["green"], [], []]}})
    g.play("Ann play red 1")
    assert g.table()["asked"] == "Bob"
    assert refused(g, "Bob merge 1 2").rule in ("T-31", "T-19")
    g.play("Bob play soy 1")                      # the one copy of a non-first turn
    if late == "none":                            # A-3 (default): nobody else is asked
        assert g.table()["asked"] is None and g.to_move == ["Ann"]
        assert refused(g, "Cid play green 1").rule == "T-30"
        assert refused(g, "Cid pass").rule == "T-30"
    else:                                         # house rule: asked, but may only pass
        assert g.table()["asked"] == "Cid"
        assert refused(g, "Cid play green 1").rule == "T-32"
        g.play("Cid pass")
        assert g.to_move == ["Ann"]


def test_t32_first_turn_everyone_may_copy():
    g = tk(turn=1, players={"Ann": {"hand": ["red"], "fields": [["red"], [], []]},
                            "Bob": {"hand": ["soy"], "fields": [["soy"], [], []]},
                            "Cid": {"hand": ["green"], "fields": [["green"], [], []]}})
    g.play("Ann play red 1")
    g.play("Bob play soy 1")
    g.play("Cid play green 1")
    assert g.table()["Cid.fields"][0] == ["green", "green"]


def test_t34_first_turn_no_takeover_of_a_performer_e07():
    names = ("Anna", "Balazs", "Karoly", "Dora")
    g = tk(names=names, turn=1, players={
        "Anna": {"fields": [["blue"] * 4, [], []]}, "Balazs": {"fields": [["red"] * 3, [], []]},
        "Karoly": {"fields": [["soy"] * 2, [], []]}, "Dora": {"fields": [["red"] * 5, [], []]}},
        texts={"Balazs": [], "Dora": [], "Karoly": [], "Anna": []})
    g.play("Anna takeover Balazs 1")
    assert refused(g, "Balazs takeover Anna 1").rule == "T-33"
    g.play("Balazs takeover Dora 1") if "Balazs takeover Dora 1" in g.legal_actions() else g.play("Balazs pass")
    assert refused(g, "Karoly takeover Balazs 1").rule in ("T-34", "T-23")


def test_t35_no_copies_of_a_takeover_at_two_players():
    g = tk(names=("Ann", "Bob"), players={"Ann": {"fields": [["red"] * 4, []]}, "Bob": {"fields": [[], ["blue"] * 3]}},
           texts={"Bob": []})
    g.play("Ann takeover Bob 2")   # 2 players: field 1 faces the opponent's field 2
    assert g.table()["Ann.fields"][0] == ["blue"] * 3
    assert g.table()["asked"] is None and g.to_move == ["Ann"]   # T-30: nobody is asked after an e)
    assert refused(g, "Bob takeover Ann 2").rule == "T-35"
    g = tk(names=("Ann", "Bob"), options={"late_windows": "pass_only"}, texts={"Bob": []},
           players={"Ann": {"fields": [["red"] * 4, []]}, "Bob": {"fields": [[], ["blue"] * 3]}})
    g.play("Ann takeover Bob 2")
    assert g.table()["asked"] == "Bob"                           # house rule: asked, may only pass
    assert refused(g, "Bob takeover Ann 2").rule == "T-35"


# -- text cards ----------------------------------------------------------------------------------
def test_e05_t54_overflow_and_pizzas():
    assert overflow_coins("blue", 10, False) is None
    assert [overflow_coins("blue", n, False) for n in (11, 12, 13)] == [5, 6, 7]
    g = tk(players={"Ann": {"fields": [["blue"] * 6, ["red"] * 4, ["soy"] * 3]}}, texts={"Ann": ["pizza-big-farm"]})
    g.play("Ann harvest 1 +pizza-big-farm")     # E-19: 13 cards -> +1
    assert g.table()["Ann.coins"] == 3
    g = tk(players={"Ann": {"fields": [[], ["red"] * 4, ["soy"] * 3]}}, texts={"Ann": ["pizza-big-farm"]})
    assert refused(g, "Ann harvest 2 +pizza-big-farm").rule == "T-54"


def test_e06_t52_mutant_bean():
    g = tk(players={"Ann": {"hand": ["garden", "garden", "red"], "fields": [["snap"] * 3, [], []]}},
           texts={"Ann": ["mutant-bean"]})
    assert refused(g, "Ann play red 1 +mutant-bean").rule == "T-52"
    g.play("Ann play 2 garden 1 +mutant-bean")
    assert g.table()["Ann.field_types"][0] == "garden"
    for _ in range(2):
        g.play(next(a for a in g.legal_actions() if a.VERB == "pass"))
    g.play("Ann harvest 1")
    assert g.table()["Ann.coins"] == 3 and g.table()["Ann.text_count"] == 0


def test_t51_joker():
    g = tk(players={"Ann": {"fields": [["red"] * 2, ["chili"] * 2, []]}}, texts={"Ann": ["joker"]})
    assert refused(g, "Ann joker 1").rule == "T-51"
    g.play("Ann joker 2")
    assert g.table()["Ann.fields"][1] == ["chili", "chili", "joker"]


def test_t53_chemistry_set_e24():
    g = tk(players={"Ann": {"fields": [["blue"] * 5, ["snap"] * 2, ["red"]]}}, texts={"Ann": ["chemistry-set"]})
    assert refused(g, "Ann harvest 1 +chemistry-set@3").rule == "T-53"
    g.play("Ann harvest 1 +chemistry-set@2")
    assert g.table()["Ann.coins"] == 1 and g.table()["Ann.text_count"] == 2


def test_t55_pirate_raid_e25():
    g = tk(names=("A", "B", "C", "D"), players={"A": {"fields": [[], ["chili"] * 3, []]}, "B": {"fields": [[], ["chili"] * 2, []]},
                                               "C": {"fields": [[], ["chili"] * 4, []]}, "D": {"fields": [[], ["red"], []]}},
           texts={"A": ["pirate-raid"]}, protected={"B": [2]})
    g.play("A pirate-raid 2")
    t = g.table()
    assert t["A.fields"][1] == ["chili"] * 5 and t["B.fields"][1] == ["chili"] and t["C.fields"][1] == ["chili"] * 3
    assert t["B.protected"] == [2]


def test_t47_t48_t49_t56_hand_cards():
    g = tk(players={"Ann": {"hand": ["soy", "red", "green", "blue", "chili"]}, "Bob": {"hand": ["snap"]}},
           texts={"Ann": ["seven-new-cards", "seed-trade"], "Bob": ["hand-swap"]}, discard=["red"])
    assert refused(g, "Ann seven-new-cards").rule == "T-47"
    g.play("Ann seed-trade soy red green blue chili coin red keep")
    assert g.table()["Ann.coins"] == 1 and sorted(g.table()["Ann.hand"]) == ["blue", "chili", "green", "soy"]


def test_t41_t42_t43_trigger_final_harvest_and_scoring():
    g = tk(deck=["red"], deck_size=1, exhausted=2, garden_under=0,
           players={"Ann": {"fields": [["red"] * 2, [], []], "hand": []},
                    "Bob": {"fields": [["soy"] * 2, ["soy"], []]}, "Cid": {"fields": [["blue"], [], []]}},
           texts={"Ann": [], "Bob": ["joker"], "Cid": []})
    g.play("Ann turn-up 2")          # takes the last card: the trigger (T-40)
    assert g.table()["ending"] and g.state.phase == "final"
    for _ in range(4):
        if g.table()["asked"]:
            g.play(f"{g.table()['asked']} pass")
    assert refused(g, "Ann turn-up 3").rule == "T-41"
    g.play("Ann end-turn")
    assert g.table()["final"]
    g.play("Ann harvest 2")          # single-bean rule ignored in the final harvest
    g.play("Ann harvest 1")
    g.play("Bob harvest 2"); g.play("Bob harvest 1")
    g.play("Cid harvest 1")
    t = g.table()
    assert t["over"] and t["scores"] == {"Ann": 100, "Bob": 110, "Cid": 0}   # T-43: 10 per text card
    assert g.winners == ["Bob"]


def test_t38_t39_deck_passes_take_the_garden_beans_in():
    g = tk(deck=["red"], deck_size=1, discard_size=20, players={"Ann": {"fields": [[], [], []], "hand": []}})
    g.play("Ann turn-up 1")
    t = g.table()
    assert t["exhausted"] == 1 and t["garden_under"] == 1 and t["deck.size"] == 21


def test_enumerated_actions_agree_with_the_refusals():
    """legal_actions lists exactly the candidates why_not accepts (a brute-force check)."""
    from beannb.bots import RandomBot
    from beannb.games.takeover.actions import Merge, Play, HostileTakeover, THarvest, TurnUp
    from beannb.games.takeover.cards import BEAN_TYPES

    rs = beannb.get_ruleset("takeover")
    s = rs.setup(["A", "B", "C"], 11, rs.check_options({}))
    bots = [RandomBot(i) for i in range(3)]
    for step in range(400):
        if s.phase == "over":
            break
        if step % 9 == 0:
            listed = {str(a) for a in rs.legal_actions(s)}
            for p in s.players:
                me = p.name
                brute = [TurnUp(me, (), k) for k in (1, 2, 3)] + [THarvest(me, (), k) for k in (1, 2, 3)]
                brute += [Merge(me, (), i, j) for i in (1, 2, 3) for j in (1, 2, 3)]
                brute += [Play(me, (), b, c, k) for b in BEAN_TYPES for c in (1, 2) for k in (1, 2, 3)]
                brute += [HostileTakeover(me, (), q.name, k) for q in s.players for k in (1, 2, 3)]
                for a in brute:
                    ok = rs.why_not(s, a) is None
                    assert ok == (str(a) in listed), (str(a), ok)
        seat = rs.to_move(s)[0]
        s, _ = rs.apply(s, bots[seat].act(rs, s, seat))


def test_the_text_card_table_has_each_card_once_and_drives_the_special_verbs():
    from beannb.games.takeover.cards import TEXT_IDS
    from beannb.games.takeover.textcards import TEXT_CARD_RULES
    rs = beannb.get_ruleset("takeover")
    assert tuple(TEXT_CARD_RULES) == TEXT_IDS
    for card, row in TEXT_CARD_RULES.items():
        assert row.verb or row.with_verbs, card  # played on its own, or with an action
        if row.verb:
            assert rs.VERBS[row.verb].check is row.check and rs.VERBS[row.verb].apply is row.apply, card
        assert set(row.with_verbs) <= set(rs.VERBS), card


def test_the_decisions_table_names_each_role_once():
    from beannb.games.takeover.decisions import DECISIONS, NOBODY
    rs = beannb.get_ruleset("takeover")
    assert set(DECISIONS) == {"active", "copier", "final-harvester", "defender", "answerer", NOBODY}
    for role, row in DECISIONS.items():
        assert row.role == role and row.verbs <= set(rs.VERBS), role
