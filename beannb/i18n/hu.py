"""Hungarian grammar for templates: the article before a word or a number, and the suffixes
that names and numbers take (vowel harmony, lengthening, assimilation).

A Hungarian message writes ``{field:az}. babföld`` and gets "az 1. babföld" or "a 2. babföld";
``{player:nak}`` gets "Annának", "Bobnak", "Cidnek"; ``{pos:az+es} mező`` gets "a 14-es mező". The specs a template may use are the keys
of :data:`SPECS`; :func:`apply` is what the catalogue's formatter calls.
"""
from __future__ import annotations

import re
import unicodedata

VOWELS = set("aáeéiíoóöőuúüű")
BACK = set("aáoóuú")
FRONT_ROUNDED = set("öőüű")
#: After a back vowel these keep a word back (Kati -> Katinak, papír -> papírral); é and e
#: make it front (átvétel -> átvétellel), except a final é (kordé -> kordéhoz).
NEUTRAL = set("ií")
#: Words whose accusative takes -et although their last vowel is rounded (a fixed list).
ACCUSATIVE_ET = ("föld", "könyv", "bőr", "szökőkút")


def _letters(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFC", str(text)).lower() if ch.isalpha())


def number_starts_with_vowel(n: int) -> bool:
    """Whether ``n`` read aloud in Hungarian starts with a vowel: egy, öt, ötven, ötszáz, ezer,
    egymillió … (1, 5, 50-59, 500-599, 1000-1999, 5000-5999 …)."""
    n = abs(int(n))
    if n == 0:
        return False  # nulla
    if n >= 1_000_000:
        lead = n
        while lead >= 1_000_000:
            lead //= 1_000_000
        return number_starts_with_vowel(lead) or lead == 1
    if n >= 1000:
        lead = n // 1000
        return lead == 1 or number_starts_with_vowel(lead)  # ezer, kétezer, ötezer
    if n >= 100:
        return n // 100 == 5  # száz, kétszáz … ötszáz
    if n >= 10:
        return n // 10 == 5  # tíz, húsz … ötven
    return n in (1, 5)


def starts_with_vowel(value: object) -> bool:
    """Whether ``value`` (a word, a name or a number, as written) is read with a vowel first."""
    text = str(value).strip()
    digits = re.match(r"\d+", text)
    if digits:
        if len(digits.group()) > 1 and digits.group()[0] == "0":
            return False  # a label such as "01" is read "nulla egy"
        return number_starts_with_vowel(int(digits.group()))
    letters = _letters(text)
    return bool(letters) and letters[0] in VOWELS


def article(value: object) -> str:
    """The definite article before ``value``: "az" before a vowel sound, "a" otherwise."""
    return "az" if starts_with_vowel(value) else "a"


# -- suffixes -------------------------------------------------------------------------------------------
_NUMBER_WORDS = {0: "nulla", 1: "egy", 2: "kettő", 3: "három", 4: "négy", 5: "öt", 6: "hat", 7: "hét",
                 8: "nyolc", 9: "kilenc", 10: "tíz", 20: "húsz", 30: "harminc", 40: "negyven", 50: "ötven",
                 60: "hatvan", 70: "hetven", 80: "nyolcvan", 90: "kilencven", 100: "száz", 1000: "ezer"}


def _number_tail(n: int) -> str:
    """The word a number ends with when read aloud: it decides the suffix (12 -> kettő, 30 -> harminc)."""
    n = abs(int(n))
    if n % 1000 == 0 and n:
        return "ezer"
    if n % 100 == 0 and n:
        return "száz"
    if n % 10 == 0:
        return _NUMBER_WORDS[n % 100] if n % 100 else "nulla"
    return _NUMBER_WORDS[n % 10]


def _last_word(word: str) -> str:
    """The part of a name that takes the suffix: its last word (a compound's last element when
    written apart or with a hyphen: "Erős átvétel" -> "átvétel", "Vetőmag-kereskedelem")."""
    parts = [p for p in re.split(r"[\s\-–]+", str(word)) if p]
    return parts[-1] if parts else str(word)


def harmony(word: str) -> str:
    """"back", "front" or "rounded" (front rounded): which set of suffix vowels ``word`` takes,
    from its last word's vowels: back if it has a back vowel followed only by i/í (Kati,
    papír), else by its last vowel."""
    letters = _letters(_last_word(word))
    vowels = [ch for ch in letters if ch in VOWELS]
    if not vowels:
        return "front"
    back_at = [i for i, v in enumerate(vowels) if v in BACK]
    after = vowels[back_at[-1] + 1:] if back_at else []
    if after[-1:] == ["é"]:  # a final é after a back vowel stays back: kordé -> kordéhoz, kávé
        after = after[:-1]
    if back_at and all(v in NEUTRAL for v in after):
        return "back"
    return "rounded" if vowels[-1] in FRONT_ROUNDED else "front"


def _stem(value: object) -> tuple[str, str]:
    """(what is written, the word whose sounds decide the suffix)."""
    text = str(value)
    match = re.fullmatch(r"(.*?)(\d+)", text)
    if match:
        return text, _number_tail(int(match.group(2)))
    return text, text


def _lengthen(word: str) -> str:
    """A name ending in a or e takes á/é before a suffix (Anna -> Anná-, Emese -> Emesé-)."""
    if word[-1:] == "a":
        return word[:-1] + "á"
    if word[-1:] == "e":
        return word[:-1] + "é"
    return word


def _pick(sound: str, back: str, front: str, rounded: str = "") -> str:
    h = harmony(sound)
    return back if h == "back" else rounded or front if h == "rounded" else front


def _join(written: str, sound: str, suffix: str, hyphen: bool) -> str:
    """A suffix after a number takes a hyphen; so does one that would make three letters alike
    (Ann-nak, Bernadett-tel)."""
    if hyphen or (len(written) >= 2 and written[-1] == written[-2] == suffix[0]):
        return f"{written}-{suffix}"
    return _lengthen(written) + suffix


def _is_number(written: str) -> bool:
    return bool(re.fullmatch(r".*\d", written))


def dative(value: object) -> str:
    """-nak/-nek: Annának, Bobnak, Cidnek, 2-nek."""
    written, sound = _stem(value)
    return _join(written, sound, _pick(sound, "nak", "nek"), _is_number(written))


def allative(value: object) -> str:
    """-hoz/-hez/-höz: Annához, Bobhoz, Cidhez, Ödönhöz."""
    written, sound = _stem(value)
    return _join(written, sound, _pick(sound, "hoz", "hez", "höz"), _is_number(written))


def ablative(value: object) -> str:
    """-tól/-től: Annától, Cidtől."""
    written, sound = _stem(value)
    return _join(written, sound, _pick(sound, "tól", "től"), _is_number(written))


def instrumental(value: object) -> str:
    """-val/-vel, the v taking on the last consonant: Annával, Bobbal, Ciddel, Kováccsal, 3-mal, 1-gyel."""
    written, sound = _stem(value)
    vowel = _pick(sound, "a", "e")
    letters = _letters(sound)
    last = letters[-1:] or "a"
    if last in VOWELS:
        suffix = "v" + vowel + "l"
        return f"{written}-{suffix}" if _is_number(written) else _lengthen(written) + suffix
    pair = letters[-2:] if letters[-2:] in ("sz", "zs", "cs", "gy", "ly", "ny", "ty") else ""
    if _is_number(written):
        return f"{written}-{pair or last}{vowel}l"
    if pair and written[-2:].lower() == pair:
        return written[:-2] + written[-2] + written[-2:] + vowel + "l"  # Kovács -> Kováccsal
    if len(written) >= 2 and written[-1] == written[-2]:
        return f"{written}-{last}{vowel}l"  # Ann-nal
    return written + last + vowel + "l"


def accusative(value: object) -> str:
    """-t with a linking vowel after most consonants: Annát, Bobot, Cidet, Ödönt."""
    written, sound = _stem(value)
    letters = _letters(sound)
    last = letters[-1:]
    if not last or last in VOWELS or letters[-2:] in ("sz", "zs", "ny", "ly"):
        suffix = "t"
    elif last in "jlnrs" and letters[-2:] != "cs":
        suffix = "t"
    elif _letters(_last_word(sound)).endswith(ACCUSATIVE_ET):
        suffix = "et"
    else:
        suffix = _pick(sound, "ot", "et", "öt")
    return _join(written, sound, suffix, _is_number(written))


#: The -s adjective ending after a number's last digit (1-es, 3-as, 5-ös, 6-os) ...
_ADJECTIVE_UNITS = {"1": "es", "2": "es", "3": "as", "4": "es", "5": "ös", "6": "os", "7": "es", "8": "as", "9": "es"}
#: ... and after a round number's tens (10-es, 20-as, 50-es, 60-as).
_ADJECTIVE_TENS = {"1": "es", "2": "as", "3": "as", "4": "es", "5": "es", "6": "as", "7": "es", "8": "as", "9": "es"}


def adjective(value: object) -> str:
    """A label ending in a number as an adjective, as it is read aloud: "14-es", "05-ös",
    "20-as" ("a 14-es mező"); in a list each label takes it ("a 09-es és 10-es folyó"). A label
    without a number stays as it is."""
    parts = re.split(r"(, | és | vagy )", str(value))
    return "".join(part if i % 2 else _adjective_one(part) for i, part in enumerate(parts))


def _adjective_one(written: str) -> str:
    match = re.fullmatch(r"(.*?)(\d+)", written)
    if not match:
        return written
    digits = match.group(2).lstrip("0") or "0"
    if digits[-1] != "0":
        suffix = _ADJECTIVE_UNITS[digits[-1]]
    elif digits.endswith("00"):
        suffix = "as"
    else:
        suffix = _ADJECTIVE_TENS.get(digits[-2:-1] or "1", "es")
    return f"{written}-{suffix}"


def possessive3(value: object) -> str:
    """The ‑é ending of a possessor (Annáé, Bobé): "Bobé a 2. babföld"."""
    written, _ = _stem(value)
    return _lengthen(written) + "é"


#: Format specs a Hungarian template may put after a field: ``{player:nak}``, ``{field:az}``.
SPECS = {
    "az": lambda v: f"{article(v)} {v}",
    "Az": lambda v: f"{article(v).capitalize()} {v}",
    "nak": dative,
    "hoz": allative,
    "tól": ablative,
    "val": instrumental,
    "t": accusative,
    "é": possessive3,
    "es": adjective,
}


def apply(spec: str, value: object) -> str:
    """``value`` with the grammar ``spec`` names (KeyError for an unknown spec). ``az+<suffix>``
    (or ``Az+<suffix>``) puts the article before the suffixed word: ``{bean:az+t}`` -> "a
    kékbabot", ``{field:az+nak}`` -> "az 1-nek"."""
    if "+" in spec:
        head, _, tail = spec.partition("+")
        if head not in ("az", "Az"):
            raise KeyError(spec)
        word = SPECS[tail](value)
        art = article(value)
        return f"{art.capitalize() if head == 'Az' else art} {word}"
    return SPECS[spec](value)


def valid_spec(spec: str) -> bool:
    """Whether a Hungarian template may write ``spec`` after a field."""
    if "+" in spec:
        head, _, tail = spec.partition("+")
        return head in ("az", "Az") and tail in SPECS and tail not in ("az", "Az")
    return spec in SPECS
