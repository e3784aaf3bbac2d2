"""Lessons and rule examples read as plain prose in the learner's language.

A sweep over every text a learner reads in every scenario file (``scenarios/<game>/*.yaml``):
the keys ``title``, ``description``, ``say``, ``ask``, ``explain`` and ``choices``, each with
its ``_hu`` twin, at the top, in the steps, in the variants and in the variants' steps. The
walkthrough shows them on the game pages as they are written, so they must hold

- no program talk: identifiers (``late_windows``, ``AMIGO_1997``, ``start_seat``), options
  written as code (``profile=RIO_GRANDE``, ``destruction: true``), code marks, references to
  the project's spec (``spec §6``, ``(A-4)``; rule ids such as B-43 are fine), and no action
  notation (``Ann plant stink 1``, ``soy@1``, ``up:red``, ``the turn-up``) in sentences: a
  choice may be an action in notation (the page shows it as a button in words), a sentence
  may not;
- no seat counted from 0 (``seat 0``, ``0. hely``, or the start player "in seat 2" of a file
  with ``start_seat: 2``, who sits in the third seat) and no ``mod`` arithmetic;
- in Hungarian, the words of the glossary (kordé, sztyeppe, legyőzött lovasság,
  visszatámadás, betakarít, szöveges kártya, védekező kártya, elfogyaszt, varázsfázis, házi
  szabály, bal/jobb oldali) and no "a(z)";
- in English, the English card names (not Mutabohne, Zusätzliche Ernte, metszőbab, babfillér),
  and no German card names in Hungarian either (Bohnotoni);
- no slips (the shared checker, tests/text_sweep.py): run-together sentences, doubled or stray
  punctuation, double spaces, "(s)" plurals, "1 cards", an empty text, two choices of one
  question that read the same.

Each finding names the file, the key path (``steps[3].say_hu``) and the text.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest
import yaml

from beannb.games import available, get_ruleset

from notation_patterns import NAMES, raw_notation
from text_sweep import faults, reading

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").glob("*/*.yaml"))

#: The keys whose texts the pages show (``description`` is the walkthrough's first frame).
PROSE = ("title", "description", "say", "ask", "explain", "choices")


class Text(NamedTuple):
    path: str      # key path in the file, e.g. "steps[3].say_hu"
    lang: str      # "en" or "hu"
    key: str       # the key without its language: "say", "choices", ...
    text: object   # as written (a string, or None/other when the file is wrong)


def texts(raw: dict) -> Iterator[Text]:
    """Every learner-visible text of a scenario file, with its key path."""
    def one(node: dict, where: str) -> Iterator[Text]:
        for key in PROSE:
            for lang, name in (("en", key), ("hu", f"{key}_hu")):
                if name not in node:
                    continue
                value = node[name]
                if key == "choices" and isinstance(value, list):
                    for i, choice in enumerate(value):
                        yield Text(f"{where}{name}[{i}]", lang, key, choice)
                else:
                    yield Text(f"{where}{name}", lang, key, value)

    yield from one(raw, "")
    for i, st in enumerate(raw.get("steps") or []):
        yield from one(st, f"steps[{i}].")
    for j, var in enumerate(raw.get("variants") or []):
        yield from one(var, f"variants[{j}].")
        for i, st in enumerate(var.get("steps") or []):
            yield from one(st, f"variants[{j}].steps[{i}].")


def questions(raw: dict) -> Iterator[tuple[str, dict]]:
    for i, st in enumerate(raw.get("steps") or []):
        yield f"steps[{i}].", st
    for j, var in enumerate(raw.get("variants") or []):
        for i, st in enumerate(var.get("steps") or []):
            yield f"variants[{j}].steps[{i}].", st


# -- program talk -------------------------------------------------------------------------------

#: snake_case or UPPER_CASE words (late_windows, AMIGO_1997, start_seat).
SNAKE = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+(?![\w-])")
#: name=value as typed: without spaces, or with a quoted, bracketed or capitalised value
#: (arithmetic in words, "2 cards = 2 coins", "3 text cards = 1230 pennies", is fine).
ASSIGN = re.compile(r"(?<![\w-])[A-Za-z_][\w-]*==?[\w\"'(\[{-]"
                    r"|(?<![\w-])[A-Za-z_][\w-]*\s*==?\s*(?:[\"'(\[{]|[A-Z][A-Z0-9]*_|(?:True|False|None)\b)")
#: References to the project's own spec and its assumptions ("spec §6", "(A-4)"): the
#: learner has the rule book and the rules on the page, cited by their ids (B-43, T-30).
SPEC = re.compile(r"(?<![\w-])spec(?![\w-])|§|\(A-\d+|\bA-\d+\)", re.I)
#: Code marks.
CODE = re.compile(r"`")


@lru_cache(maxsize=None)
def options_as_code() -> re.Pattern:
    """An option's name followed by ``:`` or ``=`` and a value (``destruction: true``,
    ``profile: RIO_GRANDE``), an option value written in capitals (``RIO_GRANDE``), a Python
    or YAML literal after a name, or a mapping of options (``{profile: ...}``)."""
    names, values = set(), set()
    for game in available():
        for name, opt in get_ruleset(game).OPTIONS.items():
            names.add(name)
            for v in (*(opt.choices or ()), opt.default):
                if isinstance(v, str) and v.upper() == v and len(v) > 2:
                    values.add(v)
    name = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    value = "|".join(sorted(map(re.escape, values), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:(?:options|{name})\s*[:=]\s*\S|{value}(?![\w-]))"
                      r"|\{\s*\w+\s*:|[:=]\s*(?:True|False|None|null|true|false)(?![\w-])")


# -- seats from 0, modular arithmetic ---------------------------------------------------------------
SEAT_ZERO = re.compile(
    r"\bseats?\s+(?:no\.\s*|number\s+|#)?0\b|\b(?:in|at|from)\s+seat\s+0\b|\bseats?\s+0\s*(?:to|-|–|…|\.\.)"
    r"|(?<![\d,.])0\.\s*(?:hely|ülés|szék|játékos)|\b0-(?:s|ás|es|ik)\s+hely|\bhely\w*\s+0\b",
    re.I)
MOD = re.compile(r"(?<![\w-])(?:mod|modulo)(?![\w-])|\d\s*%\s*\d", re.I)

# -- Hungarian words the glossary rules out -----------------------------------------------------------
HU_WORDS: list[tuple[str, re.Pattern]] = [
    ("write the article in full (a or az), not a(z)", re.compile(r"(?<!\w)[Aa]\(z\)")),
    ("'bal oldali' / 'jobb oldali' in two words", re.compile(r"\b(?:bal|jobb)oldal\w*", re.I)),
    ("the glossary's word is kordé, not szekér", re.compile(r"\bszek[eé]r\w*", re.I)),
    ("the glossary's word is sztyeppe", re.compile(r"\bsztyepp(?!é|e(?:\b|i|ként))\w*", re.I)),
    ("the glossary's word is visszatámadás", re.compile(r"\bellentámad\w*", re.I)),
    ("a harvest is betakarítás (betakarít), not learat", re.compile(r"\blearat\w*|\baratás\w*", re.I)),
    ("'takaríts be', not 'takaríts le'", re.compile(r"\btakarít\w*\s+le\b|\bletakarít\w*", re.I)),
    ("the glossary's word is szöveges kártya", re.compile(r"\bszövegkártyá?\w*", re.I)),
    ("the glossary's word is védekező kártya",
     re.compile(r"\b(?:védőkártyá?|védelemkártyá?|védekezőkártyá?)\w*", re.I)),
    ("a potion is consumed (elfogyaszt), not drunk",
     re.compile(r"\bmeg(?:isz|iss|itt|iv|ih)\w*|\b(?:iszik|issza|isszák|iszod|iszol|ivott|itta|itták|ihat\w*)\b", re.I)),
    ("the glossary's word is varázsfázis", re.compile(r"\bvarázslási\s+fázis\w*", re.I)),
    ("the glossary's word is házi szabály", re.compile(r"\bházszabály\w*", re.I)),
]
#: Bohnaparte's cavalry: beaten cavalry is "legyőzött" (the glossary's "bevethető vagy
#: legyőzött"), not "kimerült" or "elhasznált" (elsewhere a used text card may be "elhasznált").
SPENT_CAVALRY = ("a beaten cavalry is legyőzött, not kimerült/elhasznált",
                 re.compile(r"\b(?:kimerül|elhasznál)\w*", re.I))


# -- card names of another language in English ----------------------------------------------------
GAME_NAMES = {"bohnanza", "bohnaparte", "rabohnzel"}
#: A German bean word ("Bohne", "Bohnotoni", "Bohnenfeld"), the games' names (and their
#: Hungarian forms, "Bohnapartéhoz", "Rabohnzelt") aside.
BOHN = re.compile(r"(?<!\w)(?!(?:Bohnanz|Bohnapart|Rabohnzel))\w*[Bb]ohn\w*")


@lru_cache(maxsize=None)
def foreign_names() -> re.Pattern:
    """German and Hungarian names of the cards (beans, text cards, potions) that differ from
    the English name, and the Hungarian words for coins and pennies."""
    names = set()
    for game in available():
        cards = get_ruleset(game).cards
        for c in (*cards.beans.values(), *cards.others.values()):
            names |= {n for n in (c.de, c.name("hu")) if n and n.lower() != c.en.lower()}
    from beannb.games.rabohnzel.cards import POTIONS

    names |= {p.name("hu") for p in POTIONS.values() if p.name("hu").lower() != p.en.lower()}
    names |= {"babtallér", "babfillér", "fillér", "bájital", "babföld"}
    alt = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alt})\w*|{BOHN.pattern}", re.I)


HU_LETTERS = re.compile(r"\b\w*[áéíóöőúüűÁÉÍÓÖŐÚÜŰäßÄ]\w*\b")
#: German in a Hungarian text: a word with ä or ß, or a German bean word ("Mutabohne", "Bohnotoni").
GERMAN = re.compile(rf"\b\w*[äßÄ]\w*|{BOHN.pattern}")


# -- slips: the shared checker (tests/text_sweep.py) ----------------------------------------------------


class Finding(NamedTuple):
    file: str
    path: str
    what: str
    text: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.what}: {self.text!r}"


#: Words that make "Ann plant" a sentence, not notation ("may Ann plant", "Cid and Ann plant").
SENTENCE_BEFORE = re.compile(r"(?:\b(?:may|can|must|could|should|would|will|shall|might|does|did|do|let|lets|"
                             r"make|makes|and|or|to|cannot|helps|watch|see|sees)\s+)$", re.I)
#: Names of the players a scenario may use besides its own (Hungarian names are English text too).
PEOPLE = frozenset(NAMES) | {"Balázs", "Cecília", "Dénes", "Károly", "Dóra", "Jenő", "Péter", "Anita", "Krisztina"}


def check_text(t: Text, players=(), game: str = "") -> list[str]:
    """What is wrong with one text (empty: nothing). ``players`` are the scenario's player
    names, ``game`` its ruleset."""
    if not isinstance(t.text, str) or not t.text.strip():
        return ["empty text"]
    s = t.text
    out: list[str] = []

    def hits(pattern: re.Pattern) -> list[str]:
        return [m.group(0) for m in pattern.finditer(s)]

    for found in hits(SNAKE):
        out.append(f"identifier {found!r}")
    for found in hits(ASSIGN):
        out.append(f"name=value {found!r}")
    if CODE.search(s):
        out.append("code mark (backtick)")
    for found in hits(options_as_code()):
        out.append(f"option as code {found!r}")
    for found in hits(SPEC):
        out.append(f"a reference to the project's spec {found!r}")
    if t.key != "choices":  # a choice may be an action: the page shows it as a button in words
        names = tuple(players) + tuple(NAMES)
        for found in raw_notation(s, names):
            what, _, match = found.partition(": ")
            if what == "player and bare verb" and all(
                    SENTENCE_BEFORE.search(s[:m.start()]) for m in re.finditer(re.escape(match), s)):
                continue
            out.append(f"action notation ({found})")
    for found in hits(SEAT_ZERO):
        out.append(f"seat counted from 0 {found!r}")
    for found in hits(MOD):
        out.append(f"'mod' arithmetic {found!r}")
    if t.lang == "hu":
        for what, pattern in HU_WORDS + ([SPENT_CAVALRY] if game == "bohnaparte" else []):
            for found in hits(pattern):
                out.append(f"{what}: {found!r}")
        for found in hits(GERMAN):
            out.append(f"a German card name in Hungarian: {found!r}")
    else:
        named = [m.span() for m in foreign_names().finditer(s) if m.group(0).lower() not in GAME_NAMES]
        for start, end in named:
            out.append(f"a German or Hungarian card name in English: {s[start:end]!r}")
        people = set(players) | PEOPLE
        for m in HU_LETTERS.finditer(s):
            if m.group(0) not in people and not any(a <= m.start() < b for a, b in named):
                out.append(f"a Hungarian or German word in English: {m.group(0)!r}")
    out += faults(s, t.lang)
    return list(dict.fromkeys(out))


#: A seat or place named by its number: "seat 2", "a 2. helyen", "2. helyről".
SEAT_NUMBER = re.compile(r"\bseat\s+(\d+)\b|(?<![\d.,])\b(\d+)\.\s*hely(?:en|ről|re)?\b(?!\w)")


def start_seat_findings(raw: dict, rel: str) -> list[Finding]:
    """Where a file sets the start seat (an option counted from 0 in code), a text that names
    the start player's seat by that number counts seats from 0: the page counts from 1."""
    out = []
    base = (raw.get("options") or {}).get("start_seat")
    variants = {f"variants[{j}].": (v.get("options") or {}).get("start_seat", base)
                for j, v in enumerate(raw.get("variants") or [])}
    for t in texts(raw):
        seat = next((k for where, k in variants.items() if t.path.startswith(where)), base)
        if not isinstance(seat, int) or not isinstance(t.text, str) or not re.search(r"start|kezd", t.text, re.I):
            continue
        for m in SEAT_NUMBER.finditer(t.text):
            if int(m.group(1) or m.group(2)) == seat:
                out.append(Finding(rel, t.path, f"seat counted from 0 (the start player sits in seat {seat + 1}): "
                                               f"{m.group(0)!r}", t.text))
    return out


