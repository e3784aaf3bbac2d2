"""The class hub without a server: pages are fake clients that collect what the hub sends.

Joining, the lessons shelf (checked, titled, kept current), the teacher leading with a live
tally and a reveal, students following and stepping alone, the progress board, tables of
people (seats, moves, trading between people, leaving and coming back), and refusals of
anything malformed or not one's own to do.
"""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any, Optional

import pytest
import yaml

from beannb.scenario_format import load_scenario
from beannb.scenarios import run_scenario
from beannb.serve.hub import ClassHub, Client, clean_name
from beannb.serve.shelf import Shelf
from beannb.serve.tables import Table, player_name
from beannb.serve.words import TEXT
from notation_patterns import raw_notation

REPO = Path(__file__).resolve().parent.parent
LESSON3 = "bohnanza/lesson_03_trading"


class Page:
    """A page: a client whose messages are kept, with the parts as the page holds them."""

    def __init__(self, hub: ClassHub, role: str, sid: Optional[str] = None, lang: str = "en"):
        self.messages: list[dict] = []
        self.parts: dict[str, Any] = {}
        self.client = Client(role, self._got, sid, lang)
        self.hub = hub
        hub.connect(self.client)

    def _got(self, text: str) -> None:
        msg = json.loads(text)
        self.messages.append(msg)
        self.parts.update(msg["parts"])

    def send(self, **msg: Any) -> None:
        self.hub.receive(self.client, json.dumps(msg))

    def raw(self, text: Any) -> None:
        self.hub.receive(self.client, text)

    def close(self) -> None:
        self.hub.disconnect(self.client)

    @property
    def notice(self) -> Optional[str]:
        return self.parts.get("notice")

    def sent_text(self) -> str:
        return json.dumps(self.messages, ensure_ascii=False)

    # at a table
    def buttons(self) -> list[tuple[int, str, str]]:
        """The seat's action buttons: (index, label, verb)."""
        return [tuple(b[:3]) for b in self.button_rows()]  # type: ignore[misc]

    def tooltips(self) -> list[str]:
        """The tooltips of the seat's action buttons, in order."""
        return [b[3] for b in self.button_rows()]

    def button_rows(self) -> list[list]:
        tv = self.parts.get("table") or {}
        return [b for _h, bs in tv.get("buttons", []) for b in bs]

    def act(self, i: int) -> None:
        tv = self.parts["table"]
        self.send(t="act", id=tv["id"], i=i, r=tv["rev"])


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    """A small lesson folder: two built-in lessons, one of them in a subfolder."""
    folder = tmp_path / "lessons"
    (folder / "bohnanza").mkdir(parents=True)
    for name in ("lesson_03_trading", "lesson_02_harvest"):
        shutil.copy(REPO / "scenarios" / "bohnanza" / f"{name}.yaml", folder / "bohnanza" / f"{name}.yaml")
    return folder


@pytest.fixture
def hub(lessons: Path) -> ClassHub:
    shelf = Shelf([lessons])
    shelf.scan()
    return ClassHub(shelf, class_link="http://192.0.2.1:8866/beannb/class?token=t", grace=60, clock=Clock())


def student(hub: ClassHub, name: str, lang: str = "en") -> Page:
    st = hub.join(name, lang=lang)
    return Page(hub, "student", st.id, lang)


# -- joining ------------------------------------------------------------------------------------------


def test_names_are_checked_and_a_student_keeps_an_identity(hub: ClassHub) -> None:
    assert clean_name("  Kiss   Anna ") == "Kiss Anna"
    assert clean_name("Zoë") == "Zoë" and clean_name("Éva-Lili") == "Éva-Lili"
    for bad in ("", " ", "1abc", "a" * 25, "<script>", "x\x00y", "a\u202eb", 7, None):
        assert clean_name(bad) is None, bad
    with pytest.raises(ValueError, match="1 to 24"):
        hub.join("<b>")
    with pytest.raises(ValueError, match="1–24"):
        hub.join("", lang="hu")
    anna = hub.join("Anna")
    again = hub.join("Anna", anna.id)          # a reload: the same student
    assert again is anna and len(hub.students) == 1
    other = hub.join("Anna")                    # another student of the same name
    assert other.id != anna.id and len(hub.students) == 2
    back = hub.join("Anna", "restarted-id-1")   # a server restart: the cookie's id comes back
    assert back.id == "restarted-id-1"


