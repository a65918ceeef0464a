"""Checkable facts about a play: what a newcomer can see on the board and count for himself.

Why facts and not opinions: the coach must never tell a player something the board does
not show. Every number here is counted from the position (blots, points, primes, pips) or
proved by the rules engine (hits, and ``shots``: the opponent's rolls that hit, found with
the engine's own whole-turn legal-play generator, so a hit a roll cannot legally make is
not counted). Only the chances come from the evaluator, and they are labelled as such.

Point numbers are the mover's own, 1..24 with 24 the farthest from home, as the engine's
notation writes them for the player on roll: index ``i`` of ``Position.me`` is point
``i + 1``; the opponent's index ``j`` stands on the mover's point ``24 - j``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai import api
from game.ai.cube import average_values, cube_efficiency, janowski
from game.ai.search import ROLLS
from game.engine import Play, Position, format_play, legal_plays
from game.engine.moves import dice_to_play
from game.engine.position import BAR

GOLDEN_POINT = 5
"""The 5-point: the most valuable point to make early (it blocks 6s and sits in the home board)."""
BAR_POINT_NUMBER = 7
"""The bar point: the 7-point, just outside the home board, the key point of a prime."""
HOME = range(1, 7)
"""The mover's home board."""
OPPONENT_HOME = range(19, 25)
"""The opponent's home board in the mover's numbers: a point held there is an anchor."""


def point_kind(point: int) -> str:
    """The name a point goes by: "golden" (5), "bar" (7), "home" (the other home-board points),
    "anchor" (a point in the opponent's home board) or "outfield" (the rest)."""
    if point == GOLDEN_POINT:
        return "golden"
    if point == BAR_POINT_NUMBER:
        return "bar"
    if point in HOME:
        return "home"
    if point in OPPONENT_HOME:
        return "anchor"
    return "outfield"


def held_points(pos: Position) -> tuple[int, ...]:
    """The mover's points with two or more checkers, highest first."""
    return tuple(i + 1 for i in range(23, -1, -1) if pos.me[i] >= 2)


def blots(pos: Position) -> tuple[int, ...]:
    """The mover's points with exactly one checker, highest first (a checker on the bar is no blot)."""
    return tuple(i + 1 for i in range(23, -1, -1) if pos.me[i] == 1)


def longest_prime(pos: Position) -> tuple[int, int]:
    """(length, highest point) of the longest run of consecutive held points; (0, 0) when none.

    Of two runs of the same length the one nearer home is given: it is the one that will hold.
    """
    best = (0, 0)
    run = 0
    for point in range(1, 25):
        run = run + 1 if pos.me[point - 1] >= 2 else 0
        if run > best[0]:
            best = (run, point)
    return best


def back_checkers(pos: Position) -> int:
    """The mover's checkers still in the opponent's home board, the bar's included (they enter there)."""
    return sum(pos.me[18:24]) + pos.me[BAR]


def shots(after: Position) -> int:
    """How many of the opponent's 36 rolls hit at least one of the mover's blots.

    ``after`` is seen by the mover (the opponent rolls next). A roll counts when SOME legal play
    of the opponent for it (whole-turn rules: must use both dice if possible, must enter from the
    bar first...) sends a checker of the mover to the bar. A double counts once, the others twice.
    """
    if not any(after.me[i] == 1 for i in range(24)):
        return 0
    theirs = after.flip()  # the opponent on roll; the mover's checkers are now ``opp``
    on_bar = theirs.opp[BAR]
    count = 0
    for a, b, weight in ROLLS:
        if any(p.position.opp[BAR] > on_bar for p in legal_plays(theirs, (a, b))):
            count += weight
    return count


