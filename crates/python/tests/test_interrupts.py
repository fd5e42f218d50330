"""Ctrl-C is never lost: the short profile of ``interrupts.py`` (which runs the long one).

Every long-running entry point, from Python, the CLI and the worksheet (its Cancel
button), is interrupted twice at
random moments in its first second while two other processes keep the cores busy; each
run must stop (not run on to its end, not hang) and leave its checkpoint intact. How soon
it stops is the long profile's to judge: a bound on time here would depend on the machine.
The delays are drawn from ``$CONWAY_INTERRUPT_SEED`` when set (a failure names its seed).
"""

import os
import random

import pytest

import interrupts

SEED = int(os.environ.get("CONWAY_INTERRUPT_SEED", random.randrange(2**32)))


@pytest.fixture(scope="module")
def busy():
    with interrupts.busy_cores():
        yield


@pytest.fixture(scope="module")
def worksheets():
    server = interrupts.Worksheets()
    yield server
    server.close()


@pytest.mark.parametrize("entry", interrupts.ENTRIES, ids=lambda e: e.name)
def test_ctrl_c_is_never_lost(entry, busy, worksheets, tmp_path):
    rng = random.Random(f"{SEED} {entry.name}")
    for _ in range(2):
        trial = interrupts.run_trial(entry, rng.random(), tmp_path, worksheets)
        assert trial.ending == "stopped", f"{trial} (CONWAY_INTERRUPT_SEED={SEED})"


def test_an_ignored_sigint_is_restored_for_the_trials(tmp_path):
    """The trials give Ctrl-C its meaning even where the suite runs with SIGINT ignored
    (a script's command started with `&`): the case that once lost every signal."""
    import signal

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        entry = interrupts.ENTRIES[0]
        assert interrupts.run_trial(entry, 0.2, tmp_path).ending == "stopped"
    finally:
        signal.signal(signal.SIGINT, before)
