"""Binder: install binder/requirements.txt into a fresh virtual environment, run
binder/postBuild as Binder would, start the Jupyter server from that environment and open
the page the README's Binder badge opens (the Voila landing page)."""
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from beannb import serve as app

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_binder_environment_serves_the_landing_page(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = dict(os.environ)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    env["HOME"] = str(tmp_path / "home")
    env.pop("JUPYTER_PATH", None)
    env.pop("VIRTUAL_ENV", None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    (tmp_path / "home").mkdir()
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-r",
                          str(ROOT / "binder" / "requirements.txt")], env=env, capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr[-2000:]
    post = subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env, capture_output=True, text=True)
    assert post.returncode == 0, post.stderr[-2000:]
    badge = (ROOT / "README.md").read_text()
    assert "urlpath=voila/render/notebooks/00_start.ipynb" in badge
    port = app.free_port()
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(
        [str(venv / "bin" / "jupyter"), "server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
         "--IdentityProvider.token=", "--ServerApp.port_retries=0", "--allow-root", f"--ServerApp.root_dir={ROOT}"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        app.wait_until_ready(f"http://127.0.0.1:{port}/api", timeout=90, proc=proc)
        url = f"http://127.0.0.1:{port}/voila/render/notebooks/00_start.ipynb"
        with urllib.request.urlopen(url, timeout=180) as resp:
            page = resp.read().decode("utf-8", "replace")
            assert resp.status == 200
        assert "application/vnd.jupyter.widget-view+json" in page   # the landing widgets were built
        assert "Landing()" not in page            # sources stripped
        assert "cdn.jsdelivr" not in page          # our template, installed by postBuild
    finally:
        app.stop_voila(proc)
        log.close()
