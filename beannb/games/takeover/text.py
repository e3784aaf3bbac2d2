"""The takeover expansion's words, all from its message catalogue: its events, its phases,
button labels, group headings and actions in sentences (the base game's sentences are reused
through ``extend``)."""
from __future__ import annotations

from typing import Any, Optional

from ...core.events import Narration
from ...i18n.messages import NC_, NPC_, Message, Messages, Named, NamedList, locale_dir
from ..bohnanza.text import MESSAGES as BASE_MESSAGES, NARRATION as BASE_NARRATION, fill_from
from . import actions as ta
from .cards import CARDS, JOKER

#: This game's messages by code (English here; other languages in ``locale/``); the base
#: game's messages are reached through it: why a move is refused, what happened (the events),
#: the phases, button labels, group headings, actions in sentences and the table's words.
#: ``{field}`` is a field's number as players count (from 1); ``{bean}``, ``{card}`` a card (a
#: :class:`~beannb.i18n.messages.Named`); player names are plain; ``{n}`` picks a plural form;
#: ``{what}``, ``{letter}``, ``{name}`` and the varying parts of a sentence are nested messages,
#: shown in the reader's language.
MESSAGES = Messages("takeover", locale_dir(__file__), [
    # the normal actions a)-f) by letter, and the refused actions ``{what}`` names
    NC_("letter-a", "play"),
    NC_("letter-b", "merge"),
    NC_("letter-c", "turn up"),
    NC_("letter-d", "harvest"),
    NC_("letter-e", "takeover"),
    NC_("letter-f", "final planting"),
    NC_("what-normal-action", "a normal action ({letter})"),
    NC_("what-passing", "passing"),
    NC_("what-ending-turn", "ending the turn"),
    NC_("what-defence", "a defence"),
    NC_("what-allowing", "letting a takeover happen"),
    NC_("what-conceding", "conceding"),
    NC_("what-strong-takeover", "Strong Takeover"),
    NPC_("copy-limit", "{n} copy per action with {players} players", "{n} copies per action with {players} players"),
    NC_("copy-limit-first-turn", "in the first turn every passive player may copy"),
    # not now: whose decision it is
    NC_("unknown-verb", "'{verb}' is not an action of the takeover expansion (there is no trading)"),
    NC_("not-now", "{what} is not possible now"),
    NC_("not-now-defender", "{what} is not possible now: {attacker} is attacking your field {field}, so first decide "
                            "whether to defend it with a text card or allow the takeover"),
    NC_("not-now-answerer", "{what} is not possible now: {target} has defended against your takeover, so first "
                            "overcome the defence with Strong Takeover or concede"),
    NC_("not-now-answerer-none", "{what} is not possible now: {target} has defended against your takeover, so first "
                                 "concede (only Strong Takeover could overcome the defence, and you hold none)"),
    NC_("not-now-copier", "{what} is not possible now: you are asked whether to copy {actor}'s {letter}: copy it or pass"),
    NC_("not-now-final-harvester", "{what} is not possible now: it is your final-harvest step: harvest all your fields "
                                   "(hand cards only with Final Planting, before harvesting), then end the step"),
    NC_("not-now-active", "{what} is not possible now: you hold the active-player card; only passive players pass, "
                          "when asked whether to copy an action — you take actions or end your turn"),
    NC_("not-now-defending", "{what} is not possible now: {target} is deciding whether to defend field {field} "
                             "against {attacker}'s takeover"),
    NC_("not-now-overcoming", "{what} is not possible now: {attacker} is deciding whether to overcome {target}'s "
                              "defence with Strong Takeover"),
    NC_("not-now-final-planting", "{what} is not possible now: only players whose final harvest is still to come are "
                                  "asked about {actor}'s Final Planting play (now {asked})"),
    NC_("not-now-queue", "{what} is not possible now: the passive players are asked one at a time, clockwise, and "
                         "{asked} is asked before you"),
    NC_("not-now-window", "{what} is not possible now: after each of {actor}'s normal actions the others are asked "
                          "whether they copy it before {actor} continues; {asked} is asked now"),
    NC_("not-now-asked", "{what} is not possible now: you have already been asked about this action; {asked} is asked now"),
    NC_("not-now-final-harvest", "{what} is not possible now: in the final harvest the players harvest one at a time, "
                                 "clockwise from the card holder, and it is {player}'s step"),
    NC_("not-now-ending", "{what} is not possible now: the game end has been triggered, and {active}, who holds the "
                          "active-player card, takes the final actions; then everybody harvests, starting with "
                          "{active} (you copy {active}'s actions only when asked)"),
    NC_("not-now-two-players", "with two players a takeover is never copied: the only field you could attack is "
                               "{active}'s, and {active} is the active player"),
    NC_("not-now-nobody-asked", "{what} is not possible now: nobody is being asked to copy. Only the active player, "
                                "{active}, takes normal actions; after each one the passive players are asked in turn, "
                                "clockwise, whether they copy it, but only until its copy limit is reached ({limit})"),
    # copies (T-30 … T-35)
    NC_("copy-two-players", "with two players a takeover is never copied: you may only pass"),
    NPC_("copy-limit-reached", "with {players} players each action may be copied by {n} player (outside the first "
                               "turn), and this one has been: you may only pass",
         "with {players} players each action may be copied by {n} players (outside the first turn), and this one has "
         "been: you may only pass"),
    NC_("copy-same-kind", "a copy must be the same kind of action ({letter}) — or pass"),
    NC_("deck-closed", "the draw deck is closed after the trigger"),
    NC_("final-harvest-step", "in your final-harvest step you harvest your fields (hand cards only with Final "
                              "Planting, before harvesting)"),
    # fields and cards
    NPC_("no-such-field", "there is no field {field}; you have {n} field", "there is no field {field}; you have {n} fields"),
    NC_("play-count", "you hold {have} {bean}, not {count}"),
    NC_("play-other-type", "field {field} holds {bean}: a field takes only its own type (or must be empty)"),
    NC_("mutant-none-held", "you hold no Mutant Bean"),
    NC_("mutant-empty-field", "Mutant Bean goes onto a field that already has beans"),
    NC_("mutant-next", "onto {bean} Mutant Bean allows only the next type by handicap: {next}"),
    NC_("mutant-last", "onto {bean} Mutant Bean allows only the next type by handicap: nothing (Blue is last)"),
    NC_("card-not-with-action", "{card} cannot be played with this action"),
    NC_("text-card-not-held", "you hold no {card} text card"),
    NC_("text-card-twice", "each text card can be used once"),
    NC_("merge-same-field", "merging needs two different fields"),
    NC_("merge-empty", "both fields must hold beans: a field can never be moved onto an empty one"),
    NC_("merge-other-type", "only fields of one type merge ({src} ≠ {dst})"),
    NC_("turn-up-closed", "after the trigger no card can be turned up"),
    NPC_("turn-up-not-empty", "field {field} is not empty; empty: {empty}", "field {field} is not empty; empty: {empty}"),
    NC_("turn-up-no-empty", "field {field} is not empty; you have no empty field"),
    NC_("deck-empty", "the draw deck is empty"),
    NC_("harvested-already", "you have already harvested this turn (the active-player card shows its back)"),
    NC_("harvest-single-card", "field {field} holds a single card while another of your fields has more"),
    NC_("chemistry-final", "Chemistry Set works only with a harvest action d), not at the final harvest"),
    NC_("chemistry-which", "Chemistry Set borrows the beanometer of another of your non-empty fields: say which one"),
    NC_("chemistry-not-bean", "Chemistry Set may not borrow the {bean} beanometer"),
    NC_("pizza-no-bonus", "{card} gives no bonus for this harvest, so it cannot be played"),
    NC_("chemistry-extra-harvest", "Chemistry Set works only with the harvest action d), not with Extra Harvest"),
    # takeovers and defences
    NC_("takeover-two-players", "with two players a takeover is never copied"),
    NC_("not-another-player", "{player} is not another player"),
    NC_("player-has-no-field", "{player} has no field {field}"),
    NC_("variable-field-using", "with Variable Field name your field: 'using N'"),
    NC_("own-field-missing", "you have no field {field}"),
    NC_("not-facing", "field {field} of {player} faces your field {want}, not {own}: takeovers happen between "
                      "corresponding fields"),
    NC_("takeover-empty", "both fields must hold beans (no empty field takes part in a takeover)"),
    NC_("not-stronger", "your field ({mine} {mine_bean}) is not stronger than theirs ({theirs} {theirs_bean}): more "
                        "cards win, then the lower handicap"),
    NC_("not-stronger-mighty", "your field ({mine} {mine_bean} +1 for Mighty Field) is not stronger than theirs "
                               "({theirs} {theirs_bean}): more cards win, then the lower handicap"),
    NC_("strong-takeover-when", "Strong Takeover is played against a protected field, or after the defence is laid (overrule)"),
    NC_("field-protected", "{player}'s field {field} is protected by a defence card (only Strong Takeover overcomes it)"),
    NC_("copy-not-active", "a copied takeover may never target the active player"),
    NC_("copy-not-first-copier", "with 5 players the second copier may not target the first copier ({player})"),
    NC_("performed-first-turn", "{player} has already performed a takeover this turn, so no takeover may target them "
                                "in the first turn"),
    NC_("performed-mighty", "{player} has already performed a takeover this turn, so Mighty Field and Variable Field "
                            "may not target them"),
    NC_("harvest-all-first", "harvest all your fields first"),
    NC_("end-turn-active-only", "only the active player, {active}, ends the turn, by passing the active-player card on"),
    NC_("defence-not-yours", "{what} is not yours to decide: {attacker}'s takeover targets {target}'s field {field}, "
                             "and only {target} decides whether to defend it"),
    NC_("defended-already", "{what} is not possible now: you have already defended field {field}; {attacker} now "
                            "decides whether to overcome the defence with Strong Takeover"),
    NC_("no-defence-possible", "{what} is not possible: the takeover was declared with {card}, and the attacked player "
                               "cannot defend against it, so it took effect at once"),
    NC_("no-takeover-waiting", "{what} is not possible now: no takeover against your fields is waiting for your "
                               "decision (a defence card is laid when one of your fields is attacked, before the fields "
                               "change owners)"),
    NC_("card-not-held", "you hold no {card}"),
    NC_("answer-not-yours", "{what} is not yours to decide: only {attacker}, whose takeover was repelled, answers the defence"),
    NC_("no-defence-laid", "{what} is not possible now: no defence has been laid against a takeover of yours (Strong "
                           "Takeover overcomes a defence right after it is laid, or is declared with the takeover "
                           "against a protected field)"),
    NC_("strong-takeover-not-held", "you hold no Strong Takeover"),
    # special actions (§4, §8)
    NC_("special-final-harvest", "during the final harvest only the harvesting player plays special actions"),
    NC_("special-own-decision", "special actions are played only at your own decision points (a passive player: in "
                                "their own response window)"),
    NC_("no-such-player", "there is no player {player}"),
    NC_("swap-two-fields", "name two different fields of {player} (1–{fields})"),
    NC_("discard-empty", "the bean discard pile is empty"),
    NC_("extra-card-hand", "Extra Card needs at most 5 cards in your hand"),
    NC_("final-planting-when", "Final Planting is played in your own final-harvest step, before you harvest"),
    NC_("hand-swap-hand", "Hand Swap needs 1 to 5 cards in your hand"),
    NC_("joker-field", "the Joker Bean goes only onto your Snap, Chili or Blue field"),
    NC_("raid-empty", "Pirate Raid needs a field with beans"),
    NC_("raid-no-victim", "no opponent's corresponding field has the same type"),
    NC_("raid-no-choice", "Pirate Raid robs every eligible opponent (option pirate_targets: subset allows a choice)"),
    NC_("raid-once-each", "each opponent loses at most one card to a Pirate Raid"),
    NC_("raid-chosen", "each chosen player must have a matching corresponding field"),
    NC_("seed-trade-five", "Seed Trade needs 5 hand cards of 5 different types"),
    NC_("seed-trade-coin", "the coin card must be one of the five"),
    NC_("no-draws", "after the trigger no cards are drawn"),
    NC_("seven-new-cards-passive", "Seven New Cards is for passive players only"),

    # -- What happened: one message per event kind ("event-<kind>"), filled by the kind's fill
    # below; parts that vary are nested messages (a message with no part there gets "").
    NPC_("event-t_play", "{player} plays {n} × {bean} onto field {field}{mutant}.",
         "{player} plays {n} × {bean} onto field {field}{mutant}."),
    NC_("t_play-mutant", " ({card})"),
    NPC_("event-merge", "{player} merges field {src} onto field {dst} ({n} card).",
         "{player} merges field {src} onto field {dst} ({n} cards)."),
    NC_("event-turn_up", "{player} turns up {bean} onto field {field}."),
    NC_("event-t_harvest", "{final}{player} harvests field {field} ({cards} × {bean}) for {coins}{texts}."),
    NC_("t_harvest-final", "Final harvest: "),
    NPC_("t_harvest-coins", "{n} coin", "{n} coins"),
    NPC_("t_harvest-texts", " and {n} text card", " and {n} text cards"),
    NC_("event-flip", "{player} turns the active-player card over: no more harvesting this turn."),
    NC_("event-takeover", "{player} attempts a hostile takeover of {target}'s field {field} with field {own}{cards}."),
    NPC_("takeover-cards", " ({cards})", " ({cards})"),
    NPC_("event-swap", "The fields change owners: {player} gets {n} card, {target} gets {gave}.",
         "The fields change owners: {player} gets {n} cards, {target} gets {gave}."),
    NC_("event-defend", "{player} lays a text card face down on field {field} to defend it: unless a {card} answers, "
                        "the takeover fails and the field stays protected."),
    NC_("event-repelled", "{player}'s takeover of {target} stays repelled."),
    NPC_("event-overcome", "{card}: {player} takes the defence card; {target} draws {n} text card.",
         "{card}: {player} takes the defence card; {target} draws {n} text cards."),
    NC_("event-window", "{asked} may copy {player}'s action ({letter}: {name}) or pass."),
    NC_("event-window_closed", "No more copies of this action."),
    NC_("event-pass", "{player} passes."),
    NC_("event-text_card", "{player} uses the text card {card}."),
    NC_("event-swap_fields", "{player} swaps {owner}'s fields {a} and {b}."),
    NC_("event-extra_card", "{player} takes {bean} from the discard pile."),
    NPC_("event-swap_hands", "{player} swaps hands with {other} ({n} card for {got}).",
         "{player} swaps hands with {other} ({n} cards for {got})."),
    NC_("event-joker", "{player} puts the {card} on field {field}."),
    NPC_("event-pirate_raid", "{card}: {player} takes one {bean} from {victims} onto field {field}.",
         "{card}: {player} takes one {bean} from {victims} onto field {field}."),
    NC_("event-seed_trade", "{player} trades seeds: one {coin} becomes a coin; {rest}."),
    NC_("seed_trade-keep", "the other four stay in the hand"),
    NPC_("seed_trade-redraw", "the other four go to the discard pile and {player} draws {n} new card",
         "the other four go to the discard pile and {player} draws {n} new cards"),
    NC_("seed_trade-redraw-none", "the other four go to the discard pile and {player} draws no new cards"),
    NC_("event-trigger", "The game end is triggered: no more cards are drawn. The active player finishes, then "
                         "everybody harvests."),
    NC_("event-final_harvest", "{player} ends the final actions; the final harvest begins."),

    # -- The phases as the narration and the table name them ("phase-<phase>").
    NC_("phase-turn", "actions a–e, copies"),
    NC_("phase-final", "final actions and harvest"),

    # -- Words shared by the sentences: lists ("A, B and C"; the base game's words give "A and B" and small counts).
    NC_("list-more", "{a}, {b}"),
    NC_("nobody", "nobody"),

    # -- Button labels (without the player's name); {attached} is the text cards played with
    # the action (" + Mutant Bean"), names only.
    NC_("label-play", "{count} × {bean} → field {field}{attached}"),
    NC_("label-merge", "Merge field {src} onto {dst}{attached}"),
    NC_("label-turn-up", "Turn up onto field {field}"),
    NC_("label-harvest", "Harvest field {field}{attached}"),
    NC_("label-extra-harvest", "{card}: field {field}{attached}"),
    NC_("label-takeover", "Take over {target}'s field {field}{attached}"),
    NC_("label-takeover-using", "Take over {target}'s field {field} (with {using}){attached}"),
    NC_("label-pass", "Pass"),
    NC_("label-allow", "Let it happen"),
    NC_("label-overrule", "Strong Takeover!"),
    NC_("label-concede", "Accept the defence"),
    NC_("label-end-turn", "End turn"),
    NC_("label-extra-card", "Extra Card"),
    NC_("label-final-planting", "Final Planting"),
    NC_("label-seven-new-cards", "Seven New Cards"),
    NC_("label-defend", "Defend with {card}"),
    NC_("label-swap-fields", "{card}: {owner} {a}↔{b}"),
    NC_("label-swap-hands", "Hand Swap with {other}"),
    NC_("label-joker", "{card} on field {field}"),
    NC_("label-pirate-raid", "{card} with field {field}"),
    NC_("label-seed-trade-redraw", "Seed Trade ({coin} to coins, redraw)"),
    NC_("label-seed-trade-keep", "Seed Trade ({coin} to coins, keep)"),

    # -- Headings of the groups of buttons.
    NC_("group-play", "Play from hand"),
    NC_("group-merge", "Merge"),
    NC_("group-turn-up", "Turn up"),
    NC_("group-takeover", "Hostile takeover"),
    NC_("group-copy", "Copy or pass"),
    NC_("group-defence", "Defence"),
    NC_("group-after-defence", "After the defence"),
    NC_("group-turn", "Turn"),
    NC_("text-cards", "Text cards"),

    # -- Actions in sentences (what a player does or did); {attached}: the text cards played
    # with it, a nested message or "".
    NC_("do-play", "{player} plays {count} {bean} onto field {field}{attached}."),
    NC_("do-merge", "{player} moves field {src} onto field {dst}{attached}."),
    NC_("do-turn-up", "{player} turns up the top card of the deck onto field {field}."),
    NC_("do-extra-harvest", "{player} plays {card} and harvests field {field}{attached}."),
    NC_("do-harvest", "{player} harvests field {field}{attached}."),
    NC_("do-takeover", "{player} attempts a hostile takeover of {target}'s field {field}{attached}."),
    NC_("do-takeover-using", "{player} attempts a hostile takeover of {target}'s field {field} with field {using}{attached}."),
    NPC_("do-attached", ", playing {cards}", ", playing {cards}"),
    NC_("do-attached-meter", "{card} with field {field}'s beanometer"),
    NC_("do-defend", "{player} defends with a text card laid face down."),
    NC_("do-defend-seen", "{player} defends with a text card laid face down ({card})."),
    NC_("do-swap-fields", "{player} plays {card} on {owner}'s fields {a} and {b}."),
    NC_("do-swap-hands", "{player} plays {card} with {other}."),
    NC_("do-joker", "{player} puts the {card} onto field {field}."),
    NC_("do-pirate-raid", "{player} plays {card} for field {field}."),
    NC_("do-pirate-raid-against", "{player} plays {card} for field {field} against {victims}."),
    NC_("do-seed-trade-redraw", "{player} plays {card} with five hand cards: a {coin} becomes a coin, and the other "
                                "four are discarded for new cards."),
    NC_("do-seed-trade-keep", "{player} plays {card} with five hand cards: a {coin} becomes a coin, and the other "
                              "four stay in the hand."),
    NC_("do-seed-trade-redraw-seen", "{player} plays {card} with five hand cards ({cards}): a {coin} becomes a coin, "
                                     "and the other four are discarded for new cards."),
    NC_("do-seed-trade-keep-seen", "{player} plays {card} with five hand cards ({cards}): a {coin} becomes a coin, "
                                   "and the other four stay in the hand."),
    NC_("do-pass", "{player} passes (no copy)."),
    NC_("do-allow", "{player} lets the takeover happen without a defence."),
    NC_("do-overrule", "{player} answers the defence with a {card}."),
    NC_("do-concede", "{player} accepts the defence: the takeover fails."),
    NC_("do-end-turn", "{player} ends the turn."),
    NC_("do-extra-card", "{player} plays {card} and takes the top card of the discard pile."),
    NC_("do-final-planting", "{player} plays {card}."),
    NC_("do-seven-new-cards", "{player} plays {card}: shuffles the hand into the deck and draws seven."),

    # -- The table (takeover's additions to the base game's).
    NC_("view-protected", "protected field"),
    NC_("view-garden", "Garden beans under the deck"),
    NC_("view-text-deck", "text deck"),
    NC_("view-text-discard", "used text cards"),
    NC_("view-flipped", "active-player card: harvested (back)"),
    NC_("view-front", "active-player card: front"),
    NC_("view-defending", "deciding on a defence"),
    NC_("view-answering", "answering the defence: Strong Takeover or accept it"),
    NC_("view-performers", "performed a takeover"),
    NC_("view-neither", "neither is stronger"),
    NC_("view-stronger", "{player} is stronger"),
    NC_("view-versus", "vs"),
    NPC_("view-strength", "{count} card · handicap {handicap} ({bean})", "{count} cards · handicap {handicap} ({bean})"),
    NPC_("view-text-count", "{n} card", "{n} cards"),
    NPC_("view-bonus", "+{n} coin without a card", "+{n} coins without a card"),
    NC_("view-snap-meter", "{texts} text + {coins} coin"),
    NC_("view-window", "{asked} may copy {actor}'s action ({letter}: {name}) or pass — {copies} of {limit} copies made"),
], base=BASE_MESSAGES)


