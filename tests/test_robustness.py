"""Hostile input is refused with beannb's own errors: forged action objects, odd numbers,
very long action texts, broken save files and scenario files (see also test_fuzz.py)."""
import json
import os
import sys
import time
from dataclasses import dataclass

import pytest

import beannb
from beannb.cli import main
from beannb.core.actions import CardRef, Want, _int
from beannb.core.errors import ActionSyntaxError, BeannbError, IllegalAction, SaveFileError, ScenarioError
from beannb.core.game import MAX_SAVE_BYTES
from beannb.games import available, get_ruleset
from beannb.games.bohnanza.actions import Accept, Discard, Harvest, Offer, Plant
from beannb.games.bohnaparte.actions import Attack, CartTake, ChooseCamp
from beannb.games.rabohnzel.actions import Activate, Consume, Use
from beannb.games.takeover.actions import PirateRaid, SeedTrade, THarvest
from beannb.scenarios import MAX_SCENARIO_BYTES, check_paths, load_scenario

from helpers import table

NAMES = ["Ann", "Bob", "Cid"]


def new(game: str, seed: int = 1):
    return beannb.new_game(game, players=NAMES, seed=seed)


def refused_unchanged(g, action, error=BeannbError):
    """Play ``action``: it must be refused with ``error`` and leave no trace."""
    before, steps = g.state.to_dict(), len(g.steps)
    with pytest.raises(error) as exc:
        g.play(action)
    assert g.state.to_dict() == before and len(g.steps) == steps
    return exc.value


# -- forged action objects --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MyHarvest(Harvest):  # a subclass is not the game's action class
    pass


FORGED = [
    ("bohnanza", Harvest("Ann", field=True), "must be a number"),
    ("bohnanza", Harvest("Ann", field="2"), "must be a number"),
    ("bohnanza", Harvest("Ann", field=2.0), "must be a number"),
    ("bohnanza", Harvest(7, 1), "must be a word"),
    ("bohnanza", Harvest(None, 1), "must be a word"),
    ("bohnanza", Harvest("Ann", 0), "counts from 1"),
    ("bohnanza", Harvest("Ann", -1), "counts from 1"),
    ("bohnanza", Harvest("Ann", 10 ** 5000), "counts from 1"),
    ("bohnanza", Harvest("Ann Bob", 1), "one word"),
    ("bohnanza", Harvest("A" * 10_000, 1), "characters"),
    ("bohnanza", Plant("Ann", "", None), "must not be empty"),
    ("bohnanza", Plant("Ann", None, False), "must be a number"),
    ("bohnanza", Plant("Ann", ["soy"], None), "must be a word"),
    ("bohnanza", Offer("Ann", "Bob", (1,), ()), "must be a CardRef"),
    ("bohnanza", Offer("Ann", "Bob", [CardRef("hand", "soy", 1)], ()), "must be a tuple"),
    ("bohnanza", Offer("Ann", "Bob", (CardRef("hand", "soy", None),), ()), "bean@position"),
    ("bohnanza", Offer("Ann", "Bob", (CardRef("hand", "soy", True),), ()), "must be a number"),
    ("bohnanza", Offer("Ann", "Bob", (), (Want("hand", "soy", 0),)), "counts from 1"),
    ("bohnanza", Offer("Ann", "Bob", (), ("2 soy",)), "must be a Want"),
    ("bohnanza", Offer("Ann", "Bob:", (CardRef("hand", "soy", 1),), ()), "not written as the notation reads it"),
    ("bohnanza", Offer("Ann", "Bob", (CardRef("hand", "soy", 1),) * 101, ()), "at most 100"),
    ("bohnanza", Accept("Bob", offer=True), "must be a number"),
    ("bohnanza", Accept("Bob", None, None, ("soy@1",)), "must be a CardRef"),
    ("bohnanza", Accept("Bob", 1, "Ann"), "not written as the notation reads it"),
    ("bohnanza", MyHarvest("Ann", 1), "is not an action of bohnanza"),
    ("bohnanza", THarvest("Ann", (), 1), "is not an action of bohnanza"),
    ("bohnanza", Activate("Ann", ("luck",)), "is not an action of bohnanza"),
    ("bohnaparte", Discard("Ann", "blue"), "is not an action of bohnaparte"),
    ("takeover", Harvest("Ann", 1), "is not an action of takeover"),
    ("rabohnzel", Activate("Ann", ()), "at least one"),
    ("rabohnzel", Activate("Ann", ("luck", "luck")), "named twice"),
    ("rabohnzel", Activate("Ann", ("luck", "teleport")), "not written as the notation reads it"),
    ("rabohnzel", Activate("Ann", ["luck"]), "must be a tuple"),
    ("rabohnzel", Activate("Ann", (1,)), "must be a word"),
    ("rabohnzel", Activate("Ann", ("pizza",)), "not a potion"),
    ("rabohnzel", Use("Ann", 1, None, "yes"), "True or False"),
    ("rabohnzel", Consume("Ann", "pizza"), "not a potion"),
    ("takeover", THarvest("Ann", (), True), "must be a number"),
    ("takeover", THarvest("Ann", (1,), 1), "must be a word"),
    ("takeover", THarvest("Ann", "pizza-big-farm", 1), "must be a tuple"),
    ("takeover", PirateRaid("Ann", (), 1, "Bob"), "must be a tuple"),
    ("takeover", PirateRaid("Ann", (), 1, (None,)), "must be a word"),
    ("takeover", SeedTrade("Ann", (), (1, 2, 3, 4, 5), "soy", False), "must be a word"),
    ("takeover", SeedTrade("Ann", (), ("soy",) * 5, "soy", 1), "True or False"),
    ("bohnaparte", ChooseCamp("Ann", 16), "must be a word"),
    ("bohnaparte", Attack("Ann", "14", "deck", "soy"), "not written as the notation reads it"),
    ("bohnaparte", CartTake("Ann", ("soy", 3)), "must be a word"),
]


