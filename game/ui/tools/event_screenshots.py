"""PNGs of the event screens (issue 27) at 800x480 and 1920x1080: the tournament's draw and standings, its
set-up and keyboard, a result typed in, a withdrawal, the export; a tournament match with the clock and
the dice's fingerprint; the match lost on time; the match-over dialog with the dice secret and "The same
dice again"; the dice keypad for real dice; the first kiosk start's code.

Usage: ``.venv/bin/python -m game.ui.tools.event_screenshots [OUTDIR] [--lang en|fi|hu ...]`` (default
``screenshots/events``). Headless, in a throw-away data folder.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

from game.session.modes import GameMode
from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.engine.flow import Phase  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.session.controller import GameSetup  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.entry.dice import DiceEntryScene  # noqa: E402
from game.ui.entry.keyboard import KeyboardScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tools._frames import per_language, shoot  # noqa: E402
from game.ui.tools.screenshots import random_turns  # noqa: E402
from game.ui.tournament.export import ExportScene  # noqa: E402
from game.ui.tournament.flow import play_here  # noqa: E402
from game.ui.tournament.hub import TournamentScene  # noqa: E402
from game.ui.tournament.result import ResultScene  # noqa: E402
from game.ui.tournament.setup import SetupScene  # noqa: E402
from game.ui.tournament.withdraw import WithdrawScene  # noqa: E402

STEP = 1.0 / 120.0
NAMES = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def shoot_language(out: Path, lang: str) -> None:
    with tempfile.TemporaryDirectory() as data:
        settings = st.Settings(language=lang, animation="fast", operator_code="2468", sound=False)
        app = App(settings, Launch(seed=None), data_dir=data, threaded_ai=False)
        hub = TournamentScene(app)
        app.desk.load()
        app.scenes.push(hub)
        shoot(app, out, "tourney_empty", lang)
        setup = SetupScene(app, hub._created)
        app.scenes.push(setup)
        shoot(app, out, "tourney_setup_empty", lang)
        for name in NAMES:
            setup._take_name(name)
        shoot(app, out, "tourney_setup", lang)
        keyboard = KeyboardScene(app, "Player 9: name or initials", lambda text: None, text="Ilona Ma")
        app.scenes.push(keyboard)
        shoot(app, out, "tourney_keyboard", lang)
        keyboard._toggle()
        shoot(app, out, "tourney_keyboard_accents", lang)
        app.scenes.pop()
        setup.start()
        t = app.desk.tournament
        assert t is not None
        rng = random.Random(5)
        for m in t.ready_matches()[:2]:
            winner = m.players[rng.randrange(2)]
            assert winner is not None
            score = (m.length, 2) if winner == m.players[0] else (1, m.length)
            app.desk.enter_typed(m.id, winner, score)
        hub._created()
        shoot(app, out, "tourney_draw", lang)
        called = hub.current()
        assert called is not None
        m = called
        result = ResultScene(app, t, m, hub._entered)
        app.scenes.push(result)
        result._pick(1)()
        result.more()
        result.more()
        shoot(app, out, "tourney_result", lang)
        app.scenes.pop()
        app.scenes.push(WithdrawScene(app, hub._entered))
        shoot(app, out, "tourney_withdraw", lang)
        app.scenes.pop()
        app.scenes.push(ExportScene(app, hub.say))
        shoot(app, out, "tourney_export", lang)
        app.scenes.pop()
        hub.toggle()
        shoot(app, out, "tourney_standings", lang)
        hub.toggle()
        game = play_here(app, t, m)
        for player in (0, 1):  # the players' digits for the dice (issue 37; their keypad: lock_screenshots)
            game.game.contribute(player, f"{4711 + player}")
        run(app, 3.0)
        shoot(app, out, "tourney_match_start", lang)
        random_turns(game, rng, 3, lambda: False)
        run(app, 0.5)
        shoot(app, out, "tourney_match_clock", lang)
        timer = game.game.timer
        assert timer is not None
        player = timer.running if timer.running is not None else 0
        timer.clock.banks[player] = 0.05  # a long think: the bank's last moment, the delay used up
        timer.clock.delay_left = 0.0
        run(app, 0.1)
        run(app, 1.0)
        shoot(app, out, "tourney_time_over", lang)
        app.quit()
        pygame.quit()
    with tempfile.TemporaryDirectory() as data:
        settings = st.Settings(language=lang, animation="fast", sound=False, hand_dice=True)
        app = App(settings, Launch(), data_dir=data, threaded_ai=False)
        scene = GameScene(app, GameSetup(mode=GameMode.TWO, match_length=1, hand_dice=True))
        app.scenes.push(scene)
        run(app, 1.0)
        top = app.scenes.top
        assert isinstance(top, DiceEntryScene)
        top._face(5)()
        shoot(app, out, "dice_entry_opening", lang)
        top._face(2)()
        top.submit()
        run(app, 1.0)
        app.quit()
        pygame.quit()
    with tempfile.TemporaryDirectory() as data:
        settings = st.Settings(language=lang, animation="fast", sound=False)
        app = App(settings, Launch(), data_dir=data, threaded_ai=False)
        scene = GameScene(app, GameSetup(mode=GameMode.TWO, match_length=1))
        app.scenes.push(scene)
        rng = random.Random(3)
        for _ in range(200):
            if scene.state.phase is Phase.GAME_OVER:
                break
            run(app, 0.6)
            random_turns(scene, rng, 1, lambda: False)
        run(app, 3.0)
        shoot(app, out, "match_over_secret", lang)
        app.quit()
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    return per_language(
        "python -m game.ui.tools.event_screenshots",
        __doc__,
        ROOT / "screenshots" / "events",
        shoot_language,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
