"""The checks of the takeover expansion's own verbs (not the text cards' special actions, see
:mod:`.textcards`): the normal actions a)–e) (T-17…T-35), passing (T-31), ending the turn
(T-37, T-42), and a takeover's defence and its answer (T-25, T-46). Each takes the ruleset
first and returns the refusal citing the most specific rule, or None."""
from __future__ import annotations

from typing import Optional, cast

from ...core.errors import IllegalAction
from ...i18n.messages import Message, Named
from .actions import Allow, Concede, Defend, EndTurn, HostileTakeover, Merge, Overrule, Pass, Play, THarvest, TurnUp
from .cards import CARDS, PIZZAS
from .decisions import ACTIVE, COPIER, DECISIONS, FINAL_HARVESTER, normal_gate, not_now, role_of
from .fields import field_type, stronger
from .refusals import attach_gate, owned_field, refuse
from .state import TakeoverRules, TakeoverState
from .text import MESSAGES
from .textcards import NO_DEFENCE, TAKEOVER_CARDS, harvest_cards_error, mutant_error

_MUTANT = ("mutant-bean",)


def check_play(rules: TakeoverRules, s: TakeoverState, seat: int, a: Play) -> Optional[IllegalAction]:
    """a) Play beans from the hand onto a field of their type or an empty one (T-17; T-52)."""
    p = s.players[seat]
    err = normal_gate(rules, s, seat, "a") or owned_field(p, a.field, "T-17")
    if err:
        return err
    have = p.hand.count(a.bean)
    if a.count < 1 or have < a.count:
        return refuse("T-17", "play-count", have=have, bean=Named(CARDS, a.bean), count=a.count)
    f = p.fields[a.field - 1]
    ftype = field_type(f)
    if a.attached("mutant-bean"):
        return mutant_error(p, ftype, a.bean) or attach_gate(p, a, _MUTANT)
    if f and ftype != a.bean:
        return refuse("T-17", "play-other-type", field=a.field, bean=Named(CARDS, cast(str, ftype)))
    return attach_gate(p, a, ())


def check_merge(rules: TakeoverRules, s: TakeoverState, seat: int, a: Merge) -> Optional[IllegalAction]:
    """b) Merge a field onto another of its type (T-18, T-19; T-52)."""
    p = s.players[seat]
    err = normal_gate(rules, s, seat, "b") or owned_field(p, a.src, "T-18") or owned_field(p, a.dst, "T-18")
    if err:
        return err
    if a.src == a.dst:
        return refuse("T-18", "merge-same-field")
    src, dst = p.fields[a.src - 1], p.fields[a.dst - 1]
    if not src or not dst:
        return refuse("T-19", "merge-empty")
    if a.attached("mutant-bean"):
        return mutant_error(p, field_type(dst), field_type(src)) or attach_gate(p, a, _MUTANT)
    if field_type(src) != field_type(dst):
        return refuse("T-18", "merge-other-type", src=Named(CARDS, cast(str, field_type(src))),
                      dst=Named(CARDS, cast(str, field_type(dst))))
    return attach_gate(p, a, ())


def check_turn_up(rules: TakeoverRules, s: TakeoverState, seat: int, a: TurnUp) -> Optional[IllegalAction]:
    """c) Turn up the deck's top card onto an empty field (T-20, T-41)."""
    if not rules.deck_open(s):
        return refuse("T-41", "turn-up-closed")
    p = s.players[seat]
    err = normal_gate(rules, s, seat, "c") or owned_field(p, a.field, "T-20")
    if err:
        return err
    if p.fields[a.field - 1]:
        empty = [str(i + 1) for i, f in enumerate(p.fields) if not f]
        if not empty:
            return refuse("T-20", "turn-up-no-empty", field=a.field)
        return refuse("T-20", "turn-up-not-empty", field=a.field, empty=", ".join(empty), n=len(empty))
    if not s.deck:
        return refuse("T-41", "deck-empty")
    return None


