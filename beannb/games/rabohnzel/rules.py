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
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any, Optional, Sequence

from ...core import rng
from ...core.errors import IllegalAction, OptionError, ScenarioError
from ...core.events import Event
from ...core.ruleset import Option, Verb
from ..bohnanza.actions import Accept, Action, BuyField, Discard, Plant, Reveal
from ..bohnanza import trade as base_trade, turn as base_turn
from ..bohnanza.fields import plant_error, plant_fields, put_in_field, remove_beans
from ..bohnanza.profiles import Profile
from ..bohnanza.refusals import not_your_turn
from ..bohnanza.rules import Bohnanza, break_tie
from ..bohnanza.seats import SeatActions, act, add_harvests
from .actions import NOTATION, Activate, Consume, Counter, EndTurn, FlowPlant, Magic, PlayMage, Place, Resolve, Skip, Use
from . import text as rtext
from ..bohnanza import text as base_text
from .text import MESSAGES, NARRATION, POTION_NAMES
from .cards import (
    CARDS,
    ABILITY_BEANS, ASSUMED_METERS, ASSUMED_PAYOUTS, BEAN_IDS, CARD_COUNT, POTION_IDS, POTIONS,
    meter_payout, meters_from_option, potion_id,
)
from .state import EMPTY, FRESH, Choice, Potion, RabohnzelState
from ...i18n.core import GameTitle
from ...i18n.messages import Named, NamedList



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
#: Phases in which a potion drinkable "any time" may be drunk (R-19: after the draw only teleport).
ANY_TIME = ("plant", "magic", "trade", "pending", "draw")


#: The mark of an empty field harvested in its owner's magic phase before its ability acted (R-24).
USE_LOST = (True, 0, 0)


