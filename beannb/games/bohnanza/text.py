"""The base game's words, every one a message of its catalogue (:data:`MESSAGES`; the other
languages in ``locale/``): refusals, what happened (each event kind a message filled by its
fill), the phases' names, actions in sentences and on buttons, and the table's labels.
Expansions extend :data:`NARRATION` (a new object each) and :data:`MESSAGES`."""
from __future__ import annotations

from typing import Any, Optional

from ...core.events import Fill, Narration
from ...i18n.messages import NC_, NPC_, Messages, Named, NamedList, locale_dir
from .cards import CARDS

#: The base game's messages by code (English here; other languages in ``locale/``), first why a
#: move is refused. ``{field}`` is a field's number as players count (from 1); ``{bean}`` a card
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
    NC_("trading-ended", "{active} has ended trading for this turn: open proposals have lapsed and no deal is made "
                         "until the next phase 2"),
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
    # ``{player}`` is a player's name; ``{bean}`` a card's name; ``{beans}`` several, as a list.
    NPC_("event-plant", "{player} plants {bean} in field {field} ({n} card there now).",
         "{player} plants {bean} in field {field} ({n} cards there now)."),
    NC_("event-phase", "Now {phase}."),
    NC_("event-turn", "Turn {turn}: {player} is the active player."),
    # TRANSLATORS: {coins} is a "count-coins" message ("2 coins"), {discarded} a "count-cards" one.
    NC_("event-harvest", "{player} harvests field {field} ({cards} × {bean}) for {coins}; {discarded} to the "
                         "discard pile."),
    NC_("event-final_sale", "Final sale: {player}'s field {field} ({cards} {bean}) pays {coins}."),
    # TRANSLATORS: {paid} is "paid-box" or "paid-discard": where the price goes.
    NC_("event-buy_field", "{player} buys a 3rd bean field for {coins} ({paid})."),
    NC_("paid-box", "the coins leave the game"),
    NC_("paid-discard", "the coins go onto the discard pile"),
    # TRANSLATORS: {count} and {end_at} are "ordinal-..." messages ("2nd").
    NC_("event-exhausted", "The deck has run out for the {count} time (the game ends at the {end_at})."),
    NPC_("event-reshuffle", "The discard pile is shuffled into a new deck of {n} card.",
         "The discard pile is shuffled into a new deck of {n} cards."),
    NC_("event-skip_plant", "{player}'s hand is empty, so phase 1 is skipped."),
    NPC_("event-reveal", "{player} turns up {beans}.", "{player} turns up {beans}."),
    NC_("event-take_discards", "Matching cards from the discard pile join them: {beans}."),
    NC_("event-discard", "{player} discards {bean} face up."),
    # TRANSLATORS: {offer} is one of the "offer-..." clauses ("Bob offers Ann a Soy for two Blue").
    NC_("event-offer", "{offer} (offer #{id})."),
    NC_("event-decline", "{player} declines offer #{id} from {proposer}."),
    NC_("event-withdraw", "{player} withdraws offer #{id}."),
    NC_("event-lapse", "Offer #{id} by {player} lapses."),
    # TRANSLATORS: {proposer_gives} is "deal-gives" or "deal-gives-nothing", {partner_gives} the
    # "-back" form of one of them (it follows the first: a language may leave out the verb there).
    NC_("event-deal", "Deal #{id}: {proposer_gives}, {partner_gives}; the cards wait to be planted."),
    NC_("deal-gives", "{player} gives {cards}"),
    NC_("deal-gives-nothing", "{player} gives nothing"),
    NC_("deal-gives-back", "{player} gives {cards}"),
    NC_("deal-gives-nothing-back", "{player} gives nothing"),
    NC_("event-keep_faceup", "{player} ends trading and must plant the face-up cards left: {beans}."),
    NPC_("event-draw", "{player} draws {n} card to the back of the hand.",
         "{player} draws {n} cards to the back of the hand."),
    NC_("event-to_offer", "{player} leaves {beans} on offer for the opponent."),
    NC_("event-game_end", "The game ends. Every field is sold."),
    # TRANSLATORS: {winners} are names, {scores} names with their coins ("Ann 12, Bob 9").
    NPC_("event-winner", "Winner: {winners} ({scores}).", "Shared win: {winners} ({scores})."),

    # Counts and ordinals inside sentences.
    NPC_("count-coins", "{n} coin", "{n} coins"),
    NPC_("count-cards", "{n} card", "{n} cards"),
    NPC_("cards-word", "card", "cards"),
    # TRANSLATORS: English ordinals by their ending: 1st, 2nd, 3rd, 4th (also 11th, 12th, 13th).
    NC_("ordinal-one", "{n}st"),
    NC_("ordinal-two", "{n}nd"),
    NC_("ordinal-few", "{n}rd"),
    NC_("ordinal-other", "{n}th"),
    # TRANSLATORS: small counts in words, as they stand before a noun ("two Green").
    NC_("number-0", "no"),
    NC_("number-1", "one"),
    NC_("number-2", "two"),
    NC_("number-3", "three"),
    NC_("number-4", "four"),
    NC_("number-5", "five"),
    NC_("number-6", "six"),
    NC_("number-7", "seven"),
    NC_("number-8", "eight"),
    NC_("number-9", "nine"),
    NC_("number-10", "ten"),
    # TRANSLATORS: a list's last two items ({a} may itself be a list: "Chili, Soy"); {w} a word that
    # takes the definite article where the language has one.
    NC_("join-and", "{a} and {b}"),
    NC_("with-article", "{w}"),

    # Cards in a phrase. TRANSLATORS: {b} is a card's name, {n} how many in words ("two"); each
    # phrase comes in three cases: plain, "-acc" as an object (Hungarian -t), "-ert" in exchange
    # for (Hungarian -ért). "cards-an" is the English form before a vowel ("an Ice").
    NC_("cards-a", "a {b}"),
    NC_("cards-a-acc", "a {b}"),
    NC_("cards-a-ert", "a {b}"),
    NC_("cards-an", "an {b}"),
    NC_("cards-an-acc", "an {b}"),
    NC_("cards-an-ert", "an {b}"),
    NC_("cards-many", "{n} {b}"),
    NC_("cards-many-acc", "{n} {b}"),
    NC_("cards-many-ert", "{n} {b}"),
    NC_("cards-up", "the face-up {b}"),
    NC_("cards-up-acc", "the face-up {b}"),
    NC_("cards-up-ert", "the face-up {b}"),
    NC_("cards-up-many", "{n} face-up {b}"),
    NC_("cards-up-many-acc", "{n} face-up {b}"),
    NC_("cards-up-many-ert", "{n} face-up {b}"),

    # Offers. TRANSLATORS: {give} are the proposer's cards, {get} the cards asked for; an offer
    # either trades, gives (asks nothing) or asks (gives nothing).
    NC_("offer-trade", "{proposer} offers {partner} {give} for {get}"),
    NC_("offer-gift", "{proposer} offers {partner} {give} for nothing"),
    NC_("offer-request", "{proposer} offers {partner} nothing for {get}"),
    NC_("offer-nothing", "{proposer} offers {partner} nothing for nothing"),
    # TRANSLATORS: a clause ({it}) made a sentence.
    NC_("offer-sentence", "{it}."),

    # Fields in a phrase ("field 2", "Bob's field 2"): plain, as an object, as a place planted onto.
    NC_("field-word", "field {field}"),
    NC_("field-word-obj", "field {field}"),
    NC_("field-word-onto", "field {field}"),
    NC_("field-word-whose", "{whose}'s field {field}"),
    NC_("field-word-whose-obj", "{whose}'s field {field}"),
    NC_("field-word-whose-onto", "{whose}'s field {field}"),

    # Actions in sentences (the log, open offers, refusals, captions, exercise choices).
    NC_("action-plant-field", "{player} plants {bean} in field {field}."),
    NC_("action-plant", "{player} plants {bean}."),
    NC_("action-plant-front-field", "{player} plants the front card of the hand in field {field}."),
    NC_("action-plant-front", "{player} plants the front card of the hand."),
    NC_("action-harvest", "{player} harvests field {field}."),
    NC_("action-buy-field", "{player} buys a third bean field."),
    NC_("action-reveal", "{player} finishes planting and turns up the cards for trading."),
    # TRANSLATORS: {which} is one of the "which-..." messages (the offer answered, as an object).
    NC_("action-accept", "{player} accepts {which}."),
    NC_("action-accept-giving", "{player} accepts {which}, giving {cards}."),
    # TRANSLATORS: the hand cards given named by their places in the hand ({positions}: "3 and 4").
    NPC_("action-accept-giving-positions", "{player} accepts {which}, giving {cards} from position {positions} of the hand.",
         "{player} accepts {which}, giving {cards} from positions {positions} of the hand."),
    # TRANSLATORS: one place in the hand, counted from the front (1 is the front card).
    NC_("hand-position", "{pos}"),
    NC_("action-decline", "{player} declines {which}."),
    NC_("action-withdraw", "{player} withdraws {which}."),
    NC_("which-owner-number", "{owner}'s offer #{offer}"),
    NC_("which-owner", "{owner}'s offer"),
    NC_("which-number", "offer #{offer}"),
    # TRANSLATORS: the player's own offer, withdrawn.
    NC_("which-own-number", "offer #{offer}"),
    NC_("which-any", "an offer"),
    NC_("action-end-trade", "{player} ends trading."),
    NC_("action-draw", "{player} draws cards from the deck."),
    NC_("action-discard-hand", "{player} discards a {bean} from the hand."),
    NC_("action-discard-offer", "{player} discards a {bean} from the offered cards."),

    # Button labels (no player's name) and the headings of button groups.
    NC_("button-plant-field", "{bean} → field {field}"),
    NC_("button-plant", "Plant {bean}"),
    NC_("button-plant-front-field", "Front card → field {field}"),
    NC_("button-plant-front", "Plant the front card"),
    NC_("button-harvest", "Harvest field {field}"),
    NC_("button-buy-field", "Buy the 3rd field"),
    NC_("button-reveal", "Turn up cards"),
    NC_("button-end-trade", "End trading"),
    NC_("button-draw", "Draw cards"),
    NC_("button-accept", "Accept #{offer}"),
    NC_("button-decline", "Decline #{offer}"),
    NC_("button-withdraw", "Withdraw #{offer}"),
    NC_("button-accept-owner", "Accept {owner}'s offer"),
    NC_("button-decline-owner", "Decline {owner}'s offer"),
    NC_("button-withdraw-owner", "Withdraw {owner}'s offer"),
    NC_("button-discard", "Discard {bean}"),
    NC_("button-discard-pos", "Discard {bean} (#{pos})"),
    NC_("button-offer-trade", "Offer {partner} {give} for {get}"),
    NC_("button-offer-gift", "Offer {partner} {give} for nothing"),
    NC_("button-offer-request", "Offer {partner} nothing for {get}"),
    NC_("button-offer-nothing", "Offer {partner} nothing for nothing"),
    NC_("group-plant", "Plant"),
    NC_("group-harvest", "Harvest"),
    NC_("group-buy-field", "Buy a field"),
    NC_("group-reveal", "Finish planting"),
    NC_("group-offer", "Offer"),
    NC_("group-answer", "Answer offers"),
    NC_("group-withdraw", "Withdraw"),
    NC_("group-end-trade", "Trading"),
    NC_("group-draw", "Draw"),
    NC_("group-discard", "Discard"),

    # The table (view.py): its labels ("label-<key>") and the lines made of them.
    NC_("label-hand", "Hand"),
    NC_("label-fields", "Fields"),
    NC_("label-coins", "Coins"),
    NC_("label-pending", "To plant"),
    NC_("label-deck", "Deck"),
    NC_("label-discard", "Discard pile"),
    NC_("label-faceup", "Face up"),
    NC_("label-offer", "On offer"),
    NC_("label-active", "active"),
    NC_("label-empty", "empty"),
    NC_("label-hidden", "hidden"),
    NC_("label-pays", "pays"),
    NC_("label-next", "next"),
    NC_("label-turn", "Turn"),
    NC_("label-passes", "deck passes"),
    NC_("label-offers", "Open offers"),
    NC_("label-waiting", "Waiting for"),
    NC_("label-cards", "cards"),
    NC_("label-teacher", "whole table"),
    NC_("label-view", "View"),
    NC_("label-scores", "Scores"),
    NC_("label-winner", "Winner"),
    NC_("label-sold", "every field sold at the end"),
    NC_("label-top", "top card"),
    NC_("label-card", "card"),
    NC_("table-turn", "Turn {turn}"),
    # TRANSLATORS: under a field: what it pays now, and the next step of its beanometer.
    NC_("meter", "pays {now}"),
    NC_("meter-next", "pays {now} · next: {cards}→{coins}"),
    # TRANSLATORS: {card} is the top card of the discard pile, {count} a "count-cards" message.
    NC_("discard-top", "top card {card} · {count}"),
    # TRANSLATORS: {offer} is an "offer-sentence".
    NC_("offer-line", "Offer #{id}: {offer}"),
    NC_("beans-head-bean", "Bean"),
    NC_("beans-head-cards", "Cards"),
    NC_("beans-head-meter", "Beanometer: cards → coins"),

    # The phases (and the duel's steps) as the narration and the table name them ("phase-<phase>").
    NC_("phase-plant", "phase 1: plant from the hand"),
    NC_("phase-trade", "phase 2: trade"),
    NC_("phase-pending", "phase 3: plant traded cards"),
    NC_("phase-draw", "phase 4: draw"),
    NC_("phase-offers", "step 1: the offered cards"),
    NC_("phase-take", "step 3: plant revealed cards"),
    NC_("phase-over", "game over"),
])