def check_harvest(rules: TakeoverRules, s: TakeoverState, seat: int, a: THarvest) -> Optional[IllegalAction]:
    """d) Harvest a field, once a turn (T-15, T-21), or a final-harvest step (T-42, T-61)."""
    p = s.players[seat]
    role = role_of(s, seat)
    final = role == FINAL_HARVESTER
    if not final:
        err = normal_gate(rules, s, seat, "d")
        if err:
            return err
        if role == ACTIVE and s.flipped:
            return refuse("T-15", "harvested-already")
    err = owned_field(p, a.field, "T-21")
    if err:
        return err
    f = p.fields[a.field - 1]
    if not f:
        return refuse("B-32", "field-empty", field=a.field)   # nothing to harvest (T-21 is about one card)
    if not final and len(f) == 1 and any(len(g) >= 2 for g in p.fields):
        return refuse("T-21", "harvest-single-card", field=a.field)
    allowed = list(PIZZAS)
    if not final or s.options.get("chemistry_final_harvest"):
        allowed.append("chemistry-set")
    if final and any(x.startswith("chemistry-set") for x in a.attach) and "chemistry-set" not in allowed:
        return refuse("T-61", "chemistry-final")
    return attach_gate(p, a, allowed) or harvest_cards_error(rules, s, seat, a)


def _takeover_fields(rules: TakeoverRules, s: TakeoverState, seat: int, target: int,
                     a: HostileTakeover) -> Optional[IllegalAction]:
    """The fields a takeover names: the target's and the facing one of the attacker, or any
    with Variable Field; both with beans, and the attacker's stronger (T-22, T-23, T-44, T-45)."""
    p, q = s.players[seat], s.players[target]
    if not 1 <= a.field <= len(q.fields):
        return refuse("T-22", "player-has-no-field", player=q.name, field=a.field)
    variable = a.attached("variable-field")
    want = rules.corresponding(s, a.field - 1) + 1
    own = a.using or (want if not variable else None)
    if own is None:
        return refuse("T-45", "variable-field-using")
    if not 1 <= own <= len(p.fields):
        return refuse("T-22", "own-field-missing", field=own)
    if not variable and own != want:
        return refuse("T-22", "not-facing", field=a.field, player=q.name, want=want, own=own)
    mine, theirs = p.fields[own - 1], q.fields[a.field - 1]
    if not mine or not theirs:
        return refuse("T-22", "takeover-empty")
    mighty = a.attached("mighty-field")
    if not stronger(mine, theirs, 1 if mighty else 0):
        rule = "T-44" if mighty else ("T-45" if variable else "T-23")
        return refuse(rule, "not-stronger-mighty" if mighty else "not-stronger",
                      mine=len(mine), mine_bean=Named(CARDS, cast(str, field_type(mine))),
                      theirs=len(theirs), theirs_bean=Named(CARDS, cast(str, field_type(theirs))))
    return None


def _takeover_whom(rules: TakeoverRules, s: TakeoverState, seat: int, target: int,
                   a: HostileTakeover) -> Optional[IllegalAction]:
    """Whom a takeover may attack: no protected field without Strong Takeover (T-27, T-46),
    not the active player or the first copier when copying (T-33, T-57), no performer in the
    first turn or with Mighty or Variable Field (T-34, A-4)."""
    q = s.players[target]
    mighty, variable = a.attached("mighty-field"), a.attached("variable-field")
    protected = q.defense[a.field - 1] is not None
    if a.attached("strong-takeover") and not protected:
        return refuse("T-46", "strong-takeover-when")
    if protected and (mighty or variable) or protected and not a.attached("strong-takeover"):
        return refuse("T-27", "field-protected", player=q.name, field=a.field)
    role = role_of(s, seat)
    if role == COPIER:
        if target == s.active:
            return refuse("T-33", "copy-not-active")
        w = s.window
        assert w is not None  # the copier's role says a window is open
        if s.n == 5 and not rules.first_turn(s) and w.first_copier is not None and target == w.first_copier:
            return refuse("T-57", "copy-not-first-copier", player=q.name)
    performers = set(s.performers)
    if s.options.get("performed_scope") == "sequence" and role == ACTIVE:
        performers = set()  # A-4 option: a new sequence starts with no performers
    if target in performers and (rules.first_turn(s) or mighty or variable):
        return refuse("T-34", "performed-first-turn" if rules.first_turn(s) else "performed-mighty", player=q.name)
    return None


def check_takeover(rules: TakeoverRules, s: TakeoverState, seat: int, a: HostileTakeover) -> Optional[IllegalAction]:
    """e) A hostile takeover (T-22…T-35, T-44…T-46, T-57)."""
    err = normal_gate(rules, s, seat, "e")
    if err:
        return err
    if s.n == 2 and role_of(s, seat) == COPIER:
        return refuse("T-35", "takeover-two-players")
    err = attach_gate(s.players[seat], a, TAKEOVER_CARDS)
    if err:
        return err
    target = s.seat_of(a.target)
    if target is None or target == seat:
        return refuse("T-22", "not-another-player", player=a.target)
    return _takeover_fields(rules, s, seat, target, a) or _takeover_whom(rules, s, seat, target, a)


