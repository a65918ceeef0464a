"""The Hint button: the expert's play for the human's roll, drawn as arrows until the player moves."""

from __future__ import annotations

import pygame
import pytest

from game.ai import api
from game.engine.flow import OpeningRoll, Phase, apply, new_game
from game.engine.moves import legal_plays
from game.i18n import tr
from game.ui.board.anim import place_of
from game.ui.board.view import HINT
from game.ui.layout import LAYOUT
from game.ui.play.board_paint import board_draw
from tests.helpers.ui_driver import button_xy, click, close_screen, drag, make_app, point_xy, start_game


@pytest.fixture()
def game():  # type: ignore[no-untyped-def]
    app = make_app(speed="fast")
    scene = start_game(app, mode="two", seed=5)
    scene.resume(apply(new_game(), OpeningRoll(6, 1)))
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0
    yield app, scene
    close_screen()


def _labels(scene) -> list[str]:  # type: ignore[no-untyped-def]
    return [b.label for b in scene.buttons.buttons if b.visible]


def _place_under(xy: tuple[float, float]) -> tuple[str, int]:
    hit = LAYOUT.hit(xy)
    assert hit is not None, xy
    return hit


def _expected_place(player: int, point: int) -> tuple[str, int]:
    kind, a, _ = place_of(player, point)
    if kind == "point":
        return ("point", a)
    if kind == "tray":
        return ("tray", a)
    return ("bar", 0 if player == 0 else 1)


def test_hint_shows_the_experts_legal_play_as_arrows_then_vanishes_after_a_move(game) -> None:  # type: ignore[no-untyped-def]
    app, scene = game
    start = scene.state.position
    click(app, button_xy(scene, tr("ui.hint")))
    moves = scene.hints.moves
    assert moves
    expected = api.hint(start, (6, 1))
    assert expected is not None and tuple(expected.moves) == moves
    legal = {p.position for p in legal_plays(start, (6, 1))}
    end = start
    from game.engine.moves import apply_move

    for m in moves:
        end = apply_move(end, m)
    assert end in legal
    d = board_draw(scene, 0.0)
    assert len(d.arrows) == len(moves)
    for (a, b), m in zip(d.arrows, moves, strict=True):
        assert _place_under(a) == _expected_place(0, m.src)
        assert _place_under(b) == _expected_place(0, m.dst)
    app.draw(0.0)
    a, b = d.arrows[0]
    probe = (int(a[0] + (b[0] - a[0]) * 0.25), int(a[1] + (b[1] - a[1]) * 0.25))
    assert tuple(app.screen.get_at(probe))[:3] == HINT
    assert "Expert" in scene.hints.text() and str(moves[0].src) in scene.hints.text()
    # the player moves one checker: the arrows and the Hint button go, Undo comes
    first = moves[0]
    drag(app, point_xy(0, first.src), point_xy(0, first.dst))
    assert scene.state.moves
    assert scene.hints.moves is None and board_draw(scene, 0.0).arrows == []
    assert tr("ui.hint") not in _labels(scene) and tr("ui.undo") in _labels(scene)
    app.draw(0.0)
    assert tuple(app.screen.get_at(probe))[:3] != HINT
    # back at the start of the turn the Hint button is offered again, without arrows
    click(app, button_xy(scene, tr("ui.undo")))
    assert not scene.state.moves and tr("ui.hint") in _labels(scene) and scene.hints.moves is None


def test_hint_runs_beside_the_frame_loop(game) -> None:  # type: ignore[no-untyped-def]
    """The hint is a job: until its answer is in, the loop keeps stepping and drawing and the button
    says the expert is thinking; the answer is shown at the next step after it came."""
    from concurrent.futures import Future

    from game.ai.jobs import Job
    from game.engine.moves import Move

    app, scene = game
    answer: Future[tuple[Move, ...]] = Future()
    asked: list[object] = []

    def hint(start, dice):  # type: ignore[no-untyped-def]
        asked.append((start, dice))
        return Job(answer, "hint")

    scene.game.opponent.hint = hint
    scene.ask_hint()
    assert asked == [(scene.state.position, (6, 1))]
    assert scene.hints.pending and scene.busy()
    for _ in range(30):  # the loop keeps stepping and drawing while the expert thinks
        app.step()
        app.draw(0.0)
    assert scene.hints.pending and scene.hints.moves is None
    assert tr("ui.hint_thinking") in _labels(scene)
    expected = api.hint(scene.state.position, (6, 1))
    assert expected is not None
    answer.set_result(tuple(expected.moves))
    app.step()
    assert scene.hints.moves == tuple(expected.moves)
    assert not scene.hints.pending and tr("ui.hint") in _labels(scene)


