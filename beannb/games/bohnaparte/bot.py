"""The sensible bot's Bohnaparte decisions; everything else it plays as in the base game.

- camps: the camp whose neighbours are worth most (a city, villages, steppes ...);
- attacks: for every target and every way to fight, the chance of winning (from the cards
  it cannot see, and the target's minimum defence) times what the territory is worth, less
  the coin and the card it spends; it attacks while the best of these pays, then draws.
  Ending the game by taking a player's last territory is only done when it wins the game;
- defence: the cheapest hand card that holds against a cavalry, the strongest card for a
  valuable territory, else the deck;
- cart: buys one when it has coins to spare, keeps the cards that fit its fields; with
  option cart_in_battle, plays the cart card that best balances the chance of winning the
  battle (what the territory is worth) against the cost of giving up a card that fits its
  fields.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence, cast

from ...core.strategy import Strategy, field_coins, take
from ..bohnanza.actions import Action, Draw
from ..bohnanza.bot import BUILT_VERBS, REASONS, STRATEGY as BASE, fit
from ..bohnanza.seats import act
from .actions import Attack, BuyCart, CartPlay, CartTake, ChooseCamp, Defend, SecondWave
from .battle import CAVALRY_STRENGTH
from .board import RIVER, TERRAINS
from .cards import BEANS, CART_PRICE
from ..bohnanza.profiles import Profile
from ..bohnanza.state import PlayerState
from .state import Battle, BohnaparteState

if TYPE_CHECKING:
    from .rules import Bohnaparte

BONUS = {"village": 0.6, "rice_field": 0.4, "gem_field": 0.5, "steppe": 0.7, "forest": 0.5, "city": 0.0, "camp": 0.0}
COIN_COST = 0.35


@lru_cache(maxsize=16)
def _deck(ruleset: Bohnaparte, prof: Profile) -> Counter:
    """The whole bean deck of a profile (B-01), counted once; callers copy it."""
    return Counter(ruleset.build_deck(prof))


def _unseen(ruleset: Bohnaparte, state: BohnaparteState, seat: int) -> Counter:
    """Bean cards the seat cannot see: the deck's likely make-up (every bean of the deck, in
    the deck's order, none below zero)."""
    seen: Counter = Counter(state.discard)
    seen.update(state.players[seat].hand)
    cart = state.carts[seat]
    if state.cart_seen[seat] and cart:
        seen.update(cart)  # its own cart, once looked at
    for p in state.players:
        for f in p.fields:
            seen.update(f)
    return Counter({b: (n - seen[b] if n > seen[b] else 0) for b, n in _deck(ruleset, ruleset.profile(state)).items()})


def _p_below(unseen: Counter, a: int, least: int) -> float:
    """Chance that a deck card defends below ``a`` (a minimum of ``least`` applies)."""
    if least >= a:
        return 0.0
    total = sum(unseen.values()) or 1
    return sum(k for b, k in unseen.items() if BEANS[b].count < a) / total


def _target_value(ruleset: Bohnaparte, state: BohnaparteState, seat: int, i: int) -> float:
    ter = state.terrain[i]
    vp = 1 if state.burned[i] else TERRAINS[ter].vp
    value = vp + BONUS.get(ter, 0)
    owner = state.owner[i]
    if owner is not None:
        value += 0.5 * vp
        if sum(1 for o in state.owner if o == owner) == 1:  # P-46: this would end the game
            mine = ruleset.vp(state, seat) + vp
            others = [ruleset.vp(state, k) - (vp if k == owner else 0) for k in range(state.n) if k != seat]
            return 5.0 if mine > max(others) else -5.0
    return value


def _card_cost(p: PlayerState, bean: str) -> float:
    return 0.3 if fit(p, bean) >= 2 else 0.05


def _attack_choice(ruleset: Bohnaparte, state: BohnaparteState, seat: int, legal: Sequence[Action]) -> Optional[Action]:
    """The attack worth most among ``legal`` (None if none pays)."""
    attacks = [a for a in legal if isinstance(a, Attack)]
    k = _best_attack(ruleset, state, seat, [(a.target, a.mode, a.bean) for a in attacks]) if attacks else None
    return None if k is None else attacks[k]


