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

import contextlib
import http.cookiejar
import importlib.util
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
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
    assert f"http://192.0.2.7:8866/voila/render/00_start.ipynb?token={plan.token}" in lines     # the whole app
    link = f"http://192.0.2.7:8866/beannb/class?token={plan.token}"
    assert f"students join:  {link}" in lines
    assert f"teacher's page: http://192.0.2.7:8866/beannb/teacher?key={plan.teacher_key}" in lines
    assert plan.teacher_key != plan.token
    # The join link is also printed as a QR code, which encodes exactly that link.
    qr = app.join_qr(link)
    assert qr and "\n".join("    " + row for row in qr.splitlines()) in lines
    assert set(qr) <= set("█▀▄ \n") and qr != app.join_qr(link.replace(plan.token, "other"))

    everywhere = app.plan_class(["00_start.ipynb"], classroom=True, ip="0.0.0.0", token="t")
    assert everywhere.ip == "0.0.0.0" and everywhere.display_host == "192.0.2.7" and everywhere.token == "t"


def test_join_page_for_the_projector_is_self_contained() -> None:
    """The projector's page is served from memory to the teacher (``/beannb/join``, see
    tests/test_class_server.py); nothing is written where another local user could read it."""
    link = "http://192.0.2.7:8866/beannb/class?token=a&b"
    page = app.join_page(link)
    assert "<svg" in page and "http://192.0.2.7:8866/beannb/class?token=a&amp;b" in page
    assert "Join the class" in page and "Csatlakozz" in page
    assert "<script" not in page and "src=" not in page        # nothing loaded from anywhere
    assert not hasattr(app, "write_join_page")


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


@contextlib.contextmanager
def landing_server(root: Path) -> Iterator[ClassServer]:
    """Classroom mode on 127.0.0.1: the landing notebook alone, a pool of 1, at most 2 kernels."""
    folder = root / "notebooks"
    folder.mkdir()
    shutil.copy2(REPO / "notebooks" / LANDING, folder / LANDING)
    plan = app.plan_class([LANDING], classroom=True, ip=app.HOST, token=TOKEN, pool=1, max_kernels=2)
    settings = {**plan.settings(), "VoilaKernelManager.fill_delay": 0.5}
    log_path = root / "voila.log"
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, folder, settings=settings, ip=plan.ip, token=TOKEN, stdout=log,
                               stderr=subprocess.STDOUT)
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


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """The landing page's server for the guards' tests."""
    with landing_server(tmp_path_factory.mktemp("classroom")) as server:
        yield server


@needs_voila
@pytest.mark.parametrize("query", ["", "?token=wrong-token"])
def test_missing_or_wrong_token_is_403_and_starts_nothing(class_server: ClassServer, query: str) -> None:
    started, handed = len(class_server.started()), len(class_server.preheated_handouts())
    student = Student(class_server)
    status, body, _ = student.request(f"voila/render/{LANDING}{query}")
    assert status == 403
    assert "This page needs the class link" in body and "osztály hivatkozása" in body
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


# -- what no page may send: bad paths, malformed kernel messages ------------------------------


@needs_voila
@pytest.mark.parametrize("path", ["voila/render/%00", "voila/tree/%00", "voila/static/%00x", "beannb/class%00", "%00",
                                  "voila/render/%01", f"voila/render/{LANDING}%0A", "voila/render/%FF",
                                  "api/kernels/%00"])
def test_a_path_with_a_nul_byte_or_control_character_is_400_and_starts_nothing(class_server: ClassServer,
                                                                                path: str) -> None:
    started, handed = len(class_server.started()), len(class_server.preheated_handouts())
    student = Student(class_server)
    for data in (None, b"x=1"):  # GET and POST alike
        status, body, _ = student.request(f"{path}?token={TOKEN}", data=data)
        assert status == 400, (path, data, status)
        assert "Something went wrong" in body and "(400)" in body
        assert len(body) < 2000 and "Traceback" not in body and "<script" not in body
    assert len(class_server.started()) == started, "a refused path started a kernel"
    assert len(class_server.preheated_handouts()) == handed, "a refused path took a preheated kernel"
    assert student.request("voila/static/voil%61.js")[0] == 200  # other escaped characters are fine


def _v1(parts: list[bytes], channel: str = "shell") -> bytes:
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    return serialize_msg_to_ws_v1(parts, channel)


def _kernel_message(msg_type: str, content, channel: str = "shell") -> dict:
    header = {"msg_id": os.urandom(8).hex(), "msg_type": msg_type, "username": "", "session": "s",
              "date": "2024-01-01T00:00:00Z", "version": "5.3"}
    return {"channel": channel, "header": header, "parent_header": {}, "metadata": {}, "content": content}


