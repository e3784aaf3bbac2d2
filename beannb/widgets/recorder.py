"""Record a lesson from play: a teacher plays moves on a hot-seat table, marks the moves to
ask about, words the lesson (its title, an introduction, a note on any move, in each language
of the lesson) and saves a scenario file that replays exactly and passes ``beannb check``.

:func:`~beannb.scenarios.lesson_from_game` turns the played game into a scenario (a plain dict,
ready for YAML): the game's seed, players and options (so the deal is the same), one step per
move with a check of what it changed, before each marked move a question "which of these may
… do now?" whose choices are moves that were possible there (the engine decides the answer:
``answer: legal``), and for each move the table refused while recording a "why not?" question
(which rule forbids it) and the step that tries it, refused citing that rule.
:class:`LessonRecorder` is the widget around it.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Iterable, Optional

import ipywidgets as W

from ..core.errors import IllegalAction
from ..games import new_game
from ..i18n import LANGS
from ..i18n.messages import NC_, NPC_
from ..scenarios import lesson_from_game, save_lesson  # noqa: F401  (the recorder's API)
from .controller import GameController
from .page import initial_lang
from .views import button, classed
from .words import Words, table

MESSAGES = table([
    NC_("recorder-title", "Record a lesson"),
    NC_("recorder-intro", "Play the moves on the table below (every seat is yours). Before a move you want to "
                          "ask about, press “Ask about the next move”. A move the table refuses is kept as a "
                          "“why not?” question. Word the lesson below, then save it."),
    NC_("recorder-ask-next", "Ask about the next move"),
    NPC_("recorder-asked", "The next move will be asked ({n} question so far)",
         "The next move will be asked ({n} questions so far)"),
    # TRANSLATORS: a box for the lesson's wording in one language: field is Title, Introduction or
    # the note on a move; language is that language's name in the page's language (English, Hungarian).
    NC_("recorder-in-language", "{field} ({language}):"),
    # TRANSLATORS: the languages a lesson is worded in, named in the page's language.
    NC_("recorder-language-en", "English"),
    NC_("recorder-language-hu", "Hungarian"),
    NC_("recorder-lesson-title", "Title"),
    NC_("recorder-lesson-intro", "Introduction"),
    NC_("recorder-note", "Note on the move"),
    NC_("recorder-move", "Move:"),
    # TRANSLATORS: move is a move refused at the table, in words.
    NC_("recorder-kept", "Refused: {move}. The lesson keeps it as a “why not?” question."),
    NC_("recorder-file", "File:"),
    NC_("recorder-save", "Save the lesson"),
    # TRANSLATORS: steps and questions are the messages recorder-steps and recorder-questions
    NC_("recorder-saved", "Saved {path}: {steps}, {questions}; beannb check passes."),
    NPC_("recorder-steps", "{n} step", "{n} steps"),
    NPC_("recorder-questions", "{n} question", "{n} questions"),
    NPC_("recorder-too-few", "{n} marked move had too few possible moves to ask about.",
         "{n} marked moves had too few possible moves to ask about."),
    NC_("recorder-failed", "Saved {path}, but beannb check fails: {why}"),
    NC_("recorder-nothing", "Play at least one move first."),
])
TEXT = Words(MESSAGES, "recorder-")


#: The width of the wording boxes' labels: one width, so that the boxes line up.
LABEL_WIDTH = "18em"


def _boxes(kind, width: str, **kw) -> dict:
    """One box per language of the lesson, its label as wide as the others'."""
    return {lang: kind(value="", layout=W.Layout(width=width), style={"description_width": LABEL_WIDTH}, **kw)
            for lang in LANGS}


