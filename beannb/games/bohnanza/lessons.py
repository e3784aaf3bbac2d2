"""The base game's page in words: every section of the lesson page in English and Hungarian.

Each entry is ``{"en": ..., "hu": ...}`` (markdown) or a function of the language that
works its text out from the rules (so figures cannot drift from the engine).
"""
from __future__ import annotations

from .cards import BEANS, CARDS, payout

BACK = {"en": "[← all games](00_start.ipynb)", "hu": "[← vissza a játékokhoz](00_start.ipynb)"}


def _count(n: int, en: str, hu: str, lang: str) -> str:
    if lang == "hu":
        return f"{n} {hu}"  # Hungarian keeps the noun singular after a number
    return f"{n} {en}{'' if n == 1 else 's'}"


def harvest_examples(lang: str) -> str:
    """A few harvests, paid as the beanometer says."""
    lines = []
    for bean, n in [("chili", 5), ("blue", 4), ("soy", 3), ("red", 1), ("garden", 2)]:
        coins = payout(bean, n)
        name = CARDS.name(bean, lang)
        if lang == "hu":
            lines.append(f"* {n} {name}: {_count(coins, '', 'babtallér', lang)}, "
                         f"{_count(n - coins, '', 'lap', lang)} a dobott lapok közé kerül")
        else:
            lines.append(f"* {n} × {name}: {_count(coins, 'coin', '', lang)}, "
                         f"{_count(n - coins, 'card', '', lang)} to the discard pile")
    head = {"en": "Some harvests, worked out by the game:",
            "hu": "Néhány betakarítás, ahogy a játék kiszámolja:"}[lang if lang == "hu" else "en"]
    return head + "\n\n" + "\n".join(lines)


