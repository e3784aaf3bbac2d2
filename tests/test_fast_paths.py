"""The bots' way in to the legal actions (``Ruleset.legal_for_seat``) lists what
``legal_actions`` lists, and the lighter values behind the fast paths stay values (issue 13)."""
from dataclasses import FrozenInstanceError

import pytest

from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.core.events import Event
from beannb.games import available, get_ruleset
from beannb.games.bohnanza.trade import accept_cards, can_give
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


def test_seating_is_derived_and_no_part_of_a_state():
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES[:4], 5, rs.check_options({}))
    assert s.seating is None  # made on first use
    assert [s.seat_of(n) for n in NAMES[:4]] == [0, 1, 2, 3]
    assert s.seat_of("Nobody") is None and s.seat_of(["not", "a", "name"]) is None
    assert s.seating.others[NAMES[1]] == (NAMES[0], NAMES[2], NAMES[3])
    assert "seating" not in s.to_dict() and "seating" not in repr(s)
    again = rs.state_from_dict(s.to_dict())
    assert again.seating is None and again == s  # equal whether or not it was made
    assert s.copy().seating is s.seating  # shared by the states that follow


def test_an_offer_can_be_accepted_when_the_partner_holds_what_it_asks():
    """B-49 over whole games: an open offer can be accepted exactly when the partner's hand
    holds the beans it asks for and the face-up cards it asks for are on the table; the
    cards an accept then gives are the earliest matching hand cards."""
    from collections import Counter

    checked = 0
    for game in ("bohnanza", "rabohnzel", "bohnaparte"):
        for seed in (1, 2):
            for s in _states(game, seed=seed):
                for o in s.offers:
                    hand, up = Counter(s.players[o.partner].hand), Counter(s.faceup)
                    need_hand = Counter({w.bean: 0 for w in o.get})
                    need_up = Counter()
                    for w in o.get:
                        (need_up if w.zone == "up" else need_hand)[w.bean] += w.count
                    holds = all(hand[b] >= k for b, k in need_hand.items()) and all(up[b] >= k for b, k in need_up.items())
                    assert can_give(s, o) == holds
                    cards = accept_cards(s, o, None)
                    assert (cards is not None) == holds
                    if holds:
                        positions, ups = cards
                        given = Counter(s.players[o.partner].hand[i] for i in positions)
                        assert given == +need_hand and Counter(ups) == need_up
                    checked += 1
    assert checked > 100


def test_random_draws_are_the_ones_choice_makes():
    """The random bot's index draw consumes the generator exactly as ``rng.choice`` does."""
    import random

    from beannb.bots.randombot import _below

    a, b = random.Random(7), random.Random(7)
    for n in (1, 2, 3, 5, 8, 13, 64, 100):
        for _ in range(50):
            assert _below(a, n) == b.choice(range(n))
    assert a.random() == b.random()


@pytest.mark.parametrize("game", available())
def test_a_watched_and_an_unwatched_playout_end_alike(game):
    """Without ``on_step`` the driver calls the rules' ``do`` itself (events unread); the game
    is the same one ``apply`` plays, and the checked way too."""
    rs = get_ruleset(game)
    opts = rs.check_options({})
    ends = []
    for watch, checked in ((False, False), (True, False), (False, True)):
        s = rs.setup(NAMES[:4], 11, opts)
        bots = [RandomBot(40 + i) for i in range(4)]
        final, n = play_out(rs, s, bots, on_step=(lambda *a: None) if watch else None, checked=checked)
        ends.append((final.to_dict(), n))
    assert ends[0] == ends[1] == ends[2]


def test_random_offer_cards_are_drawn_without_replacement():
    import random

    from beannb.bots.randombot import _sample

    rng = random.Random(3)
    seen = set()
    for n in (1, 2, 5, 9, 21, 30):
        seq = [f"c{i}" for i in range(n)]
        for k in range(0, min(n, 3) + 1):
            for _ in range(40):
                got = _sample(rng, seq, k)
                assert len(got) == k and len(set(got)) == k and set(got) <= set(seq)
                seen.update(got)
    assert seen == {f"c{i}" for i in range(30)}  # every item can be drawn
    a, b = random.Random(9), random.Random(9)
    assert [_sample(a, list(range(12)), 2) for _ in range(30)] == [_sample(b, list(range(12)), 2) for _ in range(30)]


def test_a_bounded_table_makes_each_value_once_and_starts_afresh_when_full() -> None:
    from beannb.core.memo import BoundedTable

    made = []
    table = BoundedTable(lambda k: made.append(k) or (k, len(made)), limit=3)
    first = table["a"]
    assert table["a"] is first and made == ["a"]  # made once, the same object after
    table["b"], table["c"]
    assert len(table) == 3
    table["d"]  # full: starts afresh with the new key only
    assert list(table) == ["d"] and made == ["a", "b", "c", "d"]
    assert table["a"] == ("a", 5) and made[-1] == "a"  # made again, from its key alone
