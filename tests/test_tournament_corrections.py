"""The director's last word in the tournament model (issue 35): a result corrected or cleared, a
withdrawal undone, the draw and the standings following, the log of who changed what; standings that
count every win and use their tie-breaks; a damaged file that keeps all but its bad field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.tournament import ChangeKind, Result, Tournament, TournamentError, TournamentFile, salvage

NAMES = ["Anna", "Ben", "Csilla", "Dóra", "Eero", "Fanni", "Gábor", "Helmi"]


def fixed(t: Tournament) -> Tournament:
    t.clock = lambda: "2026-12-07T06:00:00Z"
    return t


def win(t: Tournament, match_id: str, place: int, loser_points: int = 0, by: str = "operator") -> None:
    m = t.match(match_id)
    winner = m.players[place]
    assert winner is not None
    score = (m.length, loser_points) if place == 0 else (loser_points, m.length)
    t.enter_result(match_id, winner, score, by=by)


def test_a_corrected_winner_moves_on_in_the_loser_place_and_is_logged() -> None:
    t = fixed(Tournament.create("Cup", NAMES, lengths=[3]))
    win(t, "R1-1", 0)
    win(t, "R1-2", 0)
    r1 = t.match("R1-1")
    anna, helmi = r1.players
    assert t.match("R2-1").players[0] == anna and t.match("C1-1").players[0] == helmi
    revision = t.revision
    t.correct_result("R1-1", helmi or 0, (1, 3), by="desk")
    assert r1.winner == helmi and r1.score == (1, 3)
    assert t.match("R2-1").players[0] == helmi and t.match("C1-1").players[0] == anna
    assert t.match("R2-1").ready and t.revision == revision + 1
    last = t.log[-1]
    assert last.kind is ChangeKind.CORRECTED and last.by == "desk" and last.match == "R1-1"
    assert last.before == Result(anna, (3, 0), "typed") and last.after == Result(helmi, (1, 3), "typed")
    assert last.at == "2026-12-07T06:00:00Z"
    # the log comes back from the file as it was
    again = Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
    assert again.log == t.log and again.revision == t.revision


def test_the_same_winner_with_another_score_changes_only_the_score() -> None:
    t = Tournament.create("Cup", NAMES, lengths=[5])
    win(t, "R1-1", 0, 2)
    win(t, "R1-2", 1, 1)
    win(t, "R2-1", 0)  # built on R1-1: the winner cannot change now, the score can
    t.correct_result("R1-1", t.match("R1-1").players[0] or 0, (5, 4))
    assert t.match("R1-1").score == (5, 4) and t.match("R2-1").done


def test_a_correction_on_which_a_later_result_stands_is_refused_until_that_is_cleared() -> None:
    t = Tournament.create("Cup", NAMES, lengths=[3])
    for mid in ("R1-1", "R1-2"):
        win(t, mid, 0)
    win(t, "R2-1", 1)
    before = t.to_dict()
    loser = t.match("R1-1").players[1]
    assert loser is not None
    with pytest.raises(TournamentError) as refused:
        t.correct_result("R1-1", loser, (0, 3))
    assert refused.value.key == "tourney.error.built_on" and "R2-1" in str(refused.value)
    assert t.to_dict() == before  # nothing changed
    cleared = t.clear_result("R2-1")
    assert cleared.ready and t.log[-1].kind is ChangeKind.CLEARED
    t.correct_result("R1-1", loser, (0, 3))
    assert t.match("R2-1").players[0] == loser


def test_a_wrong_correction_is_refused_with_its_reason() -> None:
    t = Tournament.create("Cup", NAMES, lengths=[3])
    with pytest.raises(TournamentError) as nothing:
        t.correct_result("R1-1", 0, (3, 0))
    assert nothing.value.key == "tourney.error.not_done"
    win(t, "R1-1", 0)
    winner = t.match("R1-1").winner
    assert winner is not None
    with pytest.raises(TournamentError) as score:
        t.correct_result("R1-1", winner, (3, 3))
    assert score.value.key == "tourney.error.score"
    with pytest.raises(TournamentError) as stranger:
        t.correct_result("R1-1", 5, (3, 0))
    assert stranger.value.key == "tourney.error.not_in_match"


def test_a_withdrawal_undone_reopens_its_walkovers_not_built_on() -> None:
    t = Tournament.create("Cup", NAMES, lengths=[3])
    r1 = t.match("R1-1")
    anna, helmi = r1.players
    assert anna is not None and helmi is not None
    t.withdraw(helmi)
    assert r1.how == "withdrawal" and r1.winner == anna
    reopened = t.reinstate(helmi, by="desk")
    assert reopened == ["R1-1"] and r1.ready and not t.players[helmi].withdrawn
    assert [c.kind for c in t.log] == [ChangeKind.WITHDRAWN, ChangeKind.REINSTATED]
    # a walkover already built on stands
    t.withdraw(helmi)
    win(t, "R1-2", 0)
    win(t, "R2-1", 0)
    assert t.reinstate(helmi) == [] and r1.how == "withdrawal"


def test_a_swiss_correction_moves_the_standings_and_keeps_the_pairings() -> None:
    t = Tournament.create("Swiss", NAMES[:4], "swiss", [1], rounds=2)
    win(t, "S1-1", 0)
    win(t, "S1-2", 0)
    pairs = [m.players for m in t.matches if m.round == 2]
    first = t.standings()[0].player
    m = next(m for m in t.matches if m.round == 1 and m.winner == first)
    other = m.opponent(first)
    assert other is not None
    t.correct_result(m.id, other, (0, 1) if m.players[1] == other else (1, 0))
    assert [m.players for m in t.matches if m.round == 2] == pairs
    assert first not in [s.player for s in t.standings() if s.wins == 1]


def test_consolation_wins_count_and_buchholz_breaks_ties() -> None:
    t = Tournament.create("Cup", NAMES, lengths=[1])
    while (m := t.next_match()) is not None:
        win(t, m.id, 0)
    consoled = t.winner("consolation")
    assert consoled is not None
    rows = {s.player: s for s in t.standings()}
    assert rows[consoled].wins == 2 and rows[consoled].losses == 1
    assert rows[consoled].rank < min(rows[p].rank for p in rows if rows[p].wins == 0 and p != consoled)


def test_buchholz_decides_between_equal_knockout_players() -> None:
    """Two first-round losers without consolation: the one who lost to the stronger player first."""
    t = Tournament.create("Cup", NAMES, lengths=[1], consolation=False)
    for mid in ("R1-1", "R1-2", "R1-3", "R1-4"):
        win(t, mid, 0)
    win(t, "R2-1", 1)  # the winner of R1-2 goes on: its first-round loser's opponent has 2 wins
    losers = {s.player: s for s in t.standings()}
    l1, l2 = t.match("R1-1").loser, t.match("R1-2").loser
    assert l1 is not None and l2 is not None
    assert losers[l2].buchholz == 2 and losers[l1].buchholz == 1
    assert losers[l2].rank < losers[l1].rank


def test_one_bad_field_costs_that_field_not_the_event(tmp_path: Path) -> None:
    t = Tournament.create("Cup", NAMES, lengths=[3])
    for mid in ("R1-1", "R1-2", "R1-3", "R1-4", "C1-1"):
        win(t, mid, 1, 1)
    t.match("R1-2").mat = "; a record\n"
    t.withdraw(t.match("R1-3").winner or 0)
    data = t.to_dict()
    data["players"][2]["name"] = 7  # a bad name
    data["matches"][3]["score"] = ["x", 3]  # R1-4's score
    data["matches"][1]["mat"] = 12  # R1-2's record
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = TournamentFile(path).load()
    kept = loaded.tournament
    assert kept is not None and loaded.damaged and loaded.set_aside is not None
    assert loaded.set_aside.read_text(encoding="utf-8") == json.dumps(data)  # the damaged file kept
    assert sorted(str(x) for x in loaded.lost) == ["R1-2 record", "R1-4 score", "player 3 name"]
    assert kept.players[2].name == "Player 3"
    assert [m.id for m in kept.matches if m.how == "typed"] == ["R1-1", "R1-2", "R1-3", "R1-4", "C1-1"]
    r14 = kept.match("R1-4")  # its winner kept, its score lost: the consolation match on it stands
    assert r14.winner == t.match("R1-4").winner and r14.score is None and kept.match("C1-1").done
    assert kept.match("R1-2").mat is None
    assert kept.players[t.match("R1-3").winner or 0].withdrawn
    assert kept.match("R2-2").how == "withdrawal"  # the walkover decided again
    assert TournamentFile(path).load().tournament is not None  # what was kept is saved in its place


def test_a_damaged_swiss_keeps_its_pairings() -> None:
    t = Tournament.create("Swiss", NAMES[:6], "swiss", [1])
    for m in list(t.ready_matches()):
        win(t, m.id, 0)
    data = t.to_dict()
    data["matches"][0]["how"] = "nonsense"
    data["matches"][1]["winner"] = 17
    data["lang"] = None
    kept, lost = salvage(data)
    assert sorted(map(str, lost)) == ["S1-1 result", "S1-2 result", "language"]
    assert [m.players for m in kept.matches] == [m.players for m in t.matches]
    assert kept.match("S1-1").ready and kept.match("S1-2").ready and kept.match("S1-3").done


def test_nothing_to_keep_is_said() -> None:
    with pytest.raises(ValueError):
        salvage({"players": "none"})
    with pytest.raises(ValueError):
        salvage([1, 2])


def test_the_log_is_exported_with_who_changed_what(tmp_path: Path) -> None:
    import csv
    import io

    from game.tournament import export_folder

    t = fixed(Tournament.create("Cup", NAMES[:4], lengths=[3]))
    win(t, "R1-1", 0, 1, by="cabinet")
    dora = t.match("R1-1").players[1]
    assert dora is not None
    t.correct_result("R1-1", dora, (2, 3))
    t.withdraw(1, by="Board 3")
    export_folder(t, tmp_path, "en")
    rows = list(csv.reader(io.StringIO((tmp_path / "Cup-changes.csv").read_text("utf-8-sig"))))
    assert rows[0] == ["When", "Change"]
    assert [r[0] for r in rows[1:]] == ["2026-12-07T06:00:00Z"] * 3
    assert rows[1][1].endswith("this board: R1-1 Anna 3–1 Dóra")
    assert rows[2][1].endswith("organiser: R1-1 corrected, Anna 3–1 Dóra → Dóra 3–2 Anna")
    assert rows[3][1].endswith("Board 3: Ben withdrew")
    page = (tmp_path / "Cup.html").read_text(encoding="utf-8")
    assert "Buchholz" in page  # a knock-out's tie-break too
