"""Class mode keeps the deal secret: a learner on a class server can neither see nor choose
the seed of a game with hidden cards (with beannb installed, a known seed deals the same
game again, every hand included). The class server sets BEANNB_CLASS=1 for its kernels.
"""
from __future__ import annotations

import ipywidgets as W
import pytest

import beannb
from beannb.serve.settings import CLASS_ENV
from beannb.widgets import PlayApp
from beannb.widgets import classmode


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def deal(app: PlayApp) -> dict:
    return app.controller.game.initial.to_dict()


@pytest.fixture
def in_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_ENV, "1")


@pytest.fixture
def not_in_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CLASS_ENV, raising=False)


def test_the_widgets_read_the_variable_the_server_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    assert classmode.CLASS_ENV == CLASS_ENV
    monkeypatch.delenv(CLASS_ENV, raising=False)
    assert not classmode.class_mode()
    for value in ("0", "", "yes", "true"):
        monkeypatch.setenv(CLASS_ENV, value)
        assert not classmode.class_mode(), value
    monkeypatch.setenv(CLASS_ENV, "1")
    assert classmode.class_mode()


@pytest.mark.usefixtures("in_class")
@pytest.mark.parametrize("game", ["bohnanza", "takeover", "rabohnzel", "bohnaparte"])
def test_play_page_in_class_mode_has_no_seed_and_deals_afresh(game: str) -> None:
    p = PlayApp(game=game, seed=1, bots=2)
    assert p.seed is None
    assert not any(isinstance(w, (W.IntText, W.Text, W.BoundedIntText)) for w in walk(p.bar))
    assert not any("seed" in str(getattr(w, "description", "")).lower() for w in walk(p))
    first = deal(p)
    # The seed passed in (the notebook's) is not the one dealt from.
    assert first != beannb.new_game(game, players=p.controller.game.players, seed=1).initial.to_dict()
    p.start_b.click()
    second = deal(p)
    assert second != first
    p.relabel("hu")  # the bar still relabels without a seed input
    assert p.start_b.description != "New game"


@pytest.mark.usefixtures("in_class")
def test_class_deals_come_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter([123456789, 987654321])
    monkeypatch.setattr(classmode.secrets, "randbelow", lambda _n: next(drawn))
    p = PlayApp(seed=1, bots=2)
    players = p.controller.game.players
    assert deal(p) == beannb.new_game("bohnanza", players=players, seed=123456789).initial.to_dict()
    p.start_b.click()
    assert deal(p) == beannb.new_game("bohnanza", players=players, seed=987654321).initial.to_dict()


def test_fresh_seeds_are_large_and_differ() -> None:
    seeds = {classmode.fresh_seed() for _ in range(8)}
    assert len(seeds) == 8
    assert all(0 <= s < 1 << 63 for s in seeds)


@pytest.mark.usefixtures("not_in_class")
def test_play_page_outside_class_mode_keeps_its_seed() -> None:
    p = PlayApp(seed=3, bots=2)
    assert isinstance(p.seed, W.IntText) and p.seed in p.bar.children and p.seed.value == 3
    players = p.controller.game.players
    assert deal(p) == beannb.new_game("bohnanza", players=players, seed=3).initial.to_dict()
    p.start_b.click()
    assert deal(p) == beannb.new_game("bohnanza", players=players, seed=3).initial.to_dict()  # same seed, same deal
    p.seed.value = 4
    p.start_b.click()
    assert deal(p) == beannb.new_game("bohnanza", players=players, seed=4).initial.to_dict()
    p.relabel("hu")
    assert p.seed.description != "Seed"
