"""Printable worksheets (``beannb worksheet``): a teacher's lessons as questions on paper.

For every exercise of every lesson file: the situation drawn as the deciding player sees the
table (the game's own view), the lesson's words leading to it, the question and its choices in
words, with a box to tick. No answers, no notation, no commands: a learner's page. With
``answers`` each question is followed by its key: the right choice(s), why, and the rule.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Union

from .i18n.messages import BEANNB_LOCALE, NC_, Messages
from .render.lesson import answer_words, choice_label, rule_citation
from .scenario_format import ScenarioError, load_scenario, wording
from .walkthrough import Frame, Walkthrough

SHEET = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: the printed worksheet's title (a page of questions on a teacher's lessons).
    NC_("sheet-title", "Worksheet"),
    NC_("sheet-key-title", "Worksheet with the answer key"),
    # TRANSLATORS: a line for the learner to write on, at the top of the worksheet.
    NC_("sheet-name", "Name:"),
    # TRANSLATORS: the heading of a question: number is counted from 1 over the whole worksheet.
    NC_("sheet-question", "Question {number}"),
    # TRANSLATORS: under a question whose answer may be several choices.
    NC_("sheet-tick-every", "Tick every right answer."),
    NC_("sheet-tick-one", "Tick one answer."),
    # TRANSLATORS: the caption of the table drawn: player is the player whose decision it is.
    NC_("sheet-seen-by", "The table as {player} sees it"),
    NC_("sheet-no-questions", "This lesson has no questions."),
    # TRANSLATORS: the heading of the answer key under a question.
    NC_("sheet-key", "Answer key"),
    # TRANSLATORS: in the answer key: the right choice(s), worded, ending with a full stop.
    NC_("sheet-answer", "Right: {answer}"),
])


class WorksheetError(ValueError):
    """A lesson that cannot go on a worksheet (missing, unreadable, or its table cannot be set up)."""


@dataclass
class Item:
    """One question of a worksheet: the title of its lesson (or variant) and the frame it is asked on."""

    title: str
    frame: Frame


def _esc(text: object) -> str:
    return html.escape(str(text))


def lesson_files(paths: Iterable[Union[str, Path]]) -> list[tuple[Path, bool]]:
    """The lesson files named, each with whether it was named itself (a folder gives its
    .yaml/.yml/.json files, sorted); a path that does not exist, or a folder without lessons,
    is refused."""
    out: list[tuple[Path, bool]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix in (".yaml", ".yml", ".json"))
            if not found:
                raise WorksheetError(f"{p}: no lesson files (.yaml) in this folder")
            out += [(f, False) for f in found]
        elif p.is_file():
            out.append((p, True))
        else:
            raise WorksheetError(f"{p}: no such file or folder")
    return out


def refused_setup(path: Path) -> bool:
    """Whether the file checks a setup the rules refuse (a rule case with no table to draw)."""
    try:
        return load_scenario(path).raw.get("expect_setup_error") is not None
    except ScenarioError:
        return False


def _own_frames(wt: Walkthrough, variant: Optional[str]) -> list[Frame]:
    """The frames a variant adds (the steps it shares with its lesson are asked there once)."""
    if variant is None:
        return list(wt.frames)
    return [fr for i, fr in enumerate(wt.frames) if (wt.step_of(i) or (None, 0))[0] == variant]


def lesson_items(path: Path, lang: str) -> tuple[str, str, list[Item]]:
    """(title, introduction, questions) of one lesson file; :class:`WorksheetError` if it is broken."""
    try:
        sc = load_scenario(path)
    except ScenarioError as exc:
        raise WorksheetError(str(exc)) from None
    if sc.raw.get("expect_setup_error") is not None:
        raise WorksheetError(f"{path}: this file checks a refused setup; it has no table to print")
    try:  # the lesson's walkthrough and each variant's, with the variant's name (None for the lesson)
        walks = [(Walkthrough.from_scenario(one, lang), one.variant) for one in [sc, *sc.variants]]
    except Exception as exc:  # noqa: BLE001 - any failure to set the table up is the file's
        raise WorksheetError(f"{path}: the lesson's table cannot be set up: {type(exc).__name__}: {exc}") from None
    first = walks[0][0]
    title = first.titles.get(lang) or first.title
    intro = wording(sc.raw, "description", lang)
    items = [Item(wt.titles.get(lang) or wt.title, fr)
             for wt, variant in walks for fr in _own_frames(wt, variant) if fr.exercise is not None]
    return title, intro, items


def _choice_words(fr: Frame, choice: str, lang: str) -> str:
    """A choice as the learner reads it: the lesson's own wording, or the move in words."""
    return fr.exercise.choice_text(choice, lang) or choice_label(choice, lang, fr.game.ruleset)


def _table(fr: Frame, lang: str) -> str:
    """The table as the player whose decision it is sees it (the whole table when nobody decides)."""
    deciding = fr.game.to_move
    viewer = deciding[0] if deciding and not fr.game.is_over() else None
    obs = fr.game.observe(viewer)
    # The beanometer line under a field says what a harvest pays: often the very answer asked for.
    drawn = fr.game.ruleset.view.table_html(obs, lang, [], meters=False)
    caption = f"<p class='seen'>{_esc(SHEET.text('sheet-seen-by', lang, player=viewer))}</p>" if viewer else ""
    return f"<div class='table'>{caption}{drawn}</div>"


