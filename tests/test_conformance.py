"""One playout suite for every registered ruleset (principle 12).

Seeded random games for every profile and player count a ruleset allows; at every step:
card conservation (B-44), single-type fields (B-06), hand order (B-03…B-05), the action
text round trip, observations that hide other hands and the deck order; at the end:
termination, save -> load -> same state, replay -> same game.
"""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import beannb
from beannb.bots import RandomBot, GreedyBot, play_out
from beannb.core.game import Game
from beannb.games import from_record
from beannb.games import available, get_ruleset

from conftest import NAMES

CONFIGS = [(game, opts, n) for game in available() for opts, n in get_ruleset(game).configurations()]


def _is_subsequence(short, long) -> bool:
    it = iter(long)
    return all(any(c == x for x in it) for c in short)


def check_step(rs, before, action, after, events):
    total = before.card_total()
    assert after.card_total() == total, f"B-44: {action} changed the card total"
    if rs.SINGLE_TYPE_FIELDS:
        for p in after.players:
            for f in p.fields:
                assert len(set(f)) <= 1, f"B-06: mixed field {f} after {action}"
    rs.check_invariants(before, action, after, events)  # the game's own (markers, text cards, potions ...)
    if not rs.ORDERED_HANDS:  # e.g. takeover: any hand card may be played (T-07)
        return
    for old, new in zip(before.players, after.players):
        drawn = sum(e.data.get("count", 0) for e in events if e.kind == "draw" and e.player == new.name)
        # Cards a ruleset adds at the back in other ways (steals, extra draws) say so with "to_back".
        drawn += sum(e.data.get("to_back", 0) for e in events if e.player == new.name)
        if any(e.data.get("reorders_hand") for e in events if e.player == new.name):
            continue  # a rule that moves a card inside the hand (checked by the ruleset's own invariants)
        kept = new.hand[: len(new.hand) - drawn]
        # B-03/B-05: cards leave from anywhere but the others keep their order;
        # B-04: new cards only ever join at the back.
        assert _is_subsequence(kept, old.hand), \
            f"{new.name}'s hand was reordered by {action}: {old.hand} -> {new.hand}"


def check_views(rs, state):
    for seat, p in enumerate(state.players):
        obs = rs.observe(state, seat)
        assert "deck" not in obs, "the deck order must never be observable"
        for q in obs["players"]:
            if q["seat"] != seat:
                assert q["hand"] is None, f"{p.name} can see {q['name']}'s hand"
            else:
                assert q["hand"] == list(p.hand)
        text = json.dumps(obs)
        assert "rng" not in text


def playout(game, opts, n, seed, bots="random"):
    rs = get_ruleset(game)
    g = beannb.new_game(game, NAMES[:n], seed, **opts)
    kinds = [RandomBot, GreedyBot]
    bot_list = [(RandomBot if bots == "random" else kinds[i % 2])(seed * 10 + i) for i in range(n)]
    steps = []

    def on_step(before, action, after, events):
        check_step(rs, before, action, after, events)
        legal = rs.legal_actions(before)
        for a in legal:
            assert rs.parse(str(a)) == a, f"round trip failed for {a!r}"
            assert a in legal
        if len(steps) % 7 == 0:
            check_views(rs, before)
        steps.append(action)

    final, count = play_out(rs, g.state, bot_list, on_step=on_step)
    assert final.phase == "over" and final.scores is not None and final.winners
    return g, steps, final


@pytest.mark.parametrize("game,opts,n", CONFIGS, ids=[f"{g}-{o.get('profile', '')}-{n}p" for g, o, n in CONFIGS])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_playouts_keep_the_invariants(game, opts, n, seed):
    g, actions, final = playout(game, opts, n, seed)
    # replay -> same game
    replay = beannb.new_game(game, NAMES[:n], seed, **opts)
    for a in actions:
        replay.play(str(a))
    assert replay.state == final
    # save -> load -> same state
    rec = json.loads(json.dumps(replay.record()))
    assert from_record(rec).state == final


@pytest.mark.parametrize("game,opts,n", CONFIGS[:3], ids=[f"{g}-{n}p" for g, o, n in CONFIGS[:3]])
def test_greedy_and_random_mixed_games_end(game, opts, n):
    for seed in range(3):
        playout(game, opts, n, seed, bots="mixed")


def test_apply_never_changes_its_input():
    rs = get_ruleset("bohnanza")
    g = beannb.new_game("bohnanza", NAMES[:4], 3)
    bots = [RandomBot(i) for i in range(4)]
    state = g.state
    for _ in range(300):
        if state.phase == "over":
            break
        seat = rs.to_move(state)[0]
        a = bots[seat].act(rs, state, seat)
        snapshot = state.to_dict()
        new, _ = rs.apply(state, a)
        assert state.to_dict() == snapshot, f"apply({a}) mutated its input"
        state = new
