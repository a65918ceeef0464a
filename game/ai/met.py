"""Match equity: the chance to win the match from a given score.

Why a table: cube decisions in a match depend on the score far more than on
money-game rules of thumb; a published match equity table is the standard
data. The values below are the first 15x15 entries of the Kazaross-XG2 table
and its post-Crawford row, as distributed with GNU Backgammon
(``met/Kazaross-XG2.xml``):

    Kazaross-XG2.xml -- Table rolled up to 9 point match. Then uses R/K MET
    which was rolled up to 15 and extrapolated to 25 points by Neil Kazaross
    2011. This file is distributed as a part of the GNU Backgammon program.
    Copying and distribution of verbatim and modified versions of this file is
    permitted in any medium provided the copyright notice and this permission
    notice are preserved.

Beyond 15 points away (rare here) a normal approximation takes over, and its
join with the table is smooth enough for cube decisions.
"""

from __future__ import annotations

import math

# fmt: off
# _PRE[i][j]: chance to win for the player needing i + 1 points against one needing j + 1.
_PRE: tuple[tuple[float, ...], ...] = (
    (0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250, 0.94402, 0.959275,
     0.966442, 0.975534, 0.979845, 0.985273, 0.987893),
    (0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539, 0.90197, 0.923034,
     0.939311, 0.952470, 0.962495, 0.970701, 0.976887),
    (0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468, 0.84017, 0.870638,
     0.894417, 0.914831, 0.930702, 0.944426, 0.954931),
    (0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577, 0.78799, 0.824059,
     0.853955, 0.879141, 0.900233, 0.918040, 0.932657),
    (0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786, 0.72540, 0.767055,
     0.802732, 0.833654, 0.859934, 0.882866, 0.902013),
    (0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636, 0.66787, 0.713057,
     0.753427, 0.788634, 0.819569, 0.846648, 0.869999),
    (0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480, 0.60854, 0.656283,
     0.700209, 0.739054, 0.774121, 0.805203, 0.832566),
    (0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000, 0.55442, 0.603718,
     0.649899, 0.691356, 0.729447, 0.763593, 0.794397),
    (0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558, 0.50000, 0.550196,
     0.597926, 0.641481, 0.682119, 0.718927, 0.752814),
    (0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282, 0.449804,
     0.500000, 0.548547, 0.593459, 0.635880, 0.674830, 0.711113),
    (0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101, 0.402074,
     0.451453, 0.500000, 0.545552, 0.589242, 0.629736, 0.667927),
    (0.024466, 0.047530, 0.085169, 0.120859, 0.166346, 0.211366, 0.260946, 0.308644, 0.358519,
     0.406541, 0.454448, 0.500000, 0.544068, 0.585701, 0.625259),
    (0.020155, 0.037505, 0.069298, 0.099767, 0.140066, 0.180431, 0.225879, 0.270553, 0.317881,
     0.364120, 0.410758, 0.455932, 0.500000, 0.541943, 0.582545),
    (0.014727, 0.029299, 0.055574, 0.081960, 0.117134, 0.153352, 0.194797, 0.236407, 0.281073,
     0.325170, 0.370264, 0.414299, 0.458057, 0.500000, 0.540750),
    (0.012107, 0.023113, 0.045069, 0.067343, 0.097987, 0.130001, 0.167434, 0.205603, 0.247186,
     0.288887, 0.332073, 0.374741, 0.417455, 0.459250, 0.500000),
)

# _POST[j]: post-Crawford, chance to win for the trailer needing j + 1 points (the leader needs 1).
_POST: tuple[float, ...] = (
    0.500000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906, 0.06953, 0.065161,
    0.042069, 0.039060, 0.025371, 0.023428, 0.015304, 0.014050, 0.009240, 0.008420, 0.005560,
    0.005050, 0.003360, 0.003030, 0.002030, 0.001820, 0.001230,
)

# fmt: on

TABLE_SIZE = len(_PRE)


def _approx(away_me: int, away_opp: int) -> float:
    """Normal approximation for long matches: the lead in points over the spread of a long match."""
    z = (away_opp - away_me) / (1.3 * math.sqrt(away_me + away_opp))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def match_equity(away_me: int, away_opp: int, *, post_crawford: bool = False) -> float:
    """Chance that the player needing ``away_me`` points wins against one needing ``away_opp``.

    ``away <= 0`` means that player has already won. ``post_crawford`` applies when
    one side needs exactly 1 point and the Crawford game has been played.
    """
    if away_me <= 0:
        return 1.0
    if away_opp <= 0:
        return 0.0
    if post_crawford and (away_me == 1 or away_opp == 1):
        if away_me == 1 and away_opp == 1:
            return 0.5
        if away_me == 1:
            return 1.0 - _post(away_opp)
        return _post(away_me)
    if away_me <= TABLE_SIZE and away_opp <= TABLE_SIZE:
        return _PRE[away_me - 1][away_opp - 1]
    return _approx(away_me, away_opp)


def _post(away_trailer: int) -> float:
    if away_trailer <= len(_POST):
        return _POST[away_trailer - 1]
    return float(_POST[-1] * 0.5 ** ((away_trailer - len(_POST)) / 2))


def take_point(away_taker: int, away_doubler: int, cube: int = 1, *, post_crawford: bool = False) -> float:
    """The taker's dead-cube take point, gammonless, from the table: the win chance at which a take
    (the game then played for ``2 * cube``) is worth exactly as much as a pass (losing ``cube``).

    Why dead-cube: it is what the table alone says; a cube the taker can redouble lowers it a little,
    gammons move it either way (the cube model handles both).
    """
    post = post_crawford
    drop = match_equity(away_taker, away_doubler - cube, post_crawford=post)
    win = match_equity(away_taker - 2 * cube, away_doubler, post_crawford=post)
    lose = match_equity(away_taker, away_doubler - 2 * cube, post_crawford=post)
    if win - lose <= 1e-12:
        return 0.0
    return (drop - lose) / (win - lose)
