"""``python main.py --help`` lists every flag, and each flag reaches what it names through one parser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.cli import main, parse_args

ROOT = Path(__file__).resolve().parents[1]


def test_help_lists_game_and_kiosk_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--fullscreen", "--seed", "--bench-frames", "--speed", "--match", "--kiosk", "--data-dir"):
        assert flag in out, flag
    for flag in ("--lang", "--home", "--level", "--idle", "--operator-code", "--volume", "--no-sound"):
        assert flag in out, flag
    assert out.count("--speed") == 2  # usage line and one option: the settings do not add a second


def test_main_py_help_exits_0_without_opening_a_window() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0
    assert "--kiosk" in done.stdout and "--home" in done.stdout


def test_one_parser_reads_launch_and_setting_flags() -> None:
    launch, args = parse_args(
        ["--kiosk", "--home", "left", "--speed", "fast", "--seed", "4", "--lang", "fi", "--match", "3"]
    )
    assert launch.kiosk and launch.seed == 4 and launch.fullscreen  # a kiosk fills its screen
    assert args.home == "left" and args.lang == "fi" and args.speed == "fast" and args.match_length == 3
    launch, args = parse_args(["--demo", "--match-length", "7"])
    assert launch.start == "demo" and args.match_length == 7 and not launch.kiosk


def test_a_bad_kiosk_value_is_a_message_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--home", "up"]) == 2
    assert "--home" in capsys.readouterr().err
