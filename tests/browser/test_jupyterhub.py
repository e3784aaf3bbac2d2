"""beannb on a real JupyterHub, end to end, in real Chromium.

A JupyterHub (the ``jupyterhub`` package, its proxy ``configurable-http-proxy`` from the npm
registry, installed by ``make hub-deps``) on 127.0.0.1, configured as a school would with
:mod:`beannb.serve.jupyterhub`: the class ``class-7a`` as a hub-managed service, each user's
own server opening beannb's landing page, the idle culler. A test authenticator (one password),
the local process spawner, a teacher in ``beannb-teachers`` and three students in ``class-7a``,
each logged in through the hub's own login form in a browser context of their own. The teacher
leads a lesson a step on, the students' pages follow, three answer an exercise (two do) and the
teacher's tally counts them; a student's own server opens the landing page.

Every test here has ``jupyterhub`` in its name (``pytest -k jupyterhub`` runs exactly these).
Everything listens on loopback; the hub and all it started are stopped at the end.
"""
from __future__ import annotations

import contextlib
import time
from typing import Any, Iterator

import pytest

from beannb import serve as app
from beannb.bench.hub import PASSWORD, TEACHER, Hub, find_process, missing, start_hub, stop_hub

from .support import CHROMIUM, NOTEBOOKS, PAGE_TIMEOUT_MS, SCREENSHOTS, answer_and_tally, lead_to_exercise

pytestmark = pytest.mark.browser

STUDENTS = ("anna", "bela", "cili")
CLASS = "class-7a"
#: A second class side by side, for another group (nobody of the test's students is in it).
OTHER_CLASS = "class-7b"
LESSON = "bohnanza/lesson_03_trading"

SKIP = missing(CHROMIUM)
if SKIP:
    pytest.skip(SKIP, allow_module_level=True)


@pytest.fixture(scope="module")
def jupyterhub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    root = tmp_path_factory.mktemp("jupyterhub")
    try:
        hub = start_hub(root, NOTEBOOKS, STUDENTS, classes=((CLASS, CLASS), (OTHER_CLASS, "7b")))
    except RuntimeError as exc:
        pytest.fail(str(exc))
    print(f"\nhub and class up in {time.monotonic() - hub.started:.1f} s")
    try:
        yield hub
    finally:
        stop_hub(hub)


@pytest.fixture
def person(browser: Any, jupyterhub: Hub) -> Iterator[Any]:
    """Log a hub user in, in a browser context of their own, at ``path`` (after the login)."""
    from .conftest import open_tab

    contexts: list[Any] = []

    def login(user: str, path: str = f"services/{CLASS}/") -> Any:
        tab = open_tab(browser, contexts)
        tab.page.goto(jupyterhub.base + path)
        tab.page.wait_for_selector("#username_input")                  # the hub's own login form
        tab.page.fill("#username_input", user)
        tab.page.fill("#password_input", PASSWORD)
        tab.page.click("#login_submit")
        return tab

    try:
        yield login
    finally:
        for context in contexts:
            with contextlib.suppress(Exception):
                context.close()


def shot(tab: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(SCREENSHOTS / f"jupyterhub_{name}.png"), full_page=True)


def rss_mb(pid: int) -> float:
    import psutil

    return psutil.Process(pid).memory_info().rss / 2**20



def test_jupyterhub_class_teacher_leads_three_students_and_tallies_their_answers(jupyterhub: Hub, person: Any) -> None:
    started = time.monotonic()
    teacher = person(TEACHER)
    teacher.page.wait_for_selector("body[data-ready='1']")
    assert teacher.page.url.endswith(f"/services/{CLASS}/beannb/teacher"), teacher.page.url   # the group decides
    students = [person(name) for name in STUDENTS]
    for tab, name in zip(students, STUDENTS):
        tab.page.wait_for_selector("body[data-ready='1']")
        assert tab.page.url.endswith(f"/services/{CLASS}/beannb/class"), tab.page.url
        assert tab.page.locator(".bc-who").inner_text() == f"Hello, {name}!"       # the hub's name, nothing typed
        assert tab.page.locator("#bc-name").count() == 0                          # no join form
        tab.page.wait_for_selector(".bc-wait")
    anna, bela, cili = students
    # A student is not the teacher, whatever the address; nor a member of another group's class.
    refused = anna.page.goto(jupyterhub.base + f"services/{CLASS}/beannb/teacher")
    assert refused is not None and refused.status == 403
    assert anna.page.locator("body.beannb-hubteacher").count() == 1
    refused = anna.page.goto(jupyterhub.base + f"services/{OTHER_CLASS}/")
    assert refused is not None and refused.status == 403 and "/hub/" in refused.url, refused.url
    anna.page.goto(jupyterhub.base + f"services/{CLASS}/beannb/class")
    anna.page.wait_for_selector(".bc-wait")

    # -- follow the teacher: the lesson led a step on, then an exercise tallied -----------------------
    lead_to_exercise(teacher, students, LESSON)
    answer_and_tally(teacher, students, ("anna", "bela", "cili"))
    shot(teacher, "teacher_tally")
    shot(anna, "student_revealed")
    for tab in (teacher, *students):
        assert not tab.page_errors, tab.problems()
        assert not tab.offhost, tab.problems()
    # The teachers' group leads the other class too; each class is a class of its own.
    other = teacher.page.context.new_page()
    other.goto(jupyterhub.base + f"services/{OTHER_CLASS}/")
    other.wait_for_selector("body[data-ready='1']")
    assert other.url.endswith(f"/services/{OTHER_CLASS}/beannb/teacher"), other.url
    other.wait_for_selector(".bc-classlink")
    assert "Students: 0" in other.locator(".bc-classlink").inner_text()
    # The hub knows no public address here: the page completes the students' link with its own origin.
    shown = other.locator(".bc-classlink a").inner_text()
    assert shown == jupyterhub.base + f"services/{OTHER_CLASS}/beannb/class", shown
    other.close()
    service = find_process(jupyterhub, "--voila-server", "--Voila.base_url=/services/class-7a/")
    assert len(service) == 1, service
    print(f"class lesson through the hub: {time.monotonic() - started:.1f} s; "
          f"class service RSS {rss_mb(service[0].pid):.0f} MB (4 pages connected)")


