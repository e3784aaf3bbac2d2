"""The site build's own pieces, without network or browser: wheels, the lock, the checks."""
from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

from beannb import site


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
