"""Walkthroughs: a scenario file or a recorded game as a list of frames to step through.

Pure data (no widgets): each frame has the table after the step, the narration, the rule
behind it and what changed, so a widget, a test or a printed handout can show it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .core.errors import BeannbError
from .core.game import Game
from .i18n import LANGS
from .i18n.cast import cast
from .i18n.catalogue import rule as lookup_rule
from .i18n.messages import BEANNB_LOCALE, NC_, PSEUDO, SHOWN_LANGS, Messages
from .scenario_format import Scenario, load_scenario, own_wording, wordings
from .scenario_play import Step, _as_list, play

#: What a walkthrough says where the scenario's author wrote nothing.
WALK_MESSAGES = Messages("beannb", BEANNB_LOCALE, [
    NC_("walk-intro", "The table at the start."),
    # TRANSLATORS: a step that only asks: the question leads its narration.
    NC_("walk-question", "Question: {question}"),
    # TRANSLATORS: the moves a step checks, worded, between "; ".
    NC_("walk-allowed", "Allowed now: {actions}."),
    NC_("walk-not-allowed", "Not allowed now: {actions}."),
    # TRANSLATORS: the first frame of a played game shown again.
    NC_("walk-start", "Start"),
    # TRANSLATORS: the title of a played game shown again: game is the game's title.
    NC_("walk-game-title", "A game of {game}"),
])


def _in_every_language(code: str, **data: Any) -> dict[str, str]:
    return {lang: WALK_MESSAGES.text(code, lang, data) for lang in SHOWN_LANGS}


@dataclass
class Exercise:
    """A question on a frame: pick the legal actions, or predict a value."""

    question: dict[str, str]
    choices: list[str]
    answer: list[str]                     # the correct choice(s)
    multiple: bool                        # tick every legal one vs pick one
    explain: dict[str, str] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)  # the rule ids the feedback cites
    wording: dict[str, list[str]] = field(default_factory=dict)  # lang -> choices as worded there

    def choice_text(self, choice: str, lang: str) -> Optional[str]:
        """A choice's own wording in ``lang`` (``choices_hu``), or None: then the choice is
        shown as it is written (or, for an action, as its button label)."""
        words = self.wording.get(lang)
        if words and choice in self.choices:
            return words[self.choices.index(choice)]
        return None

    @staticmethod
    def _picks(picked) -> list[str]:
        if picked is None:
            return []
        return [str(p) for p in (picked if isinstance(picked, (list, tuple, set)) else [picked])]

    def blank(self, picked) -> bool:
        """Whether ``picked`` chooses nothing at all: then there is nothing to check (a page asks
        for an answer instead of counting it wrong), unless "none of them" is itself the answer."""
        return not self._picks(picked) and bool(self.answer)

    def check(self, picked) -> bool:
        return sorted(self._picks(picked)) == sorted(self.answer)


@dataclass
class Frame:
    index: int
    say: dict[str, str]                   # narration written by the scenario's author
    action: Optional[str]                 # the (last) action played (or refused) at this step
    events: list                          # Event objects the action caused
    error: Optional[BeannbError]          # the refusal, for steps that demonstrate one
    rules: list[str]                      # rule ids behind the step
    game: Game                            # a game positioned after this step (for views)
    table: dict[str, Any]
    changed: list[str]                    # table paths whose value changed
    exercise: Optional[Exercise] = None
    actions: list = field(default_factory=list)  # every action of the step, in order

    def narration(self, lang: str = "en") -> list[str]:
        lines = []
        said = self.say.get(lang) or self.say.get("en")
        if said:
            lines.append(said)
        if self.error is not None:
            lines.append(self.error.text(lang))
        lines += [e.text(lang) for e in self.events]
        if not lines and self.exercise is not None:  # a step that only asks: the question leads
            question = self.exercise.question.get(lang) or self.exercise.question["en"]
            lines.append(WALK_MESSAGES.text("walk-question", lang, question=question))
        return lines

    def rule_texts(self, lang: str = "en") -> list[tuple[str, str, str]]:
        rules = [(rid, lookup_rule(rid)) for rid in self.rules]
        return [(rid, r.title.get(lang, r.title["en"]), r.statement(lang)) for rid, r in rules if r]


def _rule_ids(value, *causes: Any) -> list[str]:
    """A step's ``rule`` (one id, or a list of them), then the rule of each of ``causes`` (a
    refusal, events) it does not name yet."""
    ids = [str(r) for r in _as_list(value)] if value else []
    return ids + [r for r in dict.fromkeys(c.rule for c in causes if c is not None and c.rule) if r not in ids]


def _words(action: Any, lang: str, game: Optional[Game]) -> str:
    """An action a scenario names, as a learner reads it (in words; unreadable text as written)."""
    if game is None:
        return str(action)
    try:
        return game.ruleset.describe(game.ruleset.parse(action), lang).rstrip(".")
    except ValueError:
        return str(action)


def _cast_lang(lang: str) -> str:
    """The language whose example players a page in ``lang`` shows (English for the languages,
    such as the pseudo-language, that keep the English names)."""
    return "en" if cast(lang) == cast("en") else lang


def _diff(before: dict, after: dict) -> list[str]:
    skip = {"deck", "to_move", "cards.total"}
    return [k for k in after if k not in skip and before.get(k) != after.get(k)]


def first_frame(sc: Scenario, game: Game) -> Frame:
    """Frame 0 of ``sc``'s walkthrough: the table at the start (``game``, new), with the
    scenario's description (or the words for the start)."""
    intro = _in_every_language("walk-intro")
    if own_wording(sc.raw, "description", "en"):  # the author's words (no pseudo-language: they are no message)
        del intro[PSEUDO]
    for shown in LANGS:
        own = own_wording(sc.raw, "description", shown)
        if own:
            intro[shown] = own
    return Frame(0, intro, None, [], None, list(sc.rules), game.copy(), game.table(), [])


