"""The players' parts of the dice on the game screen (issue 37, ``docs/dice.md``): a player's first
touch before the first roll, a tournament player's typed digits, and the revealed dice's screen."""

from __future__ import annotations

from game.i18n import tr, tr_message
from game.session.commands import Command
from game.session.controller import GameController
from game.ui.entry.keypad import KeypadScene
from game.ui.input import Intent, IntentKind
from game.ui.play.dice_check import DiceCheckScene
from game.ui.scene import Host
from game.ui.widgets import ButtonGroup


def take_touch(app: Host, game: GameController, intent: Intent, buttons: ButtonGroup) -> bool:
    """Before the first roll of a match with shared dice (issue 37): a player's first touch on the
    board (or key) rolls their opening die, and where and when it came is their part of the dice: the
    position in the picture and the game's time in milliseconds, as 15 digits, shown on the
    panel and written into the record (``docs/dice.md``). True when the intent was taken."""
    who = game.awaited()
    if who is None or intent.kind not in (IntentKind.DOWN, IntentKind.NAV):
        return False
    if intent.kind == IntentKind.NAV and (
        intent.command not in (Command.SELECT, Command.DONE) or buttons.focused() is not None
    ):
        return False
    if intent.kind == IntentKind.DOWN and any(b.visible and b.hit(intent.pos) for b in buttons.buttons):
        return False  # a tap on Menu (or another button) does what it says
    x, y = (max(0, min(9999, int(v))) for v in intent.pos)
    millis = round(app.time * 1000) % 10**7
    game.contribute(who, f"{x:04d}{y:04d}{millis:07d}")
    app.input.cancel()  # the touch was the roll: it does not also land on the board
    return True


def ask_digits(app: Host, game: GameController, on_top: bool) -> None:
    """A tournament match (the cabinet's, or a desk's on a board where people play: a match between
    named players): each player types a few digits of their own for the dice (issue 37), on a keypad
    over the board, before the first roll (a touch's place and time, as in casual play, could be
    repeated by nobody who wants to check it later; typed digits can)."""
    if (game.setup.tournament is None and game.setup.names is None) or not on_top:
        return
    who = game.awaited()
    if who is None:
        return

    def take(digits: str) -> str | None:
        if len(digits) < 4:
            return tr("dice.contribute_short")
        game.contribute(who, digits)
        return None

    pad = KeypadScene(app, "dice.contribute", take)
    pad.title = tr("dice.contribute", name=tr_message(game.name(who)))
    pad.buttons.buttons.pop()  # no Cancel: the match waits for these digits
    app.scenes.push(pad)


def open_check(app: Host, game: GameController) -> None:
    """The dice revealed (from the game-over dialog): commitment, secret, parts, a QR code; "The
    same dice again" when a match (not a tournament's) is over."""
    names = (tr_message(game.name(0)), tr_message(game.name(1)))
    over = (game.match.is_over or game.timed_out) and game.setup.tournament is None
    same = (lambda: game.next_game(same_dice=True)) if over else None
    app.scenes.push(DiceCheckScene(app, game.match_dice, names, same))


__all__ = ["ask_digits", "open_check", "take_touch"]
