"""Scenario format 2 (docs/scenarios.md): variants, every failure with its line, more ways to
compare, event checks, stricter Bohnaparte boards, new setup keys, and the authoring commands
(``beannb new-lesson``, ``beannb check --show``). Version 1 files keep their meaning."""
from __future__ import annotations

from pathlib import Path

import pytest

from beannb.cli import main
from beannb.core.errors import ActionSyntaxError, ScenarioError
from beannb.games import available
from beannb.scenarios import load_scenario, preview_html, run_scenario, stub_text

GAMES = available()

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
  discard: [soy, red]
  players:
    Ann: {hand: [stink, red], fields: [[red], [soy, soy, soy]], coins: 2}
"""


def _run(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return run_scenario(load_scenario(p))


def _cli(capsys, *args):
    code = main([str(a) for a in args])
    return code, capsys.readouterr().out


# -- reporting --------------------------------------------------------------------------------
def test_every_failed_check_of_a_file_is_reported_with_its_line(tmp_path, capsys):
    text = BASE + ("steps:\n"
                   "  - do: Ann harvest 2\n"
                   "    expect:\n"
                   "      Ann.coins: 9\n"          # line 16
                   "      discard.top: soy\n"      # line 17: right
                   "      deck.top: soy\n"         # line 18
                   "  - expect: {active: Bob}\n")  # line 19
    result = _run(tmp_path, text)
    assert [getattr(f, "line", None) for f in result.failures] == [16, 18, 19], result.failures
    code, out = _cli(capsys, "check", tmp_path / "s.yaml")
    assert code == 1
    assert f"{tmp_path / 's.yaml'}:16: step 1: Ann.coins is 3, expected 9" in out
    assert ":18: step 1: deck.top" in out and ":19: step 2: active" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_a_refused_action_stops_the_run_and_says_so(tmp_path):
    text = BASE + "steps:\n  - do: Ann harvest 1\n  - expect: {Ann.coins: 2}\n"
    result = _run(tmp_path, text)
    assert "was refused" in result.failures[0] and "were not run" in result.failures[1]


def test_a_wrong_answer_fails_naming_the_line(tmp_path, capsys):
    text = BASE + ("steps:\n"
                   "  - ask: Which field may Ann harvest?\n"
                   "    choices: [Ann harvest 1, Ann harvest 2]\n"
                   "    answer: Ann harvest 1\n"           # line 16
                   "    rule: B-29\n")
    code, out = _cli(capsys, "check", _write(tmp_path, text))
    assert code == 1 and ":16: step 1: the answer says 'Ann harvest 1'" in out, out
    right = text.replace("answer: Ann harvest 1", "answer: Ann harvest 2")
    assert _run(tmp_path, right).passed
    refused = text.replace("answer: Ann harvest 1", "answer: refused")
    assert _run(tmp_path, refused).passed
    worded = text.replace("choices: [Ann harvest 1, Ann harvest 2]", "choices: [the red one, the soy one]") \
                 .replace("answer: Ann harvest 1", "answer: the soy one")
    assert _run(tmp_path, worded).passed  # worded choices: the author's answer stands


def test_refused_answers_are_what_the_walkthrough_marks_right(tmp_path):
    from beannb.walkthrough import Walkthrough

    text = BASE + ("steps:\n  - ask: Which is refused?\n    choices: [Ann harvest 1, Ann harvest 2]\n"
                   "    answer: refused\n")
    wt = Walkthrough.from_scenario(load_scenario(_write(tmp_path, text)))
    assert wt.frames[1].exercise.answer == ["Ann harvest 1"]


def test_an_unknown_rule_id_fails_naming_the_line(tmp_path, capsys):
    text = BASE.replace("rules: [B-29]", "rules: [B-29, P-99]") + "steps:\n  - do: Ann harvest 2\n"
    code, out = _cli(capsys, "check", "--coverage", _write(tmp_path, text))
    assert code == 1 and ":5: rules: 'P-99' is not a rule id of bohnanza" in out, out
    step = BASE + "steps:\n  - do: Ann harvest 2\n    rule: B-999\n"
    result = _run(tmp_path, step)
    assert not result.passed and result.failures[0].line == 15


def test_an_expansion_may_cite_base_rules(tmp_path):
    text = ("title: t\ngame: rabohnzel\nplayers: [Ann, Bob, Cid]\nrules: [R-01, B-12]\n"
            "steps:\n  - say: hello\n")
    assert _run(tmp_path, text).passed


def _write(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_loader_errors_name_the_line(tmp_path):
    with pytest.raises(ScenarioError, match=r"s\.yaml:14: step 1: unknown key"):
        load_scenario(_write(tmp_path, BASE + "steps:\n  - dance: 1\n"))


# -- refusals, comparisons, events ------------------------------------------------------------
def test_expect_error_may_list_alternatives(tmp_path):
    ok = BASE + "steps:\n  - do: Ann harvest 1\n    expect_error: [B-30, B-29]\n"
    assert _run(tmp_path, ok).passed
    bad = BASE + "steps:\n  - do: Ann harvest 1\n    expect_error: [B-30, B-31]\n"
    failures = _run(tmp_path, bad).failures
    assert "expected B-30 or B-31" in failures[0]


@pytest.mark.parametrize("want,passes", [
    ("{unordered: [red, stink]}", True),
    ("{multiset: [red, stink]}", True),
    ("{unordered: [red, red]}", False),
    ("{contains: [stink]}", True),
    ("{contains: [stink, stink]}", False),
    ("{excludes: [soy]}", True),
    ("{excludes: [red]}", False),
    ("{size: 2}", True),
    ("[stink, red]", True),       # the old form: equality, in order
    ("[red, stink]", False),
])
def test_comparisons(tmp_path, want, passes):
    text = BASE + f"steps:\n  - expect: {{Ann.hand: {want}}}\n"
    assert _run(tmp_path, text).passed is passes


def test_piles_compare_as_multisets(tmp_path):
    text = BASE + "steps:\n  - do: Ann harvest 2\n    expect: {discard: {multiset: [soy, soy, soy, red]}}\n"
    assert _run(tmp_path, text).passed


def test_expect_events_checks_inside_one_action(tmp_path):
    text = BASE + ("steps:\n  - do: Ann harvest 2\n    expect_events:\n"
                   "      - {event: harvest, player: Ann, bean: soy}\n")
    assert _run(tmp_path, text).passed, _run(tmp_path, text).failures
    wrong = text.replace("bean: soy", "bean: red")
    failures = _run(tmp_path, wrong).failures
    assert "no 'harvest' event matching" in failures[0] and failures[0].line == 16


def test_events_of_a_game_ending_action_show_the_fields_before_the_final_sale():
    sc = load_scenario(Path(__file__).resolve().parent.parent / "scenarios/bohnanza/e10_last_card_revealed_ends_game.yaml")
    steps = [dict(st) for st in sc.steps]
    last = max(i for i, st in enumerate(steps) if "do" in st)
    steps[last]["expect_events"] = [{"event": "plant", "player": "Bob", "bean": "chili"},
                                    {"event": "game_end"},
                                    {"event": "final_sale", "player": "Ann", "bean": "soy", "cards": 3}]
    sc.steps = steps
    assert run_scenario(sc).passed, run_scenario(sc).failures


# -- variants ---------------------------------------------------------------------------------
VARIANTS = "format: 2\n" + BASE + """\
steps:
  - name: sold
    do: Ann harvest 2
    expect: {Ann.coins: 3}
  - expect: {Ann.fields: [[red], []]}
