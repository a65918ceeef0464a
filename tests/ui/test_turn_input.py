"""The player's hands (``TurnInput``) on their own: intents in, engine actions and one-line reasons out.

A small table stands in for the game scene (the real controller, animator and dice; the scene's
buttons recorded), so every gesture is checked by what it did to the game and what it said.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.jobs import Where
from game.engine.errors import IllegalAction
from game.engine.flow import GameState, MoveTo, OpeningRoll, Phase, Roll, Rules, apply, new_game
from game.engine.moves import Move
from game.engine.position import Position
from game.i18n import Message, engine_refusal, tr, tr_message
from game.session.controller import GameController, GameSetup, ScreenHooks
from game.ui.board.anim import Animator, DiceRoll
from game.ui.input import Intent, IntentKind
from game.ui.layout import LAYOUT, to_abs
from game.ui.play.turn_input import TurnInput


class Host:
    """The scene around the hands: the real game parts, the scene's own actions recorded."""

    def __init__(self, mode: str = "two", hooks: ScreenHooks | None = None) -> None:
        self.game = GameController(GameSetup(mode=mode, seed=3), thinking=Where.HERE, hooks=hooks)
        self.anim = Animator()
        self.dice = DiceRoll(rng=random.Random(1))
        self.flashes: list[str | Message] = []
        self.calls: list[str] = []

    def flash(self, text: str | Message) -> None:
        self.flashes.append(text)

    def end_turn(self) -> None:
        self.calls.append("end_turn")

    def undo(self) -> None:
        self.calls.append("undo")

    def roll_dice(self) -> None:
        self.game.roll()  # the scene's roll (the coach is the scene's: none here)


def hands_at(state: GameState, mode: str = "two", hooks: ScreenHooks | None = None) -> tuple[TurnInput, Host]:
    table = Host(mode, hooks)
    table.game.state = state
    hands = TurnInput(table)
    hands.refresh()
    return hands, table


def opening(d0: int = 6, d1: int = 1) -> GameState:
    return apply(new_game(Rules(5)), OpeningRoll(d0, d1))


def on_the_bar() -> GameState:
    """White to move 3-1 with a checker on the bar: every other checker is stuck until it enters."""
    me = [0] * 25
    me[24], me[5], me[7], me[12], me[23] = 1, 5, 3, 5, 1
    start = GameState(phase=Phase.ROLL, position=Position(tuple(me), Position.start().opp), rules=Rules(5))
    return apply(start, Roll((3, 1)))


def at(player: int, point: int) -> tuple[int, int]:
    """Screen position of a player's own point (25 = their bar half, 0 = their tray)."""
    if point == 25:
        c = LAYOUT.bar_half(player).center
    elif point == 0:
        c = LAYOUT.tray_rect(player).center
    else:
        x, y = LAYOUT.checker_center(to_abs(player, point), 0, 1)
        c = (int(x), int(y))
    return (int(c[0]), int(c[1]))


def dice_pos(player: int) -> tuple[int, int]:
    return LAYOUT.dice_hit_rect(player).center  # type: ignore[no-any-return]


def go(hands: TurnInput, kind: str, pos: tuple[int, int] = (0, 0), key: int = 0) -> None:
    hands.handle(Intent(IntentKind(kind), pos, key))


# -- refresh, cancel -------------------------------------------------------------------------------------


def test_refresh_lists_the_movable_checkers_of_a_human_mover_only() -> None:
    hands, table = hands_at(opening(6, 1))
    assert hands.movable == table.game.state.turn_state().movable_points() and hands.movable
    computer, _ = hands_at(apply(new_game(Rules(5)), OpeningRoll(1, 6)), mode="computer")
    assert computer.movable == set()  # the computer (player 1) moves: nothing for the hands


def test_refresh_drops_a_selection_that_can_no_longer_move_and_any_on_a_roll() -> None:
    hands, table = hands_at(opening(6, 1))
    hands.selected = 24
    hands.refresh()
    assert hands.selected == 24  # still movable: kept
    hands.selected = 3  # no checker there
    hands.refresh()
    assert hands.selected is None
    table.game.state = GameState(phase=Phase.ROLL, position=Position.start(), rules=Rules(5))
    hands.selected = 24
    hands.refresh()
    assert hands.selected is None and hands.movable == set()


def test_refresh_forgets_cached_targets_and_reasons() -> None:
    hands, table = hands_at(opening(6, 1))
    before = table.game.state.turn_state().targets(13)
    assert hands.targets(13) == before and 7 in before
    table.game.state = opening(5, 2)
    assert hands.targets(13) == before  # remembered until the state changes
    hands.refresh()
    after = table.game.state.turn_state().targets(13)
    assert hands.targets(13) == after and after != before


