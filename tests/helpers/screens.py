"""The game's screens built headless, one function each, for the tests that look at every screen.

Each builds its screen in an app made by :func:`new_app` the way the screenshot tools build them
(``game.ui.tools.screenshots``); the tests then draw it and look at what was drawn (the text floor,
readability).
"""

from __future__ import annotations

import errno
import json
import os
import random
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING

from game.ai.jobs import Job
from game.desk import service
from game.desk.board import BoardClient
from game.i18n import tr
from game.session import operator_lock
from game.session import settings as st
from game.session.commands import Command
from game.session.controller import GameSetup
from game.session.dice_stats import DiceStats
from game.session.local_tournament import FILE
from game.session.modes import GameMode
from game.session.operator_lock import CodeState
from game.tournament import Tournament, TournamentFile
from game.ui.app import App, Launch
from game.ui.desk import BoardScene, DeskScene, MoveScene, NetworkScene
from game.ui.entry.dice import DiceEntryScene
from game.ui.entry.initials import InitialsScene
from game.ui.entry.keyboard import KeyboardScene
from game.ui.entry.keypad import KeypadScene
from game.ui.entry.new_code import ChooseCodeScene, weak_message
from game.ui.kiosk.checking import CheckingScene
from game.ui.kiosk.leaderboard import LeaderboardScene, rate_words
from game.ui.kiosk.locked import LockedScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.kiosk.still_playing import StillPlayingScene
from game.ui.scenes.dice_stats import DiceStatsScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.keymap import KeymapScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import AccessScene, SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.tools import screenshots as shots
from game.ui.tools.trust_screenshots import damaged_tournament
from game.ui.tournament.correct import CorrectScene
from game.ui.tournament.export import ExportScene
from game.ui.tournament.hub import TournamentScene
from game.ui.tournament.result import ResultScene
from game.ui.tournament.setup import SetupScene
from game.ui.tournament.withdraw import WithdrawScene

if TYPE_CHECKING:
    from game.review import MatchReview


def new_app(lang: str, data: Path, kiosk: bool, large: bool = False, board_set: str = "classic") -> App:
    """The app on the title; as a cabinet runs it for the kiosk's screens (a cabinet asks for initials
    after a review, so the review and the replay are seen in the app a player runs at home)."""
    settings = st.Settings(
        language=lang,
        animation="fast",
        idle_seconds=30,
        operator_code="2580",
        large_text=large,
        board_set=board_set,
    )
    app = App(settings, Launch(seed=11, kiosk=kiosk), data_dir=data, threaded_ai=False)
    if app.kiosk is not None:
        app.kiosk.mode = app.kiosk.mode.ACTIVE
    app.scenes.reset(TitleScene(app))
    return app


def settings(app: App) -> None:
    app.scenes.push(SettingsScene(app, operator=True))


def access(app: App) -> None:
    """The accessibility settings as the operator sees them (one row more than a player)."""
    app.scenes.push(AccessScene(app, operator=True))


def menu(app: App) -> None:
    shots.after_opening(app, 4)
    app.scenes.push(MenuScene(app))


def keypad(app: App) -> None:
    scene = KeypadScene(app)
    app.scenes.push(scene)
    scene.own = "25"
    scene.message, scene.message_time = tr("operator.wrong_code"), 3.0


def operator(app: App) -> None:
    app.scenes.push(OperatorScene(app))


def keymap(app: App) -> None:
    scene = KeymapScene(app)
    app.scenes.push(scene)
    scene.waiting = Command.DONE
    scene._build()


def dice_stats(app: App) -> None:
    dice = random.Random(7)
    app.dice_stats = DiceStats.from_rolls((dice.randint(1, 6), dice.randint(1, 6)) for _ in range(180))
    app.scenes.push(DiceStatsScene(app))


def howto(app: App) -> None:
    scene = HowToScene(app)
    app.scenes.push(scene)
    for page in range(scene.pages):
        scene.page = page
        scene._build()
        app.draw(0.0)


def still_playing(app: App) -> None:
    app.scenes.push(StillPlayingScene(app))
    kiosk = app.kiosk
    assert kiosk is not None
    kiosk.mode, kiosk.warning_left = kiosk.mode.WARNING, 7.2


def attract(app: App) -> None:
    """The demo the cabinet plays to passers-by, a few seconds in."""
    app.go_attract()
    for _ in range(600):
        app.step(1 / 120)


