"""How the base game's table is drawn: an observation -> HTML. Cards are styled boxes with
a colour per bean type, never card art.

:class:`TableView` is the drawing every game shares; an expansion's ``view`` module
subclasses it and overrides only its parts (an extra column per player, lines under the
table, a beanometer line for its special beans), with its own card table.
"""
from __future__ import annotations

from html import escape
from typing import Any, Optional

from .cards import CARDS
from .text import NARRATION, offer_sentence

LABELS = {
    "en": {"hand": "Hand", "fields": "Fields", "coins": "Coins", "pending": "To plant", "deck": "Deck",
           "discard": "Discard pile", "faceup": "Face up", "offer": "On offer", "active": "active",
           "empty": "empty", "hidden": "hidden", "pays": "pays", "next": "next", "turn": "Turn",
           "passes": "deck passes", "offers": "Open offers", "waiting": "Waiting for", "cards": "cards",
           "teacher": "whole table", "view": "View", "scores": "Scores", "winner": "Winner",
           "sold": "every field sold at the end", "top": "top card", "card": "card"},
    "hu": {"hand": "Kéz", "fields": "Babföldek", "coins": "Babtallér", "pending": "Elültetendő", "deck": "Húzópakli",
           "discard": "Dobott lapok", "faceup": "Felfordítva", "offer": "Felkínálva", "active": "aktív",
           "empty": "üres", "hidden": "rejtett", "pays": "ér", "next": "következő", "turn": "Kör",
           "passes": "pakli-kifogyás", "offers": "Nyitott ajánlatok", "waiting": "Rá várunk", "cards": "lap",
           "teacher": "az egész asztal", "view": "Nézet", "scores": "Pontok", "winner": "Győztes",
           "sold": "a végén minden babföld termését eladta", "top": "felül", "card": "lap"},
}

def card_count(n: int, lang: str) -> str:
    """"1 card", "3 cards"; in Hungarian a noun after a number stays singular ("3 lap")."""
    L = LABELS[lang]
    return f"{n} {L['card'] if lang == 'hu' or n == 1 else L['cards']}"


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
    """ "1 card", "2 cards" (Hungarian counts take the singular: "1 lap", "2 lap")."""
    return "card" if lang != "hu" and n == 1 else LABELS[lang if lang in LABELS else "en"]["cards"]


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


