"""What Bohnaparte's rules modules share: its refusal, map positions named for the reader,
a bean card's strength (P-23) and replacing an entry of a state's tuple."""
from __future__ import annotations

from typing import Any, Optional

from ...core.errors import IllegalAction
from ...i18n.messages import Named
from .cards import BEANS
from .text import MESSAGES, POSITIONS


def refuse(rule: str, code: str, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of Bohnaparte's catalogue (or the base game's,
    which it reaches), filled with ``data``."""
    return IllegalAction(rule, MESSAGES.message(code, **data))


def position(label: str) -> Named:
    """A map position, named in the reader's language."""
    return Named(POSITIONS, label)


def strength(bean: Optional[str]) -> int:
    """The printed number of a bean card (P-23); no card at all is 0 (Q-14)."""
    return BEANS[bean].count if bean else 0


def put(tup: tuple, i: int, value) -> tuple:
    """``tup`` with entry ``i`` replaced (states are never changed in place)."""
    lst = list(tup)
    lst[i] = value
    return tuple(lst)
