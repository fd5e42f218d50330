"""Heap games from Python: values and periods as `conway grundy` gives them."""

import json
import sys

import pytest

import conway
from conftest import stopped_by_ctrl_c


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


def test_ctrl_c_stops_a_long_sequence():
    assert stopped_by_ctrl_c("", 'conway.heap_sequence("0.167", 268435455)', work=1.0) < 1.0


def test_values_are_numpy_arrays_when_numpy_is_installed(monkeypatch):
    numpy = pytest.importorskip("numpy")  # the test script installs it
    with_numpy = conway.heap_sequence("grundy", 300)
    assert isinstance(with_numpy.values, numpy.ndarray) and with_numpy.values.dtype.kind == "u"
    monkeypatch.setitem(sys.modules, "numpy", None)  # as if NumPy were not installed
    plain = conway.heap_sequence("grundy", 300)
    assert isinstance(plain.values, list)
    assert plain.values == with_numpy.values.tolist()
