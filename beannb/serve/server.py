"""The server process: Voila's own application, subclassed with the app's guards.

``python -m beannb.serve --voila-server ARGS`` runs :class:`BeannbVoila` with Voila's
command-line ``ARGS``. This module imports Voila: only the server process (and tests that
start it in process) import it; the rest of :mod:`beannb.serve` never does.

What the subclass adds: the Host check and size limits (:class:`GuardedApplication`), a
400 for paths that are not clean text, the class token (a 403 page instead of a login form),
"the class is full" (503) from the capped kernel manager (:mod:`.kernels`, the one adapter
over Voila's kernel manager), no traceback to any page (:class:`PageKernelSocket`, with the
checks of :mod:`.kernelsocket`), and in classroom mode the class hub (:meth:`BeannbVoila.init_hub`).
"""

from __future__ import annotations

import os
import tempfile
from typing import Any, Sequence

import tornado.httpserver
import tornado.web
import voila.app as voila_app
from jupyter_server import DEFAULT_STATIC_FILES_PATH
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import JupyterHandler
from traitlets import Bool, Float, Integer, List, Unicode
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import early
from .kernels import capped_kernel_manager
from .kernelsocket import V1_PROTOCOL, page_message_ok, page_safe, path_refused
from .pages import FULL_RETRY_S, MessageErrors, send_page
from .settings import (MAX_BODY_BYTES, MAX_BUFFER_BYTES, MAX_WEBSOCKET_MESSAGE_BYTES, SEAT_GRACE_S, SERVER_CLASS_NAME,
                       TEACHER_ENV, TOKEN_ENV, TOKEN_PLACEHOLDER, host_allowed)

#: How often the class hub looks at its lesson folders and at seats waiting for students (ms).
TICK_MS = 3000
HTTPError = tornado.web.HTTPError


class Pages:
    """Page handlers: a missing or wrong token is a 403 page, not a login form;
    a full class is a 503 page; nothing renders a traceback."""

    def get_login_url(self) -> str:
        raise HTTPError(403, "missing or wrong token")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if status_code == 403:
            send_page(self, 403, "token")
        elif status_code == 503:
            send_page(self, 503, "full", refresh=FULL_RETRY_S)
        else:
            super().write_error(status_code, **kwargs)  # Voila's own error page


class RenderHandler(Pages, TornadoVoilaHandler):
    async def prepare(self) -> None:
        await super().prepare()
        if not self._finished:
            # Voila's page reads the _xsrf cookie to sign the shutdown request it
            # sends when the tab closes; nothing else sets that cookie.
            self.xsrf_token  # noqa: B018  (tornado sets the cookie when it is read)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        full = getattr(self.kernel_manager, "beannb_full", None)
        if path and full is not None and full(path):
            raise HTTPError(503, "the class is full")
        await super().get(path)


class TreeHandler(Pages, TornadoVoilaTreeHandler):
    pass


class LoginHandler(MessageErrors, JupyterHandler):
    """No login form: the class link carries the token."""

    @allow_unauthenticated
    def get(self) -> None:
        if self.current_user is None:
            raise HTTPError(403, "missing or wrong token")
        self.redirect(self.base_url)


class LogoutHandler(MessageErrors, JupyterHandler):
    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        send_page(self, 200, "logout")


class IdentityProvider(PasswordIdentityProvider):
    def get_handlers(self) -> list[tuple[str, object]]:
        return [(r"/login", LoginHandler), (r"/logout", LogoutHandler)]


class SafeTemplateStaticHandler(TemplateStaticFileHandler):
    """Voila's handler answers 500 for ``/voila/templates/x`` or a folder: 404 instead."""

    def parse_url_path(self, path: str) -> str:
        parts = os.path.normpath(path).split(os.sep, 2)
        if len(parts) != 3 or parts[1] != "static" or parts[2] in ("", ".", ".."):
            raise HTTPError(404)
        return super().parse_url_path(path)


class PageKernelSocket(VoilaKernelWebsocketHandler):
    """A page's web socket to its kernel: a malformed frame from the page is dropped and
    the connection stays open (:func:`page_message_ok`); no traceback, exception name or
    stderr output goes back to the page (:func:`page_safe`)."""

    def beannb_v1(self) -> bool:
        return self.selected_subprotocol == V1_PROTOCOL

    def on_message(self, message: Any) -> Any:
        kernel = getattr(self, "kernel_id", "?")
        if not page_message_ok(message, self.beannb_v1()):
            self.log.warning("Dropped a malformed message from a page to kernel %s", kernel)
            return None
        try:
            return super().on_message(message)
        except Exception as exc:  # noqa: BLE001 - the page keeps its connection
            self.log.warning("Dropped a message from a page to kernel %s (%s)", kernel, type(exc).__name__)
            return None

    def write_message(self, message: Any, binary: bool = False) -> Any:
        safe = page_safe(message, self.beannb_v1())
        if safe is None:
            return None
        return super().write_message(safe, binary=binary)