def _key(fr: Frame, lang: str) -> str:
    ex = fr.exercise
    right = answer_words([_choice_words(fr, c, lang) for c in ex.answer], lang)
    parts = [f"<p>{_esc(SHEET.text('sheet-answer', lang, answer=right))}</p>"]
    said = ex.explain.get(lang) or ex.explain.get("en") or ""
    if said:
        parts.append(f"<p class='why'>{_esc(said)}</p>")
    cite = rule_citation(ex.rules, lang)
    if cite:
        parts.append(f"<p class='rule'>{_esc(cite)}</p>")
    return f"<div class='key'><h4>{_esc(SHEET.text('sheet-key', lang))}</h4>{''.join(parts)}</div>"


def question_html(item: Item, number: int, lang: str, answers: bool = False, lesson: str = "") -> str:
    """One question: its heading (with its variant's title where that is not ``lesson``'s), the
    words before it, the table, the question and the choices (each with an empty box), and with
    ``answers`` its key."""
    fr, ex = item.frame, item.frame.exercise
    question = ex.question.get(lang) or ex.question.get("en", "")
    how = SHEET.text("sheet-tick-every" if ex.multiple else "sheet-tick-one", lang)
    choices = "".join(f"<li><span class='box'></span> {_esc(_choice_words(fr, c, lang))}</li>" for c in ex.choices)
    # What leads to the question: the lesson's words at the step and what its moves did (not a
    # refusal's reason: that may be the answer).
    said = fr.say.get(lang) or fr.say.get("en")
    lead = ([said] if said else []) + [e.text(lang) for e in fr.events]
    context = "".join(f"<p class='say'>{_esc(x)}</p>" for x in lead)
    heading = _esc(SHEET.text("sheet-question", lang, number=number))
    if item.title != lesson:
        heading += f" <small>{_esc(item.title)}</small>"
    return "".join([f"<section class='q'><h3>{heading}</h3>", context, _table(fr, lang),
                    f"<p class='ask'>{_esc(question)}</p><p class='how'>{_esc(how)}</p>",
                    f"<ul class='choices'>{choices}</ul>", _key(fr, lang) if answers else "", "</section>"])


CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}
header.sheet{border-bottom:2px solid #888;margin-bottom:1em}
header.sheet .name{margin:.6em 0 1em}
header.sheet .name span{display:inline-block;width:18em;border-bottom:1px solid #444}
section.lesson > h2{margin-bottom:.2em}
section.q{margin:1.2em 0;padding-top:.4em}
section.q + section.q{border-top:1px dashed #aaa}
section.q h3 small{color:#666;font-weight:normal}
p.seen{color:#555;font-size:90%;margin:.3em 0}
p.ask{font-weight:bold;margin:.8em 0 .2em}
p.how{color:#555;font-size:90%;margin:0}
ul.choices{list-style:none;padding-left:.4em}
ul.choices li{margin:.35em 0}
.box{display:inline-block;width:.9em;height:.9em;border:1.5px solid #333;vertical-align:-.1em;margin-right:.4em}
.key{background:#f3f7ee;border-left:4px solid #6a8f3a;padding:.3em .8em;margin-top:.6em}
.key h4{margin:.2em 0}
.rule{color:#555;font-size:90%}
@media print{
  body{max-width:none;margin:0}
  section.lesson{break-before:page}
  section.lesson:first-of-type{break-before:auto}
  section.q{break-inside:avoid}
  section.q + section.q{break-before:page;border-top:none}
  *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
}
"""


def worksheet_html(paths: Iterable[Union[str, Path]], lang: str = "en", answers: bool = False) -> str:
    """The worksheet of the lessons at ``paths`` (files or folders) in ``lang``; with ``answers``
    the answer key under each question. Raises :class:`WorksheetError` naming a broken file."""
    # A folder's rule cases of refused setups have no table: they are left out (named, refused).
    lessons = [lesson_items(p, lang) for p, named in lesson_files(paths) if named or not refused_setup(p)]
    title = SHEET.text("sheet-key-title" if answers else "sheet-title", lang)
    body, number = [], 0
    for name, intro, items in lessons:
        part = [f"<section class='lesson'><h2>{_esc(name)}</h2>"]
        if intro:
            part.append(f"<p class='intro'>{_esc(intro)}</p>")
        if not items:
            part.append(f"<p class='rule'>{_esc(SHEET.text('sheet-no-questions', lang))}</p>")
        for item in items:
            number += 1
            part.append(question_html(item, number, lang, answers, name))
        body.append("".join(part) + "</section>")
    head = (f"<header class='sheet'><h1>{_esc(title)}</h1>"
            f"<p class='name'>{_esc(SHEET.text('sheet-name', lang))} <span>&nbsp;</span></p></header>")
    return (f"<!doctype html><html lang='{_esc(lang)}'><head><meta charset='utf-8'><title>{_esc(title)}</title>"
            f"<style>{CSS}</style></head><body>{head}{''.join(body)}</body></html>\n")
