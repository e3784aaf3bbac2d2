"""The strategy lab grown up: confidence intervals, worth studies, the progress bar, plots
with and without matplotlib, in both languages."""
from __future__ import annotations

import math
import subprocess
import sys

import pytest

from beannb.core.errors import OptionError
from beannb.games import get_ruleset
from beannb.sim import Z95, format_report, format_worth, mean_ci, simulate, wilson, without_choices, worth


def test_mean_ci_known_values():
    m, h = mean_ci([1, 2, 3, 4])
    assert m == 2.5 and h == pytest.approx(Z95 * math.sqrt(5 / 3) / 2) and h == pytest.approx(1.2652, abs=1e-4)
    assert mean_ci([7]) == (7, 0.0) and mean_ci([]) == (0.0, 0.0)
    assert mean_ci([3, 3, 3])[1] == 0.0


def test_wilson_known_values():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)  # a textbook example
    assert wilson(0, 0) == (0.0, 1.0)


def test_report_intervals_per_seat_and_bot_and_trades():
    r = simulate("bohnanza", 4, 6, ["trader", "greedy", "greedy", "greedy"], seed=1)
    assert len(r.wins) == 6 and all(abs(sum(w) - 1) < 1e-9 for w in r.wins)
    assert len(r.trades) == 6 and r.mean_trades > 0
    m, h = r.score_ci(0)
    assert m == pytest.approx(r.mean_score[0]) and h > 0
    lo, hi = r.win_ci(0)
    assert lo <= r.win_share[0] <= hi
    pooled = {b["bot"]: b for b in r.by_bot()}
    assert pooled["greedy"]["seats"] == [1, 2, 3]
    assert pooled["greedy"]["win_share"] + pooled["trader"]["win_share"] == pytest.approx(1)
    text = format_report(r)
    assert "± 95% CI" in text and "trades per game" in text and "(3 seats)" in text


@pytest.mark.parametrize("game, card", [("takeover", "pirate-raid"), ("rabohnzel", "luck"), ("bohnaparte", "city")])
def test_worth_study_same_seeds_with_and_without(game, card):
    assert card in without_choices(game)
    ticks = []
    w = worth(game, card, players=4, games=2, bots=["greedy"], seed=3, on_game=lambda d, n: ticks.append((d, n)))
    assert ticks[-1] == (4, 4) and len(ticks) == 4
    assert w.removed.options["without"] == card and w.base.options["without"] is None
    assert w.base.seed == w.removed.seed and w.base.games == w.removed.games == 2
    m, h = w.score_change()
    diffs = [a[i] - b[i] for a, b in zip(w.base.scores, w.removed.scores) for i in range(4)]
    assert m == pytest.approx(sum(diffs) / 8)
    assert card in format_worth(w)


def test_without_removes_the_card_from_the_game():
    rs = get_ruleset("takeover")
    s = rs.setup(["A", "B", "C"], 1, rs.check_options({"without": "pirate-raid"}))
    texts = list(s.text_deck) + [c for p in s.players for c in p.texts]
    assert "pirate-raid" not in texts and len(texts) == 17
    rs = get_ruleset("rabohnzel")
    s = rs.setup(["A", "B", "C"], 1, rs.check_options({"without": "luck"}))
    assert "luck" not in list(s.potion_deck) + [q.id for ps in s.potions for q in ps]
    rs = get_ruleset("bohnaparte")
    s = rs.setup(["A", "B", "C", "D"], 1, rs.check_options({"without": "city"}))
    assert "city" not in s.terrain and "village" in s.terrain
    with pytest.raises(OptionError):
        get_ruleset("rabohnzel").check_options({"without": "no-such-potion"})
    with pytest.raises(OptionError):
        get_ruleset("bohnaparte").check_options({"without": "camp"})
    with pytest.raises(ValueError):
        worth("bohnanza", "chili", games=1)


def test_cli_sim_worth_study():
    out = subprocess.run([sys.executable, "-m", "beannb", "sim", "--game", "rabohnzel", "--games", "2",
                          "--bots", "greedy", "--without", "luck"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "what is luck worth" in out.stdout and "95% CI" in out.stdout


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_lab_widget_with_progress_bar_in_both_languages(lang):
    import ipywidgets as W

    from beannb.widgets.lab import TEXT, StrategyLab

    lab = StrategyLab("rabohnzel", players=4, seed=1, lang=lang)
    assert isinstance(lab.progress, W.IntProgress) and lab.progress.layout.visibility == "hidden"
    lab.games.value = 10
    seen = []
    lab.progress.observe(lambda ch: seen.append(ch["new"]), "value")
    lab.start()
    lab.join(120)
    assert lab.report is not None and seen[-1] == 10 and len(seen) >= 10
    assert lab.progress.layout.visibility == "hidden"
    tx = TEXT[lang]
    assert tx["ci"] in lab.result.value and tx["per_bot"] in lab.result.value and "<svg" in lab.plot.value
    # a worth study: the same seeds with and without the Luck spell
    lab.study.value = "luck"
    assert lab.study._options_labels[0] == tx["compare"]
    w = lab.run()
    assert lab.progress.max == 20 and lab.progress.value == 20
    name = "Luck spell" if lang == "en" else "Szerencsevarázs"
    assert name in lab.result.value and "beannb-worth-change" in lab.result.value
    other = "hu" if lang == "en" else "en"
    lab.set_lang(other)
    assert TEXT[other]["change"] in lab.result.value and w is lab.report


def test_svg_plot_fallback_without_matplotlib():
    code = r"""
import sys
sys.modules['matplotlib'] = None          # 'import matplotlib' now fails, as in the browser build
from beannb.widgets.lab import StrategyLab, plot_html
lab = StrategyLab('bohnanza', players=4, seed=1, lang='hu')
lab.games.value = 10
lab.run()
assert "class='beannb-plot'" in lab.plot.value, lab.plot.value[:200]
svg = plot_html(['a', 'b'], [1.5, -0.25], [0.5, 0.1], 'x', 'babtallér', 'hu')
assert svg.startswith('<svg') and '1,50' in svg
print('ok')
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_lab_imports_no_matplotlib():
    code = "import sys, beannb.widgets.lab, beannb.sim; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(("game", "unit", "hu"), [("bohnanza", "coins", None), ("takeover", "pennies", "babfillér"),
                                                  ("bohnaparte", "vp", None)])
def test_the_lab_counts_each_game_in_its_own_score_unit(game, unit, hu):
    """Takeover's score is bean pennies (T-43), not coins; Bohnaparte's victory points."""
    from beannb.widgets.lab import TEXT, StrategyLab

    assert StrategyLab(game, lang="en").unit == unit
    if hu:
        assert TEXT.text("unit_" + unit, "hu") == hu
