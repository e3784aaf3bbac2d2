"""Text that reads right: a sweep over what the pages show, in English and Hungarian, with one
checker (tests/text_sweep.py: run-together sentences, doubled or stray punctuation, "(s)" and
"a(z)", number agreement, empty captions, unfilled fields, identical options).

Per game:

- every frame of every scenario walkthrough (each variant a walkthrough of its own): the
  title, the step's caption (its action in words), the narration (the author's words, the
  refusal a step demonstrates, the events), the rules cited, what changed, and each
  exercise's question, options (no two alike), the feedback after a right and a wrong answer,
  and the refusal each option that is an action gets when played on that table;
- seeded games of bots played to the end: every event narrated, every action described and
  labelled, and at some moments the refusal of each action a seat is not allowed (another
  seat's move, the notation's examples), as the page words them.

Each finding names where it was seen, the language and the text.
"""
from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest
import yaml

import beannb
from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.core.errors import ActionSyntaxError, BeannbError, IllegalAction
from beannb.games import available, get_ruleset
from beannb.render.lesson import choice_label, describe_changes, feedback_text, step_words
from beannb.scenario_format import load_scenario
from beannb.walkthrough import Walkthrough

from text_sweep import faults, same_options

ROOT = Path(__file__).resolve().parent.parent
GAMES = available()
LANGS = ("en", "hu")


class Seen(NamedTuple):
    where: str
    lang: str
    text: object
    quoted: tuple = ()
    fault: str = ""  # found already (options that read the same)

    def problems(self) -> list[str]:
        found = [self.fault] if self.fault else faults(self.text, self.lang, self.quoted)
        return [f"{self.where} ({self.lang}): {f} in {self.text!r}" for f in found]


def typed(exc: BeannbError) -> tuple:
    """What a refusal quotes as a player typed it (not checked: it is shown as typed)."""
    if isinstance(exc, ActionSyntaxError):
        return (exc.text_given, exc.problem, *exc.expected)
    if isinstance(exc, IllegalAction) and exc._words is None:
        return (exc.action, *exc.allowed)
    return ()


def refusal_texts(where: str, exc: BeannbError, langs=LANGS) -> Iterator[Seen]:
    for lang in langs:
        yield Seen(where, lang, exc.text(lang), typed(exc))
        if isinstance(exc, IllegalAction):
            yield Seen(where + " (reason)", lang, exc.reason_text(lang),
                       tuple(v for v in exc.reason.data.values() if isinstance(v, str) and v in (exc.action,)))


# -- scenario walkthroughs ---------------------------------------------------------------------------

def scenario_files(game: str) -> list[Path]:
    return [p for p in sorted((ROOT / "scenarios" / game).glob("*.yaml"))
            if "expect_setup_error" not in (yaml.safe_load(p.read_text(encoding="utf-8")) or {})]


def walkthroughs(game: str) -> Iterator[tuple[str, str, Walkthrough]]:
    """Each scenario and each of its variants as the page in each language shows it (with that
    language's example players)."""
    for path in scenario_files(game):
        sc = load_scenario(str(path))
        for run in (sc, *sc.variants):
            name = f"{game}/{path.stem}" + (f"[{run.variant}]" if getattr(run, "variant", None) else "")
            for lang in LANGS:
                yield name, lang, Walkthrough.from_scenario(run, lang=lang)