def test_words_tables_have_the_same_keys_in_every_language() -> None:
    assert set(TEXT["en"]) == set(TEXT["hu"])
    for lang, words in TEXT.items():
        for key, text in words.items():
            assert text.strip(), (lang, key)
            assert "a(z)" not in text, (lang, key)


# -- lessons ---------------------------------------------------------------------------------------------


def test_the_shelf_titles_checks_and_follows_its_folder(hub: ClassHub, lessons: Path) -> None:
    teacher = Page(hub, "teacher")
    anna = student(hub, "Anna", "hu")
    keys = [it[0] for _g, _t, items in anna.parts["lessons"] for it in items]
    assert keys == ["bohnanza/lesson_02_harvest", LESSON3]
    titles = [it[1] for _g, _t, items in anna.parts["lessons"] for it in items]
    assert titles[1].startswith("3. lecke")                  # by title, in the reader's language
    # A lesson that fails beannb check: the teacher sees it with its error, students never.
    broken = yaml.safe_load((lessons / "bohnanza" / "lesson_02_harvest.yaml").read_text("utf-8"))
    broken["title"] = "Broken on purpose"
    broken["steps"][0]["expect"] = {"Ann.coins": 99}
    (lessons / "broken.yaml").write_text(yaml.safe_dump(broken, allow_unicode=True), encoding="utf-8")
    # A new good lesson, added while the class runs.
    shutil.copy(lessons / "bohnanza" / "lesson_02_harvest.yaml", lessons / "extra.yaml")
    hub.tick()
    t_items = {it[0]: it for _g, _t, items in teacher.parts["lessons"] for it in items}
    s_keys = {it[0] for _g, _t, items in anna.parts["lessons"] for it in items}
    assert "extra" in s_keys and "extra" in t_items
    assert "broken" in t_items and "broken" not in s_keys
    assert "Ann.coins" in t_items["broken"][3] and "99" in t_items["broken"][3]
    assert "Broken on purpose" not in anna.sent_text()
    anna.send(t="open", key="broken")
    assert anna.notice == TEXT["hu"]["unknown_lesson"]
    # A lesson removed from the folder leaves the lists.
    (lessons / "extra.yaml").unlink()
    hub.tick()
    assert "extra" not in {it[0] for _g, _t, items in anna.parts["lessons"] for it in items}


# -- the teacher leads, the class follows -------------------------------------------------------------------


def lead_to_question(hub: ClassHub) -> Page:
    teacher = Page(hub, "teacher")
    teacher.send(t="lead", key=LESSON3)
    teacher.send(t="goto", i=2)
    assert teacher.parts["lead"]["exercise"] is not None
    return teacher


