"""Write PNG screenshots of the main screens (and the review, replay) at 800x480, 1280x720 and 1920x1080.

Usage: ``.venv/bin/python -m game.ui.tools.screenshots [OUTDIR]`` (default: ``screenshots/`` in the
repository, git-ignored; ``--help`` lists the options). Runs headless; the game draws at its logical
1280x720 and the picture is scaled and letterboxed to each size the way ``pygame.SCALED`` shows it.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from game.session.modes import GameMode
from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.ai.jobs import Where  # noqa: E402
from game.engine.flow import Double, EndTurn, GameState, Phase, PlayMoves, Roll, Rules, apply  # noqa: E402
from game.engine.match import Match  # noqa: E402
from game.engine.moves import legal_plays  # noqa: E402
from game.engine.position import Position  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.controller import GameSetup  # noqa: E402
from game.ui import layout as L  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.tools._frames import letterbox  # noqa: E402

SIZES = ((800, 480), (1280, 720), (1920, 1080))


def steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step()


def settle(app: App, scene: GameScene, limit: int = 4000) -> None:
    for _ in range(limit):
        if not scene.busy() and scene.game.wait <= 0:
            return
        app.step()


def random_turns(scene: GameScene, rng: random.Random, turns: int, stop: Callable[[], bool]) -> None:
    """Advance the game quickly through the engine (random legal plays) for set-up only."""
    for _ in range(turns * 3):
        s = scene.state
        if stop():
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
            return
        scene.anim.skip()
        scene.dice.t = scene.dice.TUMBLE


def title(app: App) -> None:
    app.scenes.reset(TitleScene(app))


def title_continue(app: App) -> None:
    """The title with a saved game to continue (its button is the longest label beside the middle)."""
    from game.engine.flow import new_game
    from game.session.persist import SavedGame

    start = new_game(Rules(5), (0, 0), False)
    app.saved = SavedGame(start, Match(Rules(5)), "computer", "expert", 0, (), 0.0)
    app.scenes.reset(TitleScene(app))
    app.saved = None


def after_opening(app: App, seed: int, mode: GameMode = GameMode.TWO) -> GameScene:
    """A new 5-point game on screen, stepped until the opening roll has landed and the first move is due."""
    scene = GameScene(app, GameSetup(mode=mode, match_length=5, seed=seed))
    app.scenes.reset(scene)
    for _ in range(3000):
        app.step()
        if scene.state.phase is Phase.MOVING and not scene.dice.tumbling:
            return scene
    raise RuntimeError(f"the opening roll of seed {seed} never finished")


def opening(app: App) -> None:
    after_opening(app, 4)


def dragging(app: App) -> None:
    scene = after_opening(app, 21)
    rng = random.Random(5)
    scene.do(EndTurn()) if scene.state.turn_state().is_complete else None
    s = scene.state
    plays = legal_plays(s.position, s.dice or (1, 1))
    scene.do(PlayMoves(rng.choice(plays).moves))
    scene.do(EndTurn())
    random_turns(scene, rng, 9, lambda: False)
    settle(app, scene)
    s = scene.state
    if s.phase is Phase.ROLL:
        scene.do(Roll((6, 4)))
        steps(app, 120)
    s = scene.state
    turn = s.turn_state()
    src = max(turn.movable_points(), key=lambda p: len(turn.targets(p)))
    from game.ui.layout import LAYOUT, to_abs

    if src == 25:
        start = LAYOUT.bar_center(s.turn, 0)
    else:
        n = s.position.me[src - 1]
        start = LAYOUT.checker_center(to_abs(s.turn, src), n - 1, n)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, clicks=1, touch=False))
    app.step()
    target = min(turn.targets(src))
    goal = (
        LAYOUT.tray_rect(s.turn).center
        if target == 0
        else LAYOUT.checker_center(to_abs(s.turn, target), 0, 1)
    )
    end = (int((start[0] + goal[0]) / 2), int((start[1] + goal[1]) / 2 + (70 if start[1] < 386 else -70)))
    app.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    )
    app.step()


def cube_offer(app: App) -> None:
    scene = after_opening(app, 8)
    rng = random.Random(9)
    random_turns(scene, rng, 6, lambda: False)
    random_turns(scene, rng, 2, lambda: scene.state.phase is Phase.ROLL)
    settle(app, scene)
    scene.do(Double())
    steps(app, 10)


def game_over(app: App) -> None:
    scene = after_opening(app, 12)
    rng = random.Random(12)
    random_turns(scene, rng, 400, lambda: scene.state.phase is Phase.GAME_OVER)
    steps(app, 300)


def hint(app: App, home: str = "right") -> None:
    """Mid-game against the computer: the human rolled and pressed Hint (arrows on the board)."""
    L.LAYOUT.set_home(home)
    scene = after_opening(app, 21, mode=GameMode.COMPUTER)
    rng = random.Random(7)
    random_turns(scene, rng, 10, lambda: False)
    random_turns(scene, rng, 6, lambda: scene.state.phase is Phase.ROLL and scene.state.turn == 0)
    scene.do(Roll((5, 3)))
    steps(app, 120)
    scene.ask_hint()
    steps(app, 2)


def hint_left(app: App) -> None:
    hint(app, "left")


AHEAD = Position(
    me=(2, 2, 3, 3, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0),
    opp=(0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0),
)
"""White far ahead with one checker still back: the cube hint's example."""


