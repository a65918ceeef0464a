"""The tournament written to a folder (a USB stick): one HTML page, two CSV tables, every recorded match.

- ``NAME.html``: the standings and the whole draw on one self-contained page (styles inline, no
  scripts, no fonts or images from the net), laid out to read on a phone;
- ``NAME-changes.csv``: the log, who changed what and when (results, corrections, withdrawals);
- ``NAME-standings.csv`` and ``NAME-matches.csv``: the same for a spreadsheet (UTF-8 with a byte
  order mark, so a spreadsheet shows Finnish and Hungarian letters right);
- ``NAME-matches/R1-2 Anna v Ben.mat``: each match played and recorded here, in the Jellyfish
  .mat format GNU Backgammon imports, named by its round and players.

File names keep letters, digits, spaces and ``-_.()``: other characters (``/ \\ : * ? " < > |``)
are not allowed on the FAT file systems of USB sticks and become ``_``.
"""

from __future__ import annotations

import csv
import html
import io
import re
import urllib.parse
from pathlib import Path

from .model import Stage, TMatch, Tournament
from .store import write_atomically
from .words import change_text, translate, translate_n

_UNSAFE = re.compile(r"[^\w\-. ()]")


def safe_name(text: str) -> str:
    """``text`` usable as a file name on any USB stick (see the module docstring)."""
    cleaned = _UNSAFE.sub("_", " ".join(text.split())).strip(" .")
    return cleaned[:80] or "tournament"


def _name(tournament: Tournament, p: int | None, lang: str) -> str:
    return translate(lang, "tourney.to_come") if p is None else tournament.players[p].name


def _stages(tournament: Tournament) -> list[Stage]:
    present = {m.stage for m in tournament.matches}
    return [s for s in ("main", "consolation", "swiss") if s in present]


def _round_title(tournament: Tournament, stage: Stage, rnd: int, lang: str) -> str:
    last = max(m.round for m in tournament.matches if m.stage == stage)
    if stage != "swiss" and rnd == last:
        return translate(lang, "tourney.final")
    return translate(lang, "tourney.round", n=rnd)


def _how(m: TMatch, lang: str) -> str:
    return "" if m.how is None else translate(lang, f"tourney.how.{m.how}")


def mat_file_name(tournament: Tournament, m: TMatch) -> str:
    """``R1-2 Anna v Ben.mat``: the match's place in the draw and its players."""
    a, b = (tournament.players[p].name if p is not None else "-" for p in m.players)
    return safe_name(f"{m.id} {a} v {b}") + ".mat"


_STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1em;max-width:60em;line-height:1.4;color:#222}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:1.4em;border-bottom:2px solid #333}h3{margin:1em 0 .3em}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:.3em 0}
th,td{border:1px solid #bbb;padding:.35em .5em;text-align:left}th{background:#eee}
.n{text-align:right}.c{text-align:center}.id,.n,.c{white-space:nowrap;width:1%}
.win{font-weight:bold}.out{color:#888;text-decoration:line-through}
.champion{font-size:1.3em;background:#f4f0d8;padding:.5em;border-radius:.3em}.also{margin:.2em .5em}
"""
"""Why these: a phone 390 pixels wide showed the draw's tables cut off at the right and the match ids
broken over two lines; ids, scores and numbers now keep to one line and take only the room they need,
and the names and the way each result came take the rest."""


DICE_CHECKER = """import hashlib, hmac, re, sys

def dice(key, message):
    found, k = [], 0
    while len(found) < 2:
        m = message if k == 0 else f"{message} #{k}"
        for b in hmac.new(key.encode(), m.encode(), hashlib.sha256).digest():
            if b < 252 and len(found) < 2:
                found.append(b % 6 + 1)
        k += 1
    return found

head = dict(re.findall(r'; \\[(\\w+) "(.*)"\\]', open(sys.argv[1], encoding="utf-8").read()))
secret = head["DiceSecret"]
print("fingerprint", hashlib.sha256(secret.encode()).hexdigest())
p0, p1 = head.get("DiceContributions", ",").split(",")
key = secret if head["Dice"].endswith("v1") else hmac.new(
    secret.encode(), f"players {p0} {p1}".encode(), hashlib.sha256).hexdigest()
print("game 1 opening 1:", dice(key, "game 1 opening 1"))
for r in range(1, 11):
    print(f"game 1 roll {r}:", dice(key, f"game 1 roll {r}"))
"""
"""A checker in a few lines of Python (standard library only), printed on the exported page: it reads a
.mat's header and prints the fingerprint and the first rolls to compare with the file (docs/dice.md)."""


def html_page(tournament: Tournament, lang: str | None = None) -> str:
    """The standings and the draw as one HTML page (see the module docstring)."""
    lang = lang or tournament.lang

    def tr(key: str, **kw: object) -> str:
        return html.escape(translate(lang, key, **kw))

    out = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(tournament.name)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(tournament.name)}</h1>",
    ]
    champion = tournament.winner()
    if champion is not None:
        out.append(f'<p class="champion">{tr("tourney.winner", name=tournament.players[champion].name)}</p>')
    consoled = tournament.winner("consolation") if tournament.format == "elimination" else None
    if consoled is not None:
        name = tournament.players[consoled].name
        out.append(f'<p class="also">{tr("tourney.winner_consolation", name=name)}</p>')
    out.append(f"<h2>{tr('tourney.standings')}</h2>")
    out.append(f"<p>{tr('tourney.tiebreak' if tournament.format == 'swiss' else 'tourney.tiebreak_ko')}</p>")
    heads = ["tourney.col.place", "tourney.col.player", "tourney.col.wins", "tourney.col.losses"]
    heads.append("tourney.col.buchholz")  # a tie-break of both formats
    head = "".join(f"<th{'' if k == 1 else ' class=n'}>{tr(h)}</th>" for k, h in enumerate(heads))
    out.append(f'<div class="scroll"><table><tr>{head}</tr>')
    for s in tournament.standings():
        name = html.escape(s.name) + (f" ({tr('tourney.withdrawn')})" if s.withdrawn else "")
        cells = [str(s.rank), name, str(s.wins), str(s.losses), str(s.buchholz)]
        out.append(
            "<tr>" + "".join(f"<td{' class=n' if k != 1 else ''}>{c}</td>" for k, c in enumerate(cells))
        )
    out.append("</table></div>")
    for stage in _stages(tournament):
        out.append(f"<h2>{tr('tourney.' + stage)}</h2>")
        for rnd in sorted({m.round for m in tournament.matches if m.stage == stage}):
            matches = sorted(
                (m for m in tournament.matches if m.stage == stage and m.round == rnd), key=lambda m: m.slot
            )
            title = _round_title(tournament, stage, rnd, lang)
            length = matches[0].length
            points = translate_n(lang, "tourney.points", length, n=length)
            out.append(f"<h3>{html.escape(title)} · {html.escape(points)}</h3>")
            out.append('<div class="scroll"><table>')
            for m in matches:
                out.append(_match_row(tournament, m, lang))
            out.append("</table></div>")
    if any(m.mat for m in tournament.matches):  # how anyone checks the dice of the records beside this page
        out.append(f"<h2>{tr('tourney.dice_check_title')}</h2>")
        out.append(f"<p>{tr('tourney.dice_check_how')}</p>")  # tr escapes
        out.append(f"<pre>{html.escape(DICE_CHECKER)}</pre>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _match_row(tournament: Tournament, m: TMatch, lang: str) -> str:
    cells = []
    for k, p in enumerate(m.players):
        if p is None and m.known[k]:
            text, cls = "—", ""
        else:
            text = html.escape(_name(tournament, p, lang))
            cls = ' class="win"' if m.done and p is not None and p == m.winner else ""
            if p is not None and tournament.players[p].withdrawn:
                cls = ' class="out"'
        cells.append((text, cls))
    (a, acls), (b, bcls) = cells
    score = "" if m.score is None else f"{m.score[0]} – {m.score[1]}"
    how = html.escape(_how(m, lang))
    if m.mat:  # the record beside the page (export_folder writes it there): a tap opens it
        href = urllib.parse.quote(f"{safe_name(tournament.name)}-matches/{mat_file_name(tournament, m)}")
        how = f'<a href="{href}">{how}</a>'
    return (
        f"<tr><td class=id>{html.escape(m.id)}</td><td{acls}>{a}</td><td class=c>{score}</td>"
        f"<td{bcls}>{b}</td><td>{how}</td></tr>"
    )


def _csv(rows: list[list[object]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return "\ufeff" + buffer.getvalue()


def standings_csv(tournament: Tournament, lang: str | None = None) -> str:
    lang = lang or tournament.lang
    keys = ["place", "player", "wins", "losses", "buchholz"]
    rows: list[list[object]] = [[translate(lang, f"tourney.col.{k}") for k in keys]]
    for s in tournament.standings():
        name = s.name + (f" ({translate(lang, 'tourney.withdrawn')})" if s.withdrawn else "")
        rows.append([s.rank, name, s.wins, s.losses, s.buchholz])
    return _csv(rows)


def matches_csv(tournament: Tournament, lang: str | None = None) -> str:
    lang = lang or tournament.lang
    keys = ["stage", "round", "match", "player1", "player2", "length", "winner", "score1", "score2", "how"]
    rows: list[list[object]] = [[translate(lang, f"tourney.col.{k}") for k in keys]]
    for m in tournament.matches:
        a, b = (
            _name(tournament, p, lang) if p is not None or not m.known[k] else ""
            for k, p in enumerate(m.players)
        )
        rows.append(
            [
                translate(lang, f"tourney.{m.stage}"),
                m.round,
                m.id,
                a,
                b,
                m.length,
                "" if m.winner is None else tournament.players[m.winner].name,
                "" if m.score is None else m.score[0],
                "" if m.score is None else m.score[1],
                _how(m, lang),
            ]
        )
    return _csv(rows)


def changes_csv(tournament: Tournament, lang: str | None = None) -> str:
    """The log (who changed what, when), oldest first: the time in UTC and the line the screen shows."""
    lang = lang or tournament.lang
    rows: list[list[object]] = [[translate(lang, f"tourney.col.{k}") for k in ("when", "change")]]
    rows += [[c.at, change_text(tournament, c, lang)] for c in tournament.log]
    return _csv(rows)


def export_folder(tournament: Tournament, folder: Path, lang: str | None = None) -> list[Path]:
    """Write the page, the tables and the recorded matches into ``folder``; the files written.
    ``OSError`` when the stick is full, read-only or pulled out (files already written stay whole)."""
    base = safe_name(tournament.name)
    files = {
        folder / f"{base}.html": html_page(tournament, lang),
        folder / f"{base}-standings.csv": standings_csv(tournament, lang),
        folder / f"{base}-matches.csv": matches_csv(tournament, lang),
        folder / f"{base}-changes.csv": changes_csv(tournament, lang),
    }
    for m in tournament.matches:
        if m.mat:
            files[folder / f"{base}-matches" / mat_file_name(tournament, m)] = m.mat
    for path, text in files.items():
        write_atomically(path, text)
    return list(files)


__all__ = [
    "changes_csv",
    "export_folder",
    "html_page",
    "mat_file_name",
    "matches_csv",
    "safe_name",
    "standings_csv",
]
