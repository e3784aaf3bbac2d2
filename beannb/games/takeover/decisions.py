"""Who decides in the takeover expansion, and what each decider may do: the decisions table.

At every moment one seat decides, in one of five roles, in order of precedence:

==================  ===============================  ======================  =======================
role                who (rule)                       its own verbs           normal actions (a–f)
==================  ===============================  ======================  =======================
``defender``        a takeover's target (T-25)       defend, allow           none
``answerer``        the attacker answering a         concede, overrule       none
                    defence (T-46)
``copier``          the player asked in an open      pass                    the window's letter,
                    response window (T-30, T-31)                             while the copy limit is open
``final-harvester`` the harvesting player of the     end-turn                f (a Final Planting play)
                    final harvest (T-42)
``active``          otherwise the active player      end-turn                a–e (c while the deck is
                    (T-07)                                                   open, T-41)
==================  ===============================  ======================  =======================

Special actions (§4) are the copier's, the final harvester's and the active player's (T-14,
T-58, T-60). :data:`DECISIONS` holds each role's row: the verbs, the normal actions, the gate
for a normal action, and the refusals (what the decider is told for what is not theirs now,
and what anyone else is told while that role decides). Functions take the ruleset first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ...core.errors import IllegalAction
from ...i18n.messages import Message
from .refusals import refuse
from .state import Attack, TakeoverRules, TakeoverState, Window
from .text import MESSAGES, letter_name

#: The five roles (and NOBODY: a seat that does not decide now).
DEFENDER = "defender"
ANSWERER = "answerer"
COPIER = "copier"
FINAL_HARVESTER = "final-harvester"
ACTIVE = "active"
NOBODY = ""

#: The normal actions (letters a-e, and f: a Final Planting play) a seat may take, as shared
#: constants: they are asked for at every decision.
NO_LETTERS: frozenset[str] = frozenset()
ACTIVE_LETTERS = frozenset("abcde")
ACTIVE_LETTERS_CLOSED = frozenset("abde")
ONE_LETTER = {letter: frozenset(letter) for letter in "abcdef"}


def deciding(s: TakeoverState) -> tuple[str, int]:
    """The role in force and the seat holding it (the table's order of precedence)."""
    at = s.attack
    if at is not None:
        return (DEFENDER, at.target) if at.stage == "defend" else (ANSWERER, at.attacker)
    w = s.window
    if w is not None:
        return COPIER, w.queue[0]
    if s.final_started:
        return FINAL_HARVESTER, s.final_queue[0]
    return ACTIVE, s.active


def role_of(s: TakeoverState, seat: int) -> str:
    """``seat``'s role now: one of the five, or NOBODY (it does not decide, or the game is over)."""
    if s.phase == "over":
        return NOBODY
    # ``deciding`` written out: asked several times at every decision
    at = s.attack
    if at is not None:
        if at.stage == "defend":
            return DEFENDER if seat == at.target else NOBODY
        return ANSWERER if seat == at.attacker else NOBODY
    w = s.window
    if w is not None:
        return COPIER if seat == w.queue[0] else NOBODY
    if s.final_started:
        return FINAL_HARVESTER if seat == s.final_queue[0] else NOBODY
    return ACTIVE if seat == s.active else NOBODY


def _name(s: TakeoverState, seat: int) -> str:
    return s.players[seat].name


def _window_of(s: TakeoverState) -> Window:
    """The open response window (the copier's role says there is one)."""
    w = s.window
    assert w is not None
    return w


def _attack_of(s: TakeoverState) -> Attack:
    """The takeover waiting for a defence or its answer (the role in force says there is one)."""
    at = s.attack
    assert at is not None
    return at


# -- which normal actions each role may take (before each action's own rule) -----------------
def _no_letters(rules: TakeoverRules, s: TakeoverState, seat: int) -> frozenset[str]:
    return NO_LETTERS


def _active_letters(rules: TakeoverRules, s: TakeoverState, seat: int) -> frozenset[str]:
    return ACTIVE_LETTERS if rules.deck_open(s) else ACTIVE_LETTERS_CLOSED  # T-41: no turn-up


def _copier_letters(rules: TakeoverRules, s: TakeoverState, seat: int) -> frozenset[str]:
    w = s.window
    assert w is not None  # the copier's role says a window is open
    if w.late or w.copies >= w.limit:
        return NO_LETTERS
    if w.letter == "c" and not rules.deck_open(s):
        return NO_LETTERS
    return ONE_LETTER[w.letter]


def _final_letters(rules: TakeoverRules, s: TakeoverState, seat: int) -> frozenset[str]:
    if seat in s.planting and seat not in s.harvested_final:
        return ONE_LETTER["f"]
    return NO_LETTERS


# -- the gate of a normal action ``letter`` for each role ---------------------------------------
def _busy_gate(rules: TakeoverRules, s: TakeoverState, seat: int, letter: str) -> Optional[IllegalAction]:
    return not_now(rules, s, seat, MESSAGES.message("what-normal-action", letter=letter_name(letter)), letter)


def _active_gate(rules: TakeoverRules, s: TakeoverState, seat: int, letter: str) -> Optional[IllegalAction]:
    return None


def _copier_gate(rules: TakeoverRules, s: TakeoverState, seat: int, letter: str) -> Optional[IllegalAction]:
    w = s.window
    assert w is not None  # the copier's role says a window is open
    if s.n == 2 and w.letter == "e":
        return refuse("T-35", "copy-two-players")
    if w.late or w.copies >= w.limit:
        return refuse("T-32", "copy-limit-reached", players=s.n, n=w.limit)
    want = "a" if w.letter == "f" else w.letter
    if letter != want:
        return refuse("T-31", "copy-same-kind", letter=letter_name(w.letter))
    if letter == "c" and not rules.deck_open(s):
        return refuse("T-41", "deck-closed")
    return None


def _final_gate(rules: TakeoverRules, s: TakeoverState, seat: int, letter: str) -> Optional[IllegalAction]:
    if letter == "a" and seat in s.planting and seat not in s.harvested_final:
        return None
    return refuse("T-42", "final-harvest-step")


# -- what the decider is told for an action not theirs now (``what``: a message naming it) ------
def _defender_told(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    at = _attack_of(s)
    return refuse("T-25", "not-now-defender", what=what, attacker=_name(s, at.attacker), field=at.field + 1)


def _answerer_told(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    strong = "strong-takeover" in s.players[seat].texts
    return refuse("T-46", "not-now-answerer" if strong else "not-now-answerer-none", what=what,
                  target=_name(s, _attack_of(s).target))


def _copier_told(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    w = _window_of(s)
    return refuse("T-31", "not-now-copier", what=what, actor=_name(s, w.actor), letter=letter_name(w.letter))


def _final_told(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    return refuse("T-42", "not-now-final-harvester", what=what)


def _active_told(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    return refuse("T-30", "not-now-active", what=what)


# -- what anyone else is told while the role decides ---------------------------------------------
def _while_defending(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    at = _attack_of(s)
    return refuse("T-25", "not-now-defending", what=what, target=_name(s, at.target), field=at.field + 1,
                  attacker=_name(s, at.attacker))


def _while_answering(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    at = _attack_of(s)
    return refuse("T-46", "not-now-overcoming", what=what, attacker=_name(s, at.attacker), target=_name(s, at.target))


def _while_copying(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    w = _window_of(s)
    asked = _name(s, w.queue[0])
    if w.letter == "f" and seat not in w.queue and seat != w.actor:
        return refuse("T-42", "not-now-final-planting", what=what, actor=_name(s, w.actor), asked=asked)
    if seat in w.queue:
        return refuse("T-30", "not-now-queue", what=what, asked=asked)
    if seat == w.actor or seat == s.active:
        return refuse("T-30", "not-now-window", what=what, actor=_name(s, w.actor), asked=asked)
    return refuse("T-30", "not-now-asked", what=what, asked=asked)


def _while_final_harvest(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message,
                         letter: str) -> IllegalAction:
    return refuse("T-42", "not-now-final-harvest", what=what, player=_name(s, s.final_queue[0]))


def _while_active(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str) -> IllegalAction:
    active = _name(s, s.active)
    if s.ending and seat != s.active:
        return refuse("T-42", "not-now-ending", what=what, active=active)
    if seat != s.active:
        if letter == "e" and s.n == 2:
            return refuse("T-35", "not-now-two-players", active=active)
        limit = rules.copy_limit(s, letter if letter in ("a", "b", "c", "d", "e") else "a")
        if rules.first_turn(s):
            lim = MESSAGES.message("copy-limit-first-turn")
        else:
            lim = MESSAGES.message("copy-limit", n=limit, players=s.n)
        return refuse("T-30", "not-now-nobody-asked", what=what, active=active, limit=lim)
    return refuse("T-30", "not-now", what=what)


Refusal = Callable[..., IllegalAction]


@dataclass(frozen=True)
class Decision:
    """One row of the decisions table: what a role may do, and the refusals it words."""

    role: str
    #: The verbs only a seat in this role takes (besides normal and special actions).
    verbs: frozenset[str]
    #: Whether it may play special actions with text cards (§4: T-14, T-58, T-60).
    special: bool
    #: ``letters(rules, s, seat)``: the normal actions it may take now (each still has its rule).
    letters: Callable[..., frozenset[str]]
    #: ``gate(rules, s, seat, letter)``: the refusal of a normal action ``letter`` by it, or None.
    gate: Callable[..., Optional[IllegalAction]]
    #: ``told(rules, s, seat, what, letter)``: why the seat in this role may not do ``what`` now.
    told: Refusal
    #: ``others(rules, s, seat, what, letter)``: why another seat may not, while this role decides.
    others: Refusal


DECISIONS: dict[str, Decision] = {
    DEFENDER: Decision(DEFENDER, frozenset({"defend", "allow"}), False, _no_letters, _busy_gate,
                       _defender_told, _while_defending),
    ANSWERER: Decision(ANSWERER, frozenset({"concede", "overrule"}), False, _no_letters, _busy_gate,
                       _answerer_told, _while_answering),
    COPIER: Decision(COPIER, frozenset({"pass"}), True, _copier_letters, _copier_gate, _copier_told, _while_copying),
    FINAL_HARVESTER: Decision(FINAL_HARVESTER, frozenset({"end-turn"}), True, _final_letters, _final_gate,
                              _final_told, _while_final_harvest),
    ACTIVE: Decision(ACTIVE, frozenset({"end-turn"}), True, _active_letters, _active_gate, _active_told,
                     _while_active),
    #: A seat that does not decide now: nothing is its to do.
    NOBODY: Decision(NOBODY, frozenset(), False, _no_letters, _busy_gate, _while_active, _while_active),
}


def not_now(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message, letter: str = "") -> IllegalAction:
    """Why ``seat`` may not take an action of its own (a normal action ``letter``, a pass,
    ending the turn: ``what``, a message naming it) at this moment: the most specific rule
    for where the game stands, saying whose decision it is (never "waits for" the refused
    player himself)."""
    role, who = deciding(s)
    entry = DECISIONS[role]
    return (entry.told if seat == who else entry.others)(rules, s, seat, what, letter)


def normal_gate(rules: TakeoverRules, s: TakeoverState, seat: int, letter: str) -> Optional[IllegalAction]:
    """The refusal of a normal action ``letter`` (a–e) by ``seat`` for its role now, or None."""
    return DECISIONS[role_of(s, seat)].gate(rules, s, seat, letter)


def may_special(role: str) -> bool:
    """§4 timing (T-14, T-58, T-60): special actions at the seat's own decision points only."""
    return DECISIONS[role].special
