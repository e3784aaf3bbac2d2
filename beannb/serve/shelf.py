"""The class's lessons: the scenario files of its folders, checked, titled and kept current.

A lesson is named by its path under its folder without the suffix, the same name
``beannb.scenarios.find`` takes (``bohnanza/lesson_03_trading``); a class link can carry
it (``/beannb/class?lesson=bohnanza/lesson_03_trading``). Every file is run through
``beannb check`` (:func:`beannb.scenarios.run_scenario`) when it appears or changes: a
lesson that fails is listed for the teacher with its error and never for students.
:meth:`Shelf.scan` only looks at file times, so a class server calls it every few seconds
and lessons added to a folder while the class runs appear.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

from ..scenario_format import Scenario, load_scenario, wordings
from ..scenarios import run_scenario
from ..walkthrough import Walkthrough

SUFFIXES = (".yaml", ".yml")
#: Failures quoted to the teacher for a lesson that does not pass (the rest are counted).
QUOTED_FAILURES = 3


@dataclass
class Lesson:
    """One scenario file of the class: where it is, what it is called, and whether it works."""

    key: str
    path: Path
    game: str
    titles: dict[str, str]
    kind: str                      # "lesson" (a teacher's file or a built-in lesson) or "case" (a rule case)
    stamp: tuple[float, int]       # (modification time, size) when it was read
    error: Optional[str] = None    # why ``beannb check`` fails, or None
    order: tuple = ()
    _lines: Optional[list[Scenario]] = field(default=None, repr=False)
    _walks: dict[int, Walkthrough] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles.get("en") or self.key

    # -- stepping ------------------------------------------------------------------------------
    def lines(self) -> list[Scenario]:
        """The file's own steps, then each variant's: what a learner can step through."""
        if self._lines is None:
            sc = load_scenario(self.path)
            self._lines = [sc, *sc.variants]
        return self._lines

    def line_titles(self, lang: str) -> list[str]:
        return [sc.title_in(lang) for sc in self.lines()]

    def walkthrough(self, line: int = 0, lang: str = "en") -> Walkthrough:
        """The frames of line ``line`` (made once per lesson version), the example players
        named as a page in ``lang`` names them (the same steps and choices in every language)."""
        lines = self.lines()
        if not 0 <= line < len(lines):
            raise IndexError(line)
        if line not in self._walks:
            self._walks[line] = Walkthrough.from_scenario(lines[line])
        return self._walks[line].in_language(lang)


def _stamp(path: Path) -> Optional[tuple[float, int]]:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime, st.st_size)


def check(path: Path, play: bool = True) -> tuple[Optional[Scenario], Optional[str]]:
    """Load and check one file as ``beannb check`` does: (the scenario or None, the error or None).
    ``play`` False only loads it (beannb's own files, which its tests check in full)."""
    try:
        sc = load_scenario(path)
    except Exception as exc:  # noqa: BLE001 - a broken file is reported, whatever broke
        return None, str(exc)
    if not play:
        return sc, None
    try:
        result = run_scenario(sc)
    except Exception as exc:  # noqa: BLE001
        return sc, f"{type(exc).__name__}: {exc}"
    if result.passed:
        return sc, None
    messages = result.messages()
    more = len(messages) - QUOTED_FAILURES
    return sc, "\n".join(messages[:QUOTED_FAILURES]) + (f"\n(and {more} more)" if more > 0 else "")


class Shelf:
    """The lessons under ``roots`` (the first root's lessons win a name they share).

    ``builtin`` roots hold beannb's own scenario files: there only ``lesson_*`` files are
    lessons, the rest rule cases; every file of another root is a lesson. beannb's own files
    are loaded, not played: its tests play every one, and playing all of them took a class
    server seconds of processor time before it could answer (a hub gives a service ten)."""

    def __init__(self, roots: Sequence[Path], builtin: Iterable[Path] = ()):
        self.roots = [Path(r) for r in roots]
        self.builtin = {Path(b).resolve() for b in builtin}
        self.by_key: dict[str, Lesson] = {}
        self.version = 0

    def _files(self) -> list[tuple[str, Path, bool, int]]:
        found: dict[str, tuple[str, Path, bool, int]] = {}
        for rank, root in enumerate(self.roots):
            if not root.is_dir():
                continue
            builtin = root.resolve() in self.builtin
            for path in sorted(root.rglob("*")):
                if path.suffix not in SUFFIXES or not path.is_file():
                    continue
                rel = path.relative_to(root)
                if any(part.startswith((".", "_")) for part in rel.parts):
                    continue
                key = rel.with_suffix("").as_posix()
                found.setdefault(key, (key, path, builtin, rank))
        return list(found.values())

    def scan(self) -> bool:
        """Bring the shelf up to date with its folders; True when anything changed."""
        changed = False
        seen = set()
        for key, path, builtin, rank in self._files():
            seen.add(key)
            stamp = _stamp(path)
            old = self.by_key.get(key)
            if stamp is None or (old is not None and old.path == path and old.stamp == stamp):
                continue
            sc, error = check(path, play=not builtin)
            raw = sc.raw if sc is not None else None
            game = sc.game if sc is not None else (key.split("/")[0] if "/" in key else "")
            kind = "case" if builtin and not path.stem.startswith("lesson") else "lesson"
            fallback = path.stem.replace("_", " ")
            titles = wordings(raw, "title", fallback) if isinstance(raw, dict) else {"en": fallback}
            self.by_key[key] = Lesson(key, path, game, titles, kind, stamp, error, (rank, kind != "lesson", key))
            changed = True
        for key in [k for k in self.by_key if k not in seen]:
            del self.by_key[key]
            changed = True
        if changed:
            self.version += 1
        return changed

    def lessons(self, with_broken: bool = False) -> list[Lesson]:
        """Every lesson in order (its folder, lessons before rule cases, its name); broken ones
        only when asked (the teacher's list)."""
        return sorted((les for les in self.by_key.values() if with_broken or les.ok), key=lambda les: les.order)

    def get(self, key: str, with_broken: bool = False) -> Optional[Lesson]:
        les = self.by_key.get(str(key).strip("/"))
        if les is None or (not les.ok and not with_broken):
            return None
        return les
