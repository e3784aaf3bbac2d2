"""The browser-only site beside the Voila app (``beannb bench --site``): figures, never assertions.

The site (``beannb site``, :mod:`beannb.site`) is served from this machine with a plain file
server and opened in Chromium, as is the Voila app (the sessions of ``beannb bench --app``,
:mod:`beannb.bench.app`): page loads cold and warm, where a site load's time goes, one more
tab's memory and the click latency of the base game.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from ..serve import CHROMIUM
from ..site import (HOST, PYODIDE_VERSION, SITE, SITE_SIZE_LIMIT_MB, SiteInputsUnavailable, build, make_server,
                    site_size_mb)
from .app import (ARM_CLICK, BASE_GAME, BROWSER_ARGS, CLICK_TIMEOUT_S, LOAD_TIMEOUT_S, NAV_TIMES, READY_PROBE, Session,
                  median, missing_requirements, prepare_folder, start_server)


def _browser_rss() -> int:
    """Resident memory of every process this one started (Playwright's driver and the
    browser); a tab's share is the difference with an empty tab open."""
    import psutil

    total = 0
    for child in psutil.Process().children(recursive=True):
        try:
            total += child.memory_info().rss
        except psutil.Error:
            pass
    return total


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


def _site_load(context, url: str, ready: str, timeout_s: float) -> tuple[float, object, dict]:

    page = context.new_page()
    page.add_init_script(READY_PROBE % json.dumps(ready))
    page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    page.wait_for_function("window.__benchReady !== undefined", timeout=timeout_s * 1000)
    page.locator(ready).first.click(trial=True, timeout=10_000)
    ready_ms = float(page.evaluate(NAV_TIMES)["ready"])
    marks = page.evaluate("window.__beannbBoot ? window.__beannbBoot.marks : {}") or {}
    return ready_ms, page, site_phases(marks, ready_ms)


def _clicks(page, spec, n: int, timeout_s: float) -> list[float]:

    out: list[float] = []
    while len(out) < n and page.locator(spec.click).count():
        page.evaluate(ARM_CLICK, [spec.watch, spec.after])
        page.locator(spec.click).first.click(timeout=10_000)
        page.wait_for_function("window.__benchT1 !== undefined", timeout=timeout_s * 1000)
        out.append(float(page.evaluate("window.__benchT1 - window.__benchT0")))
    return out


def measure_site(browser, base: str, rounds: int, clicks: int, log=sys.stderr) -> dict:
    """Cold loads (a fresh browser context each: nothing cached), warm loads (one context,
    after one unmeasured load), clicks and a tab's memory on the base-game page."""

    url = base + "voici/render/" + BASE_GAME.notebook.replace(".ipynb", ".html")
    figures: dict = {}
    cold = []
    for r in range(rounds):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            ms, page, _phases = _site_load(context, url, BASE_GAME.ready, LOAD_TIMEOUT_S)
            cold.append(ms)
            print(f"  site cold load {r + 1}/{rounds}: {ms:.0f} ms", file=log, flush=True)
        finally:
            context.close()
    figures["cold_ms"] = median(cold)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        blank = context.new_page()
        blank.goto("about:blank")
        _, first, _phases = _site_load(context, url, BASE_GAME.ready, LOAD_TIMEOUT_S)
        first.close()
        warm, phases = [], []
        for r in range(rounds):
            time.sleep(1.0)
            before = _browser_rss()
            ms, page, load_phases = _site_load(context, url, BASE_GAME.ready, LOAD_TIMEOUT_S)
            phases.append(load_phases)
            time.sleep(1.0)
            figures.setdefault("tab_mb", []).append((_browser_rss() - before) / 2**20)
            warm.append(ms)
            print(f"  site warm load {r + 1}/{rounds}: {ms:.0f} ms", file=log, flush=True)
            if r < rounds - 1:
                page.close()
        figures["warm_ms"] = median(warm)
        figures["phases"] = {label: median([p[label] for p in phases if label in p])
                             for label, _a, _b in SITE_PHASES if any(label in p for p in phases)}
        figures["tab_mb"] = median(figures["tab_mb"])
        latencies = _clicks(page, BASE_GAME, clicks, CLICK_TIMEOUT_S)
        figures["click_ms"] = median(latencies)
        print(f"  site: {len(latencies)} clicks, median {figures['click_ms']:.0f} ms", file=log, flush=True)
    finally:
        context.close()
    return figures


