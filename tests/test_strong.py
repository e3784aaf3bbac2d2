"""The strong player, hints and reviews (issue 13, items 2 and 3).

Small budgets keep these fast; the strength figures come from ``beannb sim``.
"""
import random

import pytest

import beannb
from beannb.bots import BOTS, GreedyBot, StrongBot, make_bot, play_out
from beannb.bots.determinize import determinize
from beannb.bots.hint import review
from beannb.bots.strong import search
from beannb.games import available, get_ruleset

from conftest import NAMES

BUDGET = 10


def _states(game, n=4, seed=3, every=23, limit=5):
    """Some states of a seeded greedy game where the seat to move has a choice."""
    rs = get_ruleset(game)
    states = [rs.setup(NAMES[:n], seed, rs.check_options({}))]
    play_out(rs, states[0], [GreedyBot(seed * 10 + i) for i in range(n)],
             on_step=lambda b, a, new, e: states.append(new))
    out = []
    for s in states[5::every]:
        if s.phase == "over":
            continue
        seat = rs.to_move(s)[0]
        if len(rs.legal_actions(s, s.players[seat].name)) >= 2:
            out.append(s)
    return rs, out[:limit]


def _swapped(rs, s, seat, k):
    """Another full table the seat cannot tell from ``s``: every hidden card redealt."""
    for j in range(20):
        other = determinize(rs, s, seat, random.Random(1000 * k + j))
        if other.to_dict() != s.to_dict():
            break
    assert rs.observe(other, seat) == rs.observe(s, seat)
    assert [str(a) for a in rs.legal_actions(other, s.players[seat].name)] == \
           [str(a) for a in rs.legal_actions(s, s.players[seat].name)]
    return other


def test_strong_is_registered():
    assert "strong" in BOTS
    assert isinstance(make_bot("strong", 3), StrongBot)


@pytest.mark.parametrize("game", available())
def test_the_decision_cannot_depend_on_hidden_cards(game):
    rs, states = _states(game)
    assert states
    changed = 0
    for k, s in enumerate(states):
        seat = rs.to_move(s)[0]
        other = _swapped(rs, s, seat, k)
        changed += other.to_dict() != s.to_dict()
        a = search(rs, s, seat, BUDGET, seed=5)
        b = search(rs, other, seat, BUDGET, seed=5)
        assert [(str(x.action), x.visits, round(x.wins, 9)) for x in a.lines] == \
               [(str(x.action), x.visits, round(x.wins, 9)) for x in b.lines]
        bot_a, bot_b = StrongBot(7, iterations=BUDGET), StrongBot(7, iterations=BUDGET)
        assert bot_a.act(rs, s, seat) == bot_b.act(rs, other, seat)
    assert changed, "no hidden card was swapped"


@pytest.mark.parametrize("game", available())
def test_strong_is_deterministic_given_seed_and_budget(game):
    rs, states = _states(game, seed=4, limit=2)
    for s in states:
        seat = rs.to_move(s)[0]
        picks = [StrongBot(11, iterations=BUDGET).act(rs, s, seat) for _ in range(2)]
        assert len({str(a) for a in picks}) == 1
        assert rs.validate(s, picks[0]) is None  # a legal move (a built offer too)


def test_a_short_game_with_the_strong_player():
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES[:3], 2, rs.check_options({}))
    bots = [StrongBot(1, iterations=4), GreedyBot(2), GreedyBot(3)]
    final, n = play_out(rs, s, bots, checked=True)
    assert final.phase == "over" and n > 50


def test_budgets_are_checked():
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="budget"):
            StrongBot(1, iterations=bad)
    g = beannb.new_game("bohnanza", players=NAMES[:3], seed=1)
    with pytest.raises(ValueError, match="budget"):
        g.hint("Ann", iterations=0)
    with pytest.raises(ValueError, match="budget"):
        g.hint("Ann", iterations=None, seconds=-1)


