"""The networked desk's screens, driven by taps: the operator menu opens them, the desk takes the
cabinet's tournament and shows a board that joined with its score, a board joins with the typed code
and gets its match called, and a desk without a tournament says what to do first. Loopback only."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.desk import service
from game.desk.board import BoardClient
from game.desk.desk import Desk
from game.desk.server import serve
from game.i18n import tr
from game.record import check_match, read_mat
from game.record.dicecheck import DiceVerdict, check_dice
from game.session import settings as st
from game.session.kiosk import Mode
from game.session.local_tournament import result_words
from game.session.recording import plain_name
from game.tools.desk_page_shots import play
from game.tournament import Tournament, TournamentFile
from game.ui.app import App, Launch
from game.ui.desk import BoardScene, DeskScene, MoveScene, NetworkScene
from game.ui.desk.scenes import reporter
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.operator import OperatorScene
from game.ui.scene import ButtonScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from game.ui.tools._xwin import missing_tools
from game.ui.tools.desk_screenshots import play_out
from game.ui.tournament.correct import CorrectScene
from game.ui.tournament.result import ResultScene
from game.ui.tournament.withdraw import WithdrawScene
from tests.helpers.desk_boards import game_report
from tests.helpers.event_driver import type_dice_parts
from tests.helpers.ui_driver import click

STEP = 1.0 / 60.0
NAMES = ["Anna", "Ben", "Cecil", "Dora", "Eve", "Fay", "Gus", "Hal"]

pytestmark = pytest.mark.usefixtures("ui_reset")


@pytest.fixture(autouse=True)
def _no_desk_left() -> Iterator[None]:
    yield
    service.stop()


def _app(folder: Path, tournament: bool = True) -> App:
    if tournament:
        t = Tournament.create("Club night", NAMES, lengths=[3])
        TournamentFile(folder / "tournament.json").attach(t)
    return App(st.Settings(operator_code="2468"), Launch(kiosk=True), data_dir=folder, threaded_ai=False)


def _tap(app: App, label: str) -> None:
    scene = app.scenes.top
    assert isinstance(scene, ButtonScene)
    target = next(b for b in scene.buttons.buttons if b.label == label and b.visible)
    click(app, target.rect.center)
    app.step(STEP)


def _run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.step(STEP)


def test_the_operator_menu_opens_the_desk_and_the_desk_shows_a_board_and_its_score(tmp_path: Path) -> None:
    app = _app(tmp_path)
    app.scenes.push(app.initial_scene())
    app.step(STEP)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.OPERATOR
    app.scenes.push(OperatorScene(app))
    _tap(app, tr("operator.network"))
    assert isinstance(app.scenes.top, NetworkScene)
    scene = DeskScene(app, host="127.0.0.1", port=0)  # the menu's button listens on the event's network
    app.scenes.push(scene)
    running = service.running()
    assert running is not None and running.desk.tournament is not None
    assert [p.name for p in running.desk.tournament.players] == NAMES  # the cabinet's draw, unchanged
    before = scene.draw_key()
    client = BoardClient(tmp_path / "b3", running.url.rstrip("/"), board="b3", name="3")
    assert client.join(running.desk.join_code, running.desk.desk_id).ok
    play(client, 1)
    _run(app, 2.5)
    assert scene.draw_key() != before  # the screen follows the desk by itself
    boards = scene.state["boards"]
    assert [b["name"] for b in boards] == ["3"]
    app.draw(0.0)
    spare = BoardClient(tmp_path / "b4", running.url.rstrip("/"), board="b4", name="4")
    assert spare.join(running.desk.join_code, running.desk.desk_id).ok
    _tap(app, tr("desk.director"))
    _tap(app, tr("desk.move"))  # board 3 died: its match goes to board 4
    assert isinstance(app.scenes.top, MoveScene)
    ready = next(m for m in running.desk.state()["matches"] if m["ready"])  # board 3's, or the next one
    move = app.scenes.top
    label = next(b.label for b in move.buttons.buttons if b.label.startswith(f"{ready['id']}: "))
    _tap(app, label)
    _tap(app, tr("desk.board_short", board="4"))
    assert running.desk.assigned[ready["id"]] == "b4" and app.scenes.scenes[-1] is scene
    _tap(app, tr("desk.director"))
    _tap(app, tr("desk.remove"))  # a board nobody knows: removed, after asking
    _tap(app, tr("desk.board_short", board="4"))
    assert isinstance(app.scenes.top, ConfirmScene)
    _tap(app, tr("desk.remove_yes"))
    assert running.desk.boards["b4"].removed and not spare.post("/api/next", {"protocol": 1}).ok
    old = running.desk.join_code
    _tap(app, tr("desk.new_code"))
    assert running.desk.join_code != old
    _tap(app, tr("desk.stop"))
    assert service.running() is None


def test_a_desk_without_a_tournament_says_to_set_one_up_first(tmp_path: Path) -> None:
    app = _app(tmp_path, tournament=False)
    scene = DeskScene(app, host="127.0.0.1", port=0)
    app.scenes.push(scene)
    assert scene.problem == tr("desk.need_tournament")
    app.draw(0.0)


def _operator_cabinet(tmp_path: Path) -> tuple[App, BoardScene]:
    """A cabinet in the operator's hands, its board screen made (not yet shown)."""
    app = _app(tmp_path / "board-cabinet", tournament=False)
    app.scenes.push(app.initial_scene())
    app.step(STEP)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.OPERATOR
    return app, BoardScene(app)


