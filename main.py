"""Start the game: ``python main.py [--fullscreen | --windowed] [--size WxH] ...``."""

from __future__ import annotations

import sys


def run() -> int:
    from game.ui.cli import main

    return main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(run())
