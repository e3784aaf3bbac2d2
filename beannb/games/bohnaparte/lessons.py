"""The Bohnaparte page in words: every section of the lesson page in English and Hungarian.

Each entry is ``{"en": ..., "hu": ...}`` (markdown) or a function of the language that
works its text out from the map and terrain tables.
"""
from __future__ import annotations

from .board import TERRAINS, load_board

BACK = {"en": "[← all games](00_start.ipynb)", "hu": "[← vissza a játékokhoz](00_start.ipynb)"}

#: What each terrain does, in words (its points and minimum defence come from TERRAINS).
EFFECTS = {
    "camp": ("where you start", "innen indulsz"),
    "city": ("–", "–"),
    "village": ("one more card in your phase-4 draw", "a 4. fázisban eggyel több lapot húzol"),
    "rice_field": ("one more card turned up in phase 2", "a 2. fázisban eggyel több lapot csapsz fel"),
    "forest": ("stops cavalry; lets you cross rivers and buy a cart", "megállítja a lovasságot; átkelhetsz vele a folyókon, és szekeret vehetsz"),
    "steppe": ("its cavalry is yours", "a lovassága a tiéd"),
    "gem_field": ("at the start of your turn: a 6–12 card becomes a coin", "a köröd elején: egy 6–12 értékű lapból babtallér lesz"),
    "river": ("never owned, never attacked", "senkié sem lehet, nem támadható"),
}


def graph_facts(lang: str) -> str:
    """The board as a graph, asked directly."""
    g = load_board("standard").G
    nodes, edges, near = g.number_of_nodes(), g.number_of_edges(), ", ".join(sorted(g["09"]))
    if lang == "hu":
        return (f"A gráf, közvetlenül megkérdezve: **{nodes}** mező és **{edges}** él. "
                f"A 09-es mező szomszédai: {near}.")
    return f"The graph, asked directly: **{nodes}** positions and **{edges}** edges. The neighbours of 09: {near}."


def crossings_text(crossings, lang: str) -> str:
    """``crossings``: (the example's title {"en", "hu"}, {target: path}) pairs; each target and the
    river path that reaches it."""
    lines = []
    for title, found in crossings:
        reach = "; ".join(f"{t} ({' → '.join(path)})" for t, path in sorted(found.items()))
        lead = "Ann az átkeléssel ezeket éri el" if lang == "hu" else "Ann's crossing reaches"
        lines.append(f"* {title[lang if lang == 'hu' else 'en']}: {lead}: {reach}")
    return "\n".join(lines)


def territory_table(lang: str) -> str:
    hu = lang == "hu"
    rows = ["| terület | pont | legkisebb védekezés | hatás |" if hu else "| territory | points | minimum defence | effect |",
            "|---|---|---|---|"]
    for tid, (en, hu_) in EFFECTS.items():
        t = TERRAINS[tid]
        rows.append(f"| {t.name(lang)} | {t.vp} | {t.min_def or '–'} | {hu_ if hu else en} |")
    return ("## 5. Mire jók az egyes területek?" if hu else "## 5. What each territory does") + "\n\n" + "\n".join(rows) + (
        "\n\nA szabálykönyv minden kidolgozott példáját lent végigjárhatod: válassz egyet."
        if hu else "\n\nEvery worked example of the rules is a walkthrough below: pick one.")


