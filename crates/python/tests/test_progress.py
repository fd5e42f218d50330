"""``progress=``: the bar and progress callables of long computations."""

import random
import sys
import types

import pytest

import conway
from conway.progress import TextBar


def random_game(n, seed):
    rng = random.Random(seed)
    return [[[rng.randrange(100) for _ in range(n)] for _ in range(n)] for _ in range(2)]


def test_a_callable_sees_the_work_grow():
    a, b = random_game(18, 1)  # a few seconds of reverse search
    reports = []
    found = conway.nash(a, b, progress=lambda *r: reports.append(r))
    assert found == conway.nash(a, b)
    assert reports, "a second of work is reported"
    done = [d for d, _, _ in reports]
    assert done == sorted(done) and all(unit == "bases" for _, _, unit in reports)

    heaps = []
    conway.heap_sequence(lambda n: [n - 1] if n else [], 2_000_000, progress=lambda *r: heaps.append(r))
    assert heaps and all(t == 2_000_001 and u == "heaps" and 0 < d <= t for d, t, u in heaps)


def test_an_exception_in_the_callable_stops_the_work():
    a, b = random_game(18, 2)

    def stop(done, total, unit):
        raise RuntimeError(f"stopped at {done} {unit}")

    with pytest.raises(RuntimeError, match="stopped at .* bases"):
        conway.nash(a, b, progress=stop)
    with pytest.raises(RuntimeError, match="stopped at .* heaps"):
        conway.heap_sequence(lambda n: [n - 1] if n else [], 10**6, progress=stop)


def test_the_text_bar(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if tqdm were not installed
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    conway.heap_sequence(lambda n: [n - 1] if n else [], 2_000_000, progress=True)
    err = capsys.readouterr().err
    assert "heap_sequence(<lambda>): [" in err and "/2,000,001 heaps" in err and err.endswith("\n")
    bar = TextBar("work")
    bar(5, None, "states")
    bar.close()
    assert capsys.readouterr().err.startswith("\rwork: 5 states (")


def test_tqdm_is_used_when_installed(monkeypatch):
    made = []

    class FakeTqdm:
        def __init__(self, desc, total, leave):
            self.desc, self.total, self.n, self.unit, self.closed = desc, total, 0, "", False
            made.append(self)

        def refresh(self):
            pass

        def close(self):
            self.closed = True

    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = FakeTqdm
    monkeypatch.setitem(sys.modules, "tqdm", types.ModuleType("tqdm"))
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    conway.heap_sequence(lambda n: [n - 1] if n else [], 2_000_000, progress=True)
    (bar,) = made
    assert bar.desc == "heap_sequence(<lambda>)" and bar.total == 2_000_001 and bar.unit == "heaps"
    assert 0 < bar.n <= 2_000_001 and bar.closed


def test_every_long_computation_takes_progress(capsys):
    # A long cycle 0 -> 1 -> ... -> n-1 -> 0 with an exit at 0: explored state by state.
    n = 300_000
    reports = []
    solved = conway.retrograde([0], lambda s: [(s + 1) % n] + (["out"] if s == 0 else []) if s != "out" else [],
                               progress=lambda *r: reports.append(r))
    assert solved.outcome(0) == "win" and len(solved) == n + 1
    assert reports and all(u == "states explored" and t is None for _, t, u in reports)
    assert conway.loopy_grundy([(0, 1), (1, 0), (1, 2)], progress=True) == conway.loopy_grundy(
        [(0, 1), (1, 0), (1, 2)])
    game = [[1, 0], [0, 1]]
    assert conway.stable(game, 6, progress=lambda *r: None) == conway.stable(game, 6)


def test_your_own_games_show_the_positions_met(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)

    # A slow subtraction game: each position's moves take a little Python work.
    def options(n):
        sum(range(200))
        return [n - k for k in (1, 3, 4) if k <= n]

    reports = []
    game = conway.ImpartialGame(options, progress=lambda *r: reports.append(r))
    assert game.grundy(60_000) == conway.grundy_value(60_000, options)
    assert reports and all(t is None and u == "positions" for _, t, u in reports)
    assert [d for d, _, _ in reports] == sorted(d for d, _, _ in reports)
    assert conway.grundy_table(options, [60_000], progress=True) == [game.grundy(60_000)]
    assert "ImpartialGame: " in capsys.readouterr().err

    def moves(n):
        sum(range(200))
        return [n - 1] if n else []

    seen = []
    value = conway.canonical_form(60_000, moves, moves, progress=lambda *r: seen.append(r))
    assert value == 0 and seen and seen[-1][2] == "positions"

    def stop(done, total, unit):
        raise InterruptedError("enough")

    with pytest.raises(InterruptedError, match="enough"):
        conway.PartizanGame(moves, moves, progress=stop).canonical_form(60_001)
