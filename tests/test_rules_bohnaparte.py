"""Bohnaparte: the board graph and the rules, one test per rule or worked example (P-xx, X-xx)."""
import networkx as nx
import pytest

import beannb
from beannb.core.errors import IllegalAction, OptionError
from beannb.games import get_ruleset
from beannb.games.bohnaparte.board import (
    BoardError, annotate, attackable_targets, load_board, parse_board, river_crossings,
)
from beannb.core.game import Game

RS = get_ruleset("bohnaparte")
P4 = ["Ann", "Bob", "Cid", "Dora"]

SPEC_NEIGHBOURS = {
    "01": "02 04 05", "02": "01 03 05 06", "03": "02 06 07", "04": "01 05 08 09", "05": "01 02 04 06 09 10",
    "06": "02 03 05 07 10 11", "07": "03 06 11 12", "08": "04 09 13", "09": "04 05 08 10 13 14",
    "10": "05 06 09 11 14 15", "11": "06 07 10 12 15 16", "12": "07 11 16", "13": "08 09 14 17",
    "14": "09 10 13 15 17 18", "15": "10 11 14 16 18 19", "16": "11 12 15 19", "17": "13 14 18",
    "18": "14 15 17 19", "19": "15 16 18",
}


def game(setup, players=P4, seed=1, **options):
    state = RS.state_from_setup(players, seed, options, setup)
    return Game(RS, state, players=players, seed=seed, options=state.options, custom_start=True)


# -- the board (P-10, P-13, P-14) ------------------------------------------------------------
def test_p10_the_board_is_the_spec_graph():
    b = load_board("standard")
    assert b.G.number_of_nodes() == 19 and b.G.number_of_edges() == 42
    assert {lab: sorted(b.G[lab]) for lab in b.labels} == {k: v.split() for k, v in SPEC_NEIGHBOURS.items()}
    assert nx.is_connected(b.G)
    assert [len(r) for r in ([n for n in b.G if b.G.nodes[n]["row"] == r] for r in range(5))] == [3, 4, 5, 4, 3]
    hexed = parse_board({**{k: v for k, v in _raw().items() if k != "edges"}, "adjacency": "hex"})
    assert set(map(frozenset, hexed.G.edges())) == set(map(frozenset, b.G.edges()))


def _raw():
    import yaml
    from importlib import resources
    return yaml.safe_load(resources.files("beannb").joinpath("data/boards/standard.yaml").read_text())


def _graph(rivers, forest=True):
    b = load_board("standard")
    terrain = ["rice_field"] * 19
    for r in rivers:
        terrain[b.index[r]] = "river"
    terrain[b.index["13"]] = "forest" if forest else "village"
    owner = [None] * 19
    for p in ("17", "13", "09"):
        owner[b.index[p]] = "P1"
    for p, who in (("01", "P2"), ("03", "P3"), ("19", "P4")):
        owner[b.index[p]] = who
    return annotate(b, terrain, owner)


def test_x01_the_rule_books_first_river_example():
    G = _graph(["10", "12"])
    assert sorted(attackable_targets(G, "P1")) == ["04", "05", "06", "08", "11", "14", "15", "18"]
    assert sorted(river_crossings(G, "P1")) == ["06", "11", "15"]   # exactly the source's {06, 11, 15}
    assert attackable_targets(G, "P1")["15"] == ("09", "10", "15")
    assert sorted(attackable_targets(_graph(["10", "12"], forest=False), "P1")) == ["04", "05", "08", "14", "18"]


def test_x02_the_rule_books_second_river_example():
    one = set(attackable_targets(_graph(["10"]), "P1"))
    two = attackable_targets(_graph(["10", "06"]), "P1")
    assert sorted(two) == ["02", "03", "04", "05", "07", "08", "11", "14", "15", "18"]
    assert sorted(set(two) - one - {"06"}) == ["02", "03", "07"]     # river 06 adds exactly {02, 03, 07}
    assert two["03"] == ("09", "10", "06", "03")


