"""Simulating many games between bots (``beannb sim``)."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from .bots import make_bot, play_out
from .games import get_ruleset

SEAT_NAMES = ("Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus")


@dataclass
class SimReport:
    game: str
    players: int
    games: int
    bots: list[str]
    seed: int
    options: dict
    mean_score: list[float]
    win_share: list[float]
    mean_turns: float
    mean_actions: float
    seconds: float
    scores: list[list[int]] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")


def simulate(game: str = "bohnanza", players: int = 4, games: int = 100, bots: Sequence[str] = ("random",),
             seed: int = 1, options: Optional[dict[str, Any]] = None, progress: bool = False) -> SimReport:
    """Play ``games`` seeded games; seat i is played by ``bots[i]`` (one name fills every seat)."""
    ruleset = get_ruleset(game)
    opts = ruleset.check_options(dict(options or {}))
    kinds = list(bots) if len(bots) > 1 else list(bots) * players
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bots given for {players} players; give one per seat or one for all")
    if games < 1:
        raise ValueError("--games must be at least 1")
    names = list(SEAT_NAMES[:players]) if players <= len(SEAT_NAMES) else [f"P{i}" for i in range(players)]
    seat_bots = [make_bot(k, seed * 1000 + i) for i, k in enumerate(kinds)]
    ruleset.setup(names, seed, opts)  # refuses a player count the profile does not support
    totals = [0.0] * players
    wins = [0.0] * players
    turns = actions = 0
    all_scores = []
    start = time.perf_counter()
    show = progress and games >= 50 and sys.stderr.isatty()
    for g in range(games):
        state = ruleset.setup(names, seed + g, opts)
        final, n = play_out(ruleset, state, seat_bots)
        actions += n
        turns += final.turn
        all_scores.append(list(final.scores))
        for i, sc in enumerate(final.scores):
            totals[i] += sc
        for w in final.winners:
            wins[w] += 1 / len(final.winners)
        if show and (g + 1) % max(1, games // 50) == 0:
            _bar(g + 1, games, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    if show:
        sys.stderr.write("\n")
    return SimReport(game, players, games, kinds, seed, opts, [t / games for t in totals],
                     [w / games for w in wins], turns / games, actions / games, elapsed, all_scores)


def _bar(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = int(width * done / total)
    rate = done / elapsed if elapsed else 0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:.0f}/s")
    sys.stderr.flush()


def format_report(r: SimReport) -> str:
    lines = [f"{r.game}: {r.games} games, {r.players} players, seed {r.seed}, profile {r.options.get('profile', '-')}",
             f"{'seat':<6}{'bot':<8}{'mean score':>11}{'win share':>11}"]
    for i in range(r.players):
        lines.append(f"{i:<6}{r.bots[i]:<8}{r.mean_score[i]:>11.2f}{r.win_share[i]:>10.1%}")
    lines.append(f"mean turns {r.mean_turns:.1f}, mean actions {r.mean_actions:.0f}, "
                 f"{r.games_per_second:.1f} games per second")
    return "\n".join(lines)
