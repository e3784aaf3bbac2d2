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

SHARE = ("share", "beannb")


def installed_data_dirs(name: str) -> list[Path]:
    """Candidate folders ``<data>/share/beannb/<name>`` in the order they are searched."""
    roots = [Path(sysconfig.get_paths()["data"]), Path(sys.prefix)]
    user_base = getattr(site, "USER_BASE", None)
    if user_base:
        roots.append(Path(user_base))
    out: list[Path] = []
    for root in roots:
        path = root.joinpath(*SHARE, name)
        if path not in out:
            out.append(path)
    return out
