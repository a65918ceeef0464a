"""The screenshot tools' shared helpers: the logical frame letterboxed to a screen size, and saved.

A leaf module: the screenshot tools import each other's scenes set-ups, so what they all use stands
here, where it imports none of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import LANGUAGES
from game.ui import layout as L
from game.ui.app import App

SMALL_AND_LARGE = ((800, 480), (1920, 1080))


def letterbox(frame: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``frame`` scaled and letterboxed to ``size`` the way the game shows it on such a screen."""
    w, h = size
    scale = min(w / L.W, h / L.H)
    sw, sh = round(L.W * scale), round(L.H * scale)
    out = pygame.Surface(size)
    out.fill((0, 0, 0))
    out.blit(pygame.transform.smoothscale(frame, (sw, sh)), ((w - sw) // 2, (h - sh) // 2))
    return out


def shoot(
    app: App, out: Path, name: str, lang: str, sizes: tuple[tuple[int, int], ...] = SMALL_AND_LARGE
) -> None:
    """Draw the App and save ``NAME_LANG_WxH.png`` at each size."""
    app.draw(0.0)
    for size in sizes:
        path = out / f"{name}_{lang}_{size[0]}x{size[1]}.png"
        pygame.image.save(letterbox(app.screen, size), str(path))


def per_language(
    prog: str,
    doc: str | None,
    default: Path,
    shoot_language: Callable[[Path, str], None],
    argv: list[str] | None,
) -> int:
    """The command line of a tool that shoots its screens once per language: OUTDIR and ``--lang``."""
    parser = argparse.ArgumentParser(prog=prog, description=doc)
    parser.add_argument("outdir", nargs="?", type=Path, default=default)
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="languages (default: all)")
    args = parser.parse_args(argv)
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang or LANGUAGES:
        shoot_language(out, lang)
    print(f"screenshots written to {out}")
    return 0
