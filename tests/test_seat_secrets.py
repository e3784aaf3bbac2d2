"""A seat sees only its observation: what a page tells its seat cannot depend on hidden cards.

For seeded positions of every game, the cards hidden from one seat (the other players'
hands, face-down text cards and the deck order) are dealt out again at random; every
refusal that seat can get for anything it types (legal actions, their near misses, junk)
must read the same on both tables, in English and Hungarian. A page also acts only for
its own seat: a move typed for a bot is refused before the game sees it.
"""
from __future__ import annotations

import json
import random

import pytest

import beannb
from beannb.bots import RandomBot, make_bot
from beannb.core.errors import BeannbError, NotYourSeat
from beannb.widgets.controller import GameController

NAMES = ["Ann", "Bob", "Cid", "Dan"]
GAMES = [("bohnanza", {}), ("bohnanza", {"profile": "RIO_GRANDE"}), ("takeover", {}), ("rabohnzel", {}),
         ("bohnaparte", {})]


def reshuffle_hidden(state, seat: int, rng: random.Random):
    """The same table with every card hidden from ``seat`` dealt out again."""
    t = state.copy()
    others = [i for i in range(t.n) if i != seat]
    pool = list(t.deck)
    for i in others:
        pool += list(t.players[i].hand)
    texts = []
    if hasattr(t, "text_deck"):  # takeover: face-down text cards in other hands and in the text deck
        texts = list(t.text_deck)
        for i in others:
            texts += list(t.players[i].texts)
    rng.shuffle(pool)
    rng.shuffle(texts)
    for i in others:
        p = t.players[i]
        k = len(p.hand)
        hand, pool = tuple(pool[:k]), pool[k:]
        changes = {"hand": hand}
        if texts or hasattr(p, "texts"):
            m = len(p.texts)
            changes["texts"], texts = tuple(texts[:m]), texts[m:]
        t.set_player(i, p.replace(**changes))
    t.deck = tuple(pool)
    if hasattr(t, "text_deck"):
        t.text_deck = tuple(texts)
    assert t.card_total() == state.card_total()
    return t


def near_misses(text: str) -> list[str]:
    """Variants of an action text a learner might type: other numbers, other cards."""
    out = [text]
    words = text.split()
    for i, w in enumerate(words[2:], start=2):
        for repl in ("1", "2", "3", "4", "7", "chili", "red", "soy", "thief", "sword", "snap", "mighty-field"):
            if repl != w:
                out.append(" ".join(words[:i] + [repl] + words[i + 1:]))
        if "@" in w:
            bean, _, _pos = w.partition("@")
            out += [" ".join(words[:i] + [f"{bean}@{k}"] + words[i + 1:]) for k in (1, 2, 3, 5, 9)]
    return out


def refusal(ruleset, state, text: str) -> str:
    try:
        a = ruleset.parse(text)
    except BeannbError as exc:
        return "syntax: " + exc.text("en") + " | " + exc.text("hu")
    try:
        err = ruleset.why_not(state, a)
    except BeannbError as exc:
        err = exc
    return "" if err is None else err.text("en") + " | " + err.text("hu")


def typed_by(name: str, ruleset, state) -> list[str]:
    legal = [str(a) for p in NAMES for a in ruleset.legal_actions(state, p) if a.player == p]
    mine = [t.replace(t.split()[0], name, 1) for t in legal]  # others' moves, typed as mine
    texts = {v for t in mine for v in near_misses(t)}
    verbs = sorted(ruleset.notation.verbs)
    texts.update(f"{name} {v}" for v in verbs)
    texts.update(f"{name} {v} 1" for v in verbs)
    texts.update(f"{name} offer {o} chili@3 for chili" for o in NAMES if o != name)
    return sorted(texts)


@pytest.mark.parametrize("game,opts", GAMES, ids=[g + ("-" + o["profile"] if o else "") for g, o in GAMES])
def test_refusals_do_not_depend_on_hidden_cards(game, opts):
    g = beannb.new_game(game, NAMES, 5, **opts)
    rs = g.ruleset
    bots = [RandomBot(10 + i) for i in range(4)]
    state = g.state
    rng = random.Random(game)
    checked = 0
    for step in range(300):
        if rs.is_over(state):
            break
        if step % 12 == 0:
            seat = rs.to_move(state)[0]
            for who in {seat, (seat + 1) % state.n}:
                name = state.players[who].name
                other = reshuffle_hidden(state, who, rng)
                for text in typed_by(name, rs, state):
                    a, b = refusal(rs, state, text), refusal(rs, other, text)
                    assert a == b, f"{game}: what {name} is told about {text!r} depends on hidden cards:\n{a}\n{b}"
                    checked += 1
        seat = rs.to_move(state)[0]
        state, _ = rs.apply(state, bots[seat].act(rs, state, seat))
    assert checked > 300, checked


