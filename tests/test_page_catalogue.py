"""Each game's page texts (the overview, the glossary, the reference lists and the lessons) come
from its message catalogue: rendered in the pseudo-language, every word is bracketed."""
from __future__ import annotations

import re
from typing import Iterable, Mapping

#: The languages a text is read in: English, Hungarian and the pseudo-language.
SHOWN = ("en", "hu", "xx")


def without_names(text: str, names: Iterable[str]) -> str:
    """``text`` with every name (players, cards, the games …) blanked, longest first."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text, flags=re.I)
    return text


def leftover(text: str, names: Iterable[str]) -> str:
    """What of ``text`` is neither in brackets nor a name (letters left are uncatalogued words)."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    return " ".join(re.findall(r"[^\W\d_]+", without_names(text, names)))


def overview_texts(page, option_sets: Iterable[Mapping]) -> list[tuple[str, object]]:
    """(where, a mapping by language) for every section title, note, words for teachers, line
    and brief of the game's overview under each of ``option_sets``."""
    texts: list[tuple[str, object]] = []
    for options in option_sets:
        for sec in page.overview(options).sections:
            texts.append((f"{options} title {sec.key}", sec.title))
            for what, words in (("note", sec.note), ("teachers", sec.teacher)):
                if words:
                    texts.append((f"{options} {what} {sec.key}", words))
            for ln in sec.lines:
                texts.append((f"{options} {ln.key}", ln.text))
                if ln.brief:
                    texts.append((f"{options} {ln.key} brief", ln.brief))
    return texts


def glossary_and_reference_texts(page, terms) -> list[tuple[str, object]]:
    """The glossary ``terms`` (names and texts) and every reference list and entry of the page."""
    texts: list[tuple[str, object]] = []
    for t in terms:
        texts += [(f"term {t.key}", t.name), (f"term {t.key} text", t.text)]
    for ref in page.reference():
        texts.append((f"reference {ref.key}", ref.title))
        if ref.note:
            texts.append((f"reference {ref.key} note", ref.note))
        for e in ref.entries:
            texts += [(f"entry {e.key}", e.name), (f"entry {e.key} text", e.text)]
    return texts


def lesson_texts(lessons) -> list[tuple[str, object]]:
    from beannb.widgets.page import pick

    return [(f"lesson {key}", {lang: pick(lesson, lang) for lang in SHOWN}) for key, lesson in lessons.LESSONS.items()]


def assert_catalogued(texts, unbracketed) -> None:
    """Every text's pseudo-language form leaves nothing ``unbracketed`` finds; no English or
    Hungarian text shows "a(z)", a stray "{" or "None"."""
    left = {where: unbracketed(words["xx"]) for where, words in texts if unbracketed(words["xx"])}
    assert not left, f"words not from the catalogue: {left}"
    slips = [(where, lang, words[lang]) for where, words in texts for lang in ("en", "hu")
             if "a(z)" in words[lang].lower() or "{" in words[lang] or "None" in words[lang]]
    assert not slips, slips