def _packed(msg: dict) -> list[bytes]:
    return [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]


def junk_frames() -> list[bytes | str]:
    """Frames a page might send that are no kernel message (the v1 protocol reads binary frames)."""
    return [
        "this is {not json",  # a text frame
        "[1, 2, 3]",
        b"\x00\xff" * 40,  # "2**64 / 2 parts" to Jupyter's own reader, which loops over them
        b"\x05",
        (3).to_bytes(8, "little") + (10**12).to_bytes(8, "little") * 3 + b"shell{}{}",
        _v1([b"{not json", b"{}", b"{}", b"{}"]),
        _v1([b"{}", b"{}", b"{}", b"{}"]),  # a header without a message type
    ]


@needs_voila
def test_kernel_frames_from_a_page_are_checked_before_jupyter_reads_them() -> None:
    from beannb.serve.kernelsocket import page_message_ok

    good = _kernel_message("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {}}})
    assert page_message_ok(_v1(_packed(good) + [b"a buffer"]), v1=True)
    assert page_message_ok(json.dumps(good), v1=False)
    for frame in junk_frames():
        assert not page_message_ok(frame, v1=True), frame
        assert not page_message_ok(frame, v1=False), frame
    for content in (["x"], {"data": {}}, {"comm_id": "c", "data": "garbage"}, {"comm_id": 7, "data": {}}):
        bad = _kernel_message("comm_msg", content)
        assert not page_message_ok(_v1(_packed(bad)), v1=True), content
        assert not page_message_ok(json.dumps(bad), v1=False), content
    assert not page_message_ok(_v1(_packed(good), channel="iopub"), v1=True)  # pages send on shell, control, stdin
    assert not page_message_ok(json.dumps({**good, "buffers": ["x"]}), v1=False)


@needs_voila
def test_no_traceback_goes_back_to_a_page() -> None:
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    from beannb.serve.kernelsocket import page_safe

    error = _kernel_message("error", {"ename": "TypeError", "evalue": "bad", "traceback": ["Traceback (most recent"]},
                            channel="iopub")
    stderr = _kernel_message("stream", {"name": "stderr", "text": "No such comm: x\n"}, channel="iopub")
    stdout = _kernel_message("stream", {"name": "stdout", "text": "hello\n"}, channel="iopub")
    reply = _kernel_message("comm_info_reply", {"status": "error", "ename": "KeyError", "evalue": "'x'",
                                                "traceback": ['File "/x/y.py", line 1']})
    widget = _kernel_message("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {"value": "ok"}}},
                             channel="iopub")
    for msg in (error, stderr):
        assert page_safe(_v1(_packed(msg), msg["channel"]), v1=True) is None
        assert page_safe(json.dumps(msg), v1=False) is None
        assert page_safe(msg, v1=False) is None
    for msg in (stdout, widget):  # untouched: the same object goes on
        frame, text = _v1(_packed(msg) + [b"\x00\x01"], msg["channel"]), json.dumps(msg)
        assert page_safe(frame, v1=True) is frame and page_safe(text, v1=False) is text
    channel, parts = deserialize_msg_from_ws_v1(page_safe(_v1(_packed(reply)), v1=True))
    assert channel == "shell" and json.loads(parts[0])["msg_type"] == "comm_info_reply"
    assert json.loads(parts[3]) == {"status": "error", "ename": "Error", "evalue": "", "traceback": []}
    assert json.loads(page_safe(json.dumps(reply), v1=False))["content"]["traceback"] == []
    assert page_safe(b"\x00\xff" * 40, v1=True) is None  # what does not read is not passed on


@pytest.fixture(scope="module")
def widget_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """A server of its own for a page's web socket: malformed messages there would break the
    guards' tests' "no Traceback in the log" checks."""
    with landing_server(tmp_path_factory.mktemp("widget-socket")) as server:
        yield server


class KernelSocket:
    """A page's web socket to its kernel, as the page's own client speaks it (or the legacy JSON)."""

    def __init__(self, server: ClassServer, kernel_id: str, v1: bool = True):
        import websocket

        self.v1 = v1
        query = urllib.parse.urlencode({"session_id": os.urandom(8).hex(), "token": TOKEN})
        url = f"ws://{app.HOST}:{server.port}/api/kernels/{kernel_id}/channels?{query}"
        self.ws = websocket.create_connection(url, subprotocols=["v1.kernel.websocket.jupyter.org"] if v1 else None,
                                              timeout=120)
        assert (self.ws.getsubprotocol() == "v1.kernel.websocket.jupyter.org") is v1
        self.frames: list[str] = []  # every frame received, as text
        self.messages: list[dict] = []  # ... and as a message

    def send(self, msg_type: str, content, channel: str = "shell") -> str:
        msg = _kernel_message(msg_type, content, channel)
        if self.v1:
            self.ws.send_binary(_v1(_packed(msg), channel))
        else:
            self.ws.send(json.dumps(msg))
        return msg["header"]["msg_id"]

    def send_frame(self, frame: bytes | str) -> None:
        if isinstance(frame, bytes):
            self.ws.send_binary(frame)
        else:
            self.ws.send(frame)

    def _read(self) -> dict:
        from jupyter_server.services.kernels.connection.base import (deserialize_binary_message,
                                                                     deserialize_msg_from_ws_v1)

        frame = self.ws.recv()  # raises when the server closed the socket or went silent for 120 s
        self.frames.append(frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))
        if isinstance(frame, str):
            msg = json.loads(frame)
        elif not self.v1:
            msg = deserialize_binary_message(frame)
        else:
            channel, parts = deserialize_msg_from_ws_v1(frame)
            names = ("header", "parent_header", "metadata", "content")
            msg = {"channel": channel, **{k: json.loads(p) for k, p in zip(names, parts)}}
        self.messages.append(msg)
        return msg

    def settle(self) -> list[dict]:
        """Ask for the kernel's comms; the messages until it has answered (so has handled all
        sent before, in order): its reply, and its "idle" after it on iopub."""
        msg_id = self.send("comm_info_request", {})
        got, replied, idle = [], False, False
        while not (replied and idle):
            msg = self._read()
            got.append(msg)
            if msg["parent_header"].get("msg_id") == msg_id:
                replied = replied or msg["header"]["msg_type"] == "comm_info_reply"
                idle = idle or (msg["header"]["msg_type"] == "status" and msg["content"]["execution_state"] == "idle")
        return got


