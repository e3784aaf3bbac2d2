"""Classroom mode (`beannb app --class`): a real Voila server on 127.0.0.1 with a token,
a preheated kernel pool and a kernel cap, probed over plain HTTP.

The server serves a copy of the landing notebook alone, with one preheated kernel and at
most two kernels, so that every step below is decided by counts, never by timing:

* a request without the token, with a wrong one, or for a foreign Host is refused
  before any kernel is touched;
* the first page takes the preheated kernel (started before the request);
* the pool refills once (room for one more under the cap), the second page takes that;
* the third page finds neither a pooled kernel nor room: "the class is full" (503),
  while static files and other pages still answer;
* a page's shutdown request (as the page sends it when its tab closes) releases its
  kernel at once, the pool refills, and the next page is served again.

The browser half (the page really sends that request) is in tests/browser/test_classroom.py.
"""

from __future__ import annotations

import http.cookiejar
import importlib.util
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from beannb import serve as app
from beannb.cli import build_parser

REPO = Path(__file__).resolve().parent.parent
TOKEN = "class-token-for-tests"
LANDING = app.LANDING_NOTEBOOK

needs_voila = pytest.mark.skipif(
    importlib.util.find_spec("voila") is None, reason="voila is not installed (pip install -e '.[app]')"
)


# -- the pieces, without a server ------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1:8866", True),
        ("localhost:8866", True),
        ("LOCALHOST", True),
        ("[::1]:8866", True),
        ("127.0.0.2", True),
        ("192.0.2.7:8866", True),
        ("192.0.2.7", True),
        ("teacher-laptop.local:8866", True),
        ("evil.example:8866", False),
        ("192.0.2.8:8866", False),
        ("192.0.2.7.evil.example", False),
        ("", False),
        (None, False),
    ],
)
def test_host_header_check(host: str | None, allowed: bool) -> None:
    assert app.host_allowed(host, ["192.0.2.7", "teacher-laptop", "teacher-laptop.local"]) is allowed


def test_loopback_needs_no_extra_host_names() -> None:
    assert app.allowed_hosts("127.0.0.1") == []
    hosts = app.allowed_hosts("192.0.2.7")
    assert hosts[0] == "192.0.2.7"
    assert socket.gethostname().lower() in hosts


def test_default_cap_follows_memory_and_cores() -> None:
    assert app.default_max_kernels(cores=2, available_mb=24000) == 2 * app.KERNELS_PER_CORE
    # 1 GB available: 600 MB for kernels at 80 MB each.
    assert app.default_max_kernels(cores=8, available_mb=1000) == 7
    assert app.default_max_kernels(cores=1, available_mb=10) == 2


def test_pool_plan_favours_the_landing_page_and_fits_under_the_cap() -> None:
    names = ["00_start.ipynb", "01_bohnanza.ipynb", "02_takeover.ipynb", "03_rabohnzel.ipynb", "04_bohnaparte.ipynb"]
    plan = app.pool_plan(names, pool=8, max_kernels=40)
    assert plan == {
        "00_start.ipynb": 8,
        "01_bohnanza.ipynb": 8,
        "02_takeover.ipynb": 2,
        "03_rabohnzel.ipynb": 2,
        "04_bohnaparte.ipynb": 2,
    }
    # Under a small cap the other pages give up their kernels first; one place stays free.
    small = app.pool_plan(names, pool=8, max_kernels=6)
    assert sum(small.values()) == 5
    assert small["00_start.ipynb"] >= 2 and small["01_bohnanza.ipynb"] >= 2
    assert app.pool_plan(names, pool=0, max_kernels=40) == dict.fromkeys(names, 0)


def test_preheat_settings_use_voilas_pools() -> None:
    settings = app.preheat_settings({"00_start.ipynb": 3, "02_takeover.ipynb": 1}, default=1)
    assert settings["VoilaConfiguration.preheat_kernel"] is True
    assert settings["VoilaConfiguration.default_pool_size"] == 1
    pools = settings["VoilaKernelManager.kernel_pools_config"]
    assert pools == {"default": {"pool_size": 1}, "00_start.ipynb": {"pool_size": 3}, "02_takeover.ipynb": {"pool_size": 1}}
    assert app.preheat_settings({"00_start.ipynb": 0}) == {}


