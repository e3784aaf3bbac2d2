"""The Rabohnzel page in words: every section of the lesson page in English and Hungarian.

Each entry is ``{"en": ..., "hu": ...}`` (markdown) or a function of the language that
works its text out from the rules and card tables.
"""
from __future__ import annotations

from .cards import POTIONS

BACK = {"en": "[← all games](00_start.ipynb)", "hu": "[← vissza a játékokhoz](00_start.ipynb)"}


def potion_table(lang: str) -> str:
    """Every potion: its bean pennies, when it may be drunk and what it does."""
    hu = lang == "hu"
    head = ("| babfillér | bájital | mikor | hatás |" if hu else "| pennies | potion | when | effect |")
    rows = [head, "|---|---|---|---|"]
    for p in POTIONS.values():
        name, when, effect = (p.hu, p.window_hu, p.effect_hu) if hu else (p.en, p.window_en, p.effect_en)
        rows.append(f"| {p.pennies} | {name} | {when} | {effect} |")
    intro = ("És tizenegy bájital. A babfillérjeik döntik el, ki kezd, és holtversenyben ezek döntenek a végén "
             "(100 babfillér érne egy babtallért, de együtt csak 56-ot érnek)."
             if hu else
             "And eleven potions. Their bean pennies decide who starts and break ties at the end "
             "(100 pennies would be one coin, but together they are worth only 56).")
    return intro + "\n\n" + "\n".join(rows)


def _potion_heading(pid: str):
    p = POTIONS[pid]
    return lambda lang: f"**{p.hu if lang == 'hu' else p.en}**"


