"""Rabohnzel cards as data: 98 bean cards of 7 types, 11 potions, the assumed beanometers.

Spec ``rabohnzel.md`` §1.1–§1.3 (rules R-01, R-02). The rule book prints no beanometers,
so the ones below are an assumption (spec A20): they respect every constraint the text
gives and are replaceable through the ruleset option ``beanometers``.

>>> sum(b.count for b in RABOHNZEL_BEANS)
98
>>> sum(p.pennies for p in POTIONS.values())
56
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...i18n import LANGS
from ...core.cards import Bean, CardTable, card_words
from ...i18n.messages import NC_, Entry, Messages, locale_dir

# Order as the spec's table: rarest first. Colours are our own (no card art).
RABOHNZEL_BEANS: tuple[Bean, ...] = (
    Bean("thief", NC_("card-thief", "Thief"), "", 9, (2, 4, 6, 7), "#6b5b95"),
    Bean("chasm", NC_("card-chasm", "Chasm"), "", 11, (3, 5, 6, None), "#3d4b5c"),
    Bean("mean", NC_("card-mean", "Mean"), "Gemeine Bohne", 13, (3, 5, 6, 7), "#9b2d30"),
    Bean("white", NC_("card-white", "White"), "", 14, (3, 5, 7, 8), "#f2efe2"),
    Bean("mage", NC_("card-mage", "Mage"), "", 15, (3, 6, 8, 9), "#5b3fa0"),
    Bean("princess", NC_("card-princess", "Princess"), "", 17, (2, 4, 5, 6), "#e58fb5"),
    Bean("sword", NC_("card-sword", "Sword"), "Schwertbohne", 19, (4, 6, 8, 10), "#9aa4ad"),
)

BEAN_IDS: tuple[str, ...] = tuple(b.id for b in RABOHNZEL_BEANS)

#: bean -> the fewest cards in one field paying 1, 2, 3, 4 coins. ASSUMED (spec §1.1, A20).
ASSUMED_METERS: dict[str, tuple[Optional[int], ...]] = {b.id: b.meter for b in RABOHNZEL_BEANS}

#: Card counts decide the MEAN reveal (R-32): the highest count keeps its coin.
CARD_COUNT: dict[str, int] = {b.id: b.count for b in RABOHNZEL_BEANS}

#: Beans whose fields have an ability in the magic phase (R-26: chasm and princess have none).
ABILITY_BEANS = ("thief", "mean", "white", "mage", "sword")

#: Extra names the notation accepts (spec A01: bölcsbab = white, varázsbab = mage).
BEAN_ALIASES = {
    "szedő": "thief", "szakadék": "chasm", "aljas": "mean", "fehér": "white", "bölcsbab": "white",
    "bölcs": "white", "mágus": "mage", "varázsbab": "mage", "hercegnő": "princess", "kard": "sword",
    "wise": "white", "wise bean": "white",
}

#: Rabohnzel's cards: its seven bean types (potions are named by their own table).
CARDS = CardTable(RABOHNZEL_BEANS, aliases=BEAN_ALIASES, words=card_words("rabohnzel", locale_dir(__file__), RABOHNZEL_BEANS))


@dataclass(frozen=True)
class PotionCard:
    """One potion card: its id in the notation, its name (a message ``potion-<id>`` of the
    game's catalogue) and its value in bean pennies. When it may be drunk and what it does are
    the game's texts (``POTION_WHEN``, the rules catalogue)."""

    id: str
    entry: Entry
    pennies: int

    @property
    def en(self) -> str:
        return self.entry.singular

    def name(self, lang: str = "en") -> str:
        return POTION_WORDS.template(self.entry.code, lang)


# Spec §1.2: the eleven potions and their values.
POTIONS: dict[str, PotionCard] = {p.id: p for p in (
    PotionCard("attack", NC_("potion-attack", "Attack spell"), 1),
    PotionCard("beanfield", NC_("potion-beanfield", "Bean-field spell"), 1),
    PotionCard("exchange", NC_("potion-exchange", "Exchange spell"), 2),
    PotionCard("trade", NC_("potion-trade", "Trade spell"), 3),
    PotionCard("flow", NC_("potion-flow", "Magic card flow"), 4),
    PotionCard("discard", NC_("potion-discard", "Discard-pile spell"), 5),
    PotionCard("enchant-beans", NC_("potion-enchant-beans", "Enchant beans"), 6),
    PotionCard("enchant-players", NC_("potion-enchant-players", "Enchant co-players"), 7),
    PotionCard("teleport", NC_("potion-teleport", "Teleport"), 8),
    PotionCard("hand", NC_("potion-hand", "Hand spell"), 9),
    PotionCard("luck", NC_("potion-luck", "Luck spell"), 10),
)}
#: The potions' names, read in the reader's language.
POTION_WORDS = Messages("rabohnzel", locale_dir(__file__), [p.entry for p in POTIONS.values()])

POTION_IDS: tuple[str, ...] = tuple(POTIONS)

_POTION_ALIASES: dict[str, str] = {}
for _p in POTIONS.values():
    for _n in (_p.id, *(_p.name(lang) for lang in LANGS), _p.id.replace("-", "_"), _p.id.replace("-", "")):
        _POTION_ALIASES[_n.lower()] = _p.id
_POTION_ALIASES.update({"ench_beans": "enchant-beans", "ench_players": "enchant-players", "pile": "discard",
                        "bean-field": "beanfield", "card-flow": "flow", "támadó": "attack", "babföld": "beanfield",
                        "csere": "exchange", "kereskedelmi": "trade", "kártyafolyam": "flow", "pakli": "discard",
                        "kéz": "hand", "szerencse": "luck"})


def potion_id(name: str) -> Optional[str]:
    """The canonical potion id for an English or Hungarian name, or None."""
    return _POTION_ALIASES.get(str(name).strip().lower())


def potion_name(pid: str, lang: str = "en") -> str:
    p = POTIONS.get(pid)
    return p.name(lang) if p else pid


def meters_from_option(value) -> dict[str, tuple[Optional[int], ...]]:
    """The beanometers to play with: the assumed table, with the option's rows replacing
    whole rows. Raises ``ValueError`` naming the problem for a malformed table."""
    meters = dict(ASSUMED_METERS)
    if value is None:
        return meters
    if not isinstance(value, dict):
        raise ValueError("beanometers must map bean ids to four thresholds, e.g. {'sword': [4, 6, 8, 10]}")
    for bean, row in value.items():
        if bean not in meters:
            raise ValueError(f"beanometers: {bean!r} is not a Rabohnzel bean; beans are {', '.join(BEAN_IDS)}")
        if not isinstance(row, (list, tuple)) or len(row) != 4:
            raise ValueError(f"beanometers[{bean}] must list 4 thresholds (cards for 1, 2, 3, 4 coins; null where none)")
        last = 0
        for need in row:
            if need is None:
                continue
            if not isinstance(need, int) or isinstance(need, bool) or need < 1 or need <= last:
                raise ValueError(f"beanometers[{bean}] must rise strictly from 1 upwards, got {list(row)}")
            last = need
        meters[bean] = tuple(row)
    return meters


def meter_payout(meter, n: int) -> int:
    coins = 0
    for k, need in enumerate(meter, start=1):
        if need is not None and n >= need:
            coins = k
    return coins


def payout_table(meter) -> tuple[int, ...]:
    """Coins for 0, 1, 2 ... cards in one field, up to the last threshold of ``meter``; more
    cards pay what the last entry pays.

    >>> payout_table((2, 4, 6, 7))
    (0, 0, 1, 1, 2, 2, 3, 4)
    """
    top = max((need for need in meter if need is not None), default=0)
    return tuple(meter_payout(meter, n) for n in range(top + 1))


#: bean -> coins by card count under the ASSUMED beanometers, computed once (harvests read it).
ASSUMED_PAYOUTS: dict[str, tuple[int, ...]] = {b: payout_table(m) for b, m in ASSUMED_METERS.items()}
