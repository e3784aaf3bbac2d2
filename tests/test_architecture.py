"""The shape of the package: one layout per game, imports pointing one way, no cycles
(lazy imports included), an explicit registry, and no game writing into another's tables."""
from __future__ import annotations

import ast
import re
from importlib import import_module
from pathlib import Path

import pytest

import beannb
from beannb.core.errors import ActionSyntaxError, OptionError
from beannb.core.events import Event
from beannb.games import BUILTIN, Registry, get_ruleset
from beannb.games.bohnanza import Bohnanza
from beannb.core.ruleset import Ruleset, Verbs

ROOT = Path(beannb.__file__).parent
GAME_MODULES = {"__init__", "cards", "actions", "state", "rules", "scenario", "text", "bot", "view", "lessons",
                "overview"}
#: The modules a game has besides the common ones, and why: each game's rules are split by topic
#: (the base game's editions, fields, ready-made actions, turn and trade; Rabohnzel's abilities
#: and potions; Bohnaparte's camps, battles and carts; the takeover expansion's decisions, text
#: cards, checks and legal lists), the base game's overview words are shared by every overview,
#: and Bohnaparte's map (the board graph and the touchable map's JSON model) is its own.
GAME_EXTRA_MODULES = {
    "bohnanza": {"profiles", "refusals", "fields", "seats", "turn", "trade", "wording"},
    "rabohnzel": {"common", "abilities", "potions"},
    "bohnaparte": {"board", "hexmap", "common", "camps", "battle", "carts"},
    "takeover": {"decisions", "textcards", "checks", "candidates", "fields", "refusals"},
}
#: What each layer may import (besides itself); the layers are core <- games <- bots/render <- widgets/cli.
ALLOWED = {
    "_version": set(),
    "i18n": set(),
    "core": {"i18n"},
    "games": {"core", "i18n"},
    "bots": {"core", "i18n", "games"},
    "render": {"core", "i18n", "games"},
    "scenario_format": {"core", "i18n", "games"},
    # The one interpreter of a scenario's steps, which the check and the walkthrough both consume.
    "scenario_play": {"core", "i18n", "games", "scenario_format"},
    "walkthrough": {"core", "i18n", "games", "scenario_format", "scenario_play"},
    "scenarios": {"core", "i18n", "games", "scenario_format", "scenario_play", "walkthrough"},
    # Printed worksheets: a lesson's questions drawn with the games' views (beannb worksheet).
    "worksheet": {"core", "i18n", "games", "render", "scenario_format", "scenario_play", "walkthrough"},
    "sim": {"core", "games", "bots", "_version"},
    "arena": {"core", "games", "bots", "sim"},
    # The benchmarks (beannb bench): the engine's, and the app's and the site's in a browser.
    "bench": {"core", "games", "bots", "sim", "arena", "serve", "site"},
    "widgets": {"core", "i18n", "games", "bots", "render", "scenario_format", "scenario_play", "scenarios", "walkthrough", "sim"},
    # Serving: the server process holds the class hub, which runs lessons and tables of people.
    "serve": {"core", "i18n", "games", "bots", "render", "scenario_format", "scenario_play", "scenarios", "walkthrough"},
    # The site build: the standard library, and where a wheel installed the notebooks (core.paths).
    "site": {"_version", "core"},
    "cli": {"core", "i18n", "games", "bots", "render", "scenario_format", "scenario_play", "scenarios", "walkthrough", "sim",
            "bench", "serve", "_version", "site", "worksheet"},
    "__main__": {"cli"},
    # The package installs the hint search (bots) into Game.hint, imported only when asked.
    "__init__": {"core", "games", "bots", "_version"},
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def _type_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: imports the type checker reads, never run."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def imports_of(name: str, path: Path, type_only: bool = True) -> set[str]:
    """Every beannb module ``name`` imports, at the top or inside a function (lazy), and with
    ``type_only`` those imported only for the type checker (``if TYPE_CHECKING:``) too."""
    is_pkg = path.name == "__init__.py"
    package = name if is_pkg else name.rpartition(".")[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text("utf-8"))
    skip = set() if type_only else _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("beannb"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("beannb"):
                continue
            for alias in node.names:  # "from pkg import module" imports the module
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in MODULES else target)
    out.discard(name)
    return {m for m in out if m in MODULES}


GRAPH = {name: imports_of(name, path) for name, path in MODULES.items()}
#: The imports that run: a topic module may name its ruleset's class for the type checker
#: (``if TYPE_CHECKING: from .rules import Rabohnzel``) though the ruleset imports it.
RUN_GRAPH = {name: imports_of(name, path, type_only=False) for name, path in MODULES.items()}


def layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_game_package_has_the_same_modules():
    games = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())
    assert games == sorted(spec.split(":")[0].split(".")[2] for spec in BUILTIN.values())
    for game in games:
        modules = {p.stem for p in (ROOT / "games" / game).glob("*.py")}
        assert GAME_MODULES <= modules, f"{game} lacks {sorted(GAME_MODULES - modules)}"
        extra = modules - GAME_MODULES
        assert extra == GAME_EXTRA_MODULES.get(game, set()), f"{game} has modules no other game has: {sorted(extra)}"


