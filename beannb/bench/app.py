"""App benchmark (``beannb bench --app``): figures, never assertions.

Starts one Voila server (as ``beannb app`` would, on 127.0.0.1) for a temporary folder
holding copies of the landing notebook, the base-game notebook and a one-button
reference notebook, drives Debian's Chromium through Playwright, and prints, side by
side with the reference notebook:

* first widget usable: navigation start until the page's first interactive widget is
  rendered, visible and enabled (the median of a few page loads);
* click latency: a real click until the view shows its result (the median of many
  clicks): a play action in the base game's play widget, the label update in the
  reference notebook;
* kernel memory: resident memory of the kernel behind each page, right after it loaded.

Each figure is printed with the reference figure, their ratio and the target (PASS or
MISS). Targets are goals to work towards, so nothing here fails on a MISS.

The browser only ever talks to 127.0.0.1: every other host name fails to resolve.
"""
from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Container, Iterator, Optional, Sequence

from ..serve import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

BROWSER_ARGS = CHROMIUM_ARGS + [
    # Nothing but the local server may be reached (a second guard besides our template).
    "--no-proxy-server",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

LOAD_TIMEOUT_S = 300.0
CLICK_TIMEOUT_S = 30.0
# Give a freshly loaded kernel a moment to settle before reading its memory.
SETTLE_S = 0.5

# Targets: (figure, kind, limit). "ratio" compares with the reference notebook.
# A single learner's first usable page and a kernel's memory: within 1.2x the one-button page.
LOAD_RATIO_MAX = 1.2
CLICK_MS_MAX = 150.0
CLICK_RATIO_MAX = 2.0
MEMORY_RATIO_MAX = 1.2


@dataclass(frozen=True)
class PageSpec:
    """One notebook the benchmark opens, and how to tell it is ready and updated."""

    key: str
    title: str
    notebook: str
    ready: str  # CSS selector of the page's first interactive widget
    click: Optional[str] = None  # what a measured click presses (the first match)
    watch: Optional[str] = None  # the element whose content a click changes
    after: Optional[str] = None  # present again once the update is complete


REFERENCE = PageSpec(
    "reference", "one-button notebook", "bench_reference.ipynb",
    ready=".beannb-bench-ref button.beannb-bench-button",
    click=".beannb-bench-ref button.beannb-bench-button",
    watch=".beannb-bench-ref .beannb-bench-label",
    after=".beannb-bench-ref button.beannb-bench-button",
)
LANDING = PageSpec("landing", "landing page", "00_start.ipynb", ready=".beannb-landing a.beannb-open")
BASE_GAME = PageSpec(
    "base", "base game", "01_bohnanza.ipynb",
    ready=".beannb-play button.beannb-action",
    click=".beannb-play button.beannb-action",
    # The touchable table (its log included): a click is answered when the table shows it.
    watch=".beannb-play .beannb-touch",
    # The play widget rebuilds its children on every click: the update is complete when
    # the next action buttons (or the game-over line) are back.
    after=".beannb-play button.beannb-action, .beannb-play .beannb-over",
)
PAGES = (REFERENCE, LANDING, BASE_GAME)


# -- the reference notebook ------------------------------------------------------------------

REFERENCE_SOURCE = '''\
import ipywidgets as W

label = W.Label(value="clicks: 0")
label.add_class("beannb-bench-label")
button = W.Button(description="Click me")
button.add_class("beannb-bench-button")
clicks = [0]


def on_click(_button):
    clicks[0] += 1
    label.value = f"clicks: {clicks[0]}"


button.on_click(on_click)
box = W.VBox([button, label])
box.add_class("beannb-bench-ref")
box'''


def reference_notebook() -> dict:
    """The trivial notebook every figure is compared with: a Button whose click sets a
    Label's value (nbformat 4, same kernel as the real notebooks)."""
    return {
        "cells": [{
            "cell_type": "code",
            "execution_count": None,
            "id": "bench-reference",
            "metadata": {},
            "outputs": [],
            "source": REFERENCE_SOURCE.splitlines(keepends=True),
        }],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


# -- figures, ratios, targets and the table (no browser needed) ---------------------------------

@dataclass
class Figures:
    """Medians per page key (``reference``, ``landing``, ``base``)."""

    load_ms: dict[str, float] = field(default_factory=dict)
    click_ms: dict[str, float] = field(default_factory=dict)
    rss_mb: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Row:
    measure: str
    value: Optional[float]
    reference: Optional[float]
    unit: str
    target: str
    passed: Optional[bool]  # None: not measured

    @property
    def ratio(self) -> Optional[float]:
        return ratio(self.value, self.reference)


def ratio(value: Optional[float], reference: Optional[float]) -> Optional[float]:
    """``value / reference``, or None when either is missing or the reference is not positive."""
    if value is None or reference is None or reference <= 0:
        return None
    return value / reference


def build_rows(figures: Figures) -> list[Row]:
    """One row per (figure, target), in the order the table prints them."""
    rows: list[Row] = []
    for what, got, unit, kind, limit, pages in (
            ("first widget usable", figures.load_ms, "ms", "ratio", LOAD_RATIO_MAX, (LANDING, BASE_GAME)),
            ("median click -> view", figures.click_ms, "ms", "abs", CLICK_MS_MAX, (BASE_GAME,)),
            ("median click -> view", figures.click_ms, "ms", "ratio", CLICK_RATIO_MAX, (BASE_GAME,)),
            ("kernel memory", figures.rss_mb, "MB", "ratio", MEMORY_RATIO_MAX, (LANDING, BASE_GAME))):
        for spec in pages:
            value, ref = got.get(spec.key), got.get(REFERENCE.key)
            target = f"<= {limit:g} {unit}" if kind == "abs" else f"ratio <= {limit:g}"
            measured = value if kind == "abs" else ratio(value, ref)
            rows.append(Row(f"{what}: {spec.title}", value, ref, unit, target,
                            None if measured is None else measured <= limit))
    return rows


def _amount(value: Optional[float], unit: str) -> str:
    if value is None:
        return "n/a"
    return f"{value:.0f} ms" if unit == "ms" else f"{value:.1f} {unit}"


def _ms(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.0f} ms"


def _mb(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.0f} MB"


def verdict(passed: Optional[bool]) -> str:
    return "n/a" if passed is None else ("PASS" if passed else "MISS")


def columns(header: Sequence[str], rows: Sequence[Sequence[str]], right: Container[int]) -> str:
    """``header``, a rule and ``rows`` in columns two spaces apart, those numbered in ``right``
    aligned to the right (every benchmark's table)."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *(line(row) for row in rows)])


def format_table(rows: Sequence[Row]) -> str:
    """The printed table: figure, reference figure, ratio, target and PASS/MISS."""
    return columns(("measure", "beannb", "reference", "ratio", "target", ""),
                   [(r.measure, _amount(r.value, r.unit), _amount(r.reference, r.unit),
                     "n/a" if r.ratio is None else f"{r.ratio:.2f}", r.target, verdict(r.passed)) for r in rows],
                   right={1, 2, 3})


def summary(rows: Sequence[Row]) -> str:
    passed = sum(r.passed is True for r in rows)
    missed = sum(r.passed is False for r in rows)
    unmeasured = sum(r.passed is None for r in rows)
    return f"{passed} target(s) met, {missed} missed" + (f", {unmeasured} not measured" if unmeasured else "")


def median(values: Sequence[float]) -> Optional[float]:
    return statistics.median(values) if values else None


# -- environment -----------------------------------------------------------------------------

def missing_requirements(chromium: str = CHROMIUM) -> list[str]:
    """What this machine lacks to run the benchmark (empty when it can run)."""
    missing = [f"{what} (pip install -e '.[{extra}]')" for module, what, extra in (
        ("playwright", "the playwright Python package", "test"), ("voila", "voila", "app"),
        ("ipywidgets", "ipywidgets", "app")) if importlib.util.find_spec(module) is None]
    if not (os.path.isfile(chromium) and os.access(chromium, os.X_OK)):
        missing.append(f"Chromium at {chromium} (Debian: apt-get install chromium)")
    return missing


def cannot_run(command: str, chromium: str = CHROMIUM, also: Sequence[str] = ()) -> bool:
    """Say what this machine lacks to run ``command`` (:func:`missing_requirements` and ``also``);
    True when something is missing (the command then exits with 2)."""
    missing = [*missing_requirements(chromium), *also]
    if missing:
        print(f"{command}: cannot run, missing " + "; ".join(missing), file=sys.stderr)
    return bool(missing)


# -- kernel processes ------------------------------------------------------------------------

def _kernel_pid(kernel_id: str) -> Optional[int]:
    """The pid of the kernel process whose command line names ``kernel-<id>.json``."""
    needle = f"kernel-{kernel_id}.json"
    try:
        import psutil
    except ImportError:
        psutil = None
    if psutil is not None:
        for proc in psutil.process_iter(["pid", "cmdline"]):
            if any(needle in part for part in (proc.info.get("cmdline") or ())):
                return int(proc.info["pid"])
        return None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if needle.encode() in cmdline:
            return int(entry.name)
    return None


def _shutdown_kernel(port: int, kernel_id: str) -> None:
    """``DELETE /api/kernels/<id>`` on our own server (double-submit XSRF token)."""
    import secrets
    import urllib.request

    token = secrets.token_hex(16)
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/kernels/{kernel_id}", method="DELETE",
        headers={"Cookie": f"_xsrf={token}", "X-XSRFToken": token})
    # Already gone (404) or the server is stopping: nothing to clean up.
    with contextlib.suppress(OSError), urllib.request.urlopen(request, timeout=10):
        pass


def rss_bytes(pid: int) -> Optional[int]:
    """Resident memory of ``pid`` (psutil, or VmRSS from /proc)."""
    try:
        import psutil

        try:
            return int(psutil.Process(pid).memory_info().rss)
        except psutil.Error:
            return None
    except ImportError:
        pass
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def uss_bytes(pid: int) -> Optional[int]:
    """Memory only ``pid`` holds (its private pages: what one more student costs; RSS also
    counts the shared libraries every kernel maps once), from /proc/<pid>/smaps_rollup."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    kb = [int(line.split()[1]) for line in text.splitlines() if line.startswith(("Private_Clean:", "Private_Dirty:"))]
    return sum(kb) * 1024 if kb else None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie has no status worth waiting for
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True


# -- in-page probes --------------------------------------------------------------------------

# Installed before any page script runs: records performance.now() (milliseconds since
# navigation start) when the first element matching the selector is visible and enabled,
# and when any widget first appears.
READY_PROBE = """
(() => {
  const sel = %s;
  const usable = (el) => el && !el.disabled && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
  const check = () => {
    const now = performance.now();
    if (window.__benchFirstWidget === undefined && usable(document.querySelector('.jupyter-widgets')))
      window.__benchFirstWidget = now;
    if (window.__benchReady === undefined && usable(document.querySelector(sel)))
      window.__benchReady = now;
    return window.__benchReady !== undefined;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, {childList: true, subtree: true, attributes: true});
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  // Arrival time of every kernel message, to split a click into server and browser time.
  window.__benchMessages = [];
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => window.__benchMessages.push(performance.now()));
    }
  };
})();
"""

# Armed before each measured click: the click event's time stamp, then the first moment
# the watched element's content differs and the ``after`` selector matches a usable element.
ARM_CLICK = """
([watch, after]) => {
  const el = document.querySelector(watch);
  const before = el ? el.innerHTML : null;
  window.__benchT0 = undefined;
  window.__benchT1 = undefined;
  document.addEventListener('click', (e) => { window.__benchT0 = e.timeStamp; },
                            {capture: true, once: true});
  const usable = (x) => x && !x.disabled && x.getClientRects().length > 0;
  const check = () => {
    if (window.__benchT0 === undefined || window.__benchT1 !== undefined) return false;
    const now = document.querySelector(watch);
    if (now && now.innerHTML !== before && usable(document.querySelector(after))) {
      window.__benchT1 = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true});
  window.__benchObserver = observer;
}
"""

NAV_TIMES = """
() => {
  const n = performance.getEntriesByType('navigation')[0];
  const cfg = document.getElementById('jupyter-config-data');
  return {ttfb: n ? n.responseStart : null, html: n ? n.responseEnd : null,
          firstWidget: window.__benchFirstWidget ?? null, ready: window.__benchReady,
          kernelId: cfg ? JSON.parse(cfg.textContent).kernelId : null,
          boot: window.__beannbBoot ? window.__beannbBoot.marks : {}};
}
"""


@dataclass
class LoadSample:
    ready_ms: float
    ttfb_ms: Optional[float]
    html_ms: Optional[float]
    first_widget_ms: Optional[float]
    kernel_id: Optional[str]
    rss: Optional[int]
    uss: Optional[int] = None
    marks: dict = field(default_factory=dict)  # the site's loading marks (see beannb.bench.site)


@dataclass
class ClickSplit:
    """One click, in ms after the click event: kernel messages received before the view
    was updated (the first, the last, how many) and the update itself."""

    total_ms: float
    first_message_ms: float
    last_message_ms: float
    messages: int


class BenchError(RuntimeError):
    pass


class Session:
    """One browser context against one Voila server; remembers the kernels it saw."""

    def __init__(self, browser, port: int, kernel_pids: set[int]):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.port = port
        self.kernel_pids = kernel_pids
        self._page_kernel: dict[int, tuple[Optional[str], Optional[int]]] = {}

    def url(self, spec: PageSpec) -> str:
        return f"http://127.0.0.1:{self.port}/voila/render/{spec.notebook}"

    def open(self, spec: PageSpec):
        """Load ``spec``'s page in a new tab; return (page, sample) once it is usable."""
        page = self.context.new_page()
        page.add_init_script(READY_PROBE % json.dumps(spec.ready))
        try:
            page.goto(self.url(spec), wait_until="commit", timeout=LOAD_TIMEOUT_S * 1000)
            try:
                page.wait_for_function("window.__benchReady !== undefined", timeout=LOAD_TIMEOUT_S * 1000)
            except Exception as exc:
                raise BenchError(f"{spec.title} ({spec.notebook}): no usable {spec.ready!r} "
                                 f"within {LOAD_TIMEOUT_S:g} s") from exc
            # Playwright's own check that a click would land (visible, stable, enabled, on top).
            page.locator(spec.ready).first.click(trial=True, timeout=10_000)
            time.sleep(SETTLE_S)
            times = page.evaluate(NAV_TIMES)
        except Exception:
            self.close(page)
            raise
        pid = _kernel_pid(times["kernelId"]) if times.get("kernelId") else None
        if pid is not None:
            self.kernel_pids.add(pid)
        sample = LoadSample(ready_ms=float(times["ready"]), ttfb_ms=times.get("ttfb"), html_ms=times.get("html"),
                            first_widget_ms=times.get("firstWidget"), kernel_id=times.get("kernelId"),
                            rss=rss_bytes(pid) if pid is not None else None,
                            uss=uss_bytes(pid) if pid is not None else None, marks=times.get("boot") or {})
        self._page_kernel[id(page)] = (times.get("kernelId"), pid)
        return page, sample

    def close(self, page) -> None:
        """Leave the page, shut its kernel down and wait until the kernel process is gone.

        Voila's own shutdown-on-unload request is refused (403, no ``_xsrf`` cookie), so
        without this every page load would leave a kernel running until it is culled.
        """
        kernel_id, pid = self._page_kernel.pop(id(page), (None, None))
        with contextlib.suppress(Exception):
            page.goto("about:blank", timeout=10_000)
        with contextlib.suppress(Exception):
            page.close()
        if kernel_id:
            _shutdown_kernel(self.port, kernel_id)
        if pid is not None:
            deadline = time.monotonic() + 10
            while alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)

    def clicks(self, spec: PageSpec, n: int, log: IO[str], between: Optional[Callable[[Any, list[float]], bool]] = None,
               read_page: bool = True) -> tuple[list[float], list[ClickSplit], Optional[int]]:
        """``n`` click latencies (ms) on ``spec``; reloads when no action is left, or when
        ``between(page, latencies)``, called after each click, returns False.

        Also returns where each click's time went and (``read_page``) the kernel's resident
        memory after the clicks and the whole page read.
        """
        assert spec.click and spec.watch and spec.after
        latencies: list[float] = []
        splits: list[ClickSplit] = []
        page, _ = self.open(spec)
        failures = 0
        rss_after = None
        try:
            while len(latencies) < n:
                if page.locator(spec.click).count() == 0:  # game over: start again
                    self.close(page)
                    page, _ = self.open(spec)
                page.evaluate(ARM_CLICK, [spec.watch, spec.after])
                page.locator(spec.click).first.click(timeout=10_000)
                try:
                    page.wait_for_function("window.__benchT1 !== undefined", timeout=CLICK_TIMEOUT_S * 1000)
                except Exception:
                    failures += 1
                    print(f"  {spec.title}: no update within {CLICK_TIMEOUT_S:g} s of a click; reloading", file=log)
                    if failures > 3:
                        raise BenchError(f"{spec.title}: clicks stopped updating the view")
                    self.close(page)
                    page, _ = self.open(spec)
                    continue
                t0, t1, messages = page.evaluate(
                    "[window.__benchT0, window.__benchT1,"
                    " window.__benchMessages.filter(t => t >= window.__benchT0 && t <= window.__benchT1)]")
                latencies.append(float(t1) - float(t0))
                if messages:
                    splits.append(ClickSplit(float(t1) - float(t0), messages[0] - t0, messages[-1] - t0, len(messages)))
                if between is not None and not between(page, latencies):
                    self.close(page)
                    page, _ = self.open(spec)
            # Then read the whole page, as a learner would: the sections built when
            # scrolled to are built now, and the kernel's memory (if it has one) is read after that.
            pid = self._page_kernel.get(id(page), (None, None))[1]
            if read_page and pid is not None:
                _scroll_whole_page(page)
                time.sleep(SETTLE_S)
                rss_after = rss_bytes(pid)
        finally:
            self.close(page)
        return latencies, splits, rss_after


def _scroll_whole_page(page, timeout_s: float = LOAD_TIMEOUT_S) -> None:
    """Scroll every section still waiting to be built (a placeholder) into view until none is left."""
    deadline = time.monotonic() + timeout_s
    pending = page.locator(".beannb-lazy .beannb-onshow-wait")
    while pending.count() and time.monotonic() < deadline:
        with contextlib.suppress(Exception):  # built and replaced in between
            pending.first.scroll_into_view_if_needed(timeout=5_000)
        time.sleep(0.2)


# -- the run ---------------------------------------------------------------------------------

def prepare_folder(root: Path, notebook_dir: Path) -> Path:
    folder = root / "notebooks"
    folder.mkdir()
    for spec in PAGES:
        if spec is REFERENCE:
            (folder / spec.notebook).write_text(json.dumps(reference_notebook(), indent=1) + "\n")
        else:
            shutil.copy2(notebook_dir / spec.notebook, folder / spec.notebook)
    return folder


class Server:
    """A benchmark's Voila server on 127.0.0.1, its log in the temporary folder ``root``;
    ``kernel_pids``: the kernels its pages were seen to use."""

    def __init__(self, root: Path):
        self.root, self.log_path = root, root / "voila.log"
        self.port, self.proc = 0, None
        self.kernel_pids: set[int] = set()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def failed(self, command: str, problem: str) -> int:
        """Say why a benchmark stopped, with the end of the server's log; the exit status 1."""
        print(f"{command}: {problem}", file=sys.stderr)
        with contextlib.suppress(OSError):
            print("--- Voila log (last lines) ---\n" + "\n".join(self.log().splitlines()[-30:]), file=sys.stderr)
        return 1

    @contextlib.contextmanager
    def running(self, folder: Path, plan=None, ready: str = "", timeout: float = 120.0, **start) -> Iterator["Server"]:
        """Voila on ``folder`` (``plan``'s settings, ``start``: more arguments of :func:`beannb.serve.start_voila`)
        until ``ready`` (a path) answers, on another port if the first was taken in between (three tries).
        On leaving, Voila and every kernel of ``kernel_pids`` still running are stopped."""
        from ..serve import base_url, free_port, start_voila, stop_voila, wait_until_ready

        try:
            with self.log_path.open("wb") as log:
                for attempt in range(3):
                    self.port = free_port()
                    self.proc = start_voila(self.port, folder, settings=plan and plan.settings(self.port),
                                            stdout=log, stderr=subprocess.STDOUT, **start)
                    try:
                        wait_until_ready(base_url(self.port) + ready, timeout=timeout, proc=self.proc)
                        break
                    except RuntimeError:  # e.g. the port was taken in between
                        if attempt == 2:
                            raise
                        stop_voila(self.proc)
                yield self
        finally:
            if self.proc is not None:
                stop_voila(self.proc)
            for pid in self.kernel_pids:  # in sessions of their own: Voila normally stops them
                if alive(pid):
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGTERM)