def _widgets(sock: KernelSocket) -> dict[str, str]:
    """The page's widgets: comm id -> model name."""
    reply = next(m for m in sock.settle() if m["header"]["msg_type"] == "comm_info_reply")
    for comm, info in reply["content"]["comms"].items():
        if info["target_name"] == "jupyter.widget":
            sock.send("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}})
    states = [m for m in sock.settle() if m["header"]["msg_type"] == "comm_msg"]
    return {m["content"]["comm_id"]: m["content"]["data"]["state"]["_model_name"] for m in states}


#: What must never reach a page: a traceback, a source file's name, an exception's name.
LEAKS = ("Traceback", '.py"', "TypeError", "KeyError", "ValueError", "TraitError", "AttributeError", "Exception")


@needs_voila
@pytest.mark.parametrize("v1", [True, False], ids=["v1", "legacy"])
def test_malformed_widget_messages_get_no_traceback_and_the_page_keeps_working(widget_server: ClassServer,
                                                                              v1: bool) -> None:
    student = Student(widget_server)
    status, body, kernel = student.open_landing()
    assert status == 200 and kernel, body[:500]
    sock = KernelSocket(widget_server, kernel, v1=v1)
    widgets = _widgets(sock)
    toggle = next(c for c, name in widgets.items() if name == "ToggleButtonsModel")  # the language toggle
    switch = next(c for c, name in widgets.items() if name == "AnyModel")  # the page switch
    seen = len(sock.frames), len(sock.messages)

    for comm in (toggle, switch):
        sock.send("comm_msg", {"comm_id": comm, "data": "garbage"})
        sock.send("comm_msg", {"comm_id": comm, "data": {"method": "update", "state": {"value": {"x": [1]}, "lang": 42,
                                                                                      "layout": 5, "index": "x"}}})
        sock.send("comm_msg", {"comm_id": comm, "data": {"method": "update", "state": "garbage", "buffer_paths": 5}})
        sock.send("comm_msg", {"comm_id": comm, "data": {}})
        sock.send("comm_msg", {"comm_id": comm, "data": {"method": "custom", "content": {"type": "\x00", "lang": [1]}}})
        sock.send("comm_msg", {"comm_id": comm, "data": {"method": "custom", "content": "zz"}})
        sock.send("comm_msg", {"comm_id": comm, "data": {"method": "frobnicate"}})
    sock.send("comm_msg", {"comm_id": toggle, "data": {"method": "request_state", "state": 1}})
    sock.send("comm_msg", {"comm_id": "no-such-comm", "data": {"method": "update", "state": {}}})
    sock.send("comm_msg", ["not", "a", "dict"])
    sock.send("comm_close", {"comm_id": "no-such-comm", "data": {}})
    sock.send("comm_open", {"comm_id": "c1", "target_name": "no-such-target", "data": {}})
    sock.send("comm_open", {"comm_id": "c2", "target_name": "jupyter.widget", "data": {"state": {"_model_name": "x"}}})
    sock.send("comm_open", {"comm_id": "c3", "target_name": "jupyter.widget", "data": 5})
    sock.send("comm_info_request", {"target_name": {"x": 1}})
    sock.send("execute_request", {"code": "1/0"})  # not a message a page may send
    for frame in junk_frames():
        sock.send_frame(frame)

    # The kernel handled all that (the socket stayed open), and still answers with every widget it had.
    reply = next(m for m in sock.settle() if m["header"]["msg_type"] == "comm_info_reply")
    assert set(widgets) <= set(reply["content"]["comms"])
    for frame in sock.frames[seen[0]:]:
        assert not any(word in frame for word in LEAKS), frame[:2000]
    back = [(m["header"]["msg_type"], m["content"]) for m in sock.messages[seen[1]:]]
    assert not [kind for kind, content in back if kind == "error" or kind == "stream" and content["name"] == "stderr"]
    assert ("comm_msg", toggle) in [(kind, content.get("comm_id")) for kind, content in back]  # its state, asked with junk
    # Widget traffic still flows: the language toggle sends its state when asked.
    sock.send("comm_msg", {"comm_id": toggle, "data": {"method": "request_state"}})
    states = [m["content"]["data"]["state"] for m in sock.settle()
              if m["header"]["msg_type"] == "comm_msg" and m["content"]["comm_id"] == toggle]
    assert states and states[0]["_options_labels"] == ["English", "Magyar"]
    sock.ws.close()
    assert student.kernel_alive(kernel)
    assert student.close_page(kernel) == 204


# -- `beannb bench --class N`: its pure parts --------------------------------------------------


def _phase(wave: int, label: str, tabs: list, kernels_mb: dict[str, float]):
    from beannb.bench import app as b

    return b.PhaseResult(wave, label, tabs, server_mb=150.0, kernels=12, kernels_mb=800.0,
                         kernel_mb_by_page=kernels_mb, settle_s=3.0)


def test_class_bench_splits_the_class_between_landing_page_and_base_game() -> None:
    from beannb.bench import app as b

    specs = b.class_specs(5)
    assert specs.count(b.LANDING) == 2 and specs.count(b.BASE_GAME) == 3


def test_class_bench_table_and_ratios() -> None:
    from beannb.bench import app as b

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


# -- pools that follow the class (beannb/serve/kernels.py) ------------------------------------
#
# An idle pooled kernel never costs a student a place: a page whose notebook has no pooled
# kernel takes the place of another notebook's idle one, the pool of the page students open
# is refilled from the places of the others, and only pages' own kernels make a class full.


def test_pool_targets_keep_the_plan_while_nobody_asks() -> None:
    from beannb.serve.kernels import pool_targets

    plan = {"00_start.ipynb": 8, "01_bohnanza.ipynb": 8, "02_takeover.ipynb": 2, "03_rabohnzel.ipynb": 2,
            "04_bohnaparte.ipynb": 2}
    assert pool_targets(plan, free=40) == plan
    assert pool_targets(plan) == plan  # no cap
    # Fewer free places: the landing page first, then the biggest pools.
    assert pool_targets(plan, free=10) == {**dict.fromkeys(plan, 0), "00_start.ipynb": 8, "01_bohnanza.ipynb": 2}
    assert pool_targets(plan, free=0) == dict.fromkeys(plan, 0)
    assert pool_targets(dict.fromkeys(plan, 0), {"00_start.ipynb": 5.0}, free=40) == dict.fromkeys(plan, 0)


def test_pool_targets_follow_where_the_class_goes() -> None:
    from beannb.serve.kernels import pool_targets

    plan = {"00_start.ipynb": 8, "01_bohnanza.ipynb": 8, "02_takeover.ipynb": 2, "03_rabohnzel.ipynb": 2,
            "04_bohnaparte.ipynb": 2}
    # Thirty requests for the takeover page, nobody seated yet: its pool grows to the main
    # pools' size (8) within the budget (22); the pages nobody opens give way: the landing
    # page keeps its 8, the base game 6 of its 8, the other two none.
    to_takeover = {"02_takeover.ipynb": 30.0}
    targets = pool_targets(plan, to_takeover, free=40)
    assert targets == {"00_start.ipynb": 8, "01_bohnanza.ipynb": 6, "02_takeover.ipynb": 8, "03_rabohnzel.ipynb": 0,
                       "04_bohnaparte.ipynb": 0}
    # Fewer free places: the page in demand first, then the landing page's one kernel.
    assert pool_targets(plan, to_takeover, free=25) == {**dict.fromkeys(plan, 0), "02_takeover.ipynb": 8,
                                                         "00_start.ipynb": 2}
    assert pool_targets(plan, to_takeover, free=24) == {**dict.fromkeys(plan, 0), "02_takeover.ipynb": 8,
                                                         "00_start.ipynb": 1}
    # The thirty seated under a cap of 40: ten free places, a margin of 15 kept for arrivals;
    # the page in demand keeps one kernel for the next student, nothing else is refilled.
    assert pool_targets(plan, to_takeover, free=10) == {**dict.fromkeys(plan, 0), "02_takeover.ipynb": 1}
    # Few requests: a pool grows by as many as were asked for.
    assert pool_targets(plan, {"03_rabohnzel.ipynb": 3.2}, free=40)["03_rabohnzel.ipynb"] == 4
    # "The class is being sent to 03": its pool may take the whole budget at once.
    sent = pool_targets(plan, {}, {"03_rabohnzel.ipynb": 30.0}, free=40)
    assert sent["03_rabohnzel.ipynb"] == 22 and sum(sent.values()) == 22
    sent = pool_targets(plan, {}, {"03_rabohnzel.ipynb": 5.0}, free=40)
    assert sent["03_rabohnzel.ipynb"] == 5 and sum(sent.values()) == 22
    # Every place but one held by pages: the page in demand gets it (the landing page not);
    # every place held: no pool at all.
    assert pool_targets(plan, to_takeover, free=1) == {**dict.fromkeys(plan, 0), "02_takeover.ipynb": 1}
    assert pool_targets(plan, to_takeover, free=0) == dict.fromkeys(plan, 0)


def test_pool_moves_refill_into_free_places_and_make_room_from_pools_above_their_size() -> None:
    from beannb.serve.kernels import pool_moves

    current, targets = {"a": 3, "b": 0}, {"a": 1, "b": 2}
    assert pool_moves(current, targets, free=2) == ({"b": 2}, {})
    assert pool_moves(current, targets, free=1) == ({"b": 1}, {"a": 1})
    assert pool_moves(current, targets, free=0) == ({}, {"a": 2})
    assert pool_moves(current, targets, free=0, freeing=1) == ({}, {"a": 1})  # one is being shut down already
    assert pool_moves(current, targets, free=-3) == ({}, {"a": 2})
    # Above its size but nobody needs the place: left alone (not refilled).
    assert pool_moves({"a": 3, "b": 2}, targets, free=0) == ({}, {})
    assert pool_moves({"a": 0}, {"a": 4}, free=None) == ({"a": 4}, {})


def test_page_requests_are_counted_with_a_half_life() -> None:
    from beannb.serve.kernels import DecayingCounts

    now = [0.0]
    counts = DecayingCounts(half_life=60.0, clock=lambda: now[0])
    assert counts.add("a", 4) == 4.0
    now[0] = 60.0
    assert counts.get("a") == pytest.approx(2.0)
    assert counts.add("a") == pytest.approx(3.0)
    assert counts.add("a", -5) == 0.0 and counts.values() == {}
    counts.add("b", 1)
    now[0] = 60.0 * 10
    assert counts.values() == {}  # forgotten


def test_the_kernel_adapter_imports_no_voila() -> None:
    code = ("import sys, beannb.serve.kernels as k; assert callable(k.capped_kernel_manager); "
            "print(sorted(m for m in ('voila', 'tornado', 'jupyter_server', 'jupyter_client') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


TRIVIAL = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "one", "metadata": {}, "outputs": [],
               "source": "print('ready')"}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}
