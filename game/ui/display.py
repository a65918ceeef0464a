"""Everything between the logical 1280x720 picture and the real screen.

The scenes draw on one logical surface of ``W`` x ``H`` pixels; :class:`Display` owns the real
window and, on :meth:`Display.present`, scales that picture into it with black bars on the sides
that do not fit (letterbox), turned by 0, 90, 180 or 270 degrees for a screen mounted sideways or
upside down (plus an optional half turn at draw time for the far player at a cocktail table).
:meth:`Display.map_event` takes pointer and touch positions the other way, from the window back
through the letterbox and the turn to logical coordinates, so the scenes never see the screen.

Why not ``pygame.SCALED``: SCALED with FULLSCREEN creates a window of the logical size and asks the
window manager to make it full screen; in an X session without one (the usual ``xinit`` kiosk) the
X window stays 1280x720 while SDL renders a 1920x1080 viewport into it, a zoomed corner of the
board. A plain FULLSCREEN window at the desktop's size starts at 0,0 with or without a window
manager (and under Wayland and KMS/DRM). SCALED cannot turn the picture either.

Two ways to the screen (``--present``): where an accelerated SDL renderer can be had (OpenGL ES 2
or desktop GL, :mod:`game.ui.gpu`), the window is opened for it and the GPU letterboxes and turns the
picture. Enlarging, the GPU scales it too, the CPU only copying the rows that changed into a texture;
shrinking, the CPU smoothscales it to the small size shown first (GL's bilinear filter aliases text
when it shrinks by much, :func:`game.ui.geometry.prescaled_size`) and the GPU draws that 1:1.
Elsewhere (the dummy driver, an SDL without GL) the CPU path above stays. Either way a frame whose
picture is the same as the one on screen is not presented at all (:class:`FrameChanges`): the
demo's pauses, the computer thinking and a standing message cost no presenting.
"""

from __future__ import annotations

import glob
import os
import sys
import warnings
from collections.abc import Sequence

import pygame

from game.ui.geometry import (
    BAND,
    ROTATIONS,
    WINDOW_EVENTS,
    FrameChanges,
    changed_rows,
    fit,
    picture_rect,
    prescaled_size,
    texture_quad,
    to_logical,
    to_window,
    turned_size,
    usable_desktop,
    window_size,
)
from game.ui.gpu import GpuScreen
from game.ui.layout import H, W
from game.ui.shrink import Shrinker

HEADLESS_DRIVERS = ("dummy", "offscreen")
"""SDL video drivers that draw to no screen at all."""

PRESENT_PATHS = ("gpu", "software")
"""``--present``: ``gpu`` (the default) takes an accelerated renderer where one can be had and the
CPU path elsewhere; ``software`` forces the CPU path (to compare, or to work around a GL driver)."""


# ---------------------------------------------------------------------------------------------
# No silent black screen


def _dri_problem() -> str:
    """Why KMS/DRM is not usable, as far as the device files tell."""
    cards = sorted(glob.glob("/dev/dri/card*"))
    if not cards:
        return "no KMS/DRM device (/dev/dri/card*: none; on a Raspberry Pi enable dtoverlay=vc4-kms-v3d)"
    denied = [c for c in cards if not os.access(c, os.R_OK | os.W_OK)]
    if denied:
        return (
            f"no permission to open {denied[0]} (add the user to the video and render groups: "
            "sudo usermod -aG video,render $USER, then log in again)"
        )
    return "KMS/DRM could not be opened (the console may be in use, or the installed SDL lacks KMSDRM)"


