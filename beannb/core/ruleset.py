"""The ruleset protocol and registry: one ruleset per game behind one interface."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterator, Mapping, Optional, Protocol, Sequence, TypeVar, cast


from .actions import Action, Notation, describe
from .cards import CardTable
from .errors import ActionSyntaxError, BeannbError, IllegalAction, OptionError, ScenarioError, clip, did_you_mean
from .events import Event, Narration
from .state import Record


class Table(Protocol):
    """What the protocol itself reads of any game's state: its phase and its players (each
    with a ``name``); everything else is the game's own."""

    @property
    def phase(self) -> str: ...

    @property
    def players(self) -> Sequence[Any]: ...


#: A game's state class: a ruleset is typed by the state it works on (``Ruleset[TakeoverState]``).
S = TypeVar("S", bound=Table)

#: What checking a malformed action may trip over inside the rules. While an action is being
#: *validated* these are reported as an :class:`ActionSyntaxError` (the action is malformed);
#: raised while a legal action is carried out they are bugs and pass through.
MALFORMED_ERRORS = (TypeError, KeyError, AttributeError, IndexError, ValueError, ArithmeticError, RecursionError)


def malformed(action: Any, exc: BaseException, forms: Sequence[str] = ()) -> ActionSyntaxError:
    """The refusal for an action whose checking failed with ``exc``: it is malformed."""
    what = describe(action) if isinstance(action, Action) else clip(action if isinstance(action, str) else f"a {type(action).__name__}")
    return ActionSyntaxError(what, f"the action is malformed (checking it failed: {type(exc).__name__}: {clip(exc, 60)})",
                             forms)


@dataclass(frozen=True)
class Option:
    """A ruleset option: its default, the values allowed (None: any of ``type``) and a doc line."""

    default: Any
    doc: str
    choices: Optional[tuple] = None
    type: type = object

    def check(self, name: str, value: Any, game: str) -> Any:
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"{game}: option {name}={value!r} is not allowed; choose one of "
                              + ", ".join(repr(c) for c in self.choices))
        if self.choices is None and self.type is not object and not isinstance(value, self.type):
            raise OptionError(f"{game}: option {name} must be {self.type.__name__}, not {value!r}")
        return value


#: A verb's check: ``check(ruleset, state, seat, action)`` -> the refusal, or None if allowed.
Check = Callable[..., Optional[IllegalAction]]
#: A verb's effect: ``apply(ruleset, state, seat, action, events)`` changes the (copied) state in
#: place and appends the events it causes.
Apply = Callable[..., None]


@dataclass(frozen=True)
class Verb:
    """How a game handles one verb of its notation: ``check`` says why an action with this verb
    is refused now (None: allowed), ``apply`` carries a legal one out. Both take the ruleset
    first, so one table serves a game and every game built on it."""

    check: Check
    apply: Apply


class Verbs(dict[str, Verb]):
    """A game's verb table (``"plant"`` -> :class:`Verb`): what ``why_not`` and ``do`` dispatch
    on. An expansion builds its table from its base game's with :meth:`extend`, naming only
    what it adds or changes, so the table says in one place which verbs a game handles its own
    way (no method is looked up by a name built from the verb). A plain mapping underneath
    (the dispatch is on every step); treat it as read-only and make new tables with
    :meth:`extend` and :meth:`without`."""

    def __init__(self, table: Mapping[str, Verb]):
        for verb, entry in table.items():
            if not isinstance(entry, Verb):
                raise TypeError(f"verb {verb!r}: a Verb(check, apply), not {entry!r}")
        super().__init__(table)

    def extend(self, verbs: Optional[Mapping[str, Verb]] = None, *, checks: Optional[Mapping[str, Check]] = None,
               applies: Optional[Mapping[str, Apply]] = None) -> "Verbs":
        """A new table: ``verbs`` added (or replacing the base's entries); ``checks`` and
        ``applies`` change only the check or only the effect of a verb this table has."""
        table = {**self, **dict(verbs or {})}
        for verb, check in (checks or {}).items():
            table[verb] = Verb(check, table[verb].apply)
        for verb, apply in (applies or {}).items():
            table[verb] = Verb(table[verb].check, apply)
        return Verbs(table)

    def without(self, *verbs: str) -> "Verbs":
        """A new table without these verbs (a base game's verb the expansion's notation lacks)."""
        return Verbs({v: e for v, e in self.items() if v not in verbs})

    def __repr__(self) -> str:
        return f"Verbs({', '.join(self)})"


