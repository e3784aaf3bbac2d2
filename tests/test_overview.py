"""Every game page's opening: the game at a glance (built from the rules data), the glossary
(every term the game's labels, phase names and narration use) and the printable summary
(committed under notebooks/print/, equal to what the generator makes now)."""
from __future__ import annotations

import importlib
import re
from html import escape
from pathlib import Path

import pytest

from beannb.bots import make_bot
from beannb.bots.base import play_out
from beannb.games import available, get_ruleset
from beannb.games.bohnanza.overview import ordinal_words, span
from beannb.i18n.catalogue import rule
from beannb.render.overview import (
    get_overview, glossary_html, inline_html, overview_html, overview_module, summary_html, summary_name, title,
)

REPO = Path(__file__).resolve().parents[1]
GAMES = available()
LANGS = ("en", "hu")


def overviews(game: str):
    """The overview for every option set the game's playout tests cover (editions included)."""
    rs = get_ruleset(game)
    seen, out = [], []
    for options, _n in rs.configurations() or [({}, 0)]:
        if options not in seen:
            seen.append(options)
            out.append(get_overview(game, options))
    return out


# -- the overview is made from the rules data --------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_line_and_term_cites_rules_of_the_catalogue(game):
    for ov in overviews(game):
        for ln in ov.lines():
            assert ln.rules, ln.text["en"]
            assert all(ln.text[lang].strip() for lang in LANGS)
        unknown = sorted(r for r in ov.rule_ids() if rule(r) is None)
        assert not unknown, f"{game}: rule ids not in the catalogue: {unknown}"
        own = {r for ln in ov.lines() for r in ln.rules if r.startswith(get_ruleset(game).rule_prefix)}
        assert own, f"{game}: the overview cites none of the game's own rules"


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_and_option_is_described(game):
    rs = get_ruleset(game)
    keys = set().union(*(ov.keys() for ov in overviews(game)))
    missing = [p for p in rs.PHASES if f"phase:{p}" not in keys]
    assert not missing, f"{game}: phases without an overview line: {missing}"
    missing = [o for o in rs.OPTIONS if f"option:{o}" not in keys]
    assert not missing, f"{game}: options without an overview line: {missing}"
    for section in ("box", "players", "turn", "end", "scoring", "options"):
        assert overviews(game)[0].section(section).lines


@pytest.mark.parametrize("game", GAMES)
def test_what_is_in_the_box_names_every_card(game):
    rs = get_ruleset(game)
    for lang in LANGS:
        text = " ".join(ln.text[lang] for ov in overviews(game) for ln in ov.section("box").lines).lower()
        cards = set(rs.cards.others) | in_play(game)
        missing = [c for c in cards if rs.cards.name(c, lang).lower() not in text]
        assert not missing, f"{game} ({lang}): cards not named in the box section: {missing}"
    extra = {"rabohnzel": lambda lang: [p.name(lang) for p in importlib.import_module(
                 "beannb.games.rabohnzel.cards").POTIONS.values()],
             "bohnaparte": lambda lang: [t.name(lang) for t in importlib.import_module(
                 "beannb.games.bohnaparte.board").TERRAINS.values()]}
    if game in extra:
        for lang in LANGS:
            text = " ".join(ln.text[lang] for ln in overviews(game)[0].section("box").lines)
            assert [n for n in extra[game](lang) if n not in text] == []


def in_play(game: str) -> set[str]:
    """The bean types a game's setups actually use (an expansion may keep only some base beans)."""
    rs = get_ruleset(game)
    out: set[str] = set()
    for options, n in rs.configurations():
        st = rs.setup(["Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus"][:n], 0, options)
        out |= set(st.deck) | {c for p in st.players for c in p.hand} | {c for p in st.players for f in p.fields for c in f}
        out |= set(getattr(st, "garden_under", ()))
    return out & set(rs.cards.beans)


def _line(ov, key):
    return next(ln for ln in ov.lines() if ln.key == key)


@pytest.mark.parametrize("game", GAMES)
def test_player_counts_come_from_the_ruleset(game):
    rs = get_ruleset(game)
    for ov in overviews(game):
        counts = rs.player_counts(ov.options)
        assert span(counts) in _line(ov, "players").text["en"]
        assert span(counts) in _line(ov, "players").text["hu"]


