"""The example players: one set of names per language, in seat order.

Scenario files, the lessons and the example games seat the same people everywhere; a page in
English calls them Ann, Bob, Cid …, a page in Hungarian Anna, Balázs, Károly …. The names are
catalogue messages (``cast-1`` … ``cast-8``), so a translator gives each language its own.

Scenario files write the English names (the canonical form, in the notation too); a
walkthrough shown in another language renames the players through :func:`name_map` before it
plays the file, so every sentence built from a name (``{player:nak}``) gets that language's
grammar.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Iterable, Optional

from . import LANGS
from .messages import BEANNB_LOCALE, NC_, Messages, WordedValue

CAST_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: the example players, seat by seat: give each a first name common in the
    # language, every one starting with a different letter; the 1st to 3rd are a woman, a man,
    # a man, the 4th a woman (the lessons call them "she" and "he").
    NC_("cast-1", "Ann"),
    NC_("cast-2", "Bob"),
    NC_("cast-3", "Cid"),
    NC_("cast-4", "Dora"),
    NC_("cast-5", "Eve"),
    NC_("cast-6", "Fay"),
    NC_("cast-7", "Gus"),
    NC_("cast-8", "Hal"),
])

#: How many example players there are (the largest table any game seats, plus one for the
#: scenarios that show a table too large to be dealt).
CAST_SIZE = 8


def cast(lang: str = "en", n: Optional[int] = None) -> list[str]:
    """The example players' names in ``lang`` (English for a language without its own, and for
    the pseudo-language: names are no words to translate); the first ``n`` when given."""
    shown = lang if lang in LANGS else "en"
    names = [CAST_MESSAGES.text(f"cast-{i}", shown) for i in range(1, CAST_SIZE + 1)]
    return names if n is None else names[:n]


def name_map(source: str = "en", target: str = "hu") -> dict[str, str]:
    """Each example player's name in ``source`` -> the same seat's name in ``target``."""
    return dict(zip(cast(source), cast(target)))


def _pattern(names: Iterable[str]) -> "re.Pattern[str]":
    words = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, words)) + r")(?!\w)")


def rename_text(text: str, names: Mapping[str, str]) -> str:
    """``text`` (notation: ``Ann offer Bob 2 chili``, a path ``Ann.coins``) with each whole
    name of ``names`` replaced by its value; a name inside a longer word stays ("Ann" in
    "Anna", "Eve" in "Even")."""
    pairs = {k: v for k, v in names.items() if k != v}
    if not pairs or not isinstance(text, str):
        return text
    return _pattern(pairs).sub(lambda m: pairs[m.group(1)], text)


def rename_data(value: Any, names: Mapping[str, str]) -> Any:
    """A copy of ``value`` (texts, lists, mappings; keys too) with every name renamed by
    :func:`rename_text`; other values as they are."""
    if isinstance(value, str):
        return rename_text(value, names)
    if isinstance(value, Mapping):
        return {rename_data(k, names): rename_data(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(rename_data(v, names) for v in value)
    return value


class CastName(WordedValue):
    """Seat ``seat``'s example player as a message's value: the name in the reader's language
    (``{player:nak}`` gets "Annának" in Hungarian, "Ann" in English)."""

    __slots__ = ("seat",)

    def __init__(self, seat: int):
        self.seat = seat

    def text(self, lang: str = "en") -> str:
        return cast(lang)[self.seat]

    def __repr__(self) -> str:
        return f"CastName({self.seat})"
