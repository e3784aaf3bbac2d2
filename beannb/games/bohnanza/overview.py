"""The base game at a glance, and its glossary.

What a good rule book says on its first page, built from the ruleset's own tables so that
it follows them: the cards (``cards.py``), the player counts and what each player is dealt
(the edition profiles, by running the ruleset's setup), the phases of a turn (``PHASES``
with their names from ``text.py``), the end, scoring and ties, and the options in force.
Every line cites the rule ids it states (``beannb/data/rules/bohnanza.yaml``); where a fact
is only in the catalogue's prose (a tie-break), the line cites that rule and says it in the
catalogue's words. The expansions build theirs with the helpers here.

Texts are words in the reader's language; what one would type (an option's name and value,
a command) is marked as code between backticks, and the pages show it as code:

>>> ov = overview()
>>> ov.section("players").lines[0].text["en"]
'3–5 players with this edition (the 1997 Amigo box, the default).'
>>> ov.section("options").lines[0].text["hu"].split(" — ")[1]
'az Amigo 1997-es doboza (alapértelmezés); beállítás: `profile="AMIGO_1997"`'
>>> term = ov.term("deck-pass"); term.name["hu"], term.rules
('pakli-kifogyás', ('B-37', 'B-38'))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence

LANGS = ("en", "hu")
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


@dataclass(frozen=True)
class Overview:
    """A game at a glance: ``sections`` of lines and the ``glossary``, for ``options``."""

    game: str
    title: Mapping[str, str]
    options: Mapping[str, Any]
    sections: tuple[Section, ...]
    glossary: tuple[Term, ...]

    def section(self, key: str) -> Section:
        for s in self.sections:
            if s.key == key:
                return s
        raise KeyError(key)

    def lines(self) -> Iterator[Line]:
        for s in self.sections:
            yield from s.lines

    def keys(self) -> set[str]:
        return {ln.key for ln in self.lines() if ln.key}

    def term(self, key: str) -> Term:
        for t in self.glossary:
            if t.key == key:
                return t
        raise KeyError(key)

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
        for e in self.entries:
            if e.key == key:
                return e
        raise KeyError(key)


def entry(key: str, en: str, hu: str, en_text: str, hu_text: str, *rules: str) -> Term:
    """One entry of a :class:`Reference` list."""
    return Term(key, {"en": en, "hu": hu}, {"en": en_text, "hu": hu_text}, tuple(rules))


def reference_list(key: str, en: str, hu: str, entries, note: Optional[Mapping[str, str]] = None) -> Reference:
    return Reference(key, {"en": en, "hu": hu}, tuple(entries), note)


#: The title of the list of questions the rules decide (each game's own questions).
DECIDED = {"en": "Questions the rules decide", "hu": "Kérdések, amelyeket a szabályok eldöntenek"}


def game_title(ruleset) -> dict[str, str]:
    """The game's name in each language as its rules catalogue gives it (``title`` of
    ``beannb/data/rules/<game>.yaml``), so that the page heading, the printed summary and the
    lessons call the game by one name; the ruleset's own title where the catalogue has none."""
    return {**ruleset.title, **_catalogue_title(ruleset.name)}


def _catalogue_title(game: str) -> dict[str, str]:
    from ...i18n.catalogue import document

    return {lang: str(v) for lang, v in (document(game).get("title") or {}).items() if v}


def line(key: str, en: str, hu: str, *rules: str) -> Line:
    return Line({"en": en, "hu": hu}, tuple(rules), key)


def setting_line(key: str, setting: str, en: str, hu: str, *rules: str, brief: Optional[Mapping[str, str]] = None) -> Line:
    """A line with what a teacher types for it (kept in the page's fold for teachers, named
    there by ``brief``)."""
    return Line({"en": en, "hu": hu}, tuple(rules), key, brief, setting)


def catalogue_line(key: str, rule_id: str, *more: str) -> Line:
    """A line in the catalogue's own words: for facts that are only in a rule's prose."""
    from ...i18n.catalogue import rule

    r = rule(rule_id)
    if r is None:
        raise KeyError(f"no rule {rule_id} in the catalogue")
    return Line({lang: r.statement(lang) for lang in LANGS}, (rule_id, *more), key)


def term(key: str, en: str, hu: str, en_text: str, hu_text: str, rules: Sequence[str],
         en_forms: Sequence[str] = (), hu_forms: Sequence[str] = ()) -> Term:
    return Term(key, {"en": en, "hu": hu}, {"en": en_text, "hu": hu_text}, tuple(rules),
                {"en": tuple(f.lower() for f in (en, *en_forms)), "hu": tuple(f.lower() for f in (hu, *hu_forms))})


def cline(key: str, text: Mapping[str, str], *rules: str, brief: Optional[Mapping[str, str]] = None,
          setting: str = "") -> Line:
    """A line whose words come from a catalogue: ``text`` is a message read by language
    (``MESSAGES.say(NC_("ov-box-deck", "…"), n=104).by_lang()``)."""
    return Line(text, tuple(rules), key, brief, setting)