# --------------------------------------------------------------------------------------
# Values put into the messages
# --------------------------------------------------------------------------------------
def _card(card: str) -> Named:
    """A card (a bean or a text card), named in the reader's language when shown."""
    return Named(CARDS, card)


def _listed(items) -> Any:
    """Things in a list, worded when shown: "A", "A and B", "A, B and C" (items are names,
    cards or nested messages)."""
    items = list(items)
    if not items:
        return MESSAGES.message("nobody")
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return MESSAGES.message("join-and", a=items[0], b=items[1])  # the base game's words
    return MESSAGES.message("list-more", a=items[0], b=_listed(items[1:]))


def _count(n: int) -> Any:
    """A small count in words ("two"/"két", the base game's words), a larger one as digits."""
    return MESSAGES.message(f"number-{n}") if 1 <= n <= 10 else n


def letter_name(letter: str) -> Message:
    """A normal action's name by its letter: "turn up" / "felcsapás"."""
    return MESSAGES.message("letter-" + letter)


# --------------------------------------------------------------------------------------
# Narration: each event kind's fill (the values of its message "event-<kind>")
# --------------------------------------------------------------------------------------
def _fill_t_play(d: dict, p: str, n: Narration) -> dict:
    mutant = MESSAGES.message("t_play-mutant", card=Named(n.cards, "mutant-bean")) if d.get("mutant") else ""
    return {"player": p, "n": d["count"], "bean": Named(n.cards, d["bean"]), "field": d["field"], "mutant": mutant}


