"""How much time Conway adds to a Python-defined game: the total time of solving it,
against the time spent inside the user's move callbacks alone (measured by wrapping them).
The issue's target is a total of at most 1.3× the callbacks' time.

    python crates/python/bench/overhead.py [--repeat 5]
"""

import argparse
import statistics
import time

import conway


def timed(function, spent):
    def wrapper(*args):
        start = time.perf_counter()
        try:
            return function(*args)
        finally:
            spent[0] += time.perf_counter() - start

    return wrapper


def kayles(rows):
    return [
        tuple(sorted(rows[:j] + rows[j + 1:] + tuple(p for p in (i, n - i - k) if p)))
        for j, n in enumerate(rows)
        for k in (1, 2)
        for i in range(n - k + 1)
    ]


def kayles_rows(position):
    return [(n,) for n in position] if len(position) > 1 else None


def kayles_run(spent):
    game = conway.ImpartialGame(timed(kayles, spent), timed(kayles_rows, spent))
    return game.table([(n,) if n else () for n in range(61)])


def domineering_moves(dr, dc):
    def moves(cells):
        return [cells - {(r, c), (r + dr, c + dc)} for (r, c) in cells if (r + dr, c + dc) in cells]

    return moves


def domineering_run(spent):
    board = frozenset((r, c) for r in range(4) for c in range(5))
    game = conway.PartizanGame(timed(domineering_moves(1, 0), spent), timed(domineering_moves(0, 1), spent))
    return game.canonical_form(board)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for name, run in [("Kayles to 60", kayles_run), ("Domineering 4x5", domineering_run)]:
        totals, callbacks = [], []
        for _ in range(args.repeat):
            spent = [0.0]
            start = time.perf_counter()
            run(spent)
            totals.append(time.perf_counter() - start)
            callbacks.append(spent[0])
        total, inside = statistics.median(totals), statistics.median(callbacks)
        print(f"{name}: total {total:.3f} s, in callbacks {inside:.3f} s, ratio {total / inside:.2f}")


if __name__ == "__main__":
    main()