def cterm(key: str, name: Mapping[str, str], text: Mapping[str, str], rules: Sequence[str],
          en_forms: Sequence[str] = (), hu_forms: Sequence[str] = ()) -> Term:
    """A glossary term whose name and text come from a catalogue (each a message read by
    language); ``en_forms``/``hu_forms`` are the further word forms the checks match."""
    return Term(key, name, text, tuple(rules),
                {"en": tuple(f.lower() for f in (name["en"], *en_forms)),
                 "hu": tuple(f.lower() for f in (name["hu"], *hu_forms))})


#: Section keys and titles, in the order a page shows them.
TITLES: dict[str, dict[str, str]] = {
    "box": {"en": "What is in the box", "hu": "A doboz tartalma"},
    "players": {"en": "Players and setup", "hu": "Játékosok és előkészületek"},
    "turn": {"en": "A turn, in order", "hu": "Egy kör menete"},
    "end": {"en": "The end of the game", "hu": "A játék vége"},
    "scoring": {"en": "Scoring and ties", "hu": "Értékelés és holtverseny"},
    "options": {"en": "Edition and house rules in force", "hu": "Érvényes kiadás és házi szabályok"},
}


def section(key: str, lines: Iterable[Line], note: Optional[Mapping[str, str]] = None,
            teacher: Optional[Mapping[str, str]] = None) -> Section:
    return Section(key, TITLES[key], tuple(lines), note, teacher)


# --------------------------------------------------------------------------------------
# Small helpers for numbers in words
# --------------------------------------------------------------------------------------
def span(counts: Iterable[int]) -> str:
    """Player counts as a reader writes them: ``span([3, 4, 5]) == '3–5'``, ``'2, 4–5'``."""
    ns = sorted(set(counts))
    runs: list[list[int]] = []
    for n in ns:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def players(counts: Iterable[int], lang: str) -> str:
    """'3–5 players' / '3–5 játékos'."""
    counts = list(counts)
    if lang == "hu":
        return f"{span(counts)} játékos"
    return f"{span(counts)} player" + ("" if counts == [1] else "s")


def at_players(counts: Iterable[int], lang: str) -> str:
    """'with 3–5 players' / '3–5 játékosnál'."""
    return f"{span(counts)} játékosnál" if lang == "hu" else f"with {span(counts)} players"


def ordinal(n: int, lang: str) -> str:
    if lang == "hu":
        return f"{n}."
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def group(values: Mapping[int, Any]) -> list[tuple[tuple[int, ...], Any]]:
    """Player count -> value, grouped: the counts that share a value, in order."""
    out: list[tuple[list[int], Any]] = []
    for n in sorted(values):
        for counts, v in out:
            if v == values[n]:
                counts.append(n)
                break
        else:
            out.append(([n], values[n]))
    return [(tuple(c), v) for c, v in out]


def varying(values: Mapping[int, Any], say: Callable[[Any, str], str], lang: str) -> str:
    """A value that may depend on the player count, in words: 'X' or 'X with 3 players; Y with 4–5 players'."""
    groups = group(values)
    if len(groups) == 1:
        return say(groups[0][1], lang)
    return ", ".join(f"{at_players(c, lang)} {say(v, lang)}" if lang == "hu" else f"{say(v, lang)} {at_players(c, lang)}"
                     for c, v in groups)


def az(word: str) -> str:
    """The Hungarian definite article for ``word``: 'az' before a vowel, else 'a'."""
    return "az" if word[:1].lower() in "aáeéiíoóöőuúüű" else "a"


def cards_word(n: int, lang: str) -> str:
    return f"{n} lap" if lang == "hu" else f"{n} card" + ("" if n == 1 else "s")


def fields_word(n: int, lang: str) -> str:
    return f"{n} babföld" if lang == "hu" else f"{n} bean field" + ("" if n == 1 else "s")


def coins_word(n: int, lang: str) -> str:
    return f"{n} babtallér" if lang == "hu" else f"{n} coin" + ("" if n == 1 else "s")


def bean_list(cards, beans: Sequence[str], lang: str) -> str:
    """'Blue 20, Chili 18, …' from a card table."""
    return ", ".join(f"{cards.name(b, lang)} {cards.beans[b].count}" for b in beans)


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


def deal_words(hands: Sequence[int], lang: str) -> str:
    """What everyone is dealt, as a clause: 'everyone is dealt 5 cards' / 'mindenki 5 lapot kap';
    uneven deals name the start player and the next players clockwise."""
    if len(set(hands)) == 1:
        return f"mindenki {hands[0]} lapot kap" if lang == "hu" else f"everyone is dealt {cards_word(hands[0], 'en')}"
    firsts = [hands[0]]
    for k in range(1, len(hands)):
        if hands[k] == hands[-1]:
            break
        firsts.append(hands[k])
    nums = ", ".join(map(str, firsts))
    if lang == "hu":
        return (f"a kezdőjátékos és az óramutató járása szerint utána következők rendre {nums} lapot kapnak, "
                f"a többiek {hands[-1]} lapot")
    return f"the start player and the next players clockwise are dealt {nums} cards, everyone else {hands[-1]}"