def cube_hint(app: App) -> None:
    """Against the computer, before the roll: Hint pressed, the expert's cube advice in the panel."""
    scene = after_opening(app, 21, mode=GameMode.COMPUTER)
    scene.game.opponent.where = Where.HERE
    scene.resume(GameState(phase=Phase.ROLL, position=AHEAD, turn=0, rules=Rules(5)), Match(Rules(5)))
    scene.ask_cube_hint()
    steps(app, 2)


def cube_answer_hint(app: App) -> None:
    """The computer doubled; the human pressed Hint in the dialog: take or pass, with the numbers."""
    scene = after_opening(app, 21, mode=GameMode.COMPUTER)
    scene.game.opponent.where = Where.HERE
    before = GameState(phase=Phase.ROLL, position=AHEAD.flip(), turn=1, rules=Rules(0))
    scene.resume(apply(before, Double()), Match(Rules(0)))
    scene.ask_cube_hint()
    steps(app, 2)


def press(app: App, name: str) -> None:
    code = pygame.key.key_code(name)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step()


def keyboard_title(app: App) -> None:
    """The title with the keyboard focus on "Two players" (two presses of the down arrow)."""
    title(app)
    press(app, "down")
    press(app, "down")


def keyboard_cursor(app: App) -> None:
    """Keyboard play: a checker picked up with Enter, the cursor on one of its targets."""
    after_opening(app, 21)
    press(app, "right")
    press(app, "return")
    press(app, "right")


def review(app: App) -> None:
    """A real game against the computer (the human's side by the beginner level), then its review."""
    from game.ui.scenes.review import ReviewScene
    from game.ui.tools.review_screenshots import play_one_game

    scene = play_one_game(app, 5)
    scene.open_review()
    top = app.scenes.top
    assert isinstance(top, ReviewScene)
    top.job.wait()
    app.step()


def replay(app: App) -> None:
    """The replay at the human's costliest mistake of the reviewed game."""
    from game.ui.scenes.review import ReviewScene

    review(app)
    top = app.scenes.top
    assert isinstance(top, ReviewScene) and top.review is not None
    top.open_mistake(0)


TAKE_MATCH = """ 3 point match

 Game 1
 Alice : 0                       Bob : 0
  1)                             31: 8/5 6/5
  2) 52: 13/8 13/11              Doubles => 2
  3)  Takes                      64: 24/18 13/9
"""
"""A short match record whose last entries are a double and its take."""


def replay_take(app: App) -> None:
    """The replay at a take: the cube the taker now owns (not the centred cube it was offered from)."""
    from game.record import PlyKind, read_mat
    from game.ui.scenes.replay import ReplayScene

    scene = ReplayScene(app, read_mat(TAKE_MATCH), ("Alice", "Bob"))
    app.scenes.reset(scene)
    scene.go(next(i for i, s in enumerate(scene.steps) if s.ply and s.ply.kind is PlyKind.TAKE))


SHOTS: dict[str, Callable[[App], None]] = {
    "title": title,
    "title_continue": title_continue,
    "opening": opening,
    "drag": dragging,
    "cube": cube_offer,
    "gameover": game_over,
    "hint": hint,
    "hint_home_left": hint_left,
    "keyboard_title": keyboard_title,
    "keyboard_cursor": keyboard_cursor,
    "cube_hint": cube_hint,
    "cube_answer_hint": cube_answer_hint,
    "review": review,
    "replay": replay,
    "replay_take": replay_take,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.screenshots",
        description="Write PNGs of the main screens at 800x480, 1280x720 and 1920x1080.",
    )
    parser.add_argument(
        "outdir", nargs="?", type=Path, default=ROOT / "screenshots", help="folder for the PNGs"
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="the screens in this language (NAME_LANG_WxH.png); default English"
    )
    parser.add_argument("--only", nargs="+", choices=sorted(SHOTS), metavar="NAME", help="only these screens")
    args = parser.parse_args(argv)
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    data = tempfile.mkdtemp(prefix="backgammon-shots-")  # the player's own settings and save stay out of it
    settings = st.Settings(animation="fast", language=args.lang or "en")
    app = App(settings, data_dir=data, threaded_ai=False)
    suffix = f"_{args.lang}" if args.lang else ""
    try:
        for name, setup in SHOTS.items():
            if args.only and name not in args.only:
                continue
            L.LAYOUT.set_home("right")
            setup(app)
            app.draw(0.0)
            frame = app.screen.copy()
            for size in SIZES:
                path = out / f"{name}{suffix}_{size[0]}x{size[1]}.png"
                pygame.image.save(letterbox(frame, size), str(path))
                print(path)
    finally:
        L.LAYOUT.set_home("right")
        pygame.quit()
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
