"""A real X server without a window manager (Xvfb), the game in it, and its window's place."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.ui.tools._xwin import taken_displays
from tests.helpers.paths import ROOT
from tests.helpers.waiting import HANG_LIMIT, readable, running_game

TOOLS = ("Xvfb", "xdotool", "import")


MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]


def game_env(display: str | None, data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "DISPLAY")}
    env.update(SDL_AUDIODRIVER="dummy", BACKGAMMON_DATA_DIR=str(data), PYGAME_HIDE_SUPPORT_PROMPT="1")
    if display is None:
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env["DISPLAY"] = display
    return env


def _said_ready(pipe: int) -> bool:
    """Whether the X server wrote its display number to ``pipe`` (``-displayfd``: it does so once it
    takes connections), False if it ended first. No guess of how long a start takes: the wait ends when
    it speaks; HANG_LIMIT only stops a server hung at its start from blocking the suite."""
    return readable(pipe, HANG_LIMIT) and os.read(pipe, 64).strip().isdigit()


@contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    """An X server with one screen of ``size`` and a black root window; yields its DISPLAY once the
    server takes connections.

    The display number is picked at random among free ones, and a server that could not open
    all its sockets is dropped for another number: with a socket name held elsewhere, clients
    would reach the other server. ``-noreset``: by default an X server resets when its last
    client leaves, and a game connecting just after an earlier client left found no display now
    and then.
    """
    screen = f"{size[0]}x{size[1]}x24"
    for _ in range(10):
        number = random.choice([n for n in range(300, 900) if n not in taken_displays()])
        display = f":{number}"
        ready, told = os.pipe()
        with tempfile.TemporaryFile() as log:
            server = subprocess.Popen(
                ["Xvfb", display, "-screen", "0", screen, "-nolisten", "tcp", "-br", "-noreset"]
                + ["-displayfd", str(told)],
                stdout=subprocess.DEVNULL,
                stderr=log,
                pass_fds=(told,),
            )
            os.close(told)
            try:
                started = _said_ready(ready)
                log.seek(0)
                trouble = log.read().decode(errors="replace")
                if not started or server.poll() is not None or "failed" in trouble:
                    continue  # another number
                try:
                    yield display
                except BaseException:
                    log.seek(0)
                    state = "running" if server.poll() is None else f"exited with {server.returncode}"
                    text = log.read().decode(errors="replace")
                    print(f"Xvfb {display} {state}; its log:\n{text}", file=sys.stderr)
                    raise
                return
            finally:
                os.close(ready)
                server.terminate()
                server.wait(timeout=HANG_LIMIT)
    raise AssertionError("no X server could be started")


@contextmanager
def game(
    display: str, data: Path, present: str, *args: str, log: list[str] | None = None
) -> Iterator[subprocess.Popen[str]]:
    """``main.py`` on ``display``, handed over once it runs (it said READY=1: its window is up); at the
    end, its log (also added to ``log``) must name the path asked for (the GPU path must not have
    quietly fallen back to the CPU's: llvmpipe gives Xvfb OpenGL)."""
    err = ""
    with running_game(
        ["main.py", "--seed", "7", "--present", present, *args],
        cwd=ROOT,
        env=game_env(display, data),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        try:
            yield proc
        finally:
            proc.terminate()
            err = proc.communicate(timeout=HANG_LIMIT)[1]
    if log is not None:
        log.append(err)
    told = [line for line in err.splitlines() if line.startswith("display:")]
    assert told and told[0].startswith(f"display: {present} path"), err


def window_geometry(display: str, proc: subprocess.Popen[str]) -> pygame.Rect:
    """The game window's place on the X screen, once it is mapped and two looks agree (while it
    is being mapped or made full screen a look may find a window that is gone the next moment)."""
    env = {**os.environ, "DISPLAY": display}
    deadline = time.monotonic() + HANG_LIMIT  # the window is up (READY=1): only X's own settling
    last: pygame.Rect | None = None
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()[1]
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--class", "main.py"],
            env=env,
            capture_output=True,
            text=True,
        )
        ids = found.stdout.split()
        if ids:
            shell = subprocess.run(
                ["xdotool", "getwindowgeometry", "--shell", ids[0]], env=env, capture_output=True, text=True
            ).stdout
            g = dict(line.split("=", 1) for line in shell.split() if "=" in line)
            if {"X", "Y", "WIDTH", "HEIGHT"} <= g.keys():
                rect = pygame.Rect(int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"]))
                if rect == last:
                    return rect
                last = rect
        time.sleep(0.2)
    raise AssertionError("the game window never appeared")
