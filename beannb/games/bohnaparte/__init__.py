"""Bohnaparte, the Mongol-horde territory expansion: the board graph and the ruleset.

Same modules as every game, plus ``board`` (the networkx map from a validated data file).
"""
from .board import Board, BoardError, attackable_targets, load_board, river_crossings
from .rules import Bohnaparte, BohnaparteState

from . import bot, scenario, view

# What the bots, the pages and the scenarios need to know about the game, declared on its ruleset.
Bohnaparte.view = view
Bohnaparte.strategy = bot.STRATEGY
Bohnaparte.scenario = scenario

__all__ = ["Board", "BoardError", "Bohnaparte", "BohnaparteState", "attackable_targets", "load_board",
           "river_crossings"]
