"""The action buttons' tooltips are sentences in the page's language, never notation.

A learner hovering over a button reads the whole move: who does what, with which card, on
which field ("Ann plants Chili in field 1.", "Ann elülteti a tűzbabot az 1. babföldre.").
The convention is the one every sentence the games write follows (the log, refusals,
captions): it starts with a capital letter (mostly the player's name) and ends with a full
stop; it is one line with every field filled. The notation (``Ann plant chili 1``) stays
on the button for programs only: its ``action`` (kernel side) and a class
(``beannb-notation-…``, see :func:`beannb.widgets.views.notation_class`) that tests and
scripts find the button by.

Each game is played by random bots from seeded deals, two tables per game; at every step
the action panel (the one the table apps show) is updated with the legal actions, as the
teacher sees them (every seat the game waits for, the whole table) and as the first seat
the game waits for sees its own, in English and then Hungarian on the same panel (as the
page switch does), and every button's tooltip is checked. In the pseudo-language every
tooltip is bracketed: its words all come from a catalogue.
"""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

W = pytest.importorskip("ipywidgets")

from beannb.bots import make_bot  # noqa: E402
from beannb.bots.base import bots_answer  # noqa: E402
from beannb.core.errors import BeannbError  # noqa: E402
from beannb.games import new_game  # noqa: E402
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN  # noqa: E402
from beannb.widgets.views import ActionPanel, notation_class, notation_of  # noqa: E402

from notation_patterns import raw_notation  # noqa: E402

GAMES = ("bohnanza", "takeover", "rabohnzel", "bohnaparte")
#: Two tables per game: (names, seed, options); one with Hungarian names (their suffixes).
TABLES = {
    "bohnanza": [(("Ann", "Bob", "Cid", "Dora"), 3, {}), (("Anna", "Balázs"), 4, {"profile": "RIO_GRANDE"})],
    "takeover": [(("Ann", "Bob", "Cid"), 2, {}), (("Anna", "Balázs", "Cecília", "Dénes"), 5, {})],
    "rabohnzel": [(("Ann", "Bob", "Cid"), 1, {}), (("Anna", "Balázs", "Cecília", "Dénes"), 6, {})],
    "bohnaparte": [(("Ann", "Bob", "Cid"), 2, {}), (("Anna", "Balázs", "Cecília", "Dénes"), 3, {})],
}
#: Bot moves played per table (the panel is checked before each).
STEPS = 160
#: The kinds of move each game's run must have shown buttons for (else the run proves little).
MUST_SEE = {
    "bohnanza": {"plant", "harvest", "reveal", "accept", "decline", "withdraw", "end-trade", "draw"},
    "takeover": {"play", "harvest", "takeover", "allow", "end-turn", "pass", "merge"},
    "rabohnzel": {"plant", "harvest", "reveal", "accept", "decline", "end-trade", "draw", "magic"},
    "bohnaparte": {"camp", "plant", "harvest", "reveal", "accept", "end-trade", "draw", "attack"},
}
#: English words a Hungarian tooltip must not hold: function words and the game's own nouns
#: and verbs ("a" and "is" are Hungarian words too, so they are not counted).
ENGLISH = {"the", "and", "of", "to", "with", "from", "for", "on", "onto", "in", "into", "at", "by", "or", "its",
           "his", "her", "their", "one", "no", "not", "field", "fields", "card", "cards", "hand", "deck", "offer",
           "plants", "harvests", "draws", "accepts", "declines", "withdraws", "plays", "passes", "ends", "face",
           "up", "down", "coin", "coins", "turn", "trading", "attacks", "territory", "camp", "defends"}


def problems(tip: str, action, lang: str, names, rs) -> list[str]:
    """What is wrong with ``tip`` as the tooltip of ``action``'s button in ``lang``."""
    out = []
    notation = raw_notation(tip, names)
    if notation or tip.strip() == str(action):
        out.append(f"notation {notation or tip}")
    try:
        rs.parse(tip)
    except (BeannbError, ValueError):
        pass
    else:
        out.append("reads as notation")
    if not (tip[:1].isupper() and tip.endswith(".")):
        out.append("not a sentence (a capital letter first, a full stop last)")
    if "\n" in tip or re.search(r"[{}]", tip):
        out.append("not one line with every field filled")
    if action.player not in tip:
        out.append("does not say who moves")
    if lang == "hu":
        english = sorted({w for w in re.findall(r"[^\W\d_]+", tip.lower()) if w in ENGLISH})
        if english:
            out.append(f"English words {english}")
    return out


