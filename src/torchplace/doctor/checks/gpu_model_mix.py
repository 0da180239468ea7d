"""Different GPU models on one host without `CUDA_DEVICE_ORDER=PCI_BUS_ID`.

What it checks:
    Whether NVML reports more than one GPU model and, if so, whether `CUDA_DEVICE_ORDER` is
    `PCI_BUS_ID`.

Why it matters:
    CUDA numbers devices fastest first by default, NVML and `nvidia-smi` by PCI bus. On a mixed
    host `cuda:0` is then not `nvidia-smi`'s GPU 0, and `CUDA_VISIBLE_DEVICES=1` selects a
    different card than the one the user read off `nvidia-smi`: work lands on the wrong GPU.

How to fix:
    `export CUDA_DEVICE_ORDER=PCI_BUS_ID` (before the process starts) so every tool numbers
    GPUs the same way.
"""

from __future__ import annotations

from collections import Counter

from torchplace import visible_devices
from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult

CHECK = Check(name="gpu-model-mix", category="driver", order=20, timeout_s=30)

FIX = (
    "Set CUDA_DEVICE_ORDER=PCI_BUS_ID before starting the process so CUDA numbers GPUs "
    "as nvidia-smi does."
)


def run(env: Env) -> CheckResult:
    gpus = env.nvml().gpus()
    models = Counter(gpu.name for gpu in gpus)
    observed = ", ".join(f"{count}x {name}" for name, count in models.items()) or "no GPU"
    order = env.environ.get("CUDA_DEVICE_ORDER", "")
    if len(models) <= 1:
        return CheckResult.passed(f"{observed} (one model)", models=dict(models))
    if order == "PCI_BUS_ID":
        return CheckResult.passed(f"{observed}; CUDA_DEVICE_ORDER=PCI_BUS_ID", models=dict(models))
    what = f"{observed} with CUDA_DEVICE_ORDER={order or 'unset (FASTEST_FIRST)'}"
    visible = visible_devices.from_environ(env.environ)
    if visible.kind is visible_devices.EntryKind.INDEX:
        return CheckResult.fail(
            f"{what}; CUDA_VISIBLE_DEVICES={visible.raw} indices are read in that order, "
            "not nvidia-smi's",
            FIX,
            models=dict(models),
        )
    return CheckResult.warn(
        f"{what}: cuda:N differs from nvidia-smi's GPU N", FIX, models=dict(models)
    )
