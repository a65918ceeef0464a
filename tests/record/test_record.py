"""Match records: the recorder, the .mat writer and reader, hand-written files and bad files."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest

from game.ai.api import choose_play
from game.engine import (
    Action,
    EndTurn,
    GameState,
    Match,
    Move,
    Phase,
    Rules,
    Step,
    Undo,
    WinKind,
    apply,
)
from game.record import (
    GameRecord,
    MatchRecord,
    MatchRecorder,
    PlyKind,
    RecordError,
    check_match,
    final_state,
    load_mat,
    read_mat,
    replay_game,
    save_mat,
    write_mat,
)
from game.record.__main__ import main as record_main
from game.tools.selfplay import computer_action, differences, play_match
from tests.helpers.matches import HAND_MATCH, mat

DROP = "  3)  Doubles => 2                Drops"


def test_a_hand_written_match_reads_with_every_entry_in_place() -> None:
    record = read_mat(HAND_MATCH)
    assert record.rules == Rules(match_length=3)
    assert record.names == ("Alice", "Bob")
    assert ("Player 1", "Alice") in record.metadata
    first, second = record.games
    opening = first.plies[0]
    assert (opening.player, opening.kind, opening.dice) == (1, PlyKind.ROLL, (3, 1))
    assert sorted(opening.moves) == sorted([(8, 5, 3, False), (6, 5, 1, False)])
    assert [p.kind for p in first.plies[-2:]] == [PlyKind.DOUBLE, PlyKind.PASS]
    assert first.result is not None and first.result.winner == 0 and first.result.points == 1
    assert first.result.passed
    assert second.score == (1, 0)
    hit = second.plies[1]
    assert hit.player == 1 and any(m.hit for m in hit.moves)
    entry = second.plies[2]
    assert entry.moves[0].src == 25 and len(entry.moves) == 4
    assert [p.cube for p in second.plies if p.kind is PlyKind.DOUBLE] == [2, 4]
    assert second.result is not None and second.result.points == 2 and second.result.cube == 2
    assert record.score == (3, 0) and record.winner == 0
    assert second.plies[2].line == 16  # each ply knows its line


def test_a_hand_written_money_play_in_another_programs_layout() -> None:
    """Wider columns, a tab, 'off'-free shorthand, Accepts/Passes words, cumulative money-play scores."""
    text = mat(
        """
        ; [Site "Somewhere"]
        ; [Jacoby "Off"]
         0 point match

         Game 1
         Ann : 0                              Ben : 0
          1) 41: 13/9 24/23                   Doubles => 2
          2)  Accepts                         16: 13/7 8/7
          3)  Doubles => 4                    Passes
              Wins 2 points

         Game 2
         Ann : 2                              Ben : 0
          1)                                  42: 8/4 6/4
          2) 66:\t24/18(2) 13/7(2)
        """
    )
    record = read_mat(text)
    assert not record.rules.is_match and not record.rules.jacoby
    first, second = record.games
    assert first.result is not None and first.result.winner == 0 and first.result.points == 2
    assert second.result is None  # the last game may be unfinished (a record saved mid-game)
    assert len(second.plies[1].moves) == 4
    assert record.score == (2, 0) and record.winner is None
    # the score written one player a line, as some programs do
    split = text.replace("Ann : 2                              Ben : 0", "Ann : 2\n Ben : 0")
    assert split != text and read_mat(split) == record


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        # a truncated move line
        (HAND_MATCH.replace("52: 13/8 13/11", "52: 13/"), 9, "cannot read '13/'"),
        # an illegal move (13/7 is not a 5 or a 2)
        (HAND_MATCH.replace("52: 13/8 13/11", "52: 13/7 13/11"), 9, "not a legal move"),
        # a wrong score header
        (HAND_MATCH.replace("Alice : 1", "Alice : 0"), 14, "games before reach 1-0"),
        # a bad match header
        (HAND_MATCH.replace(" 3 point match", " three point match"), 4, "point match"),
        # a result the rules do not give
        (HAND_MATCH.replace("Wins 1 point", "Wins 2 points"), 11, "1 point(s) by the rules"),
        # a move in the wrong player's column
        (HAND_MATCH.replace(DROP, "  3)                     Doubles => 2"), 10, "turn"),
        # a double that offers the wrong value
        (HAND_MATCH.replace("Doubles => 4", "Doubles => 8"), 18, "offers 4"),
        # a line that is not part of the format
        (HAND_MATCH.replace("      Wins 1 point", "      Resigned"), 11, "cannot read"),
        # a game with no result followed by another game
        (HAND_MATCH.replace("      Wins 1 point\n", "").replace(DROP + "\n", ""), 11, "without a result"),
        # a dance written while the roll has legal moves
        (HAND_MATCH.replace("52: 13/8 13/11", "52:"), 9, "write your move"),
        # a double cut off in the middle of the answer beside it (this crashed the reader)
        (HAND_MATCH.replace("Doubles => 4", "Doubles => 4     Ta"), 18, "expected 'Doubles => N'"),
    ],
    ids=[
        "truncated", "illegal", "score", "header", "wins", "column", "cube", "junk", "unfinished", "dance",
        "cut-double",
    ],
)  # fmt: skip
def test_bad_files_are_refused_with_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_mat(text)
    assert caught.value.line == line, caught.value
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"line {line}: ")


def test_an_empty_file_and_a_game_after_the_match_are_refused() -> None:
    with pytest.raises(RecordError, match="point match"):
        read_mat("")
    more = HAND_MATCH + "\n Game 3\n Alice : 3    Bob : 0\n"
    with pytest.raises(RecordError, match="after the match was over") as caught:
        read_mat(more)
    assert caught.value.line == 21


def _coverage(records: list[MatchRecord]) -> dict[str, int]:
    seen = {"double": 0, "take": 0, "pass": 0, "crawford": 0, "gammon": 0, "dance": 0}
    for record in records:
        for game in record.games:
            seen["crawford"] += game.crawford
            for ply in game.plies:
                if ply.kind is not PlyKind.ROLL:
                    seen[ply.kind.value] += 1
                elif not ply.moves:
                    seen["dance"] += 1
            if game.result is not None and game.result.kind is not WinKind.SINGLE:
                seen["gammon"] += 1
    return seen


def test_computer_matches_round_trip_through_mat_text() -> None:
    """The fast round trip (the 1,000-game run is ``python -m game.tools.selfplay --roundtrip 1000``)."""
    records = [
        play_match(("expert", "intermediate"), 3, seed=2),
        play_match(("beginner", "advanced"), 5, seed=3),
        play_match(("intermediate", "beginner"), 0, seed=4, games=4),
    ]
    for record in records:
        back = read_mat(write_mat(record))
        assert differences(record, back) == []
        check_match(back)
    seen = _coverage(records)
    assert all(seen.values()), seen  # the sample covers every kind of entry it is meant to


def test_differences_notices_a_changed_move() -> None:
    record = play_match(("beginner", "beginner"), 1, seed=7)
    text = write_mat(record)
    back = read_mat(text)
    game = back.games[0]
    changed = list(game.plies)
    k = next(i for i, p in enumerate(changed) if p.kind is PlyKind.ROLL and len(p.moves) == 2)
    changed[k] = type(changed[k])(changed[k].player, PlyKind.ROLL, changed[k].dice, changed[k].moves[:1])
    tampered = MatchRecord(back.rules, back.names, (type(game)(game.number, game.score, game.crawford,
                                                               tuple(changed), game.result),))  # fmt: skip
    assert differences(record, tampered) != []


def test_the_writer_lays_out_columns_as_gnubg_does() -> None:
    record = read_mat(HAND_MATCH)
    text = write_mat(record)
    lines = text.splitlines()
    assert lines[lines.index(" 3 point match") - 1] == ""
    assert "  1)                             31: 8/5 6/5" in lines
    assert "  2) 52: 13/8 13/11              64: 24/18 13/9" in lines
    assert "  3)  Doubles => 2                Drops" in lines
    assert "  2) 55: 25/20 20/15 13/8 13/8    Doubles => 2" in lines
    assert "      Wins 1 point" in lines
    assert "      Wins 2 points and the match" in lines
    assert read_mat(text) == record


def _ui_style_game(seed: int) -> tuple[MatchRecorder, MatchRecord]:
    """One game driven the way a hand plays it: single steps, an undo and a redo, EndTurn."""
    levels = ("intermediate", "beginner")
    rules = Rules(match_length=1)
    recorder = MatchRecorder(rules, levels)
    rng = random.Random(seed)
    state: GameState = Match(rules).new_game()

    def do(action: Action) -> None:
        nonlocal state
        after = apply(state, action)
        recorder.observe(state, action, after)
        state = after

    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.MOVING and not state.turn_state().is_complete:
            assert state.dice is not None
            play = choose_play(state.position, state.dice, levels[state.turn], seed=seed * 1_000)
            assert play is not None
            first = play.moves[0]
            do(Step(first.src, first.die))
            if state.phase is Phase.GAME_OVER:  # that step bore off the last checker
                continue
            do(Undo())
            for move in play.moves:
                do(Step(move.src, move.die))
            if not state.result:
                do(EndTurn())
        else:
            do(computer_action(state, levels, rng, seed * 1_000))
    return recorder, play_match(levels, 1, seed)


def test_the_recorder_keeps_the_finished_play_not_the_hand_movements() -> None:
    recorder, same_game_by_the_tool = _ui_style_game(seed=11)
    assert recorder.missed == 0
    assert recorder.record().games == same_game_by_the_tool.games


def test_the_recorder_ignores_a_game_it_did_not_see_start_and_resumes_from_its_file() -> None:
    record = play_match(("beginner", "beginner"), 0, seed=5, games=1)
    game = record.games[0]
    # Stop halfway: the first half of the plies as an unfinished game, read back from its file.
    first_half = type(game)(1, game.score, game.crawford, game.plies[: len(game.plies) // 2])
    saved = read_mat(write_mat(MatchRecord(record.rules, record.names, (first_half,))))
    reached = final_state(saved.rules, saved.games[0])
    action = computer_action(reached, ("beginner", "beginner"), random.Random(1), 0)
    after = apply(reached, action)

    stranger = MatchRecorder(saved.rules, saved.names)
    stranger.observe(reached, action, after)
    assert stranger.missed == 1 and stranger.record().games == ()

    resumed = MatchRecorder.resume(saved, reached)
    resumed.observe(reached, action, after)
    assert resumed.missed == 0
    assert resumed.record().games[0].plies[: len(first_half.plies)] == saved.games[0].plies

    elsewhere = MatchRecorder.resume(saved, Match(saved.rules).new_game())
    assert elsewhere.record().games == ()  # the unfinished game does not fit the restored state: dropped


def test_the_command_prints_a_summary_or_the_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.mat"
    good.write_text(HAND_MATCH)
    assert record_main([str(good)]) == 0
    out = capsys.readouterr().out
    assert "3 point match: Alice against Bob, 2 game(s)" in out
    assert "Alice wins the match" in out
    bad = tmp_path / "bad.mat"
    bad.write_text(HAND_MATCH.replace("52: 13/8 13/11", "52: 13/7 13/11"))
    assert record_main([str(bad)]) == 1
    assert capsys.readouterr().err.startswith(f"{bad}:9: Alice's 52:")
    assert record_main([str(tmp_path / "missing.mat")]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert record_main([str(good), "--json"]) == 0
    assert '"winner": 0' in capsys.readouterr().out


def test_jacoby_money_play_says_so_in_its_header_and_round_trips() -> None:
    record = play_match(("beginner", "beginner"), 0, seed=8, games=4, jacoby=True)
    text = write_mat(record)
    assert '; [Jacoby "On"]' in text
    back = read_mat(text)
    assert back.rules.jacoby and differences(record, back) == []
    bare = MatchRecord(record.rules, record.names, record.games)  # no header lines given
    assert '; [Jacoby "On"]' in write_mat(bare)


def test_the_recorder_follows_the_screens_game_events() -> None:
    """The event methods as the screen calls them (GameOver after the play, MatchOver ignored)."""
    reference = play_match(("beginner", "intermediate"), 0, seed=12, games=2)
    rules = reference.rules
    recorder = MatchRecorder(rules, reference.names)
    for game in reference.games:
        state = Match(rules, game.score, game.number - 1).new_game()
        recorder.game_started(state)
        recorder.dice_rolled(None, (4, 4))  # an opening tie is rolled again
        for ply in game.plies:
            if ply.kind is PlyKind.ROLL:
                assert ply.dice is not None
                first = ply is game.plies[0]
                dice = (ply.dice if ply.player == 0 else ply.dice[::-1]) if first else ply.dice
                recorder.dice_rolled(None if first else ply.player, dice)
                recorder.play_made(ply.player, ply.moves)
            elif ply.kind is PlyKind.DOUBLE:
                recorder.cube_offered(ply.player)
            elif ply.kind is PlyKind.TAKE:
                recorder.cube_taken(ply.player)
            else:
                recorder.cube_passed(ply.player)
        assert game.result is not None
        recorder.game_over(game.result)
    assert recorder.missed == 0
    assert recorder.record().games == reference.games


def test_the_recorder_drops_a_game_it_cannot_follow() -> None:
    rules = Rules(match_length=3)
    recorder = MatchRecorder(rules)
    recorder.play_made(0, ())  # nothing started
    assert recorder.missed == 1
    recorder.game_started(Match(rules).new_game())
    recorder.dice_rolled(None, (3, 1))
    recorder.play_made(0, (Move(8, 5, 3),))  # half a play: the rules refuse it
    assert recorder.missed == 2 and recorder.state is None and recorder.record().games == ()
    recorder.game_started(Match(rules).new_game())
    recorder.dice_rolled(None, (3, 1))
    recorder.cube_taken(1)  # no double to take
    assert recorder.missed == 3


def test_resignations_from_other_programs_and_uncapped_points() -> None:
    """A game that ends with 'Wins' before it is played out (another program's resignation), and a
    match-winning game stated before the cap, as GNU Backgammon writes it."""
    resigned = mat(
        """
         5 point match

         Game 1
         Ann : 0                         Ben : 0
          1) 31: 8/5 6/5                 64: 24/18 13/9
                                          Wins 2 points

         Game 2
         Ann : 0                         Ben : 2
          1) 42: 8/4 6/4                 Doubles => 2
          2)  Takes                      31: 8/5 6/5
          3) 55: 13/8 13/8 13/8 13/8
              Wins 6 points and the match
        """
    )
    record = read_mat(resigned)
    first, second = record.games
    assert first.resigned and first.result is not None
    assert (first.result.winner, first.result.kind, first.result.points) == (1, WinKind.GAMMON, 2)
    assert second.result is not None and second.result.kind is WinKind.BACKGAMMON
    assert second.result.points == 5  # capped at what Ann needed
    assert record.winner == 0
    text = write_mat(record)
    assert "Wins 6 points and the match" in text  # cube 2 x backgammon, before the cap
    assert read_mat(text) == record


def test_a_money_play_file_silent_about_jacoby_is_read_with_it_when_only_that_fits() -> None:
    """GNU Backgammon's export leaves the Jacoby line out; a centred-cube gammon 'Wins 1 point' tells."""
    # The first gammon of a few seeded matches (which seed has one depends on the computer's play).
    source, game = next(
        (m, g)
        for m in (play_match(("beginner", "advanced"), 5, seed=seed) for seed in range(3, 40))
        for g in m.games
        if g.result is not None and g.result.kind is not WinKind.SINGLE
    )
    cubeless = tuple(p for p in game.plies if p.kind is PlyKind.ROLL)
    rules = Rules(match_length=0, jacoby=True)
    plain = GameRecord(1, (0, 0), False, cubeless)
    result = final_state(rules, plain).result
    assert result is not None and result.points == 1  # a gammon on a centred cube, Jacoby
    record = MatchRecord(rules, source.names, (GameRecord(1, (0, 0), False, cubeless, result),), ())
    text = write_mat(record).replace('; [Jacoby "On"]\n', "")
    assert "Jacoby" not in text
    back = read_mat(text)
    assert back.rules.jacoby and differences(record, back) == []
    with pytest.raises(RecordError, match="by the rules"):
        read_mat(text.replace(" 0 point match", '; [Jacoby "Off"]\n 0 point match'))


