"""The spoken mode: a fake speech program writes down what it is given, in a short scripted game.

The fake stands in for espeak-ng with the same command line (``-v VOICE -s RATE --stdin``, the
sentence on standard input) and appends one JSON line per sentence to a log. The game must not depend
on espeak-ng: only the last test uses it, and is skipped where it is not installed.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.flow import GameState, Phase, Rules
from game.engine.position import Position
from game.session import settings as st
from game.session.narration import describe_point
from game.session.speech import Speaker, write_wav
from game.ui.app import App
from game.ui.scenes.settings import AccessScene
from game.ui.tools.speech_demo import scripted_game
from tests.helpers.access import FAKE
from tests.helpers.ui_driver import close_screen


@pytest.fixture()
def fake(tmp_path: Path) -> tuple[list[str], Path]:
    """The fake program's command (for ``Speaker(program=...)``) and its log."""
    script = tmp_path / "fake_espeak.py"
    script.write_text(FAKE, encoding="utf-8")
    log = tmp_path / "said.jsonl"
    return [sys.executable, str(script), str(log)], log


def heard(log: Path) -> list[dict[str, object]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def test_sentences_are_said_in_order_in_the_players_language(fake: tuple[list[str], Path]) -> None:
    command, log = fake
    speaker = Speaker(program=command)
    assert speaker.available
    speaker.configure(True, "fi")
    speaker.say("Heitit 6 ja 5.")
    speaker.say("Sinun vuorosi.")
    speaker.wait()
    assert [(h["voice"], h["text"], h["stdin"]) for h in heard(log)] == [
        ("fi", "Heitit 6 ja 5.", True),
        ("fi", "Sinun vuorosi.", True),
    ]


def test_a_new_focus_cuts_off_what_is_being_said(fake: tuple[list[str], Path]) -> None:
    """The sentence being said stops and the waiting ones are dropped: the newest is said next."""
    command, log = fake
    speaker = Speaker(program=command)
    speaker.configure(True, "en")
    speaker.say("A long sentence said slowly.")
    for _ in range(1000):  # until the program has it (it starts in a moment; it then takes 5 s to say)
        if heard(log):
            break
        time.sleep(0.01)
    speaker.say("Waiting its turn.")
    speaker.say("your 6-point, 5 checkers", interrupt=True)
    speaker.wait()
    assert [h["text"] for h in heard(log)] == ["A long sentence said slowly.", "your 6-point, 5 checkers"]


def test_nothing_is_said_when_the_mode_is_off(fake: tuple[list[str], Path]) -> None:
    command, log = fake
    speaker = Speaker(program=command)
    speaker.say("Not said.")
    speaker.wait()
    assert heard(log) == [] and speaker.said == []


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[App]:
    # coach off: the script doubles early against the beginner, which the coach would hold back
    a = App(
        st.Settings(animation="fast", speech=True, coach="off"), data_dir=tmp_path / "data", threaded_ai=False
    )
    yield a
    close_screen()


def test_a_missing_program_leaves_the_game_silent_and_the_setting_says_so(app: App) -> None:
    app.speech = Speaker(program=["no-such-speech-program-anywhere"])
    app.apply_settings(app.settings, save=False)
    assert not app.speech.available and app.speech.enabled
    app.speech.say("Not said.")
    assert app.speech.said == [] and not app.speech.speaking
    scene = AccessScene(app)
    assert scene.value_text("speech") == "On, but espeak-ng is missing"
    app.scenes.push(scene)
    app.step()
    app.draw(0.0)  # the screen goes on


def test_a_short_scripted_game_is_spoken(app: App, fake: tuple[list[str], Path]) -> None:
    """A roll, the cursor over two points, a play, the computer's roll and play, whose turn it is, a
    double and its answer, the result, and the pause menu's focused button."""
    command, log = fake
    app.speech = Speaker(program=command)
    app.apply_settings(app.settings, save=False)
    scripted_game(app, listen=app.speech.wait)
    said = [str(h["text"]) for h in heard(log)]
    assert all(h["voice"] == "en" for h in heard(log))
    expected = [
        "You rolled 3 and 1.",
        "your 24-point, 2 checkers",
        "your 23-point, empty",  # Left: the neighbouring point as drawn (issue 36)
        "You played from 8 to 5, then from 6 to 5.",
        "Computer's turn.",
        "Your turn.",
        "You double to 2.",
    ]
    at = [said.index(sentence) for sentence in expected]
    assert at == sorted(at), said
    computer = said[at[4] + 1 : at[5]]
    assert computer[0].startswith("Computer rolled ") and computer[1].startswith("Computer played from ")
    answer = said[at[6] + 1]
    assert answer in ("Computer takes.", "Computer passes."), said
    assert any(s.startswith("You win: ") for s in said), said
    assert said[-1] == "Back to the game", said


def test_settings_read_their_focused_row(app: App, fake: tuple[list[str], Path]) -> None:
    """On a settings screen the focused button is read with its setting's name."""
    command, log = fake
    app.speech = Speaker(program=command)
    app.apply_settings(app.settings, save=False)
    app.scenes.push(AccessScene(app))
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.step()
    app.speech.wait()
    assert [h["text"] for h in heard(log)] == ["Board and checkers: Classic"]


def test_a_point_is_described_from_the_movers_side() -> None:
    state = GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(0))
    assert describe_point(state, 0, 6) == "your 6-point, 5 checkers"
    assert describe_point(state, 0, 1) == "your 1-point, 2 opposing checkers"
    assert describe_point(state, 0, 7) == "your 7-point, empty"
    assert describe_point(state, 1, 13) == "your 13-point, 5 checkers"
    assert describe_point(state, 0, 25) == "the bar, 0 checkers"


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed here")
def test_the_real_espeak_ng_says_a_sentence_into_a_wav_file(tmp_path: Path) -> None:
    out = tmp_path / "said.wav"
    assert write_wav("You rolled 6 and 5. Your turn.", str(out), "en")
    with wave.open(str(out)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert seconds > 1.0


def test_the_demo_is_never_spoken(app: App, fake: tuple[list[str], Path]) -> None:
    """Computer against computer (a cabinet's attract mode, all day): silent."""
    command, log = fake
    app.speech = Speaker(program=command)
    app.apply_settings(app.settings, save=False)
    app.new_game("demo")
    for _ in range(3000):
        app.step()
    app.speech.wait()
    assert heard(log) == []


def test_finnish_is_spoken_with_the_finnish_voice(app: App, fake: tuple[list[str], Path]) -> None:
    command, log = fake
    app.speech = Speaker(program=command)
    app.apply_settings(st.with_value(app.settings, "language", "fi"), save=False)
    scripted_game(app, listen=app.speech.wait)
    said = heard(log)
    assert said and all(h["voice"] == "fi" for h in said)
    assert "Siirsit kiilasta 8 kiilaan 5, sitten kiilasta 6 kiilaan 5." in [h["text"] for h in said]
