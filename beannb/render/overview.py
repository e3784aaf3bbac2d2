"""A game at a glance, its glossary and its printable one-page summary, as HTML.

The data is each game's ``overview`` module (``beannb/games/<game>/overview.py``); here it
is drawn: every line ends with the rule ids it states, each showing the rule's catalogue
text as a tooltip. :func:`summary_html` is a whole page with print styling (one A4 page,
our own plain look); ``beannb summary`` writes it, and the game pages link to the copies
kept in ``notebooks/print/`` (:func:`write_summaries`, checked to be current by the tests).

>>> "B-29" in glossary_html("bohnanza", "en")
True
"""
from __future__ import annotations

import importlib
import re
from html import escape
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from ..games import available, get_ruleset
from ..i18n.catalogue import rule

LANGS = ("en", "hu")
#: Where the game pages find the summaries, relative to the notebook folder.
PRINT_DIR = "print"

WORDS = {
    "en": {"glance": "at a glance", "glossary": "Glossary", "summary": "One-page summary", "rules": "rules",
           "print": "Print this page", "printable": "to print", "made": "Made from the rules data of beannb; the numbers are rule ids of the "
           "catalogue (`beannb rules {game}`).", "terms": "terms", "rule": "Rule"},
    "hu": {"glance": "áttekintés", "glossary": "Fogalmak", "summary": "Egyoldalas összefoglaló", "rules": "szabályok",
           "print": "Az oldal nyomtatása", "printable": "nyomtatható", "made": "A beannb szabályadataiból készült; a jelölések a szabálygyűjtemény "
           "szabályazonosítói (`beannb rules {game} --lang hu`).", "terms": "fogalom", "rule": "Szabály"},
}


def word(key: str, lang: str) -> str:
    return WORDS.get(lang, WORDS["en"])[key]


_CODE = re.compile(r"`([^`]*)`")


def inline_html(text: str) -> str:
    """An overview text as HTML: escaped, with the parts marked as code (between backticks:
    what one would type, such as an option's name and value) in ``<code>`` elements.

    >>> inline_html('Edition — the 1997 box; setting: `profile="AMIGO_1997"`')
    'Edition — the 1997 box; setting: <code class="bnb-code">profile=&quot;AMIGO_1997&quot;</code>'
    """
    out, at = [], 0
    for m in _CODE.finditer(text):
        out.append(escape(text[at:m.start()]))
        out.append(f'<code class="bnb-code">{escape(m.group(1))}</code>')
        at = m.end()
    out.append(escape(text[at:]))
    return "".join(out)


def overview_module(game: str):
    """The game's ``overview`` module (every game package has one)."""
    return importlib.import_module(get_ruleset(game).package + ".overview")


def get_overview(game: str, options: Optional[Mapping[str, Any]] = None):
    """The game's :class:`~beannb.games.bohnanza.overview.Overview` for ``options`` (default: the defaults)."""
    return overview_module(game).overview(options)


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"


def rule_tooltip(rule_id: str, lang: str = "en") -> str:
    r = rule(rule_id)
    if r is None:
        return rule_id
    return f"{rule_id} {r.title.get(lang) or r.title['en']}: {r.statement(lang)}"


def rule_refs(rules: Sequence[str], lang: str = "en") -> str:
    """Rule ids as small marks whose tooltip is the rule's catalogue text."""
    marks = "".join(f'<abbr class="bnb-rule" tabindex="0" data-rule="{escape(r)}" '
                    f'title="{escape(rule_tooltip(r, lang))}">{escape(r)}</abbr>' for r in rules)
    return f'<span class="bnb-rules">{marks}</span>'