def screen_problem(headless: bool) -> str | None:
    """Open SDL's video; when it can draw on no screen and the run is not headless, say why.

    SDL falls back to its ``offscreen`` driver when neither X11, Wayland nor KMS/DRM can be opened:
    the game would then run for ever with nothing on screen and nothing in the log, and a cabinet's
    service would look healthy. ``SDL_VIDEODRIVER=dummy`` (or ``offscreen``) set by name is a
    deliberate choice (tests, soak runs) and passes. Returns one line naming the cause and the fix,
    or None when fine.
    """
    try:
        pygame.display.init()
    except pygame.error as exc:
        if headless:
            return None  # the App opens the dummy driver itself
        asked = os.environ.get("SDL_VIDEODRIVER", "")
        cause = f"SDL could not open the video driver {asked!r} ({exc})" if asked else f"SDL: {exc}"
        if asked.lower() == "kmsdrm":
            cause += f"; {_dri_problem()}"
        return f"backgammon: no screen to draw on: {cause}. See README, 'Raspberry Pi cabinet'."
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    if headless or driver not in HEADLESS_DRIVERS or asked.lower() == driver:
        return None  # a screen, or no screen asked for by name (tests, soak runs)
    found = [v for v in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(v)]
    desktop = (
        f"{' and '.join(found)} set but not usable"
        if found
        else "neither DISPLAY nor WAYLAND_DISPLAY is set (no desktop session)"
    )
    cause = f"SDL found no display and fell back to its {driver!r} driver: {desktop}; {_dri_problem()}"
    return (
        f"backgammon: no screen to draw on: {cause}. Run it in a desktop session, or on the console "
        "with SDL_VIDEODRIVER=kmsdrm as a user in the video and render groups; --frames and "
        "--bench-frames run without a screen."
    )


# ---------------------------------------------------------------------------------------------
# The window


def _touch_devices() -> int:
    try:
        from pygame._sdl2 import touch

        return int(touch.get_num_devices())
    except (ImportError, pygame.error, AttributeError):
        return 0


