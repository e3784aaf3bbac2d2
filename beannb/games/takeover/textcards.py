"""The 18 text cards of the takeover expansion (spec ``takeover.md`` §4, §8), each in one place.

:data:`TEXT_CARD_RULES` has a row per card: the rule that states it; for a card played as a
special action of its own (§4), that action's verb, check, effect and the candidates offered
while it is held; for a card played with a normal action (T-13), the verbs it goes with; for a
Pizza or the Chemistry Set, what it does to a harvest's payout or beanometer; for the cards a
takeover is declared with, whether they leave the target no defence. Functions take the
ruleset first (``check(rules, s, seat, a)``, ``apply(rules, t, seat, a, ev)``).

A card played with a normal action is checked and carried out with that action: Mutant Bean
by the play and merge checks (with :func:`mutant_error`), Mighty Field, Variable Field and
Strong Takeover by the takeover's (:mod:`.checks`), the Chemistry Set and the Pizzas by
:func:`harvest_cards_error` and the harvest's payout (``meter`` and ``payout`` here).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Optional

from ...core import rng
from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.events import Event
from ...i18n.messages import Named
from ..bohnanza.rules import act
from .actions import (
    ExtraCard, ExtraHarvest, FinalPlanting, PirateRaid, PlaceJoker, SeedTrade, SevenNewCards, SwapFields, SwapHands,
    THarvest,
)
from .cards import CARDS, JOKER, PIZZAS, SNAP, next_type, overflow_coins, step_bonus
from .decisions import FINAL_HARVESTER, may_special, role_of
from .fields import field_type
from .refusals import attach_gate, owned_field, refuse
from .state import TakeoverRules, TakeoverState

#: Where the legal lists' candidates go: ``checked(action)`` keeps one that is legal
#: (:func:`~beannb.games.takeover.candidates.checker`).
Checked = Callable[[Action], None]


def _seat(t: TakeoverState, name: str) -> int:
    """The seat of a player a legal action names."""
    seat = t.seat_of(name)
    assert seat is not None
    return seat


def special_gate(rules: TakeoverRules, s: TakeoverState, seat: int, card: str) -> Optional[IllegalAction]:
    """Whether ``seat`` may play ``card`` as a special action now (§4: T-14, T-58, T-60; T-12)."""
    role = role_of(s, seat)
    if s.final_started and s.window is None and role != FINAL_HARVESTER:
        return refuse("T-60", "special-final-harvest")
    if not may_special(role):
        return refuse("T-58" if seat == s.active else "T-14", "special-own-decision")
    if card not in s.players[seat].texts:
        return refuse("T-12", "text-card-not-held", card=Named(CARDS, card))
    if s.final_started and role != FINAL_HARVESTER:
        return refuse("T-60", "special-final-harvest")
    return None


def harvest_variants(cls: type[THarvest], s: TakeoverState, seat: int, k: int, chemistry: bool, add: Checked,
                     checked: Checked) -> None:
    """A harvest of field ``k`` to ``add``, and the same with each attachable text card
    (Pizza, Chemistry Set) to ``checked``."""
    p = s.players[seat]
    me = p.name
    add(act(cls, me, (), k + 1))
    for pz in PIZZAS:
        if pz in p.texts:
            checked(cls(me, (pz,), k + 1))
    if chemistry and "chemistry-set" in p.texts:
        for j in range(len(p.fields)):
            if j != k:
                checked(cls(me, (f"chemistry-set@{j + 1}",), k + 1))


def _offer_alone(cls: type[Action]) -> Callable[..., None]:
    """The candidates of a special action that takes no words: the action itself."""
    def offer(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
        checked(cls(s.players[seat].name))
    return offer


# -- Field Swap (T-13, A-9) -------------------------------------------------------------------------
def _check_swap_fields(rules: TakeoverRules, s: TakeoverState, seat: int, a: SwapFields) -> Optional[IllegalAction]:
    err = special_gate(rules, s, seat, "field-swap")
    if err:
        return err
    owner = s.seat_of(a.owner)
    if owner is None:
        return refuse("T-13", "no-such-player", player=a.owner)
    n = len(s.players[owner].fields)
    if not (1 <= a.a <= n and 1 <= a.b <= n) or a.a == a.b:
        return refuse("T-13", "swap-two-fields", player=a.owner, fields=n)
    return None


def _do_swap_fields(rules: TakeoverRules, t: TakeoverState, seat: int, a: SwapFields, ev: list[Event]) -> None:
    rules.use_text(t, seat, "field-swap", ev)
    owner = _seat(t, a.owner)
    q = t.players[owner]
    f, d = list(q.fields), list(q.defense)
    i, j = a.a - 1, a.b - 1
    f[i], f[j] = f[j], f[i]
    d[i], d[j] = d[j], d[i]  # protection moves with its field
    t.set_player(owner, q.replace(fields=tuple(f), defense=tuple(d)))
    ev.append(Event("swap_fields", a.player, {"owner": a.owner, "a": a.a, "b": a.b}, "T-13"))


def _offer_swap_fields(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    me = s.players[seat].name
    for q in s.players:
        for i in range(len(q.fields)):
            for j in range(i + 1, len(q.fields)):
                checked(SwapFields(me, (), q.name, i + 1, j + 1))


# -- Extra Card (T-48) ------------------------------------------------------------------------------
def _check_extra_card(rules: TakeoverRules, s: TakeoverState, seat: int, a: ExtraCard) -> Optional[IllegalAction]:
    err = special_gate(rules, s, seat, "extra-card")
    if err:
        return err
    if not s.discard:
        return refuse("T-48", "discard-empty")
    if len(s.players[seat].hand) > 5:
        return refuse("T-48", "extra-card-hand")
    return None


def _do_extra_card(rules: TakeoverRules, t: TakeoverState, seat: int, a: ExtraCard, ev: list[Event]) -> None:
    rules.use_text(t, seat, "extra-card", ev)
    card = t.discard[-1]
    t.discard = t.discard[:-1]
    p = t.players[seat]
    t.set_player(seat, p.replace(hand=p.hand + (card,)))
    ev.append(Event("extra_card", a.player, {"bean": card}, "T-48"))


# -- Final Planting (T-42) --------------------------------------------------------------------------
def _check_final_planting(rules: TakeoverRules, s: TakeoverState, seat: int,
                          a: FinalPlanting) -> Optional[IllegalAction]:
    err = special_gate(rules, s, seat, "final-planting")
    if err:
        return err
    if role_of(s, seat) != FINAL_HARVESTER or seat in s.harvested_final:
        return refuse("T-42", "final-planting-when")
    return None


def _do_final_planting(rules: TakeoverRules, t: TakeoverState, seat: int, a: FinalPlanting, ev: list[Event]) -> None:
    rules.use_text(t, seat, "final-planting", ev)
    t.planting = t.planting + (seat,)


# -- Hand Swap (T-49) -------------------------------------------------------------------------------
def _check_swap_hands(rules: TakeoverRules, s: TakeoverState, seat: int, a: SwapHands) -> Optional[IllegalAction]:
    err = special_gate(rules, s, seat, "hand-swap")
    if err:
        return err
    other = s.seat_of(a.other)
    if other is None or other == seat:
        return refuse("T-49", "not-another-player", player=a.other)
    if not 1 <= len(s.players[seat].hand) <= 5:
        return refuse("T-49", "hand-swap-hand")
    return None


def _do_swap_hands(rules: TakeoverRules, t: TakeoverState, seat: int, a: SwapHands, ev: list[Event]) -> None:
    rules.use_text(t, seat, "hand-swap", ev)
    other = _seat(t, a.other)
    p, q = t.players[seat], t.players[other]
    t.set_player(seat, p.replace(hand=q.hand))
    t.set_player(other, t.players[other].replace(hand=p.hand))
    ev.append(Event("swap_hands", a.player, {"other": a.other, "gave": len(p.hand), "got": len(q.hand)}, "T-49"))


def _offer_swap_hands(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    me = s.players[seat].name
    for q in s.players:
        if q.name != me:
            checked(SwapHands(me, (), q.name))


# -- Joker Bean (T-51, A-24) ------------------------------------------------------------------------
def _check_joker(rules: TakeoverRules, s: TakeoverState, seat: int, a: PlaceJoker) -> Optional[IllegalAction]:
    p = s.players[seat]
    err = special_gate(rules, s, seat, "joker") or owned_field(p, a.field, "T-51")
    if err:
        return err
    t = field_type(p.fields[a.field - 1])
    if t not in (SNAP, "chili", "blue"):
        return refuse("T-51", "joker-field")
    return None


def _do_joker(rules: TakeoverRules, t: TakeoverState, seat: int, a: PlaceJoker, ev: list[Event]) -> None:
    rules.use_text(t, seat, "joker", ev, to_discard=False)
    p = t.players[seat]
    rules.set_field(t, seat, a.field - 1, p.fields[a.field - 1] + (JOKER,))
    ev.append(Event("joker", a.player, {"field": a.field}, "T-51"))


def _offer_joker(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    p = s.players[seat]
    for k in range(len(p.fields)):
        checked(PlaceJoker(p.name, (), k + 1))


# -- Pirate Raid (T-55, A-28) -----------------------------------------------------------------------
def raid_victims(rules: TakeoverRules, s: TakeoverState, seat: int, k: int) -> list[int]:
    """The seats whose field facing ``seat``'s field ``k`` (0-based) holds a bean of its type."""
    p = s.players[seat]
    t = field_type(p.fields[k])
    out = []
    for other in range(s.n):
        if other == seat:
            continue
        f = s.players[other].fields[rules.corresponding(s, k)]
        if t is not None and field_type(f) == t and t in f:
            out.append(other)
    return out


