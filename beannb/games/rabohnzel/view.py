"""Rabohnzel's parts of the table view: potions (face down or up, per what the viewer may
know), coins as face-down cards with hidden beans, the round card, and the beanometers
marked as assumed."""
from __future__ import annotations

from html import escape

from ..bohnanza.view import LABELS, TableView
from .cards import CARDS, potion_name
from .text import NARRATION


def bean_name(bean: str, lang: str) -> str:
    return CARDS.name(bean, lang)


POTION_CSS = ("display:inline-block;padding:2px 6px;margin:1px;border-radius:10px;font-size:11px;"
              "border:1px solid #5b3fa0;")
TEXT = {
    "en": {"potions": "Potions", "down": "face down", "up": "activated", "unknown": "secret potion",
           "pennies": "bean pennies", "round": "Round card", "deck": "potion deck", "assumed": "assumed",
           "assumed_note": "Beanometers are assumed: the rule book does not print them.",
           "coins": "coins (beans hidden)", "decide": "Waiting for", "flow": "card flow running",
           "enchanted": "enchanted", "used": "ability used", "lucky": "from luck"},
    "hu": {"potions": "Bájitalok", "down": "képpel lefelé", "up": "aktiválva", "unknown": "titkos bájital",
           "pennies": "babfillér", "round": "Fordulókártya", "deck": "bájitalpakli", "assumed": "feltételezett",
           "assumed_note": "A babmércék feltételezettek: a szabálykönyv nem közli őket.",
           "coins": "babtallér (rejtett babok)", "decide": "Rá várunk", "flow": "kártyafolyam tart",
           "enchanted": "elbájolt", "used": "képesség használva", "lucky": "szerencséből"},
}


def potion_html(p: dict, lang: str) -> str:
    T = TEXT[lang]
    if p["id"] is None:
        return (f'<span class="potion potion-hidden" style="{POTION_CSS}background:#7b5b3a;color:#fff">'
                f'{T["unknown"]}</span>')
    bg = "#efe6ff" if not p["up"] else "#5b3fa0"
    fg = "#222" if not p["up"] else "#fff"
    state = T["up"] if p["up"] else T["down"]
    extra = f' · {T["lucky"]}' if p.get("lucky") else ""
    return (f'<span class="potion" data-potion="{escape(p["id"])}" data-up="{str(p["up"]).lower()}" '
            f'style="{POTION_CSS}background:{bg};color:{fg}">{escape(potion_name(p["id"], lang))} '
            f'({p["pennies"]}) <small>{state}{extra}</small></span>')


def player_extra(p: dict, lang: str) -> str:
    T = TEXT.get(lang, TEXT["en"])
    pots = " ".join(potion_html(q, lang) for q in p.get("potions", [])) or f'<span class="muted">–</span>'
    notes = []
    if any(p.get("enchanted") or []):
        notes.append(T["enchanted"] + ": " + ", ".join(str(i + 1) for i, e in enumerate(p["enchanted"]) if e))
    if p.get("used"):
        done = [str(i + 1) for i, u in enumerate(p["used"]) if u]
        if done:
            notes.append(T["used"] + ": " + ", ".join(done))
    tail = f'<br><small class="muted">{escape("; ".join(notes))}</small>' if notes else ""
    return pots + tail


def coins_cell(p: dict, lang: str) -> str:
    """The coin count, and the coins' beans where the reader may know them (the teacher)."""
    if not p.get("coin_types"):
        return str(p["coins"])
    return f'{p["coins"]}<br><small class="muted">{escape(", ".join(bean_name(b, lang) for b in p["coin_types"]))}</small>'


#: What a pending decision is about, in words (the rules' kinds of choice).
CHOICES = {
    "en": {"place": "where the card goes", "activate": "which potions to activate", "resolve": "which drawn coin to resolve",
           "counter": "whether to counter-attack", "enchant": "whether to plant the front card (enchanted)"},
    "hu": {"place": "hová kerüljön a lap", "activate": "melyik bájitalt aktiválja", "resolve": "melyik húzott babtallért hajtja végre",
           "counter": "visszatámad-e", "enchant": "elülteti-e a keze első lapját (elbájolás)"},
}


def choice_words(ch: dict, lang: str) -> str:
    kind = CHOICES.get(lang, CHOICES["en"]).get(ch["kind"], ch["kind"])
    cards = ch.get("cards") or []
    if ch["kind"] == "activate":
        names = [potion_name(c, lang) for c in cards]
    else:
        names = [bean_name(c, lang) for c in cards]
    return kind + (f' ({", ".join(names)})' if names else "")


def table_extra(obs: dict, lang: str) -> str:
    T = TEXT.get(lang, TEXT["en"])
    parts = [f'<b>{T["round"]}</b>: {obs["round"]}/{obs["end_at"]}', f'{T["deck"]}: {obs["potion_deck"]}']
    if obs.get("flow"):
        parts.append(T["flow"])
    ch = obs.get("choice")
    if ch:
        parts.append(f'{T["decide"]}: {escape(ch["player"])} — {escape(choice_words(ch, lang))}')
    note = f'<div class="muted beannb-assumed"><i>{T["assumed_note"]}</i></div>' if obs.get("beanometers_assumed") else ""
    return f'<div class="beannb-rabohnzel">{" · ".join(parts)}</div>{note}'


class RabohnzelView(TableView):
    """Potions per player, the round card, pending decisions; beanometers marked assumed."""

    cards = CARDS
    narration = NARRATION
    extra_heading = {"en": TEXT["en"]["potions"], "hu": TEXT["hu"]["potions"]}

    player_extra = staticmethod(player_extra)
    table_extra = staticmethod(table_extra)
    coins_cell = staticmethod(coins_cell)

    def meter(self, bean: str, n: int, lang: str) -> str:
        return super().meter(bean, n, lang) + f' ({TEXT[lang]["assumed"]})'


VIEW = RabohnzelView()
table_html = VIEW.table_html
