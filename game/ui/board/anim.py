"""Checker flights and dice tumbles, advanced by the fixed step.

How a move is shown: the board is drawn as it is AFTER the move, minus the
checkers still in the air at their destination; each flying checker is drawn at
its interpolated place. A hit checker takes off when the mover lands and flies
to the bar; a borne-off checker lands in its tray. Several moves of one play
run one after the other as :class:`Segment` values.

Reduced motion (a setting): no checker slides. Each flight is a "jump": the checker stays where it
was for a short pause and then stands at its destination, one move after the other, so a play is
still shown move by move; a dropped checker lands at once. The dice do not tumble: they show their
faces at once. (Nothing else on the board moves.)

Sounds: a flight may carry the name of the effect its landing makes ("land",
"hit", "bearoff"). :meth:`Animator.update` collects the names of the flights
whose landing time the fixed step has just passed, in order, into
``Animator.sounds``; the scene hands them to the audio. The sound therefore
comes with the picture at any animation speed, and tests can check it step by step.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from game.engine.moves import Move, apply_move
from game.engine.position import Position
from game.ui.board.marks import Arrow
from game.ui.layout import LAYOUT, from_abs, to_abs

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""Both sides in their own direction: (player 0's 25 counts, player 1's 25 counts)."""
Place = tuple[str, int, int]
"""("point", absolute point, _), ("bar", player, _), ("tray", player, _)."""

STEP_SECONDS = 1.0 / 120.0
"""The game loop's fixed step: animations and timers advance by it, never by the clock."""

SPEED_FACTOR = {"slow": 1.9, "normal": 1.0, "fast": 0.45}
JUMP_PAUSE = 0.3
"""Reduced motion: seconds a moved checker waits before it stands at its destination (by the speed)."""
LAND_AT_ONCE = 0.001
"""Reduced motion: a dropped checker's landing, as soon as the next step (its sound still plays)."""


def off_count(board: Board, player: int) -> int:
    return 15 - sum(board[player])


def place_count(board: Board, place: Place) -> int:
    kind, a, _ = place
    if kind == "point":
        for p in (0, 1):
            n = board[p][from_abs(p, a) - 1]
            if n:
                return n
        return 0
    if kind == "bar":
        return board[a][24]
    return off_count(board, a)


def top_xy(board: Board, place: Place) -> tuple[float, float]:
    """Where the top checker of ``place`` sits on ``board``."""
    kind, a, _ = place
    n = max(1, place_count(board, place))
    if kind == "point":
        return LAYOUT.checker_center(a, n - 1, n)
    if kind == "bar":
        return LAYOUT.bar_center(a, n - 1)
    return LAYOUT.tray_slot(a, n - 1)


def place_of(player: int, point: int) -> Place:
    """A mover's point (25 bar, 0 off) as a drawable place."""
    if point == 25:
        return ("bar", player, 0)
    if point == 0:
        return ("tray", player, 0)
    return ("point", to_abs(player, point), 0)


@dataclass
class Flight:
    player: int
    start: tuple[float, float]
    end: tuple[float, float]
    dest: Place
    t0: float
    t1: float
    side: bool = False
    """Drawn edge-on (landing in the tray)."""
    sound: str | None = None
    """The effect played when this flight lands (at ``t1``), if any."""
    jump: bool = False
    """Reduced motion: the checker does not slide; it is at ``start`` until it lands at ``t1``."""

    def pos(self, t: float) -> tuple[float, float]:
        if t <= self.t0 or self.jump:
            return self.start
        u = min(1.0, (t - self.t0) / max(1e-6, self.t1 - self.t0))
        u = u * u * (3 - 2 * u)  # smoothstep: ease in and out
        x = self.start[0] + (self.end[0] - self.start[0]) * u
        y = self.start[1] + (self.end[1] - self.start[1]) * u
        lift = math.sin(u * math.pi) * min(40.0, math.dist(self.start, self.end) * 0.12)
        return (x, y - lift)


@dataclass
class Segment:
    board: Board
    flights: list[Flight]
    duration: float


def landing_sound(hit: bool, dst: int) -> str:
    """The effect of a checker landing: a hit, a bear-off into the tray, or a plain landing."""
    if hit:
        return "hit"
    if dst == 0:
        return "bearoff"
    return "land"


SOUND_RANK = {"hit": 3, "bearoff": 2, "land": 1}


