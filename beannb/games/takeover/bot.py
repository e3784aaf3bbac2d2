"""The greedy bot's play for the hostile-takeover expansion: a one-step look-ahead.

Every legal action (copies, defences and text cards included) is tried on a copy of the
state and the one that most improves the seat's position wins; if nothing improves it,
the bot ends its turn, passes or lets a takeover happen. The position counts coins,
what each field would pay now plus a little for its size (a field that can still grow),
text cards held, and hand cards that fit a field.
"""
from __future__ import annotations

from ...core.strategy import Strategy, deal, take
from ...i18n.messages import NC_, Messages, locale_dir
from ..bohnanza.bot import BUILT_VERBS, REASONS as BASE_REASONS
from .cards import coins_for
from .fields import field_type

MAX_TRIES = 40  # candidate actions examined per decision


#: A field's part of :func:`position` by (its type, its size, whether the game is ending):
#: the few values a game has, worked out once (the greedy look-ahead and the strong player's
#: rollouts ask for them hundreds of thousands of times).
_FIELD_WORTH: dict[tuple, float] = {}


def field_worth(t: str, n: int, ending: bool) -> float:
    """What a field of ``n`` cards of type ``t`` adds to :func:`position`: what it would
    pay now (text cards a tenth) plus a little for its size while it can still grow."""
    key = (t, n, ending)
    worth = _FIELD_WORTH.get(key)
    if worth is None:
        texts, coins = coins_for(t, n, ending)
        _, more = coins_for(t, n + 3, ending)
        growth = 0.15 * n if more > coins and not ending else 0.0
        worth = _FIELD_WORTH[key] = coins + 0.1 * texts + growth
    return worth


def position(ruleset, state, seat: int) -> float:
    p = state.players[seat]
    value = float(len(p.coins) + p.bonus) + 0.12 * len(p.texts) + 0.05 * sum(1 for d in p.defense if d)
    types = set()
    ending = state.ending
    for f in p.fields:
        t = field_type(f)
        if t is None:
            continue
        types.add(t)
        value += field_worth(t, len(f), ending)
    if not ending:
        value += 0.06 * sum(1 for c in p.hand if c in types)
    return value


#: Why a takeover tends to be good (a hint adds it to the figures), besides the base game's reasons.
REASON_MESSAGES = Messages("takeover", locale_dir(__file__), [
    NC_("hint-reason-takeover", "Taking the field over adds its beans to your strongest field."),
])


class TakeoverStrategy(Strategy):
    """Registered for ``takeover``; see the module docstring."""

    built_verbs = BUILT_VERBS
    #: The strong player's rollouts are dearest here (the greedy player tries every move on
    #: a copy of the table): 104 a decision keep its mean processor time per decision at the
    #: reference budget (``beannb.bench.strong.REFERENCE_CPU``).
    search_iterations = 104
    reasons = {**BASE_REASONS, "takeover": REASON_MESSAGES.message("hint-reason-takeover")}

    #: The score is in pennies (100 a coin, 10 a text card kept: T-spec scoring); the
    #: search counts coins.
    score_unit = "pennies"
    score_scale = 100

    def deal_secrets(self, state, seat: int, rng) -> None:
        """Text cards in other hands, their defence cards and the text deck are one pool."""
        players = state.players
        texts = list(state.text_deck)
        for i, p in enumerate(players):
            if i != seat:
                texts += p.texts
                texts += [d for d in p.defense if d]
        it = deal(texts, rng)
        state.text_deck = take(it, len(state.text_deck))
        for i, p in enumerate(players):
            if i != seat:
                p.texts = take(it, len(p.texts))
                p.defense = tuple(next(it) if d else d for d in p.defense)

    def estimate(self, ruleset, state, seat: int) -> float:
        """The greedy player's position (it counts the fields' growth already)."""
        return position(ruleset, state, seat)

    def value(self, ruleset, state, seat: int, growth: float) -> float:
        return position(ruleset, state, seat)

    def act(self, bot, ruleset, state, seat: int):
        legal = list(ruleset.legal_actions(state, state.players[seat].name))
        fallback = None
        for verb in ("end-turn", "pass", "allow", "concede"):
            fallback = next((a for a in legal if a.VERB == verb), None)
            if fallback is not None:
                break
        # A final-harvest step must harvest; any field will do, the look-ahead orders them.
        base = position(ruleset, state, seat)
        best, best_gain = fallback, 0.05
        tries = [a for a in legal if a is not fallback]
        if len(tries) > MAX_TRIES:
            tries = bot.rng.sample(tries, MAX_TRIES)
        for a in tries:
            try:
                after, _ = ruleset.do(state, a)  # nobody reads the events: no narration bound
            except (ValueError, IndexError):
                continue
            gain = position(ruleset, after, seat) - base
            if a.VERB == "harvest" and not state.final_started:
                gain += 0.6  # one harvest per turn (or per copy): unused, it is lost
            if gain > best_gain:
                best, best_gain = a, gain
        if best is None:
            best = legal[0]
        if best.VERB == "end-turn" and not state.final_started:
            # Ending a turn in which nothing can be gained must still move the game on:
            # with full hands and fields and nobody harvesting, no card would ever be drawn.
            useful = [a for a in legal if a.VERB == "turn-up"] or [a for a in legal if a.VERB == "harvest" and not a.attach]
            if useful:
                best = useful[0]
        if best.VERB == "end-turn" and state.final_started and any(state.players[seat].fields):
            best = next(a for a in legal if a.VERB == "harvest")
        return best


STRATEGY = TakeoverStrategy()
