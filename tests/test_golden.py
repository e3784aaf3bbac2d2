"""Fixed-seed 4-player games, compared line by line with the committed transcripts.

One game per ruleset, narrated in English and in Hungarian (``<game>_4p_seed<N>.<lang>.txt``;
the base game's English transcript is ``bohnanza_4p_seed7.txt``). Any change to dealing,
shuffling, rules, bots or narration shows up here. If the change is intended, regenerate
with ``BEANNB_UPDATE_GOLDEN=1 pytest tests/test_golden.py`` and review the diff like code.
"""
import os
from pathlib import Path

import pytest

import beannb
from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.games import available

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN = GOLDEN_DIR / "bohnanza_4p_seed7.txt"
PLAYERS = ["Ann", "Bob", "Cid", "Dora"]
#: The seeded game per ruleset (every one of them ends: takeover's greedy bots can stall for some seeds).
SEEDS = {"bohnanza": 7, "takeover": 1, "rabohnzel": 1, "bohnaparte": 1}
LANGS = ("en", "hu")


def golden_path(game: str, lang: str) -> Path:
    if (game, lang) == ("bohnanza", "en"):
        return GOLDEN
    return GOLDEN_DIR / f"{game}_{len(PLAYERS)}p_seed{SEEDS[game]}.{lang}.txt"


def transcript(game: str = "bohnanza", lang: str = "en") -> str:
    """Each action in the notation, then the events it caused, narrated in ``lang``."""
    g = beannb.new_game(game, players=PLAYERS, seed=SEEDS[game])
    bots = [GreedyBot(1), RandomBot(2), GreedyBot(3), RandomBot(4)]
    lines = []

    def on_step(before, action, after, events):
        lines.append(f"> {action}")
        lines.extend(f"  {e.text(lang)}" for e in events)

    final, _ = play_out(g.ruleset, g.state, bots, on_step=on_step, max_actions=5000)
    lines.append(f"scores {dict(zip(g.players, final.scores))}")
    return "\n".join(lines) + "\n"


def test_golden_transcript():
    text = transcript()
    if os.environ.get("BEANNB_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines()


def test_every_ruleset_has_a_golden_game():
    assert sorted(SEEDS) == available()


# The base game's English transcript is test_golden_transcript above.
GAMES = [(game, lang) for game in SEEDS for lang in LANGS if (game, lang) != ("bohnanza", "en")]


@pytest.mark.parametrize("game,lang", GAMES, ids=[f"{g}-{lang}" for g, lang in GAMES])
def test_golden_transcript_per_ruleset_and_language(game, lang):
    path = golden_path(game, lang)
    text = transcript(game, lang)
    if os.environ.get("BEANNB_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text.splitlines() == expected.splitlines(), f"{path.name} differs; see the module docstring"