@pytest.mark.parametrize("game,action,fragment", FORGED, ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(FORGED)])
def test_forged_action_objects_are_refused_as_malformed_and_never_recorded(game, action, fragment):
    g = new(game)
    err = refused_unchanged(g, action, ActionSyntaxError)
    assert fragment in str(err), str(err)
    assert len(str(err)) < 1500
    with pytest.raises(ActionSyntaxError):
        g.explain(action)
    with pytest.raises(ActionSyntaxError):
        g.ruleset.apply(g.state, action)
    assert action not in g.legal_actions()


@pytest.mark.parametrize("game", available())
def test_every_legal_action_object_is_well_formed(game):
    from beannb.bots import RandomBot
    g = new(game, seed=3)
    bots = [RandomBot(i) for i in range(3)]
    for _ in range(80):
        if g.is_over():
            break
        for a in g.legal_actions():
            g.ruleset.check_form(a)
        seat = g.ruleset.to_move(g.state)[0]
        g.play(bots[seat].act(g.ruleset, g.state, seat))  # objects, offers included


def test_an_offer_may_name_a_wanted_card_twice():
    """An offer asking for one bean twice (the random bot makes them) reads back as written:
    text -> action -> text is the same, and so is the action; "2 up:chili" stays as it is."""
    g = table(players={"Bob": {"hand": ["soy", "red"]}}, phase="trade", faceup=["chili", "chili"])
    offer = Offer("Bob", "Ann", (CardRef("hand", "soy", 1),), (Want("up", "chili", 1),) * 2)
    g.play(offer)
    text = str(g.actions[-1])
    assert text == "Bob offer Ann soy@1 for up:chili up:chili"
    assert g.ruleset.parse(text) == offer and str(g.ruleset.parse(text)) == text
    merged = "Bob offer Ann soy@1 for 2 up:chili"
    assert str(g.ruleset.parse(merged)) == merged
    again = beannb.from_record(g.record())
    assert [str(a) for a in again.actions] == [text] and again.state.to_dict() == g.state.to_dict()
    assert "Ann accept 1" in g.legal_actions()   # the two wanted cards are given together (B-49)