def hits_of(before: Position, play: Play) -> int:
    """How many opposing checkers ``play`` sent to the bar."""
    return play.position.opp[BAR] - before.opp[BAR]


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """What one play did, for the player who made it (points in that player's numbers)."""

    move: str
    """The play in standard notation ("" when nothing could be played)."""
    position: str
    """Position ID after the play, the same player still on roll (as the bot's ``legal`` op gives it)."""
    hits: int
    """Opposing checkers this play sent to the bar."""
    could_hit: bool
    """Some legal play with this roll hits."""
    blots: tuple[int, ...]
    """The mover's blots after the play, highest point first."""
    shots: int
    """The opponent's rolls out of 36 that hit one of those blots (see :func:`shots`)."""
    made: tuple[int, ...]
    """Points the mover holds after the play and did not hold before."""
    given_up: tuple[int, ...]
    """Points the mover held before the play and holds no longer."""
    anchors: tuple[int, ...]
    """Points the mover holds in the opponent's home board after the play."""
    home_points: int
    """How many of the six home-board points the mover holds after the play."""
    prime: int
    """The longest run of consecutive held points after the play."""
    prime_top: int
    """The highest point of that run (0 when there is none)."""
    back: int
    """The mover's checkers left in the opponent's home board or on the bar after the play."""
    escaped: int
    """Back checkers this play brought out of the opponent's home board."""
    opponent_on_bar: int
    """Opposing checkers on the bar after the play (they must enter against ``home_points``)."""
    pips_before: tuple[int, int]
    """Pip counts (mover, opponent) before the play."""
    pips_after: tuple[int, int]
    """Pip counts (mover, opponent) after the play."""
    race: bool
    """No contact left after the play: a pure race."""
    borne_off: int
    """Checkers this play took off the board."""
    wasted: int
    """Pips of the roll that moved nothing forward: overshoot when bearing off, dice that could not
    be played."""
    win: float
    """The mover's chance to win after the play (the evaluator's, cubeless)."""
    win_gammon: float
    """The mover's chance to win a gammon or backgammon after the play."""
    lose_gammon: float
    """The mover's chance to lose a gammon or backgammon after the play."""

    @property
    def missed_hit(self) -> bool:
        """A hit was possible with this roll, and this play made none."""
        return self.could_hit and self.hits == 0

    @property
    def closed_out(self) -> int:
        """Opposing checkers on the bar against a fully closed home board (they cannot enter at all)."""
        return self.opponent_on_bar if self.home_points == 6 else 0

    def to_json(self) -> dict[str, object]:
        """Plain data for the machine interface (chances rounded to 4 places)."""
        return {
            "move": self.move,
            "position": self.position,
            "hits": self.hits,
            "missed_hit": self.missed_hit,
            "blots": list(self.blots),
            "shots": self.shots,
            "made": list(self.made),
            "given_up": list(self.given_up),
            "anchors": list(self.anchors),
            "home_points": self.home_points,
            "prime": self.prime,
            "back": self.back,
            "escaped": self.escaped,
            "opponent_on_bar": self.opponent_on_bar,
            "closed_out": self.closed_out,
            "pips_before": list(self.pips_before),
            "pips_after": list(self.pips_after),
            "race": self.race,
            "borne_off": self.borne_off,
            "wasted": self.wasted,
            "win": round(self.win, 4),
            "win_gammon": round(self.win_gammon, 4),
            "lose_gammon": round(self.lose_gammon, 4),
        }


def play_facts(
    before: Position,
    dice: tuple[int, int],
    play: Play | None,
    *,
    plays: list[Play] | None = None,
    chances: tuple[float, float, float] | None = None,
) -> PlayFacts:
    """The facts of ``play`` (None: the roll could not be played) made from ``before`` with ``dice``.

    ``plays`` (every legal play for the roll) and ``chances`` ((win, win gammon, lose gammon) after
    the play) may be passed in when the caller has them already; otherwise they are computed.
    """
    if plays is None:
        plays = legal_plays(before, dice)
    after = before if play is None else play.position
    if chances is None:
        chances = play_chances(before, [play])[0] if play is not None else stay_chances(before)
    held_before = set(held_points(before))
    held_after = set(held_points(after))
    prime, prime_top = longest_prime(after)
    pips_before = before.pips()
    pips_after = after.pips()
    dice_pips = sum(dice_to_play(dice))
    return PlayFacts(
        move="" if play is None else format_play(play.moves),
        position=after.position_id(),
        hits=0 if play is None else hits_of(before, play),
        could_hit=any(hits_of(before, p) for p in plays),
        blots=blots(after),
        shots=shots(after),
        made=tuple(sorted(held_after - held_before, reverse=True)),
        given_up=tuple(sorted(held_before - held_after, reverse=True)),
        anchors=tuple(p for p in sorted(held_after, reverse=True) if p in OPPONENT_HOME),
        home_points=sum(1 for p in HOME if p in held_after),
        prime=prime,
        prime_top=prime_top,
        back=back_checkers(after),
        escaped=back_checkers(before) - back_checkers(after),
        opponent_on_bar=after.opp[BAR],
        pips_before=pips_before,
        pips_after=pips_after,
        race=after.is_race(),
        borne_off=after.my_off - before.my_off,
        wasted=dice_pips - (pips_before[0] - pips_after[0]),
        win=chances[0],
        win_gammon=chances[1],
        lose_gammon=chances[2],
    )


