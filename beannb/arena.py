"""Measuring one bot against a table of others: seeded games, the bot's seat rotating.

:func:`duel` plays ``games`` seeded games of one game; in game ``g`` (seed ``seed + g``) the
bot under test sits at seat ``g % players`` and every other seat is played by ``opponent``
(``greedy`` by default). It times every decision the bot takes and returns its share of the
wins with a Wilson 95 % interval (ties count as fractions), the mean final score difference
to the best other seat, and its decision times (mean, 99th percentile, slowest). This is
how the strong player's figures in its module are measured::

    from beannb.arena import duel
    from beannb.bots import StrongBot
    print(duel("rabohnzel", StrongBot, games=40).summary())

>>> from beannb.bots import StrongBot
>>> r = duel("bohnanza", lambda seed: StrongBot(seed, iterations=8), games=2)
>>> r.games, 0 <= r.win_share <= 1, len(r.times) > 0
(2, True, True)
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .bots.base import Bot, playout
from .bots.greedy import GreedyBot
from .sim import SEAT_NAMES, wilson  # the seats named as ``beannb sim`` names them


class Timed(Bot):
    """Wraps a bot and records how long each of its decisions took (``act`` only)."""

    def __init__(self, bot: Bot):
        super().__init__(0)
        self.bot = bot
        self.kind = bot.kind
        self.times: list[float] = []
        self.cpu: list[float] = []

    def reset(self) -> None:
        self.bot.reset()

    def act(self, ruleset, state, seat: int):
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            return self.bot.act(ruleset, state, seat)
        finally:
            self.times.append(time.perf_counter() - t0)
            self.cpu.append(time.process_time() - c0)

    def interject(self, ruleset, state, seat: int):
        return self.bot.interject(ruleset, state, seat)


@dataclass
class DuelReport:
    game: str
    games: int
    players: int
    seed: int
    wins: float
    lead: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    #: The same decisions' processor time (what they cost on a core of their own).
    cpu: list[float] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95 % interval of the win share."""
        return wilson(self.wins, self.games)

    @property
    def mean_lead(self) -> float:
        return sum(self.lead) / len(self.lead) if self.lead else 0.0

    def summary(self) -> str:
        lo, hi = self.interval

        def spread(values: list[float]) -> str:
            t = sorted(values)
            if not t:
                return "-"
            p99 = t[min(len(t) - 1, int(0.99 * len(t)))]
            return f"mean {sum(t) / len(t) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {t[-1] * 1000:.0f} ms"

        return (f"{self.game}: {self.games} games (seeds {self.seed}..{self.seed + self.games - 1}), "
                f"win share {self.win_share:.1%} [{lo:.1%}, {hi:.1%}], mean lead {self.mean_lead:+.2f}, "
                f"decisions {len(self.times)}: wall {spread(self.times)}; processor {spread(self.cpu)}; "
                f"{self.seconds:.0f} s")


def play_game(rs: Any, opts: dict, report: DuelReport, make: Callable[[int], Bot], g: int,
              opponent: Callable[[int], Bot] = GreedyBot) -> None:
    """Play game ``g`` of ``report``'s series (seed ``report.seed + g``, the bot under test at
    seat ``g % players``) and add it to ``report``: what :func:`duel` does for each game, so
    that a benchmark can interleave the games of several rulesets."""
    players, seed = report.players, report.seed
    names = list(SEAT_NAMES[:players])
    me = g % players
    timed = Timed(make(seed * 1000 + g))
    bots = [timed if i == me else opponent(seed * 1000 + 100 + 10 * g + i) for i in range(players)]
    final, _ = playout(rs, rs.setup(names, seed + g, opts), bots)
    if me in final.winners:
        report.wins += 1 / len(final.winners)
    report.lead.append(final.scores[me] - max(s for i, s in enumerate(final.scores) if i != me))
    report.times.extend(timed.times)
    report.cpu.extend(timed.cpu)
    report.games += 1


def duel(game: str, make: Callable[[int], Bot], games: int = 20, players: int = 4, seed: int = 1,
         opponent: Callable[[int], Bot] = GreedyBot, options: Optional[dict[str, Any]] = None,
         on_game: Optional[Callable[[int, "DuelReport"], None]] = None) -> DuelReport:
    """Play ``games`` seeded games with ``make(seed)`` at a rotating seat against ``opponent``."""
    from .games import get_ruleset

    rs = get_ruleset(game)
    opts = rs.check_options(dict(options or {}))
    report = DuelReport(game, 0, players, seed, 0.0)
    t0 = time.perf_counter()
    for g in range(games):
        play_game(rs, opts, report, make, g, opponent)
        report.seconds = time.perf_counter() - t0
        if on_game is not None:
            on_game(g + 1, report)
    return report
