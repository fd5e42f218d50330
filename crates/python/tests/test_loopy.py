"""Loopy partizan games from Python: CGSuite's notation in, CGSuite's printing out."""

import pytest

import conway


def test_loopy_values_print_as_cgsuite_prints_them():
    # CGSuite's test suite (EvalTest.scala, CanonicalStopperTestCase.scala).
    assert str(conway.game("x{0|x}")) == "over"
    assert str(conway.game("{pass|3/2}")) == "3/2under"
    assert str(conway.game("a{1||a|0}")) == "2 & +-1"
    assert str(conway.game("{pass|pass}")) == "dud"
    assert isinstance(conway.game("over"), conway.LoopyGame)
    # A loopy notation whose value is short is a Game.
    assert isinstance(conway.game("a{0|{1|2}}"), conway.Game)


def test_loopy_arithmetic_and_comparison():
    over = conway.game("over")
    assert over > 0
    # CGSuite's EvalTest.scala, "loopy plus canonical": over + ^ = over.
    assert over + conway.game("^") == over
    assert str(over + 5) == "5over"
    assert str(-over) == "under"
    on, off = conway.game("on"), conway.game("off")
    assert str(on + off) == "dud"
    assert (on + off).outcome == "D"
    assert conway.game("a{{|a}|}").outcome == "PHat"
    assert str(conway.game("a{1||a|0}").offside) == "+-1"
    assert conway.game("dud").is_stopper is False
    assert conway.game("over").is_stopper


def test_table_functions_take_loopy_games():
    assert conway.is_stopper("over") is True
    assert str(conway.onside("a{1||a|0}")) == "2"
    assert conway.outcome("over") == "L"
    assert str(conway.left_stop("{pass|3/2}")) == "3/2under"
    assert str(conway.degree("over")) == "over"


def test_bad_loopy_input_is_a_located_error():
    with pytest.raises(ValueError) as error:
        conway.game("{1|0+pass}")
    assert error.value.column == 6
    with pytest.raises(ValueError):
        conway.game("pass")
    with pytest.raises(ValueError):
        conway.temperature("over")