def test_classroom_plan_binds_the_network_address_with_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.settings, "lan_address", lambda: "192.0.2.7")
    monkeypatch.setattr(app.settings, "machine", lambda: (2, 8000))
    plan = app.plan_class(["00_start.ipynb", "01_bohnanza.ipynb"], classroom=True)
    assert plan.ip == "192.0.2.7" and plan.display_host == "192.0.2.7"
    assert plan.token and len(plan.token) >= 12
    assert plan.max_kernels == app.default_max_kernels(2, 8000)
    assert plan.pools["00_start.ipynb"] == app.default_pool(plan.max_kernels)
    assert "192.0.2.7" in plan.hosts
    settings = plan.settings()
    assert settings[f"{app.SERVER_CLASS_NAME}.max_kernels"] == plan.max_kernels
    assert "192.0.2.7" in settings[f"{app.SERVER_CLASS_NAME}.allowed_hosts"]
    lines = "\n".join(app.describe_plan(plan, 8866))
    link = f"http://192.0.2.7:8866/voila/render/00_start.ipynb?token={plan.token}"
    assert link in lines
    # The join link is also printed as a QR code, which encodes exactly that link.
    qr = app.join_qr(link)
    assert qr and "\n".join("    " + row for row in qr.splitlines()) in lines
    assert set(qr) <= set("█▀▄ \n") and qr != app.join_qr(link.replace(plan.token, "other"))

    everywhere = app.plan_class(["00_start.ipynb"], classroom=True, ip="0.0.0.0", token="t")
    assert everywhere.ip == "0.0.0.0" and everywhere.display_host == "192.0.2.7" and everywhere.token == "t"


def test_join_page_for_the_projector_is_private_and_self_contained(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    link = "http://192.0.2.7:8866/voila/render/00_start.ipynb?token=a&b"
    path = app.write_join_page(link, 8866)
    page = path.read_text("utf-8")
    assert "<svg" in page and "http://192.0.2.7:8866/voila/render/00_start.ipynb?token=a&amp;b" in page
    assert "Join the class" in page and "Csatlakozz" in page
    assert "<script" not in page and "src=" not in page        # nothing loaded from anywhere
    assert path.stat().st_mode & 0o077 == 0 and path.parent.stat().st_mode & 0o077 == 0


def test_default_plan_is_loopback_without_token_or_pools() -> None:
    plan = app.plan_class(["00_start.ipynb"], classroom=False)
    assert (plan.ip, plan.token, plan.max_kernels, plan.pool_total, plan.hosts) == ("127.0.0.1", None, 0, 0, [])
    assert plan.settings() == {f"{app.SERVER_CLASS_NAME}.max_kernels": 0}


def test_command_line_carries_settings_but_never_the_token(tmp_path: Path) -> None:
    plan = app.plan_class([LANDING], classroom=True, ip="127.0.0.1", token=TOKEN, pool=2, max_kernels=5)
    cmd = app.voila_command(8866, tmp_path, plan.settings(), ip=plan.ip)
    assert cmd[1:4] == ["-m", "beannb.serve", app.SERVER_FLAG]
    assert "--Voila.ip=127.0.0.1" in cmd
    assert "--VoilaConfiguration.preheat_kernel=True" in cmd
    assert f"--{app.SERVER_CLASS_NAME}.max_kernels=5" in cmd
    assert not any(TOKEN in arg for arg in cmd)
    if os.name == "posix":
        assert "--KernelManager.transport=ipc" in cmd
    pools = next(arg for arg in cmd if arg.startswith("--VoilaKernelManager.kernel_pools_config="))
    assert json.loads(pools.split("=", 1)[1])[LANDING] == {"pool_size": 2}


def test_message_pages_are_bilingual_and_self_contained() -> None:
    full = app.message_page("full", 503, refresh=60)
    assert "The class is full" in full and "Az osztály megtelt" in full
    assert "try again in a minute" in full.lower() and "egy perc múlva" in full
    assert 'http-equiv="refresh" content="60"' in full
    token = app.message_page("token", 403)
    assert "class link" in token and "token" in token and 'lang="hu"' in token
    for page in (full, token, app.message_page("host", 403), app.message_page("logout")):
        assert "<script" not in page and "http" not in page.replace('http-equiv', '')


def test_cli_app_and_bench_options() -> None:
    args = build_parser().parse_args(["app", "--class", "--ip", "0.0.0.0", "--pool", "6", "--max-kernels", "30"])
    assert (args.classroom, args.ip, args.pool, args.max_kernels) == (True, "0.0.0.0", 6, 30)
    args = build_parser().parse_args(["app"])
    assert (args.classroom, args.ip, args.pool, args.max_kernels) == (False, None, None, None)
    args = build_parser().parse_args(["bench", "--class", "10"])
    assert (args.class_size, args.waves) == (10, 3)


def test_ip_without_class_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["app", "--ip", "0.0.0.0"])
    assert app.run(args) == 2
    assert "--class" in capsys.readouterr().err


