"""A scenario file's variants (format 2) in the walkthrough widget and the progress store.

x10_hand_spell has the file's own line (a refused offer: the hand spell draws 4, R-63) and
the variant ``gift`` (a gift is a completed deal: it draws 3), each with an exercise.
"""
from __future__ import annotations

from beannb.scenarios import find
from beannb.walkthrough import Walkthrough
from beannb.widgets import WalkthroughApp
from beannb.widgets.progress import ProgressStore, exercise_id, exercise_ids

FILE = "rabohnzel/x10_hand_spell"


def test_a_walkthrough_offers_every_line_of_its_file_and_steps_through_the_chosen_one() -> None:
    app = WalkthroughApp(find(FILE))
    assert [k for _, k in app.line_dd.options] == [0, 1]
    assert [label for label, _ in app.line_dd.options] == [app.lines[0].title, "The hand spell after a gift"]
    own = app.w
    app.line_dd.value = 1  # as the learner picks it
    assert app.w is not own and app.w.title == "The hand spell after a gift" and app.i == 0
    assert app.slider.max == len(app.w) - 1 == 2
    assert app.w.step_of(1) == ("gift", 1) and app.w.step_of(2) == ("gift", 2) and app.w.step_of(0) is None
    app.go(2)  # the gift's last step: Ann drew 3 (hand of 1 + 3)
    assert len(app.w[2].game.state.players[0].hand) == 4
    app.choose_line(0)
    assert app.line_dd.value == 0 and app.w.title == own.title and own.step_of(1) == (None, 1)


def test_switching_the_language_relabels_the_lines_and_keeps_the_place() -> None:
    app = WalkthroughApp(find(FILE))
    app.line_dd.value = 1
    app.go(1)
    app.set_lang("hu")
    assert app.line_dd.description == "Változat" and app.line_dd.value == 1 and app.i == 1
    assert app.line_dd.options[1][0] == "A kézvarázs ajándékozás után"
    assert "ajándék" in app.title_w.value.lower()


def test_a_file_without_variants_has_no_line_chooser() -> None:
    app = WalkthroughApp(find("bohnanza/lesson_01_first_turn"))
    assert len(app.lines) == 1 and app.line_dd is None


def test_a_variants_exercise_is_counted_and_recorded_under_its_own_name() -> None:
    ids = exercise_ids("rabohnzel")
    assert exercise_id(find(FILE), 1) in ids and exercise_id(find(FILE), 1, "gift") in ids
    assert exercise_id(find(FILE), 1, "gift") == "x10_hand_spell~gift#1"
    store = ProgressStore("rabohnzel", ids=list(ids))
    app = WalkthroughApp(find(FILE), progress=store)
    app.line_dd.value = 1
    app.go(1)
    assert app.w[1].exercise is not None
    assert app.answer("3")  # a completed gift, so 3 cards
    assert store.answers == {"x10_hand_spell~gift#1": True}
    app.choose_line(0)
    app.go(1)
    assert not app.answer("3")  # the refused offer: 4 cards
    assert store.answers == {"x10_hand_spell~gift#1": True, "x10_hand_spell#1": False}


def test_a_walkthrough_built_from_frames_counts_steps_from_one() -> None:
    w = Walkthrough.from_scenario(find("bohnanza/lesson_01_first_turn"))
    assert [w.step_of(i) for i in range(1, 4)] == [(None, 1), (None, 2), (None, 3)]
