"""The python-chess-like API: play, undo/redo, log, observe, save/load, replay, display."""
import json

import pytest

import beannb
from beannb import parse
from beannb.games import available
from beannb.games.bohnanza.actions import Offer, Plant

from helpers import table


def test_play_text_and_objects_undo_redo():
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    start = g.state
    front = g.state.players[0].hand[0]
    g.play("Ann plant")
    g.play(Plant("Ann", g.state.players[0].hand[0]))
    assert g.state.players[0].fields[0][0] == front
    after_two = g.state
    assert g.undo() == Plant("Ann", start.players[0].hand[1])
    assert g.can_redo
    g.redo()
    assert g.state == after_two
    g.undo(); g.undo()
    assert g.state == start and not g.can_undo
    with pytest.raises(IndexError):
        g.undo()
    g.play("Ann plant")
    assert not g.can_redo  # a new action forgets the redo stack


def test_legal_actions_iterate_count_and_contain():
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    legal = g.legal_actions()
    assert len(legal) == len(list(legal)) >= 1
    assert all(a in legal for a in legal)
    assert "Ann reveal" not in legal
    assert "garbage text" not in legal
    assert str(legal[0]) in legal


def test_illegal_action_explains_rule_in_two_languages_and_changes_nothing():
    g = table(players={"Ann": {"fields": [["red"], ["soy"] * 3]}})
    before = g.state.to_dict()
    with pytest.raises(beannb.IllegalAction) as exc:
        g.play("Ann harvest 1")
    err = exc.value
    assert isinstance(err, ValueError)
    assert err.rule == "B-29"
    assert "B-29" in str(err) and "Ann harvest 2" in err.allowed
    assert "B-29 szabály" in err.text("hu") and "vörösbab" in err.text("hu")
    assert err.rule_text("en")  # the catalogue statement is quoted
    assert g.state.to_dict() == before and g.steps == []


@pytest.mark.parametrize("text,fragment", [
    ("Ann", "player's name followed by a verb"),
    ("Ann dance", "unknown verb"),
    ("Ann harvest one", "must be a number"),
    ("Ann plant 0", "counts from 1"),
    ("Ann plant pizza", "not a card name"),
    ("Ann offer Bob soy for red", "names no card exactly"),
    ("Ann offer Bob soy@1 red", "needs 'for'"),
    ("Ann offer Bob up:red for soy@2", "cannot name positions"),
    ("Bob accept", "say which offer"),
])
def test_malformed_action_text_says_what_form_was_expected(text, fragment):
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    with pytest.raises(beannb.ActionSyntaxError) as exc:
        g.play(text)
    assert fragment in str(exc.value)
    assert "Expected" in str(exc.value) or "expected" in str(exc.value) or "verbs are" in str(exc.value)


def test_action_text_round_trip_and_aliases():
    for text in ["Ann plant chili 2", "Ann plant", "Ann harvest 3", "Ann buy-field", "Ann reveal",
                 "Ann offer Bob up:red soy@2 for 2 blue up:chili", "Bob offer Ann stink@1 for nothing",
                 "Bob accept 3", "Bob accept Ann", "Cid accept 2 with soy@3 soy@4", "Bob decline 1",
                 "Ann withdraw 2", "Ann end-trade", "Ann draw", "Ann discard blue", "Ann discard soy@4"]:
        assert str(parse(text)) == text
        assert parse(str(parse(text))) == parse(text)
    assert parse("Ann plant tűzbab 1") == parse("Ann plant chili 1") == parse("Ann plant Feuerbohne 1")
    assert isinstance(parse("Ann offer Bob up:red for 2 soy"), Offer)
    assert parse("Ann offer Bob: up:red for 2 soy") == parse("Ann offer Bob up:red for 2 soy")


@pytest.mark.parametrize("game", available())
def test_every_verb_is_a_frozen_value_that_pickles_by_its_name(game):
    """Each verb's class (many made by one factory or shape) is found under its own module and
    name, as pickle looks it up in another process; its actions are frozen, slotted values."""
    import dataclasses
    import importlib
    import pickle
    from beannb.core.errors import ActionSyntaxError
    from beannb.games import get_ruleset
    notation = get_ruleset(game).notation
    for verb, cls in notation.verbs.items():
        assert getattr(importlib.import_module(cls.__module__), cls.__qualname__) is cls, verb
        actions = [cls("Ann")]
        for form in cls.FORMS:  # the base game's forms name its beans, which an expansion may not have
            try:
                actions.append(notation.parse(form))
            except ActionSyntaxError:
                assert game != "bohnanza", form
        for action in actions:
            again = pickle.loads(pickle.dumps(action))
            assert type(again) is cls and again == action and hash(again) == hash(action)
            assert str(again) == str(action) and not hasattr(action, "__dict__")
            with pytest.raises(dataclasses.FrozenInstanceError):
                action.player = "Bob"


@pytest.mark.parametrize("kwargs,fragment", [
    ({"profile": "NOPE"}, "not allowed"),
    ({"colour": "blue"}, "unknown option"),
    ({"start_seat": "x"}, "must be int"),
])
def test_bad_options_say_what_is_allowed(kwargs, fragment):
    with pytest.raises(beannb.OptionError) as exc:
        beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1, **kwargs)
    assert fragment in str(exc.value)


