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
def catalogue(game: str) -> dict[str, Rule]:
    """All rules of ``game`` by id, in catalogue order (empty if the game has none yet)."""
    try:
        raw = resources.files("beannb").joinpath("data", "rules", f"{game}.yaml").read_text("utf-8")
    except FileNotFoundError:
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(raw, Loader=loader)
    section_of = {rid: sec["id"] for sec in data.get("sections", []) for rid in sec["rules"]}
    return {
        r["id"]: Rule(r["id"], r["title"], {"en": r["en"], "hu": r["hu"]}, tuple(r.get("profiles", ["all"])),
                      section_of.get(r["id"], ""))
        for r in data["rules"]
    }


@lru_cache(maxsize=None)
def sections(game: str) -> list[dict]:
    raw = resources.files("beannb").joinpath("data", "rules", f"{game}.yaml").read_text("utf-8")
    return yaml.safe_load(raw).get("sections", [])


def rule(rule_id: str) -> Optional[Rule]:
    game = PREFIXES.get(rule_id.split("-")[0])
    return catalogue(game).get(rule_id) if game else None


def rule_statement(rule_id: str, lang: str = "en") -> Optional[str]:
    r = rule(rule_id)
    return r.statement(lang) if r else None
