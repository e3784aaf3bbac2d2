"""``beannb bench``'s side-by-side comparison: the ceiling loop, the public text API replay
and the ratios, with a fake reference engine (the real one, TextArena, is not needed)."""
from __future__ import annotations

import sys

from beannb.bench import compare
from beannb.bench.compare import ceiling_game, print_comparison, ratio_lines, record_texts


class FakeReference:
    """Plays "games" of a few commands; replaying counts them."""

    name = "fake engine"

    def __init__(self):
        self.replayed = 0

    def record(self, seed):
        return [f"step {i}" for i in range(3 + seed % 4)]

    def replay(self, seed, commands):
        assert commands == self.record(seed)
        self.replayed += len(commands)


def test_the_ceiling_loop_ends_and_is_the_same_for_a_seed():
    steps = [ceiling_game(seed) for seed in range(6)]
    assert steps == [ceiling_game(seed) for seed in range(6)]
    assert all(100 < n < 2000 for n in steps)
    assert len(set(steps)) > 1  # the seed matters


def test_recorded_texts_replay_through_the_public_api():
    import beannb

    texts = record_texts(5)
    g = beannb.new_game("bohnanza", players=compare.NAMES, seed=5)
    g.play_all(texts)
    assert g.is_over() and [str(a) for a in g.actions] == texts


def test_ratios_are_printed_from_the_figures():
    figures = {"fast": (200.0, 8.0), "public": (100.0, 16.0), "ceiling": (2000.0, 1.0), "reference": (50.0, 20.0)}
    text = "\n".join(ratio_lines(figures, "fake engine"))
    assert "fake engine" in text
    assert "fast path / reference, games per second" in text and "4.00x" in text
    assert "ceiling / fast path, games per second" in text and "10.00x" in text
    assert "fast path / ceiling, time per step" in text and "8.00x" in text
    assert "public text API / reference's bare step, time per step" in text and "0.80x" in text
    assert "public text API / fast path, time per step" in text and "2.00x" in text


def test_without_a_reference_there_are_no_reference_ratios():
    text = "\n".join(ratio_lines({"fast": (200.0, 8.0), "public": (100.0, 16.0), "ceiling": (2000.0, 1.0)}))
    assert "reference" not in text and "ceiling / fast path" in text


def test_the_comparison_runs_a_fake_reference_side_by_side(capsys):
    ref = FakeReference()
    calls = []
    print_comparison(2, 2, fast=lambda r: calls.append(r) or (100.0, 10.0), reference=ref)
    out = capsys.readouterr().out
    assert calls == [0, 1]
    assert ref.replayed == 2 * sum(len(ref.record(s)) for s in (1, 2))
    assert "fake engine" in out and "public text API / reference's bare step" in out
    assert "ceiling loop" in out and "not measured" not in out


def test_a_missing_reference_is_one_line_and_the_rest_goes_on(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "textarena", None)  # import textarena fails
    ref, why = compare.load_reference()
    assert ref is None and "textarena" in why
    print_comparison(1, 1)
    lines = capsys.readouterr().out.splitlines()
    assert sum("not measured" in line for line in lines) == 1
    assert any("beannb public text API" in line for line in lines) and any("ceiling" in line for line in lines)


def test_the_fast_path_without_trading_is_set_against_the_ceiling():
    """Issue 26's aim compares the ceiling loop (which never trades) with games without trading."""
    figures = {"fast": (200.0, 8.0), "quiet": (500.0, 3.0), "ceiling": (2000.0, 1.0)}
    text = "\n".join(ratio_lines(figures))
    assert "beannb fast path, without trading" in text
    assert "ceiling / fast path without trading, games per second" in text and "4.00x" in text


def test_a_random_player_that_does_not_trade_never_offers():
    from beannb.bots import RandomBot, playout
    from beannb.games import get_ruleset

    rs = get_ruleset("bohnanza")
    verbs: set[str] = set()
    for seed in range(3):
        s = rs.setup(["Ann", "Bob", "Cid", "Dora"], seed, rs.check_options({}))
        final, _ = playout(rs, s, [RandomBot(seed * 10 + i, trades=False) for i in range(4)],
                           on_step=lambda st, a, e: verbs.add(type(a).VERB))
        assert final.phase == "over"
    assert "offer" not in verbs and {"plant", "harvest", "draw", "end-trade"} <= verbs
