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

Game g depends on seed + g alone (its bots are made for it, :func:`bot_seed`), so a study can
be split into pieces (:func:`play_games`) played on local processes (``jobs``) or a Dask
distributed cluster's workers (``scheduler``, the ``cluster`` extra) and merged in seed order:
every figure but the speed is the same however it was played.
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

from .bots import make_bot, playout
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


def bot_seed(seed: int, game: int, bot: int) -> int:
    """The seed of bot ``bot`` in game ``game`` of a study from ``seed``: every game has its own
    freshly seeded bots, so that a game depends on its seed alone, not on the games before it,
    and a study split among processes or machines plays the very same games."""
    return (seed + game) * 1000 + bot


#: One game's figures: each bot's score, each bot's share of the win, the deals made, the turns
#: and the actions played.
GameRow = tuple[list[int], list[float], int, int, int]


def play_games(game: str, names: Sequence[str], kinds: Sequence[str], seed: int, opts: dict[str, Any],
               first: int, count: int, rotate: bool = False,
               on_game: Optional[Callable[[], None]] = None) -> list[GameRow]:
    """Games ``first`` .. ``first + count - 1`` of a study (game g: seed + g, bots seeded by
    :func:`bot_seed`), each one's figures in order; the unit of work a process or a cluster's
    worker plays. ``on_game()`` is called after every game."""
    ruleset = get_ruleset(game)
    players = len(kinds)
    rows: list[GameRow] = []
    for g in range(first, first + count):
        state = ruleset.setup(names, seed + g, opts)
        shift = g % players if rotate else 0
        seat_of = [(i + shift) % players for i in range(players)]  # where bot i sits
        bots = [make_bot(k, bot_seed(seed, g, i)) for i, k in enumerate(kinds)]
        table = [bots[(seat - shift) % players] for seat in range(players)]
        deals = [0]

        def count_deals(_state, _action, events, deals=deals) -> None:
            deals[0] += sum(1 for e in events if e.kind == "deal")

        final, n = playout(ruleset, state, table, on_step=count_deals)
        scores = [final.scores[seat_of[i]] for i in range(players)]
        share = [1 / len(final.winners) if seat_of[i] in final.winners else 0.0 for i in range(players)]
        rows.append((scores, share, deals[0], final.turn, n))
        if on_game is not None:
            on_game()
    return rows


