"""Bohnaparte's hex map as a small JSON model for the front-end map (the touchable table's
map, asked of the game's view: :meth:`BohnaparteView.map_model`).

Built from the observed map (``obs["map"]``) only. Geometry (hex centres, the 42 edges)
comes from the board graph; names, effects and points from the board's terrain table.
Labels are laid out here so that they fit their hex in every language ("gyémántmező" is
split at its compound boundary rather than spilling out).
"""
from __future__ import annotations

from typing import Any, Optional

from ...i18n.messages import NC_, NPC_, Messages, locale_dir
from ..bohnanza.view import text_colour
from .board import HORSE_COLOURS, PLAYER_COLOURS, TERRAINS, colour_name, load_board, pixel_positions, reach
from .text import MESSAGES

#: Where a long name may break onto two lines (compound boundaries).
BREAKS = {"gyémántmező": ("gyémánt-", "mező"), "Edelsteinfeld": ("Edelstein-", "feld")}
#: Circumradius of a hex in the front-end drawing (px at 100 %).
SIZE = 44.0
#: Width available for a label inside a hex, as a share of the hex's width.
FIT = 0.86
#: Average glyph width of the UI font, as a share of the font size (generous for accents).
GLYPH = 0.58

#: The map's words (the front end's ``words`` and the tooltips), the message ``map-<key>``
#: (those the HTML map says too, "burned", "ready", "spent", "river crossing", are the game's).
MAP_MESSAGES = Messages("bohnaparte", locale_dir(__file__), [
    NC_("map-vp", "victory points"),
    NPC_("map-vp-n", "{n} victory point", "{n} victory points"),
    NC_("map-min-def", "minimum defence {n} (P-24)"),
    NC_("map-owner", "owner: {player}"),
    NC_("map-neutral", "neutral"),
    NC_("map-map", "The map"),
    NC_("map-graph", "The same board as a graph"),
    NC_("map-targets", "can attack"),
    # TRANSLATORS: a cavalry token's label on the map: "red cav." (short: it fits a small token).
    NC_("map-cav", "{colour} cav."),
    # TRANSLATORS: a cavalry token's tooltip: "red cavalry: ready (P-29, P-34)"; state is "ready" or "spent".
    NC_("map-cavalry", "{colour} cavalry: {state} (P-29, P-34)"),
    # What owning a terrain does, with the rule that says so.
    NC_("map-effect-camp", "a starting territory (P-08)"),
    NC_("map-effect-village", "+1 card in your phase-4 draw (P-40)"),
    NC_("map-effect-city", "3 victory points (P-43)"),
    NC_("map-effect-rice-field", "+1 card turned up in phase 2 (P-41)"),
    NC_("map-effect-forest", "lets you attack across rivers (P-13, P-14)"),
    NC_("map-effect-steppe", "its cavalry fights for the owner (P-29, P-35)"),
    NC_("map-effect-gem-field", "a chance of a coin at the start of your turn (P-42)"),
    NC_("map-effect-river", "never owned; crossed from a forest (P-11, P-13)"),
], base=MESSAGES)

#: The words the front-end map draws with (headings and legends).
FRONT_WORDS = ("map", "graph", "crossing", "targets", "vp")


def effect(terrain: str, lang: str = "en") -> str:
    """What owning ``terrain`` does, with its rule ('' for a terrain without a message)."""
    code = "map-effect-" + terrain.replace("_", "-")
    return MAP_MESSAGES.text(code, lang) if code in MAP_MESSAGES.entries else ""


def fit_label(name: str, size: float, fit: float, glyph: float, base: float) -> tuple[list[str], float]:
    """The lines of a hex label and the font size (px) at which the longest line fits a hex of
    circumradius ``size`` (``fit``: the share of its width a label may take; ``glyph``: the
    font's average glyph width per px of font size): one line at ``base`` × ``size`` if it
    fits, else split at a compound boundary or a space ("gyémánt-" / "mező", "rice" /
    "field"), then made smaller only if a line still does not fit. Both maps lay out with it.
    """
    room = size * 3 ** 0.5 * fit
    font = round(size * base, 1)
    lines = [name]
    if len(name) * glyph * font > room:
        if name in BREAKS:
            lines = list(BREAKS[name])
        elif " " in name:
            head, _, tail = name.partition(" ")
            lines = [head, tail]
    longest = max(len(x) for x in lines)
    return lines, round(min(font, room / (longest * glyph)), 1)


