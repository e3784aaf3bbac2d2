"""A game at a glance, its glossary, its lists of cards, every rule, and its printable
one-page summary, as HTML.

The data is each game's ``overview`` module (``beannb/games/<game>/overview.py``) and its
rules catalogue (``beannb/data/rules/<game>.yaml``); here it is drawn: every line ends with
the rule ids it states, each showing the rule's catalogue text as a tooltip. On a game's
page the rules section (:func:`rules_html`) holds an anchor ``rule-<ID>`` for each rule of
the game and, for an expansion, for each base rule that still applies there
(:func:`page_rule_ids`); a mark whose rule is on the page links to it, any other mark stays a
tooltip, so no link leads nowhere. :func:`summary_html` is a whole page with print styling
(one A4 page, our own plain look); ``beannb summary`` writes it, and the game pages link to
the copies kept in ``notebooks/print/`` (:func:`write_summaries`, checked to be current by
the tests).

>>> "B-29" in glossary_html("bohnanza", "en")
True
>>> 'id="rule-B-31"' in rules_html("takeover", "en"), 'id="rule-B-29"' in rules_html("takeover", "en")
(False, True)
"""
from __future__ import annotations

import importlib
import re
from functools import lru_cache
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any, Collection, Mapping, Optional, Sequence

from ..games import available, get_ruleset
from ..i18n.catalogue import (
    BASE_GAME, base_rule_see_also, base_rules_applying, base_rules_set_aside, catalogue, rule, sections,
)
from ..i18n.messages import BEANNB_LOCALE, NC_, NPC_, PSEUDO, Messages
from ..i18n import LANGS

#: Where the game pages find the summaries, relative to the notebook folder.
PRINT_DIR = "print"

#: The page's own words (headings, notes, the summary's footer), messages of the ``beannb``
#: domain (``beannb/i18n/locale``), by code ``overview-<key>``.
OVERVIEW_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    NC_("overview-teachers", "For teachers: how these are set"),
    NC_("overview-glance", "at a glance"),
    NC_("overview-glossary", "Glossary"),
    NC_("overview-summary", "One-page summary"),
    NC_("overview-rules", "rules"),
    NC_("overview-print", "Print this page"),
    NC_("overview-printable", "to print"),
    # TRANSLATORS: the printed summary's footer; {game} is the game's id, part of a command shown as code.
    NC_("overview-made", "Made from the rules data of beannb; the numbers are rule ids of the catalogue "
                         "(`beannb rules {game}`)."),
    # TRANSLATORS: the footer of the summary printed for learners (no command on it).
    NC_("overview-made-plain", "Made from the rules data of beannb; the marks such as {example} are the numbers of "
                               "the rules in the rule book's catalogue."),
    # TRANSLATORS: after a number of glossary terms: "Glossary (25 terms)".
    NC_("overview-terms", "terms"),
    NC_("overview-rule", "Rule"),
    NC_("overview-all-rules", "All the rules"),
    NPC_("overview-rules-count", "{n} rule", "{n} rules"),
    # TRANSLATORS: {name} is the game's name, {example} a rule id such as B-01.
    NC_("overview-rules-note", "Every rule of {name}, numbered and grouped as the rule book groups them. A rule mark "
                               "such as {example} anywhere on this page leads here, to its rule. Open a group, or "
                               "search the page for a word (Ctrl+F, or ⌘F on a Mac)."),
    NC_("overview-base-rules", "Base game rules that still apply"),
    # TRANSLATORS: {name} is the expansion's name.
    NC_("overview-base-note", "Where {name} says nothing else, the base game's rules hold. These are the ones that "
                              "still apply here; “see also” beside a rule names the rules of {name} that change or "
                              "extend it."),
    NC_("overview-not-used", "Base game rules not used here"),
    NC_("overview-see-also", "see also"),
    NC_("overview-lists", "The cards in full, and questions the rules decide"),
])
#: The keys :func:`word` knows.
WORD_KEYS = tuple(code[len("overview-"):].replace("-", "_") for code in OVERVIEW_MESSAGES.entries)


def _word_code(key: str) -> str:
    if key not in WORD_KEYS:
        raise KeyError(key)
    return "overview-" + key.replace("_", "-")


def word(key: str, lang: str) -> str:
    """One of the page's words in ``lang`` (English for a language the pages do not speak; the
    pseudo-language bracketed): the catalogue's text, its fields (``{n}``) left to fill."""
    return OVERVIEW_MESSAGES.template(_word_code(key), lang if lang in LANGS or lang == PSEUDO else "en", 2)


def said(key: str, lang: str, **data: Any) -> str:
    """One of the page's words filled with ``data`` (grammar specs applied in Hungarian)."""
    return OVERVIEW_MESSAGES.text(_word_code(key), lang, data)


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


