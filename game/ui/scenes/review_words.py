"""The review's and the replay's words: grades, how a game went, plays and cube actions by name,
reasons in words as the reader reads them, and sentences wrapped at plain spaces.

Why apart from the screens: the review's cards and boxes and the replay's panel and top line say the
same things the same way (one grade word, one way to name the better cube action, one way to put a
reason before someone who did not make the decision).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.question import CubeAction, Decision
from game.coach.scale import GRADES, Grade, grade
from game.coach.words import Phrase, render
from game.i18n import get_language, tr, tr_n
from game.ui.reading import play_text, reader_phrases
from game.ui.text import CACHE, READ_SIZE

if TYPE_CHECKING:
    from game.review import Mistake, PlayerReview


NBSP = "\u00a0"
"""A space no line breaks at: between a count and its word ("16 blunders")."""


def wrap_prose(text: str, width: int) -> list[str]:
    """Greedy word wrap of ``text`` to ``width`` at :data:`READ_SIZE`, breaking at plain spaces only (not
    at :data:`NBSP`; a word wider than ``width`` gets a line of its own)."""
    font = CACHE.font(READ_SIZE)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return lines


def prose_lines(texts: list[str], rows: int, width: int) -> list[str]:
    """The first of ``texts`` (the fullest first) that word-wraps into ``rows`` lines of ``width`` at
    the floor size; if none does, the last one's first ``rows`` lines, the last cut at a word with "…".

    For sentences (a reason in words): :func:`~game.ui.lines.fit_lines` breaks before a bracket, which
    suits a label with a note but splits "The expert's play (23/20 20/16) brings..." after three words.
    """
    font = CACHE.font(READ_SIZE)
    for text in texts:
        lines = wrap_prose(text, width)
        if len(lines) <= rows:
            return lines
    lines = wrap_prose(texts[-1], width)[:rows]
    words = lines[-1].split()
    while words and font.size(" ".join([*words, "…"]))[0] > width:
        words.pop()
    lines[-1] = " ".join([*words, "…"])
    return lines


def reason_text(phrases: tuple[Phrase, ...], mover: int, reader: int, names: tuple[str, str]) -> str:
    """A reason in words in the current language, as ``reader`` reads it: his own as the coach says it
    ("Your play leaves a blot..."); the other player's with that player's name before it, since the
    coach speaks to the one who decided ("Bob: Your play leaves..."), and its plays and points in the
    reader's numbers (:func:`game.ui.reading.reader_phrases`)."""
    text = render(reader_phrases(phrases, mover, reader), get_language())
    return text if mover == reader else tr("review.said_to", name=names[mover], reason=text)


def grade_word(g: Grade) -> str:
    """A grade's word ("Blunder"); one catalogue key a grade, so that each is found by its name."""
    match g:
        case Grade.GOOD:
            return tr("review.grade.good")
        case Grade.INACCURATE:
            return tr("review.grade.inaccurate")
        case Grade.MISTAKE:
            return tr("review.grade.mistake")
        case Grade.BLUNDER:
            return tr("review.grade.blunder")


def grade_count(g: Grade, n: int) -> str:
    """``n`` decisions of grade ``g`` in words ("2 blunders")."""
    match g:
        case Grade.GOOD:
            return tr_n("review.count.good", n, n=n)
        case Grade.INACCURATE:
            return tr_n("review.count.inaccurate", n, n=n)
        case Grade.MISTAKE:
            return tr_n("review.count.mistake", n, n=n)
        case Grade.BLUNDER:
            return tr_n("review.count.blunder", n, n=n)


def action_word(action: CubeAction) -> str:
    """A cube action by its name ("double", "take"...). The review judges double or no double: the
    Hint's "too good" and "not allowed" are both no double here."""
    match action:
        case CubeAction.DOUBLE:
            return tr("review.action.double")
        case CubeAction.NO_DOUBLE | CubeAction.TOO_GOOD | CubeAction.NOT_ALLOWED:
            return tr("review.action.no_double")
        case CubeAction.TAKE:
            return tr("review.action.take")
        case CubeAction.PASS:
            return tr("review.action.pass")


def graded(error: float) -> str:
    """A decision's grade on the one scale and what it cost: "Blunder: cost 0.335"."""
    return tr("review.graded", grade=grade_word(grade(error)), cost=f"{error:.3f}")


def per_decision(value: float) -> str:
    """An error rate in thousandths: a tenth below 100, whole from 100 up (a tenth adds nothing a
    reader uses there, and the review box's split line must fit at the reading size in Hungarian)."""
    return f"{value:.1f}" if abs(value) < 100 else f"{value:.0f}"


def signed(value: float) -> str:
    return f"{value:+.3f}".replace("-", "−")


def describe(m: Mistake, which: str, reader: int | None = None) -> str:
    """The play made or the better one in words, in ``reader``'s numbers (the mover's when None);
    a cube action by its name ("double", "take"...), so the better cube action is always named."""
    match m.kind:
        case Decision.MOVE:
            moves = m.made_moves if which == "made" else m.better_moves
            text = play_text(moves, m.player, m.player if reader is None else reader)
            return text or tr("review.no_move")
        case Decision.DOUBLE | Decision.TAKE:
            return action_word(CubeAction(m.made if which == "made" else m.better))


