"""Interface words (buttons, headings) and the table's paths in words, from the ``beannb``
message catalogue: ``t("next", lang)``, ``path_word("Ann.coins", lang)``."""
from __future__ import annotations

from .messages import BEANNB_LOCALE, NC_, Messages

#: Buttons and headings by key: the message ``ui-<key>`` (underscores as hyphens).
UI_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    NC_("ui-next", "Next ▶"),
    NC_("ui-back", "◀ Back"),
    NC_("ui-step", "Step"),
    NC_("ui-start", "Start"),
    NC_("ui-undo", "Undo"),
    NC_("ui-redo", "Redo"),
    NC_("ui-try", "Try it"),
    # TRANSLATORS: the example action stays in the notation (English words), as the reader types it.
    NC_("ui-try-placeholder", "type any action, e.g. Ann harvest 1"),
    NC_("ui-try-heading", "Try anything"),
    NC_("ui-actions", "What you can do now"),
    NC_("ui-no-actions", "Nothing to decide for this seat right now."),
    NC_("ui-log", "What happened"),
    NC_("ui-seat", "View"),
    NC_("ui-teacher", "Whole table (teacher)"),
    NC_("ui-language", "Language"),
    NC_("ui-trade", "Make an offer"),
    NC_("ui-partner", "To"),
    NC_("ui-give", "You give"),
    NC_("ui-get", "You ask for"),
    NC_("ui-from-faceup", "from the face-up cards"),
    NC_("ui-send-offer", "Send offer"),
    NC_("ui-refused", "Refused"),
    NC_("ui-rule", "Rule"),
    NC_("ui-allowed", "Allowed now"),
    NC_("ui-ok", "Done"),
    NC_("ui-check", "Check"),
    NC_("ui-correct", "Right!"),
    NC_("ui-wrong", "Not quite."),
    NC_("ui-your-seat", "Your seat"),
    NC_("ui-bots", "Bots"),
    NC_("ui-bot-kind", "Bot kind"),
    NC_("ui-new-game", "New game"),
    NC_("ui-waiting-for", "Waiting for"),
    NC_("ui-game-over", "Game over"),
    NC_("ui-changed", "What changed"),
    NC_("ui-question", "Question"),
    NC_("ui-exercise", "Exercise"),
    NC_("ui-seed", "Seed"),
    NC_("ui-variant", "Variant"),
    NC_("ui-players", "Players"),
    NC_("ui-profile", "Edition"),
    NC_("ui-nothing-changed", "Nothing on the table changed."),
    NC_("ui-play-bots", "Let the bots play"),
    NC_("ui-choose-all-legal", "Tick every action that is legal now."),
    NC_("ui-pick-one", "Pick one answer."),
    # TRANSLATORS: before the right answer(s) of an exercise: "Answer: …".
    NC_("ui-answer", "Answer"),
    NC_("ui-none-of-them", "none of them"),
    NC_("ui-bot-greedy", "sensible"),
    NC_("ui-bot-random", "random"),
    NC_("ui-bot-trader", "trader (haggles)"),
    NC_("ui-bot-strong", "strong (searches)"),
    NC_("ui-pick-first", "Choose your answer first, then press Check."),
])

#: What changed on the table, by the first part of its path: the message ``path-<head>``.
PATH_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    NC_("path-hand", "hand"),
    NC_("path-fields", "fields"),
    NC_("path-coins", "coins"),
    NC_("path-pending", "cards to plant"),
    NC_("path-third-field", "3rd field"),
    NC_("path-deck", "deck"),
    NC_("path-discard", "discard pile"),
    NC_("path-faceup", "face-up cards"),
    NC_("path-offer-zone", "cards on offer"),
    NC_("path-offers", "open offers"),
    NC_("path-active", "active player"),
    NC_("path-phase", "phase"),
    NC_("path-turn", "turn"),
    NC_("path-exhausted", "deck passes"),
    NC_("path-over", "end of the game"),
    NC_("path-scores", "scores"),
    NC_("path-winners", "winner"),
    NC_("path-removed", "cards out of play"),
    NC_("path-texts", "text cards"),
    NC_("path-text-count", "text cards"),
    NC_("path-protected", "protected fields"),
])


def _code(prefix: str, key: str) -> str:
    return f"{prefix}-{key.replace('_', '-')}"


def path_word(path: str, lang: str = "en") -> str:
    """A table path in words ('' for bookkeeping paths a learner need not see)."""
    head = path.split(".")[0]
    if path.endswith("hand_size"):
        head = "hand"
    code = _code("path", head)
    return PATH_MESSAGES.text(code, lang) if code in PATH_MESSAGES.entries else ""


def t(key: str, lang: str = "en") -> str:
    """An interface word in ``lang`` (an unknown key comes back as it is)."""
    code = _code("ui", key)
    return UI_MESSAGES.text(code, lang) if code in UI_MESSAGES.entries else key


#: Each language's own name, as its speakers write it (a language switch offers it so).
LANGUAGE_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: the name of your language in your language ("Magyar"), on the language switch.
    NC_("language-name", "English"),
])


def language_name(lang: str) -> str:
    """``lang``'s own name ("English", "Magyar")."""
    return LANGUAGE_MESSAGES.template("language-name", lang)
