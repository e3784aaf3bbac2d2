"""Wiring: connect a controller (or a walkthrough) to views. Each app is an ipywidgets box."""
from __future__ import annotations

import os
from html import escape
from typing import Any, Optional, Union

import ipywidgets as W

from ..bots import BOTS, make_bot
from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.game import Game
from ..games import get_ruleset, new_game
from ..i18n import LANGS
from ..i18n.cast import CAST_SIZE, cast
from ..i18n.ui import t
from ..render.lesson import describe_changes, step_words
from ..walkthrough import Walkthrough
from . import views
from .classmode import class_mode, fresh_seed
from .builder import MoveBuilder
from .controller import GameController
from .onshow import BuiltLater


#: Whether tables are touchable front-end widgets (False: the HTML table of old; the
#: environment variable BEANNB_TOUCH_TABLE=0 sets False for a whole server).
TOUCH_TABLE = os.environ.get("BEANNB_TOUCH_TABLE", "1") != "0"


class TableApp(BuiltLater, W.VBox):
    """A live table: the board, the actions of whoever decides, trading, "try anything" (a
    move built in words; the notation box in a closed fold for teachers), undo/redo and the
    narrated log. With bots in the controller, the person plays
    ``controller.viewer``'s seat; without, it is a hot-seat/teacher table.

    The widget tree is built once; a change updates values and rebuilds only the parts
    whose content changed (the action buttons, the trade builder), closing the old ones.
    """

    LAZY_HEIGHT = "520px"  # placeholder until built (see BuiltLater)

    def __init__(self, controller: GameController, show_seat_selector: bool = True,
                 touch: Optional[bool] = None, **kw):
        super().__init__(**kw)
        self.c = controller
        self.add_class("beannb-app")
        # The touchable table (cards, fields and territories clicked; see widgets.touch);
        # touch=False keeps the HTML table. Buttons stay either way, for keyboards.
        self.touch = None
        if TOUCH_TABLE if touch is None else touch:
            from .touch import TableWidget
            self.touch = TableWidget(on_action=self._play, on_pick=self._pick)
        c = controller
        self.lang_tb = views.language_toggle(c.lang)
        self.lang_tb.observe(lambda ch: c.set_lang(ch["new"]), names="value")
        self.seat = None
        self._reseating = False  # the seats' names changing (a language switch): no choice
        if show_seat_selector and not c.bots:
            self.seat = views.seat_selector(c.game.players, c.viewer, c.lang)
            self.seat.observe(lambda ch: None if self._reseating else c.set_viewer(ch["new"] or None), names="value")
        self.undo_b = views.button("beannb-undo", lambda: c.undo())
        self.redo_b = views.button("beannb-redo", lambda: c.redo())
        # One HTML widget for the board, the last message and the status line: one
        # message per update instead of one per part (their classes sit inside the HTML).
        self.board = views.classed(W.HTML(), "beannb-board")
        self.actions = views.ActionPanel(self._play, c.game.ruleset)
        self.trade = W.VBox()
        # "Try anything": the move builder (in words), and the notation box in a closed fold
        # for teachers; both are kept and updated, the builder made once the game needs it.
        self.try_area = W.VBox()
        self.builder: Optional[MoveBuilder] = None
        self.teacher = W.VBox()
        self.fold = views.teacher_fold(self.teacher, c.lang)
        # With the touchable table the log sits beside the table, inside it.
        self.log_box = views.log_view([], c.lang) if self.touch is None else None
        header = [self.lang_tb] + ([self.seat] if self.seat else []) + [self.undo_b, self.redo_b]
        if self.touch is None:
            self.children = [W.HBox(header), self.board, self.actions, self.trade,
                             self.try_area, self.log_box]
        else:  # the message and the log sit beside the touchable table
            self.children = [W.HBox(header), self.touch, self.board, self.actions, self.trade, self.try_area]
        self._keys: dict[str, object] = {}
        self._trade_builder: Optional[views.TradeBuilder] = None
        c.on_change(lambda _c: self.render())
        self.render()

    def set_lang(self, lang: str) -> None:
        """Switch language (the page language calls this; the toggle does the same). The
        pseudo-language of the tests is no choice of the toggle: the controller gets it directly."""
        if lang in LANGS and self.lang_tb.value != lang:
            self.lang_tb.value = lang  # its observer tells the controller
        elif self.c.lang != lang:
            self.c.set_lang(lang)

    def acting_players(self) -> list[str]:
        """The page's seat; without one, whoever the game waits for (none at a table with bots)."""
        if self.c.viewer:
            return [self.c.viewer]
        return [] if self.c.bots else self.c.game.to_move

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
        touch = self.touch is not None
        obs = c.observation()
        parts = [] if touch else [f'<div class="beannb-table">{views.table_html(obs, lang)}</div>']
        for b, key, off in ((self.undo_b, "undo", not g.can_undo), (self.redo_b, "redo", not g.can_redo)):
            if b.description != t(key, lang) or b.disabled != off:
                with b.hold_sync():
                    b.description, b.disabled = t(key, lang), off
        if self.seat is not None:
            self.seat.description = t("seat", lang)
            if tuple(self.seat._options_values[1:]) != tuple(g.players):  # the example players renamed
                self._reseating = True
                try:
                    self.seat.options = [(t("teacher", lang), "")] + [(p, p) for p in g.players]
                    self.seat.value = c.viewer or ""
                finally:
                    self._reseating = False
            elif self.seat._options_labels[0] != t("teacher", lang):  # the "whole table" choice in words
                views.relabel_seats(self.seat, lang)
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
        message = "".join(parts[:-1]) if touch else ""
        board = parts[-1] if touch else "".join(parts)
        if touch:  # first, in one message: the table and its log answer a click at once
            self.touch.show(obs, lang, actions, g.ruleset, show_player=len(acting) > 1,
                            msg={"html": message, "log": '<div class="beannb-log">' + views.log_html(
                                g.narration(lang, last=12), lang, total=g.log_size()) + "</div>"},
                            pick=self.touch.pick)
        if self.board.value != board:
            self.board.value = board
        self.actions.update(actions, lang, show_player=len(acting) > 1, obs=obs)
        self._show_trade(acting, lang)
        self._show_try(over, acting, actions, obs, lang)
        if touch:
            self._sync_picks()
            give = self._give()
            if give is not None and not getattr(give, "_beannb_touch", False):
                give._beannb_touch = True  # cards picked in the list show as picked on the table
                give.observe(lambda _ch: self._sync_picks(), names="value")
            return
        log = views.log_html(g.narration(lang, last=12), lang, total=g.log_size())
        if self.log_box.value != log:
            self.log_box.value = log

    def _show_try(self, over: bool, acting, actions, obs, lang: str) -> None:
        """The move builder and, in the teachers' fold, the notation box (none once the game is over)."""
        if over:
            if self.try_area.children:
                self.try_area.children = ()
            return
        g = self.c.game
        old = self.builder if self.builder is not None and self.builder.players != list(g.players) else None
        if self.builder is None or old is not None:  # none yet, or the players were renamed
            self.builder = MoveBuilder(g.ruleset, g.players, self._play, lang, player=self._first_seat(acting),
                                       known=self._known_actions, obs=obs, beans=self._beans(), show_result=False)
        else:
            self.builder.update(self._known_actions, obs)
            self.builder.set_lang(lang)
        example = (acting or g.players)[0]
        examples = tuple(views.try_examples(g.ruleset, actions, example, g.players))
        self._swap(self.teacher, "try", (lang, example),
                   lambda: [views.try_box(lang, self._play, example, examples)])
        for w in self.teacher.children[0].children:
            if "beannb-try-examples" in w._dom_classes and w.value != views.try_help_html(lang, examples):
                w.value = views.try_help_html(lang, examples)  # in place: no new box per click
        views.set_fold_title(self.fold, lang)
        if tuple(self.try_area.children) != (self.builder, self.fold):
            self.try_area.children = (self.builder, self.fold)
        if old is not None:
            views.close_tree(old, keep=[views._auto_layout()])

    def _first_seat(self, acting) -> Optional[str]:
        """The seat the builder starts with: the page's seat, else the first seat of the page
        the game waits for, else the page's first seat."""
        c = self.c
        if c.viewer:
            return c.viewer
        return next((p for p in acting if p in c.seats), c.seats[0] if c.seats else None)

    def _known_actions(self) -> list[Action]:
        """The actions this page may know now: its own seats' legal actions (another seat's
        would tell what that seat holds)."""
        c = self.c
        if set(c.seats) >= set(c.game.players):
            return c.legal_for(None)
        return [a for p in c.seats for a in c.legal_for(p)]

    def _beans(self) -> Optional[tuple]:
        """The beans of the game in play (its edition's), for the builder's card choices."""
        profile = getattr(self.c.game.ruleset, "profile", None)
        try:
            return tuple(profile(self.c.game.state).beans) if profile is not None else None
        except (AttributeError, TypeError, KeyError):
            return None

    def _show_trade(self, acting, lang: str) -> None:
        """The trade builder for the first acting seat that may offer now, else none. The
        builder is kept and updated in place; a new one only for a new language or beans."""
        g = self.c.game
        s = g.state
        for p in acting:
            partners = self.c.offer_partners(p)
            if partners:
                seat = s.seat_of(p)
                beans = tuple(g.ruleset.profile(s).beans)
                tb = self._trade_builder
                if tb is None or tb.key != (beans, lang):
                    if tb is not None:
                        views.close_tree(tb, keep=[views._auto_layout()])
                    tb = self._trade_builder = views.TradeBuilder(beans, lang, self._play, g.ruleset)
                tb.update(p, partners, s.players[seat].hand, s.faceup, seat == s.active)
                if tuple(self.trade.children) != (tb,):
                    self.trade.children = (tb,)
                return
        if self.trade.children:
            self.trade.children = ()

    def _give(self):
        """The trade builder's "give" list, when one is shown."""
        return self._trade_builder.give if self.trade.children else None

    def _picks(self) -> dict:
        """Table keys of the cards the trade builder offers to give -> picked or not."""
        give = self._give()
        if give is None:
            return {}
        from ..render.touch import pick_keys
        keys = pick_keys([v for _, v in give.options], *self._trader())
        return {k: v in give.value for k, v in keys.items()}

    def _sync_picks(self) -> None:
        picks = self._picks()
        if self.touch.pick != picks:
            self.touch.pick = picks

    def _trader(self) -> tuple:
        """(who is building the offer, the face-up cards) while the trade builder shows."""
        shown = self._trade_builder.shown if self.trade.children else None
        return (shown[0], shown[3]) if shown else ("", ())

    def _pick(self, key: str) -> None:
        """A card clicked while trading: add it to (or take it out of) the offer."""
        give = self._give()
        if give is None:
            return
        from ..render.touch import pick_keys
        value = pick_keys([v for _, v in give.options], *self._trader()).get(key)
        if value is not None:
            give.value = tuple(v for v in give.value if v != value) if value in give.value else give.value + (value,)


