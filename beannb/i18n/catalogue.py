"""The rules catalogue: product data (``beannb/data/rules/<game>.yaml``), quoted by errors and the UI."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Optional

import yaml

#: rule-id prefix -> catalogue file
PREFIXES = {"B": "bohnanza", "T": "takeover", "R": "rabohnzel", "P": "bohnaparte"}


@dataclass(frozen=True)
class Rule:
    id: str
    title: dict
    text: dict
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


@lru_cache(maxsize=None)
def catalogue(game: str) -> dict[str, Rule]:
    """All rules of ``game`` by id, in catalogue order (empty if the game has none yet)."""
    data = document(game)
    section_of = {rid: sec["id"] for sec in data.get("sections", []) for rid in sec["rules"]}
    return {
        r["id"]: Rule(r["id"], r["title"], {"en": r["en"], "hu": r["hu"]}, tuple(r.get("profiles", ["all"])),
                      section_of.get(r["id"], ""))
        for r in data.get("rules", [])
    }


def sections(game: str) -> list[dict]:
    return document(game).get("sections", [])


def rule(rule_id: str) -> Optional[Rule]:
    game = PREFIXES.get(rule_id.split("-")[0])
    return catalogue(game).get(rule_id) if game else None


def rule_statement(rule_id: str, lang: str = "en") -> Optional[str]:
    r = rule(rule_id)
    return r.statement(lang) if r else None
