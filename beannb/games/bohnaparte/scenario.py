"""A Bohnaparte table from a scenario's ``setup`` (docs/scenarios.md,
docs/notation-bohnaparte.md): the base game's reading
(:func:`~beannb.games.bohnanza.scenario.state_from_setup`), then the board's keys.

``board`` (position -> terrain, ``steppe:<colour>``, ``camp:<player>``), ``camps`` (player ->
position), ``shuffle: rest`` (format 2: the positions left out are shuffled from the seed),
``territories`` (player -> positions), ``burned`` (cities), ``spent`` and ``cavalry`` (horse
colours or steppes: ready or spent), ``tokens`` and ``carts`` (per player), ``turn_start``
(the active player's start-of-turn steps have been made). Format 3 (:data:`FORMAT3_KEYS`):
``camp_owners`` (position -> player: a camp captured by another player, P-46). ``expect``
paths name positions as actions do (``owner.9`` is ``owner.09``).
"""
from __future__ import annotations

from typing import Any, Optional, cast

from ...core import rng
from ...core.errors import OptionError, ScenarioError
from ..bohnanza.scenario import fix_scenario_supply, state_from_setup
from .board import HORSE_COLOURS, PLAYER_COLOURS, RIVER, TERRAINS, Board, BoardError, load_board
from .cards import CARDS
from .rules import Bohnaparte
from .state import BohnaparteState

__all__ = ["FORMAT3_KEYS", "SETUP_KEYS", "check_scenario_setup", "fix_scenario_supply", "scenario_path", "scenario_setup",
           "state_from_setup"]

#: Keys of a scenario's ``setup`` Bohnaparte reads beyond the base ones.
SETUP_KEYS = frozenset({"board", "camps", "territories", "spent", "carts", "tokens", "burned", "shuffle", "cavalry",
                        "turn_start", "camp_owners"})
#: The keys new in format 3 (a file of an older version may not use them).
FORMAT3_KEYS = frozenset({"camp_owners"})

#: A board position's card: its terrain and colour (a camp's or a steppe's, else None).
Card = tuple[str, Optional[str]]


class Lookup:
    """The positions of the table's board and its players, as a setup names them."""

    def __init__(self, board: Board, names: list[str]):
        self.board = board
        self.names = names

    def pos(self, tok: Any, where: str) -> int:
        i = self.board.resolve(str(tok))
        if i is None:
            raise ScenarioError(f"setup.{where}: {tok!r} is not a position of board {self.board.name!r}")
        return i

    def seat(self, name: Any, where: str) -> int:
        if name not in self.names:
            raise ScenarioError(f"setup.{where}: {name!r} is not one of the players {self.names}")
        return self.names.index(name)


# -- the board: camps and terrains (P-04, P-06, P-07) -------------------------------------------
def camps_from_board(setup: dict, names: list[str]) -> dict:
    """A camp written in the board (``"13": camp:Ann``) is the same as ``camps: {Ann: "13"}``:
    the setup with such camps moved to ``camps``."""
    spec0 = setup.get("board") or {}
    if not (isinstance(spec0, dict) and any(str(v).startswith("camp") for v in spec0.values())):
        return setup
    camps_in_board = dict(setup.get("camps") or {})
    for k, v in spec0.items():
        ter, _, who = str(v).partition(":")
        if ter == "camp":
            if who not in names:
                raise ScenarioError(f"setup.board.{k}: write camp:<player>, e.g. camp:{names[0]} "
                                    f"(players: {', '.join(names)})")
            camps_in_board[who] = str(k)
    return dict(setup, camps=camps_in_board, board={k: v for k, v in spec0.items() if not str(v).startswith("camp")})


def place_camps(look: Lookup, setup: dict, n: int) -> dict[int, int]:
    """Each seat's camp position: ``camps``, else where the board puts it for ``n`` players."""
    board, names = look.board, look.names
    camps_given = setup.get("camps") or {}
    if not isinstance(camps_given, dict):
        raise ScenarioError("setup.camps must map player names to camp positions")
    default_camps = board.camp_positions(n)
    camp_of = {i: board.index[default_camps[i]] for i in range(n)}
    for name, p in camps_given.items():
        camp_of[look.seat(name, "camps")] = look.pos(p, "camps")
    if len(set(camp_of.values())) != n:
        clash = sorted({board.labels[i] for i in camp_of.values() if list(camp_of.values()).count(i) > 1})
        who = [names[k] for k in range(n) if board.labels[camp_of[k]] in clash]
        raise ScenarioError(f"setup.camps: two players cannot share a camp ({' and '.join(who)} at {', '.join(clash)}); "
                            f"a camp not given stays where the board puts it for {n} players "
                            f"({', '.join(f'{names[k]} {default_camps[k]}' for k in range(n))}), so give those too")
    return camp_of


