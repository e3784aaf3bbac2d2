"""Rabohnzel at a glance, and its glossary (see :mod:`beannb.games.bohnanza.overview`).

Built from Rabohnzel's tables: the beans and potions (``cards.py``), the profiles per
player count (deck passes, cards turned up and drawn), what setup deals, the phases and
the field abilities' names (``text.py``) and the options.

>>> ov = overview()
>>> [ln.text["en"] for ln in ov.section("end").lines if ln.key == "end:passes"][0][:60]
'The game ends when the deck runs out the 3rd time with 3 pla'
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..bohnanza.overview import (
    OptionText, Overview, game_title, SHARED, TIE_BREAKS, az, base_terms, dealt, how_to_change, line, option_lines, ordinal,
    phase_line, players, seat_words, section, term, varying,
)
from .cards import ABILITY_BEANS, CARDS, POTIONS, RABOHNZEL_BEANS

#: What each ability bean's field does in the magic phase, in a few words (R-27…R-36).
ABILITIES: dict[str, tuple[str, str]] = {
    "thief": ("steals a co-player's rearmost hand card", "ellopja egy játékostárs leghátsó kézben tartott lapját"),
    "mean": ("calls for a coin reveal: co-players lose the revealed coin unless it is of the most common type",
             "babtallér-felcsapást rendel el: a játékostársak elveszítik a felcsapott babtallért, ha nem a "
             "leggyakoribb fajtából való"),
    "white": ("draws a card", "húz egy lapot"),
    "mage": ("activates potions", "bájitalt aktivál"),
    "sword": ("attacks a co-player's coins", "megtámadja egy játékostárs babtallérjait"),
}


def _profiles():
    from .rules import PROFILES

    return PROFILES


def _box(rs) -> list:
    beans = RABOHNZEL_BEANS
    total = sum(b.count for b in beans)
    pots = list(POTIONS.values())
    return [
        line("box:deck", f"{total} bean cards of {len(beans)} types: " + ", ".join(f"{b.en} {b.count}" for b in beans)
             + ". The rule book prints no beanometers: the ones shown are assumed.",
             f"{total} babkártya, {len(beans)} fajta: " + ", ".join(f"{b.hu} {b.count}" for b in beans)
             + ". A szabálykönyv nem közli a babmércéket: az itt látottak feltételezettek.", "R-01"),
        line("box:potions", f"{len(pots)} potion cards, each worth bean pennies: "
             + ", ".join(f"{p.en} {p.pennies}" for p in pots) + ".",
             f"{len(pots)} bájitalkártya, mindegyik babfillért ér: " + ", ".join(f"{p.hu} {p.pennies}" for p in pots) + ".",
             "R-02"),
        line("box:round-card", "The round card shows which pass of the deck is under way.",
             "A fordulókártya mutatja, hányadik pakli fogy éppen.", "R-08"),
    ]


def _players(rs, options) -> list:
    counts = rs.player_counts(options)
    deals = {n: dealt(rs, n, options) for n in counts}
    hands = {n: d.hands[0] for n, d in deals.items()}
    fields = {n: d.fields for n, d in deals.items()}
    pots = {n: len(d.state.potions[0]) for n, d in deals.items()}
    return [
        line("players", f"{players(counts, 'en')}.", f"{players(counts, 'hu')}.", "R-03"),
        line("setup:deal", f"Everyone is dealt {varying(hands, lambda k, l: f'{k} cards', 'en')} and has "
             f"{varying(fields, lambda k, l: f'{k} bean fields', 'en')}; a 3rd field can never be bought.",
             f"Mindenki {varying(hands, lambda k, l: f'{k} lapot', 'hu')} kap, és "
             f"{varying(fields, lambda k, l: f'{k} babföldje', 'hu')} van; 3. babföldet sosem lehet venni.",
             "R-06", "R-07"),
        line("setup:potions", f"Everyone gets {varying(pots, lambda k, l: f'{k} potion', 'en')} face down; the rest "
             "form the potion deck. Whoever holds the potion worth most bean pennies shows it and starts.",
             f"Mindenki {varying(pots, lambda k, l: f'{k} bájitalt', 'hu')} kap képpel lefelé; a többiből lesz a "
             "bájitalpakli. Akinél a legtöbb babfillért érő bájital van, megmutatja, és ő kezd.", "R-04", "R-05"),
    ]


def _turn(rs) -> list:
    prof = next(iter(_profiles().values()))
    abil_en = "; ".join(f"{CARDS.name(b, 'en')} {ABILITIES[b][0]}" for b in ABILITY_BEANS)
    abil_hu = "; ".join(f"{az(CARDS.name(b, 'hu'))} {CARDS.name(b, 'hu')} {ABILITIES[b][1]}" for b in ABILITY_BEANS)
    none_en = " and ".join(CARDS.name(b.id, "en") for b in RABOHNZEL_BEANS if b.id not in ABILITY_BEANS)
    none_hu = " és ".join(f"{az(CARDS.name(b.id, 'hu'))} {CARDS.name(b.id, 'hu')}" for b in RABOHNZEL_BEANS
                          if b.id not in ABILITY_BEANS)
    return [
        phase_line(rs, "plant", "plant the front card of your hand, then, if you like, the next one.",
                   "elülteted a kezed legelső lapját, aztán ha akarod, a következőt is.", "B-09", "B-10"),
        phase_line(rs, "magic", f"each of your fields may use its ability once: {abil_en}; {none_en} have none. You may "
                   "also play mage beans from your hand to activate potions. Only you start actions; the others answer.",
                   f"mindegyik babföldeden egyszer használhatod a babok képességét: {abil_hu}; {none_hu} "
                   "képesség nélküli. A kezedből mágusbabot is kijátszhatsz bájital aktiválására. Csak te kezdeményezel, "
                   "a többiek válaszolnak.", "R-09", "R-10", "R-11", "R-20", "R-26", "R-27", "R-31", "R-32",
                   "R-33", "R-35", "R-36"),
        phase_line(rs, "trade", f"turn up {prof.reveal_n} cards and trade with the others, as in the base game.",
                   f"felcsapsz {prof.reveal_n} lapot, és az alapjátékhoz hasonlóan kereskedsz a többiekkel.",
                   "B-13", "B-14"),
        phase_line(rs, "pending", "everyone plants the cards they received, you also the face-up cards left.",
                   "mindenki elülteti a kapott lapokat, te a megmaradt felfordított lapokat is.", "B-23", "B-22"),
        phase_line(rs, "draw", f"draw {prof.draw_n} cards to the back of your hand.",
                   f"húzol {prof.draw_n} lapot a kezed végére.", "B-25"),
        phase_line(rs, "end", "only the teleport may still be drunk; then your turn ends and your face-up potions turn "
                   "face down.",
                   "már csak a teleportot lehet meginni; aztán véget ér a köröd, és a felfordított bájitalaid "
                   "képpel lefelé fordulnak.", "R-19", "R-17"),
        line("turn:potions", "Potions: an activation turns a face-down potion face up; you drink a face-up potion only "
             "in your own turn, doing what it says.",
             "Bájitalok: az aktiválás egy képpel lefelé lévő bájitalt felfordít; felfordított bájitalt csak a saját "
             "körödben ihatsz meg, és azt teszed, amit ír.", "R-14", "R-15", "R-16"),
        line("turn:any-time", "At any moment, even in another player's turn, you may harvest a field.",
             "Bármikor, mások körében is, betakaríthatsz egy babföldet.", "R-09", "B-31"),
    ]


def _end(rs, options) -> list:
    profs = _profiles()
    ends = {n: profs[n].end_at for n in rs.player_counts(options)}
    say = lambda k, lang: (f"a húzópakli {ordinal(k, lang)} kifogyásakor" if lang == "hu" else f"the {ordinal(k, lang)} time")  # noqa: E731
    return [
        line("end:passes", f"The game ends when the deck runs out {varying(ends, say, 'en')}; the round card counts "
             "the passes. Until then the discards are shuffled into a new deck.",
             f"A játék {varying(ends, say, 'hu')} ér véget; a fordulókártya számolja a kifogyásokat. Addig a dobott "
             "lapokat megkeverve új húzópakli lesz.", "R-08", "B-38"),
        line("end:last-pass", "As in the base game, phases 2 and 3 are finished and phase 4 is skipped; draws by white "
             "beans and the trade spell count too.",
             "Az alapjátékhoz hasonlóan a 2. és 3. fázist befejezik, a 4. kimarad; a fehérbab és a kereskedelmi varázs "
             "húzásai is számítanak.", "R-67"),
        line("phase:over", "Then every field is harvested and potions held through the luck spell go back.",
             "Ezután minden babföldet betakarítanak, a szerencsevarázzsal kapott bájitalok pedig visszakerülnek.",
             "B-41", "R-70"),
    ]


def _scoring(rs, options) -> list:
    pennies = sum(p.pennies for p in POTIONS.values())
    tie = options["tie_break"]
    return [
        line("scoring:coins", "Most coins wins.", "Az nyer, akinek a legtöbb babtallérja van.", "R-68"),
        line("scoring:tie", "Tie: the player with more bean pennies on their potions wins (face up or down); "
             f"then {TIE_BREAKS[tie]['en']}; {SHARED['en']}.",
             "Holtverseny esetén az nyer, akinek a bájitalain több babfillér van (akár képpel felfelé, akár lefelé "
             f"fekszenek); ha ez is egyenlő, {TIE_BREAKS[tie]['hu']}; {SHARED['hu']}.", "R-68", "B-47"),
        line("scoring:pennies", f"All potions together are worth {pennies} bean pennies, less than one coin, so pennies "
             "only ever break ties.",
             f"Az összes bájital együtt {pennies} babfillért ér, kevesebbet egy babtallérnál, ezért a babfillér "
             "csak holtversenyt dönthet el.", "R-69"),
    ]


def _potion(value: Any, lang: str) -> Optional[str]:
    """A potion's name from its id (the ``without`` option)."""
    return POTIONS[value].name(lang) if isinstance(value, str) and value in POTIONS else None