OTHER = "10_other.ipynb"


@contextlib.contextmanager
def small_server(root: Path, pools: dict[str, int], cap: int) -> Iterator[ClassServer]:
    """A class server of trivial notebooks (the landing page and OTHER) with these pools and cap."""
    folder = root / "notebooks"
    folder.mkdir()
    for name in pools:
        (folder / name).write_text(json.dumps(TRIVIAL))
    plan = app.plan_class(sorted(pools), classroom=True, ip=app.HOST, token=TOKEN, pool=1, max_kernels=cap)
    plan.pools = dict(pools)
    settings = {**plan.settings(), "VoilaKernelManager.fill_delay": 0.5}
    log_path = root / "voila.log"
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, folder, settings=settings, ip=plan.ip, token=TOKEN, stdout=log,
                               stderr=subprocess.STDOUT)
        server = ClassServer(port, proc, log_path)
        try:
            try:
                app.wait_until_ready(server.base, timeout=90, proc=proc)
                for nb in (nb for nb, n in pools.items() if n):
                    wait_for(lambda: f"Kernel pool of {nb} is filled" in server.log(), 90, f"the pool of {nb} to fill")
                wait_for(lambda: kernel_processes(server) == sum(pools.values()), 90, "the pooled kernels")
                assert pools_now(server) == pools
            except (RuntimeError, TimeoutError, AssertionError) as exc:
                log.flush()
                pytest.fail(f"{exc}\n--- Voila log ---\n{server.log()}")
            yield server
        finally:
            app.stop_voila(proc)


