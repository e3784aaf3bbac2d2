"""Bohnaparte's words: refusals, narration, phase names, action sentences, button labels and
the map's words, all by code from its message catalogue (English here, other languages in
``locale/``)."""
from __future__ import annotations

from typing import Any, Optional, Union, cast

from ...core.events import Narration
from ...i18n.messages import NC_, NPC_, Message, Messages, Named, NamedList, locale_dir
from ..bohnanza.text import MESSAGES as BASE_MESSAGES, NARRATION as BASE_NARRATION, fill_from
from .board import TERRAINS, colour_name
from .cards import CARDS, CART_PRICE

#: This game's messages by code (English here; other languages in ``locale/``): why a move is
#: refused, what happened (``event-<kind>``), the phases (``phase-<phase>``), actions in
#: sentences and on buttons, and the map's words. The base game's messages are reached through
#: it. ``{target}``, ``{pos}``, ``{river}`` and ``{rivers}`` are map positions
#: (:data:`POSITIONS`), ``{bean}`` and ``{beans}`` cards, ``{colour}`` and ``{colours}`` horse or
#: camp colours (:data:`COLOURS`), ``{terrain}`` a terrain (:data:`TERRAIN_NAMES`): each a
#: :class:`~beannb.i18n.messages.Named` (or ``NamedList``), shown in the reader's language;
#: players are names. A field that names a varying part of a sentence holds another message
#: of this table.
MESSAGES = Messages("bohnaparte", locale_dir(__file__), [
    # setup: camps (P-06, P-07, P-08)
    NC_("camp-first", "the game starts once every player has a camp; {player} chooses a camp now"),
    NC_("camp-once", "camps are chosen once, before the first turn"),
    NC_("camp-order", "{player} chooses a camp now: the order runs counter-clockwise from the start player's "
                      "right-hand neighbour"),
    NC_("camp-not-camp", "{pos} is not a camp; the free camps are {free}"),
    NC_("camp-taken", "the camp at {pos} already belongs to {owner}; the free camps are {free}"),
    # the battle step and attacks (P-11…P-17, P-49)
    NC_("attack-not-battle-step", "attacks happen only in the battle step, after phase 3 and before the phase-4 draw"),
    NC_("attack-not-your-turn", "only the active player, {player}, may attack now"),
    NC_("battle-step-end-not-your-turn", "only the active player, {player}, may end the battle step now"),
    NC_("attack-no-position", "there is no position {target} on the board (positions {first}–{last})"),
    NC_("attack-no-coin", "every attack costs 1 coin and you have none; harvesting a field could pay for one"),
    NC_("attack-river", "{target} is a river: it can be crossed with a forest, but never attacked or owned"),
    NC_("attack-own", "{target} is already yours (Q-19)"),
    NC_("attack-cavalry-river", "{target} is reachable only across a river, and with option cavalry_crosses_rivers "
                                "off a cavalry cannot cross"),
    NC_("attack-no-forest", "{target} is not adjacent to any of your territories, and you own no forest to cross "
                            "the river at {river}"),
    NC_("attack-not-adjacent", "{target} is not adjacent to any of your territories"),
    NC_("attack-not-adjacent-no-river", "{target} is not adjacent to any of your territories, and no river next "
                                        "to your territories leads there"),
    # a hand card in a battle (P-19, P-20, P-32)
    NC_("hand-empty", "your hand is empty: play the deck's top card instead"),
    NC_("hand-no-bean", "you hold no {bean}"),
    NPC_("hand-no-position", "your hand has only position {n}, not {pos}", "your hand has positions 1 to {n}, not {pos}"),
    NC_("hand-other-bean", "hand position {pos} holds {held}, not {bean}"),
    # cavalry (P-29, P-30)
    NC_("cavalry-immune", "{target} is a {terrain}, and cavalry cannot attack forests or cities"),
    NC_("cavalry-none", "you own no steppe, so you have no cavalry"),
    NC_("cavalry-which", "you have several ready cavalry ({colours}): name the one that attacks"),
    NC_("cavalry-all-spent", "your cavalry lost a first wave this turn and is spent until your next turn"),
    NC_("cavalry-not-yours", "the {colour} cavalry is not yours: a cavalry belongs to the owner of its steppe"),
    NC_("cavalry-spent", "the {colour} cavalry is spent (it lost a first wave) and is ready again at the start "
                         "of your next turn"),
    # a battle waiting for a card (P-20, P-32, P-38)
    NC_("battle-waits-your-cart", "the battle for {target} is waiting for you to play one of the cards on your cart"),
    NC_("battle-waits-cart", "the battle for {target} is waiting for {player} to play one of the cards on "
                             "{player}'s cart"),
    NC_("battle-waits-your-defence", "the battle for {target} is waiting for your card (defend)"),
    NC_("battle-waits-your-second-wave", "the battle for {target} is waiting for your card (second-wave)"),
    NC_("battle-waits-card", "the battle for {target} is waiting for {player}'s card"),
    NC_("defend-no-battle", "no battle is waiting for a defender's card"),
    NC_("defend-not-owner", "only {player}, the owner of {target}, defends it"),
    NC_("second-wave-none", "a second wave follows only a lost cavalry wave"),
    NC_("second-wave-not-yours", "the second wave is {player}'s"),
    # carts (P-36, P-38)
    NC_("cart-when", "a cart is bought on your own turn, between actions, never inside a battle or a draw"),
    NC_("cart-have", "every player may buy one cart, and you have yours"),
    NC_("cart-no-forest", "only a player who owns a forest may buy a cart"),
    NC_("cart-price", "a cart costs {price} coins and you have {coins}"),
    NC_("cart-draw-yours", "you are in the middle of a cart draw: first choose the cards you take from your cart "
                           "(cart-take)"),
    NC_("cart-draw-other", "{player} is in the middle of a cart draw: first the cards to keep are chosen"),
    NC_("cart-take-when", "cards are taken from a cart only during its owner's phase-4 draw"),
    NC_("cart-take-count", "take exactly {take} of the {n} cards on your cart; {stay} stay on it"),
    NC_("cart-take-missing", "there is no {bean} left on your cart (it holds {cart})"),
    NC_("cart-play-off", "battle deck cards do not use the cart in this game (option cart_in_battle is off, Q-06): "
                         "a battle card comes from the hand or straight from the deck"),
    NC_("cart-play-when", "a cart card is played only in a battle, right after your battle deck card has gone onto "
                          "your cart: attack, defend or fight a second wave with 'deck' first"),
    NC_("cart-play-not-yours", "the battle waits for {player}, who picks the card from {player}'s own cart; cart "
                               "cards are private to their owner"),
    NPC_("cart-play-missing", "there is no {bean} on your cart; play its {n} card face down: {cart}",
         "there is no {bean} on your cart; play one of its {n} cards face down: {cart}"),
    # the base game's steps in Bohnaparte (B-10, B-25, P-02)
    NC_("draw-too-early", "the phase-4 draw comes at the end of the turn, after phase 3 and the battle step"),
    NC_("no-third-field", "Bohnaparte has no 3rd bean field: every player keeps 2 fields"),
    NC_("plant-hand-battle-step", "hand cards are planted only in phase 1 of your own turn, at most two and from "
                                  "the front of the hand; it is the battle step, between phase 3 and the phase-4 draw"),
    # What happened: one message per event kind ("event-<kind>"), filled by the kind's fill below.
    NC_("event-camp", "{player} takes the {colour} camp at {pos} and puts a marker on it."),
    # TRANSLATORS: {attack} is one of the "attack-..." messages.
    NC_("event-attack", "{player} pays 1 coin and {attack}."),
    # TRANSLATORS: {owner} is "owner-player" or "owner-neutral"; {fighter} one of the "attack-with-..."
    # messages.
    NC_("attack-direct", "attacks {target} ({terrain}, {owner}) with {fighter}"),
    NPC_("attack-across", "attacks {target} ({terrain}, {owner}) across the river at {rivers} with {fighter}",
         "attacks {target} ({terrain}, {owner}) across the rivers at {rivers} with {fighter}"),
    NC_("owner-player", "{player}'s"),
    NC_("owner-neutral", "neutral"),
    NC_("attack-with-cavalry", "the {colour} cavalry (strength 17), face up"),
    NC_("attack-with-hand", "a card from the hand, face down"),
    NC_("with-deck", "the top card of the deck"),
    NC_("with-hand-hidden", "a hand card, face down"),
    # TRANSLATORS: {card} is "with-hand-hidden" or "with-deck".
    NC_("event-defend", "{player} defends with {card}."),
    # TRANSLATORS: {plays} is "wave-plays-hand" or "wave-plays-deck".
    NC_("event-second_wave", "Second wave: {player} {plays}."),
    NC_("wave-plays-hand", "plays a hand card, face down"),
    NC_("wave-plays-deck", "plays the top card of the deck"),
    # TRANSLATORS: {attack} and {defence} are the "battle-attacker..." and "battle-defender..." messages,
    # {verdict} a "battle-..." verdict; {cmp} is ">" or "≤".
    NC_("event-battle", "Battle at {target}, wave {wave}: {attack} against {defence} — {a} {cmp} {d}, {verdict}."),
    NC_("battle-attacker", "the attacker's {bean} ({strength})"),
    NC_("battle-attacker-cavalry", "the attacker's {colour} cavalry ({strength})"),
    NC_("battle-attacker-none", "no card from the attacker ({strength})"),
    NC_("battle-defender", "the defender's {bean} ({printed})"),
    NC_("battle-defender-minimum", "the defender's {bean} ({printed}; the {terrain}'s minimum: {minimum})"),
    NC_("battle-defender-none", "no card from the defender ({printed})"),
    NC_("battle-defender-none-minimum", "no card from the defender ({printed}; the {terrain}'s minimum: {minimum})"),
    NC_("battle-won", "the attack wins"),
    NC_("battle-tie", "a tie goes to the defender"),
    NC_("battle-held", "the defence holds"),
    # TRANSLATORS: {source}, {cavalry} and {steppe} are each empty or one of the "capture-..." messages,
    # which start with their own separator (a space or "; ").
    NC_("event-capture", "{player} captures {target}{source}{cavalry}{steppe}."),
    NC_("capture-from", " from {player}"),
    NC_("capture-cavalry-ready", "; the {colour} cavalry stays ready"),
    NC_("capture-steppe-ready", "; the steppe's {colour} cavalry comes along, ready"),
    NC_("capture-steppe-spent", "; the steppe's {colour} cavalry comes along, spent"),
    # TRANSLATORS: {stays} is "repelled-owned" or "repelled-neutral".
    NC_("event-repelled", "The attack on {target} fails; {stays}, and the coin is gone."),
    NC_("repelled-owned", "it stays {player}'s"),
    NC_("repelled-neutral", "it stays neutral"),
    NC_("event-cavalry_spent", "The {colour} cavalry is spent; the second wave follows at once, without a new coin."),
    NC_("event-burn", "{player} burns the city at {target}: from now on it is a plain territory, and {player} gains "
                      "a token worth 1 victory point."),
    NPC_("event-cart_buy", "{player} buys a cart for {price} coins; {n} card from the deck goes face down onto it.",
         "{player} buys a cart for {price} coins; {n} cards from the deck go face down onto it."),
    NPC_("event-cart_fill", "{player} puts {n} card from the deck onto the cart and looks at all of them.",
         "{player} puts {n} cards from the deck onto the cart and looks at all of them."),
    # TRANSLATORS: {start} is "cart-battle-added" or "cart-battle-deck-empty".
    NPC_("event-cart_battle", "{start}; {player} looks at the {n} card on it and picks one to play.",
         "{start}; {player} looks at the {n} cards on it and picks one to play."),
    NC_("cart-battle-added", "{player}'s battle card from the deck goes onto the cart, face down"),
    NC_("cart-battle-deck-empty", "The deck is empty, so {player} fights from the cart"),
    # TRANSLATORS: {side} is "cart-play-attack" or "cart-play-defend"; {left} "cart-left" or "cart-empty".
    NC_("event-cart_play", "{player} plays a card from the cart face down {side}; {left}."),
    NC_("cart-play-attack", "to attack"),
    NC_("cart-play-defend", "to defend"),
    NPC_("cart-left", "{n} card stays on the cart", "{n} cards stay on the cart"),
    NC_("cart-empty", "the cart is empty now"),
    NC_("event-cavalry_ready", "{player}'s spent cavalry is ready again: {colours}."),
    # TRANSLATORS: {verdict} is "gem-coin" or "gem-discard".
    NC_("event-gem", "{player}'s gem field turns up {bean}: {verdict}."),
    NC_("gem-coin", "6–12, so it becomes a coin"),
    NC_("gem-discard", "14–20, so it goes to the discard pile"),
    NC_("event-battle_step_end", "{player} ends the battle step."),
    NC_("event-last_territory", "{player} has lost the last territory: the game ends now."),

    # The phases as the narration and the table name them ("phase-<phase>").
    NC_("phase-camp", "setup: choosing camps"),
    NC_("phase-battle", "battle step (after phase 3)"),
    NC_("phase-cart", "phase 4: drawing through the cart"),

    # Actions in sentences (``describe``). {how} is one of the "with-..." messages.
    NC_("do-camp", "{player} takes the camp at {pos}."),
    NC_("do-attack", "{player} attacks territory {target} with {how}."),
    NC_("do-defend", "{player} defends with {how}."),
    NC_("do-second-wave", "{player} sends a second wave: {how}."),
    NC_("with-cavalry", "the {colour} cavalry"),
    NC_("with-cavalry-any", "the cavalry"),
    NC_("with-hand-card", "a {bean} from the hand (card {pos}), face down"),
    NC_("with-hand-bean", "a {bean} from the hand, face down"),
    NC_("do-buy-cart", "{player} buys a cart."),
    NPC_("do-cart-take-hidden", "{player} takes {n} card from the cart.", "{player} takes {n} cards from the cart."),
    NC_("do-cart-take", "{player} takes {beans} from the cart."),
    NC_("do-cart-take-none", "{player} takes no card from the cart."),
    NC_("do-cart-play-hidden", "{player} plays a card from the cart."),
    NC_("do-cart-play", "{player} plays {bean} from the cart."),
    # The last two of a list in a sentence ("Soy, Red and Chili").
    NC_("list-and", "{items} and {last}"),

    # Button labels (without the player's name) and the headings of their groups.
    NC_("label-camp", "Camp at {pos}"),
    NC_("label-attack", "Attack {target}: {card}"),
    NC_("label-defend", "Defend: {card}"),
    NC_("label-second-wave", "Wave 2: {card}"),
    NC_("label-deck", "deck"),
    NC_("label-cavalry", "{colour} cavalry"),
    NC_("label-cavalry-any", "cavalry"),
    NC_("label-hand-card", "{bean} (#{pos})"),
    NPC_("label-buy-cart", "Buy a cart ({n} coin)", "Buy a cart ({n} coins)"),
    NC_("label-cart-play", "Play from the cart: {bean}"),
    NC_("label-cart-take", "Take: {beans}"),
    NC_("label-cart-take-none", "Take no card"),
    NC_("group-camp", "Camp"),
    NC_("group-attack", "Attack"),
    NC_("group-defend", "Defence"),
    NC_("group-second-wave", "Second wave"),
    NC_("group-buy-cart", "Cart"),
    NC_("group-cart-take", "Take from the cart"),
    NC_("group-cart-play", "Battle card from the cart"),

    # The map and the players' column beside the table (view.py).
    NC_("map-heading", "The map"),
    NC_("map-graph-heading", "The same board as a graph"),
    NC_("map-burned", "burned"),
    # TRANSLATORS: {state} is "map-ready" or "map-spent".
    NC_("map-cavalry-state", "{colour} cavalry: {state}"),
    NC_("map-ready", "ready"),
    NC_("map-spent", "spent"),
    NC_("map-nothing", "nothing to attack"),
    # TRANSLATORS: {player} is in bold; the list of targets follows.
    NC_("map-targets-of", "targets of {player} (can attack):"),
    NC_("map-via", "via {path}"),
    NC_("map-crossing", "river crossing"),
    NC_("table-territories", "Territories"),
    NPC_("table-vp", "victory point", "victory points"),
    NC_("table-cart", "cart: {cards}"),
    NC_("table-cart-hidden", "cart: {n} ✱"),
    NPC_("table-tokens", "+{n} token", "+{n} tokens"),
], base=BASE_MESSAGES)



