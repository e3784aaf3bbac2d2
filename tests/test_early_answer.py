"""The class server answers at once ("the class is starting") and Voila takes its socket over.

A hub-managed class must answer JupyterHub within ten seconds of its start, or the hub exits;
the server process binds its address and answers before it imports Voila
(:mod:`beannb.serve.early`), and Voila's server listens on that same socket
(``GuardedApplication.listen``). Real sockets on 127.0.0.1 and free ports, real processes.
"""
from __future__ import annotations

import asyncio
import http.client
import importlib.util
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Iterator

import pytest

from beannb.serve import early, free_port
from beannb.serve.pages import MESSAGES
from beannb.serve.settings import EARLY_ENV
from beannb.serve.words import preferred_lang

needs_voila = pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="voila is not installed")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


OPENER = urllib.request.build_opener(_NoRedirect)


def fetch(url: str, lang: str = "", method: str = "GET", data: bytes | None = None,
          timeout: float = 10) -> tuple[int, dict[str, str], str]:
    """Status, headers and body of one request (an error status is an answer too)."""
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Accept-Language": lang} if lang else {})
    try:
        with OPENER.open(request, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), answer.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode("utf-8", "replace")


def is_starting(body: str) -> bool:
    return 'class="beannb-starting"' in body


def refused(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(5)
        return probe.connect_ex(("127.0.0.1", port)) != 0


@pytest.fixture
def answer() -> Iterator[early.EarlyAnswer]:
    server = early.EarlyAnswer("127.0.0.1", 0)
    try:
        yield server
    finally:
        if server.sock.fileno() != -1:
            server.close()


def test_the_early_answer_says_the_class_is_starting_in_the_readers_language(answer: early.EarlyAnswer) -> None:
    url = f"http://127.0.0.1:{answer.port}/services/class-7a/beannb/class?lang=x"
    for header, lang in (("", "en"), ("hu-HU,hu;q=0.9,en;q=0.8", "hu"), ("en-GB,en;q=0.9,hu;q=0.8", "en"),
                         ("de, en;q=0.3, hu;q=0.5", "hu"), ("fr", "en")):
        status, headers, body = fetch(url, header)
        assert status == 200, header
        assert headers["Cache-Control"] == "no-store"
        assert '<meta http-equiv="refresh" content="1">' in body
        assert f'<html lang="{lang}">' in body, header
        title, text = MESSAGES.text("page-starting-title", lang), MESSAGES.text("page-starting", lang)
        assert f"<h1>{title}</h1><p>{text}</p>" in body, header
        assert "<script" not in body
    assert MESSAGES.text("page-starting-title", "hu") != MESSAGES.text("page-starting-title", "en")
    status, headers, body = fetch(url, method="POST")       # any method: the same answer
    assert status == 200 and is_starting(body)
    status, headers, body = fetch(url, "hu", method="HEAD")
    assert status == 200 and body == "" and int(headers["Content-Length"]) > 0
    answer.close()
    assert refused(answer.port)
    assert not answer._thread.is_alive()


def test_the_language_preferred_is_the_heaviest_the_pages_speak() -> None:
    assert preferred_lang("") == "en"
    assert preferred_lang("hu") == "hu"
    assert preferred_lang("HU-hu") == "hu"
    assert preferred_lang("en;q=0.4, hu;q=0.6") == "hu"
    assert preferred_lang("hu;q=0, en;q=0.1") == "en"
    assert preferred_lang("de;q=bad, hu;q=0.2") == "hu"


def test_a_connection_accepted_before_the_stop_gets_its_answer(answer: early.EarlyAnswer) -> None:
    client = socket.create_connection(("127.0.0.1", answer.port), timeout=10)
    try:
        deadline = time.monotonic() + 10
        while not answer._handlers and time.monotonic() < deadline:   # accepted: a handler waits for the request
            time.sleep(0.01)
        assert answer._handlers
        stopper = threading.Thread(target=answer.stop)
        stopper.start()
        stopper.join(0.3)
        assert stopper.is_alive()              # the stop waits for the accepted connection's answer
        client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: hu\r\n\r\n")
        got = b""
        while chunk := client.recv(4096):
            got += chunk
        stopper.join(10)
        assert not stopper.is_alive()
    finally:
        client.close()
    assert got.startswith(b"HTTP/1.1 200 OK\r\n")
    assert MESSAGES.text("page-starting-title", "hu").encode("utf-8") in got


def test_no_early_answer_where_it_cannot_listen_and_none_for_another_address() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert early.start(f"127.0.0.1:{taken.getsockname()[1]}") is None   # the server then fails as it would
    assert early.start("hub:10301") is None                                   # a name, not an address
    assert early.start("127.0.0.1") is None
    assert early.hand_over(10301, "127.0.0.1") is None                         # nothing started
    port = free_port()
    assert early.start(f"127.0.0.1:{port}") is not None
    assert early.hand_over(port + 1 if port < 65535 else port - 1, "127.0.0.1") is None
    assert refused(port)                                                       # stopped and closed
    if early.start(f"[::1]:{port}") is not None:                               # where the machine has IPv6
        assert fetch(f"http://[::1]:{port}/")[0] == 200
        sock = early.hand_over(port, "::1")
        assert sock is not None and sock.family == socket.AF_INET6
        sock.close()


@needs_voila
def test_voila_s_server_takes_the_socket_over_on_the_same_port() -> None:
    import tornado.ioloop
    import tornado.web

    from beannb.serve.server import GuardedApplication

    class Real(tornado.web.RequestHandler):
        def get(self) -> None:
            self.write("the real server")

        def post(self) -> None:
            self.write("posted")

    port = free_port()
    assert early.start(f"127.0.0.1:{port}") is not None
    status, _, body = fetch(f"http://127.0.0.1:{port}/")
    assert status == 200 and is_starting(body)
    # Stopped before the server listens: a connection made meanwhile waits in the backlog.
    first = early._current
    assert first is not None
    sock = first.stop()
    waiting = socket.create_connection(("127.0.0.1", port), timeout=10)
    waiting.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    early._current = _Stopped(sock)   # type: ignore[assignment]

    app = GuardedApplication([(r"/", Real)])
    app.beannb_listen = {"max_body_size": 1000, "max_buffer_size": 4000}
    started = threading.Event()
    holder: dict[str, Any] = {}

    async def serving() -> None:
        holder["loop"], holder["done"] = tornado.ioloop.IOLoop.current(), asyncio.Event()
        server = holder["server"] = app.listen(port, "127.0.0.1")     # as Voila calls it
        started.set()
        await holder["done"].wait()
        server.stop()

    def serve() -> None:
        asyncio.run(serving())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        assert started.wait(30)
        server = holder["server"]
        assert list(server._sockets.values()) == [sock]                # the same socket, not a new one
        assert server.conn_params.max_body_size == 1000                 # the size limits kept
        assert early._current is None
        got = b""
        while chunk := waiting.recv(4096):
            got += chunk
        assert got.startswith(b"HTTP/1.1 200 OK") and got.endswith(b"the real server")
        status, _, body = fetch(f"http://127.0.0.1:{port}/")
        assert (status, body) == (200, "the real server")
        status, _, body = fetch(f"http://127.0.0.1:{port}/", method="POST", data=b"x" * 999)
        assert (status, body) == (200, "posted")
        with socket.create_connection(("127.0.0.1", port), timeout=10) as over:   # a body over the limit
            over.sendall(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1001\r\n\r\n")
            assert over.recv(4096).startswith(b"HTTP/1.1 400 ")       # refused before its body is sent
    finally:
        waiting.close()
        early._current = None
        if "loop" in holder:
            holder["loop"].add_callback(holder["done"].set)
        thread.join(10)
        assert not thread.is_alive()
    assert refused(port)


class _Stopped:
    """An early answer already stopped (by the test), as :func:`early.hand_over` finds one."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def stop(self) -> socket.socket:
        return self.sock


@needs_voila
def test_a_class_on_a_hub_answers_at_once_and_the_real_server_then_on_the_same_port(tmp_path: Any) -> None:
    """``beannb app --class --jupyterhub`` as the hub starts it (the hub's environment, its API
    nowhere): the first answer is the starting page, then the class's own (the hub's login)."""
    port, api = free_port(), free_port()
    env = {**os.environ, "JUPYTERHUB_SERVICE_NAME": "class-7a", "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
           "JUPYTERHUB_SERVICE_PREFIX": "/services/class-7a/", "JUPYTERHUB_API_TOKEN": "t",
           "JUPYTERHUB_API_URL": f"http://127.0.0.1:{api}/hub/api", "JUPYTERHUB_BASE_URL": "/"}
    env.pop(EARLY_ENV, None)
    log = (tmp_path / "class.log").open("wb")
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "beannb", "app", "--class", "--jupyterhub"], env=env,
                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/services/class-7a/"
    answers: list[tuple[float, int, dict[str, str], str]] = []
    try:
        while time.monotonic() - started < 180 and proc.poll() is None:
            try:
                status, headers, body = fetch(url, "hu")
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)
                continue
            answers.append((time.monotonic() - started, status, headers, body))
            if not is_starting(body):
                break
            time.sleep(0.05)
        assert proc.poll() is None, (tmp_path / "class.log").read_text()
        assert answers and is_starting(answers[0][3]), "the first answer is not the starting page"
        first, status, headers, body = answers[0]
        assert status == 200 and headers["Cache-Control"] == "no-store"
        assert MESSAGES.text("page-starting-title", "hu") in body
        real, status, headers, body = answers[-1]
        assert not is_starting(body), "the real server never answered"
        assert status == 302 and "/hub/" in headers["Location"]        # the class's own: log in at the hub
        for _ in range(5):                                              # the real server keeps the port
            assert not is_starting(fetch(url)[2])
        print(f"\nfirst answer after {first:.2f} s, the real server's after {real:.2f} s "
              f"({sum(is_starting(a[3]) for a in answers)} starting pages)")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait()
        log.close()
    assert refused(port)
