"""The beannb command, run as a user would run it."""
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from beannb.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", "beannb", *args], capture_output=True, text=True, cwd=ROOT)


def test_rules_prints_the_whole_catalogue():
    out = run("rules", "bohnanza")
    assert out.returncode == 0
    lines = [l for l in out.stdout.splitlines() if l.startswith("B-")]
    assert len(lines) == 57 and lines[0].startswith("B-01")
    hu = run("rules", "bohnanza", "--id", "B-29", "--lang", "hu")
    assert "babföld" in hu.stdout
    bad = run("rules", "bohnanza", "--id", "B-99")
    assert bad.returncode == 1 and "B-01" in bad.stderr


def test_check_reports_failures_and_the_closing_line(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("title: t\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\nrules: [B-32]\n"
                    "steps:\n  - do: Ann harvest 1\n    expect_error: B-32\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\nsteps:\n  - do: Ann harvest 1\n")
    out = run("check", str(tmp_path), "--coverage")
    assert out.returncode == 1
    assert out.stdout.splitlines()[-1] == "1 passed, 1 failed"
    assert "FAIL" in out.stdout and "bad.yaml" in out.stdout and "step 1" in out.stdout
    assert "B-01" in out.stdout and "B-32," not in out.stdout
    ok = run("check", str(good))
    assert ok.returncode == 0 and ok.stdout.strip().endswith("1 passed, 0 failed")


def test_sim_prints_scores_win_shares_turns_and_speed():
    out = run("sim", "--game", "bohnanza", "--players", "4", "--games", "6", "--bots", "greedy,random,random,random", "--seed", "1")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "mean score" in text and "win share" in text and "mean turns" in text and "games per second" in text
    seats = [ln for ln in text.splitlines() if ln[:1].isdigit()]
    assert [ln.split()[1] for ln in seats] == ["greedy", "random", "random", "random"]
    assert "± 95% CI" in text and "trades per game" in text and "per bot (seats pooled)" in text
    bad = run("sim", "--players", "2")
    assert bad.returncode == 2 and "B-45" in bad.stderr


def test_bench_prints_figures():
    out = run("bench", "--games", "2", "--runs", "1")
    assert out.returncode == 0, out.stderr
    row = next(l for l in out.stdout.splitlines() if l.startswith("bohnanza"))
    checked, checked_us, games_per_s, us_per_action, ratio, states = row.split()[1:7]
    assert float(games_per_s) > 0 and float(us_per_action) > 0 and int(states) > 50
    assert float(checked) > 0 and float(checked_us) > 0 and float(ratio) > 0
    fast = run("bench", "--games", "2", "--runs", "1", "--game", "takeover", "--fast-only")
    games_per_s, us_per_action, states = next(l for l in fast.stdout.splitlines() if l.startswith("takeover")).split()[1:4]
    assert float(games_per_s) > 0 and int(states) > 50



def test_the_benchmarks_load_only_when_bench_runs():
    """``beannb`` builds its parser and runs another command without importing the
    benchmark package; ``beannb bench`` imports the engine benchmark and not the browser ones."""
    code = ("import sys, io, contextlib\n"
            "from beannb.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    assert main(sys.argv[1:]) == 0\n"
            "print(sorted(m for m in sys.modules if m.startswith('beannb.bench')))")
    rules = subprocess.run([sys.executable, "-c", code, "rules", "bohnanza", "--id", "B-01"],
                           capture_output=True, text=True, cwd=ROOT)
    assert rules.returncode == 0, rules.stderr
    assert rules.stdout.strip() == "[]"
    bench = subprocess.run([sys.executable, "-c", code, "bench", "--games", "1", "--runs", "1", "--game", "takeover",
                            "--fast-only"], capture_output=True, text=True, cwd=ROOT)
    assert bench.returncode == 0, bench.stderr
    assert bench.stdout.strip() == "['beannb.bench', 'beannb.bench.engine']"

def test_show_narrates_a_saved_game(tmp_path):
    import beannb
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 1)
    g.play("Ann plant")
    g.save(tmp_path / "g.json")
    out = run("show", str(tmp_path / "g.json"), "--lang", "hu")
    assert out.returncode == 0 and "elültet" in out.stdout
    (tmp_path / "x.json").write_text("{")
    assert run("show", str(tmp_path / "x.json")).returncode == 2


# -- beannb app: the port -------------------------------------------------------------------------
def test_app_on_a_port_already_in_use_says_so_and_starts_nothing(monkeypatch, capsys):
    import socket

    run = importlib.import_module("beannb.serve.run")

    started = []
    monkeypatch.setattr(run, "start_voila", lambda *a, **k: started.append(a))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert run.main(["--port", str(port)]) == 2
    err = capsys.readouterr()
    assert f"port {port} on 127.0.0.1 is already in use" in err.err and "leave --port out" in err.err
    assert not started and "http" not in err.out  # no link to a server that never came up


def test_app_port_zero_means_a_free_port_chosen_and_reported(monkeypatch):
    run = importlib.import_module("beannb.serve.run")

    class Chosen(Exception):
        pass

    def fake_start(port, *a, **k):
        raise Chosen(port)

    monkeypatch.setattr(run, "start_voila", fake_start)
    with pytest.raises(Chosen) as got:
        run.main(["--port", "0"])
    assert got.value.args[0] > 0


@pytest.mark.parametrize("bad", ["70000", "-1", "eighty"])
def test_app_refuses_a_port_that_is_no_port(bad, capsys):
    run = importlib.import_module("beannb.serve.run")

    with pytest.raises(SystemExit):
        run.main(["--port", bad])
    assert "a port is a number from 0 to 65535" in capsys.readouterr().err


# -- beannb docs: the guides ship with the package ---------------------------------------------------
def test_docs_lists_every_guide_with_its_title(capsys):
    assert main(["docs"]) == 0
    out = capsys.readouterr().out
    assert "scenarios" in out and "Scenario files" in out and "notation-takeover" in out


def test_docs_prints_a_guide_and_suggests_a_near_name(capsys):
    from beannb.core.paths import docs_dir

    assert main(["docs", "scenarios"]) == 0
    assert capsys.readouterr().out.strip() == (docs_dir() / "scenarios.md").read_text("utf-8").strip()
    assert main(["docs", "scenaros"]) == 2
    assert "did you mean 'scenarios'?" in capsys.readouterr().err


def test_every_guide_a_lesson_stub_names_exists(capsys):
    import re

    from beannb.core.paths import docs_dir
    from beannb.scenarios import stub_text

    named = set()
    for game in ("bohnanza", "takeover", "rabohnzel", "bohnaparte"):
        named |= set(re.findall(r"`beannb docs ([a-z-]+)`", stub_text(game)))
    assert named and all((docs_dir() / f"{n}.md").is_file() for n in named), named


def test_the_wheel_installs_the_guides():
    import tomllib

    files = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert files["share/beannb/docs"] == ["docs/*.md"]
