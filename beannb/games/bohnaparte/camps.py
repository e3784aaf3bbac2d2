"""Choosing the camps before the first turn (P-06…P-08): the camp actions listed, their check
and their effect (the start player gets the camp left over)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza.actions import Action
from .actions import ChooseCamp
from .board import sites
from .common import position, put, refuse
from .state import BohnaparteState

if TYPE_CHECKING:
    from .rules import Bohnaparte


def camp_actions(rules: Bohnaparte, s: BohnaparteState, seat: int, out: list[Action]) -> None:
    """P-07, P-08: the seat whose turn it is to choose takes a free camp."""
    if seat == s.camp_queue[0]:
        labels = rules.board(s).labels
        owner = s.owner
        for i in sites(s.terrain).get("camp", ()):
            if owner[i] is None:
                out.append(ChooseCamp(s.players[seat].name, labels[i]))


def check_camp(rules: Bohnaparte, s: BohnaparteState, seat: int, a: ChooseCamp) -> Optional[IllegalAction]:
    if s.phase != "camp":
        return refuse("P-07", "camp-once")
    nxt = s.camp_queue[0]
    if seat != nxt:
        return refuse("P-07", "camp-order", player=s.players[nxt].name)
    i = rules.board(s).resolve(a.pos)
    free = [rules.board(s).labels[k] for k, t in enumerate(s.terrain) if t == "camp" and s.owner[k] is None]
    if i is None or s.terrain[i] != "camp":
        return refuse("P-06", "camp-not-camp", pos=position(a.pos), free=", ".join(free))
    owner = s.owner[i]
    if owner is not None:
        return refuse("P-08", "camp-taken", pos=position(a.pos), owner=s.players[owner].name, free=", ".join(free))
    return None


def do_camp(rules: Bohnaparte, t: BohnaparteState, seat: int, a: ChooseCamp, ev: list[Event]) -> None:
    i = rules.board(t).resolve(a.pos)
    assert i is not None, "the check found the camp on the board"
    take_camp(rules, t, seat, i, ev)
    t.camp_queue = t.camp_queue[1:]
    if not t.camp_queue:  # P-07: the start player gets the camp left over
        last = next(i for i, ter in enumerate(t.terrain) if ter == "camp" and t.owner[i] is None)
        take_camp(rules, t, t.start_seat, last, ev)
        t.phase = "plant"
        ev.append(Event("turn", t.players[t.active].name, {"turn": t.turn}, "P-08"))


def take_camp(rules: Bohnaparte, t: BohnaparteState, seat: int, i: int, ev: list[Event]) -> None:
    t.owner = put(t.owner, i, seat)
    t.seat_colour = put(t.seat_colour, seat, t.colour[i])
    ev.append(Event("camp", t.players[seat].name, {"pos": rules.board(t).labels[i], "colour": t.colour[i]}, "P-07"))