M = MESSAGES.message


def _and_list(names: list[str], lang: str) -> str:
    """Names as a sentence lists them: "Soy", "Soy and Red", "Soy, Red and Chili"."""
    if len(names) <= 1:
        return "".join(names)
    return MESSAGES.text("list-and", lang, items=", ".join(names[:-1]), last=names[-1])


class _Positions:
    """Map positions by their labels, the same in every language ("14"); a Hungarian template
    reads one as an adjective with the grammar spec ``es``: ``{target:az+es} mező``; several as
    a list ("09 and 10")."""

    def name(self, pos: str, lang: str = "en") -> str:
        return str(pos)

    def names(self, positions, lang: str = "en") -> str:
        return _and_list([self.name(p, lang) for p in positions], lang)

    def __reduce__(self):
        return "POSITIONS"


class _Colours:
    """Camp and horse colours by id ("bay" / "pej"); several as a list ("bay, black")."""

    def name(self, colour: str, lang: str = "en") -> str:
        return colour_name(colour, lang)

    def names(self, colours, lang: str = "en") -> str:
        return ", ".join(colour_name(c, lang) for c in colours)

    def __reduce__(self):
        return "COLOURS"


class _TerrainNames:
    """Terrains by id ("rice_field" -> "rice field" / "rizsföld")."""

    def name(self, terrain: str, lang: str = "en") -> str:
        return TERRAINS[terrain].name(lang) if terrain in TERRAINS else str(terrain)

    def __reduce__(self):
        return "TERRAIN_NAMES"