def test_names_that_would_break_the_score_line_are_cleaned() -> None:
    record = play_match(("beginner", "beginner"), 1, seed=4, names=("Ann: the 1st", 'Ben\n"B"'))
    back = read_mat(write_mat(record))
    assert back.names == ("Ann the 1st", 'Ben "B"')
    assert len(back.games) == len(record.games)


def test_records_are_saved_whole_and_loaded_back(tmp_path: Path) -> None:
    record = play_match(("beginner", "beginner"), 1, seed=6)
    path = tmp_path / "records" / "match.mat"
    save_mat(path, record)
    save_mat(path, record)  # rewriting replaces the file, leaving no temporary file behind
    assert [p.name for p in path.parent.iterdir()] == ["match.mat"]
    assert differences(record, load_mat(path)) == []
    with pytest.raises(RecordError, match="cannot read"):
        load_mat(tmp_path / "missing.mat")
    text = write_mat(record)
    path.write_text(text[: text.rindex("/") + 1])  # cut in the middle of a move
    with pytest.raises(RecordError) as caught:
        load_mat(path)
    assert caught.value.line == text[: text.rindex("/")].count("\n") + 1


def test_a_replay_steps_through_every_state() -> None:
    record = read_mat(HAND_MATCH)
    steps = list(replay_game(record.rules, record.games[1]))
    assert [s.ply for s in steps] == list(record.games[1].plies)
    for before, nxt in pairwise(steps):
        assert before.after.position == nxt.state.position or nxt.state.phase is Phase.MOVING
    assert steps[-1].after.phase is Phase.GAME_OVER
    assert steps[-1].after.result == record.games[1].result
