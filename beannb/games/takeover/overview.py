"""The takeover expansion at a glance, and its glossary (see :mod:`beannb.games.bohnanza.overview`).

Built from the expansion's tables: the bean deck and handicaps, the text cards, the Snap
payouts (``cards.py``), what setup deals at each player count, the copy limits and the
end of the game (the ruleset), the phases and the action letters (``text.py``).

>>> ov = overview()
>>> ov.section("scoring").lines[-1].rules
('T-43', 'B-47', 'B-43')
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..bohnanza.overview import (
    DECIDED, OptionText, Overview, Reference, game_title, base_terms, dealt, entry, how_to_change, line, option_lines,
    ordinal, phase_line, players, reference_list, seat_words, section, span, term, tie_lines, varying,
)
from .cards import CARDS, HANDICAP, SNAP, SNAP_BEAN, TEXT_CARDS, snap_end, snap_in_game
from .text import LETTER_NAMES, LETTER_NAMES_HU


def _snap(lang: str) -> str:
    """Snap's in-game payouts from the table (T-09): '2: 1 text card; 3–4: 2 text cards; …'."""
    rows: dict[tuple[int, int], list[int]] = {}
    for n in range(1, 9):
        rows.setdefault(snap_in_game(n), []).append(n)
    parts = []
    for (texts, coins), ns in rows.items():
        if texts == coins == 0:
            continue
        what_en = [f"{texts} text card" + ("s" if texts != 1 else "")] + ([f"{coins} coin" + ("s" if coins != 1 else "")] if coins else [])
        what_hu = [f"{texts} szöveges kártya"] + ([f"{coins} babtallér"] if coins else [])
        n = f"{ns[0]}+" if ns[-1] == 8 else span(ns)
        parts.append(f"{n}: " + (" + ".join(what_hu) if lang == "hu" else " and ".join(what_en)))
    return "; ".join(parts)


def _snap_end(lang: str) -> str:
    rows: dict[int, list[int]] = {}
    for n in range(1, 9):
        rows.setdefault(snap_end(n), []).append(n)
    parts = [f"{(str(ns[0]) + '+') if ns[-1] == 8 else span(ns)}: {c}" for c, ns in rows.items() if c]
    return "; ".join(parts)


def _box(rs) -> list:
    cards = rs.cards
    deck = rs.build_deck(None)
    types = list(dict.fromkeys(deck))
    beans = ", ".join(f"{cards.name(b, 'en')} {cards.beans[b].count}" for b in types)
    beans_hu = ", ".join(f"{cards.name(b, 'hu')} {cards.beans[b].count}" for b in types)
    hcap = ", ".join(f"{cards.name(b, 'en')} {HANDICAP[b]}" for b in sorted(HANDICAP, key=HANDICAP.get))
    hcap_hu = ", ".join(f"{cards.name(b, 'hu')} {HANDICAP[b]}" for b in sorted(HANDICAP, key=HANDICAP.get))
    texts = [c for c in TEXT_CARDS]
    return [
        line("box:deck", f"{len(deck)} bean cards of {len(types)} types: {beans}.",
             f"{len(deck)} babkártya, {len(types)} fajta: {beans_hu}.", "T-01"),
        line("box:handicap", f"Each type's handicap is its card count, except {cards.name(SNAP, 'en')}'s: {hcap}.",
             f"Minden fajta hendikepje a lapjainak száma, kivéve a {cards.name(SNAP, 'hu')}é: {hcap_hu}.", "T-02"),
        line("box:snap", f"{cards.name(SNAP, 'en')} has no beanometer. During the game it pays {_snap('en')}; "
             f"after the deck has run out for the last time it pays coins only: {_snap_end('en')}.",
             f"A {cards.name(SNAP, 'hu')}nak nincs babmércéje. Játék közben ennyit ér: {_snap('hu')}; a húzópakli "
             f"utolsó kifogyása után csak babtallért: {_snap_end('hu')}.", "T-09", "T-10"),
        line("box:texts", f"{len(texts)} text cards, each a special action used once: "
             + ", ".join(c[1] for c in texts) + ".",
             f"{len(texts)} szöveges kártya, mindegyik egyszer használható különleges cselekedet: "
             + ", ".join(c[3] for c in texts) + ".", "T-06", "T-12"),
        line("box:active-card", "The active-player card: its front shows whose turn it is; turned over, it shows that "
             "this player has harvested with action d) this turn.",
             "Az „aktív játékos”-kártya: az előoldala mutatja, kinek a köre van; a hátoldalára fordítva azt, hogy ő "
             "ebben a körben már betakarított a d) cselekedettel.", "T-16", "T-37"),
    ]


def _players(rs, options) -> list:
    counts = rs.player_counts(options)
    out = [line("players", f"{players(counts, 'en')}.", f"{players(counts, 'hu')}.", "T-03")]
    deals = {n: dealt(rs, n, options) for n in counts}
    fields = {n: d.fields for n, d in deals.items()}
    hands = {n: d.hands[0] for n, d in deals.items()}
    texts = {n: len(d.state.players[0].texts) for n, d in deals.items()}
    under = {len(d.state.garden_under) for d in deals.values()}.pop()
    say_f = lambda k, lang: f"{k} babföldje" if lang == "hu" else f"{k} bean fields"  # noqa: E731
    say_t = lambda k, lang: f"{k} szöveges kártyát" if lang == "hu" else f"{k} text cards"  # noqa: E731
    out.append(line("setup:fields", f"Everyone has {varying(fields, say_f, 'en')}, each starting with one bean turned "
                    "up from the deck; nobody ever buys a field.",
                    f"Mindenkinek {varying(fields, say_f, 'hu')} van, mindegyiken egy-egy, a húzópakliból felcsapott "
                    "babbal; babföldet senki sem vásárol.", "T-03", "T-05"))
    out.append(line("setup:hand", f"Everyone is dealt {varying(hands, lambda k, l: f'{k} cards', 'en')}; "
                    "the order of your hand doesn't matter.",
                    f"Mindenki {varying(hands, lambda k, l: f'{k} lapot', 'hu')} kap; a kéz sorrendje nem számít.",
                    "T-05", "T-07"))
    out.append(line("setup:texts", f"Everyone gets {varying(texts, say_t, 'en')} face down; the rest form the text deck.",
                    f"Mindenki {varying(texts, say_t, 'hu')} kap képpel lefelé; a többiből lesz a szöveges pakli.",
                    "T-06"))
    out.append(line("setup:garden", f"{under} garden beans lie face up under the deck; nobody can draw them from there.",
                    f"{under} kertibab képpel felfelé a húzópakli alatt fekszik; onnan senki sem húzhatja fel.",
                    "T-04"))
    return out


