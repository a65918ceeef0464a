"""Placeholder window until the game screen lands (labelled as such on screen)."""

from __future__ import annotations

import os


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode((1280, 720), pygame.SCALED)
        font = pygame.font.Font(None, 64)
        frames = int(argv[argv.index("--frames") + 1]) if "--frames" in argv else -1
        clock = pygame.time.Clock()
        while frames != 0:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    return 0
            screen.fill((20, 70, 40))
            text = font.render("Backgammon: the game screen is coming (placeholder)", True, (255, 255, 255))
            screen.blit(text, text.get_rect(center=(640, 360)))
            pygame.display.flip()
            clock.tick(30)
            frames -= 1
        return 0
    finally:
        pygame.quit()