def frame_texts(name: str, lang: str, walk: Walkthrough) -> Iterator[Seen]:
    """What a page in ``lang`` shows of a walkthrough, frame by frame."""
    yield Seen(f"{name} title", lang, walk.titles.get(lang) or walk.title)
    for f in walk.frames:
        at = f"{name} frame {f.index}"
        rs = f.game.ruleset
        for a in f.actions:
            try:
                rs.parse(a)
            except ValueError:
                continue  # a step that shows unreadable text shows it as typed
            yield Seen(f"{at} caption", lang, step_words(a, lang, rs))
        for k, line in enumerate(f.narration(lang)):
            quoted = typed(f.error) if f.error is not None and line == f.error.text(lang) else ()
            yield Seen(f"{at} narration[{k}]", lang, line, quoted)
        for rid, title, statement in f.rule_texts(lang):
            yield Seen(f"{at} rule {rid} title", lang, title)
            yield Seen(f"{at} rule {rid}", lang, statement)
        changed = describe_changes(f.changed, lang)
        if changed:
            yield Seen(f"{at} changed", lang, changed)
        ex = f.exercise
        if ex is None:
            continue
        yield Seen(f"{at} question", lang, ex.question.get(lang) or ex.question["en"])
        label = functools.partial(lambda c, ex, rs: ex.choice_text(c, lang) or choice_label(c, lang, rs), ex=ex, rs=rs)
        labels = [label(c) for c in ex.choices]
        for k, text in enumerate(labels):
            yield Seen(f"{at} option {k + 1}", lang, text)
        for same in same_options(labels):
            yield Seen(f"{at} options", lang, labels, fault=same)
        for ok in (True, False):
            yield Seen(f"{at} feedback ({'right' if ok else 'wrong'})", lang, feedback_text(ex, ok, lang, label))
        for k, choice in enumerate(ex.choices):
            try:
                action = rs.parse(choice)
            except ValueError:
                continue
            try:
                f.game.copy().play(action)
            except BeannbError as exc:
                yield from refusal_texts(f"{at} option {k + 1} refused", exc, (lang,))


@functools.lru_cache(maxsize=None)
def walked(game: str) -> tuple:
    return tuple(walkthroughs(game))


@pytest.mark.parametrize("game", GAMES)
def test_every_walkthrough_frame_reads_right(game):
    problems, seen = [], 0
    for name, lang, walk in walked(game):
        for s in frame_texts(name, lang, walk):
            seen += 1
            problems += s.problems()
    assert seen > 500
    assert not problems, f"{len(problems)} finding(s):\n" + "\n".join(problems[:60])


# -- games of bots ---------------------------------------------------------------------------------------

#: Seats, seeds and options of the games played per game.
TABLES = {
    "bohnanza": [(["Ann", "Bob", "Cid"], 1, {}), (["Anna", "Bob", "Cid", "Dora", "Eve"], 2, {}),
                 (["Ann", "Bob"], 3, {"profile": "RIO_GRANDE"})],
    "takeover": [(["Ann", "Bob", "Cid"], 1, {}), (["Anna", "Bob", "Cid", "Dora"], 2, {}), (["Ann", "Bob"], 3, {})],
    "rabohnzel": [(["Ann", "Bob", "Cid"], 1, {}), (["Anna", "Bob", "Cid", "Dora"], 2, {}),
                  (["Ann", "Bob", "Cid", "Dora", "Eve"], 3, {})],
    "bohnaparte": [(["Ann", "Bob", "Cid"], 1, {}), (["Anna", "Bob", "Cid", "Dora"], 2, {}),
                   (["Ann", "Bob", "Cid", "Dora"], 3, {"destruction": True, "gem_reveals": "per_field",
                                                       "cart_in_battle": True})],
}


def notation_examples(game: str) -> list[str]:
    import test_narration_catalogue as tn
    return {"bohnanza": tn.BOHNANZA_NOTATION, "takeover": tn.TAKEOVER_NOTATION,
            "rabohnzel": tn.RABOHNZEL_NOTATION, "bohnaparte": tn.BOHNAPARTE_NOTATION}[game]


def refused_here(rs, state, players, rng, examples) -> Iterator[tuple[str, BeannbError]]:
    """Refusals at this moment: each seat trying another seat's legal moves, and the
    notation's examples played by whoever they name."""
    legal = list(rs.legal_actions(state))
    tries = [str(a) for a in rng.sample(legal, min(8, len(legal)))]
    others = [f"{p} {t.split(' ', 1)[1]}" for t in tries for p in players if not t.startswith(p + " ")]
    for text in [*rng.sample(others, min(12, len(others))), *examples]:
        text = text.replace("Ann ", players[0] + " ", 1) if text.startswith("Ann ") else text
        try:
            action = rs.parse(text)
        except ValueError:
            continue
        try:
            err = rs.validate(state, action)
        except BeannbError as exc:
            err = exc
        if err is not None:
            yield text, err


