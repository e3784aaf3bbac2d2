"""The Bohnaparte board as a networkx graph (spec §2, rules P-10…P-15).

A board is data: a file under ``beannb/data/boards/`` (YAML or JSON) names its positions
with their hex coordinates, the edges between them, the camp positions per player count
and the board cards per player count. :func:`load_board` reads and checks it; the
positions and edges become a :class:`networkx.Graph`, which is what the rules, the map
views and the notebook all look at.

The territories themselves (terrain, owner, colour, burned) change from game to game, so
they live in the game state; :func:`annotate` copies them onto the graph as node
attributes when a graph view is wanted.

>>> b = load_board("standard")
>>> b.G.number_of_nodes(), b.G.number_of_edges()
(19, 42)
>>> sorted(b.G["09"])
['04', '05', '08', '10', '13', '14']
"""
from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, Union

import networkx as nx
import yaml

from ...core.errors import BeannbError
from ...i18n.messages import NC_, Entry, Messages, locale_dir


class BoardError(BeannbError):
    """A board file that cannot be used: unreadable, malformed or failing a check."""


# --------------------------------------------------------------------------------------
# Terrains (spec §1): the board cards. Data, read by rules, views and the catalogue.
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Terrain:
    id: str
    entry: Entry        # its name, a message ``terrain-<id>`` of the game's catalogue
    de: str
    box: int            # cards of this kind in the box
    vp: int             # victory points for its owner (P-43)
    min_def: int        # minimum defence (P-24); 0 = none
    colour: str         # fill colour on our own map drawings
    territory: bool = True   # rivers are board spaces, never territories (P-11)

    @property
    def en(self) -> str:
        return self.entry.singular

    def name(self, lang: str = "en") -> str:
        return BOARD_WORDS.template(self.entry.code, lang)


TERRAINS: dict[str, Terrain] = {t.id: t for t in (
    Terrain("camp", NC_("terrain-camp", "camp"), "Feldlager", 5, 1, 0, "#d8c8a8"),
    Terrain("village", NC_("terrain-village", "village"), "Dorf", 3, 1, 16, "#e6b980"),
    Terrain("city", NC_("terrain-city", "city"), "Stadt", 3, 3, 18, "#b9a6c9"),
    Terrain("rice_field", NC_("terrain-rice_field", "rice field"), "Plantage", 3, 1, 0, "#cfe3a0"),
    Terrain("forest", NC_("terrain-forest", "forest"), "Wald", 3, 1, 17, "#5f9a55"),
    Terrain("steppe", NC_("terrain-steppe", "steppe"), "Steppe", 3, 1, 0, "#e9dc8f"),
    Terrain("river", NC_("terrain-river", "river"), "Fluss", 2, 0, 0, "#7fb4e0", territory=False),
    Terrain("gem_field", NC_("terrain-gem_field", "gem field"), "Edelsteinfeld", 2, 1, 0, "#a8d8d8"),
)}

#: Player (camp and marker) colours: id -> (name, a message ``colour-<id>``; CSS colour).
PLAYER_COLOURS: dict[str, tuple[Entry, str]] = {
    "yellow": (NC_("colour-yellow", "yellow"), "#f2c200"),
    "orange": (NC_("colour-orange", "orange"), "#f07f16"),
    "purple": (NC_("colour-purple", "purple"), "#8e44ad"),
    "white": (NC_("colour-white", "white"), "#f4f4f4"),
    "pink": (NC_("colour-pink", "pink"), "#e76fa6"),
}
#: Horse colours: one steppe and one cavalry card each.
HORSE_COLOURS: dict[str, tuple[Entry, str]] = {
    "bay": (NC_("colour-bay", "bay"), "#8b4a1c"),
    "black": (NC_("colour-black", "black"), "#222222"),
    "grey": (NC_("colour-grey", "grey"), "#9a9a9a"),
}
#: The names of the terrains and colours, read in the reader's language.
BOARD_WORDS = Messages("bohnaparte", locale_dir(__file__), [
    *(t.entry for t in TERRAINS.values()), *(c[0] for c in (*PLAYER_COLOURS.values(), *HORSE_COLOURS.values()))])


def colour_name(colour: Optional[str], lang: str = "en") -> str:
    for table in (PLAYER_COLOURS, HORSE_COLOURS):
        if colour in table:
            return BOARD_WORDS.template(table[colour][0].code, lang)
    return colour or ""


