"""`torch.nn.DataParallel`'s communication across virtual GPUs.

A CPU build has no `torch._C._scatter` / `_gather` / `_broadcast_coalesced` (CUDA kernels): on
virtual GPUs they are copies between devices, written here with `.to()` so values and autograd
follow. Errors of the real functions are kept where the arguments decide them (an empty device
list, chunk sizes that do not add up).
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

from collections.abc import Sequence
from typing import Any

import torch

from torchplace.sim.patches import Patches


def _device(device: Any) -> torch.device:
    return torch.device("cuda", device) if type(device) is int else torch.device(device)


def _broadcast(tensor: torch.Tensor, devices: Sequence[Any]) -> list[torch.Tensor]:
    return [tensor.to(_device(d), copy=True) for d in devices]


def _broadcast_coalesced(
    tensors: Sequence[torch.Tensor], devices: Sequence[Any], buffer_size: int = 0
) -> list[list[torch.Tensor]]:
    return [[t.to(_device(d), copy=True) for t in tensors] for d in devices]


def _scatter(
    tensor: torch.Tensor, devices: Sequence[Any], chunk_sizes: Any = None, dim: int = 0,
    streams: Any = None,
) -> list[torch.Tensor]:  # fmt: skip
    if not devices:
        raise RuntimeError("Expected at least one device to scatter to")
    if chunk_sizes is None:
        chunks = tensor.chunk(len(devices), dim)
    else:
        if sum(chunk_sizes) != tensor.size(dim):
            raise RuntimeError(
                f"Expected chunk sizes to sum to {tensor.size(dim)}, but got {sum(chunk_sizes)}"
            )
        chunks = tensor.split(list(chunk_sizes), dim)  # type: ignore[no-untyped-call]
    return [chunk.to(_device(d)).contiguous() for chunk, d in zip(chunks, devices, strict=False)]


def _gather(tensors: Sequence[torch.Tensor], dim: int = 0, destination: Any = None) -> Any:
    if not tensors:
        raise RuntimeError("Expected at least one tensor to gather from")
    target = torch.device("cpu") if destination == -1 else _device(destination or 0)
    return torch.cat([t.to(target) for t in tensors], dim)


def install(patches: Patches) -> None:
    for name, function in (
        ("_broadcast", _broadcast),
        ("_broadcast_coalesced", _broadcast_coalesced),
        ("_scatter", _scatter),
        ("_gather", _gather),
    ):
        patches.set(torch._C, name, function)
