"""The base game's sensible play (the greedy bot's strategy):

- plants where a field's payout grows; when room is needed, sells the field that pays
  most now (a lone bean last), buying the 3rd field instead when a sale would pay nothing;
- as active player, gives away face-up cards that fit none of its fields and asks for
  beans that grow its fields, offering hand cards it would otherwise be forced to plant;
- as another player, offers a hand card for a face-up bean that fits its fields;
- answers offers by value: accepts when what it gets fits its fields better than what it
  gives (giving away an awkward hand card counts in its favour).
"""
from __future__ import annotations

from typing import Any, Optional, cast

from ...core.strategy import Strategy
from ...i18n.messages import NC_, Messages, locale_dir
from .actions import Accept, Action, BuyField, CardRef, Decline, Draw, EndTrade, Harvest, Offer, Plant, Reveal, Want
from .cards import CARDS
from .state import GameState, PlayerState
from .trade import accept_cards


def fit(p: PlayerState, bean: str, cards: Any = CARDS) -> float:
    """How welcome one more ``bean`` is on these fields (higher is better)."""
    best = -1.0
    for f in p.fields:
        if f and f[0] == bean:
            n = len(f)
            gain = cards.payout(bean, n + 1) - cards.payout(bean, n)
            best = max(best, 2.0 + gain)
        elif not f:
            best = max(best, 0.8)
    return best


def harvest_value(p: PlayerState, idx: int, cards: Any = CARDS) -> float:
    f = p.fields[idx]
    if not f:
        return -99
    coins = cards.payout(f[0], len(f))
    # Prefer selling what pays now; a big field that pays little is a loss of tempo.
    return coins * 3 - 0.2 * len(f) + (1 if coins == 4 else 0)


#: Verbs whose actions the bots build themselves: a trade offer is any set of cards for any
#: beans, so the legal list only names partners.
BUILT_VERBS = frozenset({"offer"})
#: Why a kind of move tends to be good (a hint adds it to the figures of the move it recommends).
REASON_MESSAGES = Messages("bohnanza", locale_dir(__file__), [
    NC_("hint-reason-harvest", "Harvesting now turns the field into money before it has to be sold cheaper or lost."),
    NC_("hint-reason-plant", "Planting there grows a field that pays more later."),
    NC_("hint-reason-buy-field", "A third field gives room, so that no growing field has to be sold early."),
    NC_("hint-reason-accept", "The trade brings beans that fit your fields for cards you need less."),
    NC_("hint-reason-decline", "The offer gives away more than it brings."),
    NC_("hint-reason-offer", "A trade can place cards you would otherwise have to plant badly."),
])
#: The base game's reasons by verb (the expansions' strategies say them for the same verbs).
REASONS = {verb: REASON_MESSAGES.message(f"hint-reason-{verb}")
           for verb in ("harvest", "plant", "buy-field", "accept", "decline", "offer")}


