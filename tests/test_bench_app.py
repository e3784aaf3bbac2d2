"""The app benchmark: its pure pieces (figures, targets, table, reference notebook,
selectors), plus one small end-to-end run that needs Chromium."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re

import pytest

from beannb.bench import app as b

FIGURES = b.Figures(
    load_ms={"reference": 1000.0, "landing": 1150.0, "base": 2000.0},
    click_ms={"reference": 20.0, "base": 100.0},
    rss_mb={"reference": 50.0, "landing": 60.0, "base": 100.0},
)


def test_ratio() -> None:
    assert b.ratio(150.0, 100.0) == pytest.approx(1.5)
    assert b.ratio(None, 100.0) is None
    assert b.ratio(150.0, None) is None
    assert b.ratio(150.0, 0.0) is None


def test_rows_compare_with_the_reference_and_the_targets() -> None:
    rows = b.build_rows(FIGURES)
    got = [(r.measure, r.target, r.ratio, r.passed) for r in rows]
    assert got == [
        ("first widget usable: landing page", "ratio <= 1.2", pytest.approx(1.15), True),
        ("first widget usable: base game", "ratio <= 1.2", pytest.approx(2.0), False),
        ("median click -> view: base game", "<= 150 ms", pytest.approx(5.0), True),
        ("median click -> view: base game", "ratio <= 2", pytest.approx(5.0), False),
        # A ratio exactly at the limit meets it.
        ("kernel memory: landing page", "ratio <= 1.2", pytest.approx(1.2), True),
        ("kernel memory: base game", "ratio <= 1.2", pytest.approx(2.0), False),
    ]


def test_absolute_click_target() -> None:
    slow = b.Figures(click_ms={"reference": 100.0, "base": 151.0})
    rows = [r for r in b.build_rows(slow) if r.measure.startswith("median click")]
    assert [r.passed for r in rows] == [False, True]


def test_missing_figures_are_not_measured_rather_than_missed() -> None:
    rows = b.build_rows(b.Figures(load_ms={"landing": 1200.0}))
    assert all(r.passed is None for r in rows)
    table = b.format_table(rows)
    assert "PASS" not in table and "MISS" not in table
    assert b.summary(rows) == "0 target(s) met, 0 missed, 6 not measured"


def test_table_prints_figure_reference_ratio_target_and_verdict() -> None:
    rows = b.build_rows(FIGURES)
    lines = b.format_table(rows).splitlines()
    assert lines[0].split() == ["measure", "beannb", "reference", "ratio", "target"]
    assert len(lines) == 2 + len(rows)
    landing = lines[2].split()
    assert landing[-6:] == ["ms", "1.15", "ratio", "<=", "1.2", "PASS"]
    assert "1150 ms" in lines[2] and "1000 ms" in lines[2]
    memory = lines[-1]
    assert "100.0 MB" in memory and "50.0 MB" in memory and "2.00" in memory and memory.endswith("MISS")
    assert b.summary(rows) == "3 target(s) met, 3 missed"


def test_median() -> None:
    assert b.median([3.0, 1.0, 2.0]) == 2.0
    assert b.median([]) is None


def test_reference_notebook_is_a_one_button_notebook() -> None:
    nb = json.loads(json.dumps(b.reference_notebook()))  # plain JSON all the way down
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    (cell,) = nb["cells"]
    source = "".join(cell["source"])
    assert "W.Button(" in source and "W.Label(" in source and "on_click" in source
    compile(source, "reference", "exec")
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.from_dict(nb))


def _classes(selector: str) -> set[str]:
    return set(re.findall(r"\.([\w-]+)", selector))


def _dom_classes(widget) -> set[str]:
    """Classes of the widget tree, also those inside the HTML a widget shows."""
    found = set(getattr(widget, "_dom_classes", ()))
    value = getattr(widget, "value", None)
    if isinstance(value, str):
        for attr in re.findall(r'class="([^"]*)"', value) + re.findall(r"class='([^']*)'", value):
            found |= set(attr.split())
    for child in getattr(widget, "children", ()):
        found |= _dom_classes(child)
    return found


def _selector_classes(spec: b.PageSpec) -> set[str]:
    out: set[str] = set()
    for sel in (spec.ready, spec.click, spec.watch):
        if sel:
            out |= _classes(sel)
    return out


needs_widgets = pytest.mark.skipif(importlib.util.find_spec("ipywidgets") is None, reason="ipywidgets is not installed")


@needs_widgets
def test_reference_selectors_match_the_reference_widgets() -> None:
    namespace: dict = {}
    exec(b.REFERENCE_SOURCE, namespace)
    assert _selector_classes(b.REFERENCE) <= _dom_classes(namespace["box"])


@needs_widgets
def test_app_selectors_match_the_widget_classes() -> None:
    from beannb.widgets import PlayApp
    from beannb.widgets.landing import Landing

    assert _selector_classes(b.LANDING) <= _dom_classes(Landing())
    play = PlayApp(seed=1, bots=2, bot_kind="greedy")
    assert _selector_classes(b.BASE_GAME) <= _dom_classes(play)


def test_benchmarked_notebooks_exist(root) -> None:
    for spec in b.PAGES:
        if spec is not b.REFERENCE:
            assert (root / "notebooks" / spec.notebook).is_file(), spec.notebook


def test_missing_chromium_exits_2_with_a_message(capsys, tmp_path) -> None:
    assert b.run_app_bench(chromium=str(tmp_path / "no-chromium")) == 2
    err = capsys.readouterr().err
    assert "cannot run" in err and "Chromium" in err


@pytest.mark.browser
@pytest.mark.skipif(not os.access(b.CHROMIUM, os.X_OK), reason=f"{b.CHROMIUM} is not installed")
@pytest.mark.skipif(
    importlib.util.find_spec("voila") is None or importlib.util.find_spec("playwright") is None,
    reason="voila or playwright is not installed",
)
def test_small_run_against_a_real_server() -> None:
    # The reference page and the landing page only (the base game runs a long
    # simulation), one load each and a few clicks: checks the machinery, not the figures.
    out = io.StringIO()
    assert b.run_app_bench(rounds=1, clicks=3, pages=(b.REFERENCE, b.LANDING), out=out) == 0
    text = out.getvalue()
    landing = next(line for line in text.splitlines() if line.startswith("first widget usable: landing page"))
    assert re.search(r"\d+ ms +\d+ ms +\d+\.\d\d", landing), landing
    assert landing.endswith(("PASS", "MISS"))
    memory = next(line for line in text.splitlines() if line.startswith("kernel memory: landing page"))
    assert re.search(r"\d+\.\d MB +\d+\.\d MB", memory), memory
    assert "one-button notebook" in text.split("click breakdown")[1]


def test_a_process_own_memory_is_part_of_its_resident_memory() -> None:
    import os

    from beannb.bench.app import rss_bytes, uss_bytes

    rss, uss = rss_bytes(os.getpid()), uss_bytes(os.getpid())
    assert rss and uss and 0 < uss < rss
    assert uss_bytes(2**22 + 12345) is None  # no such process


# A Voila log as the class bench reads it: a tab closed while its kernel still sent messages, which
# tornado reports as a chained traceback; then one real fault, a restart and a port clash.
CLOSED_TAB_LOG = """[BeannbVoila] Starting buffering for k1:s1
Task exception was never retrieved
future: <Task finished name='Task-9' coro=<wrapper() done> exception=WebSocketClosedError()>
Traceback (most recent call last):
  File "websocket.py", line 1140, in wrapper
    await fut
tornado.iostream.StreamClosedError: Stream is closed

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "websocket.py", line 1142, in wrapper
    raise WebSocketClosedError()
tornado.websocket.WebSocketClosedError
[BeannbVoila] Kernel shutdown: k1
"""


def test_a_tab_closing_mid_write_is_counted_not_worried_about():
    problems, closed = b.server_log_problems(CLOSED_TAB_LOG)
    assert (problems, closed) == ([], 1)


def test_real_faults_in_the_server_log_are_named_by_their_exception():
    log = CLOSED_TAB_LOG + ("Traceback (most recent call last):\n  File \"x.py\", line 1, in f\n"
                            "KeyError: 'comm'\n[BeannbVoila] Kernel restarting: k2\n"
                            "OSError: [Errno 98] Address already in use\n")
    problems, closed = b.server_log_problems(log)
    assert closed == 1
    assert problems == ["Traceback ending in KeyError: 'comm'", "[BeannbVoila] Kernel restarting: k2",
                        "OSError: [Errno 98] Address already in use"]
