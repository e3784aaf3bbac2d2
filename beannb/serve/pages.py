"""The pages the server answers with itself: refusals, "the class is full", the join page,
and the class pages' shells (the class page, the join form, the teacher's page).

A message page is one self-contained HTML string (no script, nothing from another host),
English and Hungarian together because the reader's language is not known yet. The class
pages speak only their reader's language; their script (``serve/front/class.js``) draws
what the class hub sends.
"""

from __future__ import annotations

import html
import json
from typing import Any, Optional

from ..i18n import LANGS
from ..i18n.messages import NC_
from .words import table

_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{refresh}
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#222}}
h1{{font-size:1.4em}}p{{line-height:1.5}}.other{{color:#555}}</style></head>
<body class="beannb-{kind}"><h1>{title}</h1><p>{text}</p>{others}</body></html>
"""

#: The message pages: ``page-<kind>-title`` and ``page-<kind>`` in each language.
MESSAGES = table([
    NC_("page-full-title", "The class is full"),
    NC_("page-full", "Every place on this server is taken right now. Try again in a minute: "
                     "this page tries again by itself."),
    NC_("page-token-title", "This page needs the class link"),
    NC_("page-token", "Open the link your teacher shows: it ends in ?token=…"),
    NC_("page-teacher-title", "This page needs the teacher's link"),
    NC_("page-teacher", "Open the teacher's link that beannb app --class printed where it was started."),
    # a class on a JupyterHub: the teacher's page, opened by someone not in the class's teacher group
    NC_("page-hubteacher-title", "This page is for the class's teachers"),
    NC_("page-hubteacher", "Only the members of the class's teacher group on this hub open it. "
                           "Ask the hub's administrator to add you to that group."),
    NC_("page-host-title", "Wrong address"),
    NC_("page-host", "This server answers only at the address your teacher shows."),
    NC_("page-logout-title", "Signed out"),
    NC_("page-logout", "Open the class link again to come back."),
    NC_("page-error-title", "Something went wrong"),
    # TRANSLATORS: status is the HTTP status code (404, 500 …)
    NC_("page-error", "The server could not answer this request ({status})."),
    # the projector's join page
    NC_("page-join-title", "Join the class"),
    # TRANSLATORS: under the join page's QR code
    NC_("page-join-scan", "Scan the code or type the address."),
    # the answer of a class server that is still starting (it reloads itself every second)
    NC_("page-starting-title", "The class is starting"),
    NC_("page-starting", "This page opens by itself in a moment."),
])

FULL_RETRY_S = 60


def send_page(handler: Any, status: int, kind: str, refresh: int | None = None) -> None:
    """Answer ``handler``'s request (a tornado handler's) with the message page ``kind``."""
    handler.clear()
    handler.set_status(status)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    if status == 503:
        handler.set_header("Retry-After", str(FULL_RETRY_S))
    handler.finish(message_page(kind, status, refresh))


class MessageErrors:
    """A handler whose error pages are message pages: the class link's for a 403."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        send_page(self, status_code, "token" if status_code == 403 else "error")


def message_page(kind: str, status: int | None = None, refresh: int | None = None, lang: str | None = None) -> str:
    """A short page in every language at once (English first, then the others), or in ``lang``
    alone; no script, no external resource."""
    def say(code: str, lang: str) -> str:
        return html.escape(MESSAGES.text(code, lang, status=status))

    first, *others = LANGS if lang is None else (lang,)
    more = "".join(f'<p class="other" lang="{lang}"><b>{say(f"page-{kind}-title", lang)}.</b> '
                   f'{say(f"page-{kind}", lang)}</p>' for lang in others)
    meta = f'\n<meta http-equiv="refresh" content="{int(refresh)}">' if refresh else ""
    return _PAGE.format(kind=kind, lang=first, refresh=meta, title=say(f"page-{kind}-title", first),
                        text=say(f"page-{kind}", first), others=more)


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
<title>{titles}</title>
<style>body{{font-family:system-ui,sans-serif;text-align:center;margin:2em;color:#222}}
h1{{font-size:2em;margin:.2em}}.other{{color:#555}}svg{{display:block;margin:0 auto;width:min(60vh,90vw);height:auto}}
code{{font-size:1.4em;word-break:break-all;background:#f4f1e8;padding:.2em .4em;border-radius:4px}}</style></head>
<body class="beannb-join"><h1>{title}</h1>{other_titles}
{svg}
<p>{scan}{other_scans}</p>
<p><code>{link}</code></p></body></html>
"""


def join_page(link: str) -> str:
    """A page for the projector: the join link as a large QR code and as text (self-contained)."""
    import segno

    svg = segno.make(link, error="m").svg_inline(border=2, omitsize=True, title="QR", svgclass="beannb-qr")
    def say(code: str, lang: str) -> str:
        return html.escape(MESSAGES.text(code, lang))

    first, *others = LANGS
    return _JOIN_PAGE.format(svg=svg, link=html.escape(link), titles=" · ".join(say("page-join-title", lang) for lang in LANGS),
                             title=say("page-join-title", first), scan=say("page-join-scan", first),
                             other_titles="".join(f'<p class="other" lang="{lang}">{say("page-join-title", lang)}</p>'
                                                  for lang in others),
                             other_scans="".join(f' <span class="other" lang="{lang}">{say("page-join-scan", lang)}</span>'
                                                 for lang in others))


# -- the class pages ----------------------------------------------------------------------------

_SHELL = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="{static}touch.css"><link rel="stylesheet" href="{static}class.css">
</head><body class="beannb-class-page beannb-{role}">
<div id="beannb-class" data-cfg="{cfg}"><p class="bc-connecting">{connecting}</p></div>
<script type="module" src="{static}class.js"></script>
</body></html>
"""


def class_shell(role: str, cfg: dict[str, Any], lang: str, words: dict[str, str]) -> str:
    """The class page (``role`` "student") or the teacher's page: an empty shell the script
    fills from the hub's parts; ``cfg`` tells the script where the hub is."""
    static = cfg["static"]
    title = words["teacher"] if role == "teacher" else words["class"]
    return _SHELL.format(lang=html.escape(lang), title=html.escape(f"beannb · {title}"), static=html.escape(static),
                         role=html.escape(role), cfg=html.escape(json.dumps(cfg)),
                         connecting=html.escape(words["connecting"]))


_JOIN_FORM = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>beannb · {title}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="{static}class.css"></head>
<body class="beannb-class-page beannb-join-form"><main class="bc-join">
<h1>{title}</h1>
<form method="post" action="{action}">{xsrf}
<label for="bc-name">{label}</label>
<input id="bc-name" name="name" maxlength="24" autocomplete="given-name" required autofocus value="{name}">
<input type="hidden" name="lesson" value="{lesson}"><input type="hidden" name="lang" value="{lang}">
<button type="submit">{join}</button>
<p class="bc-help">{help}</p>{error}
</form>
<p class="bc-langs">{langs}</p>
</main></body></html>
"""


def join_form(words: dict[str, str], lang: str, *, action: str, static: str, xsrf: str, lesson: str = "",
              name: str = "", error: Optional[str] = None, lang_links: Optional[dict[str, str]] = None) -> str:
    """The form a student types a name into (no script: it works before anything loads)."""
    err = f'<p class="bc-error" role="alert">{html.escape(error)}</p>' if error else ""
    links = " · ".join(f'<a href="{html.escape(href)}" lang="{code}">{html.escape(label)}</a>'
                       for code, (label, href) in (lang_links or {}).items() if code != lang)
    return _JOIN_FORM.format(lang=html.escape(lang), title=html.escape(words["join_title"]), action=html.escape(action),
                             static=html.escape(static), xsrf=xsrf, label=html.escape(words["your_name"]),
                             name=html.escape(name), lesson=html.escape(lesson), join=html.escape(words["join"]),
                             help=html.escape(words["name_help"]), error=err, langs=links)
