"""Feedback on an exercise answer, shared by the walkthrough and the end-of-page check."""
from __future__ import annotations

from typing import Callable, Optional

from ..i18n.catalogue import rule as lookup_rule
from ..i18n.ui import t
from ..walkthrough import Exercise


def rule_citation(rule_ids, lang: str) -> str:
    """'Rule B-29: <its title>.' for each id (an id the catalogue lacks is named bare)."""
    parts = []
    for rid in rule_ids:
        r = lookup_rule(rid)
        title = (r.title.get(lang) or r.title.get("en")) if r else ""
        parts.append(f"{t('rule', lang)} {rid}" + (f": {title}" if title else ""))
    return "; ".join(parts) + ("." if parts else "")


def feedback_text(ex: Exercise, ok: bool, lang: str,
                  label: Optional[Callable[[str], str]] = None) -> str:
    """Right or not; when not, the right answer (each choice through ``label``); then the
    explanation and the rule it rests on."""
    out = t("correct" if ok else "wrong", lang)
    if not ok:
        word = label or (lambda c: ex.choice_text(c, lang) or c)
        shown = [word(a) for a in ex.answer]
        out += " " + t("answer", lang) + ": " + (", ".join(shown) or t("none_of_them", lang)) + "."
    expl = ex.explain.get(lang) or ex.explain.get("en")
    if expl:
        out += " " + expl
    cite = rule_citation(ex.rules, lang)
    if cite:
        out += " (" + cite.rstrip(".") + ")"
    return out
