"""Battles (P-12…P-35, P-45…P-48): the attacks a player may make, their checks (reach, rivers and
forests, cavalry), the cards of both sides (a hand card, the deck, a cart's card with option
``cart_in_battle``), the fight, captures, the second wave and the end of a battle.

Each verb has a check and an effect taking the ruleset first, named by :attr:`Bohnaparte.VERBS
<beannb.games.bohnaparte.rules.Bohnaparte.VERBS>`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union, cast

from ...core import rng
from ...core.errors import IllegalAction
from ...core.events import Event
from ..bohnanza.actions import Action, Draw
from ..bohnanza.fields import remove_positions
from ..bohnanza.seats import act
from ..bohnanza.state import PlayerState
from ...i18n.messages import Named, NamedList
from .actions import Attack, CartPlay, Defend, SecondWave
from .board import RIVER, cavalry_immune, reach
from .cards import CARDS
from .common import position, put, refuse, strength
from .state import Battle, BohnaparteState
from .text import COLOURS, TERRAIN_NAMES

if TYPE_CHECKING:
    from .rules import Bohnaparte

CAVALRY_STRENGTH = 17  # P-23


def battle_actions(rules: Bohnaparte, s: BohnaparteState, seat: int, out: list[Action]) -> None:
    """The battle step (P-16…P-38): the card a battle waits for, or attacks and the draw."""
    p = s.players[seat]
    name = p.name
    b = s.battle
    if b is not None:
        if b.step == "cart" and seat == b.cart_owner():
            # The cart owner has a cart (P-38: only a cart sends the battle to step ``cart``).
            out.extend(CartPlay(name, bean) for bean in dict.fromkeys(cast("tuple[str, ...]", s.carts[seat])))
        elif (b.step == "defend" and seat == b.defender) or (b.step == "second" and seat == b.attacker):
            cls = Defend if b.step == "defend" else SecondWave
            out.extend(cls(name, "hand", bean, i + 1) for i, bean in enumerate(p.hand))
            out.append(cls(name, "deck"))
    elif seat == s.active:
        if p.coins:
            out.extend(attacks(rules, s, seat))
        out.append(act(Draw, name))


def attacks(rules: Bohnaparte, s: BohnaparteState, seat: int) -> list[Action]:
    p = s.players[seat]
    labels = rules.board(s).labels
    out: list[Action] = []
    ready = rules.ready_cavalry(s, seat)
    cav = rules.targets(s, seat, cavalry=True) if ready else {}
    for i in sorted(rules.targets(s, seat), key=lambda k: labels[k]):
        lab = labels[i]
        out.extend(Attack(p.name, lab, "hand", bean, k + 1) for k, bean in enumerate(p.hand))
        out.append(Attack(p.name, lab, "deck"))
        if i in cav:
            out.extend(Attack(p.name, lab, "cavalry", cavalry=c) for c in ready)
    return out


def phase_error(s: BohnaparteState, seat: int) -> Optional[IllegalAction]:
    """Why ``seat`` may not attack now: outside the battle step or another's turn (P-16)."""
    if s.phase != "battle":
        return refuse("P-16", "attack-not-battle-step")
    if seat != s.active:
        return refuse("P-16", "attack-not-your-turn", player=s.players[s.active].name)
    return None


def check_attack(rules: Bohnaparte, s: BohnaparteState, seat: int, a: Attack) -> Optional[IllegalAction]:
    err = phase_error(s, seat)
    if err:
        return err
    if s.battle is not None:
        return battle_waits(rules, s, seat)
    board = rules.board(s)
    p = s.players[seat]
    i = board.resolve(a.target)
    if i is None:
        return refuse("P-12", "attack-no-position", target=a.target, first=board.labels[0], last=board.labels[-1])
    if not p.coins:
        return refuse("P-17", "attack-no-coin")
    lab = board.labels[i]
    if s.terrain[i] == RIVER:
        return refuse("P-11", "attack-river", target=position(lab))
    if s.owner[i] == seat:
        return refuse("P-12", "attack-own", target=position(lab))
    cav_mode = a.mode == "cavalry"
    if i not in rules.targets(s, seat):
        return unreachable(rules, s, seat, i)
    if cav_mode and i not in rules.targets(s, seat, cavalry=True) and not cavalry_immune(s.terrain[i], s.burned[i]):
        return refuse("P-13", "attack-cavalry-river", target=position(lab))
    if a.mode == "hand":
        return hand_card_error(p, a, "P-19")
    if cav_mode:
        return cavalry_error(rules, s, seat, i, a.cavalry)
    return None


