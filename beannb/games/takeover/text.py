"""The takeover expansion's words: its events in English and Hungarian, its phases, button
labels and group headings (the base game's sentences are reused through ``extend``)."""
from __future__ import annotations

from typing import Optional

from ..bohnanza.text import NARRATION as BASE_NARRATION, accusative, count_word, field_word, join_words, the
from . import actions as ta
from .cards import CARDS
from ...i18n.messages import NC_, NPC_, Messages, locale_dir
from ..bohnanza.text import MESSAGES as BASE_MESSAGES

#: This game's messages by code (English here; other languages in ``locale/``); the base
#: game's messages are reached through it. Why a move is refused: ``{field}`` is a field's
#: number as players count (from 1); ``{bean}``, ``{card}`` a card (a
#: :class:`~beannb.i18n.messages.Named`); player names are plain; ``{what}`` and ``{letter}``
#: are nested messages (the refused action, a normal action's name), shown in the reader's
#: language.
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
], base=BASE_MESSAGES)

LETTER_NAMES = {"a": "play", "b": "merge", "c": "turn up", "d": "harvest", "e": "takeover", "f": "final planting"}
LETTER_NAMES_HU = {"a": "kijátszás", "b": "egyesítés", "c": "felcsapás", "d": "betakarítás", "e": "átvétel",
                   "f": "kijátszás a játék végén"}

EN = {
    "t_play": lambda d, p, w: f"{p} plays {d['count']} × {w.name(d['bean'])} onto field {d['field']}" + (" (Mutant Bean)." if d["mutant"] else "."),
    "merge": lambda d, p, w: f"{p} merges field {d['src']} onto field {d['dst']} ({d['size']} cards).",
    "turn_up": lambda d, p, w: f"{p} turns up {w.name(d['bean'])} onto field {d['field']}.",
    "t_harvest": lambda d, p, w: ("Final harvest: " if d["final"] else "") + f"{p} harvests field {d['field']} ({d['cards']} × {w.name(d['bean'])}) for {d['coins']} coin(s)" + (f" and {d['texts']} text card(s)" if d["texts"] else "") + ".",
    "flip": lambda d, p, w: f"{p} turns the active-player card over: no more harvesting this turn.",
    "takeover": lambda d, p, w: f"{p} attempts a hostile takeover of {d['target']}'s field {d['field']} with field {d['own']}" + (f" ({', '.join(w.name(c.split('@')[0]) for c in d['cards'])})" if d["cards"] else "") + ".",
    "swap": lambda d, p, w: (f"The fields change owners: {p} gets {d['got']} card{'' if d['got'] == 1 else 's'}, "
                             f"{d['target']} gets {d['gave']}."),
    "defend": lambda d, p, w: f"{p} lays a text card face down on field {d['field']} to defend it: unless a Strong Takeover answers, the takeover fails and the field stays protected.",
    "repelled": lambda d, p, w: f"{p}'s takeover of {d['target']} stays repelled.",
    "overcome": lambda d, p, w: f"Strong Takeover: {p} takes the defence card; {d['target']} draws {d['drawn']} text card(s).",
    "window": lambda d, p, w: f"{d['asked']} may copy {p}'s action ({d['letter']}: {LETTER_NAMES[d['letter']]}) or pass.",
    "window_closed": lambda d, p, w: "No more copies of this action.",
    "pass": lambda d, p, w: f"{p} passes.",
    "text_card": lambda d, p, w: f"{p} uses the text card {w.name(d['card'])}.",
    "swap_fields": lambda d, p, w: f"{p} swaps {d['owner']}'s fields {d['a']} and {d['b']}.",
    "extra_card": lambda d, p, w: f"{p} takes {w.name(d['bean'])} from the discard pile.",
    "swap_hands": lambda d, p, w: f"{p} swaps hands with {d['other']} ({d['gave']} cards for {d['got']}).",
    "joker": lambda d, p, w: f"{p} puts the Joker Bean on field {d['field']}.",
    "pirate_raid": lambda d, p, w: f"Pirate Raid: {p} takes one {w.name(d['bean'])} from " + (", ".join(d["from"]) or "nobody") + f" onto field {d['field']}.",
    "seed_trade": lambda d, p, w: f"{p} trades seeds: one {w.name(d['coin'])} becomes a coin; " + (
        f"the other four go to the discard pile and {p} draws {d.get('drawn', 5) or 'no'} new card{'' if d.get('drawn', 5) == 1 else 's'}."
        if d["redraw"] else "the other four stay in the hand."),
    "trigger": lambda d, p, w: "The game end is triggered: no more cards are drawn. The active player finishes, then everybody harvests.",
    "final_harvest": lambda d, p, w: f"{p} ends the final actions; the final harvest begins.",
}

