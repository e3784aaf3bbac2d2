"""Rabohnzel's magic phase and its beans' abilities (R-09…R-47): beginning the phase, using a
field's ability (thief, sword, mean, white, mage), playing a mage bean from the hand, and what
follows (placing a stolen or drawn card, the sword attack's coins and counter-attacks, the mean
reveal).

Each verb has a check (``check_<verb>(rules, state, seat, action)``) and an effect
(``do_<verb>(rules, state, seat, action, events)``), named by :attr:`Rabohnzel.VERBS
<beannb.games.rabohnzel.rules.Rabohnzel.VERBS>`; ``rules`` is the ruleset playing."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, cast

from ...core import rng
from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza import turn as base_turn
from ..bohnanza.actions import Action
from ..bohnanza.fields import plant_error
from ..bohnanza.refusals import not_your_turn
from ..bohnanza.seats import act
from .actions import Counter, Magic, PlayMage, Place, Resolve, Use
from .cards import ABILITY_BEANS, CARD_COUNT, CARDS
from .common import (USE_LOST, held_potion, plant_into, refuse, seat_named, set_meta, take_hand_card, threshold_count,
                     to_hand, turn_potion)
from .potions import offer_activation
from .state import Choice, RabohnzelState
from .text import MESSAGES
from ...i18n.messages import Named, NamedList

if TYPE_CHECKING:
    from .rules import Rabohnzel


def magic_actions(s: RabohnzelState, seat: int, out: list[Action]) -> None:
    players = s.players
    p = players[seat]
    name = p.name
    n = len(players)
    metas = s.fmeta[seat]
    for idx, f in enumerate(p.fields):
        if not f or metas[idx][0]:  # once per instance and magic phase
            continue
        bean = f[0]
        field = idx + 1
        if bean == "thief":
            for k in range(1, n):
                o = players[(seat + k) % n]
                if o.hand:
                    out.append(act(Use, name, field, o.name))
        elif bean == "sword":
            spell_up = attack_up(s, seat)
            for k in range(1, n):
                o = players[(seat + k) % n]
                if o.coins:
                    out.append(act(Use, name, field, o.name))
                    if spell_up:
                        out.append(act(Use, name, field, o.name, True))
        elif bean == "mean":
            if threshold_count(s, seat, idx) >= 4:
                out.append(act(Use, name, field))
            if attack_up(s, seat):
                out.append(act(Use, name, field, None, True))
        elif bean == "white" or bean == "mage":
            out.append(act(Use, name, field))
    for i, b in enumerate(p.hand, 1):
        if b == "mage":
            out.append(act(PlayMage, name, i))


def attack_up(s: RabohnzelState, seat: int) -> bool:
    """Whether ``seat`` holds the attack spell activated (R-45)."""
    for q in s.potions[seat]:
        if q.id == "attack" and q.up:
            return True
    return False


def active_magic(s: RabohnzelState, seat: int, code: str, what: str) -> Optional[IllegalAction]:
    """Refused unless it is ``seat``'s magic phase: message ``code`` outside it, the base game's
    "only the active player may ``what``" (a "turn-..." message) in another player's turn."""
    if seat != s.active:
        return not_your_turn(s, "R-10", MESSAGES.message(what))
    if s.phase != "magic":
        return refuse("R-10", code)
    return None


# the magic phase (R-09…R-12, R-20) and the fields' abilities (R-26…R-35)
def check_magic(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Magic) -> Optional[IllegalAction]:
    if s.phase != "plant":
        return refuse("R-09", "magic-once")
    if seat != s.active:
        return not_your_turn(s, "R-09", MESSAGES.message("turn-magic-start"))
    return base_turn.check_reveal(rules, s, seat, a)  # B-09: the front card must be planted first