def _copies(rs, options) -> dict[int, tuple[int, int]]:
    """Players -> (copies of an action allowed, in the first turn), from the ruleset."""
    out = {}
    for n in rs.player_counts(options):
        s = dealt(rs, n, options).state
        out[n] = (rs.copy_limit(s.replace(turn=s.n + 1), "a"), rs.copy_limit(s.replace(turn=1), "a"))
    return out


def _turn(rs, options) -> list:
    letters_en = ", ".join(f"{k}) {v}" for k, v in LETTER_NAMES.items() if k in "abcde")
    letters_hu = ", ".join(f"{k}) {v}" for k, v in LETTER_NAMES_HU.items() if k in "abcde")
    copies = _copies(rs, options)
    later = {n: c[0] for n, c in copies.items()}
    say = lambda k, lang: str(k)  # noqa: E731
    hand = {dealt(rs, n, options).hands[0] for n in rs.player_counts(options)}.pop()
    return [
        phase_line(rs, "turn", f"take normal actions in any order, as often as you like: {letters_en}; but harvest with "
                   "d) only once, and then the active-player card is turned over.",
                   f"rendes cselekedeteket végzel, tetszőleges sorrendben és számban: {letters_hu}; a d) "
                   "betakarítás azonban csak egyszer, utána az „aktív játékos”-kártyát meg kell fordítani.",
                   "T-15", "T-16", "T-17", "T-18", "T-20"),
        line("turn:copy", "After each of your normal actions the response window opens: the passive players are asked "
             f"one at a time, from your left, whether they copy it or pass. An action may be copied by "
             f"{varying(later, say, 'en')} (by everyone in the very first turn). Copies are never copied.",
             "Minden rendes cselekedeted után jön a reagálás: a passzív játékosokat egyenként, a baloldali "
             f"szomszédodtól kezdve megkérdezik, lemásolják-e, vagy passzolnak. Egy cselekedetet "
             f"{varying(later, say, 'hu')} játékos másolhat le (a legelső körben mindenki). A másolatot senki sem másolja.",
             "T-30", "T-31", "T-32", "T-36"),
        line("turn:takeover", "e) Hostile takeover: swap a field of yours for the corresponding field of another player "
             "if yours is stronger (more cards; with equal cards, the lower handicap). The owner may defend by laying a "
             "text card face down on it; the field is then protected.",
             "e) Ellenséges átvétel: a babföldedet elcseréled egy másik játékos megfelelő babföldjével, ha a tiéd erősebb "
             "(több lap; egyenlő lapszámnál a kisebb hendikep). A tulajdonos védekezhet, ha képpel lefelé szöveges "
             "kártyát tesz rá; ettől a babföld védett.", "T-22", "T-23", "T-24", "T-25"),
        line("turn:special", "Text cards give special actions: the active player plays them between or with actions, a "
             "passive player when asked to respond; they are never copied.",
             "A szöveges kártyák különleges cselekedeteket adnak: az aktív játékos a cselekedetei között vagy velük "
             "együtt játssza ki őket, a passzív játékos akkor, amikor reagálhat; ezeket senki sem másolja.",
             "T-13", "T-14", "T-58"),
        line("turn:end", "You end your turn by passing the active-player card to your left. Then you draw up to "
             f"{hand} cards, then everyone else clockwise from the new active player.",
             "A köröd végén továbbadod az „aktív játékos”-kártyát a baloldali szomszédodnak. Ezután te húzol "
             f"{hand} lapra, majd az új aktív játékostól kezdve sorban a többiek.", "T-37"),
        line("turn:no-trade", "There is no trading and no giving away cards.",
             "Nincs kereskedés és ajándékozás.", "T-08"),
    ]


def _end(rs, options) -> list:
    ends = {n: rs.end_at(dealt(rs, n, options).state) for n in rs.player_counts(options)}
    say = lambda k, lang: (f"a húzópakli {ordinal(k, lang)} kifogyásakor" if lang == "hu" else f"the {ordinal(k, lang)} time")  # noqa: E731
    return [
        line("end:passes", f"The end begins when the deck runs out {varying(ends, say, 'en')}. Until then the "
             "discards are shuffled into a new deck, the first two times each with one of the garden beans from under it.",
             f"A játék vége {varying(ends, say, 'hu')} kezdődik. Addig a dobott lapokat megkeverve új húzópakli lesz, "
             "az első két alkalommal a pakli alatti egyik kertibabbal együtt.",
             "T-40", "T-38", "T-39"),
        phase_line(rs, "final", "no more cards are drawn and c) is gone; the active player may still act, then "
                   "harvests every field, then the others clockwise, single beans too.",
                   "több lapot nem húznak, c) nincs többé; az aktív játékos még cselekedhet, aztán betakarítja az összes "
                   "babföldjét, majd sorban a többiek is, az egyetlen babot is.", "T-41", "T-42"),
        line("phase:over", "Then the game is over and scored.", "Ezzel vége a játéknak, jön az értékelés.", "T-43"),
    ]


