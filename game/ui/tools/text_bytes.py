"""What the rendered-text cache needs per screen: the figures behind its byte bound (``text.BYTE_LIMIT``).

Usage: ``python -m game.ui.tools.text_bytes [--lang en] [--large] [--seed 5] [--max-mb MB] [--limit N]``.

Headless, the game's 1280x720 picture. The screens are walked as the screenshot tools walk them: the
title; a game against the computer (the human's side played by the beginner level) drawn every other
step to its end; the game's review; the replay at the costliest mistake; today's leaderboard; a demo
game; the coach's card; every step of Learn to play; the settings. Three passes:

- **frame**: the cache is emptied before each drawn frame, so what it holds after the frame is exactly
  that frame's texts; the most of any frame of the screen is printed. A bound below this re-renders
  text every frame.
- **screen**: the cache, unbounded, is emptied when the screen starts; what it holds when the screen
  ends is every text the screen ever showed (a game's one-off status lines included).
- **hits**: with the cache bounded as the game bounds it (or by ``--max-mb`` and ``--limit``, its
  count of surfaces), every screen walked again without emptying it (so it starts full, as after a
  day of play), then another game (the next seed) drawn every step: the texts it asked for after its
  first 60 frames, how many were rendered anew, and in how many frames. With no bound, what is
  rendered anew is only what was never shown before; more under a bound is what it threw out.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable

from game.session.modes import GameMode
from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.i18n import LANGUAGES  # noqa: E402
from game.session import settings as st  # noqa: E402
from game.ui.app import App, Launch  # noqa: E402
from game.ui.kiosk.attract import AttractScene  # noqa: E402
from game.ui.kiosk.leaderboard import LeaderboardScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.learn import LearnScene  # noqa: E402
from game.ui.scenes.review import ReviewScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.text import CACHE  # noqa: E402
from game.ui.tools import coach_screenshots, review_screenshots  # noqa: E402

MB = 1024 * 1024
UNBOUNDED = 1 << 40


class Meter:
    """Draws the app's frames for one pass, measuring the cache as the module docstring says."""

    def __init__(self, app: App, per_frame: bool, fresh: bool = True) -> None:
        self.app = app
        self.per_frame = per_frame
        self.fresh = fresh
        """Each screen starts from an empty cache (False: the cache keeps what the others left)."""
        self.most = 0
        self.figures: dict[str, int] = {}

    def draw(self) -> None:
        if self.per_frame:
            CACHE.clear()
        self.app.draw(0.0)
        self.most = max(self.most, CACHE.bytes)

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step()
            self.draw()

    def screen(self, name: str, visit: Callable[[Meter], None]) -> None:
        if self.fresh:
            CACHE.clear()
        self.most = 0
        visit(self)
        self.figures[name] = self.most if self.per_frame else CACHE.bytes

    def stand(self, name: str, open_screen: Callable[[], object], frames: int = 120) -> None:
        """Measure a screen that only stands: ``open_screen``, then ``frames`` steps, each drawn."""

        def visit(m: Meter) -> None:
            open_screen()
            m.frames(frames)

        self.screen(name, visit)


def play_game(meter: Meter, seed: int, every: int = 2) -> GameScene:
    """A game against the computer to its end, played as the review screenshots play it, drawn every
    ``every`` passes."""

    def draw(n: int) -> None:
        if n % every == 0:
            meter.draw()

    scene = review_screenshots.play_one_game(meter.app, seed, each=draw, settle=0)
    meter.frames(60)  # the last checker lands, the game-over dialog stands
    return scene


