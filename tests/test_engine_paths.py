"""The engine's fast paths give the same games as the checked ones (issue 13, item 5).

- takeover builds its legal actions from candidates that leave out what the frequent
  refusals reject; the reference is every candidate, each checked by ``refusal``;
- the bot driver carries out actions taken from the legal list without validating them
  again and asks bots to interject only when ``may_interject`` says someone may; the
  reference is the old driver, which validated every action and asked every bot every time.
"""
import pytest

from beannb.bots import play_out
from beannb.games import available, get_ruleset
from beannb.games.takeover.candidates import candidates

from conftest import NAMES
from helpers import reference_play_out, seeded_bots

CONFIGS = [(game, opts, n) for game in available() for opts, n in get_ruleset(game).configurations()]


def takeover_reference(rs, s, player=None):
    """Takeover's legal actions the old way: every candidate, each fully checked."""
    seats = range(s.n) if player is None else [s.seat_of(player)]
    out = []
    for seat in seats:
        if seat is None or s.phase == "over":
            continue
        out.extend(a for a in candidates(rs, s, seat, exact=False) if rs.refusal(s, a) is None)
    return out


TAKEOVER = [(o, n) for o, n in get_ruleset("takeover").configurations()]
OPTION_VARIANTS = [{}, {"performed_scope": "sequence", "first_exception": "first_round", "late_windows": "pass_only"}]


@pytest.mark.parametrize("opts,n", TAKEOVER, ids=[f"{n}p" for _, n in TAKEOVER])
@pytest.mark.parametrize("extra", OPTION_VARIANTS, ids=["default", "options"])
@pytest.mark.parametrize("seed", [1, 2])
def test_takeover_legal_actions_equal_the_checked_candidates(opts, n, extra, seed):
    rs = get_ruleset("takeover")
    o = rs.check_options({**opts, **extra})
    states = [rs.setup(NAMES[:n], seed, o)]
    play_out(rs, states[0], seeded_bots(n, seed, mixed=seed % 2 == 0), on_step=lambda b, a, new, e: states.append(new))
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
        final, count = play_out(rs, start, seeded_bots(n, seed, mixed), on_step=lambda b, a, new, e: fast.append(a))
        ref_final, ref = reference_play_out(rs, start, seeded_bots(n, seed, mixed))
        assert [str(a) for a in fast] == [str(a) for a in ref]
        assert final == ref_final


# -- the base game's legal actions, built by construction (issue 13, item 5) -------------------
def base_reference(rs, s, seat):
    """The base game's legal actions for ``seat`` the brute-force way: every action of every
    verb that names something on the table, each checked by ``refusal``."""
    from beannb.games.bohnanza.actions import (Accept, BuyField, Decline, Discard, Draw, EndTrade, Harvest, Plant,
                                               Reveal, Withdraw)
    p = s.players[seat]
    name = p.name
    beans = set(p.hand) | set(p.pending) | set(s.faceup) | set(s.offer_zone)
    cands = [Plant(name, b, k + 1) for b in sorted(beans) for k in range(len(p.fields))]
    cands += [Harvest(name, k + 1) for k in range(3)]
    cands += [BuyField(name), Reveal(name), EndTrade(name), Draw(name)]
    cands += [Discard(name, b) for b in sorted(set(s.offer_zone))]
    cands += [Discard(name, b, i + 1) for i, b in enumerate(p.hand)]
    for o in s.offers:
        cands += [Accept(name, o.id), Decline(name, o.id), Withdraw(name, o.id)]
    return {str(a) for a in cands if rs.refusal(s, a) is None}


BASE = [(o, n) for o, n in get_ruleset("bohnanza").configurations()]


@pytest.mark.parametrize("opts,n", BASE, ids=[f"{o['profile']}-{n}p" for o, n in BASE])
def test_base_legal_actions_equal_the_checked_candidates(opts, n):
    rs = get_ruleset("bohnanza")
    o = rs.check_options(dict(opts))
    states = [rs.setup(NAMES[:n], 5, o)]
    play_out(rs, states[0], seeded_bots(n, 5, mixed=True), on_step=lambda b, a, new, e: states.append(new))
    for s in states[:-1]:
        for seat, p in enumerate(s.players):
            fast = [str(a) for a in rs.legal_actions(s, p.name)]
            assert len(fast) == len(set(fast))
            # Discards by hand position are listed once per bean (the first position of each).
            ref = {t for t in base_reference(rs, s, seat) if "@" not in t or t in fast}
            assert set(fast) == ref, f"turn {s.turn}, {s.phase}, {p.name}"


# -- the quick form test ----------------------------------------------------------------------
def _slow_form_problem(obj):
    """``form_problem`` as it was before its quick test: every field by ``_value_problem``."""
    from beannb.core.actions import _UNSET, _field_hints, _value_problem
    for name, hint in _field_hints(type(obj)):
        value = getattr(obj, name, _UNSET)
        label = f"the {name}"
        problem = f"{label} is not set" if value is _UNSET else _value_problem(value, hint, label)
        if problem:
            return problem
    own = getattr(type(obj), "form_problem", None)
    return own(obj) if callable(own) else None


