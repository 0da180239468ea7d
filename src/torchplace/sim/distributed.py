"""`torch.distributed` under simulation: the real fake process group, NCCL's device rules.

Each process is one rank. `init_process_group("nccl", ...)` becomes the fake backend (collectives
complete at once and leave values unchanged); the rendezvous is the real one when a launcher set
`MASTER_ADDR`, so ranks of `torchplace sim --nproc-per-node N` can compare their GPUs. Every
collective on a virtual tensor is checked like NCCL checks it: the tensor must be on a GPU, on
the device passed to `init_process_group(device_id=...)` if one was, and no two ranks may use
the same GPU.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
import os
from datetime import timedelta
from typing import Any

import torch
import torch.distributed as dist

from torchplace.sim import devices
from torchplace.sim.dispatch import SPECIAL_OPS
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor

_COLLECTIVES = (
    "allreduce_", "allreduce_coalesced_", "allgather_", "_allgather_base_",
    "allgather_coalesced_", "allgather_into_tensor_coalesced_", "reduce_scatter_",
    "_reduce_scatter_base_", "reduce_scatter_tensor_coalesced_", "broadcast_", "reduce_",
    "gather_", "scatter_", "alltoall_", "alltoall_base_", "send", "recv_", "recv_any_source_",
    "barrier", "monitored_barrier_",
)  # fmt: skip
_NCCL_NAMES = {None, "nccl", "cuda:nccl", "cpu:gloo,cuda:nccl", "gloo", "cuda"}
_CUDA_ONLY = {"nccl", "cuda:nccl", "cuda"}
# The Python collectives (and DDP's buffer broadcast) that take tensors: a real CPU tensor
# never reaches the virtual tensors' dispatch, so NCCL's refusal is checked here.
_PYTHON_COLLECTIVES = (
    "all_reduce", "broadcast", "reduce", "all_gather", "all_gather_into_tensor",
    "reduce_scatter", "reduce_scatter_tensor", "all_to_all", "all_to_all_single", "gather",
    "scatter", "send", "recv", "isend", "irecv", "_broadcast_coalesced",
)  # fmt: skip


def _refuse_cpu_tensors(original: Any) -> Any:
    @functools.wraps(original)
    def collective(*args: Any, **kwargs: Any) -> Any:
        if _state.cuda_only:
            for value in (*args, *kwargs.values()):
                for tensor in _tensors(value):
                    if type(tensor) is not VirtualTensor and tensor.device.type == "cpu":
                        raise RuntimeError("No backend type associated with device type cpu")
        return original(*args, **kwargs)

    return collective


class _State:
    def __init__(self) -> None:
        self.rank: int | None = None
        self.world_size: int | None = None
        self.bound: torch.device | None = None
        self.store: Any = None
        self.shared: Any = None  # a store all ranks share, when launched with a rendezvous
        self.announced: set[int] = set()
        self.timeout = timedelta(minutes=5)  # the process group's
        self.cuda_only = False  # NCCL alone: no backend for CPU tensors


_state = _State()


def _collective_error(text: str) -> Exception:
    error_type = getattr(dist, "DistBackendError", RuntimeError)
    return error_type(text)


def _tensors(value: Any) -> list[VirtualTensor | torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _tensors(item)]
    return []


def _check_device(tensor: torch.Tensor) -> None:
    device = tensor.device
    if device.type != "cuda":
        raise RuntimeError(f"No backend type associated with device type {device.type}")
    if _state.bound is not None and device != _state.bound:
        raise _collective_error(
            "Attempt to perform collective on tensor not on device passed to init_process_group"
        )
    _announce(device.index or 0)


def _announce(index: int) -> None:
    """Publish this rank's GPU in the shared store; two ranks on one GPU fail like NCCL."""
    store, rank, world = _state.shared, _state.rank, _state.world_size
    if store is None or rank is None or not world or world < 2 or index in _state.announced:
        return
    _state.announced.add(index)
    store.set(f"torchplace/gpu/{rank}/{index}", "1")
    store.set(f"torchplace/gpu-of/{rank}", str(index))
    keys = [f"torchplace/gpu-of/{r}" for r in range(world)]
    try:  # as NCCL's first collective would, wait for every rank (a rank that ends marks it)
        store.wait(keys, _state.timeout)
    except Exception:  # a rank that never came: nothing to compare with
        return
    for other in range(world):
        if other != rank and store.check([f"torchplace/gpu/{other}/{index}"]):
            first, second = max(rank, other), min(rank, other)
            raise _collective_error(
                "NCCL error: invalid usage (run with NCCL_DEBUG=WARN for details)\n"
                "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.\n"
                f"Last error:\nDuplicate GPU detected : rank {first} and rank {second} both on "
                f"CUDA device {index:x}000 (torchplace sim: virtual GPU {index})"
            )


