"""`beannb app FOLDER`: a teacher's folder of notebooks and lessons, served as it is or behind
a generated index; nothing is written into the folder."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from beannb import serve as app
from beannb.scenarios import find
from beannb.widgets.folder import FolderIndex, folder_contents


@pytest.fixture()
def teacher(tmp_path: Path) -> Path:
    folder = tmp_path / "my lessons"
    (folder / "week1").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    shutil.copy(find("bohnanza/lesson_03_trading"), folder / "week1" / "trading.yaml")
    (folder / "broken.yaml").write_text("not: [valid", encoding="utf-8")
    (folder / ".hidden" / "secret.yaml").write_text("x: 1", encoding="utf-8")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "a", "metadata": {}, "outputs": [],
                     "source": "print(6 * 7)"}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "my page.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    return folder


def test_index_lists_pages_and_lessons_and_opens_them(teacher: Path) -> None:
    notebooks, lessons = folder_contents(teacher)
    assert [p.name for p in notebooks] == ["my page.ipynb"]
    assert [p.relative_to(teacher).as_posix() for p in lessons] == ["broken.yaml", "week1/trading.yaml"]
    index = FolderIndex(teacher, link_prefix="lessons/")
    assert 'href="lessons/my%20page.ipynb"' in index.head.value and "Lessons in this folder" in index.head.value
    index.set_lang("hu")
    assert "A mappa leckéi" in index.head.value and index.pick.description == "Lecke:"
    index.pick.value = str(teacher / "week1" / "trading.yaml")
    (shown,) = index.shown.children
    assert "beannb-walkthrough" in shown._dom_classes
    index.pick.value = str(teacher / "broken.yaml")
    (shown,) = index.shown.children
    assert "nem nyitható meg" in shown.value and "broken.yaml" in shown.value


def test_a_named_folder_is_never_replaced_by_another(teacher: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(FileNotFoundError, match="generated index"):
        app.find_notebook_dir(teacher)
    monkeypatch.setenv(app.NOTEBOOK_DIR_ENV, str(teacher / "nowhere"))
    with pytest.raises(FileNotFoundError, match="no such folder"):
        app.serving_root()
    monkeypatch.setenv(app.NOTEBOOK_DIR_ENV, str(teacher))
    root, scratch = app.serving_root()
    try:
        assert scratch == root and (root / "lessons").resolve() == teacher.resolve()
        assert (root / app.LANDING_NOTEBOOK).is_file()
    finally:
        shutil.rmtree(root)
    assert sorted(p.name for p in teacher.iterdir()) == [".hidden", "broken.yaml", "my page.ipynb", "week1"]


def test_beannb_app_folder_serves_the_index_and_the_teachers_pages(teacher: Path, tmp_path: Path) -> None:
    port = app.free_port()
    log = open(tmp_path / "app.log", "w+")
    proc = subprocess.Popen([sys.executable, "-m", "beannb", "app", str(teacher), "--port", str(port)],
                            cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        base = app.base_url(port)
        app.wait_until_ready(base + "voila/static/favicon.ico", timeout=120, proc=proc)
        with urllib.request.urlopen(base + "voila/render/00_start.ipynb", timeout=120) as r:
            index = r.read().decode("utf-8")
        assert "application/vnd.jupyter.widget-view+json" in index and '"output_type": "error"' not in index
        page_url = base + "voila/render/lessons/" + urllib.parse.quote("my page.ipynb")
        with urllib.request.urlopen(page_url, timeout=120) as r:
            assert "42" in r.read().decode("utf-8")
        log.seek(0)
        assert f"serving {teacher.resolve()} (with a generated index)" in log.read()
    finally:
        app.stop_voila(proc)
        log.close()
    assert sorted(p.name for p in teacher.iterdir()) == [".hidden", "broken.yaml", "my page.ipynb", "week1"]


def test_the_folder_index_lists_lessons_by_title_in_the_readers_language(tmp_path: Path) -> None:
    from beannb.widgets.folder import FolderIndex

    shutil.copy(find("bohnanza/lesson_03_trading"), tmp_path / "trading.yaml")
    (tmp_path / "untitled.yaml").write_text("game: bohnanza\nplayers: [Ann, Bob, Cid]\nsteps: []\n", encoding="utf-8")
    index = FolderIndex(tmp_path)
    assert [label for label, _ in index.pick.options] == ["Lesson 3: trading — who may deal, and with what", "untitled.yaml"]
    index.set_lang("hu")
    assert [label for label, _ in index.pick.options][0] == "3. lecke: kereskedés — ki kivel és mivel cserélhet"
