"""The cube benchmark's own parts: its reference kinds, its cubeful rollouts and its scoring.

Nothing here needs GNU Backgammon: the rollouts are the project's own reference.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Position
from game.tools import bench_cube
from game.tools.bench_cube import Reference


def test_reference_kinds() -> None:
    assert Reference(0.2, 0.3, 1.0).kind == "double/take"
    assert Reference(0.9, 1.4, 1.0).kind == "double/pass"
    assert Reference(0.5, 0.4, 1.0).kind == "no double"
    assert Reference(1.2, 1.8, 1.0).kind == "too good"


def test_rollout_of_a_last_roll_is_exact() -> None:
    # Two checkers on my 2-point, the opponent finishes next roll: I win with the 26 rolls without a 1
    # (doubles included), and the 36 first rolls are stratified, so the rollout is exact.
    pos = Position((0, 2, 0, 0, 0, 0) + (0,) * 19, (1, 0, 0, 0, 0, 0) + (0,) * 19)
    p = 26 / 36
    (ref,) = bench_cube.rollout_reference([pos], trials=36, plies=6, seed=1)
    assert ref.nd == pytest.approx(2 * p - 1)
    assert ref.dt == pytest.approx(2 * (2 * p - 1))
    assert ref.dp == 1.0
    assert ref.kind == "double/take"
    figures = bench_cube.score_level("expert", [pos], [ref])
    assert figures["lost_per_double_decision"] == 0.0
    assert figures["lost_per_take_decision"] == 0.0
    assert figures["wrong"] == {}


def test_a_wrong_take_is_counted_and_costs_its_equity() -> None:
    pos = Position((0, 2, 0, 0, 0, 0) + (0,) * 19, (1, 0, 0, 0, 0, 0) + (0,) * 19)
    # A made-up reference in which a take gives the doubler 1.25 against 1.0 for a pass: the expert
    # takes this position (26/36 for the doubler), so it is scored a wrong take costing 0.25.
    ref = Reference(0.2, 1.25, 1.0)
    figures = bench_cube.score_level("expert", [pos], [ref])
    assert figures["wrong"] == {"wrong take": 1}
    assert figures["lost_per_take_decision"] == pytest.approx(250.0)


def test_a_tie_is_not_a_wrong_decision() -> None:
    # Two checkers on my 1-point against ten: a certain single win. Cash or play on, one point
    # either way: doubling is not "doubled when too good".
    pos = Position((2,) + (0,) * 24, (2, 2, 2, 2, 1, 1) + (0,) * 19)
    figures = bench_cube.score_level("expert", [pos], [Reference(1.0, 2.0, 1.0)])
    assert figures["wrong"] == {}
    assert figures["lost_per_double_decision"] == 0.0


def test_the_committed_position_set() -> None:
    positions = bench_cube.fixed_positions(600)
    assert len(set(positions)) == 600
    assert positions[:5] == bench_cube.fixed_positions(5)
    with pytest.raises(ValueError, match="use --sample"):
        bench_cube.fixed_positions(601)


def test_the_held_out_set_shares_no_position_with_the_main_set() -> None:
    held = bench_cube.fixed_positions(600, bench_cube.HOLDOUT)
    assert len(set(held)) == 600
    assert not set(held) & set(bench_cube.fixed_positions(600))


def test_written_positions_read_back(tmp_path: Path) -> None:
    positions = [Position.start(), Position.start().flip()]
    path = tmp_path / "set.txt"
    bench_cube.write_positions(positions, 7, path)
    assert path.read_text().startswith("# ")
    assert bench_cube.fixed_positions(2, path) == positions


def test_unreadable_weights_are_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "net.json"
    bad.write_text("{not json")
    with pytest.raises(SystemExit) as stopped:
        bench_cube.main(["--positions", "1", "--weights", str(bad)])
    assert stopped.value.code == 2
    assert "weights" in capsys.readouterr().err


def test_several_sets_of_rollout_dice_are_averaged_and_kept() -> None:
    def run(double: float, take: float, wrong: dict[str, int]) -> dict[str, object]:
        return {
            "positions": 2,
            "lost_per_double_decision": double,
            "lost_per_take_decision": take,
            "wrong": wrong,
            "reference_kinds": {"double/take": 2},
            "seconds": 1.5,
            "ms_per_decision": {"double": {"median": 1.0, "max": 2.0}, "take": {"median": 1.0, "max": 2.0}},
        }

    runs = [run(6.0, 9.0, {"wrong take": 1}), run(5.0, 13.0, {"wrong take": 2, "missed double": 1})]
    mean = bench_cube.mean_of(runs)
    assert mean["lost_per_double_decision"] == 5.5
    assert mean["lost_per_take_decision"] == 11.0
    assert mean["wrong"] == {"missed double": 0.5, "wrong take": 1.5}
    assert mean["rollout_dice"] == 2
    assert mean["runs"] == runs
    assert mean["seconds"] == 3.0
