"""Attract-mode soak: many computer-against-computer games through the real scenes, random touches mixed in.

Usage::

    .venv/bin/python -m game.ui.tools.soak [--games 1000] [--seed 1] [--touch 0.3]
        [--dt-steps 4] [--draw-every 16]

The real :class:`game.ui.app.App` runs in kiosk mode, headless. Time is simulated with the
app's own step (``--dt-steps`` fixed steps of 1/120 s merged into one update: fast-forward; timers and
animations are all driven by dt, so the same things happen in fewer updates), and a frame is drawn
every ``--draw-every`` updates so rendering and its caches are exercised too. After each finished demo
game, with probability ``--touch``, a visitor taps the screen at random places 1 to 6 times: the first
tap wakes the title, the others may start a game or open a screen; then nobody touches it and the
kiosk's idle timeout (10 s here) and countdown bring it back to attract mode.

It fails (exit 1) on any exception, or when the resident memory (RSS) grows by 10 MB or more between
game 100 and the end. The last line is the summary with the measured figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback

from game.tools import CHECKOUT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = CHECKOUT

import pygame  # noqa: E402

from game.session import settings as st  # noqa: E402
from game.ui import layout as L  # noqa: E402
from game.ui.app import STEP, App, Launch  # noqa: E402
from game.ui.kiosk.attract import AttractScene  # noqa: E402

MB = 1024 * 1024


def rss_bytes() -> int:
    """Resident set size of this process, from /proc (Linux)."""
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def tap(app: App, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=True))
    app.step(STEP)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    app.step(STEP)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="attract-mode games to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice and the touches")
    parser.add_argument("--touch", type=float, default=0.3, help="chance of a visitor after each game")
    parser.add_argument("--dt-steps", type=int, default=4, help="fixed steps per update (fast-forward)")
    parser.add_argument("--draw-every", type=int, default=16)
    parser.add_argument(
        "--baseline-game", type=int, default=100, help="game after which memory is first measured"
    )
    parser.add_argument("--report-every", type=int, default=50, help="print a line every N games")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be 1 or more")
    # The baseline is taken once the process has warmed up, but always inside the run: a short run
    # (--games 5) measures from its first game instead of printing no figure at all.
    baseline_game = max(1, min(args.baseline_game, args.games // 10))

    rng = random.Random(args.seed)
    dt = STEP * args.dt_steps
    data = tempfile.mkdtemp(prefix="soak-")
    # An operator code chosen (a first kiosk start asks for one, and the demo waits behind that screen).
    settings = st.Settings(idle_seconds=10, animation="fast", sound=True, operator_code="2468")
    app = App(settings, Launch(seed=args.seed, kiosk=True), data_dir=data, threaded_ai=False)
    app.scenes.push(app.initial_scene())

    counted: dict[int, int] = {}  # id(attract scene) -> games finished in it
    scenes_alive: dict[int, AttractScene] = {}
    games = 0
    visitors = 0
    wakes = 0
    updates = 0
    baseline: int | None = None
    peak = 0
    start = time.perf_counter()
    try:
        while games < args.games:
            app.step(dt)
            updates += 1
            if updates % args.draw_every == 0:
                app.draw(0.0)
            top = app.scenes.top
            if isinstance(top, AttractScene):
                key = id(top)
                if key not in scenes_alive:
                    scenes_alive.clear()
                    scenes_alive[key] = top
                    counted[key] = top.game.games
                if top.game.games > counted[key]:
                    games += top.game.games - counted[key]
                    counted[key] = top.game.games
                    if games == baseline_game:
                        baseline = rss_bytes()
                    if games % args.report_every == 0:
                        print(
                            f"game {games}: rss {rss_bytes() / MB:.1f} MB, "
                            f"{time.perf_counter() - start:.0f} s, visitors {visitors}",
                            flush=True,
                        )
                    if rng.random() < args.touch:
                        visitors += 1
                        for _ in range(rng.randint(1, 6)):
                            tap(app, (rng.randrange(L.W), rng.randrange(L.H)))
                            for _ in range(rng.randint(0, 120)):
                                app.step(STEP)
                        wakes += not isinstance(app.scenes.top, AttractScene)
            if not app.running:
                raise RuntimeError("the app stopped (a tap must never reach Quit in kiosk mode)")
            peak = max(peak, len(app.scenes.scenes))
    except Exception:
        traceback.print_exc()
        print(f"soak: FAILED after {games} games")
        return 1
    end = rss_bytes()
    growth = (end - baseline) / MB if baseline is not None else float("nan")
    seconds = time.perf_counter() - start
    ok = baseline is not None and growth < 10.0
    print(
        f"soak: {games} attract games, {visitors} visitors ({wakes} left the demo), {updates} updates "
        f"of {dt * 1000:.1f} ms, {seconds:.0f} s; rss at game {baseline_game} "
        f"{(baseline or 0) / MB:.1f} MB, at the end {end / MB:.1f} MB, growth {growth:+.2f} MB "
        f"(limit 10); deepest scene stack {peak}; {'OK' if ok else 'FAILED'}"
    )
    app.quit()
    pygame.quit()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
