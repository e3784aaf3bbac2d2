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

Nothing here needs the internet: Voila serves its own JavaScript and styles.
"""

from __future__ import annotations

import argparse
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
    # Every page view starts a kernel. Voila 0.5 refuses the shutdown request a closing
    # page sends (it lacks the XSRF cookie), so a kernel whose page went away (closed tab,
    # closed laptop, lost connection, a plain HTTP fetch) is shut down after 2 idle
    # minutes instead; kernels with a connected page are never culled.
    "MappingKernelManager.cull_idle_timeout": 120,
    "MappingKernelManager.cull_interval": 30,
    "MappingKernelManager.cull_connected": False,
}


def find_notebook_dir(notebook_dir: str | os.PathLike[str] | None = None) -> Path:
    """Return the folder of notebooks to serve.

    Looks, in order, at the argument, the ``BEANNB_NOTEBOOK_DIR`` environment variable,
    the ``notebooks/`` folder beside the package (an editable install from a checkout),
    and ``./notebooks``. Raises ``FileNotFoundError`` naming the places it looked.
    """
    if notebook_dir is not None:
        candidates = [Path(notebook_dir)]
    else:
        candidates = []
        if os.environ.get(NOTEBOOK_DIR_ENV):
            candidates.append(Path(os.environ[NOTEBOOK_DIR_ENV]))
        candidates.append(Path(__file__).resolve().parent.parent / "notebooks")
        candidates.append(Path.cwd() / "notebooks")
    for path in candidates:
        if (path / LANDING_NOTEBOOK).is_file():
            return path.resolve()
    looked = ", ".join(str(p) for p in candidates)
    raise FileNotFoundError(
        f"no {LANDING_NOTEBOOK} found (looked in: {looked}); run from a beannb "
        f"checkout or pass the notebook folder (--notebook-dir or {NOTEBOOK_DIR_ENV})"
    )


def free_port(host: str = HOST) -> int:
    """Return a TCP port on ``host`` that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def base_url(port: int) -> str:
    """The root URL of a server started by :func:`start_voila` on ``port``."""
    return f"http://{HOST}:{port}/"


def landing_url(port: int) -> str:
    """The URL of the rendered landing notebook."""
    return f"{base_url(port)}voila/render/{LANDING_NOTEBOOK}"


def voila_command(
    port: int,
    notebook_dir: str | os.PathLike[str],
    settings: Mapping[str, object] | None = None,
) -> list[str]:
    """The command line :func:`start_voila` runs.

    ``settings`` overrides or adds to :data:`VOILA_SETTINGS` (a trait given twice on
    Voila's command line is an error for some classes, so overrides go through here).
    """
    merged = {**VOILA_SETTINGS, **(settings or {})}
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebook_dir),
        f"--Voila.ip={HOST}",
        f"--Voila.port={port}",
        # Fail instead of silently moving to another port than the one we announce.
        "--Voila.port_retries=0",
        "--Voila.open_browser=False",
        *(f"--{name}={value}" for name, value in merged.items()),
    ]


def start_voila(
    port: int,
    notebook_dir: str | os.PathLike[str] | None = None,
    *,
    settings: Mapping[str, object] | None = None,
    extra_args: Sequence[str] = (),
    stdout: IO[bytes] | int | None = None,
    stderr: IO[bytes] | int | None = None,
) -> subprocess.Popen[bytes]:
    """Start Voila serving ``notebook_dir`` on ``127.0.0.1:port`` and return at once.

    The server runs in its own process group (kill it with :func:`stop_voila`), with
    the parent of the notebook folder as its working directory so the repository's
    ``voila.json`` is read. Use :func:`wait_until_ready` before requesting pages.
    """
    folder = find_notebook_dir(notebook_dir)
    env = dict(os.environ)
    # Kernels should come from the environment Voila runs in, not a user-wide one.
    env.setdefault("JUPYTER_PREFER_ENV_PATH", "1")
    # Let Voila find the package's own template (beannb/data/jupyter/voila/templates).
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH", "")) if p)
    env.setdefault("PYTHONUNBUFFERED", "1")
    return subprocess.Popen(
        [*voila_command(port, folder, settings), *extra_args],
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


def serve(
    port: int | None = None,
    open_browser: bool = False,
    notebook_dir: str | os.PathLike[str] | None = None,
) -> int:
    """Serve the notebooks until interrupted; return Voila's exit status.

    Binds to 127.0.0.1 only, on ``port`` or a free one, and prints the landing URL.
    """
    folder = find_notebook_dir(notebook_dir)
    attempts = 1 if port is not None else 3
    for attempt in range(attempts):
        chosen = port if port is not None else free_port()
        proc = start_voila(chosen, folder)
        try:
            wait_until_ready(base_url(chosen), timeout=120, proc=proc)
        except RuntimeError:
            # An automatically chosen port can be taken between choosing and binding.
            if attempt + 1 < attempts:
                continue
            return proc.wait()
        except BaseException:
            stop_voila(proc)
            raise
        break

    url = landing_url(chosen)
    print(f"beannb app: serving {folder} at {url}", flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    if open_browser:
        webbrowser.open(url, new=2)

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


def add_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the ``app`` options to ``parser`` (shared with the ``beannb app`` command)."""
    parser.add_argument("--port", type=int, default=None, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--open", action="store_true", help="open the landing page in a web browser")
    parser.add_argument(
        "--notebook-dir",
        default=None,
        help=f"folder of notebooks to serve (default: the checkout's notebooks/, or ${NOTEBOOK_DIR_ENV})",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` from parsed :func:`add_arguments` options."""
    try:
        return serve(port=args.port, open_browser=args.open, notebook_dir=args.notebook_dir)
    except FileNotFoundError as exc:
        print(f"beannb app: {exc}", file=sys.stderr)
        return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for ``python -m beannb.app``."""
    parser = add_arguments(
        argparse.ArgumentParser(prog="beannb app", description="Serve the beannb notebooks with Voila on 127.0.0.1.")
    )
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