def label_lines(name: str, size: float = SIZE) -> tuple[list[str], float]:
    """The lines of a hex label and the font size (px) at which the longest line fits (:func:`fit_label`
    with this drawing's measures)."""
    return fit_label(name, size, FIT, GLYPH, 0.3)


def map_model(obs_map: dict, player: Optional[str] = None, lang: str = "en", size: float = SIZE) -> dict[str, Any]:
    """The map as JSON: hexes with labels, owners and tips; cavalry tokens with labels;
    the graph's edges; for ``player`` the reachable targets and the river crossings."""
    M = MAP_MESSAGES
    board = load_board(obs_map["board"])
    pos = pixel_positions(board, size)
    colours = obs_map.get("colours") or {}
    terrain, owner, burned = obs_map["terrain"], obs_map["owner"], obs_map["burned"]
    targets: dict[str, list[str]] = {}
    if player is not None:
        cross = any(t == "forest" and o == player for t, o in zip(terrain, owner))
        found = reach(board.nbrs, terrain, owner, player, cross)
        targets = {board.labels[i]: [board.labels[k] for k in p] for i, p in found.items()}
    cav = obs_map.get("cavalry") or {}
    hexes = []
    for i, lab in enumerate(board.labels):
        x, y = pos[lab]
        ter = TERRAINS[terrain[i]]
        who = owner[i]
        name = ter.name(lang)
        lines, fs = label_lines(name, size)
        oc = PLAYER_COLOURS[colours[who]][1] if who is not None and colours.get(who) in PLAYER_COLOURS else None
        tip = [f"{lab} · {name}" + (f" ({M.text('map-burned', lang)})" if burned[i] else "")]
        if ter.territory:
            tip.append(M.text("map-vp-n", lang, n=ter.vp))
            if ter.min_def:
                tip.append(M.text("map-min-def", lang, n=ter.min_def))
        tip.append(effect(ter.id, lang))
        if ter.territory:
            tip.append(M.text("map-owner", lang, player=who) if who is not None else M.text("map-neutral", lang))
        h: dict[str, Any] = {"p": lab, "x": round(x, 1), "y": round(y, 1), "t": ter.id, "n": name, "l": lines, "fs": fs,
                             "fill": "#b7a99a" if burned[i] else ter.colour, "tip": " · ".join(t for t in tip if t)}
        if who is not None:
            h["o"] = who
            h["oc"] = oc or "#555"
            h["oi"] = who[:2]
            h["oink"] = text_colour(oc or "#555555")
        elif ter.id == "camp" and obs_map["colour"][i] in PLAYER_COLOURS:
            h["camp"] = PLAYER_COLOURS[obs_map["colour"][i]][1]
        if burned[i]:
            h["b"] = 1
        if ter.id == "steppe":
            colour = obs_map["colour"][i]
            state = (cav.get(colour) or {}).get("state", "ready")
            css = HORSE_COLOURS.get(colour, (None, "#777"))[1]
            cname = colour_name(colour, lang)
            h["cav"] = {"id": colour, "c": css, "ink": text_colour(css), "s": state,
                        "lab": M.text("map-cav", lang, colour=cname),
                        "tip": M.text("map-cavalry", lang, colour=cname, state=M.message(f"map-{state}"))}
        hexes.append(h)
    edges = [[a, b] for a, b in board.G.edges()]
    width = max(x for x, _ in pos.values()) + size * 0.9 + 6
    height = max(y for _, y in pos.values()) + size + 6
    crossings = [path for lab, path in sorted(targets.items()) if len(path) > 2]
    return {"w": round(width), "h": round(height), "r": size, "hexes": hexes, "edges": edges,
            "player": player, "reach": sorted(targets), "crossings": crossings,
            "battle": (obs_map.get("battle") or {}).get("target"),
            "words": {k: M.text(f"map-{k}", lang) for k in FRONT_WORDS}}

