"""torch sees as many GPUs as `CUDA_VISIBLE_DEVICES` and NVML say it should.

What it checks:
    `torch.cuda.device_count()` against the number of GPUs NVML reports, narrowed by
    `CUDA_VISIBLE_DEVICES` when it is set.

Why it matters:
    A mismatch means CUDA dropped devices the user meant to use (a bad visible-devices entry,
    a GPU that failed to initialize, a container that mounted fewer device nodes), and device
    indices computed from the expected count (`LOCAL_RANK`, tensor-parallel rank) point past
    the end: "invalid device ordinal", or two ranks on one GPU.

How to fix:
    Make `CUDA_VISIBLE_DEVICES` list only GPUs that exist, and check `nvidia-smi` and the
    container's `--gpus` setting for the GPUs that are missing.
"""

from __future__ import annotations

from torchplace import visible_devices
from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="torch-device-count", category="visibility", order=35, timeout_s=60)


def run(env: Env) -> CheckResult:
    gpus = env.nvml().gpus()
    build = env.torch_build()
    if build.cuda_version is None:
        raise Unavailable(f"torch {build.version} is not a CUDA build (see torch-cuda-build)")
    visible = visible_devices.from_environ(env.environ)
    if visible.kind is visible_devices.EntryKind.MIG:
        expected = len(visible.entries)
        source = "MIG instances listed in CUDA_VISIBLE_DEVICES"
    elif visible.is_set:
        expected = sum(
            1
            for p in visible_devices.resolve_physical(visible, [g.uuid for g in gpus])
            if p is not None
        )
        source = f"CUDA_VISIBLE_DEVICES={visible.raw!r} on {len(gpus)} GPU(s)"
    else:
        expected = len(gpus)
        source = "NVML"
    observed = f"torch sees {build.device_count}; expected {expected} from {source}"
    data = {"torch": build.device_count, "expected": expected}
    if build.device_count != expected:
        return CheckResult.fail(
            observed,
            "List only existing GPUs in CUDA_VISIBLE_DEVICES and check nvidia-smi / the "
            "container's --gpus for the missing ones.",
            **data,
        )
    return CheckResult.passed(observed, **data)
