"""Game state: plain slotted objects whose containers are tuples.

A state is never changed once a caller can see it. ``Ruleset.apply`` takes a cheap
shallow ``copy()`` and replaces the parts it changes, so untouched parts (other players'
hands, the discard pile, ...) are shared between successive states. That keeps undo
history small and ``apply`` fast without deep copies.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional


def _all_slots(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in names:
                names.append(name)
    return tuple(names)


class Record:
    """Slotted value object with a fast shallow copy and a dict form."""

    __slots__ = ()
    _SLOTS: tuple[str, ...] = ()

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._SLOTS = _all_slots(cls)
        # A copy written out slot by slot is about twice as fast as a getattr loop, and
        # apply() copies the state once per action.
        body = "".join(f"    new.{n} = self.{n}\n" for n in cls._SLOTS)
        src = f"def copy(self):\n    new = _new(cls)\n{body}    return new\n"
        scope = {"_new": object.__new__, "cls": cls}
        exec(src, scope)
        cls.copy = scope["copy"]

    def __init__(self, **values: Any):
        for name in self._SLOTS:
            setattr(self, name, values.pop(name, None))
        if values:
            raise TypeError(f"unknown fields for {type(self).__name__}: {sorted(values)}")

    def copy(self):  # replaced per subclass by __init_subclass__
        raise NotImplementedError

    def replace(self, **changes: Any):
        new = self.copy()
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def to_dict(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in self._SLOTS}

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and all(
            getattr(self, n) == getattr(other, n) for n in self._SLOTS)

    def __hash__(self):  # states are compared, never hashed
        raise TypeError(f"{type(self).__name__} is not hashable")

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._SLOTS)
        return f"{type(self).__name__}({body})"


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


class PlayerState(Record):
    """One seat. ``hand[0]`` is the front card; ``coins`` is a stack whose top is last."""

    __slots__ = ("name", "hand", "fields", "coins", "pending", "bought")

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
        from .actions import Want, parse_card_ref

        give = tuple(parse_card_ref(t, t, ()) for t in d["give"])
        return cls(d["id"], d["proposer"], d["partner"], give, tuple(Want(z, b, c) for z, b, c in d["get"]))


class GameState(Record):
    """The whole table of a base-game-shaped game. Expansions subclass it and add slots.

    ``deck[0]`` is the top card; ``discard[-1]`` is the top of the discard pile.
    """

    __slots__ = (
        "game", "options", "players", "deck", "discard", "faceup", "offer_zone", "removed",
        "phase", "active", "start_seat", "turn", "exhausted", "ending", "end_rule", "rng",
        "planted", "discarded", "offers", "next_offer", "scores", "winners",
    )

    # -- helpers used by rulesets ------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def seat_of(self, name: str) -> Optional[int]:
        i = 0
        for p in self.players:
            if p.name == name:
                return i
            i += 1
        return None

    def set_player(self, seat: int, player: PlayerState) -> None:
        players = list(self.players)
        players[seat] = player
        self.players = tuple(players)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def _repr_html_(self) -> str:
        """A state shown in Jupyter renders as the whole table (teacher view)."""
        from ..render.html import table_html
        from .ruleset import get_ruleset

        return table_html(get_ruleset(self.game).observe(self, None), "en")

    def card_total(self) -> int:
        """Every card on the table, in every zone (rule B-44)."""
        return (len(self.deck) + len(self.discard) + len(self.faceup) + len(self.offer_zone)
                + len(self.removed) + sum(p.card_count() for p in self.players))

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["options"] = dict(self.options)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        values = dict(d)
        values["players"] = tuple(PlayerState.from_dict(p) for p in d["players"])
        for key in ("deck", "discard", "faceup", "offer_zone", "removed"):
            values[key] = tuple(d[key])
        values["offers"] = tuple(OpenOffer.from_dict(o) for o in d["offers"])
        for key in ("scores", "winners"):
            values[key] = tuple(d[key]) if d.get(key) is not None else None
        values["options"] = dict(d["options"])
        return cls(**values)
