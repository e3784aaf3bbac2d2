"""Takeover additions to the table view: text cards, protection, the response window,
and the takeover-strength comparison drawn as two fields side by side."""
from __future__ import annotations

from html import escape

from ..bohnanza.view import CSS, TableView, cards_word
from .cards import CARDS, HANDICAP, SNAP, snap_in_game
from .rules import field_type, strength
from .text import LETTER_NAMES, LETTER_NAMES_HU, NARRATION

card_name = CARDS.name
bean_name = CARDS.name

T = {
    "en": {"texts": "Text cards", "protected": "protected field", "garden": "Garden beans under the deck",
           "text_deck": "text deck", "text_discard": "used text cards", "flipped": "active-player card: harvested (back)",
           "front": "active-player card: front", "asked": "asked to copy", "defending": "deciding on a defence",
           "performers": "performed a takeover", "cards": "cards", "handicap": "handicap", "stronger": "is stronger",
           "neither": "neither is stronger", "bonus": "coins without a card"},
    "hu": {"texts": "Szöveges kártyák", "protected": "védett babföld", "garden": "kertibab a húzópakli alatt",
           "text_deck": "szöveges pakli", "text_discard": "kijátszott szöveges kártyák", "flipped": "aktív játékos kártyája: betakarított (hátoldal)",
           "front": "aktív játékos kártyája: előoldal", "asked": "másolhat", "defending": "védekezésről dönt",
           "performers": "átvételt hajtott végre", "cards": "lap", "handicap": "hendikep", "stronger": "az erősebb",
           "neither": "egyik sem erősebb", "bonus": "babtallér lap nélkül"},
}


def _snap_meter(n: int, lang: str) -> str:
    texts, coins = snap_in_game(n)
    return (f"{texts} szöveges + {coins} tallér" if lang == "hu" else f"{texts} text + {coins} coin")




def player_extra(p: dict, lang: str) -> str:
    tx = T[lang]
    if p.get("texts") is not None:
        body = " ".join(f'<span class="card" style="background:#fff;color:#333">{escape(card_name(c, lang))}</span>'
                        for c in p["texts"]) or "–"
    else:
        n = p.get("text_count", 0)
        body = f'<span class="card back">{n} {cards_word(n, lang)}</span>'
    shield = "".join(f'<div>🛡 {k}. {escape(tx["protected"])}</div>' for k in p.get("protected", []))
    bonus = f'<div class="muted">+{p["bonus"]} {escape(tx["bonus"])}</div>' if p.get("bonus") else ""
    return body + shield + bonus


def window_words(w, lang: str) -> str:
    """The response window in words: whose action may be copied, who is asked, how many copies."""
    if isinstance(w, str):
        return w
    if lang == "hu":
        return (f"{w['asked']} lemásolhatja {w['actor']} cselekedetét ({w['letter']}: {LETTER_NAMES_HU[w['letter']]}), "
                f"vagy passzolhat — másolatok: {w['copies']}/{w['limit']}")
    return (f"{w['asked']} may copy {w['actor']}'s action ({w['letter']}: {LETTER_NAMES[w['letter']]}) or pass "
            f"— {w['copies']} of {w['limit']} copies made")


def table_extra(obs: dict, lang: str) -> str:
    tx = T[lang]
    parts = [f'{escape(tx["flipped"] if obs.get("flipped") else tx["front"])}',
             f'{escape(tx["garden"])}: {obs.get("garden_under", 0)}',
             f'{escape(tx["text_deck"])}: {obs.get("text_deck", 0)}',
             f'{escape(tx["text_discard"])}: {len(obs.get("text_discard", []))}']
    if obs.get("performers"):
        parts.append(f'{escape(tx["performers"])}: {escape(", ".join(obs["performers"]))}')
    line = " · ".join(parts)
    status = ""
    if obs.get("attack"):
        at = obs["attack"]
        who = at["target"] if at["stage"] == "defend" else at["attacker"]
        status = f'<div><b>{escape(who)}</b> — {escape(tx["defending"])}</div>'
    elif obs.get("window"):
        status = f'<div class="muted">{escape(window_words(obs["window"], lang))}</div>'
    return f'<div class="muted" style="margin-top:4px">{line}</div>{status}'


class TakeoverView(TableView):
    """Text cards and protection per player, the active-player card, the response window."""

    cards = CARDS
    narration = NARRATION
    extra_heading = {"en": T["en"]["texts"], "hu": T["hu"]["texts"]}

    player_extra = staticmethod(player_extra)
    table_extra = staticmethod(table_extra)

    def meter(self, bean: str, n: int, lang: str) -> str:
        return _snap_meter(n, lang) if bean == SNAP else super().meter(bean, n, lang)

    def field_type(self, cards: list) -> str:
        return field_type(cards) or cards[-1]


VIEW = TakeoverView()
table_html = VIEW.table_html
card_html = VIEW.card


def strength_html(mine: list, theirs: list, who: tuple = ("Ann", "Bob"), bonus: int = 0, lang: str = "en") -> str:
    """Two fields side by side with their card counts and handicaps, and which is stronger
    (rule T-23: more cards win; at equal count the lower handicap)."""
    tx = T[lang]

    def column(name, cards, extra):
        t = field_type(cards)
        stack = "".join(f'<div style="margin-top:-18px">{card_html(c, lang)}</div>' for c in cards)
        return (f'<td style="text-align:center;padding:8px 18px"><b>{escape(name)}</b>'
                f'<div style="padding-top:20px">{stack}</div>'
                f'<div>{len(cards)}{f" +{extra}" if extra else ""} {tx["cards"]} · {tx["handicap"]} {HANDICAP[t]}'
                f' ({escape(bean_name(t, lang))})</div></td>')

    a, b = strength(mine, bonus), strength(theirs)
    verdict = f"{who[0]} {tx['stronger']}" if a > b else f"{who[1]} {tx['stronger']}" if b > a else tx["neither"]
    return (f'{CSS}<div class="bnb beannb-strength"><table><tr>{column(who[0], mine, bonus)}'
            f'<td style="font-size:20px;vertical-align:middle">vs</td>{column(who[1], theirs, 0)}</tr></table>'
            f'<div><b>{escape(verdict)}</b></div></div>')


