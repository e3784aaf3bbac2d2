"""The browser-only site (``beannb site``, ``make site``): the app as static files.

Voici turns the notebooks into pages whose kernel is Python compiled to WebAssembly
(Pyodide) running in the learner's browser, so any static file host serves the app. The
build runs from a checkout (``make site``) or from a pip install (``beannb site``) and
fetches only from the package registries, into a cache that later builds reuse (a
checkout's ``.cache/site/``, else the user's cache folder, ``~/.cache/beannb/site``;
nothing is fetched when everything is there); the site goes into ``_site/`` of the current
folder. ``beannb site FOLDER`` adds a teacher's lessons (and notebooks) from FOLDER: one
page lists them, and the landing page links to it.

* the site tools (Voici, JupyterLite, the Pyodide kernel, the widget front ends), pinned
  in ``site/pins/site-requirements.txt``, go into their own virtualenv (a checkout's
  ``.venv-site/``, else ``venv/`` in the cache);
* the Pyodide core (``pyodide.js``, ``pyodide.asm.wasm``, ``python_stdlib.zip``) is the
  npm package ``pyodide`` at :data:`PYODIDE_VERSION`, the version the kernel is built for;
* every package the pages import in the browser is a pure-Python wheel pinned in
  ``site/pins/site-wheels.txt`` (PyYAML's pure part is repackaged from its source release),
  plus beannb itself, packed at build time from the package that runs the build (a
  checkout's, or the installed one) with the built-in lessons and a teacher's;
* the wheels every page needs go into one file, a zip Python imports from as is (see "one
  file for the packages" below), loaded at start from ``_site/static/pyodide/``; the
  packages only some pages import (:data:`PAGE_ONLY_PACKAGES`) stay wheels, listed with
  their hashes in a Pyodide lock file written here; PyPI fallback is off; packages the
  pages never use (jedi, micropip...) are left out, with empty stand-ins where the kernel
  insists on a name (:data:`NOT_IN_BROWSER`);
* the wheels and the standard library are compiled to bytecode at build time by the
  browser's own Python (Pyodide under Node), so pages do not compile them at each start;
* with Node, the build also saves a memory snapshot of that Python with the pages'
  modules imported, from which each page starts its Python;
* the kernel's worker starts from ``beannb-boot.js`` and each page runs
  ``beannb-loading.js`` (both in ``beannb/widgets/front/``): the page shows how far the
  start got, in its language, and names any file that did not load.

Nothing in the built site names another host: :func:`offhost_references` checks that.

Where something the build needs is missing (npm to fetch the Pyodide core, Python's venv,
the notebooks a wheel installs, a teacher's folder), ``beannb site`` says what and how to
get it, and exits with status 2 (:func:`missing_inputs`).

This module uses the standard library only (and ``core.paths``, which does too); the tools
run as subprocesses.
"""
from __future__ import annotations

import argparse
import base64
import csv
import functools
import gzip
import hashlib
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from importlib import resources
from pathlib import Path
from typing import IO, Iterable, Optional, Sequence, Union

from .._version import __version__
from ..core.paths import installed_data_dirs

#: The package that runs the build (beannb/): its sources go into the site.
PACKAGE = Path(__file__).resolve().parent.parent
#: The repository, when the package runs from a checkout (``make site``).
REPO = PACKAGE.parent
IN_CHECKOUT = (REPO / "pyproject.toml").is_file() and (REPO / "notebooks").is_dir()


def _shipped(name: str) -> Path:
    """A folder a wheel installs under ``share/beannb`` (the first that exists, else the first place looked)."""
    places = installed_data_dirs(name)
    return next((p for p in places if p.is_dir()), places[0])


