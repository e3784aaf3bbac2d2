"""The hostile-takeover expansion (spec ``takeover.md``, rules T-01…T-61; seed 000).

No trading: the active player takes normal actions a)–e) in any order (play, merge, turn
up, harvest once, hostile takeover); after each, passive players may copy it in response
windows; takeovers can be defended with a face-down text card; 18 text cards give special
actions. The base game's mechanics (the beanometer, the single-bean rule, the deck, the
tie-break) are reused from :mod:`beannb.rulesets.bohnanza`.

Who decides (``to_move``), in order of precedence:
    a takeover's target choosing to defend (``defend CARD`` / ``allow``); the attacker
    answering a defence (``overrule`` with Strong Takeover / ``concede``); the player asked
    in an open response window (copy / ``pass``); in the final harvest, the harvesting
    player; otherwise the active player.

Phases (``state.phase``): ``turn``, ``final`` (after the trigger: the card holder's final
actions, then the final harvest), ``over``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import compress
from operator import gt
from typing import Any, Callable, Optional, Sequence

from ...core import rng
from ...core.actions import Action
from ...core.errors import IllegalAction, OptionError
from ...core.memo import BoundedTable
from ...core.events import Event
from ...core.ruleset import LegalActions, Option, Verb, Verbs
from ...i18n.core import GameTitle
from ...i18n.messages import Message, Named
from ..bohnanza.rules import Bohnanza, PlayerTable, act
from ..bohnanza.state import GameState
from .actions import (
    Allow, Concede, Defend, EndTurn, ExtraCard, ExtraHarvest, FinalPlanting, Merge, Overrule, Pass,
    PirateRaid, PlaceJoker, Play, SeedTrade, SevenNewCards, SwapFields, SwapHands, TAction, HostileTakeover, THarvest,
    TurnUp, NOTATION,
)
from . import text as ttext
from .state import Attack, TakeoverPlayer, TakeoverState, Window
from .text import MESSAGES, NARRATION
from .cards import (
    CARDS, BEAN_TYPES, HANDICAP, JOKER, PIZZAS, SNAP, TEXT_IDS, coins_for, next_type, overflow_coins,
    step_bonus,
)



# --------------------------------------------------------------------------------------
# Field helpers (pure)
# --------------------------------------------------------------------------------------
def field_type(f: Sequence[str]) -> Optional[str]:
    """A field's type: its top bean card's type (A-14); a Joker takes the field's type."""
    for c in reversed(f):
        if c != JOKER:
            return c
    return None


def strength(f: Sequence[str], bonus: int = 0) -> tuple[int, int]:
    """Comparable strength: more cards first, then the lower handicap (T-23)."""
    return (len(f) + bonus, -HANDICAP[field_type(f)])


#: T-23 strength as one comparable number: cards × _CARD − handicap. Handicaps are below
#: _CARD, so the numbers order as ``strength`` does, and Mighty Field's extra card (T-44)
#: adds _CARD. An empty field's strength is 0 (it never beats one), its guard _UNBEATEN (it
#: is never beaten: an empty field takes no part in a takeover, T-22).
_CARD = 64
#: Distinct fields, field types or hands each table keeps.
_LIMIT = 20_000
_UNBEATEN = 1 << 30


def _strength_number(f: tuple) -> int:
    t = field_type(f)
    return len(f) * _CARD - HANDICAP[t] if t else 0


#: A field's type (A-14), strength number and guard, looked up (``map``) for every field at
#: every decision: fields are tuples, and only a few dozen different ones occur.
_type_of = BoundedTable(field_type, _LIMIT).__getitem__
_strength_of = BoundedTable(_strength_number, _LIMIT).__getitem__
_guard_of = BoundedTable(lambda f: _strength_number(f) or _UNBEATEN, _LIMIT).__getitem__


def _by_types(types: tuple[Optional[str], ...]) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]], bool]:
    """What a seat's field types say, as (empty, takes, paired): the empty fields (any card
    is played onto them, T-07, and turned up, T-20); for each type on a field, the fields a
    card of it is played onto (the empty ones and those of its type, T-07); whether two
    fields share a type (they merge, T-18)."""
    typed = [t for t in types if t]
    empty = tuple([k for k, t in enumerate(types) if t is None])
    takes = {t: tuple([k for k, u in enumerate(types) if u is None or u == t]) for t in typed}
    return empty, takes, len(set(typed)) < len(typed)


#: ``_by_types`` of field types (a few hundred values occur).
_by_types_of = BoundedTable(_by_types, _LIMIT).__getitem__


def _hand_counts(hand: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Each bean in ``hand`` with its count, by first appearance (as ``Counter(hand)``)."""
    return tuple((bean, hand.count(bean)) for bean in dict.fromkeys(hand))


#: ``_hand_counts`` of hands.
_counts_of = BoundedTable(_hand_counts, _LIMIT).__getitem__


def stronger(mine: Sequence[str], theirs: Sequence[str], bonus: int = 0) -> bool:
    return bool(mine) and bool(theirs) and strength(mine, bonus) > strength(theirs)


#: Text cards played as special actions of their own (§4): what ``_special_candidates`` lists.
_SPECIAL_CARDS = frozenset({"field-swap", "extra-card", "final-planting", "hand-swap", "joker", "pirate-raid",
                            "seed-trade", "seven-new-cards", "extra-harvest"})

#: The normal actions (letters a-e, and f: a Final Planting play) a seat may take, as shared
#: constants: they are asked for at every decision.
_NO_LETTERS: frozenset[str] = frozenset()
_ACTIVE_LETTERS = frozenset("abcde")
_ACTIVE_LETTERS_CLOSED = frozenset("abde")
_ONE_LETTER = {letter: frozenset(letter) for letter in "abcdef"}


#: Mutant Bean's next type for each bean type (T-52), looked up in the legal-action loops.
_NEXT_TYPE: dict[str, Optional[str]] = {b: next_type(b) for b in BEAN_TYPES}

#: A seat's rows of plays hold the counts 1.._ROW; a larger count of one bean (a rare hand)
#: is made with ``act``.
_ROW = 8

#: Fields a seat has at most: 3, or 2 with two players (setup 4); none are bought in the
#: expansion, and a scenario gives no seat more.
_MOST_FIELDS = 3


class _SeatActions(PlayerTable):
    """One player's actions that attach no text card (and plays with Mutant Bean): the legal
    lists take them from these rows (by field, up to _MOST_FIELDS) instead of making or
    looking up each one."""

    __slots__ = ("allow", "concede", "overrule", "pass_", "end_turn", "plays", "mutant_plays", "merges",
                 "turn_ups", "harvests", "takeovers")

    def __init__(self, me: str) -> None:
        super().__init__(me)
        self.allow, self.concede, self.overrule, self.pass_, self.end_turn = (
            act(cls, me) for cls in (Allow, Concede, Overrule, Pass, EndTurn))
        fields = range(1, _MOST_FIELDS + 1)
        #: bean -> field (0-based) -> count -> the plays of 1…count cards
        self.plays = {b: [_plays_upto(me, (), b, k) for k in fields] for b in BEAN_TYPES}
        self.mutant_plays = {b: [_plays_upto(me, ("mutant-bean",), b, k) for k in fields] for b in BEAN_TYPES}
        #: source field -> destination field (0-based) -> the merge
        self.merges = [[Merge(me, (), i, j) if i != j else None for j in fields] for i in fields]
        self.turn_ups = [TurnUp(me, (), k) for k in fields]
        self.harvests = [THarvest(me, (), k) for k in fields]
        #: target -> field (0-based) -> the takeover with the facing field
        self.takeovers: dict[str, list[Action]] = {}

    def takeover_row(self, target: str) -> list[Action]:
        """The takeovers of ``target``'s fields, made on first need."""
        row = self.takeovers[target] = [HostileTakeover(self.name, (), target, k) for k in range(1, _MOST_FIELDS + 1)]
        return row


def _plays_upto(me: str, attach: tuple, bean: str, field: int) -> tuple[tuple[Action, ...], ...]:
    """By count c (0.._ROW): the plays of 1…c ``bean`` onto ``field``."""
    plays = tuple(Play(me, attach, bean, c, field) for c in range(1, _ROW + 1))
    return tuple(plays[:c] for c in range(_ROW + 1))


#: ``_window((letter, actor, queue, copies, limit, first_copier, late))`` is
#: ``Window(letter, ...)`` without the named tuple's ``__new__``, a Python function: a window
#: is made after nearly every action.
_window = partial(tuple.__new__, Window)

#: Players -> seat -> the other seats, clockwise from its left (2–5 players, T-03).
_CLOCKWISE = {n: tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) for n in range(2, 6)}



