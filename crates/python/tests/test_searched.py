"""``conway.solve`` of the partizan rulesets searched for who wins, against the outcome of
the position's value (``outcome(ruleset("…") + 0)`` is valued, not searched), on random small
boards from Python."""

from hypothesis import given, settings
from hypothesis import strategies as st

import conway

# The catalogue's game, its ``eval`` function, and the squares a board is drawn from.
RULESETS = [
    ("clobber", "clobber", "xo."),
    ("konane", "konane", "xo.."),
    ("cram", "cram", "..#"),
    ("col", "col", "xo..."),
    ("snort", "snort", "xo..."),
    ("nogo", "nogo", "xo..."),
    ("amazons", "amazons", "xo..#"),
    ("domineering", "domineering", "..#"),
]


@st.composite
def boards(draw):
    game, function, squares = draw(st.sampled_from(RULESETS))
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, 3))
    cells = draw(st.lists(st.sampled_from(squares), min_size=rows * cols, max_size=rows * cols))
    text = "|".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
    return game, function, text


@settings(max_examples=150, deadline=None)
@given(board=boards())
def test_searched_outcomes_are_the_values_outcomes(board):
    game, function, text = board
    try:
        valued = conway.evaluate(f'outcome({function}("{text}") + 0)')
    except ValueError:
        # Not a position of the ruleset (a NoGo group without a liberty): the search refuses
        # it too.
        try:
            conway.solve(game, text)
        except ValueError:
            return
        raise AssertionError(f"{game} {text}: searched, but not a position")
    solution = conway.solve(game, text)
    assert solution.outcome == str(valued), (game, text)
    assert conway.evaluate(f'outcome({function}("{text}"))') == valued


@settings(max_examples=50, deadline=None)
@given(strip=st.text(alphabet="tf..", min_size=1, max_size=10))
def test_searched_toads_and_frogs_are_the_values_outcomes(strip):
    valued = conway.evaluate(f'outcome(toads_and_frogs("{strip}") + 0)')
    assert conway.solve("toads-and-frogs", strip).outcome == str(valued), strip