def _scoring(rs, options) -> list:
    ties = {n: rs.profile(dealt(rs, n, options).state).tie_break for n in rs.player_counts(options)}
    silent = {"en": "(The expansion's rules are silent on ties: the base game's rule applies.)",
              "hu": "(A kiegészítő szabályai erről hallgatnak: az alapjátéké érvényes.)"}
    return [line("scoring:pennies", "Each coin is worth 100 bean pennies and each unused text card still lying face "
                 "down in front of you 10. The most pennies wins.",
                 "Minden babtallér 100 babfillért ér, és minden fel nem használt, előtted képpel lefelé fekvő szöveges "
                 "kártya 10 babfillért. Az nyer, akinek a legtöbb babfillérje van.", "T-43"),
            tie_lines(ties, note=silent, own=("T-43",))]


def _text_card(value: Any, lang: str) -> Optional[str]:
    """A text card's name from its id (the ``without`` option)."""
    for card in TEXT_CARDS:
        if card[0] == value:
            return card[3] if lang == "hu" else card[1]
    return None


OPTIONS: dict[str, OptionText] = {
    "start_seat": OptionText("Seat of the start player", "A kezdőjátékos helye", ("B-46",),
                             {None: ("drawn at random", "sorsolással")}, ("Start player", "Kezdőjátékos"), seat_words),
    "first_exception": OptionText("The first-turn exception to copying and takeovers covers",
                                  "Az első kör kivétele a másolásra és az átvételre ennyit fed le",
                                  ("T-32", "T-34"),
                                  {"first_turn": ("the start player's first turn", "a kezdőjátékos első körét"),
                                   "first_round": ("the whole first round", "az egész első fordulót")},
                                  ("First-turn exception covers", "Az első kör kivétele lefedi")),
    "late_windows": OptionText("Players after the copy limit", "A másolási korlát után következő játékosok",
                               ("T-30", "T-14"),
                               {"none": ("are not asked", "nem kapnak kérdést"),
                                "pass_only": ("are asked, may only pass, and may play special actions",
                                              "kérdést kapnak, de csak passzolhatnak, és különleges cselekedetet játszhatnak ki")},
                               ("After the copy limit", "A másolási korlát után")),
    "performed_scope": OptionText("Who counts as having performed a takeover", "Ki számít átvételt végrehajtónak",
                                  ("T-26", "T-34"),
                                  {"turn": ("anyone who attempted one this turn", "aki ebben a körben kísérelt meg átvételt"),
                                   "sequence": ("only within one action and its copies", "csak egy cselekedeten és másolatain belül")},
                                  ("Performed a takeover", "Átvételt végrehajtó")),
    "chemistry_final_harvest": OptionText("Chemistry Set may also be used in the final harvest",
                                          "A Kémiai kísérlet a végső betakarításkor is használható", ("T-61",),
                                          short=("Chemistry Set at the final harvest", "Kémiai kísérlet a végső betakarításkor")),
    "pirate_targets": OptionText("Pirate Raid robs", "A Kalóztámadás kit rabol ki", ("T-55",),
                                 {"all": ("every eligible player", "minden érintett játékost"),
                                  "subset": ("the players you choose", "a választott játékosokat")},
                                 ("Pirate Raid robs", "A Kalóztámadás kirabol")),
    "without": OptionText("Strategy lab study: one text card left out of the game",
                          "Stratégiai labor: egy szöveges kártya kimarad a játékból", ("T-06",),
                          {None: ("none, all 18 text cards are in play", "egyik sem, mind a 18 szöveges kártya játékban van")},
                          ("Text card left out", "Kimaradó szöveges kártya"), _text_card),
}


#: Base-game terms whose base wording is wrong here (an ordered hand, four phases, trading, coins
#: alone winning): the same words, this expansion's meaning (T-07, T-08, T-15, T-43).
OWN_BASE_TERMS = {t.key: t for t in (
    term("coin", "coin", "babtallér",
         "A harvested bean card turned face down on your coin stack; each is worth 100 bean pennies at the end.",
         "Betakarított babkártya, képpel lefelé a babtallérjaid között; a végén mindegyik 100 babfillért ér.",
         ("B-27", "T-43"), ("coins",), ("tallér",)),
    term("hand", "hand", "kéz",
         "The cards you hold, in no particular order: you may play any of them. When a turn ends you draw up to five.",
         "A kezedben tartott lapok, kötetlen sorrendben: bármelyiket kijátszhatod. A kör végén ötre egészíted ki.",
         ("T-07", "T-37"), ("hand", "hand position"), ("kéz", "kezé", "keze", "kezb")),
    term("plant", "plant", "ültetés",
         "Putting bean cards onto one of your fields: with action a), from your hand, onto an empty field or one of "
         "their type.",
         "Babkártyák lerakása az egyik babföldedre: az a) cselekedettel, a kezedből, üres vagy ugyanilyen babot termő "
         "babföldre.", ("B-07", "T-17"), ("plants", "planting"), ("ültet", "elültet")),
    term("active-player", "active player", "aktív játékos",
         "The player holding the active-player card: only they take normal actions; the others respond.",
         "Akinél az „aktív játékos”-kártya van: csak ő végez rendes cselekedeteket, a többiek reagálnak.",
         ("T-15", "T-30"), ("active",), ("aktív",)),
    term("turn", "turn", "kör",
         "From receiving the active-player card to passing it on to the left: any number of normal actions, each "
         "followed by the others' responses.",
         "Az „aktív játékos”-kártya megkapásától a baloldali szomszédnak való továbbadásáig tart: tetszőleges számú "
         "rendes cselekedet, mindegyik után a többiek reagálásával.", ("T-15", "T-37"), ("turn",), ("kör",)),
)}


