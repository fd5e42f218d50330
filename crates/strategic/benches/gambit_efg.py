"""Compares `conway nash FILE.efg` with Gambit's enummixed (pygambit) on two-player .efg
files: the sets of behaviour profiles must be equal. Gambit's answers come from its mixed
equilibria of the reduced normal form, turned into behaviour profiles by pygambit.

Run it in a virtualenv of its own that has pygambit (never a dependency of Conway):

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install pygambit
    cargo build --release
    /tmp/bench/bin/python crates/strategic/benches/gambit_efg.py GAMBIT/contrib/games/*.efg

GAMBIT is a checkout of github.com/gambitproject/gambit (its example collection). Files
pygambit cannot read, games of more players, games past vertex enumeration's 64 strategies
and runs of Gambit longer than two minutes are listed as such.
"""

import json
import multiprocessing
import os
import subprocess
import sys
from fractions import Fraction

import pygambit as gbt

CONWAY = os.path.join(os.path.dirname(__file__), "../../../target/release/conway")
GAMBIT_SECONDS = 120


def gambit(path, answer):
    """Gambit's equilibria as behaviour probabilities (texts), or the error's text."""
    try:
        game = gbt.read_efg(path)
        found = gbt.nash.enummixed_solve(game, rational=True)
        answer.put([[str(b[a]) for p in game.players for i in p.infosets for a in i.actions]
                    for b in (e.as_behavior() for e in found.equilibria)])
    except Exception as error:  # reported, not raised: the comparison goes on
        answer.put(str(error))


def main(paths):
    for path in paths:
        name = os.path.basename(path)
        try:
            game = gbt.read_efg(path)
        except Exception as error:
            print(f"{name}: pygambit cannot read it ({error})")
            continue
        if len(game.players) != 2:
            continue
        if sum(len(p.strategies) for p in game.players) > 64:
            print(f"{name}: beyond vertex enumeration")
            continue
        out = subprocess.run([CONWAY, "nash", path, "--json"], capture_output=True, text=True)
        if out.returncode:
            print(f"{name}: conway failed: {out.stdout.strip()}")
            continue
        report = json.loads(out.stdout)
        ours = {tuple(Fraction(x) for s in e for x in s) for e in report["equilibria"]}
        answer = multiprocessing.Queue()
        child = multiprocessing.Process(target=gambit, args=(path, answer))
        child.start()
        child.join(GAMBIT_SECONDS)
        if child.is_alive():
            child.kill()
            print(f"{name}: conway {len(ours)}; gambit over {GAMBIT_SECONDS} s")
            continue
        theirs = answer.get()
        if isinstance(theirs, str):
            print(f"{name}: conway {len(ours)}; gambit: {theirs}")
            continue
        theirs = {tuple(Fraction(x) for x in e) for e in theirs}
        verdict = "same" if ours == theirs else "DIFFERENT"
        print(f"{name}: conway {len(ours)}, gambit {len(theirs)}: {verdict}")


if __name__ == "__main__":
    main(sys.argv[1:])
