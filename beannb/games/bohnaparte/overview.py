"""Bohnaparte at a glance, and its glossary (see :mod:`beannb.games.bohnanza.overview`).

Built from Bohnaparte's tables: the beans (their numbers are battle strengths), the board
cards with their victory points and minimum defence (``board.py``), the board file's
positions, camps and cards per player count, the cart and cavalry numbers, what setup
deals, the phases (``text.py``) and the options.

>>> ov = overview()
>>> ov.section("scoring").lines[0].rules
('P-43', 'P-47')
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..bohnanza.overview import (
    DECIDED, OptionText, Overview, Reference, game_title, az, base_terms, catalogue_line, dealt, entry, how_to_change, line,
    option_lines, ordinal, phase_line, players, reference_list, seat_words, section, term, varying,
)
from ...i18n.hu import dative
from .board import HORSE_COLOURS, PLAYER_COLOURS, TERRAINS, load_board
from .cards import BEANS, CARDS
from .rules import CAVALRY_STRENGTH

_T = TERRAINS


def _rules():
    from . import rules

    return rules


def _terrains(counts: Mapping[str, int], lang: str) -> str:
    return ", ".join(f"{k} {TERRAINS[t].name(lang)}" for t, k in counts.items() if k)


def _box(rs, options) -> list:
    r = _rules()
    prof = rs.profile(dealt(rs, min(rs.player_counts(options)), options).state)
    beans = sorted(prof.beans, key=lambda b: -BEANS[b].count)
    total = sum(BEANS[b].count for b in beans)
    box = {t: ter.box for t, ter in TERRAINS.items()}
    board = load_board(options["board"])
    vp = ", ".join(f"{TERRAINS[t].name('en')} {ter.vp}" for t, ter in TERRAINS.items())
    vp_hu = ", ".join(f"{TERRAINS[t].name('hu')} {ter.vp}" for t, ter in TERRAINS.items())
    mins = {t: ter.min_def for t, ter in TERRAINS.items() if ter.min_def}
    return [
        line("box:deck", f"{total} bean cards of {len(beans)} types; the number on a card is how many there are and its "
             "battle strength: " + ", ".join(f"{CARDS.name(b, 'en')} {BEANS[b].count}" for b in beans) + ".",
             f"{total} babkártya, {len(beans)} fajta; a lapon lévő szám a példányszám és egyben a harci erő: "
             + ", ".join(f"{CARDS.name(b, 'hu')} {BEANS[b].count}" for b in beans) + ".", "B-01", "P-23"),
        line("box:board", f"{sum(box.values())} board cards: {_terrains(box, 'en')}. Victory points: {vp}; minimum defence: "
             + ", ".join(f"{TERRAINS[t].name('en')} {m}" for t, m in mins.items()) + ".",
             f"{sum(box.values())} területkártya: {_terrains(box, 'hu')}. Győzelmi pont: {vp_hu}; legkisebb védőerő: "
             + ", ".join(f"{TERRAINS[t].name('hu')} {m}" for t, m in mins.items()) + ".", "P-03", "P-24", "P-43"),
        line("box:map", f"The board ({board.title.get('en', board.name)}): {len(board)} positions; "
             f"{board.G.number_of_edges()} pairs of them are neighbours.",
             f"A játéktér ({board.title.get('hu', board.name)}): {len(board)} mező; ebből {board.G.number_of_edges()} pár "
             "szomszédos.", "P-10"),
        line("box:cavalry", f"{len(HORSE_COLOURS)} cavalry cards, one per steppe colour ("
             + ", ".join(c[0] for c in HORSE_COLOURS.values()) + f"), each fighting with {r.CAVALRY_STRENGTH}.",
             f"{len(HORSE_COLOURS)} lovasságkártya, a sztyeppék színei szerint egy-egy ("
             + ", ".join(c[1] for c in HORSE_COLOURS.values()) + f"), mindegyik {r.CAVALRY_STRENGTH} erővel harcol.",
             "P-05", "P-23", "P-29"),
        catalogue_line("box:carts", "P-05"),
        line("box:markers", f"{len(PLAYER_COLOURS)} player colours (" + ", ".join(c[0] for c in PLAYER_COLOURS.values())
             + f"), {r.MARKERS} markers each.",
             f"{len(PLAYER_COLOURS)} játékosszín (" + ", ".join(c[1] for c in PLAYER_COLOURS.values())
             + f"), mindegyikhez {r.MARKERS} jelző.", "P-07"),
    ]


def _players(rs, options) -> list:
    counts = rs.player_counts(options)
    board = load_board(options["board"])
    deals = {n: dealt(rs, n, options) for n in counts}
    out = [line("players", f"{players(counts, 'en')}.", f"{players(counts, 'hu')}.", "P-01")]
    back = {}
    for n in counts:
        cards = board.card_counts(n)
        back[n] = {t: TERRAINS[t].box - cards.get(t, 0) for t in TERRAINS}
    say = lambda v, lang: _terrains(v, lang)  # noqa: E731
    out.append(line("setup:box", f"Board cards back into the box: {varying(back, say, 'en')}. The rest fill the "
                    f"{len(board)} positions, one camp per player.",
                    f"Dobozban maradó területkártyák: {varying(back, say, 'hu')}. A többi tölti ki a {len(board)} mezőt, "
                    "játékosonként egy táborral.", "P-03", "P-04", "P-06"))
    hands = {n: d.hands[0] for n, d in deals.items()}
    fields = {n: d.fields for n, d in deals.items()}
    out.append(line("setup:deal", f"Everyone is dealt {varying(hands, lambda k, l: f'{k} cards', 'en')} and has "
                    f"{varying(fields, lambda k, l: f'{k} bean fields', 'en')}; no field can be bought.",
                    f"Mindenki {varying(hands, lambda k, l: f'{k} lapot', 'hu')} kap, és "
                    f"{varying(fields, lambda k, l: f'{k} babföldje', 'hu')} van; babföldet nem lehet venni.",
                    "B-02", "P-02"))
    return out


def _turn(rs, options) -> list:
    r = _rules()
    prof = rs.profile(dealt(rs, min(rs.player_counts(options)), options).state)
    return [
        phase_line(rs, "camp", "before the first turn, the player on the start player's right picks a camp first, then "
                   "the others counter-clockwise; your camp is your first territory.",
                   "az első kör előtt a kezdőjátékos jobb oldali szomszédja választ elsőként tábort, utána a többiek az "
                   "óramutató járásával ellentétesen; a táborod az első területed.", "P-07", "P-08"),
        line("turn:start", "At the start of your turn your spent cavalry is ready again; with a gem field you turn up "
             "the top card of the deck: 6–12 becomes a coin.",
             "A köröd elején a legyőzött lovasságod újra bevethető; ha van gyémántmeződ, felcsapod a húzópakli felső "
             "lapját: a 6–12 értékű babtallér lesz.", "P-34", "P-42"),
        phase_line(rs, "plant", "plant the front card of your hand, then, if you like, the next one.",
                   "elülteted a kezed legelső lapját, aztán ha akarod, a következőt is.", "B-09", "B-10"),
        phase_line(rs, "trade", f"turn up {prof.reveal_n} cards, plus one per rice field you own, and trade as in the "
                   "base game.",
                   f"felcsapsz {prof.reveal_n} lapot, és minden rizsföldedért még egyet, aztán az alapjátékhoz hasonlóan "
                   "kereskedsz.", "B-13", "P-41"),
        phase_line(rs, "pending", "everyone plants the cards they received, you also the face-up cards left.",
                   "mindenki elülteti a kapott lapokat, te a megmaradt felfordított lapokat is.", "B-23"),
        phase_line(rs, "battle", "pay 1 coin per attack on a territory next to yours (or across a river, if you own a "
                   "forest). You fight with a hand card, the top card of the deck or a cavalry; the defender with a hand "
                   "card or the deck. The higher number wins; a tie goes to the defender. You end the step yourself.",
                   "támadásonként 1 babtallért fizetsz egy szomszédos (vagy, ha van erdőd, folyón túli) terület ellen. "
                   "Kézben tartott lappal, a húzópakli felső lapjával vagy lovassággal harcolsz; a védekező kézben tartott "
                   "lappal vagy a paklival. A nagyobb szám nyer, egyenlőségnél a védekező. A csatákat te fejezed be.",
                   "P-16", "P-17", "P-12", "P-13", "P-19", "P-20", "P-25", "P-49"),
        phase_line(rs, "cart", f"phase 4: you draw {prof.draw_n} cards plus one per village you own; with a cart they "
                   f"go onto it first and you take the same number into your hand, leaving {r.CART_SIZE} there.",
                   f"a 4. fázisban {prof.draw_n} lapot húzol, és minden falud után még egyet; ha van kordéd, előbb arra "
                   f"kerülnek, és ugyanennyit veszel a kezedbe, {r.CART_SIZE} a kordén marad.", "P-09", "P-40", "P-38"),
        line("turn:cart", f"On your turn, if you own a forest, you may buy a cart for {r.CART_PRICE} coins.",
             f"A saját körödben, ha van erdőd, {r.CART_PRICE} babtallérért kordét vehetsz.", "P-36"),
        line("turn:any-time", "At any moment, even in another player's turn, you may harvest a field.",
             "Bármikor, mások körében is, betakaríthatsz egy babföldet.", "B-31"),
    ]


def _end(rs, options) -> list:
    ends = {n: rs.profile(dealt(rs, n, options).state).end_at for n in rs.player_counts(options)}
    say = lambda k, lang: (f"a húzópakli {ordinal(k, lang)} kifogyásakor" if lang == "hu" else f"the {ordinal(k, lang)} time")  # noqa: E731
    return [
        line("end:passes", f"The game ends when the deck runs out {varying(ends, say, 'en')}, as in the base game; "
             "a battle under way is finished first.",
             f"A játék az alapjátékhoz hasonlóan {varying(ends, say, 'hu')} ér véget; a folyamatban lévő csatát még "
             "befejezik.", "P-09", "P-44", "P-45"),
        line("end:last-territory", "It also ends right after a battle in which a player loses their last territory.",
             "Akkor is véget ér, amikor egy játékos csatában elveszíti utolsó területét, közvetlenül a csata után.",
             "P-46"),
        line("phase:over", "Then the territories are counted.", "Ezután megszámolják a területeket.", "P-43"),
    ]


def _scoring(rs, options) -> list:
    scored = ", ".join(f"{TERRAINS[t].name('en')} {ter.vp}" for t, ter in TERRAINS.items() if ter.territory)
    scored_hu = ", ".join(f"{TERRAINS[t].name('hu')} {ter.vp}" for t, ter in TERRAINS.items() if ter.territory)
    rivers = [TERRAINS[t].name("en") for t, ter in TERRAINS.items() if not ter.territory]
    rivers_hu = [TERRAINS[t].name("hu") for t, ter in TERRAINS.items() if not ter.territory]
    tie = options["vp_tiebreak"]
    tie_en = ("players tied for most share the win" if tie == "shared"
              else "more coins after a final sale of the fields decides, then most cards in hand; still tied: shared")
    tie_hu = ("a holtversenyben lévők osztoznak a győzelmen" if tie == "shared"
              else "a babföldek végső eladása utáni több babtallér dönt, utána a több kézben tartott lap; ha még mindig "
                   "egyenlő, közös a győzelem")
    return [
        line("scoring:vp", f"Most victory points wins; coins don't count. Points per territory: {scored}; "
             f"a {', '.join(rivers)} is nobody's.",
             f"A legtöbb győzelmi pont nyer; a babtallér nem számít. Terület szerint: {scored_hu}; "
             f"{az(rivers_hu[0])} {', '.join(rivers_hu)} senkié.", "P-43", "P-47"),
        line("scoring:tie", f"Tie: {tie_en}.", f"Holtverseny esetén {tie_hu}.", "P-47"),
    ]


def _terrain(value: Any, lang: str) -> Optional[str]:
    """A terrain's name from its id (the ``without`` option)."""
    return TERRAINS[value].name(lang) if isinstance(value, str) and value in TERRAINS else None