def _own_or_base(*keys: str) -> list:
    base = {t.key: t for t in base_terms(*[k for k in keys if k not in OWN_BASE_TERMS])}
    return [OWN_BASE_TERMS.get(k) or base[k] for k in keys]


GLOSSARY = tuple(_own_or_base("bean", "field", "beanometer", "harvest", "coin", "hand", "plant", "lone-bean",
                              "active-player", "turn", "deck", "discard", "deck-pass", "final-sale", "start-player")) + (
    term("snap", "Snap", "metszőbab",
         f"The expansion's new bean: {SNAP_BEAN.count} cards, handicap {HANDICAP[SNAP]}, paying text cards during the "
         "game and coins at the end.",
         f"A kiegészítő új babja: {SNAP_BEAN.count} lap, hendikepje {HANDICAP[SNAP]}; játék közben szöveges kártyát, a "
         "végén babtallért ér.",
         ("T-01", "T-02", "T-09", "T-10")),
    term("handicap", "handicap", "hendikep",
         f"A bean type's number of cards (Snap: {HANDICAP[SNAP]}). With equal cards, the field with the lower handicap "
         "is stronger.",
         f"Egy babfajta lapjainak száma (a metszőbabé {HANDICAP[SNAP]}). Egyenlő lapszámnál a kisebb hendikepű babföld "
         "az erősebb.",
         ("T-02", "T-23")),
    term("normal-action", "normal action a)–e)", "rendes cselekedet a)–e)",
         "The five actions of a turn: a) play beans, b) merge fields, c) turn up a card, d) harvest, e) hostile takeover.",
         "A kör öt cselekedete: a) babok kijátszása, b) babföldek egyesítése, c) felcsapás, d) betakarítás, "
         "e) ellenséges átvétel.",
         ("T-15", "T-17", "T-18", "T-20", "T-22"),
         ("action", "actions a–e", "play", "merge", "turn up", "turn-up", "face up"),
         ("cselekedet", "kijátsz", "egyesít", "felcsap", "felfordít")),
    term("active-player-card", "active-player card", "„aktív játékos”-kártya",
         "The card in front of the active player. It is turned over after their d) harvest (no second harvest) and "
         "passed on to the left to end the turn.",
         "Az aktív játékos előtt fekvő kártya. A d) betakarítás után meg kell fordítani (több betakarítás nincs), a kör "
         "végén pedig továbbadni a baloldali szomszédnak.",
         ("T-16", "T-37"), ("active-player card",), ("aktív játékos kártyája", "aktív játékos”-kártya")),
    term("takeover", "hostile takeover", "ellenséges átvétel",
         "Action e): your stronger field swaps places with the corresponding field of another player.",
         "Az e) cselekedet: az erősebb babföldedet elcseréled egy másik játékos neki megfelelő babföldjével.",
         ("T-22", "T-23", "T-24"), ("takeover", "take over"), ("átvétel",)),
    term("corresponding", "corresponding fields", "egymásnak megfelelő babföldek",
         "Fields with the same number (1 with 1 …); with two players, facing fields (your 1 with their 2).",
         "Az azonos sorszámú babföldek (1. az 1.-vel …); két játékosnál a szemköztiek (a te 1.-d az ő 2.-ukkal).",
         ("T-22",), ("corresponding",), ("megfelelő",)),
    term("defence", "defence and protected field", "védekezés és védett babföld",
         "Laying a text card face down on your attacked field repels the takeover and protects the field until "
         "the turn passes on or the field is emptied.",
         "Ha a megtámadott babföldedre képpel lefelé szöveges kártyát teszel, visszavered az átvételt, és a babföld "
         "védett lesz, amíg a kör tovább nem megy, vagy a babföld ki nem ürül.",
         ("T-25", "T-27", "T-28"), ("defend", "defence", "protected", "protection", "accept the defence", "let it happen"),
         ("védekez", "védeked", "védett", "védelem", "átengedem", "belenyugszom")),
    term("performed", "performed a takeover", "átvételt hajtott végre",
         "A player who attempted a hostile takeover this turn, even a repelled one. In the first turn, and against "
         "Mighty Field or Variable Field, such a player can't be targeted.",
         "Az a játékos, aki ebben a körben ellenséges átvételt kísérelt meg, akár visszavertet is. Az első körben, "
         "illetve Erős babfölddel vagy Változó babfölddel őt nem lehet megtámadni.",
         ("T-26", "T-34"), ("performed a takeover",), ("átvételt hajtott végre",)),
    term("passive", "passive player", "passzív játékos",
         "Every player but the active one. Passive players only respond: they copy or pass, and may defend.",
         "Az aktív játékoson kívül mindenki. A passzív játékosok csak reagálnak: másolnak vagy passzolnak, és védekezhetnek.",
         ("T-30", "T-14"), ("passive",), ("passzív",)),
    term("response-window", "response window (copy or pass)", "reagálás (másolás vagy passz)",
         "After each normal action of the active player, passive players are asked one by one from the left whether "
         "they copy it, until the copy limit is reached; each answers by copying or passing.",
         "Az aktív játékos minden rendes cselekedete után a passzív játékosokat balról sorban megkérdezik, "
         "lemásolják-e, amíg a másolási korlát be nem telik; mindenki másol vagy passzol.",
         ("T-30", "T-31", "T-32"), ("copy", "copies", "pass", "asked to copy", "response"),
         ("másol", "passz", "reagál")),
    term("text-card", "text card and special action", "szöveges kártya és különleges cselekedet",
         f"The {len(TEXT_CARDS)} cards with a special action, each used once; kept face down in front of you, they "
         "score pennies at the end.",
         f"A {len(TEXT_CARDS)} különleges cselekedetet adó kártya, mindegyik egyszer használható; előtted képpel "
         "lefelé fekszenek, és a végén babfillért érnek.",
         ("T-06", "T-12", "T-13", "T-43"), ("text card", "text deck", "special action", "face down"),
         ("szöveges", "különleges cselekedet", "képpel lefelé")),
    term("draw", "drawing up to five", "húzás ötre",
         "When a turn ends, first the player who ended it, then the others clockwise from the new active player draw "
         "until they hold five cards; whoever holds five or more draws nothing.",
         "A kör végén előbb a kört befejező játékos, aztán az új aktív játékostól kezdve sorban a többiek addig húznak, "
         "amíg öt lap nem lesz a kezükben; akinek legalább öt van, nem húz.",
         ("T-37",), ("draw", "draws"), ("húz",)),
    term("joker", "Joker Bean", "Dzsókerbab",
         "A text card placed on your Snap, chili or blue field, where it counts as one bean but never becomes a coin.",
         "Szöveges kártya, amelyet a metszőbab-, tűzbab- vagy kékbabföldedre tehetsz; ott egy babnak számít, de "
         "babtallér sosem lesz belőle.", ("T-51",), ("joker",), ("dzsóker",)),
    term("garden-under", "garden beans under the deck", "kertibab a húzópakli alatt",
         "Garden beans that lie under the deck from the start; one joins the deck at each of the first two reshuffles.",
         "A kezdettől a húzópakli alatt fekvő kertibabok; az első két újrakeveréskor egy-egy bekerül a pakliba.",
         ("T-04", "T-38", "T-39"), ("garden beans under the deck",), ("kertibab a húzópakli alatt",)),
    term("final-actions", "final actions and harvest", "utolsó cselekedetek és végső betakarítás",
         "After the deck runs out for the last time nobody draws; the active player finishes, then everyone harvests.",
         "A húzópakli utolsó kifogyása után senki sem húz; az aktív játékos befejezi, aztán mindenki betakarít.",
         ("T-41", "T-42"), ("final actions", "final"), ("utolsó cselekedet", "végső")),
    term("pennies", "pennies (score)", "babfillér (pontszám)",
         "The score, counted in pennies for coins and for unused text cards. Most pennies wins.",
         "A pontszám, babfillérben számolva a babtallérokért és a fel nem használt szöveges kártyákért. A legtöbb "
         "babfillér nyer.",
         ("T-43",), ("penny", "pennies", "score", "win", "winner", "tie", "game over", "end of the game"),
         ("fillér", "pont", "győz", "nyer", "holtverseny", "vége a játéknak", "a játék vége")),
    term("no-trading", "no trading", "nincs kereskedés",
         "Unlike the base game, cards are never traded or given away, so nothing is offered and nothing waits to be planted.",
         "Az alapjátékkal ellentétben itt nincs csere és ajándékozás, így semmit sem ajánlanak fel, és semmi sem vár "
         "ültetésre.", ("T-08",), ("trade", "offer", "to plant"), ("kereskedés", "ajánlat", "felkínál", "elültetendő")),
)


