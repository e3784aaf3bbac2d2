"""Game state: plain slotted objects whose containers are tuples.

A state is never changed once a caller can see it. ``Ruleset.do`` takes a cheap shallow
``copy()`` and replaces the parts it changes, so untouched parts (other players' hands,
the discard pile, ...) are shared between successive states. That keeps undo history
small and ``apply`` fast without deep copies. Each game's state classes build on
:class:`Record` (the base game's are in :mod:`beannb.games.bohnanza.state`).
"""
from __future__ import annotations

from typing import Any, TypeVar

#: A record's own class (what :meth:`Record.copy` and :meth:`Record.replace` return).
_R = TypeVar("_R", bound="Record")


def _all_slots(cls: type) -> tuple[str, ...]:
    return tuple(dict.fromkeys(name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ())))


class Record:
    """Slotted value object with a fast shallow copy and a dict form.

    A subclass may name ``_DERIVED`` slots: caches of values that follow from the other
    slots (a seat's index by name). They are copied along with the rest, start as None
    when a record is built, and are no part of its value: equality, ``to_dict`` and
    ``repr`` leave them out, so a saved or compared state never depends on them.
    """

    __slots__ = ()
    _DERIVED: tuple[str, ...] = ()
    _SLOTS: tuple[str, ...] = ()  # every slot, the derived ones last
    _VALUE_SLOTS: tuple[str, ...] = ()  # the slots that make the record's value

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        every = _all_slots(cls)
        cls._VALUE_SLOTS = tuple(n for n in every if n not in cls._DERIVED)
        cls._SLOTS = cls._VALUE_SLOTS + tuple(n for n in every if n in cls._DERIVED)
        # A copy written out slot by slot is about twice as fast as a getattr loop, and
        # apply() copies the state once per action.
        body = "".join(f"    new.{n} = self.{n}\n" for n in cls._SLOTS)
        src = f"def copy(self):\n    new = _new(cls)\n{body}    return new\n"
        scope = {"_new": object.__new__, "cls": cls}
        exec(src, scope)
        setattr(cls, "copy", scope["copy"])  # the class's own copy, written for its slots

    def __init__(self, **values: Any):
        for name in self._VALUE_SLOTS:
            setattr(self, name, values.pop(name, None))
        for name in self._DERIVED:
            values.pop(name, None)
            setattr(self, name, None)
        if values:
            raise TypeError(f"unknown fields for {type(self).__name__}: {sorted(values)}")

    def copy(self: _R) -> _R:  # replaced per subclass by __init_subclass__
        raise NotImplementedError

    def replace(self: _R, **changes: Any) -> _R:
        new = self.copy()
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def to_dict(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in self._VALUE_SLOTS}

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and all(
            getattr(self, n) == getattr(other, n) for n in self._VALUE_SLOTS)

    def __hash__(self):  # states are compared, never hashed
        raise TypeError(f"{type(self).__name__} is not hashable")

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._VALUE_SLOTS)
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


