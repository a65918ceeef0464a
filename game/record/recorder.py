"""The match recorder: a listener the game feeds, as it happens, with what each player did.

Why it replays as it records: every ply handed to the recorder goes through the
engine (:func:`~game.record.model.apply_ply`) on the recorder's own copy of the
game, so a record is always a match the rules accept, and a wiring mistake (an
event missed or doubled) is noticed at once instead of producing a file no
program can read. How a turn was entered (drags, clicks, undo) is not recorded:
only the finished play.

Two ways to feed it, whichever the caller has:

* **Game events** (the screen's event stream; engine types only)::

      recorder = MatchRecorder(rules, names=("Anna", "Computer"))
      recorder.game_started(state)           # a new game at its opening roll (state.score, state.crawford)
      recorder.dice_rolled(player, dice)     # player None: the opening roll, one die each (ties ignored)
      recorder.play_made(player, moves)      # the turn's finished play (empty: no legal move)
      recorder.cube_offered(player)          # player doubles
      recorder.cube_taken(player)            # player takes
      recorder.cube_passed(player)           # player passes
      recorder.game_over(result)             # a check only: the recorder already knows the result

* **Engine transitions**: ``recorder.observe(before, action, after)`` after every
  successful ``apply(before, action)``; it calls the methods above.

Then ``recorder.record()`` is the :class:`MatchRecord` so far (the game in progress
included, unfinished); ``write_mat`` turns it into Jellyfish .mat text.

A new game left unfinished for another is dropped (abandoned games are not part of
a match sheet). Events the recorder cannot follow (a game it did not see start, a
ply the rules refuse) are counted in :attr:`MatchRecorder.missed` and logged, never
raised: recording must not break a game. After a restart, :meth:`MatchRecorder.resume`
continues from the record read back from its file.
"""

from __future__ import annotations

import logging

from game.engine import (
    Action,
    Double,
    EndTurn,
    GameResult,
    GameState,
    Move,
    OpeningRoll,
    Pass,
    Phase,
    Roll,
    Rules,
    RulesError,
    Take,
    Undo,
    new_game,
)

from .mat import default_metadata
from .model import GameRecord, MatchRecord, Ply, PlyKind, RecordError, apply_ply, final_state

log = logging.getLogger(__name__)


def _same_point(a: GameState, b: GameState) -> bool:
    """The same moment of the same game (what a record determines, not the order moves were made in)."""
    return (
        a.phase is b.phase
        and a.position == b.position
        and a.turn == b.turn
        and a.cube == b.cube
        and a.score == b.score
        and a.crawford == b.crawford
        and a.dice == b.dice
        and a.moves == b.moves
    )


def _turn_start(state: GameState) -> GameState:
    """``state`` with the checkers of a half-played move put back (the dice kept): where the turn began.

    The match clock's autosave (every few seconds, see ``game.session.match_timer``) keeps a move half
    played; the record keeps only finished plays, so the turn is matched at its start."""
    if state.phase is not Phase.MOVING or not state.moves:
        return state
    return GameState(
        phase=Phase.MOVING,
        position=state.turn_state().start,
        turn=state.turn,
        dice=state.dice,
        cube=state.cube,
        crawford=state.crawford,
        rules=state.rules,
        score=state.score,
        opening=state.opening,
        last_play=state.last_play,
        last_player=state.last_player,
    )


def _rolled_at(reached: GameState, state: GameState) -> bool:
    """``state`` is ``reached`` with the dice rolled (and perhaps part of the move made). The game's
    autosave keeps a roll the moment it is made, the record only the play made with it: a game left
    (or cut off) in the middle of a turn comes back one roll ahead of its record (found continuing a
    saved game: the rest of that game went unrecorded and its review said there was nothing to review;
    then again with the match clock on, whose save keeps a half-played move)."""
    state = _turn_start(state)
    return (
        reached.phase is Phase.ROLL
        and state.phase is Phase.MOVING
        and not state.moves
        and state.dice is not None
        and state.position == reached.position
        and state.turn == reached.turn
        and state.cube == reached.cube
        and state.score == reached.score
        and state.crawford == reached.crawford
    )


