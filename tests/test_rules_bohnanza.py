"""Unit tests per rule of the base game (spec bohnanza.md §6); each names its rule ids."""
from collections import Counter

import pytest

import beannb
from beannb.games.bohnanza.cards import BEANS, payout
from beannb.games.bohnanza.rules import PROFILES, profile_for

from helpers import refused, table


# -- setup --------------------------------------------------------------------------------
@pytest.mark.parametrize("profile,n,size,missing", [
    ("AMIGO_1997", 4, 104, {"coffee", "wax", "cocoa"}),
    ("RIO_GRANDE", 2, 144, {"garden", "cocoa"}),
    ("RIO_GRANDE", 3, 150, {"cocoa"}),
    ("RIO_GRANDE", 5, 130, {"coffee"}),
    ("RIO_GRANDE", 7, 144, {"cocoa", "garden"}),
    ("AMIGO_CURRENT", 3, 104, {"coffee", "wax", "cocoa"}),
])
def test_b01_deck_composition(profile, n, size, missing):
    g = beannb.new_game("bohnanza", [f"P{i}" for i in range(n)], 5, profile=profile)
    s = g.state
    assert s.card_total() == size
    everything = Counter(s.deck)
    for p in s.players:
        everything.update(p.hand)
    assert not (set(everything) & missing)
    for bean, count in everything.items():
        assert count == BEANS[bean].count


def test_b02_round_robin_deal_from_the_start_player():
    g = beannb.new_game("bohnanza", list("ABCDEFG"), 9, profile="RIO_GRANDE", start_seat=5)
    sizes = {p.name: len(p.hand) for p in g.state.players}
    assert sizes == {"F": 3, "G": 4, "A": 5, "B": 6, "C": 6, "D": 6, "E": 6}
    # the first card dealt is the front of the start player's hand
    rs = g.ruleset
    from beannb.core import rng
    deck, _ = rng.shuffled(rng.seed_state(9), rs.build_deck(profile_for("RIO_GRANDE", 7)))
    assert g.state.players[5].hand[0] == deck[0]
    assert g.state.players[6].hand[0] == deck[1]


@pytest.mark.parametrize("profile,n", [("AMIGO_1997", 2), ("AMIGO_1997", 6), ("AMIGO_CURRENT", 7), ("RIO_GRANDE", 8)])
def test_b45_unsupported_player_counts_are_refused(profile, n):
    with pytest.raises(beannb.OptionError) as exc:
        beannb.new_game("bohnanza", [f"P{i}" for i in range(n)], 1, profile=profile)
    assert exc.value.rule == "B-45"
    assert profile in str(exc.value)


def test_b46_start_seat_moves_first():
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid", "Dora"], 1, start_seat=2)
    assert g.to_move == ["Cid"]
    with pytest.raises(beannb.OptionError):
        beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 1, start_seat=3)


# -- planting -------------------------------------------------------------------------------
def test_b09_b10_front_card_mandatory_and_at_most_two():
    g = table(players={"Ann": {"hand": ["chili", "soy", "red"], "fields": [[], []]}})
    assert refused(g, "Ann reveal").rule == "B-09"
    assert refused(g, "Ann plant soy").rule == "B-09"
    g.play("Ann plant chili 1")
    g.play("Ann plant soy 2")
    assert refused(g, "Ann plant red").rule == "B-10"
    g.play("Ann reveal")
    assert g.table()["phase"] == "trade"


def test_b11_empty_hand_skips_planting():
    g = table(players={"Ann": {"hand": []}})
    assert refused(g, "Ann plant").rule == "B-11"
    events = g.play("Ann reveal")
    assert events[0].kind == "skip_plant"


