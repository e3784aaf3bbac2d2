"""The base game's verbs and their notation (spec ``bohnanza.md``; docs/notation.md).

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

>>> str(NOTATION.parse("Ann offer Bob up:red for 2 soy"))
'Ann offer Bob up:red for 2 soy'
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...core.actions import (  # noqa: F401  (re-exported for the expansions)
    SYNTAX as CORE_SYNTAX, ZONES, Action, CardRef, Notation, Want, _int, parse_card_ref, parse_wants,
)
from ...core.errors import ActionSyntaxError
from ...i18n.messages import NC_, Messages, locale_dir
from .cards import CARDS

#: What the base game's verbs complain of in an action text (the notation's words, what a
#: player typed and card ids stay as written).
SYNTAX = Messages("bohnanza", locale_dir(__file__), [
    NC_("syntax-plant-too-many", "too many words after 'plant'"),
    NC_("syntax-two-fields", "two field numbers"),
    NC_("syntax-bean-first", "write the bean before the field number"),
    NC_("syntax-harvest-which", "say which field to harvest"),
    NC_("syntax-offer-to-whom", "say to whom"),
    NC_("syntax-offer-for", "an offer needs 'for' between what you give and what you want"),
    NC_("syntax-which-offer", "say which offer (its number or the proposer's name)"),
    NC_("syntax-accept-with", "after the offer, write 'with' and the hand cards you give"),
    NC_("syntax-discard-which", "say which card"),
    # What a number stands for (in "… must be a number").
    NC_("syntax-what-offer", "the offer number"),
    # TRANSLATORS: shown under "Expected one of:" where a word was no card name; the ids stay in English.
    NC_("syntax-card-hint", "a bean such as chili, blue, black-eyed (Hungarian names work too)"),
])
FIELD = CORE_SYNTAX.message("syntax-what-field")


def one_word(args: list[str], text: str, what, forms) -> str:
    """The one word a verb takes; ``what`` says what it should be (an action text with no
    word or more than one is refused with it)."""
    if len(args) != 1:
        raise ActionSyntaxError(text, what, forms)
    return args[0]


# -- the shapes most verbs share: nothing after the verb, one word, one number ----------------------
def simple_verb(verb: str, forms: tuple[str, ...], doc: Optional[str] = None, base: type[Action] = Action) -> Any:
    """The action class of a verb that takes nothing after it (``Ann reveal``), a subclass of
    ``base``, named after the verb (``buy-field``: ``BuyField``). It belongs to the module that
    calls this, under that name, so that pickle finds it there (processes send actions across)."""
    name = "".join(w.title() for w in verb.split("-"))
    namespace = {"VERB": verb, "FORMS": forms, "__doc__": doc, "__qualname__": name,
                 "__module__": sys._getframe(1).f_globals["__name__"]}
    return dataclass(frozen=True, slots=True)(type(name, (base,), namespace))


@dataclass(frozen=True, slots=True)
class OneWord(Action):
    """A verb followed by one word (``Ann camp 16``), kept in the field its class declares last
    (the last of ``__match_args__``, the dataclass's fields in order). ``WHICH`` is the complaint
    when no word follows, or more than one; :meth:`read` makes the field's value of the word
    (here the word as typed)."""

    WHICH: ClassVar[Any] = ""

    def __str__(self) -> str:
        return f"{self.player} {self.VERB} {getattr(self, self.__match_args__[-1])}"

    @classmethod
    def read(cls, word: str, text: str, n: Notation) -> Any:
        return word

    @classmethod
    def from_tokens(cls, player, args, text, n):
        value = cls.read(one_word(args, text, cls.WHICH, cls.FORMS), text, n)
        return cls(player, **{cls.__match_args__[-1]: value})


@dataclass(frozen=True, slots=True)
class OneCard(OneWord):
    """A verb followed by one card name (``Ann resolve princess``), kept as the card's id."""

    @classmethod
    def read(cls, word: str, text: str, n: Notation) -> Any:
        return n.card(word, text)


@dataclass(frozen=True, slots=True)
class OneNumber(OneWord):
    """A verb followed by one number (``Ann harvest 2``); ``WHAT`` is what the number stands for
    (in "… must be a number"): by default the field."""

    WHAT: ClassVar[Any] = FIELD

    @classmethod
    def read(cls, word: str, text: str, n: Notation) -> Any:
        return _int(word, text, cls.WHAT, cls.FORMS)


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
    def from_tokens(cls, player, args, text, n):
        bean = fld = None
        if len(args) > 2:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-plant-too-many"), cls.FORMS)
        for tok in args:
            if tok.isdigit():
                if fld is not None:
                    raise ActionSyntaxError(text, SYNTAX.message("syntax-two-fields"), cls.FORMS)
                fld = _int(tok, text, FIELD, cls.FORMS)
            else:
                if bean is not None or fld is not None:
                    raise ActionSyntaxError(text, SYNTAX.message("syntax-bean-first"), cls.FORMS)
                bean = n.card(tok, text)
        return cls(player, bean, fld)


@dataclass(frozen=True, slots=True)
class Harvest(OneNumber):
    field: int = 1
    VERB: ClassVar[str] = "harvest"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann harvest 2",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-harvest-which")