def _odd_values():
    return ["Ann", "", "a b", "a,b", "x" * 65, "x" * 64, "Ann\u00a0", "Ánn", "tab\t", 0, 1, -1, True, False, None,
            10 ** 7, 999_999, 1.0, ("soy",), b"Ann"]


def test_quick_form_test_agrees_with_the_full_check():
    from beannb.core.actions import CardRef, Want, form_ok, form_problem
    from beannb.games.bohnanza.actions import Harvest, Offer, Plant
    objs = []
    for v in _odd_values():
        objs += [Plant(v), Plant("Ann", v), Plant("Ann", "soy", v), Harvest("Ann", v), CardRef("hand", "soy", v),
                 CardRef(v, "soy"), Want("hand", v, 1), Want("up", "soy", v),
                 Offer("Ann", v, (CardRef("hand", "soy", 1),), ()), Offer("Ann", "Bob", (CardRef("hand", "soy", v),), ()),
                 Offer("Ann", "Bob", (), (Want("hand", "soy", v),)), Offer("Ann", "Bob", v, ()),
                 Offer("Ann", "Bob", (), (v,))]
    objs.append(Offer("Ann", "Bob", tuple(CardRef("hand", "soy", 1) for _ in range(101)), ()))
    for obj in objs:
        slow = _slow_form_problem(obj)
        assert form_problem(obj) == slow, obj
        if form_ok(obj):
            assert slow is None, obj


# -- offers bots build: checked against the rules, refused as play refuses them ---------------------
def test_built_offer_is_refused_with_the_rule_of_play():
    from beannb.bots.base import check_built
    from beannb.core.actions import CardRef, Want
    from beannb.core.errors import ActionSyntaxError, IllegalAction
    from beannb.games.bohnanza.actions import Offer
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES[:4], 2, rs.check_options({}))
    s, _ = rs.apply(s, rs.legal_actions(s, "Ann")[0])
    s, _ = rs.apply(s, next(a for a in rs.legal_actions(s, "Ann") if a.VERB == "reveal"))
    assert s.phase == "trade"
    bad = [Offer("Bob", "Cid", (CardRef("hand", s.players[1].hand[0], 1),), ()),   # B-14: not with the active player
           Offer("Bob", "Ann", (), ()),                                              # B-18
           Offer("Bob", "Ann", (CardRef("hand", "soy", 99),), ()),                   # B-48
           Offer("Bob", "Ann", (CardRef("up", s.faceup[0]),), ())]                   # B-16
    for offer in bad:
        want = rs.validate(s, offer)
        assert isinstance(want, IllegalAction)
        with pytest.raises(IllegalAction) as got:
            check_built(rs, s, offer)
        assert (got.value.rule, got.value.text("en"), got.value.text("hu")) == (want.rule, want.text("en"), want.text("hu"))
    for malformed in [Offer("Bob", "Ann", (CardRef("hand", "soy", True),), ()),
                      Offer("Bob", "Ann", (), (Want("hand", "no-such-bean", 1),))]:
        with pytest.raises(ActionSyntaxError) as want_exc:
            rs.validate(s, malformed)
        with pytest.raises(ActionSyntaxError) as got_exc:
            check_built(rs, s, malformed)
        assert str(got_exc.value) == str(want_exc.value)
    good = Offer("Bob", "Ann", (CardRef("hand", s.players[1].hand[0], 1),), (Want("up", s.faceup[0], 1),))
    assert rs.validate(s, good) is None
    check_built(rs, s, good)


# -- events stay values --------------------------------------------------------------------------
def test_events_are_immutable_values():
    import copy
    import pickle
    from dataclasses import FrozenInstanceError
    from beannb.core.events import Event
    rs = get_ruleset("bohnanza")
    e = Event("plant", "Ann", {"bean": "soy", "field": 1, "size": 2}, "B-09", rs.narration)
    assert e == Event("plant", "Ann", {"bean": "soy", "field": 1, "size": 2}, "B-09")  # narration is not compared
    assert e != Event("plant", "Bob", {"bean": "soy", "field": 1, "size": 2}, "B-09")
    assert Event("x").data == {} and Event("x").data is not Event("x").data
    with pytest.raises(FrozenInstanceError):
        e.kind = "harvest"
    with pytest.raises(FrozenInstanceError):
        del e.rule
    again = copy.deepcopy(e)
    assert again == e and again.text("hu") == e.text("hu")
    plain = Event("plant", "Ann", {"bean": "soy"}, "B-09")  # a narration holds functions: unbound events pickle
    assert pickle.loads(pickle.dumps(plain)) == plain
    assert repr(e) == "Event(kind='plant', player='Ann', data={'bean': 'soy', 'field': 1, 'size': 2}, rule='B-09')"