class PlayApp(W.VBox):
    """Play one seat against bots: choose the number and kind of bots, then play.

    In class mode (see :mod:`.classmode`) there is no seed input: every new game is dealt
    from a fresh unpredictable seed, and ``seed`` is not used.
    """

    #: At most this many bots (the example players after the learner's seat).
    MAX_BOTS = CAST_SIZE - 2

    def __init__(self, game: str = "bohnanza", you: Optional[str] = None, seed: int = 1, bots: int = 2,
                 bot_kind: str = "trader", lang: str = "en", **options):
        super().__init__()
        self.add_class("beannb-play")
        # Without ``you``, every new game seats the example players of the page's language
        # (Ann and the bots Bob, Cid … in English; Anna, Balázs, Károly … in Hungarian).
        self.game_name, self.chosen_you, self.options, self.lang = game, you, options, lang
        self.you = you or cast(lang)[0]
        # Only the co-player counts the game (and its edition) is played with (e.g. B-45).
        choices = [n - 1 for n in get_ruleset(game).player_counts(options) if 1 <= n - 1 <= self.MAX_BOTS]
        wide = {"description_width": "initial"}  # labels fit in every language
        self.n_bots = views.classed(W.Dropdown(options=choices, value=bots if bots in choices else choices[0],
                                               description=t("bots", lang), style=wide, layout=W.Layout(width="auto")),
                                    "beannb-n-bots")
        self.kind = views.classed(W.Dropdown(options=[(t("bot_" + k, lang), k) for k in sorted(BOTS)], value=bot_kind,
                                             description=t("bot_kind", lang), style=wide,
                                             layout=W.Layout(width="auto")), "beannb-bot-kind")
        # A seed shown or chosen on a class server would let anyone deal the game again and read every hand.
        self.seed: Optional[W.IntText] = None if class_mode() else W.IntText(
            value=seed, description=t("seed", lang), style=wide, layout=W.Layout(width="190px"))
        start = views.button("beannb-new-game", lambda: self.start(), description=t("new_game", lang),
                             button_style="success")
        self.start_b = start
        self.you_w = W.HTML()
        self.bar = W.HBox([w for w in (self.you_w, self.n_bots, self.kind, self.seed, start) if w is not None])
        self.message = W.HTML()
        self.table: Optional[TableApp] = None
        self.start()

    def start(self) -> None:
        lang = self.table.c.lang if self.table else self.lang
        self.you = self.chosen_you or cast(lang)[0]
        names = [self.you] + [n for n in cast(lang)[1:] if n != self.you][: self.n_bots.value]
        seed = fresh_seed() if self.seed is None else self.seed.value
        try:
            g = new_game(self.game_name, names, seed, **self.options)
        except ValueError as exc:  # e.g. a player count the edition does not support
            self.message.value = f"<div class='beannb-refusal' style='color:#b00'>{escape(str(exc))}</div>"
            self.children = [self.bar, self.message] + ([self.table] if self.table else [])
            return
        bots = {n: make_bot(self.kind.value, seed * 100 + i) for i, n in enumerate(names) if n != self.you}
        # The example players follow a language switch, in the middle of a game too; a name
        # the learner chose stays as it is.
        c = GameController(g, bots, viewer=self.you, lang=lang, cast=lang, keep=[self.chosen_you] if self.chosen_you else ())
        c.run_bots()
        self.controller = c
        old, old_hint = self.table, getattr(self, "hint", None)
        self.table = TableApp(c)
        # The strong player's advice for the learner's seat (searches only when asked).
        from .hint import HintPanel

        self.hint = HintPanel(c, lang=lang)
        c.on_change(lambda _c: _c.lang != self.lang and self.relabel(_c.lang))  # labels follow the table's language
        self.relabel(lang)
        if old is not None:
            views.close_tree(old, keep=[views._auto_layout()])
        if old_hint is not None:
            views.close_tree(old_hint.box, keep=[views._auto_layout()])
        self.message.value = ""
        self.children = [self.bar, self.message, self.hint.box, self.table]

    def set_lang(self, lang: str) -> None:
        """Switch the table (and so this bar) to ``lang``: the page language calls this."""
        if self.table is not None:
            self.table.set_lang(lang)
        if lang != self.lang:
            self.relabel(lang)

    def relabel(self, lang: str) -> None:
        """The bar outside the table follows the table's language switch (and the learner's
        seat its new name)."""
        self.lang = lang
        c = getattr(self, "controller", None)
        self.you = (c.viewer if c is not None else None) or self.you
        self.you_w.value = f"<b>{escape(t('your_seat', lang))}: {escape(self.you)}</b>&nbsp;"
        self.n_bots.description = t("bots", lang)
        self.kind.description = t("bot_kind", lang)
        self.kind.options = [(t("bot_" + k, lang), k) for k in sorted(BOTS)]
        if self.seed is not None:
            self.seed.description = t("seed", lang)
        self.start_b.description = t("new_game", lang)
        hint = getattr(self, "hint", None)
        if hint is not None and hint.lang != lang:
            hint.set_lang(lang)


