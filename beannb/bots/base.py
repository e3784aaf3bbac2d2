"""The bot protocol and the driver that plays a game out with bots."""
from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from ..core.actions import Action, form_ok
from ..core.ruleset import MALFORMED_ERRORS, Ruleset
from ..games.bohnanza.state import GameState

MAX_ACTIONS = 50_000  # a game longer than this is a bug, not a long game
#: Most actions bots take in one answer to a person's move (a bot-only game plays out).
MAX_ANSWER = 5_000


class Bot:
    """Override :meth:`act`; :meth:`interject` is optional (out-of-turn initiative)."""

    kind = "bot"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def reset(self) -> None:
        """Forget per-game memory; called before each game."""

    def act(self, ruleset: Ruleset, state: GameState, seat: int) -> Action:
        raise NotImplementedError

    def interject(self, ruleset: Ruleset, state: GameState, seat: int) -> Optional[Action]:
        return None


def trusted(ruleset: Ruleset, state: GameState, action: Action) -> bool:
    """Whether ``action`` came from the legal list (so ``apply`` need not validate it again):
    not of a verb whose actions bots build themselves (the strategy's ``built_verbs``)."""
    return type(action).VERB not in ruleset.strategy.built_verbs


#: (notation, card) pairs the notation reads back as that very card: a game's few card ids.
_READ_BACK: set[tuple] = set()


def _reads_back(notation, card: str) -> bool:
    """Whether ``notation`` reads the name ``card`` as the card ``card`` (an id of its game)."""
    key = (notation, card)
    if key in _READ_BACK:
        return True
    ok = notation.card_names(card) == card
    if ok and len(_READ_BACK) < 10_000:
        _READ_BACK.add(key)
    return ok


#: Built actions whose form and card names their bot vouches for (:func:`vouch`), by ``id``;
#: each kept alive here until :func:`check_built` takes it, so that an ``id`` is never
#: another object's while it is here.
_VOUCHED: dict[int, Action] = {}


def vouch(action: Action) -> Action:
    """Mark a trade offer a bot has just built from its seat's own legal data as well formed:
    its class is the notation's, the cards it gives are references the seat's hand and face-up
    cards give (``trading.giveable``), the cards it asks for are beans of the game (face-up
    cards, the profile's beans). :func:`check_built` then skips the form test and the card-name
    read-back for it and asks only the rules' verdict (``why_not``). Returns ``action``."""
    if len(_VOUCHED) >= 256:  # a bot that vouches for offers it never plays
        _VOUCHED.clear()
    _VOUCHED[id(action)] = action
    return action


def check_built(ruleset: Ruleset, state: GameState, action: Action) -> None:
    """Refuse a built action (a trade offer) the rules forbid now, as ``apply`` would.

    A bot builds its offers from card references and beans of the game itself, so the
    quick test of the action's form (its class is the game's, every field of its type), the
    rules' verdict (``why_not``, rules B-14…B-19, B-48) and whether every card it names is a
    card of the game are what is asked here; the whole round trip through the notation is
    left to ``Game.play`` and to checked runs. Anything
    the quick test is not sure of, or that trips the rules up, gets the full
    ``ruleset.validate``: the refusal is then word for word the one ``play`` gives. An
    offer its bot vouched for (:func:`vouch`) skips the form test and the read-back."""
    cls = type(action)
    notation = ruleset.notation
    vouched = _VOUCHED.pop(id(action), None) is action
    try:
        if notation.verbs.get(cls.VERB) is cls and (vouched or form_ok(action)) \
                and not ruleset.form_problem(action):
            err = ruleset.why_not(state, action)
            # The notation reads back every card the offer names (a bean of this game).
            if err is None and (vouched or all(_reads_back(notation, x.bean)
                                               for x in (*getattr(action, "give", ()), *getattr(action, "get", ())))):
                return
    except MALFORMED_ERRORS:
        pass
    err = ruleset.validate(state, action)
    if err is not None:
        raise err


def next_action(ruleset: Ruleset, state: GameState, bots: Sequence[Bot], interject: bool = True) -> Action:
    """The next decision at a table of bots: with ``interject``, the first other bot (in seat
    order after the mover) that interjects; otherwise, or if none does, the mover's action."""
    seat = ruleset.to_move(state)[0]
    if interject:
        for other in others_after(seat, len(state.players)):
            action = bots[other].interject(ruleset, state, other)
            if action is not None:
                return action
    return bots[seat].act(ruleset, state, seat)


_AFTER: dict[tuple[int, int], tuple[int, ...]] = {}


