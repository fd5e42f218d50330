"""Nash equilibria of random bimatrix games from Python, against the CLI on the same games
and, when installed in the benchmark's virtualenv (never as Conway's dependencies),
nashpy's vertex enumeration and pygambit's enummixed. Medians of several runs; every tool
must find the same number of equilibria.

    RAYON_NUM_THREADS=1 python crates/python/bench/nash.py --sizes 10 14 --repeat 3

Each tool runs in a process of its own, so the peak memory printed is that tool's
(Python's own ~10-30 MB included for the Python ones); a tool that runs past --timeout
seconds is stopped and reported as unfinished.
"""

import argparse
import importlib.util
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import sys
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


RUNS = {"conway (Python)": run_conway, "nashpy": run_nashpy, "pygambit": run_pygambit}


def child(tool, n, seed, repeat):
    """Runs one tool in this process (a fresh one), printing its median time and the
    number of equilibria."""
    a, b = game(n, seed + n)
    seconds, found = median_time(RUNS[tool], a, b, repeat=repeat)
    print(json.dumps({"seconds": seconds, "found": found}))


TIME = "/usr/bin/time"


def peak_measured(command, timeout):
    """Runs `command` under GNU time, returning its output and its peak resident memory in
    kB (None without /usr/bin/time), or (None, None) past `timeout` seconds. The peak is
    taken by an intermediate process because Linux carries the peak of a forking process
    over into its child."""
    with tempfile.NamedTemporaryFile("r") as peak_file:
        wrapped = [TIME, "-f", "%M", "-o", peak_file.name] if os.path.exists(TIME) else []
        # A session of its own, so that a timeout stops the tool and not only GNU time.
        process = subprocess.Popen(wrapped + command, stdout=subprocess.PIPE, text=True,
                                   start_new_session=True)
        try:
            out, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return None, None
        if process.returncode != 0:
            raise SystemExit(f"{command[:3]} failed")
        peak = peak_file.read().strip()
        return out, int(peak.splitlines()[-1]) if peak else None


def run_child(tool, n, args):
    command = [sys.executable, os.path.abspath(__file__), "--child", tool, "--sizes", str(n),
               "--seed", str(args.seed), "--repeat", str(args.repeat)]
    out, peak = peak_measured(command, args.timeout)
    if out is None:
        return None
    report = json.loads(out)
    return report["seconds"], report["found"], peak


def run_cli_measured(n, args):
    a, b = game(n, args.seed + n)
    command = [args.cli, "nash", "--a", matrix_text(a), "--b", matrix_text(b)]
    times, peaks, found = [], [], None
    for _ in range(args.repeat):
        start = time.perf_counter()
        out, peak = peak_measured(command, args.timeout)
        times.append(time.perf_counter() - start)
        if out is None:
            return None
        peaks.append(peak or 0)
        found = sum(line.startswith("NE,") for line in out.splitlines())
    return statistics.median(times), found, max(peaks) or None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 14])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timeout", type=float, default=600, help="seconds per tool and size")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--cli", default=os.path.join(here, "../../../target/release/conway"))
    parser.add_argument("--peers", nargs="*", default=["nashpy", "pygambit"])
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.sizes[0], args.seed, args.repeat)
    print(f"threads: RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS', 'all')}; "
          f"median of {args.repeat} runs; each tool in its own process (peak memory is its own)")
    for n in args.sizes:
        rows = [("conway (Python)", lambda: run_child("conway (Python)", n, args)),
                ("conway (CLI)", lambda: run_cli_measured(n, args))]
        for peer in args.peers:
            if importlib.util.find_spec(peer) is None:
                print(f"{n}x{n}: {peer} is not installed here; skipped")
                continue
            rows.append((peer, lambda peer=peer: run_child(peer, n, args)))
        base = None
        for name, run in rows:
            result = run()
            if result is None:
                print(f"{n}x{n} {name:16s} did not finish in {args.timeout:.0f} s")
                continue
            seconds, found, peak_kb = result
            base = base or seconds
            memory = f"peak {peak_kb / 1024:7.1f} MB" if peak_kb else "peak not measured"
            print(f"{n}x{n} {name:16s} {seconds:9.3f} s  {found:4d} equilibria  "
                  f"{seconds / base:8.2f}x  {memory}")


if __name__ == "__main__":
    main()