def test_students_follow_the_teachers_step_and_answer_in_private(hub: ClassHub) -> None:
    anna, bela, cili = student(hub, "Anna"), student(hub, "Béla", "hu"), student(hub, "Cili")
    teacher = lead_to_question(hub)
    for page in (anna, bela, cili):
        v = page.parts["view"]
        assert v["mode"] == "follow" and v["i"] == 2 and v["key"] == LESSON3
        assert v["rules"] == [] and v["rules_after"]                  # the rule would give it away
        assert set(v["exercise"]) == {"q", "multiple", "hint", "choices"}     # never the answer
    assert bela.parts["view"]["exercise"]["q"] == "Melyik ajánlat tehető meg?"
    # The teacher's page (often on the projector) hides the rule too, until revealed.
    assert teacher.parts["lead"]["rules"] == []
    anna.send(t="answer", picked=[1, 3])          # right
    bela.send(t="answer", picked=[1])             # wrong
    bela.send(t="answer", picked=[0])             # changed before the reveal: counts once
    tally = teacher.parts["tally"]
    assert tally["counts"] == [1, 1, 0, 1] and tally["answered"] == 2 and tally["followers"] == 3
    assert "who" not in tally and "answer" not in tally                     # names and key on toggles only
    teacher.send(t="names", on=True)
    assert teacher.parts["tally"]["who"] == [["Béla"], ["Anna"], [], ["Anna"]]
    # Students never see each other's answers, nor the tally.
    assert "Béla" not in anna.sent_text() and "counts" not in anna.sent_text()
    assert anna.parts["view"]["mine"] == [1, 3] and bela.parts["view"]["mine"] == [0]
    assert anna.parts["view"]["feedback"] is None
    teacher.send(t="reveal")
    fa, fb, fc = (p.parts["view"]["feedback"] for p in (anna, bela, cili))
    assert fa["ok"] is True and fa["text"].startswith("Right!") and "B-14" in fa["text"]
    assert fb["ok"] is False and fb["text"].startswith("Nem egészen.") and fb["answer"] == [1, 3]
    assert fc["ok"] is None and fc["text"].startswith("The answer:")         # no answer: the answer, no verdict
    assert ".," not in fa["text"] + fb["text"] + fc["text"]
    assert anna.parts["view"]["rules"] and teacher.parts["lead"]["rules"]
    # After the reveal, answers count on the board and no longer change.
    bela.send(t="answer", picked=[1, 3])
    assert bela.notice == TEXT["hu"]["not_now"]
    board = {row[0]: row[2] for row in teacher.parts["board"]["rows"]}
    assert board == {"Anna": [[1, 1, 0]], "Béla": [[1, 0, 0]], "Cili": [None]}
    csv = hub.board_csv().splitlines()
    assert csv[0] == "student,game,exercises_answered,exercises_right,lessons_done,lessons"
    assert "Anna,bohnanza,1,1,0," in csv and "Béla,bohnanza,1,0,0," in csv
    # Following the lesson to its last step counts it as done for those following.
    last = teacher.parts["lead"]["last"]
    anna.send(t="follow", on=False)
    teacher.send(t="goto", i=last)
    assert anna.parts["view"]["mode"] == "none" and bela.parts["view"]["i"] == last
    rows = dict((name, cells) for name, _on, cells in teacher.parts["board"]["rows"])
    assert rows["Béla"][0][2] == 1 and rows["Cili"][0][2] == 1 and rows["Anna"][0][2] == 0


def test_a_student_steps_alone_and_gets_feedback_at_once(hub: ClassHub) -> None:
    anna = student(hub, "Anna")
    assert anna.parts["view"]["mode"] == "wait"        # follows by default; the teacher leads nothing yet
    anna.send(t="open", key=LESSON3)
    assert anna.parts["view"]["mode"] == "self" and anna.parts["view"]["i"] == 0
    anna.send(t="go", i=2)
    assert anna.parts["view"]["rules"] == []
    anna.send(t="answer", picked=[1])
    fb = anna.parts["view"]["feedback"]
    assert fb["ok"] is False and fb["answer"] == [1, 3] and anna.parts["view"]["rules"]
    anna.send(t="go", i=999)                           # clamped to the last step
    assert anna.parts["view"]["i"] == anna.parts["view"]["last"]
    teacher = Page(hub, "teacher")
    rows = {name: cells for name, _on, cells in teacher.parts["board"]["rows"]}
    assert rows["Anna"] == [[1, 0, 1]]
    # The class link's lesson, when the teacher leads it, keeps a student following.
    teacher.send(t="lead", key=LESSON3)
    bela = student(hub, "Béla")
    bela.send(t="open", key=LESSON3, keep=True)
    assert bela.parts["view"]["mode"] == "follow"


def test_students_cannot_do_the_teachers_part_and_junk_changes_nothing(hub: ClassHub) -> None:
    anna = student(hub, "Anna")
    teacher = lead_to_question(hub)
    before = json.dumps(teacher.parts, sort_keys=True)
    for msg in ({"t": "goto", "i": 5}, {"t": "reveal"}, {"t": "lead", "key": LESSON3}, {"t": "names", "on": True},
                {"t": "watch", "id": 1}, {"t": "table.close", "id": 1}, {"t": "stop"}):
        anna.send(**msg)
        assert anna.notice == TEXT["en"]["teacher_only"], msg
    for junk in ("", "{", "[]", '{"t": 5}', '{"t": "nope"}', '{"t": "answer", "picked": "x"}',
                 '{"t": "answer", "picked": [9]}', '{"t": "answer", "picked": [1, 1]}', '{"t": "answer", "picked": [true]}',
                 '{"t": "go", "i": "3"}', '{"t": "lang", "lang": "de"}', '{"t": "table.new", "game": "chess"}',
                 '{"t": "act", "id": 99, "i": 0, "r": "x"}', "x" * 20000, None, b"\x00".decode()):
        anna.raw(junk)
        assert anna.notice in (TEXT["en"]["bad_message"], TEXT["en"]["not_now"]), junk
        assert "Traceback" not in anna.sent_text()
    assert json.dumps(teacher.parts, sort_keys=True) == before
    assert hub.lead is not None and hub.lead.i == 2 and not hub.lead.answers