def test_cancel_lets_go_of_everything() -> None:
    hands, _ = hands_at(opening())
    go(hands, "drag_start", at(0, 13))
    assert hands.drag is not None
    hands.selected = 8
    hands.cancel()
    assert hands.drag is None and hands.selected is None


# -- keys ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", [pygame.K_u, pygame.K_z])
def test_u_and_z_undo_only_while_a_human_moves(key: int) -> None:
    hands, table = hands_at(opening())
    go(hands, "key", key=key)
    assert table.calls == ["undo"]
    table.game.state = GameState(phase=Phase.ROLL, position=Position.start(), rules=Rules(5))
    go(hands, "key", key=key)
    assert table.calls == ["undo"]
    computer, other = hands_at(apply(new_game(Rules(5)), OpeningRoll(1, 6)), mode="computer")
    go(computer, "key", key=key)
    assert other.calls == []


def test_other_keys_are_left_to_the_key_map() -> None:
    hands, table = hands_at(opening())
    for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_d, pygame.K_h, pygame.K_a):
        go(hands, "key", key=key)
    assert table.calls == [] and table.game.state.moves == () and table.flashes == []


# -- whose turn, which phase -----------------------------------------------------------------------------


def test_a_drag_on_the_computers_turn_says_wait_and_does_nothing() -> None:
    state = apply(new_game(Rules(5)), OpeningRoll(1, 6))
    hands, table = hands_at(state, mode="computer")
    go(hands, "drag_start", at(1, 13))
    go(hands, "click", at(1, 13))  # a tap that does nothing says why too (issue 25)
    go(hands, "click", (5, 700))  # off the board: nothing to say
    assert table.flashes == [tr("ui.not_your_turn")] * 2 and hands.drag is None and table.game.state is state


def test_a_touch_on_the_demo_says_how_to_play() -> None:
    state = apply(new_game(Rules(0)), OpeningRoll(6, 1))
    hands, table = hands_at(state, mode="demo")
    go(hands, "click", at(0, 13))
    go(hands, "drag_start", at(0, 13))
    go(hands, "double", at(0, 13))
    assert table.flashes == [tr("ui.demo_touch")] * 2 and table.game.state is state and hands.drag is None


def test_a_tap_on_the_dice_rolls_and_a_tap_elsewhere_says_to_roll_first() -> None:
    roll = GameState(phase=Phase.ROLL, position=Position.start(), rules=Rules(5))
    hands, table = hands_at(roll)
    go(hands, "click", at(0, 3))  # an empty point
    go(hands, "click", at(1, 6))  # the other side's checkers
    go(hands, "double", dice_pos(0))  # a double-click's second press: its first one answered
    assert table.game.state is roll and table.flashes == [tr("newcomer.roll_first")] * 2
    go(hands, "click", dice_pos(0))
    assert table.game.state.phase is Phase.MOVING


def test_a_hand_reaching_for_ones_own_checker_before_the_roll_rolls() -> None:
    """Issue 25: when the cube may be used the game waits for Roll or Double, and a newcomer's drag
    did nothing and said nothing."""
    for kind in ("click", "drag_start", "right", "long"):
        roll = GameState(phase=Phase.ROLL, position=Position.start(), rules=Rules(5))
        hands, table = hands_at(roll)
        go(hands, kind, at(0, 13))
        assert table.game.state.phase is Phase.MOVING, kind
        if kind == "drag_start" and 13 in hands.movable:  # the checker follows the hand
            assert hands.drag is not None and hands.drag.src == 13


def test_in_a_lesson_a_touch_on_a_checker_is_no_answer_to_the_cube_question() -> None:
    roll = GameState(phase=Phase.ROLL, position=Position.start(), rules=Rules(0))
    hands, table = hands_at(roll, mode="learn")
    go(hands, "drag_start", at(0, 13))
    assert table.game.state is roll and table.flashes == [tr("newcomer.roll_first")]


def test_nothing_happens_outside_rolling_and_moving() -> None:
    offered = GameState(phase=Phase.CUBE_OFFERED, position=Position.start(), rules=Rules(5))
    hands, table = hands_at(offered)
    for kind in ("click", "drag_start", "double", "right"):
        go(hands, kind, at(1, 6))
    assert table.game.state is offered and table.flashes == [] and hands.drag is None