def _people_board(tmp_path: Path, port: int, code: str) -> tuple[App, BoardScene]:
    """A cabinet in the operator's hands joining the desk on ``port`` as board 4 (people play there)."""
    app, board = _operator_cabinet(tmp_path)
    board.address, board.code, board.number = f"127.0.0.1:{port}", code, "4"
    app.scenes.push(board)
    board.join()
    return app, board


def _until(app: App, done: Callable[[], bool]) -> None:
    """Run the App (and the board's network threads) until ``done``, for 50 s at most."""
    for _ in range(100):
        _run(app, 0.5)
        if done():
            return
        time.sleep(0.05)


def test_a_board_joins_with_the_code_and_gets_its_match_called(tmp_path: Path) -> None:
    desk_app = _app(tmp_path / "desk-cabinet")
    desk_scene = DeskScene(desk_app, host="127.0.0.1", port=0)
    desk_app.scenes.push(desk_scene)
    running = service.running()
    assert running is not None
    app, board = _operator_cabinet(tmp_path)
    app.scenes.push(board)
    _tap(app, tr("desk.board.join"))
    assert board.link is None  # nothing typed yet: nothing happens
    board.address = running.url[len("http://") :].rstrip("/")
    board.code = running.desk.join_code.lower()
    board.number = "7"
    board._build()
    _tap(app, tr("desk.board.join"))
    for _ in range(100):
        _run(app, 0.5)
        if board.link is not None and board.link.status.match is not None:
            break
        time.sleep(0.05)
    assert board.link is not None and board.link.status.joined
    match = board.link.status.match
    assert match is not None and match["match"] == "R1-1" and match["names"] == ["Anna", "Hal"]
    app.draw(0.0)
    assert running.desk.state()["boards"][0]["name"] == "7"


ACCENTED = ["Ádám", "Ben", "Cecil", "Dóra", "Eve", "Fay", "Gus", "Helmi Mäkinen"]


@contextlib.contextmanager
def _people_desk(tmp_path: Path, names: list[str]) -> Iterator[tuple[Desk, App, BoardScene]]:
    """A desk of ``names`` (1-point matches, seeded dice) on loopback, and board 4 where people play
    joined to it with its match called."""
    desk = Desk(tmp_path / "desk")
    desk.create(names, lengths=[1], dice_seed="people")
    server = serve(desk)
    try:
        app, board = _people_board(tmp_path, server.port, desk.join_code)
        _until(app, lambda: board.link is not None and board.link.status.match is not None)
        yield desk, app, board
    finally:
        server.shutdown()
        server.server_close()
        desk.close()