def test_rabohnzel_page_texts_come_from_the_catalogue():
    """Rabohnzel's page in the pseudo-language: every line (for every option value it words),
    section title, note and words for teachers, glossary term, reference list and entry, and
    every lesson section is bracketed ⟦…⟧ but for numbers, names (players, beans, potions, the
    games) and markdown punctuation; in English and Hungarian no text shows "a(z)", a stray "{" or "None"."""

    from beannb.games.rabohnzel import lessons, overview as page
    from beannb.games.rabohnzel.cards import POTIONS, RABOHNZEL_BEANS
    from beannb.games.rabohnzel.rules import Rabohnzel
    from beannb.widgets.page import pick

    names = {"Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus", "Rabohnzel", "Bohnanza"}
    def unbracketed(text: str) -> str:
        return leftover(text, names)

    # the check can fail: a word outside the brackets is seen, names and numbers are not
    assert unbracketed("⟦Ûšé fîéld ⟦1⟧⟧ — the default") == "the default"
    assert unbracketed("⟦x ⟦Thîéf⟧ y⟧ (⟦Thîéf⟧ 9, ⟦Lüçk špéll⟧ 10) **⟦Télépørt⟧** | 1 |") == ""
    assert unbracketed("(Thief 9, Luck spell 10)") == "Thief Luck spell"  # names come from the catalogue too
    assert unbracketed("⟦x⟧ Mágusbab") == "Mágusbab"

    rs = Rabohnzel()
    option_sets = [{}] + [{name: v} for name, opt in rs.OPTIONS.items() for v in (opt.choices or ()) if v != opt.default]
    option_sets += [{"start_seat": 2}, {"beanometers": {"sword": [4, 6, 8, 10]}}, {"without": "luck"}]
    texts = overview_texts(page, option_sets)  # (where, a mapping by language)
    texts += glossary_and_reference_texts(page, page.GLOSSARY)
    texts += lesson_texts(lessons)

    assert_catalogued(texts, unbracketed)
    # Rabohnzel's turn has its magic phase (the glossary's turn and phase are its own, not the base game's)
    terms = {t.key: t for t in page.GLOSSARY}
    turn, phase = terms["turn"], terms["phase"]
    assert "magic phase" in turn.text["en"] and "varázsfázis" in turn.text["hu"]
    assert "1.5" in phase.text["en"] and "1,5." in phase.text["hu"]
    # the lesson names the buttons as the table shows them
    assert "*Az 1. babföld képessége*" in pick(lessons.LESSONS["magic_live"], "hu")


def test_bohnaparte_page_texts_come_from_the_catalogue():
    """Bohnaparte's page in the pseudo-language: every line (for every option value it words),
    section title and note, its own glossary terms, every reference list and entry, and every
    lesson section (the territory table, the graph's figures and the river crossings too) is
    bracketed ⟦…⟧ but for numbers, names (players, beans, terrains, colours, the board, the game)
    and markdown punctuation; in English and Hungarian no text shows "a(z)", a stray "{" or
    "None". The base game's glossary terms the page shares are the base game's (its own test
    reads them)."""

    from beannb.games.bohnanza.overview import BASE_TERMS
    from beannb.games.bohnaparte import lessons, overview as page
    from beannb.games.bohnaparte.board import HORSE_COLOURS, PLAYER_COLOURS, TERRAINS, load_board
    from beannb.games.bohnaparte.cards import BEANS, CARDS
    from beannb.games.bohnaparte.rules import Bohnaparte
    from beannb.widgets.page import pick

    names = {"Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus", "Bohnaparte", "Bohnanza"}
    names |= {str(load_board("standard").title.get("en"))}
    def unbracketed(text: str) -> str:
        return leftover(text, names)

    # the check can fail: a word outside the brackets is seen, names and numbers are not
    assert unbracketed("⟦Çàmp ⟦05⟧⟧ — the default") == "the default"
    assert unbracketed("⟦x ⟦Çhîlî⟧ y⟧ ⟦Rîçé fîéld⟧ | 3 | 18 | **⟦bàý⟧**, ⟦gréý⟧") == ""
    assert unbracketed("Rice field | **bay**") == "Rice field bay"
    assert unbracketed("⟦x⟧ sztyeppe") == "sztyeppe"

    rs = Bohnaparte()
    option_sets = [{}] + [{name: v} for name, opt in rs.OPTIONS.items() for v in (opt.choices or ()) if v != opt.default]
    option_sets += [{"start_seat": 2}, {"without": "forest"}, {"destruction": True}, {"same_type_fields": False}]
    texts = overview_texts(page, option_sets)  # (where, a mapping by language)
    shared = {id(t) for t in BASE_TERMS.values()}
    own = [t for t in page.GLOSSARY if id(t) not in shared]
    assert {"turn", "phase", "coin", "camp", "cavalry", "river"} <= {t.key for t in own}
    texts += glossary_and_reference_texts(page, own)
    texts += lesson_texts(lessons)
    # values a setup may give that no choice list has (camps for one player count, a fixed layout)
    for name, value in (("camps", ["01", "03", "17"]), ("layout", {"02": "village"}), ("removed_camps", ["pink"]),
                        ("removed_camps", [])):
        texts.append((f"option {name}={value}", {lang: page.OPTIONS[name].value(value, lang)
                                                 for lang in ("en", "hu", "xx")}))
    crossing = [({"en": "one river", "hu": "egy folyó", "xx": "⟦øñé rîvér⟧"}, {"06": ["09", "10", "06"]})]
    texts.append(("crossings", {lang: lessons.crossings_text(crossing, lang) for lang in ("en", "hu", "xx")}))

    assert_catalogued(texts, unbracketed)
    # Bohnaparte's turn has its battle step (the glossary's turn and phase are its own, not the base game's)
    terms = {t.key: t for t in page.GLOSSARY}
    turn, phase = terms["turn"], terms["phase"]
    assert "battle step" in turn.text["en"] and "csaták" in turn.text["hu"] and "four phases" not in turn.text["en"]
    assert "battle step" in phase.text["en"] and "csaták" in phase.text["hu"]
    # the territory table names the terrains by the game's own names, in the page's language
    for lang in ("en", "hu"):
        table = pick(lessons.LESSONS["territories"], lang)
        assert all(f"| {t.name(lang)} | {t.vp} |" in table for t in TERRAINS.values()), table
    assert "szekér" not in pick(lessons.LESSONS["territories"], "hu")


