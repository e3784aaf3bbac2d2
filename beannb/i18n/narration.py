"""Narration: every event kind has a sentence in English and in Hungarian."""
from __future__ import annotations

from typing import Any, Callable

from ..core.cards import BEANS

PHASES = {
    "en": {"plant": "phase 1: plant from the hand", "trade": "phase 2: trade", "pending": "phase 3: plant traded cards",
           "draw": "phase 4: draw", "offers": "step 1: the offered cards", "take": "step 3: plant revealed cards",
           "over": "game over"},
    "hu": {"plant": "1. fázis: ültetés a kézből", "trade": "2. fázis: kereskedés", "pending": "3. fázis: a kapott lapok elültetése",
           "draw": "4. fázis: húzás", "offers": "1. lépés: a felkínált lapok", "take": "3. lépés: a felfordított lapok elültetése",
           "over": "vége a játéknak"},
}


def bean_name(bean: str, lang: str) -> str:
    b = BEANS.get(bean)
    if b is None:
        from . import cardnames

        return cardnames.name(bean, lang)
    return b.name(lang)


def beans_text(beans, lang: str) -> str:
    if not beans:
        return "nothing" if lang == "en" else "semmi"
    return ", ".join(bean_name(b, lang) for b in beans)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _cards_side(items, lang):
    if not items:
        return "nothing" if lang == "en" else "semmi"
    out = []
    for tok in items:
        if "@" in tok:
            b, pos = tok.split("@")
            out.append(f"{bean_name(b, lang)} ({'hand position' if lang == 'en' else 'kézben'} {pos}{'' if lang == 'en' else '.'})")
        elif tok.startswith("up:"):
            out.append(f"{'face-up' if lang == 'en' else 'felfordított'} {bean_name(tok[3:], lang)}")
        else:
            parts = tok.split()
            if len(parts) == 2:
                out.append(f"{parts[0]} {bean_name(parts[1].split(':')[-1], lang)}")
            else:
                out.append(bean_name(tok.split(":")[-1], lang))
    return ", ".join(out)


Template = Callable[[dict[str, Any], str], str]

EN: dict[str, Template] = {
    "plant": lambda d, p: f"{p} plants {bean_name(d['bean'], 'en')} in field {d['field']} ({_plural(d['size'], 'card')} there now).",
    "harvest": lambda d, p: f"{p} harvests field {d['field']} ({d['cards']} × {bean_name(d['bean'], 'en')}) for {_plural(d['coins'], 'coin')}; {_plural(d['discarded'], 'card')} to the discard pile.",
    "final_sale": lambda d, p: f"Final sale: {p}'s field {d['field']} ({d['cards']} {bean_name(d['bean'], 'en')}) pays {_plural(d['coins'], 'coin')}.",
    "buy_field": lambda d, p: f"{p} buys a 3rd bean field for {_plural(d['price'], 'coin')}" + (" (the coins leave the game)." if d['to'] == 'box' else " (the coins go onto the discard pile)."),
    "exhausted": lambda d, p: f"The deck has run out for the {_ordinal(d['count'])} time (the game ends at the {_ordinal(d['end_at'])}).",
    "reshuffle": lambda d, p: f"The discard pile is shuffled into a new deck of {d['cards']} cards.",
    "skip_plant": lambda d, p: f"{p}'s hand is empty, so phase 1 is skipped.",
    "reveal": lambda d, p: f"{p} turns up {beans_text(d['beans'], 'en')}.",
    "take_discards": lambda d, p: f"Matching cards from the discard pile join them: {beans_text(d['beans'], 'en')}.",
    "phase": lambda d, p: f"Now {PHASES['en'].get(d['phase'], d['phase'])}.",
    "discard": lambda d, p: f"{p} discards {bean_name(d['bean'], 'en')} face up.",
    "offer": lambda d, p: f"{p} offers {d['partner']} {_cards_side(d['give'], 'en')} for {_cards_side(d['get'], 'en')} (offer #{d['id']}).",
    "decline": lambda d, p: f"{p} declines offer #{d['id']} from {d['proposer']}.",
    "withdraw": lambda d, p: f"{p} withdraws offer #{d['id']}.",
    "lapse": lambda d, p: f"Offer #{d['id']} by {p} lapses.",
    "deal": lambda d, p: (f"Deal #{d['id']}: {d['proposer']} gives {beans_text(d['to_partner'], 'en')} and {d['partner']} gives {beans_text(d['to_proposer'], 'en')}; the cards wait to be planted."),
    "keep_faceup": lambda d, p: f"{p} ends trading and must plant the face-up cards left: {beans_text(d['beans'], 'en')}.",
    "draw": lambda d, p: f"{p} draws {_plural(d['count'], 'card')} to the back of the hand.",
    "to_offer": lambda d, p: f"{p} leaves {beans_text(d['beans'], 'en')} on offer for the opponent.",
    "turn": lambda d, p: f"Turn {d['turn']}: {p} is the active player.",
    "game_end": lambda d, p: "The game ends. Every field is sold.",
    "winner": lambda d, p: ("Winner: " if len(d['winners']) == 1 else "Shared win: ") + ", ".join(d['winners']) + " (" + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + ").",
}

