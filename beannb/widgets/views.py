"""Views: functions from (observation, legal actions, language) to ipywidgets.

No rule logic here: what is shown comes from ``observe`` and ``legal_actions``; what a
click does is a callback the wiring (``apps.py``) passes in.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable, Iterable, Optional, Sequence, TypeVar
from urllib.parse import quote_plus, unquote_plus

import ipywidgets as W

from ..core.actions import Action, CardRef, Want
from ..core.errors import BeannbError
from ..games import DEFAULT_GAME
from ..games.bohnanza.actions import Offer
from ..i18n.messages import NC_
from ..i18n import LANGS
from ..i18n.ui import language_name, t
from ..render.html import table_html, view_of
from ..render.lesson import choice_label
from .words import Words, table

MESSAGES = table([
    # TRANSLATORS: before two or three examples of the notation (code, left as it is)
    NC_("views-try-lead", "Write actions like:"),
    # TRANSLATORS: a card a trader may give: card is its name, n its place in the hand (1, 2 …)
    NC_("views-give-hand", "{card} (hand {n})"),
    NC_("views-give-faceup", "{card} (face up)"),
    # TRANSLATORS: a face-up card when more of its kind lie face up: n its place in the face-up row
    NC_("views-give-faceup-n", "{card} (face up {n})"),
    # TRANSLATORS: the title of a closed fold holding the box where a move is typed in the notation
    NC_("views-teacher-fold", "For teachers: type a move in notation"),
    # TRANSLATORS: the tooltip of the "Try it" button beside the notation box
    NC_("views-try-tip", "Plays the move typed in the box; a move the rules refuse is explained."),
])
TEXT = Words(MESSAGES, "views-")


WidgetT = TypeVar("WidgetT", bound=W.DOMWidget)


def classed(widget: WidgetT, *classes: str) -> WidgetT:
    """``widget`` with the DOM classes ``classes`` (pages, styles and tests find it by them)."""
    for name in classes:
        widget.add_class(name)
    return widget


def button(cls: str, on_click: Callable[[], Any], **kw: Any) -> W.Button:
    """A button of class ``cls`` (other ``W.Button`` arguments in ``kw``) that calls ``on_click()``."""
    b = classed(W.Button(**kw), cls)
    b.on_click(lambda _b: on_click())
    return b


def table_view(obs, lang: str, changed: Iterable[str] = ()) -> W.HTML:
    return classed(W.HTML(table_html(obs, lang, changed)), "beannb-table")


_AUTO = None


def _auto_layout() -> W.Layout:
    global _AUTO
    if _AUTO is None:  # one shared Layout model for every action button
        _AUTO = W.Layout(width="auto")
    return _AUTO


#: The start of the class that carries an action button's notation (quoted: a class holds no
#: spaces). The page shows neither classes nor notation; tests and scripts find the button of a
#: move by it (:func:`notation_class`, :func:`notation_of`), the tooltip being a sentence.
NOTATION_CLASS = "beannb-notation-"


def notation_class(action: Any) -> str:
    """The class naming ``action`` (an action or its notation) on its button:
    ``Ann plant chili 1`` is ``beannb-notation-Ann+plant+chili+1``."""
    return NOTATION_CLASS + quote_plus(str(action), safe="@:")


def notation_of(classes: Iterable[str]) -> Optional[str]:
    """The notation a button's classes (a widget's ``_dom_classes``, or the words of a DOM
    ``class`` attribute) carry; None when none does."""
    if isinstance(classes, str):
        classes = classes.split()
    for c in classes:
        if c.startswith(NOTATION_CLASS):
            return unquote_plus(c[len(NOTATION_CLASS):])
    return None


def action_tip(ruleset, action: Action, lang: str, obs: Optional[dict] = None) -> str:
    """The tooltip of ``action``'s button: the move as a whole sentence in ``lang`` (who does
    what, with which card, on which field: "Ann plants Chili in field 1."), the game's own
    sentence for it (:meth:`~beannb.core.ruleset.Ruleset.describe`) as the reader of ``obs``
    may know it. Like every sentence the games write, it starts with a capital letter (mostly
    the player's name) and ends with a full stop; the label on the button stays short."""
    return ruleset.describe(action, lang, obs)


def _base_rules():
    from ..games import get_ruleset

    return get_ruleset(DEFAULT_GAME)


class ActionPanel(W.VBox):
    """The action buttons, grouped by kind. Buttons are pooled and updated in place, so a
    click that changes the options sends a handful of messages instead of a new tree.

    A button's words are the move's short label; its tooltip, the move as a sentence in the
    page's language (:func:`action_tip`); its ``action`` attribute (kernel side) and its
    notation class (:func:`notation_class`, in the page) name the move for programs."""

    def __init__(self, on_click: Callable[[Action], None], ruleset=None):
        super().__init__()
        self.on_click = on_click
        self.ruleset = ruleset if ruleset is not None else _base_rules()
        self.rows: dict[str, tuple[W.HBox, W.HTML, W.HBox, list[W.Button]]] = {}
        self.empty = W.HTML()

    def _row(self, verb: str):
        if verb not in self.rows:
            label = W.HTML(layout=W.Layout(width="150px"))
            box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
            self.rows[verb] = (W.HBox([label, box]), label, box, [])
        return self.rows[verb]

    def _button(self, verb: str, pool: list) -> W.Button:
        b = classed(W.Button(layout=_auto_layout()), "beannb-action")
        b.action = None
        b.on_click(lambda btn: btn.action is not None and self.on_click(btn.action))
        pool.append(b)
        return b

    def update(self, actions: Sequence[Action], lang: str, show_player: bool = False,
               obs: Optional[dict] = None) -> None:
        """Show ``actions`` in ``lang``; ``obs`` is the observation of whoever reads the page
        (None: the whole table), so the tooltips say nothing it hides."""
        groups: dict[str, list[Action]] = {}
        for a in actions:  # kinds with the same heading (e.g. every text card) share a row
            heading = self.ruleset.group_label(a.VERB, lang)
            groups.setdefault(heading, []).append(a)
        first_verb = {h: acts[0].VERB for h, acts in groups.items()}
        shown = []
        rank = self.ruleset.view.VIEW.group_rank
        for heading in sorted(groups, key=lambda h: rank(first_verb[h])):
            verb = first_verb[heading]
            row, label, box, pool = self._row(heading)
            text = f"<b>{escape(heading)}</b>"
            if label.value != text:
                label.value = text
            while len(pool) < len(groups[heading]):
                self._button(verb, pool)
            for b, a in zip(pool, groups[heading]):
                kinds = (f"beannb-action-{a.VERB}", notation_class(a))
                desc = self.ruleset.action_label(a, lang)
                if show_player:
                    desc = f"{a.player}: {desc}"
                tip = action_tip(self.ruleset, a, lang, obs)
                b.action = a
                if not all(k in b._dom_classes for k in kinds) or b.description != desc or b.tooltip != tip:
                    with b.hold_sync():  # one message per button that changed
                        if not all(k in b._dom_classes for k in kinds):
                            b._dom_classes = tuple(c for c in b._dom_classes if not c.startswith(
                                ("beannb-action-", NOTATION_CLASS))) + kinds
                        b.description, b.tooltip = desc, tip
            used = tuple(pool[: len(groups[heading])])
            if tuple(box.children) != used:
                box.children = used
            shown.append(row)
        if not shown:
            self.empty.value = f"<i>{escape(t('no_actions', lang))}</i>"
            shown = [self.empty]
        if tuple(self.children) != tuple(shown):
            self.children = shown


def message_html(text: str, ok: bool, rule_id: Optional[str] = None) -> str:
    colour = "#e8f5e9" if ok else "#fdecea"
    border = "#43a047" if ok else "#e53935"
    badge = f'<span class="beannb-rule" style="font-weight:bold">{escape(rule_id)}</span> ' if rule_id else ""
    return (f'<div style="background:{colour};border-left:4px solid {border};padding:6px 10px;margin:4px 0">'
            f"{badge}{escape(text)}</div>")


def message_box(text: str, ok: bool, rule_id: Optional[str] = None) -> W.HTML:
    """A message (or a refusal, with its rule id) in an HTML widget."""
    if not text:
        return W.HTML("")
    return classed(W.HTML(message_html(text, ok, rule_id)), "beannb-message" if ok else "beannb-refusal")


def close_tree(w: W.Widget, keep: Iterable[W.Widget] = ()) -> None:
    """Close a widget and its descendants so neither the kernel nor the page keeps them."""
    keep_ids = {id(k) for k in keep}
    for child in getattr(w, "children", ()):
        if id(child) not in keep_ids:
            close_tree(child, keep)
    if id(w) not in keep_ids:
        w.close()


def log_html(lines: Sequence[str], lang: str, last: int = 12, total: Optional[int] = None) -> str:
    """The last lines of the narration; ``total`` is the full count when only the tail is given."""
    if not lines:
        return ""
    shown = list(lines)[-last:]
    total = len(lines) if total is None else total
    bold = ' style="font-weight:bold"'
    items = "".join(f"<li{bold if i == len(shown) - 1 else ''}>{escape(x)}</li>" for i, x in enumerate(shown))
    return (f"<div style='max-height:220px;overflow:auto'><b>{escape(t('log', lang))}</b>"
            f"<ol start='{max(1, total - len(shown) + 1)}'>{items}</ol></div>")


def log_view(lines: Sequence[str], lang: str, last: int = 12) -> W.HTML:
    return classed(W.HTML(log_html(lines, lang, last)), "beannb-log")


def seat_selector(players: Sequence[str], value: Optional[str], lang: str) -> W.Dropdown:
    options = [(t("teacher", lang), "")] + [(p, p) for p in players]
    return classed(W.Dropdown(options=options, value=value or "", description=t("seat", lang)), "beannb-seat")


def relabel_options(d: W.Widget, labels: Sequence[str]) -> None:
    """New words for a selection's options, same values: the choice stays and no change is
    announced (assigning ``options`` would select the first one, briefly showing the
    teacher's view of every hand)."""
    labels = tuple(labels)
    d._options_full = tuple(zip(labels, d._options_values))
    d.set_trait("_options_labels", labels)
    if getattr(d, "index", None) is not None and isinstance(d.index, int):
        d.set_trait("label", labels[d.index])


def relabel_seats(d: W.Dropdown, lang: str) -> None:
    """The seat selector's first choice in ``lang``, keeping the seat chosen."""
    relabel_options(d, (t("teacher", lang),) + tuple(d._options_labels[1:]))


def language_toggle(value: str) -> W.ToggleButtons:
    """The page's language switch (the real languages; the pseudo-language of the tests shows
    as English on it)."""
    return classed(W.ToggleButtons(options=[(language_name(lang), lang) for lang in LANGS],
                                   value=value if value in LANGS else "en", style={"button_width": "80px"}),
                   "beannb-lang")


def try_box(lang: str, on_try: Callable[[str], None], example_player: str = "Ann",
            examples: Sequence[str] = ()) -> W.VBox:
    """The notation box (in the teachers' fold: learners build moves in words with the
    :class:`~beannb.widgets.builder.MoveBuilder`): a move typed in the notation, with a help
    line of a few ``examples`` of it for the game in play."""
    text = classed(W.Text(placeholder=t("try_placeholder", lang).replace("Ann", example_player),
                          layout=W.Layout(width="360px")), "beannb-try-text")
    go = button("beannb-try", lambda: on_try(text.value), description=t("try", lang), button_style="warning",
                tooltip=TEXT.text("try_tip", lang))
    return W.VBox([W.HTML(f"<b>{escape(t('try_heading', lang))}</b>"), W.HBox([text, go]),
                   classed(W.HTML(try_help_html(lang, examples)), "beannb-try-examples")])


def try_help_html(lang: str, examples: Sequence[str] = ()) -> str:
    """The help line under the "try" box (empty without examples); a table updates it in
    place as the open actions change, rather than building a new box per click."""
    if not examples:
        return ""
    lead = TEXT.text("try_lead", lang)
    return ("<small class='beannb-try-help'>" + escape(lead) + " " + ", ".join(
        f"<code>{escape(e)}</code>" for e in examples[:3]) + "</small>")


def try_examples(ruleset, actions: Sequence[Action] = (), player: str = "Ann",
                 players: Sequence[str] = ()) -> list[str]:
    """Two or three notation examples for the "try" box: actions open now (of different
    kinds) first, then the game's own example forms that this game reads as well-formed
    actions, written for ``player`` (and the other ``players``)."""
    out: dict[str, str] = {}  # verb -> its first example
    for a in actions:
        out.setdefault(a.VERB, str(a))
    if len(out) < 2:
        for a in form_examples(ruleset, player, players):
            out.setdefault(a.VERB, str(a))
            if len(out) >= 3:
                break
    return list(out.values())[:3]


#: The names the notation's example forms use for the players, in their order.
FORM_NAMES = ("Ann", "Bob", "Cid")


def form_examples(ruleset, player: str, players: Sequence[str] = ()) -> list[Action]:
    """The notation's example forms of every verb, written for ``player`` (the other names
    of a form become the other ``players``, in seat order; a form naming more players than
    there are is left out), keeping those that this game reads as well-formed actions."""
    others = [p for p in players if p != player]
    out = []
    for cls in ruleset.notation.verbs.values():
        for form in cls.FORMS:
            words = form.split()
            if not words or words[0] not in FORM_NAMES:
                continue
            rename = {words[0]: player}
            rest = [w for w in dict.fromkeys(words[1:]) if w in FORM_NAMES and w != words[0]]
            if players:
                if len(rest) > len(others):
                    continue
                rename.update(zip(rest, others))
            try:
                action = ruleset.parse(" ".join(rename.get(w, w) for w in words))
                ruleset.check_form(action)
            except (BeannbError, ValueError):
                continue
            out.append(action)
    return out


def choice_words(ex: Any, choice: str, lang: str, ruleset) -> str:
    """An exercise's choice as the learner reads it: its own wording in ``lang``, else its button label."""
    return ex.choice_text(choice, lang) or choice_label(choice, lang, ruleset)


def choice_inputs(ex: Any, lang: str, ruleset, picked: Any = None) -> W.Widget:
    """An exercise's choices to answer with (``picked`` chosen): a tick box per choice when it
    asks for every right one (each box's ``choice`` is its choice), else radio buttons."""
    if not ex.multiple:
        return classed(W.RadioButtons(options=[(choice_words(ex, c, lang, ruleset), c) for c in ex.choices],
                                      value=picked, layout=W.Layout(width="auto")), "beannb-choice")
    ticked = set(picked or ())
    boxes = []
    for c in ex.choices:
        b = classed(W.Checkbox(value=c in ticked, description=choice_words(ex, c, lang, ruleset), indent=False,
                               layout=W.Layout(width="auto")), "beannb-choice")
        b.choice = c
        boxes.append(b)
    return W.VBox(boxes)


def picked_of(inputs: W.Widget) -> Any:
    """What is chosen now in :func:`choice_inputs`'s widget."""
    if isinstance(inputs, W.RadioButtons):
        return inputs.value
    return [b.choice for b in inputs.children if b.value]


def teacher_fold(content: W.Widget, lang: str) -> W.Accordion:
    """A closed fold for teachers (the notation box goes in it): learners see its title only."""
    fold = classed(W.Accordion(children=[content], selected_index=None), "beannb-teacher-fold")
    set_fold_title(fold, lang)
    return fold


def set_fold_title(fold: W.Accordion, lang: str) -> None:
    title = TEXT.text("teacher_fold", lang)
    if tuple(fold.titles) != (title,):
        fold.titles = (title,)


def _give_options(hand: Sequence[str], faceup: Sequence[str], is_active: bool, lang: str, bean_name) -> list:
    """The cards a trader may give: every hand card, and (the active player) every face-up one."""
    opts = [(TEXT.text("give_hand", lang, card=bean_name(b, lang), n=i + 1), str(CardRef("hand", b, i + 1)))
            for i, b in enumerate(hand)]
    if is_active:
        # One entry per face-up card (two face-up Mage are two cards to give); the value
        # keeps the entries distinct, ``send_offer`` reads "up:mage#2" as the card ``up:mage``.
        opts += [(TEXT.text("give_faceup_n", lang, card=bean_name(b, lang), n=i + 1) if faceup.count(b) > 1
                  else TEXT.text("give_faceup", lang, card=bean_name(b, lang)), f"up:{b}#{i + 1}")
                 for i, b in enumerate(faceup)]
    return opts


class TradeBuilder(W.VBox):
    """Pick a partner, the exact cards to give and the beans to ask for; sends an Offer.

    Built once per language and bean list; :meth:`update` changes the partners and the
    cards on offer in place (a table calls it on every change: rebuilding ~50 widgets per
    click cost more than the rest of the click together)."""

    def __init__(self, beans: Sequence[str], lang: str, on_send: Callable[[Offer], None], ruleset=None):
        super().__init__()
        self.key = (tuple(beans), lang)
        self.lang, self.on_send, self.ruleset = lang, on_send, ruleset
        self.view = ruleset.view.VIEW if ruleset is not None else view_of(DEFAULT_GAME)
        self.player = ""
        self.shown: Optional[tuple] = None
        self.partner = classed(W.Dropdown(description=t("partner", lang)), "beannb-trade-partner")
        self.give = classed(W.SelectMultiple(description=t("give", lang)), "beannb-trade-give")
        self.counts: dict[str, W.BoundedIntText] = {}
        cells = []
        for b in beans:
            box = classed(W.BoundedIntText(value=0, min=0, max=9, layout=W.Layout(width="52px")),
                          f"beannb-trade-get-{b}")
            self.counts[b] = box
            cells.append(W.VBox([W.HTML(self.view.card(b, lang)), box], layout=W.Layout(align_items="center")))
        self.from_up = W.Checkbox(value=False, description=t("from_faceup", lang), indent=False)
        send = button("beannb-trade-send", lambda: self.send_offer(), description=t("send_offer", lang),
                      button_style="info")
        self.children = [W.HTML(f"<b>{escape(t('trade', lang))}</b>"), self.partner, self.give,
                         W.HTML(escape(t("get", lang))), W.HBox(cells, layout=W.Layout(flex_flow="row wrap")),
                         self.from_up, send]

    def update(self, player: str, partners: Sequence[str], hand: Sequence[str], faceup: Sequence[str],
               is_active: bool) -> None:
        """Show ``player``'s offer as it can be built now; a new situation starts a new offer."""
        shown = (player, tuple(partners), tuple(hand), tuple(faceup), is_active)
        if shown == self.shown:
            return
        self.shown, self.player = shown, player
        with self.partner.hold_sync():
            if tuple(self.partner.options) != tuple(partners):
                self.partner.options = list(partners)
            if partners and self.partner.value not in partners:
                self.partner.value = partners[0]
        opts = _give_options(hand, faceup, is_active, self.lang, self.view.cards.name)
        with self.give.hold_sync():
            self.give.value = ()
            if tuple(self.give.options) != tuple(opts):
                self.give.options = opts
                self.give.rows = min(7, max(2, len(opts)))
        for box in self.counts.values():
            if box.value:
                box.value = 0
        if self.from_up.value:
            self.from_up.value = False

    def send_offer(self) -> None:
        """Send the offer as built (the Send button)."""
        from ..core.actions import parse_card_ref
        refs = tuple(parse_card_ref(v.split("#")[0], v, (), self.ruleset.notation) for v in self.give.value)
        zone = "up" if self.from_up.value else "hand"
        wants = tuple(Want(zone, b, box.value) for b, box in self.counts.items() if box.value > 0)
        self.on_send(Offer(self.player, self.partner.value, refs, wants))

