"""beannb site from a pip install and with a teacher's lessons, without network: what a
missing input says, the teacher's lessons in the site's package and pages, and that the
build's driver needs the standard library only (make site needs no test install)."""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from beannb import site

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "scenarios" / "bohnanza" / "e01_harvest_five_chili.yaml"


def teacher_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "my lessons"
    (folder / "week1").mkdir(parents=True)
    shutil.copy2(LESSON, folder / "week1" / LESSON.name)
    (folder / "intro.ipynb").write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    (folder / ".hidden.yaml").write_text("not: shipped\n")
    (folder / "notes.txt").write_text("not shipped either\n")
    return folder


def args(**kw) -> argparse.Namespace:
    return argparse.Namespace(**{"folder": None, "serve": False, "port": 0, "out": "_site", **kw})


def test_a_pip_install_without_the_inputs_says_what_is_missing_and_exits_2(tmp_path: Path) -> None:
    """The package alone (as pip puts it into site-packages, here with no data files and no
    npm on the PATH), run from an empty folder: a message per missing input, no traceback."""
    lib = tmp_path / "lib"
    shutil.copytree(ROOT / "beannb", lib / "beannb", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    work = tmp_path / "work"
    work.mkdir()
    env = {"PYTHONPATH": str(lib), "HOME": str(tmp_path / "home"), "PATH": str(tmp_path / "nothing"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-S", "-m", "beannb", "site"], capture_output=True, text=True, cwd=work,
                         env=env, timeout=120)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and "FileNotFoundError" not in out.stderr
    from beannb.core.paths import installed_data_dirs

    if not any((p / "00_start.ipynb").is_file() for p in installed_data_dirs("notebooks")):  # no wheel install here
        assert "notebooks are not installed" in out.stderr and "reinstall beannb" in out.stderr
    assert "npm is not installed" in out.stderr and "Node.js" in out.stderr
    assert not (work / "_site").exists() and list(work.iterdir()) == []
    # The pins come with the package: nothing is read from a checkout.
    check = subprocess.run([sys.executable, "-S", "-c", "from beannb import site; print(site.IN_CHECKOUT, "
                            "site.TOOLS_REQUIREMENTS.is_file(), site.CACHE)"],
                           capture_output=True, text=True, cwd=work, env=env, timeout=60)
    assert check.stdout.split() == ["False", "True", str(tmp_path / "cache" / "beannb" / "site")], check.stderr


def test_missing_inputs_each_say_how_to_get_them(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(site, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(site.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert site.missing_inputs() == []
    assert site.missing_inputs(teacher_folder(tmp_path)) == []
    nowhere = site.missing_inputs(tmp_path / "nowhere")
    assert len(nowhere) == 1 and "no such folder" in nowhere[0]
    (tmp_path / "empty").mkdir()
    assert "beannb new-lesson" in site.missing_inputs(tmp_path / "empty")[0]
    monkeypatch.setattr(site.shutil, "which", lambda name: None)
    assert site.missing_inputs() == [site.NEED_NPM]
    tgz = tmp_path / "cache" / "npm" / f"pyodide-{site.PYODIDE_VERSION}.tgz"
    tgz.parent.mkdir(parents=True)
    tgz.write_bytes(b"")
    assert site.missing_inputs() == []  # the core is cached: npm is not needed
    monkeypatch.setattr(site, "NOTEBOOKS", tmp_path / "no-notebooks")
    assert "notebooks are not installed" in site.missing_inputs()[0]


def test_the_command_stops_on_a_missing_input_and_on_a_failed_download(tmp_path: Path, monkeypatch, capsys) -> None:
    built = []
    monkeypatch.setattr(site, "build", lambda out, lessons=None: built.append((out, lessons)))
    assert site.run(args(folder=str(tmp_path / "nowhere"))) == 2
    assert "no such folder" in capsys.readouterr().err and not built
    monkeypatch.setattr(site, "missing_inputs", lambda lessons=None: [])

    def offline(out, lessons=None):
        raise site.SiteInputsUnavailable("pip download (needs PyPI) failed (exit 1)")

    monkeypatch.setattr(site, "build", offline)
    assert site.run(args()) == 2
    assert "could not be fetched" in capsys.readouterr().err

    def gone(out, lessons=None):
        raise FileNotFoundError(2, "No such file or directory", "/somewhere/voici")

    monkeypatch.setattr(site, "build", gone)
    assert site.run(args()) == 2
    err = capsys.readouterr().err
    assert "/somewhere/voici" in err and "Traceback" not in err


def test_the_teachers_lessons_go_into_the_sites_package_and_pages(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(site, "CACHE", tmp_path / "cache")
    folder = teacher_folder(tmp_path)
    assert [p.relative_to(folder).as_posix() for p in site.teacher_files(folder)] == ["intro.ipynb",
                                                                                      "week1/" + LESSON.name]
    whl = site.beannb_wheel(folder)
    with zipfile.ZipFile(whl) as zf:
        names = zf.namelist()
    data = f"beannb-{site.__version__}.data/data/share/beannb/"
    assert data + f"lessons/week1/{LESSON.name}" in names and data + "lessons/intro.ipynb" in names
    assert not any(".hidden" in n or "notes.txt" in n for n in names)
    assert data + "scenarios/bohnanza/" + LESSON.name in names and "beannb/site/pins/site-wheels.txt" in names
    contents = site.stage_contents(folder)
    assert (contents / "00_start.ipynb").is_file() and (contents / "lessons" / "intro.ipynb").is_file()
    page = json.loads((contents / "lessons.ipynb").read_text())
    code = "".join(page["cells"][0]["source"])
    assert "FolderIndex(shipped_lessons()" in code
    assert "beannb.widgets.folder" in site.notebook_imports([contents / "lessons.ipynb"])
    plain = site.stage_contents(None)
    assert not (plain / "lessons.ipynb").exists()


def test_the_landing_page_links_the_teachers_lessons_only_where_there_are_some(tmp_path: Path, monkeypatch) -> None:
    from beannb.core import paths
    from beannb.widgets import landing

    monkeypatch.setattr(paths, "shipped_lessons", lambda: None)
    assert "lessons.ipynb" not in landing.landing_html("en")
    monkeypatch.setattr(paths, "shipped_lessons", lambda: tmp_path)
    en, hu = landing.landing_html("en"), landing.landing_html("hu")
    assert 'href="lessons.ipynb?lang=en"' in en and "Lessons from your teacher" in en
    assert "A tanárod leckéi" in hu
    monkeypatch.setattr(sys, "platform", "emscripten")  # in the browser-only site each page is x.html
    assert 'href="lessons.html?lang=en"' in landing.landing_html("en")


def test_shipped_lessons_are_found_where_a_wheel_puts_data(tmp_path: Path, monkeypatch) -> None:
    from beannb.core import paths

    monkeypatch.setattr(paths, "installed_data_dirs", lambda name: [tmp_path / "a" / name, tmp_path / "b" / name])
    assert paths.shipped_lessons() is None
    (tmp_path / "b" / "lessons").mkdir(parents=True)
    assert paths.shipped_lessons() == tmp_path / "b" / "lessons"


def test_make_site_needs_only_what_the_site_needs() -> None:
    """make site runs the build's driver with plain Python, without the test install (the
    driver uses the standard library; the tools run in their own virtualenv)."""
    makefile = (ROOT / "Makefile").read_text()
    rule = re.search(r"^site:(.*)$", makefile, re.M)
    assert rule is not None and "STAMP" not in rule.group(1)
    serve = re.search(r"^serve-site:(.*)$", makefile, re.M)
    assert serve is not None and "STAMP" not in serve.group(1)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-S", "-m", "beannb", "site", "--help"], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 0 and "FOLDER" in out.stdout, out.stderr
