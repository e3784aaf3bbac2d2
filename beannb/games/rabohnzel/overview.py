"""Rabohnzel at a glance, and its glossary (see :mod:`beannb.games.bohnanza.overview`).

Built from Rabohnzel's tables: the beans and potions (``cards.py``), the profiles per
player count (deck passes, cards turned up and drawn), what setup deals, the phases and
the field abilities' names (``text.py``) and the options. Every word comes from Rabohnzel's
message catalogue (codes ``ov-…``, declared where they are used) or, for the words every game
shares (section titles, tie-breaks, option lines, phase lines), from the base game's helpers;
the figures and names the code works out are the messages' fields, so a line reads in every
language the catalogues have, the pseudo-language included.

>>> ov = overview()
>>> [ln.text["en"] for ln in ov.section("end").lines if ln.key == "end:passes"][0][:60]
'The game ends when the deck runs out the 3rd time with 3 pla'
>>> ov.section("turn").lines[1].text["hu"][:40]
'1,5. fázis: varázslás — mindegyik babföl'
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ...i18n.messages import NC_, NPC_, Message, Named
from ..bohnanza.overview import (
    DECIDED, SHARED, TIE_BREAKS, OptionText, Overview, Reference, Term, base_terms, centry, cline, cphase_line,
    creference_list, cterm, dealt, game_title, how_to_change, option_lines, option_text, option_words, ordinal_words,
    section, seat_words, span, varying_words,
)
from ..bohnanza.wording import Capital, Joined, check_words, counted, name_of, worded
from .cards import ABILITY_BEANS, CARDS, POTIONS, RABOHNZEL_BEANS
from .text import MESSAGES, POTION_NAMES


_say = MESSAGES.say


def _profiles():
    from .rules import PROFILES

    return PROFILES


# -- the sections ------------------------------------------------------------------------------------
def _box(rs) -> list:
    beans = RABOHNZEL_BEANS
    pots = list(POTIONS.values())
    return [
        cline("box:deck", MESSAGES.say(NC_(
            "ov-box-deck", "{total} bean cards of {types} types: {beans}. The rule book prints no beanometers: the "
                           "ones shown are assumed."),
            total=sum(b.count for b in beans), types=len(beans),
            beans=Joined(counted(Named(CARDS, b.id), b.count) for b in beans)), "R-01"),
        cline("box:potions", MESSAGES.say(NPC_(
            "ov-box-potions", "{n} potion card, worth bean pennies: {potions}.",
            "{n} potion cards, each worth bean pennies: {potions}."),
            n=len(pots), potions=Joined(counted(Named(POTION_NAMES, p.id), p.pennies) for p in pots)), "R-02"),
        cline("box:round-card", MESSAGES.say(NC_(
            "ov-box-round-card", "The round card shows which pass of the deck is under way.")), "R-08"),
    ]


def _players(rs, options) -> list:
    counts = rs.player_counts(options)
    deals = {n: dealt(rs, n, options) for n in counts}
    hands = {n: d.hands[0] for n, d in deals.items()}
    fields = {n: d.fields for n, d in deals.items()}
    pots = {n: len(d.state.potions[0]) for n, d in deals.items()}
    return [
        cline("players", MESSAGES.say(NPC_("ov-player-count", "{span} player.", "{span} players."),
                                      n=counts[0] if len(counts) == 1 else max(counts), span=span(counts)), "R-03"),
        cline("setup:deal", MESSAGES.say(NC_(
            "ov-setup-deal", "Everyone is dealt {cards} and has {fields}; a 3rd field can never be bought."),
            cards=varying_words(hands, lambda k, lang: MESSAGES.say(
                NPC_("ov-setup-cards", "{n} card", "{n} cards"), n=k).text(lang)),
            fields=varying_words(fields, lambda k, lang: MESSAGES.say(
                NPC_("ov-setup-fields", "{n} bean field", "{n} bean fields"), n=k).text(lang))), "R-06", "R-07"),
        cline("setup:potions", MESSAGES.say(NC_(
            "ov-setup-potions", "Everyone gets {potions} face down; the rest form the potion deck. Whoever holds the "
                                "potion worth most bean pennies shows it and starts."),
            potions=varying_words(pots, lambda k, lang: MESSAGES.say(
                NPC_("ov-setup-potion-count", "{n} potion", "{n} potions"), n=k).text(lang))), "R-04", "R-05"),
    ]


#: What each ability bean's field does in the magic phase, in a few words (R-27…R-36).
ABILITIES: dict[str, Message] = {
    "thief": MESSAGES.say(NC_("ov-ability-thief", "{bean} steals a co-player's rearmost hand card"),
                          bean=Named(CARDS, "thief")),
    "mean": MESSAGES.say(NC_("ov-ability-mean", "{bean} calls for a coin reveal: co-players lose the revealed coin "
                                                "unless it is of the most common type"), bean=Named(CARDS, "mean")),
    "white": MESSAGES.say(NC_("ov-ability-white", "{bean} draws a card"), bean=Named(CARDS, "white")),
    "mage": MESSAGES.say(NC_("ov-ability-mage", "{bean} activates potions"), bean=Named(CARDS, "mage")),
    "sword": MESSAGES.say(NC_("ov-ability-sword", "{bean} attacks a co-player's coins"), bean=Named(CARDS, "sword")),
}


def _no_ability() -> Any:
    """The beans without an ability, as the subject of a sentence ("Chasm and Princess")."""
    names = [MESSAGES.say(NC_("ov-bean-subject", "{bean}"), bean=Named(CARDS, b.id))
             for b in RABOHNZEL_BEANS if b.id not in ABILITY_BEANS]
    out: Any = names[-1]
    if len(names) > 1:
        out = MESSAGES.message("list-and", a=Joined(names[:-1], ", "), b=names[-1])
    return out


def _turn(rs) -> list:
    """The turn in order: each phase by its own name (as the table shows it), then what happens in it."""
    prof = next(iter(_profiles().values()))
    return [
        cphase_line(rs, "plant", MESSAGES.say(NC_(
            "ov-phase-plant", "plant the front card of your hand, then, if you like, the next one.")), "B-09", "B-10"),
        cphase_line(rs, "magic", MESSAGES.say(NC_(
            "ov-phase-magic", "each of your fields may use its ability once: {abilities}; {none} have none. You may "
                              "also play mage beans from your hand to activate potions. Only you start actions; the "
                              "others answer."),
            abilities=Joined([ABILITIES[b] for b in ABILITY_BEANS], "; "), none=_no_ability()),
            "R-09", "R-10", "R-11", "R-20", "R-26", "R-27", "R-31", "R-32", "R-33", "R-35", "R-36"),
        cphase_line(rs, "trade", MESSAGES.say(NPC_(
            "ov-phase-trade", "turn up {n} card and trade with the others, as in the base game.",
            "turn up {n} cards and trade with the others, as in the base game."), n=prof.reveal_n), "B-13", "B-14"),
        cphase_line(rs, "pending", MESSAGES.say(NC_(
            "ov-phase-pending", "everyone plants the cards they received, you also the face-up cards left.")),
            "B-23", "B-22"),
        cphase_line(rs, "draw", MESSAGES.say(NPC_(
            "ov-phase-draw", "draw {n} card to the back of your hand.", "draw {n} cards to the back of your hand."),
            n=prof.draw_n), "B-25"),
        cphase_line(rs, "end", MESSAGES.say(NC_(
            "ov-phase-end", "only the teleport may still be drunk; then your turn ends and your face-up potions turn "
                            "face down.")), "R-19", "R-17"),
        cline("turn:potions", MESSAGES.say(NC_(
            "ov-turn-potions", "Potions: an activation turns a face-down potion face up; you drink a face-up potion "
                               "only in your own turn, doing what it says.")), "R-14", "R-15", "R-16"),
        cline("turn:any-time", MESSAGES.say(NC_(
            "ov-turn-any-time", "At any moment, even in another player's turn, you may harvest a field.")),
            "R-09", "B-31"),
    ]


def _end(rs, options) -> list:
    profs = _profiles()
    ends = {n: profs[n].end_at for n in rs.player_counts(options)}
    # TRANSLATORS: {nth} is an ordinal ("3rd"): the how-manieth time the deck runs out.
    when = varying_words(ends, lambda k, lang: MESSAGES.say(NC_("ov-end-time", "the {nth} time"),
                                                            nth=ordinal_words(k)).text(lang))
    return [
        cline("end:passes", MESSAGES.say(NC_(
            "ov-end-passes", "The game ends when the deck runs out {when}; the round card counts the passes. Until "
                             "then the discards are shuffled into a new deck."), when=when), "R-08", "B-38"),
        cline("end:last-pass", MESSAGES.say(NC_(
            "ov-end-last-pass", "As in the base game, phases 2 and 3 are finished and phase 4 is skipped; draws by "
                                "white beans and the trade spell count too.")), "R-67"),
        cline("phase:over", MESSAGES.say(NC_(
            "ov-end-over", "Then every field is harvested and potions held through the luck spell go back.")),
            "B-41", "R-70"),
    ]


def _scoring(rs, options) -> list:
    return [
        cline("scoring:coins", MESSAGES.say(NC_("ov-scoring-coins", "Most coins wins.")), "R-68"),
        # TRANSLATORS: {tie} is the base game's tie-break in force, {shared} that a tie left shares the win.
        cline("scoring:tie", MESSAGES.say(NC_(
            "ov-scoring-tie", "Tie: the player with more bean pennies on their potions wins (face up or down); then "
                              "{tie}; {shared}."),
            tie=TIE_BREAKS[options["tie_break"]], shared=SHARED), "R-68", "B-47"),
        cline("scoring:pennies", MESSAGES.say(NC_(
            "ov-scoring-pennies", "All potions together are worth {pennies} bean pennies, less than one coin, so "
                                  "pennies only ever break ties."),
            pennies=sum(p.pennies for p in POTIONS.values())), "R-69"),
    ]


# -- the options --------------------------------------------------------------------------------------
def _beanometers(value: Any) -> Optional[Message]:
    """Replaced beanometer rows: which beans' rows (the ``beanometers`` option)."""
    if isinstance(value, dict) and value:
        return _say(NC_("ov-value-own-beanometers", "own rows for {beans}"),
                    beans=Joined(Named(CARDS, b) for b in value))
    return None


