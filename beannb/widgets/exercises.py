"""Feedback on an exercise answer, shared by the walkthrough and the end-of-page check
(the words live in :mod:`beannb.render.lesson`, which the class hub uses too)."""
from __future__ import annotations

from ..render.lesson import feedback_text, rule_citation

__all__ = ["feedback_text", "rule_citation"]
