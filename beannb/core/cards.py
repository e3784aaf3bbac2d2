"""Bean cards as data: counts, beanometers and names in English, German and Hungarian.

A card in the engine is just its bean id (a lower-case string such as ``"chili"``):
cards of one type are identical, so a hand, a field or a coin stack is a tuple of ids.

>>> payout("chili", 5)
1
>>> payout("garden", 2)
2
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Bean:
    """One bean type. ``meter[k-1]`` is the fewest cards in one field that pay ``k`` coins."""

    id: str
    en: str
    de: str
    hu: str
    count: int
    meter: tuple[Optional[int], Optional[int], Optional[int], Optional[int]]
    colour: str  # for our own drawings (CSS colour), never card art

    def name(self, lang: str = "en") -> str:
        return self.hu if lang == "hu" else self.en


# Spec bohnanza.md §1.1. Order: most common first, as the spec's table.
BEANS: dict[str, Bean] = {
    b.id: b
    for b in (
        Bean("coffee", "Coffee", "Kaffeebohne", "kávébab", 24, (4, 7, 10, 12), "#6f4e37"),
        Bean("wax", "Wax", "Weinbrandbohne", "viaszbab", 22, (4, 7, 9, 11), "#e8d36a"),
        Bean("blue", "Blue", "Blaue Bohne", "kékbab", 20, (4, 6, 8, 10), "#3f6fd1"),
        Bean("chili", "Chili", "Feuerbohne", "tűzbab", 18, (3, 6, 8, 9), "#d8432b"),
        Bean("stink", "Stink", "Saubohne", "disznóbab", 16, (3, 5, 7, 8), "#8a8f3c"),
        Bean("green", "Green", "Brechbohne", "zöldbab", 14, (3, 5, 6, 7), "#4caf50"),
        Bean("soy", "Soy", "Sojabohne", "szójabab", 12, (2, 4, 6, 7), "#d9b36c"),
        Bean("black-eyed", "Black-eyed", "Augenbohne", "szemesbab", 10, (2, 4, 5, 6), "#e9e4d4"),
        Bean("red", "Red", "Rote Bohne", "vörösbab", 8, (2, 3, 4, 5), "#9c1c2c"),
        Bean("garden", "Garden", "Gartenbohne", "kertibab", 6, (None, 2, 3, None), "#a3c65a"),
        Bean("cocoa", "Cocoa", "Kakaobohne", "kakaóbab", 4, (None, 2, 3, 4), "#5a3a22"),
    )
}

#: The eight types of the 1997 Amigo box (104 cards).
ORIGINAL_EIGHT: tuple[str, ...] = (
    "blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden",
)


def _aliases() -> dict[str, str]:
    table: dict[str, str] = {}
    for b in BEANS.values():
        for name in (b.id, b.en, b.de, b.hu, b.en.replace("-", ""), b.en + " bean", b.hu.replace("bab", "")):
            table[name.lower()] = b.id
    table.update({"blackeyed": "black-eyed", "black-eye": "black-eyed", "weinbrand": "wax"})
    return table


BEAN_ALIASES: dict[str, str] = _aliases()


def register_beans(beans) -> None:
    """Add an expansion's bean types (id, names, count, beanometer, colour) to the table."""
    for b in beans:
        BEANS[b.id] = b
        for name in (b.id, b.en, b.de, b.hu, b.en + " bean"):
            if name:
                BEAN_ALIASES[name.lower()] = b.id


def bean_id(name: str) -> Optional[str]:
    """The canonical id for a bean name in English, German or Hungarian, or None."""
    return BEAN_ALIASES.get(name.strip().lower())


def payout(bean: str, n: int) -> int:
    """Coins a harvest of ``n`` cards of ``bean`` pays (spec §1.4, rules B-27, B-28)."""
    meter = BEANS[bean].meter
    coins = 0
    for k, need in enumerate(meter, start=1):
        if need is not None and n >= need:
            coins = k
    return coins


def next_threshold(bean: str, n: int) -> Optional[tuple[int, int]]:
    """(cards needed, coins then) for the next beanometer step above ``n`` cards, or None."""
    now = payout(bean, n)
    for k, need in enumerate(BEANS[bean].meter, start=1):
        if need is not None and k > now:
            return need, k
    return None