def test_q03_cavalry_crossing_option():
    G = _graph(["10", "12"])
    assert "11" in attackable_targets(G, "P1", with_cavalry=True)
    assert "11" not in attackable_targets(G, "P1", with_cavalry=True, cavalry_crosses_rivers=False)


@pytest.mark.parametrize("change,message", [
    ({"edges": [["01", "02"]]}, "not connected"),
    ({"positions": {"01": [0, 0], "02": [0, 0]}}, "unique"),
    ({"camps": {3: ["02", "13"]}}, "3 players need 3 camp positions"),
    ({"camps": {3: ["02", "13", "99"]}}, "not a position"),
    ({"cards": {3: {"camp": 3, "village": 3}}}, "every position holds one card"),
])
def test_board_files_are_checked(change, message):
    data = {**_raw(), **change}
    if "positions" in change:
        data["edges"] = [["01", "02"]]
    with pytest.raises(BoardError, match=message):
        parse_board(data, "test board")


def test_unknown_board_is_a_clear_option_error():
    with pytest.raises(OptionError, match="no board"):
        beannb.new_game("bohnaparte", P4, 1, board="atlantis")


# -- setup (P-01…P-09) ------------------------------------------------------------------------
@pytest.mark.parametrize("n,removed", [(3, ["city", "river", "river"]), (4, ["city", "forest", "rice_field", "village"]),
                                      (5, ["city", "forest", "rice_field", "river", "village"])])
def test_p03_p04_board_cards_per_player_count(n, removed):
    g = beannb.new_game("bohnaparte", ["Ann", "Bob", "Cid", "Dora", "Eve"][:n], 3)
    s = g.state
    assert sorted(b for b in s.box if not b.startswith("camp:")) == removed
    assert sum(1 for b in s.box if b.startswith("camp:")) == 5 - n
    assert len(s.terrain) == 19 and s.terrain.count("camp") == n
    assert s.phase == "camp" and all(o is None for o in s.owner)
    assert RS.profile(s).field_price is None and RS.profile(s).end_at == 3 and RS.profile(s).draw_n == 3  # P-02, P-09


def test_p01_player_count():
    for names in (["Ann", "Bob"], ["A", "B", "C", "D", "E", "F"]):
        with pytest.raises(OptionError) as err:
            beannb.new_game("bohnaparte", names, 1)
        assert err.value.rule == "P-01"


def test_p06_fixed_layout_and_p07_camp_order():
    layout = {"02": "village", "04": "forest", "05": "rice_field", "06": "steppe:grey", "07": "city",
              "08": "river", "09": "gem_field", "10": "city", "11": "steppe", "12": "gem_field", "13": "rice_field",
              "14": "village", "15": "steppe", "16": "forest", "18": "river"}
    g = beannb.new_game("bohnaparte", P4, 5, layout=layout)
    assert g.table()["board.06"] == "steppe:grey" and g.table()["board.10"] == "city"
    assert g.to_move == ["Dora"]
    with pytest.raises(IllegalAction) as err:
        g.play("Bob camp 03")
    assert err.value.rule == "P-07"
    for a in ("Dora camp 17", "Cid camp 19", "Bob camp 03"):
        g.play(a)
    assert g.table()["Ann.territories"] == ["01"] and g.state.phase == "plant"
    with pytest.raises(OptionError):
        beannb.new_game("bohnaparte", P4, 5, layout={**layout, "02": "city"})


# -- battles ------------------------------------------------------------------------------------
BASE = {"active": "Ann", "phase": "battle"}


def test_p14_refusal_names_the_river():
    g = game({**BASE, "camps": {"Ann": "17", "Bob": "01", "Cid": "03", "Dora": "19"},
              "board": {"13": "village", "10": "river", "12": "river"}, "territories": {"Ann": ["13", "09"]},
              "players": {"Ann": {"coins": 1}}})
    with pytest.raises(IllegalAction) as err:
        g.play("Ann attack 15 deck")
    assert err.value.rule == "P-14"
    assert "15 is not adjacent to any of your territories, and you own no forest to cross the river at 10" in str(err.value)


