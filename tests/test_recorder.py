"""A lesson recorded from play replays under `beannb check` and opens as a walkthrough."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from beannb.scenarios import check_paths
from beannb.widgets.apps import WalkthroughApp
from beannb.widgets.recorder import LessonRecorder, lesson_from_game


def _play(rec: LessonRecorder, n: int, ask_at: tuple[int, ...]) -> None:
    for i in range(n):
        if i in ask_at:
            rec.ask_next()
        who = rec.game.to_move[0]
        out = rec.controller.play(rec.game.legal_actions(who)[0])
        assert out.ok, out


@pytest.mark.parametrize("game, players", [("bohnanza", ("Ann", "Bob", "Cid")),
                                           ("rabohnzel", ("Ann", "Bob", "Cid")),
                                           ("bohnaparte", ("Ann", "Bob", "Cid"))])
def test_recorded_lesson_passes_check_and_opens(game: str, players, tmp_path: Path) -> None:
    path = tmp_path / f"{game}_recorded.yaml"
    rec = LessonRecorder(game, players=players, seed=3, path=str(path))
    _play(rec, 6, ask_at=(1, 4))
    rec.title.value = "Recorded"
    assert rec.save() == path
    assert "beannb check passes" in rec.status.value, rec.status.value
    (result,) = check_paths([path])
    assert result.passed, result.failures
    data = yaml.safe_load(path.read_text("utf-8"))
    asks = [st for st in data["steps"] if "ask" in st]
    assert len(asks) == 2 and all(st["answer"] == "legal" and st.get("rule") for st in asks)
    assert sum("do" in st for st in data["steps"]) == 6
    # Each question offers the move played among its choices, and at least one other.
    dos = [st["do"] for st in data["steps"] if "do" in st]
    assert dos[1] in asks[0]["choices"] and dos[4] in asks[1]["choices"]
    assert all(len(st["choices"]) >= 2 for st in asks)
    app = WalkthroughApp(str(path))
    assert "beannb-walkthrough" in app._dom_classes


def test_a_wrong_recording_fails_the_check(tmp_path: Path) -> None:
    rec = LessonRecorder("bohnanza", seed=2, path=str(tmp_path / "x.yaml"))
    _play(rec, 3, ask_at=())
    scenario = lesson_from_game(rec.game, "x")
    step = next(st for st in scenario["steps"] if "expect" in st)
    path, value = next(iter(step["expect"].items()))
    step["expect"][path] = "something else"
    (tmp_path / "x.yaml").write_text(yaml.safe_dump(scenario, allow_unicode=True), encoding="utf-8")
    (result,) = check_paths([tmp_path / "x.yaml"])
    assert not result.passed and path in result.failures[0]


def test_recorder_refuses_an_empty_save_and_speaks_hungarian(tmp_path: Path) -> None:
    rec = LessonRecorder("bohnanza", seed=1, path=str(tmp_path / "y.yaml"), lang="hu")
    assert rec.save() is None and "Előbb lépj" in rec.status.value
    assert rec.ask_b.description == "Kérdezz rá a következő lépésre"
    assert not (tmp_path / "y.yaml").exists()
