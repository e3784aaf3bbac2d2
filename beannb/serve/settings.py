"""What a server is started with: Voila's settings, the classroom's sizing, addresses and tokens.

Standard library only (importing this never imports Voila): the command line, the
benchmarks and the tests plan a server from here; :mod:`beannb.serve.server` runs it.
"""

from __future__ import annotations

import ipaddress
import math
import os
import secrets
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

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
TEMPLATE_ROOT = Path(__file__).resolve().parent.parent / "data" / "jupyter"
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

# `python -m beannb.serve --voila-server ARGS` runs Voila's own application, subclassed by
# server.BeannbVoila; ARGS are Voila's (``--Voila.port=...``, a notebook folder ...).
SERVER_FLAG = "--voila-server"
SERVER_CLASS_NAME = "BeannbVoila"
# The class token travels to the server process in the environment, not on its command
# line (which every local user can read); the server removes it before starting kernels.
TOKEN_ENV = "BEANNB_CLASS_TOKEN"
# The teacher's key (the second secret, for the teacher's page) travels the same way.
TEACHER_ENV = "BEANNB_TEACHER_KEY"
# Set for the kernels of a class server's pages.
CLASS_ENV = "BEANNB_CLASS"
# Where the server process answers at once, before Voila is imported (``host:port``, the
# address Voila listens on): a hub-managed class gets an answer within the hub's ten seconds
# (serve/early.py). Removed from the environment once read.
EARLY_ENV = "BEANNB_EARLY_ANSWER"
# The class link is passed to the server with this in place of the token.
TOKEN_PLACEHOLDER = "{token}"
# The class hub's pages (serve/handlers.py).
CLASS_PATH = "beannb/class"
TEACHER_PATH = "beannb/teacher"
#: Seconds a seat is kept for a student whose pages all closed, before a bot takes it over.
SEAT_GRACE_S = 120.0


def url_host(host: str) -> str:
    """A host as it stands in a URL (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host else host

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


def machine_cores() -> int:
    """CPU cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def machine() -> tuple[int, int]:
    """(CPU cores this process may use, memory available now in MB)."""
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
    return machine_cores(), available if available is not None else 2048


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
    or one of ``hosts`` (the port is ignored, as in jupyter_server's own check). ``"*"`` among
    ``hosts`` accepts any (a class behind JupyterHub's proxy, which answers to the hub's names)."""
    if not host_header:
        return False
    hosts = tuple(hosts)
    if "*" in hosts:
        return True
    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    host = host.rstrip(".")
    return is_loopback(host) or host in {h.lower() for h in hosts}


def new_token() -> str:
    """A class token (or a student's id): 72 random bits, URL-safe, short enough to type off a projector."""
    return secrets.token_urlsafe(9)


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
    #: Classroom mode: the class hub runs, with the teacher's key and these lessons.
    classroom: bool = False
    teacher_key: str | None = None
    lesson_dirs: list[str] = field(default_factory=list)
    builtin_lessons: list[str] = field(default_factory=list)
    save_dir: str = ""
    seat_grace: float = SEAT_GRACE_S

    @property
    def pool_total(self) -> int:
        return sum(self.pools.values())

    def class_link(self, port: int, lesson: str | None = None) -> str:
        """The address students join at (with the token: for the terminal and the projector only)."""
        link = f"http://{url_host(self.display_host)}:{port}/{CLASS_PATH}"
        if self.token:
            link += f"?token={self.token}"
        if lesson:
            link += ("&" if "?" in link else "?") + f"lesson={lesson}"
        return link

    def teacher_link(self, port: int) -> str:
        """The teacher's page, with the teacher's key (for the teacher's eyes only)."""
        return f"http://{url_host(self.display_host)}:{port}/{TEACHER_PATH}?key={self.teacher_key}"

    def settings(self, port: int | None = None) -> dict[str, object]:
        """Voila settings for this plan (on top of the app's own). Never a secret: the token
        and the teacher's key travel in the server's environment, not on its command line."""
        default = min(self.pools.values(), default=0)
        out: dict[str, object] = dict(preheat_settings(self.pools, default=default))
        out[f"{SERVER_CLASS_NAME}.max_kernels"] = self.max_kernels
        if self.hosts:
            out[f"{SERVER_CLASS_NAME}.allowed_hosts"] = list(self.hosts)
        if self.classroom:
            out[f"{SERVER_CLASS_NAME}.class_hub"] = True
            out[f"{SERVER_CLASS_NAME}.lesson_dirs"] = list(self.lesson_dirs)
            out[f"{SERVER_CLASS_NAME}.builtin_lessons"] = list(self.builtin_lessons)
            out[f"{SERVER_CLASS_NAME}.save_dir"] = self.save_dir
            out[f"{SERVER_CLASS_NAME}.seat_grace"] = self.seat_grace
            if port is not None:
                link = f"http://{url_host(self.display_host)}:{port}/{CLASS_PATH}"
                out[f"{SERVER_CLASS_NAME}.class_link"] = link + ("?token=" + TOKEN_PLACEHOLDER if self.token else "")
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
    teacher_key: str | None = None,
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
        key = teacher_key or new_token()
    else:
        chosen = ip or HOST
        cap = max_kernels or 0
        size = pool or 0
        tok = token
        key = None
    display = (lan_address() or HOST) if chosen in ("0.0.0.0", "") else chosen
    return ClassPlan(
        ip=chosen, display_host=display, token=tok, max_kernels=max(0, cap),
        pools=pool_plan(notebooks, max(0, size), max(0, cap), main=main),
        cores=cores, available_mb=available, hosts=allowed_hosts(chosen), classroom=classroom, teacher_key=key,
    )

