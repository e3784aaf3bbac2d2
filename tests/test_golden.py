"""A fixed-seed 4-player game, compared line by line with the committed transcript.

Any change to dealing, shuffling, rules, bots or narration shows up here. If the change
is intended, regenerate with ``BEANNB_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and
review the diff like code.
"""
import os
from pathlib import Path

import beannb
from beannb.bots import GreedyBot, RandomBot, play_out

GOLDEN = Path(__file__).parent / "golden" / "bohnanza_4p_seed7.txt"


def transcript() -> str:
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid", "Dora"], seed=7)
    bots = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    lines = []

    def on_step(before, action, after, events):
        lines.append(f"> {action}")
        lines.extend(f"  {e.text('en')}" for e in events)

    final, _ = play_out(g.ruleset, g.state, bots, on_step=on_step)
    lines.append(f"scores {dict(zip(g.players, final.scores))}")
    return "\n".join(lines) + "\n"


def test_golden_transcript():
    text = transcript()
    if os.environ.get("BEANNB_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()
