"""The game in a real X window, driven as a person would: an Xvfb screen, ``main.py`` on it, taps and
keys by ``xdotool``, the screen captured by ImageMagick's ``import`` (``apt-get install xvfb xdotool
imagemagick``). Used by the tournament's walk (``tourney_walk``) and its test.

Why taps at logical points: every screen lays itself out on the 1280x720 picture; the window shows it
scaled and letterboxed (``game.ui.geometry``), so a tap is aimed at the picture's point and turned
into the window's pixel the same way the game turns a pixel back. No wall-clock guess says when the
game has answered: :meth:`XGame.settled` captures until two captures agree, and the first tap waits
for the game's own word that it is up (``READY=1``), never for its first window (see ``_start_game``).
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

import pygame

from game.tools import CHECKOUT
from game.ui.geometry import to_window

ROOT = CHECKOUT
TOOLS = ("Xvfb", "xdotool", "import")
SETTLE_LIMIT = 60.0
"""Seconds a capture waits for the screen to stop changing (a hang fails instead of blocking)."""
DISPLAYS = range(300, 900)
"""Where a free display number is picked (at random: two walks, or a walk and another test's X server,
started at once rarely pick the same)."""
TAP_GAP = 0.6
"""Seconds between two taps on one spot: more than SDL's double-click time (0.5 s), so two taps are two
clicks; also the most a tap waits for the screen to answer it (see :meth:`XGame.tap`)."""
NEAR = 64
"""Window pixels within which a tap counts as on the last one's spot (SDL's double-click radius is 32)."""
POLL = 0.05
"""Seconds between two captures while a tap's answer is awaited (a capture itself takes about 0.1 s)."""


def taken_displays() -> set[int]:
    """Display numbers in use here: lock files, socket files, and abstract X sockets (which an X server
    in another container on this machine may hold with no file that this one can see)."""
    taken = {int(p.name[2:-5]) for p in Path("/tmp").glob(".X*-lock") if p.name[2:-5].isdigit()}
    sockets = Path("/tmp/.X11-unix")
    if sockets.is_dir():
        taken |= {int(p.name[1:]) for p in sockets.glob("X*") if p.name[1:].isdigit()}
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/unix").read_text().splitlines():
            name = line.split()[-1]
            if "/.X11-unix/X" in name and name.rsplit("X", 1)[1].isdigit():
                taken.add(int(name.rsplit("X", 1)[1]))
    return taken


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