# -- a real server --------------------------------------------------------------------------


@dataclass
class ClassServer:
    port: int
    proc: subprocess.Popen[bytes]
    log_path: Path

    @property
    def base(self) -> str:
        return app.base_url(self.port)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def started(self) -> list[str]:
        """Kernel ids in the order the server started them."""
        return re.findall(r"Kernel started: ([0-9a-f-]{36})", self.log())

    def preheated_handouts(self) -> list[str]:
        return re.findall(r"Using pre-heated kernel: ([0-9a-f-]{36})", self.log())


class Student:
    """A browser's worth of cookies, speaking plain HTTP."""

    def __init__(self, server: ClassServer):
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(self, path: str, *, headers: dict[str, str] | None = None,
                data: bytes | None = None) -> tuple[int, str, dict[str, str]]:
        req = urllib.request.Request(self.server.base + path.lstrip("/"), headers=headers or {}, data=data)
        try:
            with self.opener.open(req, timeout=180) as response:
                return response.status, response.read().decode("utf-8", "replace"), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace"), dict(exc.headers)

    def open_landing(self) -> tuple[int, str, str | None]:
        """GET the landing page with the token: (status, body, the page's kernel id)."""
        status, body, _ = self.request(f"voila/render/{LANDING}?token={TOKEN}")
        found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
        return status, body, found.group(1) if found else None

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def close_page(self, kernel_id: str) -> int:
        """What Voila's page sends when its tab closes: the _xsrf cookie's value as a form field."""
        form = urllib.parse.urlencode({"_xsrf": self.cookie("_xsrf") or ""}).encode()
        return self.request(f"voila/api/shutdown/{kernel_id}", data=form)[0]

    def kernel_alive(self, kernel_id: str) -> bool:
        return self.request(f"api/kernels/{kernel_id}")[0] == 200


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(0.2)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """Classroom mode on 127.0.0.1: the landing notebook alone, a pool of 1, at most 2 kernels."""
    root = tmp_path_factory.mktemp("classroom")
    folder = root / "notebooks"
    folder.mkdir()
    shutil.copy2(REPO / "notebooks" / LANDING, folder / LANDING)
    plan = app.plan_class(app.notebook_names(folder), classroom=True, ip=app.HOST, token=TOKEN, pool=1, max_kernels=2)
    settings = {**plan.settings(), "VoilaKernelManager.fill_delay": 0.5}
    log_path = root / "voila.log"
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, folder, settings=settings, ip=plan.ip, token=TOKEN, stdout=log, stderr=subprocess.STDOUT)
        server = ClassServer(port, proc, log_path)
        try:
            try:
                app.wait_until_ready(server.base, timeout=90, proc=proc)
                wait_for(lambda: "Kernel pool of 00_start.ipynb is filled" in server.log(), 90, "the pool to fill")
            except (RuntimeError, TimeoutError, AssertionError) as exc:
                log.flush()
                pytest.fail(f"{exc}\n--- Voila log ---\n{server.log()}")
            yield server
        finally:
            app.stop_voila(proc)


