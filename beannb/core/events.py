"""Events: what an action caused, and :class:`Narration`, a game's sentences for them.

An event is data (``kind``, ``player``, ``data``, ``rule``). Each game owns a
:class:`Narration`: for every event kind a message of the game's catalogue (gettext, in
every language the package speaks) and a *fill* that makes the message's values from the
event's data. The ruleset that makes an event binds its narration to it, so
``event.text("hu")`` speaks in the words of the game that produced it; an expansion extends
its base game's narration (:meth:`Narration.extend` returns a new one) and changes nobody
else's.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from ..i18n.messages import WordedValue


#: A catalogued event's data maker: ``fill(data, player, narration)`` gives the values of its
#: message ("event-<kind>"): numbers, names, and things worded later in the reader's language
#: (cards as :class:`~beannb.i18n.messages.Named`, phases as :meth:`Narration.phase_value`,
#: nested messages).
Fill = Callable[[dict, str, "Narration"], Mapping[str, Any]]


class PhaseName(WordedValue):
    """A phase, named in the reader's language when shown."""

    __slots__ = ("narration", "phase")

    def __init__(self, narration: "Narration", phase: str):
        self.narration = narration
        self.phase = phase

    def text(self, lang: str = "en") -> str:
        return self.narration.phase_name(self.phase, lang)


class Narration:
    """A game's event sentences and phase names, with its cards: each event kind is a message
    of the game's catalogue, ``event-<kind>``, filled by the kind's :data:`Fill`; each phase
    the message ``phase-<phase>``."""

    def __init__(self, cards, messages: Any, fills: Mapping[str, Fill]):
        self.cards = cards
        self.messages = messages
        self.fills: dict[str, Fill] = dict(fills)
        for kind in self.fills:
            messages.entry("event-" + kind)  # every kind has its message (KeyError where it is declared)

    def extend(self, cards=None, messages: Any = None, fills: Optional[Mapping[str, Fill]] = None) -> "Narration":
        """A new narration: these fills added to (or replacing) the base's; ``messages`` (an
        expansion's, extending the base's) replaces the base's catalogue."""
        return Narration(cards if cards is not None else self.cards,
                         messages if messages is not None else self.messages, {**self.fills, **dict(fills or {})})

    def kinds(self) -> set[str]:
        return set(self.fills)

    def narrate(self, event: "Event", lang: str = "en") -> str:
        fill = self.fills.get(event.kind)
        if fill is None:
            raise KeyError(f"no sentence for event kind {event.kind!r}")
        return self.messages.text("event-" + event.kind, lang, fill(event.data, event.player or "", self))

    def phase_name(self, phase: str, lang: str = "en") -> str:
        code = "phase-" + phase
        return self.messages.text(code, lang) if code in self.messages else phase

    def phase_value(self, phase: str) -> PhaseName:
        """A phase to put into a message: named in the reader's language when shown."""
        return PhaseName(self, phase)


class Event:
    """``kind`` selects the narration template; ``data`` fills it (card ids are localised).

    ``narration`` is bound by the ruleset that made the event (it is not part of the
    event's value: two events with the same data are equal whichever game made them).
    Events are immutable, like states: histories share them.
    """

    # The values live in private slots behind read-only properties (below the class): plain
    # slot stores are the quickest way to make one, and every action makes events. The
    # narration is no part of the value: a plain slot, which :meth:`bind` sets.
    __slots__ = ("_kind", "_player", "_data", "_rule", "narration")

    def __init__(self, kind: str, player: Optional[str] = None, data: Optional[dict[str, Any]] = None,
                 rule: Optional[str] = None, narration: Optional[Narration] = None):
        self._kind = kind
        self._player = player
        self._data = {} if data is None else data
        self._rule = rule
        self.narration = narration

    if TYPE_CHECKING:
        # What the checker sees of the read-only fields that :func:`_frozen_field` installs
        # below the class (at run time they are ``attrgetter`` properties, not methods).
        @property
        def kind(self) -> str: ...
        @property
        def player(self) -> Optional[str]: ...
        @property
        def data(self) -> dict[str, Any]: ...
        @property
        def rule(self) -> Optional[str]: ...

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self._kind, self._player, self._data, self._rule) == (other._kind, other._player, other._data, other._rule)

    def __hash__(self) -> int:
        return hash((self._kind, self._player, self._data, self._rule))

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, player={self.player!r}, data={self.data!r}, rule={self.rule!r})"

    def __reduce__(self):
        return (Event, (self.kind, self.player, self.data, self.rule, self.narration))

    def bind(self, narration: Narration) -> None:
        """Bind the narration of the game that made this event (the ruleset does it once)."""
        self.narration = narration

    def text(self, lang: str = "en") -> str:
        if self.narration is None:
            raise LookupError(f"event {self.kind!r} was made outside a ruleset and has no narration")
        return self.narration.narrate(self, lang)

    def __str__(self) -> str:
        return self.text("en") if self.narration is not None else f"{self.player or ''} {self.kind} {self.data}".strip()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "data": self.data, "rule": self.rule}


def _frozen_field(name: str) -> property:
    """A read-only field of :class:`Event`: assigning or deleting it raises ``FrozenInstanceError``."""
    def refuse_set(self: Event, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def refuse_delete(self: Event) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    return property(attrgetter("_" + name), refuse_set, refuse_delete)


for _name in ("kind", "player", "data", "rule"):
    setattr(Event, _name, _frozen_field(_name))
del _name
