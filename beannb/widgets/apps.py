"""Wiring: connect a controller (or a walkthrough) to views. Each app is an ipywidgets box."""
from __future__ import annotations

from html import escape
from typing import Optional, Union

import ipywidgets as W

from ..bots import BOTS, make_bot
from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.game import Game
from ..games import get_ruleset, new_game
from ..i18n.ui import t
from ..walkthrough import Walkthrough
from . import views
from .controller import GameController, Outcome


def choice_label(choice: str, lang: str, ruleset=None) -> str:
    """An exercise choice as a learner reads it: actions get their button label."""
    try:
        a = ruleset.parse(choice)
    except (ValueError, AttributeError):
        return choice
    return f"{a.player}: {ruleset.action_label(a, lang)}"


def describe_changes(paths, lang: str) -> str:
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


class TableApp(W.VBox):
    """A live table: the board, the actions of whoever decides, trading, "try anything",
    undo/redo and the narrated log. With bots in the controller, the person plays
    ``controller.viewer``'s seat; without, it is a hot-seat/teacher table.

    The widget tree is built once; a change updates values and rebuilds only the parts
    whose content changed (the action buttons, the trade builder), closing the old ones.
    """

    def __init__(self, controller: GameController, show_seat_selector: bool = True, **kw):
        super().__init__(**kw)
        self.c = controller
        self.add_class("beannb-app")
        c = controller
        self.lang_tb = views.language_toggle(c.lang)
        self.lang_tb.observe(lambda ch: c.set_lang(ch["new"]), names="value")
        self.seat = None
        if show_seat_selector and not c.bots:
            self.seat = views.seat_selector(c.game.players, c.viewer, c.lang)
            self.seat.observe(lambda ch: c.set_viewer(ch["new"] or None), names="value")
        self.undo_b = W.Button()
        self.undo_b.add_class("beannb-undo")
        self.undo_b.on_click(lambda _b: c.undo())
        self.redo_b = W.Button()
        self.redo_b.add_class("beannb-redo")
        self.redo_b.on_click(lambda _b: c.redo())
        # One HTML widget for the board, the last message and the status line: one
        # message per update instead of one per part (their classes sit inside the HTML).
        self.board = W.HTML()
        self.board.add_class("beannb-board")
        self.actions = views.ActionPanel(self._play, c.game.ruleset)
        self.trade = W.VBox()
        self.try_area = W.VBox()
        self.log_box = views.log_view([], c.lang)
        header = [self.lang_tb] + ([self.seat] if self.seat else []) + [self.undo_b, self.redo_b]
        self.children = [W.HBox(header), self.board, self.actions, self.trade,
                         self.try_area, self.log_box]
        self._keys: dict[str, object] = {}
        c.on_change(lambda _c: self.render())
        self.render()

    def acting_players(self) -> list[str]:
        g = self.c.game
        if self.c.bots:
            return [self.c.viewer] if self.c.viewer else []
        if self.c.viewer:
            return [self.c.viewer]
        return g.to_move

    def _play(self, action: Union[str, Action]) -> None:
        self.c.play(action)

    def _swap(self, box: W.Box, key: str, value: object, build) -> None:
        """Rebuild ``box``'s children only when ``value`` differs from the last one."""
        if self._keys.get(key) == value:
            return
        self._keys[key] = value
        old = list(box.children)
        box.children = build()
        for w in old:
            views.close_tree(w, keep=[views._auto_layout()])

    def render(self) -> None:
        c, g, lang = self.c, self.c.game, self.c.lang
        s = g.state
        parts = [f'<div class="beannb-table">{views.table_html(c.observation(), lang)}</div>']
        for b, key, off in ((self.undo_b, "undo", not g.can_undo), (self.redo_b, "redo", not g.can_redo)):
            if b.description != t(key, lang) or b.disabled != off:
                with b.hold_sync():
                    b.description, b.disabled = t(key, lang), off
        if self.seat is not None:
            self.seat.description = t("seat", lang)
        last = c.last
        if last is not None:
            err = last.error
            kind = "beannb-message" if last.ok else "beannb-refusal"
            parts.append(f'<div class="{kind}">' + views.message_html(
                last.message(lang, own_only=True), last.ok, err.rule if isinstance(err, IllegalAction) else None) + "</div>")
        over = g.is_over()
        acting = [] if over else self.acting_players()
        actions = [a for p in acting for a in c.legal_for(p)]
        if over:
            parts.append(f"<h3 class='beannb-over'>{escape(t('game_over', lang))}</h3>")
        else:
            parts.append(f"<b>{escape(t('actions', lang))}</b>")
        board = "".join(parts)
        if self.board.value != board:
            self.board.value = board
        self.actions.update(actions, lang, show_player=len(acting) > 1)
        trade_key = None
        for p in acting:
            partners = c.offer_partners(p)
            if partners:
                seat = s.seat_of(p)
                trade_key = (lang, p, partners, s.players[seat].hand, s.faceup, seat == s.active)
                break

        def build_trade():
            if trade_key is None:
                return []
            _, p, partners, hand, faceup, is_active = trade_key
            return [views.trade_builder(p, partners, hand, faceup, is_active, g.ruleset.profile(s).beans, lang, self._play, g.ruleset)]

        self._swap(self.trade, "trade", trade_key, build_trade)
        example = (acting or g.players)[0]
        self._swap(self.try_area, "try", (lang, over, example),
                   lambda: [] if over else [views.try_box(lang, self._play, example)])
        log = views.log_html(g.narration(lang, last=12), lang, total=g.log_size())
        if self.log_box.value != log:
            self.log_box.value = log


