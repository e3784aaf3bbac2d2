"""A takeover table from a scenario's ``setup`` (docs/scenarios.md): the base game's reading
(:func:`~beannb.games.bohnanza.scenario.state_from_setup`), then takeover's own keys.

Per player ``texts`` (the text cards in hand) and ``protected`` (fields with a defence card
face down, T-25), and ``text_deck``, ``text_discard``, ``garden_under`` (the garden beans
under the deck, T-04), ``flipped``, ``performers``. Text cards the setup does not place
are dealt as in setup (T-06), from the seed. Format 3 (:data:`FORMAT3_KEYS`):
``defence_cards`` (which text card lies on a protected field) and ``final_harvest`` (whose
final-harvest step it is, T-42).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import rng
from ...core.errors import ScenarioError
from ..bohnanza.scenario import check_scenario_setup, scenario_path, state_from_setup
from .cards import JOKER, TEXT_IDS, text_card_id
from .rules import Takeover
from .state import TakeoverPlayer, TakeoverState

__all__ = ["FORMAT3_KEYS", "SETUP_KEYS", "check_scenario_setup", "fix_scenario_supply", "scenario_path", "scenario_setup",
           "state_from_setup"]

#: Keys of a scenario's ``setup`` takeover reads beyond the base ones.
SETUP_KEYS = frozenset({"texts", "text_deck", "text_discard", "garden_under", "flipped", "performers", "protected",
                        "defence_cards", "final_harvest"})
#: The keys new in format 3 (a file of an older version may not use them).
FORMAT3_KEYS = frozenset({"defence_cards", "final_harvest"})


class TextPool:
    """The 18 text cards still in the box, each taken once as the setup places it."""

    def __init__(self) -> None:
        self.cards = list(TEXT_IDS)

    def take(self, card: Any, where: str) -> str:
        cid = text_card_id(str(card))
        if cid is None or cid not in self.cards:
            raise ScenarioError(f"{where}: {card!r} is not a text card still in the box")
        self.cards.remove(cid)
        return cid


def set_phase(ruleset: Takeover, s: TakeoverState, setup: dict) -> None:
    s.phase = setup.get("phase", "turn")
    if s.phase not in ruleset.PHASES:
        raise ScenarioError(f"setup.phase {s.phase!r} is not a phase of takeover; phases: turn, final")


def named_defences(setup: dict, names: list[str], pool: TextPool) -> dict[str, dict[Any, str]]:
    """``defence_cards`` (format 3): the text card lying face down on a protected field (T-25),
    by player and field number (``{Bob: {1: mighty-field}}``), taken from the box."""
    given = setup.get("defence_cards") or {}
    if not isinstance(given, dict):
        raise ScenarioError("setup.defence_cards must map player names to {field number: text card}")
    out: dict[str, dict[Any, str]] = {}
    for name, per_field in given.items():
        if name not in names:
            raise ScenarioError(f"setup.defence_cards: {name!r} is not one of the players {names}")
        if not isinstance(per_field, dict):
            raise ScenarioError(f"setup.defence_cards.{name} maps field numbers to text cards, e.g. {{1: joker}}")
        out[name] = {k: pool.take(c, f"setup.defence_cards.{name}.{k}") for k, c in per_field.items()}
    return out


def seat_texts(s: TakeoverState, setup: dict, pool: TextPool) -> list[TakeoverPlayer]:
    """The players with the text cards the setup gives them (None: dealt later) and a
    defence card to come (``"?"``) on each ``protected`` field, or the one ``defence_cards``
    names."""
    per_player = setup.get("texts", {}) or {}
    protected = setup.get("protected", {}) or {}
    players = list(s.players)
    named = named_defences(setup, [p.name for p in players], pool)
    for i, p in enumerate(players):
        texts = [pool.take(c, f"setup.texts.{p.name}") for c in per_player.get(p.name, [])] \
            if p.name in per_player else None
        defense: list[Any] = [None] * len(p.fields)
        for k in protected.get(p.name, []) or []:
            if not (isinstance(k, int) and 1 <= k <= len(p.fields)) or not p.fields[k - 1]:
                raise ScenarioError(f"setup.protected.{p.name}: {k!r} is not a non-empty field of theirs")
            defense[k - 1] = "?"
        for k, card in named.get(p.name, {}).items():
            num = int(k) if isinstance(k, str) and k.isdigit() else k
            if not (type(num) is int and 1 <= num <= len(p.fields)) or not p.fields[num - 1]:
                raise ScenarioError(f"setup.defence_cards.{p.name}: {k!r} is not a non-empty field of theirs")
            defense[num - 1] = card
        players[i] = TakeoverPlayer(name=p.name, hand=p.hand, fields=p.fields, coins=p.coins, pending=(),
                                    bought=False, texts=tuple(texts) if texts is not None else None,
                                    defense=tuple(defense), bonus=0)
    return players


def seed_fields(s: TakeoverState, setup: dict, players: list[TakeoverPlayer]) -> None:
    """T-05: the fields of a player whose ``fields`` the setup leaves out get one card each,
    from the cards left out of play first, then from the deck's bottom."""
    fixed_fields = {nm for nm, spec in (setup.get("players") or {}).items() if spec and "fields" in spec}
    deck, spare = list(s.deck), list(s.removed)

    def one_card() -> str:
        if spare:
            return spare.pop()
        if len(deck) > len(setup.get("deck") or []):
            return deck.pop()
        raise ScenarioError("no card left to put on the fields the setup leaves out")

    for i, p in enumerate(players):
        if p.name not in fixed_fields:
            players[i] = p.replace(fields=tuple((one_card(),) for _ in p.fields))
    s.deck, s.removed = tuple(deck), tuple(spare)


