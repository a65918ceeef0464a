"""The real-window tour's hands and eyes: an X server, the game in it, clicks, holds and captures, and
a headless twin of the game that says where each button is.

Why a twin: a person finds a button by reading its label; the tour does the same by asking a headless
App, driven by the same clicks from the same start (same settings, same seed, the computer at once),
where the button with that label is drawn, then clicks that spot of the real screen through the X
server (``xdotool``), which maps it through the game's own letterbox. The real game and its twin stay
in step on the screens the tour walks (menus, keypads, Learn to play), which are deterministic.

Needs ``Xvfb``, ``xdotool`` and ImageMagick's ``import`` (``apt-get install xvfb xdotool imagemagick``).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"  # the twin (in this process) is headless; the game is not
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"  # SIGTERM/Ctrl-C end the tour (and, on the way, its X server)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.session import settings as st
from game.tools import CHECKOUT
from game.ui.app import App
from game.ui.cli import parse_args
from game.ui.geometry import to_window
from game.ui.tools._frames import letterbox
from game.ui.tools._xwin import mean_diff
from game.ui.widgets import Button, ButtonGroup

ROOT = CHECKOUT
TOOLS = ("Xvfb", "xdotool", "import")
WAIT = 120.0
"""Seconds a wait for the X server, the game or a settled screen may last before the tour gives up
(a hang, not a guess of the time needed: every wait ends the moment its sign comes)."""
STEP = 1 / 60
APART = 0.6
"""Seconds between two taps of the tour: more than SDL's double-click time (0.5 s)."""
MATCH = 4.0
"""Mean difference per channel under which a capture shows the twin's frame (the real-window tests
measured under 1 for the same picture; a hover or a focus ring adds a little)."""


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


@contextmanager
def xserver(display: str, size: tuple[int, int]) -> Iterator[str]:
    """Xvfb on ``display`` with one screen of ``size``, no window manager (a bare kiosk session)."""
    ready, told = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp", "-noreset"]
        + ["-displayfd", str(told)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(told,),
    )
    os.close(told)
    try:
        with os.fdopen(ready, "rb") as pipe:
            if not pipe.readline().strip().isdigit():
                raise SystemExit(f"Xvfb {display} did not start (is the display taken?)")
        yield display
    finally:
        server.terminate()
        server.wait(timeout=WAIT)


class RealGame:
    """``main.py`` full screen on an X screen; clicks and holds in logical coordinates, captures."""

    def __init__(self, display: str, screen: tuple[int, int], data: Path, args: list[str]) -> None:
        self.display = display
        self.screen = screen
        self.clicked = 0.0
        kept = ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "SDL_NO_SIGNAL_HANDLERS")
        self.env = {k: v for k, v in os.environ.items() if k not in kept}
        self.env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", BACKGAMMON_DATA_DIR=str(data))
        folder = Path(tempfile.mkdtemp(prefix="bg-tour-"))
        self.folder = folder
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(str(folder / "notify"))
        command = [sys.executable, *args] if args[0].startswith("-m") else [sys.executable, "main.py", *args]
        self.proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**self.env, "NOTIFY_SOCKET": str(folder / "notify")},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        sock.settimeout(WAIT)
        try:
            while b"READY=1" not in sock.recv(4096):
                pass
        except TimeoutError:
            self.stop()
            raise SystemExit("the game did not say READY=1") from None
        finally:
            sock.close()

    def stop(self) -> str:
        """End the game; its log (stderr)."""
        if self.proc.poll() is None:
            self.proc.terminate()
        err = self.proc.communicate(timeout=WAIT)[1] or ""
        shutil.rmtree(self.folder, ignore_errors=True)
        return err

    def _x(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=WAIT)

    def at(self, pos: tuple[float, float]) -> tuple[str, str]:
        x, y = to_window((pos[0] + 0.5, pos[1] + 0.5), self.screen, 0)  # full screen at 0,0
        return str(x), str(y)

    def click(self, pos: tuple[float, float]) -> None:
        """A tap as a person makes it: never within SDL's double-click time of the last one (two quick
        taps on one spot are a double-click, which most buttons ignore)."""
        time.sleep(max(0.0, self.clicked + APART - time.monotonic()))
        self._x("mousemove", *self.at(pos), "click", "1")
        self.clicked = time.monotonic()

    def hold(self, pos: tuple[float, float], seconds: float) -> None:
        self._x("mousemove", *self.at(pos), "mousedown", "1")
        time.sleep(seconds)
        self._x("mouseup", "1")

    def key(self, *names: str) -> None:
        self._x("key", "--delay", "80", *names)

    def shot(self, path: Path, expected: pygame.Surface, settle: float = 15.0) -> float:
        """The X screen saved to ``path`` once it shows ``expected`` (the twin's frame, letterboxed)
        and two captures agree; a screen that keeps moving (the demo) or never shows it is taken as it
        is after ``settle`` seconds. Returns the capture's mean difference from ``expected``."""
        if self.proc.poll() is not None:
            raise SystemExit("the game ended:\n" + (self.proc.communicate()[1] or "")[-3000:])
        start = time.monotonic()
        previous: pygame.Surface | None = None
        while True:
            subprocess.run(
                ["import", "-window", "root", str(path)], env=self.env, check=True, capture_output=True
            )
            shot = pygame.image.load(str(path))
            off = mean_diff(shot, expected)
            still = previous is not None and mean_diff(shot, previous) == 0.0
            if (off < MATCH and still) or time.monotonic() - start > settle:
                return off
            previous = shot
            time.sleep(0.2)

    def still(self, path: Path, settle: float = 15.0, unlike: pygame.Surface | None = None) -> pygame.Surface:
        """The X screen saved to ``path`` once two captures agree (and, given ``unlike``, once it no
        longer shows that picture): a screen the twin does not draw, waited for as a person waits
        for it to settle. After ``settle`` seconds it is taken as it is."""
        start = time.monotonic()
        previous: pygame.Surface | None = None
        while True:
            if self.proc.poll() is not None:
                raise SystemExit("the game ended:\n" + (self.proc.communicate()[1] or "")[-3000:])
            subprocess.run(
                ["import", "-window", "root", str(path)], env=self.env, check=True, capture_output=True
            )
            shot = pygame.image.load(str(path))
            changed = unlike is None or mean_diff(shot, unlike) >= MATCH
            if (changed and previous is not None and mean_diff(shot, previous) == 0.0) or (
                time.monotonic() - start > settle
            ):
                return shot
            previous = shot
            time.sleep(0.2)


