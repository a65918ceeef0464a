"""The one scale of grades (game/coach/scale.py) and that nothing keeps a scale of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import coach
from game.coach import scale
from game.coach.scale import BLUNDER, EQUAL, GRADES, INACCURATE, MISTAKE, grade, is_error
from tests.helpers.paths import ROOT

THRESHOLD_NAMES = {"EQUAL", "INACCURATE", "MISTAKE", "BLUNDER", "SHOWN_MISTAKE"}


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        (0.0, "good"),
        (EQUAL, "good"),
        (INACCURATE - 1e-9, "good"),
        (INACCURATE, "inaccurate"),
        (MISTAKE - 1e-9, "inaccurate"),
        (MISTAKE, "mistake"),
        (BLUNDER - 1e-9, "mistake"),
        (BLUNDER, "blunder"),
        (2.0, "blunder"),
    ],
)
def test_each_loss_gets_its_grade(loss: float, expected: str) -> None:
    assert grade(loss) == expected
    assert is_error(loss) == (expected != "good")


def test_the_steps_rise_and_the_grades_are_named_in_order() -> None:
    assert 0 < EQUAL < INACCURATE < MISTAKE < BLUNDER
    assert GRADES == ("good", "inaccurate", "mistake", "blunder")
    assert f"{EQUAL:.3f}" != "0.000"  # the least listed mistake reads as more than nothing


def test_the_coach_exports_the_same_numbers() -> None:
    assert (coach.EQUAL, coach.INACCURATE, coach.MISTAKE, coach.BLUNDER) == (
        EQUAL,
        INACCURATE,
        MISTAKE,
        BLUNDER,
    )
    assert coach.grade is grade


def _module_thresholds(path: Path) -> list[str]:
    """Module-level names of the scale assigned a number in ``path`` (a scale of its own)."""
    found: list[str] = []
    for node in ast.parse(path.read_text()).body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        value = getattr(node, "value", None)
        for target in targets:
            if (
                isinstance(target, ast.Name)
                and target.id in THRESHOLD_NAMES
                and isinstance(value, ast.Constant)
            ):
                found.append(f"{path.relative_to(ROOT)}: {target.id} = {value.value}")
    return found


def test_no_module_but_the_scale_defines_a_threshold() -> None:
    """The review's "shown mistake", the replay's "mistake" and the coach's steps each had their own
    number; now only game/coach/scale.py may say where a grade begins."""
    offenders = [
        found
        for path in sorted((ROOT / "game").rglob("*.py"))
        if path != Path(scale.__file__)
        for found in _module_thresholds(path)
    ]
    assert offenders == []
    assert len(_module_thresholds(Path(scale.__file__))) == 4  # the check does find them


def test_the_checker_benchmark_counts_blunders_from_the_same_step() -> None:
    bench = (ROOT / "game" / "tools" / "bench_checker.py").read_text()
    assert f"x >= {BLUNDER}" in bench