def check_use(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Use) -> Optional[IllegalAction]:
    err = active_magic(s, seat, "magic-only-use", "turn-use-ability")
    if err:
        return err
    p = s.players[seat]
    idx = a.field - 1
    if not 0 <= idx < len(p.fields) or not p.fields[idx]:
        if 0 <= idx < len(p.fields) and s.fmeta[seat][idx] == USE_LOST:
            return refuse("R-24", "ability-harvested", field=a.field)
        return refuse("R-20", "field-no-beans", field=a.field)
    bean = p.fields[idx][0]
    if bean not in ABILITY_BEANS:
        return refuse("R-26", "no-ability", bean=Named(CARDS, bean))
    if a.ability is not None and a.ability != bean:
        return other_ability(s, seat, a.field, bean, a.ability)
    if s.fmeta[seat][idx][0]:
        return refuse("R-20", "ability-used", field=a.field)
    if a.attack:
        if bean not in ("mean", "sword"):
            return refuse("R-45", "attack-mean-sword")
        pot = held_potion(s, seat, "attack")
        if pot is None or not pot.up:
            return refuse("R-15", "attack-not-up")
    if bean in ("thief", "sword"):
        if not a.target:
            return refuse("R-27" if bean == "thief" else "R-36", "name-target")
        target = s.seat_of(a.target)
        if target is None or target == seat:
            return refuse("R-27" if bean == "thief" else "R-36", "not-co-player", player=a.target)
        if bean == "thief" and not s.players[target].hand:
            return refuse("R-27", "nothing-to-steal", player=a.target)
        if bean == "sword" and not s.players[target].coins:
            return refuse("R-36", "no-coins-to-attack", player=a.target)
    elif a.target:
        rule = {"mean": "R-31", "white": "R-33", "mage": "R-35"}[bean]
        return refuse(rule, "ability-no-target", bean=Named(CARDS, bean))
    if bean == "mean":
        need = 1 if a.attack else 4
        have = threshold_count(s, seat, idx)
        if have < need:
            code = "mean-too-few" if s.options["magic_added_cards_count"] else "mean-too-few-new"
            return refuse("R-30", code, need=need, field=a.field, have=have)
    return None


#: The rule of each bean's ability: what a field of that type does.
ABILITY_RULES = {"thief": "R-27", "sword": "R-36", "mean": "R-30", "white": "R-33", "mage": "R-35"}


def other_ability(s: RabohnzelState, seat: int, field: int, bean: str, named: str) -> IllegalAction:
    """``use N as X`` where field N uses another bean's ability: a field uses the ability of its
    type (the rule of that ability), an enchanted field that of its new type (R-59)."""
    rule = "R-59" if s.fmeta[seat][field - 1][2] else ABILITY_RULES[bean]
    return refuse(rule, "ability-not-as", field=field, bean=Named(CARDS, bean), named=Named(CARDS, named))


def check_play_mage(rules: Rabohnzel, s: RabohnzelState, seat: int, a: PlayMage) -> Optional[IllegalAction]:
    err = active_magic(s, seat, "magic-only-mage", "turn-play-mage")
    if err:
        return err
    p = s.players[seat]
    if not 1 <= a.pos <= len(p.hand) or p.hand[a.pos - 1] != "mage":
        held = [str(i + 1) for i, b in enumerate(p.hand) if b == "mage"]
        if held:
            return refuse("R-11", "no-mage-at-held", pos=a.pos, positions=", ".join(held), n=len(held))
        return refuse("R-11", "no-mage-at", pos=a.pos)
    return None


def check_place(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Place) -> Optional[IllegalAction]:
    if a.field is None:
        return None
    return plant_error(s.players[seat], s.players[seat].hand[-1], a.field - 1, True, cards=rules.cards)


def check_resolve(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Resolve) -> Optional[IllegalAction]:
    ch = cast(Choice, s.choice)  # the gate lets ``resolve`` through only while its choice waits
    if a.bean not in ch.cards:
        return refuse("R-46", "coins-drawn", beans=NamedList(CARDS, ch.cards))
    return None


