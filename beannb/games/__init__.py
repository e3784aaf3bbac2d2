"""The games and their registry.

Each game is a package here with the same modules (``cards``, ``actions``, ``state``,
``rules``, ``text``, ``bot``, ``view``). The registry is explicit: :data:`BUILTIN` lists the
built-in games, and a game living outside this repository is found through the package
entry point group ``beannb.games`` (``name = "package.module:RulesetClass"``). Registering
a name twice raises.

>>> available()
['bohnanza', 'bohnaparte', 'rabohnzel', 'takeover']
"""
from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from ..core.errors import OptionError
from ..core.game import Game, SaveFileError, from_record as _from_record, load as _load
from ..core.ruleset import Ruleset
from .bohnanza import Bohnanza
from .bohnaparte import Bohnaparte
from .rabohnzel import Rabohnzel
from .takeover import Takeover

#: The built-in games, in the order the app lists them.
BUILTIN: tuple[type[Ruleset], ...] = (Bohnanza, Takeover, Rabohnzel, Bohnaparte)

ENTRY_POINT_GROUP = "beannb.games"


class Registry:
    """Game name -> ruleset instance. Names are unique: registering one twice raises."""

    def __init__(self) -> None:
        self._games: dict[str, Ruleset] = {}

    def register(self, ruleset: Union[Ruleset, type[Ruleset]]) -> Ruleset:
        rs = ruleset() if isinstance(ruleset, type) else ruleset
        if not isinstance(rs, Ruleset) or not rs.name:
            raise OptionError(f"{ruleset!r} is not a named Ruleset")
        if rs.name in self._games:
            raise OptionError(f"a game named {rs.name!r} is registered already "
                              f"({type(self._games[rs.name]).__module__})")
        self._games[rs.name] = rs
        return rs

    def get(self, name: str) -> Ruleset:
        rs = self._games.get(name) if isinstance(name, str) else None
        if rs is None:
            raise OptionError(f"unknown game {str(name)[:40]!r}; games are {', '.join(sorted(self._games))}")
        return rs

    def names(self) -> list[str]:
        return sorted(self._games)

    def __contains__(self, name: object) -> bool:
        return name in self._games


def _plugins() -> list[Any]:
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - a broken environment must not stop the built-in games
        return []
    return [ep for ep in eps if ep.name not in {cls.name for cls in BUILTIN}]


def _build() -> Registry:
    reg = Registry()
    for cls in BUILTIN:
        reg.register(cls)
    for ep in _plugins():
        reg.register(ep.load())
    return reg


REGISTRY = _build()


def get_ruleset(name: str) -> Ruleset:
    """The ruleset of a game by name (``bohnanza``, ``takeover``, ``rabohnzel``, ``bohnaparte``)."""
    return REGISTRY.get(name)


def available() -> list[str]:
    return REGISTRY.names()


def new_game(game: str = "bohnanza", players: Sequence[str] = ("Ann", "Bob", "Cid"), seed: int = 0,
             **options: Any) -> Game:
    """Start a game: ``new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1, profile="RIO_GRANDE")``."""
    return Game.new(get_ruleset(game), players, seed, options)


def from_record(rec: Any) -> Game:
    """Rebuild a game from a record (as ``Game.record()`` makes) by replaying its actions."""
    return _from_record(rec, get_ruleset)


def load(path: Union[str, Path]) -> Game:
    """Load a game saved with ``Game.save`` (a versioned JSON record)."""
    return _load(path, get_ruleset)


__all__ = ["BUILTIN", "Game", "Registry", "REGISTRY", "SaveFileError", "available", "from_record", "get_ruleset",
           "load", "new_game"]