@dataclass
class Animator:
    speed: str = "normal"
    queue: list[Segment] = field(default_factory=list)
    t: float = 0.0
    sounds: list[str] = field(default_factory=list)
    """Effects of flights that landed since the last :meth:`take_sounds`, oldest first."""
    reduced: bool = False
    """Reduced motion (a setting): checkers jump instead of sliding (see the module's docstring)."""

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def factor(self) -> float:
        return SPEED_FACTOR.get(self.speed, 1.0)

    def add_move(
        self,
        before: Board,
        after: Board,
        player: int,
        src: int,
        dst: int,
        hit: bool,
        start: tuple[float, float] | None = None,
        sound: bool = True,
    ) -> None:
        """Queue one checker's move (possibly several dice at once) and its hit, if any.

        ``sound`` = False for a move taken back (Undo): a checker going home makes no effect.
        """
        f = self.factor()
        src_place = place_of(player, src)
        dst_place = place_of(player, dst)
        a = start if start is not None else top_xy(before, src_place)
        b = top_xy(after, dst_place)
        fly = (0.16 + math.dist(a, b) / 1500.0) * f
        if self.reduced:  # a dropped checker is where the finger let it go: it lands at once
            fly = LAND_AT_ONCE if start is not None else JUMP_PAUSE * f
        effect = landing_sound(hit, dst) if sound else None
        jump = self.reduced
        flights = [Flight(player, a, b, dst_place, 0.0, fly, side=dst == 0, sound=effect, jump=jump)]
        duration = fly
        if hit:
            other = 1 - player
            bar_place: Place = ("bar", other, 0)
            hb = top_xy(after, bar_place)
            hit_time = (0.12 + math.dist(b, hb) / 1600.0) * f
            if self.reduced:  # the hit checker stands on its point a moment more, then on the bar
                hit_time = JUMP_PAUSE * f / 2
            flights.append(Flight(other, b, hb, bar_place, fly * 0.85, fly * 0.85 + hit_time, jump=jump))
            duration = fly * 0.85 + hit_time
        self.queue.append(Segment(after, flights, duration + 0.04 * f))

    def add_return(self, board: Board, player: int, src: int, start: tuple[float, float]) -> None:
        """A checker dropped where it may not go slides back to its point."""
        place = place_of(player, src)
        end = top_xy(board, place)
        fly = (0.1 + math.dist(start, end) / 1800.0) * self.factor()
        if self.reduced:
            fly = LAND_AT_ONCE
        self.queue.append(
            Segment(board, [Flight(player, start, end, place, 0.0, fly, jump=self.reduced)], fly)
        )

    def update(self, dt: float) -> None:
        if not self.queue:
            return
        before = self.t
        self.t += dt
        while self.queue:
            seg = self.queue[0]
            self._landed(seg, before, min(self.t, seg.duration))
            if self.t < seg.duration:
                break
            self.t -= seg.duration
            before = 0.0
            self.queue.pop(0)
        if not self.queue:
            self.t = 0.0

    def _landed(self, seg: Segment, before: float, now: float) -> None:
        for f in seg.flights:
            if f.sound is not None and before < f.t1 <= now:
                self.sounds.append(f.sound)

    def take_sounds(self) -> list[str]:
        out = self.sounds
        self.sounds = []
        return out

    def skip(self, silent: bool = False) -> None:
        """End every flight now. Unless ``silent``, the landings cut short still make one sound
        (the most notable: hit, then bear-off, then landing), so a quick player hears their move."""
        if not silent:
            pending = [
                f.sound
                for i, seg in enumerate(self.queue)
                for f in seg.flights
                if f.sound is not None and (i > 0 or f.t1 > self.t)
            ]
            if pending:
                self.sounds.append(max(pending, key=SOUND_RANK.__getitem__))
        self.queue.clear()
        self.t = 0.0

    def current(self, alpha_dt: float = 0.0) -> tuple[Segment | None, float]:
        if not self.queue:
            return None, 0.0
        return self.queue[0], min(self.queue[0].duration, self.t + alpha_dt)


@dataclass
class DiceRoll:
    """The dice on screen: tumbling for ``TUMBLE`` seconds, then settled."""

    TUMBLE = 0.6
    still: bool = False
    """Reduced motion (a setting): a roll shows its faces at once, with no tumble."""
    values: tuple[int, ...] = ()
    owner: tuple[int, ...] = ()
    """Colour of each die by player (the opening roll shows one die of each)."""
    t: float = 10.0
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    faces: list[int] = field(default_factory=list)
    angles: list[int] = field(default_factory=list)
    offsets: list[tuple[float, float]] = field(default_factory=list)

    def roll(self, values: tuple[int, ...], owner: tuple[int, ...]) -> None:
        if self.still:
            self.show(values, owner)
            return
        self.values = values
        self.owner = owner
        self.t = 0.0
        self._shuffle()

    def show(self, values: tuple[int, ...], owner: tuple[int, ...]) -> None:
        """Show dice at rest (no tumble), e.g. after loading a game."""
        self.values = values
        self.owner = owner
        self.t = self.TUMBLE

    @property
    def tumbling(self) -> bool:
        return self.t < self.TUMBLE

    def _shuffle(self) -> None:
        n = len(self.values)
        self.faces = [self.rng.randint(1, 6) for _ in range(n)]
        self.angles = [self.rng.randrange(0, 360) for _ in range(n)]
        left = max(0.0, 1.0 - self.t / self.TUMBLE)
        self.offsets = [
            (self.rng.uniform(-14, 14) * left, self.rng.uniform(-10, 10) * left) for _ in range(n)
        ]

    def update(self, dt: float) -> None:
        if self.t >= self.TUMBLE:
            return
        before = int(self.t / 0.07)
        self.t += dt
        if self.t < self.TUMBLE and int(self.t / 0.07) != before:
            self._shuffle()


def abs_board(pos: Position, player: int) -> Board:
    """A position seen from ``player`` as both sides in their own direction (player 0 first)."""
    return (pos.me, pos.opp) if player == 0 else (pos.opp, pos.me)


def play_arrows(pos: Position, player: int, moves: tuple[Move, ...]) -> list[Arrow]:
    """Screen arrows of ``moves`` played by ``player`` from ``pos`` (seen by ``player``), in order.

    Computed through the same layout as the checkers (``top_xy``), so a mirrored board gets
    mirrored arrows without any code of its own.
    """
    out: list[Arrow] = []
    for move in moves:
        nxt = apply_move(pos, move)
        start = top_xy(abs_board(pos, player), place_of(player, move.src))
        out.append((start, top_xy(abs_board(nxt, player), place_of(player, move.dst))))
        pos = nxt
    return out