class BohnanzaStrategy(Strategy):
    """``act``/``interject`` with the bot whose memory (``bot._asked``) and seeded ``bot.rng`` they use."""

    reasons = REASONS
    built_verbs = BUILT_VERBS

    # -- helpers -------------------------------------------------------------------------
    def _make_room(self, bot, ruleset, state: GameState, seat: int, legal) -> Action:
        p = state.players[seat]
        harvests = [a for a in legal if isinstance(a, Harvest) and a.player == p.name]
        buys = [a for a in legal if isinstance(a, BuyField) and a.player == p.name]
        best = max(harvests, key=lambda a: harvest_value(p, a.field - 1, ruleset.cards), default=None)
        if buys and (best is None or harvest_value(p, best.field - 1, ruleset.cards) < 1):
            return buys[0]
        if best is not None:
            return best
        return legal[0]

    def _best_plant(self, p: PlayerState, plants: list[Plant]) -> Plant:
        def score(a: Plant):
            f = p.fields[cast(int, a.field) - 1]  # the legal list's plantings name their field
            return (2 + len(f)) if f else 1
        return max(plants, key=score)

    def act(self, bot, ruleset, state: GameState, seat: int, legal: Optional[list] = None) -> Action:
        """The base game's heuristics; strategies of games built on it fall back to these,
        passing the seat's ``legal`` actions in this very state where they have the list."""
        p = state.players[seat]
        if legal is None:
            legal = list(ruleset.legal_actions(state, p.name))
        mine = legal
        answers = [a for a in mine if isinstance(a, (Accept, Decline))]
        if answers:
            return self._answer(bot, ruleset, state, seat, answers)
        plants = [a for a in mine if isinstance(a, Plant)]
        phase = state.phase
        if phase == "plant":
            if plants and state.planted == 0:
                return self._best_plant(p, plants)
            if plants and state.planted == 1:
                a = self._best_plant(p, plants)
                f = p.fields[cast(int, a.field) - 1]
                if f or sum(1 for x in p.fields if not x) > 1:
                    return a
            reveal = [a for a in mine if isinstance(a, Reveal)]
            if reveal:
                return reveal[0]
            return self._make_room(bot, ruleset, state, seat, mine)
        if phase == "pending":
            if plants:
                return self._best_plant(p, plants)
            return self._make_room(bot, ruleset, state, seat, mine)
        if phase in ("offers", "take"):
            if plants:
                best = self._best_plant(p, plants)
                if phase == "offers" or p.fields[cast(int, best.field) - 1]:
                    return best
            others = [a for a in mine if a.VERB in ("discard", "draw")]
            if others:
                return others[0]
            return self._make_room(bot, ruleset, state, seat, mine)
        if phase == "trade" and seat == state.active:
            offer = self._active_offer(bot, ruleset, state, seat)
            if offer is not None:
                return offer
            return next(a for a in mine if isinstance(a, EndTrade))
        draws = [a for a in mine if isinstance(a, Draw)]
        if draws:
            return draws[0]
        return mine[0]

    def _answer(self, bot, ruleset, state: GameState, seat: int, answers) -> Action:
        p = state.players[seat]
        offers = {o.id: o for o in state.offers}
        for a in answers:
            if isinstance(a, Accept):
                o = offers[cast(int, a.offer)]  # the legal list's answers name the offer by its id
                gain = sum(fit(p, c.bean, ruleset.cards) for c in o.give)
                loss = 0.0
                positions = accept_cards(state, o, None)
                if positions is None:
                    continue
                for i in positions[0]:
                    bean = p.hand[i]
                    loss += 1.5 if fit(p, bean, ruleset.cards) > 0 else -1.0
                for b in positions[1]:
                    loss += 1.0 if fit(p, b, ruleset.cards) > 0 else -0.5
                if gain - loss > 0:
                    return a
        return next(a for a in answers if isinstance(a, Decline))

    def _active_offer(self, bot, ruleset, state: GameState, seat: int) -> Optional[Offer]:
        if not ruleset.can_trade(state):
            return None
        p = state.players[seat]
        key = (state.turn, "active")
        if key in bot._asked:
            return None
        bot._asked.add(key)
        # Give away face-up cards that fit nowhere, to whoever they fit best.
        unwanted = [b for b in state.faceup if fit(p, b, ruleset.cards) < 0]
        if unwanted:
            bean = unwanted[0]
            others = [i for i in range(state.n) if i != seat]
            target = max(others, key=lambda i: fit(state.players[i], bean, ruleset.cards))
            # Ask for a bean that grows one of our fields in return, if any.
            wants = [f[0] for f in p.fields if f]
            get = (Want("hand", wants[0], 1),) if wants else ()
            return Offer(p.name, state.players[target].name, (CardRef("up", bean),), get)
        # Trade away the front hand card if it fits nowhere, for a bean we grow.
        if p.hand and fit(p, p.hand[0], ruleset.cards) < 0:
            wants = [f[0] for f in p.fields if f]
            if wants:
                others = [i for i in range(state.n) if i != seat]
                target = others[bot.rng.randrange(len(others))]
                return Offer(p.name, state.players[target].name, (CardRef("hand", p.hand[0], 1),),
                             (Want("hand", wants[0], 1),))
        return None

    def interject(self, bot, ruleset, state: GameState, seat: int) -> Optional[Action]:
        if state.phase != "trade" or seat == state.active or not ruleset.can_trade(state):
            return None
        key = (state.turn, seat)
        if key in bot._asked:
            return None
        p = state.players[seat]
        bot._asked.add(key)
        if not p.hand:
            return None
        good = [b for b in dict.fromkeys(state.faceup) if fit(p, b, ruleset.cards) >= 2]
        if not good:
            return None
        # Offer the hand card that fits our fields least, from the front first.
        worst = min(range(len(p.hand)), key=lambda i: (fit(p, p.hand[i], ruleset.cards), i))
        if fit(p, p.hand[worst], ruleset.cards) >= 2:
            return None
        return Offer(p.name, state.players[state.active].name, (CardRef("hand", p.hand[worst], worst + 1),),
                     (Want("up", good[0], 1),))


STRATEGY = BohnanzaStrategy()
