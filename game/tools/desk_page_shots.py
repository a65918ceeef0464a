"""Screenshots of the desk's phone page in a real browser (headless Chromium) at phone and laptop sizes.

``python -m game.tools.desk_page_shots OUT_DIR [--lang fi] [--chromium /usr/bin/chromium]``

Starts a desk on loopback with an eight-player knock-out in the middle of its first round (two
matches decided, one board with a live score, one match waiting for a board), then has Chromium
load the page at 360x740 and 1280x800 and save ``page-360x740.png`` and ``page-1280x800.png``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from game.desk.board import BoardClient
from game.desk.desk import Desk
from game.desk.play import MatchPlay
from game.desk.server import serve

NAMES = ["Anna", "Ben", "Cecil", "Dora", "Eve", "Fay", "Gus", "Hal"]
SIZES = ((360, 740), (1280, 800))


def sample_desk(folder: Path) -> tuple[Desk, list[BoardClient]]:
    """A desk mid-round: boards 1 and 2 finished their matches, board 3 has played one game.

    5-point matches: board 3's first game must leave its match going whatever the computer plays (a
    3-point match's first game ended it once the computer's network changed, and the page had no
    live score to show)."""
    desk = Desk(folder / "desk")
    desk.create(NAMES, lengths=[5], date="2026.12.07", dice_seed="shots-4", name="Club night")
    desk.change_code("SHOT2345")
    return desk, []


def play(client: BoardClient, games: int | None) -> None:
    """``client`` plays ``games`` more games of its match (None: to its end), reporting each."""
    terms = client.next_match()
    assert terms is not None
    names = (str(terms["names"][0]), str(terms["names"][1]))
    so_far = str(terms["so_far"]) or None  # a match taken up again goes on after its last reported game
    match = MatchPlay(
        terms["match"], names, terms["length"], terms["secret"], date=terms["date"], so_far=so_far
    )
    played = 0
    while not match.over and (games is None or played < games):
        match.play_game()
        played += 1
        client.queue(match.report())
        client.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.desk_page_shots", description=__doc__.split("\n")[0]
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--player", default="Dora", help="the visitor whose next match the page shows")
    parser.add_argument("--chromium", default="chromium")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="desk_shots") as tmp:
        desk, _ = sample_desk(Path(tmp))
        server = serve(desk)
        url = f"http://127.0.0.1:{server.port}"
        for k, games in ((1, None), (2, None), (3, 1)):
            client = BoardClient(Path(tmp) / f"b{k}", url, board=f"b{k}", name=str(k))
            assert client.join("SHOT2345", desk.desk_id).ok
            play(client, games)
        for width, height in SIZES:
            shot = args.out / f"page-{width}x{height}-{args.lang}.png"
            subprocess.run(
                [
                    args.chromium,
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--hide-scrollbars",
                    f"--window-size={width},{height}",
                    "--virtual-time-budget=4000",
                    f"--screenshot={shot}",
                    f"{url}/?lang={args.lang}#{args.player}",
                ],
                check=True,
                capture_output=True,
                timeout=120,
            )
            print(shot)
        server.shutdown()
        server.server_close()
        desk.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