HU = {
    "t_play": lambda d, p, w: f"{p} kijátszik {d['count']} {w.name(d['bean'])} lapot {the(str(d['field']) + '.', 'hu')} babföldjére" + (" (Mutabab)." if d["mutant"] else "."),
    "merge": lambda d, p, w: f"{p} {the(str(d['src']) + '.', 'hu')} babföldet {the(str(d['dst']) + '.', 'hu')} babföldre teszi ({d['size']} lap).",
    "turn_up": lambda d, p, w: f"{p} felcsap egy {w.name(d['bean'])} lapot {the(str(d['field']) + '.', 'hu')} babföldjére.",
    "t_harvest": lambda d, p, w: ("Végső betakarítás: " if d["final"] else "") + f"{p} betakarítja {the(str(d['field']) + '.', 'hu')} babföldjét ({d['cards']} {w.name(d['bean'])}): {d['coins']} babtallér" + (f" és {d['texts']} szöveges kártya" if d["texts"] else "") + ".",
    "flip": lambda d, p, w: f"{p} megfordítja az aktív játékos kártyáját: ebben a körben több betakarítás nincs.",
    "takeover": lambda d, p, w: f"{p} ellenséges átvételt kísérel meg {d['target']} {d['field']}. babföldje ellen {the(str(d['own']) + '.', 'hu')} babföldjével" + (f" ({', '.join(w.name(c.split('@')[0]) for c in d['cards'])})" if d["cards"] else "") + ".",
    "swap": lambda d, p, w: f"A babföldek gazdát cserélnek: {p} {d['got']} lapot kap, {d['target']} {d['gave']} lapot.",
    "defend": lambda d, p, w: f"{p} védekezésül képpel lefelé szöveges kártyát tesz {the(str(d['field']) + '.', 'hu')} babföldjére: ha nem felelnek rá Erős átvétellel, az átvétel meghiúsul, és a babföld védett marad.",
    "repelled": lambda d, p, w: f"{p} átvétele {d['target']} ellen meghiúsult.",
    "overcome": lambda d, p, w: f"Erős átvétel: {p} elveszi a védőkártyát; {d['target']} {d['drawn']} szöveges kártyát húz.",
    "window": lambda d, p, w: f"{d['asked']} lemásolhatja {p} cselekedetét ({LETTER_NAMES_HU[d['letter']]}) vagy passzolhat.",
    "window_closed": lambda d, p, w: "Ezt a cselekedetet többen nem másolhatják.",
    "pass": lambda d, p, w: f"{p} passzol.",
    "text_card": lambda d, p, w: f"{p} kijátssza {the(str(w.name(d['card'])), 'hu')} szöveges kártyát.",
    "swap_fields": lambda d, p, w: f"{p} felcseréli {d['owner']} {d['a']}. és {d['b']}. babföldjét.",
    "extra_card": lambda d, p, w: f"{p} elveszi a dobott lapok tetejéről: {w.name(d['bean'])}.",
    "swap_hands": lambda d, p, w: f"{p} kezet cserél {d['other']} játékossal ({d['gave']} lapot ad, {d['got']} lapot kap).",
    "joker": lambda d, p, w: f"{p} a Dzsókerbabot {the(str(d['field']) + '.', 'hu')} babföldjére teszi.",
    "pirate_raid": lambda d, p, w: f"Kalóztámadás: {p} egy-egy {w.name(d['bean'])} lapot vesz el tőlük: " + (", ".join(d["from"]) or "senki") + f" ({d['field']}. babföld).",
    "seed_trade": lambda d, p, w: f"{p} vetőmagot cserél: egy {w.name(d['coin'])} babtallér lesz, " + (
        (f"a másik négy a dobott lapok közé kerül, és {d.get('drawn', 5)} új lapot húz." if d.get("drawn", 5)
         else "a másik négy a dobott lapok közé kerül, új lapot azonban nem húz.")
        if d["redraw"] else "a másik négyet megtartja."),
    "trigger": lambda d, p, w: "Elérkezett a játék vége: több lapot nem húznak. Az aktív játékos befejezi, aztán mindenki betakarít.",
    "final_harvest": lambda d, p, w: f"{p} befejezi az utolsó cselekedeteit; kezdődik a végső betakarítás.",
}