def test_validation_errors_become_malformed_refusals_but_do_errors_are_not_masked(monkeypatch):
    g = new("bohnanza")
    rs = g.ruleset

    def broken_why_not(state, action):
        raise KeyError("oops")

    monkeypatch.setattr(rs, "why_not", broken_why_not)
    err = refused_unchanged(g, "Ann plant", ActionSyntaxError)
    assert "malformed" in str(err) and "KeyError" in str(err)
    monkeypatch.undo()

    def broken_do(state, action):
        raise KeyError("a bug")

    monkeypatch.setattr(rs, "do", broken_do)
    with pytest.raises(KeyError):
        g.play("Ann plant")
    monkeypatch.undo()

    def broken_from_tokens(cls, player, args, text, n):
        raise IndexError("parser bug")

    monkeypatch.setattr(Harvest, "from_tokens", classmethod(broken_from_tokens))
    # A notation remembers the texts it has read: a fresh one makes the broken reader read this one.
    monkeypatch.setattr(rs, "notation", rs.notation.extend())
    err = refused_unchanged(g, "Ann harvest 1", ActionSyntaxError)
    assert "malformed" in str(err)


# -- numbers and long texts ------------------------------------------------------------------------

ODD_NUMBERS = ["9" * 5000, "1" * 7, "²", "١", "１", "--5", "-", "0", "-3", "1_000", "⁵", "Ⅻ", "1.5", "0x1f", "+2"]


@pytest.mark.parametrize("token", ODD_NUMBERS)
def test_number_reading_never_raises_a_bare_value_error(token):
    with pytest.raises(ActionSyntaxError):
        _int(token, "Ann harvest " + token, "the field", ())


@pytest.mark.parametrize("game", available())
def test_odd_numbers_in_every_verb_are_refused_with_beannb_errors(game):
    g = new(game)
    rs = g.ruleset
    forms = [f.split()[1:] for f in rs.notation.forms()]
    for words in forms:
        for k, w in enumerate(words):
            for tok in ODD_NUMBERS:
                if not (w.isdigit() or "@" in w):
                    continue
                new_w = w.split("@")[0] + "@" + tok if "@" in w else tok
                text = " ".join(["Ann", *words[:k], new_w, *words[k + 1:]])
                try:
                    g.play(text)
                except BeannbError:
                    continue
                g.undo()
    for tok in ODD_NUMBERS:
        for text in (f"Ann harvest {tok}", f"Ann plant {tok}", f"Bob accept {tok}", f"Bob accept #{tok}",
                     f"Ann offer Bob soy@{tok} for {tok} soy", f"Ann harvest 1 +chemistry-set@{tok}",
                     f"Ann camp {tok}", f"Ann attack {tok} deck", f"Ann play {tok} red 1"):
            try:
                g.play(text)
            except BeannbError:
                pass
            else:
                g.undo()


LONG_INPUTS = [
    "X" * 10_000 + " plant",
    "Ann " + "p" * 10_000,
    "Ann plant " + "c" * 10_000,
    "Ann harvest " + "1" * 10_000,
    "Ann offer Bob " + "soy@1 " * 1660 + "for red",
    "Ann offer Bob soy@1 for " + "red " * 2500,
    "Ann " + "harvest 1 " * 1000,
    "Bob accept 1 with " + "soy@1 " * 1660,
    "Ann " + " ".join(["Bob"] * 2500),
    "Ann activate " + "luck " * 2000,
    "Ann pirate-raid 1 from " + "Bob " * 2400,
    "Ann harvest 1 " + "+pizza-big-farm " * 600,
]


def _quotes_a_long_run(text: str, message: str, n: int = 120) -> bool:
    return any(text[i:i + n] in message for i in range(0, max(1, len(text) - n), 5))


@pytest.mark.parametrize("game", available())
def test_a_refusal_quotes_at_most_about_100_characters_of_the_input(game):
    g = new(game)
    for text in LONG_INPUTS + [f"Ann {v} " + "1 " * 4000 for v in g.ruleset.notation.verbs]:
        assert len(text) >= 5000
        err = refused_unchanged(g, text)
        assert isinstance(err, (ActionSyntaxError, IllegalAction))
        for lang in ("en", "hu"):
            msg = err.text(lang)
            assert len(msg) < 2000 and not _quotes_a_long_run(text, msg), (text[:40], msg[:300])


# -- save files ----------------------------------------------------------------------------------------

def _record(game="bohnanza"):
    g = new(game)
    for _ in range(2):
        g.play(g.legal_actions()[0])
    return json.loads(json.dumps(g.record()))


