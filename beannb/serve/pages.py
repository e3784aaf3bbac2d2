"""The short pages the server answers with itself: refusals, "the class is full", the join page.

Each is one self-contained HTML string (no script, nothing from another host), English
and Hungarian together because the reader's language is not known yet.
"""

from __future__ import annotations

import html

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{refresh}
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#222}}
h1{{font-size:1.4em}}p{{line-height:1.5}}.hu{{color:#555}}</style></head>
<body class="beannb-{kind}"><h1>{title}</h1><p>{en}</p><p class="hu" lang="hu"><b>{title_hu}.</b> {hu}</p></body></html>
"""

MESSAGES: dict[str, dict[str, str]] = {
    "full": {
        "title": "The class is full",
        "en": "Every place on this server is taken right now. Try again in a minute: "
        "this page tries again by itself.",
        "title_hu": "Az osztály megtelt",
        "hu": "Most minden hely foglalt ezen a szerveren. Próbáld újra egy perc múlva: "
        "az oldal magától is újrapróbálja.",
    },
    "token": {
        "title": "This page needs the class link",
        "en": "Open the link your teacher shows: it ends in ?token=…",
        "title_hu": "Ehhez az oldalhoz az osztály linkje kell",
        "hu": "Nyisd meg a linket, amelyet a tanárod mutat: a végén ?token=… áll.",
    },
    "host": {
        "title": "Wrong address",
        "en": "This server answers only at the address your teacher shows.",
        "title_hu": "Rossz cím",
        "hu": "Ez a szerver csak a tanárod által mutatott címen válaszol.",
    },
    "logout": {
        "title": "Signed out",
        "en": "Open the class link again to come back.",
        "title_hu": "Kijelentkeztél",
        "hu": "A visszatéréshez nyisd meg újra az osztály linkjét.",
    },
    "error": {
        "title": "Something went wrong",
        "en": "The server could not answer this request ({status}).",
        "title_hu": "Hiba történt",
        "hu": "A szerver nem tudott válaszolni erre a kérésre ({status}).",
    },
}

FULL_RETRY_S = 60


def message_page(kind: str, status: int | None = None, refresh: int | None = None) -> str:
    """A short bilingual (English and Hungarian) page; no script, no external resource."""
    text = {k: html.escape(v.format(status=status)) for k, v in MESSAGES[kind].items()}
    meta = f'\n<meta http-equiv="refresh" content="{int(refresh)}">' if refresh else ""
    return _PAGE.format(kind=kind, refresh=meta, **text)


def join_qr(link: str) -> str:
    """The join link as a QR code drawn with block characters, for the teacher's terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


_JOIN_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Join the class · Csatlakozás</title>
<style>body{{font-family:system-ui,sans-serif;text-align:center;margin:2em;color:#222}}
h1{{font-size:2em;margin:.2em}}.hu{{color:#555}}svg{{display:block;margin:0 auto;width:min(60vh,90vw);height:auto}}
code{{font-size:1.4em;word-break:break-all;background:#f4f1e8;padding:.2em .4em;border-radius:4px}}</style></head>
<body class="beannb-join"><h1>Join the class</h1><p class="hu" lang="hu">Csatlakozz az osztályhoz</p>
{svg}
<p>Scan the code or type the address. <span class="hu" lang="hu">Olvasd be a kódot, vagy írd be a címet.</span></p>
<p><code>{link}</code></p></body></html>
"""


def join_page(link: str) -> str:
    """A page for the projector: the join link as a large QR code and as text (self-contained)."""
    import segno

    svg = segno.make(link, error="m").svg_inline(border=2, omitsize=True, title="QR", svgclass="beannb-qr")
    return _JOIN_PAGE.format(svg=svg, link=html.escape(link))

