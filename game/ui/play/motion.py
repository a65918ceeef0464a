"""Turning an accepted action into motion on the board: dice that tumble, checkers that fly.

The engine says what changed (the old and new state); this module decides how it looks:
the checkers of each move fly one after another from where they stood (or from where a
drag let go of them), a hit checker flies to the bar, an undo flies back.
"""

from __future__ import annotations

from game.engine.flow import Action, GameState, MoveTo, OpeningRoll, Phase, PlayMoves, Roll, Step, Undo
from game.engine.moves import Move, apply_move
from game.engine.position import Position
from game.ui import layout as L
from game.ui.board.anim import Animator, DiceRoll, Flight, Place, abs_board, landing_sound, top_xy
from game.ui.layout import LAYOUT


def animate(
    anim: Animator,
    dice: DiceRoll,
    old: GameState,
    new: GameState,
    action: Action,
    drop: tuple[int, int] | None,
) -> None:
    """Queue the animations that show ``action`` taking ``old`` to ``new``."""
    if isinstance(action, OpeningRoll):
        dice.roll((action.die0, action.die1), (0, 1))
        return
    if isinstance(action, Roll):
        dice.roll(action.dice, (new.turn, new.turn))
        return
    mover = old.turn
    if isinstance(action, Undo):
        _undo(anim, old, new, mover)
        return
    if not isinstance(action, (Step, MoveTo, PlayMoves)):
        return
    made = new.moves if new.phase is Phase.MOVING else new.last_play
    added = made[len(old.moves) :]
    if not added:
        return
    pos = old.position
    if drop is not None:
        _dropped(anim, pos, mover, added, drop)
        return
    for move in added:
        nxt = apply_move(pos, move)
        anim.add_move(abs_board(pos, mover), abs_board(nxt, mover), mover, move.src, move.dst, move.hit)
        pos = nxt


def _undo(anim: Animator, old: GameState, new: GameState, mover: int) -> None:
    move = old.moves[-1]
    before = abs_board(old.position, mover)
    after = abs_board(new.position, mover)
    anim.add_move(before, after, mover, move.dst, move.src, False, sound=False)
    if move.hit:
        seg = anim.queue[-1]
        other = 1 - mover
        place: Place = ("point", L.to_abs(mover, move.dst), 0)
        start = top_xy(before, ("bar", other, 0))
        seg.flights.append(
            Flight(other, start, top_xy(after, place), place, 0.0, seg.duration, jump=anim.reduced)
        )


def _dropped(
    anim: Animator, pos: Position, mover: int, moves: tuple[Move, ...], drop: tuple[int, int]
) -> None:
    """A dragged checker lands from where the finger let go; checkers it hits fly to the bar."""
    end = pos
    for move in moves:
        end = apply_move(end, move)
    first, last = moves[0], moves[-1]
    anim.add_move(
        abs_board(pos, mover),
        abs_board(end, mover),
        mover,
        first.src,
        last.dst,
        False,
        start=(float(drop[0]), float(drop[1])),
    )
    seg = anim.queue[-1]
    seg.flights[0].sound = landing_sound(any(m.hit for m in moves), last.dst)
    other = 1 - mover
    after = abs_board(end, mover)
    bar: Place = ("bar", other, 0)
    for i, move in enumerate(m for m in moves if m.hit):
        start = LAYOUT.checker_center(L.to_abs(mover, move.dst), 0, 1)
        t0 = 0.05 + 0.1 * i
        seg.flights.append(Flight(other, start, top_xy(after, bar), bar, t0, t0 + 0.3, jump=anim.reduced))
        seg.duration = max(seg.duration, t0 + 0.3)
