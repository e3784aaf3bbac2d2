"""Every word the class pages show: the ``serve`` domain's messages.

The hub sends a page the words of its reader's language (:func:`page_words`) with the
views it draws; the page's script holds no sentence of its own and fills a text's
``{fields}`` itself, so these texts use plain fields only (no grammar specs). The English
texts are here, the Hungarian ones in ``serve/locale/hu/LC_MESSAGES/serve.po``; a third
language is a third catalogue (``make translations``). ``TEXT[lang][key]`` reads a text as
the catalogue holds it, :func:`w` fills it in.
"""
from __future__ import annotations

from typing import Iterable

from ..i18n.messages import NC_, PSEUDO, Entry, Messages, Words, locale_dir
from ..i18n import LANGS

#: Where the class server's catalogues are (``locale/<lang>/LC_MESSAGES/serve.mo``).
LOCALE = locale_dir(__file__)
DOMAIN = "serve"


def table(entries: Iterable[Entry]) -> Messages:
    """A message table of the class server's domain."""
    return Messages(DOMAIN, LOCALE, entries)


MESSAGES = table([
    # the join form
    NC_("class", "Class"),
    NC_("join-title", "Join the class"),
    NC_("your-name", "Your name"),
    NC_("join", "Join"),
    NC_("name-help", "Your first name is enough. It is shown to your teacher and at your tables."),
    NC_("bad-name", "Please type a name of 1 to 24 letters (letters, digits, spaces, - and . only; "
                    "starting with a letter)."),
    NC_("hello", "Hello, {name}!"),
    NC_("not-you", "Not {name}?"),
    NC_("change-name", "Change name"),
    # tabs
    NC_("tab-lessons", "Lessons"),
    NC_("tab-follow", "Follow the teacher"),
    NC_("tab-tables", "Tables"),
    NC_("tab-students", "Students"),
    NC_("tab-board", "Progress"),
    NC_("tab-app", "Whole app"),
    NC_("lessons-head", "Lessons"),
    NC_("cases-head", "Rule cases"),
    NC_("open", "Open"),
    NC_("lead", "Lead this lesson"),
    NC_("broken", "Does not pass beannb check (students cannot see it)"),
    NC_("no-lessons", "No lessons here yet."),
    NC_("lesson-link", "Link to this lesson"),
    # following and stepping
    NC_("following", "You follow the teacher"),
    NC_("follow", "Follow the teacher"),
    NC_("stop-following", "Step on my own"),
    NC_("waiting-teacher", "Your teacher has not started a lesson yet. Meanwhile, open any lesson yourself."),
    NC_("teacher-leads", "Your teacher is leading: {title}"),
    NC_("back", "◀ Back"),
    NC_("next", "Next ▶"),
    NC_("step-of", "Step {i} of {n}"),
    NC_("close", "Close"),
    NC_("variant", "Variant"),
    NC_("rule", "Rule"),
    NC_("rule-after", "The rule behind it is shown after the answer."),
    NC_("changed", "What changed"),
    NC_("exercise", "Question"),
    NC_("pick-one", "Pick one answer."),
    NC_("choose-all", "Tick every answer that is right."),
    NC_("send-answer", "Send my answer"),
    NC_("check", "Check"),
    NC_("answer-sent", "Your answer is in. Your teacher will show the right one."),
    NC_("change-answer", "You can still change it until then."),
    NC_("revealed", "The answer"),
    NC_("lesson-done", "You reached the end of this lesson."),
    # the teacher's page
    NC_("teacher", "Teacher"),
    NC_("projector", "Join code for the projector"),
    NC_("class-link", "Students join at"),
    NC_("stop-leading", "Stop leading"),
    NC_("reveal", "Show the answer"),
    NC_("answers-in", "{k} of {n} answered"),
    NC_("show-names", "Show names"),
    NC_("show-key", "Show the answer key (not for the projector)"),
    NC_("right-answer", "right answer"),
    NC_("nobody", "nobody"),
    NC_("followers", "following: {n}"),
    NC_("students-head", "Students"),
    NC_("online", "online"),
    NC_("away", "away"),
    NC_("at-table", "table {id}"),
    NC_("table-title", "Table {id}"),
    NC_("no-students", "No student has joined yet."),
    NC_("board-head", "Progress"),
    NC_("board-csv", "Download as CSV"),
    NC_("student", "Student"),
    NC_("answered", "answered"),
    NC_("right", "right"),
    NC_("lessons-done", "lessons done"),
    NC_("lead-hint", "Choose a lesson to lead: the students who follow you see each step you show."),
    # tables
    NC_("tables-head", "Tables"),
    NC_("new-table", "New table"),
    NC_("game", "Game"),
    NC_("edition", "Edition"),
    NC_("seats", "Seats"),
    NC_("bots-fill", "Empty seats are played by"),
    NC_("create", "Create"),
    NC_("join-table", "Sit here"),
    NC_("leave", "Leave the table"),
    NC_("start", "Start the game"),
    NC_("free", "free"),
    NC_("bot", "bot"),
    NC_("you", "you"),
    NC_("watch", "Watch"),
    NC_("watch-as", "Watch as"),
    NC_("whole-table", "whole table"),
    NC_("no-tables", "No table yet."),
    NC_("status-open", "waiting for players"),
    NC_("status-playing", "playing"),
    NC_("status-over", "finished"),
    NC_("your-turn", "Your move"),
    NC_("waiting-for", "Waiting for {names}"),
    NC_("game-over", "Game over"),
    NC_("scores", "Scores"),
    NC_("winners", "Winner"),
    NC_("actions", "What you can do now"),
    NC_("no-actions", "Nothing to decide for you right now."),
    NC_("log", "What happened"),
    NC_("trade", "Make an offer"),
    NC_("to", "To"),
    NC_("you-give", "You give"),
    NC_("you-ask", "You ask for"),
    NC_("from-up", "from the face-up cards"),
    NC_("send-offer", "Send offer"),
    NC_("gift-note", "Asking for nothing makes it a gift."),
    NC_("offer-pick", "Click your cards on the table to add them to the offer."),
    NC_("seat-away", "away"),
    NC_("bot-took-over", "a bot plays for {name}"),
    NC_("take-back", "Take back my seat"),
    NC_("review", "Review my game"),
    NC_("reviewing", "Looking for the moves that cost the most…"),
    NC_("save-lesson", "Save as a lesson"),
    NC_("lesson-saved", "Saved as the lesson {key}."),
    NC_("download-lesson", "Download the lesson file"),
    NC_("close-table", "Close the table"),
    NC_("one-table", "You already sit at a table: leave it first."),
    NC_("table-full", "That table has no free seat."),
    NC_("seat-taken", "That seat is no longer free."),
    NC_("only-creator", "Only whoever made the table or the teacher can start it."),
    NC_("need-person", "A table needs at least one person."),
    NC_("not-now", "That is no longer possible: the table changed."),
    NC_("pick-first", "Choose your answer first, then press Check."),
    # connection and errors
    NC_("connecting", "Connecting…"),
    NC_("reconnecting", "Connection lost; trying again…"),
    NC_("bad-message", "The page sent something the class does not understand; reload the page."),
    NC_("unknown-lesson", "There is no such lesson here."),
    NC_("teacher-only", "Only the teacher can do that."),
    NC_("language", "Language"),
])


TEXT = Words(MESSAGES)


def lang_of(lang: object) -> str:
    """``lang`` if the pages speak it, else English."""
    return lang if isinstance(lang, str) and lang in LANGS else "en"


def preferred_lang(accept_language: str) -> str:
    """The language of the pages the ``Accept-Language`` header prefers most (its ``q``
    weights, then its order), else English."""
    best, best_q = "en", 0.0
    for part in accept_language.split(","):
        code, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        lang = code.lower().split("-")[0]
        if lang in LANGS and q > best_q:
            best, best_q = lang, q
    return best


def w(key: str, lang: str, /, **values: object) -> str:
    """One phrase in ``lang`` with its ``{placeholders}`` filled in."""
    return TEXT.text(key, lang, **values)


def page_words(lang: str) -> dict[str, str]:
    """Every phrase in ``lang``: what a page's script labels its parts with (fields open:
    the script fills them)."""
    return dict(TEXT[PSEUDO if lang == PSEUDO else lang_of(lang)])  # the pseudo-language when asked for
