"""Compares `conway nash --method poly` with Gambit's enumpoly (pygambit) on .nfg files:
equilibria each finds that the other does not (within 1e-6), and median times over
several runs, on one core for conway (RAYON_NUM_THREADS=1, as Gambit uses one) and on all.
Gambit runs inside this Python process; so does Conway when its Python package is
installed here too (`maturin develop --release -m crates/python/Cargo.toml` with this
virtualenv active), which leaves out the start of a process; the command line is timed
besides.

Run it in a virtualenv of its own that has pygambit (never a dependency of Conway):

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install pygambit
    cargo build --release
    /tmp/bench/bin/python crates/strategic/benches/enumpoly.py GAMBIT/contrib/games/{2x2x2,3x3x3,5x4x3}.nfg

GAMBIT is a checkout of github.com/gambitproject/gambit (its example collection).
"""

import json
import os
import statistics
import subprocess
import sys
import time
from fractions import Fraction

os.environ["RAYON_NUM_THREADS"] = "1"  # before conway starts its thread pool
import pygambit as gbt  # noqa: E402

try:
    import conway as conway_package  # noqa: E402
except ImportError:
    conway_package = None

CONWAY = os.path.join(os.path.dirname(__file__), "../../../target/release/conway")
RUNS = 3


def conway(path, threads):
    env = dict(os.environ)
    if threads:
        env["RAYON_NUM_THREADS"] = str(threads)
    else:
        env.pop("RAYON_NUM_THREADS", None)
    start = time.perf_counter()
    out = subprocess.run([CONWAY, "nash", path, "--method", "poly", "--json"],
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout), time.perf_counter() - start


def conway_in_process(path):
    start = time.perf_counter()
    conway_package.nash(path, method="poly")
    return time.perf_counter() - start


def gambit(game):
    start = time.perf_counter()
    result = gbt.nash.enumpoly_solve(game, use_strategic=True)
    return result, time.perf_counter() - start


def close(a, b):
    return all(abs(x - y) < 1e-6 for sa, sb in zip(a, b) for x, y in zip(sa, sb))


def main(paths):
    print("game | gambit eq | conway eq | only gambit | only conway | unsettled | "
          "gambit median s | conway in process, 1 core | conway command, 1 core | "
          "conway command, all cores")
    for path in paths:
        game = gbt.read_nfg(path)
        ours = [conway(path, 1) for _ in range(RUNS)]
        ours_all = [conway(path, None)[1] for _ in range(RUNS)]
        theirs = [gambit(game) for _ in range(RUNS)]
        inside = ([conway_in_process(path) for _ in range(RUNS)] if conway_package
                  else [float("nan")])
        report = ours[0][0]
        mine = [[[float(Fraction(x)) for x in s] for s in e] for e in report["equilibria"]]
        found = [[[float(e[s]) for s in p.strategies] for p in game.players]
                 for e in theirs[0][0].equilibria]
        only_gambit = [e for e in found if not any(close(e, c) for c in mine)]
        only_conway = [c for c in mine if not any(close(e, c) for e in found)]
        print(f"{os.path.basename(path)} | {len(found)} | {len(mine)} | {len(only_gambit)} | "
              f"{len(only_conway)} | {len(report.get('unsettled') or [])} | "
              f"{statistics.median(t for _, t in theirs):.3f} | "
              f"{statistics.median(inside):.3f} | "
              f"{statistics.median(t for _, t in ours):.3f} | {statistics.median(ours_all):.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
