"""The message catalogues: in step with the code, complete in every language, filled with
correct Hungarian grammar, and visible in the pseudo-language wherever they are used."""
from __future__ import annotations

import importlib
import pickle
import re
import string

import pytest

import beannb
from beannb.core.errors import IllegalAction
from beannb.games import available
from beannb.i18n import LANGS, extract, hu
from beannb.i18n.core import CORE
from beannb.i18n.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, Message, Messages, Named, fill, pseudo

def all_messages() -> list[Messages]:
    """Every message table of the package (each module imported, so each table is made)."""
    import pkgutil

    for info in pkgutil.walk_packages(beannb.__path__, "beannb."):
        if info.name.split(".")[-1] in ("__main__", "extract") or ".serve.__main__" in info.name:
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:  # an optional part whose dependency is missing here
            continue
    out = [CORE, *(importlib.import_module(f"beannb.games.{game}.text").MESSAGES for game in available())]
    from beannb.i18n.messages import REGISTRY

    return out + [m for m in REGISTRY if m not in out]


def fields_of(template: str) -> dict[str, str]:
    """{field name: format spec} of a template."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(template) if name is not None}


# -- Hungarian grammar ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("value, article", [
    (0, "a"), (1, "az"), (2, "a"), (5, "az"), (7, "a"), (10, "a"), (11, "a"), (15, "a"), (50, "az"), (51, "az"),
    (100, "a"), (500, "az"), (1000, "az"), (1999, "az"), (2000, "a"), (5000, "az"), (1_000_000, "az"),
    ("1.", "az"), ("5.", "az"), ("3.", "a"), ("alma", "az"), ("Ödön", "az"), ("babföld", "a"), ("Écs", "az"),
    ("tűzbab", "a"), ("ültetés", "az"),
])
def test_the_article_follows_the_sound_of_the_next_word(value, article) -> None:
    assert hu.article(value) == article


@pytest.mark.parametrize("name, nak, val, hoz, t", [
    ("Anna", "Annának", "Annával", "Annához", "Annát"),
    ("Bob", "Bobnak", "Bobbal", "Bobhoz", "Bobot"),
    ("Cid", "Cidnek", "Ciddel", "Cidhez", "Cidet"),
    ("Ödön", "Ödönnek", "Ödönnel", "Ödönhöz", "Ödönt"),
    ("Péter", "Péternek", "Péterrel", "Péterhez", "Pétert"),
    ("Kati", "Katinak", "Katival", "Katihoz", "Katit"),
    ("Kovács", "Kovácsnak", "Kováccsal", "Kovácshoz", "Kovácsot"),
    ("Balázs", "Balázsnak", "Balázzsal", "Balázshoz", "Balázst"),
    ("Ann", "Ann-nak", "Ann-nal", "Annhoz", "Annt"),
    (1, "1-nek", "1-gyel", "1-hez", "1-et"),
    (2, "2-nek", "2-vel", "2-höz", "2-t"),
    (3, "3-nak", "3-mal", "3-hoz", "3-ot"),
    (10, "10-nek", "10-zel", "10-hez", "10-et"),
])
def test_names_and_numbers_take_their_suffixes(name, nak, val, hoz, t) -> None:
    assert (hu.dative(name), hu.instrumental(name), hu.allative(name), hu.accusative(name)) == (nak, val, hoz, t)


def test_grammar_specs_apply_in_hungarian_only() -> None:
    assert fill("{f:az}. babföld, {p:nak}", "hu", {"f": 1, "p": "Bob"}) == "az 1. babföld, Bobnak"
    assert fill("{f:Az}. babföld", "hu", {"f": 2}) == "A 2. babföld"
    assert fill("field {f:az} for {p:nak}", "en", {"f": 1, "p": "Bob"}) == "field 1 for Bob"
    assert fill("elülteti {b:az+t}", "hu", {"b": "kékbab"}) == "elülteti a kékbabot"
    assert fill("{b:Az+t}", "hu", {"b": "ördögbab"}) == "Az ördögbabot"
    assert not hu.valid_spec("az+az") and not hu.valid_spec("xyz") and hu.valid_spec("az+val")


# -- the catalogues --------------------------------------------------------------------------------------------
def test_the_catalogues_are_in_step_with_the_code_and_complete() -> None:
    """What `make translations` would write is what the repository holds, and no language lacks a
    message or keeps a fuzzy guess."""
    out_of_step, todo = [], []
    for domain in extract.domains():
        for path, data in extract.planned(domain).items():
            if not path.exists() or path.read_bytes() != data:
                out_of_step.append(str(path))
        todo += extract.problems(domain)
    assert not out_of_step, f"run 'make translations': {out_of_step}"
    assert not todo, todo[:20]


@pytest.mark.parametrize("messages", all_messages(), ids=lambda m: m.domain)
def test_every_message_exists_in_every_language_with_the_same_fields(messages: Messages) -> None:
    for code in messages.entries:
        english = {**fields_of(messages.template(code, "en", 1)), **fields_of(messages.template(code, "en", 2))}
        assert all(spec == "" for spec in english.values()), (code, "grammar specs belong to the translations")
        for lang in LANGS:
            for n in (1, 2):
                text = messages.template(code, lang, n)
                assert text.strip(), (code, lang)
                mine = fields_of(text)
                assert set(mine) == set(english) or set(mine) <= set(english) and lang != "en", (code, lang, mine)
                for name, spec in mine.items():
                    assert spec == "" or hu.valid_spec(spec), (code, lang, name, spec)
                if lang != "en":
                    assert text != messages.template(code, "en", n) or not re.search(r"[a-z]{4}", text), \
                        (code, lang, "left in English")
                assert "a(z)" not in text.lower(), (code, lang, text)


@pytest.mark.parametrize("messages", all_messages(), ids=lambda m: m.domain)
def test_the_pseudo_language_shows_every_message_bracketed_and_filled(messages: Messages) -> None:
    for code in messages.entries:
        data = {name: 2 for name in fields_of(messages.template(code, "en", 2))}
        shown = messages.text(code, PSEUDO, data)
        assert shown.startswith(PSEUDO_OPEN) and shown.endswith(PSEUDO_CLOSE), (code, shown)
        assert "{" not in shown, (code, shown)


def test_pseudo_keeps_fields_and_accents_words() -> None:
    shown = pseudo("field {field} is empty")
    assert shown == "⟦fîéld {field} îš émpty⟧".replace("émpty", "émptý")
    assert fill(shown, "en", {"field": 3}) == "⟦fîéld 3 îš émptý⟧"


def test_a_refusal_is_a_code_with_data_worded_in_the_readers_language() -> None:
    game = beannb.new_game("bohnanza", players=["Ann", "Bob", "Cid"], seed=1)
    before = game.state
    with pytest.raises(IllegalAction) as info:
        game.play("Ann harvest 1")
    exc = info.value
    assert game.state is before
    assert exc.rule == "B-32" and exc.code == "field-empty"
    assert exc.reason_text("en") == "field 1 is empty"
    assert exc.reason_text("hu") == "az 1. babföld üres"
    assert exc.text("hu").startswith("Nem szabályos: ") and "a(z)" not in exc.text("hu")
    assert exc.reason_text(PSEUDO).startswith(PSEUDO_OPEN)
    again = pickle.loads(pickle.dumps(exc.reason))
    assert isinstance(again, Message) and again.text("hu") == "az 1. babföld üres"


def test_a_named_card_reads_in_each_language() -> None:
    from beannb.games.bohnanza.cards import CARDS

    chili = Named(CARDS, "chili")
    assert chili.text("en") == CARDS.name("chili", "en") and chili.text("hu") == CARDS.name("chili", "hu")
    assert fill("{bean:az} lapot", "hu", {"bean": chili}).startswith(hu.article(CARDS.name("chili", "hu")) + " ")


def test_an_unknown_code_fails_where_it_is_written() -> None:
    with pytest.raises(KeyError):
        CORE.message("no-such-code")