def rule_anchor(rule_id: str) -> str:
    """The id of a rule's element on a game's page: ``rule-B-29``."""
    return f"rule-{rule_id}"


@lru_cache(maxsize=None)
def page_rule_ids(game: str) -> frozenset[str]:
    """The rules whose anchors ``game``'s page holds: every rule of its catalogue and, for an
    expansion, every base rule that still applies there."""
    return frozenset(catalogue(game)) | {r.id for r in base_rules_applying(game)}


def rule_mark(rule_id: str, lang: str = "en", linked: Collection[str] = ()) -> str:
    """One rule id as a small mark whose tooltip is the rule's catalogue text: a link to the
    rule when ``linked`` (the rules on this page) holds it, else a plain mark."""
    r, tip = escape(rule_id), escape(rule_tooltip(rule_id, lang))
    if rule_id in linked:
        return f'<a class="bnb-rule" href="#{escape(rule_anchor(rule_id))}" data-rule="{r}" title="{tip}">{r}</a>'
    return f'<abbr class="bnb-rule" tabindex="0" data-rule="{r}" title="{tip}">{r}</abbr>'


def rule_refs(rules: Sequence[str], lang: str = "en", linked: Collection[str] = ()) -> str:
    """Rule ids as small marks whose tooltip is the rule's catalogue text; those in ``linked``
    (the rules whose anchors are on the same page, :func:`page_rule_ids`) link to the rule."""
    marks = "".join(rule_mark(r, lang, linked) for r in rules)
    return f'<span class="bnb-rules">{marks}</span>'



@lru_cache(maxsize=None)
def _style(name: str) -> str:
    """A stylesheet shipped in ``render/front`` (package data, read with importlib.resources)."""
    return resources.files(__package__).joinpath("front", name).read_text("utf-8")


CSS = _style("overview.css")


def teacher_html(sec, lang: str) -> str:
    """A section's words for teachers only — what one types for each line's setting, and how
    options are set — in a closed fold: a learner's page shows no identifier or command."""
    rows = "".join(f'<li>{escape((ln.brief or ln.text)[lang].split(" — ")[0])} → '
                   f'<code class="bnb-code">{escape(ln.setting)}</code></li>' for ln in sec.lines if ln.setting)
    said = f'<p class="bnb-note">{inline_html(sec.teacher[lang])}</p>' if getattr(sec, "teacher", None) else ""
    if not rows and not said:
        return ""
    return (f'<details class="bnb-teacher"><summary>{escape(word("teachers", lang))}</summary>'
            f'{"<ul>" + rows + "</ul>" if rows else ""}{said}</details>')


def _section_html(sec, lang: str, level: str = "h3", linked: Collection[str] = ()) -> str:
    items = "".join(f'<li data-key="{escape(ln.key)}">{inline_html(ln.text[lang])}{rule_refs(ln.rules, lang, linked)}</li>'
                    for ln in sec.lines)
    note = f'<p class="bnb-note">{inline_html(sec.note[lang])}</p>' if sec.note else ""
    return (f'<section class="bnb-ov-{escape(sec.key)}"><{level}>{escape(sec.title[lang])}</{level}><ul>{items}</ul>{note}'
            f'{teacher_html(sec, lang)}</section>')


def overview_html(game: str, lang: str = "en", options: Optional[Mapping[str, Any]] = None, css: bool = True,
                  linked: Collection[str] = ()) -> str:
    """The at-a-glance sections of ``game`` as HTML; rule marks in ``linked`` link to their rule."""
    lang = _lang(lang)
    ov = get_overview(game, options)
    body = "".join(_section_html(s, lang, linked=linked) for s in ov.sections)
    style = f"<style>{CSS}</style>" if css else ""
    return f'{style}<div class="bnb-ov" lang="{lang}" data-game="{escape(game)}"><div class="bnb-ov-cols">{body}</div></div>'


def glossary_html(game: str, lang: str = "en", css: bool = True, linked: Collection[str] = ()) -> str:
    """The game's glossary as a definition list, alphabetical in ``lang``; rule marks in
    ``linked`` link to their rule."""
    lang = _lang(lang)
    terms = sorted(overview_module(game).GLOSSARY, key=lambda t: sort_key(t.name[lang]))
    items = "".join(f'<dt id="term-{escape(t.key)}">{escape(t.name[lang])}</dt>'
                    f'<dd>{inline_html(t.text[lang])}{rule_refs(t.rules, lang, linked)}</dd>' for t in terms)
    style = f"<style>{CSS}</style>" if css else ""
    return f'{style}<div class="bnb-ov" lang="{lang}"><dl class="bnb-gloss">{items}</dl></div>'


# -- the lists of cards and every rule, for the game's page ------------------------------------


