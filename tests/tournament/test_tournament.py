"""Tournaments: the draw, byes, consolation and Swiss rules on every size from 4 to 32 players, results
typed in, withdrawals, what to call next, saving and loading, and the export folder."""

from __future__ import annotations

import csv
import io
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.record import read_mat
from game.tools.selfplay import differences
from game.tournament import (
    TMatch,
    Tournament,
    TournamentError,
    TournamentFile,
    call_text,
    error_text,
    export_folder,
)
from game.tournament.pairing import bracket_size, first_round, seed_order, swiss_pairs
from tests.helpers.paths import ROOT

SIZES = range(4, 33)
NAMES = [f"P{k:02d}" for k in range(1, 33)]


def finish(t: Tournament, m: TMatch, rng: random.Random) -> None:
    """A typed-in result for ``m``: a random winner, the loser on a random score below the length."""
    winner = m.players[rng.randrange(2)]
    assert winner is not None
    loser_points = rng.randrange(m.length)
    score = (m.length, loser_points) if winner == m.players[0] else (loser_points, m.length)
    t.enter_result(m.id, winner, score)


def play_out(t: Tournament, rng: random.Random) -> list[str]:
    """Play every match as it is called (a random one of those ready); the ids in playing order."""
    played = []
    while not t.finished:
        ready = t.ready_matches()
        assert ready, "the tournament is stuck: unfinished, nothing ready"
        assert t.next_match() is ready[0]
        m = rng.choice(ready)
        finish(t, m, rng)
        played.append(m.id)
    return played


# -- the seeded draw --------------------------------------------------------------------------


def test_seed_order_is_the_usual_one() -> None:
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError):
        seed_order(6)


@pytest.mark.parametrize("n", SIZES)
def test_byes_go_to_the_top_seeds_and_never_meet(n: int) -> None:
    size = bracket_size(n)
    pairs = first_round(n)
    assert len(pairs) == size // 2
    seeds = [s for pair in pairs for s in pair if s is not None]
    assert sorted(seeds) == list(range(1, n + 1))
    with_bye = sorted(s for a, b in pairs for s in (a, b) if s is not None and None in (a, b))
    assert with_bye == list(range(1, size - n + 1))  # seeds 1..byes, one bye each
    assert all(pair != (None, None) for pair in pairs)
    for a, b in pairs:  # seed s meets seed size + 1 - s
        if a is not None and b is not None:
            assert a + b == size + 1


@pytest.mark.parametrize("n", SIZES)
def test_elimination_with_consolation_on_every_size(n: int) -> None:
    rng = random.Random(n)
    t = Tournament.create("Cup", NAMES[:n], "elimination", [3, 5, 7], consolation=True)
    main = [m for m in t.matches if m.stage == "main"]
    assert len(main) == bracket_size(n) - 1
    first = [m for m in main if m.round == 1]
    real_first = [m for m in first if None not in m.feeds]
    assert len(real_first) == n - bracket_size(n) // 2
    assert all(m.how == "bye" for m in first if None in m.feeds)
    play_out(t, rng)
    # every player lost at most once in the main draw; the winner never
    losses = Counter(m.loser for m in t.matches if m.stage == "main" and m.how in ("typed", "played"))
    assert set(losses.values()) == {1} and len(losses) == n - 1
    champion = t.winner()
    assert champion is not None and champion not in losses
    assert t.standings()[0].player == champion
    # nobody plays twice in a round of a draw; lengths follow the round
    for stage in ("main", "consolation"):
        for rnd in {m.round for m in t.matches if m.stage == stage}:
            seen = [
                p
                for m in t.matches
                if m.stage == stage and m.round == rnd
                for p in m.players
                if p is not None
            ]
            assert len(seen) == len(set(seen))
            assert {m.length for m in t.matches if m.stage == stage and m.round == rnd} == {
                t.length_of(stage, rnd)
            }
    # the consolation draw holds exactly the losers of the played first-round matches
    consolation = [m for m in t.matches if m.stage == "consolation"]
    if len(real_first) >= 2:
        entrants = {p for m in consolation if m.round == 1 for p in m.players if p is not None}
        assert entrants == {m.loser for m in real_first}
        assert t.winner("consolation") in entrants
        byes = [m for m in consolation if m.round == 1 and m.how == "bye"]
        assert len(byes) == bracket_size(len(real_first)) - len(real_first)
        assert not any(m.how == "void" for m in consolation)
    else:
        assert consolation == []


