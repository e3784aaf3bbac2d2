"""The compiled engine: an optional native build of the rules, made from the very same source.

The engine modules listed in :data:`ENGINE_MODULES` can be compiled to C extension modules
(Cython, no annotations or changes needed: ``make compiled``, or ``BEANNB_COMPILE=1 pip
install .``). Each compiled module plays exactly as its source does — the same code, the same
seeded games move for move (``tests/test_native.py`` checks it) — only faster, which matters
for simulations and for the strong player's search. The browser-only site and any machine
without a C compiler use the pure-Python modules.

A compiled module is used only while it was built from the source beside it: the build writes
the SHA-256 of every source it compiled into :data:`MANIFEST`, and :func:`install` makes the
import system load the source instead of a compiled module that is missing, stale (its source
was edited since) or switched off with ``BEANNB_PURE=1``. So an edit to a rule takes effect
at once, compiled build or not.

Nothing is added to ``sys.meta_path``: the only import machinery touched is the finder of
the few folders holding engine modules (``beannb/core``, ``beannb/games/<game>``,
``beannb/bots``), registered in ``sys.path_importer_cache`` for those folders alone, so no
import outside them ever passes through beannb's code. Where nothing is compiled (every
pure-Python install, the browser-only site) nothing at all is installed: the import system
then finds the sources as it would anyway.

This module uses the standard library only: ``setup.py`` reads its tables before beannb is
installed.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Optional, Sequence

#: The modules compiled: the rules, states, actions and strategies every game plays with,
#: and the bots' play-out loop (not the text, views or widgets: they gain nothing).
ENGINE_MODULES: tuple[str, ...] = (
    *(f"beannb.core.{m}" for m in ("actions", "cards", "errors", "events", "memo", "rng", "ruleset", "state", "strategy")),
    *(f"beannb.games.{g}.{m}" for g in ("bohnanza", "takeover", "rabohnzel", "bohnaparte")
      for m in ("actions", "bot", "cards", "rules", "state")),
    "beannb.games.bohnaparte.board",
    *(f"beannb.games.takeover.{m}" for m in ("fields", "refusals", "decisions", "textcards", "checks", "candidates")),
    # The games' rules split by topic (the verbs' checks and effects).
    *(f"beannb.games.bohnanza.{m}" for m in ("profiles", "refusals", "fields", "seats", "turn", "trade")),
    *(f"beannb.games.rabohnzel.{m}" for m in ("common", "abilities", "potions")),
    *(f"beannb.games.bohnaparte.{m}" for m in ("common", "camps", "battle", "carts")),
    *(f"beannb.bots.{m}" for m in ("base", "randombot", "trading", "greedy", "strong", "determinize")),
)

#: What the compiled build needs besides a C compiler (``setup.py`` and ``make compiled`` ask for it).
CYTHON_REQUIREMENT = "Cython>=3.0,<4"

#: Where the build records the source each compiled module was made from (next to this file).
MANIFEST = "_native_build.json"

#: Files a native build leaves in the package folder; a pure-Python wheel carries none of them.
BUILD_OUTPUTS = (".so", ".pyd", ".c", MANIFEST)

#: Set to anything but "" or "0" to run every engine module from its source.
PURE_ENV = "BEANNB_PURE"

_HERE = Path(__file__).resolve().parent


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_source(name: str, root: Path = _HERE.parent) -> Path:
    """The ``.py`` file of engine module ``name`` under the folder holding ``beannb``."""
    return root.joinpath(*name.split(".")).with_suffix(".py")


def pure_wanted() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _manifest() -> dict[str, str]:
    try:
        data = json.loads((_HERE / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    modules = data.get("modules") if isinstance(data, dict) else None
    if not isinstance(modules, dict):
        return {}  # not a record this build wrote: as if there were none
    return {k: v for k, v in modules.items() if isinstance(k, str) and isinstance(v, str)}


class _EngineFolderFinder(importlib.machinery.FileFinder):
    """The standard finder of one folder of the package (extension modules, then sources, then
    bytecode), except that an engine module goes to its source unless a compiled module built
    from that very source sits beside it."""

    def __init__(self, path: str, built: dict[str, str], pure: bool):
        super().__init__(path, *_LOADERS)
        self.built = built
        self.pure = pure

    def find_spec(self, fullname, target=None):
        if fullname in _ENGINE_SET:
            leaf = fullname.rpartition(".")[2]
            src = Path(self.path) / f"{leaf}.py"
            if src.is_file() and (self.pure or self.built.get(fullname) != source_digest(src)):
                return importlib.util.spec_from_file_location(fullname, src)
        return super().find_spec(fullname, target)


#: The standard loaders of a folder, in the import system's own order (extensions first).
_LOADERS = (
    (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES),
    (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
    (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
)

_ENGINE_SET = frozenset(ENGINE_MODULES)
#: The folders given a finder by :func:`install` (empty until then, and where nothing is compiled).
_FOLDERS: dict[str, _EngineFolderFinder] = {}


def engine_folders(package_path: Sequence[str]) -> list[str]:
    """The folders (under each folder of ``beannb.__path__``) that hold engine modules."""
    parents = sorted({tuple(name.split(".")[1:-1]) for name in ENGINE_MODULES})
    return [os.path.join(base, *rel) for base in package_path for rel in parents]


def install(package_path: Optional[Sequence[str]] = None) -> None:
    """Let a compiled build's modules load only while current (once; beannb's ``__init__``
    calls it with ``beannb.__path__`` before any engine module loads).

    Does nothing where no engine folder holds a compiled module and there is no build record
    (a pure-Python install). Otherwise each folder holding engine modules gets its own finder
    in ``sys.path_importer_cache`` (where the import system looks up the finder of a
    package's folder), and nothing else changes."""
    if _FOLDERS:
        return
    folders = [f for f in engine_folders(package_path if package_path is not None else [str(_HERE)])
               if os.path.isdir(f)]  # real folders (not ones inside a zip, where no build can be)
    built = _manifest()
    if not built and not any(_has_extension(f) for f in folders):
        return  # nothing compiled here: the sources are what the import system finds anyway
    pure = pure_wanted()
    for folder in folders:
        _FOLDERS[folder] = sys.path_importer_cache[folder] = _EngineFolderFinder(folder, built, pure)


def _has_extension(folder: str) -> bool:
    """Whether ``folder`` holds a compiled module (of a build, or left over from one)."""
    try:
        return any(name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for name in os.listdir(folder))
    except OSError:
        return False


def build_info() -> dict:
    """How the engine runs in this process: ``{"compiled": [...], "pure": [...], "kind": ...}``
    for the engine modules imported so far.
    ``kind`` is "compiled", "pure" or "mixed" (some sources were edited since the build)."""
    loaded = [m for m in ENGINE_MODULES if m in sys.modules]
    compiled = [m for m in loaded if not str(getattr(sys.modules[m], "__file__", "")).endswith(".py")]
    pure = [m for m in loaded if m not in compiled]
    kind = "compiled" if compiled and not pure else "mixed" if compiled else "pure"
    return {"kind": kind, "compiled": compiled, "pure": pure}


def write_manifest(folder: Path, modules: list[str], root: Path) -> Path:
    """Record in ``folder`` the digests of the sources (under ``root``) of the compiled
    ``modules`` (called by the build)."""
    data = {"modules": {m: source_digest(module_source(m, root)) for m in modules}}
    path = folder / MANIFEST
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return path
