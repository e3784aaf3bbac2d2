"""The trader: a bot that haggles (base game, Rabohnzel and Bohnaparte).

Everything else (planting, harvesting, magic, battles) it plays as the greedy bot does; in
phase 2 it trades like a person at the table:

- **It values cards for its own fields.** :func:`plan_value` plants, in order, the cards the
  seat will have to plant (its pending cards, the face-up cards it keeps as active player,
  then the front of its hand) on its fields and scores the result by each game's card table:
  coins a field pays now, plus progress towards its next beanometer step, less a penalty for
  a lone bean (unprotected, B-29) and for every field it would have to harvest early to make
  room. A deal is worth the difference it makes to that plan.
- **It refuses bad deals** and accepts a deal that gains it enough, discounting what the deal
  gives the partner (one opponent's gain is a small loss of its own).
- **It counter-offers**: declining, it proposes the deal it would take with that partner.
- **It makes offers** on its own turn to each co-player and, on others' turns, to the active
  player; it keeps trading while a deal it has not yet tried is worth offering.

Bounds keep games finite: per turn, at most :data:`MAX_ACTIVE_OFFERS` offers as active player
(:data:`MAX_PER_PARTNER` to one partner), :data:`MAX_SIDE_OFFERS` offers and
:data:`MAX_COUNTERS` counter-offers otherwise, and never the same offer twice in a turn.

It reads only its seat's observation (``ruleset.observe``), and chooses deterministically:
candidates are ranked by value, ties by their notation, so a seed fixes every decision.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Optional, Sequence

from ..core.actions import Action, CardRef, Want
from ..games.bohnanza.actions import Accept, Decline, EndTrade, Offer
from .greedy import GreedyBot

#: Offers per turn: as active player, to one partner, as another player, counter-offers.
MAX_ACTIVE_OFFERS = 6
MAX_PER_PARTNER = 2
MAX_SIDE_OFFERS = 2
MAX_COUNTERS = 3
#: Hand cards (from the front) that count in a plan; later ones are too far off to weigh.
HORIZON = 4
#: Weight of progress towards the next beanometer step, relative to one coin.
PROGRESS = 0.8
#: A field holding one bean may be forced out (B-29 protects only the longer fields).
LONE = 0.3
#: Harvesting early to make room loses tempo beyond the progress it throws away.
FORCED = 0.6
#: How much a partner's gain counts against a deal (one rival of several).
RIVAL = 0.3
#: Least gain for accepting a deal, and for proposing one.
ACCEPT_GAIN = 0.2
OFFER_GAIN = 0.3
#: Least gain we assume a partner needs to accept what we propose.
PARTNER_GAIN = 0.05


_VALUES: dict = {}  # (card table, bean, count) -> field value; card tables are module constants


def field_value(cards: Any, bean: str, n: int) -> float:
    """What a field of ``n`` ``bean`` cards is worth: coins now plus progress to the next step."""
    if n <= 0:
        return 0.0
    key = (id(cards), bean, n)
    hit = _VALUES.get(key)
    if hit is None:
        hit = _VALUES[key] = _field_value(cards, bean, n)
    return hit


def _field_value(cards: Any, bean: str, n: int) -> float:
    now = cards.payout(bean, n)
    nxt = cards.next_threshold(bean, n)
    value = float(now)
    if nxt is not None:
        lo = 0
        if now:
            lo = min(k for k in range(1, n + 1) if cards.payout(bean, k) == now)
        need = nxt[0]
        if need > lo:
            value += PROGRESS * (n - lo) / (need - lo)
    if n == 1:
        value -= LONE
    return value


def _payout(cards: Any, bean: str, n: int) -> int:
    key = (id(cards), bean, -n)
    hit = _VALUES.get(key)
    if hit is None:
        hit = _VALUES[key] = cards.payout(bean, n)
    return hit


_PLANS: dict = {}  # (card table, fields, plant) -> plan_value; a pure function, asked again and again
_PLANS_MAX = 200_000


def plan_value(cards: Any, fields: Sequence[tuple[str, int]], plant: Sequence[str]) -> float:
    """Plant ``plant`` in order on ``fields`` ((bean, count) per field, ("", 0) if empty);
    the value of the fields at the end plus the coins of early harvests, less their tempo."""
    key = (id(cards), tuple(fields), tuple(plant))
    hit = _PLANS.get(key)
    if hit is None:
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        hit = _PLANS[key] = _plan_value(cards, fields, plant)
    return hit


def _plan_value(cards: Any, fields: Sequence[tuple[str, int]], plant: Sequence[str]) -> float:
    fl = [list(f) for f in fields]
    total = 0.0
    for bean in plant:
        slot = next((f for f in fl if f[1] and f[0] == bean), None)
        if slot is None:
            slot = next((f for f in fl if not f[1]), None)
        if slot is None:
            if not fl:
                continue
            # B-29: a lone bean goes only when no field holds more.
            most = max(f[1] for f in fl)
            pool = [f for f in fl if f[1] > 1 or most <= 1]
            slot = min(pool, key=lambda f: field_value(cards, f[0], f[1]) - _payout(cards, f[0], f[1]))
            total += _payout(cards, slot[0], slot[1]) - FORCED
            slot[0], slot[1] = bean, 0
        slot[0] = bean
        slot[1] += 1
    return total + sum(field_value(cards, b, n) for b, n in fl)


def field_types(player: dict) -> list[tuple[str, int]]:
    """(bean, count) per field from an observation's player (Rabohnzel lists enchanted cards first)."""
    out = []
    ench = player.get("enchanted") or [0] * len(player["fields"])
    for f, e in zip(player["fields"], ench):
        if not f:
            out.append(("", 0))
        else:
            out.append((f[min(e or 0, len(f) - 1)], len(f)))
    return out


