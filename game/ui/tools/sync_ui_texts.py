"""Bring the catalogues' ``ui.*`` section in line with the game screen's English (``game/ui/text.py``).

Usage: ``.venv/bin/python -m game.ui.tools.sync_ui_texts``. English lines are copied from ``text.ENGLISH``
(added, changed, removed); for Finnish and Hungarian the script only removes keys that no longer exist
and prints which keys need a (new) translation: those it never fills with English, so the catalogue
test keeps failing until a translator has done them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from game.i18n import CATALOGUE_DIR, LANGUAGES  # noqa: E402
from game.ui.text import ENGLISH  # noqa: E402


def rewrite(lang: str, table: dict[str, str]) -> None:
    """Replace the ``ui.*`` lines of one catalogue, keeping every other line (and its layout) as it is."""
    path = CATALOGUE_DIR / f"{lang}.json"
    lines = path.read_text(encoding="utf-8").rstrip().split("\n")
    body = [line for line in lines[1:-1] if not line.lstrip().startswith('"ui.')]
    while body and not body[-1].strip():
        body.pop()
    body[-1] = body[-1].rstrip(",") + ","
    block = [""] + [
        f"  {json.dumps('ui.' + k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in table.items()
    ]
    block[-1] = block[-1].rstrip(",")
    text = "\n".join(["{", *body, *block, "}"]) + "\n"
    json.loads(text)
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(
        prog="python -m game.ui.tools.sync_ui_texts",
        description="Rewrite the ui.* keys of the message catalogues from the game screen's English texts.",
    ).parse_args(argv)
    old_en = json.loads((CATALOGUE_DIR / "en.json").read_text(encoding="utf-8"))
    changed = {k for k, v in ENGLISH.items() if old_en.get("ui." + k) != v}
    rewrite("en", dict(ENGLISH))
    todo = 0
    for lang in LANGUAGES:
        if lang == "en":
            continue
        cat = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8"))
        kept = {k: cat["ui." + k] for k in ENGLISH if "ui." + k in cat}
        rewrite(lang, kept)
        for key in ENGLISH:
            if key not in kept or key in changed:
                todo += 1
                print(f"{lang}: translate ui.{key}: {ENGLISH[key]!r}")
    print(f"{todo} translation(s) to do")
    return 0


if __name__ == "__main__":
    sys.exit(main())
