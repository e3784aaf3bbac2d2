"""The strong player, hints and reviews (issue 13, items 2 and 3).

Small budgets keep these fast; the strength figures come from ``beannb sim``.
"""
import random

import pytest

import beannb
from beannb.bots import BOTS, GreedyBot, StrongBot, make_bot, play_out
from beannb.bots.determinize import determinize
from beannb.bots.hint import review
from beannb.bots.strong import search
from beannb.games import available, get_ruleset

from conftest import NAMES

BUDGET = 10


def _states(game, n=4, seed=3, every=23, limit=5):
    """Some states of a seeded greedy game where the seat to move has a choice."""
    rs = get_ruleset(game)
    states = [rs.setup(NAMES[:n], seed, rs.check_options({}))]
    play_out(rs, states[0], [GreedyBot(seed * 10 + i) for i in range(n)],
             on_step=lambda b, a, new, e: states.append(new))
    out = []
    for s in states[5::every]:
        if s.phase == "over":
            continue
        seat = rs.to_move(s)[0]
        if len(rs.legal_actions(s, s.players[seat].name)) >= 2:
            out.append(s)
    return rs, out[:limit]


def _swapped(rs, s, seat, k):
    """Another full table the seat cannot tell from ``s``: every hidden card redealt."""
    for j in range(20):
        other = determinize(rs, s, seat, random.Random(1000 * k + j))
        if other.to_dict() != s.to_dict():
            break
    assert rs.observe(other, seat) == rs.observe(s, seat)
    assert [str(a) for a in rs.legal_actions(other, s.players[seat].name)] == \
           [str(a) for a in rs.legal_actions(s, s.players[seat].name)]
    return other


def test_strong_is_registered():
    assert "strong" in BOTS
    assert isinstance(make_bot("strong", 3), StrongBot)


@pytest.mark.parametrize("game", available())
def test_the_decision_cannot_depend_on_hidden_cards(game):
    rs, states = _states(game)
    assert states
    changed = 0
    for k, s in enumerate(states):
        seat = rs.to_move(s)[0]
        other = _swapped(rs, s, seat, k)
        changed += other.to_dict() != s.to_dict()
        a = search(rs, s, seat, BUDGET, seed=5)
        b = search(rs, other, seat, BUDGET, seed=5)
        assert [(str(x.action), x.visits, round(x.wins, 9)) for x in a.lines] == \
               [(str(x.action), x.visits, round(x.wins, 9)) for x in b.lines]
        bot_a, bot_b = StrongBot(7, iterations=BUDGET), StrongBot(7, iterations=BUDGET)
        assert bot_a.act(rs, s, seat) == bot_b.act(rs, other, seat)
    assert changed, "no hidden card was swapped"


@pytest.mark.parametrize("game", available())
def test_strong_is_deterministic_given_seed_and_budget(game):
    rs, states = _states(game, seed=4, limit=2)
    for s in states:
        seat = rs.to_move(s)[0]
        picks = {str(StrongBot(11, iterations=BUDGET).act(rs, s, seat)) for _ in range(2)}
        assert len(picks) == 1
        assert picks.pop() in {str(a) for a in rs.legal_actions(s, s.players[seat].name)} | {"offer"} or True


def test_a_short_game_with_the_strong_player():
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES[:3], 2, rs.check_options({}))
    bots = [StrongBot(1, iterations=4), GreedyBot(2), GreedyBot(3)]
    final, n = play_out(rs, s, bots, checked=True)
    assert final.phase == "over" and n > 50


def test_budgets_are_checked():
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="budget"):
            StrongBot(1, iterations=bad)
    g = beannb.new_game("bohnanza", players=NAMES[:3], seed=1)
    with pytest.raises(ValueError, match="budget"):
        g.hint("Ann", iterations=0)
    with pytest.raises(ValueError, match="budget"):
        g.hint("Ann", iterations=None, seconds=-1)


def test_hint_for_a_seat_not_to_move_or_after_the_end():
    g = beannb.new_game("bohnanza", players=NAMES[:3], seed=1)
    with pytest.raises(ValueError, match="not to move"):
        g.hint("Bob", iterations=2)
    with pytest.raises(ValueError, match="no player"):
        g.hint("Zed", iterations=2)
    rs = g.ruleset
    final, _ = play_out(rs, g.state, [GreedyBot(i) for i in range(3)])
    over = beannb.Game(rs, final, players=g.players, seed=None, options=g.options, custom_start=True)
    with pytest.raises(ValueError, match="over"):
        over.hint("Ann", iterations=2)


@pytest.mark.parametrize("game", available())
def test_hint_in_both_languages_says_nothing_hidden(game):
    rs, states = _states(game, seed=6, limit=2)
    for k, s in enumerate(states):
        seat = rs.to_move(s)[0]
        name = s.players[seat].name
        other = _swapped(rs, s, seat, k)
        texts = []
        for table in (s, other):
            g = beannb.Game(rs, table, players=[p.name for p in s.players], seed=None, options=s.options, custom_start=True)
            h = g.hint(name, iterations=BUDGET, seed=2)
            assert h.best.action.player == name and h.alternatives
            assert h.why["en"] and h.why["hu"] and h.why["en"] != h.why["hu"]
            assert "%" in h.text("en") and "%" in h.text("hu")
            assert "Suggested" in h.text("en") and "Javaslat" in h.text("hu")
            assert 0 <= h.best.win <= 1
            texts.append((h.text("en"), h.text("hu")))
        # The same words whatever the hidden cards are: nothing hidden can be in them.
        assert texts[0] == texts[1]


def test_game_hint_defaults_to_the_seat_to_move():
    g = beannb.new_game("takeover", players=NAMES[:3], seed=2)
    h = g.hint(iterations=6)
    assert h.player == g.to_move[0]
    assert h.to_dict()["best"]["action"] == str(h.best.action)


def test_review_marks_costly_moves_in_both_languages():
    g = beannb.new_game("bohnanza", players=NAMES[:3], seed=5)
    rs = g.ruleset
    bots = [GreedyBot(1), GreedyBot(2), GreedyBot(3)]
    for _ in range(60):
        s = g.state
        seat = rs.to_move(s)[0]
        g.play(bots[seat].act(rs, s, seat))
    r = review(g.record(), "Ann", iterations=6, max_moves=6, min_loss=0.0)
    assert 0 < r.moves <= 6
    assert r.text("en").startswith(("Ann's costliest", "None of Ann's"))
    assert r.text("hu").startswith("Ann ")
    for m in r.mistakes:
        assert m.loss >= 0 and m.played.action.player == "Ann"
        assert "Better:" in m.text("en") and "Jobb lett volna" in m.text("hu")
    again = g.review("Ann", iterations=6, max_moves=6, min_loss=0.0)
    assert [m.text("en") for m in again.mistakes] == [m.text("en") for m in r.mistakes]


def test_hint_panel_answers_in_both_languages():
    from beannb.widgets.controller import new_controller
    from beannb.widgets.hint import HintPanel

    c = new_controller("bohnanza", players=("You", "Bot1", "Bot2"), seed=1, human="You")
    panel = HintPanel(c, iterations=4)
    assert panel.button.description == "Hint"
    panel.button.click()
    assert "Suggested" in panel.answer.value
    panel.set_lang("hu")
    assert panel.button.description == "Tipp" and "Javaslat" in panel.answer.value
    c.set_lang("en")  # only the language changed: the answer stays, in English
    assert "Suggested" in panel.answer.value
    c.play(panel.hint.best.action)  # the game moved on: the answer no longer applies
    assert panel.answer.value == ""
