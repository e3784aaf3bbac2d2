"""Playing a scenario: the one interpreter of its steps.

:func:`play` plays a scenario's steps on a game, each step once, and yields a :class:`Step`
for each: the actions tried, their events and the refusal that ended them, the table before
the step and the game after it, and, when asked, the failures of the step's checks (its
``expect``, ``expect_error``, ``expect_legal``, ``expect_events`` and exercise). ``beannb
check`` collects the failures (:mod:`beannb.scenarios`), a walkthrough makes a frame of each
step (:mod:`beannb.walkthrough`), and the check's own run does both at once, so a file is
played once for its checks and its walkthrough in its own names.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Iterator, Optional

from .core.errors import ActionSyntaxError, IllegalAction, clip, did_you_mean
from .core.game import Game
from .scenario_format import Scenario


class Failure(str):
    """One failed check: its message (a ``str``) and the line of the file it concerns."""

    line: Optional[int]

    def __new__(cls, text: str, line: Optional[int] = None) -> "Failure":
        obj = super().__new__(cls, text)
        obj.line = line if line is not None else getattr(text, "line", None)
        return obj


#: The most legal moves a failure lists (it counts the others).
LEGAL_SHOWN = 12


def legal_now(game: Game) -> str:
    """What may be played at this point of a scenario, for a failure: each legal move in the
    notation and in words (``ruleset.describe``), and who may offer a trade to whom."""
    legal = game.legal_actions()
    moves = [f"{str(a)!r} ({game.ruleset.describe(a, 'en').rstrip('.')})" for a in legal[:LEGAL_SHOWN]]
    if len(legal) > LEGAL_SHOWN:
        moves.append(f"and {len(legal) - LEGAL_SHOWN} more")
    offers = [f"{who} may offer a trade to {' or '.join(them)} ('{who} offer {them[0]} GIVE for GET')"
              for who, them in legal.offer_partners.items() if them]
    if not moves and not offers:
        return "Nothing is legal at this step" + (" (the game is over)." if game.is_over() else ".")
    return "Legal at this step: " + "; ".join(moves + offers) + "."


def with_legal(message: str, game: Game) -> str:
    """A failure's ``message`` followed by the moves legal at that point (:func:`legal_now`)."""
    return f"{message.rstrip('.')}. {legal_now(game)}"


def unreadable(exc: ValueError) -> str:
    """What is wrong with an action's text, without the notation's made-up examples."""
    return exc.problem_text("en") if isinstance(exc, ActionSyntaxError) else str(exc)


def _as_list(value: Any) -> list:
    return value if isinstance(value, list) else [value]


#: The comparisons an ``expect`` value may ask for instead of equality (format 2).
COMPARISONS = ("unordered", "multiset", "contains", "excludes", "size")


def _key(value: Any) -> Any:
    """A hashable stand-in for a table value (fields are lists of lists)."""
    if isinstance(value, (list, tuple)):
        return tuple(_key(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _key(v)) for k, v in value.items()))
    return value


def _comparison(want: Any, got: Any) -> Optional[str]:
    """The comparison ``want`` asks for (``{unordered: [...]}`` ...), or None for equality."""
    if isinstance(want, dict) and len(want) == 1:
        (kind,) = want
        if kind in COMPARISONS and not (isinstance(got, dict) and kind in got):
            return kind
    return None


def compare(game: Game, got: Any, want: Any) -> Optional[str]:
    """Why ``got`` does not meet ``want`` (None when it does). ``want`` is a value (compared
    by equality, card names read as the game's ids) or one comparison:
    ``{unordered: [...]}`` / ``{multiset: [...]}`` (the same items in any order),
    ``{contains: [...]}`` (at least these items, counted), ``{excludes: [...]}`` (none of
    these) or ``{size: N}``."""
    kind = _comparison(want, got)
    if kind is None:
        if isinstance(want, list) and got is not None and isinstance(got, (list, tuple)):
            want = _normalise(game, want)
        elif isinstance(want, str) and isinstance(got, str):
            want = _normalise(game, [want])[0]
        return None if got == want else f"is {got!r}, expected {want!r}"
    arg = want[kind]
    if kind == "size":
        try:
            n = len(got)
        except TypeError:
            return f"is {got!r}, which has no size"
        return None if n == arg else f"has {n} item(s) ({got!r}), expected {arg}"
    if not isinstance(got, (list, tuple, str)):
        return f"is {got!r}, not a list to compare {kind}"
    items = _normalise(game, _as_list(arg))
    have = Counter(_key(g) for g in got)
    need = Counter(_key(i) for i in items)
    if kind in ("unordered", "multiset"):
        return None if have == need else f"is {got!r}, expected these in any order: {items!r}"
    if kind == "contains":
        short = need - have
        return None if not short else f"is {got!r}, which lacks {sorted(map(str, short.elements()))}"
    extra = [i for i in need if i in have]
    return None if not extra else f"is {got!r}, which holds {sorted(map(str, extra))}"