def test_an_answer_with_nothing_chosen_is_asked_for_and_not_counted(hub: ClassHub) -> None:
    anna = student(hub, "Anna")
    lead_to_question(hub)
    anna.send(t="answer", picked=[])
    assert anna.notice == TEXT["en"]["pick_first"]
    assert hub.lead is not None and not hub.lead.answers


def test_a_fault_in_a_handler_is_logged_for_us_and_the_page_gets_a_notice(hub: ClassHub, monkeypatch, caplog) -> None:
    anna = student(hub, "Anna")

    def broken(client, msg):
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(hub, "on_answer", broken)
    with caplog.at_level("ERROR", logger="beannb.serve.hub"):
        anna.send(t="answer", picked=[0])
    assert anna.notice == TEXT["en"]["bad_message"]
    assert "Traceback" not in anna.sent_text() and "a bug of ours" not in anna.sent_text()
    assert any(r.exc_info and "a bug of ours" in str(r.exc_info[1]) for r in caplog.records)
    anna.send(t="names", on=True)  # the hub goes on serving
    assert anna.notice == TEXT["en"]["teacher_only"]


# -- tables of people -------------------------------------------------------------------------------------------


def test_player_names_from_what_students_typed() -> None:
    assert player_name("Kiss Anna", []) == "Kiss-Anna"
    assert player_name("Anna", ["anna"]) == "Anna2"
    assert player_name("4ever", []) == "P4ever"
    assert player_name("a:b@c", []) == "a-b-c"


def seat_table(hub: ClassHub, game: str = "bohnanza", seats: int = 3, people: int = 2, **extra: Any) -> list[Page]:
    pages = [student(hub, name) for name in ("Anna", "Béla", "Cili", "Dani")[:people]]
    pages[0].send(t="table.new", game=game, seats=seats, bots="random", **extra)
    tid = pages[0].parts["me"]["table"]
    for p in pages[1:]:
        p.send(t="table.join", id=tid)
    pages[0].send(t="table.start", id=tid)
    assert pages[0].parts["table"]["status"] == "playing"
    return pages


def test_a_table_of_people_plays_a_whole_game_each_seat_seeing_only_its_own(hub: ClassHub) -> None:
    teacher = Page(hub, "teacher")
    anna, bela = seat_table(hub)
    table = hub.tables[1]
    assert [s.label for s in table.seats] == ["Anna", "Béla", "Bot1"]
    teacher.send(t="watch", id=1, seat=None)
    rng = random.Random(4)
    moves = 0
    while table.status == "playing" and moves < 3000:
        mover = next((p for p in (anna, bela) if p.buttons()), None)
        assert mover is not None, "a person must be able to move while the game waits for people"
        mover.act(rng.choice(mover.buttons())[0])
        moves += 1
        for page, name in ((anna, "Anna"), (bela, "Béla")):
            obs = page.parts["table"]["touch"]["table"]
            for p in obs["players"]:   # every hand but one's own is face down
                assert (p["hand"] is None) == (p["name"] != name), (name, p["name"])
        assert all(p["hand"] is not None for p in teacher.parts["table"]["touch"]["table"]["players"])
    assert table.status == "over" and moves > 100
    assert anna.parts["table"]["scores"].keys() == {"Anna", "Béla", "Bot1"}
    assert anna.parts["tables"][0]["status"] == "over"
    # The finished game as a lesson that replays and passes beannb check.
    name, text = hub.lesson_of_table(1)
    assert name.startswith("table1_bohnanza_") and name.endswith(".yaml")
    sc = yaml.safe_load(text)
    assert sc["players"] == ["Anna", "Béla", "Bot1"] and len(sc["steps"]) == len(table.game.steps)
    path = Path(hub.shelf.roots[0]) / name
    path.write_text(text, encoding="utf-8")
    assert run_scenario(load_scenario(path)).passed
    path.unlink()
    # The teacher saves it into the class's folder: it is a lesson of the class at once.
    assert "can_save" not in anna.parts["table"] and teacher.parts["table"]["can_save"] is False
    hub.save_dir = hub.shelf.roots[0]
    teacher.send(t="watch", id=1, seat="Anna")
    teacher.send(t="save", id=1)
    assert teacher.parts["table"]["saved"] == path.stem
    titles = {it[0]: it[1] for _g, _t, items in anna.parts["lessons"] for it in items}
    assert titles[path.stem] == "Bohnanza — Anna, Béla, Bot1"
    anna.send(t="save", id=1)
    assert anna.notice == TEXT["en"]["teacher_only"]
    # Review: the student's own seat (computed away from the pages' messages, then sent).
    done: list = []
    hub.defer = lambda work, back: done.append((work, back))
    anna.send(t="review", id=1)
    assert anna.parts["table"]["review"] == TEXT["en"]["reviewing"]
    work, back = done.pop()
    back(work())
    assert "Anna" in anna.parts["table"]["review"] and "review" not in bela.parts["table"]


