"""Base Bohnanza (spec ``bohnanza.md``, rules B-01…B-57), with its edition profiles.

The modules every game has: ``cards`` (the bean table), ``actions`` (verbs and notation),
``state`` (the table's data), ``rules`` (the ruleset), ``scenario`` (tables built from
scenario setups), ``text`` (narration, labels), ``bot`` (the greedy strategy) and ``view``
(the table drawn as HTML). The expansions build on these modules.
"""
from .rules import Bohnanza

from . import bot, scenario, view

# What the bots, the pages and the scenarios need to know about the game, declared on its ruleset.
Bohnanza.view = view
Bohnanza.strategy = bot.STRATEGY
Bohnanza.scenario = scenario

__all__ = ["Bohnanza"]
