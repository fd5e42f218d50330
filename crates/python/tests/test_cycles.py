"""Games with cycles from Python: retrograde analysis of a user's game, and generalized
Sprague-Grundy values of a loopy graph."""

import json

import pytest

import conway

STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def chase(n):
    """The Easy Chase on an n×n board as callbacks: a state is (side, white, black)."""

    def inside(square):
        return 1 <= square[0] <= n and 1 <= square[1] <= n

    def successors(state):
        side, white, black = state
        if side == "white":
            moves = [(white[0] + dx, white[1] + dy) for dx, dy in STEPS]
            return [("black", w, black) for w in moves if inside(w)]
        moves = [(black[0] + k * dx, black[1] + k * dy) for dx, dy in STEPS for k in (1, 2)]
        return [("white", white, b) for b in moves if inside(b)]

    def terminal_value(state):  # whoever moved onto the other's square has won
        return "loss" if state[1] == state[2] else None

    squares = [(x, y) for x in range(1, n + 1) for y in range(1, n + 1)]
    starts = [("white", w, b) for w in squares for b in squares if w != b]
    return conway.retrograde(starts, successors, terminal_value)


def test_the_easy_chase_matches_the_built_in_solver(cli):
    solved = chase(4)
    assert len(solved) == 2 * 4**4
    for w, b in [((1, 1), (4, 4)), ((2, 2), (3, 3)), ((1, 4), (4, 1)), ((2, 1), (2, 4))]:
        report = json.loads(cli("solve", "chase", "4", *map(str, w + b), "--json"))
        state = ("white", w, b)
        winner = {"win": "white", "loss": "black"}[solved.outcome(state)]
        assert (winner, solved.plies(state)) == (report["winner"], report["plies"])
        move = solved.best_move(state)
        assert move in [("black", v, b) for v in [(w[0] + dx, w[1] + dy) for dx, dy in STEPS]]
        assert solved.plies(move) == solved.plies(state) - 1


def test_draws_terminals_and_census():
    # A cycle with an exit: from "a" the mover may go to "b" (and back), or to "end",
    # where the game is drawn by rule.
    moves = {"a": ["b", "end"], "b": ["a"], "end": []}
    solved = conway.retrograde(["a"], moves.__getitem__, lambda s: "draw" if s == "end" else None)
    assert [solved.outcome(s) for s in "ab"] == ["draw", "draw"]
    assert solved.plies("a") is None
    assert solved.census()["draws"] == 3
    with pytest.raises(KeyError, match="not a state reachable"):
        solved.outcome("zzz")
    with pytest.raises(ValueError, match="terminal_value must return"):
        conway.retrograde(["a"], moves.__getitem__, lambda s: "victory")


def test_callback_errors_propagate():
    def successors(state):
        raise LookupError("no such rule")

    with pytest.raises(LookupError, match="no such rule"):
        conway.retrograde([0], successors)


def test_loopy_grundy_values():
    # Winning Ways ch. 12 style: a 2-cycle a <-> b with an exit from a to a terminal c.
    values = conway.loopy_grundy([("a", "b"), ("b", "a"), ("a", "c")])
    assert values["c"] == 0
    assert values["a"] == 1  # a can move to c (value 0), and b's only move is back to a
    assert values["b"] == 0
    # A pure 2-cycle is a draw: ∞ with no finite options.
    loop = conway.loopy_grundy([(1, 2), (2, 1)], vertices=[3])
    assert str(loop[1]) == "∞(∅)" and loop[1] == loop[2] and loop[3] == 0
    assert isinstance(loop[1], conway.Infinite) and loop[1].finite_options == []


def test_loopy_grundy_matches_the_cli(cli, tmp_path):
    edges = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("b", "e")]
    path = tmp_path / "g.txt"
    path.write_text("\n".join(f"{u} {v}" for u, v in edges) + "\n")
    report = json.loads(cli("solve", "digraph", str(path), "--json"))
    values = conway.loopy_grundy(edges)
    expected = {vertex: v["value"] for vertex, v in report["vertices"].items()}
    assert {vertex: as_the_cli_prints(v) for vertex, v in values.items()} == expected


def as_the_cli_prints(value):
    if isinstance(value, conway.Infinite):
        return str(value)
    return {0: "0", 1: "*"}.get(value, f"*{value}")


def test_a_text_is_not_a_list_of_start_states():
    # Its characters would be taken for the states: "abc" for "a", "b" and "c".
    for text in ["", "abc", b"abc"]:
        with pytest.raises(TypeError, match="start_states must be an iterable of states, not"):
            conway.retrograde(text, lambda s: [])
    assert conway.retrograde(["abc"], lambda s: []).outcome("abc") == "loss"
