"""The spoken mode on screen: says what the keyboard or controller has just moved to.

Why it polls: the board cursor and the buttons' focus move in many places (every scene has its
buttons); reading the top scene once a fixed step, and speaking only when what is pointed at has
changed, needs no hook in any of them. What the game does (rolls, plays, the cube, the result) is
said by :class:`game.session.narration.Narrator` from the event stream instead.

A new focus cuts off whatever is being said (the player wants to hear where they are now), except
a sentence said whole (how to go on, as the spoken mode comes on): the focus is said after it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import tr
from game.session.narration import describe_point
from game.session.speech import Speaker
from game.ui.scene import Scene
from game.ui.scenes.game import GameScene
from game.ui.widgets import Button, ButtonGroup

GROUPS = ("modal", "buttons")
"""A scene's button groups, the dialog's first (a dialog over the board takes the focus)."""


def button_words(button: Button) -> str:
    """A button's words: its label and the line under it ("TAKE. Play on for 2 points")."""
    label = " ".join(button.label.split())
    return f"{label}. {button.sub}" if button.sub else label


class Reader:
    """Speaks the focused button, or what stands where the board cursor is, when it changes."""

    def __init__(self, speaker: Callable[[], Speaker]) -> None:
        self.speaker = speaker
        self.last: object = None
        self.picked: int | None = None
        """The checker the cursor had picked up when last read (picking one up is said once)."""

    def poll(self, scene: Scene | None) -> None:
        """Say what is pointed at if it changed; then let the speaker start its next sentence."""
        speaker = self.speaker()
        if not speaker.enabled or scene is None:
            self.last = None
        else:
            found = self.pointed(scene)
            key = found[0] if found is not None else None
            if key != self.last:
                self.last = key
                if found is not None:
                    speaker.say(found[1], interrupt=True)
        speaker.poll()

    def pointed(self, scene: Scene) -> tuple[object, str] | None:
        """(what is pointed at, its words), or None when the keyboard points at nothing."""
        if isinstance(scene, GameScene):
            cursor = self.cursor(scene)
            if cursor is not None:
                return cursor
        for name in GROUPS:
            group = getattr(scene, name, None)
            if not isinstance(group, ButtonGroup):
                continue
            button = group.focused()
            if button is None:
                continue
            assert group.focus is not None
            describe = getattr(scene, "describe", None)
            words = describe(group.focus) if callable(describe) else button_words(button)
            return (id(scene), name, group.focus, words), str(words)
        return None

    def cursor(self, scene: GameScene) -> tuple[object, str] | None:
        """The board cursor's point, said from the mover's side; with the checker just picked up."""
        cursor, hands = scene.cursor, scene.hands
        if not cursor.engaged or cursor.point is None or not cursor.active():
            return None
        state = scene.state
        words = describe_point(state, state.turn, cursor.point)
        if hands.selected is not None and hands.selected != self.picked:
            if hands.selected == 25:
                picked = tr("speech.picked_bar")
            else:
                picked = tr("speech.picked", n=hands.selected)
            words = f"{picked} {words}"
        self.picked = hands.selected
        return (id(scene), "cursor", hands.selected, cursor.point, state.moves), words


__all__ = ["Reader", "button_words"]
