"""The one packaging setting pyproject.toml cannot say: the package list.

Why: ``game.assets`` (the top-level ``assets/`` folder, mapped in pyproject.toml) is not a folder under
``game/``, so ``packages.find`` cannot find it, and an explicit list would have to name every package
and forget the next one. Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["game", "game.*"]), "game.assets"])
