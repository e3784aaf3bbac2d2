"""Interface strings (buttons, headings) and action labels, in English and Hungarian."""
from __future__ import annotations


UI = {
    "en": {
        "next": "Next ▶", "back": "◀ Back", "step": "Step", "start": "Start", "undo": "Undo", "redo": "Redo",
        "try": "Try it", "try_placeholder": "type any action, e.g. Ann harvest 1", "try_heading": "Try anything",
        "actions": "What you can do now", "no_actions": "Nothing to decide for this seat right now.",
        "log": "What happened", "seat": "View", "teacher": "Whole table (teacher)", "language": "Language",
        "trade": "Make an offer", "partner": "To", "give": "You give", "get": "You ask for", "from_faceup": "from the face-up cards",
        "send_offer": "Send offer", "refused": "Refused", "rule": "Rule", "allowed": "Allowed now", "ok": "Done",
        "check": "Check", "correct": "Right!", "wrong": "Not quite.", "your_seat": "Your seat", "bots": "Bots",
        "bot_kind": "Bot kind", "new_game": "New game", "waiting_for": "Waiting for", "game_over": "Game over",
        "changed": "What changed", "question": "Question", "exercise": "Exercise", "seed": "Seed", "variant": "Variant",
        "players": "Players", "profile": "Edition", "nothing_changed": "Nothing on the table changed.", "play_bots": "Let the bots play",
        "choose_all_legal": "Tick every action that is legal now.", "pick_one": "Pick one answer.",
        "answer": "Answer", "none_of_them": "none of them", "bot_greedy": "sensible", "bot_random": "random", "bot_trader": "trader (haggles)", "bot_strong": "strong (searches)",
        "pick_first": "Choose your answer first, then press Check.",
    },
    "hu": {
        "next": "Tovább ▶", "back": "◀ Vissza", "step": "Lépés", "start": "Kezdés", "undo": "Visszavonás", "redo": "Újra",
        "try": "Próbáld ki", "try_placeholder": "írj be bármilyen lépést, pl. Ann harvest 1", "try_heading": "Próbálj ki bármit",
        "actions": "Amit most tehetsz", "no_actions": "Ennek a helynek most nincs döntenivalója.",
        "log": "Mi történt", "seat": "Nézet", "teacher": "Az egész asztal (tanári nézet)", "language": "Nyelv",
        "trade": "Ajánlat", "partner": "Kinek", "give": "Adsz", "get": "Kérsz", "from_faceup": "a felfordított lapok közül",
        "send_offer": "Ajánlat elküldése", "refused": "Nem szabályos", "rule": "Szabály", "allowed": "Most ezt teheted", "ok": "Kész",
        "check": "Ellenőrzés", "correct": "Helyes!", "wrong": "Nem egészen.", "your_seat": "A helyed", "bots": "Gépi játékosok",
        "bot_kind": "Gépi játékos fajtája", "new_game": "Új játék", "waiting_for": "Rá várunk", "game_over": "Vége a játéknak",
        "changed": "Mi változott", "question": "Kérdés", "exercise": "Feladat", "seed": "Kezdőérték", "variant": "Változat",
        "players": "Játékosok", "profile": "Kiadás", "nothing_changed": "Az asztalon semmi sem változott.", "play_bots": "Játsszanak a gépi játékosok",
        "choose_all_legal": "Jelöld be az összes most szabályos lépést.", "pick_one": "Válassz egy választ.",
        "answer": "Jó válasz", "none_of_them": "egyik sem", "bot_greedy": "megfontolt", "bot_random": "véletlenszerű", "bot_trader": "alkudozó", "bot_strong": "erős (előre számol)",
        "pick_first": "Előbb válaszd ki a válaszodat, aztán nyomd meg az Ellenőrzés gombot.",
    },
}


PATH_WORDS = {
    "en": {"hand": "hand", "fields": "fields", "coins": "coins", "pending": "cards to plant", "third_field": "3rd field",
           "deck": "deck", "discard": "discard pile", "faceup": "face-up cards", "offer_zone": "cards on offer",
           "offers": "open offers", "active": "active player", "phase": "phase", "turn": "turn",
           "exhausted": "deck passes", "over": "end of the game", "scores": "scores", "winners": "winner",
           "removed": "cards out of play", "texts": "text cards", "text_count": "text cards",
           "protected": "protected fields"},
    "hu": {"hand": "kéz", "fields": "babföldek", "coins": "babtallérok", "pending": "elültetendő lapok",
           "third_field": "3. babföld", "deck": "húzópakli", "discard": "dobott lapok", "faceup": "felfordított lapok",
           "offer_zone": "felkínált lapok", "offers": "nyitott ajánlatok", "active": "aktív játékos", "phase": "fázis",
           "turn": "kör", "exhausted": "pakli-kifogyások", "over": "a játék vége", "scores": "pontszámok",
           "winners": "győztes", "removed": "játékon kívüli lapok", "texts": "szöveges kártyák",
           "text_count": "szöveges kártyák", "protected": "védett babföldek"},
}


def path_word(path: str, lang: str = "en") -> str:
    """A table path in words ('' for bookkeeping paths a learner need not see)."""
    head = path.split(".")[0]
    if path.endswith("hand_size"):
        head = "hand"
    return PATH_WORDS.get(lang, PATH_WORDS["en"]).get(head, "")


def t(key: str, lang: str = "en") -> str:
    return UI.get(lang, UI["en"]).get(key) or UI["en"].get(key, key)
