"""The greedy bot: a sensible heuristic player, one per game.

The heuristics belong to the games (``beannb.games.<game>.bot.STRATEGY``); this bot keeps
the memory they need (what it asked this turn) and its seeded random choices.
"""
from __future__ import annotations

from typing import Optional

from ..core.actions import Action
from .base import Bot


class GreedyBot(Bot):
    kind = "greedy"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._asked: set = set()

    def reset(self) -> None:
        self._asked = set()

    def act(self, ruleset, state, seat: int) -> Action:
        return ruleset.strategy.act(self, ruleset, state, seat)

    def interject(self, ruleset, state, seat: int) -> Optional[Action]:
        return ruleset.strategy.interject(self, ruleset, state, seat)