PHASES = {"en": {"turn": "actions a–e, copies", "final": "final actions and harvest"},
          "hu": {"turn": "a)–e) cselekedetek, másolás", "final": "utolsó cselekedetek és végső betakarítás"}}

#: The expansion's narration: the base game's sentences, its own events and phases, its cards.
NARRATION = BASE_NARRATION.extend({"en": EN, "hu": HU}, PHASES, cards=CARDS)


# --------------------------------------------------------------------------------------
# Button labels and group headings
# --------------------------------------------------------------------------------------
card_name = CARDS.name
bean_name = CARDS.name


def _labels() -> dict:
    L: dict = {}

    def att(a, lang):
        return "".join(f" + {card_name(x.split('@')[0], lang)}" for x in a.attach)

    hu = lambda lang: lang == "hu"  # noqa: E731
    L[ta.Play] = lambda a, l: (f"{a.count} {bean_name(a.bean, l)} → {a.field}. babföld" if hu(l)
                                           else f"{a.count} × {bean_name(a.bean, l)} → field {a.field}") + att(a, l)
    L[ta.Merge] = lambda a, l: (f"{a.src}. → {a.dst}. babföld egyesítése" if hu(l) else f"Merge field {a.src} onto {a.dst}") + att(a, l)
    L[ta.TurnUp] = lambda a, l: f"Felcsapás {the(str(a.field) + '.', 'hu')} babföldre" if hu(l) else f"Turn up onto field {a.field}"
    L[ta.THarvest] = lambda a, l: (f"{a.field}. babföld betakarítása" if hu(l) else f"Harvest field {a.field}") + att(a, l)
    L[ta.ExtraHarvest] = lambda a, l: (f"További betakarítás: {a.field}. babföld" if hu(l) else f"Extra Harvest: field {a.field}") + att(a, l)
    L[ta.HostileTakeover] = lambda a, l: (
        (f"Átvétel: {a.target} {a.field}. babföldje" if hu(l) else f"Take over {a.target}'s field {a.field}")
        + (f" ({a.using}.)" if a.using and hu(l) else f" (with {a.using})" if a.using else "") + att(a, l))
    simple = {ta.Pass: ("Passz", "Pass"), ta.Allow: ("Átengedem", "Let it happen"), ta.Overrule: ("Erős átvétel!", "Strong Takeover!"),
              ta.Concede: ("Belenyugszom", "Accept the defence"), ta.EndTurn: ("Kör vége", "End turn"),
              ta.ExtraCard: ("Plusz kártya", "Extra Card"), ta.FinalPlanting: ("Kijátszás a játék végén", "Final Planting"),
              ta.SevenNewCards: ("Hét új babkártya", "Seven New Cards")}
    for cls, (h, e) in simple.items():
        L[cls] = (lambda h, e: (lambda a, l: h if hu(l) else e))(h, e)
    L[ta.Defend] = lambda a, l: f"Védekezés: {card_name(a.card, l)}" if hu(l) else f"Defend with {card_name(a.card, l)}"
    L[ta.SwapFields] = lambda a, l: (f"Babföldcsere: {a.owner} {a.a}↔{a.b}" if hu(l) else f"Field Swap: {a.owner} {a.a}↔{a.b}")
    L[ta.SwapHands] = lambda a, l: (f"Kézcsere {a.other} játékossal" if hu(l) else f"Hand Swap with {a.other}")
    L[ta.PlaceJoker] = lambda a, l: (f"Dzsókerbab {the(str(a.field) + '.', 'hu')} babföldre" if hu(l) else f"Joker Bean on field {a.field}")
    L[ta.PirateRaid] = lambda a, l: (f"Kalóztámadás: {a.field}. babföld" if hu(l) else f"Pirate Raid with field {a.field}")
    L[ta.SeedTrade] = lambda a, l: ((f"Vetőmag-kereskedelem ({bean_name(a.coin, l)} tallér, " + ("új lapok)" if a.redraw else "megtart)")) if hu(l)
                                               else f"Seed Trade ({bean_name(a.coin, l)} to coins, " + ("redraw)" if a.redraw else "keep)"))
    return L