def refuse(rule: str, code: str, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of the expansion's catalogue, filled with ``data``."""
    return IllegalAction(rule, MESSAGES.message(code, **data))


def _letter(letter: str) -> Message:
    """A normal action's name by its letter (a–f), shown in the reader's language."""
    return MESSAGES.message(f"letter-{letter}")


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


class Takeover(Bohnanza):
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
    def profile(self, state: GameState) -> TakeoverProfile:
        return PROFILE_2 if len(state.players) == 2 else PROFILE_N

    def configurations(self) -> list[tuple[dict, int]]:
        return [({}, n) for n in (2, 3, 4, 5)]

    def end_at(self, t: GameState) -> int:
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

    def build_deck(self, prof) -> tuple[str, ...]:
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
        deck, state = rng.shuffled(state, beans)
        deck = list(deck)
        fields = [[] for _ in range(n)]
        for k in range(n):  # setup 4: each field gets one card, start player first, left to right
            seat = (start + k) % n
            fields[seat] = [(deck.pop(0),) for _ in range(prof.start_fields)]
        hands = [[] for _ in range(n)]
        for _ in range(5):
            for k in range(n):
                hands[(start + k) % n].append(deck.pop(0))
        texts, state = rng.shuffled(state, tuple(c for c in TEXT_IDS if c != options.get("without")))
        texts = list(texts)
        per = 3 if n == 2 else 2
        held = [[] for _ in range(n)]
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

    def new_state(self, options, players, deck, rng_state, start) -> TakeoverState:
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
        if s.attack is not None:
            return (s.attack.target if s.attack.stage == "defend" else s.attack.attacker,)
        if s.window is not None:
            return (s.window.queue[0],)
        if s.final_started:
            return (s.final_queue[0],)
        return (s.active,)

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

    # entitlement: what kind of turn position a seat is in now
    def role(self, s: TakeoverState, seat: int) -> str:
        """'active', 'copier', 'final-harvester', 'defender', 'answerer' or '' (not entitled)."""
        if s.phase == "over":
            return ""
        if s.attack is not None:
            if s.attack.stage == "defend":
                return "defender" if seat == s.attack.target else ""
            return "answerer" if seat == s.attack.attacker else ""
        if s.window is not None:
            return "copier" if seat == s.window.queue[0] else ""
        if s.final_started:
            return "final-harvester" if seat == s.final_queue[0] else ""
        return "active" if seat == s.active else ""

    # -- legal actions ----------------------------------------------------------------------------
    def legal_actions(self, s: TakeoverState, player: Optional[str] = None) -> LegalActions:
        seats = range(len(s.players)) if player is None else [s.seat_of(player)]
        out: list[Action] = []
        for seat in seats:
            if seat is not None and s.phase != "over":
                self._legal_into(s, seat, out)
        return LegalActions(self, s, out)

    def legal_for_seat(self, s: TakeoverState, seat: int) -> tuple[list[Action], dict[str, tuple[str, ...]]]:
        out: list[Action] = []
        if s.phase != "over":
            if self.check_every_candidate:
                self._legal_into(s, seat, out)
            else:  # as _legal_into, one call less: it is asked at every decision
                self._collect(s, seat, True, out, True)
        return out, {}  # no trading in the expansion (T-08)

    def may_interject(self, state: TakeoverState) -> bool:
        return False  # no trading (T-08): only the seat the game waits for acts

    def _legal_into(self, s: TakeoverState, seat: int, out: list[Action]) -> None:
        """Append ``seat``'s legal actions to ``out``, in the order of :meth:`_candidates`."""
        if self.check_every_candidate:  # the reference way (tests, ``beannb bench --compare``)
            why_not = self.refusal
            out.extend(a for a in self._candidates(s, seat) if why_not(s, a) is None)
        else:  # exact candidates are legal by construction; the rest are checked
            self._collect(s, seat, True, out, True)

    def _candidates(self, s: TakeoverState, seat: int, exact: bool = False) -> list[Action]:
        """What ``seat`` might do now, each still to be checked by ``refusal``. ``exact`` leaves
        out the candidates the most frequent refusals (T-15, T-21, T-27, T-33, T-34, T-46)
        would reject. The test suite checks that both ways give the same legal actions."""
        out: list[Action] = []
        self._collect(s, seat, exact, out, False)
        return out

    def _collect(self, s: TakeoverState, seat: int, exact: bool, out: list[Action], check: bool) -> None:
        """Append every candidate of ``seat`` to ``out``, in one fixed order. With ``exact``
        the candidates that are legal by construction (plays, merges, turn-ups, plain
        harvests, takeovers, passes, ends of turn, defences and their answers) leave out what
        their rules refuse; the others (text-card actions, harvests with a text card
        attached) are checked by ``refusal`` first when ``check`` is set, so that
        legal_actions seldom builds a refusal only to drop it."""
        role = self.role(s, seat)
        if not role:
            return
        p = s.players[seat]
        mine = _SeatActions.TABLE[p.name]
        if role == "defender":
            out.append(mine.allow)
            me = p.name
            out += [act(Defend, me, (), c) for c in dict.fromkeys(p.texts)]
            return
        if role == "answerer":
            out.append(mine.concede)
            if not exact or "strong-takeover" in p.texts:  # T-46
                out.append(mine.overrule)
            return
        letters = self._letters(s, seat, role)
        if letters and letters is not _ONE_LETTER["e"]:  # a copied takeover asks no field types
            types = tuple(map(_type_of, p.fields))
            empty, takes, paired = _by_types_of(types)
            if "a" in letters or "f" in letters:
                self._play_candidates(p, types, empty, takes, mine, out)
            if "b" in letters and (paired or "mutant-bean" in p.texts):
                self._merge_candidates(p, types, mine, out)
            if "c" in letters and (s.deck or not exact):  # T-41
                turn_ups = mine.turn_ups
                for k in empty:
                    out.append(turn_ups[k])
            if "d" in letters and not (exact and role == "active" and s.flipped):  # T-15
                self._harvest_candidates(s, seat, p, types, exact, mine, out, check)
        if "e" in letters:
            self._takeover_candidates(s, seat, p, role, exact, mine, out)
        if role == "copier":
            out.append(mine.pass_)
        elif role == "active":
            out.append(mine.end_turn)
        elif role == "final-harvester":
            self._final_candidates(s, seat, p, exact, mine, out, check)
        # special actions (text cards held; none without one)
        if p.texts and self._may_special(s, seat, role):
            self._special_candidates(s, seat, self._checker(s, out, check))

    #: Debug switch: build the legal actions by checking every candidate (slower; the same list).
    check_every_candidate: bool = False

    def _checker(self, s: TakeoverState, out: list[Action], check: bool) -> Callable[[Action], None]:
        """What takes a candidate that is not legal by construction: ``out.append``, after
        ``refusal`` has passed it when ``check`` is set."""
        if not check:
            return out.append
        why_not = self.refusal
        add = out.append

        def checked(a: Action) -> None:
            if why_not(s, a) is None:
                add(a)

        return checked

    def _play_candidates(self, p: TakeoverPlayer, types: tuple, empty: tuple, takes: dict, mine: "_SeatActions",
                         out: list[Action]) -> None:
        """a) Every count of every hand bean onto each field that takes it: an empty one or
        one of its type (T-07, T-17: ``empty``, ``takes``, see ``_by_types``), or with Mutant
        Bean one of the type before it (T-52)."""
        mutant = "mutant-bean" in p.texts
        for bean, cnt in _counts_of(p.hand):
            if mutant or cnt > _ROW:
                self._plays_of(p, types, bean, cnt, mutant, mine, out)
                continue
            rows = mine.plays[bean]
            for k in takes.get(bean, empty):
                out += rows[k][cnt]

    def _plays_of(self, p: TakeoverPlayer, types: tuple, bean: str, cnt: int, mutant: bool, mine: "_SeatActions",
                  out: list[Action]) -> None:
        """The plays of 1…``cnt`` ``bean`` onto each field in turn, with Mutant Bean (T-52)
        also onto a field of the type before it."""
        for k, tk in enumerate(types):
            if tk is None or tk == bean:
                attach, rows = (), mine.plays[bean]
            elif mutant and _NEXT_TYPE[tk] == bean:
                attach, rows = ("mutant-bean",), mine.mutant_plays[bean]
            else:
                continue
            out += rows[k][min(cnt, _ROW)]
            if cnt > _ROW:  # more cards of one bean than a row holds
                out += [act(Play, p.name, attach, bean, c, k + 1) for c in range(_ROW + 1, cnt + 1)]

    def _merge_candidates(self, p: TakeoverPlayer, types: tuple, mine: "_SeatActions", out: list[Action]) -> None:
        """b) Each field onto another of its type (T-18, T-19), or with Mutant Bean onto one
        of the type before it (T-52)."""
        mutant = "mutant-bean" in p.texts
        merges = mine.merges
        for i, ti in enumerate(types):
            if not ti:
                continue
            row = merges[i]
            for j, tj in enumerate(types):
                if i != j and tj:
                    if ti == tj:
                        out.append(row[j])
                    elif mutant and _NEXT_TYPE[tj] == ti:
                        out.append(Merge(p.name, ("mutant-bean",), i + 1, j + 1))

    def _harvest_candidates(self, s: TakeoverState, seat: int, p: TakeoverPlayer, types: tuple, exact: bool,
                            mine: "_SeatActions", out: list[Action], check: bool) -> None:
        """d) Each field with beans, but with ``exact`` not a single card while another field
        has more (T-21); with text cards held, also with each Pizza or Chemistry Set."""
        fields = p.fields
        single_ok = not exact or max(map(len, fields)) < 2  # T-21
        ks = [k for k, t in enumerate(types) if t and (single_ok or len(fields[k]) > 1)]
        if not p.texts:  # no Pizza, no Chemistry Set: the plain harvests only
            harvests = mine.harvests
            for k in ks:
                out.append(harvests[k])
            return
        checked = self._checker(s, out, check)
        for k in ks:
            self._harvest_variants(THarvest, s, seat, k, True, out.append, checked)

    def _takeover_candidates(self, s: TakeoverState, seat: int, p: TakeoverPlayer, role: str, exact: bool,
                             mine: "_SeatActions", out: list[Action]) -> None:
        """e) Each opponent's field that a field of ``seat`` beats (T-23), the one facing it
        (A-5) or, with Variable Field, any (T-45); with text cards, the takeovers they allow
        (T-44, T-46)."""
        performers = s.performers
        if role == "active" and s.options.get("performed_scope") == "sequence":
            performers = ()
        first = self.first_turn(s)
        w = s.window
        texts = p.texts
        with_cards = "strong-takeover" in texts or "mighty-field" in texts or "variable-field" in texts
        players = s.players
        n = len(players)
        two = n == 2
        skip = (seat,)  # the seats not to be attacked
        if exact and role == "copier":
            if two:  # T-35: with two players a takeover is never copied
                return
            skip += (s.active,)  # T-33
            if n == 5 and not first and w.first_copier is not None:  # T-57
                skip += (w.first_copier,)
        if exact and first:  # T-34
            skip += tuple(performers)
        takeovers = mine.takeovers
        own = tuple(map(_strength_of, p.fields))
        facing = tuple([own[1 - k] for k in range(len(own))]) if two else own
        for other, q in enumerate(players):
            if other in skip:
                continue
            if with_cards or not exact:
                theirs = tuple(map(_strength_of, q.fields))
                self._takeovers_with_cards(p, q, other in performers, exact, own, facing, theirs, out)
                continue
            # No text card to take over with: the fields that beat the ones they face (T-23),
            # and never a protected field (T-27).
            row = takeovers.get(q.name) or mine.takeover_row(q.name)
            beats = map(gt, facing, map(_guard_of, q.fields))
            defense = q.defense
            if any(defense):  # a defence card lies on a field
                out += [row[k] for k, ok in enumerate(beats) if ok and defense[k] is None]
            else:
                out += compress(row, beats)

    def _takeovers_with_cards(self, p: TakeoverPlayer, q: TakeoverPlayer, performer: bool, exact: bool,
                              own: tuple[int, ...], facing, theirs: tuple[int, ...], out: list[Action]) -> None:
        """The takeovers of ``q``'s fields when ``p`` holds a text card to take over with
        (or, without ``exact``, every candidate); ``performer``: ``q`` took over this turn."""
        me, target = p.name, q.name
        texts = p.texts
        strong, mighty, variable = "strong-takeover" in texts, "mighty-field" in texts, "variable-field" in texts
        plain_only = not (strong or mighty or variable)
        defense = q.defense
        add = out.append
        for k, th in enumerate(theirs):
            if not th:
                continue
            ms = facing[k]
            beats = ms > th
            if plain_only:  # no text card to take over with: T-27, never a protected field
                if beats and not (exact and defense[k] is not None):
                    add(act(HostileTakeover, me, (), target, k + 1))
                continue
            # T-27, T-46: a protected field only to Strong Takeover, which needs one;
            # T-34: Mighty or Variable Field never against a performer.
            prot = exact and defense[k] is not None
            unprot = exact and defense[k] is None
            if exact and (prot or performer):
                if prot and beats and strong:
                    add(act(HostileTakeover, me, ("strong-takeover",), target, k + 1))
                if prot:
                    continue
            if beats:
                add(act(HostileTakeover, me, (), target, k + 1))
                if strong and not unprot:
                    add(act(HostileTakeover, me, ("strong-takeover",), target, k + 1))
            if exact and performer:
                continue
            if mighty and ms and ms + _CARD > th:  # T-44: one card more
                add(act(HostileTakeover, me, ("mighty-field",), target, k + 1))
            if variable:
                for j, os_ in enumerate(own):
                    if os_ > th:
                        add(act(HostileTakeover, me, ("variable-field",), target, k + 1, j + 1))
                    if mighty and os_ and os_ + _CARD > th:  # cards combine
                        add(act(HostileTakeover, me, ("mighty-field", "variable-field"), target, k + 1, j + 1))

    def _final_candidates(self, s: TakeoverState, seat: int, p: TakeoverPlayer, exact: bool, mine: "_SeatActions",
                          out: list[Action], check: bool) -> None:
        """The final-harvest step: harvest each field (T-42), then end the step once all are."""
        checked = self._checker(s, out, check)
        chemistry = bool(s.options.get("chemistry_final_harvest"))
        for k in range(len(p.fields)):
            if exact and not p.fields[k]:  # T-21
                continue
            self._harvest_variants(THarvest, s, seat, k, chemistry, out.append, checked)
        if not exact or not any(p.fields):  # T-42
            out.append(mine.end_turn)

    def _harvest_variants(self, cls, s, seat, k, chemistry: bool, add, checked) -> None:
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

    def _special_candidates(self, s, seat, checked) -> None:
        p = s.players[seat]
        held = _SPECIAL_CARDS.intersection(p.texts)
        if not held:  # only cards played with other actions (Pizza, Mighty Field, ...) or defences
            return
        me = p.name
        nf = len(p.fields)
        if "field-swap" in held:
            for q in s.players:
                for i in range(len(q.fields)):
                    for j in range(i + 1, len(q.fields)):
                        checked(SwapFields(me, (), q.name, i + 1, j + 1))
        if "extra-card" in held:
            checked(ExtraCard(me))
        if "final-planting" in held:
            checked(FinalPlanting(me))
        if "hand-swap" in held:
            for q in s.players:
                if q.name != me:
                    checked(SwapHands(me, (), q.name))
        if "joker" in held:
            for k in range(nf):
                checked(PlaceJoker(me, (), k + 1))
        if "pirate-raid" in held:
            for k in range(nf):
                if p.fields[k]:
                    checked(PirateRaid(me, (), k + 1))
        if "seed-trade" in held:
            from itertools import combinations

            kinds = list(dict.fromkeys(p.hand))
            # Every choice of five types up to 6 types in hand; beyond that the first
            # five (any other choice is still accepted when written out).
            fives = list(combinations(kinds, 5)) if len(kinds) <= 6 else [tuple(kinds[:5])]
            for five in fives:
                for coin in five:
                    checked(SeedTrade(me, (), five, coin, False))
                    checked(SeedTrade(me, (), five, coin, True))
        if "seven-new-cards" in held:
            checked(SevenNewCards(me))
        if "extra-harvest" in held:
            for k in range(nf):
                if p.fields[k]:
                    self._harvest_variants(ExtraHarvest, s, seat, k, False, checked, checked)

    def _letters(self, s: TakeoverState, seat: int, role: str) -> frozenset[str]:
        """Which normal actions ``seat`` may take now (before checking each one's own rule)."""
        if role == "active":
            if s.final_started:
                return _NO_LETTERS
            return _ACTIVE_LETTERS if self.deck_open(s) else _ACTIVE_LETTERS_CLOSED  # T-41: no turn-up
        if role == "copier":
            w = s.window
            if w.late or w.copies >= w.limit:
                return _NO_LETTERS
            if w.letter == "c" and not self.deck_open(s):
                return _NO_LETTERS
            return _ONE_LETTER[w.letter]
        if role == "final-harvester":
            if seat in s.planting and seat not in s.harvested_final:
                return _ONE_LETTER["f"]
            return _NO_LETTERS
        return _NO_LETTERS

    def _may_special(self, s: TakeoverState, seat: int, role: str) -> bool:
        """§4 timing (T-14, T-58, T-60): own decision points only."""
        return role in ("active", "copier", "final-harvester")

    # -- validation --------------------------------------------------------------------------------
    SEAT_RULE = "T-03"
    OVER_RULE = "T-43"

    def unknown_verb(self, s: TakeoverState, a: Action) -> IllegalAction:
        return refuse("T-08", "unknown-verb", verb=a.VERB)

    def _not_now(self, s: TakeoverState, seat: int, what: Message, letter: str = "") -> IllegalAction:
        """Why ``seat`` may not take an action of its own (a normal action ``letter``, a pass,
        ending the turn: ``what``, a message naming it) at this moment: the most specific rule
        for where the game stands, saying whose decision it is (never "waits for" the refused
        player himself)."""
        name = lambda i: s.players[i].name  # noqa: E731
        act = name(s.active)
        role = self.role(s, seat)
        at = s.attack
        if role == "defender":
            return refuse("T-25", "not-now-defender", what=what, attacker=name(at.attacker), field=at.field + 1)
        if role == "answerer":
            strong = "strong-takeover" in s.players[seat].texts
            return refuse("T-46", "not-now-answerer" if strong else "not-now-answerer-none", what=what,
                          target=name(at.target))
        if role == "copier":
            w = s.window
            return refuse("T-31", "not-now-copier", what=what, actor=name(w.actor), letter=_letter(w.letter))
        if role == "final-harvester":
            return refuse("T-42", "not-now-final-harvester", what=what)
        if role == "active":
            return refuse("T-30", "not-now-active", what=what)
        if at is not None:
            if at.stage == "defend":
                return refuse("T-25", "not-now-defending", what=what, target=name(at.target), field=at.field + 1,
                              attacker=name(at.attacker))
            return refuse("T-46", "not-now-overcoming", what=what, attacker=name(at.attacker), target=name(at.target))
        w = s.window
        if w is not None:
            asked = name(w.queue[0])
            if w.letter == "f" and seat not in w.queue and seat != w.actor:
                return refuse("T-42", "not-now-final-planting", what=what, actor=name(w.actor), asked=asked)
            if seat in w.queue:
                return refuse("T-30", "not-now-queue", what=what, asked=asked)
            if seat == w.actor or seat == s.active:
                return refuse("T-30", "not-now-window", what=what, actor=name(w.actor), asked=asked)
            return refuse("T-30", "not-now-asked", what=what, asked=asked)
        if s.final_started:
            return refuse("T-42", "not-now-final-harvest", what=what, player=name(s.final_queue[0]))
        if s.ending and seat != s.active:
            return refuse("T-42", "not-now-ending", what=what, active=act)
        if seat != s.active:
            if letter == "e" and s.n == 2:
                return refuse("T-35", "not-now-two-players", active=act)
            limit = self.copy_limit(s, letter if letter in ("a", "b", "c", "d", "e") else "a")
            if self.first_turn(s):
                lim = MESSAGES.message("copy-limit-first-turn")
            else:
                lim = MESSAGES.message("copy-limit", n=limit, players=s.n)
            return refuse("T-30", "not-now-nobody-asked", what=what, active=act, limit=lim)
        return refuse("T-30", "not-now", what=what)

    def _normal_gate(self, s: TakeoverState, seat: int, letter: str) -> Optional[IllegalAction]:
        role = self.role(s, seat)
        if role == "active" and s.final_started:
            role = ""
        if role == "copier":
            w = s.window
            if s.n == 2 and w.letter == "e":
                return refuse("T-35", "copy-two-players")
            if w.late or w.copies >= w.limit:
                return refuse("T-32", "copy-limit-reached", players=s.n, n=w.limit)
            want = "a" if w.letter == "f" else w.letter
            if letter != want:
                return refuse("T-31", "copy-same-kind", letter=_letter(w.letter))
            if letter == "c" and not self.deck_open(s):
                return refuse("T-41", "deck-closed")
            return None
        if role == "final-harvester":
            if letter == "a" and seat in s.planting and seat not in s.harvested_final:
                return None
            return refuse("T-42", "final-harvest-step")
        if role != "active":
            return self._not_now(s, seat, MESSAGES.message("what-normal-action", letter=_letter(letter)), letter)
        return None

    def _owned_field(self, p, k: int, rule: str) -> Optional[IllegalAction]:
        if not 1 <= k <= len(p.fields):
            return refuse(rule, "no-such-field", field=k, n=len(p.fields))
        return None

    def _check_play(self, s: TakeoverState, seat: int, a: Play) -> Optional[IllegalAction]:
        err = self._normal_gate(s, seat, "a")
        if err:
            return err
        p = s.players[seat]
        err = self._owned_field(p, a.field, "T-17")
        if err:
            return err
        have = p.hand.count(a.bean)
        if a.count < 1 or have < a.count:
            return refuse("T-17", "play-count", have=have, bean=Named(CARDS, a.bean), count=a.count)
        f = p.fields[a.field - 1]
        ftype = field_type(f)
        if a.attached("mutant-bean"):
            return self._mutant_error(p, ftype, a.bean) or self._attach_gate(p, a, ("mutant-bean",))
        if f and ftype != a.bean:
            return refuse("T-17", "play-other-type", field=a.field, bean=Named(CARDS, ftype))
        return self._attach_gate(p, a, ())

    def _mutant_error(self, p, ftype: Optional[str], bean: Optional[str]) -> Optional[IllegalAction]:
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

    def _attach_gate(self, p, a: TAction, allowed: Sequence[str]) -> Optional[IllegalAction]:
        for att in a.attach:
            card = att.split("@")[0]
            if card not in allowed:
                return refuse("T-13", "card-not-with-action", card=Named(CARDS, card))
            if card not in p.texts:
                return refuse("T-12", "text-card-not-held", card=Named(CARDS, card))
        if len({x.split("@")[0] for x in a.attach}) != len(a.attach):
            return refuse("T-12", "text-card-twice")
        return None

    def _check_merge(self, s: TakeoverState, seat: int, a: Merge) -> Optional[IllegalAction]:
        err = self._normal_gate(s, seat, "b")
        if err:
            return err
        p = s.players[seat]
        for k in (a.src, a.dst):
            err = self._owned_field(p, k, "T-18")
            if err:
                return err
        if a.src == a.dst:
            return refuse("T-18", "merge-same-field")
        src, dst = p.fields[a.src - 1], p.fields[a.dst - 1]
        if not src or not dst:
            return refuse("T-19", "merge-empty")
        if a.attached("mutant-bean"):
            return self._mutant_error(p, field_type(dst), field_type(src)) or self._attach_gate(p, a, ("mutant-bean",))
        if field_type(src) != field_type(dst):
            return refuse("T-18", "merge-other-type", src=Named(CARDS, field_type(src)),
                          dst=Named(CARDS, field_type(dst)))
        return self._attach_gate(p, a, ())

    def _check_turn_up(self, s: TakeoverState, seat: int, a: TurnUp) -> Optional[IllegalAction]:
        if not self.deck_open(s):
            return refuse("T-41", "turn-up-closed")
        err = self._normal_gate(s, seat, "c")
        if err:
            return err
        p = s.players[seat]
        err = self._owned_field(p, a.field, "T-20")
        if err:
            return err
        if p.fields[a.field - 1]:
            empty = [str(i + 1) for i, f in enumerate(p.fields) if not f]
            if not empty:
                return refuse("T-20", "turn-up-no-empty", field=a.field)
            return refuse("T-20", "turn-up-not-empty", field=a.field, empty=", ".join(empty), n=len(empty))
        if not s.deck:
            return refuse("T-41", "deck-empty")
        return None

    def _check_harvest_takeover(self, s: TakeoverState, seat: int, a: THarvest) -> Optional[IllegalAction]:
        p = s.players[seat]
        role = self.role(s, seat)
        final = role == "final-harvester"
        if not final:
            err = self._normal_gate(s, seat, "d")
            if err:
                return err
            if role == "active" and s.flipped:
                return refuse("T-15", "harvested-already")
        err = self._owned_field(p, a.field, "T-21")
        if err:
            return err
        f = p.fields[a.field - 1]
        if not f:
            return refuse("B-32", "field-empty", field=a.field)   # nothing to harvest (T-21 is about one card)
        if not final and len(f) == 1 and any(len(g) >= 2 for g in p.fields):
            return refuse("T-21", "harvest-single-card", field=a.field)
        allowed = list(PIZZAS)
        if not final or s.options.get("chemistry_final_harvest"):
            allowed.append("chemistry-set")
        if final and any(x.startswith("chemistry-set") for x in a.attach) and "chemistry-set" not in allowed:
            return refuse("T-61", "chemistry-final")
        return self._attach_gate(p, a, allowed) or self._harvest_cards_error(s, seat, a)

    def _harvest_cards_error(self, s: TakeoverState, seat: int, a: THarvest) -> Optional[IllegalAction]:
        p = s.players[seat]
        if a.attached("chemistry-set"):
            j = a.attach_field("chemistry-set")
            if j is None or not 1 <= j <= len(p.fields) or j == a.field or not p.fields[j - 1]:
                return refuse("T-53", "chemistry-which")
            src = field_type(p.fields[j - 1])
            if src in ("garden", "red"):
                return refuse("T-53", "chemistry-not-bean", bean=Named(CARDS, src))
        plan = self.harvest_plan(s, seat, a.field - 1, a)
        for card, bonus in plan["pizza"].items():
            if not bonus:
                return refuse("T-54", "pizza-no-bonus", card=Named(CARDS, card))
        return None

    def _check_extra_harvest(self, s: TakeoverState, seat: int, a: ExtraHarvest) -> Optional[IllegalAction]:
        err = self._special_gate(s, seat, "extra-harvest")
        if err:
            return err
        p = s.players[seat]
        err = self._owned_field(p, a.field, "T-50")
        if err:
            return err
        if not p.fields[a.field - 1]:
            return refuse("B-32", "field-empty", field=a.field)   # Extra Harvest (T-50) needs beans too
        if a.attached("chemistry-set"):
            return refuse("T-61", "chemistry-extra-harvest")
        return self._attach_gate(p, a, list(PIZZAS)) or self._harvest_cards_error(s, seat, a)

    def _check_takeover(self, s: TakeoverState, seat: int, a: HostileTakeover) -> Optional[IllegalAction]:
        err = self._normal_gate(s, seat, "e")
        if err:
            return err
        if s.n == 2 and self.role(s, seat) == "copier":
            return refuse("T-35", "takeover-two-players")
        p = s.players[seat]
        err = self._attach_gate(p, a, ("mighty-field", "strong-takeover", "variable-field"))
        if err:
            return err
        target = s.seat_of(a.target)
        if target is None or target == seat:
            return refuse("T-22", "not-another-player", player=a.target)
        q = s.players[target]
        if not 1 <= a.field <= len(q.fields):
            return refuse("T-22", "player-has-no-field", player=q.name, field=a.field)
        variable = a.attached("variable-field")
        want = self.corresponding(s, a.field - 1) + 1
        own = a.using or (want if not variable else None)
        if own is None:
            return refuse("T-45", "variable-field-using")
        if not 1 <= own <= len(p.fields):
            return refuse("T-22", "own-field-missing", field=own)
        if not variable and own != want:
            return refuse("T-22", "not-facing", field=a.field, player=q.name, want=want, own=own)
        mine, theirs = p.fields[own - 1], q.fields[a.field - 1]
        if not mine or not theirs:
            return refuse("T-22", "takeover-empty")
        mighty = a.attached("mighty-field")
        if not stronger(mine, theirs, 1 if mighty else 0):
            rule = "T-44" if mighty else ("T-45" if variable else "T-23")
            return refuse(rule, "not-stronger-mighty" if mighty else "not-stronger",
                          mine=len(mine), mine_bean=Named(CARDS, field_type(mine)),
                          theirs=len(theirs), theirs_bean=Named(CARDS, field_type(theirs)))
        protected = q.defense[a.field - 1] is not None
        if a.attached("strong-takeover") and not protected:
            return refuse("T-46", "strong-takeover-when")
        if protected and (mighty or variable) or protected and not a.attached("strong-takeover"):
            return refuse("T-27", "field-protected", player=q.name, field=a.field)
        role = self.role(s, seat)
        if role == "copier":
            if target == s.active:
                return refuse("T-33", "copy-not-active")
            w = s.window
            if s.n == 5 and not self.first_turn(s) and w.first_copier is not None and target == w.first_copier:
                return refuse("T-57", "copy-not-first-copier", player=q.name)
        performers = set(s.performers)
        if s.options.get("performed_scope") == "sequence" and role == "active":
            performers = set()  # A-4 option: a new sequence starts with no performers
        if target in performers and (self.first_turn(s) or mighty or variable):
            return refuse("T-34", "performed-first-turn" if self.first_turn(s) else "performed-mighty", player=q.name)
        return None

    def _check_pass(self, s: TakeoverState, seat: int, a) -> Optional[IllegalAction]:
        if self.role(s, seat) != "copier":
            return self._not_now(s, seat, MESSAGES.message("what-passing"))
        return None

    def _check_end_turn(self, s: TakeoverState, seat: int, a) -> Optional[IllegalAction]:
        role = self.role(s, seat)
        if role == "final-harvester":
            if any(s.players[seat].fields):
                return refuse("T-42", "harvest-all-first")
            return None
        if role != "active":
            if seat != s.active and not s.final_started:
                act = s.players[s.active].name
                return refuse("T-37", "end-turn-active-only", active=act)
            return self._not_now(s, seat, MESSAGES.message("what-ending-turn"))
        return None

    #: Text cards declared with a takeover that leave the target no defence (§8 #7, #16, #17).
    NO_DEFENCE = {"mighty-field": "T-44", "variable-field": "T-45", "strong-takeover": "T-46"}

    def _no_defence(self, s: TakeoverState, seat: int, what: Message) -> IllegalAction:
        """Why ``seat`` (not deciding on a defence now) may not defend or allow a takeover."""
        name = lambda i: s.players[i].name  # noqa: E731
        at = s.attack
        if at is not None:
            if at.stage == "defend":
                return refuse("T-25", "defence-not-yours", what=what, attacker=name(at.attacker),
                              target=name(at.target), field=at.field + 1)
            if seat == at.target:
                return refuse("T-25", "defended-already", what=what, field=at.field + 1, attacker=name(at.attacker))
            return refuse("T-46", "not-now-overcoming", what=what, attacker=name(at.attacker), target=name(at.target))
        # A takeover of this turn took effect at once when it was declared with a card that
        # leaves no defence: the last text card used (the discard pile is public) says which.
        # (Its response window is open, or at 2 players, where none opens, it was this turn's.)
        card = s.text_discard[-1] if s.text_discard else None
        just_taken = bool(s.performers) and ((s.window is not None and s.window.letter == "e") or s.n == 2)
        if card in self.NO_DEFENCE and just_taken and seat != s.active:
            return refuse(self.NO_DEFENCE[card], "no-defence-possible", what=what, card=Named(CARDS, card))
        return refuse("T-25", "no-takeover-waiting", what=what)

    def _check_defend(self, s: TakeoverState, seat: int, a: Defend) -> Optional[IllegalAction]:
        if self.role(s, seat) != "defender":
            return self._no_defence(s, seat, MESSAGES.message("what-defence"))
        if a.card not in s.players[seat].texts:
            return refuse("T-25", "card-not-held", card=Named(CARDS, a.card))
        return None

    def _check_allow(self, s, seat, a) -> Optional[IllegalAction]:
        if self.role(s, seat) != "defender":
            return self._no_defence(s, seat, MESSAGES.message("what-allowing"))
        return None

    def _no_answer(self, s: TakeoverState, seat: int, what: Message) -> IllegalAction:
        """Why ``seat`` may not answer a defence (concede or overrule) now."""
        at = s.attack
        if at is not None and at.stage == "defend":
            return self._not_now(s, seat, what)
        if at is not None and at.stage == "answer":
            atk = s.players[at.attacker].name
            return refuse("T-46", "answer-not-yours", what=what, attacker=atk)
        return refuse("T-46", "no-defence-laid", what=what)

    def _check_concede(self, s, seat, a) -> Optional[IllegalAction]:
        if self.role(s, seat) != "answerer":
            return self._no_answer(s, seat, MESSAGES.message("what-conceding"))
        return None

    def _check_overrule(self, s, seat, a) -> Optional[IllegalAction]:
        if self.role(s, seat) != "answerer":
            return self._no_answer(s, seat, MESSAGES.message("what-strong-takeover"))
        if "strong-takeover" not in s.players[seat].texts:
            return refuse("T-46", "strong-takeover-not-held")
        return None

    # special actions (§4, §8)
    def _special_gate(self, s: TakeoverState, seat: int, card: str) -> Optional[IllegalAction]:
        role = self.role(s, seat)
        if s.final_started and s.window is None and role != "final-harvester":
            return refuse("T-60", "special-final-harvest")
        if not self._may_special(s, seat, role):
            return refuse("T-58" if seat == s.active else "T-14", "special-own-decision")
        if card not in s.players[seat].texts:
            return refuse("T-12", "text-card-not-held", card=Named(CARDS, card))
        if s.final_started and role != "final-harvester":
            return refuse("T-60", "special-final-harvest")
        return None

    def _check_swap_fields(self, s, seat, a: SwapFields):
        err = self._special_gate(s, seat, "field-swap")
        if err:
            return err
        owner = s.seat_of(a.owner)
        if owner is None:
            return refuse("T-13", "no-such-player", player=a.owner)
        n = len(s.players[owner].fields)
        if not (1 <= a.a <= n and 1 <= a.b <= n) or a.a == a.b:
            return refuse("T-13", "swap-two-fields", player=a.owner, fields=n)
        return None

    def _check_extra_card(self, s, seat, a):
        err = self._special_gate(s, seat, "extra-card")
        if err:
            return err
        if not s.discard:
            return refuse("T-48", "discard-empty")
        if len(s.players[seat].hand) > 5:
            return refuse("T-48", "extra-card-hand")
        return None

    def _check_final_planting(self, s, seat, a):
        err = self._special_gate(s, seat, "final-planting")
        if err:
            return err
        if self.role(s, seat) != "final-harvester" or seat in s.harvested_final:
            return refuse("T-42", "final-planting-when")
        return None

    def _check_swap_hands(self, s, seat, a: SwapHands):
        err = self._special_gate(s, seat, "hand-swap")
        if err:
            return err
        other = s.seat_of(a.other)
        if other is None or other == seat:
            return refuse("T-49", "not-another-player", player=a.other)
        if not 1 <= len(s.players[seat].hand) <= 5:
            return refuse("T-49", "hand-swap-hand")
        return None

    def _check_joker(self, s, seat, a: PlaceJoker):
        err = self._special_gate(s, seat, "joker")
        if err:
            return err
        p = s.players[seat]
        err = self._owned_field(p, a.field, "T-51")
        if err:
            return err
        t = field_type(p.fields[a.field - 1])
        if t not in (SNAP, "chili", "blue"):
            return refuse("T-51", "joker-field")
        return None

    def _raid_victims(self, s: TakeoverState, seat: int, k: int) -> list[int]:
        p = s.players[seat]
        t = field_type(p.fields[k])
        out = []
        for other in range(s.n):
            if other == seat:
                continue
            f = s.players[other].fields[self.corresponding(s, k)]
            if t is not None and field_type(f) == t and t in f:
                out.append(other)
        return out

    def _check_pirate_raid(self, s, seat, a: PirateRaid):
        err = self._special_gate(s, seat, "pirate-raid")
        if err:
            return err
        p = s.players[seat]
        err = self._owned_field(p, a.field, "T-55")
        if err:
            return err
        if not p.fields[a.field - 1]:
            return refuse("T-55", "raid-empty")
        victims = self._raid_victims(s, seat, a.field - 1)
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

    def _check_seed_trade(self, s, seat, a: SeedTrade):
        err = self._special_gate(s, seat, "seed-trade")
        if err:
            return err
        p = s.players[seat]
        if len(set(a.beans)) != 5 or any(p.hand.count(b) < 1 for b in a.beans):
            return refuse("T-56", "seed-trade-five")
        if a.coin not in a.beans:
            return refuse("T-56", "seed-trade-coin")
        if a.redraw and not self.deck_open(s):
            return refuse("T-41", "no-draws")
        return None

    def _check_seven_new_cards(self, s, seat, a):
        if seat == s.active and "seven-new-cards" in s.players[seat].texts:
            # T-47 holds at every moment, so it is cited before the timing rules (T-58).
            return refuse("T-47", "seven-new-cards-passive")
        err = self._special_gate(s, seat, "seven-new-cards")
        if err:
            return err
        if not self.deck_open(s):
            return refuse("T-41", "no-draws")
        return None

    # -- apply ------------------------------------------------------------------------------------------
    def before_do(self, t: TakeoverState, seat: int, a: Action, ev) -> str:
        return self.role(t, seat)  # who acted: what follows the action depends on it

    def after_do(self, t: TakeoverState, seat: int, a: Action, ev, role: str) -> None:
        letter = a.LETTER  # a normal action a)-e) is copied; a final-harvest step is not (T-42)
        if letter and t.attack is None and not (letter == "d" and role == "final-harvester"):
            self._after_normal(t, seat, role, a, ev)  # a takeover waiting for a defence continues later
        if t.ending or t.final_started:  # nothing to settle before the trigger
            self._settle(t, ev)

    # normal actions
    def _use(self, t: TakeoverState, seat: int, card: str, ev, to_discard: bool = True, shown: bool = True) -> None:
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

    def _set_field(self, t: TakeoverState, seat: int, k: int, cards: tuple) -> None:
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
            self._end_protection(t, seat, k)

    def _end_protection(self, t: TakeoverState, seat: int, k: int, ev=None) -> None:
        p = t.players[seat]
        card = p.defense[k]
        if card is None:
            return
        defense = list(p.defense)
        defense[k] = None
        t.set_player(seat, p.replace(defense=tuple(defense)))
        t.text_discard = t.text_discard + (card,)

    def _do_play(self, t: TakeoverState, seat: int, a: Play, ev) -> None:
        p = t.players[seat]
        hand = list(p.hand)
        for _ in range(a.count):
            hand.remove(a.bean)
        mutant = a.attached("mutant-bean")
        if mutant:
            t.set_player(seat, p.replace(hand=tuple(hand)))
            self._use(t, seat, "mutant-bean", ev)
            p = t.players[seat]
            hand = p.hand
        # The cards go on top: the field has a type (no lone Joker to clear, A-24) and keeps
        # its protection.
        fields = list(p.fields)
        fields[a.field - 1] += (a.bean,) * a.count
        p = p.copy()  # a new seat, filled in before anyone sees it
        p.hand, p.fields = tuple(hand), tuple(fields)
        t.set_player(seat, p)
        ev.append(Event("t_play", p.name, {"bean": a.bean, "count": a.count, "field": a.field,
                                           "mutant": mutant}, "T-52" if mutant else "T-17"))

    def _do_merge(self, t: TakeoverState, seat: int, a: Merge, ev) -> None:
        p = t.players[seat]
        src, dst = p.fields[a.src - 1], p.fields[a.dst - 1]
        if a.attached("mutant-bean"):
            self._use(t, seat, "mutant-bean", ev)
        self._set_field(t, seat, a.dst - 1, dst + src)
        self._set_field(t, seat, a.src - 1, ())  # ends the moved field's protection (T-28)
        ev.append(Event("merge", p.name, {"src": a.src, "dst": a.dst, "size": len(dst) + len(src)}, "T-18"))

    def _do_turn_up(self, t: TakeoverState, seat: int, a: TurnUp, ev) -> None:
        card = self.take_top(t, ev)
        p = t.players[seat]
        self._set_field(t, seat, a.field - 1, (card,))
        ev.append(Event("turn_up", p.name, {"bean": card, "field": a.field}, "T-20"))

    def _do_harvest_takeover(self, t: TakeoverState, seat: int, a: THarvest, ev) -> None:
        role = self.role(t, seat)
        self.harvest_field(t, seat, a.field - 1, a, ev, final=role == "final-harvester")
        if role == "active":
            t.flipped = True
            ev.append(Event("flip", t.players[seat].name, {}, "T-16"))
        if role == "final-harvester":
            t.harvested_final = t.harvested_final + ((seat,) if seat not in t.harvested_final else ())

    def _do_extra_harvest(self, t, seat, a: ExtraHarvest, ev) -> None:
        final_step = self.role(t, seat) == "final-harvester"
        self._use(t, seat, "extra-harvest", ev)
        self.harvest_field(t, seat, a.field - 1, a, ev, final=False)
        if final_step and seat not in t.harvested_final:  # harvesting has begun in this step
            t.harvested_final = t.harvested_final + (seat,)

    def harvest_plan(self, s: TakeoverState, seat: int, k: int, a: Optional[TAction]) -> dict:
        """What harvesting field ``k`` pays: base coins and text cards, each Pizza's bonus (T-54, A-8, A-19)."""
        p = s.players[seat]
        f = p.fields[k]
        n = len(f)
        ftype = field_type(f)
        meter = ftype
        if a is not None and a.attached("chemistry-set"):
            j = a.attach_field("chemistry-set")
            if j and 1 <= j <= len(p.fields) and p.fields[j - 1]:
                meter = field_type(p.fields[j - 1])
        texts, coins = coins_for(meter, n, s.ending)
        pizza: dict[str, int] = {}
        if a is not None and a.attach:
            if a.attached("pizza-overflow"):
                over = overflow_coins(meter, n, s.ending)
                pizza["pizza-overflow"] = 0 if over is None else over - coins
                if over is not None:
                    coins = over
            if a.attached("pizza-big-farm"):
                total = sum(len(g) for g in p.fields)
                pizza["pizza-big-farm"] = step_bonus(total, (12, 14, 17))
            if a.attached("pizza-even-fields"):
                m = min(len(g) for g in p.fields)
                pizza["pizza-even-fields"] = step_bonus(m, (4, 5, 6) if s.n == 2 else (3, 4, 5))
            if a.attached("pizza-small-beans"):
                small = {SNAP, "garden", "red", "black-eyed"}
                d = sum(1 for g in p.fields for c in g if (field_type(g) if c == JOKER else c) in small)
                pizza["pizza-small-beans"] = step_bonus(d, (7, 9, 11))
        bonus = sum(v for key, v in pizza.items() if key != "pizza-overflow")
        return {"meter": meter, "type": ftype, "cards": n, "texts": texts, "coins": coins + bonus, "pizza": pizza}

    def harvest_field(self, t: TakeoverState, seat: int, k: int, a: Optional[TAction], ev, final: bool) -> None:
        plan = self.harvest_plan(t, seat, k, a)
        p = t.players[seat]
        f = p.fields[k]
        if a is not None:
            for att in a.attach:
                self._use(t, seat, att.split("@")[0], ev)
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
        self._end_protection(t, seat, k)
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

    def _do_takeover(self, t: TakeoverState, seat: int, a: HostileTakeover, ev) -> None:
        target = t.seat_of(a.target)
        k = a.field - 1
        own = (a.using or self.corresponding(t, k) + 1) - 1
        copy = self.role(t, seat) == "copier"
        if seat not in t.performers:
            t.performers = t.performers + (seat,)
        ev.append(Event("takeover", a.player, {"target": a.target, "field": a.field, "own": own + 1,
                                               "cards": list(a.attach)}, "T-22"))
        if t.players[seat].defense[own] is not None:  # attacking with a protected field ends it (T-28)
            self._end_protection(t, seat, own)
        no_defense = False
        if a.attach:  # T-44, T-45, T-46: declared with these cards, a takeover cannot be defended
            no_defense = a.attached("mighty-field") or a.attached("variable-field") or a.attached("strong-takeover")
            for card in ("mighty-field", "variable-field"):
                if a.attached(card):
                    self._use(t, seat, card, ev)
            if a.attached("strong-takeover"):
                self._use(t, seat, "strong-takeover", ev)
                if t.players[target].defense[k] is not None:
                    self._overcome(t, seat, target, k, ev)
        if no_defense or not t.players[target].texts:
            self._swap(t, seat, own, target, k, ev)
        else:
            t.attack = Attack(seat, own, target, k, copy)

    def _swap(self, t: TakeoverState, seat: int, own: int, target: int, k: int, ev) -> None:
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

    def _overcome(self, t: TakeoverState, seat: int, target: int, k: int, ev) -> None:
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

    def _do_defend(self, t: TakeoverState, seat: int, a: Defend, ev) -> None:
        at = t.attack
        self._use(t, seat, a.card, ev, to_discard=False, shown=False)
        q = t.players[seat]
        defense = list(q.defense)
        defense[at.field] = a.card
        t.set_player(seat, q.replace(defense=tuple(defense)))
        ev.append(Event("defend", a.player, {"field": at.field + 1}, "T-25"))
        if t.players[at.attacker].texts:
            t.attack = Attack(at.attacker, at.own, at.target, at.field, at.is_copy, "answer")
        else:
            self._finish_attack(t, ev)

    def _do_allow(self, t: TakeoverState, seat: int, a, ev) -> None:
        at = t.attack
        self._swap(t, at.attacker, at.own, at.target, at.field, ev)
        self._finish_attack(t, ev)

    def _do_concede(self, t: TakeoverState, seat: int, a, ev) -> None:
        ev.append(Event("repelled", a.player, {"target": t.players[t.attack.target].name}, "T-25"))
        self._finish_attack(t, ev)

    def _do_overrule(self, t: TakeoverState, seat: int, a, ev) -> None:
        at = t.attack
        self._use(t, seat, "strong-takeover", ev)
        self._overcome(t, seat, at.target, at.field, ev)
        self._swap(t, at.attacker, at.own, at.target, at.field, ev)
        self._finish_attack(t, ev)

    def _finish_attack(self, t: TakeoverState, ev) -> None:
        at = t.attack
        t.attack = None
        self._after_normal(t, at.attacker, "copier" if at.is_copy else "active", HostileTakeover(t.players[at.attacker].name), ev)

    def _after_normal(self, t: TakeoverState, seat: int, role: str, a: Action, ev) -> None:
        """Open the response windows after the card holder's action, or advance the
        window after a copy (T-30, T-36)."""
        if role == "copier":
            w = t.window
            copies = w.copies + 1
            first = w.first_copier if w.first_copier is not None else seat
            self._advance_window(t, _window((w.letter, w.actor, w.queue, copies, w.limit, first, w.late)), ev)
            return
        letter = "f" if role == "final-harvester" else a.LETTER
        if not letter:
            return
        if role == "active" and t.options.get("performed_scope") == "sequence":
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

    def _advance_window(self, t: TakeoverState, w: Window, ev) -> None:
        queue = w.queue[1:]
        late = w.late or w.copies >= w.limit
        if late and t.options.get("late_windows") != "pass_only":
            queue = ()
        if not queue:
            t.window = None
            ev.append(Event("window_closed", None, {}, "T-30"))
            return
        t.window = _window((w.letter, w.actor, queue, w.copies, w.limit, w.first_copier, late))

    def _do_pass(self, t: TakeoverState, seat: int, a, ev) -> None:
        ev.append(Event("pass", a.player, {}, "T-31"))
        self._advance_window(t, t.window, ev)

    # special actions
    def _do_swap_fields(self, t, seat, a: SwapFields, ev) -> None:
        self._use(t, seat, "field-swap", ev)
        owner = t.seat_of(a.owner)
        q = t.players[owner]
        f, d = list(q.fields), list(q.defense)
        i, j = a.a - 1, a.b - 1
        f[i], f[j] = f[j], f[i]
        d[i], d[j] = d[j], d[i]  # protection moves with its field
        t.set_player(owner, q.replace(fields=tuple(f), defense=tuple(d)))
        ev.append(Event("swap_fields", a.player, {"owner": a.owner, "a": a.a, "b": a.b}, "T-13"))

    def _do_extra_card(self, t, seat, a, ev) -> None:
        self._use(t, seat, "extra-card", ev)
        card = t.discard[-1]
        t.discard = t.discard[:-1]
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + (card,)))
        ev.append(Event("extra_card", a.player, {"bean": card}, "T-48"))

    def _do_final_planting(self, t, seat, a, ev) -> None:
        self._use(t, seat, "final-planting", ev)
        t.planting = t.planting + (seat,)

    def _do_swap_hands(self, t, seat, a: SwapHands, ev) -> None:
        self._use(t, seat, "hand-swap", ev)
        other = t.seat_of(a.other)
        p, q = t.players[seat], t.players[other]
        t.set_player(seat, p.replace(hand=q.hand))
        t.set_player(other, t.players[other].replace(hand=p.hand))
        ev.append(Event("swap_hands", a.player, {"other": a.other, "gave": len(p.hand), "got": len(q.hand)}, "T-49"))

    def _do_joker(self, t, seat, a: PlaceJoker, ev) -> None:
        self._use(t, seat, "joker", ev, to_discard=False)
        p = t.players[seat]
        self._set_field(t, seat, a.field - 1, p.fields[a.field - 1] + (JOKER,))
        ev.append(Event("joker", a.player, {"field": a.field}, "T-51"))

    def _do_pirate_raid(self, t, seat, a: PirateRaid, ev) -> None:
        self._use(t, seat, "pirate-raid", ev)
        k = a.field - 1
        victims = self._raid_victims(t, seat, k)
        if a.victims:
            victims = [t.seat_of(v) for v in a.victims]
        bean = field_type(t.players[seat].fields[k])
        taken = []
        for v in victims:
            q = t.players[v]
            kk = self.corresponding(t, k)
            f = list(q.fields[kk])
            idx = len(f) - 1 - f[::-1].index(bean)  # the topmost card of that type, never a Joker
            f.pop(idx)
            self._set_field(t, v, kk, tuple(f))
            taken.append(q.name)
        p = t.players[seat]
        self._set_field(t, seat, k, p.fields[k] + (bean,) * len(taken))
        ev.append(Event("pirate_raid", a.player, {"bean": bean, "from": taken, "field": a.field}, "T-55"))

    def _do_seed_trade(self, t, seat, a: SeedTrade, ev) -> None:
        self._use(t, seat, "seed-trade", ev)
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
            drawn = self.take_cards(t, 5, ev)
            p = t.players[seat]
            t.set_player(seat, p.replace(hand=p.hand + tuple(drawn)))
        ev.insert(at, Event("seed_trade", a.player, {"coin": a.coin, "redraw": a.redraw, "drawn": len(drawn)}, "T-56"))

    def _do_seven_new_cards(self, t, seat, a, ev) -> None:
        self._use(t, seat, "seven-new-cards", ev)
        p = t.players[seat]
        t.deck, t.rng = rng.shuffled(t.rng, t.deck + p.hand)
        t.set_player(seat, p.replace(hand=()))
        self.draw_into_hand(t, seat, 7, ev)

    def draw_into_hand(self, t: TakeoverState, seat: int, n: int, ev) -> int:
        got = self.take_cards(t, n, ev)
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + tuple(got)))
        if got:
            ev.append(Event("draw", p.name, {"count": len(got), "beans": got}, "T-37"))
        return len(got)

    # deck passes with the Garden beans (T-38…T-40)
    def deck_ran_out(self, t: TakeoverState, ev) -> None:
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
    def _do_end_turn(self, t: TakeoverState, seat: int, a, ev) -> None:
        if self.role(t, seat) == "final-harvester":
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
                    self._end_protection(t, i, k)
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

    def _next_final(self, t: TakeoverState, ev) -> None:
        t.final_queue = t.final_queue[1:]
        if not t.final_queue:
            self.finish(t, ev, "T-42")

    def _settle(self, t: TakeoverState, ev) -> None:
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

    def finish(self, t: TakeoverState, ev, rule: str) -> None:
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
            t[f"{p.name}.coins"] = len(p.coins) + p.bonus
            t[f"{p.name}.field_types"] = [field_type(f) for f in p.fields]
            t[f"{p.name}.third_field"] = len(p.fields) >= 3
        t.update({
            "text_deck.size": len(s.text_deck), "text_discard": list(s.text_discard),
            "garden_under": len(s.garden_under), "flipped": s.flipped,
            "performers": [s.players[i].name for i in s.performers],
            "asked": s.players[s.window.queue[0]].name if s.window else None,
            "window": s.window.letter if s.window else None,
            "defending": s.players[s.attack.target].name if s.attack and s.attack.stage == "defend" else None,
            "final": s.final_started,
        })
        return t

    #: The expansion's verbs (none of the base game's: its turn is its own, T-07).
    VERBS = Verbs({
        "play": Verb(_check_play, _do_play),
        "merge": Verb(_check_merge, _do_merge),
        "turn-up": Verb(_check_turn_up, _do_turn_up),
        "harvest": Verb(_check_harvest_takeover, _do_harvest_takeover),
        "extra-harvest": Verb(_check_extra_harvest, _do_extra_harvest),
        "takeover": Verb(_check_takeover, _do_takeover),
        "pass": Verb(_check_pass, _do_pass),
        "end-turn": Verb(_check_end_turn, _do_end_turn),
        "defend": Verb(_check_defend, _do_defend),
        "allow": Verb(_check_allow, _do_allow),
        "concede": Verb(_check_concede, _do_concede),
        "overrule": Verb(_check_overrule, _do_overrule),
        "swap-fields": Verb(_check_swap_fields, _do_swap_fields),
        "extra-card": Verb(_check_extra_card, _do_extra_card),
        "final-planting": Verb(_check_final_planting, _do_final_planting),
        "swap-hands": Verb(_check_swap_hands, _do_swap_hands),
        "joker": Verb(_check_joker, _do_joker),
        "pirate-raid": Verb(_check_pirate_raid, _do_pirate_raid),
        "seed-trade": Verb(_check_seed_trade, _do_seed_trade),
        "seven-new-cards": Verb(_check_seven_new_cards, _do_seven_new_cards),
    })