def leaderboard(app: App) -> None:
    board = app.leaderboard
    for i, (initials, rate) in enumerate((("ACE", 3.1), ("BOB", 7.4), ("ZED", 11.9), ("AB", 23.5))):
        board.add(initials, rate, 20 + i, "expert", i % 2 == 0)
    app.scenes.push(LeaderboardScene(app, board.today()[3]))


def initials(app: App) -> None:
    scene = InitialsScene(app, rate_words(12.3), lambda text: None)
    scene.text = "AB"
    app.scenes.push(scene)


SCREENS: dict[str, Callable[[App], None]] = {
    **{name: setup for name, setup in shots.SHOTS.items() if name not in ("review", "replay")},
    "settings": settings,
    "access": access,
    "menu": menu,
    "keypad": keypad,
    "operator": operator,
    "keymap": keymap,
    "dice_stats": dice_stats,
    "howto": howto,
    "still_playing": still_playing,
    "leaderboard": leaderboard,
    "initials": initials,
    "attract": attract,
}
"""The screens checked in the fast run; the review and its replay (a whole game played first) are slow."""
SLOW = {"review": shots.review, "replay": shots.replay}


# -- the other screens held to 16 window pixels (issue 36): the tournament's, the cabinet's, the entries' --

PLAYERS = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]


def _tournament(app: App, results: int = 2, names: list[str] = PLAYERS) -> Tournament:
    """A knock-out of ``names`` saved in the app's data folder, ``results`` of its first round entered."""
    made = Tournament.create("Club night", names, lengths=[5], lang=app.settings.language)
    TournamentFile(app.data_dir / FILE).attach(made)
    app.desk.loaded = False
    app.desk.load()
    t = app.desk.tournament
    assert t is not None
    for m in t.ready_matches()[:results]:
        winner = m.players[0]
        assert winner is not None
        app.desk.enter_typed(m.id, winner, (m.length, 2))
    return t


CROWD = [
    f"{first} {last}"
    for first in ("Annamari", "Benedek", "Csilla", "Dóra")
    for last in ("Kovács", "Nieminen", "Szabó", "Virtanen", "Horváth", "Mäkinen", "Tóth", "Lahtinen")
]
"""32 players (the most a tournament takes) with names of 11 to 17 letters."""


def _crowd(app: App, results: int = 0) -> Tournament:
    return _tournament(app, results, CROWD)


def crowd_result(app: App) -> None:
    """A result typed in for a match between two long names."""
    t = _crowd(app)
    hub = _hub(app)
    m = hub.current()
    assert m is not None
    result = ResultScene(app, t, m, hub._entered)
    app.scenes.push(result)
    result._pick(1)()


def crowd_correct(app: App) -> None:
    """Correct a result: which one, among results between long names."""
    _crowd(app, results=6)
    hub = _hub(app)
    app.scenes.push(CorrectScene(app, hub._entered))


def crowd_setup(app: App) -> None:
    """The set-up with 32 long names: its list's first page."""
    setup = SetupScene(app, lambda: None)
    app.scenes.push(setup)
    for name in CROWD:
        setup._take_name(name)
    setup.page = 0
    setup._build()


def crowd_draw(app: App) -> None:
    """The draw of 32 players with long names (shortened in its columns, never drawn smaller)."""
    _crowd(app)
    _hub(app)


def crowd_standings(app: App) -> None:
    _crowd(app)
    _hub(app).toggle()


def crowd_withdraw(app: App) -> None:
    """The withdraw list of 32 long names: its first page."""
    _crowd(app)
    hub = _hub(app)
    app.scenes.push(WithdrawScene(app, hub._entered))


def _hub(app: App, organiser: bool = True) -> TournamentScene:
    hub = TournamentScene(app, organiser)
    app.scenes.push(hub)
    return hub


def tourney_empty(app: App) -> None:
    _hub(app)


def tourney_setup(app: App) -> None:
    setup = SetupScene(app, lambda: None)
    app.scenes.push(setup)
    for name in PLAYERS:
        setup._take_name(name)


def tourney_keyboard(app: App) -> None:
    """Setup's keyboard for a name, a name half typed, on the accented letters' page."""
    setup = SetupScene(app, lambda: None)
    app.scenes.push(setup)
    setup.add_player()
    keyboard = app.scenes.top
    assert isinstance(keyboard, KeyboardScene)
    keyboard.text = "Ilona Ma"
    keyboard._toggle()


