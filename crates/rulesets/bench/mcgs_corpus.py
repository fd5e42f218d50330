#!/usr/bin/env python3
"""Conway beside MCGS on MCGS's own test corpus (input/main_tests): each position of a file
decided by `conway solve` (one process per position, one core) and checked against the
result the file records; then MCGS on the same file (`--no-use-db`, one core). REPEAT runs
each (default 3), interleaved; prints per file the medians of total wall time, the sum of
MCGS's own reported search times (its process also spends about a second allocating its
2^28-entry table), and peak memory.

    crates/rulesets/bench/mcgs_corpus.py MCGS_DIR [FILE ...]

MCGS_DIR holds a built MCGS (its `MCGS` binary and `input/`); FILE paths are relative to
`input/main_tests` (default: the files of the rulesets named in FILES below). A Conway
position past TIMEOUT seconds (default 60) counts as refused. Needs GNU time.
"""
import os
import re
import statistics
import subprocess
import sys
import time

CONWAY = os.environ.get("CONWAY_BIN", "target/release/conway")
REPEAT = int(os.environ.get("REPEAT", "3"))
# Seconds a Conway position may take before it counts as refused (its time is counted).
TIMEOUT = float(os.environ.get("TIMEOUT", "60"))

# MCGS's section name -> how Conway's `solve` is asked: the command and the arguments a
# line's position becomes.
def fission(text):
    return ["fission", text]

def gen_king_dirt(text):
    params, board = text.split(":")
    black, white, must = params.split(",")
    return ["gen-king-dirt", black, white, "true" if must == "1" else "false", board]

def gen_toads(text):
    params, strip = text.split(":")
    lo, hi, jump, friendly = params.split(",")
    strip = strip.replace("X", "t").replace("O", "f")
    return ["gen-toads-and-frogs", lo, hi, jump, "true" if friendly == "1" else "false", strip]

def sheep(text):
    return ["sheep", text.strip()]

GAMES = {"fission": fission, "gen_king_dirt": gen_king_dirt, "gen_toads": gen_toads,
         "sheep": sheep}

FILES = [
    "fission_autotests/fission_3x3.test",
    "fission_autotests/fission_5x5_easy.test",
    "fission_autotests/fission_6x6.test",
    "gen_king_dirt/3x3_110.test",
    "gen_king_dirt/3x3_111.test",
    "gen_king_dirt/3x3_220.test",
    "gen_king_dirt/4x4_111.test",
    "gen_toads_autotests/gen_toads_1100/gen_toads.test",
    "gen_toads_autotests/gen_toads_1211.test",
    "gen_toads_autotests/gen_toads_1230.test",
    "gen_toads_autotests/gen_toads_1321.test",
    "gen_toads_autotests/gen_toads_2320.test",
    "sheep_autotests/sheep1.test",
    "sheep_autotests/sheep2.test",
    "sheep_autotests/sheep3.test",
]

LINE = re.compile(r"^(.*?)\s*\{\s*B\s+(win|loss)\s*,\s*W\s+(win|loss)\s*\}\s*$")


def cases(path):
    """(section, position text, Black wins moving first, White wins moving first)."""
    section, found = None, []
    text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    for line in text.splitlines():
        line = line.strip()
        m = re.match(r"^\[([\w ]+)\]\s*(.*)$", line)
        if m:
            section, line = m.group(1), m.group(2)
        m = LINE.match(line)
        if m and section in GAMES:
            found.append((section, m.group(1), m.group(2) == "win", m.group(3) == "win"))
    return found


def timed(command, timeout=None):
    """Wall seconds, peak KB and stdout of one run (return code -1 past `timeout`)."""
    start = time.monotonic()
    try:
        p = subprocess.run(
            ["/usr/bin/time", "-f", "%M", *command], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return time.monotonic() - start, 0, "", -1
    wall = time.monotonic() - start
    kb = int(p.stderr.strip().splitlines()[-1]) if p.stderr.strip() else 0
    return wall, kb, p.stdout, p.returncode


def conway_file(path):
    """Total wall seconds, peak KB, and the positions decided against those recorded."""
    total, peak, agree, disagree, failed = 0.0, 0, 0, 0, 0
    for section, position, black, white in cases(path):
        wall, kb, out, rc = timed([CONWAY, "solve", *GAMES[section](position), "--json"], TIMEOUT)
        total, peak = total + wall, max(peak, kb)
        if rc != 0:
            failed += 1
            continue
        import json
        report = json.loads(out)
        got = (report["left_first"]["winner"] == "Left", report["right_first"]["winner"] == "Right")
        if got == (black, white):
            agree += 1
        else:
            disagree += 1
            print(f"  DISAGREE {position}: Conway {got}, recorded {(black, white)}", file=sys.stderr)
    return total, peak, (agree, disagree, failed)


def mcgs_file(mcgs, path):
    wall, kb, out, _ = timed([os.path.join(mcgs, "MCGS"), "--no-use-db", "--file", path])
    searched = sum(float(t) for t in re.findall(r"Time \(ms\): ([0-9.]+)", out)) / 1000
    return wall, kb, searched


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    mcgs = sys.argv[1]
    files = sys.argv[2:] or FILES
    print(f"{'file':52} {'n':>3} {'Conway s':>9} {'MB':>5} {'MCGS s':>7} {'search s':>8} {'MB':>5}  agree/disagree/refused")
    for name in files:
        path = os.path.join(mcgs, "input", "main_tests", name)
        runs_c, runs_m = [], []
        for _ in range(REPEAT):
            runs_c.append(conway_file(path))
            runs_m.append(mcgs_file(mcgs, path))
        c_wall = statistics.median(r[0] for r in runs_c)
        c_kb = max(r[1] for r in runs_c)
        m_wall = statistics.median(r[0] for r in runs_m)
        m_search = statistics.median(r[2] for r in runs_m)
        m_kb = max(r[1] for r in runs_m)
        tally = runs_c[0][2]
        print(f"{name:52} {sum(tally):3} {c_wall:9.2f} {c_kb/1024:5.0f} {m_wall:7.2f} {m_search:8.3f} {m_kb/1024:5.0f}  {tally[0]}/{tally[1]}/{tally[2]}")


if __name__ == "__main__":
    main()
