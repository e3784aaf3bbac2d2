"""Rabohnzel's words: its events, phases, action sentences, button labels and group headings,
all through its message catalogue (English here, other languages in ``locale/``)."""
from __future__ import annotations

from typing import Any, Optional

from ..bohnanza.text import MESSAGES as BASE_MESSAGES, NARRATION as BASE_NARRATION, fill_from
from ...core.events import Narration
from ...i18n.messages import NC_, NPC_, Messages, Named, NamedList, locale_dir
from .cards import CARDS, potion_name

#: This game's messages by code (English here; other languages in ``locale/``); the base
#: game's messages are reached through it. ``{field}`` is a field's number as players count
#: (from 1), ``{pos}`` a hand position (from 1), ``{player}``/``{target}``/``{victim}`` a
#: player's name; ``{bean}``/``{potion}`` a card or a potion and ``{beans}``/``{potions}``
#: several (:class:`~beannb.i18n.messages.Named`, ``NamedList``), shown in the reader's language.
MESSAGES = Messages("rabohnzel", locale_dir(__file__), [
    # Why a move is refused.
    NC_("decide-place-you", "first you must decide where the card just taken or drawn goes (place N or place hand)"),
    NC_("decide-place", "first {player} must decide where the card just taken or drawn goes (place N or place hand)"),
    NC_("decide-activate-you", "first you must decide which face-down potions to activate (activate … or skip)"),
    NC_("decide-activate", "first {player} must decide which face-down potions to activate (activate … or skip)"),
    NC_("decide-resolve-you", "first you must decide which drawn coin to resolve"),
    NC_("decide-resolve", "first {player} must decide which drawn coin to resolve"),
    NC_("decide-counter-you", "first you must decide whether to counter-attack"),
    NC_("decide-counter", "first {player} must decide whether to counter-attack"),
    NC_("decide-enchant-you", "first you must decide where to plant the front card of the hand"),
    NC_("decide-enchant", "first {player} must decide where to plant the front card of the hand"),
    # a decision verb with nothing to decide
    NC_("nothing-to-place", "no card is waiting to be placed: a card just drawn with four white beans (or just stolen) "
                            "may be planted only at once, with nothing but harvests in between; after that it is an "
                            "ordinary hand card"),
    NC_("nothing-to-decide", "there is nothing to decide with that now"),
    # phases and turns
    NC_("draw-over", "the draw is over: only a teleport may still be drunk, then the turn ends"),
    NC_("magic-only-use", "you may use a field's ability only in your magic phase (phase 1.5)"),
    NC_("magic-only-mage", "you may play mage beans from the hand only in your magic phase (phase 1.5)"),
    NC_("magic-once", "the magic phase comes once, right after planting from the hand"),
    NC_("magic-plant", "in the magic phase cards are planted only through abilities, the card flow or enchanting"),
    NC_("end-turn-draw-first", "the turn ends with the phase-4 draw: draw first (after it only a teleport may still "
                               "be drunk, then the turn is ended)"),
    NC_("no-field-to-buy", "Rabohnzel has no 3rd field to buy (only the bean-field spell makes one)"),
    # the fields' abilities
    NC_("field-no-beans", "field {field} holds no beans"),
    NC_("no-ability", "{bean} beans have no ability"),
    NC_("ability-used", "field {field} has already used its ability in this magic phase"),
    NC_("ability-harvested", "field {field} was harvested in this magic phase before its ability was used, so "
                             "that use is lost"),
    NC_("attack-mean-sword", "the attack spell goes only with a mean or sword ability"),
    NC_("attack-not-up", "you hold no activated attack spell"),
    NC_("name-target", "name a co-player: use N on NAME"),
    NC_("not-co-player", "{player} is not a co-player"),
    NC_("ability-no-target", "the {bean} ability has no target"),
    # TRANSLATORS: "Ann use 2 as thief" on a field of another type; named is the bean the player named.
    NC_("ability-not-as", "field {field} is of type {bean}, so it uses the {bean} ability, not the {named} one"),
    NC_("nothing-to-steal", "{player} has no hand cards to steal"),
    NC_("no-coins-to-attack", "{player} has no coins to attack"),
    NC_("mean-too-few", "mean beans need {need} in the field, field {field} counts {have}"),
    NC_("mean-too-few-new", "mean beans need {need} in the field, field {field} counts {have} (cards added in this "
                            "magic phase do not count)"),
    NC_("no-mage-at", "hand position {pos} holds no mage bean"),
    NPC_("no-mage-at-held", "hand position {pos} holds no mage bean (mages at {positions})",
         "hand position {pos} holds no mage bean (mages at {positions})"),
    # decisions
    NPC_("activate-count", "you may activate {n} potion now", "you may activate {n} potions now"),
    NC_("activate-not-down", "you hold no face-down {potion}"),
    NPC_("activate-only", "only {potions} may be activated now", "only {potions} may be activated now"),
    NC_("coins-drawn", "the drawn coins are {beans}"),
    NC_("enchant-must-plant", "co-players must plant the front card of their hand"),
    NC_("enchant-front", "the front card of your hand is {bean}"),
    # the card flow, discarding
    NC_("no-flow", "no card flow is running: drink the card-flow potion first"),
    NC_("flow-hand-empty", "your hand is empty"),
    NC_("discard-kept-only", "only kept face-up cards may be discarded (now: {beans})"),
    NC_("discard-kept-none", "only kept face-up cards may be discarded (now: none)"),
    NC_("discard-trade-spell", "only the active player, after drinking the trade spell, may discard kept face-up cards "
                               "in phase 3"),
    # drinking potions
    NC_("potion-own-turn", "potions are drunk only in their owner's own turn"),
    NC_("potion-not-held", "you do not hold the {potion}"),
    NC_("potion-face-down", "your {potion} is face down: activate it first"),
    NC_("potion-after-draw", "after the last draw only the teleport may be drunk"),
    NC_("attack-with-ability", "drink the attack spell with an ability: use N on NAME with attack"),
    NC_("spell-phase-3", "this spell is drunk in your phase 3, while planting a card"),
    NC_("no-pending-bean", "you have no pending {bean} to plant"),
    NC_("three-fields", "you already have 3 fields; never more"),
    NC_("enchant-field", "enchanting needs a field holding exactly 1 bean of another type"),
    NC_("no-face-down-potion", "{player} has no face-down potion"),
    NC_("trade-phase-2", "the trade spell is drunk in phase 2, after the two cards are turned up"),
    NC_("deal-made", "a deal has already been made this turn"),
    NC_("discard-spell-phase-2", "the discard-pile spell is drunk in phase 2"),
    NC_("discard-pile-empty", "the discard pile is empty"),
    NC_("teleport-positions", "name two different hand positions from 1 to {last}"),
    # What only the active player may do now: completes the base game's "not-your-turn".
    NC_("turn-magic-start", "start the magic phase"),
    NC_("turn-use-ability", "use a field's ability"),
    NC_("turn-play-mage", "play mage beans from the hand"),
    NC_("turn-flow", "plant under a card flow"),
    NC_("turn-end", "end the turn"),

    # -- potions named in a sentence (the naming tables below) --------------------------------------
    NC_("potions-none", "nothing"),
    # TRANSLATORS: a potion as the subject of a sentence ("the Teleport turns face down").
    NC_("potion-the", "the {potion}"),
    # TRANSLATORS: a potion as the object of a verb ("Ann activates the Teleport").
    NC_("potion-the-object", "the {potion}"),
    # TRANSLATORS: the last two of a list ({a} may itself be a list: "A, B").
    NC_("list-and", "{a} and {b}"),
    # TRANSLATORS: a list's items one after the other ({b} may itself be a list).
    NC_("list-comma", "{a}, {b}"),

    # -- what happened: one message per event kind ("event-<kind>"), filled by FILLS below ------------
    # TRANSLATORS: {effect} is one of the "ability-…" messages.
    NC_("event-ability", "{player} uses field {field} ({bean}): {effect}."),
    NC_("ability-thief", "steals — {target}"),
    NC_("ability-sword", "attacks — {target}"),
    NC_("ability-sword-attack", "attacks — {target} with the attack spell"),
    NC_("ability-mean", "calls for a coin reveal"),
    NC_("ability-mean-attack", "calls for a coin reveal with the attack spell"),
    NC_("ability-white", "draws a card"),
    NC_("ability-mage", "activates potions"),
    NC_("event-steal", "{player} takes the rearmost card of {victim}'s hand."),
    NC_("event-sword_steal", "{player} takes {victim}'s rearmost hand card and shows it: {bean}."),
    # TRANSLATORS: {card} is "keep-card", or "keep-card-bean" when the card is public.
    NC_("event-keep", "{player} keeps {card}."),
    NC_("keep-card", "the card at the back of the hand"),
    NC_("keep-card-bean", "the card at the back of the hand ({bean})"),
    NC_("event-white_draw", "{player} draws a card to the back of the hand."),
    NC_("event-white_nothing", "The deck is empty: {player} draws nothing."),
    NPC_("event-activation_lost", "{player} has too few face-down potions: {n} activation is lost.",
         "{player} has too few face-down potions: {n} activations are lost."),
    NC_("event-play_mage", "{player} plays the mage bean from hand position {pos} onto the discard pile."),
    # TRANSLATORS: {potions} lists the potions' names; {note} is empty or "activate-off-turn".
    NPC_("event-activate", "{player} activates {potions}{note}.", "{player} activates {potions}{note}."),
    # TRANSLATORS: added after the potion's name; it begins with a space.
    NC_("activate-off-turn", " (it stays up until the end of their next turn)"),
    # TRANSLATORS: {s} is one of the "skip-…" sentences (what the player declines): keep it as it is.
    NC_("event-skip", "{s}"),
    NC_("skip-activate", "{player} activates nothing."),
    NC_("skip-counter", "{player} does not counter-attack."),
    NC_("skip-enchant", "{player} plants nothing."),
    NC_("skip-other", "{player} passes."),
    NC_("event-coin_draw", "{player} draws from {defender}'s shuffled coins: {beans}."),
    # TRANSLATORS: {back} is empty or "resolve-back" (the other drawn coin).
    NC_("event-resolve", "{player} resolves {bean}{back}."),
    # TRANSLATORS: added after the sentence; it begins with a semicolon.
    NC_("resolve-back", "; {back} goes back"),
    NC_("event-freed", "Rabohnzel is freed! The princess coin moves from {defender} to {player}."),
    NC_("event-counter", "{player} counter-attacks {target}."),
    NC_("event-counter_nothing", "{target} has no coins: the counter-attack does nothing."),
    NC_("event-loop_guard", "Both coin stacks hold only sword beans: the chain ends."),
    NC_("event-thief_nothing", "{victim} has no hand card to take."),
    NC_("event-mage_result", "{player} may activate a potion."),
    NC_("event-no_effect", "A {bean} coin: nothing happens."),
    # TRANSLATORS: {s} is one of the "mean-…" sentences: keep it as it is. There {shown} lists
    # "mean-shown" items, {lost} the players who discard their coin.
    NC_("event-mean_reveal", "{s}"),
    NC_("mean-nobody", "No co-player has a coin to reveal."),
    NC_("mean-kept", "Coins revealed: {shown}; everyone keeps theirs."),
    NC_("mean-lost", "Coins revealed: {shown}; discarded by {lost}."),
    NC_("mean-shown", "{player} {bean}"),
    NC_("event-consume", "{player} drinks the {potion}."),
    NC_("event-exchange", "{player} draws a face-down potion from {target} and hands over the exchange spell."),
    NC_("event-trade_reveal", "{player} turns up a third card: {beans}."),
    NC_("event-trade_discard", "{player} discards the kept face-up {bean}."),
    NC_("event-flow_start", "{player} may now plant the front card again and again."),
    NC_("event-flow_end", "The card flow ends."),
    NC_("event-discard_take", "{player} takes the {bean} from the discard pile to the face-up cards."),
    NC_("event-beanfield", "{player} plants {bean} in a new 3rd field."),
    NC_("event-enchant_beans", "{player} plants {bean} onto the lone {old} in field {field}, which now counts as {bean}."),
    NC_("event-enchant_players", "{player} enchants the co-players: each plants the front card of their hand."),
    NC_("event-teleport", "{player} moves hand card {src} to position {dst}."),
    NC_("event-hand_spell", "{player} will draw 4 cards if no deal is made this turn."),
    NC_("event-luck", "{player} activates the top potion of the potion deck: {potion}."),
    NC_("event-luck_nothing", "The potion deck is empty: the luck spell does nothing."),
    # TRANSLATORS: {potions} names the potions as a subject ("the Teleport and the Attack spell").
    NPC_("event-potions_down", "End of {player}'s turn: {potions} turns face down.",
         "End of {player}'s turn: {potions} turn face down."),
    # TRANSLATORS: {potions} names the potions as a subject, the first word capitalised.
    NPC_("event-potions_back", "{potions} goes back into the potion deck, shuffled.",
         "{potions} go back into the potion deck, shuffled."),
    NC_("event-field_vanish", "{player}'s harvested field disappears: back to two fields."),
    NC_("event-chasm_potion", "{player} harvested 2+ chasm beans and draws a potion face down."),
    NC_("event-chasm_nothing", "The potion deck is empty: no potion for the chasm beans."),

    # -- the phases Rabohnzel adds ("phase-<phase>") -------------------------------------------------
    NC_("phase-magic", "phase 1.5: magic"),
    NC_("phase-end", "after the draw: teleport or end the turn"),

    # -- actions in sentences (the log, open offers, refusals, exercise choices) ---------------------
    NC_("action-reveal-magic", "{player} ends the magic phase and turns up the cards for trading."),
    NC_("action-reveal-trade", "{player} turns up the cards for trading."),
    NC_("action-magic", "{player} starts the magic phase."),
    # TRANSLATORS: {field} is "use-field", or "use-field-bean" when the field's beans are known.
    NC_("action-use", "{player} uses the ability of {field}."),
    NC_("action-use-target", "{player} uses the ability of {field} against {target}."),
    NC_("action-use-attack", "{player} uses the ability of {field}, with the attack spell."),
    NC_("action-use-target-attack", "{player} uses the ability of {field} against {target}, with the attack spell."),
    NC_("use-field", "field {field}"),
    NC_("use-field-bean", "field {field} ({bean})"),
    NC_("action-play-mage", "{player} plays a Mage bean from the hand (card {pos})."),
    NC_("action-activate", "{player} activates {potions}."),
    NC_("action-keep", "{player} keeps the card in the hand."),
    NC_("action-place", "{player} puts the card into field {field}."),
    NC_("action-resolve", "{player} resolves the drawn {bean} coin."),
    NC_("action-counter", "{player} counter-attacks."),
    NC_("action-skip", "{player} passes."),
    NC_("action-flow", "{player} plants the front card of the hand in field {field} (card flow)."),
    NC_("action-end-turn", "{player} ends the turn."),
    NC_("action-consume", "{player} drinks the {potion}."),
    NC_("action-consume-target", "{player} drinks the {potion}, drawing one of {target}'s potions."),
    NC_("action-consume-plant", "{player} drinks the {potion} to plant {bean} in field {field}."),
    NC_("action-consume-plant-new", "{player} drinks the {potion} to plant {bean} in a new field."),
    NC_("action-consume-move", "{player} drinks the {potion}, moving hand card {src} to place {dst}."),

    # -- button labels (no player's name) -----------------------------------------------------------
    NC_("button-magic", "Magic phase"),
    NC_("button-use", "Use field {field}"),
    NC_("button-use-target", "Use field {field} → {target}"),
    NC_("button-use-attack", "Use field {field} + attack spell"),
    NC_("button-use-target-attack", "Use field {field} → {target} + attack spell"),
    NC_("button-play-mage", "Play the Mage (hand card {pos})"),
    NC_("button-activate", "Activate {potions}"),
    NC_("button-keep", "Keep in hand"),
    NC_("button-place", "Into field {field}"),
    NC_("button-resolve", "Resolve {bean}"),
    NC_("button-counter", "Counter-attack"),
    NC_("button-skip", "Pass"),
    NC_("button-flow", "Front card → field {field}"),
    NC_("button-end-turn", "End the turn"),
    NC_("button-consume", "Drink {potion}"),
    NC_("button-consume-target", "Drink {potion} ({target})"),
    NC_("button-consume-bean", "Drink {potion} ({bean})"),
    NC_("button-consume-plant", "Drink {potion} ({bean} → {field})"),
    NC_("button-consume-move", "Drink {potion} ({src} → {dst})"),

    # -- headings of the groups of buttons ("group-<verb>") ------------------------------------------
    NC_("group-magic", "Magic phase"),
    # TRANSLATORS: turning up the trade cards ends planting or, if it was started, the magic phase.
    NC_("group-reveal", "On to trading"),
    NC_("group-use", "Field abilities"),
    NC_("group-play-mage", "Mage beans from the hand"),
    NC_("group-activate", "Activate potions"),
    NC_("group-place", "Place the card"),
    NC_("group-resolve", "Resolve a coin"),
    NC_("group-counter", "Counter-attack"),
    NC_("group-skip", "Pass"),
    NC_("group-flow", "Card flow"),
    NC_("group-end-turn", "End of turn"),
    NC_("group-consume", "Drink a potion"),

    # -- the table (view.py) ------------------------------------------------------------------------
    NC_("view-potions", "Potions"),
    NC_("view-down", "face down"),
    NC_("view-up", "activated"),
    NC_("view-unknown", "secret potion"),
    NC_("view-round", "Round card"),
    NC_("view-deck", "potion deck"),
    NC_("view-assumed", "assumed"),
    NC_("view-assumed-note", "Beanometers are assumed: the rule book does not print them."),
    NC_("view-flow", "card flow running"),
    NC_("view-decide", "Waiting for"),
    NC_("view-enchanted", "enchanted"),
    NC_("view-used", "ability used"),
    NC_("view-lucky", "from luck"),
    # TRANSLATORS: what a pending decision is about ("choice-<kind>").
    NC_("choice-place", "where the card goes"),
    NC_("choice-activate", "which potions to activate"),
    NC_("choice-resolve", "which drawn coin to resolve"),
    NC_("choice-counter", "whether to counter-attack"),
    NC_("choice-enchant", "whether to plant the front card (enchanted)"),
], base=BASE_MESSAGES)


