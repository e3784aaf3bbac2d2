"""What is shown is checked as strictly as the rules.

Seeded games of every ruleset and every configuration it supports: after every action each
event is narrated in English and Hungarian, the action gets its button label, and the table
is drawn for the teacher and for every seat in both languages. A seat's view must not show
the cards of another player's hand that it hides. Every scenario is opened as a walkthrough
and every frame is narrated and drawn the same way. Nothing may raise.

Words, not notation: no sentence, table (teacher's or a seat's), open offer, refusal or
walkthrough caption may show the action notation (``notation_patterns.py``), and an action
described to another seat names no card the step's public narration does not name.

``beannb check`` does the scenario half of this too (``scenarios.check_shown``).
"""
import re
from pathlib import Path

import pytest

import beannb
from beannb.bots import GreedyBot, RandomBot, play_out
from beannb.games import available, get_ruleset
from beannb.scenarios import check_shown, load_scenario, run_scenario, scenario_files
from beannb.walkthrough import Walkthrough
from beannb.widgets.apps import step_words

from conftest import NAMES, ROOT
from notation_patterns import raw_notation, visible_text

LANGS = ("en", "hu")
CONFIGS = [(game, opts, n) for game in available() for opts, n in get_ruleset(game).configurations()]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}-{n}p" for g, o, n in CONFIGS]
# Setup refusals (``expect_setup_error``) have no table to show.
SCENARIOS = [p for p in scenario_files([ROOT / "scenarios"]) if "expect_setup_error" not in load_scenario(p).raw]
BEAN_MARK = re.compile(r'data-bean="([^"]*)"')
MAX_ACTIONS = 5000  # every game of this sweep ends far sooner; a stall fails fast


def _strings(obj, out: set) -> set:
    """Every string anywhere in an observation (values and keys)."""
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _strings(v, out)
    return out


def show(rs, state, lang: str, changed=(), where: str = "") -> None:
    """Draw the table for the teacher and for every seat; a seat's view shows no card that
    lies only in hands the seat's observation hides."""
    html = rs.view.table_html(rs.observe(state, None), lang, changed)
    assert isinstance(html, str) and html, f"{where}: empty teacher view ({lang})"
    names = [p.name for p in state.players]
    words_only(visible_text(html), names, f"{where}: the teacher's view ({lang})")
    for seat, me in enumerate(state.players):
        obs = rs.observe(state, seat)
        html = rs.view.table_html(obs, lang)
        assert obs["players"][seat]["hand"] is not None, f"{where}: {me.name} cannot see the own hand"
        leaked = leaked_cards(state, obs, html)
        assert not leaked, f"{where}: {me.name}'s view ({lang}) shows {sorted(leaked)} from hands it hides"
        words_only(visible_text(html), names, f"{where}: {me.name}'s view ({lang})")


def words_only(text: str, names, where: str) -> None:
    """Text for people holds no action notation (``Bob offer Ann green@2 for up:soy``)."""
    found = raw_notation(text, tuple(names) + tuple(NAMES))
    assert not found, f"{where} shows notation {found[:3]}: {text[:300]!r}"


def leaked_cards(state, obs, html: str) -> set:
    """Cards drawn in ``html`` (``data-bean`` markers) that lie only in hands ``obs`` hides:
    in no hand it shows, on no field, in no pile, nowhere else in the observation."""
    hidden = {q["seat"] for q in obs["players"] if q["hand"] is None}
    only_hidden = {c for i, p in enumerate(state.players) if i in hidden for c in p.hand} - _strings(obs, set())
    return only_hidden & set(BEAN_MARK.findall(html))


def narrate(rs, action, events, where: str, state=None, before=None) -> None:
    names = [p.name for p in state.players] if state is not None else NAMES
    seats = [None] + list(range(len(state.players))) if state is not None else [None]
    # The cards an action names (a hand card, a text card, a cart's beans): another seat's
    # sentence may name one only if the public narration of the step names it too.
    named = [getattr(action, k, None) for k in ("bean", "card", "coin")] + list(getattr(action, "beans", ()) or ())
    named = {c for c in named if isinstance(c, str) and c in rs.cards}
    for lang in LANGS:
        for e in events:
            text = e.text(lang)
            assert isinstance(text, str) and text.strip(), f"{where}: empty {lang} sentence for {e.kind}"
            words_only(text, names, f"{where}: the {lang} sentence for {e.kind}")
        label = rs.action_label(action, lang)  # a button's or a hint's label: words, offers too
        assert label and label.strip(), f"{where}: no {lang} label for {action}"
        words_only(label, names, f"{where}: {action} labelled in {lang}")
        assert rs.group_label(action.VERB, lang)
        for seat in seats:  # the action in words, as each seat (and the teacher) reads it
            said = rs.describe(action, lang, None if seat is None else rs.observe(state, seat))
            assert said and said.strip(), f"{where}: no {lang} words for {action}"
            words_only(said, names, f"{where}: {action} described in {lang}")
            if seat is not None and names[seat] != action.player:
                public = " ".join(e.text(lang) for e in events)
                told = [c for c in named if _says(said, rs.cards.name(c, lang)) and not _says(public, rs.cards.name(c, lang))]
                assert not told, f"{where}: {action} described to {names[seat]} ({lang}) names {told}: {said!r}"


