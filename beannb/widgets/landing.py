"""The landing page: one card per game, linking to its notebook, with a language switch."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from . import views

GAMES = [
    {"name": "bohnanza", "notebook": "01_bohnanza.ipynb", "ready": True, "colour": "#3c8d2f",
     "en": ("Bohnanza", "The base card game: plant beans in the order you hold them, trade with everyone, harvest for coins."),
     "hu": ("Bohnanza", "Az alapjáték: ültesd el a babokat abban a sorrendben, ahogy a kezedben vannak, kereskedj mindenkivel, és takaríts be babtallérokért.")},
    {"name": "takeover", "notebook": "02_takeover.ipynb", "ready": True, "colour": "#b5651d",
     "en": ("Takeover", "The hostile-takeover expansion: the cutting bean, 18 text cards and no trading."),
     "hu": ("Ellenséges felvásárlás", "Az ellenséges felvásárlás kiegészítő: metszőbab, 18 szöveges kártya, csere nélkül.")},
    {"name": "rabohnzel", "notebook": "03_rabohnzel.ipynb", "ready": True, "colour": "#5b3fa0",
     "en": ("Rabohnzel", "A standalone variant with a magic phase, bean abilities and potions."),
     "hu": ("Rabohnzel", "Önálló változat varázslási fázissal, babképességekkel és varázsitalokkal.")},
    {"name": "bohnaparte", "notebook": "04_bohnaparte.ipynb", "ready": True, "colour": "#a23b2a",
     "en": ("Bohnaparte", "Territory conquest on a hex map, with battles paid for in coins."),
     "hu": ("Bohnaparte", "Területfoglalás hatszögletű térképen, babtallérért vívott csatákkal.")},
]

TEXT = {
    "en": {"title": "beannb: learn Bohnanza by playing", "ready": "available", "coming": "coming",
           "open": "Open →",
           "intro": "Every move you can make is listed, every move you cannot make is refused with the rule that "
                    "forbids it, and every game can be replayed, undone and watched from any seat."},
    "hu": {"title": "beannb: tanuld meg a Bohnanzát játék közben", "ready": "elérhető", "coming": "hamarosan",
           "open": "Megnyitás →",
           "intro": "Minden megtehető lépést felsorolunk, minden szabálytalan lépést a tiltó szabállyal együtt "
                    "utasítunk el, és minden játszma visszajátszható, visszavonható, bármelyik helyről nézhető."},
}


def landing_html(lang: str = "en") -> str:
    tx = TEXT[lang]
    cards = []
    for g in GAMES:
        title, blurb = g[lang]
        status = tx["ready"] if g["ready"] else tx["coming"]
        link = (f'<a class="beannb-open" href="{g["notebook"]}" style="display:inline-block;padding:.35em .9em;'
                f'border-radius:6px;background:{g["colour"]};color:#fff;font-weight:bold;text-decoration:none">'
                f'{tx["open"]}</a>' if g["ready"] else "")
        cards.append(
            f'<div class="beannb-game beannb-game-{g["name"]}" style="display:inline-block;vertical-align:top;width:15em;'
            f'min-height:11em;margin:0 .8em .8em 0;padding:.9em 1em;border-radius:12px;border:2px solid {g["colour"]};'
            f'background:{"#eef7e9" if g["ready"] else "#f4f1ea"}">'
            f'<div style="font-size:1.25em;font-weight:bold">{escape(title)}</div>'
            f'<span style="display:inline-block;padding:.1em .6em;border-radius:1em;font-size:.8em;color:#fff;'
            f'background:{g["colour"]};text-transform:uppercase">{escape(status)}</span>'
            f'<p style="line-height:1.4">{escape(blurb)}</p>{link}</div>')
    return (f'<h1 class="beannb-title">{escape(tx["title"])}</h1><p>{escape(tx["intro"])}</p>'
            f'<div>{"".join(cards)}</div>')


class Landing(W.VBox):
    def __init__(self, lang: str = "en"):
        super().__init__()
        self.add_class("beannb-landing")
        self.toggle = views.language_toggle(lang)
        self.body = W.HTML(landing_html(lang))
        self.toggle.observe(lambda ch: setattr(self.body, "value", landing_html(ch["new"])), names="value")
        self.children = [self.toggle, self.body]


class ScenarioBrowser(W.VBox):
    """Pick any scenario of a game and step through it."""

    def __init__(self, game: str = "bohnanza", prefix: str = "e", lang: str = "en"):
        from ..scenarios import load_scenario, scenario_dir
        from .apps import WalkthroughApp

        super().__init__()
        self.add_class("beannb-browser")
        files = sorted((scenario_dir() / game).glob(f"{prefix}*.yaml"))
        options = [(load_scenario(f).title, str(f)) for f in files]
        self.pick = W.Dropdown(options=options, layout=W.Layout(width="560px"))
        self.pick.add_class("beannb-scenario-pick")
        self.area = W.VBox()
        self.lang = lang

        def show(path):
            self.area.children = [WalkthroughApp(path, lang=self.lang)]

        self.pick.observe(lambda ch: show(ch["new"]), names="value")
        if options:
            show(options[0][1])
        self.children = [self.pick, self.area]