_M = MESSAGES.message
_ENGLISH_VOWELS = "AEIOUaeiou"


# --------------------------------------------------------------------------------------
# Pieces of sentences, as values for messages: numbers, cards, lists, offers
# --------------------------------------------------------------------------------------
class _Commas:
    """Values shown one after the other with commas ("Chili, two Soy"), each in the reader's
    language: the front of a list whose last item "join-and" adds."""

    __slots__ = ("values",)

    def __init__(self, values):
        self.values = tuple(values)

    def text(self, lang: str = "en") -> str:
        return ", ".join(v.text(lang) if hasattr(v, "text") and not isinstance(v, str) else str(v)
                         for v in self.values)

    def __reduce__(self):
        return (_Commas, (self.values,))


def _joined(values) -> Any:
    """Values as a list in words ("two Chili and a Soy"), or the one value, or None for none."""
    values = [v for v in values if v is not None and v != ""]
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return _M("join-and", a=_Commas(values[:-1]) if len(values) > 2 else values[0], b=values[-1])


def _count(n: int) -> Any:
    """A small count as a word ("two"), a larger one as it is."""
    return _M(f"number-{n}") if 0 <= n <= 10 else n


def _ordinal(n: int) -> Any:
    """``n`` as an ordinal ("2nd"), by the ending English gives it (the catalogue words it)."""
    if 10 <= n % 100 <= 20:
        return _M("ordinal-other", n=n)
    return _M({1: "ordinal-one", 2: "ordinal-two", 3: "ordinal-few"}.get(n % 10, "ordinal-other"), n=n)


