"""Bohnaparte: territory conquest on a hex map (spec ``bohnaparte.md``, rules P-01…P-49).

The base game runs underneath (the 1997 deck, two fields, the end at the 3rd deck pass);
coins no longer win but pay for raids on the territories of a board (``board.py``).

Phases (``state.phase``)
    ``camp``    setup: players choose camps, start player's right-hand neighbour first (P-07)
    ``plant``   phase 1, as in the base game
    ``trade``   phase 2 (2 + rice fields cards turned up, P-41)
    ``pending`` phase 3
    ``battle``  the battle step after phase 3 (P-16); ``draw`` ends it and draws (P-40, P-49).
                With option ``cart_in_battle`` a cart owner's battle deck card goes onto the
                cart, and the battle waits (step ``cart``) for the owner's ``cart-play`` (P-38)
    ``cart``    the cart owner picks the cards to take from the cart (P-38)
    ``over``    the game has ended and been scored

The game's modules by topic: ``camps`` (choosing them), ``battle`` (attacks, the fight, captures),
``carts`` (buying one, filling it, taking its cards), ``common`` (what those share) and ``board``
(the map); this module holds the ruleset: its options and setup, the board helpers, the turn
structure, the legal lists, the base game's verbs as Bohnaparte changes them, scoring and views.
"""
from __future__ import annotations

from dataclasses import replace as dc_replace
from typing import TYPE_CHECKING, Any, Optional, Sequence, cast

from ...core import rng
from ...core.errors import IllegalAction, OptionError
from ...core.events import Event
from ...core.ruleset import Option, Verb
from ..bohnanza.actions import Action, BuyField, Draw, Plant
from ..bohnanza import turn as base_turn
from ..bohnanza.profiles import Profile, profile_for
from ..bohnanza.rules import Bohnanza
from ..bohnanza.seats import act
from ..bohnanza.state import PlayerState
from . import battle, carts
from .actions import NOTATION, BuyCart
from .battle import battle_actions, battle_waits
from .camps import camp_actions, check_camp, do_camp
from .cards import CARDS, CART_PRICE
from .carts import CART_PHASES, CART_SIZE, cart_choices
from .common import refuse, strength
from . import text as ptext
from ..bohnanza import text as base_text
from .state import BohnaparteState
from .text import NARRATION
from ...i18n.core import GameTitle
from .board import (
    HORSE_COLOURS, PLAYER_COLOURS, RIVER, TERRAINS, Board, BoardError, annotate, cavalry_immune,
    load_board, reach, sites,
)

if TYPE_CHECKING:
    import networkx as nx

MARKERS = 12          # markers per colour (Q-09: not a limit)


#: Phases of Bohnaparte's own (the others are the base game's).
_OWN_PHASES = frozenset(("camp", "battle", "cart"))


_PROFILES: dict[int, Profile] = {}


def _profile(n: int) -> Profile:
    """P-02, P-09: the 1997 deck, no 3rd field at any count, end at the 3rd pass, draw 3
    (refused like the base game's for a count it does not support)."""
    prof = _PROFILES[n] = dc_replace(profile_for("AMIGO_1997", n), key="BOHNAPARTE", field_price=None,
                                     start_fields=2, end_at=3, draw_n=3, reveal_n=2)
    return prof


