"""The takeover expansion's table: seats with text cards and protected fields, the response
window after a normal action, a takeover waiting for its defence (spec takeover.md §6); and
:class:`TakeoverRules`, the ruleset as the expansion's topic modules call it."""
from __future__ import annotations

from typing import NamedTuple, Optional, Protocol

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza.state import GameState, PlayerState
from .actions import TAction


class Window(NamedTuple):
    """A response sequence after one normal action of the card holder (§6). An immutable
    value (a named tuple: one is made after nearly every action, and that is quick)."""

    letter: str                 # a b c d e, or f (a Final Planting play)
    actor: int                  # who made the action being copied
    queue: tuple[int, ...]      # seats still to be asked, in order
    copies: int = 0
    limit: int = 1
    first_copier: Optional[int] = None
    late: bool = False          # asked after the limit (late_windows: pass_only)

    def to_dict(self) -> dict:
        return {"letter": self.letter, "actor": self.actor, "queue": list(self.queue), "copies": self.copies,
                "limit": self.limit, "first_copier": self.first_copier, "late": self.late}

    @classmethod
    def from_dict(cls, d):
        return cls(d["letter"], d["actor"], tuple(d["queue"]), d["copies"], d["limit"], d["first_copier"], d["late"])


class Attack(NamedTuple):
    """A declared takeover waiting for the target's defence or the attacker's answer."""

    attacker: int
    own: int                    # attacker's field index (0-based)
    target: int
    field: int                  # target's field index (0-based)
    is_copy: bool
    stage: str = "defend"       # "defend" (target decides) or "answer" (attacker decides)

    def to_dict(self) -> dict:
        return {"attacker": self.attacker, "own": self.own, "target": self.target, "field": self.field,
                "is_copy": self.is_copy, "stage": self.stage}

    @classmethod
    def from_dict(cls, d):
        return cls(**d)


class TakeoverPlayer(PlayerState):
    """A seat: ``texts`` are face-down text cards; ``defense[k]`` the card protecting field k;
    ``bonus`` coins earned without a card (Pizza shortfall, A-8)."""

    __slots__ = ("texts", "defense", "bonus")
    texts: tuple[str, ...]
    defense: tuple[Optional[str], ...]  # per field: its protecting card, or None
    bonus: int

    def card_count(self) -> int:
        return super().card_count() + len(self.texts) + sum(1 for d in self.defense if d)

    @classmethod
    def from_dict(cls, d: dict) -> "TakeoverPlayer":
        return cls(name=d["name"], hand=tuple(d["hand"]), fields=tuple(tuple(f) for f in d["fields"]),
                   coins=tuple(d["coins"]), pending=tuple(d["pending"]), bought=bool(d["bought"]),
                   texts=tuple(d["texts"]), defense=tuple(d["defense"]), bonus=d["bonus"])


class TakeoverState(GameState):
    __slots__ = ("text_deck", "text_discard", "garden_under", "flipped", "performers", "window", "attack",
                 "final_queue", "final_started", "planting", "harvested_final")
    # What the slots hold (annotations only); seats are indexes into ``players``.
    players: tuple[TakeoverPlayer, ...]
    text_deck: tuple[str, ...]
    text_discard: tuple[str, ...]
    garden_under: tuple[str, ...]
    flipped: bool
    performers: tuple[int, ...]
    window: Optional[Window]
    attack: Optional[Attack]
    final_queue: tuple[int, ...]
    final_started: bool
    planting: tuple[int, ...]
    harvested_final: tuple[int, ...]

    def card_total(self) -> int:
        return (super().card_total() + len(self.text_deck) + len(self.text_discard) + len(self.garden_under))

    def to_dict(self) -> dict:
        d = super().to_dict()
        d["window"] = self.window.to_dict() if self.window else None
        d["attack"] = self.attack.to_dict() if self.attack else None
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "TakeoverState":
        values = dict(d)
        values["players"] = tuple(TakeoverPlayer.from_dict(p) for p in d["players"])
        for key in ("deck", "discard", "faceup", "offer_zone", "removed", "text_deck", "text_discard",
                    "garden_under", "performers", "final_queue", "planting", "harvested_final"):
            values[key] = tuple(d[key])
        values["offers"] = ()
        for key in ("scores", "winners"):
            values[key] = tuple(d[key]) if d.get(key) is not None else None
        values["window"] = Window.from_dict(d["window"]) if d.get("window") else None
        values["attack"] = Attack.from_dict(d["attack"]) if d.get("attack") else None
        values["options"] = dict(d["options"])
        return cls(**values)


class TakeoverRules(Protocol):
    """What the expansion's topic modules (:mod:`.decisions`, :mod:`.checks`, :mod:`.textcards`,
    :mod:`.candidates`) call on the ruleset, :class:`~beannb.games.takeover.rules.Takeover`
    (whose module imports them, so they name it by this protocol)."""

    check_every_candidate: bool

    def refusal(self, s: TakeoverState, a: Action) -> Optional[IllegalAction]: ...
    def first_turn(self, s: TakeoverState) -> bool: ...
    def copy_limit(self, s: TakeoverState, letter: str) -> int: ...
    def corresponding(self, s: TakeoverState, k: int) -> int: ...
    def deck_open(self, s: TakeoverState) -> bool: ...
    def harvest_plan(self, s: TakeoverState, seat: int, k: int, a: Optional[TAction]) -> dict: ...
    def harvest_field(self, t: TakeoverState, seat: int, k: int, a: Optional[TAction], ev: list[Event],
                      final: bool) -> None: ...
    def use_text(self, t: TakeoverState, seat: int, card: str, ev: list[Event], to_discard: bool = True,
                 shown: bool = True) -> None: ...
    def set_field(self, t: TakeoverState, seat: int, k: int, cards: tuple) -> None: ...
    def take_cards(self, t: TakeoverState, n: int, ev: list[Event]) -> list[str]: ...
    def draw_into_hand(self, t: TakeoverState, seat: int, n: int, ev: list[Event]) -> int: ...
