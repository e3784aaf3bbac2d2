"""Observation -> HTML for any game: each game draws its own table (``games/<game>/view.py``);
these functions pick the game's view from the observation or by name."""
from __future__ import annotations

from typing import Any

from ..games import DEFAULT_GAME, get_ruleset


def view_of(game: str):
    """The drawing object (``TableView``) of a game."""
    return get_ruleset(game or DEFAULT_GAME).view.VIEW


def table_html(obs: dict[str, Any], lang: str = "en", changed=()) -> str:
    """The table as HTML in the observation's game; ``changed`` paths are highlighted."""
    return view_of(obs.get("game", DEFAULT_GAME)).table_html(obs, lang, changed)


def beans_html(beans=None, lang: str = "en", game: str = "bohnanza") -> str:
    """A game's bean cards with counts and beanometers (all of the game's beans by default)."""
    return view_of(game).beans_html(beans, lang)
