"""Where the game's assets are, wherever the game was installed from.

Why one resolver: the assets (images, sounds, fonts, message catalogues, the evaluator's weights, the
bear-off table) live in the repository's top-level ``assets/`` folder, and the packaging puts the same
folder inside the installed package as ``game/assets`` (``pyproject.toml`` maps it), so that
``pip install .`` and ``pipx install`` give a game that runs from any folder. A source checkout and an
editable install find the top-level folder; a wheel finds its own copy. Every module asks here, so
a move of the folder is one line to change.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent

ASSETS: Path = _HERE / "assets" if (_HERE / "assets").is_dir() else _HERE.parent / "assets"
"""The folder holding ``images/``, ``sounds/``, ``fonts/``, ``i18n/``, ``weights/`` and ``bearoff/``."""


def asset(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return ASSETS.joinpath(*parts)
