"""The verbs of a turn outside trading: planting (phase 1, the received cards of phase 3, the
duel's offered and revealed cards), harvesting, buying the third field, turning up cards,
drawing, and the duel's discard (B-04…B-13, B-23…B-36, B-53…B-57).

Each verb has a check (``check_<verb>(rules, state, seat, action)``: the refusal, or None) and
an effect (``do_<verb>(rules, state, seat, action, events)``), named by the verb table of
:class:`~beannb.games.bohnanza.rules.Bohnanza`; ``rules`` is the ruleset playing (an
expansion's too, typed by the protocol :class:`~.state.Rules`), so its hooks are called through it."""
from __future__ import annotations

from typing import Optional

from ...core.errors import IllegalAction
from ...core.events import Event
from ...i18n.messages import Message, Named, NamedList
from .actions import Action, BuyField, Discard, Draw, Harvest, Plant, Reveal
from .fields import choose_field, field_error, plant_error, remove_beans, remove_positions
from .refusals import not_your_turn, refuse
from .state import GS, Rules
from .text import MESSAGES


def check_plant(rules: Rules[GS], s: GS, seat: int, a: Plant) -> Optional[IllegalAction]:
    p = s.players[seat]
    same = rules.same_type(s)
    idx = a.field - 1 if a.field else None
    phase = s.phase
    if phase == "plant":
        if seat != s.active:
            return not_your_turn(s, "B-09", MESSAGES.message("turn-plant-hand"))
        if not p.hand:
            return refuse("B-11", "hand-empty-reveal")
        if s.discarded:
            return refuse("B-54", "plant-after-discard")
        if s.planted >= 2:
            return refuse("B-10", "planted-two")
        front = p.hand[0]
        if a.bean and a.bean != front:
            return refuse("B-09" if s.planted == 0 else "B-10", "front-card-only",
                          front=Named(rules.cards, front), bean=Named(rules.cards, a.bean))
        return plant_error(p, front, idx, same, cards=rules.cards, optional=s.planted > 0)
    if phase == "pending":
        if a.bean and a.bean not in p.pending and a.bean in p.hand:
            return hand_plant_error(rules, s, seat, MESSAGES.message("now-phase-3"))
        if not p.pending:
            return refuse("B-24", "no-pending")
        bean = a.bean or p.pending[0]
        if bean not in p.pending:
            return refuse("B-24", "no-pending-bean", bean=Named(rules.cards, bean), pending=NamedList(rules.cards, p.pending))
        return plant_error(p, bean, idx, same, cards=rules.cards)
    if phase == "offers":
        if seat != s.active:
            return not_your_turn(s, "B-53", MESSAGES.message("turn-plant-offered"))
        bean = a.bean or s.offer_zone[0]
        if bean not in s.offer_zone:
            return refuse("B-53", "not-on-offer", bean=Named(rules.cards, bean))
        return plant_error(p, bean, idx, same, cards=rules.cards, optional=True)  # or discard it (B-53)
    if phase == "take":
        if seat != s.active:
            return not_your_turn(s, "B-56", MESSAGES.message("turn-plant-revealed"))
        if not s.faceup:
            return refuse("B-56", "no-revealed-left")
        bean = a.bean or s.faceup[0]
        if bean not in s.faceup:
            return refuse("B-56", "not-face-up", bean=Named(rules.cards, bean))
        return plant_error(p, bean, idx, same, cards=rules.cards, optional=True)  # none is required (B-56)
    if phase == "trade":
        if seat == s.active and s.faceup and (a.bean is None or a.bean in s.faceup):
            return refuse("B-22", "faceup-while-trading")
        if p.pending and (a.bean is None or a.bean in p.pending):
            return refuse("B-20", "pending-while-trading")
        return hand_plant_error(rules, s, seat, MESSAGES.message("now-phase-2"))
    return hand_plant_error(rules, s, seat, MESSAGES.message("now-phase-4"))


def hand_plant_error(rules: Rules[GS], s: GS, seat: int, now: Message) -> IllegalAction:
    """Planting a hand card outside phase 1 (B-10); ``now``, a :class:`Message`, says which
    phase it is ("now-phase-2")."""
    return refuse("B-10", "hand-plant-phase", now=now)