# --------------------------------------------------------------------------------------
# The potions as naming tables (``Named(POTION_NAMES, "teleport")``, ``NamedList``)
# --------------------------------------------------------------------------------------
class PotionNames:
    """The potions as a naming table (``name``, ``names``) for messages' data. ``form`` names
    the message that puts one name into a sentence ("potion-the": "the Teleport", "a Teleport");
    without it a name is bare and a list joined by commas ("Teleport, Attack spell"), with it
    the list ends with "and"; ``capital``: the list begins a sentence."""

    __slots__ = ("form", "capital", "key")

    def __init__(self, key: str, form: str = "", capital: bool = False):
        self.key = key
        self.form = form
        self.capital = capital

    def name(self, pid: str, lang: str = "en") -> str:
        bare = potion_name(pid, lang)
        out = MESSAGES.text(self.form, lang, potion=bare) if self.form else bare
        return out[:1].upper() + out[1:] if self.capital else out

    def names(self, pids, lang: str = "en") -> str:
        if not pids:
            return MESSAGES.text("potions-none", lang)
        if not self.form:
            return ", ".join(potion_name(p, lang) for p in pids)
        words = [MESSAGES.text(self.form, lang, potion=potion_name(p, lang)) for p in pids]
        out = words[0] if len(words) == 1 else MESSAGES.text("list-and", lang, a=", ".join(words[:-1]), b=words[-1])
        return out[:1].upper() + out[1:] if self.capital else out

    def __reduce__(self):
        return self.key  # pickled as the module's table of that name