NOTEBOOKS = REPO / "notebooks" if IN_CHECKOUT else _shipped("notebooks")
SCENARIOS = REPO / "scenarios" if IN_CHECKOUT else _shipped("scenarios")
#: The site, relative to the current folder (a checkout's ``make site`` runs at its root).
SITE = Path("_site")
CACHE = (REPO / ".cache" / "site" if IN_CHECKOUT
         else Path(os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")) / "beannb" / "site")
TOOLS_VENV = REPO / ".venv-site" if IN_CHECKOUT else CACHE / "venv"
TOOLS_PYTHON = TOOLS_VENV / "bin" / "python"
PINS = PACKAGE / "site" / "pins"
TOOLS_REQUIREMENTS = PINS / "site-requirements.txt"
BROWSER_WHEELS = PINS / "site-wheels.txt"
TEMPLATE_PATH = PACKAGE / "data" / "jupyter"
#: A teacher's lessons: the page listing them (``lessons.ipynb``, at the landing page's side),
#: the folder of the teacher's own pages beside it, and where the site's beannb finds the
#: lessons (``<prefix>/share/beannb/lessons``, as ``core.paths.shipped_lessons`` looks).
LESSONS = "lessons"
LESSON_SUFFIXES = (".yaml", ".yml")

#: The Pyodide core bundled (npm package ``pyodide``). jupyterlite-pyodide-kernel 0.7.2 is
#: built and tested against Pyodide 0.29.3 (Python 3.13); Voici 0.10 needs that kernel line.
PYODIDE_VERSION = "0.29.3"
BROWSER_PYTHON = "3.13"
PYYAML_VERSION = "6.0.4"
#: The files of the npm package the site needs (the rest are docs, maps and type stubs).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_WHEELS = TOOLS_VENV / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
#: The kernel's own wheels to bundle (the other stub, widgetsnbextension 3.x, is for ipywidgets 7).
KERNEL_WHEEL_NAMES = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
SITE_SIZE_LIMIT_MB = 60
#: The kernel's wheels not wanted in the browser: piplite installs packages at run time (this
#: site installs nothing); a small stand-in takes its place. jedi, parso, micropip and
#: packaging are not pinned at all: jedi (completion in an editor; the pages have none) is
#: imported by IPython only if it is there, micropip and packaging only by run-time installs.
#: Empty ``jedi`` and ``micropip`` wheels stand in where the kernel insists on the names
#: (and should they be pinned again, they are still left out).
NOT_IN_BROWSER = ("jedi", "parso", "micropip", "packaging", "piplite")
#: Packages only some pages import, by notebook: the other pages start without them (they
#: stay in the lock). networkx is the Bohnaparte map.
PAGE_ONLY_PACKAGES = {"networkx": ("04_bohnaparte.ipynb",)}
FRONT = PACKAGE / "widgets" / "front"
#: The kernel worker's first script (loads the Pyodide core, reports the start to the page);
#: it sits next to pyodide.js, where the kernel's ``pyodideUrl`` setting points.
BOOT_SCRIPT = "beannb-boot.js"
#: The page's script: the start's progress and, when a file does not load, which one.
LOADING_SCRIPT = "beannb-loading.js"
HOST = "127.0.0.1"


@functools.lru_cache(maxsize=None)
def _script(name: str) -> str:
    """A script the build runs or ships (``site/scripts``: package data, not modules of beannb)."""
    return resources.files(__name__).joinpath("scripts", name).read_text("utf-8")


class SiteInputsUnavailable(RuntimeError):
    """A build input could not be fetched (no registry reachable) and is not cached."""


class SiteBuildError(RuntimeError):
    """The inputs were there but the build itself failed (a bug to fix, not a skip)."""


def log(message: str) -> None:
    print(f"beannb site: {message}", file=sys.stderr, flush=True)


def _run(cmd: Sequence[str], what: str, env: Optional[dict] = None, cwd: Optional[Path] = None,
         error: type = SiteInputsUnavailable) -> str:
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=env, cwd=cwd)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
        raise error(f"{what} failed (exit {proc.returncode}):\n{tail}")
    return proc.stdout


# -- inputs ------------------------------------------------------------------------------

def ensure_tools() -> Path:
    """``.venv-site/`` with the pinned site tools; reinstalled when the pins change."""
    stamp = TOOLS_VENV / ".beannb-site-tools"
    want = hashlib.sha256(TOOLS_REQUIREMENTS.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text().strip() == want and TOOLS_PYTHON.exists():
        return TOOLS_PYTHON
    log(f"installing the site tools into {TOOLS_VENV} (pinned in {TOOLS_REQUIREMENTS.name}; needs PyPI once)")
    if not TOOLS_PYTHON.exists():
        _run([sys.executable, "-m", "venv", TOOLS_VENV], "creating the site tools' virtualenv")
    _run([TOOLS_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", TOOLS_REQUIREMENTS],
         f"installing the site tools (pip install -r {TOOLS_REQUIREMENTS}; needs PyPI: are you online?)")
    stamp.write_text(want + "\n")
    return TOOLS_PYTHON


def pyodide_tarball() -> Path:
    """The npm package ``pyodide`` (the core), fetched once with ``npm pack``."""
    dest = CACHE / "npm"
    tgz = dest / f"pyodide-{PYODIDE_VERSION}.tgz"
    if tgz.exists():
        return tgz
    if shutil.which("npm") is None:
        raise SiteInputsUnavailable(NEED_NPM + f" (the Pyodide core is not cached in {tgz.parent})")
    dest.mkdir(parents=True, exist_ok=True)
    log(f"fetching the Pyodide core: npm pack pyodide@{PYODIDE_VERSION}")
    _run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", dest, "--silent"],
         f"npm pack pyodide@{PYODIDE_VERSION} (needs the npm registry)")
    if not tgz.exists():
        raise SiteInputsUnavailable(f"npm pack did not write {tgz.name}")
    return tgz


def pinned_wheels() -> list[tuple[str, str]]:
    """(name, version) of every line of ``tools/site-wheels.txt``."""
    out = []
    for line in BROWSER_WHEELS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            out.append((name.strip(), version.strip()))
    return out


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name[: -len(".whl")].split("-")
    return parts[0], parts[1]


def browser_wheels() -> list[Path]:
    """The pinned pure-Python wheels, downloaded from PyPI once into the cache."""
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    pins = pinned_wheels()

    def have() -> dict[tuple[str, str], Path]:
        return {(_canonical(n), v): p for p in dest.glob("*-none-any.whl") for n, v in [_wheel_name_version(p)]}

    missing = [f"{n}=={v}" for n, v in pins if (_canonical(n), v) not in have()]
    if missing:
        log(f"downloading {len(missing)} wheel(s) for the browser from PyPI")
        _run([TOOLS_PYTHON, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
              "--only-binary", ":all:", "--platform", "any", "--implementation", "py", "--abi", "none",
              "--python-version", BROWSER_PYTHON, "-d", dest, *missing], "pip download (needs PyPI)")
    found = have()
    out = []
    for n, v in pins:
        if (_canonical(n), v) not in found:
            raise SiteInputsUnavailable(f"no pure-Python wheel {n}=={v} in {dest}")
        out.append(found[(_canonical(n), v)])
    return out + [pyyaml_wheel()]


def pyyaml_wheel() -> Path:
    """PyYAML's pure-Python part as a wheel: PyPI has compiled wheels only, and beannb falls
    back to the pure loaders when the C one is absent."""
    dest = CACHE / "wheels"
    whl = dest / f"PyYAML-{PYYAML_VERSION}-py3-none-any.whl"
    if whl.exists():
        return whl
    sdist_dir = CACHE / "sdist"
    sdist = sdist_dir / f"pyyaml-{PYYAML_VERSION}.tar.gz"
    if not sdist.exists():
        log(f"downloading PyYAML {PYYAML_VERSION}'s source release from PyPI")
        _run([TOOLS_PYTHON, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
              "--no-binary", ":all:", "-d", sdist_dir, f"pyyaml=={PYYAML_VERSION}"],
             "pip download pyyaml (needs PyPI)")
    files: dict[str, bytes] = {}
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if member.isfile() and parts[1:3] == ["lib", "yaml"] and member.name.endswith(".py"):
                files["yaml/" + "/".join(parts[3:])] = tar.extractfile(member).read()
    if "yaml/__init__.py" not in files:
        raise SiteInputsUnavailable(f"{sdist.name} has no lib/yaml/ package")
    write_wheel(whl, "PyYAML", PYYAML_VERSION, files, summary="YAML parser and emitter (pure-Python part)")
    return whl


def write_wheel(path: Path, name: str, version: str, files: dict[str, bytes], summary: str = "",
                data: Optional[dict[str, bytes]] = None) -> Path:
    """A minimal py3-none-any wheel holding ``files`` (and ``data`` under its .data folder)."""
    dist = f"{name.replace('-', '_')}-{version}"
    entries = dict(sorted(files.items()))
    for rel, body in sorted((data or {}).items()):
        entries[f"{dist}.data/data/{rel}"] = body
    entries[f"{dist}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n").encode()
    entries[f"{dist}.dist-info/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: beannb.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for rel, body in entries.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
        writer.writerow([rel, f"sha256={digest}", len(body)])
    writer.writerow([f"{dist}.dist-info/RECORD", "", ""])
    entries[f"{dist}.dist-info/RECORD"] = record.getvalue().encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    _write_zip(tmp, entries.items())
    tmp.replace(path)
    return path


def _write_zip(target: Union[Path, IO[bytes]], entries: Iterable[tuple[str, bytes]], **kw: int) -> None:
    """``entries`` (path, contents) zipped into ``target`` with fixed dates and modes: the same
    files make the same bytes."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, **kw) as zf:
        for rel, body in entries:
            info = zipfile.ZipInfo(rel, date_time=(2020, 2, 2, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, body)


def teacher_files(folder: Optional[Path]) -> list[Path]:
    """A teacher's lessons and pages in ``folder`` (hidden and ``_`` folders skipped), sorted."""
    if folder is None:
        return []

    def visible(p: Path) -> bool:
        return not any(part.startswith((".", "_")) for part in p.relative_to(folder).parts)

    return sorted(p for p in folder.rglob("*") if p.is_file() and visible(p) and ".ipynb_checkpoints" not in p.parts
                  and p.suffix in (*LESSON_SUFFIXES, ".ipynb"))


def beannb_wheel(lessons: Optional[Path] = None) -> Path:
    """beannb as the package running the build has it (code, package data, the built-in lessons),
    with a teacher's lessons and pages from ``lessons`` (under ``share/beannb/lessons``)."""
    files: dict[str, bytes] = {}
    for p in sorted(PACKAGE.rglob("*")):
        # Not bytecode, nor a binary module: the browser runs the sources.
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo", ".so", ".pyd"):
            files[p.relative_to(PACKAGE.parent).as_posix()] = p.read_bytes()
    # The lessons' scenario files, where an installed beannb looks for them (<prefix>/share/beannb).
    data = {f"share/beannb/scenarios/{p.relative_to(SCENARIOS).as_posix()}": p.read_bytes()
            for p in sorted(SCENARIOS.rglob("*")) if p.is_file() and p.suffix in (".yaml", ".yml", ".json")}
    for p in teacher_files(lessons):
        data[f"share/beannb/{LESSONS}/{p.relative_to(lessons).as_posix()}"] = p.read_bytes()
    return write_wheel(CACHE / "build" / f"beannb-{__version__}-py3-none-any.whl", "beannb", __version__, files,
                       summary="Learn Bohnanza and its expansions by playing them", data=data)


_PIPLITE_STUB = {name: _script(name).encode() for name in ("piplite/__init__.py", "piplite/piplite.py")}


def stub_wheels() -> list[Path]:
    """The stand-ins of :data:`NOT_IN_BROWSER`, and an empty ``sqlite3`` for Pyodide's compiled
    module, which the kernel asks for (IPython keeps its history in memory without it)."""
    stubs = [("sqlite3", "1.0.0", {}, "no sqlite3"), ("jedi", "0.0.0", {}, "no jedi completion"),
             ("micropip", "0.0.0", {}, "no run-time installs"),
             ("piplite", "0.0.0", _PIPLITE_STUB, "no run-time installs")]
    return [write_wheel(CACHE / "build" / f"{name}-{version}-py3-none-any.whl", name, version, files,
                        summary=f"placeholder: {what} in the browser") for name, version, files, what in stubs]


def kernel_wheels() -> list[Path]:
    found = sorted(KERNEL_WHEELS.glob("*.whl"))
    out = [p for p in found if any(p.name.startswith(k + ("" if k.endswith("4") else "-")) for k in KERNEL_WHEEL_NAMES)]
    if len(out) != len(KERNEL_WHEEL_NAMES):
        raise SiteInputsUnavailable(f"the Pyodide kernel's wheels are missing from {KERNEL_WHEELS}")
    return out


def _top_level(whl: Path) -> list[str]:
    with zipfile.ZipFile(whl) as zf:
        names = {n.split("/")[0] for n in zf.namelist()}
    return sorted(n[:-3] if n.endswith(".py") else n for n in names
                  if not n.endswith((".dist-info", ".data")) and (n.endswith(".py") or "." not in n))


def lock_file(core_lock: dict, wheels: Iterable[Path]) -> dict:
    """A Pyodide lock listing exactly ``wheels`` (all loaded at kernel start, so no
    dependency is left to resolve in the browser)."""
    packages = {}
    for whl in wheels:
        name, version = _wheel_name_version(whl)
        key = _canonical(name)
        stdlib = key == "sqlite3"
        packages[key] = {
            "name": key, "version": version, "file_name": whl.name,
            "install_dir": "stdlib" if stdlib else "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(),
            "package_type": "cpython_module" if stdlib else "package",
            "imports": [] if stdlib else _top_level(whl),
            "depends": [], "unvendored_tests": False, "shared_library": False,
        }
    return {"info": core_lock["info"], "packages": dict(sorted(packages.items()))}


# -- the build ---------------------------------------------------------------------------

def stage_lite_dir(wheels: Sequence[Path], notebooks: Optional[Sequence[Path]] = None) -> Path:
    """The JupyterLite source folder: the Pyodide core with our wheels and lock, and the
    settings that keep every request on the site's own host."""
    lite = CACHE / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    with tarfile.open(pyodide_tarball()) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            (pyodide / name).write_bytes(tar.extractfile(member).read())
        core_lock = json.load(tar.extractfile(tar.getmember("package/pyodide-lock.json")))
    (pyodide / "pyodide-lock.json").write_text(json.dumps(core_lock))
    wheels = precompiled(wheels, pyodide)
    in_bundle = [w for w in wheels if _canonical(_wheel_name_version(w)[0]) not in PAGE_ONLY_PACKAGES]
    separate = [w for w in wheels if w not in in_bundle]
    bundle, data = write_bundle(in_bundle, pyodide)
    pages = sorted(NOTEBOOKS.glob("*.ipynb")) if notebooks is None else notebooks
    snapshot = make_snapshot(pyodide, data, [*SNAPSHOT_IMPORTS, *notebook_imports(pages)], pyodide)
    if snapshot:
        bundle["snapshot"] = snapshot
    for whl in separate:
        shutil.copy2(whl, pyodide / whl.name)
    shutil.copy2(FRONT / "site_boot.js", pyodide / BOOT_SCRIPT)
    lock = lock_file(core_lock, separate)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    names = sorted({_canonical(_wheel_name_version(w)[0]) for w in wheels})
    settings = {
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": names, BUNDLE_OPTION: bundle},
    }
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}},
    }, indent=2) + "\n")
    return lite