def step_frame(step: Step) -> Frame:
    """The frame of a step played (:func:`beannb.scenario_play.play` with ``before``): its
    narration, the rules behind it, what changed and its exercise, on a copy of the table
    after it. Text that the engine refuses with a plain ``ValueError`` (no refusal of its
    own) cannot be shown: it is raised."""
    st, game, error = step.step, step.game, step.error
    if error is not None and not isinstance(error, BeannbError):
        raise error
    # Wording missing in a language falls back to the English, with that language's names.
    say = wordings(st, "say", cast=True)
    rules = _rule_ids(st.get("rule"), error, *step.events)
    done = [str(a) for a in step.tried]
    action = done[-1] if done else None
    # A question's frame never lists what is allowed: that would be its answer.
    if not say["en"] and not action and "ask" not in st and ("expect_legal" in st or "expect_not_legal" in st):
        say = Walkthrough._legal_note(st, game)
    exercise = Walkthrough._exercise(st, game)
    after = step.after if step.after is not None else game.table()
    before = step.before if step.before is not None else after
    return Frame(step.index, say, action, step.events, error, rules, game.copy(), after,
                 _diff(before, after), exercise, done)


class Walkthrough:
    """Frames of a scenario (``from_scenario``) or of a played game (``from_game``)."""

    def __init__(self, title: str, frames: list[Frame], rules: list[str], source: str = "",
                 titles: Optional[dict[str, str]] = None, steps: Optional[list[tuple[Optional[str], int]]] = None):
        self.title = title
        self.titles = titles or {"en": title}
        self.frames = frames
        self.rules = rules
        self.source = source
        #: Where frame i's step sits in its file (frame 0 is the start): (None, n) for the
        #: file's own step n, (variant, n) for step n of a variant's own steps.
        self.steps: list[Optional[tuple[Optional[str], int]]] = [None] + list(steps or [(None, i) for i in range(1, len(frames))])
        #: The language whose example players sit at this walkthrough's table (a scenario's
        #: walkthrough is made per language: see :meth:`in_language`), and the scenario.
        self.lang = "en"
        self.scenario: Optional[Scenario] = None
        self._versions: dict[str, "Walkthrough"] = {}

    def in_language(self, lang: str) -> "Walkthrough":
        """The same walkthrough with the example players as a page in ``lang`` names them
        (the same frames, steps and exercises; made once per language). A walkthrough of a
        played game has only its own players: itself."""
        if self.scenario is None:
            return self
        key = _cast_lang(lang)
        if key == self.lang:
            return self
        if key not in self._versions:
            other = Walkthrough.from_scenario(self.scenario, key)
            other._versions = self._versions
            self._versions[self.lang] = self
            self._versions[key] = other
        return self._versions[key]

    def step_of(self, i: int) -> Optional[tuple[Optional[str], int]]:
        """Where frame ``i``'s step is written: (variant or None, step number from 1)."""
        return self.steps[i] if 0 <= i < len(self.steps) else None

    def __len__(self) -> int:
        return len(self.frames)

    def __getitem__(self, i: int) -> Frame:
        return self.frames[i]

    @classmethod
    def from_scenario(cls, scenario: Union[str, Scenario], lang: str = "en",
                      trunk: Optional[tuple["Walkthrough", int]] = None) -> "Walkthrough":
        """The frames of ``scenario``, its example players called as a page in ``lang`` calls
        them (the file's own names, English, by default: what ``beannb check`` plays).

        ``trunk`` is ``(walkthrough, k)`` for a variant that shares the table (players, seed,
        options, setup) and the first ``k`` steps of the file whose walkthrough (in the same
        language) that is: those steps' frames are taken from it and only the variant's own
        steps are played, from a copy of the game after step ``k``."""
        source = load_scenario(scenario) if not isinstance(scenario, Scenario) else scenario
        sc = source.in_language(lang)
        game = sc.new_game()
        frames = [first_frame(sc, game)]
        start = 0
        if trunk is not None and trunk[1]:
            base, start = trunk
            frames += base.frames[1:start + 1]
            game = base.frames[start].game.copy()
        frames += [step_frame(step) for step in play(sc, game, start, check=False, before=True)]
        return cls.of_frames(source, sc, lang, frames)

    @classmethod
    def of_frames(cls, source: Scenario, sc: Scenario, lang: str, frames: list[Frame]) -> "Walkthrough":
        """The walkthrough of ``source`` in ``lang`` made of ``frames`` (:func:`first_frame`,
        then a :func:`step_frame` of each step played) of ``sc``, ``source`` as ``lang``
        names the players (``source.in_language(lang)``)."""
        steps = [(sc.variant, path[-1] + 1) if path[0] == "variants" else (None, path[-1] + 1)
                 for path in sc.step_paths] if len(sc.step_paths) == len(sc.steps) else None
        walk = cls(sc.title, frames, list(sc.rules), sc.path,
                   wordings(sc.raw, "title", sc.title, cast=True), steps)
        walk.lang, walk.scenario = _cast_lang(lang), source
        return walk

    @staticmethod
    def _legal_note(st: dict, game: Optional[Game] = None) -> dict[str, str]:
        def items(key, lang="en"):
            return "; ".join(_words(x, lang, game) for x in _as_list(st.get(key, [])))

        def note(lang: str) -> str:
            said = [WALK_MESSAGES.text(code, lang, actions=items(key, lang))
                    for key, code in (("expect_legal", "walk-allowed"), ("expect_not_legal", "walk-not-allowed"))
                    if st.get(key)]
            return " ".join(said)
        return {lang: note(lang) for lang in SHOWN_LANGS}

    @staticmethod
    def _exercise(st: dict, game: Game) -> Optional[Exercise]:
        if "ask" not in st:
            return None
        question = wordings(st, "ask", cast=True)
        choices = [str(c) for c in st.get("choices", [])]
        answer = st.get("answer", "legal")
        explain = wordings(st, "explain", cast=True)
        rules = _rule_ids(st.get("rule"))
        wording = {lang: [str(c) for c in st[f"choices_{lang}"]] for lang in LANGS if st.get(f"choices_{lang}")}
        if answer in ("legal", "refused"):  # the engine decides: tick every legal (or every refused) choice
            legal = game.legal_actions()
            correct = [c for c in choices if (c in legal) == (answer == "legal")]
            return Exercise(question, choices, correct, True, explain, rules, wording)
        answers = [str(a) for a in _as_list(answer)]
        return Exercise(question, choices, answers, len(answers) > 1, explain, rules, wording)

    @classmethod
    def from_game(cls, game: Game, title: str = "") -> "Walkthrough":
        replay = Game(game.ruleset, game.initial, players=game.players, seed=game.seed, options=game.options,
                      custom_start=game.custom_start)
        start = {"en": title} if title else _in_every_language("walk-start")
        frames = [Frame(0, start, None, [], None, [], replay.copy(), replay.table(), [])]
        for i, step in enumerate(game.steps, start=1):
            before = replay.table()
            events = replay.play(step.action)
            after = replay.table()
            frames.append(Frame(i, {}, str(step.action), events, None, _rule_ids(None, *events), replay.copy(),
                                after, _diff(before, after), None, [str(step.action)]))
        if title:
            return cls(title, frames, [], "")
        names = game.ruleset.title or {}
        titles = {lang: WALK_MESSAGES.text("walk-game-title", lang, game=names.get(lang) or names.get("en") or game.game)
                  for lang in SHOWN_LANGS}
        return cls(titles["en"], frames, [], "", titles)
