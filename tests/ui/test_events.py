"""The game's one stream of events: what the controller publishes, in order, and who hears it."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator

import pytest

from game.ai.jobs import Where
from game.engine.flow import (
    Double,
    EndTurn,
    GameState,
    OpeningRoll,
    Pass,
    Phase,
    Roll,
    Rules,
    Step,
    Take,
    new_game,
)
from game.engine.match import Match
from game.session import events as ev
from game.session import persist
from game.session.controller import GameController, GameSetup
from tests.helpers.ui_driver import close_screen, make_app, run_until, settle, start_game


@pytest.fixture()
def app():  # type: ignore[no-untyped-def]
    a = make_app(speed="fast")
    yield a
    close_screen()


def _record(app) -> list[ev.GameEvent]:  # type: ignore[no-untyped-def]
    heard: list[ev.GameEvent] = []
    app.events.subscribe(heard.append)
    return heard


def test_a_turn_publishes_dice_then_the_play(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two", seed=5)
    heard = _record(app)
    assert scene.do(OpeningRoll(3, 1)) is None
    assert scene.do(Step(8, 3)) is None
    assert scene.do(Step(6, 1)) is None
    assert heard == [ev.DiceRolled(scene.game, (3, 1), None)]  # moves inside a turn are not a play yet
    assert scene.do(EndTurn()) is None
    assert [type(e) for e in heard] == [ev.DiceRolled, ev.PlayMade]
    play = heard[-1]
    assert isinstance(play, ev.PlayMade) and play.player == 0
    assert [(m.src, m.dst) for m in play.moves] == [(8, 5), (6, 5)]
    assert scene.do(EndTurn()) is not None  # refused: nothing is published
    assert len(heard) == 2


def test_cube_actions_and_the_end_of_a_match(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two", seed=5, match_length=1)
    heard = _record(app)
    state = GameState(phase=Phase.ROLL, position=new_game().position, turn=1, rules=Rules(match_length=3))
    scene.resume(state, Match(Rules(match_length=3)))
    assert isinstance(heard[-1], ev.GameResumed)
    assert scene.do(Double()) is None
    assert scene.do(Take()) is None
    offered, taken = heard[-2], heard[-1]
    assert isinstance(offered, ev.CubeOffered) and offered.player == 1 and offered.cube.value == 1
    assert isinstance(taken, ev.CubeTaken) and taken.player == 0
    match = Match(Rules(match_length=3), score=(2, 2), games=4, crawford_used=True)
    scene.resume(match.new_game(), match)
    for action in (OpeningRoll(3, 1), Step(8, 3), Step(6, 1), EndTurn()):
        assert scene.do(action) is None
    heard.clear()
    assert scene.do(Double()) is None
    assert scene.do(Pass()) is None
    assert [type(e) for e in heard] == [ev.CubeOffered, ev.CubePassed, ev.GameOver, ev.MatchOver]
    over = heard[2]
    assert isinstance(over, ev.GameOver) and over.result.winner == 1 and over.result.passed
    assert isinstance(heard[3], ev.MatchOver) and heard[3].winner == 1
    assert scene.match.score == (2, 3)


def test_a_controller_without_listeners_plays_alone() -> None:
    game = GameController(GameSetup(mode="demo", match_length=0, seed=2), thinking=Where.HERE)
    for _ in range(5000):
        game.step(1.0)
        if game.games:
            break
    assert game.games == 1 and game.state.phase is Phase.GAME_OVER


def test_the_next_game_is_announced_and_saved(app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two", seed=5)
    heard = _record(app)
    app.data_dir = tmp_path
    saves = app.autosave.saves
    scene.next_game()
    assert heard == [ev.GameStarted(scene.game, first=False)]
    assert app.autosave.saves == saves + 1 and app.autosave.history == []
    saved = persist.load_game(tmp_path)
    assert saved is not None and saved.state.phase is Phase.OPENING and saved.mode == "two_players"
    settle(app, scene)


def test_listeners_hear_in_registration_order() -> None:
    bus = ev.EventBus()
    order: list[str] = []
    bus.subscribe(lambda e: order.append("a"))
    bus.subscribe(lambda e: order.append("b"))
    game = GameController(GameSetup(mode="two", seed=1), thinking=Where.HERE, publish=bus.publish)
    game.start()
    assert order == ["a", "b"]


def test_a_raising_listener_is_logged_and_the_next_one_still_hears(caplog: pytest.LogCaptureFixture) -> None:
    """The bus's promise: one listener's bug is logged with its traceback, and neither stops the
    listeners after it nor escapes into the game (it once stopped both)."""
    bus = ev.EventBus()
    heard: list[ev.GameEvent] = []

    def broken(event: ev.GameEvent) -> None:
        raise RuntimeError("the sound card fell off")

    bus.subscribe(broken)
    bus.subscribe(heard.append)
    game = GameController(GameSetup(mode="two", seed=1), thinking=Where.HERE, publish=bus.publish)
    with caplog.at_level(logging.ERROR, logger="game.session.events"):
        game.start()
    assert heard == [ev.GameStarted(game, first=True)]
    [record] = [r for r in caplog.records if r.name == "game.session.events"]
    assert "GameStarted" in record.getMessage() and "broken" in record.getMessage()
    assert record.exc_info is not None and "the sound card fell off" in str(record.exc_info[1])


@pytest.fixture(autouse=True)
def _quiet(ui_reset: None) -> Iterator[None]:
    yield


def test_a_roll_is_saved_at_once_so_leaving_cannot_throw_it_away(app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Found in a play test: roll, leave to the title, Continue -- and the game asked for a new roll
    (and offered the cube again), because the save was from before the roll."""
    app.data_dir = tmp_path
    scene = start_game(app, mode="two", seed=5)
    assert scene.do(OpeningRoll(3, 1)) is None
    saved = persist.load_game(tmp_path)
    assert saved is not None and saved.state.phase is Phase.MOVING and saved.state.dice == (3, 1)
    for action in (Step(8, 3), Step(6, 1), EndTurn()):
        assert scene.do(action) is None
    assert scene.do(Roll((6, 5))) is None
    saved = persist.load_game(tmp_path)
    assert saved is not None and saved.state.phase is Phase.MOVING and saved.state.dice == (6, 5)
    assert saved.dice_history == ((3, 1), (6, 5))

    app.to_title()  # leave; then Continue, as a player would
    assert app.saved is not None
    app.continue_saved()
    resumed = app.scenes.top
    assert isinstance(resumed, type(scene))
    assert resumed.game.state.phase is Phase.MOVING and resumed.game.state.dice == (6, 5)
    assert resumed.do(Double()) is not None  # no doubling after seeing the roll