def _cards(zone: str, bean: str, n: int, cards=CARDS, case: str = "") -> Any:
    """``n`` cards of ``bean`` from ``zone`` as a phrase ("two Green", "the face-up Soy"), in the
    case asked for: "" plain, "acc" as an object, "ert" in exchange for."""
    tail = f"-{case}" if case else ""
    b = Named(cards, bean)
    if zone == "up":
        return _M("cards-up" + tail, b=b) if n == 1 else _M("cards-up-many" + tail, n=_count(n), b=b)
    if n == 1:
        english = cards.name(bean, "en")
        return _M(("cards-an" if english[:1] in _ENGLISH_VOWELS else "cards-a") + tail, b=b)
    return _M("cards-many" + tail, n=_count(n), b=b)


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


def _grouped(pairs):
    """(zone, bean, n) merged per zone and bean, in the order first named."""
    out: dict = {}
    for zone, bean, n in pairs:
        out[(zone, bean)] = out.get((zone, bean), 0) + n
    return [(z, b, n) for (z, b), n in out.items()]


def _hand_cards(beans, cards=CARDS, case: str = "acc") -> Any:
    """Hand cards handed over, counted per bean: "two Chili and a Soy"."""
    return _joined([_cards("hand", b, n, cards, case) for _, b, n in _grouped(("hand", b, 1) for b in beans)])


