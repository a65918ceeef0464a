"""A hand-written match record in Jellyfish .mat form, shared by the record and review tests."""

from __future__ import annotations

import textwrap


def mat(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# A 3-point match written by hand from the format description: the second player opens,
# a hit and an entry from the bar, shorthand (bar/20, 13/8(2)), take, redouble, drop.
HAND_MATCH = mat(
    """
    ; [Player 1 "Alice"]
    ; [Player 2 "Bob"]

     3 point match

     Game 1
     Alice : 0                       Bob : 0
      1)                             31: 8/5 6/5
      2) 52: 13/8 13/11              64: 24/18 13/9
      3)  Doubles => 2                Drops
          Wins 1 point

     Game 2
     Alice : 1                       Bob : 0
      1) 62: 24/18 13/11             61: 13/7* 8/7
      2) 55: bar/20 20/15 13/8(2)    Doubles => 2
      3)  Takes                      43: 24/20 24/21
      4)  Doubles => 4                Drops
          Wins 2 points and the match
    """
)
