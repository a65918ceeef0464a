"""Issue 37, every failure said where someone sees it: a failed save to whoever made the change, a
broken autosave or leaderboard to the operator (one bad entry costs only itself), the export only to
a drive really mounted, and the small ones (dev flags, "1 player", quick taps, the first screen)."""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.session import operator_lock as ol
from game.session import persist
from game.session import settings as st
from game.session.leaderboard import FILE as BOARD_FILE
from game.session.local_tournament import LocalTournament
from game.ui.app import App, Launch
from game.ui.entry.new_code import ChooseCodeScene
from game.ui.kiosk.locked import LockedScene, gesture_text
from game.ui.kiosk.operator import OperatorScene
from game.ui.scenes.settings import SettingsScene
from tests.helpers.event_driver import open_operator, steps, type_code
from tests.helpers.mounts import fill, tmpfs
from tests.helpers.ui_driver import click, close_screen, double_click, press_button, settle, start_game

pytestmark = pytest.mark.usefixtures("ui_reset")

CODE = "48163"


def kiosk_app(folder: Path, settings: st.Settings | None = None) -> App:
    app = App(
        settings or st.Settings(operator_code=CODE), Launch(kiosk=True), data_dir=folder, threaded_ai=False
    )
    app.scenes.push(app.initial_scene())
    return app


