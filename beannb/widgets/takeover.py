"""Takeover views: compare two fields' strength interactively (rules T-23, T-44)."""
from __future__ import annotations

import ipywidgets as W

from ..games.takeover.text import bean_name
from ..games.takeover.view import strength_html
from ..games.takeover.cards import BEAN_TYPES, HANDICAP
from .onshow import BuiltLater

LABELS = {"en": ("Attacker", "Target", "cards", "Mighty Field (+1 card)"),
          "hu": ("Támadó", "Megtámadott", "lap", "Erős babföld (+1 lap)")}


class StrengthLab(BuiltLater, W.VBox):
    """Pick a bean type and a card count for two fields and see which one is stronger."""

    LAZY_HEIGHT = "320px"  # placeholder until built (see BuiltLater)

    def __init__(self, mine=("red", 4), theirs=("blue", 3), lang: str = "en"):
        super().__init__()
        self.add_class("beannb-strength-lab")
        a, b, cards, mighty = LABELS[lang]
        opts = [(f"{bean_name(t, lang)} ({HANDICAP[t]})", t) for t in BEAN_TYPES]
        wide = {"description_width": "initial"}  # "Megtámadott" fits
        self.t1 = W.Dropdown(options=opts, value=mine[0], description=a, style=wide)
        self.n1 = W.IntSlider(value=mine[1], min=1, max=12, description=cards)
        self.t2 = W.Dropdown(options=opts, value=theirs[0], description=b, style=wide)
        self.n2 = W.IntSlider(value=theirs[1], min=1, max=12, description=cards)
        self.mighty = W.Checkbox(value=False, description=mighty, indent=False)
        self.out = W.HTML()
        self.out.add_class("beannb-strength-view")
        self.lang = lang
        for w in (self.t1, self.n1, self.t2, self.n2, self.mighty):
            w.observe(lambda _ch: self.update(), names="value")
        self.children = [W.HBox([W.VBox([self.t1, self.n1]), W.VBox([self.t2, self.n2])]), self.mighty, self.out]
        self.update()

    def set_lang(self, lang: str) -> None:
        """Labels and bean names in ``lang`` (the page language calls this)."""
        if lang == self.lang:
            return
        self.lang = lang
        a, b, cards, mighty = LABELS[lang]
        from .views import relabel_options

        for d, label in ((self.t1, a), (self.t2, b)):
            relabel_options(d, [f"{bean_name(t, lang)} ({HANDICAP[t]})" for t in BEAN_TYPES])
            d.description = label
        self.n1.description = self.n2.description = cards
        self.mighty.description = mighty
        self.update()

    def update(self) -> None:
        a, b, _, _ = LABELS[self.lang]
        self.out.value = strength_html([self.t1.value] * self.n1.value, [self.t2.value] * self.n2.value,
                                       (a, b), 1 if self.mighty.value else 0, self.lang)
