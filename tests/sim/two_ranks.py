"""Run a program as 2 ranks with real torchrun inside `torchplace sim --gpus 2`; read each rank's
JSON report (the program writes `rank<N>.json` into the folder named by `out_variable`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_two_ranks(program: Path, out_variable: str, out: Path) -> dict[int, dict[str, Any]]:
    command = [sys.executable, "-m", "torchplace", "sim", "--gpus", "2", "--no-explain", "-m",
               "torch.distributed.run", "--nproc-per-node", "2", str(program)]  # fmt: skip
    env = {**os.environ, "OMP_NUM_THREADS": "1", out_variable: str(out)}
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return {r: json.loads((out / f"rank{r}.json").read_text(encoding="utf-8")) for r in (0, 1)}
