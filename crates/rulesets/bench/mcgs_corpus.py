#!/usr/bin/env python3
"""Conway beside MCGS on MCGS's own test corpus (input/main_tests): each position of a file
decided by `conway solve` (one process per position, one core) and checked against the
result the file records (only the starts it records are asked for, with `--first` when it
records one); then MCGS on the same file (`--no-use-db`, one core). REPEAT runs
each (default 3), interleaved; prints per file the medians of total wall time, the sum of
MCGS's own reported search times (its process also spends about a second allocating its
2^28-entry table), and peak memory.

    crates/rulesets/bench/mcgs_corpus.py MCGS_DIR [FILE ...]

MCGS_DIR holds a built MCGS (its `MCGS` binary and `input/`); FILE paths are relative to
`input/main_tests`, or else to `input` (default: the files of the rulesets named in FILES
below). A Conway
position past TIMEOUT seconds (default 60) counts as refused. With ONE_PROCESS=1 a file of
nim values (MCGS's impartial sections) is asked of one `conway repl` instead, as MCGS runs a
whole file in one process. Needs GNU time.
"""
import os
import re
import signal
import statistics
import subprocess
import sys
import time

CONWAY = os.environ.get("CONWAY_BIN", "target/release/conway")
REPEAT = int(os.environ.get("REPEAT", "3"))
# Seconds a Conway position may take before it counts as refused (its time is counted).
TIMEOUT = float(os.environ.get("TIMEOUT", "60"))
# ONE_PROCESS=1: a file of nim values is asked of one `conway repl`, as MCGS runs a file.
ONE_PROCESS = os.environ.get("ONE_PROCESS") == "1"
# Seconds MCGS may take on a whole file before its run is stopped (shown as its time).
MCGS_TIMEOUT = float(os.environ.get("MCGS_TIMEOUT", "600"))

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

def elephants(text):
    return ["elephants-and-rhinos", text.strip().replace("X", "t").replace("O", "f")]

def sheep(text):
    return ["sheep", text.strip()]

def cannibal_clobber(text):
    # MCGS's Cannibal Clobber is CGSuite's HotClobber: a stone may take its own colour too.
    return ["hot-clobber", text.replace("X", "x").replace("O", "o")]

def stones(command):
    return lambda text: [command, text.strip().replace("X", "x").replace("O", "o")]

GAMES = {"clobber": stones("clobber"), "clobber_1xn": stones("clobber"),
         "nogo": stones("nogo"), "nogo_1xn": stones("nogo"), "amazons": stones("amazons"),
         "domineering": stones("domineering"),
         "fission": fission, "gen_king_dirt": gen_king_dirt, "gen_toads": gen_toads,
         "elephants": elephants,
         "sheep": sheep, "cannibal_clobber": cannibal_clobber}

# MCGS's impartial sections, whose results are nim values ({N 2}): an expression whose
# value `conway eval` prints as the nim value alone (the position itself would also list
# every move's value).
def cram(text):
    return f'nim_value(cram("{text.strip()}"))'

def impartial(function):
    def expression(text):
        board = text.strip().replace("X", "x").replace("O", "o")
        return f'nim_value(impartial_variant({function}("{board}")))'
    return expression

NIM_VALUES = {"impartial domineering": cram,
              "impartial clobber": impartial("clobber"),
              "impartial clobber_1xn": impartial("clobber"),
              "impartial cannibal_clobber": impartial("hot_clobber"),
              "impartial nogo": impartial("nogo"),
              "impartial nogo_1xn": impartial("nogo"),
              "impartial amazons": impartial("amazons")}

FILES = [
    "fission_autotests/fission_3x3.test",
    "fission_autotests/fission_5x5_easy.test",
    "fission_autotests/fission_6x6.test",
    "gen_king_dirt/3x3_110.test",
    "gen_king_dirt/3x3_111.test",
    "gen_king_dirt/3x3_220.test",
    "gen_king_dirt/4x4_111.test",
    "elephants_autotests/elephants.test",
    "elephants_autotests/elephants_bwn.test",
    "gen_toads_autotests/gen_toads_1100/gen_toads.test",
    "gen_toads_autotests/gen_toads_1211.test",
    "gen_toads_autotests/gen_toads_1230.test",
    "gen_toads_autotests/gen_toads_1321.test",
    "gen_toads_autotests/gen_toads_2320.test",
    "sheep_autotests/sheep1.test",
    "sheep_autotests/sheep2.test",
    "sheep_autotests/sheep3.test",
    "cannibal_clobber/cannibal_clobber_1xn.test",
    "cannibal_clobber/cannibal_clobber_easy.test",
    "cannibal_clobber/cannibal_clobber_medium.test",
    "impartial/impartial-easy/cram_1xn_easy.test",
    "impartial/impartial-easy/cram_easy.test",
    "impartial/impartial-medium/cram_2xn_more.test",
    "impartial/impartial-medium/cram_medium.test",
    "impartial/impartial-hard/cram_hard.test",
    "impartial/impartial-easy/impartial_cannibal_clobber_1xn.test",
    "impartial/impartial-easy/impartial_clobber.test",
    "impartial/impartial-easy/impartial_clobber_1xn_xo.test",
    "impartial/impartial-easy/impartial_clobber_1xn_xxo.test",
    "impartial/impartial-easy/impartial_clobber_random_1xn_le_2-14.test",
    "impartial/impartial-easy/impartial_nogo_1xn_empty_easy.test",
    "impartial/impartial-easy/impartial_nogo_empty_easy.test",
    "impartial/impartial-medium/impartial_clobber_medium.test",
    "impartial/impartial-medium/impartial_nogo_1xn_empty_medium.test",
    "impartial/impartial-medium/impartial_nogo_empty_medium.test",
]

