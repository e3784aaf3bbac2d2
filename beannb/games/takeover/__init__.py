"""The hostile-takeover expansion (spec ``takeover.md``, rules T-01…T-61; seed 000).

Same modules as every game: ``cards`` (Snap, text cards, Joker Bean), ``actions`` (its
notation), ``state``, ``rules``, ``text``, ``bot``, ``view``.
"""
from .rules import Takeover

__all__ = ["Takeover"]