def test_a_gesture_settles_tumbling_dice_and_cuts_an_animation_short() -> None:
    hands, table = hands_at(opening())
    table.dice.roll((6, 1), (0, 0))
    board = (tuple([0] * 25), tuple([0] * 25))
    table.anim.add_move(board, board, 0, 13, 7, False)
    assert table.dice.tumbling and table.anim.busy
    go(hands, "click", (5, 700))
    assert not table.dice.tumbling and not table.anim.busy


def test_a_mouse_move_does_not_cut_an_animation_short() -> None:
    hands, table = hands_at(opening())
    board = (tuple([0] * 25), tuple([0] * 25))
    table.anim.add_move(board, board, 0, 13, 7, False)
    go(hands, "drag", (5, 700))
    assert table.anim.busy


# -- drag and drop ---------------------------------------------------------------------------------------


def test_drag_start_on_an_empty_point_or_a_foreign_checker_says_so() -> None:
    hands, table = hands_at(opening())
    go(hands, "drag_start", at(0, 3))  # empty
    go(hands, "drag_start", at(1, 6))  # Black's checker: whose turn it is
    assert table.flashes == [tr("ui.no_checker_here"), tr("newcomer.theirs_white")] and hands.drag is None
    go(hands, "drag_start", (5, 700))  # off the board
    assert len(table.flashes) == 2


def test_a_stuck_checker_says_why_it_cannot_move() -> None:
    hands, table = hands_at(on_the_bar())
    go(hands, "drag_start", at(0, 13))
    assert hands.drag is None and table.flashes == [hands.why_not(13)] and table.flashes[0]


def test_a_drag_follows_the_finger_and_a_drop_moves() -> None:
    hands, table = hands_at(opening(6, 1))
    hands.selected = 8
    go(hands, "drag_start", at(0, 13))
    assert hands.drag is not None and hands.drag.src == 13 and hands.selected is None
    go(hands, "drag", (300, 400))
    assert hands.drag.pos == (300, 400)
    go(hands, "drop", at(0, 7))
    assert hands.drag is None and table.game.state.moves == (Move(13, 7, 6),)


def test_a_drop_back_on_its_own_point_slides_back_silently_one_off_the_board_says_so() -> None:
    """Back on its own point is a change of mind; off the board a play test wanted a word (the flash)."""
    hands, table = hands_at(opening(6, 1))
    for end, said in ((at(0, 13), []), ((5, 700), [tr("ui.drop_missed")])):
        go(hands, "drag_start", at(0, 13))
        go(hands, "drop", end)
        assert table.game.state.moves == () and table.flashes == said and table.anim.busy
        table.anim.skip(silent=True)


def test_an_illegal_drop_says_the_engines_reason_and_slides_back() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "drag_start", at(0, 13))
    go(hands, "drop", at(0, 10))
    assert table.game.state.moves == () and table.anim.busy
    assert len(table.flashes) == 1 and table.flashes[0]


def test_a_drop_in_the_own_tray_bears_off_and_the_others_tray_is_nowhere() -> None:
    me = [2, 2, 2, 3, 3, 3] + [0] * 19
    opp = [0] * 25
    opp[12] = 15
    state = apply(
        GameState(phase=Phase.ROLL, position=Position(tuple(me), tuple(opp)), rules=Rules(5)), Roll((6, 5))
    )
    hands, table = hands_at(state)
    go(hands, "drag_start", at(0, 6))
    go(hands, "drop", LAYOUT.tray_rect(1).center)
    assert table.game.state.moves == ()
    table.anim.skip(silent=True)
    go(hands, "drag_start", at(0, 6))
    go(hands, "drop", at(0, 0))
    assert table.game.state.moves == (Move(6, 0, 6),)


def test_a_drop_without_a_drag_is_ignored() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "drop", at(0, 7))
    go(hands, "drag", at(0, 7))
    assert table.game.state.moves == () and hands.drag is None


# -- taps ------------------------------------------------------------------------------------------------


def test_tap_selects_then_a_lit_point_moves() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    assert hands.selected == 13
    go(hands, "click", at(0, 7))
    assert hands.selected is None and table.game.state.moves == (Move(13, 7, 6),)


def test_tap_on_the_selected_checker_again_lets_go() -> None:
    hands, _ = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "click", at(0, 13))
    assert hands.selected is None


def test_tap_on_another_movable_checker_selects_that_one() -> None:
    hands, _ = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "click", at(0, 8))
    assert hands.selected == 8


def test_tap_on_a_stuck_checker_says_why() -> None:
    hands, table = hands_at(on_the_bar())
    go(hands, "click", at(0, 25))
    assert hands.selected == 25
    go(hands, "click", at(0, 13))
    assert hands.selected is None and table.flashes == [hands.why_not(13)] and table.flashes[0]