def shown_buttons(panel: ActionPanel) -> list:
    """The panel's buttons shown now, in order (a row: its label, then the box of its buttons)."""
    return [b for row in panel.children if isinstance(row, W.HBox) for b in row.children[1].children]


def check_panel(panel: ActionPanel, actions, lang: str, names, rs, show_player: bool, obs) -> dict[str, str]:
    """Update ``panel`` and check every button; returns notation -> tooltip."""
    panel.update(actions, lang, show_player=show_player, obs=obs)
    buttons = shown_buttons(panel)
    assert sorted(str(b.action) for b in buttons) == sorted(str(a) for a in actions)
    tips = {}
    for b in buttons:
        a = b.action
        assert notation_of(b._dom_classes) == str(a), b._dom_classes  # the handle for programs
        assert sum(c.startswith("beannb-notation-") for c in b._dom_classes) == 1, b._dom_classes
        found = problems(b.tooltip, a, lang, names, rs)
        assert not found, f"{rs.name}: the {lang} tooltip of {a} is {b.tooltip!r}: {found}"
        tips[str(a)] = b.tooltip
    return tips


@pytest.mark.parametrize("game", GAMES)
def test_every_action_buttons_tooltip_is_a_sentence_in_the_pages_language(game) -> None:
    seen: dict[str, set] = defaultdict(set)
    for names, seed, options in TABLES[game]:
        g = new_game(game, list(names), seed, **options)
        rs = g.ruleset
        bots = {p: make_bot("random", seed * 10 + i) for i, p in enumerate(names)}
        teacher, seat = ActionPanel(lambda _a: None, rs), ActionPanel(lambda _a: None, rs)
        for _ in range(STEPS):
            if g.is_over():
                break
            waiting = g.to_move
            everyone = [a for p in waiting for a in g.legal_actions(p)]
            mine = g.legal_actions(waiting[0])
            views = ((teacher, everyone, len(waiting) > 1, None), (seat, mine, False, g.observe(waiting[0])))
            for panel, actions, show_player, obs in views:
                english = check_panel(panel, actions, "en", names, rs, show_player, obs)
                hungarian = check_panel(panel, actions, "hu", names, rs, show_player, obs)
                # The page switch rewords every tooltip.
                same = [k for k in english if english[k] == hungarian[k]]
                assert not same, f"{game}: tooltips left in English on the Hungarian page: {same}"
            for a in everyone:
                seen[a.VERB].add(str(a))
            bots_answer(g, bots, 1)
    missing = MUST_SEE[game] - set(seen)
    assert not missing, f"{game}: the run showed no buttons for {sorted(missing)} (seen: {sorted(seen)})"


def test_a_new_panel_gives_every_button_a_sentence() -> None:
    g = new_game("bohnanza", ["Ann", "Bob", "Cid"], 1)
    actions = g.legal_actions()
    for lang in ("en", "hu"):
        panel = ActionPanel(lambda _a: None, g.ruleset)
        panel.update(actions, lang)
        buttons = shown_buttons(panel)
        assert [str(b.action) for b in buttons] and {str(b.action) for b in buttons} == {str(a) for a in actions}
        for b in buttons:
            assert notation_class(b.action) in b._dom_classes
            assert not problems(b.tooltip, b.action, lang, g.players, g.ruleset), b.tooltip


@pytest.mark.parametrize("text", ["Ann plant chili 1", "Bob offer Ann green@2 for up:soy",
                                  "Anna takeover Balázs 3 +mighty-field", "Ann attack 14 deck"])
def test_the_notation_class_holds_the_notation_whole(text) -> None:
    cls = notation_class(text)
    assert not re.search(r"\s", cls) and notation_of(cls) == text and notation_of(["x", cls]) == text
    assert notation_of(["beannb-action", "beannb-action-plant"]) is None


@pytest.mark.parametrize("game", GAMES)
def test_in_the_pseudo_language_every_tooltip_is_catalogued(game) -> None:
    names, seed, options = TABLES[game][0]
    g = new_game(game, list(names), seed, **options)
    bots = {p: make_bot("random", i) for i, p in enumerate(names)}
    panel, checked = ActionPanel(lambda _a: None, g.ruleset), 0
    for _ in range(40):
        if g.is_over():
            break
        panel.update([a for p in g.to_move for a in g.legal_actions(p)], PSEUDO, show_player=True)
        for b in shown_buttons(panel):
            tip = b.tooltip.strip()
            assert tip.startswith(PSEUDO_OPEN) and tip.endswith(PSEUDO_CLOSE), f"{game}: {tip!r} is not catalogued"
            checked += 1
        bots_answer(g, bots, 1)
    assert checked >= 40
