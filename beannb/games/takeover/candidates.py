"""The legal lists of the takeover expansion: what a seat might do now, built from its role
(:mod:`.decisions`) in one fixed order (seeded bots depend on it).

With ``exact``, the candidates that are legal by construction (plays, merges, turn-ups, plain
harvests, takeovers, passes, ends of turn, defences and their answers) leave out what their
rules refuse (T-15, T-21, T-27, T-33, T-34, T-46); the others (text-card actions, harvests
with a text card attached) go through ``refusal``. Without ``exact`` every candidate is
listed, each to be checked by ``refusal``: the reference way, which the test suite compares
with the quick one. Functions take the ruleset first."""
from __future__ import annotations

from typing import Any, Callable

from ...core.actions import Action
from ..bohnanza.rules import PlayerTable, act
from .actions import (
    Allow, Concede, Defend, EndTurn, HostileTakeover, Merge, Overrule, Pass, Play, THarvest, TurnUp,
)
from .cards import BEAN_TYPES
from .decisions import ACTIVE, ANSWERER, COPIER, DECISIONS, DEFENDER, FINAL_HARVESTER, ONE_LETTER, role_of
from .fields import CARD, NEXT_TYPE, by_types_of, counts_of, guard_of, strength_of, type_of
from .state import TakeoverPlayer, TakeoverRules, TakeoverState
from .textcards import harvest_variants, special_candidates

#: A seat's rows of plays hold the counts 1.._ROW; a larger count of one bean (a rare hand)
#: is made with ``act``.
_ROW = 8

#: The letters of a copier asked after a takeover: no field types needed.
_TAKEOVER_ONLY = ONE_LETTER["e"]

#: Fields a seat has at most: 3, or 2 with two players (setup 4); none are bought in the
#: expansion, and a scenario gives no seat more.
_MOST_FIELDS = 3


class SeatActions(PlayerTable):
    """One player's actions that attach no text card (and plays with Mutant Bean): the legal
    lists take them from these rows (by field, up to _MOST_FIELDS) instead of making or
    looking up each one."""

    __slots__ = ("allow", "concede", "overrule", "pass_", "end_turn", "plays", "mutant_plays", "merges",
                 "turn_ups", "harvests", "takeovers")

    def __init__(self, me: str) -> None:
        super().__init__(me)
        self.allow, self.concede, self.overrule, self.pass_, self.end_turn = (
            act(cls, me) for cls in (Allow, Concede, Overrule, Pass, EndTurn))
        fields = range(1, _MOST_FIELDS + 1)
        #: bean -> field (0-based) -> count -> the plays of 1…count cards
        self.plays = {b: [_plays_upto(me, (), b, k) for k in fields] for b in BEAN_TYPES}
        self.mutant_plays = {b: [_plays_upto(me, ("mutant-bean",), b, k) for k in fields] for b in BEAN_TYPES}
        #: source field -> destination field (0-based) -> the merge (None from a field onto itself)
        self.merges: list[list[Any]] = [[Merge(me, (), i, j) if i != j else None for j in fields] for i in fields]
        self.turn_ups = [TurnUp(me, (), k) for k in fields]
        self.harvests = [THarvest(me, (), k) for k in fields]
        #: target -> field (0-based) -> the takeover with the facing field
        self.takeovers: dict[str, list[Action]] = {}

    def takeover_row(self, target: str) -> list[Action]:
        """The takeovers of ``target``'s fields, made on first need."""
        row = self.takeovers[target] = [HostileTakeover(self.name, (), target, k) for k in range(1, _MOST_FIELDS + 1)]
        return row


def _plays_upto(me: str, attach: tuple, bean: str, field: int) -> tuple[tuple[Action, ...], ...]:
    """By count c (0.._ROW): the plays of 1…c ``bean`` onto ``field``."""
    plays = tuple(Play(me, attach, bean, c, field) for c in range(1, _ROW + 1))
    return tuple(plays[:c] for c in range(_ROW + 1))


