"""``beannb sim --rotate``: the bots change seats from game to game, the figures stay theirs."""
import subprocess
import sys

import beannb.sim as sim
from beannb.bots import make_bot, playout
from beannb.sim import format_report, simulate


def _spied(monkeypatch):
    """Record the table of every game: which bot sat where (each game's bots are made afresh,
    bot i with the seed ``bot_seed(seed, g, i)``, whose last three digits are i), and the final
    scores and winners."""
    seeds, games = {}, []

    def make(kind, seed=0):
        bot = make_bot(kind, seed)
        seeds[id(bot)] = seed
        return bot

    def play(ruleset, state, table, **kw):
        final, n = playout(ruleset, state, table, **kw)
        games.append(([seeds[id(b)] % 1000 for b in table], final.scores, final.winners))
        return final, n

    monkeypatch.setattr(sim, "make_bot", make)
    monkeypatch.setattr(sim, "playout", play)
    return games


def test_rotation_seats_every_bot_everywhere_and_keeps_its_figures(monkeypatch):
    games = _spied(monkeypatch)
    r = simulate("bohnanza", 4, 5, ["greedy", "random", "random", "random"], seed=2, rotate=True)
    assert r.rotate and r.bots == ["greedy", "random", "random", "random"]
    # In game g bot i sits at seat (i + g) mod 4: the greedy bot has sat everywhere.
    assert [table.index(0) for table, _s, _w in games] == [0, 1, 2, 3, 0]
    for g, (table, scores, winners) in enumerate(games):
        seat_of = [table.index(i) for i in range(4)]
        assert r.scores[g] == [scores[seat_of[i]] for i in range(4)]
        assert r.wins[g] == [1 / len(winners) if seat_of[i] in winners else 0.0 for i in range(4)]
    assert r.mean_score[0] == sum(g[0] for g in r.scores) / 5
    assert {b["bot"]: b["seats"] for b in r.by_bot()} == {"greedy": [0], "random": [1, 2, 3]}
    text = format_report(r)
    assert "seats rotating" in text and "bot #" in text


def test_without_rotation_bot_i_keeps_seat_i(monkeypatch):
    games = _spied(monkeypatch)
    r = simulate("bohnanza", 4, 3, ["greedy", "random", "random", "random"], seed=2)
    assert not r.rotate and all(table == [0, 1, 2, 3] for table, _s, _w in games)
    assert r.scores == [list(scores) for _t, scores, _w in games]
    assert "rotating" not in format_report(r)


def test_cli_sim_rotate():
    out = subprocess.run([sys.executable, "-m", "beannb", "sim", "--game", "bohnanza", "--games", "4", "--bots",
                          "greedy,random,random,random", "--rotate", "-q"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "seats rotating" in out.stdout and "per bot (seats pooled)" in out.stdout
    rows = [ln for ln in out.stdout.splitlines() if ln[:1].isdigit()]
    assert [ln.split()[1] for ln in rows] == ["greedy", "random", "random", "random"]
    helptext = subprocess.run([sys.executable, "-m", "beannb", "sim", "--help"], capture_output=True, text=True,
                              timeout=120).stdout
    assert "--rotate" in helptext


def test_every_game_has_its_own_bots_seeded_by_its_seed(monkeypatch):
    """Game g depends on seed + g alone: its bots are made for it (so a study can be split)."""
    made = []
    monkeypatch.setattr(sim, "make_bot", lambda kind, seed=0: made.append((kind, seed)) or make_bot(kind, seed))
    simulate("bohnanza", 3, 2, ["greedy", "random", "trader"], seed=5)
    played = [m for m in made if m[1] >= 5000]  # the study checks the names first (seed 0)
    assert played == [(k, sim.bot_seed(5, g, i)) for g in range(2) for i, k in enumerate(["greedy", "random", "trader"])]
    assert sim.bot_seed(5, 0, 2) == 5002 and sim.bot_seed(5, 1, 0) == 6000
