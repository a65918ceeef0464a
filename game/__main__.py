"""``python -m game`` and the ``backgammon`` command: the game, with the same flags as ``python main.py``.

Why a second way in: ``main.py`` sits beside the package in a checkout, but an installed package
(``pip install .``, ``pipx install .``) has no ``main.py``; the command and ``-m`` work from any folder.
"""

from __future__ import annotations

import sys


def run(prog: str = "backgammon") -> int:
    """Start the game with the command line's flags; ``prog`` is the name ``--help`` shows."""
    from game.ui.cli import main

    return main(sys.argv[1:], prog=prog)


if __name__ == "__main__":
    sys.exit(run("python -m game"))
