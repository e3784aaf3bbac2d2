"""Hints and reviews from the strong player's search, worded through the message catalogue.

``hint(game, player)`` searches the decision ``player`` faces now, from that seat's
observation only (the search reads the table through determinizations), and returns the
move the strong player would choose, the next best moves with their estimated win chance
and points, and a sentence why. ``review(record, player)`` replays a finished (or
unfinished) game and marks the player's moves that cost the most against the best move
the search finds at that point.

>>> import beannb
>>> g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
>>> h = g.hint("Ann", iterations=8)
>>> h.best.action.player
'Ann'
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Optional, Union

from ..core.actions import Action
from ..i18n import LANGS
from ..i18n.cast import rename_text
from ..i18n.messages import BEANNB_LOCALE, NC_, NPC_, SHOWN_LANGS, Messages, WordedValue
from ..i18n.numbers import number, percent
from .strong import Line, check_budget, search

#: Iterations of a hint's search (a hint should appear within a second or two).
HINT_ITERATIONS = 96
#: ... and the play widget's time cap on it (seconds): a slow ruleset on a slow or busy
#: machine stops early rather than keep the learner waiting past the 2 s target.
HINT_SECONDS = 1.5
#: Iterations per move of a review (a game has dozens of the learner's moves).
REVIEW_ITERATIONS = 32
#: The play widget's review of a whole game: a quick screen of every decision at
#: REVIEW_SCREEN iterations, then the costliest-looking few again at REVIEW_CONFIRM.
REVIEW_SCREEN = 8
REVIEW_CONFIRM = 64
#: ... and a time budget for the whole of it (seconds), so that a slow game cannot keep a
#: learner waiting long.
REVIEW_SECONDS = 8.0


#: The hint's and the review's sentences.
HINT_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    # What a game's score counts (the unit after a figure).
    NC_("hint-unit-coins", "coins"),
    NC_("hint-unit-pennies", "pennies"),
    NC_("hint-unit-victory-points", "victory points"),
    # TRANSLATORS: move is the recommended move as a sentence.
    NC_("hint-suggested", "Suggested: {move}"),
    NC_("hint-other-moves", "Other moves:"),
    # TRANSLATORS: one of the other moves: "Ann harvests field 1: estimated win chance 40%, about 5.2 coins".
    NC_("hint-alternative", "{move}: estimated win chance {win}, about {points} {unit}"),
    # TRANSLATORS: n is the number of playouts; next is the next best move; win/next_win are percentages
    # ("48%"); points/next_points the expected score in unit.
    NPC_("hint-even",
         "In {n} simulated continuation of what you can see, this move and the next best ({next}) are about "
         "even: estimated win chance {win} and {next_win}, about {points} and {next_points} {unit}. With so "
         "small a difference the strong player keeps to its usual plan.",
         "In {n} simulated continuations of what you can see, this move and the next best ({next}) are about "
         "even: estimated win chance {win} and {next_win}, about {points} and {next_points} {unit}. With so "
         "small a difference the strong player keeps to its usual plan."),
    NPC_("hint-better",
         "In {n} simulated continuation of what you can see, this move's estimated win chance is {win} against "
         "{next_win} for the next best ({next}), with about {points} {unit} instead of {next_points}.",
         "In {n} simulated continuations of what you can see, this move's estimated win chance is {win} against "
         "{next_win} for the next best ({next}), with about {points} {unit} instead of {next_points}."),
    NC_("hint-only-move", "It is the only move possible."),
    # TRANSLATORS: one reviewed move: played is the move played as a sentence, best the better move's
    # label, win/played_win percentages ("48%").
    NC_("review-mistake", "Turn {turn} (step {step}): {played} Better: {best} (estimated win chance {win} "
                          "instead of {played_win})."),
    NPC_("review-none", "None of {player}'s {n} reviewed move looks costly.",
         "None of {player}'s {n} reviewed moves looks costly."),
    NPC_("review-head", "{player}'s costliest moves (of {n} reviewed decision):",
         "{player}'s costliest moves (of {n} reviewed decisions):"),
])

def _points_word(ruleset: Any, lang: str) -> str:
    """The unit of the game's score (its strategy's ``score_unit``: coins, pennies, victory
    points) in ``lang``."""
    return HINT_MESSAGES.text("hint-unit-" + ruleset.strategy.score_unit.replace(" ", "-"), lang)


def recommended(options: list) -> int:
    """Which of ``options`` (most searched first) the hint recommends: the most searched one,
    unless another's win chance is clearly higher (beyond the search's noise); then that one.
    So the recommendation never reads worse than a move shown beside it."""
    if not options:
        return 0
    top = max(range(len(options)), key=lambda i: (options[i].win, options[i].points, -i))
    return 0 if _even(options[0], options[top]) else top


class _Figure(WordedValue):
    """A score figure in a message: written as its reader's language writes numbers."""

    __slots__ = ("x",)

    def __init__(self, x: float):
        self.x = x

    def text(self, lang: str = "en") -> str:
        return number(self.x, 0 if abs(self.x) >= 100 else 1, lang)  # pennies are whole


