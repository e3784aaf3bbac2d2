"""Every rule on its game's page.

Each game page opens with the overview widget; below the glossary it shows the game's lists of
cards in full (takeover's beanometers and text cards, Rabohnzel's abilities, sword results and
potions, Bohnaparte's territories) with the questions the rules decide, then every rule of the
game's catalogue, grouped as the rule book groups them, each with the anchor ``rule-<ID>``. An
expansion's page also holds the base game's rules that still apply there (its catalogue's
``base_rules`` says which do not). A rule mark links to its rule only when that rule's anchor is
on the same page.
"""
from __future__ import annotations

import json
import re
from html import escape, unescape
from pathlib import Path

import pytest

from beannb.games import available
from beannb.i18n.catalogue import (
    BASE_GAME, PREFIXES, base_rule_see_also, base_rules_applying, base_rules_not_applying,
    base_rules_set_aside, catalogue, rule, sections,
)
from beannb.render.overview import page_rule_ids, references, rule_refs, rules_html

REPO = Path(__file__).resolve().parents[1]
GAMES = available()
EXPANSIONS = [g for g in GAMES if g != BASE_GAME]
LANGS = ("en", "hu")
NOTEBOOKS = {"bohnanza": "01_bohnanza", "takeover": "02_takeover", "rabohnzel": "03_rabohnzel",
             "bohnaparte": "04_bohnaparte"}

ANCHOR = re.compile(r'\bid="rule-([A-Z]-\d+)"')
LINK = re.compile(r'href="#rule-([^"]+)"')
MARK = re.compile(r'<(a|abbr) class="bnb-rule"[^>]*data-rule="([^"]+)"')


def ids(*spans: tuple[str, int, int]) -> set[str]:
    """Rule ids from numbered ranges: ids(("B", 9, 25)) == {"B-09", …, "B-25"}."""
    return {f"{p}-{n:02d}" for p, a, b in spans for n in range(a, b + 1)}


_PAGES: dict = {}


def page(game: str, lang: str) -> str:
    """The opening of the game's page as the page puts it together: the overview widget's parts."""
    if (game, lang) not in _PAGES:
        from beannb.widgets.overview import Overview

        w = Overview(game, lang=lang)
        _PAGES[game, lang] = "".join((w.head.value, w.body.value, w.gloss.value, w.reference.value, w.rules.value))
    return _PAGES[game, lang]


def anchors(html: str) -> list[str]:
    return ANCHOR.findall(html)


def dead_links(html: str) -> list[str]:
    """Rule links on a page whose target is not on it."""
    there = set(anchors(html))
    return sorted({t for t in LINK.findall(html) if t not in there})


def rule_element(html: str, rule_id: str) -> str:
    """The text of the element anchored at ``rule-<id>``, tags removed."""
    m = re.search(rf'<li class="bnb-rule-item" id="rule-{re.escape(rule_id)}"[^>]*>(.*?)</li>', html, re.S)
    assert m, f"no element for {rule_id}"
    return unescape(re.sub(r"<[^>]+>", "", m.group(1)))


