"""Actions: small immutable values with a canonical text form that round-trips.

This module holds what every game's notation shares: the :class:`Action` base, exact card
references (``soy@2``, ``up:red``), wanted cards (``2 soy``), number reading, and
:class:`Notation`, a game's own table of verbs and card names. The verbs themselves belong
to the games (the base game's are in :mod:`beannb.games.bohnanza.actions`), and each game
parses with its own notation: ``Ann magic`` is a Rabohnzel action and no other game's.

``parse(str(a)) == a`` for every action the engine produces. Positions are 1-based: field 1
is the first field, hand position 1 is the front card.

An action object handed to a game directly must be well formed (:meth:`Action.check_form`):
every field holds a value of its declared type, positions and counts are numbers from 1, and
words are single words, as the notation would have read them.
"""
from __future__ import annotations

import dataclasses
import re
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Mapping, Optional

from ..i18n.messages import BEANNB_LOCALE, NC_, Messages
from .errors import ActionSyntaxError, clip

#: The largest position or count the notation reads (six digits).
MAX_NUMBER = 999_999
#: The longest word (player name, card name, verb ...) an action may hold.
MAX_WORD = 64
#: The most items one action may list (cards offered, potions, players ...).
MAX_ITEMS = 100

#: The notation reader's complaints: what is wrong with an action text, worded in the reader's
#: language when shown (each game's own verbs complain in the game's catalogue). What a player
#: typed is quoted as typed; verbs and card ids stay in the notation.
SYNTAX = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: verb is a verb of the notation (plant, reveal …), shown as typed.
    NC_("syntax-nothing-after", "'{verb}' takes nothing after it"),
    # TRANSLATORS: what is one of the syntax-what-… texts (the field, the count …); token is what was typed, quoted.
    NC_("syntax-not-a-number", "{what} must be a number (1, 2, …), not {token}"),
    NC_("syntax-number-too-long", "{what} must be a number from 1 to {most}, not {token}"),
    NC_("syntax-counts-from-1", "{what} counts from 1, not {value}"),
    # TRANSLATORS: zone and token are quoted as typed (hand, up, field … are the notation's zones).
    NC_("syntax-unknown-zone", "unknown zone {zone} in {token}"),
    NC_("syntax-no-exact-card", "{token} names no card exactly: write bean@position for a hand card "
                                "or up:bean for a face-up card"),
    NC_("syntax-two-numbers", "two numbers in a row"),
    NC_("syntax-position-in-their-hand", "{token}: you cannot name positions in the other player's hand — "
                                         "ask by type and count, e.g. '2 soy'"),
    NC_("syntax-count-without-bean", "a count with no bean after it"),
    NC_("syntax-not-a-card", "{name} is not a card name in this game"),
    # TRANSLATORS: kind is a Python type name (int, list …).
    NC_("syntax-not-text", "an action is a text such as 'Ann plant', not {kind}"),
    NC_("syntax-word-too-long", "a word of {n} characters is too long (at most {most})"),
    NC_("syntax-no-verb", "an action is a player's name followed by a verb"),
    # TRANSLATORS: verbs lists the game's verbs, as the notation writes them.
    NC_("syntax-unknown-verb", "unknown verb {verb}; verbs are {verbs}"),
    # What a number in an action stands for (the what of syntax-not-a-number …).
    NC_("syntax-what-field", "the field"),
    NC_("syntax-what-hand-position-in", "the hand position in {token}"),
    NC_("syntax-what-count", "a count"),
    # TRANSLATORS: shown under "Expected one of:" where a card name was not one.
    NC_("syntax-card-hint", "a card name"),
])

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

    def form_problem(self) -> Optional[str]:
        """What makes a reference the notation cannot write (its field types checked already)."""
        if self.zone not in ZONES or self.zone == "hand" and self.pos is None:
            return f"a card reference is bean@position or zone:bean, not zone {clip(self.zone, 20)!r} with position {self.pos!r}"
        if self.zone != "hand" and self.pos is not None:
            return f"a {self.zone}: card reference has no position"
        return None


