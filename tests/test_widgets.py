"""Widgets driven headless: set traits, click buttons, look at the other widgets."""
import pytest

pytest.importorskip("ipywidgets")
import ipywidgets as W

import beannb
from beannb.scenarios import find
from beannb.walkthrough import Walkthrough
from beannb.widgets import GameController, PlayApp, TableApp, WalkthroughApp, new_controller
from beannb.widgets.landing import Landing, ScenarioBrowser
from beannb.widgets.views import notation_of


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def find_all(widget, cls):
    return [w for w in walk(widget) if cls in getattr(w, "_dom_classes", ())]


def one(widget, cls):
    found = find_all(widget, cls)
    assert found, f"no widget with class {cls}"
    return found[0]


def board(app) -> str:
    """What the table app shows: the touchable table (as HTML) and its message, or the HTML board."""
    if app.touch is not None:
        return app.touch.msg.get("html", "") + app.touch.value
    return one(app, "beannb-board").value


def test_controller_refusal_is_kept_not_raised_and_changes_nothing():
    c = new_controller(seed=2)
    before = c.game.state
    out = c.play("You harvest 3")
    assert not out.ok and c.game.state is before
    assert "B-34" in out.message("en") and "szabály" in out.message("hu")


def test_controller_runs_bots_until_the_person_decides():
    c = new_controller(players=("You", "B1", "B2"), seed=4)
    assert c.game.to_move == ["You"]
    for _ in range(60):
        legal = c.legal_for("You")
        choice = next((a for a in legal if a.VERB in ("plant", "reveal", "end-trade", "draw", "decline")), legal[0])
        c.play(choice)
        if c.game.state.turn >= 4:
            break
    assert c.game.state.turn >= 4 and (c.game.to_move == ["You"] or c.game.is_over() or "You" in c.game.to_move)


def test_controller_undo_goes_back_to_the_persons_last_decision():
    c = new_controller(players=("You", "B1", "B2"), seed=4)
    start = c.game.state
    c.play(c.legal_for("You")[0])
    c.undo()
    assert c.game.state == start


def test_table_app_buttons_play_actions_and_show_refusals():
    c = new_controller(seed=5)
    app = TableApp(c)
    buttons = find_all(app, "beannb-action")
    legal = c.game.legal_actions()
    assert buttons and all(b.action in legal and notation_of(b._dom_classes) == str(b.action) for b in buttons)
    # The tooltip says the move in a sentence (tests/test_action_tips.py checks every game's).
    assert all(b.tooltip == c.game.ruleset.describe(b.action, "en", c.observation()) for b in buttons)
    turn_before = len(c.game.steps)
    buttons[0].click()
    assert len(c.game.steps) > turn_before
    one(app, "beannb-try-text").value = "You plant pizza"
    one(app, "beannb-try").click()
    shown = board(app)
    assert "beannb-refusal" in shown and "not a card name" in shown
    one(app, "beannb-try-text").value = "You harvest 3"
    one(app, "beannb-try").click()
    assert 'class="beannb-rule"' in board(app) and "B-34" in board(app)


def test_language_switch_changes_labels_and_card_names():
    c = new_controller(seed=5)
    app = TableApp(c)
    one(app, "beannb-lang").value = "hu"
    html = board(app)
    assert "Babföldek" in html and "Fields" not in html
    assert one(app, "beannb-undo").description == "Visszavonás"


def test_seat_selector_hides_other_hands():
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 1)
    app = TableApp(GameController(g))
    teacher = board(app)
    one(app, "beannb-seat").value = "Bob"
    bob = board(app)
    assert teacher.count("card back") == 0 and bob.count("card back") == 2


def test_trade_builder_sends_an_offer_that_bots_answer():
    c = new_controller(players=("You", "B1", "B2"), seed=7)
    for _ in range(10):  # get to phase 2 of the person's turn
        if c.game.state.phase == "trade" and c.game.state.players[c.game.state.active].name == "You":
            break
        legal = c.legal_for("You")
        c.play(next((a for a in legal if a.VERB in ("plant", "reveal")), legal[0]))
    assert c.game.state.phase == "trade"
    app = TableApp(c)
    give = one(app, "beannb-trade-give")
    give.value = (give.options[0][1],)
    one(app, "beannb-trade-send").click()
    log = c.game.log
    mine = [i for i, e in enumerate(log) if e.kind == "offer" and e.player == "You"]
    assert mine, [e.kind for e in log]
    # The haggling bots answer: a deal, a refusal or a counter-offer of their own.
    answers = [e for e in log[mine[0] + 1:] if e.kind in ("deal", "decline") or (e.kind == "offer" and e.player != "You")]
    assert answers, [(e.kind, e.player) for e in log]


def test_play_app_new_game_with_chosen_bots():
    p = PlayApp(seed=3, bots=2)
    assert len(p.controller.game.players) == 3
    one(p, "beannb-n-bots").value = 3
    one(p, "beannb-new-game").click()
    assert len(p.controller.game.players) == 4
    assert one(p, "beannb-n-bots").options == (2, 3, 4)  # the 1997 edition is for 3 to 5 players (B-45)
    duel = PlayApp(seed=3, bots=1, profile="RIO_GRANDE")  # the Rio Grande edition has the duel
    assert 1 in one(duel, "beannb-n-bots").options and len(duel.controller.game.players) == 2
    assert one(PlayApp(game="rabohnzel", seed=3), "beannb-n-bots").options == (2, 3, 4)
    assert one(PlayApp(game="takeover", seed=3), "beannb-n-bots").options == (1, 2, 3, 4)


