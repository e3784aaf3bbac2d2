"""The strong player: information-set Monte Carlo search on top of the greedy strategies.

A decision is searched from the seat's point of view only. Each iteration samples a full
table the seat cannot tell apart from the real one (:func:`~beannb.bots.determinize.determinize`:
other hands, deck order, face-down coins, text cards, potions, carts redealt from what is
hidden), picks one of the seat's candidate moves by UCB1 over the statistics shared by all
samples (the information set's), plays it, and lets greedy players play every seat for
a few turns (the rollout). The result is scored from the seat's side: a finished game by
its share of the win, an unfinished one by its lead in estimated points turned into a
win chance. The move tried most often is chosen, if it beats the greedy move clearly
(the greedy move is the prior: a few dozen noisy rollouts must not make it play randomly).

The seat's candidates are its legal actions plus the greedy player's choice (a trade offer
is built, not listed). The search is deterministic given the bot's seed and the iteration
budget; a time budget (``seconds``) stops earlier and is then as fast as the machine.

>>> from beannb.bots import make_bot
>>> bot = make_bot("strong", seed=1)
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..core.actions import Action
from .base import next_action, trusted
from .determinize import determinize
from .greedy import GreedyBot

#: Iterations per decision by default: well under a second per move on a laptop.
ITERATIONS = 80
#: Candidate moves searched at most (the greedy choice always among them).
MAX_CANDIDATES = 14
#: The exploration constant of UCB1 (rewards are win chances in [0, 1]).
EXPLORE = 0.7
#: The search's favourite replaces the greedy move only when its win chance is this much
#: higher, after at least MIN_VISITS rollouts.
MARGIN = 0.08
MIN_VISITS = 8
#: A rollout plays this many turns of the whole table (then the table is scored).
HORIZON_TURNS = 3
#: Actions a rollout plays at most (a safety net against a stalled game).
MAX_ROLLOUT_ACTIONS = 600
#: Points of lead that make a win about three times as likely as a loss (the scale of the
#: logistic turning an unfinished rollout's lead into a win chance).
LEAD_SCALE = 4.0


@dataclass
class Line:
    """One candidate move and what the search found: mean win chance, mean points, visits."""

    action: Action
    visits: int = 0
    wins: float = 0.0
    points: float = 0.0

    @property
    def win(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.visits if self.visits else 0.0


@dataclass
class SearchResult:
    """Every candidate line, best first (most visited, then best win chance)."""

    seat: int
    lines: list[Line]
    iterations: int
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    @property
    def best(self) -> Line:
        return self.lines[0]


def check_budget(iterations: Optional[int], seconds: Optional[float]) -> None:
    if iterations is None and seconds is None:
        raise ValueError("the search needs a budget: a number of iterations or of seconds")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"the iteration budget must be a whole number of at least 1, not {iterations!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0):
        raise ValueError(f"the time budget must be a positive number of seconds, not {seconds!r}")


def estimate(ruleset: Any, state: Any, seat: int) -> float:
    """The points ``seat`` would have if the game ended now: its score plus, for the bean
    games, what its fields would sell for (takeover: the greedy player's position)."""
    if ruleset.name == "takeover":
        from ..games.takeover.bot import position
        return position(ruleset, state, seat)
    pts = float(ruleset.score(state, seat))
    if ruleset.name in ("bohnanza", "rabohnzel"):
        payout = ruleset.cards.payout
        for f in state.players[seat].fields:
            if f:
                try:
                    pts += payout(f[-1], len(f))
                except (KeyError, IndexError, TypeError, ValueError):
                    pass
    return pts


def outcome(ruleset: Any, state: Any, seat: int) -> tuple[float, float]:
    """(win chance, points) of ``seat`` at the end of a rollout."""
    pts = [estimate(ruleset, state, i) for i in range(state.n)]
    if state.phase == "over":
        return (1.0 / len(state.winners) if seat in state.winners else 0.0), pts[seat]
    lead = pts[seat] - max(p for i, p in enumerate(pts) if i != seat)
    return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE * math.log(3))), pts[seat]


def rollout(ruleset: Any, state: Any, bots: Sequence[GreedyBot], horizon_turns: int) -> Any:
    """Let the greedy players play on for ``horizon_turns`` turns (or to the end)."""
    stop = state.turn + horizon_turns
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.phase == "over" or state.turn >= stop:
            break
        action = next_action(ruleset, state, bots, ruleset.may_interject(state))
        try:
            state, _ = ruleset.apply(state, action, check=not trusted(ruleset, state, action))
        except ValueError:
            break  # a built offer the sampled table refuses: score the table as it is
    return state


