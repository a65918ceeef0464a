"""GNU Backgammon imports our .mat files, and we read its own .mat export of them back unchanged.

Skipped where GNU Backgammon is not installed (``apt-get install gnubg``): the project does not
need it, but where it is, this is the check that matters for the format.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from game.record import MatchRecord, read_mat, write_mat
from game.tools.selfplay import differences, play_match
from tests.helpers import review_matches

GNUBG = shutil.which("gnubg") or next((p for p in ("/usr/games/gnubg",) if Path(p).exists()), None)

pytestmark = pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed")


def through_gnubg(record: MatchRecord, folder: Path, name: str) -> tuple[str, str]:
    """(gnubg's own .mat export of our file, what gnubg printed) after importing our file."""
    ours = folder / f"{name}.mat"
    theirs = folder / f"{name}-gnubg.mat"
    ours.write_text(write_mat(record), encoding="utf-8")
    commands = folder / f"{name}.cmd"
    commands.write_text(f"import mat {ours}\nshow score\nexport match mat {theirs}\n", encoding="utf-8")
    assert GNUBG is not None
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-c", str(commands)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
        cwd=folder,
    )
    assert theirs.exists(), done.stdout + done.stderr
    return theirs.read_text(encoding="utf-8", errors="replace"), done.stdout


@pytest.mark.parametrize(
    ("levels", "length", "seed", "jacoby"),
    [
        (("expert", "intermediate"), 7, 11, False),
        (("beginner", "advanced"), 5, 3, False),
        (("intermediate", "beginner"), 0, 5, True),
        (("beginner", "beginner"), 0, 6, False),
    ],
    ids=["7-point", "5-point", "money-jacoby", "money"],
)
def test_gnubg_imports_our_file_and_we_read_its_export(
    tmp_path: Path, levels: tuple[str, str], length: int, seed: int, jacoby: bool
) -> None:
    committed = [n for n, match in review_matches.MATCHES.items() if match == (levels, length, seed)]
    if committed and not jacoby:  # the expert's 7-point match: committed, its play checked in tests/review
        record = review_matches.record(committed[0])
    else:
        record = play_match(levels, length, seed, games=4, jacoby=jacoby)
    exported, printed = through_gnubg(record, tmp_path, "m")
    assert re.search(rf"after {len(record.games)} games?\)", printed), printed[-300:]
    back = read_mat(exported)
    assert back.rules.match_length == length
    # gnubg's export leaves the Jacoby line out (its reader applies its own setting): the rule is
    # known again only where a result needs it, so the rules are compared on the length above.
    assert differences(record, replace(back, rules=record.rules)) == []
    assert [g.result for g in back.games] == [g.result for g in record.games]
