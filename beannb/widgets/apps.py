"""Wiring: connect a controller (or a walkthrough) to views. Each app is an ipywidgets box."""
from __future__ import annotations

from html import escape
from typing import Optional, Union

import ipywidgets as W

from ..bots import BOTS, make_bot
from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.game import Game, new_game
from ..i18n.ui import t
from ..walkthrough import Walkthrough
from . import views
from .controller import GameController, Outcome


class TableApp(W.VBox):
    """A live table: the board, the actions of whoever decides, trading, "try anything",
    undo/redo and the narrated log. With bots in the controller, the person plays
    ``controller.viewer``'s seat; without, it is a hot-seat/teacher table."""

    def __init__(self, controller: GameController, show_seat_selector: bool = True, **kw):
        super().__init__(**kw)
        self.c = controller
        self.show_seat_selector = show_seat_selector
        self.add_class("beannb-app")
        self.c.on_change(lambda _c: self.render())
        self.render()

    # who acts through this panel
    def acting_players(self) -> list[str]:
        g = self.c.game
        if self.c.bots:
            return [self.c.viewer] if self.c.viewer else []
        if self.c.viewer:
            return [self.c.viewer]
        return g.to_move

    def _play(self, action: Union[str, Action]) -> None:
        self.c.play(action)

    def render(self) -> None:
        c, g, lang = self.c, self.c.game, self.c.lang
        obs = c.observation()
        lang_tb = views.language_toggle(lang)
        lang_tb.observe(lambda ch: c.set_lang(ch["new"]), names="value")
        header = [lang_tb]
        if self.show_seat_selector and not c.bots:
            sel = views.seat_selector(g.players, c.viewer, lang)
            sel.observe(lambda ch: c.set_viewer(ch["new"] or None), names="value")
            header.append(sel)
        undo = W.Button(description=t("undo", lang), disabled=not g.can_undo, icon="")
        undo.add_class("beannb-undo")
        undo.on_click(lambda _b: c.undo())
        redo = W.Button(description=t("redo", lang), disabled=not g.can_redo)
        redo.add_class("beannb-redo")
        redo.on_click(lambda _b: c.redo())
        header += [undo, redo]
        parts: list[W.Widget] = [W.HBox(header), views.table_view(obs, lang)]
        if c.last is not None:
            err = c.last.error
            parts.append(views.message_box(c.last.message(lang), c.last.ok,
                                           err.rule if isinstance(err, IllegalAction) else None))
        if g.is_over():
            parts.append(W.HTML(f"<h3 class='beannb-over'>{escape(t('game_over', lang))}</h3>"))
        else:
            acting = self.acting_players()
            actions = [a for p in acting for a in c.legal_for(p)]
            parts.append(W.HTML(f"<b>{escape(t('actions', lang))}</b> "
                                f"<span style='color:#777'>({escape(t('waiting_for', lang))}: {escape(', '.join(g.to_move))})</span>"))
            parts.append(views.action_panel(actions, lang, self._play, show_player=len(acting) > 1))
            s = g.state
            for p in acting:
                partners = c.offer_partners(p)
                if partners:
                    seat = s.seat_of(p)
                    parts.append(views.trade_builder(p, partners, s.players[seat].hand, s.faceup, seat == s.active,
                                                     g.ruleset.profile(s).beans, lang, self._play))
                    break
            parts.append(views.try_box(lang, self._play))
        parts.append(views.log_view(g.narration(lang), lang))
        self.children = parts


class PlayApp(W.VBox):
    """Play one seat against bots: choose the number and kind of bots, then play."""

    def __init__(self, game: str = "bohnanza", you: str = "You", seed: int = 1, bots: int = 2,
                 bot_kind: str = "greedy", lang: str = "en", **options):
        super().__init__()
        self.add_class("beannb-play")
        self.game_name, self.you, self.options, self.lang = game, you, options, lang
        self.n_bots = W.Dropdown(options=[1, 2, 3, 4], value=bots, description=t("bots", lang))
        self.n_bots.add_class("beannb-n-bots")
        self.kind = W.Dropdown(options=sorted(BOTS), value=bot_kind, description=t("bot_kind", lang))
        self.kind.add_class("beannb-bot-kind")
        self.seed = W.IntText(value=seed, description=t("seed", lang), layout=W.Layout(width="180px"))
        start = W.Button(description=t("new_game", lang), button_style="success")
        start.add_class("beannb-new-game")
        start.on_click(lambda _b: self.start())
        self.bar = W.HBox([self.n_bots, self.kind, self.seed, start])
        self.message = W.HTML()
        self.table: Optional[TableApp] = None
        self.start()

    def start(self) -> None:
        names = [self.you] + ["Bot" + str(i + 1) for i in range(self.n_bots.value)]
        try:
            g = new_game(self.game_name, names, self.seed.value, **self.options)
        except ValueError as exc:  # e.g. a player count the edition does not support
            self.message.value = f"<div class='beannb-refusal' style='color:#b00'>{escape(str(exc))}</div>"
            self.children = [self.bar, self.message] + ([self.table] if self.table else [])
            return
        bots = {n: make_bot(self.kind.value, self.seed.value * 100 + i) for i, n in enumerate(names) if n != self.you}
        lang = self.table.c.lang if self.table else self.lang
        c = GameController(g, bots, viewer=self.you, lang=lang)
        c.run_bots()
        self.controller = c
        self.table = TableApp(c)
        self.message.value = ""
        self.children = [self.bar, self.message, self.table]


