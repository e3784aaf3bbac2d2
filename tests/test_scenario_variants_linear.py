"""Variants do not multiply the work of ``beannb check`` (issue 24): a variant on the file's
table branches from the file's own run (the table after its shared steps, those steps'
failures and shown-checks are the file's, made once), so checking a file plays each of its
steps once (per view: the check's own run, which makes the walkthrough in the file's own
names as it plays, and one walkthrough per other language) however many
variants branch from it; the results are those of replaying every variant from the start.
A variant with its own table replays the shared steps, which ``MAX_PLAYED_STEPS`` bounds.

The long files come from tests/long_variants.py (also a script, for timing by hand).
"""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from beannb import scenario_format
from beannb.core.errors import ScenarioError
from beannb.core.game import Game
from beannb.i18n import LANGS
from beannb.scenarios import (
    Failure, Result, _Run, check_rule_ids, check_shown, load_scenario, preview_html, run_scenario, scenario_dir,
    scenario_files,
)
from beannb.walkthrough import Walkthrough

sys.path.insert(0, str(Path(__file__).parent))
from long_variants import dump, long_variants  # noqa: E402


def _write(tmp_path: Path, data: dict, name: str = "long.yaml") -> Path:
    path = tmp_path / name
    path.write_text(dump(data), encoding="utf-8")
    return path


def _count_plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every action the engine is asked to play (refused ones too)."""
    count = [0]
    play = Game.play

    def counted(self, action):
        count[0] += 1
        return play(self, action)

    monkeypatch.setattr(Game, "play", counted)
    return count


def _run_steps(sc) -> list[str]:
    """Every failure of ``sc``'s steps, played from the start."""
    return _Run(sc).start(frames=False).failures(setup_last=True)


def _replayed(sc) -> Result:
    """``run_scenario`` as it was before variants branched: every variant played and shown
    from the start, on its own (no trunk)."""
    failures = _run_steps(sc)
    if not failures:
        failures += check_shown(sc)
    rules = list(sc.rules)
    for v in sc.variants:
        v = dataclasses.replace(v, trunk=None)
        fails = _run_steps(v)
        if not fails:
            fails = check_shown(v)
        failures += [Failure(f"variant {v.variant}: " + f, getattr(f, "line", None)) for f in fails]
        rules += [r for r in v.rules if r not in rules]
    return Result(sc.path, sc.title, sc.game, rules, failures + check_rule_ids(sc))


def test_a_long_file_with_many_variants_plays_each_step_once_per_view(tmp_path, monkeypatch) -> None:
    steps, variants = 300, 300
    data = long_variants(steps, variants)
    assert all("do" in st for st in data["steps"])  # every shared step is an action (the game is longer)
    sc = load_scenario(_write(tmp_path, data))
    plays = _count_plays(monkeypatch)
    result = run_scenario(sc)
    assert result.passed, result.messages()[:3]
    views = len(LANGS)  # the check's run (the English walkthrough too) and a walkthrough in each other language
    own = variants * 1      # each variant plays one action of its own
    assert plays[0] == views * (steps + own)
    assert plays[0] < steps * variants / 10  # replaying every variant would play 90,000


def test_variants_with_their_own_table_still_replay_and_are_counted(tmp_path, monkeypatch) -> None:
    data = long_variants(40, 10)
    for v in data["variants"][:4]:
        v["seed"] = 5  # another deal: the shared steps are replayed on its table
    sc = load_scenario(_write(tmp_path, data))
    plays = _count_plays(monkeypatch)
    run_scenario(sc)
    views = len(LANGS)
    # the file's 40 steps once, each variant's own step, and the replays of 4 variants (the
    # replays on another deal are refused at their first step, where their run stops, and
    # their walkthroughs play each shared step until the first refusal)
    assert plays[0] <= views * (40 + 10) + views * 4 * 41
    assert plays[0] > views * (40 + 10)


