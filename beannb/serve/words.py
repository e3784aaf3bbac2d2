"""Every word the class pages show, in English and Hungarian.

The hub sends a page the words of its reader's language (:func:`page_words`) with the
views it draws; the page's script holds no sentence of its own. A third language is a
third table here, with the same keys (a test keeps the tables alike).
"""
from __future__ import annotations

LANGS = ("en", "hu")

TEXT: dict[str, dict[str, str]] = {
    "en": {
        # the join form
        "class": "Class", "join_title": "Join the class", "your_name": "Your name",
        "join": "Join", "name_help": "Your first name is enough. It is shown to your teacher and at your tables.",
        "bad_name": "Please type a name of 1 to 24 letters (letters, digits, spaces, - and . only; starting with a letter).",
        "hello": "Hello, {name}!", "not_you": "Not {name}?", "change_name": "Change name",
        # tabs
        "tab_lessons": "Lessons", "tab_follow": "Follow the teacher", "tab_tables": "Tables",
        "tab_students": "Students", "tab_board": "Progress", "tab_app": "Whole app",
        "lessons_head": "Lessons", "cases_head": "Rule cases", "open": "Open", "lead": "Lead this lesson",
        "broken": "Does not pass beannb check (students cannot see it)", "no_lessons": "No lessons here yet.",
        "lesson_link": "Link to this lesson",
        # following and stepping
        "following": "You follow the teacher", "follow": "Follow the teacher", "stop_following": "Step on my own",
        "waiting_teacher": "Your teacher has not started a lesson yet. Meanwhile, open any lesson yourself.",
        "teacher_leads": "Your teacher is leading: {title}", "back": "◀ Back", "next": "Next ▶",
        "step_of": "Step {i} of {n}", "close": "Close", "variant": "Variant",
        "rule": "Rule", "rule_after": "The rule behind it is shown after the answer.", "changed": "What changed",
        "exercise": "Question", "pick_one": "Pick one answer.", "choose_all": "Tick every answer that is right.",
        "send_answer": "Send my answer", "check": "Check", "answer_sent": "Your answer is in. Your teacher will show the right one.",
        "change_answer": "You can still change it until then.", "revealed": "The answer",
        "lesson_done": "You reached the end of this lesson.",
        # the teacher's page
        "teacher": "Teacher", "projector": "Join code for the projector", "class_link": "Students join at",
        "stop_leading": "Stop leading", "reveal": "Show the answer", "answers_in": "{k} of {n} answered",
        "show_names": "Show names", "show_key": "Show the answer key (not for the projector)",
        "right_answer": "right answer", "nobody": "nobody", "followers": "following: {n}",
        "students_head": "Students", "online": "online", "away": "away", "at_table": "table {id}", "table_title": "Table {id}",
        "no_students": "No student has joined yet.",
        "board_head": "Progress", "board_csv": "Download as CSV", "student": "Student",
        "answered": "answered", "right": "right", "lessons_done": "lessons done",
        "lead_hint": "Choose a lesson to lead: the students who follow you see each step you show.",
        # tables
        "tables_head": "Tables", "new_table": "New table", "game": "Game", "edition": "Edition",
        "seats": "Seats", "bots_fill": "Empty seats are played by", "create": "Create", "join_table": "Sit here",
        "leave": "Leave the table", "start": "Start the game", "free": "free", "bot": "bot", "you": "you",
        "watch": "Watch", "watch_as": "Watch as", "whole_table": "whole table", "no_tables": "No table yet.",
        "status_open": "waiting for players", "status_playing": "playing", "status_over": "finished",
        "your_turn": "Your move", "waiting_for": "Waiting for {names}", "game_over": "Game over",
        "scores": "Scores", "winners": "Winner", "actions": "What you can do now",
        "no_actions": "Nothing to decide for you right now.", "log": "What happened",
        "trade": "Make an offer", "to": "To", "you_give": "You give", "you_ask": "You ask for",
        "from_up": "from the face-up cards", "send_offer": "Send offer", "gift_note": "Asking for nothing makes it a gift.",
        "offer_pick": "Click your cards on the table to add them to the offer.",
        "seat_away": "away", "bot_took_over": "a bot plays for {name}", "take_back": "Take back my seat",
        "review": "Review my game", "reviewing": "Looking for the moves that cost the most…",
        "save_lesson": "Save as a lesson", "lesson_saved": "Saved as the lesson {key}.",
        "download_lesson": "Download the lesson file", "close_table": "Close the table",
        "one_table": "You already sit at a table: leave it first.", "table_full": "That table has no free seat.",
        "seat_taken": "That seat is no longer free.", "only_creator": "Only whoever made the table or the teacher can start it.",
        "need_person": "A table needs at least one person.", "not_now": "That is no longer possible: the table changed.",
        "pick_first": "Choose your answer first, then press Check.",
        # connection and errors
        "connecting": "Connecting…", "reconnecting": "Connection lost; trying again…",
        "bad_message": "The page sent something the class does not understand; reload the page.",
        "unknown_lesson": "There is no such lesson here.", "teacher_only": "Only the teacher can do that.",
        "language": "Language",
    },
    "hu": {
        "class": "Osztály", "join_title": "Csatlakozás az osztályhoz", "your_name": "A neved",
        "join": "Belépés", "name_help": "Elég a keresztneved. A tanárod és az asztaltársaid látják.",
        "bad_name": "Írj be egy 1–24 karakteres nevet (betűk, számjegyek, szóköz, - és . lehet benne; betűvel kezdődjön).",
        "hello": "Szia, {name}!", "not_you": "Nem {name} vagy?", "change_name": "Másik név",
        "tab_lessons": "Leckék", "tab_follow": "A tanár követése", "tab_tables": "Asztalok",
        "tab_students": "Diákok", "tab_board": "Haladás", "tab_app": "A teljes alkalmazás",
        "lessons_head": "Leckék", "cases_head": "Szabályesetek", "open": "Megnyitás", "lead": "Ezt a leckét vezetem",
        "broken": "Nem megy át a beannb check ellenőrzésen (a diákok nem látják)", "no_lessons": "Itt még nincs lecke.",
        "lesson_link": "A lecke linkje",
        "following": "A tanárt követed", "follow": "A tanár követése", "stop_following": "Haladok magam",
        "waiting_teacher": "A tanárod még nem indított leckét. Addig nyiss meg magad egy leckét.",
        "teacher_leads": "A tanárod vezeti: {title}", "back": "◀ Vissza", "next": "Tovább ▶",
        "step_of": "{i}. lépés / {n}", "close": "Bezárás", "variant": "Változat",
        "rule": "Szabály", "rule_after": "A mögötte álló szabály a válasz után látszik.", "changed": "Mi változott",
        "exercise": "Kérdés", "pick_one": "Válassz egy választ.", "choose_all": "Jelöld be az összes helyes választ.",
        "send_answer": "Elküldöm a válaszom", "check": "Ellenőrzés",
        "answer_sent": "A válaszod megérkezett. A tanárod mutatja meg a helyeset.",
        "change_answer": "Addig még módosíthatod.", "revealed": "A válasz",
        "lesson_done": "A lecke végére értél.",
        "teacher": "Tanár", "projector": "Belépőkód a kivetítőre", "class_link": "A diákok itt lépnek be",
        "stop_leading": "A vezetés befejezése", "reveal": "A válasz megmutatása", "answers_in": "{n} diákból {k} válaszolt",
        "show_names": "Nevek mutatása", "show_key": "A megoldókulcs mutatása (nem a kivetítőre)",
        "right_answer": "helyes válasz", "nobody": "senki", "followers": "követők: {n}",
        "students_head": "Diákok", "online": "itt van", "away": "távol", "at_table": "{id}. asztal", "table_title": "{id}. asztal",
        "no_students": "Még egy diák sem lépett be.",
        "board_head": "Haladás", "board_csv": "Letöltés CSV-fájlként", "student": "Diák",
        "answered": "megválaszolt", "right": "helyes", "lessons_done": "befejezett lecke",
        "lead_hint": "Válaszd ki a vezetendő leckét: az őt követő diákok minden lépést látnak, amelyet mutatsz.",
        "tables_head": "Asztalok", "new_table": "Új asztal", "game": "Játék", "edition": "Kiadás",
        "seats": "Helyek", "bots_fill": "Az üres helyeken játszik", "create": "Létrehozás", "join_table": "Ide ülök",
        "leave": "Felállok az asztaltól", "start": "A játék indítása", "free": "szabad", "bot": "gépi játékos", "you": "te",
        "watch": "Megnézem", "watch_as": "Kinek a szemével", "whole_table": "az egész asztal", "no_tables": "Még nincs asztal.",
        "status_open": "játékosokra vár", "status_playing": "játszanak", "status_over": "véget ért",
        "your_turn": "Te lépsz", "waiting_for": "{names} lépésére várunk", "game_over": "Vége a játéknak",
        "scores": "Pontok", "winners": "Győztes", "actions": "Amit most tehetsz",
        "no_actions": "Most nincs döntenivalód.", "log": "Mi történt",
        "trade": "Ajánlat", "to": "Kinek", "you_give": "Adsz", "you_ask": "Kérsz",
        "from_up": "a felfordított lapok közül", "send_offer": "Ajánlat elküldése", "gift_note": "Ha semmit sem kérsz, ajándékot adsz.",
        "offer_pick": "Kattints az asztalon a lapjaidra, hogy az ajánlatba tedd őket.",
        "seat_away": "távol", "bot_took_over": "gépi játékos játszik {name} helyett", "take_back": "Visszaveszem a helyem",
        "review": "A játszmám elemzése", "reviewing": "Keresem a legtöbbe kerülő lépéseket…",
        "save_lesson": "Mentés leckeként", "lesson_saved": "Elmentve leckeként: {key}.",
        "download_lesson": "A leckefájl letöltése", "close_table": "Az asztal bezárása",
        "one_table": "Már ülsz egy asztalnál: előbb állj fel onnan.", "table_full": "Annál az asztalnál nincs szabad hely.",
        "seat_taken": "Az a hely már foglalt.", "only_creator": "Csak az asztal létrehozója vagy a tanár indíthatja el.",
        "need_person": "Egy asztalhoz legalább egy ember kell.", "not_now": "Ez már nem lehetséges: az asztal megváltozott.",
        "pick_first": "Előbb válaszd ki a válaszodat, aztán nyomd meg az Ellenőrzés gombot.",
        "connecting": "Kapcsolódás…", "reconnecting": "Megszakadt a kapcsolat; újrapróbálom…",
        "bad_message": "Az oldal olyat küldött, amit az osztály nem ért; töltsd újra az oldalt.",
        "unknown_lesson": "Itt nincs ilyen lecke.", "teacher_only": "Ezt csak a tanár teheti meg.",
        "language": "Nyelv",
    },
}


def lang_of(lang: object) -> str:
    """``lang`` if the pages speak it, else English."""
    return lang if isinstance(lang, str) and lang in TEXT else "en"


def w(key: str, lang: str, **values: object) -> str:
    """One phrase in ``lang`` with its ``{placeholders}`` filled in."""
    text = TEXT[lang_of(lang)].get(key) or TEXT["en"][key]
    return text.format(**values) if values else text


def page_words(lang: str) -> dict[str, str]:
    """Every phrase in ``lang``: what a page's script labels its parts with."""
    return dict(TEXT[lang_of(lang)])
