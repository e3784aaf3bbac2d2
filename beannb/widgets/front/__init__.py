"""The front ends of our widgets: plain ES modules and CSS, no build step.

Read with :func:`asset` (``importlib.resources``), so the files travel inside the package
and work the same under Voila and in a browser-only (JupyterLite) build. Widget classes
declare their front end with :func:`front_traits` and mix in :class:`StaticFront`.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """The text of a front-end file shipped in this package (``touch.js``, ``touch.css``)."""
    return resources.files(__name__).joinpath(name).read_text("utf-8")


def front_traits(esm: str, css: str, ident: str) -> tuple:
    """An anywidget class's module, stylesheet and id as synced traits of the class::

        _esm, _css, _anywidget_id = front_traits(ESM, CSS, "beannb.widgets.touch.TableWidget")
    """
    import traitlets

    return tuple(traitlets.Unicode(v).tag(sync=True) for v in (esm, css, ident))


class StaticFront:
    """Mixin for anywidget classes whose front end is declared with :func:`front_traits`.

    anywidget adds the front-end traits a class lacks to each new instance, and traitlets
    makes a new class for every instance it adds traits to (~2 ms per widget in a kernel,
    more in the browser-only one); with every trait declared, nothing is added."""

    def add_traits(self, **traits) -> None:
        traits = {k: v for k, v in traits.items() if not self.has_trait(k)}  # type: ignore[attr-defined]
        if traits:
            super().add_traits(**traits)  # type: ignore[misc]
