"""The screen: the only package that imports pygame. It asks the engine for every rule."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
