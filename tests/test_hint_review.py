"""The play widget's hint and end-of-game review, headless (the browser test is
tests/browser/test_hint.py)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

import beannb.bots.hint as hints  # noqa: E402
from beannb.bots.greedy import GreedyBot  # noqa: E402
from beannb.widgets.controller import new_controller  # noqa: E402
from beannb.widgets.hint import HintPanel  # noqa: E402


def _finish(c, player: str = "You") -> None:
    """Play ``player``'s seat to the end with the greedy strategy (the bots answer)."""
    g, me = c.game, GreedyBot(7)
    for _ in range(5000):
        if g.is_over():
            return
        s = g.state
        seat = s.seat_of(player)
        assert seat in g.ruleset.to_move(s), f"the game waits for {g.to_move}, not {player}"
        out = c.play(me.act(g.ruleset, s, seat))
        assert out.ok, out.message("en")
    raise AssertionError("the game did not end")


def test_hint_answer_names_a_legal_move_with_alternatives():
    c = new_controller("bohnanza", players=("You", "Bot1", "Bot2"), seed=1, human="You")
    c.play(c.legal_for("You")[0])  # past the forced first planting: there is a choice now
    panel = HintPanel(c, iterations=12)
    panel.button.click()
    text = panel.answer.value
    action = re.search(r"data-beannb-action='([^']*)'", text).group(1)
    assert action in [str(a) for a in c.legal_for("You")]
    assert "lang='en'" in text and "Suggested" in text and "estimated win chance" in text
    assert "beannb-hint-why" in text and panel.hint.alternatives
    asked = re.search(r"data-beannb-ask='(\d+)'", text).group(1)
    panel.button.click()  # the same position: the same advice, a new answer number
    assert re.search(r"data-beannb-ask='(\d+)'", panel.answer.value).group(1) != asked
    panel.set_lang("hu")
    assert "Javaslat" in panel.answer.value and "becsült nyerési esély" in panel.answer.value


def test_finished_game_offers_the_review_in_both_languages(monkeypatch):
    monkeypatch.setattr(hints, "REVIEW_SCREEN", 2)
    monkeypatch.setattr(hints, "REVIEW_CONFIRM", 6)
    monkeypatch.setattr(hints, "REVIEW_SECONDS", 3.0)
    c = new_controller("bohnanza", players=("You", "Bot1", "Bot2"), seed=2, human="You")
    panel = HintPanel(c, iterations=4)
    assert panel.review_button.layout.display == "none"  # only once the game is over
    _finish(c)
    assert panel.review_button.layout.display != "none"
    panel.button.click()  # Hint on a finished game points to the review
    assert "Review my game" in panel.answer.value
    panel.review_button.click()
    text = panel.answer.value
    assert "beannb-review" in text and "You" in text
    assert re.search(r"data-beannb-moves='[1-9]\d*'", text)
    assert ("costliest moves" in text) or ("looks costly" in text)
    assert len(panel.review.mistakes) <= 3
    for m in panel.review.mistakes:
        assert m.played.action.player == "You" and m.loss > 0
    panel.set_lang("hu")
    assert panel.review_button.description == "Játszmám áttekintése"
    hu = panel.answer.value
    assert "áttekintése" in hu and ("legköltségesebb" in hu or "költségesnek" in hu)


def test_review_with_a_screen_and_a_time_budget():
    c = new_controller("bohnanza", players=("You", "Bot1", "Bot2"), seed=3, human="You")
    _finish(c)
    r = c.game.review("You", iterations=6, screen=2, seconds=2.0)
    assert r.moves > 20 and len(r.mistakes) <= 3
    assert [m.loss for m in r.mistakes] == sorted((m.loss for m in r.mistakes), reverse=True)
    with pytest.raises(ValueError, match="budget"):
        c.game.review("You", iterations=6, screen=0)


def test_hint_bench_positions_and_table():
    from beannb.bench.hint import GameFigures, build_rows, format_table, positions, run_hint_bench

    found = positions("bohnanza", 3)
    assert len(found) == 3
    for g, seat in found:
        assert not g.is_over() and seat in g.to_move and len(g.legal_actions(seat)) >= 2
    rows = build_rows([GameFigures("bohnanza", [0.1, 0.3, 2.5])], [0.2, 0.4])
    table = format_table(rows)
    assert "g.hint(): bohnanza, median of 3" in table and "300 ms" in table
    assert [r.passed for r in rows] == [True, False, True, True]
    assert "browser Hint -> shown: base game, median of 2" in table
    assert run_hint_bench(iterations=0, browser=False) == 2


def test_the_recommendation_never_reads_worse_than_a_move_shown_beside_it():
    from beannb.bots.hint import Option, recommended

    def opt(win, points, visits=400):
        return Option(None, {}, {}, win, points, visits)

    # the most searched move, clearly behind the runner-up: the runner-up is recommended
    assert recommended([opt(0.40, 5.0), opt(0.62, 6.0), opt(0.30, 4.0)]) == 1
    # within the search's noise: the most searched move stays
    assert recommended([opt(0.50, 5.0), opt(0.51, 5.2), opt(0.30, 4.0)]) == 0
    assert recommended([opt(0.70, 7.0), opt(0.20, 3.0)]) == 0
    assert recommended([]) == 0


def test_takeover_hints_count_pennies_and_the_base_game_coins():
    import beannb
    from beannb.bots.hint import _points_word

    assert _points_word(beannb.get_ruleset("takeover"), "en") == "pennies"
    assert _points_word(beannb.get_ruleset("takeover"), "hu") == "babfillér"
    assert _points_word(beannb.get_ruleset("bohnanza"), "hu") == "babtallér"
