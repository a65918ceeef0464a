"""A match played with dice from a known secret, for the dice check, record and export tests."""

from __future__ import annotations

import random

from game.engine import (
    Action,
    Double,
    EndTurn,
    GameState,
    Match,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Take,
    apply,
    legal_plays,
)
from game.engine.dice import (
    SecretDice,
)
from game.record import (
    MatchRecord,
    MatchRecorder,
    default_metadata,
    hand_dice_metadata,
    reveal_secret,
    secret_dice_metadata,
)

SECRET = "00112233445566778899aabbccddeeff"


def play_secret_match(
    secret: str, length: int, seed: int, *, hand: bool = False, tamper: tuple[int, int] | None = None
) -> MatchRecord:
    """A match of random legal plays (and some random cube actions) rolled by :class:`SecretDice`,
    recorded as the game records it; the secret revealed at the end as the game will.

    ``tamper`` (game, roll number): that roll is replaced by another one while playing, so the
    record is a legal match with one roll that did not come from the secret."""
    rng = random.Random(seed)
    rules = Rules(match_length=length)
    names = ("Anna", "Ben")
    extra = hand_dice_metadata() if hand else secret_dice_metadata(secret)
    recorder = MatchRecorder(rules, names, default_metadata(names, rules) + extra)
    dice = SecretDice(secret)
    match = Match(rules)
    while not match.is_over:
        state: GameState = match.new_game()
        dice.new_game(match.games + 1)
        while state.phase is not Phase.GAME_OVER:
            action: Action
            if state.phase is Phase.OPENING:
                action = OpeningRoll(*dice.opening())
            elif state.phase is Phase.ROLL:
                if state.can_double() is None and rng.random() < 0.05:
                    action = Double()
                else:
                    a, b = dice.roll()
                    if (dice.game, dice.rolls) == tamper:
                        a = a % 6 + 1
                    action = Roll((a, b))
            elif state.phase is Phase.CUBE_OFFERED:
                action = Take() if rng.random() < 0.7 else Pass()
            else:
                assert state.dice is not None
                plays = legal_plays(state.position, state.dice)
                action = EndTurn() if state.moves or not plays else PlayMoves(rng.choice(plays).moves)
            after = apply(state, action)
            recorder.observe(state, action, after)
            state = after
        assert state.result is not None
        match = match.record(state.result)
    record = recorder.record()
    assert recorder.missed == 0
    return record if hand else reveal_secret(record, secret)
