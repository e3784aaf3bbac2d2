"""The "Hint" button: the strong player's advice for the seat this page plays; and, once
the game is over, the "Review" button: that seat's moves that cost the most.

``HintPanel(controller)`` asks ``Game.hint`` for the first seat the game waits for among
the seats the page acts for (so a hint is computed from that seat's observation only),
shows the suggested move, the next best moves with their estimated win chances and a
sentence why, in the page's language; ``set_lang`` rewords the answer without searching
again. The answer is cleared whenever the game moves on. When the game is over the
Review button appears: ``Game.review`` replays the game and marks the page's seat's
costliest decisions, each searched from what that seat could see then.

The answer's HTML carries data attributes for checks that read the page, not for people:
``data-beannb-ask`` (a number that grows with every answer), ``data-beannb-action`` (the
move in notation, on the suggestion and on each alternative) and ``lang``.
"""
from __future__ import annotations

import html
from typing import Any, Optional

import ipywidgets as W

from ..i18n.messages import NC_
from ..i18n.numbers import number, percent
from .views import button, classed
from .words import Words, table

MESSAGES = table([
    NC_("hint-button", "Hint"),
    NC_("hint-tip", "What would the strong player do now? (from what you can see)"),
    NC_("hint-not-yours", "No decision of yours is waited for now, so there is nothing to hint."),
    NC_("hint-over", "The game is over: press “Review my game” to see which of your moves cost the most."),
    NC_("hint-thinking", "Thinking…"),
    NC_("hint-suggested", "Suggested"),
    NC_("hint-others", "Other moves"),
    # TRANSLATORS: after a move the strong player weighed: win is a percentage already written
    # ("57%"), points a number, unit the game's word for its points ("coins")
    NC_("hint-odds", "estimated win chance {win} · about {points} {unit}"),
    NC_("hint-review", "Review my game"),
    NC_("hint-review-tip", "Which of your moves cost the most? (each judged from what you could see then)"),
    NC_("hint-reviewing", "Going through your moves…"),
    NC_("hint-review-of", "Review of {who}'s game"),
    NC_("hint-no-seat", "This page plays no seat, so there is no game of yours to review."),
])
WORDS = Words(MESSAGES, "hint-")


def _in(texts: Any, lang: str) -> str:
    """A text the hint search gives in each language, in ``lang`` (English where it has none)."""
    return texts.get(lang) or texts.get("en", "")


