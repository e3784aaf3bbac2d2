"""The type check: mypy reads the engine core and every game (``[tool.mypy]`` in pyproject.toml) and finds no error (issue 24: a type checker runs on core/ and games/).

mypy is part of the test extra, so ``make test`` installs it; the check is skipped only where
someone runs the tests without that extra. Its cache (``.mypy_cache``, ignored by git) keeps a
repeated run to a second or two."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def _mypy_table() -> str:
    """The text of pyproject.toml's ``[tool.mypy]`` table (up to the next table)."""
    text = PYPROJECT.read_text(encoding="utf-8")
    match = re.search(r"^\[tool\.mypy\]\n(.*?)(?=^\[)", text, re.S | re.M)
    assert match, "pyproject.toml has no [tool.mypy] table"
    return match.group(1)


def test_mypy_is_in_the_test_extra_and_covers_core():
    """``make test`` installs the checker (so the check below is never skipped there), and the
    configuration checks the whole engine core, following imports silently elsewhere."""
    text = PYPROJECT.read_text(encoding="utf-8")
    test_extra = re.search(r"^test = \[\n(.*?)^\]", text, re.S | re.M)
    assert test_extra and re.search(r'^\s*"mypy[<>=!~ ]', test_extra.group(1), re.M), \
        "mypy is missing from the test extra"
    table = _mypy_table()
    assert '"beannb/core"' in table and '"beannb/games"' in table  # every game, whole
    assert re.search(r'^follow_imports = "silent"$', table, re.M)


def test_mypy_finds_no_errors():
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]' installs it)")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--no-pretty"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert proc.returncode == 0 and not errors, \
        "mypy found type errors:\n" + "\n".join(errors or [proc.stdout, proc.stderr])
    # It read every source of the core (a configuration that matched nothing would pass too).
    checked = re.search(r"^Success: no issues found in (\d+) source files$", proc.stdout, re.M)
    core = list((ROOT / "beannb" / "core").glob("*.py"))
    assert checked and int(checked.group(1)) >= len(core), proc.stdout
