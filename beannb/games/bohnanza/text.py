"""The base game's words: every event kind has a sentence in English and in Hungarian,
and the phases have names. Expansions extend :data:`NARRATION` (a new object each)."""
from __future__ import annotations

from typing import Any, Callable, Optional

from ...core.events import Narration, Words
from ...i18n.messages import NC_, NPC_, Messages, Named, locale_dir
from .cards import CARDS

#: The base game's messages by code (English here; other languages in ``locale/``): why a move
#: is refused. ``{field}`` is a field's number as players count (from 1); ``{bean}`` a card
#: (a :class:`~beannb.i18n.messages.Named`), shown in the reader's language.
MESSAGES = Messages("bohnanza", locale_dir(__file__), [
    NPC_("field-missing", "there is no field {field}; you have {n} field", "there is no field {field}; you have {n} fields"),
    NPC_("field-missing-third", "there is no field {field}; you have {n} field (a 3rd field must be bought first)",
         "there is no field {field}; you have {n} fields (a 3rd field must be bought first)"),
    NC_("field-empty", "field {field} is empty"),
    NC_("harvest-single", "field {field} holds a single {bean} bean, and field {other} has {n} cards"),
    NC_("plant-no-field", "no field can take the {bean} bean: harvest a field first"),
    NC_("plant-no-field-buy", "no field can take the {bean} bean: harvest a field first or buy a 3rd field"),
    NC_("plant-field-missing", "there is no field {field}"),
    NC_("plant-other-bean", "field {field} grows {other}: a card is planted only into an empty field or onto a field "
                            "of its own type"),
    NC_("plant-must-match", "{bean} already grows in field {field}, so it must go there"),
    # Who may act, and when. ``{what}`` is one of the "turn-..." messages (an expansion passes its own).
    NC_("no-such-player", "there is no player called {player}; the seats are {seats}"),
    NC_("game-over", "the game is over"),
    NC_("unknown-verb", "'{verb}' is not an action of {game}"),
    NC_("not-your-turn", "only the active player, {player}, may {what} now"),
    NC_("turn-plant-hand", "plant from the hand"),
    NC_("turn-plant-offered", "plant the offered cards"),
    NC_("turn-plant-revealed", "plant the revealed cards"),
    NC_("turn-harvest-duel", "harvest (in the duel you harvest on your own turn only)"),
    NC_("turn-reveal", "turn up cards"),
    NC_("turn-end-trade", "end trading"),
    NC_("turn-draw", "draw"),
    NC_("turn-discard", "discard"),
    # Planting. ``{now}`` of "hand-plant-phase" is one of the "now-..." messages.
    NC_("hand-empty-reveal", "your hand is empty, so phase 1 is skipped: reveal instead"),
    NC_("plant-after-discard", "after the discard no more planting in this step"),
    NC_("planted-two", "you have already planted two cards from your hand"),
    NC_("front-card-only", "only the front card of your hand may be planted, and it is {front}, not {bean}"),
    NC_("hand-plant-phase", "hand cards are planted only in phase 1 of your own turn, at most two and from the front "
                            "of the hand; {now}"),
    NC_("now-phase-2", "it is phase 2, trading"),
    NC_("now-phase-3", "it is phase 3, when only the cards received or kept in phase 2 are planted"),
    NC_("now-phase-4", "it is phase 4, when the active player draws"),
    NC_("no-pending", "you have no pending cards to plant"),
    NC_("no-pending-bean", "you have no pending {bean}; pending: {pending}"),
    NC_("not-on-offer", "no {bean} is on offer"),
    NC_("no-revealed-left", "no revealed cards are left"),
    NC_("not-face-up", "no {bean} is face up"),
    NC_("faceup-while-trading", "the face-up cards are not planted while trading: when the active player ends trading, "
                                "those left become the active player's pending cards, planted in phase 3"),
    NC_("pending-while-trading", "cards received in a deal are pending: they wait beside your fields and are planted "
                                 "in phase 3, after the active player ends trading"),
    # The 3rd field. ``{profile}`` is an edition profile's key (AMIGO_CURRENT).
    NC_("no-field-to-buy", "profile {profile} has no 3rd field to buy"),
    NC_("fourth-field", "you already have a 3rd field; a 4th never exists"),
    NC_("field-price", "the 3rd field costs {price} coins and you have {n}"),
    # Turning up, drawing, discarding (the duel). ``{waiting}`` lists player names.
    NC_("offered-first", "first plant or discard every offered card"),
    NC_("already-revealed", "the cards of this turn are already turned up"),
    NC_("reveal-once", "cards are turned up once, at the end of planting from the hand"),
    NC_("plant-front-first", "you must first plant the front card of your hand ({bean})"),
    NC_("no-trading-now", "trading is not going on now"),
    NC_("pending-waiting", "phase 4 cannot start while cards are waiting to be planted ({waiting})"),
    NC_("draw-phase-4", "cards are drawn in phase 4, at the end of the turn"),
    NC_("no-discard", "cards are never discarded in this game; pending cards must be planted"),
    NC_("discard-offered-not-hand", "in step 1 you plant or discard the offered cards, not hand cards"),
    NC_("one-discard", "only one hand card may be discarded"),
    NC_("discard-after-plant", "plant first; the discard comes after planting"),
    NC_("discard-position", "name a hand position from 1 to {last}, e.g. {bean}@1"),
    NC_("hand-position-holds", "hand position {pos} holds {held}, not {bean}"),
    NC_("no-discard-now", "nothing can be discarded in this step"),
    # Trading. ``{want}`` is what an offer asks for, in the notation (2 soy, up:chili); ``{open}``
    # the open offers' numbers (#1, #2) or "offers-none".
    NC_("duel-no-trading", "the two-player duel has no trading or gifts"),
    NC_("deal-phase-2", "deals are made only in phase 2, while the active player trades"),
    NC_("partner-not-player", "{partner} is not another player at this table"),
    NC_("deal-needs-active", "every deal needs the active player, {active}; {player} and {partner} cannot deal with "
                             "each other"),
    NC_("offer-empty", "an offer must move at least one card"),
    NC_("untradeable-field", "field cards can never be traded"),
    NC_("untradeable-pending", "pending cards can never be traded"),
    NC_("untradeable-coin", "coin cards can never be traded"),
    NC_("faceup-active-only", "only the active player has face-up cards to give; you give cards from your hand"),
    NC_("hand-positions", "your hand has positions 1 to {last}, not {pos}"),
    NC_("position-twice", "hand position {pos} is named twice"),
    NC_("faceup-count", "only {n} face-up {bean} on the table"),
    NC_("partner-no-faceup", "{partner} is not the active player and has no face-up cards; ask for hand cards"),
    NC_("offer-missing-to", "there is no open offer #{offer} to {player} (open: {open})"),
    NC_("offer-missing-by", "there is no open offer #{offer} by {player} (open: {open})"),
    NC_("offer-missing-from", "there is no open offer from {proposer} to {player} (open: {open})"),
    NC_("offer-missing-by-to", "there is no open offer by {player} to {partner} (open: {open})"),
    NC_("offers-none", "none"),
    NC_("accept-name-cards", "name the hand cards you give as bean@position"),
    NC_("accept-cannot-give", "you cannot give what offer #{offer} asks for ({want})"),
    NC_("accept-cannot-give-named", "you cannot give what offer #{offer} asks for ({want}) with the cards you named"),

    # What happened: one message per event kind ("event-<kind>"), filled by the kind's fill below.
    NPC_("event-plant", "{player} plants {bean} in field {field} ({n} card there now).",
         "{player} plants {bean} in field {field} ({n} cards there now)."),
    NC_("event-phase", "Now {phase}."),
    NC_("event-turn", "Turn {turn}: {player} is the active player."),

    # The phases (and the duel's steps) as the narration and the table name them ("phase-<phase>").
    NC_("phase-plant", "phase 1: plant from the hand"),
    NC_("phase-trade", "phase 2: trade"),
    NC_("phase-pending", "phase 3: plant traded cards"),
    NC_("phase-draw", "phase 4: draw"),
    NC_("phase-offers", "step 1: the offered cards"),
    NC_("phase-take", "step 3: plant revealed cards"),
    NC_("phase-over", "game over"),
])

