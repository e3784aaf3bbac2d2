"""The base game at a glance, and its glossary.

What a good rule book says on its first page, built from the ruleset's own tables so that
it follows them: the cards (``cards.py``), the player counts and what each player is dealt
(the edition profiles, by running the ruleset's setup), the phases of a turn (``PHASES``
with their names from ``text.py``), the end, scoring and ties, and the options in force.
Every line cites the rule ids it states (``beannb/data/rules/bohnanza.yaml``); where a fact
is only in the catalogue's prose (a tie-break), the line cites that rule and says it in the
catalogue's words. The expansions build theirs with the helpers here and the words of
:mod:`.wording`.

Every word of it is a message of the game's catalogue (``MESSAGES``, codes ``ov-…``), read in
the reader's language as :class:`Words` (a mapping language -> text that also goes into
another message as a value); the figures the rules give (counts, prices, card names) are the
messages' fields.

Texts are words in the reader's language; what one would type (an option's name and value,
a command) is marked as code between backticks, and the pages show it as code:

>>> ov = overview()
>>> ov.section("players").lines[0].text["en"]
'3–5 players with this edition (the 1997 Amigo box, the default).'
>>> ov.section("options").lines[0].text["hu"].split(" — ")[1]
'az Amigo 1997-es doboza (alapértelmezés)'
>>> term = ov.term("deck-pass"); term.name["hu"], term.rules
('pakli-kifogyás', ('B-37', 'B-38'))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, Union

from ...i18n.messages import NC_, NPC_, Message
from .text import MESSAGES, _ordinal
from ...i18n import LANGS
from .wording import (
    Words, as_words, at_players_words, bean_list_words, capital, coins_words, group, in_lang, players_words, say, span,
    varying_words, worded,
)
from .wording import ordinal_words  # noqa: F401  (the expansions' overviews import it here)

#: Player names for the setups the overview runs (any valid names would do).
SEATS = ("Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus")


# --------------------------------------------------------------------------------------
# The data an overview is made of
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """One statement, in English and Hungarian, with the rule ids it comes from. ``key``
    names what the line covers (``phase:trade``, ``option:profile``) for the checks."""

    text: Mapping[str, str]
    rules: tuple[str, ...]
    key: str = ""
    #: A shorter form for the printed page (an option's short name and value), if any.
    brief: Optional[Mapping[str, str]] = None
    #: What a teacher types to get this (an option as written when a game starts: profile="RIO_GRANDE"):
    #: shown in the page's closed "For teachers" fold, never in the learner's text.
    setting: str = ""

    def __post_init__(self) -> None:
        if not all(self.text.get(lang) for lang in LANGS):
            raise ValueError(f"overview line {self.key or self.text!r} needs English and Hungarian text")
        if not self.rules:
            raise ValueError(f"overview line {self.key or self.text['en']!r} cites no rule")


@dataclass(frozen=True)
class Section:
    key: str
    title: Mapping[str, str]
    lines: tuple[Line, ...]
    note: Optional[Mapping[str, str]] = None  # a remark that states no rule
    #: For teachers only (how options are set, in Python or on the command line): the page keeps
    #: it in a closed fold with the lines' settings.
    teacher: Optional[Mapping[str, str]] = None


@dataclass(frozen=True)
class Term:
    """A glossary entry: the term, what it means, its rules, and ``forms``: the words (per
    language, lower case) by which labels and narration use it; a form matches at the start
    of a word ("babföld" matches "babföldek")."""

    key: str
    name: Mapping[str, str]
    text: Mapping[str, str]
    rules: tuple[str, ...]
    forms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not all(self.name.get(lang) and self.text.get(lang) for lang in LANGS) or not self.rules:
            raise ValueError(f"glossary term {self.key!r} needs a name and text in both languages and a rule")


def _keyed(items: Iterable[Any], key: str) -> Any:
    """The item whose ``key`` is ``key`` (a KeyError if none is)."""
    for item in items:
        if item.key == key:
            return item
    raise KeyError(key)


@dataclass(frozen=True)
class Overview:
    """A game at a glance: ``sections`` of lines and the ``glossary``, for ``options``."""

    game: str
    title: Mapping[str, str]
    options: Mapping[str, Any]
    sections: tuple[Section, ...]
    glossary: tuple[Term, ...]

    def section(self, key: str) -> Section:
        return _keyed(self.sections, key)

    def lines(self) -> Iterator[Line]:
        for s in self.sections:
            yield from s.lines

    def keys(self) -> set[str]:
        return {ln.key for ln in self.lines() if ln.key}

    def term(self, key: str) -> Term:
        return _keyed(self.glossary, key)

    def rule_ids(self) -> set[str]:
        return {r for ln in self.lines() for r in ln.rules} | {r for t in self.glossary for r in t.rules}


@dataclass(frozen=True)
class Reference:
    """A list for the game's page, below the overview: each entry a name and its full text with
    the rules it rests on (every text card, potion or territory, the beanometers, the questions
    the rules decide). Entries are :class:`Term` values; they are not glossary terms."""

    key: str
    title: Mapping[str, str]
    entries: tuple[Term, ...]
    note: Optional[Mapping[str, str]] = None  # a remark above the entries that states no rule

    def entry(self, key: str) -> Term:
        return _keyed(self.entries, key)


#: Words from a catalogue: a message, or a message read by language (e.g. :func:`say`).
Said = Union[Mapping[str, str], Message]


def by_lang(words: Said) -> Mapping[str, str]:
    """Words read as ``{lang: text}`` (a message by its ``by_lang``, a mapping as it is)."""
    return words.by_lang() if isinstance(words, Message) else words


def _by_lang(words: Optional[Said]) -> Optional[Mapping[str, str]]:
    return None if words is None else by_lang(words)


def centry(key: str, name: Said, text: Said, *rules: str) -> Term:
    """One entry of a :class:`Reference` list whose name and text come from a catalogue."""
    return Term(key, by_lang(name), by_lang(text), tuple(rules))


def creference_list(key: str, title: Said, entries, note: Optional[Said] = None) -> Reference:
    """A :class:`Reference` list whose title (and note) come from a catalogue."""
    return Reference(key, by_lang(title), tuple(entries), _by_lang(note))


#: The title of the list of questions the rules decide (each game's own questions).
DECIDED = say(NC_("ov-decided", "Questions the rules decide"))


def game_title(ruleset) -> dict[str, str]:
    """The game's name in each language as its rules catalogue gives it (``title`` of
    ``beannb/data/rules/<game>.yaml``), so that the page heading, the printed summary and the
    lessons call the game by one name; the ruleset's own title where the catalogue has none."""
    return {**ruleset.title, **_catalogue_title(ruleset.name)}


