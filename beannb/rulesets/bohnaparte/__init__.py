"""Bohnaparte, the Mongol-horde territory expansion: the board graph and the ruleset.

Importing this package registers the ruleset ``bohnaparte``.
"""
from ...core.ruleset import register
from . import text
from .board import Board, BoardError, attackable_targets, load_board, river_crossings
from .rules import Bohnaparte, BohnaparteState

text.install()
register("bohnaparte", Bohnaparte)

from ...render import bohnaparte as _views  # noqa: E402  (installs the map in the table view)
from ...bots import bohnaparte as _greedy_play  # noqa: E402,F401  (registers the greedy strategy)


__all__ = ["Board", "BoardError", "Bohnaparte", "BohnaparteState", "attackable_targets", "load_board",
           "river_crossings"]