#: A base-game card's name and a list of cards in words (expansions name theirs by their own table).
bean_name = CARDS.name
beans_text = CARDS.names


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _token_cards(items, counted: bool) -> list[tuple[str, str, int]]:
    """An event's cards as the notation wrote them ("green@4", "up:chili", "2 soy") as
    (zone, bean, count) triples."""
    out = []
    for tok in items:
        n = 1
        parts = str(tok).split()
        if len(parts) == 2 and parts[0].isdigit():
            n, tok = int(parts[0]), parts[1]
        zone, _, bean = tok.rpartition(":") if ":" in tok else ("hand", "", tok)
        out.append((zone, bean.split("@")[0], n if counted else 1))
    return out


def _gives(beans, w: Words) -> str:
    """Cards handed over in a deal, counted: "two Chili and a Soy" / "két tűzbabot és egy szójababot"."""
    if not beans:
        return "semmit" if w.lang == "hu" else "nothing"
    return join_words([card_phrase("hand", b, n, w.lang, w.narration.cards, "acc")
                       for _, b, n in _grouped(("hand", b, 1) for b in beans)], w.lang)


def _offer_event(d, p, w: Words) -> str:
    body = offer_sentence(p, d["partner"], _token_cards(d["give"], False), _token_cards(d["get"], True), w.lang,
                          w.narration.cards)
    return body[:-1] + (f" ({d['id']}. ajánlat)." if w.lang == "hu" else f" (offer #{d['id']}).")