def bot_game_texts(game: str) -> Iterator[Seen]:
    rs = get_ruleset(game)
    examples = notation_examples(game)
    for players, seed, options in TABLES[game]:
        g = beannb.new_game(game, players=players, seed=seed, **options)
        bots = [(GreedyBot if i % 2 else RandomBot)(seed * 10 + i) for i in range(len(players))]
        rng = random.Random(seed)
        out: list[Seen] = []
        count = [0]

        def on_step(before, action, after, events, out=out, count=count, rng=rng, players=players):
            at = f"{game} seed {seed} step {count[0]}"
            count[0] += 1
            obs = rs.observe(before, None)
            for lang in LANGS:
                out.append(Seen(f"{at} {action} described", lang, rs.describe(action, lang, obs)))
                out.append(Seen(f"{at} {action} label", lang, rs.action_label(action, lang)))
                for e in events:
                    out.append(Seen(f"{at} event {e.kind}", lang, e.text(lang)))
            if count[0] % 25 == 1:
                for text, err in refused_here(rs, before, players, rng, examples if count[0] % 100 == 1 else ()):
                    out.extend(refusal_texts(f"{at} refused {text!r}", err))

        play_out(rs, g.state, bots, on_step=on_step, max_actions=4000)
        assert count[0] > 20
        yield from out


@pytest.mark.parametrize("game", GAMES)
def test_games_of_bots_are_narrated_right(game):
    problems, seen = [], 0
    for s in bot_game_texts(game):
        seen += 1
        problems += s.problems()
    assert seen > 500
    problems = list(dict.fromkeys(problems))
    assert not problems, f"{len(problems)} finding(s):\n" + "\n".join(problems[:60])


# -- the strong player's hint and review ---------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_hints_and_reviews_read_right(game):
    """The hint at a few moments of a game of random bots, and the review of a seat's moves."""
    players = ["Ann", "Bob", "Cid"]
    g = beannb.new_game(game, players=players, seed=5)
    bots = [RandomBot(i) for i in range(len(players))]
    problems, seen = [], 0
    for k in range(61):
        if g.is_over():
            break
        if k in (3, 20, 40, 60):
            hint = g.hint(iterations=8, seed=k)
            for lang in LANGS:
                seen += 1
                problems += Seen(f"{game} hint at step {k}", lang, hint.text(lang)).problems()
        seat = g.ruleset.to_move(g.state)[0]
        g.play(bots[seat].act(g.ruleset, g.state, seat))
    review = g.review("Ann", iterations=4, screen=2, max_moves=8, seconds=3.0)
    for lang in LANGS:
        seen += 1
        problems += Seen(f"{game} review", lang, review.text(lang)).problems()
    assert seen >= 6
    assert not problems, "\n".join(problems)


# -- the checker sees what it is for, and leaves good prose alone ----------------------------------------

