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
from .onshow import BuiltLater

TEXT = {
    "en": {"player": "Player", "territory": "Territory", "any": "(all)", "why": "Why",
           "adjacent": "{t} is next to {o}, which {p} owns", "river": "{t} is reached across the river {r} from {o} ({p} owns a forest)",
           "attackers": "Who can attack {t}", "nobody": "nobody can attack {t} now", "is_river": "{t} is a river: never attacked",
           "own": "{t} is {p}'s own territory", "no": "{p} cannot reach {t} now"},
    "hu": {"player": "Játékos", "territory": "Terület", "any": "(mind)", "why": "Miért",
           "adjacent": "a(z) {t} szomszédos a(z) {o} mezővel, amely {p} birtoka",
           "river": "a(z) {t} a(z) {r} folyón át érhető el a(z) {o} mezőről ({p} birtokol erdőt)",
           "attackers": "Ki támadhatja a(z) {t} mezőt", "nobody": "most senki sem támadhatja a(z) {t} mezőt",
           "is_river": "a(z) {t} folyó: nem támadható", "own": "a(z) {t} {p} saját területe", "no": "{p} most nem éri el a(z) {t} mezőt"},
}


def explain(obs_map: dict, player: str, target: str, lang: str = "en") -> str:
    """One sentence: why ``player`` can (or cannot) attack ``target``."""
    tx = TEXT.get(lang, TEXT["en"])
    board = load_board(obs_map["board"])
    i = board.index[target]
    if obs_map["terrain"][i] == "river":
        return tx["is_river"].format(t=target)
    if obs_map["owner"][i] == player:
        return tx["own"].format(t=target, p=player)
    path = reach_of(obs_map, player).get(target)
    if path is None:
        return tx["no"].format(p=player, t=target)
    if len(path) == 2:
        return tx["adjacent"].format(t=target, o=path[0], p=player)
    return tx["river"].format(t=target, r=" → ".join(path[1:-1]), o=path[0], p=player)


class MapExplorer(BuiltLater, W.VBox):
    """The map and its graph for a game (or a scenario file): choose a player to see their
    targets and river crossings, or a territory to see who can attack it and why."""

    LAZY_HEIGHT = "560px"  # placeholder until built (see BuiltLater)

    def __init__(self, source: Union[Game, str], player: Optional[str] = None, lang: str = "en"):
        super().__init__()
        self.add_class("beannb-map-explorer")
        if isinstance(source, Game):
            self.game = source
        else:
            from ..scenarios import load_scenario

            self.game = load_scenario(source).new_game()
        self.lang = lang
        obs = self.game.ruleset.observe(self.game.state, None)
        names = [p["name"] for p in obs["players"]]
        tx = TEXT.get(lang, TEXT["en"])
        self.player = W.Dropdown(options=names, value=player or names[0], description=tx["player"])
        self.player.add_class("beannb-map-player")
        self.territory = W.Dropdown(options=[(tx["any"], "")] + [(f"{lab} {TERRAINS[t].name(lang)}", lab)
                                                                for lab, t in zip(obs["map"]["positions"], obs["map"]["terrain"])],
                                    value="", description=tx["territory"])
        self.territory.add_class("beannb-map-territory")
        # The map you can touch: a click on a territory picks it in the dropdown.
        from .touch import MapWidget
        self.board = MapWidget(on_pick=self._pick)
        self.board.add_class("beannb-map")
        self.why = W.HTML()
        self.why.add_class("beannb-map-why")
        for w in (self.player, self.territory):
            w.observe(lambda _ch: self.render(), names="value")
        self.children = [W.HBox([self.player, self.territory]), self.board, self.why]
        self.render()

    def set_lang(self, lang: str) -> None:
        """Labels, territory names and explanations in ``lang`` (the page language calls this)."""
        if lang == self.lang:
            return
        self.lang = lang
        tx = TEXT.get(lang, TEXT["en"])
        from .views import relabel_options

        m = self.game.ruleset.observe(self.game.state, None)["map"]
        self.player.description = tx["player"]
        self.territory.description = tx["territory"]
        relabel_options(self.territory, [tx["any"]] + [f"{lab} {TERRAINS[t].name(lang)}"
                                                       for lab, t in zip(m["positions"], m["terrain"])])
        self.render()

    def _pick(self, key: str) -> None:
        """A territory clicked on the map: explain it (a second click clears the choice)."""
        pos = key.partition(":")[2]
        self.territory.value = "" if self.territory.value == pos else pos

    def render(self) -> None:
        obs = self.game.ruleset.observe(self.game.state, None)
        m = obs["map"]
        tx = TEXT.get(self.lang, TEXT["en"])
        self.board.show_map(obs, self.player.value, self.lang, selected=self.territory.value or None)
        target = self.territory.value
        if not target:
            self.why.value = ""
            return
        lines = [f"<li>{escape(explain(m, p['name'], target, self.lang))}</li>" for p in obs["players"]]
        who = [p["name"] for p in obs["players"] if target in reach_of(m, p["name"])]
        head = (f"<b>{escape(tx['attackers'].format(t=target))}:</b> {escape(', '.join(who))}" if who
                else f"<b>{escape(tx['nobody'].format(t=target))}</b>")
        self.why.value = f"<div>{head}<ul>{''.join(lines)}</ul></div>"


def map_view(game: Game, player: Optional[str] = None, lang: str = "en") -> W.HTML:
    """The map and graph of a game as one HTML widget."""
    return W.HTML(board_html(game.ruleset.observe(game.state, None), player, lang))
