"""The takeover expansion's action notation (docs/notation-takeover.md).

Attached text cards follow the action as ``+card`` tokens (``+chemistry-set@3`` names
the field whose beanometer it borrows). Fields are numbered from 1; hands are unordered,
so hand cards are named by type and count.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...core.actions import SYNTAX as CORE_SYNTAX, Action, Notation, _int
from ...core.errors import ActionSyntaxError
from ...i18n.messages import NC_, Messages, Named, locale_dir
from ..bohnanza.actions import OneNumber, OneWord, simple_verb
from .cards import CARDS, JOKER, TEXT_IDS, text_card_id

#: What the expansion's verbs complain of in an action text (the notation's words, what a
#: player typed and card ids stay as written).
SYNTAX = Messages("takeover", locale_dir(__file__), [
    # TRANSLATORS: name is quoted as typed; cards lists the text cards' ids.
    NC_("syntax-not-text-card", "{name} is not a text card; text cards are {cards}"),
    NC_("syntax-attach-last", "attached text cards (+card) come last"),
    NC_("syntax-play-words", "write the bean and the field, e.g. 'play 2 red 3'"),
    NC_("syntax-merge-words", "write the field to move and the field it goes onto"),
    NC_("syntax-turn-up-words", "write the empty field to turn a card up onto"),
    NC_("syntax-harvest-words", "write the field to harvest"),
    NC_("syntax-takeover-words", "write the player and their field, e.g. 'takeover Bob 1'"),
    NC_("syntax-defend-words", "name the text card you lay face down"),
    NC_("syntax-swap-fields-words", "write whose fields and the two field numbers"),
    NC_("syntax-swap-hands-words", "write whose hand to swap with"),
    # TRANSLATORS: joker is the Joker Bean's name.
    NC_("syntax-joker-words", "write the field for the {joker}"),
    NC_("syntax-raid-words", "write your field"),
    NC_("syntax-raid-from", "after the field write 'from' and the players"),
    NC_("syntax-seed-trade-words", "write five beans, 'coin' and one of them, then keep or redraw"),
    # What a number stands for (in "… must be a number").
    NC_("syntax-what-count", "the count"),
    NC_("syntax-what-a-field", "a field"),
    NC_("syntax-what-your-field", "your field"),
    # TRANSLATORS: token is the +card@field token as typed, quoted.
    NC_("syntax-what-field-after-at", "the field after @ in {token}"),
    # TRANSLATORS: shown under "Expected one of:" where a word was no card name; the ids stay in English.
    NC_("syntax-card-hint", "a bean such as red, snap, or a text card such as mighty-field"),
])
FIELD = CORE_SYNTAX.message("syntax-what-field")
A_FIELD = SYNTAX.message("syntax-what-a-field")


def _not_text_card(name: str) -> Any:
    return SYNTAX.message("syntax-not-text-card", name=repr(name), cards=", ".join(TEXT_IDS))


def _split_attach(args: list[str], text: str, forms) -> tuple[list[str], tuple[str, ...]]:
    plain, attach = [], []
    for tok in args:
        if tok.startswith("+"):
            name, _, at = tok[1:].partition("@")
            cid = text_card_id(name)
            if cid is None:
                raise ActionSyntaxError(text, _not_text_card(name), forms)
            if at:  # a field number, read as every number is (no "²", no 5,000 digits)
                at = str(_int(at, text, SYNTAX.message("syntax-what-field-after-at", token=repr(tok)), forms))
            attach.append(cid + (f"@{at}" if at else ""))
        else:
            if attach:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-attach-last"), forms)
            plain.append(tok)
    return plain, tuple(attach)


def _attach_text(attach: tuple[str, ...]) -> str:
    return "".join(f" +{a}" for a in attach)


def _card(tok: str, text: str) -> str:
    cid = text_card_id(tok)
    if cid is not None:
        return cid
    raise ActionSyntaxError(text, _not_text_card(tok), ())


@dataclass(frozen=True, slots=True)
class TAction(Action):
    attach: tuple[str, ...] = ()
    LETTER: ClassVar[str] = ""  # the normal action's letter a)-e); "" for every other action

    def attached(self, card: str) -> bool:
        for a in self.attach:  # most actions attach no text card (asked several times per action)
            if a == card or a.partition("@")[0] == card:
                return True
        return False

    def attach_field(self, card: str) -> Optional[int]:
        for a in self.attach:
            name, _, at = a.partition("@")
            if name == card:
                # written by _split_attach (ASCII digits); anything else names no field
                return int(at) if at.isascii() and at.isdigit() and len(at) <= 6 else None
        return None


@dataclass(frozen=True, slots=True)
class Play(TAction):
    """a) play ``count`` hand cards of ``bean`` onto ``field``."""

    bean: str = ""
    count: int = 1
    field: int = 1
    VERB: ClassVar[str] = "play"
    LETTER: ClassVar[str] = "a"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann play red 1", "Ann play 2 red 3", "Ann play 2 garden 1 +mutant-bean")

    def __str__(self) -> str:
        n = f"{self.count} " if self.count != 1 else ""
        return f"{self.player} play {n}{self.bean} {self.field}{_attach_text(self.attach)}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        plain, attach = _split_attach(args, text, cls.FORMS)
        count = 1
        if plain and plain[0].isdigit() and len(plain) == 3:
            count = _int(plain[0], text, SYNTAX.message("syntax-what-count"), cls.FORMS)
            plain = plain[1:]
        if len(plain) != 2:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-play-words"), cls.FORMS)
        return cls(player, attach, n.card(plain[0], text), count, _int(plain[1], text, FIELD, cls.FORMS))


@dataclass(frozen=True, slots=True)
class Merge(TAction):
    """b) put all cards of field ``src`` onto field ``dst``."""

    src: int = 1
    dst: int = 2
    VERB: ClassVar[str] = "merge"
    LETTER: ClassVar[str] = "b"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann merge 1 2", "Ann merge 2 1 +mutant-bean")

    def __str__(self) -> str:
        return f"{self.player} merge {self.src} {self.dst}{_attach_text(self.attach)}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        plain, attach = _split_attach(args, text, cls.FORMS)
        if len(plain) != 2:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-merge-words"), cls.FORMS)
        return cls(player, attach, _int(plain[0], text, A_FIELD, cls.FORMS), _int(plain[1], text, A_FIELD, cls.FORMS))


@dataclass(frozen=True, slots=True)
class OwnField(OneNumber, TAction):
    """A verb on one of one's own fields, by its number, then the text cards attached (``+card``)
    where ``ATTACH`` allows them (elsewhere ``WHICH`` refuses them)."""

    field: int = 1
    ATTACH: ClassVar[bool] = True

    def __str__(self) -> str:
        return OneWord.__str__(self) + (_attach_text(self.attach) if self.ATTACH else "")

    @classmethod
    def from_tokens(cls, player, args, text, n):
        plain, attach = _split_attach(args, text, cls.FORMS)
        if len(plain) != 1 or attach and not cls.ATTACH:
            raise ActionSyntaxError(text, cls.WHICH, cls.FORMS)
        return cls(player, attach, cls.read(plain[0], text, n))


@dataclass(frozen=True, slots=True)
class TurnUp(OwnField):
    """c) turn up the top deck card onto the empty ``field``."""

    VERB: ClassVar[str] = "turn-up"
    LETTER: ClassVar[str] = "c"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann turn-up 2",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-turn-up-words")
    ATTACH: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class THarvest(OwnField):
    """d) harvest a field (also the final harvest); Pizzas and Chemistry Set attach here."""

    VERB: ClassVar[str] = "harvest"
    LETTER: ClassVar[str] = "d"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann harvest 2", "Ann harvest 1 +chemistry-set@2 +pizza-big-farm")
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-harvest-words")


@dataclass(frozen=True, slots=True)
class ExtraHarvest(THarvest):
    """Text card Extra Harvest: harvest any field, no card flip (T-50)."""

    VERB: ClassVar[str] = "extra-harvest"
    LETTER: ClassVar[str] = ""
    FORMS: ClassVar[tuple[str, ...]] = ("Ann extra-harvest 1", "Ann extra-harvest 2 +pizza-overflow")


@dataclass(frozen=True, slots=True)
class HostileTakeover(TAction):
    """e) hostile takeover of ``target``'s field ``field`` with the own field ``using``
    (by default the corresponding one)."""

    target: str = ""
    field: int = 1
    using: Optional[int] = None
    VERB: ClassVar[str] = "takeover"
    LETTER: ClassVar[str] = "e"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann takeover Bob 1", "Ann takeover Bob 3 using 1 +variable-field",
                                        "Ann takeover Bob 2 +mighty-field")

    def __str__(self) -> str:
        using = f" using {self.using}" if self.using else ""
        return f"{self.player} takeover {self.target} {self.field}{using}{_attach_text(self.attach)}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        plain, attach = _split_attach(args, text, cls.FORMS)
        using = None
        if len(plain) == 4 and plain[2] == "using":
            using = _int(plain[3], text, SYNTAX.message("syntax-what-your-field"), cls.FORMS)
            plain = plain[:2]
        if len(plain) != 2:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-takeover-words"), cls.FORMS)
        return cls(player, attach, plain[0], _int(plain[1], text, FIELD, cls.FORMS), using)


Pass = simple_verb("pass", ("Bob pass",), "Decline to copy the active player's action.", TAction)
Allow = simple_verb("allow", ("Bob allow",), "Let a takeover of your field happen without a defence.", TAction)
Overrule = simple_verb("overrule", ("Ann overrule",), "Play Strong Takeover against the defence just laid (T-46).",
                       TAction)
Concede = simple_verb("concede", ("Ann concede",), "Accept that your takeover was repelled.", TAction)
EndTurn = simple_verb("end-turn", ("Ann end-turn",), "End the turn (or, after the trigger, the final actions).",
                      TAction)
ExtraCard = simple_verb("extra-card", ("Ann extra-card",),
                        "Text card: take the top bean discard into your hand (T-48).", TAction)
FinalPlanting = simple_verb("final-planting", ("Ann final-planting",),
                            "Text card: play hand cards in your final-harvest step.", TAction)
SevenNewCards = simple_verb("seven-new-cards", ("Bob seven-new-cards",),
                            "Text card: shuffle your hand into the deck, draw 7 (T-47).", TAction)


@dataclass(frozen=True, slots=True)
class Defend(OneWord, TAction):
    card: str = ""
    VERB: ClassVar[str] = "defend"
    FORMS: ClassVar[tuple[str, ...]] = ("Bob defend pizza-overflow",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-defend-words")

    @classmethod
    def read(cls, word: str, text: str, n: Notation) -> Any:
        return _card(word, text)


@dataclass(frozen=True, slots=True)
class SwapFields(TAction):
    owner: str = ""
    a: int = 1
    b: int = 2
    VERB: ClassVar[str] = "swap-fields"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann swap-fields Bob 1 3",)

    def __str__(self) -> str:
        return f"{self.player} swap-fields {self.owner} {self.a} {self.b}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if len(args) != 3:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-swap-fields-words"), cls.FORMS)
        return cls(player, (), args[0], _int(args[1], text, A_FIELD, cls.FORMS), _int(args[2], text, A_FIELD, cls.FORMS))


@dataclass(frozen=True, slots=True)
class SwapHands(OneWord, TAction):
    other: str = ""
    VERB: ClassVar[str] = "swap-hands"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann swap-hands Bob",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-swap-hands-words")


@dataclass(frozen=True, slots=True)
class PlaceJoker(OneNumber, TAction):
    field: int = 1
    VERB: ClassVar[str] = "joker"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann joker 2",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-joker-words", joker=Named(CARDS, JOKER))


@dataclass(frozen=True, slots=True)
class PirateRaid(TAction):
    field: int = 1
    victims: tuple[str, ...] = ()
    VERB: ClassVar[str] = "pirate-raid"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann pirate-raid 2", "Ann pirate-raid 2 from Bob Cid")

    def __str__(self) -> str:
        tail = (" from " + " ".join(self.victims)) if self.victims else ""
        return f"{self.player} pirate-raid {self.field}{tail}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-raid-words"), cls.FORMS)
        victims: tuple[str, ...] = ()
        if len(args) > 1:
            if args[1] != "from" or len(args) == 2:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-raid-from"), cls.FORMS)
            victims = tuple(args[2:])
        return cls(player, (), _int(args[0], text, FIELD, cls.FORMS), victims)


@dataclass(frozen=True, slots=True)
class SeedTrade(TAction):
    beans: tuple[str, ...] = ()
    coin: str = ""
    redraw: bool = False
    VERB: ClassVar[str] = "seed-trade"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann seed-trade soy red green blue chili coin soy keep",
                                        "Ann seed-trade soy red green blue snap coin red redraw")

    def __str__(self) -> str:
        return f"{self.player} seed-trade {' '.join(self.beans)} coin {self.coin} {'redraw' if self.redraw else 'keep'}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if len(args) != 8 or args[5] != "coin" or args[7] not in ("keep", "redraw"):
            raise ActionSyntaxError(text, SYNTAX.message("syntax-seed-trade-words"), cls.FORMS)
        beans = tuple(n.card(b, text) for b in args[:5])
        return cls(player, (), beans, n.card(args[6], text), args[7] == "redraw")


VERBS: dict[str, type[Action]] = {
    c.VERB: c for c in (Play, Merge, TurnUp, THarvest, ExtraHarvest, HostileTakeover, Pass, Allow, Overrule, Concede,
                        EndTurn, ExtraCard, FinalPlanting, SevenNewCards, Defend, SwapFields, SwapHands,
                        PlaceJoker, PirateRaid, SeedTrade)
}

#: The takeover expansion's notation: its own verbs only (no trading), its cards' names.
NOTATION = Notation(VERBS, CARDS.card_id, SYNTAX.message("syntax-card-hint"))
