"""Bohnaparte's map views: SVG drawn from the board graph's node positions.

- :func:`map_svg`: the hex map with terrain names and colours, owners' colours, cavalry
  ready or spent, and for a chosen player the attackable targets and the river-crossing
  paths that make them reachable;
- :func:`graph_svg`: the same board as a bare graph (nodes and the 42 edges), because
  the map *is* a graph;
- the table view hooks (``TABLE_EXTRAS``, ``PLAYER_EXTRAS``) show both beside the table.

Everything here reads observations (``observe()``), never the hidden parts of a state.
"""
from __future__ import annotations

from html import escape
from typing import Any, Optional

from ...i18n.messages import NC_, Messages, Named, NamedList, locale_dir
from ..bohnanza.view import NO_KEYS, TOUCH_KEYS as BASE_TOUCH_KEYS, Labels, TableView, TouchKeys, text_colour
from .cards import CARDS
from .text import COLOURS, MESSAGES, NARRATION
from .board import (
    HORSE_COLOURS, PLAYER_COLOURS, TERRAINS, cavalry_immune, load_board, pixel_positions, reach,
)
from .hexmap import fit_label, map_model as _map_model

#: Circumradius of a hex in the HTML map (px at 100 % zoom): big enough for names in a
#: 13–14 px font, the size of the page's small print.
SIZE = 48.0
#: Width available for a label inside a hex, as a share of the hex's inner width.
FIT = 0.9
#: Average glyph width as a share of the font size, taken from the widest fonts a page may
#: fall back to (DejaVu Sans, accented Hungarian letters), so that a name never spills out.
GLYPH = 0.66

#: The map's single words by key, and the catalogue message each one is.
_WORD_CODES = {"burned": "map-burned", "ready": "map-ready", "spent": "map-spent", "map": "map-heading",
               "graph": "map-graph-heading", "nothing": "map-nothing", "crossing": "map-crossing"}


#: The map's words in a language (``WORDS[lang]["burned"]``), from Bohnaparte's catalogue.
WORDS = Labels(_WORD_CODES, MESSAGES)


def _cavalry_state(colour: str, state: str, lang: str) -> str:
    """"bay cavalry: ready", "pej lovasság: legyőzött"."""
    return MESSAGES.text("map-cavalry-state", lang, colour=Named(COLOURS, colour),
                         state=MESSAGES.message("map-spent" if state == "spent" else "map-ready"))


def label_lines(name: str, size: float = SIZE, fit: float = FIT, glyph: float = GLYPH,
                base: float = 0.29) -> tuple[list[str], float]:
    """The lines of a hex label and the font size (px) at which the longest line fits a hex of
    circumradius ``size`` in the HTML map (:func:`.hexmap.fit_label` with this map's measures).

    >>> label_lines("gyémántmező")
    (['gyémánt-', 'mező'], 13.9)
    >>> label_lines("erdő")
    (['erdő'], 13.9)
    """
    return fit_label(name, size, fit, glyph, base)


def _hex_points(x: float, y: float, r: float) -> str:
    import math

    pts = []
    for k in range(6):
        a = math.radians(60 * k - 90)  # pointy top
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return " ".join(pts)


def _player_css(obs_map: dict, name: Optional[str]) -> str:
    colour = (obs_map.get("colours") or {}).get(name)
    return PLAYER_COLOURS[colour][1] if colour in PLAYER_COLOURS else "#555"


def reach_of(obs_map: dict, player: Optional[str], cavalry: bool = False) -> dict[str, tuple[str, ...]]:
    """Targets of ``player`` on an observed map, each with the path that reaches it (P-12…P-14)."""
    if player is None:
        return {}
    board = load_board(obs_map["board"])
    terrain, owner = obs_map["terrain"], obs_map["owner"]
    cross = any(t == "forest" and o == player for t, o in zip(terrain, owner))
    found = reach(board.nbrs, terrain, owner, player, cross)
    if cavalry:
        found = {i: p for i, p in found.items() if not cavalry_immune(terrain[i], obs_map["burned"][i])}
    return {board.labels[i]: tuple(board.labels[k] for k in p) for i, p in found.items()}


