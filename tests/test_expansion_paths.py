"""Rabohnzel's and Bohnaparte's legal actions, built by construction (issue 13), are
exactly the actions their checks allow: every candidate that names something on the table,
each checked by ``refusal``; and the tables the rules derive once (payouts by card count,
positions by terrain) agree with computing them on the spot."""
from itertools import combinations

import pytest

from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.games import get_ruleset
from beannb.games.bohnanza.actions import (Accept, BuyField, Decline, Discard, Draw, EndTrade, Harvest, Plant, Reveal,
                                           Withdraw)

from conftest import NAMES


def _states(game: str, opts: dict, n: int, seed: int) -> list:
    rs = get_ruleset(game)
    o = rs.check_options(dict(opts))
    states = [rs.setup(NAMES[:n], seed, o)]
    bots = [(GreedyBot if i % 2 else RandomBot)(seed * 10 + i) for i in range(n)]
    play_out(rs, states[0], bots, on_step=lambda b, a, new, e: states.append(new))
    return states[:-1]


def _base_candidates(s, seat: int) -> list:
    p = s.players[seat]
    name = p.name
    beans = sorted(set(p.hand) | set(p.pending) | set(s.faceup))
    cands = [Plant(name, b, k + 1) for b in beans for k in range(len(p.fields))]
    cands += [Harvest(name, k + 1) for k in range(3)]
    cands += [BuyField(name), Reveal(name), EndTrade(name), Draw(name)]
    cands += [Discard(name, b) for b in beans]
    for o in s.offers:
        cands += [Accept(name, o.id), Decline(name, o.id), Withdraw(name, o.id)]
    return cands


def _rabohnzel_candidates(s, seat: int) -> list:
    from beannb.games.rabohnzel.actions import (Activate, Consume, Counter, EndTurn, FlowPlant, Magic, Place,
                                                PlayMage, Resolve, Skip, Use)
    from beannb.games.rabohnzel.cards import BEAN_IDS, POTION_IDS
    p = s.players[seat]
    name = p.name
    others = [q.name for q in s.players if q.name != name]
    fields = range(1, len(p.fields) + 1)
    held = sorted((q.id for q in s.potions[seat]), key=POTION_IDS.index)
    cands = _base_candidates(s, seat) + [Magic(name), EndTurn(name), Counter(name), Skip(name), Place(name, None)]
    cands += [Use(name, f, t, att) for f in fields for t in [None] + others for att in (False, True)]
    cands += [PlayMage(name, i + 1) for i in range(len(p.hand))]
    cands += [Activate(name, combo) for k in (1, 2) for combo in combinations(held, k)]
    cands += [Place(name, f) for f in fields] + [FlowPlant(name, f) for f in fields]
    cands += [Resolve(name, b) for b in BEAN_IDS]
    h = range(1, len(p.hand) + 1)
    for pid in held:
        if pid == "exchange":
            cands += [Consume(name, pid, target=t) for t in others]
        elif pid == "beanfield":
            cands += [Consume(name, pid, bean=b) for b in BEAN_IDS]
        elif pid == "enchant-beans":
            cands += [Consume(name, pid, bean=b, field=f) for b in BEAN_IDS for f in fields]
        elif pid == "teleport":
            cands += [Consume(name, pid, src=i, dst=j) for i in h for j in h]
        else:
            cands.append(Consume(name, pid))
    return cands


def _bohnaparte_candidates(rs, s, seat: int) -> list:
    from beannb.games.bohnaparte.actions import Attack, BuyCart, CartPlay, CartTake, ChooseCamp, Defend, SecondWave
    from beannb.games.bohnaparte.board import HORSE_COLOURS
    p = s.players[seat]
    name = p.name
    labels = rs.board(s).labels
    cands = _base_candidates(s, seat) + [BuyCart(name)] + [ChooseCamp(name, lab) for lab in labels]
    for lab in labels:
        cands += [Attack(name, lab, "hand", b, i + 1) for i, b in enumerate(p.hand)]
        cands += [Attack(name, lab, "deck")] + [Attack(name, lab, "cavalry", cavalry=c) for c in HORSE_COLOURS]
    for cls in (Defend, SecondWave):
        cands += [cls(name, "hand", b, i + 1) for i, b in enumerate(p.hand)] + [cls(name, "deck")]
    cart = s.carts[seat] or ()
    cands += [CartPlay(name, b) for b in set(cart)]
    cands += [CartTake(name, tuple(c for k, c in enumerate(cart) if k not in keep))
              for keep in combinations(range(len(cart)), min(2, len(cart)))]
    return cands


def _checked(rs, s, seat: int, cands) -> set[str]:
    return {str(a) for a in cands if rs.refusal(s, a) is None}


CASES = [("rabohnzel", {}, 4, 1), ("rabohnzel", {"counter_attack": "optional", "magic_added_cards_count": True,
                                                   "trade_discard": "third_only"}, 3, 2),
         ("bohnaparte", {}, 4, 1), ("bohnaparte", {"cart_in_battle": True, "destruction": True}, 4, 2)]


@pytest.mark.parametrize("game,opts,n,seed", CASES, ids=[f"{g}-{n}p-{seed}" for g, _, n, seed in CASES])
def test_expansion_legal_actions_equal_the_checked_candidates(game, opts, n, seed):
    rs = get_ruleset(game)
    for s in _states(game, opts, n, seed):
        for seat, p in enumerate(s.players):
            fast = [str(a) for a in rs.legal_actions(s, p.name)]
            assert len(fast) == len(set(fast)), f"turn {s.turn}, {s.phase}, {p.name}: {fast}"
            cands = _rabohnzel_candidates(s, seat) if game == "rabohnzel" else _bohnaparte_candidates(rs, s, seat)
            assert set(fast) == _checked(rs, s, seat, cands), f"turn {s.turn}, {s.phase}, {p.name}"


def test_payout_tables_agree_with_the_beanometers():
    from beannb.games.rabohnzel.cards import ASSUMED_METERS, meter_payout
    rs = get_ruleset("rabohnzel")
    s = rs.setup(NAMES[:4], 1, rs.check_options({}))
    custom = rs.setup(NAMES[:4], 1, rs.check_options({"beanometers": {"sword": [1, 2, 3, 4]}}))
    for bean, meter in ASSUMED_METERS.items():
        for n in range(-2, 30):
            assert rs.payout(s, bean, n) == meter_payout(meter, n)
            want = meter_payout((1, 2, 3, 4) if bean == "sword" else meter, n)
            assert rs.payout(custom, bean, n) == want


def test_terrain_sites_agree_with_the_board():
    from beannb.games.bohnaparte.board import sites
    rs = get_ruleset("bohnaparte")
    for s in _states("bohnaparte", {}, 4, 3)[::25]:
        table = sites(s.terrain)
        for ter in set(s.terrain):
            assert table[ter] == tuple(i for i, t in enumerate(s.terrain) if t == ter)
        for seat in range(s.n):
            for ter in ("forest", "village", "rice_field", "gem_field", "river"):
                assert rs.count_owned(s, seat, ter) == sum(1 for i, o in enumerate(s.owner)
                                                           if o == seat and s.terrain[i] == ter)
