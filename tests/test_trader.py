"""The trading bot: it values cards for its fields, refuses bad deals, accepts fair ones,
counter-offers, keeps trading open within bounds, plays deterministically and never looks
at hidden cards."""
from __future__ import annotations

import random

import pytest

from beannb.bots import BOTS, make_bot, play_out
from beannb.bots.trader import TraderBot, field_value, plan_value
from beannb.games import get_ruleset
from beannb.games.bohnanza.actions import Accept, Decline, EndTrade, Offer
from beannb.games.bohnanza.cards import CARDS
from helpers import reference_action


def trade_table(ann_hand=("green",), bob_hand=("red", "stink", "soy"), bob_fields=(["blue", "blue", "blue"], ["chili"]),
                faceup=("blue", "garden"), ann_fields=(["soy"], [])):
    """Ann (a learner) is active and trading; Bob is the trader."""
    rs = get_ruleset("bohnanza")
    setup = {"active": "Ann", "phase": "trade", "faceup": list(faceup), "players": {
        "Ann": {"hand": list(ann_hand), "fields": [list(f) for f in ann_fields], "coins": 0},
        "Bob": {"hand": list(bob_hand), "fields": [list(f) for f in bob_fields], "coins": 0},
        "Cid": {"hand": ["black-eyed"], "fields": [[], []], "coins": 0}}}
    return rs, rs.state_from_setup(["Ann", "Bob", "Cid"], 1, rs.check_options({}), setup)


def answer(rs, s, offer: str):
    """Ann makes ``offer`` to Bob; Bob (trader) answers; returns his actions until the offer is gone."""
    s, _ = rs.apply(s, rs.parse(offer))
    bob = TraderBot(5)
    oid = s.offers[-1].id
    acts = []
    while any(o.id == oid for o in s.offers):
        a = bob.act(rs, s, 1)
        acts.append(a)
        s, _ = rs.apply(s, a)
    return acts, s


def test_field_values_follow_the_beanometer():
    # blue pays 1 at 4 cards: progress counts on the way, a lone bean is weak, a coin is a coin
    assert field_value(CARDS, "blue", 1) < field_value(CARDS, "blue", 2) < field_value(CARDS, "blue", 3) < 1
    assert field_value(CARDS, "blue", 4) >= 1
    # a card that fits nowhere forces an early harvest: worse than one that grows a field
    fields = [("blue", 3), ("chili", 2)]
    assert plan_value(CARDS, fields, ["blue"]) > plan_value(CARDS, fields, []) > plan_value(CARDS, fields, ["stink"])


def test_refuses_a_bad_deal_accepts_a_fair_one():
    rs, s = trade_table()
    # Bad: a Garden, which fits neither of Bob's (full) fields and would force an early
    # harvest, for his front Red.
    acts, _ = answer(rs, s, "Ann offer Bob up:garden for red")
    assert not any(isinstance(a, Accept) for a in acts) and isinstance(acts[-1], Decline)
    # Fair: the face-up Blue grows his 3-Blue field to a coin, for his awkward front Red.
    rs, s = trade_table()
    acts, s2 = answer(rs, s, "Ann offer Bob up:blue for red")
    assert isinstance(acts[-1], Accept)
    assert "blue" in s2.players[1].pending


def test_a_needed_gift_is_taken_an_unneeded_one_refused():
    rs, s = trade_table()
    acts, _ = answer(rs, s, "Ann offer Bob up:blue for nothing")
    assert isinstance(acts[-1], Accept)
    rs, s = trade_table()
    acts, _ = answer(rs, s, "Ann offer Bob up:garden for nothing")  # both fields taken: a forced harvest
    assert isinstance(acts[-1], Decline)


def test_declining_it_counter_offers():
    rs, s = trade_table()
    acts, s2 = answer(rs, s, "Ann offer Bob up:garden for red")
    counters = [a for a in acts if isinstance(a, Offer)]
    assert counters, acts
    c = counters[0]
    assert c.player == "Bob" and c.partner == "Ann"
    assert any(o.proposer == 1 and o.partner == 0 for o in s2.offers)  # it waits for Ann's answer
    assert acts.index(c) < len(acts) - 1 and isinstance(acts[-1], Decline)


def test_a_learner_meets_counter_offers_in_a_seeded_game():
    """A scripted learner (seat 0) against three traders: on each of her first trading turns
    she offers each bot a poor deal (her last hand card for the bean its biggest field grows);
    otherwise she declines what she is offered and plays the first legal action."""
    from beannb.core.actions import CardRef, Want
    from beannb.widgets.controller import new_controller

    c = new_controller("bohnanza", players=("You", "Bo", "Cy", "Di"), seed=3, bot_kind="trader")
    g = c.game
    countered = refused = 0
    offered_in: set = set()
    for _ in range(400):
        s = g.state
        if s.phase == "over":
            break
        me = s.players[0]
        mine = [o for o in s.offers if o.partner == 0]
        if mine:
            c.play(f"You decline {mine[0].id}")
            continue
        if s.phase == "trade" and s.active == 0 and me.hand and s.turn < 12 and s.turn not in offered_in:
            offered_in.add(s.turn)
            for k in (1, 2, 3):
                s = g.state
                if s.phase != "trade" or not s.players[0].hand:
                    break
                hand = s.players[0].hand
                grown = max((f for f in s.players[k].fields if f), key=len, default=None)
                if grown is None or grown[0] == hand[-1]:
                    continue
                before = len(g.log)
                out = c.play(Offer("You", s.players[k].name, (CardRef("hand", hand[-1], len(hand)),),
                                   (Want("hand", grown[0], 1),)))
                if out.ok:
                    new = g.log[before:]
                    countered += sum(1 for e in new if e.kind == "offer" and e.player == s.players[k].name)
                    refused += sum(1 for e in new if e.kind == "decline")
                for o in [o for o in g.state.offers if o.partner == 0]:  # counters: she says no
                    c.play(f"You decline {o.id}")
            continue
        legal = list(g.legal_actions("You"))
        if not legal:
            c.run_bots()
            continue
        c.play(next((a for a in legal if isinstance(a, EndTrade)), legal[0]))
    assert countered >= 1 and refused >= 1