def others_after(seat: int, n: int) -> tuple[int, ...]:
    """The other seats of an ``n``-player table in seat order after ``seat``."""
    key = (seat, n)
    after = _AFTER.get(key)
    if after is None:
        after = _AFTER[key] = tuple((seat + k) % n for k in range(1, n))
    return after


def play_out(ruleset: Ruleset, state: GameState, bots: Sequence[Bot],
             on_step: Optional[Callable[[GameState, Action, GameState, list], None]] = None,
             max_actions: int = MAX_ACTIONS, checked: bool = False) -> tuple[GameState, int]:
    """Play until the game is over; return (final state, actions played). Actions the bots
    take from the legal list are carried out without validating them again (``checked``
    validates every one, as ``Game.play`` does, and asks every other bot before each action
    whether it interjects, where otherwise only ``ruleset.may_interject`` moments ask)."""
    count = 0
    for bot in bots:
        bot.reset()
    may_interject = ruleset.may_interject
    to_move = ruleset.to_move
    built = ruleset.strategy.built_verbs
    while state.phase != "over":
        if checked or may_interject(state):
            action = next_action(ruleset, state, bots)
        else:  # ``next_action`` without interjections, without its call
            seat = to_move(state)[0]
            action = bots[seat].act(ruleset, state, seat)
        if checked:
            new, events = ruleset.apply(state, action)
        else:
            # The trusted path for what a bot took from the legal list; a trade offer the
            # bot built itself is checked against the rules first.
            if type(action).VERB in built:
                check_built(ruleset, state, action)
            if on_step is None:  # nobody reads the events: ``apply`` would only bind their narration
                new, events = ruleset.do(state, action)
            else:
                new, events = ruleset.apply(state, action, check=False)
        if on_step is not None:
            on_step(state, action, new, events)
        state = new
        count += 1
        if count > max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
    return state, count


def playout(ruleset: Ruleset, state: GameState, bots: Sequence[Bot],
            on_step: Optional[Callable[[GameState, Action, list], None]] = None,
            max_actions: int = MAX_ACTIONS) -> tuple[GameState, int]:
    """:func:`play_out`'s fast way on a playout state: one mutable copy of ``state`` that every
    action changes in place (``ruleset.do_in_place``), with no state kept behind it; return
    (final state, actions played). ``state`` itself stays as it was. The same bots make the
    same choices as in :func:`play_out` (the same questions asked in the same order), so a
    seeded game is the same game either way; ``on_step(state, action, events)`` sees the one
    state after each action (copy it to keep it) and the events without their narration bound
    (``ruleset.apply`` binds it: read their kinds and data, or bind it to word them). Bots and ``on_step`` must not keep the
    state they are shown: it changes. Actions are trusted as in :func:`play_out`: a trade
    offer a bot built is checked against the rules first, the rest came from the legal list."""
    for bot in bots:
        bot.reset()
    state = state.copy()  # the playout's own: its parts are replaced, never changed, by the verbs
    may_interject = ruleset.may_interject
    to_move = ruleset.to_move
    do = ruleset.do_in_place
    built = ruleset.strategy.built_verbs
    count = 0
    while state.phase != "over":
        if may_interject(state):
            action = next_action(ruleset, state, bots)
        else:
            seat = to_move(state)[0]
            action = bots[seat].act(ruleset, state, seat)
        if type(action).VERB in built:
            check_built(ruleset, state, action)
        events = do(state, action)
        if on_step is not None:
            on_step(state, action, events)
        count += 1
        if count > max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
    return state, count


def bots_answer(game, bots: "dict[str, Bot]", max_actions: int = MAX_ANSWER) -> list:
    """Let the bot seats of ``game`` (a checked :class:`~beannb.core.game.Game`) act until a
    person must decide or the game ends; return the events. At moments the rules open to
    initiative (``Ruleset.may_interject``: a trade phase) every other bot may interject first;
    then a bot the game waits for decides (the game may wait for several decisions at once,
    a person's turn and a bot's answer to that person's offer). What a table of people with
    bots runs after each person's move: a notebook's game against bots and a class table alike.
    """
    rs = game.ruleset
    events: list = []
    for _ in range(max_actions):
        s = game.state
        if rs.is_over(s):
            break
        waiting = rs.to_move(s)
        name = s.players[waiting[0]].name
        action = None
        for other, bot in (bots.items() if rs.may_interject(s) else ()):
            if other == name:
                continue
            action = bot.interject(rs, s, s.seat_of(other))
            if action is not None:
                break
        if action is None:
            seat = next((i for i in waiting if s.players[i].name in bots), None)
            if seat is None:
                break
            action = bots[s.players[seat].name].act(rs, s, seat)
        events += game.play(action)
    return events
