"""The Rabohnzel page in words: every section of the lesson page, from Rabohnzel's message
catalogue (codes ``lesson-…``, declared here; English here, other languages in ``locale/``).

Each entry reads as ``{lang: markdown}`` (a catalogued message, :class:`~beannb.i18n.messages.ByLang`)
or is a function of the language that works its text out from the card tables; the button
labels a section names are the buttons' own messages, so the page says what the table shows.
"""
from __future__ import annotations

from ...i18n.cast import CastName
from ...i18n.messages import NC_, Message
from ..bohnanza.wording import check_words
from .cards import POTIONS
from .text import MESSAGES

_say = MESSAGES.say

#: The link back to the list of games.
_BACK = _say(NC_("lesson-back", "[← all games]({start})"), start="00_start.ipynb")
BACK = _BACK.by_lang()

#: When each potion may be drunk and what it does, in a few words (the potion table).
POTION_WHEN: dict[str, Message] = {
    "attack": _say(NC_("lesson-potion-when-attack", "with one use of your mean or sword field")),
    "beanfield": _say(NC_("lesson-potion-when-beanfield", "your phase 3, while planting a card")),
    "exchange": _say(NC_("lesson-potion-when-exchange", "any time in your turn")),
    "trade": _say(NC_("lesson-potion-when-trade", "phase 2, before the first deal")),
    "flow": _say(NC_("lesson-potion-when-flow", "any phase of your turn")),
    "discard": _say(NC_("lesson-potion-when-discard", "phase 2")),
    "enchant-beans": _say(NC_("lesson-potion-when-enchant-beans", "your phase 3, while planting a card")),
    "enchant-players": _say(NC_("lesson-potion-when-enchant-players", "any time in your turn")),
    "teleport": _say(NC_("lesson-potion-when-teleport", "any time in your turn, even after your last draw")),
    "hand": _say(NC_("lesson-potion-when-hand", "before your phase 4 draw")),
    "luck": _say(NC_("lesson-potion-when-luck", "any time in your turn")),
}
POTION_EFFECT: dict[str, Message] = {
    "attack": _say(NC_("lesson-potion-effect-attack",
                       "mean works from 1 bean; a sword attack draws 2 coins and you resolve 1")),
    "beanfield": _say(NC_("lesson-potion-effect-beanfield",
                          "plant the card in a new 3rd field; it vanishes at its owner's next harvest")),
    "exchange": _say(NC_("lesson-potion-effect-exchange",
                         "draw a face-down potion of a co-player and give them this card")),
    "trade": _say(NC_("lesson-potion-effect-trade",
                      "turn up a 3rd card; face-up cards you neither give away nor plant are discarded")),
    "flow": _say(NC_("lesson-potion-effect-flow",
                     "plant your front card again and again; only harvests and abilities may come between")),
    "discard": _say(NC_("lesson-potion-effect-discard", "the top card of the discard pile joins your face-up cards")),
    "enchant-beans": _say(NC_("lesson-potion-effect-enchant-beans",
                              "plant onto a field holding one bean of another type; that bean then counts as the new "
                              "type but never becomes a coin")),
    "enchant-players": _say(NC_("lesson-potion-effect-enchant-players",
                                "every co-player plants the front card of their hand; you may too")),
    "teleport": _say(NC_("lesson-potion-effect-teleport", "move one card of your hand to another place")),
    "hand": _say(NC_("lesson-potion-effect-hand",
                     "draw 4 cards instead of 3 if you made no trade or gift this turn")),
    "luck": _say(NC_("lesson-potion-effect-luck",
                     "activate the top card of the potion deck; it goes back at the end of your turn")),
}

#: The potion table's column heads.
POTION_COLUMNS = (
    _say(NC_("lesson-potions-col-pennies", "pennies")),
    _say(NC_("lesson-potions-col-potion", "potion")),
    _say(NC_("lesson-potions-col-when", "when")),
    _say(NC_("lesson-potions-col-effect", "effect")),
)