def _holds(s: TakeoverState, seat: int, verb: str) -> bool:
    """Whether ``verb`` is among the verbs of ``seat``'s role now (the decisions table)."""
    return verb in DECISIONS[role_of(s, seat)].verbs


def check_pass(rules: TakeoverRules, s: TakeoverState, seat: int, a: Pass) -> Optional[IllegalAction]:
    """Only the player asked in a response window passes (T-31)."""
    if not _holds(s, seat, "pass"):
        return not_now(rules, s, seat, MESSAGES.message("what-passing"))
    return None


def check_end_turn(rules: TakeoverRules, s: TakeoverState, seat: int, a: EndTurn) -> Optional[IllegalAction]:
    """The active player ends the turn (T-37); the final harvester its step, fields harvested (T-42)."""
    role = role_of(s, seat)
    if role == FINAL_HARVESTER:
        if any(s.players[seat].fields):
            return refuse("T-42", "harvest-all-first")
        return None
    if role != ACTIVE:
        if seat != s.active and not s.final_started:
            return refuse("T-37", "end-turn-active-only", active=s.players[s.active].name)
        return not_now(rules, s, seat, MESSAGES.message("what-ending-turn"))
    return None


def no_defence(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message) -> IllegalAction:
    """Why ``seat`` (not deciding on a defence now) may not defend or allow a takeover."""
    name = lambda i: s.players[i].name  # noqa: E731
    at = s.attack
    if at is not None:
        if at.stage == "defend":
            return refuse("T-25", "defence-not-yours", what=what, attacker=name(at.attacker),
                          target=name(at.target), field=at.field + 1)
        if seat == at.target:
            return refuse("T-25", "defended-already", what=what, field=at.field + 1, attacker=name(at.attacker))
        return refuse("T-46", "not-now-overcoming", what=what, attacker=name(at.attacker), target=name(at.target))
    # A takeover of this turn took effect at once when it was declared with a card that
    # leaves no defence: the last text card used (the discard pile is public) says which.
    # (Its response window is open, or at 2 players, where none opens, it was this turn's.)
    card = s.text_discard[-1] if s.text_discard else None
    just_taken = bool(s.performers) and ((s.window is not None and s.window.letter == "e") or s.n == 2)
    if card in NO_DEFENCE and just_taken and seat != s.active:
        return refuse(NO_DEFENCE[card], "no-defence-possible", what=what, card=Named(CARDS, card))
    return refuse("T-25", "no-takeover-waiting", what=what)


def check_defend(rules: TakeoverRules, s: TakeoverState, seat: int, a: Defend) -> Optional[IllegalAction]:
    """The target lays a text card face down as a defence (T-25)."""
    if not _holds(s, seat, "defend"):
        return no_defence(rules, s, seat, MESSAGES.message("what-defence"))
    if a.card not in s.players[seat].texts:
        return refuse("T-25", "card-not-held", card=Named(CARDS, a.card))
    return None


def check_allow(rules: TakeoverRules, s: TakeoverState, seat: int, a: Allow) -> Optional[IllegalAction]:
    """The target lets the takeover happen (T-25)."""
    if not _holds(s, seat, "allow"):
        return no_defence(rules, s, seat, MESSAGES.message("what-allowing"))
    return None


def no_answer(rules: TakeoverRules, s: TakeoverState, seat: int, what: Message) -> IllegalAction:
    """Why ``seat`` may not answer a defence (concede or overrule) now."""
    at = s.attack
    if at is not None and at.stage == "defend":
        return not_now(rules, s, seat, what)
    if at is not None and at.stage == "answer":
        atk = s.players[at.attacker].name
        return refuse("T-46", "answer-not-yours", what=what, attacker=atk)
    return refuse("T-46", "no-defence-laid", what=what)


def check_concede(rules: TakeoverRules, s: TakeoverState, seat: int, a: Concede) -> Optional[IllegalAction]:
    """The attacker accepts the defence (T-25)."""
    if not _holds(s, seat, "concede"):
        return no_answer(rules, s, seat, MESSAGES.message("what-conceding"))
    return None


def check_overrule(rules: TakeoverRules, s: TakeoverState, seat: int, a: Overrule) -> Optional[IllegalAction]:
    """The attacker overcomes the defence with Strong Takeover (T-46)."""
    if not _holds(s, seat, "overrule"):
        return no_answer(rules, s, seat, MESSAGES.message("what-strong-takeover"))
    if "strong-takeover" not in s.players[seat].texts:
        return refuse("T-46", "strong-takeover-not-held")
    return None

