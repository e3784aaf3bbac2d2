"""The compiled engine: an optional native build of the rules, made from the very same source.

The engine modules listed in :data:`ENGINE_MODULES` can be compiled to C extension modules
(Cython, no annotations or changes needed: ``make compiled``, or ``BEANNB_COMPILE=1 pip
install .``). Each compiled module plays exactly as its source does — the same code, the same
seeded games move for move (``tests/test_native.py`` checks it) — only faster, which matters
for simulations and for the strong player's search. The browser-only site and any machine
without a C compiler use the pure-Python modules.

A compiled module is used only while it was built from the source beside it: the build writes
the SHA-256 of every source it compiled into :data:`MANIFEST`, and the finder installed by
:func:`install` loads the source instead of a compiled module that is missing, stale (its
source was edited since) or switched off with ``BEANNB_PURE=1``. So an edit to a rule takes
effect at once, compiled build or not.

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

#: The modules compiled: the rules, states, actions and strategies every game plays with,
#: and the bots' play-out loop (not the text, views or widgets: they gain nothing).
ENGINE_MODULES: tuple[str, ...] = (
    *(f"beannb.core.{m}" for m in ("actions", "cards", "errors", "events", "memo", "rng", "ruleset", "state", "strategy")),
    *(f"beannb.games.{g}.{m}" for g in ("bohnanza", "takeover", "rabohnzel", "bohnaparte")
      for m in ("actions", "bot", "cards", "rules", "state")),
    "beannb.games.bohnaparte.board",
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


class _EngineFinder:
    """Sends an engine module to its source unless a compiled module built from that very
    source sits beside it (then the normal import finds the compiled one first)."""

    def __init__(self, built: dict[str, str], pure: bool):
        self.built = built
        self.pure = pure

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _ENGINE_SET:
            return None
        parent = sys.modules.get(fullname.rpartition(".")[0])
        folders = getattr(parent, "__path__", None) or []
        leaf = fullname.rpartition(".")[2]
        for folder in folders:
            src = Path(folder) / f"{leaf}.py"
            if not src.is_file():
                continue
            compiled = [Path(folder) / f"{leaf}{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES]
            if (not self.pure and any(p.is_file() for p in compiled)
                    and self.built.get(fullname) == source_digest(src)):
                return None  # the path finder loads the compiled module (extensions come first)
            return importlib.util.spec_from_file_location(fullname, src)
        return None


_ENGINE_SET = frozenset(ENGINE_MODULES)
_FINDER: _EngineFinder | None = None


def install() -> None:
    """Put the finder in front of the import system (once; beannb's ``__init__`` calls it)."""
    global _FINDER
    if _FINDER is None:
        _FINDER = _EngineFinder(_manifest(), pure_wanted())
        sys.meta_path.insert(0, _FINDER)


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
