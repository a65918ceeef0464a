"""The one place the tournament reaches the message catalogues (every word a player sees is there)."""

from __future__ import annotations

from datetime import UTC, datetime

from game.i18n import translate, translate_n

from .model import Change, Result, TMatch, Tournament, TournamentError

KNOWN_BY = ("operator", "cabinet", "director")
"""Who the log names in the catalogue's words; any other name (a board's) is shown as it is."""


def call_text(tournament: Tournament, m: TMatch, lang: str | None = None) -> str:
    """What the caller reads out for a ready match: "Anna v Ben, 5 points"."""
    a, b = (
        tournament.players[p].name if p is not None else translate(lang or tournament.lang, "tourney.to_come")
        for p in m.players
    )
    return translate_n(lang or tournament.lang, "tourney.call", m.length, a=a, b=b, points=m.length)


def result_text(tournament: Tournament, match_id: str | None, result: Result | None) -> str:
    """A logged result in a line: "Anna 5–3 Ben" (the winner first), "-" for none."""
    if result is None or result.winner is None:
        return "-"
    try:
        m = tournament.match(match_id or "")
    except TournamentError:
        return "-"
    winner = result.winner
    loser = m.opponent(winner)
    name = tournament.players[winner].name if 0 <= winner < len(tournament.players) else "?"
    other = tournament.players[loser].name if loser is not None else "?"
    if result.score is None:
        return name
    mine, theirs = result.score if m.players[0] == winner else (result.score[1], result.score[0])
    return f"{name} {mine}–{theirs} {other}"


def local_time(at: str) -> str:
    """A logged time (UTC) as the cabinet's clock shows it: "18:42"; as it is if it is not a time."""
    try:
        moment = datetime.strptime(at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return at
    return moment.astimezone().strftime("%H:%M")


def change_text(tournament: Tournament, change: Change, lang: str | None = None) -> str:
    """One line of the log, for the screen and the export: "06:12 organiser: R1-1 corrected, ..."."""
    lang = lang or tournament.lang
    at = local_time(change.at)
    by = translate(lang, f"tourney.by.{change.by}") if change.by in KNOWN_BY else change.by
    name = (
        tournament.players[change.player].name
        if change.player is not None and 0 <= change.player < len(tournament.players)
        else ""
    )
    return translate(
        lang,
        f"tourney.change.{change.kind.value}",
        at=at,
        by=by,
        match=change.match or "",
        name=name,
        before=result_text(tournament, change.match, change.before),
        after=result_text(tournament, change.match, change.after),
    )


def error_text(error: TournamentError, lang: str) -> str:
    """A refused request in the operator's language."""
    return translate(lang, error.key, **error.params)


__all__ = ["call_text", "change_text", "error_text", "result_text", "translate", "translate_n"]
