"""Bohnaparte at a glance, and its glossary (see :mod:`beannb.games.bohnanza.overview`).

Built from Bohnaparte's tables: the beans (their numbers are battle strengths), the board
cards with their victory points and minimum defence (``board.py``), the board file's
positions, camps and cards per player count, the cart and cavalry numbers, what setup
deals, the phases (``text.py``) and the options.

Every word comes from Bohnaparte's message catalogue (codes ``ov-…``, declared where they are
used): a line's text is a message read by language (English, Hungarian and the
pseudo-language), the figures the tables give (counts, strengths, card and terrain names)
are its fields.

>>> ov = overview()
>>> ov.section("scoring").lines[0].rules
('P-43', 'P-47')
>>> ov.section("scoring").lines[0].text["hu"].split("; ")[-1]
'a folyó senkié.'
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from ..bohnanza.overview import (
    DECIDED, OptionText, Overview, Reference, Term, base_terms, cline, cterm, dealt, game_title, how_to_change,
    option_lines, option_text, option_words, ordinal_words, section, seat_words, span,
)
from ..bohnanza.wording import Capital, Joined, by_players, check_words, counted, name_of
from ...i18n.messages import NC_, NPC_, ByLang, Entry, Message, Named, NamedList
from .board import HORSE_COLOURS, PLAYER_COLOURS, TERRAINS, load_board
from .cards import BEANS, CARDS
from .battle import CAVALRY_STRENGTH
from .carts import CART_SIZE
from .text import COLOURS, MESSAGES, TERRAIN_NAMES

_T = TERRAINS


def _rules():
    from . import rules

    return rules


# --------------------------------------------------------------------------------------
# Texts made of messages and figures
# --------------------------------------------------------------------------------------
def say(entry: Entry, **data: Any) -> Message:
    """A page message with its data (declared here, where it is used)."""
    return MESSAGES.say(entry, **data)


def text(entry: Entry, **data: Any) -> ByLang:
    """A page message read as ``{lang: text}`` (what a line, a term or a title holds)."""
    return MESSAGES.say(entry, **data).by_lang()


class BoardTitle:
    """The board file's title in the reader's language (its English one otherwise)."""

    __slots__ = ("board",)

    def __init__(self, board):
        self.board = board

    def text(self, lang: str = "en") -> str:
        title = self.board.title
        return title.get(lang) or title.get("en") or self.board.name


def terrain(t: str) -> Named:
    return Named(TERRAIN_NAMES, t)


def varying(values: Mapping[int, Any], word: Callable[[Any], Any]) -> Any:
    """A value that may depend on the player count: 'X', or 'X with 3 players; Y with 4–5 players'."""
    return by_players(values, word, lambda value, players: say(NC_("ov-with-players", "{value} with {span} players"),
                                                                 value=value, span=players), "; ")


#: A number of board cards of each terrain: "5 camps", "3 cities".
_TERRAIN_COUNTS = {
    "camp": NPC_("ov-count-camp", "{n} camp", "{n} camps"),
    "village": NPC_("ov-count-village", "{n} village", "{n} villages"),
    "city": NPC_("ov-count-city", "{n} city", "{n} cities"),
    "rice_field": NPC_("ov-count-rice-field", "{n} rice field", "{n} rice fields"),
    "forest": NPC_("ov-count-forest", "{n} forest", "{n} forests"),
    "steppe": NPC_("ov-count-steppe", "{n} steppe", "{n} steppes"),
    "river": NPC_("ov-count-river", "{n} river", "{n} rivers"),
    "gem_field": NPC_("ov-count-gem-field", "{n} gem field", "{n} gem fields"),
}


def terrain_counts(counts: Mapping[str, int]) -> Joined:
    """Board cards by terrain: "5 camps, 3 villages, 3 cities"."""
    check_words("terrains without their count words on the page", counts, _TERRAIN_COUNTS)
    return Joined(say(_TERRAIN_COUNTS[t], n=k) for t, k in counts.items() if k)


def victory_points(n: int) -> Message:
    return say(NPC_("ov-vp", "{n} victory point", "{n} victory points"), n=n)


# --------------------------------------------------------------------------------------
# The sections
# --------------------------------------------------------------------------------------
def _box(rs, options) -> list:
    r = _rules()
    prof = rs.profile(dealt(rs, min(rs.player_counts(options)), options).state)
    beans = sorted(prof.beans, key=lambda b: -BEANS[b].count)
    total = sum(BEANS[b].count for b in beans)
    box = {t: ter.box for t, ter in TERRAINS.items()}
    board = load_board(options["board"])
    vp = Joined(counted(terrain(t), ter.vp) for t, ter in TERRAINS.items())
    mins = Joined(counted(terrain(t), ter.min_def) for t, ter in TERRAINS.items() if ter.min_def)
    return [
        cline("box:deck", text(NC_("ov-box-deck", "{total} bean cards of {types} types; the number on a card is how "
                                   "many there are and its battle strength: {beans}."),
                               total=total, types=len(beans),
                               beans=Joined(counted(Named(CARDS, b), BEANS[b].count) for b in beans)),
              "B-01", "P-23"),
        cline("box:board", text(NC_("ov-box-board", "{total} board cards: {counts}. Victory points: {vp}; minimum "
                                    "defence: {minimum}."),
                                total=sum(box.values()), counts=terrain_counts(box), vp=vp, minimum=mins),
              "P-03", "P-24", "P-43"),
        cline("box:map", text(NC_("ov-box-map", "The board ({title}): {n} positions; {edges} pairs of them are "
                                  "neighbours."),
                              title=BoardTitle(board), n=len(board), edges=board.G.number_of_edges()), "P-10"),
        cline("box:cavalry", text(NC_("ov-box-cavalry", "{n} cavalry cards, one per steppe colour ({colours}), each "
                                      "fighting with {strength}."),
                                  n=len(HORSE_COLOURS), colours=NamedList(COLOURS, HORSE_COLOURS),
                                  strength=CAVALRY_STRENGTH), "P-05", "P-23", "P-29"),
        # The rule's own words (P-05); the carts are not counted anywhere else.
        cline("box:carts", text(NC_("ov-box-carts", "The 5 carts and the {n} cavalry cards are never board cards: they "
                                    "wait beside the board. Each cavalry goes with the steppe of its horse colour."),
                                n=len(HORSE_COLOURS)), "P-05"),
        cline("box:markers", text(NC_("ov-box-markers", "{n} player colours ({colours}), {markers} markers each."),
                                  n=len(PLAYER_COLOURS), colours=NamedList(COLOURS, PLAYER_COLOURS),
                                  markers=r.MARKERS), "P-07"),
    ]


def _players(rs, options) -> list:
    counts = rs.player_counts(options)
    board = load_board(options["board"])
    deals = {n: dealt(rs, n, options) for n in counts}
    out = [cline("players", text(NPC_("ov-players-line", "{span} player.", "{span} players."), span=span(counts),
                                 n=max(counts)), "P-01")]
    back = {}
    for n in counts:
        cards = board.card_counts(n)
        back[n] = tuple((t, TERRAINS[t].box - cards.get(t, 0)) for t in TERRAINS)
    out.append(cline("setup:box", text(NC_("ov-setup-box", "Board cards back into the box: {back}. The rest fill the "
                                           "{n} positions, one camp per player."),
                                       back=varying(back, lambda v: terrain_counts(dict(v))), n=len(board)),
                     "P-03", "P-04", "P-06"))
    hands = {n: d.hands[0] for n, d in deals.items()}
    fields = {n: d.fields for n, d in deals.items()}
    out.append(cline("setup:deal", text(
        NC_("ov-setup-deal", "Everyone is dealt {hands} and has {fields}; no field can be bought."),
        hands=varying(hands, lambda k: say(NPC_("ov-deal-cards", "{n} card", "{n} cards"), n=k)),
        fields=varying(fields, lambda k: say(NPC_("ov-deal-fields", "{n} bean field", "{n} bean fields"), n=k))),
        "B-02", "P-02"))
    return out


def phase_line(rs, phase: str, what: Message, *rules: str):
    """A turn line: the phase's own name (as the table and the narration call it), then what happens in it."""
    # TRANSLATORS: {ph} is the phase's name ("Phase 2: trade"), {txt} what happens in it.
    return cline(f"phase:{phase}", text(NC_("ov-phase-line", "{ph} — {txt}"),
                                        ph=Capital(rs.narration.phase_value(phase)), txt=what), *rules)


