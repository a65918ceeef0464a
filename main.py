"""Start the game from a checkout: ``python main.py [--fullscreen | --windowed] [--size WxH] ...``.

The same as ``python -m game`` and the installed ``backgammon`` command (see ``game/__main__.py``).
"""

from __future__ import annotations

import sys


def run() -> int:
    from game.__main__ import run

    return run("main.py")


if __name__ == "__main__":
    sys.exit(run())
