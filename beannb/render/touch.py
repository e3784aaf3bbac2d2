"""View models for the touchable table (``widgets.touch``): observation + legal actions -> JSON.

Pure functions, no widgets. A model is built from one seat's *observation* (never the
state), so it holds only what that seat may see; the clickable targets come from the
legal actions the caller passes in, so the front end holds no rules: a click names an
action by its index in the model's ``actions`` list.

Keys name the things on the table a click can land on:

``hand:<player>:<n>`` (n-th hand card, 1-based), ``pending:<player>:<n>``,
``field:<player>:<n>``, ``faceup:<n>``, ``deck``, ``hex:<position>`` (Bohnaparte),
``cavalry:<colour>``.

An action names a first key (what is clicked) and optionally a ``then`` key (what is
clicked next: the field a card goes to, the card that fights for a territory).
"""
from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from ..games import DEFAULT_GAME, get_ruleset
from ..games.bohnanza.view import LABELS, card_count, text_colour

from ..i18n.messages import BEANNB_LOCALE, NC_, NPC_, Messages
from .html import view_of as _view_of

#: Words the front end needs besides the game's own (table labels come from the game's view):
#: the key ``hand_n`` is the message ``touch-hand-n`` (a template: ``{n}`` is filled later).
TOUCH_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    # TRANSLATORS: followed by the field's number: "field 2".
    NC_("touch-field", "field"),
    NC_("touch-choose", "Choose"),
    NC_("touch-cancel", "Cancel"),
    # TRANSLATORS: after the card or field clicked first: "Chili — now choose".
    NC_("touch-next-then", "now choose"),
    # TRANSLATORS: after a number: "3 options".
    NC_("touch-options", "options"),
    NC_("touch-deck-chip", "top card of the deck"),
    NC_("touch-pick", "click your cards to offer them"),
    NC_("touch-picked", "to offer"),
    NC_("touch-log", "Log"),
    NC_("touch-you", "you"),
    NC_("touch-map-hint", "click a highlighted territory to attack it"),
    NC_("touch-camp-hint", "click a highlighted position for your camp"),
    NC_("touch-cavalry", "cavalry"),
    NC_("touch-fight-with", "fight with"),
    NC_("touch-hand-n", "hand card {n}"),
    # TRANSLATORS: a field by its number ({n} is filled in the page): "field 2".
    NC_("touch-field-n", "field {n}"),
    NC_("touch-meter", "Beanometer: cards → coins"),
    # TRANSLATORS: after a number: "20 cards in the game".
    NC_("touch-in-deck", "cards in the game"),
    # TRANSLATORS: a bean card's tooltip: its name, how many there are, its beanometer ("4 → 1, 6 → 2").
    NPC_("touch-bean-tip", "{name} · {n} card in the game · Beanometer: cards → coins: {steps}",
         "{name} · {n} cards in the game · Beanometer: cards → coins: {steps}"),
    NPC_("touch-bean-tip-plain", "{name} · {n} card in the game", "{name} · {n} cards in the game"),
    # TRANSLATORS: the line above the touchable table: the turn, the phase, the deck, the deck passes.
    NC_("touch-info-turn", "Turn {turn}"),
    NC_("touch-info-deck", "Deck: {n}"),
    # TRANSLATORS: how many times the deck ran out, of how many that end the game: "deck passes: 1/3".
    NC_("touch-info-passes", "deck passes: {n}/{end}"),
    # TRANSLATORS: at the end of a game: "Scores: Ann 12, Bob 9 · Winner: Ann"; n is the number of winners.
    NPC_("touch-scores", "Scores: {scores} · Winner: {winners}", "Scores: {scores} · Winners: {winners}"),
])

#: The keys of :func:`ui_words`.
UI_KEYS = ("field", "choose", "cancel", "next_then", "options", "deck_chip", "pick", "picked", "log", "you",
           "map_hint", "camp_hint", "cavalry", "fight_with", "hand_n", "field_n", "meter", "in_deck")


def ui_words(lang: str) -> dict[str, str]:
    """The front end's own words in ``lang`` (``hand_n`` and ``field_n`` keep their ``{n}`` to be filled)."""
    return {key: TOUCH_MESSAGES.template("touch-" + key.replace("_", "-"), lang) for key in UI_KEYS}


# -- cards -----------------------------------------------------------------------------------

def card_table(game: str, lang: str = "en") -> dict[str, list]:
    """Every card of a game once: id -> [name, colour, ink, tip]; the tip is the beanometer.

    Sent once per language, so a table update names cards by id only.
    """
    rs = get_ruleset(game)
    view = rs.view.VIEW
    cards = view.cards
    out: dict[str, list] = {}
    for b, bean in cards.beans.items():
        colour = cards.colour(b)
        steps = [f"{need} → {k}" for k, need in enumerate(bean.meter, start=1) if need]
        tip = TOUCH_MESSAGES.text("touch-bean-tip" if steps else "touch-bean-tip-plain", lang,
                                  name=cards.name(b, lang), n=bean.count, steps=", ".join(steps))
        out[b] = [cards.name(b, lang), colour, text_colour(colour), tip]
    for cid in cards.others:
        out[cid] = [cards.name(cid, lang), cards.colour(cid, "#ffffff"), "#222", cards.name(cid, lang)]
    return out


def _card(bean: str, key: Optional[str] = None) -> dict:
    """A card as the model names it: its id and, when it can be clicked, its key."""
    return {"b": bean, "k": key} if key else {"b": bean}


# -- the table -------------------------------------------------------------------------------

