"""Trading (phase 2, B-14…B-22, B-48, B-49): proposals, accepting, declining and withdrawing
them, the open offers following their cards, and ending the trading phase.

As in :mod:`.turn`, each verb has a check and an effect taking the ruleset playing first,
named by the verb table of :class:`~beannb.games.bohnanza.rules.Bohnanza`."""
from __future__ import annotations

from collections import Counter
from typing import Any, Optional, cast

from ...core.errors import IllegalAction
from ...core.events import Event
from ...i18n.messages import Named
from .actions import Accept, CardRef, Decline, EndTrade, Offer, Withdraw
from .fields import remove_beans, remove_positions
from .refusals import not_your_turn, refuse
from .state import GS, GameState, OpenOffer, Rules
from .text import MESSAGES


def trade_gate(rules: Rules[GS], s: GS) -> Optional[IllegalAction]:
    """Why no trading verb is allowed now: the duel has no trading (B-52), the active player
    has ended it (B-21), or it is not phase 2 (B-14); None in phase 2."""
    if not rules.profile(s).trading:
        return refuse("B-52", "duel-no-trading")
    if s.phase in ("pending", "draw"):  # the active player has ended trading (B-21): proposals lapsed
        return refuse("B-21", "trading-ended", active=s.players[s.active].name)
    if s.phase != "trade":
        return refuse("B-14", "deal-phase-2")
    return None


def check_offer(rules: Rules[GS], s: GS, seat: int, a: Offer) -> Optional[IllegalAction]:
    gate = trade_gate(rules, s)
    if gate:
        return gate
    partner = s.seat_of(a.partner)
    if partner is None or partner == seat:
        return refuse("B-14", "partner-not-player", partner=a.partner)
    if s.active not in (seat, partner):
        return refuse("B-14", "deal-needs-active", active=s.players[s.active].name, player=a.player, partner=a.partner)
    if not a.give and not a.get:
        return refuse("B-18", "offer-empty")
    p = s.players[seat]
    positions: set[int] = set()
    up_need: dict[str, int] = {}
    for ref in a.give:
        if ref.zone in ("field", "pending", "coin"):
            return refuse("B-17", "untradeable-" + ref.zone)
        if ref.zone == "up":
            if seat != s.active:
                return refuse("B-16", "faceup-active-only")
            up_need[ref.bean] = up_need.get(ref.bean, 0) + 1
        else:
            pos = cast(int, ref.pos)  # a hand card is named by its position (CardRef.form_problem)
            if not 1 <= pos <= len(p.hand):
                return refuse("B-48", "hand-positions", last=len(p.hand), pos=pos)
            if p.hand[pos - 1] != ref.bean:
                return refuse("B-48", "hand-position-holds", pos=pos, held=Named(rules.cards, p.hand[pos - 1]),
                              bean=Named(rules.cards, ref.bean))
            if pos in positions:
                return refuse("B-48", "position-twice", pos=pos)
            positions.add(pos)
    if up_need:
        faceup = s.faceup
        for bean, k in up_need.items():
            have = faceup.count(bean)
            if have < k:
                return refuse("B-15", "faceup-count", n=have, bean=Named(rules.cards, bean))
    for w in a.get:
        if w.zone in ("field", "pending", "coin"):
            return refuse("B-17", "untradeable-" + w.zone)
        if w.zone == "up" and partner != s.active:
            return refuse("B-16", "partner-no-faceup", partner=a.partner)
    return None


def find_offer(rules: Rules[GS], s: GS, seat: int, a: Decline | Accept, as_partner: bool) -> tuple[Optional[OpenOffer], Optional[IllegalAction]]:
    """The open offer ``a`` names (by its id, or by the other player's name) that ``seat`` made
    or, ``as_partner``, may answer, and None; or None and the refusal (B-19)."""
    gate = trade_gate(rules, s)
    if gate:
        return None, gate
    me = s.players[seat].name
    for o in s.offers:
        mine = o.partner == seat if as_partner else o.proposer == seat
        if not mine:
            continue
        if a.offer is not None and o.id == a.offer:
            return o, None
        other = o.proposer if as_partner else o.partner
        if a.offer is None and s.players[other].name == a.proposer:
            return o, None
    open_ = ", ".join(f"#{o.id}" for o in s.offers if (o.partner if as_partner else o.proposer) == seat)
    shown: Any = open_ or MESSAGES.message("offers-none")
    if a.offer is not None:
        return None, refuse("B-19", "offer-missing-to" if as_partner else "offer-missing-by", offer=a.offer, player=me,
                            open=shown)
    if as_partner:
        return None, refuse("B-19", "offer-missing-from", proposer=a.proposer, player=me, open=shown)
    # "Ann withdraw Bob": the name is the partner of Ann's offer.
    return None, refuse("B-19", "offer-missing-by-to", player=me, partner=a.proposer, open=shown)