def test_a_page_acts_only_for_its_seat_and_stale_clicks_are_refused(hub: ClassHub) -> None:
    anna, bela = seat_table(hub)
    table = hub.tables[1]
    waiting = table.game.to_move
    mover, other = (anna, bela) if "Anna" in waiting else (bela, anna)
    steps = len(table.game.steps)
    # The other seat's list of actions is its own: its indexes never move the mover's seat.
    rev_of_mover = mover.parts["table"]["rev"]
    other.send(t="act", id=1, i=0, r=rev_of_mover)
    assert other.notice == TEXT["en"]["not_now"] and len(table.game.steps) == steps
    # A click on a list that changed since is refused, not misread.
    old = dict(mover.parts["table"])
    mover.act(mover.buttons()[0][0])
    assert len(table.game.steps) > steps
    after = len(table.game.steps)
    mover.send(t="act", id=1, i=old["buttons"][0][1][0][0], r=old["rev"])
    assert len(table.game.steps) == after or mover.parts["table"]["rev"] == old["rev"]
    # Nobody sits at two unfinished tables; a table without a person cannot start.
    anna.send(t="table.new", game="bohnanza", seats=3, bots="random")
    assert anna.notice == TEXT["en"]["one_table"]
    cili = student(hub, "Cili")
    cili.send(t="table.new", game="takeover", seats=2, bots="greedy")
    cili.send(t="table.leave")
    assert hub.tables[2].status == "open" and not hub.tables[2].people()
    teacher = Page(hub, "teacher")
    teacher.send(t="table.start", id=2)
    assert teacher.notice == TEXT["en"]["need_person"]
    # A wrong seat count or bot is refused with the engine's words, nothing made.
    with pytest.raises(ValueError, match="2, 3, 4, 5 players, not 9"):
        Table(9, "takeover", 9)
    cili.send(t="table.new", game="takeover", seats=9, bots="random")
    cili.send(t="table.new", game="bohnanza", seats=3, bots="strong")
    assert set(hub.tables) == {1, 2}


def test_a_seats_buttons_say_their_moves_in_sentences_in_the_pages_language(hub: ClassHub) -> None:
    anna, bela = seat_table(hub)
    table = hub.tables[1]
    mover = next(p for p in (anna, bela) if p.buttons())
    name = mover.parts["table"]["seat"]
    moves = [str(a) for a in table.legal(name)]
    english = mover.tooltips()
    assert len(english) == len(moves)
    for tip in english:  # who does what, as a sentence; never the notation
        assert tip.startswith(name) and tip.endswith(".") and tip not in moves and not raw_notation(tip), tip
    mover.send(t="lang", lang="hu")
    hungarian = mover.tooltips()
    assert len(hungarian) == len(english) and not set(hungarian) & set(english), hungarian
    assert all(tip.startswith(name) and tip.endswith(".") and not raw_notation(tip) for tip in hungarian), hungarian


def first(page: Page, verb: str) -> Optional[int]:
    return next((i for i, _label, v in page.buttons() if v == verb), None)


def play_until(pages: list[Page], table: Table, done, rng: random.Random, avoid: tuple = ("offer",)) -> None:
    for _ in range(400):
        if done():
            return
        mover = next(p for p in pages if p.buttons())
        choices = [b for b in mover.buttons() if b[2] not in avoid] or mover.buttons()
        mover.act(rng.choice(choices)[0])
    raise AssertionError("the situation never came")