# -- one file for the packages every page needs --------------------------------------------
#
# Pyodide would fetch each wheel and unpack it with Python's zipfile (thousands of files:
# more than a second of a page's start). The build instead puts the modules of all the
# wheels every page needs into one zip that Python imports from directly (as it does the
# standard library), inside a bundle file that the kernel's worker (site_boot.js) starts
# fetching before the WebAssembly runtime is up and writes into Python's file system as
# is: no Python runs for it. The bundle's format: b"BNBP", the header's length (4 bytes,
# little-endian), the header (JSON: {"files": [[root, path, size], ...], "path": [...]};
# root "site" is site-packages, "prefix" is where a wheel's data files go; "path" lists
# the files, under site-packages, to put on sys.path) and the files' contents one after
# the other; the whole may be gzip-compressed.
#
# When Node is there, the build also starts Python once with that bundle, imports what
# the pages import (IPython, ipywidgets, beannb...) and saves Python's memory: a Pyodide
# memory snapshot (``_makeSnapshot``/``_loadSnapshot``, Pyodide 0.29). A page then starts
# Python from that memory instead of starting it and importing all of it again.

#: The option (in the kernel's ``loadPyodideOptions``) that names the bundle for site_boot.js.
BUNDLE_OPTION = "beannbBundle"
BUNDLE_MAGIC = b"BNBP"
#: The zip with the modules, in site-packages and on sys.path.
MODULES_ZIP = "beannb-packages.zip"
#: What ``import pyodide_kernel`` imports (pyodide_kernel itself starts the kernel: it is
#: left to the page) and what the kernel imports when it runs code.
SNAPSHOT_IMPORTS = (
    "IPython", "IPython.core.application", "IPython.core.history", "IPython.core.interactiveshell",
    "IPython.core.shellapp", "IPython.core.displayhook", "IPython.core.displaypub", "IPython.display",
    "IPython.utils.tokenutil", "IPython.core.completer", "IPython.core.inputtransformer2",
    "IPython.core.magics", "IPython.core.formatters", "comm", "traitlets", "traitlets.config",
    "getpass", "shlex", "binascii", "numbers", "ipywidgets", "anywidget",
)
#: The games whose pages the snapshot warms: each with a rules catalogue in the package
#: (``data/rules/<game>.yaml``); the site build does not import the games' registry.
_GAMES = tuple(sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "data" / "rules").glob("*.yaml")))
#: Data the pages read as they open, read into the snapshot too (module, function, the
#: arguments of each call): functions that cache their result (lru_cache), such as the
#: rules catalogues, parsed from YAML by the slow pure-Python loader (one parse per game,
#: shared by the catalogue, its sections and the game's title).
SNAPSHOT_WARM = (
    ("beannb.i18n.catalogue", "catalogue", [(g,) for g in _GAMES]),
    ("beannb.widgets.progress", "exercise_ids", [(g,) for g in _GAMES]),
    ("beannb.widgets.front", "asset", [("touch.js",), ("touch.css",)]),
    # The kernel parses a date as it starts: the first strptime builds its tables (0.3 s).
    ("time", "strptime", [("2000", "%Y")]),
)


