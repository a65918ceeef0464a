"""The real-window tour's review: a game played to its end at once, then the review in a real window.

``python -m game.ui.tools._review_child --seed N [main.py's flags]`` plays one game against the
computer (the human's side by the beginner level, no animation: it takes seconds), opens its review,
waits for it, and then runs the ordinary loop in the window the flags ask for (it says ``READY=1``
once the review is drawn). The tour builds the same reviewed App headless (:func:`reviewed_app`) to
know where the buttons are.
"""

from __future__ import annotations

import argparse
import os
import sys

_ASKED = os.environ.get("SDL_VIDEODRIVER")

from game.ui.app import App  # noqa: E402
from game.ui.cli import build  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.review import ReviewScene  # noqa: E402
from game.ui.tools.review_screenshots import play_one_game  # noqa: E402

if _ASKED is None:  # the screenshot tool asks for the dummy driver on import; this window is real
    os.environ.pop("SDL_VIDEODRIVER", None)


def reviewed_app(argv: list[str], seed: int, threaded_ai: bool = False) -> App:
    """An App built from ``argv`` whose top screen is the finished review of one played game."""
    app = build(["--seed", str(seed), "--speed", "fast", *argv], threaded_ai=threaded_ai)
    scene: GameScene = play_one_game(app, seed)
    scene.open_review()
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    review.job.wait()
    app.step()  # the review arrives
    return app


def main() -> int:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--seed", type=int, default=5)
    known, rest = parser.parse_known_args()
    from game.ui import loop

    app = reviewed_app(rest, known.seed)
    try:
        return loop.run(app)
    finally:
        import pygame

        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
