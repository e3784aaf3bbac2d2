"""Cards as data: the :class:`Bean` type and :class:`CardTable`, a game's table of cards.

A card in the engine is just its id (a lower-case string such as ``"chili"``): cards of one
type are identical, so a hand, a field or a coin stack is a tuple of ids. Each game owns
one :class:`CardTable` (its beans with counts, beanometers and names, and its other named
cards); an expansion builds its own with :meth:`CardTable.extend` and changes nobody else's.

>>> t = CardTable([Bean("red", "Red", "Rote Bohne", "vörösbab", 8, (2, 3, 4, 5), "#9c1c2c")])
>>> t.payout("red", 3), t.name("red", "hu"), t.card_id("Vörösbab")
(2, 'vörösbab', 'red')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional


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



class CardTable:
    """A game's cards. ``beans`` are bean types; ``others`` name the other cards (text cards,
    a joker...) by language; ``aliases`` map extra spellings to ids. Read-only once built."""

    def __init__(self, beans: Iterable[Bean] = (), others: Optional[Mapping[str, Mapping[str, str]]] = None,
                 aliases: Optional[Mapping[str, str]] = None):
        self.beans: dict[str, Bean] = {b.id: b for b in beans}
        self.others: dict[str, dict[str, str]] = {k: dict(v) for k, v in (others or {}).items()}
        table: dict[str, str] = {}
        for b in self.beans.values():
            for name in (b.id, b.en, b.de, b.hu, b.en.replace("-", ""), b.en + " bean", b.hu.replace("bab", "")):
                if name:
                    table.setdefault(name.lower(), b.id)
        for cid, names in self.others.items():
            for name in (cid, *names.values()):
                if name:
                    table.setdefault(name.lower(), cid)
        table.update({k.lower(): v for k, v in (aliases or {}).items()})
        self.aliases: dict[str, str] = table
        self._extra_aliases = dict(aliases or {})
        self._payouts: dict[tuple[str, int], int] = {}

    def extend(self, beans: Iterable[Bean] = (), others: Optional[Mapping[str, Mapping[str, str]]] = None,
               aliases: Optional[Mapping[str, str]] = None, keep: Optional[Iterable[str]] = None) -> "CardTable":
        """A new table: these cards added (or replacing same ids); ``keep`` limits the old beans."""
        kept = [b for b in self.beans.values() if keep is None or b.id in set(keep)]
        new = {b.id: b for b in beans}
        merged = [new.pop(b.id, b) for b in kept] + list(new.values())
        return CardTable(merged, {**self.others, **(others or {})}, {**self._extra_aliases, **(aliases or {})})

    def __contains__(self, card: object) -> bool:
        return card in self.beans or card in self.others

    def card_id(self, name: str) -> Optional[str]:
        """The id for a card name in English, German or Hungarian (or an alias), or None."""
        return self.aliases.get(name.strip().lower()) if isinstance(name, str) else None

    def name(self, card: str, lang: str = "en") -> str:
        b = self.beans.get(card)
        if b is not None:
            return b.name(lang)
        names = self.others.get(card)
        if names:
            return names.get(lang) or names["en"]
        return str(card)

    def names(self, cards, lang: str = "en") -> str:
        """Cards as a list in words ("nothing" when there are none)."""
        if not cards:
            return "semmi" if lang == "hu" else "nothing"
        return ", ".join(self.name(c, lang) for c in cards)

    def colour(self, card: str, default: str = "#cccccc") -> str:
        b = self.beans.get(card)
        return b.colour if b is not None else default

    def payout(self, bean: str, n: int) -> int:
        """Coins a harvest of ``n`` cards of ``bean`` pays by its beanometer (0 for other cards)."""
        key = (bean, n)
        coins = self._payouts.get(key)
        if coins is not None:
            return coins
        b = self.beans.get(bean)
        if b is None:
            return 0
        coins = 0
        for k, need in enumerate(b.meter, start=1):
            if need is not None and n >= need:
                coins = k
        if type(n) is int and len(self._payouts) < 10_000:  # the table is read-only: remember the answer
            self._payouts[key] = coins
        return coins

    def next_threshold(self, bean: str, n: int) -> Optional[tuple[int, int]]:
        """(cards needed, coins then) for the next beanometer step above ``n`` cards, or None."""
        b = self.beans.get(bean)
        if b is None:
            return None
        now = self.payout(bean, n)
        for k, need in enumerate(b.meter, start=1):
            if need is not None and k > now:
                return need, k
        return None