@pytest.mark.parametrize("names", [NAMES, ACCENTED], ids=["plain", "accented"])
def test_people_play_the_desks_match_on_a_board_and_the_loser_confirms_the_result(
    tmp_path: Path, names: list[str]
) -> None:
    """Accented names too: the cabinet's record keeps them in plain ASCII (Ádám -> Adam), and the desk
    refused every such report as "the record of other players" until it compared names that way."""
    with _people_desk(tmp_path, names) as (desk, app, board):
        _tap(app, tr("desk.board.play"))
        assert isinstance(app.scenes.top, KeypadScene)  # each player's digits for the dice first
        type_dice_parts(app)
        game = app.scenes.top
        assert isinstance(game, GameScene)
        assert game.game.match_dice.contributions == ("4711", "4712")
        assert game.game.setup.names == (names[0], names[7]) and game.game.setup.secret is not None
        play_out(game)
        _run(app, 1.0)
        asked = app.scenes.top
        assert isinstance(asked, ConfirmScene)  # the loser confirms before anything is sent
        assert any(asked.question.startswith(f"{n} ") for n in (names[0], names[7]))  # names as typed
        assert desk.tournament is not None and not desk.tournament.match("R1-1").done
        _tap(app, tr("desk.board.confirm_yes"))
        assert isinstance(app.scenes.top, BoardScene)  # back at the board's screen for the next players
        m = desk.tournament.match("R1-1")
        for _ in range(100):
            if m.done:
                break
            time.sleep(0.05)
        assert m.done and m.how == "played"
        assert board.link is not None and board.link.beats_sent > 0  # signs of life while it played
        record = desk.record("R1-1")
        assert record is not None and f'[Player 1 "{plain_name(names[0])}"]' in record
        assert '[DiceContributions "4711,4712"]' in record and check_dice(read_mat(record)).ok


def test_a_board_whose_key_does_not_open_the_matchs_dice_says_so_and_starts_nothing(tmp_path: Path) -> None:
    """The desk seals each match's dice secret with the board's key: a board holding another key (it
    joined again, say) cannot open it; it says so on its screen and no game starts with other dice."""
    with _people_desk(tmp_path, NAMES) as (_desk, app, board):
        assert board.link is not None
        board.link.client.key = bytes(32)  # not the key the desk sealed with
        _tap(app, tr("desk.board.play"))
        assert isinstance(app.scenes.top, BoardScene) and board.note == tr("desk.board.cannot_open")


def _moved_point(
    terms: dict[str, object], parts: tuple[str, str] | None = None
) -> tuple[list[dict[str, object]], int]:
    """The match ``terms`` played by the computer from its start to its end (every report), and how
    many of its game reports the first board sends before it dies: up to the first game after which
    the Crawford game is next, else all but the result."""
    reports = []
    so_far = None
    while True:
        report = game_report(dict(terms), so_far, parts)
        reports.append(report)
        so_far = report["mat"]
        if report["kind"] == "result":
            break
    games = [r for r in reports if r["kind"] == "game"]
    assert games, "the computer's match needs a game before its result"
    crawford = [k for k, r in enumerate(games, 1) if check_match(read_mat(str(r["mat"]))).next_is_crawford]
    return reports, crawford[0] if crawford else len(games)