def candidates(ruleset: Any, state: Any, seat: int, sample: Any, rng: random.Random,
               include: Sequence[Action] = (), asked: Optional[set] = None) -> tuple[list[Action], Optional[Action]]:
    """The seat's legal actions and the greedy choice on ``sample`` (a determinization, so
    that the greedy look-ahead never sees the real hidden cards), at most MAX_CANDIDATES;
    and the greedy choice (None if the greedy player found none). ``asked``: the playing
    bot's memory of the offers it made this turn (so that it does not repeat one for ever)."""
    name = state.players[seat].name
    legal = list(ruleset.legal_actions(state, name))
    greedy = GreedyBot(rng.getrandbits(32))
    if asked is not None:
        greedy._asked = asked
    try:
        first = [greedy.act(ruleset, sample, seat)]
    except (ValueError, IndexError, StopIteration):
        first = []
    out: list[Action] = []
    for a in [*include, *first, *legal]:
        if a not in out:
            out.append(a)
    keep = len(include) + len(first)
    if len(out) > MAX_CANDIDATES:
        rest = out[keep:]
        out = out[:keep] + rng.sample(rest, MAX_CANDIDATES - keep)
    return out, (first[0] if first else None)


def search(ruleset: Any, state: Any, seat: int, iterations: Optional[int] = ITERATIONS,
           seconds: Optional[float] = None, seed: int = 0, rng: Optional[random.Random] = None,
           include: Sequence[Action] = (), horizon_turns: int = HORIZON_TURNS,
           asked: Optional[set] = None) -> SearchResult:
    """Search ``seat``'s decision on ``state`` (which it reads only through determinizations
    and its own legal actions). ``include``: moves that must be among the candidates (a
    review compares the move played)."""
    check_budget(iterations, seconds)
    rng = rng or random.Random(seed)
    t0 = time.perf_counter()
    first = determinize(ruleset, state, seat, rng)
    moves, prior = candidates(ruleset, state, seat, first, rng, include, asked)
    lines = [Line(a) for a in moves]
    if len(lines) == 1 and not include:
        return SearchResult(seat, lines, 0, time.perf_counter() - t0)
    bots = [GreedyBot(rng.getrandbits(32)) for _ in range(state.n)]
    done = 0
    while True:
        if iterations is not None and done >= iterations:
            break
        if seconds is not None and done >= len(lines) and time.perf_counter() - t0 >= seconds:
            break
        sample = first if done == 0 else determinize(ruleset, state, seat, rng)
        total = math.log(done + 1)
        line = next((ln for ln in lines if ln.visits == 0), None)
        if line is None:
            line = max(lines, key=lambda ln: ln.win + EXPLORE * math.sqrt(total / ln.visits))
        for b in bots:
            b.reset()
        try:
            after, _ = ruleset.apply(sample, line.action, check=not trusted(ruleset, sample, line.action))
            end = rollout(ruleset, after, bots, horizon_turns)
            win, pts = outcome(ruleset, end, seat)
        except ValueError:
            win, pts = 0.0, estimate(ruleset, sample, seat)  # refused on this sample: a bad move here
        line.visits += 1
        line.wins += win
        line.points += pts
        done += 1
    order = sorted(range(len(lines)), key=lambda i: (-lines[i].visits, -lines[i].win, i))
    ranked = [lines[i] for i in order]
    # The greedy move is the prior: the search overrules it only on clear evidence (a few
    # dozen noisy rollouts must not turn a sensible player into a random one).
    anchor = next((ln for ln in ranked if ln.action == prior), None)
    if anchor is not None and ranked[0] is not anchor:
        top = ranked[0]
        if not (top.visits >= MIN_VISITS and top.win >= anchor.win + MARGIN):
            ranked.remove(anchor)
            ranked.insert(0, anchor)
    return SearchResult(seat, ranked, done, time.perf_counter() - t0)


class StrongBot(GreedyBot):
    """``strong``: searches its own decisions; takes the greedy initiative out of turn."""

    kind = "strong"

    def __init__(self, seed: int = 0, iterations: Optional[int] = ITERATIONS, seconds: Optional[float] = None):
        check_budget(iterations, seconds)
        super().__init__(seed)
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.last: Optional[SearchResult] = None

    def reset(self) -> None:
        super().reset()
        self.rng = random.Random(self.seed)

    def act(self, ruleset, state, seat: int) -> Action:
        self.last = search(ruleset, state, seat, self.iterations, self.seconds,
                           rng=random.Random(self.rng.getrandbits(64)), asked=self._asked)
        return self.last.best.action