def _offer_parts(give, get) -> tuple[list, list]:
    """An offer's cards as (zone, bean, n) merged per bean: what the proposer gives (each
    named card once) and what it asks for (by count)."""
    def triple(x, counted):
        if isinstance(x, (tuple, list)):
            return (x[0], x[1], x[2] if counted else 1)
        return (x.zone, x.bean, x.count if counted else 1)

    return _grouped(triple(x, False) for x in give), _grouped(triple(x, True) for x in get)


def _offer(prefix: str, give, get, cards, give_case: str, get_case: str, **who) -> Any:
    """An offer as one of the messages ``prefix``-trade/-gift/-request/-nothing."""
    gives, gets = _offer_parts(give, get)
    g = _joined([_cards(z, b, n, cards, give_case) for z, b, n in gives])
    w = _joined([_cards(z, b, n, cards, get_case if gives else give_case) for z, b, n in gets])
    if g is not None and w is not None:
        return _M(prefix + "-trade", give=g, get=w, **who)
    if g is not None:
        return _M(prefix + "-gift", give=g, **who)
    if w is not None:
        return _M(prefix + "-request", get=w, **who)
    return _M(prefix + "-nothing", **who)


def offer_message(proposer: str, partner: str, give, get, cards=CARDS) -> Any:
    """An offer as a clause, worded when shown ("Bob offers Ann two Green for the face-up Soy")."""
    return _offer("offer", give, get, cards, "acc", "ert", proposer=proposer, partner=partner)