class Twin:
    """A headless App driven by the same clicks as the real game: it says where a label is drawn."""

    def __init__(self, app: App) -> None:
        self.app = app
        app.scenes.push(app.initial_scene())
        self.steps(10)

    def steps(self, n: int) -> None:
        for _ in range(n):
            self.app.step(STEP)
        self.app.draw(0.0)

    def until(self, done: Callable[[App], bool], limit: int = 6000) -> None:
        """Step until ``done`` says the twin has reached what the walk waits for (the real game gets
        there by itself at its own pace; the capture then waits for its screen to match)."""
        for _ in range(limit):
            if done(self.app):
                break
            self.app.step(STEP)
        self.steps(2)

    def groups(self) -> list[ButtonGroup]:
        top = self.app.scenes.top
        return [value for value in vars(top).values() if isinstance(value, ButtonGroup)] if top else []

    def find(self, label: str) -> Button:
        """The visible button whose label is ``label`` (spaces and case aside) on the top screen."""
        want = " ".join(label.split()).casefold()
        seen = []
        for group in self.groups():
            for b in group.buttons:
                if getattr(b, "visible", True):
                    seen.append(b.label)
                    if " ".join(b.label.split()).casefold() == want:
                        return b
        raise SystemExit(f"no button {label!r} on {type(self.app.scenes.top).__name__}: {seen}")

    def press(self, pos: tuple[int, int], up: bool = True) -> None:
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=1, touch=False)
        self.app.handle_event(event)
        self.steps(1)
        if up:
            self.release(pos)

    def release(self, pos: tuple[int, int]) -> None:
        self.app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
        self.steps(3)


def screen_size(text: str) -> tuple[int, int]:
    """``800x480`` as (800, 480)."""
    w, h = text.lower().split("x")
    return int(w), int(h)


def fresh_data(scratch: Path, settings: Mapping[str, object]) -> Path:
    """A fresh data folder in ``scratch`` with ``settings`` saved in it (none: the defaults)."""
    data = Path(tempfile.mkdtemp(prefix="data-", dir=scratch))
    if settings:
        saved = {"version": 1, "settings": dict(settings)}
        (data / "settings.json").write_text(json.dumps(saved), encoding="utf-8")
    return data


def twin_of(scratch: Path, data: Path, args: list[str]) -> Twin:
    """The headless App of the same start: the same flags, the data folder's settings and saves (a
    copy, so that the twin's saves never touch the real game's files). Made again from the real
    game's folder later, it resumes the real game's autosave (the kiosk brings a young save back)."""
    copy = Path(tempfile.mkdtemp(prefix="twin-", dir=scratch))
    shutil.copytree(data, copy, dirs_exist_ok=True)
    launch, parsed = parse_args([a for a in args if a != "--fullscreen"])
    stored, _ = st.load_settings_checked(copy)
    settings = st.apply_arguments(stored, parsed)
    return Twin(App(settings, launch, data_dir=copy, threaded_ai=False, stored=stored))


class Walk:
    """The real game and its twin, clicked together; every capture named and kept."""

    def __init__(self, game: RealGame, twin: Twin, out: Path, prefix: str) -> None:
        self.game, self.twin, self.out, self.prefix = game, twin, out, prefix
        self.shots: list[Path] = []
        self.off: dict[str, float] = {}
        """Each capture's mean difference from the twin's frame, by name."""

    def click(self, label: str) -> None:
        centre = self.twin.find(label).rect.center
        self.game.click(centre)
        self.twin.press(centre)

    def tap(self, pos: tuple[int, int]) -> None:
        self.game.click(pos)
        self.twin.press(pos)

    def hold(self, pos: tuple[int, int], seconds: float) -> None:
        self.twin.press(pos, up=False)
        self.twin.steps(round(seconds / STEP))
        self.game.hold(pos, seconds)
        self.twin.release(pos)

    def shot(self, name: str, settle: float = 15.0) -> Path:
        """Capture the real screen; say when it does not show what the twin draws (a moving screen, or
        the two out of step: the picture is kept either way, to be looked at)."""
        path = self.out / f"{self.prefix}_{name}.png"
        off = self._seen(path, settle)
        self.shots.append(path)
        self.off[name] = off
        note = "" if off < MATCH else f"  (differs from the twin's frame by {off:.1f}/255)"
        print(f"{path}{note}", flush=True)
        return path

    def wait(self, settle: float = 15.0) -> float:
        """Wait for the real screen to show the twin's frame, as a person waits for the screen to
        settle before the next tap (the capture is not kept); its mean difference."""
        return self._seen(self.out / f".{self.prefix}_waiting.png", settle)

    def _seen(self, path: Path, settle: float) -> float:
        self.twin.app.draw(0.0)
        return self.game.shot(path, letterbox(self.twin.app.screen, self.game.screen), settle)


__all__ = [
    "ROOT",
    "RealGame",
    "Twin",
    "Walk",
    "fresh_data",
    "missing_tools",
    "screen_size",
    "twin_of",
    "xserver",
]
