"""The class pages' front end: a plain ES module and a stylesheet, no build step.

``class.js`` draws what the class hub sends (it holds no rule and no sentence of its own)
and reuses the touchable table's module (``widgets/front/touch.js``) for every table.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text("utf-8")