def _catalogue_title(game: str) -> dict[str, str]:
    from ...i18n.catalogue import game_title

    return dict(game_title(game))


def cline(key: str, text: Said, *rules: str, brief: Optional[Said] = None, setting: str = "") -> Line:
    """A line whose words come from a catalogue: ``text`` is a message
    (``MESSAGES.say(NC_("ov-box-deck", "…"), n=104)``), or one read by language (:func:`say`)."""
    return Line(by_lang(text), tuple(rules), key, _by_lang(brief), setting)


def cterm(key: str, name: Said, text: Said, rules: Sequence[str], en_forms: Sequence[str] = (),
          hu_forms: Sequence[str] = ()) -> Term:
    """A glossary term whose name and text come from a catalogue (each a message, or one read by
    language); ``en_forms``/``hu_forms`` are the further word forms the checks match."""
    name = by_lang(name)
    return Term(key, name, by_lang(text), tuple(rules),
                {"en": tuple(f.lower() for f in (name["en"], *en_forms)),
                 "hu": tuple(f.lower() for f in (name["hu"], *hu_forms))})


#: Section keys and titles, in the order a page shows them.
TITLES: dict[str, Words] = {
    "box": say(NC_("ov-title-box", "What is in the box")),
    "players": say(NC_("ov-title-players", "Players and setup")),
    "turn": say(NC_("ov-title-turn", "A turn, in order")),
    "end": say(NC_("ov-title-end", "The end of the game")),
    "scoring": say(NC_("ov-title-scoring", "Scoring and ties")),
    "options": say(NC_("ov-title-options", "Edition and house rules in force")),
}


def section(key: str, lines: Iterable[Line], note: Optional[Said] = None,
            teacher: Optional[Mapping[str, str]] = None) -> Section:
    return Section(key, TITLES[key], tuple(lines), _by_lang(note), teacher)


# --------------------------------------------------------------------------------------
# What setup deals: run the ruleset's own setup
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Dealt:
    """What the ruleset's setup gives ``n`` players: hand sizes from the start player
    clockwise, bean fields each, cards left in the deck."""

    n: int
    hands: tuple[int, ...]
    fields: int
    deck: int
    state: Any = field(compare=False, repr=False)


def dealt(ruleset, n: int, options: Optional[Mapping[str, Any]] = None, seed: int = 0) -> Dealt:
    state = ruleset.setup(list(SEATS[:n]), seed, dict(options or {}))
    start = state.start_seat
    hands = tuple(len(state.players[(start + k) % n].hand) for k in range(n))
    fields = {len(p.fields) for p in state.players}
    if len(fields) != 1:  # pragma: no cover - every built-in game deals equal fields
        raise ValueError(f"{ruleset.name}: players start with different numbers of fields")
    return Dealt(n, hands, fields.pop(), len(state.deck), state)


def deal_message(hands: Sequence[int]) -> Words:
    """What everyone is dealt, as a clause ('everyone is dealt 5 cards' / 'mindenki 5 lapot
    kap'); uneven deals name the start player and the next players clockwise."""
    if len(set(hands)) == 1:
        return say(NPC_("ov-deal-even", "everyone is dealt {n} card", "everyone is dealt {n} cards"), n=hands[0])
    firsts = [hands[0]]
    for k in range(1, len(hands)):
        if hands[k] == hands[-1]:
            break
        firsts.append(hands[k])
    # TRANSLATORS: {firsts} is a list of numbers ("3, 4, 5"): the cards the start player and the next
    # players get; {n} what everyone else gets.
    return say(NC_("ov-deal-uneven", "the start player and the next players clockwise are dealt {firsts} cards, "
                                     "everyone else {n}"), firsts=", ".join(map(str, firsts)), n=hands[-1])


