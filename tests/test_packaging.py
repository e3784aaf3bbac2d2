"""The package as a user installs and runs it: metadata, version, command-line manners."""
from __future__ import annotations

import argparse
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import beannb
from beannb.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "beannb", *args], capture_output=True, text=True, cwd=ROOT, **kw)


def test_version_comes_from_one_place() -> None:
    assert beannb.__version__ == metadata.version("beannb")
    out = _run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"beannb {beannb.__version__}"
    assert 'version = "' not in (ROOT / "pyproject.toml").read_text("utf-8")


def test_the_changelog_speaks_to_its_readers_first() -> None:
    """The newest entry is the installed version, not "unreleased", and opens with what is new
    for learners and teachers before the developers' details."""
    text = (ROOT / "CHANGELOG.md").read_text("utf-8")
    newest = text.split("\n## ")[1]
    heading = newest.splitlines()[0]
    assert heading.startswith(beannb.__version__) and "unreleased" not in heading.lower(), heading
    short = newest.split("### ")[1]
    assert short.startswith("What is new, in short") and "For learners:" in short and "For teachers:" in short
    assert newest.index("### What is new, in short") < newest.index("### Details")


def test_license_and_metadata() -> None:
    meta = metadata.metadata("beannb")
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("MIT License")
    assert meta.get("License-Expression") == "MIT"
    classifiers = meta.get_all("Classifier") or []
    assert "Framework :: Jupyter" in classifiers and "Natural Language :: Hungarian" in classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Source", "Changelog"} <= set(urls)
    assert (ROOT / "CHANGELOG.md").read_text("utf-8").startswith("# Changelog")
    assert f"## {beannb.__version__}" in (ROOT / "CHANGELOG.md").read_text("utf-8")


def _actions(parser: argparse.ArgumentParser, path: str = "beannb"):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{path} {name}")
        elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            yield path, action


def test_every_option_of_every_command_has_help() -> None:
    missing = [f"{path} {'/'.join(a.option_strings) or a.dest}" for path, a in _actions(build_parser())
               if not (a.help or "").strip()]
    assert not missing, "options without help: " + ", ".join(missing)


def test_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "beannb", "rules"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()                      # as `| head -1` does
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_widgets_without_the_app_extra_name_the_extra() -> None:
    code = "import sys; sys.modules['ipywidgets'] = None\nimport beannb.widgets"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode != 0
    assert "pip install 'beannb[app]'" in out.stderr and "ipywidgets" in out.stderr
    # The engine itself needs no widgets.
    code = "import sys; sys.modules['ipywidgets'] = None\nimport beannb; beannb.new_game('bohnanza', seed=1)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


@pytest.mark.parametrize("command", ["rules", "check", "sim", "bench", "app", "show", "summary"])
def test_every_command_explains_itself(command: str) -> None:
    out = _run(command, "--help")
    assert out.returncode == 0 and "usage: beannb " + command in out.stdout


def test_plain_voila_serves_the_landing_page_with_our_template(tmp_path: Path) -> None:
    """After `make install`, `voila notebooks/` from the checkout works with no path set by hand:
    the template is found where Jupyter looks in the environment (as a wheel installs it)."""
    import os
    import urllib.request

    from beannb.serve import free_port, stop_voila, wait_until_ready

    voila = Path(sys.executable).with_name("voila")
    if not voila.exists():
        pytest.skip("voila is not installed in this environment (the app extra)")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    log = open(tmp_path / "voila.log", "wb")
    proc = subprocess.Popen([str(voila), "notebooks/", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}/"
        wait_until_ready(base + "voila/static/favicon.ico", timeout=60, proc=proc)
        with urllib.request.urlopen(base + "voila/render/00_start.ipynb", timeout=120) as r:
            page = r.read().decode("utf-8")
            assert r.status == 200
        assert "/voila/templates/beannb/static/" in page            # our template, found by itself
        assert "cdn.jsdelivr.net" not in page and "TemplateNotFound" not in page
        assert "application/vnd.jupyter.widget-view+json" in page    # the landing widget was built
    finally:
        stop_voila(proc)
        log.close()


@pytest.mark.parametrize("notebook", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_notebooks_are_stored_without_outputs(notebook: Path) -> None:
    """Notebooks are stored clean: no outputs, no execution counts, no widget state (Voila and
    nbval run them; a half-executed file would show stale output in JupyterLab)."""
    import json

    nb = json.loads(notebook.read_text("utf-8"))
    assert nb["nbformat"] == 4
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, f"cell {i} holds output"
    assert "widgets" not in nb.get("metadata", {}), "widget state is stored"
