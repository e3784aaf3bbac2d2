"""Thin ipywidgets front end: controller (dispatch), views (build), apps (wire).

>>> from beannb.widgets import new_controller
>>> c = new_controller("bohnanza", players=["You", "Bot1", "Bot2"], seed=1)
>>> c.game.to_move
['You']
>>> c.play("You reveal").ok       # refused, never raised: the front card first (B-09)
False
>>> c.play("You plant stink 1").ok
True
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