@dataclass(frozen=True, slots=True)
class Want:
    """Cards asked of the other party by type and count: ``2 soy`` or ``up:chili``."""

    zone: str
    bean: str
    count: int = 1

    def __str__(self) -> str:
        body = self.bean if self.zone == "hand" else f"{self.zone}:{self.bean}"
        return f"{self.count} {body}" if self.count != 1 else body

    def form_problem(self) -> Optional[str]:
        if self.zone not in ZONES:
            return f"unknown zone {clip(self.zone, 20)!r} in a wanted card"
        return None


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
            raise ActionSyntaxError(text, SYNTAX.message("syntax-nothing-after", verb=cls.VERB), cls.FORMS)
        return cls(player)

    def check_form(self) -> None:
        """Raise :class:`ActionSyntaxError` unless every field holds a value of its declared
        type: ``str`` a single word, ``int`` (never ``bool``) a number from 1 to
        :data:`MAX_NUMBER`, ``bool`` a bool, ``Optional[...]`` None or the type,
        ``tuple[X, ...]`` a tuple of at most :data:`MAX_ITEMS` such values (card references
        and wanted cards checked the same way). Actions read from text are checked the same
        way; the checks matter for action objects built by hand. Whether the game knows the
        class, and the game's own form rules, are :meth:`Ruleset.check_form`'s part."""
        problem = form_problem(self)
        if problem:
            raise ActionSyntaxError(describe(self), problem, getattr(type(self), "FORMS", ()))


_NUMBER = re.compile(r"-?[0-9]+")


def _int(token: str, text: str, what: Any, forms: tuple[str, ...]) -> int:
    """A position or count: plain ASCII digits, at most six of them (no other digit forms:
    ``²`` or fullwidth ``１`` are refused, and so is a number too long to be a position).
    ``what`` is what the number stands for, a message (``SYNTAX.message("syntax-what-field")``)
    or, from a game outside the package, plain text."""
    tok = token.strip() if isinstance(token, str) else ""
    if not (tok.isascii() and _NUMBER.fullmatch(tok)):
        raise ActionSyntaxError(text, SYNTAX.message("syntax-not-a-number", what=what, token=repr(quote(token, 20))),
                                forms)
    if len(tok.lstrip("-")) > len(str(MAX_NUMBER)):
        raise ActionSyntaxError(text, SYNTAX.message("syntax-number-too-long", what=what, most=MAX_NUMBER,
                                                     token=quote(tok, 12)), forms)
    value = int(tok)
    if value < 1:
        raise ActionSyntaxError(text, SYNTAX.message("syntax-counts-from-1", what=what, value=value), forms)
    return value


# -- the form of action objects ------------------------------------------------------------------
_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}
_UNSET = object()


def _field_hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """(field name, resolved annotation) for each dataclass field of ``cls``, cached."""
    hints = _HINTS.get(cls)
    if hints is None:
        try:
            resolved = typing.get_type_hints(cls)
        except Exception:  # pragma: no cover - an annotation that does not resolve is not checked
            resolved = {}
        hints = tuple((f.name, resolved.get(f.name, Any)) for f in dataclasses.fields(cls))
        _HINTS[cls] = hints
    return hints