class _Percent(_Figure):
    """A win chance in a message: written as its reader's language writes a percentage."""

    __slots__ = ()

    def text(self, lang: str = "en") -> str:
        return percent(self.x, lang)


class _Shown(WordedValue):
    """A text already worded in each language (a move's label or sentence), for a message."""

    __slots__ = ("by_lang",)

    def __init__(self, by_lang: dict[str, str]):
        self.by_lang = by_lang

    def text(self, lang: str = "en") -> str:
        return self.by_lang.get(lang) or self.by_lang.get("en", "")


@dataclass
class Option:
    """A move the search weighed: its words, estimated win chance and points, visits."""

    action: Action
    label: dict[str, str]
    sentence: dict[str, str]
    win: float
    points: float
    visits: int

    def to_dict(self) -> dict:
        return {"action": str(self.action), "label": _langs_only(self.label), "sentence": _langs_only(self.sentence),
                "win": round(self.win, 3), "points": round(self.points, 2), "visits": self.visits}


def _langs_only(by_lang: dict[str, str]) -> dict[str, str]:
    """A text by language as a record keeps it: the package's languages (no pseudo-language)."""
    return {lang: text for lang, text in by_lang.items() if lang in LANGS}


@dataclass
class Hint(WordedValue):
    """The strong player's advice for ``player``: ``best``, ``alternatives``, ``why[lang]``."""

    player: str
    best: Option
    alternatives: list[Option]
    why: dict[str, str]
    iterations: int
    points_word: dict[str, str] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The hint as a short paragraph in ``lang``."""
        M = HINT_MESSAGES
        lines = [M.text("hint-suggested", lang, move=_Shown(self.best.sentence)), _Shown(self.why).text(lang)]
        if self.alternatives:
            lines.append(M.text("hint-other-moves", lang))
            for o in self.alternatives:
                lines.append("  " + M.text("hint-alternative", lang, move=_Shown(o.label), win=_Percent(o.win),
                                           points=_Figure(o.points), unit=_Shown(self.points_word)))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"player": self.player, "best": self.best.to_dict(), "alternatives": [o.to_dict() for o in self.alternatives],
                "why": _langs_only(self.why), "iterations": self.iterations}

    def renamed(self, game: Any, names: dict[str, str]) -> "Hint":
        """The same advice for ``game``, this hint's game with its players renamed (``names``:
        old -> new, as a page's language switch renames the example players): the same figures,
        every move worded with the new names (no new search)."""
        rs, s = game.ruleset, game.state
        player = names.get(self.player, self.player)
        obs = rs.observe(s, s.seat_of(player))
        best = _renamed(rs, self.best, names, obs)
        alts = [_renamed(rs, o, names, obs) for o in self.alternatives]
        return Hint(player, best, alts, _why(rs, best, alts, self.iterations, self.points_word), self.iterations,
                    self.points_word)


def _words(ruleset: Any, action: Action, obs: dict) -> tuple[dict[str, str], dict[str, str]]:
    """A move's button label and sentence in every language, as ``obs``'s seat may know it."""
    sentence = {lang: ruleset.describe(action, lang, obs) for lang in SHOWN_LANGS}
    label = {}
    for lang in SHOWN_LANGS:
        text = ruleset.action_label(action, lang)
        # A move a game gives no label of its own is named by the notation: say it in words.
        label[lang] = sentence[lang].rstrip(".") if text == str(action) else text
    return label, sentence


def _option(ruleset: Any, line: Line, obs: dict) -> Option:
    label, sentence = _words(ruleset, line.action, obs)
    return Option(line.action, label, sentence, line.win, line.mean_points * ruleset.strategy.score_scale, line.visits)


def _renamed(ruleset: Any, option: Option, names: dict[str, str], obs: dict) -> Option:
    """``option`` of a game whose players were renamed (``names``: old -> new), worded anew."""
    action = ruleset.parse(rename_text(str(option.action), names))
    label, sentence = _words(ruleset, action, obs)
    return replace(option, action=action, label=label, sentence=sentence)


#: Win chances closer than this (or within the search's own noise) count as even.
EVEN = 0.03


def _even(best: Option, nxt: Option) -> bool:
    """Whether the search cannot tell ``best`` and ``nxt`` apart: their win chances differ by
    less than EVEN or by less than about one standard error of the rollouts behind them."""
    noise = sum(o.win * (1 - o.win) / o.visits for o in (best, nxt) if o.visits)
    return abs(best.win - nxt.win) < max(EVEN, noise ** 0.5)


def _why(ruleset: Any, best: Option, alts: list[Option], n: int, word: dict) -> dict[str, str]:
    M = HINT_MESSAGES
    if alts:
        nxt = alts[0]
        data = {"n": n, "next": _Shown(nxt.label), "win": _Percent(best.win), "next_win": _Percent(nxt.win),
                "points": _Figure(best.points), "next_points": _Figure(nxt.points), "unit": _Shown(word)}
        # A learner must not read "48% against 49%" as the search contradicting itself.
        even = best.win <= nxt.win or _even(best, nxt)
        said = [M.message("hint-even" if even else "hint-better", **data)]
        reason = ruleset.strategy.reasons.get(best.action.VERB)  # why such a move tends to be good
        if reason:
            said.append(reason)
    else:
        said = [M.message("hint-only-move")]
    return {lang: " ".join(m.text(lang) for m in said) for lang in SHOWN_LANGS}


def _seat_to_move(game: Any, player: Optional[str]) -> tuple[int, str]:
    s = game.state
    if game.ruleset.is_over(s):
        raise ValueError("the game is over: there is no move to hint; see review() for how it went")
    movers = game.ruleset.to_move(s)
    if player is None:
        seat = movers[0]
        return seat, s.players[seat].name
    seat = s.seat_of(player)
    if seat is None:
        raise ValueError(f"no player called {player!r}; players are {', '.join(p.name for p in s.players)}")
    if seat not in movers:
        waiting = ", ".join(s.players[i].name for i in movers)
        raise ValueError(f"{player} is not to move now (the game waits for {waiting}), so there is no decision to hint")
    return seat, player


def hint(game: Any, player: Optional[str] = None, iterations: Optional[int] = HINT_ITERATIONS,
         seconds: Optional[float] = None, seed: int = 0, alternatives: int = 3) -> Hint:
    """The strong player's advice for ``player`` (default: the seat the game waits for).
    Refuses (ValueError) a seat that is not to move, a finished game and a budget below 1."""
    check_budget(iterations, seconds)
    seat, name = _seat_to_move(game, player)
    rs, s = game.ruleset, game.state
    res = search(rs, s, seat, iterations, seconds, rng=random.Random(seed))
    obs = rs.observe(s, seat)
    opts = [_option(rs, ln, obs) for ln in res.lines[: alternatives + 1]]
    k = recommended(opts)
    opts = [opts[k]] + opts[:k] + opts[k + 1:]
    word = {lang: _points_word(rs, lang) for lang in SHOWN_LANGS}
    return Hint(name, opts[0], opts[1:], _why(rs, opts[0], opts[1:], res.iterations, word), res.iterations, word)


@dataclass
class Mistake:
    """One reviewed move: what was played, what the search preferred, the win chance lost."""

    step: int
    turn: int
    played: Option
    best: Option
    loss: float

    def text(self, lang: str = "en") -> str:
        return HINT_MESSAGES.text("review-mistake", lang, turn=self.turn, step=self.step,
                                  played=_Shown(self.played.sentence), best=_Shown(self.best.label),
                                  win=_Percent(self.best.win), played_win=_Percent(self.played.win))


@dataclass
class Review:
    """The moves of ``player`` that cost the most, worst first."""

    player: str
    mistakes: list[Mistake]
    moves: int

    def text(self, lang: str = "en") -> str:
        if not self.mistakes:
            return HINT_MESSAGES.text("review-none", lang, player=self.player, n=self.moves)
        head = HINT_MESSAGES.text("review-head", lang, player=self.player, n=self.moves)
        return "\n".join([head] + ["- " + m.text(lang) for m in self.mistakes])

    def renamed(self, game: Any, names: dict[str, str]) -> "Review":
        """The same review of ``game``, the reviewed game with its players renamed (``names``:
        old -> new): every move worded anew from its step's table (no new search)."""
        rs = game.ruleset
        player = names.get(self.player, self.player)
        seat = game.initial.seat_of(player)

        def again(m: Mistake) -> Mistake:
            obs = rs.observe(game.steps[m.step - 1].before, seat)
            return replace(m, played=_renamed(rs, m.played, names, obs), best=_renamed(rs, m.best, names, obs))

        return Review(player, [again(m) for m in self.mistakes], self.moves)