@pytest.mark.parametrize("game", ["bohnanza", "takeover", "rabohnzel", "bohnaparte"])
def test_a_page_acts_only_for_its_own_seat(game):
    g = beannb.new_game(game, NAMES, 3)
    c = GameController(g, {n: make_bot("random", i) for i, n in enumerate(NAMES) if n != "Ann"}, viewer="Ann")
    before = g.state.to_dict()
    for text in (f"Bob {v} 1" for v in sorted(g.ruleset.notation.verbs)):
        out = c.play(text)
        if out.error is not None and not isinstance(out.error, NotYourSeat):
            continue  # unreadable text is refused before the seat is known
        assert isinstance(out.error, NotYourSeat), text
        assert "Ann" in out.message("en") and "Bob" in out.message("en") and "Ann" in out.message("hu")
        assert g.state.to_dict() == before
    out = c.play("Bob offer Ann chili@3 for chili") if game in ("bohnanza", "rabohnzel", "bohnaparte") else None
    if out is not None:
        assert isinstance(out.error, (NotYourSeat, beannb.ActionSyntaxError))
        assert "hand position" not in out.message("en")


# -- the class hub: what a table of people sends each seat ---------------------------------------------


def redealt_game(game, seat: int, rng: random.Random):
    """The same game (history, narration and all) with everything hidden from ``seat`` dealt again."""
    from beannb.core.game import Step

    other = game.copy()
    last = other.steps[-1]
    other.steps[-1] = Step(last.action, last.before, reshuffle_hidden(last.after, seat, rng), last.events)
    return other


@pytest.mark.parametrize("game,opts", GAMES, ids=[g + ("-" + o["profile"] if o else "") for g, o in GAMES])
def test_a_class_table_sends_a_seat_nothing_that_depends_on_what_it_cannot_see(game, opts):
    """Every message the class hub sends a seat's page about its table (the table, its actions,
    the trade form, the log, the seat list) reads the same when everything hidden from that
    seat is dealt out again: nothing a seat may not see ever reaches it."""
    from beannb.serve.tables import Table

    table = Table(1, game, 4, "random", dict(opts))
    for i, name in enumerate(NAMES):
        table.sit(f"s{i}", name)
    table.start(seed=11)
    rng = random.Random(game)
    compared = 0
    for step in range(240):
        g = table.game
        if g.is_over():
            break
        if step % 15 == 5:
            for seat in {g.state.seat_of(g.to_move[0]), 1}:
                name = g.players[seat]
                views = {lang: json.dumps(table.seat_view(name, lang), sort_keys=True) for lang in ("en", "hu")}
                lists = {lang: json.dumps(table.summary(lang, f"s{seat}"), sort_keys=True) for lang in ("en", "hu")}
                real = table.driver.game
                table.driver.game = redealt_game(real, seat, rng)
                try:
                    assert table.game.state.to_dict() != real.state.to_dict() or not any(
                        p.hand for i, p in enumerate(real.state.players) if i != seat)
                    for lang in ("en", "hu"):
                        assert json.dumps(table.seat_view(name, lang), sort_keys=True) == views[lang], \
                            f"{game}: what {name}'s page is sent depends on hidden cards ({lang}, step {step})"
                        assert json.dumps(table.summary(lang, f"s{seat}"), sort_keys=True) == lists[lang]
                        compared += 1
                finally:
                    table.driver.game = real
        mover = g.to_move[0]
        student = f"s{g.players.index(mover)}"
        acts = table.legal(mover)
        table.act(student, rng.randrange(len(acts)), table.seat_view(mover, "en")["rev"])
    assert compared >= 16, compared


@pytest.mark.parametrize("game", ["bohnanza", "takeover", "rabohnzel", "bohnaparte"])
def test_drawn_cards_are_never_named_in_the_narration(game):
    """Only draw events carry cards hidden from the other seats (the cards drawn); their
    sentence must read the same whatever was drawn."""
    g = beannb.new_game(game, NAMES, 8)
    c = GameController(g, {n: make_bot("random", i) for i, n in enumerate(NAMES)})
    c.run_bots(400)
    draws = [e for e in g.log if e.kind == "draw"]
    assert draws
    for e in draws:
        beans = list(e.data.get("beans", []))
        other = type(e)(e.kind, e.player, {**e.data, "beans": list(reversed(beans)) + ["chili"]}, e.rule, e.narration)
        for lang in ("en", "hu"):
            assert e.text(lang) == other.text(lang), (game, e.text(lang))
