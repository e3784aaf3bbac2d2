"""Takeover expansion data: the Snap bean, handicaps, the Snap beanometers, the 18 text
cards and the Pizza tables (spec ``takeover.md`` §1, §3, §8). Pure tables, no rules."""
from __future__ import annotations

from typing import Optional

from ...core.cards import Bean, Card, card_words
from ...i18n.messages import NC_, locale_dir
from ..bohnanza.cards import BEANS, CARDS as BASE_CARDS, ORIGINAL_EIGHT, payout

SNAP = "snap"
JOKER = "joker"
SNAP_BEAN = Bean(SNAP, NC_("card-snap", "Snap"), "Schnittbohne", 14, (None, None, None, None), "#b5651d")

#: T-02: handicap = the type's card count, except Snap = 4.
HANDICAP: dict[str, int] = {SNAP: 4, **{b: BEANS[b].count for b in ORIGINAL_EIGHT}}
#: Order by handicap, for Mutant Bean's next(T) (§1).
ORDER: tuple[str, ...] = tuple(sorted(HANDICAP, key=HANDICAP.__getitem__))
BEAN_TYPES: tuple[str, ...] = ORDER


def next_type(bean: str) -> Optional[str]:
    """The type after ``bean`` in handicap order (Mutant Bean); None after Blue (T-52)."""
    i = ORDER.index(bean)
    return ORDER[i + 1] if i + 1 < len(ORDER) else None


def snap_in_game(n: int) -> tuple[int, int]:
    """(text cards, coins) for harvesting ``n`` Snap during the game (T-09)."""
    if n <= 1:
        return 0, 0
    if n == 2:
        return 1, 0
    if n <= 4:
        return 2, 0
    if n <= 6:
        return 2, 1
    return 2, 2


def snap_end(n: int) -> int:
    """Coins for harvesting ``n`` Snap after the game-end trigger (T-10)."""
    if n <= 3:
        return 0
    if n <= 5:
        return 1
    return {6: 2, 7: 3}.get(n, 4)


def coins_for(meter: str, n: int, ending: bool) -> tuple[int, int]:
    """(text cards, coins) for ``n`` cards harvested under ``meter``'s beanometer."""
    if meter == SNAP:
        return (0, snap_end(n)) if ending else snap_in_game(n)
    return 0, payout(meter, n)


def four_coin_count(meter: str, ending: bool) -> Optional[int]:
    """Cards that pay 4 coins under ``meter`` (Pizza: Overflow), or None if it has no such step."""
    if meter == SNAP:
        return 8 if ending else None
    return BEANS[meter].meter[3]


def overflow_coins(meter: str, n: int, ending: bool) -> Optional[int]:
    """Pizza: Overflow's replacement payout (5/6/7 coins), or None when it does not apply."""
    n4 = four_coin_count(meter, ending)
    if n4 is None or n < n4 + 1:
        return None
    return min(7, 5 + (n - n4 - 1))


def step_bonus(value: int, steps: tuple[int, int, int]) -> int:
    """+1/+2/+3 for reaching each threshold of ``steps``."""
    return sum(1 for s in steps if value >= s)


#: The 18 text cards (spec §1): id, English name (a message) and the original German name.
TEXT_CARDS: tuple[Card, ...] = (
    Card("field-swap", NC_("card-field-swap", "Field Swap"), "Bohnenfelder tauschen"),
    Card("chemistry-set", NC_("card-chemistry-set", "Chemistry Set"), "Chemiekeule"),
    Card("extra-card", NC_("card-extra-card", "Extra Card"), "Extrakarte"),
    Card("final-planting", NC_("card-final-planting", "Final Planting"), "Handkarten ausspielen bei Spielende"),
    Card("hand-swap", NC_("card-hand-swap", "Hand Swap"), "Handkarten tauschen"),
    Card("joker", NC_("card-joker", "Joker Bean"), "Jokerbohne"),
    Card("mighty-field", NC_("card-mighty-field", "Mighty Field"), "Mächtiges Bohnenfeld"),
    Card("mutant-bean", NC_("card-mutant-bean", "Mutant Bean"), "Mutabohne"),
    Card("pirate-raid", NC_("card-pirate-raid", "Pirate Raid"), "Piratenangriff"),
    Card("pizza-big-farm", NC_("card-pizza-big-farm", "Pizza: Big Farm"), "Pizza Bohnbastica"),
    Card("pizza-overflow", NC_("card-pizza-overflow", "Pizza: Overflow"), "Pizza Bohnotoni"),
    Card("pizza-even-fields", NC_("card-pizza-even-fields", "Pizza: Even Fields"), "Pizza Calzbohne"),
    Card("pizza-small-beans", NC_("card-pizza-small-beans", "Pizza: Small Beans"), "Pizza Diabohno"),
    Card("seed-trade", NC_("card-seed-trade", "Seed Trade"), "Samenhandel"),
    Card("seven-new-cards", NC_("card-seven-new-cards", "Seven New Cards"), "Sieben neue Handkarten"),
    Card("strong-takeover", NC_("card-strong-takeover", "Strong Takeover"), "Starke Übernahme"),
    Card("variable-field", NC_("card-variable-field", "Variable Field"), "Variables Bohnenfeld"),
    Card("extra-harvest", NC_("card-extra-harvest", "Extra Harvest"), "Zusätzliche Ernte"),
)
TEXT_IDS: tuple[str, ...] = tuple(c.id for c in TEXT_CARDS)
PIZZAS: tuple[str, ...] = ("pizza-big-farm", "pizza-overflow", "pizza-even-fields", "pizza-small-beans")

#: The expansion's cards: the original eight beans, Snap and the 18 text cards (the Joker Bean
#: among them).
CARDS = BASE_CARDS.extend([SNAP_BEAN], others=TEXT_CARDS, keep=ORIGINAL_EIGHT,
                          words=card_words("takeover", locale_dir(__file__), [SNAP_BEAN], TEXT_CARDS))


def text_card_id(name: str) -> Optional[str]:
    key = name.strip().lower()
    cid = CARDS.card_id(key)
    return cid if cid in TEXT_IDS else None