def _best_attack(ruleset: Bohnaparte, state: BohnaparteState, seat: int,
                 attacks: Sequence[tuple[str, str, Optional[str]]]) -> Optional[int]:
    """Which of ``attacks`` (target, mode, hand card's bean) is worth most (its index; the
    first of equals), if any pays: for every target and every way to fight, the chance of
    winning times what the territory is worth, less the coin and the card spent."""
    p = state.players[seat]
    unseen = _unseen(ruleset, state, seat)
    total = sum(unseen.values()) or 1
    deck_mean = sum(BEANS[b].count * k for b, k in unseen.items()) / total
    strengths = [(BEANS[b].count, k) for b, k in unseen.items()]
    # Unseen cards weaker than each strength (``_p_below``'s count): ``below[s]``.
    below = [0] * (max([s for s, _ in strengths] + [CAVALRY_STRENGTH]) + 2)
    for s, k in strengths:
        below[s + 1] += k
    for s in range(1, len(below)):
        below[s] += below[s - 1]
    best, best_ev = None, 0.15
    # The same for every way of attacking: chances by strength (``_p_below``), each target's
    # facts, a deck card's chance by minimum defence, a hand card's cost.
    chances: dict[tuple, float] = {}

    def chance(strength: int, least: int, defender_hand: bool) -> float:
        key = (strength, least, defender_hand)
        p_win = chances.get(key)
        if p_win is None:
            p_win = 0.0 if least >= strength else below[min(strength, len(below) - 1)] / total
            if defender_hand:
                p_win *= max(0.0, (strength - 8) / 14)
            chances[key] = p_win
        return p_win

    about: dict[str, tuple] = {}
    deck_chance: dict[tuple, float] = {}
    costs: dict[str, float] = {}
    backup: Optional[int] = None
    for n, (target, mode, bean) in enumerate(attacks):
        if target not in about:
            i = cast(int, ruleset.board(state).resolve(target))  # a legal attack's target is on the board
            owner = state.owner[i]
            about[target] = (ruleset.min_defence(state, i), owner is not None and bool(state.players[owner].hand),
                             _target_value(ruleset, state, seat, i))
        least, defender_hand, worth = about[target]
        if mode == "hand":
            bean = cast(str, bean)  # a hand card is named by its bean
            if bean not in costs:
                costs[bean] = _card_cost(p, bean)
            pw, cost = chance(BEANS[bean].count, least, defender_hand), costs[bean]
        elif mode == "deck":
            if (least, defender_hand) not in deck_chance:
                deck_chance[least, defender_hand] = sum(
                    chance(s, least, defender_hand) * k for s, k in strengths) / total
            pw, cost = deck_chance[least, defender_hand], 0.0
        else:
            p1 = chance(17, least, defender_hand)
            if backup is None:
                backup = int(max([BEANS[b].count for b in p.hand] + [deck_mean]))
            pw, cost = p1 + (1 - p1) * chance(backup, least, defender_hand), 0.1
        ev = pw * worth - COIN_COST - cost
        if ev > best_ev:
            best, best_ev = n, ev
    return best


def _battle_step(ruleset: Bohnaparte, state: BohnaparteState, seat: int) -> Action:
    """What :func:`greedy_act` chooses at the seat's own battle step (no battle under way)
    from its legal list, without the list (a rollout asks this at every battle step, and
    the list names every target with every hand card): the cart while coins are plenty
    (P-36: the tests ``legal_for`` puts it on the list with), else the attack worth most,
    built as ``battle.attacks`` builds it (one hand card of each bean, the first, and the
    first ready cavalry: the others are worth the same, and the first of equals is chosen),
    else the draw."""
    p = state.players[seat]
    name = p.name
    if state.carts[seat] is None and len(p.coins) >= max(6, CART_PRICE) and ruleset.count_owned(state, seat, "forest"):
        return act(BuyCart, name)
    if p.coins:
        labels = ruleset.board(state).labels
        ready = ruleset.ready_cavalry(state, seat)
        cav = ruleset.targets(state, seat, cavalry=True) if ready else {}
        hand: dict[str, int] = {}
        for k, bean in enumerate(p.hand):
            hand.setdefault(bean, k + 1)
        plan: list[tuple[str, str, Optional[str], Optional[int], Optional[str]]] = []
        for i in sorted(ruleset.targets(state, seat), key=lambda k: labels[k]):
            lab = labels[i]
            plan.extend((lab, "hand", bean, k, None) for bean, k in hand.items())
            plan.append((lab, "deck", None, None, None))
            if i in cav:
                plan.append((lab, "cavalry", None, None, ready[0]))
        best = _best_attack(ruleset, state, seat, [t[:3] for t in plan]) if plan else None
        if best is not None:
            return Attack(name, *plan[best])
    return act(Draw, name)


