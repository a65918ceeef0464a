"""Headless settings for every test: no window, no sound device, no writes to the user's real data.

Set before pygame is imported anywhere; child processes started by tests inherit them.
"""

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Settings and autosaves of the app under test go to a throw-away folder, never to the
# player's ~/.local/share (a test run must not resume or overwrite someone's game).
_data_dir = tempfile.mkdtemp(prefix="backgammon-tests-")
os.environ["BACKGAMMON_DATA_DIR"] = _data_dir
atexit.register(shutil.rmtree, _data_dir, True)


import pytest  # noqa: E402


@pytest.fixture()
def ui_reset() -> Iterator[None]:
    """After a test that switched the language or opened pygame: English again, pygame shut down.

    Imported inside, so tests that never touch the UI never import pygame through this file.
    """
    yield
    import pygame

    from game.ui import i18n
    from game.ui import text as ui_text

    i18n.set_language("en")
    ui_text.set_catalogue(ui_text.ENGLISH)
    pygame.quit()
