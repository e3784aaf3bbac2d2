"""The class hub: the one authoritative state of a class, in the serving process.

Who is here (the teacher, students by name), the lessons (:class:`~.shelf.Shelf`), the
lesson the teacher leads and the step it is at, every answer given to its questions,
each student's progress, and the tables of people (:class:`~.tables.Table`). No I/O and
no server here: pages are :class:`Client` objects with a ``send`` function, and what
arrives from a page is a JSON text handed to :meth:`ClassHub.receive`. The transport
(:mod:`.handlers`: a websocket in the Voila server) only connects the two.

A page is sent *parts* (its words, who it is, the lesson list, the step it shows, the
tables, its table ...), each a JSON value built for that page's reader alone: a student's
parts hold that student's answers and that seat's observation, never another's. After
each change the hub works out which parts of which pages it touched (*topics*) and sends
each page only the parts whose value changed.
"""
from __future__ import annotations

import csv
import io
import json
import logging
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

from ..games import available, get_ruleset
from .lessonview import answer_only, feedback, frame_view, picked_choices
from .hubenv import NAME_RE
from .settings import SEAT_GRACE_S, new_token
from .shelf import Lesson, Shelf
from .tables import TABLE_BOTS, Table, TableError
from .words import LANGS, lang_of, page_words, w

log = logging.getLogger(__name__)

#: Largest message a page may send (a click, an answer or an offer is far smaller).
MAX_MESSAGE_CHARS = 16_000
#: Most tables one class holds at once.
MAX_TABLES = 64


def clean_name(text: Any) -> Optional[str]:
    """A student's name as typed, tidied (spaces folded, NFC), or None when it is not a name."""
    if not isinstance(text, str):
        return None
    name = " ".join(unicodedata.normalize("NFC", text).split())
    return name if NAME_RE.match(name) else None


@dataclass
class Student:
    id: str
    name: str
    lang: str = "en"
    follow: bool = True
    own: Optional[tuple[str, int, int]] = None          # the lesson stepped alone: (key, line, step)
    own_answers: dict[tuple, tuple[list[int], bool]] = field(default_factory=dict)
    pages: int = 0


@dataclass
class Progress:
    answered: set[str] = field(default_factory=set)
    right: set[str] = field(default_factory=set)
    lessons: set[str] = field(default_factory=set)


@dataclass
class Lead:
    """The lesson the teacher leads: where it is, and the answers its questions got."""

    key: str
    line: int = 0
    i: int = 0
    revealed: set[int] = field(default_factory=set)
    answers: dict[int, dict[str, list[int]]] = field(default_factory=dict)   # step -> student -> choices


class Client:
    """One open page. ``role`` is "student" (with ``student``, the student's id) or "teacher"."""

    def __init__(self, role: str, send: Callable[[str], None], student: Optional[str] = None, lang: str = "en"):
        self.role = role
        self.student = student
        self.lang = lang_of(lang)
        self.send_text = send
        self.sent: dict[str, Any] = {}
        self.watch: Optional[tuple[int, Optional[str]]] = None    # the teacher watching a table (id, seat)
        self.notice: Optional[str] = None
        self.closed = False

    @property
    def teacher(self) -> bool:
        return self.role == "teacher"