@pytest.mark.parametrize("n", SIZES)
def test_swiss_rules_on_every_size(n: int) -> None:
    rng = random.Random(100 + n)
    t = Tournament.create("Swiss", NAMES[:n], "swiss", [3])
    assert t.rounds == (n - 1).bit_length()
    play_out(t, rng)
    byes: list[int] = []
    pairs_seen: set[frozenset[int]] = set()
    for rnd in range(1, t.rounds + 1):
        matches = [m for m in t.matches if m.round == rnd]
        players = [p for m in matches for p in m.players if p is not None]
        assert sorted(players) == list(range(n)), f"round {rnd}: everyone exactly once"
        round_byes = [m.winner for m in matches if m.how == "bye"]
        assert len(round_byes) == n % 2
        byes += [p for p in round_byes if p is not None]
        for m in matches:
            if m.how != "bye":
                pair = frozenset(p for p in m.players if p is not None)
                assert pair not in pairs_seen, f"round {rnd}: {pair} met again"
                pairs_seen.add(pair)
    assert len(byes) == len(set(byes)), "nobody gets a second bye"
    # round 2 pairs equal scores: at most one match between a winner and a loser of round 1
    won_first = {m.winner for m in t.matches if m.round == 1}
    mixed = [m for m in t.matches if m.round == 2 and m.how != "bye" and len(won_first & set(m.players)) == 1]
    assert len(mixed) <= 1
    table = t.standings()
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    keys = [(-s.wins, -s.buchholz) for s in table]
    assert keys == sorted(keys)
    assert t.winner() == table[0].player


def test_swiss_pairing_avoids_repeats_by_backing_up() -> None:
    met = {frozenset({0, 1}), frozenset({2, 3})}
    pairs, bye = swiss_pairs([0, 1, 2, 3], lambda a, b: frozenset({a, b}) in met, lambda p: False)
    assert bye is None and sorted(map(frozenset, pairs), key=sorted) == [frozenset({0, 2}), frozenset({1, 3})]
    # every pairing repeats: neighbours are paired rather than nothing
    everyone = [0, 1, 2, 3]
    pairs, bye = swiss_pairs(everyone, lambda a, b: True, lambda p: True)
    assert pairs == [(0, 1), (2, 3)] and bye is None
    # the bye goes to the lowest player without one
    pairs, bye = swiss_pairs([0, 1, 2, 3, 4], lambda a, b: False, lambda p: p == 4)
    assert bye == 3 and pairs == [(0, 1), (2, 4)]


# -- results, withdrawals, what to call ---------------------------------------------------------


def test_a_match_typed_in_by_hand_and_bad_results_refused() -> None:
    t = Tournament.create("Cup", ["Anna", "Ben", "Cid", "Dan"], lengths=[5])
    m = t.next_match()
    assert m is not None and m.id == "R1-1" and m.players == [0, 3]
    assert call_text(t, m) == "Anna v Dan, 5 points"
    assert call_text(t, m, "fi") == "Anna – Dan, 5 pistettä"
    before = t.to_dict()
    for winner, score, how in [
        (0, (4, 2), "typed"),  # the winner did not reach 5
        (0, (5, 5), "typed"),  # the loser cannot reach 5 too
        (1, (5, 2), "typed"),  # Ben is not in this match
        (0, (5, -1), "typed"),
        (0, (5, 2), "bye"),  # not a result the operator enters
        (0, (5, 2), "time"),  # on time: nobody reached the length
    ]:
        with pytest.raises(TournamentError) as caught:
            t.enter_result(m.id, winner, score, how=how)  # type: ignore[arg-type]
        assert error_text(caught.value, "hu") != caught.value.key
    with pytest.raises(TournamentError):
        t.enter_result("R2-1", 0, (5, 0))  # not ready yet
    assert t.to_dict() == before
    t.enter_result(m.id, 3, (2, 6))  # Dan won 6-2, typed in
    assert m.winner == 3 and m.score == (2, 6) and m.how == "typed"
    final = t.match("R2-1")
    assert final.players[0] == 3 and not final.known[1]
    with pytest.raises(TournamentError):
        t.enter_result(m.id, 0, (5, 0))  # already has its result
    t.enter_result("R1-2", 1, (3, 4), how="time")  # Cid's clock ran out at 3-4
    assert final.ready and [m.id for m in t.ready_matches()] == ["C1-1", "R2-1"]  # earlier round first
    assert call_text(t, t.match("C1-1")) == "Anna v Cid, 5 points"


