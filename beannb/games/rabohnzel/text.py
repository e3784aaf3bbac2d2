"""Narration of Rabohnzel's own events, in English and Hungarian."""
from __future__ import annotations

from typing import Optional

from ..bohnanza.text import NARRATION as BASE_NARRATION, accusative, field_word, join_words, the
from .cards import CARDS, potion_name
from ...i18n.messages import NC_, NPC_, Messages, locale_dir
from ..bohnanza.text import MESSAGES as BASE_MESSAGES

#: This game's messages by code (English here; other languages in ``locale/``); the base
#: game's messages are reached through it. Why a move is refused: ``{field}`` is a field's
#: number as players count (from 1), ``{pos}`` a hand position (from 1), ``{player}`` a
#: player's name; ``{bean}``/``{potion}`` a card or a potion and ``{beans}``/``{potions}``
#: several (:class:`~beannb.i18n.messages.Named`, ``NamedList``), shown in the reader's language.
MESSAGES = Messages("rabohnzel", locale_dir(__file__), [
    # a decision waits (R-09 and the rule of the decision): the refused player's own, or another's
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
    NC_("attack-mean-sword", "the attack spell goes only with a mean or sword ability"),
    NC_("attack-not-up", "you hold no activated attack spell"),
    NC_("name-target", "name a co-player: use N on NAME"),
    NC_("not-co-player", "{player} is not a co-player"),
    NC_("ability-no-target", "the {bean} ability has no target"),
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
], base=BASE_MESSAGES)

PHASES = {"en": {"magic": "phase 1.5: magic", "end": "after the draw: teleport or end the turn"},
          "hu": {"magic": "1,5. fázis: varázslás", "end": "a húzás után: teleport vagy a kör vége"}}


bean_name = CARDS.name


def _b(bean, lang):
    return bean_name(bean, lang)


def _p(pid, lang):
    return potion_name(pid, lang)


def _ps(ids, lang):
    return ", ".join(_p(i, lang) for i in ids)


def _the_potions(ids, lang, capital: bool = False) -> str:
    """Potions as the subject of a sentence: "the Teleport and the Attack spell", "a Teleport és a Támadóvarázs"."""
    if lang == "hu":
        out = join_words([the(_p(i, "hu"), "hu") for i in ids], "hu")
    else:
        out = join_words(["the " + _p(i, "en") for i in ids], "en")
    return out[:1].upper() + out[1:] if capital else out


ABILITY_EN = {"thief": "steals", "sword": "attacks", "mean": "calls for a coin reveal", "white": "draws a card",
              "mage": "activates potions"}
ABILITY_HU = {"thief": "lopni készül", "sword": "megtámad valakit", "mean": "babtallér-felcsapást rendel el",
              "white": "lapot húz", "mage": "bájitalt aktivál"}
SKIP_EN = {"activate": "activates nothing", "counter": "does not counter-attack", "enchant": "plants nothing"}
SKIP_HU = {"activate": "nem aktivál semmit", "counter": "nem támad vissza", "enchant": "nem ültet"}

