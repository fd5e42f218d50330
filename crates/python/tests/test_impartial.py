"""Your own impartial games from Python: Grundy values, outcomes, winning moves and
tables from option functions, checked against closed forms, the CLI and published
answers of contest problems."""

import datetime
import functools
import json
import operator

import pytest

import conway


def heap_options(subtraction):
    return lambda n: [n - s for s in subtraction if s <= n]


def test_nim_is_the_xor_of_its_heaps():
    def options(heaps):
        return [
            tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :]))
            for i, h in enumerate(heaps)
            for k in range(h)
        ]

    game = conway.ImpartialGame(options)
    for heaps in [(1, 2, 3), (3, 4, 5), (2, 7, 7), (1, 5, 6, 7)]:
        assert game.grundy(heaps) == functools.reduce(operator.xor, heaps)
    assert game.outcome((1, 2, 3)) == "P" and game.outcome((3, 4, 5)) == "N"
    # From 3 4 5 the only winning move makes the xor 0: take 2 from the 3.
    assert game.winning_moves((3, 4, 5)) == [(1, 4, 5)]


def test_kayles_matches_the_built_in_engine(cli):
    values = json.loads(cli("grundy", "kayles", "--to", "60", "--values", "--json"))["values"]

    def kayles(rows):  # sorted rows of pins: knock one or two adjacent ones down
        return [
            tuple(sorted(rows[:j] + rows[j + 1 :] + tuple(p for p in (i, n - i - k) if p)))
            for j, n in enumerate(rows)
            for k in (1, 2)
            for i in range(n - k + 1)
        ]

    def rows(position):  # each row is a game of its own
        return [(n,) for n in position] if len(position) > 1 else None

    game = conway.ImpartialGame(kayles, rows)
    table = game.table([(n,) if n else () for n in range(61)])
    assert table == [int(v) for v in values]
    # The sums were valued by their rows' nim-sum, not searched.
    assert game.positions_evaluated < 61 * 61
    assert game.winning_moves((3, 3)) == []
    assert len(game.winning_moves((7,))) == 2  # as `conway solve heap 0.77 7` lists them
    # The same values without the decomposition, on short rows (the search is exponential).
    assert conway.grundy_table(kayles, [(n,) if n else () for n in range(13)]) == table[:13]


def test_components_from_a_method():
    class Heaps:
        """Nim heaps, each heap a game of its own."""

        def __init__(self, *heaps):
            self.heaps = tuple(sorted(heaps))

        def options(self):
            return [
                Heaps(*(self.heaps[:i] + (k,) + self.heaps[i + 1 :]))
                for i, h in enumerate(self.heaps)
                for k in range(h)
            ]

        def components(self):
            return [Heaps(h) for h in self.heaps] if len(self.heaps) > 1 else None

        def __eq__(self, other):
            return self.heaps == other.heaps

        def __hash__(self):
            return hash(self.heaps)

    assert conway.grundy_value(Heaps(9, 17, 30, 44)) == 9 ^ 17 ^ 30 ^ 44


def test_positions_with_an_options_method():
    class Heap:
        def __init__(self, n):
            self.n = n

        def options(self):
            return [Heap(self.n - k) for k in (1, 2, 3) if k <= self.n]

        def __eq__(self, other):
            return self.n == other.n

        def __hash__(self):
            return hash(self.n)

    assert [conway.grundy_value(Heap(n)) for n in range(9)] == [n % 4 for n in range(9)]
    assert conway.outcome(Heap(8)) == "P"
    assert [h.n for h in conway.winning_moves(Heap(7))] == [4]


def test_misere_play():
    # Misère Nim with heaps of 1: the player to move loses when their number is odd.
    def options(n):
        return [n - 1] if n else []

    assert [conway.outcome(n, options, misere=True) for n in range(5)] == ["N", "P", "N", "P", "N"]
    assert conway.winning_moves(2, options, misere=True) == [1]
    assert conway.outcome(2, options) == "P"


def test_deep_games_need_no_recursion():
    assert conway.grundy_value(200_000, heap_options([1])) == 0
    assert conway.grundy_value(200_001, heap_options([1, 2])) == 200_001 % 3


