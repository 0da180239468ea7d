"""Run by torchrun from test_binding_multiprocess.py: `OUT_DIR SCENARIO...`.

Each rank writes `OUT_DIR/rank<R>.json`: per scenario, its binding or the error it raised.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any


def _cpu_gloo() -> dict[str, Any]:
    import torch
    import torch.distributed as dist

    from torchplace.runtime import bind_worker

    binding = bind_worker(backend="gloo")
    total = torch.tensor([binding.rank + 1.0])
    dist.all_reduce(total)
    dist.destroy_process_group()
    return {**binding.to_dict(), "sum": total.item()}


def _sim(device: int | None) -> dict[str, Any]:
    import torch
    import torch.distributed as dist

    from torchplace.runtime import bind_worker
    from torchplace.sim import virtual_gpus

    with virtual_gpus(2):
        binding = bind_worker(backend="nccl", device=device)
        current = torch.cuda.current_device()
        dist.barrier()
        return {**binding.to_dict(), "current": current}


SCENARIOS = {
    "cpu-gloo": _cpu_gloo,
    "sim-nccl": lambda: _sim(None),
    "sim-collision": lambda: _sim(0),
}


def _run(scenario: str) -> dict[str, Any]:
    try:
        return SCENARIOS[scenario]()
    except Exception as error:
        return {"error": type(error).__name__, "message": str(error)}
    finally:
        with contextlib.suppress(Exception):
            import torch.distributed as dist

            if dist.is_initialized():
                dist.destroy_process_group()


def main() -> None:
    out_dir, scenarios = Path(sys.argv[1]), sys.argv[2:]
    results = {scenario: _run(scenario) for scenario in scenarios}
    out = out_dir / f"rank{os.environ['RANK']}.json"
    out.write_text(json.dumps(results), encoding="utf-8")


if __name__ == "__main__":
    main()
