"""Printed worksheets (beannb worksheet): the lessons' questions without their answers, the key
with --answers, in either language, and a clear refusal of a lesson that cannot be printed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from beannb.cli import main
from beannb.worksheet import WorksheetError, worksheet_html

ROOT = Path(__file__).resolve().parent.parent
#: Real lessons: one with its own worded choices (coins), one whose choices are moves.
COINS = ROOT / "scenarios" / "bohnanza" / "e01_harvest_five_chili.yaml"
MOVES = ROOT / "scenarios" / "bohnanza" / "e07_trade_for_faceup_chili.yaml"
ONE_PER_EXPANSION = [ROOT / "scenarios" / "takeover" / "e01_merge.yaml",
                     ROOT / "scenarios" / "rabohnzel" / "e01_anita_magic_phase.yaml",
                     ROOT / "scenarios" / "bohnaparte" / "x01_river_one.yaml"]

EXPLAIN = {"en": "Five cards pass the 3-card step", "hu": "Öt lap túl van a 3 lapos fokon"}
MOVE_EXPLAIN = {"en": "Phase 4 waits until every waiting card is planted",
                "hu": "A 4. fázis megvárja, amíg minden várakozó lapot elültetnek"}
KEY = {"en": "Answer key", "hu": "Megoldókulcs"}
TITLE = {"en": "Worksheet", "hu": "Feladatlap"}


def visible_text(page: str) -> str:
    """The page as read: no style sheet, no tags."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.S))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_students_page_has_the_questions_and_no_answers(lang: str) -> None:
    page = worksheet_html([COINS, MOVES], lang)
    text = visible_text(page)
    assert TITLE[lang] in text and KEY[lang] not in text
    assert EXPLAIN[lang] not in text and MOVE_EXPLAIN[lang] not in text
    assert "B-27" not in text and "B-23" not in text  # no rule cited: the rule is the answer
    assert "✔" not in text and page.count("class='box'") == 7  # an empty box per choice
    # The situation is drawn with the game's own view, as the deciding player sees it, but
    # without the beanometer line under a field: what a harvest pays is what e01 asks.
    assert page.count("class=\"bnb\"") == 2
    assert 'class="meter"' not in page and ("pays 1 coin" if lang == "en" else "1 babtallért ér") not in text
    # Choices in words; no notation, no command, no Python.
    assert "plant red 1" not in text and "beannb" not in text.lower() and "import" not in text
    if lang == "hu":
        assert "Anna most betakarítja a tűzbabos babföldet" in text and "Anna elülteti a vörösbabot" in text
        assert "Ann harvests" not in text and "Tick one answer" not in text
    else:
        assert "Ann harvests the Chili field now" in text and "1. kérdés" not in text


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_answer_key_gives_the_right_choice_why_and_the_rule(lang: str) -> None:
    text = visible_text(worksheet_html([COINS, MOVES], lang, answers=True))
    assert text.count(KEY[lang]) == 2 and EXPLAIN[lang] in text and MOVE_EXPLAIN[lang] in text
    assert "B-27" in text and "B-23" in text and "B-24" in text
    right = {"en": "Right: 1.", "hu": "A helyes válasz: 1."}[lang]
    assert right in text


def test_a_folder_and_every_game_print(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    for p in ONE_PER_EXPANSION:
        (folder / p.name).write_text(p.read_text("utf-8"), encoding="utf-8")
    # A rule case of a refused setup has no table: left out of a folder, refused when named.
    refused = ROOT / "scenarios" / "bohnanza" / "r_b45_amigo_1997_six_players.yaml"
    (folder / refused.name).write_text(refused.read_text("utf-8"), encoding="utf-8")
    page = worksheet_html([folder], "hu")
    assert page.count("<section class='lesson'>") == 3 and page.count("<section class='q'>") >= 3
    with pytest.raises(WorksheetError, match="refused setup"):
        worksheet_html([folder / refused.name])


def test_the_command_writes_standard_output_or_a_file(tmp_path: Path, capsys) -> None:
    assert main(["worksheet", str(COINS), "--lang", "hu"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!doctype html>") and "Feladatlap" in out and EXPLAIN["hu"] not in out
    target = tmp_path / "key.html"
    assert main(["worksheet", str(COINS), "--answers", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    assert EXPLAIN["en"] in target.read_text("utf-8")


def test_bad_input_is_refused_clearly_with_exit_2(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nowhere.yaml"
    assert main(["worksheet", str(COINS), str(missing)]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and "nowhere.yaml" in cap.err and "no such file" in cap.err and "Traceback" not in cap.err
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: t\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\nsteps:\n  - ask: [unclosed\n")
    assert main(["worksheet", str(broken)]) == 2
    cap = capsys.readouterr()
    assert "broken.yaml" in cap.err and "Traceback" not in cap.err
    no_table = tmp_path / "no_table.yaml"
    no_table.write_text("title: t\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\n"
                        "setup: {players: {Ann: {hand: [unicorn]}}}\nsteps:\n  - say: hi\n")
    assert main(["worksheet", str(no_table)]) == 2
    assert "no_table.yaml" in capsys.readouterr().err
    assert main(["worksheet", str(COINS), "-o", str(tmp_path / "no" / "such" / "folder.html")]) == 2
    assert "cannot write" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(WorksheetError, match="no lesson files"):
        worksheet_html([empty])


def test_a_lesson_without_questions_says_so(tmp_path: Path) -> None:
    lesson = tmp_path / "story.yaml"
    lesson.write_text("title: Just a story\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\nsteps:\n  - say: Ann looks.\n")
    assert "Ebben a leckében nincs kérdés." in worksheet_html([lesson], "hu")
