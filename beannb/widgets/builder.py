"""The move builder: any move of the game put together in words, then tried.

A learner picks who moves and what they do (the game's verbs, in words), then the move's
details: a card, a field, a card of the hand or how many cards, each from a drop-down of
words; a verb whose details are richer (an offer, an answer to one, an attack, a potion, a
text card …) offers instead the concrete moves of that kind the game knows now, said as
sentences. The move shows as a sentence, and *Try it* plays it through the page's own path,
so a move the rules refuse is explained like any other refusal. Moves that are not allowed
now can be built on purpose: seeing why a move is refused is half of learning the rules.

Every action is built as the game's own action object (the dataclass of its verb, or the
game's notation read internally); the learner never sees the notation::

    b = MoveBuilder(game.ruleset, game.players, controller.play, lang="hu", player="Ann")
    b.who.value, b.what.value = "Ann", "harvest"
    b.field.value = 1
    b.action          # Harvest(player='Ann', field=1)
    b.try_button.click()
"""
from __future__ import annotations

import dataclasses
import typing
from html import escape
from typing import Any, Callable, Iterable, Optional, Sequence, Union

import ipywidgets as W

from ..core.actions import Action
from ..core.errors import BeannbError, IllegalAction
from ..i18n.messages import NC_, NPC_
from ..i18n.ui import t
from . import views
from .words import Words, table

MESSAGES = table([
    # TRANSLATORS: under the heading "Try anything": what the move builder is for.
    NC_("builder-lead", "Put a move together, even one that is not allowed now, and see what the rules say."),
    # TRANSLATORS: the labels of the builder's drop-downs: who moves, what they do, and the move's details.
    NC_("builder-who", "Who"),
    NC_("builder-what", "What"),
    NC_("builder-card", "Card"),
    NC_("builder-field", "Field"),
    # TRANSLATORS: which card of the hand (its place in the hand: 1st, 2nd …).
    NC_("builder-pos", "Hand card"),
    NC_("builder-count", "How many"),
    # TRANSLATORS: a drop-down of whole moves of one kind the game knows now, said as sentences.
    NC_("builder-which", "Which"),
    # TRANSLATORS: a field in the field drop-down: "field 2".
    NC_("builder-field-n", "field {n}"),
    # TRANSLATORS: a card of the hand by its place: "hand card 3" (the third card of the hand).
    NC_("builder-pos-n", "hand card {n}"),
    NPC_("builder-count-n", "{n} card", "{n} cards"),
    # TRANSLATORS: the choice of leaving a detail out (the game then takes its default, e.g. the front card).
    NC_("builder-unnamed", "not named"),
    # TRANSLATORS: before the move built so far, said as a sentence.
    NC_("builder-move", "The move:"),
    NC_("builder-none", "The game knows no move of this kind for now."),
    # TRANSLATORS: the tooltip of "Try it" while no move can be built.
    NC_("builder-none-tip", "Choose a move first."),
    # TRANSLATORS: two moves share a heading (e.g. "Answer offers"): the word of each of them.
    NC_("builder-verb-accept", "Accept an offer"),
    NC_("builder-verb-decline", "Decline an offer"),
])
TEXT = Words(MESSAGES, "builder-")

#: What a field of an action class is, by its name: the drop-down that sets it.
CARD_FIELDS = ("bean", "card")
FIELD_FIELDS = ("field",)
POS_FIELDS = ("pos",)
COUNT_FIELDS = ("count",)
#: Fields the builder leaves at their defaults (takeover's attached text cards: an action
#: without them is a whole action; with them it is one the "which" list offers).
LEFT_AS_DEFAULT = ("attach",)
#: The longest "which" list shown (a trading phase can know many offers).
MOST_CHOICES = 60

_Shape = Optional[tuple[tuple[str, str, bool], ...]]
_SHAPES: dict[type, _Shape] = {}


