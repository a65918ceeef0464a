"""Games played on the App to a recorded end, and the app restarted mid-match, for the record tests."""

from __future__ import annotations

import random
from pathlib import Path

from game.engine.flow import EndTurn, Phase, PlayMoves, Roll
from game.engine.moves import legal_plays
from game.session import settings as st
from game.session.controller import GameSetup
from game.session.recording import FOLDER
from game.ui.app import App
from game.ui.scenes.game import GameScene


def record_app(tmp_path: Path) -> App:
    # The coach off: its card would hold the random plays these record tests make.
    settings = st.Settings(animation="fast", coach="off")
    return App(settings, data_dir=tmp_path, threaded_ai=False, clock=lambda: 1.8e9)


def start_recorded(app: App, mode: str = "two", length: int = 3, seed: int = 3) -> GameScene:
    scene = GameScene(app, GameSetup(mode=mode, match_length=length, seed=seed))
    app.scenes.reset(scene)
    return scene


def play_out(app: App, scene: GameScene, rng: random.Random, stop: Phase = Phase.GAME_OVER) -> None:
    """Random legal plays through the screen's controller until ``stop`` (the opening roll by the game)."""
    for _ in range(4000):
        s = scene.state
        if s.phase is stop and s.phase is Phase.GAME_OVER:
            return
        if s.phase is Phase.ROLL:
            scene.do(Roll((rng.randint(1, 6), rng.randint(1, 6))))
        elif s.phase is Phase.MOVING:
            assert s.dice is not None
            plays = legal_plays(s.position, s.dice)
            if plays and not s.moves:
                scene.do(PlayMoves(rng.choice(plays).moves))
            if scene.state.phase is Phase.MOVING:
                scene.do(EndTurn())
        else:
            app.step()
    raise AssertionError("the game never ended")


def restart_and_continue(tmp_path: Path, app: App) -> tuple[App, GameScene]:
    """The program closed (or the power cut) and started again, then Continue on the title."""
    app.quit()
    again = record_app(tmp_path)
    again.scenes.reset(again.initial_scene())
    again.continue_saved()
    resumed = again.scenes.top
    assert isinstance(resumed, GameScene)
    return again, resumed


def record_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / FOLDER).glob("*.mat"))


def play_human_against_computer(app: App, scene: GameScene, rng: random.Random) -> None:
    for _ in range(20000):
        s = scene.state
        if s.phase is Phase.GAME_OVER:
            return
        if s.phase is Phase.MOVING and s.turn == 0 and s.turn_state().most > 0:
            assert s.dice is not None
            scene.do(PlayMoves(rng.choice(legal_plays(s.position, s.dice)).moves))
            scene.end_turn()
        elif s.phase is Phase.ROLL and s.turn == 0:
            scene.do(Roll((rng.randint(1, 6), rng.randint(1, 6))))
        elif s.phase is Phase.CUBE_OFFERED and s.turn == 1:
            scene.answer(True)
        else:
            app.step()
    raise AssertionError("the game never ended")


def play_out_turns(scene: GameScene, rng: random.Random, turns: int) -> None:
    for _ in range(turns):
        s = scene.state
        if s.phase is Phase.ROLL:
            scene.do(Roll((rng.randint(1, 6), rng.randint(1, 6))))
            s = scene.state
        if s.phase is Phase.MOVING:
            assert s.dice is not None
            plays = legal_plays(s.position, s.dice)
            if plays:
                scene.do(PlayMoves(rng.choice(plays).moves))
            if scene.state.phase is Phase.MOVING:
                scene.do(EndTurn())
