"""The teacher benchmark's bookkeeping: the committed reference format, losses, merged reports."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from game.engine import Position, legal_plays
from game.tools import bench_teacher as bt


def _write_reference(path: Path) -> tuple[Position, tuple[int, int], dict[Position, float]]:
    pos = Position.start()
    dice = (3, 1)
    plays = legal_plays(pos, dice)
    eqs = {p.position: -0.01 * k for k, p in enumerate(plays)}  # the first play best, each next worse
    items = " ".join(f"{p.position_id()}:{e:.5f}" for p, e in eqs.items())
    with gzip.open(path, "wt", encoding="ascii") as fh:
        fh.write("# a comment\n")
        fh.write(f"{pos.position_id()} 31 | {items}\n")
    return pos, dice, eqs


def test_the_reference_reads_back_and_a_loss_is_best_minus_chosen(tmp_path: Path) -> None:
    pos, dice, eqs = _write_reference(tmp_path / "ref.txt.gz")
    cases = bt.read_reference(tmp_path / "ref.txt.gz")
    assert len(cases) == 1
    got_pos, got_dice, got_eqs = cases[0]
    assert got_pos == pos and got_dice == dice
    assert got_eqs == pytest.approx(eqs)
    plays = legal_plays(pos, dice)
    assert bt.losses(cases, lambda p, d: plays[0]) == [pytest.approx(0.0)]
    assert bt.losses(cases, lambda p, d: plays[3]) == [pytest.approx(0.03)]


def test_report_merges_split_runs_and_pairs_new_with_old(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.json").write_text(
        json.dumps({"pubeval/net/new": [1.0, 0.0], "pubeval/net/old": [0.0, 0.0]})
    )
    (tmp_path / "b.json").write_text(json.dumps({"pubeval/net/new": [1.0], "pubeval/net/old": [1.0]}))
    assert bt.main(["--report", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    out = capsys.readouterr().out
    assert "net          new:   0.67" in out
    assert "net          old:   0.33" in out
    assert "new - old:   0.33" in out


def test_mean_ci_is_the_normal_interval() -> None:
    m, h = bt.mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == pytest.approx(2.5)
    assert h == pytest.approx(1.96 * (1.6666666666666667**0.5) / 2.0)
