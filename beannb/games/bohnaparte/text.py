"""Bohnaparte's narration, phase names and button labels, in English and Hungarian."""
from __future__ import annotations

from typing import Optional

from ..bohnanza.text import NARRATION as BASE_NARRATION, join_words, the
from .board import TERRAINS, colour_name
from .cards import CARDS
from ...i18n.messages import NC_, NPC_, Messages, locale_dir
from ..bohnanza.text import MESSAGES as BASE_MESSAGES

#: This game's messages by code (English here; other languages in ``locale/``): why a move is
#: refused. The base game's messages are reached through it. ``{target}``, ``{pos}`` and
#: ``{river}`` are map positions (:data:`POSITIONS`), ``{bean}`` a card, ``{colour}`` a horse
#: colour (:data:`COLOURS`), ``{terrain}`` a terrain (:data:`TERRAIN_NAMES`): each a
#: :class:`~beannb.i18n.messages.Named`, shown in the reader's language; players are names.
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
], base=BASE_MESSAGES)


class _Positions:
    """Map positions as refusals name them: the label in English, with its adjective ending in
    Hungarian ("14-es", "05-ös"), so a template writes ``{target:az} mező``."""

    def name(self, pos: str, lang: str = "en") -> str:
        return pos_hu(pos).split(" ", 1)[1] if lang == "hu" else str(pos)

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


#: Name tables for :class:`~beannb.i18n.messages.Named` values in refusals.
POSITIONS = _Positions()
COLOURS = _Colours()
TERRAIN_NAMES = _TerrainNames()


def bean_name(bean: str, lang: str) -> str:
    return CARDS.name(bean, lang)

PHASES = {
    "en": {"camp": "setup: choosing camps", "battle": "battle step (after phase 3)", "cart": "phase 4: drawing through the cart"},
    "hu": {"camp": "előkészület: táborválasztás", "battle": "csaták (a 3. fázis után)", "cart": "4. fázis: húzás a kordéval"},
}


def _t(terrain: str, lang: str) -> str:
    return TERRAINS[terrain].name(lang) if terrain in TERRAINS else terrain


_ES = {"1": "es", "2": "es", "3": "as", "4": "es", "5": "ös", "6": "os", "7": "es", "8": "as", "9": "es"}
_TENS_ES = {"1": "es", "2": "as", "3": "as", "4": "es", "5": "es", "6": "as", "7": "es", "8": "as", "9": "es"}


def pos_hu(pos, capital: bool = False) -> str:
    """A map position as Hungarian says it, with its article: "a 14-es", "az 5-ös", "a 09-es"."""
    text = str(pos)
    digits = text.lstrip("0") or "0"
    if not digits.isdigit():
        out = the(text, "hu")
    else:
        suffix = _ES.get(digits[-1]) if digits[-1] != "0" else ("as" if digits.endswith("00") else _TENS_ES.get(digits[-2:-1] or "1", "es"))
        out = f"{the(text, 'hu')}-{suffix}"
    return out[:1].upper() + out[1:] if capital else out


def _card(bean, lang: str) -> str:
    if not bean:
        return "no card (0)" if lang == "en" else "nincs lap (0)"
    return bean_name(bean, lang)


def _cards(n: int, lang: str) -> str:
    """``n`` cards as an object: "3 cards", "3 lapot"."""
    if lang == "hu":
        return f"{n} lapot"
    return f"{n} card" + ("" if n == 1 else "s")


def _left_on_cart(n: int, lang: str) -> str:
    if lang == "hu":
        return f"{n} lap marad a kordén" if n else "a kordé kiürült"
    return (f"{n} card" + (" stays" if n == 1 else "s stay") + " on the cart") if n else "the cart is empty now"


def _mode(d, lang: str) -> str:
    m = d["mode"]
    if m == "cavalry":
        return (f"the {colour_name(d.get('cavalry'), 'en')} cavalry (strength 17), face up" if lang == "en"
                else f"{the(str(colour_name(d.get('cavalry'), 'hu')), 'hu')} lovassággal (erő 17), képpel felfelé")
    if m == "deck":
        return "the top card of the deck" if lang == "en" else "a húzópakli felső lapjával"
    return "a card from the hand, face down" if lang == "en" else "egy kézben tartott lappal, képpel lefelé"


def _via(d, lang: str) -> str:
    if not d.get("via"):
        return ""
    rivers = ", ".join(d["via"])
    return f" across the river at {rivers}" if lang == "en" else f" {the(str(rivers), 'hu')} folyón átkelve"


