"""A Rabohnzel table from a scenario's ``setup`` (docs/scenarios.md): the base game's reading
(:func:`~beannb.games.bohnanza.scenario.state_from_setup`), then Rabohnzel's own keys.

Potions (``potions``: name -> list like [luck, up:trade, public:attack]; ``potion_deck``:
top first; ``potion_deck_size``), a 3rd field (``third_field``: name -> cards, taken from
the deck) and the per-field state of the magic phase (``used``, ``enchanted``,
``counted``). Potions a setup leaves out are dealt from the seed (R-04). Format 3
(:data:`FORMAT3_KEYS`): ``lucky`` (potions obtained through the luck spell, R-64) and
``start_by_potions`` (the start player and the public potion found as in a real game, R-05).
"""
from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.errors import ScenarioError
from ..bohnanza.scenario import (
    check_scenario_setup, fix_scenario_supply, scenario_path, state_from_setup,
)
from .cards import CARDS, POTION_IDS, POTIONS, potion_id
from .rules import Rabohnzel
from .state import Potion, RabohnzelState

__all__ = ["FORMAT3_KEYS", "SETUP_KEYS", "check_scenario_setup", "fix_scenario_supply", "scenario_path", "scenario_setup",
           "state_from_setup"]

#: Keys of a scenario's ``setup`` Rabohnzel reads beyond the base ones.
SETUP_KEYS = frozenset({"potions", "potion_deck", "potion_deck_size", "third_field", "used", "enchanted",
                        "counted", "lucky", "start_by_potions"})
#: The keys new in format 3 (a file of an older version may not use them).
FORMAT3_KEYS = frozenset({"lucky", "start_by_potions"})
#: The per-field keys, in the order they are read: ``used`` (the field's ability was used,
#: R-20), ``enchanted`` (how many cards on it are enchanted, R-59: they lie after its first
#: card) and ``counted`` (cards that count for thresholds, R-25; default: every card).
FIELD_KEYS = ("used", "enchanted", "counted")


class PotionReader:
    """Potions as a setup writes them (``luck``, ``up:luck``, ``public:luck``), each placed once (R-02)."""

    def __init__(self) -> None:
        self.used: list[str] = []

    def parse(self, tok: Any, where: str) -> Potion:
        text = str(tok)
        flag, _, nm = text.rpartition(":")
        pid = potion_id(nm)
        if pid is None or flag not in ("", "up", "public"):
            raise ScenarioError(f"{where}: {tok!r} is not a potion (write e.g. luck, up:luck or public:luck)")
        if pid in self.used:
            raise ScenarioError(f"{where}: the {pid} potion is placed twice; there is one of each")
        self.used.append(pid)
        return Potion(pid, up=flag == "up", public=flag in ("up", "public"))


def held_potions(setup: dict, names: list[str], reader: PotionReader) -> dict[int, list[Potion]]:
    """``potions``: the potions each player named holds, by seat."""
    fixed = setup.get("potions") or {}
    if not isinstance(fixed, dict):
        raise ScenarioError("setup.potions must map player names to lists of potions")
    held: dict[int, list[Potion]] = {}
    for name, lst in fixed.items():
        if name not in names:
            raise ScenarioError(f"setup.potions: {name!r} is not one of the players {names}")
        if not isinstance(lst, list):
            raise ScenarioError(f"setup.potions.{name} must be a list")
        held[names.index(name)] = [reader.parse(x, f"setup.potions.{name}") for x in lst]
    return held


def deal_potions(s: RabohnzelState, held: dict[int, list[Potion]], rest: list[str], first: int) -> None:
    """A player the setup gives no potions gets one from the rest, from seat ``first`` on (R-04)."""
    for k in range(s.n):
        seat = (first + k) % s.n
        if seat not in held:
            if not rest:
                raise ScenarioError("no potion left to deal")
            held[seat] = [Potion(rest.pop(0))]
    s.potions = tuple(tuple(held[i]) for i in range(s.n))