def test_hint_for_a_seat_not_to_move_or_after_the_end():
    g = beannb.new_game("bohnanza", players=NAMES[:3], seed=1)
    with pytest.raises(ValueError, match="not to move"):
        g.hint("Bob", iterations=2)
    with pytest.raises(ValueError, match="no player"):
        g.hint("Zed", iterations=2)
    rs = g.ruleset
    final, _ = play_out(rs, g.state, [GreedyBot(i) for i in range(3)])
    over = beannb.Game(rs, final, players=g.players, seed=None, options=g.options, custom_start=True)
    with pytest.raises(ValueError, match="over"):
        over.hint("Ann", iterations=2)


@pytest.mark.parametrize("game", available())
def test_hint_in_both_languages_says_nothing_hidden(game):
    rs, states = _states(game, seed=6, limit=2)
    for k, s in enumerate(states):
        seat = rs.to_move(s)[0]
        name = s.players[seat].name
        other = _swapped(rs, s, seat, k)
        texts = []
        for table in (s, other):
            g = beannb.Game(rs, table, players=[p.name for p in s.players], seed=None, options=s.options, custom_start=True)
            h = g.hint(name, iterations=BUDGET, seed=2)
            assert h.best.action.player == name and h.alternatives
            assert h.why["en"] and h.why["hu"] and h.why["en"] != h.why["hu"]
            assert "%" in h.text("en") and "%" in h.text("hu")
            assert "Suggested" in h.text("en") and "Javaslat" in h.text("hu")
            assert 0 <= h.best.win <= 1
            texts.append((h.text("en"), h.text("hu")))
        # The same words whatever the hidden cards are: nothing hidden can be in them.
        assert texts[0] == texts[1]


def test_game_hint_defaults_to_the_seat_to_move():
    g = beannb.new_game("takeover", players=NAMES[:3], seed=2)
    h = g.hint(iterations=6)
    assert h.player == g.to_move[0]
    assert h.to_dict()["best"]["action"] == str(h.best.action)


def test_review_marks_costly_moves_in_both_languages():
    g = beannb.new_game("bohnanza", players=NAMES[:3], seed=5)
    rs = g.ruleset
    bots = [GreedyBot(1), GreedyBot(2), GreedyBot(3)]
    for _ in range(60):
        s = g.state
        seat = rs.to_move(s)[0]
        g.play(bots[seat].act(rs, s, seat))
    r = review(g.record(), "Ann", iterations=6, max_moves=6, min_loss=0.0)
    assert 0 < r.moves <= 6
    assert r.text("en").startswith(("Ann's costliest", "None of Ann's"))
    assert r.text("hu").startswith("Ann ")
    for m in r.mistakes:
        assert m.loss >= 0 and m.played.action.player == "Ann"
        assert "Better:" in m.text("en") and "Jobb lett volna" in m.text("hu")
    again = g.review("Ann", iterations=6, max_moves=6, min_loss=0.0)
    assert [m.text("en") for m in again.mistakes] == [m.text("en") for m in r.mistakes]


def test_hint_panel_answers_in_both_languages():
    from beannb.widgets.controller import new_controller
    from beannb.widgets.hint import HintPanel

    c = new_controller("bohnanza", players=("You", "Bot1", "Bot2"), seed=1, human="You")
    panel = HintPanel(c, iterations=4)
    assert panel.button.description == "Hint"
    panel.button.click()
    assert "Suggested" in panel.answer.value
    panel.set_lang("hu")
    assert panel.button.description == "Tipp" and "Javaslat" in panel.answer.value
    c.set_lang("en")  # only the language changed: the answer stays, in English
    assert "Suggested" in panel.answer.value
    c.play(panel.hint.best.action)  # the game moved on: the answer no longer applies
    assert panel.answer.value == ""


def _bohnaparte_last_turn():
    """Ann's battle step on the last turn: the deck (1 card) runs out for the third time on
    her draw, and every player has 1 victory point (their camp). She has no coin, a field
    of four soy beans (1 coin) and a blue bean (20) in hand, next to a neutral rice field."""
    rs = get_ruleset("bohnaparte")
    setup = {"active": "Ann", "phase": "battle", "exhausted": 2, "deck": ["garden"], "deck_size": 1,
             "camps": {"Ann": "01", "Bob": "03", "Cid": "17", "Dora": "19"},
             "board": {"02": "rice_field", "04": "forest", "05": "city"},
             "players": {"Ann": {"coins": 0, "hand": ["blue"], "fields": [["soy"] * 4, ["red"]]}}}
    return rs, rs.state_from_setup(NAMES[:4], 1, rs.check_options({}), setup)


