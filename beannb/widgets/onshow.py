"""Work that waits until a widget is on screen.

:class:`OnShow` is an invisible front-end widget (anywidget) that tells the kernel when a
browser first draws it. A page puts expensive, non-urgent work (a fixed simulation, say)
behind it, so the notebook finishes executing, and the page becomes usable, first.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import traitlets

_ESM = """
export default {
  render({ model, el }) {
    el.style.display = "none";
    if (!model.get("shown")) { model.set("shown", true); model.save_changes(); }
  }
};
"""


class OnShow(anywidget.AnyWidget):
    """Calls each function given to :meth:`then` once, when a browser first shows the widget
    (or at once if it has been shown already)."""

    _esm = _ESM
    shown = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.add_class("beannb-onshow")
        self._pending: list[Callable[[], None]] = []
        self.observe(self._fire, names="shown")

    def then(self, fn: Callable[[], None]) -> "OnShow":
        if self.shown:
            fn()
        else:
            self._pending.append(fn)
        return self

    def _fire(self, change) -> None:
        if change["new"]:
            pending, self._pending = self._pending, []
            for fn in pending:
                fn()