def read_terrains(look: Lookup, setup: dict, fixed: dict[int, Card]) -> list[str]:
    """``board``: the terrain the setup gives a position, added to ``fixed`` (a steppe takes
    the next horse colour no position names); the horse colours left for the other steppes."""
    spec = setup.get("board") or {}
    if not isinstance(spec, dict):
        raise ScenarioError("setup.board must map positions to terrains, e.g. {'10': river}")
    explicit = [str(v).partition(":")[2] for v in spec.values() if str(v).startswith("steppe:")]
    horses = [h for h in HORSE_COLOURS if h not in explicit]
    for p, ter in spec.items():
        i = look.pos(p, "board")
        ter, _, col = str(ter).partition(":")
        if ter not in TERRAINS or ter == "camp":
            raise ScenarioError(f"setup.board.{p}: {ter!r} is not a terrain (camps are set with setup.camps): "
                                + ", ".join(t for t in TERRAINS if t != "camp"))
        if i in fixed and fixed[i][0] == "camp":
            raise ScenarioError(f"setup.board.{p}: position {p} holds a camp")
        if ter == "steppe":
            if col:
                if col not in HORSE_COLOURS or explicit.count(col) > 1:
                    raise ScenarioError(f"setup.board.{p}: steppe colour {col!r} is unknown or used twice")
            elif horses:
                col = horses.pop(0)
        fixed[i] = (ter, col or None)
    return horses


def lay_board(s: BohnaparteState, board: Board, fixed: dict[int, Card], horses: list[str], n: int) -> None:
    """P-04, P-06: the board cards ``n`` players play with, the ones the setup fixes where it
    says and the rest shuffled onto the other positions from the state's generator."""
    want = board.card_counts(n)
    for t in TERRAINS:
        have = sum(1 for v in fixed.values() if v[0] == t)
        if have > want.get(t, 0):
            raise ScenarioError(f"setup.board: {have} × {t}, but {n} players play with {want.get(t, 0)} (rule P-04)")
    rest: list[Card] = []
    for t in TERRAINS:
        if t == "camp":
            continue
        k = want.get(t, 0) - sum(1 for v in fixed.values() if v[0] == t)
        for _ in range(k):
            rest.append((t, horses.pop(0) if t == "steppe" and horses else None))
    free = [i for i in range(len(board)) if i not in fixed]
    placed, s.rng = rng.shuffled(s.rng, rest)
    for i, card in zip(free, placed):
        fixed[i] = card
    s.terrain = tuple(fixed[i][0] for i in range(len(board)))
    s.colour = tuple(fixed[i][1] for i in range(len(board)))


# -- who owns what (P-07, P-11) -----------------------------------------------------------------
def set_owners(s: BohnaparteState, look: Lookup, setup: dict, camp_of: dict[int, int],
               camp_colours: list[str]) -> None:
    """The camps chosen (in phase ``camp`` they are still to be chosen, P-07) and ``territories``."""
    n = s.n
    owner: list[Optional[int]] = [None] * len(look.board)
    if s.phase == "camp":
        s.camp_queue = tuple((s.start_seat - k) % n for k in range(1, n))
    else:
        s.camp_queue = ()
        for k in range(n):
            owner[camp_of[k]] = k
        s.seat_colour = tuple(camp_colours[:n])
    terr = setup.get("territories") or {}
    if not isinstance(terr, dict):
        raise ScenarioError("setup.territories must map player names to lists of positions")
    for name, plist in terr.items():
        k = look.seat(name, "territories")
        for p in plist if isinstance(plist, list) else [plist]:
            i = look.pos(p, f"territories.{name}")
            if s.terrain[i] == RIVER:
                raise ScenarioError(f"setup.territories.{name}: {p} is a river, and a river is never owned (P-11)")
            holder = owner[i]
            if s.terrain[i] == "camp" and holder is not None and holder != k:
                raise ScenarioError(f"setup.territories.{name}: {p} is {look.names[holder]}'s camp; move camps with setup.camps")
            owner[i] = k
    capture_camps(s, look, setup, owner)
    s.owner = tuple(owner)