def _game_start(state: GameState) -> GameState | None:
    """The new game ``state`` is the start of (waiting for its opening roll, a tie included, or just
    past it with nothing moved yet), or None when ``state`` is further on. The autosave keeps a game
    from its start and its opening roll, the record only from its first play: a game left (or cut off)
    there came back with nothing in its record to continue (found in a play test: the game and the rest
    of its match went unrecorded)."""
    try:
        fresh = new_game(state.rules, state.score, state.crawford)
    except RulesError:
        return None
    state = _turn_start(state)  # the first move half played: matched where it began
    if state.phase is Phase.OPENING:
        return fresh if state.position == fresh.position else None
    opened = (
        state.phase is Phase.MOVING
        and state.opening is not None
        and state.dice is not None
        and sorted(state.dice) == sorted(state.opening)
        and state.last_player is None
        and not state.moves
        and state.cube == fresh.cube
    )
    return fresh if opened and state.position == fresh.position else None


class MatchRecorder:
    """Collects the plies of every game of one match or of money play (see the module docstring)."""

    def __init__(
        self,
        rules: Rules,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        metadata: tuple[tuple[str, str], ...] | None = None,
    ) -> None:
        """``metadata``: the file's header lines (None: :func:`~game.record.mat.default_metadata`)."""
        self.rules = rules
        self.names = names
        self.metadata = default_metadata(names, rules) if metadata is None else metadata
        self.missed = 0
        """Events ignored because the recorder could not follow them."""
        self._games: list[GameRecord] = []
        self._start: GameState | None = None
        self._state: GameState | None = None
        self._plies: list[Ply] = []
        self._dice: tuple[int, tuple[int, int]] | None = None

    # -- game events ----------------------------------------------------------------------------

    def game_started(self, state: GameState) -> None:
        """A new game waits for its opening roll (an unfinished game before it is dropped)."""
        if self._state is not None and self._plies:
            log.info("an unfinished game was left for a new one; it is not kept in the record")
        if state.phase is not Phase.OPENING or state.opening is not None:
            self._lost("a game can only be recorded from its opening roll")
            return
        self._start = state
        self._state = state
        self._plies = []
        self._dice = None

    def begin(self, state: GameState) -> bool:
        """Record the game ``state`` is at from its start, if it is at its start (see :func:`_game_start`:
        a game saved there and continued); False, nothing changed, otherwise."""
        fresh = _game_start(state) if state.rules == self.rules else None
        if fresh is None:
            return False
        self.game_started(fresh)
        if state.phase is Phase.MOVING:
            assert state.dice is not None
            self._dice = (state.turn, state.dice)
        return True

    def dice_rolled(self, player: int | None, dice: tuple[int, int]) -> None:
        """``player`` rolled ``dice``; ``player`` None: the opening roll, one die each, player 0's first."""
        if self._state is None:
            self._lost("dice of a game not being recorded")
            return
        if player is None:
            if dice[0] == dice[1]:
                return  # a tie: rolled again, not part of the record
            player = 0 if dice[0] > dice[1] else 1
            dice = (max(dice), min(dice))
        self._dice = (player, dice)

    def play_made(self, player: int, moves: tuple[Move, ...]) -> None:
        """``player`` finished the turn with ``moves`` (empty when the roll could not be played)."""
        if self._dice is None or self._dice[0] != player:
            self._lost(f"a play by player {player + 1} without his roll")
            return
        dice = self._dice[1]
        self._dice = None
        self._add(Ply(player, PlyKind.ROLL, dice=dice, moves=tuple(moves)))

    def cube_offered(self, player: int) -> None:
        if self._state is not None:
            self._add(Ply(player, PlyKind.DOUBLE, cube=2 * self._state.cube.value))
        else:
            self._lost("a double in a game not being recorded")

    def cube_taken(self, player: int) -> None:
        self._add(Ply(player, PlyKind.TAKE))

    def cube_passed(self, player: int) -> None:
        self._add(Ply(player, PlyKind.PASS))

    def game_over(self, result: GameResult) -> None:
        """The game ended with ``result``: already known from the plies; a different one is logged."""
        last = self._games[-1] if self._games else None
        if self._state is None and last is not None and last.result == result:
            return
        self._lost("a game over the recorder did not see coming")

    # -- engine transitions ---------------------------------------------------------------------

    def observe(self, before: GameState, action: Action, after: GameState) -> None:
        """Record what ``action`` did; call it after every successful ``apply(before, action)``."""
        if isinstance(action, OpeningRoll):
            if before.opening is None:
                self.game_started(before)
            self.dice_rolled(None, (action.die0, action.die1))
        elif isinstance(action, Roll):
            self.dice_rolled(before.turn, action.dice)
        elif isinstance(action, Double):
            self.cube_offered(before.turn)
        elif isinstance(action, Take):
            self.cube_taken(1 - before.turn)
        elif isinstance(action, Pass):
            self.cube_passed(1 - before.turn)
        elif isinstance(action, EndTurn) or (
            after.phase is Phase.GAME_OVER and before.phase is Phase.MOVING and not isinstance(action, Undo)
        ):
            self.play_made(before.turn, after.last_play)

    # -- bookkeeping ----------------------------------------------------------------------------

    def _lost(self, why: str) -> None:
        self.missed += 1
        if self._state is not None:
            log.warning("recorder lost track of the game (%s); this game is not recorded", why)
        self._start = None
        self._state = None
        self._plies = []
        self._dice = None

    def _add(self, ply: Ply) -> None:
        if self._state is None:
            self._lost(f"a {ply.kind.value} in a game not being recorded")
            return
        try:
            _, after = apply_ply(self._state, ply)
        except RecordError as exc:
            self._lost(str(exc))
            return
        self._plies.append(ply)
        self._state = after
        if after.phase is Phase.GAME_OVER:
            assert after.result is not None
            self._games.append(self._game(after.result))
            self._start = None
            self._state = None
            self._plies = []

    def _game(self, result: GameResult | None) -> GameRecord:
        assert self._start is not None
        return GameRecord(
            number=len(self._games) + 1,
            score=self._start.score,
            crawford=self._start.crawford,
            plies=tuple(self._plies),
            result=result,
        )

    # -- reading it -----------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        """The recorder's own copy of the game in progress after the last ply (None between games)."""
        return self._state

    def record(self) -> MatchRecord:
        """The record so far: every finished game, then the one in progress (unfinished) if it has plies."""
        games = list(self._games)
        if self._start is not None and self._plies:
            games.append(self._game(None))
        return MatchRecord(self.rules, self.names, tuple(games), self.metadata)

    # -- resuming -------------------------------------------------------------------------------

    @classmethod
    def resume(cls, record: MatchRecord, state: GameState | None = None) -> MatchRecorder:
        """A recorder that continues ``record`` (read back from its .mat after a restart).

        ``state`` is the restored game: recording goes on from wherever it is in the record's last
        game. The autosave and the record are written one after the other, so a cut may fall between
        them: the game may be behind its record (the record's last plies, even the end of its last
        game, are then taken back: the game plays them again), or a roll ahead (rolled, perhaps with a
        move half played: the roll is kept to go with the play). A ``state`` at the start of a new game
        with the record's score (before or just after its opening roll, which the record does not have
        yet) is recorded from its start. Otherwise that game is dropped and the recorder waits for the
        next new game.
        """
        recorder = cls(record.rules, record.names, record.metadata)
        games = list(record.games)
        last = games[-1] if games else None
        found = None
        if last is not None and state is not None and (last.result is None or _inside(last, state)):
            found = _point_of(record.rules, last, state)
        if found is not None:
            assert last is not None and state is not None
            games.pop()
            plies, reached, rolled = found
            recorder._start = GameState(
                phase=Phase.OPENING,
                position=reached.position.start(),
                rules=record.rules,
                score=last.score,
                crawford=last.crawford,
            )
            recorder._plies = list(plies)
            recorder._state = reached
            if rolled:
                assert state.dice is not None
                recorder._dice = (state.turn, state.dice)
        elif last is not None and last.result is None:
            games.pop()  # a finished game stays finished unless the save is found inside it
        recorder._games = games
        if recorder._state is None and state is not None and state.score == recorder.record().score:
            recorder.begin(state)
        return recorder


def _inside(game: GameRecord, state: GameState) -> bool:
    """``state`` is a point inside finished ``game`` (before its end): the record got ahead of the save."""
    return (
        state.phase is not Phase.GAME_OVER and state.score == game.score and state.crawford == game.crawford
    )


def _point_of(
    rules: Rules, game: GameRecord, state: GameState
) -> tuple[tuple[Ply, ...], GameState, bool] | None:
    """The longest start of ``game``'s plies (at least one) that reaches ``state`` (or ``state`` a roll
    on): those plies, the point they reach, and whether ``state`` rolled since; None if none does."""
    for cut in range(len(game.plies), 0, -1):
        plies = game.plies[:cut]
        try:
            reached = final_state(rules, GameRecord(game.number, game.score, game.crawford, plies, None))
        except RecordError:
            return None
        if reached.phase is Phase.GAME_OVER:
            continue  # the game's end is the record's, not the save's
        if _same_point(reached, state):
            return plies, reached, False
        if _rolled_at(reached, state):
            return plies, reached, True
    return None
