"""A table from a scenario's ``setup`` (docs/scenarios.md), as the base game reads it.

The ruleset's scenario hooks (:meth:`~beannb.core.ruleset.Ruleset.state_from_setup` and
the others) call the functions of this module, declared on the ruleset by the package
(``Bohnanza.scenario``). :func:`state_from_setup` reads the keys every game shares (the
players' hands, fields, coins and pending cards; the deck, discard pile, face-up cards;
the turn); an expansion's scenario module reuses it and adds its own keys through its
``fix_scenario_supply`` and ``scenario_setup``. Impossible tables are refused with a
:class:`ScenarioError` naming the key.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from ...core import rng
from ...core.errors import ScenarioError, did_you_mean
from .profiles import Edition
from .rules import Bohnanza
from .state import GameState, PlayerState

#: Keys of a scenario's ``setup`` the game reads beyond the base ones (the base game: none).
SETUP_KEYS: frozenset[str] = frozenset()
#: Keys of a scenario's ``setup`` the game reads in format 3 only (an older file is refused):
#: ``deck_before_deal``, the deck in order before the hands are dealt (B-02).
FORMAT3_KEYS: frozenset[str] = frozenset({"deck_before_deal"})
#: Keys of a scenario's ``setup.players.<name>`` (docs/scenarios.md).
PLAYER_KEYS = {"hand", "fields", "coins", "pending"}
#: The zones of the table a setup may list cards for, in the order they are taken.
ZONES = ("deck", "discard", "faceup", "offer_zone")


def card_list(ruleset: Bohnanza, value: Any, where: str) -> list[str]:
    """The card ids of a setup's list of card names (none for a missing list)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of card names")
    out = []
    for v in value:
        cid = ruleset.card_id(str(v)) if isinstance(v, (str, int)) and not isinstance(v, bool) else None
        if cid is None:
            raise ScenarioError(f"{where}: {str(v)[:40]!r} is not a card name in {ruleset.name}"
                                + did_you_mean(v, [*ruleset.cards.beans, *ruleset.cards.others]))
        out.append(cid)
    return out


class Supply:
    """The deck's cards a scenario's table is made of (B-01), each taken once as the setup
    places it; what no key places is shuffled from the seed and dealt as in a real game."""

    def __init__(self, ruleset: Bohnanza, prof: Edition):
        self.prof = prof
        self.order = list(ruleset.build_deck(prof))
        self.counts = Counter(self.order)

    def take(self, cards: list[str], where: str) -> None:
        for c in cards:
            if self.counts[c] <= 0:
                have = self.order.count(c)
                raise ScenarioError(f"{where}: one {c} too many — the {self.prof.key} deck has {have} {c} cards in all"
                                    f" ({self.contents()})")
            self.counts[c] -= 1

    def contents(self) -> str:
        """The deck's cards by kind, as an error lists them: "its cards: coffee 24, wax 22, …"."""
        return "its cards: " + ", ".join(f"{c} {n}" for c, n in Counter(self.order).items())

    def shuffled(self, seed: int) -> tuple[list[str], int]:
        """The cards not taken, shuffled from ``seed`` (in deck order first), and the generator after."""
        state = rng.seed_state(seed)
        rest, state = rng.shuffled(state, sorted(self.counts.elements(), key=self.order.index))
        return list(rest), state


# -- the players (setup.players) --------------------------------------------------------------
def read_seats(ruleset: Bohnanza, prof: Edition, players: list[str], setup: dict,
               supply: Supply) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """Each player's fixed cards (``hand``, ``fields``, ``pending``, ``coins`` as cards), taken
    from the supply, and the players whose coins are a count, to be paid from the rest."""
    fixed = setup.get("players") or {}
    if not isinstance(fixed, dict):
        raise ScenarioError("setup.players must map player names to their hand, fields, coins and pending cards")
    for name in fixed:
        if name not in players:
            raise ScenarioError(f"setup.players: {name!r} is not one of the players {players}"
                                + did_you_mean(name, players))
    seats: dict[str, dict[str, Any]] = {}
    coin_counts: dict[str, int] = {}
    for name in players:
        seats[name], coins = read_seat(ruleset, prof, name, fixed.get(name) or {}, supply)
        if coins is not None:
            coin_counts[name] = coins
    return seats, coin_counts