# --------------------------------------------------------------------------------------
# Ties and options: words shared by the games
# --------------------------------------------------------------------------------------
#: The base tie-breaks (B-47) by their profile/option value, in the catalogue's words.
TIE_BREAKS: dict[str, Words] = {
    "HAND_CARDS": say(NC_("ov-tie-hand-cards",
                          "the tied player holding the most cards in hand after the game has ended wins")),
    "FARTHEST_CLOCKWISE": say(NC_("ov-tie-farthest",
                                  "the tied player sitting farthest clockwise from the start player wins, so the "
                                  "start player loses every tie")),
}
SHARED = say(NC_("ov-tie-shared", "players still tied share the win"))


def value_text(value: Any, words: Optional[Mapping[Any, Any]], lang: str,
               say: Optional[Callable[[Any, str], Optional[str]]] = None) -> str:
    """An option value in words: the option's own words for it (an (English, Hungarian) pair or
    words by language), else ``say``, else plain words."""
    try:
        if words and value in words:
            return in_lang(words[value], lang)
    except TypeError:  # a list or a mapping is never a key of the words
        pass
    said = say(value, lang) if say else None
    if said:
        return said
    if value is None:
        return MESSAGES.say(NC_("ov-value-none", "not set")).text(lang)
    if value is True:
        return MESSAGES.say(NC_("ov-value-yes", "yes")).text(lang)
    if value is False:
        return MESSAGES.say(NC_("ov-value-no", "no")).text(lang)
    return str(value)


def code(text: str) -> str:
    """``text`` marked as code (what one would type): the pages show it in a code font, apart
    from the prose, and the checks look for identifiers outside such marks."""
    return f"`{text}`"


def literal(value: Any) -> str:
    """An option value as one writes it in Python: ``"RIO_GRANDE"``, ``None``, ``True``, ``2``."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def option_code(name: str, value: Any) -> str:
    """How the option is written when a game starts: ``profile="AMIGO_1997"``."""
    return f"{name}={literal(value)}"


def seat_words(value: Any, lang: str) -> Optional[str]:
    """A start seat in words, counting players as people do: 'the 1st player at the table' /
    'az asztalnál 1. játékos' (the option counts seats from 0)."""
    if isinstance(value, int) and not isinstance(value, bool):
        # TRANSLATORS: {nth} is an ordinal ("3rd"): the seat counted from 1.
        return MESSAGES.say(NC_("ov-seat", "the {nth} player at the table"), nth=_ordinal(value + 1)).text(lang)
    return None


@dataclass(frozen=True)
class OptionText:
    """How the overview describes an option: what it decides (``text``), its rules, words
    for values, a short name for the printed page, and ``say`` for values the words lack
    (a card, a terrain, a list of positions). The words come from a catalogue: ``text``, each
    value's words and ``short`` are words by language (messages read as :class:`Words`,
    :func:`option_text`)."""

    text: Mapping[str, str]
    rules: tuple[str, ...]
    values: Mapping[Any, Any] = field(default_factory=dict)
    short: Optional[Any] = None
    say: Optional[Callable[[Any, str], Optional[str]]] = None

    def describes(self, lang: str) -> str:
        """What the option decides."""
        return in_lang(self.text, lang)

    def name(self, lang: str) -> str:
        """The short name (the printed page), else what it decides."""
        if self.short:
            return in_lang(self.short, lang)
        return self.describes(lang)

    def value(self, value: Any, lang: str) -> str:
        return value_text(value, self.values, lang, self.say)


def option_text(text: Said, rules: Sequence[str], values: Optional[Mapping[Any, Any]] = None,
                short: Optional[Said] = None, say: Optional[Callable[[Any, str], Optional[str]]] = None) -> OptionText:
    """An :class:`OptionText` whose words come from a catalogue: ``text`` what the option decides,
    ``values`` words for values, ``short`` its short name (each a message, or words by language)."""
    return OptionText(by_lang(text), tuple(rules), dict(values or {}), _by_lang(short), say)


def option_words(what: Any, rules: Sequence[str], values: Optional[Mapping[Any, Any]] = None,
                 short: Any = None, say: Optional[Callable[[Any], Any]] = None) -> OptionText:
    """:func:`option_text` for messages of an expansion's catalogue: ``what``, each value's words
    and ``short`` are messages (anything with ``text(lang)``); ``say(value)`` gives words for a
    value the words lack (a message, a name or a figure) or None."""
    if say is None:
        return option_text(what, rules, values, short, None)
    words_for = say  # (a name the function below sees as a callable)

    def shown(value: Any, lang: str) -> Optional[str]:
        said = words_for(value)
        if said is None or isinstance(said, str):
            return said
        return in_lang(said, lang)
    return option_text(what, rules, values, short, shown)


def _option_line(name: str, tx: OptionText, value: Any, default: Any) -> Line:
    same = value == default and type(value) is type(default)
    shown = worded(lambda lang: tx.value(value, lang))
    what = worded(tx.describes)
    if same:
        text = say(NC_("ov-option", "{option} — {value} (the default)"), option=what, value=shown)
    else:
        text = say(NC_("ov-option-default", "{option} — {value} (default: {default})"), option=what, value=shown,
                   default=worded(lambda lang: tx.value(default, lang)))
    # TRANSLATORS: an option on the printed page: {opt} its short name, {val} the value in force.
    brief = say(NC_("ov-option-brief", "{opt}: {val}"), opt=worded(tx.name), val=shown)
    return Line(text, tx.rules, f"option:{name}", brief, option_code(name, value))


def option_lines(ruleset, options: Mapping[str, Any], texts: Mapping[str, OptionText]) -> list[Line]:
    """One line per option of the ruleset: what it decides and the value in force, in words,
    with the default; how the value in force is written is the line's ``setting`` (for teachers)."""
    out = []
    for name, opt in ruleset.OPTIONS.items():
        tx = texts[name]  # a KeyError here means an option the overview does not describe yet
        out.append(_option_line(name, tx, options[name], opt.default))
    return out


