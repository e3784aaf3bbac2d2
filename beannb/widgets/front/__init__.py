"""The front end of the touchable table and map: plain ES module and CSS, no build step.

Read with :func:`asset` (``importlib.resources``), so the files travel inside the package
and work the same under Voila and in a browser-only (JupyterLite) build.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """The text of a front-end file shipped in this package (``touch.js``, ``touch.css``)."""
    return resources.files(__name__).joinpath(name).read_text("utf-8")