@pytest.mark.parametrize("lang,text,kind", [
    ("en", "Ann plants in field 2.Bob plants in field 1.", "run-together"),
    ("en", "It is the end of the turn.Anna draws.", "run-together"),
    ("en", "Anna ends the turn.2 cards are drawn.", "run-together"),
    ("en", "Anna ends the turn.Anna ends the turn.", "said twice"),
    ("en", "Anna ends the turn. Anna ends the turn.", "said twice"),
    ("en", "Ann harvests,Bob draws.", "run-together"),
    ("hu", "Ann az 1. babföldre ültet.Bob húz.", "run-together"),
    ("en", "The game ends..", "doubled full stop"),
    ("en", "Ann harvests., then draws.", "stray punctuation"),
    ("en", "Ann harvests,. then draws.", "stray punctuation"),
    ("en", "Ann harvests!.", "stray punctuation"),
    ("en", "Ann harvests :: Bob draws.", "stray punctuation"),
    ("en", "Ann harvests . Bob draws.", "space before punctuation"),
    ("en", "Ann harvests , then draws.", "space before punctuation"),
    ("en", "Ann harvests ( field 1) first.", "space inside a bracket"),
    ("en", "Ann harvests (field 1 ) first.", "space inside a bracket"),
    ("en", "Ann harvests () first.", "empty bracket"),
    ("en", "Ann harvests  and draws.", "double space"),
    ("en", "Ann takes the card(s).", "'(s)' plural"),
    ("en", "Ann takes the box(es).", "'(s)' plural"),
    ("hu", "Ann a(z) 1. babföldre ültet.", "a(z)"),
    ("en", "Bob has 1 cards left.", "number disagreement"),
    ("en", "Bob gets 1 coins.", "number disagreement"),
    ("en", "Bob gets 2 card.", "number disagreement"),
    ("en", "Bob gets three coin.", "number disagreement"),
    ("hu", "Bob 3 lapok húz.", "stays singular"),
    ("hu", "Bob 2 szójababokat ad.", "stays singular"),
    ("hu", "Ann 4 babtallérokat kap.", "stays singular"),
    ("en", "Question:", "nothing after it"),
    ("hu", "Kérdés: ", "nothing after it"),
    ("en", "Answer: .", "nothing after it"),
    ("en", "Ann plants {bean} in field 1.", "unfilled field"),
    ("en", "Ann plants in field None.", "never worded"),
    ("en", "Ann gets nan coins.", "never worded"),
    ("hu", "⟦Ann ültet⟧", "pseudo-language"),
    ("en", "Field 2 is empty (rule B-32: Empty fields cannot be harvested.) Allowed now: Ann draws.", "no full stop"),
    ("en", "", "empty text"),
    ("hu", "   ", "empty text"),
])
def test_the_checker_sees_what_reads_wrong(lang, text, kind):
    found = faults(text, lang)
    assert any(kind in f for f in found), (text, found)


@pytest.mark.parametrize("lang,text", [
    ("en", "Ann pays 1.5 coins on average; e.g. Bob, i.e. Cid. Rule B-12 applies."),
    ("en", "The game starts at 10:30. See beannb.org for more, or the file lesson.ipynb."),
    ("en", "Bob has 1 card and 2 coins; two Soy, a 6 player column, 3 coin cards and 2 card types."),
    ("en", "None of them suits her. Wait... then Ann plants. The list goes on …"),
    ("en", "Field 2 is empty (rule B-32: Empty fields cannot be harvested). Allowed now: Ann draws."),
    ("en", "(Ann plants first.) Then Bob plants."),
    ("en", "Suggested: Ann plants Soy.\nOther moves:\n  Harvest field 1"),
    ("hu", "Ann az 1., 4. és 7. lapot kapja; a 2. babföld üres. 3 lap, 2 szójabab, 10 babtallér."),
    ("hu", "A felcsapás után — a pakli zárva —, de mindenki végrehajthat különleges cselekedetet."),
    ("hu", "A B-12 szabály: 1,5 babtallér."),
    ("en", "Ann ends the turn. Bob ends the turn."),
])
def test_the_checker_leaves_good_prose_alone(lang, text):
    assert not faults(text, lang), faults(text, lang)


def test_options_that_read_the_same_are_found():
    assert same_options(["Ann plants.", "ann plants", "Bob plants."]) == [
        "option 2 reads the same as option 1: 'ann plants'"]
    assert not same_options(["Ann plants Soy.", "Ann plants Chili."])


def test_a_bracket_inside_a_sentence_is_no_sentence_end():
    assert not faults("Felajánlja a keze közepén lévő kékbabot (2. hely) Anna felcsapott tűzbabjáért.", "hu")


def test_what_a_player_typed_is_set_aside_only_where_it_stands_whole():
    """A typed name "i" quoted in a refusal is set aside; the "i" of "fields" is not, so the
    words around it are still read (and right)."""
    text = "There is no player called i; everyone has three bean fields."
    assert not faults(text, "en", ["i"])
    assert any("number disagreement" in f for f in faults("Nobody called i; Ann has three bean.", "en", ["i"]))
