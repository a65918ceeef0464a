"""The tournament walked through as an organiser would (issue 27), and what that walk found.

- The whole walk in a real window (Xvfb, xdotool, ImageMagick; skipped when one is missing): eight
  names typed by taps and keys, the draw, every result entered by hand to the winner, the standings
  and the export, each screen captured; the export then read back (``game.ui.tools.tourney_check``).
  The board match by taps is the tool's (``python -m game.ui.tools.tourney_walk``: four minutes).
- The export page: a score in one cell, the round's points in its heading, the recorded match linked,
  the consolation draw's winner named (a phone showed the draw's tables cut off).
- The draw's notices ("Result entered: ...") in the line above the list, not squeezed under the title.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.i18n import tr
from game.session import settings as st
from game.tournament import Tournament, export_folder
from game.ui.app import App, Launch
from game.ui.tools._xwin import missing_tools
from game.ui.tournament import sheet
from game.ui.tournament.hub import TournamentScene
from tests.helpers.ui_driver import close_screen


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def finished(lengths: list[int]) -> Tournament:
    t = Tournament.create(
        "Cup", ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"], lengths=lengths
    )
    rng = random.Random(4)
    while (m := t.next_match()) is not None:
        k = rng.randrange(2)
        winner = m.players[k]
        assert winner is not None
        score = (m.length, 0) if k == 0 else (0, m.length)
        t.enter_result(m.id, winner, score, how="played" if m.id == "R1-1" else "typed", mat=None)
    return t


def test_the_page_reads_on_a_phone_and_names_both_winners(tmp_path: Path) -> None:
    t = finished([1, 3, 5])
    t.match("R1-1").mat = "; a record\n"
    export_folder(t, tmp_path, "en")
    page = (tmp_path / "Cup.html").read_text(encoding="utf-8")
    champion, consoled = t.winner(), t.winner("consolation")
    assert champion is not None and consoled is not None
    assert f"Winner: {t.players[champion].name}" in page
    assert f"Consolation draw winner: {t.players[consoled].name}" in page
    m = t.match("R1-1")
    assert m.score is not None
    assert f"<td class=c>{m.score[0]} – {m.score[1]}</td>" in page  # one cell, kept on one line
    assert "Round 1 · 1 point</h3>" in page and "Final · 5 points</h3>" in page
    assert "Length" not in page
    assert '<a href="Cup-matches/R1-1%20' in page and page.count("<a href") == 1  # only the recorded one
    assert (tmp_path / "Cup-matches").is_dir()


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect).copy(), "RGB")


def test_a_notice_on_the_draw_takes_the_line_over_the_list(tmp_path: Path) -> None:
    """The notice is drawn where the page's title was (the line between the call and the list), and
    the title, the call and the list are the same with it and without."""
    app = App(st.Settings(sound=False), Launch(), data_dir=tmp_path, threaded_ai=False)
    app.desk.create(["Anna", "Ben", "Csilla", "Dóra"], "elimination", [1, 3])
    hub = TournamentScene(app)
    app.scenes.push(hub)
    plain = pygame.Surface((1280, 720))
    hub.draw(plain, 1.0)
    hub.say(tr("tourney.result_in", a="Anna", b="Ben", x=1, y=0))
    told = pygame.Surface((1280, 720))
    hub.draw(told, 1.0)
    band = pygame.Rect(sheet.LEFT_X, 140, sheet.LEFT_W, 44)
    above = pygame.Rect(0, 0, 880, band.top)
    below = pygame.Rect(0, sheet.LIST_TOP, 880, 720 - sheet.LIST_TOP)
    assert pixels(told, band) != pixels(plain, band)
    for rect in (above, below):
        assert pixels(told, rect) == pixels(plain, rect)
    app.quit()
    close_screen()


@pytest.mark.slow
@pytest.mark.skipif(
    bool(missing_tools()),
    reason=f"needs {', '.join(missing_tools())} (apt-get install xvfb xdotool imagemagick)",
)
def test_a_whole_tournament_in_a_real_800x480_window(tmp_path: Path) -> None:
    from game.ui.tools.tourney_check import check_export
    from game.ui.tools.tourney_walk import walk

    folder, notes = walk(tmp_path, None, (800, 480), seed=3, board=False)
    assert any("results entered by hand; the winner" in n for n in notes)
    shots = sorted(tmp_path.glob("[0-9][0-9]-*.png"))
    assert len(shots) >= 20 and shots[-1].name.endswith("exported.png")
    checked = check_export(folder, tmp_path)
    assert any(line.endswith("rows of 10 columns") for line in checked)


def test_a_finished_tournament_offers_no_withdrawal(tmp_path: Path) -> None:
    app = App(st.Settings(sound=False), Launch(), data_dir=tmp_path, threaded_ai=False)
    t = app.desk.create(["Anna", "Ben", "Csilla", "Dóra"], "elimination", [1, 1])
    hub = TournamentScene(app)
    app.scenes.push(hub)
    assert tr("tourney.withdraw") in [b.label for b in hub.buttons.buttons]
    while (m := t.next_match()) is not None:
        winner = m.players[0]
        assert winner is not None
        app.desk.enter_typed(m.id, winner, (m.length, 0))
    hub._build()
    labels = [b.label for b in hub.buttons.buttons]
    assert t.finished and tr("tourney.withdraw") not in labels and tr("tourney.export") in labels
    app.quit()
    close_screen()


def test_a_match_cut_off_on_a_laptop_is_continued_from_the_draw(tmp_path: Path) -> None:
    """``--start tournament`` opens the draw; its "Play it here" used to delete the cut-off match's save
    and start it again from 0-0 with full banks. Now the draw says "Continue it here" and the match goes
    on: the same position, score, dice secret and clock. Another match picked starts afresh."""
    from game.engine.serialize import state_to_dict
    from game.session.match_timer import SAVE_EVERY
    from game.ui.scenes.game import GameScene
    from game.ui.tournament.flow import play_here
    from tests.helpers.event_driver import play_turn, steps
    from tests.helpers.ui_driver import press_button

    settings = st.Settings(sound=False, animation="fast")
    app = App(settings, Launch(start="tournament"), data_dir=tmp_path, threaded_ai=False)
    t = app.desk.create(["Anna", "Ben", "Csilla", "Dóra"], "elimination", [3, 3])
    m = t.next_match()
    assert m is not None
    scene = play_here(app, t, m)
    rng = random.Random(3)
    for _ in range(9):
        play_turn(scene, rng)
    steps(app, 0.5)
    app.idle_tick(40.0)  # a long think, cut off before the move
    timer = scene.game.timer
    assert timer is not None
    banks, secret = list(timer.clock.banks), scene.game.match_dice.secret
    position = state_to_dict(scene.game.state)
    app.quit()
    close_screen()

    again = App(settings, Launch(start="tournament"), data_dir=tmp_path, threaded_ai=False)
    first = again.initial_scene()
    assert isinstance(first, TournamentScene)
    again.scenes.push(first)
    labels = [b.label for b in first.buttons.buttons]
    assert tr("tourney.continue_here") in labels and tr("tourney.play_here") not in labels
    press_button(again, tr("tourney.continue_here"))
    back = again.scenes.top
    assert isinstance(back, GameScene) and back.game.setup.tournament == m.id
    assert state_to_dict(back.game.state) == position and back.game.match_dice.secret == secret
    assert back.game.timer is not None
    for mine, theirs in zip(back.game.timer.clock.banks, banks, strict=True):
        # the think is charged, all but a few seconds (less the step the resumed clock ran since)
        assert theirs - 0.1 <= mine <= theirs + SAVE_EVERY
    again.open_tournament()
    hub = again.scenes.top
    assert isinstance(hub, TournamentScene)
    other = next(x for x in t.ready_matches() if x.id != m.id)
    hub.selected = other.id
    hub._build()
    assert tr("tourney.play_here") in [b.label for b in hub.buttons.buttons]
    t2 = again.desk.tournament
    assert t2 is not None
    fresh = play_here(again, t2, t2.match(other.id))
    assert fresh.game.setup.tournament == other.id and fresh.game.match.score == (0, 0)
    again.quit()
    close_screen()


def test_the_walk_reads_the_x_servers_whole_line_and_never_settles_on_a_blank_screen() -> None:
    """Xvfb writes its display number and the newline apart (a pipe closed between them kills it), and
    the window is black until the game's first frame (a black capture is never the first screen)."""
    import os
    import threading
    import time

    from game.ui.tools._xwin import _blank, _read_line

    ready, told = os.pipe()
    os.write(told, b"612")
    later = threading.Timer(0.2, os.write, (told, b"\n"))  # the newline comes after the number
    later.start()
    assert _read_line(ready, time.monotonic() + 5) == b"612\n"
    later.join()
    os.close(told)
    assert _read_line(ready, time.monotonic() + 5) == b""  # its end: no wait for a line that never comes
    os.close(ready)
    screen = pygame.Surface((80, 48))
    assert _blank(screen)
    screen.set_at((40, 24), (20, 20, 20))
    assert not _blank(screen)