#: Bare names, a list by commas: refusals, labels, the table.
POTION_NAMES = PotionNames("POTION_NAMES")
#: The potions as the subject of a sentence: "the Teleport and the Attack spell".
THE_POTIONS = PotionNames("THE_POTIONS", "potion-the")
#: The same at the start of a sentence: "The Teleport …".
THE_POTIONS_FIRST = PotionNames("THE_POTIONS_FIRST", "potion-the", capital=True)
#: The potions as the object of a verb: "the Teleport" ("a Teleportot").
THE_POTIONS_OBJECT = PotionNames("THE_POTIONS_OBJECT", "potion-the-object")


def _series(items: list) -> Any:
    """Several values (names, messages) as one, joined by the catalogue's "list-comma"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return MESSAGES.message("list-comma", a=items[0], b=_series(items[1:]))


# --------------------------------------------------------------------------------------
# What happened: each event kind's data for its message "event-<kind>"
# --------------------------------------------------------------------------------------
def _fill_ability(d: dict, p: str, n: Narration) -> dict:
    """What a field's beans do ("ability-<bean>", "ability-<bean>-attack" with the attack spell)."""
    bean = d["bean"]
    code = f"ability-{bean}-attack"
    if not d.get("attack") or code not in MESSAGES:
        code = f"ability-{bean}"
    return {"player": p, "field": d["field"], "bean": Named(n.cards, bean),
            "effect": MESSAGES.message(code, target=d.get("target") or "")}


