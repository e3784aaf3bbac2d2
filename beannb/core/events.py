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
        return self.narration.phase_name(phase, self.lang)


#: A catalogued event's data maker: ``fill(data, player, narration)`` gives the values of its
#: message ("event-<kind>"): numbers, names, and things worded later in the reader's language
#: (cards as :class:`~beannb.i18n.messages.Named`, phases as :meth:`Narration.phase_value`,
#: nested messages).
Fill = Callable[[dict, str, "Narration"], Mapping[str, Any]]


class PhaseName:
    """A phase, named in the reader's language when shown."""

    __slots__ = ("narration", "phase")

    def __init__(self, narration: "Narration", phase: str):
        self.narration = narration
        self.phase = phase

    def text(self, lang: str = "en") -> str:
        return self.narration.phase_name(phase=self.phase, lang=lang)

    def __str__(self) -> str:
        return self.text("en")


class Narration:
    """A game's event sentences and phase names, with its cards.

    Each event kind is a message of the game's catalogue, ``event-<kind>``, filled by the
    kind's :data:`Fill`; each phase a message ``phase-<phase>``. (A kind may instead have a
    template per language, ``templates[lang][kind]`` — ``f(data, player, words)`` — and a
    phase a name per language: the way of games whose words are not catalogued.)"""

    LANGS = ("en", "hu")

    def __init__(self, cards, templates: Optional[Mapping[str, Mapping[str, Template]]] = None,
                 phases: Optional[Mapping[str, Mapping[str, str]]] = None, messages: Any = None,
                 fills: Optional[Mapping[str, Fill]] = None):
        self.cards = cards
        templates = templates or {}
        self.templates: dict[str, dict[str, Template]] = {lang: dict(templates.get(lang, {})) for lang in self.LANGS}
        self.phases: dict[str, dict[str, str]] = {lang: dict((phases or {}).get(lang, {})) for lang in self.LANGS}
        self.messages = messages
        self.fills: dict[str, Fill] = dict(fills or {})
        missing = set(self.templates["en"]) ^ set(self.templates["hu"])
        if missing:
            raise ValueError(f"event kinds without a sentence in both languages: {sorted(missing)}")
        if self.fills and messages is None:
            raise ValueError("catalogued event kinds need the game's messages")
        for kind in self.fills:
            messages.entry("event-" + kind)  # every catalogued kind has its message (KeyError if not)

    def extend(self, templates: Optional[Mapping[str, Mapping[str, Template]]] = None,
               phases: Optional[Mapping[str, Mapping[str, str]]] = None, cards=None, messages: Any = None,
               fills: Optional[Mapping[str, Fill]] = None) -> "Narration":
        """A new narration: these templates, fills and phases added to (or replacing) the base's;
        ``messages`` (an expansion's, extending the base's) replaces the base's catalogue."""
        t = {lang: {**self.templates[lang], **dict((templates or {}).get(lang, {}))} for lang in self.LANGS}
        ph = {lang: {**self.phases[lang], **dict((phases or {}).get(lang, {}))} for lang in self.LANGS}
        f = dict(self.fills)
        for kind, fill in (fills or {}).items():
            f[kind] = fill
        for kind in (templates or {}).get("en", {}):
            f.pop(kind, None)  # a kind an expansion words itself
        for kind in f:
            for lang in self.LANGS:
                t[lang].pop(kind, None)
        return Narration(cards if cards is not None else self.cards, t, ph,
                         messages if messages is not None else self.messages, f)

    def kinds(self) -> set[str]:
        return set(self.templates["en"]) | set(self.fills)

    def narrate(self, event: "Event", lang: str = "en") -> str:
        fill = self.fills.get(event.kind)
        if fill is not None:
            return self.messages.text("event-" + event.kind, lang, fill(event.data, event.player or "", self))
        lang = lang if lang in self.LANGS else "en"
        tpl = self.templates[lang].get(event.kind)
        if tpl is None:
            raise KeyError(f"no {lang} sentence for event kind {event.kind!r}")
        return tpl(event.data, event.player or "", Words(lang, self))

    def phase_name(self, phase: str, lang: str = "en") -> str:
        code = "phase-" + phase
        if self.messages is not None and code in self.messages:
            return self.messages.text(code, lang)
        lang = lang if lang in self.LANGS else "en"
        return self.phases.get(lang, {}).get(phase) or self.phases["en"].get(phase, phase)

    def phase_value(self, phase: str) -> PhaseName:
        """A phase to put into a message: named in the reader's language when shown."""
        return PhaseName(self, phase)

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