# --------------------------------------------------------------------------------------
# Boards
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """A board's fixed geometry. Nodes are position labels such as ``"09"``.

    ``nbrs[i]`` lists the node indices next to node ``i`` (the rules work on indices, which
    is what the game state stores); ``G`` is the same graph with labels, positions and
    coordinates as node attributes.
    """

    name: str
    title: dict
    players: tuple[int, ...]
    labels: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    nbrs: tuple[tuple[int, ...], ...]
    camps: dict[int, tuple[str, ...]]
    cards: dict[int, dict[str, int]]
    G: nx.Graph = field(compare=False, repr=False)
    index: dict[str, int] = field(compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.labels)

    def resolve(self, token: str) -> Optional[int]:
        """The node index a player's text names (``"9"`` finds ``"09"``), or None."""
        if not isinstance(token, str):
            return None
        if token in self.index:
            return self.index[token]
        if token.isascii() and token.isdigit() and len(token) <= 6:  # not "²", nor 5,000 digits
            for lab, i in self.index.items():
                if lab.isascii() and lab.isdigit() and int(lab) == int(token):
                    return i
        return None

    def camp_positions(self, n: int) -> tuple[str, ...]:
        if n not in self.camps:
            raise BoardError(f"board {self.name!r} has no camp positions for {n} players; it is made for "
                             + ", ".join(str(k) for k in sorted(self.camps)) + " players")
        return self.camps[n]

    def card_counts(self, n: int) -> dict[str, int]:
        if n not in self.cards:
            raise BoardError(f"board {self.name!r} lists no board cards for {n} players")
        return self.cards[n]

    def layout_cards(self, n: int) -> list[str]:
        """The non-camp board cards for ``n`` players, in terrain-table order."""
        counts = self.card_counts(n)
        return [t for t in TERRAINS if t != "camp" for _ in range(counts.get(t, 0))]


