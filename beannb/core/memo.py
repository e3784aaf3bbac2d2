"""Values worked out from their key once and looked up after: the engine's shared tables.

The legal lists, the bots and the expansions ask for the same few values over and over (a
player's ready-made actions, a card reference, a field's strength). A :class:`BoundedTable`
makes each from its key on first need and hands back the same object after. Keys and values
are immutable, so an entry never goes stale; a table that reaches its limit starts afresh
(nothing is lost but the time to make the values again).
"""
from __future__ import annotations

from typing import Any, Callable, Hashable


class BoundedTable(dict):
    """``table[key]`` is ``make(key)``, made on first need and kept (at most ``limit`` keys).

    A hit is a plain dict lookup; only a miss runs Python code (``__missing__``)."""

    __slots__ = ("make", "limit")

    def __init__(self, make: Callable[[Any], Any], limit: int) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: Hashable) -> Any:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value