def shape(cls: type) -> _Shape:
    """The details ``cls``'s moves are built from: ``(field name, kind, optional)`` with kind
    ``card``, ``field``, ``pos`` or ``count``; None when a detail is none of these (the verb
    is built by picking one of its concrete moves instead)."""
    if cls in _SHAPES:
        return _SHAPES[cls]
    hints = typing.get_type_hints(cls)
    out: list[tuple[str, str, bool]] = []
    found: _Shape = None
    for f in dataclasses.fields(cls):
        if f.name == "player" or f.name in LEFT_AS_DEFAULT:
            continue
        tp = hints.get(f.name)
        args = typing.get_args(tp)
        optional = type(None) in args
        base = next((a for a in args if a is not type(None)), tp) if optional else tp
        if f.name in CARD_FIELDS and base is str:
            out.append((f.name, "card", optional))
        elif f.name in FIELD_FIELDS and base is int:
            out.append((f.name, "field", optional))
        elif f.name in POS_FIELDS and base is int:
            out.append((f.name, "pos", optional))
        elif f.name in COUNT_FIELDS and base is int and not optional:
            out.append((f.name, "count", False))
        else:
            break
    else:
        found = tuple(out)
    _SHAPES[cls] = found
    return found


def _well_formed(ruleset, action: Action) -> bool:
    try:
        ruleset.check_form(action)
        return True
    except (BeannbError, ValueError):
        return False


def _words_of(name: str) -> frozenset:
    """The words of an id, in any order and without a plural ``s``: a verb named after a card
    (``swap-fields``, the Field Swap card ``field-swap``) has its card's words."""
    return frozenset(w[:-1] if w.endswith("s") else w for w in name.split("-"))


def _for_player(action: Action, player: str) -> Action:
    """``action`` as ``player``'s move: the mover changes, and where the move named
    ``player`` (a partner, a target) it names the original mover instead."""
    was = action.player
    if was == player:
        return action
    changes: dict[str, Any] = {"player": player}
    for f in dataclasses.fields(action):
        if f.name == "player":
            continue
        value = getattr(action, f.name)
        if value == player:
            changes[f.name] = was
        elif isinstance(value, tuple) and player in value:
            changes[f.name] = tuple(was if v == player else v for v in value)
    return dataclasses.replace(action, **changes)


