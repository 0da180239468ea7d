"""Mixed GPU models on one node while `CUDA_DEVICE_ORDER` is left at CUDA's default.

What it checks: whether the visible GPUs differ in model or memory and `CUDA_DEVICE_ORDER` is
unset (or `FASTEST_FIRST`).
Why it matters: CUDA then numbers the fastest GPU 0, while `nvidia-smi`, NVML,
`CUDA_VISIBLE_DEVICES` docs and `--device-ids` speak in PCI bus order; `cuda:0` is not the GPU
the user named, and tensor-parallel workers end up on unequal GPUs.
How to fix: set `CUDA_DEVICE_ORDER=PCI_BUS_ID` (`torchplace launch` adds it), and group equal
GPUs with `CUDA_VISIBLE_DEVICES`.
"""

from __future__ import annotations

from torchplace.preflight.checks import Context, Result, Status, passed, skip

NAME = "heterogeneous-gpu-order"
CODE = "PF111"
PATTERN = "cuda-visible-devices-misuse"
KINDS = ("vllm", "torchrun", "deepspeed", "python")


def run(context: Context) -> list[Result]:
    if not context.machine.known:
        return skip("GPU models unknown")
    kinds = sorted({f"{g.name} ({_gib(g.total_memory)})" for g in context.machine.gpus})
    if len(kinds) <= 1:
        return passed(f"{len(context.machine.gpus)} x {kinds[0] if kinds else 'no GPU'}")
    order = context.env.get("CUDA_DEVICE_ORDER")
    if order == "PCI_BUS_ID":
        return passed(f"mixed GPUs ({', '.join(kinds)}), CUDA_DEVICE_ORDER=PCI_BUS_ID")
    return [
        Result(
            Status.WARN,
            f"mixed GPUs ({', '.join(kinds)}) and CUDA_DEVICE_ORDER={order or 'unset'}",
            "CUDA numbers the fastest GPU first, nvidia-smi and --device-ids by PCI bus",
            "set CUDA_DEVICE_ORDER=PCI_BUS_ID (torchplace launch adds it) and keep equal GPUs "
            "together with CUDA_VISIBLE_DEVICES",
        )
    ]


def _gib(total: int | None) -> str:
    return "?" if total is None else f"{total / 1024**3:.0f} GiB"
