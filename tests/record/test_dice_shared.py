"""Issue 37, dice neither the cabinet nor a player controls: every roll of a match is HMAC of the
cabinet's secret and both players' parts, exactly as docs/dice.md says.

The checker here is the page's few lines, written again in this file: it shares no code with the
game (no ``game.engine.dice``, no ``game.record``), reads the ``.mat`` text with two regular
expressions and derives every roll from the header alone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.flow import Phase
from game.record import DiceVerdict, check_dice, read_mat
from game.session import settings as st
from game.session.match_dice import MatchDice
from game.session.recording import FOLDER
from game.ui.app import App, Launch
from game.ui.scenes.game import GameScene
from tests.helpers.event_driver import play_match, play_turn
from tests.helpers.paths import ROOT
from tests.helpers.ui_driver import click, settle

pytestmark = pytest.mark.usefixtures("ui_reset")

DOCS = ROOT / "docs" / "dice.md"


# -- the independent checker (docs/dice.md, "A checker in a few lines") ------------------------------


def dice(key: str, message: str) -> list[int]:
    found, k = [], 0
    while len(found) < 2:
        m = message if k == 0 else f"{message} #{k}"
        for b in hmac.new(key.encode(), m.encode(), hashlib.sha256).digest():
            if b < 252 and len(found) < 2:
                found.append(b % 6 + 1)
        k += 1
    return found


def key_of(secret: str, p0: str, p1: str) -> str:
    return hmac.new(secret.encode(), f"players {p0} {p1}".encode(), hashlib.sha256).hexdigest()


def check_mat(text: str) -> int:
    """Every roll of a .mat against its header; the number of rolls checked (AssertionError if one
    differs). The opening: player 0's die first, ties rolled again, the higher die's owner moves."""
    head = dict(re.findall(r'; \[(\w+) "(.*)"\]', text))
    secret = head["DiceSecret"]
    assert hashlib.sha256(secret.encode()).hexdigest()[:10] == head["DiceFingerprint"].replace(" ", "")
    if head["Dice"] == "HMAC-SHA256 v2":
        p0, p1 = head["DiceContributions"].split(",")
        key = key_of(secret, p0, p1)
    else:
        assert head["Dice"] == "HMAC-SHA256 v1"
        key = secret
    checked = 0
    for number, body in re.findall(r"Game (\d+)\n(.*?)(?=\n Game |\Z)", text, re.S):
        rolls = []
        for line in body.splitlines():
            if re.match(r"\s*\d+\)", line):
                for found in re.finditer(r"(\d)(\d):", line):
                    rolls.append((0 if found.start() < 20 else 1, int(found[1]), int(found[2])))
        attempt = 1
        while (opening := dice(key, f"game {number} opening {attempt}"))[0] == opening[1]:
            attempt += 1
        player, a, b = rolls[0]
        assert player == (0 if opening[0] > opening[1] else 1) and sorted((a, b)) == sorted(opening)
        for r, (_, a, b) in enumerate(rolls[1:], start=1):
            assert sorted((a, b)) == sorted(dice(key, f"game {number} roll {r}")), (number, r)
        checked += len(rolls)
    return checked


# -- the page's worked example --------------------------------------------------------------------------


def test_the_worked_example_of_docs_dice_md_is_what_the_checker_computes() -> None:
    page = DOCS.read_text(encoding="utf-8")
    secret, p0 = "00112233445566778899aabbccddeeff", "040903120001234"
    assert hashlib.sha256(secret.encode()).hexdigest() in page
    key = key_of(secret, p0, "")
    assert f"| key | `{key}` |" in page
    assert dice(key, "game 1 opening 1") == [1, 3] and "| `game 1 opening 1` | 1-3" in page
    for r, (a, b) in enumerate([(3, 6), (3, 5), (6, 1), (5, 4)], start=1):
        assert dice(key, f"game 1 roll {r}") == [a, b] and f"| `game 1 roll {r}` | {a}-{b}" in page
    # The page's own checker, run as it stands, prints the same.
    (code,) = re.findall(r"```python\n(.*?)```", page, re.S)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        hashlib.sha256(secret.encode()).hexdigest(),
        "[1, 3] [[3, 6], [3, 5], [6, 1], [5, 4]]",
    ]


# -- a match played on the screen ----------------------------------------------------------------------


def make_app(folder: Path, kiosk: bool = False) -> App:
    settings = st.Settings(animation="fast", sound=False, operator_code="48163")
    return App(settings, Launch(kiosk=kiosk), data_dir=folder, threaded_ai=False, clock=lambda: 1.8e9)


def started(app: App, mode: str, length: int) -> GameScene:
    """A game as the title starts it (the players' parts asked), its first roll made by their taps."""
    scene = GameScene(app, app.setup(mode, length))
    app.scenes.reset(scene)
    settle(app, scene)
    return scene


def played_and_saved(app: App, mode: str, turns: int, seed: int) -> GameScene:
    """A match some turns in, its autosave written (its dice secret in it)."""
    scene = started(app, mode, 5)
    rng = random.Random(seed)
    for _ in range(turns):
        play_turn(scene, rng)
    app.autosave.save(scene.game)
    return scene


def records(folder: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((folder / FOLDER).glob("*.mat"))]


def test_the_first_roll_waits_for_the_players_touches_and_the_dice_come_from_both(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = GameScene(app, app.setup("computer", 1))
    app.scenes.reset(scene)
    for _ in range(300):
        app.step()
    assert scene.game.state.phase is Phase.OPENING  # no roll without the player's part
    assert scene.game.match_dice.fingerprint is not None  # the commitment is on screen meanwhile
    click(app, (321, 456))
    settle(app, scene)
    parts = scene.game.match_dice.contributions
    assert parts is not None and parts[0].startswith("03210456") and len(parts[0]) == 15
    assert parts[1] == ""  # the computer adds none
    play_match(scene, random.Random(2))
    (text,) = records(tmp_path)
    assert '; [Dice "HMAC-SHA256 v2"]' in text and f'; [DiceContributions "{parts[0]},"]' in text
    assert check_mat(text) > 10


def test_a_two_player_match_verifies_with_both_parts_and_a_changed_part_is_caught(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = started(app, "two", 3)
    p0, p1 = scene.game.match_dice.contributions or ("", "")
    assert p0 and p1 and p0 != p1
    play_match(scene, random.Random(5))
    (text,) = records(tmp_path)
    assert check_mat(text) > 20
    changed = text.replace(f',{p1}"]', f',{int(p1) + 1}"]')
    with pytest.raises(AssertionError):  # the same file with another part for player 1
        check_mat(changed)
    # The game's own check (python -m game.record --check-dice) agrees on both.
    assert check_dice(read_mat(text)).ok
    assert check_dice(read_mat(changed)).verdict is DiceVerdict.MISMATCH


def test_unlimited_money_play_reveals_each_games_own_secret_when_it_ends(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = started(app, "two", 0)
    rng = random.Random(7)
    secrets = []
    for _ in range(2):
        while scene.state.phase is not Phase.GAME_OVER:
            play_turn(scene, rng)
        secrets.append(scene.game.match_dice.secret)
        scene.next_game()
        settle(app, scene)
    texts = records(tmp_path)
    assert len(texts) == 2 and secrets[0] != secrets[1]  # a record a game (the third: none played yet)
    for secret in secrets:  # each game's record holds its own secret (the files' names: same second)
        (text,) = [t for t in texts if f'; [DiceSecret "{secret}"]' in t]
        assert check_mat(text) > 5
        # The game's own reader and check take it too (a later game's record starts at the session's
        # score, not 0-0: the reader refused it, so --check-dice could not check it).
        assert check_dice(read_mat(text)).verdict is DiceVerdict.VERIFIED
    now = scene.game.match_dice.secret
    assert now is not None and now not in secrets and now not in "".join(texts)  # the game in play


def test_each_session_game_against_the_computer_shows_its_own_commitment_before_its_first_roll(
    tmp_path: Path,
) -> None:
    """The kiosk's default: an unlimited session against the computer. Every game commits to a new
    secret, so its fingerprint must be on the panel while the opening waits for the player's touch."""
    from game.ui.play import dialogs, panel

    app = make_app(tmp_path)
    scene = GameScene(app, app.setup("computer", 0))
    app.scenes.reset(scene)
    rng = random.Random(11)
    shown = []
    for _ in range(2):
        for _ in range(300):
            app.step()
        assert scene.game.awaited() == 0  # the opening waits for the player's touch...
        assert panel.fingerprint_row(scene) == panel.last_row(scene)  # ...with the commitment on the panel
        shown.append(scene.game.match_dice.fingerprint)
        while scene.state.phase is not Phase.GAME_OVER:
            play_turn(scene, rng)
        labels = [label for label, _, _ in dialogs.game_over_buttons(scene)]
        assert "Check the dice" in labels  # the session's game is over: its own secret is shown
        scene.next_game()
    assert shown[0] != shown[1]  # a new secret, a new commitment


@pytest.mark.parametrize("saved", [True, False])
def test_an_abandoned_game_reveals_its_secret_in_its_record(tmp_path: Path, saved: bool) -> None:
    """From its save, or (the disk refused the save) from the game on the screen."""
    app = make_app(tmp_path, kiosk=True)
    assert app.kiosk_rules is not None
    app.kiosk_rules.resume_active()  # a visitor is playing (the first touch wakes no demo)
    scene = started(app, "computer", 5)
    rng = random.Random(3)
    for _ in range(12):
        play_turn(scene, rng)
    secret = scene.game.match_dice.secret
    assert secret is not None and "DiceSecret" not in records(tmp_path)[0]
    if not saved:
        (tmp_path / "autosave.json").unlink()
    app.go_attract()  # the visitor walked away: the demo takes over
    (text,) = records(tmp_path)
    assert f'; [DiceSecret "{secret}"]' in text
    assert check_mat(text) >= 1


def test_a_session_game_left_for_the_title_and_replaced_reveals_its_secret(tmp_path: Path) -> None:
    """An unlimited session's second game (its record starts at the session's score) given up: a
    new game from the title replaces its save, and its own secret goes into its own record."""
    app = make_app(tmp_path)
    scene = started(app, "computer", 0)
    rng = random.Random(41)
    while scene.state.phase is not Phase.GAME_OVER:
        play_turn(scene, rng)
    assert scene.game.match.score != (0, 0)
    scene.next_game()
    settle(app, scene)
    for _ in range(6):
        play_turn(scene, rng)
    app.autosave.save(scene.game)
    secret = scene.game.match_dice.secret
    assert secret is not None
    app.to_title()
    app.new_game("two", 1)
    (text,) = [t for t in records(tmp_path) if f'; [DiceSecret "{secret}"]' in t]
    assert check_mat(text) >= 1


def test_no_file_another_user_can_read_gives_the_rolls_to_come(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = played_and_saved(app, "two", 10, 4)
    dice_now = scene.game.match_dice
    secret, parts = dice_now.secret, dice_now.contributions
    assert secret is not None and parts is not None
    key = key_of(secret, *parts)
    saved = tmp_path / "autosave.json"
    assert secret in saved.read_text()  # the autosave needs it (a power cut): so it must be private
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert saved in files
    for path in files:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o044:  # the group or other users may read it
            data = path.read_bytes()
            assert secret.encode() not in data and key.encode() not in data, path
    assert stat.S_IMODE(saved.stat().st_mode) & 0o077 == 0


def test_a_save_from_before_issue_37_goes_on_with_the_same_v1_dice() -> None:
    old = {"secret": "00112233445566778899aabbccddeeff", "game": 1, "openings": 1, "rolls": 3}
    old |= {"hand_allowed": False, "typed": False}
    dice_old = MatchDice.from_dict(json.loads(json.dumps(old)), random.Random(0))
    assert dice_old.contributions is None and dice_old.awaiting({0, 1}) is None
    assert list(dice_old.roll()) == dice("00112233445566778899aabbccddeeff", "game 1 roll 4")
    assert ("Dice", "HMAC-SHA256 v1") in dice_old.metadata()


def test_check_the_dice_shows_the_whole_commitment_the_secret_and_a_qr_code(tmp_path: Path) -> None:
    from game.ui.play import dialogs
    from game.ui.play.dice_check import DiceCheckScene
    from tests.helpers.ui_driver import press_button

    app = make_app(tmp_path)
    scene = started(app, "two", 1)
    play_match(scene, random.Random(8))
    for _ in range(400):
        app.step()
    assert "Check the dice" in [label for label, _, _ in dialogs.game_over_buttons(scene)]
    press_button(app, "Check the dice")
    check = app.scenes.top
    assert isinstance(check, DiceCheckScene)
    dice_now = scene.game.match_dice
    secret, parts = dice_now.secret, dice_now.contributions
    assert secret is not None and parts is not None
    commit = hashlib.sha256(secret.encode()).hexdigest()
    assert check.line == f"dice HMAC-SHA256 v2 commit={commit} secret={secret} players={parts[0]},{parts[1]}"
    assert check.qr is not None and check.qr.get_width() >= 300  # segno drew it
    shown = " ".join(value for _, value in check.rows())
    assert commit in shown.replace(" ", "") and secret in shown.replace(" ", "")
    app.draw()


def test_the_exported_page_says_how_to_check_and_its_checker_gives_the_records_rolls(tmp_path: Path) -> None:
    import html

    from game.tournament import Tournament
    from game.tournament.export import html_page

    app = make_app(tmp_path)
    scene = started(app, "two", 1)
    play_match(scene, random.Random(6))
    (text,) = records(tmp_path)
    t = Tournament.create("Club night", ["Anna", "Ben", "Cid", "Dan"])
    t.matches[0].mat = text
    page = html_page(t, "en")
    assert "Checking the dice" in page and "&amp;#x27;" not in page
    (code,) = re.findall(r"<pre>(.*?)</pre>", page, re.S)
    (tmp_path / "check.py").write_text(html.unescape(code), encoding="utf-8")
    (tmp_path / "m.mat").write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(tmp_path / "check.py"), str(tmp_path / "m.mat")], capture_output=True, text=True
    )
    head = dict(re.findall(r'; \[(\w+) "(.*)"\]', text))
    key = key_of(head["DiceSecret"], *head["DiceContributions"].split(","))
    assert f"game 1 opening 1: {dice(key, 'game 1 opening 1')}" in done.stdout
    assert f"game 1 roll 3: {dice(key, 'game 1 roll 3')}" in done.stdout


def test_a_saved_game_replaced_by_a_new_one_reveals_its_secret_even_after_a_restart(tmp_path: Path) -> None:
    from tests.helpers.ui_driver import close_screen

    app = make_app(tmp_path)
    scene = played_and_saved(app, "computer", 12, 9)
    secret = scene.game.match_dice.secret
    assert secret is not None
    app.to_title()  # left for the title: Continue may bring it back, so nothing is revealed yet
    assert "DiceSecret" not in records(tmp_path)[0]
    app.quit()
    close_screen()
    again = make_app(tmp_path)  # another run: nothing of the match in memory
    again.new_game("two", 1)  # the saved game is replaced
    (old,) = [t for t in records(tmp_path) if "Computer" in t]
    assert f'; [DiceSecret "{secret}"]' in old
    assert check_mat(old) >= 1
