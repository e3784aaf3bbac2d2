"""The "Hint" button: the strong player's advice for the seat this page plays.

``HintPanel(controller)`` asks ``Game.hint`` for the first seat the game waits for among
the seats the page acts for (so a hint is computed from that seat's observation only),
shows the suggested move, the next best moves with their estimated win chances and a
sentence why, in the page's language; ``set_lang`` rewords the answer without searching
again. The answer is cleared whenever the game moves on.
"""
from __future__ import annotations

import html
from typing import Any, Optional

import ipywidgets as W

WORDS = {
    "en": {"button": "Hint", "tip": "What would the strong player do now? (from what you can see)",
           "not_yours": "No decision of yours is waited for now, so there is nothing to hint.",
           "over": "The game is over.", "thinking": "Thinking…"},
    "hu": {"button": "Tipp", "tip": "Mit lépne most az erős játékos? (abból, amit látsz)",
           "not_yours": "Most nem a te döntésedre vár a játék, így nincs mit tanácsolni.",
           "over": "A játéknak vége.", "thinking": "Gondolkodom…"},
}


class HintPanel:
    """A "Hint" button and its answer for a :class:`~beannb.widgets.controller.GameController`."""

    def __init__(self, controller: Any, lang: Optional[str] = None, iterations: int = 96, seed: int = 0):
        self.c = controller
        self.lang = lang or getattr(controller, "lang", "en")
        self.iterations = iterations
        self.seed = seed
        self.hint: Any = None
        self._message: Optional[str] = None
        self.button = W.Button(description=WORDS[self.lang]["button"], tooltip=WORDS[self.lang]["tip"], icon="lightbulb-o")
        self.answer = W.HTML(value="")
        self.button.on_click(lambda _b: self.ask())
        self.box = W.VBox([self.button, self.answer])
        self._at: Any = None
        controller.on_change(lambda _c: self._changed())

    def _ipython_display_(self):  # pragma: no cover - shown in a notebook
        from IPython.display import display

        display(self.box)

    def player(self) -> Optional[str]:
        """The seat to advise: the first the game waits for among the page's seats."""
        g = self.c.game
        mine = set(getattr(self.c, "seats", g.players))
        return next((p for p in g.to_move if p in mine), None)

    def ask(self) -> None:
        g = self.c.game
        self.hint, self._message = None, None
        if g.is_over():
            self._message = "over"
        else:
            who = self.player()
            if who is None:
                self._message = "not_yours"
            else:
                self.answer.value = f"<i>{WORDS[self.lang]['thinking']}</i>"
                self.hint = g.hint(who, iterations=self.iterations, seed=self.seed)
        self._at = self._where()
        self.render()

    def _where(self) -> Any:
        g = self.c.game
        return (len(g.steps), id(g.state))

    def _changed(self) -> None:
        """The game moved on (the answer no longer applies) or only the language changed."""
        if self._where() != self._at:
            self.clear()
        lang = getattr(self.c, "lang", self.lang)
        if lang != self.lang and lang in WORDS:
            self.set_lang(lang)

    def clear(self) -> None:
        self.hint, self._message = None, None
        self.answer.value = ""

    def render(self) -> None:
        lang = self.lang
        if self._message:
            self.answer.value = f"<div class='beannb-hint'>{html.escape(WORDS[lang][self._message])}</div>"
            return
        if self.hint is None:
            self.answer.value = ""
            return
        h = self.hint
        word = h.points_word.get(lang, "")
        num = (lambda x: f"{x:.1f}".replace(".", ",")) if lang == "hu" else (lambda x: f"{x:.1f}")
        rows = "".join(f"<li>{html.escape(o.label[lang])}: {round(100 * o.win)}% · {num(o.points)} {html.escape(word)}</li>"
                       for o in h.alternatives)
        head = "Javaslat" if lang == "hu" else "Suggested"
        others = "Más lehetőségek" if lang == "hu" else "Other moves"
        self.answer.value = (f"<div class='beannb-hint'><b>{head}:</b> {html.escape(h.best.sentence[lang])}"
                             f"<p>{html.escape(h.why[lang])}</p>"
                             + (f"<p>{others}:</p><ul>{rows}</ul>" if rows else "") + "</div>")

    def set_lang(self, lang: str) -> None:
        """Reword the button and the answer (no new search)."""
        self.lang = lang
        self.button.description = WORDS[lang]["button"]
        self.button.tooltip = WORDS[lang]["tip"]
        self.render()
