"""Numbers as each language writes them: the decimal separator and the percent sign are
messages of the ``beannb`` catalogue, so a translator sets them with the rest of the language
("1,5" and "57%" in Hungarian).

>>> number(1.25, 1, "hu"), percent(0.571, "en")
('1,2', '57%')
"""
from __future__ import annotations

from .messages import BEANNB_LOCALE, NC_, PSEUDO, Messages, lang_of

NUMBER_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: the one character between a number's whole part and its fraction (1.5).
    NC_("number-decimal-separator", "."),
    # TRANSLATORS: a percentage; n is the number, already written. Where the language puts a
    # space before the sign, make it a non-breaking one (the sign never starts a line).
    NC_("number-percent", "{n}%"),
])


def _lang(lang: str) -> str:
    """The language whose number format applies: the pseudo-language writes numbers as English
    does (a number is no word to bracket)."""
    shown = lang_of(lang)
    return "en" if shown == PSEUDO else shown


def decimal_separator(lang: str) -> str:
    """What ``lang`` writes between a number's whole part and its fraction."""
    return NUMBER_MESSAGES.template("number-decimal-separator", _lang(lang))


def localize(written: str, lang: str) -> str:
    """A number already written with a decimal point (``f"{x:g}"``), as ``lang`` writes it."""
    return written.replace(".", decimal_separator(lang))


def number(x: float, digits: int, lang: str) -> str:
    """``x`` with ``digits`` decimals, as ``lang`` writes it."""
    return localize(f"{x:.{digits}f}", lang)


def percent(x: float, lang: str, digits: int = 0) -> str:
    """The share ``x`` (0.57) as a percentage in ``lang`` ("57%")."""
    return NUMBER_MESSAGES.text("number-percent", _lang(lang), n=number(100 * x, digits, lang))