def launch(pw, chromium: str = CHROMIUM, args: Sequence[str] = BROWSER_ARGS):
    """Debian's Chromium, headless, by default reaching 127.0.0.1 only (with Playwright's async API, a coroutine)."""
    return pw.chromium.launch(executable_path=chromium, headless=True, args=list(args))


def with_chromium(drive, chromium: str = CHROMIUM, args: Sequence[str] = BROWSER_ARGS):
    """``drive(browser)`` with a Chromium of its own (Playwright's sync API): (what it returned, the
    browser's version)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw, chromium, args)
        try:
            return drive(browser), browser.version
        finally:
            browser.close()


def in_chromium(chromium: str, drive):
    """:func:`with_chromium` with Playwright's async API: ``await drive(browser)``, run by :func:`run_coroutine`."""
    from playwright.async_api import async_playwright

    async def main():
        async with async_playwright() as pw:
            browser = await launch(pw, chromium)
            try:
                return await drive(browser), browser.version
            finally:
                await browser.close()

    return run_coroutine(main)


def keep_log(text: str, prefix: str) -> str:
    """Keep a server's log (the benchmark's folder goes away) in a file of its own: its path."""
    fd, kept = tempfile.mkstemp(prefix=prefix, suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return kept


@dataclass
class Run:
    """Everything one benchmark run measured."""

    figures: Figures
    loads: dict[str, list[LoadSample]]
    clicks: dict[str, list[ClickSplit]]
    rss_after_clicks: dict[str, Optional[int]]


def measure(browser, port: int, rounds: int, clicks: int, pages: Sequence[PageSpec] = PAGES,
            log: IO[str] = sys.stderr, kernel_pids: Optional[set[int]] = None) -> Run:
    """Load every page ``rounds`` times (interleaved), then click ``clicks`` times on each
    page that has a click. Adds every kernel pid seen to ``kernel_pids``."""
    session = Session(browser, port, kernel_pids if kernel_pids is not None else set())
    try:
        # Warm the browser cache (Voila's JavaScript) and the disk cache once, unmeasured.
        page, _ = session.open(REFERENCE)
        session.close(page)
        run = Run(Figures(), {s.key: [] for s in pages}, {}, {})
        for r in range(rounds):
            for spec in pages:
                page, sample = session.open(spec)
                session.close(page)
                run.loads[spec.key].append(sample)
                print(f"  load {r + 1}/{rounds} {spec.title}: {sample.ready_ms:.0f} ms", file=log, flush=True)
        for key, got in run.loads.items():
            run.figures.load_ms[key] = median([s.ready_ms for s in got])
            rss = [s.rss for s in got if s.rss is not None]
            if rss:
                run.figures.rss_mb[key] = median(rss) / 2**20
        for spec in pages:
            if spec.click:
                latencies, run.clicks[spec.key], run.rss_after_clicks[spec.key] = session.clicks(spec, clicks, log)
                run.figures.click_ms[spec.key] = median(latencies)
                print(f"  {len(latencies)} clicks {spec.title}: median {run.figures.click_ms[spec.key]:.0f} ms, "
                      f"min {min(latencies):.0f}, max {max(latencies):.0f}", file=log, flush=True)
        return run
    finally:
        with contextlib.suppress(Exception):
            session.context.close()


def breakdown(run: Run) -> str:
    """Where the time goes: for loads, the server (Voila executing every cell while it
    sends the HTML) against the browser (building the widgets); for clicks, the kernel's
    messages against the browser's rebuilding of the view."""

    def med(values) -> str:
        values = [v for v in values if v is not None]
        return f"{median(values):.0f}" if values else "n/a"

    lines = ["load breakdown (medians, ms since navigation start; HTML done = every cell executed):",
             f"  {'page':<20} {'first byte':>10} {'HTML done':>10} {'1st widget':>10} {'usable':>10}"]
    for spec in PAGES:
        got = run.loads.get(spec.key) or []
        if got:
            lines.append(f"  {spec.title:<20} {med(s.ttfb_ms for s in got):>10} {med(s.html_ms for s in got):>10} "
                         f"{med(s.first_widget_ms for s in got):>10} {med(s.ready_ms for s in got):>10}")
    lines += ["click breakdown (medians, ms after the click; kernel messages received before the view updated):",
              f"  {'page':<20} {'1st msg':>10} {'last msg':>10} {'messages':>10} {'updated':>10} {'kernel MB after':>16}",
              "  (kernel MB after: the clicks, then the whole page scrolled so every section is built)"]
    for spec in PAGES:
        got = run.clicks.get(spec.key) or []
        if got:
            rss = run.rss_after_clicks.get(spec.key)
            lines.append(f"  {spec.title:<20} {med(c.first_message_ms for c in got):>10} "
                         f"{med(c.last_message_ms for c in got):>10} {med(c.messages for c in got):>10} "
                         f"{med(c.total_ms for c in got):>10} {'n/a' if rss is None else f'{rss / 2**20:.1f}':>16}")
    lines += ["kernel memory right after loading (medians, MB): resident (RSS, the target's figure) and "
              "the kernel's own pages (USS: shared libraries not counted, what one more student adds)"]
    for spec in PAGES:
        got = run.loads.get(spec.key) or []
        if got:
            rss = [s.rss / 2**20 for s in got if s.rss is not None]
            uss = [s.uss / 2**20 for s in got if s.uss is not None]
            lines.append(f"  {spec.title:<20} RSS {'n/a' if not rss else f'{median(rss):.1f}':>6}"
                         f"   USS {'n/a' if not uss else f'{median(uss):.1f}':>6}")
    return "\n".join(lines)


def run_app_bench(rounds: int = 5, clicks: int = 20, chromium: str = CHROMIUM,
                  notebook_dir: Optional[os.PathLike] = None, pages: Sequence[PageSpec] = PAGES,
                  out: IO[str] = sys.stdout) -> int:
    """Run the app benchmark and print its table; Voila, its kernels and the browser are
    always stopped. Returns 0 when it ran, 2 when this machine lacks what it needs
    (Chromium, Playwright, Voila, the notebooks), 1 when the measurement failed.

    ``pages`` picks a subset of :data:`PAGES` (figures of pages left out print n/a).
    """
    if cannot_run("beannb bench --app", chromium):
        return 2
    from ..serve import find_notebook_dir

    try:
        source = find_notebook_dir(notebook_dir)
    except FileNotFoundError as exc:
        print(f"beannb bench --app: {exc}", file=sys.stderr)
        return 2
    from playwright.sync_api import Error as PlaywrightError, sync_playwright

    import voila

    with tempfile.TemporaryDirectory(prefix="beannb-bench-app-") as tmp:
        server = Server(Path(tmp))
        print(f"beannb bench --app: starting Voila {voila.__version__} and Chromium ...", file=sys.stderr, flush=True)
        try:
            with server.running(prepare_folder(server.root, source)), sync_playwright() as pw:
                try:
                    browser = launch(pw, chromium)
                except PlaywrightError as exc:
                    print(f"beannb bench --app: cannot start Chromium at {chromium}: {exc}", file=sys.stderr)
                    return 2
                try:
                    run = measure(browser, server.port, rounds, clicks, pages, kernel_pids=server.kernel_pids)
                    version = browser.version
                finally:
                    browser.close()
        except (BenchError, PlaywrightError, RuntimeError, TimeoutError) as exc:
            return server.failed("beannb bench --app", str(exc))

    rows = build_rows(run.figures)
    print(f"beannb bench --app: Voila {voila.__version__}, Chromium {version}; medians of {rounds} page loads "
          f"and {clicks} clicks per page; reference = one-button notebook", file=out)
    print(format_table(rows), file=out)
    print(summary(rows), file=out)
    print(breakdown(run), file=out)
    return 0


# -- a class at once (``beannb bench --class N``) ----------------------------------------------
#
# One server in classroom mode (on 127.0.0.1, with a token, preheated pools and a kernel cap
# that follow this machine unless given) serves the landing page, the base game and the
# one-button reference notebook. Each wave opens N tabs at once, each in its own browser
# context (a student of its own): half on the landing page, half on the base game; their
# kernels' memory is read while every tab is open, then each base-game tab clicks a few
# actions at the same moment as the others; the tabs close as a student closes a tab
# (beforeunload: Voila's page asks the server to shut its kernel down). Then N tabs do the
# same on the reference notebook. Between phases the server is given time to shut kernels
# down and refill its pools, and that time is printed too.

CLASS_CLICKS = 3
SETTLE_TIMEOUT_S = 240.0
# The server is "settled" when its kernels are back to the pools' size and it and its
# kernels used less than this share of one core over a second.
IDLE_CPU_PERCENT = 15.0


@dataclass
class TabResult:
    spec: PageSpec
    served: bool = False
    full: bool = False  # the server answered "the class is full" (503)
    error: Optional[str] = None
    ready_ms: Optional[float] = None
    html_ms: Optional[float] = None  # the server's part: the whole page's HTML received
    kernel_id: Optional[str] = None
    clicks_ms: list[float] = field(default_factory=list)


@dataclass
class PhaseResult:
    """One phase of a wave: N tabs on some pages, opened at once."""

    wave: int
    label: str
    tabs: list[TabResult]
    server_mb: Optional[float] = None
    kernels: int = 0
    kernels_mb: Optional[float] = None  # sum
    kernel_mb_by_page: dict[str, Optional[float]] = field(default_factory=dict)  # median per page
    settle_s: Optional[float] = None  # after the tabs closed, until kernels and pools were back


def _process_tree_rss(pid: int) -> tuple[Optional[int], list[tuple[int, int]]]:
    """(RSS of ``pid``, [(pid, RSS) of each descendant])."""
    try:
        import psutil
    except ImportError:
        return rss_bytes(pid), []
    try:
        proc = psutil.Process(pid)
        kids = []
        for child in proc.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                kids.append((child.pid, int(child.memory_info().rss)))
        return int(proc.memory_info().rss), kids
    except psutil.Error:
        return None, []


def _busy_percent(pid: int, interval: float = 1.0) -> float:
    """CPU used by ``pid`` and its descendants over ``interval`` seconds (100 = one core)."""
    import psutil

    try:
        procs = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return 0.0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            p.cpu_percent(None)
    time.sleep(interval)
    total = 0.0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            total += p.cpu_percent(None)
    return total


def wait_settled(server_pid: int, kernels: int, timeout: float = SETTLE_TIMEOUT_S) -> Optional[float]:
    """Wait until the server runs exactly ``kernels`` kernels and is idle; return the
    seconds waited (None after ``timeout``)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        _, kids = _process_tree_rss(server_pid)
        if len(kids) == kernels and _busy_percent(server_pid) < IDLE_CPU_PERCENT:
            return time.monotonic() - start
        time.sleep(0.5)
    return None


class _Steps:
    """Moves the tabs of a phase through its steps together: all loaded, then all
    clicking at once, then all closing."""

    def __init__(self, tabs: int):
        self.tabs = tabs
        self._counts = {"loaded": 0, "clicked": 0}
        self.loaded, self.clicked = asyncio.Event(), asyncio.Event()
        self.click, self.close = asyncio.Event(), asyncio.Event()

    def reached(self, step: str) -> None:
        self._counts[step] += 1
        if self._counts[step] == self.tabs:
            getattr(self, step).set()


async def _student(browser, url: str, result: TabResult, n_clicks: int, steps: _Steps) -> TabResult:
    """One student: open ``url`` and wait until usable, click when told, close when told."""
    spec = result.spec
    reported: set[str] = set()

    def reach(step: str) -> None:
        if step not in reported:
            reported.add(step)
            steps.reached(step)

    context = None
    try:
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        await page.add_init_script(READY_PROBE % json.dumps(spec.ready))
        try:
            response = await page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_S * 1000)
            if response is not None and response.status == 503:
                result.full = True
            elif response is not None and response.status != 200:
                result.error = f"HTTP {response.status}"
            else:
                await page.wait_for_function("window.__benchReady !== undefined", timeout=LOAD_TIMEOUT_S * 1000)
                times = await page.evaluate(NAV_TIMES)
                result.ready_ms = float(times["ready"])
                result.html_ms = times.get("html")
                result.kernel_id = times.get("kernelId")
                result.served = True
        except Exception as exc:  # a timeout or a crashed page: this student got nothing
            result.error = (str(exc).splitlines() or [type(exc).__name__])[0][:160]
        reach("loaded")
        await steps.click.wait()
        try:
            if result.served and spec.click and n_clicks:
                for _ in range(n_clicks):
                    if await page.locator(spec.click).count() == 0:
                        break
                    await page.evaluate(ARM_CLICK, [spec.watch, spec.after])
                    await page.locator(spec.click).first.click(timeout=CLICK_TIMEOUT_S * 1000)
                    await page.wait_for_function("window.__benchT1 !== undefined", timeout=CLICK_TIMEOUT_S * 1000)
                    t0, t1 = await page.evaluate("[window.__benchT0, window.__benchT1]")
                    result.clicks_ms.append(float(t1) - float(t0))
        except Exception as exc:
            result.error = result.error or f"click: {(str(exc).splitlines() or ['?'])[0][:140]}"
        finally:
            reach("clicked")
        await steps.close.wait()
        # As a student closes a tab: beforeunload runs and the page asks for its kernel's shutdown.
        with contextlib.suppress(Exception):
            await page.close(run_before_unload=True)
            await asyncio.sleep(0.5)
    except Exception as exc:
        result.error = result.error or (str(exc).splitlines() or [type(exc).__name__])[0][:160]
    finally:
        reach("loaded")  # a tab that broke early must not hold the others back
        reach("clicked")
        if context is not None:
            with contextlib.suppress(Exception):
                await context.close()
    return result


async def _phase(browser, base: str, token: str, specs: Sequence[PageSpec], clicks: int,
                 server_pid: int, wave: int, label: str, log: IO[str]) -> PhaseResult:
    """Open a tab per spec at once; memory once all are loaded; clicks; close all."""
    steps = _Steps(len(specs))
    results = [TabResult(spec) for spec in specs]
    tasks = [asyncio.ensure_future(_student(browser, f"{base}voila/render/{r.spec.notebook}?token={token}",
                                            r, clicks, steps))
             for r in results]
    await steps.loaded.wait()
    # Memory while every tab of the phase is open, and which kernel serves which page.
    server_rss, kids = _process_tree_rss(server_pid)
    pids = {r.kernel_id: _kernel_pid(r.kernel_id) for r in results if r.kernel_id}
    steps.click.set()
    await steps.clicked.wait()
    steps.close.set()
    tabs = list(await asyncio.gather(*tasks))
    rss_by_pid = dict(kids)
    by_page: dict[str, list[int]] = {}
    for tab in tabs:
        pid = pids.get(tab.kernel_id) if tab.kernel_id else None
        if pid is not None and pid in rss_by_pid:
            by_page.setdefault(tab.spec.key, []).append(rss_by_pid[pid])
    phase = PhaseResult(
        wave, label, tabs,
        server_mb=None if server_rss is None else server_rss / 2**20,
        kernels=len(kids), kernels_mb=sum(r for _, r in kids) / 2**20 if kids else None,
        kernel_mb_by_page={k: median(v) / 2**20 for k, v in by_page.items()},
    )
    print(f"  wave {wave} {label}: {sum(t.served for t in tabs)}/{len(tabs)} served, "
          f"{sum(t.full for t in tabs)} 'class is full', {sum(t.error is not None for t in tabs)} failed",
          file=log, flush=True)
    for t in tabs:
        if t.error:
            print(f"    {t.spec.title}: {t.error}", file=log, flush=True)
    return phase


def class_table(phases: Sequence[PhaseResult]) -> str:
    """Per wave and page: served/full/failed, first usable widget (median, max), click ->
    update (median), kernel memory; per phase: kernels, server memory, settling time."""
    header = ("wave", "page", "served", "full", "failed", "HTML done", "usable median", "usable max", "click median",
              "kernel RSS", "kernels", "all kernels", "server RSS", "settled in")
    rows = []
    for phase in phases:
        for i, spec in enumerate(dict.fromkeys(t.spec for t in phase.tabs)):  # its pages, in order
            tabs = [t for t in phase.tabs if t.spec is spec]
            ready = [t.ready_ms for t in tabs if t.ready_ms is not None]
            html_done = [t.html_ms for t in tabs if t.html_ms is not None]
            clicks = [c for t in tabs for c in t.clicks_ms]
            first = i == 0
            rows.append((
                str(phase.wave), spec.title, f"{sum(t.served for t in tabs)}/{len(tabs)}",
                str(sum(t.full for t in tabs)), str(sum(t.error is not None for t in tabs)),
                _ms(median(html_done)), _ms(median(ready)), _ms(max(ready) if ready else None), _ms(median(clicks)),
                _mb(phase.kernel_mb_by_page.get(spec.key)),
                str(phase.kernels) if first else "", _mb(phase.kernels_mb) if first else "",
                _mb(phase.server_mb) if first else "",
                ("-" if phase.settle_s is None else f"{phase.settle_s:.0f} s") if first else "",
            ))
    return columns(header, rows, right=range(2, len(header)))


def class_summary(phases: Sequence[PhaseResult]) -> str:
    """Every wave together, per page, and the ratio to the reference notebook."""
    tabs: dict[str, list[TabResult]] = {}
    kernel_mb: dict[str, list[float]] = {}
    for phase in phases:
        for tab in phase.tabs:
            tabs.setdefault(tab.spec.key, []).append(tab)
        for key, mb in phase.kernel_mb_by_page.items():
            if mb is not None:
                kernel_mb.setdefault(key, []).append(mb)

    def figures(key: str) -> tuple[Optional[float], Optional[float], Optional[float], Optional[float]]:
        got = tabs.get(key, [])
        ready = [t.ready_ms for t in got if t.ready_ms is not None]
        clicks = [c for t in got for c in t.clicks_ms]
        return median(ready), (max(ready) if ready else None), median(clicks), median(kernel_mb.get(key, []))

    ref = figures(REFERENCE.key)
    lines = ["all waves (medians; ratio to the one-button reference under the same load):"]
    for key in [k for k in (LANDING.key, BASE_GAME.key, REFERENCE.key) if k in tabs]:
        got = tabs[key]
        ready_med, ready_max, click_med, mb = figures(key)
        served = sum(t.served for t in got)

        def with_ratio(value: Optional[float], reference: Optional[float], text: str) -> str:
            r = ratio(value, reference)
            return text if key == REFERENCE.key or r is None else f"{text} ({r:.2f}x)"

        lines.append(
            f"  {got[0].spec.title:<20} served {served}/{len(got)}; "
            f"first usable {with_ratio(ready_med, ref[0], _ms(ready_med))}, "
            f"max {with_ratio(ready_max, ref[1], _ms(ready_max))}; click -> update {with_ratio(click_med, ref[2], _ms(click_med))}; "
            f"kernel RSS {with_ratio(mb, ref[3], _mb(mb))}"
        )
    return "\n".join(lines)


def class_specs(n: int, same_page: bool = False) -> list[PageSpec]:
    """The pages of N students: the first half on the landing page, the rest on the base game
    (``same_page``: all N on the base game, as a class sent to one page)."""
    if same_page:
        return [BASE_GAME] * n
    return [LANDING] * (n // 2) + [BASE_GAME] * (n - n // 2)


async def _class_waves(browser, base: str, token: str, n: int, waves: int, clicks: int, server_pid: int,
                       pool_total: int, log: IO[str], same_page: bool = False) -> list[PhaseResult]:
    phases: list[PhaseResult] = []
    for wave in range(1, waves + 1):
        for label, specs in (("beannb", class_specs(n, same_page)), ("reference", [REFERENCE] * n)):
            phase = await _phase(browser, base, token, specs, clicks, server_pid, wave, label, log)
            phase.settle_s = await asyncio.to_thread(wait_settled, server_pid, pool_total)
            print(f"    kernels shut down and pools refilled after "
                  f"{'more than %g' % SETTLE_TIMEOUT_S if phase.settle_s is None else '%.0f' % phase.settle_s} s",
                  file=log, flush=True)
            phases.append(phase)
    return phases


def run_coroutine(factory):
    """``asyncio.run(factory())``, in a thread of its own when this thread already runs
    an event loop (inside Jupyter, or next to Playwright's synchronous API)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(factory())
    import threading

    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(factory())
        except BaseException as exc:  # handed to the caller below
            outcome["error"] = exc

    thread = threading.Thread(target=target, name="beannb-bench-class")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]


# A page that closes while its kernel is still talking leaves this traceback in the server's log: the
# server wrote to a websocket the browser had just closed. The tab went away; the server is fine.
CLOSED_TAB_ERRORS = ("tornado.websocket.WebSocketClosedError", "tornado.iostream.StreamClosedError")


def server_log_problems(text: str) -> tuple[list[str], int]:
    """The worrying lines of a Voila log, and how many tracebacks only say a closed tab was written to.

    A port clash or a kernel restart is one line; a traceback (with any chained to it) is summed up
    by its last line, the exception, so the report says what went wrong.
    """
    problems: list[str] = []
    closed = 0
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if "Traceback (most recent call last)" not in line:
            if "Address already in use" in line or "restarting" in line.lower():
                problems.append(line)
            continue
        last = line
        while i < len(lines):
            nxt = lines[i]
            i += 1
            if nxt.startswith((" ", "Traceback", "During handling", "The above exception")) or not nxt.strip():
                continue
            last = nxt.strip()
            after = next((x for x in lines[i:] if x.strip()), "")
            if not after.startswith(("During handling", "The above exception")):
                break
        if last.startswith(CLOSED_TAB_ERRORS):
            closed += 1
        else:
            problems.append(f"Traceback ending in {last}")
    return problems, closed


def run_class_bench(n: int, waves: int = 3, clicks: int = CLASS_CLICKS, pool: Optional[int] = None,
                    max_kernels: Optional[int] = None, chromium: str = CHROMIUM,
                    notebook_dir: Optional[os.PathLike] = None, out: Optional[IO[str]] = None,
                    same_page: bool = False) -> int:
    """``beannb bench --class N``: N students at once, ``waves`` times, against one
    classroom-mode server on 127.0.0.1 (token, preheated pools, kernel cap).
    ``same_page``: all N tabs on the base game, under the cap as planned (not raised for
    the reference's idle pool): a class sent to one page while other pages' pools idle.

    Returns 0 when it ran, 2 when this machine lacks what it needs, 1 when it failed.
    Pools and the cap follow the machine as in ``beannb app --class`` unless given.
    """
    out = out or sys.stdout
    if cannot_run("beannb bench --class", chromium,
                  also=[] if importlib.util.find_spec("psutil") else ["psutil (pip install psutil)"]):
        return 2
    if n < 1 or waves < 1:
        print("beannb bench --class: N and --waves must be at least 1", file=sys.stderr)
        return 2
    from ..serve import HOST, base_url, find_notebook_dir, new_token, plan_class

    try:
        source = find_notebook_dir(notebook_dir)
    except FileNotFoundError as exc:
        print(f"beannb bench --class: {exc}", file=sys.stderr)
        return 2
    import voila

    token = new_token()
    notebooks = [spec.notebook for spec in PAGES]
    plan = plan_class(notebooks, classroom=True, ip=HOST, token=token, pool=pool, max_kernels=max_kernels,
                      main=notebooks)
    if max_kernels is None and not same_page and plan.max_kernels < n + plan.pool_total:
        # The reference's idle pool is not part of a real class: make room for it.
        plan.max_kernels = n + plan.pool_total
    pools = ", ".join(f"{nb} {k}" for nb, k in plan.pools.items())
    cap = f"at most {plan.max_kernels or 'any number of'} kernels"
    log = sys.stderr
    with tempfile.TemporaryDirectory(prefix="beannb-bench-class-") as tmp:
        server = Server(Path(tmp))
        start = time.monotonic()
        try:
            with server.running(prepare_folder(server.root, source), plan, ip=HOST, token=token):
                print(f"beannb bench --class: Voila {voila.__version__} in classroom mode on 127.0.0.1; pools "
                      f"{pools}; {cap}; warming up ...", file=log, flush=True)
                warm = wait_settled(server.proc.pid, plan.pool_total)
                warm_s = time.monotonic() - start
                print(f"  pools warm {warm_s:.0f} s after the start", file=log, flush=True)
                phases, version = in_chromium(chromium, lambda browser: _class_waves(
                    browser, base_url(server.port), token, n, waves, clicks, server.proc.pid, plan.pool_total, log,
                    same_page))
                server_log = server.log()
        except Exception as exc:
            return server.failed("beannb bench --class", f"{type(exc).__name__}: {exc}")

    problems, closed_writes = server_log_problems(server_log)
    failed = sum(t.error is not None for phase in phases for t in phase.tabs)
    if failed or problems:
        kept = keep_log(server_log, "beannb-bench-class-")
        print(f"beannb bench --class: {failed} tab(s) failed; the server's log is kept in {kept}", file=log)
    print(f"beannb bench --class {n}: Voila {voila.__version__}, Chromium {version}; {waves} wave(s) of {n} tabs "
          "at once " + (f"(all {n} on the base game" if same_page
                        else f"({n // 2} on the landing page, {n - n // 2} on the base game")
          + f", {clicks} clicks per base-game tab), each followed by {n} tabs on the one-button reference; "
          f"classroom mode on 127.0.0.1 with a token; pools {pools}; {cap}; {plan.cores} core(s), "
          f"{plan.available_mb} MB available; pools warm {warm_s:.0f} s after the start"
          + ("" if warm is not None else " (not idle yet)"), file=out)
    print(class_table(phases), file=out)
    print(class_summary(phases), file=out)
    print("server log: " + (f"{len(problems)} worrying line(s), e.g. {problems[0][:160]}" if problems
                            else "no port clash, kernel restart or traceback")
          + (f"; {closed_writes} message(s) written to a tab that had just closed (the page went away, not a fault)"
             if closed_writes else ""), file=out)
    return 0