def test_a_game_saved_after_the_computers_roll_resumes_with_the_computer_playing_that_roll(  # type: ignore[no-untyped-def]
    app, tmp_path
) -> None:
    app.data_dir = tmp_path
    kept = tmp_path / "kept"
    rolled: list[tuple[int, int]] = []

    def keep(event: ev.GameEvent) -> None:  # runs after the autosave (registration order)
        if isinstance(event, ev.DiceRolled) and event.player == 1 and not rolled:
            rolled.append(event.dice)
            shutil.copytree(tmp_path, kept, ignore=shutil.ignore_patterns("kept"))

    app.events.subscribe(keep)
    scene = start_game(app, mode="computer", seed=3)
    for _ in range(40):  # the human (player 0) plays its first legal move each turn
        if rolled:
            break
        settle(app, scene)
        state = scene.game.state
        if state.turn == 0 and state.phase is Phase.ROLL:
            scene.do(Roll((2, 1)))
        elif state.turn == 0 and state.phase is Phase.MOVING:
            legal = state.turn_state().legal_moves()
            scene.do(Step(legal[0].src, legal[0].die) if legal else EndTurn())
        elif state.phase is Phase.OPENING:
            scene.do(OpeningRoll(1, 2))  # the computer starts
    assert rolled
    saved = persist.load_game(kept)
    assert saved is not None and saved.state.turn == 1 and saved.state.phase is Phase.MOVING
    assert saved.state.dice == rolled[0]
    app.events.unsubscribe(keep)

    heard = _record(app)
    app.saved = saved
    app.continue_saved()
    resumed = app.scenes.top
    run_until(app, lambda: resumed.game.state.turn == 0 and not resumed.busy())
    plays = [e for e in heard if isinstance(e, ev.PlayMade)]
    assert plays and plays[0].player == 1  # the computer played the saved roll...
    assert not any(isinstance(e, ev.DiceRolled) and e.player == 1 for e in heard)  # ...without rolling again
