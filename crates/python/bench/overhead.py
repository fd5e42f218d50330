"""How much time Conway adds to a Python-defined game: the total time of solving it,
against the time spent inside the user's move callbacks alone. The issue's target is a
total of at most 1.3× the callbacks' time.

The callbacks' time is measured in runs where every callback is wrapped in a timer; the
total in separate runs without the wrappers (which would inflate it). For reference, the
"walk" line is the least any memoising tool pays: a plain Python walk over the same
positions calling the same callbacks and numbering the positions in a dict, valuing nothing.

    python crates/python/bench/overhead.py [--repeat 7]
"""

import argparse
import resource
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


KAYLES_ROOTS = [(n,) if n else () for n in range(61)]


def kayles_run(wrap):
    return conway.ImpartialGame(wrap(kayles), wrap(kayles_rows)).table(KAYLES_ROOTS)


def kayles_walk(wrap):
    options, parts = wrap(kayles), wrap(kayles_rows)
    return walk(KAYLES_ROOTS, lambda p: parts(p) or options(p))


def domineering_moves(dr, dc):
    def moves(cells):
        return [cells - {(r, c), (r + dr, c + dc)} for (r, c) in cells if (r + dr, c + dc) in cells]

    return moves


LEFT, RIGHT = domineering_moves(1, 0), domineering_moves(0, 1)
BOARD = frozenset((r, c) for r in range(4) for c in range(5))


def domineering_run(wrap):
    return conway.PartizanGame(wrap(LEFT), wrap(RIGHT)).canonical_form(BOARD)


def domineering_walk(wrap):
    left, right = wrap(LEFT), wrap(RIGHT)
    return walk([BOARD], lambda p: left(p) + right(p))


def walk(roots, children):
    """Numbers every position reachable from `roots`, each expanded once."""
    numbers, order = {}, []
    for root in roots:
        if root not in numbers:
            numbers[root] = len(order)
            order.append(root)
    i = 0
    while i < len(order):
        for child in children(order[i]):
            if child not in numbers:
                numbers[child] = len(order)
                order.append(child)
        i += 1
    return len(order)


def seconds(run, wrap):
    start = time.perf_counter()
    run(wrap)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    games = [
        ("Kayles to 60", kayles_run, kayles_walk),
        ("Domineering 4x5", domineering_run, domineering_walk),
    ]
    for name, run, walk_run in games:
        totals, walks, callbacks = [], [], []
        for _ in range(args.repeat):
            totals.append(seconds(run, lambda f: f))
            walks.append(seconds(walk_run, lambda f: f))
            spent = [0.0]
            seconds(run, lambda f, spent=spent: timed(f, spent))
            callbacks.append(spent[0])
        total, inside, least = (statistics.median(x) for x in (totals, callbacks, walks))
        print(
            f"{name}: total {total:.4f} s, in callbacks {inside:.4f} s, ratio {total / inside:.2f}"
            f" (a plain Python walk: {least:.4f} s, ratio {least / inside:.2f})"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