# A result: who wins with Black (Left) and with White (Right) moving first; either may be
# left out (then not compared), and the position may stand on the line before.
RESULT = re.compile(r"^(.*?)\s*\{\s*(?:B\s+(win|loss))?\s*,?\s*(?:W\s+(win|loss))?\s*\}\s*$")
# A nim value: {N 2}.
NIM_RESULT = re.compile(r"^(.*?)\s*\{\s*N\s+(\d+)\b[^}]*\}\s*$")


def cases(path):
    """(section, position text, Black wins moving first, White wins moving first); a
    result not recorded is None. For an impartial section: (section, position, nim value,
    None)."""
    section, found, previous = None, [], ""
    text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    for line in text.splitlines():
        line = line.strip()
        m = re.match(r"^\[([\w ]+)\]\s*(.*)$", line)
        if m:
            section, line = m.group(1), m.group(2)
        m = NIM_RESULT.match(line)
        if m and section in NIM_VALUES:
            found.append((section, m.group(1) or previous, int(m.group(2)), None))
            previous = ""
            continue
        m = RESULT.match(line)
        if m and (m.group(2) or m.group(3)) and section in GAMES:
            position = m.group(1) or previous
            won = lambda g: None if g is None else g == "win"  # noqa: E731
            found.append((section, position, won(m.group(2)), won(m.group(3))))
            previous = ""
        elif line and not line.startswith("{"):
            previous = line
    return found


def timed(command, timeout=None):
    """Wall seconds, peak KB and stdout of one run (return code -1 past `timeout`)."""
    start = time.monotonic()
    # A session of its own, so that a run past `timeout` is stopped whole (GNU time and the
    # program it runs), not left running beside the next measurement.
    p = subprocess.Popen(
        ["/usr/bin/time", "-f", "%M", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return time.monotonic() - start, 0, "", -1
    wall = time.monotonic() - start
    kb = int(err.strip().splitlines()[-1]) if err.strip() else 0
    return wall, kb, out, p.returncode


def conway_file_in_one_process(found):
    """conway_file for a file of nim values, all asked of one `conway repl` (as MCGS runs a
    whole file in one process, its tables shared by the lines)."""
    script = "".join(NIM_VALUES[section](position) + "\n" for section, position, _, _ in found)
    start = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", CONWAY, "repl"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        out, err = p.communicate(script, timeout=TIMEOUT * len(found))
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return time.monotonic() - start, 0, (0, 0, len(found))
    wall = time.monotonic() - start
    kb = int(err.strip().splitlines()[-1]) if err.strip() else 0
    agree, disagree, failed = 0, 0, 0
    for (_, position, nim, _), line in zip(found, out.splitlines()):
        if not line.strip().isdigit():
            failed += 1
        elif int(line) == nim:
            agree += 1
        else:
            disagree += 1
            print(f"  DISAGREE {position}: Conway *{line}, recorded *{nim}", file=sys.stderr)
    return wall, kb, (agree, disagree, failed + max(0, len(found) - len(out.splitlines())))


def conway_file(path):
    """Total wall seconds, peak KB, and the positions decided against those recorded."""
    found = cases(path)
    if ONE_PROCESS and found and all(section in NIM_VALUES for section, _, _, _ in found):
        return conway_file_in_one_process(found)
    total, peak, agree, disagree, failed = 0.0, 0, 0, 0, 0
    for section, position, black, white in found:
        if section in NIM_VALUES:
            wall, kb, out, rc = timed([CONWAY, "eval", NIM_VALUES[section](position)], TIMEOUT)
            total, peak = total + wall, max(peak, kb)
            if rc != 0:
                failed += 1
                continue
            nim = int(out.splitlines()[0].strip())
            if nim == black:
                agree += 1
            else:
                disagree += 1
                print(f"  DISAGREE {position}: Conway *{nim}, recorded *{black}", file=sys.stderr)
            continue
        # Only the starts the file records are asked for, as MCGS answers only those.
        first = [] if None not in (black, white) else ["--first", "left" if white is None else "right"]
        command = [CONWAY, "solve", *GAMES[section](position), *first, "--json"]
        wall, kb, out, rc = timed(command, TIMEOUT)
        total, peak = total + wall, max(peak, kb)
        if rc != 0:
            failed += 1
            continue
        import json
        report = json.loads(out)
        got = tuple(
            None if report.get(field) is None else report[field]["winner"] == winner
            for field, winner in (("left_first", "Left"), ("right_first", "Right"))
        )
        if all(r is None or g == r for g, r in zip(got, (black, white))):
            agree += 1
        else:
            disagree += 1
            print(f"  DISAGREE {position}: Conway {got}, recorded {(black, white)}", file=sys.stderr)
    return total, peak, (agree, disagree, failed)


def mcgs_file(mcgs, path):
    wall, kb, out, rc = timed(
        [os.path.join(mcgs, "MCGS"), "--no-use-db", "--file", path], MCGS_TIMEOUT
    )
    if rc == -1:
        print(f"  MCGS stopped after {MCGS_TIMEOUT:.0f} s on {path}", file=sys.stderr)
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
        if not os.path.exists(path):
            path = os.path.join(mcgs, "input", name)
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
