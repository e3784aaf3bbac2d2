"""Base Bohnanza (spec ``bohnanza.md``, rules B-01…B-57): the ruleset.

The game is written to be reused: the expansions import its profile table, its
mechanics (planting, harvesting, drawing with deck passes, final sale) and subclass
:class:`Bohnanza`, overriding only the steps their rule books change.

The game's modules by topic: ``profiles`` (the editions), ``fields`` (where a bean may go,
what may be harvested), ``refusals``, ``seats`` (the ready-made actions the legal lists use),
``turn`` (planting, harvesting, buying a field, turning up, drawing, the duel's discard) and
``trade`` (proposals and deals); this module holds the ruleset: its options and setup, who
decides, the legal lists, the dispatch through the verb table, and the hooks an expansion
may change (harvest, payout, deck passes, the end of the game).

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

from typing import Any, Callable, Optional, Sequence, cast

from ...core import rng
from ...core.actions import MAX_WORD, quote
from ...core.errors import IllegalAction, OptionError
from ...core.events import Event
from ...core.ruleset import Apply, Verb, Verbs, LegalActions, Option, Ruleset
from .actions import NOTATION, Accept, Action, Decline, Discard, Offer, Withdraw
from .cards import CARDS
from .profiles import PROFILES, Edition, _PROFILE_CACHE, profile_for, supported_counts
from .refusals import Title, refuse
from .seats import PlayerTable, SeatActions, act, add_harvests, add_plants  # noqa: F401  (PlayerTable: takeover imports it from here)
from .state import GS, GameState, OpenOffer, PlayerState
from . import text as base_text
from . import trade, turn
from .text import NARRATION
from ...i18n.core import GameTitle


#: What ``do`` calls for a verb: a hook before (or None), the verb's effect, a hook after (or None).
_Steps = tuple[Optional[Callable[..., Any]], Apply, Optional[Callable[..., None]]]
#: (ruleset class, verb) -> what ``do`` calls: the class's ``before_do`` (None where it is
#: the base's, which does nothing, or the verb is one of its ``BEFORE_DO_SKIPS``), the verb's
#: ``apply`` from the class's verb table and its ``after_do`` (None where it is the base's).
_DO_STEPS: dict[tuple[type, str], _Steps] = {}
#: The ruleset classes that list legal actions their own way (override ``legal_actions``).
_LISTS_OWN_WAY: set[type] = set()
#: The ruleset classes with a :meth:`~beannb.core.ruleset.Ruleset.gate` of their own (the
#: others skip the call: the refusal is asked for every candidate the bots weigh).
_GATED: set[type] = set()


def _do_steps(cls: type[Bohnanza[Any]], verb: str) -> _Steps:
    """``_DO_STEPS[(cls, verb)]``, worked out once from the class's hooks and verb table."""
    quiet = cls.before_do is Bohnanza.before_do or verb in cls.BEFORE_DO_SKIPS
    steps = (None if quiet else cls.before_do, cls.VERBS[verb].apply,
             cls.after_do if cls.after_do is not Bohnanza.after_do else None)
    _DO_STEPS[(cls, verb)] = steps
    return steps