def _beanometers(value: Any, lang: str) -> Optional[str]:
    """Replaced beanometer rows: which beans' rows (the ``beanometers`` option)."""
    if isinstance(value, dict) and value:
        names = ", ".join(CARDS.name(b, lang) if b in CARDS.beans else str(b) for b in value)
        return f"saját babmérce: {names}" if lang == "hu" else f"own rows for {names}"
    return None


OPTIONS: dict[str, OptionText] = {
    "start_seat": OptionText("Seat of the start player", "A kezdőjátékos helye", ("R-05",),
                             {None: ("the holder of the highest potion", "akinél a legértékesebb bájital van")},
                             ("Start player", "Kezdőjátékos"), seat_words),
    "counter_attack": OptionText("A drawn sword coin makes the defender counter-attack",
                                 "Kardbab-tallér húzásakor a megtámadott visszatámad", ("R-38",),
                                 {"automatic": ("automatically", "automatikusan"),
                                  "optional": ("if the defender wants to", "ha akar")},
                                 ("Counter-attack", "Visszatámadás")),
    "magic_added_cards_count": OptionText("Cards added to a field in this magic phase count for thresholds",
                                          "A varázsfázisban babföldre tett lapok beszámítanak a küszöbökbe", ("R-25",),
                                          short=("Cards added in the magic phase count",
                                                 "A varázsfázisban tett lapok számítanak")),
    "trade_discard": OptionText("With the trade spell, the kept face-up cards that may be discarded",
                                "A kereskedelmi varázs után eldobható megtartott felfordított lapok", ("R-54",),
                                {"any": ("any of them", "bármelyik"), "third_only": ("only the third card", "csak a harmadik lap")},
                                ("Discards after the trade spell", "Eldobható a kereskedelmi varázs után")),
    "chasm_at_end": OptionText("The final sale of 2+ chasm beans draws a potion",
                               "A végső eladáskor 2+ szakadékbab bájitalt hoz", ("R-29",),
                               short=("Chasm beans at the end", "Szakadékbab a végén")),
    "tie_break": OptionText("Tie-break after coins and bean pennies", "Döntő szabály a babtallér és a babfillér után",
                            ("R-68", "B-47"),
                            {"HAND_CARDS": ("most cards in hand", "a legtöbb kézben tartott lap"),
                             "FARTHEST_CLOCKWISE": ("farthest clockwise from the start player",
                                                    "a kezdőjátékostól óramutató szerint legtávolabb ülő")},
                            ("Tie-break", "Döntő szabály")),
    "beanometers": OptionText("Beanometers", "Babmércék", ("R-01",),
                              {None: ("the assumed table", "a feltételezett táblázat")}, say=_beanometers),
    "without": OptionText("Strategy lab study: one potion left out of the game",
                          "Stratégiai labor: egy bájital kimarad a játékból", ("R-02", "R-04"),
                          {None: ("none, every potion is in play", "egyik sem, minden bájital játékban van")},
                          ("Potion left out", "Kimaradó bájital"), _potion),
}


