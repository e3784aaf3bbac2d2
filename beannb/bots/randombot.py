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
from .base import Bot
from .trading import giveable, make_offer

MAX_OFFERS_PER_TURN = 2

_WANTS: dict[tuple[str, str], Want] = {}


def _want(zone: str, bean: str) -> Want:
    """``Want(zone, bean, 1)``, shared: wanted cards are values, and a game's few are asked
    for over and over (a shared one is also checked for its form once)."""
    w = _WANTS.get((zone, bean))
    if w is None:
        if len(_WANTS) > 1_000:
            _WANTS.clear()
        w = _WANTS[(zone, bean)] = Want(zone, bean, 1)
    return w


class RandomBot(Bot):
    kind = "random"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._turn = None
        self._offers = 0

    def reset(self) -> None:
        self._turn = None
        self._offers = 0

    def _count(self, state) -> int:
        if self._turn != state.turn:
            self._turn = state.turn
            self._offers = 0
        return self._offers

    def _random_offer(self, ruleset, state, seat: int, partner: int):
        refs = giveable(state, seat)
        if not refs:
            return None
        give = self.rng.sample(refs, min(len(refs), self.rng.choice((1, 1, 2))))
        beans = ruleset.profile(state).beans
        get = []
        for _ in range(self.rng.choice((0, 1, 1, 2))):
            zone = "up" if partner == state.active and state.faceup and self.rng.random() < 0.5 else "hand"
            bean = self.rng.choice(state.faceup) if zone == "up" else self.rng.choice(beans)
            get.append(_want(zone, bean))
        self._offers += 1
        return make_offer(state, seat, partner, give, get)

    def act(self, ruleset, state, seat: int) -> Action:
        choices, offer_partners = ruleset.legal_for_seat(state, seat)  # a list of our own
        listed = len(choices)
        partners = offer_partners.get(state.players[seat].name, ()) if offer_partners else ()
        if partners and self._count(state) < MAX_OFFERS_PER_TURN:
            choices += [("offer", p) for p in partners]
        rng = self.rng
        pick = rng.choice(choices)
        if type(pick) is tuple:
            offer = self._random_offer(ruleset, state, seat, state.seat_of(pick[1]))
            if offer is not None:
                return offer
            return rng.choice(choices[:listed])
        return pick

    def interject(self, ruleset, state, seat: int) -> Optional[Action]:
        # The cheap tests first: after its one chance a turn, a bot is asked for nothing more.
        if state.phase != "trade" or seat == state.active or self._count(state) >= 1:
            return None
        if not ruleset.can_trade(state) or not state.players[seat].hand:
            return None
        if self.rng.random() >= 0.25:
            self._offers += 1  # the chance for this turn is used up
            return None
        return self._random_offer(ruleset, state, seat, state.active)