OPTIONS: dict[str, OptionText] = {
    "start_seat": option_text(
        _say(NC_("ov-option-start-seat", "Seat of the start player")), ("R-05",),
        {None: _say(NC_("ov-start-seat-potion", "the holder of the highest potion"))},
        _say(NC_("ov-option-start-seat-short", "Start player")), seat_words),
    "counter_attack": option_words(
        _say(NC_("ov-option-counter-attack", "A drawn sword coin makes the defender counter-attack")), ("R-38",),
        {"automatic": _say(NC_("ov-counter-attack-automatic", "automatically")),
         "optional": _say(NC_("ov-counter-attack-optional", "if the defender wants to"))},
        _say(NC_("ov-option-counter-attack-short", "Counter-attack"))),
    "magic_added_cards_count": option_words(
        _say(NC_("ov-option-magic-added", "Cards added to a field in this magic phase count for thresholds")),
        ("R-25",),
        short=_say(NC_("ov-option-magic-added-short", "Cards added in the magic phase count"))),
    "trade_discard": option_words(
        _say(NC_("ov-option-trade-discard", "With the trade spell, the kept face-up cards that may be discarded")),
        ("R-54",),
        {"any": _say(NC_("ov-trade-discard-any", "any of them")),
         "third_only": _say(NC_("ov-trade-discard-third", "only the third card"))},
        _say(NC_("ov-option-trade-discard-short", "Discards after the trade spell"))),
    "chasm_at_end": option_words(
        _say(NC_("ov-option-chasm-at-end", "The final sale of 2+ chasm beans draws a potion")), ("R-29",),
        short=_say(NC_("ov-option-chasm-at-end-short", "Chasm beans at the end"))),
    "tie_break": option_words(
        _say(NC_("ov-option-tie-break", "Tie-break after coins and bean pennies")), ("R-68", "B-47"),
        {"HAND_CARDS": _say(NC_("ov-tie-break-hand-cards", "most cards in hand")),
         "FARTHEST_CLOCKWISE": _say(NC_("ov-tie-break-farthest", "farthest clockwise from the start player"))},
        _say(NC_("ov-option-tie-break-short", "Tie-break"))),
    "beanometers": option_words(
        _say(NC_("ov-option-beanometers", "Beanometers")), ("R-01",),
        {None: _say(NC_("ov-beanometers-assumed", "the assumed table"))}, say=_beanometers),
    "without": option_words(
        _say(NC_("ov-option-without", "Strategy lab study: one potion left out of the game")), ("R-02", "R-04"),
        {None: _say(NC_("ov-without-none", "none, every potion is in play"))},
        _say(NC_("ov-option-without-short", "Potion left out")), name_of(POTION_NAMES, POTIONS)),
}