EVENTS = {
    "ability": (
        lambda d, p, w: f"{p} uses field {d['field']} ({_b(d['bean'], 'en')}): {ABILITY_EN.get(d['bean'], '')}"
                     + (f" — {d['target']}" if d.get('target') else "") + (" with the attack spell" if d.get('attack') else "") + ".",
        lambda d, p, w: f"{p} használja {the(str(d['field']) + '.', 'hu')} babföld ({_b(d['bean'], 'hu')}) képességét: {ABILITY_HU.get(d['bean'], '')}"
                     + (f" — {d['target']}" if d.get('target') else "") + (" támadóvarázzsal" if d.get('attack') else "") + "."),
    "steal": (lambda d, p, w: f"{p} takes the rearmost card of {d['victim']}'s hand.",
              lambda d, p, w: f"{p} elveszi {d['victim']} kezéből a leghátsó lapot."),
    "sword_steal": (lambda d, p, w: f"{p} takes {d['victim']}'s rearmost hand card and shows it: {_b(d['bean'], 'en')}.",
                    lambda d, p, w: f"{p} elveszi {d['victim']} leghátsó lapját, és megmutatja: {_b(d['bean'], 'hu')}."),
    "keep": (lambda d, p, w: f"{p} keeps the card at the back of the hand" + (f" ({_b(d['bean'], 'en')})" if d.get('bean') else "") + ".",
             lambda d, p, w: f"{p} a keze végén tartja a lapot" + (f" ({_b(d['bean'], 'hu')})" if d.get('bean') else "") + "."),
    "white_draw": (lambda d, p, w: f"{p} draws a card to the back of the hand.", lambda d, p, w: f"{p} húz egy lapot a keze végére."),
    "white_nothing": (lambda d, p, w: f"The deck is empty: {p} draws nothing.", lambda d, p, w: f"A húzópakli üres: {p} nem húz semmit."),
    "activation_lost": (lambda d, p, w: f"{p} has too few face-down potions: {d['lost']} activation(s) are lost.",
                        lambda d, p, w: f"{p} előtt kevés a képpel lefelé lévő bájital: {d['lost']} aktiválás elvész."),
    "play_mage": (lambda d, p, w: f"{p} plays the mage bean from hand position {d['pos']} onto the discard pile.",
                  lambda d, p, w: f"{p} a keze {d['pos']}. helyéről kijátssza a mágusbabot a dobott lapokra."),
    "activate": (lambda d, p, w: f"{p} activates {_ps(d['potions'], 'en')}" + (" (it stays up until the end of their next turn)" if d.get('off_turn') else "") + ".",
                 lambda d, p, w: f"{p} aktiválja: {_ps(d['potions'], 'hu')}" + (" (a következő saját köre végéig felfordítva marad)" if d.get('off_turn') else "") + "."),
    "skip": (lambda d, p, w: f"{p} {SKIP_EN.get(d['kind'], 'passes')}.", lambda d, p, w: f"{p} {SKIP_HU.get(d['kind'], 'passzol')}."),
    "coin_draw": (lambda d, p, w: f"{p} draws from {d['defender']}'s shuffled coins: {w.names(d['beans'])}.",
                  lambda d, p, w: f"{p} húz {d['defender']} megkevert babtallérjai közül: {w.names(d['beans'])}."),
    "resolve": (lambda d, p, w: f"{p} resolves {_b(d['bean'], 'en')}" + (f"; {_b(d['back'], 'en')} goes back" if d.get('back') else "") + ".",
                lambda d, p, w: f"{p} ezt hajtja végre: {_b(d['bean'], 'hu')}" + (f"; {the(str(_b(d['back'], 'hu')), 'hu')} visszakerül" if d.get('back') else "") + "."),
    "freed": (lambda d, p, w: f"Rabohnzel is freed! The princess coin moves from {d['defender']} to {p}.",
              lambda d, p, w: f"Rabohnzel kiszabadult! A hercegnőbab-tallér {d['defender']} elől {p} elé kerül."),
    "counter": (lambda d, p, w: f"{p} counter-attacks {d['target']}.", lambda d, p, w: f"{p} visszatámadja {d['target']} játékost."),
    "counter_nothing": (lambda d, p, w: f"{d['target']} has no coins: the counter-attack does nothing.",
                        lambda d, p, w: f"{d['target']} nem rendelkezik babtallérral: a visszatámadás hatástalan."),
    "loop_guard": (lambda d, p, w: "Both coin stacks hold only sword beans: the chain ends.",
                   lambda d, p, w: "Mindkét babtallér-halom csak kardbabból áll: a láncolat véget ér."),
    "thief_nothing": (lambda d, p, w: f"{d['victim']} has no hand card to take.", lambda d, p, w: f"{d['victim']} kezében nincs elvehető lap."),
    "mage_result": (lambda d, p, w: f"{p} may activate a potion.", lambda d, p, w: f"{p} aktiválhat egy bájitalt."),
    "no_effect": (lambda d, p, w: f"A {_b(d['bean'], 'en')} coin: nothing happens.", lambda d, p, w: f"{_b(d['bean'], 'hu')} babtallér: nem történik semmi."),
    "mean_reveal": (
        lambda d, p, w: ("Coins revealed: " + ", ".join(f"{k} {_b(v, 'en')}" for k, v in d['shown'].items())
                      + ("; discarded by " + ", ".join(d['lost']) if d['lost'] else "; everyone keeps theirs") + ".") if d['shown'] else "No co-player has a coin to reveal.",
        lambda d, p, w: ("Felcsapott babtallérok: " + ", ".join(f"{k} {_b(v, 'hu')}" for k, v in d['shown'].items())
                      + ("; eldobja: " + ", ".join(d['lost']) if d['lost'] else "; mindenki megtartja") + ".") if d['shown'] else "Egy játékostársnak sincs babtallérja."),
    "consume": (lambda d, p, w: f"{p} drinks the {_p(d['potion'], 'en')}.", lambda d, p, w: f"{p} elfogyasztja: {_p(d['potion'], 'hu')}."),
    "exchange": (lambda d, p, w: f"{p} draws a face-down potion from {d['target']} and hands over the exchange spell.",
                 lambda d, p, w: f"{p} húz {d['target']} képpel lefelé lévő bájitalai közül, és átadja neki a cserevarázst."),
    "trade_reveal": (lambda d, p, w: f"{p} turns up a third card: {w.names(d['beans'])}.",
                     lambda d, p, w: f"{p} felcsap egy harmadik lapot: {w.names(d['beans'])}."),
    "trade_discard": (lambda d, p, w: f"{p} discards the kept face-up {_b(d['bean'], 'en')}.",
                      lambda d, p, w: f"{p} eldobja a megtartott felfordított lapot: {_b(d['bean'], 'hu')}."),
    "flow_start": (lambda d, p, w: f"{p} may now plant the front card again and again.",
                   lambda d, p, w: f"{p} most újra meg újra elültetheti a keze első lapját."),
    "flow_end": (lambda d, p, w: "The card flow ends.", lambda d, p, w: "A kártyafolyam véget ér."),
    "discard_take": (lambda d, p, w: f"{p} takes the {_b(d['bean'], 'en')} from the discard pile to the face-up cards.",
                     lambda d, p, w: f"{p} a dobott lapok tetejéről a felfordított lapok közé teszi: {_b(d['bean'], 'hu')}."),
    "beanfield": (lambda d, p, w: f"{p} plants {_b(d['bean'], 'en')} in a new 3rd field.",
                  lambda d, p, w: f"{p} új, 3. babföldre ülteti: {_b(d['bean'], 'hu')}."),
    "enchant_beans": (lambda d, p, w: f"{p} plants {_b(d['bean'], 'en')} onto the lone {_b(d['old'], 'en')} in field {d['field']}, which now counts as {_b(d['bean'], 'en')}.",
                      lambda d, p, w: f"{p} {the(str(d['field']) + '.', 'hu')} babföld magányos {_b(d['old'], 'hu')} lapjára ülteti: {_b(d['bean'], 'hu')}; az is ennek számít."),
    "enchant_players": (lambda d, p, w: f"{p} enchants the co-players: each plants the front card of their hand.",
                        lambda d, p, w: f"{p} elbájolja játékostársait: mindegyik elülteti a keze első lapját."),
    "teleport": (lambda d, p, w: f"{p} moves hand card {d['src']} to position {d['dst']}.",
                 lambda d, p, w: f"{p} a kezében {the(str(d['src']) + '.', 'hu')} lapot {the(str(d['dst']) + '.', 'hu')} helyre teszi."),
    "hand_spell": (lambda d, p, w: f"{p} will draw 4 cards if no deal is made this turn.",
                   lambda d, p, w: f"{p} 4 lapot húz, ha ebben a körben nem köt üzletet."),
    "luck": (lambda d, p, w: f"{p} activates the top potion of the potion deck: {_p(d['potion'], 'en')}.",
             lambda d, p, w: f"{p} aktiválja a bájitalpakli legfelső lapját: {_p(d['potion'], 'hu')}."),
    "luck_nothing": (lambda d, p, w: "The potion deck is empty: the luck spell does nothing.",
                     lambda d, p, w: "A bájitalpakli üres: a szerencsevarázs hatástalan."),
    "potions_down": (lambda d, p, w: f"End of {p}'s turn: {_the_potions(d['potions'], 'en')} " + ("turns" if len(d['potions']) == 1 else "turn") + " face down.",
                     lambda d, p, w: f"{p} körének vége: {_the_potions(d['potions'], 'hu')} képpel lefelé " + ("fordul." if len(d['potions']) == 1 else "fordulnak.")),
    "potions_back": (lambda d, p, w: f"{_the_potions(d['potions'], 'en', True)} " + ("goes" if len(d['potions']) == 1 else "go") + " back into the potion deck, shuffled.",
                     lambda d, p, w: f"{_the_potions(d['potions'], 'hu', True)} visszakerül" + ("" if len(d['potions']) == 1 else "nek") + " a bájitalpakliba, megkeverve."),
    "field_vanish": (lambda d, p, w: f"{p}'s harvested field disappears: back to two fields.",
                     lambda d, p, w: f"{p} learatott babföldje eltűnik: újra két babföldje van."),
    "chasm_potion": (lambda d, p, w: f"{p} harvested 2+ chasm beans and draws a potion face down.",
                     lambda d, p, w: f"{p} legalább két szakadékbabot aratott, ezért húz egy bájitalt képpel lefelé."),
    "chasm_nothing": (lambda d, p, w: "The potion deck is empty: no potion for the chasm beans.",
                      lambda d, p, w: "A bájitalpakli üres: a szakadékbabokért nem jár bájital."),
}

