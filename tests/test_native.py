"""The compiled engine (``beannb/_native.py``): a compiled module is used only while it was
built from the source beside it, ``BEANNB_PURE=1`` runs the sources, and the compiled engine
plays every ruleset's seeded games exactly as the sources do."""
from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import beannb
from beannb import _native
from beannb.site import in_pure_wheel

ROOT = Path(beannb.__file__).resolve().parents[1]


def _python(code: str, env_extra: dict, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BEANNB", "PYTHON"))}
    env.update(env_extra)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_every_engine_module_exists_and_is_no_view() -> None:
    for name in _native.ENGINE_MODULES:
        assert _native.module_source(name, ROOT).is_file(), name
        assert not name.startswith(("beannb.widgets", "beannb.render")), name


def _copy_sources(dest: Path) -> Path:
    """The package's sources alone (no build outputs) under ``dest``."""
    shutil.copytree(ROOT / "beannb", dest / "beannb",
                    ignore=lambda d, names: [n for n in names if n == "__pycache__" or n.endswith(_native.BUILD_OUTPUTS)])
    return dest


def test_a_compiled_module_is_used_only_when_built_from_the_source_beside_it(tmp_path: Path) -> None:
    """A stand-in "compiled" ``beannb.core.rng`` that cannot load: the finder must never pick
    it when the build record is missing, names another source or ``BEANNB_PURE`` is set, and
    must pick it (the import then fails) when the record names the source beside it."""
    root = _copy_sources(tmp_path)
    folder = root / "beannb" / "core"
    (folder / f"rng{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"not a shared library")
    probe = "import beannb.core.rng as m; print(m.__file__)"

    assert _python(probe, {}, root).strip().endswith("rng.py")  # no build record at all
    record = root / "beannb" / _native.MANIFEST
    for broken in ("{not json", "[1, 2]", '{"modules": 7}'):
        record.write_text(broken)
        assert _python(probe, {}, root).strip().endswith("rng.py"), broken  # unreadable: no build
    record.write_text(json.dumps({"modules": {"beannb.core.rng": "0" * 64}}))
    assert _python(probe, {}, root).strip().endswith("rng.py")  # built from another source: stale

    _native.write_manifest(root / "beannb", ["beannb.core.rng"], root)
    assert _python(probe, {"BEANNB_PURE": "1"}, root).strip().endswith("rng.py")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BEANNB", "PYTHON"))}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root, env=env, timeout=600)
    assert out.returncode != 0 and "ImportError" in out.stderr, out.stdout + out.stderr



def test_import_beannb_leaves_every_other_import_alone(tmp_path: Path) -> None:
    """``import beannb`` adds nothing to ``sys.meta_path``. With nothing compiled it installs
    nothing; with a build record, only the folders holding engine modules get beannb's
    finder, so an import from anywhere else never runs beannb's code."""
    root = _copy_sources(tmp_path)
    probe = ("import json, sys\n"
             "before = list(sys.meta_path)\n"
             "import beannb, beannb.core.rng, json.decoder\n"
             "from beannb import _native\n"
             "ours = sorted(k for k, f in sys.path_importer_cache.items() if isinstance(f, _native._EngineFolderFinder))\n"
             "print(json.dumps({'same': sys.meta_path == before, 'ours': ours, 'rng': beannb.core.rng.__file__}))")
    plain = json.loads(_python(probe, {}, root))
    assert plain == {"same": True, "ours": [], "rng": str(root / "beannb" / "core" / "rng.py")}
    _native.write_manifest(root / "beannb", ["beannb.core.rng"], root)
    built = json.loads(_python(probe, {}, root))
    assert built["same"] is True
    folders = {str(root / "beannb" / f) for f in ("core", "bots", *(f"games/{g}" for g in
                                                                      ("bohnanza", "takeover", "rabohnzel", "bohnaparte")))}
    assert set(built["ours"]) == folders

def test_the_pure_switch_runs_every_engine_module_from_its_source() -> None:
    code = ("import importlib, json; from beannb import _native\n"
            "[importlib.import_module(m) for m in _native.ENGINE_MODULES]\n"
            "print(json.dumps(_native.build_info()))")
    info = json.loads(_python(code, {"BEANNB_PURE": "1"}, ROOT))
    assert info["kind"] == "pure" and not info["compiled"]
    assert sorted(info["pure"]) == sorted(_native.ENGINE_MODULES)


def test_build_outputs_stay_out_of_the_sites_pure_wheel(tmp_path: Path) -> None:
    for name in ("rules.c", f"rules{importlib.machinery.EXTENSION_SUFFIXES[0]}", "rules.pyd", _native.MANIFEST):
        (tmp_path / name).write_bytes(b"x")
        assert not in_pure_wheel(tmp_path / name), name
    (tmp_path / "rules.py").write_text("X = 1\n")
    assert in_pure_wheel(tmp_path / "rules.py")


#: Seeded games of every ruleset with every kind of bot: their actions and events, now and
#: then the refusals of a few moves (en and hu), and the final state, in a digest per game
#: (the strong player's: its final state).
_PLAY = """
import hashlib, json
from beannb.bots import make_bot, play_out
from beannb.games import available, get_ruleset
from beannb.bench.engine import describe_engine
out = {"engine": describe_engine(), "games": {}}
PROBES = ["Ann harvest 3", "Bob harvest 1", "Cid plant", "Dora end-trade", "Ann draw", "Bob reveal",
          "Cid accept #1", "Ann offer Bob nothing for 2 blue", "Bob offer Ann up:red for nothing",
          "Zed plant", "Ann fly away"]
for name in available():
    rs = get_ruleset(name)
    opts = rs.check_options({})
    for kind in ("random", "greedy", "trader"):
        for seed in (1, 2, 3):
            notes = []
            s = rs.setup(["Ann", "Bob", "Cid", "Dora"], seed, opts)
            bots = [make_bot(kind, 10 * seed + i) for i in range(4)]
            def step(before, action, after, events):
                notes.append(repr(action) + " | " + " ".join(sorted(e.kind for e in events)))
                if len(notes) % 25 == 1:  # now and then: refusals, in both languages
                    for text in PROBES:
                        try:
                            err = rs.why_not(before, rs.parse(text))
                        except Exception as exc:  # unreadable: its own message
                            notes.append(type(exc).__name__ + ": " + str(exc))
                            continue
                        notes.append("ok" if err is None else err.text("en") + " | " + err.text("hu"))
            final, n = play_out(rs, s, bots, on_step=step)
            blob = json.dumps([notes, final.to_dict()], sort_keys=True, default=str)
            out["games"][f"{name}/{kind}/{seed}"] = [n, hashlib.sha256(blob.encode()).hexdigest()]
    # The strong player's search (determinized tables, rollouts), at a small budget.
    from beannb.bots.strong import StrongBot
    s = rs.setup(["Ann", "Bob", "Cid", "Dora"], 5, opts)
    bots = [StrongBot(5, iterations=8)] + [make_bot("greedy", 50 + i) for i in range(3)]
    final, n = play_out(rs, s, bots)
    blob = json.dumps(final.to_dict(), sort_keys=True, default=str)
    out["games"][f"{name}/strong/5"] = [n, hashlib.sha256(blob.encode()).hexdigest()]
print(json.dumps(out))
"""


def test_the_compiled_engine_plays_exactly_as_the_sources() -> None:
    compiled = json.loads(_python(_PLAY, {}, ROOT))
    if not compiled["engine"].startswith("engine: compiled"):
        pytest.skip(f"no current compiled build in this checkout ({compiled['engine']}; `make compiled`)")
    pure = json.loads(_python(_PLAY, {"BEANNB_PURE": "1"}, ROOT))
    assert pure["engine"].startswith("engine: pure Python")
    assert len(pure["games"]) == 4 * (3 * 3 + 1)
    assert compiled["games"] == pure["games"]



def test_the_build_asks_for_the_cython_that_native_states() -> None:
    # ``make compiled`` reads the requirement off this line (sed), setup.py off the module.
    import re

    line = f'CYTHON_REQUIREMENT = "{_native.CYTHON_REQUIREMENT}"'
    assert line in (ROOT / "beannb" / "_native.py").read_text().splitlines()
    assert re.fullmatch(r"Cython[<>=!~,.\d]+", _native.CYTHON_REQUIREMENT)
    out = subprocess.run(["make", "-n", "compiled"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert f"'{_native.CYTHON_REQUIREMENT}'" in out.stdout, out.stdout + out.stderr
