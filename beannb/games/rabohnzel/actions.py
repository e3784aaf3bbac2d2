"""Rabohnzel's own verbs (documented in ``docs/notation-rabohnzel.md``).

=========================================  ============================================
``Ann magic``                              end planting; the magic phase begins
``Ann use 2``                              use the ability of field 2
``Ann use 1 on Bob``                       thief: steal from Bob; sword: attack Bob
``Ann use 1 on Bob with attack``           ... consuming the attack spell with it
``Ann use 2 as mage``                      ... saying which ability: refused unless it is the field's
``Ann play-mage 3``                        play the mage bean at hand position 3
``Ann activate luck`` / ``activate a b``   turn own face-down potions up
``Ann place 2`` / ``Ann place hand``       put the card just taken or drawn
``Ann resolve sword``                      attack spell: the coin to resolve
``Bob counter`` / ``Bob skip``             an optional decision taken or declined
``Ann consume luck``                       drink a potion (arguments per potion)
``Ann flow 1``                             card flow: plant the front card in field 1
``Ann end-turn``                           end the turn after the last draw
=========================================  ============================================
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...core.actions import SYNTAX as CORE_SYNTAX, Action, Notation, _int
from ..bohnanza.actions import NOTATION as BASE_NOTATION, OneCard, OneNumber, simple_verb
from .cards import CARDS
from ...core.errors import ActionSyntaxError
from ...i18n.messages import NC_, Messages, locale_dir
from .cards import POTION_IDS, potion_id

#: What Rabohnzel's verbs complain of in an action text (the notation's words, what a player
#: typed and potion ids stay as written).
SYNTAX = Messages("rabohnzel", locale_dir(__file__), [
    # TRANSLATORS: token is quoted as typed.
    NC_("syntax-not-a-potion", "{token} is not a potion"),
    NC_("syntax-use-which", "say which field's ability to use"),
    NC_("syntax-use-on", "'on' needs a player's name"),
    NC_("syntax-use-tail", "only 'with attack' may follow"),
    NC_("syntax-use-as", "'as' needs the bean whose ability the field uses, e.g. 'as mage'"),
    NC_("syntax-mage-which", "say the hand position of the mage bean"),
    NC_("syntax-activate-which", "name the potion(s) to activate, or write 'skip' instead"),
    NC_("syntax-activate-twice", "a potion is named twice"),
    NC_("syntax-place-where", "say a field number or 'hand'"),
    NC_("syntax-resolve-which", "name the drawn coin to resolve"),
    NC_("syntax-flow-where", "say the field for the front card"),
    NC_("syntax-consume-which", "name the potion to consume"),
    # TRANSLATORS: potion is a potion's id as the notation writes it (exchange, beanfield …).
    NC_("syntax-consume-target", "{potion} takes the co-player's name"),
    NC_("syntax-consume-bean", "{potion} takes the pending bean to plant"),
    NC_("syntax-consume-bean-field", "{potion} takes the pending bean and the field number"),
    NC_("syntax-consume-positions", "{potion} takes two hand positions (from, to)"),
    NC_("syntax-consume-nothing", "{potion} takes nothing after its name"),
    # What a number stands for (in "… must be a number").
    NC_("syntax-what-hand-position", "the hand position"),
    NC_("syntax-what-position", "the position"),
    # TRANSLATORS: shown under "Expected one of:" where a word was no card name; the ids stay in English.
    NC_("syntax-card-hint", "a Rabohnzel bean such as thief, mage, sword"),
])
FIELD = CORE_SYNTAX.message("syntax-what-field")


def _potion(token: str, text: str, forms) -> str:
    pid = potion_id(token)
    if pid is None:
        raise ActionSyntaxError(text, SYNTAX.message("syntax-not-a-potion", token=repr(token)), [", ".join(POTION_IDS)] + list(forms))
    return pid


Magic = simple_verb("magic", ("Ann magic",))


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use a field's ability (R-20…R-44); ``target`` names the co-player for thief and sword;
    ``ability`` (``use 2 as mage``), when given, the bean whose ability the player means: the
    action is refused unless the field uses that one (its type, R-59)."""

    field: int = 1
    target: Optional[str] = None
    attack: bool = False
    ability: Optional[str] = None
    VERB: ClassVar[str] = "use"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann use 2", "Ann use 1 on Bob", "Ann use 1 on Bob with attack",
                                        "Ann use 2 with attack", "Ann use 2 as mage")

    def __str__(self) -> str:
        out = f"{self.player} use {self.field}"
        if self.ability:
            out += f" as {self.ability}"
        if self.target:
            out += f" on {self.target}"
        if self.attack:
            out += " with attack"
        return out

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-use-which"), cls.FORMS)
        fld = _int(args[0], text, FIELD, cls.FORMS)
        rest = list(args[1:])
        target = None
        attack = False
        ability = None
        if rest[:1] == ["as"]:
            ability = CARDS.card_id(rest[1]) if len(rest) >= 2 else None
            if ability is None:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-use-as"), cls.FORMS)
            rest = rest[2:]
        if rest[:1] == ["on"]:
            if len(rest) < 2:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-use-on"), cls.FORMS)
            target = rest[1]
            rest = rest[2:]
        if rest:
            if len(rest) != 2 or rest[0] != "with" or potion_id(rest[1]) != "attack":
                raise ActionSyntaxError(text, SYNTAX.message("syntax-use-tail"), cls.FORMS)
            attack = True
        return cls(player, fld, target, attack, ability)


