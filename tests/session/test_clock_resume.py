"""A clocked match resumed from its autosave does not hand thinking time back (issue 27: a tournament
survives kill -9 at any step). The autosave writes the game at rolls, plays and cube actions; while a
player thinks, the running clock is saved every SAVE_EVERY seconds of clock time. Driven by fixed
steps, never the wall clock: after every step the file on disk is what a kill -9 would leave."""

from __future__ import annotations

from pathlib import Path

from game.ai.jobs import Where
from game.engine.flow import Double, Phase
from game.session import events as ev
from game.session import persist
from game.session.controller import GameController, GameSetup
from game.session.match_timer import SAVE_EVERY, MatchTimer
from game.session.resume import restore_match_parts, resumed_setup

STEP = 1 / 60


def clocked(folder: Path, *, tournament: str | None = "R1-1", aids: bool = False) -> GameController:
    bus = ev.EventBus()
    bus.subscribe(ev.Autosave(lambda: folder, lambda: 1.8e9))
    return GameController(
        GameSetup(
            mode="two",
            match_length=5,
            seed=11,
            clock="usbgf",
            names=("Anna", "Ben"),
            tournament=tournament,
            aids=aids,
        ),
        thinking=Where.HERE,
        publish=bus.publish,
    )


def past_opening(game: GameController) -> None:
    for _ in range(10):
        if game.state.phase is not Phase.OPENING:
            return
        game.step(5.0)
    raise AssertionError("the opening roll did not happen")


def on_disk(folder: Path) -> persist.SavedGame:
    saved = persist.load_game(folder)
    assert saved is not None
    return saved


def saved_banks(folder: Path) -> list[float]:
    clock = on_disk(folder).clock
    assert clock is not None
    return [float(b) for b in clock["clock"]["banks"]]


def resume(folder: Path) -> GameController:
    """What the App does after a restart (game.ui.app: resumed_setup, restore_match_parts, resume)."""
    saved = on_disk(folder)
    game = GameController(resumed_setup(saved, 3), thinking=Where.HERE)
    restore_match_parts(game, saved)
    game.resume(saved.state, saved.match, saved.dice_history)
    return game


def test_a_kill_at_any_step_of_a_long_think_gives_back_at_most_a_few_seconds(tmp_path: Path) -> None:
    game = clocked(tmp_path)
    past_opening(game)
    timer = game.timer
    assert timer is not None
    thinker = timer.running
    assert thinker is not None and game.state.phase is Phase.MOVING
    worst = 0.0
    for _ in range(int(90 / STEP)):  # a minute and a half of thought, in the screen's fixed steps
        game.tick_clock(STEP)
        live = timer.clock.banks[thinker]
        handed_back = saved_banks(tmp_path)[thinker] - live
        assert -1e-6 <= handed_back <= SAVE_EVERY + 1e-6  # never charged more, never given much back
        worst = max(worst, handed_back)
    assert timer.clock.banks[thinker] < 14 * 60 - 60  # the think did cost bank time (beyond the delay)
    assert worst > SAVE_EVERY / 2  # the check above looked at real gaps, not a file saved every step


def test_the_resumed_clock_goes_on_where_the_file_left_it(tmp_path: Path) -> None:
    game = clocked(tmp_path)
    past_opening(game)
    timer = game.timer
    assert timer is not None
    thinker = timer.running
    assert thinker is not None
    for _ in range(int(40 / STEP)):
        game.tick_clock(STEP)
    on_file = saved_banks(tmp_path)
    back = resume(tmp_path)
    assert back.timer is not None
    assert back.timer.clock.banks == on_file
    assert back.timer.running == thinker
    assert back.timer.clock.delay_left == 0.0  # the delay was used up before the cut: not renewed
    live = timer.clock.banks[thinker]
    assert live <= back.timer.clock.banks[thinker] <= live + SAVE_EVERY
    back.tick_clock(10.0)  # and it runs on from there
    assert back.timer.clock.banks[thinker] == on_file[thinker] - 10.0