CSS = """
.bnb-ov{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;max-width:66em}
.bnb-ov h3{font-size:1.05em;margin:.8em 0 .25em;color:#2f5d2f}
.bnb-ov ul{margin:0;padding-left:1.2em}
.bnb-ov li{margin:.12em 0}
.bnb-ov .bnb-note{color:#555;font-size:.92em;margin:.3em 0}
.bnb-rules{white-space:nowrap}
.bnb-rule{font-size:.78em;color:#555;border:1px solid #bbb;border-radius:3px;padding:0 .25em;margin-left:.3em;
  text-decoration:none;cursor:help;background:#f7f7f2}
.bnb-ov-cols{column-width:28em;column-gap:2.2em}
.bnb-ov-cols section{break-inside:avoid}
.bnb-ov-cols h3:first-child{margin-top:0}
.bnb-gloss dt{font-weight:600;margin-top:.45em}
.bnb-gloss dd{margin:0 0 0 1em}
.bnb-code{font:.88em/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f1f1ea;color:#333;
  border:1px solid #ddd;border-radius:3px;padding:0 .25em;white-space:nowrap}
.bnb-note .bnb-code{white-space:normal}
"""


def _section_html(sec, lang: str, level: str = "h3") -> str:
    items = "".join(f'<li data-key="{escape(ln.key)}">{inline_html(ln.text[lang])}{rule_refs(ln.rules, lang)}</li>'
                    for ln in sec.lines)
    note = f'<p class="bnb-note">{inline_html(sec.note[lang])}</p>' if sec.note else ""
    return f'<section class="bnb-ov-{escape(sec.key)}"><{level}>{escape(sec.title[lang])}</{level}><ul>{items}</ul>{note}</section>'


def overview_html(game: str, lang: str = "en", options: Optional[Mapping[str, Any]] = None, css: bool = True) -> str:
    """The at-a-glance sections of ``game`` as HTML."""
    lang = _lang(lang)
    ov = get_overview(game, options)
    body = "".join(_section_html(s, lang) for s in ov.sections)
    style = f"<style>{CSS}</style>" if css else ""
    return f'{style}<div class="bnb-ov" lang="{lang}" data-game="{escape(game)}"><div class="bnb-ov-cols">{body}</div></div>'


def glossary_html(game: str, lang: str = "en", css: bool = True) -> str:
    """The game's glossary as a definition list, alphabetical in ``lang``."""
    lang = _lang(lang)
    terms = sorted(overview_module(game).GLOSSARY, key=lambda t: sort_key(t.name[lang]))
    items = "".join(f'<dt id="term-{escape(t.key)}">{escape(t.name[lang])}</dt>'
                    f'<dd>{inline_html(t.text[lang])}{rule_refs(t.rules, lang)}</dd>' for t in terms)
    style = f"<style>{CSS}</style>" if css else ""
    return f'{style}<div class="bnb-ov" lang="{lang}"><dl class="bnb-gloss">{items}</dl></div>'


_PLAIN_LETTERS = str.maketrans("áéíóöőúüű", "aeiooouuu", "„”\"'")


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order for a term: accents sort with their letter (á with a, ö with o)."""
    low = name.lower()
    return low.translate(_PLAIN_LETTERS), low


def title(game: str, lang: str = "en") -> str:
    """The game's name, as its rules catalogue gives it (one name on every page)."""
    from ..games.bohnanza.overview import game_title

    names = game_title(get_ruleset(game))
    return names.get(lang) or names.get("en") or game


# -- the printable page ---------------------------------------------------------------------