def test_people_trade_in_real_time_offers_counter_offers_gifts_and_lapses(hub: ClassHub) -> None:
    anna, bela, cili = seat_table(hub, seats=3, people=3)
    table = hub.tables[1]
    g = table.game
    rng = random.Random(2)
    play_until([anna, bela, cili], table, lambda: g.state.phase == "trade" and g.to_move == ["Anna"], rng)
    trade = anna.parts["table"]["trade"]
    assert trade["partners"] == ["Béla", "Cili"] and trade["up"] is True
    give = trade["give"]
    hand = [k for k, label, key in give if key.startswith("hand:")]
    assert len(hand) >= 2
    # Béla (not active) may offer to Anna at the same moment: two offers from Béla for the same card.
    btrade = bela.parts["table"]["trade"]
    assert btrade["partners"] == ["Anna"] and btrade["up"] is False
    bk = btrade["give"][0][0]
    bela.send(t="offer", id=1, partner="Anna", give=[bk], get={})                 # a gift
    bela.send(t="offer", id=1, partner="Anna", give=[bk], get={btrade["beans"][0][0]: 1})
    offers = g.state.offers
    assert len(offers) == 2 and offers[0].get == ()
    # Anna sees both offers in words and may accept them with her own buttons.
    assert len(anna.parts["table"]["touch"]["table"]["offers"]) == 2
    accept = [i for i, label, verb in anna.buttons() if verb == "accept"]
    assert accept, anna.buttons()
    anna.act(accept[0])
    # The other offer named the same card, which has left Béla's hand: it lapses (B-19).
    assert not g.state.offers
    assert any("B-19" in (e.rule or "") for st in g.steps[-3:] for e in st.events)
    # A counter-offer: Anna offers back, Béla declines with his own button.
    trade = anna.parts["table"]["trade"]
    anna.send(t="offer", id=1, partner="Béla", give=[trade["give"][0][0]], get={trade["beans"][0][0]: 1})
    assert len(g.state.offers) == 1
    decline = first(bela, "decline")
    assert decline is not None
    bela.act(decline)
    assert not g.state.offers
    # A malformed offer changes nothing and says so.
    steps = len(g.steps)
    for bad in ({"partner": "Bot1", "give": [0], "get": {}}, {"partner": "Béla", "give": [999], "get": {}},
                {"partner": "Béla", "give": [0, 0], "get": {}}, {"partner": "Béla", "give": [], "get": {"chili": 99}},
                {"partner": "Béla", "give": "0", "get": {}}):
        anna.send(t="offer", id=1, **bad)
        assert anna.notice == TEXT["en"]["not_now"], bad
    assert len(g.steps) == steps


def test_a_refused_offer_is_explained_to_its_maker_alone(hub: ClassHub) -> None:
    anna, bela, cili = seat_table(hub, seats=3, people=3)
    table = hub.tables[1]
    g = table.game
    play_until([anna, bela, cili], table, lambda: g.state.phase == "trade" and g.to_move == ["Anna"], random.Random(5))
    assert anna.parts["table"]["trade"]["give"]
    anna_msg = anna.parts["table"]["touch"]["msg"]["html"]
    steps = len(g.steps)
    # An offer that moves no card at all: the rules refuse it (B-18), in Béla's words only.
    bela.send(t="offer", id=1, partner="Anna", give=[], get={})
    msg = bela.parts["table"]["touch"]["msg"]["html"]
    assert "beannb-refusal" in msg and "B-18" in msg and "nothing for nothing" in msg
    assert anna.parts["table"]["touch"]["msg"]["html"] == anna_msg
    assert len(g.steps) == steps and not g.state.offers
    bela.send(t="lang", lang="hu")
    assert "B-18" in bela.parts["table"]["touch"]["msg"]["html"] and "beannb-refusal" in bela.parts["table"]["touch"]["msg"]["html"]


def test_a_seat_waits_for_a_student_who_left_then_a_bot_plays_it_until_they_return(hub: ClassHub) -> None:
    anna, bela = seat_table(hub)
    table = hub.tables[1]
    clock = hub.clock
    anna.close()
    seat = table.seat_of(anna.client.student)
    assert seat.away_since == clock.now and not seat.took_over                    # type: ignore[attr-defined]
    assert [s[2] for s in bela.parts["table"]["list"]["seats"]] == ["away", "you", "bot"]
    clock.now += 59                                                               # type: ignore[attr-defined]
    hub.tick()
    assert not seat.took_over
    clock.now += 2                                                                # type: ignore[attr-defined]
    hub.tick()
    assert seat.took_over and seat.bot == "random"
    assert [s[2] for s in bela.parts["table"]["list"]["seats"]] == ["took_over", "you", "bot"]
    # The game goes on without waiting for Anna: only Béla's moves are awaited now.
    rng = random.Random(1)
    for _ in range(30):
        if table.status != "playing":
            break
        assert "Anna" not in table.game.to_move or table.game.state.phase == "trade"
        if bela.buttons():
            bela.act(rng.choice(bela.buttons())[0])
    # Anna comes back (a reload): her seat is hers again.
    again = None
    again = Page(hub, "student", anna.client.student)
    assert not seat.took_over and seat.bot is None and "Anna" not in table.driver.bots  # type: ignore[union-attr]
    assert again.parts["table"]["seat"] == "Anna"


