"""A lesson recorded from play replays under `beannb check`, opens as a walkthrough and reads
well with no edit: its questions offer moves that were possible at that point, each once, two
at least; its narration is worded from the game in English and Hungarian; it checks the deck
only by what a move takes; the moves refused while recording come back as "why not?"
questions citing their rule; the title, introduction and notes typed in the widget are kept."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import beannb.scenarios as scenarios
from beannb.bots import make_bot
from beannb.bots.base import next_action
from beannb.i18n.catalogue import rule as lookup_rule
from beannb.scenarios import check_paths
from beannb.walkthrough import Walkthrough
from beannb.widgets.apps import WalkthroughApp
from beannb.widgets.recorder import LessonRecorder, lesson_from_game

GAMES = ["bohnanza", "takeover", "rabohnzel", "bohnaparte"]
#: Words of the lesson a learner reads, by key (each with its Hungarian).
PROSE = ("say", "ask", "explain")


def _play(rec: LessonRecorder, n: int, ask_at: tuple[int, ...]) -> None:
    for i in range(n):
        if i in ask_at:
            rec.ask_next()
        who = rec.game.to_move[0]
        out = rec.controller.play(rec.game.legal_actions(who)[0])
        assert out.ok, out


def _refused_now(rec: LessonRecorder) -> str:
    """A move the mover could make a few moves from now, which the rules refuse now (a rule cited)."""
    g, who = rec.game, rec.game.to_move[0]
    later = g.copy()
    bots = [make_bot("random", seed=7) for _ in g.players]
    for _ in range(3):
        if later.is_over():
            break
        later.play(next_action(later.ruleset, later.state, bots))
    for a in later.legal_actions(who):
        err = g.explain(str(a))
        if err is not None and lookup_rule(err.rule) and getattr(a, "offer", None) is None:
            return str(a)
    return ""


def _record_bot_game(game: str, seed: int, path: Path, moves: int = 24) -> tuple[LessonRecorder, list]:
    """A game of seeded bots played at the recorder: every third move asked about, a refused
    move tried at two points, the lesson worded in the widget's boxes."""
    rec = LessonRecorder(game, seed=seed, path=str(path))
    bots = [make_bot("trader", seed=seed + k) for k in range(len(rec.game.players))]
    tried = []
    for i in range(moves):
        if rec.game.is_over():
            break
        if i % 3 == 1:
            rec.ask_next()
        if i in (2, 11):
            text = _refused_now(rec)
            if text:
                out = rec.controller.play(text)
                assert not out.ok
                tried.append((i, text, out.error.rule))
        out = rec.controller.play(str(next_action(rec.game.ruleset, rec.game.state, bots)))
        assert out.ok, out
    rec.titles["en"].value, rec.titles["hu"].value = "Watch a whole turn", "Egy teljes kör"
    rec.intros["en"].value, rec.intros["hu"].value = "Follow the bots.", "Kövesd a robotokat."
    rec.move_pick.value = 1
    rec.note_boxes["en"].value, rec.note_boxes["hu"].value = "Look at the fields.", "Nézd a babföldeket."
    rec.move_pick.value = 0
    assert rec.note_boxes["en"].value == ""
    rec.move_pick.value = 1
    assert rec.note_boxes["hu"].value == "Nézd a babföldeket."  # a note stays with its move
    return rec, tried


def _placeholders(data: dict) -> list[str]:
    """Wording that reads as a placeholder: "Ann decides.", a sentence that stops after its
    colon, English left in the Hungarian."""
    bad = []
    for st in data["steps"]:
        for key in PROSE:
            if key not in st:
                continue
            en, hu = st[key], st.get(f"{key}_hu")
            if re.fullmatch(r"\w+ decides\.", en) or re.search(r":\s*$|:\s*\.", en) or hu is None or hu == en:
                bad.append(f"{key}: {en!r} / {hu!r}")
    return bad


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_bot_game_passes_check_and_reads_well(game: str, tmp_path: Path) -> None:
    path = tmp_path / f"{game}_recorded.yaml"
    rec, tried = _record_bot_game(game, 3, path)
    assert tried, "no refused move was tried"
    assert rec.save() == path
    assert "beannb check passes" in rec.status.value, rec.status.value
    (result,) = check_paths([path])
    assert result.passed, result.failures
    data = yaml.safe_load(path.read_text("utf-8"))
    # The teacher's words.
    assert (data["title"], data["title_hu"]) == ("Watch a whole turn", "Egy teljes kör")
    assert (data["description"], data["description_hu"]) == ("Follow the bots.", "Kövesd a robotokat.")
    dos = [st for st in data["steps"] if "do" in st and "expect_error" not in st]
    assert (dos[1]["say"], dos[1]["say_hu"]) == ("Look at the fields.", "Nézd a babföldeket.")
    assert not any("say" in st for k, st in enumerate(dos) if k != 1)
    # Worded, in both languages; the deck's order is never checked.
    assert not _placeholders(data)
    assert not [st for st in data["steps"] if {"deck", "deck.top"} & set(st.get("expect") or {})]
    # Each refused move: a "why not?" question, then the move refused citing its rule.
    for _, text, rid in tried:
        k = next(k for k, st in enumerate(data["steps"]) if st.get("do") == text and "expect_error" in st)
        assert data["steps"][k]["expect_error"] == rid
        why = data["steps"][k - 1]
        assert why["rule"] == rid and why["answer"] == lookup_rule(rid).title["en"]
        assert why["answer"] in why["choices"] and len(set(why["choices"])) == len(why["choices"]) >= 2
        assert why["choices_hu"][why["choices"].index(why["answer"])] == lookup_rule(rid).title["hu"]
    assert set(r for _, _, r in tried) <= set(data["rules"])
    _check_questions(path, data)
    # As the shipped lessons: bilingual, citing a rule, and no question shows its answer.
    from test_exercises import leaks, test_exercises_are_bilingual_and_cite_a_rule

    test_exercises_are_bilingual_and_cite_a_rule(path)
    assert leaks(path) == []
    assert "beannb-walkthrough" in WalkthroughApp(str(path))._dom_classes


