"""The bot protocol and the driver that plays a game out with bots."""
from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from ..core.actions import Action
from ..core.ruleset import Ruleset
from ..games.bohnanza.state import GameState

MAX_ACTIONS = 50_000  # a game longer than this is a bug, not a long game


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


#: Verbs whose actions bots build themselves rather than take from ``legal_actions`` (a
#: trade offer is any set of cards for any beans, so the legal list only names partners).
BUILT_VERBS = frozenset({"offer"})


def trusted(ruleset: Ruleset, state: GameState, action: Action) -> bool:
    """Whether ``action`` came from the legal list (so ``apply`` need not validate it again)."""
    return type(action).VERB not in BUILT_VERBS


def next_action(ruleset: Ruleset, state: GameState, bots: Sequence[Bot], interject: bool = True) -> Action:
    """The next decision at a table of bots: with ``interject``, the first other bot (in seat
    order after the mover) that interjects; otherwise, or if none does, the mover's action."""
    seat = ruleset.to_move(state)[0]
    if interject:
        n = state.n
        for k in range(1, n):
            other = (seat + k) % n
            action = bots[other].interject(ruleset, state, other)
            if action is not None:
                return action
    return bots[seat].act(ruleset, state, seat)


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
    while state.phase != "over":
        action = next_action(ruleset, state, bots, checked or ruleset.may_interject(state))
        # The trusted path for what a bot took from the legal list; a trade offer the bot
        # built itself is validated, as a player's would be.
        new, events = ruleset.apply(state, action, check=checked or not trusted(ruleset, state, action))
        if on_step is not None:
            on_step(state, action, new, events)
        state = new
        count += 1
        if count > max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
    return state, count