def test_a_withdrawal_gives_the_match_to_the_opponent_now_or_when_known() -> None:
    t = Tournament.create("Cup", NAMES[:8], lengths=[3], consolation=True)
    t.withdraw(0)  # P01 leaves before playing: R1-1 (P01 v P08) goes to P08
    r11 = t.match("R1-1")
    assert r11.how == "withdrawal" and r11.winner == 7 and r11.score is None
    # P08's opponent in round 2 is not known yet
    t.enter_result("R1-2", 3, (3, 0))
    assert t.match("R2-1").ready
    t.withdraw(3)  # P04 leaves after winning: the round-2 match goes to P08
    assert t.match("R2-1").winner == 7 and t.match("R2-1").how == "withdrawal"
    # P01 also lost their place in the consolation draw: its first match is a walkover
    c = t.match("C1-1")
    assert 0 in c.players
    rng = random.Random(1)
    play_out(t, rng)
    assert c.how == "withdrawal" and c.winner != 0
    assert t.winner() not in (0, 3)
    rows = {s.player: s for s in t.standings()}
    assert rows[0].withdrawn and rows[3].withdrawn


def test_a_withdrawn_swiss_player_is_no_longer_paired() -> None:
    t = Tournament.create("Swiss", NAMES[:6], "swiss", [3], rounds=3)
    rng = random.Random(2)
    for m in list(t.ready_matches())[:2]:
        finish(t, m, rng)
    leaving = next(m for m in t.ready_matches())
    quitter = leaving.players[0]
    assert quitter is not None
    t.withdraw(quitter)
    assert leaving.how == "withdrawal" and leaving.winner == leaving.players[1]
    play_out(t, rng)
    later = [m for m in t.matches if m.round > 1]
    assert all(quitter not in m.players for m in later)
    assert all(sum(m.how == "bye" for m in t.matches if m.round == r) == 1 for r in (2, 3))  # 5 left


def test_too_few_or_too_many_players_and_bad_names_are_refused() -> None:
    for names in [
        NAMES[:3],
        [*NAMES, "P33"],
        ["Anna", "anna", "Ben", "Cid"],
        ["", "A", "B", "C"],
        ["x" * 21] * 4,
    ]:
        with pytest.raises(TournamentError):
            Tournament.create("Cup", names)
    with pytest.raises(TournamentError):
        Tournament.create("Cup", NAMES[:4], lengths=[0])
    with pytest.raises(TournamentError):
        Tournament.create("Cup", NAMES[:4], "swiss", rounds=4)


def test_a_draw_seed_shuffles_the_seeds_reproducibly() -> None:
    a = Tournament.create("Cup", NAMES[:10], draw_seed=7)
    b = Tournament.create("Cup", NAMES[:10], draw_seed=7)
    c = Tournament.create("Cup", NAMES[:10])
    assert [p.name for p in a.players] == [p.name for p in b.players] != [p.name for p in c.players]
    assert sorted(p.name for p in a.players) == NAMES[:10]


# -- saving and loading -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["elimination", "swiss"])
def test_saved_after_every_change_and_loaded_back_exactly(tmp_path: Path, fmt: str) -> None:
    file = TournamentFile(tmp_path / "cup.json")
    t = file.attach(Tournament.create("Cup", NAMES[:11], fmt, [3, 5]))  # type: ignore[arg-type]
    rng = random.Random(3)
    while not t.finished:
        m = t.next_match()
        assert m is not None
        finish(t, m, rng)
        loaded = file.load().tournament
        assert loaded is not None and loaded.to_dict() == t.to_dict()
        if rng.random() < 0.1:
            t.withdraw(rng.randrange(len(t.players)))
    assert TournamentFile(tmp_path / "none.json").load().tournament is None


@pytest.mark.parametrize(
    "text", ["", "{", "[]", '{"version": 1}', '{"version": 99}', '{"version": 1, "players": 3}']
)
def test_a_broken_file_is_set_aside_with_a_reason(tmp_path: Path, text: str) -> None:
    path = tmp_path / "cup.json"
    path.write_text(text, encoding="utf-8")
    loaded = TournamentFile(path).load()
    assert loaded.tournament is None and loaded.reason and loaded.set_aside is not None
    assert loaded.set_aside.read_text(encoding="utf-8") == text and not path.exists()
    assert loaded.set_aside.name == "cup.broken-1.json" and loaded.set_aside.name in loaded.reason
    path.write_bytes(b"\xff\xfe garbage")
    again = TournamentFile(path).load()
    assert again.set_aside is not None and again.set_aside.name == "cup.broken-2.json"


def test_a_saved_tournament_with_a_wrong_reference_is_rebuilt(tmp_path: Path) -> None:
    """A knock-out draw is rebuilt from its players (issue 35: one bad field costs that field): the
    wrong reference is said, the damaged file kept beside, the draw as it was."""
    t = Tournament.create("Cup", NAMES[:5])
    data = t.to_dict()
    data["matches"][-1]["feeds"][0] = ["winner", "R9-9"]
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = TournamentFile(path).load()
    assert "fed from nowhere" in (loaded.reason or "") and loaded.set_aside is not None
    assert loaded.tournament is not None and loaded.tournament.to_dict() == t.to_dict()


