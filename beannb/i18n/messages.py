"""Message catalogues: every sentence a learner reads, by code, in gettext's format.

Each game (and the interface) declares its messages once, in English, as a table of codes::

    MESSAGES = Messages("bohnanza", LOCALE, [
        NC_("field-empty", "field {field} is empty"),
        NPC_("fields-count", "you have {n} field", "you have {n} fields"),
    ])

The English text is the gettext message id and the code its context (``msgctxt``), so the
catalogues are ordinary ``.po`` files a translator opens with any gettext tool; ``make
translations`` extracts the templates with Babel, merges them into each language's ``.po`` and
compiles the ``.mo`` files read here with the standard library's :mod:`gettext`.

A message is filled with data by :meth:`Messages.text`: ``{field}`` as usual, a value with a
``text(lang)`` method (a card, a rule) in the reader's language, and the Hungarian grammar specs
of :mod:`beannb.i18n.hu` (``{field:az}``, ``{player:nak}``). A plural message picks its form by
the data field ``n``. The pseudo-language :data:`PSEUDO` shows every catalogued text accented and
in brackets: a page rendered in it shows at once which of its words never went through a
catalogue.
"""
from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, NamedTuple, Optional, Protocol, Union

from . import LANGS, hu

#: The pseudo-language: English accented and bracketed (tests render pages in it).
PSEUDO = "xx"
#: What brackets a pseudo-translated text.
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


class Entry(NamedTuple):
    code: str
    singular: str
    plural: Optional[str] = None


def NC_(code: str, text: str) -> Entry:
    """A message: its code (the gettext context) and its English text."""
    return Entry(code, text)


def NPC_(code: str, singular: str, plural: str) -> Entry:
    """A message with a plural: the form is picked by the data field ``n``."""
    return Entry(code, singular, plural)


# -- the pseudo-language --------------------------------------------------------------------------------
_ACCENTS = str.maketrans("aceinosuyACEINOSUY", "àçéîñøšüýÀÇÉÎÑØŠÜÝ")
_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``text`` accented outside its ``{fields}`` and bracketed."""
    parts = _FIELD.split(text)
    return PSEUDO_OPEN + "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTS) for p in parts) + PSEUDO_CLOSE


class PseudoTranslations(gettext.NullTranslations):
    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@lru_cache(maxsize=None)
def translations(domain: str, localedir: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``domain`` in ``lang`` (English is the source: no catalogue)."""
    if lang == PSEUDO:
        return PseudoTranslations()
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(_mo_bytes(domain, localedir, lang)))


#: The package's folder as its modules see it (inside a zip when the browser-only site imports
#: the package from one).
_PACKAGE_DIR = str(Path(__file__).resolve().parent.parent) if "://" not in __file__ else ""


def _mo_bytes(domain: str, localedir: str, lang: str) -> bytes:
    """A compiled catalogue's bytes: from the folder, or, where the package is imported from a
    zip (the browser-only site), through the package's resources."""
    name = f"{domain}.mo"
    try:
        return (Path(localedir) / lang / "LC_MESSAGES" / name).read_bytes()
    except OSError:
        pass
    from importlib import resources

    local = str(Path(localedir))
    package_dir = str(Path(__file__).parent.parent)
    for root in (package_dir, _PACKAGE_DIR):
        if root and local.startswith(root + "/"):
            rel = local[len(root) + 1:].split("/")
            try:
                return resources.files("beannb").joinpath(*rel, lang, "LC_MESSAGES", name).read_bytes()
            except OSError:
                break
    raise LookupError(f"no {lang} catalogue for {domain} in {localedir}; run 'make translations'")


# -- filling a message ----------------------------------------------------------------------------------
class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value: Any, spec: str) -> str:
        shown = value.text(self.lang) if hasattr(value, "text") and not isinstance(value, str) else value
        if hu.valid_spec(spec):
            return hu.apply(spec, shown) if self.lang == "hu" else str(shown)
        return format(shown, spec)


