"""Dice anyone can verify: the rule, the record's header lines, ``--check-dice`` accepting and rejecting."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from game.engine.dice import (
    SecretDice,
    check_secret,
    dice_from_bytes,
    fingerprint,
    new_secret,
    secret_first_opening,
    secret_opening,
    secret_roll,
)
from game.record import (
    DiceVerdict,
    MatchRecord,
    PlyKind,
    check_dice,
    default_metadata,
    read_mat,
    reveal_secret,
    write_mat,
)
from game.record.__main__ import main as record_main
from tests.helpers.paths import ROOT
from tests.helpers.secret_matches import SECRET, play_secret_match

# -- the rule -----------------------------------------------------------------------------------


def test_the_rule_is_hmac_sha256_of_the_documented_message_with_rejection_sampling() -> None:
    """Recomputed here from the README's words, not from the module: the rule is what is documented."""
    for game, number in [(1, 1), (2, 7), (13, 40)]:
        digest = hmac.new(SECRET.encode(), f"game {game} roll {number}".encode(), hashlib.sha256).digest()
        kept = [b % 6 + 1 for b in digest if b < 252][:2]
        assert secret_roll(SECRET, game, number) == (kept[0], kept[1])
        digest = hmac.new(SECRET.encode(), f"game {game} opening {number}".encode(), hashlib.sha256).digest()
        kept = [b % 6 + 1 for b in digest if b < 252][:2]
        assert secret_opening(SECRET, game, number) == (kept[0], kept[1])


def test_rejection_sampling_skips_bytes_from_252_and_reads_further_blocks() -> None:
    assert dice_from_bytes(iter([bytes([0, 5, 9])])) == (1, 6)
    assert dice_from_bytes(iter([bytes([252, 253, 254, 255, 6]), bytes([251])])) == (1, 6)
    with pytest.raises(ValueError):
        dice_from_bytes(iter([bytes([255, 3])]))


def test_fingerprint_is_ten_hex_digits_of_sha256_in_two_groups() -> None:
    digest = hashlib.sha256(SECRET.encode()).hexdigest()
    assert fingerprint(SECRET) == f"{digest[:5]} {digest[5:10]}"
    assert fingerprint(SECRET) != fingerprint(SECRET[:-1] + "0")


def test_secrets_are_fresh_and_bad_ones_are_refused() -> None:
    a, b = new_secret(), new_secret()
    assert a != b and check_secret(a) == a and len(a) == 32
    for bad in ["", "XYZ", "0011", "00112233445566778899AABBCCDDEEFF", 'abc"def0123456789']:
        with pytest.raises(ValueError, match="hex digits"):
            SecretDice(bad)


