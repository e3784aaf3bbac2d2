"""The scenario format: rulebook examples pass, and broken files are refused clearly."""
from pathlib import Path

import pytest

from beannb.core.errors import ScenarioError
from beannb.i18n.catalogue import catalogue
from beannb.scenarios import check_paths, load_scenario, run_scenario, uncovered

ROOT = Path(__file__).resolve().parent.parent


def test_every_committed_scenario_passes_and_every_rule_is_cited():
    results = check_paths([ROOT / "scenarios"])
    assert results, "no scenario files found"
    failing = [f"{r.path}: {r.failures}" for r in results if not r.passed]
    assert not failing, "\n".join(failing)
    missing = uncovered(results)
    assert missing.get("bohnanza") == [], missing


def test_every_worked_example_has_a_scenario():
    names = [p.name for p in (ROOT / "scenarios" / "bohnanza").glob("e*.yaml")]
    for k in range(1, 17):
        assert any(n.startswith(f"e{k:02d}") for n in names), f"worked example E{k} has no scenario"


def _write(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(text)
    return p


@pytest.mark.parametrize("text,fragment", [
    ("- just a list", "a mapping"),
    ("game: bohnanza\n", "missing 'players'"),
    ("game: chess\nplayers: [A, B]\n", "unknown game"),
    ("game: bohnanza\nplayers: [A, B, C]\ncolour: red\n", "unknown key"),
    ("game: bohnanza\nplayers: [A, B, C]\nsteps: [{dance: 1}]\n", "step 1: unknown key"),
    ("game: bohnanza\nplayers: [A, B, C]\nsetup: {weather: sunny}\n", "setup: unknown key"),
    ("game: bohnanza\nplayers: [A, B, C]\nsetup: {a: [}\n", "not valid YAML"),
])
def test_malformed_files_are_refused(tmp_path, text, fragment):
    with pytest.raises(ScenarioError) as exc:
        load_scenario(_write(tmp_path, text))
    assert fragment in str(exc.value)


@pytest.mark.parametrize("setup,fragment", [
    ("players: {A: {fields: [[red, soy], []]}}", "mixes bean types"),
    ("players: {A: {hand: [red, red, red, red, red, red, red, red, red]}}", "one red too many"),
    ("deck: [coffee]", "one coffee too many"),
    ("players: {Zed: {hand: []}}", "not one of the players"),
    ("players: {A: {fields: [[], [], []]}}\n", None),
    ("phase: lunch", "not a phase"),
    ("active: Zed", "not one of the players"),
    ("players: {A: {hand: [pizza]}}", "not a card name"),
    ("exhausted: 3", "already ended"),
])
def test_impossible_tables_are_refused(tmp_path, setup, fragment):
    text = "game: bohnanza\nplayers: [A, B, C]\nsetup:\n  " + setup.replace("\n", "\n  ") + "\nsteps: []\n"
    result = run_scenario(load_scenario(_write(tmp_path, text)))
    if fragment is None:
        assert result.passed, result.failures  # a bought 3rd field is a possible table
    else:
        assert not result.passed and fragment in result.failures[0]


def test_a_wrong_option_is_reported_under_its_own_key(tmp_path):
    text = "game: bohnanza\noptions: {profle: AMIGO_1997}\nplayers: [A, B, C]\nsteps: []\n"
    result = run_scenario(load_scenario(_write(tmp_path, text)))
    assert not result.passed
    assert result.failures[0].startswith("options: bohnanza: unknown option(s) profle (did you mean profile?)")


def test_failing_steps_are_reported_with_the_step(tmp_path):
    text = ("game: bohnanza\nplayers: [A, B, C]\nsetup: {players: {A: {fields: [[red], [soy, soy]]}}}\n"
            "steps:\n  - do: A harvest 2\n    expect: {A.coins: 5}\n")
    result = run_scenario(load_scenario(_write(tmp_path, text)))
    assert result.failures == ["step 1: A.coins is 1, expected 5"]
    text2 = text.replace("expect: {A.coins: 5}", "expect: {A.money: 1}")
    result = run_scenario(load_scenario(_write(tmp_path, text2)))
    assert "unknown table path 'A.money'" in result.failures[0]


def test_refusal_expectations_check_the_rule_id(tmp_path):
    text = ("game: bohnanza\nplayers: [A, B, C]\nsetup: {players: {A: {fields: [[red], [soy, soy]]}}}\n"
            "steps:\n  - do: A harvest 1\n    expect_error: B-32\n")
    result = run_scenario(load_scenario(_write(tmp_path, text)))
    assert "citing B-29, expected B-32" in result.failures[0]