class Bohnaparte(Bohnanza[BohnaparteState]):
    name = "bohnaparte"
    LABELS = (ptext.action_label, base_text.action_label)
    DESCRIBERS = (ptext.describe, base_text.describe)
    title = GameTitle("bohnaparte")
    rule_prefix = "P"
    STATE = BohnaparteState
    notation = NOTATION
    cards = CARDS
    narration = NARRATION
    PHASES = ("camp", "plant", "trade", "pending", "battle", "cart", "over")
    OPTIONS = {
        "profile": Option("AMIGO_1997", "base deck: the 1997 box, 8 bean types, values 6–20 (spec Q-01)", ("AMIGO_1997",)),
        "start_seat": Bohnanza.OPTIONS["start_seat"],
        "same_type_fields": Bohnanza.OPTIONS["same_type_fields"],
        "board": Option("standard", "board name or path of a board file (beannb/data/boards)", type=str),
        "camps": Option(None, "camp positions, a list of labels (default: the board's for the player count)"),
        "layout": Option(None, "fixed {position: terrain} for every non-camp position (default: shuffled)"),
        # A study knob (the strategy lab's "what is this territory worth"), not a rule.
        "without": Option(None, "study: every territory of this terrain is a village instead (a forest if it "
                          "is the village)", (None,) + tuple(t for t in TERRAINS if t != "camp")),
        "removed_camps": Option(None, "camp colours returned to the box at 3 or 4 players (default: random, Q-08)"),
        "destruction": Option(False, "variant: a captured city is burned, its capturer gains 1 VP (P-48)", (False, True)),
        "gem_reveals": Option("one", "gem fields: one reveal per turn, or one per gem field (Q-05)", ("one", "per_field")),
        "cart_in_battle": Option(False, "the cart owner's battle deck card goes onto the cart, and the owner plays one of the cart's cards (Q-06)", (False, True)),
        "cavalry_crosses_rivers": Option(True, "cavalry attacks may cross rivers too (Q-03)", (True, False)),
        "battle_after_final_reveal": Option(False, "play the battle step after a game-ending reveal (Q-11)", (False, True)),
        "vp_tiebreak": Option("shared", "equal VP: shared win, or more coins after the final sale of fields, which is "
                              "made only for this tie-break (Q-10, §6.2)", ("shared", "coins")),
    }
    SINGLE_TYPE_FIELDS = True

    def configurations(self) -> list[tuple[dict, int]]:
        return [({}, 3), ({}, 4), ({}, 5), ({"destruction": True, "gem_reveals": "per_field", "vp_tiebreak": "coins",
                                            "cart_in_battle": True}, 4)]

    # -- options, profile, players ------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = super().check_options(options)
        try:
            load_board(out["board"])
        except BoardError as exc:
            raise OptionError(str(exc)) from None
        for key in ("camps", "removed_camps"):
            if out[key] is not None and (not isinstance(out[key], (list, tuple)) or not all(isinstance(c, str) for c in out[key])):
                raise OptionError(f"bohnaparte: option {key} must be a list of " + ("position labels" if key == "camps" else "camp colours"))
        if out["layout"] is not None and not isinstance(out["layout"], dict):
            raise OptionError("bohnaparte: option layout must map positions to terrains, e.g. {'10': 'river'}")
        if out["layout"] is not None and out["without"] is not None:
            raise OptionError("bohnaparte: options layout and without exclude each other; a fixed layout names every terrain")
        return out

    def initial_problem(self, state: BohnaparteState) -> Optional[str]:
        """Besides the base game's counts: every board position of a known terrain, with one
        colour, owner and burned mark each, owned by a seat or nobody."""
        n = len(state.terrain)
        for key in ("colour", "owner", "burned"):
            if len(getattr(state, key)) != n:
                return f"its board has {n} terrains but {len(getattr(state, key))} {key} entries"
        bad = [t for t in state.terrain if not isinstance(t, str) or t not in TERRAINS]
        if bad:
            return f"its board has the terrain {str(bad[0])[:30]!r}; terrains are {', '.join(TERRAINS)}"
        seats = range(len(state.players))
        if any(o is not None and (type(o) is not int or o not in seats) for o in state.owner):
            return "its board has a position owned by no seat of the table"
        return super().initial_problem(state)

    def profile(self, state: BohnaparteState) -> Profile:
        try:
            return _PROFILES[len(state.players)]
        except KeyError:
            return _profile(len(state.players))

    def check_players(self, players: Sequence[str], options: dict) -> Profile:
        if not 3 <= len(players) <= 5:
            raise OptionError(f"Bohnaparte is played by 3–5 players, not {len(players)}", rule="P-01")
        board = load_board(options["board"])
        if len(players) not in board.players:
            raise OptionError(f"board {board.name!r} is made for {', '.join(map(str, board.players))} players, not {len(players)}",
                              rule="P-01")
        super().check_players(players, options)
        n = len(players)
        return _PROFILES[n] if n in _PROFILES else _profile(n)

    def board(self, s: BohnaparteState) -> Board:
        return load_board(s.options["board"])

    # -- setup (spec §1) ---------------------------------------------------------------------------
    def new_state(self, options: dict, players: Sequence[PlayerState], deck: tuple, rng_state: Any,
                  start: int) -> BohnaparteState:
        s = super().new_state(options, players, deck, rng_state, start)
        n = len(players)
        board = load_board(options["board"])
        counts = board.card_counts(n)
        # P-03: which camp colours go back into the box (Q-08: config, default random)
        colours = list(PLAYER_COLOURS)
        removed = options.get("removed_camps")
        if removed is not None:
            bad = [c for c in removed if c not in PLAYER_COLOURS]
            if bad or len(removed) != len(colours) - n or len(set(removed)) != len(removed):
                raise OptionError(f"removed_camps: {n} players return {len(colours) - n} of the camp colours "
                                  f"{', '.join(colours)}, not {removed}", rule="P-03")
        else:
            order, s.rng = rng.shuffled(s.rng, colours)
            removed = order[n:]
        camp_colours: Sequence[str] = [c for c in colours if c not in removed]
        camp_colours, s.rng = rng.shuffled(s.rng, camp_colours)
        camps = options.get("camps") or board.camp_positions(n)
        idx_camps = []
        for c in camps:
            i = board.resolve(str(c))
            if i is None:
                raise OptionError(f"camps: {c} is not a position of board {board.name!r}", rule="P-06")
            idx_camps.append(i)
        if len(set(idx_camps)) != n:
            raise OptionError(f"camps: {n} players need {n} different camp positions, not {list(camps)}", rule="P-06")
        terrain: list[Optional[str]] = [None] * len(board)
        colour: list[Optional[str]] = [None] * len(board)
        for i, c in zip(idx_camps, camp_colours):
            terrain[i], colour[i] = "camp", c
        cards: Sequence[tuple[str, Optional[str]]] = [(t, None) for t in board.layout_cards(n)]
        gone = options.get("without")
        if gone:
            instead = "forest" if gone == "village" else "village"
            cards = [(instead if t == gone else t, None) for t, _ in cards]
        horses = iter(HORSE_COLOURS)
        cards = [(t, next(horses) if t == "steppe" else None) for t, _ in cards]
        free = [i for i in range(len(board)) if terrain[i] is None]
        layout = options.get("layout")
        placed: Sequence[tuple[str, Optional[str]]]
        if layout:
            placed = self._fixed_layout(board, n, layout, free)
        else:
            placed, s.rng = rng.shuffled(s.rng, cards)  # P-06: the rest face up at random
        for i, (t, c) in zip(free, placed):
            terrain[i], colour[i] = t, c
        # Every position has its card now (the camps, then ``placed`` on the free ones).
        s.terrain, s.colour = cast("tuple[str, ...]", tuple(terrain)), tuple(colour)
        s.owner = (None,) * len(board)
        s.burned = (False,) * len(board)
        s.spent = ()
        s.seat_colour = (None,) * n
        s.carts = (None,) * n
        s.cart_seen = (False,) * n
        s.tokens = (0,) * n
        s.battle = None
        box = [f"camp:{c}" for c in colours if c in removed]
        for t, ter in TERRAINS.items():
            if t != "camp":
                box += [t] * (ter.box - counts.get(t, 0))
        s.box = tuple(box)
        # P-07: the start player's right-hand neighbour chooses first, then counter-clockwise.
        s.camp_queue = tuple((start - k) % n for k in range(1, n))
        s.phase = "camp"
        return s

    def _fixed_layout(self, board: Board, n: int, layout: dict, free: list[int]) -> list[tuple[str, Optional[str]]]:
        want = {t: c for t, c in board.card_counts(n).items() if t != "camp"}
        got: dict[int, tuple[str, Optional[str]]] = {}
        horses = list(HORSE_COLOURS)
        for pos, ter in layout.items():
            i = board.resolve(str(pos))
            if i is None or i not in free:
                raise OptionError(f"layout: {pos} is not a free (non-camp) position of board {board.name!r}", rule="P-06")
            ter, _, col = str(ter).partition(":")
            if ter not in want:
                raise OptionError(f"layout: {ter!r} is not a non-camp terrain ({', '.join(want)})", rule="P-04")
            if ter == "steppe":
                picked = col or next((h for h in horses), None)
                if picked is None or picked not in horses:
                    raise OptionError(f"layout: steppe colour {picked!r} is used twice or unknown", rule="P-04")
                horses.remove(picked)
                col = picked
            got[i] = (ter, col or None)
        missing = [board.labels[i] for i in free if i not in got]
        if missing:
            raise OptionError(f"layout: every non-camp position needs a card; missing {', '.join(missing)}", rule="P-06")
        used = {t: sum(1 for v in got.values() if v[0] == t) for t in want}
        wrong = {t: (used[t], want[t]) for t in want if used[t] != want[t]}
        if wrong:
            raise OptionError("layout: " + "; ".join(f"{u} × {t} where {n} players have {w}" for t, (u, w) in wrong.items()),
                              rule="P-04")
        return [got[i] for i in free]

    # -- board helpers ------------------------------------------------------------------------------
    def owned(self, s: BohnaparteState, seat: int) -> list[int]:
        return [i for i, o in enumerate(s.owner) if o == seat]

    def count_owned(self, s: BohnaparteState, seat: int, terrain: str) -> int:
        owner = s.owner
        n = 0
        for i in sites(s.terrain).get(terrain, ()):
            if owner[i] == seat:
                n += 1
        return n

    def cavalry_owner(self, s: BohnaparteState, colour: str) -> Optional[int]:
        """P-29: a cavalry belongs to whoever owns its steppe."""
        for i in sites(s.terrain).get("steppe", ()):
            if s.colour[i] == colour:
                return s.owner[i]
        return None

    def cavalry(self, s: BohnaparteState) -> dict[str, tuple[int, Optional[int], bool]]:
        """colour -> (steppe position index, owner seat, ready)."""
        # A steppe always has its horse colour (P-04).
        return {cast(str, s.colour[i]): (i, s.owner[i], s.colour[i] not in s.spent)
                for i in sites(s.terrain).get("steppe", ())}

    def ready_cavalry(self, s: BohnaparteState, seat: int) -> list[str]:
        return [c for c, (_, o, ready) in self.cavalry(s).items() if o == seat and ready]

    def targets(self, s: BohnaparteState, seat: int, cavalry: bool = False) -> dict[int, tuple]:
        """P-12…P-15: legal targets of ``seat`` now, each with the path that reaches it."""
        # P-14: a forest lets its owner cross rivers (Q-03: cavalry too, unless the option says no)
        cross = (not cavalry or s.options["cavalry_crosses_rivers"]) and self.count_owned(s, seat, "forest") > 0
        found = reach(self.board(s).nbrs, s.terrain, s.owner, seat, cross)
        if cavalry:
            found = {i: p for i, p in found.items() if not cavalry_immune(s.terrain[i], s.burned[i])}
        return found

    def graph(self, s: BohnaparteState) -> nx.Graph:
        """The board as an annotated networkx graph (owners as player names)."""
        names = [p.name for p in s.players]
        return annotate(self.board(s), s.terrain, [names[o] if o is not None else None for o in s.owner],
                        s.colour, s.burned)

    def min_defence(self, s: BohnaparteState, i: int) -> int:
        """P-24 (and P-48: a burned city has no minimum)."""
        if s.burned[i]:
            return 0
        return TERRAINS[s.terrain[i]].min_def

    def vp(self, s: BohnaparteState, seat: int) -> int:
        """P-43 (P-48: a burned city is worth 1, plus the burner's tokens)."""
        total = s.tokens[seat]
        for i, o in enumerate(s.owner):
            if o == seat:
                total += 1 if s.burned[i] else TERRAINS[s.terrain[i]].vp
        return total

    # -- turn structure -----------------------------------------------------------------------------
    def reveal_count(self, t: BohnaparteState, seat: int) -> int:
        return super().reveal_count(t, seat) + self.count_owned(t, seat, "rice_field")  # P-41

    def draw_count(self, t: BohnaparteState, seat: int) -> int:
        return super().draw_count(t, seat) + self.count_owned(t, seat, "village")  # P-40

    def to_move(self, s: BohnaparteState) -> tuple[int, ...]:
        phase = s.phase
        if phase not in _OWN_PHASES:
            return super().to_move(s)
        if phase == "camp":  # P-07
            return (s.camp_queue[0],)
        b = s.battle
        if phase == "battle" and b is not None:  # P-20, P-32, P-38
            # A battle has its defender and, in step ``cart``, a cart owner (P-20, P-38).
            if b.step == "cart":
                return (cast(int, b.cart_owner()),)
            return (cast(int, b.defender),) if b.step == "defend" else (b.attacker,)
        return (s.active,)

    def pending_done(self, t: BohnaparteState, ev: list[Event]) -> None:
        if t.ending and not t.options["battle_after_final_reveal"]:
            self.finish(t, ev, "P-44")  # no battle step after a game-ending reveal
            return
        t.phase = "battle"
        ev.append(Event("phase", t.players[t.active].name, {"phase": "battle"}, "P-16"))

    def next_turn(self, t: BohnaparteState, ev: list[Event]) -> None:
        super().next_turn(t, ev)
        self.start_turn(t, ev)

    def start_turn(self, t: BohnaparteState, ev: list[Event]) -> None:
        seat = t.active
        name = t.players[seat].name
        mine = [c for c in t.spent if self.cavalry_owner(t, c) == seat]
        if mine:  # P-34
            t.spent = tuple(c for c in t.spent if c not in mine)
            ev.append(Event("cavalry_ready", name, {"colours": mine}, "P-34"))
        gems = self.count_owned(t, seat, "gem_field")
        if gems:  # P-42
            for _ in range(gems if t.options["gem_reveals"] == "per_field" else 1):
                card = self.take_top(t, ev)
                if card is None:
                    break
                if strength(card) <= 12:
                    p = t.players[seat]
                    t.set_player(seat, p.replace(coins=p.coins + (card,)))
                    ev.append(Event("gem", name, {"bean": card, "coin": True}, "P-42"))
                else:
                    t.discard = t.discard + (card,)
                    ev.append(Event("gem", name, {"bean": card, "coin": False}, "P-42"))
                if t.ending:
                    self.finish(t, ev, "P-44")
                    return

    # -- legal actions ------------------------------------------------------------------------------
    def legal_for(self, s: BohnaparteState, seat: int, out: list[Action], partners: dict) -> None:
        # Built by construction; the order is the order a UI shows them in (seeded bots rely on it).
        phase = s.phase
        if phase in _OWN_PHASES:
            if phase == "camp":
                camp_actions(self, s, seat, out)
                return
            if phase == "cart":
                if seat == s.active:
                    out.extend(cart_choices(s, seat))
                return
            battle_actions(self, s, seat, out)
        # P-36 by construction (the tests of carts.check_buy_cart, cheapest first, no refusal built).
        if seat == s.active and s.battle is None and phase in CART_PHASES and s.carts[seat] is None \
                and len(s.players[seat].coins) >= CART_PRICE and self.count_owned(s, seat, "forest"):
            out.append(act(BuyCart, s.players[seat].name))
        super().legal_for(s, seat, out, partners)

    # -- validation -----------------------------------------------------------------------------------
    def gate(self, s: BohnaparteState, seat: int, a: Action) -> Optional[IllegalAction]:
        """Choosing the camps (P-07) and drawing the cart's cards (P-38) allow only their verb."""
        if s.phase == "camp" and a.VERB != "camp":
            nxt = s.players[s.camp_queue[0]].name
            return refuse("P-07", "camp-first", player=nxt)
        if s.phase == "cart" and a.VERB != "cart-take":
            if seat == s.active:
                return refuse("P-38", "cart-draw-yours")
            return refuse("P-38", "cart-draw-other", player=s.players[s.active].name)
        return None

    def _check_draw_bohnaparte(self, s: BohnaparteState, seat: int, a: Draw) -> Optional[IllegalAction]:
        if s.phase == "battle":
            if s.battle is not None:
                return battle_waits(self, s, seat)
            if seat != s.active:
                return refuse("P-49", "battle-step-end-not-your-turn", player=s.players[s.active].name)
            return None
        if s.phase == "pending":
            return base_turn.check_draw(self, s, seat, a)  # B-23: the cards waiting to be planted come first
        if s.phase in ("trade", "plant"):
            return refuse("B-25", "draw-too-early")
        return base_turn.check_draw(self, s, seat, a)

    def _check_buy_field_bohnaparte(self, s: BohnaparteState, seat: int, a: BuyField) -> Optional[IllegalAction]:
        return refuse("P-02", "no-third-field")

    def _check_plant_bohnaparte(self, s: BohnaparteState, seat: int, a: Plant) -> Optional[IllegalAction]:
        if s.phase == "battle":  # phase 3 is over, so only a hand card could be meant
            return refuse("B-10", "plant-hand-battle-step")
        return base_turn.check_plant(self, s, seat, a)

    # -- end and scoring --------------------------------------------------------------------------------
    def finish(self, t: BohnaparteState, ev: list[Event], rule: str) -> None:
        t.battle = None
        super().finish(t, ev, rule)
        last = ev[-1]
        ev[-1] = Event(last.kind, last.player, dict(last.data, vp=True), "P-47")

    def final_sale(self, t: BohnaparteState) -> bool:
        """§6.2 (Q-10): the base final sale of fields is made only for the coins tie-break, i.e.
        with option ``vp_tiebreak: coins`` when two or more players share the most VP."""
        if t.options["vp_tiebreak"] != "coins":
            return False
        vps = [self.vp(t, i) for i in range(t.n)]
        return vps.count(max(vps)) > 1

    def score(self, t: BohnaparteState, seat: int) -> int:
        return self.vp(t, seat)  # P-43, P-47: victory points, not coins

    def winners(self, t: BohnaparteState) -> tuple[int, ...]:
        scores = t.scores
        assert scores is not None, "the game is scored before its winners are found"
        best = max(scores)
        tied = [i for i in range(t.n) if scores[i] == best]
        if len(tied) > 1 and t.options["vp_tiebreak"] == "coins":
            most = max(len(t.players[i].coins) for i in tied)
            tied = [i for i in tied if len(t.players[i].coins) == most]
            if len(tied) > 1:
                most = max(len(t.players[i].hand) for i in tied)  # the base tie-break (HAND_CARDS)
                tied = [i for i in tied if len(t.players[i].hand) == most]
        return tuple(tied)

    # -- views --------------------------------------------------------------------------------------------
    def observe(self, s: BohnaparteState, seat: Optional[int]) -> dict[str, Any]:
        obs = super().observe(s, seat)
        board = self.board(s)
        names = [p.name for p in s.players]
        for k, po in enumerate(obs["players"]):
            cart = s.carts[k]
            po["colour"] = s.seat_colour[k]
            po["territories"] = [board.labels[i] for i in self.owned(s, k)]
            po["vp"] = self.vp(s, k)
            po["tokens"] = s.tokens[k]
            po["cart"] = None if cart is None else (list(cart) if (seat is None or (seat == k and s.cart_seen[k])) else len(cart))
            po["cavalry"] = {c: ("ready" if r else "spent") for c, (_, o, r) in self.cavalry(s).items() if o == k}
        b = s.battle
        battle = None
        if b is not None:
            # A hand card, or a card picked from the attacker's own cart, is known to the attacker;
            # everyone else sees it face down (P-38: cart cards are private to their owner).
            show_a = seat is None or (seat == b.attacker and (b.mode == "hand" or b.a_cart))
            owner = b.cart_owner()
            battle = {"target": board.labels[b.target], "attacker": names[b.attacker],
                      "defender": names[b.defender] if b.defender is not None else None, "wave": b.wave,
                      "mode": b.mode, "cavalry": b.cavalry, "step": b.step,
                      "cart_owner": names[owner] if owner is not None else None,
                      "attacker_card": b.a_card if show_a else ("face down" if b.a_card else None)}
        obs["map"] = {
            "board": board.name, "positions": list(board.labels),
            "terrain": list(s.terrain), "colour": list(s.colour), "burned": list(s.burned),
            "owner": [names[o] if o is not None else None for o in s.owner],
            "cavalry": {c: {"steppe": board.labels[i], "owner": names[o] if o is not None else None,
                            "state": "ready" if r else "spent"} for c, (i, o, r) in self.cavalry(s).items()},
            "camp_queue": [names[k] for k in s.camp_queue], "battle": battle,
            "colours": {names[k]: s.seat_colour[k] for k in range(s.n)},
        }
        if s.phase not in ("camp", "over") and s.battle is None and s.phase == "battle":
            obs["map"]["targets"] = [board.labels[i] for i in self.targets(s, s.active)]
        return obs

    def table(self, s: BohnaparteState) -> dict[str, Any]:
        t = super().table(s)
        board = self.board(s)
        names = [p.name for p in s.players]
        for i, lab in enumerate(board.labels):
            t[f"board.{lab}"] = s.terrain[i] + (f":{s.colour[i]}" if s.terrain[i] == "steppe" else "")
            owner = s.owner[i]
            t[f"owner.{lab}"] = names[owner] if owner is not None else None
            t[f"burned.{lab}"] = s.burned[i]
        for k, name in enumerate(names):
            t[f"{name}.territories"] = [board.labels[i] for i in self.owned(s, k)]
            t[f"{name}.vp"] = self.vp(s, k)
            t[f"{name}.tokens"] = s.tokens[k]
            t[f"{name}.colour"] = s.seat_colour[k]
            cart = s.carts[k]
            t[f"{name}.cart"] = list(cart) if cart is not None else None
            t[f"{name}.markers"] = max(0, MARKERS - len(self.owned(s, k)))
            if s.phase != "camp":
                t[f"{name}.targets"] = sorted(board.labels[i] for i in self.targets(s, k))
                t[f"{name}.cavalry_targets"] = sorted(board.labels[i] for i in self.targets(s, k, cavalry=True))
        for c, (i, o, r) in self.cavalry(s).items():
            t[f"cavalry.{c}"] = "ready" if r else "spent"
            t[f"cavalry.{c}.owner"] = names[o] if o is not None else None
        for ter in TERRAINS:
            t[f"count.{ter}"] = sum(1 for x in s.terrain if x == ter)
        b = s.battle
        t["battle"] = None if b is None else f"{names[b.attacker]} attacks {board.labels[b.target]}"
        t["battle.wave"] = b.wave if b else None
        t["battle.step"] = b.step if b else None
        t["battle.attacker"] = names[b.attacker] if b else None
        t["battle.target"] = board.labels[b.target] if b else None
        # the defending side: the target's owner, or "neutral" (the deck defends by itself, P-21)
        t["battle.defender"] = None if b is None else names[b.defender] if b.defender is not None else "neutral"
        t["box"] = sorted(s.box)
        t["camp_queue"] = [names[k] for k in s.camp_queue]
        t["cart.draw"] = s.players[s.active].name if s.phase == "cart" else None
        return t

    def state_from_dict(self, d: dict) -> BohnaparteState:
        return BohnaparteState.from_dict(d)

    # -- invariants for the playout suite -------------------------------------------------------------
    def check_invariants(self, before: BohnaparteState, action: Action, after: BohnaparteState,
                         events: list[Event]) -> None:
        for i, ter in enumerate(after.terrain):
            assert ter != RIVER or after.owner[i] is None, f"P-11: river {i} owned after {action}"
        if before.phase != "camp":
            owned_before = sum(o is not None for o in before.owner)
            owned_after = sum(o is not None for o in after.owner)
            assert owned_after >= owned_before, f"a territory became neutral after {action}"
            changed = sum(1 for x, y in zip(before.owner, after.owner) if x != y)
            assert changed <= 1, f"{changed} territories changed hands in one action ({action})"
            for k in range(after.n):
                if after.phase != "over" and after.phase != "camp":
                    assert any(o == k for o in after.owner), f"P-46: {after.players[k].name} has no territory but the game goes on"
        assert after.terrain == before.terrain and after.colour == before.colour, "the board itself changed"
        for c in after.spent:
            assert self.cavalry_owner(after, c) is not None, f"P-29: spent cavalry {c} without an owner"
        assert len(self.cavalry(after)) == after.terrain.count("steppe"), "one cavalry per steppe (P-05)"
        chooser = after.battle.cart_owner() if after.battle is not None else None
        for k, cart in enumerate(after.carts):
            if cart is None or (after.phase == "cart" and k == after.active):
                continue
            if k == chooser:  # a battle deck card has joined the cart; one of them is about to fight
                assert len(cart) <= CART_SIZE + 1, f"P-38: {len(cart)} cards on a cart in a battle after {action}"
            else:
                assert len(cart) <= CART_SIZE, f"P-38: {len(cart)} cards left on a cart after {action}"
        if chooser is not None:
            assert after.options["cart_in_battle"] and after.carts[chooser], f"Q-06: a cart choice without a cart after {action}"
        if after.phase == "battle" and after.battle is None and before.battle is not None:
            assert not any(e.kind == "draw" for e in events)

    #: Bohnaparte's verbs: the base game's (but the two-player game's discard, B-54), with its own
    #: checks where camps, battles and the cart change them, and its own verbs.
    VERBS = Bohnanza.VERBS.extend({
        "draw": Verb(_check_draw_bohnaparte, carts.do_draw),
        "camp": Verb(check_camp, do_camp),
        "attack": Verb(battle.check_attack, battle.do_attack),
        "defend": Verb(battle.check_defend, battle.do_defend),
        "second-wave": Verb(battle.check_second_wave, battle.do_second_wave),
        "buy-cart": Verb(carts.check_buy_cart, carts.do_buy_cart),
        "cart-take": Verb(carts.check_cart_take, carts.do_cart_take),
        "cart-play": Verb(battle.check_cart_play, battle.do_cart_play),
    }, checks={"buy-field": _check_buy_field_bohnaparte, "plant": _check_plant_bohnaparte}).without("discard")

