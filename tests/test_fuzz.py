"""Fuzzing: whatever is typed, forged, saved or written into a scenario file, beannb answers
with one of its own errors (or accepts it), and a refused action changes nothing.

* random action texts into ``game.play`` and ``ruleset.parse`` for every game;
* forged action objects of every game's action classes, with random field values;
* mutated and random game records into ``from_record`` and random bytes into ``load``;
* mutated and random scenario files into ``load_scenario``.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import re
import typing
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import beannb
from beannb.bots import RandomBot
from beannb.core.actions import ZONES, CardRef, Want
from beannb.core.errors import ActionSyntaxError, BeannbError, IllegalAction, SaveFileError, ScenarioError
from beannb.games import available, get_ruleset
from beannb.games.rabohnzel.cards import POTION_IDS
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN
from beannb.scenarios import TOP_KEYS, load_scenario

from helpers import table
from text_sweep import faults

ROOT = Path(__file__).resolve().parent.parent
GAMES = available()
NAMES = ["Ann", "Bob", "Cid"]
#: Examples per test; BEANNB_FUZZ_EXAMPLES=5000 hunts longer (the default keeps the file well under a minute).
EXAMPLES = int(os.environ.get("BEANNB_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

#: Words of the notations besides verbs, names and cards.
WORDS = ["for", "with", "on", "using", "from", "coin", "keep", "redraw", "deck", "cavalry", "hand", "nothing",
         "attack", "bay", "black", ":", "#", "@", "+", "Zed", "ann", "16", "09", *POTION_IDS]
NUMBERS = st.one_of(st.integers(-3, 12).map(str),
                    st.sampled_from(["9" * 5000, "1" * 7, "999999", "²", "١", "１", "--5", "-", "0", "007", "1e3",
                                     "Ⅻ", "1_0", "0x1f", "+2"]))


@functools.lru_cache(maxsize=None)
def tables(game: str) -> tuple:
    """Games at a few points of one random playout: the start, early, mid, late."""
    out = []
    g = beannb.new_game(game, players=NAMES, seed=7)
    bots = [RandomBot(i) for i in range(len(NAMES))]
    for k in range(151):
        if k in (0, 6, 25, 70, 150):
            out.append(g.copy())
        if g.is_over():
            break
        seat = g.ruleset.to_move(g.state)[0]
        g.play(bots[seat].act(g.ruleset, g.state, seat))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def cards_of(game: str) -> tuple[str, ...]:
    return tuple(sorted(set(get_ruleset(game).cards.aliases.values())))


def some_game(data, game: str):
    return data.draw(st.sampled_from(tables(game)), label="table").copy()


def refused_or_played(g, action) -> None:
    """Play ``action`` on ``g``: a refusal is a beannb error and changes nothing; what is
    accepted is recorded as a well-formed action."""
    before, n = g.state, len(g.steps)
    try:
        g.play(action)
    except BeannbError as exc:
        assert g.state is before and len(g.steps) == n
        if isinstance(exc, IllegalAction):
            refusal_reads_right(exc, junk(action))
        return
    assert len(g.steps) == n + 1
    played = g.actions[-1]
    g.ruleset.check_form(played)
    assert g.ruleset.parse(str(played)) == played and str(g.ruleset.parse(str(played))) == str(played)


def junk(action) -> tuple[str, ...]:
    """The pieces of what was typed (or forged) that are no word: a refusal quotes them as they
    came (":'s offer", "against :, @ and red"), so the checker does not read them as punctuation."""
    values: list[str] = []

    def walk(v) -> None:
        if isinstance(v, str):
            values.extend(v.split())
        elif isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                walk(x)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            for f in dataclasses.fields(v):
                walk(getattr(v, f.name, None))

    try:
        walk(action if isinstance(action, str) else [str(action), action])
    except Exception:  # noqa: BLE001 - a forged object that cannot even be written down
        walk(action if isinstance(action, str) else [])
    return tuple(sorted({v for v in values if not re.fullmatch(r"[^\W_]+(?:-[^\W_]+)*", v)}, key=len, reverse=True))


def refusal_reads_right(exc: IllegalAction, typed_junk: tuple[str, ...] = ()) -> None:
    """A refusal is a catalogued message, filled in every language: no field left open, no
    "a(z)", every part of it through a catalogue (the pseudo-language brackets it), and it
    reads right (tests/text_sweep.py), what a player typed aside."""
    assert exc.code in exc.reason.messages, exc.code
    typed = [str(v) for v in exc.reason.data.values() if isinstance(v, str)]  # what a player typed is quoted as typed
    for lang in ("en", "hu"):
        why = exc.reason_text(lang)
        for value in sorted(typed, key=len, reverse=True):
            why = why.replace(value, "·") if value.strip() else why
        assert why.strip() and "{" not in why and "a(z)" not in why and "None" not in why, (exc.code, lang, why)
        for shown in (exc.reason_text(lang), exc.text(lang)):  # the reason, and the refusal as a page shows it
            quoted = [*typed, *typed_junk]
            assert not faults(shown, lang, quoted), (exc.code, lang, shown, faults(shown, lang, quoted))
    assert exc.reason_text("hu") != exc.reason_text("en"), exc.code
    pseudo = exc.reason_text(PSEUDO)
    assert pseudo.startswith(PSEUDO_OPEN) and pseudo.endswith(PSEUDO_CLOSE), (exc.code, pseudo)


# -- random action texts ------------------------------------------------------------------------------

def tokens(game: str):
    card = st.sampled_from(cards_of(game))
    return st.one_of(
        st.sampled_from(WORDS), card, NUMBERS,
        st.builds(lambda c, n: f"{c}@{n}", card, NUMBERS),
        st.builds(lambda z, c: f"{z}:{c}", st.sampled_from([*ZONES, "faceup", "x", ""]), card),
        st.builds(lambda c, n: f"+{c}@{n}", card, NUMBERS),
        st.builds(lambda c: "+" + c, card),
        st.builds(lambda n: "#" + n, NUMBERS),
        st.text(max_size=8),
    )


def action_texts(game: str):
    verbs = sorted(get_ruleset(game).notation.verbs)
    player = st.one_of(st.sampled_from(NAMES + ["Zed", "ann", "for"]), st.text(max_size=5))
    verb = st.one_of(st.sampled_from(verbs), st.sampled_from(verbs).map(str.upper), st.text(max_size=6))
    built = st.builds(lambda p, v, rest, sep: sep.join([p, v, *rest]), player, verb,
                      st.lists(tokens(game), max_size=9), st.sampled_from([" ", ", ", "  ", "\t", "\n"]))
    return st.one_of(built, built, built, st.text(max_size=40),
                     st.builds(lambda p, n: f"{p} " + " ".join([n] * 3000), player, NUMBERS))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_random_action_texts_get_only_beannb_errors(game, data):
    g = some_game(data, game)
    text = data.draw(action_texts(game), label="text")
    try:
        g.ruleset.parse(text)
    except ActionSyntaxError:
        pass
    refused_or_played(g, text)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_a_text_read_once_is_checked_as_its_object_would_be(game, data):
    """``Game.play(text)`` reads a text once and leaves out the read-back check: the notation
    writes what it reads back as it read it, so the object's full check says the same."""
    rs = get_ruleset(game)
    text = data.draw(action_texts(game), label="text")
    try:
        act = rs.parse(text)
    except ActionSyntaxError:
        return
    assert rs.notation.last_read is act
    outcomes = []
    for action in (act, dataclasses.replace(act)):  # as read (no read-back), then an equal object built anew
        try:
            rs.check_form(action)
            outcomes.append(None)
        except ActionSyntaxError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1]
    if outcomes[0] is None:
        assert rs.parse(str(act)) == act and str(rs.parse(str(act))) == str(act)