def _positions(value: Any, lang: str) -> Optional[str]:
    """Camp positions given as a list of labels."""
    if isinstance(value, (list, tuple)) and value:
        return ("mezők: " if lang == "hu" else "positions ") + ", ".join(map(str, value))
    return None


def _layout(value: Any, lang: str) -> Optional[str]:
    """A fixed layout: say that it is fixed and how many positions it sets."""
    if isinstance(value, dict):
        n = len(value)
        return f"rögzített, {n} mező" if lang == "hu" else f"fixed, {n} position" + ("" if n == 1 else "s")
    return None


def _colours(value: Any, lang: str) -> Optional[str]:
    """Camp colours given as a list."""
    from .board import colour_name

    if isinstance(value, (list, tuple)):
        return ", ".join(colour_name(c, lang) for c in value) or ("egyik sem" if lang == "hu" else "none")
    return None


OPTIONS: dict[str, OptionText] = {
    "profile": OptionText("Base deck", "Alapjáték-pakli", ("B-01", "P-23"),
                          {"AMIGO_1997": ("the 1997 box, 8 bean types", "az 1997-es doboz, 8 babfajta")}),
    "start_seat": OptionText("Seat of the start player", "A kezdőjátékos helye", ("B-46",),
                             short=("Start player", "Kezdőjátékos"), say=seat_words),
    "same_type_fields": OptionText("May two of your fields grow the same bean type",
                                   "Nőhet-e ugyanaz a bab két babföldeden", ("B-08", "B-50"),
                                   {None: ("as the base game (yes)", "ahogy az alapjátékban (igen)")},
                                   ("One bean type in two fields", "Egy babfajta két babföldön")),
    "board": OptionText("Board", "Játéktér", ("P-10",), {"standard": ("the 19-hex board", "a 19 mezős játéktér")}),
    "camps": OptionText("Camp positions", "A táborok helye", ("P-06",),
                        {None: ("the board's, for the number of players", "a játéktér szerinti, a játékosszámhoz")},
                        say=_positions),
    "layout": OptionText("Board cards on the other positions", "Területkártyák a többi mezőn", ("P-06",),
                         {None: ("shuffled", "megkeverve")}, ("Other board cards", "A többi területkártya"), _layout),
    "removed_camps": OptionText("Camp colours back in the box", "Dobozban maradó táborszínek", ("P-03",),
                                {None: ("drawn at random", "sorsolással")}, ("Camps in the box", "Dobozban maradó táborok"),
                                _colours),
    "destruction": OptionText("Variant: a captured city is burned", "Változat: az elfoglalt várost felégetik", ("P-48",),
                              short=("Cities burned", "Városégetés")),
    "gem_reveals": OptionText("Gem fields turn up", "A gyémántmezők felcsapása", ("P-42",),
                              {"one": ("one card a turn", "körönként egy lap"),
                               "per_field": ("one card per gem field", "gyémántmezőnként egy lap")},
                              ("Gem fields", "Gyémántmezők")),
    "cart_in_battle": OptionText("A cart owner's battle card from the deck goes via the cart",
                                 "A kordé tulajdonosának csatához húzott paklilapja a kordén át megy", ("P-38",),
                                 short=("Battle card via the cart", "Csatalap a kordén át")),
    "cavalry_crosses_rivers": OptionText("Cavalry may cross rivers", "A lovasság átkelhet a folyón", ("P-13",)),
    "battle_after_final_reveal": OptionText("Battles after a game-ending reveal", "Csaták a játékot befejező felcsapás után",
                                            ("P-44",), short=("Battles after the last reveal", "Csata az utolsó felcsapás után")),
    "vp_tiebreak": OptionText("Equal victory points", "Egyenlő győzelmi pont", ("P-47",),
                              {"shared": ("a shared win", "közös győzelem"),
                               "coins": ("more coins after a final sale decides", "a végső eladás utáni több babtallér dönt")}),
    "without": OptionText("Strategy lab study: every territory of one terrain becomes a village (a forest for the village)",
                          "Stratégiai labor: egy tereptípus minden területe falu lesz (a falu helyett erdő)", ("P-06",),
                          {None: ("none, the usual board cards", "egyik sem, a szokásos területkártyák")},
                          ("Terrain replaced", "Lecserélt tereptípus"), _terrain),
}


