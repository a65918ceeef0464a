"""The computer player's public interface: plays, cube decisions, hints, evaluation.

The bot (``game.bot``) and the UI call only these functions. Levels are the
same evaluator with less and less noise added to each candidate's equity
(``expert``: none, and a one-roll lookahead on its closest candidates);
the noise comes from a hash of the position, the dice, the candidate, the
level and the caller's ``seed`` (one per game), so a choice is reproducible
for a game yet differs between games: a level cannot be beaten by replaying.
Every level plays bear-offs from the exact one-sided table (:mod:`game.ai.bearoff`).

Cube: the expert's decisions look one roll ahead, cubeful (:mod:`game.ai.cubeful`),
with the race model (:mod:`game.ai.race`) once contact is over; in contact a short
cubeful rollout (:mod:`game.ai.rollout`) checks every take, and every double the
lookahead wants or calls too good. The other levels judge the position before the roll with noise and
a bias (they miss doubles and take too much). :func:`cube_advice` gives the expert's
action and its numbers for the Hint. Nothing here touches global random state.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, replace
from functools import lru_cache

from game.engine import Play, Position, legal_plays
from game.engine.cube import MAX_CUBE

from . import bearoff, cubeful, effort, parallel, pubeval, race, rollout, search
from . import cube as cubemod
from .cubeful import OWNERS, CubeOwner
from .duel import game_points
from .levels import LEVELS
from .net import Network, Outputs, default_network, equity
from .question import CubeAction, CubeQuestion

# Standard deviation of the noise added to each candidate's equity (in points), per level.
# Calibrated with game/tools/bench_pubeval.py so each level beats the one below.
PLAY_NOISE: dict[str, float] = {"beginner": 0.15, "intermediate": 0.10, "advanced": 0.05, "expert": 0.0}
# Noise on the win chance used for cube decisions, per level (the expert has none and looks a roll ahead;
# the others judge the position before the roll, as a person does at a glance).
CUBE_NOISE: dict[str, float] = {"beginner": 0.10, "intermediate": 0.05, "advanced": 0.02, "expert": 0.0}
# A level's pessimism about the doubler's chances, in win chance: a weaker player doubles late (misses
# doubles) and takes too much, the common human errors, in proportion to its strength.
CUBE_BIAS: dict[str, float] = {"beginner": 0.08, "intermediate": 0.04, "advanced": 0.015, "expert": 0.0}

SCREEN_ABOVE = 120
"""Rolls with more legal plays than this (small doubles in loose positions, a few in a thousand)
are first screened by pubeval's cheap linear score, keeping the best ``SCREEN_KEEP`` for the network:
it bounds the worst-case choice time at a negligible cost in play."""
SCREEN_KEEP = 80


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


def play_outputs(pos: Position, plays: list[Play]) -> list[Outputs]:
    """Cubeless outputs, for the mover, of each play's resulting position.

    In a bear-off (every checker of both sides home) they come from the exact
    one-sided table, at every level; elsewhere from the network.
    """
    if bearoff.is_bearoff(pos):
        return bearoff.play_outputs(plays)
    return default_network().play_outputs(pos, plays)


def play_equities(pos: Position, plays: list[Play]) -> list[float]:
    """Cubeless equity, for the mover, of each play's resulting position."""
    return [equity(o) for o in play_outputs(pos, plays)]


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
    # In a bear-off the table is exact already: no lookahead.
    search_ahead = (level == "expert" if lookahead is None else lookahead) and not bearoff.is_bearoff(pos)
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
    """(win, win gammon+, win backgammon, lose gammon+, lose backgammon) for the player on roll.

    The bear-off table in a bear-off, the network elsewhere.
    """
    if bearoff.is_bearoff(pos):
        return bearoff.outputs(pos)
    return default_network().evaluate(pos)