def unreachable(rules: Bohnaparte, s: BohnaparteState, seat: int, i: int) -> IllegalAction:
    board = rules.board(s)
    lab = board.labels[i]
    with_forest = reach(board.nbrs, s.terrain, s.owner, seat, True)
    if i in with_forest:
        river = board.labels[with_forest[i][1]]
        return refuse("P-14", "attack-no-forest", target=position(lab), river=position(river))
    river_near = any(s.terrain[m] == RIVER for o in rules.owned(s, seat) for m in board.nbrs[o])
    return refuse("P-12", "attack-not-adjacent-no-river" if river_near else "attack-not-adjacent", target=position(lab))


def hand_card_error(p: PlayerState, a: Union[Attack, Defend], rule: str) -> Optional[IllegalAction]:
    if not p.hand:
        return refuse(rule, "hand-empty")
    bean = cast(str, a.bean)  # a hand card is named by its bean (the notation asks for it)
    if a.pos is None:
        if bean not in p.hand:
            return refuse(rule, "hand-no-bean", bean=Named(CARDS, bean))
        return None
    if not 1 <= a.pos <= len(p.hand):
        return refuse(rule, "hand-no-position", n=len(p.hand), pos=a.pos)
    if p.hand[a.pos - 1] != bean:
        return refuse(rule, "hand-other-bean", pos=a.pos, held=Named(CARDS, p.hand[a.pos - 1]), bean=Named(CARDS, bean))
    return None


def cavalry_error(rules: Bohnaparte, s: BohnaparteState, seat: int, i: int,
                  colour: Optional[str]) -> Optional[IllegalAction]:
    lab = rules.board(s).labels[i]
    mine = {c: ready for c, (_, o, ready) in rules.cavalry(s).items() if o == seat}
    if cavalry_immune(s.terrain[i], s.burned[i]):
        return refuse("P-30", "cavalry-immune", target=position(lab), terrain=Named(TERRAIN_NAMES, s.terrain[i]))
    if not mine:
        return refuse("P-29", "cavalry-none")
    if colour is None:
        ready = [c for c, r in mine.items() if r]
        if len(ready) > 1:
            return refuse("P-30", "cavalry-which", colours=NamedList(COLOURS, ready))
        if not ready:
            return refuse("P-30", "cavalry-all-spent")
        return None
    if colour not in mine:
        return refuse("P-29", "cavalry-not-yours", colour=Named(COLOURS, colour))
    if not mine[colour]:
        return refuse("P-30", "cavalry-spent", colour=Named(COLOURS, colour))
    return None


def battle_waits(rules: Bohnaparte, s: BohnaparteState, seat: Optional[int] = None) -> IllegalAction:
    """The battle in progress waits for a card; ``seat`` is the refused player, told when
    it is his own card that is awaited."""
    b = cast(Battle, s.battle)  # asked only while a battle waits
    target = position(rules.board(s).labels[b.target])
    if b.step == "cart":
        owner = cast(int, b.cart_owner())  # step ``cart`` has its cart owner
        if owner == seat:
            return refuse("P-38", "battle-waits-your-cart", target=target)
        return refuse("P-38", "battle-waits-cart", target=target, player=s.players[owner].name)
    rule = "P-20" if b.step == "defend" else "P-32"
    # A battle waits for a defence only from an owner (P-21: a neutral territory defends at once).
    waited = cast(int, b.defender) if b.step == "defend" else b.attacker
    if waited == seat:
        return refuse(rule, "battle-waits-your-defence" if b.step == "defend" else "battle-waits-your-second-wave",
                      target=target)
    return refuse(rule, "battle-waits-card", target=target, player=s.players[waited].name)