# -- the glossary ---------------------------------------------------------------------------------------
#: Rabohnzel's own turn (with its magic phase) in place of the base game's four phases.
TURN_TERMS: dict[str, Term] = {t.key: t for t in (
    cterm("turn", _say(NC_("ov-term-turn", "turn")), _say(NC_(
        "ov-term-turn-text", "One player's go: plant (phase 1), the magic phase (phase 1.5), turn up and trade "
                             "(phase 2), plant traded cards (phase 3), draw (phase 4); after the draw only the "
                             "teleport may still be drunk. Then the player on the left is next.")),
          ("B-25", "R-09", "R-19"), ("turn",), ("kör",)),
    cterm("phase", _say(NC_("ov-term-phase", "phase")), _say(NC_(
        "ov-term-phase-text", "One of the parts of a turn — phase 1: plant; phase 1.5: magic; phase 2: turn up "
                              "and trade; phase 3: plant traded cards; phase 4: draw; after the draw: the teleport or "
                              "the end of the turn.")),
          ("B-09", "R-09", "B-13", "B-23", "B-25", "R-19"), ("phase", "step"), ("fázis", "lépés")),
)}


GLOSSARY = tuple(base_terms("bean", "field", "beanometer", "harvest", "coin", "hand", "front-card", "plant",
                            "lone-bean", "active-player", "turn", "phase", "face-up", "trade", "pending", "draw",
                            "deck", "discard", "deck-pass", "final-sale", "start-player", own=TURN_TERMS)) + (
    cterm("round-card", _say(NC_("ov-term-round-card", "round card")), _say(NC_(
        "ov-term-round-card-text", "Shows which pass of the deck is under way; the game ends at a pass that depends "
                                   "on the number of players.")),
          ("R-08",), ("round",), ("forduló",)),
    cterm("magic-phase", _say(NC_("ov-term-magic-phase", "magic phase (phase 1.5)")), _say(NC_(
        "ov-term-magic-phase-text", "Between planting and trading: the active player uses field abilities, plays mage "
                                    "beans and drinks potions.")),
          ("R-09", "R-10"), ("magic",), ("varázsfázis", "varázslás")),
    cterm("ability", _say(NC_("ov-term-ability", "field ability")), _say(NC_(
        "ov-term-ability-text", "What a field of thief, mean, white, mage or sword beans does once per magic phase; "
                                "chasm and princess have none.")),
          ("R-20", "R-26", "R-36"), ("ability", "abilities", "use field", "steals", "attack", "draws a card"),
          ("képesség", "lopni", "megtámad")),
    cterm("potion", _say(NC_("ov-term-potion", "potion")), _say(NC_(
        "ov-term-potion-text", "A card worth bean pennies with a spell. Face down it waits; activated (face up) it "
                               "can be drunk in your turn.")),
          ("R-02", "R-14", "R-15"), ("potion", "drink", "spell", "teleport", "card flow", "face down"),
          ("bájital", "varázs", "teleport", "kártyafolyam", "elfogyaszt", "képpel lefelé")),
    cterm("assumed", _say(NC_("ov-term-assumed", "assumed beanometers")), _say(NC_(
        "ov-term-assumed-text", "The rule book prints no beanometers; the ones used are an assumption and can be "
                                "replaced with the beanometers option.")),
          ("R-01",), ("assumed",), ("feltételezett",)),
    cterm("activate", _say(NC_("ov-term-activate", "activation")), _say(NC_(
        "ov-term-activate-text", "Turning one face-down potion face up, by a mage field, a mage bean from the hand or "
                                 "a mage coin.")),
          ("R-11", "R-14", "R-35"), ("activat",), ("aktivál",)),
    cterm("pennies", _say(NC_("ov-term-pennies", "bean pennies")), _say(NC_(
        "ov-term-pennies-text", "The value printed on a potion. More pennies wins a tie on coins; pennies never "
                                "outweigh a coin.")),
          ("R-02", "R-68", "R-69"), ("penny", "pennies"), ("babfillér", "fillér")),
    cterm("potion-deck", _say(NC_("ov-term-potion-deck", "potion deck")), _say(NC_(
        "ov-term-potion-deck-text", "The face-down potions nobody holds; chasm harvests and the luck spell draw from "
                                    "it.")),
          ("R-04", "R-29", "R-64"), ("potion deck",), ("bájitalpakli",)),
    cterm("coin-reveal", _say(NC_("ov-term-coin-reveal", "coins with hidden beans")), _say(NC_(
        "ov-term-coin-reveal-text", "Coins lie face down: their bean shows only when one is drawn in an attack or "
                                    "revealed for mean beans.")),
          ("R-31", "R-36", "R-71"), ("coin reveal", "coins (beans hidden)", "resolve"),
          ("felcsap", "rejtett bab", "végrehajt")),
    cterm("counter-attack", _say(NC_("ov-term-counter-attack", "counter-attack")), _say(NC_(
        "ov-term-counter-attack-text", "When a sword attack draws a sword coin, the defender attacks back, with no "
                                       "sword field needed.")),
          ("R-38", "R-39"), ("counter",), ("visszatámad",)),
    cterm("enchanted", _say(NC_("ov-term-enchanted", "enchanted bean")), _say(NC_(
        "ov-term-enchanted-text", "A lone bean that the {potion} potion turned into another type; it never becomes a "
                                  "coin."), potion=Named(POTION_NAMES, "enchant-beans")),
          ("R-58", "R-59", "R-60"), ("enchant",), ("elbájol",)),
    cterm("place", _say(NC_("ov-term-place", "placing a taken card")), _say(NC_(
        "ov-term-place-text", "A card just stolen or drawn by four white beans goes to the back of your hand or "
                              "straight into a field.")),
          ("R-28", "R-34"), ("place", "keep in hand", "into field", "where the card goes"),
          ("a lap helye", "kézben marad", "babföldre", "hová kerül")),
    cterm("winner", _say(NC_("ov-term-winner", "winner and tie-break")), _say(NC_(
        "ov-term-winner-text", "Most coins wins; on a tie, more bean pennies; then the base tie-break; then the win "
                               "is shared.")),
          ("R-68",), ("win", "score", "tie", "game over", "end of the game"),
          ("győz", "nyer", "pont", "holtverseny", "vége a játéknak", "a játék vége")),
)


