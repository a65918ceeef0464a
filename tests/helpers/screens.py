"""The game's screens built headless, one function each, for the tests that look at every screen.

Each builds its screen in an app made by :func:`new_app` the way the screenshot tools build them
(``game.ui.tools.screenshots``); the tests then draw it and look at what was drawn (the text floor,
readability).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from game.i18n import tr
from game.session import settings as st
from game.session.dice_stats import DiceStats
from game.ui.app import App, Launch
from game.ui.entry.initials import InitialsScene
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.leaderboard import LeaderboardScene, rate_words
from game.ui.kiosk.operator import OperatorScene
from game.ui.kiosk.still_playing import StillPlayingScene
from game.ui.scenes.dice_stats import DiceStatsScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.keymap import KeymapScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import AccessScene, SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.tools import screenshots as shots


def new_app(lang: str, data: Path, kiosk: bool, large: bool = False, board_set: str = "classic") -> App:
    """The app on the title; as a cabinet runs it for the kiosk's screens (a cabinet asks for initials
    after a review, so the review and the replay are seen in the app a player runs at home)."""
    settings = st.Settings(
        language=lang,
        animation="fast",
        idle_seconds=30,
        operator_code="2580",
        large_text=large,
        board_set=board_set,
    )
    app = App(settings, Launch(seed=11, kiosk=kiosk), data_dir=data, threaded_ai=False)
    if app.kiosk is not None:
        app.kiosk.mode = app.kiosk.mode.ACTIVE
    app.scenes.reset(TitleScene(app))
    return app


def settings(app: App) -> None:
    app.scenes.push(SettingsScene(app, operator=True))


def access(app: App) -> None:
    """The accessibility settings as the operator sees them (one row more than a player)."""
    app.scenes.push(AccessScene(app, operator=True))


def menu(app: App) -> None:
    shots.after_opening(app, 4)
    app.scenes.push(MenuScene(app))


def keypad(app: App) -> None:
    scene = KeypadScene(app)
    app.scenes.push(scene)
    scene.own = "25"
    scene.message = tr("operator.wrong_code")


def operator(app: App) -> None:
    app.scenes.push(OperatorScene(app))


def keymap(app: App) -> None:
    scene = KeymapScene(app)
    app.scenes.push(scene)
    scene.waiting = "done"
    scene._build()


def dice_stats(app: App) -> None:
    dice = random.Random(7)
    app.dice_stats = DiceStats.from_rolls((dice.randint(1, 6), dice.randint(1, 6)) for _ in range(180))
    app.scenes.push(DiceStatsScene(app))


def howto(app: App) -> None:
    scene = HowToScene(app)
    app.scenes.push(scene)
    for page in range(scene.pages):
        scene.page = page
        scene._build()
        app.draw(0.0)


def still_playing(app: App) -> None:
    app.scenes.push(StillPlayingScene(app))
    kiosk = app.kiosk
    assert kiosk is not None
    kiosk.mode, kiosk.warning_left = kiosk.mode.WARNING, 7.2


def attract(app: App) -> None:
    """The demo the cabinet plays to passers-by, a few seconds in."""
    app.go_attract()
    for _ in range(600):
        app.step(1 / 120)


def leaderboard(app: App) -> None:
    board = app.leaderboard
    for i, (initials, rate) in enumerate((("ACE", 3.1), ("BOB", 7.4), ("ZED", 11.9), ("AB", 23.5))):
        board.add(initials, rate, 20 + i, "expert", i % 2 == 0)
    app.scenes.push(LeaderboardScene(app, board.today()[3]))


def initials(app: App) -> None:
    scene = InitialsScene(app, rate_words(12.3), lambda text: None)
    scene.text = "AB"
    app.scenes.push(scene)


SCREENS: dict[str, Callable[[App], None]] = {
    **{name: setup for name, setup in shots.SHOTS.items() if name not in ("review", "replay")},
    "settings": settings,
    "access": access,
    "menu": menu,
    "keypad": keypad,
    "operator": operator,
    "keymap": keymap,
    "dice_stats": dice_stats,
    "howto": howto,
    "still_playing": still_playing,
    "leaderboard": leaderboard,
    "initials": initials,
    "attract": attract,
}
"""The screens checked in the fast run; the review and its replay (a whole game played first) are slow."""
SLOW = {"review": shots.review, "replay": shots.replay}
