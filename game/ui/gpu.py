"""The one door to SDL's 2D renderer (``pygame._sdl2.video``), used by :mod:`game.ui.display`.

``pygame._sdl2.video`` is marked experimental: everything the game uses of it is here, so a change
in pygame-ce touches this file only. What it does: on a window opened by
``pygame.display.set_mode(..., OPENGL)`` (so the display module still knows the screen's pixel
format, and ``Surface.convert`` keeps working everywhere), it creates an accelerated SDL renderer
(OpenGL ES 2 first, desktop OpenGL else), keeps the logical picture in one texture of the picture's
own pixel format, and each frame uploads only the rows that changed and lets the GPU scale,
letterbox and turn it. The picture uploaded may also be one the display already shrank on the CPU
(:func:`game.ui.geometry.prescaled_size`): this module draws whatever texture size it is given.

Why the texture comes from ``Texture.from_surface`` and not ``Texture(..., streaming=True)``:
pygame-ce makes a streaming texture in ARGB8888 only, while the picture is XRGB8888; every upload
then converted the whole frame first (measured under Xvfb/llvmpipe at 1080p: 1.4 ms an upload
instead of 0.4 ms). ``from_surface`` picks the renderer's texture format equal to the surface's,
and SDL's GL renderers update a static texture exactly as a streaming one (streaming only adds a
CPU copy for locking, which the game does not use).
"""

from __future__ import annotations

import ctypes
import os
import warnings
from collections.abc import Sequence

import pygame
from pygame._sdl2 import video

DRIVERS: tuple[str, ...] = ("opengles2", "opengl")
"""SDL render drivers tried, in order: OpenGL ES 2 (a Raspberry Pi's GPU speaks it natively), then
desktop OpenGL. SDL's ``software`` renderer is never taken: it would scale on the CPU again."""

_GL_LIBRARIES = {"opengles2": "libGLESv2.so.2", "opengl": "libGL.so.1"}
_GL_RENDERER = 0x1F01


def _gl_renderer_name(driver: str) -> str:
    """The GL implementation SDL's renderer draws with (``V3D 4.2`` on a Pi 4, ``llvmpipe`` when Mesa
    draws on the CPU): the one word that tells whether a GPU does the work. Best effort, via the GL
    library SDL has already loaded, while the renderer's context is current."""
    try:
        lib = ctypes.CDLL(_GL_LIBRARIES[driver])
        get_string = lib.glGetString
        get_string.restype = ctypes.c_char_p
        get_string.argtypes = [ctypes.c_uint]
        name = get_string(_GL_RENDERER)
    except (OSError, AttributeError, KeyError):
        return "unknown"
    return name.decode(errors="replace") if name else "unknown"


class GpuScreen:
    """An accelerated SDL renderer on the display module's window, and the picture's texture."""

    def __init__(self, window: pygame.Window, renderer: video.Renderer, driver: str) -> None:
        self.window = window
        self.renderer: video.Renderer | None = renderer
        self.driver = driver
        """The SDL render driver in use: ``opengles2`` or ``opengl``."""
        self.gl = _gl_renderer_name(driver)
        """The GL renderer's own name (``llvmpipe`` means no GPU: Mesa draws on the CPU)."""
        self._texture: video.Texture | None = None

    @classmethod
    def open(cls, drivers: Sequence[str] = DRIVERS) -> GpuScreen | str:
        """A renderer on the window ``set_mode(..., OPENGL)`` opened, or why none could be made."""
        names = [info.name for info in video.get_drivers()]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # from_display_module is marked for a later API
            try:
                window = pygame.Window.from_display_module()
            except (pygame.error, AttributeError) as exc:
                return f"no window for a renderer ({exc})"
        reasons: list[str] = []
        for driver in drivers:
            if driver not in names:
                reasons.append(f"{driver}: not built into SDL")
                continue
            try:
                # By index: with a driver hint SDL quietly falls back to another driver instead.
                renderer = video.Renderer(window, index=names.index(driver), accelerated=1, vsync=False)
            except pygame.error as exc:
                reasons.append(f"{driver}: {exc}")
                continue
            return cls(window, renderer, driver)
        return "; ".join(reasons) or "no render driver"

    def size(self) -> tuple[int, int]:
        """The window's size in pixels (the renderer's output follows it on a resize)."""
        w, h = self.window.size
        return (int(w), int(h))

    def upload(
        self,
        picture: pygame.Surface,
        rows: Sequence[tuple[int, int]] | None,
        areas: Sequence[tuple[int, int, int, int]] | None = None,
    ) -> None:
        """Copy the picture's changed row ranges (``None``: all of it), or only the ``areas``
        ``(x, y, w, h)`` within them, into the texture.

        Why areas: a flying checker changes a box some 70 pixels wide; its whole rows are 1280.
        Measured in the demo under Xvfb at 3840x2160 (llvmpipe): 155 us an upload by rows."""
        if self.renderer is None:
            return
        texture = self._texture
        if texture is None or (texture.width, texture.height) != picture.get_size():
            # Filtered when scaled, as smoothscale is (SDL's default, "nearest", shows jagged text).
            os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
            self._texture = video.Texture.from_surface(self.renderer, picture)
            return
        if rows is None:
            texture.update(picture)
            return
        if areas is not None:
            for area in areas:
                # A tuple, and the pixels from a subsurface: as for the rows below.
                texture.update(picture.subsurface(area), area)
            return
        width = picture.get_width()
        for top, bottom in rows:
            # The area must be a tuple: pygame-ce writes a Rect area at (0, 0) (a known bug), and
            # the pixels are read from the top of the surface passed, hence the subsurface.
            band = picture.subsurface((0, top, width, bottom - top))
            texture.update(band, (0, top, width, bottom - top))

    def show(self, corners: Sequence[tuple[float, float]], uvs: Sequence[tuple[float, float]]) -> None:
        """Black window, the picture drawn on the quad ``corners`` (window pixels, clockwise from the
        top left) with the texture coordinates ``uvs`` (:func:`game.ui.display.texture_quad`), shown."""
        renderer = self.renderer
        if renderer is None:
            return
        renderer.draw_color = (0, 0, 0, 255)
        renderer.clear()
        if self._texture is not None:
            c, uv = corners, uvs
            self._texture.draw_quad(c[0], c[1], c[2], c[3], uv[0], uv[1], uv[2], uv[3])
        renderer.present()

    def close(self) -> None:
        """Let go of the texture and the renderer (the window is reopened, or the game ends)."""
        self._texture = None
        self.renderer = None


__all__ = ["DRIVERS", "GpuScreen"]
