"""The match recorder on the App's events: every played game kept as a .mat file in the data folder."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.flow import EndTurn, OpeningRoll, Phase, PlayMoves, Roll, Step
from game.engine.moves import legal_plays
from game.record import PlyKind, check_match, read_mat
from game.session import events as ev
from game.session import persist
from game.session.recording import FOLDER
from tests.helpers.records_play import (
    play_human_against_computer,
    play_out,
    play_out_turns,
    record_app,
    record_files,
    restart_and_continue,
    start_recorded,
)


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def test_a_finished_game_is_kept_as_a_mat_file_with_the_plays_made(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    plays: list[ev.PlayMade] = []
    app.events.subscribe(lambda e: plays.append(e) if isinstance(e, ev.PlayMade) else None)
    scene = start_recorded(app)
    play_out(app, scene, random.Random(4))
    (path,) = record_files(tmp_path)
    assert path.name.endswith("-two.mat")
    record = read_mat(path.read_text(encoding="utf-8"))
    (game,) = record.games
    assert game.result == scene.state.result
    kept = app.records.match_record()
    assert kept is not None
    rolls = [p for p in kept.games[0].plies if p.kind is PlyKind.ROLL]
    assert [(p.player, p.moves) for p in rolls] == [(e.player, e.moves) for e in plays]
    # Read back from the file: the same hops (which die bore a checker off is not written down).
    read = [p for p in game.plies if p.kind is PlyKind.ROLL]
    assert [(p.player, sorted((m.src, m.dst) for m in p.moves)) for p in read] == [
        (e.player, sorted((m.src, m.dst) for m in e.moves)) for e in plays
    ]
    assert check_match(record).score == scene.match.score
    assert app.records.lost == 0 and app.records.last_game() is not None


def test_a_turn_moved_checker_by_checker_is_recorded_as_one_play(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app)
    for action in (OpeningRoll(3, 1), Step(8, 3), Step(6, 1), EndTurn()):
        assert scene.do(action) is None
    record = app.records.match_record()
    assert record is not None
    (ply,) = record.games[0].plies
    assert [(m.src, m.dst) for m in ply.moves] == [(8, 5), (6, 5)]
    text = record_files(tmp_path)[0].read_text(encoding="utf-8")
    assert "31: 8/5 6/5" in text  # written after every play: a power cut keeps the game so far


def test_a_whole_match_against_the_computer_round_trips(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, mode="computer", length=3, seed=11)
    rng = random.Random(2)
    for _ in range(10):
        play_human_against_computer(app, scene, rng)
        if scene.match.is_over:
            break
        scene.next_game()
    assert scene.match.is_over
    (path,) = record_files(tmp_path)
    record = read_mat(path.read_text(encoding="utf-8"))
    assert record.names == ("Player", f"Computer-{scene.game.level}")
    assert check_match(record).score == scene.match.score and record.winner == scene.match.winner


def test_the_demo_is_never_recorded(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    plays: list[ev.GameEvent] = []
    app.events.subscribe(lambda e: plays.append(e) if isinstance(e, ev.PlayMade) else None)
    start_recorded(app, mode="demo", length=0)
    for _ in range(3000):
        app.step()
        if len(plays) >= 4:
            break
    assert len(plays) >= 4  # a game would have been written after its first play
    assert record_files(tmp_path) == [] and app.records.match_record() is None


def test_a_resumed_autosave_continues_its_record(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, length=1)
    rng = random.Random(8)
    assert scene.do(OpeningRoll(5, 2)) is None
    play_out_turns(scene, rng, 6)
    saved = persist.load_game(tmp_path)
    assert saved is not None and saved.state.phase is not Phase.GAME_OVER
    again, resumed = restart_and_continue(tmp_path, app)
    assert resumed.state == saved.state
    assert again.records.path == record_files(tmp_path)[0]
    play_out(again, resumed, rng)
    (path,) = record_files(tmp_path)
    record = read_mat(path.read_text(encoding="utf-8"))
    assert record.games[0].result == resumed.state.result
    assert check_match(record).is_over


def test_a_game_the_recorder_lost_track_of_is_dropped_not_raised(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app)
    assert scene.do(OpeningRoll(3, 1)) is None
    # An event the recorder cannot follow (as if a wiring mistake published a play twice).
    app.events.publish(ev.PlayMade(scene.game, 1, ()))
    assert app.records.lost == 1
    assert scene.do(PlayMoves(legal_plays(scene.state.position, (3, 1))[0].moves)) is None
    assert scene.do(EndTurn()) is None  # the game goes on, unrecorded
    assert app.records.match_record() is None


def test_a_disk_that_refuses_the_record_does_not_stop_the_game(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    (tmp_path / FOLDER).write_text("not a folder", encoding="utf-8")
    scene = start_recorded(app)
    play_out(app, scene, random.Random(4))
    assert scene.state.phase is Phase.GAME_OVER and app.records.writes == 0
    assert app.records.last_game() is not None  # still reviewable from memory


def test_a_game_continued_after_a_roll_is_still_recorded(tmp_path: Path) -> None:
    """Found continuing a saved game in a real window: the autosave keeps a roll the moment it is made,
    the record only the play made with it, so a game left in the middle of a turn came back one roll
    ahead of its record; the rest of it went unrecorded and its review said there was nothing to
    review. Continued after a roll, the game is recorded to its end, the roll it came back with too."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3)
    rng = random.Random(8)
    assert scene.do(OpeningRoll(5, 2)) is None
    play_out_turns(scene, rng, 6)
    assert scene.state.phase is Phase.ROLL
    assert scene.do(Roll((4, 3))) is None
    saved = persist.load_game(tmp_path)
    assert saved is not None and saved.state.phase is Phase.MOVING and saved.state.dice == (4, 3)
    again, resumed = restart_and_continue(tmp_path, app)
    assert resumed.state == saved.state
    play_out(again, resumed, rng)
    game = again.records.last_game()  # what the game-over dialog's Review opens
    assert game is not None and game.games[0].result == resumed.state.result
    (path,) = record_files(tmp_path)
    record = read_mat(path.read_text(encoding="utf-8"))
    rolls = [p.dice for p in record.games[0].plies if p.kind is PlyKind.ROLL]
    assert (4, 3) in rolls[6:]  # the roll the game came back with, where it was made
    assert record.games[0].result == resumed.state.result