def pool_lines(server: ClassServer) -> list[tuple[dict[str, tuple[int, int]], int]]:
    """Every "Kernel pools:" line of the log: ({notebook: (pooled, target)}, pages)."""
    out = []
    for pools, pages in re.findall(r"Kernel pools: (.*); pages (\d+); cap \d+", server.log()):
        sizes = {nb: (int(n), int(t)) for nb, n, t in re.findall(r"(\S+) (\d+)/(\d+)", pools)}
        out.append((sizes, int(pages)))
    return out


def pools_now(server: ClassServer) -> dict[str, int] | None:
    lines = pool_lines(server)
    return {nb: n for nb, (n, _) in lines[-1][0].items()} if lines else None


def most_kernels_at_once(server: ClassServer) -> int:
    """The most kernels alive at once by the log: started, until gone (logged once stopped)."""
    alive = most = 0
    for what in re.findall(r"Kernel (started|gone): [0-9a-f-]{36}", server.log()):
        alive += 1 if what == "started" else -1
        most = max(most, alive)
    return most


def kernel_processes(server: ClassServer) -> int:
    psutil = pytest.importorskip("psutil")
    return len(psutil.Process(server.proc.pid).children(recursive=False))


def open_page(student: Student, notebook: str) -> tuple[int, str | None]:
    status, body, _ = student.request(f"voila/render/{notebook}?token={TOKEN}")
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
    return status, found.group(1) if found else None