def how_to_change(game: str, example: str) -> Words:
    """For teachers: how a game with other options is started (the page's closed fold)."""
    py = code(f'beannb.new_game("{game}", players=[…], {example})')
    cli = code(f"beannb sim --game {game} --option {example.replace(chr(34), '')}")
    # TRANSLATORS: {python} and {cli} are commands, shown as code.
    return say(NC_("ov-how-to-change", "House rules and editions are chosen when a game starts, e.g. in Python "
                                       "{python} or on the command line {cli}; a game against bots uses the defaults "
                                       "unless its page says otherwise."), python=py, cli=cli)


def phase_words(ruleset, phase: str, capitalised: bool = False) -> Words:
    """The phase's name as narration and the table show it, as words for a message (with a
    capital first letter if asked)."""
    if capitalised:
        return worded(lambda lang: capital(ruleset.narration.phase_name(phase, lang)))
    return worded(lambda lang: ruleset.narration.phase_name(phase, lang))


def cphase_line(ruleset, phase: str, text: Said, *rules: str) -> Line:
    """A turn line whose words come from a catalogue: the phase's own name, then what happens
    in it (``text``, words by language)."""
    # TRANSLATORS: a turn line: {ph} is the phase's name ("Phase 2: trade"), {txt} what happens in it.
    shown = say(NC_("ov-phase-line", "{ph} — {txt}"), ph=phase_words(ruleset, phase, True), txt=as_words(text))
    return cline(f"phase:{phase}", shown, *rules)


