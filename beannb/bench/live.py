"""``beannb bench --class N --live``: a live class on one machine, timed in real Chromium.

One class server (``beannb app --class`` on 127.0.0.1), one teacher and N students, each in
a browser context of its own. The teacher leads a lesson and steps it ``steps`` times; every
student's page is timed from the teacher's click until it shows that step. Then the students
sit at ceil(N/4) tables of four (the four games in turn; a table short of people gets bots),
and scripted people (``serve/front/autoplay.js``) play every game to its end through the
pages' own buttons and trade forms; every move is timed from the click until each other
person at the table sees it, and until the mover's own page shows it (a student's own click,
the figure the others are held against). All times come from the pages' own trace
(``window.beannbTrace``) on one clock (the machine's), so no round trip to the benchmark
itself is counted.

The summary line::

    live: followed 30/30 · step median 420 ms p95 900 ms · move median 180 ms p95 400 ms · own click median 150 ms · games 8/8 · errors 0
"""
from __future__ import annotations

import asyncio
import math
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Optional, Sequence

from .app import Server, cannot_run, in_chromium, keep_log
from ..games import listed
from ..serve import CHROMIUM

LESSON = "bohnanza/lesson_01_first_turn"
GAMES = tuple(listed())
STEP_WAIT_S = 1.5          # the teacher's pause between two steps (talking to the class)
STEP_TIMEOUT_S = 60.0      # a step not shown by then on a page counts as not followed
GAME_TIMEOUT_S = 1800.0
OFFERS_PER_PERSON = 3      # each scripted person sends this many offers at most (people trade)


