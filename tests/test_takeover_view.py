"""The takeover expansion's additions to the table, as a learner sees them: who decides during a
takeover (T-25, T-46) and the protected-field mark (our own drawing, no emoji a browser may lack)."""
from __future__ import annotations

import pytest

from beannb.games.takeover.view import SHIELD, player_extra, table_extra
from beannb.i18n import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_the_attacker_answering_a_defence_is_not_said_to_be_defending(lang):
    defending = table_extra({"attack": {"stage": "defend", "target": "Bob", "attacker": "Ann"}}, lang)
    answering = table_extra({"attack": {"stage": "answer", "target": "Bob", "attacker": "Ann"}}, lang)
    assert "<b>Bob</b>" in defending and "<b>Ann</b>" in answering
    said = answering.split("</b> — ")[1]
    assert said != defending.split("</b> — ")[1]  # the attacker answers: overrule or accept (T-46)
    if lang == "en":
        assert "Strong Takeover" in said and "defending" not in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_protected_field_is_marked_with_a_drawn_shield_not_an_emoji(lang):
    html = player_extra({"texts": [], "protected": [2]}, lang)
    assert SHIELD in html and "2." in html
    assert all(ord(ch) < 0x2000 or 0x2000 <= ord(ch) <= 0x206F for ch in html), "a symbol a font may lack"
