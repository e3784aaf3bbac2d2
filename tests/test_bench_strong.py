"""``beannb bench --strong``: the strong player's figures against three greedy players."""
import re

from beannb.arena import duel
from beannb.bots import StrongBot
from beannb.cli import main
from beannb.sim import wilson


def test_strong_bench_prints_share_interval_games_and_cpu(capsys):
    assert main(["bench", "--strong", "--games", "2", "--game", "bohnanza", "--strong-iterations", "4"]) == 0
    out = capsys.readouterr().out
    row = next(ln for ln in out.splitlines() if ln.startswith("bohnanza"))
    m = re.search(r"(\d+) games, strong seat rotating: win share ([\d.]+)% \[([\d.]+)%, ([\d.]+)%\]", row)
    assert m, row
    games, share, lo, hi = int(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4))
    # The same seeded games as arena.duel plays them.
    ref = duel("bohnanza", lambda seed: StrongBot(seed, iterations=4), games=2)
    assert games == 2 and share == round(ref.win_share * 100, 1)
    assert (lo, hi) == tuple(round(x * 100, 1) for x in wilson(ref.wins, 2))
    assert "not judged on fewer than 200 games" in row and "PASS" not in row
    cpu = re.search(r"processor per decision mean (\d+) ms, p99 (\d+) ms over (\d+) decisions \(reference (\d+) ms", row)
    assert cpu and int(cpu.group(3)) == len(ref.cpu) and int(cpu.group(4)) > 0
    assert len([ln for ln in out.splitlines() if "win share" in ln]) == 1


def test_strong_bench_refuses_no_games(capsys):
    assert main(["bench", "--strong", "--games", "0", "--game", "bohnanza"]) == 2


def test_strong_bench_on_two_processes_prints_the_same_figures(capsys):
    """``--jobs 2`` plays the same seeded games: every figure but the decisions' times is the same."""
    def rows(jobs):
        args = ["bench", "--strong", "--games", "3", "--game", "rabohnzel", "--strong-iterations", "3"]
        assert main(args + ["--jobs", str(jobs)]) == 0
        out = capsys.readouterr().out
        row = next(ln for ln in out.splitlines() if ln.startswith("rabohnzel"))
        return re.sub(r"processor per decision mean \d+ ms, p99 \d+ ms", "", row), out
    one, out1 = rows(1)
    two, out2 = rows(2)
    assert "one process" in out1 and "2 processes" in out2
    assert one == two and "3 games" in one and "decisions" in one


def test_strong_bench_refuses_no_jobs(capsys):
    assert main(["bench", "--strong", "--games", "1", "--game", "bohnanza", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_strong_bench_seed_plays_the_duel_of_that_seed(capsys):
    assert main(["bench", "--strong", "--games", "1", "--game", "bohnanza", "--strong-iterations", "4",
                 "--seed", "1001"]) == 0
    out = capsys.readouterr().out
    assert "seeds 1001..1001" in out
    row = next(ln for ln in out.splitlines() if ln.startswith("bohnanza"))
    lead = float(re.search(r"mean lead ([+-][\d.]+)", row).group(1))
    # The game of seed 1001 as arena.duel plays it, not the default seed's.
    ref = duel("bohnanza", lambda seed: StrongBot(seed, iterations=4), games=1, seed=1001)
    other = duel("bohnanza", lambda seed: StrongBot(seed, iterations=4), games=1)
    assert lead == round(ref.mean_lead, 2) and ref.lead != other.lead
