"""The class hub's doors in the Voila server: its pages, its websocket and its downloads.

Every request first passes the server's own guards (Host header, sizes) and Jupyter's
token check: the class link's ``?token=`` logs a browser in, as for any page of the app.
On top of that a student is named by a signed cookie (``beannb-student``: an id and the
name typed), the teacher by another (``beannb-teacher``), set only by the teacher's link
(``/beannb/teacher?key=…``), whose key is a second secret that never reaches a student.

=====================================  =====================================================
``/beannb/class[?lesson=KEY]``         the class page (a join form first), for students
``/beannb/class/join`` (POST)          the join form's answer: sets the student's cookie
``/beannb/class/rename``               forget the name on this browser (join again)
``/beannb/teacher[?key=K]``            the teacher's page
``/beannb/join[?lesson=KEY]``          the join code for the projector (teacher only)
``/beannb/teacher/board.csv``          the progress board (teacher only)
``/beannb/teacher/table/N/lesson.yaml``  a finished table's game as a lesson (teacher only)
``/beannb/static/NAME``                the pages' script and styles
``/beannb/ws``                         the pages' websocket to the hub
=====================================  =====================================================

On a JupyterHub (``beannb app --class --jupyterhub``) the hub says who is who instead: the
pages send whoever is not logged in to the hub's login, a student is the hub's user (no join
form, no cookie of ours), the teacher is a member of the class's teacher group (no key), and
the service's root (``/services/<name>/``) leads each to their page.

Imported only by the server process (it imports tornado and jupyter_server).
"""
from __future__ import annotations

import hmac
import json
import re
from importlib import resources
from typing import Any, Optional
from urllib.parse import quote, urlencode

import tornado.web
import tornado.websocket
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin

from ..i18n.ui import language_name
from . import pages
from .hub import ClassHub, Client, clean_name
from .tables import TableError
from .words import LANGS, lang_of, page_words, preferred_lang

STUDENT_COOKIE = "beannb-student"
TEACHER_COOKIE = "beannb-teacher"
#: Days a student's name is remembered on a device (a school year is long; a class is not).
COOKIE_DAYS = 30
PREFIX = "beannb/"

ASSETS = {
    "class.js": ("serve", "class.js", "text/javascript; charset=UTF-8"),
    "class.css": ("serve", "class.css", "text/css; charset=UTF-8"),
    "touch.js": ("widgets", "touch.js", "text/javascript; charset=UTF-8"),
    "touch.css": ("widgets", "touch.css", "text/css; charset=UTF-8"),
}


class HubHandler(pages.MessageErrors, JupyterHandler):
    """What the class pages share: the hub, the reader's language and who the reader is."""

    def get_login_url(self) -> str:
        if self.on_hub:
            return super().get_login_url()   # the hub's login (set by the hub's identity provider)
        raise tornado.web.HTTPError(403, "missing or wrong token")

    @property
    def on_hub(self) -> Optional[dict[str, Any]]:
        """On a JupyterHub: the class's hub settings (teacher groups, the app's and the logout's
        addresses); None for a class of its own."""
        return self.settings.get("beannb_jupyterhub")

    def log_in(self) -> None:
        """Nobody logged in: to the hub's login on a hub (back here afterwards), else the token page."""
        if self.on_hub:
            return self.redirect(self.get_login_url())
        return self.refuse(403, "token")

    @property
    def hub(self) -> ClassHub:
        return self.settings["beannb_hub"]

    @property
    def teacher_mark(self) -> str:
        return self.settings["beannb_teacher_mark"]

    def url(self, path: str, **query: str) -> str:
        q = {k: v for k, v in query.items() if v}
        return self.base_url + PREFIX + path + (("?" + urlencode(q)) if q else "")

    def reader_lang(self) -> str:
        """The page's ``?lang=``, else the browser's preferred language the pages speak, else English."""
        asked = self.get_argument("lang", None)
        if asked in LANGS:
            return asked  # type: ignore[return-value]
        return preferred_lang(self.request.headers.get("Accept-Language", ""))

    def student_cookie(self) -> Optional[tuple[str, str]]:
        if self.on_hub:
            from .hubauth import hub_student

            return hub_student(self)
        raw = self.get_signed_cookie(STUDENT_COOKIE, max_age_days=COOKIE_DAYS)
        if not raw:
            return None
        try:
            sid, name = json.loads(raw)
        except (ValueError, TypeError):
            return None
        name = clean_name(name)
        if not isinstance(sid, str) or not re.fullmatch(r"[A-Za-z0-9_-]{8,40}", sid) or name is None:
            return None
        return sid, name

    def is_teacher(self) -> bool:
        if self.on_hub:
            from .hubauth import hub_teacher

            return hub_teacher(self, self.on_hub["teacher_groups"])
        mark = self.get_signed_cookie(TEACHER_COOKIE, max_age_days=1)
        return bool(mark) and hmac.compare_digest(mark, self.teacher_mark.encode())

    def cookie_options(self) -> dict[str, Any]:
        return {"httponly": True, "samesite": "Lax", "path": self.base_url, "secure": self.request.protocol == "https"}

    def refuse(self, status: int, kind: str) -> None:
        pages.send_page(self, status, kind)

    def shell(self, role: str, lang: str, lesson: str = "") -> None:
        app = self.on_hub["app"] if self.on_hub else self.base_url + "voila/render/00_start.ipynb"
        cfg = {"role": role, "ws": self.url("ws"), "lang": lang, "lesson": lesson, "static": self.url("static/"),
               "app": app, "base": self.base_url + PREFIX}
        self.set_header("Cache-Control", "no-store")
        self.finish(pages.class_shell(role, cfg, lang, page_words(lang)))


