"""The browser-only site (``make site``) in a real browser, offline.

The site is built into the git-ignored cache (``.cache/site/test-site``; the build reuses
the cached tools, Pyodide core and wheels, so only the first build needs the registries),
served from 127.0.0.1 by a plain static file server, and opened in Debian's Chromium.
Python runs in the page (Pyodide); any request to another host is aborted and fails the
test. Skipped, saying why, when the build inputs can be neither fetched nor found cached.
"""
from __future__ import annotations

import os
import re
import threading
import time
from typing import Any, Callable, Iterator

import pytest

from beannb import site

from .support import CHROMIUM, wait_seconds

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package (`make browser-deps` as root)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
expect = sync_api.expect

pytestmark = pytest.mark.browser

# Python starts in the page: the first page pays for compiling the WebAssembly.
LOAD_TIMEOUT_MS = 240_000
CLICK_TIMEOUT_MS = 30_000
PLAY = ".beannb-play button.beannb-action"
GAMES = {"bohnanza": "01_bohnanza", "takeover": "02_takeover", "rabohnzel": "03_rabohnzel", "bohnaparte": "04_bohnaparte"}

NewTab = Callable[[], Any]


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    out = site.CACHE / "test-site"
    started = time.monotonic()
    try:
        site.build(out)
    except site.SiteInputsUnavailable as exc:
        pytest.skip(f"the site cannot be built (no registry reachable and nothing cached?): {exc}")
    print(f"site built in {time.monotonic() - started:.0f} s")
    server = site.make_server(out, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/voici/render/"
    finally:
        server.shutdown()
        server.server_close()


def no_offhost(tab: Any) -> None:
    assert not tab.offhost, "the site asked another host than 127.0.0.1 (aborted):\n" + tab.problems()
    assert not tab.page_errors, tab.problems()


def play_a_few(tab: Any, clicks: int = 3) -> None:
    """Click the first offered action a few times; each click must change the play widget."""
    page = tab.page
    play = page.locator(".beannb-play").first
    for _ in range(clicks):
        before = play.inner_html()
        page.locator(PLAY).first.click()
        ok, _ = wait_seconds(lambda: play.inner_html() != before, CLICK_TIMEOUT_MS / 1000, 0.2)
        assert ok, "a click did not change the play widget"
        page.locator(f"{PLAY}, .beannb-play .beannb-over").first.wait_for(state="visible", timeout=CLICK_TIMEOUT_MS)


def test_landing_page_opens_the_base_game_in_the_chosen_language(site_url: str, new_tab: NewTab) -> None:
    tab = new_tab()
    page = tab.page
    page.goto(site_url + "00_start.html", wait_until="domcontentloaded")
    landing = page.locator(".beannb-landing")
    landing.locator(".beannb-open").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    expect(landing.locator(".beannb-game")).to_have_count(len(GAMES))
    expect(landing.locator(".beannb-game-bohnanza .beannb-open")).to_have_attribute(
        "href", re.compile(r"^01_bohnanza\.html\?lang=en$"))
    # The language switch: Magyar relabels the landing page and its links.
    page.get_by_role("button", name="Magyar").first.click()
    expect(landing.locator(".beannb-title")).to_contain_text("tanuld meg", timeout=CLICK_TIMEOUT_MS)
    expect(landing.locator(".beannb-game-bohnanza .beannb-open")).to_have_attribute(
        "href", re.compile(r"lang=hu"), timeout=CLICK_TIMEOUT_MS)
    tab.screenshot("site_landing")
    landing.locator(".beannb-game-bohnanza .beannb-open").click()
    page.wait_for_url(re.compile(r"01_bohnanza\.html\?lang=hu"), timeout=CLICK_TIMEOUT_MS)
    page.locator(PLAY).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    no_offhost(tab)


@pytest.mark.parametrize("game", list(GAMES))
def test_game_page_plays_in_the_browser(site_url: str, new_tab: NewTab, game: str) -> None:
    tab = new_tab()
    tab.page.goto(site_url + f"{GAMES[game]}.html?lang=en", wait_until="domcontentloaded")
    tab.page.locator(PLAY).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    play_a_few(tab)
    tab.screenshot(f"site_{game}")
    no_offhost(tab)