# --------------------------------------------------------------------------------------
# The base game's glossary
# --------------------------------------------------------------------------------------
BASE_TERMS: dict[str, Term] = {t.key: t for t in (
    cterm("bean", say(NC_("ov-term-bean", "bean card")),
          say(NC_("ov-term-bean-text", "A card of the deck. Cards of one type are identical; the number on a card "
                                       "tells how many of its type there are.")),
          ("B-01",), ("bean",), ("bab",)),
    cterm("field", say(NC_("ov-term-field", "bean field")),
          say(NC_("ov-term-field-text", "Where you plant beans in front of you. A field holds one bean type only; a "
                                        "card goes into an empty field or onto its own type.")),
          ("B-06", "B-07", "B-08"), ("field",), ()),
    cterm("beanometer", say(NC_("ov-term-beanometer", "beanometer")),
          say(NC_("ov-term-beanometer-text", "The row on every bean card that says how many cards of that type in one "
                                             "field pay 1, 2, 3 or 4 coins.")),
          ("B-27", "B-28"), ("pays", "cards → coins"), ("ér", "lapok → babtallér")),
    cterm("harvest", say(NC_("ov-term-harvest", "harvest")),
          say(NC_("ov-term-harvest-text", "Selling a whole field: as many of its cards as the beanometer says become "
                                          "your coins, the rest go to the discard pile, and the field is empty.")),
          ("B-26", "B-27"), ("harvested", "sell", "sold"), ("betakarít", "learat", "elad")),
    cterm("coin", say(NC_("ov-term-coin", "coin")),
          say(NC_("ov-term-coin-text", "A harvested bean card turned face down on your coin stack. Coins decide the "
                                       "winner.")),
          ("B-27", "B-43"), ("coins",), ("tallér",)),
    cterm("hand", say(NC_("ov-term-hand", "hand")),
          say(NC_("ov-term-hand-text", "The cards you hold. Their order is fixed: new cards go to the back and you "
                                       "plant from the front.")),
          ("B-03", "B-04", "B-05"), ("hand", "hand position"), ("kéz", "kezé", "keze", "kezb")),
    cterm("front-card", say(NC_("ov-term-front-card", "front card")),
          say(NC_("ov-term-front-card-text", "The card at the front of your hand: in phase 1 you must plant it.")),
          ("B-09", "B-10"), ("front",), ("legelső", "első lap")),
    cterm("plant", say(NC_("ov-term-plant", "plant")),
          say(NC_("ov-term-plant-text", "Putting a bean card onto one of your fields.")),
          ("B-07", "B-09"), ("plants", "planting"), ("ültet", "elültet")),
    cterm("lone-bean", say(NC_("ov-term-lone-bean", "lone bean (single-bean protection)")),
          say(NC_("ov-term-lone-bean-text", "A field with just one bean can't be harvested while another of your "
                                            "fields holds two or more.")),
          ("B-29", "B-30"), ("single bean", "single-bean", "protection"), ("egyetlen bab",)),
    cterm("active-player", say(NC_("ov-term-active-player", "active player")),
          say(NC_("ov-term-active-player-text", "The player whose turn it is. Every trade involves the active player.")),
          ("B-14", "B-21"), ("active",), ("aktív",)),
    cterm("turn", say(NC_("ov-term-turn", "turn")),
          say(NC_("ov-term-turn-text", "One player's go, in four phases; then the player on the left is next.")),
          ("B-25",), ("turn",), ("kör",)),
    cterm("phase", say(NC_("ov-term-phase", "phase")),
          say(NC_("ov-term-phase-text", "One of the four parts of a turn: plant, turn up and trade, plant traded cards, "
                                        "draw.")),
          ("B-09", "B-13", "B-23", "B-25"), ("phase", "step"), ("fázis", "lépés")),
    cterm("face-up", say(NC_("ov-term-face-up", "face-up cards")),
          say(NC_("ov-term-face-up-text", "The cards the active player turns up from the deck in phase 2, to trade or "
                                          "plant.")),
          ("B-13", "B-15", "B-22"), ("face up", "face-up", "turn up", "turns up", "revealed"),
          ("felfordít", "felcsap")),
    cterm("trade", say(NC_("ov-term-trade", "trade, offer and gift")),
          say(NC_("ov-term-trade-text", "In phase 2 the active player and one other player may swap cards or give them "
                                        "away; both must agree.")),
          ("B-14", "B-18", "B-19", "B-48"), ("trade", "trading", "offer", "deal", "gift", "accept", "decline", "withdraw"),
          ("csere", "cserél", "kereskedés", "ajánlat", "ajándék", "felkínál", "elfogad", "elutasít", "visszavon")),
    cterm("pending", say(NC_("ov-term-pending", "cards to plant")),
          say(NC_("ov-term-pending-text", "Cards received in a trade or left face up wait beside your fields; you plant "
                                          "all of them in phase 3.")),
          ("B-20", "B-23", "B-24"), ("to plant", "waiting", "traded cards", "received"),
          ("elültetendő", "kapott lap", "ültetésre vár")),
    cterm("draw", say(NC_("ov-term-draw", "draw")),
          say(NC_("ov-term-draw-text", "Taking cards from the deck to the back of your hand, at the end of your turn.")),
          ("B-04", "B-25"), ("draws",), ("húz",)),
    cterm("deck", say(NC_("ov-term-deck", "draw deck")),
          say(NC_("ov-term-deck-text", "The face-down pile you draw and turn up cards from.")),
          ("B-01", "B-37"), ("deck",), ("pakli",)),
    cterm("discard", say(NC_("ov-term-discard", "discard pile")),
          say(NC_("ov-term-discard-text", "Where harvested cards that are not coins go. It becomes the new deck when "
                                          "the deck runs out.")),
          ("B-27", "B-38"), ("discard",), ("dobott", "eldob")),
    cterm("deck-pass", say(NC_("ov-term-deck-pass", "deck pass")),
          say(NC_("ov-term-deck-pass-text", "Each time the deck runs out counts as one pass; the discards are shuffled "
                                            "into a new deck. The game ends after a fixed number of passes.")),
          ("B-37", "B-38"), ("deck passes", "runs out", "run out", "reshuffle", "shuffled"),
          ("kifogy", "pakli-kifogyás", "megkever")),
    cterm("third-field", say(NC_("ov-term-third-field", "3rd bean field")),
          say(NC_("ov-term-third-field-text", "An extra field some editions let you buy once for coins; none gives a "
                                              "4th.")),
          ("B-33", "B-34", "B-36"), ("3rd field", "third field", "buy a field", "a field"),
          ("3. babföld", "babföld vásárlás")),
    cterm("final-sale", say(NC_("ov-term-final-sale", "final harvest")),
          say(NC_("ov-term-final-sale-text", "When the game ends everyone harvests every field; single beans too.")),
          ("B-41",), ("final sale", "sold", "final harvest"), ("végső eladás", "végső betakarítás")),
    cterm("winner", say(NC_("ov-term-winner", "winner and tie-break")),
          say(NC_("ov-term-winner-text", "The player with most coins wins; a tie is settled by the edition's "
                                         "tie-break, then the win is shared.")),
          ("B-43", "B-47"), ("win", "score", "tie", "game over", "end of the game"),
          ("győz", "nyer", "pont", "holtverseny", "vége a játéknak", "a játék vége")),
    cterm("start-player", say(NC_("ov-term-start-player", "start player")),
          say(NC_("ov-term-start-player-text", "The player who takes the first turn; the dealer sits on their right.")),
          ("B-46",), ("start player", "first turn"), ("kezdőjátékos",)),
    cterm("edition", say(NC_("ov-term-edition", "edition (profile)")),
          say(NC_("ov-term-edition-text", "A complete set of the base game's numbers: beans in the deck, fields, cards "
                                          "turned up and drawn, passes, tie-break.")),
          ("B-01", "B-45"), ("edition", "profile"), ("kiadás", "szabályváltozat")),
    cterm("duel", say(NC_("ov-term-duel", "two-player duel")),
          say(NC_("ov-term-duel-text", "The Rio Grande rules for two: no trading; turned-up cards you don't plant are "
                                       "offered to the opponent.")),
          ("B-52", "B-56"), ("duel", "offered", "on offer", "opponent"), ("párbaj", "felkínál", "ellenfél")),
    cterm("discard-one", say(NC_("ov-term-discard-one", "discard one card (duel)")),
          say(NC_("ov-term-discard-one-text", "In the duel, after planting you may throw away one hand card face up.")),
          ("B-54",), ("throw away",), ("eldobás",)),
)}

