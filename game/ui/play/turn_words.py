"""What the status line and the panel say about a turn that did not go as rolled (issue 36).

A newcomer was not told when the computer could not move (the line was up for two seconds, then gone,
and the fingerprint came back where the last play stood), nor why a die they could not play stayed
white while Done lit. Here, in the reader's words:

- a player who cannot move: who, and why (the computer, against a person: "your checkers block it");
- a die left unplayed once the play is whole: which and why (its points are closed, its checker on the
  bar cannot come in, a checker goes off only when all are home);
- the last play of a player who could not move: "Last: Computer could not move".
"""

from __future__ import annotations

from collections.abc import Mapping

from game.engine.flow import GameState
from game.i18n import Message, tr, tr_message
from game.session.commands import Command
from game.session.controller import GameController
from game.ui.controls import key_label

BAR = 24
"""The bar's index in a side's counts (point 25)."""


def cannot_move(game: GameController, s: GameState) -> str:
    """The line while ``s.turn`` cannot move with its roll: who, the roll, and why."""
    assert s.dice is not None
    bar = s.position.me[BAR] > 0
    if game.human is not None and not game.is_human(s.turn):  # the computer, blocked by the person
        key = "ui.no_move_bar_by_you" if bar else "ui.no_move_by_you"
        return tr(key, name=tr_message(game.name(s.turn)), a=s.dice[0], b=s.dice[1])
    key = "ui.no_move_bar" if bar else "ui.no_move"
    said = tr_message(game.say(key, s.turn, a=s.dice[0], b=s.dice[1]))
    return said + ". " + tr("ui.turn_passes")


def unplayed_die(s: GameState) -> tuple[int, Message] | None:
    """A die the whole play leaves unplayed and why no checker can use it (None: every die played)."""
    turn = s.turn_state()
    if not turn.is_complete or not turn.remaining:
        return None
    die = max(turn.remaining)
    me = turn.position.me
    if me[BAR]:
        return die, Message.of("ui.why_bar", point=25 - die)
    if any(me[src - 1] for src in range(die + 1, 25)):
        return die, Message("ui.why_closed")
    return die, Message("ui.why_not_home")


def complete_line(game: GameController, s: GameState, keys: Mapping[str, str] | None = None) -> str:
    """The line once the play is whole: press Done; first, a die left unplayed and why. ``keys``: the
    player plays by keys (the key map's changes): the line names the key, not the tap."""
    unplayed = unplayed_die(s)
    suffix = "" if keys is None else "_keys"
    done = key_label(Command.DONE, keys)
    if unplayed is None:
        return tr_message(game.say("ui.move_complete" + suffix, s.turn, done=done))
    die, why = unplayed
    return tr_message(game.say("ui.die_unplayed" + suffix, s.turn, die=die, why=why, done=done))


def roll_line(game: GameController, s: GameState, keys: Mapping[str, str] | None = None) -> str:
    """The line before a roll: roll (or double); by keys, with the keys."""
    key = "ui.to_roll" if s.can_double() is None else "ui.to_roll_only"
    if keys is None:
        return tr_message(game.say(key, s.turn))
    return tr_message(
        game.say(
            key + "_keys", s.turn, roll=key_label(Command.DONE, keys), double=key_label(Command.DOUBLE, keys)
        )
    )


def passed_text(game: GameController, player: int) -> str:
    """The last play of a player who could not move, for the panel ("Last: Computer could not move")."""
    return tr_message(game.say("ui.last_no_move", player))


__all__ = ["cannot_move", "complete_line", "passed_text", "roll_line", "unplayed_die"]