def _custom_record():
    g = table(players={"Ann": {"fields": [["red", "red"], []]}})
    g.play("Ann harvest 1")
    return json.loads(json.dumps(g.record()))


BAD_RECORDS = [
    (lambda r: r.update(final="x"), "'final' must be an object"),
    (lambda r: r.update(final=[1]), "'final' must be an object"),
    (lambda r: r["final"].update(turn="1"), "final 'turn'"),
    (lambda r: r["final"].update(turn=True), "final 'turn'"),
    (lambda r: r["final"].update(cards=1.5), "final 'cards'"),
    (lambda r: r["final"].update(scores={"Ann": 5, "Bob": 0, "Cid": 0}), "final scores"),
    (lambda r: r["final"].update(scores=[1, 2]), "final 'scores'"),
    (lambda r: r["final"].update(scores={"Ann": True}), "final 'scores'"),
    (lambda r: r.update(version=True), "version True"),
    (lambda r: r.update(version="1"), "version '1'"),
    (lambda r: r.update(version=1.0), "version 1.0"),
    (lambda r: r.update(seed="1"), "'seed' must be a whole number"),
    (lambda r: r.update(seed=True), "'seed' must be a whole number"),
    (lambda r: r.update(seed=[1]), "'seed' must be a whole number"),
    (lambda r: r.update(players="Ann Bob Cid"), "'players' must be a list"),
    (lambda r: r.update(players=["Ann", 2, "Cid"]), "list of names"),
    (lambda r: r.update(actions=["Ann plant", 7]), "action 2 must be a text"),
    (lambda r: r.update(actions="Ann plant"), "'actions' must be a list"),
    (lambda r: r.update(options=[]), "'options' must be an object"),
    (lambda r: r.update(options={"profile": ["x"]}), "setup is refused"),
    (lambda r: r.update(game=["bohnanza"]), "'game' must be a text"),
    (lambda r: r.update(game="chess"), "unknown game"),
    (lambda r: r.update(initial=[]), "'initial' table must be an object"),
    (lambda r: r.update(initial={}), "initial table"),
    (lambda r: r.pop("format"), "not a beannb game record"),
]

BAD_INITIAL = [
    (lambda d: d.update(active=99), "its active is 99"),
    (lambda d: d.update(active=True), "its 'active' is true/false"),
    (lambda d: d.update(active=-1), "not a seat"),
    (lambda d: d.update(turn="1"), "its 'turn' is a text"),
    (lambda d: d.update(rng="7"), "its 'rng' is a text"),
    (lambda d: d.update(phase="lunch"), "not a phase"),
    (lambda d: d.update(phase=3), "its 'phase' is a number"),
    (lambda d: d.update(deck=5), "initial table"),
    (lambda d: d.update(deck=d["deck"] + ["red"]), "cards; bohnanza has 104"),
    (lambda d: d["players"][0].update(hand=["pizza"] + d["players"][0]["hand"][1:]), "not a card of bohnanza"),
    (lambda d: d["players"][0].update(hand=[1] + d["players"][0]["hand"][1:]), "not a card of bohnanza"),
    (lambda d: d["players"][0].update(name="Zed"), "its seats are"),
    (lambda d: d["players"].pop(), "its seats are"),
    (lambda d: d.pop("players"), "initial table"),
    (lambda d: d.update(offers=[{"id": 1}]), "initial table"),
    (lambda d: d.update(players="Ann"), "initial table"),
    (lambda d: d.update(planted=10 ** 6), "its planted count is 1000000"),     # B-10: at most 2
    (lambda d: d.update(planted=3), "at most 2 cards are planted"),
    (lambda d: d.update(exhausted=4), "its deck has run out 4 times"),        # the 3rd pass ends it
    (lambda d: d["options"].update(profile="AMIGO_CURRENT"), "are not the record's"),
]


@pytest.mark.parametrize("mutate,fragment", BAD_RECORDS + [
    (lambda r, m=m: m(r["initial"]), f) for m, f in BAD_INITIAL])
def test_broken_records_raise_save_file_errors_that_say_what_is_wrong(mutate, fragment):
    rec = _custom_record()
    mutate(rec)
    with pytest.raises(SaveFileError) as exc:
        beannb.from_record(rec)
    assert fragment in str(exc.value), str(exc.value)