def _check_pirate_raid(rules: TakeoverRules, s: TakeoverState, seat: int, a: PirateRaid) -> Optional[IllegalAction]:
    p = s.players[seat]
    err = special_gate(rules, s, seat, "pirate-raid") or owned_field(p, a.field, "T-55")
    if err:
        return err
    if not p.fields[a.field - 1]:
        return refuse("T-55", "raid-empty")
    victims = raid_victims(rules, s, seat, a.field - 1)
    if not victims:
        return refuse("T-55", "raid-no-victim")
    if a.victims:
        chosen = [s.seat_of(v) for v in a.victims]
        if s.options.get("pirate_targets") != "subset":
            return refuse("T-55", "raid-no-choice")
        if len(set(chosen)) != len(chosen):
            return refuse("T-55", "raid-once-each")
        if any(c is None or c not in victims for c in chosen):
            return refuse("T-55", "raid-chosen")
    return None


def _do_pirate_raid(rules: TakeoverRules, t: TakeoverState, seat: int, a: PirateRaid, ev: list[Event]) -> None:
    rules.use_text(t, seat, "pirate-raid", ev)
    k = a.field - 1
    victims = raid_victims(rules, t, seat, k)
    if a.victims:
        victims = [_seat(t, v) for v in a.victims]
    bean = field_type(t.players[seat].fields[k])
    assert bean is not None, "a raid has victims, so the raiding field has a type (raid_victims)"
    taken = []
    for v in victims:
        q = t.players[v]
        kk = rules.corresponding(t, k)
        f = list(q.fields[kk])
        idx = len(f) - 1 - f[::-1].index(bean)  # the topmost card of that type, never a Joker
        f.pop(idx)
        rules.set_field(t, v, kk, tuple(f))
        taken.append(q.name)
    p = t.players[seat]
    rules.set_field(t, seat, k, p.fields[k] + (bean,) * len(taken))
    ev.append(Event("pirate_raid", a.player, {"bean": bean, "from": taken, "field": a.field}, "T-55"))


