"""Hint latency (``beannb bench --hint``): figures, never assertions.

Two figures against the target "the hint appears in the browser in at most 2 s":

* in-process: the time of ``Game.hint(seat)`` at the play widget's budget, for every
  ruleset, over a few positions from seeded games (greedy players play a seeded game some
  way in, up to a decision with a choice); the median and the maximum per ruleset;
* in the browser: the base-game page in Voila (started as ``beannb bench --app`` starts
  it, on 127.0.0.1, with its helpers), a real click on the play widget's Hint button
  until the answer is shown; between clicks the learner plays the suggested move, so each
  click asks about a new position; the median and the maximum of a few clicks.

Each is printed with the target and PASS or MISS. ``--hint-iterations N`` measures another
budget than the widget's (to choose one), and prints how often the suggestion agrees with
a search ten times larger on the same positions, so that a faster budget is not bought
with a worse ranking.
"""
from __future__ import annotations

import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Optional, Sequence

from . import app as bench_app
from .app import Row, summary

#: The target: seconds from pressing Hint to the hint on screen.
TARGET_S = 2.0
#: Positions per ruleset for the in-process figure.
POSITIONS = 10
#: Hint clicks measured in the browser.
CLICKS = 5

HINT_PAGE = bench_app.PageSpec(
    "hint", "base game: Hint", bench_app.BASE_GAME.notebook,
    ready=".beannb-play .beannb-hint-button",
    click=".beannb-play .beannb-hint-button",
    watch=".beannb-play .beannb-hint-answer",
    # Only a finished answer carries the answer number ("Thinking…" does not).
    after=".beannb-play .beannb-hint-answer [data-beannb-ask]",
)


# -- in-process ------------------------------------------------------------------------------

def positions(game: str, n: int = POSITIONS, seed: int = 1) -> list[tuple[Any, str]]:
    """``n`` (game, seat) pairs from seeded games, spread over a game: greedy players play
    game ``seed + k`` for ``15 + 35 k`` actions, then on to a decision with a choice."""
    from ..bots.base import next_action
    from ..bots.greedy import GreedyBot
    from ..games import get_ruleset, new_game

    counts = get_ruleset(game).player_counts({})
    players = 3 if 3 in counts else counts[0]
    names = ["Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus"][:players]
    out: list[tuple[Any, str]] = []
    k = 0
    while len(out) < n and k < 4 * n:
        g = new_game(game, names, seed + k)
        rs = g.ruleset
        bots = [GreedyBot(seed * 100 + k * 10 + i) for i in range(players)]
        steps, target = 0, 15 + 35 * (k % n)  # a game that ends first is left out
        k += 1
        while not g.is_over() and (steps < target or len(rs.legal_actions(g.state, g.to_move[0])) < 2):
            g.play(next_action(rs, g.state, bots, rs.may_interject(g.state)))
            steps += 1
        if not g.is_over():
            out.append((g, g.to_move[0]))
    return out


@dataclass
class GameFigures:
    game: str
    seconds: list[float] = field(default_factory=list)
    agree: Optional[float] = None  # share of positions where a 10x search suggests the same move


def measure_in_process(games: Sequence[str], iterations: int, n: int = POSITIONS, compare: bool = False,
                       seconds: Optional[float] = None, log: IO[str] = sys.stderr) -> list[GameFigures]:
    """The hint's time per position (and, with ``compare``, agreement with 10x the iterations,
    without a time cap)."""
    out = []
    for game in games:
        fig = GameFigures(game)
        same = 0
        for g, seat in positions(game, n):
            t0 = time.perf_counter()
            h = g.hint(seat, iterations=iterations, seconds=seconds)
            fig.seconds.append(time.perf_counter() - t0)
            if compare:
                same += g.hint(seat, iterations=10 * iterations).best.action == h.best.action
        if compare and fig.seconds:
            fig.agree = same / len(fig.seconds)
        print(f"  {game}: {len(fig.seconds)} hints, median {bench_app.median(fig.seconds) or 0:.2f} s, "
              f"max {max(fig.seconds, default=0):.2f} s", file=log, flush=True)
        out.append(fig)
    return out