def tourney_draw(app: App) -> None:
    """The draw with a player withdrawn (greyed)."""
    _tournament(app)
    app.desk.withdraw(5)
    _hub(app)


def tourney_standings(app: App) -> None:
    """The standings with a player withdrawn (greyed, "withdrawn" after the name)."""
    _tournament(app)
    app.desk.withdraw(5)
    _hub(app).toggle()


def tourney_players_draw(app: App) -> None:
    """The draw as the players see it after a match on a cabinet (no code)."""
    _tournament(app)
    _hub(app, organiser=False)


def tourney_result(app: App) -> None:
    t = _tournament(app)
    hub = _hub(app)
    m = hub.current()
    assert m is not None
    result = ResultScene(app, t, m, hub._entered)
    app.scenes.push(result)
    result._pick(1)()
    result.more()


def tourney_correct(app: App) -> None:
    _tournament(app)
    hub = _hub(app)
    app.scenes.push(CorrectScene(app, hub._entered))


def tourney_correcting(app: App) -> None:
    t = _tournament(app)
    hub = _hub(app)
    done = t.correctable()[0]
    app.scenes.push(ResultScene(app, t, done, hub._entered, correcting=True))


def tourney_withdraw(app: App) -> None:
    """The withdraw list with a player withdrawn (to be brought back)."""
    _tournament(app)
    app.desk.withdraw(7)
    hub = _hub(app)
    app.scenes.push(WithdrawScene(app, hub._entered))


def tourney_export(app: App) -> None:
    _tournament(app)
    hub = _hub(app)
    app.scenes.push(ExportScene(app, hub.say))


def tourney_damaged(app: App) -> None:
    """A damaged tournament file: what was kept, said on the notice."""
    (app.data_dir / FILE).write_text(json.dumps(damaged_tournament(PLAYERS)), encoding="utf-8")
    _hub(app).enter()


def organiser_code(app: App) -> None:
    """The organiser's code asked on a cabinet's players' draw."""
    _tournament(app)
    _hub(app, organiser=False).ask_code()


def locked(app: App) -> None:
    """A cabinet without its operator code: "ask the operator"."""
    app.scenes.push(LockedScene(app, CodeState.DAMAGED))


def choose_code(app: App) -> None:
    pad = ChooseCodeScene(app)
    app.scenes.push(pad)
    pad.message, pad.message_time = weak_message(operator_lock.Weak.RUN), 3.0


def checking(app: App) -> None:
    """The card over a kiosk game's end while its review is still being worked out."""
    job: Job[MatchReview] = Job(Future(), "review", steps=40)
    app.scenes.push(CheckingScene(app, job, lambda: None, lambda: None))


def dice_entry(app: App) -> None:
    """Real dice typed in (a tournament's hand dice): one die entered."""
    scene = GameScene(app, GameSetup(mode=GameMode.TWO, match_length=1, hand_dice=True))
    app.scenes.push(scene)
    for _ in range(120):
        app.step(1 / 120)
        if isinstance(app.scenes.top, DiceEntryScene):
            break
    top = app.scenes.top
    assert isinstance(top, DiceEntryScene)
    top._face(5)()


def settings_message(app: App) -> None:
    """The settings with a setting the disk refused."""
    scene = SettingsScene(app, operator=True)
    app.scenes.push(scene)
    scene.message, scene.message_time = tr("settings.not_saved", reason=os.strerror(errno.EROFS)), 5.0


def title_offer(app: App) -> None:
    """The title offering a newcomer the lessons (the band across its top)."""
    app.scenes.reset(TitleScene(app, offer_learning=True))


def title_not_saved(app: App) -> None:
    """The title saying a setting could not be saved (the notice across its top)."""
    title = TitleScene(app)
    app.scenes.reset(title)
    title.not_saved = os.strerror(errno.EROFS)


def operator_notices(app: App) -> None:
    """The operator menu with a notice beside it (an autosave the disk refused)."""
    app.notices.append(tr("notice.autosave_failed", reason=os.strerror(errno.ENOSPC)))
    app.scenes.push(OperatorScene(app))