def _turn(rs, options) -> list:
    r = _rules()
    prof = rs.profile(dealt(rs, min(rs.player_counts(options)), options).state)
    return [
        phase_line(rs, "camp", say(NC_("ov-phase-camp", "before the first turn, the player on the start player's "
                                       "right picks a camp first, then the others counter-clockwise; your camp is your "
                                       "first territory.")), "P-07", "P-08"),
        cline("turn:start", text(NC_("ov-turn-start", "At the start of your turn your spent cavalry is ready again; "
                                     "with a gem field you turn up the top card of the deck: 6–12 becomes a coin.")),
              "P-34", "P-42"),
        phase_line(rs, "plant", say(NC_("ov-phase-plant", "plant the front card of your hand, then, if you like, the "
                                        "next one.")), "B-09", "B-10"),
        phase_line(rs, "trade", say(NPC_("ov-phase-trade",
                                         "turn up {n} card, plus one per rice field you own, and trade as in the base "
                                         "game.",
                                         "turn up {n} cards, plus one per rice field you own, and trade as in the base "
                                         "game."), n=prof.reveal_n), "B-13", "P-41"),
        phase_line(rs, "pending", say(NC_("ov-phase-pending", "everyone plants the cards they received, you also the "
                                          "face-up cards left.")), "B-23"),
        phase_line(rs, "battle", say(NC_("ov-phase-battle", "pay 1 coin per attack on a territory next to yours (or "
                                         "across a river, if you own a forest). You fight with a hand card, the top "
                                         "card of the deck or a cavalry; the defender with a hand card or the deck. "
                                         "The higher number wins; a tie goes to the defender. You end the step "
                                         "yourself.")),
                   "P-16", "P-17", "P-12", "P-13", "P-19", "P-20", "P-25", "P-49"),
        phase_line(rs, "cart", say(NPC_("ov-phase-cart",
                                        "you draw {n} card plus one per village you own; with a cart they go onto it "
                                        "first and you take the same number into your hand, leaving {stay} there.",
                                        "you draw {n} cards plus one per village you own; with a cart they go onto "
                                        "it first and you take the same number into your hand, leaving {stay} there."),
                                   n=prof.draw_n, stay=CART_SIZE), "P-09", "P-40", "P-38"),
        cline("turn:cart", text(NPC_("ov-turn-cart", "On your turn, if you own a forest, you may buy a cart for {n} "
                                     "coin.",
                                     "On your turn, if you own a forest, you may buy a cart for {n} coins."),
                                n=r.CART_PRICE), "P-36"),
        cline("turn:any-time", text(NC_("ov-turn-any-time", "At any moment, even in another player's turn, you may "
                                        "harvest a field.")), "B-31"),
    ]


