"""The landing page: one card per game, linking to its notebook, with a language switch."""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Optional

import ipywidgets as W

from ..games import PAGES, listed
from ..i18n import LANGS
from ..scenario_format import wordings
from ..i18n.messages import NC_
from . import views
from .page import initial_lang
from .onshow import BuiltLater
from .words import Words, table

#: One card per registered game that has a page (the registry's ``PAGES``): its page, its
#: colour and its name, the game's name on every page (its rules catalogue's title; the tests
#: keep them equal). A name said differently in another language is the message
#: ``landing-name-<game>`` instead; the blurb is ``landing-<game>``.
GAMES = [{"name": g, "ready": True, **PAGES[g]} for g in listed() if g in PAGES]

MESSAGES = table([
    NC_("landing-name-takeover", "Hostile Takeover"),
    NC_("landing-bohnanza", "The base card game: plant beans in the order you hold them, trade with everyone, "
                            "harvest for coins."),
    NC_("landing-takeover", "The expansion of hostile takeovers: the Snap bean, 18 text cards and no trading."),
    NC_("landing-rabohnzel", "A standalone variant with a magic phase, bean abilities and potions."),
    NC_("landing-bohnaparte", "Territory conquest on a hex map, with battles paid for in coins."),
    NC_("landing-title", "beannb: learn Bohnanza by playing"),
    # TRANSLATORS: a game card's badge: the game can be opened
    NC_("landing-ready", "available"),
    # TRANSLATORS: a game card's badge: the game is not there yet
    NC_("landing-coming", "coming"),
    NC_("landing-open", "Open →"),
    NC_("landing-intro", "Every move you can make is listed, every move you cannot make is refused with the rule that "
                         "forbids it, and every game can be replayed, undone and watched from any seat."),
    # TRANSLATORS: the landing page's link to the lessons a teacher put into the browser-only site.
    NC_("landing-lessons", "Lessons from your teacher"),
    NC_("landing-lessons-blurb", "Lessons and pages your teacher wrote: open one and step through it."),
    NC_("landing-footer", "Each game opens in its own page, in the language chosen at the top. Everything runs on the "
                          "machine that serves these pages; nothing is sent to the internet."),
])
TEXT = Words(MESSAGES, "landing-")


def page_titles() -> dict[str, str]:
    """The landing page's tab title in each language."""
    return {lang: TEXT.text("title", lang) for lang in LANGS}


def game_card(game: str, lang: str = "en") -> tuple[str, str]:
    """A game card's title (the game's name) and blurb in ``lang``."""
    card = next(g for g in GAMES if g["name"] == game)
    title = card["title"] or TEXT.text("name_" + game, lang)
    return title, TEXT.text(game, lang)


def page_href(notebook: str) -> str:
    """The link to a notebook's page: Voila renders ``x.ipynb`` itself; the browser-only site
    (Voici, where Python runs as WebAssembly) has each page prebuilt as ``x.html``."""
    import sys

    return notebook[: -len(".ipynb")] + ".html" if sys.platform == "emscripten" else notebook


def landing_html(lang: str = "en") -> str:
    def tx(key: str) -> str:
        return escape(TEXT.text(key, lang))

    cards = []
    for g in GAMES:
        title, blurb = game_card(g["name"], lang)
        status = tx("ready") if g["ready"] else tx("coming")
        link = (f'<a class="beannb-open" href="{page_href(g["notebook"])}?lang={lang}" style="display:inline-block;padding:.35em .9em;'
                f'border-radius:6px;background:{g["colour"]};color:#fff;font-weight:bold;text-decoration:none">'
                f'{tx("open")}</a>' if g["ready"] else "")
        cards.append(
            f'<div class="beannb-game beannb-game-{g["name"]}" style="display:inline-block;vertical-align:top;width:15em;'
            f'min-height:11em;margin:0 .8em .8em 0;padding:.9em 1em;border-radius:12px;border:2px solid {g["colour"]};'
            f'background:{"#eef7e9" if g["ready"] else "#f4f1ea"}">'
            f'<div style="font-size:1.25em;font-weight:bold">{escape(title)}</div>'
            f'<span style="display:inline-block;padding:.1em .6em;border-radius:1em;font-size:.8em;color:#fff;'
            f'background:{g["colour"]};text-transform:uppercase">{status}</span>'
            f'<p style="line-height:1.4">{escape(blurb)}</p>{link}</div>')
    return (f'<h1 class="beannb-title">{tx("title")}</h1><p>{tx("intro")}</p>'
            f'<div>{"".join(cards)}</div>{lessons_link_html(lang)}<p class="beannb-landing-footer">{tx("footer")}</p>')


