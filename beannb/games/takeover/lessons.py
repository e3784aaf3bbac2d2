"""The takeover page in words: every section of the lesson page, from the expansion's message
catalogue (codes ``lesson-…``, one markdown message per section).

Each entry reads as ``{lang: text}`` (a :class:`~beannb.i18n.messages.ByLang`) or is a
function of the language that works its text out from the rules.
"""
from __future__ import annotations

from ...i18n.cast import CastName, cast
from ...i18n.messages import NC_, Message, Named
from ..bohnanza.overview import TITLES
from .cards import CARDS, HANDICAP, SNAP, TEXT_CARDS
from .fields import stronger
from .text import MESSAGES

#: The link back to the landing page (its address is a field: no language changes it).
BACK_LINK = MESSAGES.say(NC_("lesson-back", "[← all games]({notebook})"), notebook="00_start.ipynb")

#: The rule book's strength cases: (attacker type, count), (target type, count).
STRENGTH_CASES = [(("red", 4), ("blue", 3)), (("blue", 3), ("red", 4)), (("red", 4), ("blue", 4)),
                  (("snap", 3), ("garden", 3)), (("soy", 3), ("soy", 3))]


def strength_cases(lang: str) -> str:
    """The rule book's cases, decided by the rules."""
    lines = []
    for (t1, n1), (t2, n2) in STRENGTH_CASES:
        data = dict(n1=n1, a=Named(CARDS, t1), h1=HANDICAP[t1], n2=n2, b=Named(CARDS, t2), h2=HANDICAP[t2])
        if stronger([t1] * n1, [t2] * n2):
            case = MESSAGES.say(NC_("lesson-strength-case-yes", "{n1} {a} (handicap {h1}) may take over {n2} {b} "
                                                                "(handicap {h2})"), **data)
        else:
            case = MESSAGES.say(NC_("lesson-strength-case-no", "{n1} {a} (handicap {h1}) may not take over {n2} {b} "
                                                               "(handicap {h2})"), **data)
        lines.append("* " + case.text(lang))
    head = MESSAGES.say(NC_("lesson-strength-cases", "The rule book's own cases:"))
    return head.text(lang) + "\n\n" + "\n".join(lines)


#: The two settings of the house rule on the players after the copy limit, in words.
LATE_WINDOWS: dict[str, Message] = {
    "none": MESSAGES.say(NC_("lesson-late-none", "Nobody else is asked (the default)")),
    "pass_only": MESSAGES.say(NC_("lesson-late-pass-only", "Everybody is asked, but may only pass (the house rule)")),
}


def late_windows_outcome(outcomes: dict, lang: str, player=None) -> str:
    """What the third player (``player``; the third of the page's cast by default) may do under
    each setting of the house rule on the players after the copy limit.

    ``outcomes`` maps the option value to (who is asked now, the player's legal actions, ruleset).
    """
    player = player if player is not None else cast(lang)[2]
    lines = []
    for late, (asked, actions, ruleset) in outcomes.items():
        if asked:
            who = MESSAGES.say(NC_("lesson-late-asked", "{player} is asked now"), player=asked)
        else:
            who = MESSAGES.say(NC_("lesson-late-nobody-asked", "nobody is asked"))
        if actions:
            may = MESSAGES.say(NC_("lesson-late-may", "{player} may: {actions}"), player=player,
                               actions=", ".join(ruleset.action_label(a, lang) for a in actions))
        else:
            may = MESSAGES.say(NC_("lesson-late-may-nothing", "{player} is not asked, so may do nothing"), player=player)
        setting = LATE_WINDOWS[late].text(lang) if late in LATE_WINDOWS else str(late)
        lines.append(f"* {setting}: {who.text(lang)}; {may.text(lang)}.")
    return "\n".join(lines)


def late_windows_example(scenario, lang: str) -> str:
    """The page's example of the copy limit, played in ``lang``'s example players: the first
    plays two Blue, the second copies with a Stink (the one copy of a 3-player game); what the
    third may do under each setting (:func:`late_windows_outcome`)."""
    from dataclasses import replace

    sc = scenario.in_language(lang)
    first, second, third = sc.players[:3]
    outcomes = {}
    for late in LATE_WINDOWS:
        g = replace(sc, options={**sc.options, "late_windows": late}).new_game()
        g.play_all([f"{first} play 2 blue 1", f"{second} play stink 1"])
        outcomes[late] = (g.table()["asked"], list(g.legal_actions(third)), g.ruleset)
    return late_windows_outcome(outcomes, lang, third)


LESSONS = {
    "intro": MESSAGES.say(NC_("lesson-intro", """{back}

# Hostile Takeover

The takeover expansion turns Bohnanza upside down. There is **no trading at all**. Instead:

* every player has **three fields** (two at 2 players), each starting with one bean;
* your **hand is unordered**: any card may be played;
* on your turn you take **normal actions** in any order and number: **a)** play cards of one type onto a field, **b)** merge two fields of one type, **c)** turn up a deck card onto an empty field, **d)** harvest (once per turn), **e)** take over another player's field;
* after each of your actions the others may **copy** it;
* **{n} text cards** give special actions, defend a field, or are worth 10 bean pennies at the end;
* the **{snap} bean** pays text cards rather than coins during the game."""),
                          back=BACK_LINK, n=len(TEXT_CARDS), snap=Named(CARDS, SNAP)).by_lang(),
    # The house rules themselves are described in the overview's options section; this is the
    # worked example's lead (the example shows the same moment under each setting).
    "option": MESSAGES.say(NC_("lesson-option", """### After the copy limit: one moment, two ways

Only a few players may copy an action. Whether the players after them are still asked is one of the house rules listed above, under “{options}”. Here is the same moment both ways: {a} plays two {blue}, {b} copies, and that uses the one copy of a 3-player game. What may {c} do next?"""),
                           options=TITLES["options"], blue=Named(CARDS, "blue"),
                           a=CastName(0), b=CastName(1), c=CastName(2)).by_lang(),
    "strength": MESSAGES.say(NC_("lesson-strength", """## 1. Which field is stronger?

A hostile takeover swaps one of your fields with the corresponding field of another player — but only if yours is **stronger**: more cards, and at equal count the **lower handicap** (a type's handicap is its number of cards in the deck; {snap}'s is {handicap}). Try it:"""),
                             snap=Named(CARDS, SNAP), handicap=HANDICAP[SNAP]).by_lang(),
    "strength_cases": strength_cases,
    "turn": MESSAGES.say(NC_("lesson-turn", """## 2. A turn: actions, copies, a takeover

Step through {a}'s turn. The exercises ask you first: *can {a} take over this field?* *which copies are still allowed?*"""),
                         a=CastName(0)).by_lang(),
    "text_cards": MESSAGES.say(NC_("lesson-text-cards", """## 3. The {n} text cards

Pick a card and step through a short example of it. Every text card can also be laid face down to repel a takeover of your field."""),
                               n=len(TEXT_CARDS)).by_lang(),
    "examples": MESSAGES.say(NC_("lesson-examples", """## 4. The rule book's examples

Merging, strength, defence, the copy order with {a}, {b}, {c} and {d}, deck passes with the Garden beans, the end and the scoring."""),
                             a=CastName(0), b=CastName(1), c=CastName(2), d=CastName(3)).by_lang(),
    "play": MESSAGES.say(NC_("lesson-play", """## 5. Play against bots

You play *{player}*. The buttons list every legal action, copies and defences included; when a bot takes an action you may copy it, or pass. Type anything into the box to see why the rules refuse it."""),
                         player=CastName(0)).by_lang(),
}
