"""The move builder: any move of every game put together in words (who, what, card, field …),
said as a sentence and tried; the learner's page never shows the notation outside the
teachers' fold."""
from __future__ import annotations

import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")
import ipywidgets as W

from beannb.core.errors import BeannbError
from beannb.games import get_ruleset, new_game
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN
from beannb.widgets import GameController, PlayApp, TableApp, views
from beannb.widgets.builder import MoveBuilder, shape
from beannb.widgets.page import page_language
from notation_patterns import raw_notation

PLAYERS = ["Ann", "Bob", "Cid"]

#: Per game, on a fresh game of seed 1: a legal move and two refused ones, each as the
#: builder's choices, the notation it must build (for the expected sentence) and the rule
#: the refusal cites.
CASES = {
    "bohnanza": {
        "legal": ({"who": "Ann", "what": "plant", "card": "stink", "field": 1}, "Ann plant stink 1"),
        "refused": [({"who": "Bob", "what": "plant", "card": "stink", "field": 1}, "Bob plant stink 1", "B-09"),
                    ({"who": "Ann", "what": "harvest", "field": 1}, "Ann harvest 1", "B-32")],
    },
    "takeover": {
        "legal": ({"who": "Bob", "what": "harvest", "field": 1}, "Bob harvest 1"),
        "refused": [({"who": "Ann", "what": "harvest", "field": 1}, "Ann harvest 1", "T-30"),
                    ({"who": "Ann", "what": "play", "card": "red", "count": 2, "field": 3}, "Ann play 2 red 3", None)],
    },
    "rabohnzel": {
        "legal": ({"who": "Ann", "what": "plant", "card": "princess", "field": 1}, "Ann plant princess 1"),
        "refused": [({"who": "Bob", "what": "plant", "card": "princess", "field": 1}, "Bob plant princess 1", "B-09"),
                    ({"who": "Ann", "what": "harvest", "field": 1}, "Ann harvest 1", "B-32")],
    },
    "bohnaparte": {
        "legal": ({"who": "Cid", "what": "camp", "which": "Cid camp 02"}, "Cid camp 02"),
        "refused": [({"who": "Ann", "what": "plant", "card": None, "field": None}, "Ann plant", "P-07"),
                    ({"who": "Cid", "what": "harvest", "field": 1}, "Cid harvest 1", "P-07")],
    },
}
GAMES = tuple(CASES)


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def with_class(widget, cls):
    return [w for w in walk(widget) if cls in getattr(w, "_dom_classes", ())]


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def fresh(game: str, lang: str = "en", **kw):
    g = new_game(game, PLAYERS, 1)
    c = GameController(g, lang=lang if lang != PSEUDO else "en")
    b = MoveBuilder(g.ruleset, g.players, c.play, lang=lang, player=g.to_move[0],
                    known=lambda: c.legal_for(None), obs=c.observation(), **kw)
    return g, c, b


def choose(b: MoveBuilder, rs, choice: dict) -> None:
    """Set the builder's drop-downs as a learner does: who, what, then the details shown."""
    b.who.value = choice["who"]
    b.what.value = choice["what"]
    shown = set(b.details.children)
    for key in ("card", "field", "pos", "count"):
        if key in choice:
            dd = getattr(b, key)
            assert dd in shown, f"no {key} drop-down for {choice['what']}"
            dd.value = choice[key]
    if "which" in choice:
        assert b.which in shown, f"no list of moves for {choice['what']}"
        b.which.value = rs.parse(choice["which"])


def all_labels(b: MoveBuilder) -> list[str]:
    """Every word the builder shows while a learner goes through every verb: the labels of
    the drop-downs and of their choices, the sentence, the button and its tooltip."""
    out = [b.heading.value, b.lead.value, b.try_button.description]
    out += [dd.description for dd in (b.who, b.what, b.card, b.field, b.pos, b.count, b.which)]
    out += [label for label, _ in b.what.options]
    for verb in b.ruleset.notation.verbs:
        b.what.value = verb
        for dd in b.details.children:
            out += [label for label, _ in dd.options]
        out += [b.sentence.value, b.try_button.tooltip]
    return out


# -- who and what ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_builder_offers_every_verb_of_the_game_and_its_players(game):
    g, c, b = fresh(game)
    rs = g.ruleset
    assert [v for _, v in b.what.options] == list(rs.notation.verbs)
    labels = [label for label, _ in b.what.options]
    assert len(set(labels)) == len(labels), f"two verbs read the same: {labels}"
    assert [v for _, v in b.who.options] == PLAYERS
    assert b.who.value == g.to_move[0]  # the seat the game waits for (the page plays every seat)
    assert b.what.value == c.legal_for(g.to_move[0])[0].VERB  # a move of hers that is open now
    for verb, cls in rs.notation.verbs.items():
        b.what.value = verb
        if shape(cls) is None:
            assert list(b.details.children) in ([b.which], [])
        else:
            assert len(b.details.children) == len(shape(cls))


