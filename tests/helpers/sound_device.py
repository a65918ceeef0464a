"""The sound device between tests: silenced and left open for the worker's next test when it is open
as the game opens it, closed otherwise.

Why: closing SDL's dummy sound device waits for its thread to finish a buffer, after nearly every
screen test, and the next test's game opened it again at once, in the same format (docs/benchmarks.md,
"The sixth cut"). A device opened another way (``pygame.init()`` opens it at 44.1 kHz
stereo) is closed as before, so every game under test plays on the format it opens itself. A test that
needs the device closed (sound off must never open it; no sound device at all) closes it first, as
those tests already did.

Pygame-free: ``tests/conftest.py`` passes the mixer module it found already imported.
"""

from __future__ import annotations

from typing import Protocol

GAME_FORMAT = (22050, -16, 1)
"""Frequency, sample size and channels as :meth:`game.ui.audio.Audio.start` opens the device
(``tests/ui/test_audio.py`` checks that it still does)."""


class Mixer(Protocol):
    def get_init(self) -> tuple[int, int, int] | None: ...

    def stop(self) -> None: ...

    def quit(self) -> None: ...


def release(mixer: Mixer) -> None:
    """After a test: every channel stopped; the device left open only in the game's own format."""
    opened = mixer.get_init()
    if not opened:
        return
    if tuple(opened) == GAME_FORMAT:
        mixer.stop()
    else:
        mixer.quit()
