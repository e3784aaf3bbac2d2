"""English and Hungarian strings: card names, rule texts (the catalogue) and narration."""
LANGS = ("en", "hu")
