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
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

from beannb import serve as app

from .support import CHROMIUM, NOTEBOOKS, PAGE_TIMEOUT_MS, REPO, SCREENSHOTS

pytestmark = pytest.mark.browser

CHP_NAME = "configurable-http-proxy"
#: Where `make hub-deps` installs the proxy.
CHP_LOCAL = REPO / "build" / "hub-proxy" / "node_modules" / ".bin" / CHP_NAME
PASSWORD = "beans-for-everyone"
TEACHER = "teacher"
STUDENTS = ("anna", "bela", "cili")
CLASS = "class-7a"
#: A second class side by side, for another group (nobody of the test's students is in it).
OTHER_CLASS = "class-7b"
LESSON = "bohnanza/lesson_03_trading"
HUB_START_S = 90


def find_proxy() -> Optional[str]:
    """The proxy: $CONFIGURABLE_HTTP_PROXY, the one `make hub-deps` installed, or one on PATH."""
    for candidate in (os.environ.get("CONFIGURABLE_HTTP_PROXY"), str(CHP_LOCAL), shutil.which(CHP_NAME)):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def why_skip() -> Optional[str]:
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing: install Debian's chromium package"
    for module, package in (("jupyterhub", "jupyterhub"), ("jupyterhub_idle_culler", "jupyterhub-idle-culler"),
                            ("voila", "voila"), ("playwright", "playwright"), ("psutil", "psutil")):
        if importlib.util.find_spec(module) is None:
            return f"{package} is not installed (pip install -e '.[test]')"
    if shutil.which("node") is None:
        return "Node.js is not available: JupyterHub's proxy (configurable-http-proxy) runs on it"
    if find_proxy() is None:
        return (f"{CHP_NAME} is not installed: `make hub-deps` installs it from the npm registry into "
                f"{CHP_LOCAL.relative_to(REPO)} (or set CONFIGURABLE_HTTP_PROXY)")
    return None


SKIP = why_skip()
if SKIP:
    pytest.skip(SKIP, allow_module_level=True)


class Hub:
    def __init__(self, root: Path, port: int, proc: subprocess.Popen[bytes], log_path: Path):
        self.root, self.port, self.proc, self.log_path = root, port, proc, log_path
        self.base = f"http://127.0.0.1:{port}/"
        self.started = time.monotonic()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def status(self, path: str) -> int:
        """The status of a GET (redirects not followed)."""

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any, **kwargs: Any) -> None:
                return None

        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(self.base + path.lstrip("/"), timeout=5) as r:
                return r.status
        except urllib.error.HTTPError as exc:
            return exc.code
        except (urllib.error.URLError, OSError):
            return 0


def hub_config(root: Path, ports: dict[str, int], proxy: str) -> str:
    """A jupyterhub_config.py as a school would write one, with a test authenticator and spawner."""
    pythonpath = os.environ.get("PYTHONPATH", "")
    return textwrap.dedent(f"""\
        import os, sys
        from beannb.serve import jupyterhub as beannb_hub

        c.JupyterHub.ip = "127.0.0.1"
        c.JupyterHub.port = {ports['hub']}
        c.JupyterHub.hub_ip = "127.0.0.1"
        c.JupyterHub.hub_port = {ports['api']}
        c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{ports['proxy_api']}"
        c.ConfigurableHTTPProxy.command = [{proxy!r}]
        c.ConfigurableHTTPProxy.should_start = True
        c.JupyterHub.db_url = "sqlite:///{root / 'jupyterhub.sqlite'}"
        c.JupyterHub.cookie_secret_file = {str(root / 'cookie_secret')!r}
        c.JupyterHub.pid_file = {str(root / 'jupyterhub.pid')!r}
        c.JupyterHub.cleanup_servers = True
        c.JupyterHub.cleanup_proxy = True

        # The test's users: one password for everyone.
        c.JupyterHub.authenticator_class = "shared-password"
        c.SharedPasswordAuthenticator.user_password = {PASSWORD!r}
        c.Authenticator.allowed_users = {set((TEACHER, *STUDENTS))!r}
        c.JupyterHub.load_groups = {{"beannb-teachers": {{"users": [{TEACHER!r}]}},
                                     {CLASS!r}: {{"users": {list(STUDENTS)!r}}}}}

        # Every user's server is a process of the hub's own user, its home a folder here.
        c.JupyterHub.spawner_class = "simple"
        c.SimpleLocalProcessSpawner.home_dir_template = {str(root / 'home' / '{username}')!r}
        c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
        c.Spawner.ip = "127.0.0.1"
        c.Spawner.start_timeout = 90
        c.Spawner.http_timeout = 90
        c.Spawner.environment = {{"PYTHONPATH": {pythonpath!r}, "JUPYTER_PREFER_ENV_PATH": "1"}}

        beannb_hub.add_class(c, {CLASS!r}, student_group={CLASS!r}, port={ports['class']},
                             environment={{"PYTHONPATH": {pythonpath!r}}})
        beannb_hub.add_class(c, {OTHER_CLASS!r}, student_group="7b", port={ports['other_class']},
                             environment={{"PYTHONPATH": {pythonpath!r}}})
        beannb_hub.singleuser(c, notebooks={str(NOTEBOOKS)!r}, allow_root=os.getuid() == 0)
        beannb_hub.add_idle_culler(c, timeout=3600)
        """)