class _Listed:
    """A card table whose lists read as a sentence lists them ("Soy, Red and Chili")."""

    __slots__ = ("table",)

    def __init__(self, table):
        self.table = table

    def name(self, card: str, lang: str = "en") -> str:
        return self.table.name(card, lang)

    def names(self, cards, lang: str = "en") -> str:
        return _and_list([self.table.name(c, lang) for c in cards], lang)


#: Name tables for :class:`~beannb.i18n.messages.Named` values.
POSITIONS = _Positions()
COLOURS = _Colours()
TERRAIN_NAMES = _TerrainNames()


# --------------------------------------------------------------------------------------
# Narration: each event kind's fill gives the values of its message "event-<kind>"
# --------------------------------------------------------------------------------------
def _attack_fighter(d: dict) -> Message:
    if d["mode"] == "cavalry":
        # A cavalry attack has its colour.
        return M("attack-with-cavalry", colour=Named(COLOURS, cast(str, d.get("cavalry"))))
    if d["mode"] == "deck":
        return M("with-deck")
    return M("attack-with-hand")


def _owner(player: Optional[str]) -> Message:
    return M("owner-player", player=player) if player else M("owner-neutral")


def _fill_attack(d: dict, p: str, n: Narration) -> dict:
    parts = {"target": Named(POSITIONS, d["target"]), "terrain": Named(TERRAIN_NAMES, d["terrain"]),
             "owner": _owner(d.get("defender")), "fighter": _attack_fighter(d)}
    via = list(d.get("via") or ())
    attack = (M("attack-across", rivers=NamedList(POSITIONS, via), n=len(via), **parts) if via
              else M("attack-direct", **parts))
    return {"player": p, "attack": attack}


