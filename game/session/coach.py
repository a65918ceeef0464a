"""The coach during play: whether a player's decision is stopped before it counts, and why.

Why a study while the player moves and not a judgement at Done: the card must come up the instant
the player presses Done, or the coach holds the game up. So when the dice land for a coached player
the study of the roll starts beside the loop (:func:`start_roll_study`, a :class:`~game.ai.jobs.Job`):
the expert's play and the value of every legal play one roll ahead (the values
:func:`game.coach.explain` and the review use). At Done, whether the play is stopped is a look-up.
The reason is worked out for the one play the player made, as soon as it is complete
(:func:`start_explain`): explaining in advance every play the coach would stop cost the frames
twice the worst hitch while the player moved (measured with ``bench_coach``) and mostly for plays
nobody made. A cube action is judged from the expert's cube advice (the
Hint's own question, with the game's time budget), asked when a double is offered to the player.

What is stopped (:class:`Coach`): a decision losing at least the coach's threshold against the
expert's own choice, on the project's one scale (:mod:`game.coach.scale`: blunders, or mistakes
too). The expert's own choice loses nothing, so it is never stopped. A missed double is no action
and cannot be stopped; a double, a take and a pass can. The coach never nags: it asks once per
decision, and after the player keeps a stopped decision it lets the next small ones pass.

Whether a game is coached at all is ONE rule, :func:`coach_level`: tournament rules without aids
turn it off; an explicit setting (off, blunders, mistakes) is the player's word and wins; ``auto``
follows the game: on for blunders when the game asks for the coach (``GameSetup.coach``, the first
game after Learn to play), against the beginner and intermediate levels, and for kiosk visitors.

Pure: the standard library, the engine, the computer player and the coach's explanations; no
pygame (the card that shows a verdict is ``game.ui.play.coach_card``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from game.ai import api, effort, met
from game.ai.api import CubeAdvice
from game.ai.jobs import Job, Where, start
from game.ai.requests import AdviceRequest
from game.coach import Explanation, Phrase, explain
from game.coach.scale import BLUNDER, MISTAKE
from game.coach.verdict import value_of
from game.engine.flow import GameState, Phase
from game.engine.moves import Move, Play, legal_plays
from game.engine.position import Position
from game.session.opponent import cube_question
from game.session.settings import COACH_MODES

MODES: tuple[str, ...] = COACH_MODES
"""The coach setting: ``auto`` (see :func:`coach_level`), ``off``, ``blunders``, ``mistakes``."""
EASY_LEVELS = ("beginner", "intermediate")
THRESHOLDS: dict[str, float] = {"blunders": BLUNDER, "mistakes": MISTAKE}
"""The least loss (cubeless points; cube actions in points per cube) that brings the card up: the
grades of the one scale, never a number of the coach's own."""
QUIET_DECISIONS = 3
"""After the player keeps a stopped decision, this many of the player's next decisions are stopped
only for a loss of :data:`QUIET_FLOOR` or more: a player who has said "I know" is not asked again
about the next small thing."""
QUIET_FLOOR = 2 * BLUNDER


def coach_level(
    setting: str, *, mode: str, level: str, kiosk: bool, asked: bool = False, aids: bool = True
) -> str:
    """What the coach does in a game: "off", "blunders" or "mistakes". The one rule:

    1. no aids (a tournament's rules) or nobody to coach (the demo, a lesson): off;
    2. an explicit setting ("off", "blunders", "mistakes") is the player's word: it applies to every
       game with a human, two-player games included;
    3. ``auto`` (the default): blunders when the game asks for the coach (``asked``: the first game
       after Learn to play), against the easy levels, and for kiosk visitors; else off (two players
       and the strong levels).

    ``mode`` is the game's ("computer", "two", "demo", ...), ``level`` the computer's level.
    """
    if not aids or mode not in ("computer", "two"):
        return "off"
    if setting in THRESHOLDS or setting == "off":
        return setting
    if asked or (mode == "computer" and (kiosk or level in EASY_LEVELS)):
        return "blunders"
    return "off"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A decision the coach stops: what it was, what it gives up and why, and the better choice."""

    kind: str
    """"play", "double", "take" or "pass"."""
    loss: float
    """Equity given up against the expert's choice (cubeless points; cube: points per cube)."""
    reason: Phrase
    """One sentence, as a catalogue key (see :func:`game.coach.render`)."""
    better_moves: tuple[Move, ...] = ()
    """The expert's play from the turn's start (a checker play)."""
    better_action: str = ""
    """The expert's cube action ("no double", "too good", "take", "pass")."""
    advice: CubeAdvice | None = None
    """The expert's cube advice behind a cube verdict (the Hint's numbers)."""