#: The scenario hooks of the Ruleset protocol, each a function of a game's scenario module.
SCENARIO_HOOKS = ("state_from_setup", "fix_scenario_supply", "scenario_setup", "check_scenario_setup", "scenario_path")


def test_each_game_reads_scenario_setups_in_its_scenario_module():
    """The ruleset declares its game's scenario module; no rules class overrides the scenario
    hooks; an expansion reuses the base game's reading (the same functions, not copies)."""
    base = import_module("beannb.games.bohnanza.scenario")
    for name in BUILTIN:
        rs = get_ruleset(name)
        assert rs.scenario is import_module(f"{rs.package}.scenario"), name
        for cls in [k for k in type(rs).__mro__ if issubclass(k, Ruleset) and k is not Ruleset]:  # the game's classes
            assert not set(vars(cls)) & set(SCENARIO_HOOKS + ("SETUP_KEYS",)), f"{cls.__name__} defines scenario hooks"
        for hook in SCENARIO_HOOKS:
            assert callable(getattr(rs.scenario, hook)), f"{name}.scenario lacks {hook}"
        assert rs.scenario.state_from_setup is base.state_from_setup, name
        assert rs.setup_keys() == rs.scenario.SETUP_KEYS


def test_imports_point_one_way():
    wrong = []
    for name, targets in GRAPH.items():
        mine = layer(name)
        for t in targets:
            theirs = layer(t)
            if theirs != mine and theirs not in ALLOWED[mine]:
                wrong.append(f"{name} -> {t}")
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))


def test_games_import_only_themselves_and_the_base_game():
    wrong = []
    for name, targets in GRAPH.items():
        parts = name.split(".")
        if len(parts) < 4 or parts[1] != "games":
            continue
        for t in targets:
            tp = t.split(".")
            if tp[1] == "games" and (len(tp) < 3 or tp[2] not in (parts[2], "bohnanza")):
                wrong.append(f"{name} -> {t}")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles_lazy_imports_included():
    state: dict[str, int] = {}
    cycles = []

    def visit(n: str, stack: list[str]) -> None:
        state[n] = 1
        for m in sorted(RUN_GRAPH[n]):
            if state.get(m) == 1:
                cycles.append(" -> ".join(stack[stack.index(m):] + [m]))
            elif m not in state:
                visit(m, stack + [m])
        state[n] = 2

    for n in sorted(GRAPH):
        if n not in state:
            visit(n, [n])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_run_graph_leaves_out_only_imports_for_the_type_checker():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .rules import Rabohnzel\n"
                     "from .state import RabohnzelState\n")
    skipped = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and id(n) in _type_only(tree)]
    assert [n.module for n in skipped] == ["rules"]
    name = "beannb.games.rabohnzel.abilities"
    assert "beannb.games.rabohnzel.rules" in GRAPH[name]  # still read for the layers
    assert "beannb.games.rabohnzel.rules" not in RUN_GRAPH[name]


