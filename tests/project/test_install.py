"""The game installs like a package: a wheel of this checkout, installed into a new environment, runs
from another folder as the ``backgammon`` command and as ``python -m game``.

Why: the assets once lived beside the package, found by a relative path, so only an editable install
in a checkout worked. Here the wheel is built from a copy of the checkout (a build writes ``build/``
and ``*.egg-info`` into its source folder) with the setuptools of this interpreter, without build
isolation, so no network is needed; the new environment gets pygame-ce from this interpreter (links in a
folder named by a ``.pth`` file) instead of from a package index.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.helpers.paths import ROOT

# What a wheel is built from: the packaging files, the package and the assets it maps in.
SOURCES = ("pyproject.toml", "setup.py", "README.md", "game", "assets")
TRAINING = Path("weights") / "training"
# Run from the checkout only (setup.py): the development tools and the test oracles.
CHECKOUT_ONLY = ("game/tools/", "game/ui/tools/", "game/testing/")


def _setuptools_can_build() -> bool:
    """setuptools 77 or later: pyproject.toml's ``license`` string needs it (and it builds wheels itself)."""
    try:
        return int(importlib.metadata.version("setuptools").split(".")[0]) >= 77
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return False


# Nothing from the checkout may be seen: with it on PYTHONPATH, pip would take its ``*.egg-info`` (an
# editable install's) for the package already installed, and the game would run from the checkout.
CLEAN = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def _run(args: list[str | Path], cwd: Path, env: dict[str, str] = CLEAN) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def _build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    _run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", wheels, source], tmp_path)
    (wheel,) = wheels.glob("*.whl")
    return wheel


def _check_contents(wheel: Path) -> None:
    """Every module of ``game`` and every asset the game reads is in the wheel; the training checkpoints
    (for resuming training from a checkout), the development tools and the test oracles are not."""
    names = set(zipfile.ZipFile(wheel).namelist())
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    modules = {m for m in every if not m.startswith(CHECKOUT_ONLY)}
    assert every - modules, "no development tools found to leave out"
    assert [n for n in names if n.startswith(CHECKOUT_ONLY)] == []
    assets_dir = ROOT / "assets"
    assets = {p.relative_to(assets_dir) for p in assets_dir.rglob("*") if p.is_file()}
    shipped = {f"game/assets/{a.as_posix()}" for a in assets if TRAINING not in a.parents}
    assert modules - names == set()
    assert shipped - names == set()
    assert shipped, "no assets found to check"
    assert [n for n in names if n.startswith(f"game/assets/{TRAINING.as_posix()}")] == []


def _pygame_alone(folder: Path) -> Path:
    """A folder holding links to this interpreter's pygame-ce and nothing else.

    Not its whole site-packages: that may hold this checkout's own editable install, which pip would
    take for the package already installed (and, told to reinstall, would remove from there).
    """
    folder.mkdir()
    dist = importlib.metadata.distribution("pygame-ce")
    tops = {f.parts[0] for f in dist.files or [] if f.parts[0] != ".."}  # ".." : headers, scripts
    for top in sorted(tops):
        target = Path(str(dist.locate_file(top)))
        if target.exists():
            (folder / top).symlink_to(target, target_is_directory=target.is_dir())
    assert (folder / "pygame").is_dir(), sorted(tops)
    return folder


def _new_environment(tmp_path: Path, wheel: Path) -> tuple[Path, Path]:
    """A new virtual environment with the wheel installed: its python and its scripts folder."""
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    ask = "import sysconfig; print(sysconfig.get_path('purelib')); print(sysconfig.get_path('scripts'))"
    purelib, scripts = (Path(line) for line in _run([python, "-c", ask], tmp_path).splitlines())
    (purelib / "pygame_from_the_test_run.pth").write_text(f"{_pygame_alone(tmp_path / 'pygame')}\n")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", python]
    _run([*pip, "install", "--no-deps", "--no-index", wheel], tmp_path)
    return python, scripts


@pytest.mark.slow  # a wheel build and a new environment: about 30 s
@pytest.mark.skipif(
    not _setuptools_can_build(),
    reason="needs setuptools 77 or later (the test extra has it: pip install -e '.[test]' again)",
)
def test_a_wheel_installed_elsewhere_runs_from_any_folder(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    _check_contents(wheel)
    python, scripts = _new_environment(tmp_path, wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(CLEAN)  # and a folder without the game in it
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BACKGAMMON_DATA_DIR=str(tmp_path / "data"))

    ask = "import game.assets as a; print(a.__file__); print(a.ASSETS)"
    where = _run([python, "-c", ask], elsewhere, env)
    module, assets = (Path(line) for line in where.splitlines())
    assert module.is_relative_to(tmp_path / "venv"), module
    assert assets == module.parent / "assets" and (assets / "i18n" / "en.json").is_file()

    _run([scripts / "backgammon", "--frames", "1", "--screenshot", "shot.png"], elsewhere, env)
    assert _png_size(elsewhere / "shot.png") == (1280, 720)

    assert _run([python, "-m", "game", "--help"], elsewhere, env).startswith("usage: python -m game")
    assert _run([scripts / "backgammon", "--help"], elsewhere, env).startswith("usage: backgammon")
