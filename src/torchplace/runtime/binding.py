"""`bind_worker`: give a launched worker process its GPU, checked, before any collective.

What goes wrong without it (FACTS.md, patterns catalogue): the global rank used as a device
index, a local rank beyond the GPUs this process can see, every process left on cuda:0 (a rank
collision that NCCL reports late and obscurely), a context created lazily on the wrong device.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import timedelta
from typing import Any

import torch

from torchplace import visible_devices
from torchplace.runtime._devices import cuda_index
from torchplace.runtime._env import Ranks, read_ranks
from torchplace.runtime.collisions import check_node_collisions, gpu_identity
from torchplace.runtime.errors import BindingError
from torchplace.runtime.guard import make_current

_DEFAULT_TIMEOUT = timedelta(minutes=10)


@dataclass(frozen=True)
class WorkerBinding:
    """What `bind_worker` bound: JSON-serialisable through `to_dict()`.

    `device` is `"cuda:N"` (N counted among the GPUs this process sees) or `"cpu"`. `uuid`
    (`GPU-...`) and `pci_bus_id` (`0000:18:00.0`) name the physical GPU whatever
    `CUDA_VISIBLE_DEVICES` says. `context` is how the CUDA context was checked ("driver",
    "unverified" without a driver backend, "n/a" on CPU). `process_group` is "initialized",
    "already initialized" or "not requested". `local_world_size` is None when unknown.
    """

    rank: int
    local_rank: int
    world_size: int
    local_world_size: int | None
    device: str
    uuid: str | None
    pci_bus_id: str | None
    visible_devices: str | None
    backend: str | None
    context: str
    process_group: str
    ranks_from: str
    hostname: str

    @property
    def torch_device(self) -> torch.device:
        return torch.device(self.device)

    @property
    def device_index(self) -> int | None:
        return self.torch_device.index

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def bind_worker(
    backend: str | None = "nccl",
    init_process_group: bool = True,
    *,
    device: Any = None,
    rank: int | None = None,
    local_rank: int | None = None,
    world_size: int | None = None,
    local_world_size: int | None = None,
    init_method: str | None = None,
    timeout: timedelta | None = None,
    check_collisions: bool = True,
    environ: Mapping[str, str] | None = None,
    **init_kwargs: Any,
) -> WorkerBinding:
    """Bind this worker process to its device and (optionally) start the process group.

    Ranks come from the arguments, else from `RANK`, `LOCAL_RANK`, `WORLD_SIZE` and
    `LOCAL_WORLD_SIZE` (as torchrun sets them; none at all means a single process). The GPU is
    `cuda:LOCAL_RANK`, or `cuda:0` when the launcher gives each process exactly one GPU through
    `CUDA_VISIBLE_DEVICES`, or `device=` when given. The device is set on this thread, its
    context made current and verified with the driver, and one small allocation made there.
    With `init_process_group`, ranks on the same node first check through the rendezvous store
    that no two of them hold the same GPU (`check_collisions`), then
    `torch.distributed.init_process_group(backend, device_id=...)` runs. On CPU (no CUDA, or
    `device="cpu"`) use `backend="gloo"`. Raises BindingError quoting the bad value.

    `environ` replaces `os.environ` for reading the ranks and `CUDA_VISIBLE_DEVICES` (CUDA itself
    and the `env://` rendezvous still read the real environment); extra keyword arguments go to
    `init_process_group`.
    """
    env = os.environ if environ is None else environ
    ranks = read_ranks(env, rank, local_rank, world_size, local_world_size)
    visible = visible_devices.from_environ(env)
    if _wants_cuda(backend, device, visible):
        binding = _bind_cuda(ranks, visible, device, backend)
    else:
        binding = _record(ranks, "cpu", None, None, visible, backend, "n/a")
    if not init_process_group:
        return binding
    status = _init_group(binding, backend, init_method, timeout, check_collisions, env, init_kwargs)
    return replace(binding, process_group=status)


def _wants_cuda(backend: str | None, device: Any, visible: visible_devices.VisibleDevices) -> bool:
    if device is not None:
        device = getattr(device, "device", device)  # a tensor: its device
        if isinstance(device, int) and not isinstance(device, bool):
            return device >= 0
        return torch.device(device).type == "cuda"
    if torch.cuda.is_available():
        return True
    if backend is not None and "nccl" in backend:
        raise BindingError(
            f"backend={backend!r} needs CUDA GPUs but torch.cuda.is_available() is False "
            f"({_why_no_cuda(visible)}); use backend='gloo' for a CPU-only run"
        )
    return False


def _why_no_cuda(visible: visible_devices.VisibleDevices) -> str:
    if torch.version.cuda is None:
        return f"this torch {torch.__version__} is a CPU-only build"
    if visible.problems:
        return "; ".join(visible.problems)
    if visible.count == 0:
        return f"{visible_devices.ENV_VAR}={visible.raw!r} hides every GPU"
    return "no driver or GPU found"


def _bind_cuda(
    ranks: Ranks, visible: visible_devices.VisibleDevices, device: Any, backend: str | None
) -> WorkerBinding:
    index = choose_cuda_index(ranks, visible, device, torch.cuda.device_count())
    context = make_current(index)
    probe = torch.empty(1, device="cuda")
    if probe.device.index != index:
        raise BindingError(
            f"after set_device({index}) an allocation on 'cuda' landed on {probe.device}: "
            "something resets the current device (a torch.cuda.device block around this call?)"
        )
    del probe
    uuid, pci = _gpu_names(index)
    return _record(ranks, f"cuda:{index}", uuid, pci, visible, backend, context)


def _record(
    ranks: Ranks,
    device: str,
    uuid: str | None,
    pci: str | None,
    visible: visible_devices.VisibleDevices,
    backend: str | None,
    context: str,
) -> WorkerBinding:
    return WorkerBinding(
        rank=ranks.rank,
        local_rank=ranks.local_rank,
        world_size=ranks.world_size,
        local_world_size=ranks.local_world_size,
        device=device,
        uuid=uuid,
        pci_bus_id=pci,
        visible_devices=visible.raw,
        backend=backend,
        context=context,
        process_group="not requested",
        ranks_from=ranks.source,
        hostname=socket.gethostname(),
    )


def _visible_text(visible: visible_devices.VisibleDevices) -> str:
    return f"{visible_devices.ENV_VAR}={visible.raw!r}" if visible.is_set else "all GPUs visible"


def choose_cuda_index(
    ranks: Ranks, visible: visible_devices.VisibleDevices, device: Any, count: int
) -> int:
    """The CUDA index this worker should use, or BindingError saying why there is none."""
    if visible.problems:
        raise BindingError(
            "; ".join(visible.problems) + ". Fix the launcher: comma-separated GPU indices "
            "(0,1), full UUIDs (GPU-...) or MIG ids, each GPU once"
        )
    where = _visible_text(visible)
    if count == 0:
        raise BindingError(f"this process sees no CUDA GPU ({where}); check the launcher/driver")
    if visible.count is not None and visible.count != count:
        raise BindingError(
            f"{where} lists {visible.count} GPU(s) but CUDA exposes {count}: an entry names a "
            "GPU this machine lacks (CUDA hides it and every entry after it); compare with "
            "nvidia-smi -L"
        )
    if device is not None:
        return _check_explicit(ranks, cuda_index(device), count, where)
    local_world = ranks.local_world_size
    if count == 1 and visible.is_set:
        return 0  # the launcher gave each process its one GPU (collisions are checked later)
    if local_world is not None and local_world > count:
        raise BindingError(
            f"LOCAL_WORLD_SIZE={local_world} processes run on this node but each sees only "
            f"{count} GPU(s) ({where}); local ranks {count}..{local_world - 1} have no GPU of "
            f"their own: launch with --nproc-per-node={count} or make more GPUs visible (pass "
            "device= explicitly if sharing a GPU is intended)"
        )
    if ranks.local_rank >= count:
        raise BindingError(_beyond_message(ranks, count, where))
    return ranks.local_rank


def _check_explicit(ranks: Ranks, index: int | None, count: int, where: str) -> int:
    if index is None or index >= count:
        raise BindingError(
            f"device={index} but this process sees {count} GPU(s), "
            f"cuda:0..cuda:{count - 1} ({where})"
        )
    multi_node = ranks.world_size > (ranks.local_world_size or count)
    if multi_node and index == ranks.rank != ranks.local_rank:
        raise BindingError(
            f"device={index} equals RANK={ranks.rank}, the global rank of a multi-node job; use "
            f"LOCAL_RANK={ranks.local_rank}, the rank on this node"
        )
    return index


def _beyond_message(ranks: Ranks, count: int, where: str) -> str:
    message = (
        f"LOCAL_RANK={ranks.local_rank} but this process sees only {count} GPU(s), "
        f"cuda:0..cuda:{count - 1} ({where}): run at most {count} process(es) per node "
        f"(--nproc-per-node={count}) or make more GPUs visible"
    )
    if ranks.local_rank == ranks.rank:
        message += (
            f". LOCAL_RANK equals RANK={ranks.rank}: on a job spanning several nodes that is the "
            "global rank used as the device index; LOCAL_RANK must count processes on this node "
            "only (torchrun sets it)"
        )
    return message


def _gpu_names(index: int) -> tuple[str | None, str | None]:
    props = torch.cuda.get_device_properties(index)
    raw_uuid = getattr(props, "uuid", None)
    uuid = None
    if raw_uuid is not None:
        text = str(raw_uuid)
        uuid = text if text.startswith(("GPU-", "MIG-")) else f"GPU-{text}"
    parts = [getattr(props, f"pci_{p}_id", None) for p in ("domain", "bus", "device")]
    if any(not isinstance(p, int) for p in parts):
        return uuid, None
    domain, bus, dev = parts
    return uuid, f"{domain:04x}:{bus:02x}:{dev:02x}.0"


def _init_group(
    binding: WorkerBinding,
    backend: str | None,
    init_method: str | None,
    timeout: timedelta | None,
    check_collisions: bool,
    environ: Mapping[str, str],
    init_kwargs: dict[str, Any],
) -> str:
    import torch.distributed as dist
    from torch.distributed.rendezvous import rendezvous

    if dist.is_initialized():
        if (dist.get_rank(), dist.get_world_size()) != (binding.rank, binding.world_size):
            raise BindingError(
                f"a process group already exists as rank {dist.get_rank()} of "
                f"{dist.get_world_size()}, but this worker is rank {binding.rank} of "
                f"{binding.world_size}; call bind_worker before init_process_group"
            )
        return "already initialized"
    # device_id binds NCCL's communicator to this GPU (eager init); gloo has no use for it.
    uses_nccl = backend is None or "nccl" in str(backend)
    device_id = binding.torch_device if binding.device != "cpu" and uses_nccl else None
    common: dict[str, Any] = {"rank": binding.rank, "world_size": binding.world_size}
    if timeout is not None:
        common["timeout"] = timeout
    if device_id is not None:
        common["device_id"] = device_id
    if check_collisions and binding.device != "cpu" and "store" not in init_kwargs:
        url = init_method or "env://"
        store, _, _ = next(
            rendezvous(url, binding.rank, binding.world_size, timeout=timeout or _DEFAULT_TIMEOUT)
        )
        identity = gpu_identity(binding.uuid, binding.hostname, binding.device, environ)
        check_node_collisions(store, binding, identity, environ)
        dist.init_process_group(backend, store=store, **common, **init_kwargs)
    else:
        dist.init_process_group(backend, init_method=init_method, **common, **init_kwargs)
    return "initialized"
