"""Legal plays for a roll, under the whole-turn rules.

A *move* is one checker moved by one die; a *play* is the whole turn (one to four
moves). Points are numbered from the mover's side: 1..24, with 25 for the bar as
a source and 0 for "off" as a destination.

The generator works GNU Backgammon's way: recurse over the dice (both orders for
a non-double; for a double, later moves never start from a higher point than
earlier ones, which reaches every distinct result without permutations),
record each dead end, then keep the plays that use the most dice, the higher
die when only one of two can be used, each distinct resulting position once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .errors import RulesError
from .position import BAR, Position, _trusted

BAR_POINT = 25
"""The bar, as a move's source point."""
OFF = 0
"""Borne off, as a move's destination point."""


class Move(NamedTuple):
    """One checker moved by one die, in the mover's point numbers (bar = 25, off = 0)."""

    src: int
    dst: int
    die: int
    hit: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """A whole legal turn: its moves in order, and the position after them.

    ``position`` is still seen by the player who moved (not yet flipped).
    """

    moves: tuple[Move, ...]
    position: Position


def check_dice(dice: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Validate a roll of two dice; raise :class:`RulesError` with a clear reason."""
    if len(dice) != 2:
        raise RulesError("a roll is two dice")
    a, b = dice
    for d in (a, b):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise RulesError(f"a die shows 1 to 6, not {d!r}")
    return a, b


def dice_to_play(dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice a roll gives to play: a double is played four times."""
    a, b = dice
    return (a, a, a, a) if a == b else (a, b)


def legal_plays(pos: Position, dice: tuple[int, int]) -> list[Play]:
    """Every legal play for ``dice``, once per distinct resulting position.

    An empty list means the roll cannot be played at all (the turn is lost).
    """
    a, b = check_dice(dice)
    me = list(pos.me)
    opp = list(pos.opp)
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Move, ...]] = {}
    if a == b:
        _generate(me, opp, (a, a, a, a), 0, [], found, 23, True)
    else:
        _generate(me, opp, (a, b), 0, [], found, 23, False)
        _generate(me, opp, (b, a), 0, [], found, 23, False)
    most = max((len(m) for m in found.values()), default=0)
    if most == 0:
        return []
    plays = [Play(moves, _trusted(key[0], key[1])) for key, moves in found.items() if len(moves) == most]
    if most == 1 and a != b:
        high = max(a, b)
        higher = [p for p in plays if p.moves[0].die == high]
        if higher:
            plays = higher
    return plays


def _generate(
    me: list[int],
    opp: list[int],
    dice: tuple[int, ...],
    k: int,
    moves: list[Move],
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Move, ...]],
    last: int,
    double: bool,
) -> None:
    """Depth-first over the dice, applying and undoing moves in place."""
    if k == len(dice):
        _record(me, opp, moves, found)
        return
    die = dice[k]
    moved = False
    if me[BAR]:
        t = BAR - die
        if opp[23 - t] < 2:
            moved = True
            hit = _apply(me, opp, BAR, t)
            moves.append(Move(BAR_POINT, t + 1, die, hit))
            _generate(me, opp, dice, k + 1, moves, found, 23, double)
            moves.pop()
            _undo(me, opp, BAR, t, hit)
    else:
        home = sum(me[6:BAR]) == 0
        start = last if double else 23
        higher_occupied = any(me[start + 1 : BAR]) if start < 23 else False
        for i in range(start, -1, -1):
            if not me[i]:
                continue
            t = i - die
            if t >= 0:
                if opp[23 - t] >= 2:
                    higher_occupied = True
                    continue
            elif not home or (t < -1 and higher_occupied):
                higher_occupied = True
                continue
            moved = True
            hit = _apply(me, opp, i, t)
            moves.append(Move(i + 1, t + 1 if t >= 0 else 0, die, hit))
            _generate(me, opp, dice, k + 1, moves, found, i, double)
            moves.pop()
            _undo(me, opp, i, t, hit)
            higher_occupied = True
    if not moved:
        _record(me, opp, moves, found)


def _record(
    me: list[int],
    opp: list[int],
    moves: list[Move],
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Move, ...]],
) -> None:
    key = (tuple(me), tuple(opp))
    old = found.get(key)
    if old is None or len(old) < len(moves):
        found[key] = tuple(moves)


def _apply(me: list[int], opp: list[int], i: int, t: int) -> bool:
    """Move one checker from index ``i`` to index ``t`` (``t < 0`` bears off); return whether it hit."""
    me[i] -= 1
    if t < 0:
        return False
    me[t] += 1
    j = 23 - t
    if opp[j] == 1:
        opp[j] = 0
        opp[BAR] += 1
        return True
    return False


def _undo(me: list[int], opp: list[int], i: int, t: int, hit: bool) -> None:
    me[i] += 1
    if t < 0:
        return
    me[t] -= 1
    if hit:
        opp[23 - t] = 1
        opp[BAR] -= 1


def apply_move(pos: Position, move: Move) -> Position:
    """The position after one move, without any legality check beyond the board's.

    Callers that need legality ask :func:`single_moves` or the turn API first.
    """
    me = list(pos.me)
    opp = list(pos.opp)
    src = BAR if move.src == BAR_POINT else move.src - 1
    dst = move.dst - 1 if move.dst else -1
    _apply(me, opp, src, dst)
    return _trusted(tuple(me), tuple(opp))


def single_moves(pos: Position, die: int) -> list[Move]:
    """Every move of one checker by ``die`` that the board allows (ignoring the other dice)."""
    me = pos.me
    opp = pos.opp
    out: list[Move] = []
    if me[BAR]:
        t = BAR - die
        if opp[23 - t] < 2:
            out.append(Move(BAR_POINT, t + 1, die, opp[23 - t] == 1))
        return out
    home = sum(me[6:BAR]) == 0
    higher_occupied = False
    for i in range(23, -1, -1):
        if not me[i]:
            continue
        t = i - die
        if t >= 0:
            if opp[23 - t] < 2:
                out.append(Move(i + 1, t + 1, die, opp[23 - t] == 1))
        elif home and (t == -1 or not higher_occupied):
            out.append(Move(i + 1, OFF, die, False))
        higher_occupied = True
    return out


def max_dice_playable(pos: Position, dice: tuple[int, ...]) -> int:
    """How many of ``dice`` (played in any order) the position allows, at most."""
    if not dice:
        return 0
    best = 0
    tried: set[int] = set()
    for n, die in enumerate(dice):
        if die in tried:
            continue
        tried.add(die)
        rest = dice[:n] + dice[n + 1 :]
        for move in single_moves(pos, die):
            got = 1 + max_dice_playable(apply_move(pos, move), rest)
            if got == len(dice):
                return got
            best = max(best, got)
    return best