EN: dict[str, Callable] = {
    "harvest": lambda d, p, w: f"{p} harvests field {d['field']} ({d['cards']} × {w.name(d['bean'])}) for {_plural(d['coins'], 'coin')}; {_plural(d['discarded'], 'card')} to the discard pile.",
    "final_sale": lambda d, p, w: f"Final sale: {p}'s field {d['field']} ({d['cards']} {w.name(d['bean'])}) pays {_plural(d['coins'], 'coin')}.",
    "buy_field": lambda d, p, w: f"{p} buys a 3rd bean field for {_plural(d['price'], 'coin')}" + (" (the coins leave the game)." if d['to'] == 'box' else " (the coins go onto the discard pile)."),
    "exhausted": lambda d, p, w: f"The deck has run out for the {_ordinal(d['count'])} time (the game ends at the {_ordinal(d['end_at'])}).",
    "reshuffle": lambda d, p, w: f"The discard pile is shuffled into a new deck of {d['cards']} cards.",
    "skip_plant": lambda d, p, w: f"{p}'s hand is empty, so phase 1 is skipped.",
    "reveal": lambda d, p, w: f"{p} turns up {w.names(d['beans'])}.",
    "take_discards": lambda d, p, w: f"Matching cards from the discard pile join them: {w.names(d['beans'])}.",
    "discard": lambda d, p, w: f"{p} discards {w.name(d['bean'])} face up.",
    "offer": lambda d, p, w: _offer_event(d, p, w),
    "decline": lambda d, p, w: f"{p} declines offer #{d['id']} from {d['proposer']}.",
    "withdraw": lambda d, p, w: f"{p} withdraws offer #{d['id']}.",
    "lapse": lambda d, p, w: f"Offer #{d['id']} by {p} lapses.",
    "deal": lambda d, p, w: (f"Deal #{d['id']}: {d['proposer']} gives {_gives(d['to_partner'], w)}, {d['partner']} gives {_gives(d['to_proposer'], w)}; the cards wait to be planted."),
    "keep_faceup": lambda d, p, w: f"{p} ends trading and must plant the face-up cards left: {w.names(d['beans'])}.",
    "draw": lambda d, p, w: f"{p} draws {_plural(d['count'], 'card')} to the back of the hand.",
    "to_offer": lambda d, p, w: f"{p} leaves {w.names(d['beans'])} on offer for the opponent.",
    "game_end": lambda d, p, w: "The game ends. Every field is sold.",
    "winner": lambda d, p, w: ("Winner: " if len(d['winners']) == 1 else "Shared win: ") + ", ".join(d['winners']) + " (" + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + ").",
}