def _fill_keep(d: dict, p: str, n: Narration) -> dict:
    card = (MESSAGES.message("keep-card-bean", bean=Named(n.cards, d["bean"])) if d.get("bean")
            else MESSAGES.message("keep-card"))
    return {"player": p, "card": card}


def _fill_activate(d: dict, p: str, n: Narration) -> dict:
    ids = list(d["potions"])
    return {"player": p, "n": len(ids), "potions": NamedList(POTION_NAMES, ids),
            "note": MESSAGES.message("activate-off-turn") if d.get("off_turn") else ""}


def _fill_skip(d: dict, p: str, n: Narration) -> dict:
    code = "skip-" + str(d.get("kind"))
    return {"s": MESSAGES.message(code if code in MESSAGES else "skip-other", player=p)}


def _fill_resolve(d: dict, p: str, n: Narration) -> dict:
    back = MESSAGES.message("resolve-back", back=Named(n.cards, d["back"])) if d.get("back") else ""
    return {"player": p, "bean": Named(n.cards, d["bean"]), "back": back}


def _fill_mean_reveal(d: dict, p: str, n: Narration) -> dict:
    shown = [MESSAGES.message("mean-shown", player=who, bean=Named(n.cards, bean)) for who, bean in d["shown"].items()]
    if not shown:
        outcome = MESSAGES.message("mean-nobody")
    elif d["lost"]:
        outcome = MESSAGES.message("mean-lost", shown=_series(shown), lost=_series(list(d["lost"])))
    else:
        outcome = MESSAGES.message("mean-kept", shown=_series(shown))
    return {"s": outcome}


