"""Record a lesson from play: a teacher plays moves on a hot-seat table, marks the moves to
ask about, and saves a scenario file that replays exactly and passes ``beannb check``.

:func:`~beannb.scenarios.lesson_from_game` turns a played game into a scenario (a plain dict, ready for YAML):
the game's seed, players and options (so the deal is the same), one step per action with a
check of what the action changed, and before each marked action a question "which of
these may … do now?" whose choices mix the move that was played, other legal moves and
moves the rules refuse at that moment (the engine decides the answer: ``answer: legal``).
:class:`LessonRecorder` is the widget around it.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Iterable, Optional

import ipywidgets as W

from ..games import new_game
from ..i18n.messages import NC_, NPC_
from ..scenarios import lesson_from_game, save_lesson  # noqa: F401  (the recorder's API)
from .controller import GameController
from .page import initial_lang
from .words import Words, table

MESSAGES = table([
    NC_("recorder-title", "Record a lesson"),
    NC_("recorder-intro", "Play the moves on the table below (every seat is yours). Before a move you want to "
                          "ask about, press “Ask about the next move”; then save the lesson."),
    NC_("recorder-ask-next", "Ask about the next move"),
    NPC_("recorder-asked", "The next move will be asked ({n} question so far)",
         "The next move will be asked ({n} questions so far)"),
    NC_("recorder-lesson-title", "Title:"),
    NC_("recorder-file", "File:"),
    NC_("recorder-save", "Save the lesson"),
    # TRANSLATORS: steps and questions are the messages recorder-steps and recorder-questions
    NC_("recorder-saved", "Saved {path}: {steps}, {questions}; beannb check passes."),
    NPC_("recorder-steps", "{n} step", "{n} steps"),
    NPC_("recorder-questions", "{n} question", "{n} questions"),
    NC_("recorder-failed", "Saved {path}, but beannb check fails: {why}"),
    NC_("recorder-nothing", "Play at least one move first."),
])
TEXT = Words(MESSAGES, "recorder-")


class LessonRecorder(W.VBox):
    """A hot-seat table for a teacher, with "ask about the next move" and "save"."""

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
        self.head = W.HTML()
        self.ask_b = W.Button(button_style="info")
        self.ask_b.add_class("beannb-recorder-ask")
        self.ask_b.on_click(lambda _b: self.ask_next())
        self.title = W.Text(value="", layout=W.Layout(width="360px"), style={"description_width": "initial"})
        self.path = W.Text(value=path, layout=W.Layout(width="360px"), style={"description_width": "initial"})
        self.save_b = W.Button(button_style="success")
        self.save_b.add_class("beannb-recorder-save")
        self.save_b.on_click(lambda _b: self.save())
        self.status = W.HTML()
        self.status.add_class("beannb-recorder-status")
        self.set_lang(self.lang)
        self.children = [self.head, W.HBox([self.ask_b]), W.HBox([self.title]), W.HBox([self.path, self.save_b]),
                         self.status, self.table]

    def _tx(self, key: str, **values) -> str:
        return TEXT.text(key, self.lang, **values)

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in TEXT else "en"
        tx = self._tx
        self.head.value = f"<h3>{escape(tx('title'))}</h3><p>{escape(tx('intro'))}</p>"
        self.ask_b.description = tx("ask_next")
        self.title.description = tx("lesson_title")
        self.path.description = tx("file")
        self.save_b.description = tx("save")
        if hasattr(self.table, "set_lang"):
            self.table.set_lang(self.lang)

    def ask_next(self) -> None:
        """Ask about the move played next (the one after those played so far)."""
        self.asked.add(len(self.game.actions))
        self.status.value = escape(self._tx("asked", n=len(self.asked)))

    def save(self) -> Optional[Path]:
        from ..scenario_format import load_scenario
        from ..scenarios import run_scenario

        tx = self._tx
        if not self.game.actions:
            self.status.value = escape(tx("nothing"))
            return None
        asked = {i for i in self.asked if i < len(self.game.actions)}
        title = self.title.value.strip() or Path(self.path.value).stem.replace("_", " ")
        scenario = lesson_from_game(self.game, title, ask=asked)
        path = save_lesson(scenario, self.path.value)
        result = run_scenario(load_scenario(path))
        if result.passed:
            self.status.value = escape(tx("saved", path=path, steps=TEXT.message("steps", n=len(scenario["steps"])),
                                          questions=TEXT.message("questions", n=len(asked))))
        else:
            self.status.value = escape(tx("failed", path=path, why=result.failures[0]))
        return path
