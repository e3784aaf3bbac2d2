"""Observation -> HTML. Cards are styled boxes with a colour per bean type: no card art."""
from __future__ import annotations

from html import escape
from typing import Any

from ..core.cards import BEANS, next_threshold, payout
from ..i18n.narration import PHASES, bean_name

LABELS = {
    "en": {"hand": "Hand", "fields": "Fields", "coins": "Coins", "pending": "To plant", "deck": "Deck",
           "discard": "Discard pile", "faceup": "Face up", "offer": "On offer", "active": "active",
           "empty": "empty", "hidden": "hidden", "pays": "pays", "next": "next", "turn": "Turn",
           "passes": "deck passes", "offers": "Open offers", "waiting": "Waiting for", "cards": "cards",
           "teacher": "whole table", "view": "View", "scores": "Scores", "winner": "Winner"},
    "hu": {"hand": "Kéz", "fields": "Babföldek", "coins": "Babtallér", "pending": "Elültetendő", "deck": "Húzópakli",
           "discard": "Dobott lapok", "faceup": "Felfordítva", "offer": "Felkínálva", "active": "aktív",
           "empty": "üres", "hidden": "rejtett", "pays": "ér", "next": "következő", "turn": "Kör",
           "passes": "pakli-kifogyás", "offers": "Nyitott ajánlatok", "waiting": "Rá várunk", "cards": "lap",
           "teacher": "az egész asztal", "view": "Nézet", "scores": "Pontok", "winner": "Győztes"},
}

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


def _text_colour(bg: str) -> str:
    bg = bg.lstrip("#")
    r, g, b = (int(bg[i:i + 2], 16) for i in (0, 2, 4))
    return "#000" if (r * 299 + g * 587 + b * 114) / 1000 > 150 else "#fff"


def card_html(bean: str, lang: str = "en", extra: str = "") -> str:
    b = BEANS.get(bean)
    colour = b.colour if b else "#ccc"
    return (f'<span class="card" data-bean="{escape(bean)}" style="background:{colour};color:{_text_colour(colour)}">'
            f"{escape(bean_name(bean, lang))}{extra}</span>")


def back_html(n: int, lang: str) -> str:
    if n == 0:
        return f'<span class="muted">{LABELS[lang]["empty"]}</span>'
    return f'<span class="card back">{n} {LABELS[lang]["cards"]}</span>'


def field_html(cards: list[str], lang: str) -> str:
    L = LABELS[lang]
    if not cards:
        return f'<span class="field muted">{L["empty"]}</span>'
    # The field's type is its top bean card (in the base game every card is the same).
    beans = [c for c in cards if c in BEANS]
    bean = beans[-1] if beans else cards[-1]
    others = [c for c in dict.fromkeys(cards) if c != bean]
    meter_of = METERS.get(bean)
    if meter_of is not None:
        meter = meter_of(len(cards), lang)
    else:
        now = payout(bean, len(cards)) if bean in BEANS else 0
        nxt = next_threshold(bean, len(cards)) if bean in BEANS else None
        meter = f'{L["pays"]} {now}' + (f' · {L["next"]}: {nxt[0]}→{nxt[1]}' if nxt else "")
    under = "".join(card_html(c, lang, f" ×{cards.count(c)}") for c in others)
    return (f'<span class="field">{under}{card_html(bean, lang, f" ×{cards.count(bean)}")}'
            f'<br><span class="meter">{meter}</span></span>')


#: bean id -> function(count, lang) -> the beanometer line, for beans whose payout is not a
#: plain coin table (an expansion's special beans register theirs).
METERS: dict[str, Any] = {}


#: Per-game additions to the table view (rulesets register theirs; the core stays generic):
#: PLAYER_EXTRAS[game](player_observation, lang) -> HTML for an extra column per player;
#: TABLE_EXTRAS[game](observation, lang) -> HTML shown under the table.
PLAYER_EXTRAS: dict[str, Any] = {}
PLAYER_EXTRA_HEADINGS: dict[str, dict[str, str]] = {}
TABLE_EXTRAS: dict[str, Any] = {}


