"""The lookahead-distillation trainer: its targets are the network's own one-roll expectation."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.ai import bearoff
from game.ai.net import equity, load
from game.engine import legal_plays
from game.testing.sample import random_position
from tests.helpers.paths import ROOT

OLD = ROOT / "assets" / "weights" / "training" / "td0_338k.json"
"""The TD-trained 199-input network the distiller works on (the shipped one reads 209 inputs)."""


def _one_roll(pos: Any) -> float:
    """The pure-Python one-roll equity of ``pos`` for the side on roll: every play judged, none screened."""
    from game.tools import train_td as td

    net = load(OLD)
    total = 0.0
    for a, b, w in bearoff.ROLLS:
        plays = legal_plays(pos, (a, b))
        if not plays:
            total -= w * equity(net.evaluate(pos.flip()))
        elif any(p.position.my_off == 15 for p in plays):
            total += w * max(td.points_of(p.position) for p in plays if p.position.my_off == 15)
        elif bearoff.is_bearoff(pos):
            total += w * max(equity(o) for o in bearoff.play_outputs(plays))
        else:
            total += w * max(equity(o) for o in net.play_outputs(pos, plays))
    return total / 36.0


def test_targets_are_the_one_roll_expectation(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numpy")
    from game.tools import train_distill as d
    from game.tools import train_td as td

    net = d.net_from_json(OLD)
    seen: dict[str, Any] = {}
    monkeypatch.setattr(td, "batch_update", lambda n, x, t, a, fs=1.0: seen.setdefault("t", t))
    rng = random.Random(5)
    positions = [random_position(rng) for _ in range(5)]
    games = []
    for p in positions:
        g = d.Game()
        g.pos = p
        g.opening = False
        games.append(g)
    d.step(net, games, random.Random(1), 0.0)
    for p, t in zip(positions, seen["t"], strict=True):
        expected = equity(bearoff.outputs(p)) if bearoff.is_bearoff(p) else _one_roll(p)
        assert float(td.equity(t)) == pytest.approx(expected, abs=1e-4)


def test_a_shipped_file_loads_into_the_trainer_unchanged(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from game.tools import train_distill as d
    from game.tools import train_td as td

    net = d.net_from_json(OLD)
    td.export(net, tmp_path / "again.json", {})
    again = load(tmp_path / "again.json")
    pos = random_position(random.Random(9))
    assert again.evaluate(pos) == pytest.approx(load(OLD).evaluate(pos), abs=1e-6)


def test_a_short_run_checkpoints_exports_and_resumes(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from game.tools import train_distill as d

    files = ["--checkpoint", str(tmp_path / "ck"), "--export", str(tmp_path / "net.json")]
    files += ["--log", str(tmp_path / "log.jsonl"), "--parallel", "4", "--every", "8"]
    assert d.main(["--positions", "8", *files]) == 0
    assert (tmp_path / "net.json").exists() and (tmp_path / "ck.npz").exists()
    assert d.main(["--positions", "16", *files]) == 0
    lines = (tmp_path / "log.jsonl").read_text().splitlines()
    assert [line.split(",")[0] for line in lines] == ['{"positions": 8', '{"positions": 16']
    assert load(tmp_path / "net.json").meta["distilled_positions"] == 16


def test_bad_arguments_are_refused() -> None:
    pytest.importorskip("numpy")
    from game.tools import train_distill as d

    with pytest.raises(SystemExit) as exc:
        d.main(["--alpha", "0"])
    assert exc.value.code == 2
