"""The kiosk's traps, gone (issue 27): no working default operator code (issue 37: the organiser sets one
with ``--set-operator-code``; until then the cabinet asks for its operator), Clear leaderboard asks first, a
game cut off by a power cut comes back however long the boot took (tests/ui/kiosk/test_arcade.py), and a save
that keeps failing keeps saying so."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import EndTurn, Phase, PlayMoves
from game.engine.moves import legal_plays
from game.session import operator_lock
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui.app import App, Launch
from game.ui.input import Intent, IntentKind
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.locked import LockedScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.play import panel
from game.ui.scenes.confirm import ConfirmScene
from tests.helpers.event_driver import open_operator, steps
from tests.helpers.ui_driver import click, close_screen, press_button, settle, start_game

pytestmark = pytest.mark.usefixtures("ui_reset")


def kiosk_app(tmp_path: Path, settings: st.Settings | None = None) -> App:
    app = App(settings or st.Settings(), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    return app


# -- the operator code --------------------------------------------------------------------------------


def test_a_fresh_cabinet_asks_for_its_operator_and_offers_no_code_prompt(tmp_path: Path) -> None:
    """Issue 37: the first touch of a fresh cabinet chose its code. Now the cabinet waits for the
    organiser (``--set-operator-code`` on the unit), whatever a visitor touches or types."""
    app = kiosk_app(tmp_path)
    locked = app.scenes.top
    assert isinstance(locked, LockedScene)
    assert app.kiosk is not None and app.kiosk.mode is Mode.SETUP
    steps(app, 600)  # no demo, no idle reset
    click(app, (640, 360))
    type_code_keys(app)
    locked.handle(Intent(IntentKind.BACK))
    assert app.scenes.top is locked
    assert not (tmp_path / operator_lock.CODE_FILE).exists()


@pytest.mark.parametrize("start", ["computer", "two", "demo", "tournament"])
def test_a_fresh_cabinet_started_straight_into_a_game_is_locked_too(tmp_path: Path, start: str) -> None:
    """``--kiosk --start computer`` (a unit file written so) must not open a game, the demo a touch
    wakes, or the organiser's tournament screen on a cabinet with no operator code."""
    from game.ui.cli import build

    app = build(["--data-dir", str(tmp_path), "--kiosk", "--start", start], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    assert isinstance(app.scenes.top, LockedScene)
    assert operator_lock.write_code(tmp_path, "4711") is None  # set on purpose: the start is obeyed
    pygame.quit()
    app = build(["--data-dir", str(tmp_path), "--kiosk", "--start", start], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    assert not isinstance(app.scenes.top, LockedScene)


def test_a_set_code_is_not_asked_again_and_2580_opens_nothing(tmp_path: Path) -> None:
    assert operator_lock.write_code(tmp_path, "4711") is None
    app = kiosk_app(tmp_path, st.load_settings(tmp_path))
    assert isinstance(app.scenes.top, AttractScene)
    click(app, (640, 360))
    open_operator(app, "2580")  # the old default is no way in
    assert not isinstance(app.scenes.top, OperatorScene)


def test_an_older_versions_code_in_the_settings_moves_to_the_code_file(tmp_path: Path) -> None:
    (tmp_path / st.SETTINGS_FILE).write_text(
        '{"version": 1, "settings": {"operator_code": "4711", "level": "expert"}}', encoding="utf-8"
    )
    (tmp_path / st.SETTINGS_FILE).chmod(0o644)  # as an older version left it
    app = kiosk_app(tmp_path, st.load_settings(tmp_path))
    assert isinstance(app.scenes.top, AttractScene)
    assert "4711" not in (tmp_path / st.SETTINGS_FILE).read_text(encoding="utf-8")
    kept = list(tmp_path.glob(f"{st.SETTINGS_FILE}.broken-*"))
    assert kept  # the organiser's file kept for a look, but not for every user of the machine
    for path in tmp_path.iterdir():
        if path.is_file() and path.stat().st_mode & 0o044:
            assert "4711" not in path.read_text(encoding="utf-8"), path
    click(app, (640, 360))
    open_operator(app, "4711")
    assert isinstance(app.scenes.top, OperatorScene)


def test_set_operator_code_is_typed_twice_and_refuses_trivial_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    from game.ui.cli import build, set_operator_code

    st.save_settings(st.Settings(level="expert"), tmp_path)
    answers = iter(["0000", "0000"])
    assert set_operator_code(tmp_path, lambda prompt: next(answers)) == 2
    assert "one digit repeated" in capsys.readouterr().err
    answers = iter(["4711", "4712"])
    assert set_operator_code(tmp_path, lambda prompt: next(answers)) == 2
    assert not (tmp_path / operator_lock.CODE_FILE).exists()
    answers = iter(["4711", "4711"])
    assert set_operator_code(tmp_path, lambda prompt: next(answers)) == 0
    assert st.load_settings(tmp_path).level == "expert"  # the settings are left alone
    app = build(["--data-dir", str(tmp_path), "--kiosk"], threaded_ai=False)
    assert isinstance(app.initial_scene(), AttractScene)
    assert app.lock.verify("4711") and not app.lock.verify("4712")
    close_screen()
    (tmp_path / operator_lock.CODE_FILE).unlink()
    with caplog.at_level(logging.WARNING, logger="game.ui.cli"):
        app = build(["--data-dir", str(tmp_path), "--kiosk", "--operator-code", "808"], threaded_ai=False)
    assert isinstance(app.initial_scene(), AttractScene)  # a code for this run: in without asking
    assert not (tmp_path / operator_lock.CODE_FILE).exists()  # and not saved by the flag
    # ...but a cabinet started so is told, in the journal, that every user sees that code
    assert any("process list" in r.getMessage() for r in caplog.records)


def type_code_keys(app: App) -> None:
    """A visitor at a keyboard: digits and Enter."""
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_RETURN):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.step()


# -- Clear leaderboard asks first ----------------------------------------------------------------------


def test_clear_leaderboard_asks_first(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path, st.Settings(operator_code="2468"))
    app.leaderboard.add("ANN", 0.01, 40, "expert", True)
    open_operator(app, "2468")
    assert isinstance(app.scenes.top, OperatorScene)
    press_button(app, i18n.tr("operator.clear_board"))
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene)
    assert ask.buttons.focus == 0  # Enter on the dialog keeps the board
    press_button(app, i18n.tr("button.cancel"))
    assert isinstance(app.scenes.top, OperatorScene)
    assert [e.initials for e in app.leaderboard.today()] == ["ANN"]
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step()
    open_operator(app, "2468")
    press_button(app, i18n.tr("operator.clear_board"))
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step()
    assert isinstance(app.scenes.top, OperatorScene)  # Escape is Cancel
    assert app.leaderboard.today()
    press_button(app, i18n.tr("operator.clear_board"))
    press_button(app, i18n.tr("operator.clear_board_yes"))
    assert isinstance(app.scenes.top, OperatorScene)
    assert app.leaderboard.today() == []
    assert app.scenes.top.message == i18n.tr("operator.board_cleared")