def test_faces_are_uniform_over_many_rolls() -> None:
    counts: Counter[int] = Counter()
    n = 6000
    for k in range(1, n + 1):
        counts.update(secret_roll(SECRET, 1 + k // 100, k))
    expected = 2 * n / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == set(range(1, 7))
    assert chi2 < 30.0  # 5 degrees of freedom: P(chi2 > 30) ~ 1.5e-5 for fair dice


def test_the_same_secret_gives_the_same_dice_and_a_saved_place_continues() -> None:
    a, b = SecretDice(SECRET), SecretDice(SECRET)
    a.new_game(3)
    b.new_game(3)
    seq_a = [a.opening(), a.roll(), a.roll(), a.roll()]
    assert seq_a == [b.opening(), b.roll(), b.roll(), b.roll()]
    resumed = SecretDice(SECRET, game=3, openings=1, rolls=2)
    assert resumed.roll() == seq_a[3]
    other = SecretDice("ffeeddccbbaa99887766554433221100", game=3)
    assert [other.opening(), other.roll(), other.roll()] != seq_a[:3]


def test_an_opening_tie_is_rolled_again_with_the_next_attempt() -> None:
    for game in range(1, 300):
        dice, attempts = secret_first_opening(SECRET, game)
        if attempts > 1:
            assert secret_opening(SECRET, game, 1)[0] == secret_opening(SECRET, game, 1)[1]
            assert dice == secret_opening(SECRET, game, attempts)
            return
    pytest.fail("no game of the first 300 opened with a tie (1 in 6 each)")


# -- the check ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "seed"), [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_every_match_played_with_secret_dice_is_verified(length: int, seed: int) -> None:
    secret = f"{seed:02d}" * 16
    record = play_secret_match(secret, length, seed)
    back = read_mat(write_mat(record))
    verdict = check_dice(back)
    assert verdict.verdict is DiceVerdict.VERIFIED, verdict.message
    assert verdict.rolls == sum(1 for g in back.games for p in g.plies if p.kind is PlyKind.ROLL)


def _change_one_roll(record: MatchRecord, game_index: int, roll_index: int) -> MatchRecord:
    game = record.games[game_index]
    rolls = [k for k, p in enumerate(game.plies) if p.kind is PlyKind.ROLL]
    k = rolls[roll_index]
    ply = game.plies[k]
    assert ply.dice is not None
    swapped = (ply.dice[0] % 6 + 1, ply.dice[1])
    plies = (*game.plies[:k], replace(ply, dice=swapped), *game.plies[k + 1 :])
    games = list(record.games)
    games[game_index] = replace(game, plies=plies)
    return replace(record, games=tuple(games))


def test_one_changed_roll_is_rejected_naming_its_game_and_move() -> None:
    record = play_secret_match(SECRET, 5, 9)
    last_game = len(record.games) - 1
    changed = _change_one_roll(record, last_game, 3)
    verdict = check_dice(changed)
    assert verdict.verdict is DiceVerdict.MISMATCH
    assert verdict.game == last_game + 1
    assert f"game {last_game + 1}, move {verdict.move}" in verdict.message
    # the opening roll too
    verdict = check_dice(_change_one_roll(record, 0, 0))
    assert verdict.verdict is DiceVerdict.MISMATCH and verdict.game == 1 and verdict.move == 1


def test_a_wrong_secret_or_fingerprint_is_rejected() -> None:
    record = play_secret_match(SECRET, 3, 5)
    wrong = "ffeeddccbbaa99887766554433221100"
    with pytest.raises(ValueError, match="fingerprint"):
        reveal_secret(record, wrong)
    forged = replace(
        record, metadata=tuple((k, wrong if k == "DiceSecret" else v) for k, v in record.metadata)
    )
    verdict = check_dice(forged)
    assert verdict.verdict is DiceVerdict.MISMATCH and "fingerprint" in verdict.message


def test_hand_dice_unrevealed_and_unmarked_records_are_reported_not_failed() -> None:
    hand = play_secret_match(SECRET, 3, 6, hand=True)
    assert check_dice(read_mat(write_mat(hand))).verdict is DiceVerdict.BY_HAND
    secret_match = play_secret_match(SECRET, 3, 6)
    unrevealed = replace(
        secret_match, metadata=tuple((k, v) for k, v in secret_match.metadata if k != "DiceSecret")
    )
    assert check_dice(unrevealed).verdict is DiceVerdict.UNREVEALED
    plain = replace(secret_match, metadata=default_metadata(secret_match.names, secret_match.rules))
    assert check_dice(plain).verdict is DiceVerdict.NOT_MARKED


def test_check_dice_command_exit_status_and_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_secret_match(SECRET, 3, 7)
    good = tmp_path / "good.mat"
    good.write_text(write_mat(record), encoding="utf-8")
    assert record_main(["--check-dice", str(good)]) == 0
    assert "came from the secret" in capsys.readouterr().out
    bad = tmp_path / "bad.mat"
    bad.write_text(write_mat(play_secret_match(SECRET, 3, 7, tamper=(1, 5))), encoding="utf-8")
    assert record_main(["--check-dice", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "game 1, move" in err and "(line " in err and "but the secret gives" in err
    hand = tmp_path / "hand.mat"
    hand.write_text(write_mat(play_secret_match(SECRET, 1, 8, hand=True)), encoding="utf-8")
    assert record_main(["--check-dice", str(hand)]) == 3
    assert "entered by hand" in capsys.readouterr().err


def test_check_dice_runs_as_the_documented_command(tmp_path: Path) -> None:
    path = tmp_path / "m.mat"
    path.write_text(write_mat(play_secret_match(SECRET, 1, 10)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "game.record", "--check-dice", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "came from the secret" in done.stdout
