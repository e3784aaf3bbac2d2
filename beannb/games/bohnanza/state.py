"""The base game's state: seats, fields, deck, discard pile, face-up cards and offers.

Expansions subclass :class:`GameState` and add slots (see each game's ``state`` module).
:class:`Rules` is the ruleset playing as the base game's topic modules (``turn``, ``trade``)
call it: the base game or an expansion, each typed by its own state (:data:`GS`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Protocol, TypeVar

from ...core.actions import CardRef, Want, _int
from ...core.cards import CardTable
from ...core.events import Event
from ...core.state import Record
from .profiles import Edition


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
    give: tuple[CardRef, ...]
    get: tuple[Want, ...]

    def to_dict(self) -> dict:
        return {"id": self.id, "proposer": self.proposer, "partner": self.partner,
                "give": [str(c) for c in self.give], "get": [[w.zone, w.bean, w.count] for w in self.get]}

    @classmethod
    def from_dict(cls, d: dict) -> "OpenOffer":
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
            return (self.seating or self.table_seating()).index.get(name)  # made on first use
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


#: The state a game built on the base game works on (its own subclass of GameState):
#: ``Bohnanza[GS]``, and the topic modules' functions taking the ruleset and its state.
GS = TypeVar("GS", bound=GameState)
_GS_contra = TypeVar("_GS_contra", bound=GameState, contravariant=True)


class Rules(Protocol[_GS_contra]):
    """What the base game's topic modules call on the ruleset playing: ``Rules[GS]`` is any
    ``Bohnanza[GS]`` (the base game or an expansion), whose hooks take its own state. (The
    ruleset's module imports the topic modules, so they name it by this protocol.)"""

    @property
    def cards(self) -> CardTable: ...
    def profile(self, state: _GS_contra) -> Edition: ...
    def same_type(self, state: _GS_contra) -> bool: ...
    def harvest(self, t: _GS_contra, seat: int, idx: int, ev: list[Event], final: bool = False) -> None: ...
    def take_cards(self, t: _GS_contra, n: int, ev: list[Event]) -> list[str]: ...
    def reveal_count(self, t: _GS_contra, seat: int) -> int: ...
    def draw_count(self, t: _GS_contra, seat: int) -> int: ...
    def pending_done(self, t: _GS_contra, ev: list[Event]) -> None: ...
    def next_turn(self, t: _GS_contra, ev: list[Event]) -> None: ...
    def finish(self, t: _GS_contra, ev: list[Event], rule: str) -> None: ...
