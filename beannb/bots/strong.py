"""The strong player: information-set Monte Carlo search on top of the greedy strategies.

A decision is searched from the seat's point of view only. Each round samples a full
table the seat cannot tell apart from the real one (:func:`~beannb.bots.determinize.determinize`:
other hands, deck order, face-down coins, text cards, potions, carts redealt from what is
hidden) and plays *every* candidate move still in the race on that same table, each
followed by the same greedy players (same seeds) playing every seat until the seat's next
own turn is over (the rollout: every candidate stops at the same point of the game, counted from the table
searched, not from the table after the move, or a move that ends the turn would be scored
a turn later than the others). Comparing the moves on the same tables (common random numbers) removes most of
the luck of the draw from their differences, so a few dozen rollouts tell moves apart that
independent samples could not. The budget is split into stages; after each the worse half
of the candidates drops out (successive halving), so it goes to the moves that could be best.
A candidate that has no chance left of replacing the greedy move (:func:`hopeless`: after a
few shared tables, not even a standard error and a half short of MARGIN above it) drops out at
once, and when the greedy move alone is left the search stops: most decisions are clear and
cost a fraction of the budget, so the budget can be larger for the close ones at the same
processor time per decision on average.

A rollout is cheap: the candidate move and every move after it change one copy of the
sampled table in place (no state is built between moves), and the greedy players' trade
offers get the quick check of :func:`~beannb.bots.base.check_built` rather than a full
validation.

A rollout's end is scored from the seat's side: a finished game by its share of the win,
an unfinished one by its lead over the best other player in the game's own terms (see
:func:`value`: coins, what the fields would sell for and part of their way to the next
step; takeover's position; Bohnaparte's victory points plus what coins and fields will buy
in raids) turned into a win chance. Without the fields' progress, selling a field early
and replanting looks free at the horizon, and a search that believes that plays worse
than greedy (Rabohnzel); without the coins' worth in raids, Bohnaparte rollouts sell
fields to raid at once.

The greedy move is the prior: the search plays another move only when that move's win
chance beats the greedy move's on the same tables by a clear margin (mean paired
difference above MARGIN and above SIGMAS standard errors). A sensible player is never
turned into a random one by noise.

The seat's candidates are its legal actions plus the greedy player's choice (a trade offer
is built, not listed), at most MAX_CANDIDATES; where there are more, the game may rank some
first (:func:`preferred`: Bohnaparte's attacks by the greedy player's estimate of their
worth) and the rest are drawn at random. Asking the greedy player for its choice changes
nothing: the offer it would make is remembered only when it is played. The search is
deterministic given the bot's seed and the iteration budget; a time budget (``seconds``)
stops earlier and is then as fast as the machine.

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
from .base import check_built, next_action, trusted
from .determinize import determinize
from .greedy import GreedyBot

#: Rollouts per decision by default; a game's strategy may say otherwise (``search_iterations``,
#: or per decision ``search_budget``: takeover 104, its rollouts are dearest; Rabohnzel 216;
#: Bohnaparte 540, its attacks are many and most drop out early). Each keeps the game's mean
#: processor time per decision at or under the reference of issue 26
#: (``beannb.bench.strong.REFERENCE_CPU``: the search before clear decisions were cut short
#: and its rollouts made cheaper). ``beannb bench --strong`` measures the win shares and the
#: time per decision against that reference (the README quotes the figures).
ITERATIONS = 192
#: Candidate moves searched at most (the greedy choice always among them).
MAX_CANDIDATES = 12
#: Rounds every candidate plays at least before the worse half can drop out.
MIN_ROUNDS = 2
#: The search's favourite replaces the greedy move only when its win chance is higher on
#: the same tables by at least MARGIN on average and by SIGMAS standard errors of that
#: mean difference, over at least MIN_VISITS shared tables. (On 300 base-game positions
#: from greedy games, measured against a search of 1024 rollouts: one standard error rather
#: than 1.5 cut the win chance the chosen move gives away by about a third.)
MARGIN = 0.02
SIGMAS = 1.0
MIN_VISITS = 6
#: A candidate drops out of the race as soon as it has been played on PRUNE_ROUNDS tables
#: shared with the greedy move and its mean paired difference to it is not above zero even
#: PRUNE_SIGMAS standard errors up (:func:`hopeless`); when the greedy move alone is left the
#: search stops. Clear decisions then cost a fraction of the budget and the budget can be
#: larger for the close ones at the same processor time on average.
PRUNE_ROUNDS = 6
PRUNE_SIGMAS = 1.5
#: A rollout plays this many turns of the whole table (then the table is scored); None:
#: until the searching seat's next own turn is over (from its own turn: a full round and
#: its next turn). Stopping after three turns (short of its next turn at four players) made
#: the search blind to what a move does to its next turn, and it won Bohnaparte no more
#: often than greedy (26% of 24 games against 38% with None).
HORIZON_TURNS: Optional[int] = None
#: Actions a rollout plays at most (a safety net against a stalled game).
MAX_ROLLOUT_ACTIONS = 600

#: The lead (in :func:`value` units) that makes a win about three times as likely as a loss
#: (the scale of the logistic that turns an unfinished rollout's lead into a win chance) is
#: the game's: its strategy's ``lead_scale``.


@dataclass
class Line:
    """One candidate move and what the search found: mean win chance, mean points, visits."""

    action: Action
    visits: int = 0
    wins: float = 0.0
    points: float = 0.0
    #: The win chance of each round it was played in (round number -> win chance).
    results: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def win(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    @property
    def mean_points(self) -> float:
        return self.points / self.visits if self.visits else 0.0


@dataclass
class SearchResult:
    """Every candidate line, best first (the move chosen, then by visits and win chance)."""

    seat: int
    lines: list[Line]
    iterations: int
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)
    #: The greedy player's choice (the prior) and its offer memory after making it (to be
    #: kept by the playing bot only if that choice is played).
    prior: Optional[Action] = None
    memory: Optional[set] = field(default=None, repr=False)

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


#: How much of the way to a field's next beanometer step a rollout's end credits (a field
#: two cards short of paying counts for something: otherwise selling early and replanting
#: looks free at the rollout's horizon).
GROWTH = 0.5


def estimate(ruleset: Any, state: Any, seat: int) -> float:
    """The points ``seat`` would have if the game ended now, in the game's own score (its
    strategy's ``estimate``: by default coins plus what its fields would sell for)."""
    return ruleset.strategy.estimate(ruleset, state, seat)


