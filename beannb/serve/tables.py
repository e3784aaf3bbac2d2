"""Tables of people: one authoritative game per table, held by the class hub.

A table is made for one of the four games with as many seats as the game allows; students
sit down, and when it starts every empty seat is played by a bot of the table's kind. The
game itself is the engine's checked :class:`~beannb.core.game.Game` inside a
:class:`~beannb.widgets.controller.GameController`-like driver (:class:`Driver`): people's
moves arrive from their pages, bots answer at once, exactly as at a table with bots.

What a seat's page is sent is :meth:`Table.seat_view`: built from that seat's observation
and that seat's legal actions only. A click names one of those actions by its number in
the list the page was sent (with the list's digest, so a click on a list that has changed
since is refused rather than misread); an offer names cards by their number in the seat's
"you give" list. Nothing of the notation reaches a page.

A student who leaves the table (or whose pages all close) keeps the seat for
``grace`` seconds; then, if the table says so, a bot takes it over until the student
comes back.
"""
from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Any, Optional, Sequence

from ..bots import bots_answer, make_bot
from ..core.actions import MAX_WORD, Action
from ..core.errors import BeannbError, IllegalAction
from ..core.game import Game
from ..games import get_ruleset, new_game
from ..i18n import LANGS
from ..render import touch as models
from .words import lang_of, w

#: Bots that may fill a class table's seats: they answer in milliseconds, so the one
#: process that holds the class never waits on them (the strong player searches for
#: a tenth of a second or more per decision).
TABLE_BOTS = ("random", "greedy", "trader")
LOG_LINES = 12
MAX_BOT_ACTIONS = 5000


def player_name(label: str, taken: Sequence[str]) -> str:
    """A name the notation can carry (one word, starting with a letter), unlike any in
    ``taken`` (ignoring case): "Kiss Anna" -> "Kiss-Anna", a second "Anna" -> "Anna2"."""
    base = re.sub(r"[\s#@:,]+", "-", label.strip()).strip("-") or "Player"
    if not base[0].isalpha():
        base = "P" + base
    base = base[: MAX_WORD - 3]
    lower = {t.lower() for t in taken}
    name, k = base, 2
    while name.lower() in lower:
        name, k = f"{base}{k}", k + 1
    return name


def digest(texts: Sequence[str]) -> str:
    return hashlib.blake2s("\n".join(texts).encode("utf-8"), digest_size=6).hexdigest()


@dataclass
class Seat:
    label: str = ""                     # the name shown: the student's, or "Bot 2"
    student: Optional[str] = None       # the student sitting here (kept while away)
    bot: Optional[str] = None           # the bot kind playing this seat now
    away_since: Optional[float] = None  # when the student's last page closed
    took_over: bool = False             # a bot plays for a student who left
    name: str = ""                      # the player's name in the game (from the start)

    @property
    def person(self) -> bool:
        return self.student is not None and self.bot is None


@dataclass
class Outcome:
    """A seat's last attempt: the events it caused, or the refusal (shown to that seat only)."""

    ok: bool
    text: dict[str, str] = field(default_factory=dict)
    rule: Optional[str] = None


class Driver:
    """The game of a table and the bots playing some of its seats (no widgets, no I/O)."""

    def __init__(self, game: Game, bots: dict[str, Any]):
        self.game = game
        self.bots = bots

    def run_bots(self) -> None:
        """Let the bots act until a person must decide or the game ends (as at a table with bots)."""
        bots_answer(self.game, self.bots, MAX_BOT_ACTIONS)


