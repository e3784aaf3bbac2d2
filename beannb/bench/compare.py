"""Side by side in one run (``beannb bench``, base game): beannb's fast path, its public text
API, a ceiling loop and, where it is installed, a reference engine (TextArena's Bohnanza
environment).

* fast: complete 4-player games between random bots (with trading) the way bots and
  simulations play them (:func:`beannb.bench.engine.bench_ruleset`);
* public: the same kind of games replayed through ``Game.play(text)`` as a person or an agent
  drives the engine: the texts are recorded first, so that only the engine is timed;
* ceiling: :func:`ceiling_game`, a minimal loop that plays a simplified Bohnanza turn with no
  validation, no history and no events: what one core does when nothing is checked;
* reference: a recorded game's commands replayed through the reference engine's own step
  (its bare step: no observation is built).

All four are measured in the same process, run for run interleaved (CPU time), so that the
ratios hold even when the machine's speed drifts. The reference is an optional extra for
benchmarking only (``pip install textarena`` from TextArena's sources, whose Bohnanza
environment its releases do not ship yet); where it is missing, one line says so.
"""
from __future__ import annotations

import gc
import random
import statistics
import time
from typing import Any, Callable, Optional, Protocol, Sequence

NAMES = ["Ann", "Bob", "Cid", "Dora"]

# -- the ceiling loop -------------------------------------------------------------------------------
#: The base game's beans for the ceiling loop: (count in the deck, cards needed for 1, 2, 3, 4 coins).
CEILING_BEANS: dict[str, tuple[int, tuple[int, ...]]] = {
    "coffee": (24, (4, 7, 10, 12)), "wax": (22, (4, 7, 9, 11)), "blue": (20, (4, 6, 8, 10)),
    "chili": (18, (3, 6, 8, 9)), "stink": (16, (3, 5, 7, 8)), "green": (14, (3, 5, 6, 7)),
    "soy": (12, (2, 4, 6, 7)), "blackeyed": (10, (2, 4, 5, 6)), "red": (8, (2, 3, 4, 5)),
    "garden": (6, (0, 2, 3, 0)),
}


def _coins(bean: str, n: int) -> int:
    """Coins for harvesting ``n`` beans (the beanometer; 0 marks a step the bean lacks)."""
    needs = CEILING_BEANS[bean][1]
    return sum(1 for need in needs if need and n >= need)


def ceiling_game(seed: int, players: int = 4, fields: int = 2) -> int:
    """One game of a simplified Bohnanza turn, nothing checked: plant the front card (and,
    every other time, the next one), turn up two cards and plant them, draw three; a bean
    that fits no field harvests the larger one. The deck is reshuffled from the discards
    until it runs out the third time. Returns the steps played (each planting, harvest and
    draw one step, as an engine would count its actions)."""
    rng = random.Random(seed)
    deck = [b for b, (n, _) in CEILING_BEANS.items() for _ in range(n)]
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(5)] for _ in range(players)]
    beds: list[list[Any]] = [[None, 0] * fields for _ in range(players)]  # [bean, count, bean, count]
    coins, discard, runs_out, steps, seat = [0] * players, [], 0, 0, 0
    while runs_out < 3:
        hand, bed = hands[seat], beds[seat]
        plant = hand[:1 + (steps & 1)]
        del hand[:len(plant)]
        for _ in range(2):
            if not deck:
                break
            plant.append(deck.pop())
        for bean in plant:
            steps += _ceiling_plant(bean, bed, coins, seat, discard)
        for _ in range(3):
            if not deck:
                runs_out += 1
                deck, discard = discard, []
                rng.shuffle(deck)
                if runs_out == 3 or not deck:
                    break
            hand.append(deck.pop())
        steps += 1
        seat = (seat + 1) % players
    return steps


def _ceiling_plant(bean: str, bed: list, coins: list, seat: int, discard: list) -> int:
    """Plant ``bean`` on ``bed`` (harvesting the fuller field first if no field fits it):
    the steps it took."""
    for i in range(0, len(bed), 2):
        if bed[i] == bean or bed[i] is None:
            bed[i], bed[i + 1] = bean, bed[i + 1] + 1
            return 1
    i = max(range(0, len(bed), 2), key=lambda k: bed[k + 1])
    paid = _coins(bed[i], bed[i + 1])
    coins[seat] += paid
    discard.extend([bed[i]] * (bed[i + 1] - paid))
    bed[i], bed[i + 1] = bean, 1
    return 2


def ceiling_run(games: int, r: int) -> tuple[float, float]:
    """(games per CPU second, CPU microseconds per step) of ``games`` ceiling games."""
    steps = 0
    t0 = time.process_time()
    for g in range(games):
        steps += ceiling_game(10_000 * r + g)
    dt = max(time.process_time() - t0, 1e-9)
    return games / dt, dt / max(steps, 1) * 1e6


# -- the public text API -------------------------------------------------------------------------------
def record_texts(seed: int, game: str = "bohnanza") -> list[str]:
    """The actions of one game between random bots (with trading), as texts."""
    from ..bots import make_bot, play_out
    from ..games import get_ruleset

    rs = get_ruleset(game)
    texts: list[str] = []
    bots = [make_bot("random", 100 * seed + i) for i in range(len(NAMES))]
    play_out(rs, rs.setup(NAMES, seed, rs.check_options({})), bots,
             on_step=lambda _state, action, _new, _events: texts.append(str(action)))
    return texts


def public_run(recorded: Sequence[tuple[int, list[str]]], game: str = "bohnanza") -> tuple[float, float]:
    """(games per CPU second, CPU microseconds per step) of replaying the recorded games
    (seed, texts) through ``Game.play(text)``, each on a new game of that seed."""
    from ..games import new_game

    steps = sum(len(t) for _, t in recorded)
    t0 = time.process_time()
    for seed, texts in recorded:
        g = new_game(game, players=NAMES, seed=seed)
        play = g.play
        for text in texts:
            play(text)
    dt = max(time.process_time() - t0, 1e-9)
    return len(recorded) / dt, dt / max(steps, 1) * 1e6


