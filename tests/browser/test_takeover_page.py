"""The takeover notebook in a real browser: it loads cleanly and offline, the strength
lab answers, the guided turn can be stepped to its end, and a bot game can be played."""

from __future__ import annotations

import importlib.util
import os
import re

import pytest

from .support import CHROMIUM, CLICK_TIMEOUT_MS, VoilaServer, notation

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package (`make browser-deps` as root)",
                allow_module_level=True)
if importlib.util.find_spec("voila") is None:
    pytest.skip("voila is not installed (pip install -e '.[app]')", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
expect = sync_api.expect

from .test_voila_pages import settle  # noqa: E402

pytestmark = pytest.mark.browser


def test_takeover_notebook(voila_server: VoilaServer, new_tab) -> None:
    tab = new_tab()
    tab.open(voila_server.url("02_takeover.ipynb"), ".beannb-play")
    page = tab.page
    assert not tab.offhost and not tab.page_errors, tab.problems()
    assert not tab.errors_not_caused_by_blocked_requests(), tab.problems()

    # The strength lab: Red 4 vs Blue 4 — Red wins on the lower handicap.
    lab = page.locator(".beannb-strength-lab")
    expect(lab.locator(".beannb-strength-view")).to_contain_text("Attacker is stronger")
    tab.screenshot("takeover_strength", lab)

    # The guided turn, stepped to its last step.
    walk = page.locator(".beannb-walkthrough").first
    expect(walk.locator("h3").first).to_contain_text("takeover turn")
    text = walk.locator(".beannb-counter").inner_text()
    n = int(re.search(r"/\s*(\d+)", text).group(1))
    box = walk.locator(".beannb-narration")
    for step in range(1, n + 1):
        before = box.inner_text()
        walk.locator(".beannb-next").click()
        expect(walk.locator(".beannb-counter")).to_have_text(f"{step} / {n}", timeout=CLICK_TIMEOUT_MS)
    expect(walk.locator(".beannb-next")).to_be_disabled()
    expect(walk.locator(".beannb-rules .beannb-rule").first).to_have_text(re.compile(r"T-\d\d"))
    tab.screenshot("takeover_walkthrough_end", walk)

    # Playing: end the turn, then keep answering until it is Ann's turn again.
    play = page.locator(".beannb-play")
    for _ in range(40):
        buttons = play.locator(".beannb-action")
        expect(buttons.first).to_be_visible(timeout=CLICK_TIMEOUT_MS)
        settle(buttons)  # the table answers a click first, the buttons right after
        moves = [notation(buttons.nth(i)) for i in range(buttons.count())]
        pick = next((i for i, t in enumerate(moves) if t.endswith((" end-turn", " pass", " allow", " concede"))), 0)
        log_before = play.locator(".beannb-log").inner_text()
        buttons.nth(pick).click()
        expect(play.locator(".beannb-log")).not_to_have_text(log_before, timeout=CLICK_TIMEOUT_MS)
        if "Turn 3" in play.locator(".beannb-log").inner_text() or "3. kör" in play.locator(".beannb-log").inner_text():
            break
    assert play.locator(".beannb-refusal").count() == 0
    tab.screenshot("takeover_play", play)
    assert not tab.page_errors, tab.problems()
