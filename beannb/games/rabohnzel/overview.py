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
    DECIDED, OptionText, Overview, Reference, game_title, SHARED, TIE_BREAKS, az, base_terms, dealt, entry, how_to_change,
    line, option_lines, ordinal, phase_line, players, reference_list, seat_words, section, term, varying,
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


# -- the lists below the overview: abilities, sword results, potions, questions decided ----------


def _name(bean: str, lang: str) -> str:
    return CARDS.name(bean, lang)


def _abilities() -> Reference:
    order_en = ", ".join(f"{b.en.lower()} {b.count}" for b in sorted(RABOHNZEL_BEANS, key=lambda b: -b.count))
    order_hu = ", ".join(f"{b.hu} {b.count}" for b in sorted(RABOHNZEL_BEANS, key=lambda b: -b.count))
    n = lambda b: _name(b, "hu").capitalize()  # noqa: E731
    e = lambda b: _name(b, "en")  # noqa: E731
    return reference_list("abilities", "What each bean does in the magic phase", "A babok képessége a varázsfázisban", [
        entry("ability:thief", f"{e('thief')} (1 bean or more)", f"{n('thief')} (már 1 babbal)",
              "Take the rearmost hand card of a co-player who holds at least one card. Put it at the back of your hand, "
              "into an empty field (you may harvest first to empty one), where it starts a new field that may use its "
              "ability at once, or onto a field of its type.",
              "Elveszed egy olyan játékostársad leghátsó kézben tartott lapját, akinek van lapja. A kezed végére "
              "teszed, üres babföldre (előtte betakaríthatsz, hogy legyen üres), ahol új babföldet kezd, amelynek "
              "képessége azonnal hathat, vagy egy ugyanilyen babot termő babföldre.",
              "R-27", "R-28", "R-22"),
        entry("ability:chasm", f"{e('chasm')} (no ability)", f"{n('chasm')} (nincs képessége)",
              "No ability. But whoever harvests 2 or more chasm beans, at any time, draws one potion from the potion "
              "deck, face down (none if the potion deck is empty).",
              "Nincs képessége. Aki viszont 2 vagy több szakadékbabot takarít be, bármikor, húz egy bájitalt a "
              "bájitalpakliból, képpel lefelé (ha a bájitalpakli üres, nem kap).",
              "R-26", "R-29"),
        entry("ability:mean", f"{e('mean')} (4 beans or more; 1 with the attack spell)",
              f"{n('mean')} (legalább 4 babbal; a támadóvarázzsal már 1-gyel)",
              "Every co-player who has coins shuffles them and turns up one; you turn up none. Among the turned-up "
              f"coins, those whose bean type has the most cards ({order_en}) stay with their owners, ties included; "
              "every other turned-up coin goes onto the discard pile. You may use it even when nobody has coins.",
              "Minden játékostársad, akinek van babtallérja, megkeveri őket, és felcsap egyet; te nem csapsz fel. A "
              "felcsapott babtallérok közül azok, amelyeknek a babfajtájából a legtöbb lap van "
              f"({order_hu}), a gazdájuknál maradnak, holtverseny esetén mind; minden más felcsapott babtallér a dobott "
              "lapok közé kerül. Akkor is használhatod, ha senkinek sincs babtallérja.",
              "R-30", "R-31", "R-32"),
        entry("ability:white", f"{e('white')} (1 bean or more; 4 to plant)", f"{n('white')} (már 1 babbal; ültetéshez 4)",
              "Draw the top card of the deck to the back of your hand (with an empty deck you draw nothing). With at "
              "least 4 white beans you may plant that very card at once, into an empty field or onto a field of its "
              "type; only harvests may come in between.",
              "A húzópakli felső lapját a kezed végére húzod (üres pakliból nem húzol semmit). Legalább 4 fehérbabbal "
              "ezt a lapot azonnal el is ültetheted üres babföldre vagy ugyanilyen babot termő babföldre; közben csak "
              "betakarítás jöhet.",
              "R-33", "R-34"),
        entry("ability:mage", f"{e('mage')} (1 bean or more; 4 for two potions)", f"{n('mage')} (már 1 babbal; két bájitalhoz 4)",
              "Turn one of your face-down potions face up (activate it); with at least 4 mage beans, two different "
              "ones. You may use it with no face-down potion: the activations you can't use are lost. Mage beans "
              "played from the hand also activate potions, one each.",
              "Egy képpel lefelé lévő bájitalodat felfordítod (aktiválod); legalább 4 mágusbabbal két különbözőt. "
              "Képpel lefelé lévő bájital nélkül is használhatod: a fel nem használható aktiválások elvesznek. A "
              "kézből kijátszott mágusbabok is aktiválnak, mindegyik egy bájitalt.",
              "R-35", "R-11"),
        entry("ability:princess", f"{e('princess')} (no ability)", f"{n('princess')} (nincs képessége)",
              "No ability; princess beans pay better than the beans with an ability.",
              "Nincs képessége; a hercegnőbab jobban fizet a képességgel rendelkező baboknál.",
              "R-26", "R-01"),
        entry("ability:sword", f"{e('sword')} (1 bean or more)", f"{n('sword')} (már 1 babbal)",
              "Attack a co-player who has at least one coin: they shuffle their coins and you draw one (two with the "
              "attack spell: you resolve exactly one and the other goes back). What happens depends on the drawn "
              "coin's bean, as the next entries say.",
              "Megtámadsz egy játékostársat, akinek van legalább egy babtallérja: megkeveri a babtallérjait, és te húzol "
              "közülük egyet (a támadóvarázzsal kettőt: pontosan az egyiket hajtod végre, a másik visszakerül). Hogy mi "
              "történik, a kihúzott babtallér babjától függ, ahogy a következő bejegyzések mondják.",
              "R-36", "R-46"),
        entry("sword:princess", "Sword attack, a princess coin drawn", "Kardtámadás, hercegnőbab-tallér",
              "“Rabohnzel is freed”: the coin moves from the defender to the attacker.",
              "„Rabohnzel kiszabadul”: a babtallér a megtámadottól a támadóhoz kerül.",
              "R-37"),
        entry("sword:sword", "Sword attack, a sword coin drawn", "Kardtámadás, kardbab-tallér",
              "The coin stays with the defender, who counter-attacks the attacker at once, with no sword field needed: "
              "the attacker shuffles their coins and the defender draws one, with these same results the other way "
              "round, so a chain may follow. Against a player with no coins nothing happens; when both players' coins "
              "are all sword beans, the chain stops.",
              "A babtallér a megtámadottnál marad, aki azonnal visszatámad, kardbabföld nélkül is: a támadó megkeveri a "
              "babtallérjait, és a megtámadott húz közülük egyet, ugyanezekkel a következményekkel fordított "
              "szerepekben, így lánc is kialakulhat. Babtallér nélküli játékos ellen nem történik semmi; ha mindkettejük "
              "babtallérjai mind kardbabok, a lánc véget ér.",
              "R-38", "R-39"),
        entry("sword:thief", "Sword attack, a thief coin drawn", "Kardtámadás, szedőbab-tallér",
              "The coin stays with the defender, who takes the attacker's rearmost hand card and shows it to everyone, "
              "then keeps it at the back of their hand or plants it at once (harvesting first if needed); a field "
              "started that way has already used its ability.",
              "A babtallér a megtámadottnál marad, aki elveszi a támadó leghátsó kézben tartott lapját, és mindenkinek "
              "megmutatja, aztán a keze végére teszi, vagy azonnal elülteti (ha kell, előbb betakarít); az így kezdett "
              "babföld képességét már felhasználtnak kell tekinteni.",
              "R-40", "R-41"),
        entry("sword:mage", "Sword attack, a mage coin drawn", "Kardtámadás, mágusbab-tallér",
              "The coin stays with the defender, and the attacker of that step may turn one of their face-down potions "
              "face up. In a counter-attack that attacker is the player who was attacked, outside their own turn: the "
              "potion then stays face up until the end of their next own turn, and they may drink it only in that turn.",
              "A babtallér a megtámadottnál marad, az adott lépés támadója pedig aktiválhatja (felfordíthatja) egy "
              "képpel lefelé lévő bájitalát. Visszatámadáskor ez a támadó a megtámadott játékos, aki nem a saját körében "
              "van: a bájital ekkor a következő saját köre végéig képpel felfelé marad, és csak abban a körben "
              "fogyaszthatja el.",
              "R-42", "R-43"),
        entry("sword:other", "Sword attack, a chasm, mean or white coin drawn",
              "Kardtámadás, szakadék-, aljas- vagy fehérbab-tallér",
              "The coin stays with the defender and nothing happens.",
              "A babtallér a megtámadottnál marad, és nem történik semmi.",
              "R-44"),
    ], {"en": f"Only the active player uses field abilities, in the magic phase, each field at most once; a field "
              f"harvested and planted again is a new field. Bean types from the most cards to the fewest: {order_en}.",
        "hu": f"A babföldek képességét csak az aktív játékos használja, a varázsfázisban, mindegyiket legfeljebb egyszer; a "
              f"betakarított és újra beültetett babföld új babföldnek számít. A babfajták a legtöbb laptól a "
              f"legkevesebbig: {order_hu}."})