def test_b12_no_room_means_harvest_first_e3():
    g = table(players={"Ann": {"hand": ["stink"], "fields": [["blue"] * 4, ["garden"]], "coins": 2}})
    assert refused(g, "Ann plant stink").rule == "B-12"
    assert refused(g, "Ann harvest 2").rule == "B-29"
    assert {str(a) for a in g.legal_actions("Ann")} == {"Ann harvest 1"}
    g.play("Ann harvest 1")
    assert g.table()["Ann.coins"] == 3 and g.table()["discard.size"] == 3
    g.play("Ann plant stink 1")
    assert g.table()["Ann.fields"] == [["stink"], ["garden"]]


def test_b06_b07_b08_b50_field_types():
    g = table(players={"Ann": {"hand": ["soy", "soy"], "fields": [["soy"], []]}})
    g.play("Ann plant soy 2")  # B-08: two fields may grow one type
    assert g.table()["Ann.fields"] == [["soy"], ["soy"]]
    g = table(players={"Ann": {"hand": ["red"], "fields": [["soy"], []]}})
    assert refused(g, "Ann plant red 1").rule == "B-07"   # the planting rule; B-06 is what it keeps true
    g = table(options={"same_type_fields": False}, players={"Ann": {"hand": ["soy"], "fields": [["soy"], []]}})
    assert refused(g, "Ann plant soy 2").rule == "B-50"
    assert [str(a) for a in g.legal_actions("Ann") if a.VERB == "plant"] == ["Ann plant soy 1"]


# -- harvesting -------------------------------------------------------------------------------
@pytest.mark.parametrize("bean,n,coins", [
    ("chili", 5, 1), ("garden", 1, 0), ("garden", 2, 2), ("garden", 3, 3), ("garden", 4, 3),
    ("cocoa", 4, 4), ("blue", 12, 4), ("wax", 9, 3), ("red", 1, 0), ("soy", 3, 1),
])
def test_b27_b28_payout_e1_e5_e6(bean, n, coins):
    assert payout(bean, n) == coins
    assert payout(bean, n) <= min(n, 4)


def test_b26_b27_harvest_moves_coins_and_discards_e1():
    g = table(players={"Ann": {"fields": [["chili"] * 5, []], "coins": 0}})
    g.play("Ann harvest 1")
    t = g.table()
    assert t["Ann.coins"] == 1 and t["discard"] == ["chili"] * 4 and t["Ann.fields"] == [[], []]


def test_b29_b30_b32_single_bean_protection_a10():
    g = table(players={"Bob": {"fields": [["red"], ["soy"] * 3]}})
    assert refused(g, "Bob harvest 1").rule == "B-29"   # E2
    g = table(players={"Bob": {"fields": [["red"], ["green"]]}})
    assert "Bob harvest 1" in g.legal_actions() and "Bob harvest 2" in g.legal_actions()  # E4 / B-30
    g = table(players={"Bob": {"fields": [["red"], []]}})
    assert "Bob harvest 1" in g.legal_actions()  # A10: empty fields don't protect
    assert refused(g, "Bob harvest 2").rule == "B-32"



def test_b31_duel_harvest_own_turn_only():
    from beannb.games import get_ruleset
    from beannb.core.game import Game
    rs = get_ruleset("bohnanza")
    opts = rs.check_options({"profile": "RIO_GRANDE"})
    s = rs.state_from_setup(["Ann", "Bob"], 1, opts, {"players": {"Bob": {"fields": [["red", "red"], []]}}})
    g = Game(rs, s, players=["Ann", "Bob"], seed=1, options=opts, custom_start=True)
    assert refused(g, "Bob harvest 1").rule == "B-31"


# -- the 3rd field ------------------------------------------------------------------------------
def test_b33_b34_b35_buy_third_field_e9():
    g = table(names=("Ann", "Bob", "Cid", "Dora"), phase="pending",
              **{"players": {"Ann": {"fields": [["blue"] * 2, ["soy"] * 3], "pending": ["red"],
                                     "coins": ["chili", "stink", "green", "red"]}}})
    g.play("Ann buy-field")
    t = g.table()
    assert t["Ann.coins"] == 1 and t["discard"][-3:] == ["stink", "green", "red"]  # the top coins (A8)
    g.play("Ann plant red 3")
    assert g.table()["Ann.fields"][2] == ["red"]
    assert refused(g, "Ann buy-field").rule == "B-34"