def check_defend(rules: Bohnaparte, s: BohnaparteState, seat: int, a: Defend) -> Optional[IllegalAction]:
    b = s.battle
    if b is not None and b.step == "cart":
        return battle_waits(rules, s, seat)
    if b is None or b.step != "defend":
        return refuse("P-20", "defend-no-battle")
    if seat != b.defender:
        return refuse("P-20", "defend-not-owner", player=s.players[cast(int, b.defender)].name,
                      target=position(rules.board(s).labels[b.target]))
    if a.mode == "hand":
        return hand_card_error(s.players[seat], a, "P-20")
    return None


def check_second_wave(rules: Bohnaparte, s: BohnaparteState, seat: int, a: SecondWave) -> Optional[IllegalAction]:
    b = s.battle
    if b is not None and b.step == "cart":
        return battle_waits(rules, s, seat)
    if b is None or b.step != "second":
        return refuse("P-32", "second-wave-none")
    if seat != b.attacker:
        return refuse("P-32", "second-wave-not-yours", player=s.players[b.attacker].name)
    if a.mode == "hand":
        return hand_card_error(s.players[seat], a, "P-32")
    return None


def check_cart_play(rules: Bohnaparte, s: BohnaparteState, seat: int, a: CartPlay) -> Optional[IllegalAction]:
    b = s.battle
    if not s.options["cart_in_battle"]:
        return refuse("P-38", "cart-play-off")
    if b is None or b.step != "cart":
        return refuse("P-38", "cart-play-when")
    owner = cast(int, b.cart_owner())  # step ``cart`` has its cart owner, who has a cart
    if seat != owner:
        return refuse("P-38", "cart-play-not-yours", player=s.players[owner].name)
    cart = cast("tuple[str, ...]", s.carts[seat])
    if a.bean not in cart:
        return refuse("P-38", "cart-play-missing", bean=Named(CARDS, a.bean), n=len(cart),
                      cart=NamedList(CARDS, dict.fromkeys(cart)))
    return None


def do_attack(rules: Bohnaparte, t: BohnaparteState, seat: int, a: Attack, ev: list[Event]) -> None:
    board = rules.board(t)
    i = board.resolve(a.target)
    assert i is not None, "the check found the target on the board"
    p = t.players[seat]
    coin = p.coins[-1]  # P-17: the top coin, to the discard pile
    p = p.replace(coins=p.coins[:-1])
    t.discard = t.discard + (coin,)
    colour = a.cavalry
    if a.mode == "cavalry" and colour is None:
        colour = rules.ready_cavalry(t, seat)[0]
    path = rules.targets(t, seat)[i]
    defender = t.owner[i]
    t.battle = Battle(target=i, attacker=seat, defender=defender, mode=a.mode, cavalry=colour, wave=1,
                      step=None, a_card=None, played_a=(), played_d=())
    ev.append(Event("attack", p.name, {"target": board.labels[i], "terrain": t.terrain[i], "mode": a.mode,
                                       "cavalry": colour, "via": [board.labels[k] for k in path[1:-1]],
                                       "defender": t.players[defender].name if defender is not None else None},
                    "P-13" if len(path) > 2 else "P-17"))
    t.set_player(seat, p)
    attacker_card(rules, t, seat, a, ev)


def attacker_card(rules: Bohnaparte, t: BohnaparteState, seat: int, a: Union[Attack, SecondWave],
                  ev: list[Event]) -> None:
    b = t.battle
    assert b is not None
    p = t.players[seat]
    card = None
    if a.mode == "hand":  # P-19: any position; the rest keep their order
        k = a.pos - 1 if a.pos else p.hand.index(a.bean)
        card = p.hand[k]
        t.set_player(seat, p.replace(hand=remove_positions(p.hand, [k])))
    elif a.mode == "deck":
        if uses_cart(t, seat):
            t.battle = b.replace(mode=a.mode, a_card=None, a_cart=False)
            if cart_battle(rules, t, seat, "attack", ev):
                return  # the battle waits for the attacker's cart-play
            b = t.battle
            assert b is not None
        else:
            card = battle_card(rules, t, ev)
    t.battle = b.replace(mode=a.mode, a_card=card, a_cart=False, played_a=b.played_a + ((card,) if card else ()))
    await_defender(rules, t, ev)


