"""The takeover expansion at a glance, and its glossary (see :mod:`beannb.games.bohnanza.overview`).

Built from the expansion's tables: the bean deck and handicaps, the text cards, the Snap
payouts (``cards.py``), what setup deals at each player count, the copy limits and the
end of the game (the ruleset), the phases and the action letters (``text.py``).

Every word comes from the expansion's message catalogue (codes ``ov-…``, declared here where
they are used); what the code works out (counts, card names, the player counts a value holds
for) fills the messages' fields, so each line reads naturally in every language:

>>> ov = overview()
>>> ov.section("scoring").lines[-1].rules
('T-43', 'B-47', 'B-43')
>>> ov.section("players").lines[0].text["hu"]
'2–5 játékos.'
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from ...i18n.messages import NC_, NPC_, Entry, Message, Named
from ..bohnanza.overview import (
    Line, OptionText, Overview, Reference, Term, base_terms, cline, cterm, dealt, game_title, how_to_change,
    option_lines, option_text, option_words, ordinal_words, seat_words, section, span,
)
from ..bohnanza.wording import Capital, Joined, Words, by_players, check_words, counted, name_of
from .cards import CARDS, HANDICAP, SNAP, SNAP_BEAN, TEXT_CARDS, TEXT_IDS, snap_end, snap_in_game
from .text import MESSAGES, letter_name


# --------------------------------------------------------------------------------------
# Putting worked-out values into messages
# --------------------------------------------------------------------------------------
def _say(entry: Entry, **data: Any) -> Message:
    """A message declared where it is used, with its data (shown later in the reader's language)."""
    return MESSAGES.say(entry, **data)


def _t(entry: Entry, **data: Any) -> Mapping[str, str]:
    """A message read as ``{lang: text}`` (what a line, a term or a title holds)."""
    return MESSAGES.say(entry, **data).by_lang()


def _name(card: str) -> Mapping[str, str]:
    """A card's name by language (from the catalogue, as every word)."""
    return Words(Named(CARDS, card))


def _counted(card: str, n: int) -> Joined:
    """A card's name and a number: "Blue 20"."""
    return counted(Named(CARDS, card), n)


AT_PLAYERS = NC_("ov-at-players", "{what} with {players} players")


def _varying(values: Mapping[int, Any], say: Callable[[Any], Any]) -> Any:
    """A value that may depend on the player count, in words: "X" or "X with 2 players, Y with
    3–5 players" (``say`` words one value as a message)."""
    return by_players(values, say, lambda what, players: _say(AT_PLAYERS, what=what, players=players), ", ")


def _counter(entry: Entry) -> Callable[[int], Message]:
    """A number in words: the plural message ``entry`` filled with ``n`` ("3 coins")."""
    return lambda n: _say(entry, n=n)


_n_players = _counter(NPC_("ov-n-players", "{n} player", "{n} players"))
_coins = _counter(NPC_("ov-n-coins", "{n} coin", "{n} coins"))
_cards = _counter(NPC_("ov-n-cards", "{n} card", "{n} cards"))


# --------------------------------------------------------------------------------------
# What is in the box
# --------------------------------------------------------------------------------------
def _snap_rows(pays: Callable[[int], Any]) -> list[tuple[str, Any]]:
    """Snap's payouts (T-09, T-10) by the number of Snap cards harvested ("2", "3–4", "8+")."""
    rows: dict[Any, list[int]] = {}
    for n in range(1, 9):
        rows.setdefault(pays(n), []).append(n)
    return [(f"{ns[0]}+" if ns[-1] == 8 else span(ns), v) for v, ns in rows.items()]


def _snap() -> Joined:
    """Snap's in-game payouts from the table (T-09): '2: 1 text card; 3–4: 2 text cards; …'."""
    parts = []
    for ns, (texts, coins) in _snap_rows(snap_in_game):
        if texts == coins == 0:
            continue
        what: Any = _say(NPC_("ov-n-text-cards", "{n} text card", "{n} text cards"), n=texts)
        if coins:
            what = _say(NC_("ov-snap-and", "{texts} and {coins}"), texts=what, coins=_coins(coins))
        parts.append(Joined((ns, what), ": "))
    return Joined(parts, "; ")


def _snap_end() -> str:
    return "; ".join(f"{ns}: {c}" for ns, c in _snap_rows(snap_end) if c)


def _handicap_order() -> Joined:
    return Joined(_counted(b, HANDICAP[b]) for b in sorted(HANDICAP, key=HANDICAP.__getitem__))


def _box(rs) -> list[Line]:
    cards = rs.cards
    deck = rs.build_deck(None)
    types = list(dict.fromkeys(deck))
    beans = Joined(_counted(b, cards.beans[b].count) for b in types)
    hcap = _handicap_order()
    snap = Named(CARDS, SNAP)
    return [
        cline("box:deck", _t(NC_("ov-box-deck", "{n} bean cards of {types} types: {beans}."),
                             n=len(deck), types=len(types), beans=beans), "T-01"),
        cline("box:handicap", _t(NC_("ov-box-handicap", "Each type's handicap is its card count, except {snap}'s: "
                                                        "{handicaps}."), snap=snap, handicaps=hcap), "T-02"),
        cline("box:snap", _t(NC_("ov-box-snap", "{snap} has no beanometer. During the game it pays {pays}; after the "
                                                "deck has run out for the last time it pays coins only: {end}."),
                             snap=snap, pays=_snap(), end=_snap_end()), "T-09", "T-10"),
        cline("box:texts", _t(NC_("ov-box-texts", "{n} text cards, each a special action used once: {cards}."),
                              n=len(TEXT_CARDS), cards=Joined(Named(CARDS, c.id) for c in TEXT_CARDS)), "T-06", "T-12"),
        cline("box:active-card", _t(NC_("ov-box-active-card", "The active-player card: its front shows whose turn it "
                                                              "is; turned over, it shows that this player has harvested "
                                                              "with action d) this turn.")), "T-16", "T-37"),
    ]


# --------------------------------------------------------------------------------------
# Players and setup
# --------------------------------------------------------------------------------------
def _players(rs, options) -> list[Line]:
    counts = rs.player_counts(options)
    out = [cline("players", _t(NC_("ov-players", "{players} players."), players=span(counts)), "T-03")]
    deals = {n: dealt(rs, n, options) for n in counts}
    fields = {n: d.fields for n, d in deals.items()}
    hands = {n: d.hands[0] for n, d in deals.items()}
    texts = {n: len(d.state.players[0].texts) for n, d in deals.items()}
    under = {len(d.state.garden_under) for d in deals.values()}.pop()
    say_fields = _counter(NPC_("ov-n-fields-had", "{n} bean field", "{n} bean fields"))
    say_hand = _counter(NPC_("ov-n-cards-dealt", "{n} card", "{n} cards"))
    say_texts = _counter(NPC_("ov-n-text-cards-got", "{n} text card", "{n} text cards"))
    out.append(cline("setup:fields", _t(NC_("ov-setup-fields", "Everyone has {fields}, each starting with one bean "
                                                               "turned up from the deck; nobody ever buys a field."),
                                        fields=_varying(fields, say_fields)), "T-03", "T-05"))
    out.append(cline("setup:hand", _t(NC_("ov-setup-hand", "Everyone is dealt {cards}; the order of your hand doesn't "
                                                           "matter."), cards=_varying(hands, say_hand)), "T-05", "T-07"))
    out.append(cline("setup:texts", _t(NC_("ov-setup-texts", "Everyone gets {texts} face down; the rest form the text "
                                                             "deck."), texts=_varying(texts, say_texts)), "T-06"))
    out.append(cline("setup:garden", _t(NPC_("ov-setup-garden",
                                             "{n} garden bean lies face up under the deck; nobody can draw it from "
                                             "there.",
                                             "{n} garden beans lie face up under the deck; nobody can draw them from "
                                             "there."), n=under), "T-04"))
    return out


# --------------------------------------------------------------------------------------
# A turn
# --------------------------------------------------------------------------------------
def _copies(rs, options) -> dict[int, tuple[int, int]]:
    """Players -> (copies of an action allowed, in the first turn), from the ruleset."""
    out = {}
    for n in rs.player_counts(options):
        s = dealt(rs, n, options).state
        out[n] = (rs.copy_limit(s.replace(turn=s.n + 1), "a"), rs.copy_limit(s.replace(turn=1), "a"))
    return out


def _phase(phase: str) -> Capital:
    """A phase's name as the narration and the table show it, opening a line."""
    return Capital(MESSAGES.message("phase-" + phase))


def _turn(rs, options) -> list[Line]:
    letters = Joined(Joined((f"{k})", letter_name(k)), " ") for k in "abcde")
    copies = _copies(rs, options)
    later = {n: c[0] for n, c in copies.items()}
    hand = {dealt(rs, n, options).hands[0] for n in rs.player_counts(options)}.pop()
    return [
        cline("phase:turn", _t(NC_("ov-phase-turn", "{phase} — take normal actions in any order, as often as you like: "
                                                    "{letters}; but harvest with d) only once, and then the "
                                                    "active-player card is turned over."),
                               phase=_phase("turn"), letters=letters),
              "T-15", "T-16", "T-17", "T-18", "T-20"),
        cline("turn:copy", _t(NC_("ov-turn-copy", "After each of your normal actions the response window opens: the "
                                                  "passive players are asked one at a time, from your left, whether "
                                                  "they copy it or pass. An action may be copied by {copiers} (by "
                                                  "everyone in the very first turn). Copies are never copied."),
                              copiers=_varying(later, _n_players)),
              "T-30", "T-31", "T-32", "T-36"),
        cline("turn:takeover", _t(NC_("ov-turn-takeover", "e) Hostile takeover: swap a field of yours for the "
                                                          "corresponding field of another player if yours is stronger "
                                                          "(more cards; with equal cards, the lower handicap). The "
                                                          "owner may defend by laying a text card face down on it; the "
                                                          "field is then protected.")),
              "T-22", "T-23", "T-24", "T-25"),
        cline("turn:special", _t(NC_("ov-turn-special", "Text cards give special actions: the active player plays them "
                                                        "between or with actions, a passive player when asked to "
                                                        "respond; they are never copied.")),
              "T-13", "T-14", "T-58"),
        cline("turn:end", _t(NC_("ov-turn-end", "You end your turn by passing the active-player card to your left. Then "
                                                "you draw up to {n} cards, then everyone else clockwise from the new "
                                                "active player."), n=hand), "T-37"),
        cline("turn:no-trade", _t(NC_("ov-turn-no-trade", "There is no trading and no giving away cards.")), "T-08"),
    ]


# --------------------------------------------------------------------------------------
# The end, scoring and ties
# --------------------------------------------------------------------------------------
def _end(rs, options) -> list[Line]:
    ends = {n: rs.end_at(dealt(rs, n, options).state) for n in rs.player_counts(options)}
    say = lambda k: _say(NC_("ov-end-time", "the {ordinal} time"), ordinal=ordinal_words(k))  # noqa: E731
    return [
        cline("end:passes", _t(NC_("ov-end-passes", "The end begins when the deck runs out {when}. Until then the "
                                                    "discards are shuffled into a new deck, the first two times each "
                                                    "with one of the garden beans from under it."),
                               when=_varying(ends, say)),
              "T-40", "T-38", "T-39"),
        cline("phase:final", _t(NC_("ov-phase-final", "{phase} — no more cards are drawn and c) is gone; the active "
                                                      "player may still act, then harvests every field, then the others "
                                                      "clockwise, single beans too."), phase=_phase("final")),
              "T-41", "T-42"),
        cline("phase:over", _t(NC_("ov-phase-over", "Then the game is over and scored.")), "T-43"),
    ]


#: The base game's tie-breaks (B-47) by their profile value, in the catalogue's words (another
#: tie-break in the expansion's profile would change the sentence: it is read, not written down).
TIE_BREAKS: dict[str, Message] = {
    "HAND_CARDS": _say(NC_("ov-tie-hand-cards", "the tied player holding the most cards in hand after the game has "
                                                "ended wins")),
    "FARTHEST_CLOCKWISE": _say(NC_("ov-tie-farthest", "the tied player sitting farthest clockwise from the start "
                                                      "player wins, so the start player loses every tie")),
}


def _scoring(rs, options) -> list[Line]:
    ties = {n: rs.profile(dealt(rs, n, options).state).tie_break for n in rs.player_counts(options)}
    return [cline("scoring:pennies", _t(NC_("ov-scoring-pennies", "Each coin is worth 100 bean pennies and each unused "
                                                                  "text card still lying face down in front of you 10. "
                                                                  "The most pennies wins.")), "T-43"),
            cline("scoring:tie", _t(NC_("ov-scoring-tie", "Tie: {tie_break}; players still tied share the win. (The "
                                                          "expansion's rules are silent on ties: the base game's rule "
                                                          "applies.)"), tie_break=_varying(ties, TIE_BREAKS.__getitem__)),
                  "T-43", "B-47", "B-43")]


# --------------------------------------------------------------------------------------
# The options in force
# --------------------------------------------------------------------------------------
OPTIONS: dict[str, OptionText] = {
    "start_seat": option_text(
        _t(NC_("ov-option-start-seat", "Seat of the start player")), ("B-46",),
        {None: _say(NC_("ov-option-start-seat-random", "drawn at random"))},
        _t(NC_("ov-option-start-seat-short", "Start player")), seat_words),
    "first_exception": option_words(
        _say(NC_("ov-option-first-exception", "The first-turn exception to copying and takeovers covers")),
        ("T-32", "T-34"),
        {"first_turn": _say(NC_("ov-option-first-exception-turn", "the start player's first turn")),
         "first_round": _say(NC_("ov-option-first-exception-round", "the whole first round"))},
        _say(NC_("ov-option-first-exception-short", "First-turn exception covers"))),
    "late_windows": option_words(
        _say(NC_("ov-option-late-windows", "Players after the copy limit")), ("T-30", "T-14"),
        {"none": _say(NC_("ov-option-late-windows-none", "are not asked")),
         "pass_only": _say(NC_("ov-option-late-windows-pass", "are asked, may only pass, and may play special "
                                                              "actions"))},
        _say(NC_("ov-option-late-windows-short", "After the copy limit"))),
    "performed_scope": option_words(
        _say(NC_("ov-option-performed", "Who counts as having performed a takeover")), ("T-26", "T-34"),
        {"turn": _say(NC_("ov-option-performed-turn", "anyone who attempted one this turn")),
         "sequence": _say(NC_("ov-option-performed-sequence", "only within one action and its copies"))},
        _say(NC_("ov-option-performed-short", "Performed a takeover"))),
    "chemistry_final_harvest": option_words(
        _say(NC_("ov-option-chemistry", "{card} may also be used in the final harvest"),
             card=Named(CARDS, "chemistry-set")), ("T-61",),
        short=_say(NC_("ov-option-chemistry-short", "{card} at the final harvest"), card=Named(CARDS, "chemistry-set"))),
    "pirate_targets": option_words(
        _say(NC_("ov-option-pirate", "{card} robs"), card=Named(CARDS, "pirate-raid")), ("T-55",),
        {"all": _say(NC_("ov-option-pirate-all", "every eligible player")),
         "subset": _say(NC_("ov-option-pirate-subset", "the players you choose"))},
        _say(NC_("ov-option-pirate-short", "{card} robs"), card=Named(CARDS, "pirate-raid"))),
    "without": option_words(
        _say(NC_("ov-option-without", "Strategy lab study: one text card left out of the game")), ("T-06",),
        {None: _say(NC_("ov-option-without-none", "none, all {n} text cards are in play"), n=len(TEXT_CARDS))},
        _say(NC_("ov-option-without-short", "Text card left out")), name_of(CARDS, TEXT_IDS)),
}


#: What the options section says about the house rules: the rule book's open questions that
#: they settle, in words (the settings themselves are in the fold for teachers).
OPTIONS_NOTE = NC_("ov-options-note",
                   "Who is asked once an action's copies are used up? The rule book says to ask every other player, "
                   "but not clearly whether the players after the copy limit are still asked. By default, as our "
                   "rules read it, nobody else is asked and the active player goes on. Under the house rule "
                   "everybody is still asked but may only pass; while asked, they may still play text cards as "
                   "special actions.")


# --------------------------------------------------------------------------------------
# The glossary
# --------------------------------------------------------------------------------------
#: Base-game terms whose base wording is wrong here (an ordered hand, four phases, trading, coins
#: alone winning): the same words, this expansion's meaning (T-07, T-08, T-15, T-43).
OWN_BASE_TERMS = {t.key: t for t in (
    cterm("coin", _t(NC_("ov-term-coin", "coin")),
          _t(NC_("ov-term-coin-text", "A harvested bean card turned face down on your coin stack; each is worth 100 "
                                      "bean pennies at the end.")),
          ("B-27", "T-43"), ("coins",), ("tallér",)),
    cterm("hand", _t(NC_("ov-term-hand", "hand")),
          _t(NC_("ov-term-hand-text", "The cards you hold, in no particular order: you may play any of them. When a "
                                      "turn ends you draw up to five.")),
          ("T-07", "T-37"), ("hand", "hand position"), ("kéz", "kezé", "keze", "kezb")),
    cterm("plant", _t(NC_("ov-term-plant", "plant")),
          _t(NC_("ov-term-plant-text", "Putting bean cards onto one of your fields: with action a), from your hand, "
                                       "onto an empty field or one of their type.")),
          ("B-07", "T-17"), ("plants", "planting"), ("ültet", "elültet")),
    cterm("active-player", _t(NC_("ov-term-active-player", "active player")),
          _t(NC_("ov-term-active-player-text", "The player holding the active-player card: only they take normal "
                                               "actions; the others respond.")),
          ("T-15", "T-30"), ("active",), ("aktív",)),
    cterm("turn", _t(NC_("ov-term-turn", "turn")),
          _t(NC_("ov-term-turn-text", "From receiving the active-player card to passing it on to the left: any number "
                                      "of normal actions, each followed by the others' responses.")),
          ("T-15", "T-37"), ("turn",), ("kör",)),
)}


GLOSSARY = tuple(base_terms("bean", "field", "beanometer", "harvest", "coin", "hand", "plant", "lone-bean",
                            "active-player", "turn", "deck", "discard", "deck-pass", "final-sale", "start-player",
                            own=OWN_BASE_TERMS)) + (
    cterm("snap", _name(SNAP),
          _t(NC_("ov-term-snap-text", "The expansion's new bean: {n} cards, handicap {handicap}, paying text cards "
                                      "during the game and coins at the end."),
             n=SNAP_BEAN.count, handicap=HANDICAP[SNAP]),
          ("T-01", "T-02", "T-09", "T-10")),
    cterm("handicap", _t(NC_("ov-term-handicap", "handicap")),
          _t(NC_("ov-term-handicap-text", "A bean type's number of cards ({snap}: {handicap}). With equal cards, the "
                                          "field with the lower handicap is stronger."),
             snap=Named(CARDS, SNAP), handicap=HANDICAP[SNAP]),
          ("T-02", "T-23")),
    cterm("normal-action", _t(NC_("ov-term-normal-action", "normal action a)–e)")),
          _t(NC_("ov-term-normal-action-text", "The five actions of a turn: a) play beans, b) merge fields, c) turn up "
                                               "a card, d) harvest, e) hostile takeover.")),
          ("T-15", "T-17", "T-18", "T-20", "T-22"),
          ("action", "actions a–e", "play", "merge", "turn up", "turn-up", "face up"),
          ("cselekedet", "kijátsz", "egyesít", "felcsap", "felfordít")),
    cterm("active-player-card", _t(NC_("ov-term-active-player-card", "active-player card")),
          _t(NC_("ov-term-active-player-card-text", "The card in front of the active player. It is turned over after "
                                                    "their d) harvest (no second harvest) and passed on to the left to "
                                                    "end the turn.")),
          ("T-16", "T-37"), ("active-player card",), ("aktív játékos kártyája", "aktív játékos”-kártya")),
    cterm("takeover", _t(NC_("ov-term-takeover", "hostile takeover")),
          _t(NC_("ov-term-takeover-text", "Action e): your stronger field swaps places with the corresponding field of "
                                          "another player.")),
          ("T-22", "T-23", "T-24"), ("takeover", "take over"), ("átvétel",)),
    cterm("corresponding", _t(NC_("ov-term-corresponding", "corresponding fields")),
          _t(NC_("ov-term-corresponding-text", "Fields with the same number (1 with 1 …); with two players, facing "
                                               "fields (your 1 with their 2).")),
          ("T-22",), ("corresponding",), ("megfelelő",)),
    cterm("defence", _t(NC_("ov-term-defence", "defence and protected field")),
          _t(NC_("ov-term-defence-text", "Laying a text card face down on your attacked field repels the takeover and "
                                         "protects the field until the turn passes on or the field is emptied.")),
          ("T-25", "T-27", "T-28"), ("defend", "defence", "protected", "protection", "accept the defence", "let it happen"),
          ("védekez", "védeked", "védett", "védelem", "átengedem", "belenyugszom")),
    cterm("performed", _t(NC_("ov-term-performed", "performed a takeover")),
          _t(NC_("ov-term-performed-text", "A player who attempted a hostile takeover this turn, even a repelled one. "
                                           "In the first turn, and against {mighty} or {variable}, such a player can't "
                                           "be targeted."),
             mighty=Named(CARDS, "mighty-field"), variable=Named(CARDS, "variable-field")),
          ("T-26", "T-34"), ("performed a takeover",), ("átvételt hajtott végre",)),
    cterm("passive", _t(NC_("ov-term-passive", "passive player")),
          _t(NC_("ov-term-passive-text", "Every player but the active one. Passive players only respond: they copy or "
                                         "pass, and may defend.")),
          ("T-30", "T-14"), ("passive",), ("passzív",)),
    cterm("response-window", _t(NC_("ov-term-response-window", "response window (copy or pass)")),
          _t(NC_("ov-term-response-window-text", "After each normal action of the active player, passive players are "
                                                 "asked one by one from the left whether they copy it, until the copy "
                                                 "limit is reached; each answers by copying or passing.")),
          ("T-30", "T-31", "T-32"), ("copy", "copies", "pass", "asked to copy", "response"),
          ("másol", "passz", "reagál")),
    cterm("text-card", _t(NC_("ov-term-text-card", "text card and special action")),
          _t(NC_("ov-term-text-card-text", "The {n} cards with a special action, each used once; kept face down in "
                                           "front of you, they score pennies at the end."), n=len(TEXT_CARDS)),
          ("T-06", "T-12", "T-13", "T-43"), ("text card", "text deck", "special action", "face down"),
          ("szöveges", "különleges cselekedet", "képpel lefelé")),
    cterm("draw", _t(NC_("ov-term-draw", "drawing up to five")),
          _t(NC_("ov-term-draw-text", "When a turn ends, first the player who ended it, then the others clockwise from "
                                      "the new active player draw until they hold five cards; whoever holds five or "
                                      "more draws nothing.")),
          ("T-37",), ("draw", "draws"), ("húz",)),
    cterm("joker", _name("joker"),
          _t(NC_("ov-term-joker-text", "A text card placed on your {snap}, {chili} or {blue} field, where it counts as "
                                       "one bean but never becomes a coin."),
             snap=Named(CARDS, SNAP), chili=Named(CARDS, "chili"), blue=Named(CARDS, "blue")),
          ("T-51",), ("joker",), ("dzsóker",)),
    cterm("garden-under", _t(NC_("ov-term-garden-under", "garden beans under the deck")),
          _t(NC_("ov-term-garden-under-text", "Garden beans that lie under the deck from the start; one joins the deck "
                                              "at each of the first two reshuffles.")),
          ("T-04", "T-38", "T-39"), ("garden beans under the deck",), ("kertibab a húzópakli alatt",)),
    cterm("final-actions", _t(NC_("ov-term-final-actions", "final actions and harvest")),
          _t(NC_("ov-term-final-actions-text", "After the deck runs out for the last time nobody draws; the active "
                                               "player finishes, then everyone harvests.")),
          ("T-41", "T-42"), ("final actions", "final"), ("utolsó cselekedet", "végső")),
    cterm("pennies", _t(NC_("ov-term-pennies", "pennies (score)")),
          _t(NC_("ov-term-pennies-text", "The score, counted in pennies for coins and for unused text cards. Most "
                                         "pennies wins.")),
          ("T-43",), ("penny", "pennies", "score", "win", "winner", "tie", "game over", "end of the game"),
          ("fillér", "pont", "győz", "nyer", "holtverseny", "vége a játéknak", "a játék vége")),
    cterm("no-trading", _t(NC_("ov-term-no-trading", "no trading")),
          _t(NC_("ov-term-no-trading-text", "Unlike the base game, cards are never traded or given away, so nothing is "
                                            "offered and nothing waits to be planted.")),
          ("T-08",), ("trade", "offer", "to plant"), ("kereskedés", "ajánlat", "felkínál", "elültetendő")),
)


# -- the lists below the overview: beanometers, the text cards, questions decided ---------------


def _meter(bean) -> Joined:
    """A beanometer in words: '4 cards: 1 coin; 6 cards: 2 coins; …' (B-27)."""
    return Joined((Joined((_cards(n), _coins(k)), ": ") for k, n in enumerate(bean.meter, start=1) if n),
                 "; ", tail=".")


def _beanometers(rs) -> Reference:
    types = [b for b in dict.fromkeys(rs.build_deck(None)) if b != SNAP]
    entries = [Term(f"meter:{b}",
                    _t(NPC_("ov-meter-name", "{bean} ({n} card)", "{bean} ({n} cards)"),
                       bean=Named(CARDS, b), n=CARDS.beans[b].count),
                    Words(_meter(CARDS.beans[b])), ("B-27", "B-28"))
               for b in sorted(types, key=HANDICAP.__getitem__)]
    entries.append(Term(f"meter:{SNAP}", _name(SNAP),
                        _t(NC_("ov-meter-snap", "No beanometer. During the game it pays {pays}; after the deck has run "
                                                "out for the last time, coins only: {end}."),
                           pays=_snap(), end=_snap_end()), ("T-09", "T-10")))
    return Reference(
        "beanometers", _t(NC_("ov-ref-beanometers", "The beanometers")), tuple(entries),
        _t(NC_("ov-ref-beanometers-note", "The eight original beans keep the base game's beanometers: how many cards of "
                                          "one type in a field pay 1, 2, 3 or 4 coins when it is harvested. {chemistry}, "
                                          "{mutant} and {overflow} work with these rows; {snap} has a table of its own."),
           chemistry=Named(CARDS, "chemistry-set"), mutant=Named(CARDS, "mutant-bean"),
           overflow=Named(CARDS, "pizza-overflow"), snap=Named(CARDS, SNAP)))


#: Each text card's full text, in our words from the rule book (seed 000, spec takeover.md §8),
#: with the rules that state it; T-12 and T-13 hold for every card. In the card list's order
#: (§1). The card names in the texts are filled in by :func:`_text_cards`.
TEXT_CARD_TEXTS: tuple[tuple[str, Entry, tuple[str, ...]], ...] = (
    ("field-swap", NC_("ov-text-field-swap",
                       "Swap the places of two fields of one player: any player, yourself or the active player "
                       "included. One of the two may be empty. Each field moves whole, with its protection and "
                       "any Joker Bean on it. It is not a takeover, so nobody can defend against it."),
     ("T-12", "T-13")),
    ("chemistry-set", NC_("ov-text-chemistry-set",
                          "Play it with a harvest of yours by action d), your own or a copied one, also among "
                          "the final actions. That harvest uses the beanometer of the bean type on another of "
                          "your fields instead of its own: not the {garden} bean's or the {red} bean's, but "
                          "{snap}'s may be used (then the {snap} table pays). Not in the final harvest and not "
                          "with Extra Harvest."),
     ("T-53", "T-61")),
    ("extra-card", NC_("ov-text-extra-card",
                       "Take the top card of the bean discard pile (not of the draw deck) into your hand. There "
                       "must be a card on the discard pile and at most 5 cards in your hand, so you end with at "
                       "most 6."),
     ("T-48",)),
    ("final-planting", NC_("ov-text-final-planting",
                           "Only after the deck has run out for the last time, in your own final harvest, before "
                           "you harvest: play cards from your hand onto your fields by the rules of action a). "
                           "Each such play is a normal action, so the players who have not yet made their final "
                           "harvest may copy it."),
     ("T-42", "T-31")),
    ("hand-swap", NC_("ov-text-hand-swap",
                      "Swap your whole hand with another player's whole hand, however many cards they hold: you "
                      "may give 1 card and get 5. You may play it only while you hold 1 to 5 cards."),
     ("T-49",)),
    ("joker", NC_("ov-text-joker",
                  "Lay it on one of your fields of {snap}, {chili} or {blue} beans. There it counts as one bean "
                  "of that type for everything (the number of cards, strength, the beanometer, the Pizzas, "
                  "single-bean protection) and moves with the field, but it can't be stolen and never becomes a "
                  "coin. When the field is harvested it goes to the text discard pile; left alone on a field, it "
                  "is discarded and the field is empty. Once laid, it is worth no pennies."),
     ("T-51",)),
    ("mighty-field", NC_("ov-text-mighty-field",
                         "Play it when you declare a takeover (yours or a copied one). The attacked field must "
                         "be unprotected and its owner must not have performed a takeover this turn. In the "
                         "strength comparison your field counts one card more than it has; with equal counts "
                         "the handicap still decides. The rules on positions and empty fields still hold. The "
                         "attacked player can't defend."),
     ("T-44", "T-34")),
    ("mutant-bean", NC_("ov-text-mutant-bean",
                        "Play it with action a) or b) on a field that holds beans: you may add cards of the bean "
                        "type that comes next after the field's type in handicap order ({order}), by a) from "
                        "your hand or by b) merging a field of that type onto it. The field then counts as the "
                        "new type, and at harvest that type's beanometer applies to all its cards. Never onto "
                        "{last}, which has nothing after it. Example: {garden} beans onto {snap}."),
     ("T-52",)),
    ("pirate-raid", NC_("ov-text-pirate-raid",
                        "Choose one of your fields. From every other player whose corresponding field grows the "
                        "same bean type, take one bean card of that type (never a Joker Bean) and put it onto "
                        "your field; at least one such player is needed. It is not a takeover, so protection "
                        "doesn't stop it; taking a field's last card ends its protection."),
     ("T-55",)),
    ("pizza-big-farm", NC_("ov-text-pizza-big-farm",
                           "Play it with one harvest of yours, of any kind. Count the cards on all your fields, "
                           "the harvested field included: 12–13 give 1 extra coin, 14–16 give 2, 17 or more "
                           "give 3. It can't be played when it would give nothing."),
     ("T-54",)),
    ("pizza-overflow", NC_("ov-text-pizza-overflow",
                           "Play it with one harvest of yours; it replaces that harvest's payout. Take the "
                           "number of cards that pays 4 coins on the beanometer in use: 1 card more pays 5 "
                           "coins, 2 more pay 6, 3 or more pay 7. Example: 10 {blue} beans pay 4 coins; with "
                           "this card 11 pay 5, 12 pay 6, 13 pay 7. Useless for a beanometer without a 4-coin "
                           "step."),
     ("T-54",)),
    ("pizza-even-fields", NC_("ov-text-pizza-even-fields",
                              "Play it with one harvest of yours. Look at your field with the fewest cards (an "
                              "empty field counts 0), the harvested one included: at least 3 cards on every "
                              "field give 1 extra coin, at least 4 give 2, at least 5 give 3; with two players "
                              "one card more is needed each time (4, 5, 6)."),
     ("T-54",)),
    ("pizza-small-beans", NC_("ov-text-pizza-small-beans",
                              "Play it with one harvest of yours. Count the {snap}, {garden}, {red} and "
                              "{black_eyed} bean cards on all your fields (a Joker Bean counts as its field's "
                              "type), the harvested field included: 7–8 give 1 extra coin, 9–10 give 2, 11 or "
                              "more give 3."),
     ("T-54",)),
    ("seed-trade", NC_("ov-text-seed-trade",
                       "Show 5 cards of 5 different bean types from your hand and put one of them face down on "
                       "your coins: 1 coin. Then keep the other four, or discard them and draw 5 new cards from "
                       "the deck."),
     ("T-56",)),
    ("seven-new-cards", NC_("ov-text-seven-new-cards",
                            "Passive players only, never the active player, and not after the deck has run out "
                            "for the last time. Shuffle your whole hand into the draw deck, then draw 7 cards. "
                            "The garden beans lying face up under the deck are not shuffled in: they stay "
                            "underneath."),
     ("T-47", "T-04", "T-41")),
    ("strong-takeover", NC_("ov-text-strong-takeover",
                            "Play it when the player you attack lays a defence card, or when you declare a "
                            "takeover of a field that is already protected. The defence is ignored and the "
                            "takeover goes through; the defence card becomes one of your text cards, and the "
                            "defender draws 1 text card as compensation."),
     ("T-46", "T-27")),
    ("variable-field", NC_("ov-text-variable-field",
                           "Play it when you declare a takeover. The attacked field must be unprotected and its "
                           "owner must not have performed a takeover this turn. Swap any of your fields with any "
                           "field of that player that is weaker than it, whatever their positions: each lands "
                           "in the other's place. Neither field may be empty. The attacked player can't "
                           "defend."),
     ("T-45", "T-34")),
    ("extra-harvest", NC_("ov-text-extra-harvest",
                          "Harvest any one of your fields, even one with a single card while others hold more. "
                          "It is not action d): the active-player card is not turned over, your one d) is not "
                          "used up, and nobody can copy it."),
     ("T-50",)),
)


def _text_cards() -> dict[str, tuple[Mapping[str, str], tuple[str, ...]]]:
    """Each text card's full text by language, and its rules (:data:`TEXT_CARD_TEXTS`)."""
    last = max(HANDICAP, key=HANDICAP.__getitem__)
    words = {"snap": Named(CARDS, SNAP), "last": Named(CARDS, last), "order": _handicap_order(),
             **{b.replace("-", "_"): Named(CARDS, b) for b in ("garden", "red", "blue", "chili", "black-eyed")}}
    return {card: (_t(entry, **{k: w for k, w in words.items() if "{%s}" % k in entry.singular}), rules)
            for card, entry, rules in TEXT_CARD_TEXTS}

def _text_card_list() -> Reference:
    texts = _text_cards()
    check_words("text cards without their text on the page", (c.id for c in TEXT_CARDS), texts)
    return Reference(
        "text-cards", _t(NC_("ov-ref-text-cards", "The {n} text cards"), n=len(TEXT_CARDS)),
        tuple(Term(f"text:{cid}", _name(cid), texts[cid][0], texts[cid][1]) for cid in TEXT_IDS),
        _t(NC_("ov-ref-text-cards-note", "Each card is used once, as a special action, and then goes to the text "
                                         "discard pile. Instead, any of them may be laid face down to defend a field; "
                                         "each one still held at the end is worth 10 bean pennies.")))


def _decided() -> Reference:
    seven = Named(CARDS, "seven-new-cards")
    return Reference("decided", _t(NC_("ov-ref-decided", "Questions the rules decide")), (
        Term("decided:seven-new-cards-garden",
             _t(NC_("ov-decided-seven-new-cards", "Does {card} shuffle the garden beans under the deck into it?"),
                card=seven),
             _t(NC_("ov-decided-seven-new-cards-answer",
                    "No. Only your hand is shuffled into the draw deck; the garden beans lying face up under it stay "
                    "out, underneath, and join the deck only when it runs out. The card itself says so.")),
             ("T-47", "T-04", "T-38")),
    ))


def reference(options: Optional[Mapping[str, Any]] = None) -> tuple[Reference, ...]:
    """The lists on the page below the overview: the beanometers the text cards need, every text
    card's full text and the questions the rules decide."""
    from .rules import Takeover

    return (_beanometers(Takeover()), _text_card_list(), _decided())


def overview(options: Optional[Mapping[str, Any]] = None) -> Overview:
    """The takeover expansion at a glance for ``options`` (default: what a new game uses)."""
    from .rules import Takeover

    rs = Takeover()
    opts = rs.check_options(dict(options or {}))
    return Overview(rs.name, game_title(rs), opts, (
        section("box", _box(rs)),
        section("players", _players(rs, opts)),
        section("turn", _turn(rs, opts)),
        section("end", _end(rs, opts)),
        section("scoring", _scoring(rs, opts)),
        section("options", option_lines(rs, opts, OPTIONS), note=_t(OPTIONS_NOTE),
                teacher=how_to_change(rs.name, 'late_windows="pass_only"')),
    ), GLOSSARY)