def _show(value: Any) -> str:
    """A short, safe description of a value for a refusal (never its full text)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if type(value) is int:
        return str(value) if abs(value) < 10 ** 12 else f"a {value.bit_length()}-bit number"
    if type(value) is str:
        return repr(clip(value, 30))
    if type(value) is tuple:
        return clip("(" + ", ".join(_show_item(v) for v in value[:8]) + (", …" if len(value) > 8 else "") + ")", 60)
    return f"a {type(value).__name__}"


def _show_item(value: Any) -> str:
    if type(value) in (CardRef, Want) and form_problem(value) is None:
        return str(value)
    return _show(value)


def _value_problem(value: Any, hint: Any, name: str) -> Optional[str]:
    """Why ``value`` is not a well-formed ``hint`` (``name`` says where), or None."""
    if hint is Any:
        return None
    if hint is str:
        if type(value) is not str:
            return f"{name} must be a word (str), not {_show(value)}"
        if not value:
            return f"{name} must not be empty"
        if len(value) > MAX_WORD:
            return f"{name} is a word of {len(value)} characters; at most {MAX_WORD}"
        if any(c.isspace() or c == "," for c in value):
            return f"{name} must be one word, without spaces or commas, not {_show(value)}"
        return None
    if hint is bool:
        return None if type(value) is bool else f"{name} must be True or False, not {_show(value)}"
    if hint is int:
        if type(value) is not int:
            return f"{name} must be a number (int), not {_show(value)}"
        if not 1 <= value <= MAX_NUMBER:
            return f"{name} counts from 1 to {MAX_NUMBER}, not {_show(value)}"
        return None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        if value is None:
            return None if type(None) in args else f"{name} must not be None"
        problems = [_value_problem(value, a, name) for a in args if a is not type(None)]
        return None if not problems or None in problems else problems[0]
    if origin is tuple:
        if type(value) is not tuple:
            return f"{name} must be a tuple, not {_show(value)}"
        if len(value) > MAX_ITEMS:
            return f"{name} lists {len(value)} items; at most {MAX_ITEMS}"
        if len(args) == 2 and args[1] is Ellipsis:
            item_hints = [args[0]] * len(value)
        elif args:
            if len(value) != len(args):
                return f"{name} must hold {len(args)} items, not {len(value)}"
            item_hints = list(args)
        else:
            return None
        for i, (item, item_hint) in enumerate(zip(value, item_hints), start=1):
            problem = _value_problem(item, item_hint, f"{name} item {i}")
            if problem:
                return problem
        return None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if type(value) is not hint:
            return f"{name} must be a {hint.__name__}, not {_show(value)}"
        return form_problem(value, name + " ")
    if isinstance(hint, type):
        return None if isinstance(value, hint) else f"{name} must be a {hint.__name__}, not {_show(value)}"
    return None


_QUICK: dict[type, Callable[[Any], bool]] = {}


def _quick_lines(hint: Any, var: str, pad: str, env: dict, depth: int) -> list[str]:
    """Statements that ``return False`` unless ``var`` surely passes ``_value_problem(var, hint, ...)``.
    False means "not sure": the full check then says what is wrong, if anything, so the
    refusals stay word for word those of the full check."""
    if hint is Any:
        return []
    if hint is str:  # printable ASCII holds no whitespace but the space: the full check for ASCII words
        return [f"{pad}if not (type({var}) is str and 0 < len({var}) <= {MAX_WORD} and {var}.isascii() "
                f"and {var}.isprintable() and ' ' not in {var} and ',' not in {var}): return False"]
    if hint is bool:
        return [f"{pad}if type({var}) is not bool: return False"]
    if hint is int:
        return [f"{pad}if not (type({var}) is int and 1 <= {var} <= {MAX_NUMBER}): return False"]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if (origin is typing.Union or origin is types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _quick_lines(args[0] if args[1] is type(None) else args[1], var, pad + "    ", env, depth)
        return [f"{pad}if {var} is not None:", *inner] if inner else []
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = f"y{depth}"
        inner = _quick_lines(args[0], item, pad + "    ", env, depth + 1)
        out = [f"{pad}if type({var}) is not tuple or len({var}) > {MAX_ITEMS}: return False"]
        return out + ([f"{pad}for {item} in {var}:", *inner] if inner else [])
    key = f"h{len(env)}"
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        env[key] = hint
        if issubclass(hint, Action):
            return [f"{pad}if type({var}) is not {key} or not form_ok({var}): return False"]
        # A card reference or wanted card is a small immutable value that bots reuse: one
        # found well formed stays so, and is remembered by identity.
        return [f"{pad}if type({var}) is not {key}: return False",
                f"{pad}if _GOOD.get(id({var})) is not {var}:",
                f"{pad}    if not form_ok({var}): return False",
                f"{pad}    _remember({var})"]
    env[key] = lambda value: _value_problem(value, hint, "") is None
    return [f"{pad}if not {key}({var}): return False"]


#: Well-formed parts (card references, wanted cards) by ``id``: each kept alive by the table,
#: so that an ``id`` is never another object's while it is here.
_GOOD: dict[int, Any] = {}
_GOOD_MAX = 4096


def _remember(value: Any) -> None:
    if len(_GOOD) >= _GOOD_MAX:
        _GOOD.clear()
    _GOOD[id(value)] = value


def _quick_check(cls: type) -> Callable[[Any], bool]:
    """``form_ok`` for instances of ``cls``, written out field by field (bots build actions
    in every playout, and a trade offer is checked before it is carried out)."""
    env: dict[str, Any] = {"_UNSET": _UNSET, "form_ok": form_ok, "_GOOD": _GOOD, "_remember": _remember}
    lines = ["def ok(obj):"]
    for i, (name, hint) in enumerate(_field_hints(cls)):
        lines.append(f"    v{i} = getattr(obj, {name!r}, _UNSET)")
        lines.append(f"    if v{i} is _UNSET: return False")
        lines.extend(_quick_lines(hint, f"v{i}", "    ", env, 0))
    own = getattr(cls, "form_problem", None)
    if callable(own):
        env["own"] = own
        lines.append("    return own(obj) is None")
    else:
        lines.append("    return True")
    exec("\n".join(lines), env)
    return env["ok"]


def form_ok(obj: Any) -> bool:
    """True only where :func:`form_problem` finds nothing wrong with ``obj`` (a quick test:
    False may also mean "not sure")."""
    cls = type(obj)
    quick = _QUICK.get(cls)
    if quick is None:
        quick = _QUICK[cls] = _quick_check(cls)
    return quick(obj)


def form_problem(obj: Any, prefix: str = "") -> Optional[str]:
    """Why the dataclass ``obj`` (an action, card reference or wanted card) is not well formed
    by its field annotations and its own ``form_problem()`` (if it has one), or None."""
    if form_ok(obj):  # the usual case, tested quickly; a problem is then worded below
        return None
    for name, hint in _field_hints(type(obj)):
        value = getattr(obj, name, _UNSET)
        label = prefix + name if prefix else f"the {name}"
        problem = f"{label} is not set" if value is _UNSET else _value_problem(value, hint, label)
        if problem:
            return problem
    own = getattr(type(obj), "form_problem", None)
    return own(obj) if callable(own) else None


def describe(action: Any) -> str:
    """A short, safe text for an action object in a refusal: its class and fields, never
    more than about 100 characters, and never by calling its ``__str__``."""
    cls = type(action)
    if not dataclasses.is_dataclass(cls):
        return f"a {cls.__name__}"
    parts = [f"{f.name}={_show(getattr(action, f.name, None))}" for f in dataclasses.fields(cls)]
    return clip(f"{cls.__name__}({', '.join(parts)})")


def parse_card_ref(token: str, text: str, forms: tuple[str, ...], n: "Notation") -> CardRef:
    if ":" in token:
        zone, name = token.split(":", 1)
        zone = {"faceup": "up", "face-up": "up", "coins": "coin", "fields": "field"}.get(zone, zone)
        if zone not in ZONES or zone == "hand":
            raise ActionSyntaxError(text, SYNTAX.message("syntax-unknown-zone", zone=repr(zone), token=repr(token)), forms)
        return CardRef(zone, n.card(name, text))
    if "@" in token:
        name, pos = token.rsplit("@", 1)
        what = SYNTAX.message("syntax-what-hand-position-in", token=repr(token))
        return CardRef("hand", n.card(name, text), _int(pos, text, what, forms))
    raise ActionSyntaxError(text, SYNTAX.message("syntax-no-exact-card", token=repr(token)), forms)


def parse_wants(tokens: list[str], text: str, forms: tuple[str, ...], n: "Notation") -> tuple[Want, ...]:
    wants: list[Want] = []
    count: Optional[int] = None
    for tok in tokens:
        if tok.isdigit():
            if count is not None:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-two-numbers"), forms)
            count = _int(tok, text, SYNTAX.message("syntax-what-count"), forms)
            continue
        if ":" in tok:
            zone, name = tok.split(":", 1)
            zone = {"faceup": "up", "face-up": "up", "coins": "coin", "fields": "field"}.get(zone, zone)
            if zone not in ZONES:
                raise ActionSyntaxError(text, SYNTAX.message("syntax-unknown-zone", zone=repr(zone), token=repr(tok)), forms)
        else:
            zone, name = "hand", tok
        if "@" in name:
            raise ActionSyntaxError(text, SYNTAX.message("syntax-position-in-their-hand", token=repr(tok)), forms)
        wants.append(Want(zone, n.card(name, text), count or 1))
        count = None
    if count is not None:
        raise ActionSyntaxError(text, SYNTAX.message("syntax-count-without-bean"), forms)
    # As written, not merged: "soy soy" reads back as two wanted cards of one soy each, so an
    # offer's text reads back as the very same offer and is written again the same way.
    return tuple(wants)


def quote(text: str, limit: int = 100) -> str:
    """The input as a refusal quotes it: never more than about ``limit`` characters."""
    return clip(text, limit)


#: The texts a notation remembers having read (then it starts afresh), and the longest it keeps.
_READ_MAX = 4096
_READ_TEXT_MAX = 200


class Notation:
    """A game's notation: its verb table and how it reads card names.

    Each game builds its own (an expansion extends its base game's with
    :meth:`extend`, which returns a new notation); nothing is registered globally.

    >>> n = Notation({}, lambda name: {"chili": "chili"}.get(name.lower()), "chili")
    >>> n.card("Chili")
    'chili'
    """

    def __init__(self, verbs: Mapping[str, type[Action]], card_names: Callable[[str], Optional[str]],
                 card_hint: Any = None):
        self.verbs: dict[str, type[Action]] = dict(verbs)
        self.card_names = card_names
        #: The action this notation read last (None before any): it writes back as the text it
        #: was read from, so ``Ruleset.check_form`` need not read it back (a text is read once).
        #: Known by identity: an action built by hand, even an equal one, is never it.
        self.last_read: Optional[Action] = None
        # Texts read before -> the action read (actions are immutable values; the same few
        # texts come back all game long: "Ann plant", "Bob draw" ...).
        self._read: dict[str, Action] = {}
        # What a card name looks like (shown under "Expected one of:"): a message, or plain text.
        self.card_hint = card_hint if card_hint is not None else SYNTAX.message("syntax-card-hint")

    def extend(self, verbs: Iterable[type[Action]] = (), drop: Iterable[str] = ()) -> "Notation":
        """A new notation with more (or replaced) verbs, and without the verbs ``drop`` names
        (:meth:`with_cards` reads another game's card names)."""
        table = {v: c for v, c in self.verbs.items() if v not in set(drop)}
        table.update({cls.VERB: cls for cls in verbs})
        return Notation(table, self.card_names, self.card_hint)

    def with_cards(self, card_names: Callable[[str], Optional[str]], card_hint: Any) -> "Notation":
        """The same verbs reading another game's card names."""
        return Notation(self.verbs, card_names, card_hint)

    def card(self, name: str, text: str = "") -> str:
        """The card id for ``name`` in this game, or an :class:`ActionSyntaxError`."""
        found = self.card_names(name.strip()) if isinstance(name, str) and name.strip() else None
        if not found:
            raise ActionSyntaxError(text or name, SYNTAX.message("syntax-not-a-card", name=repr(quote(name, 40))),
                                    [self.card_hint])
        return found

    def forms(self) -> list[str]:
        return [f for cls in self.verbs.values() for f in cls.FORMS]

    def parse(self, text) -> Action:
        """Read an action from its text form (an :class:`Action` passes through)."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ActionSyntaxError(quote(repr(text)), SYNTAX.message("syntax-not-text", kind=type(text).__name__),
                                    self.forms()[:6])
        act = self._read.get(text) if type(text) is str else None
        if act is None:
            act = self._read_text(text)
            if type(text) is str and len(text) <= _READ_TEXT_MAX:
                if len(self._read) >= _READ_MAX:
                    self._read.clear()
                self._read[text] = act
        self.last_read = act
        return act

    def _read_text(self, text: str) -> Action:
        """:meth:`parse` for a text not read before."""
        tokens = text.replace(",", " ").split()
        long_word = next((t for t in tokens if len(t) > MAX_WORD), None)
        if long_word is not None:
            raise ActionSyntaxError(quote(text), SYNTAX.message("syntax-word-too-long", n=len(long_word), most=MAX_WORD),
                                    self.forms()[:6])
        if len(tokens) < 2:
            raise ActionSyntaxError(quote(text), SYNTAX.message("syntax-no-verb"), self.forms()[:6])
        player, verb, args = tokens[0], tokens[1].lower(), tokens[2:]
        cls = self.verbs.get(verb)
        if cls is None:
            raise ActionSyntaxError(quote(text), SYNTAX.message("syntax-unknown-verb", verb=repr(quote(verb, 30)),
                                                                verbs=", ".join(sorted(self.verbs))),
                                    self.forms()[:6])
        return cls.from_tokens(player, args, quote(text), self)


def parse(text, notation: Notation) -> Action:
    """Read an action in a game's notation (``ruleset.notation``)."""
    return notation.parse(text)
