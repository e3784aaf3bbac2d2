"""Serve the beannb notebooks as a Voila app on this machine.

The app is the repository's ``notebooks/`` folder rendered by Voila, bound to the
loopback interface only, opening on ``00_start.ipynb``::

    beannb app                 # or: python -m beannb.app
    beannb app --port 8866 --open

Tests reuse the pieces::

    proc = start_voila(port, notebook_dir)
    wait_until_ready(f"http://127.0.0.1:{port}/", timeout=60, proc=proc)
    ...
    stop_voila(proc)

In a classroom, ``beannb app --class`` serves the same pages on the machine's network
address, behind a token in the join link it prints, with kernels started and notebooks
executed before students arrive (Voila's preheated kernel pools)::

    beannb app --class                       # first non-loopback address, free port
    beannb app --class --ip 0.0.0.0 --pool 10 --max-kernels 40

Every server this module starts runs Voila through :func:`server_class`, a small
subclass of Voila's own application: it checks the Host header, limits request sizes,
caps the number of kernels (a "the class is full" page, HTTP 503, beyond the cap), sets
the ``_xsrf`` cookie Voila's page needs for its shutdown-on-close request, and answers
``/login``, ``/logout`` and bad template paths with short pages instead of errors.

Nothing here needs the internet: Voila serves its own JavaScript and styles.
"""

from __future__ import annotations

import argparse
import html
import ipaddress
import json
import math
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import webbrowser
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable, Mapping, Sequence

from .core.paths import installed_data_dirs

HOST = "127.0.0.1"
# Debian's Chromium, for the browser tests and the app benchmark (never a downloaded one).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TEMPLATE_ROOT = Path(__file__).resolve().parent / "data" / "jupyter"
LANDING_NOTEBOOK = "00_start.ipynb"
BASE_GAME_NOTEBOOK = "01_bohnanza.ipynb"
NOTEBOOK_DIR_ENV = "BEANNB_NOTEBOOK_DIR"

# Voila settings the app always runs with, as ``Class.trait: value``. The same values
# live in the repository's voila.json, which Voila also reads when it is started from
# the repository root (as here, and on Binder); the command line wins over that file,
# so these are what `beannb app` is guaranteed to use.
VOILA_SETTINGS: dict[str, object] = {
    # Rendered pages show outputs only, never code.
    "VoilaConfiguration.strip_sources": True,
    "VoilaConfiguration.theme": "light",
    # Our template is the lab one without its CDN icon-font links (offline classrooms).
    "VoilaConfiguration.template": "beannb",
    # A learner sees a short error notice, not a Python traceback.
    "VoilaConfiguration.show_tracebacks": False,
    # Static files a page may link to: Voila's default (images) and the printable summaries.
    "VoilaConfiguration.file_allowlist": [r".*\.(png|jpg|gif|svg)", r"(.*/)?print/[a-z_]+\.(en|hu)\.html"],
    # Every page view starts a kernel (or, in classroom mode, takes a preheated one). A
    # closing page asks Voila to shut its kernel down (the server below gives the page
    # the _xsrf cookie that request needs); a kernel whose page went away without
    # asking (closed laptop, lost connection, a plain HTTP fetch) is shut down after 2
    # idle minutes instead; kernels with a connected page are never culled.
    "MappingKernelManager.cull_idle_timeout": 120,
    "MappingKernelManager.cull_interval": 30,
    "MappingKernelManager.cull_connected": False,
    # After a cell's reply, wait this long for its outputs (nbclient's default is 4 s).
    # With a class arriving at once the machine is busy: a widget's display message
    # came later than 4 s, was dropped, and the page never showed that widget.
    "VoilaExecutor.iopub_timeout": 60,
}

# -- the server process ------------------------------------------------------------------

# `python -m beannb.app --voila-server ARGS` runs Voila's own application, subclassed by
# server_class(); ARGS are Voila's (``--Voila.port=...``, a notebook folder ...).
SERVER_FLAG = "--voila-server"
SERVER_CLASS_NAME = "BeannbVoila"
# The class token travels to the server process in the environment, not on its command
# line (which every local user can read); the server removes it before starting kernels.
TOKEN_ENV = "BEANNB_CLASS_TOKEN"

# Requests a page sends are small (a shutdown form, widget messages): refuse big ones
# before reading them. Tornado's defaults are 100 MB bodies and 10 MB websocket messages.
MAX_BODY_BYTES = 1 << 20
MAX_BUFFER_BYTES = 4 << 20
MAX_WEBSOCKET_MESSAGE_BYTES = 1 << 20


def server_settings() -> dict[str, object]:
    """Settings every server gets besides :data:`VOILA_SETTINGS` (not in voila.json)."""
    settings: dict[str, object] = {
        f"{SERVER_CLASS_NAME}.max_body_size": MAX_BODY_BYTES,
        f"{SERVER_CLASS_NAME}.max_buffer_size": MAX_BUFFER_BYTES,
    }
    if os.name == "posix":
        # Kernels talk to the server over Unix sockets in Voila's private (0700)
        # connection folder, not over TCP ports picked per kernel: with many kernels
        # starting at once, two picked the same port ("Address already in use").
        settings["KernelManager.transport"] = "ipc"
    return settings