_LABELS = _labels()


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """A button label for one of the expansion's actions (without the player's name)."""
    label = _LABELS.get(type(a))
    return label(a, lang) if label else None


#: verb -> (English, Hungarian) heading of its group of buttons.
GROUPS = {"play": ("Play from hand", "Kijátszás a kézből"), "merge": ("Merge", "Egyesítés"),
          "turn-up": ("Turn up", "Felcsapás"), "takeover": ("Hostile takeover", "Ellenséges átvétel"),
          "pass": ("Copy or pass", "Másolás vagy passz"), "allow": ("Defence", "Védekezés"),
          "defend": ("Defence", "Védekezés"), "overrule": ("After the defence", "A védekezés után"),
          "concede": ("After the defence", "A védekezés után"), "end-turn": ("Turn", "Kör"),
          "extra-harvest": ("Text cards", "Szöveges kártyák"), "extra-card": ("Text cards", "Szöveges kártyák"),
          "final-planting": ("Text cards", "Szöveges kártyák"), "seven-new-cards": ("Text cards", "Szöveges kártyák"),
          "swap-fields": ("Text cards", "Szöveges kártyák"), "swap-hands": ("Text cards", "Szöveges kártyák"),
          "joker": ("Text cards", "Szöveges kártyák"), "pirate-raid": ("Text cards", "Szöveges kártyák"),
          "seed-trade": ("Text cards", "Szöveges kártyák")}


# --------------------------------------------------------------------------------------
# Actions in sentences (the base game's words for the rest, through its ``describe``)
# --------------------------------------------------------------------------------------


