"""Engine benchmark (``beannb bench``): figures, never assertions.

For each ruleset: complete 4-player games between random bots per second, microseconds
per action, both the checked way (the reference, as the engine was before its fast paths)
and the fast way bots and simulations use (each the median of several runs on one core), and the memory a full game's
undo history takes (every state kept, with the parts states share counted once).
"""
from __future__ import annotations

import statistics
import sys
import time
from typing import Optional

from .bots import make_bot, play_out
from .games import available, get_ruleset

NAMES = ["Ann", "Bob", "Cid", "Dora"]


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


def _timed_run(rs, opts, games: int, r: int, checked: bool) -> tuple[float, float]:
    """(games per second, microseconds per action) of one run; ``checked`` plays the
    reference way: every action validated, every bot asked to interject before every action,
    and legal actions built by checking every candidate where a game keeps that switch."""
    switch = hasattr(rs, "check_every_candidate")
    if switch:
        rs.check_every_candidate = checked
    try:
        n_actions = 0
        t0 = time.perf_counter()
        for g in range(games):
            s = rs.setup(NAMES, 10_000 * r + g, opts)
            bots = [make_bot("random", 100 * g + i) for i in range(4)]
            _, n = play_out(rs, s, bots, checked=checked)
            n_actions += n
        dt = time.perf_counter() - t0
    finally:
        if switch:
            rs.check_every_candidate = False
    return games / dt, dt / n_actions * 1e6


def bench_ruleset(name: str, games: int, runs: int, compare: bool = True) -> dict:
    rs = get_ruleset(name)
    opts = rs.check_options({})
    rates, per_action, ref_rates, ref_per_action = [], [], [], []
    for r in range(runs):
        if compare:  # interleaved, so that both ways see the same machine load
            rate, us = _timed_run(rs, opts, games, r, checked=True)
            ref_rates.append(rate)
            ref_per_action.append(us)
        rate, us = _timed_run(rs, opts, games, r, checked=False)
        rates.append(rate)
        per_action.append(us)
    # Undo history of one full game: every state the game passed through.
    s = rs.setup(NAMES, 7, opts)
    states = [s]
    play_out(rs, s, [make_bot("random", i) for i in range(4)], on_step=lambda a, b, new, e: states.append(new))
    shared = deep_size(states)
    one = deep_size([states[len(states) // 2]])
    out = {"game": name, "games_per_s": statistics.median(rates), "us_per_action": statistics.median(per_action),
           "history_states": len(states), "history_bytes": shared, "state_bytes": one}
    if compare:
        out["checked_games_per_s"] = statistics.median(ref_rates)
        out["checked_us_per_action"] = statistics.median(ref_per_action)
    return out


def run_bench(games: int = 60, runs: int = 5, only: Optional[str] = None, compare: bool = True) -> int:
    """Print the figures. ``compare`` also plays every run the checked (reference) way first:
    the 'checked' columns are the engine without its fast paths, 'x' the speed-up."""
    names = [only] if only else available()
    print(f"beannb bench: 4 players, random bots, {games} games x {runs} runs, median; one process, one core")
    if compare:
        print("checked: every action validated, every bot asked every time, every candidate checked (the engine "
              "before its fast paths); fast: as bots and simulations play")
        print(f"{'ruleset':<12}{'checked g/s':>12}{'us/action':>11}{'fast g/s':>10}{'us/action':>11}{'x':>6}"
              f"{'history states':>16}{'history KiB':>13}{'KiB if copied':>15}")
    else:
        print(f"{'ruleset':<12}{'games/s':>10}{'us/action':>11}{'history states':>16}{'history KiB':>13}{'KiB if copied':>15}")
    for name in names:
        r = bench_ruleset(name, games, runs, compare)
        copied = r["state_bytes"] * r["history_states"] / 1024
        tail = f"{r['history_states']:>16}{r['history_bytes'] / 1024:>13.0f}{copied:>15.0f}"
        if compare:
            x = r["games_per_s"] / r["checked_games_per_s"]
            print(f"{name:<12}{r['checked_games_per_s']:>12.1f}{r['checked_us_per_action']:>11.1f}"
                  f"{r['games_per_s']:>10.1f}{r['us_per_action']:>11.1f}{x:>6.2f}" + tail)
        else:
            print(f"{name:<12}{r['games_per_s']:>10.1f}{r['us_per_action']:>11.1f}" + tail)
    return 0
