"""Sound: shipped effects are well-formed and reproducible; no device means silence, not an error."""

from __future__ import annotations

import array
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from game.ui.audio import SOUND_DIR, SOUND_NAMES, Audio
from tests.helpers import sound_device
from tests.helpers.paths import ROOT


def _samples(path: Path) -> tuple[wave._wave_params, array.array[int]]:
    with wave.open(str(path)) as w:
        params = w.getparams()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return params, data


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_effect_file_format(name: str) -> None:
    params, data = _samples(SOUND_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    seconds = params.nframes / params.framerate
    assert 0.08 < seconds < 1.2, seconds
    peak = max(abs(v) for v in data)
    assert 20000 < peak < 32767  # audible, not clipped
    assert abs(data[-1]) < 200  # faded out: no click at the end


def test_effects_are_regenerated_identically(tmp_path: Path) -> None:
    from game.tools import make_sounds

    make_sounds.make_all(tmp_path)
    for name in SOUND_NAMES:
        _, shipped = _samples(SOUND_DIR / f"{name}.wav")
        _, fresh = _samples(tmp_path / f"{name}.wav")
        assert len(shipped) == len(fresh)
        # Allow one step of rounding: libm's sin may differ in the last bit between machines.
        assert max(abs(a - b) for a, b in zip(shipped, fresh, strict=True)) <= 2, name


def test_dummy_driver_loads_everything() -> None:
    audio = Audio()
    try:
        if not audio.start():
            pytest.skip("this SDL build has no dummy audio driver")
        assert audio.available
        for name in SOUND_NAMES:
            audio.play(name)
        assert audio.played[-len(SOUND_NAMES) :] == list(SOUND_NAMES)
        audio.set_volume(0.3)
        audio.set_enabled(False)
        import pygame

        assert not pygame.mixer.get_busy()  # switching off stopped every channel
        audio.play("dice")  # off: recorded, not played, no error
        assert audio.played[-1] == "dice" and not pygame.mixer.get_busy()
    finally:
        audio.close()


def test_no_audio_device_is_silent_not_an_error() -> None:
    code = (
        "import os; os.environ['SDL_AUDIODRIVER'] = 'no-such-driver';"
        "from game.ui.audio import Audio;"
        "a = Audio(); ok = a.start();"
        "[a.play(n) for n in ('dice', 'win', 'bogus')];"
        "a.set_volume(2); a.set_enabled(True); a.stop_all(); a.close();"
        "print('started', ok, a.available)"
    )
    env = {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "started False False" in out.stdout
    assert "Traceback" not in out.stderr


def test_missing_sound_files_are_tolerated(tmp_path: Path) -> None:
    audio = Audio(directory=tmp_path)
    try:
        assert audio.start() is False and audio.available is False
        audio.play("dice")  # asked for, and skipped without a word: no sound files, no crash
        assert audio.played[-1:] == ["dice"]
        import pygame

        assert not pygame.mixer.get_init() or not pygame.mixer.get_busy()
    finally:
        audio.close()


def test_sound_off_never_opens_the_device() -> None:
    import pygame

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    audio = Audio(enabled=False)
    assert audio.start() is False
    audio.play("hit")
    assert audio.played == ["hit"]
    assert not pygame.mixer.get_init()  # the device was never opened


def test_the_device_left_open_between_tests_is_the_games_and_silent() -> None:
    """Between tests the sound device stays open only in the format the game opens it in
    (:mod:`tests.helpers.sound_device`), with every channel stopped; another format is closed."""
    import pygame

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    audio = Audio()
    try:
        if not audio.start():
            pytest.skip("this SDL build has no dummy audio driver")
        assert pygame.mixer.get_init() == sound_device.GAME_FORMAT
        audio.play("dice")
        sound_device.release(pygame.mixer)
        assert pygame.mixer.get_init() == sound_device.GAME_FORMAT and not pygame.mixer.get_busy()
        pygame.mixer.quit()
        pygame.mixer.init(frequency=44100, size=-16, channels=2)  # as pygame.init() opens it
        sound_device.release(pygame.mixer)
        assert not pygame.mixer.get_init()
    finally:
        audio.close()
