"""The messages every game shares: how a refusal is framed, and the notation reader's complaints."""
from __future__ import annotations

from .messages import NC_, Messages, locale_dir

CORE = Messages("beannb", locale_dir(__file__), [
    NC_("refusal-head", "Not allowed"),
    NC_("refusal-rule", "rule {rule}"),
    NC_("refusal-allowed", "Allowed now:"),
])
