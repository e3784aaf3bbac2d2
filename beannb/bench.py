"""Engine benchmark (``beannb bench``): figures, never assertions.

For each ruleset: complete 4-player games between random bots per second, microseconds
per action (each the median of several runs on one core), and the memory a full game's
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


def bench_ruleset(name: str, games: int, runs: int) -> dict:
    rs = get_ruleset(name)
    opts = rs.check_options({})
    rates, per_action = [], []
    for r in range(runs):
        n_actions = 0
        t0 = time.perf_counter()
        for g in range(games):
            s = rs.setup(NAMES, 10_000 * r + g, opts)
            bots = [make_bot("random", 100 * g + i) for i in range(4)]
            _, n = play_out(rs, s, bots)
            n_actions += n
        dt = time.perf_counter() - t0
        rates.append(games / dt)
        per_action.append(dt / n_actions * 1e6)
    # Undo history of one full game: every state the game passed through.
    s = rs.setup(NAMES, 7, opts)
    states = [s]
    play_out(rs, s, [make_bot("random", i) for i in range(4)], on_step=lambda a, b, new, e: states.append(new))
    shared = deep_size(states)
    one = deep_size([states[len(states) // 2]])
    return {"game": name, "games_per_s": statistics.median(rates), "us_per_action": statistics.median(per_action),
            "history_states": len(states), "history_bytes": shared, "state_bytes": one}


def run_bench(games: int = 60, runs: int = 5, only: Optional[str] = None) -> int:
    names = [only] if only else available()
    print(f"beannb bench: 4 players, random bots, {games} games x {runs} runs, median; one process, one core")
    print(f"{'ruleset':<12}{'games/s':>10}{'us/action':>11}{'history states':>16}{'history KiB':>13}{'KiB if copied':>15}")
    for name in names:
        r = bench_ruleset(name, games, runs)
        copied = r["state_bytes"] * r["history_states"] / 1024
        print(f"{name:<12}{r['games_per_s']:>10.1f}{r['us_per_action']:>11.1f}{r['history_states']:>16}"
              f"{r['history_bytes'] / 1024:>13.0f}{copied:>15.0f}")
    return 0
