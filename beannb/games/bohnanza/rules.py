"""Base Bohnanza (spec ``bohnanza.md``, rules B-01…B-57), with its edition profiles.

The module is written to be reused: the expansions import the profile table, the
mechanics (planting, harvesting, drawing with deck passes, final sale) and subclass
:class:`Bohnanza`, overriding only the steps their rule books change.

Phases (``state.phase``)
    ``plant``   phase 1, planting from the front of the hand (duel: step 2)
    ``trade``   phase 2, cards face up, proposals and deals
    ``pending`` phase 3, everyone plants the cards they received
    ``draw``    phase 4, the active player draws
    ``offers``  duel step 1, the opponent's left-over cards
    ``take``    duel step 3, revealed cards (with matching discards) to plant or pass on
    ``over``    the game has ended and been scored
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional, Sequence

from ...core import rng
from ...core.actions import MAX_WORD, quote
from ...core.errors import IllegalAction, OptionError
from ...core.events import Event
from ...core.memo import BoundedTable
from ...core.ruleset import Verb, Verbs, LegalActions, Option, Ruleset
from .actions import (
    NOTATION, Accept, Action, BuyField, CardRef, Decline, Discard, Draw, EndTrade, Harvest, Offer,
    Plant, Reveal, Withdraw,
)
from .cards import BEANS, CARDS, ORIGINAL_EIGHT
from .state import GameState, OpenOffer, PlayerState
from . import text as base_text
from .text import MESSAGES, NARRATION
from ...i18n.core import GameTitle
from ...i18n.messages import Message, Messages, Named, NamedList


# --------------------------------------------------------------------------------------
# Profiles (spec §2.1): every column is a complete parameter set.
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Profile:
    key: str
    players: tuple[int, ...]
    beans: tuple[str, ...]
    start_fields: int
    field_price: Optional[int]      # None: no 3rd field can be bought (B-36)
    paid_to: str                    # "discard" or "box" (B-35)
    deal: tuple[int, ...]           # cards per seat, counted from the start player (B-02)
    reveal_n: int
    draw_n: int
    end_at: int
    tie_break: str                  # "HAND_CARDS" or "FARTHEST_CLOCKWISE" (B-47)
    same_type_fields: bool
    trading: bool
    harvest_any_time: bool
    duel: bool = False

    @property
    def deck_size(self) -> int:
        return sum(BEANS[b].count for b in self.beans)

    def deal_for(self, offset: int) -> int:
        return self.deal[offset] if offset < len(self.deal) else self.deal[-1]


_ALL = tuple(BEANS)


def _without(*gone: str) -> tuple[str, ...]:
    return tuple(b for b in _ALL if b not in gone)


def _p(key, players, beans, fields, price, deal=(5,), reveal=2, draw=3, end=3, tie="HAND_CARDS",
       paid="discard", trading=True, anytime=True, duel=False) -> Profile:
    return Profile(key, players, beans, fields, price, paid, deal, reveal, draw, end, tie, True,
                   trading, anytime, duel)


#: profile name -> list of columns; a column applies to the player counts it names.
PROFILES: dict[str, tuple[Profile, ...]] = {
    "AMIGO_1997": (_p("AMIGO_1997", (3, 4, 5), ORIGINAL_EIGHT, 2, 3),),
    "RIO_GRANDE": (
        _p("RIO_GRANDE-2", (2,), _without("garden", "cocoa"), 2, 3, reveal=3, draw=2, end=1,
           paid="box", trading=False, anytime=False, duel=True),
        _p("RIO_GRANDE-3", (3,), _without("cocoa"), 3, None, end=2),
        _p("RIO_GRANDE-4-5", (4, 5), _without("coffee"), 2, 3),
        _p("RIO_GRANDE-6-7", (6, 7), _without("cocoa", "garden"), 2, 2, deal=(3, 4, 5, 6), draw=4),
    ),
    "AMIGO_CURRENT": (
        _p("AMIGO_CURRENT-3", (3,), ORIGINAL_EIGHT, 3, None, tie="FARTHEST_CLOCKWISE"),
        _p("AMIGO_CURRENT-4-5", (4, 5), ORIGINAL_EIGHT, 2, None, tie="FARTHEST_CLOCKWISE"),
    ),
}


def supported_counts(profile: str) -> tuple[int, ...]:
    return tuple(n for col in PROFILES[profile] for n in col.players)


@lru_cache(maxsize=None)
def profile_for(profile: str, n_players: int) -> Profile:
    """The column of ``profile`` for ``n_players``; refuses other counts (rule B-45)."""
    if profile not in PROFILES:
        raise OptionError(f"unknown profile {profile!r}; profiles are {', '.join(PROFILES)}")
    for col in PROFILES[profile]:
        if n_players in col.players:
            return col
    counts = supported_counts(profile)
    raise OptionError(
        f"profile {profile} is played by {min(counts)}–{max(counts)} players, not {n_players}"
        + (" (2 players: use profile RIO_GRANDE, the duel)" if n_players == 2 else "")
        + (" (6–7 players: use profile RIO_GRANDE)" if n_players in (6, 7) and profile != "RIO_GRANDE" else ""),
        rule="B-45")


_PROFILE_CACHE: dict[tuple[str, int], Profile] = {}


# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------
def refuse(rule: str, code: str, messages: Messages = MESSAGES, **data: Any) -> IllegalAction:
    """A refusal citing ``rule``: message ``code`` of the game's catalogue, filled with ``data``."""
    return IllegalAction(rule, messages.message(code, **data))


class Title:
    """A game's title (``Ruleset.title``, by language) as message data: shown in the reader's language."""

    __slots__ = ("words",)

    def __init__(self, words: dict[str, str]):
        self.words = dict(words)

    def text(self, lang: str = "en") -> str:
        return self.words.get(lang) or self.words["en"]

    def __str__(self) -> str:
        return self.text("en")

    def __reduce__(self):
        return (Title, (self.words,))


def field_error(player: PlayerState, idx: int, cards=CARDS) -> Optional[IllegalAction]:
    """Why field ``idx`` (0-based) of ``player`` cannot be harvested, or None (B-29, B-30, B-32)."""
    if idx < 0 or idx >= len(player.fields):
        return refuse("B-34", "field-missing-third" if idx == 2 else "field-missing", field=idx + 1, n=len(player.fields))
    fld = player.fields[idx]
    if not fld:
        return refuse("B-32", "field-empty", field=idx + 1)
    if len(fld) == 1:
        for j, other in enumerate(player.fields):
            if j != idx and len(other) >= 2:
                return refuse("B-29", "harvest-single", field=idx + 1, bean=Named(cards, fld[0]), other=j + 1, n=len(other))
    return None


def plant_fields(player: PlayerState, bean: str, same_type_fields: bool = True) -> list[int]:
    """0-based fields ``bean`` may go into (B-06, B-07, B-08, B-50)."""
    matching: list[int] = []
    empty: list[int] = []
    i = 0
    for f in player.fields:  # one pass (this runs for every planting choice listed)
        if not f:
            empty.append(i)
        elif f[0] == bean:
            matching.append(i)
        i += 1
    if not same_type_fields and matching:
        return matching
    return matching + empty