LESSONS = {
    "intro": {
        "en": BACK["en"] + """

# Bohnanza, step by step

Bohnanza is a card game about growing beans. You plant beans in your fields, trade away the cards you cannot use, and sell (harvest) fields for coins. The player with the most coins at the end wins.

The twist: **you may never reorder your hand.** Cards are planted in the order you hold them, so trading is how you get rid of cards that would spoil your fields.

The *English / Magyar* switch at the top changes the language of the whole page.""",
        "hu": BACK["hu"] + """

# Bohnanza lépésről lépésre

A Bohnanza babtermesztésről szóló kártyajáték. A babokat a babföldjeidre ülteted, a számodra haszontalan lapokat elcseréled, a babföldeket pedig babtallérért eladod (betakarítod). A játék végén az nyer, akinek a legtöbb babtallérja van.

A csavar: **a kezedben tartott lapok sorrendjén soha nem változtathatsz.** A lapokat abban a sorrendben kell elültetned, ahogy a kezedben vannak, így a kereskedés az egyetlen módja, hogy megszabadulj azoktól, amelyek elrontanák a babföldjeidet.

Az oldal tetején lévő *English / Magyar* kapcsolóval az egész oldal nyelve átállítható.""",
    },
    "cards": {
        "en": """## 1. The cards and the beanometer

The 1997 box has 104 cards of eight bean types. Each card shows a *beanometer*: how many cards of that type in one field pay 1, 2, 3 or 4 coins. Rarer beans pay sooner.""",
        "hu": """## 1. A lapok és a babmérce

Az 1997-es dobozban nyolcféle babból összesen 104 lap van. Minden lapon ott a *babmérce*: megmutatja, hány ilyen lap kell egy babföldön 1, 2, 3 vagy 4 babtallérhoz. A ritkább babok hamarabb fizetnek.""",
    },
    "harvests": harvest_examples,
    "turn": {
        "en": """## 2. One turn, phase by phase

A turn has four phases: **1** plant one or two cards from the front of your hand, **2** turn up two cards and trade, **3** plant everything you received, **4** draw three cards. Step through Ann's turn with *Next*; the exercises ask you first.""",
        "hu": """## 2. Egy kör, fázisról fázisra

Egy kör négy fázisból áll: **1.** elülteted a kezed legelső egy vagy két lapját, **2.** felfordítasz két lapot, és kereskedsz, **3.** elülteted mindazt, amit kaptál, **4.** húzol három lapot. A *Tovább* gombbal lépésenként követheted Ann körét; a feladatok előbb téged kérdeznek meg.""",
    },
    "harvest": {
        "en": """## 3. Harvesting and the lone bean

A harvest sells a whole field: as many cards as the beanometer pays become coins, the rest go to the discard pile. A field holding a single bean is protected while another of your fields has two or more.""",
        "hu": """## 3. Betakarítás és a magányos bab

Betakarításkor egy egész babföldet adsz el: annyi lapból lesz babtallér, amennyit a babmérce fizet, a többi a dobott lapok közé kerül. Az egyetlen babot tartó babföld védett, amíg egy másik babföldeden kettő vagy több bab van.""",
    },
    "trading": {
        "en": """## 4. Trading

Every deal involves the active player. Hands are secret, so you name your own cards exactly and ask for the other player's by type and count. Received cards are planted in phase 3, never kept.""",
        "hu": """## 4. Kereskedés

Minden üzletnek az aktív játékos az egyik résztvevője. A kézben tartott lapok titkosak, ezért a saját lapjaidat pontosan megnevezed, a másik játékostól pedig fajta és darabszám szerint kérsz. A kapott lapokat a 3. fázisban el kell ültetni, megtartani nem lehet őket.""",
    },
    "deck_end": {
        "en": """## 5. Deck passes and the end

When the deck runs out, the discard pile is shuffled into a new deck. The third time it runs out, the game ends and every field is sold.""",
        "hu": """## 5. Ha elfogy a pakli, és a játék vége

Amikor a húzópakli elfogy, a dobott lapokat megkeverjük, és ezekből lesz az új húzópakli. Amikor harmadszor fogy el, vége a játéknak, és minden babföldet eladunk.""",
    },
    "examples": {
        "en": """## 6. The rule book's examples

Every worked example of the rules, as a walkthrough.""",
        "hu": """## 6. A szabálykönyv példái

A szabálykönyv minden kidolgozott példája, lépésenként végigjárható formában.""",
    },
    "play": {
        "en": """## 7. Play a game against bots

You play *Ann*; the bots play the other seats. The bots *haggle*: in trading they offer you deals, answer yours, make counter-offers and turn down deals that do not pay for them, so try to get the cards you need. Anything you try that the rules forbid is refused with the rule's number and text. *Undo* takes back your last decision.""",
        "hu": """## 7. Játék gépi játékosok ellen

Te *Ann* helyén játszol, a többi helyen gépi játékosok ülnek. A gépi játékosok *alkudoznak*: a kereskedésben ajánlatot tesznek neked, felelnek a te ajánlataidra, ellenajánlatot tesznek, és elutasítják a nekik nem megérő cseréket – próbáld megszerezni a lapokat, amelyekre szükséged van. Ha olyasmivel próbálkozol, amit a szabályok tiltanak, a játék a szabály számával és szövegével utasítja el. A *Visszavonás* gomb visszavonja a legutóbbi döntésedet.""",
    },
    "lab": {
        "en": """## 8. Strategy lab

How much better is a sensible player than a random one? Choose a bot for each seat and a number of games, then press *Simulate*: you get each seat's mean score, how often it won, and how the final scores spread. The *sensible* bot plants where a field's payout grows, trades away cards it cannot use and sells the field that pays most; the *random* bot picks any legal action.""",
        "hu": """## 8. Stratégialabor

Mennyivel jobb egy megfontolt játékos egy véletlenszerűen lépőnél? Válassz minden helyre egy gépi játékost, add meg a játszmák számát, majd nyomd meg a *Szimuláció* gombot: megkapod minden hely átlagpontszámát, győzelmi arányát és azt, hogyan oszlanak el a végső pontszámok. A *megfontolt* gépi játékos oda ültet, ahol a babföld értéke nő, elcseréli a számára haszontalan lapokat, és azt a babföldet adja el, amelyik a legtöbbet fizeti; a *véletlenszerű* bármelyik szabályos lépést választhatja.""",
    },
    "sim": {
        "en": "Twenty games between two sensible and two random bots, always the same twenty:",
        "hu": "Húsz játszma két megfontolt és két véletlenszerű gépi játékos között, mindig ugyanaz a húsz:",
    },
}
