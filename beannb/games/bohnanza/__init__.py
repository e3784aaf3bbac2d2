"""Base Bohnanza (spec ``bohnanza.md``, rules B-01…B-57), with its edition profiles.

The modules every game has: ``cards`` (the bean table), ``actions`` (verbs and notation),
``state`` (the table's data, and tables built from scenario setups), ``rules`` (the
ruleset), ``text`` (narration, labels), ``bot`` (the greedy strategy) and ``view``
(the table drawn as HTML). The expansions build on these modules.
"""
from .rules import Bohnanza

from . import bot, view

# What the bots and the pages need to know about the game, declared on its ruleset.
Bohnanza.view = view
Bohnanza.strategy = bot.STRATEGY

__all__ = ["Bohnanza"]
