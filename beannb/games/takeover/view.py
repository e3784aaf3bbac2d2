"""Takeover additions to the table view: text cards, protection, the response window,
and the takeover-strength comparison drawn as two fields side by side. Every word comes from
the expansion's message catalogue (``text.MESSAGES``)."""
from __future__ import annotations

from html import escape

from ...i18n.messages import NC_, Messages, Named, locale_dir
from ..bohnanza.view import (
    CSS, TOUCH_KEYS as BASE_TOUCH_KEYS, FieldStudy, TableView, TouchKeys, field_keys, first_index,
)
from .cards import BEAN_TYPES, CARDS, HANDICAP, SNAP, snap_in_game
from .fields import field_type, strength
from .text import MESSAGES, NARRATION, letter_name


def _say(code: str, lang: str, **data) -> str:
    return MESSAGES.text(code, lang, data)


def _snap_meter(n: int, lang: str) -> str:
    texts, coins = snap_in_game(n)
    return _say("view-snap-meter", lang, texts=texts, coins=coins)


#: The mark of a protected field: a small shield of our own drawing (an emoji shield is a
#: missing-glyph box where no emoji font is installed).
SHIELD = ('<svg class="beannb-shield" width="11" height="13" viewBox="0 0 11 13" aria-hidden="true" '
          'style="vertical-align:-2px"><path d="M5.5 .8 10.2 2.6V6.4c0 2.9-2.1 4.9-4.7 5.8C2.9 11.3.8 9.3.8 '
          '6.4V2.6z" fill="#6f8fbf" stroke="#2f4f7f" stroke-width="1"/></svg>')


def player_extra(p: dict, lang: str) -> str:
    if p.get("texts") is not None:
        body = " ".join(f'<span class="card" style="background:#fff;color:#333">{escape(CARDS.name(c, lang))}</span>'
                        for c in p["texts"]) or "–"
    else:
        n = p.get("text_count", 0)
        body = f'<span class="card back">{escape(_say("view-text-count", lang, n=n))}</span>'
    shield = "".join(f'<div>{SHIELD} {k}. {escape(_say("view-protected", lang))}</div>' for k in p.get("protected", []))
    bonus = f'<div class="muted">{escape(_say("view-bonus", lang, n=p["bonus"]))}</div>' if p.get("bonus") else ""
    return body + shield + bonus


def window_words(w, lang: str) -> str:
    """The response window in words: whose action may be copied, who is asked, how many copies."""
    if isinstance(w, str):
        return w
    return _say("view-window", lang, asked=w["asked"], actor=w["actor"], letter=w["letter"],
                name=letter_name(w["letter"]), copies=w["copies"], limit=w["limit"])


def table_extra(obs: dict, lang: str) -> str:
    parts = [f'{escape(_say("view-flipped" if obs.get("flipped") else "view-front", lang))}',
             f'{escape(_say("view-garden", lang))}: {obs.get("garden_under", 0)}',
             f'{escape(_say("view-text-deck", lang))}: {obs.get("text_deck", 0)}',
             f'{escape(_say("view-text-discard", lang))}: {len(obs.get("text_discard", []))}']
    if obs.get("performers"):
        parts.append(f'{escape(_say("view-performers", lang))}: {escape(", ".join(obs["performers"]))}')
    line = " · ".join(parts)
    status = ""
    if obs.get("attack"):
        at = obs["attack"]
        defend = at["stage"] == "defend"  # T-25: the target decides; then the attacker may overrule (T-46)
        who = at["target"] if defend else at["attacker"]
        doing = _say("view-defending" if defend else "view-answering", lang)
        status = f'<div><b>{escape(who)}</b> — {escape(doing)}</div>'
    elif obs.get("window"):
        status = f'<div class="muted">{escape(window_words(obs["window"], lang))}</div>'
    return f'<div class="muted" style="margin-top:4px">{line}</div>{status}'