def plant_error(player: PlayerState, bean: str, idx: Optional[int], same_type_fields: bool, cards=CARDS,
                optional: bool = False) -> Optional[IllegalAction]:
    """Why ``bean`` cannot go into field ``idx`` (0-based; None: any field), or None. With no
    field free, a card that must be planted cites B-12; an ``optional`` planting (the second
    card of phase 1, a duel's offered or revealed card) cites B-07, the planting rule itself."""
    ok = plant_fields(player, bean, same_type_fields)
    if not ok and (not optional or idx is None or not 0 <= idx < len(player.fields)):
        return refuse("B-07" if optional else "B-12", "plant-no-field-buy" if len(player.fields) < 3 else "plant-no-field",
                      bean=Named(cards, bean))
    if idx is None or idx in ok:
        return None
    if idx < 0 or idx >= len(player.fields):
        return refuse("B-07", "plant-field-missing", field=idx + 1)
    fld = player.fields[idx]
    if fld and fld[0] != bean:
        return refuse("B-07", "plant-other-bean", field=idx + 1, other=Named(cards, fld[0]))
    return refuse("B-50", "plant-must-match", bean=Named(cards, bean), field=ok[0] + 1)


def choose_field(player: PlayerState, bean: str, same_type_fields: bool) -> Optional[int]:
    ok = plant_fields(player, bean, same_type_fields)
    return ok[0] if ok else None


def put_in_field(player: PlayerState, idx: int, bean: str) -> PlayerState:
    fields = list(player.fields)
    fields[idx] = fields[idx] + (bean,)
    return player.replace(fields=tuple(fields))


def remove_positions(cards: tuple, positions: Sequence[int]) -> tuple:
    """Remove 0-based positions, keeping the others in order (B-05)."""
    gone = set(positions)
    return tuple(c for i, c in enumerate(cards) if i not in gone)


def remove_beans(cards: tuple, beans: Sequence[str]) -> tuple:
    """Remove one instance of each bean, earliest first."""
    out = list(cards)
    for b in beans:
        out.remove(b)
    return tuple(out)


#: (ruleset class, verb) -> what ``do`` calls: the class's ``before_do`` (None where it is
#: the base's, which does nothing, or the verb is one of its ``BEFORE_DO_SKIPS``), the verb's
#: ``apply`` from the class's verb table and its ``after_do`` (None where it is the base's).
_DO_STEPS: dict[tuple[type, str], tuple] = {}
#: The ruleset classes that list legal actions their own way (override ``legal_actions``).
_LISTS_OWN_WAY: set[type] = set()
#: The ruleset classes with a :meth:`~beannb.core.ruleset.Ruleset.gate` of their own (the
#: others skip the call: the refusal is asked for every candidate the bots weigh).
_GATED: set[type] = set()

#: Interned actions, (class, *arguments) -> the action (at most 50,000: names come from
#: players, so the table is bounded).
_ACTS = BoundedTable(lambda key: key[0](*key[1:]), 50_000)


def _do_steps(cls: type, verb: str) -> tuple:
    """``_DO_STEPS[(cls, verb)]``, worked out once from the class's hooks and verb table."""
    quiet = cls.before_do is Bohnanza.before_do or verb in cls.BEFORE_DO_SKIPS
    steps = (None if quiet else cls.before_do, cls.VERBS[verb].apply,
             cls.after_do if cls.after_do is not Bohnanza.after_do else None)
    _DO_STEPS[(cls, verb)] = steps
    return steps


def act(cls: type, *args: Any) -> Action:
    """The action ``cls(*args)``, shared: actions are immutable values, and the legal list
    is built for every decision, so its actions are made once and reused."""
    return _ACTS[(cls, *args)]


class PlayerTable:
    """Ready-made actions of one player, made once per name and kept in a table per class
    (:meth:`of`): the legal lists are built for every decision and name the same actions over
    and over. Actions are immutable values, so an entry never goes stale. A game's subclass
    says in ``__init__`` which actions it keeps."""

    __slots__ = ("name",)

    #: Each class's players by name (one table per subclass; bounded: names come from
    #: players). ``cls.TABLE[name]`` is the quick way in the legal lists.
    TABLE: BoundedTable
    TABLE_MAX = 1_000

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.TABLE = BoundedTable(cls, cls.TABLE_MAX)

    def __init__(self, name: str):
        self.name = name

    @classmethod
    def of(cls, name: str):
        """The actions of the player ``name``."""
        return cls.TABLE[name]


class SeatActions(PlayerTable):
    """The base game's ready-made actions of a player: plant a bean into a field, harvest a
    field, reveal, end trading, draw, buy the 3rd field.

    A game whose lists differ names its own subclass as ``Ruleset.SEAT_ACTIONS``.
    ``end_planting`` is what a player may do once planting is done (B-11, B-13: turn up the
    cards; Rabohnzel adds its magic phase).
    """

    __slots__ = ("reveal", "end_trade", "draw", "buy_field", "harvest", "plant", "end_planting")

    #: Fields a player can have at most in any of the games (3; the rows leave room).
    MAX_FIELDS = 6

    def __init__(self, name: str):
        super().__init__(name)
        self.reveal = act(Reveal, name)
        self.end_trade = act(EndTrade, name)
        self.draw = act(Draw, name)
        self.buy_field = act(BuyField, name)
        self.harvest = tuple(act(Harvest, name, k) for k in range(1, self.MAX_FIELDS + 1))
        self.plant: dict[str, tuple[Action, ...]] = {}  # bean -> planting it into field 1, 2, ...
        self.end_planting: tuple[Action, ...] = (self.reveal,)

    def plants(self, bean: str) -> tuple[Action, ...]:
        row = self.plant.get(bean)
        if row is None:
            row = self.plant[bean] = tuple(act(Plant, self.name, bean, k) for k in range(1, self.MAX_FIELDS + 1))
        return row


def add_harvests(out: list[Action], mine: SeatActions, fields: tuple) -> None:
    """Append harvesting each field that may be harvested: B-29, a single bean only while no
    other field holds more; B-32, never an empty field (``field_error``'s tests, by construction)."""
    harvest = mine.harvest
    least = 1  # the fewest cards a field to harvest holds: 2 if any field holds more than one
    for f in fields:
        if len(f) >= 2:
            least = 2
            break
    i = 0
    for f in fields:
        if len(f) >= least:
            out.append(harvest[i])
        i += 1


def add_plants(out: list[Action], mine: SeatActions, player: PlayerState, bean: str, same_type_fields: bool) -> None:
    """Append planting ``bean`` into each field :func:`plant_fields` allows (B-06, B-07,
    B-08, B-50), taken ready-made from the player's row."""
    row = mine.plant.get(bean) or mine.plants(bean)
    for i in plant_fields(player, bean, same_type_fields):
        out.append(row[i])


