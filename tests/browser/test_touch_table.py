"""The touchable table and map in a real browser: plant, harvest and offer by clicking the
base game's table, attack by clicking Bohnaparte's map and then the card that fights.

A small notebook is served from a temporary folder (not ``notebooks/``). Next to each
table it shows the game record (every action played, in notation). After the clicks the
test replays that record in a fresh game here and checks that the page's engine state
is the one the engine gives: the clicks changed the game exactly as the engine says.
"""

from __future__ import annotations

import importlib.util
import json
import os

import pytest

from beannb import serve as app, new_game

from .support import CHROMIUM, VoilaServer

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package", allow_module_level=True)
if importlib.util.find_spec("voila") is None:
    pytest.skip("voila is not installed (pip install -e '.[app]')", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect

pytestmark = pytest.mark.browser

BASE_SEED, MAP_SEED = 4, 5

SETUP = '''\
import json
from html import escape
import ipywidgets as W
from beannb.bots import make_bot
from beannb.games import new_game
from beannb.widgets import GameController, TableApp


def table(game, seed, cls, lang="en", ann_moves=0):
    """Ann against two bots; ``ann_moves`` of Ann's own moves are played by a bot first."""
    g = new_game(game, ["Ann", "Bob", "Cid"], seed)
    c = GameController(g, {n: make_bot("greedy", seed * 100 + i) for i, n in enumerate(["Bob", "Cid"])},
                       viewer="Ann", lang=lang)
    c.run_bots()
    me = make_bot("greedy", 7)
    for _ in range(ann_moves):
        c.play(me.act(g.ruleset, g.state, g.state.seat_of("Ann")), notify=False)
    record = W.HTML()
    record.add_class("t-record")

    def show(_c=None):
        record.value = "<pre>" + escape(json.dumps([str(a) for a in g.actions])) + "</pre>"

    c.on_change(show)
    show()
    box = W.VBox([TableApp(c), record])
    box.add_class(cls)
    return box
'''


def notebook(cells: list[str]) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                       "source": src.splitlines(keepends=True)} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def touch_server(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("touch")
    cells = [SETUP,
             f'table("bohnanza", {BASE_SEED}, "t-base")',
             f'table("bohnaparte", {MAP_SEED}, "t-map", ann_moves=14)',
             f'table("bohnaparte", {MAP_SEED}, "t-map-hu", lang="hu", ann_moves=14)']
    (folder / "touch.ipynb").write_text(json.dumps(notebook(cells)), "utf-8")
    (folder / "00_start.ipynb").write_text(json.dumps(notebook(["1"])), "utf-8")  # the server wants a landing page
    port = app.free_port()
    log_path = folder / "voila.log"
    with log_path.open("wb") as log:
        proc = app.start_voila(port, folder, stdout=log, stderr=log)
        try:
            app.wait_until_ready(app.base_url(port), timeout=90, proc=proc)
            yield VoilaServer(port, proc, log_path)
        finally:
            app.stop_voila(proc)


def record(box) -> list[str]:
    return json.loads(box.locator(".t-record pre").inner_text())


def replayed(game: str, seed: int, actions: list[str]):
    g = new_game(game, ["Ann", "Bob", "Cid"], seed)
    for a in actions:
        g.play(a)
    return g


def live(box, key: str):
    return box.locator(f'.bnt [data-k="{key}"].bnt-live')


def test_click_the_table_and_the_map(touch_server: VoilaServer, new_tab) -> None:
    tab = new_tab()
    tab.open(touch_server.url("touch.ipynb"), ".t-map-hu .bnt-map")
    page = tab.page
    base = page.locator(".t-base")
    expect(base.locator(".bnt-player")).to_have_count(3)

    # Only the seat's own hand is drawn; the others are card backs.
    expect(base.locator(".bnt-back")).to_have_count(2)
    # Hover: a card shows its beanometer.
    base.locator('.bnt [data-k="hand:Ann:1"]').hover()
    expect(base.locator(".bnt-tip")).to_contain_text("→")
    steps = len(record(base))

    # Plant: click the first hand card (only it is live), then the field it goes to.
    first = live(base, "hand:Ann:1")
    expect(first).to_have_attribute("role", "button")
    expect(first).to_have_attribute("tabindex", "0")
    assert live(base, "hand:Ann:2").count() == 0, "only the card the rules let you plant is clickable"
    bean = first.get_attribute("data-name")
    first.click()
    expect(base.locator(".bnt-next")).not_to_have_count(0)
    tab.screenshot("touch_plant_choose", base.locator(".bnt"))
    live(base, "field:Ann:1").click()
    expect(base.locator(".t-record pre")).not_to_have_text(json.dumps([]))
    acts = record(base)
    assert len(acts) > steps and acts[steps].startswith("Ann plant") and acts[steps].endswith(" 1"), acts[steps:]
    expect(base.locator('.bnt [data-k="field:Ann:1"]')).to_contain_text(bean)

    # Harvest: click the planted field and pick "harvest" in the choice bar.
    live(base, "field:Ann:1").click()
    bar = base.locator(".bnt-choice")
    if bar.is_visible():
        bar.locator(".bnt-opt", has_text="arvest").first.click()
    expect(base.locator(".t-record pre")).to_contain_text("Ann harvest 1")

    # Turn up the cards (a button: the fallback stays), then offer by clicking hand cards.
    n = len(record(base))
    base.locator("button.beannb-action-reveal").click()
    expect(base.locator(".beannb-trade-send")).to_be_visible()
    live(base, "hand:Ann:1").click()
    expect(base.locator('.bnt [data-k="hand:Ann:1"].bnt-picked')).to_have_count(1)
    give = base.locator(".beannb-trade-give select")
    assert len(give.evaluate("s => [...s.selectedOptions].map(o => o.value)")) == 1
    get = base.locator("[class*=beannb-trade-get-] input").first
    get.fill("1")
    get.press("Enter")
    tab.screenshot("touch_offer", base.locator(".bnt"))
    base.locator(".beannb-trade-send").click()
    expect(base.locator(".t-record pre")).to_contain_text("Ann offer")
    acts = record(base)
    assert len(acts) > n

    # The page's table is the engine's: replay the record here and compare.
    me = replayed("bohnanza", BASE_SEED, acts).observe("Ann")["players"][0]
    ann = base.locator(".bnt-player").first
    assert int(ann.locator(".bnt-coins b").inner_text()) == me["coins"]
    assert [c.get_attribute("data-k") for c in ann.locator(".bnt-hand .bnt-card").all()] == \
        [f"hand:Ann:{i}" for i in range(1, len(me["hand"]) + 1)]
    assert [f.locator(".bnt-top").count() for f in ann.locator(".bnt-field").all()] == [int(bool(f)) for f in me["fields"]]

    # Attack via the map: the legal targets are highlighted; click one, then the card.
    mp = page.locator(".t-map")
    hexes = mp.locator("svg.bnb-map .bnt-hex.bnt-live")
    expect(hexes).not_to_have_count(0)
    targets = sorted(h.get_attribute("data-k") for h in hexes.all())
    g = replayed("bohnaparte", MAP_SEED, record(mp))
    legal = g.legal_actions("Ann")
    assert targets == sorted({f"hex:{a.target}" for a in legal if a.VERB == "attack"})
    hx = hexes.first
    expect(hx).to_have_attribute("role", "button")
    expect(hx).to_have_attribute("tabindex", "0")
    assert hx.get_attribute("aria-label")
    hx.focus()  # keyboard users reach and choose a territory too
    page.keyboard.press("Enter")
    card = live(mp, "hand:Ann:1")
    expect(mp.locator(".bnt-next")).not_to_have_count(0)
    tab.screenshot("touch_attack_choose", mp.locator(".bnt"))
    n = len(record(mp))
    target = targets[0].split(":")[1]
    card.click()
    expect(mp.locator(".t-record pre")).to_contain_text(f"Ann attack {target}")
    acts = record(mp)
    assert acts[n].startswith(f"Ann attack {target}") and acts[n].endswith("@1"), acts[n:]
    g = replayed("bohnaparte", MAP_SEED, acts)
    obs = g.observe("Ann")
    shown = [h.get_attribute("data-k") for h in mp.locator("svg.bnb-map .bnt-hex.bnt-live").all()]
    legal_now = {f"hex:{a.target}" for a in g.legal_actions("Ann") if a.VERB == "attack"}
    assert set(shown) == legal_now
    assert len(obs["players"][0]["hand"]) == len(mp.locator('.bnt-player').first.locator(".bnt-hand .bnt-card").all())

    # Cavalry tokens carry a label; Hungarian names fit their hex.
    expect(mp.locator("svg.bnb-map .bnt-cavlab").first).to_contain_text("cav.")
    hu = page.locator(".t-map-hu")
    names = hu.locator("svg.bnb-map .bnt-hex")
    for i in range(names.count()):
        g_ = names.nth(i)
        poly = g_.locator("polygon").bounding_box()
        for t in g_.locator("text.bnt-hexname").all():
            box = t.bounding_box()
            assert box["x"] >= poly["x"] - 1 and box["x"] + box["width"] <= poly["x"] + poly["width"] + 1, \
                f"{t.inner_text()} spills out of its hex"
    # Hover: a territory shows its points and what owning it does, with the rule.
    hu.locator('svg.bnb-map [data-k="hex:03"]').hover()
    expect(hu.locator(".bnt-tip")).to_contain_text("győzelmi pont")  # spelled out, no "GYP"
    expect(hu.locator(".bnt-tip")).to_contain_text("P-")
    tab.screenshot("touch_map_hu", hu.locator(".bnt"))
    assert not tab.offhost, tab.problems()
    assert not tab.page_errors, tab.problems()