def evaluate(pos: Position) -> float:
    """Cubeless money equity for the player on roll, before rolling (-3..+3, usually -1..+1)."""
    return equity(probabilities(pos))


def cube_outputs(pos: Position) -> Outputs:
    """Probabilities for cube decisions: the race model (bear-off table, EPC model) without contact."""
    if pos.is_race():
        return race.outputs(pos)
    return probabilities(pos)


def _check_cube(question: CubeQuestion) -> None:
    cube_value, cube_owner = question.cube_value, question.cube_owner
    match_length, score = question.match_length, question.score
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
    """The level's view of the DOUBLER's outputs: noise, and a pessimistic shift (see ``CUBE_BIAS``)."""
    sigma = CUBE_NOISE[level]
    bias = CUBE_BIAS[level]
    if sigma <= 0.0 and bias <= 0.0:
        return out
    shift = sigma * _gauss(f"{level}|{tag}|".encode() + _board_bytes(pos)) - bias
    w = min(max(out[0] + shift, 0.001), 0.999)
    return (w, min(out[1], w), min(out[2], w), min(out[3], 1.0 - w), min(out[4], 1.0 - w))


CUBE_SCREEN_KEEP = 6
"""In the cube lookahead each roll's plays are first ranked by pubeval's cheap score and only the best
``CUBE_SCREEN_KEEP`` go to the network (outside bear-offs): the lookahead costs about 21 x 6 network
evaluations instead of 21 x all plays."""


def _best_play(pos: Position, plays: list[Play], keep: int = CUBE_SCREEN_KEEP) -> tuple[Play, Outputs]:
    """The best cubeless play for the cube lookahead (pubeval's best ``keep``, then 0-ply) and its outputs."""
    wins = [p for p in plays if p.position.my_off == 15]
    if wins:
        best = max(wins, key=lambda p: game_points(p.position))
        return best, bearoff.play_outputs([best])[0]
    if len(plays) > keep and not bearoff.is_bearoff(pos):
        race_now = pos.is_race()
        plays = sorted(plays, key=lambda p: pubeval.fast_score(p.position, race_now), reverse=True)
        plays = plays[:keep]
    outs = play_outputs(pos, plays)
    k = max(range(len(plays)), key=lambda i: equity(outs[i]))
    return plays[k], outs[k]


def _info(
    cube_value: int, cube_owner: str, match_length: int, score: tuple[int, int], crawford: bool
) -> cubeful.CubeInfo:
    return cubeful.CubeInfo(cube_value, CubeOwner(cube_owner), match_length, (score[0], score[1]), crawford)


ROLLOUT_TRIALS = 288
ROLLOUT_PLIES = 8
"""The expert's cube rollouts (:mod:`game.ai.rollout`): up to 288 trials (each first roll eight times)
of 8 plies, stopped after any 36 once the answer is settled (see ``ROLLOUT_STOP_Z``,
``ROLLOUT_AGREE_Z``). Why so many: a rollout's dice are one draw, and on close calls they decide;
on both cube benchmark sets 288 trials lost less than 144, and 144 less than 72. More trials are
the same estimate with less noise, so nothing is fitted to the measuring stick. Most decisions
still stop at 36 trials; the ones close all the way play 288, which the worker processes
(:mod:`game.ai.parallel`) pay for. Figures: docs/benchmarks.md, "The expert's cube rollouts"."""
ROLLOUT_STOP_Z = 3.0
"""After 36 trials the rollout stops when the answer at stake is already this many standard errors
clear (most takes are): about half the time for the same decisions."""
ROLLOUT_AGREE_Z = 1.0
"""After 36 trials the rollout also stops when it gives the lookahead's own answer by this many standard
errors: to change the decision, the next 36 would have to swing it clearly the other way. On the cube
benchmark this left every decision's loss unchanged and cut the long rollouts by more than half
(figures: docs/benchmarks.md, "The expert's cube rollouts")."""
ROLLOUT_Z_DOUBLE = 1.0
"""The rollout overrules the lookahead's double decision (a double it wants, or a position it calls too
good) only when its own answer is this many standard errors clear: on a close call its noise would
only add errors (post-Crawford, say, where doubling now and doubling next turn are worth almost the
same). Chosen against the project's own reference, 200 contact positions of the cube benchmark each
rolled out 144 times to the end of the game (``tune_cube_life --thresholds``): 1 lost the least of
the thresholds tried (figures: docs/benchmarks.md, "The expert's cube rollouts")."""
ROLLOUT_Z_TAKE = 0.5
"""The rollout overrules the lookahead's take or pass when its own answer is this many standard
errors clear. Lower than for the double: on takes the rollout is the better judge (alone, it loses
less than the lookahead alone), so it needs little to be believed. Chosen against the project's own
full-game rollouts of the same 200 positions as ``ROLLOUT_Z_DOUBLE``, where 0.5 lost the least; GNU
Backgammon's answers, only measured, agree (figures: docs/benchmarks.md, "The expert's cube
rollouts", and ``assets/weights/README.md``)."""