def offer_sentence(proposer: str, partner: str, give, get, lang: str = "en", cards=CARDS) -> str:
    """An offer in words. ``give``: the proposer's cards as (zone, bean, position) or card
    references; ``get``: wanted cards as (zone, bean, count) or :class:`Want`. Hand positions
    are not said: the bean a proposer offers is public once offered, its place is not needed."""
    return MESSAGES.text("offer-sentence", lang, it=offer_message(proposer, partner, give, get, cards))


def offer_label(partner: str, give, get, lang: str = "en", cards=CARDS) -> str:
    """An offer as a short label, without the proposer ("Offer Bob a Soy for two Blue")."""
    return _offer("button-offer", give, get, cards, "", "ert", partner=partner).text(lang)


# --------------------------------------------------------------------------------------
# What happened: each event kind's fill gives its message ("event-<kind>") its values
# --------------------------------------------------------------------------------------
def fill_from(*keys: str, player: bool = True, cards: tuple[str, ...] = (), named: Optional[dict[str, Any]] = None,
              listed: Optional[dict[str, Any]] = None, card: str = "", **renamed: str) -> Fill:
    """A fill that hands the event's data on: ``keys`` under their own names, ``renamed`` as
    field=data key, the ``cards`` keys as cards named in the reader's language, the ``named`` and
    ``listed`` keys as a name or a list of names from the table given (None: the game's cards);
    with ``player`` (the default), the acting player's name as ``player``; ``card``: the card
    (by id) the sentence always names, as ``card``. The expansions build theirs with it."""
    def fill(d: dict, p: str, n: Narration) -> dict:
        return {**({"player": p} if player else {}), **{k: d[k] for k in keys},
                **{f: d[k] for f, k in renamed.items()}, **{k: Named(n.cards, d[k]) for k in cards},
                **{k: Named(n.cards if t is None else t, d[k]) for k, t in (named or {}).items()},
                **{k: NamedList(n.cards if t is None else t, d[k]) for k, t in (listed or {}).items()},
                **({"card": Named(n.cards, card)} if card else {})}
    return fill