# --------------------------------------------------------------------------------------
# Ties and options: words shared by the games
# --------------------------------------------------------------------------------------
#: The base tie-breaks (B-47) by their profile/option value, in the catalogue's words.
TIE_BREAKS: dict[str, dict[str, str]] = {
    "HAND_CARDS": {
        "en": "the tied player holding the most cards in hand after the game has ended wins",
        "hu": "az nyer, akinek a játék vége után a legtöbb lap van a kezében"},
    "FARTHEST_CLOCKWISE": {
        "en": "the tied player sitting farthest clockwise from the start player wins, so the start player loses every tie",
        "hu": "az nyer, aki az óramutató járása szerint a legtávolabb ül a kezdőjátékostól, így a kezdőjátékos "
              "minden holtversenyt elveszít"},
}
SHARED = {"en": "players still tied share the win", "hu": "akik ezután is holtversenyben vannak, osztoznak a győzelmen"}


def value_text(value: Any, words: Optional[Mapping[Any, tuple[str, str]]], lang: str,
               say: Optional[Callable[[Any, str], Optional[str]]] = None) -> str:
    """An option value in words: the option's own words for it, else ``say``, else plain words."""
    try:
        if words and value in words:
            return words[value][1 if lang == "hu" else 0]
    except TypeError:  # a list or a mapping is never a key of the words
        pass
    said = say(value, lang) if say else None
    if said:
        return said
    if value is None:
        return "nincs megadva" if lang == "hu" else "not set"
    if value is True:
        return "igen" if lang == "hu" else "yes"
    if value is False:
        return "nem" if lang == "hu" else "no"
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
        return f"az asztalnál {value + 1}. játékos" if lang == "hu" else f"the {_ordinal_en(value + 1)} player at the table"
    return None