GLOSSARY = tuple(base_terms("bean", "field", "beanometer", "harvest", "coin", "hand", "front-card", "plant",
                            "lone-bean", "active-player", "turn", "phase", "face-up", "trade", "pending", "draw", "deck",
                            "discard", "deck-pass", "final-sale", "start-player")) + (
    term("round-card", "round card", "fordulókártya",
         "Shows which pass of the deck is under way; the game ends at a pass that depends on the number of players.",
         "Azt mutatja, hányadik pakli fogy éppen; a játék a játékosok számától függő kifogyáskor ér véget.",
         ("R-08",), ("round",), ("forduló",)),
    term("magic-phase", "magic phase (phase 1.5)", "varázsfázis (1,5. fázis)",
         "Between planting and trading: the active player uses field abilities, plays mage beans and drinks potions.",
         "Az ültetés és a kereskedés között: az aktív játékos használja a babföldek képességét, mágusbabot játszik ki "
         "és bájitalt iszik.", ("R-09", "R-10"), ("magic",), ("varázsfázis", "varázslás")),
    term("ability", "field ability", "babföld képessége",
         "What a field of thief, mean, white, mage or sword beans does once per magic phase; chasm and princess have none.",
         "Amit a szedő-, aljas-, fehér-, mágus- vagy kardbabos babföld varázsfázisonként egyszer megtehet; a "
         "szakadék- és a hercegnőbabnak nincs képessége.",
         ("R-20", "R-26", "R-36"), ("ability", "abilities", "use field", "steals", "attack", "draws a card"),
         ("képesség", "lopni", "megtámad")),
    term("potion", "potion", "bájital",
         "A card worth bean pennies with a spell. Face down it waits; activated (face up) it can be drunk in your turn.",
         "Babfillért érő, varázslatot adó kártya. Képpel lefelé vár; aktiválva (felfordítva) a saját körödben megihatod.",
         ("R-02", "R-14", "R-15"), ("potion", "drink", "spell", "teleport", "card flow", "face down"),
         ("bájital", "varázs", "teleport", "kártyafolyam", "elfogyaszt", "képpel lefelé")),
    term("assumed", "assumed beanometers", "feltételezett babmércék",
         "The rule book prints no beanometers; the ones used are an assumption and can be replaced with the "
         "beanometers option.",
         "A szabálykönyv nem közli a babmércéket; az itt használtak feltételezések, a beanometers beállítással "
         "lecserélhetők.", ("R-01",), ("assumed",), ("feltételezett",)),
    term("activate", "activation", "aktiválás",
         "Turning one face-down potion face up, by a mage field, a mage bean from the hand or a mage coin.",
         "Egy képpel lefelé lévő bájital felfordítása mágusbabföld, a kézből kijátszott mágusbab vagy mágusbab-tallér "
         "révén.", ("R-11", "R-14", "R-35"), ("activat",), ("aktivál",)),
    term("pennies", "bean pennies", "babfillér",
         "The value printed on a potion. More pennies wins a tie on coins; pennies never outweigh a coin.",
         "A bájitalon lévő érték. Babtallér-egyenlőségnél a több babfillér nyer; egy babtallérnál sosem ér többet.",
         ("R-02", "R-68", "R-69"), ("penny", "pennies"), ("babfillér", "fillér")),
    term("potion-deck", "potion deck", "bájitalpakli",
         "The face-down potions nobody holds; chasm harvests and the luck spell draw from it.",
         "A senkinél sem lévő, képpel lefelé fekvő bájitalok; a szakadékbab-betakarítás és a szerencsevarázs ebből húz.",
         ("R-04", "R-29", "R-64"), ("potion deck",), ("bájitalpakli",)),
    term("coin-reveal", "coins with hidden beans", "rejtett babtallérok",
         "Coins lie face down: their bean shows only when one is drawn in an attack or revealed for mean beans.",
         "A babtallérok képpel lefelé fekszenek: babjuk csak akkor látszik, ha támadáskor kihúzzák vagy aljasbab miatt "
         "felcsapják.", ("R-31", "R-36", "R-71"), ("coin reveal", "coins (beans hidden)", "resolve"),
         ("felcsap", "rejtett bab", "végrehajt")),
    term("counter-attack", "counter-attack", "visszatámadás",
         "When a sword attack draws a sword coin, the defender attacks back, with no sword field needed.",
         "Ha a kardtámadás kardbab-tallért húz, a megtámadott visszatámad, kardbabföld nélkül is.",
         ("R-38", "R-39"), ("counter",), ("visszatámad",)),
    term("enchanted", "enchanted bean", "elbájolt bab",
         "A lone bean that the enchant-beans potion turned into another type; it never becomes a coin.",
         "Egyetlen bab, amelyet a Babok elbájolása más fajtává változtatott; babtallér sosem lesz belőle.",
         ("R-58", "R-59", "R-60"), ("enchant",), ("elbájol",)),
    term("place", "placing a taken card", "a szerzett lap helye",
         "A card just stolen or drawn by four white beans goes to the back of your hand or straight into a field.",
         "Az imént ellopott vagy négy fehérbabbal húzott lap a kezed végére kerül, vagy azonnal egy babföldre.",
         ("R-28", "R-34"), ("place", "keep in hand", "into field", "where the card goes"),
         ("a lap helye", "kézben marad", "babföldre", "hová kerül")),
    term("winner", "winner and tie-break", "győztes és holtverseny",
         "Most coins wins; on a tie, more bean pennies; then the base tie-break; then the win is shared.",
         "A legtöbb babtallér nyer; egyenlőségnél a több babfillér; utána az alapjáték döntő szabálya; végül megosztott "
         "a győzelem.", ("R-68",), ("win", "score", "tie", "game over", "end of the game"),
         ("győz", "nyer", "pont", "holtverseny", "vége a játéknak", "a játék vége")),
)


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """Rabohnzel at a glance for ``options`` (default: what a new game uses)."""
    from .rules import Rabohnzel

    rs = Rabohnzel()
    opts = rs.check_options(dict(options or {}))
    return Overview(rs.name, game_title(rs), opts, (
        section("box", _box(rs)),
        section("players", _players(rs, opts)),
        section("turn", _turn(rs)),
        section("end", _end(rs, opts)),
        section("scoring", _scoring(rs, opts)),
        section("options", option_lines(rs, opts, OPTIONS), how_to_change(rs.name, 'counter_attack="optional"')),
    ), GLOSSARY)