def capture_camps(s: BohnaparteState, look: Lookup, setup: dict, owner: list[Optional[int]]) -> None:
    """``camp_owners`` (format 3): camps another player has captured (``{"03": Ann}``). Losing
    a camp does not put its player out (P-08), but a player left with no territory ends the
    game (P-46), so such a table is refused."""
    given = setup.get("camp_owners") or {}
    if not isinstance(given, dict):
        raise ScenarioError('setup.camp_owners must map camp positions to the players owning them, e.g. {"03": Ann}')
    if not given:
        return
    if s.phase == "camp":
        raise ScenarioError("setup.camp_owners: in phase camp the camps are still to be chosen (P-07)")
    for p, name in given.items():
        i = look.pos(p, "camp_owners")
        if s.terrain[i] != "camp":
            raise ScenarioError(f"setup.camp_owners: {p} is not a camp (own other positions with setup.territories)")
        owner[i] = look.seat(name, f"camp_owners.{p}")
    for k, name in enumerate(look.names):
        if k not in owner:
            raise ScenarioError(f"setup.camp_owners: {name} would own no territory, and a player left with none "
                                "ends the game (P-46)")


def set_burned(s: BohnaparteState, look: Lookup, setup: dict) -> None:
    """``burned``: cities burned by the destruction variant (P-48)."""
    burned = [False] * len(look.board)
    for p in setup.get("burned") or []:
        i = look.pos(p, "burned")
        if s.terrain[i] != "city":
            raise ScenarioError(f"setup.burned: {p} is not a city")
        burned[i] = True
    s.burned = tuple(burned)


# -- cavalry (P-29, P-34) -----------------------------------------------------------------------
def horse_colour(s: BohnaparteState, look: Lookup, tok: Any, key: str) -> str:
    """The cavalry a setup names by its colour or by its steppe's position."""
    if str(tok) in HORSE_COLOURS:
        return str(tok)
    i = look.pos(tok, key)
    if s.terrain[i] != "steppe":
        raise ScenarioError(f"setup.{key}: {tok} is not a steppe")
    return cast(str, s.colour[i])  # a steppe's horse colour


def owned_cavalry(ruleset: Bohnaparte, s: BohnaparteState, colour: str, key: str) -> str:
    """P-29: only an owned steppe's cavalry can be spent; a neutral one's is ready."""
    if ruleset.cavalry_owner(s, colour) is None:
        raise ScenarioError(f"setup.{key}: the {colour} cavalry belongs to a neutral steppe, and a neutral steppe's cavalry is ready")
    return colour


def set_cavalry(ruleset: Bohnaparte, s: BohnaparteState, look: Lookup, setup: dict) -> None:
    """The spent cavalries: ``spent`` (a list), then ``cavalry`` (each ready or spent)."""
    spent = [owned_cavalry(ruleset, s, horse_colour(s, look, tok, "spent"), "spent")
             for tok in setup.get("spent") or []]
    cav = setup.get("cavalry") or {}
    if not isinstance(cav, dict):
        raise ScenarioError("setup.cavalry must map horse colours (or steppe positions) to ready or spent")
    for tok, state_name in cav.items():
        colr = horse_colour(s, look, tok, "cavalry")
        word = str(state_name)
        if word not in ("ready", "spent", "defeated"):
            raise ScenarioError(f"setup.cavalry.{tok}: {word!r} is not a state; write ready or spent "
                                "(the rule book's 'defeated')")
        if word == "ready":
            spent = [c for c in spent if c != colr]
            continue
        spent.append(owned_cavalry(ruleset, s, colr, "cavalry"))
    s.spent = tuple(sorted(set(spent)))


# -- the players' tokens and carts (P-36, P-37) -------------------------------------------------
def set_tokens(s: BohnaparteState, look: Lookup, setup: dict) -> None:
    tokens = list(s.tokens)
    for name, k in (setup.get("tokens") or {}).items():
        tokens[look.seat(name, "tokens")] = int(k)
    s.tokens = tuple(tokens)