class ClassHub:
    """One class. ``defer(work, done)`` runs slow work (a game review) away from the pages'
    messages and calls ``done(result)`` back on the hub's thread; by default at once."""

    def __init__(self, shelf: Shelf, *, class_link: str = "", grace: Optional[float] = SEAT_GRACE_S,
                 defer: Optional[Callable[[Callable[[], Any], Callable[[Any], None]], None]] = None,
                 save_dir: Any = None, clock: Callable[[], float] = time.time):
        self.shelf = shelf
        self.class_link = class_link
        self.grace = grace
        self.defer = defer or (lambda work, done: done(work()))
        self.save_dir = save_dir
        self.clock = clock
        self.students: dict[str, Student] = {}
        self.progress: dict[str, dict[str, Progress]] = {}
        self.clients: list[Client] = []
        self.lead: Optional[Lead] = None
        self.names = False       # the tally shows who chose what
        self.key = False         # the teacher sees the right answer before revealing it
        self.tables: dict[int, Table] = {}
        self.next_table = 1
        self._frames: dict[tuple, dict] = {}
        self._table_views: dict[tuple, dict] = {}
        self._dirty: set[str] = set()
        self.saved: dict[int, str] = {}   # table -> the lesson its game was saved as

    # -- students --------------------------------------------------------------------------------
    def join(self, name: Any, sid: Optional[str] = None, lang: str = "en") -> Student:
        """A student with this name (a new one, or ``sid`` again after a reload or a restart)."""
        clean = clean_name(name)
        if clean is None:
            raise ValueError(w("bad_name", lang))
        if sid is not None and sid in self.students:
            st = self.students[sid]
            if st.name != clean:
                st.name = clean
                self.touch("students", "board", "tables")
            return st
        st = Student(sid or new_token(), clean, lang_of(lang))
        self.students[st.id] = st
        self.touch("students", "board")
        return st

    def connect(self, client: Client) -> None:
        self.clients.append(client)
        if client.student is not None:
            st = self.students[client.student]
            st.pages += 1
            st.lang = client.lang
            for t in self.tables.values():
                t.back(st.id)
            self.touch("students", "tables", *self._table_topics(st.id))
        self.refresh([client])
        self.flush()

    def disconnect(self, client: Client) -> None:
        client.closed = True
        if client in self.clients:
            self.clients.remove(client)
        if client.student is not None and client.student in self.students:
            st = self.students[client.student]
            st.pages = max(0, st.pages - 1)
            if st.pages == 0:
                now = self.clock()
                for t in self.tables.values():
                    t.away(st.id, now)
                self.touch("students", "tables", *self._table_topics(st.id))
        self.flush()

    def _table_topics(self, sid: str) -> list[str]:
        return [f"table:{t.id}" for t in self.tables.values() if t.seat_of(sid) is not None]

    def online(self) -> set[str]:
        return {sid for sid, st in self.students.items() if st.pages > 0}

    # -- what pages send ---------------------------------------------------------------------------
    def receive(self, client: Client, text: Any) -> None:
        """One message from a page. Anything malformed is answered with a short notice (no
        traceback, nothing else changes); a student's page can never do the teacher's part."""
        try:
            if not isinstance(text, str) or len(text) > MAX_MESSAGE_CHARS:
                raise ValueError
            msg = json.loads(text)
            if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
                raise ValueError
            handler = getattr(self, "on_" + msg["t"].replace(".", "_").replace("-", "_"), None)
            if handler is None or getattr(handler, "teacher_only", False) and not client.teacher:
                self._refuse(client, "teacher_only" if handler is not None else "bad_message")
            else:
                handler(client, msg)
        except TableError as exc:
            self._refuse(client, exc.key)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            self._refuse(client, "bad_message")
        except Exception:  # a fault of ours: logged with its traceback for us, never sent to the page
            log.exception("the class hub could not handle a %s page's message", client.role)
            self._refuse(client, "bad_message")
        self.flush()

    def _refuse(self, client: Client, key: str) -> None:
        client.notice = key
        self.refresh([client], ["notice"])

    def _student(self, client: Client) -> Student:
        if client.student is None:
            raise ValueError("not a student's page")
        return self.students[client.student]

    def on_lang(self, client: Client, msg: dict) -> None:
        lang = msg.get("lang")
        if lang not in LANGS:
            raise ValueError(lang)
        client.lang = lang
        if client.student is not None:
            self.students[client.student].lang = lang
        self.refresh([client])

    on_hello = on_lang  # a page's first message: its language

    def on_follow(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        st.follow = bool(msg.get("on"))
        self.touch(f"view:{st.id}", f"me:{st.id}", "tally", "students")

    def on_open(self, client: Client, msg: dict) -> None:
        """A student opens a lesson to step through alone (``line``: a variant). A class
        link's lesson (``keep``) that the teacher is leading just keeps the student following."""
        st = self._student(client)
        les = self.shelf.get(str(msg.get("key", "")))
        if les is None:
            raise TableError("unknown_lesson")
        if msg.get("keep") and st.follow and self.lead is not None and self.lead.key == les.key:
            return
        line = msg.get("line", 0)
        if not isinstance(line, int) or not 0 <= line < len(les.lines()):
            raise ValueError(line)
        st.own = (les.key, line, 0)
        st.follow = False
        self._own_done(st, les)
        self.touch(f"view:{st.id}", f"me:{st.id}", "tally", "students")

    def on_close(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        st.own = None
        self.touch(f"view:{st.id}", f"me:{st.id}")

    def on_go(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        i = msg.get("i")
        if st.own is None or not isinstance(i, int):
            raise ValueError(i)
        les = self.shelf.get(st.own[0])
        if les is None:
            st.own = None
        else:
            walk = les.walkthrough(st.own[1])
            st.own = (st.own[0], st.own[1], max(0, min(len(walk) - 1, i)))
            self._own_done(st, les)
        self.touch(f"view:{st.id}")

    def _own_done(self, st: Student, les: Lesson) -> None:
        key, line, i = st.own  # type: ignore[misc]
        if i == len(les.walkthrough(line)) - 1:
            self._progress(st.id, les.game).lessons.add(les.key)
            self.touch("board")

    @staticmethod
    def _picked(ex: Any, sent: Any) -> list[int]:
        """The choices a page sent, checked; nothing chosen is no answer (the page is asked
        for one, nothing is counted)."""
        if sent == [] and ex.blank([]):
            raise TableError("pick_first")
        picked = picked_choices(ex, sent)
        if picked is None:
            raise ValueError(sent)
        return picked

    def on_answer(self, client: Client, msg: dict) -> None:
        """An answer to the question on the step the student's page shows (the teacher's
        step while following, else the student's own)."""
        st = self._student(client)
        lead = self.lead if st.follow else None
        at = (lead.key, lead.line, lead.i) if lead is not None else st.own
        les = self.shelf.get(at[0]) if at is not None else None
        frame = les.walkthrough(at[1])[at[2]] if les and at else None
        if frame is None or frame.exercise is None or lead is not None and lead.i in lead.revealed:
            raise TableError("not_now")
        picked = self._picked(frame.exercise, msg.get("picked"))
        if lead is not None:
            lead.answers.setdefault(lead.i, {})[st.id] = picked
            self.touch(f"view:{st.id}", "tally")
            return
        key, line, i = at  # type: ignore[misc]
        fb = feedback(frame, picked, "en")
        st.own_answers[(key, line, i)] = (picked, fb["ok"])
        self._record(st.id, les.game, f"{key}#{line}#{i}", fb["ok"])  # type: ignore[union-attr]
        self.touch(f"view:{st.id}")

    def _progress(self, sid: str, game: str) -> Progress:
        return self.progress.setdefault(sid, {}).setdefault(game, Progress())

    def _record(self, sid: str, game: str, exercise: str, ok: bool) -> None:
        p = self._progress(sid, game)
        p.answered.add(exercise)
        (p.right.add if ok else p.right.discard)(exercise)
        self.touch("board")

    # -- the teacher leads ----------------------------------------------------------------------------
    def on_lead(self, client: Client, msg: dict) -> None:
        les = self.shelf.get(str(msg.get("key", "")))
        if les is None:
            raise TableError("unknown_lesson")
        line = msg.get("line", 0)
        if not isinstance(line, int) or not 0 <= line < len(les.lines()):
            raise ValueError(line)
        self.lead = Lead(les.key, line)
        for st in self.students.values():
            st.follow = True  # the class is called to the teacher's lesson
        self._views_all("lead", "tally")
    on_lead.teacher_only = True  # type: ignore[attr-defined]

    def on_goto(self, client: Client, msg: dict) -> None:
        lead = self.lead
        i = msg.get("i")
        if lead is None or not isinstance(i, int):
            raise ValueError(i)
        les = self.shelf.get(lead.key)
        if les is None:
            self.lead = None
        else:
            walk = les.walkthrough(lead.line)
            lead.i = max(0, min(len(walk) - 1, i))
            if lead.i == len(walk) - 1:
                for st in self.students.values():
                    if st.follow and st.pages:
                        self._progress(st.id, les.game).lessons.add(les.key)
                self.touch("board")
        self._views_all("lead", "tally")
    on_goto.teacher_only = True  # type: ignore[attr-defined]

    def on_reveal(self, client: Client, msg: dict) -> None:
        """Show the class the answer to the question on the teacher's step; every answer
        given to it counts on the progress board from now on."""
        lead = self.lead
        if lead is None:
            raise TableError("not_now")
        les = self.shelf.get(lead.key)
        frame = les.walkthrough(lead.line)[lead.i] if les else None
        if frame is None or frame.exercise is None:
            raise TableError("not_now")
        lead.revealed.add(lead.i)
        for sid, picked in lead.answers.get(lead.i, {}).items():
            self._record(sid, les.game, f"{lead.key}#{lead.line}#{lead.i}", feedback(frame, picked, "en")["ok"])  # type: ignore[union-attr]
        self._views_all("lead", "tally")
    on_reveal.teacher_only = True  # type: ignore[attr-defined]

    def on_stop(self, client: Client, msg: dict) -> None:
        self.lead = None
        self._views_all("lead", "tally")
    on_stop.teacher_only = True  # type: ignore[attr-defined]

    def on_names(self, client: Client, msg: dict) -> None:
        self.names = bool(msg.get("on"))
        self.touch("tally")
    on_names.teacher_only = True  # type: ignore[attr-defined]

    def on_key(self, client: Client, msg: dict) -> None:
        self.key = bool(msg.get("on"))
        self.touch("tally", "lead")
    on_key.teacher_only = True  # type: ignore[attr-defined]

    def _views_all(self, *topics: str) -> None:
        self.touch(*topics, *(f"view:{sid}" for sid in self.students), *(f"me:{sid}" for sid in self.students))

    # -- tables -------------------------------------------------------------------------------------
    def _table(self, msg: dict) -> Table:
        tid = msg.get("id")
        if not isinstance(tid, int) or tid not in self.tables:
            raise TableError("not_now")
        return self.tables[tid]

    def _seated(self, sid: str) -> Optional[Table]:
        return next((t for t in self.tables.values() if t.seat_of(sid) is not None and t.status != "over"), None)

    def on_table_new(self, client: Client, msg: dict) -> None:
        game = msg.get("game")
        if game not in available():
            raise ValueError(game)
        seats, bots = msg.get("seats"), msg.get("bots", "random")
        options = {}
        if msg.get("profile"):
            options["profile"] = str(msg["profile"])
        if len(self.tables) >= MAX_TABLES:
            raise TableError("not_now")
        sid = client.student
        if sid is not None and self._seated(sid) is not None:
            raise TableError("one_table")
        if not isinstance(seats, int) or bots not in TABLE_BOTS:
            raise ValueError(seats)
        t = Table(self.next_table, str(game), seats, str(bots), options, created_by=sid, takeover_after=self.grace)
        self.next_table += 1
        self.tables[t.id] = t
        if sid is not None:
            self._leave_finished(sid)
            t.sit(sid, self.students[sid].name)
        elif client.teacher:
            client.watch = (t.id, None)
        self.touch("tables", f"table:{t.id}", *( [f"me:{sid}"] if sid else []), "students")

    def _leave_finished(self, sid: str) -> None:
        for t in self.tables.values():
            if t.status == "over" and t.seat_of(sid) is not None:
                t.seat_of(sid).student = None  # type: ignore[union-attr]
                t.changed()

    def on_table_join(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        t = self._table(msg)
        if t.seat_of(st.id) is None and self._seated(st.id) is not None:
            raise TableError("one_table")
        seat = msg.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(seat)
        self._leave_finished(st.id)
        t.sit(st.id, st.name, seat)
        self.touch("tables", f"table:{t.id}", f"me:{st.id}", "students")

    def on_table_leave(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        for t in list(self.tables.values()):
            if t.seat_of(st.id) is not None:
                t.stand(st.id)
                self.touch(f"table:{t.id}")
        self.touch("tables", f"me:{st.id}", "students", "table:none")   # the page's table part: gone

    def on_table_start(self, client: Client, msg: dict) -> None:
        t = self._table(msg)
        if not client.teacher and client.student != t.created_by and t.seat_of(client.student or "") is None:
            raise TableError("only_creator")
        t.start(secrets.randbits(31))
        self.touch("tables", f"table:{t.id}")

    def on_table_close(self, client: Client, msg: dict) -> None:
        t = self._table(msg)
        del self.tables[t.id]
        for c in self.clients:
            if c.watch and c.watch[0] == t.id:
                c.watch = None
        self.touch("tables", f"table:{t.id}", "table:none", "students", *(f"me:{sid}" for sid in t.people()))
    on_table_close.teacher_only = True  # type: ignore[attr-defined]

    def on_act(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        t = self._table(msg)
        t.act(st.id, msg.get("i"), msg.get("r"))
        self._played(t)

    def on_offer(self, client: Client, msg: dict) -> None:
        st = self._student(client)
        t = self._table(msg)
        t.offer(st.id, msg.get("partner"), msg.get("give"), msg.get("get"), msg.get("up", False))
        self._played(t)

    def _played(self, t: Table) -> None:
        self.touch(f"table:{t.id}")
        if t.status == "over":
            self.touch("tables")

    def on_watch(self, client: Client, msg: dict) -> None:
        if msg.get("id") is None:
            client.watch = None
        else:
            t = self._table(msg)
            seat = msg.get("seat")
            if seat is not None and (t.game is None or seat not in t.game.players):
                raise ValueError(seat)
            client.watch = (t.id, seat)
        self.refresh([client], ["table"])
    on_watch.teacher_only = True  # type: ignore[attr-defined]

    def on_review(self, client: Client, msg: dict) -> None:
        """The moves of a finished game's seat that cost the most (the student's own seat;
        the teacher: any seat)."""
        t = self._table(msg)
        if t.status != "over" or t.game is None:
            raise TableError("not_now")
        if client.teacher:
            name = msg.get("seat")
            if name not in t.game.players:
                raise ValueError(name)
        else:
            seat = t.seat_of(client.student or "")
            if seat is None:
                raise TableError("not_now")
            name = seat.name
        if name in t.reviews:
            return
        t.reviews[name] = {lang: w("reviewing", lang) for lang in LANGS}
        t.changed()
        self.touch(f"table:{t.id}")
        game = t.game.copy()

        def work() -> dict[str, str]:
            r = game.review(name, iterations=24)
            return {lang: r.text(lang) for lang in LANGS}

        def done(texts: dict[str, str]) -> None:
            t.reviews[name] = texts
            t.changed()
            self.touch(f"table:{t.id}")
            self.flush()

        self.defer(work, done)

    def on_save(self, client: Client, msg: dict) -> None:
        """Save a finished table's game as a lesson in the class's folder, where it appears
        in the lesson list at once."""
        from pathlib import Path

        t = self._table(msg)
        if not self.save_dir:
            raise TableError("not_now")
        name, text = self.lesson_of_table(t.id)
        path = Path(self.save_dir) / name
        path.write_text(text, encoding="utf-8")
        self.saved[t.id] = path.stem
        self.tick()
        client.notice = None
        self.touch(f"table:{t.id}")
    on_save.teacher_only = True  # type: ignore[attr-defined]

    def lesson_of_table(self, tid: int) -> tuple[str, str]:
        """A finished table's game as a lesson file: (file name, YAML text)."""
        from ..scenarios import lesson_from_game, lesson_text

        t = self.tables[tid]
        if t.game is None or t.status != "over":
            raise TableError("not_now")
        title = {lg: f"{t.ruleset.title.get(lg, t.game_name)} — " + ", ".join(t.game.players) for lg in LANGS}
        sc = lesson_from_game(t.game, title["en"], titles=title)
        stamp = time.strftime("%Y%m%d-%H%M", time.localtime(t.created))
        return f"table{t.id}_{t.game_name}_{stamp}.yaml", lesson_text(sc)

    # -- parts --------------------------------------------------------------------------------------
    def touch(self, *topics: str) -> None:
        self._dirty.update(topics)

    def flush(self) -> None:
        """Send every page the parts the last changes touched."""
        dirty, self._dirty = self._dirty, set()
        if not dirty:
            return
        for c in list(self.clients):
            names = [p for p, topic in self.topics(c).items() if topic in dirty]
            if names:
                self.refresh([c], names)

    def topics(self, c: Client) -> dict[str, str]:
        """Each part of page ``c`` and the topic whose change redraws it."""
        out = {"me": f"me:{c.student}" if c.student else "me:teacher", "lessons": "lessons", "tables": "tables",
               "games": "games", "bots": "games"}
        if c.teacher:
            out.update({"lead": "lead", "tally": "tally", "students": "students", "board": "board",
                        "table": f"table:{c.watch[0]}" if c.watch else "table:none"})
        else:
            sid = c.student
            t = next((t for t in self.tables.values() if t.seat_of(sid) is not None), None)  # type: ignore[arg-type]
            out.update({"view": f"view:{sid}", "table": f"table:{t.id}" if t else "table:none"})
        return out

    def refresh(self, clients: Iterable[Client], names: Optional[Iterable[str]] = None) -> None:
        """Work out the parts ``names`` (default: all) of each page and send what changed."""
        for c in clients:
            if c.closed:
                continue
            wanted = list(names) if names is not None else ["words", "notice", *self.topics(c)]
            parts: dict[str, Any] = {}
            for name in wanted:
                value = getattr(self, "part_" + name)(c)
                last = c.sent.get(name, self)
                if value is last or value == last:
                    continue
                c.sent[name] = value
                parts[name] = value
            if parts:
                c.send_text(json.dumps({"t": "parts", "parts": parts}, ensure_ascii=False, separators=(",", ":")))

    def part_words(self, c: Client) -> dict:
        return page_words(c.lang)

    def part_notice(self, c: Client) -> Optional[str]:
        key, c.notice = c.notice, None
        return w(key, c.lang) if key else None

    def part_me(self, c: Client) -> dict:
        lead = self.lead
        les = self.shelf.get(lead.key) if lead else None
        me: dict[str, Any] = {"role": c.role, "lang": c.lang, "leading": les.title(c.lang) if les else None}
        if c.teacher:
            me["link"] = self.class_link
        if c.student is not None:
            st = self.students[c.student]
            t = self._seated(st.id) or next((t for t in self.tables.values() if t.seat_of(st.id)), None)
            me.update({"name": st.name, "follow": st.follow, "table": t.id if t else None})
        return me

    def part_lessons(self, c: Client) -> list:
        """The lessons by game, titled in the reader's language (broken ones: the teacher only)."""
        groups: dict[str, list] = {}
        for les in self.shelf.lessons(with_broken=c.teacher):
            item = [les.key, les.title(c.lang), les.kind]
            if not les.ok:
                item.append(les.error)
            groups.setdefault(les.game or "?", []).append(item)
        out = []
        for game in [g for g in available() if g in groups] + [g for g in groups if g not in available()]:
            title = get_ruleset(game).title.get(c.lang, game) if game in available() else game
            out.append([game, title, groups[game]])
        return out

    def _frame(self, les: Lesson, line: int, i: int, lang: str) -> dict:
        k = (les.key, les.stamp, line, i, lang)
        view = self._frames.get(k)
        if view is None:
            if len(self._frames) > 4000:
                self._frames.clear()
            view = frame_view(les.walkthrough(line, lang), i, lang, title=les.title(lang), lines=les.line_titles(lang),
                              line=line)
            view["key"] = les.key
            self._frames[k] = view
        return view

    def part_view(self, c: Client) -> dict:
        """What a student's lesson pane shows: the teacher's step while following, else the
        lesson the student steps through alone, with the student's own answer."""
        st = self.students[c.student]  # type: ignore[index]
        lead = self.lead
        if st.follow and lead is not None and self.shelf.get(lead.key) is not None:
            les = self.shelf.get(lead.key)
            frame = self._frame(les, lead.line, lead.i, c.lang)  # type: ignore[arg-type]
            mine = lead.answers.get(lead.i, {}).get(st.id)
            revealed = lead.i in lead.revealed
            fb = None
            if revealed and frame["exercise"] is not None:
                walk_frame = les.walkthrough(lead.line, c.lang)[lead.i]  # type: ignore[union-attr]
                fb = feedback(walk_frame, mine, c.lang) if mine is not None else answer_only(walk_frame, c.lang)
            return self._with_answer({**frame, "mode": "follow"}, mine, fb, revealed)
        if st.own is not None and self.shelf.get(st.own[0]) is not None:
            key, line, i = st.own
            les = self.shelf.get(key)
            frame = self._frame(les, line, i, c.lang)  # type: ignore[arg-type]
            given = st.own_answers.get((key, line, i))
            fb = feedback(les.walkthrough(line, c.lang)[i], given[0], c.lang) if given else None  # type: ignore[union-attr]
            return self._with_answer({**frame, "mode": "self"}, given[0] if given else None, fb, fb is not None)
        return {"mode": "wait" if st.follow else "none"}

    @staticmethod
    def _with_answer(view: dict, mine: Optional[list[int]], fb: Optional[dict], shown: bool) -> dict:
        if view.get("exercise") is not None and not shown:
            view["rules"] = []
            view["rules_after"] = True
        view["mine"] = mine
        view["feedback"] = fb
        return view

    def part_lead(self, c: Client) -> Optional[dict]:
        lead = self.lead
        les = self.shelf.get(lead.key) if lead else None
        if lead is None or les is None:
            return None
        revealed = lead.i in lead.revealed
        view = {**self._frame(les, lead.line, lead.i, c.lang), "revealed": revealed}
        if view["exercise"] is not None and not revealed and not self.key:
            view["rules"], view["rules_after"] = [], True  # the page may be on the projector
        return view

    def part_tally(self, c: Client) -> Optional[dict]:
        """How the class answers the teacher's question: counts per choice (names on the
        teacher's toggle), how many answered of how many follow, and the answer once shown."""
        lead = self.lead
        les = self.shelf.get(lead.key) if lead else None
        if lead is None or les is None:
            return None
        frame = les.walkthrough(lead.line)[lead.i]
        followers = [st for st in self.students.values() if st.follow and st.pages]
        if frame.exercise is None:
            return {"question": False, "followers": len(followers)}
        answers = lead.answers.get(lead.i, {})
        counts = [0] * len(frame.exercise.choices)
        who: list[list[str]] = [[] for _ in counts]
        for sid, picked in answers.items():
            for k in picked:
                counts[k] += 1
                who[k].append(self.students[sid].name if sid in self.students else "?")
        revealed = lead.i in lead.revealed
        out: dict[str, Any] = {"question": True, "counts": counts, "answered": len(answers),
                               "followers": len(followers), "revealed": revealed, "names": self.names,
                               "key": self.key}
        if self.names:
            out["who"] = [sorted(n) for n in who]
        if revealed or self.key:
            out["answer"] = [k for k, ch in enumerate(frame.exercise.choices) if ch in frame.exercise.answer]
            exact = [sid for sid, p in answers.items() if feedback(frame, p, "en")["ok"]]
            out["right"] = len(exact)
        return out

    def part_students(self, c: Client) -> list:
        out = []
        for st in sorted(self.students.values(), key=lambda s: (s.name.lower(), s.id)):
            t = self._seated(st.id)
            out.append([st.name, st.pages > 0, st.follow, t.id if t else None])
        return out

    def part_board(self, c: Client) -> dict:
        games = sorted({g for per in self.progress.values() for g in per})
        rows = []
        for st in sorted(self.students.values(), key=lambda s: (s.name.lower(), s.id)):
            per = self.progress.get(st.id, {})
            rows.append([st.name, st.pages > 0,
                         [[len(per[g].answered), len(per[g].right), len(per[g].lessons)] if g in per else None
                          for g in games]])
        titles = [get_ruleset(g).title.get(c.lang, g) for g in games]
        return {"games": titles, "rows": rows}

    def board_csv(self) -> str:
        """One row per student and game they worked on: exercises answered, right, lessons done, which."""
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["student", "game", "exercises_answered", "exercises_right", "lessons_done", "lessons"])
        for st in sorted(self.students.values(), key=lambda s: (s.name.lower(), s.id)):
            for game, p in sorted(self.progress.get(st.id, {}).items()):
                writer.writerow([st.name, game, len(p.answered), len(p.right), len(p.lessons),
                                 "; ".join(sorted(p.lessons))])
        return out.getvalue()

    def part_games(self, c: Client) -> list:
        """What a new table can be: each game, its editions and the seats each allows."""
        from ..games.bohnanza.overview import EDITION_WORDS

        out = []
        for game in available():
            rs = get_ruleset(game)
            opt = rs.OPTIONS.get("profile")
            choices = tuple(getattr(opt, "choices", None) or ()) if opt is not None else ()
            if len(choices) > 1:
                editions = [[p, _capital(EDITION_WORDS[p].text(c.lang) if p in EDITION_WORDS else p),
                             list(rs.player_counts({"profile": p}))] for p in choices]
            else:
                editions = [["", "", list(rs.player_counts())]]
            out.append([game, rs.title.get(c.lang, game), editions])
        return out

    def part_bots(self, c: Client) -> list:
        from ..i18n.ui import t

        return [[k, t("bot_" + k, c.lang)] for k in TABLE_BOTS]

    def part_tables(self, c: Client) -> list:
        online = self.online()
        return [t.summary(c.lang, c.student, online) for t in sorted(self.tables.values(), key=lambda t: t.id)]

    def part_table(self, c: Client) -> Optional[dict]:
        """The table a student sits at, from that seat (with its actions); for the teacher,
        the table watched, from the seat chosen or as the whole table (never acting)."""
        if c.teacher:
            if not c.watch or c.watch[0] not in self.tables:
                return None
            t, seat, acts = self.tables[c.watch[0]], c.watch[1], False
        else:
            t = next((t for t in self.tables.values() if t.seat_of(c.student) is not None), None)  # type: ignore[arg-type]
            if t is None:
                return None
            s = t.seat_of(c.student)  # type: ignore[arg-type]
            seat, acts = (s.name or None), s.person  # type: ignore[union-attr]
        k = (t.id, t.version, seat, acts, c.lang, c.student if not c.teacher else None, self.saved.get(t.id))
        view = self._table_views.get(k)
        if view is None:
            if len(self._table_views) > 2000:
                self._table_views.clear()
            view = t.seat_view(seat, c.lang, viewer_acts=acts)
            view["list"] = t.summary(c.lang, c.student, self.online())
            if c.teacher and t.status == "over":
                view["can_save"] = bool(self.save_dir)
                view["saved"] = self.saved.get(t.id)
            if not c.teacher and t.seat_of(c.student).took_over:  # type: ignore[arg-type, union-attr]
                view["took_over"] = True
            self._table_views[k] = view
        return view

    # -- time passing -----------------------------------------------------------------------------
    def tick(self) -> None:
        """Called every few seconds: new or changed lessons, and seats a bot takes over."""
        if self.shelf.scan():
            self._frames.clear()
            self.touch("lessons")
            if self.lead and self.shelf.get(self.lead.key) is None:
                self.lead = None
            self._views_all("lead", "tally")
        now = self.clock()
        for t in self.tables.values():
            if t.expire(now):
                self.touch(f"table:{t.id}", "tables")
        self.flush()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
