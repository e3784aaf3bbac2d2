"""The touchable table's view models: built from one seat's observation only, every
clickable target is one of the legal actions, both languages, and the widget maps a
click to exactly the action it was given."""
from __future__ import annotations

import json
import random

import pytest

import beannb
from beannb.bots import RandomBot
from beannb.render import touch
from beannb.games.bohnaparte.hexmap import label_lines, map_model
from beannb.widgets import GameController, TableApp, new_controller
from beannb.widgets.touch import MapWidget, TableWidget

from test_seat_secrets import reshuffle_hidden

NAMES = ["Ann", "Bob", "Cid", "Dan"]
GAMES = ["bohnanza", "takeover", "rabohnzel", "bohnaparte"]


def positions(game: str, seed: int = 4, steps: int = 160, every: int = 9):
    """Seeded positions of a random game (the state every ``every`` steps)."""
    g = beannb.new_game(game, NAMES, seed)
    rs, state = g.ruleset, g.state
    bots = [RandomBot(20 + i) for i in range(len(NAMES))]
    for step in range(steps):
        if rs.is_over(state):
            break
        if step % every == 0:
            yield rs, state
        seat = rs.to_move(state)[0]
        state, _ = rs.apply(state, bots[seat].act(rs, state, seat))


def models_for(rs, state, seat: int, lang: str) -> str:
    name = state.players[seat].name
    obs = rs.observe(state, seat)
    obs.setdefault("game", rs.name)
    acts = list(rs.legal_actions(state, name))
    out = {"table": touch.table_model(obs, lang), "actions": touch.actions_model(acts, obs, rs, lang),
           "map": touch.map_of(obs, lang)}
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_model_does_not_depend_on_cards_hidden_from_it(game):
    rng = random.Random(game)
    checked = 0
    for rs, state in positions(game):
        seat = rs.to_move(state)[0]
        for who in {seat, (seat + 1) % state.n}:
            other = reshuffle_hidden(state, who, rng)
            for lang in ("en", "hu"):
                assert models_for(rs, state, who, lang) == models_for(rs, other, who, lang), \
                    f"{game}: {state.players[who].name}'s table model shows a hidden card"
                checked += 1
            model = json.loads(models_for(rs, state, who, "en"))
            for p in model["table"]["players"]:
                if p["name"] != state.players[who].name:
                    assert p["hand"] is None  # others' hands are backs, counted only
    assert checked >= 8


@pytest.mark.parametrize("game", GAMES)
def test_every_clickable_target_is_a_legal_action(game):
    seen_keys = set()
    for rs, state in positions(game, every=5):
        for p in rs.to_move(state):
            name = state.players[p].name
            obs = rs.observe(state, p)
            obs.setdefault("game", rs.name)
            legal = list(rs.legal_actions(state, name))
            m = touch.actions_model(legal, obs, rs, "en")
            table = touch.table_model(obs, "en")
            drawn = {c.get("k") for q in table["players"] for c in (q["hand"] or []) + q["pending"]}
            drawn |= {f["k"] for q in table["players"] for f in q["fields"]}
            drawn |= {c["k"] for c in table["faceup"]} | {"deck"}
            mp = touch.map_of(obs, "en")
            if mp:
                drawn |= {f"hex:{h['p']}" for h in mp["hexes"]}
                drawn |= {f"cavalry:{h['cav']['id']}" for h in mp["hexes"] if "cav" in h}
            for key, ids in m["targets"].items():
                assert key in drawn, f"{game}: target {key} is not drawn"
                for i in ids:
                    assert legal[i] in rs.legal_actions(state, name)
                    assert key in m["acts"][i][1:]
                seen_keys.add(key.split(":")[0])
            for label, first, then in m["acts"]:
                assert then is None or then in drawn, f"{game}: {then} is not drawn"
    assert {"hand", "field"} <= seen_keys or game == "takeover" and "field" in seen_keys
    if game == "bohnaparte":
        assert "hex" in seen_keys


