"""The Voila app: a real server on a loopback port renders the landing notebook."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from beannb import serve as app

REPO = Path(__file__).resolve().parent.parent
LANDING_VIEW = "application/vnd.jupyter.widget-view+json"

needs_voila = pytest.mark.skipif(
    importlib.util.find_spec("voila") is None, reason="voila is not installed (pip install -e '.[app]')"
)


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """A Voila server for the repo's notebooks on a free 127.0.0.1 port; always stopped."""
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    port = app.free_port()
    with log_path.open("wb") as log:
        proc = app.start_voila(port, REPO / "notebooks", stdout=log, stderr=subprocess.STDOUT)
        try:
            try:
                app.wait_until_ready(app.base_url(port), timeout=90, proc=proc)
            except (RuntimeError, TimeoutError) as exc:
                log.flush()
                pytest.fail(f"{exc}\n--- Voila log ---\n{log_path.read_text(errors='replace')}")
            yield port, proc
        finally:
            app.stop_voila(proc)


@needs_voila
def test_landing_page_renders(voila_server: tuple[int, subprocess.Popen[bytes]]) -> None:
    port, _ = voila_server
    url = app.landing_url(port)
    assert url == f"http://127.0.0.1:{port}/voila/render/00_start.ipynb"
    with urllib.request.urlopen(url, timeout=180) as response:
        status = response.status
        page = response.read().decode("utf-8", errors="replace")
    assert status == 200
    # The page is widgets (the language switch, the game cards), checked in the browser tests;
    # the served HTML carries their views.
    assert LANDING_VIEW in page
    # strip_sources: the code cell's source never reaches the browser.
    assert "Landing()" not in page
    # Our template drops the lab template's CDN stylesheets: nothing may leave the machine.
    assert "cdn.jsdelivr" not in page and "cdnjs" not in page


@needs_voila
def test_server_listens_on_loopback_only(voila_server: tuple[int, subprocess.Popen[bytes]]) -> None:
    psutil = pytest.importorskip("psutil")
    port, proc = voila_server
    process = psutil.Process(proc.pid)
    connections = getattr(process, "net_connections", None) or process.connections
    listening = [conn.laddr for conn in connections(kind="inet") if conn.status == psutil.CONN_LISTEN]
    assert listening, "Voila is not listening"
    assert all(addr.ip == "127.0.0.1" for addr in listening), listening
    assert port in {addr.port for addr in listening}


def test_voila_command_binds_loopback_and_culls() -> None:
    cmd = app.voila_command(8866, REPO / "notebooks")
    assert "--Voila.ip=127.0.0.1" in cmd
    assert "--Voila.port=8866" in cmd
    assert "--Voila.open_browser=False" in cmd
    assert "--VoilaConfiguration.strip_sources=True" in cmd
    assert "--VoilaConfiguration.theme=light" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=120" in cmd
    # An override replaces the default instead of repeating the flag.
    cmd = app.voila_command(8866, REPO / "notebooks", {"MappingKernelManager.cull_idle_timeout": 5})
    assert [arg for arg in cmd if "cull_idle_timeout" in arg] == ["--MappingKernelManager.cull_idle_timeout=5"]


def test_repo_voila_json_matches_app_settings() -> None:
    config = json.loads((REPO / "voila.json").read_text())
    flat = {f"{cls}.{trait}": value for cls, traits in config.items() for trait, value in traits.items()}
    assert flat == app.VOILA_SETTINGS


@needs_voila
def test_voila_reads_repo_voila_json() -> None:
    # Voila looks for voila.json in its working directory; start_voila runs it from
    # the repository root, and Binder starts Jupyter there too.
    result = subprocess.run(
        [sys.executable, "-m", "voila", "notebooks", "--Voila.show_config_json=True"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout[result.stdout.index("{") :])
    assert shown["MappingKernelManager"]["cull_idle_timeout"] == 120
    assert shown["VoilaConfiguration"]["theme"] == "light"
    assert shown["VoilaConfiguration"]["strip_sources"] is True


def test_find_notebook_dir_defaults_to_the_checkout() -> None:
    assert app.find_notebook_dir() == (REPO / "notebooks").resolve()


def test_find_notebook_dir_finds_the_checkouts_notebooks_from_any_folder(tmp_path: Path, monkeypatch) -> None:
    """An editable install from a checkout serves the checkout's notebooks wherever it is started."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(app.NOTEBOOK_DIR_ENV, raising=False)
    assert app.find_notebook_dir() == (REPO / "notebooks").resolve()


def test_find_notebook_dir_explains_a_wrong_folder(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="00_start.ipynb"):
        app.find_notebook_dir(tmp_path)


def test_binder_requirements_are_exact_pins() -> None:
    lines = [
        line.strip()
        for line in (REPO / "binder" / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert lines
    for line in lines:
        name, sep, version = line.partition("==")
        assert sep and name and version and " " not in line, line
    names = {line.split("==")[0].lower().replace("_", "-") for line in lines}
    for needed in ("voila", "ipywidgets", "jupyterlab", "ipykernel", "matplotlib", "networkx", "pyyaml"):
        assert needed in names


def test_the_server_leaves_the_package_compiled_for_its_kernels(tmp_path, monkeypatch) -> None:
    """Kernels import beannb afresh on every page; with bytecode writing switched off in
    the environment they would compile every module each time. ``start_voila`` compiles
    the package once (here: a copy, so the test does not depend on the checkout's state)."""
    import shutil

    package = tmp_path / "beannb"
    run = importlib.import_module("beannb.serve.run")
    shutil.copytree(Path(run.__file__).resolve().parent.parent, package,
                    ignore=shutil.ignore_patterns("__pycache__", "data"))
    monkeypatch.setattr(run, "__file__", str(package / "serve" / "run.py"))
    app.compile_package()
    sources = sorted(package.rglob("*.py"))
    assert len(sources) > 50
    stale = [s for s in sources if not Path(importlib.util.cache_from_source(str(s))).is_file()]
    assert not stale, stale[:5]