def test_b33_not_enough_coins_and_b36_no_purchase():
    g = table(players={"Ann": {"coins": 2}})
    assert refused(g, "Ann buy-field").rule == "B-33"
    g = table(options={"profile": "AMIGO_CURRENT"}, players={"Ann": {"coins": 5}})
    assert refused(g, "Ann buy-field").rule == "B-36"
    assert g.table()["Ann.third_field"] is True  # 3 players start with 3 fields


def test_b35_duel_coins_leave_the_game():
    from beannb.games import get_ruleset
    from beannb.core.game import Game
    rs = get_ruleset("bohnanza")
    opts = rs.check_options({"profile": "RIO_GRANDE"})
    s = rs.state_from_setup(["Ann", "Bob"], 1, opts, {"players": {"Ann": {"coins": 4}}})
    g = Game(rs, s, players=["Ann", "Bob"], seed=1, options=opts, custom_start=True)
    removed = g.table()["removed.size"]
    g.play("Ann buy-field")
    assert g.table()["removed.size"] == removed + 3 and g.table()["discard.size"] == 0


# -- trading ----------------------------------------------------------------------------------------
def test_e7_trade_face_up_card_for_hand_card():
    g = table(phase="trade", faceup=["chili", "red"],
              players={"Ann": {"hand": []}, "Bob": {"hand": ["soy", "blue", "stink"]}})
    g.play("Bob offer Ann blue@2 for up:chili")
    assert g.to_move == ["Ann"]
    g.play("Ann accept 1")
    t = g.table()
    assert t["Bob.hand"] == ["soy", "stink"] and t["Bob.pending"] == ["chili"] and t["Ann.pending"] == ["blue"]
    g.play("Ann end-trade")
    assert g.table()["Ann.pending"] == ["blue", "red"]
    assert refused(g, "Ann draw").rule == "B-23"


def test_b14_non_active_players_never_deal_e8():
    g = table(phase="trade", players={"Bob": {"hand": ["soy"]}, "Cid": {"hand": ["red"]}})
    assert refused(g, "Bob offer Cid soy@1 for red").rule == "B-14"


def test_b21_proposals_lapse_when_the_active_player_ends_trading():
    """Accepting (or proposing) once Ann has ended phase 2 cites B-21, the end of trading, not
    B-14; before the reveal, in phase 1, B-14 (deals only with the active player in phase 2)."""
    g = table(phase="trade", faceup=["chili"], players={"Ann": {"hand": ["red"]}, "Bob": {"hand": ["soy"]}})
    assert refused(g, "Bob accept Ann").rule == "B-19"   # nothing proposed yet
    g.play("Ann offer Bob up:chili for soy")
    assert "Bob accept 1" in g.legal_actions()
    g.play("Ann end-trade")
    for text in ("Bob accept 1", "Bob accept Ann", "Bob decline 1", "Ann withdraw 1", "Bob offer Ann soy@1 for nothing"):
        err = refused(g, text)
        assert err.rule == "B-21" and "Ann has ended trading" in str(err), text
        assert "Ann lezárta a kereskedést" in err.text("hu")
    g = table(players={"Ann": {"hand": ["red"]}, "Bob": {"hand": ["soy"]}})   # phase 1
    assert refused(g, "Bob offer Ann soy@1 for nothing").rule == "B-14"


