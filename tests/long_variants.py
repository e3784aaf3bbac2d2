"""Scenario files with a long shared prefix and many variants, for timing ``beannb check``
and for the test that its work is linear in a file's size (tests/test_scenario_variants_linear.py).

``long_variants(steps, variants)`` is the data of a base-game file whose ``steps`` are a
seeded random game's actions (each ``do`` followed by ``expect`` steps of the deck's size and
the seat to move once the game has no more actions to give, so that a file may have more
steps than one game has actions) and whose ``variants`` each branch from the last step and
play one legal action of their own. Run as a script to write one:

    .venv/bin/python tests/long_variants.py 1004 2000 long.yaml
    time .venv/bin/python -m beannb check long.yaml
"""
from __future__ import annotations

import random
import sys
from typing import Any

import yaml

PLAYERS = ["Ann", "Bob", "Cid"]


def long_variants(steps: int, variants: int, seed: int = 3, *, bad: int = 0) -> dict[str, Any]:
    """A format-2 Bohnanza scenario of ``steps`` shared steps and ``variants`` variants.
    The random game plays while it has actions and stops ten actions before its end, so
    that each variant has a legal action to play; any steps still wanted are ``expect``
    steps. ``bad`` variants (the first ones) play an action that is refused, to give
    failures to compare."""
    from beannb.core.game import Game
    from beannb.games import get_ruleset

    rs = get_ruleset("bohnanza")
    full = Game.new(rs, PLAYERS, seed=seed)
    rnd = random.Random(seed)
    actions: list[str] = []
    while True:
        legal = sorted(map(str, full.legal_actions()))
        if not legal:
            break
        actions.append(rnd.choice(legal))
        full.play(actions[-1])
    actions = actions[:max(0, len(actions) - 10)]
    game = Game.new(rs, PLAYERS, seed=seed)
    out: list[dict[str, Any]] = []
    for a in actions:
        if len(out) >= steps:
            break
        game.play(a)
        out.append({"do": a})
    while len(out) < steps:
        t = game.table()
        out.append({"expect": {"deck.size": t["deck.size"], "active": t["active"]}})
    out[-1]["name"] = "end"
    legal = sorted(map(str, game.legal_actions()))
    vs = []
    for i in range(variants):
        act = "Ann harvest 9" if i < bad else legal[i % len(legal)]
        vs.append({"name": f"v{i + 1}", "from": "end", "steps": [{"do": act}]})
    return {"format": 2, "title": f"{steps} steps, {variants} variants", "game": "bohnanza", "players": PLAYERS,
            "seed": seed, "steps": out, "variants": vs}


def dump(data: dict[str, Any]) -> str:
    return yaml.safe_dump(data, sort_keys=False, width=200, allow_unicode=True)


if __name__ == "__main__":
    n, v, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(dump(long_variants(n, v)))