def findings(path: Path, root: Path = ROOT) -> list[Finding]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    rel = str(path.relative_to(root))
    players = [str(p) for p in raw.get("players") or []]
    game = str(raw.get("game", ""))
    out = [Finding(rel, t.path, what, str(t.text)) for t in texts(raw) for what in check_text(t, players, game)]
    out += start_seat_findings(raw, rel)
    for where, st in questions(raw):
        for key in ("choices", "choices_hu"):
            seen: dict[str, int] = {}
            for i, choice in enumerate(st.get(key) or []):
                k = reading(choice)
                if k in seen:
                    out.append(Finding(rel, f"{where}{key}[{i}]", f"reads the same as {key}[{seen[k]}]", str(choice)))
                seen.setdefault(k, i)
    return out


# -- the sweep ------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_lesson_prose_reads_as_plain_words(path):
    found = findings(path)
    assert not found, f"{len(found)} finding(s):\n" + "\n".join(map(str, found))


def test_the_sweep_sees_every_file_and_key():
    assert len(FILES) > 250
    seen = {t.path.split(".")[-1].split("[")[0] for p in FILES for t in texts(yaml.safe_load(p.read_text("utf-8")))}
    assert {"title", "title_hu", "say", "say_hu", "ask", "ask_hu", "explain", "explain_hu", "choices",
            "choices_hu", "description", "description_hu"} <= seen