def can_give(s: GameState, o: OpenOffer) -> bool:
    """Whether the partner of ``o`` holds what it asks for (B-49): enough hand cards of
    each bean asked for, and the face-up cards asked for still on the table."""
    get = o.get
    if not get:
        return True
    hand = s.players[o.partner].hand
    if len(get) == 1:  # most offers ask for one kind of bean
        w = get[0]
        return (s.faceup if w.zone == "up" else hand).count(w.bean) >= w.count
    need: dict[tuple[bool, str], int] = {}
    for w in get:
        key = (w.zone == "up", w.bean)
        need[key] = need.get(key, 0) + w.count
    for (up, bean), k in need.items():
        if (s.faceup if up else hand).count(bean) < k:
            return False
    return True


def accept_cards(s: GameState, o: OpenOffer, chosen: Optional[tuple[CardRef, ...]]) -> Optional[tuple[list[int], list[str]]]:
    """(0-based hand positions, face-up beans) the partner gives, or None if he cannot
    (:func:`can_give`) or the hand cards ``chosen`` are not what the offer asks for."""
    if not can_give(s, o):
        return None
    p = s.players[o.partner]
    need_hand: dict[str, int] = {}
    up: list[str] = []
    for w in o.get:
        if w.zone == "up":
            up.extend([w.bean] * w.count)
        else:
            need_hand[w.bean] = need_hand.get(w.bean, 0) + w.count
    if chosen:
        pos = [cast(int, c.pos) - 1 for c in chosen]  # hand cards: named by position (check_accept)
        if len(set(pos)) != len(pos) or any(not 0 <= i < len(p.hand) for i in pos):
            return None
        if any(p.hand[i] != c.bean for i, c in zip(pos, chosen)):
            return None
        if Counter(c.bean for c in chosen) != Counter(need_hand):
            return None
        return sorted(pos), up
    pos = []
    if need_hand:
        left = dict(need_hand)
        for i, b in enumerate(p.hand):  # B-49: the earliest matching cards
            if left.get(b, 0) > 0:
                pos.append(i)
                left[b] -= 1
    return pos, up


def check_accept(rules: Rules[GS], s: GS, seat: int, a: Accept) -> Optional[IllegalAction]:
    o, err = find_offer(rules, s, seat, a, as_partner=True)
    if o is None:
        return err
    if a.cards and any(c.zone != "hand" for c in a.cards):
        return refuse("B-49", "accept-name-cards")
    if accept_cards(s, o, a.cards or None) is None:
        want = ", ".join(str(w) for w in o.get)
        return refuse("B-49", "accept-cannot-give-named" if a.cards else "accept-cannot-give", offer=o.id, want=want)
    return None


def check_decline(rules: Rules[GS], s: GS, seat: int, a: Decline) -> Optional[IllegalAction]:
    return find_offer(rules, s, seat, a, as_partner=True)[1]


def check_withdraw(rules: Rules[GS], s: GS, seat: int, a: Withdraw) -> Optional[IllegalAction]:
    return find_offer(rules, s, seat, a, as_partner=False)[1]


def check_end_trade(rules: Rules[GS], s: GS, seat: int, a: EndTrade) -> Optional[IllegalAction]:
    if s.phase != "trade":
        return refuse("B-21", "no-trading-now")
    if seat != s.active:
        return not_your_turn(s, "B-21", MESSAGES.message("turn-end-trade"))
    return None


def do_offer(rules: Rules[GS], t: GS, seat: int, a: Offer, ev: list[Event]) -> None:
    partner = t.seat_of(a.partner)
    assert partner is not None, "a legal offer names a player at the table (check_offer)"
    o = OpenOffer(t.next_offer, seat, partner, a.give, a.get)
    t.offers = t.offers + (o,)
    t.next_offer += 1
    ev.append(Event("offer", a.player, {"id": o.id, "partner": a.partner, "give": [str(c) for c in a.give],
                                        "get": [str(w) for w in a.get]}, "B-48"))


def resolve_offer(rules: Rules[GS], t: GS, seat: int, a: Decline | Accept, as_partner: bool) -> OpenOffer:
    """The offer a legal accept, decline or withdraw names (:func:`find_offer`)."""
    o, err = find_offer(rules, t, seat, a, as_partner)
    assert o is not None, err
    return o


