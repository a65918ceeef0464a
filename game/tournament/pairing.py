"""Where players meet: the seeded elimination draw and the Swiss pairing. Pure functions, no state.

Why separate from :mod:`game.tournament.model`: these are the rules a tournament
director would check by hand (who meets whom), and they are tested on every size
from 4 to 32 players without going through results and saving.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def bracket_size(players: int) -> int:
    """The smallest power of two with room for ``players`` (4 for 3 or 4, 8 for 5..8, ...)."""
    size = 1
    while size < players:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seeds (1 = best) in bracket order for a draw of ``size`` (a power of two): the usual seeding,
    where seed s meets seed size + 1 - s in the first round and seeds 1 and 2 can meet only in the final.

    Built by doubling: ``[1, 2]``, then each seed s is followed by its first-round opponent
    (``[1, 4, 2, 3]``, ``[1, 8, 4, 5, 2, 7, 3, 6]``, ...).
    """
    if size < 2 or size & (size - 1):
        raise ValueError("a draw has a power of two of places, at least 2")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def first_round(entrants: int) -> list[tuple[int | None, int | None]]:
    """The first-round pairs of a draw for ``entrants``, as seed numbers in bracket order; None is a bye.

    The byes (bracket size minus entrants) go to the top seeds, one each, so two byes
    never meet: seed s has a bye exactly when size + 1 - s is more than ``entrants``.
    """
    size = bracket_size(max(entrants, 2))
    order = seed_order(size)

    def place(seed: int) -> int | None:
        return seed if seed <= entrants else None

    return [(place(order[k]), place(order[k + 1])) for k in range(0, size, 2)]


# ---------------------------------------------------------------------------------------------
# Swiss

PAIRING_BUDGET = 200_000
"""Search steps allowed for a pairing without repeats before repeats are accepted (32 players finish
far below this; the budget only bounds a late round where no pairing without repeats exists)."""


def swiss_pairs(
    ranked: Sequence[int],
    met: Callable[[int, int], bool],
    had_bye: Callable[[int], bool],
) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs for a Swiss round and the player with the bye (None for an even count).

    ``ranked`` lists the players to pair, best standing first. The rules, in order of priority:

    1. every player plays once (one bye for an odd count, to the lowest-ranked player who
       has not had one yet; if everyone has, the lowest-ranked);
    2. no two players meet twice, when any pairing allows it;
    3. players meet the nearest player below them in the standings that rule 2 allows, so
       equal scores meet and a score group with an odd count sends one player down.

    The search tries partners nearest first and backs up when the rest cannot be paired;
    if no pairing avoids repeats (or the search runs past :data:`PAIRING_BUDGET`), it pairs
    neighbours in standing order, repeats allowed.
    """
    players = list(ranked)
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    bye_choices: list[int | None] = [None]
    if len(players) % 2:
        fresh = [p for p in reversed(players) if not had_bye(p)]
        bye_choices = list(fresh) or [players[-1]]
    steps = [0]
    for bye in bye_choices:
        rest = [p for p in players if p != bye]
        found = _pair_without_repeats(rest, met, steps)
        if found is not None:
            return found, bye
        if steps[0] > PAIRING_BUDGET:
            break
    bye = bye_choices[0]
    rest = [p for p in players if p != bye]
    return [(rest[k], rest[k + 1]) for k in range(0, len(rest), 2)], bye


def _pair_without_repeats(
    players: list[int], met: Callable[[int, int], bool], steps: list[int]
) -> list[tuple[int, int]] | None:
    if not players:
        return []
    steps[0] += 1
    if steps[0] > PAIRING_BUDGET:
        return None
    first, others = players[0], players[1:]
    for k, partner in enumerate(others):
        if met(first, partner):
            continue
        rest = _pair_without_repeats(others[:k] + others[k + 1 :], met, steps)
        if rest is not None:
            return [(first, partner), *rest]
    return None


__all__ = ["PAIRING_BUDGET", "bracket_size", "first_round", "seed_order", "swiss_pairs"]
