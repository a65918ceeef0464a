"""The game in a real X window, driven as a person would: an Xvfb screen, ``main.py`` on it, taps and
keys by ``xdotool``, the screen captured by ImageMagick's ``import`` (``apt-get install xvfb xdotool
imagemagick``). Used by the tournament's walk (``tourney_walk``) and its test.

Why taps at logical points: every screen lays itself out on the 1280x720 picture; the window shows it
scaled and letterboxed (``game.ui.geometry``), so a tap is aimed at the picture's point and turned
into the window's pixel the same way the game turns a pixel back. No wall-clock guess says when the
game has answered: :meth:`XGame.settled` captures until two captures agree.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import pygame

from game.ui.geometry import to_window

ROOT = Path(__file__).resolve().parents[3]
TOOLS = ("Xvfb", "xdotool", "import")
SETTLE_LIMIT = 60.0
"""Seconds a capture waits for the screen to stop changing (a hang fails instead of blocking)."""
TAP_GAP = 0.6
"""Seconds between two taps: more than SDL's double-click time (0.5 s), so two taps are two clicks."""


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


class XGame:
    """An Xvfb screen of ``size`` on ``display`` with ``main.py *args`` full screen on it."""

    def __init__(self, display: str, size: tuple[int, int], data: Path, args: list[str], out: Path) -> None:
        self.display = display
        self.size = size
        self.data = data
        self.args = args
        self.out = out
        self.env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.server: subprocess.Popen[bytes] | None = None
        self.game: subprocess.Popen[bytes] | None = None
        self.window = pygame.Rect(0, 0, *size)
        self.shots: list[Path] = []
        self.last: pygame.Surface | None = None
        self.log = out / "game.log"

    def __enter__(self) -> XGame:
        self.out.mkdir(parents=True, exist_ok=True)
        socket = Path("/tmp/.X11-unix") / f"X{self.display.lstrip(':')}"
        if socket.exists():
            raise RuntimeError(f"display {self.display} is taken: pick another (--display)")
        screen = f"{self.size[0]}x{self.size[1]}x24"
        self.server = subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", screen, "-nolisten", "tcp", "-br", "-noreset"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait(socket.exists, "the X server did not start")
        self._start_game()
        return self

    def _start_game(self) -> None:
        command = [sys.executable, "main.py", "--fullscreen", "--data-dir", str(self.data), *self.args]
        with self.log.open("ab") as log:
            self.game = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=log)
        self._wait(self._found_window, "the game window never appeared")

    def pull_the_plug(self) -> None:
        """``kill -9`` the game (nothing of it runs after: no handler, no last save), then start it again
        with the same command line, as the cabinet's service would after a power cut."""
        assert self.game is not None
        self.game.send_signal(signal.SIGKILL)
        self.game.wait(timeout=30)
        self._wait(
            lambda: not self._xdotool("search", "--onlyvisible", "--class", "main.py").split(),
            "a window stayed",
        )
        self._start_game()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        for proc in (self.game, self.server):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()

    def _wait(self, done: object, what: str) -> None:
        deadline = time.monotonic() + SETTLE_LIMIT
        while time.monotonic() < deadline:
            if callable(done) and done():
                return
            if self.game is not None and self.game.poll() is not None:
                raise RuntimeError(f"the game ended ({self.game.returncode}); see {self.log}")
            time.sleep(0.2)
        raise RuntimeError(what)

    def _xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        return done.stdout

    def _found_window(self) -> bool:
        ids = self._xdotool("search", "--onlyvisible", "--class", "main.py").split()
        if not ids:
            return False
        shell = self._xdotool("getwindowgeometry", "--shell", ids[0])
        g = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        if not {"X", "Y", "WIDTH", "HEIGHT"} <= g.keys():
            return False
        self.window = pygame.Rect(int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"]))
        return self.window.size == self.size

    # -- the hands ---------------------------------------------------------------------------------

    def alive(self) -> None:
        if self.server is None or self.server.poll() is not None:
            code = None if self.server is None else self.server.returncode
            raise RuntimeError(f"the X server {self.display} ended ({code})")
        if self.game is None or self.game.poll() is not None:
            raise RuntimeError(f"the game is not running; see {self.log}")

    def tap(self, pos: tuple[float, float], gap: float = TAP_GAP) -> None:
        """A tap on the logical picture's point ``pos`` (1280x720 coordinates)."""
        self.alive()
        x, y = to_window((pos[0] + 0.5, pos[1] + 0.5), self.window.size, 0)
        self._xdotool("mousemove", str(self.window.x + x), str(self.window.y + y), "click", "1")
        time.sleep(gap)

    def key(self, *names: str) -> None:
        self.alive()
        for name in names:
            self._xdotool("key", name)
            time.sleep(0.15)

    def type(self, text: str) -> None:
        """Typed on the keyboard (SDL's text input gets the characters, accents included)."""
        self.alive()
        self._xdotool("type", "--delay", "80", text)
        time.sleep(0.2)

    # -- the eyes ----------------------------------------------------------------------------------

    def grab(self, path: Path) -> pygame.Surface:
        subprocess.run(
            ["import", "-window", "root", str(path)], env=self.env, check=True, capture_output=True
        )
        return pygame.image.load(str(path))

    def settled(self, name: str, *, changed: bool = False) -> Path:
        """The screen once two captures in a row agree, saved as ``NN-name.png``; ``changed``: and it
        differs from the last one saved (the input before was answered)."""
        path = self.out / f"{len(self.shots) + 1:02d}-{name}.png"
        scratch = self.out / "scratch.png"
        deadline = time.monotonic() + SETTLE_LIMIT
        before: pygame.Surface | None = None
        while time.monotonic() < deadline:
            self.alive()
            shot = self.grab(scratch)
            fresh = not changed or self.last is None or not _same(shot, self.last)
            if fresh and before is not None and _same(shot, before):
                shutil.move(str(scratch), path)
                self.shots.append(path)
                self.last = shot
                return path
            before = shot
            time.sleep(0.25)
        raise RuntimeError(f"the screen did not settle at {name}")


__all__ = ["ROOT", "XGame", "missing_tools"]
