"""Verifiable dice in play (issue 27): every match a person plays rolls from a secret; the screen shows
its fingerprint, the record carries it and (when the match is over) the secret, the dice check accepts
what the game recorded and rejects a changed roll; the autosave keeps the secret so a restart goes on
with the same dice; "The same dice again" replays a match's dice; real dice can be typed in."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.jobs import Where
from game.engine.dice import roll, roll_opening
from game.engine.flow import EndTurn, Phase, PlayMoves
from game.engine.moves import legal_plays
from game.i18n import tr
from game.record import DiceVerdict, PlyKind, check_dice, load_mat, read_mat
from game.session import events as ev
from game.session import persist
from game.session import settings as st
from game.session.controller import GameController, GameSetup
from game.session.match_dice import MatchDice
from game.session.recording import FOLDER
from game.ui.app import App
from game.ui.entry.dice import DiceEntryScene
from game.ui.play import dialogs, match_terms
from game.ui.scenes.game import GameScene
from tests.helpers.event_driver import play_match, play_turn
from tests.helpers.ui_driver import close_screen, press_button


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def make_app(tmp_path: Path, **values: object) -> App:
    settings = st.Settings(animation="fast", sound=False, **values)  # type: ignore[arg-type]
    return App(settings, data_dir=tmp_path, threaded_ai=False, clock=lambda: 1.8e9)


def start(app: App, length: int = 3, **setup: object) -> GameScene:
    scene = GameScene(app, GameSetup(mode="two", match_length=length, **setup))  # type: ignore[arg-type]
    app.scenes.reset(scene)
    return scene


def newest_record(tmp_path: Path) -> Path:
    files = sorted((tmp_path / FOLDER).glob("*.mat"))
    assert files
    return files[-1]


def test_a_played_match_carries_its_dice_and_the_check_accepts_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app, length=3)
    dice = scene.game.match_dice
    assert dice.secret is not None and dice.fingerprint is not None  # no seed: dice from a secret
    shown = dice.fingerprint
    play_match(scene, random.Random(11))
    path = newest_record(tmp_path)
    text = path.read_text()
    assert f'; [DiceFingerprint "{shown}"]' in text
    assert f'; [DiceSecret "{dice.secret}"]' in text
    verdict = check_dice(read_mat(text))
    assert verdict.verdict is DiceVerdict.VERIFIED, verdict.message
    assert verdict.rolls > 10
    # One roll changed (the third of the first game): the check names its game and move.
    record = read_mat(text)
    game = record.games[0]
    k = [i for i, p in enumerate(game.plies) if p.kind is PlyKind.ROLL][2]
    ply = game.plies[k]
    assert ply.dice is not None
    plies = (*game.plies[:k], replace(ply, dice=(ply.dice[0] % 6 + 1, ply.dice[1])), *game.plies[k + 1 :])
    bad = check_dice(replace(record, games=(replace(game, plies=plies), *record.games[1:])))
    assert bad.verdict is DiceVerdict.MISMATCH and bad.game == 1, bad.message


def test_the_secret_is_kept_back_until_the_match_is_over(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app, length=5)
    rng = random.Random(4)
    while scene.state.phase is not Phase.GAME_OVER:
        play_turn(scene, rng)
    assert not scene.game.match.is_over
    text = newest_record(tmp_path).read_text()
    assert "DiceFingerprint" in text and "DiceSecret" not in text
    assert check_dice(read_mat(text)).verdict is DiceVerdict.UNREVEALED
    # The game-over dialog (not the match's) offers no replay of the dice either.
    labels = [label for label, _, _ in dialogs.game_over_buttons(scene)]
    assert tr("dice.check") not in labels and tr("dice.same_again") not in labels


def test_the_fingerprint_is_on_the_panel_before_the_first_roll(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    fingerprint = scene.game.match_dice.fingerprint
    assert fingerprint is not None
    assert match_terms.fingerprint_text(scene, 400) == tr("dice.fingerprint", code=fingerprint)
    assert match_terms.fingerprint_text(scene, 150) == fingerprint  # narrow: the code alone
    seeded = start(app, seed=5)
    assert seeded.game.match_dice.fingerprint is None and match_terms.fingerprint_text(seeded, 400) == ""


def test_a_seeded_game_rolls_as_it_always_did() -> None:
    """``--seed`` and the tests: the generator's dice, the same sequence as before the secret dice."""
    rolled: list[tuple[int, int]] = []

    def hear(event: ev.GameEvent) -> None:
        if isinstance(event, ev.DiceRolled):
            rolled.append(event.dice)

    for seed in (1, 5, 12):
        rolled.clear()
        game = GameController(GameSetup(mode="two", seed=seed), thinking=Where.HERE, publish=hear)
        assert game.match_dice.secret is None
        for _ in range(3):
            game.step(5.0)  # the opening (and its ties)
        while game.state.phase is not Phase.ROLL:
            s = game.state
            assert s.dice is not None
            game.do(PlayMoves(legal_plays(s.position, s.dice)[0].moves))
            game.do(EndTurn())
        game.roll()
        rng = random.Random(seed)
        expected = [roll_opening(rng)]
        while expected[-1][0] == expected[-1][1]:
            expected.append(roll_opening(rng))
        expected.append(roll(rng))
        assert rolled == expected
        game.close()