def text_of(html: str) -> str:
    """What a reader sees (and find-in-page searches): the page without tags and tooltips."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html, flags=re.S))))


def has(html: str, text: str) -> bool:
    return re.sub(r"\s+", " ", text) in text_of(html)


# -- the checks themselves catch what they look for ---------------------------------------------


def test_the_checks_see_a_missing_anchor_and_a_dead_link():
    html = '<li class="bnb-rule-item" id="rule-T-01">x</li><a class="bnb-rule" href="#rule-T-02" data-rule="T-02">T-02</a>'
    assert anchors(html) == ["T-01"] and dead_links(html) == ["T-02"]
    assert rule_element(html, "T-01") == "x"
    assert has("<p>a <b>b</b></p>", "a b") and not has("<p title='c'>a</p>", "c")


# -- the catalogue says which base rules an expansion uses ---------------------------------------


@pytest.mark.parametrize("game", EXPANSIONS)
def test_every_rule_id_the_base_rules_declaration_names_exists(game):
    named = [rid for g in base_rules_set_aside(game) for rid in g.rules]
    named += [r for rid, ids in base_rule_see_also(game).items() for r in (rid, *ids)]
    assert named, f"{game}: its catalogue declares nothing about the base rules"
    unknown = sorted({r for r in named if rule(r) is None})
    assert not unknown, f"{game}: base_rules names rules the catalogues lack: {unknown}"
    off = base_rules_not_applying(game)
    assert all(r.startswith("B-") for r in off), "only base rules can be set aside"
    listed = [r for g in base_rules_set_aside(game) for r in g.rules]
    assert len(listed) == len(set(listed)), f"{game}: a base rule is set aside twice"
    own = PREFIXES_OF[game]
    for base_id, extra in base_rule_see_also(game).items():
        assert base_id.startswith("B-") and base_id not in off, (game, base_id)
        assert extra and all(r.startswith(own + "-") for r in extra), (game, base_id, extra)
    for g in base_rules_set_aside(game):
        for lang in LANGS:
            assert g.why[lang].strip(), (game, g.rules, lang)
            cited = set(re.findall(r"\b[A-Z]-\d+\b", g.why[lang]))
            assert cited and all(rule(r) and r.startswith(own + "-") for r in cited), (
                f"{game}: the reason for setting aside {g.rules} cites none of its own rules ({lang})")


PREFIXES_OF = {game: prefix for prefix, game in PREFIXES.items()}


def test_the_declarations_follow_the_specs():
    off = {g: set(base_rules_not_applying(g)) for g in EXPANSIONS}
    # takeover.md §1, §2, §5: no trading (B-09…B-25 replaced by actions a–e), fields are never bought
    # (B-33…B-36), the hand is unordered (B-03, B-09, B-10), no harvest at any time (B-31).
    assert ids(("B", 9, 25), ("B", 33, 36)) | {"B-03", "B-31"} <= off["takeover"]
    # rabohnzel.md §1.4: no 3rd field can be bought; everything else follows the base game.
    assert ids(("B", 33, 36)) <= off["rabohnzel"] and "B-31" not in off["rabohnzel"] and "B-09" not in off["rabohnzel"]
    # bohnaparte.md §1, §6.2: no 3rd field; victory points, not coins, win; harvesting stays legal (P-49).
    assert ids(("B", 33, 36)) | {"B-43"} <= off["bohnaparte"] and "B-31" not in off["bohnaparte"]
    for g in EXPANSIONS:  # single-bean protection holds everywhere (T-21, R-… via B-29, P via the base game)
        assert "B-29" in {r.id for r in base_rules_applying(g)}
        assert ids(("B", 52, 57)) <= off[g], f"{g}: the base game's two-player duel is not part of it"


def test_the_base_game_has_no_base_rules_of_its_own():
    assert base_rules_applying(BASE_GAME) == [] and base_rules_not_applying(BASE_GAME) == {}
    assert page_rule_ids(BASE_GAME) == frozenset(catalogue(BASE_GAME))


# -- every rule is on its page ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_page_holds_an_anchor_for_every_rule_of_its_catalogue(game, lang):
    html = page(game, lang)
    found = anchors(html)
    assert len(found) == len(set(found)), f"{game}: a rule anchored twice"
    want = set(catalogue(game)) | {r.id for r in base_rules_applying(game)}
    missing = sorted(want - set(found))
    assert not missing, f"{game} ({lang}): rules with no place on the page: {missing}"
    assert not sorted(set(base_rules_not_applying(game)) & set(found)), f"{game}: a base rule it sets aside is shown as holding"
    assert set(found) == set(page_rule_ids(game))
    for rid in want:  # id, title and the full text in the page's language
        r = rule(rid)
        shown = rule_element(html, rid)
        assert shown.startswith(rid) and (r.title.get(lang) or r.title["en"]) in shown and r.statement(lang) in shown, rid


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_rules_are_grouped_as_the_rule_book_groups_them(game, lang):
    html = rules_html(game, lang)
    for sec in sections(game):
        m = re.search(rf'<details class="bnb-rules-sec" data-section="{re.escape(sec["id"])}">(.*?)</details>', html, re.S)
        assert m, f"{game}: no group for section {sec['id']}"
        assert escape(sec["title"][lang]) in m.group(1)
        assert anchors(m.group(1)) == sec["rules"], f"{game}: section {sec['id']} out of order or incomplete"
    assert "<script" not in html and "<details open" not in html  # plain HTML; groups closed until opened
    base = re.search(r'<details class="bnb-rules-sec bnb-rules-base" data-section="base">(.*?)</details>', html, re.S)
    if game == BASE_GAME:
        assert base is None
        return
    title = {"en": "Base game rules that still apply", "hu": "Az alapjáték továbbra is érvényes szabályai"}[lang]
    assert base and title in base.group(1)
    holding = {r.id for r in base_rules_applying(game)}  # grouped as the base rule book groups them
    assert anchors(base.group(1)) == [rid for sec in sections(BASE_GAME) for rid in sec["rules"] if rid in holding]
    for sec in sections(BASE_GAME):
        if holding & set(sec["rules"]):
            assert f"<h4>{escape(sec['title'][lang])}</h4>" in base.group(1)
    for g in base_rules_set_aside(game):  # and why the others are not there
        assert escape(g.why[lang]) in base.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_each_page_opens_with_the_rules_not_built_later(game):
    """The overview (with every rule) is built in the page's first cell, when the page opens."""
    nb = json.loads((REPO / "notebooks" / f"{NOTEBOOKS[game]}.ipynb").read_text(encoding="utf-8"))
    first = next(c for c in nb["cells"] if c["cell_type"] == "code")
    src = "".join(first["source"])
    assert f"Overview('{game}')" in src and "Overview.later" not in src