def _read(source: Union[str, Path]) -> tuple[str, dict]:
    text: Optional[str] = None
    where = str(source)
    path = Path(source)
    if path.suffix in (".yaml", ".yml", ".json") and path.is_file():
        text = path.read_text(encoding="utf-8")
    else:
        for ext in ("yaml", "json"):
            res = resources.files("beannb").joinpath("data").joinpath("boards").joinpath(f"{source}.{ext}")
            if res.is_file():
                text, where = res.read_text("utf-8"), f"board {source!r}"
                break
    if text is None:
        boards = resources.files("beannb").joinpath("data").joinpath("boards")
        known = sorted(p.name.rsplit(".", 1)[0] for p in boards.iterdir() if p.name.endswith((".yaml", ".json")))
        raise BoardError(f"no board {source!r}: give a board name ({', '.join(known)}) or the path of a .yaml/.json board file")
    try:
        data = json.loads(text) if where.endswith(".json") else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise BoardError(f"{where}: not valid YAML/JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BoardError(f"{where}: a board file is a mapping with positions, edges, camps and cards")
    return where, data


def parse_board(data: dict, where: str = "board") -> Board:
    """Check a board description and build its graph; every problem is a :class:`BoardError`."""
    fail = _failing(where)
    for key in ("positions", "camps", "cards"):
        if key not in data:
            raise fail(f"missing {key!r}")
    unknown = set(data) - {"name", "title", "players", "positions", "edges", "adjacency", "camps", "cards"}
    if unknown:
        raise fail(f"unknown key(s) {sorted(unknown)}")
    labels, coords = _positions(data["positions"], fail)
    G = _graph(data, labels, coords, fail)
    players = tuple(int(n) for n in (data.get("players") or sorted(int(k) for k in data["camps"])))
    camps = _camps(data["camps"], G, fail)
    cards = _card_counts(data["cards"], len(labels), fail)
    for n in players:
        if n not in camps:
            raise fail(f"no camp positions for {n} players")
        if n not in cards:
            raise fail(f"no board cards for {n} players")
    index = {lab: i for i, lab in enumerate(labels)}
    nbrs = tuple(tuple(sorted(index[m] for m in G[lab])) for lab in labels)
    title = data.get("title") or {"en": str(data.get("name", where))}
    return Board(str(data.get("name", where)), dict(title), players, tuple(labels), tuple(coords), nbrs,
                 camps, cards, G, index)


def _failing(where: str) -> Callable[[str], BoardError]:
    """The error for a problem of the board file ``where``."""
    def fail(msg: str) -> BoardError:
        return BoardError(f"{where}: {msg}")

    return fail


def _positions(raw_pos: Any, fail: Callable[[str], BoardError]) -> tuple[list[str], list[tuple[int, int]]]:
    """A board file's ``positions``: the labels and their [row, column], each at its own place."""
    if not isinstance(raw_pos, dict) or not raw_pos:
        raise fail("positions must map each position label to its [row, column]")
    labels: list[str] = []
    coords: list[tuple[int, int]] = []
    seen_xy: dict[tuple[int, int], str] = {}
    for lab, xy in raw_pos.items():
        lab = str(lab)
        if not isinstance(xy, (list, tuple)) or len(xy) != 2 or not all(isinstance(v, int) for v in xy):
            raise fail(f"position {lab}: coordinates must be [row, column] whole numbers, not {xy!r}")
        key = (xy[0], xy[1])
        if key in seen_xy:
            raise fail(f"positions {seen_xy[key]} and {lab} are both at row {xy[0]}, column {xy[1]}; positions must be unique")
        seen_xy[key] = lab
        labels.append(lab)
        coords.append(key)
    return labels, coords


def _graph(data: dict, labels: list[str], coords: list[tuple[int, int]], fail: Callable[[str], BoardError]) -> nx.Graph:
    """The positions joined by a board file's ``edges`` (or as neighbouring hexes), connected."""
    G = nx.Graph()
    for lab, (r, x) in zip(labels, coords):
        G.add_node(lab, row=r, col=x)
    if "edges" in data:
        for e in data["edges"] or []:
            if not isinstance(e, (list, tuple)) or len(e) != 2:
                raise fail(f"edge {e!r}: an edge is a pair of position labels")
            a, b = str(e[0]), str(e[1])
            for v in (a, b):
                if v not in G:
                    raise fail(f"edge {a}-{b}: {v} is not a position")
            if a == b:
                raise fail(f"edge {a}-{b} joins a position to itself")
            G.add_edge(a, b)
    elif data.get("adjacency") == "hex":
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                ra, xa, rb, xb = G.nodes[a]["row"], G.nodes[a]["col"], G.nodes[b]["row"], G.nodes[b]["col"]
                if (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1):
                    G.add_edge(a, b)
    else:
        raise fail("give the edges (a list of pairs) or 'adjacency: hex' to join neighbouring hexes")
    if not nx.is_connected(G):
        parts = sorted((sorted(c) for c in nx.connected_components(G)), key=len)
        raise fail(f"the board is not connected: {', '.join(parts[0])} cannot be reached from the rest")
    return G


def _camps(raw: Any, G: nx.Graph, fail: Callable[[str], BoardError]) -> dict[int, tuple[str, ...]]:
    """A board file's ``camps``: for each player count, that many distinct positions."""
    camps: dict[int, tuple[str, ...]] = {}
    for k, pos in (raw or {}).items():
        n = int(k)
        pos = tuple(str(p) for p in pos)
        if len(pos) != n:
            raise fail(f"{n} players need {n} camp positions, not {len(pos)} ({', '.join(pos)})")
        if len(set(pos)) != n:
            raise fail(f"camp positions for {n} players repeat a position: {', '.join(pos)}")
        for p in pos:
            if p not in G:
                raise fail(f"camp position {p} for {n} players is not a position of the board")
        camps[n] = pos
    return camps


def _card_counts(raw: Any, n_positions: int, fail: Callable[[str], BoardError]) -> dict[int, dict[str, int]]:
    """A board file's ``cards``: for each player count, how many cards of each terrain, one a position."""
    cards: dict[int, dict[str, int]] = {}
    for k, counts in (raw or {}).items():
        n = int(k)
        if not isinstance(counts, dict):
            raise fail(f"cards for {n} players must map terrains to counts")
        bad = set(counts) - set(TERRAINS)
        if bad:
            raise fail(f"cards for {n} players: unknown terrain(s) {sorted(bad)}; terrains are {', '.join(TERRAINS)}")
        counts = {t: int(counts.get(t, 0)) for t in TERRAINS}
        if counts["camp"] != n:
            raise fail(f"{n} players need exactly {n} camps, the board lists {counts['camp']}")
        if sum(counts.values()) != n_positions:
            raise fail(f"{n} players: {sum(counts.values())} board cards for {n_positions} positions; every position holds one card")
        if counts["steppe"] > len(HORSE_COLOURS) or counts["camp"] > len(PLAYER_COLOURS):
            raise fail(f"{n} players: at most {len(HORSE_COLOURS)} steppes and {len(PLAYER_COLOURS)} camps have colours")
        cards[n] = counts
    return cards


@lru_cache(maxsize=32)
def load_board(source: Union[str, Path] = "standard") -> Board:
    """A board by name (``"standard"``) or by the path of a board file; checked on load."""
    where, data = _read(source)
    return parse_board(data, where)


# --------------------------------------------------------------------------------------
# Reachability (P-12…P-15): one function, for the rules (node indices and state tuples)
# and for graph views (an annotated networkx graph).
# --------------------------------------------------------------------------------------
RIVER = "river"


def reach(nbrs, terrain, owner, player, cross: bool) -> dict[Any, tuple]:
    """Every legal target of ``player`` with the path that makes it reachable.

    ``nbrs[n]`` iterates the neighbours of node ``n``; ``terrain[n]`` and ``owner[n]`` give
    its terrain and owner (sequences indexed by node, or mappings such as a networkx
    adjacency and node-attribute dicts). A path is ``(own, target)`` for a neighbour, or
    ``(own, river, …, river, target)`` when the target is reached across a chain of
    rivers (P-13); with ``cross`` false, rivers give no access (P-14).
    """
    nodes = terrain.keys() if hasattr(terrain, "keys") else range(len(terrain))
    own = [n for n in nodes if owner[n] == player]
    found: dict[Any, tuple] = {}
    rivers: list = []
    parent: dict[Any, Any] = {}
    for o in own:
        for m in nbrs[o]:
            if terrain[m] == RIVER:
                if cross and m not in parent:
                    parent[m] = o
                    rivers.append(m)
            elif owner[m] != player and m not in found:
                found[m] = (o, m)
    if rivers:
        queue = deque(rivers)
        while queue:
            r = queue.popleft()
            for m in nbrs[r]:
                if terrain[m] == RIVER:
                    if m not in parent:
                        parent[m] = r
                        queue.append(m)
                elif owner[m] != player and m not in found:
                    path = [m, r]
                    while terrain[path[-1]] == RIVER:
                        path.append(parent[path[-1]])
                    found[m] = tuple(reversed(path))
    return found


@lru_cache(maxsize=256)
def sites(terrain: tuple) -> dict[str, tuple[int, ...]]:
    """Terrain -> the positions (node indices) holding it. A game's board cards lie where
    they are for the whole game (only owners change), so the rules look their positions up
    here, computed once per layout, instead of scanning the board. Read-only.

    >>> sites(("camp", "river", "camp"))["camp"]
    (0, 2)
    """
    found: dict[str, list[int]] = {}
    for i, t in enumerate(terrain):
        found.setdefault(t, []).append(i)
    return {t: tuple(where) for t, where in found.items()}


def cavalry_immune(terrain: str, burned: bool) -> bool:
    """Cavalry cannot attack a forest or an unburned city (P-30)."""
    return terrain == "forest" or (terrain == "city" and not burned)


def annotate(board: Board, terrain: Sequence[str], owner: Sequence[Any], colour: Sequence[Optional[str]] = (),
             burned: Sequence[bool] = ()) -> nx.Graph:
    """A copy of the board graph with the territories as node attributes (spec §2.2)."""
    G = board.G.copy()
    for i, lab in enumerate(board.labels):
        G.nodes[lab].update(terrain=terrain[i], owner=owner[i], colour=colour[i] if colour else None,
                            burned=bool(burned[i]) if burned else False)
    return G


def attackable_targets(G: nx.Graph, player: Any, with_cavalry: bool = False,
                       cavalry_crosses_rivers: bool = True) -> dict[str, tuple[str, ...]]:
    """Spec §2.4 on an annotated graph: target -> the path that makes it reachable.

    >>> b = load_board("standard")
    >>> terrain = ["camp"] * 19; terrain[9] = "river"; terrain[12] = "forest"
    >>> owner = [None] * 19; owner[8] = owner[12] = "P1"
    >>> G = annotate(b, terrain, owner)
    >>> sorted(t for t, path in attackable_targets(G, "P1").items() if len(path) > 2)
    ['06', '11', '15']
    >>> attackable_targets(G, "P1")["11"]
    ('09', '10', '11')
    """
    terrain = {n: d["terrain"] for n, d in G.nodes(data=True)}
    owner = {n: d.get("owner") for n, d in G.nodes(data=True)}
    cross = any(terrain[n] == "forest" and owner[n] == player for n in G)
    if with_cavalry and not cavalry_crosses_rivers:
        cross = False
    found = reach(G.adj, terrain, owner, player, cross)
    if with_cavalry:
        found = {n: p for n, p in found.items() if not cavalry_immune(terrain[n], G.nodes[n].get("burned", False))}
    return found


def river_crossings(G: nx.Graph, player: Any) -> dict[str, tuple[str, ...]]:
    """Only the targets that need a river crossing, with their paths (P-13)."""
    return {n: p for n, p in attackable_targets(G, player).items() if len(p) > 2}


def pixel_positions(board: Board, size: float = 30.0) -> dict[str, tuple[float, float]]:
    """Centre of each hex in drawing units (pointy-top hexes of circumradius ``size``)."""
    w = size * 3 ** 0.5 / 2  # half the width of a hex
    rows = [r for r, _ in board.coords]
    cols = [x for _, x in board.coords]
    r0, c0 = min(rows), min(cols)
    return {lab: ((x - c0) * w + w + 4, (r - r0) * size * 1.5 + size + 4)
            for lab, (r, x) in zip(board.labels, board.coords)}