def _end(rs, options) -> list:
    ends = {n: rs.profile(dealt(rs, n, options).state).end_at for n in rs.player_counts(options)}
    # TRANSLATORS: {nth} is the ordinal of the deck's running out ("3rd" / "3.").
    when = varying(ends, lambda k: say(NC_("ov-end-when", "the {nth} time"), nth=ordinal_words(k)))
    return [
        cline("end:passes", text(NC_("ov-end-passes", "The game ends when the deck runs out {when}, as in the base "
                                     "game; a battle under way is finished first."), when=when),
              "P-09", "P-44", "P-45"),
        cline("end:last-territory", text(NC_("ov-end-last-territory", "It also ends right after a battle in which a "
                                             "player loses their last territory.")), "P-46"),
        cline("phase:over", text(NC_("ov-end-over", "Then the territories are counted.")), "P-43"),
    ]


def _scoring(rs, options) -> list:
    scored = Joined(counted(terrain(t), ter.vp) for t, ter in TERRAINS.items() if ter.territory)
    rivers = Joined(terrain(t) for t, ter in TERRAINS.items() if not ter.territory)
    if options["vp_tiebreak"] == "shared":
        tie = say(NC_("ov-tie-shared", "players tied for most share the win"))
    else:
        tie = say(NC_("ov-tie-coins", "more coins after a final sale of the fields decides, then most cards in hand; "
                                      "still tied: shared"))
    return [
        cline("scoring:vp", text(NC_("ov-scoring-vp", "Most victory points wins; coins don't count. Points per "
                                     "territory: {scored}; a {rivers} is nobody's."), scored=scored, rivers=rivers),
              "P-43", "P-47"),
        cline("scoring:tie", text(NC_("ov-scoring-tie", "Tie: {tie}."), tie=tie), "P-47"),
    ]