GLOSSARY = tuple(base_terms("bean", "field", "beanometer", "harvest")) + (
    # The base wording says coins decide the winner; here they only pay (P-17, P-36, P-47).
    term("coin", "coin", "babtallér",
         "A harvested bean card turned face down on your coin stack. Here coins don't win: each attack costs one, a "
         "cart three.",
         "Betakarított babkártya, képpel lefelé a babtallérjaid között. Itt nem a babtallér dönt a győzelemről: minden "
         "támadás egybe kerül, a kordé háromba.", ("B-27", "P-17", "P-36", "P-47"), ("coins",), ("tallér",)),
) + tuple(base_terms("hand", "front-card", "plant", "lone-bean", "active-player", "turn", "phase", "face-up", "trade",
                     "pending", "draw", "deck", "discard", "deck-pass", "start-player")) + (
    term("board", "board and positions", "játéktér és mezők",
         "The hex map: positions, each holding one board card, and which positions are neighbours.",
         "A hatszöges térkép: mezők, mindegyiken egy területkártya, és hogy mely mezők szomszédosak.",
         ("P-04", "P-10"), ("map", "board", "graph", "position"), ("térkép", "játéktér", "mező", "gráf")),
    term("territory", "territory", "terület",
         "A board card that can be owned: every kind except the river. Owners mark it with their marker.",
         "Birtokolható területkártya: a folyó kivételével minden fajta. A tulajdonos a jelzőjével jelöli.",
         ("P-08", "P-11", "P-26"), ("territor", "owner", "marker", "token", "neutral"),
         ("terület", "tulajdonos", "jelző", "semleges")),
    term("camp", "camp", "tábor",
         "Your starting territory, in your colour; you choose it before the first turn.",
         "A kezdő területed, a te színedben; az első kör előtt választod ki.", ("P-07", "P-08"), ("camp",), ("tábor",)),
    term("village", "village", "falu",
         f"Each village you own adds a card to your phase-4 draw; it defends at least at {_T['village'].min_def}.",
         f"Minden falud eggyel több lapot ad a 4. fázisbeli húzáshoz; legalább {_T['village'].min_def} erővel védekezik.",
         ("P-40", "P-24"), ("village",), ("falu",)),
    term("city", "city", "város",
         f"Worth {_T['city'].vp} victory points; defends at least at {_T['city'].min_def}; cavalry can't attack it.",
         f"{_T['city'].vp} győzelmi pontot ér; legalább {_T['city'].min_def} erővel védekezik; lovasság nem támadhatja.",
         ("P-43", "P-24", "P-30"), ("city", "burned"), ("város", "feléget")),
    term("rice-field", "rice field", "rizsföld",
         "Each rice field you own adds a card to the cards you turn up in phase 2.",
         "Minden rizsföldeddel eggyel több lapot csapsz fel a 2. fázisban.", ("P-41",), ("rice",), ("rizsföld",)),
    term("forest", "forest", "erdő",
         f"Owning a forest lets you cross rivers and buy a cart; it defends at least at {_T['forest'].min_def}.",
         f"Erdővel átkelhetsz a folyókon és kordét vehetsz; legalább {_T['forest'].min_def} erővel védekezik.",
         ("P-13", "P-36", "P-24"), ("forest",), ("erdő",)),
    term("steppe", "steppe", "sztyeppe",
         "Whoever owns a steppe owns the cavalry of its horse colour.",
         "Akié a sztyeppe, azé a lovai színével egyező lovasság.", ("P-29", "P-35"), ("steppe",), ("sztyepp",)),
    term("gem-field", "gem field", "gyémántmező",
         "With a gem field you turn up the deck's top card at the start of your turn: a low card becomes a coin.",
         "Gyémántmezővel a köröd elején felcsapod a húzópakli felső lapját: a kis értékű babtallér lesz.",
         ("P-42",), ("gem",), ("gyémántmező",)),
    term("river", "river and river crossing", "folyó és átkelés",
         "A river is nobody's. If you own a forest, a river next to your territory carries your attack to every "
         "territory along it (and along rivers joined to it).",
         "A folyó senkié. Ha van erdőd, a területeddel szomszédos folyón átkelve megtámadhatod a mentén (és a hozzá "
         "kapcsolódó folyók mentén) fekvő területeket.",
         ("P-11", "P-13", "P-14"), ("river", "crossing", "via"), ("folyó", "átkel", "át:")),
    term("attack", "attack and battle", "támadás és csata",
         "In the battle step you pay a coin to attack a territory you can reach; both sides play a card and the higher "
         "number wins, a tie going to the defender.",
         "A csaták lépésében egy babtallérért megtámadhatsz egy elérhető területet; mindkét fél kijátszik egy lapot, a "
         "nagyobb szám nyer, egyenlőségnél a védekező.",
         ("P-16", "P-17", "P-19", "P-20", "P-25"),
         ("attack", "battle", "can attack", "targets", "defen", "wave", "face down"),
         ("támad", "megtámad", "csat", "védekez", "védeked", "védelem", "hullám", "célpont", "képpel lefelé")),
    term("strength", "battle strength and minimum defence", "harci erő és legkisebb védőerő",
         f"A bean card fights with its printed number, a cavalry with {CAVALRY_STRENGTH}; cities, forests and villages "
         "defend at least at a fixed number.",
         f"A babkártya a rajta lévő számmal harcol, a lovasság {CAVALRY_STRENGTH} erővel; a város, az erdő és a falu "
         "legalább egy adott erővel védekezik.", ("P-23", "P-24"), ("strength", "minimum"), ("erő", "minimum")),
    term("cavalry", "cavalry (ready or spent)", "lovasság (bevethető vagy legyőzött)",
         f"Fights with {CAVALRY_STRENGTH} in a first wave; if it loses it is spent and a second wave follows at once. "
         "Spent cavalry is ready again at the start of its owner's turn.",
         f"Első hullámban {CAVALRY_STRENGTH} erővel harcol; ha veszít, legyőzött lesz, és azonnal jön a második hullám. "
         "A legyőzött lovasság a tulajdonosa következő körének elején újra bevethető.",
         ("P-30", "P-31", "P-32", "P-34"), ("cavalry", "ready", "spent", "second wave"),
         ("lovasság", "bevethető", "legyőzött", "második hullám")),
    term("cart", "cart", "kordé",
         "Bought for coins if you own a forest; your phase-4 draw goes onto it and you pick the cards you take.",
         "Erdő birtokában babtallérért vehető; a 4. fázisbeli húzásod előbb rá kerül, és te választod ki, melyik "
         "lapokat veszed el.", ("P-36", "P-37", "P-38"), ("cart",), ("kordé",)),
    term("vp", "victory points (VP)", "győzelmi pont (GYP)",
         "What wins: points for the territories you own; coins only pay for attacks.",
         "Ez dönt a győzelemről: pontot a birtokolt területek érnek; a babtallér csak a támadásokat fizeti.",
         ("P-43", "P-47"), ("vp", "victory point", "score", "win", "tie", "game over", "end of the game"),
         ("gyp", "győzelmi pont", "pont", "győz", "nyer", "holtverseny", "vége a játéknak", "a játék vége")),
)


