"""The measure of the browser test of issue 23's aims (tests/browser/page_aims.py), without a
browser: what it counts, what it lets pass, what it reports."""
from __future__ import annotations

from browser.page_aims import MAX_ENGLISH_ON_HU, WholePage, card_names, foreign_words, measure, page_rule_ids


def page(lang: str, *texts, game: str = "bohnanza", anchors=None) -> WholePage:
    """A page of text nodes: a plain string, or (text, lang attribute, in a teachers' fold)."""
    segments = []
    for t in texts:
        text, marked, teacher = (t, lang, False) if isinstance(t, str) else t
        segments.append({"text": text, "lang": marked, "teacher": teacher, "switch": False})
    return WholePage(game, lang, segments, set(page_rule_ids(game) if anchors is None else anchors))


def all_rules(game: str = "bohnanza") -> str:
    return " ".join(page_rule_ids(game))


def test_a_hungarian_case_ending_after_a_number_is_not_an_english_word() -> None:
    assert not foreign_words("legfeljebb 3-at, a B-29-en, 5-ön", {"at", "en", "ön"})
    assert foreign_words("at 3 at", {"at"})["at"] == 2


def test_a_clean_page_passes_and_its_figures_say_so() -> None:
    f = measure(page("hu", "Ann ültet egy babot az 1. babföldjére.", all_rules()), "bohnanza")
    assert not f.problems, f.problems
    assert "English function words 0 (at most 10)" in f.figures() and "rule ids 57/57" in f.figures()


def test_english_words_on_a_hungarian_page_up_to_the_limit() -> None:
    words = "the and of to you your with are for it its when".split()
    assert not measure(page("hu", " ".join(words[:MAX_ENGLISH_ON_HU]), all_rules()), "bohnanza").problems
    f = measure(page("hu", " ".join(words), all_rules()), "bohnanza")
    assert f.problems and "12 English function words" in f.problems[0] and "'when'" in "\n".join(f.problems)


def test_notation_and_identifiers_only_in_the_teachers_fold() -> None:
    said = 'Ann plant chili 1; soy@1; up:red; buy-field; place 2; profile="AMIGO_1997"; same_type_fields; lang=hu; --seed'
    assert not measure(page("hu", all_rules(), (said, "hu", True)), "bohnanza").problems
    f = measure(page("hu", all_rules(), said), "bohnanza")
    text = "\n".join(f.problems)
    for piece in ("Ann plant", "soy@1", "up:r", "buy-field", "place", "AMIGO_1997", "same_type_fields", "profile=",
                  "lang=", "--seed"):
        assert piece in text, piece


def test_foreign_card_names_unless_marked_as_the_original() -> None:
    german, hungarian = card_names()
    assert {"Kaffeebohne", "Chemiekeule"} <= german and {"vörösbab", "Dzsókerbab"} <= hungarian
    assert "Teleport" not in hungarian  # the potion's name in both languages
    ok = page("en", "Chemistry Set (the original: ", ("Chemiekeule", "de", False), ")", all_rules("takeover"),
              game="takeover")
    assert not measure(ok, "takeover").problems
    f = measure(page("en", "A vörösbab és a Kaffeebohne.", all_rules("takeover"), game="takeover"), "takeover")
    text = "\n".join(f.problems)
    assert "'és'" in text and "vörösbab" in text and "Kaffeebohne" in text


def test_text_left_in_the_other_language_is_reported() -> None:
    f = measure(page("hu", ("Try it", "en", False), all_rules()), "bohnanza")
    assert any("still marked as the other language" in p for p in f.problems)


def test_every_rule_id_needs_its_anchor_and_its_text() -> None:
    ids = page_rule_ids("takeover")
    assert "T-01" in ids and "B-29" in ids and "B-31" not in ids  # base rules that still apply, only
    f = measure(page("en", " ".join(i for i in ids if i != "B-29"), game="takeover"), "takeover")
    assert f.rules_missing == ["B-29"]
    f = measure(page("en", all_rules("takeover"), game="takeover", anchors=set(ids) - {"T-05"}), "takeover")
    assert f.rules_missing == ["T-05"]
