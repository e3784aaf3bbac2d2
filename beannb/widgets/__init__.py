"""Thin ipywidgets front end: controller (dispatch), views (build), apps (wire).

>>> from beannb.widgets import PlayApp, TableApp, WalkthroughApp   # doctest: +SKIP
"""
from .apps import PlayApp, TableApp, WalkthroughApp
from .controller import GameController, Outcome, new_controller

__all__ = ["GameController", "Outcome", "PlayApp", "TableApp", "WalkthroughApp", "new_controller"]
