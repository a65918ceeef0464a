"""The pure-Python network agrees with the training code and with itself.

The training script (numpy) and the game (pure Python) must read the same
inputs the same way, or the shipped weights would mean something else at run
time; and the incremental candidate evaluation must equal a full evaluation.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

from game.ai import net
from game.engine import Position, legal_plays
from game.testing.sample import random_position


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


def _board(points: dict[int, int]) -> tuple[int, ...]:
    """A 25-count side with the given {index: count}; the rest of the 15 are borne off."""
    side = [0] * 25
    for i, n in points.items():
        side[i] = n
    return tuple(side)


def test_shots_count_the_classic_numbers() -> None:
    from game.ai import features

    # My blot on my 7-point (index 6), one enemy checker 6 pips behind it (my index 0 = its index 23):
    # 11 rolls with a 6, 5-1, 1-5, 4-2, 2-4, 2-2 and 3-3: the textbook 17 shots.
    me = _board({6: 1})
    opp = _board({23: 1})
    assert features.shots(me, opp) == 17
    # 11 pips away only combinations reach: 6-5 and 5-6.
    assert features.shots(_board({11: 1}), opp) == 2
    # A checker on the bar enters on my index d - 1 with a d: a blot on my 3-point (index 2) is
    # hit by any 3, 2-1, 1-2 and 1-1: 14 rolls.
    assert features.shots(_board({2: 1}), _board({24: 1})) == 14
    # No shooter behind the blot: no shots.
    assert features.shots(_board({6: 1}), _board({0: 2})) == 0


def test_prime_and_escapes() -> None:
    from game.ai import features

    me = _board({i: 2 for i in range(1, 7)})  # a full prime on my points 2..7
    assert features.prime(me) == 6
    # An enemy checker on its 24-point has my points 2..7 at 1..6 pips in front: no roll gets past.
    behind = _board({23: 1})
    assert features.escapes(behind, me) == 0
    # With nothing in the way every roll escapes.
    assert features.escapes(behind, _board({})) == 36
    # One blocked point right in front (1 pip ahead): every roll but 1-1 gets past.
    assert features.escapes(behind, _board({1: 2})) == 35


def test_networks_without_features_still_load(tmp_path: Path) -> None:
    """A 199-input file (before the hand-made inputs) evaluates as it always did."""
    td = _train_module()
    import numpy as np

    model = td.Net(8, np.random.default_rng(1))
    path = tmp_path / "old.json"
    td.export(model, path, {})
    doc = json.loads(path.read_text())
    w1 = np.frombuffer(__import__("base64").b64decode(doc["w1"]), dtype="<f4").reshape(td.N_IN, 8)
    doc["w1"] = td._b64(w1[: net.N_BASE])
    doc["inputs"] = net.N_BASE
    path.write_text(json.dumps(doc))
    old = net.load(path)
    model.w1[net.N_BASE :] = 0.0
    pos = Position.start()
    _, want = model.forward(td.encode_batch(*td.sides([pos])))
    assert old.evaluate(pos) == pytest.approx(list(want[0]), abs=2e-5)


def test_trainer_keeps_the_checkpoints_inputs_unless_features_are_asked_for(tmp_path: Path) -> None:
    """Resuming the shipped (199-input) checkpoint with the documented command must not turn it into
    a feature network; ``--features`` does, with zero rows so it starts out computing the same thing."""
    td = _train_module()
    import numpy as np

    stem = tmp_path / "ck"
    out = tmp_path / "net.json"

    def run(games: int, *extra: str) -> dict[str, object]:
        common = ["--hidden", "4", "--checkpoint", str(stem), "--export", str(out)]
        common += ["--log", str(tmp_path / "log.jsonl"), "--bench-every", "1000000"]
        assert td.main(["--games", str(games), *common, *extra]) == 0
        doc: dict[str, object] = json.loads(out.read_text())
        return doc

    assert run(2)["inputs"] == net.N_BASE
    before = np.load(stem.with_suffix(".npz"))["w1"].copy()
    assert run(3)["inputs"] == net.N_BASE
    assert run(4, "--features")["inputs"] == net.N_IN
    assert net.load(out).feature_tables is not None
    assert np.load(stem.with_suffix(".npz"))["w1"].shape == (net.N_IN, 4)
    assert before.shape == (net.N_BASE, 4)


def test_structure_counts_entering_anchors_contact_and_mobility() -> None:
    from game.ai import features

    # The other side holds its 1, 2 and 6 points (its indices 0, 1, 5): 3 closed, 9 rolls fail to
    # enter. I hold its 5 and 2 points (my indices 19 and 22): two anchors, the most advanced its 5.
    other = _board({0: 2, 1: 3, 5: 2, 12: 8})
    me = _board({19: 2, 22: 2, 5: 11})
    closed, anchor, back_game, _, _ = features.structure(me, other)
    assert (closed, anchor, back_game) == (3, 5, 1)
    assert features.structure_inputs(closed, anchor, back_game, 0, 0)[0] == 9 / 36
    # One anchor on its 1-point (my index 23) is no back game.
    assert features.structure(_board({23: 2, 5: 13}), other)[1:3] == (1, 0)
    # Contact to break: the other's rearmost checker is on its 13-point (its index 12 = my index 11);
    # my checkers on my index 19 and 22 must reach my index 10: 2 x 9 + 2 x 12 pips; those on my
    # 6-point are past it already.
    assert features.structure(me, other)[3] == 2 * 9 + 2 * 12
    # With one of the other's checkers on the bar every checker of mine must come home and off.
    on_bar = _board({24: 1, 12: 14})
    assert features.structure(_board({5: 15}), on_bar)[3] == 15 * 6
    # Mobility: 15 checkers on my 6-point, nothing in the way: dice 1..5 move each (6 bears off).
    assert features.structure(_board({5: 15}), _board({}))[4] == 15 * 5
    # Block my points 1..5 (the other's indices 23..19): nothing of the 6-point moves.
    assert features.structure(_board({5: 15}), _board({j: 2 for j in range(19, 24)}))[4] == 0
    # A checker on the bar enters at my index 24 - d: against a board closed on the other's points
    # 1..5 only a 6 moves it (it lands on the other's 6-point, my index 18).
    assert features.structure(_board({24: 1}), _board({j: 2 for j in range(5)}))[4] == 1


def test_more_features_are_the_two_sides_structures_scaled() -> None:
    from game.ai import features

    pos = Position.start()
    x = features.more_features(pos.me, pos.opp)
    assert len(x) == features.N_MORE
    # At the start both sides hold the other's 1-point and 1 point of their home board is closed;
    # every checker is behind the other's rearmost checker: the contact to break is the pip count.
    assert x[:5] == x[5:]
    assert x[:4] == pytest.approx((1 / 36, 1 / 6, 0.0, 167 / features.BREAK_SCALE))
    assert all(0.0 <= v <= 1.0 for v in x)


def _structure_by_rule(own: Sequence[int], other: Sequence[int]) -> tuple[int, int, int, int, int]:
    """:func:`game.ai.features.structure` written out rule by rule, point by point and die by die."""
    closed = sum(other[j] >= 2 for j in range(6))
    held = [24 - i for i in range(18, 24) if own[i] >= 2]  # the other's point numbers
    rear = -1 if other[24] else min((23 - j for j in range(24) if other[j]), default=25)
    break_pips = sum(own[i] * (i - max(rear, 0) + 1) for i in range(25) if i > rear)
    mobility = sum(own[i] for i in range(25) for d in range(1, 7) if i - d >= 0 and other[23 - (i - d)] < 2)
    return closed, max(held, default=0), int(len(held) >= 2), break_pips, mobility


def test_structure_agrees_with_its_rules_on_random_positions() -> None:
    from game.ai import features

    for pos in _positions(400, 9):
        for own, other in ((pos.me, pos.opp), (pos.opp, pos.me)):
            assert features.structure(own, other) == _structure_by_rule(own, other)