def test_takeover_page_texts_come_from_the_catalogue():
    """The takeover page in the pseudo-language: every line (for every option value it words),
    section title and note, its own glossary terms, every reference list and entry, and every
    lesson section (the rule book's strength cases and the copy-limit example too) is bracketed
    ⟦…⟧ but for numbers, names (players, beans, text cards, the games) and markdown punctuation;
    in English and Hungarian no text shows "a(z)", a stray "{" or "None". The base game's
    glossary terms the page shares are the base game's (its own test reads them). The house
    rules are told in words, in the options section, not as identifiers before the lessons."""
    import re
    from dataclasses import replace

    from beannb.games.bohnanza.overview import BASE_TERMS
    from beannb.games.takeover import lessons, overview as page
    from beannb.games.takeover.cards import CARDS, TEXT_CARDS
    from beannb.games.takeover.rules import Takeover
    from beannb.scenarios import find, load_scenario
    from beannb.widgets.page import pick

    langs = ("en", "hu", "xx")
    names = {"Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus", "Anna", "Balázs", "Károly", "Dóra", "Bohnanza"}
    def unbracketed(text: str) -> str:
        return leftover(text, names)

    # the check can fail: a word outside the brackets is seen, names, numbers and markdown are not
    assert unbracketed("⟦Thé àçtîvé ⟦2⟧⟧ — the default") == "the default"
    assert unbracketed("⟦x ⟦Šñàp⟧ y⟧ ⟦Pîzzà: Bîg Fàrm⟧ 4, ⟦Blüé⟧ 20; **⟦Jøkér Béàñ⟧** | 1 | * Károly") == ""
    assert unbracketed("Pizza: Big Farm 4, Blue 20") == "Pizza Big Farm Blue"
    assert unbracketed("⟦x⟧ metszőbab") == "metszőbab"

    rs = Takeover()
    option_sets = [{}] + [{name: v} for name, opt in rs.OPTIONS.items() for v in (opt.choices or ()) if v != opt.default]
    option_sets += [{"start_seat": 1}, {"without": "pizza-overflow"}]
    texts = overview_texts(page, option_sets)  # (where, a mapping by language)
    shared = {id(t) for t in BASE_TERMS.values()}
    own = [t for t in page.GLOSSARY if id(t) not in shared]
    assert {"coin", "hand", "turn", "snap", "handicap", "takeover", "response-window", "pennies"} <= {t.key for t in own}
    texts += glossary_and_reference_texts(page, own)
    texts += lesson_texts(lessons)
    # the page's example: Ann plays two Blue, Bob copies; what may Cid do under each setting?
    # (played with each language's example players: Anna, Balázs and Károly in Hungarian)
    sc = load_scenario(find("takeover/r_t30_copy_past_limit"))
    texts.append(("copy-limit example", {lang: lessons.late_windows_example(sc, lang) for lang in langs}))

    assert_catalogued(texts, unbracketed)
    # the glossary's words in Hungarian: "bal oldali" in two words, "házi szabály"
    hungarian = " ".join(words["hu"] for _, words in texts)
    assert "baloldal" not in hungarian and "házszabály" not in hungarian
    # the house rules are told in words in the options section (what a teacher types stays in the
    # teachers' fold); the example before the lessons names no option and shows no code
    options = page.overview().section("options")
    assert "copy limit" in options.note["en"] and "másolási korlát" in options.note["hu"]
    for lang in ("en", "hu"):
        for text in (options.note[lang], pick(lessons.LESSONS["option"], lang), texts[-1][1][lang]):
            assert "`" not in text and not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
    assert "copy limit" in pick(lessons.LESSONS["option"], "en")
    assert "Cid is not asked, so may do nothing" in texts[-1][1]["en"] and "Passz" in texts[-1][1]["hu"]
    assert "Károly nem tehet semmit" in texts[-1][1]["hu"] and "Cid" not in texts[-1][1]["hu"]