def _battle_en(d, p, w=None):
    side_a = (f"the {colour_name(d['cavalry'], 'en')} cavalry (17)" if d["cavalry"]
              else f"{_card(d['a_card'], 'en')} ({d['a']})")
    side_d = f"{_card(d['d_card'], 'en')} ({d['printed']}"
    if d["minimum"] > d["printed"]:
        side_d += f"; the {_t(d['terrain'], 'en')}'s minimum: {d['minimum']}"
    side_d += ")"
    verdict = "the attack wins" if d["won"] else ("a tie goes to the defender" if d["a"] == d["d"] else "the defence holds")
    return (f"Battle at {d['target']}, wave {d['wave']}: the attacker's {side_a} against the defender's {side_d} — "
            f"{d['a']} {'>' if d['won'] else '≤'} {d['d']}, {verdict}.")


def _battle_hu(d, p, w=None):
    side_a = (f"{the(colour_name(d['cavalry'], 'hu'), 'hu')} lovasság (17)" if d["cavalry"] else f"{_card(d['a_card'], 'hu')} ({d['a']})")
    side_d = f"{_card(d['d_card'], 'hu')} ({d['printed']}"
    if d["minimum"] > d["printed"]:
        side_d += f"; {the(_t(d['terrain'], 'hu'), 'hu')} minimuma: {d['minimum']}"
    side_d += ")"
    verdict = "a támadás sikeres" if d["won"] else ("döntetlennél a védekező nyer" if d["a"] == d["d"] else "a védelem kitart")
    return (f"Csata {pos_hu(d['target'])} mezőn, {d['wave']}. hullám: a támadó {side_a}, a védekező {side_d} — "
            f"{d['a']} {'>' if d['won'] else '≤'} {d['d']}, {verdict}.")


EN = {
    "camp": lambda d, p, w: f"{p} takes the {colour_name(d['colour'], 'en')} camp at {d['pos']} and puts a marker on it.",
    "attack": lambda d, p, w: (f"{p} pays 1 coin and attacks {d['target']} ({_t(d['terrain'], 'en')}"
                            + (f", {d['defender']}'s" if d["defender"] else ", neutral") + f"){_via(d, 'en')} with {_mode(d, 'en')}."),
    "defend": lambda d, p, w: f"{p} defends with " + ("a hand card, face down." if d["mode"] == "hand" else "the top card of the deck."),
    "second_wave": lambda d, p, w: f"Second wave: {p} plays " + ("a hand card, face down." if d["mode"] == "hand" else "the top card of the deck."),
    "battle": _battle_en,
    "capture": lambda d, p, w: (f"{p} captures {d['target']}" + (f" from {d['from']}" if d["from"] else "")
                             + (f"; the {colour_name(d['cavalry'], 'en')} cavalry stays ready" if d["cavalry"] else "")
                             + (f"; the steppe's {colour_name(d['steppe_cavalry'], 'en')} cavalry comes along, "
                                + ("ready" if d["ready"] else "spent") if d["steppe_cavalry"] else "") + "."),
    "repelled": lambda d, p, w: f"The attack on {d['target']} fails; " + (f"it stays {d['owner']}'s" if d["owner"] else "it stays neutral") + ", and the coin is gone.",
    "cavalry_spent": lambda d, p, w: f"The {colour_name(d['colour'], 'en')} cavalry is spent; the second wave follows at once, without a new coin.",
    "burn": lambda d, p, w: f"{p} burns the city at {d['target']}: from now on it is a plain territory, and {p} gains a 1-VP token.",
    "cart_buy": lambda d, p, w: f"{p} buys a cart for {d['price']} coins; {d['cards']} cards from the deck go face down onto it.",
    "cart_fill": lambda d, p, w: f"{p} puts {d['count']} cards from the deck onto the cart and looks at all of them.",
    "cart_battle": lambda d, p, w: ((f"{p}'s battle card from the deck goes onto the cart, face down; " if d["added"]
                                  else f"The deck is empty, so {p} fights from the cart; ")
                                 + f"{p} looks at the {_cards(d['count'], 'en')} on it and picks one to play."),
    "cart_play": lambda d, p, w: (f"{p} plays a card from the cart face down "
                               + ("to attack" if d["side"] == "attack" else "to defend")
                               + f"; {_left_on_cart(d['left'], 'en')}."),
    "cavalry_ready": lambda d, p, w: f"{p}'s spent cavalry is ready again: " + ", ".join(colour_name(c, 'en') for c in d["colours"]) + ".",
    "gem": lambda d, p, w: (f"{p}'s gem field turns up {bean_name(d['bean'], 'en')}: "
                         + ("6–12, so it becomes a coin." if d["coin"] else "14–20, so it goes to the discard pile.")),
    "battle_step_end": lambda d, p, w: f"{p} ends the battle step.",
    "last_territory": lambda d, p, w: f"{p} has lost the last territory: the game ends now.",
}

