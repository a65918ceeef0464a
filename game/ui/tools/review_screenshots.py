"""Screenshots of the screens after a game in every language at 800x480 and 1920x1080.

Usage: ``.venv/bin/python -m game.ui.tools.review_screenshots [OUTDIR]`` (default
``screenshots/review``). Plays one real game on the headless app (the human's side
by the beginner level, so there are mistakes to show) against the computer, then
shoots the game-over dialog, the review while it works and when done (the human's mistakes
and the computer's), the replay at the costliest mistake of each, the initials keypad,
today's leaderboard, and the attract mode's leaderboard, scaled the way ``pygame.SCALED``
letterboxes the 1280x720 frame.
Prints how long the review of that game took.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.session.modes import GameMode
from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.ai.api import choose_play  # noqa: E402
from game.engine.flow import GameState, Phase, PlayMoves, Roll  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.controller import GameSetup  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.entry.initials import InitialsScene  # noqa: E402
from game.ui.kiosk.attract import AttractScene  # noqa: E402
from game.ui.kiosk.leaderboard import LeaderboardScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.review import ReviewScene  # noqa: E402
from game.ui.tools._frames import shoot  # noqa: E402

SIZES = ((800, 480), (1920, 1080))


def human_turn(scene: GameScene, rng: random.Random) -> bool:
    """The human's side played by the beginner level; False when it is not the human's turn."""
    s: GameState = scene.state
    if scene.coach.verdict is not None:  # the coach asks "Are you sure?": the player keeps the move
        scene.coach.keep()
    elif s.phase is Phase.ROLL and s.turn == 0:
        scene.do(Roll((rng.randint(1, 6), rng.randint(1, 6))))
    elif s.phase is Phase.MOVING and s.turn == 0 and s.dice is not None and s.turn_state().most > 0:
        play = choose_play(s.position, s.dice, "beginner", seed=rng.randrange(1000))
        assert play is not None
        scene.do(PlayMoves(play.moves))
        scene.end_turn()
    elif s.phase is Phase.CUBE_OFFERED and s.turn == 1:
        scene.answer(True)
    else:
        return False
    return True


def play_one_game(
    app: App, seed: int, each: Callable[[int], None] | None = None, settle: int = 60
) -> GameScene:
    """A game against the computer to its end, the human's side by the beginner level; ``each`` is
    called with the pass's number after every pass (a tool drawing frames), and ``settle`` steps run
    after the end (the last checker lands, the dialog stands)."""
    scene = GameScene(app, GameSetup(mode=GameMode.COMPUTER, match_length=5, seed=seed))
    app.scenes.reset(scene)
    rng = random.Random(seed)
    for n in range(200000):
        if scene.state.phase is Phase.GAME_OVER:
            break
        if app.kiosk is not None:
            app.kiosk.activity()  # the visitor is there: no idle return to the demo
        if not human_turn(scene, rng):
            app.step()
        if each is not None:
            each(n)
    for _ in range(settle):
        app.step()
    return scene


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.review_screenshots",
        description="Write PNGs of the review, replay and leaderboard screens in every language.",
    )
    default = ROOT / "screenshots" / "review"
    parser.add_argument("outdir", nargs="?", type=Path, default=default, help="folder for the PNGs")
    parser.add_argument("--seed", type=int, default=5, help="seed of the game that is played and reviewed")
    args = parser.parse_args(argv)
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        with tempfile.TemporaryDirectory() as data:
            settings = st.Settings(language=lang, animation="fast")
            app = App(settings, Launch(seed=args.seed, kiosk=True), data_dir=data, threaded_ai=False)
            assert app.kiosk is not None
            app.kiosk.mode = app.kiosk.mode.ACTIVE
            scene = play_one_game(app, args.seed)
            shoot(app, out, "gameover", lang)
            scene.open_review()
            review = app.scenes.top
            assert isinstance(review, ReviewScene)
            started = time.perf_counter()
            while review.job.fraction < 0.3 and not review.job.done:
                app.step()
                time.sleep(0.01)
            shoot(app, out, "review_progress", lang)
            review.job.wait()
            took = time.perf_counter() - started
            print(f"{lang}: review of a {review.job.steps[1]}-step game took {took:.1f} s")
            app.step()  # the review arrives; the kiosk asks for initials
            keypad = app.scenes.top
            if isinstance(keypad, InitialsScene):
                keypad.text = "AB"
                shoot(app, out, "initials", lang)
                app.scenes.pop()
            shoot(app, out, "review", lang)
            if review.review is not None and review.review.players[0].worst:
                review.open_mistake(0)
                shoot(app, out, "replay_mistake", lang)
                app.scenes.pop()
            if review.review is not None and review.review.players[1].worst:
                review.selected = 1  # the computer's mistakes, read by the human
                shoot(app, out, "review_computer", lang)
                review.open_mistake(0)
                shoot(app, out, "replay_computer_mistake", lang)
                app.scenes.pop()
                review.selected = 0
            board = app.leaderboard
            for i, (initials, rate) in enumerate((("ACE", 3.1), ("BOB", 7.4), ("ZED", 11.9), ("AB", 23.5))):
                board.add(initials, rate, 20 + i, "expert", i % 2 == 0)
            app.scenes.push(LeaderboardScene(app, board.today()[3]))
            shoot(app, out, "leaderboard", lang)
            app.go_attract()  # what the kiosk does when the visitor has gone
            attract = app.scenes.top
            assert isinstance(attract, AttractScene)
            shoot_attract(app, attract, out, lang)
            app.quit()
        pygame.quit()
    print(f"screenshots written to {out}")
    return 0


def shoot_attract(app: App, attract: AttractScene, out: Path, lang: str) -> None:
    """Run the demo until its first game ends: the leaderboard stands over the board."""
    for _ in range(200000):
        app.step()
        if attract.showing_board:
            break
    for _ in range(30):
        app.step()
    shoot(app, out, "attract_board", lang)


if __name__ == "__main__":
    sys.exit(main())