def _fill_potions_down(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "n": len(d["potions"]), "potions": NamedList(THE_POTIONS, d["potions"])}


def _fill_potions_back(d: dict, p: str, n: Narration) -> dict:
    return {"n": len(d["potions"]), "potions": NamedList(THE_POTIONS_FIRST, d["potions"])}


#: Rabohnzel's event kinds: each one's message is "event-<kind>", filled by these.
FILLS = {
    "ability": _fill_ability, "steal": fill_from("victim"), "sword_steal": fill_from("victim", cards=("bean",)),
    "keep": _fill_keep, "white_draw": fill_from(), "white_nothing": fill_from(),
    "activation_lost": fill_from(n="lost"), "play_mage": fill_from("pos"), "activate": _fill_activate,
    "skip": _fill_skip, "coin_draw": fill_from("defender", listed={"beans": None}), "resolve": _fill_resolve,
    "freed": fill_from("defender"), "counter": fill_from("target"), "counter_nothing": fill_from("target"),
    "loop_guard": fill_from(player=False), "thief_nothing": fill_from("victim"), "mage_result": fill_from(),
    "no_effect": fill_from(cards=("bean",)), "mean_reveal": _fill_mean_reveal,
    "consume": fill_from(named={"potion": POTION_NAMES}), "exchange": fill_from("target"),
    "trade_reveal": fill_from(listed={"beans": None}), "trade_discard": fill_from(cards=("bean",)),
    "flow_start": fill_from(), "flow_end": fill_from(player=False), "discard_take": fill_from(cards=("bean",)),
    "beanfield": fill_from(cards=("bean",)), "enchant_beans": fill_from("field", cards=("bean", "old")),
    "enchant_players": fill_from(), "teleport": fill_from("src", "dst"), "hand_spell": fill_from(),
    "luck": fill_from(named={"potion": POTION_NAMES}), "luck_nothing": fill_from(player=False),
    "potions_down": _fill_potions_down, "potions_back": _fill_potions_back, "field_vanish": fill_from(),
    "chasm_potion": fill_from(), "chasm_nothing": fill_from(player=False),
}