def test_core_never_names_a_game():
    """Not in an import, nor in a string that could be imported by name."""
    for name, path in MODULES.items():
        if layer(name) != "core":
            continue
        tree = ast.parse(path.read_text("utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                assert "games" not in node.value.split("."), f"{name} names a game package: {node.value!r}"
            for game in BUILTIN:
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                    assert node.value != game, f"{name} names the game {game!r}"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of ``tree`` (prose may name a game as an example)."""
    return {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}


def _defaults(tree: ast.AST) -> set[int]:
    """The ids of the parameters' default values of ``tree``'s functions."""
    return {id(d) for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            for d in (*n.args.defaults, *n.args.kw_defaults) if d is not None}


def game_name_comparisons(source: str) -> list[str]:
    """Where ``source`` names a game outside its docstrings: the comparisons of a ``.name``
    (``ruleset.name``, ``rs.name``) with a game's name (``==``, ``!=``, ``in``, ``not in`` a
    tuple of names), and the texts that are a game's name or hold one as a word
    ("landing-takeover", "04_bohnaparte.ipynb"): game knowledge that belongs in the game's
    package, declared on its ruleset. A game's name as a parameter's default (the API's
    documented default game, ``game: str = "bohnanza"``) is left alone."""
    tree = ast.parse(source)
    found, inside = [], set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if not any(isinstance(o, ast.Attribute) and o.attr == "name" for o in operands):
            continue
        for o in operands:
            names = o.elts if isinstance(o, (ast.Tuple, ast.List, ast.Set)) else [o]
            if any(isinstance(n, ast.Constant) and n.value in BUILTIN for n in names):
                found.append(ast.unparse(node))
                inside.update(id(n) for n in ast.walk(node))
                break
    skip, defaults = inside | _docstrings(tree), _defaults(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str) or id(node) in skip:
            continue
        if id(node) in defaults and node.value in BUILTIN:
            continue
        if any(re.search(rf"(?<![a-z]){game}(?![a-z])", node.value) for game in BUILTIN):
            found.append(repr(node.value))
    return found


def test_the_game_name_scan_finds_each_kind():
    source = ("a = ruleset.name == 'takeover'\nb = 'bohnaparte' != rs.name\n"
              "c = rs.name in ('bohnanza', 'rabohnzel')\nd = state.players[0].name == 'Ann'\n"
              "e = rs.name == other.name\nf = 'landing-takeover'\ng = get_ruleset('bohnanza')\n"
              "def h(game='bohnanza', x='04_bohnaparte.ipynb'):\n    \"As in bohnaparte.\"\n"
              "i = 'Hostile Takeover', 'takeovers', takeover_after\n")
    assert game_name_comparisons(source) == ["ruleset.name == 'takeover'", "'bohnaparte' != rs.name",
                                             "rs.name in ('bohnanza', 'rabohnzel')", "'landing-takeover'",
                                             "'bohnanza'", "'04_bohnaparte.ipynb'"]


#: Modules outside ``beannb/games`` that may still name a game, and why (each must need it).
GAME_NAMES_ALLOWED = {
    # The benchmarks: the engine's measured speed and its target per game, the page and the
    # lesson the app's and the live class's benchmarks time.
    "beannb.bench.engine", "beannb.bench.app", "beannb.bench.live",
    # The strong player's reference processor time per decision, per game (issue 26's budget).
    "beannb.bench.strong",
    # The command line's --game default and help.
    "beannb.cli",
    # The rules catalogue's base game (i18n sits below the games and their registry).
    "beannb.i18n.catalogue",
    # A scenario may cite the base game's rules (to be asked of the registry's DEFAULT_GAME).
    "beannb.scenarios",
    # The page-only packages, by the page that needs them (the site build sits below the registry).
    "beannb.site",
    # The pages a class server preheats first, the landing page and the base game's (the
    # server's settings import nothing of the engine).
    "beannb.serve.settings",
    # The landing page's card texts: the messages landing-<game>, written out for the
    # catalogue's extraction (the landing page lists the games without importing them).
    "beannb.widgets.landing",
}


def test_no_module_outside_the_games_singles_out_a_game_by_name():
    """How to value a table, which moves to try first, what the score is called, what a hint
    says, what a page shows of a game: the game's package says (``ruleset.strategy``,
    ``ruleset.view``), not a test of the game's name or a text naming it elsewhere."""
    found, used = [], set()
    for name, path in sorted(MODULES.items()):
        if layer(name) == "games":
            continue
        named = game_name_comparisons(path.read_text("utf-8"))
        if named and name in GAME_NAMES_ALLOWED:
            used.add(name)
            continue
        found += [f"{path.relative_to(ROOT.parent)}: {what}" for what in named]
    assert not found, "games named outside their packages:\n" + "\n".join(found)
    assert used == GAME_NAMES_ALLOWED, f"allowed but no longer needed: {GAME_NAMES_ALLOWED - used}"