#: The base game's glossary, in reading order.
GLOSSARY: tuple[Term, ...] = tuple(BASE_TERMS.values())


def base_terms(*keys: str, own: Mapping[str, Term] = {}) -> list[Term]:
    """Base-game glossary entries an expansion keeps, in this order; ``own`` holds the expansion's
    own terms for some of these keys (the same words, this expansion's meaning)."""
    return [own.get(k) or BASE_TERMS[k] for k in keys]


# --------------------------------------------------------------------------------------
# The base game at a glance
# --------------------------------------------------------------------------------------
#: Each edition in a few words (the profile names are the option's values).
EDITION_WORDS: dict[str, Words] = {
    "AMIGO_1997": say(NC_("ov-edition-amigo-1997", "the 1997 Amigo box")),
    "RIO_GRANDE": say(NC_("ov-edition-rio-grande", "the Rio Grande edition, with the two-player duel")),
    "AMIGO_CURRENT": say(NC_("ov-edition-amigo-current", "the current Amigo rules")),
}

#: What each option decides (every option of the ruleset needs an entry).
OPTIONS: dict[str, OptionText] = {
    "profile": option_text(
        say(NC_("ov-option-profile", "Edition: the beans in the deck, fields, cards turned up and drawn, deck passes, "
                                     "tie-break")),
        ("B-01", "B-45"), EDITION_WORDS, say(NC_("ov-option-profile-short", "Edition"))),
    "start_seat": option_text(
        say(NC_("ov-option-start-seat", "Who starts (counting the players clockwise round the table)")), ("B-46",),
        short=say(NC_("ov-option-start-seat-short", "Start player")), say=seat_words),
    "same_type_fields": option_text(
        say(NC_("ov-option-same-type", "May two of your fields grow the same bean type")), ("B-08", "B-50"),
        {None: say(NC_("ov-option-same-type-none", "as the edition says")),
         True: say(NC_("ov-value-yes", "yes")),
         False: say(NC_("ov-option-same-type-no", "no: one field per bean type"))},
        say(NC_("ov-option-same-type-short", "One bean type in two fields"))),
}


def _columns(ruleset, options) -> list:
    from .rules import PROFILES

    return list(PROFILES[options["profile"]])


def _box(ruleset, cols) -> list[Line]:
    cards = ruleset.cards
    decks = {n: tuple(col.beans) for col in cols for n in col.players}
    out = []
    for counts, beans in group(decks):
        total = sum(cards.beans[b].count for b in beans)
        data = dict(total=total, types=len(beans), beans=bean_list_words(cards, beans))
        if len(decks) > len(counts):
            text = say(NC_("ov-box-deck-players", "{total} bean cards of {types} types ({players}): {beans}."),
                       players=at_players_words(counts), **data)
        else:
            text = say(NC_("ov-box-deck", "{total} bean cards of {types} types: {beans}."), **data)
        out.append(cline("box:deck", text, "B-01"))
    out.append(cline("box:beanometer",
                     say(NC_("ov-box-beanometer", "Each bean card shows a beanometer: how many cards of its type in one "
                                                  "field pay 1, 2, 3 or 4 coins.")), "B-27", "B-28"))
    out.append(cline("box:coins", say(NC_("ov-box-coins", "Coins are harvested bean cards turned face down; there are "
                                                          "no other coins.")), "B-27"))
    prices = {n: col.field_price for col in cols for n in col.players}
    if any(p is not None for p in prices.values()):
        # TRANSLATORS: {price} says what the card costs ("cost 3 coins"), maybe by player count.
        out.append(cline("box:third-field",
                         say(NC_("ov-box-third-field", "3rd bean field cards, one per player: {price}."),
                             price=varying_words(prices, _price)),
                         "B-33", "B-34", *(("B-36",) if None in prices.values() else ())))
    return out


def _price(p: Optional[int], lang: str) -> str:
    if p is None:
        return MESSAGES.say(NC_("ov-price-none", "not for sale")).text(lang)
    return MESSAGES.say(NC_("ov-price", "cost {coins}"), coins=coins_words(p)).text(lang)


