"""The game pages teach in the learner's language (issue 11):

- the overview, the glossary and the printed summary name every option in force in words;
  an identifier (``profile``, ``AMIGO_1997``, ``late_windows="none"``) appears only as code;
- a game has one name in each language wherever it is shown (landing card, page heading,
  printed summary, lessons, rules catalogue);
- every overview line cites rules of the catalogue, and the tie-break line cites the game's
  own rule that says what happens on a tie (takeover: T-43, the spec's A-20 reading);
- the older HTML map of Bohnaparte has labels that fit their hexes at a readable size.
"""
from __future__ import annotations

import importlib
import importlib.resources
import re
from html import escape, unescape

import pytest

from beannb.games import available, get_ruleset
from beannb.i18n.catalogue import catalogue, game_title, rule
from beannb.render.overview import get_overview, glossary_html, inline_html, overview_html, summary_html, title

GAMES = available()
LANGS = ("en", "hu")

#: What an identifier looks like: snake_case or UPPER_CASE words ...
SNAKE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b")
#: ... or NAME = VALUE / NAME=VALUE (the name is reported).
ASSIGN = re.compile(r"\b([A-Za-z_]\w*)\s*=\s*[\w\"'(\[{]")


def prose(html: str) -> str:
    """What a reader sees as prose in a page: its text and tooltips, without styles, without
    ``<code>`` elements and without the code (between backticks) a tooltip may quote."""
    html = re.sub(r"<style\b.*?</style>", " ", html, flags=re.S)
    html = re.sub(r"<code\b[^>]*>.*?</code>", " ", html, flags=re.S)
    tips = " ".join(unescape(v) for v in re.findall(r'\btitle="([^"]*)"', html))
    tips = re.sub(r"`[^`]*`", " ", tips)
    return unescape(re.sub(r"<[^>]+>", " ", html)) + "\n" + tips


def identifiers(html: str) -> list[str]:
    text = prose(html)
    return sorted(set(SNAKE.findall(text)) | {f"{n}=" for n in ASSIGN.findall(text)})


def option_sets(game: str) -> list[dict]:
    """The defaults, then each listed value of each option in turn (every value must have words)."""
    rs = get_ruleset(game)
    out: list[dict] = [{}]
    for name, opt in rs.OPTIONS.items():
        for value in opt.choices or ():
            if value != opt.default:
                out.append({name: value})
    if game == "rabohnzel":
        out.append({"beanometers": {"sword": [4, 6, 8, 10]}})
    return out


def test_the_check_sees_identifiers_shown_as_prose():
    assert identifiers("<li>Edition — profile = AMIGO_1997 (default)</li>") == ["AMIGO_1997", "profile="]
    assert identifiers('<li>x — <abbr title="start_seat=0">seat 0</abbr></li>') == ["start_seat", "start_seat="]
    assert identifiers('<li>Edition — the 1997 box; <code class="bnb-code">profile="AMIGO_1997"</code></li>') == []
    assert identifiers('<abbr title="Edition; setting: `profile=&quot;AMIGO_1997&quot;`">Edition</abbr>') == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_options_are_named_in_words_and_identifiers_are_only_code(game, lang):
    rs = get_ruleset(game)
    for options in option_sets(game):
        opts = rs.check_options(dict(options))
        html = overview_html(game, lang, opts)
        assert not identifiers(html), f"{game} ({lang}, {options}): identifiers shown as prose: {identifiers(html)}"
        assert "`" not in prose(html), f"{game} ({lang}): a code mark was not drawn as code"
        ov = get_overview(game, opts)
        learner = re.sub(r'<details class="bnb-teacher">.*?</details>', " ", html, flags=re.S)
        assert "<code" not in learner, f"{game} ({lang}): code outside the fold for teachers"
        for name, value in opts.items():
            line = next(ln for ln in ov.lines() if ln.key == f"option:{name}")
            assert not SNAKE.search(line.text[lang]) and not ASSIGN.search(line.text[lang]), line.text[lang]
            assert "`" not in line.text[lang] and line.setting.startswith(f"{name}="), (line.text[lang], line.setting)
            assert line.brief and not SNAKE.search(line.brief[lang]) and not ASSIGN.search(line.brief[lang])
            fold = re.search(r'<details class="bnb-teacher">.*?</details>', html, flags=re.S).group()
            assert escape(line.setting) in fold, (name, line.setting)
    for page in (glossary_html(game, lang), summary_html(game, lang)):
        assert not identifiers(page), f"{game} ({lang}): identifiers shown as prose: {identifiers(page)}"
        assert "`" not in prose(page)
    assert '<code class="bnb-code">' in overview_html(game, lang) and "<code>" not in overview_html(game, lang)


def test_values_without_a_table_of_words_are_said_in_words():
    """Values a setup may give that no choice list has: positions, colours, a fixed layout."""
    from beannb.games.bohnaparte.overview import OPTIONS

    said = {OPTIONS["camps"].value(["01", "03", "17"], "hu"), OPTIONS["removed_camps"].value(["white", "pink"], "hu"),
            OPTIONS["layout"].value({"02": "village"}, "en"), OPTIONS["start_seat"].value(2, "hu")}
    assert said == {"mezők: 01, 03, 17", "fehér, rózsaszín", "fixed, 1 position", "az asztalnál 3. játékos"}


def test_the_overview_widget_shows_no_identifier_as_prose():
    pytest.importorskip("ipywidgets")
    from beannb.widgets.overview import Overview

    for game in GAMES:
        w = Overview(game, lang="hu")
        for html in (w.head.value, w.body.value, w.gloss.value):
            assert not identifiers(re.sub(r'href="[^"]*"', "", html)), (game, identifiers(html))