# -- the lists below the overview: abilities, sword results, potions, questions decided ----------


def _bean(bean: str) -> Capital:
    """A bean's name heading an entry ("Thief", "Szedőbab")."""
    return Capital(Named(CARDS, bean), pseudo=True)


def _abilities() -> Reference:
    by_count = Joined(counted(Named(CARDS, b.id), b.count) for b in sorted(RABOHNZEL_BEANS, key=lambda b: -b.count))
    order = worded(lambda lang: by_count.text(lang).lower())
    return creference_list("abilities", _say(NC_("ov-ref-abilities", "What each bean does in the magic phase")), (
        centry("ability:thief", _say(NC_("ov-ability-thief-name", "{bean} (1 bean or more)"), bean=_bean("thief")),
               _say(NC_("ov-ability-thief-text",
                        "Take the rearmost hand card of a co-player who holds at least one card. Put it at the back of "
                        "your hand, into an empty field (you may harvest first to empty one), where it starts a new "
                        "field that may use its ability at once, or onto a field of its type.")),
               "R-27", "R-28", "R-22"),
        centry("ability:chasm", _say(NC_("ov-ability-chasm-name", "{bean} (no ability)"), bean=_bean("chasm")),
               _say(NC_("ov-ability-chasm-text",
                        "No ability. But whoever harvests 2 or more chasm beans, at any time, draws one potion from the "
                        "potion deck, face down (none if the potion deck is empty).")),
               "R-26", "R-29"),
        centry("ability:mean", _say(NC_("ov-ability-mean-name", "{bean} (4 beans or more; 1 with the attack spell)"),
                                    bean=_bean("mean")),
               _say(NC_("ov-ability-mean-text",
                        "Every co-player who has coins shuffles them and turns up one; you turn up none. Among the "
                        "turned-up coins, those whose bean type has the most cards ({order}) stay with their owners, "
                        "ties included; every other turned-up coin goes onto the discard pile. You may use it even "
                        "when nobody has coins."), order=order),
               "R-30", "R-31", "R-32"),
        centry("ability:white", _say(NC_("ov-ability-white-name", "{bean} (1 bean or more; 4 to plant)"),
                                     bean=_bean("white")),
               _say(NC_("ov-ability-white-text",
                        "Draw the top card of the deck to the back of your hand (with an empty deck you draw nothing). "
                        "With at least 4 white beans you may plant that very card at once, into an empty field or onto "
                        "a field of its type; only harvests may come in between.")),
               "R-33", "R-34"),
        centry("ability:mage", _say(NC_("ov-ability-mage-name", "{bean} (1 bean or more; 4 for two potions)"),
                                    bean=_bean("mage")),
               _say(NC_("ov-ability-mage-text",
                        "Turn one of your face-down potions face up (activate it); with at least 4 mage beans, two "
                        "different ones. You may use it with no face-down potion: the activations you can't use are "
                        "lost. Mage beans played from the hand also activate potions, one each.")),
               "R-35", "R-11"),
        centry("ability:princess", _say(NC_("ov-ability-princess-name", "{bean} (no ability)"),
                                        bean=_bean("princess")),
               _say(NC_("ov-ability-princess-text",
                        "No ability; princess beans pay better than the beans with an ability.")),
               "R-26", "R-01"),
        centry("ability:sword", _say(NC_("ov-ability-sword-name", "{bean} (1 bean or more)"), bean=_bean("sword")),
               _say(NC_("ov-ability-sword-text",
                        "Attack a co-player who has at least one coin: they shuffle their coins and you draw one (two "
                        "with the attack spell: you resolve exactly one and the other goes back). What happens depends "
                        "on the drawn coin's bean, as the next entries say.")),
               "R-36", "R-46"),
        centry("sword:princess", _say(NC_("ov-sword-princess-name", "Sword attack, a princess coin drawn")),
               _say(NC_("ov-sword-princess-text",
                        "“Rabohnzel is freed”: the coin moves from the defender to the attacker.")),
               "R-37"),
        centry("sword:sword", _say(NC_("ov-sword-sword-name", "Sword attack, a sword coin drawn")),
               _say(NC_("ov-sword-sword-text",
                        "The coin stays with the defender, who counter-attacks the attacker at once, with no sword "
                        "field needed: the attacker shuffles their coins and the defender draws one, with these same "
                        "results the other way round, so a chain may follow. Against a player with no coins nothing "
                        "happens; when both players' coins are all sword beans, the chain stops.")),
               "R-38", "R-39"),
        centry("sword:thief", _say(NC_("ov-sword-thief-name", "Sword attack, a thief coin drawn")),
               _say(NC_("ov-sword-thief-text",
                        "The coin stays with the defender, who takes the attacker's rearmost hand card and shows it to "
                        "everyone, then keeps it at the back of their hand or plants it at once (harvesting first if "
                        "needed); a field started that way has already used its ability.")),
               "R-40", "R-41"),
        centry("sword:mage", _say(NC_("ov-sword-mage-name", "Sword attack, a mage coin drawn")),
               _say(NC_("ov-sword-mage-text",
                        "The coin stays with the defender, and the attacker of that step may turn one of their "
                        "face-down potions face up. In a counter-attack that attacker is the player who was attacked, "
                        "outside their own turn: the potion then stays face up until the end of their next own turn, "
                        "and they may drink it only in that turn.")),
               "R-42", "R-43"),
        centry("sword:other", _say(NC_("ov-sword-other-name", "Sword attack, a chasm, mean or white coin drawn")),
               _say(NC_("ov-sword-other-text", "The coin stays with the defender and nothing happens.")),
               "R-44"),
    ), _say(NC_("ov-ref-abilities-note",
                "Only the active player uses field abilities, in the magic phase, each field at most once; a field "
                "harvested and planted again is a new field. Bean types from the most cards to the fewest: {order}."),
            order=order))