@pytest.mark.parametrize("game", ["bohnanza", "rabohnzel", "bohnaparte"])
def test_trader_is_deterministic_and_games_end(game):
    rs = get_ruleset(game)
    names = ["Ann", "Bob", "Cid", "Dora"]

    def run():
        bots = [make_bot("trader", 11), make_bot("greedy", 12), make_bot("trader", 13), make_bot("greedy", 14)]
        log, side = [], []

        def step(before, a, _after, _events):
            log.append(str(a))
            if isinstance(a, Offer):
                assert rs.parse(str(a)) == a  # offers are written in the game's notation
            if isinstance(a, Offer) and before.seat_of(a.player) != before.active:
                side.append(a.player)

        final, n = play_out(rs, rs.setup(names, 4, rs.check_options({})), bots, on_step=step)
        return log, final.scores, side

    a, b = run(), run()
    assert a == b
    assert any(" offer " in x for x in a[0])
    assert {"Ann", "Cid"} & set(a[2])  # the traders make offers on others' turns too


def test_trader_keeps_trading_open_within_bounds():
    """As active player it makes several offers in a turn, but never more than its bound."""
    from beannb.bots import trader as T

    rs = get_ruleset("bohnanza")
    bots = [make_bot("trader", i) for i in range(4)]
    per_turn: dict = {}
    final, _n = play_out(rs, rs.setup(["A", "B", "C", "D"], 2, rs.check_options({})), bots,
                         on_step=lambda b, a, _n, _e: per_turn.__setitem__((b.turn, a.player, b.active == b.seat_of(a.player)),
                                                                          per_turn.get((b.turn, a.player, b.active == b.seat_of(a.player)), 0)
                                                                          + isinstance(a, Offer)))
    active_counts = [k for (t, p, act), k in per_turn.items() if act]
    assert max(active_counts) >= 2
    assert max(active_counts) <= T.MAX_ACTIVE_OFFERS + T.MAX_COUNTERS
    assert final.phase == "over"


def _swap_hidden(rs, s, seat: int, rng: random.Random):
    """The same table as ``seat`` sees it, with every card it cannot see dealt anew: the
    other hands and the deck are shuffled together and refilled to their sizes."""
    t = s.copy()
    others = [i for i in range(t.n) if i != seat]
    pool = list(t.deck) + [c for i in others for c in t.players[i].hand]
    rng.shuffle(pool)
    for i in others:
        k = len(t.players[i].hand)
        t.set_player(i, t.players[i].replace(hand=tuple(pool[:k])))
        pool = pool[k:]
    t.deck = tuple(pool)
    return t


@pytest.mark.parametrize("game", ["bohnanza", "rabohnzel", "bohnaparte"])
def test_trader_decisions_cannot_depend_on_hidden_cards(game):
    rs = get_ruleset(game)
    names = ["Ann", "Bob", "Cid", "Dora"]
    bots = [make_bot("trader", 21 + i) for i in range(4)]
    rng = random.Random(9)
    checked = 0
    state = rs.setup(names, 6, rs.check_options({}))
    for b in bots:
        b.reset()
    for _step in range(3000):
        if state.phase == "over":
            break
        movers = rs.to_move(state)
        seat = movers[0]
        if state.phase == "trade":
            for k in range(state.n):
                twin = _swap_hidden(rs, state, k, rng)
                if twin == state:
                    continue
                assert rs.observe(twin, k) == rs.observe(state, k)
                import copy

                b1, b2 = copy.deepcopy(bots[k]), copy.deepcopy(bots[k])
                if k == seat:
                    assert str(b1.act(rs, state, k)) == str(b2.act(rs, twin, k))
                else:
                    assert str(b1.interject(rs, state, k)) == str(b2.interject(rs, twin, k))
                checked += 1
        action = reference_action(rs, state, bots, seat)
        state, _ = rs.apply(state, action)
        if checked > 60:
            break
    assert checked > 20


def test_trader_is_a_bot_kind_with_names():
    from beannb.i18n.ui import t

    assert "trader" in BOTS and isinstance(make_bot("trader"), TraderBot)
    assert t("bot_trader", "en") != t("bot_trader", "hu") != "bot_trader"


def test_no_trading_game_plays_greedy():
    """Takeover has no trading (T-08): the trader plays there exactly as the greedy bot."""
    rs = get_ruleset("takeover")
    s = rs.setup(["A", "B", "C"], 1, rs.check_options({}))
    for _ in range(30):
        if s.phase == "over":
            break
        seat = rs.to_move(s)[0]
        a1 = make_bot("trader", 3).act(rs, s, seat)
        a2 = make_bot("greedy", 3).act(rs, s, seat)
        assert a1 == a2
        s, _ = rs.apply(s, a1)