class LessonRecorder(W.VBox):
    """A hot-seat table for a teacher, with "ask about the next move", the lesson's wording and
    "save". ``refused`` keeps the moves the table refused, by the number of moves played
    before each; ``notes`` the teacher's note on each move (by its index, then language)."""

    def __init__(self, game: str = "bohnanza", players: Iterable[str] = ("Ann", "Bob", "Cid"), seed: int = 1,
                 options: Optional[dict] = None, path: str = "my_lesson.yaml", lang: Optional[str] = None,
                 **kw):
        from .apps import TableApp

        super().__init__(**kw)
        self.add_class("beannb-recorder")
        self.lang = initial_lang(lang)
        self.game = new_game(game, players=list(players), seed=seed, **dict(options or {}))
        self.controller = GameController(self.game, lang=self.lang)
        self.table = TableApp(self.controller)
        self.asked: set[int] = set()
        self.refused: dict[int, list[str]] = {}
        self.notes: dict[int, dict[str, str]] = {}
        self._noted: dict[int, str] = {}  # the move each note was written on
        self._labels: dict[tuple[str, str], str] = {}
        self.head = W.HTML()
        self.ask_b = button("beannb-recorder-ask", lambda: self.ask_next(), button_style="info",
                            layout=W.Layout(width="auto"))
        self.titles = _boxes(W.Text, "560px")
        self.title = self.titles["en"]
        self.intros = _boxes(W.Textarea, "720px", rows=2)
        self.move_pick = classed(W.Dropdown(options=[], layout=W.Layout(width="720px"),
                                            style={"description_width": LABEL_WIDTH}), "beannb-recorder-move")
        self.note_boxes = _boxes(W.Textarea, "720px", rows=2)
        self._loading = False
        self.move_pick.observe(lambda _c: self._show_note(), names="value")
        for lang, box in self.note_boxes.items():
            box.observe(lambda c, lang=lang: self._keep_note(lang, c["new"]), names="value")
        self.path = W.Text(value=path, layout=W.Layout(width="720px"), style={"description_width": LABEL_WIDTH})
        self.save_b = button("beannb-recorder-save", lambda: self.save(), button_style="success")
        self.status = classed(W.HTML(), "beannb-recorder-status")
        self.controller.on_change(lambda _c: self._played())
        self.set_lang(self.lang)
        wording = classed(W.VBox([*self.titles.values(), *self.intros.values(), self.move_pick,
                                  *self.note_boxes.values()]), "beannb-recorder-wording")
        self.children = [self.head, W.HBox([self.ask_b]), wording, W.HBox([self.path, self.save_b]),
                         self.status, self.table]

    def _tx(self, key: str, **values) -> str:
        return TEXT.text(key, self.lang, **values)

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in TEXT else "en"
        tx = self._tx
        self.head.value = f"<h3>{escape(tx('title'))}</h3><p>{escape(tx('intro'))}</p>"
        self.ask_b.description = tx("ask_next")
        for key, boxes in (("lesson_title", self.titles), ("lesson_intro", self.intros), ("note", self.note_boxes)):
            for lg, box in boxes.items():
                box.description = tx("in_language", field=tx(key), language=tx("language_" + lg))
        self.move_pick.description = tx("move")
        self.path.description = tx("file")
        self.save_b.description = tx("save")
        self._list_moves()
        if hasattr(self.table, "set_lang"):
            self.table.set_lang(self.lang)

    # -- while playing -------------------------------------------------------------------------
    def ask_next(self) -> None:
        """Ask about the move played next (the one after those played so far)."""
        self.asked.add(len(self.game.actions))
        self.status.value = escape(self._tx("asked", n=len(self.asked)))

    def _played(self) -> None:
        """After each change at the table: keep a refused move (once), list the moves."""
        out = self.controller.last
        if out is not None and isinstance(out.error, IllegalAction):
            tried = self.refused.setdefault(len(self.game.actions), [])
            if out.action not in tried:
                tried.append(out.action)
                self.status.value = escape(self._tx("kept", move=self._label(out.action, self.lang)))
        self._list_moves()

    def _list_moves(self) -> None:
        """The moves played, in words, to pick the one a note is about (the newest after a move)."""
        options = [(f"{i + 1}. {self._label(str(a), self.lang)}", i) for i, a in enumerate(self.game.actions)]
        if options == list(self.move_pick.options):
            return
        newest = len(options) - 1 if options else None
        keep = self.move_pick.value if len(options) == len(self.move_pick.options) else newest
        self._loading = True
        self.move_pick.options = options
        self.move_pick.value = keep
        self._loading = False
        self._show_note()

    def _label(self, action: str, lang: str) -> str:
        """A move in words (kept: the list of moves is worded again after every move)."""
        key = (action, lang)
        if key not in self._labels:
            rs = self.game.ruleset
            self._labels[key] = rs.describe(rs.parse(action), lang).rstrip(".")
        return self._labels[key]

    def _note(self, i: Optional[int]) -> dict[str, str]:
        """The note on move ``i`` (none for a move undone since, or played again differently)."""
        actions = self.game.actions
        if i is None or i >= len(actions) or self._noted.get(i) != str(actions[i]):
            return {}
        return self.notes.get(i) or {}

    def _show_note(self) -> None:
        i = self.move_pick.value
        self._loading = True
        for lang, box in self.note_boxes.items():
            box.value = self._note(i).get(lang, "")
            box.disabled = i is None
        self._loading = False

    def _keep_note(self, lang: str, text: str) -> None:
        i = self.move_pick.value
        if not self._loading and i is not None:
            self.notes[i] = {**self._note(i), lang: text}
            self._noted[i] = str(self.game.actions[i])

    # -- saving ----------------------------------------------------------------------------------
    def lesson(self) -> dict:
        """The lesson as recorded so far (a scenario, ready for :func:`save_lesson`)."""
        n = len(self.game.actions)
        asked = {i for i in self.asked if i < n}
        titles = {lang: box.value for lang, box in self.titles.items()}
        return lesson_from_game(self.game, titles.get("en", ""), titles=titles, ask=asked,
                                refused={i: t for i, t in self.refused.items() if i <= n},
                                intro={lang: box.value for lang, box in self.intros.items()},
                                notes={i: self._note(i) for i in self.notes if self._note(i)})

    def save(self) -> Optional[Path]:
        from ..scenario_format import load_scenario
        from ..scenarios import run_scenario

        tx = self._tx
        if not self.game.actions:
            self.status.value = escape(tx("nothing"))
            return None
        scenario = self.lesson()
        path = save_lesson(scenario, self.path.value)
        result = run_scenario(load_scenario(path))
        questions = sum("ask" in st for st in scenario["steps"])
        if result.passed:
            said = tx("saved", path=path, steps=TEXT.message("steps", n=len(scenario["steps"])),
                      questions=TEXT.message("questions", n=questions))
            asked = sum(1 for i in self.asked if i < len(self.game.actions))
            missing = asked - sum("ask" in st and st.get("answer") == "legal" for st in scenario["steps"])
            if missing > 0:
                said += " " + tx("too_few", n=missing)
            self.status.value = escape(said)
        else:
            self.status.value = escape(tx("failed", path=path, why=result.failures[0]))
        return path