def test_bohnaparte_strong_sells_a_field_to_pay_for_the_winning_raid():
    rs, s = _bohnaparte_last_turn()
    assert [rs.vp(s, i) for i in range(4)] == [1, 1, 1, 1]
    # Greedy never sells in the battle step: with no coin it draws, and the game ends in a
    # four-way tie (a quarter of a win).
    assert str(GreedyBot(1).act(rs, s, 0)) == "Ann draw"
    drawn, _ = rs.apply(s, GreedyBot(1).act(rs, s, 0))
    assert drawn.phase == "over" and len(drawn.winners) == 4
    # The strong player sells the soy field for a coin and raids the rice field with the
    # blue bean: it wins unless the deck card is a blue bean too.
    res = search(rs, s, 0, 40, seed=3)
    assert str(res.best.action) == "Ann harvest 1"
    draw = next(ln for ln in res.lines if str(ln.action) == "Ann draw")
    assert draw.win == pytest.approx(0.25) and res.best.win > 0.6
    assert str(StrongBot(2, iterations=40).act(rs, s, 0)) == "Ann harvest 1"


def _rabohnzel_last_magic_phase():
    """Ann's magic phase on the last turn: the deck's last card runs out on her reveal. She
    has a sword field; Cid has the most coins, but Bob is the one who beats her after the
    final sale (Bob 3 coins + 4 for his white beans, Ann 5 + 1, Cid 6). Every coin still
    hidden is a princess (the other beans are in the discard pile, which everyone sees), so
    a sword attack takes a coin for sure."""
    rs = get_ruleset("rabohnzel")
    discard = (["thief"] * 9 + ["chasm"] * 8 + ["mean"] * 13 + ["white"] * 6 + ["mage"] * 15 + ["princess"] * 2
               + ["sword"] * 18)
    setup = {"active": "Ann", "phase": "magic", "exhausted": 3, "deck": ["princess"], "deck_size": 1, "discard": discard,
             "players": {"Ann": {"hand": [], "coins": ["princess"] * 5, "fields": [["sword"], ["chasm"] * 3]},
                         "Bob": {"hand": [], "coins": ["princess"] * 3, "fields": [["white"] * 8, []]},
                         "Cid": {"hand": [], "coins": ["princess"] * 6, "fields": [[], []]},
                         "Dora": {"hand": [], "coins": [], "fields": [[], []]}}}
    return rs, rs.state_from_setup(NAMES[:4], 1, rs.check_options({}), setup)


def test_rabohnzel_strong_attacks_the_rival_not_the_richest():
    rs, s = _rabohnzel_last_magic_phase()
    # Greedy's sword goes to the richest co-player: Ann then only ties Bob (7 coins each).
    assert str(GreedyBot(1).act(rs, s, 0)) == "Ann use 1 on Cid"
    res = search(rs, s, 0, seed=1)
    assert str(res.best.action) == "Ann use 1 on Bob"
    bob = res.best
    cid = next(ln for ln in res.lines if str(ln.action) == "Ann use 1 on Cid")
    # Taking Bob's coin wins outright on every sampled table.
    assert bob.win == 1.0 and cid.win < 0.9 and bob.visits == cid.visits >= 20
    assert str(StrongBot(3).act(rs, s, 0)) == "Ann use 1 on Bob"
    # It sees only how many coins the others have; that they are princesses it works out
    # from the cards it can see.
    assert [p["coins"] for p in rs.observe(s, 0)["players"]] == [5, 3, 6, 0]


@pytest.mark.parametrize("game", available())
def test_too_small_a_budget_plays_the_greedy_move(game):
    """The greedy move is the prior: a handful of rollouts never overrules it."""
    from beannb.bots.strong import MIN_VISITS
    rs, states = _states(game, seed=7, limit=3)
    for s in states:
        seat = rs.to_move(s)[0]
        picked = StrongBot(1, iterations=MIN_VISITS - 1).act(rs, s, seat)
        # (a built trade offer may differ: the greedy player picks one at random)
        assert str(picked) == str(GreedyBot(0).act(rs, s, seat)) or picked.VERB == "offer"