def review_seconds(game: str, seed: int = 1) -> tuple[float, int, int]:
    """The play widget's end-of-game review of one seeded greedy game: (seconds, decisions
    reviewed, moves marked)."""
    from ..bots.base import next_action
    from ..bots.greedy import GreedyBot
    from ..bots.hint import REVIEW_CONFIRM, REVIEW_SCREEN, REVIEW_SECONDS

    g, _ = positions(game, 1, seed)[0]
    rs = g.ruleset
    bots = [GreedyBot(seed * 7 + i) for i in range(len(g.players))]
    while not g.is_over():
        g.play(next_action(rs, g.state, bots, rs.may_interject(g.state)))
    t0 = time.perf_counter()
    r = g.review(g.players[0], iterations=REVIEW_CONFIRM, screen=REVIEW_SCREEN, seconds=REVIEW_SECONDS)
    return time.perf_counter() - t0, r.moves, len(r.mistakes)


# -- in the browser --------------------------------------------------------------------------

#: Plays the hinted move (or else the first action button) so that the next Hint asks anew.
_PLAY_HINTED = """
() => {
  const hinted = document.querySelector('.beannb-play .beannb-hint-answer [data-beannb-action]');
  const want = hinted ? hinted.getAttribute('data-beannb-action') : null;
  const buttons = [...document.querySelectorAll('.beannb-play button.beannb-action')]
    .filter(b => !b.disabled && b.getClientRects().length > 0);
  const pick = buttons.find(b => b.title === want) || buttons[0];
  if (!pick) return false;
  pick.click();
  return true;
}
"""


def browser_clicks(session: Any, n: int, log: IO[str] = sys.stderr) -> list[float]:
    """``n`` Hint clicks on the base-game page: seconds from the click event to the answer."""

    def next_position(page: Any, ms: list[float]) -> bool:
        print(f"  hint {len(ms)}/{n}: {ms[-1] / 1000:.2f} s", file=log, flush=True)
        if len(ms) == n:
            return True
        # On to another position: the move is played, the answer cleared, the bots answer.
        if not page.evaluate(_PLAY_HINTED):
            return False  # a new game
        page.wait_for_function("!document.querySelector('.beannb-play .beannb-hint-answer [data-beannb-ask]')",
                               timeout=bench_app.CLICK_TIMEOUT_S * 1000)
        page.locator(".beannb-play button.beannb-action, .beannb-play .beannb-over").first.wait_for(
            state="visible", timeout=bench_app.CLICK_TIMEOUT_S * 1000)
        time.sleep(bench_app.SETTLE_S)
        return True

    return [ms / 1000 for ms in session.clicks(HINT_PAGE, n, log, between=next_position, read_page=False)[0]]


def measure_browser(clicks: int = CLICKS, chromium: str = bench_app.CHROMIUM,
                    log: IO[str] = sys.stderr) -> tuple[Optional[list[float]], str]:
    """Hint clicks in a real browser against Voila; (seconds, a note). ``None`` when this
    machine cannot run a browser (the note says "not measured" and why) or the measurement
    failed (the note starts with "failed")."""
    missing = bench_app.missing_requirements(chromium)
    if missing:
        return None, "not measured: missing " + "; ".join(missing)
    from ..serve import find_notebook_dir

    try:
        source = find_notebook_dir(None)
    except FileNotFoundError as exc:
        return None, f"not measured: {exc}"
    from playwright.sync_api import Error as PlaywrightError

    with tempfile.TemporaryDirectory(prefix="beannb-bench-hint-") as tmp:
        server = bench_app.Server(Path(tmp))
        print("beannb bench --hint: starting Voila and Chromium ...", file=log, flush=True)
        try:
            with server.running(bench_app.prepare_folder(server.root, source)):
                seconds, version = bench_app.with_chromium(lambda browser: browser_clicks(
                    bench_app.Session(browser, server.port, server.kernel_pids), clicks, log), chromium)
            return seconds, f"Chromium {version}"
        except (bench_app.BenchError, PlaywrightError, RuntimeError, TimeoutError) as exc:
            server.failed("beannb bench --hint", str(exc))
            return None, f"failed: {exc}"


