"""The failing thread, its current CUDA device, and the device its rank should be using."""

from __future__ import annotations

import os
import sys
import threading

from torchplace.explain.model import ThreadInfo


def env_int(name: str) -> int | None:
    value = os.environ.get(name)
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def current_cuda_device() -> int | None:
    """`torch.cuda.current_device()` when CUDA is already initialised; never initialises it."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    try:
        if not torch.cuda.is_initialized():
            return None
        return int(torch.cuda.current_device())
    except Exception:
        return None


def thread_info(thread: threading.Thread | None = None) -> ThreadInfo:
    thread = thread or threading.current_thread()
    return ThreadInfo(
        name=thread.name,
        is_main=thread is threading.main_thread(),
        current_device=current_cuda_device(),
        rank=env_int("RANK"),
        local_rank=env_int("LOCAL_RANK"),
        world_size=env_int("WORLD_SIZE"),
    )


def rank_prefix() -> str:
    """`[rank1]: ` under torchrun (several ranks), empty otherwise."""
    rank, world = env_int("RANK"), env_int("WORLD_SIZE")
    if rank is None or (world is not None and world <= 1):
        return ""
    return f"[rank{rank}]: "
