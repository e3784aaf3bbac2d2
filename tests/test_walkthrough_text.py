"""Walkthrough text that says what happens: no scenario frame has an empty narration box."""
from pathlib import Path

import pytest
import yaml

from beannb.scenarios import LANGS
from beannb.walkthrough import Walkthrough

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))


def _walkable(path: Path) -> bool:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return isinstance(raw, dict) and "expect_setup_error" not in raw


@pytest.mark.parametrize("path", [p for p in SCENARIOS if _walkable(p)],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_frame_is_narrated_in_every_language(path):
    frames = Walkthrough.from_scenario(str(path)).frames
    empty = [f"step {f.index} ({lang})" for f in frames for lang in LANGS
             if not any(str(line).strip() for line in f.narration(lang))]
    assert not empty, f"{path.relative_to(ROOT)}: empty narration at " + ", ".join(empty)


def test_there_are_scenarios_to_walk_through():
    assert sum(_walkable(p) for p in SCENARIOS) > 100


def test_seed_trade_says_how_many_cards_are_drawn_once():
    frames = Walkthrough.from_scenario(str(ROOT / "scenarios" / "takeover" / "card_14_seed_trade.yaml")).frames
    events = frames[1].events
    assert [e.kind for e in events].count("draw") == 0   # the seed_trade sentence says it
    (trade,) = [e for e in events if e.kind == "seed_trade"]
    assert "draws 5 new cards" in trade.text("en") and "four new" not in trade.text("en")
    hu = trade.text("hu")
    assert "5 új lapot húz" in hu and "helyett" not in hu


def test_the_takeover_lesson_shows_a_defence():
    frames = Walkthrough.from_scenario(str(ROOT / "scenarios" / "takeover" / "lesson_01_a_turn.yaml")).frames
    defended = [f for f in frames if any(e.kind == "defend" for e in f.events)]
    assert defended, "the lesson promises a defence"
    assert all(any(a.split()[1] == "defend" for a in f.actions) for f in defended)