def test_core_imports_no_module_by_a_computed_name():
    """A game declares its view and strategy on its ruleset (in its package); the core never
    imports a game's module by a name it puts together."""
    for name, path in MODULES.items():
        if layer(name) != "core":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(m.split(".")[0] == "importlib" for m in modules), f"{name} imports importlib"
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                assert called not in ("import_module", "__import__"), f"{name} imports a module by name"
    for game in BUILTIN:
        rs = get_ruleset(game)
        assert rs.view.__name__ == f"beannb.games.{game}.view"
        assert rs.strategy is import_module(f"beannb.games.{game}.bot").STRATEGY


def test_registering_a_name_twice_raises():
    reg = Registry()
    reg.register(Bohnanza)
    with pytest.raises(OptionError, match="registered already"):
        reg.register(Bohnanza())
    with pytest.raises(OptionError, match="unknown game"):
        reg.get("chess")
    reg.register_lazy("takeover", "somewhere:Takeover", lambda: pytest.fail("must not load"))
    with pytest.raises(OptionError, match="registered already"):
        reg.register_lazy("takeover", "elsewhere:Takeover", lambda: None)
    assert reg.names() == ["bohnanza", "takeover"]


def test_a_listed_game_must_be_the_game_it_was_listed_as():
    reg = Registry()
    reg.register_lazy("chess", "beannb.games.bohnanza:Bohnanza", lambda: Bohnanza)
    assert "chess" in reg
    with pytest.raises(OptionError, match="listed as the game 'chess'"):
        reg.get("chess")


def test_a_listed_game_declares_its_view_and_strategy():
    class Bare(Bohnanza):
        name = "bare"
        view = None

    reg = Registry()
    with pytest.raises(OptionError, match="'bare' .* declares no view"):
        reg.register(Bare)
    reg.register_lazy("bare", "somewhere:Bare", lambda: Bare)
    with pytest.raises(OptionError, match="declares no view"):
        reg.get("bare")
    for game in BUILTIN:
        assert get_ruleset(game).view is not None and get_ruleset(game).strategy is not None


def test_a_page_about_one_game_loads_only_that_game():
    """Games load when first asked for: a base-game page's kernel holds neither the
    expansions nor networkx (Bohnaparte's board), which keeps a classroom's kernels small."""
    import subprocess
    import sys
    code = ("import sys, beannb.widgets, beannb.widgets.landing\n"
            "from beannb.games import get_ruleset, available\n"
            "assert available() == ['bohnanza', 'bohnaparte', 'rabohnzel', 'takeover']\n"
            "get_ruleset('bohnanza')\n"
            "print(sorted(m for m in sys.modules if m.startswith(('beannb.games.', 'networkx'))"
            " and not m.startswith('beannb.games.bohnanza')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_each_game_reads_only_its_own_verbs_and_cards():
    with pytest.raises(ActionSyntaxError, match="unknown verb 'magic'"):
        get_ruleset("bohnanza").parse("Ann magic")
    assert str(get_ruleset("rabohnzel").parse("Ann magic")) == "Ann magic"
    with pytest.raises(ActionSyntaxError):
        get_ruleset("bohnanza").parse("Ann plant thief")      # a Rabohnzel bean
    with pytest.raises(ActionSyntaxError):
        get_ruleset("bohnanza").parse("Ann plant snap")       # the takeover expansion's bean
    assert get_ruleset("takeover").parse("Ann play snap 1").bean == "snap"
    assert "snap" not in get_ruleset("bohnanza").cards
    assert "thief" not in get_ruleset("takeover").cards


def test_events_narrate_in_the_words_of_the_game_that_made_them():
    # Both expansions have an event kind "defend", with different data.
    takeover = Event("defend", "Bob", {"field": 2}, "T-25", get_ruleset("takeover").narration)
    bohnaparte = Event("defend", "Bob", {"mode": "deck", "bean": None}, "P-20", get_ruleset("bohnaparte").narration)
    assert "text card" in takeover.text("en") and "szöveges kártyát" in takeover.text("hu")
    assert "top card of the deck" in bohnaparte.text("en")
    assert "defend" not in get_ruleset("bohnanza").narration.kinds()
    # A base-game sentence names an expansion's bean in that expansion's words.
    plant = Event("plant", "Ann", {"bean": "thief", "field": 1, "size": 1}, "B-05", get_ruleset("rabohnzel").narration)
    assert "szedőbab" in plant.text("hu")


def test_every_event_kind_has_both_languages():
    for game in BUILTIN:
        nar = get_ruleset(game).narration
        for kind in nar.kinds():
            assert nar.messages.template("event-" + kind, "hu", 2).strip(), (game, kind)


#: Where a module outside beannb/i18n may still name the languages one by one, by (module,
#: enclosing function or class): each needs a reason.
LANGUAGE_LITERALS_ALLOWED = {
    # A glossary term's further word forms, per language: what a test looks for in the labels
    # and the narration (never shown to a learner), given positionally by the 68 terms.
    ("beannb.games.bohnanza.overview", "cterm"),
}


def _language_literals(tree: ast.AST):
    """(node, enclosing function or class name, what) for each place a module singles out
    Hungarian: a comparison with "hu", a mapping keyed by "en" and "hu", a list of both."""
    def strings(nodes) -> set:
        return {n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)}

    def walk(node: ast.AST, owner: str):
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else owner
            if isinstance(child, ast.Compare) and "hu" in strings([child.left, *child.comparators]):
                yield child, name, "compares a language with 'hu'"
            elif isinstance(child, ast.Dict) and {"en", "hu"} <= strings(child.keys):
                yield child, name, "a mapping keyed by 'en' and 'hu'"
            elif isinstance(child, (ast.Tuple, ast.List, ast.Set)) and {"en", "hu"} <= strings(child.elts):
                yield child, name, "lists the languages (beannb.i18n.LANGS does)"
            yield from walk(child, name)

    yield from walk(tree, "")