class TableView:
    """The table drawn as HTML from an observation (what one seat, or the teacher, sees)."""

    cards = CARDS
    narration = NARRATION
    #: Heading of the game's extra column per player (None: no such column), by language.
    extra_heading: Optional[dict[str, str]] = None

    # -- parts an expansion overrides ------------------------------------------------------------
    def player_extra(self, p: dict, lang: str) -> str:
        return ""

    def table_extra(self, obs: dict, lang: str) -> str:
        return ""

    def meter(self, bean: str, n: int, lang: str) -> str:
        """The beanometer line under a field of ``n`` cards of ``bean``."""
        L = LABELS[lang]
        now = self.cards.payout(bean, n)
        nxt = self.cards.next_threshold(bean, n)
        return f'{L["pays"]} {now}' + (f' · {L["next"]}: {nxt[0]}→{nxt[1]}' if nxt else "")

    def offer_line(self, o: dict, lang: str) -> str:
        """An open offer in words, with its number (buttons answer it by number)."""
        head = f"{o['id']}. ajánlat" if lang == "hu" else f"Offer #{o['id']}"
        return f"{head}: " + offer_sentence(o["proposer"], o["partner"], o["give"], o["get"], lang, self.cards)

    def discard_words(self, pile, lang: str) -> str:
        """The discard pile: its top card, then how many cards it holds ("top card Chili · 3 cards";
        a bare "Chili (3)" reads as three Chili)."""
        return f"{LABELS[lang]['top']} {self.card(pile[-1], lang)} · {card_count(len(pile), lang)}"

    def coins_cell(self, p: dict, lang: str) -> str:
        """What the Coins column shows for a player (the base game: how many)."""
        return str(p["coins"])

    def field_type(self, cards: list) -> str:
        """The card that names a field's type: its top bean card."""
        beans = [c for c in cards if c in self.cards.beans]
        return beans[-1] if beans else cards[-1]

    # -- shared drawing ----------------------------------------------------------------------------
    def card(self, bean: str, lang: str = "en", extra: str = "") -> str:
        colour = self.cards.colour(bean)
        return (f'<span class="card" data-bean="{escape(bean)}" style="background:{colour};color:{text_colour(colour)}">'
                f"{escape(self.cards.name(bean, lang))}{extra}</span>")

    def back(self, n: int, lang: str) -> str:
        if n == 0:
            return f'<span class="muted">{LABELS[lang]["empty"]}</span>'
        return f'<span class="card back">{n} {cards_word(n, lang)}</span>'

    def field(self, cards: list, lang: str) -> str:
        L = LABELS[lang]
        if not cards:
            return f'<span class="field muted">{L["empty"]}</span>'
        bean = self.field_type(cards)
        others = [c for c in dict.fromkeys(cards) if c != bean]
        under = "".join(self.card(c, lang, f" ×{cards.count(c)}") + " " for c in others)
        return (f'<span class="field">{under}{self.card(bean, lang, f" ×{cards.count(bean)}")}'
                f'<br><span class="meter">{self.meter(bean, len(cards), lang)}</span></span>')

    def table_html(self, obs: dict[str, Any], lang: str = "en", changed=()) -> str:
        """The table as HTML; cells whose table path is in ``changed`` are highlighted."""
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
                fields = " ".join(self.field(f, lang) for f in p["fields"])
            pending = " ".join(self.card(c, lang) for c in p["pending"])
            cls = ' class="active"' if is_active else ""
            tag = f' <small>({L["active"]})</small>' if is_active else ""
            n = p["name"]
            extra_cell = f"<td>{self.player_extra(p, lang)}</td>" if has_extra else ""
            pending_cell = f"<td{mark(n + '.pending')}>{pending}</td>" if show_pending else ""
            rows.append(f"<tr{cls}><th>{escape(n)}{tag}</th><td{mark(n + '.fields')}>{fields}</td>"
                        f"<td{mark(n + '.hand')}>{hand}</td>{pending_cell}"
                        f"<td{mark(n + '.coins')}>{self.coins_cell(p, lang)}</td>{extra_cell}</tr>")
        extra_head = f"<th>{escape(self.extra_heading.get(lang, ''))}</th>" if has_extra else ""
        pending_head = f"<th>{L['pending']}</th>" if show_pending else ""
        head = (f"<tr><th></th><th>{L['fields']}</th><th>{L['hand']}</th>{pending_head}"
                f"<th>{L['coins']}</th>{extra_head}</tr>")
        phase = self.narration.words(lang).phase(obs["phase"])
        info = (f"<span{mark('phase')}><b>{L['turn']} {obs['turn']}</b> · {escape(phase)} · {L['deck']}: {obs['deck_size']} · "
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
        head = ("<tr><th>Bab</th><th>Lapok</th><th colspan=4>Babmérce: lapok → babtallér</th></tr>" if lang == "hu"
                else "<tr><th>Bean</th><th>Cards</th><th colspan=4>Beanometer: cards → coins</th></tr>")
        rows = []
        for b in (beans if beans is not None else self.cards.beans):
            bean = self.cards.beans[b]
            cells = "".join(f"<td>{need} → {k}</td>" if need else "<td class='muted'>–</td>"
                            for k, need in enumerate(bean.meter, start=1))
            rows.append(f"<tr><td>{self.card(b, lang)}</td><td>{bean.count}</td>{cells}</tr>")
        return f'{CSS}<div class="bnb"><table>{head}{"".join(rows)}</table></div>'


VIEW = TableView()
table_html = VIEW.table_html
card_html = VIEW.card
beans_html = VIEW.beans_html