def test_a_saved_board_of_an_unknown_terrain_is_refused():
    g = beannb.new_game("bohnaparte", ["Ann", "Bob", "Cid"], 1)
    g.play(g.legal_actions()[0])
    rec = json.loads(json.dumps(g.record()))
    rec["initial"] = g.initial.to_dict()
    beannb.from_record(json.loads(json.dumps(rec)))   # the table as it was: loads
    for mutate, fragment in ((lambda d: d["terrain"].__setitem__(0, "lava"), "the terrain 'lava'"),
                             (lambda d: d["colour"].pop(), "19 terrains but 18 colour entries"),
                             (lambda d: d["owner"].__setitem__(2, 7), "owned by no seat")):
        bad = json.loads(json.dumps(rec))
        mutate(bad["initial"])
        with pytest.raises(SaveFileError, match="initial table is refused") as exc:
            beannb.from_record(bad)
        assert fragment in str(exc.value), str(exc.value)


def test_a_record_missing_its_last_move_is_refused_even_if_that_move_showed_nothing():
    """Declining an offer changes neither turn, phase, cards nor scores: the move count does."""
    g = table(phase="trade", faceup=["chili"], players={"Bob": {"hand": ["soy"]}})
    g.play("Ann offer Bob up:chili for soy")
    g.play("Bob decline 1")
    rec = json.loads(json.dumps(g.record()))
    assert rec["final"]["moves"] == 2
    assert len(beannb.from_record(rec).actions) == 2
    rec["actions"].pop()
    with pytest.raises(SaveFileError, match="lists 1 moves, but its final table was reached after 2"):
        beannb.from_record(rec)
    rec["final"]["moves"] = "2"
    with pytest.raises(SaveFileError, match="final 'moves' must be a whole number"):
        beannb.from_record(rec)
    del rec["final"]["moves"]   # a record from before the count: its other checks only
    assert len(beannb.from_record(rec).actions) == 1


@pytest.mark.parametrize("kw,fragment", [
    ({"players": None}, "players must be a list of names"), ({"players": "Ann"}, "not 'Ann'"),
    ({"seed": None}, "the seed must be a whole number such as 1, not None"), ({"seed": "1"}, "not '1'"),
    ({"seed": 1.5}, "not 1.5"), ({"seed": True}, "not True"),
])
def test_new_game_refuses_players_and_seeds_a_save_could_not_load(kw, fragment):
    with pytest.raises(beannb.OptionError) as exc:
        beannb.new_game("bohnanza", **kw)
    assert fragment in str(exc.value)
    g = beannb.new_game("bohnanza", players=("Ann", "Bob", "Cid"), seed=-3)   # a tuple and any whole number do
    g.play(g.legal_actions()[0])
    assert beannb.from_record(json.loads(json.dumps(g.record()))).state.to_dict() == g.state.to_dict()


@pytest.mark.parametrize("what", [0, 1, 2, 1.5, None, ["x.json"], object()])
def test_load_refuses_what_is_not_a_path_and_never_closes_a_file_descriptor(what, capsys):
    with pytest.raises(SaveFileError, match="loaded from a file path"):
        beannb.load(what)
    os.fstat(1), os.fstat(2)   # both descriptors still open
    print("still open")
    print("still open", file=sys.stderr)
    out, err = capsys.readouterr()
    assert out == err == "still open\n"


def test_load_takes_a_record_mapping_too():
    rec = _record()
    assert beannb.load(rec).state.to_dict() == beannb.from_record(rec).state.to_dict()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_as_a_save_or_scenario_file_without_blocking(tmp_path):
    from beannb.scenario_format import load_scenario
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)   # nobody writes to it: opening it to read would wait for ever
    for path in (pipe, str(pipe), os.fsencode(pipe)):
        with pytest.raises(SaveFileError, match="not a regular file"):
            beannb.load(path)
    with pytest.raises(SaveFileError, match="not a regular file"):
        beannb.load(tmp_path)
    scenario = tmp_path / "lesson.yaml"
    os.mkfifo(scenario)
    with pytest.raises(ScenarioError, match="not a regular file"):
        load_scenario(scenario)


