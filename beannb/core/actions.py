"""Actions: small immutable values with a canonical text form that round-trips.

This module holds what every game's notation shares: the :class:`Action` base, exact card
references (``soy@2``, ``up:red``), wanted cards (``2 soy``), number reading, and
:class:`Notation`, a game's own table of verbs and card names. The verbs themselves belong
to the games (the base game's are in :mod:`beannb.games.bohnanza.actions`), and each game
parses with its own notation: ``Ann magic`` is a Rabohnzel action and no other game's.

``parse(str(a)) == a`` for every action the engine produces. Positions are 1-based: field 1
is the first field, hand position 1 is the front card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, ClassVar, Iterable, Mapping, Optional

from .errors import ActionSyntaxError

# Zones a card reference may name. Only "hand" and "up" can ever be traded (rule B-17);
# the others exist in the notation so that the engine can explain why they cannot.
ZONES = ("hand", "up", "field", "pending", "coin")


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named exactly by its owner: ``soy@2`` (hand position 2) or ``up:red``."""

    zone: str
    bean: str
    pos: Optional[int] = None

    def __str__(self) -> str:
        if self.zone == "hand":
            return f"{self.bean}@{self.pos}"
        return f"{self.zone}:{self.bean}"


@dataclass(frozen=True, slots=True)
class Want:
    """Cards asked of the other party by type and count: ``2 soy`` or ``up:chili``."""

    zone: str
    bean: str
    count: int = 1

    def __str__(self) -> str:
        body = self.bean if self.zone == "hand" else f"{self.zone}:{self.bean}"
        return f"{self.count} {body}" if self.count != 1 else body


@dataclass(frozen=True, slots=True)
class Action:
    player: str
    VERB: ClassVar[str] = ""
    FORMS: ClassVar[tuple[str, ...]] = ()

    def __str__(self) -> str:
        return f"{self.player} {self.VERB}"

    @property
    def kind(self) -> str:
        return self.VERB

    @classmethod
    def from_tokens(cls, player: str, args: list[str], text: str, n: "Notation") -> "Action":
        if args:
            raise ActionSyntaxError(text, f"'{cls.VERB}' takes nothing after it", cls.FORMS)
        return cls(player)


def _int(token: str, text: str, what: str, forms: tuple[str, ...]) -> int:
    """A position or count: plain ASCII digits, at most six of them (no other digit forms)."""
    tok = token.strip()
    if not (tok.isascii() and tok.lstrip("-").isdigit()) or len(tok) > 7:
        raise ActionSyntaxError(text, f"{what} must be a number (1, 2, …), not {quote(token, 20)!r}", forms)
    value = int(tok)
    if value < 1:
        raise ActionSyntaxError(text, f"{what} counts from 1, not {value}", forms)
    return value


def parse_card_ref(token: str, text: str, forms: tuple[str, ...], n: "Notation") -> CardRef:
    if ":" in token:
        zone, name = token.split(":", 1)
        zone = {"faceup": "up", "face-up": "up", "coins": "coin", "fields": "field"}.get(zone, zone)
        if zone not in ZONES or zone == "hand":
            raise ActionSyntaxError(text, f"unknown zone {zone!r} in {token!r}", forms)
        return CardRef(zone, n.card(name, text))
    if "@" in token:
        name, pos = token.rsplit("@", 1)
        return CardRef("hand", n.card(name, text), _int(pos, text, f"the hand position in {token!r}", forms))
    raise ActionSyntaxError(text, f"{token!r} names no card exactly: write bean@position for a hand card or up:bean for a face-up card", forms)