#: Why a player can or cannot attack a territory (the map explorer's words).
EXPLAIN_MESSAGES = Messages("bohnaparte", locale_dir(__file__), [
    NC_("map-territory", "Territory"),
    # TRANSLATORS: t and o are territories (their labels on the map, "03"), p a player's name
    NC_("map-adjacent", "{t} is next to {o}, which {p} owns"),
    # TRANSLATORS: r is the river crossed, as territories ("10 → 06")
    NC_("map-river", "{t} is reached across the river {r} from {o} ({p} owns a forest)"),
    NC_("map-attackers", "Who can attack {t}"),
    NC_("map-nobody", "nobody can attack {t} now"),
    NC_("map-is-river", "{t} is a river: never attacked"),
    NC_("map-own", "{t} is {p}'s own territory"),
    NC_("map-no", "{p} cannot reach {t} now"),
])


def explain(obs_map: dict, player: str, target: str, lang: str = "en") -> str:
    """One sentence: why ``player`` can (or cannot) attack ``target`` (P-11, P-13)."""
    M = EXPLAIN_MESSAGES
    board = load_board(obs_map["board"])
    i = board.index[target]
    if obs_map["terrain"][i] == "river":
        return M.text("map-is-river", lang, t=target)
    if obs_map["owner"][i] == player:
        return M.text("map-own", lang, t=target, p=player)
    path = reach_of(obs_map, player).get(target)
    if path is None:
        return M.text("map-no", lang, p=player, t=target)
    if len(path) == 2:
        return M.text("map-adjacent", lang, t=target, o=path[0], p=player)
    return M.text("map-river", lang, t=target, r=" → ".join(path[1:-1]), o=path[0], p=player)


def why_html(obs: dict[str, Any], target: str, lang: str = "en") -> str:
    """Who can attack ``target`` and, for every player, why they can or cannot."""
    m = obs["map"]
    lines = [f"<li>{escape(explain(m, p['name'], target, lang))}</li>" for p in obs["players"]]
    who = [p["name"] for p in obs["players"] if target in reach_of(m, p["name"])]
    head = (f"<b>{escape(EXPLAIN_MESSAGES.text('map-attackers', lang, t=target))}:</b> {escape(', '.join(who))}"
            if who else f"<b>{escape(EXPLAIN_MESSAGES.text('map-nobody', lang, t=target))}</b>")
    return f"<div>{head}<ul>{''.join(lines)}</ul></div>"


def _svg_head(board, size: float, cls: str) -> tuple[dict, str]:
    """The board's node positions in pixels and the opening tag of an SVG that holds them."""
    pos = pixel_positions(board, size)
    width = max(x for x, _ in pos.values()) + size + 8
    height = max(y for _, y in pos.values()) + size + 8
    return pos, (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {width:.0f} {height:.0f}" '
                 f'width="{width:.0f}" height="{height:.0f}" font-family="system-ui,sans-serif">')