def refuse(rule: str, code: str, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of Rabohnzel's catalogue, filled with ``data``."""
    return IllegalAction(rule, MESSAGES.message(code, **data))


def _put(tup: tuple, i: int, value) -> tuple:
    """``tup`` with entry ``i`` replaced (states are never changed in place)."""
    return tup[:i] + (value,) + tup[i + 1:]


class SeatActs(SeatActions):
    """The base game's ready-made actions of a player, and beginning the magic phase, which
    is offered with the reveal once planting is done (R-09)."""

    __slots__ = ("magic",)

    def __init__(self, name: str):
        super().__init__(name)
        self.magic = act(Magic, name)
        self.end_planting = (self.magic, self.reveal)


class Rabohnzel(Bohnanza):
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
    SETUP_KEYS = {"potions", "potion_deck", "potion_deck_size", "third_field", "used", "enchanted", "counted"}
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

    def profile(self, state) -> Profile:
        return PROFILES[len(state.players)]

    def can_trade(self, state) -> bool:
        return True  # every Rabohnzel profile trades (PROFILES)

    def may_interject(self, state) -> bool:
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

    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]):
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

    def new_state(self, options, players, deck, rng_state, start):
        s = super().new_state(options, players, deck, rng_state, start)
        s.potions = tuple(() for _ in players)
        s.potion_deck = ()
        s.fmeta = tuple(tuple((False, len(f), 0) for f in p.fields) for p in players)
        s.choice = None
        s.flow = s.dealt = s.hand_bonus = s.trade_spell = False
        s.discardable = s.trade_extra = s.potions_aside = ()
        return s

    def state_from_dict(self, d: dict):
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

    def payout(self, state, bean: str, n: int) -> int:
        """Coins for ``n`` cards of ``bean`` by the beanometers in play (spec §1.1, A20)."""
        custom = state.options.get("beanometers")
        if custom:
            return meter_payout(meters_from_option(custom)[bean], n)
        table = ASSUMED_PAYOUTS[bean]
        return table[n] if 0 <= n < len(table) else meter_payout(ASSUMED_METERS[bean], n)

    # -- small helpers -------------------------------------------------------------------------
    @staticmethod
    def _set_meta(t, seat: int, idx: int, meta) -> None:
        fmeta = t.fmeta
        row = fmeta[seat]
        t.fmeta = fmeta[:seat] + (row[:idx] + (meta,) + row[idx + 1:],) + fmeta[seat + 1:]

    def _note_plant(self, t, seat: int, idx: int, mark_used: bool = False) -> None:
        """R-22/R-23: a card in an empty field starts a new instance (R-41: maybe already used)."""
        if len(t.players[seat].fields[idx]) == 1:
            self._set_meta(t, seat, idx, (mark_used, 1, 0))

    def _count(self, s, seat: int, idx: int) -> int:
        """R-25: the cards a threshold counts."""
        if s.options["magic_added_cards_count"]:
            return len(s.players[seat].fields[idx])
        return s.fmeta[seat][idx][1]

    @staticmethod
    def _set_potions(t, seat: int, pots) -> None:
        t.potions = _put(t.potions, seat, tuple(pots))

    @staticmethod
    def _held(s, seat: int, pid: str) -> Optional[Potion]:
        for p in s.potions[seat]:
            if p.id == pid:
                return p
        return None

    def _turn_potion(self, t, seat: int, pid: str, up: bool) -> None:
        self._set_potions(t, seat, [replace(p, up=up, public=p.public or up) if p.id == pid else p
                                    for p in t.potions[seat]])

    def _take_hand_card(self, t, seat: int, pos: int) -> str:
        p = t.players[seat]
        card = p.hand[pos]
        t.set_player(seat, p.replace(hand=p.hand[:pos] + p.hand[pos + 1:]))
        if t.offers:
            base_trade.reconcile_offers(t, {seat: [pos]}, [])
        return card

    def _to_hand(self, t, seat: int, card: str) -> None:
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + (card,)))

    def _plant_into(self, t, seat: int, idx: int, bean: str, mark_used: bool = False) -> None:
        t.set_player(seat, put_in_field(t.players[seat], idx, bean))
        self._note_plant(t, seat, idx, mark_used)

    def _shuffle_potions_back(self, t, ids, ev: list[Event], rule: str) -> None:
        if ids:
            t.potion_deck, t.rng = rng.shuffled(t.rng, t.potion_deck + tuple(ids))
            ev.append(Event("potions_back", None, {"potions": list(ids)}, rule))

    # -- who decides ---------------------------------------------------------------------------
    def to_move(self, s) -> tuple[int, ...]:
        ch = s.choice
        if ch is not None and s.phase != "over":
            return (ch.seat,)
        return Bohnanza.to_move(self, s)  # the base class named, not super(): cheaper, and asked for every action

    # -- legal actions -------------------------------------------------------------------------
    def _harvests(self, p, out: list[Action]) -> None:
        add_harvests(out, SeatActs.TABLE[p.name], p.fields)  # B-29, B-32

    def legal_for(self, s, seat: int, out: list[Action], partners: dict) -> None:
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
            self._flow_actions(s, seat, out)
        for pot in s.potions[seat]:  # as _consume_actions, without the call
            if pot.up:  # only activated potions are drunk
                self._consume_potion(s, seat, pot.id, out)

    def _own_step_actions(self, s, seat: int, ch: Optional[Choice], out: list[Action]) -> None:
        """Rabohnzel's own steps: a decision waited for (R-09…R-61), the end of the turn
        after the draw (R-19) and the magic phase (R-10); harvests stay allowed (A9)."""
        if ch is not None:
            if seat == ch.seat:
                self._choice_actions(s, ch, out)
        elif seat == s.active:
            name = s.players[seat].name
            if s.phase == "end":
                self._consume_actions(s, seat, out)
                out.append(act(EndTurn, name))
            else:
                self._magic_actions(s, seat, out)
                if s.flow:
                    self._flow_actions(s, seat, out)
                self._consume_actions(s, seat, out)
                out.append(SeatActs.TABLE[name].reveal)
        self._harvests(s.players[seat], out)

    # The actions below are listed again at every decision of their step: act() makes each once.
    def _choice_actions(self, s, ch: Choice, out: list[Action]) -> None:
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

    def _magic_actions(self, s, seat: int, out: list[Action]) -> None:
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
                attack_up = self._attack_up(s, seat)
                for k in range(1, n):
                    o = players[(seat + k) % n]
                    if o.coins:
                        out.append(act(Use, name, field, o.name))
                        if attack_up:
                            out.append(act(Use, name, field, o.name, True))
            elif bean == "mean":
                if self._count(s, seat, idx) >= 4:
                    out.append(act(Use, name, field))
                if self._attack_up(s, seat):
                    out.append(act(Use, name, field, None, True))
            elif bean == "white" or bean == "mage":
                out.append(act(Use, name, field))
        for i, b in enumerate(p.hand, 1):
            if b == "mage":
                out.append(act(PlayMage, name, i))

    @staticmethod
    def _attack_up(s, seat: int) -> bool:
        """Whether ``seat`` holds the attack spell activated (R-45)."""
        for q in s.potions[seat]:
            if q.id == "attack" and q.up:
                return True
        return False

    def _flow_actions(self, s, seat: int, out: list[Action]) -> None:
        p = s.players[seat]
        if s.flow and p.hand:
            out += [act(FlowPlant, p.name, idx + 1) for idx in plant_fields(p, p.hand[0])]

    def _consume_actions(self, s, seat: int, out: list[Action]) -> None:
        for pot in s.potions[seat]:
            if pot.up:  # only activated potions are drunk
                self._consume_potion(s, seat, pot.id, out)

    def _consume_potion(self, s, seat: int, pid: str, out: list[Action]) -> None:
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

    # -- validation ----------------------------------------------------------------------------
    def gate(self, s, seat: int, a: Action):
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

    def _active_magic(self, s, seat: int, code: str, what: str):
        """Refused unless it is ``seat``'s magic phase: message ``code`` outside it, the base game's
        "only the active player may ``what``" (a "turn-..." message) in another player's turn."""
        if seat != s.active:
            return not_your_turn(s, "R-10", MESSAGES.message(what))
        if s.phase != "magic":
            return refuse("R-10", code)
        return None

    def _check_magic(self, s, seat: int, a: Magic):
        if s.phase != "plant":
            return refuse("R-09", "magic-once")
        if seat != s.active:
            return not_your_turn(s, "R-09", MESSAGES.message("turn-magic-start"))
        return base_turn.check_reveal(self, s, seat, a)  # B-09: the front card must be planted first

    def _check_reveal_rabohnzel(self, s, seat: int, a: Reveal):
        if s.phase == "magic":
            if seat != s.active:
                return not_your_turn(s, "B-13", MESSAGES.message("turn-reveal"))
            return None
        return base_turn.check_reveal(self, s, seat, a)

    def _check_buy_field_rabohnzel(self, s, seat: int, a: BuyField):
        return refuse("R-07", "no-field-to-buy")

    def _check_use(self, s, seat: int, a: Use):
        err = self._active_magic(s, seat, "magic-only-use", "turn-use-ability")
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
        if s.fmeta[seat][idx][0]:
            return refuse("R-20", "ability-used", field=a.field)
        if a.attack:
            if bean not in ("mean", "sword"):
                return refuse("R-45", "attack-mean-sword")
            pot = self._held(s, seat, "attack")
            if pot is None or not pot.up:
                return refuse("R-15", "attack-not-up")
        target = None
        if bean in ("thief", "sword"):
            if not a.target:
                return refuse("R-27" if bean == "thief" else "R-36", "name-target")
            target = s.seat_of(a.target)
            if target is None or target == seat:
                return refuse("R-27" if bean == "thief" else "R-36", "not-co-player", player=a.target)
        elif a.target:
            rule = {"mean": "R-31", "white": "R-33", "mage": "R-35"}[bean]
            return refuse(rule, "ability-no-target", bean=Named(CARDS, bean))
        if bean == "thief" and not s.players[target].hand:
            return refuse("R-27", "nothing-to-steal", player=a.target)
        if bean == "sword" and not s.players[target].coins:
            return refuse("R-36", "no-coins-to-attack", player=a.target)
        if bean == "mean":
            need = 1 if a.attack else 4
            have = self._count(s, seat, idx)
            if have < need:
                code = "mean-too-few" if s.options["magic_added_cards_count"] else "mean-too-few-new"
                return refuse("R-30", code, need=need, field=a.field, have=have)
        return None

    def _check_play_mage(self, s, seat: int, a: PlayMage):
        err = self._active_magic(s, seat, "magic-only-mage", "turn-play-mage")
        if err:
            return err
        p = s.players[seat]
        if not 1 <= a.pos <= len(p.hand) or p.hand[a.pos - 1] != "mage":
            held = [str(i + 1) for i, b in enumerate(p.hand) if b == "mage"]
            if held:
                return refuse("R-11", "no-mage-at-held", pos=a.pos, positions=", ".join(held), n=len(held))
            return refuse("R-11", "no-mage-at", pos=a.pos)
        return None

    def _check_activate(self, s, seat: int, a: Activate):
        ch = s.choice
        if len(a.potions) > ch.count:
            return refuse(ch.rule or "R-35", "activate-count", n=ch.count)
        for pid in a.potions:
            pot = self._held(s, seat, pid)
            if pot is None or pot.up:
                return refuse("R-14", "activate-not-down", potion=Named(POTION_NAMES, pid))
            if ch.cards and pid not in ch.cards:
                return refuse(ch.rule or "R-52", "activate-only", potions=NamedList(POTION_NAMES, ch.cards),
                              n=len(ch.cards))
        return None

    def _check_place(self, s, seat: int, a: Place):
        if a.field is None:
            return None
        return plant_error(s.players[seat], s.players[seat].hand[-1], a.field - 1, True, cards=self.cards)

    def _check_resolve(self, s, seat: int, a: Resolve):
        if a.bean not in s.choice.cards:
            return refuse("R-46", "coins-drawn", beans=NamedList(CARDS, s.choice.cards))
        return None

    def _check_counter(self, s, seat: int, a: Counter):
        return None

    def _check_skip(self, s, seat: int, a: Skip):
        ch = s.choice
        if ch.kind == "enchant" and ch.seat != ch.other:
            return refuse("R-61", "enchant-must-plant")
        return None

    def _check_plant_rabohnzel(self, s, seat: int, a: Plant):
        ch = s.choice
        if ch is not None and ch.kind == "enchant":
            p = s.players[seat]
            if a.bean and a.bean != p.hand[0]:
                return refuse("R-61", "enchant-front", bean=Named(CARDS, p.hand[0]))
            return plant_error(p, p.hand[0], a.field - 1 if a.field else None, True, cards=self.cards)
        if s.phase == "magic":
            return refuse("R-09", "magic-plant")
        return base_turn.check_plant(self, s, seat, a)

    def _check_flow(self, s, seat: int, a: FlowPlant):
        if seat != s.active:
            return not_your_turn(s, "R-55", MESSAGES.message("turn-flow"))
        if not s.flow:
            return refuse("R-55", "no-flow")
        p = s.players[seat]
        if not p.hand:
            return refuse("R-55", "flow-hand-empty")
        return plant_error(p, p.hand[0], a.field - 1, True, cards=self.cards)

    def _check_end_turn(self, s, seat: int, a: EndTurn):
        if s.phase != "end":
            return refuse("B-25", "end-turn-draw-first")
        if seat != s.active:
            return not_your_turn(s, "R-19", MESSAGES.message("turn-end"))
        return None

    def _check_discard_rabohnzel(self, s, seat: int, a: Discard):
        if s.phase == "pending" and s.trade_spell and seat == s.active:
            if a.pos is not None or a.bean not in s.discardable or a.bean not in s.players[seat].pending:
                if not s.discardable:
                    return refuse("R-54", "discard-kept-none")
                return refuse("R-54", "discard-kept-only", beans=NamedList(CARDS, s.discardable))
            return None
        return refuse("R-54" if s.trade_spell else "B-24", "discard-trade-spell")

    def _check_consume(self, s, seat: int, a: Consume):
        if seat != s.active:
            return refuse("R-16", "potion-own-turn")
        pot = self._held(s, seat, a.potion)
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
            if a.bean not in p.pending:
                return refuse(rule, "no-pending-bean", bean=Named(CARDS, a.bean))
            if pid == "beanfield":
                if len(p.fields) >= 3:
                    return refuse("R-50", "three-fields")
                return None
            idx = a.field - 1
            if not 0 <= idx < len(p.fields) or len(p.fields[idx]) != 1 or p.fields[idx][0] == a.bean:
                return refuse("R-58", "enchant-field")
            return None
        if pid == "exchange":
            tgt = s.seat_of(a.target)
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
            if not (1 <= a.src <= h and 1 <= a.dst <= h) or a.src == a.dst:
                return refuse("R-62", "teleport-positions", last=h)
            return None
        return None

    # -- apply --------------------------------------------------------------------------------
    #: A card flow goes on through these (R-55): ``before_do`` has nothing to end.
    BEFORE_DO_SKIPS = FLOW_KEEPS

    def before_do(self, t, seat: int, a: Action, ev: list[Event]) -> None:
        if t.flow and a.VERB not in FLOW_KEEPS:
            t.flow = False
            ev.append(Event("flow_end", t.players[t.active].name, {}, "R-55"))

    def _do_magic(self, t, seat: int, a: Magic, ev: list[Event]) -> None:
        p = t.players[seat]
        if not p.hand and t.planted == 0:
            ev.append(Event("skip_plant", p.name, {}, "B-11"))
        # every instance may act once in this magic phase; R-25: counts as of now.
        self._set_meta_all(t, seat, [(False, len(f), m[2]) for f, m in zip(p.fields, t.fmeta[seat])])
        t.phase = "magic"
        ev.append(Event("phase", p.name, {"phase": "magic"}, "R-09"))

    def _do_reveal_rabohnzel(self, t, seat: int, a: Reveal, ev: list[Event]) -> None:
        name = t.players[seat].name
        if t.phase == "plant" and not t.players[seat].hand and t.planted == 0:
            ev.append(Event("skip_plant", name, {}, "B-11"))
        cards = self.take_cards(t, self.profile(t).reveal_n, ev)
        t.faceup = t.faceup + tuple(cards)
        ev.append(Event("reveal", name, {"beans": cards}, "B-13"))
        t.phase = "trade"
        ev.append(Event("phase", name, {"phase": "trade"}, None))

    def _do_plant_rabohnzel(self, t, seat: int, a: Plant, ev: list[Event]) -> None:
        ch = t.choice
        if ch is not None and ch.kind == "enchant":
            self._enchant_plant(t, seat, a, ev)
            return
        n = len(ev)
        base_turn.do_plant(self, t, seat, a, ev)
        for e in ev[n:]:
            if e.kind == "plant":
                self._note_plant(t, seat, e.data["field"] - 1)
                break
        if t.discardable and seat == t.active:
            self._trim_discardable(t)

    def _trim_discardable(self, t) -> None:
        if t.discardable:
            left = list(t.players[t.active].pending)
            keep = []
            for b in t.discardable:
                if b in left:
                    left.remove(b)
                    keep.append(b)
            t.discardable = tuple(keep)

    def _do_accept_rabohnzel(self, t, seat: int, a: Accept, ev: list[Event]) -> None:
        base_trade.do_accept(self, t, seat, a, ev)
        t.dealt = True  # every deal involves the active player (B-14)

    def _do_end_trade_rabohnzel(self, t, seat: int, a, ev: list[Event]) -> None:
        kept = t.faceup
        if t.trade_spell:
            if t.options["trade_discard"] == "any":
                t.discardable = tuple(kept)
            else:
                left = list(kept)
                t.discardable = tuple(b for b in t.trade_extra if b in left and not left.remove(b))
        base_trade.do_end_trade(self, t, seat, a, ev)

    def _do_discard_rabohnzel(self, t, seat: int, a: Discard, ev: list[Event]) -> None:
        p = t.players[seat]
        t.set_player(seat, p.replace(pending=remove_beans(p.pending, [a.bean])))
        t.discardable = remove_beans(t.discardable, [a.bean])
        t.discard = t.discard + (a.bean,)
        ev.append(Event("trade_discard", p.name, {"bean": a.bean}, "R-54"))
        base_turn.after_plant(self, t, ev)

    # magic-phase actions
    def _do_use(self, t, seat: int, a: Use, ev: list[Event]) -> None:
        p = t.players[seat]
        idx = a.field - 1
        bean = p.fields[idx][0]
        count = self._count(t, seat, idx)
        m = t.fmeta[seat][idx]
        self._set_meta(t, seat, idx, (True, m[1], m[2]))
        if a.attack:
            self._turn_potion(t, seat, "attack", False)
            ev.append(Event("consume", p.name, {"potion": "attack"}, "R-45"))
        ev.append(Event("ability", p.name, {"bean": bean, "field": a.field, "target": a.target, "attack": a.attack}, "R-20"))
        if bean == "thief":
            victim = t.seat_of(a.target)
            card = self._take_hand_card(t, victim, len(t.players[victim].hand) - 1)
            self._to_hand(t, seat, card)
            ev.append(Event("steal", p.name, {"victim": a.target, "to_back": 1}, "R-27"))
            t.choice = Choice("place", seat, victim, (card,), rule="R-28")
        elif bean == "sword":
            self._attack(t, seat, t.seat_of(a.target), 2 if a.attack else 1, ev)
        elif bean == "mean":
            self._mean(t, seat, ev)
        elif bean == "white":
            card = self.take_top(t, ev)
            if card is None:
                ev.append(Event("white_nothing", p.name, {}, "R-33"))
                return
            self._to_hand(t, seat, card)
            ev.append(Event("white_draw", p.name, {"to_back": 1}, "R-33"))
            if count >= 4:
                t.choice = Choice("place", seat, -1, (card,), rule="R-34")
        else:  # mage
            self._offer_activation(t, seat, 2 if count >= 4 else 1, ev, "R-35")

    def _offer_activation(self, t, seat: int, k: int, ev: list[Event], rule: str) -> None:
        downs = sum(1 for q in t.potions[seat] if not q.up)
        if downs < k:
            ev.append(Event("activation_lost", t.players[seat].name, {"lost": k - downs}, rule))
        if downs:
            t.choice = Choice("activate", seat, -1, (), min(k, downs), rule=rule)

    def _do_play_mage(self, t, seat: int, a: PlayMage, ev: list[Event]) -> None:
        self._take_hand_card(t, seat, a.pos - 1)
        t.discard = t.discard + ("mage",)
        ev.append(Event("play_mage", t.players[seat].name, {"pos": a.pos}, "R-11"))
        self._offer_activation(t, seat, 1, ev, "R-12")

    def _do_activate(self, t, seat: int, a: Activate, ev: list[Event]) -> None:
        t.choice = None
        for pid in a.potions:
            self._turn_potion(t, seat, pid, True)
        ev.append(Event("activate", t.players[seat].name, {"potions": list(a.potions), "off_turn": seat != t.active},
                        "R-43" if seat != t.active else "R-14"))

    def _do_skip(self, t, seat: int, a: Skip, ev: list[Event]) -> None:
        ch = t.choice
        t.choice = None
        ev.append(Event("skip", t.players[seat].name, {"kind": ch.kind, "rule": ch.rule}, ch.rule or None))

    def _do_place(self, t, seat: int, a: Place, ev: list[Event]) -> None:
        ch = t.choice
        t.choice = None
        p = t.players[seat]
        card = p.hand[-1]
        if a.field is None:
            ev.append(Event("keep", p.name, {"public": ch.mark_used, "bean": card if ch.mark_used else None}, ch.rule))
            return
        t.set_player(seat, p.replace(hand=p.hand[:-1]))
        self._plant_into(t, seat, a.field - 1, card, mark_used=ch.mark_used)
        ev.append(Event("plant", p.name, {"bean": card, "field": a.field, "size": len(t.players[seat].fields[a.field - 1])},
                        ch.rule))

    def _do_resolve(self, t, seat: int, a: Resolve, ev: list[Event]) -> None:
        ch = t.choice
        t.choice = None
        back = list(ch.cards)
        back.remove(a.bean)
        ev.append(Event("resolve", t.players[seat].name, {"bean": a.bean, "back": back[0] if back else None}, "R-46"))
        self._resolve_coin(t, ch.seat, ch.other, a.bean, ev)

    def _do_counter(self, t, seat: int, a: Counter, ev: list[Event]) -> None:
        ch = t.choice
        t.choice = None
        ev.append(Event("counter", t.players[seat].name, {"target": t.players[ch.other].name}, "R-38"))
        bean = self._draw_coins(t, seat, ch.other, 1, ev)[0]
        self._resolve_coin(t, seat, ch.other, bean, ev)

    # the sword attack (R-36…R-47) and the mean reveal
    def _draw_coins(self, t, att: int, dfn: int, k: int, ev: list[Event]) -> list[str]:
        pool = list(t.players[dfn].coins)
        picks = []
        for _ in range(min(k, len(pool))):
            j, t.rng = rng.below(t.rng, len(pool))
            picks.append(pool.pop(j))
        ev.append(Event("coin_draw", t.players[att].name, {"defender": t.players[dfn].name, "beans": picks}, "R-36"))
        return picks

    def _attack(self, t, att: int, dfn: int, k: int, ev: list[Event]) -> None:
        picks = self._draw_coins(t, att, dfn, k, ev)
        if len(picks) == 2:
            t.choice = Choice("resolve", att, dfn, tuple(picks), rule="R-46")
            return
        self._resolve_coin(t, att, dfn, picks[0], ev)

    def _resolve_coin(self, t, att: int, dfn: int, bean: str, ev: list[Event]) -> None:
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
                bean = self._draw_coins(t, att, dfn, 1, ev)[0]
                continue
            if bean == "thief":
                if not A.hand:
                    ev.append(Event("thief_nothing", D.name, {"victim": A.name}, "R-40"))
                    return
                card = self._take_hand_card(t, att, len(A.hand) - 1)
                self._to_hand(t, dfn, card)
                ev.append(Event("sword_steal", D.name, {"victim": A.name, "bean": card, "to_back": 1}, "R-40"))
                t.choice = Choice("place", dfn, att, (card,), mark_used=True, rule="R-41")
                return
            if bean == "mage":
                ev.append(Event("mage_result", A.name, {}, "R-42"))
                self._offer_activation(t, att, 1, ev, "R-42")
                return
            ev.append(Event("no_effect", A.name, {"bean": bean}, "R-44"))
            return

    def _mean(self, t, seat: int, ev: list[Event]) -> None:
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

    def _do_flow(self, t, seat: int, a: FlowPlant, ev: list[Event]) -> None:
        card = self._take_hand_card(t, seat, 0)
        self._plant_into(t, seat, a.field - 1, card)
        ev.append(Event("plant", t.players[seat].name,
                        {"bean": card, "field": a.field, "size": len(t.players[seat].fields[a.field - 1])}, "R-55"))

    def _enchant_plant(self, t, seat: int, a: Plant, ev: list[Event]) -> None:
        ch = t.choice
        p = t.players[seat]
        idx = a.field - 1 if a.field else plant_fields(p, p.hand[0])[0]
        card = self._take_hand_card(t, seat, 0)
        self._plant_into(t, seat, idx, card)
        ev.append(Event("plant", p.name, {"bean": card, "field": idx + 1, "size": len(t.players[seat].fields[idx])}, "R-61"))
        self._next_enchanted(t, ch.other, ch.queue)

    def _next_enchanted(self, t, caster: int, queue: tuple) -> None:
        t.choice = Choice("enchant", queue[0], caster, queue=queue[1:], rule="R-61") if queue else None

    # potions (R-45…R-66)
    def _do_consume(self, t, seat: int, a: Consume, ev: list[Event]) -> None:
        pid = a.potion
        p = t.players[seat]
        self._turn_potion(t, seat, pid, False)  # a drunk potion is face down again
        ev.append(Event("consume", p.name, {"potion": pid}, "R-15"))
        if pid == "exchange":
            tgt = t.seat_of(a.target)
            downs = [q for q in t.potions[tgt] if not q.up]
            j, t.rng = rng.below(t.rng, len(downs))
            got = downs[j]
            mine = self._held(t, seat, "exchange")
            self._set_potions(t, tgt, [q for q in t.potions[tgt] if q.id != got.id] + [Potion("exchange", public=True)])
            self._set_potions(t, seat, [q for q in t.potions[seat] if q.id != "exchange"]
                              + [Potion(got.id, lucky=mine.lucky)])
            ev.append(Event("exchange", p.name, {"target": a.target}, "R-51"))
            t.choice = Choice("activate", seat, -1, (got.id,), 1, rule="R-52")
        elif pid == "trade":
            card = None if t.ending else self.take_top(t, ev)
            if card is not None:
                t.faceup = t.faceup + (card,)
                t.trade_extra = t.trade_extra + (card,)
            t.trade_spell = True
            ev.append(Event("trade_reveal", p.name, {"beans": [card] if card else []}, "R-53"))
        elif pid == "flow":
            t.flow = True
            ev.append(Event("flow_start", p.name, {}, "R-55"))
        elif pid == "discard":
            card = t.discard[-1]
            t.discard = t.discard[:-1]
            t.faceup = t.faceup + (card,)
            ev.append(Event("discard_take", p.name, {"bean": card}, "R-57"))
        elif pid == "beanfield":
            t.set_player(seat, p.replace(pending=remove_beans(p.pending, [a.bean]), fields=p.fields + ((a.bean,),)))
            self._set_meta_all(t, seat, t.fmeta[seat] + (FRESH,))
            ev.append(Event("beanfield", p.name, {"bean": a.bean}, "R-48"))
            self._trim_discardable(t)
            base_turn.after_plant(self, t, ev)
        elif pid == "enchant-beans":
            idx = a.field - 1
            old = p.fields[idx][0]
            fields = list(p.fields)
            fields[idx] = (a.bean, old)
            t.set_player(seat, p.replace(pending=remove_beans(p.pending, [a.bean]), fields=tuple(fields)))
            m = t.fmeta[seat][idx]
            self._set_meta(t, seat, idx, (m[0], m[1], 1))
            ev.append(Event("enchant_beans", p.name, {"bean": a.bean, "old": old, "field": a.field}, "R-59"))
            self._trim_discardable(t)
            base_turn.after_plant(self, t, ev)
        elif pid == "enchant-players":
            queue = tuple(q for q in ((seat + k) % t.n for k in range(1, t.n)) if t.players[q].hand)
            if p.hand:
                queue += (seat,)
            ev.append(Event("enchant_players", p.name, {}, "R-61"))
            self._next_enchanted(t, seat, queue)
        elif pid == "teleport":
            hand = list(p.hand)
            card = hand.pop(a.src - 1)
            hand.insert(a.dst - 1, card)
            t.set_player(seat, p.replace(hand=tuple(hand)))
            lapsed = [o for o in t.offers if o.proposer == seat and any(c.zone == "hand" for c in o.give)]
            for o in lapsed:
                ev.append(Event("lapse", p.name, {"id": o.id}, "R-62"))
            t.offers = tuple(o for o in t.offers if o not in lapsed)
            ev.append(Event("teleport", p.name, {"src": a.src, "dst": a.dst, "reorders_hand": True}, "R-62"))
        elif pid == "hand":
            t.hand_bonus = True
            ev.append(Event("hand_spell", p.name, {}, "R-63"))
        elif pid == "luck":
            if not t.potion_deck:
                ev.append(Event("luck_nothing", p.name, {}, "R-66"))
                return
            top = t.potion_deck[0]
            t.potion_deck = t.potion_deck[1:]
            self._set_potions(t, seat, t.potions[seat] + (Potion(top, up=True, public=True, lucky=True),))
            ev.append(Event("luck", p.name, {"potion": top}, "R-64"))

    # harvesting
    def harvest(self, t, seat: int, idx: int, ev: list[Event], final: bool = False) -> None:
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
                self._set_potions(t, seat, t.potions[seat] + (Potion(top),))
                ev.append(Event("chasm_potion", p.name, {}, "R-29"))
            else:
                ev.append(Event("chasm_nothing", p.name, {}, "R-29"))

    # the draw and the end of a turn
    def _do_draw_rabohnzel(self, t, seat: int, a, ev: list[Event]) -> None:
        name = t.players[seat].name
        n = 4 if t.hand_bonus and not t.dealt else 3
        drawn = self.take_cards(t, n, ev)
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + tuple(drawn)))
        ev.append(Event("draw", name, {"count": len(drawn), "beans": drawn}, "R-63" if n == 4 else "B-04"))
        if t.ending:
            self.finish(t, ev, "B-40")
            return
        tele = self._held(t, seat, "teleport")
        if tele is not None and tele.up:
            t.phase = "end"
            ev.append(Event("phase", name, {"phase": "end"}, "R-19"))
            return
        self.next_turn(t, ev)

    def _do_end_turn(self, t, seat: int, a: EndTurn, ev: list[Event]) -> None:
        self.next_turn(t, ev)

    def _end_of_turn_potions(self, t, seat: int, ev: list[Event]) -> None:
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
            self._set_potions(t, seat, keep)
        if down:
            ev.append(Event("potions_down", t.players[seat].name, {"potions": down}, "R-17"))
        self._shuffle_potions_back(t, back, ev, "R-64")

    def next_turn(self, t, ev: list[Event]) -> None:
        self._end_of_turn_potions(t, t.active, ev)
        t.flow = t.dealt = t.hand_bonus = t.trade_spell = False
        t.discardable = t.trade_extra = ()
        super().next_turn(t, ev)

    def finish(self, t, ev: list[Event], rule: str) -> None:
        back = []
        for seat in range(t.n):
            lucky = [q.id for q in t.potions[seat] if q.lucky]
            if lucky:
                self._set_potions(t, seat, [q for q in t.potions[seat] if not q.lucky])
                back += lucky
        self._shuffle_potions_back(t, back, ev, "R-70")
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

    def pennies(self, s, seat: int) -> int:
        return sum(POTIONS[q.id].pennies for q in s.potions[seat])

    def winners(self, t) -> tuple[int, ...]:
        """R-68: coins, then bean pennies, then the base tie-break, then a shared win."""
        key = [(t.scores[i], self.pennies(t, i)) for i in range(t.n)]
        best = max(key)
        tied = [i for i in range(t.n) if key[i] == best]
        return break_tie(t, tied, t.options["tie_break"])

    # -- views ---------------------------------------------------------------------------------
    def potion_view(self, s, owner: int, seat: Optional[int]) -> list[dict]:
        """R-71: owners know their potions; others see a potion's identity only while it is public."""
        out = []
        for q in s.potions[owner]:
            known = seat is None or seat == owner or q.public
            out.append({"id": q.id if known else None, "up": q.up,
                        "pennies": POTIONS[q.id].pennies if known else None,
                        "lucky": q.lucky})
        return out

    def observe(self, s, seat: Optional[int]) -> dict[str, Any]:
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

    def choice_view(self, s, seat: Optional[int]) -> Optional[dict]:
        ch = s.choice
        if ch is None:
            return None
        show = seat is None or seat == ch.seat or ch.mark_used or ch.kind == "resolve"
        return {"kind": ch.kind, "player": s.players[ch.seat].name, "rule": ch.rule,
                "cards": list(ch.cards) if show else None, "count": ch.count}

    def choice_text(self, s) -> Optional[str]:
        ch = s.choice
        if ch is None:
            return None
        return " ".join([s.players[ch.seat].name, ch.kind] + [str(c) for c in ch.cards])

    def table(self, s) -> dict[str, Any]:
        t = super().table(s)
        for i, p in enumerate(s.players):
            n = p.name
            t[f"{n}.potions"] = [q.id for q in s.potions[i]]
            t[f"{n}.potions_up"] = [q.id for q in s.potions[i] if q.up]
            t[f"{n}.potions_public"] = [q.id for q in s.potions[i] if q.public]
            t[f"{n}.pennies"] = self.pennies(s, i)
            t[f"{n}.coin_beans"] = sorted(p.coins)
            t[f"{n}.enchanted"] = [m[2] for m in s.fmeta[i]]
            t[f"{n}.used"] = [m[0] for m in s.fmeta[i]]
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

    # -- scenarios -----------------------------------------------------------------------------
    def scenario_setup(self, s, setup: dict) -> None:
        """Potions (``potions``: name -> list like [luck, up:trade, public:attack];
        ``potion_deck``: top first; ``potion_deck_size``), a 3rd field (``third_field``:
        name -> cards, taken from the deck). Potions a setup leaves out are dealt from the seed."""
        names = [p.name for p in s.players]
        fixed = setup.get("potions") or {}
        if not isinstance(fixed, dict):
            raise ScenarioError("setup.potions must map player names to lists of potions")
        used: list[str] = []
        held: dict[int, list[Potion]] = {}

        def parse_potion(tok, where) -> Potion:
            text = str(tok)
            flag, _, nm = text.rpartition(":")
            pid = potion_id(nm)
            if pid is None or flag not in ("", "up", "public"):
                raise ScenarioError(f"{where}: {tok!r} is not a potion (write e.g. luck, up:luck or public:luck)")
            if pid in used:
                raise ScenarioError(f"{where}: the {pid} potion is placed twice; there is one of each")
            used.append(pid)
            return Potion(pid, up=flag == "up", public=flag in ("up", "public"))

        for name, lst in fixed.items():
            if name not in names:
                raise ScenarioError(f"setup.potions: {name!r} is not one of the players {names}")
            if not isinstance(lst, list):
                raise ScenarioError(f"setup.potions.{name} must be a list")
            held[names.index(name)] = [parse_potion(x, f"setup.potions.{name}") for x in lst]
        top = [parse_potion(x, "setup.potion_deck").id for x in (setup.get("potion_deck") or [])]
        rest, s.rng = rng.shuffled(s.rng, [p for p in POTION_IDS if p not in used])
        rest = list(rest)
        for k in range(s.n):
            seat = (s.start_seat + k) % s.n
            if seat not in held:
                if not rest:
                    raise ScenarioError("no potion left to deal")
                held[seat] = [Potion(rest.pop(0))]
        s.potions = tuple(tuple(held[i]) for i in range(s.n))
        deck = top + rest
        size = setup.get("potion_deck_size")
        if size is not None:
            if not isinstance(size, int) or not len(top) <= size <= len(deck):
                raise ScenarioError(f"setup.potion_deck_size must be between {len(top)} and {len(deck)}")
            s.potions_aside = tuple(deck[size:])
            deck = deck[:size]
        s.potion_deck = tuple(deck)
        extra = setup.get("third_field") or {}
        for name, cards in extra.items():
            if name not in names:
                raise ScenarioError(f"setup.third_field: {name!r} is not one of the players {names}")
            beans = [CARDS.card_id(str(c)) for c in cards or []]
            if not beans or None in beans or len(set(beans)) != 1:
                raise ScenarioError(f"setup.third_field.{name} must list cards of one bean type")
            deck_l = list(s.deck)
            for b in beans:
                if b not in deck_l:
                    raise ScenarioError(f"setup.third_field.{name}: no {b} left in the supply")
                deck_l.remove(b)
            s.deck = tuple(deck_l)
            seat = names.index(name)
            p = s.players[seat]
            if len(p.fields) >= 3:
                raise ScenarioError(f"setup.third_field.{name}: a player never has more than 3 fields (R-50)")
            s.set_player(seat, p.replace(fields=p.fields + (tuple(beans),)))
        s.fmeta = tuple(tuple((False, len(f), 0) for f in p.fields) for p in s.players)
        self._scenario_fields(s, setup, names)

    def _scenario_fields(self, s, setup: dict, names: list[str]) -> None:
        """Per-field state of this magic phase, one entry per field of the player:
        ``used`` (true: the field's ability was used, R-20), ``enchanted`` (how many cards
        on it are enchanted, R-59: they lie after its first card) and ``counted`` (cards
        that count for thresholds, R-25; default: every card on the field)."""
        for key in ("used", "enchanted", "counted"):
            given = setup.get(key) or {}
            if not isinstance(given, dict):
                raise ScenarioError(f"setup.{key} must map player names to one value per field")
            for name, values in given.items():
                if name not in names:
                    raise ScenarioError(f"setup.{key}: {name!r} is not one of the players {names}")
                seat = names.index(name)
                fields = s.players[seat].fields
                if not isinstance(values, list) or len(values) != len(fields):
                    raise ScenarioError(f"setup.{key}.{name} lists one value per field ({len(fields)})")
                metas = list(s.fmeta[seat])
                for k, (v, f) in enumerate(zip(values, fields)):
                    used, counted, ench = metas[k]
                    if key == "used":
                        if not isinstance(v, bool):
                            raise ScenarioError(f"setup.used.{name}: write true or false per field")
                        used = v
                    elif not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= len(f):
                        raise ScenarioError(f"setup.{key}.{name}[{k + 1}] is a number from 0 to {len(f)}")
                    elif key == "counted":
                        counted = v
                    else:
                        if v and (len(f) < 2 or len(set(f[:1] + f[1 + v:])) > 1):
                            raise ScenarioError(f"setup.enchanted.{name}[{k + 1}]: an enchanted field lists the card of its "
                                                "type, then the enchanted cards, then more of its type, e.g. [princess, "
                                                "thief, princess] with 1 enchanted (R-58, R-59)")
                        ench = v
                    metas[k] = (used, counted, ench)
                self._set_meta_all(s, seat, metas)

    @staticmethod
    def _set_meta_all(t, seat: int, metas) -> None:
        t.fmeta = _put(t.fmeta, seat, tuple(metas))

    # -- invariants for the playout suite ------------------------------------------------------
    def check_invariants(self, before, action, after, events) -> None:
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
            ch = obs["choice"]
            if ch and ch["cards"] and after.choice.kind == "place" and not after.choice.mark_used:
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
        "discard": Verb(_check_discard_rabohnzel, _do_discard_rabohnzel),
        "magic": Verb(_check_magic, _do_magic),
        "use": Verb(_check_use, _do_use),
        "play-mage": Verb(_check_play_mage, _do_play_mage),
        "activate": Verb(_check_activate, _do_activate),
        "place": Verb(_check_place, _do_place),
        "resolve": Verb(_check_resolve, _do_resolve),
        "counter": Verb(_check_counter, _do_counter),
        "skip": Verb(_check_skip, _do_skip),
        "flow": Verb(_check_flow, _do_flow),
        "end-turn": Verb(_check_end_turn, _do_end_turn),
        "consume": Verb(_check_consume, _do_consume),
    }, checks={"buy-field": _check_buy_field_rabohnzel},
        applies={"accept": _do_accept_rabohnzel, "end-trade": _do_end_trade_rabohnzel, "draw": _do_draw_rabohnzel})