def test_exceptions_in_callbacks_propagate_unchanged():
    class Mine(Exception):
        pass

    def options(n):
        if n == 3:
            raise Mine("from the callback")
        return [n - 1] if n else []

    game = conway.ImpartialGame(options)
    with pytest.raises(Mine, match="from the callback"):
        game.grundy(10)
    # Nothing half-explored was remembered: values below the failure are fine.
    assert game.grundy(2) == 0
    with pytest.raises(TypeError):
        conway.grundy_value(1, lambda n: [[n - 1]])  # a list is not hashable
    with pytest.raises(TypeError):
        conway.grundy_value(1, lambda n: 5)  # not iterable


def test_cycles_are_reported():
    with pytest.raises(ValueError, match="cycle"):
        conway.grundy_value(0, lambda n: [(n + 1) % 3])


# Contest problems from the seeds, with the answers their problem statements publish.


def test_s_nim_hdu_1536():
    # S = {2, 5}; positions of 2, 3 and 4 heaps: "LWW".
    game = conway.ImpartialGame(heap_options([2, 5]))
    answers = []
    for heaps in [(5, 12), (2, 4, 7), (2, 3, 7, 12)]:
        g = functools.reduce(operator.xor, game.table(heaps))
        answers.append("W" if g else "L")
    assert "".join(answers) == "LWW"
    game = conway.ImpartialGame(heap_options([1, 2, 3, 4, 5]))
    answers = "".join(
        "W" if functools.reduce(operator.xor, game.table(h)) else "L"
        for h in [(5, 12), (2, 4, 7), (2, 3, 7, 12)]
    )
    assert answers == "WWL"


def test_multiplication_game_hdu_1517():
    # Multiply p (from 1) by 2..9; whoever reaches n or more wins. Stan moves first.
    def winner(n):
        def options(p):
            return [p * k for k in range(2, 10)] if p < n else []

        return "Stan wins." if conway.outcome(1, options) == "N" else "Ollie wins."

    assert [winner(n) for n in (162, 17, 34012226)] == ["Stan wins.", "Ollie wins.", "Stan wins."]


def test_fibonacci_subtraction_hdu_1848():
    fib = [1, 2]
    while fib[-1] < 1000:
        fib.append(fib[-1] + fib[-2])
    game = conway.ImpartialGame(heap_options(fib))

    def winner(*heaps):
        return "Fibo" if functools.reduce(operator.xor, game.table(heaps)) else "Nacci"

    assert [winner(1, 1, 1), winner(1, 4, 1)] == ["Fibo", "Nacci"]


def test_calendar_game_hdu_1079():
    end = datetime.date(2001, 11, 4)

    def options(day):
        moves = []
        if day < end:
            moves.append(day + datetime.timedelta(days=1))
            year, month = (day.year, day.month + 1) if day.month < 12 else (day.year + 1, 1)
            try:
                same_day = day.replace(year=year, month=month)
            except ValueError:  # the next month has no such day
                same_day = None
            if same_day is not None and same_day <= end:
                moves.append(same_day)
        return moves

    game = conway.ImpartialGame(options)

    def adam(y, m, d):
        return "YES" if game.outcome(datetime.date(y, m, d)) == "N" else "NO"

    assert [adam(2001, 11, 3), adam(2001, 11, 2), adam(2001, 10, 3)] == ["YES", "NO", "NO"]
    # The whole range from 1900-01-01, in one memoised game.
    assert game.outcome(datetime.date(1900, 1, 1)) in ("P", "N")
    assert game.positions_evaluated > 36000


def test_kikis_game_hdu_2147():
    # A coin at the top-right of an n×m board moves left, down or down-left; the player
    # who cannot move loses. Kiki, moving first, wins unless n and m are both odd.
    def verdict(n, m):
        def options(square):
            r, c = square
            return [(r + dr, c - dc) for dr, dc in ((0, 1), (1, 0), (1, 1)) if r + dr <= n and c - dc >= 1]

        return "Wonderful!" if conway.outcome((1, m), options) == "N" else "What a pity!"

    assert [verdict(5, 3), verdict(5, 4), verdict(6, 6)] == ["What a pity!", "Wonderful!", "Wonderful!"]
    for n in range(1, 9):
        for m in range(1, 9):
            assert (verdict(n, m) == "What a pity!") == (n % 2 == 1 and m % 2 == 1)


def test_outcome_still_answers_partizan_games():
    assert conway.outcome("{1|-1}") == "N"
    assert conway.outcome(conway.game("^")) == "L"
    with pytest.raises(ValueError, match="impartial"):
        conway.outcome("*", misere=True)