def read_seat(ruleset: Bohnanza, prof: Edition, name: str, spec: Any,
              supply: Supply) -> tuple[dict[str, Any], Optional[int]]:
    """One player's fixed cards, and their coins if the setup gives a count (None: listed)."""
    bad = set(spec) - PLAYER_KEYS
    if bad:
        hint = "".join(did_you_mean(k, PLAYER_KEYS) for k in sorted(map(str, bad)))
        raise ScenarioError(f"setup.players.{name}: unknown key(s) {sorted(bad)}{hint}; allowed: {sorted(PLAYER_KEYS)}")
    entry: dict[str, Any] = {}
    if "hand" in spec:
        entry["hand"] = card_list(ruleset, spec["hand"], f"{name}.hand")
        supply.take(entry["hand"], f"{name}.hand")
    if spec.get("fields") is not None:
        entry["fields"] = read_fields(ruleset, prof, name, spec["fields"], supply)
    if "pending" in spec:
        entry["pending"] = card_list(ruleset, spec["pending"], f"{name}.pending")
        supply.take(entry["pending"], f"{name}.pending")
    coins = spec.get("coins", 0)
    if isinstance(coins, list):
        entry["coins"] = card_list(ruleset, coins, f"{name}.coins")
        supply.take(entry["coins"], f"{name}.coins")
        return entry, None
    if isinstance(coins, int) and coins >= 0:
        return entry, coins
    raise ScenarioError(f"{name}.coins must be a number or a list of cards")


def read_fields(ruleset: Bohnanza, prof: Edition, name: str, flds: Any, supply: Supply) -> list[tuple[str, ...]]:
    """A player's ``fields``: as many as the profile gives (a 3rd where one can be bought),
    each of one bean type (B-06) unless the game mixes them; missing ones are empty."""
    if not isinstance(flds, list) or not all(isinstance(f, list) for f in flds):
        raise ScenarioError(f"{name}.fields must be a list of fields, each a list of cards")
    if len(flds) > 3 or len(flds) < prof.start_fields and len(flds) != 0:
        raise ScenarioError(f"{name}.fields: {len(flds)} fields — {prof.key} players have {prof.start_fields}"
                            + (" (3 after buying the 3rd)" if prof.field_price else ""))
    if len(flds) == 3 and prof.start_fields < 3 and prof.field_price is None:
        raise ScenarioError(f"{name}.fields: a 3rd field does not exist in {prof.key}")
    parsed = []
    for k, f in enumerate(flds, start=1):
        cards = card_list(ruleset, f, f"{name}.fields[{k}]")
        if len(set(cards)) > 1 and ruleset.SINGLE_TYPE_FIELDS:
            raise ScenarioError(f"{name}.fields[{k}] mixes bean types {sorted(set(cards))}: a field holds one type only (B-06)")
        # Cards such as takeover's Joker Bean lie on a field but are not deck cards.
        supply.take([c for c in cards if c not in ruleset.NON_DECK_CARDS], f"{name}.fields[{k}]")
        parsed.append(tuple(cards))
    while len(parsed) < prof.start_fields:
        parsed.append(())
    return parsed


def pay_coins(players: list[str], seats: dict[str, dict[str, Any]], coin_counts: dict[str, int],
              rest: list[str]) -> None:
    """Coins given as a count are cards from the bottom of the shuffled rest."""
    if sum(coin_counts.values()) > len(rest):
        raise ScenarioError("not enough cards left in the supply for the coins asked for")
    for name in players:
        if name in coin_counts:
            seats[name]["coins"] = [rest.pop() for _ in range(coin_counts[name])]


