"""Fields of the takeover expansion: a field's type and strength (A-14, T-23), and the quick
tables the legal lists read them from (pure functions, no state)."""
from __future__ import annotations

from typing import Optional, Sequence, cast

from ...core.memo import BoundedTable
from .cards import BEAN_TYPES, HANDICAP, JOKER, next_type


def field_type(f: Sequence[str]) -> Optional[str]:
    """A field's type: its top bean card's type (A-14); a Joker takes the field's type."""
    for c in reversed(f):
        if c != JOKER:
            return c
    return None


def strength(f: Sequence[str], bonus: int = 0) -> tuple[int, int]:
    """Comparable strength: more cards first, then the lower handicap (T-23)."""
    return (len(f) + bonus, -HANDICAP[cast(str, field_type(f))])


def stronger(mine: Sequence[str], theirs: Sequence[str], bonus: int = 0) -> bool:
    """Whether field ``mine`` (with ``bonus`` cards more, Mighty Field T-44) beats ``theirs`` (T-23)."""
    return bool(mine) and bool(theirs) and strength(mine, bonus) > strength(theirs)


#: T-23 strength as one comparable number: cards × CARD − handicap. Handicaps are below
#: CARD, so the numbers order as ``strength`` does, and Mighty Field's extra card (T-44)
#: adds CARD. An empty field's strength is 0 (it never beats one), its guard _UNBEATEN (it
#: is never beaten: an empty field takes no part in a takeover, T-22).
CARD = 64
#: Distinct fields, field types or hands each table keeps.
_LIMIT = 20_000
_UNBEATEN = 1 << 30


def _strength_number(f: tuple) -> int:
    t = field_type(f)
    return len(f) * CARD - HANDICAP[t] if t else 0


#: A field's type (A-14), strength number and guard, looked up (``map``) for every field at
#: every decision: fields are tuples, and only a few dozen different ones occur.
type_of = BoundedTable(field_type, _LIMIT).__getitem__
strength_of = BoundedTable(_strength_number, _LIMIT).__getitem__
guard_of = BoundedTable(lambda f: _strength_number(f) or _UNBEATEN, _LIMIT).__getitem__


def _by_types(types: tuple[Optional[str], ...]) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]], bool]:
    """What a seat's field types say, as (empty, takes, paired): the empty fields (any card
    is played onto them, T-07, and turned up, T-20); for each type on a field, the fields a
    card of it is played onto (the empty ones and those of its type, T-07); whether two
    fields share a type (they merge, T-18)."""
    typed = [t for t in types if t]
    empty = tuple([k for k, t in enumerate(types) if t is None])
    takes = {t: tuple([k for k, u in enumerate(types) if u is None or u == t]) for t in typed}
    return empty, takes, len(set(typed)) < len(typed)


#: ``_by_types`` of field types (a few hundred values occur).
by_types_of = BoundedTable(_by_types, _LIMIT).__getitem__


def _hand_counts(hand: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Each bean in ``hand`` with its count, by first appearance (as ``Counter(hand)``)."""
    return tuple((bean, hand.count(bean)) for bean in dict.fromkeys(hand))


#: ``_hand_counts`` of hands.
counts_of = BoundedTable(_hand_counts, _LIMIT).__getitem__

#: Mutant Bean's next type for each bean type (T-52), looked up in the legal-action loops.
NEXT_TYPE: dict[str, Optional[str]] = {b: next_type(b) for b in BEAN_TYPES}
