"""``python main.py --help`` lists every flag, and each flag reaches what it names through one parser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.cli import main, parse_args
from tests.helpers.paths import ROOT


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


def test_the_debug_switch_is_a_flag_or_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BACKGAMMON_DEBUG", raising=False)
    assert not parse_args([])[0].debug
    assert parse_args(["--debug"])[0].debug
    monkeypatch.setenv("BACKGAMMON_DEBUG", "1")
    assert parse_args([])[0].debug
    monkeypatch.setenv("BACKGAMMON_DEBUG", "0")
    assert not parse_args([])[0].debug


def test_the_journal_says_why_the_sound_is_off(tmp_path: Path) -> None:
    """The README's promise: logging is set up at start, so INFO lines (no audio device, here an
    audio driver that does not exist) reach stderr, which is the journal under systemd."""
    import os

    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "1", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "SDL_AUDIODRIVER": "no-such-driver", "BACKGAMMON_AI_WORKERS": "0"},
    )
    assert done.returncode == 0, done.stderr
    assert "INFO game.ui.audio: no audio device" in done.stderr, done.stderr