# -- export -------------------------------------------------------------------------------------


def test_export_writes_a_page_tables_and_the_recorded_matches(tmp_path: Path) -> None:
    from game.record import write_mat
    from tests.helpers.secret_matches import SECRET, play_secret_match

    names = ["Anna <b>", "Ben/Bob", "Cid", "Dóra"]
    t = Tournament.create("Spring Cup: 2025", names, lengths=[1], lang="hu")
    record = play_secret_match(SECRET, 1, 4)
    m = t.next_match()
    assert m is not None
    winner = m.players[0] if record.winner == 0 else m.players[1]
    assert winner is not None
    t.enter_result(m.id, winner, record.score, how="played", mat=write_mat(record))
    files = export_folder(t, tmp_path)
    names_written = sorted(p.relative_to(tmp_path).as_posix() for p in files)
    assert names_written == [
        "Spring Cup_ 2025-changes.csv",
        "Spring Cup_ 2025-matches.csv",
        "Spring Cup_ 2025-matches/R1-1 Anna _b_ v Dóra.mat",
        "Spring Cup_ 2025-standings.csv",
        "Spring Cup_ 2025.html",
    ]
    page = (tmp_path / "Spring Cup_ 2025.html").read_text(encoding="utf-8")
    assert "Anna &lt;b&gt;" in page and "Anna <b>" not in page
    assert "<script" not in page and "http" not in page and 'name="viewport"' in page
    assert "Főtábla" in page and "Döntő" in page
    rows = list(csv.reader(io.StringIO((tmp_path / "Spring Cup_ 2025-matches.csv").read_text("utf-8-sig"))))
    assert rows[0][0] == "Tábla" and rows[1][2] == "R1-1" and rows[1][6] == names[winner]
    mat = read_mat((tmp_path / "Spring Cup_ 2025-matches" / "R1-1 Anna _b_ v Dóra.mat").read_text("utf-8"))
    assert differences(record, mat) == []  # the project's round-trip comparison (hops, not die labels)


# -- a kill -9 at any moment --------------------------------------------------------------------


def test_the_saved_tournament_survives_kill_9_at_random_moments(tmp_path: Path) -> None:
    """A child plays tournaments, saving after every change, and is killed with SIGKILL at random
    moments; the file always loads, and is a state the child was writing or had written: one it
    announced, or, when the kill came before its first save was in, the state the attempt before
    left (under load that first save can take longer than the 0.4 s before the kill)."""
    import hashlib
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "cup.json"
    rng = random.Random(27)
    left: set[str] = set()  # the state the previous attempt left in the file
    for attempt in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.tourney_child", str(path), str(attempt)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert proc.stdout is not None
        first = proc.stdout.readline()  # it has started saving
        assert first, "the child did not start"
        if not left:  # no file yet: the first attempt lets its first save finish (its next one is announced)
            first += proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.4))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        announced = {*first.split(), *(line.strip() for line in proc.stdout)}
        proc.stdout.close()
        loaded = TournamentFile(path).load()
        assert loaded.tournament is not None, loaded.reason
        state = hashlib.sha256(json.dumps(loaded.tournament.to_dict(), sort_keys=True).encode()).hexdigest()
        assert state in announced | left, f"attempt {attempt}: the file holds a state the child never wrote"
        left = {state}


def test_tournament_and_clock_import_no_pygame_only_the_rules_records_and_the_catalogue() -> None:
    """game.tournament: standard library, engine, records, itself, and the catalogue module (through
    game/tournament/words.py only); game.session.clock: standard library and the engine."""
    import sys

    from tests.helpers.paths import ROOT
    from tests.helpers.source import imported_modules, sources

    allowed = ("game.engine", "game.record", "game.tournament")
    offenders = []
    for path in sources(ROOT / "game" / "tournament"):
        for line, name in imported_modules(path):
            if name.split(".")[0] in sys.stdlib_module_names or name.startswith(allowed):
                continue
            if path.name == "words.py" and name.startswith("game.i18n"):
                continue
            offenders.append(f"{path.name}:{line} {name}")
    for line, name in imported_modules(ROOT / "game" / "session" / "clock.py"):
        if name.split(".")[0] not in sys.stdlib_module_names and not name.startswith("game.engine"):
            offenders.append(f"clock.py:{line} {name}")
    assert offenders == []
