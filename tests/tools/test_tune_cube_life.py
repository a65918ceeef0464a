"""The cube-life tool: its rollouts are cached and resumable, and its fit changes only ``x``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import cube as cubemod
from game.engine import Position
from game.tools import bench_cube, tune_cube_life
from game.tools.bench_cube import Reference


def _contact(n: int) -> list[Position]:
    return [p for p in bench_cube.fixed_positions(60) if not p.is_race()][:n]


def test_rollouts_are_cached_by_position(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tune_cube_life, "CACHE", tmp_path)
    positions = _contact(2)
    first = tune_cube_life.rollouts(positions, trials=2, seed=3)
    (cache_file,) = tmp_path.iterdir()
    stored = json.loads(cache_file.read_text())
    assert set(stored) == {p.position_id() for p in positions}
    # A resumed run reads the cache instead of rolling out again.
    monkeypatch.setattr(bench_cube, "rollout_reference", lambda *a: pytest.fail("rolled out again"))
    assert tune_cube_life.rollouts(positions, trials=2, seed=3) == first
    for ref in first:
        assert ref.dp == 1.0 and -3.0 <= ref.nd <= 3.0 and -6.0 <= ref.dt <= 6.0


def test_score_depends_on_x_and_restores_it() -> None:
    positions = _contact(3)
    refs = [Reference(0.5, 0.8, 1.0)] * 3
    before = cubemod.CONTACT_X
    low = tune_cube_life.score(0.3, positions, refs)
    high = tune_cube_life.score(0.9, positions, refs)
    assert before == cubemod.CONTACT_X
    assert low["x"] == 0.3 and high["x"] == 0.9
    assert low["mean_error_double_take"] != high["mean_error_double_take"]


@pytest.mark.slow
def test_thresholds_move_decisions_from_the_lookahead_to_the_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    """At "never" (a huge threshold) the decisions are the lookahead's; at 0 the rollout's whenever
    they differ: with a reference that rewards every take, the two ends score what each judge takes.

    The tool's own rollouts are kept as it makes them (each with the expert's trials and plies,
    checked here) instead of rolling the positions out a second time: the same seeded rollout gives
    the same answer in or out of the trial runner (``tests/ai/test_parallel.py``)."""
    from game.ai import api, cubeful, rollout

    positions = _contact(4)
    refs = [Reference(0.0, 0.5, 1.0)] * 4  # double/take: a pass gives away 0.5
    real = rollout.evaluate
    rolled: dict[Position, rollout.RolloutEquities] = {}

    def kept(pos: Position, info: cubeful.CubeInfo, *args: Any, **kwargs: Any) -> rollout.RolloutEquities:
        assert info == cubeful.CubeInfo() and args == (api._best_play, api.cube_outputs)
        assert (kwargs["trials"], kwargs["plies"]) == (api.ROLLOUT_TRIALS, api.ROLLOUT_PLIES)
        rolled[pos] = real(pos, info, *args, **kwargs)
        return rolled[pos]

    monkeypatch.setattr(rollout, "evaluate", kept)
    never, always = tune_cube_life.threshold_rows(positions, refs, [1e9, -1.0])
    assert list(rolled) == positions
    passes_ahead = sum(not api.cube_lookahead(p, cubeful.CubeInfo()).should_take for p in positions)
    passes_rolled = sum(not r.should_take for r in rolled.values())
    assert never["lost_per_take_decision"] == round(1000.0 * 0.5 * passes_ahead / 4, 2)
    assert always["lost_per_take_decision"] == round(1000.0 * 0.5 * passes_rolled / 4, 2)
