"""One language for the whole page.

Voila runs a notebook in a kernel that may have started before anyone asked for the page
(preheated kernels), so the kernel cannot read the address bar. The language therefore
comes from the browser: :class:`PageSwitch` (an anywidget) reads ``?lang=`` from the
page's address (then ``localStorage``, then English), tells the kernel, shows the EN / HU
switch and keeps ``lang`` on every link to our notebooks, so the landing page's choice
carries into each game page. On the browser-only site (Voici) the pages are prebuilt
``voici/render/x.html`` files: links to them are ours too, and a lesson's link to
``x.ipynb`` is pointed at ``x.html``.

In the kernel, :func:`page_language` is the page's language. When it changes, every live
widget that follows the page switches too: anything with a ``set_lang(lang)`` method or a
``lang`` trait, so widgets written elsewhere follow without registering. A widget that
must keep its own language sets ``follows_page = False``.

>>> from beannb.widgets.page import Prose, page_language
>>> p = Prose({"en": "**Hello**", "hu": "**Szia**"})
>>> page_language().set("hu"); "Szia" in p.value
True
>>> page_language().reset()
"""
from __future__ import annotations

import json
import re
import warnings
import weakref
from html import escape
from typing import Any, Callable, Mapping, Optional, Union

import anywidget
import ipywidgets as W
import traitlets

from .front import StaticFront, asset, front_traits
from ..i18n import LANGS

STORAGE_KEY = "beannb.lang"

#: A text in both languages, or a function of the language (text worked out from the rules).
Bilingual = Union[Mapping[str, str], Callable[[str], str]]


def pick(text: Bilingual, lang: str) -> str:
    """``text`` in ``lang`` (English when that language is missing)."""
    if callable(text):
        return text(lang)
    return text.get(lang) or text.get("en", "")


# -- the page's language in the kernel ----------------------------------------------


class PageLanguage(traitlets.HasTraits):
    """The language of everything on this page (one per kernel: one kernel, one page)."""

    lang = traitlets.Unicode("en")
    #: True once the browser (or a person) chose the language; new widgets then adopt it.
    chosen = traitlets.Bool(False)

    def __init__(self) -> None:
        super().__init__()
        self._followers: list[weakref.ref] = []
        self.observe(lambda ch: self._spread(ch["new"]), names="lang")

    def set(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        self.chosen = True
        if lang == self.lang:
            self._spread(lang)  # widgets made since still catch up
        else:
            self.lang = lang

    def reset(self) -> None:
        """Back to English, not chosen (for tests)."""
        self.chosen = False
        self.lang = "en"

    def follow(self, obj: Any) -> Any:
        """Make ``obj`` follow the page even if it is not a live widget; returns ``obj``.
        If the page language was already chosen, ``obj`` switches to it now."""
        self._followers.append(weakref.ref(obj))
        if self.chosen:
            apply_lang(obj, self.lang)
        return obj

    def followers(self) -> list[Any]:
        """Everything that switches with the page: registered objects and every live
        widget with ``set_lang`` or a ``lang`` trait."""
        out: dict[int, Any] = {}
        alive = []
        for ref in self._followers:
            obj = ref()
            if obj is not None and not _closed(obj):
                alive.append(ref)
                out[id(obj)] = obj
        self._followers = alive
        for w in list(_live_widgets()):
            if id(w) not in out and _can_follow(w):
                out[id(w)] = w
        return [o for o in out.values() if getattr(o, "follows_page", True)]

    def _spread(self, lang: str) -> None:
        for obj in self.followers():
            try:
                apply_lang(obj, lang)
            except Exception as exc:  # one broken widget must not keep the rest in the old language
                warnings.warn(f"{type(obj).__name__} could not switch to {lang}: {exc}", RuntimeWarning)


def _live_widgets():
    from ipywidgets.widgets import widget as _w

    return getattr(_w, "_instances", {}).values()


def _closed(obj: Any) -> bool:
    return isinstance(obj, W.Widget) and getattr(obj, "comm", True) is None


def _can_follow(obj: Any) -> bool:
    return callable(getattr(type(obj), "set_lang", None)) or (
        isinstance(obj, traitlets.HasTraits) and obj.has_trait("lang") and not isinstance(obj, PageSwitch))


def apply_lang(obj: Any, lang: str) -> None:
    """Switch one object: ``set_lang(lang)`` if it has one, else its ``lang`` trait."""
    setter = getattr(obj, "set_lang", None)
    if callable(setter):
        setter(lang)
    elif isinstance(obj, traitlets.HasTraits) and obj.has_trait("lang"):
        if getattr(obj, "lang") != lang:
            obj.lang = lang


_PAGE: Optional[PageLanguage] = None


def page_language() -> PageLanguage:
    """The page's language (one object per kernel)."""
    global _PAGE
    if _PAGE is None:
        _PAGE = PageLanguage()
    return _PAGE


def initial_lang(lang: Optional[str]) -> str:
    """The language a new widget starts in: the one asked for, else the page's."""
    return lang or page_language().lang


# -- the switch in the browser ------------------------------------------------------

_ESM = (f"const KEY = {json.dumps(STORAGE_KEY)};\nconst LANGS = {json.dumps(list(LANGS))};\n"
        + asset("page.js"))

_CSS = asset("page.css")


class PageSwitch(StaticFront, anywidget.AnyWidget):
    """The page-wide EN / HU switch; its ``lang`` is the page's language. ``PageSwitch(game)``
    also names the browser tab after the game, in the page's language (``titles``); a page
    about no one game passes ``titles`` itself."""

    _esm, _css, _anywidget_id = front_traits(_ESM, _CSS, "beannb.widgets.page.PageSwitch")
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The tab's title in each language (empty: the page keeps its own).
    titles = traitlets.Dict().tag(sync=True)
    follows_page = False

    def __init__(self, game: Optional[str] = None, **kw: Any) -> None:
        page = page_language()
        if game is not None and "titles" not in kw:
            from ..render.overview import title

            kw["titles"] = {lang: title(game, lang) for lang in LANGS}
        super().__init__(lang=page.lang, **kw)
        self.observe(lambda ch: page.set(ch["new"]) if ch["new"] in LANGS else None, names="lang")
        ref = weakref.ref(self)

        def back(ch: Any) -> None:
            me = ref()
            if me is not None and me.lang != ch["new"]:
                me.lang = ch["new"]

        page.observe(back, names="lang")


# -- prose in the page language -----------------------------------------------------

_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"),
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), r'<a href="\2">\1</a>'),
]