# -- the reference engine ------------------------------------------------------------------------------
class Reference(Protocol):
    """An engine to compare with: ``record(seed)`` plays one game with its own random player
    and returns its commands, ``replay(seed, commands)`` plays them again (what is timed)."""

    name: str

    def record(self, seed: int) -> list[str]: ...

    def replay(self, seed: int, commands: list[str]) -> None: ...


def reference_run(ref: Reference, recorded: Sequence[tuple[int, list[str]]]) -> tuple[float, float]:
    """(games per CPU second, CPU microseconds per step) of replaying ``ref``'s recorded games."""
    steps = sum(len(c) for _, c in recorded)
    t0 = time.process_time()
    for seed, commands in recorded:
        ref.replay(seed, commands)
    dt = max(time.process_time() - t0, 1e-9)
    return len(recorded) / dt, dt / max(steps, 1) * 1e6


def load_reference() -> tuple[Optional[Reference], str]:
    """TextArena's Bohnanza environment if it can be imported, else (None, why not)."""
    try:
        import textarena  # noqa: F401
    except ImportError:
        return None, "textarena is not installed (pip install textarena, from its sources for its Bohnanza environment)"
    try:
        from .textarena_ref import TextArenaBohnanza
        return TextArenaBohnanza(), ""
    except (ImportError, AttributeError) as exc:
        version = getattr(textarena, "__version__", "?")
        return None, f"the installed textarena {version} has no Bohnanza environment we can drive ({exc})"


# -- side by side ------------------------------------------------------------------------------------
def compare(games: int, runs: int, reference: Optional[Reference] = None,
            fast: Optional[Callable[[int], tuple[float, float]]] = None,
            quiet: Optional[Callable[[int], tuple[float, float]]] = None) -> dict[str, tuple[float, float]]:
    """Median (games per CPU second, microseconds per step) of each engine, ``runs`` rounds of
    ``games`` games each, interleaved. ``fast(r)`` measures beannb's fast path in round ``r``,
    ``quiet(r)`` the same without trading (what the ceiling loop plays)."""
    recorded = [(s, record_texts(s)) for s in range(1, games + 1)]
    ref_games = [(s, reference.record(s)) for s in range(1, games + 1)] if reference is not None else []
    # What the process holds so far (the reference's imports, the runs before) is kept out of
    # the garbage collector's way, so that no engine pays for what another one loaded.
    gc.collect()
    gc.freeze()
    figures: dict[str, list[tuple[float, float]]] = {"fast": [], "quiet": [], "public": [], "ceiling": [],
                                                     "reference": []}
    try:
        for r in range(runs):
            if fast is not None:
                figures["fast"].append(fast(r))
            if quiet is not None:
                figures["quiet"].append(quiet(r))
            figures["public"].append(public_run(recorded))
            figures["ceiling"].append(ceiling_run(games, r))
            if reference is not None:
                figures["reference"].append(reference_run(reference, ref_games))
    finally:
        gc.unfreeze()
    return {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
            for k, v in figures.items() if v}


def ratio_lines(figures: dict[str, tuple[float, float]], reference_name: str = "reference") -> list[str]:
    """The comparison as lines: each engine's figures, then the ratios that can be formed."""
    labels = {"fast": "beannb fast path (bots, simulations)", "quiet": "beannb fast path, without trading",
              "public": "beannb public text API (Game.play(text))",
              "ceiling": "ceiling loop (simplified turn, nothing checked)", "reference": reference_name}
    lines = [f"  {'':<48}{'games/s':>10}{'us/step':>10}"]
    for key, label in labels.items():
        if key in figures:
            rate, us = figures[key]
            lines.append(f"  {label:<48}{rate:>10.1f}{us:>10.1f}")

    def ratio(what: str, a: str, b: str, i: int) -> None:
        if a in figures and b in figures and figures[b][i] > 0:
            lines.append(f"  {what:<58}{figures[a][i] / figures[b][i]:>8.2f}x")

    lines.append("  ratios:")
    ratio("fast path / reference, games per second", "fast", "reference", 0)
    ratio("ceiling / fast path, games per second", "ceiling", "fast", 0)
    ratio("ceiling / fast path without trading, games per second", "ceiling", "quiet", 0)
    ratio("fast path / ceiling, time per step", "fast", "ceiling", 1)
    ratio("public text API / reference's bare step, time per step", "public", "reference", 1)
    ratio("public text API / fast path, time per step", "public", "fast", 1)
    return lines


def print_comparison(games: int, runs: int, fast: Optional[Callable[[int], tuple[float, float]]] = None,
                     reference: Any = "load", quiet: Optional[Callable[[int], tuple[float, float]]] = None) -> None:
    """Measure and print the side-by-side figures (base game, 4 players)."""
    why = ""
    if reference == "load":
        reference, why = load_reference()
    print(f"side by side, base game, 4 players, {games} games x {runs} runs interleaved, median, CPU time:")
    if reference is None:
        print(f"  reference engine: not measured: {why or 'none given'}")
    figures = compare(games, runs, reference, fast, quiet)
    for line in ratio_lines(figures, getattr(reference, "name", "reference")):
        print(line)
    print("  (public: recorded random-bot games with trading replayed by text; the reference replays its own\n"
          "  random player's commands through its step, without building observations; its player does not trade,\n"
          "  so its games are shorter: per step is the fairer comparison)"
          if reference is not None else
          "  (public: recorded random-bot games with trading replayed by text)")
