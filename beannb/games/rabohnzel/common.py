"""What Rabohnzel's rules modules share: its refusal, the marks each field carries through a
magic phase (used, counted, enchanted: R-20…R-25, R-59), the potions a player holds (R-15),
and cards taken from and put into hands and fields."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Optional, Sequence

from ...core import rng
from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza import trade as base_trade
from ..bohnanza.fields import put_in_field
from .state import Potion, RabohnzelState
from .text import MESSAGES

#: The mark of an empty field harvested in its owner's magic phase before its ability acted (R-24).
USE_LOST = (True, 0, 0)


def refuse(rule: str, code: str, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of Rabohnzel's catalogue, filled with ``data``."""
    return IllegalAction(rule, MESSAGES.message(code, **data))


def put(tup: tuple, i: int, value: Any) -> tuple:
    """``tup`` with entry ``i`` replaced (states are never changed in place)."""
    return tup[:i] + (value,) + tup[i + 1:]


def seat_named(t: RabohnzelState, name: Optional[str]) -> int:
    """The seat of the co-player an action names (its check found them: R-27, R-36, R-51)."""
    seat = t.seat_of(name) if name is not None else None
    assert seat is not None, f"no player {name!r}"
    return seat


def set_meta(t: RabohnzelState, seat: int, idx: int, meta: tuple[bool, int, int]) -> None:
    fmeta = t.fmeta
    row = fmeta[seat]
    t.fmeta = fmeta[:seat] + (row[:idx] + (meta,) + row[idx + 1:],) + fmeta[seat + 1:]


def note_plant(t: RabohnzelState, seat: int, idx: int, mark_used: bool = False) -> None:
    """R-22/R-23: a card in an empty field starts a new instance (R-41: maybe already used)."""
    if len(t.players[seat].fields[idx]) == 1:
        set_meta(t, seat, idx, (mark_used, 1, 0))


def threshold_count(s: RabohnzelState, seat: int, idx: int) -> int:
    """R-25: the cards a threshold counts."""
    if s.options["magic_added_cards_count"]:
        return len(s.players[seat].fields[idx])
    return s.fmeta[seat][idx][1]


def set_potions(t: RabohnzelState, seat: int, pots: Iterable[Potion]) -> None:
    t.potions = put(t.potions, seat, tuple(pots))


def held_potion(s: RabohnzelState, seat: int, pid: str) -> Optional[Potion]:
    for p in s.potions[seat]:
        if p.id == pid:
            return p
    return None


def turn_potion(t: RabohnzelState, seat: int, pid: str, up: bool) -> None:
    set_potions(t, seat, [replace(p, up=up, public=p.public or up) if p.id == pid else p
                          for p in t.potions[seat]])


def take_hand_card(t: RabohnzelState, seat: int, pos: int) -> str:
    p = t.players[seat]
    card = p.hand[pos]
    t.set_player(seat, p.replace(hand=p.hand[:pos] + p.hand[pos + 1:]))
    if t.offers:
        base_trade.reconcile_offers(t, {seat: [pos]}, [])
    return card


def to_hand(t: RabohnzelState, seat: int, card: str) -> None:
    p = t.players[seat]
    t.set_player(seat, p.replace(hand=p.hand + (card,)))


def plant_into(t: RabohnzelState, seat: int, idx: int, bean: str, mark_used: bool = False) -> None:
    t.set_player(seat, put_in_field(t.players[seat], idx, bean))
    note_plant(t, seat, idx, mark_used)


def shuffle_potions_back(t: RabohnzelState, ids: Sequence[str], ev: list[Event], rule: str) -> None:
    if ids:
        t.potion_deck, t.rng = rng.shuffled(t.rng, t.potion_deck + tuple(ids))
        ev.append(Event("potions_back", None, {"potions": list(ids)}, rule))
