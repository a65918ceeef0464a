"""The pure-Python network agrees with the training code and with itself.

The training script (numpy) and the game (pure Python) must read the same
inputs the same way, or the shipped weights would mean something else at run
time; and the incremental candidate evaluation must equal a full evaluation.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest

from game.ai import net
from game.engine import Position, legal_plays
from game.engine.sample import random_position

ROOT = Path(__file__).resolve().parent.parent


def _train_module() -> ModuleType:
    pytest.importorskip("numpy")
    return importlib.import_module("game.tools.train_td")


def _positions(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [random_position(rng) for _ in range(n)] + [Position.start()]


def test_encoding_matches_training() -> None:
    td = _train_module()
    positions = _positions(300, 1)
    x = td.encode_batch(*td.sides(positions))
    for row, pos in zip(x, positions, strict=True):
        assert list(row) == pytest.approx(net.encode(pos), abs=1e-12)


@pytest.fixture(scope="module")
def random_net(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, object, net.Network]:
    td = _train_module()
    import numpy as np

    model = td.Net(24, np.random.default_rng(5))
    model.w1 *= 3.0  # make hidden units saturate a little, like a trained net
    path = tmp_path_factory.mktemp("w") / "net.json"
    td.export(model, path, {"test": True})
    return td, model, net.load(path)


def test_outputs_match_numpy_forward(random_net: tuple[ModuleType, object, net.Network]) -> None:
    td, model, pure = random_net
    positions = _positions(100, 2)
    _, expected = model.forward(td.encode_batch(*td.sides(positions)))  # type: ignore[attr-defined]
    for pos, want in zip(positions, expected, strict=True):
        assert pure.evaluate(pos) == pytest.approx(list(want), abs=2e-5)


def test_incremental_equals_full(random_net: tuple[ModuleType, object, net.Network]) -> None:
    _, _, pure = random_net
    rng = random.Random(3)
    checked = 0
    for pos in _positions(150, 3):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        for play, got in zip(plays, pure.play_outputs(pos, plays), strict=True):
            after = play.position
            if after.my_off == 15:
                assert got == net.final_outputs(after)
            else:
                assert got == pytest.approx(net.swap(pure.evaluate(after.flip())), abs=1e-9)
            checked += 1
    assert checked > 1000


def test_final_outputs_count_gammons_and_backgammons() -> None:
    # Mover has borne everything off; the opponent has all 15 left, one on the mover's 2-point.
    opp = [0] * 25
    opp[22] = 1
    opp[5] = 14
    assert net.final_outputs(Position((0,) * 25, tuple(opp))) == (1.0, 1.0, 1.0, 0.0, 0.0)
    opp = [0] * 25
    opp[3] = 15
    assert net.final_outputs(Position((0,) * 25, tuple(opp))) == (1.0, 1.0, 0.0, 0.0, 0.0)
    opp[3] = 14  # one borne off: a single game, even with nothing else changed
    assert net.final_outputs(Position((0,) * 25, tuple(opp))) == (1.0, 0.0, 0.0, 0.0, 0.0)


def test_bad_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "other"}))
    with pytest.raises(ValueError, match="td-net-v1"):
        net.load(bad)
    with pytest.raises(ValueError, match="cannot read"):
        net.load(tmp_path / "missing.json")
