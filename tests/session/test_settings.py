"""Settings: defaults, per-field fallback with a log line, versioned save/load, flags over the file."""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

import pytest

from game.session import operator_lock
from game.session import settings as st


def test_defaults() -> None:
    s = st.Settings()
    assert (s.language, s.sound, s.animation, s.level, s.match_length) == (
        "en",
        True,
        "normal",
        "intermediate",
        0,
    )
    assert s.idle_seconds == 90 and s.direction == "home-right" and 0.0 <= s.volume <= 1.0
    assert s.operator_corner in st.CORNERS
    assert s.operator_code == ""  # no default code: the first kiosk start asks for one


def test_no_operator_code_is_a_valid_setting_and_the_flag_needs_digits() -> None:
    """An empty code (none chosen) survives the file; the flag refuses an empty code and says
    how to forget the saved one instead."""
    assert st.from_dict({"operator_code": ""}).operator_code == ""
    assert st.from_dict({"operator_code": "2468"}).operator_code == "2468"
    parser = argparse.ArgumentParser()
    st.add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["--operator-code", ""])


def test_round_trip(tmp_path: Path) -> None:
    s = st.Settings(
        language="hu",
        sound=False,
        volume=0.25,
        animation="fast",
        level="expert",
        match_length=7,
        direction="home-left",
        idle_seconds=45,
        operator_corner="bottom-right",
    )
    assert st.save_settings(s, tmp_path)
    data = json.loads((tmp_path / st.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert data["version"] == st.SETTINGS_VERSION
    assert st.load_settings(tmp_path) == s


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert st.load_settings(tmp_path) == st.Settings()


@pytest.mark.parametrize(
    ("name", "bad"),
    [
        ("language", "de"),
        ("language", 3),
        ("sound", "yes"),
        ("sound", 1),
        ("volume", 1.5),
        ("volume", -0.1),
        ("volume", "loud"),
        ("volume", True),
        ("animation", "warp"),
        ("level", "god"),
        ("match_length", 2),
        ("match_length", "3"),
        ("match_length", 3.0),
        ("direction", "up"),
        ("idle_seconds", 5),
        ("idle_seconds", 12.5),
        ("idle_seconds", None),
        ("operator_corner", "middle"),
        ("operator_code", "12"),
        ("operator_code", "12a4"),
        ("operator_code", 1234),
        ("operator_code", "١٢٣٤"),
        ("operator_hold", 0),
    ],
)
def test_bad_value_falls_back_to_default_and_logs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, name: str, bad: object
) -> None:
    good = {"language": "fi", "level": "advanced"}
    good.pop(name, None)
    payload = {"version": st.SETTINGS_VERSION, "settings": {**good, name: bad}}
    (tmp_path / st.SETTINGS_FILE).write_text(json.dumps(payload), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="game.session.settings"):
        s = st.load_settings(tmp_path)
    assert getattr(s, name) == getattr(st.DEFAULTS, name)
    for key, value in good.items():  # the other values survive
        assert getattr(s, key) == value
    assert any(name in r.getMessage() for r in caplog.records)


def test_unknown_setting_is_ignored(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.session.settings"):
        s = st.from_dict({"colour": "pink", "language": "hu"})
    assert s.language == "hu"
    assert any("colour" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("content", ["", "{not json", '{"version": 99, "settings": {}}', "[1, 2]", '{"vers'])
def test_broken_file_is_moved_aside(tmp_path: Path, content: str) -> None:
    path = tmp_path / st.SETTINGS_FILE
    path.write_text(content, encoding="utf-8")
    assert st.load_settings(tmp_path) == st.Settings()
    assert not path.exists()
    assert len(list(tmp_path.glob(f"{st.SETTINGS_FILE}.broken-*"))) == 1


def test_settings_object_missing(tmp_path: Path) -> None:
    (tmp_path / st.SETTINGS_FILE).write_text('{"version": 1, "settings": 5}', encoding="utf-8")
    assert st.load_settings(tmp_path) == st.Settings()
    assert len(list(tmp_path.glob(f"{st.SETTINGS_FILE}.broken-*"))) == 1  # repaired, the original kept
    on_disk = json.loads((tmp_path / st.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert on_disk == json.loads(json.dumps(st.to_dict(st.Settings())))


def _organisers_file(folder: Path) -> bytes:
    """A hand-edited file: good values, two bad ones and one this version does not know."""
    payload = {
        "version": st.SETTINGS_VERSION,
        "settings": {
            "language": "hu",
            "level": "expert",
            "idle_seconds": 120,
            "operator_code": "97531",
            "volume": 7,
            "match_length": "five",
            "colour": "pink",
        },
    }
    raw = (json.dumps(payload, indent=4) + "\n").encode("utf-8")
    (folder / st.SETTINGS_FILE).write_bytes(raw)
    return raw


def test_bad_values_are_repaired_once_and_the_original_is_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    raw = _organisers_file(tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.ui"):
        first = st.load_settings(tmp_path)
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "volume" in messages and "match_length" in messages and "colour" in messages
    # The plain-text code an older version wrote went into the code file (a salted hash) and out of this.
    assert first == st.Settings(language="hu", level="expert", idle_seconds=120)
    assert operator_lock.OperatorLock(tmp_path).verify("97531")
    # The file now holds the repaired settings: the organiser's good values, defaults for the bad ones.
    data = json.loads((tmp_path / st.SETTINGS_FILE).read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(st.to_dict(first)))
    # What the organiser wrote is kept, byte for byte, next to it.
    kept = list(tmp_path.glob(f"{st.SETTINGS_FILE}.broken-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw
    # The next start reads the repaired file quietly and changes nothing.
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="game.ui"):
        assert st.load_settings(tmp_path) == first
    assert not caplog.records
    assert len(list(tmp_path.glob(f"{st.SETTINGS_FILE}.broken-*"))) == 1


def test_a_good_file_is_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / st.SETTINGS_FILE
    text = '{"version": 1, "settings": {"language": "fi", "idle_seconds": 60.0, "keys": {"done": "f"}}}'
    path.write_text(text, encoding="utf-8")  # hand-written, valid: left exactly as the organiser wrote it
    assert st.load_settings(tmp_path) == st.Settings(language="fi", idle_seconds=60, keys=(("done", "f"),))
    assert path.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.iterdir()) == [st.SETTINGS_FILE]


def test_an_unwritable_data_folder_never_stops_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    raw = _organisers_file(tmp_path)

    def refuse(*args: object) -> int:
        raise PermissionError("read-only file system")

    monkeypatch.setattr(st.persist.os, "open", refuse)  # every write (copy or rewrite) fails
    with caplog.at_level(logging.WARNING, logger="game.ui"):
        for _ in range(2):
            s = st.load_settings(tmp_path)
            assert s.language == "hu" and s.volume == st.DEFAULTS.volume  # this run uses the repair
    assert (tmp_path / st.SETTINGS_FILE).read_bytes() == raw  # no copy, so the original is not touched
    assert sorted(p.name for p in tmp_path.iterdir()) == [st.SETTINGS_FILE]
    assert any("no copy could be kept" in r.getMessage() for r in caplog.records)


def test_a_failed_rewrite_keeps_the_original_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = _organisers_file(tmp_path)
    monkeypatch.setattr(st.persist, "atomic_write_json", lambda path, data: False)
    assert st.load_settings(tmp_path).language == "hu"
    assert (tmp_path / st.SETTINGS_FILE).read_bytes() == raw


def test_flags_override_the_file(tmp_path: Path) -> None:
    st.save_settings(st.Settings(language="fi", level="beginner", idle_seconds=60), tmp_path)
    parser = argparse.ArgumentParser()
    st.add_arguments(parser)
    args = parser.parse_args(
        ["--lang", "hu", "--no-sound", "--idle", "30", "--home", "left", "--operator-code", "4321"]
    )
    s = st.apply_arguments(st.load_settings(tmp_path), args)
    assert s.language == "hu" and s.sound is False and s.idle_seconds == 30
    assert s.direction == "home-left" and s.operator_code == "4321"
    assert s.level == "beginner"  # not given on the command line: the file's value stays


def test_no_flags_change_nothing() -> None:
    parser = argparse.ArgumentParser()
    st.add_arguments(parser)
    s = st.Settings(language="fi", volume=0.5)
    assert st.apply_arguments(s, parser.parse_args([])) == s


@pytest.mark.parametrize(
    "argv", [["--volume", "2"], ["--idle", "abc"], ["--lang", "sv"], ["--operator-code", "1"]]
)
def test_bad_flags_are_usage_errors(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    st.add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(argv)


def test_flags_the_app_already_has_are_left_to_it() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--speed", choices=("slow", "normal", "fast"), default="normal")
    st.add_arguments(parser)  # must not raise a conflict
    assert parser.parse_args(["--speed", "fast"]).speed == "fast"


def test_next_option_cycles() -> None:
    s = st.Settings(language="en")
    seen = []
    for _ in range(len(st.LANGUAGES)):
        s = st.next_option(s, "language")
        seen.append(s.language)
    assert seen == ["fi", "hu", "en"]
    assert st.next_option(st.Settings(match_length=0), "match_length", -1).match_length == 7
    assert st.next_option(st.Settings(idle_seconds=45), "idle_seconds").idle_seconds == st.IDLE_CHOICES[0]


def test_with_value_validates() -> None:
    assert st.with_value(st.Settings(), "volume", 0.5).volume == 0.5
    with pytest.raises(ValueError):
        st.with_value(st.Settings(), "volume", 3)
    with pytest.raises(ValueError):
        st.with_value(st.Settings(), "nope", 3)