def legal_into(rules: TakeoverRules, s: TakeoverState, seat: int, out: list[Action]) -> None:
    """Append ``seat``'s legal actions to ``out``, in the order of :func:`candidates`."""
    if rules.check_every_candidate:  # the reference way (tests, ``beannb bench --compare``)
        why_not = rules.refusal
        out.extend(a for a in candidates(rules, s, seat) if why_not(s, a) is None)
    else:  # exact candidates are legal by construction; the rest are checked
        collect(rules, s, seat, True, out, True)


def candidates(rules: TakeoverRules, s: TakeoverState, seat: int, exact: bool = False) -> list[Action]:
    """What ``seat`` might do now, each still to be checked by ``refusal``; ``exact`` leaves
    out what the most frequent refusals would reject (see the module's text)."""
    out: list[Action] = []
    collect(rules, s, seat, exact, out, False)
    return out


def checker(rules: TakeoverRules, s: TakeoverState, out: list[Action], check: bool) -> Callable[[Action], None]:
    """What takes a candidate that is not legal by construction: ``out.append``, after
    ``refusal`` has passed it when ``check`` is set."""
    if not check:
        return out.append
    why_not = rules.refusal
    add = out.append

    def checked(a: Action) -> None:
        if why_not(s, a) is None:
            add(a)

    return checked


def collect(rules: TakeoverRules, s: TakeoverState, seat: int, exact: bool, out: list[Action], check: bool) -> None:
    """Append every candidate of ``seat`` to ``out``, in one fixed order: its role's own verbs
    and normal actions, then the special actions of the text cards it holds. ``check``: the
    candidates not legal by construction are checked by ``refusal`` first, so that
    legal_actions seldom builds a refusal only to drop it."""
    role = role_of(s, seat)
    if not role:
        return
    p = s.players[seat]
    mine = SeatActions.TABLE[p.name]
    if role == DEFENDER:
        out.append(mine.allow)
        me = p.name
        out += [act(Defend, me, (), c) for c in dict.fromkeys(p.texts)]
        return
    if role == ANSWERER:
        out.append(mine.concede)
        if not exact or "strong-takeover" in p.texts:  # T-46
            out.append(mine.overrule)
        return
    entry = DECISIONS[role]
    letters = entry.letters(rules, s, seat)
    if letters and letters is not _TAKEOVER_ONLY:  # a copied takeover asks no field types
        # a)-d): plays, merges, turn-ups and harvests, by the seat's field types
        types = tuple(map(type_of, p.fields))
        empty, takes, paired = by_types_of(types)
        if "a" in letters or "f" in letters:
            _play_candidates(p, types, empty, takes, mine, out)
        if "b" in letters and (paired or "mutant-bean" in p.texts):
            _merge_candidates(p, types, mine, out)
        if "c" in letters and (s.deck or not exact):  # T-41
            turn_ups = mine.turn_ups
            for k in empty:
                out.append(turn_ups[k])
        if "d" in letters and not (exact and role == ACTIVE and s.flipped):  # T-15
            _harvest_candidates(rules, s, seat, p, types, exact, mine, out, check)
    if "e" in letters:
        _takeover_candidates(rules, s, seat, p, role, exact, mine, out)
    if role == COPIER:
        out.append(mine.pass_)
    elif role == ACTIVE:
        out.append(mine.end_turn)
    elif role == FINAL_HARVESTER:
        _final_candidates(rules, s, seat, p, exact, mine, out, check)
    # special actions (text cards held; none without one)
    if p.texts and entry.special:
        special_candidates(rules, s, seat, checker(rules, s, out, check))