# --------------------------------------------------------------------------------------
# The ruleset
# --------------------------------------------------------------------------------------
class Bohnanza(Ruleset):
    name = "bohnanza"
    title = GameTitle("bohnanza")
    rule_prefix = "B"
    OPTIONS = {
        "profile": Option("AMIGO_1997", "edition profile (spec §2.1)", tuple(PROFILES)),
        "start_seat": Option(0, "seat of the start player (B-46)", type=int),
        "same_type_fields": Option(None, "override the profile: may two fields grow one type (A11, B-50)",
                                   (None, True, False)),
    }
    STATE = GameState
    #: The players' actions the legal lists take ready-made (a game may extend the class).
    SEAT_ACTIONS = SeatActions
    PHASES = ("plant", "trade", "pending", "draw", "offers", "take", "over")
    notation = NOTATION
    cards = CARDS
    narration = NARRATION

    def configurations(self) -> list[tuple[dict, int]]:
        """Every (options, player count) the ruleset supports: what playout tests cover."""
        return [({"profile": prof}, n) for prof in PROFILES for n in supported_counts(prof)]

    def player_counts(self, options: Optional[dict] = None) -> tuple[int, ...]:
        opts = self.check_options(dict(options or {}))
        if "profile" in opts:  # the base game: the edition's columns (B-45)
            return supported_counts(opts["profile"])
        return super().player_counts(options)

    # -- options and profile -------------------------------------------------------------
    def profile(self, state: GameState) -> Profile:
        try:
            return _PROFILE_CACHE[(state.options["profile"], len(state.players))]
        except KeyError:
            prof = _PROFILE_CACHE[(state.options["profile"], len(state.players))] = \
                profile_for(state.options["profile"], len(state.players))
            return prof

    def initial_problem(self, state: GameState) -> Optional[str]:
        """A saved starting table's impossible counts: more than two cards planted from the
        hand this turn (B-10), or a deck pass past the one that ends the game (B-39, B-40)."""
        if not 0 <= state.planted <= 2:
            return f"its planted count is {state.planted}, but at most 2 cards are planted from the hand (B-10)"
        end = self.profile(state).end_at
        if state.exhausted > end:
            return f"its deck has run out {state.exhausted} times, but the game ends when it runs out {end} times"
        return None

    #: The game's own button labels (``f(action, lang, cards) -> str or None``), tried in order,
    #: and group headings (verb -> (en, hu)); an expansion puts its own before the base game's.
    LABELS: tuple = (base_text.action_label,)
    #: verb -> the catalogue message heading its group of action buttons.
    GROUP_CODES: dict = base_text.GROUP_CODES

    def action_label(self, action: Action, lang: str = "en") -> str:
        for label in self.LABELS:
            out = label(action, lang, self.cards)
            if out:
                return out
        return str(action)

    #: The game's sentences for actions (``f(action, lang, cards, obs) -> str or None``), tried
    #: in order like :attr:`LABELS`; an expansion puts its own before the base game's.
    DESCRIBERS: tuple = (base_text.describe,)

    def describe(self, action: Action, lang: str = "en", obs: Optional[dict[str, Any]] = None) -> str:
        for words in self.DESCRIBERS:
            out = words(action, lang, self.cards, obs)
            if out:
                return out
        return super().describe(action, lang, obs)

    def _refusal_words(self, action: Action, lang: str) -> str:
        """An action as a refusal quotes it: in words, or its notation if it cannot be worded
        (a malformed action object must never make the refusal itself fail)."""
        try:
            return self.describe(action, lang)
        except Exception:  # pragma: no cover - explanation must never hide the refusal
            return quote(str(action))

    def group_label(self, verb: str, lang: str = "en") -> str:
        """The heading of ``verb``'s group of action buttons, from the game's catalogue (its
        ``GROUP_CODES``, else the base game's, else ``group-<verb>``); the verb where it has none."""
        code = self.GROUP_CODES.get(verb) or base_text.GROUP_CODES.get(verb) or f"group-{verb}"
        messages = self.narration.messages
        if messages is not None and code in messages:
            return messages.text(code, lang)
        return verb

    def can_trade(self, state: GameState) -> bool:
        return self.profile(state).trading

    def may_interject(self, state: GameState) -> bool:
        # Bots take the initiative only with trade offers, in phase 2 (B-13).
        return state.phase == "trade" and self.can_trade(state)

    def state_from_dict(self, d: dict) -> GameState:
        return self.STATE.from_dict(d)

    def same_type(self, state: GameState) -> bool:
        override = state.options.get("same_type_fields")
        return self.profile(state).same_type_fields if override is None else override

    def check_players(self, players: Sequence[str], options: dict) -> Profile:
        prof = profile_for(options["profile"], len(players))
        names = self.check_names(players)
        if not 0 <= options["start_seat"] < len(names):
            raise OptionError(f"start_seat must be a seat from 0 to {len(names) - 1}, not {options['start_seat']}", rule="B-46")
        return prof

    #: Characters a player name may not contain: the notation uses them.
    NAME_FORBIDDEN = "#@:,"

    def check_names(self, players: Sequence[str]) -> list[str]:
        """One-word, distinct player names (shared by every ruleset)."""
        names = list(players)
        for nm in names:
            if not isinstance(nm, str) or not nm or not nm[0].isalpha() or any(c.isspace() or c in self.NAME_FORBIDDEN for c in nm):
                raise OptionError(f"player name {quote(repr(nm), 60)} must be one word starting with a letter, without "
                                  + ", ".join(f"'{c}'" for c in self.NAME_FORBIDDEN))
            if len(nm) > MAX_WORD:  # the notation reads no longer word, so such a player could never act
                raise OptionError(f"player name {quote(nm, 40)!r} is {len(nm)} characters long; at most {MAX_WORD}")
        if len(set(n.lower() for n in names)) != len(names):
            raise OptionError(f"player names must differ: {names}")
        return names

    # -- setup (spec §2) -------------------------------------------------------------------
    def build_deck(self, prof: Profile) -> tuple[str, ...]:
        """B-01: the profile's types, each as many times as it has cards."""
        return tuple(b for b in prof.beans for _ in range(self.cards.beans[b].count))

    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> GameState:
        options = self.check_options(options)
        prof = self.check_players(players, options)
        state = rng.seed_state(seed)
        deck, state = rng.shuffled(state, self.build_deck(prof))
        n = len(players)
        start = options["start_seat"]
        ps = [PlayerState.new(name, prof.start_fields) for name in players]
        hands: list[list[str]] = [[] for _ in range(n)]
        quota = [prof.deal_for((seat - start) % n) for seat in range(n)]
        deck_list = list(deck)
        pos = 0
        # B-02: one card at a time, round-robin from the start player.
        while any(len(hands[s]) < quota[s] for s in range(n)):
            for k in range(n):
                seat = (start + k) % n
                if len(hands[seat]) < quota[seat]:
                    hands[seat].append(deck_list[pos])
                    pos += 1
        ps = [p.replace(hand=tuple(h)) for p, h in zip(ps, hands)]
        return self.new_state(options, ps, tuple(deck_list[pos:]), state, start)

    def new_state(self, options, players, deck, rng_state, start) -> GameState:
        return self.STATE(
            game=self.name, options=dict(options), players=tuple(players), deck=tuple(deck),
            discard=(), faceup=(), offer_zone=(), removed=(), phase="plant", active=start,
            start_seat=start, turn=1, exhausted=0, ending=False, end_rule=None, rng=rng_state,
            planted=0, discarded=False, offers=(), next_offer=1, scores=None, winners=None)

    # -- who decides ------------------------------------------------------------------------
    def to_move(self, s: GameState) -> tuple[int, ...]:
        """Seats whose decision the game waits for, most urgent first (principle 3)."""
        phase = s.phase
        if phase == "trade":
            offers = s.offers
            if offers:  # the partners of the open offers, oldest offer first
                if len(offers) == 1:
                    return (offers[0].partner,)
                return tuple(dict.fromkeys(o.partner for o in offers))
        elif phase == "pending":
            # A14: active player first, then clockwise.
            players = s.players
            n = len(players)
            active = s.active
            waiting = []
            for i in range(active, active + n):
                if players[i % n].pending:
                    waiting.append(i % n)
            if waiting:
                return tuple(waiting)
        elif phase == "over":
            return ()
        return (s.active,)

    # -- legal actions ------------------------------------------------------------------------
    def legal_actions(self, s: GameState, player: Optional[str] = None) -> LegalActions:
        out: list[Action] = []
        partners: dict[str, tuple[str, ...]] = {}
        if s.phase != "over":
            if player is None:
                for seat in range(len(s.players)):
                    self.legal_for(s, seat, out, partners)
            else:
                seat = s.seat_of(player)
                if seat is not None:
                    self.legal_for(s, seat, out, partners)
        return LegalActions(self, s, out, partners)

    def legal_for_seat(self, s: GameState, seat: int) -> tuple[list[Action], dict[str, tuple[str, ...]]]:
        if type(self) in _LISTS_OWN_WAY:  # a game listing its own way
            return super().legal_for_seat(s, seat)
        out: list[Action] = []
        partners: dict[str, tuple[str, ...]] = {}
        if s.phase != "over":
            self.legal_for(s, seat, out, partners)
        return out, partners

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.legal_actions is not Bohnanza.legal_actions:
            _LISTS_OWN_WAY.add(cls)
        if cls.gate is not Bohnanza.gate:
            _GATED.add(cls)

    def _seat(self, s: GameState, name: str) -> Optional[int]:
        return s.seat_of(name)

    def legal_for(self, s: GameState, seat: int, out: list[Action], partners: dict) -> None:
        # Built by construction from the rules each verb's check applies (no candidate is
        # checked); the order is the order a UI shows them in, and bots rely on it.
        p = s.players[seat]
        name = p.name
        prof = self.profile(s)
        mine = self.SEAT_ACTIONS.TABLE[name]
        active = seat == s.active
        phase = s.phase
        override = s.options.get("same_type_fields")
        same = prof.same_type_fields if override is None else override  # as same_type(), without the call
        # Phase-specific first (their order is the order a UI shows them in).
        if active:
            if phase == "plant":
                hand = p.hand
                if hand and s.planted < 2 and not s.discarded:  # B-09, B-10, B-54
                    add_plants(out, mine, p, hand[0], same)
                if not hand or s.planted >= 1:  # B-11, B-13
                    if prof.duel and not s.discarded and s.planted >= 1:  # B-54
                        seen = set()
                        for i, b in enumerate(hand):
                            if b not in seen:
                                seen.add(b)
                                out.append(Discard(name, b, i + 1))
                    out += mine.end_planting
            elif phase == "trade":  # B-21
                out.append(mine.end_trade)
            elif phase == "draw":  # B-25
                out.append(mine.draw)
            elif phase == "offers":  # B-53
                for b in dict.fromkeys(s.offer_zone):
                    add_plants(out, mine, p, b, same)
                    out.append(act(Discard, name, b))
            elif phase == "take":  # B-56
                for b in dict.fromkeys(s.faceup):
                    add_plants(out, mine, p, b, same)
                out.append(mine.draw)
        if phase == "pending":
            pending = p.pending
            if pending:  # B-24
                if len(pending) == 1:
                    add_plants(out, mine, p, pending[0], same)
                else:
                    for b in dict.fromkeys(pending):
                        add_plants(out, mine, p, b, same)
        elif phase == "trade":
            for o in s.offers:  # B-19, B-49
                if o.partner == seat:
                    if self._can_give(s, o):
                        out.append(act(Accept, name, o.id))
                    out.append(act(Decline, name, o.id))
                if o.proposer == seat:
                    out.append(act(Withdraw, name, o.id))
            if prof.trading and (p.hand or (active and s.faceup)):  # B-14, B-16
                if active:
                    partners[name] = s.table_seating().others[name]
                else:
                    partners[name] = (s.players[s.active].name,)
        # Any time (A9): harvest and buy the 3rd field, except inside atomic steps.
        fields = p.fields
        if prof.harvest_any_time or active:
            add_harvests(out, mine, fields)  # B-29, B-32
        if prof.field_price is not None and len(fields) < 3 and len(p.coins) >= prof.field_price:  # B-33, B-34
            out.append(mine.buy_field)

    # -- validation ------------------------------------------------------------------------------
    def why_not(self, s: GameState, a: Action) -> Optional[IllegalAction]:
        err = self.refusal(s, a)
        if err is not None and not err.allowed:
            try:
                acts = list(self.legal_actions(s, a.player)) if s.seat_of(a.player) is not None else []
            except Exception:  # pragma: no cover - explanation must never hide the refusal
                acts = []
            err.with_context(str(a), [str(x) for x in acts], self.name, (self._refusal_words, a, acts))
        return err

    #: Rules cited when an action names no seat at the table, or comes after the end.
    SEAT_RULE = "B-46"
    OVER_RULE = "B-43"

    def refusal(self, s: GameState, a: Action) -> Optional[IllegalAction]:
        """The refusal of ``a`` now without the words of context :meth:`why_not` adds: a seat
        not at the table, the game over, the game's :meth:`gate`, then the verb's own check
        from the game's verb table."""
        seat = s.seat_of(a.player)
        if seat is None:
            names = ", ".join(p.name for p in s.players)
            return refuse(self.SEAT_RULE, "no-such-player", player=a.player, seats=names)
        if s.phase == "over":
            return refuse(s.end_rule or self.OVER_RULE, "game-over")
        if type(self) in _GATED:
            err = self.gate(s, seat, a)
            if err is not None:
                return err
        verb = self.VERBS.get(a.VERB)
        if verb is None:
            return self.unknown_verb(s, a)
        return verb.check(self, s, seat, a)

    def unknown_verb(self, s: GameState, a: Action) -> IllegalAction:
        return refuse("B-52" if self.profile(s).duel else "B-09", "unknown-verb", verb=a.VERB, game=Title(self.title))

    def _not_your_turn(self, s: GameState, rule: str, what: Message) -> IllegalAction:
        """Only the active player may do ``what`` now: a "turn-..." :class:`Message` of any game's
        catalogue ("turn-draw": "draw"), which completes "only the active player, Ann, may … now"."""
        return refuse(rule, "not-your-turn", player=s.players[s.active].name, what=what)

    def _check_plant(self, s: GameState, seat: int, a: Plant) -> Optional[IllegalAction]:
        p = s.players[seat]
        same = self.same_type(s)
        idx = a.field - 1 if a.field else None
        phase = s.phase
        if phase == "plant":
            if seat != s.active:
                return self._not_your_turn(s, "B-09", MESSAGES.message("turn-plant-hand"))
            if not p.hand:
                return refuse("B-11", "hand-empty-reveal")
            if s.discarded:
                return refuse("B-54", "plant-after-discard")
            if s.planted >= 2:
                return refuse("B-10", "planted-two")
            front = p.hand[0]
            if a.bean and a.bean != front:
                return refuse("B-09" if s.planted == 0 else "B-10", "front-card-only",
                              front=Named(self.cards, front), bean=Named(self.cards, a.bean))
            return plant_error(p, front, idx, same, cards=self.cards, optional=s.planted > 0)
        if phase == "pending":
            if a.bean and a.bean not in p.pending and a.bean in p.hand:
                return self._hand_plant_error(s, seat, MESSAGES.message("now-phase-3"))
            if not p.pending:
                return refuse("B-24", "no-pending")
            bean = a.bean or p.pending[0]
            if bean not in p.pending:
                return refuse("B-24", "no-pending-bean", bean=Named(self.cards, bean), pending=NamedList(self.cards, p.pending))
            return plant_error(p, bean, idx, same, cards=self.cards)
        if phase == "offers":
            if seat != s.active:
                return self._not_your_turn(s, "B-53", MESSAGES.message("turn-plant-offered"))
            bean = a.bean or s.offer_zone[0]
            if bean not in s.offer_zone:
                return refuse("B-53", "not-on-offer", bean=Named(self.cards, bean))
            return plant_error(p, bean, idx, same, cards=self.cards, optional=True)  # or discard it (B-53)
        if phase == "take":
            if seat != s.active:
                return self._not_your_turn(s, "B-56", MESSAGES.message("turn-plant-revealed"))
            if not s.faceup:
                return refuse("B-56", "no-revealed-left")
            bean = a.bean or s.faceup[0]
            if bean not in s.faceup:
                return refuse("B-56", "not-face-up", bean=Named(self.cards, bean))
            return plant_error(p, bean, idx, same, cards=self.cards, optional=True)  # none is required (B-56)
        if phase == "trade":
            if seat == s.active and s.faceup and (a.bean is None or a.bean in s.faceup):
                return refuse("B-22", "faceup-while-trading")
            if p.pending and (a.bean is None or a.bean in p.pending):
                return refuse("B-20", "pending-while-trading")
            return self._hand_plant_error(s, seat, MESSAGES.message("now-phase-2"))
        return self._hand_plant_error(s, seat, MESSAGES.message("now-phase-4"))

    def _hand_plant_error(self, s: GameState, seat: int, now: Message) -> IllegalAction:
        """Planting a hand card outside phase 1 (B-10); ``now``, a :class:`Message`, says which
        phase it is ("now-phase-2")."""
        return refuse("B-10", "hand-plant-phase", now=now)

    def _check_harvest(self, s: GameState, seat: int, a: Harvest) -> Optional[IllegalAction]:
        if not self.profile(s).harvest_any_time and seat != s.active:
            return self._not_your_turn(s, "B-31", MESSAGES.message("turn-harvest-duel"))
        return field_error(s.players[seat], a.field - 1, cards=self.cards)

    def _buy_error(self, s: GameState, seat: int) -> Optional[IllegalAction]:
        prof = self.profile(s)
        p = s.players[seat]
        if prof.field_price is None:
            return refuse("B-36", "no-field-to-buy", profile=prof.key)
        if len(p.fields) >= 3:
            return refuse("B-34", "fourth-field")
        if len(p.coins) < prof.field_price:
            return refuse("B-33", "field-price", price=prof.field_price, n=len(p.coins))
        return None

    def _check_buy_field(self, s: GameState, seat: int, a: BuyField) -> Optional[IllegalAction]:
        return self._buy_error(s, seat)

    def _check_reveal(self, s: GameState, seat: int, a: Reveal) -> Optional[IllegalAction]:
        if s.phase == "offers":
            return refuse("B-53", "offered-first")
        if s.phase == "take":
            return refuse("B-55", "already-revealed")
        if s.phase != "plant":
            return refuse("B-13", "reveal-once")
        if seat != s.active:
            return self._not_your_turn(s, "B-13", MESSAGES.message("turn-reveal"))
        p = s.players[seat]
        if p.hand and s.planted == 0:
            return refuse("B-09", "plant-front-first", bean=Named(self.cards, p.hand[0]))
        return None

    def _check_end_trade(self, s: GameState, seat: int, a: EndTrade) -> Optional[IllegalAction]:
        if s.phase != "trade":
            return refuse("B-21", "no-trading-now")
        if seat != s.active:
            return self._not_your_turn(s, "B-21", MESSAGES.message("turn-end-trade"))
        return None

    def _check_draw(self, s: GameState, seat: int, a: Draw) -> Optional[IllegalAction]:
        if s.phase == "pending":
            waiting = ", ".join(q.name for q in s.players if q.pending)
            return refuse("B-23", "pending-waiting", waiting=waiting)
        if s.phase not in ("draw", "take"):
            return refuse("B-25", "draw-phase-4")
        if seat != s.active:
            return self._not_your_turn(s, "B-25", MESSAGES.message("turn-draw"))
        return None

    def _check_discard(self, s: GameState, seat: int, a: Discard) -> Optional[IllegalAction]:
        prof = self.profile(s)
        if not prof.duel:
            return refuse("B-24", "no-discard")
        if seat != s.active:
            return self._not_your_turn(s, "B-54", MESSAGES.message("turn-discard"))
        p = s.players[seat]
        if s.phase == "offers":
            if a.pos is not None:
                return refuse("B-53", "discard-offered-not-hand")
            if a.bean not in s.offer_zone:
                return refuse("B-53", "not-on-offer", bean=Named(self.cards, a.bean))
            return None
        if s.phase == "plant":
            if s.discarded:
                return refuse("B-54", "one-discard")
            if s.planted == 0 and p.hand:
                return refuse("B-54", "discard-after-plant")
            if a.pos is None or not 1 <= a.pos <= len(p.hand):
                return refuse("B-54", "discard-position", last=len(p.hand), bean=a.bean)
            if p.hand[a.pos - 1] != a.bean:
                return refuse("B-54", "hand-position-holds", pos=a.pos, held=Named(self.cards, p.hand[a.pos - 1]),
                              bean=Named(self.cards, a.bean))
            return None
        return refuse("B-54", "no-discard-now")

    # trading -----------------------------------------------------------------------------------
    def _trade_gate(self, s: GameState) -> Optional[IllegalAction]:
        if not self.profile(s).trading:
            return refuse("B-52", "duel-no-trading")
        if s.phase in ("pending", "draw"):  # the active player has ended trading (B-21): proposals lapsed
            return refuse("B-21", "trading-ended", active=s.players[s.active].name)
        if s.phase != "trade":
            return refuse("B-14", "deal-phase-2")
        return None

    def _check_offer(self, s: GameState, seat: int, a: Offer) -> Optional[IllegalAction]:
        gate = self._trade_gate(s)
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
                if not 1 <= ref.pos <= len(p.hand):
                    return refuse("B-48", "hand-positions", last=len(p.hand), pos=ref.pos)
                if p.hand[ref.pos - 1] != ref.bean:
                    return refuse("B-48", "hand-position-holds", pos=ref.pos, held=Named(self.cards, p.hand[ref.pos - 1]),
                                  bean=Named(self.cards, ref.bean))
                if ref.pos in positions:
                    return refuse("B-48", "position-twice", pos=ref.pos)
                positions.add(ref.pos)
        have_up = Counter(s.faceup) if up_need else None
        for bean, k in up_need.items():
            if have_up[bean] < k:
                return refuse("B-15", "faceup-count", n=have_up[bean], bean=Named(self.cards, bean))
        for w in a.get:
            if w.zone in ("field", "pending", "coin"):
                return refuse("B-17", "untradeable-" + w.zone)
            if w.zone == "up" and partner != s.active:
                return refuse("B-16", "partner-no-faceup", partner=a.partner)
        return None

    def _find_offer(self, s: GameState, seat: int, a: Decline | Accept, as_partner: bool) -> tuple[Optional[OpenOffer], Optional[IllegalAction]]:
        gate = self._trade_gate(s)
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

    def _can_give(self, s: GameState, o: OpenOffer) -> bool:
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

    def _accept_cards(self, s: GameState, o: OpenOffer, chosen: Optional[tuple[CardRef, ...]]) -> Optional[tuple[list[int], list[str]]]:
        """(0-based hand positions, face-up beans) the partner gives, or None if he cannot
        (:meth:`_can_give`) or the hand cards ``chosen`` are not what the offer asks for."""
        if not self._can_give(s, o):
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
            pos = [c.pos - 1 for c in chosen]
            if len(set(pos)) != len(pos) or any(not 0 <= i < len(p.hand) for i in pos):
                return None
            if any(p.hand[c.pos - 1] != c.bean for c in chosen):
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

    def _check_accept(self, s: GameState, seat: int, a: Accept) -> Optional[IllegalAction]:
        o, err = self._find_offer(s, seat, a, as_partner=True)
        if err:
            return err
        if a.cards and any(c.zone != "hand" for c in a.cards):
            return refuse("B-49", "accept-name-cards")
        if self._accept_cards(s, o, a.cards or None) is None:
            want = ", ".join(str(w) for w in o.get)
            return refuse("B-49", "accept-cannot-give-named" if a.cards else "accept-cannot-give", offer=o.id, want=want)
        return None

    def _check_decline(self, s: GameState, seat: int, a: Decline) -> Optional[IllegalAction]:
        return self._find_offer(s, seat, a, as_partner=True)[1]

    def _check_withdraw(self, s: GameState, seat: int, a: Withdraw) -> Optional[IllegalAction]:
        return self._find_offer(s, seat, a, as_partner=False)[1]

    # -- apply -------------------------------------------------------------------------------------
    def do(self, s: GameState, a: Action) -> tuple[GameState, list[Event]]:
        t = s.copy()
        events: list[Event] = []
        try:
            seat = t.seating.index[a.player]
        except (AttributeError, KeyError):  # the seating not made yet
            seat = t.seat_of(a.player)
        steps = _DO_STEPS.get((type(self), a.VERB))
        if steps is None:
            steps = _do_steps(type(self), a.VERB)
        before_do, do_verb, after_do = steps
        before = before_do(self, t, seat, a, events) if before_do is not None else None
        do_verb(self, t, seat, a, events)
        if after_do is not None:
            after_do(self, t, seat, a, events, before)
        return t, events

    def before_do(self, t: GameState, seat: int, a: Action, ev: list[Event]) -> Any:
        """A hook for what any action does first (an expansion's lasting effects ending);
        what it returns is handed to :meth:`after_do`. Not called for the verbs in
        :attr:`BEFORE_DO_SKIPS` (``before`` is then None)."""
        return None

    #: Verbs for which a game's :meth:`before_do` does nothing, so ``do`` need not call it.
    BEFORE_DO_SKIPS: frozenset = frozenset()

    def after_do(self, t: GameState, seat: int, a: Action, ev: list[Event], before: Any) -> None:
        """A hook for what follows any action (an expansion's response windows, settling)."""

    # planting
    def _do_plant(self, t: GameState, seat: int, a: Plant, ev: list[Event]) -> None:
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
        idx = a.field - 1 if a.field else choose_field(p, bean, self.same_type(t))
        fields = list(p.fields)  # p is this action's own copy: its fields are set in place
        fld = fields[idx] = fields[idx] + (bean,)
        p.fields = tuple(fields)
        t.set_player(seat, p)
        ev.append(Event("plant", p.name, {"bean": bean, "field": idx + 1, "size": len(fld)}, rule))
        self._after_plant(t, ev)

    def _after_plant(self, t: GameState, ev: list[Event]) -> None:
        if t.phase == "pending":
            for q in t.players:
                if q.pending:
                    return
            self.pending_done(t, ev)
        elif t.phase == "offers" and not t.offer_zone:
            t.phase = "plant"
            ev.append(Event("phase", t.players[t.active].name, {"phase": "plant"}, "B-54"))

    def _do_harvest(self, t: GameState, seat: int, a: Harvest, ev: list[Event]) -> None:
        self.harvest(t, seat, a.field - 1, ev)

    def harvest(self, t: GameState, seat: int, idx: int, ev: list[Event], final: bool = False) -> None:
        """B-26, B-27: coins onto the coin stack, the rest face up on the discard pile."""
        p = t.players[seat].copy()
        fld = p.fields[idx]
        bean = fld[0]
        coins = self.payout(t, bean, len(fld))
        fields = list(p.fields)
        fields[idx] = ()
        p.fields = tuple(fields)
        p.coins = p.coins + fld[:coins]
        t.set_player(seat, p)
        t.discard = t.discard + fld[coins:]
        ev.append(Event("final_sale" if final else "harvest", p.name,
                        {"bean": bean, "field": idx + 1, "cards": len(fld), "coins": coins,
                         "discarded": len(fld) - coins}, "B-41" if final else "B-27"))

    def payout(self, state: GameState, bean: str, n: int) -> int:
        """Coins for harvesting ``n`` cards of ``bean`` (B-27); expansions with their own
        beanometers override this."""
        return self.cards.payout(bean, n)

    def _do_buy_field(self, t: GameState, seat: int, a: BuyField, ev: list[Event]) -> None:
        prof = self.profile(t)
        p = t.players[seat]
        price = prof.field_price
        paid = p.coins[len(p.coins) - price:]  # A8: the top coins
        p = p.replace(coins=p.coins[:len(p.coins) - price], fields=p.fields + ((),), bought=True)
        t.set_player(seat, p)
        if prof.paid_to == "box":
            t.removed = t.removed + paid
        else:
            t.discard = t.discard + paid
        ev.append(Event("buy_field", p.name, {"price": price, "to": prof.paid_to}, "B-35" if prof.paid_to == "box" else "B-33"))

    # drawing with deck passes (B-37, B-38, A3, A6)
    def take_top(self, t: GameState, ev: list[Event]) -> Optional[str]:
        """Take the top deck card, handling the exhaustion its taking causes; None if none."""
        if not t.deck:
            return None
        card = t.deck[0]
        t.deck = t.deck[1:]
        if not t.deck:
            self.deck_ran_out(t, ev)
        return card

    def deck_ran_out(self, t: GameState, ev: list[Event]) -> None:
        end_at = self.end_at(t)
        while not t.deck and not t.ending:
            t.exhausted += 1
            ev.append(Event("exhausted", None, {"count": t.exhausted, "end_at": end_at}, "B-37"))
            if t.exhausted >= end_at:
                t.ending = True
                break
            t.deck, t.rng = rng.shuffled(t.rng, t.discard)
            ev.append(Event("reshuffle", None, {"cards": len(t.deck)}, "B-38"))
            t.discard = ()

    def take_cards(self, t: GameState, n: int, ev: list[Event]) -> list[str]:
        """Take up to ``n`` deck cards one at a time; each may cause a deck pass, and the
        game-ending pass stops the rest (B-37…B-40, A4, A6)."""
        deck = t.deck
        if len(deck) > n and not t.ending:  # none of them empties the deck: taken at once
            t.deck = deck[n:]
            return list(deck[:n])
        cards: list[str] = []
        for _ in range(n):
            if t.ending:
                break
            c = self.take_top(t, ev)
            if c is None:
                break
            cards.append(c)
        return cards

    def end_at(self, t: GameState) -> int:
        return self.profile(t).end_at

    def reveal_count(self, t: GameState, seat: int) -> int:
        """Cards turned up in phase 2 (B-13); expansions may add to it."""
        return self.profile(t).reveal_n

    def draw_count(self, t: GameState, seat: int) -> int:
        """Cards drawn in phase 4 (B-25); expansions may add to it."""
        return self.profile(t).draw_n

    def _do_reveal(self, t: GameState, seat: int, a: Reveal, ev: list[Event]) -> None:
        prof = self.profile(t)
        name = t.players[seat].name
        if not t.players[seat].hand and t.planted == 0:
            ev.append(Event("skip_plant", name, {}, "B-11"))
        cards = self.take_cards(t, self.reveal_count(t, seat), ev)
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

    def _do_discard(self, t: GameState, seat: int, a: Discard, ev: list[Event]) -> None:
        p = t.players[seat]
        if t.phase == "offers":
            t.offer_zone = remove_beans(t.offer_zone, [a.bean])
            t.discard = t.discard + (a.bean,)
            ev.append(Event("discard", p.name, {"bean": a.bean, "from": "offer"}, "B-53"))
            self._after_plant(t, ev)
        else:
            t.set_player(seat, p.replace(hand=remove_positions(p.hand, [a.pos - 1])))
            t.discard = t.discard + (a.bean,)
            t.discarded = True
            ev.append(Event("discard", p.name, {"bean": a.bean, "from": "hand", "pos": a.pos}, "B-54"))

    # trading
    def _do_offer(self, t: GameState, seat: int, a: Offer, ev: list[Event]) -> None:
        partner = t.seat_of(a.partner)
        o = OpenOffer(t.next_offer, seat, partner, a.give, a.get)
        t.offers = t.offers + (o,)
        t.next_offer += 1
        ev.append(Event("offer", a.player, {"id": o.id, "partner": a.partner, "give": [str(c) for c in a.give],
                                            "get": [str(w) for w in a.get]}, "B-48"))

    def _resolve(self, t: GameState, seat: int, a, as_partner: bool) -> OpenOffer:
        o, err = self._find_offer(t, seat, a, as_partner)
        assert o is not None, err
        return o

    def _drop_offer(self, t: GameState, oid: int) -> None:
        t.offers = tuple(o for o in t.offers if o.id != oid)

    def _do_decline(self, t: GameState, seat: int, a: Decline, ev: list[Event]) -> None:
        o = self._resolve(t, seat, a, True)
        self._drop_offer(t, o.id)
        ev.append(Event("decline", a.player, {"id": o.id, "proposer": t.players[o.proposer].name}, "B-19"))

    def _do_withdraw(self, t: GameState, seat: int, a: Withdraw, ev: list[Event]) -> None:
        o = self._resolve(t, seat, a, False)
        self._drop_offer(t, o.id)
        ev.append(Event("withdraw", a.player, {"id": o.id}, "B-19"))

    def _do_accept(self, t: GameState, seat: int, a: Accept, ev: list[Event]) -> None:
        o = self._resolve(t, seat, a, True)
        partner_pos, partner_up = self._accept_cards(t, o, a.cards or None)
        prop, part = t.players[o.proposer], t.players[o.partner]
        prop_pos = [c.pos - 1 for c in o.give if c.zone == "hand"]
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
        self._drop_offer(t, o.id)
        ev.append(Event("deal", a.player, {"id": o.id, "proposer": prop.name, "partner": part.name,
                                           "to_proposer": list(to_proposer), "to_partner": list(to_partner),
                                           "gift": not to_proposer or not to_partner}, "B-20"))
        self._reconcile_offers(t, {o.proposer: prop_pos, o.partner: partner_pos}, ev)

    def _reconcile_offers(self, t: GameState, removed: dict[int, list[int]], ev: list[Event]) -> None:
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
                        i = c.pos - 1
                        if i in gone:
                            lapsed = True
                            break
                        c = CardRef("hand", c.bean, c.pos - sum(1 for g in gone if g < i))
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

    def _do_end_trade(self, t: GameState, seat: int, a: EndTrade, ev: list[Event]) -> None:
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
            self.pending_done(t, ev)

    def pending_done(self, t: GameState, ev: list[Event]) -> None:
        if t.ending:  # B-39: phases 2 and 3 finished; phase 4 is skipped
            self.finish(t, ev, "B-39")
        else:
            t.phase = "draw"
            ev.append(Event("phase", t.players[t.active].name, {"phase": "draw"}, "B-23"))

    def _do_draw(self, t: GameState, seat: int, a: Draw, ev: list[Event]) -> None:
        prof = self.profile(t)
        name = t.players[seat].name
        if t.phase == "take":  # duel step 3 ends: the rest goes to the offer zone (B-56)
            if t.faceup:
                ev.append(Event("to_offer", name, {"beans": list(t.faceup)}, "B-56"))
            t.offer_zone = t.offer_zone + t.faceup
            t.faceup = ()
            if t.ending:
                self.finish(t, ev, "B-57")
                return
        drawn = self.take_cards(t, self.draw_count(t, seat), ev)
        p = t.players[seat]
        t.set_player(seat, p.replace(hand=p.hand + tuple(drawn)))
        ev.append(Event("draw", name, {"count": len(drawn), "beans": drawn}, "B-04"))
        if t.ending:
            self.finish(t, ev, "B-57" if prof.duel else "B-40")
            return
        self.next_turn(t, ev)

    def next_turn(self, t: GameState, ev: list[Event]) -> None:
        t.active = (t.active + 1) % t.n
        t.turn += 1
        t.planted = 0
        t.discarded = False
        t.phase = "offers" if t.offer_zone else "plant"
        ev.append(Event("turn", t.players[t.active].name, {"turn": t.turn}, "B-25"))

    # end of the game (B-41…B-43, B-47)
    def finish(self, t: GameState, ev: list[Event], rule: str) -> None:
        t.end_rule = rule
        ev.append(Event("game_end", None, {"exhausted": t.exhausted}, rule))
        if self.final_sale(t):
            for seat in range(t.n):
                for idx, fld in enumerate(t.players[seat].fields):
                    if fld:
                        self.harvest(t, seat, idx, ev, final=True)
        t.scores = tuple(self.score(t, seat) for seat in range(t.n))
        t.winners = self.winners(t)
        t.phase = "over"
        t.offers = ()
        ev.append(Event("winner", None, {"winners": [t.players[i].name for i in t.winners],
                                         "scores": {p.name: sc for p, sc in zip(t.players, t.scores)}}, "B-43"))

    def final_sale(self, t: GameState) -> bool:
        """Whether every player sells all fields at the end (B-41). An expansion whose score
        is not coins may sell only when its scoring needs the coins."""
        return True

    def score(self, t: GameState, seat: int) -> int:
        return len(t.players[seat].coins)

    def winners(self, t: GameState) -> tuple[int, ...]:
        best = max(t.scores)
        tied = [i for i in range(t.n) if t.scores[i] == best]
        return break_tie(t, tied, self.profile(t).tie_break)

    # -- views ---------------------------------------------------------------------------------------
    def observe(self, s: GameState, seat: Optional[int]) -> dict[str, Any]:
        """What ``seat`` may see (None: the whole table, for a teacher). Principle 7."""
        prof = self.profile(s)
        players = []
        for i, p in enumerate(s.players):
            visible = seat is None or seat == i
            players.append({
                "name": p.name, "seat": i, "hand": list(p.hand) if visible else None,
                "hand_size": len(p.hand), "fields": [list(f) for f in p.fields], "coins": len(p.coins),
                "pending": list(p.pending), "third_field": len(p.fields) >= 3, "bought": p.bought,
            })
        return {
            "game": s.game, "profile": prof.key, "viewer": None if seat is None else s.players[seat].name,
            "phase": s.phase, "active": s.players[s.active].name, "turn": s.turn,
            "exhausted": s.exhausted, "end_at": prof.end_at, "ending": s.ending,
            "deck_size": len(s.deck), "discard": list(s.discard), "faceup": list(s.faceup),
            "offer_zone": list(s.offer_zone), "removed": len(s.removed), "players": players,
            "offers": [self.offer_text(s, o) for o in s.offers],
            # The same offers as data, for views to put in words (open offers are public).
            "offer_list": [{"id": o.id, "proposer": s.players[o.proposer].name, "partner": s.players[o.partner].name,
                            "give": [[c.zone, c.bean, c.pos] for c in o.give],
                            "get": [[w.zone, w.bean, w.count] for w in o.get]} for o in s.offers],
            "to_move": [s.players[i].name for i in self.to_move(s)],
            "field_price": prof.field_price, "planted": s.planted,
            "scores": dict(zip((p.name for p in s.players), s.scores)) if s.scores else None,
            "winners": [s.players[i].name for i in s.winners] if s.winners else None,
        }

    def offer_text(self, s: GameState, o: OpenOffer) -> str:
        return f"({o.id}) " + str(Offer(s.players[o.proposer].name, s.players[o.partner].name, o.give, o.get))

    def table(self, s: GameState) -> dict[str, Any]:
        """The flat table view scenario ``expect`` paths read (docs/notation.md)."""
        t: dict[str, Any] = {
            "active": s.players[s.active].name, "phase": s.phase, "exhausted": s.exhausted,
            "over": s.phase == "over", "turn": s.turn, "ending": s.ending,
            "deck.size": len(s.deck), "deck.top": s.deck[0] if s.deck else None, "deck": list(s.deck),
            "discard.size": len(s.discard), "discard.top": s.discard[-1] if s.discard else None,
            "discard": list(s.discard), "faceup": list(s.faceup), "offer_zone": list(s.offer_zone),
            "removed.size": len(s.removed), "planted": s.planted,
            "offers": [self.offer_text(s, o) for o in s.offers],
            "to_move": [s.players[i].name for i in self.to_move(s)],
            "cards.total": s.card_total(),
            "scores": dict(zip((p.name for p in s.players), s.scores)) if s.scores else None,
            "winner": None, "winners": None,
        }
        if s.winners:
            names = [s.players[i].name for i in s.winners]
            t["winners"] = names
            t["winner"] = names[0] if len(names) == 1 else names
        for p in s.players:
            t[f"{p.name}.hand"] = list(p.hand)
            t[f"{p.name}.hand_size"] = len(p.hand)
            t[f"{p.name}.fields"] = [list(f) for f in p.fields]
            t[f"{p.name}.coins"] = len(p.coins)
            t[f"{p.name}.pending"] = list(p.pending)
            t[f"{p.name}.third_field"] = len(p.fields) >= 3
        return t

    #: The base game's verbs: each one's check (why it is refused now) and effect.
    VERBS = Verbs({
        "plant": Verb(_check_plant, _do_plant),
        "harvest": Verb(_check_harvest, _do_harvest),
        "buy-field": Verb(_check_buy_field, _do_buy_field),
        "reveal": Verb(_check_reveal, _do_reveal),
        "end-trade": Verb(_check_end_trade, _do_end_trade),
        "draw": Verb(_check_draw, _do_draw),
        "discard": Verb(_check_discard, _do_discard),
        "offer": Verb(_check_offer, _do_offer),
        "accept": Verb(_check_accept, _do_accept),
        "decline": Verb(_check_decline, _do_decline),
        "withdraw": Verb(_check_withdraw, _do_withdraw),
    })


def break_tie(t: GameState, tied: list[int], tie_break: str) -> tuple[int, ...]:
    """B-47: among tied seats, most hand cards (HAND_CARDS) or farthest clockwise from the
    start player (FARTHEST_CLOCKWISE); whoever is still tied shares the win (A18)."""
    if len(tied) > 1:
        if tie_break == "HAND_CARDS":
            most = max(len(t.players[i].hand) for i in tied)
            tied = [i for i in tied if len(t.players[i].hand) == most]
        else:
            far = max((i - t.start_seat) % t.n for i in tied)
            tied = [i for i in tied if (i - t.start_seat) % t.n == far]
    return tuple(tied)