def test_rabohnzel_says_when_it_ends_and_that_more_pennies_win():
    from beannb.games.rabohnzel.rules import PROFILES

    ov = get_overview("rabohnzel")
    end = _line(ov, "end:passes")
    for n, prof in PROFILES.items():
        assert all(ordinal_words(prof.end_at).text(lang) in end.text[lang] for lang in ("en", "hu"))
    assert "4th time with 4–5 players" in end.text["en"]
    tie = _line(ov, "scoring:tie")
    assert "more bean pennies" in tie.text["en"] and "több babfillér" in tie.text["hu"]
    assert "R-68" in tie.rules


def test_takeover_states_its_tie_break():
    tie = _line(get_overview("takeover"), "scoring:tie")
    assert "most cards in hand" in tie.text["en"] and "B-47" in tie.rules
    # its own rule comes first and says what the expansion does on a tie (spec A-20)
    assert tie.rules[0] == "T-43"
    assert "tie" in rule("T-43").statement("en") and "holtverseny" in rule("T-43").statement("hu")
    # another tie-break in the profile would change the sentence: it is read, not written down
    from beannb.games.takeover.rules import PROFILE_N
    assert PROFILE_N.tie_break == "HAND_CARDS"


def test_bohnanza_names_the_edition_in_force_and_its_tie_break():
    ov = get_overview("bohnanza")
    assert "the 1997 Amigo box" in _line(ov, "players").text["en"]
    assert "az Amigo 1997-es doboza" in _line(ov, "players").text["hu"]
    assert _line(ov, "option:profile").setting == 'profile="AMIGO_1997"' and "`" not in _line(ov, "option:profile").text["en"]
    assert "game against bots" in _line(ov, "options:editions").text["en"]
    assert "most cards in hand" in _line(ov, "scoring:tie").text["en"]
    current = get_overview("bohnanza", {"profile": "AMIGO_CURRENT"})
    assert "farthest clockwise" in _line(current, "scoring:tie").text["en"]
    rio = get_overview("bohnanza", {"profile": "RIO_GRANDE"})
    assert "2–7" in _line(rio, "players").text["en"] and "phase:offers" in rio.keys()


def test_an_option_in_force_is_shown_with_its_default():
    ov = get_overview("rabohnzel", {"tie_break": "FARTHEST_CLOCKWISE"})
    line = _line(ov, "option:tie_break")
    assert "farthest clockwise" in line.text["en"] and "default: most cards in hand" in line.text["en"]
    assert "farthest clockwise" in _line(ov, "scoring:tie").text["en"]


# -- the glossary covers every term the game shows --------------------------------------------

#: Interface words that are not game terms (labels may consist of these alone).
PLAIN = {
    "en": {"view", "whole table", "waiting for", "empty", "hidden", "next", "cards", "card", "active", "turn",
           "pass", "is stronger", "neither is stronger", "nothing to attack", "the map", "same board as a graph",
           "coins without a card", "decide", "from luck", "lap", "used", "assumed", "assumed_note", "choose", "top card"},
    "hu": {"nézet", "az egész asztal", "rá várunk", "üres", "rejtett", "következő", "lap", "aktív", "kör",
           "az erősebb", "egyik sem erősebb", "nincs támadható terület", "a térkép", "ugyanez a játéktér gráfként",
           "babtallér lap nélkül", "szerencséből", "kihagyás", "passz", "felül"},
}


def _forms(game: str, lang: str) -> list[str]:
    return [f for t in overview_module(game).GLOSSARY for f in t.forms.get(lang, ())]


def _covered(text: str, forms) -> bool:
    low = text.lower()
    return any(re.search(r"(?<![\w-])" + re.escape(f), low) for f in forms)


def _label_dicts(module) -> list[dict]:
    """A module's tables of words by language: {"en": {...}, "hu": {...}}."""
    out = []
    for value in vars(module).values():
        if isinstance(value, dict) and set(value) == {"en", "hu"} and all(isinstance(v, dict) for v in value.values()):
            out.append(value)
    return out