def bundle_files(wheels: Iterable[Path]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """(site-packages files, data files) the wheels install, by path. Bytecode compiled
    beside its source (``__pycache__/x.<tag>.pyc``) moves to ``x.pyc``, where imports from
    a zip look for it."""
    site: dict[str, bytes] = {}
    prefix: dict[str, bytes] = {}
    for whl in wheels:
        with zipfile.ZipFile(whl) as zf:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                first, _, rest = info.filename.partition("/")
                if first.endswith(".data"):
                    kind, _, rel = rest.partition("/")
                    if kind == "data" and rel:
                        prefix[rel] = zf.read(info)
                    elif kind in ("purelib", "platlib") and rel:
                        site[rel] = zf.read(info)
                    continue  # scripts and headers: nothing a page uses
                name = info.filename
                m = re.fullmatch(r"(.*/)?__pycache__/([^/.]+)\.[^/]+\.pyc", name)
                if m:
                    name = (m.group(1) or "") + m.group(2) + ".pyc"
                site[name] = zf.read(info)
    return site, prefix


def pack_bundle(files: Sequence[tuple[str, str, bytes]], path: Sequence[str] = (), compress: bool = False) -> bytes:
    header = json.dumps({"files": [[root, rel, len(body)] for root, rel, body in files], "path": list(path)},
                        separators=(",", ":")).encode()
    raw = b"".join([BUNDLE_MAGIC, len(header).to_bytes(4, "little"), header, *(body for _r, _p, body in files)])
    return gzip.compress(raw, compresslevel=9, mtime=0) if compress else raw


def _hashed(dest: Path, stem: str, data: bytes) -> dict:
    """``data`` written to ``dest`` under a name carrying its hash (a browser never keeps
    an old one); its name and integrity (for fetch)."""
    digest = hashlib.sha256(data).digest()
    name = f"{stem}-{digest.hex()[:12]}.bin"
    (dest / name).write_bytes(data)
    return {"file": name, "integrity": "sha256-" + base64.b64encode(digest).decode()}


def write_bundle(wheels: Sequence[Path], dest: Path) -> tuple[dict, bytes]:
    """The bundle of ``wheels`` in ``dest``; returns the kernel option site_boot.js reads
    and the bundle's bytes."""
    site, prefix = bundle_files(wheels)
    buf = io.BytesIO()
    _write_zip(buf, sorted(site.items()), compresslevel=9)
    files = [("site", MODULES_ZIP, buf.getvalue()), *(("prefix", rel, body) for rel, body in sorted(prefix.items()))]
    data = pack_bundle(files, [MODULES_ZIP])
    option = _hashed(dest, "packages", data)
    option["packages"] = sorted({_canonical(_wheel_name_version(w)[0]) for w in wheels})
    return option, data


def notebook_imports(notebooks: Iterable[Path] = ()) -> list[str]:
    """The modules the notebooks' code cells import (``from a.b import c``: a.b)."""
    import ast

    out: list[str] = []
    for nb in notebooks:
        for cell in json.loads(nb.read_text()).get("cells", []):
            if cell.get("cell_type") != "code":
                continue
            try:
                tree = ast.parse("".join(cell.get("source", [])))
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                         else [])
                out.extend(n for n in names if n not in out)
    return out


