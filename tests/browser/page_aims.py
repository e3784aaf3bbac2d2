"""The aims of issue 23 ("Every page speaks the learner's language"), measured on whole pages
in a real browser:

* a Hungarian page has at most :data:`MAX_ENGLISH_ON_HU` English function words, and no
  notation or identifier;
* an English page has no Hungarian word, and no German or Hungarian card name except where
  it is marked as the original name;
* every rule id of the game (its catalogue and, for an expansion, the base rules that still
  apply there) is on its page.

"Whole page" is the page scrolled to the bottom with every lazily built section built, and
the text read from it (:data:`WHOLE_TEXT`) is what a learner can read there: the visible text,
the text inside the folds a learner may open (``<details>`` groups such as the rules', the
glossary's accordion) and every choice of a drop-down shown. Only the folds *for teachers*
are left out, their title excepted: the overview's ``<details class="bnb-teacher">``
(:func:`beannb.render.overview.teacher_html`, how options are set: identifiers, Python and
command lines) and the apps' ``.beannb-teacher-fold`` accordion
(:func:`beannb.widgets.views.teacher_fold`, the notation box with its examples). Tooltips
(``title`` attributes, SVG ``<title>``) are not page text.

An original name is marked the way the web marks a phrase in another language: an element
with ``lang="de"`` around it (``<i lang="de">Chemiekeule</i>``). The page switch names each
language in that language (``lang="en"`` / ``lang="hu"``); it is left out too. Any other
element whose ``lang`` is the page's other language is a block the switch left behind, and is
reported as such.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Optional

from beannb.games import available, get_ruleset
from beannb.i18n.catalogue import base_rules_applying, catalogue

#: English function words ("is", "be" and "a" are Hungarian words too, so not counted).
ENGLISH = {"the", "and", "of", "to", "you", "your", "with", "are", "for", "it", "its", "when", "what", "which",
           "each", "every", "may", "this", "that", "from", "by", "or", "on", "in", "at", "no", "not", "can"}
#: Hungarian function words ("a" and "is" are English words too, so not counted).
HUNGARIAN = {"és", "hogy", "az", "egy", "nem", "vagy", "ha", "de", "minden", "amely", "amit", "ezt", "csak",
             "még", "már", "után", "között", "mert", "kell", "lehet", "meg", "sem", "ki", "mi", "van"}

#: The issue's limit: English function words a whole Hungarian page may hold.
MAX_ENGLISH_ON_HU = 10

#: A word: ``\w+`` keeps option names such as chasm_at_end whole (identifiers, not prose). A
#: word joined to a number by a hyphen is a Hungarian case ending, not a word of its own: "3-at"
#: (three, accusative), "5-ön", "B-29-en".
WORD = re.compile(r"(?<!\d-)(?<!\w)\w+")

#: Identifiers: what one types, not what one reads (the teachers' folds hold them).
IDENTIFIERS = (
    ("snake_case name", re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")),
    ("UPPER_CASE id", re.compile(r"(?<![\w-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w-])")),
    ("setting=", re.compile(r"(?<![\w-])[a-z_]+=")),
    ("--option", re.compile(r"(?<![\w-])--[a-z][\w-]*")),
)

#: The text a learner can read on the whole page: see the module's doc. Returns the text
#: nodes with where they are, and the ids of the rules' anchors.
WHOLE_TEXT = r"""
() => {
  const root = document.getElementById("rendered_cells") || document.body;
  const TEACHER = ".bnb-teacher, .beannb-teacher-fold";
  const TEACHER_TITLE = ".bnb-teacher > summary, .beannb-teacher-fold .jupyter-widget-Collapse-header";
  const opened = [], shown = [];
  for (const d of root.querySelectorAll("details:not([open])")) { d.open = true; opened.push(d); }
  for (const c of root.querySelectorAll(".jupyter-widget-Collapse-contents.lm-mod-hidden")) {
    c.classList.remove("lm-mod-hidden"); shown.push(c);
  }
  const out = [];
  try {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent.trim() || el.closest("script, style, title")) continue;
      if (el.tagName === "OPTION") {  // every choice of a drop-down the learner sees
        const select = el.closest("select");
        if (!select || !select.checkVisibility({checkVisibilityCSS: true})) continue;
      } else if (!el.checkVisibility({checkVisibilityCSS: true})) continue;
      const marked = el.closest("[lang]");
      out.push({
        text: n.textContent,
        teacher: !!el.closest(TEACHER) && !el.closest(TEACHER_TITLE),
        lang: marked ? marked.getAttribute("lang") : "",
        switch: !!el.closest(".beannb-page-switch"),
      });
    }
    // A text box's placeholder is read as its text is (a typed value is the reader's own).
    for (const el of root.querySelectorAll("input[placeholder], textarea[placeholder]")) {
      if (!el.placeholder.trim() || !el.checkVisibility({checkVisibilityCSS: true})) continue;
      const marked = el.closest("[lang]");
      out.push({text: el.placeholder, teacher: !!el.closest(TEACHER), lang: marked ? marked.getAttribute("lang") : "",
                switch: !!el.closest(".beannb-page-switch")});
    }
  } finally {
    for (const d of opened) d.open = false;
    for (const c of shown) c.classList.add("lm-mod-hidden");
  }
  const anchors = [...root.querySelectorAll('[id^="rule-"]')].map(e => e.id.slice(5));
  return {segments: out, anchors};
}
"""

#: Open (``true``) every fold a learner may open (the teachers' stay closed), or close again
#: (``false``) the ones it opened: for a screenshot of what :data:`WHOLE_TEXT` reads.
OPEN_FOLDS = r"""
(open) => {
  const root = document.getElementById("rendered_cells") || document.body;
  const TEACHER = ".bnb-teacher, .beannb-teacher-fold";
  if (open) {
    for (const d of root.querySelectorAll("details:not([open])")) {
      if (!d.closest(TEACHER)) { d.open = true; d.dataset.aimsOpened = "1"; }
    }
    for (const c of root.querySelectorAll(".jupyter-widget-Collapse-contents.lm-mod-hidden")) {
      if (!c.closest(TEACHER)) { c.classList.remove("lm-mod-hidden"); c.dataset.aimsOpened = "1"; }
    }
  } else {
    for (const e of root.querySelectorAll("[data-aims-opened]")) {
      if (e.tagName === "DETAILS") e.open = false; else e.classList.add("lm-mod-hidden");
      delete e.dataset.aimsOpened;
    }
  }
}
"""

#: Scroll the page's scrolling box (Voila's lab template scrolls #rendered_cells) to the bottom.
SCROLL_TO_BOTTOM = """
() => {
  const cells = document.getElementById("rendered_cells");
  for (const box of [cells, document.scrollingElement]) if (box) box.scrollTop = box.scrollHeight;
  return cells ? cells.scrollHeight : document.documentElement.scrollHeight;
}
"""


def foreign_words(text: str, words: set[str]) -> Counter:
    """How often each of ``words`` occurs in ``text`` (as a word: see :data:`WORD`)."""
    return Counter(w for w in WORD.findall(text.lower()) if w in words)


def context(text: str, found: Iterable[str], width: int = 50, each: int = 3) -> list[str]:
    """Where each word or name was found (up to ``each`` places), for a failure message."""
    out = []
    for w in found:
        for m in list(re.finditer(rf"(?<!\d-)(?<!\w){re.escape(w)}(?!\w)", text, re.I))[:each]:
            out.append(f"    {w!r}: …{text[max(0, m.start() - width):m.end() + width]!r}…")
    return out


# -- known card names -------------------------------------------------------------------------------


def _german(card: Any) -> str:
    return (card.get("de") if isinstance(card, dict) else getattr(card, "de", "")) or ""


@lru_cache(maxsize=None)
def card_names() -> tuple[frozenset[str], frozenset[str]]:
    """Every German and every Hungarian card name, taken from the games' card tables (the
    beans' and the other cards' names, and Rabohnzel's potions). A Hungarian name that is also
    an English one ("Teleport") is left out: an English page may say it."""
    german, hungarian, english = set(), set(), set()
    tables = []
    for game in available():
        cards = get_ruleset(game).cards
        tables += [(cards, cid, obj) for cid, obj in [*cards.beans.items(), *cards.others.items()]]
    for cards, cid, obj in tables:
        german.add(_german(obj))
        hungarian.add(cards.name(cid, "hu"))
        english.add(cards.name(cid, "en"))
    try:
        from beannb.games.rabohnzel.cards import POTIONS
    except ImportError:  # pragma: no cover
        POTIONS = {}
    for potion in POTIONS.values():
        german.add(_german(potion))
        hungarian.add(potion.name("hu"))
        english.add(potion.name("en"))
    low = {e.lower() for e in english}
    return (frozenset(n for n in german if n and n.lower() not in low),
            frozenset(n for n in hungarian if n and n.lower() not in low))


def names_in(text: str, names: Iterable[str]) -> Counter:
    """How often each of ``names`` occurs in ``text`` (whole words, any case)."""
    found = Counter()
    for name in names:
        n = len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.I))
        if n:
            found[name] = n
    return found


def page_rule_ids(game: str) -> list[str]:
    """Every rule id of ``game``'s page: its catalogue's and, for an expansion, the base
    rules that apply there."""
    return [*catalogue(game), *(r.id for r in base_rules_applying(game))]


# -- a whole page --------------------------------------------------------------------------------


@dataclass
class WholePage:
    """What a learner can read on a whole page (see the module's doc)."""

    where: str
    lang: str
    segments: list[dict]
    anchors: set[str]

    def text(self, *, teacher: bool = False, originals: bool = False) -> str:
        """The page's text: without the teachers' folds (unless ``teacher``), the page switch,
        and the original names (unless ``originals``)."""
        return "\n".join(s["text"] for s in self.segments
                         if (teacher or not s["teacher"]) and not s["switch"] and (originals or s["lang"] != "de"))

    def originals(self) -> list[str]:
        """The marked original names (``lang="de"``) outside the teachers' folds."""
        return [s["text"] for s in self.segments if s["lang"] == "de" and not s["teacher"]]

    def left_behind(self) -> list[str]:
        """Text marked as being in the page's other language (outside the page switch)."""
        other = {"hu": "en", "en": "hu"}.get(self.lang)
        return [s["text"] for s in self.segments if s["lang"] == other and not s["switch"] and not s["teacher"]]


def read_whole_page(page: Any, where: str, lang: str) -> WholePage:
    """Scroll ``page`` to the bottom, build what is left to build, and read it (the caller has
    waited until the page's language reached every widget)."""
    from .support import build_all

    page.evaluate(SCROLL_TO_BOTTOM)
    build_all(page)
    got = page.evaluate(WHOLE_TEXT)
    return WholePage(where, lang, got["segments"], set(got["anchors"]))


@dataclass
class Findings:
    """One page measured against the aims: the figures and what breaks an aim."""

    where: str
    lang: str
    chars: int = 0
    english: Counter = field(default_factory=Counter)
    hungarian: Counter = field(default_factory=Counter)
    german_names: Counter = field(default_factory=Counter)
    hungarian_names: Counter = field(default_factory=Counter)
    notation: list[str] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)
    left_behind: list[str] = field(default_factory=list)
    originals: int = 0
    teacher_chars: int = 0
    rules: int = 0
    rules_missing: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def figures(self) -> str:
        """One line a reader of the test output reads the page's figures from."""
        parts = [f"{self.where} {self.lang}: {self.chars} chars"]
        if self.lang == "hu":
            parts.append(f"English function words {sum(self.english.values())} (at most {MAX_ENGLISH_ON_HU})")
        else:
            parts.append(f"Hungarian function words {sum(self.hungarian.values())}")
            parts.append(f"Hungarian card names {sum(self.hungarian_names.values())}")
        parts.append(f"German card names {sum(self.german_names.values())} (marked originals {self.originals})")
        parts.append(f"notation {len(self.notation)}")
        parts.append(f"identifiers {len(self.identifiers)}")
        if self.rules:
            parts.append(f"rule ids {self.rules - len(self.rules_missing)}/{self.rules}")
        parts.append(f"teachers' folds {self.teacher_chars} chars (not counted)")
        return "; ".join(parts)


