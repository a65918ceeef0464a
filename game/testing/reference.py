"""A slow, obviously correct legal-play generator, kept to check the fast one.

It shares nothing with :mod:`game.engine.moves` but the :class:`Position` type:
it uses its own signed board (positive = mover, negative = opponent), writes
each rule of moving as plainly as it can, tries every order of the dice and
every sequence of moves, and filters afterwards. Tests compare the two on
thousands of random positions; the benchmark times both.
"""

from __future__ import annotations

from itertools import permutations

from game.engine.position import Position

Board = tuple[tuple[int, ...], int, int, int]
"""(signed points indexed 1..24 with index 0 unused, my bar, opponent's bar, my borne-off)."""


def _to_board(pos: Position) -> Board:
    points = [0] * 25
    for p in range(1, 25):
        mine = pos.me[p - 1]
        theirs = pos.opp[24 - p]
        points[p] = mine - theirs
    return tuple(points), pos.me[24], pos.opp[24], pos.my_off


def _to_position(board: Board) -> Position:
    points, bar, opp_bar, _off = board
    me = [0] * 25
    opp = [0] * 25
    for p in range(1, 25):
        if points[p] > 0:
            me[p - 1] = points[p]
        elif points[p] < 0:
            opp[24 - p] = -points[p]
    me[24] = bar
    opp[24] = opp_bar
    return Position(tuple(me), tuple(opp))


def _moves_for_die(board: Board, die: int) -> list[Board]:
    """Every board reachable by moving one checker ``die`` points, by the plain rules."""
    points, bar, opp_bar, off = board
    results: list[Board] = []

    def land(pts: list[int], target: int, obar: int) -> tuple[list[int], int] | None:
        if pts[target] <= -2:
            return None  # held by the opponent
        if pts[target] == -1:
            pts[target] = 1
            return pts, obar + 1  # hit
        pts[target] += 1
        return pts, obar

    if bar > 0:
        pts = list(points)
        landed = land(pts, 25 - die, opp_bar)
        if landed is not None:
            results.append((tuple(landed[0]), bar - 1, landed[1], off))
        return results

    all_home = all(points[p] <= 0 for p in range(7, 25))
    for p in range(1, 25):
        if points[p] <= 0:
            continue
        target = p - die
        if target >= 1:
            pts = list(points)
            pts[p] -= 1
            landed = land(pts, target, opp_bar)
            if landed is not None:
                results.append((tuple(landed[0]), bar, landed[1], off))
        elif all_home:
            exact = target == 0
            highest = all(points[q] <= 0 for q in range(p + 1, 25))
            if exact or highest:
                pts = list(points)
                pts[p] -= 1
                results.append((tuple(pts), bar, opp_bar, off + 1))
    return results


def reference_plays(pos: Position, dice: tuple[int, int]) -> set[Position]:
    """The set of positions a legal play can reach (empty if nothing can be played)."""
    a, b = dice
    orders = [(a, a, a, a)] if a == b else list(permutations((a, b)))
    # (number of dice used, first die used, result)
    outcomes: list[tuple[int, int, Board]] = []
    start = _to_board(pos)
    for order in orders:
        frontier: list[tuple[Board, int]] = [(start, 0)]
        for used, die in enumerate(order):
            nxt: list[tuple[Board, int]] = []
            for board, first in frontier:
                successors = _moves_for_die(board, die)
                if not successors:
                    outcomes.append((used, first, board))
                for s in successors:
                    nxt.append((s, first if used else die))
            frontier = nxt
        for board, first in frontier:
            outcomes.append((len(order), first, board))
    most = max(n for n, _, _ in outcomes)
    if most == 0:
        return set()
    best = [(first, board) for n, first, board in outcomes if n == most]
    if most == 1 and a != b and any(first == max(a, b) for first, _ in best):
        best = [(first, board) for first, board in best if first == max(a, b)]
    return {_to_position(board) for _, board in best}