def measure_voila(browser, rounds: int, clicks: int, log=sys.stderr) -> dict:
    """The same figures for the Voila app (beannb bench --app's server and sessions)."""
    import tempfile

    from ..serve import find_notebook_dir, stop_voila

    figures: dict = {}
    with tempfile.TemporaryDirectory(prefix="beannb-bench-site-") as tmp:
        folder = prepare_folder(Path(tmp), find_notebook_dir(None))
        with (Path(tmp) / "voila.log").open("wb") as voila_log:
            port, proc = start_server(folder, voila_log)
            try:
                cold = []
                for r in range(rounds):
                    session = Session(browser, port, set())
                    try:
                        page, sample = session.open(BASE_GAME)
                        cold.append(sample.ready_ms)
                        session.close(page)
                    finally:
                        session.context.close()
                    print(f"  voila cold load {r + 1}/{rounds}: {cold[-1]:.0f} ms", file=log, flush=True)
                figures["cold_ms"] = median(cold)
                session = Session(browser, port, set())
                try:
                    blank = session.context.new_page()
                    blank.goto("about:blank")
                    page, _ = session.open(BASE_GAME)
                    session.close(page)
                    warm, tab, kernel = [], [], []
                    for r in range(rounds):
                        time.sleep(1.0)
                        before = _browser_rss()
                        page, sample = session.open(BASE_GAME)
                        time.sleep(1.0)
                        tab.append((_browser_rss() - before) / 2**20)
                        warm.append(sample.ready_ms)
                        if sample.rss:
                            kernel.append(sample.rss / 2**20)
                        session.close(page)
                        print(f"  voila warm load {r + 1}/{rounds}: {warm[-1]:.0f} ms", file=log, flush=True)
                    figures.update(warm_ms=median(warm), tab_mb=median(tab), kernel_mb=median(kernel))
                    latencies, _splits, _rss = session.clicks(BASE_GAME, clicks, log)
                    figures["click_ms"] = median(latencies)
                finally:
                    session.context.close()
            finally:
                stop_voila(proc)
    return figures


def format_bench(site: dict, voila: dict, size_mb: float) -> str:
    def ms(v):
        return "n/a" if v is None else f"{v:.0f} ms"

    def mb(v):
        return "n/a" if v is None else f"{v:.0f} MB"

    def verdict(ok):
        return "n/a" if ok is None else ("PASS" if ok else "MISS")

    warm_ok = None if None in (site.get("warm_ms"), voila.get("warm_ms")) else site["warm_ms"] <= 2 * voila["warm_ms"]
    click_ok = None if None in (site.get("click_ms"), voila.get("click_ms")) else site["click_ms"] <= voila["click_ms"]
    rows = [
        ("first usable base game, cold cache", ms(site.get("cold_ms")), ms(voila.get("cold_ms")), "", ""),
        ("first usable base game, warm cache", ms(site.get("warm_ms")), ms(voila.get("warm_ms")), "<= 2x Voila",
         verdict(warm_ok)),
        ("median click -> view, base game", ms(site.get("click_ms")), ms(voila.get("click_ms")), "<= Voila",
         verdict(click_ok)),
        ("browser memory per tab", mb(site.get("tab_mb")), mb(voila.get("tab_mb")), "", ""),
        ("kernel process (server side)", "none", mb(voila.get("kernel_mb")), "", ""),
        ("_site/ size", f"{size_mb:.1f} MB", "", f"<= {SITE_SIZE_LIMIT_MB} MB", verdict(size_mb <= SITE_SIZE_LIMIT_MB)),
    ]
    header = ("measure", "site", "Voila app", "target", "")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(5)]
    lines = ["  ".join(c.rjust(w) if i in (1, 2) else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
             for r in [header, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def run_site_bench(rounds: int = 3, clicks: int = 10, out=sys.stdout) -> int:
    """``beannb bench --site``: the site and the Voila app on this machine, side by side."""
    import threading

    missing = missing_requirements()
    if missing:
        print("beannb bench --site: cannot run, missing " + "; ".join(missing), file=sys.stderr)
        return 2
    if not (SITE / "index.html").exists():
        try:
            build(SITE)
        except SiteInputsUnavailable as exc:
            print(f"beannb bench --site: no site and it cannot be built: {exc}", file=sys.stderr)
            return 2
    from playwright.sync_api import sync_playwright

    server = make_server(SITE, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://{HOST}:{server.server_address[1]}/"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=BROWSER_ARGS)
            try:
                print("beannb bench --site: the browser-only site ...", file=sys.stderr, flush=True)
                site_figures = measure_site(browser, base, rounds, clicks)
                print("beannb bench --site: the Voila app ...", file=sys.stderr, flush=True)
                voila_figures = measure_voila(browser, rounds, clicks)
                version = browser.version
            finally:
                browser.close()
    except Exception as exc:  # noqa: BLE001 - figures, never a traceback
        print(f"beannb bench --site: the measurement failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        server.shutdown()
        server.server_close()
    print(f"beannb bench --site: Chromium {version}, Pyodide {PYODIDE_VERSION}; medians of {rounds} loads "
          f"and {clicks} clicks; memory: resident memory the browser gained for one more tab", file=out)
    print(format_bench(site_figures, voila_figures, site_size_mb(SITE)), file=out)
    if site_figures.get("phases"):
        print("\nwhere a warm site load's time goes (medians):", file=out)
        width = max(len(label) for label in site_figures["phases"])
        for label, ms in site_figures["phases"].items():
            print(f"  {label.ljust(width)}  {round(ms):6d} ms", file=out)
    return 0
