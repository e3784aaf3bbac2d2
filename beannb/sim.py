"""Simulating many games between bots (``beannb sim``), with confidence intervals.

:func:`simulate` plays seeded games (game i uses seed + i); its :class:`SimReport` gives each
seat's mean score with a 95 % confidence interval (:func:`mean_ci`) and win share with a
Wilson interval (:func:`wilson`), pooled per bot kind too (:meth:`SimReport.by_bot`), and the
deals made per game. With ``rotate`` the bots change seats from game to game (bot i plays
seat (i + g) mod players in game g), so that one bot against a table of others is measured
from every seat rather than from the first one alone; the report's rows are then the bots
as given, wherever they sat. :func:`worth` is a "what is this card worth" study: the same
seeds with and without one text card / potion / territory (each ruleset's ``without``
option), compared game by game.
"""
from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """(mean, half-width of its confidence interval): normal approximation with the sample
    standard deviation; the half-width is 0 for fewer than two values.

    >>> [round(x, 4) for x in mean_ci([1, 2, 3, 4])]
    [2.5, 1.2652]
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, z * math.sqrt(var / n)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a share of ``wins`` in ``n`` (ties count as fractions).

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)

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
    #: Per game: each seat's share of the win (1, or 1/k in a k-way tie), and the deals made.
    wins: list[list[float]] = field(default_factory=list)
    trades: list[int] = field(default_factory=list)
    #: Whether the bots changed seats from game to game: then entry i of ``bots``, ``scores``,
    #: ``wins``, ``mean_score`` and ``win_share`` is the i-th bot given, not seat i.
    rotate: bool = False

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    @property
    def mean_trades(self) -> float:
        return sum(self.trades) / len(self.trades) if self.trades else 0.0

    def score_ci(self, seat: int) -> tuple[float, float]:
        """(mean score, 95 % half-width) of one seat."""
        return mean_ci([g[seat] for g in self.scores])

    def win_ci(self, seat: int) -> tuple[float, float]:
        """The 95 % Wilson interval of one seat's win share."""
        return wilson(sum(w[seat] for w in self.wins), self.games)

    def by_bot(self) -> list[dict[str, Any]]:
        """Per bot kind (seats pooled): seats, mean score ± CI over its seats' games, and the
        share of games a seat of that kind won, with its Wilson interval."""
        out = []
        for kind in dict.fromkeys(self.bots):
            seats = [i for i, b in enumerate(self.bots) if b == kind]
            mean, half = mean_ci([g[i] for g in self.scores for i in seats])
            won = sum(w[i] for w in self.wins for i in seats)
            lo, hi = wilson(won, self.games)
            out.append({"bot": kind, "seats": seats, "mean": mean, "ci": half, "win_share": won / self.games,
                        "win_lo": lo, "win_hi": hi})
        return out