#: Each potion's full text, in our words from the rule book (seed 003, spec rabohnzel.md §4),
#: with the rules that state it; R-15 to R-18 hold for every potion.
POTION_TEXTS: dict[str, tuple[Message, tuple[str, ...]]] = {
    "attack": (_say(NC_(
        "ov-potion-attack",
        "Drink it together with one use of your mean or sword field (never with a counter-attack). Mean beans then "
        "work from 1 bean instead of 4; a sword attack draws 2 coins (1 if the defender has only one), and you resolve "
        "exactly one of them while the other goes back to the defender with no effect. One potion changes one "
        "attack.")),
        ("R-45", "R-46", "R-47")),
    "beanfield": (_say(NC_(
        "ov-potion-beanfield",
        "In your own phase 3, while planting a card: plant it into a new, 3rd field. The field stays after your turn, "
        "but as soon as you harvest any of your three fields, in any turn, the harvested one disappears. Nobody ever "
        "has more than three fields.")),
        ("R-48", "R-49", "R-50")),
    "exchange": (_say(NC_(
        "ov-potion-exchange",
        "Any time in your turn: choose a co-player with at least one face-down potion. Draw one of their face-down "
        "potions at random, then hand them this exchange spell, face down (everyone knows where it went). Keep the "
        "potion you got face up, ready to drink this turn, or face down. A co-player's face-up potions can't be "
        "taken.")),
        ("R-51", "R-52")),
    "trade": (_say(NC_(
        "ov-potion-trade",
        "In phase 2, after the two cards are turned up and before the first deal: turn up a third card. At the end of "
        "phase 3, the face-up cards of this turn that you neither gave away nor planted go onto the discard pile.")),
        ("R-53", "R-54")),
    "flow": (_say(NC_(
        "ov-potion-flow",
        "In any phase of your turn: plant the front card of your hand again and again, in one go. Only harvests and, "
        "in the magic phase, field abilities (with what they lead to) may come in between; a bean planted into an "
        "empty field in the magic phase may use its ability. Anything else ends the flow for good: a trade or gift, "
        "planting a received card, playing a mage bean from your hand, or drinking another potion. In phase 1 these "
        "plantings come on top of your usual one or two.")),
        ("R-55", "R-56")),
    "discard": (_say(NC_(
        "ov-potion-discard",
        "In phase 2, while trading is open: the top card of the discard pile joins your face-up cards; you may trade "
        "it, give it away or keep it, and then plant it. One card per potion.")),
        ("R-57",)),
    "enchant-beans": (_say(NC_(
        "ov-potion-enchant-beans",
        "In your own phase 3, while planting a card: plant it onto a field holding exactly one bean of another type. "
        "The field and that old bean, now enchanted, count as the new type for everything, but an enchanted bean "
        "never becomes a coin: a harvest pays the beanometer's coins, at most as many as the field's genuine "
        "beans.")),
        ("R-58", "R-59", "R-60")),
    "enchant-players": (_say(NC_(
        "ov-potion-enchant-players",
        "Any time in your turn: every co-player with cards in hand must plant the front card of their hand, "
        "harvesting if needed, one after another from your left. Then you may plant yours too.")),
        ("R-61",)),
    "teleport": (_say(NC_(
        "ov-potion-teleport",
        "Any time in your turn, even after your last draw: move exactly one card of your hand to any other place in "
        "it.")),
        ("R-62", "R-19")),
    "hand": (_say(NC_(
        "ov-potion-hand",
        "Any time before your phase-4 draw begins: you draw 4 cards instead of 3 if no trade or gift involving you "
        "was completed in this turn's phase 2; a refused offer doesn't count. Otherwise it does nothing.")),
        ("R-63",)),
    "luck": (_say(NC_(
        "ov-potion-luck",
        "Any time in your turn: take the top potion of the potion deck, already face up (activated). At the end of "
        "your turn it is shuffled back into the potion deck, drunk or not; the luck spell itself stays with you, face "
        "down. If it brought the exchange spell and you drank that, the exchange spell stays with the co-player and "
        "the potion you got through it goes back instead. With an empty potion deck it does nothing.")),
        ("R-64", "R-65", "R-66")),
}


