"""Cards as data: the :class:`Bean` type and :class:`CardTable`, a game's table of cards.

A card in the engine is just its id (a lower-case string such as ``"chili"``): cards of one
type are identical, so a hand, a field or a coin stack is a tuple of ids. Each game owns
one :class:`CardTable` (its beans with counts, beanometers and names, and its other named
cards); an expansion builds its own with :meth:`CardTable.extend` and changes nobody else's.

A card's name is a message of its game's catalogue (code ``card-<id>``, English in the code,
other languages in the game's ``locale/``): the table reads it in the reader's language, and
the notation accepts it in every language. The original German name is kept beside it, as data.

>>> from beannb.games.bohnanza.cards import CARDS
>>> CARDS.payout("red", 3), CARDS.name("red", "hu"), CARDS.card_id("Vörösbab")
(2, 'vörösbab', 'red')
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Optional, Union

from ..i18n import LANGS
from ..i18n.messages import NC_, BEANNB_LOCALE, Entry, Messages

#: The frame words of a list of cards (the ``beannb`` domain).
LIST_WORDS = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: what a list of cards reads when it is empty ("you get: nothing").
    NC_("cards-none", "nothing"),
    # TRANSLATORS: the word for "bean" as it stands in the bean cards' names ("kékbab"): a card is
    # also known by its name without it ("kék") and with it as a word of its own ("kék bab").
    NC_("cards-bean-word", "bean"),
])


def card_code(card: str) -> str:
    """The message code of a card's name."""
    return "card-" + card


class _NamedCard:
    """What every card with a name shares: the name is the message ``card-<id>``, read from the
    game's catalogue (``words``) in the reader's language."""

    id: str
    entry: Entry
    words: Optional[Messages]

    def __post_init__(self) -> None:
        if self.entry.code != card_code(self.id):
            raise ValueError(f"the name of card {self.id!r} must be the message {card_code(self.id)!r}")

    @property
    def en(self) -> str:
        return self.entry.singular

    def name(self, lang: str = "en") -> str:
        if self.words is None:
            return self.en
        return self.words.template(self.entry.code, lang)


@dataclass(frozen=True)
class Bean(_NamedCard):
    """One bean type. ``meter[k-1]`` is the fewest cards in one field that pay ``k`` coins.
    ``entry`` is its name as a message (``NC_("card-<id>", "English")``); ``de`` the original
    German name; ``words`` the game's catalogue the name is read from (set by the table)."""

    id: str
    entry: Entry
    de: str
    count: int
    meter: tuple[Optional[int], Optional[int], Optional[int], Optional[int]]
    colour: str  # for our own drawings (CSS colour), never card art
    words: Optional[Messages] = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Card(_NamedCard):
    """A card that is not a bean (a text card, a joker): its id, name (a message, as a
    :class:`Bean`'s) and original German name."""

    id: str
    entry: Entry
    de: str = ""
    words: Optional[Messages] = field(default=None, compare=False, repr=False)


def card_words(domain: str, localedir: Any, *cards: Iterable[Union[Bean, Card]]) -> Messages:
    """The catalogue a game's card names are read from: its domain's messages ``card-<id>``.
    Each card given here reads its name from it from now on (a card is made once, when its
    game's module is imported, and named by this catalogue only)."""
    cards_ = [c for group in cards for c in group]
    words = Messages(domain, localedir, [c.entry for c in cards_])
    for c in cards_:
        if c.words is None:
            object.__setattr__(c, "words", words)
    return words


class CardTable:
    """A game's cards. ``beans`` are bean types; ``others`` the other cards (:class:`Card`);
    ``aliases`` map extra spellings to ids; ``words`` is the catalogue of the names of the
    cards given here (those of a table extended keep their own). Read-only once built."""

    def __init__(self, beans: Iterable[Bean] = (), others: Iterable[Card] = (),
                 aliases: Optional[Mapping[str, str]] = None, words: Optional[Messages] = None):
        def bind(c):
            return replace(c, words=words) if c.words is None and words is not None else c

        self.beans: dict[str, Bean] = {b.id: bind(b) for b in beans}
        self.others: dict[str, Card] = {c.id: bind(c) for c in others}
        table: dict[str, str] = {}
        for b in self.beans.values():
            for name in (b.id, b.de, b.en.replace("-", "")):
                if name:
                    table.setdefault(name.lower(), b.id)
            for lang in LANGS:
                own = b.name(lang).lower()
                word = LIST_WORDS.template("cards-bean-word", lang).lower()
                short = own.replace(word, "").strip()
                for name in (own, *((short, f"{short} {word}") if short else ())):
                    table.setdefault(name, b.id)
        for c in self.others.values():
            for name in (c.id, c.de, *(c.name(lang) for lang in LANGS)):
                if name:
                    table.setdefault(name.lower(), c.id)
        table.update({k.lower(): v for k, v in (aliases or {}).items()})
        self.aliases: dict[str, str] = table
        self._extra_aliases = dict(aliases or {})
        self._payouts: dict[tuple[str, int], int] = {}

    def extend(self, beans: Iterable[Bean] = (), others: Iterable[Card] = (),
               aliases: Optional[Mapping[str, str]] = None, keep: Optional[Iterable[str]] = None,
               words: Optional[Messages] = None) -> "CardTable":
        """A new table: these cards added (or replacing same ids), their names read from
        ``words``; ``keep`` limits the old beans."""
        kept = [b for b in self.beans.values() if keep is None or b.id in set(keep)]
        new = {b.id: b for b in beans}
        merged = [new.pop(b.id, b) for b in kept] + list(new.values())
        return CardTable(merged, [*self.others.values(), *others], {**self._extra_aliases, **(aliases or {})},
                         words=words)

    def __contains__(self, card: object) -> bool:
        return card in self.beans or card in self.others

    def card_id(self, name: str) -> Optional[str]:
        """The id for a card name in English, German or Hungarian (or an alias), or None."""
        return self.aliases.get(name.strip().lower()) if isinstance(name, str) else None

    def name(self, card: str, lang: str = "en") -> str:
        named = self.beans.get(card) or self.others.get(card)
        return named.name(lang) if named is not None else str(card)

    def names(self, cards, lang: str = "en") -> str:
        """Cards as a list in words ("nothing" when there are none)."""
        if not cards:
            return LIST_WORDS.template("cards-none", lang)
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