LESSONS = {
    "intro": {
        "en": BACK["en"] + """

# Bohnaparte: beans that conquer a map

In this expansion you still plant, trade and harvest beans, but **coins no longer win**. Each coin pays for one raid on a territory of the map; territories give victory points, and the most points win.

The *English / Magyar* switch at the top changes the language of the whole page.""",
        "hu": BACK["hu"] + """

# Bohnaparte: babok, amelyek meghódítják a térképet

Ebben a kiegészítőben továbbra is ültetsz, kereskedsz és betakarítasz, de **már nem a babtallér dönt a győzelemről**. Minden babtallér egy támadás ára a térkép egy területe ellen; a területek győzelmi pontot érnek, és a legtöbb pont nyer.

Az oldal tetején lévő *English / Magyar* kapcsolóval az egész oldal nyelve átállítható.""",
    },
    "graph": {
        "en": """## 1. The map is a graph

The board has 19 hexagons in rows of 3, 4, 5, 4 and 3. Two positions are neighbours when their hexagons share a side. Drawn as dots and lines, the same board is a **graph**: 19 nodes and 42 edges. Everything about *where you may attack* is a question about this graph.""",
        "hu": """## 1. A térkép egy gráf

A tábla 19 hatszögből áll, 3, 4, 5, 4 és 3 hatszögnyi sorokban. Két mező akkor szomszédos, ha a hatszögeiknek közös oldala van. Pontokkal és vonalakkal rajzolva ugyanez a tábla egy **gráf**: 19 csúcs és 42 él. Minden kérdés arról, hogy *hová támadhatsz*, erről a gráfról szól.""",
    },
    "graph_facts": graph_facts,
    "reach": {
        "en": """## 2. Where can you attack? Adjacency and river crossings

You may attack any territory next to one of yours. A **river** is never owned and never attacked — but if you own a **forest** anywhere, a river next to your land carries you across, and a chain of rivers carries you further.

Below is the rule book's second river example: Ann owns 17, 13 (a forest) and 09; rivers are at 10 and 06. Pick a player to see their targets (red) and the river crossings that reach them (blue dashes, on the map and on the graph). Pick a territory to see who can attack it and why.""",
        "hu": """## 2. Hová támadhatsz? Szomszédság és átkelés a folyón

Bármelyik területet megtámadhatod, amely a tieiddel szomszédos. A **folyó** senkié sem lehet, és nem is támadható, de ha bárhol van egy **erdőd**, a földeddel szomszédos folyón átkelhetsz, folyók láncán pedig még messzebbre juthatsz.

Lent a szabálykönyv második folyós példája látható: Ann birtokában van a 17-es, a 13-as (erdő) és a 09-es mező; folyó van a 10-es és a 06-os helyen. Válassz egy játékost, és megmutatjuk, kit támadhat (piros), és mely átkelések vezetnek oda (kék szaggatott vonal a térképen és a gráfon). Válassz egy területet, és megtudod, ki támadhatja meg, és miért.""",
    },
    "crossings_intro": {
        "en": "The rule book's two examples, checked by the game: with river 10 alone, the crossing reaches exactly 06, 11 and 15; with 06 a river too, also 02, 03 and 07.",
        "hu": "A szabálykönyv két példája, a játék ellenőrzésével: ha csak a 10-es mező folyó, az átkelés pontosan a 06-os, a 11-es és a 15-ös mezőig ér; ha a 06-os is folyó, akkor a 02-es, a 03-as és a 07-es mezőig is.",
    },
    "battle": {
        "en": """## 3. A battle, step by step

An attack costs one coin. The attacker fights with any hand card, the top deck card or a cavalry; the defender answers with a hand card or the deck (a neutral territory always uses the deck). Both cards are revealed together: the higher number wins, and **a tie goes to the defender**. Cities, forests and villages defend at least at 18, 17 and 16.""",
        "hu": """## 3. Egy csata lépésről lépésre

Egy támadás egy babtallérba kerül. A támadó bármelyik kézben tartott lapjával, a húzópakli felső lapjával vagy egy lovassággal harcol; a védekező egy kézben tartott lappal vagy a pakliból védekezik (semleges terület mindig a pakliból). A két lapot egyszerre fordítják fel: a nagyobb szám nyer, **döntetlennél a védekező győz**. A városok, erdők és falvak legalább 18-as, 17-es, illetve 16-os erővel védekeznek.""",
    },
    "cavalry": {
        "en": """## 4. Cavalry

A steppe brings its cavalry. A cavalry charges with strength 17 and cannot attack forests or cities. If it wins, it stays ready and may ride again (for another coin); if it loses, it is *spent* and a second wave follows at once, without a new coin, with a hand card or the deck.""",
        "hu": """## 4. Lovasság

A sztyeppével a lovassága is a tiéd lesz. A lovasság 17-es erővel ront rá a célra, erdőt és várost nem támadhat. Ha győz, bevethető marad, és újra támadhat (egy újabb babtallérért); ha veszít, *kimerül*, és azonnal egy második hullám következik új babtallér nélkül, egy kézben tartott lappal vagy a pakliból.""",
    },
    "territories": territory_table,
    "play": {
        "en": """## 6. Play a game against bots

You play *Ann*, the start player, so the bots choose their camps first and you take the one left. The bots attack where a card is likely to win, defend with cards that hold, and in the bean game underneath they *haggle* over trades (offers, counter-offers, refusals).""",
        "hu": """## 6. Játék gépi játékosok ellen

Te *Ann* helyén játszol, te vagy a kezdőjátékos, ezért a gépi játékosok választanak előbb tábort, te pedig a megmaradtat kapod. A gépi játékosok ott támadnak, ahol egy lap valószínűleg nyer, olyan lappal védekeznek, amely kitart, a babjátékban pedig *alkudoznak* a cserékért (ajánlat, ellenajánlat, elutasítás).""",
    },
    "sim": {
        "en": "Ten games between two sensible and two random bots: victory points per seat.",
        "hu": "Tíz játszma két megfontolt és két véletlenszerű gépi játékos között: győzelmi pontok helyenként.",
    },
}
