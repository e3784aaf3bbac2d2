"""The site build's own pieces, without network or browser: wheels, the lock, the checks."""
from __future__ import annotations

import gzip
import hashlib
import json
import zipfile
from pathlib import Path

from beannb import site


def unpack_bundle(data: bytes) -> tuple[list[tuple[str, str, bytes]], list[str]]:
    """The inverse of :func:`beannb.site.pack_bundle`: what site_boot.js does in the browser."""
    raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    assert raw[:4] == site.BUNDLE_MAGIC, "not a beannb package bundle"
    size = int.from_bytes(raw[4:8], "little")
    header = json.loads(raw[8: 8 + size])
    out, offset = [], 8 + size
    for root, rel, n in header["files"]:
        out.append((root, rel, raw[offset: offset + n]))
        offset += n
    return out, header.get("path", [])


def test_written_wheel_is_pure_and_recorded(tmp_path: Path) -> None:
    whl = site.write_wheel(tmp_path / "demo-1.0-py3-none-any.whl", "demo", "1.0", {"demo/__init__.py": b"X = 1\n"},
                           data={"share/demo/a.yaml": b"a: 1\n"})
    with zipfile.ZipFile(whl) as zf:
        names = zf.namelist()
        assert "demo/__init__.py" in names and "demo-1.0.data/data/share/demo/a.yaml" in names
        assert "Tag: py3-none-any" in zf.read("demo-1.0.dist-info/WHEEL").decode()
        record = zf.read("demo-1.0.dist-info/RECORD").decode()
    assert all(n in record for n in names)


def test_lock_lists_exactly_the_bundled_wheels(tmp_path: Path) -> None:
    a = site.write_wheel(tmp_path / "Demo_Pkg-2.0-py3-none-any.whl", "Demo_Pkg", "2.0", {"demo_pkg/__init__.py": b""})
    stub = site.write_wheel(tmp_path / "sqlite3-1.0.0-py3-none-any.whl", "sqlite3", "1.0.0", {})
    lock = site.lock_file({"info": {"python": "3.13"}}, [a, stub])
    assert sorted(lock["packages"]) == ["demo-pkg", "sqlite3"]
    entry = lock["packages"]["demo-pkg"]
    assert entry["file_name"] == a.name and entry["imports"] == ["demo_pkg"]
    assert entry["sha256"] == hashlib.sha256(a.read_bytes()).hexdigest()
    assert lock["packages"]["sqlite3"]["install_dir"] == "stdlib"


def test_offhost_urls_in_the_site_config_are_reported(tmp_path: Path) -> None:
    cfg = {"jupyter-config-data": {"litePluginSettings": {site.KERNEL_PLUGIN: {
        "pyodideUrl": "https://cdn.jsdelivr.net/pyodide/v0.29.3/full/pyodide.js", "pipliteUrls": []}}}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(cfg))
    assert site.offhost_references(tmp_path) == [
        'jupyter-lite.json: pyodideUrl = "https://cdn.jsdelivr.net/pyodide/v0.29.3/full/pyodide.js"']
    cfg["jupyter-config-data"]["litePluginSettings"][site.KERNEL_PLUGIN]["pyodideUrl"] = "./static/pyodide/pyodide.js"
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(cfg))
    assert site.offhost_references(tmp_path) == []


def test_the_pins_are_exact() -> None:
    for line in site.TOOLS_REQUIREMENTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            assert "==" in line, line
    assert all(v for _n, v in site.pinned_wheels())


def test_pages_load_python_through_the_reporting_scripts(tmp_path: Path) -> None:
    """Each page's kernel starts from the boot script (it names a file that does not load),
    and each notebook page runs the loading script before Voici's own."""
    lite = tmp_path / "lite"
    lite.mkdir()
    (lite / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"litePluginSettings": {
        site.KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}))
    out = tmp_path / "site"
    (out / "voici" / "render").mkdir(parents=True)
    (out / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {}}))
    config = {"litePluginSettings": {}, "notebookSrc": {"cells": []}}
    (out / "voici" / "render" / "01_x.html").write_text(
        '<html><body><script id="jupyter-config-data" type="application/json">' + json.dumps(config)
        + '</script>\n<script src="../build/voici.js"></script></body></html>')
    site.configure_kernel(out, lite)
    page = (out / "voici" / "render" / "01_x.html").read_text()
    assert f'"pyodideUrl": "../../static/pyodide/{site.BOOT_SCRIPT}"' in page
    assert page.index(f'<script src="../../static/{site.LOADING_SCRIPT}"></script>') < page.index("voici.js")
    top = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"]
    assert top[site.KERNEL_PLUGIN]["pyodideUrl"] == f"./static/pyodide/{site.BOOT_SCRIPT}"
    assert site.offhost_references(out) == []