class RefusedHost(tornado.web.RequestHandler):
    def prepare(self) -> None:
        send_page(self, 403, "host")


class RefusedPath(tornado.web.RequestHandler):
    def check_xsrf_cookie(self) -> None:
        pass  # nothing is done for any method: a POST is refused with 400 too

    def prepare(self) -> None:
        send_page(self, 400, "error")


class GuardedApplication(tornado.web.Application):
    """Refuses a request whose Host header is not this server's, or whose path is not
    clean text (see :func:`path_refused`), before any handler (static files and web
    sockets included); and passes size limits to its server."""

    beannb_hosts: tuple[str, ...] = ()
    beannb_listen: dict[str, int] = {}

    def find_handler(self, request: Any, **kwargs: Any) -> Any:
        if not host_allowed(request.host, self.beannb_hosts):
            import logging

            logging.getLogger("beannb").warning("Refused a request for Host %r", request.host)
            return self.get_handler_delegate(request, RefusedHost)
        if path_refused(request.path):
            return self.get_handler_delegate(request, RefusedPath)
        return super().find_handler(request, **kwargs)

    def listen(self, port: int, address: str | None = None, **kwargs: Any) -> Any:
        """Listen as tornado does, or, where the early answer (:mod:`.early`) holds this address,
        take its socket over: no moment without a listener, no request lost."""
        sock = early.hand_over(port, address)
        if sock is None:
            return super().listen(port, address, **{**self.beannb_listen, **kwargs})
        for bind_only in ("family", "backlog", "flags", "reuse_port"):
            kwargs.pop(bind_only, None)
        server = tornado.httpserver.HTTPServer(self, **{**self.beannb_listen, **kwargs})
        server.add_sockets([sock])
        return server


replacements = {
    TornadoVoilaHandler: RenderHandler,
    TornadoVoilaTreeHandler: TreeHandler,
    TemplateStaticFileHandler: SafeTemplateStaticHandler,
    VoilaKernelWebsocketHandler: PageKernelSocket,
}


