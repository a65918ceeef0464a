"""The trainer's command line: an interval of 0 means never (it divided by zero), a negative one is refused.

(Every tool's --help is checked by ``tests/tools/test_tools_cli.py``.)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest


def test_train_td_bench_every_zero_means_never(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from game.tools import train_td

    ck = tmp_path / "ck"
    code = train_td.main(
        [
            "--games", "3", "--hidden", "4", "--bench-every", "0", "--checkpoint-every", "0",
            "--export-every", "0", "--checkpoint", str(ck), "--export", str(tmp_path / "net.json"),
            "--log", str(tmp_path / "log.jsonl"),
        ]
    )  # fmt: skip
    assert code == 0
    assert (tmp_path / "net.json").exists()  # the final export still happens
    assert not (tmp_path / "log.jsonl").exists()  # no benchmark was logged


def test_train_td_rejects_a_negative_interval() -> None:
    pytest.importorskip("numpy")
    from game.tools import train_td

    with pytest.raises(SystemExit) as exc:
        train_td.main(["--bench-every", "-5"])
    assert exc.value.code == 2


def test_weight_averaging_exports_the_mean_and_resumes_it(tmp_path: Path) -> None:
    """--swa keeps a running mean of the weights: the export is that mean (not the last weights),
    the checkpoint carries it with its count, and a resumed run goes on averaging from there."""
    np = pytest.importorskip("numpy")
    import json

    from game.ai import net as pure
    from game.tools import train_td

    ck = tmp_path / "ck"
    common = [
        "--hidden", "4", "--bench-every", "0", "--checkpoint-every", "0", "--export-every", "0",
        "--checkpoint", str(ck), "--export", str(tmp_path / "net.json"), "--log", str(tmp_path / "log.jsonl"),
        "--parallel", "2", "--swa", "--swa-every", "1", "--alpha", "0.5", "--alpha-min", "0.5",
    ]  # fmt: skip
    assert train_td.main(["--games", "2", *common]) == 0
    first = json.loads(ck.with_suffix(".json").read_text())["average_count"]
    assert first > 1
    arrays = np.load(ck.with_suffix(".npz"))
    assert not np.allclose(arrays["avg_w1"], arrays["w1"])  # a mean of many steps, not the last one
    exported = pure.load(tmp_path / "net.json")
    assert np.allclose(exported.b1, arrays["avg_b1"], atol=1e-6)
    assert not np.allclose(exported.b1, arrays["b1"], atol=1e-6)

    assert train_td.main(["--games", "4", *common]) == 0
    state = json.loads(ck.with_suffix(".json").read_text())
    assert state["games"] >= 4 and state["average_count"] > first  # resumed, not restarted

    average = train_td.Average(train_td.Net(4, np.random.default_rng(0), train_td.N_BASE))
    plain = train_td.Net(4, np.random.default_rng(1), train_td.N_BASE)
    other = train_td.Net(4, np.random.default_rng(2), train_td.N_BASE)
    average.add(plain)
    average.add(other)
    assert np.allclose(average.net.w1, (plain.w1 + other.w1) / 2)


def test_lambda_returns_mix_each_target_with_the_next_plys_return_seen_by_the_other_side() -> None:
    """lam 0 is TD(0) (each ply's own target); lam 1 is the game's result for every ply, seen by
    whoever was on roll there; in between, G[t] = (1 - lam) * target[t] + lam * swap(G[t + 1])."""
    np = pytest.importorskip("numpy")
    from game.tools import train_td

    boots = np.array(
        [[0.6, 0.2, 0.01, 0.1, 0.0], [0.3, 0.05, 0.0, 0.25, 0.02], [1.0, 1.0, 0.0, 0.0, 0.0]]
    )  # the last ply's mover won a gammon
    assert np.allclose(train_td.lambda_returns(boots, 0.0), boots)
    full = train_td.lambda_returns(boots, 1.0)
    assert np.allclose(full[2], [1, 1, 0, 0, 0])
    assert np.allclose(full[1], [0, 0, 0, 1, 0])  # the player before lost that gammon
    assert np.allclose(full[0], [1, 1, 0, 0, 0])
    half = train_td.lambda_returns(boots, 0.5)
    g1 = 0.5 * boots[1] + 0.5 * np.array([0.0, 0.0, 0.0, 1.0, 0.0])
    assert np.allclose(half[1], g1)
    assert np.allclose(half[0], 0.5 * boots[0] + 0.5 * train_td.swap(g1))


def test_lambda_training_learns_only_from_finished_games_and_needs_parallel_slots(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    from game.tools import train_td

    ck = tmp_path / "ck"
    common = [
        "--hidden", "4", "--bench-every", "0", "--checkpoint-every", "0", "--export-every", "0",
        "--checkpoint", str(ck), "--export", str(tmp_path / "net.json"), "--log", str(tmp_path / "log.jsonl"),
    ]  # fmt: skip
    with pytest.raises(SystemExit):
        train_td.main(["--games", "1", "--lam", "0.7", *common])  # one slot: refused
    with pytest.raises(SystemExit):
        train_td.main(["--games", "1", "--lam", "1.5", "--parallel", "2", *common])
    assert not ck.with_suffix(".npz").exists()

    net = train_td.Net(4, np.random.default_rng(0))
    before = net.w1.copy()
    slots = [train_td.Slot(random.Random(1), net.n_in) for _ in range(2)]
    dice = random.Random(2)
    while train_td.parallel_step(net, slots, dice, 0.1, lam=0.7) == 0:
        assert np.array_equal(net.w1, before)  # nothing learnt mid-game
    assert not np.array_equal(net.w1, before)  # the finished game's plies were learnt
    assert train_td.main(["--games", "3", "--lam", "0.7", "--parallel", "2", *common]) == 0
    assert json.loads(ck.with_suffix(".json").read_text())["lam"] == 0.7
