"""The takeover page in words: every section of the lesson page in English and Hungarian.

Each entry is ``{"en": ..., "hu": ...}`` (markdown) or a function of the language that
works its text out from the rules.
"""
from __future__ import annotations

from .cards import CARDS, HANDICAP
from .rules import stronger

BACK = {"en": "[← all games](00_start.ipynb)", "hu": "[← vissza a játékokhoz](00_start.ipynb)"}

#: The rule book's strength cases: (attacker type, count), (target type, count).
STRENGTH_CASES = [(("red", 4), ("blue", 3)), (("blue", 3), ("red", 4)), (("red", 4), ("blue", 4)),
                  (("snap", 3), ("garden", 3)), (("soy", 3), ("soy", 3))]


def strength_cases(lang: str) -> str:
    """The rule book's cases, decided by the rules."""
    lines = []
    for (t1, n1), (t2, n2) in STRENGTH_CASES:
        a, b = CARDS.name(t1, lang), CARDS.name(t2, lang)
        ok = stronger([t1] * n1, [t2] * n2)
        if lang == "hu":
            verdict = "a támadó átveheti" if ok else "a támadó nem veheti át"
            lines.append(f"* {n1} {a} (hendikep {HANDICAP[t1]}) kontra {n2} {b} (hendikep {HANDICAP[t2]}): {verdict}")
        else:
            verdict = "may take over" if ok else "may not take over"
            lines.append(f"* {n1} {a} (handicap {HANDICAP[t1]}) {verdict} {n2} {b} (handicap {HANDICAP[t2]})")
    head = {"en": "The rule book's own cases:", "hu": "A szabálykönyv esetei:"}
    return head["hu" if lang == "hu" else "en"] + "\n\n" + "\n".join(lines)


#: The two settings of ``late_windows`` in words (the code is shown after them).
LATE_WINDOWS = {"none": ("Nobody else is asked", "Senkit sem kérdeznek tovább"),
                "pass_only": ("Everybody is asked, but may only pass", "Mindenkit megkérdeznek, de csak passzolhatnak")}


def late_windows_outcome(outcomes: dict, lang: str) -> str:
    """What Károly may do under each setting of ``late_windows``.

    ``outcomes`` maps the option value to (who is asked now, Károly's legal actions, ruleset).
    """
    lines = []
    for late, (asked, actions, ruleset) in outcomes.items():
        labels = ", ".join(ruleset.action_label(a, lang) for a in actions)
        if lang == "hu":
            who = f"most {asked} következik" if asked else "senkit sem kérdeznek"
            may = f"Károly lehetőségei: {labels}" if actions else "Károly nem tehet semmit, mert őt már nem kérdezik"
        else:
            who = f"{asked} is asked now" if asked else "nobody is asked"
            may = f"Károly may: {labels}" if actions else "Károly may do nothing: he is not asked"
        setting = LATE_WINDOWS.get(late, (late, late))[1 if lang == "hu" else 0]
        lines.append(f"* {setting} (`late_windows=\"{late}\"`): {who}; {may}.")
    return "\n".join(lines)