INPUTS = ("mousemove", "click", "key", "type", "mousedown", "mouseup")


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def mean_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference per channel (0..255) of two pictures of one size."""
    up, down = pygame.Surface(a.get_size(), 0, 24), pygame.Surface(a.get_size(), 0, 24)
    up.blit(a, (0, 0))
    up.blit(b, (0, 0), special_flags=pygame.BLEND_SUB)
    down.blit(b, (0, 0))
    down.blit(a, (0, 0), special_flags=pygame.BLEND_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_ADD)
    return float(sum(pygame.transform.average_color(up)[:3]) / 3)


def _read_line(fd: int, deadline: float) -> bytes:
    """What the X server wrote to its ``-displayfd`` pipe, up to its newline (or its end, or the
    deadline). The whole line: it writes the number and the newline apart, and a pipe closed between
    the two kills it ("Cannot write display number")."""
    said = b""
    while b"\n" not in said:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 64)
        if not chunk:
            break
        said += chunk
    return said


def _blank(shot: pygame.Surface) -> bool:
    """Every pixel one colour (the window before the game's first frame)."""
    w, h = shot.get_size()
    same = pygame.mask.from_threshold(shot, shot.get_at((0, 0)), (1, 1, 1, 255))
    return bool(same.count() == w * h)


def _said_ready(sock: socket.socket) -> bool:
    try:
        return b"READY=1" in sock.recv(4096)
    except TimeoutError:
        return False


class XGame:
    """An Xvfb screen of ``size`` on ``display`` with ``main.py *args`` full screen on it."""

    def __init__(
        self, display: str | None, size: tuple[int, int], data: Path, args: list[str], out: Path
    ) -> None:
        self.display = display or ""
        """Empty: a free display number is picked (and another if its server cannot start)."""
        self.size = size
        self.data = data
        self.args = args
        self.out = out
        self.env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
        self.env.update(DISPLAY=self.display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.server: subprocess.Popen[bytes] | None = None
        self.game: subprocess.Popen[bytes] | None = None
        self.window = pygame.Rect(0, 0, *size)
        self.shots: list[Path] = []
        self.last: pygame.Surface | None = None
        self.log = out / "game.log"
        self.tapped: tuple[float, float, float] | None = None
        """The last tap: window x, y and when (monotonic)."""
        self.seen: pygame.Surface | None = None
        """The last capture while no key was sent after it (the screen a tap is made on)."""

    def __enter__(self) -> XGame:
        self.out.mkdir(parents=True, exist_ok=True)
        tries = 1 if self.display else 10
        trouble: str | None = ""
        for _ in range(tries):
            display = self.display or f":{random.choice([n for n in DISPLAYS if n not in taken_displays()])}"
            trouble = self._start_server(display)
            if trouble is None:
                self.display = display
                self.env["DISPLAY"] = display
                break
            if tries == 1:
                raise RuntimeError(
                    f"the X server {display} did not start: {trouble} (pick another --display)"
                )
        else:
            raise RuntimeError(f"no X server could be started; the last one: {trouble}")
        self._start_game()
        return self

    def _start_server(self, display: str) -> str | None:
        """Start Xvfb on ``display``: None once it takes connections on all its sockets, else why not.

        Why so careful: a client (the game, xdotool, import) reaches a display by its abstract socket
        first. A server that could not bind it (held by an X server this process cannot see, in
        another container, or one started at the same moment) runs on, and everything meant for it
        lands on the other one. ``-displayfd``: the server says when it is ready (no guess of how long
        a start takes)."""
        number = display.lstrip(":")
        if number.isdigit() and int(number) in taken_displays():
            return f"display {display} is taken"
        ready, told = os.pipe()
        log = self.out / "xvfb.log"
        with log.open("wb") as err:
            self.server = subprocess.Popen(
                ["Xvfb", display, "-screen", "0", f"{self.size[0]}x{self.size[1]}x24"]
                + ["-nolisten", "tcp", "-br", "-noreset", "-displayfd", str(told)],
                stdout=subprocess.DEVNULL,
                stderr=err,
                pass_fds=(told,),
            )
        os.close(told)
        try:
            said = _read_line(ready, time.monotonic() + SETTLE_LIMIT)
        finally:
            os.close(ready)
        text = log.read_text(errors="replace")
        if said.strip().isdigit() and self.server.poll() is None and "failed" not in text:
            return None
        self._stop(self.server)
        self.server = None
        lines = [line for line in text.splitlines() if line.strip()]
        return lines[-1] if lines else "it did not say it was ready"

    def _start_game(self) -> None:
        """Start the game and return once it said READY=1 (systemd's ``NOTIFY_SOCKET``: sent after the
        first pass of its loop, its first frame on the screen), then find its window.

        Why not the first window seen: the game's first X window is replaced by another a moment
        later (the GPU path's renderer makes SDL create the window again), and until the first frame
        it is black. A tap in that moment went to a window that was gone, and under load the black
        picture stood still long enough to pass for the first screen: the walk then ran one tap
        behind ("New tournament" lost, "Add a player" landing on the draw's "New tournament" in the
        same spot, the name's letters on the set-up screen: "did not settle at keyboard-anna")."""
        command = [sys.executable, "main.py", "--fullscreen", "--data-dir", str(self.data), *self.args]
        folder = Path(tempfile.mkdtemp(prefix="xwin-"))
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.bind(str(folder / "notify"))
                sock.settimeout(0.2)
                env = {**self.env, "NOTIFY_SOCKET": str(folder / "notify")}
                with self.log.open("ab") as log:
                    self.game = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
                self._wait(lambda: _said_ready(sock), "the game did not say READY=1")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        self._wait(self._found_window, "the game window never appeared")

    def pull_the_plug(self) -> None:
        """``kill -9`` the game (nothing of it runs after: no handler, no last save), then start it again
        with the same command line, as the cabinet's service would after a power cut."""
        assert self.game is not None
        self.seen = None
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
            if proc is not None:
                self._stop(proc)

    @staticmethod
    def _stop(proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is None:
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
        """xdotool's answer; a failure is raised, never passed over (a tap lost without a word leaves
        the walk waiting for an answer to an input that was never made)."""
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30)
        if done.returncode != 0 and args[0] in INPUTS:  # a look (search) may find no window yet
            raise RuntimeError(f"xdotool {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
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
        """A tap on the logical picture's point ``pos`` (1280x720 coordinates), then a wait for the
        screen to answer it: until it has changed and two captures agree, or ``gap`` seconds at most
        (a tap that changes nothing on the screen costs what a fixed gap cost). A tap on the last
        tap's spot also waits until ``gap`` has passed since that one (no double-click)."""
        self.alive()
        x, y = to_window((pos[0] + 0.5, pos[1] + 0.5), self.window.size, 0)
        if self.tapped is not None and math.dist((x, y), self.tapped[:2]) <= NEAR:
            time.sleep(max(0.0, self.tapped[2] + gap - time.monotonic()))
        before = self.seen if self.seen is not None else self.grab()
        self._xdotool("mousemove", str(self.window.x + x), str(self.window.y + y), "click", "1")
        self.tapped = (x, y, time.monotonic())
        self._answered(before, self.tapped[2] + gap)

    def _answered(self, before: pygame.Surface, deadline: float) -> None:
        """Return once the screen differs from ``before`` and two captures in a row agree, or at
        ``deadline``."""
        seen: pygame.Surface | None = None
        while time.monotonic() < deadline:
            time.sleep(POLL)
            shot = self.grab()
            if seen is not None and _same(shot, seen) and not _same(shot, before):
                return
            seen = shot

    def key(self, *names: str) -> None:
        self.alive()
        self.seen = None
        for name in names:
            self._xdotool("key", name)
            time.sleep(0.15)

    def type(self, text: str) -> None:
        """Typed on the keyboard (SDL's text input gets the characters, accents included)."""
        self.alive()
        self.seen = None
        self._xdotool("type", "--delay", "80", text)
        time.sleep(0.2)

    # -- the eyes ----------------------------------------------------------------------------------

    def grab(self) -> pygame.Surface:
        """The X screen now. Written as an uncompressed BMP: the waits capture many times a second, and
        a PNG costs half as much again to write and read."""
        scratch = self.out / ".grab.bmp"
        subprocess.run(
            ["import", "-window", "root", f"bmp3:{scratch}"], env=self.env, check=True, capture_output=True
        )
        self.seen = pygame.image.load(str(scratch))
        scratch.unlink()
        return self.seen

    def settled(
        self,
        name: str,
        *,
        changed: bool = False,
        after: float = 0.0,
        shows: Callable[[pygame.Surface], bool] | None = None,
    ) -> Path:
        """The screen once two captures in a row agree, saved as ``NN-name.png``; ``changed``: and it
        differs from the last one saved (the input before was answered); ``after``: and the first of
        the two was taken after that moment (monotonic: what the game is known to show by then);
        ``shows``: and it says yes to the picture (what the walk waits for is on it). A blank screen
        never counts: the window is up before the game has drawn into it, and under load that black
        picture stood still long enough for two captures to agree."""
        path = self.out / f"{len(self.shots) + 1:02d}-{name}.png"
        deadline = time.monotonic() + SETTLE_LIMIT
        before: pygame.Surface | None = None
        while time.monotonic() < deadline:
            self.alive()
            taken = time.monotonic()
            shot = self.grab()
            fresh = not changed or self.last is None or not _same(shot, self.last)
            wanted = fresh and not _blank(shot) and (shows is None or shows(shot))
            if wanted and before is not None and _same(shot, before):
                pygame.image.save(shot, str(path))
                self.shots.append(path)
                self.last = shot
                return path
            before = shot if taken >= after else None
            time.sleep(POLL)
        raise RuntimeError(self._gave_up(name, before, path, shows))

    def region(self, shot: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
        """The part of a capture that shows the logical picture's ``rect`` (1280x720 coordinates)."""
        left, top = to_window(rect.topleft, self.window.size, 0)
        right, bottom = to_window(rect.bottomright, self.window.size, 0)
        return shot.subsurface(pygame.Rect(left, top, right - left, bottom - top).clip(shot.get_rect()))

    def _gave_up(
        self,
        name: str,
        shot: pygame.Surface | None,
        path: Path,
        shows: Callable[[pygame.Surface], bool] | None = None,
    ) -> str:
        """Why a capture gave up, with the evidence saved beside it: the screen as last seen
        (``NN-name-gave-up.png``), whether it still showed the last screen saved (the input was never
        answered), never showed what was awaited, or kept changing, and the end of the game's log."""
        why = "no capture"
        if shot is not None:
            seen = path.with_name(f"{path.stem}-gave-up.png")
            pygame.image.save(shot, str(seen))
            if self.last is not None and _same(shot, self.last):
                why = f"it still showed {self.shots[-1].name} (the input was not answered); see {seen}"
            elif shows is not None and not shows(shot):
                why = f"it never showed what the walk waits for; last seen: {seen}"
            else:
                why = f"it kept changing; last seen: {seen}"
        tail = self.log.read_text(errors="replace").splitlines()[-15:] if self.log.exists() else []
        told = "\n".join(tail)
        return f"the screen did not settle at {name} in {SETTLE_LIMIT:.0f} s: {why}\ngame log:\n{told}"


__all__ = ["ROOT", "XGame", "mean_diff", "missing_tools", "taken_displays"]
