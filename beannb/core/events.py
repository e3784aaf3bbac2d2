"""Events: what an action caused, able to narrate itself in English and Hungarian."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class Event:
    """``kind`` selects the narration template; ``data`` fills it (bean ids are localised)."""

    kind: str
    player: Optional[str] = None
    data: dict[str, Any] = field(default_factory=dict)
    rule: Optional[str] = None

    def text(self, lang: str = "en") -> str:
        from ..i18n.narration import narrate

        return narrate(self, lang)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "data": self.data, "rule": self.rule}