def table_model(obs: dict[str, Any], lang: str = "en", changed: Iterable[str] = ()) -> dict[str, Any]:
    """The table one observation shows, as JSON (cards by id; see :func:`card_table`)."""
    game = obs.get("game", DEFAULT_GAME)
    rs = get_ruleset(game)
    view = rs.view.VIEW
    lang = lang if lang in LABELS else "en"
    L = LABELS[lang]
    players = []
    for p in obs["players"]:
        n = p["name"]
        hand = None if p["hand"] is None else [_card(c, f"hand:{n}:{i}") for i, c in enumerate(p["hand"], 1)]
        fields = []
        for f, cards in enumerate(p["fields"], 1):
            fd: dict[str, Any] = {"k": f"field:{n}:{f}", "n": len(cards)}
            if cards:
                top = view.field_type(cards)
                fd["b"] = top
                fd["under"] = [[c, cards.count(c)] for c in dict.fromkeys(cards) if c != top]
                fd["m"] = view.meter(top, len(cards), lang)
                fd["top"] = cards.count(top)
            fields.append(fd)
        pl: dict[str, Any] = {
            "name": n, "active": n == obs.get("active"), "coins": p["coins"], "hand": hand,
            "hs": p["hand_size"], "fields": fields,
            "pending": [_card(c, f"pending:{n}:{i}") for i, c in enumerate(p.get("pending") or [], 1)],
        }
        extra = view.player_extra(p, lang)
        if extra:
            pl["x"] = extra
        players.append(pl)
    phase = view.narration.phase_name(obs["phase"], lang)
    info = [TOUCH_MESSAGES.text("touch-info-turn", lang, turn=obs["turn"]), phase,
            TOUCH_MESSAGES.text("touch-info-deck", lang, n=obs["deck_size"]),
            TOUCH_MESSAGES.text("touch-info-passes", lang, n=obs["exhausted"], end=obs["end_at"])]
    model: dict[str, Any] = {
        "game": game, "lang": lang, "viewer": obs.get("viewer") or L["teacher"],
        "info": " · ".join(str(x) for x in info), "players": players,
        "discard": obs["discard"][-1] if obs.get("discard") else None, "nd": card_count(len(obs.get("discard") or []), lang),
        "faceup": [_card(c, f"faceup:{i}") for i, c in enumerate(obs.get("faceup") or [], 1)],
        "zone": list(obs.get("offer_zone") or []),
        "offers": [view.offer_line(o, lang) for o in obs.get("offer_list") or []],  # in words
        "wait": ", ".join(obs.get("to_move") or []),
        "chg": sorted(set(changed)),
    }
    if obs.get("scores"):
        winners = list(obs.get("winners") or [])
        model["scores"] = TOUCH_MESSAGES.text("touch-scores", lang, n=len(winners), winners=", ".join(winners),
                                              scores=", ".join(f"{k} {v}" for k, v in obs["scores"].items()))
    if view.extra_heading:
        model["xh"] = view.extra_heading.get(lang, "")
    if not obs.get("map"):
        extra = view.table_extra(obs, lang)
        if extra:
            model["x"] = extra
    return model


def labels(lang: str) -> dict[str, str]:
    """The table's fixed words in ``lang`` (headings and the front end's own words)."""
    return {**LABELS[lang if lang in LABELS else "en"], **ui_words(lang)}


# -- the map ---------------------------------------------------------------------------------

def map_of(obs: dict[str, Any], lang: str = "en", player: Optional[str] = None) -> Optional[dict[str, Any]]:
    """The game's map model for an observation, ``player``'s targets marked (None for games
    without a map): the game's view draws it (``map_model``)."""
    if not obs.get("map"):
        return None
    return _view_of(obs.get("game")).map_model(obs, lang, player)


# -- what a click does -----------------------------------------------------------------------

def keys_of(action: Any, obs: dict[str, Any], view: Any = None) -> tuple[Optional[str], Optional[str], bool]:
    """Where ``action`` is clicked: (first key, then key, whether the then-key alone also
    offers it). None when the action has no place on the table (it stays a button).

    The game says where its verbs land (its view's ``touch_keys``); ``view`` is the game's
    table view, looked up from ``obs["game"]`` when not given."""
    if view is None:
        view = _view_of(obs.get("game"))
    me = next((q for q in obs["players"] if q["name"] == action.player), None)
    return view.touch_keys(action, obs, me)


def actions_model(actions: Sequence[Any], obs: dict[str, Any], ruleset: Any, lang: str = "en",
                  show_player: bool = False) -> dict[str, Any]:
    """The legal actions as click targets: ``acts`` (label, first key, then key) and
    ``targets`` (key -> indices of the actions a click there offers)."""
    acts = []
    targets: dict[str, list[int]] = {}
    view = ruleset.view.VIEW
    for i, a in enumerate(actions):
        first, then, direct = keys_of(a, obs, view)
        label = ruleset.action_label(a, lang)
        if show_player:
            label = f"{a.player}: {label}"
        acts.append([label, first, then])
        if first:
            targets.setdefault(first, []).append(i)
        if then and direct:
            targets.setdefault(then, []).append(i)
    return {"acts": acts, "targets": targets}


def pick_keys(values: Sequence[str], player: str, faceup: Sequence[str] = ()) -> dict[str, str]:
    """The trade builder's "give" choices (``soy@2``, ``up:red``) as table keys: a click on
    that card picks it for an offer."""
    out: dict[str, str] = {}
    for v in values:
        if v.startswith("up:"):
            for i, b in enumerate(faceup, 1):
                if b == v[3:]:
                    out[f"faceup:{i}"] = v
        elif "@" in v:
            _, _, pos = v.rpartition("@")
            out[f"hand:{player}:{pos}"] = v
    return out