# -- classroom sizing ---------------------------------------------------------------------

# Resident memory of one kernel, with room to spare (measured 57-76 MB per page).
KERNEL_MB = 80
# Kernels may take this share of the memory available when the server starts.
MEMORY_SHARE = 0.6
# Kernels per CPU core the default cap allows (idle kernels cost memory only; this
# bounds how many students click at once on a small machine).
KERNELS_PER_CORE = 20
# Seconds Voila waits before refilling a pool a page took a kernel from: a burst of
# arriving students is served first, the refills start after it.
FILL_DELAY_S = 5.0


def machine() -> tuple[int, int]:
    """(CPU cores this process may use, memory available now in MB)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    available = None
    try:
        import psutil

        available = int(psutil.virtual_memory().available // 2**20)
    except Exception:
        try:
            for line in Path("/proc/meminfo").read_text().splitlines():
                if line.startswith("MemAvailable:"):
                    available = int(line.split()[1]) // 1024
        except OSError:
            pass
    return max(1, cores), available if available is not None else 2048


def default_max_kernels(cores: int, available_mb: int) -> int:
    """The default cap on kernels: what memory holds, at most KERNELS_PER_CORE per core."""
    by_memory = int(available_mb * MEMORY_SHARE // KERNEL_MB)
    return max(2, min(by_memory, KERNELS_PER_CORE * cores))


def default_pool(max_kernels: int) -> int:
    """Preheated kernels kept for the landing page and for the base game, by default:
    together with the other pages' smaller pools, about half of the cap."""
    return max(1, max_kernels // 5)


def secondary_pool(pool: int) -> int:
    """Preheated kernels kept for each page other than the landing page and base game."""
    return 0 if pool <= 0 else max(1, math.ceil(pool / 4))


def notebook_names(notebook_dir: str | os.PathLike[str]) -> list[str]:
    """The notebooks Voila would preheat in ``notebook_dir`` (relative paths)."""
    root = Path(notebook_dir)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def pool_plan(
    notebooks: Sequence[str],
    pool: int,
    max_kernels: int,
    main: Sequence[str] = (LANDING_NOTEBOOK, BASE_GAME_NOTEBOOK),
) -> dict[str, int]:
    """Preheated kernels per notebook: ``pool`` for the ``main`` pages, fewer for the
    others (:func:`secondary_pool`), shrunk until the pools leave room under
    ``max_kernels`` (0: no cap) for at least one page to take a kernel."""
    plan = {nb: (pool if nb in main else secondary_pool(pool)) for nb in notebooks}
    if max_kernels > 0:
        limit = max(0, max_kernels - 1)
        others = [nb for nb in notebooks if nb not in main]
        mains = [nb for nb in notebooks if nb in main]
        # Take kernels from the other pages first, then evenly from the main ones.
        for group in (others, mains):
            while sum(plan.values()) > limit and any(plan[nb] > 0 for nb in group):
                biggest = max(group, key=lambda nb: plan[nb])
                plan[biggest] -= 1
    return plan


def preheat_settings(plan: Mapping[str, int], default: int = 0) -> dict[str, object]:
    """Voila settings for preheated kernel pools (empty when every pool is empty).

    ``VoilaKernelManager.kernel_pools_config`` names each notebook's pool; its
    ``default`` entry (and ``default_pool_size``) covers notebooks added later.
    """
    if not any(plan.values()):
        return {}
    pools: dict[str, object] = {"default": {"pool_size": default}}
    pools.update({nb: {"pool_size": size} for nb, size in plan.items()})
    return {
        "VoilaConfiguration.preheat_kernel": True,
        "VoilaConfiguration.default_pool_size": default,
        "VoilaKernelManager.kernel_pools_config": pools,
        "VoilaKernelManager.fill_delay": FILL_DELAY_S,
    }


# -- addresses ------------------------------------------------------------------------------

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def is_loopback(address: str) -> bool:
    host = address.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses, non-loopback first (interface order)."""
    found: list[str] = []
    try:
        import psutil

        for addrs in psutil.net_if_addrs().values():
            for addr in addrs:
                if addr.family == socket.AF_INET and addr.address not in found:
                    found.append(addr.address)
    except Exception:
        pass
    if not found:
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                if info[4][0] not in found:
                    found.append(str(info[4][0]))
        except OSError:
            pass
    return sorted(found, key=is_loopback)  # stable: keeps the interface order otherwise


def lan_address() -> str | None:
    """The machine's first non-loopback IPv4 address, or None."""
    for address in local_addresses():
        if not is_loopback(address) and not address.startswith("169.254."):
            return address
    return None


def allowed_hosts(ip: str) -> list[str]:
    """Host names a server bound to ``ip`` answers to, besides loopback ones.

    The address itself (every local address for 0.0.0.0) and the machine's names.
    Anything else in a request's Host header (DNS rebinding) is refused.
    """
    if is_loopback(ip):
        return []
    hosts = local_addresses() if ip in ("0.0.0.0", "") else [ip]
    name = socket.gethostname()
    for alias in (name, f"{name}.local", socket.getfqdn()):
        if alias and alias not in hosts:
            hosts.append(alias.lower())
    return [h for h in hosts if not is_loopback(h)]


def host_allowed(host_header: str | None, hosts: Iterable[str]) -> bool:
    """Whether a request's Host header names this server: a loopback name or address,
    or one of ``hosts`` (the port is ignored, as in jupyter_server's own check)."""
    if not host_header:
        return False
    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    host = host.rstrip(".")
    return is_loopback(host) or host in {h.lower() for h in hosts}


def new_token() -> str:
    """A class token: 72 random bits, URL-safe, short enough to type off a projector."""
    return secrets.token_urlsafe(9)


# -- the pages the server itself answers with ---------------------------------------------

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{refresh}
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#222}}
h1{{font-size:1.4em}}p{{line-height:1.5}}.hu{{color:#555}}</style></head>
<body class="beannb-{kind}"><h1>{title}</h1><p>{en}</p><p class="hu" lang="hu"><b>{title_hu}.</b> {hu}</p></body></html>
"""

MESSAGES: dict[str, dict[str, str]] = {
    "full": {
        "title": "The class is full",
        "en": "Every place on this server is taken right now. Try again in a minute: "
        "this page tries again by itself.",
        "title_hu": "Az osztály megtelt",
        "hu": "Most minden hely foglalt ezen a szerveren. Próbáld újra egy perc múlva: "
        "az oldal magától is újrapróbálja.",
    },
    "token": {
        "title": "This page needs the class link",
        "en": "Open the link your teacher shows: it ends in ?token=…",
        "title_hu": "Ehhez az oldalhoz az osztály linkje kell",
        "hu": "Nyisd meg a linket, amelyet a tanárod mutat: a végén ?token=… áll.",
    },
    "host": {
        "title": "Wrong address",
        "en": "This server answers only at the address your teacher shows.",
        "title_hu": "Rossz cím",
        "hu": "Ez a szerver csak a tanárod által mutatott címen válaszol.",
    },
    "logout": {
        "title": "Signed out",
        "en": "Open the class link again to come back.",
        "title_hu": "Kijelentkeztél",
        "hu": "A visszatéréshez nyisd meg újra az osztály linkjét.",
    },
    "error": {
        "title": "Something went wrong",
        "en": "The server could not answer this request ({status}).",
        "title_hu": "Hiba történt",
        "hu": "A szerver nem tudott válaszolni erre a kérésre ({status}).",
    },
}

FULL_RETRY_S = 60


def message_page(kind: str, status: int | None = None, refresh: int | None = None) -> str:
    """A short bilingual (English and Hungarian) page; no script, no external resource."""
    text = {k: html.escape(v.format(status=status)) for k, v in MESSAGES[kind].items()}
    meta = f'\n<meta http-equiv="refresh" content="{int(refresh)}">' if refresh else ""
    return _PAGE.format(kind=kind, refresh=meta, **text)


# -- the Voila application (built lazily: importing this module never imports Voila) ---------

_SERVER_CLASS: Any = None


def server_class() -> Any:
    """Voila's application with the app's guards; see the module docstring."""
    global _SERVER_CLASS
    if _SERVER_CLASS is None:
        _SERVER_CLASS = _build_server_class()
    return _SERVER_CLASS


def _build_server_class() -> Any:  # noqa: C901  (one place for every piece)
    import tempfile

    import tornado.web
    import voila.app as voila_app
    from jupyter_core.utils import ensure_async
    from jupyter_server import DEFAULT_STATIC_FILES_PATH
    from jupyter_server._tz import utcnow
    from jupyter_server.auth.decorator import allow_unauthenticated
    from jupyter_server.auth.identity import PasswordIdentityProvider
    from jupyter_server.base.handlers import JupyterHandler
    from traitlets import Integer, List, Unicode
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    HTTPError = tornado.web.HTTPError

    def send_page(handler: Any, status: int, kind: str, refresh: int | None = None) -> None:
        handler.clear()
        handler.set_status(status)
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.set_header("Cache-Control", "no-store")
        if status == 503:
            handler.set_header("Retry-After", str(FULL_RETRY_S))
        handler.finish(message_page(kind, status, refresh))

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

    class SimplePages:
        def write_error(self, status_code: int, **kwargs: Any) -> None:
            send_page(self, status_code, "token" if status_code == 403 else "error")

    class LoginHandler(SimplePages, JupyterHandler):
        """No login form: the class link carries the token."""

        @allow_unauthenticated
        def get(self) -> None:
            if self.current_user is None:
                raise HTTPError(403, "missing or wrong token")
            self.redirect(self.base_url)

    class LogoutHandler(SimplePages, JupyterHandler):
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

    class RefusedHost(tornado.web.RequestHandler):
        def prepare(self) -> None:
            send_page(self, 403, "host")

    class GuardedApplication(tornado.web.Application):
        """Refuses a request whose Host header is not this server's (every handler,
        static files and web sockets included), and passes size limits to its server."""

        beannb_hosts: tuple[str, ...] = ()
        beannb_listen: dict[str, int] = {}

        def find_handler(self, request: Any, **kwargs: Any) -> Any:
            if not host_allowed(request.host, self.beannb_hosts):
                import logging

                logging.getLogger("beannb").warning("Refused a request for Host %r", request.host)
                return self.get_handler_delegate(request, RefusedHost)
            return super().find_handler(request, **kwargs)

        def listen(self, port: int, address: str | None = None, **kwargs: Any) -> Any:
            return super().listen(port, address, **{**self.beannb_listen, **kwargs})

    def capped(base: Any, max_kernels: int) -> Any:
        """Voila's kernel manager class, with at most ``max_kernels`` kernels (0: no cap).

        Counted: kernels in the pools (started or starting), kernels handed to pages,
        and kernels being started for a page. A page that finds no kernel in its pool
        while the cap is reached gets 503; pools are refilled only under the cap, and
        topped up again when a kernel is shut down.
        """

        class CappedKernelManager(base):
            def __init__(self, **kwargs: Any) -> None:
                self._beannb_max = max_kernels
                self._beannb_in_use: set[str] = set()
                self._beannb_starting = 0
                self._beannb_stopping = False
                super().__init__(**kwargs)

            def beannb_committed(self) -> int:
                pools = getattr(self, "_pools", {})
                alive = set(self._kernels) | set(self._pending_kernels)
                return sum(len(p) for p in pools.values()) + len(self._beannb_in_use & alive) + self._beannb_starting

            def beannb_full(self, notebook: str) -> bool:
                if self._beannb_max <= 0 or not notebook.endswith(".ipynb"):
                    return False
                if getattr(self, "_pools", {}).get(notebook):
                    return False  # a kernel is ready (or warming up) for this page
                return self.beannb_committed() >= self._beannb_max

            def _beannb_pool_size(self, notebook: str | None) -> int:
                config = self.kernel_pools_config
                default = config.get("default", {})
                return int(config.get(notebook, default).get("pool_size", default.get("pool_size", 1)))

            async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
                # Pages without a pooled kernel come here; pool kernels do not.
                if self._beannb_max > 0 and self.beannb_committed() >= self._beannb_max:
                    raise HTTPError(503, "the class is full")
                self._beannb_starting += 1
                try:
                    kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))
                finally:
                    self._beannb_starting -= 1
                self._beannb_in_use.add(kernel_id)
                return kernel_id

            async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
                self._beannb_starting += 1  # the pool kernel on its way to the page
                try:
                    result = await super().get_rendered_notebook(*args, **kwargs)
                finally:
                    self._beannb_starting -= 1
                kernel_id = result[2]
                self._beannb_in_use.add(kernel_id)
                # A pooled kernel keeps the idle time it had in the pool, where the
                # culler spares it; handed to a page that has not connected yet, it
                # would be culled at once. Its page's life starts now.
                kernel = self._kernels.get(kernel_id)
                if kernel is not None:
                    kernel.last_activity = utcnow()
                return result

            def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
                if self._beannb_stopping:
                    return
                if self._beannb_max <= 0:
                    return super().fill_if_needed(delay, notebook_name, **kwargs)
                pool = self._pools.get(notebook_name, [])
                missing = self._beannb_pool_size(notebook_name) - len(pool)
                room = self._beannb_max - self.beannb_committed()
                if missing <= 0 or room <= 0:
                    self._pools.setdefault(notebook_name, pool)
                    return None
                if room >= missing:
                    return super().fill_if_needed(delay, notebook_name, **kwargs)
                saved = self.kernel_pools_config
                config = dict(saved)
                entry = dict(config.get(notebook_name, config.get("default", {})))
                entry["pool_size"] = len(pool) + room
                config[notebook_name] = entry
                self.kernel_pools_config = config
                try:
                    return super().fill_if_needed(delay, notebook_name, **kwargs)
                finally:
                    self.kernel_pools_config = saved

            async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
                try:
                    return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
                finally:
                    self._beannb_in_use.discard(kernel_id)
                    if not self._beannb_stopping:
                        for notebook in list(getattr(self, "_pools", {})):
                            self.fill_if_needed(notebook_name=notebook)

            async def cull_kernel_if_idle(self, kernel_id: str) -> Any:
                kernel = self._kernels.get(kernel_id)
                if kernel is None:
                    return None  # shut down (a closed tab) since the culler listed it: nothing to cull
                if not kernel.trait_has_value("last_activity"):
                    return None  # still starting: no activity to judge yet (not an error)
                return await ensure_async(super().cull_kernel_if_idle(kernel_id))

            async def shutdown_all(self, *args: Any, **kwargs: Any) -> Any:
                self._beannb_stopping = True
                return await ensure_async(super().shutdown_all(*args, **kwargs))

        CappedKernelManager.__name__ = base.__name__  # config sections keep their names
        return CappedKernelManager

    replacements = {
        TornadoVoilaHandler: RenderHandler,
        TornadoVoilaTreeHandler: TreeHandler,
        TemplateStaticFileHandler: SafeTemplateStaticHandler,
    }

    class BeannbVoila(voila_app.Voila):
        max_kernels = Integer(0, config=True, help="At most this many kernels at once (0: no cap).")
        allowed_hosts = List(
            Unicode(), [], config=True,
            help="Names and addresses accepted in the Host header besides loopback ones.",
        )
        max_body_size = Integer(MAX_BODY_BYTES, config=True, help="Largest request body accepted (bytes).")
        max_buffer_size = Integer(MAX_BUFFER_BYTES, config=True, help="Largest buffered request (bytes).")

        def initialize(self, argv: Any = None) -> None:
            token = os.environ.pop(TOKEN_ENV, None)
            super().initialize(argv)
            self.identity_provider_class = IdentityProvider
            if token:
                self.token = token

        def init_settings(self) -> dict:
            original = voila_app.voila_kernel_manager_factory

            def factory(*args: Any, **kwargs: Any) -> Any:
                return capped(original(*args, **kwargs), self.max_kernels)

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
            self.app.beannb_hosts = tuple(self.allowed_hosts)
            self.app.beannb_listen = {"max_body_size": self.max_body_size, "max_buffer_size": self.max_buffer_size}
            self.app.add_handlers(".*$", self.init_handlers())
            if self.max_kernels > 0:
                self.log.info("At most %d kernels at once", self.max_kernels)
            self.listen()

    BeannbVoila.__name__ = SERVER_CLASS_NAME
    return BeannbVoila


def run_server(argv: Sequence[str]) -> int:
    """Run Voila (``server_class()``) with Voila's own command-line ``argv``."""
    import warnings

    # Pools are given as one JSON dict (--VoilaKernelManager.kernel_pools_config={...});
    # traitlets prefers key=value items, which cannot carry a dict per notebook.
    cls = server_class()  # imports Voila, which may reset warning filters
    warnings.filterwarnings("ignore", message=".*for dict-traits is deprecated", category=DeprecationWarning)
    cls.launch_instance(list(argv))
    return 0


# -- starting and stopping ---------------------------------------------------------------------


def find_notebook_dir(notebook_dir: str | os.PathLike[str] | None = None) -> Path:
    """Return the folder of notebooks to serve.

    Looks, in order, at the argument, the ``BEANNB_NOTEBOOK_DIR`` environment variable,
    the ``notebooks/`` folder beside the package (an editable install from a checkout),
    ``./notebooks`` and the notebooks a wheel installs (``<prefix>/share/beannb/notebooks``).
    A folder named by the argument or the variable is the answer or an error, never
    silently replaced by another. Raises ``FileNotFoundError`` naming the places it looked.
    """
    explicit = notebook_dir if notebook_dir is not None else (os.environ.get(NOTEBOOK_DIR_ENV) or None)
    if explicit is not None:
        path = Path(explicit)
        if (path / LANDING_NOTEBOOK).is_file():
            return path.resolve()
        where = "the argument" if notebook_dir is not None else NOTEBOOK_DIR_ENV
        raise FileNotFoundError(
            f"no {LANDING_NOTEBOOK} in {path} (from {where}); `beannb app {path}` serves a folder "
            "without one behind a generated index" if path.is_dir() else f"no such folder: {path} (from {where})"
        )
    candidates = [Path(__file__).resolve().parent.parent / "notebooks", Path.cwd() / "notebooks",
                  *installed_data_dirs("notebooks")]   # a wheel installs them here
    for path in candidates:
        if (path / LANDING_NOTEBOOK).is_file():
            return path.resolve()
    looked = ", ".join(str(p) for p in candidates)
    raise FileNotFoundError(
        f"no {LANDING_NOTEBOOK} found (looked in: {looked}); run from a beannb checkout or name "
        f"the folder to serve (beannb app FOLDER, or {NOTEBOOK_DIR_ENV})"
    )


INDEX_LINK = "lessons"


def index_notebook(link: str = INDEX_LINK) -> dict:
    """The generated landing notebook of a folder without one: :class:`FolderIndex` over ``link``."""
    source = (f"from beannb.widgets.folder import FolderIndex\n"
              f"FolderIndex({link!r}, link_prefix={link + '/'!r})")
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "folder-index", "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def serving_root(notebook_dir: str | os.PathLike[str] | None = None) -> tuple[Path, Path | None]:
    """The folder Voila serves and a temporary folder to remove afterwards (or None).

    A folder with its own landing notebook is served as it is. A folder without one (a
    teacher's lessons) is served behind a generated index: a temporary root holds the index
    notebook and a link to the folder, so nothing is written into the teacher's folder.
    """
    explicit = notebook_dir if notebook_dir is not None else (os.environ.get(NOTEBOOK_DIR_ENV) or None)
    if explicit is None or (Path(explicit) / LANDING_NOTEBOOK).is_file():
        return find_notebook_dir(notebook_dir), None
    folder = Path(explicit)
    if not folder.is_dir():
        raise FileNotFoundError(f"no such folder: {folder}")
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="beannb-index-"))
    (root / INDEX_LINK).symlink_to(folder.resolve(), target_is_directory=True)
    (root / LANDING_NOTEBOOK).write_text(json.dumps(index_notebook(), indent=1), encoding="utf-8")
    return root, root


