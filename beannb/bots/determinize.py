"""Sampling a full table a seat cannot tell apart from the real one (a determinization).

What a seat does not see (other hands, the deck order, coins lying face down, cards out of
the game, and what the game itself hides: its strategy's ``hidden_beans``, ``deal_beans`` and
``deal_secrets`` say) is gathered into pools, one per kind of card, *sorted*, shuffled with
the searcher's random generator and dealt back into the same places in the same numbers. Sorting first makes the result depend only on which cards are
hidden (what the seat can count from its observation: every card of the game minus those
it sees), never on where they really lie; the game's own generator is reseeded too, so
later reshuffles do not follow the real game's.

Cards the seat knows the place of stay where they are: its own hand, everything face up,
and the hand cards another player has put into an open trade offer.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.strategy import deal as _deal, take as _take


def determinize(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A table consistent with what ``seat`` observes, sampled with ``rng``."""
    s = state.copy()
    players = [p.copy() for p in s.players]
    # Hand positions another player has offered in an open trade are known (offers are public).
    known: dict[int, set[int]] = {}
    for o in getattr(s, "offers", ()) or ():
        for c in o.give:
            if c.zone == "hand" and c.pos:
                known.setdefault(o.proposer, set()).add(c.pos - 1)
    hidden_hand = {i: [k for k in range(len(p.hand)) if k not in known.get(i, ())]
                   for i, p in enumerate(players) if i != seat}
    beans = list(s.deck) + list(s.removed)
    for i, p in enumerate(players):
        beans += p.coins
        if i != seat:
            beans += [p.hand[k] for k in hidden_hand[i]]
    strategy = ruleset.strategy
    beans += strategy.hidden_beans(s, seat)
    it = _deal(beans, rng)
    strategy.deal_beans(s, seat, it, True)
    s.deck = _take(it, len(s.deck))
    s.removed = _take(it, len(s.removed))
    for i, p in enumerate(players):
        p.coins = _take(it, len(p.coins))
        if i != seat:
            hand = list(p.hand)
            for k in hidden_hand[i]:
                hand[k] = next(it)
            p.hand = tuple(hand)
    strategy.deal_beans(s, seat, it, False)
    s.players = tuple(players)
    strategy.deal_secrets(s, seat, rng)
    s.rng = rng.getrandbits(64)
    return s