def _fill_t_harvest(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "field": d["field"], "cards": d["cards"], "bean": Named(n.cards, d["bean"]),
            "final": MESSAGES.message("t_harvest-final") if d.get("final") else "",
            "coins": MESSAGES.message("t_harvest-coins", n=d["coins"]),
            "texts": MESSAGES.message("t_harvest-texts", n=d["texts"]) if d.get("texts") else ""}


def _fill_takeover(d: dict, p: str, n: Narration) -> dict:
    ids = [c.split("@")[0] for c in d.get("cards") or ()]
    cards = MESSAGES.message("takeover-cards", cards=NamedList(n.cards, ids), n=len(ids)) if ids else ""
    return {"player": p, "target": d["target"], "field": d["field"], "own": d["own"], "cards": cards}


def _fill_window(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "asked": d["asked"], "letter": d["letter"], "name": letter_name(d["letter"])}


def _fill_pirate_raid(d: dict, p: str, n: Narration) -> dict:
    victims = list(d.get("from") or ())
    return {"player": p, "card": Named(n.cards, "pirate-raid"), "bean": Named(n.cards, d["bean"]),
            "victims": _listed(victims), "n": len(victims), "field": d["field"]}


def _fill_seed_trade(d: dict, p: str, n: Narration) -> dict:
    drawn = d.get("drawn", 5)
    if not d.get("redraw"):
        rest = MESSAGES.message("seed_trade-keep")
    elif drawn:
        rest = MESSAGES.message("seed_trade-redraw", player=p, n=drawn)
    else:
        rest = MESSAGES.message("seed_trade-redraw-none", player=p)
    return {"player": p, "coin": Named(n.cards, d["coin"]), "rest": rest}


