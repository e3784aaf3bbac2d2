"""The base game's state: seats, fields, deck, discard pile, face-up cards and offers.

Expansions subclass :class:`GameState` and add slots (see each game's ``state`` module).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional, TypeVar

from ...core import rng
from ...core.errors import ScenarioError
from ...core.state import Record, _plain  # noqa: F401  (re-exported)

#: Keys of a scenario's ``setup.players.<name>`` (docs/scenarios.md).
PLAYER_KEYS = {"hand", "fields", "coins", "pending"}


class PlayerState(Record):
    """One seat. ``hand[0]`` is the front card; ``coins`` is a stack whose top is last."""

    __slots__ = ("name", "hand", "fields", "coins", "pending", "bought")
    # What each slot holds (annotations only: the slots above make the fields).
    name: str
    hand: tuple[str, ...]
    fields: tuple[tuple[str, ...], ...]
    coins: tuple[str, ...]
    pending: tuple[str, ...]
    bought: bool

    @classmethod
    def new(cls, name: str, n_fields: int) -> "PlayerState":
        return cls(name=name, hand=(), fields=((),) * n_fields, coins=(), pending=(), bought=False)

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerState":
        return cls(name=d["name"], hand=tuple(d["hand"]), fields=tuple(tuple(f) for f in d["fields"]),
                   coins=tuple(d["coins"]), pending=tuple(d["pending"]), bought=bool(d["bought"]))

    def card_count(self) -> int:
        return len(self.hand) + sum(len(f) for f in self.fields) + len(self.coins) + len(self.pending)


@dataclass(frozen=True, slots=True)
class OpenOffer:
    """A trade proposal waiting for an answer. Seats, not names; hand positions 1-based."""

    id: int
    proposer: int
    partner: int
    give: tuple  # of CardRef
    get: tuple   # of Want

    def to_dict(self) -> dict:
        return {"id": self.id, "proposer": self.proposer, "partner": self.partner,
                "give": [str(c) for c in self.give], "get": [[w.zone, w.bean, w.count] for w in self.get]}

    @classmethod
    def from_dict(cls, d: dict) -> "OpenOffer":
        from ...core.actions import CardRef, Want, _int

        def ref(tok: str) -> CardRef:  # card ids as saved: no name lookup, so any game's cards load
            if ":" in tok:
                zone, bean = tok.split(":", 1)
                return CardRef(zone, bean)
            bean, _, pos = tok.rpartition("@")
            return CardRef("hand", bean, _int(pos, tok, "the hand position", ()))

        give = tuple(ref(t) for t in d["give"])
        return cls(d["id"], d["proposer"], d["partner"], give, tuple(Want(z, b, c) for z, b, c in d["get"]))


class Seating:
    """The players' names in seat order, each seat by name, and each player's opponents in
    seat order: what the rules look up for every action, worked out once per game."""

    __slots__ = ("names", "index", "others")

    def __init__(self, names: tuple[str, ...]):
        self.names = names
        self.index = {name: i for i, name in enumerate(names)}
        self.others = {name: tuple(n for n in names if n != name) for name in names}


#: A game's state class (:meth:`GameState.from_dict` makes one of the class it is called on).
_State = TypeVar("_State", bound="GameState")


class GameState(Record):
    """The whole table of a base-game-shaped game. Expansions subclass it and add slots.

    ``deck[0]`` is the top card; ``discard[-1]`` is the top of the discard pile.
    """

    __slots__ = (
        "game", "options", "players", "deck", "discard", "faceup", "offer_zone", "removed",
        "phase", "active", "start_seat", "turn", "exhausted", "ending", "end_rule", "rng",
        "planted", "discarded", "offers", "next_offer", "scores", "winners", "seating",
    )
    #: ``seating``: each player's seat by name, made on first use (players keep their names).
    _DERIVED = ("seating",)

    # What each slot holds (annotations only: the slots above make the fields). Seats are
    # indexes into ``players``; ``rng`` is the state of :mod:`beannb.core.rng`.
    game: str
    options: dict[str, Any]
    players: tuple[PlayerState, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    faceup: tuple[str, ...]
    offer_zone: tuple[str, ...]
    removed: tuple[str, ...]
    phase: str
    active: int
    start_seat: int
    turn: int
    exhausted: int
    ending: bool
    end_rule: Optional[str]
    rng: int
    planted: int
    discarded: bool
    offers: tuple[OpenOffer, ...]
    next_offer: int
    scores: Optional[tuple[int, ...]]
    winners: Optional[tuple[int, ...]]
    seating: Optional[Seating]

    # -- helpers used by rulesets ------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def seat_of(self, name: str) -> Optional[int]:
        try:
            return self.seating.index.get(name)
        except AttributeError:  # not made yet
            return self.table_seating().index.get(name)
        except TypeError:  # a name that cannot be a key: no player's
            return None

    def table_seating(self) -> "Seating":
        """Who sits where (a derived slot: made on first use, shared by later states)."""
        seating = self.seating
        if seating is None:
            seating = self.seating = Seating(tuple(p.name for p in self.players))
        return seating

    def set_player(self, seat: int, player: PlayerState) -> None:
        players = list(self.players)
        players[seat] = player
        self.players = tuple(players)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def card_total(self) -> int:
        """Every card on the table, in every zone (rule B-44)."""
        return (len(self.deck) + len(self.discard) + len(self.faceup) + len(self.offer_zone)
                + len(self.removed) + sum(p.card_count() for p in self.players))

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["options"] = dict(self.options)
        return d

    @classmethod
    def from_dict(cls: type[_State], d: dict) -> _State:
        values = dict(d)
        values["players"] = tuple(PlayerState.from_dict(p) for p in d["players"])
        for key in ("deck", "discard", "faceup", "offer_zone", "removed"):
            values[key] = tuple(d[key])
        values["offers"] = tuple(OpenOffer.from_dict(o) for o in d["offers"])
        for key in ("scores", "winners"):
            values[key] = tuple(d[key]) if d.get(key) is not None else None
        values["options"] = dict(d["options"])
        return cls(**values)


# --------------------------------------------------------------------------------------
# A table from a scenario's setup (docs/scenarios.md)
# --------------------------------------------------------------------------------------
def _cards(ruleset, value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of card names")
    out = []
    for v in value:
        cid = ruleset.card_id(str(v)) if isinstance(v, (str, int)) and not isinstance(v, bool) else None
        if cid is None:
            raise ScenarioError(f"{where}: {str(v)[:40]!r} is not a card name in {ruleset.name}")
        out.append(cid)
    return out


def state_from_setup(ruleset, players: list[str], seed: int, options: dict, setup: dict) -> GameState:
    """The table a scenario describes; see ``docs/scenarios.md``. Impossible tables are refused."""
    opts = ruleset.check_options(options)
    if not setup:
        return ruleset.setup(players, seed, opts)
    prof = ruleset.check_players(players, opts)
    supply = Counter(ruleset.build_deck(prof))
    # Cards outside the bean deck that the ruleset's card_total counts (potions, text cards).
    total = sum(supply.values()) + ruleset.EXTRA_CARDS
    ruleset.fix_scenario_supply(supply, setup)  # cards that start outside the shuffled supply

    def take(cards: list[str], where: str) -> None:
        for c in cards:
            if supply[c] <= 0:
                have = Counter(ruleset.build_deck(prof))[c]
                raise ScenarioError(f"{where}: one {c} too many — the {prof.key} deck has {have} {c} cards in all")
            supply[c] -= 1

    fixed = setup.get("players") or {}
    if not isinstance(fixed, dict):
        raise ScenarioError("setup.players must map player names to their hand, fields, coins and pending cards")
    for name in fixed:
        if name not in players:
            raise ScenarioError(f"setup.players: {name!r} is not one of the players {players}")
    seats: dict[str, dict[str, Any]] = {}
    coin_counts: dict[str, int] = {}
    for name in players:
        spec = fixed.get(name) or {}
        bad = set(spec) - PLAYER_KEYS
        if bad:
            raise ScenarioError(f"setup.players.{name}: unknown key(s) {sorted(bad)}; allowed: {sorted(PLAYER_KEYS)}")
        entry: dict[str, Any] = {}
        if "hand" in spec:
            entry["hand"] = _cards(ruleset, spec["hand"], f"{name}.hand")
            take(entry["hand"], f"{name}.hand")
        flds = spec.get("fields")
        if flds is not None:
            if not isinstance(flds, list) or not all(isinstance(f, list) for f in flds):
                raise ScenarioError(f"{name}.fields must be a list of fields, each a list of cards")
            if len(flds) > 3 or len(flds) < prof.start_fields and len(flds) != 0:
                raise ScenarioError(f"{name}.fields: {len(flds)} fields — {prof.key} players have {prof.start_fields}"
                                    + (" (3 after buying the 3rd)" if prof.field_price else ""))
            if len(flds) == 3 and prof.start_fields < 3 and prof.field_price is None:
                raise ScenarioError(f"{name}.fields: a 3rd field does not exist in {prof.key}")
            parsed = []
            for k, f in enumerate(flds, start=1):
                cards = _cards(ruleset, f, f"{name}.fields[{k}]")
                if len(set(cards)) > 1 and ruleset.SINGLE_TYPE_FIELDS:
                    raise ScenarioError(f"{name}.fields[{k}] mixes bean types {sorted(set(cards))}: a field holds one type only (B-06)")
                # Cards such as takeover's Joker Bean lie on a field but are not deck cards.
                take([c for c in cards if c not in ruleset.NON_DECK_CARDS], f"{name}.fields[{k}]")
                parsed.append(tuple(cards))
            while len(parsed) < prof.start_fields:
                parsed.append(())
            entry["fields"] = parsed
        if "pending" in spec:
            entry["pending"] = _cards(ruleset, spec["pending"], f"{name}.pending")
            take(entry["pending"], f"{name}.pending")
        coins = spec.get("coins", 0)
        if isinstance(coins, list):
            entry["coins"] = _cards(ruleset, coins, f"{name}.coins")
            take(entry["coins"], f"{name}.coins")
        elif isinstance(coins, int) and coins >= 0:
            coin_counts[name] = coins
        else:
            raise ScenarioError(f"{name}.coins must be a number or a list of cards")
        seats[name] = entry
    zones: dict[str, list[str]] = {}
    for key in ("deck", "discard", "faceup", "offer_zone"):
        zones[key] = _cards(ruleset, setup.get(key), f"setup.{key}")
        take(zones[key], f"setup.{key}")
    state = rng.seed_state(seed)
    rest, state = rng.shuffled(state, sorted(supply.elements(), key=list(ruleset.build_deck(prof)).index))
    rest = list(rest)
    if sum(coin_counts.values()) > len(rest):
        raise ScenarioError("not enough cards left in the supply for the coins asked for")
    for name in players:
        if name in coin_counts:
            seats[name]["coins"] = [rest.pop() for _ in range(coin_counts[name])]
    # Unfixed hands are dealt round-robin from the start player, as a real deal (B-02).
    start = opts.get("start_seat") or 0
    n = len(players)
    need = {players[s]: prof.deal_for((s - start) % n) for s in range(n) if "hand" not in seats[players[s]]}
    hands = {name: [] for name in need}
    while any(len(hands[nm]) < q for nm, q in need.items()):
        for k in range(n):
            nm = players[(start + k) % n]
            if nm in need and len(hands[nm]) < need[nm]:
                if not rest:
                    raise ScenarioError("the supply ran out while dealing the hands the setup leaves out")
                hands[nm].append(rest.pop(0))
    for nm, h in hands.items():
        seats[nm]["hand"] = h
    discard = zones["discard"]
    dsize = setup.get("discard_size")
    if dsize is not None:
        if not isinstance(dsize, int) or dsize < len(discard):
            raise ScenarioError(f"setup.discard_size must be a whole number ≥ the {len(discard)} listed discards")
        pad = dsize - len(discard)
        if pad > len(rest):
            raise ScenarioError(f"setup.discard_size {dsize}: only {len(rest) + len(discard)} cards are free")
        discard = rest[:pad] + discard
        rest = rest[pad:]
    deck = zones["deck"] + rest
    removed: list[str] = []
    dsz = setup.get("deck_size")
    if dsz is not None:
        if not isinstance(dsz, int) or dsz < len(zones["deck"]):
            raise ScenarioError(f"setup.deck_size must be a whole number ≥ the {len(zones['deck'])} listed deck cards")
        if dsz > len(deck):
            raise ScenarioError(f"setup.deck_size {dsz}: only {len(deck)} cards are free for the deck")
        removed = deck[dsz:]
        deck = deck[:dsz]
    ps = []
    for name in players:
        e = seats[name]
        fields = tuple(e.get("fields") or ((),) * prof.start_fields)
        ps.append(PlayerState(name=name, hand=tuple(e["hand"]), fields=fields, coins=tuple(e.get("coins", ())),
                              pending=tuple(e.get("pending", ())), bought=len(fields) > prof.start_fields))
    s = ruleset.new_state(opts, ps, tuple(deck), state, start)
    s.discard = tuple(discard)
    s.faceup = tuple(zones["faceup"])
    s.offer_zone = tuple(zones["offer_zone"])
    s.removed = tuple(removed)
    active = setup.get("active", players[start])
    if active not in players:
        raise ScenarioError(f"setup.active: {active!r} is not one of the players {players}")
    s.active = players.index(active)
    phases = ruleset.PHASES
    phase = setup.get("phase", phases[0] if phases else "plant")
    if phases and phase not in phases:
        raise ScenarioError(f"setup.phase {phase!r} is not a phase of {ruleset.name}; phases: {', '.join(phases)}")
    s.phase = phase
    for key in ("exhausted", "turn", "planted"):
        if key in setup:
            val = setup[key]
            if not isinstance(val, int) or val < 0:
                raise ScenarioError(f"setup.{key} must be a whole number ≥ 0")
            setattr(s, key, val)
    s.ending = bool(setup.get("ending", False))
    if s.exhausted >= ruleset.end_at(s) and not s.ending:
        raise ScenarioError(f"setup.exhausted {s.exhausted}: the game has already ended at {ruleset.end_at(s)}")
    ruleset.scenario_setup(s, setup)
    if s.card_total() != total:
        raise ScenarioError(f"the table holds {s.card_total()} cards, the game has {total}")
    return s