_SNAPSHOT_VERSION = "2"  # bump when _SNAPSHOT_PY or _SNAPSHOT_JS change: the cache is keyed on it

_SNAPSHOT_PY = _script("snapshot.py")

_SNAPSHOT_JS = _script("snapshot.mjs")


def make_snapshot(core: Path, bundle: bytes, modules: Sequence[str], dest: Path) -> Optional[dict]:
    """The memory snapshot of Python with ``bundle`` installed and ``modules`` imported, in
    ``dest`` (gzip-compressed); cached by content. None without Node."""
    node = shutil.which("node")
    if node is None:
        log("warning: Node is not installed: no memory snapshot (pages start slower)")
        return None
    spec = json.dumps({"modules": list(modules), "warm": SNAPSHOT_WARM})
    key = hashlib.sha256(bundle + (core / "pyodide.asm.wasm").read_bytes() + (core / "python_stdlib.zip").read_bytes()
                         + f"{spec}/{_SNAPSHOT_VERSION}/{_SNAPSHOT_PY}/{_SNAPSHOT_JS}".encode()).hexdigest()[:16]
    cached = CACHE / "snapshot" / key / "snapshot.gz"
    if not cached.exists():
        work = CACHE / "snapshot"
        shutil.rmtree(work, ignore_errors=True)
        cached.parent.mkdir(parents=True)
        log("making the memory snapshot of Python with the pages' modules imported (Pyodide under Node)")
        (work / "bundle.bin").write_bytes(bundle)
        (work / "snapshot.py").write_text(_SNAPSHOT_PY)
        (work / "snapshot.mjs").write_text(_SNAPSHOT_JS)
        raw = work / "snapshot.raw"
        _run([node, work / "snapshot.mjs", core, work / "bundle.bin", work / "snapshot.py", spec, raw],
             "making the memory snapshot", error=SiteBuildError)
        tmp = cached.with_suffix(".tmp")
        tmp.write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
        tmp.replace(cached)
        for leftover in ("bundle.bin", "snapshot.raw"):
            (work / leftover).unlink()
    data = cached.read_bytes()
    option = _hashed(dest, "snapshot", data)
    # Its size unpacked (the gzip trailer's last 4 bytes): site_boot.js unpacks it into one
    # buffer as it arrives. No "integrity" for it: a browser checks that only once the
    # whole file is there, and so could not unpack it while it arrives (a damaged file
    # fails its gzip check, or Pyodide's own).
    option["size"] = int.from_bytes(data[-4:], "little")
    del option["integrity"]
    return option