#: Catalogued event kinds: each one's message is "event-<kind>", filled by these (the base
#: game's kinds that takeover also makes — turn, draw, reshuffle … — keep the base's words).
FILLS = {
    "t_play": _fill_t_play, "merge": fill_from("src", "dst", n="size"), "turn_up": fill_from("field", cards=("bean",)),
    "t_harvest": _fill_t_harvest, "flip": fill_from(), "takeover": _fill_takeover,
    "swap": fill_from("target", "gave", n="got"), "defend": fill_from("field", card="strong-takeover"),
    "repelled": fill_from("target"), "overcome": fill_from("target", n="drawn", card="strong-takeover"),
    "window": _fill_window, "window_closed": fill_from(player=False), "pass": fill_from(),
    "text_card": fill_from(cards=("card",)), "swap_fields": fill_from("owner", "a", "b"),
    "extra_card": fill_from(cards=("bean",)), "swap_hands": fill_from("other", "got", n="gave"),
    "joker": fill_from("field", card=JOKER),
    "pirate_raid": _fill_pirate_raid, "seed_trade": _fill_seed_trade, "trigger": fill_from(player=False),
    "final_harvest": fill_from(),
}

#: The expansion's narration: the base game's sentences, its own events and phases
#: ("phase-turn", "phase-final" in the catalogue), its cards.
NARRATION = BASE_NARRATION.extend(cards=CARDS, messages=MESSAGES, fills=FILLS)


