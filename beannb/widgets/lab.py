"""The strategy lab: simulate games between bots and compare their scores.

Figures come with 95 % confidence intervals (mean ± half-width; win shares with a Wilson
interval); a worth study plays the same seeds with and without one text card, potion or
territory. Plots use matplotlib where it is installed and our own SVG otherwise (the
browser-only build); matplotlib is imported only when a plot is drawn.
"""
from __future__ import annotations

import sys
from html import escape
from typing import Optional, Sequence

import ipywidgets as W

from ..bots import BOTS
from ..games import get_ruleset
from ..i18n.messages import NC_, NPC_
from ..i18n.numbers import decimal_separator, localize, number, percent
from ..i18n.ui import t
from .page import initial_lang
from .views import button, classed, relabel_options
from .onshow import BuiltLater
from .words import Words, table

MESSAGES = table([
    NC_("lab-seat", "Seat"),
    NC_("lab-seat-n", "Seat {n}"),
    NC_("lab-games", "Games"),
    NC_("lab-run", "Simulate"),
    NC_("lab-bot", "Bot"),
    NC_("lab-mean", "Mean score"),
    NC_("lab-wins", "Win share"),
    NC_("lab-turns", "Mean turns"),
    NC_("lab-running", "Playing the games…"),
    # TRANSLATORS: the unit of a mean score, after a number ("12.5 coins")
    NC_("lab-unit-coins", "coins"),
    NC_("lab-unit-vp", "victory points"),
    NC_("lab-unit-pennies", "bean pennies"),
    NPC_("lab-games-played", "{n} game, seed {seed}", "{n} games, seed {seed}"),
    NC_("lab-ci", "± margin (95%)"),
    NC_("lab-interval", "likely range (95%)"),
    NC_("lab-per-bot", "Per bot (seats pooled)"),
    NC_("lab-trades", "Deals per game"),
    NC_("lab-study", "Study"),
    NC_("lab-compare", "Compare the bots"),
    # TRANSLATORS: a study offered in a list: name is a text card's, potion's or territory's name
    NC_("lab-without", "What is it worth: {name}"),
    NC_("lab-with-it", "With it"),
    NC_("lab-without-it", "Without it"),
    NC_("lab-change", "Change"),
    NC_("lab-worth-head", "What is {name} worth? The same {n} seeded games with and without it."),
    NC_("lab-worth-all", "every seat"),
    NC_("lab-plot-bots", "Mean score per bot, with its margin (95%)"),
    NC_("lab-plot-worth", "Score with it minus without it, with its margin (95%)"),
    NPC_("lab-done", "{done} of {n} game", "{done} of {n} games"),
])
TEXT = Words(MESSAGES, "lab-")
#: The lab's unit (``lab-unit-<unit>``) by the game's score unit (its strategy's ``score_unit``).
UNITS = {"victory points": "vp", "pennies": "pennies"}


def _w(key: str, lang: str, **values) -> str:
    """One of the lab's texts in ``lang``, escaped for HTML."""
    return escape(TEXT.text(key, lang, **values))


def _interval(lo: float, hi: float, lang: str) -> str:
    return f"{percent(lo, lang)}–{percent(hi, lang)}"


def report_html(report, lang: str = "en", unit: str = "coins", digits: int = 2) -> str:
    """Each seat's bot, mean score ± 95 % CI, win share with its Wilson interval, per bot
    kind pooled when seats differ, the mean number of turns and the deals per game."""
    mean = TEXT.text("unit_" + unit, lang)
    cell = "style='border:1px solid #ccc;padding:3px 10px'"
    rows = []
    for i, (b, m, w) in enumerate(zip(report.bots, report.mean_score, report.win_share)):
        half = report.score_ci(i)[1] if report.scores else 0.0
        lo, hi = report.win_ci(i) if report.wins else (0.0, 1.0)
        rows.append(f"<tr><td {cell}>{i + 1}</td><td {cell}>{escape(t('bot_' + b, lang))}</td>"
                    f"<td {cell} class='beannb-lab-mean'>{number(m, digits, lang)} {escape(mean)}</td>"
                    f"<td {cell} class='beannb-lab-ci'>± {number(half, digits, lang)}</td>"
                    f"<td {cell}>{percent(w, lang)}</td>"
                    f"<td {cell} class='beannb-lab-interval'>{_interval(lo, hi, lang)}</td></tr>")
    html = (f"<table class='beannb-lab-table' style='border-collapse:collapse'><tr><th {cell}>{_w('seat', lang)}</th>"
            f"<th {cell}>{_w('bot', lang)}</th><th {cell}>{_w('mean', lang)}</th><th {cell}>{_w('ci', lang)}</th>"
            f"<th {cell}>{_w('wins', lang)}</th><th {cell}>{_w('interval', lang)}</th></tr>{''.join(rows)}</table>")
    if len(set(report.bots)) > 1 and report.wins:
        pooled = "".join(f"<tr><td {cell}>{escape(t('bot_' + b['bot'], lang))}</td>"
                         f"<td {cell}>{number(b['mean'], digits, lang)} ± {number(b['ci'], digits, lang)}</td>"
                         f"<td {cell}>{percent(b['win_share'], lang)} ({_interval(b['win_lo'], b['win_hi'], lang)})</td></tr>"
                         for b in report.by_bot())
        html += (f"<p>{_w('per_bot', lang)}:</p><table class='beannb-lab-bots' style='border-collapse:collapse'>"
                 f"<tr><th {cell}>{_w('bot', lang)}</th><th {cell}>{_w('mean', lang)}</th><th {cell}>{_w('wins', lang)}</th></tr>{pooled}</table>")
    trades = f" · {_w('trades', lang)}: {number(report.mean_trades, 1, lang)}" if report.trades else ""
    return (html + f"<p>{_w('turns', lang)}: {number(report.mean_turns, 1, lang)}{trades} · "
            f"{_w('games_played', lang, n=report.games, seed=report.seed)}</p>")


