"""The focus ring from the start (issue 36): on the title and on the game-over card a keyboard's first
press acts on the ringed button instead of only showing the ring; a pointer press still hides it."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import i18n
from game.engine.flow import Double, GameState, Pass, Phase, Rules, apply
from game.engine.position import Position
from game.session import settings as st
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from tests.helpers.ui_driver import close_screen, let_dialog_show, start_game


def key(app: App, code: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_the_titles_ring_is_there_and_enter_plays(tmp_path: Path) -> None:
    app = App(st.Settings(learn_offered=True), data_dir=tmp_path, threaded_ai=False)
    try:
        title = TitleScene(app)
        app.scenes.reset(title)
        focused = title.buttons.focused()
        assert focused is not None and focused.label == i18n.tr("ui.vs_computer")
        key(app, pygame.K_RETURN)  # the first press plays
        assert isinstance(app.scenes.top, GameScene) and app.scenes.top.game.setup.mode == "computer"
    finally:
        app.quit()
        close_screen()


def test_a_pointer_keeps_the_ring_away(tmp_path: Path) -> None:
    app = App(st.Settings(learn_offered=True), data_dir=tmp_path, threaded_ai=False)
    try:
        title = TitleScene(app)
        app.scenes.reset(title)
        app.handle_event(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1, clicks=1, touch=False)
        )
        assert title.buttons.focus is None
        title.enter()  # back on the title after a screen opened by a pointer
        assert title.buttons.focus is None
    finally:
        app.quit()
        close_screen()


def test_the_game_over_cards_ring_is_on_next_game(tmp_path: Path) -> None:
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    try:
        scene = start_game(app, mode="two")
        doubled = apply(
            GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(5)), Double()
        )
        scene.resume(apply(doubled, Pass()))
        assert scene.state.phase is Phase.GAME_OVER
        let_dialog_show(app, scene)
        focused = scene.modal.focused()
        assert focused is not None and focused.action == scene.next_game
    finally:
        app.quit()
        close_screen()
