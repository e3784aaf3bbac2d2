"""Keep the message catalogues in step with the code (``make translations``).

For each domain: Babel extracts the messages marked with ``NC_``/``NPC_`` into the
template (``locale/<domain>.pot``), merges it into each language's ``.po`` (a changed English
text comes back marked fuzzy for the translator) and compiles the ``.mo`` files the package
reads. ``python -m beannb.i18n.extract --check`` changes nothing and says what is out of step.

Babel is needed here only (it comes with the test extra); the package reads ``.mo`` files with
the standard library.
"""
from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

from . import LANGS
from .catalogue import RULES_LOCALE, domain_of, entries

PACKAGE = Path(__file__).resolve().parent.parent
RULES_DIR = PACKAGE / "data" / "rules"
#: How the markers are read: the code is the context, the English text the message id.
KEYWORDS = {"NC_": ((1, "c"), 2), "NPC_": ((1, "c"), 2, 3)}
#: The games: each folder of ``beannb/games`` that is a package (this layer sits below the
#: games and their registry, so it finds them on disk; every game's messages live there).
GAMES = tuple(sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file()))
#: The games with a rules catalogue (``beannb/data/rules/<game>.yaml``).
RULES_GAMES = tuple(sorted(p.stem for p in RULES_DIR.glob("*.yaml")))


@dataclass(frozen=True)
class Domain:
    name: str
    sources: tuple[Path, ...]
    locale: Path
    skip: tuple[Path, ...] = ()
    #: A game whose rules file (``beannb/data/rules/<game>.yaml``) the domain's texts come from,
    #: instead of code.
    rules_of: Optional[str] = None

    def files(self) -> list[Path]:
        return [path for src in self.sources for path in sorted(src.rglob("*.py"))
                if not any(path.is_relative_to(s) for s in self.skip)]

    def pot(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.mo"


#: Packages whose messages form a domain of their own, kept in their own ``locale`` folder: the
#: notebook widgets and the class server (each owns its words, as each game does).
OWN_DOMAINS = ("widgets", "serve")


def domains() -> list[Domain]:
    """Each game's messages live in its own package, the widgets' and the class server's in
    theirs; everything else (the engine's frame of a refusal, the views, lessons, hints) is the
    ``beannb`` domain."""
    games = PACKAGE / "games"
    out = [Domain(g, (games / g,), games / g / "locale") for g in GAMES]
    out += [Domain(name, (PACKAGE / name,), PACKAGE / name / "locale") for name in OWN_DOMAINS]
    out.append(Domain("beannb", (PACKAGE,), PACKAGE / "i18n" / "locale",
                      skip=(games, *(PACKAGE / name for name in OWN_DOMAINS))))
    out += [Domain(domain_of(g), (RULES_DIR / f"{g}.yaml",), RULES_LOCALE, rules_of=g) for g in RULES_GAMES]
    return out


def translated_langs() -> list[str]:
    return [lang for lang in LANGS if lang != "en"]


def template(domain: Domain):
    """The domain's messages as the code declares them (a Babel catalogue)."""
    from babel.messages.extract import extract

    cat = _catalog(None, domain.name)
    if domain.rules_of is not None:
        where = [(str(domain.sources[0].relative_to(PACKAGE.parent)), None)]
        for entry in entries(domain.rules_of):
            cat.add(entry.singular, None, where, context=entry.code)
        return cat
    for path in domain.files():
        with open(path, "rb") as fh:
            for lineno, message, comments, context in extract("python", fh, keywords=KEYWORDS,
                                                              comment_tags=("TRANSLATORS:",)):
                cat.add(message, None, [(str(path.relative_to(PACKAGE.parent)), lineno)],
                        auto_comments=comments, context=context)
    return cat


HEADER = """{what} for beannb: {domain} messages.
Copyright (C) The beannb authors. Distributed under the same licence as beannb (MIT).
Made with 'make translations'; translators edit the msgstr lines only."""


#: The catalogues' header dates, fixed: a compiled file changes only when a message does.
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _catalog(lang: Optional[str], domain: str):
    from babel.messages.catalog import Catalog

    what = "Message template" if lang is None else f"{lang} translations"
    return Catalog(locale=lang, domain=domain, project="beannb", version="", charset="utf-8", fuzzy=False,
                   creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                   header_comment="\n".join("# " + ln for ln in HEADER.format(what=what, domain=domain).splitlines()),
                   copyright_holder="The beannb authors", msgid_bugs_address="https://github.com/beannb/beannb/issues",
                   last_translator="The beannb authors", language_team=f"beannb {lang or ''}".strip())


def _po_bytes(catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, no_location=False, sort_by_file=True,
             include_previous=True, ignore_obsolete=True, include_lineno=False)
    text = out.getvalue().decode("utf-8")
    # The header's dates would change the files on every run: keep them fixed.
    lines = [ln for ln in text.splitlines(keepends=True)
             if not ln.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:', '"Generated-By:'))]
    return "".join(lines).encode("utf-8")


def _mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read_po(path: Path, lang: str):
    from babel.messages.pofile import read_po as _read

    with open(path, "rb") as fh:
        cat = _read(fh, locale=lang, abort_invalid=True)
    cat.creation_date = cat.revision_date = FIXED_DATE
    return cat


def planned(domain: Domain) -> dict[Path, bytes]:
    """What each of the domain's files should hold, from the code and the translations so far."""
    tmpl = template(domain)
    files = {domain.pot(): _po_bytes(tmpl)}
    for lang in translated_langs():
        po_path = domain.po(lang)
        cat = read_po(po_path, lang) if po_path.exists() else _catalog(lang, domain.name)
        cat.update(tmpl, update_header_comment=False, no_fuzzy_matching=False)
        cat.obsolete.clear()
        files[po_path] = _po_bytes(cat)
        files[domain.mo(lang)] = _mo_bytes(cat)
    return files


def problems(domain: Domain) -> list[str]:
    """Messages a language lacks or has only as a fuzzy guess, for each language."""
    out = []
    for lang in translated_langs():
        if not domain.po(lang).exists():
            out.append(f"{domain.name}: no {lang} catalogue ({domain.po(lang).relative_to(PACKAGE.parent)})")
            continue
        cat = read_po(domain.po(lang), lang)
        for msg in cat:
            if not msg.id:
                continue
            if not msg.string or (isinstance(msg.string, tuple) and not all(msg.string)):
                out.append(f"{domain.name} [{lang}] {msg.context}: untranslated: {msg.id!r}")
            elif msg.fuzzy:
                out.append(f"{domain.name} [{lang}] {msg.context}: fuzzy (the English changed): {msg.id!r}")
    return out


def run(check: bool = False, only: Optional[str] = None) -> int:
    stale, todo = [], []
    for domain in domains():
        if only and domain.name != only:
            continue
        for path, data in planned(domain).items():
            if not path.exists() or path.read_bytes() != data:
                stale.append(path)
                if not check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
        todo += problems(domain)
    for path in stale:
        print(("out of step: " if check else "wrote ") + str(path.relative_to(PACKAGE.parent)))
    for line in todo:
        print(line)
    if check and stale:
        print("run 'make translations' to bring the catalogues in step with the code")
    return 1 if (check and stale) or todo else 0


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m beannb.i18n.extract", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; fail if a catalogue is out of step")
    ap.add_argument("--domain", help="only this domain (a game's name, 'rules-<game>', 'widgets', 'serve' or 'beannb')")
    args = ap.parse_args(argv)
    return run(check=args.check, only=args.domain)


if __name__ == "__main__":
    sys.exit(main())