def _play_keys(action, obs: dict, me: dict) -> tuple:
    """Same-type cards played from the hand onto a field: the card, then the field."""
    i = first_index(me.get("hand") or [], action.bean)
    field = f"field:{action.player}:{action.field}"
    return (f"hand:{action.player}:{i}", field, True) if i else (field, None, False)


#: Takeover's verbs on the touchable table, added to the base game's.
TOUCH_KEYS: dict[str, TouchKeys] = {
    **BASE_TOUCH_KEYS, "play": _play_keys,
    **dict.fromkeys(("extra-harvest", "turn-up", "joker", "pirate-raid"), field_keys),
    "takeover": lambda a, obs, me: (f"field:{a.target}:{a.field}", None, False),
    "merge": lambda a, obs, me: (f"field:{a.player}:{a.src}", f"field:{a.player}:{a.dst}", False),
    "swap-fields": lambda a, obs, me: (f"field:{a.owner}:{a.a}", f"field:{a.owner}:{a.b}", False),
}


#: The strength lab's words: which of two fields is stronger (T-23, T-44).
STRENGTH_MESSAGES = Messages("takeover", locale_dir(__file__), [
    NC_("strength-attacker", "Attacker"),
    NC_("strength-target", "Target"),
    # TRANSLATORS: a slider's label: how many cards a field holds
    NC_("strength-cards", "cards"),
    NC_("strength-mighty", "Mighty Field (+1 card)"),
])


def strength_words(lang: str) -> tuple[str, str, str, str]:
    """The strength lab's labels in ``lang``: attacker, target, the cards' slider, the Mighty Field box."""
    return tuple(STRENGTH_MESSAGES.text("strength-" + k, lang)  # type: ignore[return-value]
                 for k in ("attacker", "target", "cards", "mighty"))


def _strength_lab_html(mine: list, theirs: list, mighty: bool, lang: str) -> str:
    """The attacker's field against the target's, the attacker's a Mighty Field or not (T-44)."""
    a, b, _, _ = strength_words(lang)
    return strength_html(mine, theirs, (a, b), 1 if mighty else 0, lang)


#: Compare two fields' strength (T-23), the attacker's a Mighty Field or not (T-44).
STRENGTH_STUDY = FieldStudy(
    name="strength", words=strength_words, html=_strength_lab_html, first=("red", 4), second=("blue", 3),
    kinds=lambda lang: [(f"{CARDS.name(t, lang)} ({HANDICAP[t]})", t) for t in BEAN_TYPES])


class TakeoverView(TableView):
    """Text cards and protection per player, the active-player card, the response window."""

    cards = CARDS
    narration = NARRATION
    extra_heading = MESSAGES.message("text-cards").by_lang()
    touch = TOUCH_KEYS
    field_study = STRENGTH_STUDY

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

    def column(name, cards, extra):
        t = field_type(cards)
        assert t is not None, "a field compared in strength has a bean card"  # T-23 compares planted fields
        stack = "".join(f'<div style="margin-top:-18px">{card_html(c, lang)}</div>' for c in cards)
        count = f"{len(cards)} +{extra}" if extra else f"{len(cards)}"
        line = _say("view-strength", lang, count=count, n=len(cards) + extra, handicap=HANDICAP[t],
                    bean=Named(CARDS, t))
        return (f'<td style="text-align:center;padding:8px 18px"><b>{escape(name)}</b>'
                f'<div style="padding-top:20px">{stack}</div>'
                f'<div>{escape(line)}</div></td>')

    a, b = strength(mine, bonus), strength(theirs)
    verdict = (_say("view-stronger", lang, player=who[0]) if a > b else _say("view-stronger", lang, player=who[1])
               if b > a else _say("view-neither", lang))
    return (f'{CSS}<div class="bnb beannb-strength"><table><tr>{column(who[0], mine, bonus)}'
            f'<td style="font-size:20px;vertical-align:middle">{escape(_say("view-versus", lang))}</td>'
            f'{column(who[1], theirs, 0)}</tr></table>'
            f'<div><b>{escape(verdict)}</b></div></div>')