def mark_lucky(s: RabohnzelState, setup: dict, names: list[str]) -> None:
    """``lucky`` (format 3): potions the active player holds through the luck spell drunk this
    turn (R-64). Each was turned up when taken, so it is public (R-71), and it goes back to the
    potion deck at the end of the turn (R-65)."""
    given = setup.get("lucky") or {}
    if not isinstance(given, dict):
        raise ScenarioError("setup.lucky must map the active player's name to potions, e.g. {Ann: [exchange]}")
    for name, lst in given.items():
        if name not in names:
            raise ScenarioError(f"setup.lucky: {name!r} is not one of the players {names}")
        seat = names.index(name)
        if seat != s.active:
            raise ScenarioError(f"setup.lucky.{name}: only the active player holds potions through the luck "
                                "spell; they go back to the potion deck at the end of the turn (R-65)")
        mine = list(s.potions[seat])
        if "luck" not in [q.id for q in mine]:
            raise ScenarioError(f"setup.lucky.{name}: {name} drank the luck spell this turn, so setup.potions."
                                f"{name} lists luck too (R-64)")
        for tok in lst if isinstance(lst, list) else [lst]:
            pid = potion_id(str(tok))
            k = next((j for j, q in enumerate(mine) if q.id == pid), None)
            if pid is None or pid == "luck" or k is None:
                raise ScenarioError(f"setup.lucky.{name}: {tok!r} is not one of {name}'s potions in setup.potions "
                                    "(other than luck)")
            mine[k] = Potion(pid, up=mine[k].up, public=True, lucky=True)
        s.potions = s.potions[:seat] + (tuple(mine),) + s.potions[seat + 1:]


def start_by_potions(s: RabohnzelState, setup: dict, names: list[str]) -> None:
    """``start_by_potions`` (format 3): the start player is the holder of the highest potion and
    that potion is public (R-05), as in a real game's setup. The table was dealt from the first
    seat; the hands the setup leaves out (five each, R-06) move round to where a deal from the
    start player puts them (:func:`~beannb.games.bohnanza.scenario.deal_hands`), and the start
    player is active unless ``active`` says otherwise."""
    if not setup.get("start_by_potions"):
        return
    if s.options.get("start_seat") is not None:
        raise ScenarioError("setup.start_by_potions: the potions choose the start player, so leave out the "
                            "option start_seat (R-05)")
    best = max(range(s.n), key=lambda i: max(POTIONS[q.id].pennies for q in s.potions[i]))  # highest potion
    fixed = {nm for nm, spec in (setup.get("players") or {}).items() if isinstance(spec, dict) and "hand" in spec}
    dealt = [k for k in range(s.n) if names[k] not in fixed]  # in the order they were dealt, from seat 0
    hands = [s.players[k].hand for k in dealt]
    for k, hand in zip(sorted(dealt, key=lambda k: (k - best) % s.n), hands):
        s.set_player(k, s.players[k].replace(hand=hand))
    top = max(s.potions[best], key=lambda q: POTIONS[q.id].pennies)
    s.potions = s.potions[:best] + (tuple(Potion(q.id, q.up, True, q.lucky) if q is top else q
                                          for q in s.potions[best]),) + s.potions[best + 1:]
    s.start_seat = best
    s.options = dict(s.options, start_seat=best)
    if "active" not in setup:
        s.active = best


def set_potion_deck(s: RabohnzelState, setup: dict, top: list[str], rest: list[str]) -> None:
    """The potion deck: ``potion_deck`` on top of the rest, cut to ``potion_deck_size`` (the
    potions below are set aside)."""
    deck = top + rest
    size = setup.get("potion_deck_size")
    if size is not None:
        if not isinstance(size, int) or not len(top) <= size <= len(deck):
            raise ScenarioError(f"setup.potion_deck_size must be between {len(top)} and {len(deck)}")
        s.potions_aside = tuple(deck[size:])
        deck = deck[:size]
    s.potion_deck = tuple(deck)


