#!/usr/bin/env python3
"""Conway beside MCGS on MCGS's own test corpus (input/main_tests): each test case of a file
(a sum of the games since the last command block) decided by Conway and checked against the
result the file records, then MCGS on the same file (`--no-use-db`, one core). A case of one
game of a searched ruleset is asked of `conway solve` (only the starts the file records,
with `--first` when it records one); a sum of several games, or a game Conway values
instead (integers, switches, up-stars, nimbers, Kayles, Toppling Dominoes), of `conway eval`
(`outcome(…)` of the sum, or `nim_value(…)` where the file records a nim value). REPEAT runs
each (default 3), interleaved; prints per file the medians of total wall time, the sum of
MCGS's own reported search times (its process also spends about a second allocating its
2^28-entry table), and peak memory.

    crates/rulesets/bench/mcgs_corpus.py MCGS_DIR [FILE ...]

MCGS_DIR holds a built MCGS (its `MCGS` binary and `input/`); FILE paths are relative to
`input/main_tests`, or else to `input` (default: the files of the rulesets named in FILES
below). A Conway position past TIMEOUT seconds (default 60) counts as refused. Conway runs
one process per case, unless ONE_PROCESS=1: then a file's cases are all asked of one Python
process through Conway's package (`conway.solve`, `conway.evaluate`; PYTHON names the
interpreter that has it, default target/python-venv/bin/python), as MCGS runs a whole file
in one process. Needs GNU time.
"""
import json
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
# ONE_PROCESS=1: a file's cases are asked of one Python process, as MCGS runs a file.
ONE_PROCESS = os.environ.get("ONE_PROCESS") == "1"
# Seconds MCGS may take on a whole file before its run is stopped (shown as its time).
MCGS_TIMEOUT = float(os.environ.get("MCGS_TIMEOUT", "600"))

# MCGS's section name -> how Conway's `solve` is asked: the command and the arguments a
# line's position becomes.
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

def toppling_dominoes(text):
    rows = text.replace("X", "l").replace("O", "r").replace("#", "e")
    return ["toppling-dominoes", rows]

def stones(command):
    return lambda text: [command, text.strip().replace("X", "x").replace("O", "o")]

GAMES = {"clobber": stones("clobber"), "clobber_1xn": stones("clobber"),
         "nogo": stones("nogo"), "nogo_1xn": stones("nogo"), "amazons": stones("amazons"),
         "domineering": stones("domineering"),
         "fission": stones("fission"), "gen_king_dirt": gen_king_dirt, "gen_toads": gen_toads,
         "elephants": elephants,
         "sheep": sheep, "cannibal_clobber": cannibal_clobber,
         "toppling_dominoes": toppling_dominoes}

# Sections whose sums Conway writes as one position, the games as its rows.
ROWS = {"toppling_dominoes"}

PYTHON = os.environ.get("PYTHON", "target/python-venv/bin/python")


def call(words):
    """The `conway eval` call of a `conway solve` command's words: the ruleset's function,
    whole numbers as they are, every other word quoted."""
    function, *args = words
    args = (a if re.fullmatch(r"-?\d+", a) else f'"{a}"' for a in args)
    return f"{function.replace('-', '_')}({', '.join(args)})"


def up_star(text):
    """MCGS's up_star game `n *` (or `n`): n ups, and a star when written."""
    star = "*" in text
    words = text.replace("*", " ").replace(",", " ").split()
    n = int(words[0]) if words else 0
    ups = f"^{n}" if n > 0 else f"v{-n}" if n < 0 else "0"
    return f"({ups} + *)" if star else f"({ups})"


def switch(text):
    high, low = text.replace(",", " ").split()
    return f"{{{high}|{low}}}"


# MCGS's section name (without `impartial `) -> the `conway eval` expression of one game
# Conway values rather than searches (a searched one is the call of its `solve` words).
EXPRESSIONS = {
    "kayles": lambda t: f'take_and_break("0.77", {int(t)})',
    "integer_game": lambda t: f"({t})",
    "dyadic_rational": lambda t: f"({t})",
    "nimber": lambda t: f"*{int(t)}",
    "up_star": up_star,
    "switch_game": switch,
}


def expression(section, text):
    """The `conway eval` expression of one game of MCGS's section (`impartial …`: its
    impartial variant; Cram for impartial Domineering, which it is)."""
    impartial = section.startswith("impartial ")
    base = section.removeprefix("impartial ")
    # An impartial variant depends on the game's form, not only its value: Conway takes the
    # canonical form's, MCGS its own form's, which for a switch {a|b} with a < b or a
    # fraction not in lowest terms is not canonical. Such cases are left out.
    if impartial and base in ("switch_game", "dyadic_rational"):
        raise KeyError(section)
    if impartial and base == "domineering":
        return call(["cram", text.strip()])
    game = call(GAMES[base](text)) if base in GAMES else EXPRESSIONS[base](text)
    return f"impartial_variant({game})" if impartial and base not in ("kayles", "nimber") else game


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

SECTION = re.compile(r"\[([\w ]+)\]")
# A game: a bracketed one, or a word.
GAME = re.compile(r"\(([^)]*)\)|([^\s()]+)")


