"""A reader that leaves early (`torchplace rule | head`) gets no traceback from us."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("verb", [["rule"], ["rule", "--format", "markdown"]])
def test_closed_stdout_ends_quietly(verb: list[str]) -> None:
    read_end, write_end = os.pipe()
    # The reader is gone before the command writes anything: every write meets EPIPE.
    os.close(read_end)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "torchplace", *verb],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 141
