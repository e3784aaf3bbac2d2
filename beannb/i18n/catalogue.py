"""The rules catalogue: product data (``beannb/data/rules/<game>.yaml``), quoted by errors and the UI.

The file holds every rule in English; the other languages are gettext catalogues of their own
(domain ``rules-<game>`` in ``beannb/data/rules/locale/``, made by ``make translations`` as the
code's are). Each text's code: ``game-title``, ``section-<id>``, ``rule-<ID>-title``,
``rule-<ID>`` and ``set-aside-<first rule id>``; every title and text reads as a mapping
language -> text (``r.title["hu"]``), the pseudo-language included.

>>> rule("B-27").title["hu"]
'Babtallérok a betakarításért'

An expansion's file also says which of the base game's rules it sets aside (``base_rules``),
so its page can list the base rules that still hold there:

>>> "B-31" in base_rules_not_applying("takeover"), "B-29" in {r.id for r in base_rules_applying("takeover")}
(True, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
import re
from pathlib import Path
from typing import Iterator, Mapping, Optional

import yaml

from .messages import ByLang, Entry, Messages

#: Where the rules catalogue's translations live (one domain per game: ``rules-<game>``).
RULES_LOCALE = Path(__file__).resolve().parent.parent / "data" / "rules" / "locale"

_RULE_ID = re.compile(r"^\s*-\s*id:\s*([A-Z]+)-", re.M)


def _prefixes() -> dict[str, str]:
    """Rule-id prefix -> game, read from the rules files: each game's file is
    ``data/rules/<game>.yaml`` and its rule ids carry the game's prefix (``B-29``). This layer
    sits below the games' registry, so it finds the games by their files; only the first rule
    id of each file is looked at (the YAML itself is parsed when a catalogue is asked for)."""
    out: dict[str, str] = {}
    for f in sorted(resources.files("beannb").joinpath("data", "rules").iterdir(), key=lambda f: f.name):
        if f.name.endswith(".yaml"):
            found = _RULE_ID.search(f.read_text("utf-8"))
            if found:
                out[found.group(1)] = f.name[: -len(".yaml")]
    return out


#: rule-id prefix -> catalogue file (game)
PREFIXES = _prefixes()
#: The game every expansion builds on (its rules are the B- rules).
BASE_GAME = "bohnanza"


@dataclass(frozen=True)
class Rule:
    id: str
    title: Mapping[str, str]
    text: Mapping[str, str]
    profiles: tuple
    section: str

    def statement(self, lang: str = "en") -> str:
        return self.text.get(lang) or self.text["en"]


@lru_cache(maxsize=None)
def document(game: str) -> dict:
    """``game``'s rules file as data (read once; empty if the game has none yet)."""
    try:
        raw = resources.files("beannb").joinpath("data", "rules", f"{game}.yaml").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return {}
    return yaml.load(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}


def domain_of(game: str) -> str:
    """The gettext domain of ``game``'s rules catalogue."""
    return f"rules-{game}"


def entries(game: str) -> Iterator[Entry]:
    """Every text of ``game``'s rules file as a message: its code and its English (what
    ``make translations`` extracts)."""
    data = document(game)
    if not data:
        return
    title = data.get("title")
    if title:
        yield Entry("game-title", str(title["en"]))
    for group in (data.get("base_rules") or {}).get("not_applying", []):
        yield Entry(f"set-aside-{group['rules'][0]}", group["en"])
    for sec in data.get("sections", []):
        yield Entry(f"section-{sec['id']}", sec["en"])
    for r in data.get("rules", []):
        yield Entry(f"rule-{r['id']}-title", r["title"]["en"])
        yield Entry(f"rule-{r['id']}", r["en"])


@lru_cache(maxsize=None)
def messages(game: str) -> Messages:
    """``game``'s rules catalogue as messages (read in any language through its domain)."""
    return Messages(domain_of(game), RULES_LOCALE, entries(game))


def words(game: str, code: str) -> ByLang:
    """One text of ``game``'s rules file by language."""
    return messages(game).fixed(code).by_lang()


@lru_cache(maxsize=None)
def catalogue(game: str) -> dict[str, Rule]:
    """All rules of ``game`` by id, in catalogue order (empty if the game has none yet)."""
    data = document(game)
    section_of = {rid: sec["id"] for sec in data.get("sections", []) for rid in sec["rules"]}
    return {
        r["id"]: Rule(r["id"], words(game, f"rule-{r['id']}-title"), words(game, f"rule-{r['id']}"),
                      tuple(r.get("profiles", ["all"])), section_of.get(r["id"], ""))
        for r in data.get("rules", [])
    }


@lru_cache(maxsize=None)
def _sections(game: str) -> tuple:
    return tuple({"id": sec["id"], "rules": list(sec["rules"]), "title": words(game, f"section-{sec['id']}")}
                 for sec in document(game).get("sections", []))


def sections(game: str) -> list[dict]:
    """The catalogue's sections in order: ``{"id", "rules", "title"}`` (the title by language)."""
    return list(_sections(game))


def game_title(game: str) -> Mapping[str, str]:
    """The game's name by language, as its rules file gives it (empty if it gives none)."""
    return words(game, "game-title") if (document(game).get("title") or {}).get("en") else {}


def rule(rule_id: str) -> Optional[Rule]:
    game = PREFIXES.get(rule_id.split("-")[0])
    return catalogue(game).get(rule_id) if game else None


def rule_statement(rule_id: str, lang: str = "en") -> Optional[str]:
    r = rule(rule_id)
    return r.statement(lang) if r else None


# -- the base game's rules in an expansion -------------------------------------------------------


@dataclass(frozen=True)
class SetAside:
    """Base rules an expansion does not use, and why (by language, citing the expansion's own
    rules)."""

    rules: tuple
    why: Mapping[str, str]


def _base_rules(game: str) -> dict:
    return document(game).get("base_rules") or {}


@lru_cache(maxsize=None)
def base_rules_set_aside(game: str) -> tuple[SetAside, ...]:
    """The groups of base (B-) rules ``game`` sets aside, in its catalogue's order; none for the
    base game itself or a game whose catalogue declares none."""
    if game == BASE_GAME:
        return ()
    return tuple(SetAside(tuple(g["rules"]), words(game, f"set-aside-{g['rules'][0]}"))
                 for g in _base_rules(game).get("not_applying", []))


def base_rules_not_applying(game: str) -> dict[str, dict]:
    """Base rule id -> why ``game`` does not use it."""
    return {rid: g.why for g in base_rules_set_aside(game) for rid in g.rules}


def base_rules_applying(game: str) -> list[Rule]:
    """The base game's rules that still hold in the expansion ``game``, in the base catalogue's
    order (empty for the base game itself: its rules are its own)."""
    if game == BASE_GAME:
        return []
    off = base_rules_not_applying(game)
    return [r for rid, r in catalogue(BASE_GAME).items() if rid not in off]


def base_rule_see_also(game: str) -> Mapping[str, tuple]:
    """Base rule id -> the expansion's rules that change or extend it there (shown beside it)."""
    return {rid: tuple(ids) for rid, ids in (_base_rules(game).get("see_also") or {}).items()}
