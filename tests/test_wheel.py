"""The package as someone without a checkout gets it: a wheel built from this repository,
installed with its ``app`` extra into a fresh virtual environment, serves the landing page
and all four games with ``beannb app`` started from an empty folder."""
from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from beannb.serve import free_port, stop_voila, wait_until_ready

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["00_start", "01_bohnanza", "02_takeover", "03_rabohnzel", "04_bohnaparte"]

pytestmark = pytest.mark.skipif(os.environ.get("BEANNB_SKIP_WHEEL") == "1", reason="BEANNB_SKIP_WHEEL=1")


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)
    assert out.returncode == 0, f"{' '.join(cmd)} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


def test_wheel_with_the_app_extra_serves_every_page_without_a_checkout(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q", str(ROOT),
          "-w", str(wheels)])
    (wheel,) = wheels.glob("beannb-*.whl")
    # Pure Python: one wheel for every platform, the browser-only site's included.
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    # What `pip show` prints, older pips included: the home page and the licence.
    assert "\nHome-page: https://" in metadata and "\nLicense-Expression: MIT" in metadata, metadata[:600]
    binary = [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    assert not binary, binary
    # The front ends and the site build's scripts are files of their own, shipped as package data.
    shipped = {"beannb/widgets/front/page.js", "beannb/widgets/front/page.css", "beannb/widgets/front/progress.js",
               "beannb/widgets/front/onshow.js", "beannb/widgets/front/prose.css", "beannb/render/front/overview.css",
               "beannb/render/front/summary_print.css", "beannb/site/scripts/snapshot.py",
               "beannb/site/scripts/snapshot.mjs", "beannb/site/scripts/compile.py", "beannb/site/scripts/compile.mjs",
               "beannb/site/scripts/piplite/__init__.py", "beannb/site/scripts/piplite/piplite.py"}
    assert shipped <= names, sorted(shipped - names)
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    py = venv / "bin" / "python"
    # Nothing of the checkout is reachable: not on PYTHONPATH while pip installs (it would find
    # the checkout's beannb installed already and skip the wheel), nor later.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "BEANNB", "PYTHON", "VIRTUAL_ENV"))}
    _run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{wheel}[app]"], env=env)

    empty = tmp_path / "empty"
    empty.mkdir()
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    # Nothing of the checkout is reachable: not as the working folder, not on the path.
    version = _run([str(venv / "bin" / "beannb"), "--version"], cwd=empty, env=env).stdout
    assert version.startswith("beannb ")
    # The guides come with it (the lesson stubs point to them).
    guide = _run([str(venv / "bin" / "beannb"), "docs", "scenarios", "--path"], cwd=empty, env=env).stdout.strip()
    assert guide == str(venv / "share" / "beannb" / "docs" / "scenarios.md"), guide
    assert "Scenario files" in _run([str(venv / "bin" / "beannb"), "docs", "scenarios"], cwd=empty, env=env).stdout
    port = free_port()
    log = open(tmp_path / "app.log", "w+")
    proc = subprocess.Popen([str(venv / "bin" / "beannb"), "app", "--port", str(port)], cwd=empty, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}/"
        wait_until_ready(base + "voila/static/favicon.ico", timeout=120, proc=proc)
        for name in PAGES:
            with urllib.request.urlopen(f"{base}voila/render/{name}.ipynb", timeout=300) as r:
                page = r.read().decode("utf-8", "replace")
                assert r.status == 200, name
            assert "application/vnd.jupyter.widget-view+json" in page, name
            assert '"output_type": "error"' not in page, f"{name} raised while it ran"
        log.seek(0)
        served = log.read()
        assert str(venv / "share" / "beannb" / "notebooks") in served, served[-2000:]
        assert str(ROOT) not in served
    finally:
        stop_voila(proc)
        log.close()