def _fill_defend(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "card": M("with-hand-hidden") if d["mode"] == "hand" else M("with-deck")}


def _fill_second_wave(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "plays": M("wave-plays-hand") if d["mode"] == "hand" else M("wave-plays-deck")}


def _fill_battle(d: dict, p: str, n: Narration) -> dict:
    if d["cavalry"]:
        attack = M("battle-attacker-cavalry", colour=Named(COLOURS, d["cavalry"]), strength=d["a"])
    elif d["a_card"]:
        attack = M("battle-attacker", bean=Named(n.cards, d["a_card"]), strength=d["a"])
    else:
        attack = M("battle-attacker-none", strength=d["a"])
    minimum = d["minimum"] > d["printed"]
    code = "battle-defender" + ("" if d["d_card"] else "-none") + ("-minimum" if minimum else "")
    defence = M(code, **({"bean": Named(n.cards, d["d_card"])} if d["d_card"] else {}), printed=d["printed"],
                **({"terrain": Named(TERRAIN_NAMES, d["terrain"]), "minimum": d["minimum"]} if minimum else {}))
    verdict = "battle-won" if d["won"] else ("battle-tie" if d["a"] == d["d"] else "battle-held")
    return {"target": Named(POSITIONS, d["target"]), "wave": d["wave"], "attack": attack, "defence": defence,
            "a": d["a"], "cmp": ">" if d["won"] else "≤", "d": d["d"], "verdict": M(verdict)}