def test_moves_are_compared_on_the_same_tables():
    rs, s = _rabohnzel_last_magic_phase()
    res = search(rs, s, 0, 60, seed=2)
    top, second = res.lines[0], res.lines[1]
    assert top.visits == second.visits and set(top.results) == set(second.results)
    assert res.iterations == 60 and sum(ln.visits for ln in res.lines) == 60


def test_a_field_on_its_way_to_the_next_step_counts_for_part_of_it():
    from beannb.bots.strong import value
    rs = get_ruleset("bohnanza")
    s = rs.setup(NAMES[:3], 1, rs.check_options({}))

    def worth(cards):
        t = s.copy()
        t.players = (t.players[0].replace(fields=(tuple(cards), ()), coins=()),) + tuple(t.players[1:])
        return value(rs, t, 0)

    blue = [worth(["blue"] * n) for n in range(1, 5)]  # blue pays 1 coin for 4
    assert 0 < blue[0] < blue[1] < blue[2] < 1 <= blue[3]
    assert 1 < worth(["blue"] * 4) < worth(["blue"] * 5) < 2 == rs.cards.payout("blue", 6)
    assert worth(["blue"] * 10) == 4  # the last step: nothing more to grow into


def test_rollouts_stop_after_the_seats_next_turn():
    from beannb.bots.strong import horizon_end
    rs, s = _bohnaparte_last_turn()
    s = s.copy()
    s.exhausted = 0  # the game goes on
    assert s.active == 0
    # From its own turn: the three others' turns and its next one.
    assert horizon_end(s, 0, None) == s.turn + 5
    # Answering in Bob's turn (seat 1 active): Cid's, Dora's and its own.
    s.active = 1
    assert horizon_end(s, 0, None) == s.turn + 4
    assert horizon_end(s, 0, 3) == s.turn + 3


def _trade_with_an_offer():
    """A base-game trade phase where the active seat's greedy player would make an offer."""
    rs = get_ruleset("bohnanza")
    for seed in range(1, 30):
        states = [rs.setup(NAMES[:4], seed, rs.check_options({}))]
        play_out(rs, states[0], [GreedyBot(seed * 10 + i) for i in range(4)],
                 on_step=lambda b, a, new, e: states.append(new))
        for s in states:
            if s.phase == "trade" and rs.to_move(s)[0] == s.active:
                if GreedyBot(0).act(rs, s, s.active).VERB == "offer":
                    return rs, s
    raise AssertionError("no greedy offer found")


def test_asking_the_greedy_player_records_no_offer(monkeypatch):
    import beannb.bots.strong as strong
    rs, s = _trade_with_an_offer()
    seat = s.active
    memory: set = set()
    res = search(rs, s, seat, BUDGET, seed=1, asked=memory)
    assert memory == set()  # the bot's memory is not touched by the search
    assert res.prior.VERB == "offer" and res.memory and res.memory is not memory
    # The greedy move played: its memory is kept (the offer is not made again this turn).
    bot = StrongBot(1, iterations=strong.MIN_VISITS - 1)
    assert bot.act(rs, s, seat).VERB == "offer" and bot._asked == bot.last.memory != set()
    # Another move played: nothing is remembered, the greedy player may still offer later.
    real = strong.search

    def other_move(*args, **kw):
        r = real(*args, **kw)
        r.lines = [ln for ln in r.lines if ln.action != r.prior] + [ln for ln in r.lines if ln.action == r.prior]
        return r

    monkeypatch.setattr(strong, "search", other_move)
    bot = StrongBot(1, iterations=BUDGET)
    assert bot.act(rs, s, seat) != bot.last.prior and bot._asked == set()