class Deal:
    """A deal one seat considers: what it gives (refs) and gets (beans), and its value."""

    __slots__ = ("partner", "give", "get", "mine", "theirs", "score")

    def __init__(self, partner: int, give: tuple, get: tuple, mine: float, theirs: float):
        self.partner, self.give, self.get = partner, give, get
        self.mine, self.theirs = mine, theirs
        self.score = mine - RIVAL * max(theirs, 0.0)


class TraderBot(GreedyBot):
    """Haggles in phase 2 (see the module docstring); plays like ``greedy`` otherwise."""

    kind = "trader"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.reset()

    def reset(self) -> None:
        super().reset()
        self._turn: Any = None
        self._made: set = set()          # offers (partner, give beans, get) made this turn
        self._per_partner: dict = {}
        self._active_offers = self._side_offers = self._counters = 0
        self._queue: list[Action] = []   # a decline that follows its counter-offer
        self._countered: set = set()     # offer ids answered with a counter
        self._looked: Any = None         # the table last searched for a side offer
        self._base: Any = None           # this seat's plan before a deal, per observation

    # -- memory -----------------------------------------------------------------------------
    def _new_turn(self, state) -> None:
        key = (state.turn, state.active)
        if key != self._turn:
            self._turn = key
            self._made, self._per_partner = set(), {}
            self._active_offers = self._side_offers = self._counters = 0
            self._queue, self._countered, self._looked = [], set(), None

    @staticmethod
    def _trading(ruleset, state) -> bool:
        return state.phase == "trade" and ruleset.can_trade(state)

    # -- the bot protocol --------------------------------------------------------------------
    def act(self, ruleset, state, seat: int) -> Action:
        if not self._trading(ruleset, state):
            return super().act(ruleset, state, seat)
        self._new_turn(state)
        obs = ruleset.observe(state, seat)
        queued = self._pop_queue(ruleset, state)
        if queued is not None:
            return queued
        mine = [o for o in obs["offer_list"] if o["partner"] == obs["viewer"]]
        if mine:
            return self._answer(ruleset, state, obs, seat, mine[0])
        if seat == state.active:
            # What the game's own strategy does first in phase 2 (a Rabohnzel trade spell,
            # drunk before any deal, R-53), unless it is an offer or the end of trading.
            a = super().act(ruleset, state, seat)
            if isinstance(a, (Offer, EndTrade)):
                if not any(o["proposer"] == obs["viewer"] for o in obs["offer_list"]):
                    offer = self._propose(ruleset, state, obs, seat, active=True)
                    if offer is not None:
                        return offer
                # the greedy bot's own offer: the trader has already looked for better ones
                return next(x for x in ruleset.legal_actions(state, obs["viewer"]) if isinstance(x, EndTrade))
            return a
        return super().act(ruleset, state, seat)

    def interject(self, ruleset, state, seat: int) -> Optional[Action]:
        if not self._trading(ruleset, state):
            return super().interject(ruleset, state, seat)
        if seat == state.active:
            return None
        self._new_turn(state)
        if self._side_offers >= MAX_SIDE_OFFERS:
            return None
        p = state.players[seat]
        if any(o.proposer == seat for o in state.offers):
            return None  # one open offer of ours at a time
        look = (tuple(p.hand), tuple(state.faceup), len(state.offers), tuple(map(tuple, p.fields)), tuple(p.pending))
        if look == self._looked:
            return None
        self._looked = look
        obs = ruleset.observe(state, seat)
        return self._propose(ruleset, state, obs, seat, active=False)

    # -- answering ---------------------------------------------------------------------------
    def _pop_queue(self, ruleset, state) -> Optional[Action]:
        while self._queue:
            a = self._queue.pop(0)
            if ruleset.why_not(state, a) is None:
                return a
        return None

    def _answer(self, ruleset, state, obs: dict, seat: int, o: dict) -> Action:
        me = obs["viewer"]
        proposer = next(q["seat"] for q in obs["players"] if q["name"] == o["proposer"])
        gets = tuple(b for _z, b, _p in o["give"])
        gives = _answer_gives(obs, seat, o)
        if gives is not None:
            mine = self._my_gain(ruleset, obs, seat, gives, gets)
            theirs = self._their_gain(ruleset, obs, proposer, tuple(CardRef(z, b, p) for z, b, p in o["give"]), gives)
            d = Deal(proposer, gives, gets, mine, theirs)
            if d.mine >= ACCEPT_GAIN and d.score >= ACCEPT_GAIN / 2:
                # From the legal list: the driver carries such actions out without checking again.
                accept = next((a for a in ruleset.legal_actions(state, me)
                               if isinstance(a, Accept) and a.offer == o["id"] and not a.cards), None)
                if accept is not None:
                    return accept
        if o["id"] not in self._countered and self._counters < MAX_COUNTERS:
            self._countered.add(o["id"])
            counter = self._best_offer(ruleset, state, obs, seat, [proposer], hint=gets)
            if counter is not None and _key(counter) != _reverse_key(o, obs):
                self._counters += 1
                self._record(counter, seat)
                self._queue.append(Decline(me, o["id"]))
                return counter
        return Decline(me, o["id"])

    # -- proposing -----------------------------------------------------------------------------
    def _propose(self, ruleset, state, obs: dict, seat: int, active: bool) -> Optional[Offer]:
        if active:
            if self._active_offers >= MAX_ACTIVE_OFFERS:
                return None
            partners = [q["seat"] for q in obs["players"] if q["seat"] != seat
                        and self._per_partner.get(q["name"], 0) < MAX_PER_PARTNER]
        else:
            partners = [state.active]
        offer = self._best_offer(ruleset, state, obs, seat, partners)
        if offer is not None:
            if active:
                self._active_offers += 1
            else:
                self._side_offers += 1
            self._record(offer, seat)
        return offer

    def _record(self, offer: Offer, seat: int) -> None:
        self._made.add(_key(offer))
        partner = offer.partner
        self._per_partner[partner] = self._per_partner.get(partner, 0) + 1

    def _best_offer(self, ruleset, state, obs: dict, seat: int, partners: Sequence[int],
                    hint: tuple = ()) -> Optional[Offer]:
        me = obs["players"][seat]
        names = [q["name"] for q in obs["players"]]
        active = names.index(obs["active"])
        gives = _give_options(obs, seat, active)
        best: Optional[tuple] = None
        for partner in partners:
            for get in _get_options(obs, seat, partner, active, hint):
                got = tuple(w.bean for w in get)
                for give in gives:
                    if not give and not get:
                        continue
                    if set(got) & {c.bean for c in give}:
                        continue
                    offer = Offer(me["name"], names[partner], give, get)
                    if _key(offer) in self._made:
                        continue
                    mine = self._my_gain(ruleset, obs, seat, give, got)
                    if mine < OFFER_GAIN:
                        continue
                    theirs = self._their_gain(ruleset, obs, partner, get, give)
                    if theirs < PARTNER_GAIN:
                        continue
                    d = Deal(partner, give, get, mine, theirs)
                    rank = (round(d.score, 6), -len(give) - len(get), str(offer))
                    if best is None or rank > best[0]:
                        best = (rank, offer)
        if best is None:
            return None
        offer = best[1]
        if offer.partner not in names or ruleset.why_not(state, offer) is not None:
            return None
        return offer

    # -- valuation -----------------------------------------------------------------------------
    def _my_gain(self, ruleset, obs: dict, seat: int, give: Sequence, got: Sequence[str]) -> float:
        """How much a deal changes this seat's plan: ``give`` (refs) leave, ``got`` arrive."""
        cards = ruleset.cards
        key = (id(obs), seat)
        if self._base is None or self._base[0] != key or self._base[1] is not obs:
            me = obs["players"][seat]
            fields = field_types(me)
            hand = list(me["hand"] or ())
            up = list(obs["faceup"]) if obs["active"] == me["name"] else []
            pending = list(me["pending"])
            self._base = (key, obs, fields, hand, up, pending, plan_value(cards, fields, pending + up + hand[:HORIZON]))
        _k, _o, fields, hand, up, pending, before = self._base
        hand, up = list(hand), list(up)
        for i in sorted((c.pos - 1 for c in give if c.zone == "hand"), reverse=True):
            del hand[i]
        for c in give:
            if c.zone == "up" and c.bean in up:
                up.remove(c.bean)
        return plan_value(cards, fields, pending + list(got) + up + hand[:HORIZON]) - before

    def _their_gain(self, ruleset, obs: dict, partner: int, they_give: Sequence, they_get: Sequence) -> float:
        """The partner's gain as this seat can judge it: from their fields and what they must plant."""
        cards = ruleset.cards
        q = obs["players"][partner]
        fields = field_types(q)
        up = list(obs["faceup"]) if obs["active"] == q["name"] else []
        base = list(q["pending"]) + up
        before = plan_value(cards, fields, base)
        rest = list(up)
        gone = 0.0
        for w in they_give:
            bean = w.bean if isinstance(w, (Want, CardRef)) else w
            zone = getattr(w, "zone", "hand")
            if zone == "up" and bean in rest:
                rest.remove(bean)
            else:
                # A hand card we cannot see: giving one that fits their fields costs them.
                solo = plan_value(cards, fields, [bean]) - plan_value(cards, fields, [])
                gone += max(solo, -0.2)
        after = plan_value(cards, fields, list(q["pending"]) + [c.bean for c in they_get] + rest)
        return after - before - gone