def _defence(ruleset: Bohnaparte, state: BohnaparteState, seat: int, legal: Sequence[Action]) -> Action:
    b = cast(Battle, state.battle)  # asked while the battle waits for this seat's card
    p = state.players[seat]
    cls = Defend if b.step == "defend" else SecondWave
    least = ruleset.min_defence(state, b.target) if cls is Defend else 0
    # A hand card is named by its bean: (bean, action) for each.
    hand = [(cast(str, a.bean), a) for a in legal if isinstance(a, cls) and a.mode == "hand"]
    deck = next(a for a in legal if isinstance(a, cls) and a.mode == "deck")
    if cls is SecondWave:
        strong = max(hand, key=lambda h: BEANS[h[0]].count, default=None)
        return strong[1] if strong is not None and BEANS[strong[0]].count >= 14 else deck
    if b.mode == "cavalry":
        holds = [h for h in hand if max(BEANS[h[0]].count, least) >= 17]
        if least >= 17:
            return deck
        return min(holds, key=lambda h: BEANS[h[0]].count)[1] if holds else deck
    strong = max(hand, key=lambda h: (BEANS[h[0]].count, -fit(p, h[0])), default=None)
    if strong is not None and max(BEANS[strong[0]].count, least) >= 16:
        return strong[1]
    return deck


def _p_not_above(unseen: Counter, d: int) -> float:
    """Chance that an unseen card (the attacker's face-down card, roughly) is at most ``d``."""
    total = sum(unseen.values()) or 1
    return sum(k for b, k in unseen.items() if BEANS[b].count <= d) / total


def _cart_play(ruleset: Bohnaparte, state: BohnaparteState, seat: int, legal: Sequence[Action]) -> Optional[Action]:
    """Option cart_in_battle: which cart card to play face down. Each candidate scores its
    chance of winning the battle times what the battle is worth, less the worth of keeping
    the card (a card that fits its fields is worth keeping for the next cart draw)."""
    plays = [a for a in legal if isinstance(a, CartPlay)]
    if not plays:
        return None
    b = cast(Battle, state.battle)  # cart-play is legal only in a battle (P-38)
    p = state.players[seat]
    i = b.target
    least = ruleset.min_defence(state, i)
    unseen = _unseen(ruleset, state, seat)
    attacking = b.cart_side == "attack"
    if attacking:
        stake = _target_value(ruleset, state, seat, i)
        defender_hand = b.defender is not None and bool(state.players[b.defender].hand)
    else:
        ter = state.terrain[i]
        stake = (1 if state.burned[i] else TERRAINS[ter].vp) + BONUS.get(ter, 0)
        if sum(1 for o in state.owner if o == seat) == 1:  # P-46: losing it ends the game
            stake += 5.0

    def score(a: CartPlay) -> float:
        s = BEANS[a.bean].count
        if attacking:
            p_win = _p_below(unseen, s, least)
            if defender_hand:
                p_win *= max(0.0, (s - 8) / 14)
        else:
            d = max(s, least)
            p_win = (1.0 if d >= 17 else 0.0) if b.mode == "cavalry" and b.wave == 1 else _p_not_above(unseen, d)
        return p_win * stake - _card_cost(p, a.bean)

    return max(plays, key=lambda a: (score(a), BEANS[a.bean].count))