HU: dict[str, Callable] = {
    "harvest": lambda d, p, w: f"{p} betakarítja {the(str(d['field']) + '.', 'hu')} babföldet: {d['cards']} {w.name(d['bean'])} {d['coins']} babtallért ér, {d['discarded']} lap a dobott lapok közé kerül.",
    "final_sale": lambda d, p, w: f"Végső eladás: {p} {d['field']}. babföldje ({d['cards']} {w.name(d['bean'])}) {d['coins']} babtallért ér.",
    "buy_field": lambda d, p, w: f"{p} {d['price']} babtallérért megveszi a 3. babföldet" + (" (a tallérok kikerülnek a játékból)." if d['to'] == 'box' else " (a tallérok a dobott lapok közé kerülnek)."),
    "exhausted": lambda d, p, w: f"A húzópakli {d['count']}. alkalommal fogyott el (a játék a {d['end_at']}. alkalommal ér véget).",
    "reshuffle": lambda d, p, w: f"A dobott lapokat megkeverve új, {d['cards']} lapos húzópakli lesz.",
    "skip_plant": lambda d, p, w: f"{p} keze üres, ezért az 1. fázis kimarad.",
    "reveal": lambda d, p, w: f"{p} felcsapja: {w.names(d['beans'])}.",
    "take_discards": lambda d, p, w: f"A dobott lapok közül hozzájuk kerül: {w.names(d['beans'])}.",
    "discard": lambda d, p, w: f"{p} képpel felfelé eldobja: {w.name(d['bean'])}.",
    "offer": lambda d, p, w: _offer_event(d, p, w),
    "decline": lambda d, p, w: f"{p} elutasítja {d['proposer']} {d['id']}. ajánlatát.",
    "withdraw": lambda d, p, w: f"{p} visszavonja {the(str(d['id']) + '.', 'hu')} ajánlatát.",
    "lapse": lambda d, p, w: f"{p} {d['id']}. ajánlata érvényét veszti.",
    "deal": lambda d, p, w: f"{d['id']}. csere: {d['proposer']} {_gives(d['to_partner'], w)} ad, {d['partner']} {_gives(d['to_proposer'], w)}; a lapok ültetésre várnak.",
    "keep_faceup": lambda d, p, w: f"{p} lezárja a kereskedést, és el kell ültetnie a megmaradt felfordított lapokat: {w.names(d['beans'])}.",
    "draw": lambda d, p, w: f"{p} húz {d['count']} lapot a keze végére.",
    "to_offer": lambda d, p, w: f"{p} felkínálja az ellenfelének: {w.names(d['beans'])}.",
    "game_end": lambda d, p, w: "Vége a játéknak. Minden babföld termését eladják.",
    "winner": lambda d, p, w: ("Győztes: " if len(d['winners']) == 1 else "Megosztott győzelem: ") + ", ".join(d['winners']) + " (" + ", ".join(f"{k} {v}" for k, v in d['scores'].items()) + ").",
}

#: The base game's narration: every event kind in both languages, with the base cards.
def _fill_plant(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "bean": Named(n.cards, d["bean"]), "field": d["field"], "n": d["size"]}