CUBE_BUDGET = 0.2
"""The game's budget for one cube decision of the expert, in CPU seconds of the thread thinking
(:class:`game.ai.effort.Deadline`); the functions here take it as ``budget`` and have none by
default (the bot, the benchmarks and the review judge with every trial). Why 0.2 s: it is counted
on the machine the game runs on, so it bounds the wait the same everywhere, and a slower machine
buys fewer trials with it: a Raspberry Pi 4 core does about a sixth of this build machine's work
in a CPU second, so there the rollout plays about a sixth of the trials, and the decision (the
lookahead before it included) stays within a second. Fewer trials mean wider standard errors, so
the rollout overrules the lookahead less often. Most decisions end sooner (no
rollout, or one settled after 36 trials); a take close all the way stops at the last block of 36
trials finished in time, or, when not even the first was, keeps the lookahead's answer. Measured
with ``python -m game.ui.tools.bench_thinking`` and ``python -m game.tools.bench_teacher
--cube-speed N --pi`` (docs/benchmarks.md, "The expert's cube rollouts")."""


_rollout_dice = 0
"""Which set of dice the expert's cube rollouts use: 0 in play (see :func:`use_rollout_dice`)."""


def use_rollout_dice(dice: int) -> None:
    """Give every later cube rollout another set of dice (0: the set the game uses).

    For the cube benchmark only: a rollout of 36-288 trials is noisy, so one set of dice is one
    draw of the expert's figures; the benchmark scores several sets and reports their mean.
    """
    global _rollout_dice
    _rollout_dice = dice


def cube_equities(
    pos: Position,
    info: cubeful.CubeInfo,
    level: str = "expert",
    *,
    answering: bool = False,
    budget: float | None = None,
) -> cubeful.CubeEquities:
    """The cube decision's equities for the player on roll in ``pos``, as ``level`` judges them.

    The expert looks one roll ahead (:mod:`game.ai.cubeful`). In contact it also plays the
    position out (:mod:`game.ai.rollout`) when the answer matters enough to pay for it: always
    for the taker (``answering``: the equities decide a take), and for the doubler when the
    lookahead says double or too good (see :func:`_rolls_out`). Where the rollout clearly answers
    otherwise (by ``ROLLOUT_Z_TAKE`` or ``ROLLOUT_Z_DOUBLE`` of its standard errors) its equities
    are returned, else the lookahead's.
    Races stay with the lookahead, whose race model is already close to exact.
    ``budget`` (CPU seconds, see :data:`CUBE_BUDGET`; None: none) bounds the expert's rollout.
    The other levels apply Janowski's formulas to the position before the roll, with their noise
    and bias.
    """
    _check_level(level)
    if level == "expert":
        if not info.match_length and (info.score != (0, 0) or info.crawford):
            # Money play's running score means nothing to the cube: one question, one answer
            # (the rollout's dice are seeded by the question, and the answers are remembered by it).
            info = replace(info, score=(0, 0), crawford=False)
        return _expert_cube(pos, info, answering, default_network(), _rollout_dice, budget)
    out = cube_outputs(pos)
    view = _view(out, pos, info.value, info.owner, info.match_length, info.score)
    return cubeful.CubeEquities(
        view.no_double, view.double_take, view.double_pass, out, money=not info.match_length
    )