@pytest.mark.parametrize("parts", [None, ("4711", "4712")], ids=["secret-alone", "players-digits"])
def test_a_match_moved_mid_way_to_a_board_where_people_play_goes_on_from_the_last_report(
    tmp_path: Path, parts: tuple[str, str] | None
) -> None:
    """A board dies after reporting some games of a clocked 5-point match; the director moves the match
    to a board where people play. There it goes on from the desk's last report: the score, the Crawford
    game, the clock's banks as the dead board last reported them, the dice from the next game's place
    and the record so far; its games after that are reported on top of it and the desk takes the
    result. (Before, the board said the director must enter the result.) The players' digits for the
    dice, when they gave some where the match began, go on with it: nobody is asked again."""
    desk = Desk(tmp_path / "desk")
    desk.create(NAMES, lengths=[5], dice_seed="moved", house={"clock": "usbgf"})
    server = serve(desk)
    url = f"http://127.0.0.1:{server.port}"
    try:
        dead = BoardClient(tmp_path / "b1", url, board="b1", name="1")
        assert dead.join(desk.join_code, desk.desk_id).ok
        terms = dead.next_match()
        assert terms is not None and terms["match"] == "R1-1"
        reports, sent = _moved_point(terms, parts)
        for k, report in enumerate(reports[:sent], 1):
            dead.queue({**report, "banks": [431, 388]} if k == sent else report)
        assert dead.flush() == 0  # then the board dies: it says nothing more
        last = read_mat(str(reports[sent - 1]["mat"]))
        reached = check_match(last)
        for k in (2, 3, 5):  # the other first-round matches are being played elsewhere
            other = BoardClient(tmp_path / f"b{k}", url, board=f"b{k}", name=str(k))
            assert other.join(desk.join_code, desk.desk_id).ok and other.next_match() is not None

        app, board = _people_board(tmp_path, server.port, desk.join_code)
        _until(
            app, lambda: board.link is not None and not board.link.status.busy and board.link.status.joined
        )
        desk.move("R1-1", "b4")  # the director replaces the board that died
        _until(app, lambda: board.link is not None and board.link.status.match is not None)
        assert board.link is not None and board.link.status.match is not None
        _tap(app, tr("desk.board.play"))
        game = app.scenes.top
        assert isinstance(game, GameScene), board.note  # no digits asked: the match has its dice
        c = game.game
        assert c.match_dice.contributions == parts
        assert c.match.score == reached.score and c.match.games == sent
        assert c.state.score == reached.score and c.state.crawford == reached.next_is_crawford
        assert c.state.cube.value == 1 and c.state.cube.owner is None
        assert c.timer is not None and (c.timer.shown(0)[1], c.timer.shown(1)[1]) == (431, 388)
        for _ in range(20):
            play_out(game, seed=5)  # (random plays with which the match goes on after the Crawford game)
            if c.match.is_over:
                break
            game.next_game()
        _run(app, 1.0)
        asked = app.scenes.top
        assert isinstance(asked, ConfirmScene)
        _tap(app, tr("desk.board.confirm_yes"))
        m = desk.tournament.match("R1-1") if desk.tournament is not None else None
        assert m is not None
        for _ in range(100):
            if m.done:
                break
            time.sleep(0.05)
        assert m.done and m.how == "played"
        assert not list((app.data_dir / "board" / "refused").glob("*.json"))  # nothing refused
        record = desk.record("R1-1")
        assert record is not None
        whole = read_mat(record)
        assert whole.games[:sent] == last.games[:sent]  # the dead board's games, untouched
        assert len(whole.games) > sent and check_match(whole).is_over
        assert check_dice(whole).verdict is DiceVerdict.VERIFIED  # the desk's dice, each in its place
        assert ('[DiceContributions "4711,4712"]' in record) == (parts is not None)
        games = [r for r in reporter(app).sent if r["kind"] == "game"]
        assert games and all(r["banks"] == [431, 388] for r in games)  # its banks go on with it too
        moved = [r for r in desk.store.rows("SELECT report_id, board FROM reports") if r[1] == "b4"]
        assert moved and all(int(str(rid).rsplit("_", 1)[1]) > sent for rid, _ in moved)
    finally:
        server.shutdown()
        server.server_close()
        desk.close()