class Display:
    """The real window, the logical surface the scenes draw on, and the mapping between them."""

    def __init__(
        self,
        *,
        fullscreen: bool = False,
        size: tuple[int, int] | None = None,
        rotate: int = 0,
        present: str = "gpu",
    ) -> None:
        if rotate not in ROTATIONS:
            raise ValueError(f"rotate must be one of {ROTATIONS}, not {rotate!r}")
        if present not in PRESENT_PATHS:
            raise ValueError(f"present must be one of {PRESENT_PATHS}, not {present!r}")
        self.wanted = present
        """The path asked for (``--present``); :attr:`path` is the one that runs."""
        self.path = "software"
        self.renderer = ""
        """Which renderer draws: SDL's driver and GL's own name on the GPU path, else why not."""
        self._gpu: GpuScreen | None = None
        self.changes = FrameChanges()
        self._shrinker = Shrinker()  # the GPU path's shrinking on the CPU, only the rows that changed
        self._stale = True
        self._shown: tuple[tuple[int, int], int] | None = None
        self._told = False
        self.fullscreen = fullscreen
        self.requested = size
        self.rotate = rotate
        """The mounting's turn (``--rotate``, a setting); applies to drawing and input alike."""
        self.half_turn = False
        """Cocktail table: the picture (and input) turned by a further 180 degrees, for the far
        player while they act. Set by the App at the moment it decides; takes effect next frame."""
        self.surface = pygame.Surface((W, H))
        self.note: str | None = None
        """The one-line note printed when ``--size`` was clamped (kept for tests)."""
        self.pointer_hidden = False
        self._buffer: pygame.Surface | None = None
        self._converted = False
        self._default_window = False

    def set_rotation(self, rotate: int) -> None:
        """Turn the picture for the mounting (a setting changed). A default window, sized for the
        old turn's shape, is opened again in the new one's; a full screen stays as it is."""
        if rotate not in ROTATIONS:
            raise ValueError(f"rotate must be one of {ROTATIONS}, not {rotate!r}")
        quarter = (rotate - self.rotate) % 180 != 0
        self.rotate = rotate
        if quarter and self._default_window:
            self.open()

    @property
    def turn(self) -> int:
        """The turn applied now: the mounting's plus the cocktail table's half turn."""
        return (self.rotate + (180 if self.half_turn else 0)) % 360

    def open(self) -> pygame.Surface:
        """Open (or reopen) the window; returns the logical surface the scenes draw on."""
        driver = pygame.display.get_driver()
        sizes = pygame.display.get_desktop_sizes() if driver not in HEADLESS_DRIVERS else []
        desktop = sizes[0] if sizes else None
        if self._gpu is not None:
            self._gpu.close()  # SDL takes one renderer per window: the old one goes first
            self._gpu = None
        self.changes.reset()
        self._stale = True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer" under the dummy video driver
            self._default_window = False
            if desktop is None:
                # No real screen (tests, --frames): a window of the picture's own size.
                pygame.display.set_mode(self.requested or turned_size(self.rotate))
                self.path, self.renderer = "software", f"no screen ({driver} driver)"
            else:
                if self.fullscreen:
                    # Created at the desktop's size it starts at 0,0 covering the screen, window
                    # manager or not; with one, the manager also keeps panels off it.
                    size, flags = desktop, pygame.FULLSCREEN
                else:
                    size, self.note = window_size(desktop, self.requested, self.rotate)
                    if self.note:
                        print(self.note, file=sys.stderr)
                    flags = pygame.RESIZABLE
                self._open_screen(size, flags)
                if not self.fullscreen:
                    self._place(desktop, size)
                    self._default_window = self.requested is None
        if not self._converted:
            # The display's pixel format: fast blits and scaling. Once: the scenes keep drawing
            # on the same surface when the window is reopened.
            self.surface = self.surface.convert()
            self._converted = True
        if _touch_devices() > 0:
            self.hide_pointer()
        if desktop is not None and not self._told:
            print(self.describe(), file=sys.stderr)  # which path runs: the first thing to check on a Pi
            self._told = True
        return self.surface

    def _open_screen(self, size: tuple[int, int], flags: int) -> None:
        """The window for the GPU path when one can be had, else for the CPU path."""
        if self.wanted == "gpu":
            try:
                pygame.display.set_mode(size, flags | pygame.OPENGL)
            except pygame.error as exc:
                opened: GpuScreen | str = f"no OpenGL window ({exc})"
            else:
                opened = GpuScreen.open()
            if isinstance(opened, GpuScreen):
                self._gpu = opened
                self.path, self.renderer = "gpu", f"SDL renderer {opened.driver}, GL renderer {opened.gl}"
                return
            self.renderer = f"no accelerated renderer: {opened}"
        else:
            self.renderer = "asked for (--present software)"
        pygame.display.set_mode(size, flags)
        self.path = "software"

    def describe(self) -> str:
        """One line for the log and ``--bench-frames``: which path and renderer run, at what size."""
        size = "x".join(map(str, self.window_size()))
        how = "the GPU turns and enlarges" if self.path == "gpu" else "the CPU scales, SDL's window surface"
        return (
            f"display: {self.path} path ({how}), {size}, video driver {pygame.display.get_driver()}; "
            f"{self.renderer}"
        )

    @staticmethod
    def _place(desktop: tuple[int, int], size: tuple[int, int]) -> None:
        """Centre the window on the screen (X11; Wayland places windows itself)."""
        position = (max(0, (desktop[0] - size[0]) // 2), max(0, (desktop[1] - size[1]) // 2))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # from_display_module is marked for a later API
                pygame.Window.from_display_module().position = position
        except (pygame.error, AttributeError):
            pass  # the window manager places it; it fits the screen either way

    def hide_pointer(self) -> None:
        """No mouse pointer: kiosk mode, and touch screens (where it would sit where the last tap was)."""
        if not self.pointer_hidden:
            pygame.mouse.set_visible(False)
            self.pointer_hidden = True

    def window_size(self) -> tuple[int, int]:
        if self._gpu is not None:
            return self._gpu.size()
        target = pygame.display.get_surface()
        return target.get_size() if target is not None else turned_size(self.turn)

    # -- input ------------------------------------------------------------------------------

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        return to_logical(pos, self.window_size(), self.turn)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """The same event with its position in logical coordinates (pointer and touch events)."""
        t = event.type
        if t in WINDOW_EVENTS:
            self._stale = True  # the window's content may be gone: the next frame is shown whole
            return event
        if t == pygame.FINGERDOWN:
            self.hide_pointer()
            return event
        if t not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return event
        if getattr(event, "touch", False):
            self.hide_pointer()
        data = dict(event.dict)
        data["pos"] = self.to_logical(event.pos)
        if t == pygame.MOUSEMOTION and "rel" in data:
            start = self.to_logical((event.pos[0] - event.rel[0], event.pos[1] - event.rel[1]))
            data["rel"] = (data["pos"][0] - start[0], data["pos"][1] - start[1])
        return pygame.event.Event(t, data)

    # -- output -----------------------------------------------------------------------------

    def present(self, force: bool = False, hint: Sequence[pygame.Rect] | None = None) -> bool:
        """Show the logical picture (letterboxed, turned) unless it is the one already on screen.

        Returns whether a frame was presented. ``force``, a window event (:data:`WINDOW_EVENTS`), a
        new turn or window size, or a newly opened window present even an unchanged picture.
        ``hint``: where alone the drawing painted since the frame last presented or compared; None:
        anywhere. Only there is it compared (:meth:`FrameChanges.compare`); enlarging on the GPU path,
        only the changed areas found there are uploaded.
        """
        window = self.window_size()
        turn = self.turn
        areas = self.changes.areas(self.surface, hint)
        if areas == [] and not (force or self._stale or self._shown != (window, turn)):
            return False
        if self._gpu is not None:
            shown = prescaled_size(window, turn)
            rows = None if areas is None else changed_rows(areas)
            if shown is None:
                # Enlarging (or 1:1): the logical picture's changed areas; the GPU scales it.
                self._shrinker.reset()
                self._gpu.upload(self.surface, rows, areas)
            else:
                # Shrinking: smoothscaled here (a box filter, as the CPU path does), only the changed
                # rows redone and uploaded; the renderer draws it 1:1, placing and turning it only.
                self._gpu.upload(*self._shrinker.shrink(self.surface, shown, rows))
            self._gpu.show(*texture_quad(window, turn))
        elif not self._software_present(turn):
            return False
        self._shown = (window, turn)
        self._stale = False
        return True

    def _software_present(self, turn: int) -> bool:
        """The CPU path: scale the picture into SDL's window surface, then flip it."""
        target = pygame.display.get_surface()
        if target is None:
            return False
        window = target.get_size()
        rect = picture_rect(window, turn)
        self._bars(target, rect)
        src = self.surface
        if turn == 0:
            if rect.size == (W, H):
                target.blit(src, rect)
            else:
                target.blit(self._scaled(src, rect.size), rect)
        elif turn == 180:
            scaled = src if rect.size == (W, H) else self._scaled(src, rect.size)
            target.blit(pygame.transform.flip(scaled, True, True), rect)
        else:
            angle = -90 if turn == 90 else 90  # pygame turns counter-clockwise
            if rect.w * rect.h <= W * H:
                # Shrinking: scale first, then turn the smaller picture.
                scaled = self._scaled(src, (rect.h, rect.w))
                target.blit(pygame.transform.rotate(scaled, angle), rect)
            else:
                turned = pygame.transform.rotate(src, angle)
                target.blit(pygame.transform.smoothscale(turned, rect.size), rect)
        pygame.display.flip()
        return True

    def _scaled(self, src: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``src`` smoothly scaled to ``size``, into a buffer kept between frames."""
        if size == src.get_size():
            return src
        buf = self._buffer
        if buf is None or buf.get_size() != size:
            buf = self._buffer = pygame.Surface(size, 0, src)
        return pygame.transform.smoothscale(src, size, buf)

    @staticmethod
    def _bars(target: pygame.Surface, rect: pygame.Rect) -> None:
        """Black bars around the picture (only the bars: the picture covers the rest)."""
        tw, th = target.get_size()
        black = (0, 0, 0)
        bars: Sequence[tuple[int, int, int, int]] = (
            (0, 0, tw, rect.top),
            (0, rect.bottom, tw, th - rect.bottom),
            (0, rect.top, rect.left, rect.h),
            (rect.right, rect.top, tw - rect.right, rect.h),
        )
        for bar in bars:
            if bar[2] > 0 and bar[3] > 0:
                target.fill(black, bar)


__all__ = [
    "BAND", "PRESENT_PATHS", "ROTATIONS", "WINDOW_EVENTS", "Display", "FrameChanges", "fit",
    "picture_rect", "screen_problem", "texture_quad", "to_logical", "to_window", "turned_size",
    "usable_desktop", "window_size",
]  # fmt: skip
