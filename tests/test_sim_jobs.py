"""A study on several processes (``beannb sim --jobs N``) or a Dask cluster (``--scheduler``):
the same figures as on one process, since game g depends on seed + g alone."""
import subprocess
import sys

import pytest

import beannb.sim as sim
from beannb.sim import chunks, format_report, format_worth, jobs_wanted, simulate, worth

BOTS = "greedy,random,trader,random"


def _sim(*args):
    return subprocess.run([sys.executable, "-m", "beannb", "sim", "--games", "8", "--bots", BOTS, "--seed", "3",
                           "-q", *args], capture_output=True, text=True, timeout=300)


def _figures(text: str) -> list[str]:
    """Every line of a report, the speed (games per second) left out of the last."""
    lines = text.splitlines()
    return lines[:-1] + [lines[-1].rsplit(",", 1)[0]]


def _same(a, b) -> None:
    assert (a.scores, a.wins, a.trades, a.mean_score, a.win_share, a.mean_turns, a.mean_actions) == \
           (b.scores, b.wins, b.trades, b.mean_score, b.win_share, b.mean_turns, b.mean_actions)
    assert _figures(format_report(a)) == _figures(format_report(b))


def test_two_processes_print_the_figures_of_one():
    one, two = _sim("--jobs", "1", "--rotate"), _sim("--jobs", "2", "--rotate")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert "per bot (seats pooled)" in one.stdout
    assert _figures(two.stdout) == _figures(one.stdout)


def test_pieces_cover_the_study_in_seed_order():
    for games, workers in [(1, 4), (7, 2), (100, 3), (5000, 2)]:
        pieces = chunks(games, workers)
        assert [g for first, n in pieces for g in range(first, first + n)] == list(range(games))
        assert max(n for _f, n in pieces) <= sim.MAX_CHUNK
    # Played piece by piece, merged in seed order: the very games of one run.
    whole = simulate("bohnanza", 3, 5, ["greedy", "random", "trader"], seed=4)
    opts = sim.get_ruleset("bohnanza").check_options({})
    names, kinds = ["Ann", "Bob", "Cid"], ["greedy", "random", "trader"]
    # The pieces done last first, as a pool may finish them.
    merged = sim._merge(chunks(5, 2), {first: sim.play_games("bohnanza", names, kinds, 4, opts, first, n)
                                       for first, n in reversed(chunks(5, 2))})
    _same(sim.tally("bohnanza", kinds, 4, opts, merged, 1.0), whole)


def test_jobs_wanted():
    assert jobs_wanted(1) == 1 and jobs_wanted("3") == 3
    assert jobs_wanted("auto") == jobs_wanted(0) >= 1
    with pytest.raises(ValueError, match="--jobs"):
        jobs_wanted("many")
    bad = _sim("--jobs", "-1")
    assert bad.returncode == 2 and "--jobs" in bad.stderr


def test_a_cluster_without_the_extra_names_it():
    code = ("import sys; sys.modules['distributed'] = None\n"
            "from beannb.cli import main\n"
            "sys.exit(main(['sim', '--games', '2', '-q', '--scheduler', 'tcp://127.0.0.1:1']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "pip install 'beannb[cluster]'" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as c:
        yield c


def test_a_cluster_plays_the_games_of_a_local_run(cluster):
    bots = ["greedy", "random", "trader", "random"]
    done = []
    far = simulate("bohnanza", 4, 10, bots, seed=3, rotate=True, scheduler=cluster.scheduler_address,
                   on_game=lambda k, n: done.append((k, n)))
    _same(far, simulate("bohnanza", 4, 10, bots, seed=3, rotate=True))
    assert done[-1] == (10, 10) and [k for k, _n in done] == sorted(k for k, _n in done)


def test_a_worth_study_on_a_client_and_in_the_lab(cluster):
    from distributed import Client

    with Client(cluster.scheduler_address) as client:
        far = worth("takeover", sim.without_choices("takeover")[0], 4, 4, ["greedy"], seed=2, scheduler=client)
        assert client.status == "running"  # a client given is the caller's to close
    near = worth("takeover", far.without, 4, 4, ["greedy"], seed=2)
    assert format_worth(far) == format_worth(near)

    from beannb.widgets.lab import StrategyLab

    far_lab = StrategyLab("bohnanza", lang="en", scheduler=cluster.scheduler_address)
    near_lab = StrategyLab("bohnanza", lang="en")
    far_lab.games.value = near_lab.games.value = 10
    _same(far_lab.run(), near_lab.run())
    assert far_lab.result.value == near_lab.result.value and far_lab.error is None


def test_a_scheduler_out_of_reach_is_one_line():
    pytest.importorskip("distributed")
    import os

    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s")
    out = subprocess.run([sys.executable, "-m", "beannb", "sim", "--games", "2", "-q", "--scheduler", "tcp://127.0.0.1:1"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 2 and out.stderr.startswith("beannb sim: the scheduler tcp://127.0.0.1:1")
    assert "Traceback" not in out.stderr
