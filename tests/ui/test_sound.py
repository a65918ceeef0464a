"""Landing, hit and bear-off effects sound when the checker arrives on screen, not when the move is made."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from game.engine.flow import GameState, OpeningRoll, Phase, Roll, Rules, Step, apply, new_game
from game.engine.position import Position
from game.session import events as ev
from game.session import settings as st
from game.ui.app import STEP, App
from game.ui.board.anim import Animator
from tests.helpers.ui_driver import close_screen, double_click, drag, make_app, point_xy, settle, start_game


@pytest.fixture()
def app():  # type: ignore[no-untyped-def]
    a = make_app(speed="normal")
    yield a
    close_screen()


def _listen(scene) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    """Record (step number, effect) as the scene publishes its sound cues on the App's events."""
    heard: list[tuple[int, str]] = []
    clock = {"n": 0}

    def hear(event: ev.GameEvent) -> None:
        if isinstance(event, ev.SoundCue):
            heard.append((clock["n"], event.name))

    scene.app.events.subscribe(hear)
    scene._clock = clock
    return heard


def _run(app, scene, steps: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(steps):
        scene._clock["n"] += 1
        app.step(STEP)


def test_a_landing_sounds_on_the_step_the_flight_lands(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    scene.resume(apply(new_game(), OpeningRoll(6, 1)))
    heard = _listen(scene)
    assert scene.do(Step(13, 6)) is None
    flight = scene.anim.queue[0].flights[0]
    assert flight.sound == "land"
    assert heard == []  # the move is made; the checker is still in the air
    landing_step = math.ceil(flight.t1 / STEP - 1e-9)
    _run(app, scene, landing_step - 1)
    assert heard == []
    _run(app, scene, 1)
    assert heard == [(landing_step, "land")]
    settle(app, scene)
    assert [name for _, name in heard] == ["land"]  # once


def test_a_hit_sounds_when_the_hitter_lands(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    me = [0] * 25
    me[5], me[7], me[12], me[23] = 5, 3, 5, 2
    opp = [0] * 25
    opp[5], opp[7], opp[12], opp[23] = 5, 3, 4, 2
    opp[15] = 1  # a Black blot on White's 9
    pos = Position(tuple(me), tuple(opp))
    scene.resume(apply(GameState(phase=Phase.ROLL, position=pos, turn=0, rules=Rules(5)), Roll((4, 1))))
    settle(app, scene)
    heard = _listen(scene)
    double_click(app, point_xy(0, 13))  # 13/9*
    assert scene.state.moves[-1].hit and heard == []
    mover = scene.anim.queue[0].flights[0]
    left = math.ceil((mover.t1 - scene.anim.t) / STEP - 1e-9)  # steps until the hitter lands
    _run(app, scene, left - 1)
    assert heard == []
    _run(app, scene, 1)
    assert [n for _, n in heard] == ["hit"]
    settle(app, scene)
    assert [n for _, n in heard] == ["hit"]


def test_a_bear_off_dropped_in_the_tray_sounds_on_landing(app) -> None:  # type: ignore[no-untyped-def]
    scene = start_game(app, mode="two")
    me = [2, 2, 2, 3, 3, 3] + [0] * 19
    opp = [0] * 25
    opp[12] = 15
    pos = Position(tuple(me), tuple(opp))
    scene.resume(apply(GameState(phase=Phase.ROLL, position=pos, turn=0, rules=Rules(5)), Roll((6, 5))))
    settle(app, scene)
    heard = _listen(scene)
    drag(app, point_xy(0, 6), point_xy(0, 0))
    assert scene.state.moves[-1].dst == 0
    settle(app, scene)
    assert [n for _, n in heard] == ["bearoff"]


def test_undo_is_silent_and_cutting_an_animation_short_still_sounds_once() -> None:
    anim = Animator()
    board = (tuple([0] * 25), tuple([0] * 25))
    anim.add_move(board, board, 0, 13, 7, False)
    anim.add_move(board, board, 0, 8, 7, True)
    anim.add_move(board, board, 0, 7, 13, False, sound=False)
    anim.update(STEP)
    assert anim.take_sounds() == []
    anim.skip()
    assert anim.take_sounds() == ["hit"]  # the most notable of the landings cut short
    anim.add_move(board, board, 0, 13, 7, False)
    anim.skip(silent=True)
    assert anim.take_sounds() == []


def test_the_arcade_plays_landings_through_the_audio_after_the_flight(tmp_path: Path) -> None:
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    try:
        scene = start_game(app, mode="two")
        scene.resume(apply(new_game(), OpeningRoll(6, 1)))
        app.audio.played.clear()
        assert scene.do(Step(13, 6)) is None
        assert "land" not in app.audio.played
        settle(app, scene)
        assert app.audio.played.count("land") == 1
    finally:
        close_screen()


# -- silence, checked where sound is made: the mixer's channels ---------------------------------------

LONG = 2.0
"""Seconds of the stand-in effect: long enough that a channel that started it is still busy when asked."""


def _long_effects(app: App) -> None:
    """Give the App's audio one long silent effect under every name, so a started effect keeps a
    mixer channel busy for seconds and "is anything playing?" has a reliable answer."""
    if not app.audio.available:
        pytest.skip("this SDL build has no dummy audio driver")
    frequency, _, channels = pygame.mixer.get_init()
    long = pygame.mixer.Sound(buffer=bytes(int(frequency * LONG) * 2 * channels))
    app.audio._sounds = dict.fromkeys(app.audio._sounds, long)
    app.audio.set_volume(app.audio.volume)


@pytest.mark.parametrize(
    ("sound", "volume", "audible"), [(True, 0.75, True), (True, 0.0, False), (False, 0.75, False)]
)
def test_sound_off_or_at_volume_0_starts_no_mixer_channel(
    tmp_path: Path, sound: bool, volume: float, audible: bool
) -> None:
    if pygame.mixer.get_init():
        pygame.mixer.quit()  # a device left open elsewhere would hide "sound off never opens it"
    app = App(st.Settings(sound=sound, volume=volume), data_dir=tmp_path, threaded_ai=False)
    try:
        if sound:
            _long_effects(app)
        scene = start_game(app, mode="two")
        settle(app, scene)  # the opening roll: the dice sound's cue
        assert "dice" in app.audio.played  # the game did ask for the sound
        if not sound:
            assert not pygame.mixer.get_init()  # the device was never opened
            return
        assert pygame.mixer.get_busy() is audible
        assert (
            any(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels())) is audible
        )
    finally:
        close_screen()


def test_switching_sound_off_silences_what_is_playing(tmp_path: Path) -> None:
    app = App(st.Settings(sound=True), data_dir=tmp_path, threaded_ai=False)
    try:
        _long_effects(app)
        app.audio.play("win")
        assert pygame.mixer.get_busy()
        app.apply_settings(st.with_value(app.settings, "sound", False), save=False)
        assert not pygame.mixer.get_busy()
        app.audio.play("win")
        assert not pygame.mixer.get_busy() and app.audio.played[-2:] == ["win", "win"]
        app.apply_settings(
            st.with_value(st.with_value(app.settings, "sound", True), "volume", 0.0), save=False
        )
        app.audio.play("win")
        assert not pygame.mixer.get_busy()
        app.apply_settings(st.with_value(app.settings, "volume", 0.5), save=False)
        app.audio.play("win")
        assert pygame.mixer.get_busy()  # and back: the check above could have failed
    finally:
        close_screen()
