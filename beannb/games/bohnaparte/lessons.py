"""The Bohnaparte page in words: every section of the lesson page, from Bohnaparte's message
catalogue (codes ``lesson-…``, declared here).

Each entry is a message read as ``{lang: markdown}`` (English, Hungarian and the
pseudo-language) or a function of the language that works its text out from the map and
terrain tables; the figures the tables give (strengths, positions, terrain names) are the
messages' fields.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Union

from ...i18n.cast import CastName
from ...i18n.messages import NC_, ByLang, Entry, Message, Named
from .board import TERRAINS, load_board
from .battle import CAVALRY_STRENGTH
from .text import MESSAGES, POSITIONS, TERRAIN_NAMES

#: The landing page, where "all games" leads.
START = "00_start.ipynb"


def _say(entry: Entry, **data: Any) -> Message:
    return MESSAGES.say(entry, **data)


def _text(entry: Entry, **data: Any) -> ByLang:
    return MESSAGES.say(entry, **data).by_lang()


#: What each terrain does, in words (its points and minimum defence come from TERRAINS); None
#: for a terrain that does nothing more.
EFFECTS: dict[str, Union[Message, None]] = {
    "camp": _say(NC_("lesson-effect-camp", "where you start")),
    "city": None,
    "village": _say(NC_("lesson-effect-village", "one more card in your phase-4 draw")),
    "rice_field": _say(NC_("lesson-effect-rice-field", "one more card turned up in phase 2")),
    "forest": _say(NC_("lesson-effect-forest", "stops cavalry; lets you cross rivers and buy a cart")),
    "steppe": _say(NC_("lesson-effect-steppe", "its cavalry is yours")),
    "gem_field": _say(NC_("lesson-effect-gem-field", "at the start of your turn: a 6–12 card becomes a coin")),
    "river": _say(NC_("lesson-effect-river", "never owned, never attacked")),
}


def graph_facts(lang: str) -> str:
    """The board as a graph, asked directly."""
    g = load_board("standard").G
    pos = "09"
    return _say(NC_("lesson-graph-facts", "The graph, asked directly: **{nodes}** positions and **{edges}** edges. "
                                          "The neighbours of {pos}: {near}."),
                nodes=g.number_of_nodes(), edges=g.number_of_edges(), pos=Named(POSITIONS, pos),
                near=", ".join(sorted(g[pos]))).text(lang)


def crossings_text(crossings, lang: str, player: Any = CastName(0)) -> str:
    """``crossings``: (the example's title {"en", "hu"}, {target: path}) pairs; each target and the
    river path that reaches it (``player``'s crossings; by default the first example player's,
    called as ``lang`` calls them)."""
    lines = []
    for title, found in crossings:
        reach = "; ".join(f"{t} ({' → '.join(path)})" for t, path in sorted(found.items()))
        lines.append(_say(NC_("lesson-crossing", "* {title}: {player}'s crossing reaches: {reach}"),
                          title=title.get(lang) or title["en"], player=player, reach=reach).text(lang))
    return "\n".join(lines)


def territory_table(lang: str) -> str:
    """What each territory does: its points, its minimum defence and its effect, in a table."""
    rows = []
    for tid, effect in EFFECTS.items():
        t = TERRAINS[tid]
        cells = (Named(TERRAIN_NAMES, tid).text(lang), str(t.vp), str(t.min_def or "–"),
                 effect.text(lang) if effect is not None else "–")
        rows.append("| " + " | ".join(cells) + " |")
    return _say(NC_("lesson-territories", "## 5. What each territory does\n\n"
                                          "| territory | points | minimum defence | effect |\n"
                                          "|---|---|---|---|\n"
                                          "{rows}\n\n"
                                          "Every worked example of the rules is a walkthrough below: pick one."),
                rows="\n".join(rows)).text(lang)


#: Each section of the page: markdown by language, or a function of the language.
LESSONS: dict[str, Union[Mapping[str, str], Callable[[str], str]]] = {
    "intro": _text(NC_("lesson-intro", """[← all games]({start})

# Bohnaparte: beans that conquer a map

In this expansion you still plant, trade and harvest beans, but **coins no longer win**. Each coin pays for one raid on a territory of the map; territories give victory points, and the most points win.

The *English / Magyar* switch at the top changes the language of the whole page."""), start=START),
    "graph": _text(NC_("lesson-graph", """## 1. The map is a graph

The board has 19 hexagons in rows of 3, 4, 5, 4 and 3. Two positions are neighbours when their hexagons share a side. Drawn as dots and lines, the same board is a **graph**: 19 nodes and 42 edges. Everything about *where you may attack* is a question about this graph.""")),
    "graph_facts": graph_facts,
    "reach": _text(NC_("lesson-reach", """## 2. Where can you attack? Adjacency and river crossings

You may attack any territory next to one of yours. A **river** is never owned and never attacked — but if you own a **forest** anywhere, a river next to your land carries you across, and a chain of rivers carries you further.

Below is the rule book's second river example: {player} owns 17, 13 (a forest) and 09; rivers are at 10 and 06. Pick a player to see their targets (red) and the river crossings that reach them (blue dashes, on the map and on the graph). Pick a territory to see who can attack it and why."""), player=CastName(0)),
    "crossings_intro": _text(NC_("lesson-crossings-intro", "The rule book's two examples, checked by the game: with "
                                 "river 10 alone, the crossing reaches exactly 06, 11 and 15; with 06 a river too, "
                                 "also 02, 03 and 07.")),
    "battle": _text(NC_("lesson-battle", """## 3. A battle, step by step

An attack costs one coin. The attacker fights with any hand card, the top deck card or a cavalry; the defender answers with a hand card or the deck (a neutral territory always uses the deck). Both cards are revealed together: the higher number wins, and **a tie goes to the defender**. Cities, forests and villages defend at least at {city}, {forest} and {village}."""),
                    city=TERRAINS["city"].min_def, forest=TERRAINS["forest"].min_def,
                    village=TERRAINS["village"].min_def),
    "cavalry": _text(NC_("lesson-cavalry", """## 4. Cavalry

A steppe brings its cavalry. A cavalry charges with strength {strength} and cannot attack forests or cities. If it wins, it stays ready and may ride again (for another coin); if it loses, it is *spent* and a second wave follows at once, without a new coin, with a hand card or the deck."""),
                     strength=CAVALRY_STRENGTH),
    "territories": territory_table,
    "play": _text(NC_("lesson-play", """## 6. Play a game against bots

You play *{player}*, the start player, so the bots choose their camps first and you take the one left. The bots attack where a card is likely to win, defend with cards that hold, and in the bean game underneath they *haggle* over trades (offers, counter-offers, refusals)."""), player=CastName(0)),
    "sim": _text(NC_("lesson-sim", "Ten games between two sensible and two random bots: victory points per seat.")),
}