def _fill_capture(d: dict, p: str, n: Narration) -> dict:
    steppe: Union[str, Message] = ""
    if d.get("steppe_cavalry"):
        steppe = M("capture-steppe-ready" if d.get("ready") else "capture-steppe-spent",
                   colour=Named(COLOURS, d["steppe_cavalry"]))
    return {"player": p, "target": Named(POSITIONS, d["target"]),
            "source": M("capture-from", player=d["from"]) if d.get("from") else "",
            "cavalry": M("capture-cavalry-ready", colour=Named(COLOURS, d["cavalry"])) if d.get("cavalry") else "",
            "steppe": steppe}


def _fill_repelled(d: dict, p: str, n: Narration) -> dict:
    stays = M("repelled-owned", player=d["owner"]) if d.get("owner") else M("repelled-neutral")
    return {"target": Named(POSITIONS, d["target"]), "stays": stays}


def _fill_cart_battle(d: dict, p: str, n: Narration) -> dict:
    start = M("cart-battle-added" if d["added"] else "cart-battle-deck-empty", player=p)
    return {"player": p, "start": start, "n": d["count"]}


def _fill_cart_play(d: dict, p: str, n: Narration) -> dict:
    left = M("cart-left", n=d["left"]) if d["left"] else M("cart-empty")
    return {"player": p, "side": M("cart-play-attack" if d["side"] == "attack" else "cart-play-defend"), "left": left}