def _key(offer: Offer) -> tuple:
    return (offer.partner, tuple(sorted((c.zone, c.bean) for c in offer.give)),
            tuple(sorted((w.zone, w.bean, w.count) for w in offer.get)))


def _reverse_key(o: dict, obs: dict) -> tuple:
    """The key of offering back exactly what ``o`` proposed (no counter at all)."""
    gets = tuple(sorted((z, b, 1) for z, b, _p in o["give"]))
    gives = tuple(sorted((z, b) for z, b, c in o["get"] for _ in range(c)))
    return (o["proposer"], gives, gets)


def _answer_gives(obs: dict, seat: int, o: dict) -> Optional[tuple]:
    """The refs this seat would give accepting ``o`` (earliest matching hand cards, B-49)."""
    me = obs["players"][seat]
    hand = list(me["hand"] or ())
    up = list(obs["faceup"])
    used: set = set()
    out = []
    for zone, bean, count in o["get"]:
        for _ in range(count):
            if zone == "up":
                if bean not in up:
                    return None
                up.remove(bean)
                out.append(CardRef("up", bean))
                continue
            i = next((k for k, b in enumerate(hand) if b == bean and k not in used), None)
            if i is None:
                return None
            used.add(i)
            out.append(CardRef("hand", bean, i + 1))
    return tuple(out)


