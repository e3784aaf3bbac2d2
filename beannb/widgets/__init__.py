"""Thin ipywidgets front end: controller (dispatch), views (build), apps (wire).

>>> from beannb.widgets import PlayApp, TableApp, WalkthroughApp   # doctest: +SKIP
"""
try:
    import ipywidgets as _ipywidgets  # noqa: F401
except ModuleNotFoundError as _exc:  # pragma: no cover - exercised in a subprocess by the tests
    raise ModuleNotFoundError(
        f"beannb.widgets needs the app extra (ipywidgets, Voila, anywidget): "
        f"pip install 'beannb[app]' (missing: {_exc.name})", name=_exc.name) from _exc

from .apps import PlayApp, TableApp, WalkthroughApp
from .controller import GameController, Outcome, new_controller

__all__ = ["GameController", "Outcome", "PlayApp", "TableApp", "WalkthroughApp", "new_controller"]
