"""The doubling cube: its value, who owns it, and who may double.

A double may be offered only at the start of one's own turn, before rolling,
by the owner of the cube or by either player while it is centred; 64 is the
highest stake; nobody doubles in a match's Crawford game. The "before rolling"
part is the game flow's business (:mod:`game.engine.flow`); this module only
knows the cube.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction, RulesError

MAX_CUBE = 64
"""The highest face of the cube: a cube on 64 cannot be doubled again."""
CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)


@dataclass(frozen=True, slots=True)
class Cube:
    """The stake and its owner: ``owner`` is None while centred, else the player (0 or 1) who took."""

    value: int = 1
    owner: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or isinstance(self.value, bool) or self.value not in CUBE_VALUES:
            raise RulesError(f"the cube shows 1, 2, 4, 8, 16, 32 or 64, not {self.value!r}", code="bad_cube")
        if self.owner is not None and (isinstance(self.owner, bool) or self.owner not in (0, 1)):
            raise RulesError(
                f"the cube's owner is player 0, player 1 or nobody, not {self.owner!r}", code="bad_cube"
            )
        if self.value == 1 and self.owner is not None:
            raise RulesError("a cube on 1 has not been doubled, so nobody can own it", code="bad_cube")
        if self.value > 1 and self.owner is None:
            raise RulesError(f"a cube on {self.value} has been taken, so someone owns it", code="bad_cube")

    @property
    def centred(self) -> bool:
        """True while nobody has doubled yet (either player may double)."""
        return self.owner is None

    def doubled(self, taker: int) -> Cube:
        """The cube after ``taker`` accepted a double: twice the stake, owned by the taker."""
        return Cube(self.value * 2, taker)


def can_double(cube: Cube, player: int, crawford: bool) -> str | None:
    """None if ``player`` may double now (cube-wise), else the reason in player words.

    Whether it is the start of ``player``'s turn is checked by the game flow.
    """
    refusal = double_refusal(cube, player, crawford)
    return None if refusal is None else str(refusal)


def double_refusal(cube: Cube, player: int, crawford: bool) -> IllegalAction | None:
    """:func:`can_double` as the error to raise or to show (its code and params say it in any language)."""
    if crawford:
        return IllegalAction("No doubling in the Crawford game", code="crawford")
    if cube.value >= MAX_CUBE:
        return IllegalAction(
            f"The cube is already at {MAX_CUBE}, the highest stake",
            code="cube_max",
            params={"value": MAX_CUBE},
        )
    if cube.owner is not None and cube.owner != player:
        return IllegalAction(
            "Only the owner of the cube may redouble: your opponent owns it", code="cube_owner"
        )
    return None