# -- the lists below the overview: beanometers, the text cards, questions decided ---------------


def _coins(k: int, lang: str) -> str:
    if lang == "hu":
        return f"{k} babtallér"
    return f"{k} coin" + ("" if k == 1 else "s")


def _meter(bean, lang: str) -> str:
    """A beanometer in words: '4 cards: 1 coin; 6 cards: 2 coins; …' (B-27)."""
    return "; ".join(f"{n} {'lap' if lang == 'hu' else 'cards'}: {_coins(k, lang)}"
                     for k, n in enumerate(bean.meter, start=1) if n)


def _beanometers(rs) -> Reference:
    types = [b for b in dict.fromkeys(rs.build_deck(None)) if b != SNAP]
    entries = [entry(f"meter:{b}", f"{CARDS.name(b, 'en')} ({CARDS.beans[b].count} cards)",
                     f"{CARDS.name(b, 'hu')} ({CARDS.beans[b].count} lap)",
                     _meter(CARDS.beans[b], "en") + ".", _meter(CARDS.beans[b], "hu") + ".", "B-27", "B-28")
               for b in sorted(types, key=HANDICAP.get)]
    entries.append(entry(f"meter:{SNAP}", CARDS.name(SNAP, "en"), CARDS.name(SNAP, "hu"),
                         f"No beanometer. During the game it pays {_snap('en')}; after the deck has run out for the last "
                         f"time, coins only: {_snap_end('en')}.",
                         f"Nincs babmércéje. Játék közben ennyit ér: {_snap('hu')}; a húzópakli utolsó kifogyása után "
                         f"csak babtallért: {_snap_end('hu')}.", "T-09", "T-10"))
    return reference_list(
        "beanometers", "The beanometers", "A babmércék", entries,
        {"en": "The eight original beans keep the base game's beanometers: how many cards of one type in a field pay "
               "1, 2, 3 or 4 coins when it is harvested. Chemistry Set, Mutant Bean and Pizza: Overflow work with these "
               "rows; Snap has a table of its own.",
         "hu": "A nyolc eredeti bab az alapjáték babmércéit használja: hány egyfajta lap ad egy babföldön 1, 2, 3 vagy 4 "
               "babtallért a betakarításkor. A Kémiai kísérlet, a Mutabab és a Pizza Babanese ezekkel a sorokkal "
               "dolgozik; a metszőbabnak saját táblázata van."})


