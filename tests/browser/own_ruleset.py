"""A ruleset written in Python, served in the worksheet by `conway.serve()`: the browser test
`a ruleset written in Python` draws its boards, edits them by clicks and plays them against
Conway. The ruleset is the Python tests' Clobber (`py_clobber`, with a board)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "crates/python/tests"))

import conway  # noqa: E402
from test_own_ruleset import PyClobber  # noqa: E402, F401 - registers py_clobber

if __name__ == "__main__":
    server = conway.serve(0, background=True)
    print(f"Conway worksheet at {server.url}", flush=True)
    try:
        server.wait()
    except KeyboardInterrupt:
        sys.exit(0)