def test_walkthrough_steps_forward_back_and_jumps():
    w = WalkthroughApp(find("bohnanza/lesson_01_first_turn"))
    n = len(w.w)
    seen = set()
    for i in range(n - 1):
        one(w, "beannb-next").click()
        seen.add(one(w, "beannb-narration").value)
    assert one(w, "beannb-counter").value.endswith(f"{n - 1} / {n - 1}</span>")
    assert one(w, "beannb-next").disabled
    assert len(seen) >= n - 3
    one(w, "beannb-back").click()
    assert w.i == n - 2
    one(w, "beannb-jump").value = 0
    assert w.i == 0 and one(w, "beannb-back").disabled


def test_walkthrough_highlights_changes_and_shows_the_rule():
    wt = Walkthrough.from_scenario(find("bohnanza/lesson_02_harvest"))
    refusal = next(f for f in wt.frames if f.error is not None)
    assert refusal.rules[0] == "B-12" and refusal.changed == []
    sale = next(f for f in wt.frames if f.action == "Ann harvest 1")
    assert "Ann.coins" in sale.changed
    app = WalkthroughApp(wt)
    app.go(sale.index)
    assert 'class="chg"' in app.table_w.value
    assert "B-27" in one(app, "beannb-rules").value


def test_exercises_give_feedback_right_and_wrong():
    w = WalkthroughApp(find("bohnanza/lesson_01_first_turn"))
    w.go(2)
    boxes = find_all(w, "beannb-choice")
    assert [b.choice for b in boxes] == ["Ann plant blue 1", "Ann plant chili 1", "Ann reveal"]
    assert boxes[0].description == "Ann plants Blue in field 1."  # choices are actions in words
    boxes[0].value = True
    one(w, "beannb-check").click()
    assert find_all(w, "beannb-feedback-right")
    boxes = find_all(w, "beannb-choice")
    boxes[2].value = True
    one(w, "beannb-check").click()
    assert find_all(w, "beannb-feedback-wrong")


def test_walkthrough_of_a_recorded_game():
    g = beannb.new_game("bohnanza", ["Ann", "Bob", "Cid"], 1)
    g.play("Ann plant")
    g.play("Ann reveal")
    w = WalkthroughApp(g)
    assert len(w.w) == 3
    w.go(2)
    assert "turns up" in one(w, "beannb-narration").value


def test_landing_and_browser():
    land = Landing()
    assert "01_bohnanza.ipynb" in land.body.value and land.body.value.count("beannb-game ") == 4
    land.toggle.value = "hu"
    assert "elérhető" in land.body.value and "04_bohnaparte.ipynb" in land.body.value
    b = ScenarioBrowser("bohnanza", prefix="lesson")
    assert len(b.pick.options) >= 4 and find_all(b, "beannb-walkthrough")


def test_strategy_lab_runs_a_simulation():
    from beannb.widgets.lab import StrategyLab, report_html
    lab = StrategyLab(players=4, seed=2)
    lab.games.value = 10
    report = lab.run()
    assert report.games == 10 and report.bots == ["greedy", "greedy", "random", "random"]
    assert "sensible" in report_html(report, "en") and "megfontolt" in report_html(report, "hu")


def test_walkthrough_titles_and_changes_in_words():
    from beannb.widgets.apps import describe_changes
    w = WalkthroughApp(find("bohnanza/lesson_01_first_turn"), lang="hu")
    assert "1. lecke" in w.title_w.value
    assert describe_changes(["Ann.coins", "Ann.fields", "discard.size", "discard.top", "planted"], "en") == \
        "Ann: coins, fields; discard pile"


def test_play_app_gives_a_hint_for_the_learners_seat():
    p = PlayApp(seed=3, bots=2)
    hint = one(p, "beannb-hint")
    (button,) = [w for w in hint.children if isinstance(w, W.Button)]
    p.hint.iterations = 8
    button.click()
    text = p.hint.answer.value
    assert "Ann" in text and text.strip()
    p.set_lang("hu")
    assert p.hint.button.description != "Hint" and p.hint.answer.value != text


def test_a_redraw_builds_each_legal_list_once(monkeypatch):
    """The buttons, the trade form and the move builder ask for the legal actions of one
    table: each seat's list is built once per table, not once per asker."""
    c = new_controller(seed=5)
    app = TableApp(c)
    rs = c.game.ruleset
    built = []
    real = type(rs).legal_actions
    monkeypatch.setattr(type(rs), "legal_actions", lambda self, s, p=None: built.append((id(s), p)) or real(self, s, p))
    for _ in range(2):
        c.play(c.legal_for(c.game.to_move[0])[0])  # a new table (the page redraws): its lists are built anew
        before = len(built)
        for _ in range(3):
            app.render()
        assert len(built) > 0 and len(built) == len(set(built)) and len(built) == before