def _fill_gem(d: dict, p: str, n: Narration) -> dict:
    return {"player": p, "bean": Named(n.cards, d["bean"]), "verdict": M("gem-coin" if d["coin"] else "gem-discard")}


#: Bohnaparte's event kinds: each one's message is "event-<kind>", filled by these.
FILLS = {
    "camp": fill_from(named={"colour": COLOURS, "pos": POSITIONS}), "attack": _fill_attack, "defend": _fill_defend,
    "second_wave": _fill_second_wave, "battle": _fill_battle, "capture": _fill_capture, "repelled": _fill_repelled,
    "cavalry_spent": fill_from(player=False, named={"colour": COLOURS}), "burn": fill_from(named={"target": POSITIONS}),
    "cart_buy": fill_from("price", n="cards"), "cart_fill": fill_from(n="count"), "cart_battle": _fill_cart_battle,
    "cart_play": _fill_cart_play, "cavalry_ready": fill_from(listed={"colours": COLOURS}), "gem": _fill_gem,
    "battle_step_end": fill_from(), "last_territory": fill_from(),
}

#: Bohnaparte's narration: the base game's sentences with its own events and phases, all from
#: its catalogue (which reaches the base game's).
NARRATION = BASE_NARRATION.extend(cards=CARDS, messages=MESSAGES, fills=FILLS)