_FORMATTERS = {lang: _Formatter(lang) for lang in (*LANGS, PSEUDO)}


def fill(template: str, lang: str, data: Mapping[str, Any]) -> str:
    """``template`` filled with ``data`` in ``lang`` (grammar specs applied in Hungarian)."""
    return _FORMATTERS.get(lang, _FORMATTERS["en"]).vformat(template, (), data)


def lang_of(lang: Any) -> str:
    """A language this package speaks (English for anything else); the pseudo-language passes."""
    return lang if lang in LANGS or lang == PSEUDO else "en"


#: Every message table made so far (the tests check each one in every language).
REGISTRY: list["Messages"] = []


class Messages:
    """One domain's messages by code, with what they extend (an expansion's messages reach its
    base game's, never the other way)."""

    def __init__(self, domain: str, localedir: Union[str, Path], entries: Iterable[Entry],
                 base: Optional["Messages"] = None):
        self.domain = domain
        self.localedir = str(localedir)
        self.entries: dict[str, Entry] = {}
        for entry in entries:
            if entry.code in self.entries:
                raise ValueError(f"message code {entry.code!r} declared twice in {domain}")
            self.entries[entry.code] = entry
        self.base = base
        REGISTRY.append(self)

    def entry(self, code: str) -> tuple["Messages", Entry]:
        messages: Optional[Messages] = self
        while messages is not None:
            found = messages.entries.get(code)
            if found is not None:
                return messages, found
            messages = messages.base
        raise KeyError(f"no message {code!r} in {self.domain}")

    def __contains__(self, code: str) -> bool:
        try:
            self.entry(code)
        except KeyError:
            return False
        return True

    def codes(self) -> list[str]:
        """Every code reachable from here (own first, then the base's)."""
        out = list(self.entries)
        if self.base is not None:
            out += [c for c in self.base.codes() if c not in self.entries]
        return out

    def template(self, code: str, lang: str = "en", n: Optional[int] = None) -> str:
        owner, e = self.entry(code)
        tr = translations(owner.domain, owner.localedir, lang_of(lang))
        if e.plural is None:
            return tr.pgettext(e.code, e.singular)
        return tr.npgettext(e.code, e.singular, e.plural, 1 if n is None else int(n))

    def text(self, code: str, lang: str = "en", data: Optional[Mapping[str, Any]] = None, **more: Any) -> str:
        values = {**(data or {}), **more}
        return fill(self.template(code, lang, values.get("n")), lang_of(lang), values)

    def message(self, code: str, **data: Any) -> "Message":
        """A message not yet in any language: shown later in the reader's (``.text(lang)``)."""
        self.entry(code)  # a typo in a code fails where it is written, not where it is shown
        return Message(self, code, data)

    def fixed(self, code: str) -> "Message":
        """A message that takes no data (a data file's text: a rule, a title), shown as its
        translation stands (no field is filled, so a brace in it is just a brace)."""
        self.entry(code)
        return Message(self, code, None)

    def say(self, entry: Entry, **data: Any) -> "Message":
        """A message declared where it is used: ``MESSAGES.say(NC_("box-deck", "The deck has {n}
        cards."), n=104)`` (for one-off sentences such as a page's; the marker is extracted like
        any other). The same code declared again must have the same English."""
        known = self.entries.get(entry.code)
        if known is None:
            self.entries[entry.code] = entry
        elif known != entry:
            raise ValueError(f"message code {entry.code!r} declared twice with different texts in {self.domain}")
        return Message(self, entry.code, data)


class WordedValue:
    """A value worded in its reader's language by ``text(lang)``; ``str()`` gives the English."""

    __slots__ = ()

    def text(self, lang: str = "en") -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text("en")


