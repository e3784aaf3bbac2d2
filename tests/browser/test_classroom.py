"""Classroom mode in a real browser: the landing page opened with the class link gets a
preheated kernel, and closing the tab releases that kernel at once (Voila's page sends a
shutdown request on beforeunload; the server gives the page the _xsrf cookie it needs),
long before the idle culler (120 s) would.

The HTTP half (tokens, Host header, the kernel cap) is in tests/test_classroom.py.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from beannb import serve as app

from .support import CHROMIUM, NOTEBOOKS, wait_seconds

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package", allow_module_level=True)
if importlib.util.find_spec("voila") is None:
    pytest.skip("voila is not installed (pip install -e '.[app]')", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
expect = sync_api.expect

pytestmark = pytest.mark.browser

TOKEN = "browser-class-token"
LANDING = app.LANDING_NOTEBOOK
# Well under the culler's 120 s: the page's own request must do it.
RELEASE_WITHIN_S = 20


class Server:
    def __init__(self, port: int, proc: subprocess.Popen[bytes], log_path: Path):
        self.port, self.proc, self.log_path = port, proc, log_path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def started(self) -> list[str]:
        return re.findall(r"Kernel started: ([0-9a-f-]{36})", self.log())


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("classroom-browser")
    folder = root / "notebooks"
    folder.mkdir()
    shutil.copy2(NOTEBOOKS / LANDING, folder / LANDING)
    plan = app.plan_class(app.notebook_names(folder), classroom=True, ip=app.HOST, token=TOKEN, pool=1, max_kernels=3)
    log_path = root / "voila.log"
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, folder, settings=plan.settings(), ip=plan.ip, token=TOKEN,
                               stdout=log, stderr=subprocess.STDOUT)
        server = Server(port, proc, log_path)
        try:
            try:
                app.wait_until_ready(app.base_url(port), timeout=90, proc=proc)
                filled, _ = wait_seconds(lambda: "Kernel pool of 00_start.ipynb is filled" in server.log(), 90, 0.2)
                assert filled, "the pool did not fill"
            except (RuntimeError, TimeoutError, AssertionError) as exc:
                log.flush()
                pytest.fail(f"{exc}\n--- Voila log ---\n{server.log()}")
            yield server
        finally:
            app.stop_voila(proc)


def test_closing_the_tab_releases_its_preheated_kernel(class_server: Server, new_tab: Callable[[], Any]) -> None:
    started_before = class_server.started()
    tab = new_tab()
    tab.open(app.landing_url(class_server.port, token=TOKEN), ".beannb-landing")
    expect(tab.page.locator(".beannb-landing .beannb-game")).to_have_count(4)
    kernel = tab.kernel_id()
    assert kernel in started_before, "the page's kernel was started for the request, not before it"
    assert f"Using pre-heated kernel: {kernel}" in class_server.log()
    assert not tab.offhost, tab.problems()
    assert not tab.page_errors, tab.problems()
    assert "_xsrf" in tab.page.evaluate("document.cookie")

    tab.page.close(run_before_unload=True)  # fires beforeunload, as closing a real tab does
    released, waited = wait_seconds(lambda: f"Kernel shutdown: {kernel}" in class_server.log(), RELEASE_WITHIN_S, 0.2)
    print(f"\nthe closed tab's kernel was shut down {waited:.1f} s after the tab closed")
    assert released, f"the closed tab's kernel was still running after {RELEASE_WITHIN_S} s"
    assert f"403 POST /voila/api/shutdown/{kernel}" not in class_server.log()


def test_class_bench_runs_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    """`beannb bench --class 2`, the smallest run: one wave, a pool of one kernel per page."""
    from beannb.bench import app as bench_app

    assert bench_app.run_class_bench(2, waves=1, clicks=1, pool=1, max_kernels=8) == 0
    out = capsys.readouterr().out
    print(out)
    assert "beannb bench --class 2" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("1 ")]
    assert [" ".join(r[1:3]) for r in rows] == ["landing page", "base game", "one-button notebook"]
    assert [r[3] for r in rows] == ["1/1", "1/1", "2/2"], out
    assert "ratio to the one-button reference" in out
    assert "no port clash, kernel restart or traceback" in out
