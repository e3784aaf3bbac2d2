"""beannb on a JupyterHub, measured (``beannb bench --hub N``): figures, never assertions.

A real JupyterHub on 127.0.0.1 (the ``jupyterhub`` package and its proxy,
``configurable-http-proxy``, which ``make hub-deps`` installs from the npm registry),
configured with :mod:`beannb.serve.jupyterhub` as a school would: a class as a hub-managed
service, every user's own server opening beannb's landing page, the idle culler. A test
authenticator (one shared password) and the local process spawner (each user's server a
process of this user). The end-to-end test (``tests/browser/test_jupyterhub.py``) starts the
same hub with :func:`start_hub`.

The bench logs ``N`` students in, one after the other, each in a Chromium context of their own:
the class page (the class service), then their own server's landing page (the hub starts the
server), then the base game with a few clicks, as a student's first minutes go. It then reads,
per student, the resident memory of the student's server and of its kernels, and the processor
time they used; and the memory of what a hub has once (the hub, its proxy, the class service).
From those: what 30, 300 and 3,000 students need (:func:`sizing`), the table the README quotes.
"""
from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

CHP_NAME = "configurable-http-proxy"
#: Where ``make hub-deps`` installs the proxy, from a checkout's root.
CHP_LOCAL = Path("build") / "hub-proxy" / "node_modules" / ".bin" / CHP_NAME
PASSWORD = "beans-for-everyone"
TEACHER = "teacher"
TEACHER_GROUP = "beannb-teachers"
HUB_START_S = 180.0  # a loaded CI machine starts the hub, its proxy and two classes in 10-120 s
#: Seconds a class's students take to open their servers at the start of a lesson, for sizing.
START_SPREAD_S = 60.0
#: Class sizes the sizing table is worked out for.
SIZES = (30, 300, 3000)
#: What ``beannb bench --hub 6`` measured on this project's 2-core test machine (2026-12-05),
#: which the README's sizing and deploy/jupyterhub/values.yaml's memory requests are made from:
#: a student's own server, one game page's kernel, the processor seconds of a student's first
#: minutes (server start, landing page, base game, three clicks), a class service with its
#: students' pages open, and the hub, its proxy and the idle culler.
MEASURED = {"server_mb": 152, "kernel_mb": 64, "student_cpu_s": 4.5, "class_mb": 142,
            "hub_mb": 118, "proxy_mb": 66, "culler_mb": 29}


def find_proxy() -> Optional[str]:
    """The proxy: $CONFIGURABLE_HTTP_PROXY, the one ``make hub-deps`` installed, or one on PATH."""
    repo = Path(__file__).resolve().parents[2]
    for candidate in (os.environ.get("CONFIGURABLE_HTTP_PROXY"), str(repo / CHP_LOCAL), shutil.which(CHP_NAME)):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def missing(chromium: Optional[str] = None) -> Optional[str]:
    """Why a hub cannot be started here (and, with ``chromium``, driven), or None."""
    if chromium is not None and not os.access(chromium, os.X_OK):
        return f"{chromium} is missing: install Debian's chromium package"
    for module, package in (("jupyterhub", "jupyterhub"), ("jupyterhub_idle_culler", "jupyterhub-idle-culler"),
                            ("voila", "voila"), ("playwright", "playwright"), ("psutil", "psutil")):
        if importlib.util.find_spec(module) is None:
            return f"{package} is not installed (pip install 'beannb[hub]' and the test extra)"
    if shutil.which("node") is None:
        return "Node.js is not available: JupyterHub's proxy (configurable-http-proxy) runs on it"
    if find_proxy() is None:
        return (f"{CHP_NAME} is not installed: `make hub-deps` installs it from the npm registry into "
                f"{CHP_LOCAL} (or set CONFIGURABLE_HTTP_PROXY)")
    return None


@dataclass
class Hub:
    """A running hub: its folder, address, process and log; ``seen`` the processes it started."""

    root: Path
    port: int
    proc: "subprocess.Popen[bytes]"
    log_path: Path
    seen: list = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def status(self, path: str) -> int:
        """The status of a GET (redirects not followed); 0 when nothing answers."""

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any, **kwargs: Any) -> None:
                return None

        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(self.base + path.lstrip("/"), timeout=5) as r:
                return int(r.status)
        except urllib.error.HTTPError as exc:
            return int(exc.code)
        except (urllib.error.URLError, OSError):
            return 0