def _ordinal_en(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@dataclass(frozen=True)
class OptionText:
    """How the overview describes an option: what it decides (``en``/``hu``), its rules, words
    for values, a short name for the printed page, and ``say`` for values the words lack
    (a card, a terrain, a list of positions)."""

    en: str
    hu: str
    rules: tuple[str, ...]
    values: Mapping[Any, tuple[str, str]] = field(default_factory=dict)
    short: Optional[tuple[str, str]] = None
    say: Optional[Callable[[Any, str], Optional[str]]] = None

    def name(self, lang: str) -> str:
        """The short name (the printed page), else what it decides."""
        if self.short:
            return self.short[1 if lang == "hu" else 0]
        return self.hu if lang == "hu" else self.en

    def value(self, value: Any, lang: str) -> str:
        return value_text(value, self.values, lang, self.say)


def option_lines(ruleset, options: Mapping[str, Any], texts: Mapping[str, OptionText]) -> list[Line]:
    """One line per option of the ruleset: what it decides and the value in force, in words,
    with the default; how the value in force is written is the line's ``setting`` (for teachers)."""
    out = []
    for name, opt in ruleset.OPTIONS.items():
        tx = texts[name]  # a KeyError here means an option the overview does not describe yet
        value, default = options[name], opt.default
        same = value == default and type(value) is type(default)
        en_v, hu_v = tx.value(value, "en"), tx.value(value, "hu")
        en_tail = " (the default)" if same else f" (default: {tx.value(default, 'en')})"
        hu_tail = " (alapértelmezés)" if same else f" (alapértelmezés: {tx.value(default, 'hu')})"
        out.append(Line({"en": f"{tx.en} — {en_v}{en_tail}", "hu": f"{tx.hu} — {hu_v}{hu_tail}"},
                        tx.rules, f"option:{name}",
                        {"en": f"{tx.name('en')}: {en_v}", "hu": f"{tx.name('hu')}: {hu_v}"},
                        option_code(name, value)))
    return out


def how_to_change(game: str, example: str) -> dict[str, str]:
    """For teachers: how a game with other options is started (the page's closed fold)."""
    py = code(f'beannb.new_game("{game}", players=[…], {example})')
    cli = code(f"beannb sim --game {game} --option {example.replace(chr(34), '')}")
    return {
        "en": f"House rules and editions are chosen when a game starts, e.g. in Python {py} or on the command "
              f"line {cli}; a game against bots uses the defaults unless its page says otherwise.",
        "hu": f"A házi szabályokat és a kiadást a játék indításakor lehet megadni, pl. Pythonban: {py}, a "
              f"parancssorban: {cli}; a gépi játékosok elleni játék az alapértelmezéseket használja, hacsak az "
              "oldal mást nem mond.",
    }


def phase_name(ruleset, phase: str, lang: str) -> str:
    """The phase's name as narration and the table show it (``text.PHASES``)."""
    return ruleset.narration.phase_name(phase, lang)


def phase_line(ruleset, phase: str, en: str, hu: str, *rules: str) -> Line:
    """A turn line: the phase's own name, then what happens in it."""
    en_name, hu_name = phase_name(ruleset, phase, "en"), phase_name(ruleset, phase, "hu")
    return line(f"phase:{phase}", f"{capital(en_name)} — {en}", f"{capital(hu_name)} — {hu}", *rules)


def capital(text: str) -> str:
    """The first letter in upper case, unless it is a list letter such as 'a)'."""
    return text if text[1:2] == ")" else text[:1].upper() + text[1:]


# --------------------------------------------------------------------------------------
# The base game's glossary
# --------------------------------------------------------------------------------------
BASE_TERMS: dict[str, Term] = {t.key: t for t in (
    term("bean", "bean card", "babkártya",
         "A card of the deck. Cards of one type are identical; the number on a card tells how many of its type there are.",
         "A húzópakli egy lapja. Az egyfajta lapok egyformák; a lapon lévő szám mutatja, hány van belőle.",
         ("B-01",), ("bean",), ("bab",)),
    term("field", "bean field", "babföld",
         "Where you plant beans in front of you. A field holds one bean type only; a card goes into an empty field or "
         "onto its own type.",
         "Ide ültetsz magad elé. Egy babföldön csak egyféle bab lehet; lap csak üres babföldre vagy a saját fajtája "
         "mellé kerülhet.",
         ("B-06", "B-07", "B-08"), ("field",), ()),
    term("beanometer", "beanometer", "babmérce",
         "The row on every bean card that says how many cards of that type in one field pay 1, 2, 3 or 4 coins.",
         "A babkártyák alján lévő sor: hány egyforma lap egy babföldön ér 1, 2, 3 vagy 4 babtallért.",
         ("B-27", "B-28"), ("pays", "cards → coins"), ("ér", "lapok → babtallér")),
    term("harvest", "harvest", "betakarítás",
         "Selling a whole field: as many of its cards as the beanometer says become your coins, the rest go to the "
         "discard pile, and the field is empty.",
         "Egy babföld teljes eladása: a babmérce szerinti számú lap babtallér lesz, a többi a dobott lapok közé kerül, "
         "a babföld kiürül.",
         ("B-26", "B-27"), ("harvested", "sell", "sold"), ("betakarít", "learat", "elad")),
    term("coin", "coin", "babtallér",
         "A harvested bean card turned face down on your coin stack. Coins decide the winner.",
         "Betakarított babkártya, képpel lefelé a babtallérjaid között. A babtallérok döntik el, ki nyer.",
         ("B-27", "B-43"), ("coins",), ("tallér",)),
    term("hand", "hand", "kéz",
         "The cards you hold. Their order is fixed: new cards go to the back and you plant from the front.",
         "A kezedben tartott lapok. Sorrendjük kötött: az új lapok hátra kerülnek, ültetni elölről kell.",
         ("B-03", "B-04", "B-05"), ("hand", "hand position"), ("kéz", "kezé", "keze", "kezb")),
    term("front-card", "front card", "első lap",
         "The card at the front of your hand: in phase 1 you must plant it.",
         "A kezed legelső lapja: az 1. fázisban ezt kötelező elültetni.",
         ("B-09", "B-10"), ("front",), ("legelső", "első lap")),
    term("plant", "plant", "ültetés",
         "Putting a bean card onto one of your fields.",
         "Babkártya lerakása valamelyik babföldedre.",
         ("B-07", "B-09"), ("plants", "planting"), ("ültet", "elültet")),
    term("lone-bean", "lone bean (single-bean protection)", "egyetlen bab (az egyetlen bab védelme)",
         "A field with just one bean can't be harvested while another of your fields holds two or more.",
         "Egyetlen babot tartalmazó babföldet nem lehet betakarítani, amíg valamelyik másik babfölded két vagy több babot tart.",
         ("B-29", "B-30"), ("single bean", "single-bean", "protection"), ("egyetlen bab",)),
    term("active-player", "active player", "aktív játékos",
         "The player whose turn it is. Every trade involves the active player.",
         "Az a játékos, akinek a köre van. Minden cserében részt vesz.",
         ("B-14", "B-21"), ("active",), ("aktív",)),
    term("turn", "turn", "kör",
         "One player's go, in four phases; then the player on the left is next.",
         "Egy játékos lépése négy fázisban; utána a baloldali szomszéd következik.",
         ("B-25",), ("turn",), ("kör",)),
    term("phase", "phase", "fázis",
         "One of the four parts of a turn: plant, turn up and trade, plant traded cards, draw.",
         "A kör négy része: ültetés, felcsapás és kereskedés, a kapott lapok elültetése, húzás.",
         ("B-09", "B-13", "B-23", "B-25"), ("phase", "step"), ("fázis", "lépés")),
    term("face-up", "face-up cards", "felfordított lapok",
         "The cards the active player turns up from the deck in phase 2, to trade or plant.",
         "A 2. fázisban a húzópakliból felcsapott lapok; elcserélhetők vagy elültetendők.",
         ("B-13", "B-15", "B-22"), ("face up", "face-up", "turn up", "turns up", "revealed"),
         ("felfordít", "felcsap")),
    term("trade", "trade, offer and gift", "csere, ajánlat és ajándék",
         "In phase 2 the active player and one other player may swap cards or give them away; both must agree.",
         "A 2. fázisban az aktív játékos és egy másik játékos lapokat cserélhet vagy ajándékozhat; mindkettőjüknek bele kell egyeznie.",
         ("B-14", "B-18", "B-19", "B-48"), ("trade", "trading", "offer", "deal", "gift", "accept", "decline", "withdraw"),
         ("csere", "cserél", "kereskedés", "ajánlat", "ajándék", "felkínál", "elfogad", "elutasít", "visszavon")),
    term("pending", "cards to plant", "elültetendő lapok",
         "Cards received in a trade or left face up wait beside your fields; you plant all of them in phase 3.",
         "A cserében kapott és a megmaradt felfordított lapok a babföldjeid mellett várnak; a 3. fázisban mindet el kell ültetni.",
         ("B-20", "B-23", "B-24"), ("to plant", "waiting", "traded cards", "received"),
         ("elültetendő", "kapott lap", "ültetésre vár")),
    term("draw", "draw", "húzás",
         "Taking cards from the deck to the back of your hand, at the end of your turn.",
         "Lapok húzása a húzópakliból a kezed végére, a köröd végén.",
         ("B-04", "B-25"), ("draws",), ("húz",)),
    term("deck", "draw deck", "húzópakli",
         "The face-down pile you draw and turn up cards from.",
         "A képpel lefelé fekvő pakli, ahonnan húzni és felcsapni kell.",
         ("B-01", "B-37"), ("deck",), ("pakli",)),
    term("discard", "discard pile", "dobott lapok",
         "Where harvested cards that are not coins go. It becomes the new deck when the deck runs out.",
         "Ide kerülnek a betakarított lapok, amelyek nem lettek babtallérok. Amikor a húzópakli kifogy, ebből lesz az új.",
         ("B-27", "B-38"), ("discard",), ("dobott", "eldob")),
    term("deck-pass", "deck pass", "pakli-kifogyás",
         "Each time the deck runs out counts as one pass; the discards are shuffled into a new deck. The game ends "
         "after a fixed number of passes.",
         "A húzópakli minden kifogyása egy-egy kifogyásnak számít; a dobott lapokat megkeverve új húzópakli lesz. "
         "A játék adott számú kifogyás után ér véget.",
         ("B-37", "B-38"), ("deck passes", "runs out", "run out", "reshuffle", "shuffled"),
         ("kifogy", "pakli-kifogyás", "megkever")),
    term("third-field", "3rd bean field", "3. babföld",
         "An extra field some editions let you buy once for coins; none gives a 4th.",
         "Plusz babföld, amelyet néhány kiadásban egyszer meg lehet venni babtallérért; 4. babföld nincs.",
         ("B-33", "B-34", "B-36"), ("3rd field", "third field", "buy a field", "a field"), ("3. babföld", "babföld vásárlás")),
    term("final-sale", "final harvest", "végső betakarítás",
         "When the game ends everyone harvests every field; single beans too.",
         "A játék végén mindenki betakarítja az összes babföldjét, az egyetlen babot is.",
         ("B-41",), ("final sale", "sold", "final harvest"), ("végső eladás", "végső betakarítás")),
    term("winner", "winner and tie-break", "győztes és holtverseny",
         "The player with most coins wins; a tie is settled by the edition's tie-break, then the win is shared.",
         "A legtöbb babtallérral rendelkező játékos nyer; egyenlőségnél a kiadás döntő szabálya határoz, végül "
         "megosztott a győzelem.",
         ("B-43", "B-47"), ("win", "score", "tie", "game over", "end of the game"),
         ("győz", "nyer", "pont", "holtverseny", "vége a játéknak", "a játék vége")),
    term("start-player", "start player", "kezdőjátékos",
         "The player who takes the first turn; the dealer sits on their right.",
         "Az első kört játszó játékos; az osztó a jobbján ül.",
         ("B-46",), ("start player", "first turn"), ("kezdőjátékos",)),
    term("edition", "edition (profile)", "kiadás (szabályváltozat)",
         "A complete set of the base game's numbers: beans in the deck, fields, cards turned up and drawn, passes, "
         "tie-break.",
         "Az alapjáték számainak teljes készlete: babok a pakliban, babföldek, felcsapott és húzott lapok, "
         "kifogyások, döntő szabály.",
         ("B-01", "B-45"), ("edition", "profile"), ("kiadás", "szabályváltozat")),
    term("duel", "two-player duel", "kétszemélyes párbaj",
         "The Rio Grande rules for two: no trading; turned-up cards you don't plant are offered to the opponent.",
         "A Rio Grande kétszemélyes szabályai: nincs kereskedés; a fel nem használt felcsapott lapokat az ellenfél kapja meg ajánlatként.",
         ("B-52", "B-56"), ("duel", "offered", "on offer", "opponent"), ("párbaj", "felkínál", "ellenfél")),
    term("discard-one", "discard one card (duel)", "egy lap eldobása (párbaj)",
         "In the duel, after planting you may throw away one hand card face up.",
         "A párbajban ültetés után egy kézben tartott lapot képpel felfelé eldobhatsz.",
         ("B-54",), ("throw away",), ("eldobás",)),
)}

#: The base game's glossary, in reading order.
GLOSSARY: tuple[Term, ...] = tuple(BASE_TERMS.values())


def base_terms(*keys: str) -> list[Term]:
    """Base-game glossary entries an expansion keeps as they are."""
    return [BASE_TERMS[k] for k in keys]


# --------------------------------------------------------------------------------------
# The base game at a glance
# --------------------------------------------------------------------------------------
#: Each edition in a few words (the profile names are the option's values).
EDITIONS: dict[str, tuple[str, str]] = {
    "AMIGO_1997": ("the 1997 Amigo box", "az Amigo 1997-es doboza"),
    "RIO_GRANDE": ("the Rio Grande edition, with the two-player duel", "a Rio Grande kiadás, kétszemélyes párbajjal"),
    "AMIGO_CURRENT": ("the current Amigo rules", "a mai Amigo-szabályok"),
}

#: What each option decides (every option of the ruleset needs an entry).
OPTIONS: dict[str, OptionText] = {
    "profile": OptionText("Edition: the beans in the deck, fields, cards turned up and drawn, deck passes, tie-break",
                          "Kiadás: babok a pakliban, babföldek, felcsapott és húzott lapok, pakli-kifogyások, döntő szabály",
                          ("B-01", "B-45"), EDITIONS, ("Edition", "Kiadás")),
    "start_seat": OptionText("Who starts (counting the players clockwise round the table)",
                             "Ki kezd (a játékosokat az óramutató járása szerint számolva)", ("B-46",),
                             short=("Start player", "Kezdőjátékos"), say=seat_words),
    "same_type_fields": OptionText("May two of your fields grow the same bean type",
                                   "Nőhet-e ugyanaz a bab két babföldeden", ("B-08", "B-50"),
                                   {None: ("as the edition says", "ahogy a kiadás mondja"),
                                    True: ("yes", "igen"), False: ("no: one field per bean type", "nem: fajtánként egy babföld")},
                                   ("One bean type in two fields", "Egy babfajta két babföldön")),
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
        where_en = f" ({at_players(counts, 'en')})" if len(decks) > len(counts) else ""
        where_hu = f" ({at_players(counts, 'hu')})" if len(decks) > len(counts) else ""
        out.append(line("box:deck", f"{total} bean cards of {len(beans)} types{where_en}: {bean_list(cards, beans, 'en')}.",
                        f"{total} babkártya, {len(beans)} fajta{where_hu}: {bean_list(cards, beans, 'hu')}.", "B-01"))
    out.append(line("box:beanometer",
                    "Each bean card shows a beanometer: how many cards of its type in one field pay 1, 2, 3 or 4 coins.",
                    "Minden babkártyán babmérce van: hány egyforma lap egy babföldön ér 1, 2, 3 vagy 4 babtallért.",
                    "B-27", "B-28"))
    out.append(line("box:coins", "Coins are harvested bean cards turned face down; there are no other coins.",
                    "A babtallérok a betakarított, képpel lefelé fordított babkártyák; más pénz nincs.", "B-27"))
    prices = {n: col.field_price for col in cols for n in col.players}
    if any(p is not None for p in prices.values()):
        out.append(line("box:third-field",
                        "3rd bean field cards, one per player: " + varying(prices, _price, "en") + ".",
                        "3. babföld kártyák, játékosonként egy: " + varying(prices, _price, "hu") + ".",
                        "B-33", "B-34", *(("B-36",) if None in prices.values() else ())))
    return out


def _price(p: Optional[int], lang: str) -> str:
    if p is None:
        return "nem lehet megvenni" if lang == "hu" else "not for sale"
    return f"ára {coins_word(p, 'hu')}" if lang == "hu" else f"cost {coins_word(p, 'en')}"


def _players(ruleset, options, cols) -> list[Line]:
    counts = ruleset.player_counts(options)
    prof = options["profile"]
    default = ruleset.OPTIONS["profile"].default
    which_en = f"{EDITIONS[prof][0]}, the default" if prof == default else EDITIONS[prof][0]
    which_hu = f"{EDITIONS[prof][1]}, az alapértelmezett" if prof == default else EDITIONS[prof][1]
    out = [line("players", f"{players(counts, 'en')} with this edition ({which_en}).",
                f"{players(counts, 'hu')} ezzel a kiadással ({which_hu}).", "B-45")]
    deals = {n: dealt(ruleset, n, options) for n in counts}
    for col in cols:
        d = deals[col.players[0]]
        en = (f"{players(col.players, 'en').capitalize()}: " + deal_words(d.hands, "en")
              + f", one card at a time from the start player (the first card you get is the front of your hand); "
              f"everyone has {fields_word(d.fields, 'en')}")
        hu = (f"{players(col.players, 'hu')}: " + deal_words(d.hands, "hu")
              + f", egyesével, a kezdőjátékostól kezdve (az elsőként kapott lap a kéz legelső lapja); "
              f"mindenkinek {d.fields} babföldje van")
        rules = ["B-02"]
        if col.field_price is None:
            en += "; a 3rd field can't be bought"
            hu += "; 3. babföldet nem lehet venni"
            rules.append("B-36")
        else:
            en += f"; a 3rd field costs {coins_word(col.field_price, 'en')}"
            hu += f"; a 3. babföld ára {coins_word(col.field_price, 'hu')}"
            rules.append("B-33")
        out.append(line(f"setup:{span(col.players)}", en + ".", hu + ".", *rules))
    out.append(line("setup:start", "The start player goes first: the first player at the table, unless another is chosen.",
                    "A kezdőjátékos kezd: az asztalnál elsőként ülő játékos, hacsak nem választanak mást.", "B-46"))
    return out


def _by_count(cols, attr: str, duel: bool = False) -> dict[int, Any]:
    return {n: getattr(col, attr) for col in cols for n in col.players if col.duel == duel}


def _cards_obj(k: int, lang: str) -> str:
    """A number of cards as an object: '3 cards' / '3 lapot'."""
    return f"{k} lapot" if lang == "hu" else cards_word(k, lang)


def _turn(ruleset, cols) -> list[Line]:
    out: list[Line] = []
    normal = [c for c in cols if not c.duel]
    duel = [c for c in cols if c.duel]
    if normal:
        reveal, draw = _by_count(normal, "reveal_n"), _by_count(normal, "draw_n")
        out += [
            phase_line(ruleset, "plant", "plant the front card of your hand, then, if you like, the next one.",
                       "elülteted a kezed legelső lapját, aztán ha akarod, a következőt is.", "B-09", "B-10"),
            phase_line(ruleset, "trade",
                       f"turn up {varying(reveal, _cards_obj, 'en')} from the deck; you trade and give cards with the "
                       "other players, one partner at a time, and only you end trading.",
                       f"felcsapsz {varying(reveal, _cards_obj, 'hu')} a húzópakliból; a többiekkel cserélsz és "
                       "ajándékozol, mindig egy partnerrel, és csak te zárhatod le a kereskedést.",
                       "B-13", "B-14", "B-21"),
            phase_line(ruleset, "pending", "everyone plants the cards they received, you also the face-up cards left, "
                       "in any order.",
                       "mindenki elülteti a kapott lapokat, te a megmaradt felfordított lapokat is, tetszőleges sorrendben.",
                       "B-22", "B-23", "B-24"),
            phase_line(ruleset, "draw", f"draw {varying(draw, _cards_obj, 'en')} to the back of your hand; the player "
                       "on your left is next.",
                       f"húzol {varying(draw, _cards_obj, 'hu')} a kezed végére; utána a baloldali szomszédod következik.",
                       "B-25"),
        ]
        if any(c.harvest_any_time for c in normal):
            buy = any(c.field_price is not None for c in normal)
            out.append(line("turn:any-time",
                            "At any moment, even in another player's turn: harvest one of your fields"
                            + (" or buy your 3rd field" if buy else "") + ".",
                            "Bármikor, mások körében is: betakaríthatod valamelyik babföldedet"
                            + (", vagy megveheted a 3. babföldedet" if buy else "") + ".",
                            "B-31", *(("B-34",) if buy else ())))
    for d in duel:
        pre = {"en": f"Duel ({players(d.players, 'en')}), ", "hu": f"Párbaj ({players(d.players, 'hu')}), "}
        steps = (
            ("offers", "plant or discard face up every card the opponent offered you (not in the very first turn).",
             "elülteted vagy képpel felfelé eldobod az ellenfél összes felkínált lapját (a legelső körben nem).",
             ("B-52", "B-53")),
            ("plant", "plant one or two cards from the front of your hand, then you may discard one hand card.",
             "elültetsz egy vagy két lapot a kezed elejéről, aztán eldobhatsz egy kézben tartott lapot.", ("B-54",)),
            ("take", f"turn up {_cards_obj(d.reveal_n, 'en')}, add matching cards from the discard pile and plant "
                     "those you want; the rest are offered to the opponent.",
             f"felcsapsz {_cards_obj(d.reveal_n, 'hu')}, hozzájuk veszed a dobott lapok tetejéről az egyező fajtájúakat, "
             "és elülteted, amelyiket akarod; a többit felkínálod az ellenfélnek.", ("B-55", "B-56")),
            ("draw", f"draw {_cards_obj(d.draw_n, 'en')}.", f"húzol {_cards_obj(d.draw_n, 'hu')}.", ("B-25",)),
        )
        for ph, en, hu, rules in steps:
            key = f"phase:{ph}" if ph in ("offers", "take") else f"duel:{ph}"
            out.append(line(key, f"{pre['en']}{phase_name(ruleset, ph, 'en')} — {en}",
                            f"{pre['hu']}{phase_name(ruleset, ph, 'hu')} — {hu}", *rules))
        out.append(line("turn:duel", "In the duel there is no trading, and you harvest only in your own turn.",
                        "A párbajban nincs kereskedés, és csak a saját körödben takaríthatsz be.", "B-52", "B-31"))
    return out


def _end(ruleset, cols) -> list[Line]:
    normal = [c for c in cols if not c.duel]
    out = []
    if normal:
        ends = _by_count(normal, "end_at")
        say = lambda k, lang: (f"a húzópakli {ordinal(k, lang)} kifogyásakor" if lang == "hu" else f"the {ordinal(k, lang)} time")  # noqa: E731
        out.append(line("end:passes",
                        "When the deck runs out, the discard pile is shuffled into a new deck (a deck pass). "
                        f"The game ends when it runs out {varying(ends, say, 'en')}.",
                        "Amikor a húzópakli kifogy, a dobott lapokat megkeverve új húzópakli lesz (pakli-kifogyás). "
                        f"A játék {varying(ends, say, 'hu')} ér véget.",
                        "B-37", "B-38"))
        out.append(line("end:last-pass",
                        "If that happens while cards are turned up, phases 2 and 3 are finished and nobody draws; "
                        "if it happens while drawing, the game ends at once.",
                        "Ha ez felcsapás közben történik, a 2. és 3. fázist még befejezik, húzás már nincs; ha húzás "
                        "közben, a játék azonnal véget ér.", "B-39", "B-40"))
    for d in (c for c in cols if c.duel):
        out.append(line("end:duel",
                        f"Duel: the game ends the {ordinal(d.end_at, 'en')} time the deck runs out; offered cards left over score nothing.",
                        f"Párbaj: a játék a húzópakli {ordinal(d.end_at, 'hu')} kifogyásakor ér véget; a megmaradt "
                        "felkínált lapok nem érnek semmit.", "B-57"))
    out.append(line("phase:over", "Then every field is harvested, single beans too, and the game is over.",
                    "Ezután minden babföldet betakarítanak, az egyetlen babot is, és vége a játéknak.", "B-41"))
    return out


def tie_lines(ties: Mapping[int, str], extra_rules: Sequence[str] = (),
              note: Optional[Mapping[str, str]] = None, own: Sequence[str] = ()) -> Line:
    """The tie-break line: the catalogue's words for each tie-break in force (B-47), then a shared win
    (B-43); ``note`` adds a sentence (an expansion saying whose rule it borrows), ``own`` is the
    expansion's rule that says so (cited first, T-43)."""
    say = lambda k, lang: TIE_BREAKS[k][lang]  # noqa: E731
    tail = {lang: f" {note[lang]}" if note else "" for lang in LANGS}
    return line("scoring:tie", f"Tie: {varying(ties, say, 'en')}; {SHARED['en']}.{tail['en']}",
                f"Holtverseny esetén {varying(ties, say, 'hu')}; {SHARED['hu']}.{tail['hu']}", *own, "B-47", "B-43",
                *extra_rules)


def _scoring(ruleset, cols) -> list[Line]:
    ties = {n: col.tie_break for col in cols for n in col.players}
    return [
        line("scoring:coins", "Most coins wins. Cards still in your hand are worth nothing.",
             "Az nyer, akinek a legtöbb babtallérja van. A kézben maradt lapok nem érnek semmit.", "B-43", "B-42"),
        tie_lines(ties),
    ]


def _options(ruleset, options) -> list[Line]:
    out = option_lines(ruleset, options, OPTIONS)
    from .rules import supported_counts

    prof = options["profile"]
    others = [f"{EDITIONS[k][0]}, {players(supported_counts(k), 'en')}" for k in EDITIONS if k != prof]
    others_hu = [f"{EDITIONS[k][1]}, {players(supported_counts(k), 'hu')}" for k in EDITIONS if k != prof]
    out.append(setting_line("options:editions", "; ".join(option_code("profile", k) for k in EDITIONS if k != prof),
                    f"In force: {EDITIONS[prof][0]}. The other editions: " + "; ".join(others) + ". "
                    "Some of the rule book's worked examples are set in another edition (Rio Grande's coffee, wax "
                    "and cocoa beans); a new game and the game against bots use the edition in force.",
                    f"Érvényben: {EDITIONS[prof][1]}. A többi kiadás: " + "; ".join(others_hu) + ". "
                    "A szabálykönyv néhány kidolgozott példája más kiadással játszik (a Rio Grande kávé-, viasz- és "
                    "kakaóbabjával); az új játék és a gépi játékosok elleni játék az érvényes kiadást használja.",
                    "B-45", brief={"en": "The other editions", "hu": "A többi kiadás"}))
    return out


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The base game's page shows its cards' beanometers in its own table, so no lists here."""
    return ()


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """The base game at a glance for ``options`` (default: the defaults, i.e. what a new game uses)."""
    from .rules import Bohnanza

    rs = Bohnanza()
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