# -- the table -------------------------------------------------------------------------------

def build_rows(figures: Sequence[GameFigures], browser: Optional[list[float]]) -> list[Row]:
    rows = []
    for measure, seconds in [*((f"g.hint(): {f.game}", f.seconds) for f in figures),
                             ("browser Hint -> shown: base game", browser or [])]:
        for what, value in (("median", bench_app.median(seconds)), ("max", max(seconds, default=None))):
            ms = None if value is None else value * 1000
            rows.append(Row(f"{measure}, {what} of {len(seconds)}", ms, None, "ms", f"<= {TARGET_S * 1000:g} ms",
                            None if ms is None else ms <= TARGET_S * 1000))
    return rows


def format_table(rows: Sequence[Row]) -> str:
    """Figure, value, target, PASS/MISS (no reference notebook here)."""
    return bench_app.columns(("measure", "value", "target", ""),
                             [(r.measure, "n/a" if r.value is None else f"{r.value:.0f} ms", r.target,
                               bench_app.verdict(r.passed)) for r in rows], right={1})


def run_hint_bench(iterations: Optional[int] = None, positions_per_game: int = POSITIONS, clicks: int = CLICKS,
                   games: Optional[Sequence[str]] = None, browser: bool = True, out: IO[str] = sys.stdout) -> int:
    """Measure and print the hint latency table; 0 when it ran (a MISS is a figure, not a
    failure), 1 when the browser measurement failed. ``iterations`` other than the play
    widget's budget skips the browser (the page uses the widget's) and compares the
    suggestions with a search ten times larger."""
    from ..bots.hint import HINT_ITERATIONS, HINT_SECONDS
    from ..games import available

    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        print(f"beannb bench --hint: the iteration budget must be a whole number of at least 1, not {iterations!r}",
              file=sys.stderr)
        return 2
    compare = iterations is not None
    budget, cap = (iterations, None) if compare else (HINT_ITERATIONS, HINT_SECONDS)
    games = list(games or available())
    words = f"{budget} iterations" + (f" (at most {cap:g} s)" if cap else "")
    print(f"beannb bench --hint: g.hint() at {words}, {positions_per_game} positions per game ...",
          file=sys.stderr, flush=True)
    figures = measure_in_process(games, budget, positions_per_game, compare=compare, seconds=cap)
    if compare:
        seconds, note = None, "not measured (the page uses the play widget's budget)"
    elif not browser:
        seconds, note = None, "not measured (--no-browser)"
    else:
        seconds, note = measure_browser(clicks)
    rows = build_rows(figures, seconds)
    where = "the budget asked for" if compare else "the play widget's budget"
    print(f"beannb bench --hint: {words} per hint, {where}; browser: {note}", file=out)
    print(format_table(rows), file=out)
    print(summary(rows), file=out)
    if not compare:
        from ..bots.hint import REVIEW_SECONDS

        print(f"end-of-game review (the play widget's budget, at most about {REVIEW_SECONDS:g} s; no target):", file=out)
        for game in games:
            took, moves, marked = review_seconds(game)
            print(f"  {game}: {took:.1f} s for {moves} decisions, {marked} costly move(s) marked", file=out)
    if compare:
        for f in figures:
            if f.agree is not None:
                print(f"  {f.game}: the suggestion agrees with {10 * budget} iterations at {round(100 * f.agree)}% "
                      f"of {len(f.seconds)} positions", file=out)
    return 1 if seconds is None and note.startswith("failed") else 0
