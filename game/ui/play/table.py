"""What the parts of the game screen see of the scene that holds them together.

The game scene is split (turn control, hands, hints, board painting, panel,
dialogs); each part reads the others through this one typed face of the scene
instead of importing the scene's module, so no part depends on the whole.
"""

from __future__ import annotations

from typing import Protocol

from ..anim import Animator, DiceRoll
from ..board_view import BoardView
from ..sprites import Sprites
from ..widgets import ButtonGroup
from .controller import GameController
from .hints import Hints
from .turn_input import TurnInput


class GameTable(Protocol):
    game: GameController
    hands: TurnInput
    hints: Hints
    anim: Animator
    dice: DiceRoll
    view: BoardView
    buttons: ButtonGroup
    modal: ButtonGroup
    flash_text: str
    flash_time: float
    dialog_hidden: bool
    """The game-over dialog is not painted (the attract mode's top ten stands over the board)."""

    @property
    def sprites(self) -> Sprites: ...

    def flash(self, text: str) -> None: ...
    def end_turn(self) -> None: ...
    def undo(self) -> None: ...
    def offer_double(self) -> None: ...
    def ask_hint(self) -> None: ...
    def ask_cube_hint(self) -> None: ...
    def open_menu(self) -> None: ...
    def next_game(self) -> None: ...
    def to_title(self) -> None: ...
    def open_review(self) -> None: ...
    def answer(self, take: bool) -> None: ...
