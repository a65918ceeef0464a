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
