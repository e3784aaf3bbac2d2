"""The hostile-takeover expansion (spec ``takeover.md``, rules T-01…T-61; seed 000).

Same modules as every game: ``cards`` (Snap, text cards, Joker Bean), ``actions`` (its
notation), ``state``, ``rules``, ``scenario``, ``text``, ``bot``, ``view``.
"""
from .rules import Takeover

from . import bot, scenario, view

# What the bots, the pages and the scenarios need to know about the game, declared on its ruleset.
Takeover.view = view
Takeover.strategy = bot.STRATEGY
Takeover.scenario = scenario

__all__ = ["Takeover"]
