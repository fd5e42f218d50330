"""Nash equilibria of random bimatrix games from Python, against the CLI on the same games
and, when installed in the benchmark's virtualenv (never as Conway's dependencies),
nashpy's vertex enumeration and pygambit's enummixed. Medians of several runs; every tool
must find the same number of equilibria.

    RAYON_NUM_THREADS=1 python crates/python/bench/nash.py --sizes 10 14 --repeat 3
"""

import argparse
import os
import random
import statistics
import subprocess
import time
from fractions import Fraction

import conway


def game(n, seed):
    rng = random.Random(seed)
    return ([[rng.randrange(100) for _ in range(n)] for _ in range(n)],
            [[rng.randrange(100) for _ in range(n)] for _ in range(n)])


def matrix_text(m):
    return "; ".join(" ".join(map(str, row)) for row in m)


def run_conway(a, b):
    return len(conway.nash(a, b))


def run_cli(a, b, binary):
    out = subprocess.run([binary, "nash", "--a", matrix_text(a), "--b", matrix_text(b)],
                         capture_output=True, text=True, check=True).stdout
    return sum(line.startswith("NE,") for line in out.splitlines())


def run_nashpy(a, b):
    import nashpy
    import numpy

    return len(list(nashpy.Game(numpy.array(a), numpy.array(b)).vertex_enumeration()))


def run_pygambit(a, b):
    import numpy
    import pygambit

    g = pygambit.Game.from_arrays(numpy.array(a, dtype=object) * Fraction(1),
                                  numpy.array(b, dtype=object) * Fraction(1))
    return len(pygambit.nash.enummixed_solve(g, rational=True).equilibria)


def median_time(run, *args, repeat):
    times, found = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        found = run(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times), found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 14])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--cli", default=os.path.join(here, "../../../target/release/conway"))
    parser.add_argument("--peers", nargs="*", default=["nashpy", "pygambit"])
    args = parser.parse_args()
    print(f"threads: RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS', 'all')}")
    for n in args.sizes:
        a, b = game(n, args.seed + n)
        rows = [("conway (Python)", run_conway, (a, b)), ("conway (CLI)", run_cli, (a, b, args.cli))]
        for peer in args.peers:
            try:
                __import__(peer)
            except ImportError:
                print(f"{n}x{n}: {peer} is not installed here; skipped")
                continue
            rows.append((peer, {"nashpy": run_nashpy, "pygambit": run_pygambit}[peer], (a, b)))
        base = None
        for name, run, run_args in rows:
            seconds, found = median_time(run, *run_args, repeat=args.repeat)
            base = base or seconds
            print(f"{n}x{n} {name:16s} {seconds:9.3f} s  {found} equilibria  {seconds / base:6.2f}x")


if __name__ == "__main__":
    main()
