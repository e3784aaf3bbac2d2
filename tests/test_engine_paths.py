"""The engine's fast paths give the same games as the checked ones (issue 13, item 5).

- takeover builds its legal actions from candidates that leave out what the frequent
  refusals reject; the reference is every candidate, each checked by ``_why_not``;
- the bot driver carries out actions taken from the legal list without validating them
  again and asks bots to interject only when ``may_interject`` says someone may; the
  reference is the old driver, which validated every action and asked every bot every time.
"""
import pytest

from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.games import available, get_ruleset

from conftest import NAMES

CONFIGS = [(game, opts, n) for game in available() for opts, n in get_ruleset(game).configurations()]


def takeover_reference(rs, s, player=None):
    """Takeover's legal actions the old way: every candidate, each fully checked."""
    seats = range(s.n) if player is None else [s.seat_of(player)]
    out = []
    for seat in seats:
        if seat is None or s.phase == "over":
            continue
        out.extend(a for a in rs._candidates(s, seat, exact=False) if rs._why_not(s, a) is None)
    return out


def reference_play_out(rs, state, bots):
    """The driver as it was: validate every action, ask every other bot every time."""
    for bot in bots:
        bot.reset()
    actions = []
    while state.phase != "over":
        seat = rs.to_move(state)[0]
        action = None
        for k in range(1, state.n):
            other = (seat + k) % state.n
            action = bots[other].interject(rs, state, other)
            if action is not None:
                break
        if action is None:
            action = bots[seat].act(rs, state, seat)
        state, _ = rs.apply(state, action)
        actions.append(action)
    return state, actions


def _bots(n, seed, mixed):
    return [(GreedyBot if mixed and i % 2 else RandomBot)(seed * 10 + i) for i in range(n)]


TAKEOVER = [(o, n) for o, n in get_ruleset("takeover").configurations()]
OPTION_VARIANTS = [{}, {"performed_scope": "sequence", "first_exception": "first_round", "late_windows": "pass_only"}]


@pytest.mark.parametrize("opts,n", TAKEOVER, ids=[f"{n}p" for _, n in TAKEOVER])
@pytest.mark.parametrize("extra", OPTION_VARIANTS, ids=["default", "options"])
@pytest.mark.parametrize("seed", [1, 2])
def test_takeover_legal_actions_equal_the_checked_candidates(opts, n, extra, seed):
    rs = get_ruleset("takeover")
    o = rs.check_options({**opts, **extra})
    states = [rs.setup(NAMES[:n], seed, o)]
    play_out(rs, states[0], _bots(n, seed, mixed=seed % 2 == 0), on_step=lambda b, a, new, e: states.append(new))
    for s in states:
        fast = [str(a) for a in rs.legal_actions(s)]
        assert fast == [str(a) for a in takeover_reference(rs, s)], f"turn {s.turn}, {s.phase}"
        for p in s.players[:2]:
            assert [str(a) for a in rs.legal_actions(s, p.name)] == [str(a) for a in takeover_reference(rs, s, p.name)]


@pytest.mark.parametrize("game,opts,n", CONFIGS, ids=[f"{g}-{o.get('profile', '')}-{n}p" for g, o, n in CONFIGS])
def test_fast_driver_plays_the_same_games(game, opts, n):
    rs = get_ruleset(game)
    o = rs.check_options(dict(opts))
    for seed, mixed in ((3, False), (4, True)):
        start = rs.setup(NAMES[:n], seed, o)
        fast = []
        final, count = play_out(rs, start, _bots(n, seed, mixed), on_step=lambda b, a, new, e: fast.append(a))
        ref_final, ref = reference_play_out(rs, start, _bots(n, seed, mixed))
        assert [str(a) for a in fast] == [str(a) for a in ref]
        assert final == ref_final
