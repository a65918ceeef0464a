"""PNG screenshots of the coach's cards during play, and of the settings screens with its row.

Usage: ``python -m game.ui.tools.coach_screenshots [OUTDIR] [--lang en fi hu] [--only NAME ...]``
(default folder: ``screenshots/coach``; git-ignored). Headless; each screen at 800x480 and
1920x1080, named ``NAME_LANG_WxH.png``. The screens: ``play`` (the opening 6-4 played as badly as
it can be: the card with its reason), ``shown`` (Show me the better move: the expert's play as
arrows), ``take`` (a take that should be a pass), ``pass`` (a pass that should be a take),
``double`` (a double too early), ``rolled`` (Roll where doubling was better), ``settings`` and
``operator`` (the settings screens with the Coach row).
"""

from __future__ import annotations

import argparse
import os
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

from game import i18n  # noqa: E402
from game.coach.examples import A_LITTLE_AHEAD, BEHIND, FAR_AHEAD, WELL_AHEAD  # noqa: E402
from game.engine.cube import Cube  # noqa: E402
from game.engine.flow import Double, GameState, Phase, PlayMoves, apply  # noqa: E402
from game.engine.moves import legal_plays  # noqa: E402
from game.engine.position import Position  # noqa: E402
from game.session import coach as sc  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.controller import GameSetup  # noqa: E402
from game.ui import layout as L  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.game import MODAL_GUARD, GameScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.tools._frames import shoot  # noqa: E402


def _scene(app: App, state: GameState) -> GameScene:
    scene = GameScene(app, GameSetup(mode=GameMode.COMPUTER, match_length=5, seed=3, level="beginner"))
    app.scenes.reset(scene)
    scene.resume(state)
    return scene


def _ready(app: App) -> None:
    for _ in range(int(MODAL_GUARD * 60) + 5):
        app.step()


def play(app: App) -> None:
    start, dice = Position.start(), (6, 4)
    study = sc.study_roll(start, dice)
    worst = max(legal_plays(start, dice), key=lambda p: study.loss(p.position) or 0.0)
    scene = _scene(app, GameState(Phase.MOVING, start, turn=0, dice=dice))
    scene.do(PlayMoves(worst.moves))
    scene.anim.skip()
    scene.end_turn()
    _ready(app)


def shown(app: App) -> None:
    play(app)
    scene = app.scenes.top
    assert isinstance(scene, GameScene)
    scene.coach.show()
    scene.anim.skip()


def _answer(app: App, doubler: Position, take: bool) -> None:
    scene = _scene(app, apply(GameState(Phase.ROLL, doubler, turn=1, cube=Cube()), Double()))
    _ready(app)
    scene.choose_answer(take)
    _ready(app)


def take(app: App) -> None:
    _answer(app, FAR_AHEAD, True)


def pass_(app: App) -> None:
    _answer(app, A_LITTLE_AHEAD, False)


def double(app: App) -> None:
    scene = _scene(app, GameState(Phase.ROLL, BEHIND, turn=0, cube=Cube()))
    scene.offer_double()
    _ready(app)


def rolled(app: App) -> None:
    scene = _scene(app, GameState(Phase.ROLL, WELL_AHEAD, turn=0, cube=Cube()))
    scene.roll_dice()
    _ready(app)


def settings(app: App) -> None:
    app.scenes.reset(SettingsScene(app))


def operator(app: App) -> None:
    app.scenes.reset(SettingsScene(app, operator=True))


SHOTS: dict[str, Callable[[App], None]] = {
    "play": play,
    "shown": shown,
    "take": take,
    "pass": pass_,
    "double": double,
    "rolled": rolled,
    "settings": settings,
    "operator": operator,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.coach_screenshots", description=__doc__)
    parser.add_argument("outdir", nargs="?", type=Path, default=ROOT / "screenshots" / "coach")
    parser.add_argument("--lang", nargs="+", choices=i18n.LANGUAGES, default=list(i18n.LANGUAGES))
    parser.add_argument("--only", nargs="+", choices=sorted(SHOTS), metavar="NAME")
    args = parser.parse_args(argv)
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    data = tempfile.mkdtemp(prefix="backgammon-coach-shots-")
    try:
        for lang in args.lang:
            values = st.Settings(animation="fast", language=lang, coach="blunders", sound=False)
            app = App(values, data_dir=data, threaded_ai=False)
            for name, setup in SHOTS.items():
                if args.only and name not in args.only:
                    continue
                L.LAYOUT.set_home("right")
                setup(app)
                shoot(app, out, name, lang)
                print(name, lang)
            pygame.quit()
    finally:
        pygame.quit()
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