def test_p17_refused_declaration_changes_nothing():
    g = game({**BASE, "board": {"02": "forest", "04": "steppe"}, "territories": {"Ann": ["04"], "Bob": ["02"]},
              "players": {"Ann": {"coins": 1}}})
    before = g.state.to_dict()
    for bad, rule in (("Ann attack 02 cavalry bay", "P-30"), ("Ann attack 19 deck", "P-12"), ("Ann attack 01 deck", "P-12")):
        with pytest.raises(IllegalAction) as err:
            g.play(bad)
        assert err.value.rule == rule
    assert g.state.to_dict() == before


def test_p20_defender_decides_with_the_attackers_mode_public():
    g = game({**BASE, "board": {"02": "rice_field"}, "territories": {"Ann": ["02"]},
              "players": {"Ann": {"coins": 1, "hand": ["blue"]}, "Bob": {"hand": ["soy", "chili"]}}})
    g.play("Ann attack 03 blue@1")
    assert g.to_move == ["Bob"]
    bob_view = g.ruleset.observe(g.state, 1)["map"]["battle"]
    assert bob_view["mode"] == "hand" and bob_view["attacker_card"] == "face down"
    assert [str(a) for a in g.legal_actions("Bob") if a.VERB == "defend"] == \
        ["Bob defend soy@1", "Bob defend chili@2", "Bob defend deck"]
    with pytest.raises(IllegalAction) as err:
        g.play("Ann draw")
    assert err.value.rule == "P-20"


def test_p35_capture_of_a_ready_steppe_and_p33_repeat():
    g = game({**BASE, "board": {"02": "steppe", "06": "rice_field", "07": "rice_field"}, "territories": {"Bob": ["02"]},
              "deck": ["garden", "red", "soy"], "players": {"Ann": {"coins": 3, "hand": ["blue"]}}})
    g.play_all(["Ann attack 02 blue@1", "Bob defend deck", "Ann attack 06 cavalry", "Ann attack 07 cavalry bay"])
    t = g.table()
    assert t["Ann.territories"] == ["01", "02", "06", "07"] and t["cavalry.bay"] == "ready" and t["Ann.coins"] == 0


def test_p38_cart_take_any_order_and_exact_count():
    g = game({**BASE, "board": {"09": "forest"}, "territories": {"Ann": ["09"]},
              "deck": ["soy", "red", "chili", "green", "stink"], "players": {"Ann": {"coins": 3, "hand": []}}})
    g.play_all(["Ann buy-cart", "Ann draw"])
    assert g.state.phase == "cart"
    for bad in ("Ann cart-take soy red", "Ann cart-take blue blue blue", "Ann harvest 1"):
        with pytest.raises(IllegalAction):
            g.play(bad)
    assert "Ann cart-take stink soy red" in g.legal_actions()  # any order is legal
    g.play("Ann cart-take stink soy red")
    assert g.table()["Ann.hand"] == ["stink", "soy", "red"] and g.table()["Ann.cart"] == ["chili", "green"]


def test_p36_one_cart_per_player_and_not_in_a_battle():
    g = game({**BASE, "board": {"09": "forest", "02": "rice_field"}, "territories": {"Ann": ["09", "02"]},
              "carts": {"Ann": ["soy", "soy"]}, "players": {"Ann": {"coins": 9}}})
    with pytest.raises(IllegalAction) as err:
        g.play("Ann buy-cart")
    assert err.value.rule == "P-36"


# -- option cart_in_battle: the cart owner chooses the battle card (P-38, Q-06) ---------------------
CART_BATTLE = {**BASE, "board": {"02": "village", "04": "rice_field"}, "territories": {"Bob": ["02"], "Cid": ["04"]},
               "carts": {"Ann": ["soy", "chili"], "Cid": ["garden", "stink"]}, "deck": ["blue", "red", "green"],
               "players": {"Ann": {"coins": 2, "hand": ["green"]}, "Bob": {"hand": ["black-eyed"]}, "Cid": {"hand": []}}}


