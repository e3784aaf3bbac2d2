"""The printable summaries in a real browser: each prints on one A4 page, and the app serves
them where the game pages link to them (``voila/files/print/…``)."""
from __future__ import annotations

import re
import urllib.request

import pytest

from beannb.games import available
from beannb.render.overview import summary_name

from .support import NOTEBOOKS

pytestmark = pytest.mark.browser

PAGES = [(game, lang) for game in available() for lang in ("en", "hu")]


def test_every_summary_prints_on_one_a4_page(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        pages = {}
        for game, lang in PAGES:
            page.goto((NOTEBOOKS / summary_name(game, lang)).as_uri())
            pdf = page.pdf(prefer_css_page_size=True)
            pages[f"{game}.{lang}"] = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == {k: 1 for k in pages}, pages
    finally:
        context.close()


def test_the_app_serves_the_summaries(voila_server):
    for game, lang in PAGES:
        with urllib.request.urlopen(f"{voila_server.base}voila/files/{summary_name(game, lang)}", timeout=30) as r:
            assert r.status == 200 and r.headers.get_content_type() == "text/html"
            assert f'lang="{lang}"' in r.read().decode("utf-8")
