"""Compares `conway nash --method logit` with Gambit's logit (pygambit's logit_solve on the
strategic form): whether both reach the same equilibrium, the median time of several runs
and the peak memory of each, one core each (Gambit's logit is sequential; Conway's too).

Run it in a virtualenv of its own that has pygambit (never a dependency of Conway):

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install pygambit
    cargo build --release
    /tmp/bench/bin/python crates/strategic/benches/logit.py GAMBIT/contrib/games/*.nfg \\
        random:2:50 random:3:10 random:4:6

GAMBIT is a checkout of github.com/gambitproject/gambit (its example collection).
`random:N:K` is a game of N players with K strategies each and payoffs drawn uniformly
from 0..99 (seeded, so every run measures the same game). Gambit's times are measured in
its own process around the call, so they leave out reading the file; Conway's are the
whole command.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from fractions import Fraction

CONWAY = os.path.join(os.path.dirname(__file__), "../../../target/release/conway")
RUNS = 3

GAMBIT_RUN = r"""
import json, resource, sys, time
import pygambit as gbt
game = gbt.read_nfg(sys.argv[1])
start = time.perf_counter()
result = gbt.nash.logit_solve(game, use_strategic=True)
seconds = time.perf_counter() - start
found = [[float(e[s]) for p in game.players for s in p.strategies] for e in result.equilibria]
print(json.dumps({"seconds": seconds, "found": found,
                  "kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def random_game(players, size, seed):
    """A `.nfg` text: `players` players, `size` strategies each, payoffs in 0..99."""
    rng = random.Random(seed)
    names = " ".join(f'"{p + 1}"' for p in range(players))
    shape = " ".join(str(size) for _ in range(players))
    payoffs = " ".join(str(rng.randrange(100)) for _ in range(size ** players * players))
    return f'NFG 1 R "random" {{ {names} }} {{ {shape} }}\n{payoffs}\n'


def timed(command):
    """Runs `command` under /usr/bin/time: its output, seconds and peak kilobytes."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command,
                         capture_output=True, text=True, check=True)
    seconds, kb = out.stderr.strip().splitlines()[-1].split()
    return out.stdout, float(seconds), int(kb)


def conway(path):
    env_command = [CONWAY, "nash", path, "--method", "logit", "--json"]
    runs = [timed(env_command) for _ in range(RUNS)]
    report = json.loads(runs[0][0])
    found = [[float(Fraction(x)) for s in e for x in s] for e in report["equilibria"]]
    return found, report["trace"], statistics.median(r[1] for r in runs), max(r[2] for r in runs)


def gambit(path):
    runs = []
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", GAMBIT_RUN, path],
                             capture_output=True, text=True, check=True)
        runs.append(json.loads(out.stdout))
    return (runs[0]["found"], statistics.median(r["seconds"] for r in runs),
            max(r["kb"] for r in runs))


def main(arguments):
    print("game | same equilibrium | largest difference | conway λ, steps, stopped | "
          "gambit median s | conway median s | gambit peak MB | conway peak MB")
    with tempfile.TemporaryDirectory() as scratch:
        for argument in arguments:
            path = argument
            if argument.startswith("random:"):
                _, players, size = argument.split(":")
                path = os.path.join(scratch, argument.replace(":", "_") + ".nfg")
                with open(path, "w", encoding="utf-8") as file:
                    file.write(random_game(int(players), int(size), seed=1))
            ours, trace, our_seconds, our_kb = conway(path)
            theirs, their_seconds, their_kb = gambit(path)
            if ours and theirs:
                gap = max(abs(a - b) for a, b in zip(ours[0], theirs[0]))
                same = "yes" if gap < 1e-4 else "no"
                gap = f"{gap:.1e}"
            else:
                same, gap = "-", "-"
            stopped = trace.get("stopped") or "-"
            print(f"{os.path.basename(argument)} | {same} | {gap} | "
                  f"{trace['lambda']:.3g}, {trace['steps']}, {stopped} | "
                  f"{their_seconds:.3f} | {our_seconds:.3f} | "
                  f"{their_kb / 1024:.0f} | {our_kb / 1024:.0f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
