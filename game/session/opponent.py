"""The computer player as the screen sees it: one adapter, one place where the AI is called.

Uses :mod:`game.ai.api` when it can be imported; until then a random legal play
(labelled on screen as a placeholder), never doubling, always taking.

Why a worker thread: even a fast evaluation (< 30 ms) would make a frame late;
with ``threaded=True`` the call runs beside the loop and the scene polls for
the answer. Tests and ``--frames`` use ``threaded=False`` (answer at once), so
a seeded game replays identically.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from types import ModuleType
from typing import Any

from game.engine.flow import GameState, Phase
from game.engine.moves import Move, legal_plays
from game.engine.position import Position

LEVELS_FALLBACK = ("random",)


def ai_available() -> bool:
    """Whether the real computer player is installed, without importing it (the title starts fast)."""
    try:
        return importlib.util.find_spec("game.ai.api") is not None
    except (ImportError, ValueError):
        return False


def _load_ai() -> ModuleType | None:
    try:
        module = importlib.import_module("game.ai.api")
    except Exception:  # a missing or half-written AI must not stop the game
        return None
    if not all(hasattr(module, name) for name in ("choose_play", "should_double", "should_take")):
        return None
    return module


class Opponent:
    """Asks the computer for a play, a double or a take, synchronously or in a worker thread."""

    def __init__(self, level: str | None = None, *, threaded: bool = False, seed: int = 0) -> None:
        self.ai = _load_ai()
        levels: tuple[str, ...] = tuple(getattr(self.ai, "LEVELS", ())) if self.ai else ()
        self.levels = levels or LEVELS_FALLBACK
        self.level = level if level in self.levels else self.default_level()
        self.threaded = threaded
        self.seed = seed
        self.calls = 0
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Any] | None = None
        self._result: Any = None
        self._ready = False
        self._hint_future: Future[Any] | None = None
        self._hint_result: Any = None
        self._hint_ready = False
        if threaded and self.ai is not None and callable(getattr(self.ai, "warm_up", None)):
            # The AI gets ready beside the loop: its network, and the worker processes of the
            # expert's cube rollouts, so the first double is answered as quickly as the next.
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
            self._pool.submit(self._safe_warm)

    def _safe_warm(self) -> None:
        ai = self.ai
        try:
            if ai is not None:
                ai.warm_up()
        except Exception:  # no workers: the AI thinks in this process, as it always could
            pass

    def default_level(self) -> str:
        if "intermediate" in self.levels:
            return "intermediate"
        return self.levels[0]

    @property
    def is_placeholder(self) -> bool:
        return self.ai is None

    # -- the one place the AI is called -------------------------------------------------------

    def _compute(self, kind: str, state: GameState, seed: int) -> Any:
        ai = self.ai
        pos = state.position
        if kind == "play":
            assert state.dice is not None
            if ai is None:
                plays = legal_plays(pos, state.dice)
                return random.Random(seed).choice(plays).moves if plays else ()
            play = ai.choose_play(pos, state.dice, self.level, seed=seed)
            return tuple(play.moves) if play is not None else ()
        if ai is None:
            return kind == "take"
        fn: Callable[..., bool] = ai.should_double if kind == "double" else ai.should_take
        return bool(fn(*cube_view(state, answering=kind == "take"), self.level))

    # -- request / poll -----------------------------------------------------------------------

    def request(self, kind: str, state: GameState) -> None:
        """Start computing ``kind`` ("play", "double", "take") for ``state``."""
        self.calls += 1
        seed = self.seed * 100_003 + self.calls
        self._ready = False
        self._result = None
        if not self.threaded:
            self._result = self._safe(kind, state, seed)
            self._ready = True
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self._future = self._pool.submit(self._safe, kind, state, seed)

    def _safe(self, kind: str, state: GameState, seed: int) -> Any:
        try:
            return self._compute(kind, state, seed)
        except Exception:  # an AI bug falls back to a random legal play / no double / take
            if kind == "play" and state.phase is Phase.MOVING and state.dice is not None:
                plays = legal_plays(state.position, state.dice)
                return random.Random(seed).choice(plays).moves if plays else ()
            return kind == "take"

    def poll(self) -> tuple[bool, Any]:
        """(ready, answer); the answer is a tuple of moves or a bool."""
        if self._ready:
            return True, self._result
        if self._future is not None and self._future.done():
            self._result = self._future.result()
            self._future = None
            self._ready = True
            return True, self._result
        return False, None

    @property
    def in_flight(self) -> bool:
        """A request is being computed or its answer waits to be collected."""
        return self._ready or self._future is not None

    def cancel(self) -> None:
        self._future = None
        self._ready = False

    # -- hints (the expert's play for a human's roll) -------------------------------------------

    @property
    def can_hint(self) -> bool:
        """Whether the real AI is loaded and offers ``hint`` (no AI: no Hint button)."""
        return self.ai is not None and callable(getattr(self.ai, "hint", None))

    def request_hint(self, start: Position, dice: tuple[int, int]) -> None:
        """Ask for the expert's play from ``start`` (the turn's start position), beside the loop.

        Kept apart from :meth:`request` so a hint never mixes with the computer's own answers.
        """
        self._start_hint(self._safe_hint, start, dice)

    def _start_hint(self, job: Callable[..., Any], *args: Any) -> None:
        """Run a hint job at once (not threaded) or in the worker; :meth:`poll_hint` collects it."""
        self._hint_ready = False
        self._hint_result = None
        if not self.threaded:
            self._hint_result = job(*args)
            self._hint_ready = True
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self._hint_future = self._pool.submit(job, *args)

    def _safe_hint(self, start: Position, dice: tuple[int, int]) -> tuple[Move, ...] | None:
        ai = self.ai
        if ai is None:
            return None
        try:
            play = ai.hint(start, dice)
        except Exception:  # a broken hint shows "no hint", never crashes the game
            return None
        return moves_tuple(play.moves) if play is not None else None

    def request_cube_hint(self, state: GameState) -> None:
        """Ask for the expert's cube advice: before the roll for the player on roll, or on a double
        for the player who must answer (``game.ai.api.cube_advice``); polled like a play hint."""
        self._start_hint(self._safe_cube, state, state.phase is Phase.CUBE_OFFERED)

    def _safe_cube(self, state: GameState, answering: bool) -> object | None:
        advise = getattr(self.ai, "cube_advice", None)
        if advise is None:
            return None
        try:
            result: object = advise(*cube_view(state, answering), answering=answering)
        except Exception:  # a broken or refused advice shows "no hint", never crashes the game
            return None
        return result

    def poll_hint(self) -> tuple[bool, Any]:
        """(ready, moves, a cube advice or None); None = the AI had nothing to suggest."""
        if self._hint_ready:
            return True, self._hint_result
        future = self._hint_future
        if future is not None and future.done():
            self._hint_result = future.result()
            self._hint_future = None
            self._hint_ready = True
            return True, self._hint_result
        return False, None

    @property
    def hint_in_flight(self) -> bool:
        return self._hint_future is not None

    def cancel_hint(self) -> None:
        self._hint_future = None
        self._hint_ready = False
        self._hint_result = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def cube_view(state: GameState, answering: bool) -> tuple[Position, int, str, int, tuple[int, int], bool]:
    """The AI's cube arguments seen from the player deciding: the player on roll (may double) or,
    ``answering``, the one who must take or pass: (position, cube value, owner as "centre", "me" or
    "opponent", match length, score (mine, theirs), Crawford)."""
    decider = 1 - state.turn if answering else state.turn
    owner = state.cube.owner
    rel_owner = "centre" if owner is None else ("me" if owner == decider else "opponent")
    score = state.score if decider == 0 else (state.score[1], state.score[0])
    board = state.position.flip() if answering else state.position
    return board, state.cube.value, rel_owner, state.rules.match_length, score, state.crawford


def moves_tuple(moves: Any) -> tuple[Move, ...]:
    return tuple(Move(*m) if not isinstance(m, Move) else m for m in moves)