def cube_lookahead(pos: Position, info: cubeful.CubeInfo) -> cubeful.CubeEquities:
    """The expert's one-roll-ahead cube equities alone, never rolled out or remembered (the cube-life
    tool measures them for each cube life ``x``)."""
    return cubeful.evaluate(pos, info, _best_play, cube_outputs)


@lru_cache(maxsize=256)
def _expert_cube(
    pos: Position,
    info: cubeful.CubeInfo,
    answering: bool,
    network: Network,
    dice: int = 0,
    budget: float | None = None,
) -> cubeful.CubeEquities:
    """The expert's cube equities (see :func:`cube_equities`), remembered: the decision, the Hint
    and the review often ask about the same position, and a rollout is worth keeping. ``network``
    and ``dice`` are part of the key so that other weights or dice (the benchmarks' ``use_weights``
    and ``use_rollout_dice``) are not mixed up; ``budget`` too, so that an answer cut short by a
    budget is never given to a question asked without one. A withdrawn question
    (:class:`game.ai.effort.Cancelled`) leaves nothing remembered."""
    deadline = effort.Deadline(budget) if budget is not None else None
    ahead = cube_lookahead(pos, info)
    if not _rolls_out(pos, info, ahead, answering):
        return ahead
    rolled = rollout.evaluate_within(
        pos,
        info,
        _best_play,
        cube_outputs,
        trials=ROLLOUT_TRIALS,
        plies=ROLLOUT_PLIES,
        settled=lambda so_far: _settled(so_far, ahead, answering),
        dice_set=dice,
        runner=parallel.trial_runner(),
        out_of_time=deadline.passed if deadline is not None else None,
    )
    if rolled is None:  # no time for a second opinion: the lookahead's answer stands
        return ahead
    return rolled if _overrules(rolled, ahead, answering) else ahead


def _rolls_out(pos: Position, info: cubeful.CubeInfo, ahead: cubeful.CubeEquities, answering: bool) -> bool:
    """Whether the expert checks the lookahead's answer with a rollout: in contact only, every take,
    and the doubler's decision when the lookahead doubles or calls the position too good.

    Too good: the lookahead's gammon chances come from the network, which overrates them in
    blitzes and similar positions; a few rolls of play show the gammons that are really there.
    (Measured on the project's own full-game rollouts, see ``ROLLOUT_Z_DOUBLE``.) A plain "no
    double" is not checked: it is the answer on most turns, and a rollout on every turn would
    cost a third of a second each.
    """
    if pos.is_race():
        return False
    if answering:
        return True
    if info.match_length and not info.crawford and info.away[1] == 1 < info.away[0]:
        # Post-Crawford the trailer loses nothing by doubling at once (the leader's gammons do not
        # count), so doubling now and next turn are worth the same: a rollout could only add noise.
        return False
    return info.may_double() and (ahead.should_double or ahead.too_good)


def _settled(so_far: rollout.RolloutEquities, ahead: cubeful.CubeEquities, answering: bool) -> bool:
    """Whether the rollout may stop here: its answer is clear, or it agrees with the lookahead's."""
    clear = _clearness(so_far, answering)
    if clear > ROLLOUT_STOP_Z:
        return True
    return _answer(so_far, answering) == _answer(ahead, answering) and clear > ROLLOUT_AGREE_Z