def free_port(host: str = HOST) -> int:
    """Return a TCP port on ``host`` that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def base_url(port: int, host: str = HOST) -> str:
    """The root URL of a server started by :func:`start_voila` on ``port``."""
    return f"http://{_url_host(host)}:{port}/"


def landing_url(port: int, host: str = HOST, token: str | None = None) -> str:
    """The URL of the rendered landing notebook (with the class token, if any)."""
    return f"{base_url(port, host)}voila/render/{LANDING_NOTEBOOK}" + (f"?token={token}" if token else "")


def _flags(settings: Mapping[str, object]) -> list[str]:
    flags = []
    for name, value in settings.items():
        if isinstance(value, (list, tuple)):
            flags += [f"--{name}={item}" for item in value]
        elif isinstance(value, dict):
            flags.append(f"--{name}={json.dumps(value)}")
        else:
            flags.append(f"--{name}={value}")
    return flags


def voila_command(
    port: int,
    notebook_dir: str | os.PathLike[str],
    settings: Mapping[str, object] | None = None,
    ip: str = HOST,
) -> list[str]:
    """The command line :func:`start_voila` runs.

    ``settings`` overrides or adds to :data:`VOILA_SETTINGS` and :func:`server_settings`
    (a trait given twice on Voila's command line is an error for some classes, so
    overrides go through here). A list value becomes one flag per item.
    """
    merged = {**VOILA_SETTINGS, **server_settings(), **(settings or {})}
    return [
        sys.executable,
        "-m",
        "beannb.app",
        SERVER_FLAG,
        str(notebook_dir),
        f"--Voila.ip={ip}",
        f"--Voila.port={port}",
        # Fail instead of silently moving to another port than the one we announce.
        "--Voila.port_retries=0",
        "--Voila.open_browser=False",
        *_flags(merged),
    ]


def compile_package() -> None:
    """Write the package's bytecode next to its sources where that is allowed.

    Every page's kernel imports beannb afresh. A wheel install comes with bytecode, but an
    editable install run with ``PYTHONDONTWRITEBYTECODE`` set (common on servers and in
    containers) compiles every module from source in every kernel: about 0.15 s and
    2.5 MB more per page. Compiling once here costs ~1 s the first time and a directory
    scan afterwards; a read-only install is left as it is.
    """
    import compileall

    package = Path(__file__).resolve().parent
    if not os.access(package, os.W_OK):
        return
    try:
        compileall.compile_dir(package, quiet=2, workers=1)
    except OSError:
        pass


def start_voila(
    port: int,
    notebook_dir: str | os.PathLike[str] | None = None,
    *,
    settings: Mapping[str, object] | None = None,
    extra_args: Sequence[str] = (),
    stdout: IO[bytes] | int | None = None,
    stderr: IO[bytes] | int | None = None,
    ip: str = HOST,
    token: str | None = None,
) -> subprocess.Popen[bytes]:
    """Start Voila serving ``notebook_dir`` on ``ip:port`` (127.0.0.1 unless told) and
    return at once.

    The server runs in its own process group (kill it with :func:`stop_voila`), with
    the parent of the notebook folder as its working directory so the repository's
    ``voila.json`` is read. A ``token`` is required of every page request (it reaches
    the server in its environment). Use :func:`wait_until_ready` before requesting pages.
    """
    folder = find_notebook_dir(notebook_dir)
    compile_package()
    env = dict(os.environ)
    env.pop(TOKEN_ENV, None)
    if token:
        env[TOKEN_ENV] = token
    # Kernels should come from the environment Voila runs in, not a user-wide one.
    env.setdefault("JUPYTER_PREFER_ENV_PATH", "1")
    # Let Voila find the package's own template (beannb/data/jupyter/voila/templates).
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH", "")) if p)
    env.setdefault("PYTHONUNBUFFERED", "1")
    return subprocess.Popen(
        [*voila_command(port, folder, settings, ip=ip), *extra_args],
        cwd=folder.parent,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        start_new_session=True,
    )


def wait_until_ready(
    url: str,
    timeout: float = 60.0,
    proc: subprocess.Popen[bytes] | None = None,
) -> None:
    """Poll ``url`` until the server answers with any HTTP status.

    Raises ``TimeoutError`` after ``timeout`` seconds, or ``RuntimeError`` at once if
    ``proc`` (the server) has exited.
    """
    deadline = time.monotonic() + timeout
    while True:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"Voila exited with status {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:
            return  # an error page is still an answer: the server is up
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        if time.monotonic() >= deadline:
            raise TimeoutError(f"no answer from {url} within {timeout:g} s")
        time.sleep(0.25)


def stop_voila(proc: subprocess.Popen[bytes], timeout: float = 15.0) -> int:
    """Stop a server from :func:`start_voila` and its process group; return its status.

    Voila shuts its kernels down on SIGTERM; whatever is left after ``timeout``
    seconds is killed.
    """
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    return proc.wait()


# -- classroom mode -------------------------------------------------------------------------


@dataclass
class ClassPlan:
    """Where and how a server serves a class: address, token and kernel numbers."""

    ip: str
    display_host: str
    token: str | None
    max_kernels: int
    pools: dict[str, int]
    cores: int
    available_mb: int
    hosts: list[str] = field(default_factory=list)

    @property
    def pool_total(self) -> int:
        return sum(self.pools.values())

    def settings(self) -> dict[str, object]:
        """Voila settings for this plan (on top of the app's own)."""
        default = min(self.pools.values(), default=0)
        out: dict[str, object] = dict(preheat_settings(self.pools, default=default))
        out[f"{SERVER_CLASS_NAME}.max_kernels"] = self.max_kernels
        if self.hosts:
            out[f"{SERVER_CLASS_NAME}.allowed_hosts"] = list(self.hosts)
        return out


def plan_class(
    notebooks: Sequence[str],
    *,
    classroom: bool,
    ip: str | None = None,
    token: str | None = None,
    pool: int | None = None,
    max_kernels: int | None = None,
    main: Sequence[str] = (LANDING_NOTEBOOK, BASE_GAME_NOTEBOOK),
) -> ClassPlan:
    """Decide the address, token, kernel cap and pools of a server.

    Classroom mode: the given ``ip`` (default: the first non-loopback address, or
    127.0.0.1 when the machine has none), a token (a new one unless given), a cap and
    pools that follow the machine unless given. Otherwise: 127.0.0.1, no token, and
    pools or a cap only when asked for.
    """
    cores, available = machine()
    if classroom:
        chosen = ip or lan_address() or HOST
        cap = default_max_kernels(cores, available) if max_kernels is None else max_kernels
        size = default_pool(cap) if pool is None else pool
        tok = token or new_token()
    else:
        chosen = ip or HOST
        cap = max_kernels or 0
        size = pool or 0
        tok = token
    display = (lan_address() or HOST) if chosen in ("0.0.0.0", "") else chosen
    return ClassPlan(
        ip=chosen, display_host=display, token=tok, max_kernels=max(0, cap),
        pools=pool_plan(notebooks, max(0, size), max(0, cap), main=main),
        cores=cores, available_mb=available, hosts=allowed_hosts(chosen),
    )


def join_qr(link: str) -> str:
    """The join link as a QR code drawn with block characters, for the teacher's terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


_JOIN_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Join the class · Csatlakozás</title>
<style>body{{font-family:system-ui,sans-serif;text-align:center;margin:2em;color:#222}}
h1{{font-size:2em;margin:.2em}}.hu{{color:#555}}svg{{display:block;margin:0 auto;width:min(60vh,90vw);height:auto}}
code{{font-size:1.4em;word-break:break-all;background:#f4f1e8;padding:.2em .4em;border-radius:4px}}</style></head>
<body class="beannb-join"><h1>Join the class</h1><p class="hu" lang="hu">Csatlakozz az osztályhoz</p>
{svg}
<p>Scan the code or type the address. <span class="hu" lang="hu">Olvasd be a kódot, vagy írd be a címet.</span></p>
<p><code>{link}</code></p></body></html>
"""


def join_page(link: str) -> str:
    """A page for the projector: the join link as a large QR code and as text (self-contained)."""
    import segno

    svg = segno.make(link, error="m").svg_inline(border=2, omitsize=True, title="QR", svgclass="beannb-qr")
    return _JOIN_PAGE.format(svg=svg, link=html.escape(link))


def write_join_page(link: str, port: int) -> Path:
    """Write :func:`join_page` where only this user can read it (it holds the token)."""
    import tempfile

    folder = Path(tempfile.gettempdir()) / f"beannb-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
    folder.mkdir(mode=0o700, exist_ok=True)
    path = folder / f"join-{port}.html"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(join_page(link))
    return path


def describe_plan(plan: ClassPlan, port: int) -> list[str]:
    """The lines `beannb app` prints about a plan."""
    lines = []
    link = landing_url(port, plan.display_host, plan.token)
    if plan.token:
        lines.append(f"  students open:  {link}")
        lines.append("  (the token in the link is required: without it a page answers 403)")
        lines.append("  or scan:")
        lines.extend("    " + row for row in join_qr(link).splitlines())
    else:
        lines.append(f"  open:  {link}")
    if plan.ip in ("0.0.0.0", ""):
        lines.append(f"  listening on every interface; accepted names: {', '.join(plan.hosts) or 'loopback only'}")
    if plan.pool_total:
        pools = ", ".join(f"{nb} {n}" for nb, n in plan.pools.items() if n)
        lines.append(f"  kernels kept ready (notebook executed before anyone asks): {pools}")
        lines.append("  note: a preheated page has run before its request, so query-string parameters do not reach it")
    if plan.max_kernels:
        lines.append(
            f"  at most {plan.max_kernels} kernels at once (~{KERNEL_MB} MB each; this machine: "
            f"{plan.cores} core(s), {plan.available_mb} MB available); beyond that a page says "
            "'the class is full, try again in a minute' (HTTP 503)"
        )
    return lines


def serve(
    port: int | None = None,
    open_browser: bool = False,
    notebook_dir: str | os.PathLike[str] | None = None,
    *,
    classroom: bool = False,
    ip: str | None = None,
    token: str | None = None,
    pool: int | None = None,
    max_kernels: int | None = None,
) -> int:
    """Serve the notebooks until interrupted; return Voila's exit status.

    Binds to 127.0.0.1 only, on ``port`` or a free one, and prints the landing URL.
    With ``classroom``, binds to ``ip`` (default: the machine's network address),
    requires a token and preheats kernels; see :func:`plan_class`. A folder without a
    ``00_start.ipynb`` is served behind a generated index (:func:`serving_root`).
    """
    folder, scratch = serving_root(notebook_dir)
    try:
        label = f"{Path(notebook_dir or os.environ[NOTEBOOK_DIR_ENV]).resolve()} (with a generated index)" if scratch else str(folder)
        return _serve_folder(folder, port, open_browser, classroom=classroom, ip=ip, token=token, pool=pool,
                             max_kernels=max_kernels, label=label)
    finally:
        if scratch is not None:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)