@needs_voila
def test_a_page_takes_the_place_of_an_idle_pooled_kernel_of_another_page(tmp_path: Path) -> None:
    # The cap (3) is reached by the landing page's idle pool; the other page has none.
    with small_server(tmp_path, {LANDING: 3, OTHER: 0}, cap=3) as server:
        assert kernel_processes(server) == 3 and "Evicted" not in server.log()
        started = len(server.started())
        status, kernel = open_page(Student(server), OTHER)
        assert status == 200 and kernel, server.log()[-3000:]
        log = server.log()
        assert log.count("Evicted pooled kernel") == 1
        assert log.index("Evicted pooled kernel") < log.index(f"Kernel started: {kernel}")
        assert kernel not in server.preheated_handouts() and kernel in server.started()[started:]
        assert most_kernels_at_once(server) <= 3 and kernel_processes(server) <= 3
        # The place went to the page: the landing page's pool is one smaller, and stays
        # under the cap while the other page's pool is refilled (it is the one in demand).
        wait_for(lambda: (pools_now(server) or {}).get(OTHER) == 1, 60, "the other page's pool to refill")
        assert pools_now(server)[LANDING] <= 1
        assert most_kernels_at_once(server) <= 3 and kernel_processes(server) <= 3
        assert "Traceback" not in server.log()


@needs_voila
def test_the_pool_follows_the_page_students_open(tmp_path: Path) -> None:
    with small_server(tmp_path, {LANDING: 2, OTHER: 1}, cap=6) as server:
        kernels = []
        for n in range(1, 7):
            # Each page of OTHER takes a preheated kernel: its pool is refilled, into free
            # places while the margin for arriving pages allows, then from the places of
            # the landing page's idle kernels.
            wait_for(lambda: (pools_now(server) or {}).get(OTHER, 0) >= 1, 60, f"a pooled kernel for page {n}")
            status, kernel = open_page(Student(server), OTHER)
            assert status == 200 and kernel in server.preheated_handouts(), server.log()[-3000:]
            kernels.append(kernel)
            if n == 2:
                # Asked for twice: OTHER's pool grows past its planned size (1) to 2.
                wait_for(lambda: (pools_now(server) or {}).get(OTHER) == 2, 60, "OTHER's pool to grow")
        assert len(set(kernels)) == 6
        wait_for(lambda: pool_lines(server)[-1][1] == 6, 30, "six pages")
        # Six pages hold every place: the landing page's pool gave its two kernels away.
        assert pools_now(server) == {LANDING: 0, OTHER: 0}
        log = server.log()
        assert log.count("Retired pooled kernel") == 2 and "Evicted" not in log
        assert max(sizes[OTHER][1] for sizes, _ in pool_lines(server) if OTHER in sizes) == 2
        assert most_kernels_at_once(server) <= 6 and kernel_processes(server) <= 6
        assert "Traceback" not in log


