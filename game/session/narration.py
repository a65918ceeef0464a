"""The spoken mode's words: what happens in a game, and what stands on a point, as sentences.

:class:`Narrator` listens on the game's event stream (``game.session.events``) like autosave and sound
do, and hands a sentence per event to the speaker: the rolls, the plays, whose turn it is, the cube's
actions and the result. :func:`describe_point` is what the board cursor says ("your 6-point, five
checkers"). The demo (computer against computer, all day on a cabinet) is never spoken.

Why sentences of their own rather than the screen's lines: the screen writes plays as notation
("13/7 8/7", "bar/22*"), which a speech program reads as "thirteen slash seven"; spoken, a play is
"from 13 to 7 and from 8 to 7, a hit". Points are named in the mover's own numbers, as the screen's
notation and the cursor do. No pygame here (the session layer); the words are in the catalogues
(``speech.*``), in English, Finnish and Hungarian.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.flow import GameState, Phase
from game.engine.moves import Move
from game.engine.scoring import WinKind
from game.i18n import tr, tr_n
from game.session import events as ev
from game.session.modes import GameMode
from game.session.speech import Speaker

KINDS = {
    WinKind.SINGLE: "speech.kind.single",
    WinKind.GAMMON: "speech.kind.gammon",
    WinKind.BACKGAMMON: "speech.kind.backgammon",
}


def name(game: ev.GameView, player: int) -> str:
    """How the spoken mode names a player: "you" and "the computer" against it, else the colours."""
    if game.mode == GameMode.COMPUTER:
        return tr("speech.computer") if player != game.human else tr("speech.you")
    return tr("speech.white") if player == 0 else tr("speech.black")


def said_by(game: ev.GameView, key: str, player: int, **kw: object) -> str:
    """A sentence about ``player``: its ``_you`` form for the human against the computer."""
    if game.mode == GameMode.COMPUTER and player == game.human:
        return tr(key + "_you", **kw)
    return tr(key, name=name(game, player), **kw)


def spoken_move(move: Move) -> str:
    """One move in words: "from 13 to 7", "from the bar to 20", "off from 3"; ", a hit" after a hit."""
    if move.src == 25:
        text = tr("speech.move_enter", dst=move.dst)
    elif move.dst == 0:
        text = tr("speech.move_off", src=move.src)
    else:
        text = tr("speech.move", src=move.src, dst=move.dst)
    return tr("speech.hit", move=text) if move.hit else text


def spoken_play(moves: tuple[Move, ...]) -> str:
    """A whole play: "from 8 to 5, then from 6 to 5"."""
    words = [spoken_move(m) for m in moves]
    text = words[-1] if words else ""
    for first in reversed(words[:-1]):
        text = tr("speech.and", first=first, rest=text)
    return text


def describe_point(state: GameState, player: int, point: int) -> str:
    """What stands on ``player``'s ``point`` (25 the bar, 0 off the board), in ``player``'s numbers:
    "your 6-point, five checkers", "your 20-point, one opposing checker", "your 7-point, empty"."""
    pos = state.position if state.turn == player else state.position.flip()
    if point == 0:
        return tr("speech.off_board")
    if point == 25:
        n = pos.me[24]
        return tr("speech.bar", count=tr_n("speech.own", n, n=n))
    own, theirs = pos.me[point - 1], pos.opponent_on(point)
    if own:
        count = tr_n("speech.own", own, n=own)
    elif theirs:
        count = tr_n("speech.opposing", theirs, n=theirs)
    else:
        count = tr("speech.empty")
    return tr("speech.point", n=point, count=count)


class Narrator:
    """Says each event of a game (not of the demo) through the speaker the App has now."""

    def __init__(self, speaker: Callable[[], Speaker]) -> None:
        self.speaker = speaker

    def __call__(self, event: ev.GameEvent) -> None:
        if event.game.mode == GameMode.DEMO or not self.speaker().enabled:
            return
        for sentence in self.sentences(event):
            self.speaker().say(sentence)

    def sentences(self, event: ev.GameEvent) -> list[str]:
        """What to say for ``event`` (nothing for the events the screen times, such as sounds)."""
        game = event.game
        state = game.state
        if isinstance(event, ev.GameStarted):
            return [tr("speech.new_game")]
        if isinstance(event, ev.DiceRolled):
            a, b = event.dice
            if event.player is None:
                out = [tr("speech.opening", white=name(game, 0), black=name(game, 1), a=a, b=b)]
                if state.phase is Phase.OPENING:
                    out.append(tr("speech.opening_tie"))
                else:
                    out.append(said_by(game, "speech.starts", state.turn))
                return out
            out = [said_by(game, "speech.rolled", event.player, a=a, b=b)]
            if state.phase is Phase.MOVING and state.turn_state().most == 0:
                out.append(said_by(game, "speech.no_play", event.player))
            return out
        if isinstance(event, ev.PlayMade):
            out = []
            if event.moves:
                out.append(said_by(game, "speech.played", event.player, moves=spoken_play(event.moves)))
            if state.phase is not Phase.GAME_OVER:
                out.append(said_by(game, "speech.turn", state.turn))
            return out
        if isinstance(event, ev.CubeOffered):
            return [said_by(game, "speech.doubles", event.player, value=event.cube.value * 2)]
        if isinstance(event, ev.CubeTaken):
            return [said_by(game, "speech.takes", event.player)]
        if isinstance(event, ev.CubePassed):
            return [said_by(game, "speech.passes", event.player)]
        if isinstance(event, ev.GameOver):
            result = event.result
            points = tr_n("speech.points", result.points, n=result.points)
            kind = tr("speech.kind.pass") if result.passed else tr(KINDS[result.kind])
            return [said_by(game, "speech.wins", result.winner, kind=kind, points=points)]
        if isinstance(event, ev.MatchOver):
            return [said_by(game, "speech.match_won", event.winner)]
        return []


__all__ = ["Narrator", "describe_point", "name", "said_by", "spoken_move", "spoken_play"]
