"""The base game's words: every event kind has a sentence in English and in Hungarian,
and the phases have names. Expansions extend :data:`NARRATION` (a new object each)."""
from __future__ import annotations

from typing import Any, Callable, Optional

from ...core.events import Narration, Words
from .cards import CARDS

PHASES = {
    "en": {"plant": "phase 1: plant from the hand", "trade": "phase 2: trade", "pending": "phase 3: plant traded cards",
           "draw": "phase 4: draw", "offers": "step 1: the offered cards", "take": "step 3: plant revealed cards",
           "over": "game over"},
    "hu": {"plant": "1. fázis: ültetés a kézből", "trade": "2. fázis: kereskedés", "pending": "3. fázis: a kapott lapok elültetése",
           "draw": "4. fázis: húzás", "offers": "1. lépés: a felkínált lapok", "take": "3. lépés: a felfordított lapok elültetése",
           "over": "vége a játéknak"},
}


#: A base-game card's name and a list of cards in words (expansions name theirs by their own table).
bean_name = CARDS.name
beans_text = CARDS.names


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _cards_side(items, w: Words):
    lang = w.lang
    if not items:
        return "nothing" if lang == "en" else "semmi"
    out = []
    for tok in items:
        if "@" in tok:
            b, pos = tok.split("@")
            out.append(f"{w.name(b)} ({'hand position' if lang == 'en' else 'kézben'} {pos}{'' if lang == 'en' else '.'})")
        elif tok.startswith("up:"):
            out.append(f"{'face-up' if lang == 'en' else 'felfordított'} {w.name(tok[3:])}")
        else:
            parts = tok.split()
            if len(parts) == 2:
                out.append(f"{parts[0]} {w.name(parts[1].split(':')[-1])}")
            else:
                out.append(w.name(tok.split(":")[-1]))
    return ", ".join(out)



EN: dict[str, Callable] = {
    "plant": lambda d, p, w: f"{p} plants {w.name(d['bean'])} in field {d['field']} ({_plural(d['size'], 'card')} there now).",
    "harvest": lambda d, p, w: f"{p} harvests field {d['field']} ({d['cards']} × {w.name(d['bean'])}) for {_plural(d['coins'], 'coin')}; {_plural(d['discarded'], 'card')} to the discard pile.",
    "final_sale": lambda d, p, w: f"Final sale: {p}'s field {d['field']} ({d['cards']} {w.name(d['bean'])}) pays {_plural(d['coins'], 'coin')}.",
    "buy_field": lambda d, p, w: f"{p} buys a 3rd bean field for {_plural(d['price'], 'coin')}" + (" (the coins leave the game)." if d['to'] == 'box' else " (the coins go onto the discard pile)."),
    "exhausted": lambda d, p, w: f"The deck has run out for the {_ordinal(d['count'])} time (the game ends at the {_ordinal(d['end_at'])}).",
    "reshuffle": lambda d, p, w: f"The discard pile is shuffled into a new deck of {d['cards']} cards.",
    "skip_plant": lambda d, p, w: f"{p}'s hand is empty, so phase 1 is skipped.",
    "reveal": lambda d, p, w: f"{p} turns up {w.names(d['beans'])}.",
    "take_discards": lambda d, p, w: f"Matching cards from the discard pile join them: {w.names(d['beans'])}.",
    "phase": lambda d, p, w: f"Now {w.phase(d['phase'])}.",
    "discard": lambda d, p, w: f"{p} discards {w.name(d['bean'])} face up.",
    "offer": lambda d, p, w: f"{p} offers {d['partner']} {_cards_side(d['give'], w)} for {_cards_side(d['get'], w)} (offer #{d['id']}).",
    "decline": lambda d, p, w: f"{p} declines offer #{d['id']} from {d['proposer']}.",
    "withdraw": lambda d, p, w: f"{p} withdraws offer #{d['id']}.",
    "lapse": lambda d, p, w: f"Offer #{d['id']} by {p} lapses.",
    "deal": lambda d, p, w: (f"Deal #{d['id']}: {d['proposer']} gives {w.names(d['to_partner'])} and {d['partner']} gives {w.names(d['to_proposer'])}; the cards wait to be planted."),
    "keep_faceup": lambda d, p, w: f"{p} ends trading and must plant the face-up cards left: {w.names(d['beans'])}.",
    "draw": lambda d, p, w: f"{p} draws {_plural(d['count'], 'card')} to the back of the hand.",
    "to_offer": lambda d, p, w: f"{p} leaves {w.names(d['beans'])} on offer for the opponent.",
    "turn": lambda d, p, w: f"Turn {d['turn']}: {p} is the active player.",
    "game_end": lambda d, p, w: "The game ends. Every field is sold.",
    "winner": lambda d, p, w: ("Winner: " if len(d['winners']) == 1 else "Shared win: ") + ", ".join(d['winners']) + " (" + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + ").",
}