def test_bohnaparte_attack_candidates_are_ranked_not_drawn():
    from beannb.bots.strong import MAX_CANDIDATES, candidates, preferred
    from beannb.games.bohnaparte.bot import greedy_act
    rs = get_ruleset("bohnaparte")
    states = [rs.setup(NAMES[:4], 5, rs.check_options({}))]
    play_out(rs, states[0], [GreedyBot(i) for i in range(4)], on_step=lambda b, a, new, e: states.append(new))
    battles = [s for s in states if s.phase == "battle" and s.battle is None and s.players[s.active].coins
               and sum(a.VERB == "attack" for a in rs.legal_actions(s, s.players[s.active].name)) > MAX_CANDIDATES]
    assert battles
    for s in battles[:3]:
        seat = s.active
        legal = rs.legal_actions(s, s.players[seat].name)
        sample = determinize(rs, s, seat, random.Random(1))
        front, pool = preferred(rs, sample, seat, legal)
        attacks = [a for a in front if a.VERB == "attack"]
        # Every move that is not an attack first (drawing, selling a field), then the greedy
        # player's best attack, ...
        assert [a for a in front if a.VERB != "attack"] == [a for a in legal if a.VERB != "attack"]
        every_attack = [a for a in legal if a.VERB == "attack"]
        assert attacks and attacks[0] == greedy_act(GreedyBot(0), rs, sample, seat, every_attack)
        # ... and no attack twice with the same bean from another place in the hand.
        keys = [(a.target, a.mode, a.bean, a.cavalry) for a in attacks + pool]
        assert len(keys) == len(set(keys))
        moves, prior, _memory = candidates(rs, s, seat, sample, random.Random(2))
        assert len(moves) <= MAX_CANDIDATES and prior == moves[0] and set(front[:MAX_CANDIDATES - 1]) <= set(moves)


def test_bohnaparte_greedy_battle_step_is_the_choice_from_the_legal_list():
    """The greedy player's own battle step is chosen without building the legal list (a
    rollout asks it at every battle step): the same attack, cart or draw as from the list."""
    from beannb.games.bohnaparte.bot import _battle_step, greedy_act
    rs = get_ruleset("bohnaparte")
    states = []
    for seed in (3, 4, 5):
        states.append(rs.setup(NAMES[:4], seed, rs.check_options({})))
        play_out(rs, states[-1], [GreedyBot(seed * 10 + i) for i in range(4)],
                 on_step=lambda b, a, new, e: states.append(new))
    steps = [s for s in states if s.phase == "battle" and s.battle is None]
    chosen = []
    for s in steps:
        seat = s.active
        legal = list(rs.legal_actions(s, s.players[seat].name))
        choice = _battle_step(rs, s, seat)
        assert choice == greedy_act(GreedyBot(0), rs, s, seat, legal) and choice in legal
        chosen.append(choice.VERB if choice.VERB != "attack" else choice.mode)
    # Greedy tables seldom have six coins and a forest: given the coins, a forest's owner
    # without a cart buys one (P-36).
    foresters = [s for s in steps if s.carts[s.active] is None and rs.count_owned(s, s.active, "forest")]
    assert foresters
    for s in foresters[:5]:
        seat, rich = s.active, s.copy()
        p = rich.players[seat]
        rich.set_player(seat, p.replace(coins=p.coins + tuple(rich.deck[:6])))
        legal = list(rs.legal_actions(rich, p.name))
        choice = _battle_step(rs, rich, seat)
        assert choice == greedy_act(GreedyBot(0), rs, rich, seat, legal) and choice in legal
        chosen.append(choice.VERB)
    # Every way the step goes is among them: drawing, buying the cart, attacking from the
    # hand, with the deck's card and with the cavalry.
    assert {"draw", "buy-cart", "hand", "deck", "cavalry"} <= set(chosen), set(chosen)


def test_bohnaparte_coins_left_at_the_end_are_worth_nothing():
    from beannb.bots.strong import value
    from beannb.games.bohnaparte.bot import COIN_VP, next_turn
    rs, s = _bohnaparte_last_turn()  # the deck's last pass, one card left: Bob has no turn again
    rich = s.copy()
    rich.players = (rich.players[0],) + (rich.players[1].replace(coins=("soy",) * 4),) + tuple(rich.players[2:])
    assert next_turn(rs, s, 1) == 0.0 and value(rs, rich, 1) == value(rs, s, 1) == 1
    early = rich.copy()
    early.exhausted = 0  # two passes of the deck to go: every coin buys raids
    assert next_turn(rs, early, 1) == 1.0 and value(rs, early, 1) == pytest.approx(1 + 4 * COIN_VP)
    long = rich.copy()
    long.deck = tuple(s.deck) * 40  # the last pass, but cards for a few more turns
    assert next_turn(rs, long, 1) == 1.0