def deal_hands(prof: Edition, players: list[str], seats: dict[str, dict[str, Any]], rest: list[str],
               start: int) -> None:
    """Unfixed hands are dealt round-robin from the start player, as a real deal (B-02)."""
    n = len(players)
    need = {players[s]: prof.deal_for((s - start) % n) for s in range(n) if "hand" not in seats[players[s]]}
    hands: dict[str, list[str]] = {name: [] for name in need}
    while any(len(hands[nm]) < q for nm, q in need.items()):
        for k in range(n):
            nm = players[(start + k) % n]
            if nm in need and len(hands[nm]) < need[nm]:
                if not rest:
                    raise ScenarioError("the supply ran out while dealing the hands the setup leaves out")
                hands[nm].append(rest.pop(0))
    for nm, h in hands.items():
        seats[nm]["hand"] = h


def seat_players(prof: Edition, players: list[str], seats: dict[str, dict[str, Any]]) -> list[PlayerState]:
    """The seats as the setup fixed them (a player with a 3rd field has bought it)."""
    ps = []
    for name in players:
        e = seats[name]
        fields = tuple(e.get("fields") or ((),) * prof.start_fields)
        ps.append(PlayerState(name=name, hand=tuple(e["hand"]), fields=fields, coins=tuple(e.get("coins", ())),
                              pending=tuple(e.get("pending", ())), bought=len(fields) > prof.start_fields))
    return ps


# -- the piles (setup.deck, discard, faceup, offer_zone, discard_size, deck_size) --------------------
def read_zones(ruleset: Bohnanza, setup: dict, supply: Supply) -> dict[str, list[str]]:
    """The cards the setup lists in each zone of the table, taken from the supply."""
    zones: dict[str, list[str]] = {}
    for key in ZONES:
        zones[key] = card_list(ruleset, setup.get(key), f"setup.{key}")
        supply.take(zones[key], f"setup.{key}")
    return zones


def pad_discard(setup: dict, discard: list[str], rest: list[str], keep: int = 0) -> tuple[list[str], list[str]]:
    """``discard_size``: the listed discards on top of cards from the rest; the rest after.
    The ``keep`` top cards of the rest stay on the deck (what the deal left of
    ``deck_before_deal``): the discards under them are taken."""
    dsize = setup.get("discard_size")
    if dsize is None:
        return discard, rest
    if not isinstance(dsize, int) or dsize < len(discard):
        raise ScenarioError(f"setup.discard_size must be a whole number ≥ the {len(discard)} listed discards")
    pad = dsize - len(discard)
    if pad > len(rest) - keep:
        raise ScenarioError(f"setup.discard_size {dsize}: only {len(rest) - keep + len(discard)} cards are free")
    return rest[keep:keep + pad] + discard, rest[:keep] + rest[keep + pad:]


def deck_before_deal(ruleset: Bohnanza, setup: dict, supply: Supply) -> list[str]:
    """``deck_before_deal`` (format 3): the deck in order before the deal, top first, taken
    from the supply; the hands the setup leaves out are dealt from its top (B-02), and the
    cards it leaves out are shuffled under it. It orders the deck as ``deck`` does after the
    deal, so a setup gives one of them."""
    if setup.get("deck_before_deal") is None:
        return []
    if setup.get("deck"):
        raise ScenarioError("setup.deck and setup.deck_before_deal both order the deck; give one of them "
                            "(what the deal leaves of deck_before_deal stays on top of the deck)")
    cards = card_list(ruleset, setup["deck_before_deal"], "setup.deck_before_deal")
    supply.take(cards, "setup.deck_before_deal")
    return cards


def cut_deck(setup: dict, listed: list[str], rest: list[str]) -> tuple[list[str], list[str]]:
    """The deck (the listed cards on top of the rest) and the cards ``deck_size`` leaves out of play."""
    deck = listed + rest
    dsz = setup.get("deck_size")
    if dsz is None:
        return deck, []
    if not isinstance(dsz, int) or dsz < len(listed):
        raise ScenarioError(f"setup.deck_size must be a whole number ≥ the {len(listed)} listed deck cards")
    if dsz > len(deck):
        raise ScenarioError(f"setup.deck_size {dsz}: only {len(deck)} cards are free for the deck")
    return deck[:dsz], deck[dsz:]