# --------------------------------------------------------------------------------------
# The options
# --------------------------------------------------------------------------------------
def _positions(value: Any) -> Optional[Message]:
    """Camp positions given as a list of labels."""
    if isinstance(value, (list, tuple)) and value:
        return say(NC_("ov-value-positions", "positions {positions}"), positions=", ".join(map(str, value)))
    return None


def _layout(value: Any) -> Optional[Message]:
    """A fixed layout: say that it is fixed and how many positions it sets."""
    if isinstance(value, dict):
        return say(NPC_("ov-value-layout", "fixed, {n} position", "fixed, {n} positions"), n=len(value))
    return None


def _colours(value: Any) -> Any:
    """Camp colours given as a list."""
    if isinstance(value, (list, tuple)):
        return NamedList(COLOURS, value) if value else say(NC_("ov-value-no-colours", "none"))
    return None


OPTIONS: dict[str, OptionText] = {
    "profile": option_words(say(NC_("ov-option-profile", "Base deck")), ("B-01", "P-23"),
                            {"AMIGO_1997": say(NC_("ov-option-profile-amigo", "the 1997 box, 8 bean types"))}),
    "start_seat": option_text(text(NC_("ov-option-start-seat", "Seat of the start player")), ("B-46",),
                             short=text(NC_("ov-option-start-seat-short", "Start player")), say=seat_words),
    "same_type_fields": option_words(
        say(NC_("ov-option-same-type-fields", "May two of your fields grow the same bean type")), ("B-08", "B-50"),
        {None: say(NC_("ov-option-same-type-fields-none", "as the base game (yes)"))},
        say(NC_("ov-option-same-type-fields-short", "One bean type in two fields"))),
    "board": option_words(say(NC_("ov-option-board", "Board")), ("P-10",),
                          {"standard": say(NC_("ov-option-board-standard", "the 19-hex board"))}),
    "camps": option_words(say(NC_("ov-option-camps", "Camp positions")), ("P-06",),
                          {None: say(NC_("ov-option-camps-none", "the board's, for the number of players"))},
                          say=_positions),
    "layout": option_words(say(NC_("ov-option-layout", "Board cards on the other positions")), ("P-06",),
                           {None: say(NC_("ov-option-layout-none", "shuffled"))},
                           say(NC_("ov-option-layout-short", "Other board cards")), _layout),
    "removed_camps": option_words(say(NC_("ov-option-removed-camps", "Camp colours back in the box")), ("P-03",),
                                  {None: say(NC_("ov-option-removed-camps-none", "drawn at random"))},
                                  say(NC_("ov-option-removed-camps-short", "Camps in the box")), _colours),
    "destruction": option_words(say(NC_("ov-option-destruction", "Variant: a captured city is burned")), ("P-48",),
                                short=say(NC_("ov-option-destruction-short", "Cities burned"))),
    "gem_reveals": option_words(say(NC_("ov-option-gem-reveals", "Gem fields turn up")), ("P-42",),
                                {"one": say(NC_("ov-option-gem-reveals-one", "one card a turn")),
                                 "per_field": say(NC_("ov-option-gem-reveals-per-field", "one card per gem field"))},
                                say(NC_("ov-option-gem-reveals-short", "Gem fields"))),
    "cart_in_battle": option_words(
        say(NC_("ov-option-cart-in-battle", "A cart owner's battle card from the deck goes via the cart")), ("P-38",),
        short=say(NC_("ov-option-cart-in-battle-short", "Battle card via the cart"))),
    "cavalry_crosses_rivers": option_words(say(NC_("ov-option-cavalry-crosses-rivers", "Cavalry may cross rivers")),
                                           ("P-13",)),
    "battle_after_final_reveal": option_words(
        say(NC_("ov-option-battle-after-final-reveal", "Battles after a game-ending reveal")), ("P-44",),
        short=say(NC_("ov-option-battle-after-final-reveal-short", "Battles after the last reveal"))),
    "vp_tiebreak": option_words(say(NC_("ov-option-vp-tiebreak", "Equal victory points")), ("P-47",),
                                {"shared": say(NC_("ov-option-vp-tiebreak-shared", "a shared win")),
                                 "coins": say(NC_("ov-option-vp-tiebreak-coins",
                                                  "more coins after a final sale decides"))}),
    "without": option_words(
        say(NC_("ov-option-without", "Strategy lab study: every territory of one terrain becomes a village (a forest "
                                     "for the village)")), ("P-06",),
        {None: say(NC_("ov-option-without-none", "none, the usual board cards"))},
        say(NC_("ov-option-without-short", "Terrain replaced")), name_of(TERRAIN_NAMES, TERRAINS)),
}


