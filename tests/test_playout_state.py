"""The playout state (issue 26, item 1): one mutable state per game, changed in place by
``Ruleset.do_in_place``, plays the same games as the checked path, state for state.

The checked path is ``Ruleset.apply`` on immutable states, every action validated, every other
bot asked before every action (the reference driver of tests/test_engine_paths.py); the
playout path is :func:`beannb.bots.playout`. Both are played from the same seed with the same
seeded bots, and after every action the two tables must be equal (and their events the same).
"""
import pytest

from beannb.bots import play_out, playout
from beannb.games import available, get_ruleset

from conftest import NAMES
from helpers import reference_play_out, seeded_bots

CONFIGS = [(game, opts, n) for game in available() for opts, n in get_ruleset(game).configurations()]


def _event(e):
    return (e.kind, e.player, e.data, e.rule)


def checked_steps(rs, state, bots):
    """Every (action, table as data, events) of a game played the checked way."""
    steps = []
    state, _ = reference_play_out(rs, state, bots, on_step=lambda a, new, events: steps.append(
        (str(a), new.to_dict(), [_event(e) for e in events])))
    return state, steps


def playout_steps(rs, state, bots):
    """The same game on the playout state: a snapshot of it after every action."""
    steps = []
    final, count = playout(rs, state, bots, on_step=lambda s, a, events: steps.append(
        (str(a), s.to_dict(), [_event(e) for e in events])))
    assert count == len(steps)
    return final, steps


@pytest.mark.parametrize("game,opts,n", CONFIGS, ids=[f"{g}-{o.get('profile', '')}-{n}p" for g, o, n in CONFIGS])
def test_playout_state_plays_the_checked_games_state_for_state(game, opts, n):
    rs = get_ruleset(game)
    o = rs.check_options(dict(opts))
    for seed, mixed in ((5, False), (6, True)):
        start = rs.setup(NAMES[:n], seed, o)
        before = start.to_dict()
        ref_final, ref = checked_steps(rs, start, seeded_bots(n, seed, mixed))
        final, fast = playout_steps(rs, start, seeded_bots(n, seed, mixed))
        assert len(fast) == len(ref)
        for i, (want, got) in enumerate(zip(ref, fast)):
            assert got == want, f"{game} seed {seed}: step {i} ({want[0]}) differs"
        assert final == ref_final and final is not start
        assert start.to_dict() == before, "the starting state is the caller's: the playout leaves it as it was"


@pytest.mark.parametrize("game", available())
def test_playout_and_play_out_end_the_same(game):
    """The fast driver on immutable states and the playout state: the same final tables and
    action counts for the same seeds (what ``beannb sim`` and the bench compare across)."""
    rs = get_ruleset(game)
    o = rs.check_options({})
    for seed in range(3):
        start = rs.setup(NAMES[:4], seed, o)
        a = play_out(rs, start, seeded_bots(4, seed, seed == 1))
        b = playout(rs, start, seeded_bots(4, seed, seed == 1))
        assert a[1] == b[1] and a[0] == b[0]


def test_do_in_place_is_do_on_a_copy():
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES[:4], 1, rs.check_options({}))
    action = rs.legal_actions(s, "Ann")[0]
    after, events = rs.do(s, action)
    mine = s.copy()
    assert [_event(e) for e in rs.do_in_place(mine, action)] == [_event(e) for e in events]
    assert mine == after and s != after


def test_default_do_in_place_sets_what_do_returns():
    """A game without its own ``do_in_place`` gets the protocol's: ``do``, then every slot."""
    from beannb.core.ruleset import Ruleset
    rs = get_ruleset("takeover")
    s = rs.setup(NAMES[:3], 2, rs.check_options({}))
    for _ in range(6):
        action = rs.legal_actions(s)[0]
        mine = s.copy()
        events = Ruleset.do_in_place(rs, mine, action)
        after, want = rs.do(s, action)
        assert mine == after and [_event(e) for e in events] == [_event(e) for e in want]
        s = after
