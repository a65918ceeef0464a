"""Where the checkout is, for tests and helpers that read its files or start its programs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
