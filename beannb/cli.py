"""The ``beannb`` command: rules, check, new-lesson, sim, bench, app, site, docs, worksheet, show, summary."""
from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from .i18n import LANGS


def _rules(args) -> int:
    from .games import available
    from .i18n.catalogue import catalogue, sections

    games = [args.game] if args.game else [g for g in available() if catalogue(g)]
    for game in games:
        cat = catalogue(game)
        if not cat:
            print(f"{game}: no rules catalogue yet", file=sys.stderr)
            return 1
        if args.id:
            r = cat.get(args.id)
            if not r:
                print(f"no rule {args.id} in {game}; ids run {next(iter(cat))}…{list(cat)[-1]}", file=sys.stderr)
                return 1
            print(f"{r.id}  {r.title[args.lang]}\n{r.statement(args.lang)}")
            continue
        print(f"# {game} — {len(cat)} rules")
        for sec in sections(game):
            print(f"\n## {sec['title'][args.lang]}")
            for rid in sec["rules"]:
                r = cat[rid]
                print(f"{r.id}  {r.title[args.lang]}: {r.statement(args.lang)}")
    return 0


def _check(args) -> int:
    from .scenarios import Result, check_paths, uncovered

    # check_paths reports a missing path, an unreadable or unloadable file and a crashing run
    # as a failed result and goes on; whatever still goes wrong, the summary line is printed.
    try:
        results = check_paths(args.paths, keep_walks=args.show)
    except Exception as exc:  # noqa: BLE001 - a last resort: never end without the summary
        results = [Result(" ".join(map(str, args.paths)), "", "?", [], [f"the check failed: {type(exc).__name__}: {exc}"])]
    for r in results:
        if not r.passed:
            first, *more = r.messages()
            print(f"FAIL {first}")
            for m in more:  # every failed check of the file, each naming its line
                print(f"     {m}")
        elif args.verbose:
            print(f"ok   {r.path}")
    if args.show:
        from .scenarios import write_preview

        try:
            out = write_preview(args.paths, args.preview, lang=args.lang, results=results)
            print(f"preview: {out}")
        except Exception as exc:  # noqa: BLE001 - the preview is extra; the summary still comes
            print(f"the preview could not be written: {type(exc).__name__}: {exc}", file=sys.stderr)
            results.append(Result(str(args.preview), "", "?", [], [f"preview: {type(exc).__name__}: {exc}"]))
    if args.coverage:
        try:
            for game, ids in uncovered(results).items():
                if ids:
                    print(f"{game}: {len(ids)} rule(s) not cited by a passing scenario: {', '.join(ids)}")
                else:
                    print(f"{game}: every rule is cited by a passing scenario")
        except Exception as exc:  # noqa: BLE001 - the coverage list is extra; the summary still comes
            print(f"coverage could not be listed: {type(exc).__name__}: {exc}", file=sys.stderr)
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _new_lesson(args) -> int:
    from .scenarios import write_stub

    try:
        path = write_stub(args.game, args.path, force=args.force)
    except (ValueError, OSError) as exc:
        return _refuse(args, exc)
    print(f"wrote {path}; check it with: beannb check {path}")
    return 0


def _sim(args) -> int:
    from .sim import MissingExtra, simulate, format_report

    study = (args.players, args.games, args.bots.split(","), args.seed)  # what both kinds of run take
    how = {"options": _options(args.option), "rotate": args.rotate, "jobs": args.jobs, "scheduler": args.scheduler}
    try:
        if args.without:
            from .sim import format_worth, worth

            print(format_worth(worth(args.game, args.without, *study, **how)))
            return 0
        report = simulate(args.game, *study, progress=not args.quiet, **how)
    except (ValueError, MissingExtra) as exc:
        return _refuse(args, exc)
    except OSError as exc:  # the scheduler cannot be reached
        return _refuse(args, f"the scheduler {args.scheduler}: {exc}")
    print(format_report(report))
    return 0