# --------------------------------------------------------------------------------------
# The glossary
# --------------------------------------------------------------------------------------
GLOSSARY = tuple(base_terms("bean", "field", "beanometer", "harvest")) + (
    # The base wording says coins decide the winner; here they only pay (P-17, P-36, P-47).
    cterm("coin", text(NC_("ov-term-coin", "coin")),
          text(NC_("ov-term-coin-text", "A harvested bean card turned face down on your coin stack. Here coins don't "
                                        "win: each attack costs one coin, a cart {price}."), price=_rules().CART_PRICE),
          ("B-27", "P-17", "P-36", "P-47"), ("coins",), ("tallér",)),
) + tuple(base_terms("hand", "front-card", "plant", "lone-bean", "active-player")) + (
    # Bohnaparte's own turn: the battle step comes between phases 3 and 4 (P-16).
    cterm("turn", text(NC_("ov-term-turn", "turn")),
          text(NC_("ov-term-turn-text", "One player's go: at its start spent cavalry is ready again and a gem field "
                                        "turns up a card; then plant, turn up and trade, plant traded cards, the "
                                        "battle step and the draw. Then the player on the left is next.")),
          ("B-25", "P-34", "P-42", "P-16"), ("turn",), ("kör",)),
    cterm("phase", text(NC_("ov-term-phase", "phase")),
          text(NC_("ov-term-phase-text", "One of the parts of a turn: phase 1 plant, phase 2 turn up and trade, "
                                         "phase 3 plant traded cards, then the battle step, then phase 4 draw "
                                         "(through your cart if you own one).")),
          ("B-09", "B-13", "B-23", "P-16", "P-38"), ("phase", "step"), ("fázis", "lépés")),
) + tuple(base_terms("face-up", "trade", "pending", "draw", "deck", "discard", "deck-pass", "start-player")) + (
    cterm("board", text(NC_("ov-term-board", "board and positions")),
          text(NC_("ov-term-board-text", "The hex map: positions, each holding one board card, and which positions "
                                         "are neighbours.")),
          ("P-04", "P-10"), ("map", "board", "graph", "position"), ("térkép", "játéktér", "mező", "gráf")),
    cterm("territory", text(NC_("ov-term-territory", "territory")),
          text(NC_("ov-term-territory-text", "A board card that can be owned: every kind except the river. Owners "
                                             "mark it with their marker.")),
          ("P-08", "P-11", "P-26"), ("territor", "owner", "marker", "token", "neutral"),
          ("terület", "tulajdonos", "jelző", "semleges")),
    cterm("camp", text(NC_("ov-term-camp", "camp")),
          text(NC_("ov-term-camp-text", "Your starting territory, in your colour; you choose it before the first "
                                        "turn.")),
          ("P-07", "P-08"), ("camp",), ("tábor",)),
    cterm("village", text(NC_("ov-term-village", "village")),
          text(NC_("ov-term-village-text", "Each village you own adds a card to your phase-4 draw; it defends at least "
                                           "at {minimum}."), minimum=_T["village"].min_def),
          ("P-40", "P-24"), ("village",), ("falu",)),
    cterm("city", text(NC_("ov-term-city", "city")),
          text(NC_("ov-term-city-text", "Worth {vp} victory points; defends at least at {minimum}; cavalry can't "
                                        "attack it."), vp=_T["city"].vp, minimum=_T["city"].min_def),
          ("P-43", "P-24", "P-30"), ("city", "burned"), ("város", "feléget")),
    cterm("rice-field", text(NC_("ov-term-rice-field", "rice field")),
          text(NC_("ov-term-rice-field-text", "Each rice field you own adds a card to the cards you turn up in phase "
                                              "2.")),
          ("P-41",), ("rice",), ("rizsföld",)),
    cterm("forest", text(NC_("ov-term-forest", "forest")),
          text(NC_("ov-term-forest-text", "Owning a forest lets you cross rivers and buy a cart; it defends at least "
                                          "at {minimum}."), minimum=_T["forest"].min_def),
          ("P-13", "P-36", "P-24"), ("forest",), ("erdő",)),
    cterm("steppe", text(NC_("ov-term-steppe", "steppe")),
          text(NC_("ov-term-steppe-text", "Whoever owns a steppe owns the cavalry of its horse colour.")),
          ("P-29", "P-35"), ("steppe",), ("sztyepp",)),
    cterm("gem-field", text(NC_("ov-term-gem-field", "gem field")),
          text(NC_("ov-term-gem-field-text", "With a gem field you turn up the deck's top card at the start of your "
                                             "turn: a low card becomes a coin.")),
          ("P-42",), ("gem",), ("gyémántmező",)),
    cterm("river", text(NC_("ov-term-river", "river and river crossing")),
          text(NC_("ov-term-river-text", "A river is nobody's. If you own a forest, a river next to your territory "
                                         "carries your attack to every territory along it (and along rivers joined to "
                                         "it).")),
          ("P-11", "P-13", "P-14"), ("river", "crossing", "via"), ("folyó", "átkel", "át:")),
    cterm("attack", text(NC_("ov-term-attack", "attack and battle")),
          text(NC_("ov-term-attack-text", "In the battle step you pay a coin to attack a territory you can reach; both "
                                          "sides play a card and the higher number wins, a tie going to the "
                                          "defender.")),
          ("P-16", "P-17", "P-19", "P-20", "P-25"),
          ("attack", "battle", "can attack", "targets", "defen", "wave", "face down"),
          ("támad", "megtámad", "csat", "védekez", "védeked", "védelem", "hullám", "célpont",
           "képpel lefelé")),
    cterm("strength", text(NC_("ov-term-strength", "battle strength and minimum defence")),
          text(NC_("ov-term-strength-text", "A bean card fights with its printed number, a cavalry with {strength}; "
                                            "cities, forests and villages defend at least at a fixed number."),
               strength=CAVALRY_STRENGTH),
          ("P-23", "P-24"), ("strength", "minimum"), ("erő", "minimum")),
    cterm("cavalry", text(NC_("ov-term-cavalry", "cavalry (ready or spent)")),
          text(NC_("ov-term-cavalry-text", "Fights with {strength} in a first wave; if it loses it is spent and a "
                                           "second wave follows at once. Spent cavalry is ready again at the start of "
                                           "its owner's turn."), strength=CAVALRY_STRENGTH),
          ("P-30", "P-31", "P-32", "P-34"), ("cavalry", "ready", "spent", "second wave"),
          ("lovasság", "bevethető", "legyőzött", "második hullám")),
    cterm("cart", text(NC_("ov-term-cart", "cart")),
          text(NC_("ov-term-cart-text", "Bought for coins if you own a forest; your phase-4 draw goes onto it and you "
                                        "pick the cards you take.")),
          ("P-36", "P-37", "P-38"), ("cart",), ("kordé",)),
    cterm("vp", text(NC_("ov-term-vp", "victory points (VP)")),
          text(NC_("ov-term-vp-text", "What wins: points for the territories you own; coins only pay for attacks.")),
          ("P-43", "P-47"), ("vp", "victory point", "score", "win", "tie", "game over", "end of the game"),
          ("gyp", "győzelmi pont", "pont", "győz", "nyer", "holtverseny", "vége a játéknak", "a játék vége")),
)


