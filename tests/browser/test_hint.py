"""The play widget's Hint and end-of-game review, in a real browser against Voila.

On the base-game page the learner (Ann) presses Hint: the answer names one of the moves
her action buttons offer (the buttons are built from her legal actions; each carries the
move as a sentence as its tooltip and its notation as a class, the answer names it as
``data-beannb-action``), lists other moves with an estimated win chance and points, and
says why; the page switch turns it into Hungarian without a new search. Then a whole game is played to its end by clicking, and
the "Review my game" button shows Ann's costliest moves, in both languages.

No timing is asserted here: ``beannb bench --hint`` measures how fast a hint appears.
"""
from __future__ import annotations

import re
import time
from typing import Any

import pytest

from beannb.i18n.cast import name_map, rename_text

from .support import CLICK_TIMEOUT_MS, action_button, notation
from .test_page_language import ENGLISH, HUNGARIAN, foreign_words
from .test_voila_pages import expect, open_base_game, settle

pytestmark = pytest.mark.browser

YOU = "Ann"
#: The same seat on the Hungarian page (the page seats the Hungarian cast).
YOU_HU = name_map("en", "hu")[YOU]
ANSWER = ".beannb-hint-answer"
SHOWN = f"{ANSWER} [data-beannb-ask]"  # a finished answer ("Thinking…" has no number)
#: Moves that take a game forward fastest, most wanted first (the rest: the first button).
FORWARD = ("plant", "reveal", "end-trade", "draw", "decline", "end-turn", "end")
#: The review searches a whole game (seconds); how long the test waits for it.
REVIEW_TIMEOUT_MS = 120_000


def legal_moves(play: Any) -> dict[str, str]:
    """Ann's action buttons now: notation (the button's notation class) -> label (the
    button's words). Each tooltip is the move as a sentence, not the notation."""
    buttons = play.locator("button.beannb-action")
    settle(buttons)
    out = {}
    for b in buttons.all():
        if b.is_visible() and b.is_enabled():
            move, tip = notation(b), b.get_attribute("title") or ""
            assert move and tip != move and tip.startswith(YOU) and tip.endswith("."), (move, tip)
            out[move] = " ".join(b.inner_text().split())
    return out


def click_and_wait(play: Any, button: Any) -> None:
    """Click an action button and wait until the game has answered (the log changed)."""
    log = play.locator(".beannb-log")
    before = log.inner_text()
    button.click()
    deadline = time.monotonic() + CLICK_TIMEOUT_MS / 1000
    while log.inner_text() == before and time.monotonic() < deadline:
        time.sleep(0.05)
    expect(play.locator(".beannb-refusal")).to_have_count(0)


def forward_button(play: Any) -> Any:
    """The action button that takes the game forward fastest."""
    for kind in FORWARD:
        buttons = play.locator(f"button.beannb-action-{kind}")
        if buttons.count():
            return buttons.first
    return play.locator("button.beannb-action").first


def ask_hint(play: Any) -> Any:
    play.locator(".beannb-hint-button").click()
    answer = play.locator(SHOWN)
    expect(answer).to_be_visible(timeout=CLICK_TIMEOUT_MS)
    return answer


