"""Words for the pages: messages of the catalogue read by language (:class:`Words`), values
made of several (:class:`Joined` lists, :func:`counted` names, :class:`Capital` openings), and
numbers in words (player counts, ordinals, cards, fields and coins, values that vary with the
player count). Every game's overview (:mod:`.overview` and the expansions') is built from them."""
from __future__ import annotations

from collections.abc import Mapping as _MappingABC
from typing import Any, Callable, Container, Iterable, Iterator, Mapping, Optional, Sequence, Union

from ...i18n import LANGS
from ...i18n.messages import NC_, NPC_, PSEUDO, PSEUDO_OPEN, Entry, Named, Worded
from .text import MESSAGES, _ordinal


# --------------------------------------------------------------------------------------
# Words from the catalogue, read by language
# --------------------------------------------------------------------------------------
class Words(_MappingABC):
    """Words in each language the pages speak (and the pseudo-language), from the catalogue: a
    message (or a name: anything worded by ``text(lang)``), or a function of the language that
    reads messages. Read as ``{lang: text}`` (``w["hu"]``, ``w.get("en")``, ``dict(w)``) where
    the page code expects a mapping, and given as a value to another message (its ``text(lang)``)."""

    __slots__ = ("source",)

    def __init__(self, source: Union[Worded, Callable[[str], str]]):
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


def shown(value: Any, lang: str) -> str:
    """A message, a name or a figure in ``lang``."""
    return value.text(lang) if hasattr(value, "text") and not isinstance(value, str) else str(value)


def capital(text: str) -> str:
    """The first letter in upper case, unless it is a list letter such as 'a)'."""
    return text if text[1:2] == ")" else text[:1].upper() + text[1:]


class Joined:
    """Parts in the reader's language joined by ``sep`` ("Blue 20, Chili 18"), between ``head``
    and ``tail``: each part a message, a name or a figure (a value for another message)."""

    __slots__ = ("parts", "sep", "head", "tail")

    def __init__(self, parts: Iterable[Any], sep: str = ", ", head: str = "", tail: str = ""):
        self.parts, self.sep, self.head, self.tail = tuple(parts), sep, head, tail

    def text(self, lang: str = "en") -> str:
        return self.head + self.sep.join(shown(p, lang) for p in self.parts) + self.tail

    def __str__(self) -> str:
        return self.text("en")


def check_words(what: str, keys: Iterable[str], *tables: Container[str]) -> None:
    """A KeyError naming the ``keys`` some of the ``tables`` has no words for (``what``: "potions
    without their text on the page"): a page never leaves a card, a potion or a terrain unsaid."""
    missing = [k for k in keys if any(k not in t for t in tables)]
    if missing:
        raise KeyError(f"{what}: {missing}")


def name_of(table: Any, ids: Container[str]) -> Callable[[Any], Optional[Named]]:
    """An option value's name by ``table`` if it is one of ``ids`` (the ``without`` options name
    a card, a potion or a terrain), else None."""
    return lambda value: Named(table, value) if isinstance(value, str) and value in ids else None


def counted(name: Any, n: Any) -> Joined:
    """A name and its number, as the pages list them: "Blue 20", "city 3"."""
    return Joined((name, n), " ")


class Capital:
    """A value that begins a sentence (a phase's name opening a line): its first letter in upper
    case (see :func:`capital`); with ``pseudo``, the first letter inside the pseudo-language's
    bracket too."""

    __slots__ = ("value", "pseudo")

    def __init__(self, value: Any, pseudo: bool = False):
        self.value = value
        self.pseudo = pseudo

    def text(self, lang: str = "en") -> str:
        s = shown(self.value, lang)
        if self.pseudo and s.startswith(PSEUDO_OPEN):
            return PSEUDO_OPEN + capital(s[len(PSEUDO_OPEN):])
        return capital(s)


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


def at_players_words(counts: Iterable[int]) -> Words:
    """'with 3–5 players' / '3–5 játékosnál', as words for a message."""
    counts = list(counts)
    return say(NPC_("ov-at-players", "with {span} player", "with {span} players"), span=span(counts), n=_many(counts))


def ordinal_words(n: int) -> Words:
    """``n`` as an ordinal ('3rd' / '3.'), as words for a message."""
    return Words(_ordinal(n))


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


def by_players(values: Mapping[int, Any], word: Callable[[Any], Any],
               each: Callable[[Any, str], Any], sep: str) -> Any:
    """A value that may depend on the player count, for a message: ``word(value)`` when every
    count has the same, else each value with its player counts (``each(words, span)``, in the
    game's own words: "X with 3 players") joined by ``sep``."""
    groups = group(values)
    if len(groups) == 1:
        return word(groups[0][1])
    return Joined((each(word(v), span(c)) for c, v in groups), sep)


def fields_word(n: int, lang: str) -> str:
    """'2 bean fields' / '2 babföld'."""
    return MESSAGES.say(NPC_("ov-count-fields", "{n} bean field", "{n} bean fields"), n=n).text(lang)


def coins_words(n: int) -> Words:
    return Words(MESSAGES.message("count-coins", n=n))


def bean_list_words(cards, beans: Sequence[str]) -> Joined:
    """'Blue 20, Chili 18, …' from a card table, as words for a message."""
    # TRANSLATORS: {b} is a bean type and {n} how many cards of it the deck has ("Blue 20").
    each = NC_("ov-bean-count", "{b} {n}")
    return Joined(MESSAGES.say(each, b=Named(cards, b), n=cards.beans[b].count) for b in beans)
