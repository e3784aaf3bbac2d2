"""Fixtures for the real-browser tests: one Voila server, Debian's Chromium, fresh tabs."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import pytest

from .support import CHROMIUM, CHROMIUM_ARGS, CLICK_TIMEOUT_MS, VIEWPORT, Tab, VoilaServer, is_loopback, serve_voila


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """One Voila server with the app's own settings, for every test of the module."""
    with serve_voila(tmp_path_factory.mktemp("voila") / "voila.log") as server:
        yield server


# -- the browser --------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium driven by Playwright; never a downloaded browser."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def open_tab(browser: Any, contexts: list[Any]) -> Tab:
    """A fresh tab in a browser context of its own (added to ``contexts``, for closing).

    Every request whose host is not 127.0.0.1/localhost is aborted and recorded in
    ``tab.offhost``, as is any web socket to another host.
    """
    context = browser.new_context(viewport=VIEWPORT, service_workers="block", locale="en-GB")
    contexts.append(context)
    page = context.new_page()
    tab = Tab(page, context)

    def route(route: Any) -> None:
        url = route.request.url
        if is_loopback(url):
            route.continue_()
        else:
            tab.offhost.append(url)
            route.abort()

    def on_console(message: Any) -> None:
        if message.type == "error":
            tab.console_errors.append(message.text)
            tab.console_error_urls.append((message.location or {}).get("url", ""))

    def on_websocket(ws: Any) -> None:
        if not is_loopback(ws.url.replace("ws://", "http://", 1).replace("wss://", "https://", 1)):
            tab.offhost.append(ws.url)

    context.route("**/*", route)
    page.on("console", on_console)
    page.on("pageerror", lambda error: tab.page_errors.append(str(error)))
    page.on("websocket", on_websocket)
    page.set_default_timeout(CLICK_TIMEOUT_MS)
    return tab


def _close(contexts: list[Any]) -> None:
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()


@pytest.fixture
def new_tab(browser: Any) -> Iterator[Any]:
    """Open fresh tabs (:func:`open_tab`); all are closed after the test."""
    contexts: list[Any] = []
    try:
        yield lambda: open_tab(browser, contexts)
    finally:
        _close(contexts)


@pytest.fixture(scope="module")
def module_tab(browser: Any) -> Iterator[Tab]:
    """One tab for every test of a module (a walk through the pages that several tests read)."""
    contexts: list[Any] = []
    try:
        yield open_tab(browser, contexts)
    finally:
        _close(contexts)