def value(ruleset: Any, state: Any, seat: int) -> float:
    """How good the table is for ``seat``, in points of the game's score (its strategy's
    ``value``: by default its score, what its fields would sell for and part of the way to
    their next step, ``GROWTH``, while the game goes on)."""
    return ruleset.strategy.value(ruleset, state, seat, GROWTH if state.phase != "over" else 0.0)


def outcome(ruleset: Any, state: Any, seat: int) -> tuple[float, float]:
    """(win chance, points) of ``seat`` at the end of a rollout."""
    if state.phase == "over":
        return (1.0 / len(state.winners) if seat in state.winners else 0.0), estimate(ruleset, state, seat)
    vals = [value(ruleset, state, i) for i in range(state.n)]
    lead = vals[seat] - max(v for i, v in enumerate(vals) if i != seat)
    scale = ruleset.strategy.lead_scale
    return 1.0 / (1.0 + math.exp(-lead / scale * math.log(3))), estimate(ruleset, state, seat)


def horizon_end(state: Any, seat: int, horizon_turns: Optional[int]) -> int:
    """The turn at which a rollout from ``state`` stops: ``horizon_turns`` turns on, or
    (None) when ``seat``'s next own turn is over, so that what a move does to its next turn
    (the hand it will have to plant, the coins it can raid with) is seen."""
    if horizon_turns is not None:
        return state.turn + horizon_turns
    ahead = (seat - state.active) % state.n or state.n
    return state.turn + ahead + 1


def rollout(ruleset: Any, state: Any, bots: Sequence[GreedyBot], horizon_turns: Optional[int],
            stop: Optional[int] = None, first: Optional[Action] = None) -> Any:
    """Let the greedy players play on for ``horizon_turns`` turns, or until turn ``stop``
    (or to the end), after ``first`` (the candidate move searched, if any: validated first
    unless it came from the legal list; a refused one raises the refusal). Played on a
    playout state: one copy of ``state`` changed in place (``ruleset.do_in_place``), the
    candidate move included, so no state is built between moves; ``state`` itself stays as
    it was."""
    state = state.copy()  # the rollout's own: the verbs replace its parts, never change them
    do = ruleset.do_in_place
    if first is not None:
        if not trusted(ruleset, state, first):
            err = ruleset.validate(state, first)
            if err is not None:
                raise err
        do(state, first)
    if stop is None:
        if horizon_turns is None:
            raise ValueError("a rollout needs a horizon: a number of turns or the turn to stop at")
        stop = state.turn + horizon_turns
    may_interject = ruleset.may_interject
    to_move = ruleset.to_move
    built = ruleset.strategy.built_verbs
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.phase == "over" or state.turn >= stop:
            break
        if may_interject(state):
            action = next_action(ruleset, state, bots)
        else:  # ``next_action`` without interjections, without its call
            seat = to_move(state)[0]
            action = bots[seat].act(ruleset, state, seat)
        if type(action).VERB in built:
            # A built offer gets the quick check a playout gives it (the rules' verdict;
            # the full validation only where the quick test is not sure): refused or not
            # is the same answer ``validate`` gives, at a fraction of its cost.
            try:
                check_built(ruleset, state, action)
            except ValueError:
                break  # a built offer the sampled table refuses: score the table as it is
        do(state, action)
    return state