# --------------------------------------------------------------------------------------
# The ruleset
# --------------------------------------------------------------------------------------
class Bohnanza(Ruleset[GS]):
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
    PHASES: tuple[str, ...] = ("plant", "trade", "pending", "draw", "offers", "take", "over")
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
    def profile(self, state: GS) -> Edition:
        try:
            return _PROFILE_CACHE[(state.options["profile"], len(state.players))]
        except KeyError:
            prof = _PROFILE_CACHE[(state.options["profile"], len(state.players))] = \
                profile_for(state.options["profile"], len(state.players))
            return prof

    def initial_problem(self, state: GS) -> Optional[str]:
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

    def can_trade(self, state: GS) -> bool:
        return self.profile(state).trading

    def may_interject(self, state: GS) -> bool:
        # Bots take the initiative only with trade offers, in phase 2 (B-13).
        return state.phase == "trade" and self.can_trade(state)

    def state_from_dict(self, d: dict) -> GS:
        return cast(GS, self.STATE.from_dict(d))  # STATE: the class GS names

    def same_type(self, state: GS) -> bool:
        override = state.options.get("same_type_fields")
        return self.profile(state).same_type_fields if override is None else override

    def check_players(self, players: Sequence[str], options: dict) -> Edition:
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
    def build_deck(self, prof: Edition) -> tuple[str, ...]:
        """B-01: the profile's types, each as many times as it has cards."""
        return tuple(b for b in prof.beans for _ in range(self.cards.beans[b].count))

    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> GS:
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

    def new_state(self, options: dict[str, Any], players: Sequence[PlayerState], deck: tuple[str, ...], rng_state: int,
                  start: int) -> GS:
        return cast(GS, self.STATE(  # STATE: the class GS names
            game=self.name, options=dict(options), players=tuple(players), deck=tuple(deck),
            discard=(), faceup=(), offer_zone=(), removed=(), phase="plant", active=start,
            start_seat=start, turn=1, exhausted=0, ending=False, end_rule=None, rng=rng_state,
            planted=0, discarded=False, offers=(), next_offer=1, scores=None, winners=None))

    # -- who decides ------------------------------------------------------------------------
    def to_move(self, s: GS) -> tuple[int, ...]:
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
    def legal_actions(self, s: GS, player: Optional[str] = None) -> LegalActions:
        out: list[Action] = []
        partners: dict[str, tuple[str, ...]] = {}
        if s.phase != "over":
            if player is None:
                for seat in range(len(s.players)):
                    self.legal_for(s, seat, out, partners)
            else:
                own = s.seat_of(player)
                if own is not None:
                    self.legal_for(s, own, out, partners)
        return LegalActions(self, s, out, partners)

    def legal_for_seat(self, s: GS, seat: int) -> tuple[list[Action], dict[str, tuple[str, ...]]]:
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

    def _seat(self, s: GS, name: str) -> Optional[int]:
        return s.seat_of(name)

    def legal_for(self, s: GS, seat: int, out: list[Action], partners: dict) -> None:
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
                    if trade.can_give(s, o):
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

    # -- validation (each verb's check: .turn and .trade) ------------------------------------------
    def why_not(self, s: GS, a: Action) -> Optional[IllegalAction]:
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

    def refusal(self, s: GS, a: Action) -> Optional[IllegalAction]:
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

    def unknown_verb(self, s: GS, a: Action) -> IllegalAction:
        return refuse("B-52" if self.profile(s).duel else "B-09", "unknown-verb", verb=a.VERB, game=Title(self.title))

    # -- apply (each verb's effect: .turn and .trade) ----------------------------------------------
    def do(self, s: GS, a: Action) -> tuple[GS, list[Event]]:
        t = s.copy()
        return t, self.do_in_place(t, a)

    def do_in_place(self, t: GS, a: Action) -> list[Event]:
        events: list[Event] = []
        try:
            seat: Optional[int] = (t.seating or t.table_seating()).index[a.player]  # made on first use
        except KeyError:  # no player's name: no seat (as seat_of says)
            seat = None
        steps = _DO_STEPS.get((type(self), a.VERB))
        if steps is None:
            steps = _do_steps(type(self), a.VERB)
        before_do, do_verb, after_do = steps
        before = before_do(self, t, seat, a, events) if before_do is not None else None
        do_verb(self, t, seat, a, events)
        if after_do is not None:
            after_do(self, t, seat, a, events, before)
        return events

    def before_do(self, t: GS, seat: int, a: Action, ev: list[Event]) -> Any:
        """A hook for what any action does first (an expansion's lasting effects ending);
        what it returns is handed to :meth:`after_do`. Not called for the verbs in
        :attr:`BEFORE_DO_SKIPS` (``before`` is then None)."""
        return None

    #: Verbs for which a game's :meth:`before_do` does nothing, so ``do`` need not call it.
    BEFORE_DO_SKIPS: frozenset = frozenset()

    def after_do(self, t: GS, seat: int, a: Action, ev: list[Event], before: Any) -> None:
        """A hook for what follows any action (an expansion's response windows, settling)."""

    # harvesting (the verb: .turn)
    def harvest(self, t: GS, seat: int, idx: int, ev: list[Event], final: bool = False) -> None:
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

    def payout(self, state: GS, bean: str, n: int) -> int:
        """Coins for harvesting ``n`` cards of ``bean`` (B-27); expansions with their own
        beanometers override this."""
        return self.cards.payout(bean, n)

    # drawing with deck passes (B-37, B-38, A3, A6)
    def take_top(self, t: GS, ev: list[Event]) -> Optional[str]:
        """Take the top deck card, handling the exhaustion its taking causes; None if none."""
        if not t.deck:
            return None
        card = t.deck[0]
        t.deck = t.deck[1:]
        if not t.deck:
            self.deck_ran_out(t, ev)
        return card

    def deck_ran_out(self, t: GS, ev: list[Event]) -> None:
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

    def take_cards(self, t: GS, n: int, ev: list[Event]) -> list[str]:
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

    def end_at(self, t: GS) -> int:
        return self.profile(t).end_at

    def reveal_count(self, t: GS, seat: int) -> int:
        """Cards turned up in phase 2 (B-13); expansions may add to it."""
        return self.profile(t).reveal_n

    def draw_count(self, t: GS, seat: int) -> int:
        """Cards drawn in phase 4 (B-25); expansions may add to it."""
        return self.profile(t).draw_n

    # the end of phase 3 and of the turn
    def pending_done(self, t: GS, ev: list[Event]) -> None:
        if t.ending:  # B-39: phases 2 and 3 finished; phase 4 is skipped
            self.finish(t, ev, "B-39")
        else:
            t.phase = "draw"
            ev.append(Event("phase", t.players[t.active].name, {"phase": "draw"}, "B-23"))

    def next_turn(self, t: GS, ev: list[Event]) -> None:
        t.active = (t.active + 1) % t.n
        t.turn += 1
        t.planted = 0
        t.discarded = False
        t.phase = "offers" if t.offer_zone else "plant"
        ev.append(Event("turn", t.players[t.active].name, {"turn": t.turn}, "B-25"))

    # end of the game (B-41…B-43, B-47)
    def finish(self, t: GS, ev: list[Event], rule: str) -> None:
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

    def final_sale(self, t: GS) -> bool:
        """Whether every player sells all fields at the end (B-41). An expansion whose score
        is not coins may sell only when its scoring needs the coins."""
        return True

    def score(self, t: GS, seat: int) -> int:
        return len(t.players[seat].coins)

    def winners(self, t: GS) -> tuple[int, ...]:
        scores = t.scores
        assert scores is not None, "the winners are found once the scores are counted (finish)"
        best = max(scores)
        tied = [i for i in range(t.n) if scores[i] == best]
        return break_tie(t, tied, self.profile(t).tie_break)

    # -- views ---------------------------------------------------------------------------------------
    def observe(self, s: GS, seat: Optional[int]) -> dict[str, Any]:
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

    def offer_text(self, s: GS, o: OpenOffer) -> str:
        return f"({o.id}) " + str(Offer(s.players[o.proposer].name, s.players[o.partner].name, o.give, o.get))

    def table(self, s: GS) -> dict[str, Any]:
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
        "plant": Verb(turn.check_plant, turn.do_plant),
        "harvest": Verb(turn.check_harvest, turn.do_harvest),
        "buy-field": Verb(turn.check_buy_field, turn.do_buy_field),
        "reveal": Verb(turn.check_reveal, turn.do_reveal),
        "end-trade": Verb(trade.check_end_trade, trade.do_end_trade),
        "draw": Verb(turn.check_draw, turn.do_draw),
        "discard": Verb(turn.check_discard, turn.do_discard),
        "offer": Verb(trade.check_offer, trade.do_offer),
        "accept": Verb(trade.check_accept, trade.do_accept),
        "decline": Verb(trade.check_decline, trade.do_decline),
        "withdraw": Verb(trade.check_withdraw, trade.do_withdraw),
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