def check_expect(game: Game, expect: dict, where: str, line_of=None) -> list[str]:
    """Check ``expect`` against the table; ``line_of(path)`` gives a failure's line."""
    failures = []
    table = game.table()
    if not isinstance(expect, dict):
        return [Failure(f"{where}: expect must map table paths to values", line_of(None) if line_of else None)]
    for path, want in expect.items():
        line = line_of(path) if line_of else None
        key = game.ruleset.scenario_path(game.state, str(path))
        if key not in table:
            near = sorted(k for k in table if k.split(".")[-1] == str(path).split(".")[-1])[:5]
            failures.append(Failure(f"{where}: unknown table path {path!r}"
                                    + (did_you_mean(path, table) or (f" (did you mean {', '.join(near)}?)" if near else "")),
                                    line))
            continue
        why = compare(game, table[key], want)
        if why:
            failures.append(Failure(f"{where}: {path} {why}", line))
    return failures


def _normalise(game: Game, value: Any) -> Any:
    """Card names in expectations may be aliases (Hungarian names); compare canonical ids."""
    if isinstance(value, list):
        return [_normalise(game, v) for v in value]
    if isinstance(value, str):
        if value in game.players:
            return value
        return game.ruleset.card_id(value) or value
    return value


def check_events(game: Game, events: list, want: Any, where: str, line_of) -> list[str]:
    """``expect_events``: the step's events must include these, in this order (others may
    come between). Each entry names the ``event`` kind and may give ``player``, ``rule``
    and any of the event's data, compared as in ``expect``."""
    failures = []
    k = 0
    for j, w in enumerate(want):
        for e in events[k:]:
            k += 1
            if e.kind != w["event"]:
                continue
            ok = True
            for key, val in w.items():
                if key == "event":
                    continue
                got = e.player if key == "player" else e.rule if key == "rule" else e.data.get(key, _MISSING)
                if got is _MISSING or compare(game, got, val):
                    ok = False
                    break
            if ok:
                break
        else:
            seen = "; ".join(f"{e.kind} {e.player or ''} {e.data}".replace("  ", " ") for e in events) or "none"
            failures.append(Failure(f"{where}: no {w['event']!r} event matching {dict(w)!r}"
                                    + (" after the ones matched before it" if j else "") + f" (events: {clip(seen, 400)})",
                                    line_of("expect_events", j)))
            break
    return failures


_MISSING = object()


def _is_action(game: Game, text: Any) -> bool:
    try:
        game.ruleset.parse(str(text))
        return True
    except ValueError:
        return False


def check_exercise(game: Game, st: dict, where: str) -> list[str]:
    """An exercise needs choices. ``answer: legal`` (or ``refused``) lets the engine decide,
    so its choices must be actions; an explicit answer must be among the choices, and when
    every choice is an action the engine must agree with it: the answer is then exactly the
    choices that are legal now."""
    choices = st.get("choices")
    if not isinstance(choices, list) or not choices:
        return [f"{where}: an exercise ('ask') needs a list of choices"]
    hu = st.get("choices_hu")
    if hu is not None and (not isinstance(hu, list) or len(hu) != len(choices)):
        return [f"{where}: choices_hu must list one Hungarian wording per choice, in the same order"]
    answer = st.get("answer", "legal")
    if answer in ("legal", "refused"):
        for c in choices:
            try:
                game.ruleset.parse(str(c))
            except ValueError as exc:
                return [with_legal(f"{where}: choice {c!r} is not an action: {unreadable(exc)}", game)]
        return []
    answers = answer if isinstance(answer, list) else [answer]
    missing = [a for a in answers if str(a) not in [str(c) for c in choices]]
    if missing:
        return [f"{where}: answer {missing} is not among the choices"]
    if all(_is_action(game, c) for c in choices):
        legal = game.legal_actions()
        right = [str(c) for c in choices if c in legal]
        if sorted(map(str, answers)) != sorted(right):
            def words(xs):
                return ", ".join(map(repr, xs)) or "none of them"
            return [f"{where}: the answer says {words(map(str, answers))}, but the engine finds legal now: {words(right)} "
                    "(write answer: legal to let the engine decide, or answer: refused to ask for the refused ones)"]
    return []


@dataclass
class Step:
    """One step of a scenario, played: what its checks read and what its frame shows."""

    index: int                  # the step's number (from 1)
    step: dict                  # the step as written
    game: Game                  # the game after the step (the live game: copy what you keep)
    before: Optional[dict]      # the table before the step (``game.table()``), when asked for
    after: Optional[dict] = None  # the table after it, when the one before was asked for
    tried: list = field(default_factory=list)   # the step's actions tried, in order (a refused one last)
    events: list = field(default_factory=list)  # the events they caused
    error: Optional[ValueError] = None          # the refusal (or unreadable text) that ended them
    changed: bool = False       # a refused action changed the table (checked for ``expect_error`` only)
    failures: list = field(default_factory=list)  # the failed checks (none when not checked)
    stop: bool = False          # the checked run stops here: the table is no longer the file's


