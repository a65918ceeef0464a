"""A fake speech engine and an empty spot on the screen, for the spoken-mode tests."""

from __future__ import annotations

FAKE = """
import json, sys, time
log, args = sys.argv[1], sys.argv[2:]
text = sys.stdin.read()
with open(log, "a", encoding="utf-8") as out:
    said = {"voice": args[args.index("-v") + 1], "stdin": "--stdin" in args, "text": text}
    out.write(json.dumps(said) + "\\n")
if "slowly" in text:
    time.sleep(5)
"""


EMPTY = (640, 705)