class LegalActions(Sequence[Action]):
    """What the rules allow now. Iterate, count, index, or test any action with ``in``.

    Iteration lists every concrete action that can be enumerated cheaply. Trade offers
    are too many to list (any set of own cards for any beans), so they appear as
    ``offer_partners`` (who may propose to whom) and ``in`` validates a concrete one.
    """

    def __init__(self, ruleset: "Ruleset", state: Any, actions: list[Action],
                 offer_partners: Optional[dict[str, tuple[str, ...]]] = None):
        self._ruleset = ruleset
        self._state = state
        self._actions = actions
        self.offer_partners: dict[str, tuple[str, ...]] = offer_partners or {}

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i):
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        try:
            act = self._ruleset.parse(action) if isinstance(action, str) else action
            if not isinstance(act, Action):
                return False
            return self._ruleset.validate(self._state, act) is None
        except ValueError:
            return False

    def to_list(self) -> list[Action]:
        """The listed actions as a new list (quicker than ``list(legal)``)."""
        return self._actions[:]

    def texts(self) -> list[str]:
        return [str(a) for a in self._actions]

    def __repr__(self) -> str:
        extra = f", offers possible: {self.offer_partners}" if self.offer_partners else ""
        return f"LegalActions({self.texts()}{extra})"


class Ruleset(Generic[S]):
    """The protocol every game implements. A ruleset is stateless: every method takes the
    state it works on. Every hook that scenarios, views, bots and tests use is declared
    here with a default, so nothing outside a game probes it for optional attributes.

    A game is a package ``beannb.games.<name>`` with the same modules as every other game:
    ``cards`` (its :class:`CardTable`), ``actions`` (its :class:`Notation`), ``state``,
    ``rules`` (this class), ``text`` (narration, labels), ``bot`` (its strategy), ``view``
    (how its table is drawn) and ``scenario`` (a scenario's ``setup`` read into a table).
    """

    #: The game's registry name (``bohnanza``), its title by language and rule-id prefix.
    name: str = ""
    title: Mapping[str, str] = {}
    rule_prefix: str = ""
    #: Options with defaults; :meth:`check_options` refuses anything else.
    OPTIONS: dict[str, Option] = {}
    #: The game's notation (verbs, card names), cards and event sentences.
    notation: Notation
    cards: CardTable
    narration: Narration
    #: The game's phases in turn order; a scenario's ``setup.phase`` must be one of them.
    PHASES: tuple[str, ...] = ()
    #: Whether every field holds one bean type only (B-06); takeover's mixed fields say no.
    SINGLE_TYPE_FIELDS: bool = True
    #: Whether hand order matters (B-03); takeover plays any hand card (T-07).
    ORDERED_HANDS: bool = True
    #: Cards that can lie on a field but never come from the deck (takeover's Joker Bean).
    NON_DECK_CARDS: frozenset = frozenset()
    #: Cards of the game outside the bean deck, counted in ``card_total`` (potions, text cards).
    EXTRA_CARDS: int = 0

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise OptionError(f"{self.name}: options must be a mapping of option names to values")
        unknown = sorted(set(options) - set(self.OPTIONS), key=str)
        if unknown:
            hint = "".join(did_you_mean(k, self.OPTIONS) for k in unknown)
            raise OptionError(f"{self.name}: unknown option(s) {', '.join(map(str, unknown))}{hint}; options are "
                              + ", ".join(f"{k} (default {v.default!r})" for k, v in self.OPTIONS.items()))
        out = {k: opt.default for k, opt in self.OPTIONS.items()}
        for k, v in options.items():
            out[k] = self.OPTIONS[k].check(k, v, self.name)
        return out

    # The rules ---------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: dict[str, Any]) -> S:
        """The opening table for these players, seed and (checked) options."""
        raise NotImplementedError

    def legal_actions(self, state: S, player: Optional[str] = None) -> LegalActions:
        """Every action the rules allow now (for one player, or anyone)."""
        raise NotImplementedError

    def legal_for_seat(self, state: S, seat: int) -> tuple[list[Action], dict[str, tuple[str, ...]]]:
        """What ``legal_actions(state, <seat's name>)`` lists, as a new list the caller may
        change, and its ``offer_partners``: the bots' way in, without the wrapper. A game
        that builds its lists by seat answers it directly."""
        legal = self.legal_actions(state, state.players[seat].name)
        return legal.to_list(), legal.offer_partners

    def why_not(self, state: S, action: Action) -> Optional[IllegalAction]:
        """The refusal ``action`` gets now, citing the most specific rule, or None if legal."""
        raise NotImplementedError

    def do(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """Carry out a legal action: a new state and the events it caused (no validation)."""
        raise NotImplementedError

    def do_in_place(self, state: S, action: Action) -> list[Event]:
        """Carry out a legal action on ``state`` itself and return the events it caused (no
        validation, no narration bound): what :meth:`do` does to its copy. Only for a state
        nobody else holds: a playout's own copy (:func:`beannb.bots.base.playout`). A verb
        replaces the parts of the state it changes and never changes them in place, so a
        shallow ``state.copy()`` is all a playout needs to leave its starting state as it was.

        By default :meth:`do` on a copy, whose every slot is then set on ``state`` (a state is
        a :class:`~beannb.core.state.Record`); a game carries it out on the state itself."""
        after, events = self.do(state, action)
        record = cast(Record, after)
        for name in record._SLOTS:
            setattr(state, name, getattr(record, name))
        return events

    def check_form(self, action: Any) -> None:
        """Raise :class:`ActionSyntaxError` unless ``action`` is a well-formed action of this
        game: an instance of one of its notation's action classes (not another game's, nor a
        subclass), every field of its declared type (:meth:`Action.check_form`), the game's
        own form rules (:meth:`form_problem`), and written as the notation reads it back
        (``parse(str(action)) == action``), so that its record replays to the same action.

        The action the notation has just read from a text (:attr:`Notation.last_read`, as in
        ``Game.play("Ann plant")``) is not read back again: what the notation reads, it writes
        back as it read it (tests/test_fuzz.py holds it to that on random texts), so a text is
        read once. Every other check is made (once per action the notation has read: it is
        immutable), and an action object built by hand gets them all."""
        read = action is self.notation.last_read
        if read and self._formed.get(id(action)) is action:
            return
        cls = type(action)
        if not isinstance(action, Action):
            raise ActionSyntaxError(f"a {cls.__name__}", f"an action is a text such as 'Ann plant' or an action object "
                                    f"of {self.name or 'this game'}, not a {cls.__name__}", self.notation.forms()[:6])
        if self.notation.verbs.get(getattr(cls, "VERB", "")) is not cls:
            raise ActionSyntaxError(describe(action), f"{cls.__module__}.{cls.__qualname__} is not an action of "
                                    f"{self.name or 'this game'}; its verbs are {', '.join(sorted(self.notation.verbs))}",
                                    self.notation.forms()[:6])
        action.check_form()
        problem = self.form_problem(action)
        if problem:
            raise ActionSyntaxError(describe(action), problem, cls.FORMS)
        if not read:
            self._check_read_back(action)
            return
        formed = self._formed
        if len(formed) >= 4096:
            formed.clear()
        formed[id(action)] = action  # kept alive here, so its id is never another object's

    @property
    def _formed(self) -> dict[int, Action]:
        """Actions the notation read that :meth:`check_form` found well formed, by ``id``."""
        formed = self.__dict__.get("_formed_actions")
        if formed is None:
            formed = self.__dict__["_formed_actions"] = {}
        return formed

    def _check_read_back(self, action: Action) -> None:
        """Raise :class:`ActionSyntaxError` unless the notation reads ``action``'s text back as
        ``action`` (the last of :meth:`check_form`'s checks)."""
        cls = type(action)
        text = str(action)
        try:
            again = self.notation.parse(text)
        except ActionSyntaxError as exc:
            raise ActionSyntaxError(describe(action), f"its text {clip(text, 60)!r} is not an action: {exc.problem}",
                                    cls.FORMS) from None
        if again != action:
            raise ActionSyntaxError(describe(action), f"it is not written as the notation reads it: its text "
                                    f"{clip(text, 60)!r} reads as {clip(str(again), 60)!r}", cls.FORMS)

    def initial_problem(self, state: S) -> Optional[str]:
        """What makes ``state``, a starting table read from a saved record, impossible in this
        game beyond the checks every game shares (a count past its bound, a board square of no
        terrain ...), worded to follow "its", or None."""
        return None

    def form_problem(self, action: Action) -> Optional[str]:
        """A game's own form rules beyond the field types (e.g. Rabohnzel: ``activate`` names
        at least one potion): what is wrong with ``action``'s form, or None. Called by
        :meth:`check_form` after the field types have been checked."""
        return None

    def validate(self, state: S, action: Any) -> Optional[IllegalAction]:
        """The refusal ``action`` gets now (:meth:`why_not`) after :meth:`check_form`; a
        malformed action raises :class:`ActionSyntaxError`, including one that trips the
        rules up while they check it (a ``TypeError``, ``KeyError`` ... is reported as
        malformed, never passed on)."""
        try:
            self.check_form(action)
            return self.why_not(state, action)
        except BeannbError:
            raise
        except MALFORMED_ERRORS as exc:
            raise malformed(action, exc, getattr(type(action), "FORMS", ())) from exc

    def apply(self, state: S, action: Action, check: bool = True) -> tuple[S, list[Event]]:
        """Validate (unless ``check`` is False: the trusted path for actions taken from
        :meth:`legal_actions`), carry out, and bind this game's narration to the events.
        Validation is :meth:`validate`: a malformed action raises ``ActionSyntaxError``, an
        illegal one ``IllegalAction``; errors while carrying out a legal action are bugs."""
        if check:
            err = self.validate(state, action)
            if err is not None:
                raise err
        after, events = self.do(state, action)
        nar = self.narration
        for e in events:
            if e.narration is None:
                e.narration = nar
        return after, events

    def to_move(self, state: S) -> tuple[int, ...]:
        """Seats whose decision the game waits for, most urgent first."""
        raise NotImplementedError

    def observe(self, state: S, seat: Optional[int]) -> dict[str, Any]:
        """What ``seat`` sees (None: the whole table, for a teacher): hidden cards hidden."""
        raise NotImplementedError

    def table(self, state: S) -> dict[str, Any]:
        """The table as plain data with stable paths (what scenarios ``expect``)."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        return state.phase == "over"

    def configurations(self) -> list[tuple[dict, int]]:
        """Every (options, player count) the game supports: what the playout tests cover."""
        return []

    def player_counts(self, options: Optional[dict] = None) -> tuple[int, ...]:
        """The player counts these options allow (what a "new game" form offers)."""
        opts = self.check_options(dict(options or {}))
        return tuple(sorted({n for o, n in self.configurations()
                             if all(opts.get(k) == v for k, v in o.items())}))

    def can_trade(self, state: S) -> bool:
        """Whether players other than the active one may propose trades now."""
        return False

    def may_interject(self, state: S) -> bool:
        """Whether a seat the game is not waiting for may take the initiative now (a trade
        offer in a trading phase): the bot driver asks the other bots only then. Defaults
        to True (always ask); a game says False where nobody but the seats in ``to_move``
        can act, which saves asking every bot on every action."""
        return True

    # Notation ------------------------------------------------------------------------------
    def parse(self, text) -> Action:
        """Read an action in this game's notation (objects pass through). Only
        :class:`ActionSyntaxError` is raised for text that is not an action."""
        try:
            return self.notation.parse(text)
        except BeannbError:
            raise
        except MALFORMED_ERRORS as exc:
            raise malformed(text, exc, self.notation.forms()[:6]) from exc

    def card_id(self, name: str) -> Optional[str]:
        """The id of a card of this game from any of its names, or None."""
        return self.cards.card_id(name)

    # Saving and scenarios ------------------------------------------------------------------------
    def state_from_dict(self, d: dict) -> S:
        """Rebuild a state saved with ``state.to_dict()``."""
        raise NotImplementedError

    def state_from_setup(self, players: list[str], seed: int, options: dict, setup: dict) -> S:
        """The table a scenario's ``setup`` describes (see docs/scenarios.md): the game's
        :attr:`scenario` module builds it."""
        if self.scenario is None:
            raise ScenarioError(f"{self.name}: scenario setups are not supported")
        return self.scenario.state_from_setup(self, players, seed, options, setup)

    def setup_keys(self) -> frozenset[str]:
        """Scenario ``setup`` keys this game reads beyond the base ones (its scenario
        module's ``SETUP_KEYS``)."""
        return frozenset(self.scenario.SETUP_KEYS) if self.scenario is not None else frozenset()

    def format3_keys(self) -> frozenset[str]:
        """Scenario ``setup`` keys new in format 3 that this game reads: the ``FORMAT3_KEYS`` of
        its scenario module and of the games it is built on (an expansion's table is built by
        its base game's, so the base game's keys work in it too). A file of an older version
        that uses one is refused, asking for ``format: 3``."""
        keys: set[str] = set()
        for cls in type(self).__mro__:
            module = cls.__dict__.get("scenario")
            if module is not None:
                keys |= set(getattr(module, "FORMAT3_KEYS", frozenset()))
        return frozenset(keys)

    def fix_scenario_supply(self, supply: Any, setup: dict) -> None:
        """Adjust the card supply a scenario draws from (cards that start outside it)."""
        if self.scenario is not None:
            self.scenario.fix_scenario_supply(self, supply, setup)

    def scenario_setup(self, state: S, setup: dict) -> None:
        """Apply this game's own ``setup`` keys (:meth:`setup_keys`) to a scenario's state."""
        if self.scenario is not None:
            self.scenario.scenario_setup(self, state, setup)

    def check_scenario_setup(self, players: list[str], options: dict, setup: dict) -> None:
        """Format 2's stricter checks of a ``setup`` before any table is built (e.g.
        Bohnaparte: a board that names every position or says ``shuffle: rest``); raise
        :class:`ScenarioError` naming the problem. Version 1 files are not asked."""
        if self.scenario is not None:
            self.scenario.check_scenario_setup(self, players, options, setup)

    def scenario_path(self, state: S, path: str) -> str:
        """The ``table`` path a scenario's ``expect`` key means (e.g. Bohnaparte reads
        ``owner.9`` as ``owner.09``); unknown paths come back as they are."""
        return self.scenario.scenario_path(self, state, path) if self.scenario is not None else path

    def check_invariants(self, before: Any, action: Action, after: Any, events: list[Event]) -> None:
        """Assert the game's own invariants for one step (markers, text cards, potions, hidden
        information); the playout suite calls it after every action. Raises AssertionError."""

    # What is shown -------------------------------------------------------------------------------
    def action_label(self, action: Action, lang: str = "en") -> str:
        """A button label for ``action`` in words (defaults to the notation)."""
        return str(action)

    def group_label(self, verb: str, lang: str = "en") -> str:
        """The heading of a group of action buttons (by verb)."""
        return verb

    def describe(self, action: Action, lang: str = "en", obs: Optional[dict[str, Any]] = None) -> str:
        """``action`` as a sentence in ``lang`` for people to read: the log, open offers,
        refusals, walkthrough captions, exercise choices ("Bob offers Ann two Green for the
        face-up Soy."). ``obs`` is the observation of the reader (None: the whole table, as a
        teacher sees it); the sentence says nothing that observation hides (a card played face
        down by another seat stays "a hand card"). The notation (``str(action)``) stays for
        files, the API and the "try" box. Defaults to the player's name and the button label."""
        return f"{action.player}: {self.action_label(action, lang)}"

    # Hooks an expansion may change ------------------------------------------------------------
    # The bean games share one turn (plant, trade, plant the traded beans, draw); the base game
    # implements it, and an expansion changes it only through these hooks and its verb table
    # (never by overriding another game's private method: tests/test_architecture.py). The
    # defaults here are the neutral ones; the base game gives the real ones.

    #: verb -> how it is checked and carried out (:class:`Verbs`); an expansion extends its
    #: base game's table.
    VERBS: Verbs = Verbs({})
    #: The state class (``state_from_dict`` rebuilds it) and the ready-made actions per player.
    STATE: Any = None
    SEAT_ACTIONS: Any = None
    #: Rules cited when an action names no seat at the table, and after the end.
    SEAT_RULE: str = ""
    OVER_RULE: str = ""
    #: Characters a player name may not contain (the notation uses them).
    NAME_FORBIDDEN: str = ""
    #: Verbs for which :meth:`before_do` does nothing, so ``do`` need not call it.
    BEFORE_DO_SKIPS: frozenset = frozenset()
    #: Button labels, action sentences (tried in order; an expansion's first) and the
    #: catalogue headings of the verbs' button groups.
    LABELS: tuple = ()
    DESCRIBERS: tuple = ()
    GROUP_CODES: dict = {}

    def profile(self, state: S) -> Any:
        """The edition's numbers for this table (deck, fields, cards dealt, revealed, drawn)."""
        raise NotImplementedError

    def check_players(self, players: Sequence[str], options: dict) -> Any:
        """Refuse a table these options cannot seat (count, names); its profile otherwise."""
        raise NotImplementedError

    def build_deck(self, prof: Any) -> tuple[str, ...]:
        """The deck before shuffling."""
        raise NotImplementedError

    def new_state(self, options: dict, players: Sequence[Any], deck: tuple, rng_state: Any, start: int) -> S:
        """The opening state from dealt players and the rest of the deck."""
        raise NotImplementedError

    def legal_for(self, state: S, seat: int, out: list[Action], partners: dict) -> None:
        """Append what ``seat`` may do now to ``out`` (in the order a page shows it) and who
        it may propose trades to into ``partners``."""

    def gate(self, state: S, seat: int, action: Action) -> Optional[IllegalAction]:
        """A refusal that comes before any verb's own check (a decision another seat must make
        first, a step that allows only one verb), or None."""
        return None

    def unknown_verb(self, state: S, action: Action) -> IllegalAction:
        """The refusal of a verb the game's table does not have."""
        raise NotImplementedError

    def before_do(self, state: S, seat: int, action: Action, events: list[Event]) -> Any:
        """What any action does first (a lasting effect ending); what it returns is handed to
        :meth:`after_do`. Not called for the verbs in :attr:`BEFORE_DO_SKIPS`."""
        return None

    def after_do(self, state: S, seat: int, action: Action, events: list[Event], before: Any) -> None:
        """What follows any action (a response window opening, an effect settling)."""

    def pending_done(self, state: S, events: list[Event]) -> None:
        """What follows once every traded and given bean is planted."""

    def harvest(self, state: S, seat: int, idx: int, events: list[Event], final: bool = False) -> None:
        """Harvest field ``idx`` of ``seat`` (``final``: the sale at the end of the game)."""
        raise NotImplementedError

    def payout(self, state: S, bean: str, n: int) -> int:
        """Coins for harvesting ``n`` cards of ``bean``."""
        raise NotImplementedError

    def deck_ran_out(self, state: S, events: list[Event]) -> None:
        """The deck has just run out: count the pass, reshuffle or begin the end."""

    def end_at(self, state: S) -> int:
        """How many times the deck runs out before the game ends."""
        raise NotImplementedError

    def reveal_count(self, state: S, seat: int) -> int:
        """Cards ``seat`` turns up in the trading phase."""
        raise NotImplementedError

    def draw_count(self, state: S, seat: int) -> int:
        """Cards ``seat`` draws at the end of the turn."""
        raise NotImplementedError

    def next_turn(self, state: S, events: list[Event]) -> None:
        """Pass the turn on."""

    def finish(self, state: S, events: list[Event], rule: str) -> None:
        """End the game (because of ``rule``): final sale, scores, winners."""

    def final_sale(self, state: S) -> bool:
        """Whether every player sells every field at the end."""
        return True

    def score(self, state: S, seat: int) -> int:
        """``seat``'s score at the end."""
        raise NotImplementedError

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats (ties broken as the game says)."""
        raise NotImplementedError

    @property
    def package(self) -> str:
        """The game's package (``beannb.games.bohnanza``): where its modules live."""
        return type(self).__module__.rpartition(".")[0]

    #: The game's view module (``table_html(obs, lang, changed)`` and the parts it draws), its
    #: strategy for the bots (a :class:`~beannb.core.strategy.Strategy`) and its scenario
    #: module (how a scenario's ``setup`` becomes a table: ``SETUP_KEYS`` and the functions
    #: ``state_from_setup``, ``fix_scenario_supply``, ``scenario_setup``,
    #: ``check_scenario_setup``, ``scenario_path``, each taking the ruleset first; the hooks
    #: of the same names call them): each game's package declares them on its ruleset class
    #: when it is imported (they import the rules, so the rules cannot import them).
    view: Any = None
    strategy: Any = None
    scenario: Any = None
