"""torch is a CUDA build that can reach this machine's GPUs, with kernels for them.

What it checks:
    That torch is installed as a CUDA build when NVML sees NVIDIA GPUs, that
    `torch.cuda.is_available()` is True, and that torch ships kernels (`sm_XY`, or PTX it can
    JIT) for every GPU's compute capability.

Why it matters:
    A CPU-only wheel on a GPU host is the most common reason "cuda" silently means nothing and
    `.cuda()` raises `Torch not compiled with CUDA enabled`. A wheel without kernels for the
    GPU's architecture fails at the first kernel launch with "no kernel image is available".

How to fix:
    Install the CUDA wheel that matches the driver, e.g.
    `pip install torch --index-url https://download.pytorch.org/whl/cu128`.
"""

from __future__ import annotations

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="torch-cuda-build", category="driver", order=10, timeout_s=60)

FIX_WHEEL = (
    "Install torch's CUDA wheel for this driver, e.g. "
    "`pip install torch --index-url https://download.pytorch.org/whl/cu128`."
)


def _gpu_names(env: Env) -> list[str]:
    try:
        return [gpu.name for gpu in env.nvml().gpus()]
    except Unavailable:
        return []


def run(env: Env) -> CheckResult:
    build = env.torch_build()
    gpus = _gpu_names(env)
    if build.cuda_version is None and build.hip_version is None:
        if gpus:
            return CheckResult.fail(
                f"torch {build.version} is a CPU-only build, but NVML sees {len(gpus)} GPU(s)",
                FIX_WHEEL,
            )
        raise Unavailable(f"torch {build.version} is a CPU-only build and NVML sees no GPU")
    runtime = f"CUDA {build.cuda_version}" if build.cuda_version else f"ROCm {build.hip_version}"
    if not build.cuda_available:
        return CheckResult.fail(
            f"torch {build.version} ({runtime}) but torch.cuda.is_available() is False",
            "Check the driver (nvidia-smi) and that it supports this CUDA version; "
            "see the driver-cuda-version check.",
        )
    missing = _missing_archs(env, build.arch_list)
    observed = f"torch {build.version}, {runtime}, {build.device_count} GPU(s) visible"
    if missing:
        return CheckResult.fail(
            f"{observed}; no kernels for {', '.join(missing)} "
            f"(built for {' '.join(build.arch_list)})",
            FIX_WHEEL,
        )
    return CheckResult.passed(observed, arch_list=list(build.arch_list))


def _missing_archs(env: Env, arch_list: tuple[str, ...]) -> list[str]:
    """Compute capabilities with neither a matching `sm_` nor an older `compute_` (PTX) entry."""
    if not arch_list:
        return []
    cuda = env.cuda()
    missing = []
    for index in range(cuda.device_count()):
        major, minor = cuda.capability(index)
        arch = major * 10 + minor
        sm = {_number(a) for a in arch_list if a.startswith("sm_")}
        ptx = {_number(a) for a in arch_list if a.startswith("compute_")}
        # SASS runs on the same major with an equal or higher minor; PTX on anything newer.
        has_sass = any(s // 10 == major and s <= arch for s in sm)
        if not has_sass and not any(p <= arch for p in ptx):
            missing.append(f"sm_{arch} (cuda:{index})")
    return missing


def _number(arch: str) -> int:
    digits = "".join(ch for ch in arch.split("_", 1)[1] if ch.isdigit())
    return int(digits) if digits else 0
