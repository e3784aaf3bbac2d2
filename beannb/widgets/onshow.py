"""Work that waits until a widget is on screen.

:class:`OnShow` is a small front-end widget (anywidget) that tells the kernel when a
browser first draws it or, given a ``margin``, when it first comes within that distance of
the visible part of the page. A page puts expensive, non-urgent work (a fixed simulation,
say) behind it, so the notebook finishes executing, and the page becomes usable, first.

:class:`Lazy` is a section of a page built only when the learner scrolls near it: until
then it is an empty placeholder of about the section's height. A long lesson page then
executes, reaches the browser and becomes usable as quickly as a short one, and its
kernel holds only the sections the learner has looked at. Every widget class a page shows
below the fold has a ``later`` constructor (:class:`BuiltLater`)::

    WalkthroughApp.later(find('bohnanza/lesson_01_first_turn'))

Set ``BEANNB_LAZY=0`` to build every section at once (notebook tests, static exports).
"""
from __future__ import annotations

import os
from html import escape
from typing import Any, Callable, Optional

import anywidget
import ipywidgets as W
import traitlets

from .front import StaticFront, asset, front_traits
from .page import apply_lang, page_language

LAZY_ENV = "BEANNB_LAZY"

_ESM = asset("onshow.js")

_CSS = asset("onshow.css")


class OnShow(StaticFront, anywidget.AnyWidget):
    """Calls each function given to :meth:`then` once, when a browser first shows the widget
    (or at once if it has been shown already).

    Without a ``margin`` the widget is invisible and fires as soon as it is drawn. With one
    (CSS, e.g. ``"600px 0px"``, or ``"0px"`` for "on screen") it fires when it comes that
    close to the visible part of the page; with ``placeholder`` it is drawn as a grey box
    ``height`` tall meanwhile (its layout's ``min_height``: an inline style set in the
    browser would be cleared by the layout's own view).
    """

    _esm, _css, _anywidget_id = front_traits(_ESM, _CSS, "beannb.widgets.onshow.OnShow")
    shown = traitlets.Bool(False).tag(sync=True)
    margin = traitlets.Unicode("").tag(sync=True)
    #: Drawn as a grey box (a section still to come) rather than invisibly.
    placeholder = traitlets.Bool(False).tag(sync=True)

    def __init__(self, height: Optional[str] = None, **kw):
        super().__init__(**kw)
        self.add_class("beannb-onshow")
        if height:
            self.layout.min_height = height
        self._pending: list[Callable[[], None]] = []
        self.observe(self._fire, names="shown")

    def then(self, fn: Callable[[], None]) -> "OnShow":
        if self.shown:
            fn()
        else:
            self._pending.append(fn)
        return self

    def _fire(self, change) -> None:
        if change["new"]:
            pending, self._pending = self._pending, []
            for fn in pending:
                fn()


def lazy_enabled() -> bool:
    """False when ``BEANNB_LAZY=0``: sections are then built at once."""
    return os.environ.get(LAZY_ENV, "1").strip() != "0"


class Lazy(W.VBox):
    """A page section built by ``build()`` when the learner first scrolls near it.

    ``height`` is the placeholder's height until then (about the section's, so the page
    does not jump); ``margin`` how far below or above the screen building starts.
    :meth:`build` builds it now (tests, or code that needs the section at once).
    """

    def __init__(self, build: Callable[[], W.Widget], height: str = "320px", margin: str = "600px 0px",
                 preview: Optional[W.Widget] = None):
        super().__init__()
        self.add_class("beannb-lazy")
        self._factory = build
        self.content: Optional[W.Widget] = None
        self.trigger: Optional[OnShow] = None
        #: The section's words until it is built (see :mod:`beannb.widgets.preview`).
        self.preview = preview
        if lazy_enabled():
            # With a preview the page already shows the section's text: the trigger stays small.
            self.trigger = OnShow(margin=margin, height="24px" if preview is not None else height, placeholder=True)
            self.children = [preview, self.trigger] if preview is not None else [self.trigger]
            self.trigger.then(self.build)
        else:
            self.build()

    def build(self) -> W.Widget:
        """The section, built now if it was not yet."""
        if self.content is None:
            try:
                self.content = self._factory()
            except Exception as exc:  # shown in the page: a learner sees no traceback
                self.content = W.HTML(f"<div class='beannb-refusal' style='color:#b00'>{escape(str(exc))}</div>")
                self.children = [self.content]
                raise
            self.children = [self.content]
            if self.preview is not None:  # the widgets take the words' place
                self.preview.close()
                self.preview = None
            self.add_class("beannb-lazy-built")
            page = page_language()
            if page.chosen:  # built after the page chose its language: speak it from the start
                apply_lang(self.content, page.lang)
        return self.content


class BuiltLater:
    """Gives a widget class ``Cls.later(...)``: a :class:`Lazy` section that builds
    ``Cls(...)`` when the learner scrolls near it. ``LAZY_HEIGHT`` is its placeholder's height."""

    LAZY_HEIGHT = "320px"

    @classmethod
    def later(cls, *args: Any, **kwargs: Any) -> Lazy:
        from .preview import preview_for

        preview = preview_for(cls, args, kwargs, page_language().lang) if lazy_enabled() else None
        return Lazy(lambda: cls(*args, **kwargs), height=cls.LAZY_HEIGHT, preview=preview)
