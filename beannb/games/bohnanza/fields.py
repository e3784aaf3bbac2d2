"""Fields and rows of cards: where a bean may be planted (B-06…B-08, B-12, B-50), which field
may be harvested (B-29…B-34), and taking cards out of a hand or zone (B-05)."""
from __future__ import annotations

from typing import Optional, Sequence

from ...core.errors import IllegalAction
from ...i18n.messages import Named
from .cards import CARDS
from .refusals import refuse
from .state import PlayerState


def field_error(player: PlayerState, idx: int, cards=CARDS) -> Optional[IllegalAction]:
    """Why field ``idx`` (0-based) of ``player`` cannot be harvested, or None (B-29, B-30, B-32)."""
    if idx < 0 or idx >= len(player.fields):
        return refuse("B-34", "field-missing-third" if idx == 2 else "field-missing", field=idx + 1, n=len(player.fields))
    fld = player.fields[idx]
    if not fld:
        return refuse("B-32", "field-empty", field=idx + 1)
    if len(fld) == 1:
        for j, other in enumerate(player.fields):
            if j != idx and len(other) >= 2:
                return refuse("B-29", "harvest-single", field=idx + 1, bean=Named(cards, fld[0]), other=j + 1, n=len(other))
    return None


def plant_fields(player: PlayerState, bean: str, same_type_fields: bool = True) -> list[int]:
    """0-based fields ``bean`` may go into (B-06, B-07, B-08, B-50)."""
    matching: list[int] = []
    empty: list[int] = []
    i = 0
    for f in player.fields:  # one pass (this runs for every planting choice listed)
        if not f:
            empty.append(i)
        elif f[0] == bean:
            matching.append(i)
        i += 1
    if not same_type_fields and matching:
        return matching
    return matching + empty


def plant_error(player: PlayerState, bean: str, idx: Optional[int], same_type_fields: bool, cards=CARDS,
                optional: bool = False) -> Optional[IllegalAction]:
    """Why ``bean`` cannot go into field ``idx`` (0-based; None: any field), or None. With no
    field free, a card that must be planted cites B-12; an ``optional`` planting (the second
    card of phase 1, a duel's offered or revealed card) cites B-07, the planting rule itself."""
    ok = plant_fields(player, bean, same_type_fields)
    if not ok and (not optional or idx is None or not 0 <= idx < len(player.fields)):
        return refuse("B-07" if optional else "B-12", "plant-no-field-buy" if len(player.fields) < 3 else "plant-no-field",
                      bean=Named(cards, bean))
    if idx is None or idx in ok:
        return None
    if idx < 0 or idx >= len(player.fields):
        return refuse("B-07", "plant-field-missing", field=idx + 1)
    fld = player.fields[idx]
    if fld and fld[0] != bean:
        return refuse("B-07", "plant-other-bean", field=idx + 1, other=Named(cards, fld[0]))
    return refuse("B-50", "plant-must-match", bean=Named(cards, bean), field=ok[0] + 1)


def choose_field(player: PlayerState, bean: str, same_type_fields: bool) -> Optional[int]:
    ok = plant_fields(player, bean, same_type_fields)
    return ok[0] if ok else None


def put_in_field(player: PlayerState, idx: int, bean: str) -> PlayerState:
    fields = list(player.fields)
    fields[idx] = fields[idx] + (bean,)
    return player.replace(fields=tuple(fields))


def remove_positions(cards: tuple, positions: Sequence[int]) -> tuple:
    """Remove 0-based positions, keeping the others in order (B-05)."""
    gone = set(positions)
    return tuple(c for i, c in enumerate(cards) if i not in gone)


def remove_beans(cards: tuple, beans: Sequence[str]) -> tuple:
    """Remove one instance of each bean, earliest first."""
    out = list(cards)
    for b in beans:
        out.remove(b)
    return tuple(out)
