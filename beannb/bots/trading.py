"""Building concrete trade offers (shared by the bots)."""
from __future__ import annotations

from typing import Optional

from ..core.memo import BoundedTable
from ..games.bohnanza.actions import CardRef, Offer, Want
from ..games.bohnanza.state import GameState


#: Card references by (zone, bean, position), shared: references are values, and bots
#: build the same few thousand of them over and over.
_REFS = BoundedTable(lambda key: CardRef(*key), 10_000)


def card_ref(zone: str, bean: str, pos=None) -> CardRef:
    """``CardRef(zone, bean, pos)``, shared."""
    return _REFS[(zone, bean, pos)]


#: A reference to every card of a hand by position, per hand (a value).
_HAND_REFS = BoundedTable(lambda hand: tuple(card_ref("hand", b, i + 1) for i, b in enumerate(hand)), 10_000)


def hand_refs(hand: tuple) -> tuple[CardRef, ...]:
    """A reference to every card of ``hand`` by position, shared per hand."""
    return _HAND_REFS[hand]


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