def test_b07_the_optional_second_planting_cites_the_planting_rule():
    """The second card of phase 1 need not be planted: with no field for it, the refusal cites
    B-07 (where a card may go), not B-12 (which is about a card that must be planted)."""
    g = table(players={"Ann": {"hand": ["chili", "soy"], "fields": [["red"], ["blue"]]}})
    g.play("Ann harvest 1")
    g.play("Ann plant chili 1")
    for text in ("Ann plant soy 2", "Ann plant soy 1", "Ann plant soy"):
        assert refused(g, text).rule == "B-07", text
    assert "grows Blue" in str(refused(g, "Ann plant soy 2"))
    g.play("Ann reveal")   # leaving it in the hand is allowed
    g = table(players={"Ann": {"hand": ["soy"], "fields": [["red"], ["blue"]]}})
    assert refused(g, "Ann plant soy 2").rule == "B-12"   # the first card must be planted: make room


def test_b15_b16_b17_b18_what_may_be_given():
    g = table(phase="trade", faceup=["chili"], players={"Bob": {"hand": ["soy"], "fields": [["red", "red"], []]}})
    assert refused(g, "Bob offer Ann up:chili for nothing").rule == "B-16"
    assert refused(g, "Bob offer Ann field:red for nothing").rule == "B-17"
    assert refused(g, "Ann offer Bob nothing for pending:red").rule == "B-17"
    assert refused(g, "Ann offer Bob nothing for nothing").rule == "B-18"
    assert refused(g, "Ann offer Bob up:red for soy").rule == "B-15"
    assert "Ann offer Bob up:chili for 2 soy" in g.legal_actions()


def test_b18_b19_gift_needs_acceptance_and_changes_nothing_before():
    g = table(phase="trade", faceup=["chili"])
    before = g.table()
    g.play("Ann offer Bob up:chili for nothing")
    after = g.table()
    assert after["faceup"] == before["faceup"] and after["Bob.pending"] == []  # B-19
    g.play("Bob decline 1")
    assert g.table()["faceup"] == ["chili"]
    g.play("Ann offer Bob up:chili for nothing")
    g.play("Bob accept 2")
    assert g.table()["Bob.pending"] == ["chili"] and g.table()["faceup"] == []


def test_b48_b49_accepting_picks_the_earliest_or_named_cards_e15():
    setup = dict(phase="trade", faceup=["red"], players={"Cid": {"hand": ["soy", "green", "soy", "soy"]}})
    g = table(**setup)
    g.play("Ann offer Cid up:red for 2 soy")
    g.play("Cid accept 1")
    assert g.table()["Cid.hand"] == ["green", "soy"] and g.table()["Ann.pending"] == ["soy", "soy"]
    g = table(**setup)
    g.play("Ann offer Cid up:red for 2 soy")
    g.play("Cid accept 1 with soy@3 soy@4")
    assert g.table()["Cid.hand"] == ["soy", "green"] and g.table()["Cid.pending"] == ["red"]
    g = table(**setup)
    g.play("Ann offer Cid up:red for 2 soy")
    assert refused(g, "Cid accept 1 with soy@1 green@2").rule == "B-49"


def test_b48_offer_names_own_cards_exactly():
    g = table(phase="trade", players={"Bob": {"hand": ["soy", "blue"]}})
    assert refused(g, "Bob offer Ann soy@2 for red").rule == "B-48"
    assert refused(g, "Bob offer Ann soy@5 for red").rule == "B-48"


def test_offers_follow_their_cards_and_lapse():
    g = table(phase="trade", faceup=["chili"], players={"Bob": {"hand": ["soy", "blue", "stink"]}})
    g.play("Bob offer Ann stink@3 for up:chili")
    g.play("Bob offer Ann soy@1 for nothing")
    g.play("Ann accept 2")  # Bob's soy leaves: offer #1's stink moves to position 2
    assert g.table()["offers"] == ["(1) Bob offer Ann stink@2 for up:chili"]
    g.play("Ann offer Cid up:chili for nothing")
    g.play("Cid accept 3")  # the chili is gone: offer #1 can no longer be met but still stands
    assert "Ann accept 1" not in g.legal_actions()
    g.play("Ann end-trade")
    assert g.table()["offers"] == []


