"""Starting, waiting for and stopping a server; ``beannb app`` and its options.

The app is the repository's ``notebooks/`` folder rendered by Voila, bound to the
loopback interface only, opening on ``00_start.ipynb``::

    beannb app                 # or: python -m beannb.serve
    beannb app --port 8866 --open

Tests reuse the pieces::

    proc = start_voila(port, notebook_dir)
    wait_until_ready(f"http://127.0.0.1:{port}/", timeout=60, proc=proc)
    ...
    stop_voila(proc)
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import webbrowser
from pathlib import Path
from typing import IO, Mapping, Sequence

from ..core.paths import installed_data_dirs
from .pages import join_qr
from .settings import (CLASS_ENV, EARLY_ENV, HOST, SEAT_GRACE_S, KERNEL_MB, KERNELS_PER_CORE, LANDING_NOTEBOOK,
                       NOTEBOOK_DIR_ENV, SERVER_FLAG, TEACHER_ENV, TEMPLATE_ROOT, TOKEN_ENV, VOILA_SETTINGS, ClassPlan,
                       notebook_names, plan_class, server_settings, url_host)


def plan_lessons(plan: ClassPlan, teacher_folder: Path | None = None) -> ClassPlan:
    """The class's lessons: a teacher's folder (where a finished table's game may be saved
    as a lesson) before beannb's own lessons and rule cases."""
    from ..scenarios import scenario_dir

    dirs: list[str] = []
    if teacher_folder is not None:
        dirs.append(str(teacher_folder))
        plan.save_dir = str(teacher_folder) if os.access(teacher_folder, os.W_OK) else ""
    try:
        builtin = str(scenario_dir().resolve())
    except FileNotFoundError:
        builtin = None
    if builtin and builtin not in dirs:
        dirs.append(builtin)
        plan.builtin_lessons = [builtin]
    plan.lesson_dirs = dirs
    return plan

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
    candidates = [Path(__file__).resolve().parents[2] / "notebooks", Path.cwd() / "notebooks",
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


def port_taken(port: int, host: str = HOST) -> bool:
    """Whether something already listens on ``host:port`` (binding it fails)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


def base_url(port: int, host: str = HOST) -> str:
    """The root URL of a server started by :func:`start_voila` on ``port``."""
    return f"http://{url_host(host)}:{port}/"


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
        "beannb.serve",
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

    package = Path(__file__).resolve().parent.parent
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
    teacher_key: str | None = None,
) -> subprocess.Popen[bytes]:
    """Start Voila serving ``notebook_dir`` on ``ip:port`` (127.0.0.1 unless told) and
    return at once.

    The server runs in its own process group (kill it with :func:`stop_voila`), with
    the parent of the notebook folder as its working directory so the repository's
    ``voila.json`` is read. A ``token`` is required of every page request; a
    ``teacher_key`` opens the class hub's teacher page (both reach the server in its
    environment, never on its command line). Use :func:`wait_until_ready` before
    requesting pages.
    """
    folder = find_notebook_dir(notebook_dir)
    compile_package()
    env = dict(os.environ)
    for name in (TOKEN_ENV, TEACHER_ENV, CLASS_ENV):
        env.pop(name, None)
    if token:
        env[TOKEN_ENV] = token
    if teacher_key:
        env[TEACHER_ENV] = teacher_key
        # The pages' kernels know they serve a class (a play page then neither shows nor takes a seed).
        env[CLASS_ENV] = "1"
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


def write_launcher(url: str) -> Path:
    """A page that opens ``url`` (the teacher's page, whose address holds the teacher's key),
    written into a new private folder (mode 0700, file 0600) so that ``--open`` never puts
    the key on a command line other local users can read. Remove its folder afterwards."""
    import html
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="beannb-open-"))  # 0700, made for us alone
    path = folder / "teacher.html"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(f'<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url={html.escape(url)}">'
                f'<title>beannb</title><a href="{html.escape(url)}">beannb</a>')
    return path


def describe_plan(plan: ClassPlan, port: int) -> list[str]:
    """The lines `beannb app` prints about a plan."""
    lines = []
    if plan.classroom:
        link = plan.class_link(port)
        lines.append(f"  teacher's page: {plan.teacher_link(port)}")
        lines.append("  (keep that link to yourself: it leads the class; its page shows the students' link and QR code)")
        lines.append(f"  students join:  {link}")
        lines.append("  (the token in the link is required: without it a page answers 403)")
        lines.append("  or scan:")
        lines.extend("    " + row for row in join_qr(link).splitlines())
        lines.append(f"  the whole app:  {landing_url(port, plan.display_host, plan.token)}")
    elif plan.token:
        link = landing_url(port, plan.display_host, plan.token)
        lines.append(f"  students open:  {link}")
        lines.append("  (the token in the link is required: without it a page answers 403)")
    else:
        lines.append(f"  open:  {landing_url(port, plan.display_host, plan.token)}")
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
    seat_grace: float | None = None,
) -> int:
    """Serve the notebooks until interrupted; return Voila's exit status.

    Binds to 127.0.0.1 only, on ``port`` or a free one, and prints the landing URL.
    With ``classroom``, binds to ``ip`` (default: the machine's network address),
    requires a token and preheats kernels; see :func:`plan_class`. A folder without a
    ``00_start.ipynb`` is served behind a generated index (:func:`serving_root`).
    """
    folder, scratch = serving_root(notebook_dir)
    try:
        teacher = Path(notebook_dir or os.environ[NOTEBOOK_DIR_ENV]).resolve() if scratch else None
        label = f"{teacher} (with a generated index)" if teacher else str(folder)
        plan = plan_class(notebook_names(folder), classroom=classroom, ip=ip, token=token, pool=pool,
                          max_kernels=max_kernels)
        if classroom:
            plan_lessons(plan, teacher)
            if seat_grace is not None:
                plan.seat_grace = seat_grace
        return _serve_folder(folder, port, open_browser, plan, label)
    finally:
        if scratch is not None:
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)


def _serve_folder(folder: Path, port: int | None, open_browser: bool, plan: ClassPlan, label: str) -> int:
    probe_host = HOST if plan.ip in ("0.0.0.0", "") else plan.ip
    if port == 0:  # "any free port", as the operating system reads it: chosen here, so it is known
        port = None
    if port is not None and port_taken(port, probe_host):
        print(f"beannb app: port {port} on {probe_host} is already in use (another server?); choose another "
              f"with --port, or leave --port out and a free one is chosen", file=sys.stderr, flush=True)
        return 2
    attempts = 1 if port is not None else 3
    for attempt in range(attempts):
        chosen = port if port is not None else free_port(probe_host)
        proc = start_voila(chosen, folder, settings=plan.settings(chosen), ip=plan.ip, token=plan.token,
                           teacher_key=plan.teacher_key)
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

    mode = "classroom mode, " if plan.classroom else ""
    print(f"beannb app: {mode}serving {label} at {base_url(chosen, plan.display_host)}", flush=True)
    for line in describe_plan(plan, chosen):
        print(line, flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    launcher = None
    if open_browser:
        if plan.classroom:
            launcher = write_launcher(plan.teacher_link(chosen))
            webbrowser.open(launcher.as_uri(), new=2)
        else:
            webbrowser.open(landing_url(chosen, probe_host, plan.token), new=2)

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
        if launcher is not None:
            import shutil

            shutil.rmtree(launcher.parent, ignore_errors=True)


def serve_on_hub(lessons: Path | None = None, teacher_groups: Sequence[str] = (),
                 seat_grace: float | None = None, listen: str | None = None) -> int:
    """Hold a class as a JupyterHub-managed service (``beannb app --class --jupyterhub``): the
    server of :func:`serve` in this process, at the address and under the prefix the hub gives
    (:func:`beannb.serve.jupyterhub.service_env`), logging people in through the hub. Its pages
    are the class's only: each user's own server runs the notebooks. ``listen``: the address to
    listen on where the hub reaches the class by another name (Kubernetes). Does not return."""
    from .hubenv import DEFAULT_TEACHER_GROUP, service_env
    from .settings import SERVER_CLASS_NAME as S

    env = service_env()
    host = listen or env.host
    plan = plan_lessons(plan_class([], classroom=False, ip=host), lessons)
    settings: dict[str, object] = {
        f"{S}.class_hub": True, f"{S}.jupyterhub": True,
        f"{S}.teacher_groups": list(teacher_groups) or [DEFAULT_TEACHER_GROUP],
        f"{S}.lesson_dirs": plan.lesson_dirs, f"{S}.builtin_lessons": plan.builtin_lessons,
        f"{S}.save_dir": plan.save_dir, f"{S}.seat_grace": SEAT_GRACE_S if seat_grace is None else seat_grace,
        "Voila.base_url": env.prefix,
        # No page of the service runs a kernel; should one be asked for, it is refused.
        f"{S}.max_kernels": 1,
    }
    try:
        folder = find_notebook_dir()
    except FileNotFoundError:
        folder = Path(plan.lesson_dirs[0]) if plan.lesson_dirs else Path.cwd()
    command = voila_command(env.port, folder, settings, ip=host)
    print(f"beannb app: class {env.name!r} on JupyterHub, at {env.prefix} (listening on {host}:{env.port}); "
          f"teachers: the hub group(s) {', '.join(settings[f'{S}.teacher_groups'])}", flush=True)   # type: ignore[arg-type]
    environ = {k: v for k, v in os.environ.items() if k not in (TOKEN_ENV, TEACHER_ENV, CLASS_ENV)}
    environ.setdefault("PYTHONUNBUFFERED", "1")
    environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), environ.get("JUPYTER_PATH", "")) if p)
    # The hub gives a service ten seconds to answer: answer at once, before Voila is imported.
    environ[EARLY_ENV] = f"{url_host(host)}:{env.port}"
    os.chdir(folder.parent)
    os.execve(command[0], command, environ)   # the hub's signals reach the server itself
    return 1  # pragma: no cover


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {value}")
    return value


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
    parser.add_argument("--port", type=_port, default=None, help="port (default, or 0: a free one)")
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
        help="with --class: address to listen on (default: the first non-loopback one; 0.0.0.0: every one); "
        "with --jupyterhub: where the hub reaches the class by another name than it listens on (Kubernetes: 0.0.0.0)",
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
    parser.add_argument(
        "--seat-grace", type=float, default=None, metavar="SECONDS",
        help=f"with --class: how long a table keeps the seat of a student whose page closed before a bot takes it "
        f"over (default {SEAT_GRACE_S:g}; -1: never)",
    )
    parser.add_argument(
        "--jupyterhub", action="store_true",
        help="with --class: run the class as a service of a JupyterHub (declared in jupyterhub_config.py with "
        "beannb.serve.jupyterhub.add_class, which starts it): people log in through the hub, students are the "
        "hub's users (no typed names), teachers the members of --teacher-group; the hub gives the address",
    )
    parser.add_argument(
        "--teacher-group", action="append", default=None, metavar="GROUP",
        help="with --jupyterhub: a hub group whose members lead the class (default: beannb-teachers; may repeat)",
    )
    return parser


def run_hub_service(args: argparse.Namespace) -> int:
    """``beannb app --class --jupyterhub``: refuse what the hub decides, then :func:`serve_on_hub`."""
    from .hubenv import HubConfigError, check_group

    given = [flag for flag, value in (("--token", args.token), ("--port", args.port),
                                      ("--pool", args.pool), ("--max-kernels", args.max_kernels),
                                      ("--open", args.open or None)) if value is not None]
    if given:
        verb = "does" if len(given) == 1 else "do"
        print(f"beannb app: {', '.join(given)} {verb} not go with --jupyterhub: the hub gives the class its "
              "address and logs people in; each user's own server runs the pages", file=sys.stderr)
        return 2
    folder = getattr(args, "folder", None) or getattr(args, "notebook_dir", None)
    try:
        groups = [check_group(g, "--teacher-group") for g in (args.teacher_group or [])]
        lessons = Path(folder).resolve() if folder else None
        if lessons is not None and not lessons.is_dir():
            raise FileNotFoundError(f"no such folder: {folder}")
        return serve_on_hub(lessons, groups, args.seat_grace, listen=args.ip)
    except (HubConfigError, FileNotFoundError) as exc:
        print(f"beannb app: {exc}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` from parsed :func:`add_arguments` options."""
    classroom = bool(getattr(args, "classroom", False))
    ip = getattr(args, "ip", None)
    token = getattr(args, "token", None)
    grace = getattr(args, "seat_grace", None)
    on_hub = bool(getattr(args, "jupyterhub", False))
    if (on_hub or getattr(args, "teacher_group", None)) and not classroom:
        print("beannb app: --jupyterhub and --teacher-group go with --class (beannb app --class --jupyterhub)",
              file=sys.stderr)
        return 2
    if getattr(args, "teacher_group", None) and not on_hub:
        print("beannb app: --teacher-group goes with --jupyterhub (a class of its own has the teacher's link)",
              file=sys.stderr)
        return 2
    if on_hub:
        return run_hub_service(args)
    if (ip or token or grace is not None) and not classroom:
        print("beannb app: --ip, --token and --seat-grace go with --class (the default serves 127.0.0.1 only)",
              file=sys.stderr)
        return 2
    try:
        return serve(
            port=args.port, open_browser=args.open,
            notebook_dir=getattr(args, "folder", None) or getattr(args, "notebook_dir", None),
            classroom=classroom, ip=ip, token=token,
            pool=getattr(args, "pool", None), max_kernels=getattr(args, "max_kernels", None), seat_grace=grace,
        )
    except FileNotFoundError as exc:
        print(f"beannb app: {exc}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for ``python -m beannb.serve`` (and, with ``--voila-server``, the server)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == [SERVER_FLAG]:
        early = os.environ.pop(EARLY_ENV, None)
        if early:
            from . import early as early_answer

            early_answer.start(early)   # answers until the server takes its socket over
        from .server import run_server

        return run_server(args[1:])
    parser = add_arguments(
        argparse.ArgumentParser(prog="beannb app", description="Serve the beannb notebooks with Voila.")
    )
    return run(parser.parse_args(args))


if __name__ == "__main__":
    sys.exit(main())
