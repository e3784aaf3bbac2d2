"""The class hub in a real class server (`beannb app --class`), probed over HTTP and websockets.

One server on 127.0.0.1 serves a teacher's folder of lessons (one good, one that fails
``beannb check``) with no preheated kernels: the class pages need none. Checked: who may
open which page (the class token, the student's name, the teacher's separate key), that a
lesson added to the folder while the class runs appears, that the hub's websocket speaks
only to a page with the right cookies and from the server's own origin, and that the
teacher's downloads are the teacher's alone.
"""
from __future__ import annotations

import http.cookiejar
import importlib.util
import json
import re
import shutil
import stat
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

from beannb import serve
from beannb.serve.run import write_launcher
from helpers import class_server

REPO = Path(__file__).resolve().parent.parent
TOKEN = "class-token-for-hub-tests"
KEY = "teacher-key-for-tests"

pytestmark = pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="voila is not installed")


class Browser:
    """A browser's cookies, speaking plain HTTP (redirects followed) and websockets."""

    def __init__(self, port: int):
        self.port = port
        self.base = serve.base_url(port)
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, data: Optional[dict] = None, headers: Optional[dict] = None) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path.lstrip("/"), data=body, headers=headers or {})
        try:
            with self.opener.open(req, timeout=60) as r:
                return r.status, r.read().decode("utf-8", "replace"), r.geturl()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode("utf-8", "replace"), exc.geturl()

    def cookie(self, name: str) -> Optional[str]:
        return next((c.value for c in self.jar if c.name == name), None)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def join(self, name: str, lesson: str = "") -> tuple[int, str, str]:
        status, body, _ = self.get(f"beannb/class?token={TOKEN}")
        assert status == 200 and "bc-name" in body, body[:300]
        return self.get("beannb/class/join", {"name": name, "lesson": lesson, "lang": "en",
                                              "_xsrf": self.cookie("_xsrf") or ""})

    def socket(self, origin: Optional[str] = None) -> "Socket":
        return Socket(self, origin)


class Socket:
    """The hub's websocket, as a class page opens it; ``parts`` holds what it was sent."""

    def __init__(self, browser: Browser, origin: Optional[str] = None):
        import websocket

        self.parts: dict[str, Any] = {}
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{browser.port}/beannb/ws?lang=en", timeout=30,
            cookie=browser.cookie_header(), origin=origin or f"http://127.0.0.1:{browser.port}")
        self.send(t="hello", lang="en")

    def send(self, **msg: Any) -> None:
        self.ws.send(json.dumps(msg))

    def until(self, test, timeout: float = 30.0) -> dict:
        deadline = time.monotonic() + timeout
        while not test(self.parts):
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            msg = json.loads(self.ws.recv())
            assert msg["t"] == "parts"
            self.parts.update(msg["parts"])
            if time.monotonic() > deadline and not test(self.parts):
                raise AssertionError(f"never came: {sorted(self.parts)}")
        return self.parts

    def close(self) -> None:
        self.ws.close()


def lesson_keys(parts: dict) -> dict[str, list]:
    return {item[0]: item for _game, _title, items in parts.get("lessons", []) for item in items}


@pytest.fixture(scope="module")
def hub_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    root = tmp_path_factory.mktemp("hub")
    broken = root / "broken.yaml"
    text = (REPO / "scenarios" / "bohnanza" / "lesson_02_harvest.yaml").read_text("utf-8")
    broken.write_text(text.replace("steps:", "steps:\n  - do: Ann fly away\n", 1), encoding="utf-8")
    with class_server(root, [(REPO / "scenarios" / "bohnanza" / "lesson_03_trading.yaml", "trading.yaml"),
                             (broken, "broken.yaml")], TOKEN, KEY) as (base, lessons, _log):
        yield int(base.rstrip("/").rsplit(":", 1)[1]), lessons


def test_the_command_line_never_carries_the_teachers_key(tmp_path: Path) -> None:
    plan = serve.plan_class(["00_start.ipynb"], classroom=True, ip="127.0.0.1", token="SECRET-T", teacher_key="SECRET-K")
    cmd = serve.voila_command(8866, tmp_path, plan.settings(8866))
    assert not any("SECRET" in part for part in cmd), cmd
    assert "--BeannbVoila.class_hub=True" in cmd
    assert "--BeannbVoila.class_link=http://127.0.0.1:8866/beannb/class?token={token}" in cmd
    assert plan.class_link(8866, "bohnanza/x") == "http://127.0.0.1:8866/beannb/class?token=SECRET-T&lesson=bohnanza/x"
    assert plan.teacher_link(8866) == "http://127.0.0.1:8866/beannb/teacher?key=SECRET-K"


def test_the_teachers_launcher_is_private_and_never_in_a_shared_place() -> None:
    path = write_launcher("http://127.0.0.1:1/beannb/teacher?key=secret&x=1")
    try:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert "key=secret&amp;x=1" in path.read_text("utf-8")
        again = write_launcher("http://127.0.0.1:1/x")
        assert again.parent != path.parent                     # a new folder each time, never a guessed one
        shutil.rmtree(again.parent)
    finally:
        shutil.rmtree(path.parent)


