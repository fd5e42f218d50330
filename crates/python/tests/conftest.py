"""Shared fixtures: the CLI binary the Python answers are compared with."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli():
    """Runs ``conway ARGS…`` and returns its standard output; the binary is
    ``$CONWAY_BIN`` or the workspace's release build, which must exist."""
    binary = pathlib.Path(os.environ.get("CONWAY_BIN", REPO / "target" / "release" / "conway"))
    if not binary.exists():
        pytest.fail(f"{binary} is missing: build it with `cargo build --release` first")

    def run(*args: str) -> str:
        done = subprocess.run([str(binary), *args], capture_output=True, text=True, check=True)
        return done.stdout

    return run


def stopped_by_ctrl_c(setup: str, call: str, work: float = 1.5) -> float:
    """Runs ``setup`` then ``call`` in a fresh Python, sends SIGINT after ``work`` seconds,
    checks that ``call`` ended with KeyboardInterrupt, and returns how long after the
    signal the process ended."""
    import signal
    import sys
    import textwrap
    import time

    script = "\n".join([
        "import sys, conway",
        textwrap.dedent(setup),
        'print("started", flush=True)',
        "try:",
        f"    {call}",
        "except KeyboardInterrupt:",
        '    print("interrupted", flush=True)',
        "    sys.exit(0)",
        'print("finished", flush=True)',
        "sys.exit(1)",
    ])
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(work)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0 and out.strip() == "interrupted", out
    return time.monotonic() - sent