# --------------------------------------------------------------------------------------
# Button labels and the headings of button groups
# --------------------------------------------------------------------------------------
#: The verbs with a group of buttons of their own (its heading: the message "group-<verb>").
GROUPS = frozenset(("camp", "attack", "defend", "second-wave", "buy-cart", "cart-take", "cart-play"))


def _label_card(mode, bean, pos, cavalry, cards) -> Any:
    """The card of a button: the deck, a cavalry, or a hand card (by its position if given)."""
    if mode == "deck":
        return M("label-deck")
    if mode == "cavalry":
        return M("label-cavalry", colour=Named(COLOURS, cavalry)) if cavalry else M("label-cavalry-any")
    if pos:
        return M("label-hand-card", bean=Named(cards, bean), pos=pos)
    return Named(cards, bean)


def _worded(prefix: str, a, lang: str, cards, seen: bool = True, **data: Any) -> str:
    """One of Bohnaparte's actions on a button (``prefix`` "label") or in a sentence ("do"): the
    message "<prefix>-<verb>" (a cart taken empty, and the cart's cards for a reader who may not
    see them, unless ``seen``, have their own), filled from the action and ``data``."""
    v = a.VERB
    code = f"{prefix}-{v}"
    if v == "cart-take" and not a.beans:
        code += "-none"
    elif v in ("cart-take", "cart-play") and not seen:
        code += "-hidden"
    values = {"pos": Named(POSITIONS, a.pos) if v == "camp" else None,
              "target": Named(POSITIONS, a.target) if v == "attack" else None,
              "bean": Named(cards, a.bean) if v == "cart-play" else None,
              "n": CART_PRICE if v == "buy-cart" else len(getattr(a, "beans", ()))}
    return MESSAGES.text(code, lang, {**values, **data})


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """Button labels for Bohnaparte's verbs (without the player's name; None: a base-game action)."""
    if a.VERB not in GROUPS:
        return None
    card = _label_card(a.mode, a.bean, a.pos, getattr(a, "cavalry", None), cards) if hasattr(a, "mode") else None
    return _worded("label", a, lang, cards, card=card, beans=NamedList(cards, getattr(a, "beans", ())))


# --------------------------------------------------------------------------------------
# Actions in sentences (base-game verbs: the base game's ``describe``)
# --------------------------------------------------------------------------------------
def _fighter(mode: str, bean, pos, cavalry, cards, seen: bool) -> Message:
    """The card a wave fights with, as the reader may know it: a hand card's bean only for
    its owner (and the teacher); it is played face down."""
    if mode == "deck":
        return M("with-deck")
    if mode == "cavalry":
        return M("with-cavalry", colour=Named(COLOURS, cavalry)) if cavalry else M("with-cavalry-any")
    if not seen or not bean:
        return M("with-hand-hidden")
    if pos:
        return M("with-hand-card", bean=Named(cards, bean), pos=pos)
    return M("with-hand-bean", bean=Named(cards, bean))


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """Bohnaparte's own actions as sentences (None: a base-game verb)."""
    if a.VERB not in GROUPS:
        return None
    seen = obs is None or obs.get("viewer") in (None, a.player)
    how = _fighter(a.mode, a.bean, a.pos, getattr(a, "cavalry", None), cards, seen) if hasattr(a, "mode") else None
    return _worded("do", a, lang, cards, seen, player=a.player, how=how,
                   beans=NamedList(_Listed(cards), getattr(a, "beans", ())))
