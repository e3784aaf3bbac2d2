"""Patterns that find the engine's action notation in text meant for people.

Learners read sentences; the notation (``Bob offer Ann green@2 for up:soy``, ``Anna takeover
Balázs 3 +mighty-field``, ``Ann attack 14 deck``) belongs in scenario files, the API and the
"try anything" box only. :func:`raw_notation` lists the pieces of notation found in a text.
"""
from __future__ import annotations

import re
from functools import lru_cache

from beannb.games import available, get_ruleset


@lru_cache(maxsize=None)
def _tables() -> tuple[frozenset, frozenset]:
    verbs, ids = set(), set()
    for game in available():
        rs = get_ruleset(game)
        verbs |= set(rs.notation.verbs)
        ids |= {c for c in rs.cards.others if "-" in c}  # bean ids ("black-eyed") are English words too
    try:
        from beannb.games.rabohnzel.cards import POTIONS
        ids |= {p for p in POTIONS if "-" in p}
    except ImportError:  # pragma: no cover
        pass
    return frozenset(verbs), frozenset(ids)


@lru_cache(maxsize=None)
def _patterns(names: tuple[str, ...]) -> list[tuple[str, re.Pattern]]:
    verbs, ids = _tables()
    alt = "|".join(sorted((re.escape(v) for v in verbs), key=len, reverse=True))
    who = "|".join(re.escape(n) for n in names) or r"[A-Z]\w*"
    hyphen = [re.escape(i) for i in ids] + [re.escape(v) for v in verbs if "-" in v]
    return [
        ("hand card bean@position", re.compile(r"[\w-]+@\d")),
        ("zone:card reference", re.compile(r"(?<![\w-])(?:up|hand|field|pending|coin):[\w-]")),
        ("offer in notation", re.compile(r"\b(?:" + who + r") offer \S+ .*?\bfor\b")),
        ("+attachment", re.compile(r"(?<!\w)\+[a-z][\w-]*")),
        ("player and bare verb", re.compile(r"(?<![\w-])(?:" + who + r") (?:" + alt + r")(?![\w-])")),
        ("numbered offer in brackets", re.compile(r"\(\d+\) (?:" + who + r")\b")),
        ("raw id", re.compile(r"(?<![\w-])(?:" + "|".join(sorted(hyphen, key=len, reverse=True)) + r")(?![\w-])")),
    ]


NAMES = ("Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus", "Anna", "Balázs", "Cecília", "Dénes", "Emese")


def raw_notation(text: str, names=NAMES) -> list[str]:
    """Each piece of notation in ``text``, as ``"<what>: <match>"`` (empty: words only).
    ``names`` are the players' names (a name followed by a bare verb is notation)."""
    out = []
    for what, pat in _patterns(tuple(names)):
        for m in pat.finditer(text):
            out.append(f"{what}: {m.group(0)}")
    return out


def visible_text(html: str) -> str:
    """The text a reader sees in ``html``: no style blocks, tags or attribute values."""
    import html as _html

    text = re.sub(r"<style\b.*?</style>", " ", html, flags=re.S | re.I)
    return _html.unescape(re.sub(r"<[^>]+>", " ", text))
