"""The trainer's command line: an interval of 0 means never (it divided by zero), a negative one is refused.

(Every tool's --help is checked by ``tests/test_tools_cli.py``.)
"""

from __future__ import annotations

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