def deal_texts(s: TakeoverState, players: list[TakeoverPlayer], pool: TextPool) -> tuple[str, ...]:
    """Unfixed text hands and the defence cards of protected fields, dealt from the cards
    still in the box, shuffled with the state's generator (T-06); what is left, the text deck."""
    rest_t, s.rng = rng.shuffled(s.rng, pool.cards)
    rest = list(rest_t)
    per = 3 if s.n == 2 else 2
    for i, p in enumerate(players):
        texts = p.texts if p.texts is not None else tuple(rest.pop(0) for _ in range(min(per, len(rest))))
        defense = tuple(rest.pop(0) if d == "?" else d for d in p.defense)
        players[i] = p.replace(texts=texts, defense=defense)
    return tuple(rest)


def set_garden(s: TakeoverState, setup: dict) -> None:
    """The garden beans under the deck (T-04): ``garden_under``, or as many as the deck passes left."""
    if "garden_under" in setup:
        g = setup["garden_under"]
        if g not in (0, 1, 2):
            raise ScenarioError("setup.garden_under is 0, 1 or 2")
        s.garden_under = ("garden",) * g
    else:
        s.garden_under = ("garden",) * max(0, 2 - s.exhausted) if s.n > 2 else ("garden", "garden")


def set_performers(s: TakeoverState, setup: dict) -> None:
    perf = setup.get("performers", []) or []
    if any(p not in [q.name for q in s.players] for p in perf):
        raise ScenarioError(f"setup.performers must name players: {perf}")
    s.performers = tuple(s.table_seating().index[p] for p in perf)


def set_final_harvest(s: TakeoverState, setup: dict) -> None:
    """``final_harvest: Bob`` (format 3): it is Bob's final-harvest step (T-42). The card
    holder (the active player) harvested first; the others follow clockwise, so the steps
    still to come are Bob's and those of the players after him up to the card holder."""
    who = setup.get("final_harvest")
    if who is None:
        return
    names = [p.name for p in s.players]
    if who not in names:
        raise ScenarioError(f"setup.final_harvest: {who!r} is not one of the players {names}")
    if setup.get("phase", "final") != "final":
        raise ScenarioError(f"setup.final_harvest: the final harvest is in phase final, not {setup['phase']!r}")
    seat, n = names.index(who), s.n
    s.ending = True
    s.phase = "final"
    s.final_started = True
    s.final_queue = tuple((seat + k) % n for k in range((s.active - seat) % n or n))


def scenario_setup(ruleset: Takeover, s: TakeoverState, setup: dict) -> None:
    """Takeover's own keys, on the table the base game's keys made."""
    set_phase(ruleset, s, setup)
    pool = TextPool()
    fixed_deck = [pool.take(c, "setup.text_deck") for c in setup.get("text_deck", []) or []]
    discard = [pool.take(c, "setup.text_discard") for c in setup.get("text_discard", []) or []]
    players = seat_texts(s, setup, pool)
    seed_fields(s, setup, players)
    jokers = sum(f.count(JOKER) for p in players for f in p.fields)
    for _ in range(jokers):
        pool.take(JOKER, "a Joker on a field")
    rest = deal_texts(s, players, pool)
    s.players = tuple(players)
    s.text_deck = tuple(fixed_deck) + rest
    s.text_discard = tuple(discard)
    set_garden(s, setup)
    s.flipped = bool(setup.get("flipped", False))
    set_performers(s, setup)
    if s.ending:
        s.phase = "final"
    set_final_harvest(s, setup)


def fix_scenario_supply(ruleset: Takeover, supply: Counter, setup: dict) -> None:
    """Garden beans under the deck are not in the shuffled supply (T-04)."""
    n_under = setup.get("garden_under")
    if n_under is None:
        n_under = max(0, 2 - int(setup.get("exhausted", 0)))
    supply["garden"] -= n_under
