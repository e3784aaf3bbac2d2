"""Rabohnzel's table: the base table plus potions, field instances and the decision waited for."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..bohnanza.state import GameState


@dataclass(frozen=True, slots=True)
class Potion:
    """A potion in front of a player (spec §0, §2.3).

    ``up``: activated (face up). ``public``: non-owners know which potion it is (R-71).
    ``lucky``: obtained through the luck spell; goes back to the potion deck at the end of
    the turn (R-64, R-65) and before scoring (R-70).
    """

    id: str
    up: bool = False
    public: bool = False
    lucky: bool = False

    def to_dict(self) -> dict:
        return {"id": self.id, "up": self.up, "public": self.public, "lucky": self.lucky}

    @classmethod
    def from_dict(cls, d: dict) -> "Potion":
        return cls(d["id"], bool(d["up"]), bool(d["public"]), bool(d["lucky"]))


@dataclass(frozen=True, slots=True)
class Choice:
    """The decision the game waits for inside a turn (principle 3).

    ``place``     ``seat`` puts the card at the back of its hand (``cards[0]``) into a field or keeps it
                  (thief ability R-28, white ≥4 R-34, sword thief result R-40/R-41 with ``mark_used``)
    ``activate``  ``seat`` may turn up to ``count`` own face-down potions up (``cards``: the only
                  candidates, empty = any)
    ``resolve``   attacker ``seat`` picks which of the drawn coins ``cards`` to resolve (R-46)
    ``counter``   defender ``seat`` may counter-attack ``other`` (option counter_attack: optional)
    ``enchant``   ``seat`` plants its front card (co-players must, the caster ``other`` may);
                  ``queue`` holds the seats still to come (R-61)
    """

    kind: str
    seat: int
    other: int = -1
    cards: tuple = ()
    count: int = 1
    mark_used: bool = False
    queue: tuple = ()
    rule: str = ""

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "other": self.other, "cards": list(self.cards),
                "count": self.count, "mark_used": self.mark_used, "queue": list(self.queue), "rule": self.rule}

    @classmethod
    def from_dict(cls, d: Optional[dict]) -> Optional["Choice"]:
        if d is None:
            return None
        return cls(d["kind"], d["seat"], d["other"], tuple(d["cards"]), d["count"], bool(d["mark_used"]),
                   tuple(d["queue"]), d["rule"])


#: Per field: (ability used this magic phase, cards counted for thresholds, enchanted cards).
FRESH = (False, 1, 0)
EMPTY = (False, 0, 0)


class RabohnzelState(GameState):
    """``potions[seat]``: that player's potions; ``potion_deck[0]`` is the top potion;
    ``fmeta[seat][field]``: see ``FRESH``; ``choice``: the pending decision or None;
    ``flow``: a card flow is running; ``dealt``: a deal involving the active player was
    completed this turn; ``hand_bonus``: the hand spell was drunk; ``trade_spell``: the trade
    spell was drunk; ``discardable``: kept face-up cards that may be discarded in phase 3
    (R-54); ``trade_extra``: cards the trade spell turned up; ``potions_aside``: potions a
    scenario put out of play (never in a real game)."""

    __slots__ = ("potions", "potion_deck", "fmeta", "choice", "flow", "dealt", "hand_bonus",
                 "trade_spell", "discardable", "trade_extra", "potions_aside")
    # What the slots hold (annotations only).
    potions: tuple[tuple[Potion, ...], ...]
    potion_deck: tuple[str, ...]
    fmeta: tuple[tuple[tuple[bool, int, int], ...], ...]
    choice: Optional[Choice]
    flow: bool
    dealt: bool
    hand_bonus: bool
    trade_spell: bool
    discardable: tuple[str, ...]
    trade_extra: tuple[str, ...]
    potions_aside: tuple[str, ...]

    def card_total(self) -> int:
        """Bean cards in every zone plus the 11 potions (B-44 with potions, R-02)."""
        return super().card_total() + self.potion_total()

    def potion_total(self) -> int:
        return len(self.potion_deck) + sum(len(ps) for ps in self.potions) + len(self.potions_aside)

    def to_dict(self) -> dict[str, Any]:
        return super().to_dict()

    @classmethod
    def from_dict(cls, d: dict) -> "RabohnzelState":
        base = {k: v for k, v in d.items() if k not in cls.__slots__}
        s = GameState.from_dict(base)
        new = cls(**{n: getattr(s, n) for n in GameState._SLOTS})
        new.potions = tuple(tuple(Potion.from_dict(p) for p in ps) for ps in d["potions"])
        new.potion_deck = tuple(d["potion_deck"])
        new.fmeta = tuple(tuple((bool(m[0]), int(m[1]), int(m[2])) for m in fs) for fs in d["fmeta"])
        new.choice = Choice.from_dict(d["choice"])
        new.flow = bool(d["flow"])
        new.dealt = bool(d["dealt"])
        new.hand_bonus = bool(d["hand_bonus"])
        new.trade_spell = bool(d["trade_spell"])
        new.discardable = tuple(d["discardable"])
        new.trade_extra = tuple(d["trade_extra"])
        new.potions_aside = tuple(d["potions_aside"])
        return new