def test_bad_player_lists():
    with pytest.raises(beannb.OptionError):
        beannb.new_game("bohnanza", players=["Ann", "Ann", "Cid"], seed=1)
    with pytest.raises(beannb.OptionError):
        beannb.new_game("bohnanza", players=["Ann Lee", "Bob", "Cid"], seed=1)
    with pytest.raises(beannb.OptionError) as exc:
        beannb.new_game("chess", players=["Ann", "Bob"], seed=1)
    assert "bohnanza" in str(exc.value)


def test_log_narrates_in_english_and_hungarian():
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    g.play("Ann plant")
    g.play("Ann reveal")
    en, hu = g.narration("en"), g.narration("hu")
    assert len(en) == len(hu) == len(g.log) >= 3
    assert en[0].startswith("Ann plants") and "babföldre" in hu[0]
    assert any("turns up" in line for line in en) and any("felcsapja" in line for line in hu)


def test_observe_hides_other_hands_and_the_deck():
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    obs = g.observe("Bob")
    assert obs["players"][1]["hand"] == list(g.state.players[1].hand)
    assert obs["players"][0]["hand"] is None and obs["players"][0]["hand_size"] == 5
    assert "deck" not in obs and obs["deck_size"] == len(g.state.deck)
    teacher = g.observe()
    assert all(p["hand"] is not None for p in teacher["players"])
    with pytest.raises(ValueError):
        g.observe("Zed")


def test_rich_display_renders_html_views():
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    html = g._repr_html_()
    assert "<table>" in html and "Ann" in html and "whole table" in html
    assert g.ruleset.view.table_html(g.ruleset.observe(g.state, None)) == html  # the game's own view draws it
    ann_front = g.state.players[0].hand[0]
    bob_view = g.observe("Bob")._repr_html_()
    assert "5 cards" in bob_view  # Ann's hand shown face down to Bob
    hu = g.observe("Ann")
    hu.lang = "hu"
    assert "Babföldek" in hu._repr_html_()


def test_save_load_and_replay_give_the_identical_game(tmp_path):
    from beannb.bots import GreedyBot
    g = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=5)
    bots = [GreedyBot(i) for i in range(3)]
    for _ in range(120):
        seat = g.ruleset.to_move(g.state)[0]
        g.play(bots[seat].act(g.ruleset, g.state, seat))
    path = tmp_path / "game.json"
    g.save(path)
    loaded = beannb.load(path)
    assert loaded.state == g.state and loaded.narration("hu") == g.narration("hu")
    rec = json.loads(path.read_text())
    assert rec["format"] == "beannb-game" and rec["version"] == 1


def test_scenario_games_save_their_starting_table(tmp_path):
    g = table(players={"Ann": {"fields": [["red", "red"], []]}})
    g.play("Ann harvest 1")
    g.save(tmp_path / "s.json")
    assert beannb.load(tmp_path / "s.json").state == g.state


@pytest.mark.parametrize("content,fragment", [
    ("not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"format": "other"}', "not a beannb game record"),
    ('{"format": "beannb-game", "version": 99}', "version 99"),
    ('{"format": "beannb-game", "version": 1, "game": "bohnanza", "players": ["A", "B", "C"], "seed": 1, '
     '"options": {}, "actions": ["A harvest 1"]}', "does not replay"),
    ('{"format": "beannb-game", "version": 1, "game": "bohnanza", "players": ["A", "B"], "seed": 1, '
     '"options": {}, "actions": []}', "setup is refused"),
])
def test_broken_save_files_are_refused_clearly(tmp_path, content, fragment):
    p = tmp_path / "bad.json"
    p.write_text(content)
    with pytest.raises(beannb.SaveFileError) as exc:
        beannb.load(p)
    assert fragment in str(exc.value)


def test_missing_save_file():
    with pytest.raises(beannb.SaveFileError):
        beannb.load("/nonexistent/beannb.json")


@pytest.mark.parametrize("game", available())
def test_playing_by_text_reads_each_text_once_and_plays_as_the_objects(game):
    """A text is read once by ``Game.play``; the same seeded game played by text and by the
    action objects (every check made, the read-back included) passes through the same states,
    and every refusal of a text is the refusal of its object."""
    from beannb.bots import RandomBot

    names = ["Ann", "Bob", "Cid", "Dora"]
    for seed in (3, 11):
        by_text = beannb.new_game(game, players=names, seed=seed)
        by_object = beannb.new_game(game, players=names, seed=seed)
        rs = by_text.ruleset
        bots = [RandomBot(100 * seed + i) for i in range(len(names))]
        earlier: list = []
        while not by_text.is_over() and len(by_text.steps) < 400:
            for old in earlier:  # actions of an earlier table: now often refused
                said = [None if err is None else (err.rule, str(err), err.allowed)
                        for err in (by_text.explain(str(old)), by_object.explain(old))]
                assert said[0] == said[1]
            seat = rs.to_move(by_text.state)[0]
            action = bots[seat].act(rs, by_text.state, seat)
            earlier = [action, *by_text.legal_actions().to_list()[-2:]]
            by_text.play(str(action))
            by_object.play(action)
            assert by_text.state.to_dict() == by_object.state.to_dict()
            assert by_text.actions[-1] == action
        for action in list(by_text.legal_actions())[:5]:
            assert by_text.explain(str(action)) is None and str(action) in by_text.legal_actions()