def candidates(ruleset: Any, state: Any, seat: int, sample: Any, rng: random.Random,
               include: Sequence[Action] = (), asked: Optional[set] = None
               ) -> tuple[list[Action], Optional[Action], set]:
    """The seat's legal actions and the greedy choice on ``sample`` (a determinization, so
    that the greedy look-ahead never sees the real hidden cards), at most MAX_CANDIDATES;
    the greedy choice (None if the greedy player found none); and the greedy player's
    memory after that choice. ``asked``: the playing bot's memory of the offers it made
    this turn (so that it does not repeat one for ever); it is copied, never changed: the
    offer the greedy player would make is recorded only if it is played."""
    name = state.players[seat].name
    legal = list(ruleset.legal_actions(state, name))
    greedy = GreedyBot(rng.getrandbits(32))
    if asked is not None:
        greedy._asked = set(asked)  # a copy: asking the greedy player must not record its offer
    try:
        first = [greedy.act(ruleset, sample, seat)]
    except (ValueError, IndexError, StopIteration):
        first = []
    front, pool = preferred(ruleset, sample, seat, legal)
    out: list[Action] = []
    for a in [*include, *first, *front]:
        if a not in out:
            out.append(a)
    keep = len(out)
    out += [a for a in pool if a not in out]
    if len(out) > MAX_CANDIDATES:
        rest = out[keep:]
        out = out[:keep] + rng.sample(rest, max(0, MAX_CANDIDATES - keep))
    return out[:MAX_CANDIDATES], (first[0] if first else None), greedy._asked


def preferred(ruleset: Any, sample: Any, seat: int, legal: Sequence[Action]) -> tuple[list[Action], list[Action]]:
    """(moves that are candidates before any drawn at random, best first; the moves the
    rest are drawn from): the game's strategy says (``preferred``; Bohnaparte ranks its
    attacks). By default (none, every legal move)."""
    return ruleset.strategy.preferred(ruleset, sample, seat, legal, GreedyBot)


def _paired(a: Line, b: Line) -> tuple[float, float, int]:
    """(mean, standard error, count) of a's win chance minus b's over the rounds both played."""
    shared = [r for r in a.results if r in b.results]
    n = len(shared)
    if n == 0:
        return 0.0, float("inf"), 0
    d = [a.results[r] - b.results[r] for r in shared]
    m = sum(d) / n
    if n < 2:
        return m, float("inf"), n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n), n


def hopeless(line: Line, anchor: Line) -> bool:
    """Whether ``line`` has no chance left of replacing the greedy move (``anchor``): over at
    least PRUNE_ROUNDS shared tables its win chance is not above the anchor's by even
    PRUNE_SIGMAS standard errors of the paired difference (a move that scores exactly as the
    anchor on every table, such as planting into one of two empty fields rather than the
    other, is among them: it could never beat the anchor by MARGIN)."""
    m, se, n = _paired(line, anchor)
    return n >= PRUNE_ROUNDS and m + PRUNE_SIGMAS * se < MARGIN


