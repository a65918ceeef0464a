"""The computer player's public interface: plays, cube decisions, hints, evaluation.

The bot (``game.bot``) and the UI call only these functions. Levels are the
same evaluator with less and less noise added to each candidate's equity
(``expert``: none, and a one-roll lookahead on its closest candidates);
the noise comes from a hash of the position, the dice, the candidate, the
level and the caller's ``seed`` (one per game), so a choice is reproducible
for a game yet differs between games: a level cannot be beaten by replaying.
Nothing here touches global random state.
"""

from __future__ import annotations

import hashlib
import math

from game.engine import Play, Position, legal_plays
from game.engine.cube import MAX_CUBE, Cube, can_double

from . import cube as cubemod
from . import pubeval, search
from .duel import game_points
from .net import Outputs, default_network, equity

LEVELS = ("beginner", "intermediate", "advanced", "expert")

# Standard deviation of the noise added to each candidate's equity (in points), per level.
# Calibrated with game/tools/bench_pubeval.py so each level beats the one below.
PLAY_NOISE: dict[str, float] = {"beginner": 0.15, "intermediate": 0.075, "advanced": 0.05, "expert": 0.0}
# Noise on the win chance used for cube decisions, per level.
CUBE_NOISE: dict[str, float] = {"beginner": 0.10, "intermediate": 0.05, "advanced": 0.02, "expert": 0.0}

SCREEN_ABOVE = 120
"""Rolls with more legal plays than this (small doubles in loose positions, a few in a thousand)
are first screened by pubeval's cheap linear score, keeping the best ``SCREEN_KEEP`` for the network:
it bounds the worst-case choice time at a negligible cost in play."""
SCREEN_KEEP = 80

OWNERS = ("centre", "me", "opponent")


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


def _gauss(key: bytes) -> float:
    """A standard normal number determined by ``key`` (Box-Muller on a hash)."""
    d = hashlib.blake2b(key, digest_size=16).digest()
    u1 = (int.from_bytes(d[:8], "little") + 1) / 18446744073709551617.0
    u2 = int.from_bytes(d[8:], "little") / 18446744073709551616.0
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def _board_bytes(pos: Position) -> bytes:
    return bytes(pos.me) + bytes(pos.opp)


def play_equities(pos: Position, plays: list[Play]) -> list[float]:
    """Cubeless equity, for the mover, of each play's resulting position."""
    return [equity(o) for o in default_network().play_outputs(pos, plays)]


def _screen(pos: Position, plays: list[Play]) -> list[Play]:
    """The ``SCREEN_KEEP`` best plays by pubeval's score."""
    race = pos.is_race()
    ranked = sorted(
        plays,
        key=lambda p: pubeval.fast_score(p.position, race),
        reverse=True,
    )
    return ranked[:SCREEN_KEEP]


def choose_play(
    pos: Position, dice: tuple[int, int], level: str, *, seed: int = 0, lookahead: bool | None = None
) -> Play | None:
    """The computer's play at ``level``; None when the roll cannot be played.

    Deterministic per (position, dice, level, seed). ``expert`` has no noise and
    looks one roll ahead on its closest candidates (:mod:`game.ai.search`);
    ``lookahead`` overrides that (the benchmarks compare both).
    """
    _check_level(level)
    plays = legal_plays(pos, dice)
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    wins = [p for p in plays if p.position.my_off == 15]
    if wins:  # every level takes a win, and the biggest one
        return max(wins, key=lambda p: game_points(p.position))
    if len(plays) > SCREEN_ABOVE:
        plays = _screen(pos, plays)
    scores = play_equities(pos, plays)
    search_ahead = level == "expert" if lookahead is None else lookahead
    if search_ahead:
        return plays[search.refine(default_network(), plays, scores)]
    sigma = PLAY_NOISE[level]
    if sigma > 0.0:
        base = f"{level}|{seed}|".encode() + _board_bytes(pos) + bytes(dice)
        scores = [
            s + sigma * _gauss(base + _board_bytes(p.position)) for s, p in zip(scores, plays, strict=True)
        ]
    best = max(range(len(plays)), key=scores.__getitem__)
    return plays[best]


def hint(pos: Position, dice: tuple[int, int]) -> Play | None:
    """The expert's play for the human's roll (for the Hint button)."""
    return choose_play(pos, dice, "expert")


def probabilities(pos: Position) -> Outputs:
    """(win, win gammon+, win backgammon, lose gammon+, lose backgammon) for the player on roll."""
    return default_network().evaluate(pos)


def evaluate(pos: Position) -> float:
    """Cubeless money equity for the player on roll, before rolling (-3..+3, usually -1..+1)."""
    return equity(probabilities(pos))