def map_svg(obs_map: dict, player: Optional[str] = None, lang: str = "en", focus: Optional[str] = None,
            size: float = SIZE) -> str:
    """The hex map. With ``player``, their targets are outlined and river crossings drawn;
    with ``focus`` (a position), only the path to that target is drawn."""
    board = load_board(obs_map["board"])
    pos, head = _svg_head(board, size, "bnb-map")
    W = WORDS[lang]
    targets = reach_of(obs_map, player)
    cav = {c: v for c, v in (obs_map.get("cavalry") or {}).items()}
    battle = obs_map.get("battle") or {}
    parts = [head]
    hexes: list[str] = []
    for i, lab in enumerate(board.labels):
        x, y = pos[lab]
        ter = obs_map["terrain"][i]
        owner = obs_map["owner"][i]
        burned = obs_map["burned"][i]
        fill = "#b7a99a" if burned else TERRAINS[ter].colour
        stroke, sw = "#6b5b4b", 1.2
        if lab in targets:
            stroke, sw = "#d62828", 3.2
        if battle and battle.get("target") == lab:
            stroke, sw = "#000", 3.6
        name = TERRAINS[ter].name(lang)
        tip = f"{lab} · {name}" + (f" ({W['burned']})" if burned else "") + (f" · {owner}" if owner else "")
        hexes.append(f'<polygon class="hex hex-{lab}" data-pos="{lab}" data-terrain="{ter}" points="{_hex_points(x, y, size - 1.5)}" '
                     f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"><title>{escape(tip)}</title></polygon>')
        ink = text_colour(fill)
        parts.append(f'<text class="pos" x="{x:.1f}" y="{y - size * 0.5:.1f}" font-size="{size * 0.27:.1f}" '
                     f'text-anchor="middle" fill="{ink}" opacity="0.75">{lab}</text>')
        lines, fs = label_lines(name, size)
        rows = [(ln, fs, "") for ln in lines]
        if burned:  # its own smaller line: "város (felégetve)" would not fit the hex
            small = label_lines(W["burned"], size, base=0.23)[1]
            rows.append((W["burned"], small, ' font-style="italic"'))
        block = sum(f * 1.1 for _, f, _ in rows)
        top = y - size * 0.04 - block / 2
        for text, f, style in rows:
            top += f * 1.1
            parts.append(f'<text class="name" x="{x:.1f}" y="{top - f * 0.28:.1f}" font-size="{f:.1f}" '
                         f'text-anchor="middle" fill="{ink}"{style}>{escape(text)}</text>')
        if owner is not None:
            oc = _player_css(obs_map, owner)
            parts.append(f'<circle class="marker" cx="{x:.1f}" cy="{y + size * 0.56:.1f}" r="{size * 0.21:.1f}" '
                         f'fill="{oc}" stroke="#000" stroke-width="1"><title>{escape(owner)}</title></circle>')
            parts.append(f'<text x="{x:.1f}" y="{y + size * 0.56 + size * 0.075:.1f}" font-size="{size * 0.21:.1f}" '
                         f'font-weight="bold" text-anchor="middle" fill="{text_colour(oc)}">{escape(owner[:2])}</text>')
        elif ter == "camp":
            colour = obs_map["colour"][i]
            parts.append(f'<circle cx="{x:.1f}" cy="{y + size * 0.56:.1f}" r="{size * 0.19:.1f}" fill="none" '
                         f'stroke="{PLAYER_COLOURS.get(colour, (None, "#555"))[1]}" stroke-width="3"/>')
        if ter == "steppe":
            colour = obs_map["colour"][i]
            state = (cav.get(colour) or {}).get("state", "ready")
            css = HORSE_COLOURS.get(colour, (None, "#777"))[1]
            # ready: upright chip; spent: turned 90 degrees, as the card is at the table
            w, h = (size * 0.5, size * 0.22) if state == "spent" else (size * 0.22, size * 0.5)
            parts.append(f'<rect class="cavalry cavalry-{state}" x="{x + size * 0.5 - w / 2:.1f}" y="{y + size * 0.36 - h / 2:.1f}" '
                         f'width="{w:.1f}" height="{h:.1f}" rx="2" fill="{css}" stroke="#000">'
                         f'<title>{escape(_cavalry_state(colour, state, lang))}</title></rect>')
    crossings: list[str] = []
    for lab, path in sorted(targets.items()):
        if len(path) <= 2 or (focus and lab != focus):
            continue
        pts = " ".join(f"{pos[p][0]:.1f},{pos[p][1]:.1f}" for p in path)
        crossings.append(f'<polyline class="crossing" points="{pts}" fill="none" stroke="#1d4ed8" stroke-width="3" '
                     f'stroke-dasharray="6 4" stroke-linecap="round" opacity="0.85"><title>{lab}: '
                     f'{escape(W["crossing"])} ({escape(MESSAGES.text("map-via", lang, path=" → ".join(path[:-1])))})'
                     '</title></polyline>')
        x, y = pos[lab]
        crossings.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="#1d4ed8"/>')
    parts[1:1] = hexes + crossings
    parts.append("</svg>")
    return "".join(parts)


def graph_svg(obs_map: dict, player: Optional[str] = None, lang: str = "en", size: float = 26.0) -> str:
    """The bare adjacency graph at the same node positions: circles and edges only."""
    board = load_board(obs_map["board"])
    pos, head = _svg_head(board, size, "bnb-graph")
    targets = reach_of(obs_map, player)
    crossing = {(a, b) for p in targets.values() if len(p) > 2 for a, b in zip(p, p[1:])}
    parts = [head]
    for a, b in board.G.edges():
        (x1, y1), (x2, y2) = pos[a], pos[b]
        on = (a, b) in crossing or (b, a) in crossing
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'stroke="{"#1d4ed8" if on else "#999"}" stroke-width="{3 if on else 1.3}"/>')
    for i, lab in enumerate(board.labels):
        x, y = pos[lab]
        ter = obs_map["terrain"][i]
        owner = obs_map["owner"][i]
        fill = TERRAINS[ter].colour
        ring = "#d62828" if lab in targets else ("#000" if owner == player and player else "#555")
        parts.append(f'<circle class="node node-{lab}" cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.42:.1f}" fill="{fill}" '
                     f'stroke="{ring}" stroke-width="{2.6 if lab in targets or (owner == player and player) else 1}">'
                     f'<title>{lab}: {escape(TERRAINS[ter].name(lang))}</title></circle>')
        parts.append(f'<text x="{x:.1f}" y="{y + size * 0.14:.1f}" font-size="{size * 0.38:.1f}" text-anchor="middle">{lab}</text>')
    parts.append("</svg>")
    return "".join(parts)