# -- bytecode compiled at build time ----------------------------------------------------
#
# Pyodide imports the wheels' .py files and compiles each one at every page start (IPython
# alone is hundreds of modules): the build compiles them once instead, with the CPython
# inside Pyodide itself (run by Node, which npm brings), so the bytecode is exactly the
# browser's. beannb keeps its sources (tracebacks show its lines) and gains unchecked-hash
# .pyc files in __pycache__, which the import system uses without looking at the source;
# the other wheels and the standard library's zip have each x.py replaced by x.pyc, as
# Pyodide ships its own packages (smaller downloads). Without Node all stay as they are.

_COMPILE_VERSION = "3"  # bump when _COMPILE_PY changes: the cache is keyed on it

_COMPILE_PY = _script("compile.py")

_COMPILE_JS = _script("compile.mjs")


def precompiled(wheels: Sequence[Path], core: Path) -> list[Path]:
    """``wheels`` with their modules compiled to bytecode by the browser's own Python (see
    above), and the same for the standard library in ``core`` (replaced in place); cached by
    content. Returns the wheels unchanged when Node is not there."""
    node = shutil.which("node")
    if node is None:
        log("warning: Node is not installed: the browser's Python modules are not precompiled (pages start slower)")
        return list(wheels)
    out_dir = CACHE / "pyc"
    out_dir.mkdir(parents=True, exist_ok=True)
    out, jobs = [], []
    stdlib = core / "python_stdlib.zip"
    for whl in [*wheels, stdlib]:
        key = hashlib.sha256(whl.read_bytes() + f"{PYODIDE_VERSION}/{_COMPILE_VERSION}".encode()).hexdigest()[:16]
        dst = out_dir / key / whl.name
        out.append(dst)
        if not dst.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            staged = dst.parent / ("src-" + whl.name)
            shutil.copy2(whl, staged)
            jobs.append((staged, dst, "cache" if whl.name.startswith("beannb-") else "sourceless"))
    if jobs:
        log(f"compiling {len(jobs)} wheel(s) to the browser's bytecode (Pyodide under Node)")
        (out_dir / "compile.py").write_text(_COMPILE_PY)
        (out_dir / "compile.mjs").write_text(_COMPILE_JS)
        spec = json.dumps([[f"/cache/{s.relative_to(CACHE).as_posix()}", f"/cache/{d.relative_to(CACHE).as_posix()}",
                            layout] for s, d, layout in jobs])
        _run([node, out_dir / "compile.mjs", core, CACHE, out_dir / "compile.py", spec],
             "compiling the browser's Python modules", error=SiteBuildError)
        for staged, dst, _layout in jobs:
            staged.unlink()
            dst.with_name(dst.name + ".tmp").replace(dst)
            dst.chmod(0o644)
    # Older compilations (beannb changes with every edit) are not kept.
    used = {dst.parent.name for dst in out}
    for entry in out_dir.iterdir():
        if entry.is_dir() and entry.name not in used:
            shutil.rmtree(entry, ignore_errors=True)
    shutil.copy2(out.pop(), stdlib)
    return out


#: The site's address opens the landing page (Voici's file list stays at voici/tree/).
LANDING_REDIRECT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>beannb</title>
<meta http-equiv="refresh" content="0; url=voici/render/00_start.html">
</head><body><p><a href="voici/render/00_start.html">beannb: learn Bohnanza by playing</a></p></body></html>
"""


def lessons_notebook() -> dict:
    """The page of a teacher's lessons: the folder the site's beannb holds them in
    (``share/beannb/lessons``), listed as ``beannb app FOLDER`` lists a folder, under the
    page's language switch."""
    source = ("import ipywidgets as W\n"
              "from beannb.core.paths import shipped_lessons\n"
              "from beannb.widgets.folder import FolderIndex\n"
              "from beannb.widgets.page import PageSwitch\n"
              f"W.VBox([PageSwitch(), FolderIndex(shipped_lessons(), link_prefix={LESSONS + '/'!r})])")
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "lessons-index", "metadata": {},
                   "outputs": [], "source": source}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def stage_contents(lessons: Optional[Path] = None) -> Path:
    """The pages to build: the notebooks, and with a teacher's folder the page listing its
    lessons (``lessons.ipynb``) and its own pages under ``lessons/``."""
    contents = CACHE / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    shutil.copytree(NOTEBOOKS, contents, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    if lessons is not None:
        (contents / f"{LESSONS}.ipynb").write_text(json.dumps(lessons_notebook(), indent=1) + "\n", encoding="utf-8")
        for page in (p for p in teacher_files(lessons) if p.suffix == ".ipynb"):
            target = contents / LESSONS / page.relative_to(lessons)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(page, target)
    return contents


def build(out: Path = SITE, lessons: Optional[Path] = None) -> Path:
    """Build the site into ``out`` (with a teacher's lessons from the folder ``lessons``);
    returns it. Raises :class:`SiteInputsUnavailable`."""
    started = time.monotonic()
    out = Path(out).resolve()
    ensure_tools()
    wanted = [w for w in [*browser_wheels(), *kernel_wheels()] if _canonical(_wheel_name_version(w)[0]) not in NOT_IN_BROWSER]
    wheels = [*wanted, *stub_wheels(), beannb_wheel(lessons)]
    contents = stage_contents(lessons)
    lite = stage_lite_dir(wheels, sorted(contents.rglob("*.ipynb")))
    tmp_out = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp_out, ignore_errors=True)
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join([str(TEMPLATE_PATH), os.environ.get("JUPYTER_PATH", "")]), "JUPYTER_PLATFORM_DIRS": "1"}
    log("running voici build")
    _run([TOOLS_VENV / "bin" / "voici", "build", "--lite-dir", lite, "--contents", contents, "--output-dir", tmp_out,
          "--template", "beannb", "--theme", "light", "--strip_sources", "True", "--show_tracebacks", "False",
          "--no-sourcemaps", "--no-unused-shared-packages", "--apps", "voici"],
         "voici build", env=env, cwd=CACHE, error=SiteBuildError)
    configure_kernel(tmp_out, lite)
    shutil.copy2(FRONT / "site_loading.js", tmp_out / "static" / LOADING_SCRIPT)
    patch_kernel_extension(tmp_out)
    (tmp_out / "index.html").write_text(LANDING_REDIRECT)
    problems = offhost_references(tmp_out)
    if problems:
        log("warning: files naming another host:\n  " + "\n  ".join(problems[:20]))
    shutil.rmtree(out, ignore_errors=True)
    tmp_out.replace(out)
    size = site_size_mb(out)
    log(f"built {out} in {time.monotonic() - started:.0f} s: {size:.1f} MB (limit {SITE_SIZE_LIMIT_MB} MB)")
    return out