def test_a_hint_that_fails_says_there_is_none(game, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    """A bug in the expert: "no hint" on the status line, the traceback in the log, the game goes on."""
    from concurrent.futures import Future

    from game.ai.jobs import Job
    from game.engine.moves import Move

    _app, scene = game
    failed: Future[tuple[Move, ...]] = Future()
    failed.set_exception(RuntimeError("no network"))
    scene.game.opponent.hint = lambda start, dice: Job(failed, "hint")
    scene.ask_hint()
    assert scene.hints.moves is None and not scene.hints.pending
    assert scene.flash_text == tr("ui.no_hint")
    assert any(r.name == "game.ai.jobs" and r.exc_info for r in caplog.records)
    assert tr("ui.hint") in _labels(scene)  # asking again is allowed


def test_leaving_the_turn_withdraws_the_hint_being_thought_out(game) -> None:  # type: ignore[no-untyped-def]
    from concurrent.futures import Future

    from game.ai.jobs import Job
    from game.engine.moves import Move

    app, scene = game
    jobs: list[Job[tuple[Move, ...]]] = []

    def hint(start, dice):  # type: ignore[no-untyped-def]
        jobs.append(Job(Future(), "hint"))
        return jobs[-1]

    scene.game.opponent.hint = hint
    scene.ask_hint()
    assert scene.hints.pending and not jobs[0].cancelled
    first = legal_plays(scene.state.position, (6, 1))[0].moves[0]
    drag(app, point_xy(0, first.src), point_xy(0, first.dst))
    assert scene.state.moves and jobs[0].cancelled and not scene.hints.pending


def test_hint_from_the_bar_starts_its_arrow_on_the_bar(game) -> None:  # type: ignore[no-untyped-def]
    _app, scene = game
    from game.engine.flow import GameState
    from game.engine.position import Position

    # White: one checker on the bar, the rest on its one-point
    me = [0] * 25
    me[24] = 1
    me[0] = 14
    opp = [0] * 25
    opp[0] = 15
    pos = Position(tuple(me), tuple(opp))
    state: GameState = apply(new_game(), OpeningRoll(6, 1))
    from dataclasses import replace

    try:
        state = replace(state, position=pos, turn_cache=None)
    except TypeError:
        pytest.skip("GameState cannot be rebuilt here")
    scene.resume(state)
    if scene.state.phase is not Phase.MOVING:
        pytest.skip("state not in MOVING")
    scene.ask_hint()
    moves = scene.hints.moves
    assert moves and moves[0].src == 25
    d = board_draw(scene, 0.0)
    assert _place_under(d.arrows[0][0]) == ("bar", 0)
    assert _place_under(d.arrows[0][1]) == _expected_place(0, moves[0].dst)


def test_h_key_asks_for_a_hint_only_at_the_start_of_the_turn(game) -> None:  # type: ignore[no-untyped-def]
    app, scene = game
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.hints.moves
    first = scene.hints.moves[0]
    drag(app, point_xy(0, first.src), point_xy(0, first.dst))
    assert scene.state.moves and scene.hints.moves is None
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.hints.moves is None and not scene.hints.pending


def test_the_last_play_is_marked_where_its_checkers_started_and_stopped() -> None:
    """13/8 8/6 is one checker going on: point 8, which it only passed, keeps its checkers unmarked."""
    from game.engine import move_chains
    from game.engine.flow import EndTurn, PlayMoves
    from game.engine.moves import Move

    def journeys(moves: list[Move]) -> list[tuple[int, int]]:
        return [(c[0].src, c[-1].dst) for c in move_chains(moves)]

    assert journeys([Move(13, 8, 5, False), Move(8, 6, 2, False)]) == [(13, 6)]
    assert journeys([Move(5, 2, 3, False), Move(2, 0, 2, False)]) == [(5, 0)]
    doubles = [Move(13, 9, 4, False), Move(13, 9, 4, False), Move(9, 5, 4, False), Move(9, 5, 4, False)]
    assert journeys(doubles) == [(13, 5), (13, 5)]
    assert journeys([Move(8, 5, 3, False), Move(6, 5, 1, False)]) == [(8, 5), (6, 5)]
    app = make_app(speed="fast")
    try:
        scene = start_game(app, mode="two", seed=5)
        state = apply(new_game(), OpeningRoll(5, 2))
        state = apply(apply(state, PlayMoves((Move(13, 8, 5, False), Move(8, 6, 2, False)))), EndTurn())
        scene.resume(state)
        assert scene.state.last_play and scene.state.phase is not Phase.MOVING
        assert board_draw(scene, 0.0).last == [(place_of(0, 13), place_of(0, 6))]
    finally:
        close_screen()
