"""The strategy lab: simulate games between bots and compare their scores."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from ..bots import BOTS
from ..i18n.ui import t

TEXT = {
    "en": {"seat": "Seat", "games": "Games", "run": "Simulate", "bot": "bot", "mean": "mean score",
           "wins": "win share", "turns": "mean turns", "coins": "coins at the end", "players": "players",
           "running": "Playing the games…"},
    "hu": {"seat": "Hely", "games": "Játszmák", "run": "Szimuláció", "bot": "gépi játékos", "mean": "átlagpontszám",
           "wins": "győzelmi arány", "turns": "átlagos körszám", "coins": "babtallér a végén", "players": "játékos",
           "running": "A játszmák folynak…"},
}


def report_html(report, lang: str = "en") -> str:
    tx = TEXT[lang]
    rows = "".join(f"<tr><td>{i + 1}</td><td>{escape(t('bot_' + b, lang))}</td><td>{m:.2f}</td><td>{w:.0%}</td></tr>"
                   for i, (b, m, w) in enumerate(zip(report.bots, report.mean_score, report.win_share)))
    return (f"<table class='beannb-lab-table' style='border-collapse:collapse'><tr><th>{tx['seat']}</th>"
            f"<th>{tx['bot']}</th><th>{tx['mean']}</th><th>{tx['wins']}</th></tr>{rows}</table>"
            f"<p>{tx['turns']}: {report.mean_turns:.1f}</p>")


class StrategyLab(W.VBox):
    """Choose a bot per seat and a number of games; see mean scores, win shares and a histogram."""

    def __init__(self, game: str = "bohnanza", players: int = 4, seed: int = 1, lang: str = "en"):
        super().__init__()
        self.add_class("beannb-lab")
        self.game, self.lang, self.seed = game, lang, seed
        tx = TEXT[lang]
        kinds = [(t("bot_" + k, lang), k) for k in sorted(BOTS)]
        self.seats = [W.Dropdown(options=kinds, value="greedy" if i < players // 2 else "random",
                                 description=f"{tx['seat']} {i + 1}", layout=W.Layout(width="220px"))
                      for i in range(players)]
        self.games = W.IntSlider(value=100, min=10, max=1000, step=10, description=tx["games"])
        self.run_b = W.Button(description=tx["run"], button_style="success")
        self.run_b.add_class("beannb-lab-run")
        self.run_b.on_click(lambda _b: self.run())
        self.out = W.Output()
        self.children = [W.HBox(self.seats[:2]), W.HBox(self.seats[2:]), W.HBox([self.games, self.run_b]), self.out]

    def run(self):
        from ..sim import simulate

        tx = TEXT[self.lang]
        self.out.clear_output()
        with self.out:
            from IPython.display import HTML, display

            display(HTML(f"<i>{tx['running']}</i>"))
        report = simulate(self.game, len(self.seats), self.games.value, [s.value for s in self.seats], self.seed)
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
        return report