class HintPanel:
    """A "Hint" button and its answer for a :class:`~beannb.widgets.controller.GameController`,
    and a "Review my game" button once the game is over.

    ``iterations``: the hint's search budget (default ``beannb.bots.hint.HINT_ITERATIONS``,
    stopped at ``HINT_SECONDS``);
    the review uses ``REVIEW_SCREEN``/``REVIEW_CONFIRM`` iterations and ``REVIEW_SECONDS``.
    """

    def __init__(self, controller: Any, lang: Optional[str] = None, iterations: Optional[int] = None, seed: int = 0):
        self.c = controller
        self.lang = lang or getattr(controller, "lang", "en")
        self.iterations = iterations  # None: the hint module's default (it loads on the first ask)
        self.seed = seed
        self.hint: Any = None
        self.review: Any = None
        self._message: Optional[str] = None
        self._asked = 0
        self.button = button("beannb-hint-button", lambda: self.ask(), description=WORDS.text("button", self.lang),
                             tooltip=WORDS.text("tip", self.lang), icon="lightbulb-o")
        self.review_button = button("beannb-review-button", lambda: self.ask_review(),
                                    description=WORDS.text("review", self.lang),
                                    tooltip=WORDS.text("review_tip", self.lang),
                                    icon="search", layout=W.Layout(display="none", width="auto"))
        self.answer = classed(W.HTML(value=""), "beannb-hint-answer")
        # The Hint button stays the box's only direct button (pages and tests find it there).
        self.box = classed(W.VBox([self.button, W.HBox([self.review_button]), self.answer]), "beannb-hint")
        self._at: Any = None
        controller.on_change(lambda _c: self._changed())
        self._show_review_button()

    def _ipython_display_(self):  # pragma: no cover - shown in a notebook
        from IPython.display import display

        display(self.box)

    def player(self) -> Optional[str]:
        """The seat to advise: the first the game waits for among the page's seats."""
        g = self.c.game
        mine = set(getattr(self.c, "seats", g.players))
        return next((p for p in g.to_move if p in mine), None)

    def learner(self) -> Optional[str]:
        """The seat whose game a review goes through: the page's viewer, else its first seat."""
        g = self.c.game
        seats = list(getattr(self.c, "seats", g.players))
        viewer = getattr(self.c, "viewer", None)
        return viewer if viewer in seats else (seats[0] if seats else None)

    def ask(self) -> None:
        g = self.c.game
        self.hint, self.review, self._message = None, None, None
        if g.is_over():
            self._message = "over"
        else:
            who = self.player()
            if who is None:
                self._message = "not_yours"
            else:
                busy = html.escape(WORDS.text("thinking", self.lang))
                self.answer.value = f"<div class='beannb-hint-busy'><i>{busy}</i></div>"
                self.hint = g.hint(who, seed=self.seed, **self.budget())
        self._at = self._where()
        self._asked += 1
        self.render()

    def budget(self) -> dict:
        """The hint's search budget: ``iterations`` as given, else the hint module's
        default iterations capped at its HINT_SECONDS."""
        if self.iterations is not None:
            return {"iterations": self.iterations}
        from ..bots.hint import HINT_ITERATIONS, HINT_SECONDS

        return {"iterations": HINT_ITERATIONS, "seconds": HINT_SECONDS}

    def ask_review(self) -> None:
        """Go through the learner's decisions of this game: the costliest few, worst first."""
        from ..bots.hint import REVIEW_CONFIRM, REVIEW_SCREEN, REVIEW_SECONDS

        g = self.c.game
        self.hint, self.review, self._message = None, None, None
        who = self.learner()
        if who is None:
            self._message = "no_seat"
        else:
            busy = html.escape(WORDS.text("reviewing", self.lang))
            self.answer.value = f"<div class='beannb-hint-busy'><i>{busy}</i></div>"
            self.review = g.review(who, iterations=REVIEW_CONFIRM, screen=REVIEW_SCREEN, seconds=REVIEW_SECONDS,
                                   seed=self.seed)
        self._at = self._where()
        self._asked += 1
        self.render()

    def _where(self) -> Any:
        g = self.c.game
        return (len(g.steps), id(g.state), tuple(g.players))

    def _renames(self) -> dict:
        """Old name -> new when the game did not move on but its players were renamed (a page's
        language switch renames the example players); empty otherwise."""
        g = self.c.game
        if self._at is None or len(g.steps) != self._at[0] or len(g.players) != len(self._at[2]):
            return {}
        return {old: new for old, new in zip(self._at[2], g.players) if old != new}

    def _show_review_button(self) -> None:
        display = "" if self.c.game.is_over() else "none"
        if self.review_button.layout.display != display:
            self.review_button.layout.display = display

    def _changed(self) -> None:
        """The game moved on (the answer no longer applies), its players were renamed (the
        answer is worded anew with their names) or only the language changed."""
        if self._where() != self._at:
            names = self._renames()
            if names:
                g = self.c.game
                self.hint = self.hint.renamed(g, names) if self.hint is not None else None
                self.review = self.review.renamed(g, names) if self.review is not None else None
                self._at = self._where()
                self.render()
            else:
                self.clear()
        self._show_review_button()
        lang = getattr(self.c, "lang", self.lang)
        if lang != self.lang and lang in WORDS:
            self.set_lang(lang)

    def clear(self) -> None:
        self.hint, self.review, self._message = None, None, None
        self.answer.value = ""

    def _open(self, kind: str, **attrs: str) -> str:
        extra = "".join(f" data-beannb-{k}='{html.escape(v, quote=True)}'" for k, v in attrs.items())
        return f"<div class='beannb-hint-text beannb-{kind}' lang='{self.lang}' data-beannb-ask='{self._asked}'{extra}>"

    def render(self) -> None:
        lang = self.lang

        def w(key: str, **values: Any) -> str:
            return html.escape(WORDS.text(key, lang, **values))

        if self._message:
            self.answer.value = self._open("hint-message") + w(self._message) + "</div>"
            return
        if self.review is not None:
            self.answer.value = self._review_html()
            return
        if self.hint is None:
            self.answer.value = ""
            return
        h = self.hint
        word = _in(h.points_word, lang)
        rows = "".join(f"<li data-beannb-action='{html.escape(str(o.action), quote=True)}'>{html.escape(_in(o.label, lang))}: "
                       f"{w('odds', win=percent(o.win, lang), points=number(o.points, 1, lang), unit=word)}</li>"
                       for o in h.alternatives)
        self.answer.value = (self._open("hint-answer", action=str(h.best.action))
                             + f"<b>{w('suggested')}:</b> <span class='beannb-hint-best'>{html.escape(_in(h.best.sentence, lang))}</span>"
                             + f"<p class='beannb-hint-why'>{html.escape(_in(h.why, lang))}</p>"
                             + (f"<p>{w('others')}:</p><ul class='beannb-hint-alternatives'>{rows}</ul>" if rows else "")
                             + "</div>")

    def _review_html(self) -> str:
        r, lang = self.review, self.lang
        head = r.text(lang).split("\n")[0]
        items = "".join(f"<li data-beannb-step='{m.step}'>{html.escape(m.text(lang))}</li>" for m in r.mistakes)
        title = html.escape(WORDS.text("review_of", lang, who=r.player))
        return (self._open("review", moves=str(r.moves)) + f"<b>{title}</b><p>{html.escape(head)}</p>"
                + (f"<ol class='beannb-review-moves'>{items}</ol>" if items else "") + "</div>")

    def set_lang(self, lang: str) -> None:
        """Reword the buttons and the answer (no new search)."""
        self.lang = lang
        self.button.description = WORDS.text("button", lang)
        self.button.tooltip = WORDS.text("tip", lang)
        self.review_button.description = WORDS.text("review", lang)
        self.review_button.tooltip = WORDS.text("review_tip", lang)
        self.render()
