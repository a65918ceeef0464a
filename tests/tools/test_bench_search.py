"""The lookahead benchmark: a setting as wide as its reference loses nothing, bad settings are refused."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game.tools import bench_search


def test_a_setting_equal_to_the_reference_loses_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "f.json"
    code = bench_search.main(
        ["--positions", "3", "--ref-candidates", "2", "--ref-margin", "0.4",
         "--settings", "2,0.4,all", "1,0,3", "--json", str(out)]
    )  # fmt: skip
    assert code == 0
    figures = json.loads(out.read_text())
    assert figures["positions"] == 3
    assert figures["2,0.4,all"]["loss_mppt"] == 0.0
    assert figures["2,0.4,all"]["other_play"] == 0
    # One candidate is the 0-ply play: it loses exactly what 0-ply loses.
    assert figures["1,0,3"]["loss_mppt"] == figures["0-ply"]["loss_mppt"] >= 0.0
    assert "2,0.4,all" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["4,0.16", "x,0.16,3", "4,0.16,none", "0,0.16,3", "4,-1,3", "4,0.16,0"])
def test_bad_settings_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        bench_search.parse_setting(text)


def test_settings_parse() -> None:
    assert bench_search.parse_setting("4,0.16,all") == bench_search.Setting(4, 0.16, None)
    assert bench_search.parse_setting("6,0.25,6").name == "6,0.25,6"