def play(sc: Scenario, game: Game, start: int = 0, *, check: bool = True,
         before: bool = False) -> Iterator[Step]:
    """Play ``sc``'s steps on ``game`` (the table after step ``start``: the steps after it are
    played), yielding each :class:`Step` while ``game`` is the table after it. With ``check``,
    every check of a step is made; after a ``do`` that was refused although the file expected
    it to be played (or allowed though it expected a refusal), the table no longer is the
    file's: that step is the last (``stop``, with a failure naming the steps not run). Without
    ``check``, every step is played, as a walkthrough shows them. With ``before``, each step
    has the tables before and after it (a step's table before is the one after the step
    before it)."""
    table = game.table() if before else None
    for i, st in enumerate(sc.steps[start:], start=start + 1):
        step = Step(i, st, game, table)
        if "do" in st:
            _do(step, check and "expect_error" in st)
        if check:
            step.failures = _checks(sc, step)
        if before:
            step.after = table = game.table()
        yield step
        if step.stop:
            return


def _do(step: Step, watch: bool) -> None:
    """Play the step's actions until one is refused; with ``watch``, note whether a refusal
    changed the table."""
    game = step.game
    before = game.state.to_dict() if watch else None
    for a in _as_list(step.step["do"]):
        step.tried.append(a)
        try:
            step.events += game.play(a)
        except ValueError as exc:  # a refusal, or text that is not an action
            step.error = exc
            break
    if before is not None and isinstance(step.error, IllegalAction):
        step.changed = game.state.to_dict() != before


def _do_failures(step: Step, where: str, line_of) -> list[str]:
    """The failures of the step's ``do`` (against its ``expect_error``); sets ``step.stop``
    when the table is no longer the file's."""
    st, exc, game = step.step, step.error, step.game
    acts = _as_list(st["do"])
    if "expect_error" not in st:
        if exc is None:
            return []
        step.stop = True
        if isinstance(exc, ActionSyntaxError):
            return [Failure(with_legal(f"{where}: {step.tried[-1]!r} is not readable: {unreadable(exc)}", game),
                            line_of("do"))]
        return [Failure(with_legal(f"{where}: {step.tried[-1]!r} was refused: {exc}", game), line_of("do"))]
    wanted = [str(x) for x in _as_list(st["expect_error"])]
    shown = " or ".join(wanted)
    line = line_of("expect_error")
    failures: list[str] = []
    if isinstance(exc, IllegalAction):
        if exc.rule not in wanted:
            failures.append(Failure(f"{where}: {acts[-1]!r} was refused citing {exc.rule}, expected {shown}: {exc}", line))
        if step.changed:
            failures.append(Failure(f"{where}: the refused action changed the table", line))
    elif exc is not None:
        if "syntax" not in wanted:
            failures.append(Failure(with_legal(f"{where}: {acts[-1]!r} is not readable: {unreadable(exc)}", game),
                                    line_of("do")))
    else:
        failures.append(Failure(f"{where}: {acts[-1]!r} was allowed, expected a refusal citing {shown}", line))
        step.stop = True
    return failures


def _checks(sc: Scenario, step: Step) -> list[str]:
    """Every check of a played step, on the table after it."""
    i, st, game = step.index, step.step, step.game
    where = f"step {i}"
    line_of = partial(sc.step_line, i)  # the line of the step, or of a key of it
    failures = _do_failures(step, where, line_of) if "do" in st else []
    for a in _as_list(st.get("expect_legal", [])):
        if a not in game.legal_actions():
            try:
                err = game.explain(a)
            except ValueError as exc:
                err = exc
            why = unreadable(err) if isinstance(err, ValueError) else err
            failures.append(Failure(with_legal(f"{where}: {a!r} should be legal but is not: {why}", game),
                                    line_of("expect_legal")))
    for a in _as_list(st.get("expect_not_legal", [])):
        if a in game.legal_actions():
            failures.append(Failure(f"{where}: {a!r} should not be legal but is", line_of("expect_not_legal")))
    if "expect" in st:
        failures += check_expect(game, st["expect"], where, lambda path: line_of("expect", path) if path else line_of("expect"))
    if "expect_events" in st and not step.stop:
        failures += check_events(game, step.events, st["expect_events"], where, line_of)
    if "ask" in st:
        failures += [Failure(f, line_of("answer") if "answer" in str(f) else line_of("choices"))
                     for f in check_exercise(game, st, where)]
    if step.stop and i < len(sc.steps):
        failures.append(Failure(f"{where}: the table is no longer the file's, so steps {i + 1}–{len(sc.steps)} "
                                "were not run", line_of()))
    return failures