# -- forged action objects --------------------------------------------------------------------------------

ALL_CLASSES = sorted({cls for game in GAMES for cls in get_ruleset(game).notation.verbs.values()},
                     key=lambda c: (c.__module__, c.__qualname__))


def any_value(game: str):
    """Anything at all, of any type."""
    words = st.sampled_from(NAMES + WORDS + list(cards_of(game)))
    scalar = st.one_of(st.none(), st.booleans(), st.integers(-2, 12), st.integers(10 ** 6 - 2, 10 ** 6 + 2),
                       st.just(10 ** 5000), st.floats(), st.text(max_size=6), words, st.binary(max_size=3),
                       st.text(min_size=65, max_size=70))
    ref = st.builds(CardRef, st.one_of(st.sampled_from([*ZONES, "x"]), scalar), st.one_of(words, scalar),
                    st.one_of(st.none(), st.integers(-1, 12), scalar))
    want = st.builds(Want, st.one_of(st.sampled_from([*ZONES, "x"]), scalar), st.one_of(words, scalar),
                     st.one_of(st.integers(-1, 4), scalar))
    item = st.one_of(scalar, ref, want)
    return st.one_of(scalar, ref, want, st.lists(item, max_size=4).map(tuple), st.lists(item, max_size=3),
                     st.frozensets(st.integers(0, 3), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))