def simulate(game: str = "bohnanza", players: int = 4, games: int = 100, bots: Sequence[str] = ("random",),
             seed: int = 1, options: Optional[dict[str, Any]] = None, progress: bool = False,
             on_game: Optional[Callable[[int, int], None]] = None, rotate: bool = False) -> SimReport:
    """Play ``games`` seeded games; seat i is played by ``bots[i]`` (one name fills every seat;
    ``rotate``: in game g, seat (i + g) mod players; the figures stay the bots'). ``on_game(done,
    total)`` is called after every game (a progress bar)."""
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
    all_wins: list[list[float]] = []
    trades: list[int] = []
    start = time.perf_counter()
    show = progress and games >= 50 and sys.stderr.isatty()
    for g in range(games):
        state = ruleset.setup(names, seed + g, opts)
        shift = g % players if rotate else 0
        seat_of = [(i + shift) % players for i in range(players)]  # where bot i sits
        table = [seat_bots[(seat - shift) % players] for seat in range(players)]
        deals = [0]

        def count(_before, _action, _after, events, deals=deals) -> None:
            deals[0] += sum(1 for e in events if e.kind == "deal")

        final, n = play_out(ruleset, state, table, on_step=count)
        actions += n
        turns += final.turn
        scores = [final.scores[seat_of[i]] for i in range(players)]
        all_scores.append(scores)
        trades.append(deals[0])
        share = [1 / len(final.winners) if seat_of[i] in final.winners else 0.0 for i in range(players)]
        for i in range(players):
            totals[i] += scores[i]
            wins[i] += share[i]
        all_wins.append(share)
        if on_game is not None:
            on_game(g + 1, games)
        if show and (g + 1) % max(1, games // 50) == 0:
            _bar(g + 1, games, time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    if show:
        sys.stderr.write("\n")
    return SimReport(game, players, games, kinds, seed, opts, [t / games for t in totals],
                     [w / games for w in wins], turns / games, actions / games, elapsed, all_scores,
                     all_wins, trades, rotate)


def _bar(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = int(width * done / total)
    rate = done / elapsed if elapsed else 0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {rate:.0f}/s")
    sys.stderr.flush()


def format_report(r: SimReport) -> str:
    lines = [f"{r.game}: {r.games} games, {r.players} players, seed {r.seed}, profile {r.options.get('profile', '-')}"
             + (f", without {r.options['without']}" if r.options.get("without") else "")
             + (", seats rotating (row i: the i-th bot, in game g at seat (i + g) mod players)" if r.rotate else ""),
             f"{'bot #' if r.rotate else 'seat':<6}{'bot':<8}{'mean score':>11}{'± 95% CI':>10}{'win share':>11}"
             f"{'95% interval':>16}"]
    for i in range(r.players):
        _m, half = r.score_ci(i)
        lo, hi = r.win_ci(i)
        lines.append(f"{i:<6}{r.bots[i]:<8}{r.mean_score[i]:>11.2f}{'± ' + format(half, '.2f'):>10}"
                     f"{r.win_share[i]:>10.1%}{f'{lo:.0%}–{hi:.0%}':>16}")
    if len(set(r.bots)) > 1:
        lines.append("per bot (seats pooled):")
        for b in r.by_bot():
            span = f"{b['win_lo']:.0%}–{b['win_hi']:.0%}"
            lines.append(f"      {b['bot']:<8}{b['mean']:>11.2f}{'± ' + format(b['ci'], '.2f'):>10}"
                         f"{b['win_share']:>10.1%}{span:>16}"
                         f"  ({len(b['seats'])} seat{'s' if len(b['seats']) > 1 else ''})")
    lines.append(f"mean turns {r.mean_turns:.1f}, mean actions {r.mean_actions:.0f}, "
                 f"trades per game {r.mean_trades:.1f}, {r.games_per_second:.1f} games per second")
    return "\n".join(lines)


@dataclass
class WorthReport:
    """A "what is it worth" study: the same seeded games with and without one card type."""

    game: str
    without: str
    base: SimReport
    removed: SimReport

    def score_change(self, seat: Optional[int] = None) -> tuple[float, float]:
        """(mean, 95 % half-width) of the score with it minus without it, game by game
        (paired by seed); ``seat`` None: every seat's score."""
        seats = range(self.base.players) if seat is None else [seat]
        diffs = [a[i] - b[i] for a, b in zip(self.base.scores, self.removed.scores) for i in seats]
        return mean_ci(diffs)

    def turns_change(self) -> float:
        return self.base.mean_turns - self.removed.mean_turns


def without_choices(game: str) -> tuple:
    """What a worth study can leave out of ``game`` (its ruleset's ``without`` option), or ()."""
    from .games import get_ruleset

    opt = get_ruleset(game).OPTIONS.get("without")
    return tuple(c for c in (opt.choices or ()) if c is not None) if opt is not None else ()


def worth(game: str, without: str, players: int = 4, games: int = 100, bots: Sequence[str] = ("greedy",),
          seed: int = 1, options: Optional[dict[str, Any]] = None,
          on_game: Optional[Callable[[int, int], None]] = None, rotate: bool = False) -> WorthReport:
    """Play the same ``games`` seeds with everything and with ``without`` left out (the
    ruleset validates it); ``on_game(done, 2 * games)`` follows both runs; ``rotate`` as
    in :func:`simulate`."""
    if not without_choices(game):
        raise ValueError(f"{game} has nothing a worth study can leave out (no 'without' option)")
    opts = dict(options or {})
    step = (lambda k, _n: on_game(k, 2 * games)) if on_game else None
    step2 = (lambda k, _n: on_game(games + k, 2 * games)) if on_game else None
    removed = simulate(game, players, games, bots, seed, dict(opts, without=without), on_game=step, rotate=rotate)
    base = simulate(game, players, games, bots, seed, opts, on_game=step2, rotate=rotate)
    return WorthReport(game, without, base, removed)


def format_worth(w: WorthReport) -> str:
    m, half = w.score_change()
    lines = [f"{w.game}: what is {w.without} worth? {w.base.games} seeded games with and without it, "
             f"bots {','.join(w.base.bots)}",
             f"mean score with it {sum(w.base.mean_score) / w.base.players:.2f}, "
             f"without it {sum(w.removed.mean_score) / w.removed.players:.2f}: "
             f"change {m:+.2f} ± {half:.2f} (95% CI, paired by seed)"]
    for i in range(w.base.players):
        mi, hi = w.score_change(i)
        lines.append(f"  {'bot #' if w.base.rotate else 'seat'} {i} ({w.base.bots[i]}): {mi:+.2f} ± {hi:.2f}")
    lines.append(f"mean turns {w.base.mean_turns:.1f} with it, {w.removed.mean_turns:.1f} without")
    return "\n".join(lines)
