"""Which of the simulated host's GPUs `CUDA_VISIBLE_DEVICES` lets CUDA see, and in what order.

The host has `count` GPUs with physical indices 0..count-1 and the UUIDs `uuid(i)`. CUDA reads
the variable once, when the driver initialises; `torchplace.visible_devices` parses it the way
CUDA does (shared with runtime, doctor and preflight). An entry that names no GPU of this host
(an index past the last, a UUID prefix matching none or several, a MIG id: the simulator has no
MIG instances) ends the list there, as CUDA's reading stops at the first entry it cannot use.
With no GPU left, torch's initialisation fails with the errors measured on 2x H200 (torch 2.11):
a repeated entry makes `cudaGetDeviceCount` fail, anything else finds no GPU.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import Mapping

from torchplace import visible_devices


def uuid(index: int) -> str:
    """The UUID of the simulated host's GPU with physical index `index`."""
    return f"GPU-00000000-0000-0000-0000-{index:012d}"


def visible_indices(count: int, environ: Mapping[str, str]) -> tuple[int, ...]:
    """Physical index of each GPU CUDA exposes (cuda:0, cuda:1, ...) on a host of `count`."""
    parsed = visible_devices.from_environ(environ)
    if not parsed.is_set:
        return tuple(range(count))
    resolved = visible_devices.resolve_physical(parsed, [uuid(i) for i in range(count)])
    visible: list[int] = []
    for physical in resolved:
        if physical is None:
            break
        visible.append(physical)
    return tuple(visible)


def no_gpu_error(environ: Mapping[str, str]) -> str:
    """The text of torch's RuntimeError when CUDA shows no GPU at all."""
    parsed = visible_devices.from_environ(environ)
    if parsed.is_set and parsed.kind is not None and not parsed.entries:  # a repeated entry
        return (
            "Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before "
            "calling NumCudaDevices() that might have already set an error? Error 101: invalid "
            "device ordinal"
        )
    return "No CUDA GPUs are available"