class PlayApp(W.VBox):
    """Play one seat against bots: choose the number and kind of bots, then play."""

    BOT_NAMES = ("Bob", "Cid", "Dora", "Eve", "Fred", "Gus")

    def __init__(self, game: str = "bohnanza", you: str = "Ann", seed: int = 1, bots: int = 2,
                 bot_kind: str = "greedy", lang: str = "en", **options):
        super().__init__()
        self.add_class("beannb-play")
        self.game_name, self.you, self.options, self.lang = game, you, options, lang
        # Only the co-player counts the game (and its edition) is played with (e.g. B-45).
        choices = [n - 1 for n in get_ruleset(game).player_counts(options) if 1 <= n - 1 <= len(self.BOT_NAMES)]
        self.n_bots = W.Dropdown(options=choices, value=bots if bots in choices else choices[0],
                                 description=t("bots", lang))
        self.n_bots.add_class("beannb-n-bots")
        self.kind = W.Dropdown(options=[(t("bot_" + k, lang), k) for k in sorted(BOTS)], value=bot_kind,
                               description=t("bot_kind", lang))
        self.kind.add_class("beannb-bot-kind")
        self.seed = W.IntText(value=seed, description=t("seed", lang), layout=W.Layout(width="180px"))
        start = W.Button(description=t("new_game", lang), button_style="success")
        start.add_class("beannb-new-game")
        start.on_click(lambda _b: self.start())
        self.start_b = start
        self.you_w = W.HTML()
        self.bar = W.HBox([self.you_w, self.n_bots, self.kind, self.seed, start])
        self.message = W.HTML()
        self.table: Optional[TableApp] = None
        self.start()

    def start(self) -> None:
        names = [self.you] + [n for n in self.BOT_NAMES if n != self.you][: self.n_bots.value]
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
        old = self.table
        self.table = TableApp(c)
        c.on_change(lambda _c: self.relabel(_c.lang))
        self.relabel(lang)
        if old is not None:
            views.close_tree(old, keep=[views._auto_layout()])
        self.message.value = ""
        self.children = [self.bar, self.message, self.table]


    def relabel(self, lang: str) -> None:
        """The bar outside the table follows the table's language switch."""
        self.lang = lang
        self.you_w.value = f"<b>{escape(t('your_seat', lang))}: {escape(self.you)}</b>&nbsp;"
        self.n_bots.description = t("bots", lang)
        self.kind.description = t("bot_kind", lang)
        self.kind.options = [(t("bot_" + k, lang), k) for k in sorted(BOTS)]
        self.seed.description = t("seed", lang)
        self.start_b.description = t("new_game", lang)


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
        self.picked: dict[int, object] = {}
        self.render()

    def go(self, i: int) -> None:
        self.i = max(0, min(len(self.w) - 1, i))
        self.render()

    def answer(self, picked) -> bool:
        ex = self.w[self.i].exercise
        ok = ex.check(picked)
        self.picked[self.i] = picked
        text = t("correct" if ok else "wrong", self.lang)
        expl = ex.explain.get(self.lang) or ex.explain.get("en")
        if not ok:
            rs = self.w[self.i].game.ruleset
            shown = [choice_label(a, self.lang, rs) for a in ex.answer]
            text += " " + t("answer", self.lang) + ": " + (", ".join(shown) or t("none_of_them", self.lang)) + "."
        if expl:
            text += " " + expl
        self.feedback[self.i] = (ok, text)
        self.render()
        return ok

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.render()

    def _build(self) -> None:
        """The parts that live as long as the walkthrough; render() only updates them."""
        self.lang_tb = views.language_toggle(self.lang)
        self.lang_tb.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.back_b = W.Button()
        self.back_b.add_class("beannb-back")
        self.back_b.on_click(lambda _b: self.go(self.i - 1))
        self.next_b = W.Button(button_style="primary")
        self.next_b.add_class("beannb-next")
        self.next_b.on_click(lambda _b: self.go(self.i + 1))
        self.slider = W.IntSlider(value=0, min=0, max=len(self.w) - 1, continuous_update=False, readout=False)
        self.slider.add_class("beannb-jump")
        self.slider.observe(lambda ch: self.go(ch["new"]), names="value")
        self.counter = W.HTML()
        self.counter.add_class("beannb-counter")
        self.title_w = W.HTML()
        self.narration_w = W.HTML()
        self.narration_w.add_class("beannb-narration")
        self.rules_w = W.HTML()
        self.rules_w.add_class("beannb-rules")
        self.table_w = views.table_view(self.w[0].game.observe(None), self.lang)
        self.changed_w = W.HTML()
        self.exercise_area = W.VBox()
        self._shown_exercise = None
        self.children = [W.HBox([self.lang_tb]), self.title_w,
                         W.HBox([self.back_b, self.next_b, self.slider, self.counter]),
                         self.narration_w, self.rules_w, self.table_w, self.changed_w, self.exercise_area]

    def render(self) -> None:
        if not hasattr(self, "next_b"):
            self._build()
        f = self.w[self.i]
        lang = self.lang
        last = len(self.w) - 1
        self.back_b.description, self.back_b.disabled = t("back", lang), self.i == 0
        self.next_b.description, self.next_b.disabled = t("next", lang), self.i == last
        self.slider.description = t("step", lang)
        if self.slider.value != self.i:
            self.slider.value = self.i
        self.counter.value = f"<span>{self.i} / {last}</span>"
        self.title_w.value = f"<h3 style='margin:4px 0'>{escape(self.w.titles.get(lang) or self.w.title)}</h3>"
        lines = f.narration(lang)
        if not lines and f.exercise is not None:
            lines = [f"{t('question', lang)}: {f.exercise.question.get(lang) or f.exercise.question['en']}"]
        narr = "".join(f"<p style='margin:2px 0'>{escape(x)}</p>" for x in lines) or "&nbsp;"
        action = "".join(f"<code style='margin-right:8px'>{escape(a)}</code>" for a in f.actions)
        self.narration_w.value = f"<div style='background:#f7f7f2;padding:6px 10px;border-radius:6px'>{action}{narr}</div>"
        rules = "".join(f"<div><b class='beannb-rule'>{escape(rid)}</b> <i>{escape(title_)}</i>: {escape(text)}</div>"
                        for rid, title_, text in f.rule_texts(lang))
        self.rules_w.value = (f"<div style='border-left:4px solid #3f6fd1;padding:4px 8px;margin:4px 0'>"
                              f"<b>{escape(t('rule', lang))}</b>{rules}</div>" if rules else "")
        self.table_w.value = views.table_html(f.game.observe(None), lang, f.changed)
        words = describe_changes(f.changed, lang)
        self.changed_w.value = (f"<small>{escape(t('changed', lang))}: {escape(words)}</small>" if words else "")
        key = (self.i, lang, self.feedback.get(self.i))
        if key != self._shown_exercise:
            self._shown_exercise = key
            old = list(self.exercise_area.children)
            self.exercise_area.children = [self._exercise_box(f)] if f.exercise is not None else []
            for w in old:
                views.close_tree(w)

    def _exercise_box(self, f) -> W.VBox:
        ex, lang = f.exercise, self.lang
        q = ex.question.get(lang) or ex.question["en"]
        hint = t("choose_all_legal" if ex.multiple else "pick_one", lang)
        before = self.picked.get(f.index)
        rs = f.game.ruleset
        if ex.multiple:
            ticked = set(before or ())
            boxes = [W.Checkbox(value=c in ticked, description=choice_label(c, lang, rs), indent=False,
                                layout=W.Layout(width="auto")) for c in ex.choices]
            for b, c in zip(boxes, ex.choices):
                b.add_class("beannb-choice")
                b.choice = c
            pick = lambda: [b.choice for b in boxes if b.value]
            inputs: W.Widget = W.VBox(boxes)
        else:
            radio = W.RadioButtons(options=[(choice_label(c, lang, rs), c) for c in ex.choices], value=before,
                                   layout=W.Layout(width="auto"))
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