def inline_html(text: str) -> str:
    """Escape, then code, bold, italics and links."""
    out = escape(text, quote=False)
    codes: list[str] = []

    def keep(m: re.Match) -> str:  # code spans are literal
        codes.append(m.group(1))
        return f"\x00{len(codes) - 1}\x00"

    out = re.sub(r"`([^`]+)`", keep, out)
    for rx, sub in _INLINE[1:]:
        out = rx.sub(sub, out)
    return re.sub("\x00(\\d+)\x00", lambda m: f"<code>{codes[int(m.group(1))]}</code>", out)


def markdown_html(text: str) -> str:
    """The markdown our lessons use: headings, paragraphs, bullet lists, pipe tables,
    bold, italics, code and links. Anything else is shown as text."""
    blocks: list[str] = []
    para: list[str] = []
    items: list[str] = []
    rows: list[list[str]] = []

    def flush() -> None:
        if para:
            blocks.append(f"<p>{inline_html(' '.join(para))}</p>")
            para.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{inline_html(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            head, body = rows[0], [r for r in rows[1:] if not all(set(c.strip()) <= set("-: ") for c in r)]
            th = "".join(f"<th>{inline_html(c)}</th>" for c in head)
            trs = "".join("<tr>" + "".join(f"<td>{inline_html(c)}</td>" for c in r) + "</tr>" for r in body)
            blocks.append(f"<table class='beannb-prose-table'><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table>")
            rows.clear()

    for raw in text.strip().splitlines():
        line = raw.strip()
        heading = re.match(r"(#{1,4})\s+(.*)", line)
        if not line:
            flush()
        elif heading:
            flush()
            n = len(heading.group(1))
            blocks.append(f"<h{n}>{inline_html(heading.group(2))}</h{n}>")
        elif re.match(r"[*-]\s+", line):
            if para or rows:
                flush()
            items.append(line[2:].strip())
        elif line.startswith("|") and line.endswith("|"):
            if para or items:
                flush()
            rows.append([c.strip() for c in line[1:-1].split("|")])
        elif items and raw[:1] == " ":
            items[-1] += " " + line  # a list item continued on the next line
        else:
            if items or rows:
                flush()
            para.append(line)
    flush()
    return "".join(blocks)


_PROSE_STYLE = f"<style>{asset('prose.css')}</style>"
#: ``layout`` and ``style`` of the text widgets that never change their own (prose, drawn
#: HTML): one model of each per kernel instead of two new models per text on a page.
_SHARED_LOOK: dict = {}


class PageHTML(W.HTML):
    """HTML drawn by ``render(lang)`` (a bean table, a map), redrawn when the page switches.

    It is born with its value and any classes (one message to the browser, not one plus an
    update per change) and with the shared look.
    """

    def __init__(self, render: Callable[[str], str], lang: Optional[str] = None, **kw: Any) -> None:
        self.render = render
        self.lang = initial_lang(lang)
        if not _SHARED_LOOK:
            from ipywidgets.widgets.widget_string import HTMLStyle

            _SHARED_LOOK.update(layout=W.Layout(), style=HTMLStyle())
        super().__init__(**{**_SHARED_LOOK, "value": render(self.lang), **kw})

    def set_lang(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self.value = self.render(lang)


class Prose(PageHTML):
    """Markdown shown in the page language, switched with it.

    ``text`` is ``{"en": ..., "hu": ...}`` or a function of the language.
    """

    def __init__(self, text: Bilingual, lang: Optional[str] = None, **kw: Any) -> None:
        self.text = text
        kw["_dom_classes"] = (*kw.get("_dom_classes", ()), "beannb-prose")
        super().__init__(self._html, lang, **kw)

    def _html(self, lang: str) -> str:
        return _PROSE_STYLE + f"<div class='beannb-prose' lang='{lang}'>{markdown_html(pick(self.text, lang))}</div>"