def hub_config(root: Path, ports: dict[str, int], proxy: str, notebooks: Path, students: Sequence[str],
               classes: Sequence[tuple[str, str, str]]) -> str:
    """A jupyterhub_config.py as a school would write one, with a test authenticator and spawner.
    ``classes``: (service name, student group, ports key) of each class; ``students`` are in the
    first class's group; the teacher is in beannb's teachers' group."""
    pythonpath = os.environ.get("PYTHONPATH", "")
    first_group = classes[0][1]
    lines = [f"beannb_hub.add_class(c, {name!r}, student_group={group!r}, port={ports[key]},\n"
             f"                     environment={{'PYTHONPATH': {pythonpath!r}}})" for name, group, key in classes]
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

        # The users: one password for everyone.
        c.JupyterHub.authenticator_class = "shared-password"
        c.SharedPasswordAuthenticator.user_password = {PASSWORD!r}
        c.Authenticator.allowed_users = {set((TEACHER, *students))!r}
        c.JupyterHub.load_groups = {{{TEACHER_GROUP!r}: {{"users": [{TEACHER!r}]}},
                                     {first_group!r}: {{"users": {list(students)!r}}}}}

        # Every user's server is a process of the hub's own user, its home a folder here.
        c.JupyterHub.spawner_class = "simple"
        c.SimpleLocalProcessSpawner.home_dir_template = {str(root / 'home' / '{username}')!r}
        c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
        c.Spawner.ip = "127.0.0.1"
        c.Spawner.start_timeout = 90
        c.Spawner.http_timeout = 90
        c.Spawner.environment = {{"PYTHONPATH": {pythonpath!r}, "JUPYTER_PREFER_ENV_PATH": "1"}}

        """) + "\n".join(lines) + textwrap.dedent(f"""
        beannb_hub.singleuser(c, notebooks={str(notebooks)!r}, allow_root=os.getuid() == 0)
        beannb_hub.add_idle_culler(c, timeout=3600)
        """)


def descendants(pid: int) -> list:
    import psutil

    try:
        return list(psutil.Process(pid).children(recursive=True))
    except psutil.Error:
        return []


def free_ports(names: Iterable[str]) -> dict[str, int]:
    from ..serve import free_port

    ports: dict[str, int] = {}
    for name in names:
        port = free_port()
        while port in ports.values():
            port = free_port()
        ports[name] = port
    return ports


def start_hub(root: Path, notebooks: Path, students: Sequence[str],
              classes: Sequence[tuple[str, str]] = (("class-7a", "class-7a"),),
              timeout_s: float = HUB_START_S) -> Hub:
    """Start a hub in ``root`` with ``classes`` ((service name, student group), the students in
    the first) and wait until every class answers through the proxy (a redirect to the hub's
    login). Raises RuntimeError, with the log's end, when it does not come up; stop it with
    :func:`stop_hub` (it is stopped already when this raises)."""
    keys = [f"class{i}" for i in range(len(classes))]
    ports = free_ports(["hub", "api", "proxy_api", *keys])
    config = root / "jupyterhub_config.py"
    config.write_text(hub_config(root, ports, find_proxy() or CHP_NAME, notebooks, students,
                                 [(n, g, k) for (n, g), k in zip(classes, keys)]), encoding="utf-8")
    log_path = root / "jupyterhub.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=root,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    hub = Hub(root, ports["hub"], proc, log_path)
    deadline = time.monotonic() + timeout_s
    while any(hub.status(f"services/{name}/") != 302 for name, _ in classes):
        hub.seen += descendants(proc.pid)
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_hub(hub)
            raise RuntimeError(f"the hub or a class did not come up (status {proc.poll()})\n{hub.log()[-6000:]}")
        time.sleep(0.3)
    hub.seen += descendants(proc.pid)
    return hub


def stop_hub(hub: Hub) -> None:
    """SIGTERM the hub (it stops its proxy, services and users' servers), then kill whatever
    of its process tree is left (each in its own process group: the spawner's and the proxy's)."""
    import psutil

    from ..serve import stop_voila

    seen = hub.seen + descendants(hub.proc.pid)
    stop_voila(hub.proc, timeout=30)  # as a Voila server: SIGTERM to its process group, SIGKILL after 30 s
    for p in seen:
        with contextlib.suppress(psutil.Error, ProcessLookupError, PermissionError):
            if p.is_running():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(os.getpgid(p.pid), signal.SIGKILL)
                p.kill()


def find_process(hub: Hub, *needles: str) -> list:
    """The hub's descendants whose command line holds every one of ``needles``."""
    return [p for p in descendants(hub.proc.pid)
            if all(any(n in part for part in p.cmdline()) for n in needles)]


def user_server(hub: Hub, user: str) -> Optional[Any]:
    """The single-user server process of ``user`` (the spawner names the user in its environment)."""
    import psutil

    for p in find_process(hub, "jupyterhub.singleuser"):
        with contextlib.suppress(psutil.Error):
            if p.environ().get("JUPYTERHUB_USER") == user:
                return p
    return None


# -- figures --------------------------------------------------------------------------------------


@dataclass
class Student:
    """One student's figures: seconds to their landing page, the memory of their server and its
    kernels (MB), and the processor seconds those used (their whole life, ended kernels included)."""

    name: str
    landing_s: float
    server_mb: float
    kernels_mb: float
    kernels: int
    cpu_s: float

    @property
    def total_mb(self) -> float:
        return self.server_mb + self.kernels_mb


def process_figures(proc: Any) -> tuple[float, float, int, float]:
    """(server MB, kernels MB, kernels, CPU seconds) of a server process and its children."""
    import psutil

    kids = []
    with contextlib.suppress(psutil.Error):
        kids = proc.children(recursive=True)
    kernels_mb, cpu = 0.0, 0.0
    for k in kids:
        with contextlib.suppress(psutil.Error):
            kernels_mb += k.memory_info().rss / 2**20
            t = k.cpu_times()
            cpu += t.user + t.system
    t = proc.cpu_times()
    cpu += t.user + t.system + t.children_user + t.children_system
    return proc.memory_info().rss / 2**20, kernels_mb, len(kids), cpu


@dataclass
class Sizing:
    students: int
    memory_gb: float     # every student with a server of their own, plus the hub's own share
    start_cores: float   # cores to start every student's server within START_SPREAD_S
    classes: int         # class services (of 30)


def sizing(per_student_mb: float, per_student_cpu_s: float, fixed_mb: float, class_mb: float,
           students: int, class_size: int = 30, spread_s: float = START_SPREAD_S) -> Sizing:
    """What ``students`` need at once: memory (each student's server and kernels, one class
    service per ``class_size`` students, and what the hub has once) and the cores that start
    everyone's server within ``spread_s`` seconds (a lesson's first minute: the busiest)."""
    classes = -(-students // class_size)
    memory_mb = fixed_mb + classes * class_mb + students * per_student_mb
    return Sizing(students, memory_mb / 1024, students * per_student_cpu_s / spread_s, classes)


def report(students: Sequence[Student], fixed: dict[str, float], class_mb: float, clicks: int,
           versions: str) -> list[str]:
    """The bench's lines: one row per student, their medians, what a hub has once, the sizing."""
    lines = [f"beannb bench --hub {len(students)}: {versions}; each student: the class page, their own server's "
             f"landing page, the base game and {clicks} click(s); one student after another",
             f"  {'student':<10}{'to landing s':>13}{'server MB':>11}{'kernels':>9}{'kernels MB':>12}"
             f"{'total MB':>10}{'CPU s':>8}"]
    for s in students:
        lines.append(f"  {s.name:<10}{s.landing_s:>13.1f}{s.server_mb:>11.0f}{s.kernels:>9}{s.kernels_mb:>12.0f}"
                     f"{s.total_mb:>10.0f}{s.cpu_s:>8.1f}")
    mb = statistics.median(s.total_mb for s in students)
    cpu = statistics.median(s.cpu_s for s in students)
    fixed_mb = sum(fixed.values())
    lines.append(f"  per student (median): {mb:.0f} MB, {cpu:.1f} CPU s for these first minutes")
    lines.append("  once per hub: " + ", ".join(f"{k} {v:.0f} MB" for k, v in fixed.items())
                 + f"; the class service with {len(students)} student page(s) open: {class_mb:.0f} MB")
    lines.append("sizing (every student with a server of their own, one class service per 30):")
    lines.append(f"  {'students':>9}{'class services':>16}{'memory GB':>11}{'cores to start all within a minute':>36}")
    for n in SIZES:
        size = sizing(mb, cpu, fixed_mb, class_mb, n)
        lines.append(f"  {n:>9}{size.classes:>16}{size.memory_gb:>11.1f}{size.start_cores:>36.1f}")
    return lines


# -- the run --------------------------------------------------------------------------------------


def _student_session(browser: Any, hub: Hub, user: str, class_name: str, clicks: int, timeout_s: float) -> float:
    """The class page, then the student's own landing page (the hub starts the server), then the
    base game and ``clicks`` clicks; returns the seconds from the landing link to a usable landing page."""
    from .app import ARM_CLICK, BASE_GAME, LANDING

    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.goto(hub.base + f"services/{class_name}/")
    page.wait_for_selector("#username_input")
    page.fill("#username_input", user)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    page.wait_for_selector("body[data-ready='1']", timeout=timeout_s * 1000)
    own = context.new_page()
    t0 = time.monotonic()
    own.goto(hub.base + f"hub/user-redirect/voila/render/beannb/{LANDING.notebook}")
    deadline = time.monotonic() + timeout_s
    while f"/user/{user}/voila/render/" not in own.url:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{user}'s server did not open the landing page: {own.url}")
        if own.locator("#start").count():
            own.click("#start")
        time.sleep(0.2)
    own.locator(LANDING.ready).first.wait_for(state="visible", timeout=timeout_s * 1000)
    landing_s = time.monotonic() - t0
    own.goto(hub.base + f"user/{user}/voila/render/beannb/{BASE_GAME.notebook}")
    own.locator(BASE_GAME.ready).first.wait_for(state="visible", timeout=timeout_s * 1000)
    for _ in range(clicks):
        if not own.locator(BASE_GAME.click).count():
            break  # the game is over
        own.evaluate(ARM_CLICK, [BASE_GAME.watch, BASE_GAME.after])
        own.locator(BASE_GAME.click).first.click(timeout=timeout_s * 1000)
        own.wait_for_function("window.__benchT1 !== undefined", timeout=timeout_s * 1000)
    return landing_s


def run_hub_bench(n: int = 4, clicks: int = 3, out: Any = None, log: Any = None,
                  timeout_s: float = 120.0) -> int:
    """Start a hub, take ``n`` students through their first minutes, print the figures."""
    out = sys.stdout if out is None else out
    log = sys.stderr if log is None else log
    import psutil

    from ..serve import CHROMIUM, CHROMIUM_ARGS
    from ..serve.run import find_notebook_dir
    from .app import with_chromium

    why = missing(CHROMIUM)
    if why:
        print(f"beannb bench --hub: not measured: {why}", file=out)
        return 2
    if n < 1:
        print("beannb bench --hub: N is the number of students, at least 1", file=out)
        return 2
    import jupyterhub

    students = [f"s{i:02d}" for i in range(1, n + 1)]
    class_name = "class-7a"

    def drive(browser: Any) -> tuple[list[Student], dict[str, float], float]:
        figures: list[Student] = []
        for user in students:
            landing_s = _student_session(browser, hub, user, class_name, clicks, timeout_s)
            print(f"  {user}: landing page in {landing_s:.1f} s", file=log)
            time.sleep(1.0)  # the last click's messages settle before the memory is read
            proc = user_server(hub, user)
            if proc is None:
                raise RuntimeError(f"no server process found for {user}")
            figures.append(Student(user, landing_s, *process_figures(proc)))
        fixed = {
            "hub": process_figures(psutil.Process(hub.proc.pid))[0],
            "proxy": sum(process_figures(p)[0] for p in find_process(hub, CHP_NAME)),
            "idle culler": sum(process_figures(p)[0] for p in find_process(hub, "jupyterhub_idle_culler")),
        }
        service = find_process(hub, "--voila-server", f"--Voila.base_url=/services/{class_name}/")
        return figures, fixed, process_figures(service[0])[0] if service else float("nan")

    with tempfile.TemporaryDirectory(prefix="beannb-hub-bench-") as tmp:
        try:
            hub = start_hub(Path(tmp), find_notebook_dir(), students)
        except RuntimeError as exc:
            print(f"beannb bench --hub: {exc}", file=out)
            return 1
        try:
            (figures, fixed, class_mb), version = with_chromium(drive, CHROMIUM, CHROMIUM_ARGS)
        except Exception as exc:  # the figures are lost, not the machine: the hub is stopped below
            print(f"beannb bench --hub: {type(exc).__name__}: {exc}", file=out)
            return 1
        finally:
            stop_hub(hub)
    versions = f"JupyterHub {jupyterhub.__version__}, Chromium {version}, on 127.0.0.1 (local process spawner)"
    for line in report(figures, fixed, class_mb, clicks, versions):
        print(line, file=out)
    return 0
