"""Screenshots of issue 37's screens and messages, in every language at 800x480 and 1920x1080.

Usage: ``.venv/bin/python -m game.ui.tools.lock_screenshots [OUTDIR]`` (default ``screenshots/lock``).
The cabinet without an operator code (missing, damaged), the keypad's slow-down, a refused new code,
a code and a setting the disk refused, the operator's notices, the export without a drive, the
opening roll waiting for the player's touch (a session's second game too, with its own commitment),
a tournament player's digits for the dice, the game-over dialog's Check the dice and its screen (with
the QR code), and "1 player" on the tournament's set-up.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine.flow import Phase  # noqa: E402
from game.i18n import LANGUAGES, tr  # noqa: E402
from game.session import operator_lock  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.kiosk import Mode  # noqa: E402
from game.session.modes import GameMode  # noqa: E402
from game.session.persist import SAVE_FILE  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.entry.keyboard import KeyboardScene  # noqa: E402
from game.ui.entry.keypad import KeypadScene  # noqa: E402
from game.ui.entry.new_code import ChooseCodeScene, save_problem_message, weak_message  # noqa: E402
from game.ui.kiosk.operator import OperatorScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402
from game.ui.tools._frames import shoot  # noqa: E402
from game.ui.tools.screenshots import random_turns  # noqa: E402
from game.ui.tournament.export import ExportScene  # noqa: E402
from game.ui.tournament.setup import SetupScene  # noqa: E402

STEP = 1.0 / 120.0
BOARD = "leaderboard.json"
CODE = "4816"


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def cabinet(data: Path, lang: str) -> App:
    settings = st.Settings(language=lang, animation="fast", sound=False)
    app = App(settings, Launch(kiosk=True), data_dir=data, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    return app


def lock_screens(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        app = cabinet(data, lang)
        shoot(app, out, "locked_missing", lang)
        app.quit()
        (data / operator_lock.CODE_FILE).write_text("{", encoding="utf-8")
        app = cabinet(data, lang)
        shoot(app, out, "locked_damaged", lang)
        app.quit()
        operator_lock.write_code(data, CODE)
        # A real leaderboard with one bad entry and a real broken autosave: the notices are the game's.
        good = {"initials": "ANN", "error_rate": 4.2, "decisions": 30, "day": "2026-12-07", "at": 1.0}
        good |= {"level": "expert", "won": True}
        board = {"version": 1, "kind": "backgammon-leaderboard", "entries": [good, dict(good, initials="x!")]}
        (data / BOARD).write_text(json.dumps(board), encoding="utf-8")
        (data / SAVE_FILE).write_text('{"version": 1, "cut sh', encoding="utf-8")
        app = cabinet(data, lang)
        kiosk = app.kiosk
        assert kiosk is not None
        kiosk.mode = Mode.CODE
        kiosk.failures, kiosk.wait_left = 3, 30.0
        app.scenes.push(KeypadScene(app))
        shoot(app, out, "keypad_wait", lang)
        app.scenes.pop()
        kiosk.failures, kiosk.wait_left = 0, 0.0
        kiosk.mode = Mode.OPERATOR
        app.notices.append(tr("notice.autosave_failed", reason=os.strerror(errno.ENOSPC)))
        app.scenes.push(OperatorScene(app))
        shoot(app, out, "operator_notices", lang)
        app.notices.clear()
        settings = SettingsScene(app, operator=True)
        app.scenes.push(settings)
        settings.message = tr("settings.not_saved", reason=os.strerror(errno.EROFS))
        settings.message_time = 5.0
        shoot(app, out, "settings_not_saved", lang)
        pad = ChooseCodeScene(app)
        app.scenes.push(pad)
        pad.message, pad.message_time = weak_message(operator_lock.Weak.RUN), 3.0
        shoot(app, out, "code_refused", lang)
        pad.message = save_problem_message(os.strerror(errno.ENOSPC))
        shoot(app, out, "code_not_saved", lang)
        app.scenes.pop()
        settings.message = tr("settings.code_saved")
        shoot(app, out, "code_saved", lang)
        app.quit()


def title_not_saved(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = App(st.Settings(language=lang, sound=False), Launch(), data_dir=folder, threaded_ai=False)
        title = app.initial_scene()
        app.scenes.push(title)
        assert isinstance(title, TitleScene)
        title.not_saved = os.strerror(errno.EROFS)
        shoot(app, out, "title_not_saved", lang)
        app.quit()


def tournament_screens(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = st.Settings(language=lang, animation="fast", sound=False, operator_code=CODE)
        app = App(settings, Launch(), data_dir=folder, threaded_ai=False)
        setup = SetupScene(app, lambda: None)
        setup.names = ["Anna"]
        setup._build()
        app.scenes.push(setup)
        shoot(app, out, "tourney_one_player", lang)
        export = ExportScene(app, lambda text: None)
        app.scenes.push(export)
        export.type_path()
        keyboard = app.scenes.top
        assert isinstance(keyboard, KeyboardScene)
        keyboard.text = "/media/usb"
        keyboard.message = tr("tourney.export_no_drive", folder="/media/usb")
        shoot(app, out, "export_no_drive", lang)
        app.quit()


def dice_screens(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = st.Settings(language=lang, animation="fast", sound=False)
        app = App(settings, Launch(), data_dir=folder, threaded_ai=False)
        scene = GameScene(app, app.setup(GameMode.COMPUTER, 1))
        app.scenes.push(scene)
        run(app, 1.5)
        shoot(app, out, "opening_tap_computer", lang)
        app.quit()
        # An unlimited session's second game: a new secret, its commitment shown before the touch.
        app = App(settings, Launch(), data_dir=folder, threaded_ai=False)
        scene = GameScene(app, app.setup(GameMode.COMPUTER, 0))
        app.scenes.push(scene)
        run(app, 1.5)
        scene.game.contribute(0, "064003000001500")
        run(app, 1.0)
        random_turns(scene, random.Random(5), 400, lambda: scene.state.phase is Phase.GAME_OVER)
        scene.next_game()
        run(app, 1.5)
        shoot(app, out, "opening_tap_session_game2", lang)
        app.quit()
        app = App(settings, Launch(), data_dir=folder, threaded_ai=False)
        scene = GameScene(app, app.setup(GameMode.TWO, 1))
        app.scenes.push(scene)
        run(app, 1.5)
        shoot(app, out, "opening_tap_two", lang)
        scene.game.contribute(0, "064003000001500")
        scene.game.contribute(1, "102004100002733")
        run(app, 1.0)
        random_turns(scene, random.Random(3), 400, lambda: scene.state.phase is Phase.GAME_OVER)
        run(app, 3.0)
        shoot(app, out, "game_over_check", lang)
        scene.check_dice()
        shoot(app, out, "dice_check", lang)
        app.quit()
        app = App(settings, Launch(), data_dir=folder, threaded_ai=False)
        scene = GameScene(app, app.setup(GameMode.TWO, 1))
        app.scenes.push(scene)
        pad = KeypadScene(app, "dice.contribute", lambda digits: None)
        pad.title = tr("dice.contribute", name="Anna")
        pad.buttons.buttons.pop()
        pad.own = "271"
        app.scenes.push(pad)
        shoot(app, out, "tourney_dice_digits", lang)
        app.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.lock_screenshots", description=__doc__)
    parser.add_argument("outdir", nargs="?", type=Path, default=ROOT / "screenshots" / "lock")
    parser.add_argument("--lang", choices=LANGUAGES, action="append", help="only these languages")
    args = parser.parse_args(argv)
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang or LANGUAGES:
        lock_screens(out, lang)
        title_not_saved(out, lang)
        tournament_screens(out, lang)
        dice_screens(out, lang)
    pygame.quit()
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
