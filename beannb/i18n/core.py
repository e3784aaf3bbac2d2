"""The messages every game shares: how a refusal is framed, and the notation reader's complaints."""
from __future__ import annotations

from .messages import NC_, ByLang, Messages, locale_dir

CORE = Messages("beannb", locale_dir(__file__), [
    NC_("refusal-head", "Not allowed"),
    NC_("refusal-rule", "rule {rule}"),
    NC_("refusal-allowed", "Allowed now:"),
    # TRANSLATORS: text is what the player typed, quoted; problem what is wrong with it
    # (the notation reader's complaint, in the reader's language).
    NC_("syntax-unreadable", "Cannot read action {text}: {problem}."),
    # TRANSLATORS: after syntax-unreadable: actions written as the notation writes them.
    NC_("syntax-expected", "Expected one of: {examples}"),
    # TRANSLATORS: mine lists the seats this page plays; example is one of them.
    NC_("not-your-seat", "This page plays {mine} only; {player}'s moves are not yours to make. "
                         "Start the action with your own name, e.g. {example} …"),
])


class _CatalogueTitle:
    """A game's name as its rules catalogue gives it (``game-title`` of
    ``beannb/data/rules/<game>.yaml``, translated in ``rules-<game>``), read when first shown
    (the catalogue is not loaded when the game is imported)."""

    __slots__ = ("game",)

    def __init__(self, game: str):
        self.game = game

    def text(self, lang: str = "en") -> str:
        from .catalogue import messages

        return messages(self.game).fixed("game-title").text(lang)

    def __repr__(self) -> str:
        return f"title of {self.game}"


def GameTitle(game: str) -> ByLang:  # noqa: N802 - reads as the ruleset's ``title`` table
    """A ruleset's ``title``: the game's name by language, from its rules catalogue."""
    return ByLang(_CatalogueTitle(game))