HU = {
    "camp": lambda d, p, w: f"{p} {pos_hu(d['pos'])} mezőn lévő {colour_name(d['colour'], 'hu')} tábort választja, és jelzőt tesz rá.",
    "attack": lambda d, p, w: (f"{p} fizet 1 babtallért, és megtámadja {pos_hu(d['target'])} mezőt ({_t(d['terrain'], 'hu')}, "
                            + (f"{d['defender']} birtoka" if d["defender"] else "semleges") + f"){_via(d, 'hu')}: {_mode(d, 'hu')}."),
    "defend": lambda d, p, w: f"{p} védekezik: " + ("egy kézben tartott lappal, képpel lefelé." if d["mode"] == "hand" else "a húzópakli felső lapjával."),
    "second_wave": lambda d, p, w: f"Második hullám: {p} " + ("egy kézben tartott lapot játszik ki, képpel lefelé." if d["mode"] == "hand" else "a húzópakli felső lapját játssza ki."),
    "battle": _battle_hu,
    "capture": lambda d, p, w: (f"{p} elfoglalja {pos_hu(d['target'])} mezőt" + (f" {d['from']} játékostól" if d["from"] else "")
                             + (f"; {the(str(colour_name(d['cavalry'], 'hu')), 'hu')} lovasság bevethető marad" if d["cavalry"] else "")
                             + (f"; vele jár a sztyeppe {colour_name(d['steppe_cavalry'], 'hu')} lovassága, "
                                + ("bevethető állapotban" if d["ready"] else "legyőzött állapotban") if d["steppe_cavalry"] else "") + "."),
    "repelled": lambda d, p, w: f"{pos_hu(d['target'], True)} mező elleni támadás nem sikerül; " + (f"{d['owner']} birtokában marad" if d["owner"] else "semleges marad") + ", a babtallér pedig elveszett.",
    "cavalry_spent": lambda d, p, w: f"A(z) {colour_name(d['colour'], 'hu')} lovasság vereséget szenvedett; azonnal jön a második hullám, új babtallér nélkül.",
    "burn": lambda d, p, w: f"{p} felégeti {pos_hu(d['target'])} várost: innentől közönséges terület, {p} pedig 1 győzelmi pontot érő jelzőt kap.",
    "cart_buy": lambda d, p, w: f"{p} {d['price']} babtallérért kordét vesz; a húzópakliból {d['cards']} lap kerül rá képpel lefelé.",
    "cart_fill": lambda d, p, w: f"{p} {d['count']} lapot rak a pakliból a kordéra, és megnézi a kordé összes lapját.",
    "cart_battle": lambda d, p, w: ((f"{p} csatához húzott paklilapja képpel lefelé a kordéra kerül; " if d["added"]
                                  else f"A pakli üres, ezért {p} a kordéról harcol; ")
                                 + f"{p} megnézi a rajta lévő {_cards(d['count'], 'hu')}, és kiválaszt egyet."),
    "cart_play": lambda d, p, w: (f"{p} képpel lefelé kijátszik egy lapot a kordéról "
                               + ("a támadáshoz" if d["side"] == "attack" else "a védekezéshez")
                               + f"; {_left_on_cart(d['left'], 'hu')}."),
    "cavalry_ready": lambda d, p, w: f"{p} legyőzött lovassága ismét bevethető: " + ", ".join(colour_name(c, 'hu') for c in d["colours"]) + ".",
    "gem": lambda d, p, w: (f"{p} gyémántmezője felcsapja: {bean_name(d['bean'], 'hu')}: "
                         + ("6–12, így babtallér lesz." if d["coin"] else "14–20, így a dobott lapok közé kerül.")),
    "battle_step_end": lambda d, p, w: f"{p} befejezi a csatákat.",
    "last_territory": lambda d, p, w: f"{p} elvesztette utolsó területét: a játék azonnal véget ér.",
}


def action_label(a, lang: str = "en", cards=CARDS) -> Optional[str]:
    """Button labels for Bohnaparte's verbs (without the player's name; None: a base-game action)."""
    hu = lang == "hu"
    v = a.VERB
    if v not in GROUPS:
        return None
    if v == "camp":
        return f"Tábor: {a.pos}" if hu else f"Camp at {a.pos}"

    def card(mode, bean, pos, cav=None):
        if mode == "deck":
            return "pakli" if hu else "deck"
        if mode == "cavalry":
            return f"{colour_name(cav, lang)} lovasság" if hu else f"{colour_name(cav, lang)} cavalry"
        return f"{bean_name(bean, lang)}" + (f" ({pos}.)" if hu and pos else f" (#{pos})" if pos else "")

    if v == "attack":
        return (f"{a.target} támadása: {card(a.mode, a.bean, a.pos, a.cavalry)}" if hu
                else f"Attack {a.target}: {card(a.mode, a.bean, a.pos, a.cavalry)}")
    if v == "defend":
        return f"Védekezés: {card(a.mode, a.bean, a.pos)}" if hu else f"Defend: {card(a.mode, a.bean, a.pos)}"
    if v == "second-wave":
        return f"2. hullám: {card(a.mode, a.bean, a.pos)}" if hu else f"Wave 2: {card(a.mode, a.bean, a.pos)}"
    if v == "buy-cart":
        return "Kordé vásárlása (3)" if hu else "Buy a cart (3 coins)"
    if v == "cart-play":
        return f"Kordéról kijátszva: {bean_name(a.bean, lang)}" if hu else f"Play from the cart: {bean_name(a.bean, lang)}"
    if v == "cart-take":
        return ("Elvesz: " if hu else "Take: ") + ", ".join(bean_name(b, lang) for b in a.beans)
    return None


