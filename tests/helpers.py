"""Building tables for unit tests with the scenario setup format."""
import beannb
from beannb.core.game import Game
from beannb.games import get_ruleset


def table(names=("Ann", "Bob", "Cid"), seed=1, options=None, players=None, game="bohnanza", **setup) -> Game:
    """A table: ``names`` in seat order; ``players`` and the other keywords are the
    scenario ``setup`` keys (docs/scenarios.md)."""
    rs = get_ruleset(game)
    opts = rs.check_options(dict(options or {}))
    if players:
        setup["players"] = players
    state = rs.state_from_setup(list(names), seed, opts, setup)
    return Game(rs, state, players=list(names), seed=seed, options=opts, custom_start=True)


def refused(game: Game, action: str):
    """Play ``action``; assert it is refused and the table untouched; return the error."""
    before = game.state.to_dict()
    try:
        game.play(action)
    except beannb.IllegalAction as exc:
        assert game.state.to_dict() == before
        return exc
    raise AssertionError(f"{action!r} was allowed")


def reference_action(rs, state, bots, seat: int):
    """The bot driver's choice as it was before its fast paths: every other bot asked to
    interject first (in seat order after ``seat``), then the seat to move acts."""
    for k in range(1, state.n):
        other = (seat + k) % state.n
        action = bots[other].interject(rs, state, other)
        if action is not None:
            return action
    return bots[seat].act(rs, state, seat)


def reference_play_out(rs, state, bots, on_step=None):
    """The driver as it was: validate every action, ask every other bot every time; returns
    (final state, actions). ``on_step(action, new state, events)`` sees every step."""
    for bot in bots:
        bot.reset()
    actions = []
    while state.phase != "over":
        action = reference_action(rs, state, bots, rs.to_move(state)[0])
        state, events = rs.apply(state, action)
        actions.append(action)
        if on_step is not None:
            on_step(action, state, events)
    return state, actions


def seeded_bots(n, seed, mixed):
    """``n`` seeded bots: random ones, every other one greedy when ``mixed``."""
    from beannb.bots import GreedyBot, RandomBot

    return [(GreedyBot if mixed and i % 2 else RandomBot)(seed * 10 + i) for i in range(n)]


def class_server(root, lessons, token: str, key: str):
    """A class server (``beannb app --class``) on 127.0.0.1 for tests: the landing notebook
    alone, no preheated kernels (the class pages need none), the lesson files ``lessons``
    (paths) copied into a teacher's folder. A context manager yielding (base URL, the lesson
    folder, the log file); the server stops at the end and its log must hold no traceback."""
    import contextlib
    import shutil
    import subprocess

    from beannb import serve
    from beannb.serve.run import plan_lessons

    @contextlib.contextmanager
    def running():
        notebooks = root / "notebooks"
        notebooks.mkdir()
        repo = __import__("pathlib").Path(__file__).resolve().parent.parent
        shutil.copy2(repo / "notebooks" / serve.LANDING_NOTEBOOK, notebooks / serve.LANDING_NOTEBOOK)
        folder = root / "lessons"
        folder.mkdir()
        for src, rel in lessons:
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, folder / rel)
        plan = serve.plan_class(serve.notebook_names(notebooks), classroom=True, ip=serve.HOST, token=token, pool=0,
                                max_kernels=2, teacher_key=key)
        plan_lessons(plan, folder)
        plan.lesson_dirs, plan.builtin_lessons = [str(folder)], []   # the teacher's folder only: quick to check
        port = serve.free_port()
        log_path = root / "voila.log"
        with log_path.open("wb") as log:
            proc = serve.start_voila(port, notebooks, settings=plan.settings(port), ip=plan.ip, token=token,
                                     teacher_key=key, stdout=log, stderr=subprocess.STDOUT)
            try:
                serve.wait_until_ready(serve.base_url(port) + "voila/static/favicon.ico", timeout=120, proc=proc)
                yield serve.base_url(port), folder, log_path
            finally:
                serve.stop_voila(proc)
        text = log_path.read_text(errors="replace")
        assert "Traceback" not in text, text[-3000:]

    return running()


def all_messages() -> list:
    """Every message table of the package, the rules catalogue's included (each module
    imported, so each table is made; an optional part whose dependency is missing is left out)."""
    import importlib
    import pkgutil

    import beannb
    from beannb.games import available
    from beannb.i18n.catalogue import messages as rules_messages
    from beannb.i18n.core import CORE
    from beannb.i18n.messages import REGISTRY

    for info in pkgutil.walk_packages(beannb.__path__, "beannb."):
        if info.name.split(".")[-1] in ("__main__", "extract") or ".serve.__main__" in info.name:
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:
            continue
    out = [CORE, *(importlib.import_module(f"beannb.games.{game}.text").MESSAGES for game in available())]
    out += [rules_messages(game) for game in available()]
    return out + [m for m in REGISTRY if m not in out]