class Coach:
    """The coach's judgement and memory for one game: what it stops, and when it keeps quiet."""

    def __init__(self, level: str) -> None:
        if level not in ("off", *THRESHOLDS):
            raise ValueError(f"the coach is off, blunders or mistakes, not {level!r}")
        self.level = level
        self.quiet = 0
        """The player's decisions left during which only a loss of :data:`QUIET_FLOOR` stops."""

    @property
    def on(self) -> bool:
        return self.level != "off"

    @property
    def threshold(self) -> float:
        """The least loss stopped now (inf when off)."""
        if not self.on:
            return float("inf")
        base = THRESHOLDS[self.level]
        return max(base, QUIET_FLOOR) if self.quiet > 0 else base

    def stops(self, loss: float) -> bool:
        """Whether a decision losing ``loss`` is stopped now."""
        return loss >= self.threshold

    def decided(self) -> None:
        """A decision of the player counted (stopped or not): the quiet spell runs down."""
        self.quiet = max(0, self.quiet - 1)

    def kept(self) -> None:
        """The player kept a stopped decision: the next small ones pass. Called after
        :meth:`decided` for that decision, so the spell covers the decisions that follow it."""
        self.quiet = QUIET_DECISIONS


# ---------------------------------------------------------------------------------------------
# Checker plays: what the coach knows about a roll before the player is done with it


@dataclass
class RollStudy:
    """The coach's knowledge of one roll: the expert's play, every play's value, explanations.

    Filled in place by :func:`run_roll_study` beside the loop; the screen reads it once
    ``best_known`` is set, and sets ``wanted`` and ``stop`` when the player is done, so that the
    play made is valued first and nothing else after it. Shared between the loop and the study's
    thread: each field is written by one side only (``wanted`` and ``stop`` by the screen, the
    explanations by :func:`explain_play`, the rest by the study).
    """

    start: Position
    dice: tuple[int, int]
    best: Play | None = None
    value_best: float = 0.0
    values: dict[Position, float] = field(default_factory=dict)
    """Each legal play's value one roll ahead, by the position after it."""
    explained: dict[Position, Explanation] = field(default_factory=dict)
    """Explanations of the plays the coach stops, made when the play was complete (or at Done)."""
    best_known: bool = False
    """``best`` is the expert's play (None when nothing could move) and ``value_best`` its value."""
    valued: bool = False
    """Every legal play is valued."""
    wanted: Position | None = None
    """Set by the screen at Done: the play to value next, before the others."""
    stop: bool = False
    """Set by the screen: value nothing more once ``wanted`` is valued (the play made is judged now)."""

    def loss(self, after: Position) -> float | None:
        """The loss of the play that leads to ``after`` (None: not valued)."""
        if self.best is not None and after == self.best.position:
            return 0.0
        value = self.values.get(after)
        return None if value is None or not self.best_known else max(0.0, self.value_best - value)


def run_roll_study(study: RollStudy) -> RollStudy:
    """Study the roll for a coached player and return the filled ``study``.

    Every legal play is valued as :func:`game.coach.explain` values it (so the coach and the
    explanation never disagree about a loss), the play ``study.wanted`` first once the screen sets
    it. ``study.stop`` ends the work early, once ``study.wanted`` is valued: what is missing is
    worked out for the play made when it is judged (:func:`explain_play`). A withdrawn job stops
    between two plays (:func:`game.ai.effort.check`).
    """
    start_pos, dice = study.start, study.dice
    plays = legal_plays(start_pos, dice)
    best = api.hint(start_pos, dice) if plays else None
    if best is not None:
        study.value_best = value_of(start_pos, best)
        study.values[best.position] = study.value_best
    study.best = best
    study.best_known = True
    waiting = {p.position: p for p in plays if best is None or p.position != best.position}
    while waiting:
        wanted = study.wanted
        if wanted in waiting:
            play = waiting.pop(wanted)
        elif study.stop:
            break  # the play made is valued: the others are not needed now
        else:
            play = waiting.pop(next(iter(waiting)))
        effort.check()
        study.values[play.position] = value_of(start_pos, play)
    study.valued = not waiting
    return study


def study_roll(start_pos: Position, dice: tuple[int, int]) -> RollStudy:
    """:func:`run_roll_study` on a new study of ``dice`` from ``start_pos``, at once (tests, tools)."""
    return run_roll_study(RollStudy(start_pos, dice))


def explain_play(study: RollStudy, after: Position, moves: tuple[Move, ...]) -> RollStudy:
    """Make sure the play ``moves`` (reaching ``after``) is explained in ``study``; returns it."""
    if after not in study.explained:
        study.explained[after] = explain(study.start, study.dice, moves)
    return study


def _thread(where: Where) -> Where:
    """A study shares its :class:`RollStudy` with the screen (``wanted``, ``stop``), so it runs in
    this process: in a thread where the computer would use a worker process, else at once."""
    return Where.THREAD if where is Where.WORKER else where


def start_roll_study(study: RollStudy, where: Where) -> Job[RollStudy]:
    """Start :func:`run_roll_study` beside the loop (at once for ``Where.HERE``)."""
    question = functools.partial(run_roll_study, study)
    return start(question, _thread(where), what="coach study")


def start_explain(study: RollStudy, after: Position, moves: tuple[Move, ...], where: Where) -> Job[RollStudy]:
    """Start :func:`explain_play` beside the loop: the play made, once it is complete (or at Done)."""
    question = functools.partial(explain_play, study, after, moves)
    return start(question, _thread(where), what="coach explanation")