def test_no_module_outside_i18n_singles_out_a_language():
    """Issue 23: a language is data (its catalogues, beannb.i18n.LANGS, the grammar specs of
    beannb.i18n.hu), never a branch of the code: no ``lang == "hu"``, no ``{"en": …, "hu": …}``
    of learner text, no list of the languages but LANGS."""
    found, used = [], set()
    for name, path in sorted(MODULES.items()):
        if layer(name) == "i18n":
            continue
        for node, owner, what in _language_literals(ast.parse(path.read_text("utf-8"))):
            if (name, owner) in LANGUAGE_LITERALS_ALLOWED:
                used.add((name, owner))
                continue
            found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} ({owner or 'module'}): {what}")
    assert not found, "languages singled out in the code:\n" + "\n".join(found)
    assert used == LANGUAGE_LITERALS_ALLOWED, f"allowed but no longer needed: {LANGUAGE_LITERALS_ALLOWED - used}"


def test_the_language_scan_finds_each_kind() -> None:
    code = ("def f(lang):\n    if lang == 'hu':\n        pass\n    x = {'en': 'a', 'hu': 'b'}\n"
            "    return 'hu' != lang, ('en', 'hu'), {'en': 1}, lang in ('en',)\n")
    found = [(node.lineno, owner, what.split()[0]) for node, owner, what in _language_literals(ast.parse(code))]
    assert found == [(2, "f", "compares"), (4, "f", "a"), (5, "f", "compares"), (5, "f", "lists")]


# -- issue 24: what is one game's stays in that game's package ----------------------------------

GAME_VERBS = {verb for g in BUILTIN for verb in get_ruleset(g).notation.verbs}


