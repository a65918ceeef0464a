"""Headless settings for every test: no window, no sound device, no writes to the user's real data.

Set before pygame is imported anywhere; child processes started by tests inherit them.
"""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Settings and autosaves of the app under test go to a throw-away folder, never to the
# player's ~/.local/share (a test run must not resume or overwrite someone's game).
_data_dir = tempfile.mkdtemp(prefix="backgammon-tests-")
os.environ["BACKGAMMON_DATA_DIR"] = _data_dir
atexit.register(shutil.rmtree, _data_dir, True)
