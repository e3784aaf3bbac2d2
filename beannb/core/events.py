"""Events: what an action caused, and :class:`Narration`, a game's sentences for them.

An event is data (``kind``, ``player``, ``data``, ``rule``). Each game owns a
:class:`Narration`: for every event kind a sentence template in English and in Hungarian.
The ruleset that makes an event binds its narration to it, so ``event.text("hu")`` speaks
in the words of the game that produced it; an expansion extends its base game's narration
(:meth:`Narration.extend` returns a new one) and changes nobody else's.

A template is ``f(data, player, words)``; :class:`Words` gives card names, card lists and
phase names in the template's language and the game's card table.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, Callable, Mapping, Optional

Template = Callable[[dict, str, "Words"], str]


class Words:
    """What a template needs to name things: in one language, from one game's tables."""

    __slots__ = ("lang", "narration")

    def __init__(self, lang: str, narration: "Narration"):
        self.lang = lang
        self.narration = narration

    def name(self, card: str) -> str:
        return self.narration.cards.name(card, self.lang)

    def names(self, cards) -> str:
        return self.narration.cards.names(cards, self.lang)

    def phase(self, phase: str) -> str:
        return self.narration.phases.get(self.lang, {}).get(phase) or self.narration.phases["en"].get(phase, phase)


class Narration:
    """A game's event sentences: ``templates[lang][kind]`` and phase names, with its cards."""

    LANGS = ("en", "hu")

    def __init__(self, cards, templates: Mapping[str, Mapping[str, Template]],
                 phases: Optional[Mapping[str, Mapping[str, str]]] = None):
        self.cards = cards
        self.templates: dict[str, dict[str, Template]] = {lang: dict(templates.get(lang, {})) for lang in self.LANGS}
        self.phases: dict[str, dict[str, str]] = {lang: dict((phases or {}).get(lang, {})) for lang in self.LANGS}
        missing = set(self.templates["en"]) ^ set(self.templates["hu"])
        if missing:
            raise ValueError(f"event kinds without a sentence in both languages: {sorted(missing)}")

    def extend(self, templates: Optional[Mapping[str, Mapping[str, Template]]] = None,
               phases: Optional[Mapping[str, Mapping[str, str]]] = None, cards=None) -> "Narration":
        """A new narration: these templates and phases added to (or replacing) the base's."""
        t = {lang: {**self.templates[lang], **dict((templates or {}).get(lang, {}))} for lang in self.LANGS}
        ph = {lang: {**self.phases[lang], **dict((phases or {}).get(lang, {}))} for lang in self.LANGS}
        return Narration(cards if cards is not None else self.cards, t, ph)

    def kinds(self) -> set[str]:
        return set(self.templates["en"])

    def narrate(self, event: "Event", lang: str = "en") -> str:
        lang = lang if lang in self.LANGS else "en"
        tpl = self.templates[lang].get(event.kind)
        if tpl is None:
            raise KeyError(f"no {lang} sentence for event kind {event.kind!r}")
        return tpl(event.data, event.player or "", Words(lang, self))

    def words(self, lang: str) -> Words:
        return Words(lang if lang in self.LANGS else "en", self)


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

#: ``bind_narration(event, narration)``: what :meth:`Event.bind` does, without the method call.
bind_narration = Event.narration.__set__  # type: ignore[attr-defined]
