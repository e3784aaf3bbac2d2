"""A live class in real Chromium: one teacher, three students, a lesson with a tally and a
reveal, then a table of three people playing a whole game against each other.

The server is `beannb app --class` on 127.0.0.1 (no preheated kernels: the class pages need
none). Students join by typing their names; the teacher's browser opens the teacher's link.
At the table, each student's page is played by a scripted person (beannb/serve/front/
autoplay.js) that clicks the seat's own action buttons and now and then sends an offer from
the trade form, as a person would; the test watches that every page shows only its seat.
Screenshots land in tests/browser/screenshots/.
"""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from beannb.serve.front import asset
from helpers import class_server as running_class

from .support import REPO, SCREENSHOTS, answer_and_tally, lead_to_exercise

TOKEN = "live-class-token"
KEY = "live-teacher-key"
LESSON = "bohnanza/lesson_03_trading"
GAME_TIMEOUT_MS = 300_000


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    lesson = REPO / "scenarios" / f"{LESSON}.yaml"
    with running_class(tmp_path_factory.mktemp("live"), [(lesson, f"{LESSON}.yaml")], TOKEN, KEY) as (base, _, log):
        yield base, log


def shot(tab: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(SCREENSHOTS / f"class_{name}.png"), full_page=True)


def joined(new_tab: Any, base: str, name: str) -> Any:
    tab = new_tab()
    tab.page.goto(f"{base}beannb/class?token={TOKEN}")
    tab.page.fill("#bc-name", name)
    tab.page.click("button[type=submit]")
    tab.page.wait_for_selector("body[data-ready='1']")
    assert tab.page.locator(".bc-who").inner_text() == f"Hello, {name}!"
    return tab


def test_a_teacher_leads_three_students_and_three_of_them_play_a_game(class_server, new_tab) -> None:
    base, log_path = class_server
    teacher = new_tab()
    teacher.page.goto(f"{base}beannb/teacher?key={KEY}")
    teacher.page.wait_for_selector("body[data-ready='1']")
    assert teacher.page.url.endswith("/beannb/teacher")                          # the key leaves the address
    anna, bela, cili = (joined(new_tab, base, n) for n in ("Anna", "Béla", "Cili"))
    students = (anna, bela, cili)
    for s in students:
        s.page.wait_for_selector(".bc-wait")                                     # waiting for the teacher

    # -- the lesson: lead, step, tally, reveal ----------------------------------------------------------
    lead_to_exercise(teacher, students, LESSON)
    for s in students:
        assert "shown after the answer" in s.page.locator(".bc-rules").inner_text()
    answer_and_tally(teacher, students, ("Anna", "Béla", "Cili"))
    shot(teacher, "teacher_tally")
    shot(anna, "student_answered")
    assert "B-14" in anna.page.locator(".bc-rules").inner_text()
    shot(bela, "student_revealed")
    teacher.page.click("[data-tab=board]")
    teacher.page.wait_for_selector(".bc-board")
    board = teacher.page.locator(".bc-board tbody").inner_text()
    assert "Anna" in board and "1 · 1 · 0" in board and "1 · 0 · 0" in board

    # -- a table of three people -------------------------------------------------------------------------
    anna.page.click("[data-tab=tables]")
    anna.page.select_option(".bc-new select[name=seats]", "3")
    anna.page.click(".bc-new button[type=submit]")
    anna.page.wait_for_selector("[data-start]")
    for s in (bela, cili):
        s.page.click("[data-tab=tables]")
        s.page.click("[data-sit='1']")
    anna.page.wait_for_selector(".bc-seat.bc-person >> text=Cili")
    anna.page.click("[data-start]")
    for s in students:
        s.page.wait_for_selector(".bc-table-touch .bnt-player")
    teacher.page.click("[data-tab=tables]")
    teacher.page.click("[data-watch='1']")
    teacher.page.wait_for_selector(".bc-table-touch .bnt-player")
    # Each page shows its own hand and the others' as backs; the teacher sees every hand.
    for s, name in zip(students, ("Anna", "Béla", "Cili")):
        hands = s.page.evaluate("""() => [...document.querySelectorAll('.bc-table-touch .bnt-player')].map(p =>
            [p.querySelector('header b').textContent, !!p.querySelector('.bnt-back')])""")
        assert len(hands) == 3 and [h for h in hands if not h[1]] == [[name, False]], (name, hands)
        assert all(back for who, back in hands if who != name), (name, hands)
    shot(anna, "table_start")
    autoplay = asset("autoplay.js")
    for k, s in enumerate(students):
        s.page.evaluate(autoplay, {"seed": 7 + k, "offers": 3})
    for s in students:
        s.page.wait_for_selector(".bc-over", timeout=GAME_TIMEOUT_MS)
    teacher.page.wait_for_selector(".bc-over")
    stats = [s.page.evaluate("window.beannbAuto") for s in students]
    assert sum(st["clicks"] for st in stats) > 100, stats
    assert sum(st["offers"] for st in stats) >= 1, stats                        # people traded in real time
    assert "Scores" in anna.page.locator(".bc-over").inner_text()
    shot(anna, "table_over")
    # The finished game: reviewed for a seat, and a lesson file for the teacher.
    anna.page.click("[data-review]")
    anna.page.wait_for_selector(".bc-review >> text=costliest", timeout=120_000)
    href = teacher.page.locator(".bc-download").get_attribute("href")
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in teacher.context.cookies())
    req = urllib.request.Request(base.rstrip("/") + href, headers={"Cookie": cookies})
    with urllib.request.urlopen(req, timeout=30) as r:
        text = r.read().decode("utf-8")
    assert "steps:" in text and "Anna" in text
    shot(teacher, "teacher_table_over")
    for tab in (teacher, *students):
        assert not tab.page_errors, tab.page_errors
        assert not tab.offhost, tab.offhost
    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
    assert json.dumps(stats)