def test_p38_cart_in_battle_the_attacker_chooses_the_card():
    g = game(CART_BATTLE, cart_in_battle=True)
    events = g.play("Ann attack 02 deck")
    assert [e.kind for e in events][-1] == "cart_battle"
    assert g.to_move == ["Ann"] and g.table()["battle.step"] == "cart"
    assert g.table()["Ann.cart"] == ["soy", "chili", "blue"] and g.table()["deck.top"] == "red"
    assert [str(a) for a in g.legal_actions("Ann")] == ["Ann cart-play soy", "Ann cart-play chili", "Ann cart-play blue"]
    assert not [a for a in g.legal_actions("Bob") if a.VERB == "defend"]
    for bad in ("Bob defend black-eyed@1", "Ann draw", "Ann attack 04 green@1", "Ann buy-cart"):
        assert g.explain(bad) is not None, bad
    assert g.explain("Bob defend black-eyed@1").rule == "P-38"
    g.play("Ann cart-play chili")
    assert g.table()["Ann.cart"] == ["soy", "blue"] and g.to_move == ["Bob"] and g.table()["battle.step"] == "defend"
    g.play("Bob defend black-eyed@1")
    assert g.table()["owner.02"] == "Ann" and g.table()["discard"][-2:] == ["chili", "black-eyed"]


def test_p38_cart_in_battle_the_defender_chooses_the_card():
    g = game(CART_BATTLE, cart_in_battle=True)
    g.play_all(["Ann attack 04 green@1", "Cid defend deck"])
    assert g.to_move == ["Cid"] and g.table()["Cid.cart"] == ["garden", "stink", "blue"]
    assert [str(a) for a in g.legal_actions("Cid")] == ["Cid cart-play garden", "Cid cart-play stink", "Cid cart-play blue"]
    total = g.state.card_total()
    g.play("Cid cart-play garden")  # 6 against 14: Cid saves his better cards and gives up the rice field
    assert g.table()["owner.04"] == "Ann" and g.table()["Cid.cart"] == ["stink", "blue"]
    assert g.state.card_total() == total and g.table()["battle"] is None


def test_p38_cart_in_battle_only_for_the_carts_owner():
    setup = {**BASE, "board": {"02": "city", "04": "village"}, "territories": {"Bob": ["04"]},
             "carts": {"Ann": ["soy", "red"]}, "deck": ["blue", "garden", "stink", "green"],
             "players": {"Ann": {"coins": 2, "hand": []}, "Bob": {"hand": []}}}
    g = game(setup, cart_in_battle=True)
    g.play_all(["Ann attack 02 deck", "Ann cart-play blue"])   # a neutral city defends with the deck itself
    assert g.table()["owner.02"] == "Ann" and g.table()["discard"][-2:] == ["blue", "garden"]
    g.play_all(["Ann attack 04 deck", "Ann cart-play soy", "Bob defend deck"])   # Bob has no cart: green fights at once
    assert g.table()["owner.04"] == "Bob" and g.table()["Ann.cart"] == ["red", "stink"]
    assert g.table()["discard"][-2:] == ["soy", "green"]
    g = game(setup)   # option off: the deck card fights straight away
    g.play("Ann attack 02 deck")
    assert g.table()["owner.02"] == "Ann" and g.table()["Ann.cart"] == ["soy", "red"]


def test_p38_cart_in_battle_after_a_lost_cavalry_wave():
    g = game({**BASE, "board": {"04": "steppe", "02": "rice_field"}, "territories": {"Ann": ["04"], "Bob": ["02"]},
              "carts": {"Ann": ["soy", "red"]}, "deck": ["chili", "garden"],
              "players": {"Ann": {"coins": 1, "hand": []}, "Bob": {"hand": ["blue", "green"]}}}, cart_in_battle=True)
    g.play_all(["Ann attack 02 cavalry bay", "Bob defend blue@1"])
    assert g.to_move == ["Ann"] and g.table()["battle.wave"] == 2
    g.play("Ann second-wave deck")
    assert g.table()["battle.step"] == "cart" and g.table()["Ann.cart"] == ["soy", "red", "chili"]
    g.play_all(["Ann cart-play chili", "Bob defend green@1"])
    assert g.table()["owner.02"] == "Ann" and g.table()["Ann.cart"] == ["soy", "red"]


