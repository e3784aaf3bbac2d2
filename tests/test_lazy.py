"""Sections built when scrolled to (beannb/widgets/onshow.py: OnShow with a margin, Lazy,
``Cls.later``), and the game pages that use them.

The browser side (the placeholder fires when it comes near the screen) is covered by the
browser tests, which scroll every page down before checking it (tests/browser/support.py
``build_all``) and by ``test_lazy_page`` there.
"""
from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as W
import pytest

from beannb.scenarios import find
from beannb.widgets import WalkthroughApp
from beannb.widgets.onshow import LAZY_ENV, BuiltLater, Lazy, OnShow, lazy_enabled

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GAME_PAGES = ["01_bohnanza.ipynb", "02_takeover.ipynb", "03_rabohnzel.ipynb", "04_bohnaparte.ipynb"]


@pytest.fixture
def lazy(monkeypatch):
    monkeypatch.delenv(LAZY_ENV, raising=False)


def test_a_lazy_section_is_a_placeholder_until_shown_then_built_once(lazy) -> None:
    calls = []

    def build():
        calls.append(1)
        return W.HTML("built")

    section = Lazy(build, height="300px")
    assert section.content is None and calls == []
    (trigger,) = section.children
    assert isinstance(trigger, OnShow) and trigger.margin and trigger.layout.min_height == "300px"
    trigger.shown = True  # what the browser sends when the placeholder comes near the screen
    assert section.content is not None and calls == [1]
    assert section.children == (section.content,) and section.content.value == "built"
    assert section.build() is section.content and calls == [1]  # never twice
    assert "beannb-lazy-built" in section._dom_classes


def test_building_by_hand_then_showing_does_not_build_again(lazy) -> None:
    calls = []
    section = Lazy(lambda: calls.append(1) or W.HTML("x"))
    trigger = section.trigger
    section.build()
    trigger.shown = True
    assert calls == [1]


def test_beannb_lazy_0_builds_every_section_at_once(monkeypatch) -> None:
    monkeypatch.setenv(LAZY_ENV, "0")
    assert not lazy_enabled()
    section = Lazy(lambda: W.HTML("now"))
    assert section.content is not None and section.trigger is None and section.children[0].value == "now"


def test_a_section_that_fails_to_build_says_why_on_the_page(lazy) -> None:
    def broken():
        raise ValueError("no such lesson")

    section = Lazy(broken)
    with pytest.raises(ValueError):
        section.trigger.shown = True
    assert "no such lesson" in section.children[0].value


def test_later_builds_the_class_with_the_same_arguments(lazy) -> None:
    section = WalkthroughApp.later(find("bohnanza/lesson_01_first_turn"))
    assert isinstance(section, Lazy) and section.content is None
    # the lesson's words stand in for it (no empty box of the section's height)
    assert section.preview is not None and section.children[0] is section.preview
    assert section.trigger.layout.min_height == "24px"
    app = section.build()
    assert isinstance(app, WalkthroughApp) and len(app.w) > 1 and "lesson_01_first_turn" in app.w.source


def test_an_onshow_without_margin_fires_when_drawn_and_has_no_placeholder() -> None:
    fired = []
    trigger = OnShow().then(lambda: fired.append(1))
    assert trigger.margin == "" and fired == []
    trigger.shown = True
    assert fired == [1]
    trigger.then(lambda: fired.append(2))  # shown already: at once
    assert fired == [1, 2]


def _lazy_sections(widget: W.Widget) -> list[Lazy]:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, Lazy):
            out.append(w)
        stack.extend(getattr(w, "children", ()) or ())
    return out


def _outputs(name: str) -> list[W.Widget]:
    """Execute a game page's cells in order; return the value of each cell's last line."""
    import ast

    nb = json.loads((NOTEBOOKS / name).read_text())
    scope: dict = {}
    outputs = []
    for cell in nb["cells"]:
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, name, "exec"), scope)
        if last is not None:
            outputs.append(eval(compile(ast.Expression(last.value), name, "eval"), scope))
    return outputs


