"""Sampling a full table a seat cannot tell apart from the real one (a determinization).

What a seat does not see (other hands, the deck order, coins lying face down, cards out of
the game, takeover's other players' text cards and defence cards, Rabohnzel's unknown
potions, Bohnaparte's carts it has not looked into and an attacker's face-down card) is gathered into pools, one per kind of
card, *sorted*, shuffled with the searcher's random generator and dealt back into the same
places in the same numbers. Sorting first makes the result depend only on which cards are
hidden (what the seat can count from its observation: every card of the game minus those
it sees), never on where they really lie; the game's own generator is reseeded too, so
later reshuffles do not follow the real game's.

Cards the seat knows the place of stay where they are: its own hand, everything face up,
and the hand cards another player has put into an open trade offer.
"""
from __future__ import annotations

import random
from dataclasses import replace as dc_replace
from typing import Any


def _deal(pool: list, rng: random.Random) -> "iter":
    pool.sort()
    rng.shuffle(pool)
    return iter(pool)


def _take(it, n: int) -> tuple:
    return tuple(next(it) for _ in range(n))


def determinize(ruleset: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A table consistent with what ``seat`` observes, sampled with ``rng``."""
    s = state.copy()
    players = [p.copy() for p in s.players]
    # Hand positions another player has offered in an open trade are known (offers are public).
    known: dict[int, set[int]] = {}
    for o in getattr(s, "offers", ()) or ():
        for c in o.give:
            if c.zone == "hand" and c.pos:
                known.setdefault(o.proposer, set()).add(c.pos - 1)
    hidden_hand = {i: [k for k in range(len(p.hand)) if k not in known.get(i, ())]
                   for i, p in enumerate(players) if i != seat}
    beans = list(s.deck) + list(s.removed)
    for i, p in enumerate(players):
        beans += p.coins
        if i != seat:
            beans += [p.hand[k] for k in hidden_hand[i]]
    carts = getattr(s, "carts", None)
    cart_hidden = []
    if carts is not None:
        seen = s.cart_seen
        cart_hidden = [i for i, c in enumerate(carts) if c and not (i == seat and seen[i])]
        for i in cart_hidden:
            beans += carts[i]
    b = getattr(s, "battle", None)
    # Bohnaparte: the attacker's card lies face down for everyone but the attacker (who knows
    # a card from the hand or from its own cart).
    hide_a = b is not None and b.a_card and not (seat == b.attacker and (b.mode == "hand" or b.a_cart))
    if hide_a:
        beans.append(b.a_card)
    it = _deal(beans, rng)
    if hide_a:
        card = next(it)
        played = list(b.played_a)
        if b.a_card in played:
            k = len(played) - 1 - played[::-1].index(b.a_card)
            played[k] = card
        s.battle = b.replace(a_card=card, played_a=tuple(played))
    s.deck = _take(it, len(s.deck))
    s.removed = _take(it, len(s.removed))
    for i, p in enumerate(players):
        p.coins = _take(it, len(p.coins))
        if i != seat:
            hand = list(p.hand)
            for k in hidden_hand[i]:
                hand[k] = next(it)
            p.hand = tuple(hand)
    if carts is not None:
        new_carts = list(carts)
        for i in cart_hidden:
            new_carts[i] = _take(it, len(carts[i]))
        s.carts = tuple(new_carts)
    if hasattr(s, "text_deck"):  # takeover: text cards in other hands, defence cards, the text deck
        texts = list(s.text_deck)
        for i, p in enumerate(players):
            if i != seat:
                texts += p.texts
                texts += [d for d in p.defense if d]
        it = _deal(texts, rng)
        s.text_deck = _take(it, len(s.text_deck))
        for i, p in enumerate(players):
            if i != seat:
                p.texts = _take(it, len(p.texts))
                p.defense = tuple(next(it) if d else d for d in p.defense)
    if hasattr(s, "potion_deck"):  # Rabohnzel: potions whose identity the seat does not know
        ids = list(s.potion_deck)
        for i, ps in enumerate(s.potions):
            if i != seat:
                ids += [q.id for q in ps if not q.public]
        it = _deal(ids, rng)
        s.potion_deck = _take(it, len(s.potion_deck))
        s.potions = tuple(ps if i == seat else tuple(q if q.public else dc_replace(q, id=next(it)) for q in ps)
                          for i, ps in enumerate(s.potions))
    s.players = tuple(players)
    s.rng = rng.getrandbits(64)
    return s