def _fill_phase(d: dict, p: str, n: Narration) -> dict:
    return {"phase": n.phase_value(d["phase"])}


def _fill_turn(d: dict, p: str, n: Narration) -> dict:
    return {"turn": d["turn"], "player": p}


#: Catalogued event kinds: each one's message is "event-<kind>", filled by these.
FILLS = {"plant": _fill_plant, "phase": _fill_phase, "turn": _fill_turn}

NARRATION = Narration(CARDS, {"en": EN, "hu": HU}, messages=MESSAGES, fills=FILLS)


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
    if v == "offer":
        return offer_label(a.partner, a.give, a.get, lang, cards)
    if v == "accept":
        return f"{a.offer}. ajánlat elfogadása" if hu else f"Accept #{a.offer}"
    if v == "decline":
        return f"{a.offer}. ajánlat elutasítása" if hu else f"Decline #{a.offer}"
    if v == "withdraw":
        return f"{a.offer}. ajánlat visszavonása" if hu else f"Withdraw #{a.offer}"
    if v == "discard":
        bean = bean_name(a.bean, lang)
        return (f"Eldobás: {bean}" if hu else f"Discard {bean}") + (f" ({a.pos}.)" if hu and a.pos else f" (#{a.pos})" if a.pos else "")
    return None