def _handicap_order(lang: str) -> str:
    return ", ".join(f"{CARDS.name(b, lang)} {HANDICAP[b]}" for b in sorted(HANDICAP, key=HANDICAP.get))


#: Each text card's full text, in our words from the rule book (seed 000, spec takeover.md §8),
#: with the rules that state it; T-12 and T-13 hold for every card.
def _text_cards() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    last = max(HANDICAP, key=HANDICAP.get)
    return {
        "field-swap": (
            "Swap the places of two fields of one player: any player, yourself or the active player included. One of "
            "the two may be empty. Each field moves whole, with its protection and any Joker Bean on it. It is not a "
            "takeover, so nobody can defend against it.",
            "Megcserélheted bármelyik játékos (akár a saját vagy az aktív játékos) két babföldjének a helyét. A kettő "
            "közül az egyik üres is lehet. A babföldek teljes egészükben, a védelmükkel és a rajtuk lévő dzsókerbabbal "
            "együtt cserélnek helyet. Ez nem ellenséges átvétel, ezért védekezni sem lehet ellene.",
            ("T-12", "T-13")),
        "chemistry-set": (
            "Play it with a harvest of yours by action d), your own or a copied one, also among the final actions. "
            "That harvest uses the beanometer of the bean type on another of your fields instead of its own: not the "
            f"{CARDS.name('garden', 'en')} bean's or the {CARDS.name('red', 'en')} bean's, but Snap's may be used (then "
            "the Snap table pays). Not in the final harvest and not with Extra Harvest.",
            "A d) cselekedettel végzett betakarításodhoz játszod ki (a sajátodhoz vagy egy lemásolthoz, a játék végi "
            "utolsó cselekedetek között is). Ez a betakarítás a saját babmércéje helyett egy másik babföldeden lévő "
            f"babfajta babmércéjét használja; ez nem lehet a {CARDS.name('garden', 'hu')}é vagy a "
            f"{CARDS.name('red', 'hu')}é, a {CARDS.name(SNAP, 'hu')}é viszont igen (akkor a metszőbab táblázata fizet). A végső "
            "betakarításkor és a További betakarítással nem használható.",
            ("T-53", "T-61")),
        "extra-card": (
            "Take the top card of the bean discard pile (not of the draw deck) into your hand. There must be a card "
            "on the discard pile and at most 5 cards in your hand, so you end with at most 6.",
            "A dobott babkártyák legfelső lapját (nem a húzópakliét!) a kezedbe veszed. Ehhez kell lap a dobott lapok "
            "között, és legfeljebb 5 lap lehet a kezedben, így utána legfeljebb 6 lesz.",
            ("T-48",)),
        "final-planting": (
            "Only after the deck has run out for the last time, in your own final harvest, before you harvest: play "
            "cards from your hand onto your fields by the rules of action a). Each such play is a normal action, so "
            "the players who have not yet made their final harvest may copy it.",
            "Csak a húzópakli utolsó kifogyása után, a saját végső betakarításodkor, mielőtt betakarítanál: a kezedből "
            "babkártyákat rakhatsz a babföldjeidre az a) cselekedet szabályai szerint. Minden ilyen lerakás rendes "
            "cselekedet, így azok a játékostársak, akik még nem takarítottak be, lemásolhatják.",
            ("T-42", "T-31")),
        "hand-swap": (
            "Swap your whole hand with another player's whole hand, however many cards they hold: you may give 1 "
            "card and get 5. You may play it only while you hold 1 to 5 cards.",
            "A kezedben tartott összes lapot elcseréled egy másik játékos kezében tartott összes lapjával, akárhány "
            "lap is van nála: előfordulhat, hogy 1 lapot adsz, és 5-öt kapsz. Csak akkor játszhatod ki, ha 1–5 lap "
            "van a kezedben.",
            ("T-49",)),
        "joker": (
            f"Lay it on one of your fields of {CARDS.name(SNAP, 'en')}, {CARDS.name('chili', 'en')} or "
            f"{CARDS.name('blue', 'en')} beans. There it counts as one bean of that type for everything (the number of "
            "cards, strength, the beanometer, the Pizzas, single-bean protection) and moves with the field, but it "
            "can't be stolen and never becomes a coin. When the field is harvested it goes to the text discard pile; "
            "left alone on a field, it is discarded and the field is empty. Once laid, it is worth no pennies.",
            f"Az egyik {CARDS.name(SNAP, 'hu')}-, {CARDS.name('chili', 'hu')}- vagy {CARDS.name('blue', 'hu')}földedre "
            "teszed. Ott mindenben egy ilyen babnak számít (a lapszámban, az erősségben, a babmércében, a pizzáknál és "
            "az egyetlen bab védelmében), és a babfölddel együtt mozog, de nem lehet ellopni, és babtallér sosem lesz "
            "belőle. A babföld betakarításakor az eldobott szöveges kártyák közé kerül; ha egyedül marad a babföldön, "
            "el kell dobni, és a babföld üres. Lerakva már nem ér babfillért.",
            ("T-51",)),
        "mighty-field": (
            "Play it when you declare a takeover (yours or a copied one). The attacked field must be unprotected and its "
            "owner must not have performed a takeover this turn. In the strength comparison your field counts one card "
            "more than it has; with equal counts the handicap still decides. The rules on positions and empty fields "
            "still hold. The attacked player can't defend.",
            "Akkor játszod ki, amikor ellenséges átvételt jelentesz be (a sajátodat vagy egy lemásoltat). A megtámadott "
            "babföld nem lehet védett, és a gazdája nem hajthatott végre ebben a körben ellenséges átvételt. Az erősség "
            "összevetésekor a babfölded eggyel több lapnak számít, mint amennyi rajta van; egyenlő lapszámnál továbbra "
            "is a hendikep dönt. A babföldek helyére és az üres babföldre vonatkozó szabály továbbra is érvényes. A "
            "megtámadott játékos nem védekezhet.",
            ("T-44", "T-34")),
        "mutant-bean": (
            "Play it with action a) or b) on a field that holds beans: you may add cards of the bean type that comes "
            f"next after the field's type in handicap order ({_handicap_order('en')}), by a) from your hand or by b) "
            "merging a field of that type onto it. The field then counts as the new type, and at harvest that type's "
            f"beanometer applies to all its cards. Never onto {CARDS.name(last, 'en')}, which has nothing after it. "
            f"Example: {CARDS.name('garden', 'en')} beans onto {CARDS.name(SNAP, 'en')}.",
            "Az a) vagy a b) cselekedettel együtt, nem üres babföldre játszod ki: rárakhatod a hendikep-értékek "
            f"sorrendjében ({_handicap_order('hu')}) a babföld fajtája után következő babfajta lapjait, a)-val a "
            "kezedből, b)-vel egy ilyen babföld ráegyesítésével. A babföld ettől az új fajtának számít, és "
            "betakarításkor annak babmércéje érvényes minden lapjára. "
            f"{CARDS.name(last, 'hu').capitalize()}ra soha, mert az után nincs következő. Példa: "
            f"{CARDS.name(SNAP, 'hu')}okra {CARDS.name('garden', 'hu')}ok.",
            ("T-52",)),
        "pirate-raid": (
            "Choose one of your fields. From every other player whose corresponding field grows the same bean type, "
            "take one bean card of that type (never a Joker Bean) and put it onto your field; at least one such player "
            "is needed. It is not a takeover, so protection doesn't stop it; taking a field's last card ends its "
            "protection.",
            "Válassz egy babföldedet. Minden olyan játékostársadtól, akinek a megfelelő babföldjén ugyanaz a babfajta "
            "nő, elveszel egy ilyen babkártyát (dzsókerbabot soha), és a saját babföldedre teszed; legalább egy ilyen "
            "játékos kell. Ez nem ellenséges átvétel, ezért a védelem nem állítja meg; ha egy babföldről az utolsó "
            "lapot veszed el, a védelme megszűnik.",
            ("T-55",)),
        "pizza-big-farm": (
            "Play it with one harvest of yours, of any kind. Count the cards on all your fields, the harvested field "
            "included: 12–13 give 1 extra coin, 14–16 give 2, 17 or more give 3. It can't be played when it would "
            "give nothing.",
            "Egy betakarításodhoz játszod ki, bármilyenhez. Számold össze a babföldjeiden lévő összes lapot, a "
            "betakarított babföldét is: 12–13 lapért 1, 14–16-ért 2, 17 vagy többért 3 babtallérral többet kapsz. Nem "
            "játszható ki, ha semmit sem hozna.",
            ("T-54",)),
        "pizza-overflow": (
            "Play it with one harvest of yours; it replaces that harvest's payout. Take the number of cards that pays "
            "4 coins on the beanometer in use: 1 card more pays 5 coins, 2 more pay 6, 3 or more pay 7. Example: "
            f"10 {CARDS.name('blue', 'en')} beans pay 4 coins; with this card 11 pay 5, 12 pay 6, 13 pay 7. Useless "
            "for a beanometer without a 4-coin step.",
            "Egy betakarításodhoz játszod ki, és ennek a kifizetése helyett jár. Nézd meg, hány lapért ad 4 "
            "babtallért a használt babmérce: eggyel több lapért 5, kettővel többért 6, hárommal vagy többel többért 7 "
            f"babtallér jár. Példa: 10 {CARDS.name('blue', 'hu')} 4 babtallért ér; ezzel a kártyával 11-ért 5, 12-ért "
            "6, 13-ért 7 babtallér jár. Hatástalan, ha a babmércén nincs 4 babtalléros lépcső.",
            ("T-54",)),
        "pizza-even-fields": (
            "Play it with one harvest of yours. Look at your field with the fewest cards (an empty field counts 0), the "
            "harvested one included: at least 3 cards on every field give 1 extra coin, at least 4 give 2, at least 5 "
            "give 3; with two players one card more is needed each time (4, 5, 6).",
            "Egy betakarításodhoz játszod ki. Nézd meg a legkevesebb lapot tartalmazó babföldedet (az üres 0-nak "
            "számít), a betakarítottat is beleértve: ha minden babföldeden legalább 3 lap van, 1, ha legalább 4, 2, ha "
            "legalább 5, 3 babtallérral többet kapsz; két játékosnál mindig eggyel több lap kell (4, 5, 6).",
            ("T-54",)),
        "pizza-small-beans": (
            f"Play it with one harvest of yours. Count the {CARDS.name(SNAP, 'en')}, {CARDS.name('garden', 'en')}, "
            f"{CARDS.name('red', 'en')} and {CARDS.name('black-eyed', 'en')} bean cards on all your fields (a Joker "
            "Bean counts as its field's type), the harvested field included: 7–8 give 1 extra coin, 9–10 give 2, 11 "
            "or more give 3.",
            "Egy betakarításodhoz játszod ki. Számold össze a babföldjeiden lévő metsző-, kerti-, vörös- és "
            "szemesbabokat (a dzsókerbab a babföldje fajtájának számít), a betakarított babföldet is beleértve: 7–8 "
            "babért 1, 9–10-ért 2, 11 vagy többért 3 babtallérral többet kapsz.",
            ("T-54",)),
        "seed-trade": (
            "Show 5 cards of 5 different bean types from your hand and put one of them face down on your coins: 1 coin. "
            "Then keep the other four, or discard them and draw 5 new cards from the deck.",
            "Mutass fel a kezedből 5 különböző babfajtájú lapot, és egyiküket képpel lefelé tedd a babtallérjaid közé: "
            "ez 1 babtallér. Utána a másik négyet megtarthatod, vagy eldobhatod, és húzhatsz 5 új lapot a "
            "húzópakliból.",
            ("T-56",)),
        "seven-new-cards": (
            "Passive players only, never the active player, and not after the deck has run out for the last time. "
            "Shuffle your whole hand into the draw deck, then draw 7 cards. The garden beans lying face up under the "
            "deck are not shuffled in: they stay underneath.",
            "Csak passzív játékos játszhatja ki, aktív játékos soha, és a húzópakli utolsó kifogyása után már nem. A "
            "kezedben lévő összes lapot a húzópakliba kevered, majd húzol 7 lapot. A húzópakli alatt képpel felfelé "
            "fekvő kertibabokat nem szabad belekeverni: azok alul maradnak.",
            ("T-47", "T-04", "T-41")),
        "strong-takeover": (
            "Play it when the player you attack lays a defence card, or when you declare a takeover of a field that is "
            "already protected. The defence is ignored and the takeover goes through; the defence card becomes one of "
            "your text cards, and the defender draws 1 text card as compensation.",
            "Akkor játszod ki, amikor a megtámadott játékos védekezésül szöveges kártyát tesz le, vagy amikor már "
            "védett babföld átvételét jelented be. A védelem nem számít, az átvétel végbemegy; a védekezésül lerakott "
            "szöveges kártya a tiéd lesz, a másik játékos pedig kárpótlásul húz egy szöveges kártyát.",
            ("T-46", "T-27")),
        "variable-field": (
            "Play it when you declare a takeover. The attacked field must be unprotected and its owner must not have "
            "performed a takeover this turn. Swap any of your fields with any field of that player that is weaker than "
            "it, whatever their positions: each lands in the other's place. Neither field may be empty. The attacked "
            "player can't defend.",
            "Akkor játszod ki, amikor ellenséges átvételt jelentesz be. A megtámadott babföld nem lehet védett, és a "
            "gazdája nem hajthatott végre ebben a körben ellenséges átvételt. Bármelyik babföldedet elcserélheted az ő "
            "bármelyik, a tiédnél gyengébb babföldjével, a helyüktől függetlenül: mindkettő a másik helyére kerül. "
            "Egyik babföld sem lehet üres. A megtámadott játékos nem védekezhet.",
            ("T-45", "T-34")),
        "extra-harvest": (
            "Harvest any one of your fields, even one with a single card while others hold more. It is not action d): "
            "the active-player card is not turned over, your one d) is not used up, and nobody can copy it.",
            "Betakaríthatod bármelyik babföldedet, akár olyat is, amelyen csak egyetlen lap van, miközben a többin "
            "több. Ez nem a d) cselekedet: az „aktív játékos”-kártyát nem kell megfordítani, a körönkénti egy d) "
            "megmarad, és senki sem másolhatja le.",
            ("T-50",)),
    }


