"""Takeover views: compare two fields' strength interactively (rules T-23, T-44)."""
from __future__ import annotations

import ipywidgets as W

from ..games.takeover.text import bean_name
from ..games.takeover.view import strength_html
from ..games.takeover.cards import BEAN_TYPES, HANDICAP
from ..i18n.messages import NC_
from .onshow import BuiltLater
from .words import Words, table

MESSAGES = table([
    NC_("strength-attacker", "Attacker"),
    NC_("strength-target", "Target"),
    # TRANSLATORS: a slider's label: how many cards a field holds
    NC_("strength-cards", "cards"),
    NC_("strength-mighty", "Mighty Field (+1 card)"),
])
TEXT = Words(MESSAGES, "strength-")


def labels(lang: str) -> tuple[str, str, str, str]:
    """The lab's labels in ``lang``: attacker, target, the cards' slider, the Mighty Field box."""
    return tuple(TEXT.text(k, lang) for k in ("attacker", "target", "cards", "mighty"))  # type: ignore[return-value]


class StrengthLab(BuiltLater, W.VBox):
    """Pick a bean type and a card count for two fields and see which one is stronger."""

    LAZY_HEIGHT = "320px"  # placeholder until built (see BuiltLater)

    def __init__(self, mine=("red", 4), theirs=("blue", 3), lang: str = "en"):
        super().__init__()
        self.add_class("beannb-strength-lab")
        a, b, cards, mighty = labels(lang)
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
        a, b, cards, mighty = labels(lang)
        from .views import relabel_options

        for d, label in ((self.t1, a), (self.t2, b)):
            relabel_options(d, [f"{bean_name(t, lang)} ({HANDICAP[t]})" for t in BEAN_TYPES])
            d.description = label
        self.n1.description = self.n2.description = cards
        self.mighty.description = mighty
        self.update()

    def update(self) -> None:
        a, b, _, _ = labels(self.lang)
        self.out.value = strength_html([self.t1.value] * self.n1.value, [self.t2.value] * self.n2.value,
                                       (a, b), 1 if self.mighty.value else 0, self.lang)