#: Headings of the action-button groups, per verb.
GROUPS = {
    "camp": ("Camp", "Tábor"), "attack": ("Attack", "Támadás"), "defend": ("Defence", "Védekezés"),
    "second-wave": ("Second wave", "Második hullám"), "buy-cart": ("Cart", "Kordé"),
    "cart-take": ("Take from the cart", "Elvétel a kordéról"), "cart-play": ("Battle card from the cart", "Csatalap a kordéról"),
}


#: Bohnaparte's narration: the base game's sentences with its own events and phases.
NARRATION = BASE_NARRATION.extend({"en": EN, "hu": HU}, PHASES)


# --------------------------------------------------------------------------------------
# Actions in sentences (base-game verbs: the base game's ``describe``)
# --------------------------------------------------------------------------------------


def _fighter(mode: str, bean, pos, cavalry, lang: str, seen: bool) -> str:
    """The card a wave fights with, as the reader may know it: a hand card's bean only for
    its owner (and the teacher); it is played face down."""
    hu = lang == "hu"
    if mode == "deck":
        return "a húzópakli felső lapjával" if hu else "the top card of the deck"
    if mode == "cavalry":
        col = colour_name(cavalry, lang) if cavalry else ""
        return (f"{the(col, 'hu') + ' ' if col else 'a '}lovassággal" if hu
                else f"the {col + ' ' if col else ''}cavalry")
    if not seen or not bean:
        return "egy kézben tartott lappal, képpel lefelé" if hu else "a hand card, face down"
    if hu:
        return (f"képpel lefelé a keze {pos}. lapjával ({bean_name(bean, 'hu')})" if pos
                else f"képpel lefelé egy {bean_name(bean, 'hu')} lappal a kezéből")
    return f"a {bean_name(bean, 'en')} from the hand" + (f" (card {pos})" if pos else "") + ", face down"


def _territory(pos: str, lang: str) -> str:
    """A map position as the object of a sentence: "territory 14", "a 14-es mezőt"."""
    return f"{pos_hu(pos)} mezőt" if lang == "hu" else f"territory {pos}"


def describe(a, lang: str = "en", cards=CARDS, obs=None) -> Optional[str]:
    """Bohnaparte's own actions as sentences (None: a base-game verb)."""
    v, p, hu = a.VERB, a.player, lang == "hu"
    if v not in GROUPS:
        return None
    seen = obs is None or obs.get("viewer") in (None, p)
    if v == "camp":
        return f"{p} {pos_hu(a.pos)} mezőn lévő tábort választja." if hu else f"{p} takes the camp at {a.pos}."
    if v == "attack":
        how = _fighter(a.mode, a.bean, a.pos, a.cavalry, lang, seen)
        return (f"{p} megtámadja {_territory(a.target, 'hu')} {how}." if hu
                else f"{p} attacks territory {a.target} with {how}.")
    if v in ("defend", "second-wave"):
        how = _fighter(a.mode, a.bean, a.pos, None, lang, seen)
        if hu:
            return f"{p} védekezik {how}." if v == "defend" else f"{p} második hullámot indít {how}."
        return f"{p} defends with {how}." if v == "defend" else f"{p} sends a second wave: {how}."
    if v == "buy-cart":
        return f"{p} kordét vesz." if hu else f"{p} buys a cart."
    if v == "cart-take":
        if not seen:
            n = len(a.beans)
            return f"{p} elvesz {n} lapot a kordéról." if hu else f"{p} takes {n} card{'s' if n != 1 else ''} from the cart."
        names = join_words([bean_name(b, lang) for b in a.beans], lang)
        return f"{p} elveszi a kordéról: {names}." if hu else f"{p} takes {names} from the cart."
    if v == "cart-play":
        if not seen:
            return f"{p} kijátszik egy lapot a kordéról." if hu else f"{p} plays a card from the cart."
        return (f"{p} kijátssza a kordéról: {bean_name(a.bean, 'hu')}." if hu
                else f"{p} plays {bean_name(a.bean, 'en')} from the cart.")
    return None
