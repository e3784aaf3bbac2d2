"""Carts (P-36…P-38): buying one, the draw that fills it, and taking its cards into the hand.
(A cart's card played in a battle, option ``cart_in_battle``, is the battle's: :mod:`.battle`.)

Each verb has a check and an effect taking the ruleset first, named by :attr:`Bohnaparte.VERBS
<beannb.games.bohnaparte.rules.Bohnaparte.VERBS>`."""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Optional, cast

from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza import turn as base_turn
from ..bohnanza.actions import Action, Draw
from ...i18n.messages import Named, NamedList
from .actions import BuyCart, CartTake
from .cards import CARDS, CART_PRICE
from .common import put, refuse
from .state import BohnaparteState

if TYPE_CHECKING:
    from .rules import Bohnaparte

CART_SIZE = 2         # P-37
#: Phases in which a cart may be bought, between actions of one's own turn (P-36).
CART_PHASES = ("plant", "trade", "pending", "battle")


def cart_choices(s: BohnaparteState, seat: int) -> list[Action]:
    cart = cast("tuple[str, ...]", s.carts[seat])  # step ``cart``: the active player's cart is full (P-38)
    take = len(cart) - CART_SIZE
    seen = set()
    out: list[Action] = []
    for keep in itertools.combinations(range(len(cart)), min(CART_SIZE, len(cart))):
        beans = tuple(c for k, c in enumerate(cart) if k not in keep)
        if len(beans) == take and beans not in seen:
            seen.add(beans)
            out.append(CartTake(s.players[seat].name, beans))
    return out


def check_buy_cart(rules: Bohnaparte, s: BohnaparteState, seat: int, a: BuyCart) -> Optional[IllegalAction]:
    p = s.players[seat]
    if seat != s.active or s.phase not in CART_PHASES or s.battle is not None:
        return refuse("P-36", "cart-when")
    if s.carts[seat] is not None:
        return refuse("P-36", "cart-have")
    if not rules.count_owned(s, seat, "forest"):
        return refuse("P-36", "cart-no-forest")
    if len(p.coins) < CART_PRICE:
        return refuse("P-36", "cart-price", price=CART_PRICE, coins=len(p.coins))
    return None


def check_cart_take(rules: Bohnaparte, s: BohnaparteState, seat: int, a: CartTake) -> Optional[IllegalAction]:
    if s.phase != "cart" or seat != s.active:
        return refuse("P-38", "cart-take-when")
    held = cast("tuple[str, ...]", s.carts[seat])  # step ``cart``: the active player has a cart (P-38)
    cart = list(held)
    take = len(cart) - CART_SIZE
    if len(a.beans) != take:
        return refuse("P-38", "cart-take-count", take=take, n=len(cart), stay=CART_SIZE)
    for bean in a.beans:
        if bean not in cart:
            return refuse("P-38", "cart-take-missing", bean=Named(CARDS, bean), cart=NamedList(CARDS, held))
        cart.remove(bean)
    return None


def do_buy_cart(rules: Bohnaparte, t: BohnaparteState, seat: int, a: BuyCart, ev: list[Event]) -> None:
    p = t.players[seat]
    paid = p.coins[len(p.coins) - CART_PRICE:]
    t.set_player(seat, p.replace(coins=p.coins[:len(p.coins) - CART_PRICE]))
    t.discard = t.discard + paid
    cards = []
    for _ in range(CART_SIZE):  # P-37
        c = rules.take_top(t, ev)
        if c is None:
            break
        cards.append(c)
        if t.ending:
            break
    t.carts = put(t.carts, seat, tuple(cards))
    ev.append(Event("cart_buy", p.name, {"price": CART_PRICE, "cards": len(cards)}, "P-36"))
    if t.ending and t.battle is None:
        rules.finish(t, ev, "P-44")


def do_draw(rules: Bohnaparte, t: BohnaparteState, seat: int, a: Draw, ev: list[Event]) -> None:
    name = t.players[seat].name
    ev.append(Event("battle_step_end", name, {}, "P-49"))
    if t.ending:  # only after a game-ending reveal with battle_after_final_reveal: no draw
        rules.finish(t, ev, "P-44")
        return
    held = t.carts[seat]
    if held is None:
        base_turn.do_draw(rules, t, seat, a, ev)
        return
    moved = rules.take_cards(t, rules.draw_count(t, seat), ev)  # P-38: onto the cart first (B-37...B-40)
    t.carts = put(t.carts, seat, held + tuple(moved))
    t.cart_seen = put(t.cart_seen, seat, True)
    ev.append(Event("cart_fill", name, {"count": len(moved)}, "P-38"))
    t.phase = "cart"


def do_cart_take(rules: Bohnaparte, t: BohnaparteState, seat: int, a: CartTake, ev: list[Event]) -> None:
    held = t.carts[seat]
    assert held is not None, "the check found the cards on the cart"
    cart = list(held)
    for bean in a.beans:
        cart.remove(bean)
    p = t.players[seat]
    t.set_player(seat, p.replace(hand=p.hand + a.beans))
    t.carts = put(t.carts, seat, tuple(cart))
    ev.append(Event("draw", p.name, {"count": len(a.beans), "beans": list(a.beans), "cart": True}, "P-38"))
    if t.ending:
        rules.finish(t, ev, "B-40")
    else:
        rules.next_turn(t, ev)
