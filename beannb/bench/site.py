"""The browser-only site beside the Voila app (``beannb bench --site``): figures, never assertions.

The site (``beannb site``, :mod:`beannb.site`) is served from this machine with a plain file
server and opened in Chromium, as is the Voila app (the sessions of ``beannb bench --app``,
:mod:`beannb.bench.app`): page loads cold and warm, where a site load's time goes, one more
tab's memory and the click latency of the base game.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

from ..site import (HOST, PYODIDE_VERSION, SITE, SITE_SIZE_LIMIT_MB, SiteInputsUnavailable, build, make_server,
                    site_size_mb)
from .app import (BASE_GAME, PageSpec, Server, Session, _amount, _process_tree_rss, cannot_run, columns, median,
                  prepare_folder, verdict, with_chromium)


def _browser_rss() -> int:
    """Resident memory of every process this one started (Playwright's driver and the
    browser); a tab's share is the difference with an empty tab open."""
    return sum(rss for _, rss in _process_tree_rss(os.getpid())[1])


#: Where a site page's time goes, from the marks the loading script keeps
#: (``window.__beannbBoot``; milliseconds since the page opened): (label, from, to).
SITE_PHASES = (
    ("page and Voici scripts, until Python's worker starts", None, "worker"),
    ("Pyodide start (WebAssembly, Python)", "worker", "python"),
    ("packages written into Python's files", "python", "installed"),
    ("kernel imports (IPython, the kernel)", "installed", "kernel"),
    ("notebook cells run", "kernel", "shown"),
    ("widgets drawn, until usable", "shown", "ready"),
)


def site_phases(marks: dict, ready_ms: float) -> dict[str, float]:
    """The phases of one load (see :data:`SITE_PHASES`); missing marks leave a phase out."""
    marks = {**marks, "ready": ready_ms}
    out = {}
    for label, start, end in SITE_PHASES:
        a = 0.0 if start is None else marks.get(start)
        b = marks.get(end)
        if a is not None and b is not None:
            out[label] = float(b) - float(a)
    return out


class SiteSession(Session):
    """The site's pages in a browser context of their own, loaded and clicked as the app's are."""

    def __init__(self, browser, base: str):
        super().__init__(browser, 0, set())
        self.base = base

    def url(self, spec: PageSpec) -> str:
        return self.base + "voici/render/" + spec.notebook.replace(".ipynb", ".html")


def measure(sessions: Callable[[], Session], what: str, rounds: int, clicks: int, log=sys.stderr) -> dict:
    """The base game in ``sessions()``'s browser contexts (the site's or the Voila app's): cold loads
    (a fresh context each: nothing cached), warm loads (one context, after one unmeasured load) with
    the memory one more tab takes, the kernel's memory and the site's load phases, then clicks."""
    cold = []
    for r in range(rounds):
        session = sessions()
        try:
            page, sample = session.open(BASE_GAME)
            session.close(page)
        finally:
            session.context.close()
        cold.append(sample.ready_ms)
        print(f"  {what} cold load {r + 1}/{rounds}: {cold[-1]:.0f} ms", file=log, flush=True)
    session = sessions()
    try:
        session.context.new_page().goto("about:blank")
        page, _ = session.open(BASE_GAME)
        session.close(page)
        warm, tab, kernel, phases = [], [], [], []
        for r in range(rounds):
            time.sleep(1.0)
            before = _browser_rss()
            page, sample = session.open(BASE_GAME)
            time.sleep(1.0)
            tab.append((_browser_rss() - before) / 2**20)
            warm.append(sample.ready_ms)
            if sample.rss:
                kernel.append(sample.rss / 2**20)
            phases.append(site_phases(sample.marks, sample.ready_ms))
            session.close(page)
            print(f"  {what} warm load {r + 1}/{rounds}: {warm[-1]:.0f} ms", file=log, flush=True)
        latencies, _splits, _rss = session.clicks(BASE_GAME, clicks, log)
        print(f"  {what}: {len(latencies)} clicks, median {median(latencies):.0f} ms", file=log, flush=True)
    finally:
        session.context.close()
    return {"cold_ms": median(cold), "warm_ms": median(warm), "tab_mb": median(tab), "kernel_mb": median(kernel),
            "click_ms": median(latencies),
            "phases": {label: median([p[label] for p in phases if label in p])
                       for label, _a, _b in SITE_PHASES if any(label in p for p in phases)}}


