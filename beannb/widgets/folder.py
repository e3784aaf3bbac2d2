"""The index page of a teacher's folder: its notebooks as links, its lessons as walkthroughs.

``beannb app DIR`` serves a folder of notebooks and scenario files. A folder without its own
``00_start.ipynb`` gets a generated one holding :class:`FolderIndex`, which lists what the
folder holds; nothing is written into the teacher's folder.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Optional, Union
from urllib.parse import quote

import ipywidgets as W

from ..i18n.messages import NC_
from ..scenario_format import wording
from .words import Words, table

MESSAGES = table([
    NC_("folder-title", "Lessons in this folder"),
    NC_("folder-notebooks", "Pages"),
    NC_("folder-no-notebooks", "No notebooks here."),
    NC_("folder-lessons", "Lessons to step through"),
    NC_("folder-no-lessons", "No lesson files (.yaml) here."),
    NC_("folder-pick", "Lesson:"),
    NC_("folder-broken", "This lesson cannot be opened"),
])
TEXT = Words(MESSAGES, "folder-")

SCENARIO_SUFFIXES = (".yaml", ".yml")


def folder_contents(folder: Union[str, Path]) -> tuple[list[Path], list[Path]]:
    """The notebooks and the scenario files under ``folder`` (hidden folders skipped), sorted."""
    root = Path(folder)

    def visible(p: Path) -> bool:
        rel = p.relative_to(root).parts
        return not any(part.startswith((".", "_")) for part in rel)

    notebooks = sorted(p for p in root.rglob("*.ipynb") if visible(p) and ".ipynb_checkpoints" not in p.parts)
    lessons = sorted(p for p in root.rglob("*") if p.suffix in SCENARIO_SUFFIXES and visible(p))
    return notebooks, lessons


def lesson_title(path: Path, lang: str = "en") -> Optional[str]:
    """A lesson file's title in ``lang`` (its ``title`` / ``title_hu``), or None when it has none
    or cannot be read (the chooser then shows the file's name)."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text("utf-8")[:200_000])
    except (OSError, ValueError, yaml.YAMLError):
        return None
    if not isinstance(data, dict) or not data.get("title"):
        return None
    return wording(data, "title", lang)


class FolderIndex(W.VBox):
    """Links to a folder's notebooks (relative to the served index at ``link_prefix``) and a
    chooser that opens any of its scenario files as a walkthrough."""

    def __init__(self, folder: Union[str, Path], link_prefix: str = "", lang: str = "en"):
        super().__init__()
        self.add_class("beannb-folder-index")
        self.folder = Path(folder)
        self.link_prefix = link_prefix
        self.notebooks, self.lessons = folder_contents(self.folder)
        self.lang = lang if lang in TEXT else "en"
        self.head = W.HTML()
        self.pick = W.Dropdown(options=[], layout=W.Layout(width="560px"))
        self.pick.observe(lambda ch: self._show(ch["new"]), names="value")
        self.shown = W.VBox()
        self.set_lang(self.lang)
        self.children = [self.head, self.pick, self.shown] if self.lessons else [self.head]

    def _head_html(self) -> str:
        from .landing import page_href  # a page's link: x.html on the browser-only site

        def tx(key: str) -> str:
            return escape(TEXT.text(key, self.lang))

        items = "".join(
            f'<li><a href="{escape(page_href(self.link_prefix + quote(str(p.relative_to(self.folder).as_posix()))))}">'
            f"{escape(p.relative_to(self.folder).as_posix())}</a></li>" for p in self.notebooks)
        pages = f"<ul>{items}</ul>" if items else f"<p><i>{tx('no_notebooks')}</i></p>"
        lessons = "" if self.lessons else f"<p><i>{tx('no_lessons')}</i></p>"
        return (f"<h1>{tx('title')}</h1><h2>{tx('notebooks')}</h2>{pages}"
                f"<h2>{tx('lessons')}</h2>{lessons}")

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in TEXT else "en"
        self.head.value = self._head_html()
        self.pick.description = TEXT.text("pick", self.lang)
        labels = [(lesson_title(p, self.lang) or p.relative_to(self.folder).as_posix(), str(p)) for p in self.lessons]
        if list(self.pick.options) != labels:
            keep = self.pick.value
            self.pick.options = labels
            self.pick.value = keep
        for child in self.shown.children:
            if hasattr(child, "set_lang"):
                child.set_lang(self.lang)

    def _show(self, path: Optional[str]) -> None:
        from ..core.errors import BeannbError
        from .apps import WalkthroughApp

        for child in self.shown.children:
            child.close()
        if not path:
            self.shown.children = []
            return
        try:
            app = WalkthroughApp(path)
        except (BeannbError, OSError, ValueError) as exc:
            msg = f"<p class='beannb-error'><b>{escape(TEXT.text('broken', self.lang))}</b>: {escape(str(exc))}</p>"
            self.shown.children = [W.HTML(msg)]
            return
        self.shown.children = [app]