def notation_in(text: str, lang: str) -> list[str]:
    """The action notation in ``text``; on a Hungarian page also any verb of the notation as
    a word (``buy-field``, ``place 2``: an English verb there is the notation's)."""
    from notation_patterns import _tables, raw_notation

    found = raw_notation(text)
    if lang == "hu":
        verbs = "|".join(sorted((re.escape(v) for v in _tables()[0]), key=len, reverse=True))
        found += [f"verb of the notation: {m.group(0)}"
                  for m in re.finditer(rf"(?<![\w-])(?:{verbs})(?![\w-])", text, re.I)]
    return found


def measure(whole: WholePage, game: Optional[str]) -> Findings:
    """``whole`` against the aims (``game`` None: a page without rules, the landing page)."""
    text = whole.text()
    f = Findings(whole.where, whole.lang, chars=len(text), originals=len(whole.originals()),
                 teacher_chars=len(whole.text(teacher=True)) - len(text))
    german, hungarian = card_names()
    label = f"{whole.where} ({whole.lang})"
    if whole.lang == "hu":
        f.english = foreign_words(text, ENGLISH)
        if sum(f.english.values()) > MAX_ENGLISH_ON_HU:
            f.problems += [f"{label}: {sum(f.english.values())} English function words, more than "
                           f"{MAX_ENGLISH_ON_HU}: {dict(f.english)}"] + context(text, f.english)
    else:
        f.hungarian = foreign_words(text, HUNGARIAN)
        if f.hungarian:
            f.problems += [f"{label}: Hungarian words {dict(f.hungarian)}"] + context(text, f.hungarian)
        f.hungarian_names = names_in(text, hungarian)
        if f.hungarian_names:
            f.problems += [f"{label}: Hungarian card names {dict(f.hungarian_names)}"] + context(text, f.hungarian_names)
    f.german_names = names_in(text, german)
    if f.german_names:
        f.problems += ([f"{label}: German card names not marked as the original name (lang=\"de\") "
                        f"{dict(f.german_names)}"] + context(text, f.german_names))
    f.notation = notation_in(text, whole.lang)
    if f.notation:
        f.problems += [f"{label}: notation outside the teachers' folds: {sorted(set(f.notation))[:12]}"]
        f.problems += context(text, sorted({n.split(": ", 1)[1] for n in f.notation})[:8], each=1)
    f.identifiers = [f"{what}: {m.group(0)}" for what, pat in IDENTIFIERS for m in pat.finditer(text)]
    if f.identifiers:
        f.problems += [f"{label}: identifiers outside the teachers' folds: {sorted(set(f.identifiers))[:12]}"]
        f.problems += context(text, sorted({i.split(": ", 1)[1] for i in f.identifiers})[:8], each=1)
    f.left_behind = whole.left_behind()
    if f.left_behind:
        f.problems.append(f"{label}: {len(f.left_behind)} text(s) still marked as the other language, "
                          f"such as {f.left_behind[:3]}")
    if game is not None:
        ids = page_rule_ids(game)
        whole_text = whole.text(originals=True)
        f.rules = len(ids)
        f.rules_missing = [rid for rid in ids if rid not in whole.anchors
                           or not re.search(rf"(?<![\w-]){re.escape(rid)}(?![\w-])", whole_text)]
        if f.rules_missing:
            f.problems.append(f"{label}: {len(f.rules_missing)} of the {len(ids)} rule ids are not on the page "
                              f"(anchor rule-<ID> and the id in its text): {f.rules_missing}")
    return f