def format_bench(site: dict, voila: dict, size_mb: float) -> str:
    def ms(figures: dict, key: str) -> str:
        return _amount(figures.get(key), "ms")

    def mb(v: Optional[float]) -> str:
        return "n/a" if v is None else f"{v:.0f} MB"

    def within(key: str, times: float) -> Optional[bool]:
        return None if None in (site.get(key), voila.get(key)) else site[key] <= times * voila[key]

    return columns(("measure", "site", "Voila app", "target", ""), [
        ("first usable base game, cold cache", ms(site, "cold_ms"), ms(voila, "cold_ms"), "", ""),
        ("first usable base game, warm cache", ms(site, "warm_ms"), ms(voila, "warm_ms"), "<= 2x Voila",
         verdict(within("warm_ms", 2))),
        ("median click -> view, base game", ms(site, "click_ms"), ms(voila, "click_ms"), "<= Voila",
         verdict(within("click_ms", 1))),
        ("browser memory per tab", mb(site.get("tab_mb")), mb(voila.get("tab_mb")), "", ""),
        ("kernel process (server side)", "none", mb(voila.get("kernel_mb")), "", ""),
        ("_site/ size", f"{size_mb:.1f} MB", "", f"<= {SITE_SIZE_LIMIT_MB} MB", verdict(size_mb <= SITE_SIZE_LIMIT_MB)),
    ], right={1, 2})


def run_site_bench(rounds: int = 3, clicks: int = 10, out=sys.stdout) -> int:
    """``beannb bench --site``: the site and the Voila app on this machine, side by side."""
    import threading

    if cannot_run("beannb bench --site"):
        return 2
    if not (SITE / "index.html").exists():
        try:
            build(SITE)
        except SiteInputsUnavailable as exc:
            print(f"beannb bench --site: no site and it cannot be built: {exc}", file=sys.stderr)
            return 2
    from ..serve import find_notebook_dir

    def drive(browser) -> tuple[dict, dict]:
        print("beannb bench --site: the browser-only site ...", file=sys.stderr, flush=True)
        site_figures = measure(lambda: SiteSession(browser, base), "site", rounds, clicks)
        print("beannb bench --site: the Voila app ...", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory(prefix="beannb-bench-site-") as tmp:
            server = Server(Path(tmp))  # the Voila app as beannb bench --app serves it
            with server.running(prepare_folder(server.root, find_notebook_dir(None))):
                return site_figures, measure(lambda: Session(browser, server.port, server.kernel_pids), "voila",
                                             rounds, clicks)

    site = make_server(SITE, 0)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    base = f"http://{HOST}:{site.server_address[1]}/"
    try:
        (site_figures, voila_figures), version = with_chromium(drive)
    except Exception as exc:  # noqa: BLE001 - figures, never a traceback
        print(f"beannb bench --site: the measurement failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        site.shutdown()
        site.server_close()
    print(f"beannb bench --site: Chromium {version}, Pyodide {PYODIDE_VERSION}; medians of {rounds} loads "
          f"and {clicks} clicks; memory: resident memory the browser gained for one more tab", file=out)
    print(format_bench(site_figures, voila_figures, site_size_mb(SITE)), file=out)
    if site_figures.get("phases"):
        print("\nwhere a warm site load's time goes (medians):", file=out)
        width = max(len(label) for label in site_figures["phases"])
        for label, ms in site_figures["phases"].items():
            print(f"  {label.ljust(width)}  {round(ms):6d} ms", file=out)
    return 0
