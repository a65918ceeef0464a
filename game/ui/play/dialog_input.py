"""What a press does while a dialog holds the game: the cube offer, an answer's Undo, the game's end.

The dialogs take the presses with their own buttons (the scene's ``modal`` group; the Menu button
stays live), and only once they have stood :data:`game.ui.scenes.game.MODAL_GUARD` seconds. A tap
beside an offer's buttons does nothing, so it says why: the double waits for its answer (issue 25).
Keys: T and P answer a double at once (nobody presses them by accident; the coach may still ask);
Enter, a controller's A or a tap on TAKE or PASS go through the answer's Undo window
(``game.ui.play.answer_window``).
"""

from __future__ import annotations

from typing import Protocol

from game.engine.flow import Phase
from game.i18n import Message, tr
from game.session.commands import Command
from game.session.controller import GameController
from game.ui.input import Intent, IntentKind
from game.ui.play.answer_window import AnswerWindow
from game.ui.widgets import Button, ButtonGroup


class HeldTable(Protocol):
    """What the dialogs' input needs of the game scene."""

    game: GameController
    buttons: ButtonGroup
    modal: ButtonGroup
    answer_window: AnswerWindow

    @property
    def modal_ready(self) -> bool: ...
    @property
    def menu_button(self) -> Button: ...

    def ask_hint(self) -> None: ...
    def choose_answer(self, take: bool, at_once: bool = False) -> None: ...
    def flash(self, text: str | Message) -> None: ...


def pointer(table: HeldTable, intent: Intent) -> bool:
    """A pointer's intent: True when a dialog holding the game took it (the board gets nothing)."""
    if not table.modal.buttons:
        return False
    beside = not any(
        b.rect.collidepoint(intent.pos) for b in table.modal.buttons
    )  # before a press rebuilds them
    if table.modal_ready or intent.kind not in (IntentKind.DOWN, IntentKind.CLICK):
        table.modal.handle(intent)
    menu = table.menu_button  # it stays live over a dialog
    if menu.hit(intent.pos):
        table.buttons.handle(intent)
    elif intent.kind == IntentKind.CLICK and beside:
        why_waiting(table)
    return True


def why_waiting(table: HeldTable) -> None:
    """A tap beside a dialog's buttons did nothing: a double not answered yet says so."""
    if table.game.state.phase is Phase.CUBE_OFFERED and not table.answer_window.open:
        table.flash(tr("newcomer.answer_first"))


def command(table: HeldTable, name: Command) -> bool:
    """A keyboard or controller command: True when a dialog holding the game took it."""
    if not table.modal.buttons:  # no cube offer to answer, no end of a game
        return False
    if table.game.state.phase is Phase.CUBE_OFFERED and name in (Command.TAKE, Command.PASS):
        if not table.answer_window.open:  # while an answer can be undone, only Undo (or Enter on it)
            table.choose_answer(name == Command.TAKE, at_once=True)  # the coach may still ask first
    elif name == Command.HINT:
        table.ask_hint()
    elif name != Command.SELECT or table.modal_ready:
        table.modal.navigate(name)
    return True


__all__ = ["HeldTable", "command", "pointer", "why_waiting"]