#: The page listing a teacher's lessons on the browser-only site (``beannb site FOLDER``).
LESSONS_PAGE = "lessons.ipynb"


def lessons_link_html(lang: str = "en") -> str:
    """The link to a teacher's lessons, where this beannb came with some (the browser-only site
    built with ``beannb site FOLDER``); empty elsewhere."""
    from ..core.paths import shipped_lessons

    if shipped_lessons() is None:
        return ""
    return (f'<p class="beannb-lessons-link" style="font-size:1.1em"><a href="{page_href(LESSONS_PAGE)}?lang={lang}">'
            f'<b>{escape(TEXT.text("lessons", lang))}</b></a> — {escape(TEXT.text("lessons_blurb", lang))}</p>')


class Landing(W.VBox):
    """The game cards. The links keep the page language (the page switch adds ``?lang=``)."""

    def __init__(self, lang: Optional[str] = None):
        super().__init__()
        self.add_class("beannb-landing")
        lang = initial_lang(lang)
        self.lang = lang
        self.toggle = views.language_toggle(lang)
        self.body = W.HTML(landing_html(lang))
        self.toggle.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.children = [self.toggle, self.body]

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.toggle.value != lang:
            self.toggle.value = lang  # comes back here through the toggle's observer
            return
        html = landing_html(lang)
        if self.body.value != html:
            self.body.value = html


def scenario_titles(path) -> dict[str, str]:
    """A built-in scenario's titles ({"en": …, "hu": …}) without loading the whole scenario:
    libyaml's safe loader where PyYAML has it; the file name when the file does not read."""
    import yaml

    from ..scenario_format import MAX_SCENARIO_BYTES

    path = Path(path)
    try:
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            raise ValueError("too large")
        data = yaml.load(path.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        return wordings(data, "title", path.stem, cast=True)
    except Exception:  # noqa: BLE001 - the walkthrough reports a broken file when it is picked
        return {lang: path.stem for lang in LANGS}


class ScenarioBrowser(BuiltLater, W.VBox):
    """Pick any scenario of a game and step through it."""

    LAZY_HEIGHT = "520px"  # placeholder until built (see BuiltLater)

    def __init__(self, game: str = "bohnanza", prefix: str = "e", lang: Optional[str] = None):
        from ..scenarios import scenario_dir
        from .apps import WalkthroughApp

        super().__init__()
        self.add_class("beannb-browser")
        files = sorted((scenario_dir() / game).glob(f"{prefix}*.yaml"))
        # Only the titles are read now (fast); a scenario is loaded and checked when it is shown.
        self.scenarios = [(scenario_titles(f), str(f)) for f in files]
        self.lang = initial_lang(lang)
        options = self._options()
        self.pick = views.classed(W.Dropdown(options=options, layout=W.Layout(width="560px")), "beannb-scenario-pick")
        self.area = W.VBox()

        def show(path):
            self.area.children = [WalkthroughApp(path, lang=self.lang)]

        self.pick.observe(lambda ch: show(ch["new"]), names="value")
        if options:
            show(options[0][1])
        self.children = [self.pick, self.area]

    def _options(self) -> list[tuple[str, str]]:
        return [(titles.get(self.lang) or titles["en"], path) for titles, path in self.scenarios]

    def set_lang(self, lang: str) -> None:
        """The list's titles; the walkthrough below follows the page by itself."""
        if lang == self.lang:
            return
        self.lang = lang
        views.relabel_options(self.pick, [label for label, _ in self._options()])
