"""The kiosk's traps, gone (issue 27): no working default operator code (the first kiosk start asks
the organiser to choose one; ``--reset-operator-code`` forgets it), Clear leaderboard asks first, a
game cut off by a power cut comes back however long the boot took (tests/ui/kiosk/test_arcade.py), and a save
that keeps failing keeps saying so."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import EndTurn, Phase, PlayMoves
from game.engine.moves import legal_plays
from game.session import settings as st
from game.session.kiosk import Mode
from game.ui.app import App, Launch
from game.ui.input import Intent, IntentKind
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.choose_code import ChooseCodeScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.play import panel
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.game import GameScene
from tests.helpers.event_driver import open_operator, steps, type_code
from tests.helpers.ui_driver import click, press_button, quit_pygame, settle, start_game

pytestmark = pytest.mark.usefixtures("ui_reset")


def kiosk_app(tmp_path: Path, settings: st.Settings | None = None) -> App:
    app = App(settings or st.Settings(), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    return app


# -- the operator code --------------------------------------------------------------------------------


def test_the_first_kiosk_start_asks_for_a_code_twice_then_shows_the_demo(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path)
    pad = app.scenes.top
    assert isinstance(pad, ChooseCodeScene)
    assert pad.title_key == "kiosk.choose_code"
    assert i18n.tr("button.cancel") not in [b.label for b in pad.buttons.buttons]  # no way round it
    assert app.kiosk is not None and app.kiosk.mode is Mode.SETUP
    steps(app, 600)  # the organiser may take their time: no demo, no idle reset
    assert app.scenes.top is pad
    pad.handle(Intent(IntentKind.BACK))
    assert app.scenes.top is pad  # Escape does not skip it either
    type_code(app, "12")  # too short: said, nothing kept
    assert pad.first is None and pad.message == i18n.tr("settings.code_length", low=3, high=8)
    type_code(app, "4711")
    assert pad.title_key == "kiosk.choose_again"
    type_code(app, "4712")  # not the same: start again
    assert pad.title_key == "kiosk.choose_code" and pad.message == i18n.tr("kiosk.codes_differ")
    type_code(app, "4711")
    type_code(app, "4711")
    assert isinstance(app.scenes.top, AttractScene)
    assert app.kiosk.mode is Mode.ATTRACT
    assert app.settings.operator_code == "4711"
    assert st.load_settings(tmp_path).operator_code == "4711"
    click(app, (640, 360))  # the demo wakes as before
    open_operator(app, "4711")
    assert isinstance(app.scenes.top, OperatorScene)


def test_a_chosen_code_is_not_asked_again_and_2580_opens_nothing(tmp_path: Path) -> None:
    st.save_settings(st.Settings(operator_code="4711"), tmp_path)
    app = kiosk_app(tmp_path, st.load_settings(tmp_path))
    assert isinstance(app.scenes.top, AttractScene)
    click(app, (640, 360))
    open_operator(app, "2580")  # the old default is no way in
    assert not isinstance(app.scenes.top, OperatorScene)


def test_a_game_cut_off_before_the_code_was_chosen_comes_back_after_it(tmp_path: Path) -> None:
    first = App(st.Settings(), Launch(), data_dir=tmp_path, threaded_ai=False)
    scene = start_game(first, mode="two", seed=3)
    settle(first, scene)
    first.autosave.save(scene.game)
    first.quit()
    quit_pygame()
    app = kiosk_app(tmp_path)
    pad = app.scenes.top
    assert isinstance(pad, ChooseCodeScene)
    type_code(app, "975")
    type_code(app, "975")
    assert isinstance(app.scenes.top, GameScene)
    assert app.kiosk is not None and app.kiosk.mode is Mode.ACTIVE


def test_reset_operator_code_forgets_the_saved_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.ui.cli import build, main

    st.save_settings(st.Settings(operator_code="4711", level="expert"), tmp_path)
    assert main(["--data-dir", str(tmp_path), "--reset-operator-code"]) == 0
    assert "forgotten" in capsys.readouterr().err
    app = build(["--data-dir", str(tmp_path), "--kiosk"], threaded_ai=False)
    saved = st.load_settings(tmp_path)
    assert (saved.operator_code, saved.level) == ("", "expert")  # only the code goes
    assert isinstance(app.initial_scene(), ChooseCodeScene)
    quit_pygame()
    app = build(["--data-dir", str(tmp_path), "--kiosk", "--operator-code", "808"], threaded_ai=False)
    assert isinstance(app.initial_scene(), AttractScene)  # a code for this run: in without asking
    assert st.load_settings(tmp_path).operator_code == ""  # and not saved by the flag


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
