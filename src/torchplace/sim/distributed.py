"""`torch.distributed` under simulation: the real fake process group, NCCL's device rules.

Each process is one rank. When the ranks are real processes that can meet (a launcher set
`MASTER_ADDR`, or the program passed a `store` or an `init_method`), `init_process_group("nccl")`
becomes a real gloo process group and collectives exchange the virtual tensors' values between
processes as NCCL would (value-less tensors exchange nothing); a lone rank gets PyTorch's fake
process group (collectives complete at once and leave values unchanged). Every collective on a
virtual tensor is checked like NCCL checks it: the tensor must be on a GPU, on the device passed
to `init_process_group(device_id=...)` if one was, and no two ranks may use the same GPU.
"""

from __future__ import annotations

__tracebackhide__ = True  # pytest leaves the simulator's frames out of test failures

import functools
import os
from datetime import timedelta
from typing import Any

import torch
import torch.distributed as dist

from torchplace.sim import ddp, devices
from torchplace.sim.dispatch import SPECIAL_OPS, generic
from torchplace.sim.patches import Patches
from torchplace.sim.tensor import VirtualTensor

_COLLECTIVES = (
    "allreduce_", "allreduce_coalesced_", "allgather_", "_allgather_base_",
    "allgather_coalesced_", "allgather_into_tensor_coalesced_", "reduce_scatter_",
    "_reduce_scatter_base_", "reduce_scatter_tensor_coalesced_", "broadcast_", "reduce_",
    "gather_", "scatter_", "alltoall_", "alltoall_base_", "send", "recv_", "recv_any_source_",
    "barrier", "monitored_barrier_",
)  # fmt: skip
_FUNCTIONAL_COLLECTIVES = (
    "all_reduce", "all_reduce_", "all_reduce_coalesced", "all_reduce_coalesced_",
    "all_gather_into_tensor", "all_gather_into_tensor_out", "all_gather_into_tensor_coalesced",
    "reduce_scatter_tensor", "reduce_scatter_tensor_coalesced", "all_to_all_single",
    "broadcast", "broadcast_",
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
        self.real = False  # a gloo group between real processes (else the fake one)
        self.requested = "nccl"  # the backend the program asked for, as get_backend reports it
        self.groups: list[Any] = []  # groups standing in for NCCL ones


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
    """What the backend gets: the held CPU values, else an empty CPU tensor (nothing to send)."""
    if isinstance(value, VirtualTensor):
        return value._elem if value.has_values() else torch.empty(0, dtype=value.dtype)
    if isinstance(value, list):
        return [_stand_in(item) for item in value]
    return value


_AVG = getattr(dist.ReduceOp, "AVG", None)


def _collective(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    for tensor in (t for a in args for t in _tensors(a)):
        _check_device(tensor)
    stand_ins = [_stand_in(a) for a in args]
    if _state.real and func.__name__.split(".")[0] in _FLAT:
        stand_ins[:2] = [_flat(stand_ins[0]), _flat(stand_ins[1])]
    averaged = _averaged_tensors(func, stand_ins)
    if averaged:  # gloo has no AVG: sum, wait, divide (NCCL's average, computed in place)
        stand_ins[2] = dist.ReduceOp.SUM
        result = func._op(*stand_ins, **kwargs)
        result[1].wait()
        for tensor in averaged:
            tensor.div_(_state.world_size or 1)
        return (args[0], result[1])
    result = func._op(*stand_ins, **kwargs)
    if isinstance(result, tuple) and len(result) == 2:
        return (args[0], result[1])  # the collective's output is its (in-place) first argument
    return result


# NCCL's single-tensor all-gather / reduce-scatter read only the element counts; gloo wants the
# output to be the inputs stacked on dim 0, so both go flat (views: the kernel writes through).
_FLAT = {
    "_allgather_base_", "_reduce_scatter_base_", "allgather_into_tensor_coalesced_",
    "reduce_scatter_tensor_coalesced_",
}  # fmt: skip


def _flat(value: Any) -> Any:
    if isinstance(value, list):
        return [_flat(item) for item in value]
    if isinstance(value, torch.Tensor) and value.is_contiguous():
        return value.view(-1)
    return value


def _averaged_tensors(func: Any, stand_ins: list[Any]) -> list[torch.Tensor]:
    """The tensors of an `allreduce_(..., AVG)` on a gloo group (which refuses AVG)."""
    if not _state.real or func.__name__.split(".")[0] != "allreduce_" or len(stand_ins) < 3:
        return []
    op = stand_ins[2]
    if _AVG is None or getattr(op, "op", op) != _AVG:
        return []
    return list(_tensors(stand_ins[0]))


def _functional_collective(func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """`torch.ops._c10d_functional.*` (functional collectives, DDP's Python reducer): NCCL's
    device checks, then the op on the held values like any other op."""
    for tensor in (t for a in args for t in _tensors(a)):
        _check_device(tensor)
    return generic(func, args, kwargs)


def _store_for(
    rank: int, world_size: int, timeout: timedelta, init_method: Any, store: Any
) -> tuple[Any, bool]:
    """The store the ranks meet in, and whether they can (then collectives carry values).

    A store or `init_method` the program gave, else the launcher's (`MASTER_ADDR`): real
    processes meet there. A lone rank gets a FakeStore.
    """
    if world_size > 1:
        if store is None and init_method not in (None, "env://"):
            store, _, _ = next(dist.rendezvous(init_method, rank, world_size, timeout=timeout))  # type: ignore[attr-defined]
        if store is None and "MASTER_ADDR" in os.environ and "MASTER_PORT" in os.environ:
            rendezvous = dist.rendezvous  # type: ignore[attr-defined]
            store, _, _ = next(rendezvous("env://", rank, world_size, timeout=timeout))
        if store is not None:
            _state.shared = dist.PrefixStore("torchplace-sim", store)  # type: ignore[attr-defined]
            return store, True
    if store is not None:
        return store, False
    from torch.testing._internal.distributed.fake_pg import FakeStore

    return FakeStore(), False


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
        store, real = _store_for(rank, world_size, deadline, init_method, store)
        if device_id is not None:
            machine = devices.require()
            bound = torch.device("cuda", device_id) if isinstance(device_id, int) else device_id
            _state.bound = machine.resolve(torch.device(bound))
        _state.rank, _state.world_size, _state.store = rank, world_size, store
        _state.timeout = deadline
        _state.cuda_only = str(backend) in _CUDA_ONLY
        _state.real, _state.requested = real, str(backend or "nccl")
        original(
            backend="gloo" if real else "fake", store=store, rank=rank, world_size=world_size,
            timeout=deadline,
        )  # fmt: skip
        _state.groups.append(dist.distributed_c10d._get_default_group())

    return init_process_group


def _make_new_group(original: Any) -> Any:
    """`new_group(backend="nccl")`: a group of the default group's backend (gloo or fake)."""

    @functools.wraps(original)
    def new_group(*args: Any, **kwargs: Any) -> Any:
        backend = kwargs.get("backend", args[2] if len(args) > 2 else None)
        if backend is None or str(backend) not in _CUDA_ONLY:
            return original(*args, **kwargs)
        kwargs["backend"] = None
        kwargs.pop("pg_options", None)  # NCCL's options mean nothing to the stand-in
        group = original(*args[:2], **kwargs)
        _state.groups.append(group)
        return group

    return new_group


def _make_get_backend(original: Any) -> Any:
    """`get_backend` names the backend the program asked for, not the stand-in."""

    @functools.wraps(original)
    def get_backend(group: Any = None) -> Any:
        name = original(group)
        pg = group or dist.distributed_c10d._get_default_group()
        if any(pg is ours for ours in _state.groups):
            return dist.Backend(_state.requested)
        return name

    return get_backend


def _verify_params_across_processes(
    process_group: Any, tensors: list[torch.Tensor], logger: Any = None
) -> None:
    """DDP's check that every rank holds the same parameters, asked of shapes and strides.

    The C++ check builds its metadata tensor on the parameters' C++ device (meta for virtual
    tensors) and reads it back, which a value-less tensor cannot; the question is the same.
    """
    if not _state.real:
        return  # a lone rank: nothing to compare with
    mine = [(tuple(t.shape), tuple(t.stride())) for t in tensors]
    world = dist.get_world_size(process_group)
    everyone: list[Any] = [None] * world
    dist.distributed_c10d.all_gather_object(everyone, mine, group=process_group)
    rank = dist.get_rank(process_group)
    for other, theirs in enumerate(everyone):
        if len(theirs) != len(mine):
            raise RuntimeError(
                f"DDP expects same model across all ranks, but Rank {rank} has {len(mine)} "
                f"params, while rank {other} has inconsistent {len(theirs)} params."
            )
        for index, ((size, stride), (their_size, their_stride)) in enumerate(
            zip(mine, theirs, strict=True)
        ):
            if size != their_size:
                raise RuntimeError(
                    f"[{rank}]: params[{index}] in this process with sizes {list(size)} appears "
                    f"not to match sizes of the same param in process {other}."
                )
            if stride != their_stride:
                raise RuntimeError(
                    f"[{rank}]: params[{index}] in this process with sizes {list(size)} appears "
                    f"not to match strides of the same param in process {other}."
                )


def _nccl_version() -> tuple[int, int, int]:
    """`torch.cuda.nccl.version()`: the NCCL that torch's CUDA wheels carried on the H200s
    measured (`NCCL_VERSION=2.28.3-1`); torch's c10d logger asks it on every collective error."""
    return (2, 28, 3)


def _nccl_available() -> bool:
    """`dist.is_nccl_available()`: a CUDA build has NCCL, and `init_process_group("nccl")`
    works under simulation (DDP asks this before accepting a bf16 gradient-compression hook)."""
    return True


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
    for module in (dist, dist.distributed_c10d):
        patches.set(module, "new_group", _make_new_group(dist.distributed_c10d.new_group))
    patches.set(dist, "get_backend", _make_get_backend(dist.distributed_c10d.get_backend))
    import torch.cuda.nccl

    patches.set(torch.cuda.nccl, "version", _nccl_version)
    for module in (dist, dist.distributed_c10d):  # NCCL is what the simulation stands in for
        patches.set(module, "is_nccl_available", _nccl_available)
    patches.set(dist, "_verify_params_across_processes", _verify_params_across_processes)
    ddp.install(patches)
    for name in _PYTHON_COLLECTIVES:
        if hasattr(dist, name):
            patches.set(dist, name, _refuse_cpu_tensors(getattr(dist, name)))
    for name in _COLLECTIVES:
        packet = getattr(torch.ops.c10d, name, None)
        if packet is not None:
            for overload in packet.overloads():
                SPECIAL_OPS[getattr(packet, overload)] = _collective
    functional = getattr(torch.ops, "_c10d_functional", None)
    for name in _FUNCTIONAL_COLLECTIVES:
        packet = getattr(functional, name, None)
        if packet is not None:
            for overload in packet.overloads():
                SPECIAL_OPS[getattr(packet, overload)] = _functional_collective


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
        _state.groups.clear()