# --------------------------------------------------------------------------------------
# Actions in sentences: what a learner reads in the log, open offers, refusals, captions
# and exercise choices (the notation stays in files, the API and the "try" box)
# --------------------------------------------------------------------------------------
NUMBER_WORDS = {"en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
                "hu": ("nulla", "egy", "két", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc", "tíz")}
_VOWELS = "aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ"


def count_word(n: int, lang: str) -> str:
    """A small count in words ("two", "két"); larger ones as digits."""
    words = NUMBER_WORDS["hu" if lang == "hu" else "en"]
    return words[n] if 0 <= n < len(words) else str(n)


def article(word: str) -> str:
    """The Hungarian definite article before ``word`` ("a" or "az"); numbers as they are said."""
    w = str(word).lstrip("#")
    if w[:1].isdigit():
        digits = w.split(".")[0].lstrip("0")
        return "az" if digits == "1" or digits.startswith("5") else "a"
    return "az" if w[:1] in _VOWELS else "a"


def the(word: str, lang: str) -> str:
    """``word`` with its definite article in Hungarian ("az 1. babföld"); as it is in English."""
    return f"{article(word)} {word}" if lang == "hu" else str(word)


def accusative(name: str) -> str:
    """A Hungarian card name as an object: "tűzbab" -> "tűzbabot" (other cards: "X lapot")."""
    return name + "ot" if name.endswith("bab") else f"{name} lapot"


def causal(name: str) -> str:
    """A Hungarian card name with "-ért" (in exchange for): "tűzbab" -> "tűzbabért"."""
    return name + "ért" if name.endswith("bab") else f"{name} lapért"


def join_words(items, lang: str) -> str:
    """"a, b and c" / "a, b és c"."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" és " if lang == "hu" else " and ") + items[-1]


def _grouped(pairs):
    """(zone, bean, n) merged per zone and bean, in the order first named."""
    out: dict = {}
    for zone, bean, n in pairs:
        out[(zone, bean)] = out.get((zone, bean), 0) + n
    return [(z, b, n) for (z, b), n in out.items()]


def card_phrase(zone: str, bean: str, n: int, lang: str, cards=CARDS, case: str = "") -> str:
    """``n`` cards of ``bean`` from ``zone`` in words: "two Green", "the face-up Soy",
    "két zöldbabot" (``case``: "acc" object, "ert" in exchange for, "" plain)."""
    name = cards.name(bean, lang)
    if lang == "hu":
        noun = accusative(name) if case == "acc" else causal(name) if case == "ert" else name
        if zone == "up":
            return (f"a felfordított {noun}" if n == 1 else f"{count_word(n, 'hu')} felfordított {noun}")
        return f"{count_word(n, 'hu')} {noun}"
    if zone == "up":
        return f"the face-up {name}" if n == 1 else f"{count_word(n, 'en')} face-up {name}"
    if n == 1:
        return ("an " if name[:1] in _VOWELS else "a ") + name
    return f"{count_word(n, 'en')} {name}"


def _offer_parts(give, get) -> tuple[list, list]:
    """An offer's cards as (zone, bean, n) merged per bean: what the proposer gives (each
    named card once) and what it asks for (by count)."""
    def triple(x, counted):
        if isinstance(x, (tuple, list)):
            return (x[0], x[1], x[2] if counted else 1)
        return (x.zone, x.bean, x.count if counted else 1)

    return _grouped(triple(x, False) for x in give), _grouped(triple(x, True) for x in get)


def offer_sentence(proposer: str, partner: str, give, get, lang: str = "en", cards=CARDS) -> str:
    """An offer in words. ``give``: the proposer's cards as (zone, bean, position) or card
    references; ``get``: wanted cards as (zone, bean, count) or :class:`Want`. Hand positions
    are not said: the bean a proposer offers is public once offered, its place is not needed."""
    gives, gets = _offer_parts(give, get)
    if lang == "hu":
        g_acc = join_words([card_phrase(z, b, n, "hu", cards, "acc") for z, b, n in gives], "hu")
        if not gets:
            return f"{proposer} ajánlatot tesz {partner} számára: " + (f"{g_acc} ajándékoz." if gives else "semmit sem kér.")
        if not gives:
            return f"{proposer} ajándékba kér " + join_words(
                [card_phrase(z, b, n, "hu", cards, "acc") for z, b, n in gets], "hu") + f" {partner} játékostól."
        w_ert = join_words([card_phrase(z, b, n, "hu", cards, "ert") for z, b, n in gets], "hu")
        return f"{proposer} ajánlatot tesz {partner} számára: {g_acc} ad {w_ert}."
    g = join_words([card_phrase(z, b, n, "en", cards) for z, b, n in gives], "en") or "nothing"
    w = join_words([card_phrase(z, b, n, "en", cards) for z, b, n in gets], "en") or "nothing"
    return f"{proposer} offers {partner} {g} for {w}."


def offer_label(partner: str, give, get, lang: str = "en", cards=CARDS) -> str:
    """An offer as a short label, without the proposer ("Offer Bob a Soy for two Blue")."""
    gives, gets = _offer_parts(give, get)
    if lang == "hu":
        g = join_words([card_phrase(z, b, n, "hu", cards) for z, b, n in gives], "hu")
        if not gets:
            return f"Ajándék {partner} számára: {g or 'semmi'}"
        w = join_words([card_phrase(z, b, n, "hu", cards) for z, b, n in gets], "hu")
        if not gives:
            return f"Kérés {partner} játékostól ajándékba: {w}"
        w_ert = join_words([card_phrase(z, b, n, "hu", cards, "ert") for z, b, n in gets], "hu")
        return f"Ajánlat {partner} számára: {g} {w_ert}"
    g = join_words([card_phrase(z, b, n, "en", cards) for z, b, n in gives], "en") or "nothing"
    w = join_words([card_phrase(z, b, n, "en", cards) for z, b, n in gets], "en") or "nothing"
    return f"Offer {partner} {g} for {w}"


def field_word(k, lang: str, whose: str = "", obj: bool = False, onto: bool = False) -> str:
    """Field ``k`` in words: "field 2", "Bob's field 2"; Hungarian "a 2. babföld" with the
    case asked for (``obj``: object, ``onto``: "-ra/-re")."""
    if lang == "hu":
        noun = f"{k}. babföld" + ("je" if whose else "")
        noun += "et" if obj and not whose else "ét" if obj else "re" if onto and not whose else "ére" if onto else ""
        return f"{whose} {noun}" if whose else the(noun, "hu")
    return f"{whose}'s field {k}" if whose else f"field {k}"


def _offer_owner(obs, number) -> Optional[str]:
    for o in (obs or {}).get("offer_list", []) or []:
        if o.get("id") == number:
            return o.get("proposer")
    return None


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """A base-game action as a sentence in ``lang`` (None: not a base-game verb). ``obs`` is the
    observation of whoever reads it (None: the whole table); nothing hidden from that seat is said."""
    v, p, hu = a.VERB, a.player, lang == "hu"
    name = (lambda b: cards.name(b, lang))
    if v == "plant":
        if a.bean:
            what = accusative(name(a.bean)) if hu else name(a.bean)
            if hu:
                return f"{p} elülteti {the(what, 'hu')}" + (f" {field_word(a.field, 'hu', onto=True)}." if a.field else ".")
            return f"{p} plants {what}" + (f" in field {a.field}." if a.field else ".")
        if hu:
            return f"{p} elülteti a keze első lapját" + (f" {field_word(a.field, 'hu', onto=True)}." if a.field else ".")
        return f"{p} plants the front card of the hand" + (f" in field {a.field}." if a.field else ".")
    if v == "harvest":
        return f"{p} betakarítja {field_word(a.field, 'hu', obj=True)}." if hu else f"{p} harvests field {a.field}."
    if v == "buy-field":
        return f"{p} megveszi a harmadik babföldet." if hu else f"{p} buys a third bean field."
    if v == "reveal":
        return (f"{p} befejezi az ültetést, és felcsapja a kereskedés lapjait." if hu
                else f"{p} finishes planting and turns up the cards for trading.")
    if v == "offer":
        return offer_sentence(p, a.partner, a.give, a.get, lang, cards)
    if v in ("accept", "decline", "withdraw"):
        owner = a.proposer if a.offer is None else _offer_owner(obs, a.offer)
        if owner == p:  # one's own offer (withdraw): no name
            owner = None if a.offer is not None else owner
        if hu:
            which = (f"{owner} {a.offer}. ajánlatát" if owner and a.offer is not None else
                     f"{owner} ajánlatát" if owner else
                     f"{the(f'{a.offer}.', 'hu')} " + ("ajánlatát" if v == "withdraw" else "ajánlatot"))
            verb = {"accept": "elfogadja", "decline": "elutasítja", "withdraw": "visszavonja"}[v]
            tail = ""
            if v == "accept" and a.cards:
                tail = ", és " + join_words([card_phrase("hand", b, n, "hu", cards, "acc")
                                             for _, b, n in _grouped(("hand", c.bean, 1) for c in a.cards)], "hu") + " ad érte"
            return f"{p} {verb} {which}{tail}."
        which = (f"{owner}'s offer #{a.offer}" if owner and a.offer is not None and owner != p else
                 f"{owner}'s offer" if owner and a.offer is None else f"offer #{a.offer}")
        verb = {"accept": "accepts", "decline": "declines", "withdraw": "withdraws"}[v]
        tail = ""
        if v == "accept" and a.cards:
            tail = ", giving " + join_words([card_phrase("hand", b, n, "en", cards)
                                             for _, b, n in _grouped(("hand", c.bean, 1) for c in a.cards)], "en")
        return f"{p} {verb} {which}{tail}."
    if v == "end-trade":
        return f"{p} lezárja a kereskedést." if hu else f"{p} ends trading."
    if v == "draw":
        return f"{p} húz a pakliból." if hu else f"{p} draws cards from the deck."
    if v == "discard":
        what = name(a.bean)
        if hu:
            return f"{p} eldob egy {accusative(what)}" + (" a kezéből." if a.pos else " a felkínált lapok közül.")
        return f"{p} discards a {what}" + (" from the hand." if a.pos else " from the offered cards.")
    return None