def typed_value(hint, game: str):
    """A value of the declared type, so that forged actions come near legal ones."""
    cards = st.sampled_from(cards_of(game))
    if hint is str:
        return st.one_of(st.sampled_from(NAMES + WORDS), cards)
    if hint is int:
        return st.integers(1, 8)
    if hint is bool:
        return st.booleans()
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union:
        return st.one_of(st.none(), *[typed_value(a, game) for a in args if a is not type(None)])
    if origin is tuple:
        return st.lists(typed_value(args[0], game), max_size=4).map(tuple)
    if hint is CardRef:
        return st.one_of(st.builds(CardRef, st.just("hand"), cards, st.integers(1, 9)),
                         st.builds(CardRef, st.sampled_from(["up", "field", "coin"]), cards))
    if hint is Want:
        return st.builds(Want, st.sampled_from(["hand", "up"]), cards, st.integers(1, 3))
    return any_value(game)


def forged(data, cls, game: str):
    hints = typing.get_type_hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        well_typed = data.draw(st.integers(0, 3), label=f"{f.name} typed?") > 0
        values[f.name] = data.draw(typed_value(hints[f.name], game) if well_typed else any_value(game), label=f.name)
    return cls(**values)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_forged_action_objects_get_only_beannb_errors(game, data):
    g = some_game(data, game)
    own = list(g.ruleset.notation.verbs.values())
    cls = data.draw(st.one_of(st.sampled_from(own), st.sampled_from(own), st.sampled_from(ALL_CLASSES)), label="class")
    action = forged(data, cls, game)
    assert (action in g.legal_actions()) in (True, False)
    try:
        g.explain(action)
    except BeannbError:
        pass
    refused_or_played(g, action)


# -- game records -------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def records() -> tuple:
    recs = [json.loads(json.dumps(tables(game)[1].record())) for game in GAMES]
    custom = table(players={"Ann": {"fields": [["red", "red"], []]}})
    custom.play("Ann harvest 1")
    recs.append(json.loads(json.dumps(custom.record())))
    return tuple(recs)


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.integers(), st.floats(),
                              st.text(max_size=8), st.sampled_from(NAMES + ["bohnanza", "beannb-game", "plant"])),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                    max_leaves=8)


def _places(obj, out=None):
    """(container, key) for every value inside ``obj``."""
    out = [] if out is None else out
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in list(items):
        out.append((obj, k))
        _places(v, out)
    return out


def mutated(data, obj, values=JSON):
    obj = copy.deepcopy(obj)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        places = _places(obj)
        if not places:
            break
        top = [(c, k) for c, k in places if c is obj]
        parent, key = data.draw(st.sampled_from(top) if top and data.draw(st.booleans()) else st.sampled_from(places),
                                label="where")
        if data.draw(st.integers(0, 3), label="drop?") == 0:
            del parent[key]
        else:
            parent[key] = copy.deepcopy(data.draw(values, label="value"))  # never a shared object
    return obj