def _check_questions(path: Path, data: dict) -> None:
    """Each "which may … do now?" offers two moves at least, each once (in notation and in
    words), the move played among them; each choice is allowed there or refused citing a rule,
    and none is about an offer that is not open."""
    walk = Walkthrough.from_scenario(str(path))
    asked = [f for f in walk.frames if f.exercise is not None and f.exercise.multiple]
    assert asked and len(asked) == sum(st.get("answer") == "legal" for st in data["steps"])
    rs = walk.frames[0].game.ruleset
    for f in asked:
        choices = f.exercise.choices
        assert len(choices) >= 2 and len(set(choices)) == len(choices)
        for lang in ("en", "hu"):
            words = [rs.describe(rs.parse(c), lang) for c in choices]
            assert len(set(words)) == len(words), words
        assert f.exercise.answer, "the move played is allowed"
        offers = " ".join(f.table.get("offers") or [])
        for c in choices:
            err = f.game.explain(c)
            assert err is None or lookup_rule(err.rule), (c, err)
            number = getattr(rs.parse(c), "offer", None)
            assert number is None or f"({number})" in offers, (c, offers)


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_of_first_moves_passes_check_with_its_questions(game: str, tmp_path: Path) -> None:
    """Each seat plays its first legal move; two moves asked about, one refused move tried."""
    path = tmp_path / f"{game}_first.yaml"
    rec = LessonRecorder(game, seed=3, path=str(path))
    _play(rec, 2, ask_at=(1,))
    text = _refused_now(rec)
    assert text and not rec.controller.play(text).ok
    _play(rec, 4, ask_at=(1, 2))
    assert rec.save() == path and "beannb check passes" in rec.status.value, rec.status.value
    data = yaml.safe_load(path.read_text("utf-8"))
    assert sum("do" in st and "expect_error" not in st for st in data["steps"]) == 6
    assert [st["do"] for st in data["steps"] if "expect_error" in st] == [text]
    assert not _placeholders(data)
    _check_questions(path, data)


def test_a_scripted_lesson_asks_with_moves_of_that_moment(tmp_path: Path) -> None:
    path = tmp_path / "first_turn.yaml"
    rec = LessonRecorder("bohnanza", seed=3, path=str(path))
    assert not rec.controller.play("Ann draw").ok  # refused before any move: kept
    assert "why not" in rec.status.value
    rec.ask_next()
    for move in ("Ann plant blue 1", "Ann plant black-eyed 2"):
        assert rec.controller.play(move).ok
    rec.ask_next()
    assert rec.controller.play("Ann reveal").ok
    assert not rec.controller.play("Ann accept 1").ok  # no offer yet: refused, kept
    assert rec.save() == path and "beannb check passes" in rec.status.value, rec.status.value
    data = yaml.safe_load(path.read_text("utf-8"))
    steps = data["steps"]
    assert data["title"] == "Bohnanza: a lesson from play" and data["title_hu"] == "Bohnanza: lecke egy játszmából"
    assert data["description_hu"].startswith("Bohnanza, játékosok: Anna, Balázs, Károly.")
    why = steps[0]
    assert why["say"] == "Ann's turn — phase 1: plant from the hand."
    assert why["say_hu"] == "Anna köre — 1. fázis: ültetés a kézből."
    assert why["ask"] == "Ann draws cards from the deck: why is that not allowed?"
    assert why["answer"] == lookup_rule("B-25").title["en"] and why["rule"] == "B-25"
    assert why["explain"] == "Not allowed: Ann draws cards from the deck — cards are drawn in phase 4, at the end of the turn."
    assert steps[1] == {"do": "Ann draw", "expect_error": "B-25"}
    first = steps[2]
    assert first["ask_hu"] == "Mit tehet most Anna ezek közül?" and "Ann plant blue 1" in first["choices"]
    assert not [c for c in first["choices"] if re.search(r"accept|decline|offer", c)]
    assert first["explain"].startswith("The move played: Ann plants Blue in field 1.")
    assert first["explain_hu"].startswith("A megtett lépés: Anna elülteti a kékbabot az 1. babföldre.")
    assert "say" not in steps[3] and steps[3]["do"] == "Ann plant blue 1"
    reveal = next(st for st in steps if st.get("do") == "Ann reveal")
    assert reveal["expect"]["deck.size"] == 87 and "deck" not in reveal["expect"]
    assert steps[-1] == {"do": "Ann accept 1", "expect_error": steps[-2]["rule"]}
    assert steps[-2]["say"] == "Ann's turn — phase 2: trade."