def cuts(moves: int, budget: int) -> list[int]:
    """The rounds after which the worse half of the candidates drops out (successive
    halving): ``budget`` rollouts shared equally by the stages that take ``moves``
    candidates down to two, and the final two.

    >>> cuts(12, 96), cuts(4, 60), cuts(2, 60)
    ([2, 6, 14], [7], [])
    """
    stages = max(1, math.ceil(math.log2(max(1, moves))))
    out, r, alive = [], 0, moves
    while alive > 2:
        r += max(MIN_ROUNDS, (budget // stages) // alive)
        out.append(r)
        alive = (alive + 1) // 2
    return out


def search(ruleset: Any, state: Any, seat: int, iterations: Optional[int] = ITERATIONS,
           seconds: Optional[float] = None, seed: int = 0, rng: Optional[random.Random] = None,
           include: Sequence[Action] = (), horizon_turns: Optional[int] = HORIZON_TURNS,
           asked: Optional[set] = None) -> SearchResult:
    """Search ``seat``'s decision on ``state`` (which it reads only through determinizations
    and its own legal actions). ``include``: moves that must be among the candidates and
    stay in the race (a review compares the move played). ``iterations`` counts rollouts."""
    check_budget(iterations, seconds)
    rng = rng or random.Random(seed)
    t0 = time.perf_counter()
    first = determinize(ruleset, state, seat, rng)
    moves, prior, memory = candidates(ruleset, state, seat, first, rng, include, asked)
    lines = [Line(a) for a in moves]
    if len(lines) == 1 and not include:
        return SearchResult(seat, lines, 0, time.perf_counter() - t0, prior=prior, memory=memory)
    kept = {id(ln) for ln in lines if ln.action == prior or ln.action in include}
    anchor = next((ln for ln in lines if ln.action == prior), None)
    stop = horizon_end(state, seat, horizon_turns)
    alive = list(lines)
    done = 0
    rnd = 0
    plan = cuts(len(lines), iterations if iterations is not None else ITERATIONS)
    out_of_budget = False
    while not out_of_budget:
        if seconds is not None and rnd > 0 and time.perf_counter() - t0 >= seconds:
            break
        sample = first if rnd == 0 else determinize(ruleset, state, seat, rng)
        seeds = [rng.getrandbits(32) for _ in range(state.n)]
        for line in alive:
            if iterations is not None and done >= iterations:
                out_of_budget = True
                break
            bots = [GreedyBot(sd) for sd in seeds]  # the same rollout players for every move
            try:
                end = rollout(ruleset, sample, bots, horizon_turns, stop, first=line.action)
                win, pts = outcome(ruleset, end, seat)
            except ValueError:
                win, pts = 0.0, estimate(ruleset, sample, seat)  # refused on this sample: a bad move here
            line.visits += 1
            line.wins += win
            line.points += pts
            line.results[rnd] = win
            done += 1
        rnd += 1
        if anchor is not None and rnd >= PRUNE_ROUNDS:
            alive = [ln for ln in alive if id(ln) in kept or not hopeless(ln, anchor)]
            if len(alive) <= 1:
                break  # the greedy move alone is left: the budget goes to harder decisions
        if rnd in plan and len(alive) > 2:
            order = sorted(range(len(alive)), key=lambda i: (-alive[i].win, i))
            top = {id(alive[i]) for i in order[:max(2, (len(alive) + 1) // 2)]}
            alive = [ln for ln in alive if id(ln) in top or id(ln) in kept]
    ranked = [lines[i] for i in sorted(range(len(lines)), key=lambda i: (-lines[i].visits, -lines[i].win, i))]
    # The greedy move is the prior: another move replaces it only if it is clearly better on
    # the same tables (a few dozen noisy rollouts must not make a sensible player random).
    extra: dict = {}
    if anchor is not None:
        margin = ruleset.strategy.choice_margin
        margin = MARGIN if margin is None else margin
        best = max((ln for ln in lines if ln is not anchor and ln.visits), default=None,
                   key=lambda ln: (ln.visits >= MIN_VISITS, _paired(ln, anchor)[0], ln.win))
        chosen = anchor
        if best is not None:
            m, se, n = _paired(best, anchor)
            extra = {"challenger": best.action, "gain": m, "stderr": se, "shared": n}
            if n >= MIN_VISITS and m > margin and m > SIGMAS * se:
                chosen = best
        ranked = [chosen] + [ln for ln in ranked if ln is not chosen]
    return SearchResult(seat, ranked, done, time.perf_counter() - t0, extra, prior, memory)


class StrongBot(GreedyBot):
    """``strong``: searches its own decisions; out of turn it takes the initiative its game's
    strategy gives it (``Strategy.initiative``: the greedy player's offers; in Rabohnzel, whose
    greedy players make none, the base game's)."""

    kind = "strong"

    def __init__(self, seed: int = 0, iterations: Optional[int] = None, seconds: Optional[float] = None):
        """``iterations`` and ``seconds`` both None: the game's default budget
        (the game's strategy's ``search_iterations``, else ITERATIONS rollouts); ``iterations`` None with ``seconds``:
        a time budget only."""
        check_budget(ITERATIONS if iterations is None and seconds is None else iterations, seconds)
        super().__init__(seed)
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.last: Optional[SearchResult] = None

    def reset(self) -> None:
        super().reset()
        self.rng = random.Random(self.seed)

    def interject(self, ruleset, state, seat: int) -> Optional[Action]:
        return ruleset.strategy.initiative(self, ruleset, state, seat)

    def act(self, ruleset, state, seat: int) -> Action:
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = ruleset.strategy.search_budget(ruleset, state, seat) or ITERATIONS
        self.last = res = search(ruleset, state, seat, iterations, self.seconds,
                                 rng=random.Random(self.rng.getrandbits(64)), asked=self._asked)
        if res.best.action == res.prior:  # the greedy move is played: so is its offer memory
            self._asked = res.memory
        return res.best.action