def potion_table(lang: str) -> str:
    """Every potion: its bean pennies, when it may be drunk and what it does."""
    check_words("potions without their words in the table", POTIONS, POTION_WHEN, POTION_EFFECT)
    rows = ["| " + " | ".join(c.text(lang) for c in POTION_COLUMNS) + " |", "|---|---|---|---|"]
    for p in POTIONS.values():
        rows.append(f"| {p.pennies} | {p.name(lang)} | {POTION_WHEN[p.id].text(lang)} | "
                    f"{POTION_EFFECT[p.id].text(lang)} |")
    intro = _say(NC_("lesson-potions-intro",
                     "And eleven potions. Their bean pennies decide who starts and break ties at the end (100 pennies "
                     "would be one coin, but together they are worth only {total})."),
                 total=sum(p.pennies for p in POTIONS.values()))
    return intro.text(lang) + "\n\n" + "\n".join(rows)


def _potion_heading(pid: str):
    p = POTIONS[pid]
    return lambda lang: f"**{p.name(lang)}**"


#: The buttons the live table's section names: a field's ability, and turning up the cards
#: (which ends the magic phase).
_USE_FIELD = MESSAGES.message("button-use", field=1)
_TURN_UP = MESSAGES.message("button-reveal")


LESSONS = {
    "intro": _say(NC_("lesson-intro", """{back}

# Rabohnzel, step by step

Rabohnzel is Bohnanza with magic: between planting and trading comes a **magic phase**, five of the seven bean types have an **ability** while they grow in your fields, and **potions** bend the rules for one turn. Every rule of the base game still holds, except that no 3rd field can be bought.

*The beanometers shown here are **assumed**: the rule book does not print them.*"""), back=_BACK).by_lang(),
    "cards": _say(NC_("lesson-cards", """## 1. The cards

98 bean cards of seven types. Rarer beans pay sooner; princess beans pay best, because they have no ability.""")).by_lang(),
    "potions": potion_table,
    "magic_live": _say(NC_("lesson-magic-live", """## 2. The magic phase on a live table

{player} has planted; her fields hold mage and thief beans, and two potions lie face down in front of her. Try it: use a field (*{use}*), play a mage bean from her hand, activate and drink potions, then *{turn_up}* to end the magic phase. Anything the rules forbid is refused with its rule."""),
                       player=CastName(0), use=_USE_FIELD, turn_up=_TURN_UP).by_lang(),
    "magic_walk": _say(NC_("lesson-magic-walk", """## 3. A whole magic phase, with questions

Step through {player}'s magic phase with *Next*; the exercises ask you first."""), player=CastName(0)).by_lang(),
    "thief": _say(NC_("lesson-thief", """## 4. Each bean ability

**Thief** — steal the rearmost hand card of a co-player. A stolen card planted into an empty field may act at once.""")).by_lang(),
    "white": _say(NC_("lesson-white", "**White** — draw a card; with four white beans you may plant it at once.")).by_lang(),
    "mage": _say(NC_("lesson-mage", "**Mage** — activate a face-down potion (two with four mage beans). **Chasm** and "
                                    "**princess** have no ability; harvesting two or more chasm beans brings a "
                                    "potion.")).by_lang(),
    "mean": _say(NC_("lesson-mean", "**Mean** — with four mean beans, every co-player reveals a random coin; only the "
                                    "most common bean type keeps it.")).by_lang(),
    "sword": _say(NC_("lesson-sword", "**Sword** — draw a random coin of a co-player. A princess frees Rabohnzel (the "
                                      "coin is yours); a sword starts a counter-attack; a thief lets the defender "
                                      "steal; a mage gives an activation; anything else does nothing.")).by_lang(),
    "potion_rules": _say(NC_("lesson-potion-rules", """## 5. Each potion

A potion is drunk only face up and only in your own turn; at the end of your turn every face-up potion turns face down again.""")).by_lang(),
    **{f"potion_{pid}": _potion_heading(pid) for pid in POTIONS},
    "examples": _say(NC_("lesson-examples", """## 6. Every example and rule case

The rule book's examples and our edge cases, as walkthroughs.""")).by_lang(),
    "play": _say(NC_("lesson-play", """## 7. Play a game against bots

You play *{player}*; the bots play the other seats. The bots use their abilities, counter-attack and drink their potions, and they *haggle*: they offer deals, answer yours, counter-offer and refuse deals that do not pay for them."""),
                  player=CastName(0)).by_lang(),
    "sim": _say(NC_("lesson-sim", "Twenty games between two sensible and two random bots, always the same "
                                  "twenty:")).by_lang(),
    "back": BACK,
}