def _camp(ruleset: Bohnaparte, state: BohnaparteState, legal: Sequence[ChooseCamp]) -> Action:
    board = ruleset.board(state)

    def worth(a: ChooseCamp) -> float:
        i = cast(int, board.resolve(a.pos))  # a legal camp is on the board
        total = 0.0
        for m in board.nbrs[i]:
            ter = state.terrain[m]
            if ter == "camp":
                total -= 0.5
            elif ter != RIVER:
                total += TERRAINS[ter].vp + BONUS.get(ter, 0)
        return total

    return max(legal, key=worth)


def greedy_act(bot: Any, ruleset: Bohnaparte, state: BohnaparteState, seat: int,
               legal: Sequence[Action]) -> Optional[Action]:
    phase = state.phase
    if phase == "camp":
        camps = [a for a in legal if isinstance(a, ChooseCamp)]
        return _camp(ruleset, state, camps) if camps else None
    p = state.players[seat]
    if phase == "cart":
        takes = [a for a in legal if isinstance(a, CartTake)]
        return max(takes, key=lambda a: sum(fit(p, b) for b in a.beans)) if takes else None
    b = state.battle
    if phase == "battle" and b is not None:
        if b.step == "cart" and seat == b.cart_owner():
            return _cart_play(ruleset, state, seat, legal)
        if (b.step == "defend" and seat == b.defender) or (b.step == "second" and seat == b.attacker):
            return _defence(ruleset, state, seat, legal)
        return None
    if phase == "battle" and seat == state.active:
        cart = next((a for a in legal if isinstance(a, BuyCart)), None)
        if cart is not None and len(p.coins) >= 6:
            return cart
        attack = _attack_choice(ruleset, state, seat, legal)
        if attack is not None:
            return attack
        return next((a for a in legal if isinstance(a, Draw)), None)
    return None


#: The strong player's search: victory points a coin (or a coin's worth of beans in a field)
#: is worth, as the fuel of raids (greedy tables spend about two coins per victory point
#: captured).
COIN_VP = 0.45
#: Cards a turn takes from the deck (two revealed, three drawn, a battle's cards; greedy
#: tables take 6.4 a turn on the deck's last pass).
TURN_CARDS = 6.5
#: Attacks the greedy player's estimate puts first among the search's candidates.
RANKED_ATTACKS = 6


def next_turn(ruleset: Bohnaparte, state: BohnaparteState, seat: int) -> float:
    """About how likely ``seat`` is to have a battle step again (coins buy victory points
    only there): 1 before the deck's last pass (P-44: the game ends at its third
    exhaustion); on the last pass, whether the deck's cards last until its battle step, at
    TURN_CARDS a turn for the turns before it, softened over one turn's cards."""
    if state.exhausted < ruleset.end_at(state) - 1:
        return 1.0
    ahead = (seat - state.active) % state.n
    left = len(state.deck) - ahead * TURN_CARDS - ruleset.profile(state).reveal_n
    return min(1.0, max(0.0, 0.5 + left / TURN_CARDS))


