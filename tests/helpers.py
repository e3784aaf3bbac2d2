"""Building tables for unit tests with the scenario setup format."""
import beannb
from beannb.core.game import Game
from beannb.games import get_ruleset


def table(names=("Ann", "Bob", "Cid"), seed=1, options=None, players=None, game="bohnanza", **setup) -> Game:
    """A table: ``names`` in seat order; ``players`` and the other keywords are the
    scenario ``setup`` keys (docs/scenarios.md)."""
    rs = get_ruleset(game)
    opts = rs.check_options(dict(options or {}))
    if players:
        setup["players"] = players
    state = rs.state_from_setup(list(names), seed, opts, setup)
    return Game(rs, state, players=list(names), seed=seed, options=opts, custom_start=True)


def refused(game: Game, action: str):
    """Play ``action``; assert it is refused and the table untouched; return the error."""
    before = game.state.to_dict()
    try:
        game.play(action)
    except beannb.IllegalAction as exc:
        assert game.state.to_dict() == before
        return exc
    raise AssertionError(f"{action!r} was allowed")


def reference_action(rs, state, bots, seat: int):
    """The bot driver's choice as it was before its fast paths: every other bot asked to
    interject first (in seat order after ``seat``), then the seat to move acts."""
    for k in range(1, state.n):
        other = (seat + k) % state.n
        action = bots[other].interject(rs, state, other)
        if action is not None:
            return action
    return bots[seat].act(rs, state, seat)