# -- a save that keeps failing keeps saying so -------------------------------------------------------


def test_a_save_that_keeps_failing_keeps_saying_so(tmp_path: Path) -> None:
    app = App(st.Settings(animation="fast"), Launch(), data_dir=tmp_path, threaded_ai=False)
    scene = start_game(app, mode="two", seed=5)
    settle(app, scene)
    good = app.data_dir
    app.data_dir = tmp_path / "a-file"
    app.data_dir.write_text("")  # no folder can be made there: every save fails
    firsts: list[bool] = []
    shown = app.autosave.on_failed
    app.autosave.on_failed = lambda first: (firsts.append(first), shown(first))  # type: ignore[func-returns-value]
    for _ in range(6):  # turns go by; the saves keep failing
        s = scene.state
        if s.phase is Phase.ROLL:
            scene.game.roll()
        elif s.phase is Phase.MOVING:
            assert s.dice is not None
            plays = legal_plays(s.position, s.dice)
            if plays and not s.moves:
                scene.do(PlayMoves(plays[0].moves))
            scene.do(EndTurn())
        settle(app, scene)
        assert scene.terms.save_failing
        scene.flash_time = 0.0  # the first failure's flash is over: the status line's end says it
        drawn = panel.draw_status(scene, app.screen)
        assert len(drawn) == 2 and drawn[0].right == panel.STATUS_RIGHT  # the warning, at the right end
    assert firsts[0] is True and len(firsts) >= 6 and not any(firsts[1:])
    app.data_dir = good
    assert app.autosave.save(scene.game)
    assert not scene.terms.save_failing
    assert len(panel.draw_status(scene, app.screen)) == 1
