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
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..core.actions import Action
from .strong import Line, check_budget, search

#: Iterations of a hint's search (a hint should appear within a second or two).
HINT_ITERATIONS = 96
#: Iterations per move of a review (a game has dozens of the learner's moves).
REVIEW_ITERATIONS = 32


def _points_word(ruleset: Any, lang: str) -> str:
    if ruleset.name == "bohnaparte":
        return "győzelmi pont" if lang == "hu" else "victory points"
    return "tallér" if lang == "hu" else "coins"


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _num(x: float, lang: str) -> str:
    text = f"{x:.1f}"
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
                                                       else f"estimated win chance {_pct(o.win)}, about {o.points:.1f} {word}"))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"player": self.player, "best": self.best.to_dict(), "alternatives": [o.to_dict() for o in self.alternatives],
                "why": self.why, "iterations": self.iterations}

    def __str__(self) -> str:
        return self.text("en")


def _option(ruleset: Any, line: Line, obs: dict) -> Option:
    label = {lang: ruleset.action_label(line.action, lang) for lang in ("en", "hu")}
    sentence = {lang: ruleset.describe(line.action, lang, obs) for lang in ("en", "hu")}
    return Option(line.action, label, sentence, line.win, line.mean_points, line.visits)


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


def _why(ruleset: Any, best: Option, alts: list[Option], n: int, word: dict) -> dict[str, str]:
    out = {}
    for lang in ("en", "hu"):
        hu = lang == "hu"
        if alts:
            nxt = alts[0]
            if hu:
                s = (f"{n} végigjátszott folytatásban (abból, amit látsz) ezzel a lépéssel a becsült nyerési esélyed {_pct(best.win)}, "
                     f"a következő legjobbal ({nxt.label['hu']}) {_pct(nxt.win)}; kb. {_num(best.points, 'hu')} {word['hu']} "
                     f"a(z) {_num(nxt.points, 'hu')} helyett.")
            else:
                s = (f"In {n} simulated continuations of what you can see, this move's estimated win chance is {_pct(best.win)} "
                     f"against {_pct(nxt.win)} for the next best ({nxt.label['en']}), with about {best.points:.1f} "
                     f"{word['en']} instead of {nxt.points:.1f}.")
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
           top: int = 3, min_loss: float = 0.02, max_moves: Optional[int] = None) -> Review:
    """Replay ``record`` (a ``Game`` or a record from ``Game.record()``) and search each of
    ``player``'s decisions that had a choice, from that seat's observation; the moves whose
    estimated win chance fell furthest below the best move's (at least ``min_loss``) come
    back, worst first, at most ``top``. ``max_moves`` reviews only the first decisions."""
    check_budget(iterations, None)
    from ..games import from_record  # the registry, to rebuild a record

    game = record if hasattr(record, "steps") else from_record(record)
    rs = game.ruleset
    seat = game.initial.seat_of(player)
    if seat is None:
        raise ValueError(f"no player called {player!r}; players are {', '.join(game.players)}")
    rng = random.Random(seed)
    found: list[Mistake] = []
    moves = 0
    for i, step in enumerate(game.steps, start=1):
        if step.action.player != player or seat not in rs.to_move(step.before):
            continue
        if max_moves is not None and moves >= max_moves:
            break
        if len(rs.legal_actions(step.before, player)) < 2 and step.action.VERB != "offer":
            continue
        moves += 1
        res = search(rs, step.before, seat, iterations, rng=random.Random(rng.getrandbits(64)), include=(step.action,))
        played = next(ln for ln in res.lines if ln.action == step.action)
        best = res.lines[0] if res.lines[0].win >= played.win else played
        loss = best.win - played.win
        if loss >= min_loss and best is not played:
            obs = rs.observe(step.before, seat)
            found.append(Mistake(i, step.before.turn, _option(rs, played, obs), _option(rs, best, obs), loss))
    found.sort(key=lambda m: (-m.loss, m.step))
    return Review(player, found[:top], moves)