# -- the lists below the overview: every territory and card, questions decided ------------------


def _territory_texts(prof) -> dict[str, tuple[Message, tuple[str, ...]]]:
    """Each terrain's full text on the page, with its rules."""
    m = {t: ter.min_def for t, ter in TERRAINS.items()}
    vp = {t: victory_points(ter.vp) for t, ter in TERRAINS.items()}
    return {
        "camp": (say(NC_("ov-ref-camp", "Your starting territory, in your colour; {vp}, no ability and no minimum "
                                        "defence. Losing it doesn't knock you out: you play on with your other "
                                        "territories."), vp=vp["camp"]),
                 ("P-08", "P-43", "P-46")),
        "village": (say(NC_("ov-ref-village", "{vp}; defends at least at {minimum}. Each village you own when your "
                                              "phase-4 draw starts adds one card to it, so you draw {n} plus your "
                                              "villages, villages won in this turn's battles included."),
                        vp=vp["village"], minimum=m["village"], n=prof.draw_n),
                    ("P-40", "P-24", "P-43")),
        "city": (say(NC_("ov-ref-city", "{vp}; defends at least at {minimum}: a lower defending card counts as "
                                        "{minimum}. A cavalry can't attack it. With the destruction variant a captured "
                                        "city is burned: from then on it is a plain territory worth 1 point, without "
                                        "minimum defence and open to cavalry, and whoever burned it gains a 1-point "
                                        "token for good."), vp=vp["city"], minimum=m["city"]),
                 ("P-43", "P-24", "P-30", "P-48")),
        "rice_field": (say(NC_("ov-ref-rice-field", "{vp}. Each rice field you own adds one card to the cards you turn "
                                                    "up in phase 2, so you turn up {n} plus your rice fields; all of "
                                                    "them are traded or planted as usual."),
                           vp=vp["rice_field"], n=prof.reveal_n),
                       ("P-41", "P-43")),
        "forest": (say(NC_("ov-ref-forest", "{vp}; defends at least at {minimum}; a cavalry can't attack it. Owning a "
                                            "forest lets you attack across rivers and is needed to buy a cart."),
                       vp=vp["forest"], minimum=m["forest"]),
                   ("P-24", "P-30", "P-13", "P-36")),
        "steppe": (say(NC_("ov-ref-steppe", "{vp}. Its owner owns the cavalry of its horse colour, as it is (ready or "
                                            "spent); whoever takes the steppe takes the cavalry."),
                       vp=vp["steppe"]),
                   ("P-29", "P-35", "P-43")),
        "river": (say(NC_("ov-ref-river", "Not a territory: nobody owns it, attacks it or scores for it. Without a "
                                          "forest it is a wall; with a forest, a river next to one of your territories "
                                          "lets you attack every territory along it and along the rivers joined to "
                                          "it.")),
                  ("P-11", "P-13", "P-14")),
        "gem_field": (say(NC_("ov-ref-gem-field", "{vp}. At the start of your turn, before you plant, turn up the top "
                                                  "card of the deck: a card of 6 to 12 becomes a coin on your stack, "
                                                  "14 to 20 goes onto the discard pile. One card a turn, however many "
                                                  "gem fields you own."), vp=vp["gem_field"]),
                      ("P-42", "P-43")),
    }