def _stand_in(value: Any) -> Any:
    """What the fake backend gets: real values when held, else an empty CPU tensor."""
    if isinstance(value, VirtualTensor):
        return value._elem if value.has_values() else torch.empty(0, dtype=value.dtype)
    if isinstance(value, list):
        return [_stand_in(item) for item in value]
    return value


def _collective(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    for tensor in (t for a in args for t in _tensors(a)):
        _check_device(tensor)
    result = func._op(*[_stand_in(a) for a in args], **kwargs)
    if isinstance(result, tuple) and len(result) == 2:
        return (args[0], result[1])  # the collective's output is its (in-place) first argument
    return result


def _store_for(rank: int, world_size: int, timeout: timedelta) -> Any:
    """The launcher's store when there is one (ranks then see each other), else a FakeStore."""
    if "MASTER_ADDR" in os.environ and "MASTER_PORT" in os.environ and world_size > 1:
        rendezvous = dist.rendezvous  # type: ignore[attr-defined]
        store, _, _ = next(rendezvous("env://", rank, world_size, timeout=timeout))
        _state.shared = dist.PrefixStore("torchplace-sim", store)  # type: ignore[attr-defined]
        return _state.shared
    from torch.testing._internal.distributed.fake_pg import FakeStore

    return FakeStore()


def _env_int(name: str, fallback: int | None) -> int:
    value = os.environ.get(name)
    if value is not None:
        return int(value)
    if fallback is None:
        raise ValueError(
            f"Error initializing torch.distributed using env:// rendezvous: environment "
            f"variable {name} expected, but not set"
        )
    return fallback


def _make_init(original: Any, rank_default: int | None, world_default: int | None) -> Any:
    def init_process_group(
        backend: Any = None,
        init_method: Any = None,
        timeout: Any = None,
        world_size: int = -1,
        rank: int = -1,
        store: Any = None,
        group_name: str = "",
        pg_options: Any = None,
        device_id: Any = None,
        **_: Any,
    ) -> None:
        import torch.testing._internal.distributed.fake_pg

        if backend not in _NCCL_NAMES and str(backend) not in _NCCL_NAMES:
            raise ValueError(f"torchplace sim: backend {backend!r} is not simulated")
        rank = rank if rank >= 0 else _env_int("RANK", rank_default)
        world_size = world_size if world_size > 0 else _env_int("WORLD_SIZE", world_default)
        deadline = timeout or timedelta(minutes=5)
        if store is None:
            store = _store_for(rank, world_size, deadline)
        if device_id is not None:
            machine = devices.require()
            bound = torch.device("cuda", device_id) if isinstance(device_id, int) else device_id
            _state.bound = machine.resolve(torch.device(bound))
        _state.rank, _state.world_size, _state.store = rank, world_size, store
        _state.timeout = deadline
        _state.cuda_only = str(backend) in _CUDA_ONLY
        original(backend="fake", store=store, rank=rank, world_size=world_size, timeout=deadline)

    return init_process_group


def install(
    patches: Patches, machine: devices.Machine, rank: int | None, world_size: int | None
) -> None:
    """Route init_process_group to the fake backend and check collectives on virtual tensors."""
    if not dist.is_available():
        return
    global _state
    _state = _State()
    init = _make_init(dist.init_process_group, rank, world_size)
    patches.set(dist, "init_process_group", init)
    patches.set(dist.distributed_c10d, "init_process_group", init)
    for name in _PYTHON_COLLECTIVES:
        if hasattr(dist, name):
            patches.set(dist, name, _refuse_cpu_tensors(getattr(dist, name)))
    for name in _COLLECTIVES:
        packet = getattr(torch.ops.c10d, name, None)
        if packet is not None:
            for overload in packet.overloads():
                SPECIAL_OPS[getattr(packet, overload)] = _collective


def _finish() -> None:
    """Leave the shared store; rank 0 (which may host it) waits until every rank is done with it.

    Otherwise a fast rank 0 exits and takes the TCPStore down while a slower rank still connects,
    announces its GPU or reads the others' ("DistNetworkError: Failed to recv, got 0 bytes").
    Ranks reach this when the simulation ends, also after an exception; a rank killed outright
    makes rank 0 wait for the process group's timeout.
    """
    store, rank, world = _state.shared, _state.rank, _state.world_size
    if store is None or rank is None or not world or world < 2:
        return
    try:
        if not _state.announced:  # ranks waiting in `_announce` need not wait for this one
            store.set(f"torchplace/gpu-of/{rank}", "none")
        if store.add("torchplace/finished", 1) >= world:
            store.set("torchplace/all-finished", "1")
        if rank == 0:
            store.wait(["torchplace/all-finished"], _state.timeout)
    except Exception:  # the store is gone or a rank never finished: nothing left to protect
        return


def uninstall() -> None:
    """Forget the process group (a real one must not outlive the simulation)."""
    try:
        _finish()
    finally:
        if dist.is_available() and dist.is_initialized() and _state.rank is not None:
            dist.destroy_process_group()
        _state.store = _state.shared = None