def verb_comparisons(source: str) -> list[str]:
    """Where ``source`` singles out a game's verbs: the comparisons of an action's verb (a
    name ``verb``, an attribute ``.VERB`` or ``.verb``) with a game's verb (``==``, ``!=``,
    ``in``, ``not in`` a tuple of verbs), and the tuples, lists, sets and mapping keys most of
    whose texts are a game's verbs (an order of button rows, the verbs bots build): where an
    action lands on the table, how its buttons are ordered, how the bots treat it is the
    game's to say (its view's ``touch_keys`` and ``group_order``, its strategy's
    ``built_verbs`` and ``reasons``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            texts = [n.value for n in items if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            if texts and 2 * sum(t in GAME_VERBS for t in texts) > len(texts):
                found.append(ast.unparse(node))
            continue
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        if not any((isinstance(o, ast.Name) and o.id == "verb") or (isinstance(o, ast.Attribute) and o.attr in ("VERB", "verb"))
                   for o in operands):
            continue
        for o in operands:
            items = o.elts if isinstance(o, (ast.Tuple, ast.List, ast.Set)) else [o]
            if any(isinstance(n, ast.Constant) and n.value in GAME_VERBS for n in items):
                found.append(ast.unparse(node))
                break
    return found


def test_the_verb_scan_finds_each_kind():
    source = ("if verb == 'plant':\n    pass\nb = a.VERB != 'harvest'\nc = 'camp' != action.verb\n"
              "d = verb == 'fly'\ne = a.kind == 'plant'\nf = frozenset({'offer'})\n"
              "g = ['plant', 'harvest', 'draw']\nh = {'harvest': 1, 'plant': 2}\n"
              "ZONES = ('deck', 'discard', 'faceup')\n")
    assert sorted(verb_comparisons(source)) == sorted([
        "verb == 'plant'", "a.VERB != 'harvest'", "'camp' != action.verb", "{'offer'}", "['plant', 'harvest', 'draw']",
        "{'harvest': 1, 'plant': 2}"])


def test_no_module_outside_the_games_singles_out_a_verb():
    """Where a click lands (``render.touch``), how the buttons are ordered (``widgets.views``,
    ``serve.tables``), which moves the bots build and what a hint says of a move are asked of
    the game's view and strategy, which declare their verbs and merge their base game's: no
    ladder of ``if verb == ...`` and no table of the games' verbs outside their packages."""
    found = {name: verb_comparisons(path.read_text("utf-8")) for name, path in MODULES.items()
             if layer(name) != "games"}
    assert {"beannb.render.touch", "beannb.widgets.views", "beannb.bots.hint"} <= set(found)
    assert not any(found.values()), {k: v for k, v in found.items() if v}


def games_listed(source: str) -> list[str]:
    """Where ``source`` spells the list of the games: a tuple, list or set naming every built-in
    game (in it, or in the records it holds), a mapping to every game (as values), or one text
    naming them all. A table keyed by game (figures per game) is data about the games, not their
    list, and is left alone."""
    games = set(BUILTIN)

    def strings(node: ast.AST) -> set[str]:
        return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and games <= strings(node):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Dict) and games <= {v for value in node.values for v in strings(value)}:
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and games <= set(node.value.replace(",", " ").split()):
            found.append(repr(node.value))
    return found


def test_the_games_list_scan_finds_each_kind():
    source = ("A = ('bohnanza', 'takeover', 'rabohnzel', 'bohnaparte')\n"
              "B = [{'name': 'bohnanza'}, {'name': 'takeover'}, {'name': 'rabohnzel'}, {'name': 'bohnaparte'}]\n"
              "C = {'B': 'bohnanza', 'T': 'takeover', 'R': 'rabohnzel', 'P': 'bohnaparte'}\n"
              "D = 'bohnanza, takeover, rabohnzel or bohnaparte'\n"
              "E = {'bohnanza': 1.0, 'takeover': 2.0, 'rabohnzel': 3.0, 'bohnaparte': 4.0}\n"
              "F = ('bohnanza', 'takeover')\n")
    found = games_listed(source)
    assert len(found) == 4 and [f[0] for f in found] == ["(", "[", "{", "'"], found


#: Modules that may still spell the games out, and why (none: the registry lists them).
GAME_LISTS_ALLOWED: set[str] = set()


def test_no_module_outside_the_games_spells_the_list_of_games():
    """Issue 24: the games are listed once, by their registry (``beannb.games.listed()``); below
    it (i18n, the site build) they are found on disk, as packages or rules files."""
    found, used = [], set()
    for name, path in sorted(MODULES.items()):
        if layer(name) == "games":
            continue
        spelled = games_listed(path.read_text("utf-8"))
        if spelled and name in GAME_LISTS_ALLOWED:
            used.add(name)
            continue
        found += [f"{path.relative_to(ROOT.parent)}: {what}" for what in spelled]
    assert not found, "the list of games spelled out:\n" + "\n".join(found)
    assert used == GAME_LISTS_ALLOWED, f"allowed but no longer needed: {GAME_LISTS_ALLOWED - used}"


# -- Declared hooks and verb tables (an expansion changes the base game only where it says) -------
def _expansions() -> list[type]:
    return [type(get_ruleset(name)) for name in BUILTIN if type(get_ruleset(name)) is not Bohnanza]


