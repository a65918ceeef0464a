"""Tiny real file systems for the tests of failures: a full disk, a read-only folder, a USB stick.

Mounted as tmpfs when the tests run as root and may mount (a container with CAP_SYS_ADMIN, a CI
runner); otherwise :func:`tmpfs` yields False and the test simulates the failure instead."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path


def can_mount() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and Path("/bin/mount").exists()


@contextlib.contextmanager
def tmpfs(where: Path, size: str = "64k", read_only: bool = False) -> Iterator[bool]:
    """A tmpfs of ``size`` at ``where`` (made first), read-only if asked; False when none could be
    mounted (not root, no permission). Unmounted afterwards."""
    where.mkdir(parents=True, exist_ok=True)
    if not can_mount():
        yield False
        return
    options = f"size={size},mode=0755" + (",ro" if read_only else "")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        yield False
        return
    try:
        yield True
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(folder: Path) -> None:
    """Fill the file system of ``folder`` to the last byte."""
    with contextlib.suppress(OSError), open(folder / "filler", "wb") as out:
        while True:
            out.write(b"\0" * 4096)
            out.flush()
            os.fsync(out.fileno())