class BohnaparteStrategy(Strategy):
    """Registered for ``bohnaparte``: the decisions above, the base game's play for the rest."""

    #: Attacks are many and close, but most drop out of the search after a few rollouts
    #: (``beannb.bots.strong.hopeless``) and the greedy players' battle step is chosen without
    #: the legal list: 540 rollouts keep the mean processor time per decision under the
    #: reference (``beannb.bench.strong.REFERENCE_CPU``: 0.78 of it on seeds 1..200). Ranking
    #: the attacks (:meth:`preferred`) rather than drawing them won more often (41.0 % of 72
    #: games against 35.9 %, at 120 and 64 rollouts).
    search_iterations = 540
    #: Victory points are few and close.
    lead_scale = 1.5
    score_unit = "victory points"
    reasons = REASONS
    built_verbs = BUILT_VERBS

    def estimate(self, ruleset: Bohnaparte, state: BohnaparteState, seat: int) -> float:
        """The seat's victory points."""
        return float(ruleset.score(state, seat))

    def value(self, ruleset: Bohnaparte, state: BohnaparteState, seat: int, growth: float) -> float:
        """Victory points, and coins and field beans at COIN_VP victory points (they buy
        victory points in raids: victory points alone would make a rollout sell its fields
        and raid at once), as far as the seat is likely to have a battle step again
        (:func:`next_turn`: left over at the end they are worth nothing)."""
        pts = float(ruleset.score(state, seat))
        if state.phase != "over":
            pts += COIN_VP * next_turn(ruleset, state, seat) * (
                len(state.players[seat].coins) + field_coins(ruleset, state, seat, growth))
        return pts

    # -- what a seat cannot see: carts not looked into, the attacker's face-down card ------------
    @staticmethod
    def _hidden_carts(state: BohnaparteState, seat: int) -> list[int]:
        """The carts whose beans ``seat`` does not know (another's, or its own unseen)."""
        seen = state.cart_seen
        return [i for i, c in enumerate(state.carts) if c and not (i == seat and seen[i])]

    @staticmethod
    def _hidden_battle_card(state: BohnaparteState, seat: int) -> bool:
        """Whether the attacker's card lies face down for ``seat``: for everyone but the
        attacker, who knows a card from the hand or from its own cart."""
        b = state.battle
        return b is not None and bool(b.a_card) and not (seat == b.attacker and (b.mode == "hand" or b.a_cart))

    def hidden_beans(self, state: BohnaparteState, seat: int) -> list[str]:
        # The hidden carts hold cards; a hidden battle card is one (_hidden_battle_card).
        beans = [c for i in self._hidden_carts(state, seat) for c in cast("tuple[str, ...]", state.carts[i])]
        b = state.battle
        return beans + ([b.a_card] if b is not None and b.a_card and self._hidden_battle_card(state, seat) else [])

    def deal_beans(self, state: BohnaparteState, seat: int, cards: Iterator[str], first: bool) -> None:
        """First the attacker's face-down card (and the same card among those it played);
        after the base game's places, the hidden carts."""
        if not first:
            carts = list(state.carts)
            for i in self._hidden_carts(state, seat):
                carts[i] = take(cards, len(cast("tuple[str, ...]", carts[i])))
            state.carts = tuple(carts)
        elif self._hidden_battle_card(state, seat):
            b = cast(Battle, state.battle)
            card = next(cards)
            played = list(b.played_a)
            if b.a_card in played:
                k = len(played) - 1 - played[::-1].index(b.a_card)
                played[k] = card
            state.battle = b.replace(a_card=card, played_a=tuple(played))

    def preferred(self, ruleset: Bohnaparte, sample: BohnaparteState, seat: int, legal: Sequence[Action],
                  greedy: Any) -> tuple[list[Action], list[Action]]:
        """The battle step offers an attack for every target, way to fight and hand card:
        every move that is not an attack comes first, then up to RANKED_ATTACKS attacks in
        the greedy player's order (the chance of winning the fight from the cards unseen
        and the target's minimum defence, times the territory's victory points and what its
        ability gives, less the coin and the card spent; asked again without the attacks
        already chosen); the same bean from another place in the hand is not a move of its
        own."""
        attacks = [cast(Attack, a) for a in legal if a.VERB == "attack"]
        if not attacks:
            return [], list(legal)
        seen: set = set()
        pool: list[Action] = []
        for a in attacks:
            key = (a.target, a.mode, a.bean, a.cavalry)
            if key not in seen:
                seen.add(key)
                pool.append(a)
        front = [a for a in legal if a.VERB != "attack"]
        bot = greedy(0)
        for _ in range(RANKED_ATTACKS):
            best = greedy_act(bot, ruleset, sample, seat, pool)
            if best is None:
                break
            front.append(best)
            pool.remove(best)
        return front, pool

    def act(self, bot: Any, ruleset: Bohnaparte, state: BohnaparteState, seat: int) -> Action:
        if state.phase == "battle" and state.battle is None and seat == state.active:
            return _battle_step(ruleset, state, seat)  # the same choice, without the legal list
        legal = list(ruleset.legal_actions(state, state.players[seat].name))
        chosen = greedy_act(bot, ruleset, state, seat, legal)
        return chosen if chosen is not None else BASE.act(bot, ruleset, state, seat, legal)


STRATEGY = BohnaparteStrategy()