def test_a_move_with_too_few_choices_gets_no_question(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(scenarios, "OTHER_LEGAL", 0)
    monkeypatch.setattr(scenarios, "REFUSED", 0)
    rec = LessonRecorder("bohnanza", seed=3, path=str(tmp_path / "none.yaml"))
    _play(rec, 3, ask_at=(0, 1))
    rec.save()
    assert "2 marked moves had too few possible moves to ask about" in rec.status.value, rec.status.value
    data = yaml.safe_load((tmp_path / "none.yaml").read_text("utf-8"))
    assert not [st for st in data["steps"] if "ask" in st]


def test_a_wrong_recording_fails_the_check(tmp_path: Path) -> None:
    rec = LessonRecorder("bohnanza", seed=2, path=str(tmp_path / "x.yaml"))
    _play(rec, 3, ask_at=())
    scenario = lesson_from_game(rec.game, "x")
    step = next(st for st in scenario["steps"] if "expect" in st)
    path, value = next(iter(step["expect"].items()))
    step["expect"][path] = "something else"
    (tmp_path / "x.yaml").write_text(yaml.safe_dump(scenario, allow_unicode=True), encoding="utf-8")
    (result,) = check_paths([tmp_path / "x.yaml"])
    assert not result.passed and path in result.failures[0]


def test_an_undone_move_takes_its_note_and_refusals_out_of_the_lesson(tmp_path: Path) -> None:
    rec = LessonRecorder("bohnanza", seed=3, path=str(tmp_path / "u.yaml"))
    _play(rec, 2, ask_at=())
    assert not rec.controller.play("Ann draw").ok
    rec.note_boxes["en"].value = "Second card."
    rec.controller.undo()
    rec.controller.undo()
    assert [o[1] for o in rec.move_pick.options] == []
    _play(rec, 1, ask_at=())
    steps = rec.lesson()["steps"]
    assert [st.get("do") for st in steps] == ["Ann plant blue 1"] and "say" not in steps[0]
    rec.controller.undo()
    assert rec.controller.play("Ann plant blue 2").ok and rec.controller.play("Ann plant black-eyed 1").ok
    assert rec.move_pick.value == 1 and rec.note_boxes["en"].value == ""  # another move: not its note
    steps = rec.lesson()["steps"]
    assert not any("say" in st for st in steps if "do" in st)
    assert steps[-1] == {"do": "Ann draw", "expect_error": "B-25"}  # still refused there: kept


def test_recorder_refuses_an_empty_save_and_speaks_hungarian(tmp_path: Path) -> None:
    rec = LessonRecorder("bohnanza", seed=1, path=str(tmp_path / "y.yaml"), lang="hu")
    assert rec.save() is None and "Előbb lépj" in rec.status.value
    assert rec.ask_b.description == "Kérdezz rá a következő lépésre"
    # The lesson's languages are named in the page's language ("magyar", "angol"), not by their own names.
    assert rec.titles["hu"].description == "Cím – magyar:" and rec.note_boxes["en"].description == "Megjegyzés a lépéshez – angol:"
    rec.set_lang("en")
    assert rec.titles["hu"].description == "Title (Hungarian):" and rec.titles["en"].description == "Title (English):"
    assert not (tmp_path / "y.yaml").exists()


def test_the_recorder_is_catalogued(tmp_path: Path) -> None:
    """Drawn in the pseudo-language, every word of the recorder went through a catalogue."""
    from beannb.i18n.messages import PSEUDO
    from test_widget_words import stray_words

    rec = LessonRecorder("rabohnzel", seed=3, path=str(tmp_path / "p.yaml"))
    rec.set_lang(PSEUDO)  # the table follows (its own words are checked elsewhere)
    assert rec.table.c.lang == PSEUDO
    assert LessonRecorder("bohnanza", path=str(tmp_path / "q.yaml"), lang=PSEUDO).table.c.lang == PSEUDO
    allowed = ["Ann", "Bob", "Cid"]
    assert not rec.controller.play("Ann draw").ok
    shown = [rec.status.value]
    rec.ask_next()
    _play(rec, 2, ask_at=())
    shown += [rec.head.value, rec.ask_b.description, rec.move_pick.description, rec.path.description,
              rec.save_b.description, *(o[0] for o in rec.move_pick.options),
              *(box.description for boxes in (rec.titles, rec.intros, rec.note_boxes) for box in boxes.values())]
    rec.save()
    shown.append(rec.status.value.replace(str(tmp_path / "p.yaml"), " "))
    assert not stray_words(" ".join(shown), allowed), shown