def walk(meter: Meter, seed: int) -> None:
    """Every screen of the module docstring, in turn."""
    app = meter.app
    meter.stand("title", app.to_title)
    scene: list[GameScene] = []
    meter.screen("game", lambda m: scene.append(play_game(m, seed)))

    def review(m: Meter) -> None:
        scene[0].open_review()
        top = app.scenes.top
        assert isinstance(top, ReviewScene)
        top.job.wait()
        m.frames(120)

    meter.screen("review", review)
    top = app.scenes.top
    assert isinstance(top, ReviewScene) and top.review is not None
    if top.review.players[0].worst:
        meter.stand("replay", lambda: top.open_mistake(0))
    meter.stand("leaderboard", lambda: app.scenes.reset(LeaderboardScene(app)))

    def demo(m: Meter) -> None:
        attract = AttractScene(app, app.setup(GameMode.DEMO, 0))
        app.scenes.reset(attract)
        for n in range(200000):
            app.step()
            if n % 4 == 0:
                m.draw()
            if attract.showing_board:
                break
        m.frames(120)

    meter.screen("demo", demo)
    meter.stand("coach", lambda: coach_screenshots.play(app))

    def lessons(m: Meter) -> None:
        learn = LearnScene(app)
        app.scenes.reset(learn)
        for index in range(len(learn.steps)):
            learn.show(index)
            m.frames(60)

    meter.screen("lessons", lessons)
    meter.stand("settings", lambda: app.scenes.reset(SettingsScene(app)), 60)


def hit_rate(app: App, seed: int, warm: int = 60) -> tuple[int, int, int, int]:
    """(renders asked of the cache, renders drawn anew, frames that drew any anew, frames) while a game
    is drawn every step, counted after its first ``warm`` frames."""
    frames: list[tuple[int, int]] = []  # (hits, misses) of each frame

    class Counting(Meter):
        def draw(self) -> None:
            hits, misses = CACHE.hits, CACHE.misses
            self.app.draw(0.0)
            frames.append((CACHE.hits - hits, CACHE.misses - misses))

    play_game(Counting(app, per_frame=False), seed, every=1)
    counted = frames[warm:]
    hits, misses = sum(h for h, _ in counted), sum(m for _, m in counted)
    return hits + misses, misses, sum(1 for _, m in counted if m), len(counted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.text_bytes", description=__doc__)
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--large", action="store_true", help="larger text (a setting)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the game played")
    parser.add_argument("--max-mb", type=float, help="the byte bound of the hits pass (default: the game's)")
    parser.add_argument("--limit", type=int, help="the count bound of the hits pass (default: the game's)")
    args = parser.parse_args(argv)
    bound, limit = CACHE.max_bytes, CACHE.limit
    with tempfile.TemporaryDirectory(prefix="text-bytes-") as data:
        values = st.Settings(
            animation="fast", language=args.lang, coach="blunders", sound=False, large_text=args.large
        )
        passes: dict[str, dict[str, int]] = {}
        for name, per_frame in (("frame", True), ("screen", False)):
            app = App(values, Launch(seed=args.seed), data_dir=data, threaded_ai=False)
            CACHE.limit, CACHE.max_bytes = UNBOUNDED, UNBOUNDED
            meter = Meter(app, per_frame)
            walk(meter, args.seed)
            passes[name] = meter.figures
            app.quit()
        CACHE.limit = limit if args.limit is None else args.limit
        CACHE.max_bytes = bound if args.max_mb is None else round(args.max_mb * MB)
        app = App(values, Launch(seed=args.seed), data_dir=data, threaded_ai=False)
        walk(Meter(app, per_frame=False, fresh=False), args.seed)
        full = CACHE.bytes
        asked, drawn, rendering, frames = hit_rate(app, args.seed + 1)
        app.quit()
    print(f"language {args.lang}, {'larger' if args.large else 'normal'} text; MB of text pixels:")
    print(f"{'screen':<12} {'one frame':>10} {'whole screen':>13}")
    for screen, most in passes["frame"].items():
        print(f"{screen:<12} {most / MB:>10.2f} {passes['screen'][screen] / MB:>13.2f}")
    print(
        f"cache bounded at {CACHE.max_bytes / MB:.1f} MB / {CACHE.limit} surfaces, holding "
        f"{full / MB:.2f} MB after the walk; the next game drawn every step, after 60 frames: "
        f"{asked} texts asked, {drawn} drawn anew "
        f"({(asked - drawn) / max(1, asked):.2%} from the cache); {rendering} of {frames} frames drew any"
    )
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
