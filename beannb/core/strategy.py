"""What a game's strategy provides to the bots (each game's ``bot.STRATEGY``, declared on its
ruleset as ``strategy``).

A strategy is stateless; the greedy bot passes itself in, with its seeded ``rng`` and a
per-game memory set ``_asked`` (which offers it already made this turn). The strong player's
search and the hints ask it what the game's positions are worth (:meth:`Strategy.estimate`,
:meth:`Strategy.value`), which moves to try first (:meth:`Strategy.preferred`), and how the
game's score reads (:attr:`Strategy.score_unit`, :attr:`Strategy.score_scale`); the search's
sampled tables ask what a seat cannot see (:meth:`Strategy.hidden_beans`,
:meth:`Strategy.deal_beans`, :meth:`Strategy.deal_secrets`); the bots which moves they build
themselves (:attr:`Strategy.built_verbs`); a hint why a kind of move tends to be good
(:attr:`Strategy.reasons`); the strong player what it offers out of turn
(:meth:`Strategy.initiative`). The defaults value a table as the base game does: coins plus
what the fields would sell for.
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping, Optional, Sequence


def deal(pool: list, rng: Any) -> Iterator:
    """The cards of ``pool`` in a random order that depends only on which cards it holds
    (sorted, then shuffled with ``rng``), to deal back one by one."""
    pool.sort()
    rng.shuffle(pool)
    return iter(pool)


def take(cards: Iterator, n: int) -> tuple:
    """The next ``n`` of ``cards``."""
    return tuple(next(cards) for _ in range(n))


def field_payout(ruleset: Any, state: Any, bean: str, n: int) -> int:
    """Coins ``n`` cards of ``bean`` sell for on ``state``'s table (the ruleset's own
    ``payout`` where it has one: Rabohnzel's beanometers can change)."""
    payout = getattr(ruleset, "payout", None)
    return payout(state, bean, n) if payout is not None else ruleset.cards.payout(bean, n)


def field_coins(ruleset: Any, state: Any, seat: int, growth: float = 0.0) -> float:
    """What ``seat``'s fields would sell for now (Rabohnzel: enchanted cards pay nothing);
    with ``growth``, plus that share of the next step's coins in proportion to the cards
    already on the way to it."""
    total = 0.0
    fmeta = getattr(state, "fmeta", None)
    for k, f in enumerate(state.players[seat].fields):
        if not f:
            continue
        try:
            n = len(f)
            now = field_payout(ruleset, state, f[0], n)
            coins = float(now)
            if growth:
                last = next((m for m in range(n, 0, -1) if field_payout(ruleset, state, f[0], m) < now), 0)
                nxt = next((m for m in range(n + 1, n + 9) if field_payout(ruleset, state, f[0], m) > now), None)
                if nxt is not None:
                    more = field_payout(ruleset, state, f[0], nxt) - now
                    coins += growth * more * (n - last) / (nxt - last)
            if fmeta is not None:
                coins = min(coins, n - fmeta[seat][k][2])
            total += coins
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
    return total


class Strategy:
    """Sensible play for one game. ``interject`` is out-of-turn initiative (offers, copies)."""

    #: The strong player's rollouts per decision in this game (None: the search's default);
    #: :meth:`search_budget` may give a decision more or fewer.
    search_iterations: Optional[int] = None
    #: How much higher on the same sampled tables another move's win chance must be on average
    #: for the search to play it rather than the greedy move (None: the search's ``MARGIN``).
    choice_margin: Optional[float] = None
    #: The lead (in :meth:`value` units) that makes a win about three times as likely as a
    #: loss at the end of an unfinished rollout.
    lead_scale: float = 4.0
    #: What the game's score counts ("coins", "pennies", "victory points": the hint's unit).
    score_unit: str = "coins"
    #: Score units per point of :meth:`estimate` (a hint shows its figures in the score's unit).
    score_scale: int = 1
    #: Verbs whose actions bots build themselves rather than take from ``legal_actions`` (the
    #: base game's trade offer is any set of cards for any beans, so the legal list only names
    #: partners): they are checked against the rules before they are carried out.
    built_verbs: frozenset = frozenset()
    #: Why a kind of move tends to be good, by verb: the message (``Messages.message``) a hint
    #: adds to its figures when it recommends such a move (none by default).
    reasons: Mapping[str, Any] = {}

    def act(self, bot: Any, ruleset: Any, state: Any, seat: int) -> Any:
        raise NotImplementedError

    def search_budget(self, ruleset: Any, state: Any, seat: int) -> Optional[int]:
        """The strong player's rollouts for ``seat``'s decision on ``state`` (None: the
        search's default). By default :attr:`search_iterations` for every decision."""
        return self.search_iterations

    def interject(self, bot: Any, ruleset: Any, state: Any, seat: int) -> Optional[Any]:
        return None

    def initiative(self, bot: Any, ruleset: Any, state: Any, seat: int) -> Optional[Any]:
        """The strong player's out-of-turn initiative (an offer to the active player, say):
        by default the greedy player's own (:meth:`interject`)."""
        return self.interject(bot, ruleset, state, seat)

    def estimate(self, ruleset: Any, state: Any, seat: int) -> float:
        """The points ``seat`` would have if the game ended now: its score plus what its
        fields would sell for."""
        return float(ruleset.score(state, seat)) + field_coins(ruleset, state, seat)

    def value(self, ruleset: Any, state: Any, seat: int, growth: float) -> float:
        """How good the table is for ``seat`` at a rollout's end, in points of the game's
        score: its score, what its fields would sell for and ``growth`` of the way to their
        next step (0 once the game is over)."""
        return float(ruleset.score(state, seat)) + field_coins(ruleset, state, seat, growth)

    # -- what a seat cannot see (the strong player's sampled tables: bots.determinize) ----------
    def hidden_beans(self, state: Any, seat: int) -> list[str]:
        """Bean cards ``seat`` cannot see besides the base game's places (the deck, the cards
        out of the game, coins, other hands): they join the same pool (none by default)."""
        return []

    def deal_beans(self, state: Any, seat: int, cards: Iterator[str], first: bool) -> None:
        """Deal the pool's shuffled ``cards`` back into the places of :meth:`hidden_beans`
        on ``state`` (a copy): those taken ``first`` before the base game's places, the
        others after them."""

    def deal_secrets(self, state: Any, seat: int, rng: Any) -> None:
        """Shuffle the game's other hidden things (not bean cards) among the places ``seat``
        cannot tell apart, with ``rng``, on ``state`` (a copy whose players are copies)."""

    def preferred(self, ruleset: Any, sample: Any, seat: int, legal: Sequence[Any], greedy: Any
                  ) -> tuple[list[Any], list[Any]]:
        """(moves the search tries before any drawn at random, best first; the moves the rest
        are drawn from). ``greedy``: the greedy bot's class, to rank moves with. By default
        no move comes first."""
        return [], list(legal)