# --------------------------------------------------------------------------------------
# Button labels and group headings
# --------------------------------------------------------------------------------------
class _Plus:
    """The text cards played with an action as a button shows them: " + Mutant Bean" (card
    names only; nothing when there are none)."""

    @staticmethod
    def names(keys, lang: str = "en") -> str:
        return "".join(f" + {CARDS.name(k, lang)}" for k in keys)


#: The text card each verb plays, named on its button and in its sentence (a defence names the
#: card laid).
_CARD_OF = {"extra-harvest": "extra-harvest", "swap-fields": "field-swap", "swap-hands": "hand-swap", "joker": JOKER,
            "pirate-raid": "pirate-raid", "seed-trade": "seed-trade", "extra-card": "extra-card",
            "final-planting": "final-planting", "seven-new-cards": "seven-new-cards", "overrule": "strong-takeover"}


def _worded(prefix: str, a, seen: bool = True, **data: Any) -> Optional[Message]:
    """One of the expansion's actions on a button (``prefix`` "label") or in a sentence ("do"):
    the message "<prefix>-<verb>", with the variant the action picks (a takeover using a field, a
    raid naming its victims, a seed trade's choice), filled from the action and ``data``. Unless
    ``seen`` (the reader is the player, or the teacher), the card laid in defence and the seed
    trade's hand cards are not named. None: not one of the expansion's actions."""
    if not isinstance(a, ta.TAction):
        return None
    code, sentence = f"{prefix}-{a.VERB}", prefix == "do"
    if isinstance(a, ta.HostileTakeover) and a.using:
        code += "-using"
    elif isinstance(a, ta.PirateRaid) and a.victims and sentence:
        code += "-against"
    elif isinstance(a, ta.SeedTrade):
        code += ("-redraw" if a.redraw else "-keep") + ("-seen" if seen and sentence else "")
    elif isinstance(a, ta.Defend) and seen and sentence:
        code += "-seen"
    if code not in MESSAGES.entries:
        return None
    values = {k: getattr(a, k) for k in ("field", "src", "dst", "target", "using", "owner", "a", "b", "other")
              if hasattr(a, k)}
    card = a.card if isinstance(a, ta.Defend) else _CARD_OF.get(a.VERB)
    if card and (seen or not isinstance(a, ta.Defend)):
        values["card"] = _card(card)
    for k in ("bean", "coin"):
        if getattr(a, k, None):
            values[k] = _card(getattr(a, k))
    return MESSAGES.message(code, **values, **data)