def _bench(args) -> int:
    # Each benchmark is imported only when it runs (none of them is needed by any other command).
    if args.class_size is not None and getattr(args, "live", False):
        from .bench.live import run_live_bench

        return run_live_bench(args.class_size, steps=args.steps)
    if args.class_size is not None:
        from .bench.app import run_class_bench

        return run_class_bench(args.class_size, waves=args.waves, clicks=args.clicks, pool=args.pool,
                               max_kernels=args.max_kernels, same_page=args.same_page)
    if getattr(args, "hub", None) is not None:
        from .bench.hub import run_hub_bench

        return run_hub_bench(args.hub, clicks=args.clicks)
    if getattr(args, "site", False):
        from .bench.site import run_site_bench

        return run_site_bench()
    if args.app:
        from .bench.app import run_app_bench

        return run_app_bench()
    if getattr(args, "hint", False):
        from .bench.hint import run_hint_bench

        return run_hint_bench(iterations=args.hint_iterations, positions_per_game=args.positions,
                              games=[args.game] if args.game else None, browser=not args.no_browser)
    if getattr(args, "strong", False):
        from .bench.strong import run_strong_bench

        return run_strong_bench(games=args.games if args.games is not None else 200, only=args.game,
                                iterations=args.strong_iterations, seed=args.seed, jobs=args.jobs)
    from .bench.engine import run_bench

    return run_bench(games=args.games if args.games is not None else 60, runs=args.runs, only=args.game,
                     compare=not args.fast_only)


def _app(args) -> int:
    from .serve import run

    return run(args)


def _site(args) -> int:
    from .site import run

    return run(args)


def _show(args) -> int:
    from .games import load

    try:
        g = load(args.file)
    except ValueError as exc:
        return _refuse(args, exc)
    for line in g.narration(args.lang):
        print(line)
    return 0


def _summary(args) -> int:
    from pathlib import Path

    from .games import available
    from .render.overview import summary_html, write_summaries

    if args.all:
        for path in write_summaries(Path(args.all)):
            print(path)
        return 0
    if not args.game or args.game not in available():
        return _refuse(args, f"name a game ({', '.join(available())}) or use --all FOLDER")
    page = summary_html(args.game, args.lang, teacher=args.teacher)
    if args.out:
        Path(args.out).write_text(page, encoding="utf-8")
    else:
        sys.stdout.write(page)
    return 0


def _worksheet(args) -> int:
    """``beannb worksheet PATH... [--lang] [--answers] [-o FILE]``: a printable page of the
    lessons' questions (with ``--answers``, the key under each)."""
    from pathlib import Path

    from .worksheet import WorksheetError, worksheet_html

    try:
        page = worksheet_html(args.paths, args.lang, answers=args.answers)
    except WorksheetError as exc:
        return _refuse(args, exc)
    if not args.out:
        sys.stdout.write(page)
        return 0
    try:
        Path(args.out).write_text(page, encoding="utf-8")
    except OSError as exc:
        return _refuse(args, f"cannot write {args.out}: {exc.strerror or exc}")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def _refuse(args, message: object) -> int:
    """Say on standard error why the command stops (``beannb sim: …``): exit status 2."""
    print(f"beannb {args.cmd}: {message}", file=sys.stderr)
    return 2


def _options(pairs: Sequence[str]) -> dict:
    import yaml

    out = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise SystemExit(f"--option takes name=value, not {pair!r}")
        k, v = pair.split("=", 1)
        out[k] = yaml.safe_load(v)
    return out


