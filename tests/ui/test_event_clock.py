"""The match clock on screen (issue 27): off outside a tournament unless chosen; driven by the game's
changes and the screen's fixed steps (and the loop's sleep); stopped at the opening, between games and
while the menu is over the board; the doubled player's clock runs for the answer; a bank at zero ends
the match for the other player, said on screen and in the record, and kept by the autosave."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai.jobs import Where
from game.engine.flow import Double, Phase, Take
from game.i18n import Message, tr, tr_message
from game.session import events as ev
from game.session import persist
from game.session import settings as st
from game.session.controller import GameController, GameSetup
from game.session.match_timer import MatchTimer, clock_text
from game.ui.app import App
from game.ui.play import dialogs, match_terms, panel
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from tests.helpers.event_driver import play_turn, play_turn_to_end, steps
from tests.helpers.ui_driver import close_screen, press_button


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def controller(length: int = 3, preset: str = "usbgf") -> tuple[GameController, list[ev.GameEvent]]:
    heard: list[ev.GameEvent] = []
    game = GameController(
        GameSetup(mode="two", match_length=length, seed=4, clock=preset),
        thinking=Where.HERE,
        publish=heard.append,
    )
    return game, heard


def past_opening(game: GameController) -> None:
    for _ in range(5):
        if game.state.phase is not Phase.OPENING:
            return
        game.step(5.0)


def test_the_clock_is_off_unless_asked_for(tmp_path: Path) -> None:
    app = App(st.Settings(sound=False), data_dir=tmp_path, threaded_ai=False)
    assert app.setup("two", 5).clock is None and GameSetup().clock is None
    assert GameController(app.setup("two", 5), thinking=Where.HERE).timer is None
    against_computer = GameController(GameSetup(mode="computer", clock="usbgf"), thinking=Where.HERE)
    assert against_computer.timer is None  # a clock is for two players


def test_delay_then_bank_stopped_at_the_opening() -> None:
    game, _ = controller(length=3)
    timer = game.timer
    assert timer is not None and timer.clock.banks == [360.0, 360.0]
    assert not game.tick_clock(100.0)  # the opening roll: both clocks stopped
    assert timer.clock.banks == [360.0, 360.0] and timer.running is None
    past_opening(game)
    mover = game.state.turn
    assert timer.running == mover
    game.tick_clock(12.0)  # the delay costs nothing
    assert timer.clock.banks[mover] == 360.0
    assert game.tick_clock(1.0)  # the face changes
    assert timer.clock.banks[mover] == 359.0 and timer.shown(mover) == (0, 359)
    play_turn_to_end(game)
    assert timer.running == 1 - mover and timer.clock.delay_left == 12.0  # a fresh delay


def test_the_doubled_players_clock_runs_for_the_answer() -> None:
    game, _ = controller(length=5)
    past_opening(game)
    play_turn_to_end(game)
    doubler = game.state.turn
    timer = game.timer
    assert timer is not None
    assert game.do(Double()) is None
    assert timer.running == 1 - doubler
    game.tick_clock(20.0)
    assert timer.clock.banks[1 - doubler] == 600.0 - 8.0
    assert game.do(Take()) is None
    assert timer.running == doubler and timer.clock.delay_left == 12.0


def test_a_bank_at_zero_ends_the_match_for_the_other_player() -> None:
    game, heard = controller(length=3, preset="quick")
    past_opening(game)
    loser = game.state.turn
    assert not game.timed_out
    game.tick_clock(8.0 + 3 * 60.0)  # the delay, then three minutes: the whole bank
    assert game.timed_out
    over = [e for e in heard if isinstance(e, ev.MatchOver)]
    assert len(over) == 1 and over[0].winner == 1 - loser
    assert game.do(Double()) == Message("clock.match_over")  # nothing more is played
    assert not game.waiting_for_human()
    assert not game.tick_clock(10.0)  # the clock stays stopped


def test_the_screen_shows_both_clocks_and_the_end_on_time(tmp_path: Path) -> None:
    app = App(
        st.Settings(animation="fast", sound=False), data_dir=tmp_path, threaded_ai=False, clock=lambda: 1.8e9
    )
    scene = GameScene(app, GameSetup(mode="two", match_length=1, clock="quick"))
    app.scenes.reset(scene)
    rng = random.Random(2)
    for _ in range(6):
        play_turn(scene, rng)
    timer = scene.game.timer
    assert timer is not None
    before = match_terms.facts(scene)
    steps(app, 9.0)  # fixed steps: the delay, then a second of the bank
    assert match_terms.facts(scene) != before
    # The menu over the board stops the clock, in steps and while the loop sleeps.
    app.scenes.push(MenuScene(app))
    banks, delay = list(timer.clock.banks), timer.clock.delay_left
    steps(app, 3.0)
    assert not app.idle_tick(30.0)
    assert (timer.clock.banks, timer.clock.delay_left) == (banks, delay)
    app.scenes.pop()
    runner = timer.running
    assert runner is not None
    assert app.idle_tick(1.0)  # the loop sleeps while a player thinks: the clock runs on and is redrawn
    # its delay first, then its bank (the dice are not seeded: a turn may have just begun)
    assert timer.clock.banks[runner] + timer.clock.delay_left < banks[runner] + delay
    app.idle_tick(200.0)
    assert scene.game.timed_out
    status, _ = panel.status(scene)
    assert status == tr("clock.ran_out", name=tr_message(scene.game.name(runner)))
    steps(app, 1.5)
    labels = [b.label for b in scene.modal.buttons]
    assert labels[0] == dialogs.game_over_buttons(scene)[0][0]  # New match
    assert tr("dice.check") in labels  # the secret's screen, with "The same dice again" (issue 37)
    app.draw()
    record = sorted((tmp_path / "records").glob("*.mat"))[-1].read_text()
    assert "ran out of time" in record and "DiceSecret" in record
    saved = json.loads((tmp_path / persist.SAVE_FILE).read_text())
    assert saved["clock"]["clock"]["lost_on_time"] == runner
    app.quit()
    close_screen()

    again = App(st.Settings(animation="fast", sound=False), data_dir=tmp_path, threaded_ai=False)
    again.scenes.push(again.initial_scene())
    again.continue_saved()
    back = again.scenes.top
    assert isinstance(back, GameScene) and back.game.timed_out  # still over after a restart
    steps(again, 1.5)
    press_button(again, dialogs.game_over_buttons(back)[0][0])  # New match: full banks again
    assert not back.game.timed_out and back.game.timer is not None
    assert back.game.timer.clock.banks == [60.0, 60.0]


def test_clock_faces_and_saving() -> None:
    assert [clock_text(s) for s in (0, 9, 60, 14 * 60, 3725)] == ["0:00", "0:09", "1:00", "14:00", "1:02:05"]
    timer = MatchTimer("usbgf-doubles", 7)
    assert timer.clock.banks == [7 * 150.0, 7 * 150.0]
    back = MatchTimer.from_dict(json.loads(json.dumps(timer.to_dict())))
    assert back.preset == "usbgf-doubles" and back.clock.banks == timer.clock.banks
    with pytest.raises(ValueError):
        MatchTimer("sudden-death", 3)
    with pytest.raises(ValueError):
        MatchTimer.from_dict({"preset": "usbgf", "clock": {"banks": "x"}})