def await_defender(rules: Bohnaparte, t: BohnaparteState, ev: list[Event]) -> None:
    b = t.battle
    assert b is not None
    if b.defender is None:  # P-21: a neutral territory defends with the deck
        card = battle_card(rules, t, ev)
        t.battle = b.replace(played_d=b.played_d + ((card,) if card else ()))
        fight(rules, t, card, ev, "P-21")
    else:
        t.battle = b.replace(step="defend")


def battle_card(rules: Bohnaparte, t: BohnaparteState, ev: list[Event]) -> Optional[str]:
    """The top deck card for a battle (P-22). After the game-ending pass, the discard
    pile is shuffled again so that the battle can be decided (P-45, Q-14)."""
    if not t.deck and t.ending and t.discard:
        t.deck, t.rng = rng.shuffled(t.rng, t.discard)
        t.discard = ()
        ev.append(Event("reshuffle", None, {"cards": len(t.deck)}, "P-45"))
    return rules.take_top(t, ev)


def uses_cart(t: BohnaparteState, seat: Optional[int]) -> bool:
    """Option cart_in_battle (Q-06): does ``seat``'s battle deck card go through a cart?"""
    return seat is not None and t.options["cart_in_battle"] and t.carts[seat] is not None


def cart_battle(rules: Bohnaparte, t: BohnaparteState, seat: int, side: str, ev: list[Event]) -> bool:
    """Option cart_in_battle (Q-06, P-38): the battle deck card goes onto the owner's cart,
    the owner looks at all its cards, and the battle waits for the owner to play one of
    them face down (``cart-play``). False only when the deck and the cart are both empty:
    then no card fights (Q-14)."""
    card = battle_card(rules, t, ev)
    held, b = t.carts[seat], t.battle
    assert held is not None and b is not None, "a battle card goes onto its owner's cart"
    cart = held + ((card,) if card else ())
    t.carts = put(t.carts, seat, cart)
    if not cart:
        return False
    t.cart_seen = put(t.cart_seen, seat, True)
    t.battle = b.replace(step="cart", cart_side=side)
    ev.append(Event("cart_battle", t.players[seat].name, {"count": len(cart), "added": card is not None}, "P-38"))
    return True


def do_cart_play(rules: Bohnaparte, t: BohnaparteState, seat: int, a: CartPlay, ev: list[Event]) -> None:
    b, held = t.battle, t.carts[seat]
    assert b is not None and held is not None, "the cart owner plays from the cart in a battle"
    cart = list(held)
    cart.remove(a.bean)
    t.carts = put(t.carts, seat, tuple(cart))
    side = b.cart_side
    b = b.replace(step=None, cart_side=None)
    ev.append(Event("cart_play", t.players[seat].name, {"side": side, "left": len(cart)}, "P-38"))
    if side == "attack":
        t.battle = b.replace(a_card=a.bean, a_cart=True, played_a=b.played_a + (a.bean,))
        await_defender(rules, t, ev)
    else:
        t.battle = b.replace(played_d=b.played_d + (a.bean,))
        fight(rules, t, a.bean, ev, "P-20")


def do_defend(rules: Bohnaparte, t: BohnaparteState, seat: int, a: Defend, ev: list[Event]) -> None:
    b = t.battle
    assert b is not None
    p = t.players[seat]
    if a.mode == "deck" and uses_cart(t, seat):
        t.battle = b.replace(step=None)
        ev.append(Event("defend", p.name, {"mode": a.mode}, "P-20"))
        if cart_battle(rules, t, seat, "defend", ev):
            return  # the battle waits for the defender's cart-play
        fight(rules, t, None, ev, "P-20")
        return
    card: Optional[str]
    if a.mode == "hand":
        k = a.pos - 1 if a.pos else p.hand.index(a.bean)
        card = p.hand[k]
        t.set_player(seat, p.replace(hand=remove_positions(p.hand, [k])))
    else:
        card = battle_card(rules, t, ev)
    t.battle = b.replace(played_d=b.played_d + ((card,) if card else ()), step=None)
    ev.append(Event("defend", p.name, {"mode": a.mode}, "P-20"))
    fight(rules, t, card, ev, "P-20")


