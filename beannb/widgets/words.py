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

from typing import Any, Iterable, Iterator, Mapping

from ..i18n import LANGS
from ..i18n.messages import PSEUDO, Entry, Messages, locale_dir

#: Where the widgets' catalogues are (``locale/<lang>/LC_MESSAGES/widgets.mo``).
LOCALE = locale_dir(__file__)
DOMAIN = "widgets"


def table(entries: Iterable[Entry]) -> Messages:
    """A message table of the widgets' domain."""
    return Messages(DOMAIN, LOCALE, entries)


def speaks(lang: Any) -> bool:
    """Whether the widgets have words in ``lang`` (the pseudo-language included)."""
    return lang in LANGS or lang == PSEUDO


class LangWords(Mapping):
    """One language's words of a :class:`Words` table, by key (the catalogue's texts, their
    fields open; a plural message in its singular form)."""

    def __init__(self, words: "Words", lang: str):
        self.words = words
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        if key not in self.words.keys_:
            raise KeyError(key)
        return self.words.messages.template(self.words.code(key), self.lang)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words.keys_)

    def __len__(self) -> int:
        return len(self.words.keys_)


class Words(Mapping):
    """A module's words in every language the widgets speak: ``TEXT[lang][key]``.

    A key is the message's code without the table's ``prefix``, dashes read as underscores
    (``lab-worth-head`` is the key ``worth_head`` of ``Words(MESSAGES, "lab-")``). Iterating
    gives the real languages; the pseudo-language is reached by name only."""

    def __init__(self, messages: Messages, prefix: str = ""):
        self.messages = messages
        self.prefix = prefix
        self.keys_ = tuple(code[len(prefix):].replace("-", "_") for code in messages.entries if code.startswith(prefix))

    def code(self, key: str) -> str:
        return self.prefix + key.replace("_", "-")

    def text(self, key: str, lang: str, /, **values: Any) -> str:
        """The text of ``key`` in ``lang`` (English for a language the widgets do not speak)
        with its fields filled; a plural message picks its form by ``n``."""
        return self.messages.text(self.code(key), lang if speaks(lang) else "en", values)

    def message(self, key: str, /, **values: Any):
        """The text of ``key`` with its data, in no language yet (a value of another message)."""
        return self.messages.message(self.code(key), **values)

    def __getitem__(self, lang: str) -> LangWords:
        if not speaks(lang):
            raise KeyError(lang)
        return LangWords(self, lang)

    def __contains__(self, lang: object) -> bool:
        return speaks(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def get(self, lang: Any, default: Any = None) -> Any:  # type: ignore[override]
        return LangWords(self, lang) if speaks(lang) else default