def table_html(obs: dict[str, Any], lang: str = "en", changed=()) -> str:
    """The table as HTML; cells whose table path is in ``changed`` are highlighted."""
    lang = lang if lang in LABELS else "en"
    L = LABELS[lang]
    changed = set(changed)

    def mark(path: str) -> str:
        return ' class="chg"' if path in changed else ""

    game = obs.get("game", "")
    player_extra = PLAYER_EXTRAS.get(game)
    show_pending = not obs.get("no_pending")  # games without pending cards hide the column
    rows = []
    for p in obs["players"]:
        is_active = p["name"] == obs["active"]
        hand = (" ".join(card_html(c, lang) for c in p["hand"]) or f'<span class="muted">{L["empty"]}</span>') \
            if p["hand"] is not None else back_html(p["hand_size"], lang)
        fields = " ".join(field_html(f, lang) for f in p["fields"])
        pending = " ".join(card_html(c, lang) for c in p["pending"])
        cls = ' class="active"' if is_active else ""
        tag = f' <small>({L["active"]})</small>' if is_active else ""
        n = p["name"]
        extra_cell = f"<td>{player_extra(p, lang)}</td>" if player_extra else ""
        pending_cell = f"<td{mark(n + '.pending')}>{pending}</td>" if show_pending else ""
        rows.append(f"<tr{cls}><th>{escape(n)}{tag}</th><td{mark(n + '.fields')}>{fields}</td>"
                    f"<td{mark(n + '.hand')}>{hand}</td>{pending_cell}"
                    f"<td{mark(n + '.coins')}>{p['coins']}</td>{extra_cell}</tr>")
    extra_head = (f"<th>{escape(PLAYER_EXTRA_HEADINGS.get(game, {}).get(lang, ''))}</th>" if player_extra else "")
    pending_head = f"<th>{L['pending']}</th>" if show_pending else ""
    head = (f"<tr><th></th><th>{L['fields']}</th><th>{L['hand']}</th>{pending_head}"
            f"<th>{L['coins']}</th>{extra_head}</tr>")
    phase = PHASES[lang].get(obs["phase"], obs["phase"])
    info = (f"<span{mark('phase')}><b>{L['turn']} {obs['turn']}</b> · {escape(phase)} · {L['deck']}: {obs['deck_size']} · "
            f"{L['passes']}: {obs['exhausted']}/{obs['end_at']} · {L['discard']}: "
            + (card_html(obs['discard'][-1], lang) + f" ({len(obs['discard'])})" if obs["discard"] else L["empty"])
            + "</span>")
    extra = ""
    if obs.get("faceup"):
        extra += f"<div{mark('faceup')}>{L['faceup']}: " + " ".join(card_html(c, lang) for c in obs["faceup"]) + "</div>"
    if obs.get("offer_zone"):
        extra += f"<div>{L['offer']}: " + " ".join(card_html(c, lang) for c in obs["offer_zone"]) + "</div>"
    if obs.get("offers"):
        extra += f"<div>{L['offers']}: " + "; ".join(escape(o) for o in obs["offers"]) + "</div>"
    if obs.get("to_move"):
        extra += f"<div class='muted'>{L['waiting']}: {escape(', '.join(obs['to_move']))}</div>"
    if obs.get("scores"):
        extra += (f"<div><b>{L['scores']}</b>: " + ", ".join(f"{escape(k)} {v}" for k, v in obs["scores"].items())
                  + f" · <b>{L['winner']}</b>: {escape(', '.join(obs['winners'] or []))}</div>")
    if game in TABLE_EXTRAS:
        extra += TABLE_EXTRAS[game](obs, lang)
    viewer = obs.get("viewer") or L["teacher"]
    return (f'{CSS}<div class="bnb"><div>{info} · <span class="muted">{L["view"]}: {escape(viewer)}</span></div>'
            f"<table>{head}{''.join(rows)}</table>{extra}</div>")


def beans_html(beans, lang: str = "en") -> str:
    """The bean cards of a deck with their counts and beanometers."""
    lang = lang if lang in LABELS else "en"
    head = ("<tr><th>Bab</th><th>Lapok</th><th colspan=4>Babmérce: lapok → babtallér</th></tr>" if lang == "hu"
            else "<tr><th>Bean</th><th>Cards</th><th colspan=4>Beanometer: cards → coins</th></tr>")
    rows = []
    for b in beans:
        bean = BEANS[b]
        cells = "".join(f"<td>{need} → {k}</td>" if need else "<td class='muted'>–</td>"
                        for k, need in enumerate(bean.meter, start=1))
        rows.append(f"<tr><td>{card_html(b, lang)}</td><td>{bean.count}</td>{cells}</tr>")
    return f'{CSS}<div class="bnb"><table>{head}{"".join(rows)}</table></div>'