def check_harvest(rules: Rules[GS], s: GS, seat: int, a: Harvest) -> Optional[IllegalAction]:
    if not rules.profile(s).harvest_any_time and seat != s.active:
        return not_your_turn(s, "B-31", MESSAGES.message("turn-harvest-duel"))
    return field_error(s.players[seat], a.field - 1, cards=rules.cards)


def check_buy_field(rules: Rules[GS], s: GS, seat: int, a: BuyField) -> Optional[IllegalAction]:
    prof = rules.profile(s)
    p = s.players[seat]
    if prof.field_price is None:
        return refuse("B-36", "no-field-to-buy", profile=prof.key)
    if len(p.fields) >= 3:
        return refuse("B-34", "fourth-field")
    if len(p.coins) < prof.field_price:
        return refuse("B-33", "field-price", price=prof.field_price, n=len(p.coins))
    return None


def check_reveal(rules: Rules[GS], s: GS, seat: int, a: Action) -> Optional[IllegalAction]:
    if s.phase == "offers":
        return refuse("B-53", "offered-first")
    if s.phase == "take":
        return refuse("B-55", "already-revealed")
    if s.phase != "plant":
        return refuse("B-13", "reveal-once")
    if seat != s.active:
        return not_your_turn(s, "B-13", MESSAGES.message("turn-reveal"))
    p = s.players[seat]
    if p.hand and s.planted == 0:
        return refuse("B-09", "plant-front-first", bean=Named(rules.cards, p.hand[0]))
    return None


def check_draw(rules: Rules[GS], s: GS, seat: int, a: Draw) -> Optional[IllegalAction]:
    if s.phase == "pending":
        waiting = ", ".join(q.name for q in s.players if q.pending)
        return refuse("B-23", "pending-waiting", waiting=waiting)
    if s.phase not in ("draw", "take"):
        return refuse("B-25", "draw-phase-4")
    if seat != s.active:
        return not_your_turn(s, "B-25", MESSAGES.message("turn-draw"))
    return None


def check_discard(rules: Rules[GS], s: GS, seat: int, a: Discard) -> Optional[IllegalAction]:
    prof = rules.profile(s)
    if not prof.duel:
        return refuse("B-24", "no-discard")
    if seat != s.active:
        return not_your_turn(s, "B-54", MESSAGES.message("turn-discard"))
    p = s.players[seat]
    if s.phase == "offers":
        if a.pos is not None:
            return refuse("B-53", "discard-offered-not-hand")
        if a.bean not in s.offer_zone:
            return refuse("B-53", "not-on-offer", bean=Named(rules.cards, a.bean))
        return None
    if s.phase == "plant":
        if s.discarded:
            return refuse("B-54", "one-discard")
        if s.planted == 0 and p.hand:
            return refuse("B-54", "discard-after-plant")
        if a.pos is None or not 1 <= a.pos <= len(p.hand):
            return refuse("B-54", "discard-position", last=len(p.hand), bean=a.bean)
        if p.hand[a.pos - 1] != a.bean:
            return refuse("B-54", "hand-position-holds", pos=a.pos, held=Named(rules.cards, p.hand[a.pos - 1]),
                          bean=Named(rules.cards, a.bean))
        return None
    return refuse("B-54", "no-discard-now")


def do_plant(rules: Rules[GS], t: GS, seat: int, a: Plant, ev: list[Event]) -> None:
    p = t.players[seat].copy()
    phase = t.phase
    if phase == "plant":
        bean = p.hand[0]
        p.hand = p.hand[1:]
        t.planted += 1
        rule = "B-09" if t.planted == 1 else "B-10"
    elif phase == "pending":
        bean = a.bean or p.pending[0]
        p.pending = remove_beans(p.pending, [bean])
        rule = "B-24"
    elif t.phase == "offers":
        bean = a.bean or t.offer_zone[0]
        t.offer_zone = remove_beans(t.offer_zone, [bean])
        rule = "B-53"
    else:  # duel "take"
        bean = a.bean or t.faceup[0]
        t.faceup = remove_beans(t.faceup, [bean])
        rule = "B-56"
    idx = a.field - 1 if a.field else choose_field(p, bean, rules.same_type(t))
    assert idx is not None, "a legal planting has a field to go into (check_plant)"
    fields = list(p.fields)  # p is this action's own copy: its fields are set in place
    fld = fields[idx] = fields[idx] + (bean,)
    p.fields = tuple(fields)
    t.set_player(seat, p)
    ev.append(Event("plant", p.name, {"bean": bean, "field": idx + 1, "size": len(fld)}, rule))
    after_plant(rules, t, ev)