@dataclass(frozen=True, slots=True)
class PlayMage(OneNumber):
    pos: int = 1
    VERB: ClassVar[str] = "play-mage"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann play-mage 3",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-mage-which")
    WHAT: ClassVar[Any] = SYNTAX.message("syntax-what-hand-position")


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Turn one or two own face-down potions up (written in potion-value order)."""

    potions: tuple[str, ...] = ()
    VERB: ClassVar[str] = "activate"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann activate luck", "Ann activate attack trade")

    def __str__(self) -> str:
        return f"{self.player} activate " + " ".join(self.potions)

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-activate-which"), cls.FORMS)
        pots = [_potion(t, text, cls.FORMS) for t in args]
        if len(set(pots)) != len(pots):
            raise ActionSyntaxError(text, SYNTAX.message("syntax-activate-twice"), cls.FORMS)
        return cls(player, tuple(sorted(pots, key=POTION_IDS.index)))


@dataclass(frozen=True, slots=True)
class Place(OneNumber):
    """Where the card just taken or drawn goes: a field number, or ``hand`` to keep it."""

    field: Optional[int] = None
    VERB: ClassVar[str] = "place"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann place 2", "Ann place hand")
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-place-where")

    def __str__(self) -> str:
        return f"{self.player} place {self.field if self.field else 'hand'}"

    @classmethod
    def read(cls, word: str, text: str, n: Notation) -> Any:
        return None if word.lower() == "hand" else _int(word, text, FIELD, cls.FORMS)


@dataclass(frozen=True, slots=True)
class Resolve(OneCard):
    bean: str = ""
    VERB: ClassVar[str] = "resolve"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann resolve princess",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-resolve-which")


Counter = simple_verb("counter", ("Bob counter",))
Skip = simple_verb("skip", ("Bob skip",))


@dataclass(frozen=True, slots=True)
class FlowPlant(OneNumber):
    field: int = 1
    VERB: ClassVar[str] = "flow"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann flow 1",)
    WHICH: ClassVar[Any] = SYNTAX.message("syntax-flow-where")


EndTurn = simple_verb("end-turn", ("Ann end-turn",))


@dataclass(frozen=True, slots=True)
class Consume(Action):
    """Drink an activated potion. Arguments by potion:

    ``exchange Bob`` (the co-player), ``beanfield princess`` (the pending card),
    ``enchant-beans princess 1`` (pending card, field), ``teleport 3 1`` (from, to);
    the others take none.
    """

    potion: str = ""
    target: Optional[str] = None
    bean: Optional[str] = None
    field: Optional[int] = None
    src: Optional[int] = None
    dst: Optional[int] = None
    VERB: ClassVar[str] = "consume"
    FORMS: ClassVar[tuple[str, ...]] = ("Ann consume luck", "Ann consume exchange Bob", "Ann consume beanfield princess",
                                        "Ann consume enchant-beans princess 1", "Ann consume teleport 3 1")

    def __str__(self) -> str:
        parts = [self.player, "consume", self.potion]
        if self.target:
            parts.append(self.target)
        if self.bean:
            parts.append(self.bean)
        if self.field:
            parts.append(str(self.field))
        if self.src:
            parts += [str(self.src), str(self.dst)]
        return " ".join(parts)

    @classmethod
    def from_tokens(cls, player, args, text, n):
        if not args:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-consume-which"), cls.FORMS)
        pid = _potion(args[0], text, cls.FORMS)
        rest = args[1:]

        def need(k: int, code: str):
            if len(rest) != k:
                raise ActionSyntaxError(text, SYNTAX.message(code, potion=pid), cls.FORMS)

        if pid == "exchange":
            need(1, "syntax-consume-target")
            return cls(player, pid, target=rest[0])
        if pid == "beanfield":
            need(1, "syntax-consume-bean")
            return cls(player, pid, bean=n.card(rest[0], text))
        if pid == "enchant-beans":
            need(2, "syntax-consume-bean-field")
            return cls(player, pid, bean=n.card(rest[0], text), field=_int(rest[1], text, FIELD, cls.FORMS))
        if pid == "teleport":
            need(2, "syntax-consume-positions")
            return cls(player, pid, src=_int(rest[0], text, SYNTAX.message("syntax-what-position"), cls.FORMS),
                       dst=_int(rest[1], text, SYNTAX.message("syntax-what-position"), cls.FORMS))
        need(0, "syntax-consume-nothing")
        return cls(player, pid)


#: Rabohnzel's notation: the base game's verbs and its own, reading Rabohnzel's bean names.
NOTATION = BASE_NOTATION.extend((Magic, Use, PlayMage, Activate, Place, Resolve, Counter, Skip, FlowPlant, EndTurn,
                                 Consume)).with_cards(CARDS.card_id, SYNTAX.message("syntax-card-hint"))
VERBS = NOTATION.verbs
