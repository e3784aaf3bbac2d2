"""One checker for every text a learner reads, in English and Hungarian.

``faults(text, lang)`` lists what makes a sentence read wrong (empty: nothing):

- run-together sentences: a sentence's end followed at once by the next one ("field 2.Bob
  plants", "turn.Anna", "Ann,Bob"), decimals ("1.5"), abbreviations ("e.g."), Hungarian
  ordinals ("a 2. babföld", "az 1., 4. lap"), rule ids (B-12), times and addresses aside;
- doubled or stray punctuation ("..", ".,", ",.", "!.", "::"), a space before punctuation
  (" .", " ,"), a bracket with a space inside ("( ", " )") or nothing inside ("()"), a double
  space, one sentence said twice in a row;
- plural hedges ("card(s)", "(es)", "a(z)"), a count that disagrees with its noun in English
  ("1 cards", "2 card") and, in Hungarian, a plural noun after a number ("3 lapok": the noun
  stays singular);
- a caption with nothing after it ("Question:", "Kérdés:"), a field never filled ("{name}"),
  "None", "nan", the pseudo-language's brackets ("⟦").

``same_options(options)`` lists the options of one question that read the same.

The tests that apply it: tests/test_text_sweep.py (walkthrough frames, exercises, refusals,
narrated games), tests/test_lesson_prose.py (the scenario files' own prose), tests/test_fuzz.py
(the refusals a fuzz reaches).
"""
from __future__ import annotations

import re
from typing import Iterable

UPPER = "A-ZÁÉÍÓÖŐÚÜŰ"
LETTER = "A-Za-zÁÉÍÓÖŐÚÜŰáéíóöőúüű"

#: A sentence's end followed at once by a capital or a digit. Not after a digit when a digit
#: follows (1.5, 10.30), not in an abbreviation (e.g.E), not inside an address (beannb.org).
RUN_TOGETHER = re.compile(
    rf"(?<![.\d])(?<!\b[a-z]\.[a-z])(?<![a-z]\.[a-z]{{2}})(?<=[{LETTER})\]\"'”’%])[.!?;](?=[{UPPER}])"
    rf"|(?<=\d)[.!?](?=[{UPPER}])"
    rf"|(?<=[{LETTER})\]])[.!?](?=\d)(?!\d*\.\d)"
    rf"|(?<=[{LETTER}])[,;](?=[{LETTER}\d])")
#: Web addresses and file names quoted in a text (their dots join words on purpose).
ADDRESS = re.compile(r"\b(?:https?://|www\.)\S+|\b[\w-]+(?:\.[\w-]+)+\.(?:org|com|io|net|hu|html|ipynb|yaml|py)\b")

PUNCTUATION: list[tuple[str, re.Pattern]] = [
    ("doubled full stop", re.compile(r"(?<!\.)\.\.(?!\.)")),
    # not after a Hungarian ordinal ("az 1., 4. és 7. lap"), nor in "e.g.,"
    ("doubled or stray punctuation", re.compile(
        r"[,;:][,;:.!?]|(?<!\d)(?<!\b[a-z]\.[a-z])\.[,;:!?]|[!?][,;:.]|::")),
    ("space before punctuation", re.compile(r"\S\s+[,;.!?](?![.\w])|\s+:(?!\w)")),
    ("space inside a bracket", re.compile(r"[(\[]\s|\s[)\]]")),
    ("an empty bracket", re.compile(r"\(\s*\)|\[\s*\]")),
    ("double space", re.compile(r"\S {2,}\S")),
]

HEDGES: list[tuple[str, re.Pattern]] = [
    ("'(s)' plural", re.compile(r"\w\((?:s|es|ok|ek|ök|ak|k|ja|je|i)\)", re.I)),
    ("write the article in full (a or az), not a(z)", re.compile(r"(?<!\w)[Aa]\(z\)")),
]

#: English nouns counted in the games, and the words after which such a noun is an adjective
#: ("2 card types", "a 6 player column", "3 coin cards").
EN_COUNTED = r"card|coin|bean|field|player|point|potion|turn|round|penny|territory|step|action|offer|space|wave"
EN_PLURAL = r"cards|coins|beans|fields|players|points|potions|turns|rounds|pennies|territories|steps|actions|" \
            r"offers|spaces|waves|text\s+cards|bean\s+cards|hand\s+cards"
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
AGREEMENT = re.compile(
    r"(?<![\d.,/–-])\b(?:1|one|a single)\s+(?:" + EN_PLURAL + r")\b"
    r"|(?<![\d.,/–-])\b(?:[02-9]|\d\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?:" + EN_COUNTED + r")(?![\w-])(?!\s+(?:card|field|types?|deck|game|rule|box|fight|pile|phase|limit|cap|"
    r"sale|count|harvest|reveal|victory|VP|wave|seats?|penn\w*|column|of\b|spell|meter))", re.I)