variants:
  - name: b
    from: sold
    rules: [B-30]
    steps:
      - do: Ann plant stink 2
        expect: {Ann.fields: [[red], [stink]]}
"""


def test_variants_branch_from_a_named_step_and_add_their_rules(tmp_path):
    result = _run(tmp_path, VARIANTS)
    assert result.passed, result.failures
    assert set(result.rules) == {"B-29", "B-30"}
    sc = load_scenario(tmp_path / "s.yaml")
    (v,) = sc.variants
    assert v.variant == "b" and len(v.steps) == 2 and v.steps[0]["name"] == "sold"


def test_a_failing_variant_names_itself_and_its_line(tmp_path):
    result = _run(tmp_path, VARIANTS.replace("[[red], [stink]]", "[[stink], [red]]"))
    assert len(result.failures) == 1
    assert result.failures[0].startswith("variant b: step 2: Ann.fields")
    assert result.failures[0].line == 25


def test_variants_from_the_start_may_change_setup_options_and_seed(tmp_path):
    text = VARIANTS.replace("    from: sold\n", "    from: start\n    seed: 5\n    setup: {phase: plant}\n")
    text = text.replace("      - do: Ann plant stink 2\n        expect: {Ann.fields: [[red], [stink]]}",
                        "      - do: Ann harvest 1\n        expect_error: B-29")
    assert _run(tmp_path, text).passed, _run(tmp_path, text).failures


@pytest.mark.parametrize("change,fragment", [
    (lambda t: t.replace("format: 2\n", ""), "variants need format: 2"),
    (lambda t: t.replace("from: sold", "from: sould"), "no step named 'sould'"),
    (lambda t: t.replace("  - expect: {Ann.fields", "  - name: sold\n    expect: {Ann.fields"), "used twice"),
    (lambda t: t.replace("format: 2", "format: 4"), "format must be one of 1, 2, 3"),
])
def test_malformed_variants_are_refused(tmp_path, change, fragment):
    with pytest.raises(ScenarioError, match=fragment):
        load_scenario(_write(tmp_path, change(VARIANTS)))


def test_committed_variants_keep_the_coverage_of_the_files_they_replaced():
    root = Path(__file__).resolve().parent.parent / "scenarios" / "rabohnzel"
    result = run_scenario(load_scenario(root / "r25_added_card_does_not_count.yaml"))
    assert result.passed and len(load_scenario(root / "r25_added_card_does_not_count.yaml").variants) == 1


# -- Bohnaparte boards --------------------------------------------------------------------------
BOARD = """\
title: t
game: bohnaparte
players: [Ann, Bob, Cid, Dora]
seed: 1
rules: [P-12]
setup:
  active: Ann
  phase: battle
  board: {"17": camp:Ann, "01": camp:Bob, "03": camp:Cid, "19": camp:Dora, "13": rice_field, "14": village}
  territories: {Ann: ["13"]}
  players:
    Ann: {coins: 1, hand: [blue]}
