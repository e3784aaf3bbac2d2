"""The hostile-takeover expansion (spec ``takeover.md``, rules T-01…T-61; seed 000).

No trading: the active player takes normal actions a)–e) in any order (play, merge, turn
up, harvest once, hostile takeover); after each, passive players may copy it in response
windows; takeovers can be defended with a face-down text card; 18 text cards give special
actions. The base game's mechanics (the beanometer, the single-bean rule, the deck, the
tie-break) are reused from :mod:`beannb.games.bohnanza`.

The expansion is a small package; this module holds the ruleset: setup, the turn's course
(response windows, takeovers, the final harvest) and what each normal action does. Beside it:

- :mod:`.decisions`: who decides (``to_move``) and what each role may do: the decisions table;
- :mod:`.checks`: the checks of the normal actions and of a defence and its answer;
- :mod:`.textcards`: the 18 text cards, each in one place (check, effect, harvest hook);
- :mod:`.candidates`: the legal lists;
- :mod:`.fields`: a field's type and strength; :mod:`.refusals`: how a refusal is worded.

Phases (``state.phase``): ``turn``, ``final`` (after the trigger: the card holder's final
actions, then the final harvest), ``over``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Optional, Sequence, cast

from ...core import rng
from ...core.actions import Action
from ...core.errors import IllegalAction, OptionError
from ...core.events import Event
from ...core.ruleset import LegalActions, Option, Verb, Verbs
from ...i18n.core import GameTitle
from ..bohnanza.rules import Bohnanza
from ..bohnanza.profiles import Edition
from ..bohnanza.state import PlayerState
from .actions import (
    Allow, Concede, Defend, EndTurn, HostileTakeover, Merge, Overrule, Pass, Play, TAction, THarvest, TurnUp, NOTATION,
)
from . import text as ttext
from .candidates import collect, legal_into
from .checks import (
    check_allow, check_concede, check_defend, check_end_turn, check_harvest, check_merge, check_overrule, check_pass,
    check_play, check_takeover, check_turn_up,
)
from .decisions import ACTIVE, COPIER, FINAL_HARVESTER, deciding, role_of
from .fields import field_type, strength, stronger
from .refusals import refuse
from .state import Attack, TakeoverPlayer, TakeoverState, Window
from .text import NARRATION
from .textcards import PAYOUTS, TEXT_CARD_RULES, chemistry_meter
from .cards import CARDS, BEAN_TYPES, JOKER, SNAP, TEXT_IDS, coins_for

#: The field helpers, also read from here (views, bots, lessons).
__all__ = ["Takeover", "TakeoverProfile", "PROFILE_2", "PROFILE_N", "field_type", "strength", "stronger"]


#: ``_window((letter, actor, queue, copies, limit, first_copier, late))`` is
#: ``Window(letter, ...)`` without the named tuple's ``__new__``, a Python function: a window
#: is made after nearly every action.
_window = partial(tuple.__new__, Window)

#: Why a takeover's answer finds one waiting, and a copy or a pass an open window: the role that
#: allows the action says so (:mod:`.decisions`).
_ATTACK = "a takeover waits for its defence or answer"
_WINDOW = "a response window is open"

#: Players -> seat -> the other seats, clockwise from its left (2–5 players, T-03).
_CLOCKWISE = {n: tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) for n in range(2, 6)}


@dataclass(frozen=True)
class TakeoverProfile:
    """The base-game parameters the expansion keeps (duck-typed like the base Profile)."""

    key: str = "TAKEOVER"
    beans: tuple[str, ...] = BEAN_TYPES
    start_fields: int = 3
    field_price: Optional[int] = None
    paid_to: str = "discard"
    deal: tuple[int, ...] = (5,)
    reveal_n: int = 0
    draw_n: int = 0
    end_at: int = 3
    tie_break: str = "HAND_CARDS"
    same_type_fields: bool = True
    trading: bool = False
    harvest_any_time: bool = False
    duel: bool = False
    players: tuple[int, ...] = (2, 3, 4, 5)

    def deal_for(self, offset: int) -> int:
        return 5


PROFILE_2 = TakeoverProfile(key="TAKEOVER-2", start_fields=2, end_at=1)
PROFILE_N = TakeoverProfile()


class Takeover(Bohnanza[TakeoverState]):
    """The ``takeover`` ruleset."""

    name = "takeover"
    LABELS = (ttext.action_label,)
    DESCRIBERS = (ttext.describe,)
    GROUP_CODES = ttext.GROUP_CODES
    title = GameTitle("takeover")
    rule_prefix = "T"
    STATE = TakeoverState
    PHASES = ("turn", "final", "over")
    notation = NOTATION
    cards = CARDS
    narration = NARRATION
    EXTRA_CARDS = 18  # the text cards
    NON_DECK_CARDS = frozenset({JOKER})  # may lie on a field in a scenario, but is a text card
    SINGLE_TYPE_FIELDS = False  # Mutant Bean stacks a next type onto a field (T-52)
    ORDERED_HANDS = False       # any hand card may be played (T-07)
    OPTIONS = {
        "start_seat": Option(None, "seat of the start player; None: chosen at random from the seed (setup 1)",
                             None, object),
        "first_exception": Option("first_turn", "A-1: the copy and takeover exception covers the start player's "
                                  "first turn, or the whole first round", ("first_turn", "first_round")),
        # Spec A-3 (the default, "none"): passive players are asked only while the copy limit
        # is open (T-30). "pass_only" is a house rule following one reading of the rule book
        # ("végig kell kérdezni az összes többi játékost", ask every other player): past the
        # limit they are still asked, may only pass, but may play special actions.
        "late_windows": Option("none", "A-3: players after the copy limit are not asked (the spec's reading, default); "
                               "pass_only is a house rule following one reading of the rule book: they are still asked, "
                               "may only pass, and may play special actions in their window", ("none", "pass_only")),
        "performed_scope": Option("turn", "A-4: who counts as having performed a takeover", ("turn", "sequence")),
        "chemistry_final_harvest": Option(False, "A-15: Chemistry Set also at the final harvest", (False, True)),
        "pirate_targets": Option("all", "A-28: Pirate Raid robs every eligible player, or a chosen subset",
                                 ("all", "subset")),

        # A study knob (the strategy lab's "what is this card worth"), not a rule: setup
        # leaves one text card out of the game; scenarios fix their text cards themselves.
        "without": Option(None, "study: leave this text card out of the game (None: all 18)", (None,) + TEXT_IDS),
    }

    # -- parameters --------------------------------------------------------------------
    def profile(self, state: TakeoverState) -> TakeoverProfile:
        return PROFILE_2 if len(state.players) == 2 else PROFILE_N

    def configurations(self) -> list[tuple[dict, int]]:
        return [({}, n) for n in (2, 3, 4, 5)]

    def end_at(self, t: TakeoverState) -> int:
        return 1 if t.n == 2 else 3

    NAME_FORBIDDEN = "#@:,+"  # "+" starts an attached text card (+mighty-field)

    def check_players(self, players: Sequence[str], options: dict) -> TakeoverProfile:
        if not 2 <= len(players) <= 5:
            raise OptionError(f"the takeover expansion is played by 2–5 players, not {len(players)}", rule="T-03")
        self.check_names(players)
        start = options.get("start_seat")
        if start is not None and not (isinstance(start, int) and 0 <= start < len(players)):
            raise OptionError(f"start_seat must be a seat from 0 to {len(players) - 1}, not {start!r}")
        return PROFILE_2 if len(players) == 2 else PROFILE_N

    def build_deck(self, prof: Edition) -> tuple[str, ...]:
        """T-01: the 104 cards of the original eight types plus 14 Snap (118)."""
        return tuple(b for b in BEAN_TYPES for _ in range(CARDS.beans[b].count))

    # -- setup (§2) ------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> TakeoverState:
        options = self.check_options(options)
        prof = self.check_players(players, options)
        n = len(players)
        state = rng.seed_state(seed)
        start = options["start_seat"]
        if start is None:
            start, state = rng.below(state, n)
        beans = list(self.build_deck(prof))
        beans.remove("garden")
        beans.remove("garden")  # T-04: two Garden lie under the deck
        order, state = rng.shuffled(state, beans)
        deck = list(order)
        fields: list[list[tuple[str]]] = [[] for _ in range(n)]
        for k in range(n):  # setup 4: each field gets one card, start player first, left to right
            seat = (start + k) % n
            fields[seat] = [(deck.pop(0),) for _ in range(prof.start_fields)]
        hands: list[list[str]] = [[] for _ in range(n)]
        for _ in range(5):
            for k in range(n):
                hands[(start + k) % n].append(deck.pop(0))
        text_order, state = rng.shuffled(state, tuple(c for c in TEXT_IDS if c != options.get("without")))
        texts = list(text_order)
        per = 3 if n == 2 else 2
        held: list[list[str]] = [[] for _ in range(n)]
        for _ in range(per):
            for k in range(n):
                held[(start + k) % n].append(texts.pop(0))
        ps = [TakeoverPlayer(name=nm, hand=tuple(hands[i]), fields=tuple(fields[i]), coins=(), pending=(),
                             bought=False, texts=tuple(held[i]), defense=(None,) * prof.start_fields, bonus=0)
              for i, nm in enumerate(players)]
        s = self.new_state(options, ps, tuple(deck), state, start)
        s.text_deck = tuple(texts)
        s.garden_under = ("garden", "garden")
        return s

    def new_state(self, options: dict[str, Any], players: Sequence[PlayerState], deck: tuple[str, ...], rng_state: int,
                  start: int) -> TakeoverState:
        s = super().new_state(options, players, deck, rng_state, start)
        s.phase = "turn"
        s.text_deck, s.text_discard, s.garden_under = (), (), ()
        s.flipped = False
        s.performers = ()
        s.window = None
        s.attack = None
        s.final_queue = ()
        s.final_started = False
        s.planting = ()
        s.harvested_final = ()
        return s

    def state_from_dict(self, d: dict) -> TakeoverState:
        return TakeoverState.from_dict(d)

    # -- who decides ------------------------------------------------------------------------
    def to_move(self, s: TakeoverState) -> tuple[int, ...]:
        if s.phase == "over":
            return ()
        return (deciding(s)[1],)  # the decisions table (:mod:`.decisions`)

    # -- helpers -------------------------------------------------------------------------------
    def first_turn(self, s: TakeoverState) -> bool:
        if s.options.get("first_exception") == "first_round":
            return s.turn <= s.n
        return s.turn == 1

    def copy_limit(self, s: TakeoverState, letter: str) -> int:
        n = len(s.players)  # (``s.n``, without the property's call: asked after every action)
        if n == 2:
            return 0 if letter == "e" else 1
        if letter == "f":
            return 2 if n == 5 else 1
        if self.first_turn(s):
            return n - 1
        return 2 if n == 5 else 1

    def corresponding(self, s: TakeoverState, k: int) -> int:
        """The field facing field ``k`` (0-based) of another player (A-5)."""
        if len(s.players) == 2:
            return 1 - k
        return k

    def deck_open(self, s: TakeoverState) -> bool:
        return not s.ending

    def role(self, s: TakeoverState, seat: int) -> str:
        """``seat``'s role now (:mod:`.decisions`): 'active', 'copier', 'final-harvester',
        'defender', 'answerer' or '' (not entitled)."""
        return role_of(s, seat)

    # -- legal actions (:mod:`.candidates`) -----------------------------------------------------
    def legal_actions(self, s: TakeoverState, player: Optional[str] = None) -> LegalActions:
        seats = range(len(s.players)) if player is None else [s.seat_of(player)]
        out: list[Action] = []
        for seat in seats:
            if seat is not None and s.phase != "over":
                legal_into(self, s, seat, out)
        return LegalActions(self, s, out)

    def legal_for_seat(self, s: TakeoverState, seat: int) -> tuple[list[Action], dict[str, tuple[str, ...]]]:
        out: list[Action] = []
        if s.phase != "over":
            if self.check_every_candidate:
                legal_into(self, s, seat, out)
            else:  # as legal_into, one call less: it is asked at every decision
                collect(self, s, seat, True, out, True)
        return out, {}  # no trading in the expansion (T-08)

    def may_interject(self, state: TakeoverState) -> bool:
        return False  # no trading (T-08): only the seat the game waits for acts

    #: Debug switch: build the legal actions by checking every candidate (slower; the same list).
    #: Set it on an instance of its own (``beannb bench`` does), not on the registered one.
    check_every_candidate: bool = False

    # -- validation (the checks: :mod:`.checks`, :mod:`.textcards`) -----------------------------

    SEAT_RULE = "T-03"
    OVER_RULE = "T-43"

    def unknown_verb(self, s: TakeoverState, a: Action) -> IllegalAction:
        return refuse("T-08", "unknown-verb", verb=a.VERB)

    # -- apply ------------------------------------------------------------------------------------------
    def before_do(self, t: TakeoverState, seat: int, a: Action, ev: list[Event]) -> str:
        return role_of(t, seat)  # who acted: what follows the action depends on it

    def after_do(self, t: TakeoverState, seat: int, a: Action, ev: list[Event], role: str) -> None:
        letter = cast(TAction, a).LETTER  # a normal action a)-e) is copied; a final-harvest step is not (T-42)
        if letter and t.attack is None and not (letter == "d" and role == FINAL_HARVESTER):
            self._after_normal(t, seat, role, a, ev)  # a takeover waiting for a defence continues later
        if t.ending or t.final_started:  # nothing to settle before the trigger
            self._settle(t, ev)

    # normal actions
    def use_text(self, t: TakeoverState, seat: int, card: str, ev: list[Event], to_discard: bool = True,
                 shown: bool = True) -> None:
        """Take a text card from the hand; ``shown`` is False for a card laid face down (a
        defence, T-25): then no event names it, since the log is read by every seat."""
        p = t.players[seat]
        texts = list(p.texts)
        texts.remove(card)
        t.set_player(seat, p.replace(texts=tuple(texts)))
        if to_discard:
            t.text_discard = t.text_discard + (card,)
        if shown:
            ev.append(Event("text_card", p.name, {"card": card}, "T-12"))

    def set_field(self, t: TakeoverState, seat: int, k: int, cards: tuple) -> None:
        p = t.players[seat]
        fields = list(p.fields)
        fields[k] = tuple(cards)
        t.set_player(seat, p.replace(fields=tuple(fields)))
        if not field_type(cards):  # empty, or a lone Joker
            p = t.players[seat]
            if JOKER in cards:
                t.text_discard = t.text_discard + (JOKER,)
                fields = list(p.fields)
                fields[k] = ()
                t.set_player(seat, p.replace(fields=tuple(fields)))
            self.end_protection(t, seat, k)

    def end_protection(self, t: TakeoverState, seat: int, k: int, ev=None) -> None:
        p = t.players[seat]
        card = p.defense[k]
        if card is None:
            return
        defense = list(p.defense)
        defense[k] = None
        t.set_player(seat, p.replace(defense=tuple(defense)))
        t.text_discard = t.text_discard + (card,)

    def _do_play(self, t: TakeoverState, seat: int, a: Play, ev: list[Event]) -> None:
        p = t.players[seat]
        hand = list(p.hand)
        for _ in range(a.count):
            hand.remove(a.bean)
        kept = tuple(hand)
        mutant = a.attached("mutant-bean")
        if mutant:
            t.set_player(seat, p.replace(hand=kept))
            self.use_text(t, seat, "mutant-bean", ev)
            p = t.players[seat]
            kept = p.hand
        # The cards go on top: the field has a type (no lone Joker to clear, A-24) and keeps
        # its protection.
        fields = list(p.fields)
        fields[a.field - 1] += (a.bean,) * a.count
        p = p.copy()  # a new seat, filled in before anyone sees it
        p.hand, p.fields = kept, tuple(fields)
        t.set_player(seat, p)
        ev.append(Event("t_play", p.name, {"bean": a.bean, "count": a.count, "field": a.field,
                                           "mutant": mutant}, "T-52" if mutant else "T-17"))

    def _do_merge(self, t: TakeoverState, seat: int, a: Merge, ev: list[Event]) -> None:
        p = t.players[seat]
        src, dst = p.fields[a.src - 1], p.fields[a.dst - 1]
        if a.attached("mutant-bean"):
            self.use_text(t, seat, "mutant-bean", ev)
        self.set_field(t, seat, a.dst - 1, dst + src)
        self.set_field(t, seat, a.src - 1, ())  # ends the moved field's protection (T-28)
        ev.append(Event("merge", p.name, {"src": a.src, "dst": a.dst, "size": len(dst) + len(src)}, "T-18"))

    def _do_turn_up(self, t: TakeoverState, seat: int, a: TurnUp, ev: list[Event]) -> None:
        card = self.take_top(t, ev)
        p = t.players[seat]
        self.set_field(t, seat, a.field - 1, (card,))
        ev.append(Event("turn_up", p.name, {"bean": card, "field": a.field}, "T-20"))

    def _do_harvest_takeover(self, t: TakeoverState, seat: int, a: THarvest, ev: list[Event]) -> None:
        role = role_of(t, seat)
        self.harvest_field(t, seat, a.field - 1, a, ev, final=role == FINAL_HARVESTER)
        if role == ACTIVE:
            t.flipped = True
            ev.append(Event("flip", t.players[seat].name, {}, "T-16"))
        if role == FINAL_HARVESTER:
            t.harvested_final = t.harvested_final + ((seat,) if seat not in t.harvested_final else ())

    def harvest_plan(self, s: TakeoverState, seat: int, k: int, a: Optional[TAction]) -> dict:
        """What harvesting field ``k`` pays: base coins and text cards, each Pizza's bonus (T-54, A-8, A-19)."""
        p = s.players[seat]
        f = p.fields[k]
        n = len(f)
        ftype = field_type(f)
        meter = cast(str, ftype)  # a field harvested holds beans (the checks: B-32), so it has a type
        if a is not None and a.attached("chemistry-set"):  # another field's beanometer (T-53)
            meter = cast(str, chemistry_meter(p, a, meter))  # a field with beans (T-53)
        texts, coins = coins_for(meter, n, s.ending)
        pizza: dict[str, int] = {}
        if a is not None and a.attach:  # the Pizzas (T-54): Overflow replaces the payout, the others add
            for card, payout in PAYOUTS:
                if a.attached(card):
                    pizza[card], coins = payout(s, p, meter, n, coins)
        return {"meter": meter, "type": ftype, "cards": n, "texts": texts, "coins": coins, "pizza": pizza}

    def harvest_field(self, t: TakeoverState, seat: int, k: int, a: Optional[TAction], ev: list[Event],
                      final: bool) -> None:
        plan = self.harvest_plan(t, seat, k, a)
        p = t.players[seat]
        f = p.fields[k]
        if a is not None:
            for att in a.attach:
                self.use_text(t, seat, att.split("@")[0], ev)
        p = t.players[seat]
        beans = [c for c in f if c != JOKER]
        real = min(plan["coins"], len(beans))
        short = plan["coins"] - real
        t.discard = t.discard + tuple(beans[real:])
        if JOKER in f:
            t.text_discard = t.text_discard + (JOKER,) * f.count(JOKER)
        drawn = self.draw_texts(t, plan["texts"])
        p = t.players[seat]
        fields = list(p.fields)
        fields[k] = ()
        t.set_player(seat, p.replace(fields=tuple(fields), coins=p.coins + tuple(beans[:real]), bonus=p.bonus + short,
                                     texts=p.texts + tuple(drawn)))
        self.end_protection(t, seat, k)
        ev.append(Event("t_harvest", p.name, {"field": k + 1, "bean": plan["type"], "cards": plan["cards"],
                                              "coins": plan["coins"], "texts": len(drawn), "meter": plan["meter"],
                                              "final": final}, "T-42" if final else ("T-09" if plan["type"] == SNAP else "T-21")))

    def draw_texts(self, t: TakeoverState, n: int) -> list[str]:
        """T-11: an empty text deck is rebuilt from the shuffled text discards."""
        out = []
        for _ in range(n):
            if not t.text_deck:
                if not t.text_discard:
                    break
                t.text_deck, t.rng = rng.shuffled(t.rng, t.text_discard)
                t.text_discard = ()
            out.append(t.text_deck[0])
            t.text_deck = t.text_deck[1:]
        return out

    def _do_takeover(self, t: TakeoverState, seat: int, a: HostileTakeover, ev: list[Event]) -> None:
        target = t.seat_of(a.target)
        assert target is not None, "a legal takeover's target sits at the table (check_takeover)"
        k = a.field - 1
        own = (a.using or self.corresponding(t, k) + 1) - 1
        copy = role_of(t, seat) == COPIER
        if seat not in t.performers:
            t.performers = t.performers + (seat,)
        ev.append(Event("takeover", a.player, {"target": a.target, "field": a.field, "own": own + 1,
                                               "cards": list(a.attach)}, "T-22"))
        if t.players[seat].defense[own] is not None:  # attacking with a protected field ends it (T-28)
            self.end_protection(t, seat, own)
        no_defense = False
        if a.attach:  # T-44, T-45, T-46: declared with these cards, a takeover cannot be defended
            no_defense = a.attached("mighty-field") or a.attached("variable-field") or a.attached("strong-takeover")
            for card in ("mighty-field", "variable-field"):
                if a.attached(card):
                    self.use_text(t, seat, card, ev)
            if a.attached("strong-takeover"):
                self.use_text(t, seat, "strong-takeover", ev)
                if t.players[target].defense[k] is not None:
                    self._overcome(t, seat, target, k, ev)
        if no_defense or not t.players[target].texts:
            self._swap(t, seat, own, target, k, ev)
        else:
            t.attack = Attack(seat, own, target, k, copy)

    def _swap(self, t: TakeoverState, seat: int, own: int, target: int, k: int, ev: list[Event]) -> None:
        """T-24: the two fields' whole contents trade places."""
        players = list(t.players)
        p, q = players[seat], players[target]
        mine, theirs = p.fields[own], q.fields[k]
        pf, qf = list(p.fields), list(q.fields)
        pf[own], qf[k] = theirs, mine
        players[seat] = p = p.copy()  # new seats, filled in before anyone sees them
        players[target] = q = q.copy()
        p.fields, q.fields = tuple(pf), tuple(qf)
        t.players = tuple(players)
        ev.append(Event("swap", p.name, {"target": q.name, "own": own + 1, "field": k + 1,
                                         "got": len(theirs), "gave": len(mine)}, "T-24"))

    def _overcome(self, t: TakeoverState, seat: int, target: int, k: int, ev: list[Event]) -> None:
        """Strong Takeover: the defence card becomes the attacker's; the target draws 1 (T-46)."""
        q = t.players[target]
        card = q.defense[k]
        defense = list(q.defense)
        defense[k] = None
        t.set_player(target, q.replace(defense=tuple(defense)))
        p = t.players[seat]
        t.set_player(seat, p.replace(texts=p.texts + (card,)))
        drawn = self.draw_texts(t, 1)
        q = t.players[target]
        t.set_player(target, q.replace(texts=q.texts + tuple(drawn)))
        ev.append(Event("overcome", p.name, {"target": q.name, "drawn": len(drawn)}, "T-46"))

    def _do_defend(self, t: TakeoverState, seat: int, a: Defend, ev: list[Event]) -> None:
        at = t.attack
        assert at is not None, _ATTACK
        self.use_text(t, seat, a.card, ev, to_discard=False, shown=False)
        q = t.players[seat]
        defense = list(q.defense)
        defense[at.field] = a.card
        t.set_player(seat, q.replace(defense=tuple(defense)))
        ev.append(Event("defend", a.player, {"field": at.field + 1}, "T-25"))
        if t.players[at.attacker].texts:
            t.attack = Attack(at.attacker, at.own, at.target, at.field, at.is_copy, "answer")
        else:
            self._finish_attack(t, ev)

    def _do_allow(self, t: TakeoverState, seat: int, a: Allow, ev: list[Event]) -> None:
        at = t.attack
        assert at is not None, _ATTACK
        self._swap(t, at.attacker, at.own, at.target, at.field, ev)
        self._finish_attack(t, ev)

    def _do_concede(self, t: TakeoverState, seat: int, a: Concede, ev: list[Event]) -> None:
        at = t.attack
        assert at is not None, _ATTACK
        ev.append(Event("repelled", a.player, {"target": t.players[at.target].name}, "T-25"))
        self._finish_attack(t, ev)

    def _do_overrule(self, t: TakeoverState, seat: int, a: Overrule, ev: list[Event]) -> None:
        at = t.attack
        assert at is not None, _ATTACK
        self.use_text(t, seat, "strong-takeover", ev)
        self._overcome(t, seat, at.target, at.field, ev)
        self._swap(t, at.attacker, at.own, at.target, at.field, ev)
        self._finish_attack(t, ev)

    def _finish_attack(self, t: TakeoverState, ev: list[Event]) -> None:
        at = t.attack
        assert at is not None, _ATTACK
        t.attack = None
        self._after_normal(t, at.attacker, COPIER if at.is_copy else ACTIVE, HostileTakeover(t.players[at.attacker].name), ev)

    def _after_normal(self, t: TakeoverState, seat: int, role: str, a: Action, ev: list[Event]) -> None:
        """Open the response windows after the card holder's action, or advance the
        window after a copy (T-30, T-36)."""
        if role == COPIER:
            w = t.window
            assert w is not None, _WINDOW
            copies = w.copies + 1
            first = w.first_copier if w.first_copier is not None else seat
            self._advance_window(t, _window((w.letter, w.actor, w.queue, copies, w.limit, first, w.late)), ev)
            return
        letter = "f" if role == FINAL_HARVESTER else cast(TAction, a).LETTER
        if not letter:
            return
        if role == ACTIVE and t.options.get("performed_scope") == "sequence":
            t.performers = (seat,) if letter == "e" else ()
        limit = self.copy_limit(t, letter)
        if limit == 0 and t.options.get("late_windows") != "pass_only":
            return
        queue = _CLOCKWISE[len(t.players)][seat]  # the others, clockwise from the left
        if letter == "f":  # only players whose final-harvest step is still to come
            queue = tuple(i for i in queue if i in t.final_queue[1:])
        if not queue:
            return
        w = _window((letter, seat, queue, 0, limit, None, limit == 0))
        t.window = w
        ev.append(Event("window", t.players[seat].name, {"letter": letter, "asked": t.players[queue[0]].name}, "T-30"))

    def _advance_window(self, t: TakeoverState, w: Window, ev: list[Event]) -> None:
        queue = w.queue[1:]
        late = w.late or w.copies >= w.limit
        if late and t.options.get("late_windows") != "pass_only":
            queue = ()
        if not queue:
            t.window = None
            ev.append(Event("window_closed", None, {}, "T-30"))
            return
        t.window = _window((w.letter, w.actor, queue, w.copies, w.limit, w.first_copier, late))

    def _do_pass(self, t: TakeoverState, seat: int, a: Pass, ev: list[Event]) -> None:
        ev.append(Event("pass", a.player, {}, "T-31"))
        w = t.window
        assert w is not None, _WINDOW
        self._advance_window(t, w, ev)

    def draw_into_hand(self, t: TakeoverState, seat: int, n: int, ev: list[Event]) -> int:
        got = self.take_cards(t, n, ev)
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + tuple(got)))
        if got:
            ev.append(Event("draw", p.name, {"count": len(got), "beans": got}, "T-37"))
        return len(got)

    # deck passes with the Garden beans (T-38…T-40)
    def deck_ran_out(self, t: TakeoverState, ev: list[Event]) -> None:
        while not t.deck and not t.ending:
            t.exhausted += 1
            ev.append(Event("exhausted", None, {"count": t.exhausted, "end_at": self.end_at(t)}, "T-40"))
            if t.exhausted >= self.end_at(t):
                t.ending = True
                ev.append(Event("trigger", None, {}, "T-40"))
                break
            garden = t.garden_under[:1]
            t.garden_under = t.garden_under[1:]
            t.deck, t.rng = rng.shuffled(t.rng, t.discard + garden)
            t.discard = ()
            ev.append(Event("reshuffle", None, {"cards": len(t.deck), "garden": len(garden)},
                            "T-38" if t.exhausted == 1 else "T-39"))

    # end of turn (T-37) and the final phase (T-42)
    def _do_end_turn(self, t: TakeoverState, seat: int, a: EndTurn, ev: list[Event]) -> None:
        if role_of(t, seat) == FINAL_HARVESTER:
            self._next_final(t, ev)
            return
        n = len(t.players)
        if t.ending:  # the card holder's final actions are over: the final harvest begins
            t.phase = "final"
            t.final_started = True
            t.final_queue = tuple((seat + k) % n for k in range(n))
            ev.append(Event("final_harvest", t.players[seat].name, {}, "T-42"))
            return
        for i, q in enumerate(t.players):
            if q.defense.count(None) < len(q.defense):  # a defence card lies on a field of theirs
                for k in range(len(q.fields)):
                    self.end_protection(t, i, k)
        t.performers = ()
        t.flipped = False
        old = seat
        t.active = (seat + 1) % n
        t.turn += 1
        ev.append(Event("turn", t.players[t.active].name, {"turn": t.turn}, "T-37"))
        for k in range(n):  # the ex-active player first, then clockwise from the new one
            who = old if k == 0 else (t.active + k - 1) % n
            need = 5 - len(t.players[who].hand)
            if need > 0:
                self.draw_into_hand(t, who, need, ev)
        if t.ending:
            t.phase = "final"

    def _next_final(self, t: TakeoverState, ev: list[Event]) -> None:
        t.final_queue = t.final_queue[1:]
        if not t.final_queue:
            self.finish(t, ev, "T-42")

    def _settle(self, t: TakeoverState, ev: list[Event]) -> None:
        """Automatic steps: skip a final-harvest step with nothing to do; end the game."""
        if t.phase == "turn" and t.ending:
            t.phase = "final"
        while t.final_started and t.phase != "over" and t.window is None and t.attack is None:
            seat = t.final_queue[0]
            p = t.players[seat]
            if any(p.fields):
                break
            # The step is theirs while anything but ending it is possible: a special action
            # (§4, e.g. Seed Trade or Hand Swap) or Final Planting; otherwise it passes on.
            if any(a.VERB != "end-turn" for a in self.legal_actions(t, p.name)):
                break
            self._next_final(t, ev)

    def finish(self, t: TakeoverState, ev: list[Event], rule: str) -> None:
        t.end_rule = rule
        t.scores = tuple(self.score(t, i) for i in range(t.n))
        t.winners = self.winners(t)
        t.phase = "over"
        ev.append(Event("winner", None, {"winners": [t.players[i].name for i in t.winners],
                                         "scores": {p.name: sc for p, sc in zip(t.players, t.scores)}}, "T-43"))

    def score(self, t: TakeoverState, seat: int) -> int:
        """T-43: pennies = 100 × coins + 10 × text cards still held."""
        p = t.players[seat]
        return 100 * (len(p.coins) + p.bonus) + 10 * len(p.texts)

    # -- views -----------------------------------------------------------------------------------------
    def observe(self, s: TakeoverState, seat: Optional[int]) -> dict[str, Any]:
        obs = super().observe(s, seat)
        for i, (po, p) in enumerate(zip(obs["players"], s.players)):
            visible = seat is None or seat == i
            po["texts"] = list(p.texts) if visible else None
            po["text_count"] = len(p.texts)
            po["protected"] = [k + 1 for k, d in enumerate(p.defense) if d]
            po["bonus"] = p.bonus
            po["coins"] = len(p.coins) + p.bonus
            po["field_types"] = [field_type(f) for f in p.fields]
        obs.update({
            "no_pending": True,
            "text_deck": len(s.text_deck), "text_discard": list(s.text_discard), "garden_under": len(s.garden_under),
            "flipped": s.flipped, "performers": [s.players[i].name for i in s.performers],
            "window": self._window_text(s), "end_at": self.end_at(s),
            "attack": None if s.attack is None else {"attacker": s.players[s.attack.attacker].name,
                                                     "target": s.players[s.attack.target].name,
                                                     "field": s.attack.field + 1, "stage": s.attack.stage},
        })
        return obs

    def _window_text(self, s: TakeoverState) -> Optional[dict]:
        """The open response window as data (the view words it)."""
        w = s.window
        if w is None:
            return None
        return {"letter": w.letter, "actor": s.players[w.actor].name, "asked": s.players[w.queue[0]].name,
                "copies": w.copies, "limit": w.limit}

    def table(self, s: TakeoverState) -> dict[str, Any]:
        t = super().table(s)
        for p in s.players:
            t[f"{p.name}.texts"] = list(p.texts)
            t[f"{p.name}.text_count"] = len(p.texts)
            t[f"{p.name}.protected"] = [k + 1 for k, d in enumerate(p.defense) if d]
            t[f"{p.name}.defence_cards"] = list(p.defense)  # per field: the text card face down on it (T-25)
            t[f"{p.name}.coins"] = len(p.coins) + p.bonus
            t[f"{p.name}.field_types"] = [field_type(f) for f in p.fields]
            t[f"{p.name}.third_field"] = len(p.fields) >= 3
        t.update({
            "text_deck.size": len(s.text_deck), "text_discard": list(s.text_discard),
            "text_discard.top": s.text_discard[-1] if s.text_discard else None,
            "text_discard.size": len(s.text_discard),
            "garden_under": len(s.garden_under), "flipped": s.flipped,
            "performers": [s.players[i].name for i in s.performers],
            "asked": s.players[s.window.queue[0]].name if s.window else None,
            "window": s.window.letter if s.window else None,
            "defending": s.players[s.attack.target].name if s.attack and s.attack.stage == "defend" else None,
            "final": s.final_started,
            "final_harvest": s.players[s.final_queue[0]].name if s.final_started and s.final_queue else None,
        })
        return t

    #: The expansion's verbs (none of the base game's: its turn is its own, T-07): the normal
    #: actions and the answers to a takeover, then the text cards' special actions (§4).
    VERBS = Verbs({
        "play": Verb(check_play, _do_play),
        "merge": Verb(check_merge, _do_merge),
        "turn-up": Verb(check_turn_up, _do_turn_up),
        "harvest": Verb(check_harvest, _do_harvest_takeover),
        "takeover": Verb(check_takeover, _do_takeover),
        "pass": Verb(check_pass, _do_pass),
        "end-turn": Verb(check_end_turn, _do_end_turn),
        "defend": Verb(check_defend, _do_defend),
        "allow": Verb(check_allow, _do_allow),
        "concede": Verb(check_concede, _do_concede),
        "overrule": Verb(check_overrule, _do_overrule),
        **{card.verb: Verb(card.check, card.apply) for card in TEXT_CARD_RULES.values()
           if card.verb and card.check and card.apply},
    })