def test_the_director_corrects_a_result_and_withdraws_and_brings_back_a_player_on_the_desks_screen(
    tmp_path: Path,
) -> None:
    app = _app(tmp_path)
    app.scenes.push(app.initial_scene())
    app.step(STEP)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.OPERATOR
    scene = DeskScene(app, host="127.0.0.1", port=0)
    app.scenes.push(scene)
    running = service.running()
    assert running is not None and running.desk.tournament is not None
    t = running.desk.tournament
    client = BoardClient(tmp_path / "b3", running.url.rstrip("/"), board="b3", name="3")
    assert client.join(running.desk.join_code, running.desk.desk_id).ok
    play(client, None)  # R1-1 played to its end on board 3
    m = t.match("R1-1")
    assert m.done and m.winner is not None
    loser = m.opponent(m.winner)
    assert loser is not None
    _tap(app, tr("desk.director"))
    _tap(app, tr("desk.correct"))
    assert isinstance(app.scenes.top, CorrectScene)
    label = next(b.label for b in app.scenes.top.buttons.buttons if b.label.startswith("R1-1 "))
    _tap(app, label)
    assert isinstance(app.scenes.top, ResultScene)
    _tap(app, t.players[loser].name)  # the other player won: the loser had 0 points
    _tap(app, tr("button.ok"))
    assert app.scenes.top is scene and m.winner == loser  # the desk's tournament, through the desk
    assert scene.said == tr("tourney.corrected", **result_words(t, m))
    assert t.log[-1].by == "director"
    audit = [(who, what) for _, who, what in running.desk.audit()]
    assert audit[-1][0] == "director" and "R1-1" in audit[-1][1]
    app.draw(0.0)
    name = t.players[2].name
    _tap(app, tr("desk.director"))
    _tap(app, tr("desk.withdraw"))
    assert isinstance(app.scenes.top, WithdrawScene)
    _tap(app, name)
    _tap(app, tr("tourney.withdraw_yes"))
    assert t.players[2].withdrawn and scene.said == tr("tourney.withdrawn_now", name=name)
    kept = Desk(app.data_dir / "desk")  # in the desk's database, not only on the screen
    assert kept.tournament is not None and kept.tournament.players[2].withdrawn
    kept.close()
    _tap(app, tr("desk.director"))
    _tap(app, tr("desk.withdraw"))
    _tap(app, name)  # grey now: brought back, after asking
    _tap(app, tr("tourney.reinstate_yes"))
    assert not t.players[2].withdrawn and scene.said == tr("tourney.reinstated_now", name=name)
    app.draw(0.0)


def test_a_laptop_starts_at_the_desks_choice_and_back_goes_to_the_title(tmp_path: Path) -> None:
    app = App(st.Settings(), Launch(start="desk"), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    app.step(STEP)
    assert isinstance(app.scenes.top, NetworkScene)
    app.draw(0.0)
    explain_bottom = 130 + 34 * 3  # the buttons are under the explanation's three lines
    assert all(b.rect.top >= explain_bottom for b in app.scenes.top.buttons.buttons)
    _tap(app, tr("button.back"))
    assert isinstance(app.scenes.top, TitleScene)


@pytest.mark.slow
@pytest.mark.skipif(
    bool(missing_tools()),
    reason=f"needs {', '.join(missing_tools())} (apt-get install xvfb xdotool imagemagick)",
)
def test_an_organiser_opens_the_desk_and_two_boards_join_it_in_real_windows(tmp_path: Path) -> None:
    """The real-window walk-through (``game.ui.tools.desk_walk``), in English: each board finds the desk
    by multicast DNS on loopback, types the code and its number, and is called its match."""
    from game.ui.tools.desk_walk import walk_language

    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", service.PORT))
        except OSError as exc:
            pytest.skip(f"the desk's port {service.PORT} is taken on this machine: {exc}")
    notes = walk_language(tmp_path, "en", (800, 480))
    assert any("found on the network as 'Club night'" in n for n in notes)
    assert any("board 1 joined and was given match R1-1" in n for n in notes)
    assert any("board 2 joined and was given match R1-2" in n for n in notes)
    assert len(list(tmp_path.rglob("[0-9][0-9]-*.png"))) == 16
