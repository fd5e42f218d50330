"""Heap games from Python: values and periods as `conway grundy` gives them."""

import json
import sys

import pytest

import conway


@pytest.mark.parametrize("game,to", [("0.137", 200), ("S(1,3,4)", 100), ("kayles", 300), ("grundy", 200), ("lasker", 100), ("allbut(1,2)", 300)])
def test_values_and_period_match_the_cli(cli, game, to):
    report = json.loads(cli("grundy", game, "--to", str(to), "--values", "--json"))
    sequence = conway.heap_sequence(game, to)
    assert sequence.game == report["game"]
    assert sequence.computed_to == report["computed_to"] == to
    assert [int(v) for v in sequence.values] == [int(v) for v in report["values"]]
    assert (sequence.preperiod, sequence.period, sequence.saltus, sequence.certified) == (
        report["preperiod"], report["period"], report["saltus"], report["certified"])
    assert len(sequence) == to + 1


def test_published_periods():
    # Kayles (0.77) has period 12 from heap 71 (Guy and Smith, 1956; Winning Ways ch. 4).
    kayles = conway.heap_sequence("0.77", 1000)
    assert (kayles.preperiod, kayles.period, kayles.certified) == (71, 12, True)
    assert "period 12 from heap 71 (certified)" in repr(kayles)
    # Dawson's Kayles (0.07) has period 34 from heap 53 (Winning Ways ch. 4).
    dawson = conway.heap_sequence("0.07", 1000)
    assert (dawson.preperiod, dawson.period) == (53, 34)
    assert kayles[3] == 3 and dawson[9] == 0


def test_bad_games_and_limits():
    with pytest.raises(ValueError, match="'x' is not an octal or hexadecimal digit"):
        conway.heap_sequence("0.7x", 10)
    with pytest.raises(conway.TooLargeError):
        conway.heap_sequence("grundy", 10**9)


def test_values_are_numpy_arrays_when_numpy_is_installed(monkeypatch):
    numpy = pytest.importorskip("numpy")  # the test script installs it
    with_numpy = conway.heap_sequence("grundy", 300)
    assert isinstance(with_numpy.values, numpy.ndarray) and with_numpy.values.dtype.kind == "u"
    monkeypatch.setitem(sys.modules, "numpy", None)  # as if NumPy were not installed
    plain = conway.heap_sequence("grundy", 300)
    assert isinstance(plain.values, list)
    assert plain.values == with_numpy.values.tolist()


def octal_rule(code):
    """A heap game's moves from its octal code, written out the slow, obvious way: digit
    d_k says whether taking k tokens may leave no heap (1), one heap (2) or two heaps (4)."""
    digits = [int(d) for d in code.replace("0.", "")]

    def rule(n):
        moves = []
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                moves.append(())
            if d & 2 and rest > 0:
                moves.append(rest)  # one heap, as a bare int
            if d & 4:
                moves += [(a, rest - a) for a in range(1, rest // 2 + 1) if rest - a > 0]
        return moves

    rule.__name__ = f"octal {code}"
    return rule


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.51", "0.6", "0.4"])
def test_python_rules_give_the_built_in_values(code):
    built_in = conway.heap_sequence(code, 400)
    mine = conway.heap_sequence(octal_rule(code), 400)
    assert [int(v) for v in mine.values] == [int(v) for v in built_in.values]
    assert mine.game == f"octal {code}" and mine.certified is False
    if built_in.period is not None and built_in.preperiod * 2 + built_in.period * 3 <= 400:
        assert (mine.preperiod, mine.period) == (built_in.preperiod, built_in.period)


def test_python_rule_with_growing_values():
    # Lasker's Nim: remove any number, or split a heap into two; its values have
    # arithmetic period 4 with saltus 4 (1, 2, 4, 3 then +4).
    def lasker(n):
        return [n - k for k in range(1, n + 1)] + [(a, n - a) for a in range(1, n // 2 + 1)]

    seq = conway.heap_sequence(lasker, 60)
    assert [int(v) for v in seq.values[:9]] == [0, 1, 2, 4, 3, 5, 6, 8, 7]
    assert (seq.period, seq.saltus) == (4, 4)


def test_bad_python_rules():
    with pytest.raises(ValueError, match=r"rule\(1\) leaves a heap of 1: a move from a heap of 1 leaves heaps of 0 to 0"):
        conway.heap_sequence(lambda n: [n] if n else [], 10)
    with pytest.raises(ValueError, match="leaves a heap of -1"):
        conway.heap_sequence(lambda n: [(n - 2,)] if n else [], 10)
    with pytest.raises(TypeError):
        conway.heap_sequence(lambda n: 3, 10)
    with pytest.raises(TypeError):
        conway.heap_sequence(lambda n: [("a",)] if n else [], 10)

    def raises(n):
        if n == 5:
            raise LookupError("the user's own error")
        return [n - 1] if n else []

    with pytest.raises(LookupError, match="the user's own error"):
        conway.heap_sequence(raises, 10)
    with pytest.raises(conway.TooLargeError, match="16777215"):
        conway.heap_sequence(lambda n: [], 1 << 24)


def test_misere_quotients_match_the_cli(cli):
    # Plambeck and Siegel's quotient of 0.75 ("Misère quotients for impartial games", 2008).
    report = json.loads(cli("grundy", "0.75", "--misere-quotient", "--json"))
    q = conway.misere_quotient("0.75")
    assert q.presentation == report["presentation"] == "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}"
    assert (q.order, q.p_order, q.complete, q.period, q.preperiod) == (8, 2, True, 2, 8)
    assert q.heap_words == report["heap_words"] and q.table == report["table"]
    assert q.p_elements == ["a", "b2"]
    assert "<svg" in q.svg() and "the whole game's" in repr(q)


@pytest.mark.parametrize("heaps", [(4, 7), (1,), (20,), (1000000, 5), (3, 3, 9), (71, 83, 12)])
def test_kayles_misere_positions_match_the_cli(cli, heaps):
    report = json.loads(cli("solve", "kayles", *map(str, heaps), "--misere", "--json"))
    q = conway.misere_quotient("kayles")
    assert q.complete and q.order == 40
    assert q.outcome(*heaps) == report["outcome"]
    assert q.element(*heaps) == report["element"] == q.element(list(heaps))
    moves = sorted(tuple(int(h) for h in m["to"].split()) for m in report["winning_moves"])
    if report["all_winning_moves"]:
        assert sorted(q.winning_moves(*heaps)) == moves


def test_misere_quotients_of_python_rules():
    """A rule's quotient equals the code's, heap for heap, but no period is certified, so
    heaps past those computed are refused."""
    rule = octal_rule("0.77")
    q = conway.misere_quotient(rule, 60)
    code = conway.misere_quotient("0.77", 60)
    assert (q.presentation, q.heap_words) == (code.presentation, code.heap_words)
    assert not q.complete and q.game == "octal 0.77"
    assert q.outcome(5, 9) == code.outcome(5, 9)
    assert sorted(q.winning_moves(5, 9)) == sorted(code.winning_moves(5, 9))
    with pytest.raises(ValueError, match="past the quotient"):
        q.outcome(61)
    with pytest.raises(ValueError, match="a heap of 0 has no moves"):
        conway.misere_quotient(lambda n: [n], 5)
    with pytest.raises(ValueError, match=r"rule\(3\) leaves a heap of 3"):
        conway.misere_quotient(lambda n: [n] if n == 3 else [], 5)
    with pytest.raises(conway.TooLargeError):
        conway.misere_quotient(rule, 10**6)
    with pytest.raises(TypeError):
        conway.misere_quotient(3, 5)