@needs_voila
@pytest.mark.parametrize("query", ["", "?token=wrong-token"])
def test_missing_or_wrong_token_is_403_and_starts_nothing(class_server: ClassServer, query: str) -> None:
    started, handed = len(class_server.started()), len(class_server.preheated_handouts())
    student = Student(class_server)
    status, body, _ = student.request(f"voila/render/{LANDING}{query}")
    assert status == 403
    assert "This page needs the class link" in body and "osztály linkje" in body
    assert len(body) < 2000 and "Traceback" not in body
    # The tree, the login page and the kernel API ask for the token too.
    assert student.request("")[0] == 403
    assert student.request("login")[0] == 403
    assert student.request(f"voila/render/{LANDING}?token={TOKEN[:-1]}")[0] == 403
    assert len(class_server.started()) == started, "a refused request started a kernel"
    assert len(class_server.preheated_handouts()) == handed, "a refused request took a preheated kernel"


@needs_voila
@pytest.mark.parametrize("path", [f"voila/render/{LANDING}?token={TOKEN}", "voila/static/voila.js", ""])
def test_foreign_host_is_403_even_with_a_matching_origin(class_server: ClassServer, path: str) -> None:
    # DNS rebinding: evil.example resolves to this server; the browser sends its own name.
    started = len(class_server.started())
    evil = f"evil.example:{class_server.port}"
    status, body, _ = Student(class_server).request(path, headers={"Host": evil, "Origin": f"http://{evil}"})
    assert status == 403
    assert "Wrong address" in body and "Rossz cím" in body
    assert len(class_server.started()) == started


@needs_voila
def test_logout_login_and_template_static_paths_never_answer_500(class_server: ClassServer) -> None:
    student = Student(class_server)
    status, body, _ = student.request("logout")
    assert status == 200 and "Signed out" in body and "Kijelentkeztél" in body
    status, body, _ = student.request("voila/templates/beannb/static/voila.js")
    assert status == 200 and len(body) > 1000
    for path in ("voila/templates/beannb/static/", "voila/templates/beannb", "voila/templates/x",
                 "voila/templates/beannb/static/no-such-file.css", "voila/render/no-such-notebook.ipynb"):
        status, body, _ = student.request(path if "render" not in path else f"{path}?token={TOKEN}")
        assert status in (403, 404), (path, status)
        assert "Traceback" not in body


@needs_voila
def test_requests_bodies_are_limited(class_server: ClassServer) -> None:
    with socket.create_connection((app.HOST, class_server.port), timeout=10) as sock:
        sock.sendall(
            f"POST /voila/api/shutdown/x HTTP/1.1\r\nHost: 127.0.0.1:{class_server.port}\r\n"
            f"Content-Type: application/octet-stream\r\nContent-Length: {app.MAX_BODY_BYTES + 1}\r\n\r\n".encode()
        )
        assert sock.recv(64).startswith(b"HTTP/1.1 400")
    assert Student(class_server).request("voila/static/voila.js")[0] == 200


@needs_voila
def test_kernels_talk_over_private_unix_sockets(class_server: ClassServer) -> None:
    if os.name != "posix":
        pytest.skip("IPC transport is for POSIX systems")
    folder = Path(re.search(r"Storing connection files in (\S+)\.\n", class_server.log()).group(1))
    assert stat.S_IMODE(folder.stat().st_mode) & 0o777 == 0o700  # only this user
    infos = [json.loads(p.read_text()) for p in folder.glob("kernel-*.json")]
    assert infos, "no kernel connection file"
    assert {info["transport"] for info in infos} == {"ipc"}
    assert all(info["ip"].startswith(str(folder)) for info in infos)