# -- the checks can fail -------------------------------------------------------------------------
@pytest.mark.parametrize("lang,text,kind", [
    ("en", "With late_windows: pass_only, Bob may only pass.", "identifier 'late_windows'"),
    ("en", "With late_windows: pass_only, Bob may only pass.", "identifier 'pass_only'"),
    ("en", "The AMIGO_1997 profile deals five cards.", "identifier 'AMIGO_1997'"),
    ("en", "start_seat=2 makes Cid the start player.", "name=value"),
    ("en", "Bohnaparte with destruction: true.", "option as code"),
    ("en", "Here profile: RIO_GRANDE is in force.", "option as code"),
    ("en", "Set `profile` first.", "code mark"),
    ("en", "Ann plant stink 1, then she reveals.", "action notation"),
    ("en", "Ann gives soy@1 for up:red.", "action notation (hand card bean@position"),
    ("en", "Ann gives soy@1 for up:red.", "action notation (zone:card reference"),
    ("en", "Nobody copies the turn-up.", "action notation (raw id"),
    ("en", "Per gem_reveals the gems turn up per_field.", "identifier 'per_field'"),
    ("en", "vp_tiebreak decides.", "identifier 'vp_tiebreak'"),
    ("en", "The performers are reset (spec §6, A-4).", "the project's spec"),
    ("en", "It moves along (A-9).", "the project's spec"),
    ("en", "Cid sits in seat 0.", "seat counted from 0"),
    ("en", "Seats 0 to 6 are dealt in turn.", "seat counted from 0"),
    ("en", "The next seat is (seat + 1) mod 3.", "'mod' arithmetic"),
    ("en", "Anna plays Mutabohne.", "card name in English: 'Mutabohne'"),
    ("en", "Zusätzliche Ernte lets Anna harvest again.", "card name in English: 'Zusätzliche Ernte'"),
    ("en", "Pizza Bohnotoni pays more.", "card name in English"),
    ("en", "Bohnotoni pays more.", "card name in English: 'Bohnotoni'"),
    ("en", "The Snap (metszőbab) is a bean.", "card name in English: 'metszőbab'"),
    ("en", "Each coin is worth 100 pennies (babfillér).", "card name in English: 'babfillér'"),
    ("en", "Anna plays Kémiai kísérlet.", "card name in English: 'Kémiai kísérlet'"),
    ("en", "Anna plays Kézcsere.", "Hungarian or German word in English: 'Kézcsere'"),
    ("en", "The game ends..", "doubled full stop"),
    ("en", "Ann harvests., then draws.", "stray punctuation"),
    ("en", "Ann harvests , then draws.", "space before punctuation"),
    ("en", "Ann harvests  and draws.", "double space"),
    ("en", "Ann takes the card(s).", "'(s)' plural"),
    ("en", "Bob has 1 cards left.", "number disagreement"),
    ("en", "Bob gets 1 coins.", "number disagreement"),
    ("en", "Bob gets 3 coin.", "number disagreement"),
    ("en", "   ", "empty text"),
    ("en", "", "empty text"),
    ("hu", "Ann a(z) 1. babföldre ültet.", "a(z)"),
    ("hu", "A baloldali szomszéd kezd.", "bal oldali"),
    ("hu", "A jobboldali mező.", "jobb oldali"),
    ("hu", "Ann szekeret vesz.", "kordé"),
    ("hu", "A sztyepp szomszédos.", "sztyeppe"),
    ("hu", "A sztyeppet megtámadja.", "sztyeppe"),
    ("hu", "Bob sztyeppjét elfoglalja.", "sztyeppe"),
    ("hu", "Bob ellentámadást indít.", "visszatámadás"),
    ("hu", "Ann learatja a babföldet.", "betakarít"),
    ("hu", "Takaríts le egy babföldet!", "takaríts be"),
    ("hu", "Anna kijátszik egy szövegkártyát.", "szöveges kártya"),
    ("hu", "Balázs védőkártyát tesz le.", "védekező kártya"),
    ("hu", "Balázs védelemkártyát tesz le.", "védekező kártya"),
    ("hu", "Ann megissza a bájitalt.", "elfogyaszt"),
    ("hu", "Ann megitta a bájitalt.", "elfogyaszt"),
    ("hu", "A varázslási fázisban.", "varázsfázis"),
    ("hu", "Ez egy házszabály.", "házi szabály"),
    ("hu", "A 0. helyen ülő játékos kezd.", "seat counted from 0"),
    ("hu", "A Pizza Babanese (Bohnotoni) többet fizet.", "German card name in Hungarian"),
    ("hu", "Bob 2 lapok húz.", "stays singular"),
    ("hu", "A late_windows: none beállítással.", "identifier 'late_windows'"),
])
def test_the_checks_see_what_testers_reported(lang, text, kind):
    found = check_text(Text("say" if lang == "en" else "say_hu", lang, "say", text))
    assert any(kind in f for f in found), (text, found)