#: Each potion's full text, in our words from the rule book (seed 003, spec rabohnzel.md §4),
#: with the rules that state it; R-15 to R-18 hold for every potion.
POTION_TEXTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "attack": (
        "Drink it together with one use of your mean or sword field (never with a counter-attack). Mean beans then "
        "work from 1 bean instead of 4; a sword attack draws 2 coins (1 if the defender has only one), and you resolve "
        "exactly one of them while the other goes back to the defender with no effect. One potion changes one attack.",
        "Az aljasbab- vagy kardbabföld egy használatával együtt fogyasztod el (visszatámadáskor soha). Az aljasbab "
        "ekkor 4 helyett már 1 babbal hat; kardtámadáskor 2 babtallért húzol (1-et, ha a megtámadottnak csak egy van), "
        "és pontosan az egyiket hajtod végre, a másik hatás nélkül visszakerül a megtámadotthoz. Egy bájital egy "
        "támadást módosít.",
        ("R-45", "R-46", "R-47")),
    "beanfield": (
        "In your own phase 3, while planting a card: plant it into a new, 3rd field. The field stays after your turn, "
        "but as soon as you harvest any of your three fields, in any turn, the harvested one disappears. Nobody ever "
        "has more than three fields.",
        "A saját 3. fázisodban, egy lap ültetésekor: a lapot új, 3. babföldre ülteted. A babföld a köröd után is "
        "megmarad, de amint bármelyik babföldedet betakarítod, bármelyik körben, a betakarított eltűnik. Senkinek sincs "
        "háromnál több babföldje.",
        ("R-48", "R-49", "R-50")),
    "exchange": (
        "Any time in your turn: choose a co-player with at least one face-down potion. Draw one of their face-down "
        "potions at random, then hand them this exchange spell, face down (everyone knows where it went). Keep the "
        "potion you got face up, ready to drink this turn, or face down. A co-player's face-up potions can't be taken.",
        "A köröd során bármikor: válassz egy játékostársat, akinek van legalább egy képpel lefelé lévő bájitala. "
        "Véletlenszerűen húzol ezek közül egyet, majd átadod neki ezt a cserevarázst, képpel lefelé (mindenki tudja, "
        "hová került). A kapott bájitalt képpel felfelé teheted le, hogy még ebben a körben megidd, vagy képpel lefelé. "
        "A játékostárs képpel felfelé lévő bájitalait nem lehet elvenni.",
        ("R-51", "R-52")),
    "trade": (
        "In phase 2, after the two cards are turned up and before the first deal: turn up a third card. At the end of "
        "phase 3, the face-up cards of this turn that you neither gave away nor planted go onto the discard pile.",
        "A 2. fázisban, a két lap felcsapása után és az első csere előtt: felcsapsz egy harmadik lapot. A 3. fázis "
        "végén a kör felfordított lapjai közül azok, amelyeket sem oda nem adtál, sem el nem ültettél, a dobott lapok "
        "közé kerülnek.",
        ("R-53", "R-54")),
    "flow": (
        "In any phase of your turn: plant the front card of your hand again and again, in one go. Only harvests and, in "
        "the magic phase, field abilities (with what they lead to) may come in between; a bean planted into an empty "
        "field in the magic phase may use its ability. Anything else ends the flow for good: a trade or gift, planting "
        "a received card, playing a mage bean from your hand, or drinking another potion. In phase 1 these plantings "
        "come on top of your usual one or two.",
        "A köröd bármelyik fázisában: a kezed legelső lapját újra meg újra elülteted, egyfolytában. Közben csak "
        "betakarítás és a varázsfázisban a babföldek képessége (a következményeivel) jöhet; a varázsfázisban üres "
        "babföldre ültetett bab használhatja a képességét. Minden más véget vet a folyamnak, végleg: csere vagy "
        "ajándékozás, kapott lap elültetése, mágusbab kijátszása a kézből vagy másik bájital elfogyasztása. Az 1. "
        "fázisban ezek az ültetések a szokásos egy-két lapon felül járnak.",
        ("R-55", "R-56")),
    "discard": (
        "In phase 2, while trading is open: the top card of the discard pile joins your face-up cards; you may trade it, "
        "give it away or keep it, and then plant it. One card per potion.",
        "A 2. fázisban, amíg a kereskedés tart: a dobott lapok legfelső lapja a felfordított lapjaid közé kerül; "
        "elcserélheted, elajándékozhatod vagy megtarthatod, és akkor elülteted. Bájitalonként egy lap.",
        ("R-57",)),
    "enchant-beans": (
        "In your own phase 3, while planting a card: plant it onto a field holding exactly one bean of another type. The "
        "field and that old bean, now enchanted, count as the new type for everything, but an enchanted bean never "
        "becomes a coin: a harvest pays the beanometer's coins, at most as many as the field's genuine beans.",
        "A saját 3. fázisodban, egy lap ültetésekor: olyan babföldre ülteted, amelyen pontosan egy másféle bab van. A "
        "babföld és az a régi, most már elbájolt bab mindenben az új fajtának számít, de elbájolt babból sosem lesz "
        "babtallér: a betakarítás a babmérce szerinti babtallért adja, de legfeljebb annyit, ahány valódi bab van a "
        "babföldön.",
        ("R-58", "R-59", "R-60")),
    "enchant-players": (
        "Any time in your turn: every co-player with cards in hand must plant the front card of their hand, harvesting "
        "if needed, one after another from your left. Then you may plant yours too.",
        "A köröd során bármikor: minden játékostársad, akinek van lap a kezében, köteles elültetni a kezében legelöl "
        "lévő lapot, ha kell, betakarítás árán, egymás után, a bal oldali szomszédodtól kezdve. Utána te is "
        "elültetheted a sajátodat.",
        ("R-61",)),
    "teleport": (
        "Any time in your turn, even after your last draw: move exactly one card of your hand to any other place in it.",
        "A köröd során bármikor, még az utolsó húzásod után is: a kezed pontosan egy lapját a kezeden belül bármely más "
        "helyre teszed.",
        ("R-62", "R-19")),
    "hand": (
        "Any time before your phase-4 draw begins: you draw 4 cards instead of 3 if no trade or gift involving you was "
        "completed in this turn's phase 2; a refused offer doesn't count. Otherwise it does nothing.",
        "A 4. fázisbeli húzásod előtt bármikor: 3 helyett 4 lapot húzol, ha ebben a körben a 2. fázisban nem jött "
        "létre veled csere vagy ajándékozás; a visszautasított ajánlat nem számít. Különben nincs hatása.",
        ("R-63",)),
    "luck": (
        "Any time in your turn: take the top potion of the potion deck, already face up (activated). At the end of your "
        "turn it is shuffled back into the potion deck, drunk or not; the luck spell itself stays with you, face down. "
        "If it brought the exchange spell and you drank that, the exchange spell stays with the co-player and the "
        "potion you got through it goes back instead. With an empty potion deck it does nothing.",
        "A köröd során bármikor: elveszed a bájitalpakli legfelső bájitalát, már képpel felfelé (aktiválva). A köröd "
        "végén visszakevered a bájitalpakliba, akár megittad, akár nem; maga a szerencsevarázs képpel lefelé nálad "
        "marad. Ha a cserevarázst hozta, és azt megittad, a cserevarázs a játékostársnál marad, és helyette az általa "
        "szerzett bájital kerül vissza. Üres bájitalpaklinál nincs hatása.",
        ("R-64", "R-65", "R-66")),
}


