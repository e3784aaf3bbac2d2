"""Format 3 for the expansions (docs/scenarios.md, "Format 3: expansions"): situations a lesson
could not set up before, each with a lesson in ``tests/data/format3/expansions/`` that needs it.

Takeover: which text card lies on a protected field (``defence_cards``), whose final-harvest
step it is (``final_harvest``), the path ``text_discard.top``. Rabohnzel: a potion held through
the luck spell (``lucky``), the start player and public potion found from fixed potions
(``start_by_potions``), which ability a field uses (``use N as BEAN``, the path
``<player>.abilities``). Bohnaparte: a camp captured by another player (``camp_owners``), the
defending side of a battle (``battle.defender``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from beannb.cli import main
from beannb.core.errors import ActionSyntaxError, ScenarioError
from beannb.games import get_ruleset
from beannb.scenario_format import FORMAT_VERSIONS
from beannb.scenarios import load_scenario, run_scenario

DATA = Path(__file__).parent / "data" / "format3" / "expansions"
FILES = sorted(DATA.glob("*.yaml"))
#: The lessons say ``format: 3``: they are read once the package reads format 3.
needs_format_3 = pytest.mark.skipif(3 not in FORMAT_VERSIONS, reason="this package does not read format 3 yet")

#: Each situation, the lesson showing it, its game and what the lesson uses for it.
ITEMS = {
    "takeover_defence_card": ("takeover", "defence_cards"),
    "takeover_final_harvest": ("takeover", "final_harvest"),
    "takeover_text_discard_top": ("takeover", "text_discard.top"),
    "rabohnzel_luck_potion": ("rabohnzel", "lucky"),
    "rabohnzel_start_by_potions": ("rabohnzel", "start_by_potions"),
    "rabohnzel_use_as": ("rabohnzel", "use 1 as mage"),
    "bohnaparte_captured_camp": ("bohnaparte", "camp_owners"),
    "bohnaparte_battle_defender": ("bohnaparte", "battle.defender"),
}
#: The setup keys each expansion reads only in format 3.
NEW_KEYS = {"takeover": {"defence_cards", "final_harvest"}, "rabohnzel": {"lucky", "start_by_potions"},
            "bohnaparte": {"camp_owners"}}


def _table(game: str, setup: dict, players=("Ann", "Bob", "Cid"), seed: int = 1, options=None):
    return get_ruleset(game).state_from_setup(list(players), seed, dict(options or {}), setup)


def _refused(game: str, setup: dict, players=("Ann", "Bob", "Cid"), options=None) -> str:
    with pytest.raises(ScenarioError) as info:
        _table(game, setup, players, options=options)
    return str(info.value)


# -- the lessons ----------------------------------------------------------------------------------
def test_every_situation_has_a_format_3_lesson():
    assert {f.stem for f in FILES} == set(ITEMS)
    for stem, (game, used) in ITEMS.items():
        text = (DATA / f"{stem}.yaml").read_text(encoding="utf-8")
        assert text.startswith("format: 3\n") and f"\ngame: {game}\n" in text and used in text, stem


def test_each_expansion_declares_its_new_keys_as_format_3_keys():
    for game, keys in NEW_KEYS.items():
        module = get_ruleset(game).scenario
        assert module.FORMAT3_KEYS == keys and isinstance(module.FORMAT3_KEYS, frozenset), game
        assert keys <= module.SETUP_KEYS, game


@needs_format_3
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_lesson_passes(path):
    result = run_scenario(load_scenario(path))
    assert result.passed, result.failures


@needs_format_3
def test_beannb_check_passes_the_lessons(capsys):
    assert main(["check", *map(str, FILES)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{len(FILES)} passed, 0 failed"


@needs_format_3
@pytest.mark.parametrize("stem", [s for s, (game, used) in ITEMS.items() if used in NEW_KEYS[game]])
def test_a_new_key_in_an_older_file_asks_for_format_3(tmp_path, stem):
    p = tmp_path / "s.yaml"
    p.write_text((DATA / f"{stem}.yaml").read_text(encoding="utf-8").replace("format: 3\n", "format: 2\n"), "utf-8")
    with pytest.raises(ScenarioError, match="format: 3"):
        load_scenario(p)


# -- takeover --------------------------------------------------------------------------------------
TAKEOVER_FIELDS = {"Ann": {"fields": [["red", "red"], ["soy"], ["blue"]]},
                   "Bob": {"fields": [["chili", "chili"], ["soy"], []]}}


def test_the_defence_card_named_lies_on_the_field():
    s = _table("takeover", {"players": TAKEOVER_FIELDS, "defence_cards": {"Bob": {1: "mighty-field", "2": "joker"}},
                            "protected": {"Ann": [2]}})
    assert s.players[1].defense == ("mighty-field", "joker", None)
    assert s.players[0].defense[1] is not None  # protected: a card from the box, dealt from the seed
    assert "mighty-field" not in s.text_deck and "joker" not in s.text_deck


@pytest.mark.parametrize("defence, fragment", [
    ({"Bob": {3: "joker"}}, "3 is not a non-empty field of theirs"),
    ({"Bob": {4: "joker"}}, "4 is not a non-empty field of theirs"),
    ({"Bob": {1: "chili"}}, "not a text card still in the box"),
    ({"Bob": {1: "joker", 2: "joker"}}, "not a text card still in the box"),
    ({"Bob": [1]}, "maps field numbers to text cards"),
    ({"Eve": {1: "joker"}}, "'Eve' is not one of the players"),
])
def test_impossible_defence_cards_are_refused(defence, fragment):
    assert fragment in _refused("takeover", {"players": TAKEOVER_FIELDS, "defence_cards": defence})


def test_a_text_card_held_cannot_also_lie_on_a_field():
    setup = {"players": TAKEOVER_FIELDS, "texts": {"Ann": ["joker"]}, "defence_cards": {"Bob": {1: "joker"}}}
    assert "'joker' is not a text card still in the box" in _refused("takeover", setup)  # one of each (T-06)


@pytest.mark.parametrize("active, harvester, queue", [
    ("Bob", "Bob", ("Bob", "Cid", "Dora", "Ann")),
    ("Bob", "Dora", ("Dora", "Ann")),
    ("Bob", "Ann", ("Ann",)),
])
def test_the_final_harvest_steps_still_to_come(active, harvester, queue):
    s = _table("takeover", {"active": active, "final_harvest": harvester}, ("Ann", "Bob", "Cid", "Dora"))
    assert (s.phase, s.ending, s.final_started) == ("final", True, True)
    assert tuple(s.players[k].name for k in s.final_queue) == queue
    rs = get_ruleset("takeover")
    assert rs.table(s)["final_harvest"] == harvester and rs.to_move(s) == (s.final_queue[0],)


@pytest.mark.parametrize("setup, fragment", [
    ({"final_harvest": "Eve"}, "'Eve' is not one of the players"),
    ({"final_harvest": "Bob", "phase": "turn"}, "the final harvest is in phase final"),
])
def test_impossible_final_harvests_are_refused(setup, fragment):
    assert fragment in _refused("takeover", setup)


def test_text_discard_top_and_size():
    rs = get_ruleset("takeover")
    table = rs.table(_table("takeover", {"text_discard": ["joker", "extra-card"]}))
    assert (table["text_discard.top"], table["text_discard.size"]) == ("extra-card", 2)
    table = rs.table(_table("takeover", {}))
    assert (table["text_discard.top"], table["text_discard.size"], table["final_harvest"]) == (None, 0, None)


# -- Rabohnzel -------------------------------------------------------------------------------------
def test_a_lucky_potion_is_public_and_goes_back_at_the_end_of_the_turn():
    s = _table("rabohnzel", {"active": "Ann", "potions": {"Ann": ["luck", "exchange"]}, "lucky": {"Ann": ["exchange"]}})
    (luck, exchange) = s.potions[0]
    assert not luck.lucky and exchange.lucky and exchange.public and not exchange.up
    assert get_ruleset("rabohnzel").table(s)["Ann.potions_lucky"] == ["exchange"]


@pytest.mark.parametrize("setup, fragment", [
    ({"potions": {"Bob": ["luck", "exchange"]}, "lucky": {"Bob": ["exchange"]}}, "only the active player"),
    ({"potions": {"Ann": ["exchange"]}, "lucky": {"Ann": ["exchange"]}}, "lists luck too (R-64)"),
    ({"potions": {"Ann": ["luck"]}, "lucky": {"Ann": ["exchange"]}}, "'exchange' is not one of Ann's potions"),
    ({"potions": {"Ann": ["luck"]}, "lucky": {"Ann": ["luck"]}}, "'luck' is not one of Ann's potions"),
    ({"lucky": ["exchange"]}, "setup.lucky must map"),
])
def test_impossible_lucky_potions_are_refused(setup, fragment):
    assert fragment in _refused("rabohnzel", dict(setup, active="Ann"))


@pytest.mark.parametrize("players, potions, fixed_hand", [
    (("Ann", "Bob", "Cid"), ["attack", "luck", "teleport"], None),
    (("Ann", "Bob", "Cid", "Dora"), ["attack", "hand", "teleport", "luck"], None),
    (("Ann", "Bob", "Cid", "Dora", "Eve"), ["attack", "hand", "luck", "flow", "trade"], "Bob"),
    (("Ann", "Bob", "Cid", "Dora", "Eve"), ["attack", "hand", "luck", "flow", "trade"], "Eve"),
])
def test_start_by_potions_starts_and_deals_as_a_real_game(players, potions, fixed_hand):
    """R-05: the holder of the highest potion starts and shows it; the hands the setup leaves
    out are those a deal from that player gives (as the table with start_seat set to them)."""
    setup: dict = {"potions": {p: [q] for p, q in zip(players, potions)}}
    if fixed_hand:
        setup["players"] = {fixed_hand: {"hand": ["thief", "mage"]}}
    s = _table("rabohnzel", dict(setup, start_by_potions=True), players, seed=3)
    best = potions.index("luck")
    assert (s.start_seat, s.active, s.options["start_seat"]) == (best, best, best)
    assert [[q.public for q in ps] for ps in s.potions] == [[k == best] for k in range(len(players))]
    dealt = _table("rabohnzel", setup, players, seed=3, options={"start_seat": best})
    assert [p.hand for p in s.players] == [p.hand for p in dealt.players]


def test_start_by_potions_keeps_an_active_player_given_and_refuses_a_start_seat():
    s = _table("rabohnzel", {"potions": {"Ann": ["luck"]}, "start_by_potions": True, "active": "Cid"})
    assert (s.start_seat, s.active) == (0, 2)
    assert "leave out the option start_seat" in _refused(
        "rabohnzel", {"start_by_potions": True}, options={"start_seat": 1})


def test_use_as_reads_and_writes_back():
    rs = get_ruleset("rabohnzel")
    for text in ("Ann use 2 as mage", "Ann use 1 as sword on Bob with attack", "Ann use 1 as thief on Bob"):
        action = rs.parse(text)
        assert str(action) == text and rs.parse(str(action)) == action
        rs.check_form(action)
    assert rs.parse("Ann use 1 as szedőbab").ability == "thief"  # a bean's other names are read too
    assert rs.parse("Ann use 2").ability is None and str(rs.parse("Ann use 2")) == "Ann use 2"
    for text in ("Ann use 2 as", "Ann use 2 as nothing"):
        with pytest.raises(ActionSyntaxError, match="'as' needs the bean whose ability the field uses"):
            rs.parse(text)


MAGIC = {"active": "Ann", "phase": "magic", "players": {"Ann": {"hand": [], "fields": [["mage", "thief", "mage"], ["white"]]}},
         "enchanted": {"Ann": [1, 0]}, "potions": {"Ann": ["trade"], "Bob": ["luck"], "Cid": ["attack"]}}


def test_use_as_names_the_field_s_ability_or_is_refused():
    rs = get_ruleset("rabohnzel")
    s = _table("rabohnzel", MAGIC, seed=29)
    assert rs.table(s)["Ann.abilities"] == ["mage", "white"]
    assert rs.validate(s, rs.parse("Ann use 1 as thief")).rule == "R-59"  # enchanted: its new type
    assert rs.validate(s, rs.parse("Ann use 2 as mage")).rule == "R-33"   # the field's own ability
    assert rs.validate(s, rs.parse("Ann use 2 as princess")).rule == "R-33"
    named, _ = rs.apply(s, rs.parse("Ann use 1 as mage"))
    plain, _ = rs.apply(s, rs.parse("Ann use 1"))
    assert named.to_dict() == plain.to_dict()
    assert "Ann use 1 as mage" in rs.legal_actions(s) and all(a.ability is None for a in rs.legal_actions(s)
                                                            if a.VERB == "use")


def test_a_field_without_an_ability_says_so_first():
    rs = get_ruleset("rabohnzel")
    setup = dict(MAGIC, players={"Ann": {"hand": [], "fields": [["princess"], ["white"]]}}, enchanted={})
    s = _table("rabohnzel", setup, seed=29)
    assert rs.table(s)["Ann.abilities"] == [None, "white"]
    assert rs.validate(s, rs.parse("Ann use 1 as princess")).rule == "R-26"


# -- Bohnaparte ------------------------------------------------------------------------------------
FOUR = ("Ann", "Bob", "Cid", "Dora")


def test_a_camp_captured_by_another_player():
    rs = get_ruleset("bohnaparte")
    s = _table("bohnaparte", {"phase": "battle", "territories": {"Bob": ["02"]}, "camp_owners": {"3": "Ann"}}, FOUR)
    table = rs.table(s)
    assert table["owner.03"] == "Ann" and table["board.03"] == "camp" and table["Ann.territories"] == ["01", "03"]
    assert table["Bob.colour"] == s.seat_colour[1] and table["Ann.vp"] == 2


@pytest.mark.parametrize("setup, fragment", [
    ({"camp_owners": {"03": "Ann"}}, "Bob would own no territory"),
    ({"camp_owners": {"02": "Ann"}}, "02 is not a camp"),
    ({"camp_owners": {"03": "Eve"}}, "'Eve' is not one of the players"),
    ({"camp_owners": {"03": "Ann"}, "phase": "camp"}, "in phase camp the camps are still to be chosen"),
    ({"camp_owners": ["03"]}, "setup.camp_owners must map camp positions"),
])
def test_impossible_camp_owners_are_refused(setup, fragment):
    assert fragment in _refused("bohnaparte", dict({"board": {"02": "village"}, "phase": "battle"}, **setup), FOUR)


def test_the_battle_paths_name_both_sides():
    rs = get_ruleset("bohnaparte")
    s = _table("bohnaparte", {"active": "Ann", "phase": "battle", "board": {"02": "rice_field"},
                              "territories": {"Ann": ["02"]}, "players": {"Ann": {"coins": 1, "hand": ["stink"]}}}, FOUR, 4)
    table = rs.table(s)
    assert (table["battle.attacker"], table["battle.target"], table["battle.defender"]) == (None, None, None)
    s, _ = rs.apply(s, rs.parse("Ann attack 03 stink@1"))
    table = rs.table(s)
    assert (table["battle.attacker"], table["battle.target"], table["battle.defender"]) == ("Ann", "03", "Bob")


def test_a_table_without_camp_owners_is_built_as_before():
    rs = get_ruleset("bohnaparte")
    s = _table("bohnaparte", {"board": {"02": "village"}}, FOUR)  # phase camp: nobody owns anything yet
    assert s.phase == "camp" and set(s.owner) == {None}
    assert rs.table(_table("bohnaparte", {"phase": "plant"}, FOUR))["owner.03"] == "Bob"