@pytest.fixture(params=["full", "read-only"])
def broken_disk(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """A data folder that refuses writes: a full tmpfs or a read-only one when this machine can mount
    them (root), else the same errors simulated where the game opens a file to write. Yields the
    operating system's words for the error."""
    folder = tmp_path / "data"
    kind = request.param
    with tmpfs(folder, "256k") as mounted:
        if mounted and kind == "full":
            fill(folder)
        elif mounted:
            os.system(f"mount -o remount,ro {folder}")
        else:
            code = errno.ENOSPC if kind == "full" else errno.EROFS
            real_open = os.open

            def refuse(path: str | os.PathLike[str], flags: int, mode: int = 0o777, **kw: object) -> int:
                if flags & os.O_CREAT and str(folder) in str(path):
                    raise OSError(code, os.strerror(code), str(path))
                return real_open(path, flags, mode)

            monkeypatch.setattr(os, "open", refuse)
        yield os.strerror(errno.ENOSPC if kind == "full" else errno.EROFS)


def operator_settings(folder: Path) -> App:
    """A cabinet whose operator has opened Settings in the operator menu."""
    app = kiosk_app(folder)
    click(app, (640, 360))
    open_operator(app, CODE)
    press_button(app, i18n.tr("operator.settings"))
    return app


def test_a_settings_change_the_disk_refuses_is_said_to_whoever_made_it(
    tmp_path: Path, broken_disk: str
) -> None:
    app = operator_settings(tmp_path / "data")
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    press_button(app, scene.value_text("level"))
    assert scene.message == i18n.tr("settings.not_saved", reason=broken_disk)
    assert scene.message_time > 0
    app.draw()


def test_a_new_operator_code_the_disk_refuses_is_said_and_the_old_one_holds(
    tmp_path: Path, broken_disk: str
) -> None:
    app = operator_settings(tmp_path / "data")
    press_button(app, "••••")
    pad = app.scenes.top
    assert isinstance(pad, ChooseCodeScene)
    type_code(app, "4816")
    type_code(app, "4816")
    assert app.scenes.top is pad
    assert pad.message == i18n.tr("lock.not_saved", reason=broken_disk)
    assert not app.lock.verify("4816") and app.lock.verify(CODE)


def test_set_operator_code_on_a_disk_that_refuses_says_so(
    tmp_path: Path, broken_disk: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.ui.cli import set_operator_code

    answers = iter(["4816", "4816"])
    assert set_operator_code(tmp_path / "data", lambda prompt: next(answers)) == 1
    assert broken_disk in capsys.readouterr().err


def test_a_game_the_kiosk_cannot_save_is_told_to_the_operator(tmp_path: Path, broken_disk: str) -> None:
    app = kiosk_app(tmp_path / "data")
    scene = start_game(app, mode="two", seed=3)
    settle(app, scene)
    app.autosave.save(scene.game)
    assert app.notices == [i18n.tr("notice.autosave_failed", reason=broken_disk)]


def test_a_broken_autosave_in_kiosk_mode_is_told_to_the_operator(tmp_path: Path) -> None:
    (tmp_path / persist.SAVE_FILE).write_text('{"version": 1, "cut sh', encoding="utf-8")
    app = kiosk_app(tmp_path)
    click(app, (640, 360))
    open_operator(app, CODE)
    menu = app.scenes.top
    assert isinstance(menu, OperatorScene)
    assert len(app.notices) == 1 and persist.SAVE_FILE in app.notices[0]
    app.draw()
    press_button(app, i18n.tr("notice.seen"))
    assert app.notices == []


def test_a_notice_waits_for_the_operator_over_a_restart_until_read(tmp_path: Path) -> None:
    """The cabinet found a broken autosave at its start and was switched off before the operator came:
    the notice is there at the next operator login, and gone once read."""
    (tmp_path / persist.SAVE_FILE).write_text('{"version": 1, "cut sh', encoding="utf-8")
    app = kiosk_app(tmp_path)
    assert len(app.notices) == 1
    close_screen()
    again = kiosk_app(tmp_path)  # the save was put aside: nothing broken is found this time
    click(again, (640, 360))
    open_operator(again, CODE)
    assert isinstance(again.scenes.top, OperatorScene)
    assert len(again.notices) == 1 and persist.SAVE_FILE in again.notices[0]
    assert stat.S_IMODE((tmp_path / ol.NOTICES_FILE).stat().st_mode) & 0o077 == 0
    press_button(again, i18n.tr("notice.seen"))
    close_screen()
    third = kiosk_app(tmp_path)
    assert third.notices == []


def test_one_bad_leaderboard_entry_costs_only_itself_and_is_told(tmp_path: Path) -> None:
    good = {"initials": "ANN", "error_rate": 4.2, "decisions": 30, "day": "2026-12-07", "at": 1.0}
    good |= {"level": "expert", "won": True}
    bad = dict(good, initials="toolong!", at=2.0)
    other = dict(good, initials="BOB", at=3.0)
    board = {"version": 1, "kind": "backgammon-leaderboard", "entries": [good, bad, other]}
    (tmp_path / BOARD_FILE).write_text(json.dumps(board), encoding="utf-8")
    app = kiosk_app(tmp_path)
    assert [e.initials for e in app.leaderboard.entries] == ["ANN", "BOB"]
    click(app, (640, 360))
    open_operator(app, CODE)
    assert len(app.notices) == 1 and BOARD_FILE in app.notices[0]
    assert list(tmp_path.glob(f"{BOARD_FILE}.broken-*"))  # the original kept for a look


def test_the_export_writes_nothing_where_no_drive_is_mounted(tmp_path: Path) -> None:
    assert not LocalTournament.drive_mounted(tmp_path / "media" / "usb")
    assert not LocalTournament.drive_mounted(Path("/"))
    stick = tmp_path / "stick"
    with tmpfs(stick, "1m") as mounted:
        if not mounted:
            pytest.skip("cannot mount a tmpfs here (not root)")
        assert LocalTournament.drive_mounted(stick) and LocalTournament.drive_mounted(stick / "club-night")
        # A drive of its own, but the cabinet's: the data folder's partition is no stick.
        (stick / "data").mkdir()
        assert not LocalTournament.drive_mounted(stick / "export", stick / "data")


@pytest.mark.parametrize("flag", ["--frame-log", "--screenshot"])
def test_dev_flags_to_a_missing_folder_are_a_usage_error(
    tmp_path: Path, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.ui.cli import main

    assert main(["--frames", "2", "--data-dir", str(tmp_path), flag, str(tmp_path / "nowhere" / "x")]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "Traceback" not in err


def test_one_player_is_one_player() -> None:
    for lang in ("en", "fi", "hu"):
        i18n.set_language(lang)
        one = i18n.tr_n("tourney.count", 1, n=1, low=4, high=64)
        assert one.startswith("1 ") and "players" not in one and "pelaajaa" not in one
    i18n.set_language("en")


def test_two_quick_taps_on_a_length_button_step_twice(tmp_path: Path) -> None:
    from game.ui.tournament.setup import SetupScene

    app = App(st.Settings(animation="fast"), Launch(), data_dir=tmp_path, threaded_ai=False)
    setup = SetupScene(app, lambda: None)
    setup.names = ["Ann", "Bob", "Cid", "Dan"]
    setup._build()
    app.scenes.push(setup)
    before = setup.lengths[0]
    double_click(app, setup.buttons.buttons[len(setup.names)].rect.center)
    from game.ui.tournament.setup import LENGTHS

    assert setup.lengths[0] == LENGTHS[(LENGTHS.index(before) + 2) % len(LENGTHS)]


def test_the_first_start_screen_says_how_to_reach_the_operator_menu(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path, st.Settings())
    assert isinstance(app.scenes.top, LockedScene)
    text = gesture_text(app)
    assert i18n.tr("corner.top_left") in text and "3" in text
    app.draw()
    steps(app, 2)
    close_screen()
    (tmp_path / ol.CODE_FILE).write_text("{}", encoding="utf-8")
    app = kiosk_app(tmp_path, st.Settings())
    locked = app.scenes.top
    assert isinstance(locked, LockedScene) and locked.state is ol.CodeState.DAMAGED


def test_a_language_chosen_on_the_title_that_cannot_be_saved_is_said(
    tmp_path: Path, broken_disk: str
) -> None:
    from game.ui.scenes.title import TitleScene

    app = App(st.Settings(), Launch(), data_dir=tmp_path / "data", threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    press_button(app, "FI")
    assert app.settings.language == "fi"  # it holds for this run...
    assert i18n.tr("settings.not_saved", reason=broken_disk) in title.notice_lines()  # ...and says so
    app.draw()
    i18n.set_language("en")


def test_clear_leaderboard_the_disk_refuses_is_said_and_told(tmp_path: Path, broken_disk: str) -> None:
    app = kiosk_app(tmp_path / "data")
    click(app, (640, 360))
    open_operator(app, CODE)
    menu = app.scenes.top
    assert isinstance(menu, OperatorScene)
    menu.board_cleared()
    assert menu.message == i18n.tr("operator.not_saved")
    assert any(broken_disk in notice for notice in app.notices)