def _fill_phase(d: dict, p: str, n: Narration) -> dict:
    return {"phase": n.phase_value(d["phase"])}


def _fill_final_sale(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "field": d["field"], "cards": d["cards"], "bean": Named(n.cards, d["bean"]),
            "coins": _M("count-coins", n=d["coins"])}


def _fill_harvest(d: dict, p: str, n: Narration) -> dict:
    return {**_fill_final_sale(d, p, n), "discarded": _M("count-cards", n=d["discarded"])}


def _fill_buy_field(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "coins": _M("count-coins", n=d["price"]),
            "paid": _M("paid-box" if d.get("to") == "box" else "paid-discard")}


def _fill_exhausted(d: dict, p: str, n: Narration) -> dict:
    return {"count": _ordinal(d["count"]), "end_at": _ordinal(d["end_at"])}


def _fill_beans(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "beans": NamedList(n.cards, d["beans"]), "n": len(d["beans"])}


def _fill_offer(d: dict, p: str, n: Narration) -> dict:
    return {"offer": offer_message(p, d["partner"], _token_cards(d["give"], False), _token_cards(d["get"], True),
                                   n.cards), "id": d["id"]}


def _gives(player: str, beans, cards, tail: str = "") -> Any:
    """One side of a deal: "Ann gives two Chili and a Soy" / "Ann gives nothing" (``tail``
    "-back": the side told second)."""
    if not beans:
        return _M("deal-gives-nothing" + tail, player=player)
    return _M("deal-gives" + tail, player=player, cards=_hand_cards(beans, cards))


def _fill_deal(d: dict, p: str, n: Narration) -> dict:
    return {"id": d["id"], "proposer_gives": _gives(d["proposer"], d["to_partner"], n.cards),
            "partner_gives": _gives(d["partner"], d["to_proposer"], n.cards, "-back")}


def _fill_winner(d: dict, p: str, n: Narration) -> dict:
    return {"n": len(d["winners"]), "winners": ", ".join(d["winners"]),
            "scores": ", ".join(f"{k} {v}" for k, v in d["scores"].items())}


#: Catalogued event kinds: each one's message is "event-<kind>", filled by these.
FILLS = {
    "plant": fill_from("field", cards=("bean",), n="size"), "phase": _fill_phase, "turn": fill_from("turn"),
    "harvest": _fill_harvest, "final_sale": _fill_final_sale, "buy_field": _fill_buy_field,
    "exhausted": _fill_exhausted, "reshuffle": fill_from(player=False, n="cards"), "skip_plant": fill_from(),
    "reveal": _fill_beans, "take_discards": _fill_beans, "discard": fill_from(cards=("bean",)),
    "offer": _fill_offer, "decline": fill_from("id", "proposer"), "withdraw": fill_from("id"), "lapse": fill_from("id"),
    "deal": _fill_deal, "keep_faceup": _fill_beans, "draw": fill_from(n="count"), "to_offer": _fill_beans,
    "game_end": fill_from(player=False), "winner": _fill_winner,
}

#: The base game's narration: every event kind a message of the catalogue, with the base cards.
NARRATION = Narration(CARDS, messages=MESSAGES, fills=FILLS)


# --------------------------------------------------------------------------------------
# Button labels and the headings of button groups
# --------------------------------------------------------------------------------------
#: verb -> the message heading its group of action buttons.
GROUP_CODES = {
    "plant": "group-plant", "harvest": "group-harvest", "buy-field": "group-buy-field", "reveal": "group-reveal",
    "offer": "group-offer", "accept": "group-answer", "decline": "group-answer", "withdraw": "group-withdraw",
    "end-trade": "group-end-trade", "draw": "group-draw", "discard": "group-discard",
}


