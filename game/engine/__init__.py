"""The rules of backgammon, pure standard-library Python.

No pygame, no clock, no global random: callers pass a ``random.Random``.
Everything here is an immutable value; every rule of the game lives here.
"""

from .errors import IllegalAction, NotationError, PositionError, RulesError
from .moves import BAR_POINT, OFF, Move, Play, legal_plays, max_dice_playable, single_moves
from .position import Position
from .turn import Turn

__all__ = [
    "BAR_POINT",
    "OFF",
    "IllegalAction",
    "Move",
    "NotationError",
    "Play",
    "Position",
    "PositionError",
    "RulesError",
    "Turn",
    "legal_plays",
    "max_dice_playable",
    "single_moves",
]

# Game flow, cube, scoring and matches (appended by the engine-flow work).
from .cube import MAX_CUBE, Cube, can_double
from .dice import roll, roll_die
from .flow import (
    Action,
    Double,
    EndTurn,
    GameState,
    MoveTo,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Step,
    Take,
    Undo,
    apply,
    new_game,
    roll_for,
)
from .match import Match
from .scoring import GameResult, WinKind, game_points, win_kind

__all__ += [
    "MAX_CUBE",
    "Action",
    "Cube",
    "Double",
    "EndTurn",
    "GameResult",
    "GameState",
    "Match",
    "MoveTo",
    "OpeningRoll",
    "Pass",
    "Phase",
    "PlayMoves",
    "Roll",
    "Rules",
    "Step",
    "Take",
    "Undo",
    "WinKind",
    "apply",
    "can_double",
    "game_points",
    "new_game",
    "roll",
    "roll_die",
    "roll_for",
    "win_kind",
]

# Notation, Match IDs and the autosave format (appended by the engine-flow work).
from .matchid import MatchInfo, decode_match_id, encode_match_id, match_id, state_from_ids  # noqa: E402
from .notation import format_play, parse_play  # noqa: E402
from .serialize import match_from_dict, match_to_dict, state_from_dict, state_to_dict  # noqa: E402

__all__ += [
    "MatchInfo",
    "decode_match_id",
    "encode_match_id",
    "format_play",
    "match_from_dict",
    "match_id",
    "match_to_dict",
    "parse_play",
    "state_from_dict",
    "state_from_ids",
    "state_to_dict",
]