def simulate(game: str = "bohnanza", players: int = 4, games: int = 100, bots: Sequence[str] = ("random",),
             seed: int = 1, options: Optional[dict[str, Any]] = None, progress: bool = False,
             on_game: Optional[Callable[[int, int], None]] = None, rotate: bool = False,
             jobs: int = 1, scheduler: Any = None) -> SimReport:
    """Play ``games`` seeded games; seat i is played by ``bots[i]`` (one name fills every seat;
    ``rotate``: in game g, seat (i + g) mod players; the figures stay the bots'). ``on_game(done,
    total)`` is called as games are done (a progress bar). ``jobs``: local processes (0: one per
    core); ``scheduler``: a Dask distributed scheduler's address (or a ``distributed.Client``)
    whose workers play the games. Every figure but the speed is the same however the games
    are played: game g depends on seed + g alone (see :func:`bot_seed`)."""
    ruleset = get_ruleset(game)
    opts = ruleset.check_options(dict(options or {}))
    kinds = list(bots) if len(bots) > 1 else list(bots) * players
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bots given for {players} players; give one per seat or one for all")
    if games < 1:
        raise ValueError("--games must be at least 1")
    names = list(SEAT_NAMES[:players]) if players <= len(SEAT_NAMES) else [f"P{i}" for i in range(players)]
    for k in set(kinds):
        make_bot(k)  # refuses an unknown bot here, not in a worker
    ruleset.setup(names, seed, opts)  # refuses a player count the profile does not support
    start = time.perf_counter()
    show = progress and games >= 50 and sys.stderr.isatty()
    done = [0]

    def step(k: int = 1) -> None:
        done[0] += k
        if on_game is not None:
            on_game(done[0], games)
        if show and (done[0] % max(1, games // 50) == 0 or k > 1):
            _bar(done[0], games, time.perf_counter() - start)

    work = (game, names, kinds, seed, opts)
    if scheduler is not None:
        rows = play_on_cluster(scheduler, work, games, rotate, step)
    elif jobs_wanted(jobs) > 1:
        rows = play_on_processes(jobs_wanted(jobs), work, games, rotate, step)
    else:
        rows = play_games(game, names, kinds, seed, opts, 0, games, rotate, step)
    elapsed = time.perf_counter() - start
    if show:
        sys.stderr.write("\n")
    return tally(game, kinds, seed, opts, rows, elapsed, rotate)


def jobs_wanted(jobs: Any) -> int:
    """The number of processes ``--jobs`` asks for: a whole number, 0 or "auto" for one per core."""
    if jobs in (0, "0", "auto", None):
        import os

        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        n = int(jobs)
    except ValueError:
        raise ValueError(f"--jobs must be a whole number or auto, not {jobs!r}") from None
    if n < 0:
        raise ValueError("--jobs must be 0 (auto) or more")
    return n


def tally(game: str, kinds: list[str], seed: int, opts: dict, rows: Sequence[GameRow], seconds: float,
          rotate: bool = False) -> SimReport:
    """The report of a study's games (``rows`` in seed order, as :func:`play_games` gives them)."""
    players, games = len(kinds), len(rows)
    scores, wins, trades, turns, actions = ([r[k] for r in rows] for k in range(5))
    seats = range(players)
    return SimReport(game, players, games, kinds, seed, opts, [sum(g[i] for g in scores) / games for i in seats],
                     [sum(g[i] for g in wins) / games for i in seats], sum(turns) / games, sum(actions) / games,
                     seconds, scores, wins, trades, rotate)


#: Most games in one piece of work sent to a process or a worker: the progress bar advances and
#: the memory a piece holds stays small, while a piece is still long beside sending it.
MAX_CHUNK = 500


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """(first game, count) pieces of a study of ``games`` for ``workers`` processes or threads:
    about four pieces each (a fast worker takes on a slow one's share), in seed order.

    >>> chunks(10, 2)
    [(0, 2), (2, 2), (4, 2), (6, 2), (8, 2)]
    """
    size = max(1, min(MAX_CHUNK, -(-games // (4 * max(1, workers)))))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def _merge(pieces: Sequence[tuple[int, int]], results: dict[int, list[GameRow]]) -> list[GameRow]:
    """The games of every piece in seed order, whatever order they were done in."""
    return [row for first, _n in pieces for row in results[first]]


def process_pool(workers: int):
    """The standard library's pool of ``workers`` local processes, each a fresh interpreter, not
    a fork of this one: the lab runs studies in a thread of a notebook's kernel, and forking a
    process with threads may deadlock."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method))


def play_on_processes(jobs: int, work: tuple, games: int, rotate: bool, step: Callable[[int], None]) -> list[GameRow]:
    """A study's games played by ``jobs`` local processes (:func:`process_pool`)."""
    from concurrent.futures import as_completed

    pieces = chunks(games, jobs)
    results: dict[int, list[GameRow]] = {}
    pool = process_pool(min(jobs, len(pieces)))
    try:
        futures = {pool.submit(play_games, *work, first, n, rotate): first for first, n in pieces}
        for f in as_completed(futures):
            results[futures[f]] = f.result()
            step(len(results[futures[f]]))
    finally:
        # Stopped (an error, Ctrl-C): the pieces not started yet are dropped, not played out.
        pool.shutdown(wait=len(results) == len(pieces), cancel_futures=True)
    return _merge(pieces, results)


class MissingExtra(ImportError):
    """An optional part of beannb is not installed (its message names the extra)."""


def _cluster_client(scheduler: Any):
    """(client, whether it is ours to close) for a scheduler's address or a ``distributed.Client``."""
    try:
        from distributed import Client
    except ImportError:
        raise MissingExtra("a Dask cluster needs the distributed package: pip install 'beannb[cluster]'") from None
    if isinstance(scheduler, Client):
        return scheduler, False
    return Client(scheduler), True


def _played_by_worker(work: tuple, first: int, count: int, rotate: bool) -> tuple[str, list[GameRow]]:
    """A piece of a study on a cluster's worker, with the worker's beannb version."""
    from ._version import __version__

    return __version__, play_games(*work, first, count, rotate)


def play_on_cluster(scheduler: Any, work: tuple, games: int, rotate: bool,
                    step: Callable[[int], None]) -> list[GameRow]:
    """A study's games played by a Dask distributed cluster's workers (``scheduler``: its
    address, or a ``distributed.Client``); the workers must run this very version of beannb."""
    from ._version import __version__

    client, ours = _cluster_client(scheduler)
    try:
        from distributed import as_completed

        threads = sum(client.nthreads().values()) or 1
        pieces = chunks(games, threads)
        futures = [client.submit(_played_by_worker, work, first, n, rotate, pure=False) for first, n in pieces]
        first_of = {f.key: first for f, (first, _n) in zip(futures, pieces)}
        results: dict[int, list[GameRow]] = {}
        try:
            for f in as_completed(futures):
                version, rows = f.result()
                if version != __version__:
                    raise ValueError(f"the cluster's workers run beannb {version}, this is {__version__}: "
                                     "install the same version on them")
                results[first_of[f.key]] = rows
                step(len(rows))
                f.release()
        except BaseException:
            client.cancel(futures)  # the pieces not played yet are not played
            raise
        return _merge(pieces, results)
    finally:
        if ours:
            client.close()


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


def without_choices(game: str) -> tuple:
    """What a worth study can leave out of ``game`` (its ruleset's ``without`` option), or ()."""
    opt = get_ruleset(game).OPTIONS.get("without")
    return tuple(c for c in (opt.choices or ()) if c is not None) if opt is not None else ()


def worth(game: str, without: str, players: int = 4, games: int = 100, bots: Sequence[str] = ("greedy",),
          seed: int = 1, options: Optional[dict[str, Any]] = None,
          on_game: Optional[Callable[[int, int], None]] = None, rotate: bool = False,
          jobs: int = 1, scheduler: Any = None) -> WorthReport:
    """Play the same ``games`` seeds with everything and with ``without`` left out (the
    ruleset validates it); ``on_game(done, 2 * games)`` follows both runs; ``rotate``,
    ``jobs`` and ``scheduler`` as in :func:`simulate`."""
    if not without_choices(game):
        raise ValueError(f"{game} has nothing a worth study can leave out (no 'without' option)")
    opts = dict(options or {})
    step = (lambda k, _n: on_game(k, 2 * games)) if on_game else None
    step2 = (lambda k, _n: on_game(games + k, 2 * games)) if on_game else None
    how = {"rotate": rotate, "jobs": jobs, "scheduler": scheduler}
    removed = simulate(game, players, games, bots, seed, dict(opts, without=without), on_game=step, **how)
    base = simulate(game, players, games, bots, seed, opts, on_game=step2, **how)
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
