"""The ready-made actions the legal lists are built from: actions made once and shared
(:func:`act`), each player's row of them (:class:`SeatActions`), and the harvests and plantings
a player may choose (B-06…B-08, B-29, B-32, B-50)."""
from __future__ import annotations

from typing import Any

from ...core.memo import BoundedTable
from .actions import Action, BuyField, Draw, EndTrade, Harvest, Plant, Reveal
from .fields import plant_fields
from .state import PlayerState


#: Interned actions, (class, *arguments) -> the action (at most 50,000: names come from
#: players, so the table is bounded).
_ACTS = BoundedTable(lambda key: key[0](*key[1:]), 50_000)


def act(cls: type, *args: Any) -> Action:
    """The action ``cls(*args)``, shared: actions are immutable values, and the legal list
    is built for every decision, so its actions are made once and reused."""
    return _ACTS[(cls,) + args]


class PlayerTable:
    """Ready-made actions of one player, made once per name and kept in a table per class
    (``TABLE``): the legal lists are built for every decision and name the same actions over
    and over. Actions are immutable values, so an entry never goes stale. A game's subclass
    says in ``__init__`` which actions it keeps."""

    __slots__ = ("name",)

    #: Each class's players by name (one table per subclass; bounded: names come from
    #: players): ``cls.TABLE[name]`` are the actions of the player ``name``.
    TABLE: BoundedTable
    TABLE_MAX = 1_000

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.TABLE = BoundedTable(cls, cls.TABLE_MAX)

    def __init__(self, name: str):
        self.name = name


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