steps:
  - expect: {owner.13: Ann, owner.9: null, board.13: rice_field, Ann.hand: [blue]}
"""


def test_an_old_file_with_a_partial_board_still_shuffles_the_rest(tmp_path):
    assert _run(tmp_path, BOARD).passed, _run(tmp_path, BOARD).failures


def test_format_2_boards_are_complete_or_say_shuffle_rest(tmp_path):
    with pytest.raises(ScenarioError, match=r"s\.yaml:7: setup\.board leaves out 02, 04, .*shuffle: rest"):
        load_scenario(_write(tmp_path, "format: 2\n" + BOARD))
    text = "format: 2\n" + BOARD.replace("  territories:", "  shuffle: rest\n  territories:")
    assert _run(tmp_path, text).passed


def test_a_complete_board_needs_no_shuffle(tmp_path):
    board = ('{"01": camp:Bob, "03": camp:Cid, "17": camp:Ann, "19": camp:Dora, "02": village, "14": village, '
             '"05": city, "06": city, "07": rice_field, "13": rice_field, "09": forest, "11": forest, '
             '"12": steppe:bay, "15": steppe:grey, "18": steppe:black, "08": river, "10": river, '
             '"04": gem_field, "16": gem_field}')
    text = "format: 2\n" + BOARD.replace('{"17": camp:Ann, "01": camp:Bob, "03": camp:Cid, "19": camp:Dora, '
                                          '"13": rice_field, "14": village}', board)
    assert "shuffle" not in text and "08" in text
    assert _run(tmp_path, text).passed, _run(tmp_path, text).failures


def test_a_camp_on_another_players_default_camp_is_explained(tmp_path):
    text = BOARD.replace(', "01": camp:Bob, "03": camp:Cid, "19": camp:Dora', "")
    failure = _run(tmp_path, text).failures[0]
    assert "Ann and Cid at 17" in failure and "Cid 17" in failure


def test_camp_in_board_must_name_a_player(tmp_path):
    result = _run(tmp_path, BOARD.replace("camp:Ann", "camp"))
    assert "camp:<player>" in result.failures[0]


def test_cavalry_states_by_name_and_the_old_spent_key(tmp_path):
    base = BOARD.replace('"14": village}', '"14": village, "16": "steppe:bay"}').replace(
        'territories: {Ann: ["13"]}', 'territories: {Ann: ["13"], Bob: ["16"]}')
    for key in ('cavalry: {bay: spent}', 'cavalry: {"16": defeated}', 'spent: ["16"]', 'spent: [bay]'):
        text = base.replace("  players:", f"  {key}\n  players:") + "  - expect: {cavalry.bay: spent}\n"
        assert _run(tmp_path, text).passed, (key, _run(tmp_path, text).failures)
    text = base.replace("  players:", "  cavalry: {bay: tired}\n  players:")
    assert "write ready or spent" in _run(tmp_path, text).failures[0]


def test_turn_start_makes_the_start_of_turn_steps(tmp_path):
    text = """\
format: 2
title: t
game: bohnaparte
players: [Ann, Bob, Cid, Dora]
seed: 3
rules: [P-34, P-42]
setup:
  active: Ann
  phase: plant
  board: {"05": steppe:bay, "02": gem_field}
  shuffle: rest
  territories: {Ann: ["05", "02"]}
  cavalry: {bay: spent}
  turn_start: true
  deck: [red, soy]
steps:
  - expect: {cavalry.bay: ready, Ann.coins: 1, deck.top: soy}
