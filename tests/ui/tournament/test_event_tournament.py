"""A tournament on the cabinet (issue 27), driven through its screens with synthetic input: set up from
the operator menu with names typed on a laptop's keyboard and on the on-screen keys, matches played here
(two players, the clock on by tournament rule, dice from a secret) that score themselves into the draw,
results from other boards typed in, a withdrawal, the export read back (the HTML page parsed, every
.mat read by the game's reader and checked with the dice check), a power cut in the middle of a match."""

from __future__ import annotations

import html.parser
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import tr, tr_message
from game.record import DiceVerdict, check_dice, read_mat
from game.session import persist
from game.session import settings as st
from game.session.local_tournament import LocalTournament
from game.tournament import Tournament, TournamentFile
from game.ui.app import App
from game.ui.entry.keyboard import KeyboardScene
from game.ui.entry.keypad import KeypadScene
from game.ui.scenes.game import GameScene
from game.ui.tournament.export import ExportScene
from game.ui.tournament.hub import TournamentScene
from game.ui.tournament.result import ResultScene
from game.ui.tournament.setup import SetupScene
from game.ui.tournament.withdraw import WithdrawScene
from tests.helpers.cabinet import CODE, NAMES, cabinet, to_hub
from tests.helpers.event_driver import (
    let_dialog_take_presses,
    play_match,
    play_turn,
    press_enter,
    steps,
    type_code,
    type_dice_parts,
    type_keys,
)
from tests.helpers.mounts import tmpfs
from tests.helpers.ui_driver import click, close_screen, press_button


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def set_up(app: App, hub: TournamentScene, names: list[str], swiss: bool = False) -> Tournament:
    press_button(app, tr("tourney.new"))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    for k, name in enumerate(names):
        press_button(app, tr("tourney.add_player"))
        keyboard = app.scenes.top
        assert isinstance(keyboard, KeyboardScene)
        if k == 3:  # "Dóra" on the on-screen keys, the accent from their second page
            for label in ("D", "ÄÖ", "Ó", "ABC", "R", "A"):
                press_button(app, label)
            press_button(app, "OK")
        else:  # a laptop's keyboard: small letters, capitals come by themselves
            type_keys(app, name.lower())
            press_enter(app)
        assert app.scenes.top is setup
    assert setup.names == names
    if swiss:
        press_button(app, tr("tourney.format_ko"))
    press_button(app, tr("tourney.start"))
    assert app.scenes.top is hub
    t = app.desk.tournament
    assert t is not None and [p.name for p in t.players] == names
    return t


def saved(tmp_path: Path) -> Tournament:
    found = TournamentFile(tmp_path / "tournament.json").load()
    assert found.tournament is not None, found.reason
    return found.tournament


def play_called_match_here(app: App, hub: TournamentScene, rng: random.Random) -> GameScene:
    press_button(app, tr("tourney.play_here"))
    type_dice_parts(app)
    game = app.scenes.top
    assert isinstance(game, GameScene)
    assert game.game.setup.tournament is not None and game.game.timer is not None  # the clock: house rule
    assert not game.game.can_hint and game.game.setup.aids is False
    play_match(game, rng)
    return game


def back_to_hub(app: App, game: GameScene) -> TournamentScene:
    let_dialog_take_presses(app)
    press_button(app, tr("tourney.back"))
    players = app.scenes.top  # the players' draw: no code to get back to it (issue 35)
    assert isinstance(players, TournamentScene) and not players.organiser
    press_button(app, tr("tourney.organiser"))  # the organiser's buttons: the code first
    assert isinstance(app.scenes.top, KeypadScene)
    type_code(app, CODE)
    hub = app.scenes.top
    assert isinstance(hub, TournamentScene) and hub.organiser
    return hub


def type_result(app: App, hub: TournamentScene, winner_place: int, loser_points: int) -> None:
    press_button(app, tr("tourney.enter_result"))
    result = app.scenes.top
    assert isinstance(result, ResultScene)
    press_button(app, result.names()[winner_place])
    for _ in range(loser_points):
        press_button(app, "+")
    press_button(app, tr("button.ok"))
    assert app.scenes.top is hub


