"""One cabinet loses nothing (issue 35), through the cabinet's screens: a tournament match that ends
after a crash is scored and says so, a match cut off mid-turn with the clock on keeps its whole record,
the players go back to the draw without the operator code, the organiser corrects a result and brings
a withdrawn player back, and a damaged file is named as damaged with what was kept."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.engine.flow import EndTurn, Phase, Step
from game.i18n import tr
from game.record import DiceVerdict, check_dice, read_mat
from game.session.match_timer import SAVE_EVERY
from game.tournament import ChangeKind, Tournament, TournamentFile
from game.ui.app import App
from game.ui.entry.keypad import KeypadScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.game import GameScene
from game.ui.tournament.correct import CorrectScene
from game.ui.tournament.hub import TournamentScene
from game.ui.tournament.notice import DamageScene
from game.ui.tournament.result import ResultScene
from game.ui.tournament.withdraw import WithdrawScene
from tests.helpers.cabinet import CODE, NAMES, cabinet, to_hub
from tests.helpers.event_driver import (
    let_dialog_take_presses,
    play_match,
    play_turn,
    steps,
    type_code,
    type_dice_parts,
)
from tests.helpers.ui_driver import close_screen, press_button


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def saved(folder: Path) -> Tournament:
    found = TournamentFile(folder / "tournament.json").load()
    assert found.tournament is not None, found.reason
    return found.tournament


def new_event(folder: Path, names: list[str] = NAMES[:4], lengths: list[int] | None = None) -> Tournament:
    t = Tournament.create("Cup", names, lengths=lengths or [3])
    t.house = {"clock": "usbgf", "aids": False}
    TournamentFile(folder / "tournament.json").attach(t)
    return t


def playing(app: App) -> GameScene:
    hub = to_hub(app)
    assert hub.tournament is not None
    press_button(app, tr("tourney.play_here"))
    type_dice_parts(app)  # each player's part of the dice (issue 37), before the first roll
    game = app.scenes.top
    assert isinstance(game, GameScene) and game.game.setup.tournament is not None
    return game


def test_a_match_that_ends_after_a_crash_is_scored_and_said(tmp_path: Path) -> None:
    """The match is played to its end on a cabinet whose desk never hears it (the process killed just
    before the scoring); the cabinet comes back on the finished match, no screen has read the
    tournament, and the match is scored all the same, with its record, and the screen says so."""
    new_event(tmp_path)
    app = cabinet(tmp_path)
    game = playing(app)
    match_id = game.game.setup.tournament
    assert match_id is not None
    app.events.unsubscribe(app.desk)  # the kill: the result never reaches the tournament
    play_match(game, random.Random(4))
    assert not saved(tmp_path).match(match_id).done
    app.quit()
    close_screen()

    again = cabinet(tmp_path)
    resumed = again.scenes.top
    assert isinstance(resumed, GameScene) and resumed.game.match.is_over
    m = saved(tmp_path).match(match_id)
    assert m.done and m.how == "played" and m.winner is not None
    assert m.mat is not None and check_dice(read_mat(m.mat)).verdict is DiceVerdict.VERIFIED
    t = again.desk.tournament
    assert t is not None
    a, b = (t.players[p].name for p in m.players if p is not None)
    assert m.score is not None
    assert resumed.flash_text == tr("tourney.scored", a=a, b=b, x=m.score[0], y=m.score[1])
    assert t.log[-1].kind is ChangeKind.RESULT and t.log[-1].by == "cabinet"


def test_a_match_cut_off_mid_turn_with_the_clock_on_keeps_its_whole_record(tmp_path: Path) -> None:
    new_event(tmp_path)
    app = cabinet(tmp_path)
    game = playing(app)
    rng = random.Random(9)
    for _ in range(15):
        play_turn(game, rng)
    while not (game.state.phase is Phase.MOVING and len(game.state.turn_state().legal_moves()) > 0):
        play_turn(game, rng)
    move = game.state.turn_state().legal_moves()[0]
    game.do(Step(move.src, move.die))  # half a move...
    steps(app, 0.1)
    app.idle_tick(SAVE_EVERY + 1.0)  # ...kept by the clock's own save
    steps(app, 0.1)
    app.quit()
    close_screen()

    again = cabinet(tmp_path)
    resumed = again.scenes.top
    assert isinstance(resumed, GameScene)
    assert resumed.state.moves == (move,)  # the half-played move is back
    assert again.records.recorder is not None  # and its record goes on
    assert resumed.flash_text != tr("review.not_continued")
    while not resumed.state.turn_state().is_complete:  # the rest of the move
        rest = resumed.state.turn_state().legal_moves()[0]
        resumed.do(Step(rest.src, rest.die))
    resumed.do(EndTurn())
    play_match(resumed, rng)
    m = saved(tmp_path).match(resumed.game.setup.tournament or "")
    assert m.how == "played" and m.mat is not None
    record = read_mat(m.mat)
    assert all(g.result is not None for g in record.games)
    assert sum(g.result.points for g in record.games if g.result is not None) >= 3
    assert check_dice(record).verdict is DiceVerdict.VERIFIED


def test_the_players_go_back_to_the_draw_without_the_code(tmp_path: Path) -> None:
    new_event(tmp_path, lengths=[1])
    app = cabinet(tmp_path)
    game = playing(app)
    play_match(game, random.Random(2))
    let_dialog_take_presses(app)
    press_button(app, tr("tourney.back"))
    draw = app.scenes.top
    assert isinstance(draw, TournamentScene) and not draw.organiser
    labels = [b.label for b in draw.buttons.buttons]
    assert tr("tourney.play_here") in labels and tr("tourney.show_standings") in labels
    for organisers in ("tourney.enter_result", "tourney.withdraw", "tourney.new", "tourney.export"):
        assert tr(organisers) not in labels
    app.draw()
    press_button(app, tr("tourney.play_here"))  # the next match, no code asked
    type_dice_parts(app)  # (the players' digits for its dice, issue 37)
    assert isinstance(app.scenes.top, GameScene)
    app.open_tournament(after_match=True)
    press_button(app, tr("tourney.organiser"))
    assert isinstance(app.scenes.top, KeypadScene)
    type_code(app, CODE)
    hub = app.scenes.top
    assert isinstance(hub, TournamentScene) and hub.organiser
    assert tr("tourney.enter_result") in [b.label for b in hub.buttons.buttons]


def test_the_organiser_corrects_a_result_and_the_draw_follows(tmp_path: Path) -> None:
    t = new_event(tmp_path, NAMES, lengths=[3])
    anna, helmi = t.match("R1-1").players
    assert anna is not None and helmi is not None
    t.enter_result("R1-1", anna, (3, 1))
    app = cabinet(tmp_path)
    hub = to_hub(app)
    press_button(app, tr("tourney.correct"))
    correct = app.scenes.top
    assert isinstance(correct, CorrectScene)
    app.draw()
    press_button(app, "R1-1  Anna 3–1 Helmi")
    result = app.scenes.top
    assert isinstance(result, ResultScene) and result.correcting and result.winner == 0
    assert result.loser_points == 1
    press_button(app, "Helmi")
    press_button(app, tr("button.ok"))
    assert app.scenes.top is hub
    kept = saved(tmp_path)
    assert kept.match("R1-1").winner == helmi and kept.match("R2-1").players[0] == helmi
    assert kept.match("C1-1").players[0] == anna
    last = kept.log[-1]
    assert last.kind is ChangeKind.CORRECTED and last.by == "operator"
    assert hub.message == tr("tourney.corrected", a="Anna", b="Helmi", x=1, y=3)
    # play it again: the result taken back, asked first
    press_button(app, tr("tourney.correct"))
    press_button(app, "R1-1  Anna 1–3 Helmi")
    press_button(app, tr("tourney.clear"))
    assert isinstance(app.scenes.top, ConfirmScene)
    press_button(app, tr("tourney.clear_yes"))
    assert app.scenes.top is hub and saved(tmp_path).match("R1-1").ready


def test_a_withdrawal_is_undone_at_the_desk(tmp_path: Path) -> None:
    t = new_event(tmp_path, NAMES, lengths=[3])
    helmi = t.match("R1-1").players[1]
    assert helmi is not None
    t.withdraw(helmi)
    app = cabinet(tmp_path)
    hub = to_hub(app)
    press_button(app, tr("tourney.withdraw"))
    assert isinstance(app.scenes.top, WithdrawScene)
    app.draw()
    press_button(app, "Helmi")  # grey: withdrawn; a tap asks to bring her back
    assert isinstance(app.scenes.top, ConfirmScene)
    press_button(app, tr("tourney.reinstate_yes"))
    assert app.scenes.top is hub
    kept = saved(tmp_path)
    assert not kept.players[helmi].withdrawn and kept.match("R1-1").ready
    assert kept.log[-1].kind is ChangeKind.REINSTATED


def test_a_damaged_file_is_named_with_what_was_kept(tmp_path: Path) -> None:
    t = Tournament.create("Cup", NAMES, lengths=[3])
    for mid in ("R1-1", "R1-2"):
        winner = t.match(mid).players[0]
        assert winner is not None
        t.enter_result(mid, winner, (3, 0))
    data = t.to_dict()
    data["matches"][1]["score"] = "three-nil"
    (tmp_path / "tournament.json").write_text(json.dumps(data), encoding="utf-8")
    app = cabinet(tmp_path)
    click_through = to_hub_damaged(app)
    assert isinstance(click_through, DamageScene)
    text = " ".join(click_through.lines)
    assert tr("tourney.damaged_kept", players=8, results=2) in text
    assert tr("tourney.lost.score", what="R1-2") in text and "tournament.broken-1.json" in text
    app.draw()
    press_button(app, tr("button.ok"))
    hub = app.scenes.top
    assert isinstance(hub, TournamentScene) and hub.tournament is not None
    assert hub.tournament.match("R1-2").winner == t.match("R1-2").winner
    assert app.desk.save()  # no "could not be saved"
    app.draw()


def to_hub_damaged(app: App) -> object:
    from game.ui.kiosk.operator import OperatorScene
    from tests.helpers.event_driver import open_operator
    from tests.helpers.ui_driver import click

    click(app, (640, 360))
    steps(app, 0.5)
    open_operator(app, CODE)
    assert isinstance(app.scenes.top, OperatorScene)
    press_button(app, tr("operator.tournament"))
    return app.scenes.top


def test_a_file_with_nothing_to_keep_is_not_no_tournament_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    import game.ui.tournament.hub as hub_module

    (tmp_path / "tournament.json").write_text('{"players": 3}', encoding="utf-8")
    app = cabinet(tmp_path)
    hub = to_hub(app)
    assert hub.tournament is None and app.desk.damage is not None
    drawn: list[str] = []
    real = hub_module.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(hub_module, "draw_text", spy)
    hub.draw(pygame.Surface((1280, 720)), 1.0)
    shown = " ".join(drawn)
    assert tr("tourney.damaged_title") in shown and tr("tourney.not_saved") not in shown
    assert tr("tourney.none_yet")[:20] not in shown