"""
    assert _run(tmp_path, text).passed, _run(tmp_path, text).failures


def test_the_unknown_verb_hint_lists_what_the_step_allows():
    sc = load_scenario(Path(__file__).resolve().parent.parent / "scenarios/bohnaparte/x01_river_one.yaml")
    g = sc.new_game()
    with pytest.raises(ActionSyntaxError) as exc:
        g.play("Ann dance 3")
    assert exc.value.expected and all("plant" not in f for f in exc.value.expected)
    assert any("attack" in f for f in exc.value.expected)


# -- Rabohnzel states -------------------------------------------------------------------------
def test_rabohnzel_used_enchanted_and_off_turn_potions(tmp_path):
    text = """\
format: 2
title: t
game: rabohnzel
players: [Ann, Bob, Cid]
seed: 29
rules: [R-20, R-59, R-43]
setup:
  active: Ann
  phase: magic
  players:
    Ann: {hand: [], fields: [[princess, thief, princess], [sword]], coins: [thief]}
    Bob: {coins: [white]}
  enchanted: {Ann: [1, 0]}
  used: {Ann: [false, true]}
  potions: {Bob: ["up:luck"], Ann: [trade]}
steps:
  - expect: {Ann.enchanted: [1, 0], Ann.used: [false, true], Bob.potions_up: [luck], Ann.coin_beans: [thief]}
    expect_not_legal: [Ann use 2 on Bob]
  - do: Ann harvest 1
    expect: {Ann.coin_beans: {contains: [princess]}}
"""
    assert _run(tmp_path, text).passed, _run(tmp_path, text).failures
    bad = text.replace("enchanted: {Ann: [1, 0]}", "enchanted: {Ann: [0, 1]}")
    assert "enchanted field" in _run(tmp_path, bad).failures[0]


# -- authoring commands -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_new_lesson_then_check_passes(tmp_path, capsys, game):
    path = tmp_path / f"{game}.yaml"
    code, out = _cli(capsys, "new-lesson", game, path)
    assert code == 0 and path.is_file()
    text = path.read_text("utf-8")
    assert text.startswith("#") and "ask:" in text and "do:" in text and "expect:" in text
    code, out = _cli(capsys, "check", path)
    assert code == 0 and out.strip().endswith("1 passed, 0 failed"), out
    assert main(["new-lesson", game, str(path)]) == 2  # an existing file is kept


def test_new_lesson_refuses_an_unknown_game(tmp_path, capsys):
    assert main(["new-lesson", "chess", str(tmp_path / "x.yaml")]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_check_show_writes_a_preview_of_every_step(tmp_path, capsys):
    for game in GAMES:
        (tmp_path / f"{game}.yaml").write_text(stub_text(game), encoding="utf-8")
    (tmp_path / "v.yaml").write_text(VARIANTS, encoding="utf-8")
    out_file = tmp_path / "preview.html"
    code, out = _cli(capsys, "check", "--show", tmp_path, "--preview", out_file)
    assert code == 0 and out_file.is_file(), out
    page = out_file.read_text("utf-8")
    for game in GAMES:
        sc = load_scenario(tmp_path / f"{game}.yaml")
        assert sc.title in page
        for i in range(len(sc.steps) + 1):
            assert f"id='step-{i}'" in page
    assert "variant b" in page and page.count("<section") == len(GAMES) + 2
    assert page.count("class='err'") == 0
    assert preview_html([load_scenario(tmp_path / "v.yaml")], "hu").count("<table") >= 3


def test_check_show_writes_preview_html_by_default(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "l.yaml").write_text(stub_text("bohnanza"), encoding="utf-8")
    code, out = _cli(capsys, "check", "--show", "l.yaml")
    assert code == 0 and (tmp_path / "preview.html").is_file() and "preview: preview.html" in out


def test_an_impossible_table_names_the_line_of_its_key(tmp_path):
    text = ("title: t\ngame: bohnanza\nplayers: [A, B, C]\nsetup:\n  active: A\n  players:\n    A:\n"
            "      hand: [red]\n      fields: [[red], [red, soy]]\nsteps: []\n")
    (failure,) = _run(tmp_path, text).failures
    assert "mixes bean types" in failure and failure.line == 9
    (failure,) = _run(tmp_path, text.replace("[red, soy]", "[red]").replace("active: A", "active: Zed")).failures
    assert failure.startswith("setup.active") and failure.line == 5


def test_rabohnzel_counted_cards(tmp_path):
    text = """\
format: 2
title: t
game: rabohnzel
players: [Ann, Bob, Cid]
seed: 3
rules: [R-25, R-30]
setup:
  active: Ann
  phase: magic
  players:
    Ann: {fields: [[mean, mean, mean, mean], [thief]]}
    Bob: {coins: [white]}
  counted: {Ann: [3, 1]}
steps:
  - do: Ann use 1
    expect_error: R-30
"""
    assert _run(tmp_path, text).passed, _run(tmp_path, text).failures
    assert not _run(tmp_path, text.replace("[3, 1]", "[4, 1]")).passed
