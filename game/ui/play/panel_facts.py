"""The side panel's facts that follow from the game's state: whose turn, the score shown, the last
play in words; and :func:`state_facts`, those remembered for the state (the panel's key is computed
every drawn frame)."""

from __future__ import annotations

from game.engine.flow import Phase
from game.i18n import catalogue, get_language, tr, tr_message
from game.ui.play.host import GameHost
from game.ui.play.turn_words import passed_text
from game.ui.reading import play_text


def last_play(t: GameHost) -> str:
    """The previous turn's play in players' notation, written in the numbers of the board's labels
    (:mod:`game.ui.reading`): the computer's "17/11*" reads "8/14*" under the human's labels."""
    s = t.game.state
    if s.last_player is None or not s.last_play:
        return ""
    return play_text(s.last_play, s.last_player, t.game.perspective)


def last_text(t: GameHost) -> str:
    """The previous turn in players' notation ("Last: Black 13/7 8/7"), for the side panel; a turn
    that could not move says so ("Last: Computer could not move")."""
    s = t.game.state
    if s.last_player is None:
        return ""
    if not s.last_play:
        return passed_text(t.game, s.last_player)
    return tr("ui.last_play", name=tr_message(t.game.name(s.last_player)), play=last_play(t))


def active(t: GameHost) -> int | None:
    s = t.game.state
    if s.phase is Phase.CUBE_OFFERED:
        return 1 - s.turn
    return s.turn if s.phase in (Phase.ROLL, Phase.MOVING) else None


def shown_score(t: GameHost) -> tuple[int, int]:
    s = t.game.state
    return t.game.match.score if s.phase is Phase.GAME_OVER else s.score


_REMEMBERED: list[tuple[tuple[object, ...], tuple[object, ...]]] = []
"""The last :func:`state_facts`: what they were computed from, and they."""


def state_facts(t: GameHost) -> tuple[object, ...]:
    """The panel's facts that follow from the game's state, the board's perspective, the game's setup
    and the language's catalogue alone, remembered for those.

    Why: the panel's facts are part of the layer's key, computed every drawn frame: 98 us a frame in
    the 4K demo under Xvfb (cold caches), and these were 22 of its 28 us warm (the last play written
    out, the pip counts).
    The state is a frozen :class:`~game.engine.flow.GameState`, replaced on every change, so being the
    same object means the same facts; compared by identity, as a new state may equal an old one.
    """
    game = t.game
    s = game.state
    given = (s, game.perspective, game.setup, catalogue(get_language()))  # a reloaded catalogue is new
    if _REMEMBERED:
        was, remembered = _REMEMBERED[0]
        if all(a is b for a, b in zip(was, given, strict=True)):
            return remembered
    now = (
        s.board_for(0).pips(),
        active(t),
        s.rules.match_length,
        s.crawford,
        last_text(t),
        tr_message(game.name(0)),
        tr_message(game.name(1)),
        tr("ui.computer_level", level=""),  # the language (the level's name is looked up when painting)
        s.phase is Phase.CUBE_OFFERED,
        (s.cube.value, s.cube.owner),
    )
    _REMEMBERED[:] = [(given, now)]
    return now


__all__ = ["active", "last_play", "last_text", "shown_score", "state_facts"]