def _cube_outputs(pos: Position) -> Outputs:
    """Probabilities for cube decisions: the race model in a pure race, else the network."""
    if pos.is_race():
        return cubemod.race_outputs(pos)
    return probabilities(pos)


def _check_cube(cube_value: int, cube_owner: str, match_length: int, score: tuple[int, int]) -> None:
    if not isinstance(cube_value, int) or cube_value < 1 or cube_value & (cube_value - 1):
        raise ValueError(f"the cube shows a power of two from 1 to 64, not {cube_value!r}")
    if cube_value > MAX_CUBE:
        raise ValueError(f"the cube cannot exceed {MAX_CUBE}")
    if cube_owner not in OWNERS:
        raise ValueError(f"cube owner is one of {', '.join(OWNERS)}, not {cube_owner!r}")
    if (cube_owner == "centre") != (cube_value == 1):
        raise ValueError("a centred cube shows 1, and a doubled cube has an owner")
    if not isinstance(match_length, int) or match_length < 0:
        raise ValueError("match length is 0 (money) or a positive number of points")
    if len(score) != 2 or any(not isinstance(s, int) or s < 0 for s in score):
        raise ValueError("score is two non-negative whole numbers")
    if match_length and any(s >= match_length for s in score):
        raise ValueError(f"score {score} is already past a {match_length}-point match")


def _noisy(out: Outputs, pos: Position, level: str, tag: str) -> Outputs:
    sigma = CUBE_NOISE[level]
    if sigma <= 0.0:
        return out
    shift = sigma * _gauss(f"{level}|{tag}|".encode() + _board_bytes(pos))
    w = min(max(out[0] + shift, 0.001), 0.999)
    return (w, min(out[1], w), min(out[2], w), min(out[3], 1.0 - w), min(out[4], 1.0 - w))


def _view(
    out: Outputs,
    on_roll: Position,
    cube_value: int,
    owner: str,
    match_length: int,
    score: tuple[int, int],
) -> cubemod.CubeView:
    """The doubler's cube view; ``on_roll`` and ``score`` are seen by the doubler."""
    x = cubemod.cube_efficiency(on_roll)
    if match_length == 0:
        return cubemod.money_view(out, owner, x)
    away = (match_length - score[0], match_length - score[1])
    post = min(away) == 1  # not the Crawford game (callers checked), so post-Crawford
    return cubemod.match_view(out, owner, x, cube_value, away, post)


def may_double(
    cube_value: int, cube_owner: str, match_length: int, score: tuple[int, int], crawford: bool
) -> bool:
    """Whether the player on roll should even consider doubling: the rules allow it (the engine's
    :func:`can_double`: owner or centred, below 64, not the Crawford game) and it can gain something."""
    # The decider is player 0 here; "opponent" is player 1.
    cube = Cube(cube_value, None if cube_owner == "centre" else OWNERS.index(cube_owner) - 1)
    if can_double(cube, 0, crawford) is not None:
        return False
    # In a match a player who already wins the match with the cube as it is gains nothing.
    return not (match_length and match_length - score[0] <= cube_value)


def should_double(
    pos: Position,
    cube_value: int,
    cube_owner: str,
    match_length: int,
    score: tuple[int, int],
    crawford: bool,
    level: str,
) -> bool:
    """Should the player on roll in ``pos`` double before rolling? Never when the rules forbid it."""
    _check_level(level)
    _check_cube(cube_value, cube_owner, match_length, score)
    if not may_double(cube_value, cube_owner, match_length, score, crawford):
        return False
    out = _noisy(_cube_outputs(pos), pos, level, "double")
    return _view(out, pos, cube_value, cube_owner, match_length, score).should_double


def should_take(
    pos: Position,
    cube_value: int,
    cube_owner: str,
    match_length: int,
    score: tuple[int, int],
    crawford: bool,
    level: str,
) -> bool:
    """Should the player answering a double take it?

    ``pos`` is seen from the taker, who is NOT on roll (the doubler rolls next);
    ``cube_value`` is the cube before the double; ``cube_owner`` and ``score`` are
    from the taker's side ("opponent" = the doubler owned the cube).
    """
    _check_level(level)
    _check_cube(cube_value, cube_owner, match_length, score)
    if cube_owner == "me":
        raise ValueError("the opponent cannot double a cube the taker owns")
    doubler = pos.flip()
    doubler_owner = "centre" if cube_owner == "centre" else "me"
    doubler_score = (score[1], score[0])
    out = _noisy(_cube_outputs(doubler), pos, level, "take")
    return _view(out, doubler, cube_value, doubler_owner, match_length, doubler_score).should_take
