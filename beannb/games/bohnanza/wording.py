"""Words for the pages: messages of the catalogue read by language (:class:`Words`), and
numbers in words (player counts, ordinals, cards, fields and coins, values that vary with the
player count). Every game's overview (:mod:`.overview` and the expansions') is built from them."""
from __future__ import annotations

from collections.abc import Mapping as _MappingABC
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, Union

from ...i18n import LANGS
from ...i18n.messages import NC_, NPC_, PSEUDO, Entry, Message, Named
from .text import MESSAGES, _ordinal


# --------------------------------------------------------------------------------------
# Words from the catalogue, read by language
# --------------------------------------------------------------------------------------
class Words(_MappingABC):
    """Words in each language the pages speak (and the pseudo-language), from the catalogue: a
    message, or a function of the language that reads messages. Read as ``{lang: text}``
    (``w["hu"]``, ``w.get("en")``, ``dict(w)``) where the page code expects a mapping, and
    given as a value to another message (its ``text(lang)``)."""

    __slots__ = ("source",)

    def __init__(self, source: Union[Message, Callable[[str], str]]):
        self.source = source

    def text(self, lang: str = "en") -> str:
        if lang not in LANGS and lang != PSEUDO:
            lang = "en"
        src = self.source
        return src.text(lang) if hasattr(src, "text") else src(lang)

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS and lang != PSEUDO:
            raise KeyError(lang)
        return self.text(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Words({self.source!r})"


def say(entry: Entry, **data: Any) -> Words:
    """A message of the game's catalogue declared where it is used, as :class:`Words`:
    ``say(NC_("ov-box-coins", "…"))``; ``data`` fills its fields (a value with ``text(lang)``,
    such as other words or a card's :class:`~beannb.i18n.messages.Named`, in the reader's language)."""
    return Words(MESSAGES.say(entry, **data))


def worded(fn: Callable[[str], str]) -> Words:
    """Words worked out per language by ``fn(lang)`` (which reads the catalogue)."""
    return Words(fn)


def in_lang(words: Any, lang: str) -> str:
    """Words in ``lang``: a message (anything with ``text(lang)``), or a mapping by language
    (English where the mapping lacks the language, e.g. the pseudo-language)."""
    if hasattr(words, "text") and not isinstance(words, str):
        return words.text(lang)
    try:
        return words[lang]
    except KeyError:
        return words["en"]


def as_words(words: Any) -> Words:
    """A mapping by language or words, as :class:`Words` (a value for a message)."""
    if isinstance(words, Words):
        return words
    return Words(lambda lang: in_lang(words, lang))


# --------------------------------------------------------------------------------------
# Small helpers for numbers in words
# --------------------------------------------------------------------------------------
def span(counts: Iterable[int]) -> str:
    """Player counts as a reader writes them: ``span([3, 4, 5]) == '3–5'``, ``'2, 4–5'``."""
    ns = sorted(set(counts))
    runs: list[list[int]] = []
    for n in ns:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def _many(counts: Sequence[int]) -> int:
    """The count that picks a plural form for player counts: 1 only for one player."""
    return 1 if list(counts) == [1] else 2


def players_words(counts: Iterable[int]) -> Words:
    """'3–5 players' / '3–5 játékos', as words for a message."""
    counts = list(counts)
    return say(NPC_("ov-players", "{span} player", "{span} players"), span=span(counts), n=_many(counts))


def players(counts: Iterable[int], lang: str) -> str:
    """'3–5 players' / '3–5 játékos'."""
    return players_words(counts).text(lang)


def at_players_words(counts: Iterable[int]) -> Words:
    """'with 3–5 players' / '3–5 játékosnál', as words for a message."""
    counts = list(counts)
    return say(NPC_("ov-at-players", "with {span} player", "with {span} players"), span=span(counts), n=_many(counts))


def at_players(counts: Iterable[int], lang: str) -> str:
    """'with 3–5 players' / '3–5 játékosnál'."""
    return at_players_words(counts).text(lang)


def ordinal_words(n: int) -> Words:
    """``n`` as an ordinal ('3rd' / '3.'), as words for a message."""
    return Words(_ordinal(n))


def ordinal(n: int, lang: str) -> str:
    return _ordinal(n).text(lang)


def group(values: Mapping[int, Any]) -> list[tuple[tuple[int, ...], Any]]:
    """Player count -> value, grouped: the counts that share a value, in order."""
    out: list[tuple[list[int], Any]] = []
    for n in sorted(values):
        for counts, v in out:
            if v == values[n]:
                counts.append(n)
                break
        else:
            out.append(([n], values[n]))
    return [(tuple(c), v) for c, v in out]


def varying(values: Mapping[int, Any], say: Callable[[Any, str], str], lang: str) -> str:
    """A value that may depend on the player count, in words: 'X' or 'X with 3 players, Y with 4–5 players'."""
    groups = group(values)
    if len(groups) == 1:
        return say(groups[0][1], lang)
    # TRANSLATORS: one value of several, each for some player counts; {players} is "with 3 players".
    part = NC_("ov-varying", "{value} {players}")
    return ", ".join(MESSAGES.say(part, value=say(v, lang), players=at_players_words(c)).text(lang) for c, v in groups)


def varying_words(values: Mapping[int, Any], say: Callable[[Any, str], str]) -> Words:
    """:func:`varying` as words for a message (``say(value, lang)`` words each value)."""
    return worded(lambda lang: varying(values, say, lang))


def cards_word(n: int, lang: str) -> str:
    """'3 cards' / '3 lap'."""
    return MESSAGES.text("count-cards", lang, n=n)


def fields_word(n: int, lang: str) -> str:
    """'2 bean fields' / '2 babföld'."""
    return MESSAGES.say(NPC_("ov-count-fields", "{n} bean field", "{n} bean fields"), n=n).text(lang)


def coins_word(n: int, lang: str) -> str:
    """'3 coins' / '3 babtallér'."""
    return MESSAGES.text("count-coins", lang, n=n)


def coins_words(n: int) -> Words:
    return Words(MESSAGES.message("count-coins", n=n))


def bean_list(cards, beans: Sequence[str], lang: str) -> str:
    """'Blue 20, Chili 18, …' from a card table."""
    # TRANSLATORS: {b} is a bean type and {n} how many cards of it the deck has ("Blue 20").
    each = NC_("ov-bean-count", "{b} {n}")
    return ", ".join(MESSAGES.say(each, b=Named(cards, b), n=cards.beans[b].count).text(lang) for b in beans)


def bean_list_words(cards, beans: Sequence[str]) -> Words:
    return worded(lambda lang: bean_list(cards, beans, lang))
