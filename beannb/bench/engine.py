"""Engine benchmark (``beannb bench``): figures, never assertions.

For each ruleset: complete 4-player games between random bots per second, microseconds
per action, both the checked way (the reference, as the engine was before its fast paths)
and the fast way bots and simulations use (each the median of several runs on one core), and the memory a full game's
undo history takes (every state kept, with the parts states share counted once). Then the
fast figures against the stored reference run (:data:`REFERENCE`) and the targets of issue 13,
and, for the base game, the side-by-side comparison of :mod:`beannb.bench.compare` (the public
text API, a ceiling loop and the reference engine, all measured in the same run).

Times are the process's CPU time (``time.process_time``): on a machine shared with other
jobs, the wall clock also counts the time the process waits for a core, which says nothing
about the engine. On an idle machine the two agree; the wall-clock rate is printed too.
"""
from __future__ import annotations

import copy
import platform
import statistics
import sys
import time
from typing import Optional

from ..bots import RandomBot, make_bot, play_out, playout
from ..games import available, get_ruleset

NAMES = ["Ann", "Bob", "Cid", "Dora"]

#: The stored reference run: the fast-path figures issue 13 ("an engine fast enough for
#: search", item 5) gave when it was filed, 4-player random-bot games per second and, where
#: the issue said it, microseconds per action (the base game's only).
REFERENCE: dict[str, tuple[float, Optional[float]]] = {
    "bohnanza": (93.0, 15.7),
    "takeover": (26.0, None),
    "rabohnzel": (62.0, None),
    "bohnaparte": (75.0, None),
}
#: Issue 13's targets, games per second (about 3x the reference, rounded down in the issue).
TARGET: dict[str, float] = {"bohnanza": 250.0, "takeover": 80.0, "rabohnzel": 180.0, "bohnaparte": 200.0}


def deep_size(objs) -> int:
    """Bytes held by ``objs`` and everything they reach, each object counted once."""
    seen: set[int] = set()
    stack = list(objs)
    total = 0
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif hasattr(o, "__slots__"):
            for klass in type(o).__mro__:
                for name in getattr(klass, "__slots__", ()):
                    if hasattr(o, name):
                        stack.append(getattr(o, name))
    return total


def _timed_run(rs, opts, games: int, r: int, checked: bool, trades: bool = True) -> tuple[float, float, float]:
    """(games per CPU second, CPU microseconds per action, games per wall-clock second) of
    one run; ``checked`` plays the reference way: every action validated, every bot asked to
    interject before every action, and legal actions built by checking every candidate where
    a game keeps that switch."""
    if checked and hasattr(rs, "check_every_candidate"):
        rs = copy.copy(rs)  # an instance of its own: the registered one stays as it is
        rs.check_every_candidate = True
    n_actions = 0
    w0, t0 = time.perf_counter(), time.process_time()
    for g in range(games):
        s = rs.setup(NAMES, 10_000 * r + g, opts)
        bots = [RandomBot(100 * g + i, trades=trades) for i in range(4)]
        # The fast way is the simulations' own: one playout state changed in place.
        _, n = play_out(rs, s, bots, checked=True) if checked else playout(rs, s, bots)
        n_actions += n
    dt = max(time.process_time() - t0, 1e-9)
    wall = max(time.perf_counter() - w0, 1e-9)
    return games / dt, dt / n_actions * 1e6, games / wall


