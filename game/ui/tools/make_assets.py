"""Regenerate the sprite PNGs in assets/images from game/ui/board/art.py (drawn with pygame primitives).

Usage: ``.venv/bin/python -m game.ui.tools.make_assets`` (headless is fine).
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.ui.board import art
from game.ui.board.sprites import IMAGE_DIR


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(
        prog="python -m game.ui.tools.make_assets",
        description="Regenerate the images in assets/images from the drawing code in game.ui.board.art.",
    ).parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    IMAGE_DIR.mkdir(parents=True, exist_ok=True)
    sprites = art.all_sprites()
    for name, surf in sprites.items():
        pygame.image.save(surf, str(IMAGE_DIR / f"{name}.png"))
    print(f"wrote {len(sprites)} sprites to {IMAGE_DIR}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