def _text_card_list() -> Reference:
    texts = _text_cards()
    missing = [c[0] for c in TEXT_CARDS if c[0] not in texts]
    if missing:
        raise KeyError(f"text cards without their text on the page: {missing}")
    return reference_list(
        "text-cards", f"The {len(TEXT_CARDS)} text cards", f"A {len(TEXT_CARDS)} szöveges kártya",
        [entry(f"text:{cid}", en, hu, *texts[cid][:2], *texts[cid][2]) for cid, en, _de, hu, _ in TEXT_CARDS],
        {"en": "Each card is used once, as a special action, and then goes to the text discard pile. Instead, any of "
               "them may be laid face down to defend a field; each one still held at the end is worth 10 bean pennies.",
         "hu": "Minden kártya egyszer használható, különleges cselekedetként, aztán az eldobott szöveges kártyák közé "
               "kerül. Bármelyiket képpel lefelé le is teheted egy babföld védelmére; amelyik a végén még nálad van, "
               "10 babfillért ér."})


def _decided() -> Reference:
    return reference_list("decided", DECIDED["en"], DECIDED["hu"], [
        entry("decided:seven-new-cards-garden",
              "Does Seven New Cards shuffle the garden beans under the deck into it?",
              "A Hét új babkártya a húzópakli alatti kertibabokat is belekeveri?",
              "No. Only your hand is shuffled into the draw deck; the garden beans lying face up under it stay out, "
              "underneath, and join the deck only when it runs out. The card itself says so.",
              "Nem. Csak a kezedben lévő lapokat kevered a húzópakliba; az alatta képpel felfelé fekvő kertibabok "
              "kimaradnak, alul maradnak, és csak a pakli kifogyásakor kerülnek bele. Ezt maga a kártya mondja ki.",
              "T-47", "T-04", "T-38"),
    ])


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The lists on the page below the overview: the beanometers the text cards need, every text
    card's full text and the questions the rules decide."""
    from .rules import Takeover

    return (_beanometers(Takeover()), _text_card_list(), _decided())


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """The takeover expansion at a glance for ``options`` (default: what a new game uses)."""
    from .rules import Takeover

    rs = Takeover()
    opts = rs.check_options(dict(options or {}))
    return Overview(rs.name, game_title(rs), opts, (
        section("box", _box(rs)),
        section("players", _players(rs, opts)),
        section("turn", _turn(rs, opts)),
        section("end", _end(rs, opts)),
        section("scoring", _scoring(rs, opts)),
        section("options", option_lines(rs, opts, OPTIONS), teacher=how_to_change(rs.name, 'late_windows="pass_only"')),
    ), GLOSSARY)
