"""Takeover additions to the table view: text cards, protection, the response window,
and the takeover-strength comparison drawn as two fields side by side."""
from __future__ import annotations

from html import escape

from ..i18n.cardnames import name as card_name
from ..i18n.narration import bean_name
from .html import CSS, METERS, PLAYER_EXTRAS, PLAYER_EXTRA_HEADINGS, TABLE_EXTRAS, card_html

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
    from ..rulesets.takeover_cards import snap_in_game
    texts, coins = snap_in_game(n)
    return (f"{texts} szöveges + {coins} tallér" if lang == "hu" else f"{texts} text + {coins} coin")


METERS["snap"] = _snap_meter


def player_extra(p: dict, lang: str) -> str:
    tx = T[lang]
    if p.get("texts") is not None:
        body = " ".join(f'<span class="card" style="background:#fff;color:#333">{escape(card_name(c, lang))}</span>'
                        for c in p["texts"]) or "–"
    else:
        body = f'<span class="card back">{p.get("text_count", 0)} {tx["cards"]}</span>'
    shield = "".join(f'<div>🛡 {k}. {escape(tx["protected"])}</div>' for k in p.get("protected", []))
    bonus = f'<div class="muted">+{p["bonus"]} {escape(tx["bonus"])}</div>' if p.get("bonus") else ""
    return body + shield + bonus


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
        status = f'<div class="muted">{escape(obs["window"])}</div>'
    return f'<div class="muted" style="margin-top:4px">{line}</div>{status}'


PLAYER_EXTRAS["takeover"] = player_extra
PLAYER_EXTRA_HEADINGS["takeover"] = {"en": T["en"]["texts"], "hu": T["hu"]["texts"]}
TABLE_EXTRAS["takeover"] = table_extra


def strength_html(mine: list, theirs: list, who: tuple = ("Ann", "Bob"), bonus: int = 0, lang: str = "en") -> str:
    """Two fields side by side with their card counts and handicaps, and which is stronger
    (rule T-23: more cards win; at equal count the lower handicap)."""
    from ..rulesets.takeover import field_type, strength
    from ..rulesets.takeover_cards import HANDICAP

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


# -- button labels for the expansion's actions ------------------------------------------------
def _register_labels() -> None:
    from ..i18n.ui import ACTION_LABELS
    from ..rulesets import takeover_actions as ta

    def att(a, lang):
        return "".join(f" + {card_name(x.split('@')[0], lang)}" for x in a.attach)

    hu = lambda lang: lang == "hu"  # noqa: E731
    ACTION_LABELS[ta.Play] = lambda a, l: (f"{a.count} {bean_name(a.bean, l)} → {a.field}. babföld" if hu(l)
                                           else f"{a.count} × {bean_name(a.bean, l)} → field {a.field}") + att(a, l)
    ACTION_LABELS[ta.Merge] = lambda a, l: (f"{a.src}. → {a.dst}. babföld egyesítése" if hu(l) else f"Merge field {a.src} onto {a.dst}") + att(a, l)
    ACTION_LABELS[ta.TurnUp] = lambda a, l: f"Felcsapás a(z) {a.field}. babföldre" if hu(l) else f"Turn up onto field {a.field}"
    ACTION_LABELS[ta.THarvest] = lambda a, l: (f"{a.field}. babföld betakarítása" if hu(l) else f"Harvest field {a.field}") + att(a, l)
    ACTION_LABELS[ta.ExtraHarvest] = lambda a, l: (f"További betakarítás: {a.field}. babföld" if hu(l) else f"Extra Harvest: field {a.field}") + att(a, l)
    ACTION_LABELS[ta.Takeover] = lambda a, l: (
        (f"Átvétel: {a.target} {a.field}. babföldje" if hu(l) else f"Take over {a.target}'s field {a.field}")
        + (f" ({a.using}.)" if a.using and hu(l) else f" (with {a.using})" if a.using else "") + att(a, l))
    simple = {ta.Pass: ("Passz", "Pass"), ta.Allow: ("Átengedem", "Let it happen"), ta.Overrule: ("Erős átvétel!", "Strong Takeover!"),
              ta.Concede: ("Belenyugszom", "Accept the defence"), ta.EndTurn: ("Kör vége", "End turn"),
              ta.ExtraCard: ("Plusz kártya", "Extra Card"), ta.FinalPlanting: ("Kijátszás a játék végén", "Final Planting"),
              ta.SevenNewCards: ("Hét új babkártya", "Seven New Cards")}
    for cls, (h, e) in simple.items():
        ACTION_LABELS[cls] = (lambda h, e: (lambda a, l: h if hu(l) else e))(h, e)
    ACTION_LABELS[ta.Defend] = lambda a, l: f"Védekezés: {card_name(a.card, l)}" if hu(l) else f"Defend with {card_name(a.card, l)}"
    ACTION_LABELS[ta.SwapFields] = lambda a, l: (f"Babföldcsere: {a.owner} {a.a}↔{a.b}" if hu(l) else f"Field Swap: {a.owner} {a.a}↔{a.b}")
    ACTION_LABELS[ta.SwapHands] = lambda a, l: (f"Kézcsere {a.other} játékossal" if hu(l) else f"Hand Swap with {a.other}")
    ACTION_LABELS[ta.PlaceJoker] = lambda a, l: (f"Dzsókerbab a(z) {a.field}. babföldre" if hu(l) else f"Joker Bean on field {a.field}")
    ACTION_LABELS[ta.PirateRaid] = lambda a, l: (f"Kalóztámadás: {a.field}. babföld" if hu(l) else f"Pirate Raid with field {a.field}")
    ACTION_LABELS[ta.SeedTrade] = lambda a, l: ((f"Vetőmag-kereskedelem ({bean_name(a.coin, l)} tallér, " + ("új lapok)" if a.redraw else "megtart)")) if hu(l)
                                               else f"Seed Trade ({bean_name(a.coin, l)} to coins, " + ("redraw)" if a.redraw else "keep)"))


_register_labels()


def _register_groups() -> None:
    from ..i18n.ui import UI

    groups = {"play": ("Play from hand", "Kijátszás a kézből"), "merge": ("Merge", "Egyesítés"),
              "turn-up": ("Turn up", "Felcsapás"), "takeover": ("Hostile takeover", "Ellenséges átvétel"),
              "pass": ("Copy or pass", "Másolás vagy passz"), "allow": ("Defence", "Védekezés"),
              "defend": ("Defence", "Védekezés"), "overrule": ("After the defence", "A védekezés után"),
              "concede": ("After the defence", "A védekezés után"), "end-turn": ("Turn", "Kör"),
              "extra-harvest": ("Text cards", "Szöveges kártyák"), "extra-card": ("Text cards", "Szöveges kártyák"),
              "final-planting": ("Text cards", "Szöveges kártyák"), "seven-new-cards": ("Text cards", "Szöveges kártyák"),
              "swap-fields": ("Text cards", "Szöveges kártyák"), "swap-hands": ("Text cards", "Szöveges kártyák"),
              "joker": ("Text cards", "Szöveges kártyák"), "pirate-raid": ("Text cards", "Szöveges kártyák"),
              "seed-trade": ("Text cards", "Szöveges kártyák")}
    for verb, (en, hu) in groups.items():
        UI["en"].setdefault(f"group_{verb}", en)
        UI["hu"].setdefault(f"group_{verb}", hu)


_register_groups()