def _play_candidates(p: TakeoverPlayer, types: tuple, empty: tuple, takes: dict, mine: SeatActions,
                     out: list[Action]) -> None:
    """a) Every count of every hand bean onto each field that takes it: an empty one or
    one of its type (T-07, T-17: ``empty``, ``takes``, see ``fields.by_types_of``), or with
    Mutant Bean one of the type before it (T-52)."""
    mutant = "mutant-bean" in p.texts
    for bean, cnt in counts_of(p.hand):
        if mutant or cnt > _ROW:
            _plays_of(p, types, bean, cnt, mutant, mine, out)
            continue
        rows = mine.plays[bean]
        for k in takes.get(bean, empty):
            out += rows[k][cnt]


def _plays_of(p: TakeoverPlayer, types: tuple, bean: str, cnt: int, mutant: bool, mine: SeatActions,
              out: list[Action]) -> None:
    """The plays of 1…``cnt`` ``bean`` onto each field in turn, with Mutant Bean (T-52)
    also onto a field of the type before it."""
    for k, tk in enumerate(types):
        attach: tuple[str, ...]
        if tk is None or tk == bean:
            attach, rows = (), mine.plays[bean]
        elif mutant and NEXT_TYPE[tk] == bean:
            attach, rows = ("mutant-bean",), mine.mutant_plays[bean]
        else:
            continue
        out += rows[k][min(cnt, _ROW)]
        if cnt > _ROW:  # more cards of one bean than a row holds
            out += [act(Play, p.name, attach, bean, c, k + 1) for c in range(_ROW + 1, cnt + 1)]


def _merge_candidates(p: TakeoverPlayer, types: tuple, mine: SeatActions, out: list[Action]) -> None:
    """b) Each field onto another of its type (T-18, T-19), or with Mutant Bean onto one
    of the type before it (T-52)."""
    mutant = "mutant-bean" in p.texts
    merges = mine.merges
    for i, ti in enumerate(types):
        if not ti:
            continue
        row = merges[i]
        for j, tj in enumerate(types):
            if i != j and tj:
                if ti == tj:
                    out.append(row[j])
                elif mutant and NEXT_TYPE[tj] == ti:
                    out.append(Merge(p.name, ("mutant-bean",), i + 1, j + 1))


def _harvest_candidates(rules: TakeoverRules, s: TakeoverState, seat: int, p: TakeoverPlayer, types: tuple, exact: bool,
                        mine: SeatActions, out: list[Action], check: bool) -> None:
    """d) Each field with beans, but with ``exact`` not a single card while another field
    has more (T-21); with text cards held, also with each Pizza or Chemistry Set."""
    fields = p.fields
    single_ok = True
    if exact:  # T-21
        for f in fields:
            if len(f) > 1:
                single_ok = False
                break
    if not p.texts:  # no Pizza, no Chemistry Set: the plain harvests only
        harvests = mine.harvests
        for k, t in enumerate(types):
            if t and (single_ok or len(fields[k]) > 1):
                out.append(harvests[k])
        return
    ks = [k for k, t in enumerate(types) if t and (single_ok or len(fields[k]) > 1)]
    checked = checker(rules, s, out, check)
    for k in ks:
        harvest_variants(THarvest, s, seat, k, True, out.append, checked)


