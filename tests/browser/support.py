"""Helpers for the real-browser tests: a Voila server, browser tabs, waiting.

Everything here stays on the loopback interface: the server binds to 127.0.0.1 and
every browser request for another host is aborted and recorded (the tests decide what
a recorded request means).
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping
from urllib.parse import urlparse

import pytest

from beannb import serve as app

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"

from beannb.serve import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one list of browser flags)
LOOPBACK_HOSTS = {"127.0.0.1", "localhost"}
# A learner's laptop screen.
VIEWPORT = {"width": 1280, "height": 900}

# How long a page may take to execute its notebook and show its widgets (ms).
PAGE_TIMEOUT_MS = 120_000
# How long a widget may take to answer a click (ms).
CLICK_TIMEOUT_MS = 20_000


# -- the server ---------------------------------------------------------------------


@dataclass
class VoilaServer:
    """A running Voila server, its port and the file its output goes to."""

    port: int
    proc: subprocess.Popen[bytes]
    log_path: Path

    @property
    def base(self) -> str:
        return app.base_url(self.port)

    def url(self, notebook: str) -> str:
        return f"{self.base}voila/render/{notebook}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def get(self, path: str) -> tuple[int, Any]:
        """GET ``path`` on the server; return the status and the decoded JSON body (or None)."""
        try:
            with urllib.request.urlopen(self.base + path.lstrip("/"), timeout=10) as response:
                body = response.read()
                status = response.status
        except urllib.error.HTTPError as exc:
            return exc.code, None
        try:
            return status, json.loads(body)
        except ValueError:
            return status, None

    def kernel_alive(self, kernel_id: str) -> bool:
        """Whether the server still has the kernel ``kernel_id`` (``GET /api/kernels/<id>``)."""
        return self.get(f"api/kernels/{kernel_id}")[0] == 200

    def kernel_count(self) -> tuple[int, str]:
        """The number of kernels the server runs now, and how it was counted.

        ``GET /api/kernels`` when the server offers that listing; Voila on its own only
        routes ``/api/kernels/<id>``, so otherwise the count comes from its log: kernels
        started minus kernels shut down (by a page, the culler or anything else).
        """
        status, body = self.get("api/kernels")
        if status == 200 and isinstance(body, list):
            return len(body), "GET /api/kernels"
        text = self.log()
        started = set(re.findall(r"Kernel started: ([0-9a-f-]{36})", text))
        stopped = set(re.findall(r"Kernel shutdown: ([0-9a-f-]{36})", text))
        return len(started - stopped), f"server log (GET /api/kernels answered {status})"


@contextlib.contextmanager
def serve_voila(log_path: Path, settings: Mapping[str, object] | None = None) -> Iterator[VoilaServer]:
    """Start Voila on a free loopback port, wait until it answers, always stop it."""
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, NOTEBOOKS, settings=settings, stdout=log, stderr=subprocess.STDOUT)
        server = VoilaServer(port, proc, log_path)
        try:
            try:
                app.wait_until_ready(server.base, timeout=90, proc=proc)
            except (RuntimeError, TimeoutError) as exc:
                log.flush()
                pytest.fail(f"{exc}\n--- Voila log ---\n{server.log()}")
            yield server
        finally:
            app.stop_voila(proc)


# -- the browser --------------------------------------------------------------------


@dataclass
class Tab:
    """A browser page plus what it did that a test may want to see."""

    page: Any
    context: Any
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    offhost: list[str] = field(default_factory=list)
    # The locations of console errors, to tell apart the ones a blocked request caused.
    console_error_urls: list[str] = field(default_factory=list)

    def open(self, url: str, ready_selector: str, build: bool = True) -> None:
        """Go to ``url``, wait until the notebook ran, build every section the page builds
        only when scrolled to (unless ``build`` is false), and wait until
        ``ready_selector`` is visible."""
        self.page.goto(url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
        if build:
            self.build_all()
        self.page.locator(ready_selector).first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)

    def build_all(self, timeout_ms: float = PAGE_TIMEOUT_MS) -> int:
        """Wait until the notebook ran, then scroll each section still waiting to be built
        (``Cls.later``, see beannb/widgets/onshow.py) into view until none is left, as a
        learner scrolling down the whole page would. Returns how many scrolls it took."""
        return build_all(self.page, timeout_ms)

    def kernel_id(self) -> str:
        """The id of the kernel Voila started for this page."""
        return self.page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")

    def errors_not_caused_by_blocked_requests(self) -> list[str]:
        blocked = set(self.offhost)
        return [
            text
            for text, url in zip(self.console_errors, self.console_error_urls)
            if not (url in blocked and "Failed to load resource" in text)
        ]

    def problems(self) -> str:
        """Everything recorded, for assertion messages."""
        lines = [f"off-host request (aborted): {u}" for u in self.offhost]
        lines += [f"console error: {e}" for e in self.console_errors]
        lines += [f"page error: {e}" for e in self.page_errors]
        return "\n".join(lines) or "(nothing recorded)"

    def screenshot(self, name: str, *widgets: Any) -> Path:
        """Save a full-page screenshot as ``screenshots/<name>.png``.

        Voila's lab template scrolls inside ``#rendered_cells``, not the document, so the
        viewport is stretched to the content's height for the shot. Each locator in
        ``widgets`` is also saved alone as ``<name>_<n>.png``, readable at full size.
        """
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page = self.page
        height = page.evaluate(
            "() => { const cells = document.getElementById('rendered_cells');"
            " return Math.max(document.documentElement.scrollHeight, cells ? cells.scrollHeight : 0); }"
        )
        viewport = page.viewport_size or VIEWPORT
        page.set_viewport_size({"width": viewport["width"], "height": int(min(max(height, viewport["height"]), 16000))})
        try:
            path = SCREENSHOTS / f"{name}.png"
            page.screenshot(path=str(path), full_page=True)
            for n, widget in enumerate(widgets, start=1):
                widget.screenshot(path=str(SCREENSHOTS / f"{name}_{n}.png"))
        finally:
            page.set_viewport_size(viewport)
        return path


# A section still waiting to be built is a placeholder (OnShow with a margin) in a Lazy box.
PENDING = ".beannb-lazy .beannb-onshow-wait"


def build_all(page: Any, timeout_ms: float = PAGE_TIMEOUT_MS) -> int:
    """See :meth:`Tab.build_all`; for any page (Voila or the static site)."""
    page.wait_for_function(
        "() => { const c = document.getElementById('rendered_cells');"
        " return !!c && getComputedStyle(c).display !== 'none' && !!document.querySelector('.jupyter-widgets'); }",
        timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    scrolls = 0
    while True:
        pending = page.locator(PENDING)
        if not pending.count():
            return scrolls
        if time.monotonic() > deadline:
            raise AssertionError(f"{pending.count()} section(s) of {page.url} were never built after scrolling to them")
        try:
            pending.first.scroll_into_view_if_needed(timeout=5_000)
            scrolls += 1
        except Exception:  # it was built (and replaced) in between
            pass
        time.sleep(0.2)


def is_loopback(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return True
    return (parsed.hostname or "") in LOOPBACK_HOSTS


def wait_seconds(predicate: Any, timeout: float, interval: float = 0.5) -> tuple[bool, float]:
    """Poll ``predicate`` until it is true or ``timeout`` seconds passed; return (result, seconds)."""
    start = time.monotonic()
    while True:
        if predicate():
            return True, time.monotonic() - start
        if time.monotonic() - start >= timeout:
            return False, time.monotonic() - start
        time.sleep(interval)


def notation(button: Any) -> str:
    """The move an action button makes, in the notation: the button's notation class (its
    tooltip is the move as a sentence, for people)."""
    from beannb.widgets.views import notation_of

    return notation_of(button.get_attribute("class") or "") or ""


def action_button(scope: Any, move: str) -> Any:
    """The action buttons in ``scope`` (a page or locator) that make ``move`` (notation)."""
    from beannb.widgets.views import notation_class

    return scope.locator(f'button.beannb-action[class~="{notation_class(move)}"]')


# -- a live class's lesson, as the teacher's and the students' pages show it ------------------------


def lead_to_exercise(teacher: Any, students: Any, lesson: str, steps: int = 2, total: int = 9) -> None:
    """The teacher leads ``lesson`` and steps on ``steps`` times; every student's page follows
    each step, and shows the exercise at the last."""
    if not teacher.page.locator("details[data-game=bohnanza]").evaluate("d => d.open"):
        teacher.page.click("details[data-game=bohnanza] > summary")
    teacher.page.click(f"[data-lead='{lesson}']")
    for step in range(steps + 1):
        if step:
            teacher.page.click(".bc-next")
        for s in students:
            s.page.wait_for_selector(f"text=Step {step} of {total}")
    for s in students:
        s.page.wait_for_selector(".bc-exercise")


def answer_and_tally(teacher: Any, students: Any, names: tuple[str, str, str]) -> None:
    """Of three students, the first ticks choices 1 and 3, the second choice 1, the third
    nothing; the teacher's tally counts them (with names when asked, never on a student's
    page), then reveals: right, wrong, and the answer shown to the one who did not answer."""
    first, second, third = students
    first.page.check("#bc-ex-1")
    first.page.check("#bc-ex-3")
    first.page.click("[data-answer]")
    second.page.check("#bc-ex-1")
    second.page.click("[data-answer]")
    first.page.wait_for_selector(".bc-sent")
    teacher.page.wait_for_selector("text=2 of 3 answered")
    assert teacher.page.locator(".bc-count").all_inner_texts() == ["0", "2", "0", "1"]
    assert teacher.page.locator(".bc-names").count() == 0
    teacher.page.check("[data-names]")
    teacher.page.wait_for_selector(".bc-names")
    assert names[0] in teacher.page.locator(".bc-choice").nth(3).inner_text()
    assert names[1] not in first.page.content() and "bc-count" not in first.page.content()
    teacher.page.click("[data-reveal]")
    first.page.wait_for_selector(".beannb-feedback-right")
    second.page.wait_for_selector(".beannb-feedback-wrong")
    third.page.wait_for_selector(".beannb-feedback-shown")