#: Rabohnzel's narration: the base game's sentences with its own events, phases ("phase-magic",
#: "phase-end") and cards, every one of its own through the catalogue.
NARRATION = BASE_NARRATION.extend(cards=CARDS, messages=MESSAGES, fills=FILLS)


# --------------------------------------------------------------------------------------
# Button labels and the headings of button groups
# --------------------------------------------------------------------------------------
def _say(code: str, lang: str, **data: Any) -> str:
    return MESSAGES.text(code, lang, data)


def _worded(prefix: str, a, lang: str, cards, new_field: str, **data: Any) -> str:
    """One of Rabohnzel's actions on a button (``prefix`` "button") or in a sentence ("action"):
    the message "<prefix>-<verb>", with the variant the action's choices pick (a potion drunk at a
    target, planting a card into a field or, by the ``new_field`` suffix, a new one, or moving a
    hand card), filled from the action; ``data`` adds the player and words for the reader."""
    v = a.VERB
    if v == "use":
        v += ("-target" if a.target else "") + ("-attack" if a.attack else "")
    elif v == "place":
        v = "keep" if a.field is None else "place"
    elif v == "consume":
        v += "-target" if a.target else ("-plant" if a.field else new_field) if a.bean else "-move" if a.src else ""
    bean, potion = getattr(a, "bean", None), getattr(a, "potion", None)
    values = {k: getattr(a, k, None) for k in ("field", "pos", "src", "dst")}
    return _say(f"{prefix}-{v}", lang, **{**values, "target": getattr(a, "target", None) or "",
                                          "bean": Named(cards, bean) if bean else "",
                                          "potion": Named(POTION_NAMES, potion) if potion else "", **data})


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """Button labels for Rabohnzel's own verbs (None: a base-game action)."""
    if a.VERB not in GROUPS or a.VERB == "reveal":
        return None
    return _worded("button", a, lang, cards, "-bean", potions=NamedList(POTION_NAMES, getattr(a, "potions", ())))


