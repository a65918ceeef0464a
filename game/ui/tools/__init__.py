"""The screen's command-line tools: screenshots, the frame benchmark, the attract soak, sprite maker.

Run them as modules, e.g. ``python -m game.ui.tools.screenshots``. They live under ``game.ui``
because they drive pygame, and only ``game.ui`` may import it.
"""
