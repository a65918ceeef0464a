"""The game screen's part for events (issue 27): the match clock's time, the keypad for real dice, the
way back to the draw, and the saves that keep failing (the kiosk's quiet during a tournament match is
the kiosk rules' business: ``KioskRules.tick``).

Why a part of its own: the game scene holds the board's parts together and is kept short; what an
event adds to a match is here, read through the scene's ``events`` attribute (see ``play.table``).
"""

from __future__ import annotations

from game.session.controller import GameController
from game.session.modes import GameMode
from game.ui.play.dice_entry import DiceEntryScene
from game.ui.scenes.base import Host, Scene


class MatchEvents:
    """See the module docstring. ``scene`` is the game screen this part belongs to."""

    def __init__(self, app: Host, game: GameController, scene: Scene) -> None:
        self.app = app
        self.game = game
        self.scene = scene

    @property
    def save_failing(self) -> bool:
        """The game's saves keep failing (a full or read-only disk): the status line says so."""
        return self.game.mode != GameMode.DEMO and self.app.autosave.failing

    @property
    def busy(self) -> bool:
        """The controller waits for typed dice: the next step opens their keypad."""
        return self.game.dice_wanted is not None

    def tick(self, seconds: float) -> bool:
        """The match clock's time (a fixed step, or the loop's sleep); True when its face changed."""
        changed = self.game.tick_clock(seconds)
        if changed:
            self.app.needs_draw = True
        return changed

    def update(self, dt: float, board_still: bool) -> None:
        """Every step while the scene is on top: the clock's time; typed dice get their keypad once
        the board is still (the step after the controller asked for them)."""
        self.tick(dt)
        if board_still and self.game.dice_wanted is not None and self.app.scenes.top is self.scene:
            self.app.scenes.push(DiceEntryScene(self.app, self.game))

    def back_to_tournament(self) -> None:
        """A tournament match is over (scored into the draw already): back to the draw."""
        self.app.open_tournament(after_match=True)


__all__ = ["MatchEvents"]
