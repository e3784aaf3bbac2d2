"""Every example in the package's docstrings runs here, and shows what the code really does.

One test per module with examples (``test_docstring_examples[beannb.core.game]``), so a
failure names the module; the runner's report (example, expected, got) is the message.
Examples run with ``ELLIPSIS | NORMALIZE_WHITESPACE``, each module in a copy of its own
namespace, exactly as ``python -m doctest`` would run them.

Why this module and not ``pytest --doctest-modules``:

* an optional part (the widgets need the app extra) is skipped, by name and with a reason,
  only when a module of that extra is what is missing; any other import error fails;
* nothing may be skipped in silence: the examples are also read straight from the source
  (every docstring of every module, class and function, nested ones included, found with
  :mod:`ast`), and every one of them must be among the examples that ran. An example the
  doctest finder cannot reach (a function defined inside another, a ``cached_property``),
  one marked ``+SKIP``, or a module the package walk does not visit fails a test
  instead of vanishing.

Every example is deterministic: games and bots are made with a seed.
"""
from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import re
from collections import Counter
from pathlib import Path

import pytest

import beannb

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

PACKAGE_DIR = Path(beannb.__file__).resolve().parent

#: What the ``app`` extra (pyproject.toml) brings, by import name: a module that needs one of
#: them is skipped, with its name, where it is not installed.
OPTIONAL = frozenset({"ipywidgets", "anywidget", "matplotlib", "segno", "voila", "jupyterlab", "ipykernel",
                      "IPython", "traitlets", "comm"})

_PARSER = doctest.DocTestParser()


def package_modules() -> list[str]:
    """Every module of the package, the package itself first; ``__main__`` modules left out
    (running them starts a program).

    The same walk as ``pkgutil.walk_packages`` (folders with an ``__init__.py``), made without
    importing the subpackages: one that needs a missing optional dependency is still listed,
    and its modules are then skipped by name below, not left out unseen."""
    names = ["beannb"]

    def walk(folder: Path, prefix: str) -> None:
        for info in pkgutil.iter_modules([str(folder)], prefix):
            last = info.name.rsplit(".", 1)[-1]
            if last != "__main__":
                names.append(info.name)
            if info.ispkg:
                walk(folder / last, info.name + ".")

    walk(PACKAGE_DIR, "beannb.")
    return names


def source_file(name: str) -> Path:
    """The ``.py`` source of module ``name``."""
    base = PACKAGE_DIR.parent.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def source_examples(path: Path) -> list[str]:
    """The source of every example in the docstrings of ``path``, read from its text."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found += [ex.source for ex in _PARSER.get_examples(doc)]
    return found


MODULES = package_modules()
WITH_EXAMPLES = [name for name in MODULES if source_examples(source_file(name))]


def import_or_skip(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in OPTIONAL:
            pytest.skip(f"{name} needs {missing} (the app extra), not installed here")
        raise


def module_doctests(module) -> list[doctest.DocTest]:
    """The doctests of ``module`` that hold examples, as the standard finder sees them."""
    tests = doctest.DocTestFinder().find(module, module.__name__)
    return [t for t in tests if t.examples]


def run_examples(module) -> tuple[doctest.TestResults, list[str], str]:
    """Runs the examples of ``module``: (results, the source of each example found, report)."""
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    found: list[str] = []
    for test in module_doctests(module):
        found += [ex.source for ex in test.examples if not ex.options.get(doctest.SKIP)]
        runner.run(test, out=report.append)
    return runner.summarize(verbose=False), found, "".join(report)


def never_run(path: Path, found: list[str]) -> list[str]:
    """The examples written in ``path`` that are not among those ``found`` (and run)."""
    return sorted((Counter(source_examples(path)) - Counter(found)).elements())


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples(name: str) -> None:
    results, found, report = run_examples(import_or_skip(name))
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples of {name} failed:\n{report}"
    # Every example written in the source ran: none out of the finder's reach, none skipped.
    assert never_run(source_file(name), found) == [], f"examples of {name} that never ran"
    assert results.attempted >= len(source_examples(source_file(name)))


def test_examples_exist_and_every_module_holding_one_is_visited() -> None:
    """The package has examples to run, and every source file with a ``>>>`` line is a module
    the walk above visits (a folder without ``__init__.py`` would not be), with as many
    examples read from its docstrings as it has ``>>>`` lines (none in a plain string or a
    comment, where they would never run)."""
    assert len(WITH_EXAMPLES) >= 1
    visited = {source_file(name) for name in MODULES}
    prompts = re.compile(r"^\s*>>> ", re.M)
    holding = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        count = len(prompts.findall(path.read_text(encoding="utf-8")))
        if count:
            holding[path] = count
    assert holding, "no example anywhere in the package"
    assert set(holding) <= visited, sorted(str(p.relative_to(PACKAGE_DIR)) for p in set(holding) - visited)
    assert {source_file(name) for name in WITH_EXAMPLES} == set(holding)
    for path, count in holding.items():
        assert len(source_examples(path)) == count, f"{path.relative_to(PACKAGE_DIR)}: a '>>>' outside a docstring"


def test_an_example_out_of_the_finders_reach_or_skipped_is_noticed(tmp_path, monkeypatch) -> None:
    """The checks above can fail: a module whose examples sit where the doctest finder does not
    look (a nested function) or are marked ``+SKIP`` shows fewer examples run than written."""
    pkg = tmp_path / "doctest_probe_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text(
        'def outer():\n'
        '    def inner():\n'
        '        """\n'
        '        >>> 1 + 1\n'
        '        2\n'
        '        """\n'
        '    return inner\n'
        '\n'
        'def shown():\n'
        '    """\n'
        '    >>> 2 + 2\n'
        '    4\n'
        '    >>> 3 + 3   # doctest: +SKIP\n'
        '    7\n'
        '    """\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("doctest_probe_pkg.mod")
    written = source_examples(pkg / "mod.py")
    assert sorted(written) == ["1 + 1\n", "2 + 2\n", "3 + 3   # doctest: +SKIP\n"]
    results, found, _ = run_examples(module)
    assert (results.failed, results.attempted) == (0, 1)
    assert never_run(pkg / "mod.py", found) == ["1 + 1\n", "3 + 3   # doctest: +SKIP\n"]