def _players(ruleset, options, cols) -> list[Line]:
    counts = ruleset.player_counts(options)
    prof = options["profile"]
    default = ruleset.OPTIONS["profile"].default
    data = dict(players=players_words(counts), edition=EDITION_WORDS[prof])
    if prof == default:
        text = say(NC_("ov-players-default-edition", "{players} with this edition ({edition}, the default)."), **data)
    else:
        text = say(NC_("ov-players-edition", "{players} with this edition ({edition})."), **data)
    out = [cline("players", text, "B-45")]
    deals = {n: dealt(ruleset, n, options) for n in counts}
    for col in cols:
        d = deals[col.players[0]]
        setup = dict(players=players_words(col.players), deal=deal_message(d.hands), n=d.fields)
        if col.field_price is None:
            text = say(NPC_("ov-setup-no-third",
                            "{players}: {deal}, one card at a time from the start player (the first card you get is "
                            "the front of your hand); everyone has {n} bean field; a 3rd field can't be bought.",
                            "{players}: {deal}, one card at a time from the start player (the first card you get is "
                            "the front of your hand); everyone has {n} bean fields; a 3rd field can't be bought."),
                       **setup)
            rules = ("B-02", "B-36")
        else:
            text = say(NPC_("ov-setup-third",
                            "{players}: {deal}, one card at a time from the start player (the first card you get is "
                            "the front of your hand); everyone has {n} bean field; a 3rd field costs {coins}.",
                            "{players}: {deal}, one card at a time from the start player (the first card you get is "
                            "the front of your hand); everyone has {n} bean fields; a 3rd field costs {coins}."),
                       coins=coins_words(col.field_price), **setup)
            rules = ("B-02", "B-33")
        out.append(cline(f"setup:{span(col.players)}", text, *rules))
    out.append(cline("setup:start", say(NC_("ov-setup-start", "The start player goes first: the first player at the "
                                                              "table, unless another is chosen.")), "B-46"))
    return out


def _by_count(cols, attr: str, duel: bool = False) -> dict[int, Any]:
    return {n: getattr(col, attr) for col in cols for n in col.players if col.duel == duel}


def _cards_obj(k: int, lang: str) -> str:
    """A number of cards as an object: '3 cards' / '3 lapot'."""
    return _cards_obj_words(k).text(lang)


def _cards_obj_words(k: int) -> Words:
    # TRANSLATORS: a number of cards as the object of a verb ("draw 3 cards").
    return say(NPC_("ov-cards-object", "{n} card", "{n} cards"), n=k)


def _turn(ruleset, cols) -> list[Line]:
    out: list[Line] = []
    normal = [c for c in cols if not c.duel]
    duel = [c for c in cols if c.duel]
    if normal:
        reveal, draw = _by_count(normal, "reveal_n"), _by_count(normal, "draw_n")
        out += [
            cphase_line(ruleset, "plant", say(NC_("ov-turn-plant", "plant the front card of your hand, then, if you "
                                                                   "like, the next one.")), "B-09", "B-10"),
            cphase_line(ruleset, "trade",
                        say(NC_("ov-turn-trade", "turn up {cards} from the deck; you trade and give cards with the other "
                                                 "players, one partner at a time, and only you end trading."),
                            cards=varying_words(reveal, _cards_obj)),
                        "B-13", "B-14", "B-21"),
            cphase_line(ruleset, "pending", say(NC_("ov-turn-pending", "everyone plants the cards they received, you "
                                                                       "also the face-up cards left, in any order.")),
                        "B-22", "B-23", "B-24"),
            cphase_line(ruleset, "draw",
                        say(NC_("ov-turn-draw", "draw {cards} to the back of your hand; the player on your left is "
                                                "next."), cards=varying_words(draw, _cards_obj)),
                        "B-25"),
        ]
        if any(c.harvest_any_time for c in normal):
            if any(c.field_price is not None for c in normal):
                out.append(cline("turn:any-time",
                                 say(NC_("ov-turn-any-time-buy", "At any moment, even in another player's turn: harvest "
                                                                 "one of your fields or buy your 3rd field.")),
                                 "B-31", "B-34"))
            else:
                out.append(cline("turn:any-time",
                                 say(NC_("ov-turn-any-time", "At any moment, even in another player's turn: harvest one "
                                                             "of your fields.")), "B-31"))
    for d in duel:
        steps = (
            ("offers", say(NC_("ov-duel-offers", "plant or discard face up every card the opponent offered you (not in "
                                                 "the very first turn).")), ("B-52", "B-53")),
            ("plant", say(NC_("ov-duel-plant", "plant one or two cards from the front of your hand, then you may "
                                               "discard one hand card.")), ("B-54",)),
            ("take", say(NC_("ov-duel-take", "turn up {cards}, add matching cards from the discard pile and plant those "
                                             "you want; the rest are offered to the opponent."),
                         cards=_cards_obj_words(d.reveal_n)), ("B-55", "B-56")),
            ("draw", say(NC_("ov-duel-draw", "draw {cards}."), cards=_cards_obj_words(d.draw_n)), ("B-25",)),
        )
        for ph, what, rules in steps:
            key = f"phase:{ph}" if ph in ("offers", "take") else f"duel:{ph}"
            # TRANSLATORS: a step of the two-player duel: "Duel (2 players), step 1: … — what happens".
            text = say(NC_("ov-duel-line", "Duel ({players}), {phase} — {what}"), players=players_words(d.players),
                       phase=phase_words(ruleset, ph), what=what)
            out.append(cline(key, text, *rules))
        out.append(cline("turn:duel", say(NC_("ov-turn-duel", "In the duel there is no trading, and you harvest only in "
                                                              "your own turn.")), "B-52", "B-31"))
    return out