def _attached(a, lang: str, hidden: bool = False) -> str:
    """The text cards an action plays with it, in words: " with the Mutant Bean" / " (Mutabab)"."""
    if not a.attach:
        return ""
    names = []
    for x in a.attach:
        card, _, pos = x.partition("@")
        name = card_name(card, lang)
        if pos:
            name += (f" {the(pos + '.', 'hu')} babföld babmércéjével" if lang == "hu" else f" with field {pos}'s beanometer")
        names.append(name)
    if lang == "hu":
        return " (szöveges kártya: " + join_words(names, "hu") + ")"
    return ", playing " + join_words(names, "en")


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """The expansion's actions as sentences (None: not one of its verbs)."""
    if not isinstance(a, ta.TAction):
        return None
    hu, p = lang == "hu", a.player
    att = _attached(a, lang)
    if isinstance(a, ta.Play):
        what = f"{count_word(a.count, lang)} {accusative(bean_name(a.bean, lang)) if hu else bean_name(a.bean, lang)}"
        return (f"{p} kijátszik {what} {field_word(a.field, 'hu', onto=True)}{att}." if hu
                else f"{p} plays {what} onto field {a.field}{att}.")
    if isinstance(a, ta.Merge):
        return (f"{p} {field_word(a.src, 'hu', obj=True)} {field_word(a.dst, 'hu', onto=True)} teszi{att}." if hu
                else f"{p} moves field {a.src} onto field {a.dst}{att}.")
    if isinstance(a, ta.TurnUp):
        return (f"{p} felcsapja a húzópakli felső lapját {field_word(a.field, 'hu', onto=True)}." if hu
                else f"{p} turns up the top card of the deck onto field {a.field}.")
    if isinstance(a, ta.ExtraHarvest):
        return (f"{p} a További betakarítás kártyával betakarítja {field_word(a.field, 'hu', obj=True)}{att}." if hu
                else f"{p} plays Extra Harvest and harvests field {a.field}{att}.")
    if isinstance(a, ta.THarvest):
        return (f"{p} betakarítja {field_word(a.field, 'hu', obj=True)}{att}." if hu
                else f"{p} harvests field {a.field}{att}.")
    if isinstance(a, ta.HostileTakeover):
        own = (f", {the(str(a.using) + '.', 'hu')} babföldjével" if hu else f" with field {a.using}") if a.using else ""
        return (f"{p} ellenséges átvételt kísérel meg {a.target} {a.field}. babföldje ellen{own}{att}." if hu
                else f"{p} attempts a hostile takeover of {a.target}'s field {a.field}{own}{att}.")
    if isinstance(a, ta.Defend):
        seen = obs is None or obs.get("viewer") in (None, p)
        if hu:
            return (f"{p} képpel lefelé szöveges kártyát tesz ki védekezésül" + (f" ({card_name(a.card, 'hu')})." if seen else "."))
        return f"{p} defends with a text card laid face down" + (f" ({card_name(a.card, 'en')})." if seen else ".")
    if isinstance(a, ta.SwapFields):
        return (f"{p} felcseréli {a.owner} {a.a}. és {a.b}. babföldjét (Babföldcsere)." if hu
                else f"{p} plays Field Swap on {a.owner}'s fields {a.a} and {a.b}.")
    if isinstance(a, ta.SwapHands):
        return (f"{p} kezet cserél {a.other} játékossal (Kézcsere)." if hu else f"{p} plays Hand Swap with {a.other}.")
    if isinstance(a, ta.PlaceJoker):
        return (f"{p} a Dzsókerbabot {field_word(a.field, 'hu', onto=True)} teszi." if hu
                else f"{p} puts the Joker Bean onto field {a.field}.")
    if isinstance(a, ta.PirateRaid):
        victims = join_words(list(a.victims), lang)
        if hu:
            return f"{p} Kalóztámadást indít {field_word(a.field, 'hu', obj=False)} babjaiért" + (f" ({victims} ellen)." if victims else ".")
        return f"{p} plays Pirate Raid for field {a.field}" + (f" against {victims}." if victims else ".")
    if isinstance(a, ta.SeedTrade):
        coin = bean_name(a.coin, lang)
        # The five hand cards are named to their owner (and the teacher) only: the four kept stay hidden.
        seen = obs is None or obs.get("viewer") in (None, p)
        if hu:
            five = f" ({join_words([bean_name(b, 'hu') for b in a.beans], 'hu')})" if seen else ""
            return (f"{p} Vetőmag-kereskedelmet játszik öt lappal{five}: egy {accusative(coin)} babtallérnak tesz, "
                    "a többit " + ("eldobja, és új lapokat húz." if a.redraw else "megtartja."))
        five = f" ({join_words([bean_name(b, 'en') for b in a.beans], 'en')})" if seen else ""
        return (f"{p} plays Seed Trade with five hand cards{five}: a {coin} becomes a coin, and the other four "
                + ("are discarded for new cards." if a.redraw else "stay in the hand."))
    simple = {
        "pass": ("{p} nem másol, passzol.", "{p} passes (no copy)."),
        "allow": ("{p} nem védekezik: átengedi a babföldet.", "{p} lets the takeover happen without a defence."),
        "overrule": ("{p} Erős átvétellel felel a védekezésre.", "{p} answers the defence with a Strong Takeover."),
        "concede": ("{p} belenyugszik a védekezésbe.", "{p} accepts the defence: the takeover fails."),
        "end-turn": ("{p} befejezi a körét.", "{p} ends the turn."),
        "extra-card": ("{p} kijátssza a Plusz kártyát: elveszi a dobott lapok felső lapját.",
                       "{p} plays Extra Card and takes the top card of the discard pile."),
        "final-planting": ("{p} kijátssza a Babkártyák kijátszása a játék végén kártyát.", "{p} plays Final Planting."),
        "seven-new-cards": ("{p} kijátssza a Hét új babkártya kártyát: a kezét bekeveri, és hét lapot húz.",
                            "{p} plays Seven New Cards: shuffles the hand into the deck and draws seven."),
    }.get(a.VERB)
    if simple:
        return (simple[0] if hu else simple[1]).format(p=p)
    return None