def shown_words(game: str, lang: str) -> list[str]:
    """What the game's table, buttons and narration call things: phase names, button-group
    headings, the view's labels (the game's own and the base table's) and action letters."""
    rs = get_ruleset(game)
    words = [rs.narration.phase_name(p, lang) for p in rs.PHASES]
    words += [rs.group_label(v, lang) for v in rs.notation.verbs]
    view = rs.view
    base_view = importlib.import_module("beannb.games.bohnanza.view")
    for module in {view, base_view}:
        for table in _label_dicts(module):
            words += [w for w in table[lang].values() if isinstance(w, str)]
    text = importlib.import_module(rs.package + ".text")
    if hasattr(text, "letter_name"):
        words += [text.letter_name(k).text(lang) for k in "abcdef"]
    return words


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_label_and_phase_name_is_in_the_glossary(game, lang):
    forms = _forms(game, lang)
    missing = sorted({w for w in shown_words(game, lang)
                      if w.strip().lower() not in PLAIN[lang] and not _covered(w, forms)})
    assert not missing, f"{game} ({lang}): words the page shows that no glossary term covers: {missing}"


def test_the_label_check_fails_for_a_term_the_glossary_lacks(monkeypatch):
    """A new label such as Rabohnzel's "Round card" on the base game's table is caught."""
    view = importlib.import_module("beannb.games.bohnanza.view")
    monkeypatch.setitem(view.LABELS["en"], "round", "Round card")
    monkeypatch.setitem(view.LABELS["hu"], "round", "Fordulókártya")
    for lang, word in (("en", "Round card"), ("hu", "Fordulókártya")):
        words = [w for w in shown_words("bohnanza", lang) if w.strip().lower() not in PLAIN[lang]]
        assert word in words and not _covered(word, _forms("bohnanza", lang))
        assert _covered(word, _forms("rabohnzel", lang))


#: Words some glossary lists as a form that are ordinary words elsewhere ("the owner", "kezet cserél").
GENERIC = {"en": {"owner", "position"}, "hu": {"cserél"}}


def _narration(game: str, lang: str) -> str:
    rs = get_ruleset(game)
    g = rs.setup(["Ann", "Bob", "Cid", "Dora"], 3, {})
    lines: list[str] = []
    play_out(rs, g, [make_bot("random", i) for i in range(4)],
             on_step=lambda b, a, after, events: lines.extend(e.text(lang) for e in events), max_actions=3000)
    return "\n".join(lines).lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_terms_the_narration_uses_are_in_the_glossary(game, lang):
    """A term any game's glossary knows (by its distinctive words) that this game's narration
    uses must be in this game's glossary too."""
    text = _narration(game, lang)
    mine = set(_forms(game, lang))
    known = {f for g in GAMES for f in _forms(g, lang) if len(f) >= 5} - GENERIC[lang]
    related = lambda f: _covered(f, mine) or any(_covered(m, [f]) for m in mine)  # noqa: E731
    missing = sorted(f for f in known - mine if _covered(text, [f]) and not related(f))
    assert not missing, f"{game} ({lang}): the narration uses terms its glossary lacks: {missing}"


REQUIRED = {
    "bohnanza": ["beanometer", "bean field", "harvest", "lone bean", "deck pass", "face-up cards", "3rd bean field"],
    "takeover": ["active-player card", "performed a takeover", "response window", "hostile takeover", "handicap",
                 "text card"],
    "rabohnzel": ["round card", "bean pennies", "potion", "magic phase", "deck pass", "lone bean"],
    "bohnaparte": ["camp", "steppe", "cavalry", "river crossing", "cart", "victory points"],
}


@pytest.mark.parametrize("game", GAMES)
def test_the_terms_learners_asked_about_are_explained(game):
    names = " | ".join(t.name["en"] for t in overview_module(game).GLOSSARY)
    missing = [w for w in REQUIRED[game] if w not in names]
    assert not missing, f"{game}: no glossary entry for {missing}"
    for t in overview_module(game).GLOSSARY:
        assert all(rule(r) for r in t.rules), t.key
    keys = [t.key for t in overview_module(game).GLOSSARY]
    assert len(keys) == len(set(keys))


# -- rendering -----------------------------------------------------------------------------------


def test_overview_html_annotates_each_line_with_its_rule():
    html = overview_html("takeover", "hu")
    assert 'data-rule="T-16"' in html and "„aktív játékos”-kártya" in html
    tooltip = rule("T-16").statement("hu")
    assert tooltip.replace("„", "&quot;")[:20] in html or tooltip[:20] in html
    gloss = glossary_html("rabohnzel", "en")
    assert "round card" in gloss and 'data-rule="R-08"' in gloss