#: The verbs with a group of buttons of their own (its heading: the message "group-<verb>").
GROUPS = frozenset((
    "magic", "reveal", "use", "play-mage", "activate", "place", "resolve", "counter", "skip", "flow", "end-turn",
    "consume"))


# --------------------------------------------------------------------------------------
# Actions in sentences (base-game verbs: the base game's ``describe``)
# --------------------------------------------------------------------------------------


def _field_bean(obs, player: str, k: int) -> Optional[str]:
    """The bean type on ``player``'s field ``k`` in the reader's observation (fields are public)."""
    for q in (obs or {}).get("players", []):
        if q.get("name") == player and 0 < k <= len(q.get("fields") or []) and q["fields"][k - 1]:
            return q["fields"][k - 1][-1]
    return None


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """Rabohnzel's own actions as sentences (None: a base-game verb)."""
    v, p = a.VERB, a.player
    if v not in GROUPS:
        return None
    if v == "reveal":
        return _say("action-reveal-magic" if (obs or {}).get("phase") == "magic" else "action-reveal-trade", lang, player=p)
    data: dict[str, Any] = {"player": p, "potions": NamedList(THE_POTIONS_OBJECT, getattr(a, "potions", ()))}
    if v == "use":
        bean = _field_bean(obs, p, a.field)
        data["field"] = (MESSAGES.message("use-field-bean", field=a.field, bean=Named(cards, bean)) if bean
                         else MESSAGES.message("use-field", field=a.field))
    return _worded("action", a, lang, cards, "-plant-new", **data)