#: Rabohnzel's narration: the base game's sentences with its own events, phases and cards.
NARRATION = BASE_NARRATION.extend({"en": {k: en for k, (en, _) in EVENTS.items()},
                                   "hu": {k: hu for k, (_, hu) in EVENTS.items()}}, PHASES, cards=CARDS)


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """Button labels for Rabohnzel's own verbs (None: a base-game action)."""
    hu = lang == "hu"
    v = a.VERB
    if v not in GROUPS or v == "reveal":
        return None
    if v == "magic":
        return "Varázsfázis" if hu else "Magic phase"
    if v == "use":
        s = (f"{a.field}. babföld képessége" if hu else f"Use field {a.field}")
        if a.target:
            s += f" → {a.target}"
        if a.attack:
            s += " + támadóvarázs" if hu else " + attack spell"
        return s
    if v == "play-mage":
        return f"Mágusbab kijátszása (a kéz {a.pos}. lapja)" if hu else f"Play the Mage (hand card {a.pos})"
    if v == "activate":
        return ("Aktiválás: " if hu else "Activate ") + ", ".join(potion_name(p, lang) for p in a.potions)
    if v == "place":
        if a.field is None:
            return "A kézben marad" if hu else "Keep in hand"
        return f"{a.field}. babföldre" if hu else f"Into field {a.field}"
    if v == "resolve":
        return ("Végrehajtás: " if hu else "Resolve ") + bean_name(a.bean, lang)
    if v == "counter":
        return "Visszatámadás" if hu else "Counter-attack"
    if v == "skip":
        return "Kihagyás" if hu else "Pass"
    if v == "flow":
        return f"Első lap → {a.field}. babföld" if hu else f"Front card → field {a.field}"
    if v == "end-turn":
        return "A kör vége" if hu else "End the turn"
    name = potion_name(a.potion, lang)
    detail = a.target or (f"{bean_name(a.bean, lang)}" + (f" → {a.field}" if a.field else "") if a.bean else "") \
        or (f"{a.src} → {a.dst}" if a.src else "")
    return (f"{name}" if hu else f"Drink {name}") + (f" ({detail})" if detail else "")