def test_the_widget_sends_the_action_it_was_given_and_ignores_stale_clicks():
    c = new_controller(seed=5)
    app = TableApp(c)
    w = app.touch
    assert isinstance(w, TableWidget)
    steps = len(c.game.steps)
    offered = w.offered("hand:You:1")
    assert offered and all(a.VERB == "plant" for a in offered)
    rev = w.actions["rev"]
    assert w.click("hand:You:1", "field:You:1")
    assert len(c.game.steps) > steps and str(c.game.steps[steps].action).startswith("You plant")
    assert w.actions["rev"] != rev
    # A click on the table as it was before is ignored.
    steps = len(c.game.steps)
    w._handle(w, {"t": "act", "i": 0, "r": rev}, None)
    w._handle(w, {"t": "act", "i": 99, "r": w.actions["rev"]}, None)
    w._handle(w, {"t": "act", "i": "0", "r": w.actions["rev"]}, None)
    assert len(c.game.steps) == steps


def test_the_table_follows_the_language_and_shows_the_seat_only():
    c = new_controller(seed=5)
    app = TableApp(c)
    app.lang_tb.value = "hu"
    assert app.touch.words["fields"] == "Babföldek"
    names = {v[0] for v in app.touch.cards.values()}
    assert "tűzbab" in names or any("bab" in n for n in names)
    assert all(p["hand"] is None for p in app.touch.table["players"] if p["name"] != "You")
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 1)
    app = TableApp(GameController(g))
    assert all(p["hand"] is not None for p in app.touch.table["players"])  # the teacher sees every hand
    app.seat.value = "Bob"
    assert [p["hand"] is None for p in app.touch.table["players"]] == [True, False, True]


def test_a_refusal_and_the_log_travel_with_the_table():
    c = new_controller(seed=5)
    app = TableApp(c)
    c.play("You harvest 3")
    assert "beannb-refusal" in app.touch.msg["html"] and "B-34" in app.touch.msg["html"]
    assert "beannb-log" in app.touch.msg["log"]


def test_trading_cards_are_picked_by_clicking_them():
    c = new_controller(players=("You", "B1", "B2"), seed=7)
    for _ in range(10):
        if c.game.state.phase == "trade" and c.game.state.players[c.game.state.active].name == "You":
            break
        legal = c.legal_for("You")
        c.play(next((a for a in legal if a.VERB in ("plant", "reveal")), legal[0]))
    app = TableApp(c)
    assert app.touch.pick and not any(app.touch.pick.values())
    key = next(k for k in app.touch.pick if k.startswith("hand:"))
    app.touch._handle(app.touch, {"t": "pick", "k": key}, None)
    assert app.touch.pick[key] and len(app._give().value) == 1
    app.touch._handle(app.touch, {"t": "pick", "k": key}, None)
    assert not app.touch.pick[key] and app._give().value == ()


def test_bohnaparte_map_model_targets_labels_and_cavalry():
    g = beannb.new_game("bohnaparte", ["Ann", "Bob", "Cid"], 5)
    obs = g.observe(None)
    for lang in ("en", "hu"):
        m = map_model(obs["map"], "Ann", lang)
        assert len(m["hexes"]) == len(obs["map"]["positions"]) and len(m["edges"]) == 42
        cav = [h["cav"] for h in m["hexes"] if "cav" in h]
        assert cav and all(c["lab"] and c["tip"] for c in cav)
        assert all(h["tip"] for h in m["hexes"])
    lines, fs = label_lines("gyémántmező")
    assert lines == ["gyémánt-", "mező"] and fs >= 11
    w = MapWidget()
    w.show_map(obs, "Ann", "hu", selected="07")
    assert w.map and w.table is None and w.pick["hex:07"] is True


def test_old_html_table_stays_behind_a_flag():
    c = new_controller(seed=5)
    app = TableApp(c, touch=False)
    assert app.touch is None and "Fields" in app.board.value
