"""The games and their registry.

Each game is a package here with the same modules (``cards``, ``actions``, ``state``,
``rules``, ``scenario``, ``text``, ``bot``, ``view``). The registry is explicit: :data:`BUILTIN` lists the
built-in games, and a game living outside this repository is found through the package
entry point group ``beannb.games`` (``name = "package.module:RulesetClass"``). Registering
a name twice raises.

>>> available()
['bohnanza', 'bohnaparte', 'rabohnzel', 'takeover']
"""
from __future__ import annotations

from importlib import import_module, metadata
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from ..core.errors import OptionError
from ..core.game import Game, SaveFileError, from_record as _from_record, load as _load
from ..core.ruleset import Ruleset
#: The built-in games, in the order the app lists them: name -> ``"module:RulesetClass"``.
#: A game's package is imported the first time the game is asked for, so a page about one
#: game does not pay (in kernel memory and start-up time) for the other three.
BUILTIN: dict[str, str] = {
    "bohnanza": "beannb.games.bohnanza:Bohnanza",
    "takeover": "beannb.games.takeover:Takeover",
    "rabohnzel": "beannb.games.rabohnzel:Rabohnzel",
    "bohnaparte": "beannb.games.bohnaparte:Bohnaparte",
}

ENTRY_POINT_GROUP = "beannb.games"
#: The game played where none is named (an observation without its game, a page's default).
DEFAULT_GAME = "bohnanza"

#: Each built-in game's card on the landing page: its notebook, its colour, and its name when
#: every language says it alike (None: the landing's message ``landing-name-<game>`` says it).
PAGES: dict[str, dict[str, Any]] = {
    "bohnanza": {"notebook": "01_bohnanza.ipynb", "colour": "#3c8d2f", "title": "Bohnanza"},
    "takeover": {"notebook": "02_takeover.ipynb", "colour": "#b5651d", "title": None},
    "rabohnzel": {"notebook": "03_rabohnzel.ipynb", "colour": "#5b3fa0", "title": "Rabohnzel"},
    "bohnaparte": {"notebook": "04_bohnaparte.ipynb", "colour": "#a23b2a", "title": "Bohnaparte"},
}


def _load_spec(spec: str) -> Any:
    """``"package.module:Name"`` -> the object it names."""
    module, _, attr = spec.partition(":")
    return getattr(import_module(module), attr)


def _check_declared(rs: Ruleset, where: str) -> None:
    """A game is listed only with what the bots and the pages ask of it: its view (the table
    drawn) and its strategy (how the bots play and value it), declared on its ruleset."""
    missing = [what for what in ("view", "strategy") if getattr(rs, what, None) is None]
    if missing:
        raise OptionError(f"the game {rs.name!r} ({where}) declares no {' and no '.join(missing)} on its ruleset")


class Registry:
    """Game name -> ruleset instance. Names are unique: registering one twice raises; a game
    must declare its view and its strategy on its ruleset.

    A game may be registered by name with a loader (:meth:`register_lazy`): its ruleset is
    built the first time :meth:`get` asks for it, and must carry the name it was listed under.
    """

    def __init__(self) -> None:
        self._games: dict[str, Ruleset] = {}
        self._lazy: dict[str, tuple[str, Any]] = {}

    def _check_free(self, name: str, where: str) -> None:
        if name in self._games or name in self._lazy:
            held = type(self._games[name]).__module__ if name in self._games else self._lazy[name][0]
            raise OptionError(f"a game named {name!r} is registered already ({held}); {where} cannot take it")

    def register(self, ruleset: Union[Ruleset, type[Ruleset]]) -> Ruleset:
        rs = ruleset() if isinstance(ruleset, type) else ruleset
        if not isinstance(rs, Ruleset) or not rs.name:
            raise OptionError(f"{ruleset!r} is not a named Ruleset")
        self._check_free(rs.name, type(rs).__module__)
        _check_declared(rs, type(rs).__module__)
        self._games[rs.name] = rs
        return rs

    def register_lazy(self, name: str, where: str, load: Any) -> None:
        """List ``name`` now; ``load()`` returns its ruleset (class or instance) when first needed."""
        self._check_free(name, where)
        self._lazy[name] = (where, load)

    def get(self, name: str) -> Ruleset:
        rs = self._games.get(name) if isinstance(name, str) else None
        if rs is None and isinstance(name, str) and name in self._lazy:
            where, load = self._lazy.pop(name)
            obj = load()
            rs = obj() if isinstance(obj, type) else obj
            if not isinstance(rs, Ruleset) or rs.name != name:
                raise OptionError(f"{where} was listed as the game {name!r} but is {rs!r}")
            _check_declared(rs, where)
            self._games[name] = rs
        if rs is None:
            raise OptionError(f"unknown game {str(name)[:40]!r}; games are {', '.join(self.names())}")
        return rs

    def names(self) -> list[str]:
        return sorted([*self._games, *self._lazy])

    def __contains__(self, name: object) -> bool:
        return name in self._games or name in self._lazy


def _plugins() -> list[Any]:
    try:
        eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:  # pragma: no cover - a broken environment must not stop the built-in games
        return []
    return [ep for ep in eps if ep.name not in BUILTIN]


def _build() -> Registry:
    reg = Registry()
    for name, spec in BUILTIN.items():
        reg.register_lazy(name, spec, lambda spec=spec: _load_spec(spec))
    for ep in _plugins():
        reg.register_lazy(ep.name, ep.value, ep.load)
    return reg


REGISTRY = _build()


def get_ruleset(name: str) -> Ruleset:
    """The ruleset of a game by name (``bohnanza``, ``takeover``, ``rabohnzel``, ``bohnaparte``)."""
    return REGISTRY.get(name)


def available() -> list[str]:
    """Every registered game's name, sorted."""
    return REGISTRY.names()


def listed() -> list[str]:
    """Every registered game in the order the app lists them: the built-in games as
    :data:`BUILTIN` orders them, then any other by name."""
    names = available()
    return [g for g in BUILTIN if g in names] + [g for g in names if g not in BUILTIN]


def new_game(game: str = "bohnanza", players: Sequence[str] = ("Ann", "Bob", "Cid"), seed: int = 0,
             **options: Any) -> Game:
    """Start a game: ``new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1, profile="RIO_GRANDE")``."""
    return Game.new(get_ruleset(game), players, seed, options)


def from_record(rec: Any) -> Game:
    """Rebuild a game from a record (as ``Game.record()`` makes) by replaying its actions."""
    return _from_record(rec, get_ruleset)


def load(path: Union[str, Path]) -> Game:
    """Load a game saved with ``Game.save`` (a versioned JSON record): ``path`` is the file's
    path, or the record itself as a mapping. Anything else, or a file that is not a regular
    file (a pipe, a folder), is refused with ``SaveFileError``."""
    return _load(path, get_ruleset)


__all__ = ["BUILTIN", "DEFAULT_GAME", "PAGES", "Game", "Registry", "REGISTRY", "SaveFileError", "available", "from_record",
           "get_ruleset", "listed", "load", "new_game"]