class Page(html.parser.HTMLParser):
    """The exported page's table cells and its champion line."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.champion = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("td", "th"):
            self._in = "cell"
            self.cells.append("")
        elif tag == "p" and ("class", "champion") in attrs:
            self._in = "champion"

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "cell":
            self.cells[-1] += data
        elif self._in == "champion":
            self.champion += data


def test_an_eight_player_tournament_played_through_on_the_cabinet(tmp_path: Path) -> None:
    app = cabinet(tmp_path)
    hub = to_hub(app)
    t = set_up(app, hub, NAMES)
    assert t.format == "elimination" and saved(tmp_path).to_dict() == t.to_dict()
    first = t.next_match()
    assert first is not None
    # "Anna v Helmi, 5 points": the top seed meets the last.
    assert hub.current() is first and [t.players[p].name for p in first.players if p is not None] == [
        "Anna",
        "Helmi",
    ]
    rng = random.Random(7)
    played_here = 0
    typed = 0
    while not t.finished:
        m = hub.current()
        assert m is not None
        if played_here < 4:
            game = play_called_match_here(app, hub, rng)
            assert t.match(m.id).done and t.match(m.id).how == "played"
            assert saved(tmp_path).match(m.id).mat == t.match(m.id).mat  # saved at once
            hub = back_to_hub(app, game)
            played_here += 1
        else:
            type_result(app, hub, typed % 2, typed % m.length)
            assert saved(tmp_path).match(m.id).how == "typed"
            typed += 1
    winner = t.winner()
    assert winner is not None
    assert typed >= 4
    # Export to the data folder's export/ from the hub.
    press_button(app, tr("tourney.export"))
    assert isinstance(app.scenes.top, ExportScene)
    press_button(app, tr("tourney.export_here"))
    folder = tmp_path / "export"
    assert app.scenes.top is hub and str(folder) in hub.message
    pages = list(folder.glob("*.html"))
    assert len(pages) == 1
    page = Page()
    page.feed(pages[0].read_text(encoding="utf-8"))
    assert t.players[winner].name in page.champion
    for name in NAMES:
        assert name in page.cells
    mats = sorted((folder / f"{pages[0].stem}-matches").glob("*.mat"))
    assert len(mats) == played_here
    for path in mats:
        record = read_mat(path.read_text(encoding="utf-8"))
        assert record.rules.match_length in (5,)
        verdict = check_dice(record)
        assert verdict.verdict is DiceVerdict.VERIFIED, (path.name, verdict.message)
    csv = (folder / f"{pages[0].stem}-standings.csv").read_text(encoding="utf-8-sig")
    assert csv.splitlines()[1].split(",")[1] == t.players[winner].name


def test_a_power_cut_in_a_tournament_match_comes_back_as_the_same_match(tmp_path: Path) -> None:
    app = cabinet(tmp_path)
    hub = to_hub(app)
    t = set_up(app, hub, NAMES[:4])
    m = hub.current()
    assert m is not None
    press_button(app, tr("tourney.play_here"))
    type_dice_parts(app)
    game = app.scenes.top
    assert isinstance(game, GameScene)
    rng = random.Random(3)
    for _ in range(12):
        play_turn(game, rng)
    steps(app, 0.5)
    app.idle_tick(20.0)  # a player thinks (the loop sleeps): the delay, then the bank
    thinker = game.state.turn
    while game.state.turn == thinker:
        play_turn(game, rng)  # ... and moves: saved, the clock with it
    timer = game.game.timer
    assert timer is not None
    banks = list(timer.clock.banks)
    assert min(banks) < 5 * 120.0
    secret = game.game.match_dice.secret
    app.quit()
    close_screen()

    again = cabinet(tmp_path)  # however long the boot took
    resumed = again.scenes.top
    assert isinstance(resumed, GameScene)
    assert resumed.game.setup.tournament == m.id
    assert tr_message(resumed.game.name(0)) == t.players[m.players[0] or 0].name
    assert resumed.game.match_dice.secret == secret
    assert resumed.game.timer is not None and resumed.game.timer.clock.banks == banks
    assert resumed.game.setup.aids is False
    assert again.kiosk is not None and again.kiosk.quiet is False
    steps(again, 0.1)
    assert again.idle_tick(120.0)  # a player thinks two minutes (the loop sleeps): the clock runs...
    steps(again, 0.1)
    assert again.scenes.top is resumed and again.kiosk.quiet  # ...and the kiosk does not reset the match
    again.desk.load()
    play_match(resumed, rng)
    t2 = again.desk.tournament
    assert t2 is not None and t2.match(m.id).done and t2.match(m.id).how == "played"


def test_a_clock_that_runs_out_scores_the_match_on_time(tmp_path: Path) -> None:
    app = cabinet(tmp_path)
    hub = to_hub(app)
    t = set_up(app, hub, NAMES[:4])
    m = hub.current()
    assert m is not None
    press_button(app, tr("tourney.play_here"))
    type_dice_parts(app)
    game = app.scenes.top
    assert isinstance(game, GameScene)
    rng = random.Random(5)
    for _ in range(8):  # a few plays: the record has something to check
        play_turn(game, rng)
    while game.state.phase.name not in ("ROLL", "MOVING"):
        play_turn(game, rng)
    timer = game.game.timer
    assert timer is not None and timer.running is not None
    loser = timer.running
    steps(app, 0.1)
    app.idle_tick(10 * 60 + 13)  # a long think while the loop sleeps: ten minutes and the delay
    steps(app, 0.1)
    assert game.game.timed_out and timer.lost_on_time == loser
    done = t.match(m.id)
    assert done.how == "time" and done.winner == m.players[1 - loser]
    assert check_dice(read_mat(done.mat or "")).verdict is DiceVerdict.VERIFIED
    assert "ran out of time" in (done.mat or "")
    assert tr("tourney.back") in [b.label for b in game.modal.buttons]


def test_a_swiss_with_a_withdrawal_and_a_refused_result(tmp_path: Path) -> None:
    app = cabinet(tmp_path)
    hub = to_hub(app)
    t = set_up(app, hub, NAMES[:6], swiss=True)
    assert t.format == "swiss" and t.rounds == 3
    # A result the tournament refuses says why and changes nothing: the loser cannot reach the length.
    m = hub.current()
    assert m is not None
    press_button(app, tr("tourney.enter_result"))
    result = app.scenes.top
    assert isinstance(result, ResultScene)
    press_button(app, result.names()[0])
    for _ in range(10):
        press_button(app, "+")
    assert result.loser_points == m.length - 1  # + stops below the length
    press_button(app, tr("button.cancel"))
    assert not t.match(m.id).done
    # Withdraw Fanni, asked first.
    press_button(app, tr("tourney.withdraw"))
    assert isinstance(app.scenes.top, WithdrawScene)
    press_button(app, "Fanni")
    press_button(app, tr("tourney.withdraw_yes"))
    assert app.scenes.top is hub and t.players[5].withdrawn and saved(tmp_path).players[5].withdrawn
    k = 0
    while not t.finished:
        type_result(app, hub, k % 2, 1)
        k += 1
    assert all(m.how != "typed" or 5 not in m.players for m in t.matches if m.round > 1)
    press_button(app, tr("tourney.show_standings"))
    assert hub.view == "standings"
    app.draw()


def test_export_to_a_typed_folder_and_a_folder_that_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stick = tmp_path / "stick"
    with tmpfs(stick, "4m") as mounted:
        if not mounted:  # a stick cannot be mounted here: the drive check says there is one
            monkeypatch.setattr(LocalTournament, "drive_mounted", staticmethod(lambda folder, *own: True))
        _export_to_a_typed_folder(tmp_path, stick)


def _export_to_a_typed_folder(tmp_path: Path, stick: Path) -> None:
    app = cabinet(tmp_path)
    hub = to_hub(app)
    set_up(app, hub, NAMES[:4])
    press_button(app, tr("tourney.export"))
    press_button(app, tr("tourney.export_typed"))
    keyboard = app.scenes.top
    assert isinstance(keyboard, KeyboardScene) and keyboard.path
    keyboard.text = ""
    type_keys(app, str(stick))
    press_enter(app)
    assert app.scenes.top is hub
    assert list(stick.glob("*.html")) and list(stick.glob("*-standings.csv"))
    blocked = stick / "a-file"
    blocked.write_text("")
    press_button(app, tr("tourney.export"))
    press_button(app, tr("tourney.export_typed"))
    keyboard = app.scenes.top
    assert isinstance(keyboard, KeyboardScene)
    keyboard.text = str(blocked / "inside")
    press_enter(app)
    assert app.scenes.top is keyboard and keyboard.message  # said where it was typed; nothing lost


def test_the_laptop_opens_the_tournament_with_start_tournament(tmp_path: Path) -> None:
    from game.ui.cli import build

    TournamentFile(tmp_path / "tournament.json").attach(Tournament.create("Club night", NAMES[:4]))
    app = build(["--data-dir", str(tmp_path), "--start", "tournament"], threaded_ai=False)
    scene = app.initial_scene()
    assert isinstance(scene, TournamentScene) and scene.tournament is not None
    assert scene.tournament.name == "Club night"
    app.scenes.push(scene)
    press_button(app, tr("button.back"))
    assert app.scenes.top is not scene  # back to the title


def test_a_damaged_tournament_file_is_set_aside_and_said(tmp_path: Path) -> None:
    (tmp_path / "tournament.json").write_text('{"version": 1, "name": "cut sh', encoding="utf-8")
    app = cabinet(tmp_path)
    hub = to_hub(app)
    assert hub.tournament is None and app.desk.problem
    assert list(tmp_path.glob("tournament.broken-*.json"))
    app.draw()


def test_a_disk_that_refuses_the_tournament_is_said_and_the_change_kept(tmp_path: Path) -> None:
    app = cabinet(tmp_path)
    hub = to_hub(app)
    t = set_up(app, hub, NAMES[:4])
    good = app.data_dir
    app.data_dir = tmp_path / "a-file"
    app.data_dir.write_text("")
    m = hub.current()
    assert m is not None
    type_result(app, hub, 0, 2)
    assert t.match(m.id).done and app.desk.problem
    app.draw()
    app.data_dir = good
    assert app.desk.save() and not app.desk.problem
    assert saved(tmp_path).match(m.id).done
    data = json.loads((good / "tournament.json").read_text())
    assert data["house"] == {"clock": "usbgf", "aids": False}
    assert persist.load_game(good) is None


def test_the_keyboard_takes_a_laptops_text_and_ignores_its_game_keys(tmp_path: Path) -> None:
    """Space, R, D, T, P, H and "." are game commands elsewhere: here they only type (a space made the
    focused key press itself); the accented letters of a Finnish or Hungarian layout come as text."""
    app = cabinet(tmp_path)
    click(app, (640, 360))  # wake the demo
    taken: list[str] = []
    keyboard = KeyboardScene(app, "name", lambda text: taken.append(text) or None)
    app.scenes.push(keyboard)
    assert app.input.wants_text
    type_keys(app, "pär heikki")
    assert keyboard.text == "Pär Heikki" and keyboard.buttons.focus is None
    press_enter(app)
    assert taken == ["Pär Heikki"] and not app.input.wants_text
    path = KeyboardScene(app, "folder", lambda text: None, path=True)
    app.scenes.push(path)
    type_keys(app, "/media/usb.2_x")
    assert path.text == "/media/usb.2_x"


def test_tournament_rules_hide_the_hint_and_the_pip_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.session.controller import GameSetup
    from game.ui.play import panel

    shown: list[str] = []
    real = panel.paint_player

    def spy(surface, rect, name, pips, score, on):  # type: ignore[no-untyped-def]
        shown.append(pips)
        return real(surface, rect, name, pips, score, on)

    monkeypatch.setattr(panel, "paint_player", spy)
    app = App(st.Settings(animation="fast", sound=False), data_dir=tmp_path, threaded_ai=False)
    for aids in (True, False):
        shown.clear()
        setup = GameSetup(mode="two", match_length=3, seed=2, aids=aids, names=("Anna", "Ben"))
        scene = GameScene(app, setup)
        app.scenes.reset(scene)
        steps(app, 2.0)
        scene.frame.panel.key = None  # paint the panel now
        app.draw()
        assert shown and all(bool(p) is aids for p in shown)
        assert tr_message(scene.game.name(0)) == "Anna"
        assert scene.game.can_hint == aids
        if not aids:
            assert tr("ui.hint") not in [b.label for b in scene.buttons.buttons]