def test_the_loading_messages_exist_in_both_languages() -> None:
    import re

    text = (site.FRONT / "site_loading.js").read_text()
    blocks = dict(re.findall(r"\n    (en|hu): \{(.*?)\n    \}", text, re.S))
    keys = {lang: set(re.findall(r"^\s+(\w+): \"", body, re.M)) for lang, body in blocks.items()}
    assert set(keys) == {"en", "hu"} and keys["en"] == keys["hu"] and "failed_file" in keys["en"]


def test_site_phases_split_a_load_and_skip_missing_marks() -> None:
    from beannb.bench.site import site_phases

    phases = site_phases({"worker": 900, "python": 2700, "installed": 2800, "kernel": 3600, "shown": 4700}, 4950)
    assert list(phases.values()) == [900, 1800, 100, 800, 1100, 250]
    assert len(site_phases({"worker": 900}, 4000)) == 1


def test_stand_ins_keep_the_kernel_names_and_drop_the_unused_wheels(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(site, "CACHE", tmp_path)
    names = {site._canonical(site._wheel_name_version(w)[0]) for w in site.stub_wheels()}
    assert {"jedi", "micropip", "piplite", "sqlite3"} <= names
    piplite = next(w for w in site.stub_wheels() if w.name.startswith("piplite-"))
    with zipfile.ZipFile(piplite) as zf:
        code = zf.read("piplite/piplite.py").decode()
    assert "_PIPLITE_DISABLE_PYPI" in code and "async def install" in code
    assert site.page_packages({"packages": ["beannb", "networkx"]}, "01_bohnanza.ipynb") == {"packages": ["beannb"]}
    assert site.page_packages({"packages": ["beannb", "networkx"]}, "04_bohnaparte.ipynb")["packages"] == [
        "beannb", "networkx"]


def test_the_bundle_holds_a_zip_of_the_modules_and_the_data_files(tmp_path: Path) -> None:
    a = site.write_wheel(tmp_path / "demo-1.0-py3-none-any.whl", "demo", "1.0", {
        "demo/__init__.py": b"X = 1\n", "demo/__pycache__/__init__.cpython-313.pyc": b"pyc",
        "demo/sub/mod.pyc": b"sourceless"}, data={"share/demo/lesson.yaml": b"a: 1\n"})
    b = site.write_wheel(tmp_path / "Other_Pkg-2.0-py3-none-any.whl", "Other_Pkg", "2.0", {"other.py": b""})
    out = tmp_path / "out"
    out.mkdir()
    option, data = site.write_bundle([a, b], out)
    assert option["packages"] == ["demo", "other-pkg"]
    written = out / option["file"]
    assert written.read_bytes() == data and option["file"].startswith("packages-")
    assert option["integrity"] == "sha256-" + site.base64.b64encode(hashlib.sha256(data).digest()).decode()
    files, path = unpack_bundle(data)
    assert path == [site.MODULES_ZIP]
    by_name = {(root, rel): body for root, rel, body in files}
    assert by_name[("prefix", "share/demo/lesson.yaml")] == b"a: 1\n"
    with zipfile.ZipFile(__import__("io").BytesIO(by_name[("site", site.MODULES_ZIP)])) as zf:
        names = set(zf.namelist())
        # Compiled beside its source, where an import from a zip looks for it.
        assert zf.read("demo/__init__.pyc") == b"pyc"
    assert {"demo/__init__.py", "demo/sub/mod.pyc", "other.py", "demo-1.0.dist-info/METADATA"} <= names
    assert not any("__pycache__" in n or ".data/" in n for n in names)
    # Compressed or not, it reads the same (site_boot.js checks the gzip signature).
    assert unpack_bundle(site.pack_bundle(files, path, compress=True)) == (files, path)


def test_the_snapshot_imports_what_the_notebooks_import(tmp_path: Path) -> None:
    nb = tmp_path / "x.ipynb"
    nb.write_text(json.dumps({"cells": [
        {"cell_type": "code", "source": ["import ipywidgets as W\n", "from beannb.widgets.page import Prose\n"]},
        {"cell_type": "markdown", "source": ["import nothing"]},
        {"cell_type": "code", "source": ["from . import relative\n", "%magic not python\n"]},
        {"cell_type": "code", "source": ["import a.b, c\n", "from dataclasses import replace"]},
    ]}))
    assert site.notebook_imports([nb]) == ["ipywidgets", "beannb.widgets.page", "a.b", "c", "dataclasses"]
