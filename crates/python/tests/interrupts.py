"""Ctrl-C at random moments on every long-running entry point, from Python and from the
CLI, with two busy processes beside it.

Each trial starts one long computation (far longer than the trial waits), sends SIGINT a
random delay after the call begins, and records how it ended: stopped with
``KeyboardInterrupt`` (Python) or exit status 130 and one ``interrupted`` line (CLI),
ran to its end (the signal was lost), or hung. A run that keeps a checkpoint must leave it
intact: absent, or whole with its checksum right, and readable by the next run.

``test_interrupts.py`` runs a short profile in the test suite; the long profile is this
file run as a script (it prints each entry's median and largest delay from signal to
stop, and fails when a signal is lost or a stop takes longer than the README's second)::

    python crates/python/tests/interrupts.py --rounds 20 [--seed S] [--only NAME]

It needs the ``conway`` package and the CLI (``$CONWAY_BIN`` or the workspace's release
build), as the test suite does.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import pathlib
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import zlib

REPO = pathlib.Path(__file__).resolve().parents[3]

#: The README's promise: a long computation stops within a second of Ctrl-C.
PROMISE = 1.0

#: After this long the run is taken to ignore the signal: far above any stop, far below
#: any of the runs below finishing.
HANG = 20.0


def _random_matrix(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randrange(100) for _ in range(n)] for _ in range(n)]


def _matrix_text(matrix: list[list[int]]) -> str:
    return "; ".join(" ".join(map(str, row)) for row in matrix)


_A, _B = _random_matrix(20, 1), _random_matrix(20, 2)
_EMPTY_8x8 = "|".join(["........"] * 8)
_CLOBBER = "|".join(["xoxoxo", "oxoxox"] * 3)
_FOX_AND_GEESE = "{(8,2),(8,4),(8,6),(8,8)}, (1,5)"
_CHASE = ["80", "1", "1", "80", "80"]
_STABLE = "3 0 1; 1 2 0; 0 1 3"


@dataclasses.dataclass(frozen=True)
class Entry:
    """A long-running entry point: a Python call (``call``, after ``setup``), a CLI
    command (``args``) or a worksheet cell (``cell``, stopped by its Cancel button).
    ``{checkpoint}`` stands for a fresh file's path; the run that reads it back is
    ``resume``."""

    name: str
    call: str = ""
    setup: str = ""
    args: tuple[str, ...] = ()
    resume: tuple[str, ...] = ()
    cell: str = ""

    @property
    def front(self) -> str:
        return "cli" if self.args else "worksheet" if self.cell else "python"


ENTRIES = [
    # Heap games: the rare/common engine, a user's rule, misère quotients.
    Entry("python heap_sequence", call='conway.heap_sequence("0.167", 268435455)'),
    Entry("python heap_sequence(rule)",
          call="conway.heap_sequence(lambda n: [n - 1, n // 2] if n else [], 10**7)"),
    Entry("python misere_quotient", call='conway.misere_quotient("0.3122", 500)'),
    Entry("cli grundy", args=("grundy", "0.167", "--to", "268435455")),
    Entry("cli grundy --checkpoint",
          args=("grundy", "0.167", "--to", "268435455", "--checkpoint", "{checkpoint}",
                "--checkpoint-every", "0"),
          resume=("grundy", "0.167", "--to", "1000", "--checkpoint", "{checkpoint}")),
    Entry("cli grundy --misere-quotient",
          args=("grundy", "0.3122", "--misere-quotient", "--to", "500")),
    Entry("cli grundy --misere", args=("grundy", "0.77", "--misere", "--to", "200")),
    # Games written in Python: every position through the user's functions.
    Entry("python grundy_value",
          call="conway.grundy_value(3_000_000, options=lambda n: [n - 1, n // 2, n // 3] if n else [])"),
    Entry("python canonical_form",
          call="conway.canonical_form((1000, 1000), "
               "left_moves=lambda p: [(p[0] - 1, p[1]), (p[0] - 1, p[1] // 2)] if p[0] else [], "
               "right_moves=lambda p: [(p[0], p[1] - 1), (p[0] // 2, p[1] - 1)] if p[1] else [])"),
    Entry("python PartizanGame.outcome",
          call="conway.PartizanGame("
               "left_moves=lambda p: [(p[0] - 1, p[1]), (p[0] - 1, p[1] // 2)] if p[0] else [], "
               "right_moves=lambda p: [(p[0], p[1] - 1), (p[0] // 2, p[1] - 1)] if p[1] else [])"
               ".outcome((1000, 1000))"),
    Entry("python PartizanGame.outcome misere",
          call="conway.PartizanGame("
               "left_moves=lambda p: [(p[0] - 1, p[1]), (p[0] - 1, p[1] // 2)] if p[0] else [], "
               "right_moves=lambda p: [(p[0], p[1] - 1), (p[0] // 2, p[1] - 1)] if p[1] else [])"
               # Misère play is settled sooner: a larger start keeps it busy for seconds.
               ".outcome((1900, 1900), misere=True)"),
    # Games with cycles: the Easy Chase, a user's game in Python.
    Entry("python solve chase", call=f"conway.solve('chase', {', '.join(_CHASE)})"),
    Entry("python retrograde",
          call="conway.retrograde([0], lambda n: [(n + 1) % 3_000_000, (n * 7 + 1) % 3_000_000])"),
    Entry("cli solve chase", args=("solve", "chase", *_CHASE)),
    # Partizan: canonical forms, searches for the winner, loopy rulesets.
    Entry("python domineering value", call='conway.domineering("|".join(["......"] * 6))'),
    Entry("python solve domineering", call='conway.solve("domineering", "8x9")'),
    Entry("python outcome(domineering)",
          call=f"conway.evaluate('outcome(domineering(\"{_EMPTY_8x8}\"))')"),
    Entry("python solve clobber", call='conway.solve("clobber", "6x6")'),
    Entry("python outcome(clobber)", call=f"conway.evaluate('outcome(clobber(\"{_CLOBBER}\"))')"),
    Entry("python fox_and_geese", call=f"conway.fox_and_geese({_FOX_AND_GEESE!r})"),
    Entry("cli eval domineering", args=("eval", 'domineering("' + "|".join(["......"] * 6) + '")')),
    Entry("cli solve domineering --checkpoint",
          args=("solve", "domineering", "8x9", "--checkpoint", "{checkpoint}",
                "--checkpoint-every", "0"),
          resume=("solve", "domineering", "8x9", "--checkpoint", "{checkpoint}", "--budget", "1")),
    Entry("cli solve clobber --checkpoint",
          args=("solve", "clobber", "6x6", "--checkpoint", "{checkpoint}",
                "--checkpoint-every", "0"),
          resume=("solve", "clobber", "6x6", "--checkpoint", "{checkpoint}", "--budget", "1")),
    Entry("cli eval outcome(clobber)", args=("eval", f'outcome(clobber("{_CLOBBER}"))')),
    Entry("cli eval fox_and_geese", args=("eval", f'fox_and_geese("{_FOX_AND_GEESE}")')),
    # Strategic games.
    Entry("python nash", call=f"conway.nash({_A!r}, {_B!r})"),
    Entry("python stable", call="conway.stable([[3, 0, 1], [1, 2, 0], [0, 1, 3]], agents=1900)"),
    Entry("cli nash", args=("nash", "--a", _matrix_text(_A), "--b", _matrix_text(_B))),
    Entry("cli stable", args=("stable", "--a", _STABLE, "--agents", "1900")),
    # The worksheet's Cancel button, through the server's API as the page uses it.
    Entry("worksheet domineering value", cell='domineering("' + "|".join(["......"] * 6) + '")'),
    Entry("worksheet solve chase", cell="solve chase " + " ".join(_CHASE)),
    Entry("worksheet grundy", cell="grundy 0.167 --to 268435455"),
    Entry("worksheet outcome(clobber)", cell=f'outcome(clobber("{_CLOBBER}"))'),
]


@dataclasses.dataclass
class Trial:
    """How one run ended after SIGINT: ``stopped``, ``finished`` (the signal was lost),
    ``hung`` or ``failed`` (anything else, said in ``detail``)."""

    entry: Entry
    delay: float
    ending: str
    latency: float
    detail: str = ""

    def __str__(self) -> str:
        return (f"{self.entry.name}: SIGINT {self.delay:.3f} s after the call began, "
                f"{self.ending} {self.latency:.3f} s later {self.detail}").rstrip()


def cli_binary() -> pathlib.Path:
    return pathlib.Path(os.environ.get("CONWAY_BIN", REPO / "target" / "release" / "conway"))


def _restore_sigint() -> None:
    # A child inherits an ignored SIGINT (a command started with `&` by a script, `nohup`),
    # and Python then installs no KeyboardInterrupt: the trials ask for Ctrl-C's meaning.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _python_script(entry: Entry, checkpoint: str) -> str:
    return "\n".join([
        "import signal, sys, conway",
        # As a terminal's Python has it, whatever the parent ignored.
        "signal.signal(signal.SIGINT, signal.default_int_handler)",
        textwrap.dedent(entry.setup).replace("{checkpoint}", checkpoint),
        'print("started", flush=True)',
        "try:",
        f"    {entry.call.replace('{checkpoint}', checkpoint)}",
        "except KeyboardInterrupt:",
        '    print("interrupted", flush=True)',
        "    sys.exit(0)",
        'print("finished", flush=True)',
        "sys.exit(1)",
    ])


def _wait(child: subprocess.Popen, sent: float) -> tuple[str | None, float]:
    """Waits for the child up to HANG after the signal; (None, HANG) if it is still running
    (then killed)."""
    try:
        child.wait(timeout=HANG)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        return None, HANG
    return "ended", time.monotonic() - sent


def checkpoint_problem(path: pathlib.Path) -> str | None:
    """What is wrong with a checkpoint left by a stopped run, or None: it may be absent
    (stopped before the first save), else its CRC-32 (the last four bytes, over the rest)
    must hold and no temporary file may be left beside it."""
    leftover = path.with_name(path.name + ".tmp")
    if leftover.exists():
        return f"{leftover.name} was left behind"
    if not path.exists():
        return None
    data = path.read_bytes()
    if len(data) < 12 or not data.startswith(b"CONWAY"):
        return f"not a conway file ({len(data)} bytes)"
    if zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "little"):
        return "its checksum is wrong"
    return None


class Worksheets:
    """A ``conway serve`` of its own, on a free port of 127.0.0.1, used as the page uses
    it; stopped by ``close``."""

    def __init__(self):
        self.server = subprocess.Popen(
            [str(cli_binary()), "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
        line = self.server.stdout.readline()
        self.base = "http://127.0.0.1:" + line.split("127.0.0.1:")[1].split("/")[0]
        self.worksheet = self.request("POST", "/api/worksheets")["worksheet"]

    def request(self, method: str, path: str, body: dict | None = None) -> dict:
        import json
        import urllib.request

        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=HANG + 10) as response:
            text = response.read()
        return json.loads(text) if text else {}

    def trial(self, entry: Entry, delay: float) -> Trial:
        job = self.request("POST", f"/api/worksheets/{self.worksheet}/cells",
                           {"input": entry.cell})["job"]
        time.sleep(delay)
        sent = time.monotonic()
        self.request("POST", f"/api/jobs/{job}/cancel")
        while True:
            state = self.request("GET", f"/api/jobs/{job}?wait=100")
            latency = time.monotonic() - sent
            if state["state"] in ("done", "failed"):
                break
            if latency > HANG:
                return Trial(entry, delay, "hung", latency)
        message = (state.get("error") or {}).get("message", "")
        if state["state"] == "failed" and message == "stopped by Cancel":
            return Trial(entry, delay, "stopped", latency)
        if state["state"] == "done":
            return Trial(entry, delay, "finished", latency)
        return Trial(entry, delay, "failed", latency, f"{state}")

    def close(self):
        self.server.kill()
        self.server.wait()


def run_trial(entry: Entry, delay: float, workdir: pathlib.Path,
              worksheets: Worksheets | None = None) -> Trial:
    """One run of ``entry`` interrupted ``delay`` seconds after its call began; a worksheet
    cell runs on ``worksheets``."""
    if entry.front == "worksheet":
        if worksheets is None:
            raise ValueError(f"{entry.name} needs a worksheet server")
        return worksheets.trial(entry, delay)
    checkpoint = workdir / f"trial-{time.monotonic_ns()}.ckpt"
    if entry.front == "python":
        child = subprocess.Popen(
            [sys.executable, "-c", _python_script(entry, str(checkpoint))],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=workdir,
            preexec_fn=_restore_sigint)
        first = child.stdout.readline().strip()
        if first != "started":
            child.kill()
            _, err = child.communicate()
            return Trial(entry, delay, "failed", 0.0, f"did not start: {first!r} {err[-400:]}")
    else:
        args = [a.replace("{checkpoint}", str(checkpoint)) for a in entry.args]
        child = subprocess.Popen(
            [str(cli_binary()), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, cwd=workdir, preexec_fn=_restore_sigint)
    time.sleep(delay)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    ended, latency = _wait(child, sent)
    out, err = child.communicate()
    if ended is None:
        return Trial(entry, delay, "hung", latency)
    if entry.front == "python":
        outcome = out.strip()
        if child.returncode == 0 and outcome == "interrupted":
            ending, detail = "stopped", ""
        elif outcome.endswith("finished"):
            ending, detail = "finished", ""
        else:
            ending, detail = "failed", f"status {child.returncode}: {out[-200:]} {err[-600:]}"
    elif child.returncode == 130 and err.strip().count("\n") == 0 and "interrupted" in err:
        ending, detail = "stopped", ""
    elif child.returncode == -signal.SIGINT:
        # Only before `main` has run: the process had no handler yet.
        ending, detail = "stopped", "(ended by the signal itself, before its handler was set)"
    elif child.returncode == 0:
        ending, detail = "finished", ""
    else:
        ending, detail = "failed", f"status {child.returncode}: {err[-600:]}"
    if ending == "stopped" and "{checkpoint}" in entry.args:
        problem = checkpoint_problem(checkpoint)
        if problem is None and checkpoint.exists() and entry.resume:
            resume = [a.replace("{checkpoint}", str(checkpoint)) for a in entry.resume]
            reread = subprocess.run([str(cli_binary()), *resume], capture_output=True,
                                    text=True, cwd=workdir, timeout=120)
            # The resuming runs are given a budget of one position: refused past it, they
            # have read the file.
            if reread.returncode != 0 and "more than the limit of 1;" not in reread.stderr:
                problem = f"the next run refused it: {reread.stderr.strip()}"
        if problem is not None:
            ending, detail = "failed", f"checkpoint: {problem}"
    checkpoint.unlink(missing_ok=True)
    return Trial(entry, delay, ending, latency, detail)


@contextlib.contextmanager
def busy_cores(count: int = 2):
    """``count`` processes that keep a core busy each, as other programs on a laptop do."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def run(entries: list[Entry], rounds: int, seed: int, show=None) -> list[Trial]:
    """``rounds`` trials of each entry, the delays drawn from [0, 1) by ``seed``, with two
    busy processes running throughout."""
    rng = random.Random(seed)
    trials = []
    worksheets = Worksheets()
    try:
        with busy_cores(), tempfile.TemporaryDirectory() as workdir:
            for _ in range(rounds):
                for entry in entries:
                    trial = run_trial(entry, rng.random(), pathlib.Path(workdir), worksheets)
                    trials.append(trial)
                    if show:
                        show(trial)
    finally:
        worksheets.close()
    return trials


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="trials of each entry point")
    parser.add_argument("--seed", type=int, default=None, help="the delays' seed")
    parser.add_argument("--only", default="", help="entries whose name contains this")
    options = parser.parse_args(argv)
    seed = options.seed if options.seed is not None else random.randrange(2**32)
    entries = [e for e in ENTRIES if options.only in e.name]
    print(f"{len(entries)} entry points, {options.rounds} rounds, seed {seed}, "
          "two busy processes", flush=True)
    trials = run(entries, options.rounds, seed,
                 show=lambda t: t.ending != "stopped" and print(t, flush=True))
    bad = 0
    print(f"{'entry point':36} {'stops':>5} {'median':>8} {'largest':>8}")
    for entry in entries:
        mine = [t for t in trials if t.entry == entry]
        stopped = [t.latency for t in mine if t.ending == "stopped"]
        slow = [t for t in mine if t.ending == "stopped" and t.latency > PROMISE]
        bad += len(mine) - len(stopped) + len(slow)
        median = statistics.median(stopped) if stopped else float("nan")
        largest = max(stopped, default=float("nan"))
        print(f"{entry.name:36} {len(stopped):>2}/{len(mine):<2} {median:>7.3f}s {largest:>7.3f}s")
    for t in trials:
        if t.ending == "stopped" and t.latency > PROMISE:
            print(f"slower than {PROMISE} s: {t}")
    print("all stopped within the promise" if bad == 0 else f"{bad} trials failed", flush=True)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