def test_a_record_without_a_starting_table_needs_a_seed():
    rec = _record()
    rec["seed"] = None
    with pytest.raises(SaveFileError, match="'seed' must be a whole number"):
        beannb.from_record(rec)
    del rec["seed"]  # an old record: seed 0
    with pytest.raises(SaveFileError, match="does not replay|final"):
        beannb.from_record(rec)


def test_the_recorded_final_scores_are_checked_against_the_replay():
    from beannb.bots import GreedyBot
    g = new("bohnanza", seed=5)
    bots = [GreedyBot(i) for i in range(3)]
    while not g.is_over():
        seat = g.ruleset.to_move(g.state)[0]
        g.play(bots[seat].act(g.ruleset, g.state, seat))
    rec = json.loads(json.dumps(g.record()))
    assert beannb.from_record(rec).scores == g.scores
    rec["final"]["scores"]["Ann"] += 1
    with pytest.raises(SaveFileError, match="final scores"):
        beannb.from_record(rec)


@pytest.mark.parametrize("content,fragment", [
    (b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    (b'{"format": "beannb-game", "version": ' + b"9" * 5000 + b"}", "not valid JSON"),
    ('{"format": "beannb-gäme"}'.encode("latin-1"), "not UTF-8"),
    (b"\xff\xfe\x00{", "not UTF-8"),
    (b"", "not valid JSON"),
    (b"null", "JSON object"),
    (b'"text"', "JSON object"),
])
def test_broken_save_file_bytes(tmp_path, content, fragment):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    with pytest.raises(SaveFileError) as exc:
        beannb.load(p)
    assert fragment in str(exc.value)


def test_save_files_over_the_size_cap_are_refused_before_parsing(tmp_path):
    p = tmp_path / "huge.json"
    with open(p, "wb") as fh:
        fh.write(b"[" + b"1," * (MAX_SAVE_BYTES // 2) + b"1]")
    t = time.perf_counter()
    with pytest.raises(SaveFileError, match="larger than 5 MB"):
        beannb.load(p)
    assert time.perf_counter() - t < 1.0
    with pytest.raises(SaveFileError, match="cannot read"):
        beannb.load(tmp_path)  # a folder


@pytest.mark.parametrize("game", available())
def test_valid_records_still_load(game, tmp_path):
    rec = _record(game)
    (tmp_path / "g.json").write_text(json.dumps(rec))
    assert beannb.load(tmp_path / "g.json").record() == rec
    custom = _custom_record()
    assert beannb.from_record(custom).record() == custom


# -- scenario files ---------------------------------------------------------------------------------------

def _billion_laughs() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    return "game: bohnanza\nplayers: [Ann, Bob, Cid]\ndescription:\n  " + "\n  ".join(lines) + "\n"


def _write(tmp_path, name, content):
    p = tmp_path / name
    p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return p


BAD_SCENARIOS = [
    ("bomb.yaml", "game: bohnanza\nplayers: [Ann, Bob, Cid]\nx: &x [1, 2]\ntitle: *x\n", "aliases"),
    ("bomb2.yaml", _billion_laughs(), "aliases"),
    ("merge.yaml", "base: &b {seed: 1}\ngame: bohnanza\nplayers: [A, B, C]\n<<: *b\n", "aliases"),
    ("big.yaml", "game: bohnanza\nplayers: [A, B, C]\ndescription: " + "x" * (MAX_SCENARIO_BYTES + 10) + "\n",
     "at most 1,048,576"),
    ("deep.yaml", "game: bohnanza\nplayers: [A, B, C]\ndescription: " + "[" * 50_000 + "]" * 50_000 + "\n",
     "nested more than"),
    ("deep.json", '{"game": "bohnanza", "players": ["A", "B", "C"], "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "nested too deeply"),
    ("latin1.yaml", "game: bohnanza\nplayers: [Ann, Bób, C]\n".encode("latin-1"), "not UTF-8"),
    ("seed.yaml", "game: bohnanza\nplayers: [A, B, C]\nseed: " + "9" * 5000 + "\n", "not valid YAML"),
    ("seed2.yaml", "game: bohnanza\nplayers: [A, B, C]\nseed: one\n", "seed must be a whole number"),
    ("seed3.yaml", "game: bohnanza\nplayers: [A, B, C]\nseed: true\n", "seed must be a whole number"),
    ("seed4.yaml", "game: bohnanza\nplayers: [A, B, C]\nseed: 2001-02-30\n", "not valid YAML"),
    ("keys.yaml", "game: bohnanza\nplayers: [A, B, C]\n1: x\nfoo: y\n", "unknown key"),
    ("stepkeys.yaml", "game: bohnanza\nplayers: [A, B, C]\nsteps: [{1: x, do: y}]\n", "step 1: unknown key"),
    ("options.yaml", "game: bohnanza\nplayers: [A, B, C]\noptions: [profile]\n", "options must be a mapping"),
    ("game.yaml", "game: [bohnanza]\nplayers: [A, B, C]\n", "unknown game"),
    ("python.yaml", "game: !!python/object:os.system [ls]\nplayers: [A]\n", "not valid YAML"),
]


@pytest.mark.parametrize("name,content,fragment", BAD_SCENARIOS, ids=[b[0] for b in BAD_SCENARIOS])
def test_hostile_scenario_files_are_refused_quickly_and_clearly(tmp_path, name, content, fragment):
    p = _write(tmp_path, name, content)
    t = time.perf_counter()
    with pytest.raises(ScenarioError) as exc:
        load_scenario(p)
    # alias bombs and oversized files within a second; anything else within a few
    assert time.perf_counter() - t < (1.0 if name.startswith(("bomb", "big")) else 5.0)
    assert fragment in str(exc.value), str(exc.value)


def _good(tmp_path, name="good.yaml"):
    return _write(tmp_path, name, "title: t\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\nrules: [B-32]\n"
                  "steps:\n  - do: Ann harvest 1\n    expect_error: B-32\n")


def test_check_reports_unreadable_and_hostile_files_and_always_prints_the_summary(tmp_path, capsys):
    _good(tmp_path)
    _write(tmp_path, "bomb.yaml", _billion_laughs())
    _write(tmp_path, "big.yaml", "game: bohnanza\n" + "#" * (MAX_SCENARIO_BYTES + 1) + "\n")
    _write(tmp_path, "latin1.yaml", "game: bohnanza\nplayers: [Ann, Bób, C]\n".encode("latin-1"))
    os.symlink(tmp_path / "nowhere.yaml", tmp_path / "dangling.yaml")
    t = time.perf_counter()
    rc = main(["check", str(tmp_path), str(tmp_path / "missing.yaml")])
    assert time.perf_counter() - t < 10
    out = capsys.readouterr().out.splitlines()
    assert rc == 1
    assert out[-1] == "1 passed, 5 failed"
    fails = "\n".join(out)
    for name in ("bomb.yaml", "big.yaml", "latin1.yaml", "dangling.yaml", "missing.yaml"):
        assert f"FAIL {tmp_path / name}" in fails, fails


def test_check_goes_on_when_the_loader_or_a_run_breaks(tmp_path, capsys, monkeypatch):
    import beannb.scenarios as scenarios

    _good(tmp_path, "a.yaml")
    _good(tmp_path, "b.yaml")
    _good(tmp_path, "c.yaml")
    real_load, real_run = scenarios.load_scenario, scenarios.run_scenario

    def load(path, data=None):
        if str(path).endswith("a.yaml"):
            raise RuntimeError("the loader broke")
        return real_load(path, data)

    def run(sc, *args, **kw):
        if sc.path.endswith("b.yaml"):
            raise ZeroDivisionError("the run broke")
        return real_run(sc, *args, **kw)

    monkeypatch.setattr(scenarios, "load_scenario", load)
    monkeypatch.setattr(scenarios, "run_scenario", run)
    rc = main(["check", str(tmp_path), "--coverage"])
    out = capsys.readouterr().out
    assert rc == 1 and out.splitlines()[-1] == "1 passed, 2 failed"
    assert "the loader broke" in out and "the run broke" in out
    results = check_paths([tmp_path])
    assert [r.passed for r in results] == [False, False, True]


def test_check_with_nothing_wrong_still_passes(tmp_path, capsys):
    _good(tmp_path)
    assert main(["check", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"