def test_the_class_page_needs_the_token_then_a_name(hub_server) -> None:
    port, _ = hub_server
    b = Browser(port)
    for path in ("beannb/class", "beannb/class?token=wrong", "beannb/teacher", "beannb/teacher?key=wrong",
                 "beannb/join", "beannb/teacher/board.csv", "beannb/teacher/table/1/lesson.yaml"):
        status, body, _ = b.get(path)
        assert status == 403, path
        assert "Traceback" not in body
    status, body, _ = b.get(f"beannb/class?token={TOKEN}&lang=hu")
    assert status == 200 and 'lang="hu"' in body and "A neved" in body and "<script" not in body
    status, body, _ = b.get("beannb/class/join", {"name": "<b>", "lesson": "", "lang": "en", "_xsrf": b.cookie("_xsrf") or ""})
    assert status == 400 and "1 to 24" in body and "&lt;b&gt;" in body
    status, body, _ = b.get("beannb/class/join", {"name": "Anna", "lesson": "", "lang": "en"})   # no _xsrf
    assert status == 403 and b.cookie("beannb-student") is None
    status, body, url = b.join("Anna", lesson="trading")
    assert status == 200 and url.endswith("/beannb/class?lesson=trading&lang=en")
    assert 'data-cfg="' in body and "class.js" in body and b.cookie("beannb-student") not in body
    cfg = json.loads(re.search(r'data-cfg="([^"]+)"', body).group(1).replace("&quot;", '"'))
    assert cfg["role"] == "student" and cfg["lesson"] == "trading"
    # The name is kept across a reload (the cookie), and can be given up.
    status, body, _ = b.get("beannb/class")
    assert status == 200 and "class.js" in body
    b.get("beannb/class/rename")
    status, body, _ = b.get("beannb/class")
    assert status == 200 and "bc-name" in body


def test_students_and_the_teacher_meet_in_the_hub(hub_server) -> None:
    port, lessons = hub_server
    anna, teacher = Browser(port), Browser(port)
    anna.join("Anna")
    status, body, url = teacher.get(f"beannb/teacher?key={KEY}")
    assert status == 200 and url.endswith("/beannb/teacher") and "class.js" in body   # the key leaves the address
    # The teacher's browser may open the app's pages too (it is logged in).
    assert teacher.get(f"voila/render/{serve.LANDING_NOTEBOOK}")[0] in (200, 503)
    t = teacher.socket()
    s = anna.socket()
    try:
        tp = t.until(lambda p: "lessons" in p and "tally" in p)
        sp = s.until(lambda p: "lessons" in p and "view" in p)
        assert tp["me"]["role"] == "teacher" and sp["me"] == {**sp["me"], "role": "student", "name": "Anna"}
        assert tp["me"]["link"] == f"http://127.0.0.1:{port}/beannb/class?token={TOKEN}"
        assert TOKEN not in json.dumps(sp) and "link" not in sp["me"]
        assert set(lesson_keys(tp)) == {"trading", "broken"} and set(lesson_keys(sp)) == {"trading"}
        assert "Ann fly away" in lesson_keys(tp)["broken"][3]
        # The student's page cannot lead.
        s.send(t="lead", key="trading")
        assert s.until(lambda p: p.get("notice"))["notice"] == "Only the teacher can do that."
        t.send(t="lead", key="trading")
        t.send(t="goto", i=2)
        view = s.until(lambda p: p.get("view", {}).get("i") == 2)["view"]
        assert view["mode"] == "follow" and view["exercise"]["choices"][1][1].startswith("Bob offers Ann")
        s.send(t="answer", picked=[1, 3])
        assert t.until(lambda p: (p.get("tally") or {}).get("answered") == 1)["tally"]["counts"] == [0, 1, 0, 1]
        t.send(t="reveal")
        assert s.until(lambda p: p["view"].get("feedback"))["view"]["feedback"]["ok"] is True
        # A lesson added to the folder while the class runs appears on both pages.
        shutil.copy2(REPO / "scenarios" / "bohnanza" / "lesson_01_first_turn.yaml", lessons / "first.yaml")
        s.until(lambda p: "first" in lesson_keys(p), timeout=30)
        t.until(lambda p: "first" in lesson_keys(p), timeout=30)
        # The teacher's downloads.
        status, csv, _ = teacher.get("beannb/teacher/board.csv")
        assert status == 200 and "Anna,bohnanza,1,1,0," in csv
        assert anna.get("beannb/teacher/board.csv")[0] == 403
        status, page, _ = teacher.get("beannb/join?lesson=trading")
        assert status == 200 and "<svg" in page and f"token={TOKEN}&amp;lesson=trading" in page
        assert anna.get("beannb/join")[0] == 403
        # Junk over the socket: a notice, no traceback, the socket stays open.
        s.ws.send("{not json")
        s.ws.send_binary(b"\x00\xff")
        s.send(t="go", i=1)
        assert "Traceback" not in json.dumps(s.until(lambda p: p.get("notice")))
    finally:
        s.close()
        t.close()


def test_the_hubs_socket_wants_the_cookies_and_the_servers_own_origin(hub_server) -> None:
    import websocket

    port, _ = hub_server
    stranger = Browser(port)
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        stranger.socket()
    assert refused.value.status_code == 403
    tokened = Browser(port)
    tokened.get(f"beannb/class?token={TOKEN}")                # logged in, but no name yet
    with pytest.raises(websocket.WebSocketBadStatusException):
        tokened.socket()
    anna = Browser(port)
    anna.join("Anna")
    with pytest.raises(websocket.WebSocketBadStatusException):
        anna.socket(origin="http://evil.example")
    forged = Browser(port)
    forged.join("Eve")
    forged.jar.clear(domain="127.0.0.1", path="/", name="beannb-student")
    forged.jar.set_cookie(http.cookiejar.Cookie(
        0, "beannb-student", '"2|1:0|10:1|14:beannb-student|8:WyJ4Il0=|deadbeef"', None, False, "127.0.0.1", False,
        False, "/", True, False, None, False, None, None, {}))
    with pytest.raises(websocket.WebSocketBadStatusException):
        forged.socket()
