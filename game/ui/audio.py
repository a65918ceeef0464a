"""Sound effects that never get in the way: no audio device means silence, not an error.

Why so careful: a Raspberry Pi cabinet may have no sound card configured, an
HDMI screen without speakers, or ``SDL_AUDIODRIVER=dummy``; any of these makes
``pygame.mixer`` raise. The game must then simply run silently, with one log
line and nothing on screen. Every call into the mixer is therefore guarded,
and :class:`Audio` keeps working (as a no-op) after a failure.

The effects are the project's own, made by ``game/tools/make_sounds.py``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from game.assets import asset
from game.session.settings import Settings

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

SOUND_DIR = asset("sounds")
SOUND_NAMES: tuple[str, ...] = ("dice", "land", "hit", "bearoff", "double", "take", "pass", "win")
"""Effects the game plays: dice rolled, checker landing, hit, borne off, double offered, take, pass, win."""


class Audio:
    """The game's sound player; every method is safe to call whether or not a device exists."""

    def __init__(self, enabled: bool = True, volume: float = 0.75, directory: Path = SOUND_DIR) -> None:
        self.enabled = enabled
        self.volume = max(0.0, min(1.0, volume))
        self.directory = directory
        self.available = False
        """True once the mixer is open and the effects are loaded."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []
        """Names played so far, newest last (bounded; tests and the soak read it)."""

    def start(self) -> bool:
        """Open the mixer and load the effects; False (and silence) when there is no usable device."""
        if not self.enabled:
            return False
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in SOUND_NAMES:
                path = self.directory / f"{name}.wav"
                try:
                    self._sounds[name] = pygame.mixer.Sound(str(path))
                except (pygame.error, FileNotFoundError, OSError) as exc:
                    log.warning("sound %s not loaded: %s", path.name, exc)
        except Exception as exc:  # pygame.error, or anything SDL's audio layer throws: play silently
            log.info("no audio device (%s): the game runs silently", exc)
            self._sounds.clear()
            self.available = False
            return False
        self.available = bool(self._sounds)
        self._apply_volume()
        return self.available

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            try:
                sound.set_volume(self.volume)
            except Exception as exc:
                log.debug("volume not set: %s", exc)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        self._apply_volume()

    def set_enabled(self, enabled: bool) -> None:
        """Sound on or off; turning it on later opens the mixer then."""
        self.enabled = enabled
        if enabled and not self.available:
            self.start()
        elif not enabled:
            self.stop_all()

    def apply(self, settings: Settings) -> None:
        """Take ``sound`` and ``volume`` from a :class:`game.session.settings.Settings`."""
        self.set_volume(settings.volume)
        self.set_enabled(settings.sound)

    def play(self, name: str) -> None:
        """Play one effect (unknown names are logged once and ignored)."""
        if name not in SOUND_NAMES:
            log.warning("unknown sound %r", name)
            return
        self.played.append(name)
        if len(self.played) > 64:
            del self.played[:32]
        if not (self.enabled and self.available and self.volume > 0):
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except Exception as exc:
            log.debug("sound %s not played: %s", name, exc)

    def stop_all(self) -> None:
        if not self.available:
            return
        try:
            import pygame

            pygame.mixer.stop()
        except Exception as exc:
            log.debug("mixer stop failed: %s", exc)

    def close(self) -> None:
        """Release the device (at exit)."""
        self._sounds.clear()
        self.available = False
        try:
            import pygame

            if pygame.mixer.get_init():
                pygame.mixer.quit()
        except Exception as exc:
            log.debug("mixer quit failed: %s", exc)