@dataclass
class LiveResult:
    students: int
    steps: int
    followed: int = 0
    step_ms: list[float] = field(default_factory=list)
    move_ms: list[float] = field(default_factory=list)
    own_ms: list[float] = field(default_factory=list)
    games: int = 0
    finished: int = 0
    moves: int = 0
    offers: int = 0
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    tables: list[str] = field(default_factory=list)

    def line(self) -> str:
        def ms(values: Sequence[float], q: float) -> str:
            return f"{percentile(values, q):.0f} ms" if values else "n/a"

        return (f"live: followed {self.followed}/{self.students} · step median {ms(self.step_ms, 50)} p95 {ms(self.step_ms, 95)}"
                f" · move median {ms(self.move_ms, 50)} p95 {ms(self.move_ms, 95)} · own click median {ms(self.own_ms, 50)}"
                f" · games {self.finished}/{self.games} · errors {len(self.errors) + self.lost}")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``."""
    data = sorted(values)
    k = max(0, min(len(data) - 1, math.ceil(q / 100 * len(data)) - 1))
    return data[k]


# -- reading the pages' traces -----------------------------------------------------------------

def step_delays(clicks: list[tuple[float, int]], shown: dict[int, float]) -> list[Optional[float]]:
    """For each of the teacher's step clicks (time, step), how long one page took to show it
    (``shown``: step -> the time the page drew it), None if it never did."""
    out: list[Optional[float]] = []
    for at, i in clicks:
        seen = shown.get(i)
        out.append(None if seen is None or seen < at else seen - at)
    return out


def move_delays(pages: dict[str, list], people: Sequence[str]) -> tuple[list[float], list[float], int]:
    """Own-click and other-seat delays of every move at one table.

    ``pages``: each person's trace (entries ``[time, kind, what, v]``; kind "click" with the
    table version the click was made on, "table" with the version drawn, "notice" for a
    refusal). A click is answered when its own page draws a newer version; the other people
    see the move when they first draw that version or a later one. A click answered neither
    by a redraw nor by a notice within 10 s is lost."""
    own: list[float] = []
    others: list[float] = []
    lost = 0
    draws = {name: [(e[0], e[3]) for e in trace if e[1] == "table" and isinstance(e[3], int)] for name, trace in pages.items()}
    for name in people:
        trace = pages.get(name, [])
        notices = [e[0] for e in trace if e[1] == "notice"]
        for e in trace:
            if e[1] != "click" or e[2] != "act":
                continue
            at, v0 = e[0], e[3]
            answer = next(((t, v) for t, v in draws[name] if t >= at and v > v0), None)
            if answer is None or answer[0] - at > 10_000:
                if not any(at <= t <= at + 10_000 for t in notices):
                    lost += 1
                continue
            own.append(answer[0] - at)
            for other in people:
                if other == name:
                    continue
                seen = next((t for t, v in draws.get(other, []) if t >= at and v >= answer[1]), None)
                if seen is not None:
                    others.append(seen - at)
    return own, others, lost


# -- driving the class -------------------------------------------------------------------------

async def _open(browser: Any, url: str, who: str, errors: list[str], viewport: dict, join: bool = False) -> Any:
    """``who``'s page at ``url`` in a browser context of their own (``join``: a student giving
    their name), once it is ready; its errors go to ``errors``."""
    context = await browser.new_context(viewport=viewport)
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{who}: {exc}"))
    await page.goto(url, timeout=120_000)
    if join:
        await page.fill("#bc-name", who)
        await page.click("button[type=submit]")
    await page.wait_for_selector("body[data-ready='1']", timeout=120_000)
    return page


async def _trace(page: Any) -> list:
    return await page.evaluate("window.beannbTrace.slice()")


async def _live(browser: Any, base: str, token: str, key: str, n: int, steps: int, log: IO[str]) -> LiveResult:
    from ..serve.front import asset

    res = LiveResult(n, steps)
    teacher = await _open(browser, f"{base}beannb/teacher?key={key}", "teacher", res.errors,
                          {"width": 1280, "height": 900})
    t0 = time.monotonic()
    pages = list(await asyncio.gather(*(_open(browser, f"{base}beannb/class?token={token}", f"Student{k + 1}",
                                              res.errors, {"width": 1100, "height": 800}, join=True)
                                        for k in range(n))))
    print(f"  {n} students joined in {time.monotonic() - t0:.1f} s", file=log, flush=True)

    # -- the teacher leads ----------------------------------------------------------------------
    await teacher.evaluate("(key) => document.querySelector(`[data-lead='${key}']`).click()", LESSON)
    await teacher.wait_for_selector(".bc-next", timeout=60_000)
    await asyncio.sleep(STEP_WAIT_S)
    for _ in range(steps):
        await teacher.click(".bc-next")
        await asyncio.sleep(STEP_WAIT_S)
    deadline = time.monotonic() + STEP_TIMEOUT_S
    clicks = [(e[0], e[3]) for e in await _trace(teacher) if e[1] == "goto"]
    while True:
        traces = await asyncio.gather(*(_trace(p) for p in pages))
        shown = [{e[3]: e[0] for e in reversed(tr) if e[1] == "step" and e[2] == LESSON} for tr in traces]
        if all(all(i in s for _, i in clicks) for s in shown) or time.monotonic() > deadline:
            break
        await asyncio.sleep(1)
    for s in shown:
        delays = step_delays(clicks, s)
        if all(d is not None for d in delays):
            res.followed += 1
        res.step_ms += [d for d in delays if d is not None]
    print(f"  the teacher stepped {len(clicks)} times; {res.followed}/{n} pages showed every step", file=log, flush=True)
    await teacher.click("[data-stop]")

    # -- tables of four ----------------------------------------------------------------------------
    tables = math.ceil(n / 4)
    res.games = tables
    groups = [pages[4 * k: 4 * k + 4] for k in range(tables)]
    for k, group in enumerate(groups):
        game = GAMES[k % len(GAMES)]
        first = group[0]
        await first.click("[data-tab=tables]")
        await first.select_option(".bc-new select[name=game]", game)
        await first.select_option(".bc-new select[name=seats]", "4")
        await first.click(".bc-new button[type=submit]")
        await first.wait_for_selector("[data-start]", timeout=60_000)
        tid = await first.evaluate("Number(document.querySelector('[data-start]').dataset.start)")
        for other in group[1:]:
            await other.click("[data-tab=tables]")
            await other.click(f"[data-sit='{tid}']", timeout=60_000)
        await first.click("[data-start]")
        res.tables.append(f"{tid}:{game}:{len(group)}p")
    for k, group in enumerate(groups):
        for p in group:
            try:
                await p.wait_for_selector(".bc-table-touch .bnt-player", timeout=120_000)
            except Exception:
                shot = Path(tempfile.gettempdir()) / f"beannb-live-table{k + 1}.png"
                await p.screenshot(path=str(shot), full_page=True)
                print(f"  a page of table {k + 1} never showed its table; screenshot {shot}", file=log, flush=True)
                raise
    autoplay = asset("autoplay.js")
    await asyncio.gather(*(p.evaluate(autoplay, {"seed": 11 + k, "offers": OFFERS_PER_PERSON})
                           for k, p in enumerate(pages)))
    print(f"  {tables} tables playing: {', '.join(res.tables)}", file=log, flush=True)
    t0 = time.monotonic()
    while time.monotonic() - t0 < GAME_TIMEOUT_S:
        over = await asyncio.gather(*(p.evaluate("!!document.querySelector('.bc-over')") for p in pages))
        if all(over):
            break
        await asyncio.sleep(2)
    print(f"  games played in {time.monotonic() - t0:.0f} s", file=log, flush=True)
    for group in groups:
        traces = {f"p{i}": await _trace(p) for i, p in enumerate(group)}
        own, others, lost = move_delays(traces, list(traces))
        res.own_ms += own
        res.move_ms += others
        res.lost += lost
        states = [await p.evaluate("window.beannbAuto || {}") for p in group]
        res.moves += sum(s.get("clicks", 0) for s in states)
        res.offers += sum(s.get("offers", 0) for s in states)
        if all([await p.evaluate("!!document.querySelector('.bc-over')") for p in group]):
            res.finished += 1
    return res


def run_live_bench(n: int = 30, steps: int = 10, chromium: str = CHROMIUM, out: Optional[IO[str]] = None) -> int:
    """Run the live class benchmark; 0 when it ran, 2 when this machine lacks what it needs, 1 on failure."""
    out = out or sys.stdout
    log = sys.stderr
    if cannot_run("beannb bench --class --live", chromium):
        return 2
    if n < 1 or steps < 1:
        print("beannb bench --class --live: N and the steps must be at least 1", file=sys.stderr)
        return 2
    from ..serve import HOST, base_url, find_notebook_dir, new_token, plan_class
    from ..serve.run import plan_lessons

    token, key = new_token(), new_token()
    plan = plan_class([], classroom=True, ip=HOST, token=token, pool=0, teacher_key=key)
    plan_lessons(plan)
    with tempfile.TemporaryDirectory(prefix="beannb-bench-live-") as tmp:
        server = Server(Path(tmp))
        try:
            with server.running(find_notebook_dir(), plan, ready="voila/static/favicon.ico", timeout=180, ip=HOST,
                                token=token, teacher_key=key):
                print(f"beannb bench --class {n} --live: a class server on 127.0.0.1 (no preheated kernels: the "
                      "class pages need none); one teacher and each student in a Chromium context of their own",
                      file=log, flush=True)
                res, version = in_chromium(chromium, lambda browser: _live(
                    browser, base_url(server.port), token, key, n, steps, log))
                server_log = server.log()
        except Exception as exc:  # noqa: BLE001 - reported with the server's log
            return server.failed("beannb bench --class --live", f"{type(exc).__name__}: {exc}")
    problems = [ln for ln in server_log.splitlines() if "Traceback" in ln or " 500 " in ln]
    res.errors += problems
    if problems:
        kept = keep_log(server_log, "beannb-bench-live-")
        print(f"beannb bench --class --live: the server's log is kept in {kept}", file=log)
    print(f"beannb bench --class {n} --live: Chromium {version}; {res.followed}/{n} students followed "
          f"{steps} steps; {res.finished}/{res.games} games finished ({res.moves} clicks, {res.offers} offers "
          f"between people); {len(res.step_ms)} step views, {len(res.move_ms)} move views, {len(res.own_ms)} own clicks",
          file=out)
    if res.errors:
        print("errors:\n  " + "\n  ".join(res.errors[:20]), file=out)
    if res.step_ms and res.own_ms:
        own = statistics.median(res.own_ms)
        print(f"  step -> all shown median / own click median: {statistics.median(res.step_ms) / own:.2f} (aim <= 2); "
              f"move -> other seats median / own click median: "
              f"{(statistics.median(res.move_ms) / own) if res.move_ms else float('nan'):.2f} (aim <= 2)", file=out)
    print(res.line(), file=out, flush=True)
    return 0 if not res.errors and not res.lost and res.finished == res.games and res.followed == n else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run_live_bench(int(os.environ.get("N", "8"))))