def _says(text: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name), text, re.I) is not None


def bots_for(n: int, seed: int, mixed: bool) -> list:
    kinds = (GreedyBot, RandomBot) if mixed else (RandomBot,)
    return [kinds[i % len(kinds)](seed * 10 + i) for i in range(n)]


# Two games per configuration: random bots, and greedy and random bots in turn (greedy bots
# trade and use special actions more the way people do). Seeds are fixed.
GAMES = [(seed, mixed) for seed, mixed in ((1, False), (2, True))]


@pytest.mark.parametrize("game,opts,n", CONFIGS, ids=IDS)
def test_every_state_of_seeded_games_is_narrated_and_drawn(game, opts, n):
    rs = get_ruleset(game)
    for seed, mixed in GAMES:
        g = beannb.new_game(game, NAMES[:n], seed, **opts)
        steps = [0]
        for lang in LANGS:
            show(rs, g.state, lang, where=f"{game} seed {seed}: the start")

        def on_step(before, action, after, events):
            steps[0] += 1
            where = f"{game} {opts} {n}p seed {seed}, action {steps[0]} ({action})"
            narrate(rs, action, events, where, after, before)
            for lang in LANGS:
                show(rs, after, lang, where=where)

        final, count = play_out(rs, g.state, bots_for(n, seed, mixed), on_step=on_step, max_actions=MAX_ACTIONS)
        assert final.phase == "over" and count == steps[0]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_every_walkthrough_frame_is_narrated_and_drawn(path):
    sc = load_scenario(path)
    wt = Walkthrough.from_scenario(sc)
    assert len(wt) == len(sc.steps) + 1
    for fr in wt.frames:
        rs, state = fr.game.ruleset, fr.game.state
        where = f"{path.name} step {fr.index}"
        names = [p.name for p in state.players]
        for lang in LANGS:
            assert all(isinstance(line, str) for line in fr.narration(lang)), where
            for e in fr.events:
                assert e.text(lang).strip(), f"{where}: empty {lang} sentence for {e.kind}"
                words_only(e.text(lang), names, f"{where}: the {lang} sentence for {e.kind}")
            if fr.error is not None and hasattr(fr.error, "allowed"):  # refusals word the actions they quote
                words_only(fr.error.text(lang), names, f"{where}: the {lang} refusal")
            for a in fr.actions:  # (a step that demonstrates unreadable text shows it as typed)
                if _readable(rs, a):
                    words_only(step_words(a, lang, rs), names, f"{where}: the {lang} caption of {a!r}")
            for rid, title, text in fr.rule_texts(lang):
                assert title and text, f"{where}: rule {rid} has no {lang} text"
            show(rs, state, lang, fr.changed, where)


def _readable(rs, text) -> bool:
    try:
        rs.parse(text)
        return True
    except ValueError:
        return False


def _scenario(tmp_path: Path, steps: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text("title: t\ngame: bohnanza\nplayers: [Ann, Bob, Cid]\nseed: 1\n"
                 "setup: {active: Ann, phase: plant, players: {Ann: {hand: [soy, red]}}}\n" + steps,
                 encoding="utf-8")
    return p


def test_check_reports_a_drawing_crash_with_the_step_language_and_view(tmp_path, monkeypatch):
    sc = load_scenario(_scenario(tmp_path, "steps:\n  - do: Ann plant soy 1\n"))
    assert check_shown(sc) == []
    view = sc.ruleset.view
    real = view.table_html

    def broken(obs, lang="en", changed=()):
        # the Hungarian page seats the Hungarian cast: Bob is Balázs there
        if lang == "hu" and obs["turn"] and obs["players"][0]["fields"][0] and obs.get("viewer") == "Balázs":
            raise KeyError("boom")
        return real(obs, lang, changed)

    monkeypatch.setattr(view, "table_html", broken)
    result = run_scenario(sc)
    assert not result.passed
    msg = result.failures[0]
    assert "step 1" in msg and "hu" in msg and "Balázs's view" in msg and "KeyError" in msg, msg


def test_check_reports_a_narration_crash(tmp_path, monkeypatch):
    sc = load_scenario(_scenario(tmp_path, "steps:\n  - do: Ann plant soy 1\n"))
    nar = sc.ruleset.narration
    kind = "plant"
    assert kind in nar.fills

    def broken(data, player, narration):
        return {}  # the message's fields are left without values: the Hungarian fails to fill

    monkeypatch.setitem(nar.fills, kind, broken)
    result = run_scenario(sc)
    assert not result.passed
    assert "step 1 (en): narration failed" in result.failures[0], result.failures[0]


def test_the_leak_check_sees_a_hidden_hand_drawn_in_a_seat_view():
    rs = get_ruleset("bohnanza")
    state = beannb.new_game("bohnanza", NAMES[:4], 3).state
    obs = rs.observe(state, 0)
    assert not leaked_cards(state, obs, rs.view.table_html(obs, "en"))
    teacher = rs.view.table_html(rs.observe(state, None), "en")  # every hand face up
    assert leaked_cards(state, obs, teacher)