def descendants(pid: int) -> list[Any]:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []


def stop_hub(proc: subprocess.Popen[bytes], seen: list[Any]) -> None:
    """SIGTERM the hub (it stops its proxy, services and users' servers), then kill whatever
    of its process tree is left (each in its own process group: the spawner's and the proxy's)."""
    import psutil

    seen = seen + descendants(proc.pid)
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            pass
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    for p in seen:
        with contextlib.suppress(psutil.Error, ProcessLookupError, PermissionError):
            if p.is_running():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(os.getpgid(p.pid), signal.SIGKILL)
                p.kill()


@pytest.fixture(scope="module")
def jupyterhub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    root = tmp_path_factory.mktemp("jupyterhub")
    ports: dict[str, int] = {}
    for name in ("hub", "api", "proxy_api", "class", "other_class"):
        port = app.free_port()
        while port in ports.values():
            port = app.free_port()
        ports[name] = port
    config = root / "jupyterhub_config.py"
    config.write_text(hub_config(root, ports, find_proxy() or CHP_NAME), encoding="utf-8")
    log_path = root / "jupyterhub.log"
    seen: list[Any] = []
    with log_path.open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=root,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        hub = Hub(root, ports["hub"], proc, log_path)
        try:
            deadline = time.monotonic() + HUB_START_S
            # The class answers through the proxy (a redirect to the hub's login) once it is up.
            while any(hub.status(f"services/{name}/") != 302 for name in (CLASS, OTHER_CLASS)):
                seen += descendants(proc.pid)
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(f"the hub or the class did not come up (status {proc.poll()})\n{hub.log()[-6000:]}")
                time.sleep(0.3)
            seen += descendants(proc.pid)
            print(f"\nhub and class up in {time.monotonic() - hub.started:.1f} s")
            yield hub
        finally:
            stop_hub(proc, seen)


@pytest.fixture(scope="module")
def hub_browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from beannb.serve import CHROMIUM_ARGS

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def person(hub_browser: Any, jupyterhub: Hub) -> Iterator[Any]:
    """Log a hub user in, in a browser context of their own, at ``path`` (after the login)."""
    from .conftest import open_tab

    contexts: list[Any] = []

    def login(user: str, path: str = f"services/{CLASS}/") -> Any:
        tab = open_tab(hub_browser, contexts)
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


def find_process(hub: Hub, *needles: str) -> list[Any]:
    return [p for p in descendants(hub.proc.pid)
            if all(any(n in part for part in p.cmdline()) for n in needles)]


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

    # -- follow the teacher: the lesson led a step on ----------------------------------------------
    if not teacher.page.locator("details[data-game=bohnanza]").evaluate("d => d.open"):
        teacher.page.click("details[data-game=bohnanza] > summary")
    teacher.page.click(f"[data-lead='{LESSON}']")
    for s in students:
        s.page.wait_for_selector("text=Step 0 of 9")
    teacher.page.click(".bc-next")
    for s in students:
        s.page.wait_for_selector("text=Step 1 of 9")
    teacher.page.click(".bc-next")
    for s in students:
        s.page.wait_for_selector("text=Step 2 of 9")
        s.page.wait_for_selector(".bc-exercise")

    # -- an exercise: two of three answer, the teacher's tally counts them ----------------------------
    anna.page.check("#bc-ex-1")
    anna.page.check("#bc-ex-3")
    anna.page.click("[data-answer]")
    bela.page.check("#bc-ex-1")
    bela.page.click("[data-answer]")
    anna.page.wait_for_selector(".bc-sent")
    teacher.page.wait_for_selector("text=2 of 3 answered")
    assert teacher.page.locator(".bc-count").all_inner_texts() == ["0", "2", "0", "1"]
    teacher.page.check("[data-names]")
    teacher.page.wait_for_selector(".bc-names")
    assert "anna" in teacher.page.locator(".bc-choice").nth(3).inner_text()
    assert "bela" not in anna.page.content() and "bc-count" not in anna.page.content()
    teacher.page.click("[data-reveal]")
    anna.page.wait_for_selector(".beannb-feedback-right")
    bela.page.wait_for_selector(".beannb-feedback-wrong")
    cili.page.wait_for_selector(".beannb-feedback-shown")
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
