"""Child processes for the hard-kill test: play and hang (to be SIGKILLed), or restart and resume.

Run as ``python -m tests.helpers.kiosk_child play DIR`` or ``... resume DIR``; each prints one JSON
line. Both drive the real :class:`game.ui.app.App` headless.
"""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import i18n
from game.engine.flow import Phase, Step
from game.engine.serialize import state_to_dict
from game.session import settings as st
from game.ui.app import App, Launch
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import click, dice_xy, settle
from tests.helpers.waiting import HANG_LIMIT


def _app(data: str) -> App:
    app = App(st.Settings(animation="fast"), Launch(seed=5), data_dir=data, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    return app


def _press(app: App, label: str) -> None:
    for b in app.scenes.top.buttons.buttons:  # type: ignore[union-attr]
        if b.label == label and b.visible:
            click(app, b.rect.center)
            return
    raise SystemExit(f"no button {label!r}")


def play(data: str) -> None:
    app = _app(data)
    _press(app, i18n.tr("ui.two_players"))
    scene = app.scenes.top
    assert isinstance(scene, GameScene)
    completed = None
    turns = 0
    while True:
        settle(app, scene)
        s = scene.state
        if s.phase is Phase.ROLL:
            if turns >= 5:
                break
            click(app, dice_xy(scene))
            continue
        turn = s.turn_state()
        if turn.is_complete:
            click(app, dice_xy(scene))
            completed = state_to_dict(scene.state)
            turns += 1
        else:
            move = turn.legal_moves()[0]
            scene.do(Step(move.src, move.die))
    # Roll for the next turn and make one move of it: the roll must be kept (nobody may throw a
    # roll away by pulling the plug), the half-played move lost.
    click(app, dice_xy(scene))
    settle(app, scene)
    rolled = state_to_dict(scene.state)
    legal = scene.state.turn_state().legal_moves() if scene.state.phase is Phase.MOVING else []
    if legal:
        scene.do(Step(legal[0].src, legal[0].die))
    print(
        json.dumps({"completed": completed, "rolled": rolled, "now": state_to_dict(scene.state)}), flush=True
    )
    time.sleep(HANG_LIMIT)  # the parent kills it once it has read the line above


def resume(data: str) -> None:
    app = _app(data)
    _press(app, i18n.tr("menu.continue"))
    scene = app.scenes.top
    assert isinstance(scene, GameScene)
    print(json.dumps({"state": state_to_dict(scene.state), "mode": scene.game.setup.mode}), flush=True)


if __name__ == "__main__":
    {"play": play, "resume": resume}[sys.argv[1]](sys.argv[2])