def legend_html(obs_map: dict, player: Optional[str], lang: str = "en") -> str:
    W = WORDS[lang]
    targets = reach_of(obs_map, player)
    if player is None:
        return ""
    if not targets:
        return f"<div><b>{escape(player)}</b>: {escape(W['nothing'])}</div>"
    items = []
    for lab, path in sorted(targets.items()):
        text = lab
        if len(path) > 2:
            text += f" <small>({escape(MESSAGES.text('map-via', lang, path=' → '.join(path[:-1])))})</small>"
        items.append(text)
    # The player's name in bold inside the catalogue's words: the words escaped around it.
    mark = "\x00"
    head = escape(MESSAGES.text("map-targets-of", lang, player=mark)).replace(mark, f"<b>{escape(player)}</b>")
    return (f"<div><span style='color:#d62828'>■</span> {head} "
            + ", ".join(items) + f" · <span style='color:#1d4ed8'>- - -</span> {escape(W['crossing'])}</div>")


def board_html(obs: dict[str, Any], player: Optional[str] = None, lang: str = "en", show_graph: bool = True) -> str:
    """The map and the bare graph side by side, with a legend for ``player``."""
    W = WORDS[lang]
    m = obs["map"]
    graph = (f'<div style="display:inline-block;vertical-align:top;margin-left:12px"><div><b>{escape(W["graph"])}</b></div>'
             f'{graph_svg(m, player, lang)}</div>' if show_graph else "")
    return (f'<div class="bnb-board"><div style="display:inline-block;vertical-align:top"><div><b>{escape(W["map"])}</b></div>'
            f'{map_svg(m, player, lang)}</div>{graph}{legend_html(m, player, lang)}</div>')


def _attacker(obs: dict) -> Optional[str]:
    """Who is attacking now: a battle's attacker, else the active player in the battle step."""
    battle = obs["map"].get("battle")
    return battle["attacker"] if battle else (obs.get("active") if obs.get("phase") == "battle" else None)


