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