@pytest.mark.parametrize("text", ["A lovasság kimerült.", "Az elhasznált lovasság.", "A lovasság elhasználódik."])
def test_a_beaten_cavalry_is_legyozott(text):
    assert any("legyőzött" in f for f in check_text(Text("say_hu", "hu", "say", text), (), "bohnaparte")), text
    # in the other games the word means something else: "az elhasznált szöveges kártya"
    assert not check_text(Text("say_hu", "hu", "say", "Az elhasznált szöveges kártya."), (), "takeover")


@pytest.mark.parametrize("lang,text", [
    ("en", "Ann plants the front card of her hand, a Blue bean, in field 1."),
    ("en", "A house rule: after the copy limit, the next player may only pass."),
    ("en", "Anna plays Mutant Bean; Balázs and Cecília watch."),
    ("en", "Bob has 1 card and 2 coins; 10 pennies each, 1230 pennies in all; the 3rd field."),
    ("en", "Anna: 12 coins and 3 text cards = 1230 pennies; 2 cards = 2 coins; 8 bean pennies; a 6–7 player column."),
    ("en", "A 2-card deal, e.g., two Soy… and then."),
    ("en", "The deck begins Blue, Stink, … Each player's first card."),
    ("en", "Which fields may Ann harvest? Cid and Ann plant their cards; it lets Anna use it."),
    ("en", "None of them suits her. Nobody plays Bohnanza alone; Bohnaparte and Rabohnzel too."),
    ("en", "The takeover would be repelled... but Strong Takeover ignores the defence (B-43/B-47, T-30)."),
    ("hu", "A bal oldali szomszéd a sztyeppét és a sztyeppén álló kordét támadja; a sztyeppe az övé."),
    ("hu", "A legyőzött lovasság; Bob visszatámad; Ann betakarítja a babföldet: takaríts be egyet!"),
    ("hu", "Ann elfogyasztja a bájitalt a varázsfázisban; házi szabály; védekező kártya; szöveges kártya."),
    ("hu", "A kezdőjátékos az 1. helyen ül; 2 lapot húz, az 1. babföldre ültet."),
    ("hu", "Ann az 1., 4., 7., 10. és 13. lapot kapja. Egyedül senki sem játszhat Bohnanzát."),
])
def test_the_checks_leave_plain_words_alone(lang, text):
    found = check_text(Text("say", lang, "say", text), ("Ann", "Bob", "Cid", "Anna", "Balázs", "Cecília"), "bohnaparte")
    assert not found, (text, found)


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_two_choices_that_read_the_same_are_found(tmp_path):
    p = _write(tmp_path, "title: T\ntitle_hu: T\nsteps:\n  - ask: Which?\n    ask_hu: Melyik?\n"
                         "    choices: [two, 'Two.']\n    choices_hu: [kettő, három]\n    explain: E\n    explain_hu: E\n")
    found = [f for f in findings(p, tmp_path) if "reads the same" in f.what]
    assert [f.path for f in found] == ["steps[0].choices[1]"]


