"""The Bohnaparte map explorer: pick a player or a territory and see what is reachable and why.

A thin view: the map, the bare graph and the explanations come from ``games.bohnaparte.view``
and the board graph functions; the widget only wires two dropdowns to them.
"""
from __future__ import annotations

from html import escape
from typing import Optional, Union

import ipywidgets as W

from ..core.game import Game
from ..games.bohnaparte.view import board_html, reach_of
from ..games.bohnaparte.board import TERRAINS, load_board
from ..i18n.cast import name_map
from ..i18n.messages import NC_
from .onshow import BuiltLater
from .words import Words, table

MESSAGES = table([
    NC_("map-player", "Player"),
    NC_("map-territory", "Territory"),
    # TRANSLATORS: the first choice of the territory list: no territory picked
    NC_("map-any", "(all)"),
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
TEXT = Words(MESSAGES, "map-")


def explain(obs_map: dict, player: str, target: str, lang: str = "en") -> str:
    """One sentence: why ``player`` can (or cannot) attack ``target``."""
    board = load_board(obs_map["board"])
    i = board.index[target]
    if obs_map["terrain"][i] == "river":
        return TEXT.text("is_river", lang, t=target)
    if obs_map["owner"][i] == player:
        return TEXT.text("own", lang, t=target, p=player)
    path = reach_of(obs_map, player).get(target)
    if path is None:
        return TEXT.text("no", lang, p=player, t=target)
    if len(path) == 2:
        return TEXT.text("adjacent", lang, t=target, o=path[0], p=player)
    return TEXT.text("river", lang, t=target, r=" → ".join(path[1:-1]), o=path[0], p=player)


class MapExplorer(BuiltLater, W.VBox):
    """The map and its graph for a game (or a scenario file): choose a player to see their
    targets and river crossings, or a territory to see who can attack it and why.

    A scenario file's example players, and a game's when ``cast`` names the language whose
    example players sit at it, are called as the page's language calls them (Ann in
    English, Anna in Hungarian); ``player`` is one of the names of the source."""

    LAZY_HEIGHT = "560px"  # placeholder until built (see BuiltLater)

    def __init__(self, source: Union[Game, str], player: Optional[str] = None, lang: str = "en",
                 cast: Optional[str] = None):
        super().__init__()
        self.add_class("beannb-map-explorer")
        if isinstance(source, Game):
            self.source = source
        else:
            from ..scenarios import load_scenario

            self.source = load_scenario(source).new_game()
            cast = cast or "en"  # scenario files seat the English cast
        self.cast = cast
        self.lang = lang
        self.game = self._seated(lang)
        obs = self.game.ruleset.observe(self.game.state, None)
        names = list(self.game.players)
        seat = self.source.players.index(player) if player in self.source.players else 0
        self._reseating = False
        self.player = W.Dropdown(options=names, value=names[seat], description=TEXT.text("player", lang))
        self.player.add_class("beannb-map-player")
        self.territory = W.Dropdown(options=[(TEXT.text("any", lang), "")]
                                    + [(f"{lab} {TERRAINS[t].name(lang)}", lab)
                                       for lab, t in zip(obs["map"]["positions"], obs["map"]["terrain"])],
                                    value="", description=TEXT.text("territory", lang))
        self.territory.add_class("beannb-map-territory")
        # The map you can touch: a click on a territory picks it in the dropdown.
        from .touch import MapWidget
        self.board = MapWidget(on_pick=self._pick)
        self.board.add_class("beannb-map")
        self.why = W.HTML()
        self.why.add_class("beannb-map-why")
        for w in (self.player, self.territory):
            w.observe(lambda _ch: None if self._reseating else self.render(), names="value")
        self.children = [W.HBox([self.player, self.territory]), self.board, self.why]
        self.render()

    def set_lang(self, lang: str) -> None:
        """Labels, territory names and explanations in ``lang`` (the page language calls this)."""
        if lang == self.lang:
            return
        self.lang = lang
        from .views import relabel_options

        game = self._seated(lang)
        if game is not self.game:  # the example players as ``lang`` calls them, the same seat chosen
            seat = self.game.players.index(self.player.value)
            self.game, self._reseating = game, True
            try:
                self.player.options = list(game.players)
                self.player.value = game.players[seat]
            finally:
                self._reseating = False

        m = self.game.ruleset.observe(self.game.state, None)["map"]
        self.player.description = TEXT.text("player", lang)
        self.territory.description = TEXT.text("territory", lang)
        relabel_options(self.territory, [TEXT.text("any", lang)] + [f"{lab} {TERRAINS[t].name(lang)}"
                                                                    for lab, t in zip(m["positions"], m["terrain"])])
        self.render()

    def _seated(self, lang: str) -> Game:
        """The source game with its example players called as ``lang`` calls them."""
        if self.cast is None:
            return self.source
        return self.source.renamed(name_map(self.cast, lang))

    def _pick(self, key: str) -> None:
        """A territory clicked on the map: explain it (a second click clears the choice)."""
        pos = key.partition(":")[2]
        self.territory.value = "" if self.territory.value == pos else pos

    def render(self) -> None:
        obs = self.game.ruleset.observe(self.game.state, None)
        m = obs["map"]
        self.board.show_map(obs, self.player.value, self.lang, selected=self.territory.value or None)
        target = self.territory.value
        if not target:
            self.why.value = ""
            return
        lines = [f"<li>{escape(explain(m, p['name'], target, self.lang))}</li>" for p in obs["players"]]
        who = [p["name"] for p in obs["players"] if target in reach_of(m, p["name"])]
        head = (f"<b>{escape(TEXT.text('attackers', self.lang, t=target))}:</b> {escape(', '.join(who))}" if who
                else f"<b>{escape(TEXT.text('nobody', self.lang, t=target))}</b>")
        self.why.value = f"<div>{head}<ul>{''.join(lines)}</ul></div>"


def map_view(game: Game, player: Optional[str] = None, lang: str = "en") -> W.HTML:
    """The map and graph of a game as one HTML widget."""
    return W.HTML(board_html(game.ruleset.observe(game.state, None), player, lang))