LESSONS = {
    "intro": {
        "en": BACK["en"] + """

# Hostile Takeover

The takeover expansion turns Bohnanza upside down. There is **no trading at all**. Instead:

* every player has **three fields** (two at 2 players), each starting with one bean;
* your **hand is unordered**: any card may be played;
* on your turn you take **normal actions** in any order and number: **a)** play cards of one type onto a field, **b)** merge two fields of one type, **c)** turn up a deck card onto an empty field, **d)** harvest (once per turn), **e)** take over another player's field;
* after each of your actions the others may **copy** it;
* **18 text cards** give special actions, defend a field, or are worth 10 bean pennies at the end;
* the **Snap bean** pays text cards rather than coins during the game.""",
        "hu": BACK["hu"] + """

# Ellenséges átvétel

Ez a kiegészítő a feje tetejére állítja a Bohnanzát: **egyáltalán nincs kereskedés**. Helyette:

* minden játékosnak **három babföldje** van (két játékosnál kettő), és mindegyiken eleinte egy bab áll;
* a **kezedben tartott lapok sorrendje kötetlen**: bármelyiket kijátszhatod;
* a körödben **rendes cselekedeteket** hajtasz végre tetszőleges sorrendben és számban: **a)** egyféle babból lapokat teszel egy babföldre, **b)** két egyforma babföldet egyesítesz, **c)** a húzópakli felső lapját egy üres babföldre fordítod, **d)** betakarítasz (körönként egyszer), **e)** átveszed egy másik játékos babföldjét;
* minden cselekedetedet a többiek **lemásolhatják**;
* a **18 szöveges kártya** különleges cselekedetet ad, megvéd egy babföldet, vagy a játék végén 10 babfillért ér;
* a **metszőbab** a játék közben babtallér helyett szöveges kártyát fizet.""",
    },
    "option": {
        "en": """### Option: who is asked once an action's copies are used up?

After each of your actions the others are asked in turn, clockwise, whether they copy it. Only a few may copy: one player at 2–4 players, two at 5 (in the game's very first turn, everyone). The rule book says to ask every other player, and it does not say clearly whether the players after that limit are still asked. The game has an option for it (in code `late_windows`):

* **Nobody else is asked** (the default, as in our rules spec; `late_windows="none"`): once the limit is reached, nobody else is asked, and the active player simply goes on.
* **Everybody is asked, but may only pass** (a house rule, following one reading of the rule book; `late_windows="pass_only"`): everybody is still asked, but after the limit they may only pass; while being asked they may still play text cards as special actions.

Below, the same moment both ways: Anna plays two Blue, Balázs copies, and that uses the one copy of a 3-player game. What may Károly do next?""",
        "hu": """### Beállítás: kit kérdeznek meg, ha egy cselekedet másolásai elfogytak?

Minden cselekedeted után a többieket sorban, az óramutató járása szerint megkérdezik, lemásolják-e. Csak kevesen másolhatnak: 2–4 játékosnál egy játékos, 5 játékosnál kettő (a játék legelső körében mindenki). A szabálykönyv szerint minden más játékost meg kell kérdezni, de nem mondja ki világosan, hogy a korláton túli játékosokat is kérdezni kell-e még. Erre szolgál a játék egyik beállítása (kódban `late_windows`):

* **Senkit sem kérdeznek tovább** (alapértelmezés, a szabályleírásunk szerint; `late_windows="none"`): ha a korlát betelt, senkit sem kérdeznek tovább, és az aktív játékos folytatja a körét.
* **Mindenkit megkérdeznek, de csak passzolhatnak** (házszabály, a szabálykönyv egyik olvasata szerint; `late_windows="pass_only"`): mindenkit megkérdeznek, de a korlát után már csak passzolhatnak; amíg rájuk kerül a sor, szöveges kártyát különleges cselekedetként még kijátszhatnak.

Lent ugyanaz a pillanat mindkét módon: Anna két kékbabot játszik ki, Balázs lemásolja, és ezzel a háromfős játék egyetlen másolása elfogyott. Mit tehet ezután Károly?""",
    },
    "strength": {
        "en": """## 1. Which field is stronger?

A hostile takeover swaps one of your fields with the corresponding field of another player — but only if yours is **stronger**: more cards, and at equal count the **lower handicap** (a type's handicap is its number of cards in the deck; Snap's is 4). Try it:""",
        "hu": """## 1. Melyik babföld az erősebb?

Ellenséges átvételkor az egyik babföldedet elcseréled egy másik játékos megfelelő babföldjével, de csak akkor, ha a tiéd az **erősebb**: több lap van rajta, egyenlő lapszámnál pedig az erősebb, amelyiknek **kisebb a hendikepje** (egy babfajta hendikepje a pakliban lévő lapjainak száma; a metszőbabé 4). Próbáld ki:""",
    },
    "strength_cases": strength_cases,
    "turn": {
        "en": """## 2. A turn: actions, copies, a takeover

Step through Anna's turn. The exercises ask you first: *can Anna take over this field?* *which copies are still allowed?*""",
        "hu": """## 2. Egy kör: cselekedetek, másolások, egy átvétel

Kövesd végig lépésenként Anna körét. A feladatok előbb téged kérdeznek: *átveheti-e Anna ezt a babföldet?* *mely másolások szabályosak még?*""",
    },
    "text_cards": {
        "en": """## 3. The 18 text cards

Pick a card and step through a short example of it. Every text card can also be laid face down to repel a takeover of your field.""",
        "hu": """## 3. A 18 szöveges kártya

Válassz egy kártyát, és lépkedj végig egy rövid példán. Bármelyik szöveges kártyát képpel lefelé le is teheted, hogy elhárítsd a babföldedre irányuló átvételt.""",
    },
    "examples": {
        "en": """## 4. The rule book's examples

Merging, strength, defence, the copy order with Anna, Balázs, Károly and Dóra, deck passes with the Garden beans, the end and the scoring.""",
        "hu": """## 4. A szabálykönyv példái

Összevonás, erősség, védekezés, a másolás sorrendje Annával, Balázzsal, Károllyal és Dórával, a pakli kifogyása a kertibabokkal, a játék vége és a pontozás.""",
    },
    "play": {
        "en": """## 5. Play against bots

You play *Ann*. The buttons list every legal action, copies and defences included; when a bot takes an action you may copy it, or pass. Type anything into the box to see why the rules refuse it.""",
        "hu": """## 5. Játék gépi játékosok ellen

Te *Ann* helyén játszol. A gombok minden szabályos lépést felsorolnak, a másolásokat és a védekezéseket is; ha egy gépi játékos cselekszik, lemásolhatod, vagy passzolhatsz. Bármit beírhatsz a mezőbe, és megtudod, miért utasítják el a szabályok.""",
    },
}