class ClassPageHandler(HubHandler):
    """The students' page: the join form until a name is given, then the class."""

    def get(self) -> None:
        if self.current_user is None:
            return self.log_in()
        lang = self.reader_lang()
        lesson = self.get_argument("lesson", "")[:200]
        if self.on_hub and self.is_teacher():
            return self.redirect(self.url("teacher", lang=self.get_argument("lang", "")))
        known = self.student_cookie()
        if known is None:
            if self.on_hub:   # logged in to the hub, but not as a user (a service's token)
                return self.refuse(403, "token")
            return self.join_form(lang, lesson)
        sid, name = known
        self.hub.join(name, sid, lang)
        self.shell("student", lang, lesson)

    def join_form(self, lang: str, lesson: str, name: str = "", error: Optional[str] = None, status: int = 200) -> None:
        words = page_words(lang)
        links = {code: (language_name(code), self.url("class", lesson=lesson, lang=code)) for code in LANGS}
        self.set_status(status)
        self.set_header("Cache-Control", "no-store")
        self.finish(pages.join_form(words, lang, action=self.url("class/join"), static=self.url("static/"),
                                    xsrf=self.xsrf_form_html(), lesson=lesson, name=name, error=error,
                                    lang_links=links))


class JoinHandler(ClassPageHandler):
    def post(self) -> None:
        if self.current_user is None:
            return self.refuse(403, "token")
        if self.on_hub:   # no typed names on a hub: the hub said who this is
            return self.redirect(self.url("class", lang=self.reader_lang()))
        self.check_xsrf_cookie()
        lang = lang_of(self.get_body_argument("lang", "en"))
        lesson = self.get_body_argument("lesson", "")[:200]
        typed = self.get_body_argument("name", "")[:100]
        known = self.student_cookie()
        try:
            st = self.hub.join(typed, known[0] if known else None, lang)
        except ValueError as exc:
            return self.join_form(lang, lesson, typed, str(exc), status=400)
        self.set_signed_cookie(STUDENT_COOKIE, json.dumps([st.id, st.name]), expires_days=COOKIE_DAYS,
                               **self.cookie_options())
        self.hub.flush()
        self.redirect(self.url("class", lesson=lesson, lang=lang))


class RenameHandler(HubHandler):
    def get(self) -> None:
        if self.on_hub:   # "not you?": log out of the hub, to log in as someone else
            return self.redirect(self.on_hub["logout"])
        self.clear_cookie(STUDENT_COOKIE, path=self.base_url)
        self.redirect(self.url("class", lang=self.reader_lang()))


class TeacherPageHandler(HubHandler):
    """The teacher's page. Its link carries the teacher's key once: the key sets the
    teacher's cookie (and logs the browser in to the app's pages), then the address drops it."""

    @allow_unauthenticated
    def get(self) -> None:
        if self.on_hub:   # the teacher is whoever the hub puts in the class's teacher group
            if self.current_user is None:
                return self.log_in()
            if not self.is_teacher():
                return self.refuse(403, "hubteacher")
            return self.shell("teacher", self.reader_lang())
        key = self.get_argument("key", None)
        expected = self.settings["beannb_teacher_key"]
        if key is not None:
            if not expected or not hmac.compare_digest(key.encode(), expected.encode()):
                return self.refuse(403, "teacher")
            self.set_signed_cookie(TEACHER_COOKIE, self.teacher_mark, expires_days=1, **self.cookie_options())
            if self.current_user is None:
                idp = self.identity_provider
                idp.set_login_cookie(self, idp.generate_anonymous_user(self))
            return self.redirect(self.url("teacher", lang=self.get_argument("lang", "")))
        if not self.is_teacher():
            return self.refuse(403, "teacher")
        self.shell("teacher", self.reader_lang())


class TeacherOnly(HubHandler):
    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if not self._finished and not self.is_teacher():
            self.refuse(403, "hubteacher" if self.on_hub else "teacher")