def nth_time(k: int, lang: str) -> str:
    """When the game ends, as the k-th time the deck runs out: 'the 3rd time' / 'a húzópakli
    3. kifogyásakor'."""
    # TRANSLATORS: "The game ends when it (the deck) runs out {the 3rd time}"; {nth} is an ordinal ("3rd").
    return MESSAGES.say(NC_("ov-nth-time", "the {nth} time"), nth=_ordinal(k)).text(lang)


def _end(ruleset, cols) -> list[Line]:
    normal = [c for c in cols if not c.duel]
    out = []
    if normal:
        ends = _by_count(normal, "end_at")
        out.append(cline("end:passes",
                         say(NC_("ov-end-passes", "When the deck runs out, the discard pile is shuffled into a new deck "
                                                  "(a deck pass). The game ends when it runs out {when}."),
                             when=varying_words(ends, nth_time)),
                         "B-37", "B-38"))
        out.append(cline("end:last-pass",
                         say(NC_("ov-end-last-pass", "If that happens while cards are turned up, phases 2 and 3 are "
                                                     "finished and nobody draws; if it happens while drawing, the game "
                                                     "ends at once.")), "B-39", "B-40"))
    for d in (c for c in cols if c.duel):
        out.append(cline("end:duel",
                         say(NC_("ov-end-duel", "Duel: the game ends the {nth} time the deck runs out; offered cards "
                                                "left over score nothing."), nth=_ordinal(d.end_at)), "B-57"))
    out.append(cline("phase:over", say(NC_("ov-end-over", "Then every field is harvested, single beans too, and the game "
                                                          "is over.")), "B-41"))
    return out


def tie_lines(ties: Mapping[int, str], note: Optional[Mapping[str, str]] = None) -> Line:
    """The tie-break line: the catalogue's words for each tie-break in force (B-47), then a shared win
    (B-43); ``note`` adds a sentence (an expansion saying whose rule it borrows)."""
    data = dict(ties=varying_words(ties, lambda k, lang: TIE_BREAKS[k].text(lang)), shared=SHARED)
    if note:
        text = say(NC_("ov-tie-note", "Tie: {ties}; {shared}. {note}"), note=as_words(note), **data)
    else:
        text = say(NC_("ov-tie", "Tie: {ties}; {shared}."), **data)
    return cline("scoring:tie", text, "B-47", "B-43")


def _scoring(ruleset, cols) -> list[Line]:
    ties = {n: col.tie_break for col in cols for n in col.players}
    return [
        cline("scoring:coins", say(NC_("ov-scoring-coins", "Most coins wins. Cards still in your hand are worth "
                                                           "nothing.")), "B-43", "B-42"),
        tie_lines(ties),
    ]


def _options(ruleset, options) -> list[Line]:
    out = option_lines(ruleset, options, OPTIONS)
    from .rules import supported_counts

    prof = options["profile"]
    # TRANSLATORS: {ed} is an edition, {pl} the player counts it allows ("the current Amigo rules, 3–5 players").
    each = NC_("ov-edition-players", "{ed}, {pl}")
    others = [MESSAGES.say(each, ed=EDITION_WORDS[k], pl=players_words(supported_counts(k)))
              for k in EDITION_WORDS if k != prof]
    text = say(NC_("ov-editions", "In force: {edition}. The other editions: {others}. Some of the rule book's worked "
                                  "examples are set in another edition (Rio Grande's coffee, wax and cocoa beans); a new "
                                  "game and the game against bots use the edition in force."),
               edition=EDITION_WORDS[prof], others=worded(lambda lang: "; ".join(m.text(lang) for m in others)))
    out.append(cline("options:editions", text, "B-45",
                     brief=say(NC_("ov-editions-brief", "The other editions")),
                     setting="; ".join(option_code("profile", k) for k in EDITION_WORDS if k != prof)))
    return out


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The base game's page shows its cards' beanometers in its own table, so no lists here."""
    return ()


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """The base game at a glance for ``options`` (default: the defaults, i.e. what a new game uses)."""
    from .rules import Bohnanza
    from .state import GameState

    rs: Bohnanza[GameState] = Bohnanza()
    opts = rs.check_options(dict(options or {}))
    cols = _columns(rs, opts)
    return Overview(rs.name, game_title(rs), opts, (
        section("box", _box(rs, cols)),
        section("players", _players(rs, opts, cols)),
        section("turn", _turn(rs, cols)),
        section("end", _end(rs, cols)),
        section("scoring", _scoring(rs, cols)),
        section("options", _options(rs, opts), teacher=how_to_change(rs.name, 'profile="RIO_GRANDE"')),
    ), GLOSSARY)
