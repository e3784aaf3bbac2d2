"""Rabohnzel: the standalone Bohnanza variant with a magic phase, bean abilities and potions.

``rules`` holds the ruleset (spec ``rabohnzel.md``, rules R-01…R-71); ``cards`` the beans
and potions; ``actions`` the notation of its own verbs (``docs/notation-rabohnzel.md``).
"""
from .cards import ASSUMED_METERS, POTIONS, RABOHNZEL_BEANS
from .rules import Rabohnzel

from . import bot, scenario, view

# What the bots, the pages and the scenarios need to know about the game, declared on its ruleset.
Rabohnzel.view = view
Rabohnzel.strategy = bot.STRATEGY
Rabohnzel.scenario = scenario

__all__ = ["ASSUMED_METERS", "POTIONS", "RABOHNZEL_BEANS", "Rabohnzel"]
