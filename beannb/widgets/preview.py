"""What a section below the fold says before it is built: its text, at once.

A :class:`~beannb.widgets.onshow.Lazy` section is built when the learner scrolls near it, so
that a long page opens quickly. Until then it shows a :class:`Preview`: plain HTML with the
section's words — a walkthrough's title, what each step says and asks — read straight from
the scenario file (no game is replayed, so it costs a file read). Reading the page from the
top and searching it find every lesson's text before any section is built; the widgets take
the preview's place as they come.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Callable, Mapping, Optional

import ipywidgets as W

from ..i18n import LANGS
from ..scenario_format import wording

#: The most steps a preview lists (a lesson has fewer; a long rule example is cut there).
MAX_STEPS = 40


class Preview(W.HTML):
    """Static HTML per language; ``set_lang`` switches it with the page."""

    def __init__(self, texts: Mapping[str, str], lang: str = "en"):
        self.texts = dict(texts)
        super().__init__(self._html(lang))
        self.add_class("beannb-preview")

    def _html(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts.get("en", "")

    def set_lang(self, lang: str) -> None:
        self.value = self._html(lang)


def scenario_texts(data: Mapping[str, Any], lang: str) -> tuple[str, list[str]]:
    """A scenario's title and the prose of its steps in ``lang`` (English where a step has no
    Hungarian, with the page language's example players), in order: what each step says, then
    what it asks."""
    title = wording(data, "title", lang, cast=True)
    lines = []
    for step in data.get("steps") or []:
        if not isinstance(step, dict):
            continue
        for key in ("say", "ask"):
            said = wording(step, key, lang, cast=True).strip()
            if said:
                lines.append(said)
    return title, lines[:MAX_STEPS]


def walkthrough_preview(source: Any) -> Optional[dict[str, str]]:
    """The preview of ``WalkthroughApp(source)`` per language, or None (a source that is not
    a scenario file: a game being recorded, a walkthrough object)."""
    if not isinstance(source, (str, Path)):
        return None
    import yaml

    from ..scenario_format import MAX_SCENARIO_BYTES

    path = Path(source)
    try:
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            return None
        data = yaml.load(path.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, ValueError, yaml.YAMLError):
        return None  # the section itself will say what is wrong with it
    if not isinstance(data, dict):
        return None
    out = {}
    for lang in LANGS:
        title, lines = scenario_texts(data, lang)
        items = "".join(f"<li>{escape(x)}</li>" for x in lines)
        out[lang] = (f"<div class='beannb-preview-walk' lang='{lang}'><h3 style='margin:4px 0'>{escape(title)}</h3>"
                     f"<ol style='margin:2px 0 6px 1.2em;color:#333'>{items}</ol></div>")
    return out


#: Previews by widget class name: ``f(*args, **kwargs)`` -> {lang: html} or None.
PREVIEWS: dict[str, Callable[..., Optional[dict[str, str]]]] = {
    "WalkthroughApp": lambda source, *a, **kw: walkthrough_preview(source),
}


def preview_for(cls: type, args: tuple, kwargs: Mapping[str, Any], lang: str) -> Optional[Preview]:
    """The preview of ``cls(*args, **kwargs)`` in ``lang``, if its class has one."""
    make = PREVIEWS.get(cls.__name__)
    texts = make(*args, **kwargs) if make else None
    return Preview(texts, lang) if texts else None
