"""Rabohnzel's potions (R-13…R-19, R-45…R-66): turning them up (activating), drinking them
(``consume``) and what each one does, the card flow and the enchanted planting they start, the
trade spell's discards, and their turning down at the end of a turn.

As in :mod:`.abilities`, each verb has a check and an effect taking the ruleset first, named
by :attr:`Rabohnzel.VERBS <beannb.games.rabohnzel.rules.Rabohnzel.VERBS>`."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Optional, cast

from ...core import rng
from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza import turn as base_turn
from ..bohnanza.actions import Action, Discard, Plant
from ..bohnanza.fields import plant_error, plant_fields, remove_beans
from ..bohnanza.refusals import not_your_turn
from ..bohnanza.seats import act
from .actions import Activate, Consume, FlowPlant
from .cards import CARDS
from .common import (held_potion, plant_into, refuse, seat_named, set_meta, set_potions, shuffle_potions_back,
                     take_hand_card, turn_potion)
from .state import FRESH, Choice, Potion, RabohnzelState
from .text import MESSAGES, POTION_NAMES
from ...i18n.messages import Named, NamedList

if TYPE_CHECKING:
    from .rules import Rabohnzel

#: Phases in which a potion drinkable "any time" may be drunk (R-19: after the draw only teleport).
ANY_TIME = ("plant", "magic", "trade", "pending", "draw")


def flow_actions(s: RabohnzelState, seat: int, out: list[Action]) -> None:
    p = s.players[seat]
    if s.flow and p.hand:
        out += [act(FlowPlant, p.name, idx + 1) for idx in plant_fields(p, p.hand[0])]


def consume_actions(s: RabohnzelState, seat: int, out: list[Action]) -> None:
    for pot in s.potions[seat]:
        if pot.up:  # only activated potions are drunk
            consume_potion(s, seat, pot.id, out)


def consume_potion(s: RabohnzelState, seat: int, pid: str, out: list[Action]) -> None:
    p = s.players[seat]
    name = p.name
    phase = s.phase
    if pid == "teleport":  # even after the draw
        h = len(p.hand)
        out += [Consume(name, pid, src=i, dst=j) for i in range(1, h + 1) for j in range(1, h + 1) if i != j]
        return
    if phase in ANY_TIME:
        if pid == "beanfield":
            if phase == "pending" and len(p.fields) < 3:
                out += [Consume(name, pid, bean=b) for b in dict.fromkeys(p.pending)]
        elif pid == "enchant-beans":
            if phase == "pending":
                for b in dict.fromkeys(p.pending):
                    out += [Consume(name, pid, bean=b, field=i + 1) for i, f in enumerate(p.fields)
                            if len(f) == 1 and f[0] != b]
        elif pid == "exchange":
            out += [Consume(name, pid, target=s.players[o].name) for o in range(s.n)
                    if o != seat and any(not q.up for q in s.potions[o])]
        elif pid == "trade":
            if phase == "trade" and not s.dealt:
                out.append(Consume(name, pid))
        elif pid == "discard":
            if phase == "trade" and s.discard:
                out.append(Consume(name, pid))
        elif pid in ("flow", "enchant-players", "hand", "luck"):
            out.append(Consume(name, pid))


def check_activate(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Activate) -> Optional[IllegalAction]:
    ch = cast(Choice, s.choice)  # the gate lets ``activate`` through only while its choice waits
    if len(a.potions) > ch.count:
        return refuse(ch.rule or "R-35", "activate-count", n=ch.count)
    for pid in a.potions:
        pot = held_potion(s, seat, pid)
        if pot is None or pot.up:
            return refuse("R-14", "activate-not-down", potion=Named(POTION_NAMES, pid))
        if ch.cards and pid not in ch.cards:
            return refuse(ch.rule or "R-52", "activate-only", potions=NamedList(POTION_NAMES, ch.cards),
                          n=len(ch.cards))
    return None


def check_flow(rules: Rabohnzel, s: RabohnzelState, seat: int, a: FlowPlant) -> Optional[IllegalAction]:
    if seat != s.active:
        return not_your_turn(s, "R-55", MESSAGES.message("turn-flow"))
    if not s.flow:
        return refuse("R-55", "no-flow")
    p = s.players[seat]
    if not p.hand:
        return refuse("R-55", "flow-hand-empty")
    return plant_error(p, p.hand[0], a.field - 1, True, cards=rules.cards)


def check_discard(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Discard) -> Optional[IllegalAction]:
    if s.phase == "pending" and s.trade_spell and seat == s.active:
        if a.pos is not None or a.bean not in s.discardable or a.bean not in s.players[seat].pending:
            if not s.discardable:
                return refuse("R-54", "discard-kept-none")
            return refuse("R-54", "discard-kept-only", beans=NamedList(CARDS, s.discardable))
        return None
    return refuse("R-54" if s.trade_spell else "B-24", "discard-trade-spell")


def check_consume(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Consume) -> Optional[IllegalAction]:
    if seat != s.active:
        return refuse("R-16", "potion-own-turn")
    pot = held_potion(s, seat, a.potion)
    pid = a.potion
    if pot is None:
        return refuse("R-15", "potion-not-held", potion=Named(POTION_NAMES, pid))
    if not pot.up:
        return refuse("R-15", "potion-face-down", potion=Named(POTION_NAMES, pid))
    if s.phase == "end" and pid != "teleport":
        return refuse("R-19", "potion-after-draw")
    p = s.players[seat]
    if pid == "attack":
        return refuse("R-45", "attack-with-ability")
    if pid in ("beanfield", "enchant-beans"):
        rule = "R-48" if pid == "beanfield" else "R-58"
        if s.phase != "pending":
            return refuse(rule, "spell-phase-3")
        bean = cast(str, a.bean)  # these potions name a pending card (the notation asks for it)
        if bean not in p.pending:
            return refuse(rule, "no-pending-bean", bean=Named(CARDS, bean))
        if pid == "beanfield":
            if len(p.fields) >= 3:
                return refuse("R-50", "three-fields")
            return None
        idx = cast(int, a.field) - 1  # and enchant-beans a field
        if not 0 <= idx < len(p.fields) or len(p.fields[idx]) != 1 or p.fields[idx][0] == bean:
            return refuse("R-58", "enchant-field")
        return None
    if pid == "exchange":
        tgt = s.seat_of(a.target) if a.target is not None else None
        if tgt is None or tgt == seat:
            return refuse("R-51", "not-co-player", player=a.target)
        if not any(not q.up for q in s.potions[tgt]):
            return refuse("R-51", "no-face-down-potion", player=a.target)
        return None
    if pid == "trade":
        if s.phase != "trade":
            return refuse("R-53", "trade-phase-2")
        if s.dealt:
            return refuse("R-53", "deal-made")
        return None
    if pid == "discard":
        if s.phase != "trade":
            return refuse("R-57", "discard-spell-phase-2")
        if not s.discard:
            return refuse("R-57", "discard-pile-empty")
        return None
    if pid == "teleport":
        h = len(p.hand)
        src, dst = cast(int, a.src), cast(int, a.dst)  # teleport names two positions (the notation asks for them)
        if not (1 <= src <= h and 1 <= dst <= h) or src == dst:
            return refuse("R-62", "teleport-positions", last=h)
        return None
    return None


def trim_discardable(t: RabohnzelState) -> None:
    if t.discardable:
        left = list(t.players[t.active].pending)
        keep = []
        for b in t.discardable:
            if b in left:
                left.remove(b)
                keep.append(b)
        t.discardable = tuple(keep)


def do_discard(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Discard, ev: list[Event]) -> None:
    p = t.players[seat]
    t.set_player(seat, p.replace(pending=remove_beans(p.pending, [a.bean])))
    t.discardable = remove_beans(t.discardable, [a.bean])
    t.discard = t.discard + (a.bean,)
    ev.append(Event("trade_discard", p.name, {"bean": a.bean}, "R-54"))
    base_turn.after_plant(rules, t, ev)


def offer_activation(t: RabohnzelState, seat: int, k: int, ev: list[Event], rule: str) -> None:
    downs = sum(1 for q in t.potions[seat] if not q.up)
    if downs < k:
        ev.append(Event("activation_lost", t.players[seat].name, {"lost": k - downs}, rule))
    if downs:
        t.choice = Choice("activate", seat, -1, (), min(k, downs), rule=rule)


def do_activate(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Activate, ev: list[Event]) -> None:
    t.choice = None
    for pid in a.potions:
        turn_potion(t, seat, pid, True)
    ev.append(Event("activate", t.players[seat].name, {"potions": list(a.potions), "off_turn": seat != t.active},
                    "R-43" if seat != t.active else "R-14"))


def do_flow(rules: Rabohnzel, t: RabohnzelState, seat: int, a: FlowPlant, ev: list[Event]) -> None:
    card = take_hand_card(t, seat, 0)
    plant_into(t, seat, a.field - 1, card)
    ev.append(Event("plant", t.players[seat].name,
                    {"bean": card, "field": a.field, "size": len(t.players[seat].fields[a.field - 1])}, "R-55"))


def enchant_plant(t: RabohnzelState, seat: int, a: Plant, ev: list[Event]) -> None:
    ch = t.choice
    assert ch is not None, "planting while the enchant choice waits (R-61)"
    p = t.players[seat]
    idx = a.field - 1 if a.field else plant_fields(p, p.hand[0])[0]
    card = take_hand_card(t, seat, 0)
    plant_into(t, seat, idx, card)
    ev.append(Event("plant", p.name, {"bean": card, "field": idx + 1, "size": len(t.players[seat].fields[idx])}, "R-61"))
    next_enchanted(t, ch.other, ch.queue)


def next_enchanted(t: RabohnzelState, caster: int, queue: tuple) -> None:
    t.choice = Choice("enchant", queue[0], caster, queue=queue[1:], rule="R-61") if queue else None


# drinking a potion (R-45…R-66)
def do_consume(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    turn_potion(t, seat, a.potion, False)  # a drunk potion is face down again
    ev.append(Event("consume", p.name, {"potion": a.potion}, "R-15"))
    DRINK[a.potion](rules, t, seat, a, ev)


def _drink_exchange(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    tgt = seat_named(t, a.target)
    downs = [q for q in t.potions[tgt] if not q.up]
    j, t.rng = rng.below(t.rng, len(downs))
    got = downs[j]
    mine = held_potion(t, seat, "exchange")
    assert mine is not None, "the exchange spell is held while it is drunk"
    set_potions(t, tgt, [q for q in t.potions[tgt] if q.id != got.id] + [Potion("exchange", public=True)])
    set_potions(t, seat, [q for q in t.potions[seat] if q.id != "exchange"]
                + [Potion(got.id, lucky=mine.lucky)])
    ev.append(Event("exchange", p.name, {"target": a.target}, "R-51"))
    t.choice = Choice("activate", seat, -1, (got.id,), 1, rule="R-52")


def _drink_trade(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    card = None if t.ending else rules.take_top(t, ev)
    if card is not None:
        t.faceup = t.faceup + (card,)
        t.trade_extra = t.trade_extra + (card,)
    t.trade_spell = True
    ev.append(Event("trade_reveal", p.name, {"beans": [card] if card else []}, "R-53"))


def _drink_discard(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    card = t.discard[-1]
    t.discard = t.discard[:-1]
    t.faceup = t.faceup + (card,)
    ev.append(Event("discard_take", p.name, {"bean": card}, "R-57"))


def _drink_beanfield(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    bean = a.bean
    assert bean is not None, "beanfield names the pending card"
    t.set_player(seat, p.replace(pending=remove_beans(p.pending, [bean]), fields=p.fields + ((bean,),)))
    rules._set_meta_all(t, seat, t.fmeta[seat] + (FRESH,))
    ev.append(Event("beanfield", p.name, {"bean": bean}, "R-48"))
    trim_discardable(t)
    base_turn.after_plant(rules, t, ev)


def _drink_enchant_beans(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    bean, field = a.bean, a.field
    assert bean is not None and field is not None, "enchant-beans names the pending card and the field"
    idx = field - 1
    old = p.fields[idx][0]
    fields = list(p.fields)
    fields[idx] = (bean, old)
    t.set_player(seat, p.replace(pending=remove_beans(p.pending, [bean]), fields=tuple(fields)))
    m = t.fmeta[seat][idx]
    set_meta(t, seat, idx, (m[0], m[1], 1))
    ev.append(Event("enchant_beans", p.name, {"bean": bean, "old": old, "field": field}, "R-59"))
    trim_discardable(t)
    base_turn.after_plant(rules, t, ev)


def _drink_enchant_players(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    queue = tuple(q for q in ((seat + k) % t.n for k in range(1, t.n)) if t.players[q].hand)
    if p.hand:
        queue += (seat,)
    ev.append(Event("enchant_players", p.name, {}, "R-61"))
    next_enchanted(t, seat, queue)


def _drink_teleport(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    hand = list(p.hand)
    src, dst = a.src, a.dst
    assert src is not None and dst is not None, "teleport names two positions"
    card = hand.pop(src - 1)
    hand.insert(dst - 1, card)
    t.set_player(seat, p.replace(hand=tuple(hand)))
    lapsed = [o for o in t.offers if o.proposer == seat and any(c.zone == "hand" for c in o.give)]
    for o in lapsed:
        ev.append(Event("lapse", p.name, {"id": o.id}, "R-62"))
    t.offers = tuple(o for o in t.offers if o not in lapsed)
    ev.append(Event("teleport", p.name, {"src": src, "dst": dst, "reorders_hand": True}, "R-62"))


def _switch_on(flag: str, kind: str, rule: str) -> Callable[..., None]:
    """A potion that switches ``flag`` of the turn on and says so (event ``kind``)."""
    def drink(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
        setattr(t, flag, True)
        ev.append(Event(kind, t.players[seat].name, {}, rule))
    return drink


def _drink_luck(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Consume, ev: list[Event]) -> None:
    p = t.players[seat]
    if not t.potion_deck:
        ev.append(Event("luck_nothing", p.name, {}, "R-66"))
        return
    top = t.potion_deck[0]
    t.potion_deck = t.potion_deck[1:]
    set_potions(t, seat, t.potions[seat] + (Potion(top, up=True, public=True, lucky=True),))
    ev.append(Event("luck", p.name, {"potion": top}, "R-64"))


#: What each potion does when drunk (R-51 .. R-66), by potion.
DRINK: dict[str, Callable[["Rabohnzel", RabohnzelState, int, Consume, list[Event]], None]] = {
    "exchange": _drink_exchange,
    "trade": _drink_trade,
    "flow": _switch_on("flow", "flow_start", "R-55"),  # the card flow runs
    "discard": _drink_discard,
    "beanfield": _drink_beanfield,
    "enchant-beans": _drink_enchant_beans,
    "enchant-players": _drink_enchant_players,
    "teleport": _drink_teleport,
    "hand": _switch_on("hand_bonus", "hand_spell", "R-63"),  # four cards drawn at the turn's end
    "luck": _drink_luck,
}


def end_of_turn_potions(t: RabohnzelState, seat: int, ev: list[Event]) -> None:
    keep, back, down = [], [], []
    for q in t.potions[seat]:
        if q.lucky:
            back.append(q.id)
        elif q.up:
            keep.append(replace(q, up=False))
            down.append(q.id)
        else:
            keep.append(q)
    if back or down:
        set_potions(t, seat, keep)
    if down:
        ev.append(Event("potions_down", t.players[seat].name, {"potions": down}, "R-17"))
    shuffle_potions_back(t, back, ev, "R-64")
