"""Scenario format 3 (docs/scenarios.md, "Format 3"): the setup keys a game reads only in
format 3 (``FORMAT3_KEYS``: the base game's ``deck_before_deal``), options reset with
``default``; and errors a teacher can act on, in every version: the edition's cards, the
moves legal at a step, YAML mistakes in plain words, "did you mean" for keys, table paths,
players and cards."""
from __future__ import annotations

from pathlib import Path

import pytest

from beannb.cli import main
from beannb.core.errors import ScenarioError
from beannb.games import available, get_ruleset
from beannb.games.bohnanza.scenario import Supply
from beannb.scenario_format import FORMAT_VERSIONS
from beannb.scenarios import load_scenario, run_scenario

DATA = Path(__file__).parent / "data" / "format3"

BASE = """\
title: t
game: bohnanza
players: [Ann, Bob, Cid]
seed: 1
rules: [B-29]
setup:
  active: Ann
  phase: plant
  deck: [chili, soy]
  players:
    Ann: {hand: [stink, red], fields: [[red], [soy, soy, soy]], coins: 2}
"""


def _write(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _load(tmp_path, text):
    return load_scenario(_write(tmp_path, text))


def _refusal(tmp_path, text) -> str:
    with pytest.raises(ScenarioError) as info:
        _load(tmp_path, text)
    return str(info.value)


def _failures(tmp_path, text) -> list[str]:
    result = run_scenario(_load(tmp_path, text))
    assert not result.passed
    return [str(f) for f in result.failures]


# -- format 3 ---------------------------------------------------------------------------------
def test_format_3_is_read_and_the_lessons_that_need_it_pass(capsys):
    assert 3 in FORMAT_VERSIONS
    files = sorted(DATA.glob("*.yaml"))
    assert {f.stem for f in files} == {"deck_before_deal", "option_default"}
    assert main(["check", *map(str, files)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{len(files)} passed, 0 failed"


def test_the_deal_hands_out_the_deck_before_the_deal_round_robin(tmp_path):
    sc = load_scenario(DATA / "deck_before_deal.yaml")
    game = sc.new_game()
    listed = sc.setup["deck_before_deal"]
    hands = {p.name: list(p.hand) for p in game.state.players}
    assert hands == {"Ann": listed[0:15:3], "Bob": listed[1:15:3], "Cid": listed[2:15:3]}  # B-02
    assert list(game.state.deck[:2]) == listed[15:]


def test_discard_size_leaves_what_the_deal_left_of_the_list_on_the_deck(tmp_path):
    text = (DATA / "deck_before_deal.yaml").read_text(encoding="utf-8")
    text = text.replace("steps:", "  discard_size: 4\nsteps:", 1)
    game = _load(tmp_path, text).new_game()
    assert list(game.state.deck[:2]) == ["soy", "red"] and len(game.state.discard) == 4


def test_every_game_deals_from_the_deck_before_the_deal():
    for name in available():
        rs = get_ruleset(name)
        assert "deck_before_deal" in rs.format3_keys(), name
        prof = rs.check_players(["Ann", "Bob", "Cid"], rs.check_options({}))
        order = Supply(rs, prof).order
        cards = [order[0], order[-1], order[len(order) // 2]]
        state = rs.state_from_setup(["Ann", "Bob", "Cid"], 1, {}, {"deck_before_deal": cards})
        assert [p.hand[0] for p in state.players] == cards, name


@pytest.mark.parametrize("version", ["", "format: 1\n", "format: 2\n"])
def test_a_format_3_key_in_an_older_file_asks_for_format_3(tmp_path, version):
    text = version + (DATA / "deck_before_deal.yaml").read_text(encoding="utf-8").replace("format: 3\n", "")
    msg = _refusal(tmp_path, text)
    assert "setup.deck_before_deal is new in format 3: write format: 3 at the top of the file" in msg
    assert msg.startswith(f"{tmp_path / 's.yaml'}:{11 + bool(version)}:"), msg  # the key's line


def test_an_option_reset_to_default_in_an_older_file_asks_for_format_3(tmp_path):
    text = (DATA / "option_default.yaml").read_text(encoding="utf-8").replace("format: 3", "format: 2")
    msg = _refusal(tmp_path, text)
    assert "variant 1: options: same_type_fields: default" in msg and "write format: 3" in msg


def test_default_gives_an_option_the_game_s_default(tmp_path):
    sc = load_scenario(DATA / "option_default.yaml")
    assert sc.options["same_type_fields"] is False
    (variant,) = sc.variants
    assert "same_type_fields" not in variant.options and variant.options["profile"] == "AMIGO_1997"
    assert variant.new_game().state.options["same_type_fields"] is None  # the option's default
    top = _load(tmp_path, "format: 3\n" + BASE.replace("seed: 1", "seed: 1\noptions: {same_type_fields: default}"))
    assert "same_type_fields" not in top.options


def test_deck_and_deck_before_deal_together_are_refused(tmp_path):
    text = "format: 3\n" + BASE.replace("  deck: [chili, soy]", "  deck: [chili]\n  deck_before_deal: [soy]")
    sc = _load(tmp_path, text)
    with pytest.raises(ScenarioError, match="setup.deck and setup.deck_before_deal both order the deck"):
        sc.new_game()


def test_a_game_s_format_3_keys_are_its_modules_and_its_base_games(monkeypatch):
    import beannb.games.takeover.scenario as takeover_scenario

    monkeypatch.setattr(takeover_scenario, "FORMAT3_KEYS", frozenset({"made_up"}), raising=False)
    assert get_ruleset("takeover").format3_keys() == {"made_up", "deck_before_deal"}
    assert get_ruleset("bohnanza").format3_keys() == {"deck_before_deal"}


# -- errors a teacher can act on --------------------------------------------------------------
def test_too_many_cards_lists_the_edition_s_cards(tmp_path):
    text = BASE.replace("hand: [stink, red]", "hand: [wax]").replace("game: bohnanza", "game: bohnanza\noptions: {profile: AMIGO_1997}")
    with pytest.raises(ScenarioError) as info:
        _load(tmp_path, text).new_game()
    msg = str(info.value)
    assert "one wax too many — the AMIGO_1997 deck has 0 wax cards in all" in msg
    assert "its cards: blue 20, chili 18, stink 16, green 14, soy 12, black-eyed 10, red 8, garden 6" in msg


def test_a_refused_action_lists_the_moves_legal_at_that_step(tmp_path):
    text = BASE.replace("phase: plant", "phase: trade") + "steps:\n  - do: Bob accept 3\n"
    (msg,) = _failures(tmp_path, text)
    assert "'Bob accept 3' was refused" in msg
    assert "Legal at this step: 'Ann end-trade' (Ann ends trading); 'Ann harvest 2' (Ann harvests field 2)" in msg
    assert "Ann may offer a trade to Bob or Cid" in msg


def test_an_unreadable_action_lists_the_legal_moves_not_the_notation_s_examples(tmp_path):
    (msg,) = _failures(tmp_path, BASE + "steps:\n  - do: Ann harvst 2\n")
    assert "'Ann harvst 2' is not readable: unknown verb 'harvst'" in msg
    assert "Expected one of" not in msg
    assert msg.endswith("Legal at this step: 'Ann harvest 2' (Ann harvests field 2).")
    (msg,) = _failures(tmp_path, BASE + "steps:\n  - expect_legal: [Ann harvest 1]\n")
    assert "should be legal but is not" in msg and "Legal at this step: 'Ann harvest 2'" in msg
    msg = _failures(tmp_path, BASE + "steps:\n  - ask: Which?\n    choices: [Ann harvst 2]\n")[0]
    assert "is not an action: unknown verb" in msg and "Legal at this step: 'Ann harvest 2'" in msg


@pytest.mark.parametrize("text,line,words", [
    ("game: bohnanza\nplayers: [Ann, Bob\nsteps: []\n", 3, "the list opened with '[' on line 2 is not closed"),
    ("game: bohnanza\nsetup: {deck: [soy]\nplayers: [Ann]\n", 3, "the mapping opened with '{' on line 2 is not closed"),
    ("game: bohnanza\ntitle: Soy: the bean\n", 2, "put a value that holds ': ' in quotes"),
    ("game: bohnanza\nsteps:\n\t- say: hi\n", 3, "a tab character: indent with spaces only"),
    ("game: bohnanza\ntitle: \"Soy\nplayers: [Ann]\n", 4, "the quoted text that starts on line 2 has no closing quote"),
    ("game: bohnanza\nsetup:\n  active: Ann\n phase: plant\n", 4, "not indented like the lines around it"),
    ("game: bohnanza\nplayers\nseed: 1\n", 2, "neither 'key: value' nor a list item"),
])
def test_yaml_mistakes_are_explained_in_plain_words_with_their_line(tmp_path, text, line, words):
    msg = _refusal(tmp_path, text)
    assert msg.startswith(f"{tmp_path / 's.yaml'}:{line}: not valid YAML: "), msg
    assert words in msg and "<unicode string>" not in msg and "^" not in msg


@pytest.mark.parametrize("change,hint", [
    (lambda t: t.replace("seed: 1", "sead: 1"), "unknown key(s) ['sead'] (did you mean seed?)"),
    (lambda t: t.replace("  phase: plant", "  phaze: plant"), "setup: unknown key(s) ['phaze'] (did you mean phase?)"),
    (lambda t: t + "steps:\n  - expct: {Ann.coins: 3}\n", "step 1: unknown key(s) ['expct'] (did you mean expect?)"),
    (lambda t: t.replace("{hand:", "{hnd:"), "setup.players.Ann: unknown key(s) ['hnd'] (did you mean hand?)"),
    (lambda t: t.replace("    Ann: {", "    Anne: {"), "'Anne' is not one of the players ['Ann', 'Bob', 'Cid'] (did you mean Ann?)"),
    (lambda t: t.replace("active: Ann", "active: Bobby"), "'Bobby' is not one of the players ['Ann', 'Bob', 'Cid'] (did you mean Bob?)"),
    (lambda t: t.replace("[chili, soy]", "[chilli, soy]"), "'chilli' is not a card name in bohnanza (did you mean chili?)"),
])
def test_misspellings_get_a_did_you_mean(tmp_path, change, hint):
    text = change(BASE)
    try:
        sc = _load(tmp_path, text)
        sc.new_game()
    except ScenarioError as exc:
        assert hint in str(exc), str(exc)
    else:
        pytest.fail("not refused")


def test_two_misspelled_keys_get_a_hint_each(tmp_path):
    msg = _refusal(tmp_path, BASE.replace("seed: 1", "sead: 1\ntitel: x"))
    assert "unknown key(s) ['sead', 'titel'] ('sead': did you mean seed?; 'titel': did you mean title or title_hu?)" in msg


def test_a_misspelled_variant_key_and_table_path_get_a_did_you_mean(tmp_path):
    text = "format: 2\n" + BASE + "steps:\n  - name: a\nvariants:\n  - name: b\n    form: a\n"
    assert "variant 1: unknown key(s) ['form'] (did you mean from?)" in _refusal(tmp_path, text)
    (msg,) = _failures(tmp_path, BASE + "steps:\n  - expect: {Ann.coinz: 2}\n")
    assert "unknown table path 'Ann.coinz' (did you mean Ann.coins" in msg


def test_a_misspelled_option_gets_a_did_you_mean(tmp_path):
    text = (DATA / "option_default.yaml").read_text(encoding="utf-8")
    result = run_scenario(_load(tmp_path, text.replace("same_type_fields: false", "same_type_field: false")))
    assert "unknown option(s) same_type_field (did you mean same_type_fields?)" in str(result.failures[0])


def test_a_control_character_is_named_with_its_line(tmp_path):
    msg = _refusal(tmp_path, "game: bohnanza\ntitle: a\x01b\n")
    assert msg.endswith(":2: not valid YAML: the character U+0001 (a control character) is not allowed in a "
                        "YAML file; delete it"), msg