def _offer_pirate_raid(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    p = s.players[seat]
    for k in range(len(p.fields)):
        if p.fields[k]:
            checked(PirateRaid(p.name, (), k + 1))


# -- Seed Trade (T-56) ------------------------------------------------------------------------------
def _check_seed_trade(rules: TakeoverRules, s: TakeoverState, seat: int, a: SeedTrade) -> Optional[IllegalAction]:
    err = special_gate(rules, s, seat, "seed-trade")
    if err:
        return err
    p = s.players[seat]
    if len(set(a.beans)) != 5 or any(p.hand.count(b) < 1 for b in a.beans):
        return refuse("T-56", "seed-trade-five")
    if a.coin not in a.beans:
        return refuse("T-56", "seed-trade-coin")
    if a.redraw and not rules.deck_open(s):
        return refuse("T-41", "no-draws")
    return None


def _do_seed_trade(rules: TakeoverRules, t: TakeoverState, seat: int, a: SeedTrade, ev: list[Event]) -> None:
    rules.use_text(t, seat, "seed-trade", ev)
    p = t.players[seat]
    hand = list(p.hand)
    hand.remove(a.coin)
    coins = p.coins + (a.coin,)
    if a.redraw:
        rest = [b for b in a.beans if b != a.coin]
        for b in rest:
            hand.remove(b)
        t.discard = t.discard + tuple(rest)
    t.set_player(seat, p.replace(hand=tuple(hand), coins=coins))
    at = len(ev)
    drawn: list = []
    if a.redraw:  # five new cards (fewer if the game end stops the draw); the seed_trade event says how many
        drawn = rules.take_cards(t, 5, ev)
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + tuple(drawn)))
    ev.insert(at, Event("seed_trade", a.player, {"coin": a.coin, "redraw": a.redraw, "drawn": len(drawn)}, "T-56"))


