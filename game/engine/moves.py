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

import gc
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .errors import RulesError
from .position import _NEW, _SET_ME, _SET_OPP, BAR, Position, _trusted

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


_SET_MOVES: Callable[[Play, tuple[Move, ...]], None] = Play.__dict__["moves"].__set__
_SET_POSITION: Callable[[Play, Position], None] = Play.__dict__["position"].__set__


def _play(moves: tuple[Move, ...], me: tuple[int, ...], opp: tuple[int, ...]) -> Play:
    """``Play(moves, Position(me, opp))`` for the search's hot path: no validation, no ``__init__`` frames."""
    pos = _NEW(Position)
    _SET_ME(pos, me)
    _SET_OPP(pos, opp)
    play = _NEW(Play)
    _SET_MOVES(play, moves)
    _SET_POSITION(play, pos)
    return play


def check_dice(dice: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Validate a roll of two dice; raise :class:`RulesError` with a clear reason."""
    if len(dice) != 2:
        raise RulesError("a roll is two dice", code="bad_dice")
    a, b = dice
    for d in (a, b):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise RulesError(f"a die shows 1 to 6, not {d!r}", code="bad_dice")
    return a, b


def dice_to_play(dice: tuple[int, int]) -> tuple[int, ...]:
    """The dice a roll gives to play: a double is played four times."""
    a, b = dice
    return (a, a, a, a) if a == b else (a, b)


def legal_plays(pos: Position, dice: tuple[int, int]) -> list[Play]:
    """Every legal play for ``dice``, once per distinct resulting position.

    An empty list means the roll cannot be played at all (the turn is lost).
    For a non-double the higher die is tried first, so a result that both
    orders reach lists its moves with the higher die first.
    """
    a, b = check_dice(dice)
    # The search allocates thousands of small objects that can never form a cycle;
    # left on, the cyclic collector would run several times per call and, in a big
    # process, start full collections (tens of ms). It is paused for the call only.
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _legal_plays(pos, a, b)
    finally:
        if paused:
            gc.enable()


def _legal_plays(pos: Position, a: int, b: int) -> list[Play]:
    me = list(pos.me)
    opp = list(pos.opp)
    levels: list[_Level]
    if a == b:
        full: list[Play] = []
        levels = [{}, {}, {}, {}]
        _search_double(me, opp, a, 4, [], levels, full, 23)
        if full:
            return full
    else:
        high = max(a, b)
        levels = [{}, {}, {}]
        _search_pair(me, opp, high, min(a, b), levels)
        _search_pair(me, opp, min(a, b), high, levels)
    most = max(k for k, level in enumerate(levels) if level)
    if most == 0:
        return []
    entries = list(levels[most].values())
    if most == 1 and a != b:
        # Only one die can be played: the higher one whenever it can be (the rules of moving).
        # The higher die was searched first, so a result it reaches is recorded with it.
        higher = [entry for entry in entries if entry[2][0].die == high]
        if higher:
            entries = higher
    return [_play(moves, my_side, opp_side) for my_side, opp_side, moves in entries]


_Entry = tuple[tuple[int, ...], tuple[int, ...], tuple[Move, ...]]
_Level = dict[tuple[int, ...], _Entry]
"""Results that use a given number of dice: key -> (mover's side, opponent's side, moves)."""


def _move_table() -> tuple[tuple[Move, ...], ...]:
    """Every Move object a search can make, indexed ``[die][2 * source_index + hit]``.

    Moves are immutable, so one shared object per (source, die, hit) saves
    building a new tuple at every node of the search.
    """
    table: list[tuple[Move, ...]] = [()]
    for die in range(1, 7):
        row: list[Move] = []
        for i in range(25):
            t = i - die
            src = BAR_POINT if i == BAR else i + 1
            dst = t + 1 if t >= 0 else OFF
            row.append(Move(src, dst, die, False))
            row.append(Move(src, dst, die, dst != OFF))
        table.append(tuple(row))
    return tuple(table)


_MOVES = _move_table()


def _search_double(
    me: list[int],
    opp: list[int],
    die: int,
    left: int,
    moves: list[Move],
    levels: list[_Level],
    full: list[Play],
    last: int,
) -> None:
    """Depth-first over the four moves of a double, applying and undoing moves in place.

    Sources never rise from one move to the next (``last``): every set of moves
    of one number can be made in that order, so each result is reached without
    trying permutations. Nor is any result reached twice: with one number, each
    point's checkers can only go to one place, so the result fixes how many moves
    left each point, hence the sorted move list (and which blots were hit). The
    plays that use all four dice therefore go straight into ``full``; the shorter
    dead ends go into ``levels`` and matter only if ``full`` stays empty.
    """
    table = _MOVES[die]
    if me[BAR]:
        t = BAR - die
        j = 23 - t
        o = opp[j]
        if o >= 2:
            _dead_end(me, opp, moves, levels, 4 - left, False)
            return
        me[BAR] -= 1
        me[t] += 1
        if o:
            opp[j] = 0
            opp[BAR] += 1
        moves.append(table[48 + o])
        if left == 1:
            full.append(_play(tuple(moves), tuple(me), tuple(opp)))
        else:
            _search_double(me, opp, die, left - 1, moves, levels, full, 23)
        moves.pop()
        me[BAR] += 1
        me[t] -= 1
        if o:
            opp[j] = 1
            opp[BAR] -= 1
        return
    home = not any(me[6:BAR])
    top = -1
    if home:
        for top in range(5, -2, -1):
            if top < 0 or me[top]:
                break
    stop = -1 if home else die - 1
    if left == 1:
        if not _last_moves(me, opp, die, last, stop, top, tuple(moves), full):
            _dead_end(me, opp, moves, levels, 3, False)
        return
    moved = False
    for i in range(last, stop, -1):
        c = me[i]
        if not c:
            continue
        t = i - die
        o = 0
        if t >= 0:
            j = 23 - t
            o = opp[j]
            if o >= 2:
                continue
            me[i] = c - 1
            me[t] += 1
            if o:
                opp[j] = 0
                opp[BAR] += 1
        elif t == -1 or i == top:
            me[i] = c - 1
        else:
            continue
        moved = True
        moves.append(table[2 * i + o])
        _search_double(me, opp, die, left - 1, moves, levels, full, i)
        moves.pop()
        me[i] = c
        if t >= 0:
            me[t] -= 1
            if o:
                opp[23 - t] = 1
                opp[BAR] -= 1
    if not moved:
        _dead_end(me, opp, moves, levels, 4 - left, False)


def _last_moves(
    me: list[int],
    opp: list[int],
    die: int,
    last: int,
    stop: int,
    top: int,
    prefix: tuple[Move, ...],
    full: list[Play],
) -> bool:
    """The fourth move of a double (no checker on the bar): append each full play; False if none."""
    table = _MOVES[die]
    opp_side = tuple(opp)  # shared by the results that hit nothing
    append = full.append
    moved = False
    for i in range(last, stop, -1):
        c = me[i]
        if not c:
            continue
        t = i - die
        if t >= 0:
            j = 23 - t
            o = opp[j]
            if o >= 2:
                continue
            me[i] = c - 1
            me[t] += 1
            if o:
                opp[j] = 0
                opp[BAR] += 1
                append(_play((*prefix, table[2 * i + 1]), tuple(me), tuple(opp)))
                opp[j] = 1
                opp[BAR] -= 1
            else:
                append(_play((*prefix, table[2 * i]), tuple(me), opp_side))
            me[t] -= 1
        elif t == -1 or i == top:
            me[i] = c - 1
            append(_play((*prefix, table[2 * i]), tuple(me), opp_side))
        else:
            continue
        me[i] = c
        moved = True
    return moved


def _search_pair(me: list[int], opp: list[int], first: int, second: int, levels: list[_Level]) -> None:
    """Both moves of a non-double in one order (the caller tries both orders)."""
    options = _board_moves(me, opp, first)
    if not options:
        _dead_end(me, opp, [], levels, 0, True)
        return
    table1 = _MOVES[first]
    table2 = _MOVES[second]
    full = levels[2]
    for i, t in options:
        hit = _apply(me, opp, i, t)
        move = table1[2 * i + hit]
        follow = _board_moves(me, opp, second)
        if not follow:
            _dead_end(me, opp, [move], levels, 1, True)
        for i2, t2 in follow:
            hit2 = _apply(me, opp, i2, t2)
            my_side = tuple(me)
            opp_side = tuple(opp)
            key = my_side + opp_side
            if key not in full:
                full[key] = (my_side, opp_side, (move, table2[2 * i2 + hit2]))
            _undo(me, opp, i2, t2, hit2)
        _undo(me, opp, i, t, hit)


def _dead_end(
    me: list[int], opp: list[int], moves: list[Move], levels: list[_Level], used: int, with_opp: bool
) -> None:
    """Record a position where the dice left cannot be played (it counts only if no play goes further)."""
    my_side = tuple(me)
    opp_side = tuple(opp)
    key = my_side + opp_side if with_opp else my_side
    level = levels[used]
    if key not in level:
        level[key] = (my_side, opp_side, tuple(moves))


def _board_moves(me: list[int], opp: list[int], die: int) -> list[tuple[int, int]]:
    """(source index, target index) of every move by ``die`` the board allows; target < 0 bears off."""
    if me[BAR]:
        t = BAR - die
        return [(BAR, t)] if opp[23 - t] < 2 else []
    out: list[tuple[int, int]] = []
    home = not any(me[6:BAR])
    top = True  # no checker seen yet on a higher point
    for i in range(23, -1 if home else die - 1, -1):
        if not me[i]:
            continue
        t = i - die
        if t >= 0:
            if opp[23 - t] < 2:
                out.append((i, t))
        elif t == -1 or top:
            out.append((i, t))
        top = False
    return out


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
    """Every move of one checker by ``die`` that the board allows (ignoring the other dice).

    The turn API calls this for every tentative step, so it reuses the shared Move objects.
    """
    if not isinstance(die, int) or not 1 <= die <= 6:
        raise RulesError(f"a die shows 1 to 6, not {die!r}", code="bad_dice")
    table = _MOVES[die]
    me = pos.me
    opp = pos.opp
    if me[BAR]:
        o = opp[die - 1]  # entering on index 24 - die, which faces the opponent's index die - 1
        return [table[48 + o]] if o < 2 else []
    out: list[Move] = []
    home = not any(me[6:BAR])
    top = True  # no checker seen yet on a higher point
    for i in range(23, -1 if home else die - 1, -1):
        if not me[i]:
            continue
        t = i - die
        if t >= 0:
            o = opp[23 - t]
            if o < 2:
                out.append(table[2 * i + o])
        elif t == -1 or top:
            out.append(table[2 * i])
        top = False
    return out


def max_dice_playable(pos: Position, dice: tuple[int, ...]) -> int:
    """How many of ``dice`` (played in any order) the position allows, at most.

    The turn API asks this after every tentative step, so it searches in place
    on lists and stops as soon as every die is used.
    """
    if not dice:
        return 0
    return _most(list(pos.me), list(pos.opp), tuple(dice), 23)


def _most(me: list[int], opp: list[int], dice: tuple[int, ...], last: int) -> int:
    """Most of ``dice`` playable in some order, the board changed in place and restored.

    Equal dice are played with sources that never rise (``last``), which reaches
    every result of :func:`legal_plays`' double search; mixed dice try each
    distinct die first. A checker on the bar enters whatever ``last`` says.
    """
    if not dice:
        return 0
    need = len(dice)
    best = 0
    same = len(set(dice)) == 1
    for die in (dice[0],) if same else sorted(set(dice), reverse=True):
        n = dice.index(die)
        rest = dice[:n] + dice[n + 1 :]
        for i, t in _board_moves(me, opp, die):
            if same and i > last and i != BAR:
                continue
            hit = _apply(me, opp, i, t)
            got = 1 + _most(me, opp, rest, (23 if i == BAR else i) if same else 23)
            _undo(me, opp, i, t, hit)
            if got == need:
                return got
            best = max(best, got)
    return best
