"""What a game's strategy provides to the greedy bot (each game's ``bot.STRATEGY``).

A strategy is stateless; the bot passes itself in, with its seeded ``rng`` and a per-game
memory set ``_asked`` (which offers it already made this turn).
"""
from __future__ import annotations

from typing import Any, Optional


class Strategy:
    """Sensible play for one game. ``interject`` is out-of-turn initiative (offers, copies)."""

    def act(self, bot: Any, ruleset: Any, state: Any, seat: int) -> Any:
        raise NotImplementedError

    def interject(self, bot: Any, ruleset: Any, state: Any, seat: int) -> Optional[Any]:
        return None