def _bohnanza_with_failures() -> dict:
    """A file whose own run fails at a step (a wrong ``expect``) and whose variants fail in
    their own steps, in the shared ones, on their own table, and after a refusal."""
    data = long_variants(14, 0)
    data["steps"][3]["expect"] = {"deck.size": 1}
    data["steps"][6]["name"] = "mid"
    data["variants"] = [
        {"name": "bad-end", "from": "end", "steps": [{"do": "Ann harvest 9"}, {"expect": {"turn": 1}}]},
        {"name": "mid", "from": "mid", "steps": [dict(st) for st in data["steps"][7:10]]},
        {"name": "mid-wrong", "from": "mid", "steps": [{"do": "Bob plant chili 1", "expect_error": "B-99"}]},
        {"name": "seeded", "from": "end", "seed": 11, "steps": [{"expect": {"active": "Bob"}}]},
        {"name": "from-start", "from": "start", "steps": [{"expect": {"deck.size": {"size": 3}}}]},
        {"name": "third", "from": 3, "rules": ["B-1"], "steps": [{"do": data["steps"][3]["do"]}]},
    ]
    return data


def _stopping_early() -> dict:
    """A file whose own run stops (a refused action expected to be played) at step 5; its
    variants branch before the stop, at it and after it."""
    data = long_variants(10, 0)
    data["steps"][2]["name"] = "before"
    data["steps"][4] = {"do": "Cid harvest 3", "name": "stop"}
    data["variants"] = [
        {"name": "before", "from": "before", "steps": [dict(st) for st in data["steps"][3:4]]},
        {"name": "at", "from": "stop", "steps": [{"expect": {"turn": 1}}]},
        {"name": "after", "from": "end", "steps": [{"do": "Ann draw"}]},
    ]
    return data


@pytest.mark.parametrize("make", [_bohnanza_with_failures, _stopping_early])
def test_branching_gives_the_same_failures_as_replaying(tmp_path, make) -> None:
    sc = load_scenario(_write(tmp_path, make()))
    want = _replayed(sc)
    got = run_scenario(sc)
    assert got.messages() == want.messages()
    assert got.rules == want.rules
    assert [getattr(f, "line", None) for f in got.failures] == [getattr(f, "line", None) for f in want.failures]
    assert any(m for m in got.messages() if "variant" in m)  # the files do fail in their variants


def test_the_lessons_with_variants_check_as_when_replayed() -> None:
    files = [f for f in scenario_files([scenario_dir()]) if "variants:" in Path(f).read_text(encoding="utf-8")]
    assert files
    for f in files:
        sc = load_scenario(f)
        if sc.raw.get("expect_setup_error") is not None:
            continue
        assert run_scenario(sc).messages() == _replayed(sc).messages(), f


def _shown(walk, lang: str) -> list:
    return [(fr.index, fr.narration(lang), fr.rules, fr.actions, fr.table, fr.changed, fr.exercise) for fr in walk]


def test_the_check_keeps_the_walkthroughs_a_reader_opens() -> None:
    """The check's run makes the walkthrough in the file's own names as it plays, and a
    variant's from the file's frames; ``beannb check --show`` draws what the check opened:
    the same frames as a walkthrough opened on its own."""
    files = [f for f in scenario_files([scenario_dir()]) if "variants:" in Path(f).read_text(encoding="utf-8")]
    for f in files[:3]:
        sc = load_scenario(f)
        result = run_scenario(sc, keep_walks=True)
        assert result.passed, result.messages()
        assert set(result.walks) == {None, *range(len(sc.variants))}
        for key, one in [(None, sc), *enumerate(sc.variants)]:
            for lang in LANGS:
                assert _shown(result.walks[key][lang], lang) == _shown(Walkthrough.from_scenario(one, lang), lang), (f, key)
        for lang in LANGS:
            assert preview_html([sc], lang, {sc.path: result.walks}) == preview_html([sc], lang)
    assert run_scenario(load_scenario(files[0])).walks == {}  # kept only when asked


def test_a_file_that_would_replay_too_many_steps_is_refused_naming_the_limit(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(scenario_format, "MAX_PLAYED_STEPS", 1000)
    data = long_variants(100, 20)
    assert load_scenario(_write(tmp_path, data, "shared.yaml")).variants  # 120 steps: on the file's table
    for v in data["variants"]:
        v["options"] = {"start_seat": 1}
    path = _write(tmp_path, data, "replayed.yaml")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    text = str(err.value)
    assert text.startswith(f"{path}:") and "MAX_PLAYED_STEPS" in text and "at most 1,000" in text
    # 100 + 9 × (1 + 100) = 1,009 steps by the ninth variant, which the message's line points at
    assert "1,009 steps by variant 9" in text
    assert f"{path}:{_line_of_variant(path, 9)}:" in text


def _line_of_variant(path: Path, n: int) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [i + 1 for i, line in enumerate(lines) if line.startswith("- name: v")]
    return starts[n - 1]
