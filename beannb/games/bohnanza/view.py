"""How the base game's table is drawn: an observation -> HTML. Cards are styled boxes with
a colour per bean type, never card art.

:class:`TableView` is the drawing every game shares; an expansion's ``view`` module
subclasses it and overrides only its parts (an extra column per player, lines under the
table, a beanometer line for its special beans), with its own card table.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Mapping, Optional

from ...i18n import LANGS
from ...i18n.messages import PSEUDO, Messages
from .cards import CARDS
from .text import MESSAGES, NARRATION, offer_message

#: The table's labels by key, each the message "label-<key>" of the catalogue.
LABEL_KEYS = ("hand", "fields", "coins", "pending", "deck", "discard", "faceup", "offer", "active", "empty",
              "hidden", "pays", "next", "turn", "passes", "offers", "waiting", "cards", "teacher", "view",
              "scores", "winner", "sold", "top", "card")


class Labels(dict):
    """A view's words per language, from a catalogue: ``LABELS[lang]`` is a dict of key -> text
    (``codes``: key -> message code of ``messages``). English and Hungarian are its keys; the
    pseudo-language is there too (``"xx" in LABELS``), made when first asked for."""

    def __init__(self, codes: Mapping[str, str], messages: Messages = MESSAGES) -> None:
        self.codes, self.messages = codes, messages
        super().__init__((lang, self.words(lang)) for lang in LANGS)
        self._more: dict[str, dict[str, str]] = {}

    def words(self, lang: str) -> dict[str, str]:
        return {key: self.messages.text(code, lang) for key, code in self.codes.items()}

    def __missing__(self, lang: str) -> dict[str, str]:
        if lang != PSEUDO:
            raise KeyError(lang)
        if lang not in self._more:
            self._more[lang] = self.words(lang)
        return self._more[lang]

    def __contains__(self, lang: object) -> bool:
        return lang == PSEUDO or dict.__contains__(self, lang)

    def get(self, lang, default=None):
        return self[lang] if lang in self else default


LABELS = Labels({key: "label-" + key for key in LABEL_KEYS})


def card_count(n: int, lang: str) -> str:
    """"1 card", "3 cards"; in Hungarian a noun after a number stays singular ("3 lap")."""
    return MESSAGES.text("count-cards", lang, n=n)


CSS = """<style>
.bnb{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px;color:#222}
.bnb table{border-collapse:collapse;margin:4px 0}
.bnb td,.bnb th{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left}
.bnb th{background:#f5f5f0}
.bnb .card{display:inline-block;min-width:46px;padding:3px 5px;margin:1px;border-radius:5px;border:1px solid #0003;
  font-size:11px;text-align:center;box-shadow:0 1px 1px #0002}
.bnb .back{background:repeating-linear-gradient(45deg,#7b5b3a,#7b5b3a 4px,#8d6b47 4px,#8d6b47 8px);color:#fff}
.bnb .field{display:inline-block;min-width:70px;margin:2px;padding:3px;border:1px dashed #aaa;border-radius:6px;background:#fbfaf5}
.bnb .meter{font-size:10px;color:#555}
.bnb .active{background:#fff7d6}
.bnb .muted{color:#888}
.bnb .chg{outline:3px solid #f0a020;outline-offset:-2px;background:#fff3d6}
</style>"""



def cards_word(n: int, lang: str) -> str:
    """The noun after a count: "card", "cards" (Hungarian counts take the singular: "lap")."""
    return MESSAGES.text("cards-word", lang, n=n)


def text_colour(bg: str) -> str:
    """Black or white, whichever reads better on the colour ``bg`` (``#rgb`` or ``#rrggbb``)."""
    bg = bg.lstrip("#")
    if len(bg) == 3:
        bg = "".join(c * 2 for c in bg)
    try:
        r, g, b = (int(bg[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return "#000"
    return "#000" if (r * 299 + g * 587 + b * 114) / 1000 > 150 else "#fff"


# -- where an action is clicked on the touchable table ----------------------------------------
# The touchable table (``render.touch``) asks the game's view where each legal action lands:
# ``view.touch_keys(action, obs, me)`` -> (first key, then key, whether the then-key alone also
# offers it), or (None, None, False) when the action stays a button. Keys: ``hand:<player>:<n>``,
# ``pending:<player>:<n>``, ``field:<player>:<n>``, ``faceup:<n>``, ``deck``, ``hex:<pos>``,
# ``cavalry:<colour>``. Each game's view declares a table verb -> function; an expansion's
# table is its base game's merged with its own verbs.

NO_KEYS: tuple[Optional[str], Optional[str], bool] = (None, None, False)


def first_index(cards, bean) -> Optional[int]:
    """The 1-based position of the first ``bean`` in ``cards`` (None if absent)."""
    return next((i for i, c in enumerate(cards, 1) if c == bean), None)


def field_keys(action, obs: dict, me: dict) -> tuple:
    """The acting player's own field ``action.field`` is clicked."""
    return f"field:{action.player}:{action.field}", None, False


def _plant_keys(action, obs: dict, me: dict) -> tuple:
    p = action.player
    hand = me.get("hand") or []
    pending = me.get("pending") or []
    field = f"field:{p}:{action.field}" if action.field else None
    src = None
    if pending and action.bean in pending:
        src = f"pending:{p}:{first_index(pending, action.bean)}"
    elif hand and (action.bean is None or hand[0] == action.bean) and obs.get("phase") in ("plant", "turn"):
        src = f"hand:{p}:1"
    elif action.bean in (obs.get("faceup") or []):
        src = f"faceup:{first_index(obs['faceup'], action.bean)}"
    if src is None:
        return field, None, False
    return src, field, True


def _discard_keys(action, obs: dict, me: dict) -> tuple:
    i = action.pos or first_index(me.get("hand") or [], action.bean)
    return (f"hand:{action.player}:{i}", None, False) if i else NO_KEYS


#: Where one action is clicked on the touchable table: (first key, then key, whether the
#: then-key alone also offers it), from the action, the observation and the acting seat's part.
TouchKeys = Callable[[Any, dict, dict], tuple]

#: The base game's verbs on the touchable table.
TOUCH_KEYS: dict[str, TouchKeys] = {"plant": _plant_keys, "harvest": field_keys, "discard": _discard_keys}


@dataclass(frozen=True)
class FieldStudy:
    """Two fields side by side, each of a bean type and a number of cards, and one yes/no
    circumstance: what the game says of them, as HTML. The page's field lab
    (``beannb.widgets.fields``) builds its controls from this; a game's view offers one as
    its ``field_study``."""

    #: The lab's name in its page's classes (``beannb-<name>-lab``, ``beannb-<name>-view``).
    name: str
    #: In a language: the first field's and the second's headings, the card counts' label,
    #: the circumstance's.
    words: Callable[[str], tuple[str, str, str, str]]
    #: In a language: the bean types to choose from, as (label, bean).
    kinds: Callable[[str], list[tuple[str, str]]]
    #: (first field's cards, second's, whether the circumstance holds, language) -> HTML.
    html: Callable[[list, list, bool, str], str]
    #: The fields the lab starts with, (bean, cards) each.
    first: tuple[str, int]
    second: tuple[str, int]
    #: The most cards a field may hold in the lab.
    most: int = 12


class TableView:
    """The table drawn as HTML from an observation (what one seat, or the teacher, sees)."""

    cards = CARDS
    narration = NARRATION
    #: Heading of the game's extra column per player (None: no such column), by language.
    extra_heading: Optional[Mapping[str, str]] = None
    #: Where each verb's actions are clicked on the touchable table (see :data:`TOUCH_KEYS`).
    touch = TOUCH_KEYS
    #: Two fields compared, as the game's field lab shows them (None: the game has none).
    field_study: Optional[FieldStudy] = None
    #: The order of the rows of action buttons, by verb (the turn's order: planting, trading,
    #: drawing; then harvesting and buying a field, which may come at any time); other verbs
    #: come after.
    group_order: tuple[str, ...] = ("plant", "reveal", "accept", "decline", "withdraw", "end-trade", "draw", "discard",
                                    "harvest", "buy-field")

    def group_rank(self, verb: str) -> int:
        """Where the row of ``verb``'s buttons comes (see :attr:`group_order`)."""
        return self.group_order.index(verb) if verb in self.group_order else 99

    # -- parts an expansion overrides ------------------------------------------------------------
    def player_extra(self, p: dict, lang: str) -> str:
        return ""

    def table_extra(self, obs: dict, lang: str) -> str:
        return ""

    def meter(self, bean: str, n: int, lang: str) -> str:
        """The beanometer line under a field of ``n`` cards of ``bean``."""
        now = self.cards.payout(bean, n)
        nxt = self.cards.next_threshold(bean, n)
        if nxt:
            return MESSAGES.text("meter-next", lang, now=now, cards=nxt[0], coins=nxt[1])
        return MESSAGES.text("meter", lang, now=now)

    def offer_line(self, o: dict, lang: str) -> str:
        """An open offer in words, with its number (buttons answer it by number)."""
        offer = MESSAGES.message("offer-sentence", it=offer_message(o["proposer"], o["partner"], o["give"], o["get"],
                                                                      self.cards))
        return MESSAGES.text("offer-line", lang, id=o["id"], offer=offer)

    def discard_words(self, pile, lang: str) -> str:
        """The discard pile: its top card, then how many cards it holds ("top card Chili · 3 cards";
        a bare "Chili (3)" reads as three Chili)."""
        return MESSAGES.text("discard-top", lang, card=self.card(pile[-1], lang),
                             count=MESSAGES.message("count-cards", n=len(pile)))

    def coins_cell(self, p: dict, lang: str) -> str:
        """What the Coins column shows for a player (the base game: how many)."""
        return str(p["coins"])

    def field_type(self, cards: list) -> str:
        """The card that names a field's type: its top bean card."""
        beans = [c for c in cards if c in self.cards.beans]
        return beans[-1] if beans else cards[-1]

    def without_name(self, choice: str, lang: str) -> str:
        """The name of what the game's ``without`` option leaves out (a worth study's subject):
        a card's by default."""
        return self.cards.name(choice, lang)

    # -- a game's map (the base game has none) --------------------------------------------------
    def map_model(self, obs: dict, lang: str, player: Optional[str] = None) -> Optional[dict]:
        """The game's map for the touchable table as JSON, ``player``'s targets marked (None:
        the game has no map)."""
        return None

    def map_places(self, obs: dict, lang: str) -> tuple[str, list[tuple[str, str]]]:
        """What a map explorer picks from: (its heading, [(label, place)…])."""
        return "", []

    def map_why(self, obs: dict, place: str, lang: str) -> str:
        """HTML: what the map explorer says of a picked ``place`` (who can reach it, and why)."""
        return ""

    def touch_keys(self, action, obs: dict, me: Optional[dict]) -> tuple:
        """Where ``action`` is clicked on the touchable table, ``me`` being the acting player's
        entry of ``obs["players"]`` (None if absent): (first key, then key, whether the then-key
        alone also offers it); (None, None, False) when it stays a button."""
        keys = self.touch.get(action.VERB)
        return keys(action, obs, me or {}) if keys else NO_KEYS

    # -- shared drawing ----------------------------------------------------------------------------
    def card(self, bean: str, lang: str = "en", extra: str = "") -> str:
        colour = self.cards.colour(bean)
        return (f'<span class="card" data-bean="{escape(bean)}" style="background:{colour};color:{text_colour(colour)}">'
                f"{escape(self.cards.name(bean, lang))}{extra}</span>")

    def back(self, n: int, lang: str) -> str:
        if n == 0:
            return f'<span class="muted">{LABELS[lang]["empty"]}</span>'
        return f'<span class="card back">{card_count(n, lang)}</span>'

    def field(self, cards: list, lang: str, meters: bool = True) -> str:
        """A field's cards, and under them its beanometer line unless ``meters`` is False."""
        L = LABELS[lang]
        if not cards:
            return f'<span class="field muted">{L["empty"]}</span>'
        bean = self.field_type(cards)
        others = [c for c in dict.fromkeys(cards) if c != bean]
        under = "".join(self.card(c, lang, f" ×{cards.count(c)}") + " " for c in others)
        meter = f'<br><span class="meter">{self.meter(bean, len(cards), lang)}</span>' if meters else ""
        return f'<span class="field">{under}{self.card(bean, lang, f" ×{cards.count(bean)}")}{meter}</span>'

    def table_html(self, obs: dict[str, Any], lang: str = "en", changed=(), meters: bool = True) -> str:
        """The table as HTML; cells whose table path is in ``changed`` are highlighted; without
        ``meters`` no beanometer line under the fields (a printed question may ask what they say)."""
        lang = lang if lang in LABELS else "en"
        L = LABELS[lang]
        changed = set(changed)

        def mark(path: str) -> str:
            return ' class="chg"' if path in changed else ""

        has_extra = self.extra_heading is not None
        show_pending = not obs.get("no_pending")  # games without pending cards hide the column
        rows = []
        for p in obs["players"]:
            is_active = p["name"] == obs["active"]
            hand = (" ".join(self.card(c, lang) for c in p["hand"]) or f'<span class="muted">{L["empty"]}</span>') \
                if p["hand"] is not None else self.back(p["hand_size"], lang)
            if obs.get("phase") == "over" and not any(p["fields"]):
                fields = f'<span class="muted beannb-sold">{L["sold"]}</span>'  # not a row of empty fields
            else:
                fields = " ".join(self.field(f, lang, meters) for f in p["fields"])
            pending = " ".join(self.card(c, lang) for c in p["pending"])
            cls = ' class="active"' if is_active else ""
            tag = f' <small>({L["active"]})</small>' if is_active else ""
            n = p["name"]
            extra_cell = f"<td>{self.player_extra(p, lang)}</td>" if has_extra else ""
            pending_cell = f"<td{mark(n + '.pending')}>{pending}</td>" if show_pending else ""
            rows.append(f"<tr{cls}><th>{escape(n)}{tag}</th><td{mark(n + '.fields')}>{fields}</td>"
                        f"<td{mark(n + '.hand')}>{hand}</td>{pending_cell}"
                        f"<td{mark(n + '.coins')}>{self.coins_cell(p, lang)}</td>{extra_cell}</tr>")
        heading = self.extra_heading
        extra_head = f"<th>{escape(heading.get(lang, ''))}</th>" if heading is not None else ""
        pending_head = f"<th>{L['pending']}</th>" if show_pending else ""
        head = (f"<tr><th></th><th>{L['fields']}</th><th>{L['hand']}</th>{pending_head}"
                f"<th>{L['coins']}</th>{extra_head}</tr>")
        phase = self.narration.phase_name(obs["phase"], lang)
        turn = MESSAGES.text("table-turn", lang, turn=obs["turn"])
        info = (f"<span{mark('phase')}><b>{turn}</b> · {escape(phase)} · {L['deck']}: {obs['deck_size']} · "
                f"{L['passes']}: {obs['exhausted']}/{obs['end_at']} · {L['discard']}: "
                + (self.discard_words(obs["discard"], lang) if obs["discard"] else L["empty"])
                + "</span>")
        extra = ""
        if obs.get("faceup"):
            extra += f"<div{mark('faceup')}>{L['faceup']}: " + " ".join(self.card(c, lang) for c in obs["faceup"]) + "</div>"
        if obs.get("offer_zone"):
            extra += f"<div>{L['offer']}: " + " ".join(self.card(c, lang) for c in obs["offer_zone"]) + "</div>"
        if obs.get("offer_list"):
            extra += (f"<div class='beannb-offers'>{L['offers']}:<ul style='margin:0'>"
                      + "".join(f"<li>{escape(self.offer_line(o, lang))}</li>" for o in obs["offer_list"]) + "</ul></div>")
        if obs.get("to_move"):
            extra += f"<div class='muted'>{L['waiting']}: {escape(', '.join(obs['to_move']))}</div>"
        if obs.get("scores"):
            extra += (f"<div><b>{L['scores']}</b>: " + ", ".join(f"{escape(k)} {v}" for k, v in obs["scores"].items())
                      + f" · <b>{L['winner']}</b>: {escape(', '.join(obs['winners'] or []))}</div>")
        extra += self.table_extra(obs, lang)
        viewer = obs.get("viewer") or L["teacher"]
        return (f'{CSS}<div class="bnb"><div>{info} · <span class="muted">{L["view"]}: {escape(viewer)}</span></div>'
                f"<table>{head}{''.join(rows)}</table>{extra}</div>")

    def beans_html(self, beans=None, lang: str = "en") -> str:
        """The bean cards of a deck with their counts and beanometers."""
        lang = lang if lang in LABELS else "en"
        bean_head, count_head, meter_head = (escape(MESSAGES.text(code, lang))
                                             for code in ("beans-head-bean", "beans-head-cards", "beans-head-meter"))
        head = f"<tr><th>{bean_head}</th><th>{count_head}</th><th colspan=4>{meter_head}</th></tr>"
        rows = []
        for b in (beans if beans is not None else self.cards.beans):
            bean = self.cards.beans[b]
            cells = "".join(f"<td>{need} → {k}</td>" if need else "<td class='muted'>–</td>"
                            for k, need in enumerate(bean.meter, start=1))
            rows.append(f"<tr><td>{self.card(b, lang)}</td><td>{bean.count}</td>{cells}</tr>")
        return f'{CSS}<div class="bnb"><table>{head}{"".join(rows)}</table></div>'


VIEW = TableView()
table_html = VIEW.table_html