# -- the turn (setup.active, phase, exhausted, turn, planted, ending) ----------------------------------
def set_turn(ruleset: Bohnanza, s: GameState, players: list[str], start: int, setup: dict) -> None:
    """Whose turn it is and in which phase (default: the start player's first phase)."""
    active = setup.get("active", players[start])
    if active not in players:
        raise ScenarioError(f"setup.active: {active!r} is not one of the players {players}" + did_you_mean(active, players))
    s.active = players.index(active)
    phases = ruleset.PHASES
    phase = setup.get("phase", phases[0] if phases else "plant")
    if phases and phase not in phases:
        raise ScenarioError(f"setup.phase {phase!r} is not a phase of {ruleset.name}; phases: {', '.join(phases)}")
    s.phase = phase


def set_counters(ruleset: Bohnanza, s: GameState, setup: dict) -> None:
    """The deck passes (``exhausted``), ``turn``, ``planted`` and ``ending``; a table past the
    game's end is refused."""
    for key in ("exhausted", "turn", "planted"):
        if key in setup:
            val = setup[key]
            if not isinstance(val, int) or val < 0:
                raise ScenarioError(f"setup.{key} must be a whole number ≥ 0")
            setattr(s, key, val)
    s.ending = bool(setup.get("ending", False))
    if s.exhausted >= ruleset.end_at(s) and not s.ending:
        raise ScenarioError(f"setup.exhausted {s.exhausted}: the game has already ended at {ruleset.end_at(s)}")


# -- the hooks ------------------------------------------------------------------------------------
def state_from_setup(ruleset: Bohnanza, players: list[str], seed: int, options: dict, setup: dict) -> GameState:
    """The table a scenario describes; see ``docs/scenarios.md``. Impossible tables are refused."""
    opts = ruleset.check_options(options)
    if not setup:
        return ruleset.setup(players, seed, opts)
    prof = ruleset.check_players(players, opts)
    supply = Supply(ruleset, prof)
    # Cards outside the bean deck that the ruleset's card_total counts (potions, text cards).
    total = sum(supply.counts.values()) + ruleset.EXTRA_CARDS
    ruleset.fix_scenario_supply(supply.counts, setup)  # cards that start outside the shuffled supply
    seats, coin_counts = read_seats(ruleset, prof, players, setup, supply)
    zones = read_zones(ruleset, setup, supply)
    ordered = deck_before_deal(ruleset, setup, supply)
    rest, state = supply.shuffled(seed)
    rest = ordered + rest
    pay_coins(players, seats, coin_counts, rest)
    start = opts.get("start_seat") or 0
    free = len(rest)
    deal_hands(prof, players, seats, rest, start)
    keep = max(0, min(len(rest), len(ordered) - (free - len(rest))))  # the listed cards left after the deal
    discard, rest = pad_discard(setup, zones["discard"], rest, keep)
    deck, removed = cut_deck(setup, zones["deck"], rest)
    s = ruleset.new_state(opts, seat_players(prof, players, seats), tuple(deck), state, start)
    s.discard = tuple(discard)
    s.faceup = tuple(zones["faceup"])
    s.offer_zone = tuple(zones["offer_zone"])
    s.removed = tuple(removed)
    set_turn(ruleset, s, players, start, setup)
    set_counters(ruleset, s, setup)
    ruleset.scenario_setup(s, setup)
    if s.card_total() != total:
        raise ScenarioError(f"the table holds {s.card_total()} cards, the game has {total}")
    return s


def fix_scenario_supply(ruleset: Bohnanza, supply: Counter, setup: dict) -> None:
    """Cards that start outside the shuffled supply: none in the base game."""


def scenario_setup(ruleset: Bohnanza, state: GameState, setup: dict) -> None:
    """The game's own ``setup`` keys: none in the base game."""


def check_scenario_setup(ruleset: Bohnanza, players: list[str], options: dict, setup: dict) -> None:
    """Format 2's stricter checks of a ``setup``: none beyond the format's in the base game."""


def scenario_path(ruleset: Bohnanza, state: GameState, path: str) -> str:
    """The ``table`` path an ``expect`` key means: the base game's paths are written as they are."""
    return path