def removable_name(game: str, card: str, lang: str = "en") -> str:
    """A text card's, potion's or terrain's name, as a worth study offers it (the game's view
    names what its ``without`` option leaves out)."""
    return get_ruleset(game).view.VIEW.without_name(card, lang)


def worth_html(w, lang: str = "en", unit: str = "coins", digits: int = 2) -> str:
    """A worth study: mean score per seat with and without the card, the change ± 95 % CI."""
    name = removable_name(w.game, w.without, lang)
    cell = "style='border:1px solid #ccc;padding:3px 10px'"
    rows = []
    for i in range(w.base.players):
        m, h = w.score_change(i)
        rows.append(f"<tr><td {cell}>{i + 1}</td><td {cell}>{escape(t('bot_' + w.base.bots[i], lang))}</td>"
                    f"<td {cell}>{number(w.base.mean_score[i], digits, lang)}</td>"
                    f"<td {cell}>{number(w.removed.mean_score[i], digits, lang)}</td>"
                    f"<td {cell} class='beannb-worth-change'>{'+' if m >= 0 else ''}{number(m, digits, lang)} "
                    f"± {number(h, digits, lang)}</td></tr>")
    m, h = w.score_change()
    rows.append(f"<tr><td {cell} colspan='2'>{_w('worth_all', lang)}</td>"
                f"<td {cell}>{number(sum(w.base.mean_score) / w.base.players, digits, lang)}</td>"
                f"<td {cell}>{number(sum(w.removed.mean_score) / w.base.players, digits, lang)}</td>"
                f"<td {cell} class='beannb-worth-change'>{'+' if m >= 0 else ''}{number(m, digits, lang)} "
                f"± {number(h, digits, lang)}</td></tr>")
    return (f"<p class='beannb-worth-head'>{_w('worth_head', lang, name=name, n=w.base.games)}</p>"
            f"<table class='beannb-worth-table' style='border-collapse:collapse'><tr><th {cell}>{_w('seat', lang)}</th>"
            f"<th {cell}>{_w('bot', lang)}</th><th {cell}>{_w('with_it', lang)} ({_w('unit_' + unit, lang)})</th>"
            f"<th {cell}>{_w('without_it', lang)}</th><th {cell}>{_w('change', lang)} ({_w('ci', lang)})</th></tr>{''.join(rows)}</table>")


#: Python in the browser (Pyodide, the browser-only site) cannot start threads: play in place.
CAN_THREAD = sys.platform != "emscripten"


def plot_html(labels, means, halves, title: str, unit: str, lang: str, use_matplotlib: bool = True) -> str:
    """A bar chart with 95 % whiskers: matplotlib's SVG where it is installed, ours otherwise."""
    if use_matplotlib:
        try:
            import matplotlib  # only when a plot is drawn: keeps pages light
        except ImportError:
            matplotlib = None
        if matplotlib is not None:
            return _matplotlib_svg(labels, means, halves, title, unit, lang)
    from ..render.plots import bars_svg

    return bars_svg(labels, means, halves, title, unit, decimal=decimal_separator(lang))


def _matplotlib_svg(labels, means, halves, title: str, unit: str, lang: str) -> str:
    import io

    import matplotlib.ticker
    from matplotlib.figure import Figure  # no pyplot: no backend, no global figure state

    fig = Figure(figsize=(6, 0.45 * len(labels) + 1.1))
    ax = fig.subplots()
    ys = list(range(len(labels)))[::-1]
    ax.barh(ys, means, xerr=halves, color=[("#4e79a7", "#f28e2b", "#59a14f", "#e15759")[i % 4] for i in range(len(labels))],
            capsize=4)
    ax.set_yticks(ys, labels)
    ax.axvline(0, color="#888", linewidth=0.8)
    ax.set_title(title)
    ax.set_xlabel(unit)
    if decimal_separator(lang) != ".":
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _p: localize(f"{v:g}", lang)))
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return svg[svg.index("<svg"):]