def test_b20_received_cards_are_pending_not_hand_and_b24_planted_in_any_order():
    g = table(phase="trade", faceup=["chili", "red"], players={"Ann": {"hand": ["blue"], "fields": [[], []]}})
    g.play("Ann end-trade")
    assert g.table()["Ann.hand"] == ["blue"] and g.table()["Ann.pending"] == ["chili", "red"]
    g.play("Ann plant red 2")
    g.play("Ann plant chili 1")
    assert g.table()["phase"] == "draw"


def test_b21_only_the_active_player_ends_trading():
    g = table(phase="trade")
    assert refused(g, "Bob end-trade").rule == "B-21"


# -- deck passes and the end ----------------------------------------------------------------------------
def test_b37_b38_reshuffle_mid_draw_e11():
    g = table(phase="draw", deck=["soy"], deck_size=1, discard_size=30)
    g.play("Ann draw")
    t = g.table()
    assert t["exhausted"] == 1 and t["deck.size"] == 28 and t["discard.size"] == 0
    assert t["Ann.hand_size"] == 5 + 3


def test_a6_reshuffle_with_empty_discard_counts_again():
    g = table(phase="draw", deck=["soy"], deck_size=1)
    g.play("Ann draw")
    t = g.table()
    assert t["exhausted"] == 3 and t["over"]


def test_b39_end_in_phase_two_finishes_phase_three_e10():
    g = table(phase="plant", deck=["soy"], deck_size=1, exhausted=2, planted=1)
    g.play("Ann reveal")
    t = g.table()
    assert t["faceup"] == ["soy"] and t["exhausted"] == 3 and t["phase"] == "trade"
    g.play("Ann end-trade")
    if g.table()["phase"] == "pending":
        a = next(iter(g.legal_actions("Ann")))
        g.play(a)
    assert g.table()["over"]


def test_b40_end_in_phase_four_is_immediate_e12():
    g = table(phase="draw", deck=["soy", "red"], deck_size=2, exhausted=2)
    g.play("Ann draw")
    t = g.table()
    assert t["over"] and t["Ann.hand_size"] == 7 and t["active"] == "Ann"


def test_b41_b42_b43_final_sale_and_winner_e13():
    g = table(names=("Ann", "Bob", "Cid", "Dora"), options={"profile": "RIO_GRANDE"}, phase="draw",
              deck=["soy"], deck_size=1, exhausted=2,
              **{"players": {"Bob": {"fields": [["cocoa"], ["wax"] * 5], "coins": 10}}})
    g.play("Ann draw")
    assert g.table()["scores"]["Bob"] == 11
    assert g.winners == ["Bob"]


def test_b47_tie_breaks_e14():
    for profile, winner in (("AMIGO_1997", "Cid"), ("AMIGO_CURRENT", "Ann")):
        g = table(names=("Ann", "Bob", "Cid", "Dora"), options={"profile": profile, "start_seat": 1},
                  phase="draw", active="Bob", deck=["soy", "soy", "soy"], deck_size=3, exhausted=2,
                  **{"players": {"Ann": {"coins": 20, "hand": ["red"] * 4}, "Cid": {"coins": 20, "hand": ["blue"] * 6},
                                 "Bob": {"hand": []}, "Dora": {"hand": []}}})
        g.play("Bob draw")
        assert g.winners == [winner], profile


def test_b44_card_total_constant_through_a_game():
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 4)
    total = g.state.card_total()
    from beannb.bots import GreedyBot, play_out
    final, _ = play_out(g.ruleset, g.state, [GreedyBot(i) for i in range(3)])
    assert final.card_total() == total == 104


def test_b51_phase_four_draw_is_one_step():
    g = table(phase="draw")
    before = g.table()["Ann.hand_size"]
    g.play("Ann draw")
    assert g.table()["Ann.hand_size"] == before + 3 and g.table()["active"] == "Bob"


def test_profiles_table_is_complete():
    for name, cols in PROFILES.items():
        for col in cols:
            assert sum(BEANS[b].count for b in col.beans) in (104, 130, 144, 150)