#: verb -> (English, Hungarian) heading of its group of buttons.
GROUPS = {
    "magic": ("Magic phase", "Varázsfázis"),
    # Turning up the trade cards ends planting or, if it was started, the magic phase.
    "reveal": ("On to trading", "Tovább a kereskedéshez"),
    "use": ("Field abilities", "Babföldek képességei"),
    "play-mage": ("Mage beans from the hand", "Mágusbab a kézből"),
    "activate": ("Activate potions", "Bájital aktiválása"),
    "place": ("Place the card", "A lap helye"),
    "resolve": ("Resolve a coin", "Babtallér végrehajtása"),
    "counter": ("Counter-attack", "Visszatámadás"),
    "skip": ("Pass", "Kihagyás"),
    "flow": ("Card flow", "Kártyafolyam"),
    "end-turn": ("End of turn", "A kör vége"),
    "consume": ("Drink a potion", "Bájital elfogyasztása"),
}


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
    v, p, hu = a.VERB, a.player, lang == "hu"
    if v not in GROUPS:
        return None
    if v == "reveal":
        if (obs or {}).get("phase") == "magic":
            return (f"{p} befejezi a varázsfázist, és felcsapja a kereskedés lapjait." if hu
                    else f"{p} ends the magic phase and turns up the cards for trading.")
        return f"{p} felcsapja a kereskedés lapjait." if hu else f"{p} turns up the cards for trading."
    if v == "magic":
        return f"{p} megkezdi a varázsfázist." if hu else f"{p} starts the magic phase."
    if v == "use":
        bean = _field_bean(obs, p, a.field)
        kind = f" ({bean_name(bean, lang)})" if bean else ""
        if hu:
            s = f"{p} használja {field_word(a.field, 'hu')}{kind} képességét"
            s += f" {a.target} ellen" if a.target else ""
            return s + (", támadóvarázzsal." if a.attack else ".")
        s = f"{p} uses the ability of field {a.field}{kind}"
        s += f" against {a.target}" if a.target else ""
        return s + (", with the attack spell." if a.attack else ".")
    if v == "play-mage":
        return (f"{p} kijátszik egy mágusbabot a kezéből ({a.pos}. lap)." if hu
                else f"{p} plays a Mage bean from the hand (card {a.pos}).")
    if v == "activate":
        return f"{p} aktiválja: {join_words([_p(x, 'hu') for x in a.potions], 'hu')}." if hu \
            else f"{p} activates {join_words(['the ' + _p(x, 'en') for x in a.potions], 'en')}."
    if v == "place":
        if a.field is None:
            return f"{p} a kezében tartja a lapot." if hu else f"{p} keeps the card in the hand."
        return (f"{p} {field_word(a.field, 'hu', onto=True)} teszi a lapot." if hu
                else f"{p} puts the card into field {a.field}.")
    if v == "resolve":
        return (f"{p} végrehajtja a húzott babtallért: {bean_name(a.bean, 'hu')}." if hu
                else f"{p} resolves the drawn {bean_name(a.bean, 'en')} coin.")
    if v == "counter":
        return f"{p} visszatámad." if hu else f"{p} counter-attacks."
    if v == "skip":
        return f"{p} kihagyja a lehetőséget." if hu else f"{p} passes."
    if v == "flow":
        return (f"{p} a kártyafolyammal elülteti a keze első lapját {field_word(a.field, 'hu', onto=True)}." if hu
                else f"{p} plants the front card of the hand in field {a.field} (card flow).")
    if v == "end-turn":
        return f"{p} befejezi a körét." if hu else f"{p} ends the turn."
    name = _p(a.potion, lang)
    if hu:
        s = f"{p} elfogyasztja: {name}"
        if a.target:
            s += f" ({a.target} bájitalai közül húz)"
        elif a.bean and a.field:
            s += f" ({the(accusative(bean_name(a.bean, 'hu')), 'hu')} {field_word(a.field, 'hu', onto=True)} ülteti)"
        elif a.bean:
            s += f" ({the(accusative(bean_name(a.bean, 'hu')), 'hu')} új babföldre ülteti)"
        elif a.src:
            s += f" (a kezében {the(str(a.src) + '.', 'hu')} lapot {the(str(a.dst) + '.', 'hu')} helyre teszi)"
        return s + "."
    s = f"{p} drinks the {name}"
    if a.target:
        s += f", drawing one of {a.target}'s potions"
    elif a.bean and a.field:
        s += f" to plant {bean_name(a.bean, 'en')} in field {a.field}"
    elif a.bean:
        s += f" to plant {bean_name(a.bean, 'en')} in a new field"
    elif a.src:
        s += f", moving hand card {a.src} to place {a.dst}"
    return s + "."
