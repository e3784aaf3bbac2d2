"""Record a lesson from play: a teacher plays moves on a hot-seat table, marks the moves to
ask about, and saves a scenario file that replays exactly and passes ``beannb check``.

:func:`lesson_from_game` turns a played game into a scenario (a plain dict, ready for YAML):
the game's seed, players and options (so the deal is the same), one step per action with a
check of what the action changed, and before each marked action a question "which of
these may … do now?" whose choices mix the move that was played, other legal moves and
moves the rules refuse at that moment (the engine decides the answer: ``answer: legal``).
:class:`LessonRecorder` is the widget around it.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Iterable, Optional, Union

import ipywidgets as W

from ..core.actions import Action
from ..core.game import Game
from ..games import new_game
from .controller import GameController
from .page import initial_lang

TEXT = {
    "en": {
        "title": "Record a lesson",
        "intro": "Play the moves on the table below (every seat is yours). Before a move you want to "
                 "ask about, press “Ask about the next move”; then save the lesson.",
        "ask_next": "Ask about the next move",
        "asked": "The next move will be asked ({n} question(s) so far)",
        "lesson_title": "Title:",
        "file": "File:",
        "save": "Save the lesson",
        "saved": "Saved {path}: {steps} step(s), {questions} question(s); beannb check passes.",
        "failed": "Saved {path}, but beannb check fails: {why}",
        "nothing": "Play at least one move first.",
        "question": "Which of these may {player} do now?",
        "explain": "The rules allow exactly the moves marked right; {player} played: {move}",
        "scene": "{player} decides.",
    },
    "hu": {
        "title": "Lecke felvétele",
        "intro": "Játszd le a lépéseket a lenti asztalon (minden hely a tiéd). Mielőtt egy olyan "
                 "lépést teszel, amelyre rá akarsz kérdezni, nyomd meg a „Kérdezz rá a következő lépésre” "
                 "gombot; végül mentsd el a leckét.",
        "ask_next": "Kérdezz rá a következő lépésre",
        "asked": "A következő lépésre kérdés jön (eddig {n} kérdés)",
        "lesson_title": "Cím:",
        "file": "Fájl:",
        "save": "Lecke mentése",
        "saved": "Elmentve: {path}: {steps} lépés, {questions} kérdés; a beannb check hibát nem talál.",
        "failed": "Elmentve: {path}, de a beannb check hibát jelez: {why}",
        "nothing": "Előbb lépj legalább egyet.",
        "question": "Mit tehet most {player} ezek közül?",
        "explain": "A szabályok pontosan a helyesnek jelölt lépéseket engedik; {player} ezt lépte: {move}",
        "scene": "{player} dönt.",
    },
}

#: At most this many table paths are checked after each recorded move.
MAX_CHECKS = 4
#: Choices of a recorded question: the move played, other legal moves, refused moves.
OTHER_LEGAL, REFUSED = 2, 2


def _changed(before: dict, after: dict) -> dict:
    keys = [k for k in after if before.get(k) != after[k]]
    # Coins and fields first: what a learner watches; then the rest in table order.
    keys.sort(key=lambda k: (0 if k.endswith((".coins", ".fields")) else 1))
    return {k: after[k] for k in keys[:MAX_CHECKS]}


def _question(game: Game, action: Action, pool: list[Action], seed: int) -> dict:
    """The choices of a question about ``action``: it, up to two other legal moves of the
    same player, and up to two moves of this game the rules refuse now (seeded order)."""
    import random

    rng = random.Random(seed)
    legal = [a for a in game.legal_actions(action.player) if a.player == action.player and a != action]
    rng.shuffle(legal)
    refused = [a for a in pool if a.player == action.player and a != action and a not in legal
               and game.explain(a) is not None]
    rng.shuffle(refused)
    choices = [action, *legal[:OTHER_LEGAL], *refused[:REFUSED]]
    rng.shuffle(choices)
    return {"choices": [str(a) for a in choices]}


def lesson_from_game(game: Game, title: str, *, title_hu: Optional[str] = None,
                     ask: Iterable[int] = (), seed: int = 0) -> dict[str, Any]:
    """A scenario that replays ``game`` from its seed; ``ask`` holds the indexes (from 0)
    of the actions to ask about before they are played."""
    if game.custom_start or game.seed is None:
        raise ValueError("only a game dealt from its seed can be recorded (Game.new)")
    asked = set(ask)
    actions = list(game.actions)
    replay = Game.new(game.ruleset, game.players, game.seed, game.options)
    rules: list[str] = []
    steps: list[dict[str, Any]] = []
    en, hu = TEXT["en"], TEXT["hu"]
    for i, action in enumerate(actions):
        if i in asked:
            q = _question(replay, action, actions, seed + i)
            who = action.player
            label = replay.ruleset.action_label(action, "en")
            label_hu = replay.ruleset.action_label(action, "hu")
            steps.append({
                "say": en["scene"].format(player=who), "say_hu": hu["scene"].format(player=who),
                "ask": en["question"].format(player=who), "ask_hu": hu["question"].format(player=who),
                **q, "answer": "legal",
                "explain": en["explain"].format(player=who, move=label),
                "explain_hu": hu["explain"].format(player=who, move=label_hu),
            })
        before = replay.table()
        events = replay.play(action)
        step: dict[str, Any] = {"do": str(action)}
        checks = _changed(before, replay.table())
        if checks:
            step["expect"] = checks
        ids = [e.rule for e in events if getattr(e, "rule", None)]
        if ids:
            step["rule"] = ids[0] if len(set(ids)) == 1 else sorted(set(ids))
            rules += [r for r in ids if r not in rules]
        steps.append(step)
    # A question's rule is the rule of the move it asks about.
    for k, st in enumerate(steps):
        if "ask" in st and "rule" not in st and k + 1 < len(steps) and "rule" in steps[k + 1]:
            st["rule"] = steps[k + 1]["rule"]
    scenario: dict[str, Any] = {"title": title}
    if title_hu:
        scenario["title_hu"] = title_hu
    scenario.update({"game": game.game, "players": list(game.players), "seed": game.seed})
    if game.options:
        scenario["options"] = dict(game.options)
    if rules:
        scenario["rules"] = rules
    scenario["steps"] = steps
    return scenario


def save_lesson(scenario: dict, path: Union[str, Path]) -> Path:
    import yaml

    class NoAliases(yaml.SafeDumper):
        """Scenario files refuse YAML aliases: write a shared value out each time."""

        def ignore_aliases(self, data: Any) -> bool:
            return True

    path = Path(path)
    text = yaml.dump(scenario, Dumper=NoAliases, sort_keys=False, allow_unicode=True, width=100)
    path.write_text("# Recorded from play with beannb's lesson recorder.\n" + text, encoding="utf-8")
    return path


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

    def _tx(self) -> dict:
        return TEXT.get(self.lang, TEXT["en"])

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in TEXT else "en"
        tx = self._tx()
        self.head.value = f"<h3>{escape(tx['title'])}</h3><p>{escape(tx['intro'])}</p>"
        self.ask_b.description = tx["ask_next"]
        self.title.description = tx["lesson_title"]
        self.path.description = tx["file"]
        self.save_b.description = tx["save"]
        if hasattr(self.table, "set_lang"):
            self.table.set_lang(self.lang)

    def ask_next(self) -> None:
        """Ask about the move played next (the one after those played so far)."""
        self.asked.add(len(self.game.actions))
        self.status.value = escape(self._tx()["asked"].format(n=len(self.asked)))

    def save(self) -> Optional[Path]:
        from ..scenario_format import load_scenario
        from ..scenarios import run_scenario

        tx = self._tx()
        if not self.game.actions:
            self.status.value = escape(tx["nothing"])
            return None
        asked = {i for i in self.asked if i < len(self.game.actions)}
        title = self.title.value.strip() or Path(self.path.value).stem.replace("_", " ")
        scenario = lesson_from_game(self.game, title, ask=asked)
        path = save_lesson(scenario, self.path.value)
        result = run_scenario(load_scenario(path))
        if result.passed:
            self.status.value = escape(tx["saved"].format(path=path, steps=len(scenario["steps"]),
                                                          questions=len(asked)))
        else:
            self.status.value = escape(tx["failed"].format(path=path, why=result.failures[0]))
        return path