def _table_extra(obs: dict, lang: str) -> str:
    return board_html(obs, _attacker(obs), lang) if obs.get("map") else ""


def _player_extra(p: dict, lang: str) -> str:
    vp = p.get('vp', 0)
    bits = [f"<b>{vp}</b> {escape(MESSAGES.text('table-vp', lang, n=vp))}"]
    if p.get("territories"):
        bits.append(", ".join(p["territories"]))
    for colour, state in (p.get("cavalry") or {}).items():
        bits.append(escape(_cavalry_state(colour, state, lang)))
    cart = p.get("cart")
    if cart is not None:
        bits.append(escape(MESSAGES.text("table-cart", lang, cards=NamedList(CARDS, cart)) if isinstance(cart, list)
                           else MESSAGES.text("table-cart-hidden", lang, n=cart)))
    if p.get("tokens"):
        bits.append(escape(MESSAGES.text("table-tokens", lang, n=p["tokens"])))
    colour = p.get("colour")
    dot = (f'<span style="display:inline-block;width:10px;height:10px;border-radius:5px;border:1px solid #000;'
           f'background:{PLAYER_COLOURS[colour][1]}"></span> ' if colour in PLAYER_COLOURS else "")
    return dot + " · ".join(bits)


def _fighter(action) -> Optional[str]:
    """The key of the card that fights: a hand card, the deck's top card or a cavalry."""
    mode = getattr(action, "mode", None)
    if mode == "hand" and action.pos:
        return f"hand:{action.player}:{action.pos}"
    if mode == "deck":
        return "deck"
    if mode == "cavalry" and getattr(action, "cavalry", None):
        return f"cavalry:{action.cavalry}"
    return None


def _fight_keys(action, obs: dict, me: dict) -> tuple:
    return (_fighter(action), None, False) if hasattr(action, "mode") else NO_KEYS


#: Bohnaparte's verbs on the touchable table, added to the base game's: the camp's position,
#: the territory attacked (then the card that fights), the card that defends.
TOUCH_KEYS: dict[str, TouchKeys] = {
    **BASE_TOUCH_KEYS,
    "camp": lambda a, obs, me: (f"hex:{a.pos}", None, False),
    "attack": lambda a, obs, me: (f"hex:{a.target}", _fighter(a), False),
    "defend": _fight_keys, "second-wave": _fight_keys,
}


class BohnaparteView(TableView):
    """The map and territories beside the table."""

    cards = CARDS
    narration = NARRATION
    extra_heading = MESSAGES.message("table-territories").by_lang()
    touch = TOUCH_KEYS

    player_extra = staticmethod(_player_extra)
    table_extra = staticmethod(_table_extra)

    def without_name(self, choice: str, lang: str) -> str:
        """A terrain's name (the study option ``without`` makes its territories something else)."""
        return TERRAINS[choice].name(lang) if choice in TERRAINS else choice

    def map_places(self, obs: dict, lang: str) -> tuple[str, list[tuple[str, str]]]:
        """The map's territories to pick from, by label and name ("03 camp")."""
        m = obs["map"]
        return (EXPLAIN_MESSAGES.text("map-territory", lang),
                [(f"{lab} {TERRAINS[t].name(lang)}", lab) for lab, t in zip(m["positions"], m["terrain"])])

    def map_why(self, obs: dict, place: str, lang: str) -> str:
        return why_html(obs, place, lang)

    def map_model(self, obs: dict, lang: str, player: Optional[str] = None) -> Optional[dict]:
        """The hex map as JSON (:func:`.hexmap.map_model`); without ``player``, the targets
        marked are those of the seat attacking now."""
        if not obs.get("map"):
            return None
        return _map_model(obs["map"], _attacker(obs) if player is None else player, lang)


VIEW = BohnaparteView()
table_html = VIEW.table_html