def after_plant(rules: Rules[GS], t: GS, ev: list[Event]) -> None:
    if t.phase == "pending":
        for q in t.players:
            if q.pending:
                return
        rules.pending_done(t, ev)
    elif t.phase == "offers" and not t.offer_zone:
        t.phase = "plant"
        ev.append(Event("phase", t.players[t.active].name, {"phase": "plant"}, "B-54"))


def do_harvest(rules: Rules[GS], t: GS, seat: int, a: Harvest, ev: list[Event]) -> None:
    rules.harvest(t, seat, a.field - 1, ev)


def do_buy_field(rules: Rules[GS], t: GS, seat: int, a: BuyField, ev: list[Event]) -> None:
    prof = rules.profile(t)
    p = t.players[seat]
    price = prof.field_price
    assert price is not None, "a field is bought only in an edition that sells one (check_buy_field)"
    paid = p.coins[len(p.coins) - price:]  # A8: the top coins
    p = p.replace(coins=p.coins[:len(p.coins) - price], fields=p.fields + ((),), bought=True)
    t.set_player(seat, p)
    if prof.paid_to == "box":
        t.removed = t.removed + paid
    else:
        t.discard = t.discard + paid
    ev.append(Event("buy_field", p.name, {"price": price, "to": prof.paid_to}, "B-35" if prof.paid_to == "box" else "B-33"))


def do_reveal(rules: Rules[GS], t: GS, seat: int, a: Reveal, ev: list[Event]) -> None:
    prof = rules.profile(t)
    name = t.players[seat].name
    if not t.players[seat].hand and t.planted == 0:
        ev.append(Event("skip_plant", name, {}, "B-11"))
    cards = rules.take_cards(t, rules.reveal_count(t, seat), ev)
    t.faceup = t.faceup + tuple(cards)
    ev.append(Event("reveal", name, {"beans": cards}, "B-55" if prof.duel else "B-13"))
    if prof.duel:
        taken = []
        while t.discard and t.discard[-1] in t.faceup:
            taken.append(t.discard[-1])
            t.faceup = t.faceup + (t.discard[-1],)
            t.discard = t.discard[:-1]
        if taken:
            ev.append(Event("take_discards", name, {"beans": taken}, "B-55"))
        t.phase = "take"
    else:
        t.phase = "trade"
    ev.append(Event("phase", name, {"phase": t.phase}, None))


def do_discard(rules: Rules[GS], t: GS, seat: int, a: Discard, ev: list[Event]) -> None:
    p = t.players[seat]
    if t.phase == "offers":
        t.offer_zone = remove_beans(t.offer_zone, [a.bean])
        t.discard = t.discard + (a.bean,)
        ev.append(Event("discard", p.name, {"bean": a.bean, "from": "offer"}, "B-53"))
        after_plant(rules, t, ev)
    else:
        assert a.pos is not None, "a legal discard from the hand names its position (check_discard)"
        t.set_player(seat, p.replace(hand=remove_positions(p.hand, [a.pos - 1])))
        t.discard = t.discard + (a.bean,)
        t.discarded = True
        ev.append(Event("discard", p.name, {"bean": a.bean, "from": "hand", "pos": a.pos}, "B-54"))


def do_draw(rules: Rules[GS], t: GS, seat: int, a: Draw, ev: list[Event]) -> None:
    prof = rules.profile(t)
    name = t.players[seat].name
    if t.phase == "take":  # duel step 3 ends: the rest goes to the offer zone (B-56)
        if t.faceup:
            ev.append(Event("to_offer", name, {"beans": list(t.faceup)}, "B-56"))
        t.offer_zone = t.offer_zone + t.faceup
        t.faceup = ()
        if t.ending:
            rules.finish(t, ev, "B-57")
            return
    drawn = rules.take_cards(t, rules.draw_count(t, seat), ev)
    p = t.players[seat]
    t.set_player(seat, p.replace(hand=p.hand + tuple(drawn)))
    ev.append(Event("draw", name, {"count": len(drawn), "beans": drawn}, "B-04"))
    if t.ending:
        rules.finish(t, ev, "B-57" if prof.duel else "B-40")
        return
    rules.next_turn(t, ev)
