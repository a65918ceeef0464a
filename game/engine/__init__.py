"""The rules of backgammon, pure standard-library Python.

No pygame, no clock, no global random: callers pass a ``random.Random``.
Everything here is an immutable value; every rule of the game lives here.
"""

from .cube import MAX_CUBE, Cube, can_double
from .dice import roll, roll_die
from .errors import IllegalAction, NotationError, PositionError, RulesError
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
from .matchid import MatchInfo, decode_match_id, encode_match_id, match_id, state_from_ids
from .moves import BAR_POINT, OFF, Move, Play, legal_plays, max_dice_playable, single_moves
from .notation import format_play, move_chains, parse_play
from .position import Position
from .scoring import GameResult, WinKind, game_points, win_kind
from .serialize import match_from_dict, match_to_dict, state_from_dict, state_to_dict
from .turn import Turn

__all__ = [
    "BAR_POINT",
    "MAX_CUBE",
    "OFF",
    "Action",
    "Cube",
    "Double",
    "EndTurn",
    "GameResult",
    "GameState",
    "IllegalAction",
    "Match",
    "MatchInfo",
    "Move",
    "MoveTo",
    "NotationError",
    "OpeningRoll",
    "Pass",
    "Phase",
    "Play",
    "PlayMoves",
    "Position",
    "PositionError",
    "Roll",
    "Rules",
    "RulesError",
    "Step",
    "Take",
    "Turn",
    "Undo",
    "WinKind",
    "apply",
    "can_double",
    "decode_match_id",
    "encode_match_id",
    "format_play",
    "game_points",
    "legal_plays",
    "match_from_dict",
    "match_id",
    "match_to_dict",
    "max_dice_playable",
    "move_chains",
    "new_game",
    "parse_play",
    "roll",
    "roll_die",
    "roll_for",
    "single_moves",
    "state_from_dict",
    "state_from_ids",
    "state_to_dict",
    "win_kind",
]