def test_p38_cart_cards_stay_private_in_battle():
    g = game(CART_BATTLE, cart_in_battle=True)
    assert g.observe("Ann")["players"][0]["cart"] == 2   # a new cart's cards are unseen
    g.play("Ann attack 02 deck")
    for viewer in ("Bob", "Cid", "Dora"):
        obs = g.observe(viewer)
        assert obs["players"][0]["cart"] == 3            # how many, never which
        assert obs["map"]["battle"]["cart_owner"] == "Ann" and obs["map"]["battle"]["attacker_card"] is None
    assert g.observe("Ann")["players"][0]["cart"] == ["soy", "chili", "blue"]   # she has looked at all three
    events = g.play("Ann cart-play blue")
    for e in events:   # the log is public: it names no cart card
        for lang in ("en", "hu"):
            text = e.text(lang).lower()
            assert not any(w in text for w in ("blue", "chili", "soy", "kékbab", "tűzbab", "szójabab")), text
    for viewer in ("Bob", "Cid", "Dora"):
        obs = g.observe(viewer)
        assert obs["players"][0]["cart"] == 2 and obs["map"]["battle"]["attacker_card"] == "face down"
        assert obs["players"][0]["hand"] is None
    assert g.observe("Ann")["map"]["battle"]["attacker_card"] == "blue"
    assert g.observe(None)["map"]["battle"]["attacker_card"] == "blue"


def test_p38_cart_play_refusals_say_what_is_allowed():
    g = game(CART_BATTLE)   # option off
    err = g.explain("Ann cart-play soy")
    assert err.rule == "P-38" and "cart_in_battle" in str(err)
    g = game(CART_BATTLE, cart_in_battle=True)
    err = g.explain("Ann cart-play soy")
    assert err.rule == "P-38" and "only in a battle" in str(err)
    g.play("Ann attack 02 deck")
    err = g.explain("Ann cart-play red")
    assert err.rule == "P-38" and "play one of its 3 cards face down: Soy, Chili, Blue" in str(err)
    assert "Ann cart-play chili" in err.allowed   # the allowed actions are listed (notation) ...
    assert "Ann plays Chili from the cart" in str(err)   # ... and shown in words
    err = g.explain("Bob cart-play soy")
    assert err.rule == "P-38" and "the battle waits for Ann" in str(err)
    assert "kordéjáról" in err.text("hu")
    for bad in ("Ann cart-play", "Ann cart-play soy@1", "Ann cart-play soy chili", "Ann cart-play nothing"):
        with pytest.raises(ValueError):
            g.play(bad)
    assert g.table()["battle.step"] == "cart"


def test_cart_play_notation_labels_and_narration():
    from beannb.games.bohnaparte.actions import CartPlay
    a = RS.parse("Ann cart-play chili")
    assert a == CartPlay("Ann", "chili") and str(a) == "Ann cart-play chili" and RS.parse(str(a)) == a
    assert RS.parse("Ann cart-play tűzbab") == a   # Hungarian bean names are read too
    assert RS.action_label(a, "en") == "Play from the cart: Chili"
    assert RS.action_label(a, "hu") == "Kordéról kijátszva: tűzbab"
    g = game(CART_BATTLE, cart_in_battle=True)
    ev = g.play("Ann attack 02 deck")[-1]
    assert ev.text("en") == ("Ann's battle card from the deck goes onto the cart, face down; "
                             "Ann looks at the 3 cards on it and picks one to play.")
    assert "kordéra kerül" in ev.text("hu")
    ev = g.play("Ann cart-play chili")[0]
    assert ev.text("en") == "Ann plays a card from the cart face down to attack; 2 cards stay on the cart."
    assert ev.text("hu") == "Ann képpel lefelé kijátszik egy lapot a kordéról a támadáshoz; 2 lap marad a kordén."


