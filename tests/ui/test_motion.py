"""Reduced motion (a setting): no tumbling dice, checkers placed without sliding, no pulsing.

Driven by fixed steps, never the clock: each frame's facts come from ``board_draw`` (what the screen
draws), so a checker drawn anywhere between its start and its end is a checker sliding.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from game.engine.flow import PlayMoves, Roll
from game.engine.moves import legal_plays
from game.engine.position import Position
from game.session import events as ev
from game.session import settings as st
from game.ui.app import App
from game.ui.board.anim import Animator, DiceRoll, abs_board
from game.ui.play.board_paint import board_draw, dice_draw
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import close_screen, settle, start_game


@pytest.fixture(params=[False, True], ids=["moving", "reduced"])
def reduced(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


def make(reduced: bool) -> App:
    return App(st.Settings(animation="normal", reduced_motion=reduced), threaded_ai=False)


@pytest.fixture()
def app(reduced: bool) -> Iterator[App]:
    a = make(reduced)
    yield a
    close_screen()


def to_first_move(app: App) -> GameScene:
    scene = start_game(app, mode="two", seed=3)
    settle(app, scene)
    return scene


def test_the_dice_tumble_only_with_motion(app: App, reduced: bool) -> None:
    """A roll tumbles for a while (rotated, shaken dice) unless motion is reduced: then its faces
    stand still at once."""
    scene = to_first_move(app)
    scene.do(PlayMoves(legal_plays(scene.state.position, scene.state.dice or (1, 2))[0].moves))
    scene.end_turn()
    settle(app, scene)
    scene.do(Roll((6, 5)))
    frames = []
    for _ in range(30):
        frames.append(dice_draw(scene))
        app.step()
    angled = [d for frame in frames for d in frame if d[4] != 0]
    faces = {tuple(d[0] for d in frame) for frame in frames if frame}
    if reduced:
        assert not scene.dice.tumbling or scene.dice.t >= scene.dice.TUMBLE
        assert not angled and faces == {(6, 5)}
    else:
        assert angled and len(faces) > 1


def sliding_frames(app: App, scene: GameScene) -> tuple[int, int]:
    """Steps through the animation of the play in progress: (frames with a checker in the air, frames
    with a checker drawn away from both ends of its flight)."""
    seg, _ = scene.anim.current()
    assert seg is not None
    flying = between = 0
    for _ in range(600):
        seg, _ = scene.anim.current()
        if seg is None:
            break
        d = board_draw(scene, 0.0)
        ends = [(f.start, f.end) for f in seg.flights]
        for _, xy, _ in d.flights:
            flying += 1
            if all(math.dist(xy, a) > 1 and math.dist(xy, b) > 1 for a, b in ends):
                between += 1
        app.step()
    return flying, between


def test_checkers_slide_only_with_motion(app: App, reduced: bool) -> None:
    """A play of two moves: with motion the checkers are seen on the way; with reduced motion each
    stays where it was for a moment and then stands where it went, never in between."""
    scene = to_first_move(app)
    s = scene.state
    plays = legal_plays(s.position, s.dice or (1, 2))
    play = max(plays, key=lambda p: sum(m.src - m.dst for m in p.moves))
    scene.do(PlayMoves(play.moves))
    flying, between = sliding_frames(app, scene)
    assert flying > 0  # the play is still shown move by move
    if reduced:
        assert between == 0
    else:
        assert between > 0


def test_a_dropped_checker_lands_at_once_with_reduced_motion() -> None:
    """Dropped on a point, the checker is there by the next step (no slide from the finger), and its
    landing still sounds."""
    anim = Animator(reduced=True)
    board = abs_board(Position.start(), 0)
    anim.add_move(board, board, 0, 13, 8, False, start=(300.0, 300.0))
    assert anim.busy
    anim.update(1 / 120)
    anim.update(1 / 120)
    assert anim.take_sounds() == ["land"]
    for _ in range(10):
        anim.update(1 / 120)
    assert not anim.busy


def test_the_landing_sounds_come_with_reduced_motion(reduced: bool) -> None:
    """The sounds of a play are heard with or without motion, once per landing."""
    app = make(reduced)
    heard: list[str] = []
    app.events.subscribe(lambda e: heard.append(e.name) if isinstance(e, ev.SoundCue) else None)
    try:
        scene = to_first_move(app)
        s = scene.state
        play = legal_plays(s.position, s.dice or (1, 2))[0]
        scene.do(PlayMoves(play.moves))
        settle(app, scene)
        assert len(heard) == len(play.moves)
    finally:
        close_screen()


def test_a_still_dice_roll_shows_its_faces_at_once() -> None:
    dice = DiceRoll(still=True)
    dice.roll((3, 4), (0, 0))
    assert not dice.tumbling and dice.values == (3, 4)


def band_pixels(app: App) -> list[tuple[int, ...]]:
    """A row of pixels across the attract mode's "touch to play" words."""
    app.draw(0.0)
    return [tuple(app.screen.get_at((x, 60 + 90 + 62))) for x in range(300, 980, 7)]


def test_the_attract_words_pulse_only_with_motion(reduced: bool) -> None:
    """The cabinet's "touch to play" words change brightness over time, unless motion is reduced."""
    from game.ui.kiosk.attract import AttractScene

    app = make(reduced)
    try:
        app.scenes.reset(AttractScene(app, app.setup("demo", 0)))
        scene = app.scenes.top
        assert isinstance(scene, AttractScene)
        scene.clock = 0.0
        first = band_pixels(app)
        scene.clock = 0.5
        second = band_pixels(app)
        assert (first == second) is reduced
    finally:
        close_screen()
