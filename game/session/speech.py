"""The spoken mode's voice: an offline speech program (espeak-ng) run once per sentence.

Why a program and not a library: espeak-ng is in Debian and on Raspberry Pi OS, speaks English,
Finnish and Hungarian offline, and needs no binding the game would have to depend on. The game
never waits for it: a sentence is handed over on the program's standard input and the fixed-step
loop calls :meth:`Speaker.poll`, which starts the next sentence when the last one has ended.

What waits and what cuts in: what happens in the game (a roll, a play, a double, the result) is
queued and said in order; what the player is pointing at (the board cursor, the focused button)
cuts in, stopping the sentence being said and dropping the queue, as a screen reader does: the
player wants to hear where they are now, not where they were. A sentence said ``whole`` (how to go on,
just after the spoken mode is turned on) is the exception: nothing cuts it off, and what cuts in
waits until it has ended, so that a focused button is heard after the instructions, not over them.

When the program is missing (or fails to start), :attr:`Speaker.available` is False: the settings
screen says so, and everything else goes on silent. No pygame here (the session layer).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from collections import deque
from collections.abc import Callable, Sequence

log = logging.getLogger(__name__)

PROGRAM = "espeak-ng"
VOICES = {"en": "en", "fi": "fi", "hu": "hu"}
"""espeak-ng's voice for each language of the game."""
RATE = 160
"""Words a minute: a little slower than espeak-ng's 175, for players new to the game's words."""
QUEUE = 6
"""Sentences kept waiting at most; older ones are dropped (the game has moved on)."""


class Speaker:
    """Says sentences through a speech program, one at a time, without blocking the game.

    ``program``: the command (a list: the program and its first arguments); the voice, the rate
    and ``--stdin`` are added, and the sentence is written to its standard input. A test passes a
    fake program that writes down what it was given. ``which`` finds a program on the path.
    """

    def __init__(
        self,
        program: Sequence[str] | None = None,
        which: Callable[[str], str | None] = shutil.which,
    ) -> None:
        command = list(program) if program is not None else [PROGRAM]
        found = which(command[0]) if command else None
        self.command = [found, *command[1:]] if found else command
        self.available = found is not None
        """The program is there (the settings screen says when it is not)."""
        self.enabled = False
        """The spoken mode is on (a setting)."""
        self.language = "en"
        self.queue: deque[tuple[str, str, bool]] = deque()
        """Waiting sentences: (text, language, whole)."""
        self.process: subprocess.Popen[bytes] | None = None
        self.whole = False
        """The sentence being said must be heard whole (see :meth:`say`)."""
        self.said: list[str] = []
        """Every sentence handed to the program, in order (for the tests and the log)."""
        if not self.available:
            log.info("speech: %s was not found; the spoken mode stays silent", command[0] if command else "?")

    def configure(self, enabled: bool, language: str) -> None:
        """Turn the spoken mode on or off and set its language (the settings changed)."""
        if not enabled and self.enabled:
            self.stop()
        self.enabled = enabled
        self.language = language if language in VOICES else "en"

    @property
    def speaking(self) -> bool:
        return bool(self.queue) or (self.process is not None and self.process.poll() is None)

    def say(self, text: str, interrupt: bool = False, whole: bool = False) -> None:
        """Say ``text`` after what is queued, or (``interrupt``) now, cutting off what is being said and
        dropping what waits, except a sentence said ``whole``: that one is never cut off, and ``text``
        follows it. At most :data:`QUEUE` sentences wait; the oldest that need not be whole go first."""
        text = " ".join(text.split())
        if not (self.enabled and self.available and text):
            return
        if interrupt:
            self.cut_in()
        self.queue.append((text, self.language, whole))
        while len(self.queue) > QUEUE:
            oldest = next((s for s in self.queue if not s[2]), self.queue[0])
            self.queue.remove(oldest)
        self.poll()

    def cut_in(self) -> None:
        """Make way for a sentence that cuts in: the waiting sentences are dropped and the one being
        said is cut off, all but those said whole."""
        self.queue = deque(s for s in self.queue if s[2])
        if not self.whole:
            self._halt()

    def poll(self) -> None:
        """Start the next sentence when the program has finished the last one (called every step)."""
        if self.process is not None:
            if self.process.poll() is None:
                return
            if (self.process.returncode or 0) > 0:
                log.warning("speech: %s ended with status %s", self.command[0], self.process.returncode)
            self.process = None
            self.whole = False
        if self.queue:
            self._start(*self.queue.popleft())

    def _start(self, text: str, language: str, whole: bool = False) -> None:
        argv = [*self.command, "-v", VOICES.get(language, "en"), "-s", str(RATE), "--stdin"]
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            assert self.process.stdin is not None
            self.process.stdin.write(text.encode("utf-8"))
            self.process.stdin.close()
            self.whole = whole
        except OSError as exc:
            log.warning("speech: %s could not be started (%s); the spoken mode goes silent", argv[0], exc)
            self.available = False
            self.process = None
            self.queue.clear()
            return
        self.said.append(text)

    def stop(self) -> None:
        """Silence at once: the sentence being said is cut off and the waiting ones dropped (a whole
        one too: the spoken mode is turned off, or the game ends)."""
        self.queue.clear()
        self._halt()

    def _halt(self) -> None:
        """Cut off the sentence being said."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process = None
        self.whole = False

    def wait(self, timeout: float = 30.0) -> None:
        """Block until everything queued has been said (tools and tests; the game never waits)."""
        while True:
            if self.process is not None:
                try:
                    self.process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    self.stop()
                    return
            self.poll()
            if self.process is None and not self.queue:
                return

    def close(self) -> None:
        self.stop()


def write_wav(text: str, path: str, language: str = "en", program: str = PROGRAM) -> bool:
    """Say ``text`` into a WAV file (espeak-ng's ``-w``), to show the voice works without a speaker.
    False (logged) when the program is missing or fails."""
    found = shutil.which(program)
    if found is None:
        log.warning("speech: %s was not found", program)
        return False
    argv = [found, "-v", VOICES.get(language, "en"), "-s", str(RATE), "-w", path, "--stdin"]
    try:
        done = subprocess.run(argv, input=text.encode("utf-8"), capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("speech: %s failed: %s", program, exc)
        return False
    return done.returncode == 0


__all__ = ["PROGRAM", "RATE", "VOICES", "Speaker", "write_wav"]
