"""Game state: plain slotted objects whose containers are tuples.

A state is never changed once a caller can see it. ``Ruleset.do`` takes a cheap shallow
``copy()`` and replaces the parts it changes, so untouched parts (other players' hands,
the discard pile, ...) are shared between successive states. That keeps undo history
small and ``apply`` fast without deep copies. Each game's state classes build on
:class:`Record` (the base game's are in :mod:`beannb.games.bohnanza.state`).
"""
from __future__ import annotations

from typing import Any


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