def references(game: str, options: Optional[Mapping[str, Any]] = None) -> tuple:
    """The game's lists for its page (every text card, potion or territory in full, the
    questions the rules decide): its overview module's ``reference(options)``, if any."""
    make = getattr(overview_module(game), "reference", None)
    return tuple(make(options)) if make else ()


def _details(cls: str, title: str, count: str, body: str, key: str = "") -> str:
    """A group closed until opened, whose text is on the page all the same (find-in-page sees it)."""
    data = f' data-section="{escape(key)}"' if key else ""
    return (f'<details class="{cls}"{data}><summary>{escape(title)} <span class="bnb-count">({escape(count)})</span>'
            f'</summary>{body}</details>')


def reference_html(game: str, lang: str = "en", options: Optional[Mapping[str, Any]] = None, css: bool = True,
                   linked: Collection[str] = ()) -> str:
    """The game's lists (:func:`references`), each a closed group of name–text entries with their rules."""
    lang = _lang(lang)
    out = []
    for ref in references(game, options):
        note = f'<p class="bnb-note">{inline_html(ref.note[lang])}</p>' if ref.note else ""
        items = "".join(f'<dt id="ref-{escape(e.key.replace(":", "-"))}">{inline_html(e.name[lang])}</dt>'
                        f'<dd>{inline_html(e.text[lang])}{rule_refs(e.rules, lang, linked)}</dd>' for e in ref.entries)
        out.append(_details("bnb-ref", ref.title[lang], str(len(ref.entries)), f"{note}<dl>{items}</dl>", ref.key))
    if not out:
        return ""
    style = f"<style>{CSS}</style>" if css else ""
    return (f'{style}<div class="bnb-ov bnb-refs" lang="{lang}" data-game="{escape(game)}">'
            f'<h3>{escape(word("lists", lang))}</h3>{"".join(out)}</div>')


def rule_item_html(r, lang: str, see_also: Sequence[str] = (), linked: Collection[str] = ()) -> str:
    """One rule on the page: its anchor, id, title and full text (and the rules to see with it)."""
    see = (f'<span class="bnb-see">({escape(word("see_also", lang))}{rule_refs(see_also, lang, linked)})</span>'
           if see_also else "")
    return (f'<li class="bnb-rule-item" id="{escape(rule_anchor(r.id))}" data-rule="{escape(r.id)}">'
            f'<span class="bnb-rule-id">{escape(r.id)}</span><span class="bnb-rule-title">'
            f'{escape(r.title.get(lang) or r.title["en"])}</span> — {escape(r.statement(lang))}{see}</li>')


def _number(rule_id: str) -> tuple[str, Optional[int]]:
    head, _, num = rule_id.rpartition("-")
    return head, int(num) if num.isdigit() else None


def id_span(ids: Sequence[str]) -> str:
    """Rule ids as a reader writes them, runs of three or more joined.

    >>> id_span(["B-03", "B-04", "B-05", "B-09", "B-10", "B-48"])
    'B-03–B-05, B-09, B-10, B-48'
    """
    runs: list[list[str]] = []
    for rid in ids:
        if runs:
            (h0, n0), (h1, n1) = _number(runs[-1][-1]), _number(rid)
            if h0 == h1 and n0 is not None and n1 == n0 + 1:
                runs[-1].append(rid)
                continue
        runs.append([rid])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) >= 3 else ", ".join(r) for r in runs)


def _base_rules_html(game: str, lang: str, linked: Collection[str]) -> str:
    """The base game's rules that still apply in the expansion ``game``, grouped by the base
    catalogue's sections, then the ones set aside with why."""
    applying = base_rules_applying(game)
    if not applying:
        return ""
    see = base_rule_see_also(game)
    name = title(game, lang)
    by_section: dict[str, list] = {}
    for r in applying:
        by_section.setdefault(r.section, []).append(r)
    groups = []
    for sec in sections(BASE_GAME):
        rules_ = by_section.get(sec["id"])
        if rules_:
            items = "".join(rule_item_html(r, lang, see.get(r.id, ()), linked) for r in rules_)
            groups.append(f'<h4>{escape(sec["title"][lang])}</h4><ul class="bnb-rule-list">{items}</ul>')
    aside = base_rules_set_aside(game)
    if aside:
        items = "".join(f'<li><span class="bnb-rule-id">{escape(id_span(g.rules))}</span>{escape(g.why[lang])}</li>'
                        for g in aside)
        groups.append(f'<h4>{escape(word("not_used", lang))}</h4><ul class="bnb-rule-list bnb-not-used">{items}</ul>')
    note = said("base_note", lang, name=name)
    body = f'<p class="bnb-note">{escape(note)}</p>' + "".join(groups)
    return _details("bnb-rules-sec bnb-rules-base", word("base_rules", lang),
                    said("rules_count", lang, n=len(applying)), body, "base")