def set_carts(s: BohnaparteState, look: Lookup, setup: dict) -> None:
    """``carts``: the cards on each player's cart, taken from the cards the setup left
    unfixed (those left out of play first, then the deck from its bottom)."""
    carts = list(s.carts)
    deck = list(s.deck)
    removed = list(s.removed)
    fixed_top = len(setup.get("deck") or [])
    for name, cards in (setup.get("carts") or {}).items():
        k = look.seat(name, "carts")
        got: list[str] = []
        for c in cards or []:
            bean = CARDS.card_id(str(c))
            if bean is not None and bean in removed:
                removed.remove(bean)
                got.append(bean)
                continue
            for j in range(len(deck) - 1, fixed_top - 1, -1):
                if deck[j] == bean:
                    got.append(deck.pop(j))
                    break
            else:
                raise ScenarioError(f"setup.carts.{name}: no {bean} left in the deck to put on the cart")
        carts[k] = tuple(got)
    s.removed = tuple(removed)
    s.carts = tuple(carts)
    s.deck = tuple(deck)


# -- the hooks ------------------------------------------------------------------------------------
def scenario_setup(ruleset: Bohnaparte, s: BohnaparteState, setup: dict) -> None:
    """Bohnaparte's own keys, on the table the base game's keys made."""
    board = ruleset.board(s)
    n = s.n
    look = Lookup(board, [p.name for p in s.players])
    setup = camps_from_board(setup, look.names)
    camp_of = place_camps(look, setup, n)
    camp_colours = [c for c in PLAYER_COLOURS if f"camp:{c}" not in s.box][:n]
    fixed: dict[int, Card] = {camp_of[k]: ("camp", camp_colours[k]) for k in range(n)}
    horses = read_terrains(look, setup, fixed)
    lay_board(s, board, fixed, horses, n)
    set_owners(s, look, setup, camp_of, camp_colours)
    set_burned(s, look, setup)
    set_cavalry(ruleset, s, look, setup)
    set_tokens(s, look, setup)
    set_carts(s, look, setup)
    if setup.get("turn_start"):
        # The active player's turn has just begun: its start-of-turn steps have been made
        # (P-34 cavalry ready, P-42 gem field reveal), before phase 1.
        if s.phase not in ("plant", "camp"):
            raise ScenarioError("setup.turn_start: a turn starts in phase plant")
        ruleset.start_turn(s, [])


def check_scenario_setup(ruleset: Bohnaparte, players: list[str], options: dict, setup: dict) -> None:
    """Format 2: ``board`` names every position (camps as ``camp:<player>`` or through
    ``camps``), or the setup says ``shuffle: rest`` to shuffle the positions it leaves out."""
    if "shuffle" in setup and setup["shuffle"] != "rest":
        raise ScenarioError(f"setup.shuffle: write 'shuffle: rest' (the only value), not {setup['shuffle']!r}")
    if setup.get("shuffle") == "rest":
        return
    try:
        board = load_board(ruleset.check_options(dict(options))["board"])
        camps = board.camp_positions(len(players))
    except (BoardError, OptionError):
        return  # the table build reports it
    spec = setup.get("board") or {}
    given = {board.resolve(str(k)) for k in (spec if isinstance(spec, dict) else {})}
    camp_at = camp_sites(board, camps, players, setup)
    missing = [lab for i, lab in enumerate(board.labels) if i not in given and i not in camp_at]
    if missing:
        raise ScenarioError(f"setup.board leaves out {', '.join(missing)}: give every position a terrain, or add "
                            "'shuffle: rest' to shuffle the rest from the seed (format 2)")


def camp_sites(board: Board, camps: tuple[str, ...], players: list[str], setup: dict) -> set[Optional[int]]:
    """The positions a setup's camps stand on: those it names (in ``camps`` or the board), and
    where the board puts the camps of the other players."""
    spec = setup.get("board") or {}
    named = setup.get("camps") or {}
    moved = set(named) if isinstance(named, dict) else set()
    moved |= {str(v).partition(":")[2] for v in (spec.values() if isinstance(spec, dict) else []) if str(v).startswith("camp:")}
    camp_at: set[Optional[int]] = set()
    if len(camps) == len(players):
        camp_at = {board.index[camps[k]] for k in range(len(camps)) if players[k] not in moved}
    camp_at |= {board.resolve(str(v)) for v in (named.values() if isinstance(named, dict) else [])}
    return camp_at


def scenario_path(ruleset: Bohnaparte, state: BohnaparteState, path: str) -> str:
    """``board.9``, ``owner.9`` and ``burned.9`` name position 09, as actions do."""
    head, dot, pos = path.partition(".")
    if dot and head in ("board", "owner", "burned"):
        board = ruleset.board(state)
        i = board.resolve(pos)
        if i is not None:
            return f"{head}.{board.labels[i]}"
    return path
