"""Bohnaparte's own actions, in the engine's one-line notation (docs/notation-bohnaparte.md).

================================  ===================================================
``Cid camp 16``                   choose the camp at position 16 (setup, P-07)
``Ann attack 14 blue@2``          attack 14 with the hand card at position 2 (P-19)
``Ann attack 14 deck``            attack 14 with the top deck card
``Ann attack 14 cavalry bay``     attack 14 with the bay cavalry (P-30)
``Bob defend soy@1``              defend with a hand card; ``Bob defend deck`` (P-20)
``Ann second-wave chili@1``       the cavalry lost: the attacker's card for wave 2 (P-32)
``Ann buy-cart``                  buy a cart for 3 coins (P-36)
``Ann cart-take soy red chili``   the cards taken from the cart, in the order they join the hand (P-38)
``Ann cart-play chili``           option cart_in_battle: the cart card played face down (P-38)
================================  ===================================================
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...core.actions import SYNTAX as CORE_SYNTAX, Action, ActionSyntaxError, Notation, _int
from ...i18n.messages import NC_, Messages, locale_dir
from ..bohnanza.actions import NOTATION as BASE_NOTATION, OneWord, simple_verb

#: What Bohnaparte's verbs complain of in an action text (the notation's words, what a player
#: typed and card ids stay as written).
SYNTAX = Messages("bohnaparte", locale_dir(__file__), [
    NC_("syntax-which-card", "say which card: bean@position from your hand, or deck"),
    NC_("syntax-which-card-or-cavalry", "say which card: bean@position from your hand, or deck, "
                                        "or cavalry and its colour"),
    NC_("syntax-deck-alone", "nothing follows 'deck'"),
    NC_("syntax-cavalry-first-wave", "only an attack's first wave can use a cavalry"),
    NC_("syntax-cavalry-colour", "after 'cavalry' name at most its colour"),
    NC_("syntax-one-card", "name one card"),
    NC_("syntax-camp-which", "say which camp position"),
    NC_("syntax-attack-which", "say which position to attack"),
    NC_("syntax-cart-play-which", "name the one cart card to play, e.g. 'chili'"),
    NC_("syntax-cart-no-positions", "a cart card is named by its bean only: the cart has no positions"),
])

NOISE = ("with", "hand")


def _card_or_mode(player: str, args: list[str], text: str, forms, allow_cavalry: bool, n):
    """(mode, bean, pos, cavalry) from the words after a target or verb."""
    args = [a for a in args if a.lower() not in NOISE]
    if not args:
        raise ActionSyntaxError(text, SYNTAX.message("syntax-which-card-or-cavalry" if allow_cavalry
                                                     else "syntax-which-card"), forms)
    head = args[0].lower()
    if head == "deck":
        if len(args) > 1:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-deck-alone"), forms)
        return "deck", None, None, None
    if head == "cavalry":
        if not allow_cavalry:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-cavalry-first-wave"), forms)
        if len(args) > 2:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-cavalry-colour"), forms)
        return "cavalry", None, None, (args[1].lower() if len(args) == 2 else None)
    if len(args) > 1:
        raise ActionSyntaxError(text, SYNTAX.message("syntax-one-card"), forms)
    tok = args[0]
    if "@" in tok:
        name, pos = tok.rsplit("@", 1)
        return "hand", n.card(name, text), _int(pos, text, CORE_SYNTAX.message("syntax-what-hand-position-in", token=repr(tok)), forms), None
    return "hand", n.card(tok, text), None, None


def _card_text(mode: str, bean: Optional[str], pos: Optional[int], cavalry: Optional[str] = None) -> str:
    if mode == "deck":
        return "deck"
    if mode == "cavalry":
        return "cavalry" + (f" {cavalry}" if cavalry else "")
    return f"{bean}@{pos}" if pos else str(bean)


@dataclass(frozen=True, slots=True)
class ChooseCamp(OneWord):
    pos: str = ""
    VERB: ClassVar[str] = "camp"
    FORMS: ClassVar[tuple[str, ...]] = ("Cid camp 16",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-camp-which")


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Declare an attack: target and the attacker's mode together (P-17, P-19)."""

    target: str = ""
    mode: str = "deck"
    bean: Optional[str] = None
    pos: Optional[int] = None
    cavalry: Optional[str] = None
    VERB: ClassVar[str] = "attack"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann attack 14 blue@2", "Ann attack 14 deck", "Ann attack 14 cavalry bay")

    def __str__(self) -> str:
        return f"{self.player} attack {self.target} {_card_text(self.mode, self.bean, self.pos, self.cavalry)}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-attack-which"), cls.FORMS)
        mode, bean, pos, cav = _card_or_mode(player, args[1:], text, cls.FORMS, True, n)
        return cls(player, args[0], mode, bean, pos, cav)


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """The owner of an attacked territory plays a hand card or the deck (P-20)."""

    mode: str = "deck"
    bean: Optional[str] = None
    pos: Optional[int] = None
    VERB: ClassVar[str] = "defend"
    FORMS: ClassVar[tuple[str, ...]] = ("Bob defend soy@1", "Bob defend deck")

    def __str__(self) -> str:
        return f"{self.player} {self.VERB} {_card_text(self.mode, self.bean, self.pos)}"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        mode, bean, pos, _ = _card_or_mode(player, args, text, cls.FORMS, False, n)
        return cls(player, mode, bean, pos)


@dataclass(frozen=True, slots=True)
class SecondWave(Defend):
    """After a lost cavalry wave the attacker plays a hand card or the deck (P-32)."""

    VERB: ClassVar[str] = "second-wave"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann second-wave chili@1", "Ann second-wave deck")


BuyCart = simple_verb("buy-cart", ("Ann buy-cart",))


@dataclass(frozen=True, slots=True)
class CartTake(Action):
    """The cards a cart owner takes into the hand, in the order they join it (P-38)."""

    beans: tuple[str, ...] = ()
    VERB: ClassVar[str] = "cart-take"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann cart-take soy red chili",)

    def __str__(self) -> str:
        return f"{self.player} cart-take " + " ".join(self.beans) if self.beans else f"{self.player} cart-take"

    @classmethod
    def from_tokens(cls, player, args, text, n):
        return cls(player, tuple(n.card(a, text) for a in args))


@dataclass(frozen=True, slots=True)
class CartPlay(OneWord):
    """Option cart_in_battle: the cart owner's battle deck card has gone onto the cart, and
    the owner plays one of the cart's cards face down (P-38, Q-06)."""

    bean: str = ""
    VERB: ClassVar[str] = "cart-play"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann cart-play chili",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-cart-play-which")

    @classmethod
    def read(cls, word: str, text: str, n: Notation) -> Any:
        if "@" in word:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-cart-no-positions"), cls.FORMS)
        return n.card(word, text)


#: Bohnaparte's notation: the base game's verbs (no duel discards) and its own.
NOTATION = BASE_NOTATION.extend((ChooseCamp, Attack, Defend, SecondWave, BuyCart, CartTake, CartPlay),
                                drop=("discard",))
VERBS = NOTATION.verbs