def _declared(name: str) -> bool:
    """Whether the protocol declares ``name`` (a method, an attribute or an annotation)."""
    return any(name in vars(k) or name in getattr(k, "__annotations__", {}) for k in Ruleset.__mro__)


def _changed_names(cls: type) -> list[str]:
    """The names ``cls`` defines that a class it is built on also has (what it changes)."""
    inherited = set()
    for base in cls.__mro__[1:]:
        inherited |= set(vars(base))
    return [n for n in vars(cls) if n in inherited and not (n.startswith("__") and n.endswith("__"))]


@pytest.mark.parametrize("cls", _expansions(), ids=lambda c: c.__name__)
def test_an_expansion_never_overrides_a_private_method_of_another_game(cls):
    private = [n for n in _changed_names(cls) if n.startswith("_")]
    assert not private, f"{cls.__name__} overrides private {private}: declare a hook on Ruleset or use the verb table"


@pytest.mark.parametrize("cls", _expansions(), ids=lambda c: c.__name__)
def test_every_hook_an_expansion_changes_is_declared_on_the_protocol(cls):
    undeclared = [n for n in _changed_names(cls) if not _declared(n)]
    assert not undeclared, f"{cls.__name__} changes {undeclared}, which Ruleset does not declare"


@pytest.mark.parametrize("name", BUILTIN)
def test_each_game_handles_exactly_its_notations_verbs_through_its_table(name):
    rs = get_ruleset(name)
    assert set(rs.VERBS) == set(rs.notation.verbs)
    for verb, entry in rs.VERBS.items():
        assert callable(entry.check) and callable(entry.apply), verb


def test_an_expansion_table_names_what_it_changes_and_keeps_the_rest():
    base = Bohnanza.VERBS
    rab = type(get_ruleset("rabohnzel")).VERBS
    assert rab["offer"] is base["offer"]  # unchanged verbs are the base game's entries
    assert rab["buy-field"].apply is base["buy-field"].apply and rab["buy-field"].check is not base["buy-field"].check
    with pytest.raises(TypeError, match="Verb"):
        Verbs({"plant": (None, None)})


def test_no_game_looks_a_method_up_by_a_name_built_from_a_verb():
    """Verbs are dispatched through the table, not ``getattr(self, "_do_" + verb)``."""
    found = []
    for path in (ROOT / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" and len(node.args) >= 2:
                if isinstance(node.args[1], (ast.BinOp, ast.JoinedStr)):  # getattr(self, f"_check_{verb}")
                    found.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str) \
                    and node.left.value.startswith("_") and node.left.value.endswith("_"):  # "_do_" + verb
                found.append(f"{path.name}:{node.lineno}")
    assert not found, f"method names computed at run time: {found}"


def test_the_package_runs_from_its_sources_only():
    """Issue 26: the engine is pure Python (the compiled build added 1.1x, below the 1.5x it had
    to earn). A binary module left beside a source by an old build would be imported instead of
    the source (Python prefers extension modules), so none may be there: ``make clean``."""
    binary = sorted(str(p.relative_to(ROOT.parent)) for p in ROOT.rglob("*")
                    if p.suffix in (".so", ".pyd") and "__pycache__" not in p.parts)
    assert not binary, f"binary modules beside the sources (left by an old build; make clean): {binary}"


#: Issue 24's aim: no function longer than this in the engine (core and the games).
LONGEST_FUNCTION = 80


def _long_functions(tree: ast.AST, limit: int) -> list[tuple[str, int]]:
    return [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > limit]


def test_no_function_in_the_engine_is_over_80_lines():
    long = [(str(path.relative_to(ROOT)), name, n)
            for folder in ("core", "games") for path in sorted((ROOT / folder).rglob("*.py"))
            for name, n in _long_functions(ast.parse(path.read_text(encoding="utf-8")), LONGEST_FUNCTION)]
    assert not long, long


def test_the_function_length_scan_counts_the_whole_body():
    body = "\n".join(f"    x{i} = {i}" for i in range(80))
    assert _long_functions(ast.parse(f"def f():\n{body}\n"), LONGEST_FUNCTION) == [("f", 81)]
    assert _long_functions(ast.parse(f"def f():\n{body[:body.rindex(chr(10))]}\n"), LONGEST_FUNCTION) == []
