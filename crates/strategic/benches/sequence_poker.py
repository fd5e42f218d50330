"""Times `conway nash` (the sequence form and Lemke's algorithm) against Gambit's lcp_solve
(pygambit, also the sequence form) on one-card poker with N ranks: each player antes 1 and
is dealt a different card; player 1 checks or bets 1; after a check player 2 checks (a
showdown) or bets, and player 1 folds or calls; after a bet player 2 folds or calls. Each
player has 4N + 1 sequences (N = 250: 1,001). The game is zero-sum, so its value is the
same at every equilibrium: both answers must give it.

Run it in a virtualenv of its own that has pygambit (never a dependency of Conway):

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install pygambit
    cargo build --release
    /tmp/bench/bin/python crates/strategic/benches/sequence_poker.py 50 100 250
    /tmp/bench/bin/python crates/strategic/benches/sequence_poker.py --gambit-max 25 13 25 250

Each figure is the median of three runs (wall time; peak memory of the process). Gambit's
runs are cut at ten minutes; `--gambit-max N` leaves Gambit out past N ranks.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

CONWAY = os.path.join(os.path.dirname(__file__), "../../../target/release/conway")
RUNS = 3
GAMBIT_SECONDS = 600


def poker(ranks):
    """The .efg text of one-card poker with `ranks` ranks."""
    lines = [f'EFG 2 R "One-card poker, {ranks} ranks" {{ "1" "2" }}', '""']
    deal = " ".join(f'"{i + 1}" 1/{ranks}' for i in range(ranks))
    lines.append(f'c "" 1 "" {{ {deal} }} 0')
    numbers = {}

    def outcome(v):
        if v in numbers:
            return f't "" {numbers[v]}'
        numbers[v] = len(numbers) + 1
        return f't "" {numbers[v]} "" {{ {v}, {-v} }}'

    for i in range(ranks):
        others = [j for j in range(ranks) if j != i]
        second = " ".join(f'"{j + 1}" 1/{ranks - 1}' for j in others)
        lines.append(f'c "" {i + 2} "" {{ {second} }} 0')
        for j in others:
            s = 1 if i > j else -1
            lines += [
                f'p "" 1 {i + 1} "{i + 1}" {{ "check" "bet" }} 0',
                f'p "" 2 {j + 1} "{j + 1}" {{ "check" "bet" }} 0',
                outcome(s),
                f'p "" 1 {ranks + i + 1} "{i + 1} bet" {{ "fold" "call" }} 0',
                outcome(-1),
                outcome(2 * s),
                f'p "" 2 {ranks + j + 1} "{j + 1} bet" {{ "fold" "call" }} 0',
                outcome(1),
                outcome(2 * s),
            ]
    return "\n".join(lines) + "\n"


def value(behaviour, ranks):
    """Player 1's expected payoff under a behaviour profile: per player, a map from each
    set's label ("7" holding card 7 before any bet, "7 bet" facing a bet) to its action
    probabilities. Sets are found by label since each tool lists them in its own order."""
    one, two = behaviour
    total = Fraction(0)
    for i in range(1, ranks + 1):
        for j in range(1, ranks + 1):
            if i == j:
                continue
            s = 1 if i > j else -1
            check, bet = one[f"{i}"]
            fold1, call1 = one[f"{i} bet"]
            check2, bet2 = two[f"{j}"]
            fold2, call2 = two[f"{j} bet"]
            v = check * (check2 * s + bet2 * (fold1 * -1 + call1 * 2 * s))
            v += bet * (fold2 * 1 + call2 * 2 * s)
            total += v
    return total / (ranks * (ranks - 1))


def measure(command):
    """Wall seconds and peak kilobytes of one run of `command` (GNU time), with its output."""
    with tempfile.NamedTemporaryFile("r") as peak:
        start = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-o", peak.name, "-f", "%M"] + command,
                             capture_output=True, text=True, timeout=GAMBIT_SECONDS)
        seconds = time.perf_counter() - start
        kilobytes = int(peak.read().split()[-1])
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    return seconds, kilobytes, out.stdout


GAMBIT = """
import json, sys, pygambit as gbt
game = gbt.read_efg(sys.argv[1])
found = gbt.nash.lcp_solve(game, rational=sys.argv[2] == "rational")
b = found.equilibria[0]
print(json.dumps([{s.label: [str(b[a]) for a in s.actions] for s in p.infosets}
                  for p in game.players]))
"""


def main(sizes, gambit_max):
    print("ranks  sequences  conway s (MB)   gambit float s (MB)   gambit rational s (MB)  values")
    for ranks in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, f"poker{ranks}.efg")
            with open(path, "w") as f:
                f.write(poker(ranks))
            runs = [measure([CONWAY, "nash", path, "--json"]) for _ in range(RUNS)]
            conway_s = statistics.median(r[0] for r in runs)
            conway_mb = max(r[1] for r in runs) / 1024
            report = json.loads(runs[0][2])
            # Sets the profile never reaches have no probabilities (null in the report).
            behaviour = [{h["label"]: [Fraction(x) for x in s] if s else [Fraction(0)] * 2
                          for h, s in zip(sets, p)}
                         for sets, p in zip(report["information_sets"], report["behaviour"][0])]
            values = [str(value(behaviour, ranks))]
            cells = [f"{conway_s:8.2f} ({conway_mb:4.0f})"]
            for mode in ["float", "rational"]:
                if ranks > gambit_max:
                    cells.append("not run")
                    continue
                try:
                    runs = [measure([sys.executable, "-c", GAMBIT, path, mode])
                            for _ in range(RUNS)]
                    s = statistics.median(r[0] for r in runs)
                    mb = max(r[1] for r in runs) / 1024
                    cells.append(f"{s:8.2f} ({mb:4.0f})")
                    g = json.loads(runs[0][2])
                    g = [{h: [Fraction(x) for x in a] for h, a in p.items()} for p in g]
                    theirs = value(g, ranks)
                    # The game is zero-sum: every equilibrium has the same value.
                    agree = abs(float(theirs) - float(Fraction(values[0]))) < 1e-6
                    values.append(f"{float(theirs):.9f}" + ("" if agree else " (DIFFERS)"))
                except subprocess.TimeoutExpired:
                    cells.append(f"> {GAMBIT_SECONDS} s")
                except RuntimeError as error:
                    cells.append(str(error).strip().splitlines()[-1][:30])
            print(f"{ranks:5}  {4 * ranks + 1:9}  {cells[0]:>14}  {cells[1]:>20}  {cells[2]:>22}  {' '.join(values)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    gambit_max = 10**9
    if args[:1] == ["--gambit-max"]:
        gambit_max = int(args[1])
        args = args[2:]
    main([int(a) for a in args] or [50, 100, 250], gambit_max)