def _serve_folder(
    folder: Path,
    port: int | None,
    open_browser: bool,
    *,
    classroom: bool,
    ip: str | None,
    token: str | None,
    pool: int | None,
    max_kernels: int | None,
    label: str,
) -> int:
    plan = plan_class(notebook_names(folder), classroom=classroom, ip=ip, token=token, pool=pool,
                      max_kernels=max_kernels)
    probe_host = HOST if plan.ip in ("0.0.0.0", "") else plan.ip
    attempts = 1 if port is not None else 3
    for attempt in range(attempts):
        chosen = port if port is not None else free_port(probe_host)
        proc = start_voila(chosen, folder, settings=plan.settings(), ip=plan.ip, token=plan.token)
        try:
            # A static file: answers without the token, and leaves no warning in the log.
            wait_until_ready(base_url(chosen, probe_host) + "voila/static/favicon.ico", timeout=120, proc=proc)
        except RuntimeError:
            # An automatically chosen port can be taken between choosing and binding.
            if attempt + 1 < attempts:
                continue
            return proc.wait()
        except BaseException:
            stop_voila(proc)
            raise
        break

    url = landing_url(chosen, plan.display_host, plan.token)
    mode = "classroom mode, " if classroom else ""
    print(f"beannb app: {mode}serving {label} at {base_url(chosen, plan.display_host)}", flush=True)
    for line in describe_plan(plan, chosen):
        print(line, flush=True)
    join = write_join_page(url, chosen) if plan.token else None
    if join:
        print(f"  for the projector (link and QR code): {join.as_uri()}", flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    if open_browser:
        webbrowser.open(join.as_uri() if join else landing_url(chosen, probe_host, plan.token), new=2)

    def _terminate(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        print("\nbeannb app: stopping", flush=True)
        stop_voila(proc)
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        if proc.poll() is None:
            stop_voila(proc)


def _positive(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the ``app`` options to ``parser`` (shared with the ``beannb app`` command)."""
    parser.add_argument(
        "folder", nargs="?", default=None,
        help="folder of notebooks and lessons to serve (default: beannb's own pages); a folder without "
        "00_start.ipynb gets a generated index of its notebooks and lesson files",
    )
    parser.add_argument("--port", type=int, default=None, help="port (default: a free one)")
    parser.add_argument("--open", action="store_true", help="open the landing page in a web browser")
    parser.add_argument(
        "--notebook-dir",
        default=None,
        help=f"the same as FOLDER (default: ${NOTEBOOK_DIR_ENV}, else beannb's own pages)",
    )
    parser.add_argument(
        "--class", dest="classroom", action="store_true",
        help="classroom mode: serve on the network with a token, kernels preheated and capped",
    )
    parser.add_argument(
        "--ip", default=None,
        help="with --class: address to listen on (default: the first non-loopback one; 0.0.0.0: every one)",
    )
    parser.add_argument("--token", default=None, help="with --class: the class token (default: a new random one)")
    parser.add_argument(
        "--pool", type=_positive, default=None,
        help="kernels kept preheated for the landing page and the base game (other pages: a quarter); "
        "default with --class: from the machine's memory and cores, otherwise 0",
    )
    parser.add_argument(
        "--max-kernels", type=_positive, default=None,
        help=f"at most this many kernels at once, then a 'class is full' page (default with --class: "
        f"available memory / {KERNEL_MB} MB, at most {KERNELS_PER_CORE} per core; otherwise no cap)",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` from parsed :func:`add_arguments` options."""
    classroom = bool(getattr(args, "classroom", False))
    ip = getattr(args, "ip", None)
    token = getattr(args, "token", None)
    if (ip or token) and not classroom:
        print("beannb app: --ip and --token go with --class (the default serves 127.0.0.1 only)", file=sys.stderr)
        return 2
    try:
        return serve(
            port=args.port, open_browser=args.open,
            notebook_dir=getattr(args, "folder", None) or getattr(args, "notebook_dir", None),
            classroom=classroom, ip=ip, token=token,
            pool=getattr(args, "pool", None), max_kernels=getattr(args, "max_kernels", None),
        )
    except FileNotFoundError as exc:
        print(f"beannb app: {exc}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for ``python -m beannb.app`` (and, with ``--voila-server``, the server)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == [SERVER_FLAG]:
        return run_server(args[1:])
    parser = add_arguments(
        argparse.ArgumentParser(prog="beannb app", description="Serve the beannb notebooks with Voila.")
    )
    return run(parser.parse_args(args))


if __name__ == "__main__":
    sys.exit(main())