# -- rule marks link to their rule, and never lead nowhere ---------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_link_on_the_page_has_its_target(game, lang):
    html = page(game, lang)
    links = LINK.findall(html)
    assert len(set(links)) > 20, f"{game}: hardly any rule mark links to its rule"
    assert not dead_links(html), f"{game} ({lang}): links to rules not on the page: {dead_links(html)}"
    on_page = set(anchors(html))
    for kind, rid in MARK.findall(html):  # a mark is a link exactly when its rule is here
        assert (kind == "a") == (rid in on_page), (game, rid, kind)
    assert 'title="' in html[html.index('href="#rule-'):][:600]  # the tooltip stays


def test_a_mark_for_a_rule_not_on_the_page_is_not_a_link():
    on_takeover = page_rule_ids("takeover")
    assert "B-31" not in on_takeover and "B-29" in on_takeover and "T-22" in on_takeover
    assert "href" not in rule_refs(["B-31"], "en", on_takeover)  # takeover sets B-31 aside
    assert 'href="#rule-B-29"' in rule_refs(["B-29"], "en", on_takeover)
    assert "href" not in rule_refs(["T-22"], "en", page_rule_ids("bohnanza"))  # another game's rule
    assert "href" not in rule_refs(["B-29"], "en")  # no page given: no links (the printed summary)
    assert "B-31 " in rule_refs(["B-31"], "en", on_takeover)  # the tooltip is still there


def test_the_page_switch_links_other_widgets_marks_only_to_rules_on_the_page():
    from beannb.widgets.page import _ESM

    assert 'getElementById("rule-" + id)' in _ESM and "if (!ruleOnPage(id)) return;" in _ESM
    assert 'd.open = true' in _ESM  # a rule in a closed group is shown by opening it


