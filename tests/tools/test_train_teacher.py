"""The teacher pipeline (training only): board layouts, held-out reference, growing and training the net.

Open Sage itself is never needed here (it is a training-time extra); these check our side of the
pipeline: the boards we hand it and read back mean the positions we think, the trainer starts from
exactly what the shipped network computes, learns, resumes, and never trains on the reference set.
"""

from __future__ import annotations

import gzip
import random
from pathlib import Path
from typing import Any

import pytest

from game.ai.net import N_IN, N_IN_X, N_IN_X2, default_network, load
from game.engine import Position, legal_plays
from game.testing.sample import random_position

np = pytest.importorskip("numpy")


def test_boards_round_trip_to_the_side_on_roll_after_the_play() -> None:
    from game.tools import teacher_data as td

    rng = random.Random(4)
    for _ in range(200):
        pos = random_position(rng)
        for play in legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))[:3]:
            after = play.position
            b = td.board_of(after)
            # Both bars are positive counts: index 25 the mover's, 0 the opponent's.
            assert b[25] == after.me[24] and b[0] == after.opp[24]
            assert sum(v for v in b[1:25] if v > 0) + b[25] == sum(after.me)
            row = td.rows_of_post(np.array([b], dtype=np.int8))[0]
            assert tuple(int(v) for v in row) == after.flip().me + after.flip().opp


def test_invert_swaps_the_sides_and_is_its_own_inverse() -> None:
    from game.tools import teacher_data as td

    p = np.array([[0.6, 0.2, 0.05, 0.1, 0.01]])
    q = td.invert(p)
    assert np.allclose(q, [[0.4, 0.1, 0.01, 0.2, 0.05]])
    assert np.allclose(td.invert(q), p)


@pytest.mark.parametrize(
    ("start_file", "n_in", "hidden"),
    [
        ("training/td0_338k.json", 199, 96),
        ("training/td0_338k.json", N_IN, 128),
        ("training/td0_338k.json", N_IN_X, 160),
        ("td_net.json", N_IN_X, 128),
        ("td_net.json", N_IN_X2, 128),
    ],
)
def test_the_grown_network_computes_what_it_starts_from(
    tmp_path: Path, start_file: str, n_in: int, hidden: int
) -> None:
    from game.tools import train_teacher as tt

    start = tt.ROOT / "assets" / "weights" / start_file
    model = tt.start_model(start, n_in, hidden, np.random.default_rng(0))
    tt.export(model, tmp_path / "grown.json", {})
    grown = load(tmp_path / "grown.json")
    base = load(start)
    rng = random.Random(2)
    for _ in range(30):
        pos = random_position(rng)
        assert grown.evaluate(pos) == pytest.approx(base.evaluate(pos), abs=2e-6)


def _chunk(path: Path, seed: int, n: int = 60) -> None:
    """A small data chunk labelled by the shipped network itself (as the teacher would label it)."""
    from game.tools import teacher_data as td

    rng = random.Random(seed)
    net = default_network()
    pre, post, probs = [], [], []
    while len(post) < n:
        pos = random_position(rng)
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        for play in plays[:2]:
            if play.position.my_off == 15:
                continue
            pre.append(td.board_of(pos))
            post.append(td.board_of(play.position))
            out = net.evaluate(play.position.flip())
            probs.append([1 - out[0], out[3], out[4], out[1], out[2]])  # the mover's outputs
    k = len(post)
    np.savez_compressed(
        path,
        pre=np.array(pre, dtype=np.int8),
        post=np.array(post, dtype=np.int8),
        probs=np.array(probs, dtype=np.float32),
        group=np.arange(k, dtype=np.int32),
        played=np.ones(k, dtype=bool),
        dice=np.ones((k, 2), dtype=np.int8),
    )


def test_reference_decisions_are_never_trained_on(tmp_path: Path) -> None:
    from game.tools import teacher_data as td
    from game.tools import train_teacher as tt

    _chunk(tmp_path / "a.npz", 1)
    data = tt.load_data([tmp_path], "*.npz")
    first = np.ascontiguousarray(data["pre"])[0].tobytes()
    held = {first}
    train, val = tt.split(data, held)
    pre = np.ascontiguousarray(data["pre"])
    kept = {pre[i].tobytes() for i in np.concatenate([train, val])}
    assert first not in kept
    assert len(train) + len(val) == sum(pre[i].tobytes() != first for i in range(len(pre)))
    # The committed reference set is what the trainer holds out.
    ref = td.reference_pre_boards()
    if td.REFERENCE.exists():
        with gzip.open(td.REFERENCE, "rt", encoding="ascii") as fh:
            line = next(x for x in fh if not x.startswith("#"))
        pos = Position.from_id(line.split()[0])
        assert np.array(td.board_of(pos), dtype=np.int8).tobytes() in ref


