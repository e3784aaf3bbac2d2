"""Names of cards that are not beans (expansions register theirs here)."""
from __future__ import annotations

NAMES: dict[str, dict[str, str]] = {}


def name(card: str, lang: str = "en") -> str:
    entry = NAMES.get(card)
    if not entry:
        return card
    return entry.get(lang) or entry["en"]