def _desk(app: App, crowd: bool = False) -> DeskScene:
    """The cabinet as the desk (on loopback) with its 8-player tournament (``crowd``: 32 long names),
    two boards joined at their matches: one sends its match clock, one has been silent for five
    minutes."""
    if crowd:
        _crowd(app)
    else:
        _tournament(app, results=0)
    scene = DeskScene(app, host="127.0.0.1", port=0)
    app.scenes.push(scene)
    running = scene.service
    assert running is not None
    url, code = running.url.rstrip("/"), running.desk.join_code
    for k in (3, 5):
        client = BoardClient(app.data_dir / f"board{k}", url, board=f"b{k}", name=str(k))
        assert client.join(code, running.desk.desk_id).ok
        terms = client.next_match()
        assert terms is not None
        if k == 3:
            assert client.post("/api/live", {"match": terms["match"], "banks": [431, 388], "running": 1}).ok
        else:
            running.desk.boards[f"b{k}"].seen -= 300
            running.desk.since[terms["match"]] -= 300
    scene._look()
    return scene


def desk(app: App) -> None:
    _desk(app)


def desk_crowd(app: App) -> None:
    """The desk of a 32-player tournament with long names."""
    _desk(app, crowd=True)


def desk_choice(app: App) -> None:
    """Be the desk, or join one (from the operator menu)."""
    app.scenes.push(NetworkScene(app))


def desk_director(app: App) -> None:
    _desk(app).director()


def desk_move(app: App) -> None:
    """The director moves a match: which match."""
    scene = _desk(app)
    assert scene.service is not None
    app.scenes.push(MoveScene(app, scene.service))


def desk_board(app: App) -> None:
    """A cabinet joining a desk: the address, the code and its number typed, no desk found."""
    board = BoardScene(app)
    app.scenes.push(board)
    board.looked = 10.0
    board.address, board.code, board.number = "192.168.1.20:8470", "ABCD2345", "7"
    board._build()


def stop_desk() -> None:
    """No desk left serving, no board looking for one (after a desk's screen)."""
    service.stop()
    service.stop_finding()
    service.forget_board_link()


DESKS = ("desk", "desk_crowd", "desk_choice", "desk_director", "desk_move", "desk_board")
"""The desk's screens: a test stops the desk after each (:func:`stop_desk`)."""

OTHER_SCREENS: dict[str, Callable[[App], None]] = {
    "tourney_empty": tourney_empty,
    "tourney_setup": tourney_setup,
    "tourney_keyboard": tourney_keyboard,
    "tourney_draw": tourney_draw,
    "tourney_standings": tourney_standings,
    "tourney_players_draw": tourney_players_draw,
    "tourney_result": tourney_result,
    "tourney_correct": tourney_correct,
    "tourney_correcting": tourney_correcting,
    "tourney_withdraw": tourney_withdraw,
    "tourney_export": tourney_export,
    "tourney_damaged": tourney_damaged,
    "crowd_setup": crowd_setup,
    "crowd_draw": crowd_draw,
    "crowd_standings": crowd_standings,
    "crowd_withdraw": crowd_withdraw,
    "crowd_result": crowd_result,
    "crowd_correct": crowd_correct,
    "organiser_code": organiser_code,
    "locked": locked,
    "choose_code": choose_code,
    "checking": checking,
    "dice_entry": dice_entry,
    "settings_message": settings_message,
    "title_offer": title_offer,
    "title_not_saved": title_not_saved,
    "operator_notices": operator_notices,
    "desk": desk,
    "desk_crowd": desk_crowd,
    "desk_choice": desk_choice,
    "desk_director": desk_director,
    "desk_move": desk_move,
    "desk_board": desk_board,
}
"""Screens beside :data:`SCREENS` held to 16 window pixels: the tournament's (set-up, keyboard, draw,
standings, result, correction, withdrawal, export, a damaged file's notice, the organiser's code), the
cabinet's locked screen, new code and checking card, the real dice's entry, and the networked desk's
screens (the desk with two boards, its director's choices, moving a match, a cabinet joining)."""
OVERLAYS = ("checking", "dice_entry")
"""Of those, the cards drawn over another screen (the readability test keeps their own lines)."""
ALL_SETUPS: dict[str, Callable[[App], None]] = {**SCREENS, **OTHER_SCREENS}
"""Every screen built here, by name (the screenshot checks of a rearranged screen use them)."""
