"""The JupyterHub bench's pure parts: the sizing it prints and its report's rows."""
from __future__ import annotations

import math

import pytest

from beannb.bench import hub as bh


def test_sizing_adds_each_student_one_class_service_per_thirty_and_the_hub_once():
    s = bh.sizing(per_student_mb=200, per_student_cpu_s=3, fixed_mb=212, class_mb=140, students=30)
    assert s.classes == 1
    assert s.memory_gb == pytest.approx((212 + 140 + 30 * 200) / 1024)
    assert s.start_cores == pytest.approx(30 * 3 / bh.START_SPREAD_S)
    big = bh.sizing(200, 3, 212, 140, 3001)
    assert big.classes == 101 and big.memory_gb == pytest.approx((212 + 101 * 140 + 3001 * 200) / 1024)


def test_the_report_has_a_row_per_student_their_medians_and_the_sizing_rows():
    students = [bh.Student("s01", 5.0, 150, 60, 1, 4.0), bh.Student("s02", 7.0, 152, 64, 1, 5.0),
                bh.Student("s03", 6.0, 151, 62, 1, 4.5)]
    lines = bh.report(students, {"hub": 118, "proxy": 62}, 142, 3, "JupyterHub x")
    assert lines[0].startswith("beannb bench --hub 3: JupyterHub x")
    assert [line.split()[0] for line in lines[2:5]] == ["s01", "s02", "s03"]
    assert "per student (median): 213 MB, 4.5 CPU s" in "\n".join(lines)
    rows = [line.split() for line in lines[-3:]]
    assert [r[0] for r in rows] == ["30", "300", "3000"]
    mem_30 = (118 + 62 + 142 + 30 * 213) / 1024
    assert math.isclose(float(rows[0][2]), round(mem_30, 1))


def test_the_hub_config_declares_each_class_and_puts_the_students_in_the_first():
    text = bh.hub_config(bh.Path("/srv/hub"), {"hub": 1, "api": 2, "proxy_api": 3, "a": 4, "b": 5}, "chp",
                         bh.Path("/srv/nb"), ["anna", "bela"], [("class-7a", "7a", "a"), ("class-7b", "7b", "b")])
    compile(text, "jupyterhub_config.py", "exec")
    assert "add_class(c, 'class-7a', student_group='7a', port=4" in text
    assert "add_class(c, 'class-7b', student_group='7b', port=5" in text
    assert "'7a': {\"users\": ['anna', 'bela']}" in text
