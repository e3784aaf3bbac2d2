"""The random bot: uniform over the legal actions, trade offers included.

Offers cannot be listed (any set of cards for any beans), so each partner the seat may
propose to counts as one more choice, "make an offer to X"; choosing it builds a random
offer (one or two own cards for zero to two beans). A bot proposes at most twice per turn
and interjects an offer to the active player with probability 1/4, once per turn; without
such a bound, a uniform choice among offers would keep phase 2 going almost for ever.
"""
from __future__ import annotations

from typing import Optional

from ..core.actions import Action, Want
from ..core.memo import BoundedTable
from .base import Bot, vouch
from .trading import giveable, make_offer

MAX_OFFERS_PER_TURN = 2

#: ``Want(zone, bean, 1)`` by (zone, bean), shared: wanted cards are values, and a game's
#: few are asked for over and over (a shared one is also checked for its form once).
_WANTS = BoundedTable(lambda key: Want(key[0], key[1], 1), 1_000)


def _below(rng, n: int) -> int:
    """A whole number in ``range(n)``: the very draw ``rng.choice`` makes from ``n`` items
    (``rng.choice(seq)`` is ``seq[_below(rng, len(seq))]``), without its two calls; a random
    game draws hundreds of them."""
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _sample(rng, seq, k: int) -> list:
    """``k`` different items of ``seq``, in the order drawn, each draw uniform over the items
    left (a pool the drawn item's place is refilled from its end). For the short sequences a
    hand gives these are the very draws ``rng.sample`` makes, without its general checks."""
    n = len(seq)
    if n > 21 or k > 5:  # where rng.sample draws another way
        return rng.sample(seq, k)
    pool = list(seq)
    out = []
    for i in range(k):
        j = _below(rng, n - i)
        out.append(pool[j])
        pool[j] = pool[n - i - 1]
    return out


class RandomBot(Bot):
    kind = "random"

    def __init__(self, seed: int = 0, trades: bool = True):
        """``trades=False``: a random player that never proposes a trade (it still answers
        offers made to it); the engine benchmark's games without trading."""
        super().__init__(seed)
        self.trades = trades
        self._turn = None
        self._offers = 0
        self._giveable = (None, None, [])  # (hand, face-up or None, its giveable cards)

    def reset(self) -> None:
        self._turn = None
        self._offers = 0

    def _count(self, state) -> int:
        if self._turn != state.turn:
            self._turn = state.turn
            self._offers = 0
        return self._offers

    def _own_cards(self, state, seat: int) -> list:
        """``giveable(state, seat)``, kept while the hand and face-up cards it came from are
        the same tuples (a state's parts are never changed, only replaced)."""
        hand = state.players[seat].hand
        up = state.faceup if seat == state.active else None
        last_hand, last_up, refs = self._giveable
        if hand is not last_hand or up is not last_up:
            refs = giveable(state, seat)
            self._giveable = (hand, up, refs)
        return refs

    def _random_offer(self, ruleset, state, seat: int, partner: int):
        refs = self._own_cards(state, seat)
        if not refs:
            return None
        rng = self.rng
        give = _sample(rng, refs, min(len(refs), (1, 1, 2)[_below(rng, 3)]))
        get = []
        for _ in range((0, 1, 1, 2)[_below(rng, 4)]):
            faceup = state.faceup
            if partner == state.active and faceup and rng.random() < 0.5:
                get.append(_WANTS["up", faceup[_below(rng, len(faceup))]])
            else:
                beans = ruleset.profile(state).beans
                get.append(_WANTS["hand", beans[_below(rng, len(beans))]])
        self._offers += 1
        offer = make_offer(state, seat, partner, give, get)
        # Built from the seat's own cards and the game's beans: well formed (see ``vouch``).
        return offer if offer is None else vouch(offer)

    def act(self, ruleset, state, seat: int) -> Action:
        choices, offer_partners = ruleset.legal_for_seat(state, seat)
        listed = len(choices)
        partners = offer_partners.get(state.players[seat].name, ()) if offer_partners else ()
        # One choice more per partner, "make an offer to X", after the listed ones, while
        # the seat may still propose this turn.
        extra = len(partners) if partners and self.trades and self._count(state) < MAX_OFFERS_PER_TURN else 0
        n = listed + extra
        getrandbits = self.rng.getrandbits  # ``_below(self.rng, n)`` written out: one draw per decision
        bits = n.bit_length()
        k = getrandbits(bits)
        while k >= n:
            k = getrandbits(bits)
        if k < listed:
            return choices[k]
        offer = self._random_offer(ruleset, state, seat, state.seat_of(partners[k - listed]))
        if offer is not None:
            return offer
        return self.rng.choice(choices)

    def interject(self, ruleset, state, seat: int) -> Optional[Action]:
        # The cheap tests first: after its one chance a turn, a bot is asked for nothing more.
        if state.phase != "trade" or seat == state.active or not self.trades:
            return None
        if self._turn != state.turn:  # ``self._count(state) >= 1`` written out: asked before every action of phase 2
            self._turn = state.turn
            self._offers = 0
        elif self._offers >= 1:
            return None
        if not ruleset.can_trade(state) or not state.players[seat].hand:
            return None
        if self.rng.random() >= 0.25:
            self._offers += 1  # the chance for this turn is used up
            return None
        return self._random_offer(ruleset, state, seat, state.active)