@pytest.mark.parametrize("game", available())
def test_the_game_sets_the_budget_of_each_decision(game, monkeypatch):
    """The strong player asks the game's strategy for each decision's rollouts."""
    rs, states = _states(game, seed=5, limit=3)
    asked = []

    def budget(ruleset, state, seat):
        asked.append(seat)
        return 7

    monkeypatch.setattr(rs.strategy, "search_budget", budget)
    for s in states:
        seat = rs.to_move(s)[0]
        bot = StrongBot(3)
        bot.act(rs, s, seat)
        assert bot.last.iterations <= 7
    assert asked == [rs.to_move(s)[0] for s in states]


def test_the_games_choice_margin_decides_when_the_search_overrules_greedy(monkeypatch):
    """A move replaces the greedy one only when its win chance is higher by the game's margin."""
    rs = get_ruleset("rabohnzel")
    overruled = []
    for s in _states("rabohnzel", seed=6, every=7, limit=40)[1]:
        seat = rs.to_move(s)[0]
        res = search(rs, s, seat, 60, seed=1)
        if res.prior is not None and res.best.action != res.prior:
            overruled.append((s, seat, res.extra["gain"]))
    assert overruled, "no decision where the search overrules the greedy move"
    s, seat, gain = overruled[0]
    monkeypatch.setattr(rs.strategy, "choice_margin", gain + 0.01)
    res = search(rs, s, seat, 60, seed=1)
    assert res.best.action == res.prior
    monkeypatch.setattr(rs.strategy, "choice_margin", gain - 0.001)
    assert search(rs, s, seat, 60, seed=1).best.action != res.prior


def _trade_moments(game: str, seed: int = 3):
    """(state, seat) for every seat other than the active one at every trade-phase moment of
    a seeded greedy game."""
    rs = get_ruleset(game)
    g = beannb.new_game(game, players=NAMES[:4], seed=seed)
    bots = [GreedyBot(10 + i) for i in range(4)]
    state = g.state
    out = []
    for _ in range(3000):
        if state.phase == "over":
            break
        if rs.may_interject(state):
            out += [(state, seat) for seat in range(state.n) if seat != state.active]
        seat = rs.to_move(state)[0]
        state, _ = rs.apply(state, bots[seat].act(rs, state, seat))
    return rs, out


@pytest.mark.parametrize("game", ["rabohnzel"])
def test_the_strong_player_takes_the_base_games_initiative_where_greedy_takes_none(game):
    # B-14, B-16: a non-active player may offer the active player its own hand cards.
    from beannb.games.bohnanza.bot import STRATEGY as BASE

    rs, moments = _trade_moments(game)
    offers = 0
    for state, seat in moments:
        assert GreedyBot(1).interject(rs, state, seat) is None  # the greedy players here make no offer
        expected = BASE.interject(GreedyBot(1), rs, state, seat)
        made = StrongBot(1).interject(rs, state, seat)
        assert made == expected
        if made is not None:
            offers += 1
            assert rs.validate(state, made) is None  # a legal offer, to the active player
            assert (made.player, made.partner) == (state.players[seat].name, state.players[state.active].name)
    assert offers > 0


@pytest.mark.parametrize("game, offers", [("bohnanza", True), ("bohnaparte", False)])
def test_elsewhere_the_strong_player_takes_the_greedy_initiative(game, offers):
    # Bohnaparte keeps its greedy players' (none): the base game's made it win no more often.
    rs, moments = _trade_moments(game)
    made = [StrongBot(1).interject(rs, s, seat) for s, seat in moments]
    assert made == [GreedyBot(1).interject(rs, s, seat) for s, seat in moments]
    assert any(a is not None for a in made) == offers
