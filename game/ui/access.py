"""The accessibility settings made current on screen (the board set, larger text) and a cabinet
visitor's own choices of them; and the hold that turns the spoken mode on without seeing the screen.

Why a module of its own: these settings reach several parts that know nothing of each other (the
sprites, the text cache, the animations); :func:`apply` is the one place the App calls when the
settings change, and it says whether anything on screen must be drawn again.

Why a hold (:class:`SpeechHold`): a visitor who cannot see the screen could not find the spoken mode,
two screens deep behind buttons that say nothing. Pressing anywhere on the screen and holding still for
:data:`HOLD_SECONDS`, on the title or on a cabinet's demo (the first screens anyone meets), turns it on
and says how to go on; the same hold turns it off. A hand that rests there by chance lifts long before;
the operator's corner hold (3 s) opens its keypad first, and the hold then counts for nothing. The
cabinet's card says it (README, "The cabinet card").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.i18n import tr
from game.session import settings as st
from game.session.speech import Speaker
from game.ui.board.looks import look
from game.ui.board.sprites import Sprites
from game.ui.kiosk.attract import AttractScene
from game.ui.scene import Host
from game.ui.scenes.title import TitleScene
from game.ui.text import CACHE, LARGE_SCALE


def apply(settings: st.Settings, sprites: Sprites, speech: Speaker) -> bool:
    """Make the board set, the text size and the spoken mode of ``settings`` current; True when the
    board set or the text size changed (what is on screen must be drawn again)."""
    speech.configure(settings.speech, settings.language)
    changed = False
    chosen = look(settings.board_set)
    if sprites.look is not chosen:
        sprites.look = chosen
        changed = True
    if CACHE.set_scale(LARGE_SCALE if settings.large_text else 1.0):
        changed = True
    return changed


def with_access_of(settings: st.Settings, source: st.Settings) -> st.Settings:
    """``settings`` with the accessibility settings of ``source`` (the rest kept): on a cabinet, what
    to save while a visitor's choices are current (the operator's), and what to put back when the
    visitor has gone."""
    return dataclasses.replace(settings, **{name: getattr(source, name) for name in st.ACCESS_FIELDS})


HOLD_SECONDS = 4.0
"""How long a press anywhere must stay to turn the spoken mode on or off."""
HOLD_SLACK = 60
"""How far (logical pixels) a held finger may wander and still be the same hold."""


class SpeechHold:
    """Counts a press held still on the screens where it works; at :data:`HOLD_SECONDS`, turns the
    spoken mode over. ``where``: whether the screen on top takes the hold (the title, the demo);
    ``turn``: turns the spoken mode over (the App: for the visit on a cabinet, else saved)."""

    def __init__(self, where: Callable[[], bool], turn: Callable[[], None]) -> None:
        self.where = where
        self.turn = turn
        self.held: float | None = None
        """Seconds the press has been held (None: no press, or it has fired or wandered)."""
        self.at = (0, 0)

    @property
    def busy(self) -> bool:
        """A hold is being counted: the loop must keep stepping (it sleeps without input)."""
        return self.held is not None

    def event(self, event: pygame.event.Event) -> None:
        """See every raw pointer event (before a cabinet's filter, which swallows the demo's first
        touch: the hold goes on into the title it wakes)."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.held, self.at = 0.0, (int(event.pos[0]), int(event.pos[1]))
        elif event.type == pygame.MOUSEBUTTONUP:
            self.held = None
        elif event.type == pygame.MOUSEMOTION and self.held is not None:
            dx, dy = event.pos[0] - self.at[0], event.pos[1] - self.at[1]
            if dx * dx + dy * dy > HOLD_SLACK * HOLD_SLACK:
                self.held = None

    def tick(self, dt: float) -> bool:
        """Count one fixed step; True when the hold has just turned the spoken mode over."""
        if self.held is None:
            return False
        if not self.where():
            self.held = None  # another screen came up under the finger (the operator's keypad)
            return False
        self.held += dt
        if self.held < HOLD_SECONDS:
            return False
        self.held = None
        self.turn()
        return True


def turn_speech(settings: st.Settings, speech: Speaker) -> st.Settings:
    """``settings`` with the spoken mode turned over; turned on, what to do next is said at once, and
    whole: a button that already has the keyboard's focus is read after it, not over it (the reader
    cuts in on every new focus, and the first focus is "new" the moment the mode is on)."""
    on = not settings.speech
    speech.configure(on, settings.language)
    if on:
        speech.say(tr("access.speech_held_on"), interrupt=True, whole=True)
    return st.with_value(settings, "speech", on)


def speech_hold(app: Host) -> SpeechHold:
    """The App's hold: on the title and the demo; on a cabinet the spoken mode is the visitor's, for
    the visit (the operator's settings come back with the demo), elsewhere it is saved."""

    def where() -> bool:
        return isinstance(app.scenes.top, (TitleScene, AttractScene))

    def turn() -> None:
        if app.kiosk is not None and app.visit_settings is None:
            app.visit_settings = app.settings  # what the operator set, back after the visit
        app.apply_settings(turn_speech(app.settings, app.speech), save=app.kiosk is None)
        app.input.cancel()  # the finger lifting now must not press the button under it

    return SpeechHold(where, turn)


__all__ = ["HOLD_SECONDS", "SpeechHold", "apply", "speech_hold", "turn_speech", "with_access_of"]
