"""Rabohnzel (spec ``rabohnzel.md``, rules R-01…R-71), built on the base game.

Phases (``state.phase``)
    ``plant``   phase 1, planting from the front of the hand
    ``magic``   phase 1.5, abilities of the fields, mage beans from the hand, potions
    ``trade``   phase 2, cards face up, proposals and deals
    ``pending`` phase 3, everyone plants the cards they received
    ``draw``    phase 4, the active player draws
    ``end``     after the draw, only while the active player holds an activated teleport
    ``over``    the game has ended and been scored

Decisions inside a turn (where a stolen card goes, which potions to activate, which of
two drawn coins to resolve, a counter-attack, enchanted planting) are held in
``state.choice``; the game waits for that seat (``to_move``) and meanwhile only harvests
are allowed, by anyone (base rule A9).

The game's modules by topic: ``abilities`` (the magic phase, the beans' abilities and the sword
attack), ``potions`` (activating and drinking them, and what each does) and ``common`` (what
those share); this module holds the ruleset: its options and setup, who decides, the legal
lists, the decisions waited for, the base game's verbs as Rabohnzel changes them, harvesting,
the end of a turn and of the game.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable, Optional, Sequence, cast

from ...core import rng
from ...core.errors import IllegalAction, OptionError
from ...core.events import Event
from ...core.ruleset import Option, Verb
from ..bohnanza.actions import Accept, Action, BuyField, Discard, Draw, EndTrade, Plant, Reveal
from ..bohnanza import trade as base_trade, turn as base_turn
from ..bohnanza.fields import plant_error, plant_fields
from ..bohnanza.profiles import Profile
from ..bohnanza.refusals import not_your_turn
from ..bohnanza.rules import Bohnanza, break_tie
from ..bohnanza.seats import SeatActions, act, add_harvests
from ..bohnanza.state import PlayerState
from . import abilities, potions
from .abilities import magic_actions
from .actions import NOTATION, Activate, Consume, Counter, EndTurn, Magic, Place, Resolve, Skip
from . import text as rtext
from ..bohnanza import text as base_text
from .text import MESSAGES, NARRATION
from .cards import (
    CARDS,
    ABILITY_BEANS, ASSUMED_METERS, ASSUMED_PAYOUTS, BEAN_IDS, POTION_IDS, POTIONS,
    meter_payout, meters_from_option,
)
from .common import USE_LOST, held_potion, note_plant, put as _put, refuse, set_potions, shuffle_potions_back
from .potions import consume_actions, consume_potion, end_of_turn_potions, enchant_plant, flow_actions, trim_discardable
from .state import EMPTY, Choice, Potion, RabohnzelState
from ...i18n.core import GameTitle
from ...i18n.messages import Named


#: The table sizes each profile serves.
_TABLE_SIZES = {3: (3,), 4: (4, 5), 5: (4, 5)}


def _profile(n: int) -> Profile:
    key = "RABOHNZEL-3" if n == 3 else "RABOHNZEL-4-5"
    # two fields, none to buy; R-08: end at the 3rd or 4th exhaustion.
    return Profile(key, _TABLE_SIZES[n], BEAN_IDS, 2, None, "discard", (5,), 2, 3,
                   3 if n == 3 else 4, "HAND_CARDS", True, True, True)


PROFILES = {n: _profile(n) for n in (3, 4, 5)}

#: Verbs that may answer each kind of decision (harvests are always allowed too).
CHOICE_VERBS = {"place": ("place",), "activate": ("activate", "skip"), "resolve": ("resolve",),
                "counter": ("counter", "skip"), "enchant": ("plant", "skip")}
#: The refusal while a decision waits: (the deciding player's own, another player's) message.
CHOICE_TEXT = {"place": ("decide-place-you", "decide-place"), "activate": ("decide-activate-you", "decide-activate"),
               "resolve": ("decide-resolve-you", "decide-resolve"), "counter": ("decide-counter-you", "decide-counter"),
               "enchant": ("decide-enchant-you", "decide-enchant")}
#: Rule cited when a decision verb is used with nothing to decide.
NO_CHOICE_RULE = {"place": "R-34", "activate": "R-14", "resolve": "R-46", "counter": "R-38", "skip": "R-14"}
#: The message refusing such a verb (default: nothing to decide).
NO_CHOICE_TEXT = {"place": "nothing-to-place"}
#: Flow continues through these (R-55); any other action ends it.
FLOW_KEEPS = frozenset(("harvest", "flow", "use", "place", "activate", "resolve", "counter", "skip",
                        "offer", "withdraw", "decline"))


class SeatActs(SeatActions):
    """The base game's ready-made actions of a player, and beginning the magic phase, which
    is offered with the reveal once planting is done (R-09)."""

    __slots__ = ("magic",)

    def __init__(self, name: str):
        super().__init__(name)
        self.magic = act(Magic, name)
        self.end_planting = (self.magic, self.reveal)


class Rabohnzel(Bohnanza[RabohnzelState]):
    name = "rabohnzel"
    LABELS = (rtext.action_label, base_text.action_label)
    DESCRIBERS = (rtext.describe, base_text.describe)
    notation = NOTATION
    cards = CARDS
    narration = NARRATION
    title = GameTitle("rabohnzel")
    rule_prefix = "R"
    STATE = RabohnzelState
    SEAT_ACTIONS = SeatActs
    PHASES = ("plant", "magic", "trade", "pending", "draw", "end", "over")
    #: Cards outside the bean deck that ``card_total`` counts: the 11 potions (R-02).
    EXTRA_CARDS = len(POTIONS)
    #: An enchanted field holds a card of its old type (R-59); check_invariants checks the rest.
    SINGLE_TYPE_FIELDS = False
    OPTIONS = {
        "start_seat": Option(None, "seat of the start player; None: the holder of the highest potion (R-05)"),
        "counter_attack": Option("automatic", "a drawn sword coin makes the defender counter-attack "
                                 "automatically, or lets them decide (R-38, A05)", ("automatic", "optional")),
        "magic_added_cards_count": Option(False, "do cards added to a non-empty field in this magic phase "
                                          "count for thresholds (R-25, A03)", (False, True)),
        "trade_discard": Option("any", "with the trade spell, which kept face-up cards may be discarded "
                                "in phase 3: any, or only the third card (R-54, A12)", ("any", "third_only")),
        "chasm_at_end": Option(True, "does the final sale of 2+ chasm beans draw a potion (R-29, A16)", (True, False)),
        "tie_break": Option("HAND_CARDS", "tie-break after coins and bean pennies (R-68, B-47)",
                            ("HAND_CARDS", "FARTHEST_CLOCKWISE")),
        "beanometers": Option(None, "replace beanometer rows, e.g. {'sword': [4, 6, 8, 10]}; None: the "
                              "ASSUMED table of the spec (A20)"),

        # A study knob (the strategy lab's "what is this potion worth"), not a rule.
        "without": Option(None, "study: leave this potion out of the game (None: every potion)", (None,) + POTION_IDS),
    }

    def configurations(self) -> list[tuple[dict, int]]:
        variant = {"counter_attack": "optional", "magic_added_cards_count": True, "trade_discard": "third_only",
                   "chasm_at_end": False, "tie_break": "FARTHEST_CLOCKWISE"}
        return [({}, 3), ({}, 4), ({}, 5), (variant, 4)]

    # -- options, profile, setup (R-01…R-08) ------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = super().check_options(options)
        try:
            meters_from_option(out["beanometers"])
        except ValueError as exc:
            raise OptionError(f"rabohnzel: {exc}") from None
        st = out["start_seat"]
        if st is not None and (not isinstance(st, int) or isinstance(st, bool)):
            raise OptionError(f"rabohnzel: start_seat must be a seat number or None, not {st!r}", rule="R-05")
        return out

    def profile(self, state: RabohnzelState) -> Profile:
        return PROFILES[len(state.players)]

    def can_trade(self, state: RabohnzelState) -> bool:
        return True  # every Rabohnzel profile trades (PROFILES)

    def may_interject(self, state: RabohnzelState) -> bool:
        # As the base game's (B-13), without asking the profile: asked before every action.
        return state.phase == "trade"

    def check_players(self, players: Sequence[str], options: dict) -> Profile:
        if len(players) not in PROFILES:
            raise OptionError(f"Rabohnzel is played by 3 to 5 players, not {len(players)}", rule="R-03")
        self.check_names(players)
        st = options.get("start_seat")
        if st is not None and not 0 <= st < len(players):
            raise OptionError(f"start_seat must be a seat from 0 to {len(players) - 1}, not {st}", rule="R-05")
        return PROFILES[len(players)]

    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> RabohnzelState:
        options = self.check_options(options)
        self.check_players(players, options)
        n = len(players)
        # one potion each, the rest form the potion deck. The potion shuffle has its own
        # stream so that the bean deal stays that of the seed.
        pots, _ = rng.shuffled(rng.seed_state(seed * 7919 + 104729),
                               tuple(q for q in POTION_IDS if q != options.get("without")))
        dealt = pots[:n]
        best = max(range(n), key=lambda i: POTIONS[dealt[i]].pennies)  # unique highest value
        start = best if options["start_seat"] is None else options["start_seat"]
        s = super().setup(players, seed, dict(options, start_seat=start))
        s.potions = tuple((Potion(dealt[i], public=(i == best)),) for i in range(n))
        s.potion_deck = tuple(pots[n:])
        return s

    def new_state(self, options: dict, players: Sequence[PlayerState], deck: tuple, rng_state: Any,
                  start: int) -> RabohnzelState:
        s = super().new_state(options, players, deck, rng_state, start)
        s.potions = tuple(() for _ in players)
        s.potion_deck = ()
        s.fmeta = tuple(tuple((False, len(f), 0) for f in p.fields) for p in players)
        s.choice = None
        s.flow = s.dealt = s.hand_bonus = s.trade_spell = False
        s.discardable = s.trade_extra = s.potions_aside = ()
        return s

    def state_from_dict(self, d: dict) -> RabohnzelState:
        return RabohnzelState.from_dict(d)

    def form_problem(self, action: Action) -> Optional[str]:
        """Rabohnzel's form rules beyond the field types: ``activate`` names at least one
        potion, each a potion of the game and none twice; ``consume`` names a potion."""
        if isinstance(action, Activate):
            if not action.potions:
                return "activate names the potion(s) to turn up, at least one (or write 'skip' instead)"
            unknown = [p for p in action.potions if p not in POTION_IDS]
            if unknown:
                return f"{unknown[0]!r} is not a potion; potions are {', '.join(POTION_IDS)}"
            if len(set(action.potions)) != len(action.potions):
                return "a potion is named twice"
        if isinstance(action, Consume) and action.potion not in POTION_IDS:
            return f"{action.potion!r} is not a potion; potions are {', '.join(POTION_IDS)}"
        return None

    def payout(self, state: RabohnzelState, bean: str, n: int) -> int:
        """Coins for ``n`` cards of ``bean`` by the beanometers in play (spec §1.1, A20)."""
        custom = state.options.get("beanometers")
        if custom:
            return meter_payout(meters_from_option(custom)[bean], n)
        table = ASSUMED_PAYOUTS[bean]
        return table[n] if 0 <= n < len(table) else meter_payout(ASSUMED_METERS[bean], n)

    # -- who decides ---------------------------------------------------------------------------
    def to_move(self, s: RabohnzelState) -> tuple[int, ...]:
        ch = s.choice
        if ch is not None and s.phase != "over":
            return (ch.seat,)
        return Bohnanza.to_move(self, s)  # the base class named, not super(): cheaper, and asked for every action

    # -- legal actions -------------------------------------------------------------------------
    def legal_for(self, s: RabohnzelState, seat: int, out: list[Action], partners: dict) -> None:
        # Built by construction, like the base game's: the order is the order a UI shows
        # them in, and seeded bots rely on it.
        ch = s.choice
        phase = s.phase
        if ch is not None or phase == "end" or phase == "magic":
            self._own_step_actions(s, seat, ch, out)
            return
        # The base game's lists; planting done, the magic phase is offered with the reveal
        # (R-09, through ``SeatActs.end_planting``).
        Bohnanza.legal_for(self, s, seat, out, partners)
        if seat != s.active:
            return
        if phase == "pending" and s.trade_spell:
            p = s.players[seat]
            for b in dict.fromkeys(s.discardable):
                if b in p.pending:
                    out.append(act(Discard, p.name, b))
        if s.flow:
            flow_actions(s, seat, out)
        for pot in s.potions[seat]:  # as consume_actions, without the call
            if pot.up:  # only activated potions are drunk
                consume_potion(s, seat, pot.id, out)

    def _own_step_actions(self, s: RabohnzelState, seat: int, ch: Optional[Choice], out: list[Action]) -> None:
        """Rabohnzel's own steps: a decision waited for (R-09…R-61), the end of the turn
        after the draw (R-19) and the magic phase (R-10); harvests stay allowed (A9)."""
        if ch is not None:
            if seat == ch.seat:
                self._choice_actions(s, ch, out)
        elif seat == s.active:
            name = s.players[seat].name
            if s.phase == "end":
                consume_actions(s, seat, out)
                out.append(act(EndTurn, name))
            else:
                magic_actions(s, seat, out)
                if s.flow:
                    flow_actions(s, seat, out)
                consume_actions(s, seat, out)
                out.append(SeatActs.TABLE[name].reveal)
        p = s.players[seat]
        add_harvests(out, SeatActs.TABLE[p.name], p.fields)  # B-29, B-32

    # The actions below are listed again at every decision of their step: act() makes each once.
    def _choice_actions(self, s: RabohnzelState, ch: Choice, out: list[Action]) -> None:
        p = s.players[ch.seat]
        name = p.name
        kind = ch.kind
        if kind == "place":
            out.append(act(Place, name, None))
            for idx in plant_fields(p, p.hand[-1]):
                out.append(act(Place, name, idx + 1))
        elif kind == "activate":
            downs = [q.id for q in s.potions[ch.seat] if not q.up and (not ch.cards or q.id in ch.cards)]
            downs.sort(key=POTION_IDS.index)
            for k in range(1, min(ch.count, len(downs)) + 1):
                for combo in combinations(downs, k):
                    out.append(act(Activate, name, combo))
            out.append(act(Skip, name))
        elif kind == "resolve":
            for b in dict.fromkeys(ch.cards):
                out.append(act(Resolve, name, b))
        elif kind == "counter":
            out.append(act(Counter, name))
            out.append(act(Skip, name))
        elif kind == "enchant":
            front = p.hand[0]
            for idx in plant_fields(p, front):
                out.append(act(Plant, name, front, idx + 1))
            if ch.seat == ch.other:
                out.append(act(Skip, name))

    # -- validation ----------------------------------------------------------------------------
    def gate(self, s: RabohnzelState, seat: int, a: Action) -> Optional[IllegalAction]:
        """A decision waiting (R-09 and the choice's own rule) allows only its verbs; after the
        draw (R-19) only potions, harvests and ending the turn."""
        ch = s.choice
        v = a.VERB
        if ch is not None and v != "harvest":
            if seat != ch.seat or v not in CHOICE_VERBS[ch.kind]:
                yours, others = CHOICE_TEXT[ch.kind]
                if seat == ch.seat:  # the refused player himself has to decide first
                    return refuse(ch.rule or "R-09", yours)
                return refuse(ch.rule or "R-09", others, player=s.players[ch.seat].name)
        elif ch is None and v in NO_CHOICE_RULE:
            return refuse(NO_CHOICE_RULE[v], NO_CHOICE_TEXT.get(v, "nothing-to-decide"))
        if s.phase == "end" and v not in ("consume", "end-turn", "harvest"):
            return refuse("R-19", "draw-over")
        return None

    def _check_reveal_rabohnzel(self, s: RabohnzelState, seat: int, a: Reveal) -> Optional[IllegalAction]:
        if s.phase == "magic":
            if seat != s.active:
                return not_your_turn(s, "B-13", MESSAGES.message("turn-reveal"))
            return None
        return base_turn.check_reveal(self, s, seat, a)

    def _check_buy_field_rabohnzel(self, s: RabohnzelState, seat: int, a: BuyField) -> Optional[IllegalAction]:
        return refuse("R-07", "no-field-to-buy")

    def _check_skip(self, s: RabohnzelState, seat: int, a: Skip) -> Optional[IllegalAction]:
        ch = cast(Choice, s.choice)  # the gate lets ``skip`` through only while a choice waits
        if ch.kind == "enchant" and ch.seat != ch.other:
            return refuse("R-61", "enchant-must-plant")
        return None

    def _check_plant_rabohnzel(self, s: RabohnzelState, seat: int, a: Plant) -> Optional[IllegalAction]:
        ch = s.choice
        if ch is not None and ch.kind == "enchant":
            p = s.players[seat]
            if a.bean and a.bean != p.hand[0]:
                return refuse("R-61", "enchant-front", bean=Named(CARDS, p.hand[0]))
            return plant_error(p, p.hand[0], a.field - 1 if a.field else None, True, cards=self.cards)
        if s.phase == "magic":
            return refuse("R-09", "magic-plant")
        return base_turn.check_plant(self, s, seat, a)

    def _check_end_turn(self, s: RabohnzelState, seat: int, a: EndTurn) -> Optional[IllegalAction]:
        if s.phase != "end":
            return refuse("B-25", "end-turn-draw-first")
        if seat != s.active:
            return not_your_turn(s, "R-19", MESSAGES.message("turn-end"))
        return None

    # -- apply --------------------------------------------------------------------------------
    #: A card flow goes on through these (R-55): ``before_do`` has nothing to end.
    BEFORE_DO_SKIPS = FLOW_KEEPS

    def before_do(self, t: RabohnzelState, seat: int, a: Action, ev: list[Event]) -> None:
        if t.flow and a.VERB not in FLOW_KEEPS:
            t.flow = False
            ev.append(Event("flow_end", t.players[t.active].name, {}, "R-55"))

    def _do_reveal_rabohnzel(self, t: RabohnzelState, seat: int, a: Reveal, ev: list[Event]) -> None:
        name = t.players[seat].name
        if t.phase == "plant" and not t.players[seat].hand and t.planted == 0:
            ev.append(Event("skip_plant", name, {}, "B-11"))
        cards = self.take_cards(t, self.profile(t).reveal_n, ev)
        t.faceup = t.faceup + tuple(cards)
        ev.append(Event("reveal", name, {"beans": cards}, "B-13"))
        t.phase = "trade"
        ev.append(Event("phase", name, {"phase": "trade"}, None))

    def _do_plant_rabohnzel(self, t: RabohnzelState, seat: int, a: Plant, ev: list[Event]) -> None:
        ch = t.choice
        if ch is not None and ch.kind == "enchant":
            enchant_plant(t, seat, a, ev)
            return
        n = len(ev)
        base_turn.do_plant(self, t, seat, a, ev)
        for e in ev[n:]:
            if e.kind == "plant":
                note_plant(t, seat, e.data["field"] - 1)
                break
        if t.discardable and seat == t.active:
            trim_discardable(t)

    def _do_accept_rabohnzel(self, t: RabohnzelState, seat: int, a: Accept, ev: list[Event]) -> None:
        base_trade.do_accept(self, t, seat, a, ev)
        t.dealt = True  # every deal involves the active player (B-14)

    def _do_end_trade_rabohnzel(self, t: RabohnzelState, seat: int, a: EndTrade, ev: list[Event]) -> None:
        kept = t.faceup
        if t.trade_spell:
            if t.options["trade_discard"] == "any":
                t.discardable = tuple(kept)
            else:
                left, only = list(kept), []
                for b in t.trade_extra:
                    if b in left:
                        left.remove(b)
                        only.append(b)
                t.discardable = tuple(only)
        base_trade.do_end_trade(self, t, seat, a, ev)

    def _do_skip(self, t: RabohnzelState, seat: int, a: Skip, ev: list[Event]) -> None:
        ch = t.choice
        assert ch is not None
        t.choice = None
        ev.append(Event("skip", t.players[seat].name, {"kind": ch.kind, "rule": ch.rule}, ch.rule or None))

    # harvesting
    def harvest(self, t: RabohnzelState, seat: int, idx: int, ev: list[Event], final: bool = False) -> None:
        p = t.players[seat]
        fields = p.fields
        fld = fields[idx]
        fmeta = t.fmeta
        metas = fmeta[seat]
        e = metas[idx][2]
        bean = fld[0]
        n = len(fld)
        # the enchanted cards (right after the first) never become coins.
        coins = self.payout(t, bean, n)
        if coins > n - e:
            coins = n - e
        q = p.copy()
        if e:
            genuine = fld[:1] + fld[1 + e:]
            t.discard = t.discard + genuine[coins:] + fld[1:1 + e]
        else:
            genuine = fld
            t.discard = t.discard + fld[coins:]
        q.coins = p.coins + genuine[:coins]
        vanish = len(fields) >= 3 and not final
        if vanish:
            q.fields = fields[:idx] + fields[idx + 1:]
            metas = metas[:idx] + metas[idx + 1:]
        else:
            q.fields = fields[:idx] + ((),) + fields[idx + 1:]
            # harvested in its owner's magic phase before acting, the field's use is lost;
            # the empty field keeps the mark (as "used") until a card starts a new instance.
            lost = t.phase == "magic" and seat == t.active and not final and not metas[idx][0]
            metas = metas[:idx] + (USE_LOST if lost else EMPTY,) + metas[idx + 1:]
        t.set_player(seat, q)
        t.fmeta = fmeta[:seat] + (metas,) + fmeta[seat + 1:]
        ev.append(Event("final_sale" if final else "harvest", p.name,
                        {"bean": bean, "field": idx + 1, "cards": n, "coins": coins, "discarded": n - coins},
                        "R-60" if e else ("B-41" if final else "B-27")))
        if vanish:
            ev.append(Event("field_vanish", p.name, {"field": idx + 1}, "R-49"))
        if bean == "chasm" and n >= 2 and (not final or t.options["chasm_at_end"]):
            if t.potion_deck:
                top = t.potion_deck[0]
                t.potion_deck = t.potion_deck[1:]
                set_potions(t, seat, t.potions[seat] + (Potion(top),))
                ev.append(Event("chasm_potion", p.name, {}, "R-29"))
            else:
                ev.append(Event("chasm_nothing", p.name, {}, "R-29"))

    # the draw and the end of a turn
    def _do_draw_rabohnzel(self, t: RabohnzelState, seat: int, a: Draw, ev: list[Event]) -> None:
        name = t.players[seat].name
        n = 4 if t.hand_bonus and not t.dealt else 3
        drawn = self.take_cards(t, n, ev)
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + tuple(drawn)))
        ev.append(Event("draw", name, {"count": len(drawn), "beans": drawn}, "R-63" if n == 4 else "B-04"))
        if t.ending:
            self.finish(t, ev, "B-40")
            return
        tele = held_potion(t, seat, "teleport")
        if tele is not None and tele.up:
            t.phase = "end"
            ev.append(Event("phase", name, {"phase": "end"}, "R-19"))
            return
        self.next_turn(t, ev)

    def _do_end_turn(self, t: RabohnzelState, seat: int, a: EndTurn, ev: list[Event]) -> None:
        self.next_turn(t, ev)

    def next_turn(self, t: RabohnzelState, ev: list[Event]) -> None:
        end_of_turn_potions(t, t.active, ev)
        t.flow = t.dealt = t.hand_bonus = t.trade_spell = False
        t.discardable = t.trade_extra = ()
        super().next_turn(t, ev)

    def finish(self, t: RabohnzelState, ev: list[Event], rule: str) -> None:
        back = []
        for seat in range(t.n):
            lucky = [q.id for q in t.potions[seat] if q.lucky]
            if lucky:
                set_potions(t, seat, [q for q in t.potions[seat] if not q.lucky])
                back += lucky
        shuffle_potions_back(t, back, ev, "R-70")
        t.end_rule = rule
        t.choice = None
        t.flow = False
        ev.append(Event("game_end", None, {"exhausted": t.exhausted}, rule))
        for k in range(t.n):  # A16: seat order from the active player
            seat = (t.active + k) % t.n
            for idx in range(len(t.players[seat].fields)):
                if t.players[seat].fields[idx]:
                    self.harvest(t, seat, idx, ev, final=True)
        t.scores = tuple(len(p.coins) for p in t.players)
        t.winners = self.winners(t)
        t.phase = "over"
        t.offers = ()
        ev.append(Event("winner", None, {"winners": [t.players[i].name for i in t.winners],
                                         "scores": {p.name: sc for p, sc in zip(t.players, t.scores)},
                                         "pennies": {p.name: self.pennies(t, i) for i, p in enumerate(t.players)}}, "R-68"))

    def pennies(self, s: RabohnzelState, seat: int) -> int:
        return sum(POTIONS[q.id].pennies for q in s.potions[seat])

    def winners(self, t: RabohnzelState) -> tuple[int, ...]:
        """R-68: coins, then bean pennies, then the base tie-break, then a shared win."""
        scores = t.scores
        assert scores is not None, "the game is scored before its winners are found"
        key = [(scores[i], self.pennies(t, i)) for i in range(t.n)]
        best = max(key)
        tied = [i for i in range(t.n) if key[i] == best]
        return break_tie(t, tied, t.options["tie_break"])

    # -- views ---------------------------------------------------------------------------------
    def potion_view(self, s: RabohnzelState, owner: int, seat: Optional[int]) -> list[dict]:
        """R-71: owners know their potions; others see a potion's identity only while it is public."""
        out = []
        for q in s.potions[owner]:
            known = seat is None or seat == owner or q.public
            out.append({"id": q.id if known else None, "up": q.up,
                        "pennies": POTIONS[q.id].pennies if known else None,
                        "lucky": q.lucky})
        return out

    def observe(self, s: RabohnzelState, seat: Optional[int]) -> dict[str, Any]:
        obs = super().observe(s, seat)
        for i, q in enumerate(obs["players"]):
            # An enchanted card lies under the field's new type: show it first.
            q["fields"] = [f[1:1 + m[2]] + f[:1] + f[1 + m[2]:] for f, m in zip(q["fields"], s.fmeta[i])]
            q["potions"] = self.potion_view(s, i, seat)
            q["enchanted"] = [m[2] for m in s.fmeta[i]]
            q["used"] = [m[0] for m in s.fmeta[i]] if i == s.active and s.phase == "magic" else None
            if seat is None:
                q["coin_types"] = sorted(s.players[i].coins)  # the teacher sees every coin's bean
        obs["potion_deck"] = len(s.potion_deck)
        obs["round"] = min(s.exhausted + 1, self.end_at(s))
        custom = s.options.get("beanometers")
        obs["beanometers_assumed"] = not custom
        obs["meters"] = {b: list(m) for b, m in (meters_from_option(custom) if custom else ASSUMED_METERS).items()}
        obs["flow"] = s.flow
        obs["choice"] = self.choice_view(s, seat)
        return obs

    def choice_view(self, s: RabohnzelState, seat: Optional[int]) -> Optional[dict]:
        ch = s.choice
        if ch is None:
            return None
        show = seat is None or seat == ch.seat or ch.mark_used or ch.kind == "resolve"
        return {"kind": ch.kind, "player": s.players[ch.seat].name, "rule": ch.rule,
                "cards": list(ch.cards) if show else None, "count": ch.count}

    def choice_text(self, s: RabohnzelState) -> Optional[str]:
        ch = s.choice
        if ch is None:
            return None
        return " ".join([s.players[ch.seat].name, ch.kind] + [str(c) for c in ch.cards])

    def table(self, s: RabohnzelState) -> dict[str, Any]:
        t = super().table(s)
        for i, p in enumerate(s.players):
            n = p.name
            t[f"{n}.potions"] = [q.id for q in s.potions[i]]
            t[f"{n}.potions_up"] = [q.id for q in s.potions[i] if q.up]
            t[f"{n}.potions_public"] = [q.id for q in s.potions[i] if q.public]
            t[f"{n}.potions_lucky"] = [q.id for q in s.potions[i] if q.lucky]
            t[f"{n}.pennies"] = self.pennies(s, i)
            t[f"{n}.coin_beans"] = sorted(p.coins)
            t[f"{n}.enchanted"] = [m[2] for m in s.fmeta[i]]
            t[f"{n}.used"] = [m[0] for m in s.fmeta[i]]
            # per field: the bean whose ability it uses, its type, or None
            t[f"{n}.abilities"] = [f[0] if f and f[0] in ABILITY_BEANS else None for f in p.fields]
        t["potion_deck"] = list(s.potion_deck)
        t["potion_deck.size"] = len(s.potion_deck)
        t["round"] = min(s.exhausted + 1, self.end_at(s))
        t["choice"] = self.choice_text(s)
        t["flow"] = s.flow
        t["dealt"] = s.dealt
        t["hand_bonus"] = s.hand_bonus
        t["discardable"] = list(s.discardable)
        t["pennies"] = {p.name: self.pennies(s, i) for i, p in enumerate(s.players)}
        return t

    @staticmethod
    def _set_meta_all(t: RabohnzelState, seat: int, metas: Iterable[tuple[bool, int, int]]) -> None:
        t.fmeta = _put(t.fmeta, seat, tuple(metas))

    # -- invariants for the playout suite ------------------------------------------------------
    def check_invariants(self, before: RabohnzelState, action: Action, after: RabohnzelState,
                         events: list[Event]) -> None:
        ids = sorted([q.id for ps in after.potions for q in ps] + list(after.potion_deck) + list(after.potions_aside))
        assert ids == sorted(POTION_IDS), f"R-02: potions are {ids} after {action}"
        for seat, p in enumerate(after.players):
            assert 2 <= len(p.fields) <= 3, f"R-50: {p.name} has {len(p.fields)} fields after {action}"
            assert len(after.fmeta[seat]) == len(p.fields), f"field bookkeeping out of step after {action}"
            for f, m in zip(p.fields, after.fmeta[seat]):
                e = m[2]
                genuine = f[:1] + f[1 + e:]
                assert len(set(genuine)) <= 1, f"B-06/R-59: mixed field {f} after {action}"
                assert e == 0 or len(f) >= 2, f"R-58: enchanted field {f}"
            for q in after.potions[seat]:
                assert not q.lucky or seat == after.active, f"R-64: lucky potion away from the active player after {action}"
        for seat in range(after.n):
            obs = self.observe(after, seat)
            for q in obs["players"]:
                assert "coin_types" not in q, "coin beans are hidden"
                if q["seat"] != seat:
                    for pv, real in zip(q["potions"], after.potions[q["seat"]]):
                        assert pv["id"] == (real.id if real.public else None), f"R-71: potion visibility after {action}"
            ch, waits = obs["choice"], after.choice
            if ch and ch["cards"] and waits is not None and waits.kind == "place" and not waits.mark_used:
                assert ch["player"] == after.players[seat].name, "a stolen or drawn card stays hidden"
        if any(e.kind == "teleport" for e in events):
            a = after.players[after.active].hand
            b = before.players[before.active].hand
            assert sorted(a) == sorted(b) and len(a) == len(b), "R-62: teleport keeps the hand's cards"

    #: Rabohnzel's verbs: the base game's, with its own checks and effects where the magic
    #: phase, the potions and the bean abilities change them, and its own verbs.
    VERBS = Bohnanza.VERBS.extend({
        "plant": Verb(_check_plant_rabohnzel, _do_plant_rabohnzel),
        "reveal": Verb(_check_reveal_rabohnzel, _do_reveal_rabohnzel),
        "discard": Verb(potions.check_discard, potions.do_discard),
        "magic": Verb(abilities.check_magic, abilities.do_magic),
        "use": Verb(abilities.check_use, abilities.do_use),
        "play-mage": Verb(abilities.check_play_mage, abilities.do_play_mage),
        "activate": Verb(potions.check_activate, potions.do_activate),
        "place": Verb(abilities.check_place, abilities.do_place),
        "resolve": Verb(abilities.check_resolve, abilities.do_resolve),
        "counter": Verb(abilities.check_counter, abilities.do_counter),
        "skip": Verb(_check_skip, _do_skip),
        "flow": Verb(potions.check_flow, potions.do_flow),
        "end-turn": Verb(_check_end_turn, _do_end_turn),
        "consume": Verb(potions.check_consume, potions.do_consume),
    }, checks={"buy-field": _check_buy_field_rabohnzel},
        applies={"accept": _do_accept_rabohnzel, "end-trade": _do_end_trade_rabohnzel, "draw": _do_draw_rabohnzel})