# -- the lists below the overview: every territory and card, questions decided ------------------


def _vp(t: str, lang: str) -> str:
    vp = _T[t].vp
    return f"{vp} győzelmi pont" if lang == "hu" else f"{vp} victory point" + ("" if vp == 1 else "s")


def _territories(prof) -> Reference:
    r = _rules()
    name = lambda t, lang: TERRAINS[t].name(lang)  # noqa: E731
    m = {t: ter.min_def for t, ter in TERRAINS.items()}
    texts = {
        "camp": (f"Your starting territory, in your colour; {_vp('camp', 'en')}, no ability and no minimum defence. "
                 "Losing it doesn't knock you out: you play on with your other territories.",
                 f"A kezdő területed, a te színedben; {_vp('camp', 'hu')}, nincs képessége és legkisebb védőereje. Ha "
                 "elveszíted, nem esel ki: a többi területeddel játszol tovább.",
                 ("P-08", "P-43", "P-46")),
        "village": (f"{_vp('village', 'en')}; defends at least at {m['village']}. Each village you own when your phase-4 "
                    f"draw starts adds one card to it, so you draw {prof.draw_n} plus your "
                    "villages, villages won in this turn's battles included.",
                    f"{_vp('village', 'hu')}; legalább {m['village']} erővel védekezik. Minden falu, amely a 4. fázisbeli "
                    f"húzásod kezdetekor a tiéd, eggyel több lapot ad, így {prof.draw_n} lapot és falvaid számát húzod, az ebben a "
                    "körben elfoglalt falvakat is beleértve.",
                    ("P-40", "P-24", "P-43")),
        "city": (f"{_vp('city', 'en')}; defends at least at {m['city']}: a lower defending card counts as {m['city']}. A "
                 "cavalry can't attack it. With the destruction variant a captured city is burned: from then on it is "
                 "a plain territory worth 1 point, without minimum defence and open to cavalry, and whoever burned it "
                 "gains a 1-point token for good.",
                 f"{_vp('city', 'hu')}; legalább {m['city']} erővel védekezik: a kisebb védő lap {dative(m['city'])} "
                 "számít. Lovasság nem támadhatja. A városégetős változatban az elfoglalt várost felégetik: attól "
                 "kezdve közönséges terület, 1 pontot ér, nincs legkisebb védőereje, a lovasság is támadhatja, aki "
                 "pedig felégette, végleg kap egy 1 pontos jelzőt.",
                 ("P-43", "P-24", "P-30", "P-48")),
        "rice_field": (f"{_vp('rice_field', 'en')}. Each rice field you own adds one card to the cards you turn up in "
                       f"phase 2, so you turn up {prof.reveal_n} plus your rice fields; all of them are traded or planted "
                       "as usual.",
                       f"{_vp('rice_field', 'hu')}. Minden rizsföldeddel eggyel több lapot csapsz fel a 2. fázisban, így "
                       f"{prof.reveal_n} lapot és rizsföldjeid számát csapod fel; mindegyiket a szokásos módon elcserélik vagy "
                       "elültetik.",
                       ("P-41", "P-43")),
        "forest": (f"{_vp('forest', 'en')}; defends at least at {m['forest']}; a cavalry can't attack it. Owning a forest "
                   "lets you attack across rivers and is needed to buy a cart.",
                   f"{_vp('forest', 'hu')}; legalább {m['forest']} erővel védekezik; lovasság nem támadhatja. Ha van "
                   "erdőd, a folyókon át is támadhatsz, és kordét csak erdővel vehetsz.",
                   ("P-24", "P-30", "P-13", "P-36")),
        "steppe": (f"{_vp('steppe', 'en')}. Its owner owns the cavalry of its horse colour, as it is (ready or spent); "
                   "whoever takes the steppe takes the cavalry.",
                   f"{_vp('steppe', 'hu')}. A tulajdonosáé a lovai színével egyező lovasság, abban az állapotban, "
                   "amelyben van (bevethető vagy legyőzött); aki elfoglalja a sztyeppét, a lovasságot is megkapja.",
                   ("P-29", "P-35", "P-43")),
        "river": ("Not a territory: nobody owns it, attacks it or scores for it. Without a forest it is a wall; with a "
                  "forest, a river next to one of your territories lets you attack every territory along it and along "
                  "the rivers joined to it.",
                  "Nem terület: senki sem birtokolhatja, támadhatja, és pontot sem ér. Erdő nélkül fal; ha van erdőd, a "
                  "területeddel szomszédos folyó mentén és a hozzá kapcsolódó folyók mentén fekvő minden területet "
                  "megtámadhatsz.",
                  ("P-11", "P-13", "P-14")),
        "gem_field": (f"{_vp('gem_field', 'en')}. At the start of your turn, before you plant, turn up the top card of "
                      "the deck: a card of 6 to 12 becomes a coin on your stack, 14 to 20 goes onto the discard pile. "
                      "One card a turn, however many gem fields you own.",
                      f"{_vp('gem_field', 'hu')}. A köröd elején, az ültetés előtt felcsapod a húzópakli felső lapját: "
                      "a 6–12 értékű babtallér lesz a babtallérjaid között, a 14–20 értékű a dobott lapok közé kerül. "
                      "Körönként egy lap, akárhány gyémántmeződ van.",
                      ("P-42", "P-43")),
    }
    missing = [t for t in TERRAINS if t not in texts]
    if missing:
        raise KeyError(f"terrains without their text on the page: {missing}")
    entries = [entry(f"terrain:{t}", name(t, "en").capitalize(), name(t, "hu").capitalize(), *texts[t][:2],
                     *texts[t][2]) for t in TERRAINS]
    entries += [
        entry("card:cart", "Cart", "Kordé",
              f"Not a territory but your own card. If you own a forest you may buy one, once, for {r.CART_PRICE} coins on "
              f"your own turn, outside battles and draws; the top {r.CART_SIZE} deck cards go onto it. Your phase-4 "
              "draw then goes onto the cart first: you look at all its cards, take as many as you drew into your hand "
              f"in the order you like, and {r.CART_SIZE} stay on it. Cart cards are not hand cards, are never "
              "reshuffled and are worth nothing at the end. You keep the cart even if you lose your forests.",
              f"Nem terület, hanem a saját kártyád. Ha van erdőd, a saját körödben, csatán és húzáson kívül egyszer "
              f"vehetsz egyet {r.CART_PRICE} babtallérért; a húzópakli felső {r.CART_SIZE} lapja rákerül. A 4. "
              "fázisbeli húzásod ettől kezdve előbb a kordéra kerül: megnézed az összes lapját, annyit veszel a "
              f"kezedbe, ahányat húztál, tetszőleges sorrendben, és {r.CART_SIZE} rajta marad. A kordé lapjai nem "
              "kézben tartott lapok, sosem keverik vissza őket, és a végén nem érnek semmit. A kordé akkor is a tiéd "
              "marad, ha elveszíted az erdőidet.",
              "P-36", "P-37", "P-38", "P-39"),
        entry("card:cavalry", "Cavalry", "Lovasság",
              f"Belongs to whoever owns the steppe of its colour. It attacks with strength {CAVALRY_STRENGTH}, never a "
              "forest or a city. If it wins, the territory is taken and the cavalry stays ready: it may attack again "
              "this turn, each attack paying its own coin. If it loses, it is spent and a second wave follows at once, "
              "without another coin: you play a hand card or the deck card, the defender a new card, and that wave "
              "decides. Spent cavalry is ready again at the start of its owner's turn.",
              f"Azé, akié a vele egyező színű sztyeppe. {CAVALRY_STRENGTH} erővel támad, erdőt és várost soha. Ha "
              "győz, a terület az övé, és a lovasság bevethető marad: ebben a körben újra támadhat, minden támadásért "
              "külön babtallért fizetve. Ha veszít, legyőzött lesz, és azonnal jön a második hullám, újabb babtallér "
              "nélkül: kézben tartott lapot vagy a pakli lapját játszod ki, a védekező új lapot, és ez a hullám dönt. "
              "A legyőzött lovasság a tulajdonosa körének elején újra bevethető.",
              "P-29", "P-30", "P-31", "P-32", "P-33", "P-34"),
    ]
    return reference_list("territories", "The territories and the other cards", "A területek és a többi kártya",
                          entries)