def test_code_marks_become_code_elements():
    assert inline_html('a `b="c"` <d>') == 'a <code class="bnb-code">b=&quot;c&quot;</code> &lt;d&gt;'
    assert inline_html("no code") == "no code"


# -- one name per game -----------------------------------------------------------------------


def shown_names(game: str, lang: str) -> dict[str, str]:
    """Every place a game's name is shown, by where."""
    from beannb.widgets.landing import game_card

    lessons = importlib.import_module(f"beannb.games.{game}.lessons").LESSONS["intro"][lang]
    heading = next(ln[2:].strip() for ln in lessons.splitlines() if ln.startswith("# "))
    page = summary_html(game, lang)
    return {
        "landing card": game_card(game, lang)[0],
        "page heading": title(game, lang),
        "overview": get_overview(game).title[lang],
        "printed summary": unescape(re.search(r"<h1>(.*?)</h1>", page).group(1)),
        "printed summary's title": unescape(re.search(r"<title>(.*?) — ", page).group(1)),
        "rules catalogue": game_title(game)[lang],
        "lesson heading": heading,
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_one_name_everywhere(game, lang):
    names = shown_names(game, lang)
    name = names["rules catalogue"]
    for where, shown in names.items():
        if where == "lesson heading":  # "Bohnanza, step by step": the heading starts with the name
            assert shown.startswith(name), (where, shown, name)
        else:
            assert shown == name, (where, shown, name)


def test_the_takeover_expansion_is_called_by_the_rule_books_word():
    """The Hungarian rule book calls the expansion's idea "ellenséges átvétel" (the action e)
    and its glossary term); "felvásárlás" (buy-out) is not its word."""
    assert title("takeover", "hu") == "Ellenséges átvétel" and title("takeover", "en") == "Hostile Takeover"
    term = importlib.import_module("beannb.games.takeover.overview").GLOSSARY
    assert any(t.name["hu"].lower() == title("takeover", "hu").lower() for t in term)
    for lang in LANGS:
        assert "felvásárl" not in " ".join(shown_names("takeover", lang).values()).lower()


def test_the_rulesets_title_is_the_catalogue_title():
    for game in GAMES:
        for lang in LANGS:
            assert get_ruleset(game).title[lang] == title(game, lang), (game, lang)


# -- every line is tied to the catalogue -----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_overview_line_cites_catalogue_rules(game):
    rs = get_ruleset(game)
    for options in option_sets(game):
        ov = get_overview(game, rs.check_options(dict(options)))
        for ln in ov.lines():
            assert ln.rules and all(rule(r) is not None for r in ln.rules), (game, ln.key, ln.rules)
        for t in ov.glossary:
            assert t.rules and all(rule(r) is not None for r in t.rules), (game, t.key, t.rules)


@pytest.mark.parametrize("game", GAMES)
def test_the_tie_line_cites_the_games_own_tie_rule(game):
    tie = next(ln for ln in get_overview(game).lines() if ln.key == "scoring:tie")
    own = [r for r in tie.rules if r.startswith(get_ruleset(game).rule_prefix)]
    assert own, f"{game}: the tie-break line cites none of the game's own rules: {tie.rules}"
    said = [r for r in own if "tie" in rule(r).statement("en").lower()
            and re.search(r"holtverseny|egyenl", rule(r).statement("hu").lower())]
    assert said, f"{game}: none of {own} says in the catalogue (en and hu) what happens on a tie"


def test_beannb_rules_lists_the_takeover_tie_rule(capsys):
    from beannb.cli import main

    assert main(["rules", "takeover"]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("T-43"))
    assert "tie" in line and "base game's tie-break" in line
    assert main(["rules", "takeover", "--id", "T-43", "--lang", "hu"]) == 0
    assert "holtverseny" in capsys.readouterr().out
    assert "T-43" in catalogue("takeover")


# -- the older HTML map of Bohnaparte ---------------------------------------------------------


def test_map_labels_fit_their_hexes_in_both_languages():
    from beannb.games.bohnaparte.board import TERRAINS
    from beannb.games.bohnaparte.view import FIT, GLYPH, SIZE, WORDS, label_lines

    room = SIZE * 3 ** 0.5 * FIT
    for lang in LANGS:
        for name in [t.name(lang) for t in TERRAINS.values()] + [WORDS[lang]["burned"]]:
            lines, font = label_lines(name)
            assert len(lines) <= 2 and max(len(x) for x in lines) * GLYPH * font <= room + 0.1, (name, lines, font)
            assert font >= (10.5 if name == WORDS[lang]["burned"] else 13), (name, font)
    assert label_lines("gyémántmező")[0] == ["gyémánt-", "mező"]


def test_the_map_draws_names_large_and_never_runs_them_together():
    import beannb
    from beannb.games.bohnaparte.view import map_svg

    g = beannb.new_game("bohnaparte", ["Ann", "Bob", "Cid", "Dora", "Eve"], 5)
    m = g.observe(None)["map"]
    m["burned"] = [t == "city" for t in m["terrain"]]
    for lang in LANGS:
        svg = map_svg(m, "Ann", lang)
        names = re.findall(r'<text class="name"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>', svg)
        assert names and all(float(f) >= 10.5 for f, _ in names), names
        assert "gyémánt-" in [n for _, n in names] or lang == "en"
        assert not any("(" in n for _, n in names)  # "város (felégetve)" is two lines, not one long one
        assert all(float(f) >= 12 for f in re.findall(r'<text class="pos"[^>]*font-size="([\d.]+)"', svg))
