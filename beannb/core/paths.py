"""Where an installed beannb keeps the files that ship beside the code.

A wheel installs the notebooks and the built-in lessons as data files under
``<data>/share/beannb/`` (``<data>`` is the environment's prefix, or the user base for a
``--user`` install). A checkout has them at the repository root instead; callers look
there first and then here.
"""
from __future__ import annotations

import site
import sys
import sysconfig
from pathlib import Path
from typing import Optional

SHARE = ("share", "beannb")


def installed_data_dirs(name: str) -> list[Path]:
    """Candidate folders ``<data>/share/beannb/<name>`` in the order they are searched."""
    roots = [Path(sysconfig.get_paths()["data"]), Path(sys.prefix)]
    user_base = getattr(site, "USER_BASE", None)
    if user_base:
        roots.append(Path(user_base))
    return list(dict.fromkeys(root.joinpath(*SHARE, name) for root in roots))


def docs_dir() -> Path:
    """The folder of the guides (``scenarios.md``, ``notation.md`` ...): the checkout's
    ``docs/`` beside the package, else the one a wheel installs under ``share/beannb/docs``.
    Raises FileNotFoundError naming where it looked."""
    here = Path(__file__).resolve().parents[2] / "docs"
    candidates = [here, *installed_data_dirs("docs")]
    for c in candidates:
        if (c / "scenarios.md").is_file():
            return c
    raise FileNotFoundError("the guides are not installed here (looked in " + ", ".join(map(str, candidates))
                            + "); reinstall beannb from its wheel")


def doc_title(path: Path) -> str:
    """A guide's title: its first heading, else its name."""
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def shipped_lessons() -> Optional[Path]:
    """A teacher's lessons that came with this beannb (``<data>/share/beannb/lessons``: the
    browser-only site built with ``beannb site FOLDER`` ships them so), or None."""
    return next((p for p in installed_data_dirs("lessons") if p.is_dir()), None)
