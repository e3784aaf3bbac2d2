"""Hints and reviews from the strong player's search, in English and Hungarian.

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
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..core.actions import Action
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


#: What a game's score counts, where it is not coins: takeover scores pennies (100 a coin, 10 a
#: text card kept: T-spec scoring), Bohnaparte victory points.
SCORE_WORDS = {"bohnaparte": {"en": "victory points", "hu": "győzelmi pont"},
               "takeover": {"en": "pennies", "hu": "babfillér"}}


#: Takeover's search counts coins; its score is in pennies (a coin is 100 of them).
SCORE_SCALE = {"takeover": 100}


def _points_word(ruleset: Any, lang: str) -> str:
    words = SCORE_WORDS.get(ruleset.name, {"en": "coins", "hu": "babtallér"})
    return words["hu" if lang == "hu" else "en"]


def recommended(options: list) -> int:
    """Which of ``options`` (most searched first) the hint recommends: the most searched one,
    unless another's win chance is clearly higher (beyond the search's noise); then that one.
    So the recommendation never reads worse than a move shown beside it."""
    if not options:
        return 0
    top = max(range(len(options)), key=lambda i: (options[i].win, options[i].points, -i))
    return 0 if _even(options[0], options[top]) else top


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _az_num(x: float) -> str:
    """A Hungarian number with its article ("az 5,2", "a 3,0")."""
    from ..i18n.hu import article

    return f"{article(int(x))} {_num(x, 'hu')}"


def _num(x: float, lang: str) -> str:
    text = f"{x:.0f}" if abs(x) >= 100 else f"{x:.1f}"  # pennies are whole
    return text.replace(".", ",") if lang == "hu" else text  # Hungarian writes a decimal comma


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
        return {"action": str(self.action), "label": self.label, "sentence": self.sentence,
                "win": round(self.win, 3), "points": round(self.points, 2), "visits": self.visits}


@dataclass
class Hint:
    """The strong player's advice for ``player``: ``best``, ``alternatives``, ``why[lang]``."""

    player: str
    best: Option
    alternatives: list[Option]
    why: dict[str, str]
    iterations: int
    points_word: dict[str, str] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The hint as a short paragraph in ``lang``."""
        word = self.points_word.get(lang, "")
        hu = lang == "hu"
        lines = [("Javaslat: " if hu else "Suggested: ") + self.best.sentence[lang], self.why[lang]]
        if self.alternatives:
            lines.append("Más lehetőségek:" if hu else "Other moves:")
            for o in self.alternatives:
                lines.append(f"  {o.label[lang]}: " + (f"becsült nyerési esély {_pct(o.win)}, kb. {_num(o.points, 'hu')} {word}" if hu
                                                       else f"estimated win chance {_pct(o.win)}, about {_num(o.points, 'en')} {word}"))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"player": self.player, "best": self.best.to_dict(), "alternatives": [o.to_dict() for o in self.alternatives],
                "why": self.why, "iterations": self.iterations}

    def __str__(self) -> str:
        return self.text("en")


def _option(ruleset: Any, line: Line, obs: dict) -> Option:
    sentence = {lang: ruleset.describe(line.action, lang, obs) for lang in ("en", "hu")}
    label = {}
    for lang in ("en", "hu"):
        text = ruleset.action_label(line.action, lang)
        # A move a game gives no label of its own is named by the notation: say it in words.
        label[lang] = sentence[lang].rstrip(".") if text == str(line.action) else text
    return Option(line.action, label, sentence, line.win, line.mean_points * SCORE_SCALE.get(ruleset.name, 1), line.visits)


#: Why a kind of move tends to be good, by verb (en, hu): added to the figures.
REASONS = {
    "harvest": ("Harvesting now turns the field into money before it has to be sold cheaper or lost.",
                "Ha most takarítod be, a babföld pénzt hoz, mielőtt olcsóbban kellene eladnod vagy elveszítenéd."),
    "plant": ("Planting there grows a field that pays more later.",
              "Oda ültetve egy olyan babföld nő, amely később többet fizet."),
    "buy-field": ("A third field gives room, so that no growing field has to be sold early.",
                  "A harmadik babföld helyet ad, így egyetlen növekvő babföldet sem kell idő előtt eladni."),
    "accept": ("The trade brings beans that fit your fields for cards you need less.",
               "A csere olyan babot hoz, amely illik a babföldjeidhez, olyan lapokért, amelyekre kevésbé van szükséged."),
    "decline": ("The offer gives away more than it brings.", "Az ajánlat többet visz el, mint amennyit hoz."),
    "offer": ("A trade can place cards you would otherwise have to plant badly.",
              "Egy cserével elhelyezheted azokat a lapokat, amelyeket különben rossz helyre kellene ültetned."),
    "takeover": ("Taking the field over adds its beans to your strongest field.",
                 "Az átvétel a babföld babjait a te babföldedhez adja."),
}


#: Win chances closer than this (or within the search's own noise) count as even.
EVEN = 0.03


def _even(best: Option, nxt: Option) -> bool:
    """Whether the search cannot tell ``best`` and ``nxt`` apart: their win chances differ by
    less than EVEN or by less than about one standard error of the rollouts behind them."""
    noise = 0.0
    for o in (best, nxt):
        if o.visits:
            noise += o.win * (1 - o.win) / o.visits
    return abs(best.win - nxt.win) < max(EVEN, noise ** 0.5)


def _why(ruleset: Any, best: Option, alts: list[Option], n: int, word: dict) -> dict[str, str]:
    out = {}
    for lang in ("en", "hu"):
        hu = lang == "hu"
        if alts:
            nxt = alts[0]
            if best.win <= nxt.win or _even(best, nxt):
                # A learner must not read "48% against 49%" as the search contradicting itself.
                if hu:
                    s = (f"{n} végigjátszott folytatásban (abból, amit látsz) ez a lépés és a következő legjobb "
                         f"({nxt.label['hu']}) nagyjából egyformán jó: becsült nyerési esély {_pct(best.win)} és "
                         f"{_pct(nxt.win)}, kb. {_num(best.points, 'hu')} és {_num(nxt.points, 'hu')} {word['hu']}. "
                         f"Ilyen kis különbségnél az erős játékos a szokásos tervénél marad.")
                else:
                    s = (f"In {n} simulated continuations of what you can see, this move and the next best "
                         f"({nxt.label['en']}) are about even: estimated win chance {_pct(best.win)} and {_pct(nxt.win)}, "
                         f"about {_num(best.points, 'en')} and {_num(nxt.points, 'en')} {word['en']}. With so small a difference "
                         f"the strong player keeps to its usual plan.")
            elif hu:
                s = (f"{n} végigjátszott folytatásban (abból, amit látsz) ezzel a lépéssel a becsült nyerési esélyed {_pct(best.win)}, "
                     f"a következő legjobbal ({nxt.label['hu']}) {_pct(nxt.win)}; kb. {_num(best.points, 'hu')} {word['hu']} "
                     f"{_az_num(nxt.points)} helyett.")
            else:
                s = (f"In {n} simulated continuations of what you can see, this move's estimated win chance is {_pct(best.win)} "
                     f"against {_pct(nxt.win)} for the next best ({nxt.label['en']}), with about {_num(best.points, 'en')} "
                     f"{word['en']} instead of {_num(nxt.points, 'en')}.")
        else:
            s = ("Ez az egyetlen lehetséges lépés." if hu else "It is the only move possible.")
        reason = REASONS.get(best.action.VERB)
        if reason and alts:
            s += " " + (reason[1] if hu else reason[0])
        out[lang] = s
    return out


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
    word = {lang: _points_word(rs, lang) for lang in ("en", "hu")}
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
        if lang == "hu":
            return (f"{self.turn}. kör ({self.step}. lépés): {self.played.sentence['hu']} Jobb lett volna: "
                    f"{self.best.label['hu']} (becsült nyerési esély {_pct(self.best.win)} a {_pct(self.played.win)} helyett).")
        return (f"Turn {self.turn} (step {self.step}): {self.played.sentence['en']} Better: {self.best.label['en']} "
                f"(estimated win chance {_pct(self.best.win)} instead of {_pct(self.played.win)}).")


@dataclass
class Review:
    """The moves of ``player`` that cost the most, worst first."""

    player: str
    mistakes: list[Mistake]
    moves: int

    def text(self, lang: str = "en") -> str:
        hu = lang == "hu"
        if not self.mistakes:
            return (f"{self.player} {self.moves} átnézett lépése közül egyik sem tűnt költségesnek." if hu else
                    f"None of {self.player}'s {self.moves} reviewed moves looks costly.")
        head = (f"{self.player} legköltségesebb lépései ({self.moves} átnézett döntésből):" if hu else
                f"{self.player}'s costliest moves (of {self.moves} reviewed decisions):")
        return "\n".join([head] + ["- " + m.text(lang) for m in self.mistakes])


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
        if len(rs.legal_actions(step.before, player)) < 2 and step.action.VERB != "offer":
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