def test_the_doubled_players_think_is_kept_too(tmp_path: Path) -> None:
    game = clocked(tmp_path)
    past_opening(game)
    from tests.helpers.event_driver import play_turn_to_end

    play_turn_to_end(game)
    doubler = game.state.turn
    assert game.do(Double()) is None
    timer = game.timer
    assert timer is not None and timer.running == 1 - doubler
    for _ in range(int(30 / STEP)):
        game.tick_clock(STEP)
    back = resume(tmp_path)
    assert back.state.phase is Phase.CUBE_OFFERED and back.timer is not None
    assert back.timer.running == 1 - doubler
    assert 0 <= back.timer.clock.banks[1 - doubler] - timer.clock.banks[1 - doubler] <= SAVE_EVERY


def test_no_clock_saves_while_the_clock_is_stopped(tmp_path: Path) -> None:
    """At the opening roll both clocks are stopped: waiting writes nothing (the disk is spared)."""
    game = clocked(tmp_path)
    timer = game.timer
    assert timer is not None and timer.running is None
    before = persist.load_game(tmp_path)
    for _ in range(int(30 / STEP)):
        game.tick_clock(STEP)
    assert persist.load_game(tmp_path) == before
    assert timer.unsaved == 0.0 and not timer.save_due


def test_the_timer_counts_clock_time_since_its_last_save() -> None:
    timer = MatchTimer("usbgf", 3)
    timer.tick(100.0)  # stopped: nothing counts
    assert timer.unsaved == 0.0
    timer.clock.run(0)
    timer.tick(SAVE_EVERY - 1)
    assert not timer.save_due
    timer.tick(1.0)
    assert timer.save_due
    timer.saved()
    assert timer.unsaved == 0.0 and not timer.save_due


def test_aids_reach_every_tournament_match_including_a_resumed_one(tmp_path: Path) -> None:
    """Tournament rules without aids: the resumed match's set-up still says no aids (and the coach,
    which reads GameSetup.aids, stays off); a tournament that allows them keeps them too."""
    for aids in (False, True):
        folder = tmp_path / str(aids)
        game = clocked(folder, aids=aids)
        past_opening(game)
        assert game.setup.aids is aids
        back = resume(folder)
        assert back.setup.aids is aids
        assert back.setup.tournament == "R1-1" and back.setup.names == ("Anna", "Ben")


def test_every_tournament_match_played_here_gets_the_house_aids_and_keeps_them_when_resumed(
    tmp_path: Path, ui_reset: None
) -> None:
    """The organiser's switch on the draw reaches each match started after it (the hint, the pip count
    and the coach, which read GameSetup.aids), and a match cut off comes back with what it started with."""
    from game.session import settings as st
    from game.ui.app import App, Launch
    from game.ui.scenes.game import GameScene
    from game.ui.tournament.flow import play_here
    from game.ui.tournament.hub import TournamentScene
    from tests.helpers.event_driver import steps, type_dice_parts
    from tests.helpers.ui_driver import close_screen

    settings = st.Settings(sound=False, animation="fast")
    app = App(settings, Launch(), data_dir=tmp_path, threaded_ai=False)
    t = app.desk.create(["Anna", "Ben", "Csilla", "Dóra"], "elimination", [1, 1])
    seen: list[bool] = []
    played: list[str] = []
    for allowed in (False, True):
        hub = TournamentScene(app)
        app.scenes.push(hub)
        if app.desk.aids() != allowed:
            hub.toggle_aids()
        # another match than the one started before (that one, cut off, would be continued as it was)
        hub.selected = next(x.id for x in t.ready_matches() if x.id not in played)
        m = hub.current()
        assert m is not None
        played.append(m.id)
        scene = play_here(app, t, m)
        seen.append(scene.game.setup.aids)
        assert scene.game.can_hint is allowed
        app.step()
        type_dice_parts(app)  # each player's digits for the dice (issue 37)
        # The opening roll (the match is saved from here on); a tie rolls again, and the dice come
        # from the match's fresh secret, so how long it takes differs from run to run.
        for _ in range(60):
            if scene.game.state.phase is not Phase.OPENING:
                break
            steps(app, 0.5)
        assert scene.game.state.phase is not Phase.OPENING
    assert seen == [False, True]
    app.desk.set_house("aids", False)  # changed after the match started: the match keeps its own terms
    app.quit()
    close_screen()

    again = App(settings, Launch(), data_dir=tmp_path, threaded_ai=False)
    again.scenes.push(again.initial_scene())
    again.continue_saved()
    back = again.scenes.top
    assert isinstance(back, GameScene)
    assert back.game.setup.tournament is not None and back.game.setup.aids is True
    again.quit()
    close_screen()