# -- building and trying -------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_choices_build_the_move_and_try_plays_a_legal_one(game):
    g, c, b = fresh(game)
    rs = g.ruleset
    choice, notation = CASES[game]["legal"]
    choose(b, rs, choice)
    expected = rs.parse(notation)
    assert b.action == expected
    said = rs.describe(expected, "en", c.observation())
    assert text_of(b.sentence.value).split(":", 1)[1].strip() == said
    assert b.try_button.tooltip == said and not b.try_button.disabled
    steps = len(g.steps)
    b.try_button.click()
    assert len(g.steps) == steps + 1 and g.steps[-1].action == expected
    assert "beannb-message" in b.result.value and "beannb-refusal" not in b.result.value


@pytest.mark.parametrize("game", GAMES)
def test_try_refuses_an_illegal_move_explains_it_and_changes_nothing(game):
    g, c, b = fresh(game)
    rs = g.ruleset
    for choice, notation, rule in CASES[game]["refused"]:
        choose(b, rs, choice)
        assert b.action == rs.parse(notation)
        assert text_of(b.sentence.value).split(":", 1)[1].strip() == rs.describe(b.action, "en", c.observation())
        before, steps = g.state, len(g.steps)
        b.try_button.click()
        assert g.state is before and len(g.steps) == steps, notation
        assert not c.last.ok
        shown = text_of(b.result.value)
        assert "beannb-refusal" in b.result.value
        assert " ".join(c.last.message("en").split()) in " ".join(shown.split())
        if rule:
            assert rule in shown


def test_the_field_list_reaches_the_third_field_and_harvesting_it_is_refused_in_words():
    g, c, b = fresh("bohnanza")
    choose(b, g.ruleset, {"who": "Ann", "what": "harvest", "field": 3})
    assert [label for label, _ in b.field.options] == ["field 1", "field 2", "field 3"]
    b.try_button.click()
    assert "B-34" in b.result.value and "Ann harvests field 3" in text_of(b.result.value)


def test_a_verb_with_richer_details_lists_moves_the_game_knows_for_the_chosen_player():
    g, c, b = fresh("takeover")
    rs = g.ruleset
    b.who.value, b.what.value = "Bob", "takeover"
    listed = [a for _, a in b.which.options]
    assert rs.parse("Bob takeover Ann 3") in listed and rs.parse("Bob takeover Cid 3") in listed
    assert all(a.player == "Bob" for a in listed)
    b.who.value = "Ann"  # Bob's open moves, as Ann's: she would take over Bob's field
    listed = [a for _, a in b.which.options]
    assert rs.parse("Ann takeover Bob 3") in listed and all(a.player == "Ann" for a in listed)
    b.which.value = rs.parse("Ann takeover Bob 3")
    before = g.state
    b.try_button.click()
    assert g.state is before and not c.last.ok and "T-" in b.result.value


def test_the_page_plays_a_built_move_and_shows_the_refusal_on_its_table():
    g = new_game("bohnanza", PLAYERS, 1)
    c = GameController(g)
    app = TableApp(c)
    b = app.builder
    choose(b, g.ruleset, {"who": "Bob", "what": "plant", "card": "stink", "field": 1})
    before = g.state
    b.try_button.click()
    shown = app.touch.msg.get("html", "") if app.touch is not None else app.board.value
    assert g.state is before and "beannb-refusal" in shown and "B-09" in shown
    assert "Bob plants Stink in field 1" in unescape(shown)
    choose(b, g.ruleset, {"who": "Ann", "what": "plant", "card": "stink", "field": 1})
    b.try_button.click()
    assert len(g.steps) == 1 and app.builder is b  # the builder is kept, not rebuilt per click


# -- the page's language ------------------------------------------------------------------------
#: Hungarian words a Hungarian builder shows for each game (its first verb's heading and a field).
HUNGARIAN = {"bohnanza": ["Ültetés", "Betakarítás", "1. babföld"], "takeover": ["Kijátszás a kézből", "1. babföld"],
             "rabohnzel": ["Ültetés", "Varázsfázis"], "bohnaparte": ["Tábor", "Támadás", "1. babföld"]}
#: English words that must not be left in a Hungarian builder (names and card names aside).
ENGLISH = {"the", "and", "of", "field", "card", "cards", "plant", "plants", "harvest", "harvests", "offer", "offers",
           "accept", "decline", "draw", "discard", "who", "what", "which", "try", "move", "not", "named", "hand", "with"}