def drop_offer(t: GameState, oid: int) -> None:
    """Close the open offer ``oid``."""
    t.offers = tuple(o for o in t.offers if o.id != oid)


def do_decline(rules: Rules[GS], t: GS, seat: int, a: Decline, ev: list[Event]) -> None:
    o = resolve_offer(rules, t, seat, a, True)
    drop_offer(t, o.id)
    ev.append(Event("decline", a.player, {"id": o.id, "proposer": t.players[o.proposer].name}, "B-19"))


def do_withdraw(rules: Rules[GS], t: GS, seat: int, a: Withdraw, ev: list[Event]) -> None:
    o = resolve_offer(rules, t, seat, a, False)
    drop_offer(t, o.id)
    ev.append(Event("withdraw", a.player, {"id": o.id}, "B-19"))


def do_accept(rules: Rules[GS], t: GS, seat: int, a: Accept, ev: list[Event]) -> None:
    o = resolve_offer(rules, t, seat, a, True)
    given = accept_cards(t, o, a.cards or None)
    assert given is not None, "the partner of a legal accept holds what the offer asks for (check_accept)"
    partner_pos, partner_up = given
    prop, part = t.players[o.proposer], t.players[o.partner]
    prop_pos = [cast(int, c.pos) - 1 for c in o.give if c.zone == "hand"]  # hand cards: by position
    prop_up = [c.bean for c in o.give if c.zone == "up"]
    to_partner = tuple(prop.hand[i] for i in prop_pos) + tuple(prop_up)
    to_proposer = tuple(part.hand[i] for i in partner_pos) + tuple(partner_up)
    if prop_up or partner_up:
        t.faceup = remove_beans(t.faceup, prop_up + partner_up)
    # B-20: received cards become pending, never part of the hand.
    t.set_player(o.proposer, prop.replace(hand=remove_positions(prop.hand, prop_pos),
                                          pending=prop.pending + to_proposer))
    t.set_player(o.partner, part.replace(hand=remove_positions(part.hand, partner_pos),
                                         pending=part.pending + to_partner))
    drop_offer(t, o.id)
    ev.append(Event("deal", a.player, {"id": o.id, "proposer": prop.name, "partner": part.name,
                                       "to_proposer": list(to_proposer), "to_partner": list(to_partner),
                                       "gift": not to_proposer or not to_partner}, "B-20"))
    reconcile_offers(t, {o.proposer: prop_pos, o.partner: partner_pos}, ev)


def reconcile_offers(t: GameState, removed: dict[int, list[int]], ev: list[Event]) -> None:
    """Open offers follow their cards: hand positions shift, and an offer lapses when a
    card it names exactly has left its zone (spec §3, proposals)."""
    keep = []
    up_left = None  # the face-up cards by bean, counted when an offer gives some
    for o in t.offers:
        gone = removed.get(o.proposer)
        lapsed = False
        give = o.give
        if gone:
            moved = []
            for c in give:
                if c.zone == "hand":
                    i = cast(int, c.pos) - 1  # a hand card is named by its position
                    if i in gone:
                        lapsed = True
                        break
                    c = CardRef("hand", c.bean, i + 1 - sum(1 for g in gone if g < i))
                moved.append(c)
            give = tuple(moved)
        if not lapsed:
            ups = [c.bean for c in o.give if c.zone == "up"]
            if ups:
                if up_left is None:
                    up_left = Counter(t.faceup)
                lapsed = bool(Counter(ups) - up_left)
        if lapsed:
            ev.append(Event("lapse", t.players[o.proposer].name, {"id": o.id}, "B-19"))
        else:
            keep.append(o if give is o.give else OpenOffer(o.id, o.proposer, o.partner, give, o.get))
    t.offers = tuple(keep)


def do_end_trade(rules: Rules[GS], t: GS, seat: int, a: EndTrade, ev: list[Event]) -> None:
    for o in t.offers:
        ev.append(Event("lapse", t.players[o.proposer].name, {"id": o.id}, "B-21"))
    t.offers = ()
    p = t.players[seat]
    if t.faceup:
        ev.append(Event("keep_faceup", p.name, {"beans": list(t.faceup)}, "B-22"))
        t.set_player(seat, p.replace(pending=p.pending + t.faceup))
        t.faceup = ()
    t.phase = "pending"
    ev.append(Event("phase", p.name, {"phase": "pending"}, "B-21"))
    if not any(q.pending for q in t.players):
        rules.pending_done(t, ev)
