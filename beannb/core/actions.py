"""Actions: small immutable values with a canonical text form that round-trips.

``parse(str(a)) == a`` for every action the engine produces. The notation is documented
with an example per action kind in ``docs/notation.md``; a summary:

=================================  ==============================================
``Ann plant chili 1``              plant a chili into field 1 (hand front in phase 1,
                                   a pending card in phase 3); bean and field optional
``Ann harvest 2``                  harvest (sell) field 2
``Ann buy-field``                  buy the 3rd bean field
``Ann reveal``                     end phase 1 planting and turn up the cards
``Ann offer Bob up:red soy@2 for 2 blue``
                                   a trade proposal: own cards exactly, wanted by type
``Bob accept 3`` / ``Bob accept 3 with soy@1 soy@4`` / ``Bob accept Ann``
``Bob decline 3``, ``Ann withdraw 3``
``Ann end-trade``                  end phase 2
``Ann draw``                       phase 4: draw the cards (duel: also ends step 3)
``Ann discard blue`` / ``Ann discard blue@4``   duel only
=================================  ==============================================

Positions are 1-based: field 1 is the first field, hand position 1 is the front card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, ClassVar, Optional

from .errors import ActionSyntaxError

#: Card-name resolvers: rulesets register theirs (the base game registers beans).
_CARD_RESOLVERS: list[Callable[[str], Optional[str]]] = []


def register_card_names(resolver: Callable[[str], Optional[str]]) -> None:
    """Let ``parse`` understand more card names (a ruleset's own cards and aliases)."""
    if resolver not in _CARD_RESOLVERS:
        _CARD_RESOLVERS.append(resolver)


def card_id(name: str, text: str = "") -> str:
    for resolve in _CARD_RESOLVERS:
        found = resolve(name)
        if found:
            return found
    raise ActionSyntaxError(text or name, f"{name!r} is not a card name", ["an English bean id such as chili, blue, black-eyed (Hungarian names work too)"])


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
    def from_tokens(cls, player: str, args: list[str], text: str) -> "Action":
        if args:
            raise ActionSyntaxError(text, f"'{cls.VERB}' takes nothing after it", cls.FORMS)
        return cls(player)


def _int(token: str, text: str, what: str, forms: tuple[str, ...]) -> int:
    try:
        value = int(token)
    except ValueError:
        raise ActionSyntaxError(text, f"{what} must be a number, not {token!r}", forms) from None
    if value < 1:
        raise ActionSyntaxError(text, f"{what} counts from 1, not {value}", forms)
    return value


@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Plant one card. ``bean``/``field`` may be left out: the engine then takes the card
    the phase dictates and the first field that fits (a matching one before an empty one)."""

    bean: Optional[str] = None
    field: Optional[int] = None
    VERB: ClassVar[str] = "plant"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann plant", "Ann plant 2", "Ann plant chili", "Ann plant chili 2")

    def __str__(self) -> str:
        parts = [self.player, "plant"]
        if self.bean:
            parts.append(self.bean)
        if self.field:
            parts.append(str(self.field))
        return " ".join(parts)

    @classmethod
    def from_tokens(cls, player, args, text):
        bean = fld = None
        if len(args) > 2:
            raise ActionSyntaxError(text, "too many words after 'plant'", cls.FORMS)
        for tok in args:
            if tok.isdigit():
                if fld is not None:
                    raise ActionSyntaxError(text, "two field numbers", cls.FORMS)
                fld = _int(tok, text, "the field", cls.FORMS)
            else:
                if bean is not None or fld is not None:
                    raise ActionSyntaxError(text, "write the bean before the field number", cls.FORMS)
                bean = card_id(tok, text)
        return cls(player, bean, fld)


@dataclass(frozen=True, slots=True)
class Harvest(Action):
    field: int = 1
    VERB: ClassVar[str] = "harvest"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann harvest 2",)

    def __str__(self) -> str:
        return f"{self.player} harvest {self.field}"

    @classmethod
    def from_tokens(cls, player, args, text):
        if len(args) != 1:
            raise ActionSyntaxError(text, "say which field to harvest", cls.FORMS)
        return cls(player, _int(args[0], text, "the field", cls.FORMS))


@dataclass(frozen=True, slots=True)
class BuyField(Action):
    VERB: ClassVar[str] = "buy-field"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann buy-field",)


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    VERB: ClassVar[str] = "reveal"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann reveal",)


@dataclass(frozen=True, slots=True)
class EndTrade(Action):
    VERB: ClassVar[str] = "end-trade"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann end-trade",)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    VERB: ClassVar[str] = "draw"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann draw",)


def parse_card_ref(token: str, text: str, forms: tuple[str, ...]) -> CardRef:
    if ":" in token:
        zone, name = token.split(":", 1)
        zone = {"faceup": "up", "face-up": "up", "coins": "coin", "fields": "field"}.get(zone, zone)
        if zone not in ZONES or zone == "hand":
            raise ActionSyntaxError(text, f"unknown zone {zone!r} in {token!r}", forms)
        return CardRef(zone, card_id(name, text))
    if "@" in token:
        name, pos = token.rsplit("@", 1)
        return CardRef("hand", card_id(name, text), _int(pos, text, f"the hand position in {token!r}", forms))
    raise ActionSyntaxError(text, f"{token!r} names no card exactly: write bean@position for a hand card or up:bean for a face-up card", forms)


def parse_wants(tokens: list[str], text: str, forms: tuple[str, ...]) -> tuple[Want, ...]:
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
        wants.append(Want(zone, card_id(name, text), count or 1))
        count = None
    if count is not None:
        raise ActionSyntaxError(text, "a count with no bean after it", forms)
    merged: dict[tuple[str, str], int] = {}
    for w in wants:
        merged[(w.zone, w.bean)] = merged.get((w.zone, w.bean), 0) + w.count
    return tuple(Want(z, b, c) for (z, b), c in merged.items())


def _side(items) -> str:
    return " ".join(str(i) for i in items) if items else "nothing"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A trade proposal (rules B-14…B-19, B-48): ``give`` names the proposer's own cards
    exactly; ``get`` asks the partner for cards by type and count."""

    partner: str = ""
    give: tuple[CardRef, ...] = ()
    get: tuple[Want, ...] = ()
    VERB: ClassVar[str] = "offer"
    FORMS: ClassVar[tuple[str, ...]] = (
        "Ann offer Bob up:red soy@2 for 2 blue",
        "Bob offer Ann blue@2 for up:chili",
        "Bob offer Ann stink@1 for nothing",
    )

    def __str__(self) -> str:
        # No colon after the partner: "Ann offer Bob ..." would need quoting in YAML.
        return f"{self.player} offer {self.partner} {_side(self.give)} for {_side(self.get)}"

    @classmethod
    def from_tokens(cls, player, args, text):
        if not args:
            raise ActionSyntaxError(text, "say to whom", cls.FORMS)
        partner = args[0]
        rest = args[1:]
        if partner.endswith(":"):
            partner = partner[:-1]
        elif rest and rest[0] == ":":
            rest = rest[1:]
        if "for" not in rest:
            raise ActionSyntaxError(text, "an offer needs 'for' between what you give and what you want", cls.FORMS)
        i = rest.index("for")
        give_toks, get_toks = rest[:i], rest[i + 1:]
        if give_toks == ["nothing"]:
            give_toks = []
        if get_toks == ["nothing"]:
            get_toks = []
        give = tuple(parse_card_ref(t, text, cls.FORMS) for t in give_toks)
        return cls(player, partner, give, parse_wants(get_toks, text, cls.FORMS))


def _offer_ref(token: str, text: str, forms) -> tuple[Optional[int], Optional[str]]:
    # Offers are numbered; "#3" is read too, but the engine writes "3", because in YAML
    # a " #" starts a comment.
    if token.startswith("#"):
        return _int(token[1:], text, "the offer number", forms), None
    if token.isdigit():
        return _int(token, text, "the offer number", forms), None
    return None, token


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept an open offer, by number (``3``) or by the proposer's name; ``cards`` are the
    hand positions the accepting player gives (by default the earliest matching ones, B-49)."""

    offer: Optional[int] = None
    proposer: Optional[str] = None
    cards: tuple[CardRef, ...] = ()
    VERB: ClassVar[str] = "accept"
    FORMS: ClassVar[tuple[str, ...]] = ("Bob accept 3", "Bob accept Ann", "Cid accept 2 with soy@3 soy@4")

    def __str__(self) -> str:
        ref = str(self.offer) if self.offer is not None else str(self.proposer)
        tail = (" with " + " ".join(str(c) for c in self.cards)) if self.cards else ""
        return f"{self.player} accept {ref}{tail}"

    @classmethod
    def from_tokens(cls, player, args, text):
        if not args:
            raise ActionSyntaxError(text, "say which offer (its number or the proposer's name)", cls.FORMS)
        offer, proposer = _offer_ref(args[0], text, cls.FORMS)
        cards: tuple[CardRef, ...] = ()
        if len(args) > 1:
            if args[1] != "with" or len(args) == 2:
                raise ActionSyntaxError(text, "after the offer, write 'with' and the hand cards you give", cls.FORMS)
            cards = tuple(parse_card_ref(t, text, cls.FORMS) for t in args[2:])
        return cls(player, offer, proposer, cards)


@dataclass(frozen=True, slots=True)
class Decline(Action):
    offer: Optional[int] = None
    proposer: Optional[str] = None
    VERB: ClassVar[str] = "decline"
    FORMS: ClassVar[tuple[str, ...]] = ("Bob decline 3", "Bob decline Ann")

    def __str__(self) -> str:
        ref = str(self.offer) if self.offer is not None else str(self.proposer)
        return f"{self.player} {self.VERB} {ref}"

    @classmethod
    def from_tokens(cls, player, args, text):
        if len(args) != 1:
            raise ActionSyntaxError(text, "say which offer (its number or the proposer's name)", cls.FORMS)
        offer, proposer = _offer_ref(args[0], text, cls.FORMS)
        return cls(player, offer, proposer)


@dataclass(frozen=True, slots=True)
class Withdraw(Decline):
    VERB: ClassVar[str] = "withdraw"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann withdraw 3",)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Duel only: discard an offered card (``blue``) or one hand card (``blue@4``)."""

    bean: str = ""
    pos: Optional[int] = None
    VERB: ClassVar[str] = "discard"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann discard blue", "Ann discard blue@4")

    def __str__(self) -> str:
        return f"{self.player} discard {self.bean}" + (f"@{self.pos}" if self.pos else "")

    @classmethod
    def from_tokens(cls, player, args, text):
        if len(args) != 1:
            raise ActionSyntaxError(text, "say which card", cls.FORMS)
        tok = args[0]
        if "@" in tok:
            ref = parse_card_ref(tok, text, cls.FORMS)
            return cls(player, ref.bean, ref.pos)
        return cls(player, card_id(tok, text))


#: verb -> action class. Rulesets register their own verbs (``register_verb``).
VERBS: dict[str, type[Action]] = {}


def register_verb(cls: type[Action]) -> type[Action]:
    VERBS[cls.VERB] = cls
    return cls


for _cls in (Plant, Harvest, BuyField, Reveal, Offer, Accept, Decline, Withdraw, EndTrade, Draw, Discard):
    register_verb(_cls)


def all_forms() -> list[str]:
    return [f for cls in VERBS.values() for f in cls.FORMS]


def parse(text: str, verbs: Optional[dict[str, type[Action]]] = None) -> Action:
    """Read an action from its text form.

    >>> parse("Ann plant chili 1")
    Plant(player='Ann', bean='chili', field=1)
    >>> str(parse("Ann offer Bob up:red for 2 soy"))
    'Ann offer Bob up:red for 2 soy'
    """
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ActionSyntaxError(repr(text), f"an action is a text such as 'Ann plant', not {type(text).__name__}", all_forms()[:6])
    tokens = text.replace(",", " ").split()
    if len(tokens) < 2:
        raise ActionSyntaxError(text, "an action is a player's name followed by a verb", all_forms()[:6])
    player, verb, args = tokens[0], tokens[1].lower(), tokens[2:]
    table = VERBS if verbs is None else verbs
    cls = table.get(verb)
    if cls is None:
        forms = [f for c in table.values() for f in c.FORMS][:6]
        raise ActionSyntaxError(text, f"unknown verb {verb!r}; verbs are {', '.join(sorted(table))}", forms)
    return cls.from_tokens(player, args, text)