def _decided() -> Reference:
    return reference_list("decided", DECIDED["en"], DECIDED["hu"], [
        entry("decided:attack-again", "May a territory be attacked again after a failed attack?",
              "Megtámadható-e újra egy terület egy sikertelen támadás után?",
              "Yes. A failed attack changes nothing and its coin is not given back, but the battle step goes on: you may "
              "attack the same territory again, as often as you can pay a coin for each attack. (Whatever the outcome "
              "of a battle, the rule book lets the active player start more attacks.) Only a cavalry that lost its "
              "first wave is spent for the rest of the turn.",
              "Igen. A sikertelen támadás semmin sem változtat, és a kifizetett babtallért sem kapod vissza, de a "
              "csaták lépése folytatódik: ugyanazt a területet újra megtámadhatod, ahányszor csak minden támadásért ki "
              "tudsz fizetni egy babtallért. (A szabálykönyv szerint a csata kimenetelétől függetlenül az aktív "
              "játékos újabb támadásokat indíthat.) Csak az első hullámban vesztes lovasság legyőzött a kör végéig.",
              "P-18", "P-27", "P-49", "P-32"),
    ])


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The lists on the page below the overview: every territory and the other cards, in full,
    and the questions the rules decide."""
    from .rules import Bohnaparte

    rs = Bohnaparte()
    opts = rs.check_options(dict(options or {}))
    prof = rs.profile(dealt(rs, min(rs.player_counts(opts)), opts).state)
    return (_territories(prof), _decided())


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """Bohnaparte at a glance for ``options`` (default: what a new game uses)."""
    from .rules import Bohnaparte

    rs = Bohnaparte()
    opts = rs.check_options(dict(options or {}))
    return Overview(rs.name, game_title(rs), opts, (
        section("box", _box(rs, opts)),
        section("players", _players(rs, opts)),
        section("turn", _turn(rs, opts)),
        section("end", _end(rs, opts)),
        section("scoring", _scoring(rs, opts)),
        section("options", option_lines(rs, opts, OPTIONS), teacher=how_to_change(rs.name, "destruction=True")),
    ), GLOSSARY)
