"""Animations and idling: hits fly to the bar, bear-offs land in the tray, nothing redraws when idle."""

from __future__ import annotations

import pytest

from game.ai.jobs import Where
from game.engine.flow import GameState, OpeningRoll, Phase, PlayMoves, Roll, Rules, apply, new_game
from game.engine.position import Position
from game.session.opponent import Opponent
from game.ui.play.board_paint import board_draw
from game.ui.scenes.title import TitleScene
from tests.helpers.screen_probe import ScreenReader, Stack
from tests.helpers.ui_driver import (
    click,
    close_screen,
    double_click,
    drag,
    make_app,
    point_xy,
    right_click,
    settle,
    start_game,
)
from tests.helpers.waiting import HANG_LIMIT


@pytest.fixture()
def app():  # type: ignore[no-untyped-def]
    a = make_app(speed="normal")
    yield a
    close_screen()


def test_hit_checker_flies_to_the_bar(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    # White 6-2 from the start: 24/18, then Black's blot... set up a blot for White to hit instead
    me = [0] * 25
    me[5], me[7], me[12], me[23] = 5, 3, 5, 2  # White: 6, 8, 13, 24
    opp = [0] * 25
    opp[5], opp[7], opp[12], opp[23] = 5, 3, 4, 2
    opp[15] = 1  # a Black blot on Black's 16 = White's 9
    pos = Position(tuple(me), tuple(opp))
    scene.resume(apply(GameState(phase=Phase.ROLL, position=pos, turn=0, rules=Rules(5)), Roll((4, 1))))
    settle(app, scene)
    double_click(app, point_xy(0, 13))  # 13/9* with the 4
    assert scene.state.moves[-1].hit
    seg = scene.anim.queue[0]
    assert [f.dest for f in seg.flights] == [("point", 9, 0), ("bar", 1, 0)]
    mover, hit = seg.flights
    assert hit.t0 > 0 and hit.t1 > mover.t1 - 0.01  # the blot leaves when the mover lands
    app.draw(0.5)
    settle(app, scene)
    assert not scene.anim.busy
    app.draw(0.0)
    screen = ScreenReader(app.screen, app.sprites)
    assert screen.bar(1) == 1  # on screen: the black checker on the bar
    assert screen.point(9) == Stack("white", 1) and screen.point(13) == Stack("white", 4)


def test_bear_off_lands_in_the_tray_and_tray_is_lit(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    me = [2, 2, 2, 3, 3, 3] + [0] * 19
    opp = [0] * 25
    opp[12] = 15  # Black far away: a pure bear-off for White
    pos = Position(tuple(me), tuple(opp))
    scene.resume(apply(GameState(phase=Phase.ROLL, position=pos, turn=0, rules=Rules(5)), Roll((6, 5))))
    settle(app, scene)
    click(app, point_xy(0, 6))
    assert ("tray", 0, 0) in board_draw(scene, 0.0).targets
    drag(app, point_xy(0, 6), point_xy(0, 0))
    assert scene.state.moves[-1].dst == 0
    flight = scene.anim.queue[0].flights[0]
    assert flight.dest == ("tray", 0, 0) and flight.side
    settle(app, scene)
    app.draw(0.0)
    screen = ScreenReader(app.screen, app.sprites)
    assert screen.borne_off(0) == 1 and screen.point(6) == Stack("white", 2)  # on screen: in the tray


def test_drag_of_a_stuck_checker_tells_why(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    me = [0] * 25
    me[5], me[7], me[12], me[23], me[24] = 5, 3, 5, 1, 1  # one White checker on the bar
    opp = [0] * 25
    opp[5], opp[7], opp[12], opp[23] = 5, 3, 5, 2
    pos = Position(tuple(me), tuple(opp))
    scene.resume(apply(GameState(phase=Phase.ROLL, position=pos, turn=0, rules=Rules(5)), Roll((3, 1))))
    settle(app, scene)
    drag(app, point_xy(0, 13), point_xy(0, 10))
    assert scene.state.moves == ()
    assert scene.flash_text == "Enter your checker from the bar first"
    right_click(app, point_xy(0, 25))  # bar/24 with the 1
    assert scene.state.moves[-1].src == 25


def test_loop_is_idle_on_title_and_waiting_board(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.reset(TitleScene(app))
    app.step()
    assert not app.busy()
    scene = start_game(app, mode="two")
    scene.resume(apply(new_game(), OpeningRoll(3, 1)))
    settle(app, scene)
    assert scene.state.phase is Phase.MOVING
    assert not app.busy()  # nothing moves: the real loop stops drawing and sleeps


def test_the_computer_answers_beside_the_loop_without_blocking() -> None:
    state = apply(new_game(), OpeningRoll(6, 1))
    opponent = Opponent(where=Where.WORKER, seed=3)
    job = opponent.play(state)
    assert job.wait(HANG_LIMIT)  # the worker's own time (it may still be starting): never the loop's
    assert job.result is not None
    after = apply(state, PlayMoves(job.result))
    assert after.turn_state().is_complete
    opponent.close()