#: Hungarian: the noun after a number stays singular ("3 lap", not "3 lapok"), whatever its case.
HU_PLURAL_AFTER_NUMBER = re.compile(
    r"(?<![\d.,])\b\d+\s+(?:\w+\s+)?\w*(?:lap|kártyá|bab|tallér|fillér|játékos|föld|ital|pont|kör|mező|terület|"
    r"lépés|érmé|lovasság|varázs|lehetőség)(?:ok|ek|ök|ak|k)(?:at|et|ot|öt|ból|ből|ba|be|ban|ben|ra|re|on|en|ön|"
    r"nak|nek|kal|kel|hoz|hez|höz|tól|től|ról|ről|nál|nél|ig)?\b", re.I)

#: A caption or a label with nothing after it ("Question:", "Kérdés: ", "Answer: .").
EMPTY_CAPTION = re.compile(rf"[{LETTER})]:[ \t]*(?:$|[.;,)])")
#: Fields never filled, values never worded, the pseudo-language's brackets.
UNFILLED: list[tuple[str, re.Pattern]] = [
    ("an unfilled field", re.compile(r"\{[^{}]*\}|[{}]")),
    ("a value never worded", re.compile(r"(?<![\w-])(?:None(?! of\b)|nan|NaN|null|undefined|True|False)(?![\w-])")),
    ("the pseudo-language's brackets", re.compile(r"[⟦⟧]")),
]

SENTENCE_END = re.compile(rf"(?<=[.!?])\s+(?=[{UPPER}\d])|(?<=[a-zőűáéíóöúü][.!?])(?=[{UPPER}])")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]


def repeated(text: str) -> list[str]:
    """Sentences said twice in a row ("Anna ends the turn. Anna ends the turn.")."""
    said = sentences(text)
    return [b for a, b in zip(said, said[1:]) if a.casefold().rstrip(".!?") == b.casefold().rstrip(".!?")
            and len(b.split()) > 1]


def unended(text: str) -> list[str]:
    """A sentence that runs on into the next after a bracket whose own sentence ended inside
    ("field 2 is empty (rule B-32: Empty fields ....) Allowed now: ..."); a sentence wholly in
    brackets is fine, and so is a bracket inside a sentence ("the Blue (card 2) Anna ...")."""
    out = []
    for m in re.finditer(rf"(?<=[.!?])\)\s+(?=[{UPPER}])", text):
        depth, i = 0, m.start()
        while i >= 0:
            depth += {")": 1, "(": -1}.get(text[i], 0)
            if depth == 0:
                break
            i -= 1
        before = text[:max(i, 0)].rstrip()
        if i > 0 and before and before[-1] not in ".!?…":
            out.append(text[max(0, i - 20):m.end() + 12])
    return out


def _en_agreement(text: str) -> list[str]:
    out = []
    for m in AGREEMENT.finditer(text):
        out.append(m.group(0))
    return out


def unquote(text: str, quoted: Iterable[object]) -> str:
    """``text`` with each of ``quoted`` (what a player typed) put out of the way as "·", where it
    stands as a whole (a typed name "i" leaves the "i" of "fields" alone), longest first."""
    for q in sorted({str(x) for x in quoted if str(x).strip()}, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(q)}(?!\w)", "·", text)
    return text


def faults(text: object, lang: str, quoted: Iterable[str] = ()) -> list[str]:
    """What is wrong with ``text`` shown to a learner in ``lang`` ("en" or "hu"); ``quoted``:
    pieces of it that quote what a player typed (a refusal quotes them as typed: they are not
    checked)."""
    if not isinstance(text, str) or not text.strip():
        return ["empty text"]
    s = unquote(ADDRESS.sub("·", text), quoted)
    out: list[str] = []

    def each(what: str, pattern: re.Pattern) -> None:
        for m in pattern.finditer(s):
            out.append(f"{what}: {s[max(0, m.start() - 12):m.end() + 12]!r}")

    each("run-together sentences", RUN_TOGETHER)
    for what, pattern in PUNCTUATION + HEDGES + UNFILLED:
        each(what, pattern)
    each("a caption with nothing after it", EMPTY_CAPTION)
    for found in unended(s):
        out.append(f"no full stop before the next sentence: {found!r}")
    for sentence in repeated(s):
        out.append(f"a sentence said twice in a row: {sentence!r}")
    if lang == "hu":
        each("plural noun after a number (in Hungarian the noun stays singular)", HU_PLURAL_AFTER_NUMBER)
    else:
        for found in _en_agreement(s):
            out.append(f"number disagreement: {found!r}")
    return list(dict.fromkeys(out))


def reading(text: object) -> str:
    """How an option reads: case, spaces and a closing full stop aside."""
    return re.sub(r"\s+", " ", str(text)).strip().strip(".!?").casefold()


def same_options(options: Iterable[object]) -> list[str]:
    """Options of one question that read the same as an earlier one."""
    seen: dict[str, int] = {}
    out = []
    for i, option in enumerate(options):
        k = reading(option)
        if k in seen:
            out.append(f"option {i + 1} reads the same as option {seen[k] + 1}: {option!r}")
        seen.setdefault(k, i)
    return out