def _potions() -> Reference:
    missing = [p for p in POTIONS if p not in POTION_TEXTS]
    if missing:
        raise KeyError(f"potions without their text on the page: {missing}")
    return reference_list("potions", f"The {len(POTIONS)} potions", f"A {len(POTIONS)} bájital", [
        entry(f"potion:{p.id}", f"{p.en} ({p.pennies} bean {'penny' if p.pennies == 1 else 'pennies'})",
              f"{p.hu} ({p.pennies} babfillér)", POTION_TEXTS[p.id][0], POTION_TEXTS[p.id][1], *POTION_TEXTS[p.id][2])
        for p in POTIONS.values()
    ], {"en": "An activated potion lies face up; you drink it only in your own turn, doing what it says, and it turns "
              "face down again. At the end of your turn every face-up potion of yours turns face down, drunk or not.",
        "hu": "Az aktivált bájital képpel felfelé fekszik; csak a saját körödben fogyaszthatod el, azt téve, amit ír, és "
              "utána képpel lefelé fordul. A köröd végén minden képpel felfelé lévő bájitalod képpel lefelé fordul, "
              "akár elfogyasztottad, akár nem."})


def _decided() -> Reference:
    return reference_list("decided", DECIDED["en"], DECIDED["hu"], [
        entry("decided:mage-ends-flow", "Does playing a mage bean from your hand end a magic card flow?",
              "Véget ér-e a mágikus kártyafolyam, ha a kezedből mágusbabot játszol ki?",
              "Yes. During a card flow only harvests and, in the magic phase, field abilities may come between the "
              "plantings. Playing a mage bean from your hand to activate a potion is another action, so the flow ends "
              "and can't be resumed.",
              "Igen. A kártyafolyam alatt az ültetések között csak betakarítás és a varázsfázisban a babföldek "
              "képessége jöhet. A mágusbab kijátszása a kézből bájital aktiválásához másik cselekedet, ezért a folyam "
              "véget ér, és nem folytatható.",
              "R-55", "R-11"),
        entry("decided:mage-coin", "What does a mage coin drawn in a sword attack do?",
              "Mit tesz a kardtámadásban kihúzott mágusbab-tallér?",
              "The coin stays with its owner, and the attacker of that step may activate one face-down potion. If that "
              "attacker is not the active player (a counter-attack), the potion stays face up until the end of their "
              "next own turn and can be drunk only then.",
              "A babtallér a gazdájánál marad, az adott lépés támadója pedig aktiválhat egy képpel lefelé lévő "
              "bájitalt. Ha ez a támadó nem az aktív játékos (visszatámadás), a bájital a következő saját köre végéig "
              "képpel felfelé marad, és csak akkor fogyaszthatja el.",
              "R-42", "R-43"),
    ])


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The lists on the page below the overview: what each bean does (and each sword result),
    every potion's full text and the questions the rules decide."""
    return (_abilities(), _potions(), _decided())


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
        section("options", option_lines(rs, opts, OPTIONS), teacher=how_to_change(rs.name, 'counter_attack="optional"')),
    ), GLOSSARY)