def review(record: Union[dict, Any], player: str, iterations: int = REVIEW_ITERATIONS, seed: int = 0,
           top: int = 3, min_loss: float = 0.02, max_moves: Optional[int] = None,
           screen: Optional[int] = None, seconds: Optional[float] = None) -> Review:
    """Replay ``record`` (a ``Game`` or a record from ``Game.record()``) and search each of
    ``player``'s decisions that had a choice, from that seat's observation; the moves whose
    estimated win chance fell furthest below the best move's (at least ``min_loss``) come
    back, worst first, at most ``top``. ``max_moves`` reviews only the first decisions.

    ``screen``: a quick first pass of ``screen`` iterations over every decision, after which
    only the ``3 * top`` costliest-looking ones are searched again with ``iterations`` (and
    judged on that second search alone). A whole game then takes seconds, not tens of seconds.
    ``seconds``: a time budget for the whole review as well (two thirds for the screen, the
    rest for the second look); each search still visits every candidate once.
    """
    check_budget(iterations, seconds)
    if screen is not None:
        check_budget(screen, None)
    t0 = time.perf_counter()
    from ..games import from_record  # the registry, to rebuild a record

    game = record if hasattr(record, "steps") else from_record(record)
    rs = game.ruleset
    seat = game.initial.seat_of(player)
    if seat is None:
        raise ValueError(f"no player called {player!r}; players are {', '.join(game.players)}")
    rng = random.Random(seed)
    decisions: list[tuple[int, Any]] = []
    for i, step in enumerate(game.steps, start=1):
        if step.action.player != player or seat not in rs.to_move(step.before):
            continue
        if max_moves is not None and len(decisions) >= max_moves:
            break
        # A move built rather than taken from the legal list (a trade offer) is always a choice.
        if len(rs.legal_actions(step.before, player)) < 2 and step.action.VERB not in rs.strategy.built_verbs:
            continue
        decisions.append((i, step))

    def judge(i: int, step: Any, budget: int, r: random.Random, share: Optional[float] = None) -> Optional[Mistake]:
        res = search(rs, step.before, seat, budget, share, rng=r, include=(step.action,))
        played = next(ln for ln in res.lines if ln.action == step.action)
        best = res.lines[0] if res.lines[0].win >= played.win else played
        loss = best.win - played.win
        if best is played or loss <= 0:
            return None
        obs = rs.observe(step.before, seat)
        return Mistake(i, step.before.turn, _option(rs, played, obs), _option(rs, best, obs), loss)

    def share(part: float, left: int) -> Optional[float]:
        """Seconds for the next search: what is left of ``part`` of the budget, shared out."""
        if seconds is None:
            return None
        return max(1e-3, (seconds * part - (time.perf_counter() - t0)) / max(1, left))

    first, screen_part = (iterations, 1.0) if screen is None else (screen, 2 / 3)
    found = []
    for k, (i, step) in enumerate(decisions):
        m = judge(i, step, first, random.Random(rng.getrandbits(64)), share(screen_part, len(decisions) - k))
        if m is not None:
            found.append(m)
    if screen is not None:
        found.sort(key=lambda m: (-m.loss, m.step))
        steps = dict(decisions)
        again = []
        worst = found[: 3 * top]
        for k, m in enumerate(worst):
            # Its own seed, whatever the first pass drew: the verdict rests on this search.
            confirmed = judge(m.step, steps[m.step], iterations, random.Random(seed * 1_000_003 + m.step),
                              share(1.0, len(worst) - k))
            if confirmed is not None:
                again.append(confirmed)
        found = again
    found = [m for m in found if m.loss >= min_loss]
    found.sort(key=lambda m: (-m.loss, m.step))
    return Review(player, found[:top], len(decisions))