class BeannbVoila(voila_app.Voila):
    max_kernels = Integer(0, config=True, help="At most this many kernels at once (0: no cap).")
    allowed_hosts = List(
        Unicode(), [], config=True,
        help="Names and addresses accepted in the Host header besides loopback ones.",
    )
    max_body_size = Integer(MAX_BODY_BYTES, config=True, help="Largest request body accepted (bytes).")
    max_buffer_size = Integer(MAX_BUFFER_BYTES, config=True, help="Largest buffered request (bytes).")
    class_hub = Bool(False, config=True, help="Hold a class: the class page, the teacher's page and tables.")
    lesson_dirs = List(Unicode(), [], config=True, help="Folders of lessons (scenario files) for the class.")
    builtin_lessons = List(Unicode(), [], config=True,
                           help="Those of lesson_dirs that hold beannb's own lessons and rule cases.")
    save_dir = Unicode("", config=True, help="Where a finished table's game may be saved as a lesson ('' none).")
    seat_grace = Float(SEAT_GRACE_S, config=True,
                       help="Seconds a seat waits for a student who left before a bot takes it over (-1: never).")
    class_link = Unicode("", config=True, help="The address students join at (shown on the teacher's page).")
    jupyterhub = Bool(False, config=True,
                      help="Run the class as a JupyterHub-managed service: people log in through the hub "
                           "(no typed names, no token, no teacher's key) and the server holds the class only.")
    teacher_groups = List(Unicode(), [], config=True,
                          help="With jupyterhub: the hub groups whose members lead the class.")

    def initialize(self, argv: Any = None) -> None:
        token = os.environ.pop(TOKEN_ENV, None)
        self.beannb_teacher_key = os.environ.pop(TEACHER_ENV, None) or ""
        super().initialize(argv)
        if self.jupyterhub:
            from .hubauth import HubIdentityProvider

            self.identity_provider_class = HubIdentityProvider
            return
        self.identity_provider_class = IdentityProvider
        if token:
            self.token = token

    def init_settings(self) -> dict:
        original = voila_app.voila_kernel_manager_factory

        def factory(*args: Any, **kwargs: Any) -> Any:
            return capped_kernel_manager(original(*args, **kwargs), self.max_kernels)

        voila_app.voila_kernel_manager_factory = factory
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = original
        settings["websocket_max_message_size"] = MAX_WEBSOCKET_MESSAGE_BYTES
        settings["serve_traceback"] = False
        return settings

    def init_handlers(self) -> list:
        return [(h[0], replacements.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]

    def start(self) -> None:
        # Voila.start, with our tornado Application.
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        self.log.info("Storing connection files in %s." % self.connection_dir)
        settings = self.init_settings()
        self.app = GuardedApplication(**settings)
        # jupyter_server's own error pages (e.g. a web socket to a kernel that is gone)
        # link its static files: let them resolve under /voila/static/ (Voila serves
        # that folder there) instead of failing with a 500.
        self.app.settings.setdefault("static_path", DEFAULT_STATIC_FILES_PATH)
        self.app.settings.setdefault("static_url_prefix", self.base_url + "voila/static/")
        self.app.settings.update(self.tornado_settings)
        # Behind the hub's proxy the Host header is the hub's public name: the hub checks it.
        self.app.beannb_hosts = ("*",) if self.jupyterhub else tuple(self.allowed_hosts)
        self.app.beannb_listen = {"max_body_size": self.max_body_size, "max_buffer_size": self.max_buffer_size}
        hub_routes = self.init_hub() if self.class_hub else []
        if self.jupyterhub:
            # A class on a hub: its pages only (each user's own server runs the notebooks), and
            # the hub's login (the OAuth callback) under the service's prefix.
            from .handlers import ServiceRootHandler

            root = self.base_url.rstrip("/")
            login = [(root + h[0], *h[1:]) for h in self.identity_provider.get_handlers()]
            self.app.add_handlers(".*$", hub_routes + login + [(root + "/?", ServiceRootHandler)])
        else:
            self.app.add_handlers(".*$", hub_routes + self.init_handlers())
        if self.max_kernels > 0:
            self.log.info("At most %d kernels at once", self.max_kernels)
        self.listen()

    def init_hub(self) -> list:
        """The class hub of this server, its routes, and its clock (lessons rescanned,
        seats of students who left handed to bots)."""
        import secrets
        from pathlib import Path

        import tornado.ioloop

        from .handlers import hub_handlers
        from .hub import ClassHub
        from .shelf import Shelf

        loop = tornado.ioloop.IOLoop.current()

        def defer(work: Any, done: Any) -> None:
            future = loop.run_in_executor(None, work)
            future.add_done_callback(lambda f: loop.add_callback(done, f.result()) if not f.exception() else None)

        link = self.class_link.replace(TOKEN_PLACEHOLDER, self.token or "")
        on_hub = None
        if self.jupyterhub:
            from .hubenv import service_env

            env = service_env()
            link = env.class_link
            on_hub = {"teacher_groups": list(self.teacher_groups), "app": env.app_url,
                      "logout": env.hub_prefix + "logout", "name": env.name}
        shelf = Shelf([Path(d) for d in self.lesson_dirs], builtin=[Path(d) for d in self.builtin_lessons])
        shelf.scan()
        hub = ClassHub(shelf, class_link=link, grace=None if self.seat_grace < 0 else self.seat_grace, defer=defer,
                       save_dir=self.save_dir or None)
        self.app.settings.update(beannb_hub=hub, beannb_teacher_key=self.beannb_teacher_key,
                                 beannb_teacher_mark=secrets.token_urlsafe(16), beannb_jupyterhub=on_hub)
        self.beannb_tick = tornado.ioloop.PeriodicCallback(hub.tick, TICK_MS)
        self.beannb_tick.start()
        self.log.info("Class hub: %d lessons (%d do not pass beannb check)", len(shelf.lessons()),
                      len(shelf.lessons(with_broken=True)) - len(shelf.lessons()))
        return hub_handlers(self.base_url)


BeannbVoila.__name__ = SERVER_CLASS_NAME


def run_server(argv: Sequence[str]) -> int:
    """Run Voila (:class:`BeannbVoila`) with Voila's own command-line ``argv``."""
    import warnings

    # Pools are given as one JSON dict (--VoilaKernelManager.kernel_pools_config={...});
    # traitlets prefers key=value items, which cannot carry a dict per notebook. (Set here,
    # after importing Voila, which may have reset the warning filters.)
    warnings.filterwarnings("ignore", message=".*for dict-traits is deprecated", category=DeprecationWarning)
    BeannbVoila.launch_instance(list(argv))
    return 0