def grades_text(p: PlayerReview) -> str:
    """How ``p``'s decisions went, in words: "31 decisions: 24 good, 5 inaccurate, 2 blunders." Grades
    with no decision are left out; a forced play is no decision and is not counted."""
    n = p.decisions
    if n == 0:
        return tr("review.summary_none")
    counts = p.grade_counts()
    parts = [grade_count(g, counts[g]) for g in GRADES if counts[g]]
    grades = ", ".join(part.replace(" ", NBSP) for part in parts)  # a line breaks between counts only
    decisions = tr_n("review.decisions", n, n=n).replace(" ", NBSP)
    return tr("review.summary", decisions=decisions, grades=grades)


def biggest_text(p: PlayerReview, games: int = 1) -> str:
    """ "Biggest mistake: move 25." (with its game when ``games`` is more than one); "" when every
    decision was good."""
    big = p.biggest
    if big is None:
        return ""
    if games > 1:
        return tr("review.biggest_in", game=big.game, move=big.line)
    return tr("review.biggest", move=big.line)


def summary(p: PlayerReview, games: int = 1) -> str:
    """How the game went for ``p``, in words: :func:`grades_text` then :func:`biggest_text`."""
    return " ".join(t for t in (grades_text(p), biggest_text(p, games)) if t)


RATING_COLOURS = {
    "flawless": (160, 255, 160),
    "masterly": (160, 255, 160),
    "expert": (190, 245, 150),
    "strong": (215, 235, 140),
    "solid": (240, 225, 130),
    "casual": (250, 200, 120),
    "learner": (255, 170, 110),
    "wild": (255, 140, 120),
}
"""The rating word's colour: green at the top of the scale, warming to red at the bottom (a play test
saw "Wild" in the same green as "Flawless")."""


def rating_colour(key: str) -> tuple[int, int, int]:
    return RATING_COLOURS.get(key, (160, 255, 160))


BOX_PITCH = 28
"""The pitch of a player's box's lines at :data:`READ_SIZE` (it grows with larger text)."""
BOX_TOP = 44
"""Below a box's top: its name and rating word, then the lines."""


def box_layout(height: int) -> tuple[int, int, int]:
    """(the first line's centre below the box's top, the pitch, how many lines fit) in a box of
    ``height``: the lines clear of the name row and 6 pixels clear of the bottom edge at any text size
    (seen in a real window at 800x480: the last line sat on the box's frame, and under larger text the
    lines ran into each other)."""
    pitch = round(BOX_PITCH * CACHE.px(READ_SIZE) / READ_SIZE)
    first = BOX_TOP + pitch // 2
    return first, pitch, (height - 6 - pitch // 2 - first) // pitch + 1


def box_rows(p: PlayerReview, games: int, width: int, room: int) -> list[tuple[str, bool]]:
    """A player's box, (line, dim) in reading order: how the game went in words, the error rate and
    its unit, the split by moves and cube, the luck. Where fewer than all fit ``room`` lines, the least
    needed go first: the split, then the biggest mistake (the first card below is that mistake), then
    the luck; the grades and the error rate always stay."""
    font = CACHE.font(READ_SIZE)
    grades = [(line, False, 0) for line in wrap_prose(grades_text(p), width)[:3]]
    biggest = biggest_text(p, games)
    if biggest and len(grades) < 3 and font.size(biggest)[0] <= width:
        grades.append((biggest, False, 4))
    split = tr(
        "review.split",
        move=per_decision(p.error_per_move),
        moves=p.unforced,
        cube=per_decision(p.error_per_cube_decision),
        cubes=len(p.cube),
    )
    rows = [
        *grades,
        (tr("review.error_rate", rate=per_decision(p.error_rate)), False, 1),
        (tr("review.error_unit"), True, 2),
        (split, True, 5),
        (tr("review.luck", luck=signed(p.luck)), True, 3),
    ]
    kept = sorted(range(len(rows)), key=lambda i: (rows[i][2], i))[: max(room, 0)]
    return [(rows[i][0], rows[i][1]) for i in sorted(kept)]


def card_layout() -> tuple[int, int, int]:
    """(the first line's centre below a mistake card's top, the pitch, the reason's lines): four lines
    at :data:`READ_SIZE`; under larger text three, the reason's main sentence alone (the replay the card
    opens says it whole), so that the lines do not run into each other in the card's 110 pixels."""
    if CACHE.px(READ_SIZE) <= READ_SIZE:
        return 17, 27, 2
    return 20, 34, 1


__all__ = [
    "NBSP",
    "RATING_COLOURS",
    "action_word",
    "biggest_text",
    "box_layout",
    "box_rows",
    "card_layout",
    "describe",
    "grade_count",
    "grade_word",
    "graded",
    "grades_text",
    "prose_lines",
    "rating_colour",
    "reason_text",
    "signed",
    "summary",
    "wrap_prose",
]
