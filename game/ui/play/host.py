"""What the parts of the game screen see of the scene that holds them together: their host.

The game scene is split (turn control, hands, hints, board painting, panel,
dialogs); each part reads the others through this one typed face of the scene
instead of importing the scene's module, so no part depends on the whole.
"""

from __future__ import annotations

from typing import Protocol

from game.i18n import Message
from game.session.controller import GameController
from game.ui.board.anim import Animator, DiceRoll
from game.ui.board.sprites import Sprites
from game.ui.board.view import BoardView
from game.ui.play.hints import Hints
from game.ui.play.turn_input import TurnInput
from game.ui.widgets import ButtonGroup


class MatchTermsPart(Protocol):
    """What the other parts read of :class:`game.ui.play.match_terms.MatchTerms`."""

    @property
    def save_failing(self) -> bool: ...

    def back_to_tournament(self) -> None: ...


class GameHost(Protocol):
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
    offered_cube_on_board: bool
    """A double on the table shows its cube on the board at the value offered."""
    status_note: str
    """The status line while something holds the game (the coach's card, an answer that can still be
    undone); empty: none."""

    @property
    def sprites(self) -> Sprites: ...
    @property
    def terms(self) -> MatchTermsPart:
        """The clock, typed dice, the way back to a tournament, saves that keep failing (issue 27)."""
        ...

    @property
    def keys(self) -> dict[str, str] | None:
        """The key map's changed keys (command: key name) while the player plays by keys (the line then
        names the keys as well as the taps); None while by touch or pointer."""

    def flash(self, text: str | Message) -> None: ...
    def end_turn(self) -> None: ...
    def undo(self) -> None: ...
    def offer_double(self) -> None: ...
    def roll_dice(self) -> None: ...
    def ask_hint(self) -> None: ...
    def ask_cube_hint(self) -> None: ...
    def open_menu(self) -> None: ...
    def next_game(self) -> None: ...
    def to_title(self) -> None: ...
    def open_review(self) -> None: ...
    def check_dice(self) -> None: ...
    def answer(self, take: bool) -> None: ...
    def answer_double(self, take: bool) -> None: ...
    def choose_answer(self, take: bool, at_once: bool = False) -> None: ...
