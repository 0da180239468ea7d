"""Run one program on virtual GPUs with the explainer installed (the accuracy suite's sim mode).

Usage: python sim_driver.py [--origins] --json OUT program.py [args...]

Uses only public API: `torchplace.sim.run_path` as the launcher of
`torchplace.explain.runner.run_target`. Under a torchrun-style environment (RANK, WORLD_SIZE)
the simulation plays that rank.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    origins = "--origins" in args
    if origins:
        args.remove("--origins")
    out = args[args.index("--json") + 1]
    del args[args.index("--json") : args.index("--json") + 2]
    program, program_args = args[0], args[1:]

    from torchplace.explain.runner import run_target
    from torchplace.sim import run_module, run_path

    options: dict[str, object] = {"n": int(os.environ.get("TORCHPLACE_SIM_GPUS", "2"))}
    if "RANK" in os.environ and "WORLD_SIZE" in os.environ:
        options["rank"] = int(os.environ["RANK"])
        options["world_size"] = int(os.environ["WORLD_SIZE"])

    def launch(target: str, target_args: Sequence[str], module: bool) -> None:
        (run_module if module else run_path)(target, target_args, **options)

    return run_target(program, program_args, origins=origins, json_path=out, launch=launch)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
