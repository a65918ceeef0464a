"""The one packaging setting pyproject.toml cannot say: the package list.

Why: ``game.assets`` (the top-level ``assets/`` folder, mapped in pyproject.toml) is not a folder under
``game/``, so ``packages.find`` cannot find it, and an explicit list would have to name every package
and forget the next one. Its subfolders are listed too (setuptools warns about data in a folder that
is not a listed package), all but the training checkpoints, which the wheel leaves out. The development
tools (``game.tools``, ``game.ui.tools``) and the test oracles (``game.testing``) stay in the checkout:
they are run from it (``python -m game.tools.NAME``) and nothing a player runs imports them.
Everything else is in pyproject.toml.
"""

from setuptools import find_namespace_packages, find_packages, setup

ASSETS = find_namespace_packages(where="assets", exclude=["weights.training", "weights.training.*"])
CHECKOUT_ONLY = [
    "game.tools",
    "game.tools.*",
    "game.ui.tools",
    "game.ui.tools.*",
    "game.testing",
    "game.testing.*",
]

setup(
    packages=[
        *find_packages(include=["game", "game.*"], exclude=CHECKOUT_ONLY),
        "game.assets",
        *(f"game.assets.{p}" for p in ASSETS),
    ]
)
