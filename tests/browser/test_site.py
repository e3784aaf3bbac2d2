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
import shutil
import threading
import time
from typing import Any, Callable, Iterator

import pytest

from beannb import site

from .support import CHROMIUM, PENDING, wait_seconds
from .test_voila_pages import step_to

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
FIRST_LESSON = "bohnanza/lesson_01_first_turn"
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
        "href", re.compile(r"01_bohnanza\.html\?lang=en$"))
    # The language switch: Magyar relabels the landing page and its links.
    page.get_by_role("button", name="Magyar").first.click()
    expect(landing.locator(".beannb-title")).to_contain_text("tanuld meg", timeout=CLICK_TIMEOUT_MS)
    expect(landing.locator(".beannb-game-bohnanza .beannb-open")).to_have_attribute(
        "href", re.compile(r"lang=hu"), timeout=CLICK_TIMEOUT_MS)
    tab.screenshot("site_landing")
    landing.locator(".beannb-game-bohnanza .beannb-open").click()
    page.wait_for_url(re.compile(r"01_bohnanza\.html\?lang=hu"), timeout=CLICK_TIMEOUT_MS)
    page.locator(PLAY).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    # The game page is in Hungarian: its prose, and its link back to the landing page (a
    # lesson's link to 00_start.ipynb points at the site's 00_start.html, language kept).
    expect(page.locator(".beannb-prose[lang=hu]").first).to_be_visible(timeout=CLICK_TIMEOUT_MS)
    expect(page.locator(".beannb-prose[lang=en]")).to_have_count(0)
    back = page.locator("a[href*='00_start']").first
    expect(back).to_have_attribute("href", re.compile(r"00_start\.html\?lang=hu$"), timeout=CLICK_TIMEOUT_MS)
    assert page.evaluate("window.localStorage.getItem('beannb.lang')") == "hu"
    no_offhost(tab)
    # Another game page opened without ?lang= (a bookmark, a typed address) uses the last choice.
    page.goto(site_url + "02_takeover.html", wait_until="domcontentloaded")
    page.locator(PLAY).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    expect(page.locator(".beannb-prose[lang=hu]").first).to_be_visible(timeout=CLICK_TIMEOUT_MS)
    expect(page.locator(".beannb-prose[lang=en]")).to_have_count(0)
    assert "lang=hu" in page.url
    no_offhost(tab)


def first_walkthrough(page: Any) -> Any:
    """The page's first walkthrough, scrolling down until it is built (sections below the
    top of a page are built when scrolled into view)."""
    walkthrough = page.locator(".beannb-walkthrough").first
    deadline = time.monotonic() + LOAD_TIMEOUT_MS / 1000
    while not walkthrough.count():
        assert time.monotonic() < deadline, "no walkthrough was built on the page"
        pending = page.locator(PENDING)
        if pending.count():
            try:
                pending.first.scroll_into_view_if_needed(timeout=5_000)
            except Exception:  # noqa: BLE001 - built (and replaced) in between
                pass
        time.sleep(0.3)
    walkthrough.locator(".beannb-progress").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    return walkthrough


def test_progress_is_kept_across_a_reload(site_url: str, new_tab: NewTab) -> None:
    from beannb.scenarios import find
    from beannb.walkthrough import Walkthrough
    from beannb.render.lesson import choice_label

    w = Walkthrough.from_scenario(find(FIRST_LESSON))
    frame = next(f for f in w.frames if f.exercise is not None and f.exercise.multiple)
    right = [choice_label(c, "en", frame.game.ruleset) for c in frame.exercise.answer]
    tab = new_tab()
    page = tab.page
    page.goto(site_url + "01_bohnanza.html?lang=en", wait_until="domcontentloaded")
    walkthrough = first_walkthrough(page)
    progress = walkthrough.locator(".beannb-progress").first
    expect(progress).to_have_attribute("data-right", "0", timeout=CLICK_TIMEOUT_MS)
    step_to(walkthrough, frame.index)
    for label in right:
        walkthrough.locator(".beannb-choice").get_by_text(label, exact=True).click()
    walkthrough.locator(".beannb-check").click()
    expect(walkthrough.locator(".beannb-feedback-right")).to_be_visible(timeout=CLICK_TIMEOUT_MS)
    expect(progress).to_have_attribute("data-right", "1", timeout=CLICK_TIMEOUT_MS)
    stored = page.evaluate("window.localStorage.getItem('beannb.progress.bohnanza')")
    assert stored and '"answers"' in stored, stored

    page.reload(wait_until="domcontentloaded")
    progress = first_walkthrough(page).locator(".beannb-progress").first
    expect(progress).to_have_attribute("data-right", "1", timeout=CLICK_TIMEOUT_MS)
    expect(progress).to_contain_text(f"1 / {progress.get_attribute('data-total')}")
    no_offhost(tab)


@pytest.fixture(scope="module")
def broken_site_url(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A copy of the built site with one file of Python's start missing (the bundle of the
    packages every page needs); yields (pages' address, file name)."""
    built = site.CACHE / "test-site"
    copy = tmp_path_factory.mktemp("broken") / "site"
    shutil.copytree(built, copy, copy_function=os.link)  # hard links: instant, the original untouched
    wheel = next(p for p in (copy / "static" / "pyodide").glob("packages-*.bin"))
    wheel.unlink()
    server = site.make_server(copy, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/voici/render/", wheel.name
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("lang, words", [("en", "did not load"), ("hu", "nem töltődött be")])
def test_a_missing_file_is_named_in_the_page(broken_site_url: tuple[str, str], new_tab: NewTab,
                                             lang: str, words: str) -> None:
    url, wheel = broken_site_url
    tab = new_tab()
    page = tab.page
    page.goto(url + f"01_bohnanza.html?lang={lang}", wait_until="domcontentloaded")
    error = page.locator(".beannb-load-error")
    error.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    expect(error).to_contain_text(wheel)
    expect(error).to_contain_text(words)
    expect(error).to_contain_text("HTTP 404")
    assert error.get_attribute("role") == "alert"
    tab.screenshot(f"site_missing_wheel_{lang}")
    boot = page.evaluate("window.__beannbBoot")
    assert boot["failed"]["file"].endswith("/static/pyodide/" + wheel), boot
    assert boot["files"] > 0, "no loading progress was shown before the failure"


@pytest.mark.parametrize("game", list(GAMES))
def test_game_page_plays_in_the_browser(site_url: str, new_tab: NewTab, game: str) -> None:
    tab = new_tab()
    tab.page.goto(site_url + f"{GAMES[game]}.html?lang=en", wait_until="domcontentloaded")
    tab.page.locator(PLAY).first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    # While Python started, the page said how far it got: every file of the start arrived.
    boot = tab.page.evaluate("window.__beannbBoot")
    assert boot and boot["total"] and boot["files"] >= boot["total"] - 1, boot
    assert not boot["failed"] and not boot["error"], boot
    assert {"installed", "kernel", "shown"} <= set(boot["marks"]), boot
    play_a_few(tab)
    tab.screenshot(f"site_{game}")
    no_offhost(tab)
