"""Clobber written as a Python ``conway.Ruleset`` beside the built-in Clobber on the same
positions: each answer timed in a fresh process (nothing remembered from an earlier run),
five runs interleaved, medians. Run from the repository's root:

    target/python-venv/bin/python crates/python/bench/own_ruleset.py
"""

import statistics
import subprocess
import sys

CASES = [
    ("value", "xoxo|oxox|xo.."),
    ("eval", "xoxo|oxox|xo.."),
    ("value", "xoxox|oxoxo"),
    ("search", "xoxox|oxoxo|xoxox"),
    ("search", "xoxo|oxox|xoxo|oxox"),
]

PROGRAM = """
import sys, time
sys.path.insert(0, "crates/python/tests")
import conway
from test_own_ruleset import PyClobber
kind, text, which = sys.argv[1:]
r = PyClobber()
ask = {
    ("value", "python"): lambda: str(r(text)),
    ("value", "builtin"): lambda: str(conway.clobber(text)),
    # Named in an expression, as a worksheet served by conway.serve() names it.
    ("eval", "python"): lambda: str(conway.evaluate(f'py_clobber("{text}") + *')),
    ("eval", "builtin"): lambda: str(conway.evaluate(f'clobber("{text}") + *')),
    ("search", "python"): lambda: r.solve(r.parse(text)).outcome,
    ("search", "builtin"): lambda: conway.solve("clobber", text).outcome,
}[(kind, which)]
t = time.perf_counter()
answer = ask()
print(time.perf_counter() - t, answer)
"""


def run(kind, text, which):
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM, kind, text, which],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split(maxsplit=1)
    return float(out[0]), out[1].strip()


for kind, text in CASES:
    times = {"python": [], "builtin": []}
    answers = set()
    for _ in range(5):
        for which in times:
            seconds, answer = run(kind, text, which)
            times[which].append(seconds)
            answers.add(answer)
    assert len(answers) == 1, answers
    py, builtin = (statistics.median(times[w]) for w in ("python", "builtin"))
    print(
        f"{kind:6} {text:22} Python ruleset {py:7.3f} s   built-in {builtin:7.4f} s"
        f"   ratio {py / builtin:6.1f}"
    )
