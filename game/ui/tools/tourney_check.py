"""A tournament's export checked as its readers would: every exported .mat read back by the game's
reader and replayed through the rules, its dice checked against the secret it reveals (the command
``python -m game.record --check-dice``, run as a player would), the CSV tables parsed, and the page
opened in a headless browser and shot (``page.png``) when Chromium is installed (the browser is a check
for a person to look at, never something the game or its tests need).

Usage: ``.venv/bin/python -m game.ui.tools.tourney_check EXPORT_FOLDER [OUT]``.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import sys
from pathlib import Path

from game.record import read_mat
from game.record.model import check_match
from game.tools import CHECKOUT

ROOT = CHECKOUT
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def check_mats(folder: Path) -> list[str]:
    """Every .mat under ``folder`` read back, replayed and its dice checked; ``RuntimeError`` if one fails."""
    mats = sorted(folder.rglob("*.mat"))
    notes = []
    for path in mats:
        record = read_mat(path.read_text(encoding="utf-8"))
        match = check_match(record)
        done = subprocess.run(
            [sys.executable, "-m", "game.record", "--check-dice", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{path.name}: the dice check failed: {done.stdout}{done.stderr}")
        notes.append(
            f"{path.name}: read back, {len(record.games)} game(s), score {match.score}, "
            f"dice: {done.stdout.strip().split(': ', 1)[-1]}"
        )
    return notes


def check_tables(folder: Path) -> list[str]:
    notes = []
    for path in sorted(folder.glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as f:
            rows = list(csv.reader(f))
        if len(rows) < 2 or len({len(r) for r in rows}) != 1:
            raise RuntimeError(f"{path.name}: not a table ({len(rows)} rows)")
        notes.append(f"{path.name}: {len(rows) - 1} rows of {len(rows[0])} columns")
    return notes


def shoot_page(page: Path, out: Path) -> str:
    """The page as a browser shows it, at a laptop's and a phone's width, when a browser is installed."""
    browser = next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)
    if browser is None:
        return "no headless browser installed: the page was not shot"
    out.mkdir(parents=True, exist_ok=True)
    shots = []
    for name, size in (("page.png", "1280,900"), ("page-phone.png", "390,844")):
        target = out / name
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
            + [f"--screenshot={target}", f"--window-size={size}", page.resolve().as_uri()],
            capture_output=True,
            timeout=120,
            check=False,
        )
        if target.exists():
            shots.append(str(target))
    return f"the page shot by {Path(browser).name}: {', '.join(shots) or 'nothing written'}"


def check_export(folder: Path, out: Path) -> list[str]:
    pages = sorted(folder.glob("*.html"))
    if not pages:
        raise RuntimeError(f"no page in {folder}")
    notes = check_mats(folder) + check_tables(folder)
    if not any(folder.rglob("*.mat")):
        notes.append("no .mat in the export (no match was played on the board)")
    notes.append(shoot_page(pages[0], out))
    return notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.tourney_check", description=__doc__)
    parser.add_argument("folder", type=Path, help="the export folder (the page, the tables, the matches)")
    parser.add_argument("out", nargs="?", type=Path, help="where the page's shots go (default: the folder)")
    args = parser.parse_args(argv)
    try:
        lines = check_export(args.folder, args.out or args.folder)
    except (RuntimeError, OSError, ValueError) as exc:
        print(f"{args.folder}: {exc}", file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