def test_jupyterhub_student_server_opens_the_landing_page(jupyterhub: Hub, person: Any) -> None:
    started = time.monotonic()
    landing = "**/user/cili/voila/render/beannb/00_start.ipynb*"
    cili = person("cili")
    cili.page.wait_for_selector("body[data-ready='1']")
    # The class page's "whole app" link leads to the student's own server, wherever it runs.
    href = cili.page.locator("a.bc-link").get_attribute("href") or ""
    assert href.startswith("/hub/user-redirect/voila/render/beannb/00_start.ipynb"), href
    cili.page.goto(jupyterhub.base + href.lstrip("/"))
    # The hub starts the server (or first asks, with its "Launch server" button).
    deadline = time.monotonic() + PAGE_TIMEOUT_MS / 1000
    while "/voila/render/beannb/00_start.ipynb" not in cili.page.url or "/user/cili/" not in cili.page.url:
        assert time.monotonic() < deadline, f"the student's server did not open the landing page: {cili.page.url}"
        if cili.page.locator("#start").count():
            cili.page.click("#start")
        time.sleep(0.3)
    cili.page.locator(".beannb-landing").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    # The server's own address opens the landing page too (Spawner.default_url).
    cili.page.goto(jupyterhub.base + "user/cili/")
    cili.page.wait_for_url(landing, timeout=PAGE_TIMEOUT_MS)
    cili.page.locator(".beannb-landing").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    assert cili.page.locator(".beannb-landing .beannb-game").count() == 4
    # beannb's Voila settings: its own template, no code shown.
    assert cili.page.locator(".jp-InputArea, .jp-Cell-inputWrapper:visible").count() == 0
    shot(cili, "student_landing")
    home = jupyterhub.root / "home" / "cili"
    assert (home / "beannb").is_symlink() and (home / "beannb" / app.LANDING_NOTEBOOK).is_file()
    servers = find_process(jupyterhub, "jupyterhub.singleuser")
    assert len(servers) == 1, servers
    server = servers[0]
    kernels = server.children(recursive=True)
    kernel_mb = sum(rss_mb(k.pid) for k in kernels)
    print(f"student's own server: landing page in {time.monotonic() - started:.1f} s; "
          f"server RSS {rss_mb(server.pid):.0f} MB, its {len(kernels)} kernel process(es) {kernel_mb:.0f} MB")
    assert not cili.page_errors, cili.problems()
    assert not cili.offhost, cili.problems()          # beannb's template: no CDN font or script


def test_jupyterhub_bench_measures_a_student_and_sizes_a_school() -> None:
    """``beannb bench --hub 1``: a hub of its own, one student's first minutes measured (server
    and kernel memory, processor time), and the sizing for 30, 300 and 3,000 students."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "beannb", "bench", "--hub", "1", "--clicks", "1"],
                          capture_output=True, text=True, timeout=300)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    row = next(line for line in out.splitlines() if line.strip().startswith("s01"))
    landing_s, server_mb, kernels, kernels_mb, total_mb, cpu_s = (float(x) for x in row.split()[1:])
    assert 0 < landing_s < 120 and server_mb > 20 and kernels >= 1 and kernels_mb > 20 and cpu_s > 0
    assert abs(total_mb - server_mb - kernels_mb) <= 1
    assert "once per hub: hub" in out and "the class service with 1 student page(s) open" in out
    sizes = [line.split()[0] for line in out.splitlines()[-3:]]
    assert sizes == ["30", "300", "3000"], out