#: The verbs worded by :func:`_plain`: planting, harvesting and the steps that name nothing more.
_PLAIN = ("plant", "harvest", "buy-field", "reveal", "end-trade", "draw")


def _plain(prefix: str, a, lang: str, cards, **who: str) -> str:
    """One of the :data:`_PLAIN` actions on a button ("button-…") or in a sentence ("action-…"):
    a planting names the card or the front card of the hand, and the field or none."""
    code = f"{prefix}-{a.VERB}"
    if a.VERB == "plant":
        code += ("" if a.bean else "-front") + ("-field" if a.field else "")
    bean = getattr(a, "bean", None)
    return MESSAGES.text(code, lang, {"bean": Named(cards, bean) if bean else "", "field": getattr(a, "field", None),
                                      **who})


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """A short button label for a base-game action, without the player's name (None: not one)."""
    v = a.VERB
    if v in _PLAIN:
        return _plain("button", a, lang, cards)
    if v == "offer":
        return offer_label(a.partner, a.give, a.get, lang, cards)
    if v in ("accept", "decline", "withdraw"):
        if a.offer is None:
            return MESSAGES.text(f"button-{v}-owner", lang, owner=a.proposer)
        return MESSAGES.text("button-" + v, lang, offer=a.offer)
    if v == "discard":
        bean = Named(cards, a.bean)
        return (MESSAGES.text("button-discard-pos", lang, bean=bean, pos=a.pos) if a.pos
                else MESSAGES.text("button-discard", lang, bean=bean))
    return None


# --------------------------------------------------------------------------------------
# Actions in sentences: what a learner reads in the log, open offers, refusals, captions
# and exercise choices (the notation stays in files, the API and the "try" box)
# --------------------------------------------------------------------------------------
def _offer_owner(obs, number) -> Optional[str]:
    for o in (obs or {}).get("offer_list", []) or []:
        if o.get("id") == number:
            return o.get("proposer")
    return None


def _which(a, p: str, obs) -> Any:
    """The offer an answer names, as an object: "Bob's offer #2", "Bob's offer", "offer #2"."""
    owner = a.proposer if a.offer is None else _offer_owner(obs, a.offer)
    if owner == p and a.offer is not None:  # one's own offer (withdraw): no name
        owner = None
    if owner and a.offer is not None:
        return _M("which-owner-number", owner=owner, offer=a.offer)
    if owner:
        return _M("which-owner", owner=owner)
    if a.offer is None:
        return _M("which-any")
    return _M("which-own-number" if a.VERB == "withdraw" else "which-number", offer=a.offer)


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """A base-game action as a sentence in ``lang`` (None: not a base-game verb). ``obs`` is the
    observation of whoever reads it (None: the whole table); nothing hidden from that seat is said."""
    v, p = a.VERB, a.player
    if v in _PLAIN:
        return _plain("action", a, lang, cards, player=p)
    if v == "offer":
        return offer_sentence(p, a.partner, a.give, a.get, lang, cards)
    if v in ("accept", "decline", "withdraw"):
        which = _which(a, p, obs)
        if v == "accept" and a.cards:
            given = _hand_cards([c.bean for c in a.cards], cards)
            places = sorted({c.pos for c in a.cards if getattr(c, "pos", None)})
            # The places tell apart answers that give the same beans (B-48); only the table
            # and the giver read them.
            if places and len(places) == len(a.cards) and (obs is None or obs.get("viewer") in (None, p)):
                return MESSAGES.text("action-accept-giving-positions", lang, player=p, which=which, cards=given,
                                     n=len(places), positions=_joined([_M("hand-position", pos=n) for n in places]))
            return MESSAGES.text("action-accept-giving", lang, player=p, which=which, cards=given)
        return MESSAGES.text("action-" + v, lang, player=p, which=which)
    if v == "discard":
        return MESSAGES.text("action-discard-hand" if a.pos else "action-discard-offer", lang, player=p,
                             bean=Named(cards, a.bean))
    return None