def test_hint_names_a_legal_move_with_alternatives_and_why_in_both_languages(voila_server, new_tab) -> None:
    tab = open_base_game(voila_server, new_tab)
    play = tab.page.locator(".beannb-play")
    expect(play.locator(".beannb-hint-button")).to_have_text("Hint")
    # A decision with a real choice (the answer then has several alternatives to weigh).
    for _ in range(40):
        moves = legal_moves(play)
        if len(moves) >= 3:
            break
        click_and_wait(play, forward_button(play))
    assert len(moves) >= 2, f"no decision with a choice for {YOU}: {moves}"

    answer = ask_hint(play)
    expect(answer).to_have_attribute("lang", "en")
    suggested = answer.get_attribute("data-beannb-action")
    assert suggested in moves or suggested.startswith(f"{YOU} offer "), (
        f"the hint suggests {suggested!r}, not one of {YOU}'s moves {sorted(moves)}")
    best = " ".join(answer.locator(".beannb-hint-best").inner_text().split())
    assert YOU in best and best != suggested, f"the suggestion is not a sentence in words: {best!r}"
    expect(answer).to_contain_text("Suggested:")

    # Alternatives: other legal moves, each in its button's words, with a chance and points.
    alternatives = answer.locator(".beannb-hint-alternatives li")
    assert alternatives.count() >= 1, answer.inner_text()
    for li in alternatives.all():
        move = li.get_attribute("data-beannb-action")
        text = " ".join(li.inner_text().split())
        assert move in moves and move != suggested, f"alternative {move!r} is not another of {sorted(moves)}"
        assert text.startswith(moves[move] + ":"), f"{text!r} does not name the move as its button does ({moves[move]!r})"
        assert re.search(r"estimated win chance \d{1,3}% · about -?\d+\.\d coins$", text), text
    why = answer.locator(".beannb-hint-why").inner_text()
    assert "simulated continuations" in why and "%" in why, why
    english = answer.inner_text()
    asked = answer.get_attribute("data-beannb-ask")
    print(f"\nhint for {YOU} ({len(moves)} moves): {' '.join(english.split())}")
    english_tips = {notation(b): b.get_attribute("title") for b in play.locator("button.beannb-action").all()}
    tab.screenshot("hint_en", play.locator(".beannb-hint"))

    # The page switch: the same answer (no new search: the same number), in Hungarian.
    tab.page.locator(".beannb-page-lang-hu").click()
    answer = play.locator(SHOWN)
    expect(answer).to_have_attribute("lang", "hu")
    expect(play.locator(".beannb-hint-button")).to_have_text("Tipp")
    # The buttons' tooltips follow the page: each move as a Hungarian sentence.
    buttons = play.locator("button.beannb-action")
    to_en = name_map("hu", "en")
    expect(buttons.first).not_to_have_attribute("title", english_tips[rename_text(notation(buttons.first), to_en)])
    for b in buttons.all():
        tip = b.get_attribute("title") or ""
        assert tip != english_tips.get(rename_text(notation(b), to_en)) and tip.startswith(YOU_HU) and tip.endswith("."), tip
        assert not foreign_words(tip, ENGLISH), f"English words in a Hungarian tooltip: {tip!r}"
    expect(answer).to_contain_text("Javaslat:")
    expect(answer.locator(".beannb-hint-alternatives li").first).to_contain_text("becsült nyerési esély")
    expect(answer.locator(".beannb-hint-why")).to_contain_text("végigjátszott folytatásban")
    assert answer.get_attribute("data-beannb-ask") == asked
    # the same move, made by the same seat under its Hungarian name
    assert answer.get_attribute("data-beannb-action") == rename_text(suggested, name_map("en", "hu"))
    hungarian = answer.inner_text()
    assert not foreign_words(hungarian, ENGLISH), f"English words in the Hungarian hint: {hungarian!r}"
    assert not foreign_words(english, HUNGARIAN), f"Hungarian words in the English hint: {english!r}"
    print(f"tipp: {' '.join(hungarian.split())}")
    tab.screenshot("hint_hu", play.locator(".beannb-hint"))

    # Playing the suggested move: the answer no longer applies and goes.
    button = action_button(play, suggested)
    if button.count():
        click_and_wait(play, button.first)
        expect(play.locator(SHOWN)).to_have_count(0)
    assert not tab.page_errors, tab.problems()


def test_a_finished_game_offers_the_review(voila_server, new_tab) -> None:
    tab = open_base_game(voila_server, new_tab)
    play = tab.page.locator(".beannb-play")
    review = play.locator(".beannb-review-button")
    expect(review).to_be_hidden()  # only once the game is over
    clicks = 0
    started = time.monotonic()
    while play.locator(".beannb-over").count() == 0:
        assert clicks < 1500, "the game did not end within 1500 clicks"
        actions = play.locator("button.beannb-action")
        assert settle(actions) > 0, "no action buttons for Ann although the game is not over"
        click_and_wait(play, forward_button(play))
        clicks += 1
    print(f"\nthe game ended after {clicks} clicks in {time.monotonic() - started:.0f} s")

    expect(review).to_be_visible()
    expect(review).to_have_text("Review my game")
    play.locator(".beannb-hint-button").click()  # Hint on a finished game points to the review
    expect(play.locator(SHOWN)).to_contain_text("Review my game")
    review.click()
    answer = play.locator(f"{ANSWER} .beannb-review")
    expect(answer).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(answer).to_contain_text(f"Review of {YOU}'s game")
    assert int(answer.get_attribute("data-beannb-moves")) > 0
    text = " ".join(answer.inner_text().split())
    assert f"{YOU}'s costliest moves" in text or "looks costly" in text, text
    marked = answer.locator(".beannb-review-moves li")
    assert marked.count() <= 3
    for li in marked.all():
        assert re.search(r"Turn \d+ \(step \d+\): .*Better: .*estimated win chance \d+% instead of \d+%",
                         li.inner_text()), li.inner_text()
    print(f"review: {text}")
    tab.screenshot("review_en", play.locator(".beannb-hint"))

    tab.page.locator(".beannb-page-lang-hu").click()
    answer = play.locator(f"{ANSWER} .beannb-review")
    expect(answer).to_have_attribute("lang", "hu")
    expect(review).to_have_text("Játszmám áttekintése")
    expect(answer).to_contain_text(f"{YOU_HU} játszmájának áttekintése")
    hungarian = " ".join(answer.inner_text().split())
    assert "legköltségesebb lépései" in hungarian or "költségesnek" in hungarian, hungarian
    assert not foreign_words(hungarian, ENGLISH), f"English words in the Hungarian review: {hungarian!r}"
    print(f"áttekintés: {hungarian}")
    tab.screenshot("review_hu", play.locator(".beannb-hint"))
    assert not tab.page_errors, tab.problems()