def play_chances(before: Position, plays: list[Play]) -> list[tuple[float, float, float]]:
    """(win, win gammon, lose gammon) of the mover after each play: the evaluator the computer plays
    with (the exact bear-off table in a bear-off, the network elsewhere; a finished game exactly)."""
    return [(o[0], o[1], o[3]) for o in api.play_outputs(before, plays)] if plays else []


def stay_chances(before: Position) -> tuple[float, float, float]:
    """The mover's chances when the roll cannot be played: the opponent rolls next from the same board."""
    o = api.probabilities(before.flip())
    return (1.0 - o[0], o[3], o[1])


# ---------------------------------------------------------------------------------------------
# The cube


@dataclass(frozen=True, slots=True)
class CubeFacts:
    """The player on roll's chances before rolling, against the points where the cube changes hands.

    Money game (match scores change the points). ``double_point``: the least winning chance at
    which doubling is right; ``pass_point``: the winning chance above which the opponent should
    pass (one minus the opponent's take point). Both come from the same cube model the computer
    doubles with (Janowski's, with this position's gammon chances and cube life), so the coach
    and the computer never disagree about what the numbers mean.
    """

    win: float
    win_gammon: float
    lose_gammon: float
    double_point: float
    pass_point: float

    @property
    def take_point(self) -> float:
        """The opponent's take point, in the opponent's own winning chances."""
        return 1.0 - self.pass_point

    @property
    def double(self) -> bool:
        """Winning chances at or past the double point."""
        return self.win >= self.double_point

    @property
    def opponent_should_pass(self) -> bool:
        """Winning chances past the pass point: the opponent should not take."""
        return self.win > self.pass_point

    def to_json(self) -> dict[str, object]:
        return {
            "win": round(self.win, 4),
            "win_gammon": round(self.win_gammon, 4),
            "lose_gammon": round(self.lose_gammon, 4),
            "double_point": round(self.double_point, 4),
            "pass_point": round(self.pass_point, 4),
            "take_point": round(self.take_point, 4),
            "double": self.double,
            "opponent_should_pass": self.opponent_should_pass,
        }


_STEPS = 2000
"""The cube points are found on a grid of this many winning chances (0.05% apart)."""


def cube_points(big_w: float, big_l: float, owner: str, x: float) -> tuple[float, float]:
    """(double point, pass point) in the doubler's winning chance, for average win and loss sizes
    ``big_w`` and ``big_l`` and cube life ``x`` (Janowski's model, money, per cube).

    The double point is the first chance where doubling (the opponent answering best) is worth at
    least playing on; the pass point the first where a take is worth more to the doubler than a pass.
    """
    double_point = pass_point = 1.0
    found_double = False
    for k in range(_STEPS + 1):
        p = k / _STEPS
        no_double = janowski(p, big_w, big_l, owner, x)
        take = 2.0 * janowski(p, big_w, big_l, "opponent", x)
        if not found_double and min(take, 1.0) >= no_double:
            double_point, found_double = p, True
        if take > 1.0:
            pass_point = p
            break
    return double_point, pass_point


def cube_facts(pos: Position, owner: str = "centre") -> CubeFacts:
    """The cube facts of the player on roll in ``pos`` (``owner``: "centre" or "me"), money game.

    The chances are the ones the computer's cube decisions start from (:func:`game.ai.api.cube_outputs`:
    the race model once contact is over, the evaluator before).
    """
    if owner not in ("centre", "me"):
        raise ValueError(f"only the cube's owner or either player with a centred cube doubles, not {owner!r}")
    out = api.cube_outputs(pos)
    big_w, big_l = average_values(out)
    double_point, pass_point = cube_points(big_w, big_l, owner, cube_efficiency(pos))
    return CubeFacts(out[0], out[1], out[3], double_point, pass_point)