class SimReport(BuiltLater, W.VBox):
    """A fixed simulation (the same games every time) shown in the page language.

    The games are played once the report is on screen (see :class:`OnShow`), in a
    background thread, so the page around it executes and becomes usable first; until they
    are done the report says the games are being played. ``join()`` plays them if that has
    not started yet and waits (tests, scripts). ``value`` is the report's HTML.
    """

    LAZY_HEIGHT = "220px"  # placeholder until built (see BuiltLater)

    def __init__(self, game: str, players: int, games: int, bots: Sequence[str], seed: int = 1,
                 unit: str = "coins", digits: int = 2, lang: Optional[str] = None, background: bool = True):
        import threading

        from .onshow import OnShow

        super().__init__()
        self.add_class("beannb-sim-report")
        self.html = W.HTML()
        self.report = None
        self.error: Optional[BaseException] = None
        self.unit, self.digits, self.lang = unit, digits, ""
        self._args = (game, players, games, list(bots), seed)
        self._thread = threading.Thread(target=self._play, args=self._args, daemon=True, name="beannb-sim-report")
        self._lock = threading.Lock()
        self._started = False
        self.set_lang(initial_lang(lang))
        if background:
            # Played once the report itself is on screen, not merely near it: a learner
            # playing the game just above keeps the kernel to themselves.
            self.trigger = OnShow(margin="0px").then(self.start)
            self.children = [self.html, self.trigger]
        else:
            self.children = [self.html]
            self._started = True
            self._play(*self._args)

    @property
    def value(self) -> str:
        return self.html.value

    def start(self) -> None:
        """Play the games now (in a thread where the platform has threads); once only."""
        with self._lock:
            if self._started:
                return
            self._started = True
        if CAN_THREAD:
            self._thread.start()
        else:
            self._play(*self._args)

    def _play(self, game: str, players: int, games: int, bots: list, seed: int) -> None:
        from ..sim import simulate

        try:
            self.report = simulate(game, players=players, games=games, bots=bots, seed=seed)
        except Exception as exc:  # noqa: BLE001 - shown in the report instead of lost in a thread
            self.error = exc
        self._render()

    def join(self, timeout: Optional[float] = None) -> "SimReport":
        self.start()
        if self._thread.is_alive():
            self._thread.join(timeout)
        return self

    def _render(self) -> None:
        if self.error is not None:
            html = f"<p class='beannb-error'>{escape(type(self.error).__name__)}: {escape(str(self.error))}</p>"
        elif self.report is None:
            html = f"<p class='beannb-sim-running'><i>{_w('running', self.lang)}</i></p>"
        else:
            html = report_html(self.report, self.lang, self.unit, self.digits)
        if self.html.value != html:
            self.html.value = html

    def set_lang(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._render()


class StrategyLab(BuiltLater, W.VBox):
    """Choose a bot per seat, a number of games and a study (compare the bots, or what one
    text card / potion / territory is worth); see the figures with 95 % intervals and a plot.

    The Simulate button plays in a background thread with a progress bar; :meth:`run`
    plays at once and returns the report (scripts, tests). ``jobs`` (local processes, 0: one
    per core) and ``scheduler`` (a Dask distributed scheduler's address or ``Client``) play a
    study elsewhere than in the kernel, with the same figures (see :func:`beannb.sim.simulate`).
    """

    LAZY_HEIGHT = "360px"  # placeholder until built (see BuiltLater)

    def __init__(self, game: str = "bohnanza", players: int = 4, seed: int = 1, lang: Optional[str] = None,
                 unit: Optional[str] = None, jobs: int = 1, scheduler=None):
        from ..sim import without_choices

        super().__init__()
        self.add_class("beannb-lab")
        lang = initial_lang(lang)
        self.game, self.lang, self.seed = game, lang, seed
        self.jobs, self.scheduler = jobs, scheduler
        self.unit = unit or UNITS.get(get_ruleset(game).strategy.score_unit, "coins")
        self.report = None
        self.error: Optional[BaseException] = None
        self._thread = None
        wide = {"description_width": "initial"}
        kinds = [(t("bot_" + k, lang), k) for k in sorted(BOTS)]
        self.seats = [W.Dropdown(options=kinds, value="greedy" if i < players // 2 else "random",
                                 layout=W.Layout(width="240px"), style=wide)
                      for i in range(players)]
        self.games = W.IntSlider(value=100, min=10, max=1000, step=10, style=wide)
        self.removable = without_choices(game)
        self.study = W.Dropdown(options=[("", None)] + [(c, c) for c in self.removable], value=None,
                                layout=W.Layout(width="360px", display="" if self.removable else "none"), style=wide)
        self.run_b = button("beannb-lab-run", lambda: self.start(), button_style="success")
        hidden = W.Layout(width="300px", visibility="hidden")
        self.progress = classed(W.IntProgress(value=0, min=0, max=1, layout=hidden), "beannb-lab-progress")
        self.progress_text = W.HTML()
        self.result = classed(W.HTML(), "beannb-lab-result")
        self.plot = classed(W.HTML(), "beannb-lab-plot")
        self.out = self.result  # older name of the results area
        self.children = [W.HBox(self.seats[:2]), W.HBox(self.seats[2:]), self.study,
                         W.HBox([self.games, self.run_b]), W.HBox([self.progress, self.progress_text]),
                         self.result, self.plot]
        self.relabel()

    def relabel(self) -> None:
        for i, s in enumerate(self.seats):
            relabel_options(s, [t("bot_" + k, self.lang) for k in sorted(BOTS)])
            s.description = TEXT.text("seat_n", self.lang, n=i + 1)
        self.games.description = TEXT.text("games", self.lang)
        self.run_b.description = TEXT.text("run", self.lang)
        self.study.description = TEXT.text("study", self.lang)
        relabel_options(self.study, [TEXT.text("compare", self.lang)]
                        + [TEXT.text("without", self.lang, name=removable_name(self.game, c, self.lang))
                           for c in self.removable])
        self._progress_label()

    def set_lang(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        self.relabel()
        if self.report is not None:
            self.show(self.report)

    # -- running -----------------------------------------------------------------------------------
    def _on_game(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done
        self._progress_label()

    def _progress_label(self) -> None:
        if self.progress.layout.visibility == "hidden":
            self.progress_text.value = ""
            return
        self.progress_text.value = _w("done", self.lang, done=self.progress.value, n=self.progress.max)

    def run(self):
        """Play the chosen study now and show it; returns the report (a SimReport or WorthReport)."""
        from ..sim import simulate, worth

        self.error = None
        self.progress.value, self.progress.max = 0, max(1, self.games.value * (2 if self.study.value else 1))
        self.progress.layout.visibility = "visible"
        self.result.value = f"<p class='beannb-sim-running'><i>{_w('running', self.lang)}</i></p>"
        self.plot.value = ""
        self.run_b.disabled = True
        try:
            bots = [s.value for s in self.seats]
            how = {"on_game": self._on_game, "jobs": self.jobs, "scheduler": self.scheduler}
            if self.study.value:
                report = worth(self.game, self.study.value, len(self.seats), self.games.value, bots, self.seed, **how)
            else:
                report = simulate(self.game, len(self.seats), self.games.value, bots, self.seed, **how)
        except Exception as exc:  # noqa: BLE001 - shown in the lab instead of lost in a thread
            self.error = exc
            self.result.value = f"<p class='beannb-error'>{escape(type(exc).__name__)}: {escape(str(exc))}</p>"
            return None
        finally:
            self.run_b.disabled = False
            self.progress.layout.visibility = "hidden"
            self._progress_label()
        self.report = report
        self.show(report)
        return report

    def start(self) -> None:
        """Play in a background thread (the button): the page stays usable, the bar advances."""
        import threading

        if self._thread is not None and self._thread.is_alive():
            return
        if not CAN_THREAD:
            self.run()
            return
        self._thread = threading.Thread(target=self.run, daemon=True, name="beannb-lab")
        self._thread.start()

    def join(self, timeout: Optional[float] = None) -> "StrategyLab":
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(timeout)
        return self

    def show(self, report, use_matplotlib: bool = True) -> None:
        from ..sim import WorthReport

        unit = TEXT.text("unit_" + self.unit, self.lang)
        digits = 1 if self.unit in ("vp", "pennies") else 2
        if isinstance(report, WorthReport):
            self.result.value = worth_html(report, self.lang, self.unit, digits)
            labels = [f"{TEXT.text('seat_n', self.lang, n=i + 1)}: {t('bot_' + b, self.lang)}"
                      for i, b in enumerate(report.base.bots)]
            stats = [report.score_change(i) for i in range(report.base.players)]
            labels.append(TEXT.text("worth_all", self.lang))
            stats.append(report.score_change())
            title = TEXT.text("plot_worth", self.lang)
        else:
            self.result.value = report_html(report, self.lang, self.unit, digits)
            rows = report.by_bot()
            labels = [t("bot_" + b["bot"], self.lang) for b in rows]
            stats = [(b["mean"], b["ci"]) for b in rows]
            title = TEXT.text("plot_bots", self.lang)
        self.plot.value = plot_html(labels, [m for m, _ in stats], [h for _, h in stats], title, unit, self.lang,
                                    use_matplotlib)
