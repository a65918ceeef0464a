"""Screenshots of the kiosk screens in every language at 800x480 and 1920x1080.

Usage: ``.venv/bin/python -m game.ui.tools.kiosk_screenshots [OUTDIR]`` (default ``screenshots/kiosk``).
Drives the real app headless (a cabinet without an operator code, attract mode, the "Still
playing?" countdown, the code keypad, the operator menu, settings, dice statistics, how to play, the
title) and scales each 1280x720 frame to the screen size the way ``pygame.SCALED`` letterboxes it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from game.session.commands import Command
from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.i18n import LANGUAGES  # noqa: E402
from game.session import operator_lock  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.dice_stats import DiceStats  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.entry.keypad import KeypadScene  # noqa: E402
from game.ui.kiosk.locked import LockedScene  # noqa: E402
from game.ui.kiosk.operator import OperatorScene  # noqa: E402
from game.ui.kiosk.still_playing import StillPlayingScene  # noqa: E402
from game.ui.scenes.dice_stats import DiceStatsScene  # noqa: E402
from game.ui.scenes.howto import HowToScene  # noqa: E402
from game.ui.scenes.keymap import KeymapScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.tools._frames import shoot  # noqa: E402

STEP = 1.0 / 120.0


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.kiosk_screenshots",
        description="Write PNGs of the kiosk screens in every language at 800x480 and 1920x1080.",
    )
    default = ROOT / "screenshots" / "kiosk"
    parser.add_argument("outdir", nargs="?", type=Path, default=default, help="folder for the PNGs")
    out: Path = parser.parse_args(argv).outdir
    out.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        with tempfile.TemporaryDirectory() as data:
            settings = st.Settings(language=lang, idle_seconds=30)  # no code yet: the first start
            launch = Launch(seed=11, kiosk=True)
            app = App(settings, launch, data_dir=data, threaded_ai=False)
            app.scenes.push(app.initial_scene())
            assert isinstance(app.scenes.top, LockedScene)  # "ask the operator" (issue 37)
            shoot(app, out, "locked", lang)
            app.quit()
            operator_lock.write_code(Path(data), "4816")  # as --set-operator-code does
            app = App(settings, launch, data_dir=data, threaded_ai=False)
            app.scenes.push(app.initial_scene())
            run(app, 14.0)
            shoot(app, out, "attract", lang)
            kiosk = app.kiosk
            assert kiosk is not None
            kiosk.press((640, 360))
            kiosk.release((640, 360))
            run(app, 0.3)
            shoot(app, out, "title", lang)
            app.scenes.push(StillPlayingScene(app))
            kiosk.mode, kiosk.warning_left = kiosk.mode.WARNING, 7.2
            shoot(app, out, "still_playing", lang)
            app.scenes.pop()
            kiosk.mode = kiosk.mode.ACTIVE
            keypad = KeypadScene(app)
            app.scenes.push(keypad)
            keypad.own = "25"
            keypad.on_done = lambda code: None
            shoot(app, out, "keypad", lang)
            app.scenes.pop()
            operator = OperatorScene(app)
            app.scenes.push(operator)
            shoot(app, out, "operator", lang)
            operator.clear_board()
            shoot(app, out, "clear_board", lang)
            app.scenes.pop()
            app.scenes.push(SettingsScene(app, operator=True))
            shoot(app, out, "settings", lang)
            keymap = KeymapScene(app)
            app.scenes.push(keymap)
            keymap.waiting = Command.DONE
            keymap._build()
            shoot(app, out, "keys", lang)
            app.scenes.pop()
            app.scenes.pop()
            app.scenes.push(DiceStatsScene(app))
            dice = random.Random(7)
            app.dice_stats = DiceStats.from_rolls(
                (dice.randint(1, 6), dice.randint(1, 6)) for _ in range(180)
            )
            shoot(app, out, "fairness", lang)
            app.scenes.pop()
            app.scenes.pop()
            howto = HowToScene(app)
            app.scenes.push(howto)
            for page in range(howto.pages):
                howto.page = page
                howto._build()
                shoot(app, out, f"howto{page + 1}", lang)
            app.quit()
        pygame.quit()
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