def test_tap_on_an_unlit_point_after_selecting_says_the_engines_reason() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "click", at(0, 10))  # 13 to 10 is a 3: no such die
    assert hands.selected is None and table.game.state.moves == ()
    assert len(table.flashes) == 1 and table.flashes[0]


def test_tap_off_the_board_after_selecting_lets_go_quietly() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "click", (5, 700))
    assert hands.selected is None and table.flashes == []
    go(hands, "click", at(0, 13))
    go(hands, "click", LAYOUT.tray_rect(1).center)  # the other player's tray: it lets go and says whose
    assert hands.selected is None and table.flashes == [tr("newcomer.tray_theirs")]


def test_tap_on_the_dice_ends_the_turn_and_drops_the_selection() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "click", dice_pos(0))
    assert table.calls == ["end_turn"] and hands.selected is None


def test_tap_on_an_empty_point_with_nothing_selected_asks_for_ones_own_checker() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 3))
    assert hands.selected is None and table.flashes == [tr("ui.no_checker_here")]
    assert table.game.state.moves == ()


# -- double-click and right-click ---------------------------------------------------------------------


def test_double_click_moves_by_the_higher_die_and_right_click_by_the_lower() -> None:
    hands, table = hands_at(opening(6, 1))
    hands.selected = 8
    go(hands, "double", at(0, 13))
    assert table.game.state.moves == (Move(13, 7, 6),) and hands.selected is None
    hands.refresh()
    go(hands, "right", at(0, 8))
    assert table.game.state.moves[-1] == Move(8, 7, 1)


def test_a_long_press_is_a_right_click() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "long", at(0, 8))
    assert table.game.state.moves == (Move(8, 7, 1),)


def test_double_click_on_the_dice_does_nothing() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "double", dice_pos(0))
    go(hands, "right", dice_pos(0))
    assert table.calls == [] and table.game.state.moves == ()


def test_double_click_on_nothing_is_a_tap_and_right_click_on_nothing_is_nothing() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "right", at(0, 7))
    assert hands.selected == 13 and table.game.state.moves == ()
    go(hands, "double", at(0, 7))  # a tap on the lit point
    assert table.game.state.moves == (Move(13, 7, 6),)


def test_a_die_gesture_refused_by_the_engine_says_why() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "double", at(0, 6))  # 6/0: not all home
    assert table.game.state.moves == () and len(table.flashes) == 1 and table.flashes[0]


def test_a_die_gesture_after_the_move_is_complete_says_finish() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "double", at(0, 13))
    go(hands, "right", at(0, 8))
    assert table.game.state.turn_state().is_complete
    hands.refresh()
    go(hands, "double", at(0, 6))
    assert table.game.state.moves == (Move(13, 7, 6), Move(8, 7, 1))
    turn = table.game.state.turn_state()
    refused = turn.refusal(6, turn.dice[0])
    assert refused is not None and table.flashes == [engine_refusal(refused)]


# -- why not ---------------------------------------------------------------------------------------------


def test_why_not_is_the_engines_reason_and_is_remembered() -> None:
    hands, table = hands_at(on_the_bar())
    turn = table.game.state.turn_state()
    stuck = 13
    refused = next(
        r for d in sorted(set(turn.remaining), reverse=True) if (r := turn.refusal(stuck, d)) is not None
    )
    expected = tr_message(engine_refusal(refused))
    assert hands.why_not(stuck) == expected and expected
    table.game.state = opening(5, 2)  # without refresh: the remembered answer
    assert hands.why_not(stuck) == expected


def test_why_not_after_a_complete_move_is_the_first_dies_reason() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "double", at(0, 13))
    go(hands, "right", at(0, 8))
    hands.refresh()
    turn = table.game.state.turn_state()
    assert turn.is_complete
    refused = turn.refusal(24, turn.dice[0])
    assert refused is not None and hands.why_not(24) == tr_message(engine_refusal(refused))


def test_the_bar_is_the_only_source_while_a_checker_waits_there() -> None:
    hands, table = hands_at(on_the_bar())
    assert hands.movable == {25}
    go(hands, "click", at(0, 25))
    assert hands.selected == 25
    go(hands, "click", at(0, 22))
    assert table.game.state.moves == (Move(25, 22, 3),)


def test_a_die_move_from_a_point_uses_the_higher_or_lower_die() -> None:
    hands, table = hands_at(opening(6, 1))
    hands.selected = 13
    hands.die_move_from(13, higher=True)
    assert table.game.state.moves == (Move(13, 7, 6),) and hands.selected is None
    hands.die_move_from(6, higher=False)
    assert table.game.state.moves[-1] == Move(6, 5, 1)


