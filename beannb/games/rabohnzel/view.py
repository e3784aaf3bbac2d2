"""Rabohnzel's parts of the table view: potions (face down or up, per what the viewer may
know), coins as face-down cards with hidden beans, the round card, and the beanometers
marked as assumed."""
from __future__ import annotations

from html import escape

from ..bohnanza.view import NO_KEYS, TOUCH_KEYS as BASE_TOUCH_KEYS, TableView, TouchKeys, field_keys
from ...i18n.messages import NamedList
from .cards import CARDS, POTIONS, potion_name
from .text import MESSAGES, NARRATION, POTION_NAMES


def _t(code: str, lang: str, **data) -> str:
    """One of the table's words (``view-…`` and ``choice-…`` messages) in ``lang``."""
    return MESSAGES.text(code, lang, data)


POTION_CSS = ("display:inline-block;padding:2px 6px;margin:1px;border-radius:10px;font-size:11px;"
              "border:1px solid #5b3fa0;")


def potion_html(p: dict, lang: str) -> str:
    if p["id"] is None:
        return (f'<span class="potion potion-hidden" style="{POTION_CSS}background:#7b5b3a;color:#fff">'
                f'{escape(_t("view-unknown", lang))}</span>')
    bg = "#efe6ff" if not p["up"] else "#5b3fa0"
    fg = "#222" if not p["up"] else "#fff"
    state = _t("view-up" if p["up"] else "view-down", lang)
    extra = f' · {_t("view-lucky", lang)}' if p.get("lucky") else ""
    return (f'<span class="potion" data-potion="{escape(p["id"])}" data-up="{str(p["up"]).lower()}" '
            f'style="{POTION_CSS}background:{bg};color:{fg}">{escape(potion_name(p["id"], lang))} '
            f'({p["pennies"]}) <small>{escape(state + extra)}</small></span>')


def player_extra(p: dict, lang: str) -> str:
    pots = " ".join(potion_html(q, lang) for q in p.get("potions", [])) or '<span class="muted">–</span>'
    notes = []
    if any(p.get("enchanted") or []):
        notes.append(_t("view-enchanted", lang) + ": " + ", ".join(str(i + 1) for i, e in enumerate(p["enchanted"]) if e))
    if p.get("used"):
        done = [str(i + 1) for i, u in enumerate(p["used"]) if u]
        if done:
            notes.append(_t("view-used", lang) + ": " + ", ".join(done))
    tail = f'<br><small class="muted">{escape("; ".join(notes))}</small>' if notes else ""
    return pots + tail


def coins_cell(p: dict, lang: str) -> str:
    """The coin count, and the coins' beans where the reader may know them (the teacher)."""
    if not p.get("coin_types"):
        return str(p["coins"])
    beans = ", ".join(CARDS.name(b, lang) for b in p["coin_types"])
    return f'{p["coins"]}<br><small class="muted">{escape(beans)}</small>'


def choice_words(ch: dict, lang: str) -> str:
    """What a pending decision is about, in words (the rules' kinds of choice: "choice-<kind>")."""
    code = "choice-" + str(ch["kind"])
    kind = MESSAGES.message(code) if code in MESSAGES else ch["kind"]
    cards = ch.get("cards") or []
    if not cards:
        return kind.text(lang) if not isinstance(kind, str) else kind
    names = NamedList(POTION_NAMES if ch["kind"] == "activate" else CARDS, cards)
    return f"{kind if isinstance(kind, str) else kind.text(lang)} ({names.text(lang)})"


def table_extra(obs: dict, lang: str) -> str:
    parts = [f'<b>{escape(_t("view-round", lang))}</b>: {obs["round"]}/{obs["end_at"]}',
             f'{escape(_t("view-deck", lang))}: {obs["potion_deck"]}']
    if obs.get("flow"):
        parts.append(escape(_t("view-flow", lang)))
    ch = obs.get("choice")
    if ch:
        parts.append(f'{escape(_t("view-decide", lang))}: {escape(ch["player"])} — {escape(choice_words(ch, lang))}')
    note = (f'<div class="muted beannb-assumed"><i>{escape(_t("view-assumed-note", lang))}</i></div>'
            if obs.get("beanometers_assumed") else "")
    return f'<div class="beannb-rabohnzel">{" · ".join(parts)}</div>{note}'


#: Rabohnzel's verbs on the touchable table, added to the base game's: a potion used on or
#: placed on a field, a field flowing, a mage card played from the hand.
TOUCH_KEYS: dict[str, TouchKeys] = {
    **BASE_TOUCH_KEYS, "use": field_keys, "flow": field_keys,
    "place": lambda a, obs, me: field_keys(a, obs, me) if a.field else NO_KEYS,
    "play-mage": lambda a, obs, me: (f"hand:{a.player}:{a.pos}", None, False),
}


class RabohnzelView(TableView):
    """Potions per player, the round card, pending decisions; beanometers marked assumed."""

    cards = CARDS
    narration = NARRATION
    extra_heading = MESSAGES.message("view-potions").by_lang()
    touch = TOUCH_KEYS

    player_extra = staticmethod(player_extra)
    table_extra = staticmethod(table_extra)
    coins_cell = staticmethod(coins_cell)

    def meter(self, bean: str, n: int, lang: str) -> str:
        return super().meter(bean, n, lang) + f' ({escape(_t("view-assumed", lang))})'

    def without_name(self, choice: str, lang: str) -> str:
        """A potion's name (the study option ``without`` leaves a potion out)."""
        return POTIONS[choice].name(lang) if choice in POTIONS else choice


VIEW = RabohnzelView()
table_html = VIEW.table_html