PRINT_CSS = """
@page{size:A4;margin:6mm 7mm}
*{box-sizing:border-box}
body{font:7.7pt/1.2 "Helvetica Neue",Arial,sans-serif;color:#111;margin:0 auto;max-width:196mm;padding:0}
header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:2px solid #2f5d2f;margin-bottom:2mm}
h1{font-size:14pt;margin:0;color:#2f5d2f}
h2{font-size:8.4pt;margin:1.2mm 0 .4mm;text-transform:uppercase;letter-spacing:.04em;color:#2f5d2f}
.cols{column-count:2;column-gap:6mm}
section{break-inside:avoid-column}
ul{margin:0;padding-left:3.6mm}
li{margin:0 0 .3mm}
.note{color:#444;font-size:7.2pt;margin:.6mm 0 0}
.r{color:#666;font-size:6.5pt;white-space:nowrap}
.gloss{column-count:4;column-gap:3.5mm;font-size:6.5pt;line-height:1.17;border-top:1px solid #999;margin-top:2mm}
.gloss h2{column-span:all}
.gloss p{margin:0 0 .5mm;break-inside:avoid}
.gloss b{color:#2f5d2f}
footer{font-size:7pt;color:#666;border-top:1px solid #ccc;margin-top:2mm;padding-top:1mm}
code{font:.92em "DejaVu Sans Mono",Menlo,Consolas,monospace;background:#f0f0ea;border-radius:2px;padding:0 .4mm}
button{font-size:9pt;margin-left:3mm}
@media screen{body{padding:10mm;box-shadow:0 0 6px #aaa;margin:6mm auto;max-width:210mm}}
@media print{button{display:none}body{padding:0;max-width:none}a{color:inherit;text-decoration:none}}
"""


def _refs_text(rules: Sequence[str], lang: str) -> str:
    return " ".join(f'<abbr title="{escape(rule_tooltip(r, lang))}">{escape(r)}</abbr>' for r in rules)


def summary_html(game: str, lang: str = "en") -> str:
    """A printable one-page summary of ``game`` (the defaults in force) as a whole HTML page."""
    lang = _lang(lang)
    ov = get_overview(game)
    name = title(game, lang)
    secs = []
    for sec in ov.sections:
        lines = [ln for ln in sec.lines if not ln.key.startswith("option:")]
        options = [ln for ln in sec.lines if ln.key.startswith("option:")]
        items = "".join(f'<li>{inline_html(ln.text[lang])} <span class="r">{_refs_text(ln.rules, lang)}</span></li>'
                        for ln in lines)
        if options:  # one compact line: each option's short name and value in words; the whole line (its
            # code between backticks, as a tooltip shows no markup) and its rules as a tooltip
            items += "<li>" + "; ".join(
                f'<abbr title="{escape(ln.text[lang])} — {escape(", ".join(ln.rules))}">'
                f'{inline_html((ln.brief or ln.text)[lang])}</abbr>' for ln in options) + "</li>"
        note = f'<p class="note">{inline_html(sec.note[lang])}</p>' if sec.note else ""
        secs.append(f"<section><h2>{escape(sec.title[lang])}</h2><ul>{items}</ul>{note}</section>")
    terms = sorted(ov.glossary, key=lambda t: sort_key(t.name[lang]))
    gloss = "".join(f'<p><b>{escape(t.name[lang])}</b> — {inline_html(t.text[lang])} <span class="r">'
                    f'{_refs_text(t.rules, lang)}</span></p>' for t in terms)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(name)} — {escape(word('summary', lang))}</title><style>{PRINT_CSS}</style></head>\n<body>"
        f"<header><h1>{escape(name)}</h1><span>{escape(word('summary', lang))}"
        f' <button type="button" onclick="window.print()">{escape(word("print", lang))}</button></span></header>\n'
        f'<div class="cols">{"".join(secs)}</div>\n'
        f'<div class="gloss"><h2>{escape(word("glossary", lang))}</h2>{gloss}</div>\n'
        f"<footer>{inline_html(word('made', lang).format(game=game))}</footer>\n"
        "</body></html>\n"
    )


def summary_name(game: str, lang: str = "en") -> str:
    """The summary's file name inside the notebook folder: ``print/<game>.<lang>.html``."""
    return f"{PRINT_DIR}/{game}.{_lang(lang)}.html"


def write_summaries(folder: Path, games: Optional[Sequence[str]] = None, langs: Sequence[str] = LANGS) -> list[Path]:
    """Write every game's summary in every language under ``folder`` (the notebook folder)."""
    out = []
    for game in games or available():
        for lang in langs:
            path = Path(folder) / summary_name(game, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(summary_html(game, lang), encoding="utf-8")
            out.append(path)
    return out
