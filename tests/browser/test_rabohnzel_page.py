"""The Rabohnzel notebook in a real browser: it renders without errors or off-host
requests, and its magic-phase lesson can be stepped through to the end."""
from __future__ import annotations

import pytest

from .test_voila_pages import counter, expect, step_to

pytestmark = pytest.mark.browser
RABOHNZEL = "03_rabohnzel.ipynb"


def test_rabohnzel_notebook_walks_the_magic_phase(voila_server, new_tab) -> None:
    tab = new_tab()
    tab.open(voila_server.url(RABOHNZEL), ".beannb-play")
    walkthrough = tab.page.locator(".beannb-walkthrough").first
    expect(walkthrough.locator("h3").first).to_contain_text("magic phase")
    _, n = counter(walkthrough)
    assert n >= 6
    step_to(walkthrough, n)
    tab.screenshot("rabohnzel_lesson_end", walkthrough)
    # The live table shows the potions and the assumed-beanometer note.
    board = tab.page.locator(".beannb-board").first
    expect(board).to_contain_text("Potions")
    expect(board).to_contain_text("assumed")
    tab.screenshot("rabohnzel_table", board)
    if tab.offhost:
        pytest.fail("the Rabohnzel page requested other hosts than 127.0.0.1:\n" + tab.problems())
    if tab.page_errors or tab.console_errors:
        pytest.fail("errors on the Rabohnzel page:\n" + tab.problems())
