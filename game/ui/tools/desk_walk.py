"""An organiser sets up the tournament desk and joins two boards to it, in real windows, as a person
would: three games, each full screen in an X server of its own (the desk's cabinet, then each
board's). The desk's cabinet opens the desk (``--start desk``, Be the desk); each board opens Join a
desk, taps the desk it found on the network by itself (multicast DNS), types the join code read off
the desk's screen and its number, and joins; the desk's screen then shows both boards with the
matches it called to them. Every screen is captured (``LANG/NN-name.png``) for a person to look at.

Usage: ``.venv/bin/python -m game.ui.tools.desk_walk [OUT] [--lang en ...] [--size 800x480]`` (default
``screenshots/desk_walk``; all three languages). Needs Xvfb, xdotool and ImageMagick. Everything stays
on this machine: the desk listens and is announced on loopback only (``BACKGAMMON_DESK_NETWORK``), at
the desk's port 8470 (the walk stops at once if another program holds it).

How it knows where to tap: a button is found by its words in a headless copy of the same screen
built in this process (the game's own layout); how it knows the games have answered: the desk's
database says a board joined and got its match, and the walk's own search for desks (the same
multicast on the same loopback) has found the desk before a board is shown looking for it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"  # this process's own screens are headless copies
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["BACKGAMMON_DESK_NETWORK"] = "127.0.0.1"  # the games inherit it: nothing leaves this machine

import pygame

from game.desk import service
from game.desk.desk import DB_FILE
from game.desk.discovery import Finder
from game.desk.store import Store
from game.i18n import LANGUAGES, set_language, tr
from game.session import settings as st
from game.tournament import Tournament, TournamentFile
from game.ui import layout as L
from game.ui.app import App, Launch
from game.ui.desk import BoardScene, NetworkScene
from game.ui.desk.scenes import REFRESH
from game.ui.scene import ButtonScene
from game.ui.tools._frames import letterbox
from game.ui.tools._xwin import ROOT, XGame, mean_diff, missing_tools
from game.ui.widgets import Button

NAMES = ["Anna", "Ödön", "Eero", "Fanni", "Väinö", "Zsuzsa", "Ben", "Csilla"]
LIMIT = 60.0
LIKE = 12.0
"""Mean difference per channel under which a button's spot on the real screen shows the headless copy's
button (an empty spot differs by far more)."""


def button(scene: ButtonScene, label: str) -> Button:
    """The headless copy's button ``label`` (the error names the buttons there are)."""
    for b in scene.buttons.buttons:
        if b.label == label:
            return b
    shown = [b.label for b in scene.buttons.buttons]
    raise RuntimeError(f"no button {label!r} on {type(scene).__name__}: {shown}")


def press(x: XGame, scene: ButtonScene, label: str) -> None:
    x.tap(button(scene, label).rect.center)


def button_drawn(x: XGame, scene: ButtonScene, label: str) -> Callable[[pygame.Surface], bool]:
    """Whether a capture shows the button ``label`` where the headless copy of ``scene`` draws it."""
    wanted = button(scene, label)
    picture = pygame.Surface((L.W, L.H))
    scene.draw(picture, 0.0)
    expected = x.region(letterbox(picture, x.window.size), wanted.rect).copy()
    return lambda shot: mean_diff(x.region(shot, wanted.rect), expected) < LIKE


def wait(done: object, what: str) -> None:
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        if callable(done) and done():
            return
        time.sleep(0.2)
    raise RuntimeError(f"gave up waiting: {what}")


def desk_rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    """A look into the desk's database (read only, beside the running desk: SQLite in WAL mode)."""
    store = Store(folder / DB_FILE)
    try:
        return store.rows(sql)
    finally:
        store.close()


