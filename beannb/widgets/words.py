"""The notebook widgets' words: message tables of the ``widgets`` catalogue domain.

Each widget module declares its words once, in English, as messages with codes (the codes
of one module share its prefix, ``progress-title``, ``lab-seat-n`` …)::

    MESSAGES = table([NC_("progress-title", "Your progress"), …])
    TEXT = Words(MESSAGES, "progress-")

The Hungarian texts are in ``widgets/locale/hu/LC_MESSAGES/widgets.po`` (``make translations``
keeps them in step). :class:`Words` reads a module's table as the widgets always read their
words: ``TEXT.text(key, lang, **values)`` is a text filled in (Hungarian grammar applied),
``TEXT[lang][key]`` the text as the catalogue holds it (its ``{fields}`` open), ``lang in
TEXT`` whether the widgets speak ``lang``. The pseudo-language ``xx`` answers too, every
text bracketed, so a widget drawn in it shows at once which of its words are not catalogued.
"""
from __future__ import annotations

from typing import Iterable

from ..i18n.messages import Entry, LangWords, Messages, Words, locale_dir, speaks

#: Where the widgets' catalogues are (``locale/<lang>/LC_MESSAGES/widgets.mo``).
LOCALE = locale_dir(__file__)
DOMAIN = "widgets"


def table(entries: Iterable[Entry]) -> Messages:
    """A message table of the widgets' domain."""
    return Messages(DOMAIN, LOCALE, entries)


__all__ = ["DOMAIN", "LOCALE", "LangWords", "Words", "speaks", "table"]
