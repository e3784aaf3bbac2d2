"""The greedy bot's play for Rabohnzel: abilities, potions, counter-attacks.

In the magic phase it uses every field once (mage first, so that the potions it turns up
can be drunk; then white, thief against the fullest hand, sword against the richest
co-player, with the attack spell when it has one; mean when it is legal), plays mage beans
from the hand while it has face-down potions, and drinks what helps now (luck, exchange,
hand, a card flow while the front card fits a growing field, teleport to bring a fitting
card to the front). Drawn coins are resolved princess first; counter-attacks are taken;
a stolen or drawn card goes where it grows a field. Trade and discard-pile spells are drunk
in phase 2, the bean-field and enchanting spells when a card to plant fits nowhere, and
unwanted face-up cards are discarded after the trade spell. Everything else is the base
game's greedy play.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence, cast

from dataclasses import replace as dc_replace
from functools import partial

from ...core.strategy import Strategy, deal, take
from ..bohnanza.actions import Action, Harvest, Plant, Reveal
from ..bohnanza.bot import BUILT_VERBS, REASONS, STRATEGY as BASE, fit as base_fit
from .cards import CARDS
from .state import Choice, RabohnzelState

if TYPE_CHECKING:
    from .rules import Rabohnzel

fit = partial(base_fit, cards=CARDS)

#: How useful a potion is to have face up (activation choices).
USE_ORDER = ("luck", "attack", "hand", "flow", "trade", "discard", "exchange", "teleport",
             "enchant-players", "beanfield", "enchant-beans")
#: Which drawn coin to resolve with the attack spell.
RESOLVE_ORDER = ("princess", "mage", "thief", "white", "mean", "chasm", "sword")


def _verb(legal: Sequence[Action], verb: str) -> list:
    return [a for a in legal if a.VERB == verb]


class RabohnzelStrategy(Strategy):
    reasons = REASONS
    built_verbs = BUILT_VERBS
    #: The strong player's rollouts a decision: they keep its mean processor time per
    #: decision under the reference budget (``beannb.bench.strong.REFERENCE_CPU``: 0.82 of it
    #: on seeds 1..200; 240 rollouts reached it).
    search_iterations = 216

    def deal_secrets(self, state: RabohnzelState, seat: int, rng: Any) -> None:
        """Potions whose identity ``seat`` does not know (the deck's, others' face-down ones)
        are one pool."""
        ids = list(state.potion_deck)
        for i, ps in enumerate(state.potions):
            if i != seat:
                ids += [q.id for q in ps if not q.public]
        it = deal(ids, rng)
        state.potion_deck = take(it, len(state.potion_deck))
        state.potions = tuple(ps if i == seat else tuple(q if q.public else dc_replace(q, id=next(it)) for q in ps)
                              for i, ps in enumerate(state.potions))

    def value(self, ruleset: Rabohnzel, state: RabohnzelState, seat: int, growth: float) -> float:
        """The base game's value, plus the seat's bean pennies (R-68: the tie-break)."""
        pts = super().value(ruleset, state, seat, growth)
        pts += ruleset.pennies(state, seat) / 100.0
        return pts

    def act(self, bot: Any, ruleset: Rabohnzel, state: RabohnzelState, seat: int) -> Action:
        p = state.players[seat]
        legal = list(ruleset.legal_actions(state, p.name))
        ch = state.choice
        if ch is not None and ch.seat == seat:
            return self._decide(bot, ruleset, state, seat, ch, legal)
        phase = state.phase
        if phase == "magic":
            return self._magic(bot, ruleset, state, seat, legal)
        if phase == "end":
            return _verb(legal, "end-turn")[0]
        pick = self._potion(state, seat, legal)
        if pick is not None:
            return pick
        if phase == "pending" and seat == state.active:
            for a in _verb(legal, "discard"):
                if fit(p, a.bean) < 2:
                    return a
        a = BASE.act(bot, ruleset, state, seat, legal)
        if isinstance(a, Reveal):
            magic = _verb(legal, "magic")
            if magic:
                return magic[0]
        return a

    def initiative(self, bot: Any, ruleset: Rabohnzel, state: RabohnzelState, seat: int) -> Optional[Action]:
        """The strong player's offer out of turn: the base game's (a hand card that fits none of
        its fields for a face-up bean that grows one: B-14, B-16), which the greedy players
        here do not make."""
        return BASE.interject(bot, ruleset, state, seat)

    # decisions inside a turn
    def _decide(self, bot: Any, ruleset: Rabohnzel, state: RabohnzelState, seat: int, ch: Choice,
                legal: list[Action]) -> Action:
        p = state.players[seat]
        if ch.kind == "place":
            best, score = None, 1.0
            for a in _verb(legal, "place"):
                if a.field is None:
                    continue
                f = p.fields[a.field - 1]
                s = 3.0 + len(f) if f else 1.5
                if s > score:
                    best, score = a, s
            return best or next(a for a in _verb(legal, "place") if a.field is None)
        if ch.kind == "activate":
            acts = _verb(legal, "activate")
            if not acts:
                return _verb(legal, "skip")[0]
            return max(acts, key=lambda a: (len(a.potions), -sum(USE_ORDER.index(x) for x in a.potions)))
        if ch.kind == "resolve":
            return min(_verb(legal, "resolve"), key=lambda a: RESOLVE_ORDER.index(a.bean))
        if ch.kind == "counter":
            return _verb(legal, "counter")[0]
        plants = [a for a in legal if isinstance(a, Plant)]
        if plants:
            best = BASE._best_plant(p, plants)
            # The enchanted planting's legal plants name their field.
            if ch.seat != ch.other or p.fields[cast(int, best.field) - 1]:
                return best
        skip = _verb(legal, "skip")
        if skip:
            return skip[0]
        return BASE._make_room(bot, ruleset, state, seat, [a for a in legal if isinstance(a, Harvest)] or legal)

    # the magic phase
    def _magic(self, bot: Any, ruleset: Rabohnzel, state: RabohnzelState, seat: int, legal: list[Action]) -> Action:
        p = state.players[seat]
        uses = _verb(legal, "use")
        for bean in ("mage", "white"):
            for a in uses:
                if p.fields[a.field - 1][0] == bean:
                    return a
        thief = [a for a in uses if p.fields[a.field - 1][0] == "thief"]
        if thief:
            # A legal use of a thief or sword names a co-player.
            return max(thief, key=lambda a: len(state.players[cast(int, state.seat_of(a.target))].hand))
        sword = [a for a in uses if p.fields[a.field - 1][0] == "sword"]
        if sword:
            return max(sword, key=lambda a: (len(state.players[cast(int, state.seat_of(a.target))].coins), a.attack))
        mean = [a for a in uses if p.fields[a.field - 1][0] == "mean"]
        if mean:
            return mean[0]
        if any(not q.up for q in state.potions[seat]):
            mages = _verb(legal, "play-mage")
            if mages and fit(p, "mage") < 2:
                return mages[-1]
        pick = self._potion(state, seat, legal)
        if pick is not None:
            return pick
        return next(a for a in legal if isinstance(a, Reveal))

    def _potion(self, state: RabohnzelState, seat: int, legal: list[Action]) -> Optional[Action]:
        if not state.flow and not any(q.up for q in state.potions[seat]):
            return None  # no card flow running and no activated potion to drink
        p = state.players[seat]
        flows = _verb(legal, "flow")
        if flows and p.hand and fit(p, p.hand[0]) >= 2:
            return max(flows, key=lambda a: len(p.fields[a.field - 1]))
        for a in _verb(legal, "consume"):
            pid = a.potion
            if pid in ("luck", "hand", "trade") or (pid == "discard" and fit(p, state.discard[-1]) >= 2):
                return a
            if pid == "exchange":
                return a
            if pid == "flow" and p.hand and fit(p, p.hand[0]) >= 2:
                return a
            if pid == "teleport" and p.hand and fit(p, p.hand[0]) < 2 and a.dst == 1 and fit(p, p.hand[a.src - 1]) >= 2:
                return a
            if pid in ("beanfield", "enchant-beans") and fit(p, a.bean) < 0:
                return a
        return None


STRATEGY = RabohnzelStrategy()
