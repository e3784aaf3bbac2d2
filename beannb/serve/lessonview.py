"""A lesson's step as the class pages draw it: plain data, the same for every reader of a language.

:func:`frame_view` is what the walkthrough widget shows of a frame (the step's action in
words, the narration, the rule behind it, the table as the touchable table draws it, what
changed, the question), as JSON. An exercise's choices travel as numbers with their
labels, never as notation and never with the answer; :func:`feedback` is worked out in
the hub when an answer arrives or the teacher reveals it.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from ..games import DEFAULT_GAME
from ..render import touch as models
from ..render.lesson import answer_words, choice_label, describe_changes, explanation, feedback_text, step_words
from ..walkthrough import Exercise, Frame, Walkthrough
from .words import lang_of, w


def choice_words(ex: Exercise, i: int, lang: str, frame: Frame) -> str:
    c = ex.choices[i]
    return ex.choice_text(c, lang) or choice_label(c, lang, frame.game.ruleset)


def exercise_view(frame: Frame, lang: str) -> Optional[dict[str, Any]]:
    ex = frame.exercise
    if ex is None:
        return None
    return {
        "q": ex.question.get(lang) or ex.question["en"],
        "multiple": ex.multiple,
        "hint": w("choose_all" if ex.multiple else "pick_one", lang),
        "choices": [[k, choice_words(ex, k, lang, frame)] for k in range(len(ex.choices))],
    }


def table_view(obs: dict, lang: str, changed: Sequence[str] = ()) -> dict[str, Any]:
    """A table as the touchable table's front end draws it (no click targets)."""
    game = obs.get("game", DEFAULT_GAME)
    return {"table": models.table_model(obs, lang, changed), "map": models.map_of(obs, lang),
            "cards": models.card_table(game, lang), "words": models.labels(lang),
            "actions": {"acts": [], "targets": {}, "rev": 0}, "msg": {}, "pick": {}}


def frame_view(walk: Walkthrough, i: int, lang: str, *, title: str, lines: Sequence[str] = (),
               line: int = 0) -> dict[str, Any]:
    """Frame ``i`` of ``walk`` for a reader of ``lang``; the rule texts ride along as
    ``rules`` and are shown only once an exercise on the frame is answered (the rule would
    give the answer away)."""
    lang = lang_of(lang)
    f = walk[i]
    rs = f.game.ruleset
    narration = f.narration(lang)
    return {
        "title": title, "lines": list(lines), "line": line, "i": i, "last": len(walk) - 1,
        "actions": [step_words(a, lang, rs) for a in f.actions],
        "narration": narration,
        "rules": [list(r) for r in f.rule_texts(lang)],
        "changed": describe_changes(f.changed, lang),
        "touch": table_view(f.game.observe(None), lang, f.changed),
        "exercise": exercise_view(f, lang),
    }


def picked_choices(ex: Exercise, picked: Any) -> Optional[list[int]]:
    """The choice numbers a page sent, checked: a list of distinct numbers of the exercise's
    choices (one of them when the exercise wants one), or None."""
    if not isinstance(picked, list) or not all(isinstance(k, int) and not isinstance(k, bool) for k in picked):
        return None
    if len(set(picked)) != len(picked) or not all(0 <= k < len(ex.choices) for k in picked):
        return None
    if not ex.multiple and len(picked) != 1:
        return None
    return sorted(picked)


def feedback(frame: Frame, picked: Sequence[int], lang: str) -> dict[str, Any]:
    """Right or not, and the words the walkthrough widget gives for that answer."""
    ex = frame.exercise
    assert ex is not None
    ok = ex.check([ex.choices[k] for k in picked])
    text = feedback_text(ex, ok, lang, lambda c: ex.choice_text(c, lang) or choice_label(c, lang, frame.game.ruleset))
    return {"ok": ok, "text": text, "answer": [k for k, c in enumerate(ex.choices) if c in ex.answer]}


def answer_only(frame: Frame, lang: str) -> dict[str, Any]:
    """The answer shown to a student who gave none: the right choices, the explanation and
    the rule, without "right" or "wrong"."""
    ex = frame.exercise
    assert ex is not None
    shown = [ex.choice_text(c, lang) or choice_label(c, lang, frame.game.ruleset) for c in ex.answer]
    text = w("revealed", lang) + ": " + answer_words(shown, lang) + explanation(ex, lang)
    return {"ok": None, "text": text, "answer": [k for k, c in enumerate(ex.choices) if c in ex.answer]}

