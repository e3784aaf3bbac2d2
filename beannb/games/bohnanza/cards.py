"""The base game's cards: counts, beanometers, names (messages of the game's catalogue) and the
original German names.

>>> payout("chili", 5)
1
>>> payout("garden", 2)
2
"""
from __future__ import annotations

from typing import Optional

from ...core.cards import Bean, CardTable, card_words
from ...i18n.messages import NC_, locale_dir

# Spec bohnanza.md §1.1. Order: most common first, as the spec's table.
BEANS: dict[str, Bean] = {
    b.id: b
    for b in (
        Bean("coffee", NC_("card-coffee", "Coffee"), "Kaffeebohne", 24, (4, 7, 10, 12), "#6f4e37"),
        Bean("wax", NC_("card-wax", "Wax"), "Weinbrandbohne", 22, (4, 7, 9, 11), "#e8d36a"),
        Bean("blue", NC_("card-blue", "Blue"), "Blaue Bohne", 20, (4, 6, 8, 10), "#3f6fd1"),
        Bean("chili", NC_("card-chili", "Chili"), "Feuerbohne", 18, (3, 6, 8, 9), "#d8432b"),
        Bean("stink", NC_("card-stink", "Stink"), "Saubohne", 16, (3, 5, 7, 8), "#8a8f3c"),
        Bean("green", NC_("card-green", "Green"), "Brechbohne", 14, (3, 5, 6, 7), "#4caf50"),
        Bean("soy", NC_("card-soy", "Soy"), "Sojabohne", 12, (2, 4, 6, 7), "#d9b36c"),
        Bean("black-eyed", NC_("card-black-eyed", "Black-eyed"), "Augenbohne", 10, (2, 4, 5, 6), "#e9e4d4"),
        Bean("red", NC_("card-red", "Red"), "Rote Bohne", 8, (2, 3, 4, 5), "#9c1c2c"),
        Bean("garden", NC_("card-garden", "Garden"), "Gartenbohne", 6, (None, 2, 3, None), "#a3c65a"),
        Bean("cocoa", NC_("card-cocoa", "Cocoa"), "Kakaobohne", 4, (None, 2, 3, 4), "#5a3a22"),
    )
}

#: The eight types of the 1997 Amigo box (104 cards).
ORIGINAL_EIGHT: tuple[str, ...] = (
    "blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden",
)


#: The base game's cards (every type of every edition; a profile picks the types in play).
CARDS = CardTable(BEANS.values(), aliases={"blackeyed": "black-eyed", "black-eye": "black-eyed", "weinbrand": "wax"},
                  words=card_words("bohnanza", locale_dir(__file__), BEANS.values()))


def payout(bean: str, n: int) -> int:
    """Coins a harvest of ``n`` cards of ``bean`` pays (spec §1.4, rules B-27, B-28)."""
    return CARDS.payout(bean, n)


def next_threshold(bean: str, n: int) -> Optional[tuple[int, int]]:
    """(cards needed, coins then) for the next beanometer step above ``n`` cards, or None."""
    return CARDS.next_threshold(bean, n)