def configure_kernel(site: Path, lite: Path) -> None:
    """Put our kernel settings into every ``jupyter-lite.json`` of the built site (the build
    merges the kernel's own defaults over the ones given in the lite folder)."""
    ours = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    for cfg in site.rglob("jupyter-lite.json"):
        data = json.loads(cfg.read_text())
        plugins = data.setdefault("jupyter-config-data", {}).setdefault("litePluginSettings", {})
        if cfg.parent != site and KERNEL_PLUGIN not in plugins:
            continue
        plugins[KERNEL_PLUGIN] = {**plugins.get(KERNEL_PLUGIN, {}), **ours,
                                  "pyodideUrl": f"./static/pyodide/{BOOT_SCRIPT}"}
        cfg.write_text(json.dumps(data, indent=2) + "\n")
    # Voici writes each page's configuration into the page itself, with URLs relative to it.
    for page in site.rglob("*.html"):
        text = page.read_text()
        m = _PAGE_CONFIG.search(text)
        if not m:
            continue
        data = json.loads(m.group(2))
        plugins = data.setdefault("litePluginSettings", {})
        up = "../" * (len(page.relative_to(site).parts) - 1)
        plugins[KERNEL_PLUGIN] = {**plugins.get(KERNEL_PLUGIN, {}), **ours,
                                  "pyodideUrl": f"{up or './'}static/pyodide/{BOOT_SCRIPT}",
                                  "loadPyodideOptions": page_packages(ours.get("loadPyodideOptions", {}),
                                                                      data.get("notebookPath", ""))}
        text = text[: m.start(2)] + json.dumps(data) + text[m.end(2):]
        if "notebookSrc" in data:
            text = add_loading_script(text, f"{up or './'}static/{LOADING_SCRIPT}")
        page.write_text(text)


def page_packages(options: dict, notebook: str) -> dict:
    """The kernel's ``loadPyodideOptions`` for one page: every package, less those only
    other pages import (:data:`PAGE_ONLY_PACKAGES`)."""
    skip = {name for name, pages in PAGE_ONLY_PACKAGES.items() if Path(notebook).name not in pages}
    return {**options, "packages": [p for p in options.get("packages", []) if p not in skip]}


_VOICI_SCRIPT = re.compile(r'<script src="[^"]*/voici\.js"></script>')


def add_loading_script(html: str, src: str) -> str:
    """``html`` with the loading script just before Voici's own (after the template's
    loading-text functions, which it replaces, and before the kernel starts)."""
    m = _VOICI_SCRIPT.search(html)
    if not m:
        raise SiteBuildError("a page has no voici.js script tag: the loading script has nowhere to go")
    return html[: m.start()] + f'<script src="{src}"></script>\n' + html[m.start():]


_PAGE_CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


# Voici 0.10's page shares neither @jupyterlab/pluginmanager nor @jupyterlab/statedb, which
# the Pyodide kernel's extension (0.7.x) asks for only to subclass two base classes in
# helpers of @jupyterlite/apputils it bundles (a plugin list and a translation connector)
# that a Voici page never uses; without them the kernel does not load ("No kernel
# available"). Each gets a stand-in exporting an empty base class.
SHARED_STANDINS = {"@jupyterlab/pluginmanager": "PluginListModel", "@jupyterlab/statedb": "DataConnector"}


def patch_kernel_extension(site: Path) -> int:
    """Give the kernel extension stand-ins for the shared modules Voici does not provide."""
    static = site / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    patched = 0
    for entry in static.glob("remoteEntry.*.js"):
        text = entry.read_text()
        for module, name in SHARED_STANDINS.items():
            pattern = re.compile(r'(\d+):\(\)=>\w+\("default","' + re.escape(module) + r'",\[[0-9,]+\]\)')
            text, n = pattern.subn(lambda m: f"{m.group(1)}:()=>()=>({{{name}:class{{}}}})", text)
            patched += n
        entry.write_text(text)
    if patched != len(SHARED_STANDINS):
        log(f"warning: {patched} of {len(SHARED_STANDINS)} shared-module stand-ins applied to the kernel extension")
    return patched


def site_size_mb(path: Path = SITE) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


# Settings keys whose values are URLs the browser would fetch.
_URL_KEYS = ("pyodideUrl", "pipliteUrls", "fullMathjaxUrl", "mathjaxUrl")