def walk_language(out: Path, lang: str, size: tuple[int, int]) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9]-*.png"):
        old.unlink()
    set_language(lang)
    notes: list[str] = []
    base = Path(tempfile.mkdtemp(prefix=f"desk-walk-{lang}-"))
    desk_data = base / "desk-cabinet"
    desk_data.mkdir()
    t = Tournament.create("Club night", NAMES, lengths=[3], lang=lang)
    TournamentFile(desk_data / "tournament.json").attach(t)  # set up before (the tournament's walk)
    copy = App(st.Settings(sound=False, language=lang), Launch(), data_dir=base / "copy", threaded_ai=False)
    args = ["--start", "desk", "--no-sound", "--lang", lang, "--speed", "fast"]
    finder = Finder("127.0.0.1")
    finder.start()
    try:
        with XGame(None, size, desk_data, args, out / "desk") as desk:
            desk.settled("desk-choice")
            press(desk, NetworkScene(copy), tr("desk.be_desk"))
            desk.settled("desk-open", changed=True)
            folder = desk_data / "desk"
            code = str(desk_rows(folder, "SELECT value FROM meta WHERE key = 'join_code'")[0][0])
            wait(lambda: bool(finder.found()), "the walk's own search to find the desk on loopback")
            found = finder.found()[0]
            notes.append(f"{lang}: the desk was found on the network as {found.event!r} at {found.url}")
            for number in ("1", "2"):
                board_data = base / f"board-{number}"
                with XGame(None, size, board_data, args, out / f"board{number}") as board:
                    board.settled(f"board{number}-choice")
                    press(board, NetworkScene(copy), tr("desk.join"))
                    scene = BoardScene(copy)
                    scene.finder = finder  # the same answers the board's search has
                    scene._build()
                    desk_button = tr("desk.board.found_desk", event=found.event, address=found.address)
                    # the board's own search: the capture waits for its answer on the screen
                    board.settled(
                        f"board{number}-found", changed=True, shows=button_drawn(board, scene, desk_button)
                    )
                    press(board, scene, desk_button)
                    scene.address = found.address
                    scene._build()
                    board.settled(f"board{number}-picked", changed=True)
                    press(board, scene, tr("desk.board.code", code="-"))
                    board.settled(f"board{number}-keyboard", changed=True)
                    board.type(code.lower())  # small letters are fine
                    board.key("Return")
                    scene.code = code
                    scene._build()
                    press(board, scene, tr("desk.board.number", number="-"))
                    board.type(number)
                    board.key("Return")
                    scene.number = number
                    scene._build()
                    board.settled(f"board{number}-filled", changed=True)
                    press(board, scene, tr("desk.board.join"))
                    wait(
                        lambda number=number: bool(
                            desk_rows(folder, f"SELECT match FROM assignments WHERE board = 'b{number}'")
                        ),
                        f"board {number} to join and get its match",
                    )
                    # the board asked for its match and got it in the answer it is reading now
                    called = time.monotonic()
                    board.settled(f"board{number}-joined", changed=True)
                    match = desk_rows(folder, f"SELECT match FROM assignments WHERE board = 'b{number}'")
                    notes.append(f"{lang}: board {number} joined and was given match {match[0][0]}")
                # the desk's screen looks at its state every REFRESH seconds: by then it shows the match
                desk.settled(f"desk-board{number}", changed=True, after=called + REFRESH + 0.5)
            notes.append(f"{lang}: {len(list(out.rglob('[0-9][0-9]-*.png')))} screens captured in {out}")
    finally:
        finder.close()
        service.stop_finding()
        shutil.rmtree(base, ignore_errors=True)  # the three games' data folders
    return notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.desk_walk", description=__doc__)
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "screenshots" / "desk_walk")
    parser.add_argument("--lang", action="append", choices=LANGUAGES)
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args(argv)
    lacking = missing_tools()
    if lacking:
        print(f"needs {', '.join(lacking)} (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
        return 2
    with contextlib.closing(socket.socket()) as probe:
        try:
            probe.bind(("127.0.0.1", service.PORT))
        except OSError as exc:
            print(f"the desk's port {service.PORT} is taken here: {exc}", file=sys.stderr)
            return 2
    w, h = (int(v) for v in args.size.split("x"))
    start = time.monotonic()
    for lang in args.lang or LANGUAGES:
        for line in walk_language(args.out.resolve() / lang, lang, (w, h)):
            print(line)
    print(f"walked in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