@pytest.mark.parametrize("page", GAME_PAGES)
def test_every_game_page_builds_its_lessons_when_scrolled_to(lazy, page: str) -> None:
    outputs = _outputs(page)
    assert all(isinstance(o, W.Widget) for o in outputs), "every cell shows one widget"
    sections = [s for o in outputs for s in _lazy_sections(o)]
    # Walkthroughs, browsers, labs and the end-of-page check wait; the play table does not.
    assert len(sections) >= 3 and all(s.content is None for s in sections)
    assert any(isinstance(_find(o, "PlayApp"), W.Widget) for o in outputs)
    kinds = set()
    for section in sections:
        section.trigger.shown = True
        assert section.content is not None, section
        kinds.add(type(section.content).__name__)
    assert {"PageQuiz"} <= kinds and kinds & {"WalkthroughApp", "MapExplorer"}


def _find(widget: W.Widget, cls_name: str):
    stack = [widget]
    while stack:
        w = stack.pop()
        if type(w).__name__ == cls_name:
            return w
        stack.extend(getattr(w, "children", ()) or ())
    return None


def test_every_widget_class_a_page_builds_later_has_a_placeholder_height() -> None:
    import beannb.widgets.apps as apps
    import beannb.widgets.explorer as explorer
    import beannb.widgets.lab as lab
    import beannb.widgets.landing as landing
    import beannb.widgets.quiz as quiz
    import beannb.widgets.fields as fields

    classes = [apps.TableApp, apps.WalkthroughApp, landing.ScenarioBrowser, lab.SimReport, lab.StrategyLab,
               quiz.PageQuiz, explorer.MapExplorer, fields.FieldLab]
    for cls in classes:
        assert issubclass(cls, BuiltLater) and 100 <= int(cls.LAZY_HEIGHT.removesuffix("px")) <= 1000, cls


def test_a_section_built_after_the_page_chose_hungarian_is_hungarian(lazy) -> None:
    from beannb.widgets.page import page_language

    page = page_language()
    section = WalkthroughApp.later(find("bohnanza/lesson_01_first_turn"))
    try:
        page.set("hu")  # the browser reports ?lang=hu once the notebook ran
        section.trigger.shown = True
        app = section.content
        assert app.lang == "hu"
        assert app.back_b.description == "◀ Vissza"
    finally:
        page.reset()


# -- a section's words are on the page before it is built ----------------------------------------------


def test_a_lesson_below_the_fold_shows_its_words_before_it_is_built(monkeypatch):
    """Reading from the top and searching the page find every lesson's text at once: the
    placeholder holds the scenario's title and the prose of its steps, in the page's language."""
    import yaml

    from beannb.scenarios import find
    from beannb.widgets import WalkthroughApp
    from beannb.widgets.page import page_language

    monkeypatch.setenv("BEANNB_LAZY", "1")
    path = find("bohnanza/lesson_02_harvest")
    data = yaml.safe_load(path.read_text("utf-8"))
    first = next(st for st in data["steps"] if "say" in st)
    lazy = WalkthroughApp.later(path)
    assert lazy.content is None and lazy.preview is not None
    shown = lazy.preview.value
    assert data["title"] in shown and first["say"].split(".")[0] in shown
    lazy.preview.set_lang("hu")
    assert data["title_hu"] in lazy.preview.value and first["say_hu"].split(".")[0] in lazy.preview.value
    assert page_language().lang in ("en", "hu")
    lazy.build()
    assert lazy.content is not None and lazy.preview is None and lazy.children == (lazy.content,)


def test_a_preview_of_a_broken_or_foreign_source_is_left_out(tmp_path):
    from beannb.widgets.preview import walkthrough_preview

    bad = tmp_path / "x.yaml"
    bad.write_text("steps: [", encoding="utf-8")
    assert walkthrough_preview(bad) is None
    assert walkthrough_preview(object()) is None
