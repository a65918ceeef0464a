"""The spoken mode's first words are heard whole: a focused button waits until they have ended.

The fake speech program takes a while over every sentence and writes down when it starts one and
when it has finished it; a sentence cut off (the program stopped) has a start and no end. Driven as
hands drive it: a press held still on the title while a key (an arrow, a cabinet's stick) gives a
button the keyboard's focus; the spoken mode comes on with that button focused.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.session import settings as st
from game.session.speech import Speaker
from game.ui.access import HOLD_SECONDS
from game.ui.app import STEP, App
from game.ui.scenes.title import TitleScene
from tests.helpers.access import EMPTY
from tests.helpers.ui_driver import close_screen, down, up

SLOW = """
import json, sys, time
log, text = sys.argv[1], sys.stdin.read()
def write(what):
    with open(log, "a", encoding="utf-8") as out:
        out.write(json.dumps([what, text]) + "\\n")
write("start")
time.sleep(0.6)
write("end")
"""


@pytest.fixture()
def slow(tmp_path: Path) -> Iterator[tuple[Speaker, Path]]:
    script = tmp_path / "slow_espeak.py"
    script.write_text(SLOW, encoding="utf-8")
    log = tmp_path / "said.jsonl"
    speaker = Speaker(program=[sys.executable, str(script), str(log)])
    yield speaker, log
    speaker.close()


def heard(log: Path) -> list[list[str]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def test_a_whole_sentence_is_never_cut_off_and_what_cuts_in_follows_it(slow: tuple[Speaker, Path]) -> None:
    speaker, log = slow
    speaker.configure(True, "en")
    speaker.say("Say this whole.", interrupt=True, whole=True)
    speaker.say("Dropped: it only waited.")
    speaker.say("The focus.", interrupt=True)
    speaker.say("The newer focus.", interrupt=True)
    speaker.wait()
    assert heard(log) == [
        ["start", "Say this whole."],
        ["end", "Say this whole."],
        ["start", "The newer focus."],
        ["end", "The newer focus."],
    ]


def test_stop_still_silences_a_whole_sentence(slow: tuple[Speaker, Path]) -> None:
    """Turning the spoken mode off is silence at once, whatever is being said."""
    speaker, _ = slow
    speaker.configure(True, "en")
    speaker.say("Say this whole.", whole=True)
    speaker.say("Then this.")
    speaker.configure(False, "en")
    assert not speaker.speaking and not speaker.queue


@pytest.fixture()
def app(tmp_path: Path, slow: tuple[Speaker, Path]) -> Iterator[App]:
    a = App(st.Settings(animation="fast"), data_dir=tmp_path / "data", threaded_ai=False)
    a.speech = slow[0]
    a.speech.configure(a.settings.speech, a.settings.language)
    yield a
    close_screen()


def test_the_held_on_instructions_are_heard_whole_before_the_focused_button(
    app: App, slow: tuple[Speaker, Path]
) -> None:
    _, log = slow
    scene = TitleScene(app)
    app.scenes.reset(scene)
    app.step()
    down(app, EMPTY)
    app.step()
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.step()
    focused = scene.buttons.focused()
    assert focused is not None, "the key gives a title button the focus"
    for _ in range(round(HOLD_SECONDS / STEP) + 10):  # the reader polls every step
        app.step()
    up(app, EMPTY)
    app.step()
    assert app.settings.speech and scene.buttons.focused() is focused
    app.speech.wait()
    words = i18n.tr("access.speech_held_on")
    said = heard(log)
    assert said[:2] == [["start", words], ["end", words]], said
    assert said[2][0] == "start" and said[2][1].startswith(" ".join(focused.label.split())), said