def _give_options(obs: dict, seat: int, active: int) -> list[tuple]:
    """Sets of own cards to offer: nothing, one card, or two (face-up cards and the hand's front)."""
    me = obs["players"][seat]
    items: list[CardRef] = []
    if seat == active:
        items += [CardRef("up", b) for b in dict.fromkeys(obs["faceup"])]
    seen: set = set()
    for i, b in enumerate(me["hand"] or ()):
        if b not in seen:
            seen.add(b)
            items.append(CardRef("hand", b, i + 1))
        if len(items) >= 6:
            break
    out: list[tuple] = [()]
    out += [(c,) for c in items]
    out += [pair for pair in combinations(items, 2) if pair[0].bean != pair[1].bean or pair[0].zone != pair[1].zone]
    up = [b for b in obs["faceup"]] if seat == active else []
    if len(up) == 2 and up[0] == up[1]:
        out.append((CardRef("up", up[0]), CardRef("up", up[1])))
    return out


def _get_options(obs: dict, seat: int, partner: int, active: int, hint: tuple = ()) -> list[tuple]:
    """What to ask for: nothing, one face-up card of the active partner, or one bean we grow."""
    me = obs["players"][seat]
    grow = [b for b, n in field_types(me) if n]
    out: list[tuple] = [()]
    if partner == active:
        out += [(Want("up", b, 1),) for b in dict.fromkeys(obs["faceup"])]
    for b in dict.fromkeys(list(hint) + grow):
        out.append((Want("hand", b, 1),))
    return out


__all__ = ["TraderBot", "field_value", "plan_value", "field_types"]
