"""Offers a bot vouches for (``bots.base.vouch``) skip the form test and the card-name
read-back in ``check_built``: every offer the random bot vouches for must pass both, and the
rules still refuse a vouched offer they forbid (B-14…B-19, B-48)."""
from __future__ import annotations

import pytest

from beannb.bots import base, make_bot, play_out, randombot
from beannb.core.actions import form_ok
from beannb.core.errors import IllegalAction
from beannb.games import get_ruleset

NAMES = ["Ann", "Bob", "Cid", "Dora"]


@pytest.mark.parametrize("game", ["bohnanza", "takeover", "rabohnzel", "bohnaparte"])
def test_random_bot_vouches_only_for_well_formed_offers(game, monkeypatch):
    rs = get_ruleset(game)
    seen = []

    def checked_vouch(action):
        assert rs.notation.verbs.get(type(action).VERB) is type(action)
        assert form_ok(action) and rs.form_problem(action) is None, action
        for x in (*action.give, *action.get):
            assert rs.notation.card_names(x.bean) == x.bean, action
        seen.append(action)
        return base.vouch(action)

    monkeypatch.setattr(randombot, "vouch", checked_vouch)
    opts = rs.check_options({})
    for g in range(3):
        play_out(rs, rs.setup(NAMES, 500 + g, opts), [make_bot("random", 10 * g + i) for i in range(4)])
    if rs.can_trade(rs.setup(NAMES, 1, opts)):
        assert seen


def test_vouched_offer_the_rules_forbid_is_refused_as_play_refuses_it():
    from beannb.core.actions import CardRef
    from beannb.games.bohnanza.actions import Offer
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES, 2, rs.check_options({}))
    s, _ = rs.apply(s, rs.legal_actions(s, "Ann")[0])
    s, _ = rs.apply(s, next(a for a in rs.legal_actions(s, "Ann") if a.VERB == "reveal"))
    assert s.phase == "trade"
    offer = base.vouch(Offer("Bob", "Cid", (CardRef("hand", s.players[1].hand[0], 1),), ()))  # B-14
    want = rs.validate(s, offer)
    with pytest.raises(IllegalAction) as got:
        base.check_built(rs, s, offer)
    assert (got.value.rule, got.value.text("en")) == (want.rule, want.text("en"))
    assert id(offer) not in base._VOUCHED  # taken once: a vouch is for one check