def parse_wants(tokens: list[str], text: str, forms: tuple[str, ...], n: "Notation") -> tuple[Want, ...]:
    wants: list[Want] = []
    count: Optional[int] = None
    for tok in tokens:
        if tok.isdigit():
            if count is not None:
                raise ActionSyntaxError(text, "two numbers in a row", forms)
            count = _int(tok, text, "a count", forms)
            continue
        if ":" in tok:
            zone, name = tok.split(":", 1)
            zone = {"faceup": "up", "face-up": "up", "coins": "coin", "fields": "field"}.get(zone, zone)
            if zone not in ZONES:
                raise ActionSyntaxError(text, f"unknown zone {zone!r} in {tok!r}", forms)
        else:
            zone, name = "hand", tok
        if "@" in name:
            raise ActionSyntaxError(text, f"{tok!r}: you cannot name positions in the other player's hand — ask by type and count, e.g. '2 soy'", forms)
        wants.append(Want(zone, n.card(name, text), count or 1))
        count = None
    if count is not None:
        raise ActionSyntaxError(text, "a count with no bean after it", forms)
    merged: dict[tuple[str, str], int] = {}
    for w in wants:
        merged[(w.zone, w.bean)] = merged.get((w.zone, w.bean), 0) + w.count
    return tuple(Want(z, b, c) for (z, b), c in merged.items())


def quote(text: str, limit: int = 100) -> str:
    """The input as a refusal quotes it: never more than about ``limit`` characters."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Notation:
    """A game's notation: its verb table and how it reads card names.

    Each game builds its own (an expansion extends its base game's with
    :meth:`extend`, which returns a new notation); nothing is registered globally.

    >>> n = Notation({}, lambda name: {"chili": "chili"}.get(name.lower()), "chili")
    >>> n.card("Chili")
    'chili'
    """

    def __init__(self, verbs: Mapping[str, type[Action]], card_names: Callable[[str], Optional[str]],
                 card_hint: str = "a card name"):
        self.verbs: dict[str, type[Action]] = dict(verbs)
        self.card_names = card_names
        self.card_hint = card_hint

    def extend(self, verbs: Iterable[type[Action]] = (), card_names: Optional[Callable[[str], Optional[str]]] = None,
               card_hint: Optional[str] = None, drop: Iterable[str] = ()) -> "Notation":
        """A new notation with more (or replaced) verbs and card names tried before these."""
        table = {v: c for v, c in self.verbs.items() if v not in set(drop)}
        table.update({cls.VERB: cls for cls in verbs})
        names = self.card_names
        if card_names is not None:
            first, then = card_names, self.card_names
            names = lambda name: first(name) or then(name)  # noqa: E731
        return Notation(table, names, card_hint or self.card_hint)

    def with_cards(self, card_names: Callable[[str], Optional[str]], card_hint: str) -> "Notation":
        """The same verbs reading another game's card names."""
        return Notation(self.verbs, card_names, card_hint)

    def card(self, name: str, text: str = "") -> str:
        """The card id for ``name`` in this game, or an :class:`ActionSyntaxError`."""
        found = self.card_names(name.strip()) if isinstance(name, str) and name.strip() else None
        if not found:
            raise ActionSyntaxError(text or name, f"{quote(name, 40)!r} is not a card name in this game",
                                    [self.card_hint])
        return found

    def forms(self) -> list[str]:
        return [f for cls in self.verbs.values() for f in cls.FORMS]

    def parse(self, text) -> Action:
        """Read an action from its text form (an :class:`Action` passes through)."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionSyntaxError(quote(repr(text)), f"an action is a text such as 'Ann plant', not {type(text).__name__}",
                                    self.forms()[:6])
        tokens = text.replace(",", " ").split()
        if len(tokens) < 2:
            raise ActionSyntaxError(quote(text), "an action is a player's name followed by a verb", self.forms()[:6])
        player, verb, args = tokens[0], tokens[1].lower(), tokens[2:]
        cls = self.verbs.get(verb)
        if cls is None:
            raise ActionSyntaxError(quote(text), f"unknown verb {quote(verb, 30)!r}; verbs are {', '.join(sorted(self.verbs))}",
                                    self.forms()[:6])
        return cls.from_tokens(player, args, quote(text), self)


def parse(text, notation: Notation) -> Action:
    """Read an action in a game's notation (``ruleset.notation``)."""
    return notation.parse(text)
