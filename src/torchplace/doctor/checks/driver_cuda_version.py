"""The NVIDIA driver supports the CUDA version torch was built with.

What it checks:
    NVML's driver version and the newest CUDA version that driver supports
    (`nvmlSystemGetCudaDriverVersion`) against `torch.version.cuda`.

Why it matters:
    A driver older than torch's CUDA major version cannot run it at all
    (`torch.cuda.is_available()` is False, or "CUDA driver version is insufficient"). Within
    one major version CUDA's minor-version compatibility usually works, but features that need
    the newer driver (some PTX JIT, new APIs) fail at run time.

How to fix:
    Upgrade the driver to one that supports torch's CUDA version, or install the torch wheel
    built for the CUDA version the driver reports (`nvidia-smi`, top right).
"""

from __future__ import annotations

from torchplace.doctor.env import Env
from torchplace.doctor.result import Check, CheckResult, Unavailable

CHECK = Check(name="driver-cuda-version", category="driver", order=15, timeout_s=60)


def parse_cuda_version(text: str) -> tuple[int, int]:
    major, _, minor = text.partition(".")
    return int(major), int(minor.split(".")[0] or 0)


def run(env: Env) -> CheckResult:
    nvml = env.nvml()
    build = env.torch_build()
    if build.cuda_version is None:
        raise Unavailable(f"torch {build.version} is not a CUDA build (see torch-cuda-build)")
    driver_raw = nvml.cuda_driver_version()
    driver = (driver_raw // 1000, (driver_raw % 1000) // 10)
    torch_cuda = parse_cuda_version(build.cuda_version)
    observed = (
        f"driver {nvml.driver_version()} supports CUDA {driver[0]}.{driver[1]}; "
        f"torch {build.version} built with CUDA {build.cuda_version}"
    )
    data = {"driver_cuda": f"{driver[0]}.{driver[1]}", "torch_cuda": build.cuda_version}
    if driver[0] < torch_cuda[0]:
        return CheckResult.fail(
            observed,
            f"Upgrade the NVIDIA driver to one supporting CUDA {build.cuda_version}, or install "
            f"a torch wheel built for CUDA {driver[0]}.x.",
            **data,
        )
    if driver < torch_cuda:
        return CheckResult.warn(
            observed,
            "Runs through CUDA minor-version compatibility; upgrade the driver to avoid failures "
            "in features that need it (PTX JIT, newer APIs).",
            **data,
        )
    return CheckResult.passed(observed, **data)
