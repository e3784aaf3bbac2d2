"""Typed errors. Every refusal says what was wrong, which rule (by id) and what is allowed.

All of them are ``ValueError`` subclasses, so ``except ValueError`` catches any bad input.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

#: The most characters of a player's input that a refusal quotes.
QUOTE_LIMIT = 100


def clip(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a refusal quotes it: never more than ``limit`` characters."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def did_you_mean(word: object, known: Iterable[object]) -> str:
    """`` (did you mean X?)`` for a misspelled ``word`` (a key, a player's or a card's name)
    that is close to one of ``known`` (by :func:`difflib.get_close_matches`); "" when none is."""
    import difflib

    names = {str(k): k for k in known}
    close = difflib.get_close_matches(str(word), list(names), n=2, cutoff=0.6)
    if not close:
        lower = {n.lower(): n for n in names}
        close = [lower[m] for m in difflib.get_close_matches(str(word).lower(), list(lower), n=2, cutoff=0.6)]
    return f" (did you mean {' or '.join(close)}?)" if close else ""


class BeannbError(ValueError):
    """Base class of every error beannb raises for bad input. ``rule`` is the rule id it
    cites, where one applies."""

    rule: str = ""

    def text(self, lang: str = "en") -> str:
        return str(self)


class IllegalAction(BeannbError):
    """An action the rules forbid now. The game state is left untouched.

    ``rule`` is the rule id (``"B-29"``); ``reason`` is a message of the game's catalogue
    (:class:`beannb.i18n.messages.Message`: a code with data, worded in the reader's language
    when shown); ``allowed`` lists, in text form, what that player may do instead.
    """

    def __init__(self, rule: str, reason: Any, allowed: Iterable[str] = (), action: str = "", game: str = ""):
        self.rule = rule
        # A message of the game's catalogue: a code and its data, worded only when shown.
        self.reason: Any = reason
        self.code: str = reason.code
        self.allowed: list[str] = list(allowed)
        self.action = clip(action)
        self.game = game
        self._words = None  # set by with_context: (describe, action object, allowed action objects)
        super().__init__(rule, self.code)

    def reason_text(self, lang: str = "en") -> str:
        """Why, in ``lang``: the refusal's own sentence without the rule or what is allowed."""
        return self.reason.text(lang)

    def __str__(self) -> str:  # built on demand: refusals are cheap until shown
        return self.text("en")

    def rule_text(self, lang: str = "en") -> str:
        from ..i18n.catalogue import rule_statement

        return rule_statement(self.rule, lang) or ""

    def text(self, lang: str = "en") -> str:
        from ..i18n.core import CORE

        action, allowed = self.action, self.allowed
        if self._words is not None:  # learners read actions in words; the notation stays in .action/.allowed
            say, act, acts = self._words
            action, allowed = say(act, lang).rstrip("."), [say(a, lang).rstrip(".") for a in acts[:13]]
        msg = f"{CORE.text('refusal-head', lang)}: {action + ' — ' if action else ''}{self.reason_text(lang)}"
        msg += f" ({CORE.text('refusal-rule', lang, rule=self.rule)}"
        statement = self.rule_text(lang)
        if statement:  # the sentence ends after the bracket: "... (rule B-32: Empty fields ...)."
            msg += f": {statement.rstrip().removesuffix('.')}"
        msg += ")."
        if allowed:
            sep = "; " if self._words is not None else ", "  # sentences may hold commas themselves
            shown = sep.join(allowed[:12]) + (" …" if len(self.allowed) > 12 else "." if self._words is not None else "")
            msg += f" {CORE.text('refusal-allowed', lang)} {shown}"
        return msg

    def with_context(self, action: str, allowed: Sequence[str], game: str = "", words=None) -> "IllegalAction":
        """Quote the attempted ``action`` and what is ``allowed`` instead (notation). ``words``
        is ``(describe, action, allowed actions)``: ``describe(action, lang)`` is how
        :meth:`text` words them for a learner."""
        self.action = clip(action)  # an action text can be as long as its player typed it
        self.allowed = list(allowed)
        self.game = game or self.game
        self._words = words
        return self


class ActionSyntaxError(BeannbError):
    """An action text that does not follow the notation (see docs/notation.md).

    ``problem`` is what is wrong with it: a message of the raising game's catalogue (a code with
    data, worded in the reader's language when shown), or, from a game outside the package,
    plain text shown as is. ``reason`` keeps it as given; ``problem`` reads it in English.
    ``expected`` lists examples in the notation (an item may be a message too: what a card name
    looks like)."""

    def __init__(self, text: str, problem: Any, expected: Sequence[Any] = ()):
        self.text_given = clip(text)  # callers quote already; this keeps every message short
        self.reason: Any = problem
        self.problem: str = problem if isinstance(problem, str) else problem.text("en")
        self.expected = list(expected)
        super().__init__(self.text("en"))

    @property
    def code(self) -> str:
        """The problem's message code ("" for a plain-text problem)."""
        return "" if isinstance(self.reason, str) else getattr(self.reason, "code", "")

    def problem_text(self, lang: str = "en") -> str:
        """What is wrong, in ``lang`` (a plain-text problem as it was given)."""
        return self.reason if isinstance(self.reason, str) else self.reason.text(lang)

    def text(self, lang: str = "en") -> str:
        from ..i18n.cast import name_map, rename_text
        from ..i18n.core import CORE

        msg = CORE.text("syntax-unreadable", lang, text=repr(self.text_given), problem=self.problem_text(lang))
        if self.expected:  # the examples seat the page's example players
            names = name_map("en", lang)
            examples = "; ".join(rename_text(x if isinstance(x, str) else x.text(lang), names) for x in self.expected)
            msg += " " + CORE.text("syntax-expected", lang, examples=examples)
        return msg


class NotYourSeat(BeannbError):
    """An action for a seat this page does not play (a bot's, or another learner's)."""

    def __init__(self, player: str, seats: Sequence[str]):
        self.player = player
        self.seats = list(seats)
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        from ..i18n.cast import cast
        from ..i18n.core import CORE

        mine = ", ".join(self.seats) or "-"
        example = self.seats[0] if self.seats else cast(lang)[0]
        return CORE.text("not-your-seat", lang, mine=mine, player=self.player, example=example)


class OptionError(BeannbError):
    """A ruleset option, player list or player count that is not allowed."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(message + (f" (rule {rule})" if rule else ""))


class ScenarioError(BeannbError):
    """A scenario file that is malformed or describes an impossible table."""


class SaveFileError(BeannbError):
    """A save file that cannot be read, is of an unknown version or does not replay."""