def rules_html(game: str, lang: str = "en", css: bool = True, linked: Optional[Collection[str]] = None) -> str:
    """Every rule of ``game``'s catalogue, grouped by its sections as the rule book groups them,
    each an element with the anchor ``rule-<ID>`` showing its id, title and full text; for an
    expansion, then the base game's rules that still apply there. Plain HTML, every text in the
    page from the start (closed groups included), so the browser's find-in-page finds it.
    Rule marks inside link to rules of the same page (``linked``, by default :func:`page_rule_ids`)."""
    lang = _lang(lang)
    linked = page_rule_ids(game) if linked is None else linked
    rules_ = catalogue(game)
    name = title(game, lang)
    groups = []
    for sec in sections(game):
        listed = [rules_[rid] for rid in sec["rules"] if rid in rules_]
        items = "".join(rule_item_html(r, lang, linked=linked) for r in listed)
        groups.append(_details("bnb-rules-sec", sec["title"][lang], said("rules_count", lang, n=len(listed)),
                               f'<ul class="bnb-rule-list">{items}</ul>', sec["id"]))
    placed = {rid for sec in sections(game) for rid in sec["rules"]}
    loose = [r for rid, r in rules_.items() if rid not in placed]
    if loose:  # a rule no section lists still belongs on the page
        groups.append(_details("bnb-rules-sec", word("all_rules", lang), said("rules_count", lang, n=len(loose)),
                               '<ul class="bnb-rule-list">' + "".join(rule_item_html(r, lang, linked=linked)
                                                                      for r in loose) + "</ul>", "other"))
    groups.append(_base_rules_html(game, lang, linked))
    example = next(iter(rules_), "")
    note = said("rules_note", lang, name=name, example=example)
    style = f"<style>{CSS}</style>" if css else ""
    return (f'{style}<div class="bnb-ov bnb-rules-all" id="rules-{escape(game)}" lang="{lang}" data-game="{escape(game)}">'
            f'<h3>{escape(word("all_rules", lang))} ({len(rules_) + len(base_rules_applying(game))})</h3>'
            f'<p class="bnb-note">{escape(note)}</p>{"".join(groups)}</div>')


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

PRINT_CSS = _style("summary_print.css")


def _refs_text(rules: Sequence[str], lang: str) -> str:
    return " ".join(f'<abbr title="{escape(rule_tooltip(r, lang))}">{escape(r)}</abbr>' for r in rules)


def _option_html(ln, lang: str, teacher: bool) -> str:
    """An option on the summary: its short name and value in words; the whole line (its code
    between backticks, as a tooltip shows no markup) and its rules as a tooltip; for a teacher
    also what one types to set it."""
    setting = f' <code class="bnb-code">{escape(ln.setting)}</code>' if teacher and ln.setting else ""
    return (f'<abbr title="{escape(ln.text[lang])} — {escape(", ".join(ln.rules))}">'
            f'{inline_html((ln.brief or ln.text)[lang])}</abbr>{setting}')


def _footer(game: str, lang: str, teacher: bool) -> str:
    """The page's last line: where it comes from; a teacher's copy names the command that lists the rules."""
    if teacher:
        return inline_html(said("made", lang, game=game))
    ids = [r for sec in get_overview(game).sections for ln in sec.lines for r in ln.rules]
    return escape(said("made_plain", lang, example=ids[0] if ids else "B-01"))


def summary_html(game: str, lang: str = "en", teacher: bool = False) -> str:
    """A printable one-page summary of ``game`` (the defaults in force) as a whole HTML page.

    The page is a learner's: no command and no setting on it. ``teacher`` adds, for a
    teacher's copy, what one types to set each option and the command listing the rules."""
    lang = _lang(lang)
    ov = get_overview(game)
    name = title(game, lang)
    secs = []
    for sec in ov.sections:
        lines = [ln for ln in sec.lines if not ln.key.startswith("option:")]
        options = [ln for ln in sec.lines if ln.key.startswith("option:")]
        items = "".join(f'<li>{inline_html(ln.text[lang])} <span class="r">{_refs_text(ln.rules, lang)}</span></li>'
                        for ln in lines)
        if options:  # one compact line
            items += "<li>" + "; ".join(_option_html(ln, lang, teacher) for ln in options) + "</li>"
        # The options' note tells of other readings and house rules: the page's business, not the
        # one printed page's (which states the rules in force).
        note = f'<p class="note">{inline_html(sec.note[lang])}</p>' if sec.note and sec.key != "options" else ""
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
        f"<footer>{_footer(game, lang, teacher)}</footer>\n"
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