def _docs(args) -> int:
    """``beannb docs [NAME] [--path]``: the guides shipped with the package."""
    import difflib

    from .core.paths import doc_title, docs_dir

    try:
        folder = docs_dir()
    except FileNotFoundError as exc:
        return _refuse(args, exc)
    guides = {p.stem: p for p in sorted(folder.glob("*.md"))}
    if not args.name:
        if args.path:
            print(folder)
            return 0
        width = max(map(len, guides))
        for name, path in guides.items():
            print(f"  {name:<{width}}  {doc_title(path)}")
        print(f"Print one with 'beannb docs NAME'; the files are in {folder}")
        return 0
    name = args.name[:-3] if args.name.endswith(".md") else args.name
    if name not in guides:
        close = difflib.get_close_matches(name, list(guides), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return _refuse(args, f"no guide {args.name!r}{hint} The guides are: {', '.join(guides)}")
    print(guides[name] if args.path else guides[name].read_text("utf-8").rstrip("\n"))
    return 0


def _games_in_words() -> str:
    """The registered games as the help says them, in the order the app lists them: "a, b or c"."""
    from .games import listed

    names = listed()
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def build_parser() -> argparse.ArgumentParser:
    from ._version import __version__

    ap = argparse.ArgumentParser(prog="beannb", description="Learn Bohnanza and its expansions by playing them.")
    ap.add_argument("--version", action="version", version=f"beannb {__version__}")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    games = _games_in_words()

    p = sub.add_parser("rules", help="print a game's rules catalogue")
    p.add_argument("game", nargs="?", help=f"{games} (default: all)")
    p.add_argument("--id", help="one rule, e.g. B-29")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the rule texts (default: en)")
    p.set_defaults(func=_rules)

    p = sub.add_parser("check", help="run scenario files; ends with 'N passed, N failed'")
    p.add_argument("paths", nargs="+", help="scenario files or folders of them")
    p.add_argument("--coverage", action="store_true", help="list rule ids no passing scenario cites")
    p.add_argument("-v", "--verbose", action="store_true", help="also list the files that pass")
    p.add_argument("--show", action="store_true",
                   help="also write an HTML preview of every step as the walkthrough shows it, to open in a browser")
    p.add_argument("--preview", default="preview.html", metavar="FILE",
                   help="with --show: the preview file to write (default: preview.html)")
    p.add_argument("--lang", choices=LANGS, default="en", help="with --show: the preview's language (default: en)")
    p.set_defaults(func=_check)

    p = sub.add_parser("new-lesson", help="write a commented lesson stub for a game that passes beannb check")
    p.add_argument("game", help=games)
    p.add_argument("path", help="the file to write (.yaml); a folder gets <game>_lesson.yaml")
    p.add_argument("--force", action="store_true", help="replace the file if it exists")
    p.set_defaults(func=_new_lesson)

    p = sub.add_parser("sim", help="simulate games between bots")
    p.add_argument("--game", default="bohnanza", help=f"{games} (default: bohnanza)")
    p.add_argument("--players", type=int, default=4, help="players per game (default: 4)")
    p.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    p.add_argument("--bots", default="random", help="comma-separated bot per seat (random, greedy, trader, strong); one name fills every seat")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed + i (default: 1)")
    p.add_argument("--option", action="append", help="ruleset option name=value, e.g. profile=RIO_GRANDE")
    p.add_argument("--rotate", action="store_true",
                   help="the bots change seats from game to game (bot i plays seat (i + g) mod players in game g), "
                        "so that e.g. strong,greedy,greedy,greedy measures the strong bot from every seat, not "
                        "from the first one only; the rows are then the bots as given")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("--without", metavar="CARD",
                   help="a worth study: the same seeds with and without this text card, potion or terrain (what "
                        "the game's option 'without' can leave out), compared game by game")
    p.add_argument("--jobs", default="1", metavar="N",
                   help="play on N local processes (0 or auto: one per core); the figures are the same as with "
                        "one, since game i depends on seed + i alone (default: 1)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 (its workers need this "
                        "version of beannb; pip install 'beannb[cluster]'); the figures are the same as here")
    p.set_defaults(func=_sim)

    p = sub.add_parser("bench", help="engine speed figures (or --app for the Voila app)")
    p.add_argument("--games", type=int, default=None,
                   help="games per run (default 60; with --strong: games per game, default 200)")
    p.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    p.add_argument("--game", help="only this ruleset")
    p.add_argument("--fast-only", action="store_true",
                   help="measure only the fast paths (by default each run also plays the checked reference way)")
    p.add_argument("--app", action="store_true", help="measure the Voila app against a trivial notebook")
    p.add_argument("--site", action="store_true",
                   help="measure the browser-only site (make site) side by side with the Voila app")
    p.add_argument("--hub", type=int, metavar="N", default=None,
                   help="beannb on a JupyterHub (on 127.0.0.1; make hub-deps installs its proxy): N students, one "
                        "after another, open the class page, their own server's landing page and the base game "
                        "(--clicks); prints each student's memory and processor time and what 30, 300 and 3,000 "
                        "students need")
    p.add_argument("--class", dest="class_size", type=int, metavar="N", default=None,
                   help="N browser tabs at once against the app in classroom mode (half landing page, half base game), "
                        "then N on a one-button reference notebook")
    p.add_argument("--live", action="store_true",
                   help="with --class N: a live class: one teacher steps a lesson for N students, then N/4 tables of "
                        "four people play their games; ends with a 'live: ...' summary line")
    p.add_argument("--steps", type=int, default=10, help="with --class --live: steps the teacher shows")
    p.add_argument("--waves", type=int, default=3, help="with --class: waves of N tabs on the same server")
    p.add_argument("--clicks", type=int, default=3, help="with --class or --hub: clicks per base-game tab")
    p.add_argument("--same-page", action="store_true",
                   help="with --class: all N tabs on the base game (a class sent to one page), under the planned cap")
    p.add_argument("--pool", type=int, default=None, help="with --class: preheated kernels per page (default: as beannb app --class)")
    p.add_argument("--max-kernels", type=int, default=None, help="with --class: kernel cap (default: as beannb app --class)")
    p.add_argument("--hint", action="store_true",
                   help="hint latency: g.hint() per ruleset at the play widget's budget, and Hint -> shown in the browser "
                        "(target <= 2 s)")
    p.add_argument("--hint-iterations", type=int, default=None, metavar="N",
                   help="with --hint: measure this budget instead (in-process only; compared with 10x the search)")
    p.add_argument("--positions", type=int, default=10, help="with --hint: positions per ruleset")
    p.add_argument("--no-browser", action="store_true", help="with --hint: the in-process figures only")
    p.add_argument("--strong", action="store_true",
                   help="the strong player against three greedy ones, seat rotating: its win share with the 95%% "
                        "interval per game and its processor time per decision against the reference budget")
    p.add_argument("--strong-iterations", type=int, default=None, metavar="N",
                   help="with --strong: N rollouts per decision instead of the default budget")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="with --strong: play the games on N local processes (the same seeded games and figures)")
    p.add_argument("--seed", type=int, default=1,
                   help="with --strong: the seed of the first game; game i uses seed + i, as beannb sim does (default: 1)")
    p.set_defaults(func=_bench)

    from .serve import add_arguments as add_app_arguments  # the standard library only

    p = sub.add_parser("app", help="serve the notebooks with Voila on localhost (--class: for a classroom)")
    add_app_arguments(p)
    p.set_defaults(func=_app)

    from .site import add_arguments as add_site_arguments  # the standard library only

    p = sub.add_parser("site", help="build the browser-only site (Voici + Pyodide) into _site/, or --serve it")
    add_site_arguments(p)
    p.set_defaults(func=_site)

    p = sub.add_parser("docs", help="the guides (writing lessons, the notation): list them, or print one")
    p.add_argument("name", nargs="?", help="a guide, e.g. scenarios or notation-takeover (default: list them)")
    p.add_argument("--path", action="store_true", help="print the guide's file (or the guides' folder) instead")
    p.set_defaults(func=_docs)

    p = sub.add_parser("worksheet", help="a printable worksheet (HTML) of lessons' questions, without the answers")
    p.add_argument("paths", nargs="+", metavar="PATH", help="lesson files (scenario YAML) or folders of them")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the worksheet (default: en)")
    p.add_argument("--answers", action="store_true", help="add the answer key: the right choice, why, and the rule")
    p.add_argument("-o", "--out", metavar="FILE", help="write to this file (default: standard output)")
    p.set_defaults(func=_worksheet)

    p = sub.add_parser("show", help="narrate a saved game")
    p.add_argument("file", help="a game saved with Game.save (JSON)")
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the narration (default: en)")
    p.set_defaults(func=_show)

    p = sub.add_parser("summary", help="a game's printable one-page summary (HTML)")
    p.add_argument("game", nargs="?", help=games)
    p.add_argument("--lang", choices=LANGS, default="en", help="language of the summary (default: en)")
    p.add_argument("--out", help="write to this file (default: standard output)")
    p.add_argument("--all", metavar="FOLDER", help="write every game in every language to FOLDER/print/ "
                   "(the notebook folder: notebooks)")
    p.add_argument("--teacher", action="store_true",
                   help="a teacher's copy: also what one types to set each option, and the command listing the rules "
                        "(the learners' page has no command)")
    p.set_defaults(func=_summary)
    return ap


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (``beannb rules | head``): stop quietly, as a filter does.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
