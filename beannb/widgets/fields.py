"""The field lab: two fields side by side, a bean type and a number of cards each, and what
the game says of them (in the hostile-takeover expansion, which of the two is stronger).

A thin view: the choices, the words and the verdict come from the game's view (its
``field_study``, a :class:`~beannb.games.bohnanza.view.FieldStudy`); the widget only wires
two dropdowns, two sliders and a checkbox to it.
"""
from __future__ import annotations

from typing import Optional

import ipywidgets as W

from ..games import get_ruleset
from .onshow import BuiltLater


class FieldLab(BuiltLater, W.VBox):
    """Pick a bean type and a card count for two fields of ``game`` and see what its field
    study says of them; ``mine`` and ``theirs`` are the fields to start with, (bean, cards)."""

    LAZY_HEIGHT = "320px"  # placeholder until built (see BuiltLater)

    def __init__(self, game: str, mine: Optional[tuple[str, int]] = None, theirs: Optional[tuple[str, int]] = None,
                 lang: str = "en"):
        super().__init__()
        study = get_ruleset(game).view.VIEW.field_study
        if study is None:
            raise ValueError(f"{game} has no field study")
        self.study = study
        mine, theirs = mine or study.first, theirs or study.second
        self.add_class(f"beannb-{study.name}-lab")
        a, b, cards, flag = study.words(lang)
        opts = study.kinds(lang)
        wide = {"description_width": "initial"}  # "Megtámadott" fits
        self.t1 = W.Dropdown(options=opts, value=mine[0], description=a, style=wide)
        self.n1 = W.IntSlider(value=mine[1], min=1, max=study.most, description=cards)
        self.t2 = W.Dropdown(options=opts, value=theirs[0], description=b, style=wide)
        self.n2 = W.IntSlider(value=theirs[1], min=1, max=study.most, description=cards)
        self.flag = W.Checkbox(value=False, description=flag, indent=False)
        self.out = W.HTML()
        self.out.add_class(f"beannb-{study.name}-view")
        self.lang = lang
        for w in (self.t1, self.n1, self.t2, self.n2, self.flag):
            w.observe(lambda _ch: self.update(), names="value")
        self.children = [W.HBox([W.VBox([self.t1, self.n1]), W.VBox([self.t2, self.n2])]), self.flag, self.out]
        self.update()

    def set_lang(self, lang: str) -> None:
        """Labels and bean names in ``lang`` (the page language calls this)."""
        if lang == self.lang:
            return
        self.lang = lang
        a, b, cards, flag = self.study.words(lang)
        from .views import relabel_options

        labels = [label for label, _ in self.study.kinds(lang)]
        for d, label in ((self.t1, a), (self.t2, b)):
            relabel_options(d, labels)
            d.description = label
        self.n1.description = self.n2.description = cards
        self.flag.description = flag
        self.update()

    def update(self) -> None:
        self.out.value = self.study.html([self.t1.value] * self.n1.value, [self.t2.value] * self.n2.value,
                                         self.flag.value, self.lang)