def _potions() -> Reference:
    check_words("potions without their text on the page", POTIONS, POTION_TEXTS)
    return creference_list("potions", _say(NPC_("ov-ref-potions", "The {n} potion", "The {n} potions"),
                                     n=len(POTIONS)), tuple(
        centry(f"potion:{p.id}", _say(NPC_("ov-potion-name", "{potion} ({n} bean penny)", "{potion} ({n} bean pennies)"),
                                      potion=Named(POTION_NAMES, p.id), n=p.pennies),
               POTION_TEXTS[p.id][0], *POTION_TEXTS[p.id][1])
        for p in POTIONS.values()
    ), _say(NC_("ov-ref-potions-note",
                "An activated potion lies face up; you drink it only in your own turn, doing what it says, and it "
                "turns face down again. At the end of your turn every face-up potion of yours turns face down, drunk "
                "or not.")))


def _decided() -> Reference:
    return creference_list("decided", DECIDED, (
        centry("decided:mage-ends-flow",
               _say(NC_("ov-decided-mage-ends-flow", "Does playing a mage bean from your hand end a magic card flow?")),
               _say(NC_("ov-decided-mage-ends-flow-text",
                        "Yes. During a card flow only harvests and, in the magic phase, field abilities may come "
                        "between the plantings. Playing a mage bean from your hand to activate a potion is another "
                        "action, so the flow ends and can't be resumed.")),
               "R-55", "R-11"),
        centry("decided:mage-coin",
               _say(NC_("ov-decided-mage-coin", "What does a mage coin drawn in a sword attack do?")),
               _say(NC_("ov-decided-mage-coin-text",
                        "The coin stays with its owner, and the attacker of that step may activate one face-down "
                        "potion. If that attacker is not the active player (a counter-attack), the potion stays face up "
                        "until the end of their next own turn and can be drunk only then.")),
               "R-42", "R-43"),
    ))


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
