"""One language for the whole page, in a real browser.

From the landing page a learner chooses Magyar and follows each game's link: the link
carries ``?lang=hu``, the game page comes up in Hungarian, and its visible text holds no
English function words. The page switch then turns the same page to English, which must
hold no Hungarian ones. One server and one tab for the whole walk; screenshots of every
page in both languages go to ``tests/browser/screenshots/``.
"""
from __future__ import annotations

import re
import time
from collections import Counter

import pytest

from beannb.render.overview import title

from .support import PAGE_TIMEOUT_MS, build_all
from .test_voila_pages import expect

pytestmark = pytest.mark.browser

LANDING = "00_start.ipynb"
GAMES = {"bohnanza": "01_bohnanza.ipynb", "takeover": "02_takeover.ipynb",
         "rabohnzel": "03_rabohnzel.ipynb", "bohnaparte": "04_bohnaparte.ipynb"}

#: English function words ("is", "be" and "a" are Hungarian words too, so not counted).
ENGLISH = {"the", "and", "of", "to", "you", "your", "with", "are", "for", "it", "its", "when", "what", "which",
           "each", "every", "may", "this", "that", "from", "by", "or", "on", "in", "at", "no", "not", "can"}
#: Hungarian function words ("a" and "is" are English words too, so not counted).
HUNGARIAN = {"és", "hogy", "az", "egy", "nem", "vagy", "ha", "de", "minden", "amely", "amit", "ezt", "csak",
             "még", "már", "után", "között", "mert", "kell", "lehet", "meg", "sem", "ki", "mi", "van"}

#: Visible text nodes, skipping the "try anything" box, hidden elements and the options of a
#: closed drop-down other than the chosen one.
VISIBLE_TEXT = """
() => {
  const skip = ".beannb-try-text, .beannb-try-examples, script, style, .beannb-page-switch";
  const root = document.getElementById("rendered_cells") || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || el.closest(skip)) continue;
    if (el.tagName === "OPTION" && !el.selected) continue;
    if (el.tagName !== "OPTION" && el.checkVisibility && !el.checkVisibility({checkVisibilityCSS: true})) continue;
    out.push(n.textContent);
  }
  return out.join("\\n");
}
"""


def foreign_words(text: str, words: set[str]) -> Counter:
    # \w+ keeps option names such as chasm_at_end whole: identifiers, not prose.
    return Counter(w for w in re.findall(r"\w+", text.lower()) if w in words)


def context(text: str, found: Counter, width: int = 50) -> list[str]:
    """Where each word was found, for the failure message."""
    out = []
    for w in found:
        for m in list(re.finditer(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.I))[:3]:
            out.append(f"{w!r}: …{text[max(0, m.start() - width):m.end() + width]!r}…")
    return out


def wait_for_widgets(page, lang: str) -> None:
    """The notebook ran and the page language reached the kernel (every prose block shows it)."""
    page.locator(".beannb-page-switch").first.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
    build_all(page)  # every section, as a learner scrolling down the page would see it
    page.locator(f".beannb-prose[lang={lang}]").first.wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
    other = "en" if lang == "hu" else "hu"
    deadline = time.monotonic() + 30
    while page.locator(f".beannb-prose[lang={other}]").count() and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)  # let the last widget messages land


def check(page, lang: str, where: str) -> list[str]:
    """Foreign function words, and action notation outside the "try anything" box."""
    from notation_patterns import raw_notation

    text = page.evaluate(VISIBLE_TEXT)
    found = foreign_words(text, ENGLISH if lang == "hu" else HUNGARIAN)
    problems = [f"{where} ({lang}): {sum(found.values())} foreign function words {dict(found)}"] + context(text, found) if found else []
    notation = raw_notation(text)
    if notation:
        problems.append(f"{where} ({lang}): action notation on the page: {sorted(set(notation))[:8]}")
    return problems


def test_the_landing_choice_carries_into_every_page(voila_server, new_tab) -> None:
    started = time.monotonic()
    tab = new_tab()
    page = tab.page
    tab.open(voila_server.url(LANDING), ".beannb-landing")
    page.locator(".beannb-page-lang-hu").click()
    expect(page.locator(".beannb-landing")).to_contain_text("Megnyitás")
    expect(page.locator(".beannb-game-bohnanza a.beannb-open")).to_have_attribute("href", re.compile(r"lang=hu"))
    problems = check(page, "hu", "landing")
    tab.screenshot("language_landing_hu")
    landing_url = page.url
    assert "lang=hu" in landing_url

    for game, notebook in GAMES.items():
        page.goto(landing_url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
        link = page.locator(f".beannb-game-{game} a.beannb-open")
        expect(link).to_have_attribute("href", re.compile(r"lang=hu"), timeout=PAGE_TIMEOUT_MS)
        link.click()
        page.wait_for_url(re.compile(re.escape(notebook) + r".*lang=hu"), timeout=PAGE_TIMEOUT_MS)
        wait_for_widgets(page, "hu")
        expect(page.locator(".beannb-page-lang-hu")).to_have_attribute("aria-pressed", "true")
        expect(page).to_have_title(title(game, "hu"))  # the tab: the game's name, in Hungarian
        problems += check(page, "hu", game)
        tab.screenshot(f"language_{game}_hu")

        page.locator(".beannb-page-lang-en").click()
        wait_for_widgets(page, "en")
        expect(page).to_have_title(title(game, "en"))
        problems += check(page, "en", game)
        tab.screenshot(f"language_{game}_en")

    page.goto(voila_server.url(LANDING), wait_until="domcontentloaded")  # no ?lang: the last choice stays
    expect(page.locator(".beannb-landing")).to_contain_text("Open", timeout=PAGE_TIMEOUT_MS)
    problems += check(page, "en", "landing")
    tab.screenshot("language_landing_en")
    print(f"\nlanguage walk: {time.monotonic() - started:.0f} s")
    assert not problems, "\n".join(problems)
    assert not tab.page_errors, tab.problems()
    assert not tab.offhost, tab.problems()