LESSONS = {
    "intro": {
        "en": BACK["en"] + """

# Rabohnzel, step by step

Rabohnzel is Bohnanza with magic: between planting and trading comes a **magic phase**, five of the seven bean types have an **ability** while they grow in your fields, and **potions** bend the rules for one turn. Every rule of the base game still holds, except that no 3rd field can be bought.

*The beanometers shown here are **assumed**: the rule book does not print them.*""",
        "hu": BACK["hu"] + """

# Rabohnzel lépésről lépésre

A Rabohnzel varázslatos Bohnanza: az ültetés és a kereskedés közé egy **varázslási fázis** ékelődik, a hét babfajta közül ötnek **képessége** van, amíg a babföldjeiden nő, a **bájitalok** pedig egy körre felülírják a szabályokat. Az alapjáték minden szabálya érvényes, csak 3. babföldet nem lehet venni.

*Az itt látható babmércék **feltételezettek**: a szabálykönyv nem közli őket.*""",
    },
    "cards": {
        "en": """## 1. The cards

98 bean cards of seven types. Rarer beans pay sooner; princess beans pay best, because they have no ability.""",
        "hu": """## 1. A lapok

Hétféle babból 98 lap. A ritkább babok hamarabb fizetnek; a hercegnőbab fizet a legjobban, mert nincs képessége.""",
    },
    "potions": potion_table,
    "magic_live": {
        "en": """## 2. The magic phase on a live table

Ann has planted; her fields hold mage and thief beans, and two potions lie face down in front of her. Try it: use a field (*Use field 1*), play a mage bean from her hand, activate and drink potions, then *Turn up cards* to end the magic phase. Anything the rules forbid is refused with its rule.""",
        "hu": """## 2. A varázslási fázis élő asztalon

Ann már ültetett; a babföldjein mágusbab és szedőbab nő, előtte két bájital fekszik képpel lefelé. Próbáld ki: használd egy babföld képességét (*1. babföld képessége*), játssz ki a kezéből egy mágusbabot, aktiválj és igyál meg bájitalokat, végül a *Lapok felcsapása* gombbal zárd le a varázslási fázist. Amit a szabályok tiltanak, azt a játék a szabály megnevezésével utasítja el.""",
    },
    "magic_walk": {
        "en": """## 3. A whole magic phase, with questions

Step through Ann's magic phase with *Next*; the exercises ask you first.""",
        "hu": """## 3. Egy teljes varázslási fázis, kérdésekkel

A *Tovább* gombbal lépésenként követheted Ann varázslási fázisát; a feladatok előbb téged kérdeznek meg.""",
    },
    "thief": {
        "en": """## 4. Each bean ability

**Thief** — steal the rearmost hand card of a co-player. A stolen card planted into an empty field may act at once.""",
        "hu": """## 4. A babok képességei

**Szedőbab** — elcsened egy játékostársad kezéből a leghátsó lapot. Ha az ellopott lapot üres babföldre ülteted, a képessége azonnal hathat.""",
    },
    "white": {
        "en": "**White** — draw a card; with four white beans you may plant it at once.",
        "hu": "**Fehérbab** — húzol egy lapot; négy fehérbabbal azonnal el is ültetheted.",
    },
    "mage": {
        "en": "**Mage** — activate a face-down potion (two with four mage beans). **Chasm** and **princess** have no ability; harvesting two or more chasm beans brings a potion.",
        "hu": "**Mágusbab** — aktiválsz egy képpel lefelé fekvő bájitalt (négy mágusbabbal kettőt). A **szakadékbabnak** és a **hercegnőbabnak** nincs képessége; ha legalább két szakadékbabot takarítasz be, bájitalt kapsz.",
    },
    "mean": {
        "en": "**Mean** — with four mean beans, every co-player reveals a random coin; only the most common bean type keeps it.",
        "hu": "**Aljasbab** — négy aljasbabbal minden játékostársad felfed egy véletlenszerűen húzott babtallért; csak a leggyakoribb babfajta babtallérjai maradnak a gazdájuknál.",
    },
    "sword": {
        "en": "**Sword** — draw a random coin of a co-player. A princess frees Rabohnzel (the coin is yours); a sword starts a counter-attack; a thief lets the defender steal; a mage gives an activation; anything else does nothing.",
        "hu": "**Kardbab** — húzol egy játékostársad babtallérjai közül. Ha hercegnőbab, kiszabadítod Rabohnzelt (a babtallér a tiéd); ha kardbab, ellentámadás indul; ha szedőbab, a megtámadott lophat; ha mágusbab, egy bájital aktiválását hozza; minden más esetben nem történik semmi.",
    },
    "potion_rules": {
        "en": """## 5. Each potion

A potion is drunk only face up and only in your own turn; at the end of your turn every face-up potion turns face down again.""",
        "hu": """## 5. A bájitalok egyenként

Bájitalt csak képpel felfelé és csak a saját körödben lehet meginni; a köröd végén minden felfordított bájital újra képpel lefelé kerül.""",
    },
    **{f"potion_{pid}": _potion_heading(pid) for pid in POTIONS},
    "examples": {
        "en": """## 6. Every example and rule case

The rule book's examples and our edge cases, as walkthroughs.""",
        "hu": """## 6. Minden példa és szabályeset

A szabálykönyv példái és a különleges esetek, lépésenként végigjárható formában.""",
    },
    "play": {
        "en": """## 7. Play a game against bots

You play *Ann*; the bots play the other seats. The bots use their abilities, counter-attack and drink their potions, and they *haggle*: they offer deals, answer yours, counter-offer and refuse deals that do not pay for them.""",
        "hu": """## 7. Játék gépi játékosok ellen

Te *Ann* helyén játszol, a többi helyen gépi játékosok ülnek. A gépi játékosok használják a képességeiket, ellentámadnak, megisszák a bájitalaikat, és *alkudoznak*: ajánlatot tesznek, felelnek a te ajánlataidra, ellenajánlatot tesznek, és elutasítják a nekik nem megérő cseréket.""",
    },
    "sim": {
        "en": "Twenty games between two sensible and two random bots, always the same twenty:",
        "hu": "Húsz játszma két megfontolt és két véletlenszerű gépi játékos között, mindig ugyanaz a húsz:",
    },
    "back": BACK,
}