def test_greedy_cart_play_balances_the_battle_and_the_cards_kept():
    from beannb.bots import GreedyBot, RandomBot

    def defending(fields):
        g = game({**BASE, "board": {"04": "steppe", "02": "rice_field"}, "territories": {"Ann": ["04"], "Bob": ["02", "06"]},
                  "carts": {"Bob": ["soy", "chili"]}, "deck": ["blue", "garden"],
                  "players": {"Ann": {"coins": 1}, "Bob": {"hand": [], "fields": fields}}}, cart_in_battle=True)
        g.play_all(["Ann attack 02 cavalry bay", "Bob defend deck"])
        assert g.to_move == ["Bob"]
        return g

    # Against the cavalry (17) chili (18) and blue (20) both hold; soy (12) would lose.
    g = defending([["blue", "blue"], []])
    assert str(GreedyBot(1).act(RS, g.state, 1)) == "Bob cart-play chili"   # keeps the blue its field wants
    g = defending([["chili", "chili"], []])
    assert str(GreedyBot(1).act(RS, g.state, 1)) == "Bob cart-play blue"
    assert RandomBot(4).act(RS, g.state, 1) in g.legal_actions("Bob")
    # Attacking a village (at least 16), soy can never win: it is never played.
    g = game(CART_BATTLE, cart_in_battle=True)
    g.play("Ann attack 02 deck")
    assert str(GreedyBot(1).act(RS, g.state, 0)) in ("Ann cart-play chili", "Ann cart-play blue")


def test_playouts_with_carts_in_battle_keep_the_invariants():
    """The all-options configuration rarely buys a cart, so start every player with one."""
    from beannb.bots import GreedyBot, RandomBot, play_out
    from test_conformance import check_step, check_views
    plays = 0
    for seed in range(6):
        g = game({"active": "Ann", "phase": "plant", "carts": {n: [] for n in P4}}, seed=seed,
                 cart_in_battle=True, destruction=True)
        bots = [(RandomBot if (i + seed) % 2 else GreedyBot)(seed * 10 + i) for i in range(4)]
        actions = []

        def on_step(before, action, after, events):
            nonlocal plays
            check_step(RS, before, action, after, events)
            legal = RS.legal_actions(before)
            for a in legal:
                assert RS.parse(str(a)) == a
            b = before.battle
            if b is not None and b.step == "cart":
                owner = b.cart_owner()
                assert RS.to_move(before) == (owner,) and action.VERB in ("cart-play", "harvest")
                assert {a.player for a in legal if a.VERB == "cart-play"} == {before.players[owner].name}
                for k in range(4):
                    seen = RS.observe(before, k)["players"][owner]["cart"]
                    assert seen == (list(before.carts[owner]) if k == owner else len(before.carts[owner]))
                check_views(RS, before)
                plays += 1
            actions.append(action)

        final, _ = play_out(RS, g.state, bots, on_step=on_step)
        assert final.phase == "over"
        replay = game({"active": "Ann", "phase": "plant", "carts": {n: [] for n in P4}}, seed=seed,
                      cart_in_battle=True, destruction=True)
        replay.play_all([str(a) for a in actions])
        assert replay.state == final
    assert plays > 0


def test_p48_destruction_recapture_earns_no_second_token():
    g = game({**BASE, "board": {"02": "city"}, "territories": {"Bob": ["02"]}, "burned": ["02"],
              "players": {"Ann": {"coins": 1, "hand": ["black-eyed"]}, "Bob": {"hand": ["garden"]}}}, destruction=True)
    g.play_all(["Ann attack 02 black-eyed@1", "Bob defend garden@1"])
    assert g.table()["owner.02"] == "Ann" and g.table()["Ann.tokens"] == 0 and g.table()["Ann.vp"] == 2


def test_save_and_load_keep_the_board(tmp_path):
    g = beannb.new_game("bohnaparte", P4, 4)
    g.play_all(["Dora camp 19", "Cid camp 17", "Bob camp 03"])
    path = tmp_path / "g.json"
    g.save(path)
    assert beannb.load(path).state == g.state


def test_greedy_beats_random():
    from beannb.sim import simulate
    r = simulate("bohnaparte", players=4, games=20, bots=["greedy", "greedy", "random", "random"], seed=3)
    assert r.win_share[0] + r.win_share[1] > 0.8
