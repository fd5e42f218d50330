"""Your own partizan games from Python: canonical forms from move functions or methods,
checked against the built-in rulesets."""

import random

import pytest

import conway


class Domineering:
    """Domineering in fifteen lines: Left places vertical dominoes, Right horizontal."""

    def __init__(self, cells, rows, columns):
        self.cells, self.rows, self.columns = frozenset(cells), rows, columns

    def moves(self, dr, dc):
        return [Domineering(self.cells - {(r, c), (r + dr, c + dc)}, self.rows, self.columns)
                for (r, c) in self.cells if (r + dr, c + dc) in self.cells]

    def left_moves(self):
        return self.moves(1, 0)

    def right_moves(self):
        return self.moves(0, 1)

    def __eq__(self, other):
        return self.cells == other.cells

    def __hash__(self):
        return hash(self.cells)


def board(text):
    rows = text.split("|")
    cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."}
    return Domineering(cells, len(rows), len(rows[0]))


def test_domineering_in_python_matches_the_built_in_ruleset():
    game = conway.PartizanGame()  # moves from the positions' methods
    texts = ["|".join(["." * n] * m) for m in range(1, 5) for n in range(1, 5)]
    for cells in range(1 << 9):  # every 3×3 board with some squares filled
        texts.append("|".join("".join("." if cells >> (3 * r + c) & 1 else "#" for c in range(3)) for r in range(3)))
    rng = random.Random(2026)
    for _ in range(20):
        texts.append("|".join("".join(rng.choice("...#") for _ in range(5)) for _ in range(5)))
    for text in texts:
        assert game.canonical_form(board(text)) == conway.domineering(text), text


def test_move_functions_and_components():
    # Left removes one stone, Right two, from one of several heaps: each heap is a part.
    def left(heaps):
        return [tuple(sorted(heaps[:i] + (h - 1,) + heaps[i + 1:])) for i, h in enumerate(heaps) if h >= 1]

    def right(heaps):
        return [tuple(sorted(heaps[:i] + (h - 2,) + heaps[i + 1:])) for i, h in enumerate(heaps) if h >= 2]

    def parts(heaps):
        return [(h,) for h in heaps] if len(heaps) > 1 else None

    game = conway.PartizanGame(left, right, parts)
    single = [game.canonical_form((n,)) for n in range(8)]
    total = game.canonical_form((3, 5, 7))
    assert total == single[3] + single[5] + single[7]
    without_parts = conway.canonical_form((3, 5, 7), left, right)
    assert without_parts == total
    assert str(conway.canonical_form((2,), left, right)) == "{1|0}"


def test_deep_games_and_errors():
    def down(n):
        return [n - 1] if n else []

    assert conway.canonical_form(30001, down, down) == conway.game("*")

    class Mine(Exception):
        pass

    def broken(n):
        if n == 5:
            raise Mine("listed no moves")
        return down(n)

    game = conway.PartizanGame(broken, down)
    with pytest.raises(Mine, match="listed no moves"):
        game.canonical_form(9)
    assert game.canonical_form(4) == 0
    with pytest.raises(ValueError, match="cycle"):
        conway.canonical_form(0, lambda n: [(n + 1) % 3], lambda n: [])
    with pytest.raises(ValueError, match="both"):
        conway.PartizanGame(down)
    with pytest.raises(RuntimeError, match="inside a callback"):
        conway.canonical_form(3, lambda n: [conway.game(n)], down)
