"""The Bohnaparte notebook in a real browser: the map explorer, a battle walkthrough to the
end, and a game against bots; no console errors and no requests to other hosts."""

from __future__ import annotations

import os

import pytest

from .support import CHROMIUM, PAGE_TIMEOUT_MS, VoilaServer

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect

from .test_voila_pages import counter  # noqa: E402

pytestmark = pytest.mark.browser
NOTEBOOK = "04_bohnaparte.ipynb"


def test_bohnaparte_notebook_map_battle_and_game(voila_server: VoilaServer, new_tab) -> None:
    tab = new_tab()
    tab.open(voila_server.url(NOTEBOOK), ".beannb-map-explorer")
    page = tab.page
    page.locator(".beannb-play").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)

    explorer = page.locator(".beannb-map-explorer").first
    # The map and the bare graph are both drawn, with the river crossings for Ann.
    expect(explorer.locator("svg.bnb-map")).to_have_count(1)
    expect(explorer.locator("svg.bnb-graph")).to_have_count(1)
    expect(explorer.locator("svg.bnb-map polyline.crossing")).to_have_count(5)
    # Pick territory 03: the explanation names the river chain.
    explorer.locator(".beannb-map-territory select").select_option(label="03 camp")
    why = explorer.locator(".beannb-map-why")
    expect(why).to_contain_text("03 is reached across the river 10 → 06 from 09")
    # Pick another player: Bob owns no forest, so no crossings.
    explorer.locator(".beannb-map-player select").select_option(label="Bob")
    expect(explorer.locator("svg.bnb-map polyline.crossing")).to_have_count(0)
    expect(why).to_contain_text("Bob cannot reach 03 now")
    explorer.locator(".beannb-map-player select").select_option(label="Ann")
    expect(explorer.locator("svg.bnb-map polyline.crossing")).to_have_count(5)
    tab.screenshot("bohnaparte_map", explorer)

    # The battle walkthrough (the city example), stepped to its end.
    walkthrough = page.locator(".beannb-walkthrough").first
    i, n = counter(walkthrough)
    assert i == 0 and n >= 2
    for step in range(1, n + 1):
        walkthrough.locator(".beannb-next").click()
        expect(walkthrough.locator(".beannb-counter")).to_have_text(f"{step} / {n}")
    expect(walkthrough.locator(".beannb-narration")).to_contain_text("captures 02")
    expect(walkthrough.locator(".beannb-rules .beannb-rule").first).to_contain_text("P-")
    tab.screenshot("bohnaparte_battle", walkthrough)

    # The game against bots shows the map in the table view.
    play = page.locator(".beannb-play").first
    expect(play.locator("svg.bnb-map")).to_have_count(1)
    tab.screenshot("bohnaparte_play", play)

    assert not tab.offhost, "the page requested other hosts:\n" + tab.problems()
    assert not tab.page_errors, tab.problems()
    assert not tab.errors_not_caused_by_blocked_requests(), tab.problems()
