"""Bohnaparte's views headless: the map SVG, the graph, the explorer widget."""
from beannb.games.bohnaparte.view import board_html, explain, graph_svg, map_svg, reach_of
from beannb.render.html import table_html
from beannb.scenarios import find, load_scenario
from beannb.widgets.explorer import MapExplorer


def _obs(name):
    g = load_scenario(find("bohnaparte/" + name)).new_game()
    return g, g.ruleset.observe(g.state, None)


def test_map_and_graph_draw_every_position_and_edge():
    g, obs = _obs("x02_river_chain")
    svg = map_svg(obs["map"], "Ann")
    assert svg.count('class="hex ') == 19 and svg.count('class="crossing"') == 5
    graph = graph_svg(obs["map"], "Ann")
    assert graph.count("<line ") == 42 and graph.count('class="node ') == 19
    assert reach_of(obs["map"], "Ann")["03"] == ("09", "10", "06", "03")
    # A crossing's tooltip says what it is, in the page's language, not only the positions.
    assert "<title>03: river crossing (via 09 → 10 → 06)</title>" in svg
    assert "<title>03: átkelés a folyón (útvonal: 09 → 10 → 06)</title>" in map_svg(obs["map"], "Ann", "hu")


def test_cavalry_state_is_drawn():
    g, obs = _obs("x10_second_wave")
    assert "cavalry-ready" in map_svg(obs["map"])
    g.play_all(["Ann attack 02 cavalry bay", "Bob defend blue@1"])
    assert "cavalry-spent" in map_svg(g.ruleset.observe(g.state, None)["map"])


def test_table_view_shows_the_map_and_territories():
    g, obs = _obs("x06b_city_taken")
    html = table_html(obs, "hu")
    assert "bnb-map" in html and "Területek" in html and "győzelmi pont" in html and "GYP" not in html


def test_explorer_explains_reach():
    g, obs = _obs("x02_river_chain")
    assert explain(obs["map"], "Ann", "03") == "03 is reached across the river 10 → 06 from 09 (Ann owns a forest)"
    assert explain(obs["map"], "Ann", "10") == "10 is a river: never attacked"
    m = MapExplorer(g, player="Bob")
    assert not m.board.map["crossings"]
    m.player.value = "Ann"
    m.board._handle(m.board, {"t": "pick", "k": "hex:07"}, None)  # a click on the map
    assert m.place.value == "07" and m.board.pick["hex:07"]
    assert "Who can attack 07" in m.why.value and m.board.map["crossings"]
    assert "bnb-graph" in board_html(obs, "Ann")