@needs_voila
def test_preheated_kernel_then_full_then_release(class_server: ClassServer) -> None:
    ann, bob, cid, dora = (Student(class_server) for _ in range(4))

    # 1. Ann's page takes the kernel started before her request.
    started_before = class_server.started()
    status, body, ann_kernel = ann.open_landing()
    assert status == 200 and ann_kernel, body[:500]
    assert ann_kernel in started_before, "the landing page did not get a preheated kernel"
    assert ann_kernel in class_server.preheated_handouts()
    assert "application/vnd.jupyter.widget-view+json" in body   # the landing widgets were built
    assert ann.cookie("_xsrf"), "the page must get the _xsrf cookie its shutdown request sends back"

    # 2. The pool refilled once (one place left under the cap): Bob gets that kernel.
    status, _, bob_kernel = bob.open_landing()
    assert status == 200 and bob_kernel and bob_kernel != ann_kernel
    assert bob_kernel in class_server.preheated_handouts()

    # 3. Two kernels in use, the pool empty, the cap reached: Cid is told the class is full.
    started = len(class_server.started())
    status, body, headers = cid.request(f"voila/render/{LANDING}?token={TOKEN}")
    assert status == 503
    assert "The class is full" in body and "Az osztály megtelt" in body
    assert headers.get("Retry-After") == "60"
    assert len(class_server.started()) == started, "a full class started a kernel"
    # ... while everything else still answers.
    assert cid.request("voila/static/voila.js")[0] == 200
    assert cid.request("voila/templates/beannb/static/voila.js")[0] == 200
    assert ann.kernel_alive(ann_kernel)
    assert cid.request("logout")[0] == 200

    # 4. Ann closes her tab: the page's shutdown request releases her kernel at once.
    # (Without the page's cookies, or with a wrong _xsrf value, it is refused.)
    assert Student(class_server).close_page(ann_kernel) == 403
    assert ann.request(f"voila/api/shutdown/{ann_kernel}", data=b"_xsrf=forged")[0] == 403
    assert ann.kernel_alive(ann_kernel)
    assert ann.close_page(ann_kernel) == 204
    assert not bob.kernel_alive(ann_kernel)
    assert f"Kernel shutdown: {ann_kernel}" in class_server.log()

    # 5. The pool refills under the cap and the next student is served from it.
    status, _, dora_kernel = dora.open_landing()
    assert status == 200 and dora_kernel not in (ann_kernel, bob_kernel)
    assert dora_kernel in class_server.preheated_handouts()
    assert "Traceback" not in class_server.log()


# -- `beannb bench --class N`: its pure parts --------------------------------------------------


def _phase(wave: int, label: str, tabs: list, kernels_mb: dict[str, float]):
    from beannb import bench_app as b

    return b.PhaseResult(wave, label, tabs, server_mb=150.0, kernels=12, kernels_mb=800.0,
                         kernel_mb_by_page=kernels_mb, settle_s=3.0)


def test_class_bench_splits_the_class_between_landing_page_and_base_game() -> None:
    from beannb import bench_app as b

    specs = b.class_specs(5)
    assert specs.count(b.LANDING) == 2 and specs.count(b.BASE_GAME) == 3


def test_class_bench_table_and_ratios() -> None:
    from beannb import bench_app as b

    def tab(spec, ready=None, clicks=(), full=False, error=None):
        return b.TabResult(spec, served=ready is not None, full=full, error=error, ready_ms=ready,
                           html_ms=None if ready is None else ready / 10, clicks_ms=list(clicks))

    phases = [
        _phase(1, "beannb", [tab(b.LANDING, 2000.0), tab(b.LANDING, full=True),
                             tab(b.BASE_GAME, 3000.0, [100.0, 300.0]), tab(b.BASE_GAME, error="timeout")],
               {"landing": 70.0, "base": 80.0}),
        _phase(1, "reference", [tab(b.REFERENCE, 1000.0, [50.0]), tab(b.REFERENCE, 1000.0, [50.0])],
               {"reference": 50.0}),
    ]
    table = b.class_table(phases).splitlines()
    assert table[0].split()[:6] == ["wave", "page", "served", "full", "failed", "HTML"]
    landing, base, reference = table[2:]
    assert landing.split()[:6] == ["1", "landing", "page", "1/2", "1", "0"]
    assert "2000 ms" in landing and "70 MB" in landing and "150 MB" in landing
    assert base.split()[3:6] == ["1/2", "0", "1"] and "200 ms" in base  # click median
    assert "2/2" in reference and "50 ms" in reference
    summary = b.class_summary(phases)
    assert "first usable 2000 ms (2.00x)" in summary
    assert "click -> update 200 ms (4.00x)" in summary
    assert "kernel RSS 80 MB (1.60x)" in summary
    assert "served 1/2" in summary