class TableError(ValueError):
    """A request about a table that cannot be granted; ``key`` names its words (``words.TEXT``)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


class Table:
    """One table: its game, its seats and who sits there."""

    def __init__(self, tid: int, game: str, seats: int, bot_kind: str = "random", options: Optional[dict] = None,
                 created_by: Optional[str] = None, takeover_after: Optional[float] = 120.0):
        rs = get_ruleset(game)
        opts = dict(options or {})
        allowed = rs.player_counts(opts)
        if seats not in allowed:
            raise ValueError(f"{rs.title['en']} is played by {', '.join(map(str, allowed))} players, not {seats}")
        if bot_kind not in TABLE_BOTS:
            raise ValueError(f"bots at a class table are {', '.join(TABLE_BOTS)}, not {bot_kind!r}")
        self.id = tid
        self.game_name = game
        self.ruleset = rs
        rs.check_options(opts)  # a wrong option is refused here, with the engine's own words
        self.options = opts
        self.seats = [Seat() for _ in range(seats)]
        self.bot_kind = bot_kind
        self.created_by = created_by
        self.takeover_after = takeover_after
        self.driver: Optional[Driver] = None
        self.last: dict[str, Outcome] = {}
        self.reviews: dict[str, dict[str, str]] = {}
        self.version = 0
        self.created = time.time()
        self.created_seed = 0

    # -- reading -----------------------------------------------------------------------------
    @property
    def status(self) -> str:
        if self.driver is None:
            return "open"
        return "over" if self.driver.game.is_over() else "playing"

    @property
    def game(self) -> Optional[Game]:
        return self.driver.game if self.driver else None

    def seat_of(self, student: str) -> Optional[Seat]:
        return next((s for s in self.seats if s.student == student), None)

    def people(self) -> list[str]:
        return [s.student for s in self.seats if s.student is not None]

    def changed(self) -> None:
        self.version += 1

    # -- seating ------------------------------------------------------------------------------
    def sit(self, student: str, label: str, index: Optional[int] = None) -> Seat:
        """Sit ``student`` down (at seat ``index``, or the first free one) before the start."""
        if self.seat_of(student) is not None:
            return self.seat_of(student)  # type: ignore[return-value]
        if self.driver is not None:
            raise TableError("not_now")
        free = [i for i, s in enumerate(self.seats) if s.student is None]
        if not free:
            raise TableError("table_full")
        if index is not None and index not in free:
            raise TableError("seat_taken")
        seat = self.seats[free[0] if index is None else index]
        seat.student, seat.label, seat.away_since = student, label, None
        self.changed()
        return seat

    def stand(self, student: str) -> None:
        """``student`` leaves: before the start the seat is free again; during the game a bot
        plays it from now on; after the end the student just goes."""
        seat = self.seat_of(student)
        if seat is None:
            return
        if self.driver is None:
            self.seats[self.seats.index(seat)] = Seat()
        elif self.status == "playing":
            self._bot_takes(seat)
            seat.student = None
            self.driver.run_bots()  # the game may have been waiting for this seat
        else:
            seat.student = None
        self.changed()

    def away(self, student: str, now: float) -> None:
        seat = self.seat_of(student)
        if seat is not None and seat.away_since is None:
            seat.away_since = now
            self.changed()

    def back(self, student: str) -> None:
        """``student`` has a page open again: the seat is theirs again (a bot that took it over leaves)."""
        seat = self.seat_of(student)
        if seat is None:
            return
        if seat.away_since is not None or seat.took_over:
            seat.away_since = None
            if seat.took_over and self.driver is not None and self.status == "playing":
                self.driver.bots.pop(seat.name, None)
                seat.bot, seat.took_over = None, False
            self.changed()

    def expire(self, now: float) -> bool:
        """Let a bot take the seats of students away longer than ``takeover_after`` seconds."""
        if self.takeover_after is None or self.status != "playing":
            return False
        moved = False
        for seat in self.seats:
            if seat.person and seat.away_since is not None and now - seat.away_since >= self.takeover_after:
                self._bot_takes(seat)
                moved = True
        if moved:
            self.driver.run_bots()  # type: ignore[union-attr]
            self.changed()
        return moved

    def _bot_takes(self, seat: Seat) -> None:
        assert self.driver is not None
        bot = make_bot(self.bot_kind, self.created_seed + self.seats.index(seat))
        bot.reset()
        self.driver.bots[seat.name] = bot
        seat.bot, seat.took_over = self.bot_kind, True

    def start(self, seed: int) -> None:
        """Deal (from ``seed``, which never leaves the hub) and let the bots open the game."""
        if self.driver is not None:
            raise TableError("not_now")
        if not any(s.student for s in self.seats):
            raise TableError("need_person")
        taken: list[str] = []
        k = 0
        for seat in self.seats:
            if seat.student is None:
                k += 1
                seat.label, seat.bot = f"Bot{k}", self.bot_kind
            seat.name = player_name(seat.label, taken)
            taken.append(seat.name)
        self.created_seed = seed
        game = new_game(self.game_name, taken, seed, **self.options)
        bots = {}
        for i, seat in enumerate(self.seats):
            if seat.bot is not None:
                bot = make_bot(seat.bot, seed * 10 + i)
                bot.reset()
                bots[seat.name] = bot
        self.driver = Driver(game, bots)
        self.driver.run_bots()
        self.changed()

    # -- acting ---------------------------------------------------------------------------------
    def _mine(self, student: str) -> Seat:
        seat = self.seat_of(student)
        if seat is None or self.driver is None or not seat.person:
            raise TableError("not_now")
        return seat

    def legal(self, name: str) -> list[Action]:
        g = self.game
        if g is None or g.is_over():
            return []
        return [a for a in g.legal_actions(name) if a.player == name]

    def act(self, student: str, index: Any, rev: Any) -> Outcome:
        """Play the ``index``-th action of the list the student's seat was sent (``rev`` its digest)."""
        seat = self._mine(student)
        acts = self.legal(seat.name)
        if rev != digest([str(a) for a in acts]) or not isinstance(index, int) or not 0 <= index < len(acts):
            raise TableError("not_now")
        return self._play(seat, acts[index])

    def offer(self, student: str, partner: Any, give: Any, get: Any, from_up: Any = False) -> Outcome:
        """An offer built in the seat's trade form: ``give`` numbers of its "you give" list,
        ``get`` ``{bean: count}``; the rules judge it like any other move."""
        seat = self._mine(student)
        g = self.game
        assert g is not None
        form = self.trade_form(seat.name)
        if form is None or partner not in form["partners"] or not isinstance(give, list) or not isinstance(get, dict):
            raise TableError("not_now")
        refs = form["refs"]
        if any(not isinstance(k, int) or not 0 <= k < len(refs) for k in give) or len(set(give)) != len(give):
            raise TableError("not_now")
        beans = set(form["beans"])
        wants = []
        for bean, n in get.items():
            if bean not in beans or not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 9:
                raise TableError("not_now")
            if n:
                body = f"up:{bean}" if from_up is True else bean
                wants.append(f"{n} {body}" if n != 1 else body)
        text = f"{seat.name} offer {partner} {' '.join(refs[k] for k in give)} for {' '.join(wants) or 'nothing'}"
        try:
            action = g.ruleset.parse(text)
        except BeannbError:
            raise TableError("not_now") from None
        return self._play(seat, action)

    def _play(self, seat: Seat, action: Action) -> Outcome:
        assert self.driver is not None
        g = self.driver.game
        try:
            events = g.play(action)
        except BeannbError as exc:
            out = Outcome(False, {lang: exc.text(lang) for lang in LANGS},
                          exc.rule if isinstance(exc, IllegalAction) else None)
        else:
            out = Outcome(True, {lang: " ".join(e.text(lang) for e in events) for lang in LANGS})
            self.driver.run_bots()
        self.last[seat.name] = out  # each seat keeps the word on its own last attempt
        self.changed()
        return out

    # -- what a seat's page shows -----------------------------------------------------------------
    def trade_form(self, name: str) -> Optional[dict[str, Any]]:
        """What ``name`` may offer now, from its own observation: partners, its giveable cards
        (hand cards; face-up ones for the active player) and the beans it may ask for."""
        g = self.game
        if g is None or g.is_over():
            return None
        partners = g.legal_actions(name).offer_partners.get(name, ())
        if not partners:
            return None
        obs = g.observe(name)
        me = next(p for p in obs["players"] if p["name"] == name)
        active = obs.get("active") == name
        refs, cards = [], []
        for i, b in enumerate(me.get("hand") or [], 1):
            refs.append(f"{b}@{i}")
            cards.append((b, "hand", i, f"hand:{name}:{i}"))
        if active:
            for i, b in enumerate(obs.get("faceup") or [], 1):
                refs.append(f"up:{b}")
                cards.append((b, "up", i, f"faceup:{i}"))
        beans = list(g.ruleset.profile(g.state).beans)
        return {"partners": list(partners), "refs": refs, "cards": cards, "beans": beans, "active": active}

    def seat_view(self, name: Optional[str], lang: str, *, viewer_acts: bool = True) -> dict[str, Any]:
        """The table as ``name``'s page shows it (None: the whole table, for the teacher),
        with that seat's actions when ``viewer_acts`` (a person sits there and it is their page)."""
        lang = lang_of(lang)
        g = self.game
        out: dict[str, Any] = {"id": self.id, "game": self.game_name, "title": self.ruleset.title.get(lang, self.game_name),
                               "status": self.status, "seat": name, "v": self.version}
        if g is None:
            return out
        out["names"] = list(g.players)
        rs = g.ruleset
        obs = g.observe(name)
        obs.lang = lang
        acts = self.legal(name) if (name is not None and viewer_acts) else []
        texts = [str(a) for a in acts]
        amodel = models.actions_model(acts, obs, rs, lang)
        amodel["rev"] = digest(texts)
        last = self.last.get(name) if name is not None else None
        msg = ""
        if last is not None and last.text.get(lang):
            kind = "beannb-message" if last.ok else "beannb-refusal"
            badge = f'<b class="beannb-rule">{escape(last.rule)}</b> ' if last.rule else ""
            msg = f'<div class="{kind}">{badge}{escape(last.text[lang])}</div>'
        out["touch"] = {
            "table": models.table_model(obs, lang), "actions": amodel, "map": models.map_of(obs, lang),
            "cards": _cards(self.game_name, lang), "words": _labels(lang),
            "msg": {"html": msg, "log": self._log(lang)}, "pick": {},
        }
        groups: dict[str, list] = {}
        first: dict[str, str] = {}
        for i, a in enumerate(acts):
            heading = rs.group_label(a.VERB, lang)
            # [index, label, verb, tooltip]: the tooltip is the move as a sentence for this seat.
            groups.setdefault(heading, []).append([i, rs.action_label(a, lang), a.VERB, rs.describe(a, lang, obs)])
            first.setdefault(heading, a.VERB)
        order = sorted(groups, key=lambda h: rs.view.VIEW.group_rank(first[h]))
        out["buttons"] = [[h, groups[h]] for h in order]
        out["rev"] = amodel["rev"]
        form = self.trade_form(name) if (name is not None and viewer_acts) else None
        if form is not None:
            name_of = rs.view.VIEW.cards.name
            out["trade"] = {
                "partners": form["partners"],
                "give": [[k, f"{name_of(b, lang)} ({w('from_up', lang) if zone == 'up' else _hand_word(pos, lang)})", key]
                         for k, (b, zone, pos, key) in enumerate(form["cards"])],
                "beans": [[b, name_of(b, lang)] for b in form["beans"]],
                "up": form["active"],
            }
        out["to_move"] = list(g.to_move) if not g.is_over() else []
        if g.is_over():
            out["scores"] = dict(g.scores or {})
            out["winners"] = list(g.winners or [])
        review = self.reviews.get(name) if name is not None else None
        if review:
            out["review"] = review.get(lang) or review.get("en")
        return out

    def _log(self, lang: str) -> str:
        """The log's last lines, made once per change of the table and language."""
        key = (self.version, lang)
        if self._log_cache[0] != key:
            self._log_cache = (key, log_html(self.game, lang))  # type: ignore[arg-type]
        return self._log_cache[1]

    _log_cache: tuple = (None, "")

    def summary(self, lang: str, student: Optional[str] = None, online: Optional[set] = None) -> dict[str, Any]:
        """The table in the list of tables: game, seats and who sits there."""
        lang = lang_of(lang)
        seats = []
        for i, s in enumerate(self.seats):
            if s.student is None and s.bot is None:
                who = "free"
            elif s.bot is not None and not s.took_over:
                who = "bot"
            elif s.student == student:
                who = "you"
            elif s.took_over:
                who = "took_over"
            elif s.away_since is not None or (online is not None and s.student not in online):
                who = "away"
            else:
                who = "person"
            seats.append([i, s.label or "", who])
        return {"id": self.id, "game": self.game_name, "title": self.ruleset.title.get(lang, self.game_name),
                "status": self.status, "seats": seats, "mine": student is not None and self.seat_of(student) is not None,
                "creator": student is not None and student == self.created_by}


@lru_cache(maxsize=None)
def _cards(game: str, lang: str) -> dict:
    return models.card_table(game, lang)


@lru_cache(maxsize=None)
def _labels(lang: str) -> dict:
    return models.labels(lang)


def _hand_word(pos: int, lang: str) -> str:
    return models.ui_words(lang)["hand_n"].format(n=pos)


def log_html(g: Game, lang: str) -> str:
    """The last lines of the game's narration (public events only), newest last."""
    lines = g.narration(lang, last=LOG_LINES)
    if not lines:
        return ""
    total = g.log_size()
    items = "".join(f"<li>{escape(x)}</li>" for x in lines)
    return (f"<div class='beannb-log'><div><b>{escape(w('log', lang))}</b>"
            f"<ol start='{max(1, total - len(lines) + 1)}'>{items}</ol></div></div>")