# -- the content learners asked for --------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_rabohnzel_says_what_a_mage_coin_does_in_a_sword_attack(lang):
    html = page("rabohnzel", lang)
    for rid in ("R-42", "R-43"):
        assert rule(rid).statement(lang) in rule_element(html, rid)
    mage = next(e for ref in references("rabohnzel") for e in ref.entries if e.key == "sword:mage")
    assert has(html, mage.text[lang]) and set(mage.rules) == {"R-42", "R-43"}
    words = {"en": ("stays with the defender", "next own turn"), "hu": ("megtámadottnál marad", "következő saját köre")}
    assert all(w in mage.text[lang] for w in words[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_takeover_shows_the_base_beanometers(lang):
    from beannb.games.takeover.cards import CARDS, SNAP

    html = page("takeover", lang)
    beans = [b for b in CARDS.beans.values() if b.id != SNAP]
    assert len(beans) == 8
    for b in beans:
        entry = next(e for ref in references("takeover") for e in ref.entries if e.key == f"meter:{b.id}")
        assert has(html, entry.text[lang])
        for coins, n in enumerate(b.meter, start=1):
            if n:
                said = f"{n} lap: {coins} babtallér" if lang == "hu" else f"{n} cards: {coins} coin" + ("s" if coins > 1 else "")
                assert said in entry.text[lang], (b.id, said)
    blue = {"en": "4 cards: 1 coin; 6 cards: 2 coins; 8 cards: 3 coins; 10 cards: 4 coins",
            "hu": "4 lap: 1 babtallér; 6 lap: 2 babtallér; 8 lap: 3 babtallér; 10 lap: 4 babtallér"}
    assert has(html, blue[lang])


def _entries(game: str, prefix: str) -> dict:
    return {e.key.split(":", 1)[1]: e for ref in references(game) for e in ref.entries if e.key.startswith(prefix)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_takeover_text_card_shows_its_full_text(lang):
    from beannb.games.takeover.cards import TEXT_CARDS

    html = page("takeover", lang)
    cards = _entries("takeover", "text:")
    assert set(cards) == {c.id for c in TEXT_CARDS}
    for card in TEXT_CARDS:
        e = cards[card.id]
        cid = card.id
        assert e.name[lang] == card.name(lang)
        assert has(html, e.name[lang]) and has(html, e.text[lang]) and len(e.text[lang]) > 80, cid
        assert all(r in page_rule_ids("takeover") for r in e.rules)
    # the two cards no rule of the catalogue spells out (seed 000: Babföldcsere, Handkarten ausspielen)
    assert "empty" in cards["field-swap"].text["en"] and "copy" in cards["final-planting"].text["en"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_rabohnzel_potion_and_ability_shows_its_full_text(lang):
    from beannb.games.rabohnzel.cards import POTIONS, RABOHNZEL_BEANS

    html = page("rabohnzel", lang)
    potions, abilities = _entries("rabohnzel", "potion:"), _entries("rabohnzel", "ability:")
    assert set(potions) == set(POTIONS) and set(abilities) == {b.id for b in RABOHNZEL_BEANS}
    for e in [*potions.values(), *abilities.values()]:
        assert has(html, e.name[lang]) and has(html, e.text[lang]), e.key
    for pid, p in POTIONS.items():
        assert p.name(lang) in potions[pid].name[lang] and str(p.pennies) in potions[pid].name[lang]
    results = _entries("rabohnzel", "sword:")
    assert set(results) == {"princess", "sword", "thief", "mage", "other"}  # R-37…R-44, every coin drawn


@pytest.mark.parametrize("lang", LANGS)
def test_every_bohnaparte_territory_shows_its_full_text(lang):
    from beannb.games.bohnaparte.board import TERRAINS

    html = page("bohnaparte", lang)
    lands = _entries("bohnaparte", "terrain:")
    assert set(lands) == set(TERRAINS)
    for t, ter in TERRAINS.items():
        e = lands[t]
        assert has(html, e.text[lang]) and e.name[lang].lower() == ter.name(lang).lower()
        if ter.min_def:
            assert str(ter.min_def) in e.text[lang], t
    assert set(_entries("bohnaparte", "card:")) == {"cart", "cavalry"}


DECIDED = {
    # rabohnzel.md §4 FLOW, A18: anything but a harvest or an ability ends the flow; playing a
    # mage bean from the hand (the B-action, R-11) is such an action.
    ("rabohnzel", "decided:mage-ends-flow"): ({"en": "Yes.", "hu": "Igen."}, {"R-55"}),
    # bohnaparte.md §3 step 1, P-18: the same target may be attacked again; a failed attack keeps its coin (P-27).
    ("bohnaparte", "decided:attack-again"): ({"en": "Yes.", "hu": "Igen."}, {"P-18", "P-27"}),
    # takeover.md §8 #15 (seed 000: "ezeket nem szabad belekeverni"): the garden beans stay underneath (T-47, T-04).
    ("takeover", "decided:seven-new-cards-garden"): ({"en": "No.", "hu": "Nem."}, {"T-47", "T-04"}),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,key", list(DECIDED))
def test_the_questions_learners_asked_are_answered_on_the_page(game, key, lang):
    (answer, rules_) = DECIDED[game, key]
    e = next(e for ref in references(game) for e in ref.entries if e.key == key)
    html = page(game, lang)
    assert has(html, e.name[lang]) and has(html, e.text[lang])
    assert e.name[lang].endswith("?") and e.text[lang].startswith(answer[lang])
    assert rules_ <= set(e.rules)
    for rid in rules_:  # each cited rule is a link to its place on the same page
        assert f'href="#rule-{rid}"' in html and f'id="rule-{rid}"' in html


def test_seven_new_cards_leaves_the_garden_beans_underneath():
    text = _entries("takeover", "text:")["seven-new-cards"].text
    assert "stay underneath" in text["en"] and "nem szabad belekeverni" in text["hu"]
