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


_HAND_REFS: dict[tuple, tuple[CardRef, ...]] = {}


def hand_refs(hand: tuple) -> tuple[CardRef, ...]:
    """A reference to every card of ``hand`` by position, shared per hand (a value)."""
    refs = _HAND_REFS.get(hand)
    if refs is None:
        if len(_HAND_REFS) > 10_000:
            _HAND_REFS.clear()
        refs = _HAND_REFS[hand] = tuple(card_ref("hand", b, i + 1) for i, b in enumerate(hand))
    return refs


def giveable(state: GameState, seat: int) -> list[CardRef]:
    """Every card the seat could put into an offer: hand positions, and face-up if active."""
    refs = list(hand_refs(state.players[seat].hand))
    if seat == state.active:
        refs += [card_ref("up", b) for b in state.faceup]
    return refs


def make_offer(state: GameState, seat: int, partner: int, give: list[CardRef], get: list[Want]) -> Optional[Offer]:
    if not give and not get:
        return None
    return Offer(state.players[seat].name, state.players[partner].name, tuple(give), tuple(get))
