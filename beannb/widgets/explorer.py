"""The map explorer: pick a player or a place on a game's map and see what is reachable and why.

A thin view of any game whose view draws a map: the map model, the places to pick from and
what is said of a picked place come from the game's view (``map_model``, ``map_places``,
``map_why``); the widget only wires two dropdowns and the touchable map to them.
"""
from __future__ import annotations

from typing import Optional, Union

import ipywidgets as W

from ..core.game import Game
from ..i18n.cast import name_map
from ..i18n.messages import NC_
from .onshow import BuiltLater
from .views import classed
from .words import Words, table

MESSAGES = table([
    NC_("map-player", "Player"),
    # TRANSLATORS: the first choice of the list of places on the map: no place picked
    NC_("map-any", "(all)"),
])
TEXT = Words(MESSAGES, "map-")


class MapExplorer(BuiltLater, W.VBox):
    """The map and its graph for a game (or a scenario file): choose a player to see their
    targets and river crossings, or a place to see who can reach it and why.

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
        self.view = self.game.ruleset.view.VIEW
        heading, places = self.view.map_places(self._obs(), lang)
        names = list(self.game.players)
        seat = self.source.players.index(player) if player in self.source.players else 0
        self._reseating = False
        self.player = classed(W.Dropdown(options=names, value=names[seat], description=TEXT.text("player", lang)),
                              "beannb-map-player")
        # The page's style and its browser tests know the territory drop-down by its class.
        self.place = classed(W.Dropdown(options=[(TEXT.text("any", lang), "")] + places, value="", description=heading),
                             "beannb-map-territory")
        # The map you can touch: a click on a place picks it in the dropdown.
        from .touch import MapWidget
        self.board = classed(MapWidget(on_pick=self._pick), "beannb-map")
        self.why = classed(W.HTML(), "beannb-map-why")
        for w in (self.player, self.place):
            w.observe(lambda _ch: None if self._reseating else self.render(), names="value")
        self.children = [W.HBox([self.player, self.place]), self.board, self.why]
        self.render()

    def _obs(self) -> dict:
        """The whole table, as a teacher sees it."""
        return self.game.ruleset.observe(self.game.state, None)

    def set_lang(self, lang: str) -> None:
        """Labels, place names and explanations in ``lang`` (the page language calls this)."""
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

        heading, places = self.view.map_places(self._obs(), lang)
        self.player.description = TEXT.text("player", lang)
        self.place.description = heading
        relabel_options(self.place, [TEXT.text("any", lang)] + [label for label, _ in places])
        self.render()

    def _seated(self, lang: str) -> Game:
        """The source game with its example players called as ``lang`` calls them."""
        if self.cast is None:
            return self.source
        return self.source.renamed(name_map(self.cast, lang))

    def _pick(self, key: str) -> None:
        """A place clicked on the map: explain it (a second click clears the choice)."""
        pos = key.partition(":")[2]
        self.place.value = "" if self.place.value == pos else pos

    def render(self) -> None:
        obs = self._obs()
        self.board.show_map(obs, self.player.value, self.lang, selected=self.place.value or None)
        self.why.value = self.view.map_why(obs, self.place.value, self.lang) if self.place.value else ""