class WalkthroughApp(BuiltLater, W.VBox):
    """Step through a scenario or a recorded game: back, next, jump; narration, the rule
    behind each step, what changed (highlighted), and exercises with feedback."""

    LAZY_HEIGHT = "640px"  # placeholder until built (see BuiltLater)

    def __init__(self, source: Union[str, Walkthrough, Game], lang: str = "en", progress=None, **kw):
        # The source is read before the widget exists: a broken file raises and leaves no
        # half-built widget behind for the page's language switch to find.
        lines, w = self._walkthrough(source, lang)
        super().__init__(**kw)
        self.add_class("beannb-walkthrough")
        #: The lines a learner can step through: the file's own steps, then each of its
        #: variants (format 2), chosen with a drop-down when there is more than one.
        self.lines: list = lines
        self.w = w
        self.lang = lang
        self.i = 0
        self.feedback: dict[int, tuple[bool, str]] = {}
        self.picked: dict[int, object] = {}
        self.unanswered: set[int] = set()  # frames whose Check was pressed with nothing chosen
        # Answers go to the game's progress store (kept in the browser); False: none.
        has_exercises = any(f.exercise is not None for f in self.w.frames)
        if progress is None and has_exercises and self.w.source:
            from .progress import progress_store
            progress = progress_store(self.w[0].game.game, lang)
        self.progress = progress or None
        self.render()

    @staticmethod
    def _walkthrough(source: Any, lang: str) -> tuple[list, Walkthrough]:
        """(the scenario's lines, if the source is a scenario; the walkthrough in ``lang``).
        A scenario's example players are called as the page's language calls them: the
        walkthrough is made with that language's names, and again on a language switch."""
        if isinstance(source, Walkthrough):
            return [], source.in_language(lang)
        if isinstance(source, Game):
            return [], Walkthrough.from_game(source)
        from ..scenario_format import Scenario, load_scenario

        scenario = source if isinstance(source, Scenario) else load_scenario(source)
        return [scenario, *scenario.variants], Walkthrough.from_scenario(scenario, lang)

    def go(self, i: int) -> None:
        self.i = max(0, min(len(self.w) - 1, i))
        self.render()

    def answer(self, picked) -> bool:
        """Check an answer to this frame's exercise and note it in the progress; a Check with
        nothing chosen is not an answer: the page asks for one and counts nothing."""
        ex = self.w[self.i].exercise
        if ex.blank(picked):
            self.unanswered.add(self.i)
            self.render()
            return False
        self.unanswered.discard(self.i)
        ok = ex.check(picked)
        self.picked[self.i] = picked
        self.feedback[self.i] = (ok, "")
        self.feedback[self.i] = (ok, self.feedback_text(self.i, self.lang))
        where = self.w.step_of(self.i)
        if self.progress is not None and where is not None:
            from .progress import exercise_id
            self.progress.record(exercise_id(self.w.source, where[1], where[0]), ok)
        self.render()
        return ok

    def choose_line(self, k: int) -> None:
        """Step through line ``k`` of :attr:`lines` (0: the file's own steps) from its start."""
        if not 0 <= k < len(self.lines):
            raise ValueError(f"line {k} does not exist: this walkthrough has lines 0 to {len(self.lines) - 1}")
        if getattr(self, "line_dd", None) is not None and self.line_dd.value != k:
            self.line_dd.value = k  # its observer comes back here
            return
        self.w = Walkthrough.from_scenario(self.lines[k], self.lang)
        self.i, self.feedback, self.picked, self._shown_exercise = 0, {}, {}, None
        self.unanswered = set()
        self.slider.max = len(self.w) - 1
        self.render()

    def _line_options(self, lang: str) -> list[tuple[str, int]]:
        return [(sc.title_in(lang), k) for k, sc in enumerate(self.lines)]

    def feedback_text(self, i: int, lang: str) -> str:
        """The feedback on frame ``i``'s answer, in ``lang``: right or not, the answer,
        the explanation and the rule it rests on."""
        from .exercises import feedback_text
        ex, rs = self.w[i].exercise, self.w[i].game.ruleset
        return feedback_text(ex, self.feedback[i][0], lang, lambda c: views.choice_words(ex, c, lang, rs))

    def set_lang(self, lang: str) -> None:
        tb = getattr(self, "lang_tb", None)
        if tb is not None and tb.value != lang:
            tb.value = lang  # the toggle's observer comes back here
            return
        if lang == self.lang:
            return
        self.lang = lang
        self._seat_cast(lang)
        if self.progress is not None:
            self.progress.set_lang(lang)
        self.render()

    def _seat_cast(self, lang: str) -> None:
        """The same step with the example players of ``lang``: the walkthrough made with their
        names, and the choices already ticked carried over to it (choice by choice)."""
        new = self.w.in_language(lang)
        if new is self.w:
            return
        for i, picked in list(self.picked.items()):
            before, after = self.w[i].exercise, new[i].exercise
            if before is None or after is None:
                continue
            same = dict(zip(before.choices, after.choices))
            self.picked[i] = ([same.get(str(p), p) for p in picked] if isinstance(picked, (list, tuple, set))
                              else same.get(str(picked), picked) if picked is not None else None)
        self.w = new
        self._shown_exercise = None

    def _build(self) -> None:
        """The parts that live as long as the walkthrough; render() only updates them."""
        self.lang_tb = views.language_toggle(self.lang)
        self.lang_tb.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.back_b = views.button("beannb-back", lambda: self.go(self.i - 1))
        self.next_b = views.button("beannb-next", lambda: self.go(self.i + 1), button_style="primary")
        self.slider = views.classed(W.IntSlider(value=0, min=0, max=len(self.w) - 1, continuous_update=False,
                                                readout=False), "beannb-jump")
        self.slider.observe(lambda ch: self.go(ch["new"]), names="value")
        self.counter = views.classed(W.HTML(), "beannb-counter")
        self.title_w = W.HTML()
        self.narration_w = views.classed(W.HTML(), "beannb-narration")
        self.rules_w = views.classed(W.HTML(), "beannb-rules")
        if TOUCH_TABLE:  # the same drawing as the live table: hover a card for its beanometer
            from .touch import TableWidget
            self.table_w = TableWidget()
        else:
            self.table_w = views.table_view(self.w[0].game.observe(None), self.lang)
        self.changed_w = W.HTML()
        self.exercise_area = W.VBox()
        self._shown_exercise = None
        self.line_dd = None
        self._relabelling = False  # new labels for the same lines: not a choice
        top: list[W.Widget] = [self.lang_tb]
        if len(self.lines) > 1:
            self.line_dd = views.classed(W.Dropdown(options=self._line_options(self.lang), value=0,
                                                    layout=W.Layout(width="auto", max_width="640px")), "beannb-line")
            self.line_dd.observe(lambda ch: None if self._relabelling else self.choose_line(ch["new"]), names="value")
            top.append(self.line_dd)
        self.children = [W.HBox(top), self.title_w,
                         W.HBox([self.back_b, self.next_b, self.slider, self.counter]),
                         self.narration_w, self.rules_w, self.table_w, self.changed_w, self.exercise_area]
        if self.progress is not None:
            self.children += (self.progress,)

    def render(self) -> None:
        if not hasattr(self, "next_b"):
            self._build()
        f = self.w[self.i]
        lang = self.lang
        last = len(self.w) - 1
        self.back_b.description, self.back_b.disabled = t("back", lang), self.i == 0
        self.next_b.description, self.next_b.disabled = t("next", lang), self.i == last
        self.slider.description = t("step", lang)
        if self.line_dd is not None:
            self.line_dd.description = t("variant", lang)
            labels = self._line_options(lang)
            if list(self.line_dd.options) != labels:
                keep, self._relabelling = self.line_dd.value, True
                try:  # new options reset a drop-down to its first entry
                    self.line_dd.options = labels
                    self.line_dd.value = keep
                finally:
                    self._relabelling = False
        if self.slider.value != self.i:
            self.slider.value = self.i
        self.counter.value = f"<span>{self.i} / {last}</span>"
        self.title_w.value = f"<h3 style='margin:4px 0'>{escape(self.w.titles.get(lang) or self.w.title)}</h3>"
        lines = f.narration(lang)
        if not lines and f.exercise is not None:
            lines = [f"{t('question', lang)}: {f.exercise.question.get(lang) or f.exercise.question['en']}"]
        narr = "".join(f"<p style='margin:2px 0'>{escape(x)}</p>" for x in lines) or "&nbsp;"
        action = "".join(f"<b class='beannb-step-action' style='margin-right:8px'>{escape(step_words(a, lang, f.game.ruleset))}</b>"
                         for a in f.actions)
        self.narration_w.value = f"<div style='background:#f7f7f2;padding:6px 10px;border-radius:6px'>{action}{narr}</div>"
        rules = "".join(f"<div><b class='beannb-rule'>{escape(rid)}</b> <i>{escape(title_)}</i>: {escape(text)}</div>"
                        for rid, title_, text in f.rule_texts(lang))
        if f.exercise is not None and self.i not in self.feedback:
            from .progress import text as ptext  # the rule would answer the question: shown after
            rules = f"<div><i>{escape(ptext('rule_after', lang))}</i></div>"
        self.rules_w.value = (f"<div style='border-left:4px solid #3f6fd1;padding:4px 8px;margin:4px 0'>"
                              f"<b>{escape(t('rule', lang))}</b>{rules}</div>" if rules else "")
        if isinstance(self.table_w, W.HTML):
            self.table_w.value = views.table_html(f.game.observe(None), lang, f.changed)
        else:
            self.table_w.show(f.game.observe(None), lang, changed=f.changed)
        words = describe_changes(f.changed, lang)
        self.changed_w.value = (f"<small>{escape(t('changed', lang))}: {escape(words)}</small>" if words else "")
        key = (self.i, lang, self.feedback.get(self.i), self.i in self.unanswered)
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
        inputs = views.choice_inputs(ex, lang, f.game.ruleset, self.picked.get(f.index))
        check = views.button("beannb-check", lambda: self.answer(views.picked_of(inputs)), description=t("check", lang),
                             button_style="info")
        parts = [W.HTML(f"<b>{escape(t('exercise', lang))}:</b> {escape(q)} <i>{escape(hint)}</i>"), inputs, check]
        if f.index in self.feedback:
            ok = self.feedback[f.index][0]
            parts.append(views.classed(views.message_box(self.feedback_text(f.index, lang), ok), "beannb-feedback",
                                       "beannb-feedback-" + ("right" if ok else "wrong")))
        elif f.index in self.unanswered:
            parts.append(views.classed(W.HTML(f"<i>{escape(t('pick_first', lang))}</i>"), "beannb-pick-first"))
        return views.classed(W.VBox(parts, layout=W.Layout(border="1px solid #ccc", padding="6px", margin="6px 0")),
                             "beannb-exercise")