BuyField = simple_verb("buy-field", ("Ann buy-field",))
Reveal = simple_verb("reveal", ("Ann reveal",))
EndTrade = simple_verb("end-trade", ("Ann end-trade",))
Draw = simple_verb("draw", ("Ann draw",))


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
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-offer-to-whom"), cls.FORMS)
        partner = args[0]
        rest = args[1:]
        if partner.endswith(":"):
            partner = partner[:-1]
        elif rest and rest[0] == ":":
            rest = rest[1:]
        if "for" not in rest:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-offer-for"), cls.FORMS)
        i = rest.index("for")
        give_toks, get_toks = rest[:i], rest[i + 1:]
        if give_toks == ["nothing"]:
            give_toks = []
        if get_toks == ["nothing"]:
            get_toks = []
        give = tuple(parse_card_ref(t, text, cls.FORMS, n) for t in give_toks)
        return cls(player, partner, give, parse_wants(get_toks, text, cls.FORMS, n))


def _offer_ref(token: str, text: str, forms) -> tuple[Optional[int], Optional[str]]:
    # Offers are numbered; "#3" is read too, but the engine writes "3", because in YAML
    # a " #" starts a comment.
    if token.startswith("#") or token.isdigit():
        return _int(token.removeprefix("#"), text, SYNTAX.message("syntax-what-offer"), forms), None
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
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-which-offer"), cls.FORMS)
        offer, proposer = _offer_ref(args[0], text, cls.FORMS)
        cards: tuple[CardRef, ...] = ()
        if len(args) > 1:
            if args[1] != "with" or len(args) == 2:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-accept-with"), cls.FORMS)
            cards = tuple(parse_card_ref(t, text, cls.FORMS, n) for t in args[2:])
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
    def from_tokens(cls, player, args, text, n):
        word = one_word(args, text, SYNTAX.message("syntax-which-offer"), cls.FORMS)
        return cls(player, *_offer_ref(word, text, cls.FORMS))


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
    def from_tokens(cls, player, args, text, n):
        tok = one_word(args, text, SYNTAX.message("syntax-discard-which"), cls.FORMS)
        if "@" in tok:
            ref = parse_card_ref(tok, text, cls.FORMS, n)
            return cls(player, ref.bean, ref.pos)
        return cls(player, n.card(tok, text))


#: The base game's actions, in the order the notation docs list them.
BASE_ACTIONS: tuple[type[Action], ...] = (Plant, Harvest, BuyField, Reveal, Offer, Accept, Decline, Withdraw,
                                          EndTrade, Draw, Discard)

#: The base game's notation: its verbs and the bean names of its cards.
NOTATION = Notation({cls.VERB: cls for cls in BASE_ACTIONS}, CARDS.card_id,
                    SYNTAX.message("syntax-card-hint"))