def test_a_start_seat_named_by_its_code_number_is_found(tmp_path):
    """``start_seat: 2`` is the third player: "start player in seat 2" counts from 0."""
    p = _write(tmp_path, "title: Seven players, start player in seat 2\ntitle_hu: A kezdőjátékos a 3. helyen ül\n"
                         "options: {start_seat: 2}\nplayers: [Ann, Bob, Cid]\nsteps: []\n")
    found = findings(p, tmp_path)
    assert [(f.path, "seat counted from 0" in f.what) for f in found] == [("title", True)]


def test_findings_name_the_file_the_key_path_and_the_text(tmp_path):
    p = _write(tmp_path, "title: T\ntitle_hu: T\nvariants:\n  - name: v\n    title: V\n    title_hu: V\n"
                         "    steps:\n      - say: Ann plant soy 1.\n        say_hu: Ann megissza.\n")
    found = [str(f) for f in findings(p, tmp_path)]
    assert found[0].startswith("s.yaml: variants[0].steps[0].say: action notation") and "'Ann plant soy 1.'" in found[0]
    assert any(f.startswith("s.yaml: variants[0].steps[0].say_hu: a potion is consumed") for f in found)


# -- the glossary's words in every catalogue -----------------------------------------------------
def _catalogues():
    from helpers import all_messages

    return all_messages()


def test_every_catalogue_uses_the_glossarys_words():
    """The synonyms the glossary rules out (szekér, ellentámadás, learat, szövegkártya,
    védőkártya, megissza, varázslási fázis, házszabály, "baloldali", Bohnaparte's "kimerült"
    cavalry …) appear in no Hungarian text of any catalogue: rules, narration, refusals,
    buttons, pages, lessons, the widgets and the class server."""
    bad = []
    for messages in _catalogues():
        game = messages.domain.removeprefix("rules-")
        for code in messages.codes() if messages.base is None else messages.entries:
            for n in (1, 2):
                text = messages.template(code, "hu", n)
                for what, pattern in HU_WORDS + ([SPENT_CAVALRY] if game == "bohnaparte" else []):
                    bad += [(messages.domain, code, what, m.group(0)) for m in pattern.finditer(text)]
    assert not bad, bad[:20]
    assert len(_catalogues()) >= 12
