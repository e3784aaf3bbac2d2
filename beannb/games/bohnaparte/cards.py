"""Bohnaparte's cards: the base game's beans, whose printed numbers are battle strengths
(P-23). The territories and horse colours are the board's data (:mod:`.board`)."""
from __future__ import annotations

from ..bohnanza.cards import BEANS, CARDS, ORIGINAL_EIGHT  # noqa: F401  (the same cards)

#: What a cart costs, in coins (P-36).
CART_PRICE = 3