HU: dict[str, Template] = {
    "plant": lambda d, p: f"{p} elültet egy {bean_name(d['bean'], 'hu')} lapot a(z) {d['field']}. babföldre (most {d['size']} lap van rajta).",
    "harvest": lambda d, p: f"{p} betakarítja a(z) {d['field']}. babföldet: {d['cards']} {bean_name(d['bean'], 'hu')} {d['coins']} babtallért ér, {d['discarded']} lap a dobott lapok közé kerül.",
    "final_sale": lambda d, p: f"Végső eladás: {p} {d['field']}. babföldje ({d['cards']} {bean_name(d['bean'], 'hu')}) {d['coins']} babtallért ér.",
    "buy_field": lambda d, p: f"{p} {d['price']} babtallérért megveszi a 3. babföldet" + (" (a tallérok kikerülnek a játékból)." if d['to'] == 'box' else " (a tallérok a dobott lapok közé kerülnek)."),
    "exhausted": lambda d, p: f"A húzópakli {d['count']}. alkalommal fogyott el (a játék a {d['end_at']}. alkalommal ér véget).",
    "reshuffle": lambda d, p: f"A dobott lapokat megkeverve új, {d['cards']} lapos húzópakli lesz.",
    "skip_plant": lambda d, p: f"{p} keze üres, ezért az 1. fázis kimarad.",
    "reveal": lambda d, p: f"{p} felcsapja: {beans_text(d['beans'], 'hu')}.",
    "take_discards": lambda d, p: f"A dobott lapok közül hozzájuk kerül: {beans_text(d['beans'], 'hu')}.",
    "phase": lambda d, p: f"Következik: {PHASES['hu'].get(d['phase'], d['phase'])}.",
    "discard": lambda d, p: f"{p} képpel felfelé eldobja: {bean_name(d['bean'], 'hu')}.",
    "offer": lambda d, p: f"{p} ajánlata {d['partner']} számára: {_cards_side(d['give'], 'hu')} ezért: {_cards_side(d['get'], 'hu')} (#{d['id']}. ajánlat).",
    "decline": lambda d, p: f"{p} elutasítja {d['proposer']} #{d['id']}. ajánlatát.",
    "withdraw": lambda d, p: f"{p} visszavonja a #{d['id']}. ajánlatot.",
    "lapse": lambda d, p: f"{p} #{d['id']}. ajánlata érvényét veszti.",
    "deal": lambda d, p: f"#{d['id']}. csere: {d['proposer']} ad: {beans_text(d['to_partner'], 'hu')}, {d['partner']} ad: {beans_text(d['to_proposer'], 'hu')}; a lapok ültetésre várnak.",
    "keep_faceup": lambda d, p: f"{p} lezárja a kereskedést, és el kell ültetnie a megmaradt felfordított lapokat: {beans_text(d['beans'], 'hu')}.",
    "draw": lambda d, p: f"{p} húz {d['count']} lapot a keze végére.",
    "to_offer": lambda d, p: f"{p} felkínálja az ellenfelének: {beans_text(d['beans'], 'hu')}.",
    "turn": lambda d, p: f"{d['turn']}. kör: {p} az aktív játékos.",
    "game_end": lambda d, p: "Vége a játéknak. Minden babföld termését eladják.",
    "winner": lambda d, p: ("Győztes: " if len(d['winners']) == 1 else "Megosztott győzelem: ") + ", ".join(d['winners']) + " (" + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + ").",
}

TEMPLATES = {"en": EN, "hu": HU}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def register(kind: str, en: Template, hu: Template) -> None:
    """Rulesets add the narration of their own event kinds."""
    EN[kind] = en
    HU[kind] = hu


def narrate(event, lang: str = "en") -> str:
    table = TEMPLATES.get(lang, EN)
    tpl = table.get(event.kind) or EN.get(event.kind)
    if tpl is None:
        return f"{event.player or ''} {event.kind} {event.data}".strip()
    return tpl(event.data, event.player or "")