@pytest.mark.parametrize("game", GAMES)
def test_a_hungarian_builder_speaks_hungarian_and_never_the_notation(game):
    g, c, b = fresh(game, "hu")
    rs = g.ruleset
    labels = all_labels(b)
    joined = "\n".join(text_of(x) for x in labels)
    for word in HUNGARIAN[game] + ["Ki", "Mit", "Próbáld ki", "A lépés:"]:
        assert word in joined, (word, joined[:400])
    english = sorted({w for w in re.findall(r"[^\W\d_]+", joined.lower()) if w in ENGLISH})
    assert not english, english
    verbs = [v for v in rs.notation.verbs if "-" in v]
    for label in labels:
        plain = text_of(label)
        assert "@" not in plain and "up:" not in plain, plain
        assert not any(re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", plain) for v in verbs), plain
        try:
            rs.parse(plain.strip())
        except BeannbError:
            pass
        else:
            pytest.fail(f"a label reads as notation: {plain!r}")


@pytest.mark.parametrize("lang", ("en", "hu"))
@pytest.mark.parametrize("game", GAMES)
def test_no_word_the_builder_shows_is_notation(game, lang):
    g, c, b = fresh(game, lang)
    found = raw_notation("\n".join(text_of(x) for x in all_labels(b)), tuple(PLAYERS))
    assert not found, found


def bracketed(text: str) -> bool:
    text = text.strip()
    return text.startswith(PSEUDO_OPEN) and text.endswith(PSEUDO_CLOSE)


@pytest.mark.parametrize("game", GAMES)
def test_in_the_pseudo_language_every_word_is_catalogued(game):
    g, c, b = fresh(game, PSEUDO)
    rs = g.ruleset
    names = set(PLAYERS) | {rs.cards.name(cid, PSEUDO) for cid in [*rs.cards.beans, *rs.cards.others]}
    words = [b.try_button.description, text_of(b.heading.value), text_of(b.lead.value)]
    words += [dd.description for dd in (b.who, b.what, b.card, b.field, b.pos, b.count, b.which)]
    # Player and card names are data, not words: a text-card verb reads as its card's name.
    words += [label for label, _ in b.what.options if label not in names]
    for verb in rs.notation.verbs:
        b.what.value = verb
        for dd in b.details.children:
            words += [label for label, _ in dd.options if label not in names]
        said = text_of(b.sentence.value).strip()
        head, _, rest = said.partition(PSEUDO_CLOSE)
        assert bracketed(head + PSEUDO_CLOSE) and bracketed(rest), said
        words.append(b.try_button.tooltip)
    unbracketed = [w for w in words if not bracketed(w)]
    assert not unbracketed, unbracketed


def test_set_lang_rewords_the_builder_and_keeps_the_choices():
    g, c, b = fresh("bohnanza")
    choose(b, g.ruleset, {"who": "Ann", "what": "plant", "card": "stink", "field": 2})
    b.set_lang("hu")
    assert (b.who.value, b.what.value, b.card.value, b.field.value) == ("Ann", "plant", "stink", 2)
    assert b.what.label == "Ültetés" and b.field.label == "2. babföld" and b.card.label == "disznóbab"
    assert b.field.description == "Babföld" and b.try_button.description == "Próbáld ki"
    assert " ".join(text_of(b.sentence.value).split()) == "A lépés: Ann elülteti a disznóbabot a 2. babföldre."
    b.set_lang("en")
    assert b.what.label == "Plant" and b.field.label == "field 2"


# -- the play page ---------------------------------------------------------------------------------
@pytest.fixture
def page():
    page_language().reset()
    yield
    page_language().reset()


def test_the_play_page_holds_the_builder_outside_the_teachers_fold(page):
    play = PlayApp(seed=1, bots=2)
    folds = with_class(play, "beannb-teacher-fold")
    assert len(folds) == 1
    fold = folds[0]
    assert isinstance(fold, W.Accordion) and fold.selected_index is None  # closed
    assert fold.titles == ("For teachers: type a move in notation",)
    inside = list(walk(fold))
    builders = with_class(play, "beannb-builder")
    assert len(builders) == 1 and builders[0] not in inside
    assert builders[0].who.value == "Ann"  # the page's seat
    for cls in ("beannb-try-text", "beannb-try", "beannb-try-examples"):
        found = with_class(play, cls)
        assert found and all(w in inside for w in found), cls
    assert not any(isinstance(w, W.Text) for w in walk(play) if w not in inside)
    page_language().set("hu")
    assert fold.titles == ("Tanároknak: lépés beírása jelöléssel",)
    assert builders[0].try_button.description == "Próbáld ki" and builders[0].who.description == "Ki"


def test_the_teachers_box_explains_itself_in_words_and_shows_only_this_games_notation():
    g = new_game("rabohnzel", ["You", "Bot1", "Bot2"], 1)
    app = TableApp(GameController(g, lang="hu"))
    button = with_class(app, "beannb-try")[0]
    tip = button.tooltip
    assert tip.endswith(".") and "mezőbe" in tip
    with pytest.raises(BeannbError):
        g.ruleset.parse(tip)
    help_ = with_class(app, "beannb-try-examples")[0].value
    shown = re.findall(r"<code>(.*?)</code>", help_)
    assert shown and str(g.legal_actions()[0]) == unescape(shown[0])  # the open moves first


@pytest.mark.parametrize("game", GAMES)
def test_the_notation_examples_are_well_formed_moves_of_the_game_for_its_players(game):
    rs = get_ruleset(game)
    players = ["You", "Bot1", "Bot2"]
    examples = views.try_examples(rs, [], "You", players)
    assert 2 <= len(examples) <= 3
    for text in examples:
        action = rs.parse(text)
        rs.check_form(action)
        assert action.player == "You" and not set(text.split()) & {"Ann", "Bob", "Cid"}, text
    for action in views.form_examples(rs, "Bot1", players):
        rs.check_form(action)
        assert action.player == "Bot1"