def play_verdict(study: RollStudy, after: Position, moves: tuple[Move, ...], coach: Coach) -> Verdict | None:
    """The coach's answer to the play ``moves`` (reaching ``after``) at Done: None lets it count.

    A look-up once the study has valued the play (and explained it, when it is stopped); what is
    missing is worked out here, at once (the screen starts :func:`start_explain` first when it
    must not wait).
    """
    if not study.best_known or study.best is None:
        return None
    loss = study.loss(after)
    if loss is None:  # a play the study has not valued (its work was cut short)
        loss = explain_play(study, after, moves).explained[after].loss
    if not coach.stops(loss):
        return None
    why = explain_play(study, after, moves).explained[after]
    if not coach.stops(why.loss):  # the same values; kept for safety against a stale study
        return None
    return Verdict("play", why.loss, why.reason[0], better_moves=study.best.moves)


# ---------------------------------------------------------------------------------------------
# Cube actions: judged from the expert's cube advice (the Hint's question)


@dataclass(frozen=True, slots=True)
class CubeStudy:
    """The expert's view of a cube decision and what each action gives up against it."""

    answering: bool
    advice: CubeAdvice
    losses: dict[str, float]
    """Loss of each action the player may take ("double"; or "take", "pass"), in points per cube."""


def points_scale(state: GameState, decider: int) -> float:
    """Match winning chance that one cube's worth of points is worth to ``decider`` (half the
    swing between winning and losing the current cube); 1.0 in a money game (no conversion)."""
    length = state.rules.match_length
    if not length:
        return 1.0
    cube = state.cube.value
    away_me = length - state.score[decider]
    away_opp = length - state.score[1 - decider]
    win = met.match_equity(away_me - cube, away_opp)
    lose = met.match_equity(away_me, away_opp - cube)
    return max(1e-6, (win - lose) / 2.0)


def cube_study(state: GameState, advice: CubeAdvice) -> CubeStudy:
    """What each cube action in ``state`` gives up against ``advice`` (the expert's, for the player on
    roll before a roll, or for the player answering a double). Losses are in points per cube (a
    match's winning chances turned into points with :func:`points_scale`), so one threshold serves
    both."""
    answering = state.phase is Phase.CUBE_OFFERED
    decider = 1 - state.turn if answering else state.turn
    scale = points_scale(state, decider)
    nd, dt, dp = advice.no_double, advice.double_take, advice.double_pass
    if answering:  # the doubler's equities: the taker wants them low
        losses = {"take": max(0.0, dt - dp) / scale, "pass": max(0.0, dp - dt) / scale}
    else:
        losses = {"double": max(0.0, nd - min(dt, dp)) / scale}
    return CubeStudy(answering, advice, losses)


def study_cube(state: GameState, budget: float | None = api.CUBE_BUDGET) -> CubeStudy:
    """:func:`cube_study` with the expert's advice asked here, at once, within the game's cube
    ``budget`` (tests and tools; the screen asks through the game's opponent, as the Hint does)."""
    answering = state.phase is Phase.CUBE_OFFERED
    advice = AdviceRequest(cube_question(state, answering), answering, budget)()
    return cube_study(state, advice)


def _percent(x: float) -> int:
    return round(100.0 * x)


def cube_reason(action: str, advice: CubeAdvice) -> Phrase:
    """Why the expert would not take ``action``, in one sentence of facts a player can weigh:
    the chances from the player's side (the doubler's before a double, the taker's on a take)."""
    win, gammon, lose_gammon = _percent(advice.win), _percent(advice.win_gammon), _percent(advice.lose_gammon)
    if action == "take" and lose_gammon > 0:
        return Phrase("coach.cube.take", {"win": win, "gammon": lose_gammon})
    if action == "take":
        return Phrase("coach.cube.take_plain", {"win": win})
    if action == "pass":
        return Phrase("coach.cube.pass", {"win": win})
    if advice.proper == "too good":
        return Phrase("coach.cube.too_good", {"gammon": gammon})
    return Phrase("coach.cube.early", {"win": win})


def cube_verdict(study: CubeStudy, action: str, coach: Coach) -> Verdict | None:
    """The coach's answer to the cube ``action`` ("double", "take", "pass"): None lets it count."""
    loss = study.losses.get(action)
    if loss is None or not coach.stops(loss):
        return None
    advice = study.advice
    better = advice.response if study.answering else advice.proper
    return Verdict(action, loss, cube_reason(action, advice), better_action=better, advice=advice)


__all__ = [
    "EASY_LEVELS",
    "MODES",
    "QUIET_DECISIONS",
    "QUIET_FLOOR",
    "THRESHOLDS",
    "Coach",
    "CubeStudy",
    "RollStudy",
    "Verdict",
    "coach_level",
    "cube_reason",
    "cube_study",
    "cube_verdict",
    "explain_play",
    "play_verdict",
    "points_scale",
    "run_roll_study",
    "start_explain",
    "start_roll_study",
    "study_cube",
    "study_roll",
]