def test_bohnanza_page_texts_come_from_the_catalogue():
    """The base game's page in the pseudo-language: every line (for every edition and option
    value), section title, note and teachers' fold, every glossary term (the base terms the
    expansions share too), every reference list and entry, and every lesson section is
    bracketed ⟦…⟧ but for numbers, names (players, beans, the game) and markdown punctuation,
    and no English word is left unaccented inside the brackets either (a plain text put into a
    message); so are the words the expansions' pages take from the base game's helpers. In
    English and Hungarian no text shows "a(z)", a stray "{" or "None", and the page's words
    (``beannb.render.overview.word``) answer in every language, bracketed in the pseudo-language."""
    import re

    from beannb.games.bohnanza import lessons, overview as page, wording
    from beannb.games.bohnanza.rules import Bohnanza
    from beannb.games.bohnanza.view import card_count
    from beannb.i18n.catalogue import rule_statement
    from beannb.render.overview import WORD_KEYS, word

    langs = ("en", "hu", "xx")
    rs = Bohnanza()
    names = {*page.SEATS, "Bohnanza"} | {rs.cards.name(b, "en") for b in rs.cards.beans}

    def unnamed(text: str) -> str:
        """``text`` without names, code marks (`…`), link targets ((…) after a link's text) and the
        fields a template leaves to fill ({n})."""
        text = re.sub(r"`[^`]*`|\{[^{}]*\}", " ", re.sub(r"\]\([^)]*\)", "] ", text))
        return without_names(text, names)

    def unbracketed(text: str) -> str:
        """What of ``text`` is neither in brackets nor a name (letters left are uncatalogued words),
        and the words inside the brackets the pseudo-language would have accented but did not."""
        text = unnamed(text)
        plain = [w for w in re.findall(r"[A-Za-z]+", text) if re.search(r"[aceinosuyACEINOSUY]", w)]
        while True:
            inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
            if inner == text:
                break
            text = inner
        return " ".join(re.findall(r"[^\W\d_]+", text) + [w for w in plain if w not in text])

    # the check can fail: a word outside the brackets is seen, and so is an English word inside
    # them that no message accented; names, numbers, code and markdown are not
    assert unbracketed("⟦Tîé: ⟦3rd⟧⟧ — the default") == "the default"
    assert unbracketed("⟦Tîé: the tied player wins⟧") == "the tied player wins"
    assert unbracketed("⟦x ⟦Chili 18⟧, ⟦Black-eyed 10⟧⟧ * **Ann** | 1 | `profile=\"RIO_GRANDE\"` [⟦àll⟧](00_start.ipynb)") == ""
    assert unbracketed("⟦x⟧ kékbab") == "kékbab"

    option_sets = [{"profile": p, "same_type_fields": s, "start_seat": seat}
                   for p in page.EDITION_WORDS for s in (None, True, False) for seat in (0, 1)]
    texts: list[tuple[str, object]] = []  # (where, a mapping by language)
    for options in option_sets:
        ov = page.overview(options)
        assert [s.key for s in ov.sections] == list(page.TITLES)
        for sec in ov.sections:
            texts.append((f"{options} title {sec.key}", sec.title))
            for what, words in (("note", sec.note), ("teachers", sec.teacher)):
                if words:
                    texts.append((f"{options} {what} {sec.key}", words))
            for ln in sec.lines:
                texts.append((f"{options} {ln.key}", ln.text))
                if ln.brief:
                    texts.append((f"{options} {ln.key} brief", ln.brief))
    assert {t.key for t in page.GLOSSARY} == set(page.BASE_TERMS)
    texts += glossary_and_reference_texts(page, page.GLOSSARY)
    assert {"intro", "harvests", "sim"} <= set(lessons.LESSONS)
    texts += lesson_texts(lessons)
    # the words the expansions' pages take from the base game's helpers
    helpers = {
        "players": wording.players_words([3, 4, 5]).text, "one player": wording.players_words([1]).text,
        "at players": wording.at_players_words([2, 3]).text, "ordinal": wording.ordinal_words(11).text,
        "varying": lambda lang: wording.varying({3: 1, 4: 2, 5: 2}, card_count, lang),
        "fields": lambda lang: wording.fields_word(2, lang), "coins": wording.coins_words(1).text,
        "deal": page.deal_message((3, 4, 5, 6, 6)).text, "seat": lambda lang: page.seat_words(2, lang),
        "not set": lambda lang: page.value_text(None, None, lang), "no": lambda lang: page.value_text(False, {}, lang),
        "how to change": lambda lang: page.how_to_change("takeover", 'late_windows="pass_only"')[lang],
        "decided": lambda lang: page.DECIDED[lang], "shared": lambda lang: page.SHARED[lang],
        "tie lines": lambda lang: page.tie_lines({3: "HAND_CARDS", 4: "FARTHEST_CLOCKWISE"}).text[lang],
        "tie with a note": lambda lang: page.tie_lines({3: "HAND_CARDS"}, note=page.SHARED).text[lang],
        "rule's words": lambda lang: rule_statement("B-29", lang),
        "phase line": lambda lang: page.cphase_line(rs, "draw", page.SHARED, "B-25").text[lang],
        "nth time": lambda lang: page.nth_time(2, lang),
        **{f"tie-break {k}": (lambda lang, k=k: page.TIE_BREAKS[k][lang]) for k in page.TIE_BREAKS},
        **{f"edition {k}": (lambda lang, k=k: page.EDITION_WORDS[k][lang]) for k in page.EDITION_WORDS},
        **{f"word {k}": (lambda lang, k=k: word(k, lang)) for k in WORD_KEYS},
    }
    texts += [(f"helper {name}", {lang: said(lang) for lang in langs}) for name, said in helpers.items()]

    left = {where: unbracketed(words["xx"]) for where, words in texts if unbracketed(words["xx"])}
    assert not left, f"words not from the catalogue: {left}"
    slips = [(where, lang, words[lang]) for where, words in texts for lang in ("en", "hu")
             if not words[lang].strip() or "a(z)" in words[lang].lower() or "None" in words[lang]
             or ("{" in words[lang] and not where.startswith("helper word"))]
    assert not slips, slips
    # the English page names its cards in English; the Hungarian one writes "bal oldali" in two words
    english = " ".join(words["en"] for _, words in texts)
    hungarian = " ".join(words["hu"] for _, words in texts)
    assert "kékbab" not in english and "Blue 20" in english and "kékbab 20" in hungarian
    assert "baloldal" not in hungarian and "bal oldali" in hungarian
    # the class server's table of new games reads the editions' words in its client's language
    assert [page.EDITION_WORDS["AMIGO_1997"].text(lang) for lang in ("en", "hu")] == [
        "the 1997 Amigo box", "az Amigo 1997-es doboza"]