def _answer(eq: cubeful.CubeEquities, answering: bool) -> bool:
    """The answer at stake in ``eq``: take when ``answering``, else double."""
    return eq.should_take if answering else eq.should_double


def _clearness(rolled: rollout.RolloutEquities, answering: bool) -> float:
    """How many standard errors separate the rollout's answer at stake from the other answer.

    At stake: the take when ``answering`` (double/take against double/pass), else the double
    (the better of the doubled answers against no double).
    """
    if answering:
        return abs(rolled.double_pass - rolled.double_take) / max(rolled.se_double_take, 1e-9)
    if rolled.double_take <= rolled.double_pass:
        return abs(rolled.no_double - rolled.double_take) / max(rolled.se_difference, 1e-9)
    return abs(rolled.no_double - rolled.double_pass) / max(rolled.se_no_double, 1e-9)


def _overrules(
    rolled: rollout.RolloutEquities, ahead: cubeful.CubeEquities, answering: bool, z: float | None = None
) -> bool:
    """The rollout answers the decision at stake otherwise than the lookahead, and clearly.

    At stake: the take when ``answering``, else the double (which the lookahead wants, or calls
    too good). ``z``: how clearly, in standard errors (default ``ROLLOUT_Z_TAKE`` or
    ``ROLLOUT_Z_DOUBLE``; the cube-life tool scores other values).
    """
    if z is None:
        z = ROLLOUT_Z_TAKE if answering else ROLLOUT_Z_DOUBLE
    return _answer(rolled, answering) != _answer(ahead, answering) and _clearness(rolled, answering) > z


def _view(
    out: Outputs,
    on_roll: Position,
    cube_value: int,
    owner: str,
    match_length: int,
    score: tuple[int, int],
) -> cubemod.CubeView:
    """The doubler's 0-ply cube view; ``on_roll`` and ``score`` are seen by the doubler."""
    return cubeful.view(out, on_roll, _info(cube_value, owner, match_length, score, False))


def may_double(question: CubeQuestion) -> bool:
    """Whether the player on roll should even consider doubling: the rules allow it (the engine's
    :func:`can_double`: owner or centred, below 64, not the Crawford game) and it can gain something
    (in a match, a player who already wins the match with the cube as it is gains nothing). The
    question's position plays no part."""
    return question.cube_info().may_double()


def _decide(
    pos: Position, info: cubeful.CubeInfo, level: str, tag: str, budget: float | None = None
) -> cubeful.CubeEquities:
    """Equities of the doubler (on roll in ``pos``) as ``level`` sees them for a ``tag`` decision."""
    if level == "expert":
        return cube_equities(pos, info, level, answering=tag == "take", budget=budget)
    out = _noisy(cube_outputs(pos), pos, level, tag)
    view = _view(out, pos, info.value, info.owner, info.match_length, info.score)
    return cubeful.CubeEquities(
        view.no_double, view.double_take, view.double_pass, out, money=not info.match_length
    )


def should_double(question: CubeQuestion, level: str, *, budget: float | None = None) -> bool:
    """Should the player on roll in the question's position double before rolling? Never when the
    rules forbid it. ``budget``: CPU seconds for the expert's rollout (see :data:`CUBE_BUDGET`),
    None for no limit."""
    _check_level(level)
    _check_cube(question)
    info = question.cube_info()
    if not info.may_double():
        return False
    return _decide(question.position, info, level, "double", budget).should_double


def should_take(question: CubeQuestion, level: str, *, budget: float | None = None) -> bool:
    """Should the player answering a double take it?

    The question is the taker's (``CubeQuestion.from_state(state, answering=True)``): its position
    is seen from the taker, who is NOT on roll (the doubler rolls next); ``cube_value`` is the cube
    before the double; ``cube_owner`` and ``score`` are from the taker's side ("opponent" = the
    doubler owned the cube). ``budget`` as for :func:`should_double`.
    """
    _check_level(level)
    _check_cube(question)
    if question.cube_owner == CubeOwner.ME:
        raise ValueError("the opponent cannot double a cube the taker owns")
    # No double is offered in the Crawford game (the engine forbids it); if asked anyway, the answer is
    # the one for the same score after it.
    info = replace(question.cube_info(), crawford=False).flipped()
    return _decide(question.position.flip(), info, level, "take", budget).should_take


