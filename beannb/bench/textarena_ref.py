"""TextArena's Bohnanza environment as ``beannb bench``'s reference engine (only called, never
copied; imported only when the bench runs and textarena is installed).

A random player of our own writes the commands the environment reads (``[Plant] 1``,
``[Harvest] 2``, ``[EndTrading]`` ...), looking at its table; it does not trade. The
environment shuffles with Python's ``random`` module, so every game is seeded there first.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from textarena.envs.Bohnanza.env import BohnanzaEnv  # an ImportError: no such environment

#: Steps after which a game that has not ended is left (it never is in practice).
MAX_STEPS = 5000


class TextArenaBohnanza:
    name = "TextArena Bohnanza (bare step)"

    def _new(self, seed: int) -> Any:
        random.seed(seed)
        env = BohnanzaEnv(max_turns=10 * MAX_STEPS, error_allowance=MAX_STEPS)
        env.reset(num_players=4, seed=seed)
        return env

    def record(self, seed: int) -> list[str]:
        env = self._new(seed)
        rng = random.Random(seed)
        commands: list[str] = []
        while not env.state.done and len(commands) < MAX_STEPS:
            command = choose(env, rng)
            commands.append(command)
            env.step(command)
        return commands

    def replay(self, seed: int, commands: list[str]) -> None:
        env = self._new(seed)
        step = env.step
        for command in commands:
            step(command)


def _fit(fields: list, bean: str) -> Optional[int]:
    """The field ``bean`` goes on: one of its kind, else an empty one, else None."""
    for k, f in enumerate(fields):
        if f is not None and f[0] == bean:
            return k
    return next((k for k, f in enumerate(fields) if f is None), None)


def _harvest(fields: list, rng: random.Random) -> str:
    full = [k for k, f in enumerate(fields) if f is not None]
    big = [k for k in full if fields[k][1] > 1]
    return f"[Harvest] {rng.choice(big or full) + 1}"


def choose(env: Any, rng: random.Random) -> str:
    """A random player's next command for the seat the environment waits for."""
    table = env.state.game_state
    seat = env.state.current_player_id
    phase = table["current_phase"]
    me = table["players"][seat]
    fields = me["fields"]
    if phase == "plant":
        if not me["hand"] or getattr(env, "_planted_count", 0) >= 1 and rng.random() < 0.5:
            return "[Pass]"
        k = _fit(fields, me["hand"][0])
        return _harvest(fields, rng) if k is None else f"[Plant] {k + 1}"
    if phase == "draw_trade":
        return "[EndTrading]"
    if phase == "plant_mandatory":
        todo = table["mandatory_plants"][seat]
        if not todo:
            return "[Pass]"
        k = _fit(fields, todo[0])
        return _harvest(fields, rng) if k is None else f"[Plant] {todo[0]} {k + 1}"
    if phase == "draw":
        return "[Draw]"
    return "[Pass]"