def check_counter(rules: Rabohnzel, s: RabohnzelState, seat: int, a: Counter) -> Optional[IllegalAction]:
    return None


def do_magic(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Magic, ev: list[Event]) -> None:
    p = t.players[seat]
    if not p.hand and t.planted == 0:
        ev.append(Event("skip_plant", p.name, {}, "B-11"))
    # every instance may act once in this magic phase; R-25: counts as of now.
    rules._set_meta_all(t, seat, [(False, len(f), m[2]) for f, m in zip(p.fields, t.fmeta[seat])])
    t.phase = "magic"
    ev.append(Event("phase", p.name, {"phase": "magic"}, "R-09"))


def do_use(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Use, ev: list[Event]) -> None:
    p = t.players[seat]
    idx = a.field - 1
    bean = p.fields[idx][0]
    count = threshold_count(t, seat, idx)
    m = t.fmeta[seat][idx]
    set_meta(t, seat, idx, (True, m[1], m[2]))
    if a.attack:
        turn_potion(t, seat, "attack", False)
        ev.append(Event("consume", p.name, {"potion": "attack"}, "R-45"))
    ev.append(Event("ability", p.name, {"bean": bean, "field": a.field, "target": a.target, "attack": a.attack}, "R-20"))
    card: Optional[str]
    if bean == "thief":
        victim = seat_named(t, a.target)
        card = take_hand_card(t, victim, len(t.players[victim].hand) - 1)
        to_hand(t, seat, card)
        ev.append(Event("steal", p.name, {"victim": a.target, "to_back": 1}, "R-27"))
        t.choice = Choice("place", seat, victim, (card,), rule="R-28")
    elif bean == "sword":
        attack(t, seat, seat_named(t, a.target), 2 if a.attack else 1, ev)
    elif bean == "mean":
        mean_reveal(t, seat, ev)
    elif bean == "white":
        card = rules.take_top(t, ev)
        if card is None:
            ev.append(Event("white_nothing", p.name, {}, "R-33"))
            return
        to_hand(t, seat, card)
        ev.append(Event("white_draw", p.name, {"to_back": 1}, "R-33"))
        if count >= 4:
            t.choice = Choice("place", seat, -1, (card,), rule="R-34")
    else:  # mage
        offer_activation(t, seat, 2 if count >= 4 else 1, ev, "R-35")


def do_play_mage(rules: Rabohnzel, t: RabohnzelState, seat: int, a: PlayMage, ev: list[Event]) -> None:
    take_hand_card(t, seat, a.pos - 1)
    t.discard = t.discard + ("mage",)
    ev.append(Event("play_mage", t.players[seat].name, {"pos": a.pos}, "R-11"))
    offer_activation(t, seat, 1, ev, "R-12")


def do_place(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Place, ev: list[Event]) -> None:
    ch = t.choice
    assert ch is not None
    t.choice = None
    p = t.players[seat]
    card = p.hand[-1]
    if a.field is None:
        ev.append(Event("keep", p.name, {"public": ch.mark_used, "bean": card if ch.mark_used else None}, ch.rule))
        return
    t.set_player(seat, p.replace(hand=p.hand[:-1]))
    plant_into(t, seat, a.field - 1, card, mark_used=ch.mark_used)
    ev.append(Event("plant", p.name, {"bean": card, "field": a.field, "size": len(t.players[seat].fields[a.field - 1])},
                    ch.rule))


def do_resolve(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Resolve, ev: list[Event]) -> None:
    ch = t.choice
    assert ch is not None
    t.choice = None
    back = list(ch.cards)
    back.remove(a.bean)
    ev.append(Event("resolve", t.players[seat].name, {"bean": a.bean, "back": back[0] if back else None}, "R-46"))
    resolve_coin(t, ch.seat, ch.other, a.bean, ev)


