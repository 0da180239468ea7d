"""Check on real CUDA what starts CUDA and what binds a thread, as TPL404, TPL410, TPL401,
TPL403 and TPL408 assume.

Usage: python benchmarks/lint_cuda_init_facts.py OUT_DIR

`torchplace lint` never imports torch, so the rules encode these facts:
- TPL404: `CUDA_VISIBLE_DEVICES` written after `torch.cuda.is_available()` (or any call that
  starts CUDA) has no effect in that process; written after `torch.cuda.device_count()` (torch
  counts through NVML before CUDA starts), `torch.cuda.empty_cache()` or a memory statistic
  (`memory_allocated()`, `memory_stats()`, ...), which return early while CUDA is not
  initialised, or after the seeds (`manual_seed_all()`, `seed()`, `set_rng_state()`), which
  torch queues until CUDA starts, it still does.
- TPL410: a worker forked from a process that has not started CUDA starts its own (seeds are
  queued until CUDA starts, `device_count()` counts through NVML); one forked after a tensor
  was made on the GPU, or after `is_available()` asked the driver, cannot.
- TPL401: a `DataLoader(..., pin_memory=True)` built before the rank binds its GPU starts no
  CUDA; it pins (and starts CUDA) only when iterated, so a binding between the two comes first.
- TPL403 / TPL408: `torch.cuda.stream(s)` switches the calling thread to the stream's GPU, so a
  thread that enters a stream made on the rank's GPU is bound to it (two GPUs needed).
- TPL401: `dist.barrier()` in an NCCL rank that never bound its GPU (no `set_device`, no
  `device_id=`) opens a CUDA context on cuda:0 (the current device), whatever GPU NCCL then
  reduces on (`rank % device_count`); a rank that bound its GPU first opens none there (two
  GPUs needed; contexts are read from NVML, whose order `CUDA_DEVICE_ORDER=PCI_BUS_ID` makes
  CUDA's).
Each case runs in a fresh interpreter (CUDA's state is per process) and prints what it saw.
Writes `lint_cuda_init_facts.md` / `.json` into OUT_DIR with the expected and observed outcome;
cases that need more GPUs than the machine has are listed as skipped. Exit status 1 when any
observed outcome differs from the expected one.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import tempfile
from pathlib import Path

#: Prints whether a tensor can be made on the GPU now, or the name of the error that stops it.
_MAKE_A_TENSOR = (
    "try:\n"
    "    made = torch.zeros(1, device='cuda').is_cuda\n"
    "except Exception as error:\n"
    "    made = type(error).__name__\n"
    "print(made)"
)

#: Forks a child that makes a tensor on the GPU and prints what `_MAKE_A_TENSOR` prints.
_FORK_A_CHILD = (
    "import multiprocessing\n"
    "def child():\n"
    "    try:\n"
    "        made = torch.zeros(1, device='cuda').is_cuda\n"
    "    except Exception as error:\n"
    "        made = type(error).__name__\n"
    "    print(made, flush=True)\n"
    "process = multiprocessing.get_context('fork').Process(target=child)\n"
    "process.start(); process.join()"
)

#: Two NCCL ranks spawned by torch (no `device_id=`), each binding its GPU first when `BIND` is
#: true; after one `barrier()`, rank 1 prints whether it holds a CUDA context on GPU 0 (NVML).
_BARRIER_RANKS = (
    "import os, socket\n"
    "os.environ['CUDA_DEVICE_ORDER'] = 'PCI_BUS_ID'\n"
    "import pynvml, torch, torch.distributed as dist, torch.multiprocessing as mp\n"
    "def rank_main(rank, port):\n"
    "    if BIND:\n"
    "        torch.cuda.set_device(rank)\n"
    "    dist.init_process_group('nccl', init_method=f'tcp://127.0.0.1:{port}', rank=rank,\n"
    "                            world_size=2)\n"
    "    dist.barrier()\n"
    "    if rank == 1:\n"
    "        pynvml.nvmlInit()\n"
    "        on_gpu0 = pynvml.nvmlDeviceGetComputeRunningProcesses(\n"
    "            pynvml.nvmlDeviceGetHandleByIndex(0))\n"
    "        print(any(p.pid == os.getpid() for p in on_gpu0), flush=True)\n"
    "    dist.barrier()\n"
    "    dist.destroy_process_group()\n"
    "if __name__ == '__main__':\n"
    "    with socket.socket() as s:\n"
    "        s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]\n"
    "    mp.spawn(rank_main, args=(port,), nprocs=2)\n"
)

#: (name, what the rule assumes, GPUs needed, code run in a fresh process, expected output)
CASES: list[tuple[str, str, int, str, str]] = [
    (
        "data loader built with pin_memory=True, then iterated",
        "TPL401: building the loader starts no CUDA; iterating it pins, and starts CUDA",
        1,
        "import torch\n"
        "from torch.utils.data import DataLoader\n"
        "loader = DataLoader(torch.arange(8.0), batch_size=4, num_workers=2, pin_memory=True)\n"
        "built = torch.cuda.is_initialized()\n"
        "batch = next(iter(loader))\n"
        "print(built, torch.cuda.is_initialized(), batch.is_pinned())",
        "False True True",
    ),
    (
        "visible devices written after is_available()",
        "TPL404: the write has no effect on the GPUs CUDA then uses",
        1,
        "import os, torch\n"
        "torch.cuda.is_available()\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n" + _MAKE_A_TENSOR,
        "True",
    ),
    (
        "visible devices written after is_available() with the NVML-based check on",
        "TPL404: under `PYTORCH_NVML_BASED_CUDA_CHECK=1` (set by `import vllm`), is_available()"
        " asks NVML, not CUDA: the write still hides the GPUs",
        1,
        "import os\n"
        "os.environ['PYTORCH_NVML_BASED_CUDA_CHECK'] = '1'\n"
        "import torch\n"
        "torch.cuda.is_available()\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n" + _MAKE_A_TENSOR,
        "RuntimeError",
    ),
    (
        "visible devices written after device_count()",
        "TPL404: torch counts GPUs through NVML before CUDA starts: the write still hides them",
        1,
        "import os, torch\n"
        "torch.cuda.device_count()\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n" + _MAKE_A_TENSOR,
        "RuntimeError",
    ),
    (
        "visible devices written after a tensor was made on the GPU",
        "TPL404: control, CUDA has started: the write has no effect",
        1,
        "import os, torch\n"
        "torch.zeros(1, device='cuda')\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n"
        "print(torch.zeros(1, device='cuda').is_cuda)",
        "True",
    ),
    (
        "visible devices written before any CUDA call",
        "TPL404: control, the write hides every GPU",
        1,
        "import os, torch\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n"
        "print(torch.cuda.is_available())",
        "False",
    ),
    (
        "visible devices written after empty_cache() and memory statistics",
        "TPL404: these return early before CUDA starts, so the write still hides every GPU",
        1,
        "import os, torch\n"
        "torch.cuda.empty_cache()\n"
        "torch.cuda.memory_allocated(); torch.cuda.memory_reserved()\n"
        "torch.cuda.max_memory_allocated(); torch.cuda.memory_stats()\n"
        "started = torch.cuda.is_initialized()\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n"
        "print(started, torch.cuda.is_available())",
        "False False",
    ),
    (
        "visible devices written after seeds and an RNG state",
        "TPL404: seeds are queued until CUDA starts, so the write still hides every GPU",
        1,
        "import os, torch\n"
        "torch.cuda.manual_seed_all(1); torch.cuda.manual_seed(1); torch.cuda.seed_all()\n"
        "torch.cuda.set_rng_state(torch.zeros(16, dtype=torch.uint8))\n"
        "started = torch.cuda.is_initialized()\n"
        "os.environ['CUDA_VISIBLE_DEVICES'] = ''\n"
        "print(started, torch.cuda.is_available())",
        "False False",
    ),
    (
        "a device named in a string",
        "TPL404: `device = torch.device('cuda')` starts nothing",
        1,
        "import torch\ndevice = torch.device('cuda')\nprint(torch.cuda.is_initialized())",
        "False",
    ),
    (
        "a worker forked after seeds and device_count()",
        "TPL410: the parent has not started CUDA, so the forked child starts its own",
        1,
        "import torch\ntorch.cuda.manual_seed_all(1)\ntorch.cuda.device_count()\n" + _FORK_A_CHILD,
        "True",
    ),
    (
        "a worker forked after a tensor was made on the GPU",
        "TPL410: control, the parent started CUDA: the forked child cannot",
        1,
        "import torch\ntorch.zeros(1, device='cuda')\n" + _FORK_A_CHILD,
        "RuntimeError",
    ),
    (
        "a worker forked after is_available()",
        "TPL410: the parent asked the driver (it counts as starting CUDA): the child cannot",
        1,
        "import torch\ntorch.cuda.is_available()\n" + _FORK_A_CHILD,
        "RuntimeError",
    ),
    (
        "a thread entering a stream made on cuda:1",
        "TPL403/TPL408: the thread's current GPU becomes the stream's",
        2,
        "import threading, torch\n"
        "torch.cuda.set_device(1)\n"
        "stream = torch.cuda.Stream()\n"
        "seen = []\n"
        "def work():\n"
        "    before = torch.cuda.current_device()\n"
        "    with torch.cuda.stream(stream):\n"
        "        seen.append((before, torch.cuda.current_device()))\n"
        "thread = threading.Thread(target=work); thread.start(); thread.join()\n"
        "print(*seen[0])",
        "0 1",
    ),
    (
        "barrier() in an NCCL rank that never bound its GPU",
        "TPL401: rank 1 opens a CUDA context on cuda:0, its current GPU",
        2,
        "BIND = False\n" + _BARRIER_RANKS,
        "True",
    ),
    (
        "barrier() in an NCCL rank that bound its GPU first",
        "TPL401: control, rank 1 opens no CUDA context on cuda:0",
        2,
        "BIND = True\n" + _BARRIER_RANKS,
        "False",
    ),
]


def _machine() -> str:
    probe = (
        "import torch\n"
        "name = torch.cuda.get_device_name(0) if torch.cuda.is_available() else 'no GPU'\n"
        "print(f'{name}, torch {torch.__version__}')"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else "unknown"


def _gpus() -> int:
    probe = "import torch; print(torch.cuda.device_count() if torch.cuda.is_available() else 0)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    return int(done.stdout.strip() or 0) if done.returncode == 0 else 0


def run(gpus: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for name, assumption, needed, code, expected in CASES:
        if gpus < needed:
            rows.append(
                {
                    "case": name,
                    "assumes": assumption,
                    "expected": expected,
                    "observed": f"skipped: needs {needed} GPU(s), {gpus} here",
                    "ok": None,
                }
            )
            continue
        # Run from a file, not `-c`: torch's spawned ranks import `__main__` from it.
        with tempfile.TemporaryDirectory() as folder:
            script = Path(folder) / "case.py"
            script.write_text(code, encoding="utf-8")
            done = subprocess.run(
                [sys.executable, str(script)], capture_output=True, text=True, timeout=120
            )
        observed = (
            done.stdout.strip()
            if done.returncode == 0
            else ("raised: " + (done.stderr.strip().splitlines() or ["?"])[-1])
        )
        rows.append(
            {
                "case": name,
                "assumes": assumption,
                "expected": expected,
                "observed": observed,
                "ok": observed == expected,
            }
        )
    return rows


def render(rows: list[dict[str, object]], gpus: int, machine: str = "") -> str:
    checked = [r for r in rows if r["ok"] is not None]
    held = sum(1 for r in checked if r["ok"])
    lines = [
        "# What starts CUDA and what binds a thread, as lint assumes",
        "",
        "- Claim: the CUDA facts TPL404, TPL410, TPL401, TPL403 and TPL408 encode hold on real "
        "CUDA",
        f"- Figure: {held}/{len(checked)} cases as assumed ({len(rows) - len(checked)} skipped, "
        f"{gpus} GPU(s))",
        f"- Date: {datetime.date.today().isoformat()}",
        f"- Machine: {machine or 'unknown'}",
        "- Command: `python benchmarks/lint_cuda_init_facts.py OUT_DIR` (`scripts/gpu-check "
        '"$OUT" lint-facts`)',
        "",
        "| Case | Assumes | Expected | Observed | As assumed |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        mark = "-" if r["ok"] is None else ("yes" if r["ok"] else "NO")
        lines.append(
            f"| {r['case']} | {r['assumes']} | `{r['expected']}` | `{r['observed']}` | {mark} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python benchmarks/lint_cuda_init_facts.py OUT_DIR", file=sys.stderr)
        return 2
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    gpus = _gpus()
    rows = run(gpus)
    (out / "lint_cuda_init_facts.json").write_text(
        json.dumps({"gpus": gpus, "cases": rows}, indent=2) + "\n", encoding="utf-8"
    )
    text = render(rows, gpus, _machine())
    (out / "lint_cuda_init_facts.md").write_text(text, encoding="utf-8")
    print(text)
    return 1 if any(r["ok"] is False for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