def _takeover_candidates(rules: TakeoverRules, s: TakeoverState, seat: int, p: TakeoverPlayer, role: str, exact: bool,
                         mine: SeatActions, out: list[Action]) -> None:
    """e) Each opponent's field that a field of ``seat`` beats (T-23), the one facing it
    (A-5) or, with Variable Field, any (T-45); with text cards, the takeovers they allow
    (T-44, T-46)."""
    performers = s.performers
    if role == ACTIVE and s.options.get("performed_scope") == "sequence":
        performers = ()
    first = rules.first_turn(s)
    w = s.window
    texts = p.texts
    with_cards = bool(texts) and ("strong-takeover" in texts or "mighty-field" in texts or "variable-field" in texts)
    players = s.players
    n = len(players)
    two = n == 2
    skip: tuple[int, ...] = (seat,)  # the seats not to be attacked
    if exact and role == COPIER:
        if two:  # T-35: with two players a takeover is never copied
            return
        skip += (s.active,)  # T-33
        assert w is not None  # the copier's role says a window is open
        if n == 5 and not first and w.first_copier is not None:  # T-57
            skip += (w.first_copier,)
    if exact and first:  # T-34
        skip += tuple(performers)
    takeovers = mine.takeovers
    own = tuple(map(strength_of, p.fields))
    facing = tuple([own[1 - k] for k in range(len(own))]) if two else own
    nf = len(facing)
    for other, q in enumerate(players):
        if other in skip:
            continue
        if with_cards or not exact:
            theirs = tuple(map(strength_of, q.fields))
            _takeovers_with_cards(p, q, other in performers, exact, own, facing, theirs, out)
            continue
        # No text card to take over with: the fields that beat the ones they face (T-23),
        # and never a protected field (T-27).
        theirs = q.fields
        defense = q.defense
        row = None
        for k in range(len(theirs) if len(theirs) < nf else nf):
            if facing[k] > guard_of(theirs[k]) and defense[k] is None:
                if row is None:
                    row = takeovers.get(q.name) or mine.takeover_row(q.name)
                out.append(row[k])


def _takeovers_with_cards(p: TakeoverPlayer, q: TakeoverPlayer, performer: bool, exact: bool,
                          own: tuple[int, ...], facing, theirs: tuple[int, ...], out: list[Action]) -> None:
    """The takeovers of ``q``'s fields when ``p`` holds a text card to take over with
    (or, without ``exact``, every candidate); ``performer``: ``q`` took over this turn."""
    me, target = p.name, q.name
    texts = p.texts
    strong, mighty, variable = "strong-takeover" in texts, "mighty-field" in texts, "variable-field" in texts
    plain_only = not (strong or mighty or variable)
    defense = q.defense
    add = out.append
    for k, th in enumerate(theirs):
        if not th:
            continue
        ms = facing[k]
        beats = ms > th
        if plain_only:  # no text card to take over with: T-27, never a protected field
            if beats and not (exact and defense[k] is not None):
                add(act(HostileTakeover, me, (), target, k + 1))
            continue
        # T-27, T-46: a protected field only to Strong Takeover, which needs one;
        # T-34: Mighty or Variable Field never against a performer.
        prot = exact and defense[k] is not None
        unprot = exact and defense[k] is None
        if exact and (prot or performer):
            if prot and beats and strong:
                add(act(HostileTakeover, me, ("strong-takeover",), target, k + 1))
            if prot:
                continue
        if beats:
            add(act(HostileTakeover, me, (), target, k + 1))
            if strong and not unprot:
                add(act(HostileTakeover, me, ("strong-takeover",), target, k + 1))
        if exact and performer:
            continue
        if mighty and ms and ms + CARD > th:  # T-44: one card more
            add(act(HostileTakeover, me, ("mighty-field",), target, k + 1))
        if variable:
            for j, os_ in enumerate(own):
                if os_ > th:
                    add(act(HostileTakeover, me, ("variable-field",), target, k + 1, j + 1))
                if mighty and os_ and os_ + CARD > th:  # cards combine
                    add(act(HostileTakeover, me, ("mighty-field", "variable-field"), target, k + 1, j + 1))


def _final_candidates(rules: TakeoverRules, s: TakeoverState, seat: int, p: TakeoverPlayer, exact: bool,
                      mine: SeatActions, out: list[Action], check: bool) -> None:
    """The final-harvest step: harvest each field (T-42), then end the step once all are."""
    checked = checker(rules, s, out, check)
    chemistry = bool(s.options.get("chemistry_final_harvest"))
    for k in range(len(p.fields)):
        if exact and not p.fields[k]:  # T-21
            continue
        harvest_variants(THarvest, s, seat, k, chemistry, out.append, checked)
    if not exact or not any(p.fields):  # T-42
        out.append(mine.end_turn)