def _label(a) -> Optional[Message]:
    """An action's button label as a message (None: not one of the expansion's actions)."""
    attached = NamedList(_Plus, [x.split("@")[0] for x in a.attach])
    return _worded("label", a, count=getattr(a, "count", None), attached=attached)


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """A button label for one of the expansion's actions (without the player's name)."""
    label = _label(a)
    return label.text(lang) if label is not None else None


#: verb -> the message code of the heading of its group of buttons.
GROUP_CODES = {"play": "group-play", "merge": "group-merge", "turn-up": "group-turn-up", "takeover": "group-takeover",
               "pass": "group-copy", "allow": "group-defence", "defend": "group-defence",
               "overrule": "group-after-defence", "concede": "group-after-defence", "end-turn": "group-turn",
               **{v: "text-cards" for v in ("extra-harvest", "extra-card", "final-planting", "seven-new-cards",
                                            "swap-fields", "swap-hands", "joker", "pirate-raid", "seed-trade")}}


# --------------------------------------------------------------------------------------
# Actions in sentences (the base game's words for the rest, through its ``describe``)
# --------------------------------------------------------------------------------------
def _attached(a) -> Any:
    """The text cards an action plays with it, as a message (", playing Mutant Bean" /
    " (szöveges kártya: Mutabab)"); "" when there are none."""
    if not a.attach:
        return ""
    items = []
    for x in a.attach:
        card, _, pos = x.partition("@")
        items.append(MESSAGES.message("do-attached-meter", card=_card(card), field=pos) if pos else _card(card))
    return MESSAGES.message("do-attached", cards=_listed(items), n=len(items))


def _sentence(a, obs=None) -> Optional[Message]:
    """An action of the expansion as a message (None: not one of its verbs). ``obs`` is the
    observation of whoever reads it (None: the whole table); nothing hidden from that seat is said."""
    if not isinstance(a, ta.TAction):
        return None
    seen = obs is None or obs.get("viewer") in (None, a.player)
    return _worded("do", a, seen, player=a.player, count=_count(getattr(a, "count", 0)), attached=_attached(a),
                   victims=_listed(getattr(a, "victims", ())),
                   cards=_listed([_card(b) for b in getattr(a, "beans", ())]))


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """The expansion's actions as sentences (None: not one of its verbs)."""
    sentence = _sentence(a, obs)
    return sentence.text(lang) if sentence is not None else None
