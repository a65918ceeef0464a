"""Every phase of the game on screen: opening tie, no legal move, match over, demo, menus, quitting."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys

import pygame
import pytest

from game.engine.flow import EndTurn, GameState, Phase, PlayMoves, Roll, Rules
from game.engine.match import Match
from game.engine.moves import legal_plays
from game.engine.position import Position
from game.i18n import tr
from game.ui import loop
from game.ui.board.view import GOLD
from game.ui.layout import LAYOUT
from game.ui.play import panel
from game.ui.play.board_paint import board_draw
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.title import TitleScene
from game.ui.text import READ_SIZE
from game.ui.widgets import label_ink
from tests.helpers.paths import ROOT
from tests.helpers.screen_probe import ScreenReader, panel_middle
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    dice_xy,
    make_app,
    run_until,
    settle,
    start_game,
)
from tests.helpers.waiting import HANG_LIMIT, running_game


class Scripted(random.Random):
    """Dice in a given order (then ordinary random ones)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0) if self.values else super().randint(a, b)


@pytest.fixture()
def app():  # type: ignore[no-untyped-def]
    a = make_app(speed="fast")
    yield a
    close_screen()


def test_opening_tie_is_shown_and_rolled_again(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    scene.game.rng = scene.game.match_dice.rng = Scripted([3, 3, 5, 2])  # the dice come from here
    run_until(app, lambda: scene.state.opening is not None, 1000)
    assert scene.state.phase is Phase.OPENING and scene.state.opening == (3, 3)
    run_until(app, lambda: not scene.dice.tumbling, 1000)
    assert panel.status(scene)[0] == "Tie 3-3: roll again"
    app.draw(0.0)
    run_until(app, lambda: scene.state.phase is Phase.MOVING, 1000)
    assert scene.state.turn == 0 and scene.state.dice == (5, 2)
    run_until(app, lambda: not scene.dice.tumbling, 1000)
    assert panel.status(scene)[0] == "White starts with 5-2"
    # the opening dice are shown one of each colour, then played as the winner's roll
    assert [(face, owner) for face, owner, *_ in board_draw(scene, 0.0).dice] == [(5, 0), (2, 1)]


def closed_board() -> Position:
    me = [0] * 25
    me[24] = 1
    me[5] = 14
    opp = [2, 2, 2, 2, 2, 2, 3] + [0] * 18
    return Position(tuple(me), tuple(opp))


def test_no_legal_move_is_explained_then_the_turn_passes(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    scene.resume(GameState(phase=Phase.ROLL, position=closed_board(), turn=0, rules=Rules(5)))
    settle(app, scene)
    assert scene.state.phase is Phase.ROLL  # a human who may double rolls himself
    click(app, dice_xy(scene))
    assert scene.state.phase is Phase.MOVING and scene.state.turn_state().most == 0
    run_until(app, lambda: not scene.dice.tumbling, 500)
    text = panel.status(scene)[0]
    assert "cannot enter from the bar" in text and "The turn passes" in text
    app.draw(0.0)
    assert scene.busy()  # the scene keeps stepping: nobody has to do anything
    run_until(app, lambda: scene.state.phase is not Phase.MOVING, 2000)
    assert scene.state.phase is Phase.ROLL and scene.state.turn == 1


def test_match_over_then_new_match(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two", match_length=1, seed=2)
    rng = random.Random(1)
    run_until(app, lambda: scene.state.phase is Phase.MOVING, 2000)
    for _ in range(2000):
        s = scene.state
        if s.phase is Phase.GAME_OVER:
            break
        if s.phase is Phase.ROLL:
            scene.do(Roll((rng.randint(1, 6), rng.randint(1, 6))))
        elif s.phase is Phase.MOVING:
            assert s.dice is not None
            plays = legal_plays(s.turn_state().start, s.dice)
            if plays and not s.moves:
                scene.do(PlayMoves(rng.choice(plays).moves))
            if scene.state.phase is Phase.MOVING:
                scene.do(EndTurn())
        scene.anim.skip()
    settle(app, scene)
    assert scene.match.is_over
    app.draw(0.0)
    assert scene.state.result is not None
    winner = scene.state.result.winner
    title = ("White", "Black")[winner] + " wins the match!"
    screen = ScreenReader(app.screen, app.sprites)
    board = LAYOUT.board_rect()
    assert screen.find_text(title, 44, GOLD, board, 620)  # the dialog on screen says who won the match
    new_match = next(b for b in scene.modal.buttons if b.label == "New match")
    area = new_match.rect
    assert screen.find_text("New match", new_match.size, label_ink(new_match.colour), area, area.width - 24)
    click(app, button_xy(scene, "New match"))
    assert scene.match == Match(Rules(1))
    assert scene.state.phase is Phase.OPENING


def test_crawford_game_is_marked(app) -> None:  # type: ignore[no-untyped-def]
    """The CRAWFORD badge is drawn in the Crawford game, not in the one after it (read from the pixels)."""
    scene = start_game(app, mode="two", match_length=3)
    match = Match(Rules(3), score=(2, 0), games=1)
    state = match.new_game()
    assert state.crawford
    scene.resume(state, match)
    app.draw(0.0)
    white = (255, 255, 255)
    assert ScreenReader(app.screen, app.sprites).find_text(
        tr("ui.crawford"), READ_SIZE, white, panel_middle()
    )
    post = Match(Rules(3), score=(2, 1), games=2, crawford_used=True)
    scene.resume(post.new_game(), post)
    assert not scene.state.crawford
    app.draw(0.0)
    assert not ScreenReader(app.screen, app.sprites).find_text(
        tr("ui.crawford"), READ_SIZE, white, panel_middle()
    )


def test_demo_plays_games_by_itself(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="demo", match_length=0, seed=5)
    run_until(app, lambda: scene.game.games >= 1, 200_000, draw_every=200)
    result = scene.state.result
    assert scene.match.games == 1 and result is not None
    assert scene.match.score[result.winner] == result.points > 0 and scene.match.score[1 - result.winner] == 0
    run_until(app, lambda: scene.state.phase is Phase.OPENING or scene.state.moves != (), 20_000)
    assert scene.game.games == 1 and scene.state.result is None  # and it goes on to the next game alone


def test_computer_game_reaches_the_human(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="computer", seed=8)
    start = scene.state.position
    run_until(app, lambda: scene.state.last_player == 1, 20_000)  # the computer played a turn...
    assert scene.state.last_play and scene.state.position != start
    run_until(app, lambda: scene.state.turn == 0 and not scene.busy(), 20_000)
    assert scene.state.phase in (Phase.ROLL, Phase.MOVING)  # ...and then waits for the human
    assert scene.game.is_human(scene.state.turn)


def test_title_menu_howto_and_back(app) -> None:  # type: ignore[no-untyped-def]
    title = TitleScene(app)
    app.scenes.reset(title)
    app.draw(0.0)
    how = next(b for b in title.buttons.buttons if b.label == "How to play")
    click(app, how.rect.center)
    assert isinstance(app.scenes.top, HowToScene)
    app.draw(0.0)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert app.scenes.top is title
    three = next(b for b in title.buttons.buttons if b.label == "3")
    click(app, three.rect.center)
    assert title.match_length == 3
    two = next(b for b in title.buttons.buttons if b.label == "Two players")
    click(app, two.rect.center)
    game = app.scenes.top
    assert game is not None and game.__class__.__name__ == "GameScene"
    assert game.match.rules.match_length == 3  # type: ignore[attr-defined]
    click(app, button_xy(game, "Menu"))  # type: ignore[arg-type]
    assert isinstance(app.scenes.top, MenuScene)
    app.draw(0.0)
    fast = next(b for b in app.scenes.top.buttons.buttons if b.label == "fast")
    click(app, fast.rect.center)
    assert app.speed == "fast"
    leave = next(b for b in app.scenes.top.buttons.buttons if b.label == "Leave to title")
    click(app, leave.rect.center)
    assert isinstance(app.scenes.top, TitleScene)


def test_window_close_ends_the_loop_with_exit_0(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.reset(TitleScene(app))
    loop.frame(app, [pygame.event.Event(pygame.QUIT)], 0.0, 0.0)
    assert not app.running  # the close stops the App (the loop below would otherwise never return)
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert loop.run(app) == 0 and not app.running


def test_sigterm_exits_cleanly() -> None:
    """SIGTERM once the game runs (it said READY=1: no guess of how long a start takes) ends it with 0."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with running_game(["main.py", "--start", "two", "--seed", "3"], cwd=ROOT, env=env) as proc:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=HANG_LIMIT) == 0


def test_bad_flags_give_a_message_not_a_crash() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run(
        [sys.executable, "main.py", "--size", "huge"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 2 and "size must look like 1280x720" in out.stderr


def test_a_refusal_does_not_outlive_the_turn(app) -> None:  # type: ignore[no-untyped-def]
    """Found by hand in a real window: "Your move is complete: press Done", flashed by a stray tap,
    stayed up for seconds while the computer was already moving. Ending the turn clears it."""
    scene = start_game(app, mode="two")
    run_until(app, lambda: scene.state.phase is Phase.MOVING, 2000)
    settle(app, scene)
    s = scene.state
    assert s.dice is not None
    scene.end_turn()  # too early: refused, and the reason flashes
    assert scene.flash_time > 0 and scene.flash_text
    mover = s.turn
    play = legal_plays(s.position, s.dice)[0]
    scene.do(PlayMoves(play.moves))
    scene.end_turn()
    assert scene.state.turn != mover
    assert scene.flash_time == 0
    assert panel.status(scene)[0] != scene.flash_text