def _territories(prof) -> Reference:
    r = _rules()
    texts = _territory_texts(prof)
    check_words("terrains without their text on the page", TERRAINS, texts)
    entries = [Term(f"terrain:{t}", ByLang(Capital(terrain(t))), texts[t][0].by_lang(), texts[t][1])
               for t in TERRAINS]
    entries += [
        Term("card:cart", text(NC_("ov-ref-cart", "Cart")),
             text(NC_("ov-ref-cart-text", "Not a territory but your own card. If you own a forest you may buy one, "
                                          "once, for {price} coins on your own turn, outside battles and draws; the "
                                          "top {n} deck cards go onto it. Your phase-4 draw then goes onto the cart "
                                          "first: you look at all its cards, take as many as you drew into your hand "
                                          "in the order you like, and {n} stay on it. Cart cards are not hand cards, "
                                          "are never reshuffled and are worth nothing at the end. You keep the cart "
                                          "even if you lose your forests."), price=r.CART_PRICE, n=CART_SIZE),
             ("P-36", "P-37", "P-38", "P-39")),
        Term("card:cavalry", text(NC_("ov-ref-cavalry", "Cavalry")),
             text(NC_("ov-ref-cavalry-text", "Belongs to whoever owns the steppe of its colour. It attacks with "
                                             "strength {strength}, never a forest or a city. If it wins, the territory "
                                             "is taken and the cavalry stays ready: it may attack again this turn, "
                                             "each attack paying its own coin. If it loses, it is spent and a second "
                                             "wave follows at once, without another coin: you play a hand card or the "
                                             "deck card, the defender a new card, and that wave decides. Spent cavalry "
                                             "is ready again at the start of its owner's turn."),
                  strength=CAVALRY_STRENGTH),
             ("P-29", "P-30", "P-31", "P-32", "P-33", "P-34")),
    ]
    return Reference("territories", text(NC_("ov-ref-territories", "The territories and the other cards")),
                     tuple(entries))