class WalkthroughApp(W.VBox):
    """Step through a scenario or a recorded game: back, next, jump; narration, the rule
    behind each step, what changed (highlighted), and exercises with feedback."""

    def __init__(self, source: Union[str, Walkthrough, Game], lang: str = "en", **kw):
        super().__init__(**kw)
        self.add_class("beannb-walkthrough")
        if isinstance(source, Walkthrough):
            self.w = source
        elif isinstance(source, Game):
            self.w = Walkthrough.from_game(source)
        else:
            self.w = Walkthrough.from_scenario(source)
        self.lang = lang
        self.i = 0
        self.feedback: dict[int, tuple[bool, str]] = {}
        self.render()

    def go(self, i: int) -> None:
        self.i = max(0, min(len(self.w) - 1, i))
        self.render()

    def answer(self, picked) -> bool:
        ex = self.w[self.i].exercise
        ok = ex.check(picked)
        text = t("correct" if ok else "wrong", self.lang)
        expl = ex.explain.get(self.lang) or ex.explain.get("en")
        if not ok:
            text += " " + ("Jó válasz" if self.lang == "hu" else "Answer") + ": " + (", ".join(ex.answer) or "—") + "."
        if expl:
            text += " " + expl
        self.feedback[self.i] = (ok, text)
        self.render()
        return ok

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.render()

    def render(self) -> None:
        f = self.w[self.i]
        lang = self.lang
        lang_tb = views.language_toggle(lang)
        lang_tb.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        back = W.Button(description=t("back", lang), disabled=self.i == 0)
        back.add_class("beannb-back")
        back.on_click(lambda _b: self.go(self.i - 1))
        nxt = W.Button(description=t("next", lang), disabled=self.i == len(self.w) - 1, button_style="primary")
        nxt.add_class("beannb-next")
        nxt.on_click(lambda _b: self.go(self.i + 1))
        slider = W.IntSlider(value=self.i, min=0, max=len(self.w) - 1, description=t("step", lang), continuous_update=False)
        slider.add_class("beannb-jump")
        slider.observe(lambda ch: self.go(ch["new"]), names="value")
        counter = W.HTML(f"<span>{self.i} / {len(self.w) - 1}</span>")
        counter.add_class("beannb-counter")
        title = W.HTML(f"<h3 style='margin:4px 0'>{escape(self.w.title)}</h3>")
        lines = f.narration(lang)
        narr = "".join(f"<p style='margin:2px 0'>{escape(x)}</p>" for x in lines) or "&nbsp;"
        action = f"<code>{escape(f.action)}</code>" if f.action else ""
        narration = W.HTML(f"<div style='background:#f7f7f2;padding:6px 10px;border-radius:6px'>{action}{narr}</div>")
        narration.add_class("beannb-narration")
        rules = "".join(f"<div><b class='beannb-rule'>{escape(rid)}</b> <i>{escape(title_)}</i>: {escape(text)}</div>"
                        for rid, title_, text in f.rule_texts(lang))
        rule_box = W.HTML(f"<div style='border-left:4px solid #3f6fd1;padding:4px 8px;margin:4px 0'>"
                          f"<b>{escape(t('rule', lang))}</b>{rules}</div>" if rules else "")
        rule_box.add_class("beannb-rules")
        obs = f.game.observe(None)
        table = views.table_view(obs, lang, f.changed)
        changed = W.HTML(f"<small>{escape(t('changed', lang))}: {escape(', '.join(f.changed))}</small>" if f.changed else "")
        parts = [W.HBox([lang_tb]), title, W.HBox([back, nxt, slider, counter]), narration, rule_box, table, changed]
        if f.exercise is not None:
            parts.append(self._exercise_box(f))
        self.children = parts

    def _exercise_box(self, f) -> W.VBox:
        ex, lang = f.exercise, self.lang
        q = ex.question.get(lang) or ex.question["en"]
        hint = t("choose_all_legal" if ex.multiple else "pick_one", lang)
        if ex.multiple:
            boxes = [W.Checkbox(value=False, description=c, indent=False) for c in ex.choices]
            for b in boxes:
                b.add_class("beannb-choice")
            pick = lambda: [b.description for b in boxes if b.value]
            inputs: W.Widget = W.VBox(boxes)
        else:
            radio = W.RadioButtons(options=ex.choices, value=None)
            radio.add_class("beannb-choice")
            pick = lambda: radio.value
            inputs = radio
        check = W.Button(description=t("check", lang), button_style="info")
        check.add_class("beannb-check")
        check.on_click(lambda _b: self.answer(pick()))
        parts = [W.HTML(f"<b>{escape(t('exercise', lang))}:</b> {escape(q)} <i>{escape(hint)}</i>"), inputs, check]
        if f.index in self.feedback:
            ok, text = self.feedback[f.index]
            box = views.message_box(text, ok)
            box.add_class("beannb-feedback")
            box.add_class("beannb-feedback-" + ("right" if ok else "wrong"))
            parts.append(box)
        w = W.VBox(parts, layout=W.Layout(border="1px solid #ccc", padding="6px", margin="6px 0"))
        w.add_class("beannb-exercise")
        return w