HU: dict[str, Callable] = {
    "plant": lambda d, p, w: f"{p} elültet egy {w.name(d['bean'])} lapot a(z) {d['field']}. babföldre (most {d['size']} lap van rajta).",
    "harvest": lambda d, p, w: f"{p} betakarítja a(z) {d['field']}. babföldet: {d['cards']} {w.name(d['bean'])} {d['coins']} babtallért ér, {d['discarded']} lap a dobott lapok közé kerül.",
    "final_sale": lambda d, p, w: f"Végső eladás: {p} {d['field']}. babföldje ({d['cards']} {w.name(d['bean'])}) {d['coins']} babtallért ér.",
    "buy_field": lambda d, p, w: f"{p} {d['price']} babtallérért megveszi a 3. babföldet" + (" (a tallérok kikerülnek a játékból)." if d['to'] == 'box' else " (a tallérok a dobott lapok közé kerülnek)."),
    "exhausted": lambda d, p, w: f"A húzópakli {d['count']}. alkalommal fogyott el (a játék a {d['end_at']}. alkalommal ér véget).",
    "reshuffle": lambda d, p, w: f"A dobott lapokat megkeverve új, {d['cards']} lapos húzópakli lesz.",
    "skip_plant": lambda d, p, w: f"{p} keze üres, ezért az 1. fázis kimarad.",
    "reveal": lambda d, p, w: f"{p} felcsapja: {w.names(d['beans'])}.",
    "take_discards": lambda d, p, w: f"A dobott lapok közül hozzájuk kerül: {w.names(d['beans'])}.",
    "phase": lambda d, p, w: f"Következik: {w.phase(d['phase'])}.",
    "discard": lambda d, p, w: f"{p} képpel felfelé eldobja: {w.name(d['bean'])}.",
    "offer": lambda d, p, w: f"{p} ajánlata {d['partner']} számára: {_cards_side(d['give'], w)} ezért: {_cards_side(d['get'], w)} (#{d['id']}. ajánlat).",
    "decline": lambda d, p, w: f"{p} elutasítja {d['proposer']} #{d['id']}. ajánlatát.",
    "withdraw": lambda d, p, w: f"{p} visszavonja a #{d['id']}. ajánlatot.",
    "lapse": lambda d, p, w: f"{p} #{d['id']}. ajánlata érvényét veszti.",
    "deal": lambda d, p, w: f"#{d['id']}. csere: {d['proposer']} ad: {w.names(d['to_partner'])}, {d['partner']} ad: {w.names(d['to_proposer'])}; a lapok ültetésre várnak.",
    "keep_faceup": lambda d, p, w: f"{p} lezárja a kereskedést, és el kell ültetnie a megmaradt felfordított lapokat: {w.names(d['beans'])}.",
    "draw": lambda d, p, w: f"{p} húz {d['count']} lapot a keze végére.",
    "to_offer": lambda d, p, w: f"{p} felkínálja az ellenfelének: {w.names(d['beans'])}.",
    "turn": lambda d, p, w: f"{d['turn']}. kör: {p} az aktív játékos.",
    "game_end": lambda d, p, w: "Vége a játéknak. Minden babföld termését eladják.",
    "winner": lambda d, p, w: ("Győztes: " if len(d['winners']) == 1 else "Megosztott győzelem: ") + ", ".join(d['winners']) + " (" + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + ").",
}

#: The base game's narration: every event kind in both languages, with the base cards.
NARRATION = Narration(CARDS, {"en": EN, "hu": HU}, PHASES)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# --------------------------------------------------------------------------------------
# Button labels and the headings of button groups
# --------------------------------------------------------------------------------------
#: verb -> (English, Hungarian) heading of its group of action buttons.
GROUPS = {
    "plant": ("Plant", "Ültetés"),
    "harvest": ("Harvest", "Betakarítás"),
    "buy-field": ("Buy a field", "Babföld vásárlása"),
    "reveal": ("Finish planting", "Az ültetés vége"),
    "offer": ("Offer", "Ajánlat"),
    "accept": ("Answer offers", "Válasz az ajánlatokra"),
    "decline": ("Answer offers", "Válasz az ajánlatokra"),
    "withdraw": ("Withdraw", "Visszavonás"),
    "end-trade": ("Trading", "Kereskedés"),
    "draw": ("Draw", "Húzás"),
    "discard": ("Discard", "Eldobás"),
}


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """A short button label for a base-game action, without the player's name (None: not one)."""
    v = a.VERB
    bean_name = cards.name
    hu = lang == "hu"
    if v == "plant":
        bean = bean_name(a.bean, lang) if a.bean else ""
        if hu:
            return f"{bean} → {a.field}. babföld" if a.field else f"Ültetés: {bean}"
        return f"{bean} → field {a.field}" if a.field else f"Plant {bean}"
    if v == "harvest":
        return f"{a.field}. babföld betakarítása" if hu else f"Harvest field {a.field}"
    if v == "buy-field":
        return "3. babföld vásárlása" if hu else "Buy the 3rd field"
    if v == "reveal":
        return "Lapok felcsapása" if hu else "Turn up cards"
    if v == "end-trade":
        return "Kereskedés lezárása" if hu else "End trading"
    if v == "draw":
        return "Húzás" if hu else "Draw cards"
    if v == "accept":
        return f"#{a.offer} elfogadása" if hu else f"Accept #{a.offer}"
    if v == "decline":
        return f"#{a.offer} elutasítása" if hu else f"Decline #{a.offer}"
    if v == "withdraw":
        return f"#{a.offer} visszavonása" if hu else f"Withdraw #{a.offer}"
    if v == "discard":
        bean = bean_name(a.bean, lang)
        return (f"Eldobás: {bean}" if hu else f"Discard {bean}") + (f" ({a.pos}.)" if hu and a.pos else f" (#{a.pos})" if a.pos else "")
    return None