class Message(WordedValue):
    """A message with its data, in no language until it is shown."""

    __slots__ = ("messages", "code", "data")

    def __init__(self, messages: Messages, code: str, data: Optional[Mapping[str, Any]]):
        self.messages = messages
        self.code = code
        self.data = None if data is None else dict(data)  # None: a fixed text, never filled

    def text(self, lang: str = "en") -> str:
        if self.data is None:
            return self.messages.template(self.code, lang_of(lang))
        return self.messages.text(self.code, lang, self.data)

    def __repr__(self) -> str:
        return f"Message({self.messages.domain}:{self.code}, {self.data!r})"

    def __reduce__(self):
        return (Message, (self.messages, self.code, self.data))

    def by_lang(self) -> "ByLang":
        """This message as a mapping language -> text (where code expects ``{"en": …, "hu": …}``)."""
        return ByLang(self)


class Worded(Protocol):
    """Anything worded by ``text(lang)``: a message, a name, a figure's words."""

    def text(self, lang: str = "en") -> str: ...


class ByLang(WordedValue, Mapping):
    """A message (or anything worded by ``text(lang)``) read as ``{lang: text}`` for every
    language the pages speak (and the pseudo-language): ``m["hu"]``, ``m.get("en")``, ``dict(m)``."""

    __slots__ = ("message",)

    def __init__(self, message: Worded):
        self.message = message

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS and lang != PSEUDO:
            raise KeyError(lang)
        return self.message.text(lang)

    def text(self, lang: str = "en") -> str:
        return self.message.text(lang)

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __repr__(self) -> str:
        return f"ByLang({self.message!r})"


def locale_dir(package_file: str) -> Path:
    """The ``locale`` folder beside a module (each game keeps its catalogues in its package)."""
    return Path(package_file).resolve().parent / "locale"


#: The ``beannb`` domain's catalogues (the words of no game, nor of the widgets or the
#: class server): a module outside those packages declares its table with this folder.
BEANNB_LOCALE = locale_dir(__file__)
#: The languages a text is shown in, the pseudo-language included.
SHOWN_LANGS = (*LANGS, PSEUDO)


class Named(WordedValue):
    """A thing named by a table in the reader's language: ``Named(CARDS, "chili")`` reads
    "Chili" or "tűzbab" (any table with ``name(key, lang)``)."""

    __slots__ = ("table", "key")

    def __init__(self, table: Any, key: str):
        self.table = table
        self.key = key

    def text(self, lang: str = "en") -> str:
        return self.table.name(self.key, lang if lang in SHOWN_LANGS else "en")

    def __reduce__(self):
        return (Named, (self.table, self.key))


class NamedList(WordedValue):
    """Several things a table names, as the table lists them ("Chili and Soy")."""

    __slots__ = ("table", "keys")

    def __init__(self, table: Any, keys: Iterable[str]):
        self.table = table
        self.keys = tuple(keys)

    def text(self, lang: str = "en") -> str:
        return self.table.names(self.keys, lang if lang in SHOWN_LANGS else "en")

    def __reduce__(self):
        return (NamedList, (self.table, self.keys))


def speaks(lang: Any) -> bool:
    """Whether the pages have words in ``lang`` (the pseudo-language included)."""
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

    def __iter__(self):
        return iter(self.words.keys_)

    def __len__(self) -> int:
        return len(self.words.keys_)


class Words(Mapping):
    """A message table's words in every language the pages speak: ``TEXT[lang][key]``, and
    ``TEXT.text(key, lang, **values)`` filled in.

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
        """The text of ``key`` in ``lang`` (English for a language the pages do not speak)
        with its fields filled; a plural message picks its form by ``n``."""
        return self.messages.text(self.code(key), lang if speaks(lang) else "en", values)

    def message(self, key: str, /, **values: Any) -> Message:
        """The text of ``key`` with its data, in no language yet (a value of another message)."""
        return self.messages.message(self.code(key), **values)

    def __getitem__(self, lang: str) -> LangWords:
        if not speaks(lang):
            raise KeyError(lang)
        return LangWords(self, lang)

    def __contains__(self, lang: object) -> bool:
        return speaks(lang)

    def __iter__(self):
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def get(self, lang: Any, default: Any = None) -> Any:  # type: ignore[override]
        return LangWords(self, lang) if speaks(lang) else default
