"""Autosave: atomic writes, exact round trips, and every kind of broken file kept aside (never a crash)."""

from __future__ import annotations

import json
import logging
import os
import random
from pathlib import Path
from typing import Any

import pytest

from game.engine import flow
from game.engine.match import Match
from game.engine.position import _trusted, encode_position_id
from game.session import persist
from tests.helpers.paths import ROOT


def _game_after(
    turns: int, seed: int = 4, match_length: int = 5
) -> tuple[flow.GameState, Match, list[tuple[int, int]]]:
    """A real game played `turns` completed turns into a match, with its dice history."""
    rng = random.Random(seed)
    match = Match(flow.Rules(match_length=match_length))
    state = match.new_game()
    history: list[tuple[int, int]] = []
    done = 0
    while done < turns:
        if state.phase is flow.Phase.OPENING or state.phase is flow.Phase.ROLL:
            action = flow.roll_for(state, rng)
            history.append(
                (action.die0, action.die1) if isinstance(action, flow.OpeningRoll) else action.dice
            )
            state = flow.apply(state, action)
        elif state.phase is flow.Phase.MOVING:
            turn = state.turn_state()
            legal = turn.legal_moves()
            if turn.is_complete or not legal:
                state = flow.apply(state, flow.EndTurn())
                done += 1
            else:
                move = rng.choice(legal)
                state = flow.apply(state, flow.Step(move.src, move.die))
        else:
            raise AssertionError(state.phase)
    return state, match, history


