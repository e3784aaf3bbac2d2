"""Exercise progress in a real browser: answer an exercise on a page, reload it, and the
score is still there (it lives in the browser's localStorage, not in the kernel).

The page is a one-cell notebook written to a temporary folder and served by its own
Voila server on the loopback interface.
"""
from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path
from typing import Iterator

import pytest

from beannb import serve as app
from beannb.scenarios import find
from beannb.walkthrough import Walkthrough
from beannb.render.lesson import choice_label

from .support import PAGE_TIMEOUT_MS, VoilaServer
from .test_voila_pages import expect, step_to

pytestmark = pytest.mark.browser
LESSON = "bohnanza/lesson_02_harvest"


@contextlib.contextmanager
def serve_folder(folder: Path, log_path: Path) -> Iterator[VoilaServer]:
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, folder, stdout=log, stderr=subprocess.STDOUT)
        server = VoilaServer(port, proc, log_path)
        try:
            try:
                app.wait_until_ready(server.base, timeout=90, proc=proc)
            except (RuntimeError, TimeoutError) as exc:
                log.flush()
                pytest.fail(f"{exc}\n--- Voila log ---\n{server.log()}")
            yield server
        finally:
            app.stop_voila(proc)


@pytest.fixture(scope="module")
def progress_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    import nbformat

    folder = tmp_path_factory.mktemp("pages")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from beannb.scenarios import find\n"
        "from beannb.widgets import WalkthroughApp\n"
        f"WalkthroughApp(find({LESSON!r}))"),
        nbformat.v4.new_code_cell("from beannb.widgets.quiz import PageQuiz\nPageQuiz('bohnanza', seed=1)")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(folder / "00_start.ipynb"))
    with serve_folder(folder, tmp_path_factory.mktemp("voila") / "voila.log") as server:
        yield server


def test_an_answer_is_kept_across_a_reload(progress_page, new_tab) -> None:
    w = Walkthrough.from_scenario(find(LESSON))
    frame = next(f for f in w.frames if f.exercise is not None and f.exercise.multiple)
    ex, rs = frame.exercise, frame.game.ruleset
    right = [choice_label(c, "en", rs) for c in ex.answer]
    tab = new_tab()
    tab.open(progress_page.url("00_start.ipynb"), ".beannb-progress")
    walkthrough = tab.page.locator(".beannb-walkthrough").first
    progress = walkthrough.locator(".beannb-progress").first
    expect(progress).to_have_attribute("data-right", "0")
    step_to(walkthrough, frame.index)
    for label in right:
        walkthrough.locator(".beannb-choice").get_by_text(label, exact=True).click()
    walkthrough.locator(".beannb-check").click()
    expect(walkthrough.locator(".beannb-feedback-right")).to_be_visible()
    expect(progress).to_have_attribute("data-right", "1")
    stored = tab.page.evaluate("window.localStorage.getItem('beannb.progress.bohnanza')")
    assert stored and '"answers"' in stored, stored

    tab.page.reload(wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    progress = tab.page.locator(".beannb-walkthrough .beannb-progress").first
    progress.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    expect(progress).to_have_attribute("data-right", "1")
    expect(progress).to_contain_text(f"1 / {progress.get_attribute('data-total')}")
    # The end-of-page check below shares the store: its first question, answered, counts too.
    quiz = tab.page.locator(".beannb-quiz").first
    expect(quiz.locator(".beannb-quiz-counter")).to_contain_text("Question 1 of")
    quiz.locator(".beannb-quiz-check").click()  # nothing chosen: no answer, the page asks for one
    expect(quiz.locator(".beannb-pick-first")).to_contain_text("Choose your answer first")
    expect(quiz.locator(".beannb-quiz-next")).to_be_hidden()
    quiz.locator(".beannb-choice input").first.click()  # an answer: checked and explained
    quiz.locator(".beannb-quiz-check").click()
    expect(quiz.locator(".beannb-quiz-right, .beannb-quiz-wrong").first).to_contain_text("Rule")
    expect(quiz.locator(".beannb-quiz-next")).to_be_visible()
    if tab.page_errors:
        pytest.fail("errors on the page:\n" + tab.problems())
