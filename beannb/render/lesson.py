"""A lesson's words, shared by the walkthrough widget and the class hub: no widgets here.

How a step's action, an exercise's choices, a frame's changes and the feedback on an
answer read to a learner, in the learner's language.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from ..i18n.catalogue import rule as lookup_rule
from ..i18n.messages import BEANNB_LOCALE, NC_, Messages
from ..i18n.ui import t

LESSON_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: a rule cited under an answer or a step: "Rule B-29: Harvesting a field".
    NC_("lesson-rule-titled", "Rule {rule}: {title}"),
    NC_("lesson-rule", "Rule {rule}"),
    # TRANSLATORS: after "Not quite.": the right choice(s), each worded, ending with a full stop.
    NC_("lesson-answer", "Answer: {answer}"),
])


def choice_label(choice: str, lang: str, ruleset: Any = None) -> str:
    """An exercise choice as a learner reads it: an action in words (``Ruleset.describe``)."""
    try:
        a = ruleset.parse(choice)
    except (ValueError, AttributeError):
        return choice
    return ruleset.describe(a, lang)


def step_words(action: str, lang: str, ruleset: Any) -> str:
    """A walkthrough step's action as its caption: in words (the whole table sees it)."""
    try:
        return ruleset.describe(ruleset.parse(action), lang)
    except (ValueError, AttributeError):  # a step that demonstrates unreadable text shows it as typed
        return action


def describe_changes(paths: Iterable[str], lang: str) -> str:
    """Table paths in words: 'Ann: coins, fields; discard pile'."""
    from ..i18n.ui import path_word

    per_player: dict[str, list[str]] = {}
    general: list[str] = []
    for p in paths:
        if "." in p and p.split(".")[0][:1].isupper():
            who, what = p.split(".", 1)
            word = path_word(what, lang)
            if word and word not in per_player.setdefault(who, []):
                per_player[who].append(word)
        else:
            word = path_word(p, lang)
            if word and word not in general:
                general.append(word)
    parts = [f"{who}: {', '.join(ws)}" for who, ws in per_player.items() if ws] + general
    return "; ".join(parts)


def rule_citation(rule_ids: Iterable[str], lang: str) -> str:
    """'Rule B-29: <its title>.' for each id (an id the catalogue lacks is named bare)."""
    parts = []
    for rid in rule_ids:
        r = lookup_rule(rid)
        title = (r.title.get(lang) or r.title.get("en")) if r else ""
        parts.append(LESSON_MESSAGES.text("lesson-rule-titled", lang, rule=rid, title=title) if title
                     else LESSON_MESSAGES.text("lesson-rule", lang, rule=rid))
    return "; ".join(parts) + ("." if parts else "")


def answer_words(choices: list[str], lang: str) -> str:
    """Right choices in a sentence: each as worded, without its own full stop, "; " between
    (a choice in words may hold commas), ending with one full stop."""
    shown = [c.rstrip(" .") for c in choices]
    return ("; ".join(shown) or t("none_of_them", lang)) + "."


def feedback_text(ex: Any, ok: bool, lang: str, label: Optional[Callable[[str], str]] = None) -> str:
    """Right or not; when not, the right answer (each choice through ``label``); then the
    explanation and the rule it rests on. ``ex`` is a walkthrough ``Exercise``."""
    out = t("correct" if ok else "wrong", lang)
    if not ok:
        word = label or (lambda c: ex.choice_text(c, lang) or c)
        out += " " + LESSON_MESSAGES.text("lesson-answer", lang, answer=answer_words([word(a) for a in ex.answer], lang))
    return out + explanation(ex, lang)


def explanation(ex: Any, lang: str) -> str:
    """What follows an answer's verdict: the exercise's explanation and the rule it rests on
    (each after a space; empty when the exercise has neither)."""
    out = ""
    expl = ex.explain.get(lang) or ex.explain.get("en")
    if expl:
        out += " " + expl
    cite = rule_citation(ex.rules, lang)
    if cite:
        out += " (" + cite.rstrip(".") + ")"
    return out
