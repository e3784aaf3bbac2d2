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

from ...core.cards import Bean, CardTable

# Order as the spec's table: rarest first. Colours are our own (no card art).
RABOHNZEL_BEANS: tuple[Bean, ...] = (
    Bean("thief", "Thief", "", "szedőbab", 9, (2, 4, 6, 7), "#6b5b95"),
    Bean("chasm", "Chasm", "", "szakadékbab", 11, (3, 5, 6, None), "#3d4b5c"),
    Bean("mean", "Mean", "Gemeine Bohne", "aljasbab", 13, (3, 5, 6, 7), "#9b2d30"),
    Bean("white", "White", "", "fehérbab", 14, (3, 5, 7, 8), "#f2efe2"),
    Bean("mage", "Mage", "", "mágusbab", 15, (3, 6, 8, 9), "#5b3fa0"),
    Bean("princess", "Princess", "", "hercegnőbab", 17, (2, 4, 5, 6), "#e58fb5"),
    Bean("sword", "Sword", "Schwertbohne", "kardbab", 19, (4, 6, 8, 10), "#9aa4ad"),
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
CARDS = CardTable(RABOHNZEL_BEANS, aliases=BEAN_ALIASES)


@dataclass(frozen=True)
class PotionCard:
    """One potion card: its id in the notation, names, bean-penny value and when it may be drunk."""

    id: str
    en: str
    hu: str
    pennies: int
    window_en: str
    window_hu: str
    effect_en: str
    effect_hu: str

    def name(self, lang: str = "en") -> str:
        return self.hu if lang == "hu" else self.en


def _pot(*a) -> PotionCard:
    return PotionCard(*a)


# Spec §1.2 and §4. Effects are our own short summaries (the catalogue has the rules).
POTIONS: dict[str, PotionCard] = {p.id: p for p in (
    _pot("attack", "Attack spell", "Támadóvarázs", 1,
         "with one use of your mean or sword field", "az aljas- vagy kardbabföld egy használatával",
         "mean works from 1 bean; a sword attack draws 2 coins and you resolve 1",
         "az aljasbab már 1 babbal is hat; kardtámadásnál 2 babtallért húzol, és 1-et hajtasz végre"),
    _pot("beanfield", "Bean-field spell", "Babföldvarázs", 1,
         "your phase 3, while planting a card", "a saját 3. fázisodban, ültetéskor",
         "plant the card in a new 3rd field; it vanishes at its owner's next harvest",
         "a lapot új, 3. babföldre ülteted; a következő betakarításkor eltűnik"),
    _pot("exchange", "Exchange spell", "Cserevarázs", 2,
         "any time in your turn", "a köröd során bármikor",
         "draw a face-down potion of a co-player and give them this card",
         "húzz egy játékostársad képpel lefelé lévő bájitalai közül, és add át neki ezt a lapot"),
    _pot("trade", "Trade spell", "Kereskedelmi varázs", 3,
         "phase 2, before the first deal", "a 2. fázisban, az első csere előtt",
         "turn up a 3rd card; face-up cards you neither give away nor plant are discarded",
         "felcsapsz egy 3. lapot; a felfordított lapokat, amelyeket nem adsz el és nem ültetsz el, eldobod"),
    _pot("flow", "Magic card flow", "Mágikus kártyafolyam", 4,
         "any phase of your turn", "a köröd bármelyik fázisában",
         "plant your front card again and again; only harvests and abilities may come between",
         "újra meg újra elültetheted a kezed első lapját; közben csak betakarítás és babképesség jöhet"),
    _pot("discard", "Discard-pile spell", "Paklivarázs", 5,
         "phase 2", "a 2. fázisban",
         "the top card of the discard pile joins your face-up cards",
         "a dobott lapok legfelső lapja a felfordított lapjaid közé kerül"),
    _pot("enchant-beans", "Enchant beans", "Babok elbájolása", 6,
         "your phase 3, while planting a card", "a saját 3. fázisodban, ültetéskor",
         "plant onto a field holding one bean of another type; that bean then counts as the new type but never becomes a coin",
         "olyan babföldre ültetsz, ahol egyetlen másféle bab van; az ezután az új fajtának számít, de babtallér sosem lesz belőle"),
    _pot("enchant-players", "Enchant co-players", "Játékostársak elbájolása", 7,
         "any time in your turn", "a köröd során bármikor",
         "every co-player plants the front card of their hand; you may too",
         "minden játékostársad elülteti a kezében legelöl lévő lapot; te is megteheted"),
    _pot("teleport", "Teleport", "Teleport", 8,
         "any time in your turn, even after your last draw", "a köröd során bármikor, az utolsó húzás után is",
         "move one card of your hand to another place", "a kezed egy lapját máshová teszed"),
    _pot("hand", "Hand spell", "Kézvarázs", 9,
         "before your phase 4 draw", "a 4. fázisbeli húzásod előtt",
         "draw 4 cards instead of 3 if you made no trade or gift this turn",
         "3 helyett 4 lapot húzol, ha ebben a körben nem cseréltél és nem ajándékoztál"),
    _pot("luck", "Luck spell", "Szerencsevarázs", 10,
         "any time in your turn", "a köröd során bármikor",
         "activate the top card of the potion deck; it goes back at the end of your turn",
         "aktiválod a bájitalpakli legfelső lapját; köröd végén visszakevered"),
)}

POTION_IDS: tuple[str, ...] = tuple(POTIONS)

_POTION_ALIASES: dict[str, str] = {}
for _p in POTIONS.values():
    for _n in (_p.id, _p.en, _p.hu, _p.id.replace("-", "_"), _p.id.replace("-", "")):
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
