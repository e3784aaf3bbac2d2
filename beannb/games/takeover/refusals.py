"""How the takeover expansion words a refusal: a rule id and a message of its catalogue, and
the two refusals every action that names a field or attaches a text card shares."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from ...core.errors import IllegalAction
from ...i18n.messages import Named
from .cards import CARDS
from .text import MESSAGES


def refuse(rule: str, code: str, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of the expansion's catalogue, filled with ``data``."""
    return IllegalAction(rule, MESSAGES.message(code, **data))


def owned_field(p, k: int, rule: str) -> Optional[IllegalAction]:
    """``k`` (1-based) must be one of ``p``'s fields (``rule``: the rule of the action naming it)."""
    if not 1 <= k <= len(p.fields):
        return refuse(rule, "no-such-field", field=k, n=len(p.fields))
    return None


def attach_gate(p, a, allowed: Sequence[str]) -> Optional[IllegalAction]:
    """The text cards attached to ``a`` must go with it (T-13), be held, and each once (T-12)."""
    for att in a.attach:
        card = att.split("@")[0]
        if card not in allowed:
            return refuse("T-13", "card-not-with-action", card=Named(CARDS, card))
        if card not in p.texts:
            return refuse("T-12", "text-card-not-held", card=Named(CARDS, card))
    if len({x.split("@")[0] for x in a.attach}) != len(a.attach):
        return refuse("T-12", "text-card-twice")
    return None