def add_third_fields(s: RabohnzelState, setup: dict, names: list[str]) -> None:
    """``third_field``: a 3rd field of one bean type, its cards taken from the deck (R-50)."""
    extra = setup.get("third_field") or {}
    for name, cards in extra.items():
        if name not in names:
            raise ScenarioError(f"setup.third_field: {name!r} is not one of the players {names}")
        beans = [CARDS.card_id(str(c)) for c in cards or []]
        if not beans or None in beans or len(set(beans)) != 1:
            raise ScenarioError(f"setup.third_field.{name} must list cards of one bean type")
        field = tuple(b for b in beans if b is not None)  # every one is a card, as checked
        deck_l = list(s.deck)
        for b in field:
            if b not in deck_l:
                raise ScenarioError(f"setup.third_field.{name}: no {b} left in the supply")
            deck_l.remove(b)
        s.deck = tuple(deck_l)
        seat = names.index(name)
        p = s.players[seat]
        if len(p.fields) >= 3:
            raise ScenarioError(f"setup.third_field.{name}: a player never has more than 3 fields (R-50)")
        s.set_player(seat, p.replace(fields=p.fields + (field,)))


def set_field_state(s: RabohnzelState, setup: dict, names: list[str]) -> None:
    """The per-field state of this magic phase (:data:`FIELD_KEYS`), one value per field of the player."""
    for key in FIELD_KEYS:
        given = setup.get(key) or {}
        if not isinstance(given, dict):
            raise ScenarioError(f"setup.{key} must map player names to one value per field")
        for name, values in given.items():
            if name not in names:
                raise ScenarioError(f"setup.{key}: {name!r} is not one of the players {names}")
            seat = names.index(name)
            fields = s.players[seat].fields
            if not isinstance(values, list) or len(values) != len(fields):
                raise ScenarioError(f"setup.{key}.{name} lists one value per field ({len(fields)})")
            metas = [field_meta(key, name, k, v, f, meta)
                     for k, (v, f, meta) in enumerate(zip(values, fields, s.fmeta[seat]))]
            s.fmeta = s.fmeta[:seat] + (tuple(metas),) + s.fmeta[seat + 1:]


def field_meta(key: str, name: str, k: int, v: Any, f: tuple[str, ...],
               meta: tuple[bool, int, int]) -> tuple[bool, int, int]:
    """Field ``k`` (0-based) of ``name``'s bookkeeping (used, counted, enchanted) with ``key`` set to ``v``."""
    used, counted, ench = meta
    if key == "used":
        if not isinstance(v, bool):
            raise ScenarioError(f"setup.used.{name}: write true or false per field")
        return (v, counted, ench)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= len(f):
        raise ScenarioError(f"setup.{key}.{name}[{k + 1}] is a number from 0 to {len(f)}")
    if key == "counted":
        return (used, v, ench)
    if v and (len(f) < 2 or len(set(f[:1] + f[1 + v:])) > 1):
        raise ScenarioError(f"setup.enchanted.{name}[{k + 1}]: an enchanted field lists the card of its "
                            "type, then the enchanted cards, then more of its type, e.g. [princess, "
                            "thief, princess] with 1 enchanted (R-58, R-59)")
    return (used, counted, v)


def scenario_setup(ruleset: Rabohnzel, s: RabohnzelState, setup: dict) -> None:
    """Rabohnzel's own keys, on the table the base game's keys made."""
    names = [p.name for p in s.players]
    reader = PotionReader()
    held = held_potions(setup, names, reader)
    top = [reader.parse(x, "setup.potion_deck").id for x in (setup.get("potion_deck") or [])]
    rest_t, s.rng = rng.shuffled(s.rng, [p for p in POTION_IDS if p not in reader.used])
    rest = list(rest_t)
    # With start_by_potions the potions are dealt before the start player is known.
    deal_potions(s, held, rest, 0 if setup.get("start_by_potions") else s.start_seat)
    set_potion_deck(s, setup, top, rest)
    add_third_fields(s, setup, names)
    s.fmeta = tuple(tuple((False, len(f), 0) for f in p.fields) for p in s.players)
    set_field_state(s, setup, names)
    start_by_potions(s, setup, names)
    mark_lucky(s, setup, names)
