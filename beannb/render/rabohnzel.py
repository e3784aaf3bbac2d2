"""Rabohnzel's parts of the table view: potions (face down or up, per what the viewer may
know), coins as face-down cards with hidden beans, the round card, and the beanometers
marked as assumed."""
from __future__ import annotations

from html import escape

from ..i18n.narration import bean_name
from . import html as H

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
    from ..rulesets.rabohnzel.data import potion_name

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
    if p.get("coin_types") is not None:
        notes.append(", ".join(bean_name(b, lang) for b in p["coin_types"]))
    tail = f'<br><small class="muted">{escape("; ".join(notes))}</small>' if notes else ""
    return pots + tail


def table_extra(obs: dict, lang: str) -> str:
    T = TEXT.get(lang, TEXT["en"])
    parts = [f'<b>{T["round"]}</b>: {obs["round"]}/{obs["end_at"]}', f'{T["deck"]}: {obs["potion_deck"]}']
    if obs.get("flow"):
        parts.append(T["flow"])
    ch = obs.get("choice")
    if ch:
        cards = f' ({", ".join(bean_name(c, lang) for c in ch["cards"])})' if ch.get("cards") else ""
        parts.append(f'{T["decide"]}: {escape(ch["player"])} — {escape(ch["kind"])}{cards}')
    note = f'<div class="muted beannb-assumed"><i>{T["assumed_note"]}</i></div>' if obs.get("beanometers_assumed") else ""
    return f'<div class="beannb-rabohnzel">{" · ".join(parts)}</div>{note}'


def meter_line(bean: str):
    def line(n: int, lang: str) -> str:
        from ..core.cards import next_threshold, payout

        L = H.LABELS[lang]
        now = payout(bean, n)
        nxt = next_threshold(bean, n)
        return (f'{L["pays"]} {now}' + (f' · {L["next"]}: {nxt[0]}→{nxt[1]}' if nxt else "")
                + f' ({TEXT[lang]["assumed"]})')
    return line


def action_label(a, lang: str) -> str:
    from ..rulesets.rabohnzel.data import potion_name

    hu = lang == "hu"
    v = a.VERB
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
        return f"Mágusbab a kézből ({a.pos}.)" if hu else f"Play mage from hand #{a.pos}"
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


GROUPS = {
    "en": {"magic": "Magic phase", "use": "Field abilities", "play-mage": "Mage beans from the hand",
           "activate": "Activate potions", "place": "Place the card", "resolve": "Resolve a coin",
           "counter": "Counter-attack", "skip": "Pass", "flow": "Card flow", "end-turn": "End of turn",
           "consume": "Drink a potion"},
    "hu": {"magic": "Varázsfázis", "use": "Babföldek képességei", "play-mage": "Mágusbab a kézből",
           "activate": "Bájital aktiválása", "place": "A lap helye", "resolve": "Babtallér végrehajtása",
           "counter": "Visszatámadás", "skip": "Kihagyás", "flow": "Kártyafolyam", "end-turn": "A kör vége",
           "consume": "Bájital elfogyasztása"},
}


def register() -> None:
    from ..i18n.ui import ACTION_LABELS, UI
    from ..rulesets.rabohnzel.data import BEAN_IDS

    H.PLAYER_EXTRAS["rabohnzel"] = player_extra
    H.PLAYER_EXTRA_HEADINGS["rabohnzel"] = {"en": TEXT["en"]["potions"], "hu": TEXT["hu"]["potions"]}
    H.TABLE_EXTRAS["rabohnzel"] = table_extra
    for b in BEAN_IDS:
        H.METERS[b] = meter_line(b)
    for verb in ("magic", "use", "play-mage", "activate", "place", "resolve", "counter", "skip", "flow",
                 "end-turn", "consume"):
        ACTION_LABELS[verb] = action_label
    for lang, words in GROUPS.items():
        for verb, word in words.items():
            UI[lang].setdefault("group_" + verb, word)


register()