@needs_voila
def test_a_class_is_full_only_when_pages_hold_every_place(tmp_path: Path) -> None:
    with small_server(tmp_path, {LANDING: 1, OTHER: 0}, cap=2) as server:
        ann, bob, cid = Student(server), Student(server), Student(server)
        status, ann_kernel = open_page(ann, LANDING)
        assert status == 200 and ann_kernel in server.preheated_handouts()
        # Bob's page has no pool: it takes a free place, or the landing page's refill gives way.
        status, bob_kernel = open_page(bob, OTHER)
        assert status == 200 and bob_kernel not in (None, ann_kernel)
        wait_for(lambda: pool_lines(server)[-1][1] == 2, 30, "two pages")
        started, evicted = len(server.started()), server.log().count("Evicted")
        for notebook in (LANDING, OTHER):
            status, body, headers = cid.request(f"voila/render/{notebook}?token={TOKEN}")
            assert status == 503 and "The class is full" in body and headers.get("Retry-After") == "60"
        assert len(server.started()) == started and server.log().count("Evicted") == evicted
        assert pools_now(server) == {LANDING: 0, OTHER: 0}
        assert most_kernels_at_once(server) <= 2 and kernel_processes(server) <= 2
        assert ann.kernel_alive(ann_kernel) and bob.kernel_alive(bob_kernel)


class _StandInVoila:
    """What the kernel adapter uses of Voila's preheating kernel manager, with instant
    "kernels": pools of entry tasks resolving to {"task", "renderer", "kernel_id"}."""

    def __init__(self, **kwargs) -> None:
        import logging

        self.log = logging.getLogger("beannb.test.kernels")
        self._kernels: dict[str, object] = {}
        self._pending_kernels: dict[str, object] = {}
        self._pools: dict[str, list] = {}
        self.notebook_data: dict[str, dict] = {}  # notebooks prepared in a pool kernel
        self.kernel_pools_config = {"default": {"pool_size": 0}, **kwargs.pop("pools")}
        self.fill_delay = 0.0
        self.most = 0
        for nb in list(self.kernel_pools_config):
            if nb != "default":
                self.fill_if_needed(delay=0, notebook_name=nb)

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs) -> None:
        import asyncio

        size = self.kernel_pools_config.get(notebook_name, self.kernel_pools_config["default"])["pool_size"]
        pool = self._pools.setdefault(notebook_name, [])
        for _ in range(size - len(pool)):
            pool.append(asyncio.ensure_future(self._wait_then(delay or 0, self._initialize(notebook_name))))

    @staticmethod
    async def _wait_then(delay, awaitable):
        import asyncio

        await asyncio.sleep(delay)
        return await awaitable

    async def _initialize(self, notebook, kernel_id=None, **kwargs):
        import asyncio

        kernel_id = await self._launch()
        self.notebook_data.setdefault(notebook, {"kernel_ids": set()})["kernel_ids"].add(kernel_id)
        render = asyncio.get_running_loop().create_future()
        render.set_result(([], None))
        return {"task": render, "renderer": None, "kernel_id": kernel_id}

    async def _launch(self) -> str:
        import asyncio
        import types
        import uuid

        await asyncio.sleep(0)
        kernel_id = str(uuid.uuid4())
        self._kernels[kernel_id] = types.SimpleNamespace(last_activity=None)
        self.most = max(self.most, len(self._kernels))
        return kernel_id

    async def start_kernel(self, **kwargs) -> str:
        return await self._launch()

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        entry = self._pools[notebook_name].pop(0)
        content = await entry
        self.fill_if_needed(notebook_name=notebook_name)
        return content["task"], [], content["kernel_id"]

    async def shutdown_kernel(self, kernel_id, now=False, restart=False):
        import asyncio

        for pool in self._pools.values():
            for entry in [e for e in pool if e.done() and e.result()["kernel_id"] == kernel_id]:
                pool.remove(entry)
        await asyncio.sleep(0)
        del self._kernels[kernel_id]

    async def shutdown_all(self, *args, **kwargs) -> None:
        pass


def _capped_stand_in(cap: int, pools: dict[str, int]):
    from beannb.serve.kernels import capped_kernel_manager

    cls = capped_kernel_manager(_StandInVoila, cap)
    return cls(pools={nb: {"pool_size": n} for nb, n in pools.items()})


async def _settle(km, rounds: int = 50) -> None:
    import asyncio

    for _ in range(rounds):
        await asyncio.sleep(0)


