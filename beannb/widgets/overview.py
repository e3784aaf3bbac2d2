"""The opening of a game page: the game at a glance, a collapsible glossary, a link to the
printable one-page summary, the game's lists of cards in full (text cards, potions,
territories, the questions the rules decide) and every rule of the game.

Every rule is on the page from the start, in closed groups of plain HTML (the browser's
find-in-page finds it), each with the anchor ``rule-<ID>``; the rule marks of the overview,
the glossary and the lists link to it (see :func:`beannb.render.overview.rules_html`).

``Overview(game, lang="en")`` is an ipywidgets box. Its language is the ``lang`` trait
(or ``set_lang(lang)``), so a page-wide language switch can drive it.

The printable summaries are files in the notebook folder (``notebooks/print/<game>.<lang>.html``,
see :func:`beannb.render.overview.summary_html`); Voila serves them under ``voila/files/``
because ``voila.json`` allows that folder. Outside Voila (plain Jupyter) the link offers
the same page as a download instead.

>>> ov = Overview("bohnanza", lang="hu")
>>> ov.lang = "en"                                # what a page-wide switch does
>>> "3–5 players" in ov.body.value
True
"""
from __future__ import annotations

import base64
import os
from html import escape
from typing import Any, Mapping, Optional

import ipywidgets as W
import traitlets

from ..render.overview import (
    CSS, glossary_html, overview_html, overview_module, page_rule_ids, reference_html, rules_html, summary_html,
    summary_name, title, word,
)
from ..i18n import LANGS
from .views import classed


def summary_href(game: str, lang: str) -> Optional[str]:
    """Where the served summary is, from the page's kernel: the address Voila gave the
    notebook (request kernels) or its base address (preheated kernels, whose notebook sits
    in the served folder, as ``beannb app`` serves it). None outside Voila."""
    name = summary_name(game, lang)
    script = os.environ.get("SCRIPT_NAME", "")
    if "/voila/render/" in script:
        head, _, notebook = script.partition("/voila/render/")
        folder = notebook.rpartition("/")[0]
        return f"{head}/voila/files/{folder + '/' if folder else ''}{name}"
    base = os.environ.get("VOILA_BASE_URL")
    if base is not None:
        return f"{base.rstrip('/')}/voila/files/{name}"
    return None


def summary_link(game: str, lang: str) -> str:
    """The link to the printable summary: the served file, or a download outside Voila."""
    label = escape(f"{word('summary', lang)} ({word('printable', lang)})")
    href = summary_href(game, lang)
    if href is not None:
        return (f'<a class="beannb-summary-link" href="{escape(href)}" target="_blank" rel="noopener">{label}</a>')
    data = base64.b64encode(summary_html(game, lang).encode("utf-8")).decode("ascii")
    return (f'<a class="beannb-summary-link" download="{escape(summary_name(game, lang).split("/")[-1])}" '
            f'href="data:text/html;charset=utf-8;base64,{data}">{label}</a>')


class Overview(W.VBox):
    """A game at a glance (what is in the box, players and setup, the turn, the end,
    scoring and ties, the options in force), a collapsible glossary, the link to the
    printable summary, the game's lists of cards and every rule, in ``lang``; set ``lang``
    (or call ``set_lang``) to switch."""

    lang = traitlets.Unicode("en")

    def __init__(self, game: str = "bohnanza", lang: str = "en", options: Optional[Mapping[str, Any]] = None, **kw: Any):
        super().__init__(**kw)
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        self.game = game
        self.options = dict(options or {})
        self.add_class("beannb-overview")
        self.head = classed(W.HTML(), "beannb-overview-head")
        self.body = classed(W.HTML(), "beannb-overview-body")
        self.gloss = classed(W.HTML(), "beannb-glossary")
        self.glossary = classed(W.Accordion(children=[self.gloss], selected_index=None), "beannb-glossary-box")
        self.reference = classed(W.HTML(), "beannb-reference")
        self.rules = classed(W.HTML(), "beannb-all-rules")
        self.children = [self.head, self.body, self.glossary, self.reference, self.rules]
        self._shown: Optional[str] = None
        self.set_trait("lang", lang)
        self._render()

    def set_lang(self, lang: str) -> None:
        """Switch the language (what a page-wide switch calls)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        self.lang = lang

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        self._render()

    def _render(self) -> None:
        lang = self.lang
        if self._shown == lang:
            return
        self._shown = lang
        name = escape(title(self.game, lang))
        glance = escape(word("glance", lang))
        self.head.value = (f'<style>{CSS}.beannb-overview-head h2{{margin:.2em 0}}'
                           f'.beannb-summary-link{{display:inline-block;font-size:.92em;padding:.15em .6em;'
                           f'border:1px solid #2f5d2f;border-radius:4px;color:#2f5d2f;text-decoration:none}}'
                           f'.beannb-summary-link:hover,.beannb-summary-link:focus{{background:#eef5ea}}</style>'
                           f'<div class="bnb-ov"><h2>{name} — {glance}</h2>'
                           f'{summary_link(self.game, lang)}</div>')
        linked = page_rule_ids(self.game)  # every rule is on this page: its marks link to it
        self.body.value = overview_html(self.game, lang, self.options, css=False, linked=linked)
        self.gloss.value = glossary_html(self.game, lang, css=False, linked=linked)
        self.reference.value = reference_html(self.game, lang, self.options, css=False, linked=linked)
        self.rules.value = rules_html(self.game, lang, css=False, linked=linked)
        n = len(overview_module(self.game).GLOSSARY)
        self.glossary.set_title(0, f"{word('glossary', lang)} ({n} {word('terms', lang)})")