class JoinCodeHandler(TeacherOnly):
    """The class link as a large QR code and as text, for the projector (never on disk)."""

    def get(self) -> None:
        link = self.hub.class_link
        if link.startswith("/"):   # on a hub that does not know its public address: this request's
            proto = self.request.headers.get("X-Forwarded-Proto", self.request.protocol).split(",")[0].strip()
            link = f"{proto if proto in ('http', 'https') else 'http'}://{self.request.host}{link}"
        lesson = self.get_argument("lesson", "")
        if lesson:
            link += ("&" if "?" in link else "?") + "lesson=" + quote(lesson, safe="/")
        self.set_header("Cache-Control", "no-store")
        self.finish(pages.join_page(link))


class BoardCsvHandler(TeacherOnly):
    def get(self) -> None:
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", 'attachment; filename="beannb-progress.csv"')
        self.set_header("Cache-Control", "no-store")
        self.finish(self.hub.board_csv())


class TableLessonHandler(TeacherOnly):
    def get(self, tid: str) -> None:
        try:
            name, text = self.hub.lesson_of_table(int(tid))
        except (KeyError, ValueError, TableError):
            raise tornado.web.HTTPError(404) from None
        self.set_header("Content-Type", "application/x-yaml; charset=UTF-8")
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.finish(text)


class ServiceRootHandler(HubHandler):
    """A class on a hub, as the hub's menu of services links it: the teacher to the teacher's
    page, everyone else to the class page (after the hub's login)."""

    @allow_unauthenticated
    def get(self) -> None:
        if self.current_user is None:
            return self.log_in()
        lang = self.get_argument("lang", "")
        self.redirect(self.url("teacher" if self.is_teacher() else "class", lang=lang))


class AssetHandler(tornado.web.RequestHandler):
    def get(self, name: str) -> None:
        """A front-end file the class pages load. The touchable table's files are read where
        the widgets keep them, without importing the widgets."""
        if name not in ASSETS:
            raise tornado.web.HTTPError(404)
        folder, file, kind = ASSETS[name]
        self.set_header("Content-Type", kind)
        self.set_header("Cache-Control", "no-cache")
        self.finish(resources.files("beannb").joinpath(folder, "front", file).read_text("utf-8"))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(pages.message_page("error", status_code))


class HubSocket(WebSocketMixin, tornado.websocket.WebSocketHandler, HubHandler):
    """A class page's line to the hub: JSON messages both ways. A student's socket acts
    only as that student; the teacher's as the teacher."""

    client: Optional[Client] = None

    def set_default_headers(self) -> None:
        """Nothing of JupyterHandler's page headers applies to a websocket."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        if self.current_user is None:
            raise tornado.web.HTTPError(403)
        if self.is_teacher():
            self.role, self.sid = "teacher", None
        else:
            known = self.student_cookie()
            if known is None:
                raise tornado.web.HTTPError(403)
            self.role, self.sid = "student", self.hub.join(known[1], known[0]).id
        await super().get(*args, **kwargs)

    def open(self, *args: Any, **kwargs: Any) -> None:
        super().open()  # WebSocketMixin's keep-alive pings
        lang = lang_of(self.get_argument("lang", "en"))
        self.client = Client(self.role, self._send, self.sid, lang)
        self.hub.connect(self.client)

    def _send(self, text: str) -> None:
        try:
            sent = self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            return
        # A page that went away while a message was on its way: nothing to tell anyone.
        sent.add_done_callback(lambda f: f.cancelled() or f.exception())

    def send_ping(self) -> None:
        """The keep-alive ping, quiet when the page went away between two pings (its socket
        closed while the ping was due: nothing to keep alive, nothing to report)."""
        try:
            super().send_ping()
        except (tornado.websocket.WebSocketClosedError, AttributeError):
            if self.ping_callback is not None:
                self.ping_callback.stop()

    def on_message(self, message: Any) -> None:
        if self.client is not None:
            self.hub.receive(self.client, message if isinstance(message, str) else None)

    def on_close(self) -> None:
        super().on_close()
        if self.client is not None:
            self.hub.disconnect(self.client)
            self.client = None


def hub_handlers(base_url: str) -> list[tuple[str, Any]]:
    """The hub's routes under ``base_url``."""
    root = base_url.rstrip("/") + "/" + PREFIX
    return [
        (root + "class", ClassPageHandler),
        (root + "class/join", JoinHandler),
        (root + "class/rename", RenameHandler),
        (root + "teacher", TeacherPageHandler),
        (root + "join", JoinCodeHandler),
        (root + "teacher/board.csv", BoardCsvHandler),
        (root + r"teacher/table/(\d+)/lesson\.yaml", TableLessonHandler),
        (root + r"static/([a-z]+\.(?:js|css))", AssetHandler),
        (root + "ws", HubSocket),
    ]