# -- details the mutation run asked about ----------------------------------------------------------------


def held_24() -> GameState:
    """White to move 6-1 with both back checkers stuck: Black holds White's 18 and 23 points."""
    opp = [0] * 25
    opp[6], opp[1], opp[12], opp[7], opp[5] = 2, 2, 5, 3, 3  # Black's 7, 2, 13, 8 and 6 points
    start = GameState(phase=Phase.ROLL, position=Position(Position.start().me, tuple(opp)), rules=Rules(5))
    return apply(start, Roll((6, 1)))


def test_fresh_hands_hold_nothing_and_answer_before_any_refresh() -> None:
    table = Host()
    table.game.state = opening(6, 1)
    hands = TurnInput(table)
    assert hands.selected is None and hands.drag is None and hands.movable == set()
    assert hands.targets(13) == table.game.state.turn_state().targets(13)
    assert hands.why_not(8) == ""


@pytest.mark.parametrize("kind", ["click", "double", "right", "long", "drag_start", "drop"])
def test_every_gesture_on_the_board_cuts_an_animation_short(kind: str) -> None:
    hands, table = hands_at(opening())
    board = (tuple([0] * 25), tuple([0] * 25))
    table.anim.add_move(board, board, 0, 13, 7, False)
    go(hands, kind, (5, 700))
    assert not table.anim.busy


def test_a_blot_of_ones_own_can_be_picked_up() -> None:
    hands, _ = hands_at(opening(6, 1))
    go(hands, "double", at(0, 13))  # 13/7: a single checker on 7, which may go on with the 1
    hands.refresh()
    go(hands, "click", at(0, 7))
    assert hands.selected == 7


def test_the_bar_answers_only_when_a_checker_waits_there() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 25))
    assert hands.selected is None and table.flashes == [tr("ui.no_checker_here")]
    go(hands, "drag_start", at(0, 25))
    assert hands.drag is None and table.flashes == [tr("ui.no_checker_here")] * 2
    waiting, other = hands_at(on_the_bar())
    go(waiting, "click", LAYOUT.tray_rect(0).center)  # the own tray is not the bar: it says what it is for
    assert waiting.selected is None and other.flashes == [tr("newcomer.tray_not_home")]


def test_why_not_names_the_higher_dies_reason_for_this_checker() -> None:
    hands, table = hands_at(held_24())
    assert 24 not in hands.movable
    reason = tr("engine.point_held", point=18)
    assert reason == "Point 18 is held by your opponent" and hands.why_not(24) == reason
    assert hands.why_not(8) == ""  # a checker that can move by either die has no reason against it
    go(hands, "drag_start", at(0, 24))
    go(hands, "click", at(0, 24))
    assert table.flashes == [reason, reason]


def test_a_drag_starts_where_the_finger_is() -> None:
    hands, _ = hands_at(opening(6, 1))
    x, y = at(0, 6)
    go(hands, "drag_start", (x + 5, y - 7))  # on White's 6-point, off its centre
    assert hands.drag is not None and hands.drag.src == 6 and hands.drag.pos == (x + 5, y - 7)


def test_a_refused_drop_slides_back_from_where_it_was_dropped() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "double", at(0, 13))  # 13/7 first: the board is no longer the same from both sides
    table.anim.skip(silent=True)
    hands.refresh()
    go(hands, "drag_start", at(0, 8))
    go(hands, "drop", (301, 402))  # off any point of White's: no destination
    seg = table.anim.queue[-1]
    assert seg.board == (table.game.state.position.me, table.game.state.position.opp)
    assert seg.flights[0].start == (301.0, 402.0) and seg.flights[0].dest == ("point", 8, 0)


def test_a_drop_tells_the_screen_where_the_checker_was_let_go() -> None:
    drops: list[object] = []
    hooks = ScreenHooks(on_change=lambda old, new, action, drop: drops.append(drop))
    hands, _table = hands_at(opening(6, 1), hooks=hooks)
    go(hands, "drag_start", at(0, 13))
    go(hands, "drop", at(0, 7))
    assert drops == [at(0, 7)]


def test_tap_on_an_unlit_point_says_exactly_the_engines_reason() -> None:
    hands, table = hands_at(opening(6, 1))
    go(hands, "click", at(0, 13))
    go(hands, "click", at(0, 10))
    try:
        apply(table.game.state, MoveTo(13, 10))
    except IllegalAction as exc:
        expected = engine_refusal(exc)
    assert table.flashes == [expected] and expected.key == "engine.no_path.point_point"
