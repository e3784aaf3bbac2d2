"""Building concrete trade offers (shared by the bots)."""
from __future__ import annotations

from typing import Optional

from ..games.bohnanza.actions import CardRef, Offer, Want
from ..games.bohnanza.state import GameState


_REFS: dict[tuple, CardRef] = {}


def card_ref(zone: str, bean: str, pos=None) -> CardRef:
    """``CardRef(zone, bean, pos)``, shared: card references are values, and bots build the
    same few thousand of them over and over."""
    key = (zone, bean, pos)
    r = _REFS.get(key)
    if r is None:
        if len(_REFS) > 10_000:
            _REFS.clear()
        r = _REFS[key] = CardRef(zone, bean, pos)
    return r


def giveable(state: GameState, seat: int) -> list[CardRef]:
    """Every card the seat could put into an offer: hand positions, and face-up if active."""
    p = state.players[seat]
    refs = [card_ref("hand", b, i + 1) for i, b in enumerate(p.hand)]
    if seat == state.active:
        refs += [card_ref("up", b) for b in state.faceup]
    return refs


def make_offer(state: GameState, seat: int, partner: int, give: list[CardRef], get: list[Want]) -> Optional[Offer]:
    if not give and not get:
        return None
    return Offer(state.players[seat].name, state.players[partner].name, tuple(give), tuple(get))
