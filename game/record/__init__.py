"""Match records: the recorder the game feeds, and Jellyfish .mat text written and read back.

``python -m game.record FILE.mat`` reads a .mat file (ours or another program's),
replays it through the rules and prints a summary, or the line where it goes wrong;
``--check-dice`` checks its rolls against the dice secret it reveals (:mod:`game.record.dicecheck`).
"""

from .dicecheck import (
    DiceCheck,
    DiceVerdict,
    check_dice,
    hand_dice_metadata,
    reveal_secret,
    secret_dice_metadata,
    with_secret,
)
from .mat import default_metadata, moves_text, ply_lines, read_mat, write_mat
from .model import (
    GameRecord,
    MatchRecord,
    Ply,
    PlyKind,
    RecordError,
    Replayed,
    apply_ply,
    check_match,
    final_state,
    replay_game,
)
from .recorder import MatchRecorder
from .store import load_mat, save_mat

__all__ = [
    "DiceCheck",
    "DiceVerdict",
    "GameRecord",
    "MatchRecord",
    "MatchRecorder",
    "Ply",
    "PlyKind",
    "RecordError",
    "Replayed",
    "apply_ply",
    "check_dice",
    "check_match",
    "default_metadata",
    "final_state",
    "hand_dice_metadata",
    "load_mat",
    "moves_text",
    "ply_lines",
    "read_mat",
    "replay_game",
    "reveal_secret",
    "save_mat",
    "secret_dice_metadata",
    "with_secret",
    "write_mat",
]
