"""Walk the screens a cabinet shows in a REAL window, as a person would, and save what the X screen shows.

Usage: ``.venv/bin/python -m game.ui.tools.realwindow_tour OUTDIR [--sizes 800x480,1024x600,1920x1080]
[--display :47] [--lang en] [--walks menus,looks,kiosk,review]``

For each screen size an X server (Xvfb, no window manager: a bare kiosk ``xinit`` session) is started
and ``main.py --fullscreen`` put on it; the tour clicks the buttons by their labels (``xdotool``, through
the game's own letterbox) and captures the X screen itself (``import -window root``), which is what a
cabinet's screen shows (the headless frame is not: it skips the window, the scaling and the present).
The walks, each from a fresh data folder:

- ``menus``: the title (with the newcomer's offer), How to play's pages, dice statistics, settings, the
  accessibility screen; then the high-contrast board set and larger text turned on there, and the same
  screens again, and Learn to play's first steps;
- ``looks``: the game screen in each board set, with larger text;
- ``kiosk``: the first start's "choose an operator code" keypad, the demo, the operator corner held,
  the code keypad and the operator menu;
- ``review``: a game played to its end (the human's side by the beginner level, at once), the review
  and the replay of its worst mistake. The game is played before the window opens: this walk starts
  at the review (its screens, not the way to them, are what it is for).

Writes ``OUTDIR/WALK_LANG_WxH_NAME.png`` and prints each path. Needs Xvfb, xdotool and ImageMagick.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from game import i18n
from game.engine.flow import Phase
from game.session import operator_lock
from game.session import settings as st
from game.ui.app import App
from game.ui.entry.keypad import KeypadScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.settings import SettingsScene
from game.ui.tools._realwindow import (
    RealGame,
    Twin,
    Walk,
    fresh_data,
    missing_tools,
    screen_size,
    twin_of,
    xserver,
)

WALKS = ("menus", "looks", "kiosk", "review")
CODE = "4816"
SEED = 5
"""The review's game: the human's side has mistakes in it to show."""


def _opening_rolled(app: App) -> bool:
    """The opening roll has landed: both dice rest on the board, the first player to move."""
    top = app.scenes.top
    return isinstance(top, GameScene) and top.state.phase is Phase.MOVING and not top.dice.tumbling


class Tour:
    """The walks on one X screen; their data folders and the twins' copies go in ``scratch``."""

    def __init__(self, out: Path, display: str, screen: tuple[int, int], lang: str, scratch: Path) -> None:
        self.out, self.display, self.screen, self.lang = out, display, screen, lang
        self.scratch = scratch

    def walk(self, name: str, settings: Mapping[str, object], *args: str, code: str = "") -> Walk:
        data = fresh_data(self.scratch, settings)
        if code:  # the cabinet's operator code, set as the organiser sets it (issue 37)
            operator_lock.write_code(data, code)
        argv = ["--fullscreen", "--seed", "7", "--lang", self.lang, "--data-dir", str(data), *args]
        twin = twin_of(self.scratch, data, argv)
        game = RealGame(self.display, self.screen, data, argv)
        prefix = f"{name}_{self.lang}_{self.screen[0]}x{self.screen[1]}"
        return Walk(game, twin, self.out, prefix)

    def menus(self) -> None:
        w = self.walk("menus", {})
        try:
            self._menu_screens(w, "")
            self._learn(w, "")
            w.click(i18n.tr("menu.settings"))
            w.shot("settings")
            w.click(i18n.tr("settings.access"))
            w.shot("access")
            self._set(w, "board_set", "contrast")
            self._set(w, "large_text", True)
            w.shot("access_large")
            w.click(i18n.tr("button.back"))
            w.shot("settings_large")
            w.click(i18n.tr("button.back"))
            self._menu_screens(w, "_large")
            self._learn(w, "_large")
        finally:
            w.game.stop()

    def _learn(self, w: Walk, suffix: str) -> None:
        """Learn to play's first steps (Next skips), and back to the title."""
        w.click(i18n.tr("learn.button"))
        w.shot("learn_1" + suffix)
        for step in range(2, 5):
            w.click(i18n.tr("learn.next"))
            w.shot(f"learn_{step}{suffix}")
        w.click(i18n.tr("button.back"))

    def _menu_screens(self, w: Walk, suffix: str) -> None:
        """The title, How to play's pages and the dice statistics, back at the title."""
        w.shot("title" + suffix)
        w.click(i18n.tr("ui.how_to_play"))
        w.shot("howto_1" + suffix)
        pages = getattr(w.twin.app.scenes.top, "pages", 1)
        for page in range(2, pages + 1):
            w.click(i18n.tr("button.next_page"))
            w.shot(f"howto_{page}{suffix}")
        w.click(i18n.tr("button.back"))
        w.click(i18n.tr("operator.fairness"))
        w.shot("dice_stats" + suffix)
        w.click(i18n.tr("button.back"))

    def _set(self, w: Walk, name: str, value: object) -> None:
        """Step the setting ``name`` on the settings screen on top until it is ``value``."""
        for _ in range(8):
            scene = w.twin.app.scenes.top
            assert isinstance(scene, SettingsScene)
            if getattr(scene.values, name) == value:
                return
            index = [row[0] for row in scene.rows()].index(name)
            w.tap(scene.buttons.buttons[index].rect.center)
        raise SystemExit(f"{name} never became {value!r}")

    def looks(self) -> None:
        for board_set in st.BOARD_SETS:
            for large in (False, True):
                settings = {"board_set": board_set, "large_text": large, "learn_offered": True}
                w = self.walk("looks", settings, "--start", "computer", "--speed", "fast")
                try:
                    w.twin.until(_opening_rolled)
                    w.shot(f"{board_set}{'_large' if large else ''}", settle=20.0)
                finally:
                    w.game.stop()

    def kiosk(self) -> Walk:
        w = self.walk("kiosk", {}, "--kiosk", "--operator-hold", "2", code=CODE)
        try:
            w.shot("attract", settle=2.0)  # the demo never stands still
            w.hold((40, 40), 2.6)
            w.shot("keypad")
            assert isinstance(w.twin.app.scenes.top, KeypadScene)
            w.click("1")
            w.click("OK")
            w.shot("keypad_wrong")
            for digit in CODE:
                w.click(digit)
            w.click("OK")
            w.shot("operator")
        finally:
            w.game.stop()
        return w

    def review(self) -> None:
        for large in (False, True):
            self._review(large)

    def _review(self, large: bool) -> None:
        """The review and the replay of a game played to its end; ``large``: in the high-contrast set
        with larger text."""
        from game.ui.tools._review_child import reviewed_app

        settings = {"large_text": True, "board_set": "contrast"} if large else {}
        data, copy = fresh_data(self.scratch, settings), fresh_data(self.scratch, settings)
        twin = Twin.__new__(Twin)
        twin.app = reviewed_app(["--lang", self.lang, "--data-dir", str(copy)], SEED)
        twin.steps(3)
        argv = ["-m", "game.ui.tools._review_child", "--seed", str(SEED), "--fullscreen"]
        game = RealGame(
            self.display, self.screen, data, [*argv, "--lang", self.lang, "--data-dir", str(data)]
        )
        name = "review_large" if large else "review"
        w = Walk(game, twin, self.out, f"{name}_{self.lang}_{self.screen[0]}x{self.screen[1]}")
        try:
            w.shot("review")
            w.click(i18n.tr("review.replay"))
            w.shot("replay")
            for k in (1, 2):
                w.click(i18n.tr("replay.next_mistake"))
                w.shot(f"replay_next_{k}")
        finally:
            w.game.stop()


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(f"stopped by signal {signum}")  # the walks' and the X server's cleanup run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.ui.tools.realwindow_tour",
        description="Walk the game's screens in a real window under Xvfb and save the X screen as PNGs.",
    )
    parser.add_argument("outdir", type=Path, help="folder for the PNGs")
    parser.add_argument("--sizes", default="800x480,1024x600,1920x1080", help="screen sizes, comma separated")
    parser.add_argument("--display", default=":47", help="the X display to start Xvfb on (free)")
    parser.add_argument("--lang", default="en", choices=i18n.LANGUAGES)
    parser.add_argument("--walks", default=",".join(WALKS), help=f"some of {', '.join(WALKS)}")
    args = parser.parse_args(argv)
    missing = missing_tools()
    if missing:
        print(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
        return 2
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, _stop)
    i18n.set_language(args.lang)
    with tempfile.TemporaryDirectory(prefix="bg-tour-") as scratch:
        for size in (screen_size(s) for s in args.sizes.split(",")):
            with xserver(args.display, size) as display:
                tour = Tour(out, display, size, args.lang, Path(scratch))
                for name in args.walks.split(","):
                    getattr(tour, name)()
    return 0


__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
