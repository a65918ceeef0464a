"""A short scripted game in the spoken mode: print what is said, and say it into a WAV file.

Usage: ``.venv/bin/python -m game.ui.tools.speech_demo [OUT.wav] [--lang en|fi|hu]``. Runs headless.
The game (against the computer, seeded) goes through a roll, the keyboard cursor over the board, a
play, the computer's reply, a double and its answer, a last bear-off and the result, and the pause
menu's focused button; every sentence the spoken mode hands over is printed. With ``OUT.wav`` the
sentences are then said by the real espeak-ng into that file (``espeak-ng -w``), to show the voice
works without a loudspeaker; without espeak-ng the tool says so and writes nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.ai.jobs import Where
from game.engine.cube import Cube
from game.engine.flow import EndTurn, GameState, Phase, PlayMoves, Roll, Rules
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.position import Position
from game.i18n import LANGUAGES
from game.session import settings as st
from game.session.controller import GameSetup
from game.session.modes import GameMode
from game.session.speech import Speaker, write_wav
from game.ui.app import App
from game.ui.scenes.game import GameScene


class Transcript(Speaker):
    """A speaker that writes down what it would say and runs no program (for the demo's printout)."""

    def __init__(self) -> None:
        super().__init__(program=["transcript"], which=lambda name: name)

    def _start(self, text: str, language: str, whole: bool = False) -> None:
        self.said.append(text)


def press(app: App, key: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step()


def run(app: App, steps: int) -> None:
    for _ in range(steps):
        app.step()


def until(app: App, scene: GameScene, done: object, limit: int = 6000) -> None:
    for _ in range(limit):
        if callable(done) and done():
            return
        app.step()
    raise RuntimeError("the scripted game did not get there")


def side(points: dict[int, int]) -> tuple[int, ...]:
    out = [0] * 25
    for point, n in points.items():
        out[point - 1] = n
    return tuple(out)


def scripted_game(app: App, listen: Callable[[], None] = lambda: None) -> GameScene:
    """Play the demo's script on ``app`` (its speaker hears it); returns the game's scene.

    ``listen`` is called where a player would listen before going on (a test waits there for its
    speech program: the script runs much faster than anyone speaks, and a new focus cuts speech off).
    """
    scene = GameScene(app, GameSetup(mode=GameMode.COMPUTER, match_length=5, seed=7, level="beginner"))
    app.scenes.reset(scene)
    scene.game.opponent.where = Where.HERE
    rules = Rules(5)
    scene.resume(GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=rules), Match(rules))
    scene.do(Roll((3, 1)))
    run(app, 90)
    listen()
    press(app, pygame.K_RIGHT)  # the cursor shows: what stands on that point is said
    listen()
    press(app, pygame.K_LEFT)  # the point drawn to its left
    listen()
    scene.do(PlayMoves((Move(8, 5, 3), Move(6, 5, 1))))
    scene.do(EndTurn())
    until(app, scene, lambda: scene.state.turn == 0 and scene.state.phase is Phase.ROLL)
    listen()
    scene.offer_double()
    until(app, scene, lambda: scene.state.phase is not Phase.CUBE_OFFERED)
    listen()
    if scene.state.phase is not Phase.GAME_OVER:  # taken: a last bear-off ends the game with a gammon
        end = GameState(
            phase=Phase.ROLL,
            position=Position(side({1: 1}), side({18: 2, 13: 5, 8: 3, 6: 5})),
            turn=0,
            cube=Cube(2, 1),
            rules=rules,
        )
        scene.resume(end, scene.game.match)
        scene.do(Roll((6, 5)))
        scene.do(PlayMoves((Move(1, 0, 6),)))
    run(app, 120)
    listen()
    press(app, pygame.K_ESCAPE)  # the pause menu: its focused button is read
    run(app, 5)
    listen()
    return scene


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.speech_demo",
        description="Print what the spoken mode says in a short scripted game; say it into a WAV file.",
    )
    parser.add_argument("wav", nargs="?", type=Path, help="write the speech here with espeak-ng -w")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    args = parser.parse_args(argv)
    data = tempfile.mkdtemp(prefix="backgammon-speech-")
    # The script doubles early against the beginner: the coach (auto) would hold that double back.
    settings = st.Settings(language=args.lang, animation="fast", speech=True, coach="off")
    app = App(settings, data_dir=data, threaded_ai=False)
    try:
        app.speech = Transcript()
        app.speech.configure(True, args.lang)
        scripted_game(app)
        said = list(app.speech.said)
    finally:
        pygame.quit()
    for sentence in said:
        print(sentence)
    if args.wav is None:
        return 0
    if not write_wav(" ".join(said), str(args.wav), args.lang):
        print("espeak-ng is missing or failed: no WAV written", file=sys.stderr)
        return 1
    print(f"wrote {args.wav} ({args.wav.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