def _offer_seed_trade(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    p = s.players[seat]
    me = p.name
    kinds = list(dict.fromkeys(p.hand))
    # Every choice of five types up to 6 types in hand; beyond that the first
    # five (any other choice is still accepted when written out).
    fives = list(combinations(kinds, 5)) if len(kinds) <= 6 else [tuple(kinds[:5])]
    for five in fives:
        for coin in five:
            checked(SeedTrade(me, (), five, coin, False))
            checked(SeedTrade(me, (), five, coin, True))


# -- Seven New Cards (T-47) -------------------------------------------------------------------------
def _check_seven_new_cards(rules: TakeoverRules, s: TakeoverState, seat: int,
                           a: SevenNewCards) -> Optional[IllegalAction]:
    if seat == s.active and "seven-new-cards" in s.players[seat].texts:
        # T-47 holds at every moment, so it is cited before the timing rules (T-58).
        return refuse("T-47", "seven-new-cards-passive")
    err = special_gate(rules, s, seat, "seven-new-cards")
    if err:
        return err
    if not rules.deck_open(s):
        return refuse("T-41", "no-draws")
    return None


def _do_seven_new_cards(rules: TakeoverRules, t: TakeoverState, seat: int, a: SevenNewCards, ev: list[Event]) -> None:
    rules.use_text(t, seat, "seven-new-cards", ev)
    p = t.players[seat]
    t.deck, t.rng = rng.shuffled(t.rng, t.deck + p.hand)
    t.set_player(seat, p.replace(hand=()))
    rules.draw_into_hand(t, seat, 7, ev)


# -- Extra Harvest (T-50) ---------------------------------------------------------------------------
def _check_extra_harvest(rules: TakeoverRules, s: TakeoverState, seat: int, a: ExtraHarvest) -> Optional[IllegalAction]:
    p = s.players[seat]
    err = special_gate(rules, s, seat, "extra-harvest") or owned_field(p, a.field, "T-50")
    if err:
        return err
    if not p.fields[a.field - 1]:
        return refuse("B-32", "field-empty", field=a.field)   # Extra Harvest (T-50) needs beans too
    if a.attached("chemistry-set"):
        return refuse("T-61", "chemistry-extra-harvest")
    return attach_gate(p, a, list(PIZZAS)) or harvest_cards_error(rules, s, seat, a)


def _do_extra_harvest(rules: TakeoverRules, t: TakeoverState, seat: int, a: ExtraHarvest, ev: list[Event]) -> None:
    final_step = role_of(t, seat) == FINAL_HARVESTER
    rules.use_text(t, seat, "extra-harvest", ev)
    rules.harvest_field(t, seat, a.field - 1, a, ev, final=False)
    if final_step and seat not in t.harvested_final:  # harvesting has begun in this step
        t.harvested_final = t.harvested_final + (seat,)


def _offer_extra_harvest(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    p = s.players[seat]
    for k in range(len(p.fields)):
        if p.fields[k]:
            harvest_variants(ExtraHarvest, s, seat, k, False, checked, checked)


# -- Mutant Bean (T-52): played with a) or b) ------------------------------------------------------
def mutant_error(p, ftype: Optional[str], bean: Optional[str]) -> Optional[IllegalAction]:
    """Why ``bean`` may not go onto a field of type ``ftype`` with Mutant Bean (T-52), or None."""
    if "mutant-bean" not in p.texts:
        return refuse("T-52", "mutant-none-held")
    if ftype is None:
        return refuse("T-52", "mutant-empty-field")
    nxt = next_type(ftype)
    if nxt is None or bean != nxt:
        if nxt is None:
            return refuse("T-52", "mutant-last", bean=Named(CARDS, ftype))
        return refuse("T-52", "mutant-next", bean=Named(CARDS, ftype), next=Named(CARDS, nxt))
    return None


# -- Chemistry Set (T-53, T-61) and the Pizzas (T-54): played with a harvest ------------------------
def chemistry_meter(p, a, meter: Optional[str]) -> Optional[str]:
    """The beanometer a harvest with Chemistry Set reads: the other field's type (T-53)."""
    j = a.attach_field("chemistry-set")
    if j and 1 <= j <= len(p.fields) and p.fields[j - 1]:
        return field_type(p.fields[j - 1])
    return meter


def _pizza_overflow(s: TakeoverState, p, meter: str, n: int, coins: int) -> tuple[int, int]:
    """Replaces the payout: 5/6/7 coins past the beanometer's 4-coin step."""
    over = overflow_coins(meter, n, s.ending)
    return (0, coins) if over is None else (over - coins, over)


def _pizza_big_farm(s: TakeoverState, p, meter: str, n: int, coins: int) -> tuple[int, int]:
    """+1/+2/+3 for 12/14/17 cards on all fields."""
    bonus = step_bonus(sum(len(g) for g in p.fields), (12, 14, 17))
    return bonus, coins + bonus


def _pizza_even_fields(s: TakeoverState, p, meter: str, n: int, coins: int) -> tuple[int, int]:
    """+1/+2/+3 for 3/4/5 cards (4/5/6 with two players) on the smallest field."""
    bonus = step_bonus(min(len(g) for g in p.fields), (4, 5, 6) if s.n == 2 else (3, 4, 5))
    return bonus, coins + bonus


_SMALL = frozenset({SNAP, "garden", "red", "black-eyed"})


def _pizza_small_beans(s: TakeoverState, p, meter: str, n: int, coins: int) -> tuple[int, int]:
    """+1/+2/+3 for 7/9/11 small beans on all fields (a Joker as its field's type)."""
    d = sum(1 for g in p.fields for c in g if (field_type(g) if c == JOKER else c) in _SMALL)
    bonus = step_bonus(d, (7, 9, 11))
    return bonus, coins + bonus


def harvest_cards_error(rules: TakeoverRules, s: TakeoverState, seat: int, a) -> Optional[IllegalAction]:
    """Why the Chemistry Set or a Pizza attached to harvest ``a`` may not be (T-53, T-54)."""
    p = s.players[seat]
    if a.attached("chemistry-set"):
        j = a.attach_field("chemistry-set")
        if j is None or not 1 <= j <= len(p.fields) or j == a.field or not p.fields[j - 1]:
            return refuse("T-53", "chemistry-which")
        src = field_type(p.fields[j - 1])
        if src in ("garden", "red"):
            return refuse("T-53", "chemistry-not-bean", bean=Named(CARDS, src))
    plan = rules.harvest_plan(s, seat, a.field - 1, a)
    for card, bonus in plan["pizza"].items():
        if not bonus:
            return refuse("T-54", "pizza-no-bonus", card=Named(CARDS, card))
    return None


# -- the table --------------------------------------------------------------------------------------
#: ``payout(s, p, meter, n, coins)`` -> (the card's bonus, the harvest's coins with it).
Payout = Callable[[TakeoverState, object, str, int, int], tuple[int, int]]


@dataclass(frozen=True)
class TextCard:
    """What one text card does (spec §8). Any card may also be laid face down as a defence (T-25)."""

    #: The rule stating the card.
    rule: str
    #: Played as a special action of its own (§4): its verb, check and effect, and
    #: ``offer(rules, s, seat, checked)``: the candidates while it is held.
    verb: Optional[str] = None
    check: Optional[Callable[..., Optional[IllegalAction]]] = None
    apply: Optional[Callable[..., None]] = None
    offer: Optional[Callable[..., None]] = None
    #: Played with these verbs instead (T-13).
    with_verbs: tuple[str, ...] = ()
    #: With a harvest: ``meter(p, a, meter)``, the beanometer read; ``payout``: its bonus.
    meter: Optional[Callable] = None
    payout: Optional[Payout] = None
    #: Declared with a takeover, it leaves the target no defence (§8 #7, #16, #17).
    no_defence: bool = False


_HARVESTS = ("harvest", "extra-harvest")

#: The 18 text cards, in the order of the card list (§1).
TEXT_CARD_RULES: dict[str, TextCard] = {
    "field-swap": TextCard("T-13", "swap-fields", _check_swap_fields, _do_swap_fields, _offer_swap_fields),
    "chemistry-set": TextCard("T-53", with_verbs=("harvest",), meter=chemistry_meter),
    "extra-card": TextCard("T-48", "extra-card", _check_extra_card, _do_extra_card, _offer_alone(ExtraCard)),
    "final-planting": TextCard("T-42", "final-planting", _check_final_planting, _do_final_planting,
                               _offer_alone(FinalPlanting)),
    "hand-swap": TextCard("T-49", "swap-hands", _check_swap_hands, _do_swap_hands, _offer_swap_hands),
    "joker": TextCard("T-51", "joker", _check_joker, _do_joker, _offer_joker),
    "mighty-field": TextCard("T-44", with_verbs=("takeover",), no_defence=True),
    "mutant-bean": TextCard("T-52", with_verbs=("play", "merge")),
    "pirate-raid": TextCard("T-55", "pirate-raid", _check_pirate_raid, _do_pirate_raid, _offer_pirate_raid),
    "pizza-big-farm": TextCard("T-54", with_verbs=_HARVESTS, payout=_pizza_big_farm),
    "pizza-overflow": TextCard("T-54", with_verbs=_HARVESTS, payout=_pizza_overflow),
    "pizza-even-fields": TextCard("T-54", with_verbs=_HARVESTS, payout=_pizza_even_fields),
    "pizza-small-beans": TextCard("T-54", with_verbs=_HARVESTS, payout=_pizza_small_beans),
    "seed-trade": TextCard("T-56", "seed-trade", _check_seed_trade, _do_seed_trade, _offer_seed_trade),
    "seven-new-cards": TextCard("T-47", "seven-new-cards", _check_seven_new_cards, _do_seven_new_cards,
                                _offer_alone(SevenNewCards)),
    "strong-takeover": TextCard("T-46", with_verbs=("takeover", "overrule"), no_defence=True),
    "variable-field": TextCard("T-45", with_verbs=("takeover",), no_defence=True),
    "extra-harvest": TextCard("T-50", "extra-harvest", _check_extra_harvest, _do_extra_harvest,
                              _offer_extra_harvest),
}

#: The cards played as special actions of their own, in the card list's order: what the legal
#: lists offer while one is held.
SPECIALS: tuple[tuple[str, Callable[..., None]], ...] = tuple(
    (card, entry.offer) for card, entry in TEXT_CARD_RULES.items() if entry.offer is not None)
SPECIAL_CARDS = frozenset(card for card, _ in SPECIALS)

#: The cards a takeover may be declared with (T-44, T-45, T-46).
TAKEOVER_CARDS = tuple(card for card, e in TEXT_CARD_RULES.items() if "takeover" in e.with_verbs)

#: The cards declared with a takeover that leave the target no defence, with their rules.
NO_DEFENCE = {card: e.rule for card, e in TEXT_CARD_RULES.items() if e.no_defence}


def _payout(card: str) -> Payout:
    """A Pizza's bonus (every Pizza has one)."""
    payout = TEXT_CARD_RULES[card].payout
    assert payout is not None, card
    return payout


#: The Pizzas in the order their payouts apply: Overflow replaces the payout, the others add to it.
PAYOUT_ORDER = ("pizza-overflow",) + tuple(c for c in PIZZAS if c != "pizza-overflow")
PAYOUTS = tuple((card, _payout(card)) for card in PAYOUT_ORDER)


def special_candidates(rules: TakeoverRules, s: TakeoverState, seat: int, checked: Checked) -> None:
    """The special actions of the text cards ``seat`` holds, each to ``checked``."""
    held = SPECIAL_CARDS.intersection(s.players[seat].texts)
    if not held:  # only cards played with other actions (Pizza, Mighty Field, ...) or defences
        return
    for card, offer in SPECIALS:
        if card in held:
            offer(rules, s, seat, checked)