@dataclass(frozen=True, slots=True)
class CubeAdvice(cubemod.CubeView):
    """What the expert would do with the cube, and the numbers behind it (for the Hint button).

    ``action`` is one of ``"double"``, ``"no double"``, ``"too good"`` (the opponent should pass,
    but playing on for the gammon is worth more), ``"no double: not allowed"`` (the rules or a dead
    cube leave nothing to decide; the numbers are still filled in) when asked before the roll, and
    ``"take"`` or ``"pass"`` when answering a double. ``proper`` is the doubler's correct decision
    and ``response`` the taker's, whichever side asked.

    The chances are cubeless, for the player who asked (the doubler before the roll, the taker when
    answering), averaged over the next roll, or over the trials where the rollout stopped when the
    rollout decided (``played_out``). The equities are the DOUBLER's, cubeful: in money,
    points per unit of the cube before the double (so "double, pass" is +1); in a match, match-
    winning chances (``units`` says which). ``cubeless_equity`` is the asker's cubeless money equity.
    """

    action: CubeAction
    proper: CubeAction
    response: CubeAction
    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float
    cubeless_equity: float
    units: str
    played_out: int = 0
    """How many trial games of a rollout these numbers come from; 0: the one-roll lookahead's."""

    @property
    def cubeful_equity(self) -> float:
        """The doubler's equity after the right cube action and the right answer."""
        return self.cubeful


def cube_advice(
    question: CubeQuestion, *, answering: bool = False, budget: float | None = None
) -> CubeAdvice:
    """The expert's cube advice (one roll ahead) for the Hint button.

    Before the roll (``answering=False``): the question's position, ``cube_owner`` and ``score``
    are seen by the player on roll, who may double. Answering a double (``answering=True``): they
    are seen by the taker, exactly as for :func:`should_take` (``cube_value`` is the cube before
    the double). ``budget`` as for :func:`should_double`.
    Raises ``ValueError`` with a readable reason for an impossible cube or score.
    """
    _check_cube(question)
    info = question.cube_info()
    if answering:
        if question.cube_owner == CubeOwner.ME:
            raise ValueError("the opponent cannot double a cube the taker owns")
        if question.crawford:
            raise ValueError("nobody doubles in the Crawford game")
        info = info.flipped()
        doubler = question.position.flip()
    else:
        doubler = question.position
    eq = cube_equities(doubler, info, "expert", answering=answering, budget=budget)
    proper = (
        CubeAction.TOO_GOOD
        if eq.too_good
        else CubeAction.DOUBLE
        if eq.should_double
        else CubeAction.NO_DOUBLE
    )
    response = CubeAction.TAKE if eq.should_take else CubeAction.PASS
    if answering:
        action = response
        out = (1.0 - eq.outputs[0], eq.outputs[3], eq.outputs[4], eq.outputs[1], eq.outputs[2])
    else:
        action = proper if info.may_double() else CubeAction.NOT_ALLOWED
        out = eq.outputs
    return CubeAdvice(
        action=action,
        proper=proper if info.may_double() else CubeAction.NO_DOUBLE,
        response=response,
        win=out[0],
        win_gammon=out[1],
        win_backgammon=out[2],
        lose_gammon=out[3],
        lose_backgammon=out[4],
        cubeless_equity=equity(out),
        no_double=eq.no_double,
        double_take=eq.double_take,
        double_pass=eq.double_pass,
        units="match winning chance" if question.match_length else "points per cube",
        played_out=eq.trials if isinstance(eq, rollout.RolloutEquities) else 0,
    )