# -- the printable summaries ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_print_summary_exists_is_current_and_says_the_essentials(game, lang):
    path = REPO / "notebooks" / summary_name(game, lang)
    assert path.is_file(), f"{path} is missing: run beannb summary --all notebooks"
    page = summary_html(game, lang)
    assert path.read_text(encoding="utf-8") == page, f"{path.name} is stale: run beannb summary --all notebooks"
    ov = get_overview(game)
    for key in ("players", "end:passes", "scoring:tie"):
        assert inline_html(_line(ov, key).text[lang]) in page, key
    assert "@media print" in page and "size:A4" in page
    assert span(get_ruleset(game).player_counts(ov.options)) in page


def test_cli_writes_a_summary(tmp_path, capsys):
    from beannb.cli import main

    out = tmp_path / "s.html"
    assert main(["summary", "bohnaparte", "--lang", "hu", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == summary_html("bohnaparte", "hu")
    assert main(["summary", "--all", str(tmp_path)]) == 0
    assert sorted(p.name for p in (tmp_path / "print").iterdir()) == sorted(
        f"{g}.{lang}.html" for g in GAMES for lang in LANGS)


def test_voila_serves_the_summaries_and_nothing_else_new():
    from beannb import serve as app

    patterns = app.VOILA_SETTINGS["VoilaConfiguration.file_allowlist"]
    allowed = lambda p: any(re.fullmatch(x, p, re.IGNORECASE) for x in patterns)  # noqa: E731
    for game in GAMES:
        for lang in LANGS:
            assert allowed(summary_name(game, lang)) and allowed("notebooks/" + summary_name(game, lang))
    assert not allowed("01_bohnanza.ipynb") and not allowed("print/notes.txt") and not allowed("secret.html")


# -- the widget ------------------------------------------------------------------------------------


def test_overview_widget_switches_language_and_links_the_summary(monkeypatch):
    pytest.importorskip("ipywidgets")
    from beannb.widgets.overview import Overview, summary_href

    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    w = Overview("rabohnzel")
    assert "round card" in w.gloss.value.lower() and "Glossary" in w.glossary.get_title(0)
    assert w.glossary.selected_index is None  # collapsed until opened
    assert 'href="/voila/files/print/rabohnzel.en.html"' in w.head.value
    w.lang = "hu"
    assert "fordulókártya" in w.gloss.value and "Fogalmak" in w.glossary.get_title(0)
    assert "print/rabohnzel.hu.html" in w.head.value and "játékos" in w.body.value
    w.set_lang("en")
    assert "players" in w.body.value
    with pytest.raises(ValueError):
        w.set_lang("de")
    monkeypatch.setenv("SCRIPT_NAME", "/user/a/voila/render/notebooks/03_rabohnzel.ipynb")
    assert summary_href("rabohnzel", "hu") == "/user/a/voila/files/notebooks/print/rabohnzel.hu.html"
    monkeypatch.delenv("SCRIPT_NAME")
    monkeypatch.delenv("VOILA_BASE_URL")
    assert summary_href("rabohnzel", "hu") is None
    assert 'download="rabohnzel.en.html"' in Overview("rabohnzel").head.value


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_learners_summary_has_no_code_and_the_teachers_copy_has_it(game, lang):
    """The printed page for learners names no command, setting or Python; the teacher's copy
    (beannb summary --teacher) adds what one types to set each option and the rules command."""
    page = summary_html(game, lang)
    assert "<code" not in page and "beannb rules" not in page and "import " not in page
    assert "=&quot;" not in page and "`" not in page
    teacher = summary_html(game, lang, teacher=True)
    assert f"beannb rules {game}" in teacher and "<code" in teacher
    settings = [ln.setting for sec in get_overview(game).sections for ln in sec.lines
                if ln.key.startswith("option:") and ln.setting]
    assert all(escape(s) in teacher for s in settings)


def test_cli_writes_the_teachers_summary(capsys):
    from beannb.cli import main

    assert main(["summary", "takeover", "--teacher"]) == 0
    assert "beannb rules takeover" in capsys.readouterr().out
    assert main(["summary", "takeover"]) == 0
    assert "beannb rules" not in capsys.readouterr().out
