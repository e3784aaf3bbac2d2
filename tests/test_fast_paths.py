"""The bots' way in to the legal actions (``Ruleset.legal_for_seat``) lists what
``legal_actions`` lists, and the lighter values behind the fast paths stay values (issue 13)."""
from dataclasses import FrozenInstanceError

import pytest

from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.core.events import Event
from beannb.games import available, get_ruleset
from beannb.games.takeover.state import Attack, TakeoverState, Window

from conftest import NAMES


def _states(game: str, n: int = 4, seed: int = 3) -> list:
    rs = get_ruleset(game)
    states = [rs.setup(NAMES[:n], seed, rs.check_options({}))]
    bots = [(GreedyBot if i % 2 else RandomBot)(seed * 10 + i) for i in range(n)]
    play_out(rs, states[0], bots, on_step=lambda b, a, new, e: states.append(new))
    return states


@pytest.mark.parametrize("game", available())
def test_legal_for_seat_lists_what_legal_actions_lists(game):
    rs = get_ruleset(game)
    for s in _states(game)[::3]:
        for seat, p in enumerate(s.players):
            legal = rs.legal_actions(s, p.name)
            actions, partners = rs.legal_for_seat(s, seat)
            assert actions == list(legal), f"turn {s.turn}, {s.phase}, {p.name}"
            assert dict(partners) == dict(legal.offer_partners)
            actions.append("changed")  # the caller's own list: the next answer is untouched
            assert "changed" not in rs.legal_for_seat(s, seat)[0]


def test_takeover_window_and_attack_are_values():
    w = Window("a", 1, (2, 3, 0), 0, 1, None, False)
    assert Window.from_dict(w.to_dict()) == w
    with pytest.raises(AttributeError):
        w.copies = 2
    at = Attack(1, 0, 2, 1, False)
    assert at.stage == "defend" and Attack.from_dict(at.to_dict()) == at
    rs = get_ruleset("takeover")
    for s in _states("takeover")[::5]:
        assert TakeoverState.from_dict(s.to_dict()) == s
        assert rs.state_from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_event_fields_are_read_only():
    data = {"bean": "soy", "field": 1, "size": 2}
    e = Event("plant", "Ann", data, "B-09")
    for name in ("kind", "player", "data", "rule"):
        with pytest.raises(FrozenInstanceError):
            setattr(e, name, None)
        with pytest.raises(FrozenInstanceError):
            delattr(e, name)
    assert (e.kind, e.player, e.data, e.rule, e.narration) == ("plant", "Ann", data, "B-09", None)
    e.bind(get_ruleset("bohnanza").narration)
    assert e.text("en") and e == Event("plant", "Ann", dict(data), "B-09")
