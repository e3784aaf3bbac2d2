"""The strategy lab: simulate games between bots and compare their scores."""
from __future__ import annotations

from html import escape
from typing import Optional, Sequence

import ipywidgets as W

from ..bots import BOTS
from ..i18n.ui import t
from .page import initial_lang
from .views import relabel_options

TEXT = {
    "en": {"seat": "Seat", "games": "Games", "run": "Simulate", "bot": "Bot", "mean": "Mean score",
           "wins": "Win share", "turns": "Mean turns", "coins": "coins at the end", "players": "players",
           "running": "Playing the games…", "unit_coins": "coins", "unit_vp": "victory points",
           "vp": "victory points at the end", "games_played": "{n} games, seed {seed}"},
    "hu": {"seat": "Hely", "games": "Játszmák", "run": "Szimuláció", "bot": "Gépi játékos", "mean": "Átlagpontszám",
           "wins": "Győzelmi arány", "turns": "Átlagos körszám", "coins": "babtallér a végén", "players": "játékos",
           "running": "A játszmák folynak…", "unit_coins": "babtallér", "unit_vp": "győzelmi pont",
           "vp": "győzelmi pont a végén", "games_played": "{n} játszma, kezdőérték: {seed}"},
}


def number(x: float, digits: int, lang: str) -> str:
    """A number as the language writes it (Hungarian: decimal comma)."""
    s = f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "hu" else s


def percent(x: float, lang: str) -> str:
    return f"{x:.0%}".replace("%", "\u00a0%") if lang == "hu" else f"{x:.0%}"


def report_html(report, lang: str = "en", unit: str = "coins", digits: int = 2) -> str:
    """Each seat's bot, mean score and win share, and the mean number of turns."""
    tx = TEXT.get(lang, TEXT["en"])
    mean = tx["unit_" + unit]
    cell = "style='border:1px solid #ccc;padding:3px 10px'"
    rows = "".join(f"<tr><td {cell}>{i + 1}</td><td {cell}>{escape(t('bot_' + b, lang))}</td>"
                   f"<td {cell} class='beannb-lab-mean'>{number(m, digits, lang)} {escape(mean)}</td>"
                   f"<td {cell}>{percent(w, lang)}</td></tr>"
                   for i, (b, m, w) in enumerate(zip(report.bots, report.mean_score, report.win_share)))
    return (f"<table class='beannb-lab-table' style='border-collapse:collapse'><tr><th {cell}>{tx['seat']}</th>"
            f"<th {cell}>{tx['bot']}</th><th {cell}>{tx['mean']}</th><th {cell}>{tx['wins']}</th></tr>{rows}</table>"
            f"<p>{tx['turns']}: {number(report.mean_turns, 1, lang)} · "
            f"{escape(tx['games_played'].format(n=report.games, seed=report.seed))}</p>")


class SimReport(W.HTML):
    """A fixed simulation (the same games every time) shown in the page language.

    The games are played in a background thread, so the page around the report is usable
    at once; until they are done the report says the games are being played. ``join()``
    waits for them (tests, scripts).
    """

    def __init__(self, game: str, players: int, games: int, bots: Sequence[str], seed: int = 1,
                 unit: str = "coins", digits: int = 2, lang: Optional[str] = None, background: bool = True):
        import threading

        super().__init__()
        self.add_class("beannb-sim-report")
        self.report = None
        self.error: Optional[BaseException] = None
        self.unit, self.digits, self.lang = unit, digits, ""
        args = (game, players, games, list(bots), seed)
        self._thread = threading.Thread(target=self._play, args=args, daemon=True, name="beannb-sim-report")
        self.set_lang(initial_lang(lang))
        if background:
            self._thread.start()
        else:
            self._play(*args)

    def _play(self, game: str, players: int, games: int, bots: list, seed: int) -> None:
        from ..sim import simulate

        try:
            self.report = simulate(game, players=players, games=games, bots=bots, seed=seed)
        except Exception as exc:  # noqa: BLE001 - shown in the report instead of lost in a thread
            self.error = exc
        self._render()

    def join(self, timeout: Optional[float] = None) -> "SimReport":
        if self._thread.is_alive():
            self._thread.join(timeout)
        return self

    def _render(self) -> None:
        tx = TEXT.get(self.lang, TEXT["en"])
        if self.error is not None:
            html = f"<p class='beannb-error'>{escape(type(self.error).__name__)}: {escape(str(self.error))}</p>"
        elif self.report is None:
            html = f"<p class='beannb-sim-running'><i>{escape(tx['running'])}</i></p>"
        else:
            html = report_html(self.report, self.lang, self.unit, self.digits)
        if self.value != html:
            self.value = html

    def set_lang(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._render()


class StrategyLab(W.VBox):
    """Choose a bot per seat and a number of games; see mean scores, win shares and a histogram."""

    def __init__(self, game: str = "bohnanza", players: int = 4, seed: int = 1, lang: Optional[str] = None):
        super().__init__()
        self.add_class("beannb-lab")
        lang = initial_lang(lang)
        self.game, self.lang, self.seed = game, lang, seed
        self.report = None
        wide = {"description_width": "initial"}
        kinds = [(t("bot_" + k, lang), k) for k in sorted(BOTS)]
        self.seats = [W.Dropdown(options=kinds, value="greedy" if i < players // 2 else "random",
                                 layout=W.Layout(width="240px"), style=wide)
                      for i in range(players)]
        self.games = W.IntSlider(value=100, min=10, max=1000, step=10, style=wide)
        self.run_b = W.Button(button_style="success")
        self.run_b.add_class("beannb-lab-run")
        self.run_b.on_click(lambda _b: self.run())
        self.out = W.Output()
        self.children = [W.HBox(self.seats[:2]), W.HBox(self.seats[2:]), W.HBox([self.games, self.run_b]), self.out]
        self.relabel()

    def relabel(self) -> None:
        tx = TEXT[self.lang]
        for i, s in enumerate(self.seats):
            relabel_options(s, [t("bot_" + k, self.lang) for k in sorted(BOTS)])
            s.description = f"{tx['seat']} {i + 1}"
        self.games.description = tx["games"]
        self.run_b.description = tx["run"]

    def set_lang(self, lang: str) -> None:
        if lang == self.lang:
            return
        self.lang = lang
        self.relabel()
        if self.report is not None:
            self.show(self.report)

    def run(self):
        from ..sim import simulate

        tx = TEXT[self.lang]
        self.out.clear_output()
        with self.out:
            from IPython.display import HTML, display

            display(HTML(f"<i>{tx['running']}</i>"))
        report = simulate(self.game, len(self.seats), self.games.value, [s.value for s in self.seats], self.seed)
        self.report = report
        self.show(report)
        return report

    def show(self, report) -> None:
        tx = TEXT[self.lang]
        self.out.clear_output()
        with self.out:
            import matplotlib.pyplot as plt  # only when a plot is drawn: keeps pages light
            from IPython.display import HTML, display

            display(HTML(report_html(report, self.lang)))
            fig, ax = plt.subplots(figsize=(6, 3))
            for kind in dict.fromkeys(report.bots):
                seats = [i for i, b in enumerate(report.bots) if b == kind]
                ax.hist([g[i] for g in report.scores for i in seats], bins=range(0, 26), alpha=0.6,
                        label=t("bot_" + kind, self.lang))
            ax.set_xlabel(tx["coins"])
            ax.set_ylabel(tx["players"])
            ax.legend()
            plt.show()