@pytest.mark.parametrize("game,seats", [("bohnanza", 4), ("takeover", 4), ("rabohnzel", 4), ("bohnaparte", 4),
                                        ("bohnanza", 7)])
def test_people_alone_play_every_game_to_its_end_each_deciding_on_their_own_page(hub: ClassHub, game: str,
                                                                                 seats: int) -> None:
    """Every decision of the game, in or out of turn (takeover's copy windows and defences,
    Rabohnzel's attacks and counter-attacks, Bohnaparte's battles, answers to offers), falls to
    a person who has a button for it on their own page: a table of people never stalls."""
    names = ("Anna", "Béla", "Cili", "Dani", "Emil", "Flóra", "Gergő")[:seats]
    pages = [student(hub, name) for name in names]
    extra = {"profile": "RIO_GRANDE"} if seats > 5 else {}
    pages[0].send(t="table.new", game=game, seats=seats, bots="random", **extra)
    for p in pages[1:]:
        p.send(t="table.join", id=1)
    pages[0].send(t="table.start", id=1)
    table = hub.tables[1]
    assert not table.driver.bots                                               # type: ignore[union-attr]
    rng = random.Random(seats)
    verbs: set[str] = set()
    for _ in range(5000):
        if table.status == "over":
            break
        waiting = set(table.game.to_move)                                       # type: ignore[union-attr]
        movers = [p for p in pages if p.buttons() and p.parts["table"]["seat"] in waiting]
        assert movers, f"{game}: the game waits for {waiting} but none of them has a button"
        mover = rng.choice(movers)
        i, _label, verb = rng.choice(mover.buttons())
        verbs.add(verb)
        mover.act(i)
    assert table.status == "over", game
    assert len(verbs) >= 5, verbs


def test_a_student_who_stands_up_mid_game_leaves_the_seat_to_a_bot_at_once(hub: ClassHub) -> None:
    anna, bela = seat_table(hub)
    table = hub.tables[1]
    rng = random.Random(3)
    play_until([anna, bela], table, lambda: table.game.to_move == ["Anna"], rng)
    anna.send(t="table.leave")
    assert anna.parts["table"] is None and anna.parts["me"]["table"] is None
    seat = table.seats[0]
    assert seat.bot == "random" and seat.student is None
    assert "Anna" not in table.game.to_move or table.status == "over"        # the bot moved for the seat at once
    assert [s[2] for s in bela.parts["table"]["list"]["seats"]][0] == "took_over"     # "a bot plays for Anna"


def test_beannbs_own_files_are_loaded_not_played_at_start(tmp_path: Path) -> None:
    """A class server answers within the seconds a hub gives it: beannb's own scenario files
    (played in full by its tests) are only loaded; a teacher's own lesson is played and checked."""
    failing = ("game: bohnanza\nplayers: [Ann, Bob, Cid]\nseed: 1\n"
               "steps:\n  - do: Ann end planting\n    expect: {Ann.coins: 9}\n")
    for folder in ("own", "mine"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "lesson_x.yaml").write_text(failing)
    (tmp_path / "own" / "broken.yaml").write_text("game: chess\nplayers: [A, B]\n")
    shelf = Shelf([tmp_path / "own"], builtin=[tmp_path / "own"])
    shelf.scan()
    assert shelf.get("lesson_x") is not None                         # loaded, not played
    assert shelf.get("broken") is None and "unknown game" in (shelf.get("broken", with_broken=True).error or "")
    mine = Shelf([tmp_path / "mine"])
    mine.scan()
    assert mine.get("lesson_x") is None and "Ann.coins" in (mine.get("lesson_x", with_broken=True).error or "")
