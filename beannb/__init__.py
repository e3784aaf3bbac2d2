"""beannb — learn Bohnanza and its expansions by playing and stepping through them.

>>> import beannb
>>> g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
>>> len(g.state.deck)
89
"""
from .core.actions import Action
from .core.errors import (
    ActionSyntaxError, BeannbError, IllegalAction, OptionError, SaveFileError, ScenarioError,
)
from .core.game import Game, set_advisor
from .games import available, from_record, get_ruleset, load, new_game
from ._version import __version__


def _hint(game, player=None, **budget):
    from .bots.hint import hint  # the search loads only when a hint is asked for

    return hint(game, player, **budget)


def _review(game, player, **budget):
    from .bots.hint import review

    return review(game, player, **budget)


set_advisor(_hint, _review)


def parse(text, game: str = "bohnanza") -> Action:
    """Read an action in a game's notation: ``parse("Ann magic", "rabohnzel")``."""
    return get_ruleset(game).parse(text)


__all__ = [
    "Action", "ActionSyntaxError", "BeannbError", "Game", "IllegalAction", "OptionError",
    "SaveFileError", "ScenarioError", "available", "from_record", "get_ruleset", "load",
    "new_game", "parse", "__version__",
]