def do_counter(rules: Rabohnzel, t: RabohnzelState, seat: int, a: Counter, ev: list[Event]) -> None:
    ch = t.choice
    assert ch is not None
    t.choice = None
    ev.append(Event("counter", t.players[seat].name, {"target": t.players[ch.other].name}, "R-38"))
    bean = draw_coins(t, seat, ch.other, 1, ev)[0]
    resolve_coin(t, seat, ch.other, bean, ev)


# the sword attack (R-36…R-47) and the mean reveal
def draw_coins(t: RabohnzelState, att: int, dfn: int, k: int, ev: list[Event]) -> list[str]:
    pool = list(t.players[dfn].coins)
    picks = []
    for _ in range(min(k, len(pool))):
        j, t.rng = rng.below(t.rng, len(pool))
        picks.append(pool.pop(j))
    ev.append(Event("coin_draw", t.players[att].name, {"defender": t.players[dfn].name, "beans": picks}, "R-36"))
    return picks


def attack(t: RabohnzelState, att: int, dfn: int, k: int, ev: list[Event]) -> None:
    picks = draw_coins(t, att, dfn, k, ev)
    if len(picks) == 2:
        t.choice = Choice("resolve", att, dfn, tuple(picks), rule="R-46")
        return
    resolve_coin(t, att, dfn, picks[0], ev)


def resolve_coin(t: RabohnzelState, att: int, dfn: int, bean: str, ev: list[Event]) -> None:
    while True:
        A, D = t.players[att], t.players[dfn]
        if bean == "princess":
            coins = list(D.coins)
            del coins[len(coins) - 1 - coins[::-1].index("princess")]
            t.set_player(dfn, D.replace(coins=tuple(coins)))
            t.set_player(att, A.replace(coins=A.coins + ("princess",)))
            ev.append(Event("freed", A.name, {"defender": D.name}, "R-37"))
            return
        if bean == "sword":
            if all(c == "sword" for c in A.coins) and all(c == "sword" for c in D.coins):
                ev.append(Event("loop_guard", D.name, {"attacker": A.name}, "R-38"))
                return
            if not A.coins:
                ev.append(Event("counter_nothing", D.name, {"target": A.name}, "R-39"))
                return
            if t.options["counter_attack"] == "optional":
                t.choice = Choice("counter", dfn, att, rule="R-38")
                return
            ev.append(Event("counter", D.name, {"target": A.name}, "R-38"))
            att, dfn = dfn, att
            bean = draw_coins(t, att, dfn, 1, ev)[0]
            continue
        if bean == "thief":
            if not A.hand:
                ev.append(Event("thief_nothing", D.name, {"victim": A.name}, "R-40"))
                return
            card = take_hand_card(t, att, len(A.hand) - 1)
            to_hand(t, dfn, card)
            ev.append(Event("sword_steal", D.name, {"victim": A.name, "bean": card, "to_back": 1}, "R-40"))
            t.choice = Choice("place", dfn, att, (card,), mark_used=True, rule="R-41")
            return
        if bean == "mage":
            ev.append(Event("mage_result", A.name, {}, "R-42"))
            offer_activation(t, att, 1, ev, "R-42")
            return
        ev.append(Event("no_effect", A.name, {"bean": bean}, "R-44"))
        return


def mean_reveal(t: RabohnzelState, seat: int, ev: list[Event]) -> None:
    shown = []
    for k in range(1, t.n):
        q = (seat + k) % t.n
        coins = t.players[q].coins
        if coins:
            j, t.rng = rng.below(t.rng, len(coins))
            shown.append((q, j, coins[j]))
    best = max((CARD_COUNT[b] for _, _, b in shown), default=0)
    lost = []
    for q, j, b in shown:
        if CARD_COUNT[b] < best:
            p = t.players[q]
            t.set_player(q, p.replace(coins=p.coins[:j] + p.coins[j + 1:]))
            t.discard = t.discard + (b,)
            lost.append(p.name)
    ev.append(Event("mean_reveal", t.players[seat].name,
                    {"shown": {t.players[q].name: b for q, _, b in shown}, "lost": lost}, "R-32"))
