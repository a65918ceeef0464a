"""A cabinet with a tournament on it, for the tournament screens' tests: code, players, the draw."""

from __future__ import annotations

from pathlib import Path

from game.i18n import tr
from game.session import settings as st
from game.ui.app import App, Launch
from game.ui.kiosk.operator import OperatorScene
from game.ui.tournament.hub import TournamentScene
from tests.helpers.event_driver import (
    open_operator,
    steps,
)
from tests.helpers.ui_driver import click, press_button

CODE = "2468"


NAMES = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]


def cabinet(tmp_path: Path) -> App:
    settings = st.Settings(animation="fast", sound=False, operator_code=CODE, idle_seconds=60)
    app = App(settings, Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False, clock=lambda: 1.8e9)
    app.scenes.push(app.initial_scene())
    return app


def to_hub(app: App) -> TournamentScene:
    click(app, (640, 360))  # wake the demo
    steps(app, 0.5)
    open_operator(app, CODE)
    assert isinstance(app.scenes.top, OperatorScene)
    press_button(app, tr("operator.tournament"))
    hub = app.scenes.top
    assert isinstance(hub, TournamentScene)
    return hub
