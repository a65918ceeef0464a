"""Starting and shutting the screen layer down again leaves no file open.

A font still alive at ``pygame.quit()`` never closes its file. The UI tests' fixtures quit pygame
with the shared text cache full, one open descriptor per font and test, until a long serial run
failed in ``select()`` (which cannot watch a descriptor past 1024). The tests now close only the
screen between tests and leave pygame started (``close_screen``): that must leak nothing either.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import pytest

from tests.helpers.ui_driver import close_screen, make_app, quit_pygame, start_game


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts /proc/self/fd")
@pytest.mark.parametrize("shut", [quit_pygame, close_screen], ids=["quit", "close"])
def test_a_game_screen_opened_and_shut_five_times_leaves_no_file_open(shut: Callable[[], None]) -> None:
    counts = []
    for _ in range(5):
        app = make_app()
        start_game(app, mode="computer", seed=1)
        app.draw(0.0)
        del app
        shut()
        counts.append(_open_descriptors())
    assert counts[-1] == counts[0], counts