def test_a_short_run_learns_checkpoints_and_resumes(tmp_path: Path) -> None:
    from game.tools import train_teacher as tt

    data = tmp_path / "data"
    data.mkdir()
    for seed in range(4):
        _chunk(data / f"c{seed}.npz", seed + 10)
    files = ["--data", str(data), "--checkpoint", str(tmp_path / "ck"), "--export", str(tmp_path / "n.json")]
    files += ["--hidden", "96", "--inputs", "199", "--batch", "16"]
    assert tt.main([*files, "--epochs", "1"]) == 0
    assert tt.main([*files, "--epochs", "2", "--rank", "1"]) == 0  # the ranking term's path too
    log = (tmp_path / "ck_log.jsonl").read_text().splitlines()
    assert [line.split(",")[0] for line in log] == ['{"epoch": 1', '{"epoch": 2']
    assert load(tmp_path / "n.json").hidden == 96


def test_the_new_input_rows_step_by_their_own_factor(tmp_path: Path) -> None:
    """``--new-input-lr 0`` leaves the rows the start network lacks at zero and trains the rest."""
    from game.tools import train_teacher as tt

    data = tmp_path / "data"
    data.mkdir()
    for seed in range(4):
        _chunk(data / f"c{seed}.npz", seed + 10)
    stem = tmp_path / "ck"
    args = ["--data", str(data), "--checkpoint", str(stem), "--export", str(tmp_path / "n.json")]
    args += ["--inputs", str(N_IN_X2), "--batch", "16", "--epochs", "1", "--new-input-lr", "0"]
    assert tt.main(args) == 0
    w1 = np.load(stem.with_suffix(".npz"))["p_w1"]
    start = tt.start_model(
        tt.ROOT / "assets" / "weights" / "td_net.json", N_IN_X2, 128, np.random.default_rng(0)
    )
    assert not w1[N_IN_X:].any()
    assert not np.allclose(w1[:N_IN_X], start.p["w1"][:N_IN_X])


@pytest.mark.parametrize("n_in", [N_IN_X, N_IN_X2])
def test_the_209_and_219_input_encodings_are_the_games_and_evaluate_incrementally(
    tmp_path: Path, n_in: int
) -> None:
    from game.ai import net
    from game.tools import teacher_data as td
    from game.tools import train_teacher as tt

    rng = random.Random(6)
    afters = []
    while len(afters) < 150:
        pos = random_position(rng)
        afters += [p.position for p in legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))[:2]]
    afters = [a for a in afters if a.my_off < 15]
    x = tt.encode(np.array([td.board_of(a) for a in afters], dtype=np.int8), n_in)
    assert x.shape == (len(afters), n_in)
    for row, after in zip(x, afters, strict=True):
        assert list(row) == pytest.approx(net.encode(after.flip(), n_in), abs=1e-6)
    model = tt.start_model(
        tt.ROOT / "assets" / "weights" / "td_net.json", n_in, 100, np.random.default_rng(1)
    )
    model.p["w1"][net.N_BASE :] = np.random.default_rng(2).normal(0.0, 1.0, (n_in - net.N_BASE, 100))
    tt.export(model, tmp_path / "x.json", {})
    pure = load(tmp_path / "x.json")
    assert pure.extra is not None
    assert (pure.more is not None) == (n_in == N_IN_X2)
    _, want = model.forward(x.astype(np.float64))
    for after, w in zip(afters, want, strict=True):
        assert pure.evaluate(after.flip()) == pytest.approx(list(w), abs=2e-5)
    checked = 0
    for _ in range(60):
        pos = random_position(rng)
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        for play, got in zip(plays, pure.play_outputs(pos, plays), strict=True):
            if play.position.my_off < 15:
                assert got == pytest.approx(net.swap(pure.evaluate(play.position.flip())), abs=1e-9)
                checked += 1
    assert checked > 300


def test_pip_loss_and_containment_count_the_classic_numbers() -> None:
    from game.ai import features

    def side(points: dict[int, int]) -> tuple[int, ...]:
        s = [0] * 25
        for i, n in points.items():
            s[i] = n
        return tuple(s)

    shooter = side({23: 1})  # its 24-point: my index 0, 6 pips behind my 7-point
    # A blot on my 7-point (index 6): the 17 shots, each costing 18 pips.
    assert features.pip_loss(side({6: 1}), shooter) == 17 * 18
    # A second blot on my 3-point: the 12 rolls that travel 2 pips hit it (22 pips); of the 17 that
    # reach the 7-point, 5 (6-2, 2-6, 4-2, 2-4, 2-2) are already counted there.
    assert features.pip_loss(side({6: 1, 2: 1}), shooter) == 12 * 22 + 12 * 18
    assert features.pip_loss(side({}), shooter) == 0
    # Containment: an open board frees everything; a full prime in front of my back half frees nothing.
    assert features.containment(side({23: 1}), side({})) == 36
    prime = side({i: 2 for i in range(12, 18)})  # its points 13..18: my indices 11..6
    assert features.containment(side({23: 1}), prime) == 0