def offhost_references(site: Path) -> list[str]:
    """URL settings in the built site's ``jupyter-lite.json`` files, and in the configuration
    each page carries, that point off the site."""
    out = []
    for cfg in [*site.rglob("jupyter-lite.json"), *site.rglob("*.html")]:
        text = cfg.read_text(errors="replace")
        if cfg.suffix == ".html":
            m = _PAGE_CONFIG.search(text)
            if not m:
                continue
            text = m.group(2)
        for key in _URL_KEYS:
            for m in re.finditer(rf'"{key}"\s*:\s*(\[[^\]]*\]|"[^"]*")', text):
                if re.search(r"https?://|//cdn", m.group(1)):
                    out.append(f"{cfg.relative_to(site)}: {key} = {m.group(1)}")
    return out


# -- serving -----------------------------------------------------------------------------

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".whl": "application/octet-stream", ".json": "application/json"}

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the stdlib's signature
        if os.environ.get("BEANNB_SITE_LOG"):
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        # A tab closed in the middle of a download is not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(root: Path = SITE, port: int = 0, host: str = HOST) -> http.server.ThreadingHTTPServer:
    """A plain static file server for ``root`` (not started)."""
    handler = functools.partial(_Handler, directory=str(root))
    server = _Server((host, port), handler)
    server.daemon_threads = True
    return server


def serve(root: Path = SITE, port: int = 0, host: str = HOST) -> int:
    if not (root / "index.html").exists():
        return _fail(f"no site in {root}: build it first (make site, or beannb site)")
    server = make_server(root, port, host)
    url = f"http://{host}:{server.server_address[1]}/"
    print(f"beannb site: serving {root} at {url}\n  open: {url}voici/render/00_start.html", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


# -- the command -------------------------------------------------------------------------

def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("folder", nargs="?", metavar="FOLDER",
                   help="a folder of your own lessons (.yaml) and pages (.ipynb) to put in the site: one page lists "
                        "them, and the landing page links to it")
    p.add_argument("--serve", action="store_true", help="serve the built site on 127.0.0.1 instead of building it")
    p.add_argument("--port", type=int, default=0, help="with --serve: the port (default: a free one)")
    p.add_argument("--out", default=str(SITE), help="the site folder (default: _site in the current folder)")


#: How to get npm, said where it is missing.
NEED_NPM = ("npm is not installed: it fetches the Pyodide core (Python for the browser) once. Install Node.js 18 "
            "or later, which brings npm (https://nodejs.org/, or your system's packages, e.g. "
            "'sudo apt install nodejs npm'), then run beannb site again")


def missing_inputs(lessons: Optional[Path] = None) -> list[str]:
    """What the build needs and cannot find, each said with how to get it (empty: all there).
    Only what the registries cannot provide is checked here; a download that fails is
    reported as it happens."""
    out = []
    if lessons is not None and not lessons.is_dir():
        out.append(f"no such folder: {lessons} (name a folder of your lessons: beannb site FOLDER)")
    elif lessons is not None and not any(p.suffix in LESSON_SUFFIXES for p in teacher_files(lessons)):
        out.append(f"{lessons} holds no lesson files (.yaml); write one with 'beannb new-lesson GAME {lessons}'")
    if not (NOTEBOOKS / "00_start.ipynb").is_file():
        where = ", ".join(str(p) for p in installed_data_dirs("notebooks"))
        out.append(f"the app's notebooks are not installed (looked in {where}): reinstall beannb from its wheel "
                   "(pip install --force-reinstall beannb), or run beannb site from a checkout")
    if not SCENARIOS.is_dir():
        out.append(f"the built-in lessons are not installed (no {SCENARIOS}): reinstall beannb from its wheel")
    for needed in (TOOLS_REQUIREMENTS, BROWSER_WHEELS, FRONT / "site_boot.js", FRONT / "site_loading.js",
                   TEMPLATE_PATH / "voila" / "templates" / "beannb" / "conf.json"):
        if not needed.is_file():
            out.append(f"{needed} is missing from the installed package: reinstall beannb")
    if not (CACHE / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz").is_file() and shutil.which("npm") is None:
        out.append(NEED_NPM)
    # A virtualenv with pip in it needs venv and ensurepip (Debian splits those off: python3-venv).
    if not TOOLS_PYTHON.exists() and not all(importlib.util.find_spec(m) is not None for m in ("venv", "ensurepip")):
        out.append("this Python cannot make a virtualenv for the site tools (its venv module or ensurepip is "
                   "missing): install it (e.g. 'sudo apt install python3-venv') and run beannb site again")
    return out


def _fail(message: str, code: int = 2) -> int:
    print(f"beannb site: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if args.serve:
        return serve(out, args.port)
    lessons = Path(args.folder) if getattr(args, "folder", None) else None
    problems = missing_inputs(lessons)
    if problems:
        for problem in problems:
            _fail(problem)
        return 2
    if shutil.which("node") is None:
        log("note: without Node.js the site works but its pages start slower (no precompiled modules, no memory "
            "snapshot); install Node.js 18 or later for faster pages")
    try:
        build(out, lessons)
    except SiteInputsUnavailable as exc:
        return _fail(f"{exc}\nSomething the build fetches could not be fetched (it needs PyPI and the npm registry "
                     f"once; later builds use the cache in {CACHE}).")
    except SiteBuildError as exc:
        return _fail(str(exc), 1)
    except OSError as exc:  # a file or folder the build needs: say which, without a traceback
        return _fail(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": "))
    if lessons is not None:
        print(f"beannb site: your lessons are on the page {out}/voici/render/{LESSONS}.html, linked from the "
              "landing page", file=sys.stderr)
    return 0
