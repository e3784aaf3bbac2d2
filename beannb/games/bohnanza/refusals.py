"""Refusals: the base game's way of saying no, citing a rule with a catalogue message (the
expansions use it with their own catalogues)."""
from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import IllegalAction
from ...i18n.messages import Message, Messages
from .state import GameState
from .text import MESSAGES


def refuse(rule: str, code: str, messages: Messages = MESSAGES, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of the game's catalogue, filled with ``data``."""
    return IllegalAction(rule, messages.message(code, **data))


class Title:
    """A game's title (``Ruleset.title``, by language) as message data: shown in the reader's language."""

    __slots__ = ("words",)

    def __init__(self, words: Mapping[str, str]):
        self.words = dict(words)

    def text(self, lang: str = "en") -> str:
        return self.words.get(lang) or self.words["en"]

    def __str__(self) -> str:
        return self.text("en")

    def __reduce__(self):
        return (Title, (self.words,))


def not_your_turn(s: GameState, rule: str, what: Message) -> IllegalAction:
    """Only the active player may do ``what`` now: a "turn-..." :class:`Message` of any game's
    catalogue ("turn-draw": "draw"), which completes "only the active player, Ann, may … now"."""
    return refuse(rule, "not-your-turn", player=s.players[s.active].name, what=what)
