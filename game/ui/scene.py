"""Scenes and the pushdown stack (Nystrom's State pattern with enter/exit).

Contract (as in pygame_gui): ``handle(intent)`` -> ``update(dt)`` -> ``draw(surface, alpha)``.
Only the top scene gets input and updates; scenes below are drawn when the one
above is not ``opaque`` (a pause menu over the board). ``busy()`` says whether the
scene still animates or waits on a timer: when no scene is busy and no input
comes, the loop stops redrawing and sleeps.

Extending (kiosk, settings, attract mode): subclass :class:`Scene`, push it with
``app.scenes.push(scene)``; every string through ``text.tr``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .input import Intent

if TYPE_CHECKING:
    from .app import App


class Scene:
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""
        self.dirty = True

    def exit(self) -> None:
        """Stops being the top scene (popped, or covered by a push)."""

    def handle(self, intent: Intent) -> None:
        """React to one input intent."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Render; ``alpha`` in [0, 1) is how far we are between the last step and the next."""

    def busy(self) -> bool:
        """True while something moves or a timer runs (the loop keeps redrawing)."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].exit()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene (title -> game) without uncovering the one below."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Drop every scene and start from ``scene`` (back to title, attract mode)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface, alpha)