def _saved(turns: int = 6, **changes: Any) -> persist.SavedGame:
    state, match, history = _game_after(turns)
    values: dict[str, Any] = {
        "state": state,
        "match": match,
        "mode": "computer",
        "level": "advanced",
        "human": 0,
        "dice_history": tuple(history),
        "saved_at": 1_000_000.0,
    }
    values.update(changes)
    return persist.SavedGame(**values)


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    assert persist.atomic_write_json(path, {"a": [1, 2], "ö": "ű"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": [1, 2], "ö": "ű"}
    assert persist.atomic_write_json(path, {"a": 3})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 3}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_failed_write_returns_false_and_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    persist.atomic_write_json(path, {"old": True})
    assert persist.atomic_write_json(path, {"bad": float("nan")}) is False  # not JSON: refused before writing
    assert persist.atomic_write_json(tmp_path / "missing" / "x.json", {"a": 1}) is False
    assert json.loads(path.read_text(encoding="utf-8")) == {"old": True}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_data_dir_choices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert persist.data_dir(tmp_path / "a") == tmp_path / "a" and (tmp_path / "a").is_dir()
    monkeypatch.setenv(persist.DATA_DIR_ENV, str(tmp_path / "b"))
    assert persist.data_dir() == tmp_path / "b"
    monkeypatch.delenv(persist.DATA_DIR_ENV)
    pref = persist.data_dir()
    assert pref.is_dir()  # the platform's per-user folder (SDL's pref path rule)...
    home = Path(os.environ["XDG_DATA_HOME"]).resolve()
    assert home in pref.resolve().parents  # ...which the suite points into its own scratch folder
    assert pref.parts[-2:] == (persist.ORG, persist.APP)


def test_platform_data_dir_is_where_pygame_put_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saves of earlier versions (pygame's pref path) are found by the pure rule, with and without XDG."""
    pygame_system = pytest.importorskip("pygame.system")
    for xdg in (str(tmp_path / "xdg"), None):
        if xdg is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
            monkeypatch.setenv("HOME", str(tmp_path / "home"))
        else:
            monkeypatch.setenv("XDG_DATA_HOME", xdg)
        expected = Path(pygame_system.get_pref_path(persist.ORG, persist.APP))
        assert persist.platform_data_dir() == expected


@pytest.mark.parametrize("turns", [0, 1, 5, 12])
def test_round_trip_is_exact(tmp_path: Path, turns: int) -> None:
    game = _saved(turns)
    assert persist.save_game(game, tmp_path)
    back = persist.load_game(tmp_path)
    assert back is not None
    assert back == game
    assert back.state.position == game.state.position and back.state.cube == game.state.cube
    assert back.state.phase is game.state.phase and back.state.turn == game.state.turn


def test_round_trip_mid_turn_and_cube(tmp_path: Path) -> None:
    state, match, history = _game_after(3)
    rng = random.Random(1)
    if state.can_double() is None:
        state = flow.apply(state, flow.Double())
        state = flow.apply(state, flow.Take())
    roll = flow.roll_for(state, rng)
    assert isinstance(roll, flow.Roll)
    state = flow.apply(state, roll)
    history.append(roll.dice)
    legal = state.turn_state().legal_moves()
    if legal:
        state = flow.apply(state, flow.Step(legal[0].src, legal[0].die))
    game = persist.SavedGame(state, match, "two_players", "expert", None, tuple(history), 5.0)
    persist.save_game(game, tmp_path)
    assert persist.load_game(tmp_path) == game


def _broken_file_cases() -> dict[str, Any]:
    good = persist.game_to_dict(_saved())
    text = json.dumps(good)
    cases: dict[str, Any] = {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "not json": "this is not a save file",
        "binary": b"\x80\x81\xfe\xff",
        "a list": "[1, 2, 3]",
        "other version": {**good, "version": 99},
        "no version": {k: v for k, v in good.items() if k != "version"},
        "missing field": {k: v for k, v in good.items() if k != "match"},
        "unknown mode": {**good, "mode": "tournament"},
        "human out of range": {**good, "human": 5},
        "die of seven": {**good, "dice_history": [[1, 7]]},
        "bad time": {**good, "saved_at": "yesterday"},
    }
    state = dict(good["state"])
    sixteen = _trusted(
        (2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0),
        (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0),
    )
    cases["sixteen checkers"] = {**good, "state": {**state, "position": encode_position_id(sixteen)}}
    cases["cube of three"] = {**good, "state": {**state, "cube": {"value": 3, "owner": 0}}}
    cases["cube owner five"] = {**good, "state": {**state, "cube": {"value": 2, "owner": 5}}}
    cases["unknown phase"] = {**good, "state": {**state, "phase": "halftime"}}
    cases["score not the match's"] = {**good, "match": {**good["match"], "score": [3, 0], "games": 3}}
    return cases


@pytest.mark.parametrize("case", list(_broken_file_cases()))
def test_broken_save_is_moved_aside_and_a_new_game_starts(
    tmp_path: Path, case: str, caplog: pytest.LogCaptureFixture
) -> None:
    content = _broken_file_cases()[case]
    path = tmp_path / persist.SAVE_FILE
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    original = path.read_bytes()
    with caplog.at_level(logging.WARNING, logger="game.session.persist"):
        assert persist.load_game(tmp_path, now=2_000_000.0) is None
    assert not path.exists()
    kept = list(tmp_path.glob(f"{persist.SAVE_FILE}.broken-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert any("moved aside" in r.getMessage() for r in caplog.records)
    # The next start finds nothing and starts fresh; a new save works.
    assert persist.load_game(tmp_path) is None
    assert persist.save_game(_saved(), tmp_path)


def test_two_broken_files_in_the_same_second_are_both_kept(tmp_path: Path) -> None:
    for _ in range(2):
        (tmp_path / persist.SAVE_FILE).write_text("{", encoding="utf-8")
        persist.load_game(tmp_path, now=123.0)
    assert len(list(tmp_path.glob("*.broken-*"))) == 2


def test_the_checked_load_says_what_was_set_aside(tmp_path: Path) -> None:
    """The title screen tells the player from this: only a broken file is reported, once."""
    path = tmp_path / persist.SAVE_FILE
    assert persist.load_game_checked(tmp_path) == persist.LoadedGame(None)  # no save: nothing to tell
    path.write_text("{", encoding="utf-8")
    loaded = persist.load_game_checked(tmp_path, now=2_000_000.0)
    assert loaded.game is None and loaded.broken is not None
    assert loaded.broken.path == path and "not JSON" in loaded.broken.reason
    assert loaded.broken.moved_to is not None and loaded.broken.moved_to.read_text(encoding="utf-8") == "{"
    assert loaded.broken.moved_to.name.startswith(f"{persist.SAVE_FILE}.broken-")
    assert persist.load_game_checked(tmp_path).broken is None  # set aside: the next start is quiet
    game = _saved(saved_at=1000.0)
    persist.save_game(game, tmp_path)
    assert persist.load_game_checked(tmp_path) == persist.LoadedGame(game)
    too_old = persist.load_game_checked(tmp_path, now=5000.0, max_age=90)
    assert too_old == persist.LoadedGame(None)  # dropped as old, not reported as broken


def test_a_broken_save_that_cannot_be_moved_is_reported_without_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / persist.SAVE_FILE
    path.write_text("[1, 2]", encoding="utf-8")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError("read-only file system")

    monkeypatch.setattr(persist.os, "replace", refuse)
    loaded = persist.load_game_checked(tmp_path)
    assert loaded.game is None and loaded.broken is not None and loaded.broken.moved_to is None
    assert path.read_text(encoding="utf-8") == "[1, 2]"


def test_keep_copy_keeps_the_exact_bytes_and_leaves_the_original(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"version": 1, "settings": {"language": "sv"}}\n')
    kept = persist.keep_copy(path, "a bad language", now=123.0)
    assert kept is not None and kept.name.startswith("settings.json.broken-")
    assert kept.read_bytes() == path.read_bytes()
    again = persist.keep_copy(path, "still bad", now=123.0)  # same second: a second name, nothing overwritten
    assert again is not None and again != kept and again.read_bytes() == path.read_bytes()
    assert persist.keep_copy(tmp_path / "missing.json", "gone") is None
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


def test_keep_copy_on_a_disk_that_refuses_returns_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{}", encoding="utf-8")

    def refuse(*args: object) -> int:
        raise PermissionError("read-only file system")

    monkeypatch.setattr(persist.os, "open", refuse)
    assert persist.keep_copy(path, "bad") is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_kiosk_age_rule(tmp_path: Path) -> None:
    game = _saved(saved_at=1000.0)
    persist.save_game(game, tmp_path)
    assert persist.load_game(tmp_path, now=1080.0, max_age=90) == game  # young: resumed
    assert persist.load_game(tmp_path, now=900.0, max_age=90) == game  # clock behind (no RTC): kept
    assert persist.load_game(tmp_path, now=1100.0, max_age=90) is None  # old: dropped
    assert not (tmp_path / persist.SAVE_FILE).exists()
    assert not list(tmp_path.glob("*.broken-*"))  # dropped, not broken


def test_clear_game(tmp_path: Path) -> None:
    persist.save_game(_saved(), tmp_path)
    persist.clear_game(tmp_path)
    persist.clear_game(tmp_path)  # twice is fine
    assert persist.load_game(tmp_path) is None


def test_unreadable_file_does_not_raise(tmp_path: Path) -> None:
    path = tmp_path / persist.SAVE_FILE
    path.mkdir()  # a directory where the file should be: reading fails with an OSError
    assert persist.load_game(tmp_path) is None
    assert not path.exists() or not path.is_dir()


def test_never_pickle() -> None:
    source = Path(persist.__file__).read_text(encoding="utf-8")
    assert "import pickle" not in source and "marshal" not in source
    assert os.path.basename(persist.SAVE_FILE).endswith(".json")


def test_a_money_play_save_written_before_the_rename_still_loads(tmp_path: Path) -> None:
    """``tests/data/money_play_save.json`` was written by the game before "money session" became "money
    play" in the code (issue 34): a save stores the match length 0, never the word, so it loads as it was,
    mid-turn with its running score and the Jacoby rule."""
    (tmp_path / "autosave.json").write_bytes((ROOT / "tests" / "data" / "money_play_save.json").read_bytes())
    back = persist.load_game(tmp_path)
    assert back is not None
    assert back.match.rules.match_length == 0 and back.match.rules.jacoby and not back.match.is_match
    assert back.match.score == (2, 1) and back.match.games == 2 and back.match.winner is None
    assert back.state.phase is flow.Phase.MOVING and back.mode == "computer" and back.level == "expert"
    assert persist.game_to_dict(back) == json.loads(
        (ROOT / "tests" / "data" / "money_play_save.json").read_text()
    )
