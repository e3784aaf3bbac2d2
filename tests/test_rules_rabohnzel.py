"""Rabohnzel unit tests, one or more per rule (R-xx), beside the scenario files."""
import json

import pytest

import beannb
from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.games import get_ruleset as _gr
parse = _gr("rabohnzel").parse
from beannb.core.errors import ActionSyntaxError, IllegalAction, OptionError
from beannb.games import from_record
from beannb.games import get_ruleset
from beannb.games.rabohnzel.cards import ABILITY_BEANS, ASSUMED_METERS, POTIONS, RABOHNZEL_BEANS
from beannb.games.rabohnzel.state import Potion

RS = get_ruleset("rabohnzel")
P3 = ["Ann", "Bob", "Cid"]


def table(setup, players=P3, options=None, seed=1):
    return RS.state_from_setup(players, seed, options or {}, setup)


def play(state, *actions):
    events = []
    for a in actions:
        state, ev = RS.apply(state, parse(a))
        events += ev
    return state, events


def test_r01_r02_cards_and_potions():
    assert {b.id: b.count for b in RABOHNZEL_BEANS} == {
        "thief": 9, "chasm": 11, "mean": 13, "white": 14, "mage": 15, "princess": 17, "sword": 19}
    assert sorted(p.pennies for p in POTIONS.values()) == [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert sum(p.pennies for p in POTIONS.values()) == 56  # never a whole coin


def test_assumed_beanometers_respect_the_rule_book():
    s = RS.setup(P3, 1, {})
    assert [RS.payout(s, "chasm", n) for n in (1, 2, 3)] == [0, 0, 1]
    assert RS.payout(s, "thief", 2) <= 1
    for n in range(1, 20):  # princess converts at a better rate than every ability bean
        assert all(RS.payout(s, "princess", n) >= RS.payout(s, b, n) for b in ABILITY_BEANS)


def test_beanometers_are_an_option():
    s = RS.setup(P3, 1, {"beanometers": {"sword": [1, 2, 3, 4]}})
    assert RS.payout(s, "sword", 2) == 2 and RS.payout(s, "thief", 2) == 1
    assert RS.observe(s, 0)["beanometers_assumed"] is False
    assert RS.observe(RS.setup(P3, 1, {}), 0)["beanometers_assumed"] is True
    for bad in ({"coffee": [1, 2, 3, 4]}, {"sword": [3, 2, 1, 0]}, {"sword": [1, 2]}, [1]):
        with pytest.raises(OptionError):
            RS.setup(P3, 1, {"beanometers": bad})


@pytest.mark.parametrize("n", [2, 6])
def test_r03_player_count(n):
    with pytest.raises(OptionError) as exc:
        beannb.new_game("rabohnzel", ["A", "B", "C", "D", "E", "F"][:n], 1)
    assert exc.value.rule == "R-03"


@pytest.mark.parametrize("n,end", [(3, 3), (4, 4), (5, 4)])
def test_r04_to_r08_setup(n, end):
    for seed in range(5):
        s = RS.setup(["A", "B", "C", "D", "E"][:n], seed, {})
        assert all(len(ps) == 1 and not ps[0].up for ps in s.potions)
        assert len(s.potion_deck) == 11 - n
        best = max(range(n), key=lambda i: POTIONS[s.potions[i][0].id].pennies)
        assert s.active == best == s.start_seat
        assert [ps[0].public for ps in s.potions] == [i == best for i in range(n)]
        assert all(len(p.hand) == 5 and len(p.fields) == 2 for p in s.players)
        assert RS.end_at(s) == end
        assert s.card_total() == 98 + 11


def test_r07_no_field_to_buy():
    s = table({"players": {"Ann": {"coins": 9}}})
    assert RS.why_not(s, parse("Ann buy-field")).rule == "R-07"


def test_r10_abilities_only_in_own_magic_phase():
    s = table({"phase": "plant", "players": {"Ann": {"hand": [], "fields": [["white"], []]}}})
    assert RS.why_not(s, parse("Ann use 1")).rule == "R-10"
    s, _ = play(s, "Ann magic")
    assert RS.why_not(s, parse("Bob use 1")).rule == "R-10"
    assert RS.why_not(s, parse("Ann use 1")) is None


def test_refusals_leave_the_state_untouched_and_cite_rules():
    s = table({"phase": "magic", "players": {"Ann": {"fields": [["chasm"], []]}}})
    before = s.to_dict()
    with pytest.raises(IllegalAction) as exc:
        RS.apply(s, parse("Ann use 1"))
    assert exc.value.rule == "R-26" and "R-26" in exc.value.text("hu")
    assert s.to_dict() == before


@pytest.mark.parametrize("text", ["Ann magic", "Ann use 2", "Ann use 1 on Bob", "Ann use 1 on Bob with attack",
                                  "Ann use 2 with attack", "Ann play-mage 3", "Ann activate luck",
                                  "Ann activate attack trade", "Ann place 2", "Ann place hand", "Ann resolve sword",
                                  "Bob counter", "Bob skip", "Ann consume luck", "Ann consume exchange Bob",
                                  "Ann consume beanfield princess", "Ann consume enchant-beans princess 1",
                                  "Ann consume teleport 3 1", "Ann flow 1", "Ann end-turn"])
def test_notation_round_trip(text):
    assert str(parse(text)) == text


@pytest.mark.parametrize("text", ["Ann use", "Ann use 1 on", "Ann use 1 with luck", "Ann activate",
                                  "Ann activate luck luck", "Ann consume potion", "Ann consume exchange",
                                  "Ann consume teleport 1", "Ann place", "Ann resolve"])
def test_bad_notation_is_explained(text):
    with pytest.raises(ActionSyntaxError):
        parse(text)


def test_hungarian_names_are_read():
    assert parse("Ann activate Szerencsevarázs").potions == ("luck",)
    assert parse("Ann resolve hercegnőbab").bean == "princess"
    assert parse("Ann resolve bölcsbab").bean == "white"  # spec A01


def test_r38_loop_guard_ends_an_all_sword_chain():
    s = table({"phase": "magic", "players": {"Ann": {"fields": [["sword"], []], "coins": ["sword"]},
                                             "Bob": {"coins": ["sword", "sword"]}}})
    s, ev = play(s, "Ann use 1 on Bob")
    assert [e.kind for e in ev].count("loop_guard") == 1 and s.choice is None


def test_r38_optional_counter_attack_asks_the_defender():
    s = table({"phase": "magic", "players": {"Ann": {"fields": [["sword"], []], "coins": ["princess"]},
                                             "Bob": {"coins": ["sword"]}}}, options={"counter_attack": "optional"})
    s, _ = play(s, "Ann use 1 on Bob")
    assert RS.to_move(s) == (1,) and [str(a) for a in RS.legal_actions(s, "Bob")] == ["Bob counter", "Bob skip"]
    s2, _ = play(s, "Bob counter")
    assert len(s2.players[1].coins) == 2 and not s2.players[0].coins  # R-37 on the counter-attack
    s3, _ = play(s, "Bob skip")
    assert len(s3.players[0].coins) == 1


def test_r17_and_r43_potions_turn_down_only_for_the_active_player():
    s = table({"phase": "draw", "players": {"Ann": {"hand": []}},
               "potions": {"Ann": ["up:trade"], "Bob": ["up:luck"], "Cid": ["hand"]}})
    s, ev = play(s, "Ann draw")
    assert not s.potions[0][0].up and s.potions[1][0].up
    assert any(e.kind == "potions_down" for e in ev)


def test_r71_observe_hides_potions_and_coin_beans():
    s = table({"phase": "magic", "players": {"Bob": {"coins": ["princess"]}},
               "potions": {"Ann": ["public:trade", "luck"], "Bob": ["up:hand"], "Cid": ["flow"]}})
    obs = RS.observe(s, 1)
    ann = obs["players"][0]
    assert [p["id"] for p in ann["potions"]] == ["trade", None]
    assert obs["players"][1]["potions"][0]["id"] == "hand"
    assert obs["players"][2]["potions"][0]["id"] is None
    bob = RS.observe(s, 0)["players"][1]
    assert "coin_types" not in bob and bob["coins"] == 1 and "princess" not in json.dumps(bob)
    assert RS.observe(s, None)["players"][1]["coin_types"] == ["princess"]


def test_stolen_card_is_hidden_from_others_until_planted():
    s = table({"phase": "magic", "players": {"Ann": {"fields": [["thief"], []]}, "Bob": {"hand": ["mage", "sword"]}}})
    s, _ = play(s, "Ann use 1 on Bob")
    assert RS.observe(s, 2)["choice"]["cards"] is None
    assert RS.observe(s, 0)["choice"]["cards"] == ["sword"]


def test_a16_chasm_at_end_option():
    setup = {"phase": "trade", "exhausted": 2, "ending": True, "deck_size": 0,
             "players": {"Ann": {"fields": [["chasm", "chasm"], []]}}}
    s, _ = play(table(setup), "Ann end-trade")
    assert len(s.potions[0]) == 2
    s, _ = play(table(setup, options={"chasm_at_end": False}), "Ann end-trade")
    assert len(s.potions[0]) == 1


def test_r68_farthest_clockwise_tie_break():
    setup = {"phase": "trade", "exhausted": 2, "ending": True, "deck_size": 0,
             "players": {n: {"hand": [], "fields": [[], []], "coins": 2} for n in P3},
             "potions": {"Ann": [], "Bob": [], "Cid": []}}
    s, _ = play(table(setup, options={"tie_break": "FARTHEST_CLOCKWISE"}), "Ann end-trade")
    assert s.winners == (2,)


def test_save_load_keeps_potions_and_choices():
    g = beannb.new_game("rabohnzel", P3, 7)
    bots = [RandomBot(i) for i in range(3)]
    for _ in range(300):
        seat = RS.to_move(g.state)[0]
        g.play(bots[seat].act(RS, g.state, seat))
    rec = json.loads(json.dumps(g.record()))
    assert from_record(rec).state == g.state
    assert RS.state_from_dict(json.loads(json.dumps(g.state.to_dict()))) == g.state


@pytest.mark.parametrize("n", [3, 4, 5])
def test_greedy_and_random_games_end(n):
    for seed in range(3):
        s = RS.setup(["A", "B", "C", "D", "E"][:n], seed, {})
        bots = [(GreedyBot if i % 2 == 0 else RandomBot)(seed + i) for i in range(n)]
        final, _ = play_out(RS, s, bots)
        assert final.phase == "over" and final.card_total() == 109 and final.winners


def test_apply_never_changes_its_input():
    s = RS.setup(["A", "B", "C", "D"], 3, {})
    bots = [RandomBot(i) for i in range(4)]
    for _ in range(400):
        if s.phase == "over":
            break
        seat = RS.to_move(s)[0]
        snap = s.to_dict()
        new, _ = RS.apply(s, bots[seat].act(RS, s, seat))
        assert s.to_dict() == snap
        s = new


def test_legal_actions_agree_with_why_not():
    s = RS.setup(P3, 5, {})
    bots = [RandomBot(i) for i in range(3)]
    for _ in range(400):
        if s.phase == "over":
            break
        legal = RS.legal_actions(s)
        for a in legal:
            assert RS.why_not(s, a) is None, a
        seat = RS.to_move(s)[0]
        s, _ = RS.apply(s, bots[seat].act(RS, s, seat))


def test_potion_record_round_trip():
    p = Potion("luck", up=True, public=True, lucky=True)
    assert Potion.from_dict(p.to_dict()) == p


def test_r24_a_field_harvested_before_acting_has_lost_its_use():
    """R-24 (not R-20): the thief field, harvested in Ann's magic phase before it stole, cannot
    act in that phase; an empty field never harvested still says it holds no beans (R-20)."""
    s = table({"phase": "magic", "players": {"Ann": {"fields": [["thief", "thief"], []]}, "Bob": {"hand": ["mage"]}}})
    assert RS.why_not(s, parse("Ann use 1 on Bob")) is None
    assert RS.why_not(s, parse("Ann use 2 on Bob")).rule == "R-20"
    s, _ = play(s, "Ann harvest 1")
    before = s.to_dict()
    err = RS.why_not(s, parse("Ann use 1 on Bob"))
    assert err.rule == "R-24" and "harvested" in str(err) and "R-24" in err.text("hu")
    with pytest.raises(IllegalAction):
        RS.apply(s, parse("Ann use 1 on Bob"))
    assert s.to_dict() == before
    # used first, then harvested: the use was not lost, it was spent
    s = table({"phase": "magic", "players": {"Ann": {"fields": [["thief", "thief"], []]}, "Bob": {"hand": ["mage"]}}})
    s, _ = play(s, "Ann use 1 on Bob", "Ann place hand", "Ann harvest 1")
    assert RS.why_not(s, parse("Ann use 1 on Bob")).rule == "R-20"
