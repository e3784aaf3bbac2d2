"""The base game's page in words: every section of the lesson page, each a message of the
game's catalogue (codes ``lesson-…``; the other languages in ``locale/``).

Each entry reads as ``{lang: markdown}`` (:class:`~beannb.games.bohnanza.wording.Words`, the
way ``Prose`` reads it) or is
a function of the language that works its text out from the rules (so figures cannot drift
from the engine); a long section is one message, its markdown kept whole for the translator.
"""
from __future__ import annotations

from ...i18n.cast import CastName
from ...i18n.messages import NC_, Named
from .cards import CARDS, payout
from .overview import _catalogue_title
from .wording import say, worded
from .text import MESSAGES

#: The landing page, where the link back leads.
START = "00_start.ipynb"
BACK = say(NC_("lesson-back", "[← all games]({start})"), start=START)
#: The game's name as its rules catalogue gives it (one name on every page).
GAME = worded(lambda lang: _catalogue_title("bohnanza").get(lang) or "Bohnanza")


def harvest_examples(lang: str) -> str:
    """A few harvests, paid as the beanometer says."""
    # TRANSLATORS: one harvest: {n} cards of {bean} in a field; {coins} a "count-coins" message ("1 coin"),
    # {cards} a "count-cards" one (the cards that go to the discard pile).
    item = NC_("lesson-harvest-example", "{n} × {bean}: {coins}, {cards} to the discard pile")
    lines = []
    for bean, n in [("chili", 5), ("blue", 4), ("soy", 3), ("red", 1), ("garden", 2)]:
        coins = payout(bean, n)
        said = MESSAGES.say(item, n=n, bean=Named(CARDS, bean), coins=MESSAGES.message("count-coins", n=coins),
                            cards=MESSAGES.message("count-cards", n=n - coins))
        lines.append("* " + said.text(lang))
    head = MESSAGES.say(NC_("lesson-harvests-head", "Some harvests, worked out by the game:"))
    return head.text(lang) + "\n\n" + "\n".join(lines)


LESSONS: dict = {
    # TRANSLATORS: the page's opening; {back} is the link back to all games ("lesson-back"), {game} the game's name.
    "intro": say(NC_("lesson-intro", """{back}

# {game}, step by step

{game} is a card game about growing beans. You plant beans in your fields, trade away the cards you cannot use, and sell (harvest) fields for coins. The player with the most coins at the end wins.

The twist: **you may never reorder your hand.** Cards are planted in the order you hold them, so trading is how you get rid of cards that would spoil your fields.

The *English / Magyar* switch at the top changes the language of the whole page."""), back=BACK, game=GAME),
    "cards": say(NC_("lesson-cards", """## 1. The cards and the beanometer

The 1997 box has 104 cards of eight bean types. Each card shows a *beanometer*: how many cards of that type in one field pay 1, 2, 3 or 4 coins. Rarer beans pay sooner.""")),
    "harvests": harvest_examples,
    "turn": say(NC_("lesson-turn", """## 2. One turn, phase by phase

A turn has four phases: **1** plant one or two cards from the front of your hand, **2** turn up two cards and trade, **3** plant everything you received, **4** draw three cards. Step through {player}'s turn with *Next*; the exercises ask you first."""), player=CastName(0)),
    "harvest": say(NC_("lesson-harvest", """## 3. Harvesting and the lone bean

A harvest sells a whole field: as many cards as the beanometer pays become coins, the rest go to the discard pile. A field holding a single bean is protected while another of your fields has two or more.""")),
    "trading": say(NC_("lesson-trading", """## 4. Trading

Every deal involves the active player. Hands are secret, so you name your own cards exactly and ask for the other player's by type and count. Received cards are planted in phase 3, never kept.""")),
    "deck_end": say(NC_("lesson-deck-end", """## 5. Deck passes and the end

When the deck runs out, the discard pile is shuffled into a new deck. The third time it runs out, the game ends and every field is sold.""")),
    "examples": say(NC_("lesson-examples", """## 6. The rule book's examples

Every worked example of the rules, as a walkthrough.""")),
    "play": say(NC_("lesson-play", """## 7. Play a game against bots

You play *{player}*; the bots play the other seats. The bots *haggle*: in trading they offer you deals, answer yours, make counter-offers and turn down deals that do not pay for them, so try to get the cards you need. Anything you try that the rules forbid is refused with the rule's number and text. *Undo* takes back your last decision."""), player=CastName(0)),
    "lab": say(NC_("lesson-lab", """## 8. Strategy lab

How much better is a sensible player than a random one? Choose a bot for each seat and a number of games, then press *Simulate*: you get each seat's mean score, how often it won, and how the final scores spread. The *sensible* bot plants where a field's payout grows, trades away cards it cannot use and sells the field that pays most; the *random* bot picks any legal action.""")),
    "sim": say(NC_("lesson-sim", "Twenty games between two sensible and two random bots, always the same twenty:")),
}
