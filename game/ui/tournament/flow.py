"""Starting a tournament match here: its set-up from the tournament's house rules, and the screen
that plays it (any other game on the stack is closed; the organiser chose this match).

A match cut off here (a power cut, ``kill -9``) is continued, not started again: on a cabinet the
saved match comes back by itself at the start, but an organiser's laptop (``--start tournament``)
opens the draw, and "Play it here" used to delete the save and start the match from 0-0 with fresh
banks. Now the draw offers "Continue it here" for that match, and it goes on with its score, dice
and clock."""

from __future__ import annotations

import hashlib

from game.session import persist
from game.session.controller import GameSetup
from game.session.kiosk import Mode
from game.session.modes import GameMode
from game.tournament import TMatch, Tournament
from game.ui.listeners import abandon_games
from game.ui.scene import Host
from game.ui.scenes.game import GameScene


def drop_games(app: Host) -> None:
    """Close the computer's worker of every game on the stack (the stack is about to be replaced)."""
    for scene in app.scenes.scenes:
        scene.dropped()


def match_secret(seed: int | None, m: TMatch) -> str | None:
    """The dice secret of match ``m`` when the run has a seed (``--seed``: tests, a rehearsal), else
    None (a fresh secret from the operating system, as for every match a person plays).

    Why a secret and not the seed's dice: seeded dice come from a generator whose state no save keeps,
    so a match resumed after a crash went on with other dice than it would have had; a secret's rolls
    depend only on their place in the match, which the autosave keeps. And one seed for all gave every
    match of the tournament the same dice. A secret made from a seed is as guessable as the seed: it is
    for rehearsals, never for a real event."""
    if seed is None:
        return None
    return hashlib.sha256(f"tournament:{seed}:{m.id}".encode()).hexdigest()[:32]


def match_setup(app: Host, tournament: Tournament, m: TMatch) -> GameSetup:
    """A two-player match for tournament match ``m``, with the tournament's house rules."""
    a, b = (tournament.players[p].name if p is not None else "?" for p in m.players)
    return GameSetup(
        mode=GameMode.TWO,
        match_length=m.length,
        seed=app.seed,
        secret=match_secret(app.seed, m),
        level=app.settings.level,
        hand_dice=app.settings.hand_dice,
        clock=app.desk.clock(),
        names=(a, b),
        tournament=m.id,
        aids=app.desk.aids(),
        shared_dice=True,  # each player types a few digits of their own before the first roll
    )


def cut_off(app: Host, tournament: Tournament, m: TMatch) -> persist.SavedGame | None:
    """The autosave when it is match ``m`` of ``t`` cut off here (its id and both names agree: ids
    repeat from one tournament to the next), else None."""
    if not m.ready:
        return None
    saved = persist.load_game(app.data_dir)
    terms = saved.terms if saved is not None else None
    if saved is None or terms is None or terms.get("tournament") != m.id:
        return None
    names = [tournament.players[p].name if p is not None else "?" for p in m.players]
    return saved if terms.get("names") == names else None


def play_here(app: Host, tournament: Tournament, m: TMatch) -> GameScene:
    """Start match ``m`` on this screen, or continue it when it was cut off here (the save of any
    other game goes: the organiser chose this)."""
    saved = cut_off(app, tournament, m)
    if saved is not None:
        app.saved = saved
        app.continue_saved()
        top = app.scenes.top
        if isinstance(top, GameScene):
            _quiet_kiosk(app)
            return top
    abandon_games(app)  # a game left behind: its dice secret into its record (issue 37)
    drop_games(app)
    persist.clear_game(app.data_dir)
    app.saved = None
    _quiet_kiosk(app)
    scene = GameScene(app, match_setup(app, tournament, m))
    app.scenes.reset(scene)
    return scene


def _quiet_kiosk(app: Host) -> None:
    if app.kiosk is not None:
        app.kiosk.mode = Mode.ACTIVE
        app.kiosk.idle = 0.0


__all__ = ["cut_off", "drop_games", "match_secret", "match_setup", "play_here"]