@FUZZ
@given(data=st.data())
def test_mutated_records_raise_only_save_file_errors(data):
    rec = mutated(data, data.draw(st.sampled_from(records()), label="record"))
    try:
        g = beannb.from_record(rec)
    except SaveFileError:
        return
    assert g.steps is not None


@FUZZ
@given(rec=JSON)
def test_random_json_records_raise_only_save_file_errors(rec):
    with pytest.raises(SaveFileError):
        beannb.from_record(rec)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(data=st.data())
def test_random_save_file_bytes_raise_only_save_file_errors(workdir, data):
    base = json.dumps(data.draw(st.sampled_from(records()), label="record")).encode()
    raw = data.draw(st.one_of(st.binary(max_size=200),
                              st.builds(lambda i, j, b: base[:i] + b + base[j:], st.integers(0, len(base)),
                                        st.integers(0, len(base)), st.binary(max_size=20))), label="bytes")
    p = workdir / "save.json"
    p.write_bytes(raw)
    try:
        beannb.load(p)
    except SaveFileError:
        pass


# -- scenario files ----------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def scenario_texts() -> tuple:
    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    return tuple(f.read_text(encoding="utf-8") for f in files[:: max(1, len(files) // 12)])


YAML_BITS = st.one_of(
    st.sampled_from(sorted(TOP_KEYS) + ["steps", "do", "expect", "setup", "players", "hand", "fields"]),
    st.sampled_from([": ", "- ", "\n", "  ", "[", "]", "{", "}", ", ", "&a ", "*a", "&b [1, 2]", "*b", "<<: *a",
                     "!!python/object:os.system", "!!binary", "!!set", "? ", "'", '"', "|", ">", "#", "---", "...",
                     "%YAML 1.1", "2001-02-30", "9" * 5000, "1e999", ".nan", "~", "yes", "0x1f", "Ann plant",
                     "bohnanza", "takeover", "rabohnzel", "bohnaparte", "[Ann, Bob, Cid]"]),
    st.text(max_size=6))


def yaml_texts():
    base = st.sampled_from(scenario_texts())
    return st.one_of(
        st.lists(YAML_BITS, max_size=25).map("".join),
        st.builds(lambda t, i, j, bits: t[:i] + "".join(bits) + t[j:], base, st.integers(0, 4000),
                  st.integers(0, 4000), st.lists(YAML_BITS, max_size=5)),
        st.builds(lambda t, bits: t + "".join(bits), base, st.lists(YAML_BITS, max_size=6)),
    )


@FUZZ
@given(data=st.data())
def test_random_scenario_texts_raise_only_scenario_errors(workdir, data):
    text = data.draw(yaml_texts(), label="text")
    suffix = data.draw(st.sampled_from([".yaml", ".json"]), label="suffix")
    p = workdir / f"s{suffix}"
    p.write_text(text, encoding="utf-8")
    try:
        load_scenario(p)
    except ScenarioError:
        pass


SCENARIO_VALUES = st.one_of(JSON, st.dates(), st.sampled_from([{"hand": 5}, [[1]], "Ann plant", ["Ann", "Ann"]]))


@FUZZ
@given(data=st.data())
def test_mutated_scenarios_raise_only_scenario_errors(workdir, data):
    scenario = yaml.safe_load(data.draw(st.sampled_from(scenario_texts()), label="scenario"))
    bad = mutated(data, scenario, SCENARIO_VALUES)
    try:
        load_scenario(workdir / "direct.yaml", bad)  # the data handed in directly
    except ScenarioError:
        pass
    p = workdir / "mutated.yaml"
    p.write_text(yaml.safe_dump(bad, allow_unicode=True), encoding="utf-8")
    try:
        load_scenario(p)
    except ScenarioError:
        pass