def bench_ruleset(name: str, games: int, runs: int, compare: bool = True) -> dict:
    rs = get_ruleset(name)
    opts = rs.check_options({})
    fast, checked = [], []
    for r in range(runs):
        if compare:  # interleaved, so that both ways see the same machine load
            checked.append(_timed_run(rs, opts, games, r, checked=True))
        fast.append(_timed_run(rs, opts, games, r, checked=False))
    rates = [f[0] for f in fast]
    # Undo history of one full game: every state the game passed through.
    s = rs.setup(NAMES, 7, opts)
    states = [s]
    play_out(rs, s, [make_bot("random", i) for i in range(4)], on_step=lambda a, b, new, e: states.append(new))
    out = {"game": name, "games_per_s": statistics.median(rates), "games_per_s_runs": (min(rates), max(rates)),
           "us_per_action": statistics.median(f[1] for f in fast),
           "wall_games_per_s": statistics.median(f[2] for f in fast),
           "history_states": len(states), "history_bytes": deep_size(states),
           "state_bytes": deep_size([states[len(states) // 2]])}
    if compare:
        out["checked_games_per_s"] = statistics.median(c[0] for c in checked)
        out["checked_us_per_action"] = statistics.median(c[1] for c in checked)
    return out


def run_bench(games: int = 60, runs: int = 5, only: Optional[str] = None, compare: bool = True) -> int:
    """Print the figures. ``compare`` also plays every run the checked (reference) way first:
    the 'checked' columns are the engine without its fast paths, 'x' the speed-up."""
    names = [only] if only else available()
    print(f"beannb bench: 4 players, random bots, {games} games x {runs} runs, median; one process, one core; "
          f"CPU time")
    # The engine that runs, with the Python running it.
    print(f"engine: pure Python ({platform.python_implementation()} {platform.python_version()})")
    history = f"{'history states':>16}{'history KiB':>13}{'KiB if copied':>15}"
    if compare:
        print("checked: every action validated, every bot asked every time, every candidate checked (the engine "
              "before its fast paths); fast: as bots and simulations play")
        print(f"{'ruleset':<12}{'checked g/s':>12}{'us/action':>11}{'fast g/s':>10}{'us/action':>11}{'x':>6}" + history)
    else:
        print(f"{'ruleset':<12}{'games/s':>10}{'us/action':>11}" + history)
    results = []
    for name in names:
        r = bench_ruleset(name, games, runs, compare)
        results.append(r)
        copied = r["state_bytes"] * r["history_states"] / 1024
        tail = f"{r['history_states']:>16}{r['history_bytes'] / 1024:>13.0f}{copied:>15.0f}"
        if compare:
            x = r["games_per_s"] / r["checked_games_per_s"]
            print(f"{name:<12}{r['checked_games_per_s']:>12.1f}{r['checked_us_per_action']:>11.1f}"
                  f"{r['games_per_s']:>10.1f}{r['us_per_action']:>11.1f}{x:>6.2f}" + tail)
        else:
            print(f"{name:<12}{r['games_per_s']:>10.1f}{r['us_per_action']:>11.1f}" + tail)
    print()
    print_against_reference(results)
    if "bohnanza" in names:
        # The base game's fast path beside its public text API, the ceiling loop and the
        # reference engine, measured now, round for round (:mod:`beannb.bench.compare`).
        from .compare import print_comparison

        print()
        rs = get_ruleset("bohnanza")
        opts = rs.check_options({})
        print_comparison(games, runs, fast=lambda r: _timed_run(rs, opts, games, r, checked=False)[:2],
                         quiet=lambda r: _timed_run(rs, opts, games, r, checked=False, trades=False)[:2])
    return 0


def print_against_reference(results: list[dict]) -> None:
    """The fast figures against the stored reference run and issue 13's targets."""
    print("against the reference run (issue 13 as filed) and its targets, fast way:")
    print(f"  {'ruleset':<12}{'g/s':>8}{'us/action':>11}{'ref g/s':>9}{'ref us':>8}{'x ref':>7}"
          f"{'target':>8}{'':>6}{'wall g/s':>10}{'runs g/s':>14}")
    for r in results:
        name = r["game"]
        ref = REFERENCE.get(name)
        target = TARGET.get(name)
        ref_rate, ref_us = ref if ref else (None, None)
        ratio = f"{r['games_per_s'] / ref_rate:>7.2f}" if ref_rate else f"{'-':>7}"
        verdict = ("PASS" if r["games_per_s"] >= target else "MISS") if target else "-"
        print(f"  {name:<12}{r['games_per_s']:>8.1f}{r['us_per_action']:>11.1f}"
              f"{ref_rate if ref_rate else '-':>9}{ref_us if ref_us else '-':>8}{ratio}"
              f"{target if target else '-':>8}{verdict:>6}{r['wall_games_per_s']:>10.1f}"
              f"{'%.0f-%.0f' % r['games_per_s_runs']:>14}")
    print("  (runs g/s: the slowest and fastest run. The stored reference was measured once, on the machine of\n"
          "  the day; on a shared or virtual machine the speed of one core changes between runs and sessions, so\n"
          "  'x ref' carries that spread. The 'checked' column above is measured side by side, run for run.)")