class MoveBuilder(W.VBox):
    """Who, what, the move's details, its sentence and *Try it*: see the module's doc.

    ``on_try`` is called with the action built (the page's own play path); when it returns
    an outcome (``ok`` and ``message(lang)``, as :meth:`GameController.play` does) and
    ``show_result`` is set, the builder shows it under the button. ``known`` (the actions
    the page may know now: its own seats' legal actions) fills the lists of verbs with
    richer details; ``obs`` (the page's observation) says how many fields and hand cards
    there are and keeps the sentences to what the page may see. ``beans`` are the game's
    beans in play (default: every bean of its card table).
    """

    def __init__(self, ruleset, players: Sequence[str], on_try: Callable[[Action], Any], lang: str = "en",
                 player: Optional[str] = None, known: Union[Sequence[Action], Callable[[], Sequence[Action]], None] = None,
                 obs: Any = None, beans: Optional[Iterable[str]] = None, show_result: bool = True, **kw):
        super().__init__(**kw)
        self.add_class("beannb-builder")
        self.ruleset = ruleset
        self.players = list(players)
        self.on_try = on_try
        self.lang = lang
        self.show_result = show_result
        table_beans = list(ruleset.cards.beans)
        chosen = set(beans) if beans is not None else None
        self.beans = [b for b in table_beans if chosen is None or b in chosen] + \
                     [b for b in (beans or ()) if b not in table_beans]
        self._known_src = known
        self._known: Optional[list[Action]] = None
        self.obs = obs
        self._busy = False
        self._examples: dict[str, list[Action]] = {}
        self._cards: dict[tuple[str, str], list[Optional[str]]] = {}

        self.heading = W.HTML()
        self.lead = W.HTML()
        self.who = self._dropdown("beannb-builder-who")
        self.what = self._dropdown("beannb-builder-what", width="260px")
        self.card = self._dropdown("beannb-builder-card")
        self.field = self._dropdown("beannb-builder-field")
        self.pos = self._dropdown("beannb-builder-pos")
        self.count = self._dropdown("beannb-builder-count")
        self.which = self._dropdown("beannb-builder-which", width="560px")
        self.details = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.sentence = views.classed(W.HTML(), "beannb-builder-sentence")
        self.try_button = views.button("beannb-builder-try", lambda: self.try_it(), button_style="warning")
        self.result = views.classed(W.HTML(), "beannb-builder-result")
        self.children = [self.heading, self.lead, W.HBox([self.who, self.what], layout=W.Layout(flex_flow="row wrap")),
                         self.details, W.HBox([self.sentence, self.try_button], layout=W.Layout(align_items="center")),
                         self.result]

        self._busy = True
        self.who.options = [(p, p) for p in self.players]
        start = player if player in self.players else (self.players[0] if self.players else None)
        self.who.value = start
        self._set_verbs()
        mine = [a for a in self.known() if a.player == start and a.VERB in ruleset.notation.verbs]
        self.what.value = mine[0].VERB if mine else next(iter(ruleset.notation.verbs))
        self._busy = False
        for dd in (self.who, self.what):
            dd.observe(lambda _ch: self._rebuild(), names="value")
        for dd in (self.card, self.field, self.pos, self.count, self.which):
            dd.observe(lambda _ch: self._show(), names="value")
        self._relabel()
        self._rebuild()

    # -- building ---------------------------------------------------------------------------
    def _dropdown(self, cls: str, width: str = "auto") -> W.Dropdown:
        return views.classed(W.Dropdown(style={"description_width": "initial"}, layout=W.Layout(width=width)), cls)

    @property
    def cls(self) -> type:
        """The action class of the verb chosen."""
        return self.ruleset.notation.verbs[self.what.value]

    def known(self) -> list[Action]:
        """The actions the page may know now (computed once per situation)."""
        if self._known is None:
            src = self._known_src
            self._known = list(src() if callable(src) else (src or ()))
        return self._known

    def examples(self, player: str) -> list[Action]:
        """The notation's examples of every verb, for ``player`` (computed once per player)."""
        if player not in self._examples:
            self._examples[player] = views.form_examples(self.ruleset, player, self.players)
        return self._examples[player]

    def _sample(self, verb: str) -> Action:
        """One move of ``verb`` for the word of a verb whose heading another verb shares."""
        player = self.who.value or (self.players[0] if self.players else "Ann")
        cls = self.ruleset.notation.verbs[verb]
        return next((a for a in self.examples(player) if type(a) is cls), None) or cls(player)

    def verb_labels(self, lang: str) -> list[tuple[str, str]]:
        """Every verb of the game in words, in the notation's order: a verb without details
        by its button's words, another by its group's heading; verbs sharing a heading by a
        word of their own (the builder's, the card the verb is named after, or the heading
        with one of its moves)."""
        rs = self.ruleset
        player = self.who.value or (self.players[0] if self.players else "Ann")
        labels: dict[str, str] = {}
        for verb, cls in rs.notation.verbs.items():
            if shape(cls) == ():
                try:
                    labels[verb] = rs.action_label(cls(player), lang)
                    continue
                except Exception:  # noqa: BLE001 - a verb without a bare form: its heading
                    pass
            labels[verb] = rs.group_label(verb, lang)
        shared = {label for label in labels.values() if list(labels.values()).count(label) > 1}
        for verb, label in list(labels.items()):
            if label not in shared:
                continue
            if "verb_" + verb.replace("-", "_") in TEXT["en"]:
                labels[verb] = TEXT.text("verb_" + verb.replace("-", "_"), lang)
                continue
            card = next((c for c in rs.cards.others if _words_of(c) == _words_of(verb)), None)
            if card is not None:
                labels[verb] = rs.cards.name(card, lang)
                continue
            try:
                labels[verb] = f"{label}: {rs.action_label(self._sample(verb), lang)}"
            except Exception:  # noqa: BLE001 - the heading alone
                pass
        return [(labels[v], v) for v in rs.notation.verbs]

    def _set_verbs(self) -> None:
        _set_options(self.what, self.verb_labels(self.lang))

    def _card_ids(self, verb: str, name: str) -> list[Optional[str]]:
        """The cards a ``name`` detail of ``verb`` may name: beans for a bean, the game's other
        cards (text cards) for a card, keeping those the game reads as well-formed."""
        key = (verb, name)
        if key not in self._cards:
            cls = self.ruleset.notation.verbs[verb]
            others = list(self.ruleset.cards.others)
            pool = self.beans if name == "bean" or not others else others
            player = self.players[0] if self.players else "Ann"
            self._cards[key] = [c for c in pool if _well_formed(self.ruleset, cls(player, **{name: c}))] or list(pool)
        return self._cards[key]

    def _most(self, key: str, at_least: int) -> int:
        """The most of ``key`` (fields, hand cards) any player has, from the observation."""
        most = at_least
        for p in (self.obs["players"] if self.obs is not None and "players" in self.obs else ()):
            value = p.get(key)
            n = len(value) if isinstance(value, (list, tuple)) else value if isinstance(value, int) else 0
            most = max(most, n)
        return most

    def _detail_options(self, kind: str, name: str, optional: bool, lang: str) -> list[tuple[str, Any]]:
        rs = self.ruleset
        if kind == "card":
            opts = [(rs.cards.name(c, lang), c) for c in self._card_ids(self.what.value, name)]
        elif kind == "field":
            opts = [(TEXT.text("field_n", lang, n=n), n) for n in range(1, self._most("fields", 3) + 1)]
        elif kind == "pos":
            opts = [(TEXT.text("pos_n", lang, n=n), n) for n in range(1, self._most("hand_size", 1) + 1)]
        else:
            opts = [(TEXT.text("count_n", lang, n=n), n) for n in range(1, self._most("hand_size", 3) + 1)]
        return ([(TEXT.text("unnamed", lang), None)] if optional else []) + opts

    def which_actions(self) -> list[Action]:
        """The concrete moves of the chosen verb for the chosen player: the moves of that kind
        the page knows now (each as the chosen player's, where the game reads it so), then
        the notation's examples of the verb."""
        cls, player = self.cls, self.who.value
        known = [a for a in self.known() if type(a) is cls]
        known.sort(key=lambda a: a.player != player)  # the chosen player's own moves first
        out: list[Action] = []
        for a in known + [a for a in self.examples(player) if type(a) is cls]:
            try:
                mine = _for_player(a, player)
            except (TypeError, ValueError):  # a move that cannot be another player's
                continue
            if mine not in out and (mine is a or _well_formed(self.ruleset, mine)):
                out.append(mine)
            if len(out) >= MOST_CHOICES:
                break
        return out

    def _words(self, action: Action, lang: str) -> str:
        """``action`` as a sentence for the page (never the notation)."""
        rs = self.ruleset
        try:
            return rs.describe(action, lang, self.obs)
        except Exception:  # noqa: BLE001 - a move the sentences cannot say: its button's words
            try:
                return f"{action.player}: {rs.action_label(action, lang)}"
            except Exception:  # noqa: BLE001
                return f"{action.player}: {rs.group_label(action.VERB, lang)}"

    def _rebuild(self) -> None:
        """New details for the verb (or player) chosen: the drop-downs it needs, their choices."""
        if self._busy:
            return
        self._busy = True
        try:
            lang, shp = self.lang, shape(self.cls)
            shown: list[W.Widget] = []
            if shp is None:
                _set_options(self.which, [(self._words(a, lang), a) for a in self.which_actions()])
                shown = [self.which] if self.which.options else []
            else:
                boxes = {"card": self.card, "field": self.field, "pos": self.pos, "count": self.count}
                for name, kind, optional in shp:
                    dd = boxes[kind]
                    _set_options(dd, self._detail_options(kind, name, optional, lang))
                    shown.append(dd)
            if tuple(self.details.children) != tuple(shown):
                self.details.children = shown
        finally:
            self._busy = False
        self._show()

    @property
    def action(self) -> Optional[Action]:
        """The move as built now (None: nothing of the chosen kind can be built)."""
        player, shp = self.who.value, shape(self.cls)
        if player is None:
            return None
        if shp is None:
            return self.which.value if self.which.options else None
        boxes = {"card": self.card, "field": self.field, "pos": self.pos, "count": self.count}
        return self.cls(player, **{name: boxes[kind].value for name, kind, _ in shp})

    def _show(self) -> None:
        """The sentence and the button for the move as built."""
        if self._busy:
            return
        lang, action = self.lang, self.action
        head = f"<b>{escape(TEXT.text('move', lang))}</b> "
        if action is None:
            said = TEXT.text("none", lang)
            value = head + f"<i>{escape(said)}</i>"
            tip = TEXT.text("none_tip", lang)
        else:
            said = self._words(action, lang)
            value, tip = head + escape(said), said
        if self.sentence.value != value:
            self.sentence.value = value
        with self.try_button.hold_sync():
            self.try_button.disabled = action is None
            self.try_button.tooltip = tip

    # -- the page ---------------------------------------------------------------------------
    def try_it(self) -> Any:
        """Play the move as built through the page's path (the Try it button)."""
        action = self.action
        if action is None:
            return None
        out = self.on_try(action)
        if self.show_result and out is not None and hasattr(out, "message"):
            err = getattr(out, "error", None)
            rule = err.rule if isinstance(err, IllegalAction) else None
            kind = "beannb-message" if out.ok else "beannb-refusal"
            self.result.value = f'<div class="{kind}">' + views.message_html(out.message(self.lang), out.ok, rule) + "</div>"
        return out

    def update(self, known: Union[Sequence[Action], Callable[[], Sequence[Action]], None] = None,
               obs: Any = None) -> None:
        """A new situation: the actions the page may know now and its observation. The
        choices made stay where they still exist."""
        self._known_src, self._known, self.obs = known, None, obs
        self._rebuild()

    def set_lang(self, lang: str) -> None:
        """Every word in ``lang``; the choices made stay."""
        if lang == self.lang:
            return
        self.lang = lang
        self._busy = True
        try:
            self._set_verbs()
        finally:
            self._busy = False
        self.result.value = ""
        self._relabel()
        self._rebuild()

    def _relabel(self) -> None:
        lang = self.lang
        self.heading.value = f"<b>{escape(t('try_heading', lang))}</b>"
        self.lead.value = f"<small>{escape(TEXT.text('lead', lang))}</small>"
        for dd, key in ((self.who, "who"), (self.what, "what"), (self.card, "card"), (self.field, "field"),
                        (self.pos, "pos"), (self.count, "count"), (self.which, "which")):
            dd.description = TEXT.text(key, lang)
        self.try_button.description = t("try", lang)


def _set_options(dd: W.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give ``dd`` these choices, keeping its value where it is still a choice (new words for
    the same values only relabel it)."""
    labels = tuple(label for label, _ in options)
    values = tuple(value for _, value in options)
    if values == tuple(dd._options_values):
        if labels != tuple(dd._options_labels):
            views.relabel_options(dd, labels)
        return
    old = dd.value
    with dd.hold_sync():
        dd.options = options
        if old in values:
            if dd.index is None or dd.value != old:
                dd.value = old
        elif values and dd.index is None:
            dd.index = 0
