"""The real app, headless: attract mode, idle reset, operator lock, languages, settings, sound, statistics."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import Phase, Step
from game.session import operator_lock
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui.app import App, Launch
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.kiosk.still_playing import StillPlayingScene
from game.ui.scenes import dice_stats as dice_stats_scene
from game.ui.scenes.dice_stats import DiceStatsScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.text import READ_SIZE
from tests.helpers.event_driver import CORNER, open_operator, steps, type_code
from tests.helpers.paths import ROOT
from tests.helpers.screen_probe import find_surface, grab
from tests.helpers.ui_driver import (
    click,
    close_screen,
    dice_xy,
    down,
    press_button,
    run_until,
    settle,
    up,
    visible_labels,
)


def make(tmp_path: Path, kiosk: bool = True, **values: object) -> App:
    """The app on its first screen; a cabinet with an operator code chosen (2468) unless ``values``
    name one (there is no default code: without one the first screen asks for it)."""
    values.setdefault("operator_code", "2468")
    settings = st.Settings(**values)  # type: ignore[arg-type]
    app = App(settings, Launch(kiosk=kiosk), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    return app


pytestmark = pytest.mark.usefixtures("ui_reset")


# -- attract mode and idle reset ------------------------------------------------------------------


def test_kiosk_starts_in_attract_and_the_first_touch_only_wakes(tmp_path: Path) -> None:
    app = make(tmp_path)
    assert isinstance(app.scenes.top, AttractScene)
    steps(app, 5)
    assert isinstance(app.scenes.top, AttractScene)  # the demo plays on by itself
    # Touch exactly where the title's first button will be: the wake-up touch must not press it.
    title_button = (640, 232)
    click(app, title_button)
    steps(app, 0.2)
    assert isinstance(app.scenes.top, TitleScene)
    assert app.kiosk is not None and app.kiosk.mode is Mode.ACTIVE
    click(app, title_button)  # the second touch is the visitor's
    steps(app, 0.2)
    assert isinstance(app.scenes.top, GameScene) and not isinstance(app.scenes.top, AttractScene)


def test_idle_timeout_returns_to_attract(tmp_path: Path) -> None:
    app = make(tmp_path, idle_seconds=30)
    click(app, (640, 360))
    steps(app, 0.5)
    press_button(app, i18n.tr("ui.two_players"))
    assert isinstance(app.scenes.top, GameScene)
    steps(app, 29.0)
    assert not isinstance(app.scenes.top, StillPlayingScene)
    steps(app, 1.5)
    assert isinstance(app.scenes.top, StillPlayingScene)
    app.draw(0.0)
    steps(app, 10.0)
    assert isinstance(app.scenes.top, AttractScene)
    assert app.kiosk is not None and app.kiosk.mode is Mode.ATTRACT
    assert not (tmp_path / "autosave.json").exists()  # the abandoned game is not resumed later


def test_a_touch_on_the_countdown_keeps_the_game(tmp_path: Path) -> None:
    app = make(tmp_path, idle_seconds=30)
    click(app, (640, 360))
    steps(app, 0.5)
    press_button(app, i18n.tr("ui.two_players"))
    game = app.scenes.top
    steps(app, 31)
    assert isinstance(app.scenes.top, StillPlayingScene)
    before = game.state  # type: ignore[union-attr]
    click(app, dice_xy(game))  # type: ignore[arg-type]
    assert app.scenes.top is game
    assert game.state is before  # type: ignore[union-attr]  # the dismissing touch did nothing else
    steps(app, 25)
    assert app.scenes.top is game


# -- the operator lock -----------------------------------------------------------------------------


def test_operator_gesture_and_code_open_the_menu(tmp_path: Path) -> None:
    app = make(tmp_path, operator_code="2468")
    open_operator(app, "2468")
    assert isinstance(app.scenes.top, OperatorScene)
    assert i18n.tr("operator.quit") in visible_labels(app.scenes.top)
    press_button(app, i18n.tr("operator.resume"))
    assert not isinstance(app.scenes.top, OperatorScene)


def test_wrong_code_does_not_open_the_menu(tmp_path: Path) -> None:
    app = make(tmp_path, operator_code="2468")
    open_operator(app, "1357")
    assert isinstance(app.scenes.top, KeypadScene)
    assert not any(isinstance(s, OperatorScene) for s in app.scenes.scenes)
    for _ in range(2):
        type_code(app, "0000")
    assert not any(isinstance(s, (OperatorScene, KeypadScene)) for s in app.scenes.scenes)


def test_a_short_corner_press_is_just_a_touch(tmp_path: Path) -> None:
    app = make(tmp_path)
    click(app, (640, 360))
    steps(app, 0.2)
    down(app, CORNER)
    steps(app, 1.0)
    up(app, CORNER)
    steps(app, 3)
    assert isinstance(app.scenes.top, TitleScene)
    assert not any(isinstance(s, KeypadScene) for s in app.scenes.scenes)  # no keypad came up
    assert app.kiosk is not None and app.kiosk.mode is Mode.ACTIVE and app.kiosk.hold_progress == 0


def test_operator_can_quit_and_visitors_cannot(tmp_path: Path) -> None:
    app = make(tmp_path, operator_code="999")
    click(app, (640, 360))
    steps(app, 0.2)
    assert i18n.tr("ui.quit") not in visible_labels(app.scenes.top)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    steps(app, 0.2)
    assert isinstance(app.scenes.top, TitleScene) and app.running
    open_operator(app, "999")
    press_button(app, i18n.tr("operator.quit"))
    assert not app.running


def test_forgotten_operator_menu_closes_into_attract(tmp_path: Path) -> None:
    app = make(tmp_path, operator_code="999", idle_seconds=30)
    open_operator(app, "999")
    steps(app, 31)
    assert isinstance(app.scenes.top, AttractScene)


def test_operator_settings_change_the_code(tmp_path: Path) -> None:
    """The new code is typed twice and saved as a hash in its own file (issue 37), not in the settings."""
    app = make(tmp_path, operator_code="999")
    open_operator(app, "999")
    press_button(app, i18n.tr("operator.settings"))
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    press_button(app, "••••")  # the code row opens a keypad
    type_code(app, "4816")
    assert isinstance(app.scenes.top, KeypadScene)  # once more
    type_code(app, "4816")
    assert isinstance(app.scenes.top, SettingsScene)
    press_button(app, i18n.tr("button.back"))
    assert app.lock.verify("4816")
    assert operator_lock.OperatorLock(tmp_path).verify("4816")
    assert "4816" not in (tmp_path / operator_lock.CODE_FILE).read_text()
    assert "operator_code" not in (tmp_path / st.SETTINGS_FILE).read_text()


def test_a_code_too_short_is_refused_where_it_was_typed(tmp_path: Path) -> None:
    """Found in a real-window play test: "12" and OK closed the keypad and silently kept the old code.
    Now the keypad stays open and says how long a code is; a good code then goes through."""
    app = make(tmp_path, operator_code="999")
    open_operator(app, "999")
    press_button(app, i18n.tr("operator.settings"))
    press_button(app, "••••")
    type_code(app, "12")
    keypad = app.scenes.top
    assert isinstance(keypad, KeypadScene)
    assert keypad.message == i18n.tr("lock.weak_length", low=4, high=8) and keypad.message_time > 0
    assert keypad.entered == ""  # typed again from the start
    assert not app.lock.verify("12")
    type_code(app, "4816")
    type_code(app, "4816")
    assert isinstance(app.scenes.top, SettingsScene)
    press_button(app, i18n.tr("button.back"))
    assert app.lock.verify("4816")


# -- languages, settings, how to play, statistics ---------------------------------------------


def test_language_buttons_switch_everything_and_persist(tmp_path: Path) -> None:
    app = make(tmp_path, kiosk=False)
    assert isinstance(app.scenes.top, TitleScene)
    press_button(app, "HU")
    assert i18n.get_language() == "hu"
    assert i18n.tr("ui.two_players") == "Két játékos"
    assert "Két játékos" in visible_labels(app.scenes.top)
    assert st.load_settings(tmp_path).language == "hu"
    press_button(app, "FI")
    assert "Kaksi pelaajaa" in visible_labels(app.scenes.top)


def test_settings_screen_cycles_and_saves(tmp_path: Path) -> None:
    app = make(tmp_path, kiosk=False)
    press_button(app, i18n.tr("menu.settings"))
    assert isinstance(app.scenes.top, SettingsScene)
    press_button(app, i18n.tr("speed.normal"))
    press_button(app, i18n.tr("value.on"))
    press_button(app, i18n.tr("button.back"))
    saved = st.load_settings(tmp_path)
    assert saved.animation == "fast" and saved.sound is False
    assert app.speed == "fast" and app.audio.enabled is False


def test_how_to_play_pages(tmp_path: Path) -> None:
    app = make(tmp_path, kiosk=False)
    press_button(app, i18n.tr("ui.how_to_play"))
    scene = app.scenes.top
    assert isinstance(scene, HowToScene)
    for _ in range(scene.pages - 1):
        press_button(app, i18n.tr("button.next_page"))
    assert scene.page == scene.pages - 1
    assert i18n.tr("button.next_page") not in visible_labels(scene)
    app.draw(0.0)
    press_button(app, i18n.tr("button.back"))
    assert isinstance(app.scenes.top, TitleScene)


def _play_two_player_turns(app: App, turns: int) -> GameScene:
    press_button(app, i18n.tr("ui.two_players"))
    scene = app.scenes.top
    assert isinstance(scene, GameScene)
    done = 0
    while done < turns:
        settle(app, scene)
        s = scene.state
        if s.phase is Phase.ROLL:
            click(app, dice_xy(scene))
            run_until(app, lambda: scene.state.phase is not Phase.ROLL, 400)
        elif s.phase is Phase.MOVING:
            turn = s.turn_state()
            if turn.is_complete:
                click(app, dice_xy(scene))
                done += 1
            else:
                move = turn.legal_moves()[0]
                assert scene.do(Step(move.src, move.die)) is None
        else:
            raise AssertionError(s.phase)
    return scene


def test_sounds_and_dice_statistics_follow_the_game(tmp_path: Path) -> None:
    app = make(tmp_path, kiosk=False)
    _play_two_player_turns(app, 4)
    played = set(app.audio.played)
    assert {"dice", "land"} <= played
    assert app.dice_stats.rolls >= 4  # the opening roll(s) and one roll for each later turn
    assert app.dice_stats.rolls == len(app.autosave.history)
    app.scenes.push(DiceStatsScene(app))
    app.draw(0.0)
    # the statistics screen counts this game's rolls (the words as its panel renders them)
    area = pygame.Rect(40, 24, 1280 - 80, 720 - 126)
    scale = max(0.5, min(area.w / 1000, area.h / 600))
    font = dice_stats_scene._font(max(1, round(READ_SIZE * scale)), False)  # its smallest words
    dim = (170, 175, 160)
    shown = font.render(i18n.tr("fair.rolls.other", n=app.dice_stats.rolls), True, dim)
    assert find_surface(grab(app.screen), shown, dim, area) is not None
    wrong = font.render(i18n.tr("fair.rolls.other", n=app.dice_stats.rolls + 1), True, dim)
    assert find_surface(grab(app.screen), wrong, dim, area) is None


def test_the_demo_counts_no_statistics_and_stays_quiet(tmp_path: Path) -> None:
    app = make(tmp_path)
    steps(app, 20)
    assert app.autosave.history  # it rolled
    assert app.dice_stats.rolls == 0
    assert "dice" not in app.audio.played


def test_no_sound_device_is_no_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    pygame.mixer.quit()
    app = make(tmp_path, kiosk=False)
    _play_two_player_turns(app, 2)
    assert app.audio.available is False
    assert "dice" in app.audio.played  # asked for, silently skipped


# -- autosave and resume ------------------------------------------------------------------------


def test_saved_game_continues_after_a_restart(tmp_path: Path) -> None:
    app = make(tmp_path, kiosk=False)
    scene = _play_two_player_turns(app, 4)
    saved_state = scene.state  # at ROLL after the fourth completed turn: that is what was saved
    assert saved_state.phase is Phase.ROLL
    assert (tmp_path / "autosave.json").exists() and app.autosave.saves >= 4
    history = list(app.autosave.history)
    app.quit()
    close_screen()

    again = make(tmp_path, kiosk=False)
    assert isinstance(again.scenes.top, TitleScene)
    press_button(again, i18n.tr("menu.continue"))
    resumed = again.scenes.top
    assert isinstance(resumed, GameScene) and resumed.game.setup.mode == "two"
    assert resumed.state == saved_state
    assert again.autosave.history == history
    assert again.dice_stats.rolls == len(history)


def test_kiosk_resumes_a_game_cut_off_however_long_the_boot_took(tmp_path: Path) -> None:
    """A power cut or a crash: the game comes back at the restart, young or old (a slow boot, a
    cabinet switched on again the next morning). The age limit dropped it when the boot took longer
    than the idle time; a visitor who walked away loses the game to the demo instead (next test)."""
    app = make(tmp_path, kiosk=False)
    _play_two_player_turns(app, 2)
    app.quit()
    close_screen()
    saved_at = __import__("json").loads((tmp_path / "autosave.json").read_text())["saved_at"]

    for later in (60, 600, 86_400):
        back = App(
            st.Settings(idle_seconds=90, operator_code="2468"),
            Launch(kiosk=True),
            data_dir=tmp_path,
            threaded_ai=False,
            clock=lambda later=later: saved_at + later,
        )
        back.scenes.push(back.initial_scene())
        assert isinstance(back.scenes.top, GameScene) and not isinstance(back.scenes.top, AttractScene)
        assert back.kiosk is not None and back.kiosk.mode is Mode.ACTIVE
        assert back.scenes.top.game.mode == "two"
        back.quit()
        close_screen()


def test_a_visitor_who_walked_away_loses_the_game_to_the_demo_and_a_restart_keeps_it_lost(
    tmp_path: Path,
) -> None:
    app = make(tmp_path, idle_seconds=30)
    click(app, (640, 360))  # wake
    steps(app, 0.5)
    _play_two_player_turns(app, 1)
    assert (tmp_path / "autosave.json").exists()
    steps(app, 30 + 10.5)  # idle, then the "Still playing?" countdown
    assert isinstance(app.scenes.top, AttractScene)
    assert not (tmp_path / "autosave.json").exists()
    app.quit()
    close_screen()
    again = make(tmp_path, idle_seconds=30)
    assert isinstance(again.scenes.top, AttractScene)


def test_broken_save_starts_fresh_through_the_app(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").write_text('{"version": 1, "kind": "backgammon-autos', encoding="utf-8")
    app = make(tmp_path, kiosk=False)
    assert isinstance(app.scenes.top, TitleScene)
    assert i18n.tr("menu.continue") not in visible_labels(app.scenes.top)
    assert len(list(tmp_path.glob("autosave.json.broken-*"))) == 1
    press_button(app, i18n.tr("ui.two_players"))
    assert isinstance(app.scenes.top, GameScene)


def test_hard_kill_mid_turn_then_a_new_process_continues_from_the_roll(tmp_path: Path) -> None:
    """The roll survives the kill (it was saved when it was made); the half-played move does not."""
    import json
    import signal
    import subprocess
    import sys

    root = ROOT
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.helpers.kiosk_child", "play", str(tmp_path)],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line, child.stderr.read() if child.stderr else ""
        played = json.loads(line)
    finally:
        child.send_signal(signal.SIGKILL)  # no chance to save anything more
        child.wait(timeout=30)
    assert played["now"] != played["rolled"] != played["completed"]  # killed in the middle of a turn
    out = subprocess.run(
        [sys.executable, "-m", "tests.helpers.kiosk_child", "resume", str(tmp_path)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    resumed = json.loads(out.stdout.strip().splitlines()[-1])
    assert resumed["mode"] == "two"
    assert resumed["state"] == played["rolled"]


def test_sigterm_quits_the_kiosk_cleanly(tmp_path: Path) -> None:
    """Once the kiosk runs (it said READY=1), SIGTERM ends it with 0 and no traceback."""
    import signal
    import subprocess

    from tests.helpers.waiting import HANG_LIMIT, running_game

    root = ROOT
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    args = ["main.py", "--kiosk", "--size", "800x480", "--data-dir", str(tmp_path)]
    with running_game(args, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=HANG_LIMIT)
    assert proc.returncode == 0, err
    assert "Traceback" not in err


def test_settings_left_open_until_the_idle_time_are_kept(tmp_path: Path) -> None:
    """A play test changed the operator code and the level, then left the settings open: the idle
    time closed them into the demo, the cabinet ran with the new values, but the file still had the
    old ones, so after a power cut the old code (and level) came back. Each change is saved at once."""
    app = make(tmp_path, operator_code="999", idle_seconds=30)
    open_operator(app, "999")
    press_button(app, i18n.tr("operator.settings"))
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    press_button(app, scene.value_text("level"))
    press_button(app, "••••")
    type_code(app, "4816")
    type_code(app, "4816")
    level = app.settings.level
    steps(app, 45)
    assert isinstance(app.scenes.top, AttractScene)
    assert st.load_settings(tmp_path).level == level
    assert operator_lock.OperatorLock(tmp_path).verify("4816")
