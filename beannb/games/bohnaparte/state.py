"""Bohnaparte's table: the base game's seats and deck plus the board's owners, markers,
cavalry, carts and a battle in progress (spec bohnaparte.md)."""
from __future__ import annotations

from typing import Any, Optional

from ...core.state import Record
from ..bohnanza.state import GameState, PlayerState


class Battle(Record):
    """One battle in progress. ``step`` is whose card is awaited: ``defend`` (the target's
    owner), ``second`` (the attacker, for wave 2) or ``cart`` (option cart_in_battle: the
    owner of the cart on side ``cart_side``, ``attack`` or ``defend``, picks the card to
    play from it). Cards in play are face down; ``a_cart`` says the attacker's card was
    picked from the attacker's cart (so the attacker knows it)."""

    __slots__ = ("target", "attacker", "defender", "mode", "cavalry", "wave", "step", "a_card",
                 "played_a", "played_d", "cart_side", "a_cart")
    # What the slots hold (annotations only); seats are indexes into the players, ``target``
    # a board position. A battle is made without a cart side (None until one is chosen).
    target: int
    attacker: int
    defender: Optional[int]
    mode: str
    cavalry: Optional[str]
    wave: int
    step: Optional[str]
    a_card: Optional[str]
    played_a: tuple[str, ...]
    played_d: tuple[str, ...]
    cart_side: Optional[str]
    a_cart: Optional[bool]

    def cart_owner(self) -> Optional[int]:
        """The seat choosing a cart card now, or None."""
        if self.step != "cart":
            return None
        return self.attacker if self.cart_side == "attack" else self.defender

    @classmethod
    def from_dict(cls, d: dict) -> "Battle":
        v = dict(d)
        v["played_a"], v["played_d"] = tuple(d["played_a"]), tuple(d["played_d"])
        return cls(**v)


class BohnaparteState(GameState):
    """The base table plus the board (one entry per position, in board order), cavalry,
    carts, victory-point tokens, the battle in progress and the camp-choice queue."""

    __slots__ = ("terrain", "colour", "owner", "burned", "spent", "seat_colour", "carts", "cart_seen",
                 "tokens", "battle", "camp_queue", "box")
    # What the slots hold (annotations only). Per board position: ``terrain``, ``colour`` (a
    # camp's or steppe's, else None), ``owner`` (a seat or None), ``burned``; per seat:
    # ``seat_colour``, ``carts`` (None: no cart), ``cart_seen``, ``tokens``. ``spent`` lists
    # the spent cavalry by colour.
    terrain: tuple[str, ...]
    colour: tuple[Optional[str], ...]
    owner: tuple[Optional[int], ...]
    burned: tuple[bool, ...]
    spent: tuple[str, ...]
    seat_colour: tuple[Optional[str], ...]
    carts: tuple[Optional[tuple[str, ...]], ...]
    cart_seen: tuple[bool, ...]
    tokens: tuple[int, ...]
    battle: Optional[Battle]
    camp_queue: tuple[int, ...]
    box: tuple[str, ...]

    def card_total(self) -> int:
        extra = sum(len(c) for c in self.carts if c)
        if self.battle is not None:
            extra += len(self.battle.played_a) + len(self.battle.played_d)
        return super().card_total() + extra

    @classmethod
    def from_dict(cls, d: dict) -> "BohnaparteState":
        s = super().from_dict({k: v for k, v in d.items() if k not in cls.__slots__})
        s.terrain, s.colour, s.owner = tuple(d["terrain"]), tuple(d["colour"]), tuple(d["owner"])
        s.burned, s.spent, s.seat_colour = tuple(d["burned"]), tuple(d["spent"]), tuple(d["seat_colour"])
        s.carts = tuple(tuple(c) if c is not None else None for c in d["carts"])
        s.cart_seen, s.tokens = tuple(d["cart_seen"]), tuple(d["tokens"])
        s.battle = Battle.from_dict(d["battle"]) if d.get("battle") else None
        s.camp_queue, s.box = tuple(d["camp_queue"]), tuple(d["box"])
        return s