def do_second_wave(rules: Bohnaparte, t: BohnaparteState, seat: int, a: SecondWave, ev: list[Event]) -> None:
    b = t.battle
    assert b is not None
    t.battle = b.replace(step=None)
    ev.append(Event("second_wave", t.players[seat].name, {"mode": a.mode}, "P-32"))
    attacker_card(rules, t, seat, a, ev)


def fight(rules: Bohnaparte, t: BohnaparteState, d_card: Optional[str], ev: list[Event], rule: str) -> None:
    """P-23…P-27, P-31, P-32: compare, then capture, hold, or send the second wave."""
    b = t.battle
    assert b is not None
    board = rules.board(t)
    i = b.target
    cavalry_wave = b.mode == "cavalry"
    a = CAVALRY_STRENGTH if cavalry_wave else strength(b.a_card)
    printed = strength(d_card)
    least = rules.min_defence(t, i)
    d = max(printed, least)
    name = t.players[b.attacker].name
    ev.append(Event("battle", name, {"target": board.labels[i], "terrain": t.terrain[i], "wave": b.wave,
                                     "a_card": b.a_card, "cavalry": b.cavalry if cavalry_wave else None, "a": a,
                                     "d_card": d_card, "printed": printed, "minimum": least, "d": d,
                                     "won": a > d}, "P-24" if least > printed else "P-25"))
    if a > d:
        capture(rules, t, ev, cavalry_wave)
    elif cavalry_wave:  # P-32: the cavalry is spent; wave 2 at once, no new coin
        t.spent = tuple(sorted(set(t.spent) | {cast(str, b.cavalry)}))  # a cavalry wave has its colour
        t.battle = b.replace(wave=2, step="second", mode=None, a_card=None)
        ev.append(Event("cavalry_spent", name, {"colour": b.cavalry, "target": board.labels[i]}, "P-32"))
        return
    else:
        ev.append(Event("repelled", name, {"target": board.labels[i],
                                           "owner": t.players[b.defender].name if b.defender is not None else None},
                        "P-27"))
    end_battle(rules, t, ev)


def capture(rules: Bohnaparte, t: BohnaparteState, ev: list[Event], by_cavalry: bool) -> None:
    b = t.battle
    assert b is not None
    i = b.target
    lab = rules.board(t).labels[i]
    name = t.players[b.attacker].name
    t.owner = put(t.owner, i, b.attacker)  # P-26 (a steppe brings its cavalry along: P-35)
    ev.append(Event("capture", name, {"target": lab, "terrain": t.terrain[i],
                                      "from": t.players[b.defender].name if b.defender is not None else None,
                                      "cavalry": b.cavalry if by_cavalry else None,
                                      "steppe_cavalry": t.colour[i] if t.terrain[i] == "steppe" else None,
                                      "ready": t.colour[i] not in t.spent if t.terrain[i] == "steppe" else None},
                    "P-31" if by_cavalry else "P-26"))
    if t.options["destruction"] and t.terrain[i] == "city" and not t.burned[i]:  # P-48
        t.burned = put(t.burned, i, True)
        t.tokens = put(t.tokens, b.attacker, t.tokens[b.attacker] + 1)
        ev.append(Event("burn", name, {"target": lab}, "P-48"))


def end_battle(rules: Bohnaparte, t: BohnaparteState, ev: list[Event]) -> None:
    b = t.battle
    assert b is not None
    t.discard = t.discard + b.played_a + b.played_d  # P-28 (Q-17: attacker's cards first)
    t.battle = None
    owners = set(t.owner)
    losers = [k for k in range(t.n) if k not in owners]
    if losers:  # P-46
        ev.append(Event("last_territory", t.players[losers[0]].name, {}, "P-46"))
        rules.finish(t, ev, "P-46")
    elif t.ending:  # P-45
        rules.finish(t, ev, "P-45")