def _decided() -> Reference:
    return Reference("decided", DECIDED, (
        Term("decided:attack-again",
             text(NC_("ov-decided-attack-again", "May a territory be attacked again after a failed attack?")),
             text(NC_("ov-decided-attack-again-text",
                      "Yes. A failed attack changes nothing and its coin is not given back, but the battle step goes "
                      "on: you may attack the same territory again, as often as you can pay a coin for each attack. "
                      "(Whatever the outcome of a battle, the rule book lets the active player start more attacks.) "
                      "Only a cavalry that lost its first wave is spent for the rest of the turn.")),
             ("P-18", "P-27", "P-49", "P-32")),
    ))


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The lists on the page below the overview: every territory and the other cards, in full,
    and the questions the rules decide."""
    from .rules import Bohnaparte

    rs = Bohnaparte()
    opts = rs.check_options(dict(options or {}))
    prof = rs.profile(dealt(rs, min(rs.player_counts(opts)), opts).state)
    return (_territories(prof), _decided())


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """Bohnaparte at a glance for ``options`` (default: what a new game uses)."""
    from .rules import Bohnaparte

    rs = Bohnaparte()
    opts = rs.check_options(dict(options or {}))
    return Overview(rs.name, game_title(rs), opts, (
        section("box", _box(rs, opts)),
        section("players", _players(rs, opts)),
        section("turn", _turn(rs, opts)),
        section("end", _end(rs, opts)),
        section("scoring", _scoring(rs, opts)),
        section("options", option_lines(rs, opts, OPTIONS), teacher=how_to_change(rs.name, "destruction=True")),
    ), GLOSSARY)