def test_the_one_pass_inputs_agree_with_each_definition() -> None:
    from game.ai import features

    rng = random.Random(8)
    for _ in range(1500):
        pos = random_position(rng)
        for own, other in ((pos.me, pos.opp), (pos.opp, pos.me)):
            assert features.side_inputs(own, other) == (
                features.shots(own, other),
                features.prime(own),
                features.escapes(own, other),
                features.pip_loss(own, other),
                features.containment(own, other),
            )


def test_the_ranking_term_is_the_gradient_of_its_loss_and_ignores_a_shared_error() -> None:
    """The ranking term's gradient matches finite differences of its loss; an error every play of a
    decision shares (the same equity offset) costs nothing, and a lone play adds nothing."""
    from game.tools.train_teacher import EQUITY, centred, rank_gradient

    rng = np.random.default_rng(3)
    groups = np.array([0, 0, 0, 1, 1, 2])
    logits = rng.normal(0.0, 1.0, (6, 5))
    y = rng.uniform(0.05, 0.95, (6, 5))

    def loss(z: Any) -> float:
        out = 1.0 / (1.0 + np.exp(-z))
        r = centred(out @ EQUITY - y @ EQUITY, groups)
        return float(2.0 * (r * r).sum() / len(out))

    out = 1.0 / (1.0 + np.exp(-logits))
    grad = rank_gradient(out, y, groups, 2.0)
    eps = 1e-6
    for i in range(6):
        for k in range(5):
            z = logits.copy()
            z[i, k] += eps
            up = loss(z)
            z[i, k] -= 2 * eps
            assert abs((up - loss(z)) / (2 * eps) - grad[i, k]) < 1e-6
    assert np.allclose(grad[5], 0.0)  # decision 2 has one play
    same = 1.0 / (1.0 + np.exp(-np.zeros((3, 5))))
    shifted = same.copy()
    shifted[:, 0] += 0.01  # every play of the decision 0.02 better by the teacher
    assert np.allclose(rank_gradient(same, shifted, np.zeros(3, dtype=int), 1.0), 0.0)


def test_deeper_labels_replace_the_plain_ones_and_weigh_as_often_as_asked(tmp_path: Path) -> None:
    from game.tools import train_teacher as tt

    _chunk(tmp_path / "a.npz", 3)
    data = tt.load_data([tmp_path], "a.npz")
    pre = np.ascontiguousarray(data["pre"])
    relabelled = pre[0].tobytes()
    deep = {k: v[:2].copy() for k, v in data.items()}
    deep["pre"][:] = pre[0]
    deep["probs"][:] = 0.5
    deep["group"][:] = 0
    both = tt.with_deeper(data, deep, 3)
    both_pre = np.ascontiguousarray(both["pre"])
    plain = [i for i in range(len(both_pre)) if not np.all(both["probs"][i] == 0.5)]
    assert all(both_pre[i].tobytes() != relabelled for i in plain)
    assert len(plain) == sum(pre[i].tobytes() != relabelled for i in range(len(pre)))
    added = [i for i in range(len(both_pre)) if i not in set(plain)]
    assert len(added) == 6
    assert len({int(both["group"][i]) for i in added}) == 3  # each copy its own decision
    assert not {int(both["group"][i]) for i in added} & {int(both["group"][i]) for i in plain}


def test_the_decisions_to_label_deeper_leave_out_the_reference_and_repeat_nothing(tmp_path: Path) -> None:
    from game.tools import teacher_data as td
    from game.tools.bench_teacher import board_key, read_reference

    _chunk(tmp_path / "levels-a.npz", 5)
    _chunk(tmp_path / "levels-b.npz", 5)  # the same decisions again
    reference = read_reference()[0][0]
    with np.load(tmp_path / "levels-a.npz") as z:
        arrays = {k: z[k].copy() for k in z.files}
    arrays["pre"][0] = np.frombuffer(board_key(reference), dtype=np.int8)
    np.savez_compressed(tmp_path / "levels-a.npz", **arrays)
    _chunk(tmp_path / "deep2-x.npz", 6)  # labelled already: never a source
    picked = td.deep_decisions(["*.npz"], 1, tmp_path)
    assert len(picked) == len(set(picked))
    assert board_key(reference) not in {b for b, _ in picked}
    expected = {(arrays["pre"][i].tobytes(), (1, 1)) for i in range(1, len(arrays["pre"]))}
    assert set(picked) == expected
    assert picked == td.deep_decisions(["*.npz"], 1, tmp_path)
    assert picked != td.deep_decisions(["*.npz"], 2, tmp_path)