def cases(path):
    """Each test case: (games, Black wins moving first, White wins moving first, nim value),
    `games` the sum as (section, text) pairs; a result not recorded is None."""
    text = re.sub(r"/\*.*?\*/", " ", open(path).read(), flags=re.S)
    found, section, games = [], None, []
    # Split into sections, command blocks and the games between them, in order.
    for m in re.finditer(r"\[[\w ]+\]|\{[^}]*\}|[^\[{]+", text):
        token = m.group(0)
        if SECTION.fullmatch(token):
            section = token[1:-1].strip()
        elif token.startswith("{"):
            body = token[1:-1].strip()
            if body.startswith("version"):
                continue
            results = {}
            for command in body.split(","):
                words = command.split()
                if len(words) == 2 and words[0] in ("B", "W") and words[1] in ("win", "loss"):
                    results[words[0]] = words[1] == "win"
                elif len(words) == 2 and words[0] == "N" and words[1].isdigit():
                    results["N"] = int(words[1])
            if games and results:
                found.append((games, results.get("B"), results.get("W"), results.get("N")))
            games = []
        else:
            for g in GAME.finditer(token):
                games.append((section, g.group(1) if g.group(1) is not None else g.group(2)))
    return found


def question(case):
    """How Conway is asked a case: ("solve", command words, first) for one game of a
    searched ruleset, else ("eval", expression, kind) with kind "nim" or "outcome"; None
    for a game Conway has no name for."""
    games, black, white, nim = case
    sections = {section for section, _ in games}
    if nim is None and len(sections) == 1 and sections <= ROWS:
        games = [(games[0][0], "|".join(text for _, text in games))]
    if nim is None and len(games) == 1 and games[0][0] in GAMES:
        section, text = games[0]
        first = None if None not in (black, white) else ("left" if white is None else "right")
        return ("solve", GAMES[section](text), first)
    try:
        total = " + ".join(expression(section, text) for section, text in games)
    except (KeyError, ValueError, IndexError):
        return None
    return ("eval", f"nim_value({total})", "nim") if nim is not None else (
        "eval", f"outcome({total})", "outcome")


# An outcome class -> (Black wins moving first, White wins moving first).
OUTCOMES = {"L": (True, False), "R": (False, True), "N": (True, True), "P": (False, False)}


def judged(case, answer):
    """Whether Conway's answer (winners of the starts asked, a nim value, or an outcome
    class) agrees with what the case records: True, False, or None when refused."""
    games, black, white, nim = case
    if answer is None:
        return None
    if nim is not None:
        return answer == nim
    if isinstance(answer, str):
        answer = OUTCOMES.get(answer)
        if answer is None:
            return None
    return all(r is None or g == r for g, r in zip(answer, (black, white)))


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


# The one-process runner: a question per line in, a JSON answer per line out.
ONE_PROCESS_SCRIPT = """
import json, sys
import conway
def word(w):
    return int(w) if w.lstrip("-").isdigit() else {"true": True, "false": False}.get(w, w)
for line in sys.stdin:
    kind, what, detail = json.loads(line)
    try:
        if kind == "solve":
            options = {"first": detail} if detail else {}
            r = conway.solve(what[0], *map(word, what[1:]), **options).report
            answer = [None if r.get(k) is None else r[k]["winner"] == w
                      for k, w in (("left_first", "Left"), ("right_first", "Right"))]
        else:
            answer = conway.evaluate(what)
            answer = int(answer) if detail == "nim" else str(answer)
    except Exception:
        answer = None
    print(json.dumps(answer), flush=True)
"""


def report(case, verdict, answer):
    if verdict is False:
        print(f"  DISAGREE {case[0]}: Conway {answer}, recorded {case[1:]}", file=sys.stderr)


def conway_file_in_one_process(found):
    """conway_file with every case asked of one Python process (as MCGS runs a whole file
    in one process)."""
    asked = [(case, question(case)) for case in found]
    asked = [(case, q) for case, q in asked if q is not None]
    script = "".join(json.dumps(q) + "\n" for _, q in asked)
    start = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", PYTHON, "-c", ONE_PROCESS_SCRIPT],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        out, err = p.communicate(script, timeout=TIMEOUT * max(1, len(asked)))
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return time.monotonic() - start, 0, (0, 0, len(asked))
    wall = time.monotonic() - start
    kb = int(err.strip().splitlines()[-1]) if err.strip() else 0
    answers = [json.loads(line) for line in out.splitlines()]
    tally = [0, 0, 0]
    for i, (case, _) in enumerate(asked):
        answer = answers[i] if i < len(answers) else None
        verdict = judged(case, answer)
        tally[{True: 0, False: 1, None: 2}[verdict]] += 1
        report(case, verdict, answer)
    return wall, kb, tuple(tally)


def conway_file(path):
    """Total wall seconds, peak KB, and the cases decided (agreeing, disagreeing, refused);
    a case Conway has no name for is left out."""
    found = cases(path)
    if ONE_PROCESS:
        return conway_file_in_one_process(found)
    total, peak, tally = 0.0, 0, [0, 0, 0]
    for case in found:
        q = question(case)
        if q is None:
            continue
        if q[0] == "solve":
            first = ["--first", q[2]] if q[2] else []
            command = [CONWAY, "solve", *q[1], *first, "--json"]
        else:
            command = [CONWAY, "eval", q[1]]
        wall, kb, out, rc = timed(command, TIMEOUT)
        total, peak = total + wall, max(peak, kb)
        answer = None
        if rc == 0 and q[0] == "solve":
            r = json.loads(out)
            answer = [None if r.get(k) is None else r[k]["winner"] == w
                      for k, w in (("left_first", "Left"), ("right_first", "Right"))]
        elif rc == 0:
            line = out.splitlines()[0].strip()
            answer = int(line) if q[2] == "nim" else line
        verdict = judged(case, answer)
        tally[{True: 0, False: 1, None: 2}[verdict]] += 1
        report(case, verdict, answer)
    return total, peak, tuple(tally)


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
