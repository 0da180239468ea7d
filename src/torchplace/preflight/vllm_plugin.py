"""The vLLM general plugin: in each vLLM worker, log rank -> GPU and install torchplace's hooks.

vLLM 0.33 loads every entry point in the `vllm.general_plugins` group and calls it with no
arguments, in every process (API server, engine core, each worker), before the worker binds its
GPU, and possibly more than once per process. So `register()`:

- runs once per process (a forked child runs it again: its pid differs);
- logs, when a rank is known, which GPU that rank is bound to, or will be bound to;
- installs the explainer (`torchplace.explain.install`) and thread-device inheritance
  (`torchplace.runtime.inherit_device`) when those modules import;
- does nothing else, and never raises.

It never initialises CUDA itself: at load time the worker has not chosen its GPU yet, and a
CUDA call here would open a context on cuda:0 in every worker. The binding is read from torch
only when CUDA is already initialised in the process; otherwise it is derived the way vLLM's
`Worker.init_device` derives it (local rank, DP offset, `--device-ids`, CUDA_VISIBLE_DEVICES)
and the UUID comes from NVML.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

logger = logging.getLogger("torchplace.vllm_plugin")

_state: dict[str, int | None] = {"pid": None}
_handles: list[object] = []  # keeps the inherit_device handle alive for the process


@dataclass(frozen=True)
class RankInfo:
    rank: int
    local_rank: int
    parallel_config: Any = None


def register() -> None:
    """vLLM's entry point: idempotent per process; logs and never raises."""
    if _state["pid"] == os.getpid():
        return
    _state["pid"] = os.getpid()
    for step in (_log_binding, _install_explainer, _install_thread_inheritance):
        try:
            step()
        except Exception as error:  # a plugin must never stop vLLM
            logger.warning(
                "torchplace: %s failed: %s: %s", step.__name__, type(error).__name__, error
            )


def _install_explainer() -> None:
    try:
        from torchplace.explain import install
    except ImportError as error:
        logger.info("torchplace: explainer not installed (%s)", error)
        return
    install()
    logger.info("torchplace: explainer installed in pid %d", os.getpid())


def _install_thread_inheritance() -> None:
    try:
        from torchplace.runtime import inherit_device
    except ImportError as error:
        logger.info("torchplace: thread-device inheritance not installed (%s)", error)
        return
    _handles.append(inherit_device())
    logger.info("torchplace: thread-device inheritance installed in pid %d", os.getpid())


def _log_binding() -> None:
    info = find_rank(os.environ)
    if info is None:
        logger.debug("torchplace: pid %d is not a vLLM worker (no rank known)", os.getpid())
        return
    logger.info("torchplace: %s", describe_binding(info, os.environ))


def find_rank(environ: Mapping[str, str], frame: Any = None) -> RankInfo | None:
    """The rank of this process: from vLLM's `init_worker` caller, else RANK / LOCAL_RANK."""
    from_vllm = _rank_from_vllm_caller(frame if frame is not None else sys._getframe(1))
    if from_vllm is not None:
        return from_vllm
    if "RANK" in environ or "LOCAL_RANK" in environ:
        rank = int(environ.get("RANK", environ.get("LOCAL_RANK", "0")))
        return RankInfo(rank, int(environ.get("LOCAL_RANK", str(rank))))
    return None


def _rank_from_vllm_caller(frame: Any) -> RankInfo | None:
    # vLLM calls load_general_plugins() from WorkerWrapperBase.init_worker(all_kwargs), whose
    # kwargs for this worker hold rank, local_rank and vllm_config.
    while frame is not None:
        if frame.f_code.co_name == "init_worker":
            wrapper = frame.f_locals.get("self")
            all_kwargs = frame.f_locals.get("all_kwargs")
            index = getattr(wrapper, "rpc_rank", None)
            if isinstance(all_kwargs, list) and isinstance(index, int) and index < len(all_kwargs):
                kwargs = all_kwargs[index]
                if "rank" in kwargs and "local_rank" in kwargs:
                    config = kwargs.get("vllm_config")
                    parallel = getattr(config, "parallel_config", None)
                    return RankInfo(int(kwargs["rank"]), int(kwargs["local_rank"]), parallel)
        frame = frame.f_back
    return None


def describe_binding(info: RankInfo, environ: Mapping[str, str]) -> str:
    """`rank 3 (local 3) -> cuda:3 -> GPU 3 GPU-5e6f...` as bound now, or as vLLM will bind it."""
    current = _bound_now()
    if current is not None:
        return f"rank {info.rank} (local {info.local_rank}) bound to cuda:{current[0]} {current[1]}"
    logical = _logical_index(info)
    physical = _physical_index(info, logical, environ)
    found = _nvml_uuid(physical) if physical is not None else None
    where = f"physical GPU {physical}" if physical is not None else "physical GPU unknown"
    return (
        f"rank {info.rank} (local {info.local_rank}) will bind cuda:{logical} -> {where} "
        f"{found or '(UUID unknown: no NVML)'}"
    )


def _bound_now() -> tuple[int, str] | None:
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_available() or not torch.cuda.is_initialized():
        return None
    index = torch.cuda.current_device()
    uuid = str(getattr(torch.cuda.get_device_properties(index), "uuid", "unknown"))
    return index, uuid if uuid.startswith("GPU-") else f"GPU-{uuid}"


def _logical_index(info: RankInfo) -> int:
    config = info.parallel_config
    method = getattr(config, "get_local_gpu_index", None)
    if callable(method):
        try:
            return int(method(info.local_rank))
        except Exception:  # vLLM's arithmetic changed; fall back to the plain rule
            pass
    return info.local_rank


def _physical_index(info: RankInfo, logical: int, environ: Mapping[str, str]) -> int | None:
    assigned = getattr(info.parallel_config, "assigned_physical_gpu_ids", None)
    if isinstance(assigned, list) and logical < len(assigned):
        return int(assigned[logical])
    from torchplace import visible_devices

    parsed = visible_devices.from_environ(environ)
    if not parsed.is_set:
        return logical
    indices = parsed.physical_indices()
    if indices is None or logical >= len(indices):
        return None
    return indices[logical]


def _nvml_uuid(physical: int) -> str | None:
    try:
        import pynvml
    except ImportError:
        return None
    try:
        pynvml.nvmlInit()
        try:
            uuid = pynvml.nvmlDeviceGetUUID(pynvml.nvmlDeviceGetHandleByIndex(physical))
        finally:
            pynvml.nvmlShutdown()
    except Exception:
        return None
    return uuid.decode() if isinstance(uuid, bytes) else str(uuid)