def test_pages_arriving_together_share_out_the_idle_pooled_kernels_and_no_more() -> None:
    import asyncio

    from tornado.web import HTTPError

    async def scenario():
        km = _capped_stand_in(2, {"a.ipynb": 2, "b.ipynb": 0})
        await _settle(km)
        assert km.beannb_pool_sizes() == {"a.ipynb": (2, 2), "b.ipynb": (0, 0)} and len(km._kernels) == 2
        # Three pages of b at once: none finds a kernel of its own; the two idle ones of a
        # give way to two of them, the third is refused; never more than two kernels.
        assert not any(km.beannb_full("b.ipynb") for _ in range(3))
        results = await asyncio.gather(*(km.start_kernel() for _ in range(3)), return_exceptions=True)
        served = [r for r in results if isinstance(r, str)]
        refused = [r for r in results if isinstance(r, HTTPError)]
        assert len(served) == 2 and len(refused) == 1 and refused[0].status_code == 503
        await _settle(km)
        assert km.most == 2 and set(km._kernels) == set(served)
        assert km.beannb_committed() == 2 and km.beannb_full("b.ipynb") and km.beannb_full("a.ipynb")
        await km.shutdown_all()

    asyncio.run(scenario())


def test_expecting_the_class_on_a_page_grows_its_pool_at_once() -> None:
    import asyncio

    async def scenario():
        km = _capped_stand_in(4, {"a.ipynb": 2, "b.ipynb": 1})
        await _settle(km)
        assert {nb: n for nb, (n, _) in km.beannb_pool_sizes().items()} == {"a.ipynb": 2, "b.ipynb": 1}
        km.beannb_expect("b.ipynb", 3)
        assert km.beannb_pool_sizes()["b.ipynb"][1] == 3  # its target, at once
        await _settle(km)
        # b's pool took the free place and one of a's idle kernels; a keeps one.
        assert {nb: n for nb, (n, _) in km.beannb_pool_sizes().items()} == {"a.ipynb": 1, "b.ipynb": 3}
        assert km.most <= 4 and len(km._kernels) == 4
        # The expected pages arrive and take b's kernels; the last free place goes to b's
        # pool (b is in demand), and a page of a still finds a place: b's idle kernel's.
        for _ in range(3):
            assert not km.beannb_full("b.ipynb")
            await km.get_rendered_notebook("b.ipynb")
        await _settle(km)
        assert km.beannb_pool_sizes() == {"a.ipynb": (0, 0), "b.ipynb": (1, 1)} and km.most <= 4
        assert not km.beannb_full("a.ipynb")
        assert (await km.get_rendered_notebook("a.ipynb"))[2] in km._kernels
        await _settle(km)
        assert km.beannb_committed() == 4 and km.most <= 4 and km.beannb_full("b.ipynb")
        await km.shutdown_all()

    asyncio.run(scenario())


def test_a_page_never_waits_out_a_refill_delay() -> None:
    import asyncio

    async def scenario():
        km = _capped_stand_in(4, {"a.ipynb": 1})
        await _settle(km)
        km.fill_delay = 300.0  # refills wait five minutes, unless a page wants them
        assert not km.beannb_full("a.ipynb")
        first = await km.get_rendered_notebook("a.ipynb")
        await _settle(km)
        assert km.beannb_pool_sizes()["a.ipynb"][0] == 1 and len(km._kernels) == 1  # the refill waits
        assert not km.beannb_full("a.ipynb")
        second = await asyncio.wait_for(km.get_rendered_notebook("a.ipynb"), 10)
        assert second[2] != first[2] and second[2] in km._kernels
        await km.shutdown_all()

    asyncio.run(scenario())


def test_a_page_takes_the_place_of_a_pooled_kernel_being_shut_down() -> None:
    import asyncio

    async def scenario():
        km = _capped_stand_in(2, {"a.ipynb": 1, "b.ipynb": 1})
        await _settle(km)
        # A page of b: b's pool is refilled from the place of a's idle kernel, shut down for it ...
        assert not km.beannb_full("b.ipynb")
        first = (await km.get_rendered_notebook("b.ipynb"))[2]
        assert km.beannb_pool_sizes() == {"a.ipynb": (0, 0), "b.ipynb": (0, 1)}
        # ... while a second page of b arrives: it takes that place, and is served.
        assert not km.beannb_full("b.ipynb")
        second = (await asyncio.wait_for(km.get_rendered_notebook("b.ipynb"), 10))[2]
        await _settle(km)
        assert {first, second} == set(km._kernels) and km.most <= 2
        assert km.beannb_full("a.ipynb") and km.beannb_full("b.ipynb")
        await km.shutdown_all()

    asyncio.run(scenario())