def test_the_autosave_keeps_the_secret_and_a_restart_rolls_the_same_dice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app, length=5)
    rng = random.Random(8)
    for _ in range(9):
        play_turn(scene, rng)
    while scene.state.phase is not Phase.ROLL:
        play_turn(scene, rng)
    saved = json.loads((tmp_path / persist.SAVE_FILE).read_text())
    assert saved["dice"]["secret"] == scene.game.match_dice.secret
    ahead = MatchDice.from_dict(saved["dice"], random.Random(0))
    next_rolls = [ahead.roll() for _ in range(3)]
    secret = scene.game.match_dice.secret
    app.quit()
    close_screen()

    again = make_app(tmp_path)
    again.scenes.push(again.initial_scene())
    again.continue_saved()
    resumed = again.scenes.top
    assert isinstance(resumed, GameScene)
    assert resumed.game.match_dice.secret == secret
    rolled = []
    for _ in range(3):
        while resumed.state.phase is not Phase.ROLL:
            play_turn(resumed, rng)
        resumed.game.roll()
        assert resumed.state.dice is not None
        rolled.append(resumed.state.dice)
    assert [tuple(sorted(d)) for d in rolled] == [tuple(sorted(d)) for d in next_rolls]


def test_the_same_dice_again_replays_the_match(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app, length=1)
    play_match(scene, random.Random(2))
    first = read_mat(newest_record(tmp_path).read_text())
    secret = scene.game.match_dice.secret
    for _ in range(400):  # the dialog's buttons take presses after a moment
        app.step()
    labels = [label for label, _, _ in dialogs.game_over_buttons(scene)]
    assert tr("dice.check") in labels  # the revealed dice's screen (issue 37) has the replay
    press_button(app, tr("dice.check"))
    press_button(app, tr("dice.same_again"))
    assert scene.game.match_dice.secret == secret and scene.game.match.games == 0
    play_match(scene, random.Random(99))  # other plays, the same dice in the same places
    replay = load_mat(newest_record(tmp_path))
    assert replay.metadata != () and check_dice(replay).ok
    assert first.games[0].plies[0].dice == replay.games[0].plies[0].dice  # the same opening roll
    # New match: a new secret.
    for _ in range(400):
        app.step()
    press_button(app, dialogs.game_over_buttons(scene)[0][0])  # New match
    assert scene.game.match_dice.secret not in (None, secret)


def test_typed_dice_are_asked_for_and_the_record_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path, hand_dice=True)
    scene = GameScene(app, app.setup("two", 1))
    app.scenes.reset(scene)
    for _ in range(200):
        app.step()
    pad = app.scenes.top
    assert isinstance(pad, DiceEntryScene) and pad.opening
    press_button(app, "4")
    press_button(app, "4")
    press_button(app, "OK")  # a tie: rolled again, as on a table
    assert app.scenes.top is pad and pad.message and pad.dice == []
    press_button(app, "5")
    press_button(app, "2")
    press_button(app, "OK")
    assert app.scenes.top is scene
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0
    assert sorted(scene.state.dice or ()) == [2, 5]
    assert scene.game.match_dice.typed
    rng = random.Random(1)
    play_turn(scene, rng)  # White's play
    assert scene.state.phase is Phase.ROLL
    scene.game.roll()
    for _ in range(600):  # the keypad comes once the last play has been shown
        if app.scenes.top is not scene:
            break
        app.step()
    pad = app.scenes.top
    assert isinstance(pad, DiceEntryScene) and not pad.opening
    press_button(app, tr("dice.roll_here"))  # the screen rolls after all
    assert scene.state.phase is Phase.MOVING and app.scenes.top is scene
    play_turn(scene, rng)
    text = newest_record(tmp_path).read_text()
    assert '; [Dice "entered by hand"]' in text and "DiceFingerprint" not in text
    assert check_dice(read_mat(text)).verdict is DiceVerdict.BY_HAND


def test_typed_dice_are_off_by_default() -> None:
    assert st.Settings().hand_dice is False
    assert GameSetup().hand_dice is False


def test_a_damaged_dice_part_makes_the_save_broken(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    scene.game.step(5.0)
    assert app.autosave.save(scene.game)
    path = tmp_path / persist.SAVE_FILE
    data = json.loads(path.read_text())
    data["dice"]["secret"] = "not hex at all"
    path.write_text(json.dumps(data))
    loaded = persist.load_game_checked(tmp_path)
    assert loaded.game is None and loaded.broken is not None and "dice" in loaded.broken.reason
